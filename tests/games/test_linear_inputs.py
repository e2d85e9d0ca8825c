"""Every reader is linear in its input, and limits are checked before any work (issue 14, item 2).

These are guards against a hang, not measurements (bench/ measures): each input here took
seconds to hours when read quadratically, and takes milliseconds when read linearly; the guard
allows a hundred times that. How the time grows is shown by ``bench/run.py``."""

from __future__ import annotations

import signal
from contextlib import contextmanager

import pytest

from ledger.errors import LedgerError
from ledger.games import available, get_game
from ledger.games.parsing import check_names
from ledger.games.bridge.pbn import pbn_games, read_pbn

GUARD = 5.0  # seconds


@contextmanager
def guard(seconds: float = GUARD):
    """Fail (rather than hang) when the block takes longer than ``seconds``."""
    def stop(*_):
        raise TimeoutError(f"took longer than {seconds} s: not linear")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("text", [
    "{" * 1_000_000,                           # a comment that never closes
    "{}" * 500_000,                            # a million tiny comments
    '[Contract "' * 100_000,                   # tag values that never close
    "[" * 1_000_000,
    ";" * 1_000_000,
    '[Board "1"]\n' + "{ a } " * 200_000,
])
def test_pbn_reading_is_linear(text):
    with guard():
        pbn_games(text)
        read_pbn(text)


def test_pbn_comments_are_still_dropped():
    text = '[Board "1"] {a [Board "9"] comment}\n[Contract "3NT"]{x}[Declarer "S"]\n[Result "9"]\n{never closed'
    assert pbn_games(text) == [{"Board": "1", "Contract": "3NT", "Declarer": "S", "Result": "9"}]


def test_too_many_names_are_refused_before_they_are_compared():
    names = [f"p{i}" for i in range(16_000)]
    with guard(1.0), pytest.raises(LedgerError) as err:
        check_names(names, "players")
    assert err.value.field == "players" and "16000" in str(err.value)
    many = [f"p{i}" for i in range(100)]
    assert check_names(many, "players") == tuple(many)
    with pytest.raises(LedgerError, match="appears twice"):
        check_names([*many[:-1], "P0"], "players")


@pytest.mark.parametrize("game", available())
def test_a_match_of_16000_players_is_refused_at_once(game):
    g = get_game(game)
    names = [f"p{i}" for i in range(16_000)]
    with guard(1.0), pytest.raises(LedgerError):
        g.setup(None, names, None, {})


@pytest.mark.parametrize("key", ["hands", "sides", "values", "players"])
@pytest.mark.parametrize("game", available())
def test_a_hand_naming_16000_players_is_refused_at_once(game, key):
    g = get_game(game)
    doc = {key: {f"p{i}": "AH" for i in range(16_000)}}
    with guard(1.0), pytest.raises(LedgerError):
        g.score(doc)



@pytest.mark.parametrize("name", ["\x1b", "Anna\x00", "A\u009bB", "\ud800"])
def test_a_name_with_a_control_character_is_refused_by_every_game_as_by_the_ledger(name):
    """``replay`` and ``import`` refuse such a name alike: at the game's setup, on the name's field."""
    with pytest.raises(LedgerError) as err:
        check_names(["Carla", name], "players")
    assert err.value.field == "players[1]" and err.value.code == "names.control"
    assert check_names(["Zoë 🂡", "O'Neil \"Bo\""], "players") == ("Zoë 🂡", "O'Neil \"Bo\"")  # printable: kept


@pytest.mark.parametrize("game, said, key", [("bridge", "duplicato", "duplicate"), ("canasta", "Classica", "classic"),
                                             ("burraco", "internazionale", "international"),
                                             ("trentuno", "52  carte, vedova", "52-vedova"), ("canasta", "ITALIAN", "italian")])
def test_a_rule_set_is_named_by_its_key_or_its_name_in_any_language(game, said, key):
    assert get_game(game).check_rules(said) == key
    with pytest.raises(LedgerError) as err:
        get_game(game).check_rules("nope")
    assert err.value.field == "rules"
