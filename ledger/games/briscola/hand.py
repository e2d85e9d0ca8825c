"""A Briscola hand: reading a hand document (FORMATS.md "Briscola hand documents") into the typed
hands of :mod:`ledger.games.briscola.rules`, with every check RULES.md "Briscola" lists.

- ``classica``: ``sides`` (side → a captured pile as cards, in the letters or the Italian words,
  ``"rest"``, or its card points), ``removed`` (three players: the 2 out of the deck, ``2H`` by
  default), ``last_trick`` (the side that took the last trick), ``options`` (``tie_last_trick``).
- ``chiamata``: ``players`` (the 5 who played; in a match the match's players less
  ``sitting_out``), ``caller``, ``partner``, ``bid``, ``called``, and ``caller_points`` or
  ``piles`` (player → captured cards), ``options`` (``cappotto_double``, ``bid_multiplier``).

Then the hand declared (:mod:`ledger.games.declare`), one form per rule set, from which come the
words read at the table, the questions and the errors' labels; Briscola's own phrasing (the call
said in one breath, ``78 punti``, the rest beside counted points) is read around it:

- ``classica``: ``Marco 68 Giulia resto``, ``Anna=68 Bruno=rest``, a pile in letters or Italian
  card words (``Anna asso di denari, tre di coppe … Bruno resto``); ``ultima Anna`` (``last=Anna``)
  for the last trick; ``tolto 2C`` (``removed=2C``) for the 2 out of the deck with three players. A
  player's name stands for the player's pair.
- ``chiamata``: ``chiama Anna il tre di denari a 70, socio Carla, 78 punti`` (``calls Anna 3D at
  70, partner Carla, 78 points``); ``da solo`` (``alone``) for a caller who called his own card;
  ``fuori Fabio`` for who sits out with six; or ``caller=Anna called=3D bid=70 partner=Carla
  punti=78``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from ledger.cards import ITALIAN_40, Card, Deck, format_cards, parse_card, parse_cards, typed_names
from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.parsing import as_int, check_names
from ledger.games.briscola.rules import (
    CHIAMATA_PLAYERS, DECK_POINTS, DEFAULT_REMOVED, TO_WIN, ChiamataHand, ClassicaHand, RuleSet, card_points,
    check_bid, check_pile_size, check_points, check_removed, deck_for,
)
from ledger.games.declare import Answer, Field, HandForm, Kind, Per, Question, Said, Who
from ledger.games.match_setup import MatchSetup, Resolve
from ledger.games.scopa.document import REST_WORDS, is_rest  # rest, resto, il resto: as Scopa says it
from ledger.i18n import t

CLASSICA_KEYS = frozenset({"sides", "removed", "last_trick", "options"})
CHIAMATA_KEYS = frozenset({"players", "sitting_out", "caller", "partner", "bid", "called", "caller_points", "piles",
                           "options"})


def is_number(value: object) -> bool:
    """A side given as its card points: a number (a whole one or not: checked later) or digits."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)) or (
        isinstance(value, str) and value.strip().lstrip("+-").isdecimal())


def missing(field: str) -> LedgerError:
    """The error for a required field left out."""
    return LedgerError(t("briscola.missing", "missing: {field}", field=field), field, None)


def read_pile(value: object, field: str, deck: Deck) -> tuple[Card, ...]:
    """A captured pile as cards of ``deck`` (``LedgerError`` naming the card: an 8, 9, 10 or
    joker, the removed 2, a card twice, a word that is no card)."""
    cards = parse_cards(value, field, italian=True)
    deck.check(cards, field, typed_names(value, italian=True))
    return tuple(cards)


