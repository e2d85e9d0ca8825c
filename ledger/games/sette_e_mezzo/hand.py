"""Sette e mezzo's hand at the table: its declaration (:data:`FORM`, :mod:`ledger.games.declare`)
and what is the game's own: the banker named with the bank's hand in one phrase (``banco Anna 6 e
mezzo``), a player's stake and hand in one phrase (``Bruno 2 euro 6``, ``Carla 1 euro sballato``,
``Dario 50 centesimi reale``), and the stakes of the last hand as the default for the next.

Everything typed is read into the JSON of FORMATS.md's hand document (``banker``,
``banker_hand``, ``players: {name: {"stake_cents", "hand"}}``); the rules (:mod:`.rules`) check it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ledger.errors import LedgerError
from ledger.games.declare import Field, HandForm, Kind, Per, Question, Who, Answer, Reader
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import MatchSetup
from ledger.games.sette_e_mezzo import rules
from ledger.games.settle import DEFAULT_CURRENCY, format_money, parse_money
from ledger.i18n import Msg, t

if TYPE_CHECKING:
    from ledger.games.protocol import Game
    from ledger.games.results import MatchState

BANKER_WORDS = ("banco", "banca", "bank", "banker", "mazziere", "banchiere", "tiene banco")
_EURO = r"(?:euro|eur|€)"
_CENTS = r"(?:centesimi|centesimo|cent|cents)"
# a stake said before the hand; "50c" needs two digits, since "5C" is the 5 of bastoni; a minus sign is
# read with the amount, so that a negative stake is refused as one rather than as a card
_STAKE = re.compile(rf"(?:€\s*(?P<pre>-?\d+(?:[.,]\d{{1,2}})?)|(?P<amount>-?\d+(?:[.,]\d{{1,2}})?)\s*{_EURO}"
                    rf"|(?P<cents>-?\d+)\s*{_CENTS}|(?P<short>\d{{2,}})c)(?=\s|$)\s*", re.IGNORECASE)


def read_hand_words(text: str, path: str) -> str | float | int:
    """A hand as said at the table → as a document holds it: ``"bust"``, ``"reale"``, a value (a
    number: ``6``, ``6.5``; ``6 e mezzo``, ``sei e mezzo``, ``6½``) or the cards as typed (read at
    once, so a card that is none is named now). ``LedgerError`` on ``path``."""
    word = rules.outcome_word(text)
    if word is not None:
        return word
    halves = rules.read_value(text, path)
    if halves is not None:
        return rules.halves_json(halves)
    try:
        rules.read_held(text, path, None)  # the checks of a document's hand, at once
    except LedgerError as err:
        if err.code != "sette_e_mezzo.no_last_card":  # that one waits for the match's matta
            raise
    return text


def read_amount(text: str, path: str) -> int:
    """A stake typed at the table → cents: ``2 euro``, ``€2``, ``0,50``, ``50 centesimi``, ``50c``
    (a bare number is an amount in units: ``2`` is 2 euro). ``LedgerError`` on ``path``."""
    if not text.strip():
        raise LedgerError(t("sette_e_mezzo.no_stake", "give the stake (cents, above 0)"), path, text)
    if text.strip().startswith(("-", "€-", "€ -")):
        raise LedgerError(t("sette_e_mezzo.stake_negative", "a stake is above 0, not {value}", value=text.strip()),
                          path, text)
    m = _STAKE.fullmatch(text.strip() + " ")
    if m is not None and (m.group("cents") or m.group("short")):
        return rules.read_stake(int(m.group("cents") or m.group("short")), path)
    if m is not None:
        return rules.read_stake(parse_money(m.group("pre") or m.group("amount"), path), path)
    return rules.read_stake(parse_money(text.strip(), path), path)


def read_seat_words(text: str, path: str) -> JsonDict:
    """``2 euro 6`` → ``{"stake_cents": 200, "hand": 6}``; ``sballato`` → ``{"hand": "bust"}`` (the
    stake then comes from the last hand); ``2 euro`` → ``{"stake_cents": 200}`` (the hand is asked)."""
    m = _STAKE.match(text.strip())
    out: JsonDict = {}
    rest = text.strip()
    if m is not None:
        out["stake_cents"] = read_amount(m.group(0), f"{path}.stake_cents")
        rest = rest[m.end():].strip()
    if rest:
        out["hand"] = read_hand_words(rest, f"{path}.hand")
    return out


FORM = HandForm((
    Field("banker", t("sette_e_mezzo.field.banker", "banker"), (Kind.PLAYER,), words=BANKER_WORDS),
    Field("banker_hand", t("sette_e_mezzo.field.banker_hand", "the bank's hand"), (Kind.TEXT,),
          words=("mano del banco", "banker hand", "bank hand", "banker_cards"), read=read_hand_words,
          example="6C QS"),
    Field("players", t("sette_e_mezzo.field.players", "stake and hand"), (Kind.TEXT,), per=Per.PLAYER,
          read=read_seat_words, example="2 euro 6½"),
), game="sette_e_mezzo", main="players",
    subfields={"hand": t("sette_e_mezzo.field.hand", "hand"), "stake_cents": t("sette_e_mezzo.field.stake", "stake"),
               "cards": t("sette_e_mezzo.field.cards", "cards"), "outcome": t("sette_e_mezzo.field.outcome", "outcome")})


def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
    """What was typed → a partial hand document: ``banco Anna 6 e mezzo; Bruno 2 euro 6; Carla 1
    euro sballato`` or ``banker=Anna banker_hand="6C QS" Bruno="2 euro 6"``. The phrase naming the
    banker with the bank's hand is this game's own; the rest is read by :data:`FORM`."""
    who = Who(setup.players, setup.resolve_player)
    doc: JsonDict = {}
    rest: list[str] = []
    for part in FORM.parts(tokens, who):
        bank = _bank_phrase(part, who)
        if bank is None:
            rest.append(part)
            continue
        for key, value in bank.items():
            if key in doc and doc[key] != value:
                raise LedgerError(t("entry.contradicts", "{part!r} contradicts an earlier part ({key} {earlier!r})",
                                    part=part, key=key, earlier=doc[key]), key, part)
            doc[key] = value
    if rest:
        read = FORM.read_words(["; ".join(rest)], who, setup.resolve_player)
        for key, value in read.items():
            if key in doc and doc[key] != value:
                raise LedgerError(t("entry.contradicts", "{part!r} contradicts an earlier part ({key} {earlier!r})",
                                    part=str(value), key=key, earlier=doc[key]), key, value)
            doc[key] = value
    return doc


def _bank_phrase(part: str, who: Who) -> JsonDict | None:
    """``banco Anna 6 e mezzo`` → ``{"banker": "Anna", "banker_hand": 6.5}``; None for a part that
    is not a banker's word, a name and a hand (the form reads ``banco Anna`` alone)."""
    words = part.split()
    for n in (2, 1):
        if " ".join(words[:n]).casefold() not in BANKER_WORDS or len(words) < n + 2:
            continue
        for k in (2, 1):
            try:
                name = who.resolve(" ".join(words[n:n + k]), "banker")
            except LedgerError:
                continue
            if len(words) > n + k:
                return {"banker": name, "banker_hand": read_hand_words(" ".join(words[n + k:]), "banker_hand")}
    return None


