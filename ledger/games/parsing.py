"""Reading what people and documents give a game: names, numbers as written in either language,
yes/no, ``KEY=VALUE`` words and the phrases typed at the table, and the checks of a document's
fields. Every function raises ``LedgerError(message, field, value)`` on bad input, naming the
field it was given.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ledger.cards import Card
from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc, JsonValue
from ledger.games.match_setup import Resolve
from ledger.games.suggest import did_you_mean
from ledger.i18n import Msg, t

MAX_NAMES = 200  # names in one list: more than any game seats (Trentuno 40 with 9 decks: 108)


CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
"""A control character or a lone surrogate (Unicode's Cc and Cs): what no name may hold, since
no terminal shows it and no database keeps a NUL (the games' and the store's one check)."""


INVISIBLE = re.compile("[\u00ad\u061c\u180e\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f"
                       "\ufeff\ufff9-\ufffb]")
"""A character that prints nothing (zero-width space, soft hyphen, word joiner, a byte order mark,
the bidirectional marks and overrides: Unicode's format characters but the zero-width joiner of
emoji sequences): ``Anna`` with one looks like ``Anna`` but is another name, which nobody could
type again at the table."""


_ALPHABETS = ("LATIN", "CYRILLIC", "GREEK")  # whose capitals and small letters look alike (A/А/Α, o/о/ο)


_ALPHABET_NAMES = {"LATIN": lambda: t("names.latin", "Latin"), "CYRILLIC": lambda: t("names.cyrillic", "Cyrillic"),
                   "GREEK": lambda: t("names.greek", "Greek")}


def alphabets(name: str) -> list[str]:
    """The look-alike alphabets (:data:`_ALPHABETS`) whose letters ``name`` holds, in that order:
    ``Аnna`` (a Cyrillic А, then Latin letters) holds two, and reads as ``Anna`` on every screen."""
    held = {unicodedata.name(c, "").split(" ", 1)[0] for c in name if c.isalpha()}
    return [a for a in _ALPHABETS if a in held]


def check_lookalike(name: str, field: str) -> None:
    """Refuse a name that looks like another: one holding a character that prints nothing
    (:data:`INVISIBLE`) or letters of two look-alike alphabets (:func:`alphabets`); ``LedgerError``
    on ``field`` naming the name (the games' check of a match's names, and the store's of a
    player added or renamed)."""
    if hidden := INVISIBLE.search(name):
        char = "U+%04X" % ord(hidden.group())
        raise LedgerError(t("names.invisible", "{name!r}: a name cannot contain a character that prints nothing "
                            "({char})", name=name, char=char), field, name)
    if len(mixed := alphabets(name)) > 1:
        raise LedgerError(t("names.mixed_alphabets", "{name!r} mixes the letters of different alphabets "
                            "({alphabets}): it looks like a name it is not", name=name,
                            alphabets=", ".join(str(_ALPHABET_NAMES[a]()) for a in mixed)), field, name)


def name_key(name: str) -> str:
    """What two names must differ in to be two players: their letters after Unicode's
    compatibility folding and case folding (``Ａnna``, ``ANNA`` and ``anna`` are one name)."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_names(names: object, field: str) -> tuple[str, ...]:
    """A tuple of distinct, non-empty names (distinct by :func:`name_key`: not in case nor in
    width), none with a control character (what the ledger stores too); ``LedgerError``
    otherwise. (A new name is also refused when it looks like another, :func:`check_lookalike`:
    the store's check of what a person types, not of a document restored.)

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
        if name_key(n) in seen:
            raise LedgerError(t("names.twice", "{name!r} appears twice", name=n), field, n)
        seen.add(name_key(n))
        out.append(n)
    return tuple(out)


def check_side_names(sides: Mapping[str, Sequence[str]], field: str = "sides") -> None:
    """Refuse a side without a name, or named as a player of another side (``Carla`` for Anna
    and Bruno while Carla plays for EW): a hand typed ``Carla=...`` could then mean either
    side. ``LedgerError`` on ``field`` naming the side. A side named as one of its own players
    (a pair called ``Anna``) stays a name."""
    players = {name_key(p): side for side, members in sides.items() for p in members}
    for side in sides:
        if not side.strip():
            raise LedgerError(t("names.side_unnamed", "a side needs a name (e.g. NS=Anna,Carla)"), field, side)
        other = players.get(name_key(side))
        if other is not None and other != side:
            raise LedgerError(t("names.side_is_player", "{side!r} is a player of side {other}: a side cannot be "
                                "named as another side's player", side=side, other=other), field, side)


def need(doc: JsonDoc, key: str, field: str | None = None) -> JsonValue:
    """``doc[key]``, or ``LedgerError`` "missing" naming the field."""
    if key not in doc or doc[key] is None:
        raise LedgerError(t("field.missing", "missing"), field or key, None)
    return doc[key]


# fields that a stored or exported hand may carry beside the game's own (FORMATS.md, backups)
META_KEYS = frozenset({"game", "rules", "entered_at", "source", "note", "voided", "voided_at", "void_reason",
                       "replaces", "replaced_by"})


def check_keys(doc: JsonDoc, allowed: set[str], prefix: str = "") -> None:
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


class CardsGiven(NamedTuple):
    """One meld a side gives as its cards (a canasta, a burraco), with the field that names it in
    an error (``sides.NS.canastas[1]``)."""

    cards: list[Card]
    field: str


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


def key_value_entry(tokens: Sequence[str]) -> JsonDict:
    """``["Anna=AH 2H", "table=5C", "Bruno.cards=20"]`` → a partial hand document.

    Values stay text (the game reads them); a dotted key ``A.b=v`` sets ``doc["A"]["b"]``.
    """
    doc: JsonDict = {}
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


def put_once(fields: JsonDict, key: str, value: JsonValue, field: str, part: str) -> None:
    """``fields[key] = value`` for one part of what was typed (a word, a phrase), unless an earlier
    part gave ``key`` otherwise: then ``LedgerError`` on ``FIELD.KEY`` (``KEY`` for an empty
    ``field``) naming the part."""
    if key in fields and fields[key] != value:
        raise LedgerError(t("entry.contradicts", "{part!r} contradicts an earlier part ({key} {earlier!r})",
                            part=part, key=key, earlier=fields[key]), f"{field}.{key}" if field else key, part)
    fields[key] = value


def put_closer(doc: JsonDict, side: str | None, part: str) -> None:
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


def named_sides(names: object) -> Resolve:
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

