"""Bridge at an Italian table (issue 15, the findings of a new user): the duplicate dealer after a
board number is given (Law 2), deals called "smazzata", West shown as O, the words players say in
any order (``4 cuori Est contre 10``, ``tutti passano``, ``fatte 9`` at the result question), the
Chicago game premium in the summary as the board counts it, numbers with the language's digits,
honours errors without JSON, "in prima". English output stays as it was, ``--json`` is the same
in both languages."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import MatchSetup, replay
from ledger.games.bridge.document import read_honours
from ledger.games.bridge.summaries import result_line
from ledger.games.bridge.scoring import board_dealer, parse_contract
from ledger.i18n import speaking

BRIDGE = get_game("bridge")
PLAYERS = ("Anna", "Bruno", "Carla", "Dario")
SETUP = MatchSetup("bridge", "rubber", PLAYERS, {"NS": ("Anna", "Carla"), "EW": ("Bruno", "Dario")})


def session(cli, *args, lines, lang="it"):
    return cli("--lang", lang, "play", "bridge", "--players", ",".join(PLAYERS), *args,
               input="".join(line + "\n" for line in lines))


def prompts(out: str) -> list[str]:
    """The hand prompts of a session's transcript: ``smazzata 8 · mazziere Dario``."""
    return re.findall(r"^(\S+ \d+ · .*?) > ", out, re.M)


# --- 1. the duplicate dealer follows the board --------------------------------------------------
def test_after_a_board_number_the_prompt_names_that_board_and_its_dealer(cli):
    out = session(cli, "-r", "duplicate", lines=["4SX W -2", "4SX W -2 board=7", "7NT N =", "quit"]).stdout
    assert prompts(out) == ["smazzata 1 · mazziere Anna", "smazzata 2 · mazziere Bruno",
                            "smazzata 8 · mazziere Dario", "smazzata 9 · mazziere Anna"]
    assert "Prossima: smazzata 8, mazziere Dario, vulnerabili: nessuno." in out
    assert "Smazzata 7: 4♠X da O -2: NS +500" in out
    assert "Smazzata 8: 7SA da N =: NS +1.520" in out and "Mano" not in out


def test_in_english_the_duplicate_prompt_names_the_board(cli):
    out = session(cli, "-r", "duplicate", lines=["4SX W -2 board=7", "quit"], lang="en").stdout
    assert prompts(out) == ["board 1 · Anna deals", "board 8 · Dario deals"]
    assert "Board 7: 4SX by W -2: NS +500" in out and "Next: board 8, dealer Dario" in out


@settings(max_examples=60, deadline=None)
@given(first=st.integers(1, 40), boards=st.lists(st.one_of(st.none(), st.integers(1, 64)), max_size=6))
def test_the_next_dealer_of_a_duplicate_match_is_the_next_boards_by_law_2(first, boards):
    """Whatever boards are given or numbered on, the next dealer is the dealer of the state's next
    board (Law 2), the one the notes name."""
    setup = BRIDGE.setup("duplicate", list(PLAYERS), None, {"first_board": first})
    docs = [{"contract": "3NT", "declarer": "S", "tricks": 9, **({"board": b} if b else {})} for b in boards]
    state = replay(BRIDGE, setup, docs).final
    board = first
    for b in boards:  # a board given names itself; one not given follows the board before it
        board = (b or board) + 1
    assert state.extra.next_board == board
    dealer = BRIDGE.next_dealer(setup, state)
    assert dealer == PLAYERS["NESW".index(board_dealer(board))]
    assert f"dealer {dealer}," in " ".join(BRIDGE.board(setup, replay(BRIDGE, setup, docs)).notes)


# --- 4. the words of an Italian table -----------------------------------------------------------
@pytest.mark.parametrize("words, doc", [
    ("4 cuori Est contre 10", {"contract": "4HX", "declarer": "E", "tricks": 10}),
    ("4 cuori Est contrato fatte 10", {"contract": "4HX", "declarer": "E", "tricks": 10}),
    ("2 fiori Ovest surcontre -1", {"contract": "2CXX", "declarer": "W", "tricks": 7}),
    ("4 cuori contre Est fatte 10", {"contract": "4HX", "declarer": "E", "tricks": 10}),
    ("tutti passano", {"contract": "Pass"}),
    ("Tutti Passano", {"contract": "Pass"}),
])
def test_doubles_anywhere_after_the_contract_and_a_passed_out_deal_in_words(words, doc):
    assert BRIDGE.parse_entry(SETUP, words.split()) == doc


