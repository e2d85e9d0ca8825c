"""Burraco words: a side as the players say it, fast entry at the command line, and the questions
the CLI asks (see ``docs/rules/burraco.md``, "Entering a hand").

- a side in one line (:func:`parse_side_text`): ``"2 puliti, 1 sporco, calate 310, in mano 35,
  pozzetto preso, chiuso"`` or ``"2 clean, 1 dirty, melded 310, in hand 35, pozzetto, closed"``;
- one field (:func:`normalize_side_field`): ``burraco`` as kinds or cards, ``melded`` and ``hand``
  as cards or a number, ``pozzetto`` yes/no.

What is read here becomes a hand document in FORMATS.md's fields; the scoring is
:mod:`ledger.games.burraco.scoring`'s (this module only reads and checks words with
:mod:`.melds` so a bad answer is asked again).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ledger.cards import format_cards, parse_cards
from ledger.errors import LedgerError
from ledger.games.base import WHOLE_TEXT, Answer, MatchSetup, Question, as_bool, first_group, phrase_parts
from ledger.games.base import put_closer, put_once as put
from ledger.games.burraco.melds import (
    RULE_SETS, check_kind, kind_word, read_burraco, read_burraco_items, read_meld_lists,
    read_ordinary_meld,
)
from ledger.games.burraco.scoring import NOBODY, counted_points
from ledger.games.suggest import did_you_mean
from ledger.i18n import t

_COUNTS = {"un": 1, "uno": 1, "una": 1, "one": 1, "a": 1, "an": 1, "due": 2, "two": 2, "tre": 3, "three": 3,
           "quattro": 4, "four": 4, "cinque": 5, "five": 5, "sei": 6, "six": 6, "sette": 7, "seven": 7}
_NUM = rf"({WHOLE_TEXT})"  # 1200, 1.200 or 1,200
_MELDED = r"(?:melded|meld|calate|calato|carte calate|in tavola|a terra|sul tavolo|on the table|table)"
_HAND = r"(?:in hand|hand|left in hand|in mano|mano|carte in mano)"
_MELDED_RE = [re.compile(rf"^{_MELDED}\s*:?\s*{_NUM}$"), re.compile(rf"^{_NUM}\s+{_MELDED}$")]
_HAND_RE = [re.compile(rf"^{_HAND}\s*:?\s*{_NUM}$"), re.compile(rf"^{_NUM}\s+{_HAND}$")]
_NO_BURRACO = {"no burraco", "no burrachi", "no burracos", "nessun burraco", "niente burraco", "zero burrachi",
               "senza burraco", "senza burrachi", "none"}
_POZZETTO = {
    "pozzetto": True, "pozzetto preso": True, "preso il pozzetto": True, "preso pozzetto": True,
    "con pozzetto": True, "pozzetto taken": True, "took the pozzetto": True, "took pozzetto": True,
    "with pozzetto": True, "with the pozzetto": True,
    "pozzetto non preso": False, "non preso il pozzetto": False, "senza pozzetto": False, "no pozzetto": False,
    "niente pozzetto": False, "pozzetto not taken": False, "without pozzetto": False,
    "without the pozzetto": False, "no pozzetto taken": False,
}
_CLOSED = {"closed", "chiuso", "ha chiuso", "chiude", "chiusura", "went out", "out"}
EXAMPLE = "'2 puliti, 1 sporco, calate 310, in mano 35, pozzetto preso, chiuso'"


def parse_side_text(text: str, field: str, defaults: bool = True) -> tuple[dict[str, Any], bool]:
    """``"2 puliti, 1 sporco, calate 310, in mano 35, pozzetto preso, chiuso"`` → (side fields, closed).

    Parts, separated by commas or ``;``: burrachi with counts (``2 puliti``, ``un semipulito``,
    ``1 dirty``, ``2 burrachi puliti``, ``no burraco``); ``calate N`` / ``melded N`` (the melded
    card points, burrachi included); ``in mano N`` / ``in hand N``; ``pozzetto preso`` /
    ``pozzetto non preso`` (``pozzetto`` / ``no pozzetto``); ``chiuso`` / ``closed``. With
    ``defaults``, burrachi the string does not name are none, and a side that closed took its
    pozzetto. A part not understood, or one that contradicts another, is an error naming it.
    """
    fields: dict[str, Any] = {}
    closed = False
    for part in phrase_parts(text):
        if part in _CLOSED:
            closed = True
        elif part in _POZZETTO:
            put(fields, "pozzetto", _POZZETTO[part], field, part)
        elif part in _NO_BURRACO:
            fields.setdefault("burraco", [])
        else:
            _read_part(part, fields, field)
    if defaults:
        fields.setdefault("burraco", [])
        if closed:
            fields.setdefault("pozzetto", True)
    return fields, closed


def _read_part(part: str, fields: dict[str, Any], field: str) -> None:
    """One part of a side string: melded or hand points, or burrachi with a count."""
    melded, hand = first_group(part, _MELDED_RE), first_group(part, _HAND_RE)
    if melded is not None:
        put(fields, "melded_points", counted_points(melded, f"{field}.melded_points"), field, part)
    elif hand is not None:
        put(fields, "hand_points", counted_points(hand, f"{field}.hand_points"), field, part)
    else:
        kinds = _kinds(part)
        if kinds is None:
            raise LedgerError(t("burraco.part_unknown", "{part!r} is not understood (say e.g. {example})", part=part,
                                example=EXAMPLE), field, part)
        fields["burraco"] = fields.get("burraco", []) + kinds


def _kinds(part: str) -> list[str] | None:
    """``"2 puliti"``, ``"un burraco sporco"`` → the kinds; None when the part names no burraco kind."""
    words = [w for w in part.split() if not w.startswith("burrac")]
    kind = kind_word(words[-1]) if words and len(words) <= 2 else None
    if kind is None:
        return None
    count = words[0] if len(words) == 2 else "1"
    n = int(count) if count.isdecimal() and len(count) < 3 else _COUNTS.get(count)
    return None if n is None else [kind] * n


def _counted_kinds(value: Any) -> list[str] | None:
    """``"2 puliti, 1 sporco"`` → the kinds; None when ``value`` is not such a string."""
    if not isinstance(value, str):
        return None
    pieces = phrase_parts(value)
    kinds = [_kinds(p) for p in pieces]
    if not pieces or any(ks is None for ks in kinds):
        return None
    return [k for ks in kinds if ks is not None for k in ks]


def expand_sides(doc: Mapping[str, Any], resolve: Callable[[object, str], str]) -> Mapping[str, Any]:
    """``doc`` with every side given as one line (:func:`parse_side_text`) turned into its fields; a
    side whose line says ``chiuso`` is the one that closed (``closed_by`` may then be left out, and
    must agree when given). ``resolve(key, field)`` names a side key's side. ``doc`` itself when no
    side is a string."""
    sides = doc.get("sides")
    if not isinstance(sides, Mapping) or not any(isinstance(v, str) for v in sides.values()):
        return doc
    out, said = {}, []
    for key, value in sides.items():
        if isinstance(value, str):
            value, closed = parse_side_text(value, f"sides.{key}")
            said += [key] if closed else []
        out[key] = value
    doc = {**doc, "sides": out}
    if len(said) > 1:
        raise LedgerError(t("burraco.both_closed", "{sides} both say they closed", sides=said), "closed_by", said)
    if said and "closed_by" not in doc:
        return {**doc, "closed_by": said[0]}
    given = doc.get("closed_by")
    if said and (not isinstance(given, str) or resolve(given, "closed_by") != resolve(said[0], f"sides.{said[0]}")):
        raise LedgerError(t("burraco.says_closed", "{side} says it closed, but closed_by is {value!r}", side=said[0],
                            value=given), "closed_by", given)
    return doc


# --- one field, as typed --------------------------------------------------------------------------
_SIDE_FIELDS = {
    "burraco": "burraco", "burrachi": "burraco", "burracos": "burraco",
    "melded": "melded", "meld": "melded", "melds": "melded", "calate": "melded", "melded_points": "melded_points",
    "hand": "hand", "in_hand": "hand", "mano": "hand", "in_mano": "hand", "hand_points": "hand_points",
    "pozzetto": "pozzetto",
}
_TOP_FIELDS = {"closed_by": "closed_by", "closed": "closed_by", "chiuso": "closed_by", "chiude": "closed_by",
               "chiusura": "closed_by", "out": "closed_by"}


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) or (
        isinstance(value, str) and re.fullmatch(r"\s*\d+\s*", value) is not None)


def normalize_side_field(name: str, value: Any, field: str, rules: str) -> tuple[str, Any]:
    """One side field as typed → (the hand document's key, a JSON value), checked so that a bad
    value is refused at once: ``burraco`` becomes a list of kinds and card strings (each burraco
    read); ``melded``/``hand`` that are numbers become ``melded_points``/``hand_points``; melds are
    read; ``pozzetto`` is yes/no. ``LedgerError`` on ``field`` for what cannot be."""
    rs = RULE_SETS[rules]
    if name == "burraco":
        counted = _counted_kinds(value)
        if counted is not None:
            return name, [check_kind(k, rs, field) for k in counted]
        return name, [check_kind(item, rs, f) if how == "kind" else read_burraco(item, rs, f).text
                      for how, item, f in read_burraco_items(value, field)]
    if name in ("melded", "hand") and _is_number(value):
        return f"{name}_points", counted_points(value, field)
    if name in ("melded_points", "hand_points"):
        return name, counted_points(value, field)
    if name == "melded":
        return name, [read_ordinary_meld(cards, rs, f).text for cards, f in read_meld_lists(value, field)]
    if name == "hand":
        none = isinstance(value, str) and value.strip().casefold() in ("", "none", "-", "nessuna", "nothing")
        return name, "" if none else format_cards(parse_cards(value, field))
    return name, as_bool(value, field)


def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> dict[str, Any]:
    """Command-line words → a partial hand document.

    A side in one line: ``NS="2 puliti, 1 sporco, calate 310, in mano 35, pozzetto preso, chiuso"``
    (or ``NS="2 clean, 1 dirty, melded 310, in hand 35, pozzetto, closed"``); or one field at a
    time: ``NS.burraco="clean, dirty"`` (kinds, or cards with ``;`` between burrachi),
    ``NS.melded=310`` (or the other melds' cards, ``;`` between melds), ``NS.hand=35`` (or the
    cards), ``NS.pozzetto=yes``; ``closed=NS`` (or ``closed=nobody``). A side may be named by a
    player. A field given twice with different values is an error.
    """
    doc: dict[str, Any] = {"sides": {}}
    for tok in tokens:
        if "=" not in tok:
            raise LedgerError(t("burraco.entry_word", "expected KEY=VALUE, got {word!r}", word=tok), "entry", tok)
        key, value = (x.strip() for x in tok.split("=", 1))
        if key.casefold() in _TOP_FIELDS:
            put_closer(doc, _closer(value, setup), tok)
        elif "." in key:
            side_key, name = key.split(".", 1)
            side = setup.resolve_side(side_key, f"entry.{key}")
            fname = _SIDE_FIELDS.get(name.casefold())
            if fname is None:
                known = " (burraco, melded, melded_points, hand, hand_points, pozzetto)"
                raise LedgerError(t("burraco.unknown_field", "unknown field {name!r}{hint}", name=name,
                                    hint=did_you_mean(name, _SIDE_FIELDS, known)), f"entry.{key}", value)
            k, v = normalize_side_field(fname, value, f"sides.{side}.{fname}", setup.rules)
            put(doc["sides"].setdefault(side, {}), k, v, f"sides.{side}", tok)
        else:
            side = setup.resolve_entry(key, _TOP_FIELDS)
            fields, closed = parse_side_text(value, f"sides.{side}")
            for kind in fields["burraco"]:
                check_kind(kind, RULE_SETS[setup.rules], f"sides.{side}.burraco")
            for k, v in fields.items():
                put(doc["sides"].setdefault(side, {}), k, v, f"sides.{side}", tok)
            if closed:
                put_closer(doc, side, tok)
    return doc


def _closer(value: str, setup: MatchSetup) -> str | None:
    return None if value.strip().casefold() in NOBODY else setup.resolve_side(value, "closed_by")


# --- the questions ---------------------------------------------------------------------------------
_ASK = {
    "burraco": t("burraco.ask_burraco", "{side} burrachi (e.g. '2 puliti, 1 sporco', 'clean, dirty'; or the cards, "
                 "';' between burrachi; or none)"),
    "melded": t("burraco.ask_melded", "{side} melded card points, burrachi included (or the other melds' cards, ';' "
                "between melds)"),
    "hand": t("burraco.ask_hand", "{side} card points left in hand (or the cards)"),
    "pozzetto": t("burraco.ask_pozzetto", "did {side} take its pozzetto?"),
}


def questions(setup: MatchSetup, doc: Mapping[str, Any]) -> list[Question]:
    """The first thing still missing from ``doc``: who closed, then per side (in seat order) its
    burrachi, melded points, hand points and pozzetto.

    A side that closed is offered ``yes`` for its pozzetto and, when the sides are single players,
    ``0`` for its hand (it holds no card); these are what a hand without a terminal takes. A hand
    whose sides or closer cannot be read asks nothing: scoring names the fault.
    """
    try:
        doc = expand_sides(doc, setup.resolve_side)
        sides = {} if doc.get("sides") is None else doc["sides"]
        if not isinstance(sides, Mapping):
            return []
        given = {setup.resolve_side(k, f"sides.{k}"): (k, v) for k, v in sides.items()}
        closer = doc.get("closed_by")
        closer = setup.resolve_side(closer, "closed_by") if isinstance(closer, str) else None
    except LedgerError:
        return []
    if "closed_by" not in doc:
        ask = (t("burraco.ask_closed", "who closed? (a side, or nobody if the stock ran out)") if setup.teams
               else t("burraco.ask_closed_player", "who closed? (a player, or nobody if the stock ran out)"))
        return [Question("closed_by", str(ask), _answer_closed(setup),
                         choices=(*setup.side_names, str(t("answer.nobody", "nobody"))))]
    for side in setup.side_names:
        key, value = given.get(side, (side, {}))
        if not isinstance(value, Mapping):
            continue
        missing = _missing(value)
        if missing:
            return [_question(side, key, missing, setup, side == closer)]
    return []


def _missing(value: Mapping[str, Any]) -> str | None:
    if value.get("burraco") is None:
        return "burraco"
    if value.get("melded_points") is None and value.get("melded") is None:
        return "melded"
    if value.get("hand_points") is None and value.get("hand") is None:
        return "hand"
    return "pozzetto" if value.get("pozzetto") is None else None


def _question(side: str, key: str, name: str, setup: MatchSetup, closed: bool) -> Question:
    default = None
    if closed and name == "pozzetto":
        default = str(t("answer.yes", "yes"))
    elif closed and name == "hand" and not setup.teams:
        default = "0"
    choices = (str(t("answer.yes", "yes")), str(t("answer.no", "no"))) if name == "pozzetto" else ()
    return Question(f"sides.{side}.{name}", str(replace(_ASK[name], params={"side": side})),
                    _answer_side(key, name, setup), choices=choices, default=default)


def _answer_side(key: str, name: str, setup: MatchSetup) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        doc = dict(expand_sides(doc, setup.resolve_side))
        sides = dict(doc.get("sides") or {})
        side = dict(sides.get(key) or {})
        k, v = normalize_side_field(name, text, f"sides.{key}.{name}", setup.rules)
        given = side.get("burraco")
        burrachi = given if isinstance(given, list) else []
        if k == "melded" and any(kind_word(b) for b in burrachi):
            raise LedgerError(t("burraco.kinds_then_points", "the burrachi were given as kinds: give the melded card "
                                "points as a number"), f"sides.{key}.melded_points", text)
        side[k] = v
        sides[key] = side
        return {**doc, "sides": sides}
    return answer


def _answer_closed(setup: MatchSetup) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        return {**doc, "closed_by": _closer(text, setup)}
    return answer

