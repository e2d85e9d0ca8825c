"""The scorer protocol every game implements, and the pieces the games share.

A game is a :class:`Game` subclass with no I/O: it reads plain dicts (the hand and match
documents of FORMATS.md) and returns frozen values. The store and the CLI only ever talk to a
game through this protocol, so a new game is one module plus one line in the registry.

The flow, for one hand of a match::

    setup = game.setup(rules, players, sides, options)      # MatchSetup, validated
    state = game.start(setup)                                # MatchState before any hand
    state, result = game.apply(setup, state, hand_doc)       # HandResult, new MatchState

and :func:`replay` folds a whole list of hand documents. ``game.score(doc, rules)`` scores one hand
on its own (``ledger score``), without a match.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import starmap
from typing import Any, Protocol, TypeVar, cast

from ledger.errors import LedgerError
from ledger.games.declare import HandForm, Per, Who
from ledger.games.declare import Answer as Answer  # re-exported with Question: the games take them from here
from ledger.games.declare import Question as Question
from ledger.games.facts import GameNotes, Said
from ledger.games.match_setup import MatchSetup as MatchSetup  # re-exported: the games and the store take it from here
from ledger.games.record import JsonRecord as JsonRecord  # re-exported with frozen and optional, for the games
from ledger.games.record import NoExtra, Stored, json_object
from ledger.games.record import frozen as frozen
from ledger.games.record import optional as optional
from ledger.games.suggest import did_you_mean
from ledger.i18n import Msg, listing, signed, t, tn

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

    def to_json(self) -> dict[str, Any]:
        d = self._detail
        return d.json() if isinstance(d, Stored) else d.to_json()

    @property
    def json_value(self) -> JsonRecord | Mapping[str, Any]:
        """What :meth:`to_json` gives, not copied: the record, or the JSON the ledger stored
        (for a writer that lays it out itself: ``ledger.cli.json_list.indented``; not to be changed)."""
        d = self._detail
        return d.doc if isinstance(d, Stored) else d

    def detail_as(self, kind: type[R]) -> R:
        """``detail`` as the game's result class ``kind`` (what the game's own code reads)."""
        assert isinstance(self.detail, kind), (type(self.detail), kind)
        return self.detail

    @property
    def points(self) -> Mapping[str, Any] | None:
        """Each side's points in the hand, for a game whose result has them (None otherwise):
        what the default scoreboard and report read without knowing the game."""
        points = getattr(self.detail, "points", None)
        return points if isinstance(points, Mapping) else None


@frozen
class Item(JsonRecord):
    """One scoring item of a side's hand: ``{"item": "ace of hearts", "points": 1}``."""

    item: str
    points: int

    def to_json(self) -> dict[str, Any]:
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
    totals: Mapping[str, Any]
    finished: bool = False
    winner: Any = None
    _extra: JsonRecord | Stored = NoExtra()  # a state read from the ledger: read when first needed

    @property
    def extra(self) -> JsonRecord:
        x = self._extra
        return x.value if isinstance(x, Stored) else x

    def to_json(self) -> dict[str, Any]:
        """``{"hands", "totals", "winner", "finished", **extra}``: what ``replay --json`` prints
        of the final state, and what the ledger stores after each hand (``hand.state``)."""
        doc = {"hands": self.hands, "totals": dict(self.totals), "winner": self.winner,
               "finished": self.finished}
        x = self._extra
        doc.update(x.json(_STATE_KEYS) if isinstance(x, Stored) else x.to_json())
        return doc

    @property
    def json_value(self) -> dict[str, Any]:
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
    def from_json(cls, doc: Mapping[str, Any], extra: type[JsonRecord] = NoExtra) -> "MatchState":
        """The state that :meth:`to_json` wrote (a stored ``hand.state``), its game's own part
        read as ``extra`` (``Game.load_state`` knows which): applying the next hand to it gives
        what applying it to the original gives (a test checks every game)."""
        return cls(doc["hands"], dict(doc["totals"]), bool(doc["finished"]), doc["winner"], Stored(extra, doc))


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


@dataclass
class Replay:
    """Every step of a match replayed: ``results[i]`` and ``states[i]`` are after hand ``i``.

    In a match ended early the last state is the game's :meth:`Game.finish_early` of it;
    ``played`` then keeps the state the last hand itself left (what the ledger stores).
    """

    setup: MatchSetup
    start: MatchState
    results: list[HandResult]
    states: list[MatchState]
    played: MatchState | None = None
    offset: int = 0  # hands before results[0]: a window (tail) holds the last hands only

    def tail(self, keep: int) -> "Replay":
        """The last ``keep`` hands only (``offset`` says how many come before; ``start`` is then
        the state before the first of them): what a scoreboard drawn after a hand shows."""
        cut = len(self.results) - keep
        if cut <= 0:
            return self
        return Replay(self.setup, self.states[cut - 1], self.results[cut:], self.states[cut:], self.played,
                      self.offset + cut)

    def state_after(self, i: int) -> MatchState:
        """The state hand ``i`` (0-based) left, before any early end: what is stored with it."""
        if self.played is not None and i == len(self.states) - 1:
            return self.played
        return self.states[i]

    @property
    def final(self) -> MatchState:
        return self.states[-1] if self.states else self.start


