"""A Canasta hand as the table says it: its declaration (:func:`form`, :mod:`ledger.games.declare`)
and what is Canasta's own: canastas said by kind (``pure K, dirty 7``, ``2 pure``) or as cards, the
melds and hand as cards or counted, each checked at once by the scorer's own readers
(:mod:`ledger.games.canasta.rules`, :mod:`ledger.games.canasta.words`), so a bad answer is asked
again.

Each side in one line, as the players say it, or one field at a time (``docs/rules/canasta.md``,
"Entering a hand"; :mod:`ledger.games.side_lines` reads the words)::

    NS="2 pure, 1 dirty, 1 red three, melded 340, in hand 25, closed" EW="not opened, in hand 45"
    NS.canastas="pure K, dirty 7" NS.melded=310 NS.hand=0 NS.red_threes=1 closed=NS concealed=yes
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache, partial

from ledger.cards import parse_cards
from ledger.errors import LedgerError
from ledger.games.base import CardsGiven, as_bool, as_int
from ledger.games.canasta.rules import RED_THREES, RULE_SETS, check_meld, classify, kind_canasta
from ledger.games.canasta.words import (
    KindGiven, count_word, is_number, kind_label, parse_kind, read_canasta_items, read_melds,
)
from ledger.games.declare import Field, HandForm, JsonValue, Kind, Per, Question, Reader, Said, Who
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import MatchSetup, Resolve
from ledger.games.side_lines import cards_after_kinds, closer_asked, expand_lines, hand_as_said, read_keyed, read_line
from ledger.i18n import Msg, t

_NONE_WORDS = {"", "none", "no", "-", "nessuna", "nessuno", "0"}


def red_threes_limit(rules: str) -> int:
    """Red threes in the decks: 6 in the three-deck italian game, 4 in classic."""
    return 4 if rules == "classic" else 6


def normalize_side_field(name: str, value: JsonValue, field: str, rules: str) -> tuple[str, JsonValue]:
    """One side field as typed at the table → (the hand document's key, a JSON value).

    ``canastas`` becomes a list of kind labels and card strings; ``melded``/``hand`` that are
    numbers become ``melded_points``/``hand_points``; cards are checked as cards.
    """
    if name == "canastas":
        return name, [kind_label(it.kind, it.rank) if isinstance(it, KindGiven) else " ".join(map(str, it.cards))
                      for it in read_canasta_items(value, field)]
    if name in ("melded", "hand") and (is_number(value) or str(value).strip().lower() in _NONE_WORDS - {""}):
        return f"{name}_points", as_int(0 if not is_number(value) else value, field, 0)
    if name == "melded":
        return name, [" ".join(str(c) for c in m) for m in read_melds(value, field)]
    if name == "hand":
        return name, " ".join(str(c) for c in parse_cards(value, field))
    if name in ("melded_points", "hand_points"):
        return name, as_int(value, field, 0)
    if name == "red_threes":
        if isinstance(value, str) and value.strip().lower() in _NONE_WORDS:
            return name, 0
        return name, as_int(value, field, 0, red_threes_limit(rules))
    return name, as_bool(value, field)


def check_side_field(name: str, value: JsonValue, field: str, rules: str) -> None:
    """Refuse at once (so the CLI can ask again) a canasta, meld or hand card that the rules refuse."""
    rs = RULE_SETS[rules]
    if name == "canastas":
        for it in read_canasta_items(value, field):
            if isinstance(it, CardsGiven):
                classify(it.cards, rs, it.field)
            else:
                kind_canasta(it.kind, it.rank, rs, it.field)
    elif name == "melded":
        for i, meld in enumerate(read_melds(value, field)):
            check_meld(meld, rs, f"{field}[{i}]", closing=True)
    elif name == "hand":
        for c in parse_cards(value, field):
            if c in RED_THREES:
                raise LedgerError(t("canasta.red_in_hand", "{card} in a hand: a red three is set aside as soon as it "
                                    "is drawn", card=str(c)), field, str(c))


def field_reader(name: str, rules: str) -> Reader:
    """The reading of the side's field ``name`` as typed (:func:`normalize_side_field`, then
    :func:`check_side_field`): what the declared field holds (a count goes to its counted key)."""
    def read(text: str, path: str) -> JsonValue:
        key, value = normalize_side_field(name, text, path, rules)
        check_side_field(key, value, path.rsplit(".", 1)[0] + f".{key}", rules)
        return value
    return read


def line_kinds(text: str, path: str) -> JsonValue:
    """The part of a side's line that names no field: its canastas by kind (``2 pure``,
    ``pinelle dirty``), or None."""
    kinds = parse_kind(text, path)
    return None if kinds is None else [kind_label(k, r) for k, r in kinds]


def read_red_threes(limit: int) -> Reader:
    """Red threes as said: a number or a number's word (``due``, ``two``, ``no``), 0 to ``limit``."""
    def read(text: str, path: str) -> JsonValue:
        said = count_word(text.strip())
        return as_int(text if said is None else said, path, 0, limit)
    return read


