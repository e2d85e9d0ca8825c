"""Canasta words: canasta kinds and the readers of a side's values shared by the scorer
(:mod:`ledger.games.canasta.rules`) and entry at the table (:mod:`ledger.games.canasta.hand`,
where the side's fields are declared; see ``docs/rules/canasta.md``, "Entering a hand").

Nothing here knows the scoring values; it turns what players say into plain values:

- a canasta kind (:func:`parse_kinds`): ``"pure K"``, ``"dirty 7"``, ``"pure A"`` (pure aces),
  ``"pure"`` / ``"dirty"`` (rank not said: any rank but aces), ``"pinelle pure"``,
  ``"pinelle dirty"``, ``"jolly"``, with a count in front (``"2 pure"``) and the Italian words
  (``pulita``, ``sporca``, ``pinelle``, ``jolly``, ``assi``, ``re``…) or the classic ones
  (``natural``, ``mixed``);
- a canastas value (:func:`read_canasta_items`): a list (each item a kind or one canasta's
  cards) or a string (``"pure K, dirty 7"``; canastas as cards separated by ``;``);
- melds (:func:`read_melds`): card lists, or one string with ``;`` between melds.

Every error is a :class:`LedgerError` naming the field and the value.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ledger.cards import THREE_DECKS_SIX_JOKERS, Card, parse_card, parse_cards
from ledger.errors import LedgerError
from ledger.games.base import WHOLE_TEXT, CardsGiven, as_bool
from ledger.games.jsontypes import JsonValue
from ledger.i18n import Msg, t

PURE, DIRTY, PINELLE_PURE, PINELLE_DIRTY, JOLLY = "pure", "dirty", "pinelle pure", "pinelle dirty", "jolly"
KINDS = (PURE, DIRTY, PINELLE_PURE, PINELLE_DIRTY, JOLLY)
KIND_HELP = t("canasta.kind_help", "pure K, dirty 7, pure A, pinelle pure, pinelle dirty, jolly")

_PURE_WORDS = {"pure", "pura", "puro", "pulita", "pulite", "pulito", "natural", "naturale", "naturali",
               "clean", "naturals", "pures"}
_DIRTY_WORDS = {"dirty", "sporca", "sporche", "sporco", "mixed", "mista", "miste", "impura", "impure",
                "unnatural", "dirties"}
_PINELLE_WORDS = {"pinelle", "pinella", "pinelles", "twos", "2s", "deuces"}
_JOLLY_WORDS = {"jolly", "jollies", "joker", "jokers", "jk"}
_FILLER = {"canasta", "canastas", "canaste", "di", "of", "de"}
_RANK_WORDS = {
    "a": "A", "ace": "A", "aces": "A", "asso": "A", "assi": "A", "1": "A",
    "k": "K", "king": "K", "kings": "K", "re": "K", "r": "K",
    "q": "Q", "queen": "Q", "queens": "Q", "donna": "Q", "donne": "Q", "d": "Q",
    "j": "J", "jack": "J", "jacks": "J", "fante": "J", "fanti": "J", "f": "J",
    "t": "10", "2": "2", "3": "3",
}
_NUMBER_WORDS = {"one": 1, "a": 1, "an": 1, "una": 1, "un": 1, "uno": 1, "two": 2, "due": 2,
                 "three": 3, "tre": 3, "four": 4, "quattro": 4, "five": 5, "cinque": 5, "six": 6, "sei": 6,
                 "no": 0, "zero": 0, "nessuna": 0, "nessun": 0, "nessuno": 0, "none": 0}


def _rank_word(word: str) -> str | None:
    """``"K"``, ``"kings"``, ``"7s"``, ``"assi"`` → the card rank; None when the word is no rank."""
    w = word.lower()
    if w in _RANK_WORDS:
        return _RANK_WORDS[w]
    base = w[:-1] if w.endswith("s") and len(w) > 1 else w
    if base in _RANK_WORDS and len(base) == 1:
        return _RANK_WORDS[base]
    if base.isdecimal() and len(base) <= 2 and 4 <= int(base) <= 10:
        return base
    return None


MOST_CANASTAS = THREE_DECKS_SIX_JOKERS.size // 7  # 23: the most canastas of seven cards any rule set's decks make


def count_word(word: str) -> int | None:
    w = word.lower()
    if w.isdecimal() and len(w) <= 9:
        return int(w)
    return _NUMBER_WORDS.get(w)


def parse_kind(text: str, field: str) -> list[tuple[str, str | None]] | None:
    """One kind item, maybe with a count: ``"2 pure"`` → ``[("pure", None), ("pure", None)]``.

    Returns ``(kind, rank)`` pairs (rank None when not said, and always for pinelle and jolly),
    or None when ``text`` is not a kind at all (the caller then reads it as cards). Raises
    ``LedgerError`` on ``field`` for a kind that cannot be: threes, pinelle without pure/dirty.
    Each text is read once (a night says "pure K" again and again; a replay reads them all).
    """
    got = _kind_reading(text)
    if isinstance(got, LedgerError):
        raise LedgerError(got.msg, field, text)
    return None if got is None else list(got)


@lru_cache(maxsize=2048)
def _kind_reading(text: str) -> tuple[tuple[str, str | None], ...] | LedgerError | None:
    """:func:`parse_kind`'s reading of ``text``, or the error it raises (without its field)."""
    try:
        got = _parse_kind(text, "")
    except LedgerError as err:
        return err
    return None if got is None else tuple(got)