# --- classica --------------------------------------------------------------------------------------------
def read_classica(raw: object, resolve: Resolve, players: int | None, removed: object = None,
                  last_trick: object = None, expected: Sequence[str] | None = None) -> ClassicaHand:
    """Read and check a ``classica`` hand's ``sides`` (side names through ``resolve``, exactly
    ``expected`` in a match). ``players``: the players at the table (a pile holds a multiple of
    them); None for a lone document (the number of sides; two sides: even piles)."""
    if not isinstance(raw, Mapping):
        raise missing("sides") if raw is None else LedgerError(
            t("briscola.sides_shape", "expected each side's pile or card points"), "sides", raw)
    values: dict[str, tuple[str, object]] = {}
    for key, value in raw.items():
        side = resolve(key, f"sides.{key}")
        if side in values:
            raise LedgerError(t("briscola.side_twice", "{side!r} is given twice", side=side), f"sides.{key}", value)
        values[side] = (f"sides.{key}", value)
    _check_sides(values, expected)
    n = len(values)
    per_trick = players or n
    out = _removed(removed, n)
    deck = deck_for(n, out)
    piles, points, rest = _read_sides(values, deck)
    if rest is not None:
        piles[rest] = _rest_of(deck, piles)
    for side, pile in piles.items():
        check_pile_size(len(pile), per_trick, values[side][0], format_cards(pile))
    for side, pile in piles.items():
        points[side] = card_points(pile)
    _check_totals(values, piles, points, deck)
    ordered = {s: points[s] for s in (expected or values)}
    return ClassicaHand(ordered, piles, _last_trick(last_trick, resolve, piles), rest)


def _check_sides(values: Mapping[str, tuple[str, object]], expected: Sequence[str] | None) -> None:
    if expected is not None:
        for side in expected:
            if side not in values:
                raise missing(f"sides.{side}")
    elif len(values) not in (2, 3):
        raise LedgerError(t("briscola.side_count", "{n} sides: classica is played by 2 sides (two players or two "
                            "pairs) or 3 players", n=len(values)), "sides", len(values))


def _removed(value: object, sides: int) -> Card | None:
    """The 2 out of the deck: with three sides ``value`` or the 2 of coppe; none with two."""
    if sides != 3:
        if value is not None:
            raise LedgerError(t("briscola.removed_two_sides", "a 2 is taken out of the deck only with three "
                                "players"), "removed", value)
        return None
    if value is None:
        return DEFAULT_REMOVED
    return check_removed(parse_card(str(value), "removed", italian=True))


def _read_sides(values: Mapping[str, tuple[str, object]],
                deck: Deck) -> tuple[dict[str, tuple[Card, ...]], dict[str, int], str | None]:
    """Each side as a pile, a number or the rest; a card in two piles, two rests, or a rest beside
    a number are errors."""
    piles: dict[str, tuple[Card, ...]] = {}
    points: dict[str, int] = {}
    rest: str | None = None
    seen: dict[Card, str] = {}
    for side, (field, value) in values.items():
        if is_rest(value):
            if rest is not None:
                raise LedgerError(t("briscola.two_rests", "only one side may be the rest"), field, value)
            rest = side
        elif is_number(value):
            points[side] = check_points(as_int(value, field), field)
        else:
            piles[side] = read_pile(value, field, deck)
            for card in piles[side]:
                if card in seen:
                    raise LedgerError(t("briscola.card_twice", "{card} is in the pile of {other} too",
                                        card=str(card), other=seen[card]), field, str(card))
                seen[card] = side
    if rest is not None and points:
        side = next(iter(points))
        raise LedgerError(t("briscola.rest_with_points", "the rest goes only with piles of cards, not with card "
                            "points"), values[side][0], values[side][1])
    return piles, points, rest


def _rest_of(deck: Deck, piles: Mapping[str, tuple[Card, ...]]) -> tuple[Card, ...]:
    taken = {c for pile in piles.values() for c in pile}
    return tuple(c for c in deck.cards() if c not in taken)


def _check_totals(values: Mapping[str, tuple[str, object]], piles: Mapping[str, tuple[Card, ...]],
                  points: Mapping[str, int], deck: Deck) -> None:
    """Piles only: exactly the deck. Otherwise the points (counted and of the piles) add up to 120."""
    if len(piles) == len(values):
        total = sum(len(p) for p in piles.values())
        if total != deck.size:
            missing_cards = _rest_of(deck, piles)
            raise LedgerError(t("briscola.not_whole_deck", "the piles hold {total} cards, not {size}: missing "
                                "{cards} (one side may be 'rest')", total=total, size=deck.size,
                                cards=format_cards(missing_cards[:8]) + (" …" if len(missing_cards) > 8 else "")),
                              "sides", format_cards(missing_cards))
        return
    total = sum(points.values())
    if total != DECK_POINTS:
        raise LedgerError(t("briscola.points_sum", "the card points add up to {total}, not 120", total=total),
                          "sides", dict(points))