NOBODY_WORDS = ("", "nobody", "none", "nessuno", "-", "null", "stock", "no", "mazzo")
CLOSED_WORDS = ("closed", "chiuso", "chiude", "ha chiuso", "went out", "out", "closing", "chiusura")
CONCEALED_WORDS = ("concealed", "closed concealed", "went out concealed", "chiusura in mano", "chiuso in mano",
                   "in mano")
NO_CANASTAS = ("no canastas", "no canasta", "nessuna canasta", "none", "no canaste", "nessuna", "no", "-", "0")
OPENED_WORDS = ("opened", "open", "aperto", "ha aperto")
NOT_OPENED_WORDS = ("not opened", "not open", "unopened", "non aperto", "non ha aperto", "did not open")
RED_WORDS = ("red threes", "red three", "red 3s", "red 3", "red", "red3", "rossi", "tre rossi", "tre rosso",
             "3 rossi", "3 rosso", "red_threes")
ONE_RED = ("red three", "a red three", "one red three", "red 3", "un tre rosso", "tre rosso", "tre rossi", "3 rosso",
           "3 rossi")
MELDED_WORDS = ("melded", "meld", "melds", "calate", "calato", "calati", "in tavola", "on the table", "table")
HAND_WORDS = ("in hand", "hand", "in mano", "mano", "left in hand", "in_hand")
EXAMPLE = "'2 pure, 1 dirty, 1 red three, melded 340, in hand 25, closed'"


@cache
def form(rules: str) -> HandForm:
    """The Canasta hand under rule set ``rules``: each side's canastas, melded points, hand and red
    threes (``opened`` follows from the melds: said, never asked), then who closed and (classic)
    whether concealed."""
    side_field = partial(Field, per=Per.SIDE, within="sides")  # a part of each side's object
    return HandForm((
        Field("sides", t("canasta.field.sides", "side's hand"), (Kind.TEXT,), per=Per.SIDE, required=False,
              example=EXAMPLE),
        side_field("canastas", t("canasta.field.canastas", "canastas"), (Kind.CARDS,), words=("canasta", "canaste"),
                   values=(Said([], NO_CANASTAS),), read=field_reader("canastas", rules),
                   item=t("canasta.item.canasta", "canasta {n}"), ask=t(
                       "canasta.ask_canastas", "{who} canastas (e.g. 'pure K, dirty 7', '2 pure, 1 dirty', 'pure A'; "
                       "or the cards, ';' between canastas; or none)")),
        side_field("melded", t("canasta.field.melded", "melded card points"), (Kind.COUNT, Kind.CARDS), lo=0,
                   counted_key="melded_points", words=MELDED_WORDS, read=field_reader("melded", rules),
                   item=t("canasta.item.meld", "meld {n}"), ask=t(
                       "canasta.ask_melded", "{who} melded card points, canastas included (or the other melds' "
                       "cards, ';' between melds)")),
        side_field("hand", t("canasta.field.hand", "card points in hand"), (Kind.COUNT, Kind.CARDS), lo=0,
                   counted_key="hand_points", words=HAND_WORDS, read=field_reader("hand", rules),
                   ask=t("canasta.ask_hand", "{who} card points left in hand (or the cards)")),
        side_field("red_threes", t("canasta.field.red_threes", "red threes"), (Kind.COUNT,), lo=0,
                   hi=red_threes_limit(rules), words=RED_WORDS, read=read_red_threes(red_threes_limit(rules)),
                   values=(Said(1, ONE_RED),),
                   ask=t("canasta.ask_red_threes", "{who} red threes")),
        side_field("opened", t("canasta.field.opened", "opened"), (Kind.FLAG,), required=False,
                   values=(Said(True, OPENED_WORDS), Said(False, NOT_OPENED_WORDS)), words=("aperto", "open")),
        Field("closed_by", t("canasta.field.closed_by", "closer"), (Kind.SIDE,), values=(Said(None, NOBODY_WORDS),),
              words=CLOSED_WORDS, ask=t("canasta.ask_closed", "who closed? (a side, or nobody if the stock ran out)")),
        Field("concealed", t("canasta.field.concealed", "went out concealed"), (Kind.FLAG,), required=False,
              default="no", words=CONCEALED_WORDS,
              ask=t("canasta.ask_concealed", "did {who} go out concealed (all in one turn)?")),
    ), game="canasta", main="sides", side_by_side=True)


