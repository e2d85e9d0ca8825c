"""Canasta at the table: the ``KEY=VALUE`` words of ``hand add`` and ``play`` and the questions
for what is missing (``docs/rules/canasta.md``, "Entering a hand"). The words themselves are
:mod:`ledger.games.canasta.words`; a side's fields are checked by the scorer's own readers
(:mod:`ledger.games.canasta.scoring`), which this module imports, never the reverse.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ledger.cards import parse_cards
from ledger.errors import LedgerError
from ledger.games.base import Answer, MatchSetup, Question, as_bool, as_int, put_closer, put_once
from ledger.games.suggest import did_you_mean
from ledger.i18n import t
from ledger.games.canasta.scoring import RED_THREES, RULE_SETS, check_meld, classify, kind_canasta
from ledger.games.canasta.words import (
    is_number, kind_label, parse_kind, parse_side_text, read_canasta_items, read_melds,
)

_SIDE_FIELD_NAMES = {
    "canastas": "canastas", "canasta": "canastas", "canaste": "canastas",
    "melded_points": "melded_points", "melded": "melded", "meld": "melded", "melds": "melded",
    "calate": "melded",
    "hand_points": "hand_points", "hand": "hand", "in_hand": "hand", "mano": "hand",
    "red_threes": "red_threes", "red": "red_threes", "red3": "red_threes", "rossi": "red_threes",
    "tre_rossi": "red_threes",
    "opened": "opened", "open": "opened", "aperto": "opened",
}
_TOP_NAMES = {"closed_by": "closed_by", "closed": "closed_by", "chiuso": "closed_by", "chiude": "closed_by",
              "went_out": "closed_by", "out": "closed_by", "concealed": "concealed",
              "chiusura_in_mano": "concealed", "in_mano": "concealed"}
_NONE_WORDS = {"", "none", "no", "-", "nessuna", "nessuno", "0"}


def red_threes_limit(rules: str) -> int:
    """Red threes in the decks: 6 in the three-deck italian game, 4 in classic."""
    return 4 if rules == "classic" else 6


def normalize_side_field(name: str, value: Any, field: str, rules: str) -> tuple[str, Any]:
    """One side field as typed at the table → (the hand document's key, a JSON value).

    ``canastas`` becomes a list of kind labels and card strings; ``melded``/``hand`` that are
    numbers become ``melded_points``/``hand_points``; cards are checked as cards.
    """
    if name == "canastas":
        return name, [kind_label(*item) if how == "kind" else " ".join(str(c) for c in item)
                      for how, item, _ in read_canasta_items(value, field)]
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


def check_side_field(name: str, value: Any, field: str, rules: str) -> None:
    """Refuse at once (so the CLI can ask again) a canasta, meld or hand card that the rules refuse."""

    rs = RULE_SETS[rules]
    if name == "canastas":
        for how, item, f in read_canasta_items(value, field):
            classify(item, rs, f) if how == "cards" else kind_canasta(item[0], item[1], rs, f)
    elif name == "melded":
        for i, meld in enumerate(read_melds(value, field)):
            check_meld(meld, rs, f"{field}[{i}]", closing=True)
    elif name == "hand":
        for c in parse_cards(value, field):
            if c in RED_THREES:
                raise LedgerError(t("canasta.red_in_hand", "{card} in a hand: a red three is set aside as soon as it "
                                    "is drawn", card=str(c)), field, str(c))


def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> dict[str, Any]:
    """Command-line words → a partial hand document.

    ``NS="2 pure, 1 dirty, 1 red three, melded 340, in hand 25, closed"`` (a compact side),
    ``NS.canastas="pure K, dirty 7" NS.melded_points=310 NS.hand_points=0 NS.red_threes=1``
    (one field; also ``NS.melded``/``NS.hand`` as cards or a number), ``closed=NS`` (or
    ``closed=nobody``), ``concealed=yes``. A side may be named by a player. A field given twice
    with different values is an error.
    """
    doc: dict[str, Any] = {"sides": {}}
    compact: set[str] = set()
    for tok in tokens:
        if "=" not in tok:
            raise LedgerError(t("canasta.entry_word", "expected KEY=VALUE, got {word!r}", word=tok), "entry", tok)
        key, value = (x.strip() for x in tok.split("=", 1))
        low = key.lower()
        if low in _TOP_NAMES:
            _entry_top(doc, _TOP_NAMES[low], value, setup, tok)
        elif "." in key:
            side_key, name = key.split(".", 1)
            side = setup.resolve_side(side_key, f"entry.{key}")
            fname = _SIDE_FIELD_NAMES.get(name.lower())
            if fname is None:
                known = " (canastas, melded, melded_points, hand, hand_points, red_threes, opened)"
                raise LedgerError(t("canasta.unknown_field", "unknown field {name!r}{hint}", name=name,
                                    hint=did_you_mean(name, _SIDE_FIELD_NAMES, known)), f"entry.{key}", value)
            k, v = normalize_side_field(fname, value, f"sides.{side}.{fname}", setup.rules)
            check_side_field(k, v, f"sides.{side}.{k}", setup.rules)
            put_once(doc["sides"].setdefault(side, {}), k, v, f"sides.{side}", tok)
        else:
            side = setup.resolve_entry(key, _TOP_NAMES)
            fields, closed, concealed = parse_side_text(value, f"sides.{side}", defaults=False)
            compact.add(side)
            for k, v in fields.items():
                put_once(doc["sides"].setdefault(side, {}), k, v, f"sides.{side}", tok)
            if closed:
                _entry_top(doc, "closed_by", side, setup, tok)
            if concealed:
                _entry_top(doc, "concealed", True, setup, tok)
    for side in compact:
        s = doc["sides"].setdefault(side, {})  # "NS=" gave nothing yet
        s.setdefault("canastas", [])
        s.setdefault("red_threes", 0)
        if s.get("opened") is False:
            s.setdefault("melded_points", 0)
    return doc


def _entry_top(doc: dict[str, Any], key: str, value: Any, setup: MatchSetup, tok: str) -> None:
    if key == "concealed":
        put_once(doc, key, as_bool(value, "concealed"), "", tok)
    elif isinstance(value, str) and value.strip().lower() in ("", "nobody", "none", "nessuno", "-", "null", "stock"):
        put_closer(doc, None, tok)
    else:
        put_closer(doc, setup.resolve_side(value, "closed_by"), tok)


_ASK = {
    "canastas": t("canasta.ask_canastas", "{side} canastas (e.g. 'pure K, dirty 7', '2 pure, 1 dirty', 'pure A'; or "
                  "the cards, ';' between canastas; or none)"),
    "melded": t("canasta.ask_melded", "{side} melded card points, canastas included (or the other melds' cards, ';' "
                "between melds)"),
    "hand": t("canasta.ask_hand", "{side} card points left in hand (or the cards)"),
    "red_threes": t("canasta.ask_red_threes", "{side} red threes"),
}


def questions(setup: MatchSetup, doc: Mapping[str, Any]) -> list[Question]:
    """The first thing still missing from ``doc``: per side (in seat order) its canastas, melded
    points, hand points and red threes, then who closed, then (classic) whether concealed.

    ``opened`` is never asked: a side that melded nothing had not opened. A side entered as a
    compact string is complete as it stands.
    """

    given = {}
    if not isinstance(doc.get("sides") or {}, Mapping):
        return []  # nothing to ask: scoring names the wrong shape
    for key, value in (doc.get("sides") or {}).items():
        given[setup.resolve_side(key, f"sides.{key}")] = (key, value)
    said_closed = None
    for side in setup.side_names:
        key, value = given.get(side, (side, {}))
        if isinstance(value, str):
            said_closed = said_closed or _says_closed(value, side)
            continue
        if not isinstance(value, Mapping):
            continue
        missing = _missing_side_field(value)
        if missing:
            return [Question(f"sides.{side}.{missing}", str(replace(_ASK[missing], params={"side": side})),
                             _answer_side(key, missing, setup.rules))]
    if "closed_by" not in doc and not said_closed:
        ask = (t("canasta.ask_closed", "who closed? (a side, or nobody if the stock ran out)") if setup.teams
               else t("canasta.ask_closed_player", "who closed? (a player, or nobody if the stock ran out)"))
        return [Question("closed_by", str(ask), _answer_closed(setup),
                         choices=(*setup.side_names, str(t("answer.nobody", "nobody"))))]
    closed = doc.get("closed_by") or said_closed
    if setup.rules == "classic" and closed and "concealed" not in doc:
        return [Question("concealed", str(t("canasta.ask_concealed", "did {side} go out concealed (all in one "
                                            "turn)?", side=closed)),
                         lambda d, text: {**d, "concealed": as_bool(text, "concealed")},
                         choices=(str(t("answer.yes", "yes")), str(t("answer.no", "no"))),
                         default=str(t("answer.no", "no")))]
    return []


def _says_closed(text: str, side: str) -> str | None:
    try:
        return side if parse_side_text(text, "sides")[1] else None
    except LedgerError:
        return None


def _missing_side_field(value: Mapping[str, Any]) -> str | None:
    not_opened = value.get("opened") is not None and not as_bool(value["opened"], "opened")
    if value.get("canastas") is None and not not_opened:
        return "canastas"
    if value.get("melded_points") is None and value.get("melded") is None and not not_opened:
        return "melded"
    if value.get("hand_points") is None and value.get("hand") is None:
        return "hand"
    if value.get("red_threes") is None:
        return "red_threes"
    return None


def _answer_side(key: str, name: str, rules: str) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        sides = dict(doc.get("sides") or {}) if isinstance(doc.get("sides") or {}, Mapping) else {}
        side = dict(sides.get(key) or {}) if isinstance(sides.get(key) or {}, Mapping) else {}
        k, v = normalize_side_field(name, text, f"sides.{key}.{name}", rules)
        check_side_field(k, v, f"sides.{key}.{k}", rules)
        canastas = side["canastas"] if isinstance(side.get("canastas"), list) else []
        if k == "melded" and any(parse_kind(c, "canastas") for c in canastas if isinstance(c, str)):
            raise LedgerError(t("canasta.kinds_then_points", "the canastas were given as kinds: give the melded card "
                                "points as a number"), f"sides.{key}.melded_points", text)
        side[k] = v
        sides[key] = side
        return {**doc, "sides": sides}
    return answer


def _answer_closed(setup: MatchSetup) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        out = dict(doc)
        _entry_top(out, "closed_by", text, setup, text)
        return out
    return answer
