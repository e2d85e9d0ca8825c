"""Trentasette: captured piles scored to 37 (seed 000, RULES.md "Trentasette").

52 French cards, no jokers. 2 players (1 v 1), 3 players (each for self) or 4 players (2 v 2,
partners sitting opposite: seats 1 and 3 against 2 and 4), so a hand has 2 or 3 sides.

A hand document (FORMATS.md)::

    {"game": "trentasette",
     "sides": {"Anna": "AH 2H 3H ...", "Bruno": "rest"},
     "table": "5C 9D", "last_capture": "Anna"}

Each side's value is its captured pile as cards, ``"rest"`` (the cards nobody else holds; at most
one side), or the facts the side counted from its pile (see :data:`COUNT_FIELDS`). The piles plus
the table are exactly the 52 cards; the table goes to ``last_capture``.

Points per side (units: points), from its own pile: +1 most cards and +1 most figures (unique most
only); +2 per numeric rank held complete (all 4 with 2 sides, at least 3 with 3 sides); +2 ace of
hearts; +3 per suit with a run of numeric cards (7 long with 2 sides, 6 with 3; ace low; one per
suit); -1 two of spades; -2 no seven; -3 per suit with no numeric card. First side to 37 at the
end of a hand wins; if several are at 37 or more the highest wins; a tie for the highest plays on.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import filterfalse
from typing import Any

from ledger.cards import FRENCH_52, NUMERIC_RANKS, SUIT_NAMES, SUITS, Card, format_cards, parse_cards, suit_name
from ledger.errors import LedgerError
from ledger.games.base import (
    in_words,
    Answer, Game, HandResult, JsonRecord, MatchState, PointsResult, Question, as_bool, as_int, check_keys, check_names,
    frozen, items_of, key_value_entry, need, optional, points_board, points_line, running_winner,
)
from ledger.games.trentasette.facts import TrentasetteNotes
from ledger.i18n import t, tn
from ledger.games.base import Board, Replay  # noqa: F401 (annotations)
from ledger.games.match_setup import MatchSetup  # noqa: F401 (annotations)
from ledger.i18n import Msg  # noqa: F401 (annotations)

TARGET = 37
REST_WORDS = {"rest", "resto", "rest of the deck", "il resto", "*"}
COUNT_WORDS = {"count", "conta", "conteggio", "contare"}  # the pile given as counts, asked one by one
# the words of hand entry besides the sides: the cards left on the table, and who took them
TABLE_WORDS = ("table", "tavolo", "banco")
LAST_WORDS = ("last", "last_capture", "ultima", "ultima_presa")

# the facts a side may report instead of its cards: field → meaning (a message, for people)
COUNT_FIELDS = {
    "cards": t("trentasette.count_cards", "number of cards in the pile (0-52)"),
    "figures": t("trentasette.count_figures", "number of figures J Q K in the pile (0-12)"),
    "ranks": t("trentasette.count_ranks", "numeric ranks held complete (all 4; at least 3 with three sides), e.g. "
               "\"3 6\" or none"),
    "ace_of_hearts": t("trentasette.count_ace", "holds the ace of hearts (yes/no)"),
    "two_of_spades": t("trentasette.count_two", "holds the two of spades (yes/no)"),
    "sevens": t("trentasette.count_sevens", "holds at least one seven (yes/no)"),
    "runs": t("trentasette.count_runs", "suits with a run (7 in a row; 6 with three sides), e.g. \"H\" or none"),
    "missing_suits": t("trentasette.count_missing_suits", "suits of which the pile has no numeric card, e.g. \"C\" "
                       "or none"),
}
# the same facts as asked in a match of two sides, where the three-side counts do not apply
_TWO_SIDES = {
    "ranks": t("trentasette.count_ranks_two", "numeric ranks held complete (all 4), e.g. \"3 6\" or none"),
    "runs": t("trentasette.count_runs_two", "suits with a run (7 in a row), e.g. \"H\" or none"),
}
# the two cards that are facts of their own, for people
_FACT_CARDS = {"ace_of_hearts": t("trentasette.ace_of_hearts", "the ace of hearts"),
               "two_of_spades": t("trentasette.two_of_spades", "the two of spades")}
# the count fields as Italian players name them (Anna.carte=20 Anna.figure=6 ...)
COUNT_KEYS = {"carte": "cards", "figure": "figures", "valori": "ranks", "asso_di_cuori": "ace_of_hearts",
              "due_di_picche": "two_of_spades", "sette": "sevens", "scale": "runs", "semi_mancanti": "missing_suits"}
_LIST_COUNTS = ("ranks", "runs", "missing_suits")
_REQUIRED_COUNTS = tuple(COUNT_FIELDS)  # every fact must be reported: a forgotten one would score silently


@frozen
class Pile:
    """What scoring needs to know of one side's pile (the same whether from cards or counted)."""

    cards: int
    figures: int
    ranks: frozenset[str]          # numeric ranks held complete (threshold by number of sides)
    ace_of_hearts: bool
    two_of_spades: bool
    sevens: bool
    runs: frozenset[str]           # suits with a qualifying run
    missing_suits: frozenset[str]  # suits with no numeric card
    counted: bool = False     # entered as counts, not cards

    def to_json(self) -> dict[str, Any]:
        """The pile's facts as JSON (a counted pile's fields, FORMATS.md)."""
        return self.facts().to_json()

    def facts(self) -> "PileFacts":
        """What a hand's result says of the pile."""
        return PileFacts(self.cards, self.figures, _in_order(self.ranks), self.ace_of_hearts, self.two_of_spades,
                         self.sevens, _in_order(self.runs), _in_order(self.missing_suits))