# --- the questions ----------------------------------------------------------------------------------
def questions(game: Game, setup: MatchSetup, doc: JsonDoc, state: MatchState | None) -> list[Question]:
    """What is missing, in order: the banker (Enter: the bank's proposed holder), the bank's hand,
    the players (when none was given: a player who is not named sits out), then each named
    player's hand and stake (Enter: the player's stake of the last hand, or the match's)."""
    proposal = game.next_dealer(setup, state) if state is not None else setup.players[0]
    qs: list[Question] = []
    if not doc.get("banker"):
        text = t("sette_e_mezzo.ask_banker", "who holds the bank (Enter: {player})", player=proposal)
        qs.append(Question("banker", str(text), _answer_field("banker", setup), setup.players, proposal))
    if doc.get("banker_hand") is None:
        text = t("sette_e_mezzo.ask_banker_hand", "the bank's hand: cards, a value or bust (e.g. 6C QS, 6 e mezzo)")
        qs.append(Question("banker_hand", str(text), _answer_field("banker_hand", setup)))
    players = doc.get("players")
    if not isinstance(players, Mapping) or not players:
        text = t("sette_e_mezzo.ask_players", "each player's stake and hand (e.g. Bruno 2 euro 6; Carla 1 euro "
                 "sballato)")
        return qs + [Question("players", str(text), _answer_players(setup))]
    for key, seat in players.items():
        if isinstance(seat, Mapping):
            qs += _seat_questions(setup, str(key), seat, state)
    return qs


