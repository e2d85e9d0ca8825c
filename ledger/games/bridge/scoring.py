"""Contract bridge: the scoring table of one deal, by the Laws (seed 003, RULES.md "Bridge").

Sources (the tables here are checked cell by cell in ``tests/games/test_bridge.py``):

- *The Laws of Duplicate Bridge 2017* (World Bridge Federation), **Law 77** "Duplicate Bridge
  Scoring Table" (trick score, overtricks, slam bonuses, the bonus for making a doubled or
  redoubled contract, undertrick penalties, game and partscore premiums), and **Law 2**
  (vulnerability and dealer of a board, in a cycle of 16).
- *The Laws of Contract Bridge (Rubber Bridge)*, International Code 1993 (ACBL printings 1997 and
  2003), Part VII "The Score", **Laws 72-81**: Law 72 (trick points below the line, premium points
  above), Law 73 (partscore and game: 100 trick points), Law 74 (the rubber: 700 when won two
  games to none, 500 when two games to one), Law 80 (the unfinished rubber), Law 81 (the scoring
  table, with honours: 100 for four trump honours in one hand, 150 for five, 150 for four aces in
  one hand at no trump). Apart from honours and the game and rubber premiums, the two tables agree.

The values, as RULES.md rules them (current editions where editions differ):

========================  ===============================  ===============================
item                      not vulnerable                   vulnerable
========================  ===============================  ===============================
trick, C D                20 (x2 doubled, x4 redoubled)    same
trick, H S                30                               same
trick, NT                 40 the first, 30 each after      same
overtrick, undoubled      trick value                      trick value
overtrick, doubled        100                              200
overtrick, redoubled      200                              400
making X / XX ("insult")  50 / 100                         50 / 100
small slam (12 tricks)    500                              750
grand slam (13 tricks)    1000                             1500
undertricks, undoubled    50 each                          100 each
undertricks, doubled      100, 300, 500, then +300 each    200, 500, 800, then +300 each
undertricks, redoubled    twice doubled                    twice doubled
duplicate game premium    300                              500
duplicate partscore       50                               50
========================  ===============================  ===============================

Everything here is a pure function of plain values; amounts are integer points.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

from ledger.errors import LedgerError
from ledger.games.base import as_int
from ledger.games.jsontypes import JsonValue
from ledger.i18n import Msg, t
from ledger.games.record import JsonRecord

Strain = Literal["C", "D", "H", "S", "NT"]
"""A contract's strain: clubs, diamonds, hearts, spades, no trump."""
Seat = Literal["N", "E", "S", "W"]
"""A compass seat, North first, clockwise."""
Side = Literal["NS", "EW"]
"""A partnership: North-South, East-West."""
Vulnerability = Literal["None", "NS", "EW", "All"]
"""Who is vulnerable in a deal (Law 2 names): nobody, one side, both."""

STRAINS: tuple[Strain, ...] = ("C", "D", "H", "S", "NT")
STRAIN_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trump"}
SEATS: tuple[Seat, ...] = ("N", "E", "S", "W")
SIDES: tuple[Side, ...] = ("NS", "EW")
VULNERABILITIES: tuple[Vulnerability, ...] = ("None", "NS", "EW", "All")
VULNERABILITY_SET = frozenset(VULNERABILITIES)  # what parse_vulnerable gives back as it is (a test says so)
DOUBLING_MARKS = ("", "X", "XX")
BOOK = 6
GAME_POINTS = 100

# Law 2: vulnerability of boards 1-16, repeated for higher numbers
BOARD_VULNERABILITY: tuple[Vulnerability, ...] = ("None", "NS", "EW", "All", "NS", "EW", "All", "None",
                       "EW", "All", "None", "NS", "All", "None", "NS", "EW")