@frozen
class PileFacts(JsonRecord):
    """A pile as a hand's result gives it (``piles`` of FORMATS.md): ranks and suits in order."""

    cards: int
    figures: int
    ranks: tuple[str, ...]
    ace_of_hearts: bool
    two_of_spades: bool
    sevens: bool
    runs: tuple[str, ...]
    missing_suits: tuple[str, ...]


@frozen
class TrentasetteResult(PointsResult):
    """A hand's result: ``points`` and ``items`` per side, each side's ``piles`` facts, and
    ``rest``, the side whose pile was the rest of the deck, when one was."""

    piles: Mapping[str, PileFacts]
    rest: str | None = optional()


def thresholds(n_sides: int) -> tuple[int, int]:
    """(cards of a rank for the +2, length of a run for the +3): (4, 7) with 2 sides, (3, 6) with 3."""
    return (4, 7) if n_sides == 2 else (3, 6)


def pile_from_cards(cards: Sequence[Card], n_sides: int) -> Pile:
    """The facts of a pile given card by card (``n_sides`` sets the rank and run thresholds).

    A pile of distinct cards of the deck is read as a 52-bit set (a replay reads 52 cards a hand,
    so this is the scorer's hot spot); anything else card by card.
    """
    need_rank, run_len = thresholds(n_sides)
    try:
        mask = sum(map(_BIT.__getitem__, cards))
    except KeyError:
        mask = -1
    if mask < 0 or mask.bit_count() != len(cards):
        return _pile_card_by_card(cards, need_rank, run_len)
    # A..10 of each suit (suit k's ace is bit 13k), then the numeric ranks complete as bits
    s, h, d, c = numeric = (mask & 0x3FF, (mask >> 13) & 0x3FF, (mask >> 26) & 0x3FF, (mask >> 39) & 0x3FF)
    complete = s & h & d & c if need_rank == 4 else (s & h & (d | c)) | (d & c & (s | h))  # all four, or three
    return Pile(len(cards), (mask & _FIGURE_MASK).bit_count(), _ranks_of(complete), bool(mask & _ACE_OF_HEARTS_BIT),
                bool(mask & _TWO_OF_SPADES_BIT), bool(mask & _SEVENS), _suits_of(_run_bits(numeric, run_len)),
                _suits_of((not s) | (not h) << 1 | (not d) << 2 | (not c) << 3))


def _pile_card_by_card(cards: Sequence[Card], need_rank: int, run_len: int) -> Pile:
    by_rank: Counter[Any] = Counter()
    orders: dict[str, set[int]] = {s: set() for s in SUITS}
    figures = 0
    for c in cards:
        order = _NUMERIC_ORDER.get(c.rank)
        if order is not None:
            by_rank[c.rank] += 1
            orders[c.suit].add(order)
        elif c.rank in _FIGURES:
            figures += 1
    return Pile(
        cards=len(cards),
        figures=figures,
        ranks=frozenset(r for r, n in by_rank.items() if n >= need_rank),
        ace_of_hearts=ACE_OF_HEARTS in cards,
        two_of_spades=TWO_OF_SPADES in cards,
        sevens=by_rank["7"] > 0,
        runs=frozenset(s for s in SUITS if len(orders[s]) >= run_len and _longest_run(orders[s]) >= run_len),
        missing_suits=frozenset(s for s in SUITS if not orders[s]),
    )


ACE_OF_HEARTS = Card("A", "H")
TWO_OF_SPADES = Card("2", "S")
_NUMERIC_ORDER = {r: i + 1 for i, r in enumerate(NUMERIC_RANKS)}
_FIGURES = frozenset(("J", "Q", "K"))
# the 52 cards as bits: suit k holds bits 13k (ace) .. 13k + 12 (king); A..10 are its low ten bits
_ALL_RANKS = (*NUMERIC_RANKS, "J", "Q", "K")
_BIT = {Card(r, s): 1 << (13 * k + i) for k, s in enumerate(SUITS) for i, r in enumerate(_ALL_RANKS)}
_FIGURE_MASK = sum(_BIT[Card(r, s)] for s in SUITS for r in _FIGURES)
_RANK_MASKS = tuple((r, sum(_BIT[Card(r, s)] for s in SUITS)) for r in NUMERIC_RANKS)
_SEVENS = dict(_RANK_MASKS)["7"]


def _longest_run(orders: set[int]) -> int:
    best = run = 0
    for o in range(1, 11):
        run = run + 1 if o in orders else 0
        if run > best:
            best = run
    return best


def _has_run(bits: int, length: int) -> bool:
    """True when ``bits`` (A..10 of one suit, bit i = order i + 1) hold ``length`` in a row."""
    run = bits
    for i in range(1, length):
        run &= bits >> i
    return run != 0


