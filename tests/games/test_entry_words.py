"""A mistyped word of hand entry, or field of a hand document, is named with the nearest word the
game knows (its own words, the match's players and sides), for every game."""

from __future__ import annotations

import pytest

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.parsing import check_keys
from ledger.games.suggest import did_you_mean, nearest


def setup_of(game: str, players=None, sides=None, rules=None):
    return get_game(game).setup(rules, players, sides, {})


def entry_error(game: str, setup, words: list[str]) -> LedgerError:
    with pytest.raises(LedgerError) as info:
        get_game(game).parse_entry(setup, words)
    return info.value


THREE = ["Anna", "Bruno", "Carla"]
PAIRS = {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}


def test_nearest_ignores_case_and_keeps_the_candidates_spelling():
    assert nearest("lsat", ["table", "last", "Anna"]) == "last"
    assert nearest("ANAN", ["table", "last", "Anna"]) == "Anna"
    assert nearest("xyz", ["table", "last", "Anna"]) is None
    assert nearest(None, ["last"]) is None and nearest("  ", ["last"]) is None
    assert str(did_you_mean("lsat", ["last"])) == " (did you mean 'last'?)"
    assert did_you_mean("xyz", ["last"], " (words: last)") == " (words: last)"


@pytest.mark.parametrize("game,setup,words,field,message", [
    ("trentasette", setup_of("trentasette", THREE), ["lsat=Anna"], "entry", "'lsat': did you mean 'last'?"),
    ("trentasette", setup_of("trentasette", THREE), ["tabel=5C"], "entry", "'tabel': did you mean 'table'?"),
    ("trentasette", setup_of("trentasette", THREE), ["Anan=rest"], "entry", "'Anan': did you mean 'Anna'?"),
    ("trentasette", setup_of("trentasette", sides={"Noi": ["Anna", "Carla"], "Voi": ["Bruno", "Dario"]}),
     ["Vio=rest"], "entry", "'Vio': did you mean 'Voi'?"),
    ("trentuno", setup_of("trentuno", THREE), ["Anna=26", "knok=Anna"], "entry.knok",
     "'knok' is not a player or a word of trentuno (did you mean 'knock'?)"),
    ("trentuno", setup_of("trentuno", THREE), ["widdow=Anna"], "entry.widdow",
     "'widdow' is not a player or a word of trentuno (did you mean 'widow'?)"),
    ("simone", setup_of("simone", THREE), ["Anna=3", "knocked_bi=Anna"], "entry.knocked_bi",
     "'knocked_bi' is not a player or a word of simone (did you mean 'knocked_by'?)"),
    ("simone", setup_of("simone", THREE), ["Carl=12"], "entry.Carl",
     "'Carl' is not a player or a word of simone (did you mean 'Carla'?)"),
    ("bridge", setup_of("bridge", sides=PAIRS), ["contarct=4S"], "entry.contarct",
     "'contarct' is not a word of bridge (did you mean 'contract'?)"),
    ("bridge", setup_of("bridge", sides=PAIRS), ["4S", "N", "dwn", "2"], "entry",
     "cannot place 'dwn' (did you mean 'down'?)"),
    ("canasta", setup_of("canasta", sides=PAIRS), ["closd=NS"], "entry.closd",
     "'closd' is not a side, a player or a word of canasta (did you mean 'closed'?)"),
    ("canasta", setup_of("canasta", sides=PAIRS), ["NS.canstas=pure K"], "entry.NS.canstas",
     "unknown field 'canstas' (did you mean 'canastas'?)"),
])
def test_a_mistyped_word_of_every_game_is_named_with_the_nearest(game, setup, words, field, message):
    err = entry_error(game, setup, words)
    assert (err.field, err.message) == (field, message)
    assert err.value is not None


@pytest.mark.parametrize("game,setup,word,known", [
    ("trentasette", setup_of("trentasette", THREE), "xyz=rest", "(names: Anna, Bruno, Carla)"),
    ("trentuno", setup_of("trentuno", THREE), "xyz=26", "(players: Anna, Bruno, Carla)"),
    ("simone", setup_of("simone", THREE), "xyz=3", "(players: Anna, Bruno, Carla)"),
    ("canasta", setup_of("canasta", sides=PAIRS), "xyz=melded 50", "(sides: NS, EW)"),
    ("bridge", setup_of("bridge", sides=PAIRS), "xyz=1", "(contract, declarer, tricks, result, vulnerable, "
                                                        "honors, board)"),
])
def test_a_word_near_nothing_lists_what_is_known(game, setup, word, known):
    assert entry_error(game, setup, [word]).message.endswith(known)


def test_names_given_as_values_suggest_the_nearest_player_or_side():
    s = setup_of("trentasette", THREE)  # each plays for self: the sides are the players
    with pytest.raises(LedgerError, match=r"'Brno' is not a player of this match \(did you mean 'Bruno'\?\)"):
        s.resolve_side("Brno", "last_capture")
    pairs = get_game("burraco").setup("italian", None, {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]})
    with pytest.raises(LedgerError, match=r"'NW' is not a side of this match"):
        pairs.resolve_side("NW", "closed_by")
    with pytest.raises(LedgerError, match=r"'Zed' is not a player of this match \(players: Anna, Bruno, Carla\)"):
        s.resolve_player("Zed", "knocked_by")


def test_an_unknown_field_of_a_hand_document_suggests_the_nearest():
    with pytest.raises(LedgerError) as info:
        check_keys({"sides": {}, "last_captur": "Anna"}, {"sides", "table", "last_capture"})
    assert (info.value.field, info.value.message) == ("last_captur",
                                                      "unknown field 'last_captur' (did you mean 'last_capture'?)")
    with pytest.raises(LedgerError, match=r"^zzz: unknown field 'zzz'$"):
        check_keys({"zzz": 1}, {"sides"})


@pytest.mark.parametrize("game,doc,field,near", [
    ("trentasette", {"sides": {"Anna": "rest", "Bruno": "AH"}, "tabel": "5C"}, "tabel", "table"),
    ("trentuno", {"hands": {"Anna": 20, "Bruno": 25}, "knoked_by": "Anna"}, "knoked_by", "knocked_by"),
    ("simone", {"hands": {"Anna": 20, "Bruno": 25}, "knocked_bi": "Anna"}, "knocked_bi", "knocked_by"),
    ("bridge", {"contract": "4S", "declarer": "N", "trick": 10, "vulnerable": "None"}, "trick", "tricks"),
    ("canasta", {"sides": {"NS": "melded 50, in hand 0", "EW": "melded 50, in hand 0"}, "closed_bi": None},
     "closed_bi", "closed_by"),
])
def test_every_game_suggests_a_field_of_its_hand_documents(game, doc, field, near):
    with pytest.raises(LedgerError) as info:
        get_game(game).score(doc)
    assert info.value.field == field
    assert info.value.message.endswith(f"(did you mean {near!r}?)")


def test_an_error_moved_under_no_prefix_keeps_its_field():
    from ledger.errors import LedgerError

    err = LedgerError("missing", "closed_by", None)
    assert err.at("").field == "closed_by" and err.at("hands[2]").field == "hands[2].closed_by"
