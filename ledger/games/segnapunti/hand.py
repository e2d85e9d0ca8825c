"""A score sheet's round, declared (:mod:`ledger.games.declare`): one field, ``points``, one whole
number per side still in. From the declaration the base game reads what the table says (``Anna 12
Bruno -3 Carla 0``, ``Anna=12``, ``Noi 40, Voi 25``, a player's name for their side), asks for the
sides still missing keeping every number given, and labels errors in the user's words.

This game's own is only how a number is said: ``12 punti``/``12 points``, a typographic minus
``−3`` or ``- 3``, a leading ``+`` (:func:`read_points`).
"""

from __future__ import annotations

import re

from ledger.games.parsing import as_int
from ledger.games.declare import Field, HandForm, Kind, Per
from ledger.i18n import Msg, t

from ledger.games.segnapunti.rules import LIMIT

_SAID = re.compile(r"([+\-−]?)\s*(\d[\d.,]*)(?:\s+(?:punti|punto|pt|pti|points|point|pts))?", re.IGNORECASE)


def read_points(text: str, path: str) -> int | None:
    """A round's points as said at the table (``12``, ``-3``, ``−3``, ``- 3``, ``+5``, ``12
    punti``, ``1.200``) → int, within ±:data:`~.rules.LIMIT`; None when ``text`` is no such
    phrase (the declared kinds then name what is wrong); ``LedgerError`` on ``path`` for a
    number that is not whole (``2,5``) or out of range."""
    m = _SAID.fullmatch(text.strip())
    if m is None:
        return None
    sign = "-" if m.group(1) in ("-", "−") else ""
    return as_int(sign + m.group(2), path, -LIMIT, LIMIT)


POINTS = Field("points", t("segnapunti.field.points", "points"), (Kind.COUNT,), per=Per.SIDE, lo=-LIMIT, hi=LIMIT,
               words=("punti", "points", "punteggio"),
               ask=t("segnapunti.ask_points", "{who}: points this round"), example="12, -3, 0", read=read_points)
FORM = HandForm((POINTS,), game="segnapunti")


def entry_help() -> Msg:
    """How a round is written in one line, for ``help`` in ``ledger play``."""
    return t("play.help.segnapunti",
             "Each side's points for the round, by its name (or one of its players), negative and 0 allowed:\n"
             "  Anna 12 Bruno -3 Carla 0\n"
             "Anna=12 and 'Anna 12 points' work too; every side still in gives a number.")