_ACE_OF_HEARTS_BIT, _TWO_OF_SPADES_BIT = _BIT[ACE_OF_HEARTS], _BIT[TWO_OF_SPADES]
# each set of numeric ranks (bit i: NUMERIC_RANKS[i]) or of suits (bit k: SUITS[k]) met, by its
# bits; whether a suit's numeric cards (bit i: order i + 1) hold a run, by the run's length and
# the bits; each set in the order a result gives it (ranks A..10, suits S H D C): made when first
# needed (a replay meets few of them, again and again), at most 1024 of each
_RANK_SETS: dict[int, frozenset[str]] = {}
_SUIT_SETS: dict[int, frozenset[str]] = {}
_RUNS: dict[int, dict[int, bool]] = {6: {}, 7: {}}
_ORDERED: dict[frozenset[str], tuple[str, ...]] = {}


def _ranks_of(bits: int) -> frozenset[str]:
    found = _RANK_SETS.get(bits)
    if found is None:
        found = _RANK_SETS[bits] = frozenset(r for i, r in enumerate(NUMERIC_RANKS) if bits >> i & 1)
    return found


def _suits_of(bits: int) -> frozenset[str]:
    found = _SUIT_SETS.get(bits)
    if found is None:
        found = _SUIT_SETS[bits] = frozenset(s for k, s in enumerate(SUITS) if bits >> k & 1)
    return found


def _run_bits(numeric: Sequence[int], length: int) -> int:
    """The suits (bit k: SUITS[k]) whose numeric cards (``numeric[k]``, bit i: order i + 1) hold a
    run of ``length`` (6 or 7)."""
    runs = _RUNS[length]
    out = 0
    for k, bits in enumerate(numeric):
        found = runs.get(bits)
        if found is None:
            found = runs[bits] = _has_run(bits, length)
        out |= found << k
    return out


def _in_order(values: frozenset[str]) -> tuple[str, ...]:
    """A set of numeric ranks or of suits in the order a result gives it: ranks A..10, suits S H D C."""
    found = _ORDERED.get(values)
    if found is None:
        found = tuple(x for x in (*NUMERIC_RANKS, *SUITS) if x in values)
        if len(_ORDERED) < 2048:
            _ORDERED[values] = found
    return found


def score_piles(piles: Mapping[str, Pile]) -> dict[str, list[tuple[str, int]]]:
    """Every side's scoring items, ``side → [(item, points), ...]`` (RULES.md, Trentasette)."""
    items: dict[str, list[tuple[str, int]]] = {s: [] for s in piles}
    three = len(piles) == 3
    for label, attr in (("most cards", "cards"), ("most figures", "figures")):
        best = max(getattr(p, attr) for p in piles.values())
        top = [s for s, p in piles.items() if getattr(p, attr) == best]
        if len(top) == 1:
            items[top[0]].append((label, 1))
    for s, p in piles.items():
        for r in _in_order(p.ranks):
            items[s].append((f"{'three or four' if three else 'all four'} {r}s", 2))
        if p.ace_of_hearts:
            items[s].append(("ace of hearts", 2))
        for suit in _in_order(p.runs):
            items[s].append((f"run in {SUIT_NAMES[suit]}", 3))
        if p.two_of_spades:
            items[s].append(("two of spades", -1))
        if not p.sevens:
            items[s].append(("no seven", -2))
        for suit in _in_order(p.missing_suits):
            items[s].append((f"no {SUIT_NAMES[suit]}", -3))
    return items


SUIT_SIGNS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
NOTES_KEY = t("trentasette.notes_key", "A♥ ace of hearts +2 · four 3s: all four 3s, +2 a rank · run ♣: a run in "
              "clubs +3 · 2♠ -1 · no 7: no seven -2 · no ♦: no numeric diamond -3")
NOTES_KEY_THREE = t("trentasette.notes_key_three", "A♥ ace of hearts +2 · three 3s: three or four 3s, +2 a rank · "
                    "run ♣: a run in clubs +3 · 2♠ -1 · no 7: no seven -2 · no ♦: no numeric diamond -3")


def _side_note(labels: Sequence[str]) -> str:
    """One side's items (:func:`score_piles` labels) in a few signs: ``A♥ · four 3s 9s · run ♣``."""
    sets: list[str] = []
    rest: list[str] = []
    word = ""
    for label in labels:
        if label.startswith(("all four ", "three or four ")):
            word = (str(t("trentasette.note_four", "four")) if label.startswith("all four ")
                    else str(t("trentasette.note_three", "three")))
            sets.append(str(t("trentasette.note_rank", "{rank}s", rank=label.rsplit(" ", 1)[1].removesuffix("s"))))
        elif label == "ace of hearts":
            rest.insert(0, "A♥")
        elif label.startswith("run in "):
            rest.append(str(t("trentasette.note_run", "run {suit}", suit=SUIT_SIGNS[label[7:]])))
        elif label == "two of spades":
            rest.append("2♠")
        elif label == "no seven":
            rest.append(str(t("trentasette.note_no_seven", "no 7")))
        elif label.startswith("no ") and label[3:] in SUIT_SIGNS:
            rest.append(str(t("trentasette.note_no_suit", "no {suit}", suit=SUIT_SIGNS[label[3:]])))
    if sets:
        rest.insert(1 if rest[:1] == ["A♥"] else 0, f"{word} {' '.join(sets)}")
    return " · ".join(rest)


