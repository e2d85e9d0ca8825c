"""Lines of text for a person at a terminal, wrapped between words to the console's width.

The session (``ledger play``) and ``hand add -i`` say things in sentences (help, errors, prompts);
a terminal 80 columns wide would cut them mid-word. :func:`wrap` folds each line of a text to
the width of the CLI's console (``COLUMNS``, else the terminal's; output to a pipe or a file
without ``COLUMNS`` is not folded), keeping its indent
and aligning what follows on the next lines under the line's text (under the description of a
``word   description`` line).
"""

from __future__ import annotations

import os
import re
import textwrap
from typing import List

# the indent of a line's continuation: its leading spaces, or up to the description of a
# "  undo   at the hand prompt ..." line (a word and then a gap of two spaces or more)
_HANGING = re.compile(r"^(\s*(?:\S+(?: \S+)*?\s{2,})?)\S")


def width() -> int | None:
    """The console's width in cells (:func:`ledger.cli.render.console`); None when the output is
    no terminal (a pipe, a file) and ``COLUMNS`` does not say how wide it is: then nothing is
    folded, so a program reading the output finds each message on one line."""
    from ledger.cli.render import console

    con = console()
    if not con.is_terminal and not os.environ.get("COLUMNS"):
        return None
    return max(20, con.width)


def wrap(text: str, indent: str = "", hanging: str = "  ", cells: int | None = None) -> List[str]:
    """``text`` as lines of at most ``cells`` (the console's width), each line of ``text`` folded
    between words (never inside a word, nor at a hyphen). ``indent`` goes before every line;
    a folded line goes on under its own text (its leading spaces, or the column after a
    ``word  description`` gap), plus ``hanging`` for a line that has neither."""
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
        out += textwrap.wrap(line, cells, initial_indent="", subsequent_indent=" " * under,
                             break_long_words=False, break_on_hyphens=False, drop_whitespace=True) or [""]
    return out


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