def _parse_kind(text: str, field: str) -> list[tuple[str, str | None]] | None:
    words = [w for w in re.split(r"[\s_]+", text.strip().lower()) if w and w not in ("x", "×")]
    if not words or (len(words) > 1 and all(_is_card(w) for w in words)):
        return None
    count = 1
    if len(words) > 1 and (said := count_word(words[0])) is not None:
        if said > MOST_CANASTAS:  # refused before a list of that many is made ("999999999 pure")
            raise LedgerError(t("canasta.too_many", "{n} canastas: the cards of three decks make {most} at most",
                                n=said, most=MOST_CANASTAS), field, text)
        count = said
        words = words[1:]
    flags, rank = set(), None
    for w in words:
        if w in _FILLER:
            continue
        if w in _PURE_WORDS:
            flags.add(PURE)
        elif w in _DIRTY_WORDS:
            flags.add(DIRTY)
        elif w in _PINELLE_WORDS:
            flags.add("pinelle")
        elif w in _JOLLY_WORDS:
            flags.add(JOLLY)
        elif _rank_word(w) and rank is None:
            rank = _rank_word(w)
        else:
            return None
    if not flags:
        return None
    kind = _kind_of(flags, rank, text, field)
    if kind in (PURE, DIRTY) and rank in ("2",):
        kind, rank = (PINELLE_PURE if kind == PURE else PINELLE_DIRTY), None
    if kind not in (PURE, DIRTY):
        rank = None
    return [(kind, rank)] * count


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except LedgerError:
        return False
    return True


def _kind_of(flags: set[str], rank: str | None, text: str, field: str) -> str:
    if rank == "3":
        raise LedgerError(t("canasta.no_threes", "threes are never melded, so there is no canasta of threes"),
                          field, text)
    if PURE in flags and DIRTY in flags:
        raise LedgerError(t("canasta.pure_and_dirty", "{said!r} says both pure and dirty", said=text), field, text)
    if JOLLY in flags:
        if "pinelle" in flags or rank or PURE in flags:
            raise LedgerError(t("canasta.say_jolly", "{said!r}: say 'jolly' (5 or 6 jokers and pinelle) or 'pinelle "
                                "dirty' (5 or 6 pinelle and jokers)", said=text), field, text)
        return JOLLY
    if "pinelle" in flags:
        if rank:
            raise LedgerError(t("canasta.pinelle_rank", "{said!r}: a pinelle canasta has no other rank", said=text),
                              field, text)
        if PURE in flags:
            return PINELLE_PURE
        if DIRTY in flags:
            return PINELLE_DIRTY
        raise LedgerError(t("canasta.say_pinelle", "{said!r}: say 'pinelle pure' (7 pinelle) or 'pinelle dirty' (with "
                            "jokers)", said=text), field, text)
    return PURE if PURE in flags else DIRTY


def kind_label(kind: str, rank: str | None) -> str:
    """The canonical words of a kind: ``"pure K"``, ``"dirty"``, ``"jolly"`` (read back by :func:`parse_kind`)."""
    return f"{kind} {rank}" if rank else kind


_KIND_WORDS = {PURE: t("canasta.kind_pure", "pure"), DIRTY: t("canasta.kind_dirty", "dirty"),
               PINELLE_PURE: t("canasta.kind_pinelle_pure", "pinelle pure"),
               PINELLE_DIRTY: t("canasta.kind_pinelle_dirty", "pinelle dirty"), JOLLY: t("canasta.kind_jolly", "jolly")}


def kind_text(kind: str, rank: str | None) -> Msg | str:
    """A kind as a person reads it, shown in the language in use: ``pure K`` (``pulita K``), ``jolly``."""
    word = _KIND_WORDS.get(kind, kind)
    return t("canasta.kind_rank", "{kind} {rank}", kind=word, rank=rank) if rank else word


