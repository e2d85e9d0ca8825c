"""The registry of games: name → scorer, imported only when first asked for.

``get_game("trentasette")`` returns the scorer (a :class:`ledger.games.protocol.Game`). Adding a game
is one package under ``ledger/games/`` whose ``__init__`` defines ``GAME = TheGame()``, and one line
in ``_MODULES``.
Unknown names (and none) raise ``LedgerError`` on the field ``game``.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import TYPE_CHECKING

from ledger.errors import LedgerError
from ledger.i18n import Msg, t

if TYPE_CHECKING:  # the registry imports no game until one is asked for
    from ledger.games.protocol import Game

# name → module; a name whose module is not there yet is not offered
_MODULES = {
    "trentasette": "ledger.games.trentasette",
    "trentuno": "ledger.games.trentuno",
    "simone": "ledger.games.simone",
    "bridge": "ledger.games.bridge",
    "canasta": "ledger.games.canasta",
    "burraco": "ledger.games.burraco",
    "scopa": "ledger.games.scopa",
    "scala40": "ledger.games.scala40",
    "briscola": "ledger.games.briscola",
    "tressette": "ledger.games.tressette",
    "sette_e_mezzo": "ledger.games.sette_e_mezzo",
    "segnapunti": "ledger.games.segnapunti",
}
_ALIASES = {"37": "trentasette", "31": "trentuno", "gioco di simone": "simone", "scala 40": "scala40",
            "scala-40": "scala40", "scala_40": "scala40", "scala quaranta": "scala40", "generic": "segnapunti",
            "sheet": "segnapunti", "score sheet": "segnapunti", "scoresheet": "segnapunti", "foglio": "segnapunti",
            "segna punti": "segnapunti", "segnapunto": "segnapunti", "tresette": "tressette",
            "tre sette": "tressette", "tre-sette": "tressette", "sette e mezzo": "sette_e_mezzo",
            "settemezzo": "sette_e_mezzo", "7 e mezzo": "sette_e_mezzo", "7½": "sette_e_mezzo",
            "sette-e-mezzo": "sette_e_mezzo", "setteemezzo": "sette_e_mezzo"}
# a rule set that players name as a game of its own: typed as a game on the command line it is
# that game with that rule set (a document keeps "game": "scopa", "rules": "scopone": FORMATS.md)
_RULE_SET_GAMES = {"scopone": ("scopa", "scopone"), "briscola chiamata": ("briscola", "chiamata"),
                   "chiamata": ("briscola", "chiamata")}


def registered() -> list[str]:
    """Names of the registered games, in registry order, without importing any of them (for help
    texts, which must not cost a game's import)."""
    return list(_MODULES)


def names_text(names: list[str] | None = None) -> str:
    """``"trentasette, trentuno, … or scopa"``: the games for people."""
    names = registered() if names is None else names
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def available() -> list[str]:
    """Names of the games this installation can score, in registry order."""
    return [n for n in _MODULES if _load(n) is not None]


@lru_cache(maxsize=None)
def _load(name: str) -> Game | None:
    try:
        module = importlib.import_module(_MODULES[name])
    except ModuleNotFoundError as err:
        if err.name == _MODULES[name]:
            return None
        raise
    game: Game = module.GAME
    return game


def reading(files: str) -> Game:
    """The game that reads and writes files of deals in the format ``files`` (``"PBN"``: its
    ``Game.deal_files``); ``LedgerError`` on ``FILE`` when no game here does."""
    for name in available():
        game = _load(name)
        if game is not None and (game.deal_files or "").casefold() == files.casefold():
            return game
    raise LedgerError(t("games.no_reader", "no game here reads {files} files", files=files), "FILE", None)


def command_game(name: str, rules: str | None = None) -> tuple[str, str | None]:
    """The game and rule set that ``name``, typed as a game on the command line (``ledger play
    NAME``, ``ledger match new NAME``), stands for with ``-r rules``: ``scopone`` is
    ``("scopa", "scopone")`` (``-r scopone`` may be given too; another rule set is a
    ``LedgerError`` on ``rules``); any other name as given."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in _RULE_SET_GAMES:
        return name, rules
    game, own = _RULE_SET_GAMES[key]
    if rules is not None and get_game(game).check_rules(rules) != own:
        raise LedgerError(t("games.rule_set_game_rules", "{name} is {game} with the rules {own}, not {rules}",
                            name=name, game=game, own=own, rules=rules), "rules", rules)
    return game, own


def get_game(name: object, document: bool = False) -> Game:
    """The scorer registered as ``name`` (case-insensitive); ``LedgerError`` on ``game`` otherwise.

    ``document``: ``name`` is a JSON document's ``"game"`` (FORMATS.md: a game of the registry,
    its rule set in ``"rules"``), so a rule set's name there (``"scopone"``, ``"chicago"``) is
    answered with the fields to write (``"game": "scopa", "rules": "scopone"``), not with what
    to type at a command line."""
    if type(name) is str and name in _MODULES:  # as registered: nothing to fold
        game = _load(name)
        if game is not None:
            return _labelling(game)
    key = str(name).strip().lower() if isinstance(name, str) else None
    key = _ALIASES.get(key, key) if key is not None else None
    game = _load(key) if key in _MODULES else None
    if name is None:
        raise LedgerError(t("games.missing", "missing (one of {games})", games=", ".join(available())), "game", None)
    if game is None:
        raise LedgerError(_unknown(name, document), "game", name)
    return _labelling(game)


def _labelling(game: Game) -> Game:
    """``game``, whose declared hand now labels the errors shown (``ledger.games.declare.labelling``):
    the game last looked up is the one whose hand is being read (a game that declares none shows
    its paths as they are, whatever game was looked up before)."""
    from ledger.games.declare import labelling

    labelling(game.hand)
    return game


def _unknown(name: object, document: bool = False) -> Msg:
    """Why ``name`` is no game, and what to write: the game whose rule set it names (``chicago``:
    type ``bridge -r chicago``; in a document ``"game": "bridge", "rules": "chicago"``), the
    nearest game's name (``trentasete``), else the games known and the score sheet for any other
    (``cirulla``: ``segnapunti --title cirulla``)."""
    from ledger.games.suggest import did_you_mean

    owners = [(g, _rules_named(_load(g), name)) for g in available()]
    owners = [(g, r) for g, r in owners if r is not None]
    if len(owners) == 1:
        game, rules = owners[0]
        if document:
            return t("games.unknown_rule_set_document", "unknown game {name!r}: it is a rule set of {game} (in the "
                     "document write \"game\": \"{game}\", \"rules\": \"{rules}\")", name=name, game=game, rules=rules)
        return t("games.unknown_rule_set", "unknown game {name!r}: it is a rule set of {game} (type {game} -r {rules})",
                 name=name, game=game, rules=rules)
    sheet = (t("games.sheet_document", "; any other game: \"game\": \"segnapunti\", its score sheet") if document
             else t("games.sheet", "; any other game: segnapunti --title {name}, its score sheet", name=name))
    known = t("games.known_or_sheet", " (known: {games}{sheet})", games=", ".join(available()), sheet=sheet)
    return t("games.unknown", "unknown game {name!r}{hint}", name=name, hint=did_you_mean(name, available(), known))


def _rules_named(game: Game | None, name: object) -> str | None:
    """The rule set of ``game`` that ``name`` names (its key or its name for people), or None."""
    if game is None or not isinstance(name, str):
        return None
    try:
        return game.check_rules(name)
    except LedgerError:
        return None
