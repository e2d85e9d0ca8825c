"""What is fixed when a match starts: :class:`MatchSetup`.

A module of its own so that what reads a match's settings without scoring it (``ledger export
--all``: :mod:`ledger.store.export`) need not import the games' protocol and the pieces they share
(:mod:`ledger.games.protocol`: a tenth of a command's start-up, bench/README.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.suggest import did_you_mean
from ledger.i18n import Msg, t


COMPASS_SIDES = {"NS": t("side.ns", "NS"), "EW": t("side.ew", "EW")}
"""The compass sides as stored (``NS``, ``EW``) → their letters in the language (``NS``, ``EO``)."""


Resolve = Callable[[object, str], str]
"""How a match reads a name typed in a document or at the table: ``resolve(name, field)`` is the
side or player as the match spells it (:meth:`MatchSetup.resolve_side`,
:meth:`MatchSetup.resolve_player`); ``LedgerError`` on ``field`` for a name that is none."""

Seated = tuple[tuple[str, ...], dict[str, tuple[str, ...]]]
"""A match's seating as ``Game.seat`` gives it: the players in seat order (clockwise), and each
side's name → its players in seat order."""


@dataclass(frozen=True)
class MatchSetup:
    """What is fixed when a match starts.

    - ``game``, ``rules``: registry name and rule set.
    - ``players``: player names in seat order (the deal passes clockwise in this order).
    - ``sides``: side name → its players in seat order. Each-for-self games have one side per
      player, named as the player.
    - ``options``: the game's options with every default filled in (plain JSON values).
    - ``ended_early``: the scorekeeper ended the match before its natural end.
    """

    game: str
    rules: str
    players: tuple[str, ...]
    sides: Mapping[str, tuple[str, ...]]
    options: JsonDoc = field(default_factory=dict)
    ended_early: bool = False

    @cached_property
    def side_names(self) -> tuple[str, ...]:
        """The sides' names, in order (worked out once: a replay asks it every hand)."""
        return tuple(self.sides)

    @cached_property
    def teams(self) -> bool:
        """True when some side has more than one player."""
        return any(len(p) > 1 for p in self.sides.values())

    def shown_side(self, side: str) -> str:
        """The side ``side`` as people read it, in the language in use: a compass side of a game
        played by compass seats (bridge: ``Game.compass_sides``) in the language's letters (``EW``
        is ``EO`` in Italian); a pair the ledger named ``NS``/``EW`` in a game without compass
        seats (canasta, scopone) by its players, ``Anna & Carla``; any other side as named."""
        if side not in COMPASS_SIDES:
            return side
        from ledger.games import get_game

        if get_game(self.game).compass_sides:
            return str(COMPASS_SIDES[side])
        members = self.sides.get(side, ())
        return " & ".join(members) if len(members) > 1 else side

    def with_shown_sides(self, line: str) -> str:
        """A line for people that names this match's sides by their stored names (``NS +11, EW
        +3``), with each name that :meth:`shown_side` shows otherwise replaced by it (``Anna &
        Carla +11, Bruno & Dario +3``); the line itself when none is."""
        for side in self.sides:
            shown = self.shown_side(side)
            if shown != side:
                line = re.sub(rf"(?<![\w&]){re.escape(side)}(?!\w)", shown.replace("\\", r"\\"), line)
        return line

    def with_shown_choices(self, choices: Iterable[str]) -> tuple[str, ...]:
        """A question's choices as offered to people: a side :meth:`shown_side` shows otherwise
        with its players beside the name that is typed (``NS (Anna & Carla)``)."""
        return tuple(c if self.shown_side(c) == c else f"{c} ({self.shown_side(c)})" for c in choices)

    def check_pairs_whole(self, names: Iterable[object], field: str) -> None:
        """Refuse a hand written for another form of match: in a match of pairs, ``names`` (the
        keys a hand gives its piles or counts under: ``Anna=…``, ``Anna.scope=…``, a document's
        ``sides``) naming two players of one pair apart, as if each played for self. Raises
        ``LedgerError`` on ``FIELD.NAME`` naming the match's pairs::

            this match is played in pairs (Anna & Carla, Bruno & Dario): Anna and Carla play
            together; give their pair once (by the pair's name or one of its players)
        """
        if not self.teams:
            return
        seen: dict[str, str] = {}
        for name in names:
            if not isinstance(name, str):
                continue
            player = self._player_keys.get(name.strip().split(".")[0].strip().casefold())
            if player is None or player.casefold() in (s.casefold() for s in self.sides):
                continue
            side = self._side_keys[player.casefold()]
            if seen.setdefault(side, player) != player:
                from ledger.i18n import listing

                pairs = listing([self._pair_label(s) for s in self.sides])
                raise LedgerError(t("match.pairs_apart", "this match is played in pairs ({pairs}): {first} and "
                                    "{second} play together; give their pair once (by the pair's name or one of "
                                    "its players)", pairs=pairs, first=seen[side], second=player), f"{field}.{name}", name)

    def _pair_label(self, side: str) -> str:
        """A pair as people read it: ``Anna & Carla``, or ``Noi (Anna & Carla)`` for a pair named otherwise."""
        shown, plain = self.shown_side(side), " & ".join(self.sides.get(side, ()))
        return shown if shown == plain else f"{shown} ({plain})"

    def resolve_side(self, name: object, field: str) -> str:
        """The side called ``name`` (case-insensitive), or the side of the player so called.

        Raises ``LedgerError`` naming ``field`` when no side or player matches.
        """
        if isinstance(name, str):
            found = self._side_keys.get(name.strip().casefold())
            if found is not None:
                return found
        if not self.teams:  # each plays for self: the sides are the players
            return self.resolve_player(name, field)
        raise LedgerError(t("match.not_side", "{name!r} is not a side of this match{hint}", name=name,
                            hint=did_you_mean(name, [*self.sides, *self.players], self._known_sides())),
                          field, name)

    def resolve_player(self, name: object, field: str) -> str:
        """The player of this match called ``name`` (case-insensitive), else ``LedgerError``."""
        if isinstance(name, str):
            found = self._player_keys.get(name.strip().casefold())
            if found is not None:
                return found
        raise LedgerError(t("match.not_player", "{name!r} is not a player of this match{hint}", name=name,
                            hint=did_you_mean(name, self.players, self._known_players())), field, name)

    @cached_property
    def _side_keys(self) -> dict[str, str]:
        """Each side by its name's case-folded form, then by each of its players' (a side's name
        before any player's; the first so written, in order)."""
        keys: dict[str, str] = {}
        for side in self.sides:
            keys.setdefault(side.casefold(), side)
        for side, members in self.sides.items():
            for p in members:
                keys.setdefault(p.casefold(), side)
        return keys

    @cached_property
    def _player_keys(self) -> dict[str, str]:
        """Each player by the name's case-folded form (the first so written, in seat order)."""
        keys: dict[str, str] = {}
        for p in self.players:
            keys.setdefault(p.casefold(), p)
        return keys

    def _known_sides(self) -> Msg:
        return t("match.known_sides", " (sides: {sides})", sides=", ".join(self.sides))

    def _known_players(self) -> Msg:
        return t("match.known_players", " (players: {players})", players=", ".join(self.players))

    def resolve_entry(self, key: str, words: Iterable[str], players: bool = False) -> str:
        """The side (with ``players``: the player) that ``key`` of a ``KEY=VALUE`` word of hand
        entry names, once the game has found it is none of its own ``words`` (``table``, ``knock``
        …). Raises ``LedgerError`` on ``entry.KEY`` naming the key, with the nearest of the
        game's words and the match's names when one is close::

            'lsat' is not a player or a word of trentasette (did you mean 'last'?)
        """
        field = f"entry.{key}"
        try:
            return self.resolve_player(key, field) if players else self.resolve_side(key, field)
        except LedgerError:
            pass
        by_side = self.teams and not players
        names = [*self.sides, *self.players] if by_side else list(self.players)
        hint = did_you_mean(key, [*names, *words], self._known_sides() if by_side else self._known_players())
        if by_side:
            msg = t("match.entry_not_side", "{key!r} is not a side, a player or a word of {game}{hint}",
                    key=key, game=self.game, hint=hint)
        else:
            msg = t("match.entry_not_player", "{key!r} is not a player or a word of {game}{hint}",
                    key=key, game=self.game, hint=hint)
        raise LedgerError(msg, field, key)

    def to_json(self) -> JsonDict:
        """The match settings as they appear in a match document (FORMATS.md): ``sides`` when
        some side is not simply one player of the same name, else ``players``; a ``title``
        option as the document's ``title``."""
        doc: JsonDict = {"game": self.game, "rules": self.rules}
        if "title" in self.options:  # a free title (a score sheet's "Cirulla") is the document's own field
            doc["title"] = self.options["title"]
        if self.teams or any((side,) != members for side, members in self.sides.items()):
            doc["sides"] = {s: list(p) for s, p in self.sides.items()}
        else:
            doc["players"] = list(self.players)
        doc["options"] = {k: v for k, v in self.options.items() if k != "title"}
        return doc
