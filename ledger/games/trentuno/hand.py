"""Trentuno at the table: the hand declared once (:data:`FORM`, :mod:`ledger.games.declare`), from
which come the words read on the command line and in ``ledger play``, the prompts of ``hand add
-i`` for what is missing, the labels of errors in the user's words and the table of fields of
docs/rules/trentuno.md.

A hand is said as ``KEY=VALUE`` words or as phrases separated by ``;`` or commas::

    Anna=26 Bruno="7S 7D 9C" Carla="tris 5" knock=Bruno
    Anna 26; Bruno 7S 7D 9C; Carla out; bussa Bruno
    rientro Giulia e Sara; Giulia 12; Sara 20; Marco 30; Marco ha bussato
    bet="Carla Dario 17" drawn=Carla Anna=17 Bruno=24 Elena=22 knock=Anna

What is Trentuno's own, and kept here: each player's hand read with the deck in play (3 cards,
the one-suit total, ``tris R``, or ``out``), a re-entry bet said as its bettors and number
(``Carla Dario 17``), the bettor drawn (``drawn=Carla``, ``drawn=draw`` to let the ledger draw),
how the hand ended asked as one question (``knock Bruno``, ``31 Carla``, ``knock Anna 31
Bruno``), and the re-entries or the bet asked only while someone may come back.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache

from ledger.errors import LedgerError
from ledger.games.base import MatchSetup, MatchState, as_int
from ledger.games.declare import Answer, Field, HandForm, Kind, Per, Question, Said, Who
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.trentuno.match import Book, options_of
from ledger.games.trentuno.rules import (
    ENDING_FIELDS, OUT_WORDS, TOTAL, VARIANTS, Variant, draw, read_value, split_names,
)
from ledger.i18n import Msg, t

NOBODY = ("-", "none", "nessuno", "no")
KNOCK_WORDS = ("knock", "knocked", "knocks", "knocked by", "bussa", "busso", "bussato", "ha bussato")
SHOWN31_WORDS = ("show31", "shows 31", "showed 31", "trentuno", "fa 31", "ha fatto 31", "mostra 31", "ha mostrato 31")
WIDOW_WORDS = ("widow", "took widow", "takes the widow", "vedova", "prende la vedova", "ha preso la vedova")
REENTRY_WORDS = ("reentry", "re-entry", "reenter", "re-enters", "rientro", "rientra", "rientrano")
BET_WORDS = ("bet", "scommessa")
DRAWN_WORDS = ("drawn", "estratto", "sorteggiato")
SEED_WORDS = ("seed",)
DRAW_WORDS = {"draw", "sorteggia", "sorteggio", "estrai"}  # "let the ledger draw the bettor"
_BET_NUMBER = re.compile(r"\d+")
_AND = frozenset({"e", "ed", "and", "&"})


def read_bet_words(text: str, path: str) -> JsonDict:
    """``Carla Dario 17`` (``Carla,Dario:17``) → ``{"players": ["Carla", "Dario"], "number": "17"}``:
    the bettors as typed and one number (the match checks both). ``LedgerError`` on ``path``."""
    words = [w for w in re.split(r"[\s,;:]+", str(text).strip()) if w]
    numbers = [w for w in words if _BET_NUMBER.fullmatch(w)]
    if len(numbers) != 1:
        raise LedgerError(t("trentuno.bet_text", "a bet is the bettors and one number, e.g. 'Carla Dario 17'"), path,
                          text)
    return {"players": [w for w in words if not _BET_NUMBER.fullmatch(w) and w.casefold() not in _AND],
            "number": numbers[0]}


def hand_reader(variant: Variant, decks: int) -> Callable[[str, str], str]:
    """A player's hand as typed, checked with the deck in play and kept as typed: 3 cards, the
    one-suit total, ``tris R`` (``tris R (jolly)`` in vedova), or ``out`` for a player who is out."""
    def read(text: str, path: str) -> str:
        if text.strip().casefold() not in OUT_WORDS:
            read_value(text, path, variant, decks)
        return text
    return read


def _ask_hand(tris: bool, may_be_out: bool) -> Msg:
    """The question for a player's hand (``{who}`` stands for the player)."""
    if tris and may_be_out:
        return t("trentuno.ask_hand_tris_out", "{player}: hand (3 cards, the one-suit total, 'tris R', or 'out')",
                 player="{who}")
    if tris:
        return t("trentuno.ask_hand_tris", "{player}: hand (3 cards, the one-suit total, 'tris R')", player="{who}")
    if may_be_out:
        return t("trentuno.ask_hand_out", "{player}: hand (3 cards, the one-suit total, or 'out')", player="{who}")
    return t("trentuno.ask_hand", "{player}: hand (3 cards, the one-suit total)", player="{who}")