class Contract(NamedTuple):
    """A final contract: ``level`` 1-7 and ``strain`` in :data:`STRAINS`, ``doubled`` 0 (undoubled),
    1 (doubled, X) or 2 (redoubled, XX); or a passed-out deal (``level`` 0, ``strain`` None).

    An immutable value (a named tuple: it is hashed and compared at C speed, as the score path
    finds deals and table cells by it, issue 17); its text is :data:`CONTRACT_TEXTS`'s."""

    level: int
    strain: Strain | None
    doubled: int = 0

    @property
    def passed(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        return BOOK + self.level

    def __str__(self) -> str:
        return CONTRACT_TEXTS.get(self) or _written(self)


def _written(contract: Contract) -> str:
    return "Pass" if contract.passed else f"{contract.level}{contract.strain}{DOUBLING_MARKS[contract.doubled]}"


PASSED_OUT = Contract(0, None, 0)
CONTRACTS = (PASSED_OUT, *(Contract(level, strain, doubled) for level in range(1, 8) for strain in STRAINS
                           for doubled in range(3)))
"""Every contract: passed out, then 1C to 7NTXX."""
CONTRACT_TEXTS = {c: _written(c) for c in CONTRACTS}
"""Each contract's text (``"4SX"``, ``"Pass"``), written once."""
CONTRACT_OF_TEXT = {text: c for c, text in CONTRACT_TEXTS.items()}
"""The contract each of those texts is (what :func:`parse_contract` reads it as: a test says so)."""

# words for the parts of a contract, upper case, spaces removed (Italian where natural)
_PASS_WORDS = {"PASS", "P", "PASSED", "PASSEDOUT", "ALLPASS", "PASSO", "PASSATA", "PASSATO", "PASSE",
               "TUTTIPASSANO", "PASSANOTUTTI", "TUTTIPASSO"}
_STRAIN_WORDS: dict[str, Strain] = {
    "NT": "NT", "N": "NT", "SA": "NT", "NOTRUMP": "NT", "NOTRUMPS": "NT", "SENZAATOUT": "NT",
    "SENZA": "NT", "S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C", "PICCHE": "S", "CUORI": "H",
    "QUADRI": "D", "FIORI": "C",
}
_DOUBLE_WORDS = {
    "": 0, "X": 1, "XX": 2, "*": 1, "**": 2, "DBL": 1, "RDBL": 2, "DOUBLED": 1, "REDOUBLED": 2,
    "CONTRE": 1, "CONTRO": 1, "CONTRATO": 1, "SURCONTRE": 2, "SURCONTRO": 2, "SURCONTRATO": 2,
}
_CONTRACT_RE = re.compile(
    r"(?P<level>\d+)(?P<strain>" + "|".join(sorted((re.escape(k) for k in _STRAIN_WORDS), key=len, reverse=True))
    + r")(?P<dbl>" + "|".join(sorted((re.escape(k) for k in _DOUBLE_WORDS if k), key=len, reverse=True)) + r")?"
)


def _squash(text: str) -> str:
    return re.sub(r"[\s\-_/.]+", "", text.upper())


def _spaceless(text: str) -> str:
    """A contract's words in capitals without their spaces (the documented forms,
    docs/rules/bridge.md: "any letter case and spacing"); any other separator (``-``, ``.``,
    ``/``) stays, so that ``-1S`` or ``4S-`` is refused rather than read as ``1S``/``4S``."""
    return "".join(text.upper().split())


TEXTS_HELD = 4096
"""How many texts of each kind (contracts, seats, results) the readers below keep read: the
words a club's documents use are few, and reading one is pure (issue 17)."""


def parse_contract(value: object, field: str = "contract") -> Contract:
    """Read a contract as players write it: ``"4SX"``, ``"3NT"``, ``"3N"``, ``"3SA"`` (senza
    atout), ``"6H XX"``, ``"4♠ contre"``, ``"2C surcontre"``, ``"Pass"``; any letter case.

    Raises ``LedgerError`` on ``field`` for a level outside 1-7 or anything unreadable. A text
    read before is not read again (:data:`TEXTS_HELD`; a refusal is never kept).
    """
    if type(value) is str:
        return CONTRACT_OF_TEXT.get(value) or _contract_of_text(value, field)
    return _read_contract(value, field)


def _read_contract(value: object, field: str) -> Contract:
    if not isinstance(value, str) or not value.strip():
        raise LedgerError(t("bridge.contract_expected", "expected a contract like 4SX, 3NT or Pass, got {value!r}",
                            value=value), field, value)
    text = _spaceless(value)
    if text in _PASS_WORDS:
        return PASSED_OUT
    m = _CONTRACT_RE.fullmatch(text)
    if m is None:
        raise LedgerError(t("bridge.not_contract", "{value!r} is not a contract (level 1-7, strain C D H S NT, "
                            "then X or XX; or Pass)", value=value), field, value)
    level = int(m["level"]) if len(m["level"]) <= 3 else 1000  # int() fails on 4300 digits
    if not 1 <= level <= 7:
        raise LedgerError(t("bridge.level", "{value!r}: the level must be 1 to 7, not {level:d}", value=value,
                            level=level), field, value)
    return Contract(level, _STRAIN_WORDS[m["strain"]], _DOUBLE_WORDS[m["dbl"] or ""])


_contract_of_text = lru_cache(TEXTS_HELD)(_read_contract)


def parse_doubling(value: object, field: str) -> int:
    """``""``/``"X"``/``"XX"`` (also contre, surcontre, doubled, redoubled) → 0, 1 or 2."""
    key = _spaceless(value) if isinstance(value, str) else None
    if key not in _DOUBLE_WORDS:
        raise LedgerError(t("bridge.not_double", "{value!r} is not a double (X) or redouble (XX)", value=value),
                          field, value)
    return _DOUBLE_WORDS[key]


def is_pass_words(text: str) -> bool:
    """True for a passed-out deal said in words: ``pass``, ``passo``, ``tutti passano``."""
    return _spaceless(text) in _PASS_WORDS


def is_doubling_word(text: str) -> bool:
    return _spaceless(text) in _DOUBLE_WORDS and bool(_spaceless(text))


def is_strain_word(text: str) -> bool:
    return _spaceless(text) in _STRAIN_WORDS


def contract_with(contract_text: str, extra: str) -> str:
    """Join a level or contract and a following word (``"3", "NT"`` or ``"4S", "X"``) for re-reading."""
    return f"{contract_text}{_spaceless(extra)}"


_SEAT_WORDS: dict[str, Seat] = {"N": "N", "E": "E", "S": "S", "W": "W", "O": "W", "NORTH": "N", "EAST": "E", "SOUTH": "S",
               "WEST": "W", "NORD": "N", "EST": "E", "SUD": "S", "OVEST": "W"}


def parse_seat(value: object, field: str = "declarer") -> str:
    """A compass seat ``N E S W`` (also North…, Nord Est Sud Ovest, ``O`` for ovest); a text read
    before is not read again (as :func:`parse_contract`)."""
    if type(value) is str:
        return value if value in SEAT_SET else _seat_of_text(value, field)
    return _read_seat(value, field)


SEAT_SET = frozenset(SEATS)


def _read_seat(value: object, field: str) -> Seat:
    key = _squash(value) if isinstance(value, str) else None
    if key not in _SEAT_WORDS:
        raise LedgerError(t("bridge.not_seat", "{value!r} is not a seat (N, E, S or W)", value=value), field, value)
    return _SEAT_WORDS[key]


SEAT_TEXT = {"W": t("bridge.seat.west", "W")}
"""The seats as a player reads them, where the language has another letter (West is ``O``,
Ovest, in Italian); the others are the same letters."""


def seat_text(seat: object) -> str:
    """A seat (``N E S W``, as stored) for people, in the language in use: ``W`` / ``O``."""
    return said(SEAT_TEXT, seat, "" if seat is None else seat)
_seat_of_text = lru_cache(TEXTS_HELD)(_read_seat)


def side_text(side: object) -> str:
    """A compass side (``NS``, ``EW``, as stored) for people, in the language in use: ``EW`` is
    ``EO`` in Italian (:data:`ledger.games.match_setup.COMPASS_SIDES`); anything else as it is."""
    from ledger.games.match_setup import COMPASS_SIDES

    return said(COMPASS_SIDES, side, "" if side is None else side)


STRAIN_TEXT = {"NT": t("bridge.strain_text.nt", "NT"), "S": t("bridge.strain_text.s", "S"),
               "H": t("bridge.strain_text.h", "H"), "D": t("bridge.strain_text.d", "D"),
               "C": t("bridge.strain_text.c", "C")}
"""The strains as a contract is written for people: ``NT``, ``S``… in English (the ledger's own
notation), ``SA`` (senza atout) and the suits' signs in Italian: ``3SA``, ``4♥X``."""


def contract_text(contract: object) -> str:
    """A contract (a :class:`Contract` or its stored text, ``"4HX"``) written for people in the
    language in use: ``4HX``, ``3NT`` in English; ``4♥X``, ``3SA`` in Italian (how Italian players
    write it); a passed-out deal ``passed out``; a text that is no contract as it is. The stored
    text and ``--json`` keep ``"4HX"`` in every language."""
    c = contract if isinstance(contract, Contract) else CONTRACT_OF_TEXT.get(contract)  # type: ignore[call-overload]
    if c is None:
        return str(contract)
    if c.passed:
        return str(t("bridge.passed_out", "passed out"))
    return f"{c.level}{said(STRAIN_TEXT, c.strain)}{DOUBLING_MARKS[c.doubled]}"


def is_seat_word(text: str) -> bool:
    return _squash(text) in _SEAT_WORDS


def side_of(seat: str) -> Side:
    """``"N"``/``"S"`` → ``"NS"``, ``"E"``/``"W"`` → ``"EW"``."""
    return "NS" if seat in ("N", "S") else "EW"


def other_side(side: str) -> str:
    return "EW" if side == "NS" else "NS"


_SIDE_WORDS: dict[str, Side] = {"NS": "NS", "SN": "NS", "EW": "EW", "WE": "EW", "EO": "EW", "OE": "EW",
               "NORDSUD": "NS", "ESTOVEST": "EW", "NORTHSOUTH": "NS", "EASTWEST": "EW"}


def parse_side(value: object, field: str) -> Side:
    """A side ``NS`` or ``EW`` (also ``N-S``, ``E/W``, ``Nord-Sud``, ``Est-Ovest``), or a seat's side."""
    key = _squash(value) if isinstance(value, str) else None
    if key in _SIDE_WORDS:
        return _SIDE_WORDS[key]
    if key in _SEAT_WORDS:
        return side_of(_SEAT_WORDS[key])
    raise LedgerError(t("bridge.not_side", "{value!r} is not a side (NS or EW)", value=value), field, value)


_VUL_WORDS: dict[str, Vulnerability] = {"NONE": "None", "-": "None", "": "None", "LOVE": "None", "NEITHER": "None", "NESSUNO": "None",
              "INPRIMA": "None", "TUTTIINPRIMA": "None",
              "0": "None", "ALL": "All", "BOTH": "All", "TUTTI": "All", "ENTRAMBI": "All"}


def parse_vulnerable(value: object, field: str = "vulnerable") -> Vulnerability:
    """``None``/``-``/``Love``, ``NS``, ``EW``, ``All``/``Both`` (PBN spellings too) → one of
    :data:`VULNERABILITIES`."""
    if isinstance(value, str):
        raw = value.strip().upper()
        if raw in _VUL_WORDS:
            return _VUL_WORDS[raw]
        key = _squash(value)
        if key in _VUL_WORDS:
            return _VUL_WORDS[key]
        if key in _SIDE_WORDS:
            return _SIDE_WORDS[key]
    raise LedgerError(t("bridge.not_vulnerability", "{value!r} is not a vulnerability (None, NS, EW or All)",
                        value=value), field, value)


def is_vulnerable(vulnerability: str, side: str | None) -> bool:
    """Whether ``side`` is vulnerable under ``vulnerability`` (one of :data:`VULNERABILITIES`;
    ``side`` None: a deal passed out, which scores nothing either way)."""
    return vulnerability == "All" or vulnerability == side


def vulnerability_of(ns: bool, ew: bool) -> Vulnerability:
    return VULNERABILITIES[(1 if ns else 0) + (2 if ew else 0)]


def board_vulnerability(board: int) -> Vulnerability:
    """Law 2 (Laws of Duplicate Bridge 2017): the vulnerability of board ``board`` (1, 2, …)."""
    return BOARD_VULNERABILITY[(board - 1) % 16]


def board_dealer(board: int) -> Seat:
    """Law 2: board 1 is dealt by North, 2 by East, 3 by South, 4 by West, and so on."""
    return SEATS[(board - 1) % 4]


# --- the scoring table (Law 77; rubber Law 81) --------------------------------------------------
def trick_value(strain: Strain | None, index: int) -> int:
    """Undoubled value of the ``index``-th odd trick (1-based) in ``strain``."""
    if strain in ("C", "D"):
        return 20
    if strain in ("H", "S"):
        return 30
    return 40 if index == 1 else 30


@lru_cache(TEXTS_HELD)  # a table: each cell worked out once
def trick_score(contract: Contract) -> int:
    """Trick points of a made contract (below the line): its odd tricks, x2 doubled, x4 redoubled.
    Overtricks are never trick points (rubber Law 72)."""
    base = sum(trick_value(contract.strain, i) for i in range(1, contract.level + 1))
    return base * (1, 2, 4)[contract.doubled]


def overtrick_points(contract: Contract, overtricks: int, vulnerable: bool) -> int:
    """Premium for ``overtricks``: undoubled at trick value (30 at NT); doubled 100 (200
    vulnerable) each; redoubled 200 (400 vulnerable) each."""
    if contract.doubled == 0:
        return overtricks * trick_value(contract.strain, 2)
    each = (100 if contract.doubled == 1 else 200) * (2 if vulnerable else 1)
    return overtricks * each


def insult_bonus(contract: Contract) -> int:
    """Premium for making a doubled (50) or redoubled (100) contract."""
    return (0, 50, 100)[contract.doubled]


def slam_bonus(contract: Contract, vulnerable: bool) -> int:
    """Small slam bid and made 500 (750 vulnerable); grand slam 1000 (1500)."""
    if contract.level == 6:
        return 750 if vulnerable else 500
    if contract.level == 7:
        return 1500 if vulnerable else 1000
    return 0


@lru_cache(TEXTS_HELD)  # a table: each cell worked out once
def undertrick_points(undertricks: int, doubled: int, vulnerable: bool) -> int:
    """Penalty to the defenders for ``undertricks``.

    Undoubled 50 (100 vulnerable) each. Doubled, not vulnerable: 100 the first, 200 the second and
    third, 300 each from the fourth (100, 300, 500, 800, …); vulnerable: 200 the first, 300 each
    after (200, 500, 800, 1100, …). Redoubled: twice the doubled penalty.
    """
    if doubled == 0:
        return undertricks * (100 if vulnerable else 50)
    total = 0
    for k in range(1, undertricks + 1):
        if vulnerable:
            total += 200 if k == 1 else 300
        else:
            total += 100 if k == 1 else (200 if k <= 3 else 300)
    return total * doubled


def game_premium(trick_points: int, vulnerable: bool) -> int:
    """Duplicate premium of a made contract (Law 77): game (100 trick points or more) 300, or 500
    vulnerable; a partscore 50."""
    if trick_points >= GAME_POINTS:
        return 500 if vulnerable else 300
    return 50


@dataclass(frozen=True)
class Entry(JsonRecord):
    """One line written on the score sheet: ``points`` for ``side`` (NS or EW), ``line``
    ``"below"`` (trick points, the only points that count towards game) or ``"above"``
    (premiums), and what it is (``item``)."""

    side: str
    line: str
    item: str
    points: int


entry = lru_cache(TEXTS_HELD)(Entry)
"""An :class:`Entry`, the same value each time it is asked for again (entries are frozen; a
sheet's entries are few: each is made once)."""

ITEMS = {
    "trick score": t("bridge.item.trick_score", "trick score"),
    "overtricks": t("bridge.item.overtricks", "overtricks"),
    "undertricks": t("bridge.item.undertricks", "undertricks"),
    "doubled contract made": t("bridge.item.doubled_made", "doubled contract made"),
    "redoubled contract made": t("bridge.item.redoubled_made", "redoubled contract made"),
    "small slam": t("bridge.item.small_slam", "small slam"),
    "grand slam": t("bridge.item.grand_slam", "grand slam"),
    "honours": t("bridge.item.honours", "honours"),
    "game": t("bridge.item.game", "game"),
    "partscore": t("bridge.item.partscore", "partscore"),
    "rubber bonus": t("bridge.item.rubber_bonus", "rubber bonus"),
    "partscore on deal 4": t("bridge.item.partscore_deal_4", "partscore on deal 4"),
    "unfinished rubber: game": t("bridge.item.unfinished_game", "unfinished rubber: game"),
    "unfinished rubber: partscore": t("bridge.item.unfinished_partscore", "unfinished rubber: partscore"),
}
"""The sheet entries' ``item`` codes (as stored, English) → their words for people."""


def said(words: Mapping[str, Msg], code: object, otherwise: object = None) -> str:
    """The words of ``code`` in ``words`` (codes → messages) in the language in use; ``otherwise``
    (default: ``code`` itself) for a code that has none."""
    msg = words.get(code) if isinstance(code, str) else None
    return str(msg) if msg is not None else str(code if otherwise is None else otherwise)


def item_text(item: object) -> str:
    """A sheet entry's ``item`` (``"small slam"``) in the language in use; an unknown one as it is."""
    return said(ITEMS, item)


UNFINISHED_WHAT = {"unfinished rubber: game": t("bridge.unfinished.game", "game"),
                   "unfinished rubber: partscore": t("bridge.unfinished.partscore", "partscore")}


def unfinished_text(item: object) -> str:
    """What an unfinished rubber's premium (Law 80) was for: ``game`` or ``partscore``."""
    return said(UNFINISHED_WHAT, item, str(item).split(": ")[-1])


VULNERABILITY_TEXT = {"None": t("bridge.vul.none", "nobody"), "All": t("bridge.vul.all", "both sides")}


VULNERABILITY_CELL = {"None": t("bridge.vul_cell.none", "None"), "All": t("bridge.vul_cell.all", "All")}


def vulnerability_cell(vul: str) -> str:
    """A vulnerability in a table's cell: ``None``, ``NS``, ``EW``, ``All`` (Italian ``nessuno``,
    ``NS``, ``EO``, ``tutti``)."""
    return said(VULNERABILITY_CELL, vul, side_text(vul))


def vulnerability_text(vul: str) -> str:
    """Who is vulnerable, for people: ``nobody``, ``both sides``, ``NS``, ``EW`` (``EO``)."""
    return said(VULNERABILITY_TEXT, vul, side_text(vul))


def contract_entries(contract: Contract, tricks: int, declarer_side: str, vulnerable: bool) -> list[Entry]:
    """The sheet entries of a played contract, the same in every form of the game (Law 77, rubber
    Law 81), without game, partscore or rubber premiums and without honours.

    ``tricks``: tricks won by the declaring side (0-13). A made contract gives the declaring side
    its trick score below the line and overtricks, insult and slam bonuses above; a defeated one
    gives the defenders the undertrick penalty above the line.
    """
    if contract.level == 0:  # passed out (the attributes, not the properties: the hot path, issue 17)
        return []
    over = tricks - contract.level - BOOK
    if over < 0:
        return [entry(other_side(declarer_side), "above", "undertricks",
                      undertrick_points(-over, contract.doubled, vulnerable))]
    made = made_row(contract, declarer_side, vulnerable)
    if over:
        return [made.trick, entry(declarer_side, "above", "overtricks", over * made.overtrick), *made.bonuses]
    return [made.trick, *made.bonuses]


class MadeRow(NamedTuple):
    """What a contract made gives its declaring side whatever the overtricks (:func:`made_row`):
    the ``trick`` score entry (below the line), the points of one ``overtrick``, the
    ``bonuses`` for making it doubled or redoubled and for a slam (in that order), and Law 77's
    ``premium`` (game or partscore) for duplicate."""

    trick: Entry
    overtrick: int
    bonuses: tuple[Entry, ...]
    premium: Entry


def made_row(contract: Contract, side: str, vulnerable: bool) -> MadeRow:
    """The :class:`MadeRow` of ``contract`` made by ``side`` (vulnerable or not): a row of the
    scoring table, each worked out once (Law 77, rubber Law 81)."""
    row = _MADE_ROWS.get((contract, side, vulnerable))
    if row is None:
        bonuses = []
        if contract.doubled:
            bonuses.append(entry(side, "above", "doubled contract made" if contract.doubled == 1
                                 else "redoubled contract made", insult_bonus(contract)))
        slam = slam_bonus(contract, vulnerable)
        if slam:
            bonuses.append(entry(side, "above", "small slam" if contract.level == 6 else "grand slam", slam))
        points = game_premium(trick_score(contract), vulnerable)
        row = _MADE_ROWS[contract, side, vulnerable] = MadeRow(
            entry(side, "below", "trick score", trick_score(contract)), overtrick_points(contract, 1, vulnerable),
            tuple(bonuses), entry(side, "above", "game" if points > 50 else "partscore", points))
    return row


_MADE_ROWS: dict[tuple[Contract, str, bool], MadeRow] = {}  # at most 105 contracts x 2 sides x 2 vulnerabilities


def duplicate_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The duplicate score of a deal from the declaring side's point of view (Law 77): positive
    when made (with the game or partscore premium), negative when defeated; 0 when passed out."""
    if contract.passed:
        return 0
    entries = contract_entries(contract, tricks, "NS", vulnerable)
    signed = sum(e.points if e.side == "NS" else -e.points for e in entries)
    if tricks >= contract.tricks_needed:
        signed += game_premium(trick_score(contract), vulnerable)
    return signed


HONOURS = (100, 150)


def check_honours(points: object, contract: Contract, field: str) -> int:
    """Honours (rubber Law 81): 100 for four of the five trump honours in one hand, 150 for all
    five; at no trump only the four aces in one hand score, 150. 100 at no trump, honours on a
    passed-out deal, or any other amount is an input error (RULES.md)."""
    if isinstance(points, str) and points.strip().isdecimal() and len(points.strip()) <= 9:
        points = int(points)
    if isinstance(points, bool) or points not in HONOURS:
        raise LedgerError(t("bridge.honours_amount", "honours are 100 or 150 points, not {points!r}",
                            points=points), field, points)
    if contract.passed:
        raise LedgerError(t("bridge.honours_passed", "a passed-out deal has no honours ({points:d})",
                            points=points), field, points)
    if contract.strain == "NT" and points != 150:
        raise LedgerError(t("bridge.honours_nt", "honours {points:d} at no trump: only the four aces in one hand "
                            "score, 150", points=points), field, points)
    return points


def parse_result(value: object, field: str = "result") -> int:
    """A result relative to the contract: ``"="`` (also ``"made"``, 0), ``"+1"``, ``"-2"``; a
    whole number is accepted too. Returns the difference (overtricks positive, undertricks
    negative); a text read before is not read again (as :func:`parse_contract`)."""
    return _result_of_text(value, field) if type(value) is str else _read_result(value, field)


def _read_result(value: object, field: str) -> int:
    if isinstance(value, bool):
        raise LedgerError(_result_expected(value), field, value)
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip().lower().replace(" ", "")
        if text in ("=", "made", "m", "mantenuto", "fatto", "fatti", "0", "+0", "-0", "=0"):
            return 0
        m = re.fullmatch(r"([+-])(\d{1,2})", text)
        if m:
            return int(m[2]) * (1 if m[1] == "+" else -1)
        m = re.fullmatch(r"(?:down|sotto|-)(\d{1,2})", text)
        if m:
            return -int(m[1])
    raise LedgerError(_result_expected(value), field, value)


_result_of_text = lru_cache(TEXTS_HELD)(_read_result)


def _result_expected(value: object) -> Msg:
    return t("bridge.result_expected", "expected a result like =, +1 or -2, got {value!r}", value=value)


def format_result(contract: Contract, tricks: int) -> str:
    """``"="``, ``"+1"`` or ``"-2"`` for ``tricks`` won against ``contract`` (``""`` when passed out)."""
    if contract.level == 0:  # passed out
        return ""
    diff = tricks - contract.level - BOOK
    return _DIFF_TEXTS.get(diff) or format_diff(diff)


def tricks_from(contract: Contract, tricks: JsonValue, result: JsonValue) -> int:
    """The tricks won by the declarer from ``tricks`` (0-13) and/or ``result`` (relative); both
    given must agree, and a result must give 0 to 13 tricks (``LedgerError`` otherwise)."""
    if result is None and type(tricks) is int and 0 <= tricks <= 13:  # the tricks alone, as most documents
        return tricks
    have_t = tricks is not None and tricks != ""
    have_r = result is not None and result != ""
    if not have_t and not have_r:
        raise LedgerError(t("bridge.tricks_missing", "missing: give the tricks won by the declarer (0-13) or the "
                            "result (=, +1, -2)"), "tricks", None)
    won = as_int(tricks, "tricks", 0, 13) if have_t else None
    if have_r:
        diff = parse_result(result, "result")
        rt = contract.tricks_needed + diff
        if not 0 <= rt <= 13:
            raise LedgerError(t("bridge.result_impossible", "{contract}{diff} would be {tricks:d} tricks (0 to 13 "
                                "exist)", contract=str(contract), diff=format_diff(diff), tricks=rt), "result", result)
        if won is not None and won != rt:
            raise LedgerError(t("bridge.result_disagrees", "result {diff} means {tricks:d} tricks in {contract}, but "
                                "tricks says {given:d}", diff=format_diff(diff), tricks=rt, contract=str(contract),
                                given=won), "result", result)
        won = rt
    assert won is not None  # from tricks or from the result: one of them was given
    return won


def format_diff(diff: int) -> str:
    return "=" if diff == 0 else f"{diff:+d}"


_DIFF_TEXTS = {diff: format_diff(diff) for diff in range(-13, 14)}  # every result of 0-13 tricks, written once
DIFF_OF_TEXT = {text: diff for diff, text in _DIFF_TEXTS.items()}
"""What :func:`parse_result` reads each of those texts as (``"="`` 0, ``"+1"``, ``"-2"``: a test says so)."""
