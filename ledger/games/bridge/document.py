"""A bridge hand document read into the typed deal (RULES.md "Bridge"; FORMATS.md "Bridge hand
document")::

    {"game": "bridge", "rules": "duplicate", "contract": "4SX", "declarer": "N",
     "tricks": 9, "vulnerable": "NS", "honors": null}

:func:`read_deal` checks every field and gives a :class:`Deal` (its contract a
:class:`~ledger.games.bridge.scoring.Contract`, its seats and sides letters). The rule sets a
document names are here too, as the scoring of :mod:`ledger.games.bridge.rules` keys them. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from functools import partial
from typing import NamedTuple

from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.i18n import t
from ledger.games.base import META_KEYS, MatchSetup, as_int, check_keys, need
from ledger.games.bridge.records import Honours
from ledger.games.bridge.scoring import (
    BOOK, CONTRACT_OF_TEXT, DIFF_OF_TEXT, SEAT_SET, SEATS, VULNERABILITY_SET, Contract, Side, check_honours,
    is_seat_word, parse_contract, parse_seat, parse_side, parse_vulnerable, side_of, tricks_from,
)

RUBBER, CHICAGO, DUPLICATE = "rubber", "chicago", "duplicate"
RULE_SETS = (RUBBER, CHICAGO, DUPLICATE)  # Bridge.rule_sets
HAND_KEYS = {"contract", "declarer", "tricks", "result", "vulnerable", "honors", "honours", "onori", "board"}
HONOURS_KEYS = ("honors", "honours", "onori")
_DOCUMENT_KEYS = frozenset(HAND_KEYS) | META_KEYS  # what check_keys lets through at the top
FIELD_WORDS = {"contract": t("bridge.field.contract", "contract"),
               "declarer": t("bridge.field.declarer", "declarer"), "tricks": t("bridge.field.tricks", "tricks"),
               "result": t("bridge.field.result", "result"), "vulnerable": t("bridge.field.vulnerable", "vulnerable"),
               "honors": t("bridge.field.honors", "honors"), "board": t("bridge.field.board", "board")}
"""A hand document's fields as they are named in a sentence."""
RULE_WORDS = {RUBBER: t("bridge.rules.rubber", "rubber"), CHICAGO: t("bridge.rules.chicago", "chicago"),
              DUPLICATE: t("bridge.rules.duplicate", "duplicate")}
"""The rule sets as they are named in a sentence."""
_NONE_WORDS = {"", "none", "no", "-", "nessuno", "niente", "null", "0"}


# --- reading a hand -----------------------------------------------------------------------------
class Deal(NamedTuple):
    """One deal as entered, validated: ``contract``, ``declarer`` seat (None when passed out),
    ``tricks`` won by the declarer (None when passed out), ``vulnerable`` as given (None when not
    given), ``honours`` ``(side, points)`` or None, ``board`` number or None.

    An immutable value, hashed and compared at C speed (a named tuple of plain values): a deal
    scored on its own is kept by it (:func:`score_hand`)."""

    contract: Contract
    declarer: str | None
    tricks: int | None
    vulnerable: str | None
    honours: tuple[Side, int] | None
    board: int | None

    @property
    def declarer_side(self) -> str | None:
        return _SIDE_OF_SEAT.get(self.declarer)

    @property
    def made(self) -> bool:
        return not self.contract.passed and self.tricks is not None and self.tricks >= self.contract.tricks_needed


def read_deal(doc: JsonDoc, rules: str, setup: MatchSetup | None = None) -> Deal:
    """Validate a hand document (see the module docstring) into a :class:`Deal`.

    In a match (``setup`` given) the declarer and the honours' side may also be a player's name.
    Raises ``LedgerError`` naming the field: an unknown field, a contract like 8NT, a declarer that
    is no seat, tricks outside 0-13, a result that disagrees with ``tricks`` or gives an impossible
    number of tricks, honours that cannot be held (100 at no trump), honours in duplicate.
    """
    return deal_parts(doc, rules, setup)


_SIDE_OF_SEAT: dict[str | None, str] = {seat: side_of(seat) for seat in SEATS}  # None: no declarer


