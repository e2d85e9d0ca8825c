"""At 80 columns nothing is split inside a name or a command: titles and headings break between
their segments, captions and notes between their clauses, prose never inside a ``ledger …``
command it quotes, and an error line is folded at a terminal (one line to a pipe)."""

from __future__ import annotations

import re
import sys

import pytest
from rich.cells import cell_len

from ledger.cli.screen import fold_at, wrap
from ledger.i18n import speaking
from tests.cli.test_widths import columns  # noqa: F401 (a fixture: the console COLUMNS wide)

SIDES = ["--side", "NS=Anna Maria,Carla Bianchi", "--side", "EW=Bruno Rossi,Dario Verdi"]


def wide(text: str, width: int = 80) -> list[str]:
    return [line for line in text.splitlines() if cell_len(line) > width]


def test_fold_at_breaks_only_after_a_separator():
    title = "Canasta (italiana) — NS (Anna & Carla) contro EW (Bruno & Dario)"
    assert fold_at(title, (" — ", " contro "), cells=60) == ["Canasta (italiana) — NS (Anna & Carla) contro",
                                                            "EW (Bruno & Dario)"]
    assert fold_at(title, (" — ", " contro "), cells=80) == [title]
    assert fold_at("a · b · c", (" · ",), cells=4) == ["a ·", "b ·", "c"]
    long = "Burraco — " + "x" * 30 + " y z"  # a segment wider than the screen: between its words
    assert fold_at(long, (" — ",), cells=20) == ["Burraco —", "x" * 30, "y z"]


def test_wrap_never_splits_a_command():
    text = "La partita 4 è ancora in corso e non è contata (chiudila con: ledger match end 4)."
    lines = wrap(text, hanging="", cells=60)
    assert lines == ["La partita 4 è ancora in corso e non è contata (chiudila", "con: ledger match end 4)."]
    assert wrap(text, hanging="", cells=70)[1] == "ledger match end 4)."


def test_wrap_keeps_a_short_aside_in_brackets_whole():
    text = "• Trentasette (partita 2): Scale: Anna & Carla a quadri (mano 1) e cuori (mano 4); Bruno & Dario"
    lines = wrap(text, cells=80)
    assert lines == ["• Trentasette (partita 2): Scale: Anna & Carla a quadri (mano 1) e cuori",
                     "  (mano 4); Bruno & Dario"]
    assert all(len(x) <= 80 for x in lines)
    long = "a (" + " ".join(["word"] * 8) + ")"  # a long aside is folded between its words as before
    assert wrap(long, hanging="", cells=20) == ["a (word word word", "word word word word", "word)"]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_titles_and_headings_break_between_sides_and_segments(cli, columns, lang):
    columns(80)
    out = cli("--lang", lang, "match", "new", "burraco", "-r", "international", *SIDES).stdout
    assert not wide(out), wide(out)
    lines = out.splitlines()
    versus = " contro" if lang == "it" else " v"
    title = next(i for i, line in enumerate(lines) if line.startswith("Burraco ("))
    whole = f"{lines[title]} {lines[title + 1]}"  # pairs shown by their players, broken between them if at all
    assert lines[title].endswith(("Bruno Rossi & Dario Verdi", f"Anna Maria & Carla Bianchi{versus}"))
    assert whole.endswith(f"Anna Maria & Carla Bianchi{versus} Bruno Rossi & Dario Verdi") or \
        lines[title].endswith(f"Anna Maria & Carla Bianchi{versus} Bruno Rossi & Dario Verdi")
    heading = next(i for i, line in enumerate(lines) if line.startswith(("Partita 1 ·", "Match 1 ·")))
    if lang == "it":  # 86 characters: broken before its last segment
        assert lines[heading].endswith("·") and lines[heading + 1] == "in corso"
    else:
        assert lines[heading].endswith("· in play")


def test_simone_standing_is_broken_between_players(cli, columns):
    columns(80)
    cli("match", "new", "simone", "-p", "Carla,Anna,Bruno")
    cli("hand", "add", "1", "Carla=2", "Anna=9", "Bruno=12")
    out = cli("--lang", "it", "show", "1").stdout
    assert not wide(out), wide(out)
    assert re.search(r"Carla 1 · Anna 0 ·\s*\n\s+Bruno 0", out), out
    assert not re.search(r"(Carla|Anna|Bruno)\s*\n\s*\d", out)
    cli("match", "new", "simone", "-p", "Carla,Anna,Bruno,Dario,Elena,Federico")
    cli("hand", "add", "2", "Carla=2", "Anna=9", "Bruno=12", "Dario=3", "Elena=4", "Federico=6")
    out = cli("--lang", "it", "show", "2").stdout
    assert not wide(out) and not re.search(r"(Carla|Anna|Bruno|Dario|Elena|Federico)\s*\n\s*\d", out), out


