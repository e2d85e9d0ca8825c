"""What the report knows about a game, below the report (pure: imports no report, store or CLI).

:class:`GameNotes` is the default (a points game, highest total first, the biggest hand as a
highlight): its unit, how to order a final score, the extra lines under a result, a hand's own
value for the hands table, the highlights worth telling, and the counters behind each game's
statistics. Each game sets its own as :attr:`ledger.games.protocol.Game.facts` (the games with more to
say subclass it in ``ledger/games/<game>/facts.py``). Everything reads only the replay of a match
(:class:`Record`: each hand's result data and the states after it, the fields documented in
docs/formats.md). :class:`Highlight` is what the highlights are made of.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol

from ledger.games.jsontypes import JsonDict
from ledger.i18n import Msg, listing, t

if TYPE_CHECKING:
    from ledger.games.match_setup import MatchSetup
    from ledger.games.replay import Replay

SEATS = ("N", "E", "S", "W")


@dataclass(frozen=True)
class Highlight:
    """Something worth telling: ``kind`` (e.g. ``"slam"``, ``"31"``, ``"biggest hand"``), the sentence
    (``text``: a message, shown in the language in use, or a text), and where it happened (match
    id, hand number 1-based or None, side or player, a value). ``to_json`` gives the sentence in
    English, as every output for programs."""

    kind: str
    text: "Msg | str"
    match: int | None = None
    hand: int | None = None
    who: str | None = None
    value: int | None = None

    def to_json(self) -> JsonDict:
        text = self.text.render("en") if isinstance(self.text, Msg) else self.text
        return {"kind": self.kind, "text": text, "match": self.match, "hand": self.hand,
                "who": self.who, "value": self.value}


class Joined:
    """Messages (or texts) shown one after the other with ``sep`` between them, in the language
    the message they are a parameter of is shown in: ``"Anna in hearts; Bruno in clubs"``."""

    def __init__(self, items: Iterable[object], sep: str = "; ") -> None:
        self.items, self.sep = list(items), sep

    def __str__(self) -> str:
        return self.sep.join(str(i) for i in self.items)


class Said(str):
    """A text for a person that is also output for programs: as a ``str`` (JSON, joins) it is the
    English of its message; ``str()`` and f-strings show it in the language in use. What
    :meth:`GameNotes.details` returns (a report prints its lines and puts them in ``--json``)."""

    msg: Msg

    def __new__(cls, msg: Msg) -> "Said":
        said = super().__new__(cls, msg.render("en"))
        said.msg = msg
        return said

    def __str__(self) -> str:
        return str(self.msg)


class Record(Protocol):
    """The match the notes read (:class:`ledger.summary.MatchRecord`): its id, setup,
    replay of the live hands and stored status (``open``/``finished``/``ended``)."""

    id: int
    setup: MatchSetup
    replay: Replay
    status: str

    @property
    def over(self) -> bool: ...


def side_label(setup: MatchSetup, side: str) -> str:
    """How a side is called in a report: ``"Carla"``, ``"Anna & Carla"``, ``"NS (Carla & Elena)"``,
    ``"EO (Bruno & Dario)"`` (its name as shown: :meth:`MatchSetup.shown_side`)."""
    members = setup.sides.get(side, ())
    joined, shown = " & ".join(members), setup.shown_side(side)
    if not members or shown == joined:
        return shown
    return f"{shown} ({joined})"


class GameNotes:

    """The defaults: a points game, the highest total first."""

    unit = "points"
    # the game's own highlight kinds → their rank among all kinds (0 the rarest; see
    # ledger.report.text.rarity), shown first when a report has too many highlights
    rarity: ClassVar[Mapping[str, int]] = {}

    def unit_of(self, rec: Record) -> str:
        """What ``rec``'s totals count (``points``, ``lives``, ``hands won`` ...): the game's
        :attr:`unit`; a game whose rule sets count differently says which (Briscola)."""
        return self.unit

    def order(self, rec: Record) -> list[str]:
        """The sides, best first (by total, then seat order)."""
        totals = rec.replay.final.totals
        sides = list(rec.setup.side_names)
        return sorted(sides, key=lambda s: (-number(totals.get(s, 0)), sides.index(s)))

    def details(self, rec: Record) -> list[str]:
        """Short lines under the result (e.g. games and rubber bonus; :class:`Said` texts, so
        ``--json`` has them in English); none by default."""
        return []

    def hand_value(self, rec: Record, i: int, side: str) -> int | str | None:
        """What side ``side`` made in hand ``i`` (0-based) in the game's own terms: its points
        (None: the side had no part in the hand; a text where the game says a hand's value so,
        Trentuno's ``"31"``...)."""
        pts = rec.replay.results[i].points
        return pts.get(side) if pts is not None else None

    def highlights(self, rec: Record) -> list[Highlight]:
        return self.biggest_hand(rec)

    def biggest_hand(self, rec: Record, min_hands: int = 2) -> list[Highlight]:
        """The best single hand of the match (the first one on a tie), when it had a few hands."""
        best = None
        for i, side in hands_by_side(rec):
            v = self.hand_value(rec, i, side)
            if isinstance(v, int) and (best is None or v > best[0]):
                best = (v, i, side)
        if best is None or rec.replay.final.hands < min_hands or best[0] <= 0:
            return []
        v, i, side = best
        return [Highlight("biggest hand", self.biggest_text(rec, i, side_label(rec.setup, side), v), rec.id, i + 1,
                          side, v)]

    def biggest_text(self, rec: Record, i: int, side: str, points: int) -> Msg:
        """The sentence of :meth:`biggest_hand`: ``side`` made ``points`` in hand ``i`` (0-based)
        (a game whose hands are called otherwise says it its way: bridge's deals and boards)."""
        return t("facts.biggest_hand", "Biggest hand: {side} +{points} in hand {hand}", side=side, points=points,
                 hand=i + 1)

    # --- statistics ---------------------------------------------------------------------------
    def counters(self, rec: Record, side: str, player: str) -> dict[str, int]:
        """Counters that add up over matches, for ``ledger stats`` (hands and points by default)."""
        values = [self.hand_value(rec, i, side) for i in range(rec.replay.final.hands)]
        pts = [p for p in values if isinstance(p, int)]
        return {"hands": len(pts), "points": sum(pts)}

    def figures(self, c: Mapping[str, int]) -> JsonDict:
        """The statistics shown for a player from the added-up counters."""
        return {"hands": c.get("hands", 0), "average_hand": average(c.get("points", 0), c.get("hands", 0))}


# --- helpers for the games' notes -----------------------------------------------------------------
def hands_by_side(rec: Record) -> Iterator[tuple[int, str]]:
    """(hand index, side) for every hand of ``rec`` and every side, hand by hand."""
    for i in range(len(rec.replay.results)):
        for side in rec.setup.side_names:
            yield i, side


def number(v: object) -> int:
    """``v`` when a whole number (not a bool), else 0."""
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def average(total: int, n: int) -> float | None:
    """``total / n`` to one place; None when ``n`` is 0."""
    return round(total / n, 1) if n else None


def and_names(names: Iterable[str]) -> str:
    """``["a"]`` → ``"a"``; ``["a", "b", "c"]`` → ``"a, b and c"`` (the list of the language in
    use: in a message, pass the list itself as a parameter instead)."""
    return listing(list(names))
