"""The scoreboard as plain values (:class:`Board`, :class:`Table`, :class:`Column`) and the text
helpers every game's board and notes share (titles, cells, status lines, points lines).

A game describes its scoreboard with these values; the CLI renders them with rich and the page
for the phones as HTML: games never import rich. Texts are written when the board is drawn, in
the language in use (``str(t(...))``, numbers through :func:`ledger.i18n.number`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ledger.games.facts import Said
from ledger.games.match_setup import MatchSetup
from ledger.i18n import listing, signed, t, tn

if TYPE_CHECKING:  # the roles use these helpers, and these helpers read a game through its roles
    from ledger.games.protocol.info import GameInfo
    from ledger.games.protocol.presentation import Presentation
    from ledger.games.replay import Replay


@dataclass(frozen=True)
class Column:
    """One column of a scoreboard table: a header and how to align it (``left``/``right``/``center``).

    ``below``: a column of prose (a hand's notes) that the terminal may show on a line of its own
    under each row, as wide as the screen, when the table would not fit beside it. ``nowrap``: a
    cell is never split over two lines (a contract and its result, ``4SXX S -3``).

    A board is drawn when it is shown, so its texts (title, headers, cells, notes) are in the
    language in use (``str(t(...))``, numbers through :func:`ledger.i18n.number`)."""

    header: str
    justify: str = "right"
    below: bool = False
    nowrap: bool = False


@dataclass(frozen=True)
class Table:
    """A plain table for people: the CLI renders it with rich; games never import rich."""

    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""
    # rows after which a horizontal line is drawn (e.g. a bridge game line), 0-based indices
    lines_after: tuple[int, ...] = ()


@dataclass(frozen=True)
class Board:
    """What the scoreboard shows: one or more tables, then status lines (who won, who deals)."""

    tables: tuple[Table, ...]
    notes: tuple[str, ...] = ()


def points_board(game: Presentation, setup: MatchSetup, rp: Replay, unit: str = "") -> Board:
    """The standard scoreboard of a points game: per hand each side's points and running totals."""
    sides = setup.side_names
    cols = [Column("#"), Column(str(t("board.dealer", "dealer")), "left")]
    for s in sides:
        cols += [Column(setup.shown_side(s)), Column(str(t("board.total", "total")))]
    cols.append(Column(str(t("board.notes", "notes")), "left", below=True))
    rows = []
    for i, (res, st) in enumerate(zip(rp.results, rp.states), rp.offset):
        pts = res.points or {}
        row = [str(i + 1), game.dealer(setup, i)]
        for s in sides:
            row += [signed(pts.get(s, 0)), cell(st.totals.get(s, 0))]
        row.append(sides_shown_in(setup, game.hand_note(res)))
        rows.append(tuple(row))
    table = Table(board_title(game, setup), tuple(cols), tuple(rows))
    return Board((table,), tuple(status_notes(game, setup, rp)))


def sides_shown_in(setup: MatchSetup, note: str) -> str:
    """A hand's note (written from its result alone, by the sides' stored names) with each pair
    the ledger named ``NS``/``EW`` written as people read it (:meth:`MatchSetup.shown_side`):
    ``NS: 3 scope`` → ``Anna & Carla: 3 scope``; ``EW`` → ``EO`` at bridge in Italian."""
    shown = {side: setup.shown_side(side) for side in setup.sides if side in ("NS", "EW")}
    shown = {side: word for side, word in shown.items() if word != side}
    if not shown or not note:
        return note
    return re.sub(r"\b(NS|EW)\b", lambda m: shown.get(m.group(1), m.group(1)), note)


def board_title(game: GameInfo, setup: MatchSetup, sides: Sequence[str] | None = None) -> str:
    """``"Trentasette — Anna v Bruno v Carla"``: a scoreboard's title, its sides with their players."""
    versus = str(t("board.versus", " v ")).join(side_label(setup, s) for s in (sides or setup.side_names))
    return str(t("board.title", "{game} — {sides}", game=game.title, sides=versus))


def cell(value: object) -> str:
    """A number in a scoreboard's cell, with the digits of the language in use (``12000`` /
    ``12.000``; a ``Decimal`` keeps its decimals: ``7.0`` / ``7,0``); anything else as it is."""
    from decimal import Decimal

    from ledger.i18n import language, number

    exponent = value.as_tuple().exponent if isinstance(value, Decimal) else 0
    if isinstance(value, Decimal) and isinstance(exponent, int) and exponent < 0 and language() != "en":
        from babel.numbers import format_decimal

        places = -int(value.as_tuple().exponent)
        return format_decimal(value, format="#,##0." + "0" * places, locale=language())
    if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool):
        return number(value)
    return str(value)