def _seat_questions(setup: MatchSetup, name: str, seat: JsonDoc, state: MatchState | None) -> list[Question]:
    out = []
    if seat.get("hand") is None:
        text = t("sette_e_mezzo.ask_hand", "{player}: hand (cards, a value, bust or reale)", player=name)
        out.append(Question(f"players.{name}.hand", str(text), _answer_seat(name, "hand", read_hand_words)))
    if seat.get("stake_cents") is None:
        last = default_stake(setup, state, name)
        shown = None if last is None else f"{last // 100}.{last % 100:02d}"
        if last is None:
            text = t("sette_e_mezzo.ask_stake", "{player}: stake (e.g. 2 euro, 50 centesimi)", player=name)
        else:
            text = t("sette_e_mezzo.ask_stake_default", "{player}: stake (Enter: {amount})", player=name,
                     amount=format_money(last, str(setup.options.get("currency") or DEFAULT_CURRENCY)))
        out.append(Question(f"players.{name}.stake_cents", str(text), _answer_seat(name, "stake_cents", read_amount),
                            (), shown))
    return out


def default_stake(setup: MatchSetup, state: MatchState | None, player: str) -> int | None:
    """A player's stake when none is said: the player's stake in the last hand played, else the
    match's ``stake_cents`` option, else None."""
    try:
        resolved = setup.resolve_player(player, "players")
    except LedgerError:
        return None
    stakes = getattr(state.extra, "stakes_cents", {}) if state is not None else {}
    last = stakes.get(resolved) if isinstance(stakes, Mapping) else None
    return last if isinstance(last, int) else setup.options.get("stake_cents")


def _answer_field(key: str, setup: MatchSetup) -> Answer:
    def answer(doc: JsonDict, text: str) -> JsonDict:
        if key == "banker":
            return {**doc, "banker": setup.resolve_player(text.strip(), "banker")}
        return {**doc, key: read_hand_words(text, key)}
    return answer


def _answer_players(setup: MatchSetup) -> Answer:
    def answer(doc: JsonDict, text: str) -> JsonDict:
        players = parse_entry(setup, [text]).get("players")
        if not players:
            raise LedgerError(t("sette_e_mezzo.no_players", "give at least one player besides the banker, each with "
                                "a stake and a hand"), "players", text)
        return {**doc, "players": players}
    return answer


def _answer_seat(name: str, key: str, read: Reader) -> Answer:
    def answer(doc: JsonDict, text: str) -> JsonDict:
        players = dict(doc.get("players") or {})
        seat = {**players.get(name, {}), key: read(text, f"players.{name}.{key}")}
        return {**doc, "players": {**players, name: seat}}
    return answer


def entry_help() -> Msg:
    """How a hand is written in one line, for ``help`` in ``ledger play``."""
    return t("play.help.sette_e_mezzo",
             "The banker with the bank's hand, then each player's stake and hand (cards, a value, bust or reale);\n"
             "a player left out sits out, a stake left out is the player's stake of the last hand:\n"
             "  bank Anna 6C QS; Bruno 2 euro 5D JS KC; Carla 1 euro bust; Dario 50 cent reale\n"
             "  banker=Anna banker_hand=6.5 Bruno=\"2 euro 6\"")
