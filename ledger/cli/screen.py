"""Lines of text for a person at a terminal, wrapped between words to the console's width.

The session (``ledger play``) and ``hand add -i`` say things in sentences (help, errors, prompts);
a terminal 80 columns wide would cut them mid-word. :func:`wrap` folds each line of a text to
the width of the CLI's console (``COLUMNS``, else the terminal's; output to a pipe or a file
without ``COLUMNS`` is not folded), keeping its indent
and aligning what follows on the next lines under the line's text (under the text of a ``• item``
line, under the description of a ``word   description`` line).
"""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Sequence
from typing import List

# the indent of a line's continuation: its leading spaces, or up to the text of a bullet
# ("• Scopa (match 8): …", a report's highlight), or up to the description of a
# "  undo   at the hand prompt ..." line (a word and then a gap of two spaces or more)
_HANGING = re.compile(r"^(\s*(?:[•-] +|\S+(?: \S+)*?\s{2,})?)\S")


def width() -> int | None:
    """The console's width in cells (:func:`ledger.cli.render.console`); None when the output is
    no terminal (a pipe, a file) and ``COLUMNS`` does not say how wide it is: then nothing is
    folded, so a program reading the output finds each message on one line."""
    from ledger.cli.render import console

    con = console()
    if not con.is_terminal and not os.environ.get("COLUMNS"):
        return None
    return max(20, con.width)


# a command quoted in a sentence ("(end it with: ledger match end 4)"): folded as one word
COMMAND = re.compile(r"\bledger(?: (?:--?[a-z][\w-]*|[a-z][a-z-]*|\d+))+")
_GLUE = "\ue000"  # stands for a space inside a command while a line is folded (a private-use character)
# a short aside in brackets ("(mano 4)", "(Carla & Elena)", "(smazzata 7)"): folded as one word
SHORT_ASIDE = re.compile(r"\([^()\n]{1,24}\)")


def wrap(text: str, indent: str = "", hanging: str = "  ", cells: int | None = None) -> List[str]:
    """``text`` as lines of at most ``cells`` (the console's width), each line of ``text`` folded
    between words (never inside a word, nor at a hyphen, nor inside a ``ledger …`` command it
    quotes, :data:`COMMAND`, nor inside a short aside in brackets, :data:`SHORT_ASIDE`:
    ``(mano 4)``). ``indent`` goes before every line;
    a folded line goes on under its own text (its leading spaces, the column after a bullet
    ``• `` or after a ``word  description`` gap), plus ``hanging`` for a line that has none of these."""
    cells = cells or width()
    if cells is None:
        return [indent + line for line in text.split("\n")]
    out: List[str] = []
    for line in text.split("\n"):
        line = indent + line.rstrip()
        if len(line) <= cells:
            out.append(line)
            continue
        lead = len(line) - len(line.lstrip())
        m = _HANGING.match(line)
        under = len(m.group(1)) if m and len(m.group(1)) > lead else lead + len(hanging)
        if under > cells // 2:
            under = lead + len(hanging)
        glued = SHORT_ASIDE.sub(_glued, COMMAND.sub(_glued, line))
        out += [x.replace(_GLUE, " ") for x in textwrap.wrap(
            glued, cells, initial_indent="", subsequent_indent=" " * under, break_long_words=False,
            break_on_hyphens=False, drop_whitespace=True)] or [""]
    return out


def echo(text: str, err: bool = False, indent: str = "", hanging: str = "  ") -> None:
    """``text`` written on standard output (``err``: standard error), folded between words to the
    console's width (:func:`wrap`; one line to a pipe or a file): what a command says in a
    sentence outside a table (a prompt's refusal, an interruption, a file written)."""
    import sys

    out = sys.stderr if err else sys.stdout
    out.write("\n".join(wrap(text, indent=indent, hanging=hanging)) + "\n")
    out.flush()


def _glued(m: re.Match) -> str:
    """A command or a short aside with its spaces glued, to be folded as one word."""
    return m.group(0).replace(" ", _GLUE)


def fold_prompt(prompt: str, room: int = 16, cells: int | None = None) -> tuple[List[str], str]:
    """A prompt too long to leave ``room`` cells for the answer: ``(lines to print before it, the
    prompt's last line)``, the prompt folded between words to the console's width; a short one
    is ``([], prompt)``."""
    cells = cells or width()
    if cells is None or len(prompt) + room <= cells:
        return [], prompt
    lead = prompt[: len(prompt) - len(prompt.lstrip())]
    # folded short of the screen's edge, so that the last line leaves room for the answer
    lines = textwrap.wrap(prompt.strip(), max(20, cells - len(lead) - room), break_long_words=False,
                          break_on_hyphens=False)
    lines = [lead + x for x in lines]
    return lines[:-1], lines[-1] + (" " if prompt.endswith(" ") else "")


def fold_at(text: str, separators: Sequence[str], cells: int | None = None) -> List[str]:
    """``text`` (one line) as lines of at most ``cells`` (the console's width), broken only just
    after one of ``separators`` (``" · "``, ``" — "``, ``" v "``), which ends its line (its
    trailing space dropped): a title or a heading made of names and segments is never split
    inside a name (``NS (Anna & Carla) v`` / ``EW (Bruno & Dario)``). A segment wider than the
    screen on its own is folded between words (:func:`wrap`). Not folded when the output is no
    terminal of known width."""
    from rich.cells import cell_len

    cells = cells or width()
    if cells is None or cell_len(text) <= cells:
        return [text]
    seps = sorted({s for s in separators if s}, key=len, reverse=True)
    pieces = re.split("(" + "|".join(map(re.escape, seps)) + ")", text) if seps else [text]
    segments = [a + b for a, b in zip(pieces[::2], pieces[1::2] + [""])]  # each with the separator after it
    lines: List[str] = []
    line = ""
    for seg in segments:
        if not line or cell_len((line + seg).rstrip()) <= cells:
            line += seg
            continue
        lines.append(line.rstrip())
        line = seg
    lines.append(line.rstrip())
    return [x for line in lines for x in (wrap(line, cells=cells, hanging="") if cell_len(line) > cells else [line])]
