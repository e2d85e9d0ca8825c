"""A scoreboard table laid out as text, the way rich lays out ``render.rich_table`` (part of
render.py's job, kept apart because it is long).

Rich takes about a millisecond per row to lay a table out (it measures and renders every cell as
a renderable), so a 500-hand scoreboard took half a second and ``play`` could not redraw a board
in the 20 ms it has. :func:`table_lines` gives the same characters (box ``SIMPLE_HEAVY``, padding
1, left-justified title, centred caption, columns shrunk and wrapped as rich does when the table is
wider than the terminal, a blank separator after each row named in ``lines_after``) in a small
fraction of the time; ``tests/cli/test_layout.py`` checks it against rich's own output. Cell
widths come from ``rich.cells`` (wide characters count two).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import List, Tuple

from rich.cells import cell_len, chop_cells, set_cell_size

from ledger.safetext import safe

Line = Tuple[str, str]  # (text, style: "" | "title" | "header" | "caption")

_WORD = re.compile(r"\s*\S+\s*")
_TRAILING_SPACE = re.compile(r"\s+$")
_SPACE = re.compile(r"\s")
PAD = 1  # cell padding on each side


def fits(t, width: int) -> bool:
    """True when every column of ``t`` can have three cells in ``width`` (on a narrower console rich
    lays out differently, and :func:`table_lines` does not follow it there)."""
    n = len(t.columns)
    return n > 0 and width - (2 + n - 1) >= 3 * n


def natural_width(t) -> int:
    """How wide ``t`` is when nothing in it wraps (its widest cell per column, padded, and the box)."""
    n = len(t.columns)
    widest = [cell_len(safe(c.header)) for c in t.columns]
    for row in t.rows:
        for j in range(min(n, len(row))):
            w = max((cell_len(x) for x in safe(row[j], lines=True).split("\n")), default=0)
            if w > widest[j]:
                widest[j] = w
    return sum(widest) + 2 * PAD * n + 2 + n - 1


def table_lines(t, width: int) -> List[Line]:
    """The lines of games ``Table`` ``t`` for a console ``width`` cells wide (each line as wide as
    the table; the table at most ``width``). Only for tables that :func:`fits`.

    A table wider than ``width`` with ``below`` columns (a hand's notes) shows each of their cells
    on lines of its own under the row, indented under the second column and wrapped to ``width``;
    the other columns are laid out as rich would lay them out alone."""
    below = [j for j, c in enumerate(t.columns) if c.below]
    if below and len(below) < len(t.columns) and natural_width(t) > width:
        keep = [j for j in range(len(t.columns)) if j not in below]
        if not _cramped(t, keep, below, width):
            return _lines(t, width, None)
        details = [[safe(row[j], lines=True) for j in below if j < len(row) and row[j]] for row in t.rows]
        narrow = type(t)(t.title, tuple(t.columns[j] for j in keep),
                         tuple(tuple(row[j] if j < len(row) else "" for j in keep) for row in t.rows),
                         t.caption, t.lines_after)
        return _lines(narrow, width, details)
    return _lines(t, width, None)


def _cramped(t, keep: List[int], below: List[int], width: int) -> bool:
    """True when the room the other columns leave the ``below`` ones is under half of what their
    longest cell needs (the notes would wrap to many lines): they go under their rows then."""
    others = type(t)(t.title, tuple(t.columns[j] for j in keep),
                     tuple(tuple(row[j] if j < len(row) else "" for j in keep) for row in t.rows))
    room = width - natural_width(others) - len(below) * (2 * PAD + 1)
    longest = max((cell_len(x) for row in t.rows for j in below if j < len(row)
                   for x in safe(row[j], lines=True).split("\n")), default=0)
    return room * 2 < longest or not longest  # an empty notes column only takes room: it goes


def _lines(t, width: int, details: List[List[str]] | None) -> List[Line]:
    cols = t.columns
    extra = 2 + len(cols) - 1  # the box's edges and one divider between columns
    headers = [safe(c.header, lines=True) for c in cols]  # text from people: control characters escaped
    cells = [[safe(x, lines=True) for x in row] for row in t.rows]
    widths = _widths(headers, cells, [c.nowrap for c in cols], width - extra)
    table_width = sum(widths) + extra
    out: List[Line] = []
    if t.title:  # with notes under the rows the table is narrow: its title may take the screen's width
        title_width = max(table_width, min(width, cell_len(safe(t.title)))) if details else table_width
        out += [(x, "title") for x in _wrap_text(safe(t.title, lines=True), title_width, "left", fold=True)]
    out.append((" " * table_width, ""))  # the box's top: blank in SIMPLE_HEAVY
    out += [(x, "header") for x in _row(headers, widths, cols, bottom=True)]
    out.append((" " + "━" * (table_width - 2) + " ", ""))
    marks = set(t.lines_after)
    last = len(cells) - 1
    indent = 1 + widths[0] + 1 + PAD if len(widths) > 1 else 1 + PAD
    for i, row in enumerate(cells):
        out += [(x, "") for x in _row(row, widths, cols)]
        for text in (details[i] if details else ()):
            out += [(x, "") for x in _detail_lines(text, indent, width, table_width)]
        if i in marks and i != last:
            out.append((" " * table_width, ""))
    out.append((" " * table_width, ""))  # the box's bottom
    if t.caption:  # likewise its caption (a key to the notes under the rows)
        cap_width = max(table_width, min(width, cell_len(safe(t.caption)))) if details else table_width
        out += [(x, "caption") for x in _wrap_text(safe(t.caption, lines=True), cap_width, "center", fold=True)]
    return out


def centred(text: str, width: int) -> List[str]:
    """``text`` centred in ``width`` cells, as a table's caption is (folded as rich folds it)."""
    return _wrap_text(text, width, "center", fold=True)


def _detail_lines(text: str, indent: int, width: int, table_width: int) -> List[str]:
    """A ``below`` cell under its row: wrapped between words to what ``width`` leaves after
    ``indent`` (and one cell of margin), each line padded to the table's width when shorter."""
    inner = max(8, width - indent - 1)
    lines = [x.rstrip() for x in _wrap_text(text, inner, "left", fold=True)]
    return [(" " * indent + x).ljust(table_width) for x in lines]


# --- widths (rich.table.Table._calculate_column_widths for expand=False) -----------------------
def _widths(headers: Sequence[str], rows: Sequence[Sequence[str]], nowrap: Sequence[bool],
            max_width: int) -> List[int]:
    """The columns' widths, as rich gives them; but where rich would cut a word short (an amount,
    a name: ``Annamar…``) while every word fits whole, each column keeps its longest word and the
    widest ones wrap instead (:func:`_keep_words`). A ``nowrap`` column keeps its widest cell."""
    n = len(headers)
    mins, maxes = [0] * n, [0] * n
    for k, row in enumerate([headers, *rows]):
        for j in range(n):
            text = row[j] if j < len(row) else ""
            lo, hi = _measure(text, max_width)
            if nowrap[j] and k:  # the cells whole (its header may still wrap)
                lo = hi
            if lo > mins[j]:
                mins[j] = lo
            if hi > maxes[j]:
                maxes[j] = hi
    widths = [min(hi, max_width) or 1 for hi in maxes]
    total = sum(widths)
    if total > max_width:
        widths = _collapse(widths, [not w for w in nowrap], max_width)
        total = sum(widths)
        if total > max_width:  # last resort: every column gives up some
            widths = _ratio_reduce(total - max_width, [1] * n, widths, widths)
        # measured again within the new widths: a column is never wider than its widest cell
        widths = [min(maxes[j], widths[j]) if widths[j] >= 1 + 2 * PAD else widths[j] for j in range(n)]
        if any(w < lo for w, lo in zip(widths, mins)):
            whole = [max(mins[j], max((_leading_word(row[j] if j < len(row) else "") for row in rows), default=0))
                     for j in range(n)]  # a cell's first word wraps with the spaces before it
            if sum(whole) <= max_width:
                widths = _keep_words(maxes, whole, max_width)
    return widths


def _leading_word(text: str) -> int:
    """The padded width of ``text``'s first word with the spaces before it (``"  lead"``: 6 + 2)."""
    m = _WORD.match(text)
    return cell_len(m.group(0).rstrip()) + 2 * PAD if m else 0


def _keep_words(maxes: List[int], mins: List[int], max_width: int) -> List[int]:
    """Widths that fit ``max_width`` with no column under its longest word: the widest column
    above its minimum gives up one cell at a time (the leftmost of equals), so the widest wrap."""
    widths = [min(hi, max_width) or 1 for hi in maxes]
    excess = sum(widths) - max_width
    while excess > 0:
        j = max((k for k in range(len(widths)) if widths[k] > mins[k]), key=lambda k: widths[k])
        widths[j] -= 1
        excess -= 1
    return widths


def _measure(text: str, max_width: int) -> Tuple[int, int]:
    """(minimum, maximum) width of a padded cell: its longest word, its longest line."""
    if max_width - 2 * PAD < 1:
        return max_width, max_width
    if not _SPACE.search(text):  # one word (most cells): its width is both
        lo = hi = cell_len(text)
        inner = max_width - 2 * PAD
        return min(lo, inner) + 2 * PAD, min(hi, inner) + 2 * PAD
    lines = text.splitlines()
    hi = max((cell_len(x) for x in lines), default=0)
    words = text.split()
    lo = max((cell_len(w) for w in words), default=hi)
    lo = min(max(0, lo), hi)
    inner = max_width - 2 * PAD
    return min(lo, inner) + 2 * PAD, min(max(lo, hi), inner) + 2 * PAD


def _collapse(widths: List[int], wrapable: List[bool], max_width: int) -> List[int]:
    """Shrink the widest columns that may wrap (not ``nowrap``) until the table fits or they level
    (rich's ``Table._collapse_widths``)."""
    total = sum(widths)
    excess = total - max_width
    while any(wrapable) and total and excess > 0:
        top = max(w for w, ok in zip(widths, wrapable) if ok)
        second = max((w if ok and w != top else 0 for w, ok in zip(widths, wrapable)), default=0)
        ratios = [1 if w == top and ok else 0 for w, ok in zip(widths, wrapable)]
        if not any(ratios) or not top - second:
            break
        widths = _ratio_reduce(excess, ratios, [min(excess, top - second)] * len(widths), widths)
        total = sum(widths)
        excess = total - max_width
    return widths


def _ratio_reduce(total: int, ratios: List[int], maximums: List[int], values: List[int]) -> List[int]:
    ratios = [r if m else 0 for r, m in zip(ratios, maximums)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    remaining = total
    out = []
    for ratio, maximum, value in zip(ratios, maximums, values):
        if ratio and total_ratio > 0:
            given = min(maximum, round(ratio * remaining / total_ratio))
            out.append(value - given)
            remaining -= given
            total_ratio -= ratio
        else:
            out.append(value)
    return out


# --- cells ----------------------------------------------------------------------------------------
def _row(cells: Sequence[str], widths: Sequence[int], cols, bottom: bool = False) -> Iterator[str]:
    """The text lines of one row: each cell wrapped to its column and padded; cells top-aligned
    (the header's ``bottom``-aligned, as rich does)."""
    blocks = []
    for j, w in enumerate(widths):
        text = cells[j] if j < len(cells) else ""
        inner = w - 2 * PAD
        if inner < 1:
            blocks.append([" " * w])
            continue
        lines = _wrap_text(text, inner, cols[j].justify, fold=False)
        blocks.append([" " * PAD + x + " " * PAD for x in lines])
    height = max(len(b) for b in blocks)
    for j, b in enumerate(blocks):
        blank = [" " * widths[j]] * (height - len(b))
        blocks[j] = blank + b if bottom else b + blank
    for k in range(height):
        yield " " + " ".join(b[k] for b in blocks) + " "


def _wrap_text(text: str, width: int, justify: str, fold: bool) -> List[str]:
    """rich's ``Text.wrap``: words moved to the next line, a word too long folded (``fold``) or cut
    with an ellipsis, each line justified to exactly ``width`` cells."""
    if len(text) <= width and "\n" not in text and "\t" not in text and cell_len(text) <= width:
        return [_justify(text, width, justify, fold)]  # fits as it is (most cells)
    out = []
    for para in (text.split("\n") if text else [""]):
        para = para.expandtabs(8)
        pieces = _divide(para, width, fold)
        for piece in pieces:
            if len(piece) > width:
                m = _TRAILING_SPACE.search(piece)
                if m:
                    piece = piece[: len(piece) - min(len(m.group(0)), len(piece) - width)]
            out.append(_justify(piece, width, justify, fold))
    return out


def _divide(text: str, width: int, fold: bool) -> List[str]:
    """rich's ``divide_line`` then ``Text.divide``: the line cut where words no longer fit."""
    breaks: List[int] = []
    offset = 0
    for m in _WORD.finditer(text):
        start, word = m.start(), m.group(0)
        length = cell_len(word.rstrip())
        if width - offset >= length:
            offset += cell_len(word)
        elif length > width:
            if fold:
                chunks = chop_cells(word, width)
                for k, chunk in enumerate(chunks):
                    if start:
                        breaks.append(start)
                    if k == len(chunks) - 1:
                        offset = cell_len(chunk)
                    else:
                        start += len(chunk)
            else:
                if start:
                    breaks.append(start)
                offset = cell_len(word)
        elif offset and start:
            breaks.append(start)
            offset = cell_len(word)
    bounds = [0, *breaks, len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:])] or [""]


def _justify(line: str, width: int, justify: str, fold: bool) -> str:
    overflow_cut = (lambda s: set_cell_size(s, width)) if fold else (
        lambda s: set_cell_size(s, width - 1) + "…")
    if justify in ("right", "center"):
        line = line.rstrip()
    if cell_len(line) > width:
        line = overflow_cut(line)
    size = cell_len(line)
    if justify == "right":
        return " " * (width - size) + line
    if justify == "center":
        left = (width - size) // 2
        return " " * left + line + " " * (width - size - left)
    return line + " " * (width - size)