FORM = HandForm((
    Field("reentry", t("trentuno.field.reentry", "re-entries"), (Kind.PLAYERS,), required=False, default="-",
          values=(Said([], NOBODY),), words=REENTRY_WORDS),
    Field("bet", t("trentuno.field.bet", "re-entry bet"), (Kind.PLAYERS, Kind.COUNT), required=False, default="", lo=2,
          hi=31,
          values=(Said(None, NOBODY),), words=BET_WORDS, read=read_bet_words, example="Carla Dario 17"),
    Field("hands", t("trentuno.field.hands", "hand"), (Kind.CARDS, Kind.COUNT, Kind.TEXT), per=Per.PLAYER, lo=2, hi=31,
          values=(Said("out", tuple(sorted(OUT_WORDS))),), read=lambda text, path: text, ask=_ask_hand(True, False),
          example="AH KH 5H, 26"),
    Field("knocked_by", t("trentuno.field.knocked_by", "who knocked"), (Kind.PLAYER,), required=False,
          words=KNOCK_WORDS),
    Field("shown31", t("trentuno.field.shown31", "who showed 31"), (Kind.PLAYER,), required=False,
          words=SHOWN31_WORDS),
    Field("took_widow", t("trentuno.field.took_widow", "who took the widow"), (Kind.PLAYER,), required=False,
          words=WIDOW_WORDS),
    Field("decks", t("trentuno.field.decks", "decks"), (Kind.COUNT,), required=False, lo=1, hi=9, words=("mazzi",)),
), game="trentuno", main="hands",
    subfields={"players": t("trentuno.part.players", "bettors"), "number": t("trentuno.part.number", "number"),
               "drawn": t("trentuno.part.drawn", "drawn"), "seed": t("trentuno.part.seed", "seed")})
"""The Trentuno hand (FORMATS.md "Trentuno"), as the table says it: the declaration every rule set
shares (error labels, the docs' table of fields, the phone form); :func:`form_for` reads a
match's hands with its deck (here a hand is kept as typed, checked when scored). A hand is 3
cards, the one-suit total (2-31) or ``tris R`` (the text kind), or ``out``."""


@lru_cache(maxsize=None)
def form_for(rules: str, decks: int = 1, may_be_out: bool = True) -> HandForm:
    """:data:`FORM` reading each hand with the deck of rule set ``rules`` (``decks`` copies), its
    question offering ``tris R`` where it counts and ``out`` when who is out is not known, and a
    comma inside a ``KEY=VALUE`` word's value kept in the value (``Bruno="7S, 7D, 9C"``:
    :attr:`HandForm.commas_in_values`)."""
    variant = VARIANTS[rules]
    fields = tuple(replace(f, read=hand_reader(variant, decks), ask=_ask_hand(variant.tris, may_be_out))
                   if f.key == "hands" else f for f in FORM.fields)
    # commas in a value are the value's own here only: FORM also reads the ending answer, where a comma cuts
    return replace(FORM, fields=fields, commas_in_values=True)


def _form(setup: MatchSetup, may_be_out: bool = True) -> HandForm:
    return form_for(setup.rules, options_of(setup).decks, may_be_out)


# --- words typed at the table ----------------------------------------------------------------------
_BET_KEYS = frozenset(w.casefold() for w in (*DRAWN_WORDS, *SEED_WORDS))


def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
    """What was typed → a partial hand document, read by the declaration (:func:`form_for`); the
    game's own words first: ``drawn=NAME`` / ``drawn=draw`` and ``seed=S`` go into the bet,
    ``31=NAME`` is ``shown31``, and a ``KEY=VALUE`` word whose key is no player and no word of
    the game is named with the nearest (``'knok' is not a player or a word of trentuno (did you
    mean 'knock'?)``, on ``entry.knok``). The players' hands come last, as the ledger stores them."""
    FORM.check_keys(tokens, lambda key, words: setup.resolve_entry(key, words, players=True),
                    ("31", *DRAWN_WORDS, *SEED_WORDS))
    rest, bet = _own_words(tokens)
    who = Who(setup.players, setup.resolve_player)
    doc = _form(setup).read_words(rest, who, setup.resolve_player) if rest else {}
    if bet:
        doc["bet"] = {**(doc.get("bet") or {}), **bet}
    hands = doc.pop("hands", None)
    return doc if hands is None else {**doc, "hands": hands}


