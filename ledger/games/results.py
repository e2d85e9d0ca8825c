"""What a game gives back: a hand's :class:`HandResult` and a match's :class:`MatchState`.

Both are frozen values; the game's own part of each (a result's ``detail``, a state's ``extra``)
is a :class:`~ledger.games.record.JsonRecord` of the game's class (``Game.result_type``,
``Game.state_extra``), and their :meth:`to_json` is the JSON of FORMATS.md that ``score --json``
and ``replay --json`` print and the ledger stores (``hand.result``, ``hand.state``). A scoring
item of a points game is an :class:`Item` (``{"item": "ace of hearts", "points": 1}``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import starmap
from typing import TypeVar

from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.record import JsonRecord, NoExtra, Stored, frozen, json_object

R = TypeVar("R", bound=JsonRecord)


@frozen(eq=False)
class HandResult:
    """The score of one hand.

    ``detail`` is the game's own result, a frozen :class:`~ledger.games.record.JsonRecord`
    (``Game.result_type``) whose :meth:`to_json` is the JSON object that ``ledger score --json``
    prints and the ledger stores for the hand (its fields per game are in FORMATS.md, e.g.
    ``points`` and ``items``); ``summary`` is one line for people, in the language in use when
    it is first read (it is shown at once, never stored). A game gives the summary as a text or
    as a function of no arguments that writes it (``functools.partial(points_line, points)``),
    called only when the summary is read: an import or a ``score --json`` replays thousands of
    hands and shows none of their lines (issue 17). Two results are equal when their details
    and their summaries are.
    """

    _detail: JsonRecord | Stored  # a result read from the ledger is read as the record when first needed
    _summary: str | Callable[[], str] = ""

    @property
    def summary(self) -> str:
        """The hand's line for people (written on first reading when the game gave a function)."""
        line = self._summary
        if not isinstance(line, str):
            line = line()
            object.__setattr__(self, "_summary", line)
        return line

    def with_detail(self, detail: JsonRecord | Stored) -> HandResult:
        """This result with another ``detail`` and the same summary (still unwritten if it is)."""
        return HandResult(detail, self._summary)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandResult):
            return NotImplemented
        return self._detail == other._detail and self.summary == other.summary

    __hash__ = None  # type: ignore[assignment]  # a result holds mappings

    @property
    def detail(self) -> JsonRecord:
        d = self._detail
        return d.value if isinstance(d, Stored) else d

    def to_json(self) -> JsonDict:
        d = self._detail
        return d.json() if isinstance(d, Stored) else d.to_json()

    @property
    def json_value(self) -> JsonRecord | JsonDoc:
        """What :meth:`to_json` gives, not copied: the record, or the JSON the ledger stored
        (for a writer that lays it out itself: ``ledger.cli.json_list.indented``; not to be changed)."""
        d = self._detail
        return d.doc if isinstance(d, Stored) else d

    def detail_as(self, kind: type[R]) -> R:
        """``detail`` as the game's result class ``kind`` (what the game's own code reads)."""
        assert isinstance(self.detail, kind), (type(self.detail), kind)
        return self.detail

    @property
    def points(self) -> Mapping[str, int] | None:
        """Each side's points in the hand, for a game whose result has them (None otherwise):
        what the default scoreboard and report read without knowing the game."""
        points = getattr(self.detail, "points", None)
        return points if isinstance(points, Mapping) else None


@frozen
class Item(JsonRecord):
    """One scoring item of a side's hand: ``{"item": "ace of hearts", "points": 1}``."""

    item: str
    points: int

    def to_json(self) -> JsonDict:
        """``{"item", "points"}``: the record written most often (every scoring item of every
        hand), so written directly rather than through :class:`JsonRecord`'s plan (the same object)."""
        return {"item": self.item, "points": self.points}


def items_of(by_side: Mapping[str, Iterable[tuple[str, int]]]) -> dict[str, tuple[Item, ...]]:
    """``{side: [(item, points), …]}`` → each side's :class:`Item` values."""
    return {side: tuple(starmap(Item, its)) for side, its in by_side.items()}


@frozen
class PointsResult(JsonRecord):
    """The result of a points game's hand: each side's ``points`` and the ``items`` they came
    from (a game's own result adds its fields after these two)."""

    points: Mapping[str, int]
    items: Mapping[str, tuple[Item, ...]]


Winner = str | list[str] | None
"""Who won a match, as a state holds it and its JSON says it (``"winner"``): a side's name, the
list of the names sharing a win, or None (nobody yet, or nobody)."""

def sole_winner(winner: Winner) -> str | None:
    """``winner`` in a game whose matches are won by one side or by nobody: the side's name, or
    None (a shared win, which such a game never gives, reads as None)."""
    return winner if isinstance(winner, str) else None


_STATE_KEYS = frozenset({"hands", "totals", "winner", "finished"})


@frozen
class MatchState:
    """A match after some hands.

    - ``hands``: live hands applied so far.
    - ``totals``: side (or player) → running total in the game's unit (points; lives for
      Trentuno).
    - ``finished``: the natural end was reached; ``winner`` is a side name, a list of names for a
      shared win, or None.
    - ``extra``: the game's own state (vulnerability, lives, pot, opening minimum …), a frozen
      :class:`~ledger.games.record.JsonRecord` of the game's ``Game.state_extra`` class.
    """

    hands: int
    totals: Mapping[str, int]
    finished: bool = False
    winner: Winner = None
    _extra: JsonRecord | Stored = NoExtra()  # a state read from the ledger: read when first needed

    @property
    def extra(self) -> JsonRecord:
        x = self._extra
        return x.value if isinstance(x, Stored) else x

    def to_json(self) -> JsonDict:
        """``{"hands", "totals", "winner", "finished", **extra}``: what ``replay --json`` prints
        of the final state, and what the ledger stores after each hand (``hand.state``)."""
        doc = {"hands": self.hands, "totals": dict(self.totals), "winner": self.winner,
               "finished": self.finished}
        x = self._extra
        doc.update(x.json(_STATE_KEYS) if isinstance(x, Stored) else x.to_json())
        return doc

    @property
    def json_value(self) -> JsonDict:
        """:meth:`to_json`'s object with the game's own state as its record holds it, not copied
        (for :func:`~ledger.games.record.json_text`, which writes the same text)."""
        doc = {"hands": self.hands, "totals": self.totals, "winner": self.winner, "finished": self.finished}
        x = self._extra
        doc.update(x.json(_STATE_KEYS) if isinstance(x, Stored) else json_object(x))
        return doc

    def extra_as(self, kind: type[R]) -> R:
        """``extra`` as the game's state class ``kind`` (what the game's own code reads)."""
        assert isinstance(self.extra, kind), (type(self.extra), kind)
        return self.extra

    @classmethod
    def from_json(cls, doc: JsonDoc, extra: type[JsonRecord] = NoExtra) -> "MatchState":
        """The state that :meth:`to_json` wrote (a stored ``hand.state``), its game's own part
        read as ``extra`` (``Game.load_state`` knows which): applying the next hand to it gives
        what applying it to the original gives (a test checks every game)."""
        return cls(doc["hands"], dict(doc["totals"]), bool(doc["finished"]), doc["winner"], Stored(extra, doc))