def status_notes(game: Presentation, setup: MatchSetup, rp: Replay) -> list[str]:
    """The lines under every scoreboard: who won (or that the match goes on) and who deals next."""
    final = rp.final
    notes = []
    if final.winner is not None:
        sides = [final.winner] if isinstance(final.winner, str) else list(final.winner)
        names = [setup.shown_side(w) for w in sides]
        if len(sides) == 1 and len(setup.sides.get(sides[0], ())) > 1:  # one pair: the verb agrees with its players
            notes.append(str(t("board.pair_wins", "{names} win.", names=names) if final.finished else
                             t("board.ended_pair_wins", "Ended early: {names} win (ahead when it was ended).",
                               names=names)))
        elif final.finished:
            notes.append(str(tn("board.wins", "{names} wins.", "{names} share the win.", len(names), names=names)))
        else:
            notes.append(str(tn("board.ended_wins", "Ended early: {names} wins (ahead when it was ended).",
                                "Ended early: {names} share the win (ahead when it was ended).", len(names),
                                names=names)))
    elif final.finished:
        notes.append(str(t("board.over", "The match is over.")))
    elif setup.ended_early:
        notes.append(str(t("board.ended_no_winner", "The match was ended early, with no winner.")))
    else:
        notes.append(str(t("board.next_dealer", "Next dealer: {name}.", name=game.next_dealer(setup, final))))
    return notes


class _Later:
    """A text computed when it is shown (in the language in use then)."""

    def __init__(self, fn: Callable[[], str]):
        self.fn = fn

    def __str__(self) -> str:
        return self.fn()


def in_words(fn: Callable[[], str]) -> str:
    """What ``fn`` says, as a :class:`~ledger.games.facts.Said` text: English where it is output
    for programs (``match history --json``), the language in use when shown (``str()``)."""
    return Said(t("hand.described", "{line}", line=_Later(fn)))


def points_line(points: object) -> str:
    """``{"Anna": 1, "Bruno": -8}`` → ``"Anna +1, Bruno -8"`` (``""`` for anything but such a
    mapping): the one-line summary of a points game's hand."""
    if not isinstance(points, Mapping):
        return ""
    return ", ".join(f"{side} {_signed(n)}" for side, n in points.items())


def join_names(names: Sequence[str]) -> str:
    """``["Anna", "Bruno", "Carla"]`` → ``"Anna, Bruno and Carla"`` (``"Anna, Bruno e Carla"``:
    the list of the language in use)."""
    return listing(list(names))


def side_label(setup: MatchSetup, side: str) -> str:
    """A side with its players when its name (as shown: :meth:`MatchSetup.shown_side`) does not
    already say them: ``Noi (Anna & Carla)``, ``EO (Bruno & Dario)``, ``Anna & Carla``."""
    members = setup.sides.get(side, ())
    plain, shown = " & ".join(members), setup.shown_side(side)
    return shown if len(members) < 2 or shown == plain else f"{shown} ({plain})"


def _signed(n: object) -> str:
    return (f"{n:+d}" if n else "0") if isinstance(n, int) else str(n)  # a zero has no sign