def _own_words(tokens: Sequence[str]) -> tuple[list[str], JsonDict]:
    """The words for the declaration (``31=NAME`` as ``shown31=NAME``), and the bet's ``drawn``
    and ``seed`` said as ``drawn=NAME``, ``drawn=draw`` (a seed drawn now) or ``seed=S``."""
    rest: list[str] = []
    bet: JsonDict = {}
    for token in tokens:
        key, eq, value = str(token).partition("=")
        folded = " ".join(key.split()).casefold()
        if not eq or not key.strip() or " " in key.strip() or "." in key:
            rest.append(token)
        elif folded in _BET_KEYS:
            _put_bet(bet, folded, value.strip())
        else:
            rest.append(("shown31" if folded == "31" else key) + "=" + value)
    return rest, bet


def new_seed() -> str:
    """A fresh seed for :func:`.rules.draw` (the only randomness of the game; the seed is stored in
    the hand, so the draw can be checked later)."""
    return secrets.token_hex(8)


def _put_bet(bet: JsonDict, key: str, value: str) -> None:
    if key in SEED_WORDS:
        bet["seed"] = value
    elif value.casefold() in DRAW_WORDS:
        bet["seed"] = new_seed()  # the ledger draws; the seed is kept
    else:
        bet["drawn"] = value


# --- the questions ---------------------------------------------------------------------------------
def players_asked(setup: MatchSetup, state: MatchState | None, doc: JsonDoc) -> tuple[str, ...]:
    """Whose hands a hand asks for: with the match's ``state``, the players still in and those
    re-entering; without it every player (who may answer 'out') until the ending is given."""
    if state is None:
        return () if any(doc.get(f) for f in ENDING_FIELDS) else setup.players
    book = Book.of(setup, state)
    try:
        back = {setup.resolve_player(n, "reentry") for n in split_names(doc.get("reentry"), "reentry")}
    except LedgerError:
        back = set()
    return tuple(p for p in setup.players if book.lives[p] > 0 or p in back)


def way_back(setup: MatchSetup, state: MatchState | None) -> tuple[str, list[str]]:
    """How a player who is out may come back before the next hand: ``("reentry", players)``,
    ``("bet", players)``, or ``("", [])`` (nobody, or no state to tell)."""
    if state is None:
        return "", []
    variant, book = VARIANTS[setup.rules], Book.of(setup, state)
    out = [p for p in book.order if book.lives[p] == 0]
    if variant.reentry and options_of(setup).reentry:
        may = [p for p in out if p not in book.reentered]
        return ("reentry", may) if may else ("", [])
    if variant.bets and out and len(book.players_in()) >= 3:
        return "bet", out
    return "", []


def questions(setup: MatchSetup, doc: JsonDoc, state: MatchState | None, who: Who,
              skip: Callable[[Field], bool]) -> list[Question]:
    """What is missing, in order: the re-entries or the bet (while someone may come back), each
    asked player's hand, how the hand ended, and who was drawn when a bet's number came up."""
    if not isinstance(doc.get("hands") or {}, Mapping):
        return []  # nothing to ask: scoring names the wrong shape
    form = _form(setup, may_be_out=state is None)
    how, out = way_back(setup, state)
    qs = [_naming(q, out) if q.key == how else q for q in form.questions(doc, who, setup.resolve_player, skip)]
    if not any(doc.get(f) for f in ENDING_FIELDS):
        return qs + [_ending_question(setup)]
    drawn = _drawn_question(setup, doc)
    return qs + [drawn] if drawn is not None and not qs else qs


def _naming(q: Question, players: list[str]) -> Question:
    """The re-entry or bet question naming the players who may come back."""
    if q.key == "reentry":
        text = t("trentuno.ask_reentry", "Re-entries before this hand ({players}; Enter for none)",
                 players=", ".join(players))
    else:
        text = t("trentuno.ask_bet", "Re-entry bet before this hand: bettors among {players} and the number, e.g. "
                 "'Carla Dario 17' (Enter for none)", players=", ".join(players))
    return replace(q, text=str(text))