def _last_trick(value: object, resolve: Resolve, piles: Mapping[str, tuple[Card, ...]]) -> str | None:
    if value is None:
        return None
    side = resolve(value, "last_trick")
    if side in piles and not piles[side]:
        raise LedgerError(t("briscola.last_trick_empty", "{side} took no cards, so not the last trick", side=side),
                          "last_trick", value)
    return side


# --- chiamata --------------------------------------------------------------------------------------------
def chiamata_players(doc: JsonDoc, table: Sequence[str] | None,
                     resolve: Resolve | None) -> tuple[tuple[str, ...], str | None]:
    """The 5 who played the hand and who sat out: a lone document's ``players`` (exactly 5); in a
    match (``table``: its players, seat order) all of them, or with six all but ``sitting_out``."""
    if table is None:
        if doc.get("players") is None:
            raise missing("players")
        names = check_names(doc["players"], "players")
        if len(names) != CHIAMATA_PLAYERS:
            raise LedgerError(t("briscola.chiamata_count", "chiamata is played by 5 players, not {n}", n=len(names)),
                              "players", len(names))
        return names, None
    assert resolve is not None
    out = None
    if len(table) > CHIAMATA_PLAYERS:
        if doc.get("sitting_out") is None:
            raise missing("sitting_out")
        out = resolve(doc["sitting_out"], "sitting_out")
    elif doc.get("sitting_out") is not None:
        raise LedgerError(t("briscola.nobody_out", "with 5 players nobody sits out"), "sitting_out",
                          doc["sitting_out"])
    players = tuple(p for p in table if p != out)
    if doc.get("players") is not None:
        given = {resolve(p, "players") for p in check_names(doc["players"], "players")}
        if given != set(players):
            raise LedgerError(t("briscola.players_not_table", "the hand's players are not the match's players less "
                                "the one sitting out"), "players", doc["players"])
    return players, out


def read_chiamata(doc: JsonDoc, players: tuple[str, ...], resolve: Resolve) -> ChiamataHand:
    """Read and check a ``chiamata`` hand among ``players`` (the 5 who played it; names through
    ``resolve``): caller and partner among them, a bid of 61-120, a card of the 40, and the
    caller's side's card points as a number or from every player's pile."""
    def among(key: str) -> str:
        if doc.get(key) is None:
            raise missing(key)
        name = resolve(doc[key], key)
        if name not in players:
            raise LedgerError(t("briscola.not_in_hand", "{name} did not play this hand", name=name), key, doc[key])
        return name

    caller, partner = among("caller"), among("partner")
    if doc.get("bid") is None:
        raise missing("bid")
    bid = check_bid(as_int(doc["bid"], "bid"))
    if doc.get("called") is None:
        raise missing("called")
    called = parse_card(str(doc["called"]), "called", italian=True)
    ITALIAN_40.check([called], "called")
    side_points = _caller_side_points(doc, players, resolve, {caller, partner})
    return ChiamataHand(players, caller, partner, bid, called, side_points)