class Trentasette(Game):
    """The Trentasette scorer (see the module docstring for the rules it implements)."""

    name = "trentasette"
    samples = "ledger.games.trentasette.sample"
    sample_weight = 30
    result_type = TrentasetteResult
    facts = TrentasetteNotes()
    title = "Trentasette"
    version = "1"
    rule_sets = ("standard",)
    own_options = ("target",)
    min_players = 2
    max_players = 4

    # --- setup --------------------------------------------------------------------------------
    def seat(self, rules: str, players: Sequence[str] | None, sides: Mapping[str, Sequence[str]] | None) -> tuple[tuple[str, ...], dict[str, Any]]:
        """2 or 3 players each for self; 4 players in two teams sitting alternately.

        ``sides`` (team name → 2 players) seats the teams alternately; 4 ``players`` without
        sides pair seats 1 and 3 against 2 and 4, the teams named "A & C".
        """
        if sides:
            if not isinstance(sides, Mapping) or len(sides) != 2:
                raise LedgerError(t("trentasette.two_sides", "four players play as two sides of two"), "sides", sides)
            teams = {str(k): check_names(v, f"sides.{k}") for k, v in sides.items()}
            a, b = teams.values()
            if len(a) != 2 or len(b) != 2:
                raise LedgerError(t("trentasette.pairs", "each side has two players"), "sides", sides)
            seated = check_names([a[0], b[0], a[1], b[1]], "sides")
            return seated, teams
        names = check_names(players, "players")
        self.check_player_count(len(names))
        if len(names) == 4:
            return names, {f"{names[0]} & {names[2]}": (names[0], names[2]),
                           f"{names[1]} & {names[3]}": (names[1], names[3])}
        return names, {p: (p,) for p in names}

    def check_options(self, rules: str, options: dict[str, Any], players: tuple[str, ...]) -> dict[str, Any]:
        target = options.pop("target", TARGET)
        out = super().check_options(rules, options, players)
        out["target"] = as_int(target, "options.target", 1, 100_000)
        return out

    # --- one hand -----------------------------------------------------------------------------
    def score(self, doc: Mapping[str, Any], rules: object=None) -> HandResult:
        """Score a hand document on its own: 2 or 3 sides named as the document names them.

        Returns a :class:`HandResult` whose data is ``{"points": {side: int}, "items": {side:
        [{"item": str, "points": int}]}, "piles": {side: facts}}``. Raises ``LedgerError`` for an
        unknown field, a wrong card, a card twice, piles that do not make the 52-card deck, or
        counted facts that contradict each other.
        """
        self.check_rules(rules if rules is not None else doc.get("rules"))
        check_keys(doc, {"sides", "table", "last_capture"})
        sides = need(doc, "sides")
        if not isinstance(sides, Mapping) or not 2 <= len(sides) <= 3:
            raise LedgerError(t("trentasette.sides_count_team", "a hand has 2 or 3 sides (a 4-player team is one side)"),
                              "sides", sides)
        return _score(dict(sides), doc.get("table"), doc.get("last_capture"), lambda k, f: str(k))

    def apply(self, setup: MatchSetup, state: MatchState, doc: Mapping[str, Any]) -> tuple[MatchState, HandResult]:
        if state.finished:
            raise LedgerError(t("match.over", "the match is over: no more hands"), "hand", None)
        check_keys(doc, {"sides", "table", "last_capture"})
        sides = need(doc, "sides")
        if not isinstance(sides, Mapping):
            raise LedgerError(t("trentasette.not_piles", "expected the sides' piles"), "sides", sides)
        result = _score(dict(sides), doc.get("table"), doc.get("last_capture"),
                        setup.resolve_side, expected=setup.side_names)
        totals = {s: state.totals.get(s, 0) + result.detail_as(TrentasetteResult).points[s] for s in setup.side_names}
        finished, winner = running_winner(totals, setup.options.get("target", TARGET))
        return MatchState(state.hands + 1, totals, finished, winner), result

    def hand_note(self, result: HandResult) -> str:
        """Each side's notable items at a glance, side by side: ``Carla: A♥ · four 3s 9s · run ♣;
        Anna: no 7`` (the sets of a rank: ``four`` with two sides, ``three`` (or four) with three;
        ``2♠`` the two of spades, ``no 7`` no seven, ``no ♦`` no numeric diamond), explained once
        under the scoreboard (:data:`NOTES_KEY`). Most cards and most figures go unnoted."""
        parts = []
        for side, items in result.detail_as(TrentasetteResult).items.items():
            note = _side_note([it.item for it in items])
            if note:
                parts.append(f"{side}: {note}")
        return "; ".join(parts)

    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """The points scoreboard (:func:`points_board`) with the notes' key under it."""
        board = points_board(self, setup, replay)
        if not any(row[-1] for table in board.tables for row in table.rows):
            return board  # no notes yet: nothing to explain
        key = str(NOTES_KEY_THREE if len(setup.side_names) == 3 else NOTES_KEY)
        return replace(board, tables=tuple(replace(table, caption=key) for table in board.tables))

    def describe_hand(self, doc: Mapping[str, Any], result: Mapping[str, Any] | None=None, setup: MatchSetup | None=None) -> str:
        """:meth:`_describe` in words of the language it is shown in (English in ``--json``)."""
        return in_words(lambda: self._describe(doc, result, setup))

    def _describe(self, doc: Mapping[str, Any], result: Mapping[str, Any] | None = None,
                  setup: MatchSetup | None = None) -> str:
        """With ``result``: each side's points, ``"Anna +1, Bruno -8, Carla +12"``; without: each
        side's pile as entered, ``"Anna 22 cards, Bruno counted, Carla rest; table 2 cards to Anna"``."""
        if isinstance(result, Mapping) and isinstance(result.get("points"), Mapping):
            return points_line(result["points"])
        sides = doc.get("sides")
        if not isinstance(sides, Mapping):
            return ""
        parts = [f"{side} {_pile_text(pile)}" for side, pile in sides.items()]
        text = ", ".join(parts)
        if doc.get("table"):
            text += "; " + str(t("trentasette.entered_table", "table {cards} to {side}", cards=_cards_text(doc["table"]),
                                 side=doc.get("last_capture") or "?"))
        return text

    # --- entry ----------------------------------------------------------------------------------
    def entry_help(self) -> Msg | None:
        """How a player writes a hand in one line, for ``help`` in ``ledger play``."""
        return t("play.help.trentasette",
                 "Each side's captured pile: its cards, or 'rest' for the cards no other side took:\n"
                 "  Anna=\"AH 2H 3H …\" Bruno=rest\n"
                 "The cards left on the table and who made the last capture: table=\"5C 7D\" last=Anna. "
                 "Without the cards, the pile's counts: Anna=count (its facts are then asked one by one).")

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> dict[str, Any]:
        """``Anna="AH 2H …" Bruno=rest table="5C" last=Anna`` or counts ``Anna.cards=20 …`` (``Anna=count``:
        the counts, to be asked)."""
        raw = key_value_entry(tokens)
        doc: dict[str, Any] = {"sides": {}}
        for k, v in raw.items():
            low = k.lower()
            if low in TABLE_WORDS:
                doc["table"] = v
            elif low in LAST_WORDS:
                doc["last_capture"] = v
            else:
                side = setup.resolve_entry(k, (*TABLE_WORDS, *LAST_WORDS))
                if side in doc["sides"]:
                    raise LedgerError(t("trentasette.entry_twice", "{side!r} is given twice: a side has one pile, "
                                        "entered once", side=side), f"entry.{k}", k)
                if isinstance(v, dict):  # counts by dotted keys, also in Italian (Anna.carte=20)
                    v = {COUNT_KEYS.get(f.strip().lower(), f): x for f, x in v.items()}
                doc["sides"][side] = {} if str(v).strip().lower() in COUNT_WORDS else v  # counts, asked one by one
        return doc

    def questions(self, setup: MatchSetup, doc: Mapping[str, Any], state: MatchState | None=None) -> list[Question]:
        sides = doc.get("sides") or {}
        if not isinstance(sides, Mapping):
            return []  # nothing to ask: scoring names the wrong shape
        qs: list[Question] = []
        for side in setup.side_names:
            given = {setup.resolve_side(k, "sides"): v for k, v in sides.items()}
            if side not in given:
                qs.append(Question(side, str(t("trentasette.ask_pile", "{side}: captured pile (the cards, 'rest', or "
                                               "'count')", side=side)), _answer_pile(side)))
                return qs
            v = given[side]
            if isinstance(v, Mapping):
                for f, meaning in COUNT_FIELDS.items():
                    if len(setup.side_names) == 2:
                        meaning = _TWO_SIDES.get(f, meaning)
                    if f not in v:
                        qs.append(Question(f"{side}.{f}", str(t("trentasette.ask_count", "{side}: {meaning}", side=side,
                                                                meaning=meaning)), _answer_count(side, f)))
                        return qs
        if "table" not in doc and _short_of_deck(sides):
            qs.append(Question("table", str(t("trentasette.ask_table", "cards left on the table at the end (Enter for "
                                              "none)")), _answer_table, default=""))
        elif doc.get("table") and not doc.get("last_capture"):
            qs.append(Question("last_capture", str(t("trentasette.ask_last", "who made the last capture")), _answer_last,
                               choices=setup.side_names))
        return qs


