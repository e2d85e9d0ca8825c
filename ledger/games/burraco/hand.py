"""A Burraco hand as the table says it: its declaration (:func:`form`, :mod:`ledger.games.declare`)
and what is Burraco's own: burrachi said by kind and count (``2 puliti, 1 sporco``), a meld or a
burraco given as cards, the card points counted, and the questions' defaults for the side that
closed (its pozzetto taken, an empty hand).

Each side in one line, as the players say it, or one field at a time (``docs/rules/burraco.md``,
"Entering a hand"; :mod:`ledger.games.side_lines` reads the words)::

    NS="2 puliti, 1 sporco, calate 310, in mano 35, pozzetto preso, chiuso"
    EW="1 dirty, melded 150, in hand 35, no pozzetto"
    NS.burrachi="5S 6S 7S 8S 9S 10S JS" NS.calate="KH KD KC; 4C 5C 6C" NS.mano= NS.pozzetto=sì chiuso=NS

Everything is read into the JSON of FORMATS.md's hand document (``sides: {side: {burraco,
melded_points | melded, hand_points | hand, pozzetto}}``, ``closed_by``); :mod:`.rules` checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from ledger.cards import format_cards, parse_cards
from ledger.games.base import phrase_parts
from ledger.games.burraco.melds import (
    RULE_SETS, KindGiven, RuleSet, check_kind, kind_word, read_burraco, read_burraco_items, read_meld_lists,
    read_ordinary_meld,
)
from ledger.games.burraco.rules import counted_points
from ledger.games.declare import Field, HandForm, JsonValue, Kind, Per, Question, Reader, Said, Who
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import MatchSetup, Resolve
from ledger.games.side_lines import cards_after_kinds, closer_asked, expand_lines, hand_as_said, read_keyed, read_line
from ledger.i18n import Msg, t

NOBODY_WORDS = ("nobody", "none", "null", "nessuno", "-", "", "stock", "tallone", "no")
CLOSED_WORDS = ("closed", "chiuso", "ha chiuso", "chiude", "chiusura", "went out", "out", "closed_by")
NO_BURRACO_WORDS = ("no burraco", "no burrachi", "no burracos", "nessun burraco", "niente burraco", "zero burrachi",
                    "senza burraco", "senza burrachi", "none", "nessuno", "-")
POZZETTO_TAKEN = ("pozzetto preso", "preso il pozzetto", "preso pozzetto", "con pozzetto", "pozzetto taken",
                  "took the pozzetto", "took pozzetto", "with pozzetto", "with the pozzetto")
POZZETTO_NOT_TAKEN = ("pozzetto non preso", "non preso il pozzetto", "senza pozzetto", "no pozzetto",
                      "niente pozzetto", "pozzetto not taken", "without pozzetto", "without the pozzetto",
                      "no pozzetto taken")
MELDED_WORDS = ("melded", "meld", "melds", "calate", "calato", "carte calate", "in tavola", "a terra", "sul tavolo",
                "on the table", "table")
HAND_WORDS = ("in hand", "hand", "left in hand", "in mano", "mano", "carte in mano", "in_mano", "in_hand")
_NO_CARDS = ("", "none", "-", "nessuna", "nothing")
_COUNTS = {"un": 1, "uno": 1, "una": 1, "one": 1, "a": 1, "an": 1, "due": 2, "two": 2, "tre": 3, "three": 3,
           "quattro": 4, "four": 4, "cinque": 5, "five": 5, "sei": 6, "six": 6, "sette": 7, "seven": 7}
EXAMPLE = "'2 puliti, 1 sporco, calate 310, in mano 35, pozzetto preso, chiuso'"


# --- the values that are Burraco's own ---------------------------------------------------------------
def said_kinds(part: str) -> list[str] | None:
    """``"2 puliti"``, ``"un burraco sporco"``, ``"clean"`` → the kinds; None when the part names no
    burraco kind (or no count of them)."""
    words = [w for w in part.split() if not w.casefold().startswith("burrac")]
    kind = kind_word(words[-1]) if words and len(words) <= 2 else None
    if kind is None:
        return None
    count = words[0].casefold() if len(words) == 2 else "1"
    n = int(count) if count.isdecimal() and len(count) < 3 else _COUNTS.get(count)
    return None if n is None else [kind] * n


def _counted_kinds(text: str) -> list[str] | None:
    """``"2 puliti, 1 sporco"``, ``"clean, dirty"`` → the kinds; None when some part is no kind."""
    pieces = phrase_parts(text)
    kinds = [said_kinds(p) for p in pieces]
    if not pieces or any(ks is None for ks in kinds):
        return None
    return [k for ks in kinds if ks is not None for k in ks]


def burrachi_reader(rs: RuleSet) -> Reader:
    """The reading of a side's burrachi under ``rs``: kinds with their counts (``2 puliti, 1
    sporco``) or the cards of each burraco (``;`` between them), each burraco read at once so a
    wrong one is named now (``sides.NS.burraco[1]``)."""
    def read(text: str, path: str) -> JsonValue:
        counted = _counted_kinds(text)
        if counted is not None:
            return [check_kind(k, rs, path) for k in counted]
        return [check_kind(it.kind, rs, it.field) if isinstance(it, KindGiven)
                else read_burraco(it.cards, rs, it.field).text for it in read_burraco_items(text, path)]
    return read


def line_kinds(rs: RuleSet) -> Reader:
    """The part of a side's line that names no field: its burrachi by kind (``2 puliti``), or None."""
    def read(part: str, path: str) -> JsonValue:
        kinds = said_kinds(part)
        return None if kinds is None else [check_kind(k, rs, path) for k in kinds]
    return read