# --- canastas, melds, hands ---------------------------------------------------------------------
class KindGiven(NamedTuple):
    """One canasta a side gives by its kind and rank (``pure K`` → ``pure``, ``K``; rank None for
    a kind that has none), with the field that names it in an error."""

    kind: str
    rank: str | None
    field: str


CanastaGiven = KindGiven | CardsGiven
"""One canasta as a side gives it: by kind, or as its cards."""


def read_canasta_items(value: JsonValue, field: str) -> list[CanastaGiven]:
    """A side's ``canastas`` value → each canasta given, in order: a :class:`KindGiven` or a
    :class:`~ledger.games.parsing.CardsGiven`.

    ``value`` is a list (each item a kind string, a string of one canasta's cards, or a list of
    card strings) or one string: kinds separated by commas (``"pure K, dirty 7"``, ``"2 pure, 1
    dirty"``), canastas as cards separated by ``;``; ``""``/``"none"`` for none.
    """
    if value is None:
        return []
    if isinstance(value, str):
        text = value.strip()
        if text.lower() in ("", "none", "nessuna", "no", "-", "0", "no canastas"):
            return []
        parts = [p for p in re.split(r"[;|]", text) if p.strip()]
        out: list[CanastaGiven] = []
        for i, part in enumerate(parts):
            out += _read_string_item(part, field if len(parts) == 1 else f"{field}[{i}]")
        return out
    if not isinstance(value, list):
        raise LedgerError(t("canasta.canastas_shape", "expected a list of canastas, got {value!r}", value=value),
                          field, value)
    out = []
    for i, item in enumerate(value):
        f = f"{field}[{i}]"
        if isinstance(item, str):
            kinds = parse_kind(item, f)
            if kinds is not None:
                out += [KindGiven(kind, rank, f) for kind, rank in kinds]
            else:
                out.append(CardsGiven(_cards_or_kind_error(item, f), f))
        elif isinstance(item, list):
            out.append(CardsGiven(parse_cards(item, f), f))
        else:
            raise LedgerError(t("canasta.item_neither", "{item!r} is neither a canasta kind ({kinds}) nor cards",
                                item=item, kinds=KIND_HELP), f, item)
    return out


def _read_string_item(part: str, field: str) -> list[CanastaGiven]:
    """One ``;``-separated part of a canastas string: kinds separated by commas, or one canasta's cards."""
    pieces = [p for p in part.split(",") if p.strip()]
    kinds = [parse_kind(p, field) for p in pieces]
    if pieces and all(k is not None for k in kinds):
        return [KindGiven(kind, rank, field) for ks in kinds if ks is not None for kind, rank in ks]
    return [CardsGiven(_cards_or_kind_error(part, field), field)]


def _cards_or_kind_error(text: str, field: str) -> list[Card]:
    try:
        return parse_cards(text, field)
    except LedgerError:
        raise LedgerError(t("canasta.text_neither", "{said!r} is neither a canasta kind ({kinds}) nor a canasta's "
                            "cards", said=text, kinds=KIND_HELP), field, text) from None


def read_melds(value: JsonValue, field: str) -> list[list[Card]]:
    """A side's other melds: a list of melds (each a string of cards or a list of card strings), a
    flat list of single cards (one meld), or one string with ``;`` between melds."""
    if value is None:
        return []
    if isinstance(value, str):
        parts = [p for p in re.split(r"[;|]", value) if p.strip()]
        if len(parts) == 1 and value.strip().lower() in ("none", "-", "nessuna"):
            return []
        return [parse_cards(p, field if len(parts) == 1 else f"{field}[{i}]") for i, p in enumerate(parts)]
    if not isinstance(value, list):
        raise LedgerError(t("canasta.melds_shape", "expected a list of melds, got {value!r}", value=value),
                          field, value)
    if value and all(isinstance(x, str) and len(x.split()) == 1 and "," not in x for x in value):
        return [parse_cards(value, field)]
    return [parse_cards(m, f"{field}[{i}]") for i, m in enumerate(value)]


def is_number(value: object) -> bool:
    """True for an int (not a bool) or a string of digits: a counted total rather than cards."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, str) and re.fullmatch(rf"\s*-?{WHOLE_TEXT}\s*", value) is not None)


def read_opened(value: JsonValue, field: str) -> bool:
    """``opened``: yes/no (see :func:`ledger.games.base.as_bool`)."""
    return as_bool(value, field)