def _pile_text(pile: object) -> str:
    """A side's pile as entered, in a word or two: ``22 cards``, ``rest``, ``counted``."""
    if isinstance(pile, Mapping):
        return str(t("trentasette.entered_counted", "counted"))
    if isinstance(pile, str) and pile.strip().lower() in REST_WORDS:
        return str(t("trentasette.entered_rest", "rest"))
    return _cards_text(pile)


def _cards_text(cards: object) -> str:
    """``"3 cards"`` for cards as entered (``"cards"`` when they cannot be read)."""
    try:
        n = len(parse_cards(cards))
    except LedgerError:
        return str(t("trentasette.entered_cards", "cards"))
    return str(tn("trentasette.entered_n_cards", "{n} card", "{n} cards", n))


def _short_of_deck(sides: Mapping[str, Any]) -> bool:
    """True when every pile is given as cards and they hold fewer than 52: the rest is on the table."""
    if any(not isinstance(v, (str, list)) or (isinstance(v, str) and v.strip().lower() in REST_WORDS)
           for v in sides.values()):
        return False
    try:
        return sum(len(parse_cards(v)) for v in sides.values()) < 52
    except LedgerError:
        return False


def _answer_pile(side: str) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        typed = text.strip()
        value: Any = {} if typed.lower() in COUNT_WORDS else typed
        if typed.lower() not in REST_WORDS and typed.lower() not in COUNT_WORDS:
            parse_cards(typed, f"sides.{side}")
        return {**doc, "sides": {**(doc.get("sides") or {}), side: value}}
    return answer


