"""Match options as people name them: one place for every game's option words, in every language.

A match option has one key, the name a document stores (``stake``, ``reentry``, ``target``:
FORMATS.md); on the command line and in a document it may also be written with its name in any
language of the ledger (``-o posta=0,50``, ``-o rientro=sì``, ``-o obiettivo=21``,
``-o primo_mazziere=Anna``). :func:`option_keys` turns the names into keys before a game reads
its options (:meth:`ledger.games.protocol.Game.setup`), so a match stores keys only and ``--json``
is the same whatever language the options were typed in. :func:`option_name` is the other
way, for what a person reads (an error's field, the list of a game's known options).

A game's options are declared by the game (``Game.option_keys``); their words are here, whatever
game reads them, so that ``obiettivo`` means ``target`` in every game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.i18n import LANGUAGES, Msg, t

# key → its name for people (underscores where a word is typed as one on the command line)
OPTION_WORDS: Mapping[str, Msg] = {
    "first_dealer": t("option.first_dealer", "first_dealer"),
    "stake": t("option.stake", "stake"),
    "stake_cents": t("option.stake_cents", "stake_cents"),
    "stake_per": t("option.stake_per", "stake_per"),
    "currency": t("option.currency", "currency"),
    "target": t("option.target", "target"),
    "lives": t("option.lives", "lives"),
    "reentry": t("option.reentry", "reentry"),
    "reentries": t("option.reentries", "reentries"),
    "reentry_cost_cents": t("option.reentry_cost_cents", "reentry_cost_cents"),
    "decks": t("option.decks", "decks"),
    "unfinished_partscore": t("option.unfinished_partscore", "unfinished_partscore"),
    "rubbers": t("option.rubbers", "rubbers"),
    "rounds": t("option.rounds", "rounds"),
    "boards": t("option.boards", "boards"),
    "first_board": t("option.first_board", "first_board"),
    "napola": t("option.napola", "napola"),
    "re_bello": t("option.re_bello", "re_bello"),
    "suits": t("option.suits", "suits"),
    "limit": t("option.limit", "limit"),
    "not_opened_points": t("option.not_opened_points", "not_opened_points"),
    "in_mano_double": t("option.in_mano_double", "in_mano_double"),
    "lone_ace_one": t("option.lone_ace_one", "lone_ace_one"),
    "tie_last_trick": t("option.tie_last_trick", "tie_last_trick"),
    "cappotto_double": t("option.cappotto_double", "cappotto_double"),
    "bid_multiplier": t("option.bid_multiplier", "bid_multiplier"),
    "wins": t("option.wins", "wins"),
    "hands": t("option.hands", "hands"),
    "accusi": t("option.accusi", "accusi"),
    "cappotto_voids_accusi": t("option.cappotto_voids_accusi", "cappotto_voids_accusi"),
    "cappotto_wins": t("option.cappotto_wins", "cappotto_wins"),
}

# the base options every game reads (Game.check_options: the first dealer and the stakes)
BASE_OPTIONS = ("first_dealer", "stake", "stake_per", "currency")


def _fold(word: str) -> str:
    return "_".join(word.replace("-", "_").split()).casefold()


@lru_cache(maxsize=None)
def _by_word() -> dict[str, str]:
    """Every option's key and name in every language, folded (``posta`` → ``stake``)."""
    words: dict[str, str] = {}
    for key, msg in OPTION_WORDS.items():
        words.setdefault(_fold(key), key)
        for lang in LANGUAGES:
            words.setdefault(_fold(msg.render(lang)), key)
    return words


def option_key(word: str) -> str:
    """The key ``word`` names (``posta``, ``Primo mazziere``, ``stake``), or ``word`` itself when
    it names no option (the game then refuses it, listing the known ones)."""
    return _by_word().get(_fold(word), word) if isinstance(word, str) else word


def option_keys(options: JsonDoc) -> JsonDict:
    """``options`` with every name turned into its key (``{"posta": "0,50"}`` → ``{"stake":
    "0,50"}``). An option given twice under two names (``target`` and ``obiettivo``) is a
    ``LedgerError`` on the second, as typed."""
    out: JsonDict = {}
    for k, v in options.items():
        key = option_key(k)
        if key in out:
            from ledger.errors import LedgerError
            from ledger.i18n import t

            raise LedgerError(t("options.twice", "{name!r} is given twice (also as {other!r})", name=k,
                                other=next(o for o in options if o != k and option_key(o) == key)), f"options.{k}", v)
        out[key] = v
    return out


def option_name(key: str) -> str:
    """``key`` as people name it in the language in use (``stake`` → ``posta`` in Italian)."""
    word = OPTION_WORDS.get(key)
    return key if word is None else str(word)


def option_names(keys: Iterable[str]) -> str:
    """The options ``keys`` named for people, comma-separated, in the order given."""
    return ", ".join(option_name(k) for k in keys)