def _caller_side_points(doc: JsonDoc, players: tuple[str, ...], resolve: Resolve, side: set[str]) -> int:
    has_points, has_piles = doc.get("caller_points") is not None, doc.get("piles") is not None
    if has_points and has_piles:
        raise LedgerError(t("briscola.points_and_piles", "give the caller's side's card points or the piles, not "
                            "both"), "piles", doc["piles"])
    if has_points:
        return check_points(as_int(doc["caller_points"], "caller_points"), "caller_points")
    if not has_piles:
        raise missing("caller_points")
    raw = doc["piles"]
    if not isinstance(raw, Mapping):
        raise LedgerError(t("briscola.piles_shape", "expected each player's captured cards"), "piles", raw)
    piles: dict[str, tuple[Card, ...]] = {}
    for key, value in raw.items():
        name = resolve(key, f"piles.{key}")
        if name not in players:
            raise LedgerError(t("briscola.not_in_hand", "{name} did not play this hand", name=name), f"piles.{key}",
                              value)
        piles[name] = read_pile(value, f"piles.{key}", ITALIAN_40)
        check_pile_size(len(piles[name]), CHIAMATA_PLAYERS, f"piles.{key}", format_cards(piles[name]))
    for p in players:
        if p not in piles:
            raise missing(f"piles.{p}")
    every = [c for pile in piles.values() for c in pile]
    ITALIAN_40.check(every, "piles")
    if len(every) != ITALIAN_40.size:
        raise LedgerError(t("briscola.piles_not_deck", "the piles hold {total} cards, not 40", total=len(every)),
                          "piles", len(every))
    return sum(card_points(piles[p]) for p in side)


# --- the hand declared (ledger.games.declare): the words at the table ------------------------------------------
HELP = t("play.help.briscola",
         "Classica: each side's card points, or its captured cards; 'rest' for the cards the others did not "
         "take:\n"
         "  Anna 68 Bruno rest   Anna=\"AD 3D KS JC\" Bruno=rest\n"
         "'last Anna' says who took the last trick (60-60 with tie_last_trick), 'removed 2C' the 2 out of "
         "the deck with three players.\n"
         "Chiamata: who called, the card, the bid, the partner and the caller's side's card points:\n"
         "  calls Anna 3D at 70, partner Bruno, 78 points\n"
         "'alone' when the caller called his own card; 'out Fabio' for who sits out at six.")
REST = Said("rest", tuple(sorted(REST_WORDS)))
ALONE = "alone"  # a word of the entry only: the partner is then the caller (never in a document)


def _one_card(text: str, path: str) -> str:
    """The called card or the removed 2, as typed (``il tre di denari``, ``3D``) → its letters."""
    cards = parse_cards(re.sub(r"^(?:(?:il|lo|la|the)\s+|l')", "", text.strip(), flags=re.I), path, italian=True)
    if len(cards) != 1:
        raise LedgerError(t("briscola.one_card", "one card, not {n}", n=len(cards)), path, text)
    ITALIAN_40.check(cards, path)
    return str(cards[0])


CLASSICA_FORM = HandForm((
    Field("sides", t("briscola.field.sides", "card points or captured cards"), (Kind.COUNT, Kind.CARDS),
          per=Per.SIDE, lo=0, hi=DECK_POINTS, values=(REST,),
          ask=t("briscola.ask_side", "{who}: card points, or the captured cards ('rest' for the cards the others "
                "did not take)"), example="68"),
    Field("last_trick", t("briscola.field.last_trick", "last trick"), (Kind.SIDE,), required=False, default="",
          words=("ultima", "ultima presa", "last", "last trick"),
          ask=t("briscola.ask_last", "60-60: who took the last trick?")),
    Field("removed", t("briscola.field.removed", "the 2 out of the deck"), (Kind.CARDS,), required=False,
          words=("tolto", "tolta", "removed"), read=_one_card),
), game="briscola", main="sides")

