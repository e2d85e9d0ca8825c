"""Scala 40 at the table: the hand as the scorekeeper says it, in Italian or English, on the command
line (``ledger hand add M ...``), in ``ledger play`` and in the prompts (``hand add -i``).

A hand is said in parts separated by ``;`` or commas (``KEY=VALUE`` words work too)::

    chiude Anna; Bruno JK AS 7H; Carla 34; Dario non ha aperto
    Anna closed, Bruno JK AS 7H, Carla 34, Dario not opened
    rientra Dario; chiude in mano Anna; Bruno 12; Dario 9
    closed=Anna in_mano=yes Bruno="JK AS 7H" Carla=34 reentry=Dario

- who closed: ``chiude NAME``, ``NAME chiude``, ``ha chiuso NAME``, ``closed NAME``, ``NAME closed``;
- ``in mano`` / ``in hand`` (alone, or ``chiude in mano NAME``): he closed in hand;
- ``rientra NAME`` (``rientrano NAME e NAME``, ``reentry NAME``): re-entries before the hand;
- ``NAME`` then his cards left in hand, the penalty he counted, or ``non ha aperto`` / ``not
  opened`` (optionally followed by his 13 cards or their count).

The lead's shared hand declaration (issue 30, ``ledger/games/declare.py``) was not on main when
this game was built, so its words are read here in the style of the other games, with the
helpers of :mod:`ledger.games.base` (``phrase_parts``, ``put_once``, ``put_closer``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ledger.cards import format_cards, parse_cards
from ledger.errors import LedgerError
from ledger.games.base import Question, as_bool, phrase_parts, put_closer, put_once
from ledger.games.match_setup import MatchSetup
from ledger.games.scala40 import rules
from ledger.i18n import Msg, t

_CLOSE = r"(?:chiude|ha chiuso|chiuso|chiusura|closed by|closed|closes|closer|close)"
_IN_MANO = r"(?:in mano|in hand)"
_REENTER = r"(?:rientra|rientrano|rientro|rientri|rientrati|re-?entry|re-?enters?|re-?entered)"
_NOT_OPENED = re.compile(r"(?:non ha aperto|non aperto|non apre|non ha calato|not opened|has not opened|"
                         r"hasn't opened|never opened|did not open|didn't open|no open)(?: (.*))?")
_CLOSER_FIRST = re.compile(rf"{_CLOSE}(?: {_IN_MANO})? (.+)")
_CLOSER_AFTER = re.compile(rf"(.+?) {_CLOSE}( {_IN_MANO})?")
_IN_MANO_ALONE = re.compile(rf"(?:chiusura |closed |closing )?{_IN_MANO}(?: (.+))?")
_REENTRY_FIRST = re.compile(rf"{_REENTER} (.+)")
_REENTRY_AFTER = re.compile(rf"(.+?) {_REENTER}")
_NAMES_SPLIT = re.compile(r"\s*(?:,|&|\be\b|\band\b)\s*")
_NOBODY = {"", "-", "nessuno", "nobody", "none", "no"}
WORDS = ("chiude", "closed", "in mano", "in hand", "rientra", "reentry", "non ha aperto", "not opened")


def entry_help() -> Msg:
    """How a hand is written in one line, for ``help`` in ``ledger play`` (examples indented)."""
    return t("play.help.scala40",
             "Who closed, then each other player still in: his cards left in hand, his penalty, or 'not opened':\n"
             "  \"Anna closed, Bruno JK AS 7H, Carla 34, Dario not opened\"\n"
             "Add 'in hand' when the closer went out in one turn (every penalty doubled), and 'reentry NAME' "
             "before a hand to bring a player who is out back in:\n"
             "  \"reentry Dario; Anna closed in hand; Bruno 12; Carla 20; Dario 9\"")


def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> dict[str, Any]:
    """Command-line words → a partial hand document (``closed_by``, ``in_mano``, ``others``,
    ``reentry``): the module docstring lists the words. ``LedgerError`` naming the part for a word
    that is no player or keyword, cards or a penalty that cannot be read, or a part that
    contradicts an earlier one."""
    options = rules.Options(**setup.options)
    doc: dict[str, Any] = {}
    others: dict[str, Any] = {}
    last: str | None = None
    for part in _parts(tokens):
        last = _read_part(setup, options, part, doc, others, last)
    if others:
        doc["others"] = others
    return doc


def _parts(tokens: Sequence[str]) -> list[str]:
    """The parts of what was typed: a ``KEY=VALUE`` word starts a part of its own (``=`` read as a
    space), the other words go with the part before them; then split at ``;`` and commas."""
    chunks: list[str] = []
    for tok in tokens:
        if "=" in tok and not tok.startswith("="):
            key, value = tok.split("=", 1)
            chunks.append(f"; {key.replace('_', ' ')} {value}")
        else:
            chunks.append(tok)
    return phrase_parts(" ".join(chunks))


def _read_part(setup: MatchSetup, options: rules.Options, part: str, doc: dict[str, Any], others: dict[str, Any],
               last: str | None) -> str | None:
    """Read one part into ``doc``/``others``; the player it gave cards to (for cards that go on
    after a comma), else None."""
    m = _IN_MANO_ALONE.fullmatch(part)
    if m:
        put_once(doc, "in_mano", as_bool(m.group(1) or "yes", "in_mano"), "", part)
        return None
    m = _REENTRY_FIRST.fullmatch(part) or _REENTRY_AFTER.fullmatch(part)
    if m:
        put_once(doc, "reentry", read_reentry(setup, m.group(1)), "", part)
        return None
    m = _CLOSER_FIRST.fullmatch(part)
    after = _CLOSER_AFTER.fullmatch(part) if m is None else None
    if m or after:
        name = m.group(1) if m else after.group(1) if after else ""
        put_closer(doc, setup.resolve_player(name, "closed_by"), part)
        if re.search(_IN_MANO, part):
            put_once(doc, "in_mano", True, "", part)
        return None
    player, rest = _player_and_rest(setup, part)
    if player is None:
        if last is not None and isinstance(others.get(last), str) and _are_cards(part):
            others[last] = format_cards(parse_cards(f"{others[last]} {part}", f"others.{last}"))
            rules.read_other(others[last], f"others.{last}", options)
            return last
        setup.resolve_entry(part.split()[0], WORDS, players=True)  # names the word, with the nearest
    assert player is not None
    put_once(others, player, read_left(rest, f"others.{player}", options), "others", part)
    return player


def _player_and_rest(setup: MatchSetup, part: str) -> tuple[str | None, str]:
    """The player a part starts with (the longest name that fits) and the words after it."""
    words = part.split()
    for k in range(len(words), 0, -1):
        try:
            return setup.resolve_player(" ".join(words[:k]), "others"), " ".join(words[k:])
        except LedgerError:
            continue
    return None, part


def _are_cards(text: str) -> bool:
    try:
        parse_cards(text, "cards")
    except LedgerError:
        return False
    return True


def read_left(text: str, field: str, options: rules.Options) -> Any:
    """What a player left, as said (``JK AS 7H``, ``34``, ``non ha aperto``, ``not opened 62``) →
    his entry of the hand document (cards in the ledger's notation, a number, or an object),
    checked (:func:`rules.read_other`). ``LedgerError`` on ``field``."""
    text = text.strip()
    if not text:
        raise LedgerError(t("scala40.say_left", "give the cards left in hand, the penalty, or 'not opened'"),
                          field, text)
    m = _NOT_OPENED.fullmatch(text.casefold())
    value: Any
    if m:
        rest = (m.group(1) or "").strip()
        value = {"opened": False}
        if rest.isdigit():
            value["points"] = int(rest)
        elif rest:
            value["cards"] = format_cards(parse_cards(rest, f"{field}.cards"))
    elif text.lstrip("+-").isdigit():
        value = int(text)
    else:
        value = format_cards(parse_cards(text, field))
    rules.read_other(value, field, options)
    return value


def read_reentry(setup: MatchSetup, text: str) -> list[str]:
    """The players named for re-entry (``Dario``, ``Dario e Elena``; ``nessuno`` for nobody)."""
    if text.strip().casefold() in _NOBODY:
        return []
    try:
        return [setup.resolve_player(text, "reentry")]
    except LedgerError:
        return [setup.resolve_player(n, "reentry") for n in _NAMES_SPLIT.split(text.strip()) if n]


# --- the prompts -------------------------------------------------------------------------------------
def questions(setup: MatchSetup, doc: Mapping[str, Any], state: rules.State | None,
              options: rules.Options) -> list[Question]:
    """What is still missing from ``doc``, in the order to ask it: who re-enters (when ``state``
    has someone who may; Enter for nobody), who closed, whether in mano (Enter for no), then each
    player still in who is not given. Answers already given are kept."""
    others = doc.get("others") or {}
    if not isinstance(others, Mapping):
        return []  # nothing to ask: scoring names the wrong shape
    may = _may_reenter(state, options)
    if may and "reentry" not in doc:
        return [Question("reentry", str(t("scala40.ask_reentry", "Who re-enters before this hand? (Enter for "
                                          "nobody)")), _answer_reentry(setup), choices=tuple(may), default="")]
    back = set(_names(setup, doc.get("reentry"), "reentry"))
    players_in = [p for p in setup.players if state is None or p not in state.out or p in back]
    if not doc.get("closed_by"):
        return [Question("closed_by", str(t("scala40.ask_closer", "Who closed?")), _answer_closer(setup),
                         choices=tuple(players_in))]
    closer = setup.resolve_player(doc["closed_by"], "closed_by")
    if "in_mano" not in doc:
        return [Question("in_mano", str(t("scala40.ask_in_mano", "Did {player} close in mano, in one turn? (Enter "
                                          "for no)", player=closer)), _answer_in_mano, default="no")]
    given = set(_names(setup, list(others), "others"))
    for p in players_in:
        if p != closer and p not in given:
            return [Question(f"others.{p}", str(t("scala40.ask_left", "{player}: cards left in hand, the penalty, "
                                                  "or 'not opened'", player=p)), _answer_left(p, options))]
    return []


def _may_reenter(state: rules.State | None, options: rules.Options) -> list[str]:
    """Who may re-enter before the next hand of ``state`` (none without a state)."""
    if state is None or state.finished or options.reentries == 0 or len(state.players_in) < 2:
        return []
    return [p for p in state.out if state.reentries[p] < options.reentries]


def _names(setup: MatchSetup, raw: object, field: str) -> list[str]:
    """The match's players among ``raw`` (a list or a text), ignoring any name it does not know
    (scoring names it)."""
    out = []
    for n in rules.read_names(raw, field) if not isinstance(raw, list) else raw:
        try:
            out.append(setup.resolve_player(n, field))
        except LedgerError:
            continue
    return out


def _answer_reentry(setup: MatchSetup) -> Callable[[dict[str, Any], str], dict[str, Any]]:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        return {**doc, "reentry": read_reentry(setup, text)}
    return answer


def _answer_closer(setup: MatchSetup) -> Callable[[dict[str, Any], str], dict[str, Any]]:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        words = text.strip().casefold()
        m = _CLOSER_FIRST.fullmatch(words) or _CLOSER_AFTER.fullmatch(words)
        player = setup.resolve_player(m.group(1) if m else text, "closed_by")
        new = {**doc, "closed_by": player}
        if re.search(_IN_MANO, words):
            new["in_mano"] = True
        return new
    return answer


def _answer_in_mano(doc: dict[str, Any], text: str) -> dict[str, Any]:
    words = text.strip().casefold()
    return {**doc, "in_mano": True if re.fullmatch(_IN_MANO, words) else as_bool(words, "in_mano")}


def _answer_left(player: str, options: rules.Options) -> Callable[[dict[str, Any], str], dict[str, Any]]:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        value = read_left(text, f"others.{player}", options)
        return {**doc, "others": {**(doc.get("others") or {}), player: value}}
    return answer
