"""Club PBN files: real ones read and scored to their printed figures; ours read back by our reader
and by endplay's PBN parser (an optional test dependency)."""

from __future__ import annotations

import json

import pytest

from club_helpers import FIXTURES, SESSIONS, agrees, pbn_text, session_doc
from ledger.club import score_document
from ledger.club.output import session_json
from ledger.club.pbn import pbn_games, read_club_pbn, table_columns, write_club_pbn
from ledger.errors import LedgerError


def _printed_rows(text: str) -> dict[str, dict]:
    """Each [ScoreTable] line of a PBN file by where it is (``games[3].ScoreTable[2]``)."""
    out = {}
    for g in pbn_games(text):
        if "ScoreTable" in g.tables:
            columns, rows = g.tables["ScoreTable"]
            out.update({f"games[{g.index}].ScoreTable[{k}]": dict(zip(columns, r)) for k, r in enumerate(rows)})
    return out


@pytest.mark.parametrize("name, figures", [
    ("butler.pbn", {"imp_ns": "IMP_NS", "imp_ew": "IMP_EW"}),
    ("indi.pbn", {"mp_ns": "MP_North", "mp_ew": "MP_East", "pct_ns": "Percentage_North",
                  "pct_ew": "Percentage_West"}),
])
def test_real_pbn_files_score_to_their_printed_figures(name, figures):
    """A Finnish club's Butler pairs (its datum) and a 48-player individual, as their software wrote them."""
    text = pbn_text(name)
    got = read_club_pbn(text)
    scored = session_json(score_document(got.document))
    printed = _printed_rows(text)
    checked = 0
    for bi, board in enumerate(scored["boards"]):
        for ri, result in enumerate(board["results"]):
            row = printed[got.origins[bi][ri]]
            for ours, column in figures.items():
                printed_text = row[column]
                places = len(printed_text.split(".")[1]) if "." in printed_text else 0
                assert agrees(result[ours], float(printed_text), 0.5 * 10 ** -places + 1e-9), (board["board"], ri)
                checked += 1
            if "ButlerDatum" in row:
                assert board["datum"] == int(row["ButlerDatum"])
    assert checked > 80


def test_pbn_reading_details():
    got = read_club_pbn(pbn_text("butler.pbn"))
    doc = got.document
    assert (doc["event"], doc["scoring"], doc["title"]) == ("pairs", "butler", "H6 20.8.2013")
    assert doc["names"]["5"] == "Riku Mattila - Patrik Eriksson"
    first = doc["boards"][0]
    assert first["board"] == 1 and first["vulnerable"] == "None"
    # the pair sitting out (a "Bye" line) has no result
    assert len(first["results"]) == 3
    assert first["results"][0] == {"ns": 8, "ew": 1, "table": 1, "round": 1, "lead": "SA", "contract": "2H",
                                   "declarer": "W", "tricks": 7, "score_ns": 50}
    assert read_club_pbn(pbn_text("indi.pbn")).document["event"] == "individual"


def test_table_columns():
    assert table_columns("Table\\2R;+PairId_NS\\2R;Contract\\4L;Names") == ["Table", "PairId_NS", "Contract", "Names"]


def test_one_game_per_result_and_teams_rooms():
    text = "\n\n".join([
        '[Event "Club night"]\n[Board "1"]\n[Vulnerable "None"]\n[PairNS "3"]\n[PairEW "12"]\n'
        '[Contract "4S"]\n[Declarer "S"]\n[Result "10"]\n{a comment\n\nwith an empty line}\n[Auction "N"]\n1S Pass',
        '[Board "1"]\n[Vulnerable "#"]\n[PairNS "4"]\n[PairEW "11"]\n[Contract "3NT"]\n[Declarer "N"]\n[Result "8"]',
        '[Board "1"]\n[Vulnerable "None"]\n[North "Anna"]\n[South "Bruno"]\n[East "Carla"]\n[West "Dario"]\n'
        '[Contract ""]\n[Score "NS 420"]'])
    doc = read_club_pbn(text).document
    assert doc["title"] == "Club night"
    results = doc["boards"][0]["results"]
    assert [(r["ns"], r["ew"]) for r in results] == [(3, 12), (4, 11), ("Anna - Bruno", "Carla - Dario")]
    assert [r.get("score_ns") for r in results] == [None, None, 420]
    assert [r["score_ns"] for r in session_json(score_document(doc))["boards"][0]["results"]] == [420, -50, 420]
    teams = read_club_pbn('[HomeTeam "Lions"]\n[VisitTeam "Tigers"]\n[Board "1"]\n[Room "Open"]\n[Contract "4S"]\n'
                          '[Declarer "S"]\n[Result "10"]\n\n[Board "1"]\n[Room "Closed"]\n[Contract "4S"]\n'
                          '[Declarer "E"]\n[Result "9"]').document
    assert teams["event"] == "teams"
    out = session_json(score_document(teams))
    assert [(r["ns"], r["imp_ns"]) for r in out["boards"][0]["results"]] == [("Lions", 9), ("Tigers", -9)]  # 420 against +50: 370, 9 IMPs