def _answer_count(side: str, f: str) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        pile = dict(doc["sides"][side])
        pile[f] = text.strip()
        _read_count_field(pile, f, f"sides.{side}.{f}")
        return {**doc, "sides": {**doc["sides"], side: pile}}
    return answer


def _answer_table(doc: dict[str, Any], text: str) -> dict[str, Any]:
    if text.strip():
        parse_cards(text, "table")
    return {**doc, "table": text.strip()}


def _answer_last(doc: dict[str, Any], text: str) -> dict[str, Any]:
    return {**doc, "last_capture": text.strip()}


# --- reading and scoring a hand -------------------------------------------------------------------
def _score(raw_sides: dict[str, Any], table_raw: object, last_raw: object, resolve: Callable[[object, str], str],
           expected: Sequence[str] | None = None) -> HandResult:
    """Resolve names, read the piles, check the deck and the counts, and score.

    ``resolve(key, field)`` maps a side key of the document to a side name (in a match: the
    match's sides, players accepted; alone: the key itself). ``expected``: every side the hand
    must have.
    """
    sides: dict[str, Any] = {}
    for key, value in raw_sides.items():
        name = resolve(key, f"sides.{key}")
        if name in sides:
            raise LedgerError(t("trentasette.side_twice", "side {side!r} is given twice", side=name), f"sides.{key}", key)
        sides[name] = (key, value)
    if expected is not None:
        missing = [s for s in expected if s not in sides]
        if missing:
            raise LedgerError(t("trentasette.missing_pile", "missing the pile of {side!r}", side=missing[0]),
                              f"sides.{missing[0]}", None)
    n = len(sides)
    if n not in (2, 3):
        raise LedgerError(t("trentasette.sides_count", "a hand has 2 or 3 sides"), "sides", list(sides))

    table = _read_cards(table_raw, "table") if table_raw not in (None, "", []) else []
    last = None
    if table:
        if last_raw in (None, ""):
            raise LedgerError(t("trentasette.say_last", "cards are left on the table: say who made the last capture"),
                              "last_capture", None)
        last = resolve(last_raw, "last_capture")
        if last not in sides:
            raise LedgerError(_not_side(last_raw), "last_capture", last_raw)
    elif last_raw not in (None, ""):
        last = resolve(last_raw, "last_capture")
        if last not in sides:
            raise LedgerError(_not_side(last_raw), "last_capture", last_raw)

    card_piles: dict[str, list[Card]] = {}
    counted: dict[str, dict[str, Any]] = {}
    rest = None
    for name, (key, value) in sides.items():
        field = f"sides.{key}"
        if isinstance(value, str) and value.strip().lower() in REST_WORDS:
            if rest is not None:
                raise LedgerError(t("trentasette.one_rest", "only one side may be the rest of the deck"), field, value)
            rest = name
        elif isinstance(value, Mapping):
            counted[name] = _read_counts(value, field)
        else:
            card_piles[name] = _read_cards(value, field)

    if rest is not None and counted:
        name = next(iter(counted))
        raise LedgerError(t("trentasette.rest_counted", "a side can be 'rest' only when every other side is given as "
                            "cards"), f"sides.{sides[rest][0]}", "rest")
    # one deck: no card twice anywhere, and only real cards
    _check_no_repeats(card_piles, table, sides)
    if rest is not None:
        taken = set(table).union(*card_piles.values())
        card_piles[rest] = list(filterfalse(taken.__contains__, FRENCH_52.cards()))
    if table:
        assert last is not None  # read above whenever the table holds cards
        if last in counted:
            raise LedgerError(t("trentasette.table_counted", "the table's cards cannot join a counted pile: count them "
                                "into it instead"), "last_capture", last_raw)
        card_piles[last] = card_piles[last] + table
    piles: dict[str, Pile] = {}
    for name in sides:
        if name in card_piles:
            piles[name] = pile_from_cards(card_piles[name], n)
        else:
            piles[name] = _pile_from_counts(counted[name], n)
    if not counted:
        total = sum(len(p) for p in card_piles.values())
        if total != 52:
            have = Counter(c for p in card_piles.values() for c in p)
            lacking = [c for c in FRENCH_52.cards() if not have[c]]
            shown = format_cards(lacking[:8]) + (" …" if len(lacking) > 8 else "")
            raise LedgerError(t("trentasette.not_52", "the piles and the table hold {total} cards, not 52: missing "
                                "{cards}", total=total, cards=shown), "sides", format_cards(lacking))
    else:
        _check_counts(piles, card_piles, sides)

    items = score_piles(piles)
    points = {s: sum(p for _, p in items[s]) for s in sides}
    result = TrentasetteResult(points, items_of({s: items[s] for s in sides}), {s: piles[s].facts() for s in sides}, rest)
    return HandResult(result, partial(points_line, points))


def _read_cards(value: object, field: str) -> list[Card]:
    cards = parse_cards(value, field)
    if not FRENCH_52.holds(cards):
        FRENCH_52.check(cards, field)  # names what is wrong
    return cards


