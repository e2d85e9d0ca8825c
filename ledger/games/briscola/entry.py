"""Briscola at the table: the words a scorekeeper says for a hand, in Italian or English, on the
command line (``ledger hand add``), in the prompts and in ``ledger play``.

- ``classica``: each side and its card points or pile, ``Marco 68 Giulia resto``, ``Anna=68
  Bruno=rest``, a pile in letters or Italian card words (``Anna "asso di denari, tre di coppe …"
  Bruno resto``); ``ultima Anna`` (``last=Anna``) for the last trick; ``tolto 2C`` (``removed=2C``)
  for the 2 out of the deck with three players. A player's name stands for the player's pair.
- ``chiamata``: ``chiama Anna il tre di denari a 70, socio Carla, 78 punti`` (``calls Anna 3D at
  70, partner Carla, 78 points``); ``da solo`` (``alone``) for a caller who called his own card;
  ``fuori Fabio`` for who sits out with six; or ``caller=Anna called=3D bid=70 partner=Carla
  points=78``.

What is still missing is asked one thing at a time (:func:`questions`), keeping what was given.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ledger.cards import ITALIAN_40, parse_card
from ledger.errors import LedgerError
from ledger.games.base import MatchState, Question, as_int, phrase_parts, put_once
from ledger.games.match_setup import MatchSetup
from ledger.games.briscola.hand import is_number, is_rest, read_classica, read_pile
from ledger.games.briscola.rules import DECK_POINTS, RuleSet, check_bid, check_points
from ledger.games.suggest import did_you_mean
from ledger.i18n import t

if TYPE_CHECKING:
    from ledger.games.base import Game

HELP = t("play.help.briscola",
         "Classica: each side's card points, or its captured cards; 'rest' for the cards the others did not "
         "take:\n"
         "  Anna 68 Bruno rest   Anna=\"AD 3D KS\" Bruno=rest\n"
         "'last Anna' says who took the last trick (60-60 with tie_last_trick), 'removed 2C' the 2 out of "
         "the deck with three players.\n"
         "Chiamata: who called, the card, the bid, the partner and the caller's side's card points:\n"
         "  calls Anna 3D at 70, partner Anna, 78 points\n"
         "'alone' when the caller called his own card; 'out Fabio' for who sits out at six.")

# a KEY=VALUE word's key → the document field (Italian and English)
KEYS = {
    "last": "last_trick", "last_trick": "last_trick", "ultima": "last_trick", "ultima_presa": "last_trick",
    "removed": "removed", "tolto": "removed", "tolta": "removed",
    "caller": "caller", "calls": "caller", "chiama": "caller", "chiamante": "caller",
    "called": "called", "card": "called", "carta": "called",
    "bid": "bid", "a": "bid", "puntata": "bid", "at": "bid",
    "partner": "partner", "socio": "partner", "compagno": "partner",
    "points": "caller_points", "punti": "caller_points", "caller_points": "caller_points",
    "out": "sitting_out", "fuori": "sitting_out", "sitting_out": "sitting_out",
}
ALONE = frozenset({"alone", "da solo", "solo", "in mano", "chiamato in mano", "si chiama in mano"})
_CALL = re.compile(r"(?:chiama|calls?)\s+(\S+)(?:\s+(?:il |lo |la |l'|the )?(.+?))?(?:\s+(?:a|at|per|for)\s+(\d+))?$")
_ONE = re.compile(r"(socio|compagno|partner|fuori|out|sta fuori|sits out|a|at|bid|puntata|carta|card)\s+(.+)$")
_POINTS = re.compile(r"(?:(?:punti|points|fa|made)\s+(\d+)|(\d+)(?:\s+(?:punti|points|pt))?)$")
_BREAKS = re.compile(r"\s+(?=(?:socio|compagno|partner|fuori|out|da solo|alone|in mano|\d+\s+(?:punti|points))\b)")
_SIDE_WORDS = {"ultima": "last_trick", "last": "last_trick", "tolto": "removed", "tolta": "removed",
               "removed": "removed"}
_FILLER = frozenset({"punti", "points", "pt", "e", "and"})


def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> dict[str, Any]:
    """Command-line words → a partial hand document (see the module docstring). ``LedgerError``
    on ``entry`` (or ``entry.KEY``) for a word that is no side, player or word of Briscola, or
    something said twice otherwise."""
    doc: dict[str, Any] = {}
    words = []
    for tok in tokens:
        if "=" in tok:
            _key_value(setup, doc, tok)
        else:
            words.append(tok)
    phrase = " ".join(words).strip()
    if phrase:
        if setup.rules == RuleSet.CHIAMATA.value:
            _call_phrase(setup, doc, phrase)
        else:
            _sides_phrase(setup, doc, phrase)
    return _rest_as_points(setup, doc)


def _rest_as_points(setup: MatchSetup, doc: dict[str, Any]) -> dict[str, Any]:
    """``Marco 68 Giulia resto``: beside sides said as card points, the rest is what they leave
    of the 120 (a document's ``rest`` goes only with piles: FORMATS.md)."""
    sides = doc.get("sides")
    if not isinstance(sides, dict) or len(sides) != len(setup.side_names):
        return doc
    rest = [s for s, v in sides.items() if v == "rest"]
    counted = [v for s, v in sides.items() if s not in rest]
    if len(rest) == 1 and all(isinstance(v, int) for v in counted) and 0 <= DECK_POINTS - sum(counted):
        doc = {**doc, "sides": {s: DECK_POINTS - sum(counted) if s in rest else v for s, v in sides.items()}}
    return doc


def _key_value(setup: MatchSetup, doc: dict[str, Any], tok: str) -> None:
    key, value = (x.strip() for x in tok.split("=", 1))
    field = KEYS.get(key.casefold())
    if field is None:
        if setup.rules == RuleSet.CHIAMATA.value:
            player = setup.resolve_entry(key, KEYS, players=True)
            put_once(doc.setdefault("piles", {}), player, value, "piles", tok)
            return
        side = setup.resolve_entry(key, KEYS)
        put_once(doc.setdefault("sides", {}), side, _side_value(value), "sides", tok)
        return
    put_once(doc, field, _field_value(setup, field, value), "", tok)


def _field_value(setup: MatchSetup, field: str, value: str) -> Any:
    """A field said at the table, as the document writes it (names resolved, card in letters)."""
    if field in ("caller", "sitting_out"):
        return setup.resolve_player(value, field)
    if field == "partner":
        return "" if value.casefold() in ALONE else setup.resolve_player(value, field)
    if field == "last_trick":
        return setup.resolve_side(value, field)
    if field in ("called", "removed"):
        card = parse_card(re.sub(r"^(?:il|lo|la|l'|the)\s+", "", value.strip(), flags=re.I), field, italian=True)
        ITALIAN_40.check([card], field)
        return str(card)
    return as_int(value, field)


def _side_value(value: str) -> Any:
    """A side's value: ``"rest"``, its card points (a number), or its pile as written."""
    text = re.sub(r"\s+(?:punti|points|pt)$", "", value.strip(), flags=re.I)
    if is_rest(text):
        return "rest"
    if is_number(text):
        return as_int(text, "sides")
    return value.strip()


def _sides_phrase(setup: MatchSetup, doc: dict[str, Any], phrase: str) -> None:
    """``Marco 68 Giulia resto ultima Marco``: each side's name then its value."""
    current: str | None = None
    values: dict[str, list[str]] = {}
    waiting: str | None = None
    for word in phrase.split():
        bare = word.strip(",;")
        if waiting is not None:
            put_once(doc, waiting, _field_value(setup, waiting, bare), "", phrase)
            waiting = None
            continue
        if bare.casefold() in _SIDE_WORDS:
            waiting, current = _SIDE_WORDS[bare.casefold()], None
            continue
        side = _side_named(setup, bare)
        if side is not None:
            if side in values:
                raise LedgerError(t("briscola.side_said_twice", "{side} is said twice", side=side), "entry", phrase)
            current = side
            values[side] = []
        elif current is None:
            setup.resolve_entry(bare, [*KEYS, *_SIDE_WORDS])
        else:
            values[current].append(bare)
    for side, said in values.items():
        if not said:
            raise LedgerError(t("briscola.side_no_value", "{side}: say the card points, the cards or 'rest'",
                                side=side), f"sides.{side}", None)
        put_once(doc.setdefault("sides", {}), side, _side_value(" ".join(said)), "sides", phrase)


def _side_named(setup: MatchSetup, word: str) -> str | None:
    try:
        return setup.resolve_side(word, "entry")
    except LedgerError:
        return None


def _call_phrase(setup: MatchSetup, doc: dict[str, Any], phrase: str) -> None:
    """``chiama Anna il tre di denari a 70, socio Carla, 78 punti``: the call, part by part."""
    for part in phrase_parts(_BREAKS.sub(", ", phrase)):
        call = _CALL.match(part)
        if call is not None:
            put_once(doc, "caller", _field_value(setup, "caller", call.group(1)), "", part)
            if call.group(2):
                put_once(doc, "called", _field_value(setup, "called", call.group(2)), "", part)
            if call.group(3):
                put_once(doc, "bid", int(call.group(3)), "", part)
            continue
        if part in ALONE:
            put_once(doc, "partner", "", "", part)
            continue
        one = _ONE.match(part)
        if one is not None:
            field = KEYS.get(one.group(1).split()[0], "sitting_out")
            put_once(doc, field, _field_value(setup, field, one.group(2)), "", part)
            continue
        points = _POINTS.match(part)
        if points is not None:
            put_once(doc, "caller_points", int(points.group(1) or points.group(2)), "", part)
            continue
        raise LedgerError(t("briscola.call_words", "{part!r} is not part of a call{hint} (say e.g. 'chiama Anna il "
                            "tre di denari a 70, socio Carla, 78 punti')", part=part,
                            hint=did_you_mean(part.split()[0], [*KEYS, "chiama", "socio", "punti"])), "entry", part)
    if doc.get("partner") == "":
        doc["partner"] = doc.get("caller", "")


# --- questions --------------------------------------------------------------------------------------------
def questions(game: Game, setup: MatchSetup, doc: Mapping[str, Any], state: MatchState | None) -> list[Question]:
    """The first thing still missing from ``doc``, as a question (none when complete)."""
    if setup.rules == RuleSet.CHIAMATA.value:
        return _call_questions(game, setup, doc, state)
    return _side_questions(setup, doc)


def _side_questions(setup: MatchSetup, doc: Mapping[str, Any]) -> list[Question]:
    raw = doc.get("sides") or {}
    if not isinstance(raw, Mapping):
        return []
    try:
        given = {setup.resolve_side(k, "sides") for k in raw}
    except LedgerError:
        return []  # scoring names the unknown side
    for side in setup.side_names:
        if side not in given:
            text = t("briscola.ask_side", "{side}: card points, or the captured cards ('rest' for the cards the "
                     "others did not take)", side=side)
            return [Question(side, str(text), _answer_side(setup, side))]
    if setup.options.get("tie_last_trick") and doc.get("last_trick") is None and _tied(setup, doc):
        return [Question("last_trick", str(t("briscola.ask_last", "60-60: who took the last trick?")),
                         _answer_field(setup, "last_trick"), tuple(setup.side_names))]
    return []


def _tied(setup: MatchSetup, doc: Mapping[str, Any]) -> bool:
    try:
        hand = read_classica(doc.get("sides"), setup.resolve_side, len(setup.players), doc.get("removed"), None,
                             setup.side_names)
    except LedgerError:
        return False
    return len(set(hand.points.values())) == 1


def _answer_side(setup: MatchSetup, side: str) -> Callable[[dict[str, Any], str], dict[str, Any]]:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        value = _side_value(text)
        field = f"sides.{side}"
        if isinstance(value, int):
            check_points(value, field)
        elif value != "rest":
            read_pile(value, field, ITALIAN_40)
        return _rest_as_points(setup, {**doc, "sides": {**(doc.get("sides") or {}), side: value}})
    return answer


def _answer_field(setup: MatchSetup, field: str) -> Callable[[dict[str, Any], str], dict[str, Any]]:
    def answer(doc: dict[str, Any], text: str) -> dict[str, Any]:
        value = _field_value(setup, field, text)
        if field == "bid":
            check_bid(value)
        if field == "caller_points":
            check_points(value, field)
        if field == "partner" and value == "":
            value = doc.get("caller", "")
        return {**doc, field: value}
    return answer


_CALL_ASKS = {
    "caller": t("briscola.ask_caller", "who called (won the auction)?"),
    "called": t("briscola.ask_called", "the called card (e.g. 3D or tre di denari)"),
    "bid": t("briscola.ask_bid", "the bid, 61 to 120 (61 for an auction on ranks only)"),
    "partner": t("briscola.ask_partner", "the partner, who held the called card ('alone' if the caller called "
                 "his own)"),
    "caller_points": t("briscola.ask_points", "the card points of the caller's side (0 to 120)"),
}


def _call_questions(game: Game, setup: MatchSetup, doc: Mapping[str, Any],
                    state: MatchState | None) -> list[Question]:
    if len(setup.players) > 5 and doc.get("sitting_out") is None:
        dealer = game.dealer(setup, state.hands if state is not None else 0)
        return [Question("sitting_out", str(t("briscola.ask_out", "who sits out this hand (the dealer)?")),
                         _answer_field(setup, "sitting_out"), tuple(setup.players), dealer)]
    for field, text in _CALL_ASKS.items():
        if field == "caller_points" and doc.get("piles") is not None:
            continue
        if doc.get(field) is None:
            default = "61" if field == "bid" else None
            choices = tuple(setup.players) if field in ("caller", "partner") else ()
            return [Question(field, str(text), _answer_field(setup, field), choices, default)]
    return []
