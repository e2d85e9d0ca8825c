"""Bridge entry at the table: the words players say, and the questions the CLI still has to ask.

``parse_words(setup, ["4SX", "N", "-2"])`` → ``{"contract": "4SX", "declarer": "N", "result": "-2"}``.
Understood, in any order after the contract (RULES.md "Bridge"; English and Italian):

- a contract: ``4SX``, ``3NT``, ``3N``, ``3SA``, ``4S X``, ``3 NT``, ``3 senza atout``, ``4♠ contro``,
  ``2C surcontro`` (also the French ``contre``, ``surcontre``), ``pass`` / ``passo``;
- the declarer: ``N E S W``, ``Nord Est Sud Ovest`` (``O``), a player's name; optionally after
  ``by`` / ``da``;
- the result: ``=``, ``+1``, ``-2``, ``made``, ``down 2`` / ``sotto 2``, a bare number of tricks
  (``9``), ``made 13`` / ``fatte 13`` / ``tricks 13``;
- honours: ``honours NS 100`` / ``onori EW 150`` / ``honors Anna 100``;
- ``KEY=VALUE`` flags: ``contract= declarer= tricks= result= vulnerable= honors= board=`` (also
  ``by=``, ``vul=``, ``contratto=``, ``dichiarante=``, ``prese=``, ``risultato=``, ``onori=``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ledger.errors import LedgerError
from ledger.i18n import t
from ledger.games.base import Answer, MatchSetup, Question
from ledger.games.bridge.match import (
    CHICAGO, DUPLICATE, FIELD_WORDS, HONOURS_KEYS, RULE_WORDS, RUBBER, honours_json, read_honours, read_seat,
)
from ledger.games.bridge.scoring import (
    SEATS, contract_text, contract_with, is_doubling_word, is_pass_words, is_seat_word, is_strain_word, parse_contract,
    parse_result, parse_vulnerable, seat_text, tricks_from,
)
from ledger.games.suggest import nearest

_FLAG_KEYS = {
    "contract": "contract", "contratto": "contract", "c": "contract",
    "declarer": "declarer", "by": "declarer", "dichiarante": "declarer", "d": "declarer",
    "tricks": "tricks", "prese": "tricks", "t": "tricks",
    "result": "result", "risultato": "result", "r": "result",
    "vulnerable": "vulnerable", "vul": "vulnerable", "vulnerability": "vulnerable", "zona": "vulnerable",
    "honors": "honors", "honours": "honors", "onori": "honors", "h": "honors",
    "board": "board", "b": "board", "smazzata": "board",
}
_BY = {"by", "da", "declarer", "dichiarante"}
_MADE = {"made", "fatte", "fatto", "prese", "tricks", "mantenuto", "making"}
_DOWN = {"down", "sotto", "meno"}
_HONOURS_WORDS = {"honors", "honours", "onori", "hon"}
_RESULT_RE = re.compile(r"=|[+-]\d{1,2}")


def _words(tokens: Sequence[str]) -> tuple[list[str], list[str]]:
    """Split the command line into KEY=VALUE flags and free words."""
    flags, words = [], []
    for tok in tokens:
        if "=" in tok and not tok.strip().startswith("=") and not _RESULT_RE.fullmatch(tok.strip()):
            flags.append(tok)
        else:
            words.extend(tok.split())
    return flags, words


def parse_words(setup: MatchSetup, tokens: Sequence[str]) -> dict[str, Any]:
    """Command-line words → a partial hand document (see the module docstring)."""
    flags, words = _words(tokens)
    doc: dict[str, Any] = {}
    for flag in flags:
        key, value = (p.strip() for p in flag.split("=", 1))
        field = _FLAG_KEYS.get(key.lower())
        if field is None:
            near = nearest(key, _FLAG_KEYS)
            msg = (t("bridge.flag_unknown_near", "{key!r} is not a word of bridge (did you mean {near!r}?)", key=key,
                     near=near) if near is not None else
                   t("bridge.flag_unknown", "{key!r} is not a word of bridge (contract, declarer, tricks, result, "
                     "vulnerable, honors, board)", key=key))
            raise LedgerError(msg, f"entry.{key}", flag)
        if field == "board" and setup.rules != DUPLICATE:
            raise LedgerError(t("bridge.board_not_duplicate", "a board number is for duplicate only: {rules} numbers "
                                "its deals as they are played (leave out {key}=)",
                                rules=RULE_WORDS.get(setup.rules, setup.rules), key=key),
                              "board", value)
        _put(doc, field, value, flag)
    _read_free_words(setup, words, doc)
    return _normalise(setup, doc)


def _put(doc: dict[str, Any], field: str, value: Any, token: str) -> None:
    if field in doc:
        raise LedgerError(t("bridge.given_twice", "{field} is given twice", field=FIELD_WORDS.get(field, field)),
                          "entry", token)
    doc[field] = value


def _read_free_words(setup: MatchSetup, words: list[str], doc: dict[str, Any]) -> None:
    i = 0
    while i < len(words):
        w, low = words[i], words[i].lower()
        nxt = words[i + 1] if i + 1 < len(words) else None
        if "contract" not in doc:
            used = _read_contract_words(words, i, doc)
            if used:
                i += used
                continue
        if low in _BY and nxt is not None:
            _put(doc, "declarer", nxt, w)
            i += 2
        elif low in _MADE:
            if nxt is not None and nxt.isdigit():
                _put(doc, "tricks", nxt, f"{w} {nxt}")
                i += 2
            else:
                _put(doc, "result", "=", w)
                i += 1
        elif low in _DOWN and nxt is not None and nxt.isdigit():
            _put(doc, "result", f"-{nxt}", f"{w} {nxt}")
            i += 2
        elif low in _HONOURS_WORDS:
            taken = words[i + 1:i + 3]
            if len(taken) < 2:
                raise LedgerError(t("bridge.honours_words", "honours need a side and 100 or 150, e.g. "
                                    "'honours NS 100'"), "entry", w)
            _put(doc, "honors", " ".join(taken), w)
            i += 3
        elif _RESULT_RE.fullmatch(w):
            _put(doc, "result", w, w)
            i += 1
        elif w.isdigit() and "contract" in doc:
            _put(doc, "tricks", w, w)
            i += 1
        elif "contract" in doc and is_doubling_word(w):  # 4 cuori Est contre 10: anywhere after the contract
            doc["contract"] = str(parse_contract(contract_with(doc["contract"], w)))
            i += 1
        elif _is_declarer_word(setup, w):
            _put(doc, "declarer", w, w)
            i += 1
        else:
            near = nearest(w, (*setup.players, *_BY, *_MADE, *_DOWN, *_HONOURS_WORDS))
            msg = (t("bridge.cannot_place_near", "cannot place {word!r} (did you mean {near!r}?)", word=w, near=near)
                   if near is not None else
                   t("bridge.cannot_place", "cannot place {word!r} (e.g. 4SX N -2, 3NT S =, 6H by E made 13, pass)",
                     word=w))
            raise LedgerError(msg, "entry", w)


def _read_contract_words(words: list[str], i: int, doc: dict[str, Any]) -> int:
    """Read a contract starting at word ``i`` (``4SX``, ``4S X``, ``3 NT``, ``3 senza atout X``);
    returns the number of words used, 0 when the words there are no contract."""
    w = words[i]
    if i + 1 < len(words) and is_pass_words(w + words[i + 1]):  # tutti passano
        doc["contract"] = str(parse_contract(w + words[i + 1]))
        return 2
    try:
        parse_contract(w)
        text, used = w, 1
    except LedgerError:
        if re.fullmatch(r"\d+\D.*", w) and not is_seat_word(w):
            raise  # it looks like a contract but is none, e.g. 8NT
        if not (w.isdigit() and i + 1 < len(words) and is_strain_word(words[i + 1])):
            return 0
        text, used = contract_with(w, words[i + 1]), 2
        if words[i + 1].lower() == "senza" and i + 2 < len(words) and words[i + 2].lower() == "atout":
            used = 3
        parse_contract(text)
    if i + used < len(words) and is_doubling_word(words[i + used]):
        text, used = contract_with(text, words[i + used]), used + 1
    doc["contract"] = str(parse_contract(text))
    return used


def _is_declarer_word(setup: MatchSetup, w: str) -> bool:
    if is_seat_word(w):
        return True
    return any(p.casefold() == w.casefold() for p in setup.players)


def _normalise(setup: MatchSetup, doc: dict[str, Any]) -> dict[str, Any]:
    """Check what can be checked now and write canonical values (seat letters, honours objects)."""
    out = dict(doc)
    contract = parse_contract(out["contract"]) if "contract" in out else None
    if contract is not None:
        out["contract"] = str(contract)
    if "declarer" in out:
        out["declarer"] = read_seat(out["declarer"], "declarer", setup)
    if "vulnerable" in out:
        out["vulnerable"] = parse_vulnerable(out["vulnerable"])
    if "result" in out:
        parse_result(out["result"])
    if "honors" in out and contract is not None:
        out["honors"] = honours_json(read_honours(out["honors"], contract, "honors", setup))
    if contract is not None and not contract.passed and ("tricks" in out or "result" in out):
        out["tricks"] = tricks_from(contract, out.get("tricks"), out.get("result"))
        out.pop("result", None)
    return out


# --- questions ----------------------------------------------------------------------------------
def next_questions(setup: MatchSetup, doc: Mapping[str, Any]) -> list[Question]:
    """The next question for an incomplete hand (one at a time; the CLI asks again after each)."""
    if doc.get("contract") in (None, ""):
        return [Question("contract", str(t("bridge.ask.contract", "Contract (e.g. 4SX, 3NT, 6H XX, Pass)")),
                         _answer_contract)]
    contract = parse_contract(doc["contract"])
    if contract.passed:
        return []
    if doc.get("declarer") in (None, ""):
        return [Question("declarer", str(t("bridge.ask.declarer", "Declarer (N, E, S, W or a player's name)")),
                         _answer_declarer(setup), choices=tuple(seat_text(s) for s in SEATS))]
    if doc.get("tricks") in (None, "") and doc.get("result") in (None, ""):
        return [Question("result", str(t("bridge.ask.result", "Result of {contract}: tricks won by declarer (0-13) "
                                         "or =, +1, -2", contract=contract_text(contract))), _answer_result(setup))]
    if setup.rules in (RUBBER, CHICAGO) and not any(k in doc for k in HONOURS_KEYS):
        return [Question("honors", str(t("bridge.ask.honours", "Honours (e.g. NS 100, EW 150; Enter for none)")),
                         _answer_honours(setup), default="")]
    return []


def _answer_contract(doc: dict[str, Any], text: str) -> dict[str, Any]:
    words = text.split()
    part: dict[str, Any] = {}
    used = _read_contract_words(words, 0, part) if words else 0
    if not used or used != len(words):
        parse_contract(text)  # raises with the right message
    return {**doc, "contract": part.get("contract") or str(parse_contract(text))}


def _answer_declarer(setup: MatchSetup) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        return {**doc, "declarer": read_seat(text.strip(), "declarer", setup)}
    return answer


def _answer_result(setup: MatchSetup) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        """Tricks (``9``), a result (``=``, ``+1``, ``-2``) or the words of one line's entry for
        it (``fatte 9``, ``made``, ``sotto 2``, ``down 1``)."""
        contract = parse_contract(doc["contract"])
        said = text.strip()
        words = None if said.isdigit() else _result_words(setup, said)
        tricks = tricks_from(contract, *(words or ((said, None) if said.isdigit() else (None, said))))
        out = {k: v for k, v in doc.items() if k != "result"}
        out["tricks"] = tricks
        return out
    return answer


def _result_words(setup: MatchSetup, text: str) -> tuple[Any, Any] | None:
    """``(tricks, result)`` of an answer said in words (``fatte 9`` → ``("9", None)``, ``sotto 2``
    → ``(None, "-2")``), as the one-line entry reads them; None when the words say anything else."""
    read: dict[str, Any] = {"contract": "1C"}
    try:
        _read_free_words(setup, text.split(), read)
    except LedgerError:
        return None
    if not read.keys() - {"contract"} or read.keys() - {"contract", "tricks", "result"}:
        return None
    return read.get("tricks"), read.get("result")


def _answer_honours(setup: MatchSetup) -> Answer:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        contract = parse_contract(doc["contract"])
        return {**doc, "honors": honours_json(read_honours(text.strip(), contract, "honors", setup))}
    return answer
