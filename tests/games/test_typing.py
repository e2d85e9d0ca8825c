"""The games are typed all the way (docs/architecture.md "Typed state and results"): ``Any`` is
written only where the type is unknown, the JSON boundary of ``ledger/games/jsontypes.py`` and
the generic parts of ``ledger/games/record.py``; everything else names its type."""

import io
import tokenize
from pathlib import Path

import ledger.games
from ledger.games.match_setup import MatchSetup
from ledger.games.results import MatchState, sole_winner

GAMES = Path(ledger.games.__file__).parent
WHERE_ANY_IS_MEANT = {"jsontypes.py", "record.py"}


def _any_names(path: Path) -> list[int]:
    """The lines where the name ``Any`` is used as code (not in a docstring or a comment)."""
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return [tok.start[0] for tok in tokens if tok.type == tokenize.NAME and tok.string == "Any"]


def test_any_only_at_the_json_boundary():
    found = {str(p.relative_to(GAMES)): lines for p in sorted(GAMES.rglob("*.py"))
             if p.name not in WHERE_ANY_IS_MEANT and (lines := _any_names(p))}
    assert found == {}, f"Any outside jsontypes.py and record.py (use JsonDoc/JsonDict/JsonValue or the type): {found}"


def test_the_boundary_modules_still_say_it():
    """The two modules keep their Any (the guard above would pass on an empty tree otherwise)."""
    assert _any_names(GAMES / "jsontypes.py") and _any_names(GAMES / "record.py")


def test_a_shared_win_stays_a_list_through_json():
    """``winner``: a name, the list of names sharing a win, or None, and as such read back."""
    for winner in ("Anna", ["Anna", "Bruno"], None):
        state = MatchState(3, {"Anna": 5, "Bruno": 5}, True, winner)
        back = MatchState.from_json(state.to_json())
        assert back.winner == winner and type(back.winner) is type(winner)


def test_sole_winner_reads_one_side_or_nobody():
    assert sole_winner("NS") == "NS"
    assert sole_winner(None) is None
    assert sole_winner(["NS", "EW"]) is None


def test_finish_early_shares_the_win_as_a_list():
    """The default end of a match ended early (RULES.md): all tied for the highest total share it."""
    game = ledger.games.get_game("trentasette")
    setup: MatchSetup = game.setup(None, ["Anna", "Bruno", "Carla"])
    tied = MatchState(2, {"Anna": 11, "Bruno": 11, "Carla": 4})
    assert game.finish_early(setup, tied).winner == ["Anna", "Bruno"]
    ahead = MatchState(2, {"Anna": 12, "Bruno": 11, "Carla": 4})
    assert game.finish_early(setup, ahead).winner == "Anna"
