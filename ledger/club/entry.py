"""A traveller line as the scorer says it at the table: words → a result document. Pure.

``result_words("pairs", ["7", "12", "4SX", "W", "-2"])`` → ``{"ns": 7, "ew": 12, "contract":
"4SX", "declarer": "W", "tricks": 8}``. The first words name who played: the NS and EW pairs (or
teams), in an individual the four players N S E W. Then the outcome, as ``hand add`` takes a
bridge contract (``4SX W -2``, ``3NT by S =``, ``6H E made 13``, ``pass``; the words of
:mod:`ledger.games.bridge.hand`), or a score written directly (``NS 420``, ``EW 50``,
``score=-50``), or an artificial adjusted score (``A+/A-``, ``A``). ``table=``, ``round=``,
``section=`` and ``lead=`` are kept with the result.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ledger.errors import LedgerError
from ledger.i18n import t
from ledger.club.session import COMPASS
from ledger.games.match_setup import MatchSetup
from ledger.games.bridge.board import DUPLICATE
from ledger.games.bridge.scoring import parse_seat

KEPT_FLAGS = ("table", "round", "section", "lead")
_ADJUSTED = re.compile(r"A[+=-]?(/A[+=-]?)?", re.I)


class _ClubTable(MatchSetup):
    """The setup the bridge entry words are read with at a club table: no player names, so a
    declarer that is not a seat word is refused as not a seat (``LedgerError`` on ``declarer``)."""

    def resolve_player(self, name: object, field: str) -> str:
        return parse_seat(name, field)  # raises: the bridge words ask only for what is not a seat word


_NO_PLAYERS = _ClubTable("bridge", DUPLICATE, (), {})


def _entrant(word: str) -> int | str:
    return int(word) if word.isdigit() and len(word) < 10 else word


def result_words(event: str, words: Sequence[str]) -> dict[str, Any]:
    """Words → a result document (see the module docstring); ``LedgerError`` on ``entry`` for what
    cannot be read, or on the field at fault."""
    from ledger.games.bridge import GAME as BRIDGE

    words = [w for w in words if w.strip()]
    who = 4 if event == "individual" else 2
    if len(words) < who + 1:
        msg = (t("club.give_players", "give the four players N S E W, then the result (e.g. 4SX W -2, NS 420 or "
                 "A+/A-)") if who == 4 else
               t("club.give_teams", "give the NS and EW teams, then the result (e.g. 4SX W -2, NS 420 or A+/A-)")
               if event == "teams" else
               t("club.give_pairs", "give the NS and EW pairs, then the result (e.g. 4SX W -2, NS 420 or A+/A-)"))
        raise LedgerError(msg, "entry", " ".join(words))
    named, words = _named_entrants(words, who)
    names, rest = (named, words) if named else (words[:who], list(words[who:]))
    for field, name in zip(("ns", "ew") if who == 2 else COMPASS, names):
        if "=" in name:
            raise LedgerError(t("club.entrant_equals", "{value!r} is not a pair, a team or a player: say who played "
                                "as 7 12 or NS=7 EW=12", value=name), field, name)
    doc: dict[str, Any] = ({"players": dict(zip(COMPASS, map(_entrant, names)))} if who == 4 else
                           {"ns": _entrant(names[0]), "ew": _entrant(names[1])})
    kept = [w for w in rest if "=" in w and w.split("=", 1)[0].lower() in (*KEPT_FLAGS, "score", "score_ns")]
    for w in kept:
        key, value = w.split("=", 1)
        key = key.lower()
        doc["score_ns" if key.startswith("score") else key] = _entrant(value.strip()) if key != "lead" else value
        rest.remove(w)
    if isinstance(doc.get("score_ns"), str):
        doc["score_ns"] = _score(doc["score_ns"])
    if len(rest) == 1 and _ADJUSTED.fullmatch(rest[0]):
        doc["adjusted"] = rest[0].upper()
    elif len(rest) == 2 and rest[0].upper() in ("NS", "EW") and re.fullmatch(r"-?\d{1,5}", rest[1]):
        doc["score_ns"] = int(rest[1]) * (1 if rest[0].upper() == "NS" else -1)
    elif rest:
        played = BRIDGE.parse_entry(_NO_PLAYERS, rest)
        if "board" in played:
            raise LedgerError(t("club.board_first", "the board comes before the pairs (ledger club add SESSION BOARD "
                                "NS EW …)"), "board", played["board"])
        if played.get("honors"):
            raise LedgerError(t("club.no_honours", "honours are not scored in duplicate (Law 77)"), "honors",
                              played["honors"])
        doc.update(played)
    elif "score_ns" not in doc:
        raise LedgerError(t("club.result_missing", "missing: the result (e.g. 4SX W -2, NS 420 or A+/A-)"), "entry",
                          " ".join(words))
    return doc


_SIDE_KEYS = {"ns": "ns", "n-s": "ns", "ew": "ew", "e-w": "ew", "eo": "ew", "e-o": "ew"}
_SEAT_KEYS = {"n": "N", "s": "S", "e": "E", "w": "W", "o": "W"}


def _named_entrants(words: Sequence[str], who: int) -> tuple[list[str], list[str]]:
    """Who played, when said by direction anywhere among the words: ``NS=1 EW=2`` (an individual:
    ``N=Anna S=Bruno E=Carla W=Dario``) → (the names in the order of the positional words, the
    other words); ``([], words)`` when no word names a direction. A direction given twice, or
    only some of them, is an error naming it."""
    keys = _SIDE_KEYS if who == 2 else _SEAT_KEYS
    order = ("ns", "ew") if who == 2 else COMPASS
    found: dict[str, str] = {}
    rest = []
    for w in words:
        key, sep, value = w.partition("=")
        slot = keys.get(key.strip().lower()) if sep else None
        if slot is None:
            rest.append(w)
        elif slot in found or not value.strip():
            raise LedgerError(t("club.entrant_twice", "{word!r}: say each direction once, with its pair (NS=7 EW=12)",
                                word=w), slot.lower(), w)
        else:
            found[slot] = value.strip()
    if not found:
        return [], list(words)
    missing = [s for s in order if s not in found]
    if missing:
        raise LedgerError(t("club.entrant_missing", "say who played {direction} too (e.g. NS=7 EW=12)",
                            direction=missing[0].upper()), missing[0].lower(), None)
    return [found[s] for s in order], rest


def _score(text: str) -> int:
    if not re.fullmatch(r"[+-]?\d{1,5}", text.strip()):
        raise LedgerError(t("club.not_score", "{value!r} is not a score", value=text), "score_ns", text)
    return int(text)