def _not_side(name: object) -> Msg:
    return t("trentasette.not_side", "{name!r} is not a side of this hand", name=name)


_THE_TABLE = t("trentasette.the_table", "the table")


def _check_no_repeats(card_piles: Mapping[str, list[Card]], table: list[Card],
                      sides: Mapping[str, tuple[str, object]]) -> None:
    """``LedgerError`` naming the first card met twice, in the piles' order then the table's."""
    held = sum(map(len, card_piles.values())) + len(table)
    if len(set(table).union(*card_piles.values())) == held:
        return  # no card twice: nothing to name
    where: dict[Card, str | Msg] = {}
    for name, pile in list(card_piles.items()) + [(None, table)]:
        label = sides[name][0] if name is not None and name in sides else _THE_TABLE
        for c in pile:
            if c in where:
                if where[c] != label:
                    msg = t("trentasette.card_twice", "{card} appears twice (in {first} and {second})", card=str(c),
                            first=where[c], second=label)
                else:
                    msg = t("trentasette.card_twice_in", "{card} appears twice (in {first} twice)", card=str(c),
                            first=label)
                raise LedgerError(msg, f"sides.{label}" if name is not None else "table", str(c))
            where[c] = label


def _read_counts(value: Mapping[str, Any], field: str) -> dict[str, Any]:
    check_keys(value, set(COUNT_FIELDS), prefix=f"{field}.")
    out = dict(value)
    for f in _REQUIRED_COUNTS:
        # "" reads as none for the list facts (ranks, runs, missing_suits), as missing otherwise
        if f not in out or out[f] is None or (out[f] == "" and f not in _LIST_COUNTS):
            raise LedgerError(t("trentasette.count_missing", "missing ({meaning})", meaning=COUNT_FIELDS[f]),
                              f"{field}.{f}", None)
    for f in COUNT_FIELDS:
        _read_count_field(out, f, f"{field}.{f}")
    return out


def _read_count_field(pile: dict[str, Any], f: str, field: str) -> None:
    """Normalise one counted fact in place (text from prompts is accepted)."""
    v = pile.get(f)
    if f == "cards":
        pile[f] = as_int(v, field, 0, 52)
    elif f == "figures":
        pile[f] = as_int(v, field, 0, 12)
    elif f in ("ace_of_hearts", "two_of_spades", "sevens"):
        pile[f] = as_bool(v, field) if v is not None else False
    elif f == "ranks":
        pile[f] = _read_ranks(v, field)
    else:
        pile[f] = _read_suits(v, field)


def _words(v: object, field: str) -> list[str]:
    if v is None:
        return []
    if isinstance(v, str):
        if v.strip().lower() in ("", "none", "nessuno", "nessuna", "-", "no"):
            return []
        return [w for w in re.split(r"[\s,;]+", v.strip()) if w]
    if isinstance(v, list) and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in v):
        return [str(x) for x in v]
    raise LedgerError(t("trentasette.not_list", "expected a list, got {value!r}", value=v), field, v)


def _read_ranks(v: object, field: str) -> list[str]:
    out = []
    for w in _words(v, field):
        r = {"T": "10", "1": "A"}.get(w.upper(), w.upper())
        if r not in NUMERIC_RANKS:
            raise LedgerError(t("trentasette.not_rank", "{word!r} is not a numeric rank (A, 2-10; figures never count)",
                                word=w), field, w)
        if r not in out:
            out.append(r)
    return out


_SUIT_READ = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
              "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C",
              "PICCHE": "S", "CUORI": "H", "QUADRI": "D", "FIORI": "C"}


def _read_suits(v: object, field: str) -> list[str]:
    out = []
    for w in _words(v, field):
        # "HC" reads as two suits
        parts = [w] if w.upper() in _SUIT_READ and len(w) > 1 else list(w)
        for p in parts:
            s = _SUIT_READ.get(p.upper())
            if s is None:
                raise LedgerError(t("trentasette.not_suit", "{word!r} is not a suit (S H D C)", word=w), field, w)
            if s not in out:
                out.append(s)
    return out


def _suit_list(suits: Collection[str]) -> list[str]:
    return [s for s in SUITS if s in suits]


def _pile_from_counts(c: dict[str, Any], n_sides: int) -> Pile:
    return Pile(c["cards"], c["figures"], frozenset(c["ranks"]), c["ace_of_hearts"], c["two_of_spades"],
                c["sevens"], frozenset(c["runs"]), frozenset(c["missing_suits"]), counted=True)