def test_a_double_given_twice_is_refused():
    with pytest.raises(LedgerError) as info:
        BRIDGE.parse_entry(SETUP, "4SX N contre 10".split())
    assert info.value.field == "contract"


@pytest.mark.parametrize("answer, tricks", [("fatte 9", 9), ("made 9", 9), ("sotto 2", 7), ("down 1", 8),
                                            ("fatte", 9), ("9", 9), ("=", 9), ("-1", 8)])
def test_the_result_question_takes_the_words_of_the_one_line_entry(answer, tricks):
    doc = {"contract": "3NT", "declarer": "S"}
    q = BRIDGE.questions(SETUP, doc)[0]
    assert q.key == "tricks"
    assert q.answer(doc, answer)["tricks"] == tricks


def test_the_result_question_still_refuses_what_is_no_result():
    doc = {"contract": "3NT", "declarer": "S"}
    with pytest.raises(LedgerError) as info:
        BRIDGE.questions(SETUP, doc)[0].answer(doc, "fatte boh")
    assert info.value.field == "tricks"


def test_west_is_o_to_an_italian_and_w_in_english():
    doc = {"contract": "4S"}
    with speaking("it"):
        assert BRIDGE.questions(SETUP, doc)[0].choices == ("N", "E", "S", "O")
        assert result_line({"contract": "4SX", "declarer": "W", "result": "-2", "score_ns": 500}) == \
            "4♠X da O -2: NS +500"
    assert BRIDGE.questions(SETUP, doc)[0].choices == ("N", "E", "S", "W")
    assert result_line({"contract": "4SX", "declarer": "W", "result": "-2", "score_ns": 500}) == "4SX by W -2: NS +500"


def test_a_rubber_at_the_table_in_italian(cli):
    out = session(cli, lines=["4 cuori Est contre 10", "tutti passano", "3NT", "O", "fatte 9", "", "quit"]).stdout
    assert prompts(out)[:3] == ["smazzata 1 · mazziere Anna", "smazzata 2 · mazziere Bruno",
                                "smazzata 3 · mazziere Carla"]
    assert "Smazzata 1: 4♥X da E =: EO +290" in out
    assert "Smazzata 2: passata: NS 0" in out  # a zero has no sign
    assert "[N/E/S/O] > O" in out
    assert "Smazzata 3: 3SA da O =: EO +800 (premio di rubber EO 700)" in out  # the deal's row: 100 + 700
    assert "errore" not in out
    assert re.search(r"— vince EO\s+di\s+1\.090\.", out)
    assert re.search(r"in prima\s+4♥X E =", out)


def test_the_chicago_summary_counts_the_game_premium_as_the_board_does(cli):
    lines = ["1NT N =", "4S E =", "quit"]
    italian = session(cli, "-r", "chicago", lines=lines).stdout
    assert "Smazzata 2: 4♠ da E =: EO +620 (premio di manche EO 500)" in italian
    assert re.search(r"2\s+Bruno\s+EO\s+4♠ E =\s+620", italian)
    english = session(cli, "-r", "chicago", lines=lines, lang="en").stdout
    assert "Deal 2: 4S by E =: EW +620 (game premium EW 500)" in english


def test_thousands_in_summaries_only_in_italian(cli):
    cli("match", "new", "bridge", "-r", "duplicate", "-p", ",".join(PLAYERS))
    italian = cli("--lang", "it", "hand", "add", "1", "7NT", "N", "=", "board=4").stdout
    assert "Smazzata 4: 7SA da N =: NS +2.220" in italian and "(saldo NS +2.220)" in italian
    english = cli("--lang", "en", "show", "1").stdout
    assert "(net NS +2220)" in english
    assert cli("--lang", "it", "show", "1", "--json").stdout == cli("--lang", "en", "show", "1", "--json").stdout


def test_honours_typed_wrong_are_explained_without_json():
    contract = parse_contract("4S")
    with pytest.raises(LedgerError) as info:
        read_honours("boh", contract, "honors")
    assert info.value.msg.render("it") == "attesi onori come 'NS 100' o 'EO 150', non 'boh'"
    assert "{" not in info.value.msg.render("en")
    with pytest.raises(LedgerError) as info:
        read_honours(["NS"], contract, "honors")  # a document's honours: the JSON form is named
    assert '{"side": "NS", "points": 150}' in info.value.msg.render("en")


def test_in_prima_is_read_as_nobody_vulnerable():
    assert BRIDGE.parse_entry(SETUP, ["3NT", "S", "=", "vul=in prima"])["vulnerable"] == "None"


