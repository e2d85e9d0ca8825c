"""Output: rich tables for people, JSON for programs, both from the same result objects.

Games describe their scoreboards as plain :class:`ledger.games.tables.Board` values; this module is
the only place that turns them into rich renderables. rich is imported by the functions that draw,
not with this module: the commands import it at start-up, and ``export`` or an error draws nothing
(rich.console is a fifth of a command's start-up, bench/README.md).
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ledger.cli.screen import fold_at, wrap
from ledger.i18n import number, signed, t, tn

_t = t  # where a local table is called t
from ledger.safetext import safe

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table as RichTable
    from rich.text import Text

_console: Console | None = None


def console() -> Console:
    global _console
    if _console is None:
        from rich.console import Console

        _console = Console(highlight=False, soft_wrap=False)
    return _console


def print_plain(text: str) -> None:
    """``text`` (a line such as ``wrote FILE``) on standard output, as ``console().print(text,
    markup=False)`` writes it. rich is not imported where that is the line itself: printable
    ASCII without a colon (no ``:emoji:`` code to replace), shorter than 80 characters, with no
    terminal on standard input, output or error and no ``COLUMNS`` (rich's console is then 80
    wide, 79 on a legacy Windows console): what ``export -o FILE`` says from a script."""
    if (len(text) < 80 and text.isascii() and text.isprintable() and ":" not in text
            and "COLUMNS" not in os.environ and not any(os.isatty(fd) for fd in (0, 1, 2))):
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    else:
        console().print(text, markup=False)


def print_json(data: Any) -> None:
    """One JSON document on standard output (UTF-8, names as given)."""
    sys.stdout.write(safe(json.dumps(data, ensure_ascii=False, indent=2), json=True) + "\n")
    sys.stdout.flush()


WHOLE_WORD_MAX = 14  # characters: a word up to this long (money, a game, a score) is never cut


def rich_table(t, whole_words: bool = False, width: int | None = None) -> RichTable:
    """A rich table from a games ``Table`` (lines drawn after the rows it names).

    ``whole_words``: each column is at least as wide as its longest word (up to
    :data:`WHOLE_WORD_MAX` characters), so a narrow terminal or a pipe (80 columns) wraps text
    between words instead of cutting an amount or a name short (``+22.…``); reports use it.
    ``width``: the screen's, for a table wider than it: the columns' widths are then set here
    (:func:`_column_widths`), since rich shrinks columns below their least width."""
    from rich import box
    from rich.table import Table as RichTable

    table = RichTable(title=safe_text(t.title, "table.title") if t.title else None,
                      caption=safe_text(t.caption, "table.caption") if t.caption else None, box=box.SIMPLE_HEAVY,
                      title_justify="left", show_lines=False)
    least = [min(WHOLE_WORD_MAX, w) for w in _widths(t)[1]] if whole_words else [0] * len(t.columns)
    fixed = _column_widths(t, width) if width is not None else None
    for k, c in enumerate(t.columns):
        table.add_column(safe_text(c.header), justify=c.justify, min_width=least[k] or None,
                         width=fixed[k] if fixed else None, no_wrap=getattr(c, "nowrap", False))
    marks = set(t.lines_after)
    for i, row in enumerate(t.rows):
        table.add_row(*(safe_text(cell) for cell in row), end_section=i in marks)
    return table


def _widths(t) -> tuple[list[int], list[int]]:
    """Each column's natural width (its widest line, header or cell) and least width (its longest
    word; the natural width for a column that never wraps), in cells, padding left out."""
    from rich.cells import cell_len

    natural, least = [], []
    for k, c in enumerate(t.columns):
        texts = [safe(c.header), *(safe(row[k], lines=True) for row in t.rows if k < len(row))]
        natural.append(max((cell_len(x) for text in texts for x in text.split("\n")), default=0))
        # as rich wraps: a line's leading spaces go with its first word
        words = max((cell_len(w) for text in texts for x in text.split("\n") for w in _LEADING_WORD.findall(x)),
                    default=0)
        least.append(natural[-1] if getattr(c, "nowrap", False) else words)
    return natural, least


_LEADING_WORD = re.compile(r"^\s*\S+|\S+")


def _column_widths(t, width: int) -> list[int] | None:
    """The width of each column of ``t`` on a screen ``width`` cells wide when rich would
    squeeze it: the table wider than the screen, but every column's longest word fitting. Each
    column gets its longest word, and the room left is shared in proportion to what each needs
    more to show its cells on one line. None when rich's own layout does (the table fits, or the
    words do not: rich then cuts them)."""
    natural, least = _widths(t)
    room = width - 3 * len(natural) - 1  # padding (one cell each side) and the rules between columns
    if sum(natural) <= room or sum(least) > room:
        return None
    wanted = [n - w for n, w in zip(natural, least)]
    share = room - sum(least)
    out = [w + want * share // sum(wanted) for w, want in zip(least, wanted)]
    for k in sorted(range(len(out)), key=lambda k: wanted[k] - (out[k] - least[k]), reverse=True)[:room - sum(out)]:
        out[k] += 1  # the cells the rounding down left, to the columns that need them most
    return out


def tail_board(board, keep: int, more: str):
    """``board`` with each long table cut to its last ``keep`` rows (the newest hands, and the
    totals under them), saying in its caption how many earlier rows ``more`` shows: what is drawn
    after each hand, so that the 2,000th hand costs what the 2nd does. Short tables are kept."""
    from dataclasses import replace

    tables = []
    for t in board.tables:
        cut = len(t.rows) - keep
        if cut <= 2:
            tables.append(t)
            continue
        note = str(tn("board.earlier_rows", "{n} earlier row: {more}", "{n} earlier rows: {more}", cut, more=more))
        tables.append(replace(t, rows=t.rows[cut:], lines_after=tuple(i - cut for i in t.lines_after if i >= cut),
                              caption=f"{note} · {t.caption}" if t.caption else note))
    return replace(board, tables=tuple(tables))


def print_board(board, header: str | None = None) -> None:
    from rich.text import Text

    con = console()
    if header:  # "Match 4 · Bridge (rubber) · night of … · in play": folded between its segments
        for line in fold_at(safe(header), HEADING_SEPARATORS, con.width):
            con.print(safe_text(line, style="bold"))
    for t in board.tables:
        print_table(t)
    for note in board.notes:  # "… Pot 1.50 EUR." / "Next dealer: Dario.": folded between sentences first
        for para in safe(note, lines=True).split("\n"):
            for line in fold_at(para, NOTE_SEPARATORS, con.width):
                con.print(Text(line))


HEADING_SEPARATORS = (" · ", " — ")
"""Where a heading or a title of segments may be broken (:func:`ledger.cli.screen.fold_at`)."""

def print_table(t) -> None:
    """A games ``Table`` drawn by rich (:func:`rich_table`, each column at least as wide as its
    longest word, so that an amount or a name is wrapped between words rather than cut short:
    :func:`_column_widths`). On top of rich, for a screen narrower than the table: its title is
    printed above it folded between its segments (``Canasta — NS (Anna & Carla) v`` / ``EW (Bruno & Dario)``:
    never inside a name, :func:`ledger.cli.screen.fold_at`); and a ``below`` column (a hand's
    notes) that would be squeezed beside the others leaves the table, each of its cells then a
    line under the table headed by its row's first cell, folded to the screen's width
    (:func:`_notes_below`). A caption wider than the table is folded to the screen's width
    between its clauses (rich would wrap it inside the table's width)."""
    from dataclasses import replace

    from rich.cells import cell_len
    from rich.text import Text

    caption = t.caption
    con = console()
    for line in fold_at(safe(t.title, lines=True), title_separators(), con.width) if t.title else ():
        con.print(Text(line, style="table.title"))
    t, notes = _notes_below(replace(t, title="", caption=""), con.width)
    for part in _column_groups(t, con.width):
        table = rich_table(part, whole_words=True, width=con.width)
        con.print(table)
    inside = min(_drawn_width(part), con.width)  # what rich's measure of the last table gives, without laying it out again
    for para in safe(caption, lines=True).split("\n") if caption else ():
        if cell_len(para) <= inside:  # as rich puts it: centred under the table
            con.print(Text(para.center(inside + len(para) - cell_len(para)).rstrip(), style="table.caption"))
        else:
            for line in fold_at(para, CAPTION_SEPARATORS, con.width - 1):
                con.print(Text(" " + line, style="table.caption"))
    for line in notes:
        con.print(Text(line))


def _notes_below(t, width: int) -> tuple[Any, list[str]]:
    """``t`` without its ``below`` columns and their cells as lines (``12  A♥ led, …``, folded to
    ``width`` under their own text) when the table is wider than ``width`` and those columns
    would get less than half of their longest cell beside the others; else ``t`` and no lines."""
    from dataclasses import replace

    from rich.cells import cell_len

    below = [j for j, c in enumerate(t.columns) if c.below]
    if not below or len(below) == len(t.columns):
        return t, []
    keep = [j for j in range(len(t.columns)) if j not in below]
    narrow = replace(t, columns=tuple(t.columns[j] for j in keep),
                     rows=tuple(tuple(row[j] if j < len(row) else "" for j in keep) for row in t.rows),
                     lines_after=t.lines_after)
    cells = [safe(row[j], lines=True) for row in t.rows for j in below if j < len(row)]
    longest = max((cell_len(x) for cell in cells for x in cell.split("\n")), default=0)
    room = width - _drawn_width(narrow) - len(below) * 3
    if _drawn_width(t) <= width or (longest and room * 2 >= longest):
        return t, []
    lines = []
    for row in t.rows:
        for j in below:
            note = " ".join(safe(row[j], lines=True).split()) if j < len(row) else ""
            if note:
                lines += wrap(f"{safe(row[0]) if row else ''}  {note}", cells=width)
    return narrow, lines


def _column_groups(t, width: int) -> list[Any]:
    """``t`` as one table, or, when even its columns' longest words cannot stand side by side on
    a screen ``width`` cells wide (six players with long names, the dealer and the pot: rich
    would leave the last columns out), as several tables one under the other, each with ``t``'s
    first column (the hand's number, the player) and as many of the next columns as fit."""
    from dataclasses import replace

    least = [min(WHOLE_WORD_MAX, w) for w in _widths(t)[1]]
    if sum(least) + 3 * len(least) + 1 <= width or len(least) < 3:
        return [t]
    groups: list[list[int]] = [[0]]
    for j in range(1, len(least)):
        if len(groups[-1]) > 1 and sum(least[k] for k in (*groups[-1], j)) + 3 * (len(groups[-1]) + 1) + 1 > width:
            groups.append([0])
        groups[-1].append(j)
    return [replace(t, columns=tuple(t.columns[j] for j in g),
                    rows=tuple(tuple(row[j] if j < len(row) else "" for j in g) for row in t.rows)) for g in groups]


def _drawn_width(t) -> int:
    """How wide rich draws ``t`` when nothing in it wraps: its columns' natural widths, one cell
    of padding each side, the rules between them and the box's edges."""
    return sum(_widths(t)[0]) + 3 * len(t.columns) + 1


def title_separators() -> tuple[str, ...]:
    """Where a table's title may be broken: between its segments, its sides (`` v ``, in the
    language in use) and the names of a list."""
    return (*HEADING_SEPARATORS, str(_t("board.versus", " v ")), ", ")


CAPTION_SEPARATORS = ("; ", " · ", ". ", ": ")
"""Where a caption may be broken when it is wider than its table (between its clauses)."""
NOTE_SEPARATORS = (". ", "; ")


def print_result(result) -> None:
    """One scored hand: its itemised points per side when it has them, else its fields."""
    from rich import box
    from rich.table import Table as RichTable
    from rich.text import Text

    con = console()
    data = result.to_json()
    if result.summary:
        con.print(safe_text(result.summary, style="bold"))
    items = data.get("items")
    if isinstance(items, Mapping) and all(isinstance(v, list) for v in items.values()):
        t = RichTable(box=box.SIMPLE_HEAVY)
        t.add_column(str(_t("result.col_side", "side")), justify="left")
        t.add_column(str(_t("result.col_item", "item")), justify="left")
        t.add_column(str(_t("result.col_points", "points")), justify="right")
        # each side's total: its points, or its penalties where the game scores those (Scala 40)
        totals: Mapping[str, Any] = next((data[k] for k in ("points", "penalties") if isinstance(data.get(k), Mapping)), {})
        for side, rows in items.items():
            for j, row in enumerate(rows):
                label = row.get("item", "") if isinstance(row, Mapping) else str(row)
                pts = row.get("points", "") if isinstance(row, Mapping) else ""
                t.add_row(safe_text(side if j == 0 else ""), safe_text(label), signed(pts))
            t.add_row(safe_text("" if rows else side), Text(str(_t("result.total", "total")), style="bold"),
                      Text(signed(totals.get(side, "")), style="bold"), end_section=True)
        con.print(t)
    else:
        print_fields(data)


def print_fields(data: Mapping[str, Any]) -> None:
    from rich import box
    from rich.table import Table as RichTable

    t = RichTable(box=box.SIMPLE_HEAVY, show_header=False)
    t.add_column("field", justify="left", style="bold")
    t.add_column("value", justify="left")
    for k, v in data.items():
        t.add_row(safe_text(k), safe_text(_plain(v)))
    console().print(t)


# a cell that is a count or an amount (``12``, ``-3.50``, ``+12.00 EUR``): its column is right-aligned
_AMOUNT = re.compile(r"^[+\-−]?\d[\d.,]*(?:[ \xa0](?:[A-Z]{3}|[€$£]))?$")  # 12, 1.50 EUR, 1,50 € (Italian)


def print_rows(title: str, columns: Iterable[Any], rows: Iterable[Iterable[Any]], caption: str = "") -> None:
    """A table of plain values (lists, histories, nets) laid out as a scoreboard is
    (:func:`print_table`): a column whose values are all counts or amounts is right-aligned, the
    others left; a ``Column`` given keeps its own alignment (``below``: prose that may go under
    its row on a narrow screen)."""
    from ledger.games.tables import Column, Table

    cells = [tuple(_plain(x) for x in r) for r in rows]
    cols = []
    for k, c in enumerate(columns):
        if not isinstance(c, Column):
            values = [r[k] for r in cells if k < len(r) and r[k] not in ("", "—")]
            c = Column(c, "right" if values and all(_AMOUNT.match(v) for v in values) else "left")
        cols.append(c)
    print_table(Table(title, tuple(cols), tuple(cells), caption))


def safe_text(v: Any, style: str | None = None) -> Text:
    """A rich ``Text`` of ``v`` (never read as markup) with its control characters shown as
    escapes (:func:`ledger.safetext.safe`; line breaks kept: a report's cells have several lines)."""
    from rich.text import Text

    return Text(safe(v, lines=True) if v is not None else "", style=style or "")


def print_line(text: Any, style: str | None = None) -> None:
    """A plain line of text (a message naming what came from a person or a file), shown safely,
    folded between words to the console's width, never inside a ``ledger …`` command it quotes
    (:func:`ledger.cli.screen.wrap`)."""
    from rich.text import Text

    con = console()
    for line in wrap(safe(text, lines=True), hanging="", cells=con.width):
        con.print(Text(line, style=style or ""))


def _plain(v: Any) -> str:
    if v is None:
        return "—"
    if isinstance(v, bool):
        return str(t("cli.yes", "yes") if v else t("cli.no", "no"))
    if isinstance(v, (list, tuple)):
        return ", ".join(_plain(x) for x in v)
    if isinstance(v, Mapping):
        return ", ".join(f"{k} {_plain(x)}" for k, x in v.items())
    return str(v)




def escape(text: str) -> str:
    from rich.markup import escape as _escape

    return _escape(text)