CHIAMATA_FORM = HandForm((
    Field("sitting_out", t("briscola.field.sitting_out", "sitting out"), (Kind.PLAYER,),
          words=("fuori", "sta fuori", "out", "sits out"),
          ask=t("briscola.ask_out", "who sits out this hand (the dealer)?")),
    Field("caller", t("briscola.field.caller", "caller"), (Kind.PLAYER,), words=("chiama", "calls", "chiamante"),
          ask=t("briscola.ask_caller", "who called (won the auction)?")),
    Field("called", t("briscola.field.called", "called card"), (Kind.CARDS,), words=("carta", "card"),
          read=_one_card, ask=t("briscola.ask_called", "the called card"), example="3D, tre di denari"),
    Field("bid", t("briscola.field.bid", "bid"), (Kind.COUNT,), lo=TO_WIN, hi=DECK_POINTS, default=str(TO_WIN),
          words=("a", "at", "puntata"), ask=t("briscola.ask_bid", "the bid, 61 to 120 (61 for an auction on ranks "
                                            "only)")),
    Field("partner", t("briscola.field.partner", "partner"), (Kind.PLAYER,), words=("socio", "compagno"),
          values=(Said(ALONE, ("da solo", "alone", "solo", "in mano"), t("briscola.alone_word", "alone")),),
          ask=t("briscola.ask_partner", "the partner, who held the called card ('alone' if the caller called his "
                "own)")),
    Field(ALONE, t("briscola.field.alone", "alone"), (Kind.FLAG,), required=False,
          words=("da solo", "solo", "in mano", "chiamato in mano")),
    Field("caller_points", t("briscola.field.caller_points", "card points of the caller's side"), (Kind.COUNT,),
          lo=0, hi=DECK_POINTS, words=("punti", "points", "fa", "made"),
          ask=t("briscola.ask_points", "the card points of the caller's side (0 to 120)")),
    Field("piles", t("briscola.field.piles", "captured cards"), (Kind.CARDS,), per=Per.PLAYER, required=False),
), game="briscola", main="piles")

EVERY_FIELD = HandForm(CLASSICA_FORM.fields + CHIAMATA_FORM.fields, game="briscola", main="sides")
"""Both rule sets' fields (their keys differ): what labels an error's field path, whichever the rule set."""

# what a scorekeeper says that the declaration reads part by part: "chiama Anna il tre di denari a 70" (or
# "chiama Anna carta 3D a 70") is the caller, the card and the bid; "78 punti" the points after their
# number; a comma inside a list of cards (an 8, 9 or 10 too: the deck check names it)
_CALL = re.compile(r"\b(chiama|calls?)\s+(\S+?)(?:\s+(?!a\b|at\b)(?:(?:carta|card)\s+)?((?:il |lo |la |l'|the )?.+?))?"
                   r"(?:\s+(?:a|at)\s+(\d+))?(?=\s*(?:[,;]|$))", re.I)
_POINTS_AFTER = re.compile(r"\b(\d+)\s+(punti|points)\b", re.I)
# "Anna 60 ultima": the last trick said after a side's points or pile, as in Tressette
_LAST_AFTER = re.compile(r"(^|[,;]\s*)(\S+)\s+([^,;]+?)\s+(?:ultima|last)(?=\s*(?:[,;]|$))", re.I)
_LONE_NUMBER = re.compile(r"(^|[,;])\s*(\d+)\s*(?=[,;]|$)")
_CARD_COMMA = re.compile(r",\s*(?=(?:asso|due|tre|quattro|cinque|sei|sette|fante|cavallo|re|[A2-7JQK][DHCS]?|[2-7])"
                         r"\s+(?:di|of)\b|(?:[AJQK]|10|[2-9])[DHCS]\b|settebello\b|re\s+bello\b)", re.I)


def form_of(setup: MatchSetup) -> HandForm:
    """The declared hand of the match's rule set."""
    return CHIAMATA_FORM if setup.rules == RuleSet.CHIAMATA.value else CLASSICA_FORM


def entry_who(setup: MatchSetup) -> Who:
    """Classica asks per side (a player's name names the pair), chiamata per player."""
    if setup.rules == RuleSet.CHIAMATA.value:
        return Who(setup.players, setup.resolve_player)
    return Who(setup.side_names, setup.resolve_side)


def said(setup: MatchSetup, tokens: Sequence[str]) -> list[str]:
    """The words typed, with Briscola's own phrasing put in the declaration's parts: no cut at the
    commas of a list of cards (``asso di denari, tre di coppe``); in classica ``68 punti`` is 68
    and ``Anna 60 ultima`` is ``Anna 60, ultima Anna``;
    in chiamata ``chiama Anna il tre di denari a 70`` → ``chiama Anna; carta il tre di denari; a
    70``, and ``78 punti`` or a lone ``78`` → ``punti 78``."""
    text = _CARD_COMMA.sub(" ", " ".join(form_of(setup).joined(tokens)))
    if setup.rules != RuleSet.CHIAMATA.value:
        text = _LAST_AFTER.sub(r"\1\2 \3, ultima \2", _POINTS_AFTER.sub(r"\1", text))
        return [text] if text.strip() else []

    def call(m: re.Match[str]) -> str:
        parts = [f"{m.group(1)} {m.group(2)}"]
        if m.group(3):
            parts.append(f"carta {m.group(3)}")
        if m.group(4):
            parts.append(f"a {m.group(4)}")
        return "; ".join(parts)
    text = _LONE_NUMBER.sub(r"\1 punti \2", _POINTS_AFTER.sub(r"punti \1", _CALL.sub(call, text)))
    return [text] if text.strip() else []


