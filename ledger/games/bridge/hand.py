"""A bridge deal at the table: the hand declared once (:mod:`ledger.games.declare`), from which come
the ``KEY=VALUE`` words and the field words read on the command line and in ``ledger play``, the
questions of ``hand add -i`` for what is missing, the labels of errors in the user's words and the
table of fields of docs/rules/bridge.md (RULES.md "Bridge"; FORMATS.md "Bridge hand document").

Said as players say it, in English or Italian, in any order after the contract::

    4SX N -2        3NT S =        6H by E made 13        4 cuori Est contre 10        tutti passano
    contract=4SX declarer=Bruno tricks=8 honors="NS 100" vulnerable=NS board=5

What is bridge's own, and so code here, is only the phrase without field words: a contract found
by its form (:func:`contract_words`: ``4SX``, ``3 senza atout``, ``pass``), a double or redouble
anywhere after it, a seat or a player's name for the declarer, ``=``/``+1``/``-2``/``down 2`` for
the result and a bare number for the tricks (:func:`said_parts` writes each as its field's
``KEY=VALUE``); and, once read, the deal's values made canonical against its contract and match
(:func:`settle`: the seat of a player, tricks from a result, honours as their object).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from ledger.errors import LedgerError
from ledger.games.bridge.document import (
    DUPLICATE, FIELD_WORDS, HONOURS_KEYS, RULE_WORDS, honours_json, read_honours, read_seat,
)
from ledger.games.bridge.scoring import (
    SEATS, contract_text, format_diff, is_doubling_word, is_seat_word, parse_contract, parse_result,
    parse_vulnerable, seat_text, tricks_from,
)
from ledger.games.base import as_int
from ledger.games.declare import Field, HandForm, Kind, Question, Who
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import MatchSetup, Resolve
from ledger.games.suggest import nearest
from ledger.i18n import Msg, t

MADE_WORDS = frozenset({"made", "fatte", "fatto", "prese", "tricks", "mantenuto", "making"})
DOWN_WORDS = frozenset({"down", "sotto", "meno"})
_RESULT = re.compile(r"=|[+-]\d{1,2}")
_TAKES = {"honors": 2}  # how many words a field's word takes after it (one, but honours: a side and points)


def read_contract(text: str, path: str) -> str:
    """A contract said in words (``4SX``, ``3 senza atout X``, ``4♠ contro``, ``tutti passano``) →
    its canonical text (``"3NTX"``); ``LedgerError`` on ``path`` (:func:`parse_contract`)."""
    return str(parse_contract(text, path))


def read_tricks(text: str, path: str) -> int | str | None:
    """The tricks question's answer, as the one-line entry says it: ``fatte 9``/``made 9`` → 9;
    ``fatte``/``made`` → ``"="``; a result against the contract (``=``, ``+1``, ``-2``, ``sotto 2``,
    ``down 1``) → its text, turned into tricks once the contract is known (:func:`settle`); None
    for a bare number (read as a count, 0-13). ``LedgerError`` on ``path`` for anything else."""
    words = text.split()
    if words and words[0].casefold() in MADE_WORDS:
        if len(words) == 1:
            return "="
        return as_int(" ".join(words[1:]), path, 0, 13)
    if text.isdigit():
        return None
    try:
        return format_diff(parse_result(text, path))
    except LedgerError:
        raise LedgerError(t("bridge.tricks_said", "expected the tricks won (0-13) or a result like =, +1 or -2, got "
                            "{value!r}", value=text), path, text) from None


def read_result(text: str, path: str) -> str:
    """A result against the contract (``=``, ``+1``, ``-2``, ``made``, ``down 2``) → ``=``/``+1``/``-2``."""
    return format_diff(parse_result(text, path))


FORM = HandForm((
    Field("contract", FIELD_WORDS["contract"], (Kind.TEXT,), words=("contratto", "c"), read=read_contract,
          ask=t("bridge.ask.contract", "Contract (e.g. 4SX, 3NT, 6H XX, Pass)"), example="4SX"),
    Field("declarer", FIELD_WORDS["declarer"], (Kind.PLAYER,), words=("by", "da", "dichiarante", "d"),
          ask=t("bridge.ask.declarer", "Declarer (N, E, S, W or a player's name)"), example="N"),
    Field("tricks", FIELD_WORDS["tricks"], (Kind.COUNT,), lo=0, hi=13, words=("t",), read=read_tricks,
          ask=t("bridge.ask.tricks", "Tricks won by declarer (0-13) or =, +1, -2"), example="10"),
    Field("result", FIELD_WORDS["result"], (Kind.TEXT,), required=False, words=("risultato", "r"),
          read=read_result, example="-2"),
    Field("honors", FIELD_WORDS["honors"], (Kind.TEXT,), required=False, default="",
          words=("honours", "onori", "hon", "h"),
          ask=t("bridge.ask.honours", "Honours (e.g. NS 100, EW 150; Enter for none)"), example="NS 100"),
    Field("vulnerable", FIELD_WORDS["vulnerable"], (Kind.TEXT,), required=False,
          words=("vul", "vulnerability", "zona"), read=parse_vulnerable, example="NS"),
    Field("board", FIELD_WORDS["board"], (Kind.COUNT,), required=False, lo=1, hi=99999,
          words=("b", "smazzata"), example="5"),
), game="bridge", main=None, subfields={"side": t("bridge.part.side", "side")})
"""A bridge deal (FORMATS.md "Bridge hand document"), as the table says it: the contract, the
declarer and the tricks asked (not after a pass), then honours (rubber and Chicago; Enter for
none); the result, the vulnerability and the board (duplicate) are said when they are meant.
The declarer is a player, said by name or by seat: read by :func:`seat_reader` (a seat's word
or a player's name → the seat), offered as the four seats (:func:`seats`)."""


# --- whose words ------------------------------------------------------------------------------------
def seat_reader(setup: MatchSetup) -> Resolve:
    """How a declarer typed is read in ``setup``'s match: a seat (``N``, ``Ovest``, ``O``) or a
    player's name → the seat letter (:func:`ledger.games.bridge.document.read_seat`)."""
    def read(value: object, path: str) -> str:
        return read_seat(value, path, setup)
    return read


def seats(setup: MatchSetup) -> Who:
    """The seats, as a player reads them in the language in use (``N E S O`` in Italian): the
    declarer's choices; a seat's word or a player's name resolves to the seat."""
    return Who(tuple(seat_text(s) for s in SEATS), seat_reader(setup))


# --- the phrase said without field words ------------------------------------------------------------
def contract_words(words: Sequence[str], i: int) -> int:
    """How many words from ``words[i]`` say a contract (``4SX``, ``4S X``, ``3 senza atout``,
    ``tutti passano``: the longest that reads, up to 4), 0 when they say none. ``LedgerError`` on
    ``contract`` for a word shaped as a contract that is none (``8NT``)."""
    for n in range(min(4, len(words) - i), 0, -1):
        try:
            parse_contract(" ".join(words[i:i + n]))
        except LedgerError:
            continue
        return n
    w = words[i]
    if re.fullmatch(r"\d+\D.*", w) and not is_seat_word(w):
        parse_contract(w)  # looks like a contract but is none: its error (8NT)
    return 0


def said_parts(setup: MatchSetup, tokens: Sequence[str]) -> list[str]:
    """The words typed → the parts the declaration reads, as one line of ``KEY=VALUE`` parts:
    ``4 cuori Est contre 10`` → ``contract=4 cuori contre; declarer=Est; tricks=10``. ``KEY=VALUE``
    words are kept as typed, but for the contract, which a double said later joins (``contract=4S X``);
    a field's word (``by``, ``onori``, ``board``) takes the word after it (honours two).
    ``LedgerError`` on ``entry`` for a word that is none of these, on ``entry.KEY`` for a key
    that names no field."""
    keyed = [tok for tok in tokens if "=" in tok and not tok.strip().startswith("=")
             and not _RESULT.fullmatch(tok.strip())]
    for tok in keyed:
        key, _, typed = tok.partition("=")
        _known_key(setup, key.strip(), typed, tok)
    words = [w for tok in tokens if tok not in keyed for w in tok.split()]
    parts: list[tuple[str, list[str]]] = []  # (field key, or a field's word typed alone; its value's words)
    for tok in [tok for tok in keyed if _field_key(tok.split("=", 1)[0].strip()) == "contract"][:1]:
        keyed.remove(tok)  # the contract given as a key: a double said after it still joins it
        parts.append(("contract", [tok.split("=", 1)[1]]))
    room, i = 0, 0
    while i < len(words):
        if room:
            parts[-1][1].append(words[i])
            room, i = room - 1, i + 1
            continue
        part, used = _said_part(setup, words, i, parts)
        if part is not None:
            parts.append(part)
            field = FORM.named(part[0]) if not part[1] else None
            room = _TAKES.get(field.key, 1) if field is not None else 0
        i += used
    for key, value in parts:
        if value:
            _known_key(setup, key, " ".join(value), key)
    said = [f"{_field_key(key)}={' '.join(value)}" if value else key for key, value in parts]
    return ["; ".join([*said, *keyed])]


def _said_part(setup: MatchSetup, words: Sequence[str], i: int,
               parts: list[tuple[str, list[str]]]) -> tuple[tuple[str, list[str]] | None, int]:
    """The part that starts at ``words[i]`` and how many words it takes; None for a double
    (``contre``), added to the contract said before it."""
    w, nxt = words[i], words[i + 1] if i + 1 < len(words) else ""
    low = w.casefold()
    contract = next((value for key, value in parts if key == "contract"), None)
    if contract is None and (n := contract_words(words, i)):
        return ("contract", list(words[i:i + n])), n
    if contract is not None and is_doubling_word(w):  # 4 cuori Est contre 10: anywhere after the contract
        contract.append(w)
        return None, 1
    if low in DOWN_WORDS and nxt.isdigit():
        return ("result", [f"-{nxt}"]), 2
    if low in MADE_WORDS:
        return (("tricks", [nxt]), 2) if nxt.isdigit() else (("result", ["="]), 1)
    if _RESULT.fullmatch(w):
        return ("result", [w]), 1
    if len(w) > 1 and FORM.named(w) is not None:
        return (w, []), 1  # a field's word: what it names follows
    if w.isdigit():
        return ("tricks", [w]), 1
    if is_seat_word(w) or any(p.casefold() == low for p in setup.players):
        return ("declarer", [w]), 1
    raise _cannot_place(setup, w)


def _field_key(word: str) -> str:
    field = FORM.named(word)
    return word if field is None else field.key


def _known_key(setup: MatchSetup, key: str, value: str, token: str) -> None:
    """``LedgerError`` for the key of a ``KEY=VALUE`` word that names no field (on ``entry.KEY``,
    with the nearest field's word or else the fields' list), or the board outside duplicate,
    which numbers its deals as they are played (on ``board``, naming the key typed)."""
    field = FORM.named(key)
    if field is not None and field.key == "board" and setup.rules != DUPLICATE:
        raise LedgerError(t("bridge.board_not_duplicate", "a board number is for duplicate only: {rules} numbers "
                            "its deals as they are played (leave out {key}=)",
                            rules=RULE_WORDS.get(setup.rules, setup.rules), key=key), "board", value)
    if field is not None:
        return
    near = nearest(key, [w for f in FORM.fields for w in (f.key, *f.words) if len(w) > 1])
    msg = (t("bridge.flag_unknown_near", "{key!r} is not a word of bridge (did you mean {near!r}?)", key=key,
             near=near) if near is not None else
           t("bridge.flag_unknown", "{key!r} is not a word of bridge (contract, declarer, tricks, result, "
             "vulnerable, honors, board)", key=key))
    raise LedgerError(msg, f"entry.{key}", token)


def _cannot_place(setup: MatchSetup, word: str) -> LedgerError:
    known = [*setup.players, *sorted(MADE_WORDS | DOWN_WORDS), *(w for f in FORM.fields for w in f.words if len(w) > 1)]
    near = nearest(word, known)
    msg = (t("bridge.cannot_place_near", "cannot place {word!r} (did you mean {near!r}?)", word=word, near=near)
           if near is not None else
           t("bridge.cannot_place", "cannot place {word!r} (e.g. 4SX N -2, 3NT S =, 6H by E made 13, pass)", word=word))
    return LedgerError(msg, "entry", word)


# --- the deal's values, made canonical ----------------------------------------------------------------
def settle(setup: MatchSetup, doc: JsonDoc) -> JsonDict:
    """A partial hand document as read → its canonical values, checked as far as they can be
    now: the contract's text, the declarer's seat, the vulnerability, honours as ``{"side",
    "points"}``, and the tricks won, from a result said for them (``=``, ``-2``) once the
    contract is known. ``LedgerError`` on the field: a result or honours that the contract
    cannot have (RULES.md "Bridge")."""
    out = dict(doc)
    said = out.get("tricks")
    if isinstance(said, str):  # a result said for the tricks: "=", "-2"
        del out["tricks"]
        out.setdefault("result", said)
    contract = parse_contract(out["contract"]) if out.get("contract") not in (None, "") else None
    if contract is not None:
        out["contract"] = str(contract)
    if out.get("declarer") not in (None, ""):
        out["declarer"] = read_seat(out["declarer"], "declarer", setup)
    if "result" in out:
        parse_result(out["result"])
    if out.get("honors") not in (None, "") and contract is not None:
        out["honors"] = honours_json(read_honours(out["honors"], contract, "honors", setup))
    if contract is not None and not contract.passed and ("tricks" in out or "result" in out):
        out["tricks"] = tricks_from(contract, out.get("tricks"), out.get("result"))
        out.pop("result", None)
    return out


def skipped(setup: MatchSetup, doc: JsonDoc, field: Field) -> bool:
    """A field not asked: the declarer, the tricks and honours after a pass; the tricks when a
    result is given; honours in duplicate (Law 77) or when given under another key (``onori``)."""
    contract = doc.get("contract")
    passed = contract not in (None, "") and parse_contract(contract).passed
    if field.key in ("declarer", "tricks", "honors") and passed:
        return True
    if field.key == "tricks":
        return doc.get("result") not in (None, "")
    return field.key == "honors" and (setup.rules == DUPLICATE or any(k in doc for k in HONOURS_KEYS))


def asked(setup: MatchSetup, doc: JsonDoc, q: Question) -> Question:
    """A declared question as bridge asks it: the tricks' question names the contract (``Result
    of 4S: …``), and every answer is settled (:func:`settle`) as the one-line entry is."""
    def answer(before: JsonDict, text: str) -> JsonDict:
        return settle(setup, q.answer(before, text))
    field = FORM.field(q.key)
    text = q.text if field is None or field.ask is None else str(field.ask)  # its examples are in the question
    if q.key == "tricks" and doc.get("contract") not in (None, ""):
        text = str(t("bridge.ask.result", "Result of {contract}: tricks won by declarer (0-13) or =, +1, -2",
                     contract=contract_text(parse_contract(doc["contract"]))))
    return replace(q, text=text, answer=answer)


def entry_help() -> Msg:
    """How a player writes a deal in one line, for ``help`` in ``ledger play`` (examples indented)."""
    return t("play.help.bridge",
             "The contract, the declarer and the result, as players say them:\n"
             "  4SX N -2   3NT S =   6H by E made 13   4SX W down 1   pass\n"
             "Honours (rubber and Chicago): honours NS 100. Or with keys: contract=4SX declarer=N "
             "result=-1 vulnerable=NS, and in duplicate board=5.")