def test_captions_notes_and_report_lines_fold_between_clauses_and_keep_commands(cli, columns):
    columns(80)
    cli("match", "new", "trentuno", "-p", "Anna,Bruno,Carla", "-o", "stake=0.50")
    cli("match", "new", "bridge", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario")
    bridge = cli("--lang", "it", "show", "2").stdout
    assert " premi sopra la linea, punti delle prese sotto; una riga sotto ogni manche" in bridge
    trentuno = cli("--lang", "it", "show", "1").stdout
    assert re.search(r"Piatto 0,00\s€\.\nProssimo mazziere: Anna\.", trentuno), trentuno
    for command in (["report"], ["settle"]):
        out = cli("--lang", "it", *command).stdout
        assert not wide(out), wide(out)
        assert any("ledger match end 1)." in line for line in out.splitlines()), out  # the command on one line


def test_an_error_line_is_folded_at_a_terminal_and_one_line_to_a_pipe(cli, columns, monkeypatch):
    args = ("--lang", "it", "play", "trentuno", "-r", "40", "--players", "Anna,Bruno,Carla")
    monkeypatch.delenv("COLUMNS", raising=False)
    one = cli(*args, input="", code=2).stderr
    assert len(one.splitlines()) == 1 and cell_len(one.strip()) > 80
    columns(80)
    assert cli(*args, input="", code=2).stderr == one  # a pipe: one line, whatever COLUMNS says
    monkeypatch.setattr(sys.modules["ledger.cli.app"], "stderr_is_terminal", lambda: True)  # a terminal
    folded = cli(*args, input="", code=2).stderr.splitlines()
    assert len(folded) == 2 and not wide("\n".join(folded)) and folded[1].startswith("  ")
    assert " ".join(x.strip() for x in folded) == one.strip()


def test_wrap_puts_a_bullet_s_continuation_under_its_text():
    light = "• Trentasette (partita 2): Scale: Anna & Carla a quadri (mano 1) e cuori (mano 4); Bruno & Dario a fiori"
    assert wrap(light, hanging="", cells=60) == ["• Trentasette (partita 2): Scale: Anna & Carla a quadri",
                                                 "  (mano 1) e cuori (mano 4); Bruno & Dario a fiori"]
    assert wrap("  - " + light[2:], hanging="", cells=60)[1].startswith("    (mano 1)")  # under an indented one
    assert wrap("•" + light[1:], hanging="", cells=200) == [light]  # a line that fits is left as it is


@pytest.mark.parametrize("lang, headers, caption", [
    ("it", ("gioco", "nome", "varianti", "giocatori"), "La prima variante è quella predefinita del gioco"),
    ("en", ("game", "name", "rule sets", "players"), "The first rule set is the game's default")])
def test_the_games_table_fits_80_columns_with_a_rule_set_a_line(cli, columns, lang, headers, caption):
    from ledger.games import available, get_game

    columns(80)
    out = cli("--lang", lang, "games").stdout
    assert not wide(out), wide(out)
    lines = out.splitlines()
    header = next(line for line in lines if line.lstrip().startswith(headers[0]))
    assert header.split() == " ".join(headers).split()  # the header on one line, none of it folded
    assert caption in " ".join(" ".join(lines).split())
    at = header.index(headers[2])
    cells = [line[at:].split("  ")[0] for line in lines]  # the rule sets' column
    with_rules = [get_game(g) for g in available() if len(get_game(g).rule_sets) > 1]
    assert with_rules
    for game in with_rules:  # each rule set starts a line of its cell: its name in Italian, beside its key in English
        for key in game.rule_sets:
            with speaking(lang):
                word = game.rules_name(key)
            shown = word if word == key or lang == "it" else f"{key} ({word})"
            key = word if lang == "it" else key
            assert any(c == shown or shown.startswith(c + " ") and c.startswith(key) for c in cells), (key, cells)


@pytest.mark.slow  # runs the installed command in a process of its own
def test_a_damaged_ledger_s_error_is_one_line_on_a_pipe_whatever_columns_says(tmp_path):
    """The installed command, its standard error a pipe, COLUMNS=100 (issue 31, item 9)."""
    import os
    import subprocess

    good = tmp_path / "good.db"
    run = [sys.executable, "-m", "ledger", "--db", str(good)]
    subprocess.run(run + ["match", "new", "scopa", "-p", "Anna,Bruno"], check=True, capture_output=True)
    data = bytearray(good.read_bytes())
    data[4096:8192] = b"x" * 4096  # a page of the file overwritten: a damaged ledger
    good.write_bytes(bytes(data))
    for columns_ in ("100", "40"):
        done = subprocess.run(run + ["show", "1"], capture_output=True, text=True,
                              env={**os.environ, "COLUMNS": columns_})
        assert done.returncode == 1 and "damaged" in done.stderr, done.stderr
        assert len(done.stderr.splitlines()) == 1 and len(done.stderr) > 100, done.stderr


def test_a_play_error_is_one_line_on_a_pipe_whatever_columns_says(cli, columns, monkeypatch):
    columns(40)
    cli("match", "new", "scopa", "-p", "Anna,Bruno")
    err = cli("play", "1", input="Zorro=5 carte and more words than forty columns hold\nquit\n").stderr
    line = next(x for x in err.splitlines() if "error:" in x)
    assert line.startswith("  error: hand: 'Zorro' ") and line.endswith("(names: Anna, Bruno)")
    monkeypatch.setattr(sys.modules["ledger.cli.cmd_play"], "stderr_is_terminal", lambda: True)  # a terminal
    err = cli("play", "1", input="Zorro=5 carte and more words than forty columns hold\nquit\n").stderr
    assert not any("(players: Anna, Bruno)" in x and "error:" in x for x in err.splitlines())  # folded there
