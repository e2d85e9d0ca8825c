"""Bridge's hands are deals (``Game.deals``): ``play``, the report and ``match history`` say deal
(``smazzata``), a duplicate board is named by its number, and a rubber refuses a typed board number."""

from __future__ import annotations

import json
import re

from tests.cli.test_play import session

SIDES = ["--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario"]
HAND_WORDS = re.compile(r"\b(man[oi]|hands?)\b(?! add)", re.IGNORECASE)  # not the command ledger hand add


def italian(cli, *args: str, lines: list[str]):
    return cli("--lang", "it", "play", *args, input="".join(line + "\n" for line in lines))


def test_a_rubber_session_in_italian_says_smazzata_never_mano(cli):
    r = italian(cli, "bridge", *SIDES, lines=["aiuto", "4H E =", "3NT S +1", "annulla", "n", "annulla", "s", "esci"])
    out = r.stdout
    assert "Scrivi la smazzata su una riga" in out and "Bridge (rubber): scrivi la smazzata su una riga" in out
    assert "Annullo la smazzata 2 (3SA da S +1: NS +130)? Resta nella cronologia" in out
    assert "la smazzata 2 resta" in out
    assert "Annullata la smazzata 2: 3SA da S +1: NS +130; resta nella cronologia" in out
    assert "Partita 1: 1 smazzata sul tabellone, salvata." in out
    assert not HAND_WORDS.search(out), HAND_WORDS.findall(out)
    english = session(cli, "1", lines=["help", "undo", "y", "quit"]).stdout
    assert "deal 1 (4H by E =: EW +120) was not entered in this session: take it back?" in english
    assert "Undid deal 1: 4H by E =" in english and "deal 1 · Anna deals >" in english
    assert "Bridge (rubber): type the deal in one line" in english and "Match 1: 0 deals on the scoreboard" in english
    assert not HAND_WORDS.search(english), HAND_WORDS.findall(english)


def test_other_games_keep_their_hands(cli):
    out = italian(cli, "simone", "-p", "Anna,Bruno", lines=["Anna=5 Bruno=7", "annulla", "s", "esci"]).stdout
    assert "Annullo la mano 1" in out and "Partita 1: 0 mani sul tabellone" in out and "smazzat" not in out


def test_duplicate_boards_are_named_by_their_number_in_the_report_and_the_history(cli):
    cli("match", "new", "bridge", "-r", "duplicate", *SIDES)
    cli("hand", "add", "1", "4H", "E", "=", "board=7")
    cli("hand", "add", "1", "3NT", "S", "+1")
    cli("hand", "add", "1", "6S", "N", "=")
    report = cli("--lang", "it", "report").stdout
    assert "Piccolo slam mantenuto: 6S da N (Anna) (smazzata 9, +500)" in report
    assert "La smazzata migliore: NS (Anna & Carla) +980 nella smazzata 9" in " ".join(report.split())
    assert "In corso dopo 3 smazzate" in report and "3 smazzate" in report
    english = cli("report").stdout
    assert "(board 9, +500)" in english and "on board 9" in " ".join(english.split())
    assert "In play after 3 deals" in english and not re.search(r"\b(hand|in deal) \d", english)
    assert json.loads(cli("report", "--json").stdout)["highlights"][0]["hand"] == 3  # programs: the hand's place
    history = cli("--lang", "it", "match", "history", "1").stdout
    header = next(line for line in history.splitlines() if "inserita" in line)
    assert header.split()[:2] == ["n.", "smazzata"]
    rows = [line.split() for line in history.splitlines() if re.match(r"\s+\d+\s+\d+\s", line)]
    assert [row[1] for row in rows] == ["7", "8", "9"] and "smazzata 7:" not in history  # said once
    out = italian(cli, "1", lines=["annulla", "s", "esci"]).stdout
    assert "la smazzata 9 (6♠ da N =: NS +980) non è stata inserita" in " ".join(out.split())  # the board's number
    assert "Annullata la smazzata 9: 6♠ da N =: NS +980" in " ".join(out.split())
    history = cli("--lang", "it", "match", "history", "1").stdout
    voided = next(line for line in history.splitlines() if "6♠ da N" in line).split()
    assert voided[:2] == ["3", "9"] and "annullata" in history  # a voided board keeps its number


def test_a_rubber_refuses_a_typed_board_number_and_never_shows_two_deal_numbers(cli, tmp_path):
    cli("match", "new", "bridge", *SIDES)
    err = cli.error("--lang", "it", "hand", "add", "1", "4S", "N", "-1", "board=3")
    assert err.startswith("errore: smazzata: il numero di smazzata (board) vale solo nel duplicato") and "board=" in err
    assert "leave out b=" in cli.error("hand", "add", "1", "4S", "N", "-1", "b=3")
    assert cli.json("show", "1")["hands"] == []
    r = italian(cli, "1", lines=["4S N -1 board=3", "esci"])
    assert "vale solo nel duplicato" in r.stderr and "Partita 1: 0 smazzate" in r.stdout
    # a document may carry one (a PBN file's [Board]): it is kept, and the deal is numbered once
    doc = tmp_path / "deal.json"
    doc.write_text(json.dumps({"game": "bridge", "contract": "4S", "declarer": "N", "result": "-1", "board": 3}))
    out = cli("--lang", "it", "hand", "add", "1", "--file", str(doc)).stdout
    assert "Smazzata 1: 4♠ da N -1: EO +50" in out and "smazzata 3" not in out
    assert "smazzata 3" not in cli("--lang", "it", "match", "history", "1").stdout
    cli("match", "new", "bridge", "-r", "duplicate", *SIDES)
    assert "Board 5: 4S by N -1" in cli("hand", "add", "2", "4S", "N", "-1", "smazzata=5").stdout


def test_hand_undo_void_and_edit_say_deal_for_bridge(cli):
    cli("match", "new", "bridge", *SIDES)
    for words in (["4H", "E", "="], ["3NT", "S", "+1"], ["2S", "N", "="]):
        cli("hand", "add", "1", *words)
    assert "Ritirata la smazzata 3." in cli("--lang", "it", "hand", "undo", "1").stdout
    assert "Corretta la smazzata 2." in cli("--lang", "it", "hand", "edit", "1", "2", "3NT", "S", "=").stdout
    assert "Voided deal 1." in cli("hand", "void", "1", "1").stdout
    cli("match", "new", "simone", "-p", "Anna,Bruno")
    cli("hand", "add", "2", "Anna=5", "Bruno=7")
    assert "Took back hand 1." in cli("hand", "undo", "2").stdout
