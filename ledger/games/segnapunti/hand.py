"""A score sheet's round as the table says it: ``Anna 12 Bruno -3 Carla 0`` (also ``Anna=12``,
``Anna: 12, Bruno -3``, ``Noi 40 Voi 25``, ``Anna 12 punti``), and the questions for what is
missing (``hand add -i``, ``ledger play``).

A round names each side still in (by the side's name or one of its players) with its whole
points; the words ``punti``/``points`` beside a number are ignored, and a minus may be typed
``-`` or ``−``. What is typed makes a partial hand document ``{"points": {side: int}}``: the
questions ask only for the sides still missing, keeping every number already given.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Callable

from ledger.errors import LedgerError
from ledger.games.base import MatchState, Question, as_int, put_once
from ledger.games.match_setup import MatchSetup
from ledger.i18n import Msg, t

from ledger.games.segnapunti.records import SheetState
from ledger.games.segnapunti.rules import LIMIT

# a number as typed: a sign (also the typographic minus), digits with their separators (2,5 is read
# whole, and refused as not whole; 1.200 is a thousand two hundred)
_NUMBER = re.compile(r"([+\-−]?\s?\d(?:[\d.,]*\d)?)")
FILLER = {"punti", "punto", "pt", "pti", "points", "point", "pts", "fa", "ha", "e", "and"}
WORDS = tuple(sorted(FILLER))


def entry_help() -> Msg:
    """How a round is written in one line, for ``help`` in ``ledger play``."""
    return t("play.help.segnapunti",
             "Each side's points for the round, by its name (or one of its players), negative and 0 allowed:\n"
             "  Anna 12 Bruno -3 Carla 0\n"
             "Anna=12 and 'Anna 12 points' work too; every side still in gives a number.")


def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> dict[str, Any]:
    """``["Anna", "12", "Bruno", "-3"]`` (or ``Anna=12 Bruno=-3``) → ``{"points": {"Anna": 12,
    "Bruno": -3}}``. ``LedgerError`` on ``entry.WORD`` for a name that is no side or player, on
    ``points.SIDE`` for a side given twice with two numbers, on ``entry`` for a name with no number."""
    text = " ".join(tokens)
    pieces = _NUMBER.split(text)
    points: dict[str, int] = {}
    for name, number in zip(pieces[0::2], pieces[1::2]):
        side = _side(setup, name, number)
        put_once(points, side, read_points(number, f"points.{side}"), "points", f"{name.strip()} {number}")
    tail = _name_words(pieces[-1])
    if tail:
        raise LedgerError(t("segnapunti.no_number", "{name!r} has no points: write a number after it", name=tail),
                          "entry", tail)
    return {"points": points} if points else {}


def _name_words(text: str) -> str:
    words = [w for w in re.split(r"[\s=:,;]+", text) if w and w.casefold() not in FILLER]
    return " ".join(words)


def _side(setup: MatchSetup, name: str, number: str) -> str:
    words = _name_words(name)
    if not words:
        raise LedgerError(t("segnapunti.no_name", "whose are the points {number}? Write the side before its number",
                            number=number.strip()), "entry", number.strip())
    return setup.resolve_entry(words, WORDS)


def read_points(text: str, field: str) -> int:
    """A round's points as typed (``12``, ``-3``, ``−3``, ``+5``, ``1.200``) → int; ``LedgerError``
    on ``field`` otherwise."""
    return as_int(text.replace("−", "-").replace(" ", "").lstrip("+"), field, -LIMIT, LIMIT)


def questions(setup: MatchSetup, doc: Mapping[str, Any], state: MatchState | None) -> list[Question]:
    """The sides still in whose points are not yet given, in the sides' order."""
    given = doc.get("points") or {}
    if not isinstance(given, Mapping):
        return []  # scoring names the wrong shape
    out: Sequence[str] = state.extra_as(SheetState).out if state is not None else ()
    named = {setup.resolve_side(k, f"points.{k}") for k in given}
    return [Question(side, str(t("segnapunti.ask_points", "{side}: points this round", side=side)), _answer(side))
            for side in setup.side_names if side not in out and side not in named]


def _answer(side: str) -> Callable[[dict[str, Any], str], dict[str, Any]]:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        value = read_points(text.replace("punti", "").replace("points", "").strip(), f"points.{side}")
        return {**doc, "points": {**(doc.get("points") or {}), side: value}}
    return answer