# --- the words typed --------------------------------------------------------------------------------------
def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
    """``KEY=VALUE`` words → a partial hand document: a side in one line (``NS="2 pure, 1 dirty, 1
    red three, melded 340, in hand 25, closed"``), or one field at a time (``NS.canastas="pure K,
    dirty 7"``, ``NS.melded=310`` or the melds' cards, ``NS.hand=0`` or the cards,
    ``NS.red_threes=1``), ``closed=NS`` (``closed=nobody``), ``concealed=yes``; a player names
    the side."""
    return read_keyed(form(setup.rules), setup, tokens, line_kinds, "canastas", _complete, closing=("concealed",))


def _complete(fields: JsonDict, closed: bool) -> None:
    """What a side's line leaves out because the side has none: canastas and red threes not said
    are none, and a side that did not open melded nothing."""
    fields.setdefault("canastas", [])
    fields.setdefault("red_threes", 0)
    if fields.get("opened") is False:
        fields.setdefault("melded_points", 0)


def read_side_line(text: str, side: str, rules: str) -> tuple[JsonDict, bool, bool]:
    """A side's line (a document may give a side so) → (its fields, whether it says it closed,
    whether concealed)."""
    fields, said = read_line(form(rules), side, text, line_kinds, "canastas")
    _complete(fields, False)
    concealed = any(f.key == "concealed" for f in said)
    return fields, concealed or any(f.key == "closed_by" for f in said), concealed


def expand_sides(doc: JsonDoc, resolve: Resolve, rules: str) -> JsonDoc:
    """``doc`` with every side given as one line read into its fields (:func:`read_side_line`,
    :func:`ledger.games.side_lines.expand_lines`): ``closed`` in a line names the closer,
    ``concealed`` makes it ``concealed`` too."""
    def read(text: str, side: str) -> tuple[JsonDict, list[str]]:
        fields, closed, concealed = read_side_line(text, side, rules)
        return fields, ["closed_by"] * closed + ["concealed"] * concealed
    return expand_lines(doc, resolve, read, NOBODY_WORDS)


# --- the questions ---------------------------------------------------------------------------------------
def questions(setup: MatchSetup, doc: JsonDoc) -> list[Question]:
    """What is missing, by the declaration: side by side (in seat order) its canastas, melded
    points, hand points and red threes (a side that did not open is asked neither canastas nor
    melds), then who closed, then in the classic game whether the closer went out concealed."""
    said = hand_as_said(doc, setup, lambda d: expand_sides(d, setup.resolve_side, setup.rules), NOBODY_WORDS)
    if said is None:
        return []
    seen, closer = said
    try:
        idle = {setup.resolve_side(k, f"sides.{k}") for k, v in (seen.get("sides") or {}).items()
                if isinstance(v, Mapping) and v.get("opened") is not None and not as_bool(v["opened"], "opened")}
    except LedgerError:
        return []
    asked = form(setup.rules).questions(seen, Who(setup.side_names, setup.resolve_side), setup.resolve_player)
    return [_shaped(q, setup, closer) for q in asked if _asked(q, idle, closer, setup.rules)]


def _asked(q: Question, idle: set[str], closer: str | None, rules: str) -> bool:
    """Not the canastas or melds of a side that did not open, nor ``concealed`` but for the
    classic game's closer."""
    if q.key == "concealed":
        return rules == "classic" and closer is not None
    side, _, name = q.key.partition(".")[2].rpartition(".")
    return not (side in idle and name in ("canastas", "melded"))


def _shaped(q: Question, setup: MatchSetup, closer: str | None) -> Question:
    """A declared question as Canasta asks it: the closer's words for pairs or players, yes/no for
    concealed (said of the closer), melded points (not cards) after canastas by kind."""
    yes, no = str(t("answer.yes", "yes")), str(t("answer.no", "no"))
    if q.key == "closed_by":
        return closer_asked(q, setup, t("canasta.ask_closed_player", "who closed? (a player, or nobody if the stock "
                                        "ran out)"))
    if q.key == "concealed":
        return replace(q, text=q.text.replace("{who}", str(closer)), choices=(yes, no), default=no)
    side, _, name = q.key.partition(".")[2].rpartition(".")
    if name == "melded":
        return cards_after_kinds(q, side, "canastas", lambda c: isinstance(c, str) and bool(parse_kind(c, "canastas")),
                                 t("canasta.kinds_then_points", "the canastas were given as kinds: give the melded "
                                   "card points as a number"))
    return q


def entry_help() -> Msg:
    """How a player writes a hand in one line, for ``help`` in ``ledger play``."""
    return t("play.help.canasta",
             "Each side in one line (a side may be named by one of its players):\n"
             "  NS=\"2 pure, 1 dirty, 1 red three, melded 340, in hand 25, closed\"\n"
             "  EW=\"pure K, melded 120, in hand 60\"\n"
             "Or one thing at a time: NS.canastas=\"pure K, dirty 7\" NS.melded=310 NS.hand=0 "
             "NS.red_threes=1; closed=NS (or closed=nobody); concealed=yes.")
