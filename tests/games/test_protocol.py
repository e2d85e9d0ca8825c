"""The game protocol split by role (``ledger/games/protocol/``): each method lives in one role,
``Game`` is composed of them, a game that writes only its rules gets the rest from the roles'
defaults, and every name the games import from ``ledger.games.base`` is still there."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Any

import pytest

from ledger.errors import LedgerError
from ledger.games import base
from ledger.games.match_setup import MatchSetup
from ledger.games.parsing import as_int, check_keys
from ledger.games.protocol import Dealing, Entry, Game, GameInfo, Presentation, Rules
from ledger.games.replay import replay
from ledger.games.results import HandResult, MatchState, PointsResult, items_of
from ledger.games.tables import points_line

ROOT = Path(__file__).resolve().parents[2]
ROLES = (Rules, Entry, Presentation, Dealing)


def own_methods(cls: type) -> set[str]:
    return {n for n, v in vars(cls).items() if callable(v) or isinstance(v, property)} - {"__init__"}


def test_game_is_composed_of_the_roles_and_each_method_lives_in_one():
    assert all(issubclass(Game, role) and issubclass(role, GameInfo) for role in ROLES)
    assert own_methods(Game) == set()  # Game adds nothing of its own: the roles say it all
    seen: dict[str, str] = {}
    for cls in (GameInfo, *ROLES):
        for name in own_methods(cls):
            assert name not in seen, f"{name} is in {seen[name]} and {cls.__name__}"
            seen[name] = cls.__name__
    assert {seen["apply"], seen["parse_entry"], seen["board"], seen["read_deals"]} == {
        "Rules", "Entry", "Presentation", "Dealing"}


def test_every_role_and_method_says_what_it_does():
    for cls in (GameInfo, *ROLES, Game):
        assert inspect.getdoc(cls), cls
        for name, value in vars(cls).items():
            method = value.fget if isinstance(value, property) else value
            if not name.startswith("_") and inspect.isfunction(method):
                assert method.__doc__, f"{cls.__name__}.{name}"


def _imported_from_base(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "ledger.games.base":
            names.update(a.name for a in node.names)
    return names


def test_every_name_imported_from_base_is_still_there_and_the_same():
    """The older games (and their tests) keep importing from ``ledger.games.base``: each name it
    re-exports is the very object of the module that now holds it."""
    paths = [*(ROOT / "ledger").rglob("*.py"), *(ROOT / "tests").rglob("*.py"), *(ROOT / "bench").rglob("*.py")]
    wanted = set().union(*map(_imported_from_base, paths))
    assert {"Game", "MatchState", "replay", "as_int"} <= wanted
    assert sorted(n for n in wanted if not hasattr(base, n)) == []
    assert base.Game is Game and base.as_int is as_int and base.replay is replay


class Tally(Game):
    """A game of one rule: each player says their points; first to 10 wins. Nothing but the rules."""

    name = "tally"
    title = "Tally"
    min_players, max_players = 2, 4
    result_type = PointsResult

    def score(self, doc: Any, rules: object = None) -> HandResult:
        check_keys(doc, {"points"})
        points = {p: as_int(n, f"points.{p}", 0, 10) for p, n in dict(doc["points"]).items()}
        return HandResult(PointsResult(points, items_of({p: [("said", n)] for p, n in points.items()})),
                          points_line(points))

    def apply(self, setup: MatchSetup, state: MatchState, doc: Any) -> tuple[MatchState, HandResult]:
        result = self.score(doc)
        totals = {s: state.totals[s] + result.detail_as(PointsResult).points.get(s, 0) for s in state.totals}
        best = max(totals.values())
        leaders = [s for s, n in totals.items() if n == best]
        finished = best >= 10 and len(leaders) == 1
        return MatchState(state.hands + 1, totals, finished, leaders[0] if finished else None), result


def test_a_game_that_writes_only_its_rules_gets_the_other_roles_from_the_defaults():
    game = Tally()
    setup = game.setup(None, ["Anna", "Bruno"], options={"first_dealer": "bruno"})
    rp = replay(game, setup, [{"points": {"Anna": 4, "Bruno": 2}}, {"points": {"Anna": 7, "Bruno": "1"}}])
    assert rp.final.totals == {"Anna": 11, "Bruno": 3} and rp.final.winner == "Anna"
    board = game.board(setup, rp)  # presentation: the points board, dealers from the rules
    assert [row[:4] for row in board.tables[0].rows] == [("1", "Bruno", "+4", "4"), ("2", "Anna", "+7", "11")]
    assert board.notes == ("Anna wins.",)
    assert game.parse_entry(setup, ["points.Anna=3"]) == {"points": {"Anna": "3"}}  # entry: KEY=VALUE words
    assert game.questions(setup, {}) == []
    assert game.describe_hand({}, rp.results[0].to_json()) == "Anna +4, Bruno +2"
    with pytest.raises(NotImplementedError):
        game.sample_setup(["Anna", "Bruno"], __import__("random").Random(1))  # dealing: no samples module
    with pytest.raises(LedgerError) as err:
        replay(game, setup, [{"points": {"Anna": 11}}])
    assert err.value.field == "hands[0].points.Anna" and err.value.path == "points.Anna"