def deal_parts(doc: JsonDoc, rules: str, setup: MatchSetup | None = None) -> Deal:
    """:func:`read_deal`: the checks in their order, with their errors, the common correct
    document first (a canonical contract, seat, result and vulnerability read from a table, the
    tricks alone taken as they are; a document without honours, every duplicate board, pays for
    three lookups); anything else goes through the readers that say what is wrong."""
    if not _DOCUMENT_KEYS.issuperset(doc):
        check_keys(doc, HAND_KEYS)
    get = doc.get
    contract = get("contract")
    contract = (type(contract) is str and CONTRACT_OF_TEXT.get(contract)  # as written most often: "4S", "3NTX"
                or parse_contract(contract or need(doc, "contract")))  # need: missing (None), or the falsy value
    honours_key = (_honours_key(doc) if "honors" in doc or "honours" in doc or "onori" in doc  # HONOURS_KEYS
                   else None)
    if contract.level == 0:  # passed out
        for key in ("declarer", "tricks", "result"):
            if doc.get(key) not in (None, ""):
                raise LedgerError(t("bridge.passed_has_no", "a passed-out deal has no {key} ({value!r})",
                                    key=FIELD_WORDS[key], value=doc[key]), key, doc[key])
        declarer, tricks = None, None
    else:
        declarer = get("declarer") or need(doc, "declarer")
        if not (type(declarer) is str and declarer in SEAT_SET):  # N, E, S or W as written most often
            declarer = parse_seat(declarer, "declarer") if setup is None else read_seat(declarer, "declarer", setup)
        tricks, result = get("tricks"), get("result")
        if not (result is None and type(tricks) is int and 0 <= tricks <= 13):  # tricks alone, as most documents
            diff = DIFF_OF_TEXT.get(result) if tricks is None and type(result) is str else None  # "=", "+1", "-2"
            won = None if diff is None else contract.level + BOOK + diff
            tricks = won if won is not None and 0 <= won <= 13 else tricks_from(contract, tricks, result)
    vulnerable = get("vulnerable")
    if vulnerable is not None and not (type(vulnerable) is str and vulnerable in VULNERABILITY_SET):
        vulnerable = parse_vulnerable(vulnerable)
    board = get("board")
    if board is not None and not (type(board) is int and 1 <= board <= 99999):  # as as_int reads it
        board = as_int(board, "board", 1, 99999)
    honours = None if honours_key is None else read_honours(get(honours_key), contract, honours_key, setup)
    if honours and rules == DUPLICATE:
        assert honours_key is not None  # honours were read from it
        raise LedgerError(t("bridge.honours_duplicate", "honours ({value!r}) are not scored in duplicate (Law 77)",
                            value=doc[honours_key]), honours_key, doc[honours_key])
    return _deal((contract, declarer, tricks, vulnerable, honours, board))


_deal = partial(tuple.__new__, Deal)  # Deal(*fields) without the named tuple's own __new__ (a Python function)


def _honours_key(doc: JsonDoc) -> str:
    """The one field of :data:`HONOURS_KEYS` that gives honours (``honors`` when none does);
    ``LedgerError`` when two do."""
    given = [k for k in HONOURS_KEYS if doc.get(k) not in (None, "")]
    if len(given) > 1:
        raise LedgerError(t("bridge.honours_twice", "honours are given twice"), given[1], doc[given[1]])
    return given[0] if given else "honors"


def read_seat(value: object, field: str, setup: MatchSetup | None = None) -> str:
    """A seat N/E/S/W (Italian and English words too), or in a match a player's name → their seat."""
    if setup is not None and isinstance(value, str) and not is_seat_word(value):
        return SEATS[setup.players.index(setup.resolve_player(value, field))]
    return parse_seat(value, field)


def read_side(value: object, field: str, setup: MatchSetup | None = None) -> Side:
    """A side NS/EW, a seat's side, or in a match a player's side."""
    if setup is not None and isinstance(value, str):
        try:
            return parse_side(value, field)
        except LedgerError:
            return side_of(read_seat(value, field, setup))
    return parse_side(value, field)


def read_honours(value: object, contract: Contract, field: str,
                 setup: MatchSetup | None = None) -> tuple[Side, int] | None:
    """Honours as ``{"side": "NS", "points": 100}``, as text ``"NS 100"`` / ``"150 EW"`` /
    ``"Anna 100"``, or null / ``"none"``. Returns ``(side, points)`` or None."""
    if value is None or (isinstance(value, str) and value.strip().lower() in _NONE_WORDS):
        return None
    if isinstance(value, Mapping):
        check_keys(value, {"side", "points"}, prefix=f"{field}.")
        if value.get("points") in (None, 0, "0", ""):
            return None
        side = read_side(need(value, "side", f"{field}.side"), f"{field}.side", setup)
        return side, check_honours(value.get("points"), contract, f"{field}.points")
    if isinstance(value, str):
        words = value.split()
        numbers = [w for w in words if w.isdecimal() and len(w) <= 4]
        names = [w for w in words if w not in numbers]
        if len(numbers) == 1 and len(names) == 1:
            return read_side(names[0], field, setup), check_honours(int(numbers[0]), contract, field)
    if isinstance(value, str):  # typed at the table: said as the players say it
        raise LedgerError(t("bridge.honours_said", "expected honours like 'NS 100' or 'EW 150', got {value!r}",
                            value=value), field, value)
    raise LedgerError(t("bridge.honours_expected", "expected honours like 'NS 100' or {{\"side\": \"NS\", "
                        "\"points\": 150}}, got {value!r}", value=value), field, value)


def honours_of(honours: tuple[Side, int] | None) -> Honours | None:
    return Honours(*honours) if honours else None


def honours_json(honours: tuple[Side, int] | None) -> JsonDict | None:
    """Honours as a hand document writes them: ``{"side": "NS", "points": 100}``, or None."""
    return Honours(*honours).to_json() if honours else None