def test_the_history_says_the_deal_in_the_language_and_its_json_is_the_same_in_both(cli):
    cli("match", "new", "bridge", "-p", ",".join(PLAYERS))
    cli("hand", "add", "1", "4SX", "W", "-2")
    assert "4♠X da O -2: NS +300" in cli("--lang", "it", "match", "history", "1").stdout
    italian = cli("--lang", "it", "match", "history", "1", "--json").stdout
    assert italian == cli("--lang", "en", "match", "history", "1", "--json").stdout
    assert '"description": "4SX by W -2: NS +300"' in italian


# --- the declared hand (ledger/games/bridge/hand.py) ---------------------------------------------
def test_the_docs_table_of_fields_is_the_declared_hand():
    """docs/rules/bridge.md lists each field of the declaration, in its order, with its range."""
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "rules" / "bridge.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| [^|]+ \| ([^|]+) \|", page, re.M)
    declared = BRIDGE.hand.describe()
    assert [key for key, _ in rows] == [f["key"] for f in declared]
    for (_, value), field in zip(rows, declared):
        if field["lo"] is not None:
            assert f"{field['lo']}-{field['hi']}" in value


def test_errors_are_labelled_in_the_users_words_and_json_keeps_the_path():
    form = BRIDGE.hand
    assert form.label("contract") == "contract" and form.label("honors.side") == "honors, side"
    with speaking("it"):
        assert [form.label(k) for k in ("contract", "declarer", "tricks", "honors.side", "board")] == \
            ["contratto", "dichiarante", "prese", "onori, linea", "smazzata"]
    assert form.label("ns") is None  # not a field of the deal: a club's pair, shown as it is


@pytest.mark.parametrize("words, doc", [
    ("dichiarante=Sud prese=9 contratto=3NT", {"contract": "3NT", "declarer": "S", "tricks": 9}),
    ("contract=4S X N =", {"contract": "4SX", "declarer": "N", "tricks": 10}),  # a double after the keyed contract
    ("3NT da Carla fatte 9", {"contract": "3NT", "declarer": "S", "tricks": 9}),
    ("6H by Bruno made", {"contract": "6H", "declarer": "E", "tricks": 12}),
    ("4S N 10 onori Anna 100", {"contract": "4S", "declarer": "N", "tricks": 10,
                                "honors": {"side": "NS", "points": 100}}),
])
def test_keys_and_field_words_in_either_language(words, doc):
    assert BRIDGE.parse_entry(SETUP, words.split()) == doc


def test_a_field_word_with_nothing_after_it_says_what_to_give():
    with pytest.raises(LedgerError) as info:
        BRIDGE.parse_entry(SETUP, ["4S", "N", "10", "onori"])
    assert info.value.field == "honors" and "onori NS 100" in info.value.message


def test_a_key_given_twice_with_two_values_is_refused():
    with pytest.raises(LedgerError) as info:
        BRIDGE.parse_entry(SETUP, ["4S", "N", "10", "declarer=E"])
    assert info.value.field == "declarer"


def test_the_questions_follow_the_declaration_less_what_the_deal_skips():
    assert [q.key for q in BRIDGE.questions(SETUP, {})] == ["contract", "declarer", "tricks", "honors"]
    duplicate = BRIDGE.setup("duplicate", list(PLAYERS), None, {})
    assert [q.key for q in BRIDGE.questions(duplicate, {"contract": "2H"})] == ["declarer", "tricks"]
    assert BRIDGE.questions(duplicate, {"contract": "Pass"}) == []


@settings(max_examples=80, deadline=None)
@given(level=st.integers(1, 7), strain=st.sampled_from(["C", "D", "H", "S", "NT"]),
       doubled=st.sampled_from(["", "X", "XX"]), seat=st.sampled_from("NESW"), tricks=st.integers(0, 13),
       said=st.sampled_from(["keys", "words", "result"]))
def test_a_deal_said_in_words_or_keys_reads_as_its_document(level, strain, doubled, seat, tricks, said):
    """Whichever way a played deal is typed (keys, the phrase, the result against the contract),
    the declared hand reads the same document."""
    contract = f"{level}{strain}{doubled}"
    diff = tricks - level - 6
    words = {"keys": [f"contract={contract}", f"declarer={seat}", f"tricks={tricks}"],
             "words": [contract, seat, str(tricks)],
             "result": [contract, "by", seat, "=" if diff == 0 else f"{diff:+d}"]}[said]
    assert BRIDGE.parse_entry(SETUP, words) == {"contract": contract, "declarer": seat, "tricks": tricks}