def melded_reader(rs: RuleSet) -> Reader:
    """The melded card points counted (a multiple of 5, at most the deck's 1080) or the cards of
    the other melds (``;`` between them), each read as a meld at once."""
    def read(text: str, path: str) -> JsonValue:
        if text.strip().lstrip("+-").replace(".", "").replace(",", "").isdigit():
            return counted_points(text, path)
        return [read_ordinary_meld(cards, rs, f).text for cards, f in read_meld_lists(text, path)]
    return read


def read_in_hand(text: str, path: str) -> JsonValue:
    """The card points left in hand as counted, or the cards (``""`` for none)."""
    if text.strip().lstrip("+-").replace(".", "").replace(",", "").isdigit():
        return counted_points(text, path)
    return "" if text.strip().casefold() in _NO_CARDS else format_cards(parse_cards(text, path))


# --- the declaration -----------------------------------------------------------------------------------
@cache
def form(rules: str) -> HandForm:
    """The Burraco hand under rule set ``rules`` (a semiclean burraco is refused at once in
    ``international``): who closed, then each side's burrachi, melded points, hand and pozzetto."""
    rs = RULE_SETS[rules]
    return HandForm((
        Field("closed_by", t("burraco.field.closed_by", "closer"), (Kind.SIDE,), values=(Said(None, NOBODY_WORDS),),
              words=CLOSED_WORDS, ask=t("burraco.ask_closed", "who closed? (a side, or nobody if the stock ran out)")),
        Field("sides", t("burraco.field.sides", "side's hand"), (Kind.TEXT,), per=Per.SIDE, required=False,
              example=EXAMPLE),
        Field("burraco", t("burraco.field.burraco", "burrachi"), (Kind.CARDS,), per=Per.SIDE, within="sides",
              values=(Said([], NO_BURRACO_WORDS),), words=("burrachi", "burracos"), read=burrachi_reader(rs),
              item=t("burraco.item.burraco", "burraco {n}"),
              ask=t("burraco.ask_burraco", "{who} burrachi (e.g. '2 puliti, 1 sporco', 'clean, dirty'; or the cards, "
                    "';' between burrachi; or none)")),
        Field("melded", t("burraco.field.melded", "melded card points"), (Kind.COUNT, Kind.CARDS), per=Per.SIDE,
              within="sides", counted_key="melded_points", lo=0, hi=1080, words=MELDED_WORDS,
              read=melded_reader(rs), item=t("burraco.item.meld", "meld {n}"),
              ask=t("burraco.ask_melded", "{who} melded card points, burrachi included (or the other melds' cards, "
                    "';' between melds)")),
        Field("hand", t("burraco.field.hand", "card points in hand"), (Kind.COUNT, Kind.CARDS), per=Per.SIDE,
              within="sides", counted_key="hand_points", lo=0, hi=1080, words=HAND_WORDS, read=read_in_hand,
              ask=t("burraco.ask_hand", "{who} card points left in hand (or the cards)")),
        Field("pozzetto", t("burraco.field.pozzetto", "pozzetto"), (Kind.FLAG,), per=Per.SIDE, within="sides",
              values=(Said(True, POZZETTO_TAKEN), Said(False, POZZETTO_NOT_TAKEN)), words=("pozzetto",),
              ask=t("burraco.ask_pozzetto", "did {who} take its pozzetto?")),
    ), game="burraco", main="sides", side_by_side=True)


