"""Partnerships at the table: who sits where when a game is played in pairs.

Two helpers the games played in pairs share (RULES.md "Burraco (no seed)", "Canasta (seed 003)",
"Seats and the deal"): :func:`pairs_by_seat` pairs four players listed in seat order, partners
sitting opposite; :func:`seat_partners` seats two named sides alternately, checking the seating
the scorekeeper listed beside them. Each game keeps its own error messages
(:class:`SeatingErrors`): their codes are what programs match (``--json``). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ledger.errors import LedgerError
from ledger.games.match_setup import Seated
from ledger.games.parsing import check_names
from ledger.i18n import Msg


def pairs_by_seat(names: tuple[str, ...], by_players: bool = False) -> Seated:
    """Players listed in seat order → the seating: 4 make the pairs ``NS`` (seats 1 and 3) and
    ``EW`` (seats 2 and 4), partners sitting opposite (``by_players``: each pair named by its
    players, ``Anna & Carla``); any other number play each for self, a side per player named as
    the player. The caller has checked the names and their number."""
    if len(names) != 4:
        return names, {p: (p,) for p in names}
    pairs = (names[0], names[2]), (names[1], names[3])
    return names, dict(zip((" & ".join(p) for p in pairs) if by_players else ("NS", "EW"), pairs))


@dataclass(frozen=True)
class SeatingErrors:
    """A game's words for the sides it cannot seat (:func:`seat_partners`): ``not_two``, the
    sides are not two; ``sizes``, a side has a number of players the game is not played with, or
    the two differ; ``other_people``, the players listed beside the sides are other people;
    ``not_opposite``, the players listed do not alternate between the sides."""

    not_two: Msg
    sizes: Msg
    other_people: Msg
    not_opposite: Msg


def seat_partners(sides: object, players: object, errors: SeatingErrors, sizes: Sequence[int] = (2,)) -> Seated:
    """Two sides (side name → its players, both of one of the ``sizes``) seated alternately: the
    first player of each side, then the second, so that partners sit opposite. ``players``, when
    given, is the seating itself: the same people, alternating between the sides.

    Raises ``LedgerError`` with the game's ``errors``: on ``sides`` (not two sides, a size not
    allowed) or ``players`` (other people, partners side by side); a name that is no name, or
    given twice, on ``sides.NAME`` / ``sides`` / ``players`` (:func:`check_names`).
    """
    if not isinstance(sides, Mapping) or len(sides) != 2:
        raise LedgerError(errors.not_two, "sides", sides)
    teams = {str(k): check_names(v, f"sides.{k}") for k, v in sides.items()}
    a, b = teams.values()
    if len(a) != len(b) or len(a) not in sizes:
        raise LedgerError(errors.sizes, "sides", sides)
    seated = check_names([p for turn in zip(a, b) for p in turn], "sides")
    if not players:
        return seated, teams
    order = check_names(players, "players")
    by_key = {p.casefold(): p for p in seated}
    if set(by_key) != {p.casefold() for p in order}:
        raise LedgerError(errors.other_people, "players", list(order))
    side_of = {p.casefold(): s for s, ps in teams.items() for p in ps}
    if any(side_of[p.casefold()] == side_of[q.casefold()] for p, q in zip(order, order[1:])):
        raise LedgerError(errors.not_opposite, "players", list(order))
    return tuple(by_key[p.casefold()] for p in order), teams