_ENDING_SHORT = re.compile(r"(?<![^\s,;])(31|k)(?=\s)", re.IGNORECASE)  # "31 Carla", "k Bruno"


def _ending_question(setup: MatchSetup) -> Question:
    variant = VARIANTS[setup.rules]
    ask = (t("trentuno.ask_ending_widow", "How did the hand end? (knock NAME, 31 NAME, knock NAME 31 NAME, "
             "widow NAME)") if variant.widow
           else t("trentuno.ask_ending", "How did the hand end? (knock NAME, 31 NAME, knock NAME 31 NAME)"))
    return Question("ending", str(ask), _answer_ending(setup))


def _answer_ending(setup: MatchSetup) -> Answer:
    """``knock Bruno``, ``31 Carla``, ``knock Anna 31 Bruno``, ``bussa Bruno``, ``vedova Dario``
    → the ending fields, read by the declaration."""
    def answer(doc: JsonDict, text: str) -> JsonDict:
        said = _ENDING_SHORT.sub(lambda m: "shown31" if m[1] == "31" else "knock", text.strip())
        try:
            got = FORM.read_words([said], Who(setup.players, setup.resolve_player), setup.resolve_player)
        except LedgerError as err:
            if err.field in ENDING_FIELDS:
                raise
            got = {}
        if not got or set(got) - set(ENDING_FIELDS):
            raise LedgerError(t("trentuno.ending_words", "write e.g. 'knock Bruno' or '31 Carla' or 'knock Bruno 31 "
                                "Carla'"), "ending", text)
        return {**doc, **got}
    return answer


def _drawn_question(setup: MatchSetup, doc: JsonDoc) -> Question | None:
    """Who was drawn, when a bet's number came up as the lowest hand (its one bettor by default)."""
    variant = VARIANTS[setup.rules]
    bet = doc.get("bet")
    if not variant.bets or not isinstance(bet, Mapping) or bet.get("drawn") or bet.get("seed"):
        return None
    try:
        names = split_names(bet.get("players"), "bet.players")
        number = as_int(bet.get("number"), "bet.number", 2, 31)
        values = [read_value(v, "hands", variant)[0] for v in (doc.get("hands") or {}).values()
                  if not (isinstance(v, str) and v.strip().lower() in OUT_WORDS)]
    except LedgerError:
        return None
    low = min(values, key=lambda v: v.key) if values else None
    if not names or low is None or low.kind != TOTAL or low.total != number:
        return None
    if len(names) == 1:  # nothing to draw: the one bettor is back (Enter), as the document must say
        return Question("bet.drawn", str(t("trentuno.ask_drawn_one", "{number} came up: {player} is back in [{player}]",
                                           number=number, player=names[0])),
                        _answer_drawn(setup), choices=(names[0],), default=names[0])
    return Question("bet.drawn", str(t("trentuno.ask_drawn", "{number} came up: who was drawn among {players}? "
                                       "('draw' to let the ledger draw, with the seed recorded)", number=number,
                                       players=", ".join(names))),
                    _answer_drawn(setup), choices=tuple(names) + ("draw",))


def _answer_drawn(setup: MatchSetup) -> Answer:
    def answer(doc: JsonDict, text: str) -> JsonDict:
        bet = dict(doc["bet"])
        if text.strip().lower() in DRAW_WORDS:
            names = [setup.resolve_player(n, "bet.players") for n in split_names(bet["players"], "bet.players")]
            bet["seed"] = new_seed()
            bet["drawn"] = draw([p for p in setup.players if p in names], bet["seed"])
        else:
            bet["drawn"] = setup.resolve_player(text, "bet.drawn")
        return {**doc, "bet": bet}
    return answer


def entry_help() -> Msg:
    """How a hand is written in one line, for ``help`` in ``ledger play`` (examples indented)."""
    return t("play.help.trentuno",
             "Each player's hand: three cards, their sum, or 'tris R':\n"
             "  Anna=26 Bruno=\"7S 7D 9C\" Carla=\"tris 5\"\n"
             "How the hand ended: knock=Bruno (who knocked), shown31=Carla (who showed 31), widow=Dario "
             "(who took the widow). Back in the game: reentry=Carla (a re-entry before this hand), or a "
             "bet: bet=\"Carla Dario 17\" (who bets, and the number) drawn=Carla (who was drawn; drawn=draw "
             "lets the ledger draw).")