# --- the words typed --------------------------------------------------------------------------------------
def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
    """``KEY=VALUE`` words → a partial hand document: a side in one line (``NS="2 puliti, 1
    sporco, calate 310, in mano 35, pozzetto preso, chiuso"``), or one field at a time
    (``NS.burrachi="clean, dirty"``, ``NS.calate=310`` or the melds' cards, ``NS.mano=35`` or the
    cards, ``NS.pozzetto=sì``), ``chiuso=NS`` (``closed=nobody``); a player names the side."""
    return read_keyed(form(setup.rules), setup, tokens, line_kinds(RULE_SETS[setup.rules]), "burraco", _complete)


def _complete(fields: JsonDict, closed: bool) -> None:
    """What a side's line leaves out because the side has none: burrachi not said are none, and
    a side that closed took its pozzetto."""
    fields.setdefault("burraco", [])
    if closed:
        fields.setdefault("pozzetto", True)


def read_side_line(text: str, side: str, rules: str) -> tuple[JsonDict, bool]:
    """A side's line (a document may give a side so) → (its fields, whether it says it closed)."""
    fields, said = read_line(form(rules), side, text, line_kinds(RULE_SETS[rules]), "burraco")
    closed = any(f.key == "closed_by" for f in said)
    _complete(fields, closed)
    return fields, closed


def expand_sides(doc: JsonDoc, resolve: Resolve, rules: str) -> JsonDoc:
    """``doc`` with every side given as one line read into its fields (:func:`read_side_line`,
    :func:`ledger.games.side_lines.expand_lines`): ``chiuso`` in a line names the closer."""
    def read(text: str, side: str) -> tuple[JsonDict, list[str]]:
        fields, closed = read_side_line(text, side, rules)
        return fields, ["closed_by"] if closed else []
    return expand_lines(doc, resolve, read, NOBODY_WORDS)


# --- the questions ---------------------------------------------------------------------------------------
def questions(setup: MatchSetup, doc: JsonDoc) -> list[Question]:
    """What is missing, by the declaration: who closed, then side by side (in seat order) its
    burrachi, melded points, hand points and pozzetto. A side that closed is offered ``yes`` for
    its pozzetto and, when the sides are single players, ``0`` for its hand (it holds no card):
    what a hand without a terminal takes. A hand whose sides or closer cannot be read asks
    nothing: scoring names the fault."""
    said = hand_as_said(doc, setup, lambda d: expand_sides(d, setup.resolve_side, setup.rules), NOBODY_WORDS)
    if said is None:
        return []
    seen, closer = said
    asked = form(setup.rules).questions(seen, Who(setup.side_names, setup.resolve_side), setup.resolve_player)
    return [_shaped(q, setup, closer) for q in asked]


def _shaped(q: Question, setup: MatchSetup, closer: str | None) -> Question:
    """A declared question as Burraco asks it: the closer's words for pairs or players, yes/no
    for a pozzetto, the closer's defaults, and melded points (not cards) after burrachi by kind."""
    yes, no = str(t("answer.yes", "yes")), str(t("answer.no", "no"))
    side, _, name = q.key.partition(".")[2].rpartition(".")
    if q.key == "closed_by":
        return closer_asked(q, setup, t("burraco.ask_closed_player", "who closed? (a player, or nobody if the stock "
                                        "ran out)"))
    if name == "pozzetto":
        return replace(q, choices=(yes, no), default=yes if side == closer else None)
    if name == "hand" and side == closer and not setup.teams:
        return replace(q, default="0")
    if name == "melded":
        return cards_after_kinds(q, side, "burraco", lambda b: kind_word(b) is not None, t(
            "burraco.kinds_then_points", "the burrachi were given as kinds: give the melded card points as a number"))
    return q


def entry_help() -> Msg:
    """How a player writes a hand in one line, for ``help`` in ``ledger play``."""
    return t("play.help.burraco",
             "Each side in one line (a side may be named by one of its players); the melded points count "
             "the burrachi too:\n"
             "  NS=\"2 clean, 1 dirty, melded 310, in hand 35, pozzetto, closed\"\n"
             "Or one thing at a time: NS.burraco=\"clean, dirty\" NS.melded=310 NS.hand=35 "
             "NS.pozzetto=yes; closed=NS (or closed=nobody).")