class Samples(Protocol):
    """A game's ``samples`` module (``Game.sample_setup``, ``Game.sample_hand``)."""

    def sample_setup(self, game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup: ...

    def sample_hand(self, setup: MatchSetup, state: MatchState, rng: random.Random) -> dict[str, Any]: ...


class DealsRead(Protocol):
    """What a file of deals held (``Game.read_deals``): ``hands`` (hand documents, in file order),
    ``skipped_notes`` (one message per deal left out) and ``scoring`` (the rule set the file
    names, or None)."""

    hands: list[dict[str, Any]]
    skipped_notes: list[Msg]
    scoring: str | None


class Game:
    """Base class of a scorer. Subclasses set the class attributes and implement the methods
    marked "must"; the others have sensible defaults.

    Class attributes: ``name`` (registry name, e.g. ``"trentasette"``), ``title`` (for people),
    ``version`` (scorer version stored beside every result), ``rule_sets`` (first is the
    default), ``min_players``/``max_players``, ``facts`` (what the report knows about the game:
    :class:`ledger.games.facts.GameNotes` by default, a game's own in ``<game>/facts.py``),
    ``own_stakes`` (for a scorer that keeps its own money, a ``settlement`` in its state: the
    unit of its stake, e.g. Trentuno's ``"life"``; None otherwise), ``rule_words`` (each rule
    set's name for people, a message: :meth:`rules_name`).
    """

    name: str = ""
    title: str = ""
    version: str = "1"
    rule_sets: tuple[str, ...] = ("standard",)
    rule_words: Mapping[str, Any] = {}  # rule set → its name for people (a message); the key itself if absent
    deals: bool = False  # its hands are deals (bridge: "smazzate" in Italian): the texts naming them say so
    min_players: int = 2
    max_players: int = 2
    player_counts: tuple[int, ...] = ()  # when only some counts in the range are played (canasta: 2, 4)
    facts: GameNotes = GameNotes()
    own_stakes: str | None = None
    state_extra: type[JsonRecord] = NoExtra  # the game's own part of a match state (MatchState.extra)
    result_type: type[JsonRecord]  # a hand's result (HandResult.detail), as a match stores it: must
    deal_files: str | None = None  # the field's file format of deals the game reads and writes (bridge: "PBN")
    deal_rules: str = ""  # the rule set a file's deals are scored by on their own, when it names none
    samples: str | None = None  # the module dealing its matches at random (bench/synthetic.py), if any
    sample_weight: int = 0  # its share of the synthetic ledger's matches
    hand: HandForm | None = None
    deals_to_the_right: bool = False  # the deal passes counter-clockwise (Scopa, Briscola, Tressette)  # the hand's declaration (ledger.games.declare): entry, questions, labels
    compass_sides: bool = False  # its pairs are the compass sides NS and EW (bridge), named so to people
    own_options: tuple[str, ...] = ()  # the keys of its options besides the base ones (option_words.BASE_OPTIONS)

    @property
    def players_text(self) -> str:
        """How many play, for people: ``"2-4"``, ``"4"``, ``"2 or 4"``."""
        counts = [str(n) for n in self.player_counts]
        if len(counts) > 1:
            return Said(t("match.counts_or", "{counts} or {last}", counts=", ".join(counts[:-1]), last=counts[-1]))
        if counts:
            return counts[0]
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    # --- rule sets and setup -------------------------------------------------------------
    @property
    def default_rules(self) -> str:
        return self.rule_sets[0]

    def rules_name(self, rules: str) -> str:
        """The rule set ``rules`` as people name it, in the language in use (``italian`` →
        ``italiana``, ``duplicate`` → ``duplicato``); the key itself when it has no word."""
        return str(self.rule_words.get(rules, rules))

    def titled(self, rules: str) -> str:
        """The game with its rule set, for a match's title: ``Canasta (italiana)``; the title alone
        for a game of one rule set (``Trentasette``)."""
        if len(self.rule_sets) == 1:
            return self.title
        return str(t("board.game_rules", "{game} ({rules})", game=self.title, rules=self.rules_name(rules)))

    def check_rules(self, rules: object) -> str:
        """The rule set named ``rules`` (None → default): its key (``duplicate``) or its name for
        people in any language of the ledger (``duplicato``, ``italiana``: :attr:`rule_words`);
        ``LedgerError`` on ``rules`` if unknown."""
        if rules is None:
            return self.default_rules
        if type(rules) is str and rules in self.rule_sets:  # as written: no need to fold its case
            return rules
        key = " ".join(str(rules).split()).lower()
        for r in self.rule_sets:
            if r.lower() == key:
                return r
        from ledger.i18n import LANGUAGES

        for r, word in self.rule_words.items():
            if any(_agreeing(str(word.render(lang) if isinstance(word, Msg) else word).lower()) == _agreeing(key)
                   for lang in LANGUAGES):
                return r
        known = [self.rules_name(r) for r in self.rule_sets]
        raise LedgerError(t("match.unknown_rules", "unknown rule set {rules!r} for {game}{hint} (known: {known})",
                            rules=rules, game=self.name, hint=did_you_mean(rules, known), known=", ".join(known)),
                          "rules", rules)

    def setup(self, rules: object, players: Sequence[str] | None = None,
              sides: Mapping[str, Sequence[str]] | None = None,
              options: Mapping[str, Any] | None = None, ended_early: bool = False) -> MatchSetup:
        """Validate a match's settings and return them with defaults filled in.

        ``players`` (seat order) or ``sides`` (side → players) must be given. Raises
        ``LedgerError`` for a wrong number of players, a repeated name or a bad option.
        """
        from ledger.games.option_words import option_keys

        rules = self.check_rules(rules)
        players_t, sides_d = self.seat(rules, players, sides)
        opts = self.check_options(rules, option_keys(options or {}), players_t)
        return MatchSetup(self.name, rules, players_t, sides_d, opts, ended_early)

    def seat(self, rules: str, players: Sequence[str] | None,
             sides: Mapping[str, Sequence[str]] | None) -> tuple[tuple[str, ...], dict[str, Any]]:
        """Default seating: each player is a side of their own. Games with teams override."""
        if sides:
            raise LedgerError(t("match.each_for_self", "{game} is played each for self: give players, not sides",
                                game=self.name), "sides", None)
        names = check_names(players, "players")
        self.check_player_count(len(names))
        return names, {p: (p,) for p in names}

    def check_player_count(self, n: int, field: str = "players") -> None:
        if not self.min_players <= n <= self.max_players:
            game = self.title or self.name
            if self.min_players == self.max_players:
                msg = t("match.player_count", "{game} is played by {count} players, not {n}", game=game,
                        count=self.min_players, n=n)
            else:
                msg = t("match.player_range", "{game} is played by {lo} to {hi} players, not {n}", game=game,
                        lo=self.min_players, hi=self.max_players, n=n)
            raise LedgerError(msg, field, n)

    def check_options(self, rules: str, options: dict[str, Any], players: tuple[str, ...]) -> dict[str, Any]:
        """Validate options and fill defaults; the base accepts ``first_dealer`` and the stakes
        every game may be played for (``stake`` or ``stake_cents``, ``stake_per``, ``currency``:
        :func:`ledger.games.stakes.read_stake_options`, stored only when a stake is given)."""
        from ledger.games.stakes import read_stake_options

        stakes = read_stake_options(options)
        out = {}
        if "first_dealer" in options:
            fd = options.pop("first_dealer")
            if fd is not None:
                match = [p for p in players if p.casefold() == str(fd).casefold()]
                if not match:
                    raise LedgerError(t("match.not_player", "{name!r} is not a player of this match{hint}", name=fd,
                                        hint=""), "options.first_dealer", fd)
                out["first_dealer"] = match[0]
        if options:
            key = sorted(options)[0]
            raise LedgerError(self.unknown_option(key), f"options.{key}", options[key])
        out.update(stakes)
        return out

    def unknown_option(self, key: str) -> Msg:
        """Why ``key`` is no option of this game: the nearest of its options' names in the language
        in use when one is close (``pota``: did you mean ``posta``?), and always the list of them,
        its own (:attr:`own_options`) then the base ones (``vite, rientro, …, posta, valuta``)."""
        from ledger.games.option_words import BASE_OPTIONS, option_name

        names = [option_name(k) for k in dict.fromkeys((*self.own_options, *BASE_OPTIONS))]
        return t("match.unknown_option", "unknown option {key!r} for {game}{hint} (known: {known})", key=key,
                 game=self.name, hint=did_you_mean(key, names), known=", ".join(names))

    # --- one hand --------------------------------------------------------------------------
    def score(self, doc: Mapping[str, Any], rules: object = None) -> HandResult:
        """Must: score one hand document on its own (``ledger score``). ``LedgerError`` on bad input."""
        raise NotImplementedError

    # --- a match ---------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        """The state before the first hand: every total zero."""
        return MatchState(0, {s: 0 for s in setup.sides})

    def apply(self, setup: MatchSetup, state: MatchState, doc: Mapping[str, Any]) -> tuple[MatchState, HandResult]:
        """Must: score ``doc`` as the next hand of the match and return the new state.

        Raises ``LedgerError`` when the hand does not fit the match (a finished match, a player
        who is not in it) as well as for bad input.
        """
        raise NotImplementedError

    def state_class(self, setup: MatchSetup) -> type[JsonRecord]:
        """The class of the game's own part of a state of a match of ``setup``: ``state_extra``
        (bridge: one per rule set)."""
        return self.state_extra

    def result_class(self, setup: MatchSetup) -> type[JsonRecord]:
        """The class of a hand's result in a match of ``setup``: ``result_type`` (bridge: one
        per rule set)."""
        return self.result_type

    def load_state(self, setup: MatchSetup, doc: Mapping[str, Any]) -> MatchState:
        """The state that :meth:`MatchState.to_json` wrote for a match of ``setup`` (a stored
        ``hand.state``); its own part (:meth:`state_class`) is read when first needed."""
        return MatchState.from_json(doc, self.state_class(setup))

    def load_result(self, setup: MatchSetup, doc: Mapping[str, Any]) -> JsonRecord:
        """The hand result that ``HandResult.to_json`` wrote for a hand of a match of ``setup``
        (a stored ``hand.result``), as the game's :meth:`result_class`."""
        return self.result_class(setup).from_json(doc)

    def stored_result(self, setup: MatchSetup, doc: Mapping[str, Any]) -> HandResult:
        """A stored ``hand.result`` as a :class:`HandResult` whose record is read when first needed."""
        return HandResult(Stored(self.result_class(setup), doc))

    def next_dealer(self, setup: MatchSetup, state: MatchState) -> str:
        """Who deals the hand after ``state``: by default the next seat (:meth:`dealer`)."""
        return self.dealer(setup, state.hands)

    def named(self, hand: Msg, deal: Msg) -> Msg:
        """Of two whole messages saying the same of a hand (``take back hand 3?``, ``take back deal
        3?``), the one in this game's word: ``deal`` for a game whose hands are deals
        (:attr:`deals`: bridge, *smazzata* in Italian), ``hand`` otherwise. Each is a literal
        message of its own (docs/languages.md: never a sentence put together from a noun)."""
        return deal if self.deals else hand

    def hand_number(self, setup: MatchSetup, i: int | None, result: Mapping[str, Any] | None = None) -> int | None:
        """The number the players know hand ``i`` (0-based, among the live hands; None for a hand
        voided, off the scoreboard) by, from its stored result (:meth:`HandResult.to_json`) when
        known: ``i + 1``, its place on the scoreboard, None for a voided hand (a duplicate board:
        the board's number, what the scoreboard shows, voided or not)."""
        return None if i is None else i + 1

    def hand_prompt(self, setup: MatchSetup, state: MatchState, number: int, dealer: str) -> Msg:
        """The play session's prompt for the next hand, hand ``number`` (1-based) of a match in
        ``state``, dealt by ``dealer``: ``hand 4 · Dario deals > `` (a game whose deals have
        another name says it its way: bridge's ``smazzata`` in Italian, a duplicate board)."""
        return t("play.hand_prompt", "hand {hand} · {dealer} deals > ", hand=number, dealer=dealer)

    def hand_heading(self, setup: MatchSetup, number: int, result: HandResult) -> Msg:
        """The line above the scoreboard after hand ``number`` (1-based) was saved, with its
        ``result``'s summary: ``Hand 4: Anna +1, Bruno -8``."""
        return t("cli.hand_summary", "Hand {hand}: {summary}", hand=number, summary=result.summary)

    def settlement(self, state: MatchState) -> Mapping[str, int] | None:
        """The money of a game that keeps its own (``own_stakes``), as its state says it: player →
        net cents, None until it is settled (the others' stakes are settled from the totals)."""
        return None

    def own_stake(self, setup: MatchSetup) -> tuple[int, str] | None:
        """For a game that keeps its own money (``own_stakes``): the stake in cents and what it is
        for (``"life"``), as the report and ``settle`` describe it; None when the match is not
        played for money. Default: the option ``stake_cents``, per :attr:`own_stakes` (None without
        a stake)."""
        cents = int(setup.options.get("stake_cents") or 0)
        return (cents, str(self.own_stakes)) if cents else None

    def own_match_stake(self, setup: MatchSetup) -> int:
        """For a game that keeps its own money and whose :meth:`own_stake` is per point: the stake
        per match played beside it, in cents (0: none; the score sheet may have both)."""
        return 0

    def group(self, setup: MatchSetup) -> str:
        """The name a match is counted under in the report's standings and the statistics per
        game: the game's name; a game whose matches are told apart by their own title (a score
        sheet's ``Cirulla``, which has its own standings) gives ``game: title``."""
        return setup.game

    def winning(self, state: MatchState) -> Any:
        """Who won, as the report and the statistics count it: a side, a list of sides for a
        shared win, or None. Default: the state's ``winner`` (a game whose documents say a shared
        win otherwise, ``"winner": null`` beside ``"winners"``, gives the list here)."""
        return state.winner

    def stake_segments(self, state: MatchState) -> list[Mapping[str, Any]]:
        """The scores that a stake settles one by one (``games.stakes``): the match's totals by
        default; a rubber bridge match, each rubber."""
        return [state.totals]

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """The state when the scorekeeper ends the match before its natural end.

        Default: the side with the highest total wins (all tied for it share the win).
        """
        if state.finished or not state.totals:
            return state
        best = max(state.totals.values())
        leaders = [s for s, t in state.totals.items() if t == best]
        return MatchState(state.hands, state.totals, False, leaders[0] if len(leaders) == 1 else leaders,
                          state.extra)

    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """The scoreboard: by default one row per hand with each side's points and running totals.

        ``replay`` may be a window (:meth:`Replay.tail`): hands are numbered from its ``offset``
        and running totals go on from its ``start``."""
        return points_board(self, setup, replay)

    def board_window(self, setup: MatchSetup, replay: Replay, keep: int) -> Replay:
        """The part of ``replay`` the scoreboard drawn after a hand shows: its last ``keep`` hands
        (:meth:`Replay.tail`). A game whose scoreboard needs more than those (a rubber's sheet)
        returns more."""
        return replay.tail(keep)

    def dealer(self, setup: MatchSetup, hand_number: int) -> str:
        """Who deals hand ``hand_number`` (0-based): clockwise from the first dealer (RULES.md), or
        to the dealer's right, backwards through the seats (listed clockwise), for a game that
        deals so (:attr:`deals_to_the_right`: Scopa, Briscola, Tressette)."""
        first = setup.options.get("first_dealer") or setup.players[0]
        i = setup.players.index(first)
        step = -1 if self.deals_to_the_right else 1
        return setup.players[(i + step * hand_number) % len(setup.players)]

    # --- entry at the table ----------------------------------------------------------------
    def entry_help(self) -> Msg | None:
        """How a player writes a hand of this game in one line, for ``help`` in ``ledger play``: a
        message of several lines naming the words and keys :meth:`parse_entry` reads (the Italian
        text the Italian ones), its indented lines examples that :meth:`parse_entry` reads (a test
        checks it), or None. Written for players, never a docstring."""
        return None

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> dict[str, Any]:
        """Turn command-line words into a partial hand document: read by the game's declared hand
        (:attr:`hand`, :meth:`ledger.games.declare.HandForm.read_words`) when it has one, else
        ``KEY=VALUE`` pairs."""
        if self.hand is not None:
            return self.hand.read_words(tokens, self.entry_who(setup, None, {}), setup.resolve_player)
        return key_value_entry(tokens)

    def hand_form(self, setup: MatchSetup) -> HandForm | None:
        """The declared hand of ``setup``'s match (the scorekeeper's form is made from it): the
        game's :attr:`hand` by default; a game whose rule sets declare different hands gives the
        rule set's. None for a game without a declaration."""
        return self.hand

    def entered(self, setup: MatchSetup, doc: dict[str, Any]) -> dict[str, Any]:
        """A partial document read field by field through :meth:`hand_form` as the rules read it,
        what :meth:`parse_entry` does after the declaration's reading (a word of the entry only,
        such as Briscola's ``alone``, put in its document form): ``doc`` itself by default."""
        return doc

    def correction_base(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
        """What of the stored hand ``old`` (a hand document) a correction ``new`` (the partial
        document the user gave) is laid over: by default all of it, so a correction names only
        what changes. A game drops the parts the new ones make wrong (Scala 40: a new closer's
        old penalty)."""
        return dict(old)

    def questions(self, setup: MatchSetup, doc: Mapping[str, Any],
                  state: MatchState | None = None) -> list[Question]:
        """What is still missing from ``doc`` for a complete hand, in the order to ask it: by the
        declared hand (:meth:`ledger.games.declare.HandForm.questions`, for the sides or players
        :meth:`entry_who` names, less the fields :meth:`entry_skips`), else nothing.

        ``state`` is the match before this hand (None when scoring a hand on its own), so a game
        can ask only the players still in, or offer what the state allows (a re-entry, a bet).
        """
        if self.hand is None:
            return []
        return self.hand.questions(doc, self.entry_who(setup, state, doc), setup.resolve_player,
                                   lambda f: self.entry_skips(setup, state, doc, f))

    def completed(self, setup: MatchSetup, doc: Mapping[str, Any],
                  state: MatchState | None = None) -> tuple[dict, LedgerError | None]:
        """``doc`` completed with no one to ask (a file, the page, the HTTP API): each optional
        item still missing (:meth:`questions`) takes its default; at the first missing required
        item, ``(document so far, error naming that item)``, else ``(document, None)``. The
        store refuses an incomplete hand from its one reading of it, naming a plainer fault of
        the hand first (``Ledger.add_hand(..., incomplete=error)``)."""
        out = dict(doc)
        for _ in range(1000):  # every answer fills an item: a hand has far fewer
            qs = self.questions(setup, out, state)
            if not qs:
                break
            q = qs[0]
            if q.default is None:
                return out, LedgerError(t("input.missing", "missing ({question})", question=q.text), q.key, None)
            out = q.answer(out, q.default)
        return out, None

    def entry_who(self, setup: MatchSetup, state: MatchState | None, doc: Mapping[str, Any]) -> Who:
        """The sides or players whose per-side or per-player fields a hand of the match in ``state``
        asks for, in order, and how a typed name resolves: by default every side (players, in an
        each-for-self game), any of their players naming their side. A game whose hand lists only
        some (the players still in, all but the closer) says so."""
        per_player = self.hand is not None and any(f.per is Per.PLAYER for f in self.hand.fields)
        if per_player:
            return Who(setup.players, setup.resolve_player)
        return Who(setup.side_names, setup.resolve_side)

    def entry_skips(self, setup: MatchSetup, state: MatchState | None, doc: Mapping[str, Any], field: Any) -> bool:
        """Whether the declared ``field`` is not asked for a hand of the match in ``state`` (a
        re-entry when nobody is out): never, by default."""
        return False

    def describe_hand(self, doc: Mapping[str, Any], result: Mapping[str, Any] | None = None,
                      setup: MatchSetup | None = None) -> str:
        """One short line for a hand (``ledger match history``): with ``result`` (the hand's
        :meth:`HandResult.to_json`, as stored) what it scored, as the hand's ``summary`` says it
        (``"Anna +1, Bruno -8, Carla +12"``, ``"4SX by W -2: NS +500"``); without, what ``doc``
        entered, or ``""``. ``setup`` is the match when known. Never raises: a document or result
        it cannot read (an old scorer's, say) gives what can be read of it, or ``""``.

        Default: each side's points when the result has them (:func:`points_line`).
        """
        return points_line((result or {}).get("points"))

    def hand_note(self, result: HandResult) -> str:
        """The short note beside a hand on the scoreboard (its notable items); empty by default."""
        return ""

    # --- matches dealt at random (``bench/synthetic.py``) ------------------------------------
    def sample_setup(self, players: Sequence[str], rng: random.Random) -> MatchSetup:
        """A match's settings among ``players``, chosen with ``rng`` (a ``random.Random``), as a
        real table would play it: the ``sample_setup`` of the game's ``samples`` module."""
        return self._samples().sample_setup(self, players, rng)

    def sample_hand(self, setup: MatchSetup, state: MatchState, rng: random.Random) -> dict[str, Any]:
        """The next hand of the match in ``state``, dealt at random with ``rng``: a hand document
        as entered (the scorer may still refuse it: deal again)."""
        return self._samples().sample_hand(setup, state, rng)

    def _samples(self) -> Samples:
        import importlib

        if self.samples is None:
            raise NotImplementedError(f"{self.name} deals no matches at random")
        return cast(Samples, importlib.import_module(self.samples))  # a module the type system cannot look into

    # --- files of deals (a game with ``deal_files``: ``ledger pbn``) ------------------------------
    def read_deals(self, text: str | Iterable[str]) -> DealsRead:
        """A file of deals in the game's ``deal_files`` format → what was read of it: ``hands``
        (hand documents, in order), ``skipped`` (one line for each deal not read) and ``scoring``
        (the rule set the file names, or None). ``LedgerError`` naming the deal and tag."""
        raise NotImplementedError

    def write_deals(self, setup: MatchSetup, results: Sequence[HandResult], event: str = "", site: str = "",
                    date: str = "") -> str:
        """The text of a match's scored deals in the ``deal_files`` format (``date`` as it writes it)."""
        raise NotImplementedError


def stored_replay(game: Game, setup: MatchSetup, rows: Sequence[Any]) -> Replay | None:
    """The replay of a match as the ledger stored it, without scoring anything again: ``rows``
    are its live hands in order, each with ``document``, ``result`` (the hand's
    :meth:`HandResult.to_json`), ``state`` (:meth:`MatchState.to_json` after it) and
    ``scorer_version``. None when some row has no state or was scored by another version of the
    game's scorer: the caller replays the documents then (:func:`replay`). The stored rows equal
    a replay because every write re-stores the hands it changes (``ledger db check`` verifies it).
    """
    states = []
    for r in rows:
        if r.state is None or r.scorer_version != game.version:
            return None
        states.append(game.load_state(setup, r.state))
    results = [game.stored_result(setup, r.result) for r in rows]
    if rows:  # the one line said of a hand: only the newest one is ever printed
        last = rows[-1]
        results[-1] = HandResult(results[-1]._detail, partial(game.describe_hand, last.document, last.result, setup))
    start, played = game.start(setup), None
    if setup.ended_early:
        if states:
            played, states[-1] = states[-1], game.finish_early(setup, states[-1])
        else:
            start = game.finish_early(setup, start)
    return Replay(setup, start, results, states, played)


def replay(game: Game, setup: MatchSetup, docs: Sequence[Mapping[str, Any]]) -> Replay:
    """Fold ``docs`` (live hand documents in order) through ``game``.

    Raises ``LedgerError`` with the hand's index in the field path (``hands[3].sides``) for the
    first hand that is bad or does not fit the match. When ``setup.ended_early`` the final state
    is the game's :meth:`Game.finish_early` of the last one.
    """
    state = game.start(setup)
    start = state
    results, states = [], []
    for i, doc in enumerate(docs):
        if type(doc) is not dict and not isinstance(doc, Mapping):
            raise LedgerError(t("document.hand_not_object", "a hand must be a JSON object"), f"hands[{i}]", doc)
        try:
            state, result = game.apply(setup, state, doc)
        except LedgerError as err:
            raise err.at(f"hands[{i}]") from None
        results.append(result)
        states.append(state)
    played = None
    if setup.ended_early:
        final = game.finish_early(setup, states[-1] if states else start)
        if states:
            played, states[-1] = states[-1], final
        else:
            start = final
    return Replay(setup, start, results, states, played)


# --- shared helpers ---------------------------------------------------------------------------
MAX_NAMES = 200  # names in one list: more than any game seats (Trentuno 40 with 9 decks: 108)


CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
"""A control character or a lone surrogate (Unicode's Cc and Cs): what no name may hold, since
no terminal shows it and no database keeps a NUL (the games' and the store's one check)."""


def _agreeing(word: str) -> str:
    """An Italian rule set's name whichever noun it agrees with: ``italiano`` (il gioco) and
    ``italiana`` (la variante) name the same rule set."""
    return word[:-1] + "a" if len(word) > 4 and word.endswith("o") else word


def check_names(names: object, field: str) -> tuple[str, ...]:
    """A tuple of distinct, non-empty names (case-insensitively distinct), none with a control
    character (what the ledger stores too); ``LedgerError`` otherwise.

    A list of more than :data:`MAX_NAMES` is refused before any name is read (each game then
    checks its own count); the rest takes time linear in the number of names."""
    if isinstance(names, str):
        names = [n for n in re.split(r"\s*,\s*", names.strip()) if n]
    if not isinstance(names, (list, tuple)) or not names:
        raise LedgerError(t("names.none", "give the players' names"), field, names)
    if len(names) > MAX_NAMES:
        raise LedgerError(t("names.too_many", "{count} names: no game has more than {most} players", count=len(names),
                            most=MAX_NAMES), field, len(names))
    out: list[str] = []
    seen: set[str] = set()
    for i, n in enumerate(names):
        if not isinstance(n, str) or not n.strip():
            raise LedgerError(t("names.not_name", "{name!r} is not a name", name=n), f"{field}[{i}]", n)
        n = n.strip()
        if CONTROL.search(n):
            raise LedgerError(t("names.control", "a name cannot contain control characters (or text that is not "
                                "UTF-8)"), f"{field}[{i}]", n)
        if n.casefold() in seen:
            raise LedgerError(t("names.twice", "{name!r} appears twice", name=n), field, n)
        seen.add(n.casefold())
        out.append(n)
    return tuple(out)


def need(doc: Mapping[str, Any], key: str, field: str | None = None) -> Any:
    """``doc[key]``, or ``LedgerError`` "missing" naming the field."""
    if key not in doc or doc[key] is None:
        raise LedgerError(t("field.missing", "missing"), field or key, None)
    return doc[key]


# fields that a stored or exported hand may carry beside the game's own (FORMATS.md, backups)
META_KEYS = frozenset({"game", "rules", "entered_at", "source", "note", "voided", "voided_at", "void_reason",
                       "replaces", "replaced_by"})


def check_keys(doc: Mapping[str, Any], allowed: set[str], prefix: str = "") -> None:
    """Refuse a field that the game does not know (a typo must not be silently ignored): a
    ``LedgerError`` on ``PREFIX.KEY`` ("unknown field 'last_captur' (did you mean
    'last_capture'?)", the nearest allowed field suggested when one is close).

    The bookkeeping fields of :data:`META_KEYS` are always allowed at the top level.
    """
    for k in doc:
        if k not in allowed and not (not prefix and k in META_KEYS):
            raise LedgerError(t("field.unknown", "unknown field {key!r}{hint}", key=k, hint=did_you_mean(k, allowed)),
                              f"{prefix}{k}", doc[k])


WHOLE_TEXT = r"(?:[1-9]\d{0,2}(?:\.\d{3})+|[1-9]\d{0,2}(?:,\d{3})+|\d+)"
"""A whole number as people write it, for the patterns of the games' words: ``1200``, ``1.200``,
``1,200``, ``12.000.000`` (groups of three digits after one kind of separator; no sign)."""


@dataclass(frozen=True)
class Written:
    """A number as it was written (:func:`read_written`): its sign, whole part and decimal
    digits (``""`` for none); ``ambiguous`` when a single separator is followed by exactly three
    digits (``1.200``, ``1,200``): read as thousands, it could also be three decimals."""

    negative: bool
    whole: int
    fraction: str
    ambiguous: bool = False


_WRITTEN = re.compile(r"\s*([+-]?)(\d[\d.,]*)\s*")
_GROUPS = re.compile(r"[1-9]\d{0,2}(?:([.,])\d{3})(?:\1\d{3})*")
MAX_DIGITS = 19  # int() refuses 4300 digits with a ValueError; no score or amount is that long


def read_written(text: str) -> Written | None:
    """A number as the ledger prints it in either language, or as a person types it: ``1200``,
    ``1.200`` / ``1,200`` (thousands), ``-1.520``, ``0,50`` / ``0.50``, ``1.000,00`` /
    ``1,000.00`` (both separators: the last one is the decimal one), ``12.000.000``. The
    thousands groups are exactly three digits after one kind of separator, the first group 1 to
    3 digits (not a lone 0). None for anything else (``1.2.3``, ``1.20.000``, ``1,000,00``, a
    number of more than :data:`MAX_DIGITS` digits)."""
    m = _WRITTEN.fullmatch(text)
    if m is None:
        return None
    negative, body = m.group(1) == "-", m.group(2)
    if sum(c.isdigit() for c in body) > MAX_DIGITS:
        return None
    seps = [c for c in body if c in ".,"]
    if not seps:
        return Written(negative, int(body), "")
    if _GROUPS.fullmatch(body):  # thousands only: 1.200, 12.000.000
        return Written(negative, int(re.sub(r"[.,]", "", body)), "", ambiguous=len(seps) == 1)
    head, point, fraction = body.rpartition(seps[-1])  # the last separator is the decimal one
    if not fraction or point in head or not (head.isdigit() or _GROUPS.fullmatch(head)):
        return None
    return Written(negative, int(re.sub(r"[.,]", "", head)), fraction)


def as_int(value: object, field: str, lo: int | None = None, hi: int | None = None) -> int:
    """An integer within ``lo``..``hi``; ``LedgerError`` otherwise. Text is read as people write
    a whole number (:func:`read_written`): ``"1200"``, ``"1.200"``, ``"1,200"``, ``"-1.520"``
    (what :func:`ledger.i18n.number` prints, in either language)."""
    if isinstance(value, bool):
        raise LedgerError(t("number.expected", "expected a number, got {value!r}", value=value), field, value)
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?[\d.,]+\s*", value):
        if sum(c.isdigit() for c in value) > MAX_DIGITS:
            raise LedgerError(t("number.too_long", "{digits}… is too long a number", digits=value.strip()[:19]),
                              field, value)
        written = read_written(value)
        if written is not None and not written.fraction and not value.strip().startswith("+"):
            value = -written.whole if written.negative else written.whole
    if not isinstance(value, int):
        raise LedgerError(t("number.not_whole", "expected a whole number, got {value!r}", value=value), field, value)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise LedgerError(out_of_range(value, lo, hi), field, value)
    return value


def out_of_range(value: int, lo: int | None, hi: int | None) -> Msg:
    """``"12 is out of range (1 to 10)"`` (``at least 1``, ``at most 10`` when one bound is open)."""
    if lo is not None and hi is not None:
        return t("number.range", "{value} is out of range ({lo} to {hi})", value=value, lo=lo, hi=hi)
    if lo is not None:
        return t("number.at_least", "{value} is out of range (at least {lo})", value=value, lo=lo)
    return t("number.at_most", "{value} is out of range (at most {hi})", value=value, hi=hi)


_TRUE = {"true", "yes", "y", "si", "sì", "s", "1", "x"}
_FALSE = {"false", "no", "n", "0", "-", ""}


def as_bool(value: object, field: str) -> bool:
    """A yes/no value: JSON true/false, or yes/no/sì/y/n/1/0 as text."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        v = value.strip().casefold()
        if v in _TRUE:
            return True
        if v in _FALSE:
            return False
    raise LedgerError(t("bool.expected", "expected yes or no, got {value!r}", value=value), field, value)


def key_value_entry(tokens: Sequence[str]) -> dict[str, Any]:
    """``["Anna=AH 2H", "table=5C", "Bruno.cards=20"]`` → a partial hand document.

    Values stay text (the game reads them); a dotted key ``A.b=v`` sets ``doc["A"]["b"]``.
    """
    doc: dict[str, Any] = {}
    seen: dict[str, str] = {}
    for tok in tokens:
        if "=" not in tok:
            raise LedgerError(t("entry.not_key_value", "expected KEY=VALUE, got {token!r}", token=tok), "entry", tok)
        k, v = tok.split("=", 1)
        k, v = k.strip(), v.strip()
        if k.casefold() in seen and seen[k.casefold()] != v:
            raise LedgerError(t("entry.twice", "{key!r} is given twice, with different values", key=k), "entry", tok)
        seen[k.casefold()] = v
        if "." in k:
            outer, inner = k.split(".", 1)
            sub = doc.setdefault(outer, {})
            if not isinstance(sub, dict):
                raise LedgerError(t("entry.value_and_fields", "{key!r} is given both as a value and with fields",
                                    key=outer), "entry", tok)
            sub[inner] = v
        else:
            doc[k] = v
    return doc


def put_once(fields: dict[str, Any], key: str, value: Any, field: str, part: str) -> None:
    """``fields[key] = value`` for one part of what was typed (a word, a phrase), unless an earlier
    part gave ``key`` otherwise: then ``LedgerError`` on ``FIELD.KEY`` (``KEY`` for an empty
    ``field``) naming the part."""
    if key in fields and fields[key] != value:
        raise LedgerError(t("entry.contradicts", "{part!r} contradicts an earlier part ({key} {earlier!r})",
                            part=part, key=key, earlier=fields[key]), f"{field}.{key}" if field else key, part)
    fields[key] = value


def put_closer(doc: dict[str, Any], side: str | None, part: str) -> None:
    """``doc["closed_by"] = side`` (None: nobody) for one part of what was typed; a different side
    said to have closed by an earlier part is a ``LedgerError`` on ``closed_by`` naming both (one
    side closes: canasta, burraco), else as :func:`put_once`."""
    earlier = doc.get("closed_by")
    if isinstance(earlier, str) and isinstance(side, str) and earlier != side:
        raise LedgerError(t("entry.both_closed", "{sides} cannot both have closed: only one closes",
                            sides=[earlier, side]), "closed_by", part)
    put_once(doc, "closed_by", side, "", part)


def phrase_parts(text: str) -> list[str]:
    """The parts of a phrase typed at the table, as read: split at commas and ``;`` (not at the
    comma of a number, ``calate 1,200``), lower case, single spaces (``"2 Puliti,  calate 40"`` →
    ``["2 puliti", "calate 40"]``)."""
    return [re.sub(r"\s+", " ", p.strip().casefold()) for p in _PARTS.split(text) if p.strip()]


_PARTS = re.compile(r";|(?<!\d),|,(?!\d{3}(?!\d))")  # not the comma of a number: calate 1,200


def first_group(text: str, patterns: Sequence[re.Pattern[str]]) -> str | None:
    """The first group of the first of ``patterns`` that matches ``text`` (``"calate 40"`` → ``"40"``), or None."""
    return next((m.group(1) for m in (p.match(text) for p in patterns) if m), None)


def named_sides(names: object) -> Callable[[object, str], str]:
    """How a lone hand document names its sides: ``names`` are the keys of its ``sides`` object
    (anything else: no side), and the function returned gives the side that ``key`` names
    (case-insensitively, spaces around it ignored), else ``LedgerError`` on ``field``. The
    names are indexed once, so each lookup costs the same however many sides a document has."""
    index: dict[str, str] = {}
    for name in names if isinstance(names, Mapping) else ():
        index.setdefault(str(name).strip().casefold(), str(name))

    def resolve(key: object, field: str) -> str:
        if isinstance(key, str) and key.strip().casefold() in index:
            return index[key.strip().casefold()]
        raise LedgerError(t("hand.not_side", "{key!r} is not a side of this hand (sides: {sides})", key=key,
                            sides=", ".join(index.values())), field, key)
    return resolve


def running_winner(totals: Mapping[str, int], target: int) -> tuple[bool, Any]:
    """First-to-``target`` rule shared by the points games (Trentasette, Canasta).

    The match ends when some side has reached ``target`` at the end of a hand; the highest total
    wins; if the highest is shared, nobody has won yet and another hand is played.
    Returns ``(finished, winner)``.
    """
    reached = {s: t for s, t in totals.items() if t >= target}
    if not reached:
        return False, None
    best = max(reached.values())
    top = [s for s, t in reached.items() if t == best]
    if len(top) > 1:
        return False, None
    return True, top[0]


def points_board(game: Game, setup: MatchSetup, rp: Replay, unit: str = "") -> Board:
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


def board_title(game: Game, setup: MatchSetup, sides: Sequence[str] | None = None) -> str:
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


def status_notes(game: Game, setup: MatchSetup, rp: Replay) -> list[str]:
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