def _check_counts(piles: dict[str, Pile], card_piles: dict[str, list[Card]], sides: dict[str, Any]) -> None:
    """Counted facts must be possible together and with the piles given as cards.

    Each card-level fact (the ace of hearts, the two of spades, a complete rank, a run) belongs to
    one side at most; the cards add up to 52 and the figures to 12; a side's own facts agree.
    """
    n = len(piles)
    need_rank, run_len = thresholds(n)
    label = {name: f"sides.{key}" for name, (key, _) in sides.items()}
    total_cards = sum(p.cards for p in piles.values())
    if total_cards != 52:
        raise LedgerError(t("trentasette.cards_sum", "the sides' cards add up to {total}, not 52", total=total_cards),
                          "sides", total_cards)
    total_fig = sum(p.figures for p in piles.values())
    if total_fig != 12:
        raise LedgerError(t("trentasette.figures_sum", "the sides' figures add up to {total}, not 12", total=total_fig),
                          "sides", total_fig)
    for fact, what in _FACT_CARDS.items():
        holders = [s for s, p in piles.items() if getattr(p, fact)]
        if len(holders) != 1:
            msg = (t("trentasette.fact_many", "{card} must be in exactly one pile, but {sides} has it", card=what,
                     sides=holders) if holders
                   else t("trentasette.fact_none", "{card} must be in exactly one pile, but no side has it", card=what))
            raise LedgerError(msg, "sides", fact)
    if not any(p.sevens for p in piles.values()):
        raise LedgerError(t("trentasette.no_seven", "no side has a seven, but the deck has four"), "sides", "sevens")
    for s, p in piles.items():
        f = label[s]
        numeric = p.cards - p.figures
        if p.figures > p.cards:
            raise LedgerError(t("trentasette.figures_pile", "{figures} figures in a pile of {cards} cards",
                                figures=p.figures, cards=p.cards), f"{f}.figures", p.figures)
        held_suits = 4 - len(p.missing_suits)
        if numeric > 10 * held_suits:
            raise LedgerError(t("trentasette.numeric_suits", "{numeric} numeric cards but only {suits} suits with numeric "
                                "cards", numeric=numeric, suits=held_suits),
                              f"{f}.missing_suits", _suit_list(p.missing_suits))
        if numeric < held_suits:
            raise LedgerError(t("trentasette.numeric_cover", "{numeric} numeric cards cannot cover {suits} suits",
                                numeric=numeric, suits=held_suits), f"{f}.cards", p.cards)
        for suit, fact in (("H", "ace_of_hearts"), ("S", "two_of_spades")):
            if getattr(p, fact) and suit in p.missing_suits:
                raise LedgerError(t("trentasette.card_no_suit", "has {card} but no {suit}", card=_FACT_CARDS[fact],
                                    suit=suit_name(suit)), f"{f}.{fact}", True)
        clash = p.runs & p.missing_suits
        if clash:
            s0 = _suit_list(clash)[0]
            raise LedgerError(t("trentasette.run_no_suit", "a run in {suit} but no {suit}", suit=suit_name(s0)),
                              f"{f}.runs", s0)
        if p.ranks and len(p.missing_suits) > 4 - need_rank:
            raise LedgerError(t("trentasette.ranks_suits", "complete ranks need {need} suits, but {missing} suits are "
                                "missing", need=need_rank, missing=len(p.missing_suits)), f"{f}.ranks", sorted(p.ranks))
        if "7" in p.ranks and not p.sevens:
            raise LedgerError(t("trentasette.sevens_complete", "holds the sevens complete but no seven"), f"{f}.sevens",
                              False)
        if len(p.ranks) * need_rank > numeric:
            raise LedgerError(t("trentasette.ranks_numeric", "{count} complete ranks need {cards} numeric cards, the "
                                "pile has {numeric}", count=len(p.ranks), cards=len(p.ranks) * need_rank,
                                numeric=numeric), f"{f}.ranks", sorted(p.ranks))
    # one card-level fact per side at most, also against piles given as cards
    for rank in NUMERIC_RANKS:
        least = sum(need_rank if rank in p.ranks else 0 for s, p in piles.items() if p.counted)
        least += sum(sum(1 for c in card_piles[s] if c.rank == rank) for s in card_piles)
        if least > 4:
            raise LedgerError(t("trentasette.rank_twice", "the {rank}s cannot be complete in more than one pile",
                                rank=rank), "sides", rank)
    counted = [p for p in piles.values() if p.counted]
    held_sevens = sum(1 for s in card_piles for c in card_piles[s] if c.rank == "7")
    if held_sevens + sum(1 for p in counted if p.sevens and "7" not in p.ranks) > 4:
        raise LedgerError(t("trentasette.sevens_left", "more sides hold a seven than there are sevens left"), "sides",
                          "sevens")
    if held_sevens < 4 and not any(p.sevens for p in counted):
        raise LedgerError(t("trentasette.sevens_held", "the piles given as cards hold {count} sevens and no counted "
                            "side has one", count=held_sevens), "sides", "sevens")
    for suit in SUITS:
        in_cards = sum(1 for s in card_piles for c in card_piles[s] if c.suit == suit and c.is_numeric)
        least = in_cards + sum(run_len if suit in p.runs else (0 if suit in p.missing_suits else 1)
                               for p in counted)
        if least > 10:
            if any(suit in p.runs for p in counted):
                msg = t("trentasette.suit_run_clash", "the sides cannot all hold what they say of {suit} (a run in "
                        "{suit})", suit=suit_name(suit))
            else:
                msg = t("trentasette.suit_clash", "the sides cannot all hold what they say of {suit} (some {suit})",
                        suit=suit_name(suit))
            raise LedgerError(msg, "sides", suit)
        if in_cards < 10 and all(suit in p.missing_suits for p in counted):
            raise LedgerError(t("trentasette.suit_nowhere", "{count} numeric {suit} are in no pile: every counted side "
                                "says it has none", count=10 - in_cards, suit=suit_name(suit)), "sides", suit)


GAME = Trentasette()