def completed(setup: MatchSetup, doc: JsonDict) -> JsonDict:
    """A partial document as the rules read it: ``alone`` (or the partner said as ``da solo``)
    makes the caller his own partner; beside sides said as card points the rest is what they
    leave of the 120 (``Marco 68 Giulia resto``: a document's ``rest`` goes only with piles);
    ``LedgerError`` on the rest's side when the others' points are over 120."""
    doc = dict(doc)
    if doc.pop(ALONE, None) or doc.get("partner") == ALONE:
        doc["partner"] = doc.get("caller", ALONE)
    sides = doc.get("sides")
    if not isinstance(sides, dict) or len(sides) != len(setup.side_names):
        return doc
    rest = [s for s, v in sides.items() if v == "rest"]
    counted = [v for s, v in sides.items() if s not in rest]
    if len(rest) == 1 and all(isinstance(v, int) and not isinstance(v, bool) for v in counted):
        if sum(counted) > DECK_POINTS:  # 'Anna 61 Bruno 61 Carla resto': nothing can be left for Carla
            raise LedgerError(t("briscola.rest_over", "the others' points add up to {total}, over the {deck} of the "
                                "deck: none are left", total=sum(counted), deck=DECK_POINTS),
                              f"sides.{rest[0]}", "rest")
        doc["sides"] = {s: DECK_POINTS - sum(counted) if s in rest else v for s, v in sides.items()}
    return doc


def parse_entry(setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
    """The words at the table → a partial hand document, through the declared hand of the rule set
    (:func:`said` first, :func:`completed` after). ``LedgerError`` naming the part not understood."""
    doc = form_of(setup).read_words(said(setup, tokens), entry_who(setup), setup.resolve_player)
    return completed(setup, doc)


def skips(setup: MatchSetup, doc: JsonDoc) -> Callable[[Field], bool]:
    """The declared fields not asked for ``doc``: who sits out with five; the caller's side's
    points once the piles are given; the last trick unless a 60-60 decides by it."""
    def skip(f: Field) -> bool:
        if f.key == "sitting_out":
            return len(setup.players) <= CHIAMATA_PLAYERS
        if f.key == "caller_points":
            return doc.get("piles") is not None
        if f.key == "partner":
            return bool(doc.get(ALONE))
        if f.key == "last_trick":
            return not (setup.options.get("tie_last_trick") and _tied(setup, doc))
        return False
    return skip


def _tied(setup: MatchSetup, doc: JsonDoc) -> bool:
    try:
        hand = read_classica(doc.get("sides"), setup.resolve_side, len(setup.players), doc.get("removed"), None,
                             setup.side_names)
    except LedgerError:
        return False
    return len(set(hand.points.values())) == 1


def questions(setup: MatchSetup, doc: JsonDoc, dealer: str | None = None) -> list[Question]:
    """What is still missing, by the declared hand of the rule set, one question at a time; each
    answer goes through :func:`completed` (the rest beside points, a caller alone). Who sits out
    is proposed as ``dealer``."""
    asked = form_of(setup).questions(doc, entry_who(setup), setup.resolve_player, skips(setup, doc))
    out = []
    for q in asked[:1]:
        default = dealer if q.key == "sitting_out" else q.default
        out.append(Question(q.key, q.text, _completing(setup, q.answer), q.choices, default))
    return out


def _completing(setup: MatchSetup,
                answer: Answer) -> Answer:
    def complete(doc: JsonDict, text: str) -> JsonDict:
        return completed(setup, answer(doc, text))
    return complete