def test_pbn_errors_name_the_game_and_line(cli, tmp_path):
    text = pbn_text("butler.pbn").replace(' 2H  W  7 SA   "50"', ' 9H  W  7 SA   "50"', 1)
    path = tmp_path / "bad.pbn"
    path.write_bytes(text.encode("latin-1"))
    line = cli.error("club", "score", str(path))
    assert line == "error: games[0].ScoreTable[0].contract: '9H': the level must be 1 to 7, not 9"
    with pytest.raises(LedgerError, match="no result found"):
        read_club_pbn('[Event "x"]\n[Board "1"]')


@pytest.mark.parametrize("name", [n for n in SESSIONS if n != "team"])
def test_our_pbn_reads_back_to_the_same_session(name):
    scored = score_document(session_doc(name))
    text = write_club_pbn(scored)
    back = session_json(score_document(read_club_pbn(text).document))
    ours = session_json(scored)
    keys = ("score_ns", "mp_ns", "mp_ew", "pct_ns", "pct_ew", "imp_ns", "imp_ew")
    assert [[{k: r.get(k) for k in keys} for r in b["results"]] for b in back["boards"]] == \
           [[{k: r.get(k) for k in keys} for r in b["results"]] for b in ours["boards"]]
    assert back["ranking"] == ours["ranking"]


def test_endplay_reads_our_pbn():
    """endplay (an optional test dependency, `pip install endplay`) parses the [ScoreTable] and
    [TotalScoreTable] we write."""
    pbn = pytest.importorskip("endplay.parsers.pbn")
    scored = score_document(session_doc("test_set"))
    ours = session_json(scored)
    boards = pbn.loads(write_club_pbn(scored))
    assert len(boards) == len(ours["boards"])
    for board, mine in zip(boards, ours["boards"]):
        table = board.info["ScoreTable"]
        headers = [h["name"] for h in table["headers"]]  # endplay reads each column's Name\widthAlign
        assert {h["alignment"] for h in table["headers"]} <= {"L", "R"}
        rows = [dict(zip(headers, r)) for r in table["rows"]]
        assert [int(r["PairId_NS"]) for r in rows] == [r["ns"] for r in mine["results"]]
        assert [float(r["MP_NS"]) for r in rows] == pytest.approx([r["mp_ns"] for r in mine["results"]], abs=0.005)
    total = boards[0].info["TotalScoreTable"]
    column = [h["name"] for h in total["headers"]].index("PairId")
    assert [int(r[column]) for r in total["rows"]] == [r["pair"] for r in ours["ranking"]]


def test_cli_writes_pbn_that_club_score_reads(cli, tmp_path):
    out = tmp_path / "session.pbn"
    cli("club", "score", str(FIXTURES / "liigaButler1b.session.json"), "--pbn", str(out))
    again = cli.json("club", "score", str(out))
    first = cli.json("club", "score", str(FIXTURES / "liigaButler1b.session.json"))
    assert again["ranking"] == first["ranking"]
    assert json.dumps(again).count("imp_ns") == 192


def test_teams_match_table_with_its_boards_per_match(cli):
    """The Finnish team event as its software wrote it: a table of matches with their IMPs; the
    number of boards a match had is not in the file, so it is given (8)."""
    from club_helpers import differences, expect

    path = str(FIXTURES / "team.pbn")
    assert differences(cli.json("club", "score", path, "--match-boards", "8"), expect("team")) == []
    assert cli.error("club", "score", path) == (
        "error: games[0].ScoreTable[0].MatchDetails: a teams match table does not say how many boards a match had: "
        "give it (ledger club score FILE --match-boards N)")
    names = read_club_pbn(pbn_text("team.pbn"), 8).document["names"]
    assert names["5"] == "URI"
