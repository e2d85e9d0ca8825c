"""What ``help`` (``aiuto``) in ``ledger play`` says of each game: how to write a hand in one line.

One message per game, for players (the words each game's entry takes, in the language in use:
the Italian text names the Italian keys and words the game accepts, ``bussa``, ``rientro``,
``vedova``, ``resto``, ``pulita``/``sporca``, ``calate``, ``in mano``, ``pozzetto``...). The
games' own docstrings are for developers and are never shown. Lines are folded to the screen by
:func:`ledger.cli.screen.wrap`. Source: docs/rules/*.md ("Entering a hand") and each game's entry
reader.
"""

from __future__ import annotations

from typing import Callable, Dict

from ledger.i18n import Msg, t


def _trentasette() -> Msg:
    return t("play.help.trentasette",
             "Each side's captured pile: its cards, or 'rest' for the cards no other side took:\n"
             "  Anna=\"AH 2H 3H …\" Bruno=rest\n"
             "The cards left on the table and who made the last capture: table=\"5C 7D\" last=Anna. "
             "Without the cards, the pile's counts: Anna=count (its facts are then asked one by one).")


def _trentuno() -> Msg:
    return t("play.help.trentuno",
             "Each player's hand: three cards, their sum, or 'tris R':\n"
             "  Anna=26 Bruno=\"7S 7D 9C\" Carla=\"tris 5\"\n"
             "How the hand ended: knock=Bruno (who knocked), shown31=Carla (who showed 31), widow=Dario "
             "(who took the widow). Back in the game: reentry=Carla (a re-entry before this hand), or a "
             "bet: bet=\"Carla Dario 17\" (who bets, and the number) drawn=Carla (who was drawn; drawn=draw "
             "lets the ledger draw).")


def _simone() -> Msg:
    return t("play.help.simone",
             "Each player's cards or their sum, and who knocked:\n"
             "  Anna=\"KH JK 3S 5D\" Bruno=17 knock=Anna\n"
             "knock=nobody (or leave it out) when nobody knocked.")


def _scopa() -> Msg:
    return t("play.help.scopa",
             "Each side's captured pile (a player's name stands for the side): its cards, or 'rest' for "
             "the cards no other side took:\n"
             "  Anna=\"7D 6D …\" Bruno=rest\n"
             "Or what the pile counted: Anna=\"22 cards 6 denari settebello primiera 78\". One thing at a "
             "time: Anna.cards=22 Anna.scope=2 (the scope: 0 when left out).")


def _canasta() -> Msg:
    return t("play.help.canasta",
             "Each side in one line (a side may be named by one of its players):\n"
             "  NS=\"2 pure, 1 dirty, 1 red three, melded 340, in hand 25, closed\"\n"
             "  EW=\"pure K, melded 120, in hand 60\"\n"
             "Or one thing at a time: NS.canastas=\"pure K, dirty 7\" NS.melded=310 NS.hand=0 "
             "NS.red_threes=1; closed=NS (or closed=nobody); concealed=yes.")


def _burraco() -> Msg:
    return t("play.help.burraco",
             "Each side in one line (a side may be named by one of its players); the melded points count "
             "the burrachi too:\n"
             "  NS=\"2 clean, 1 dirty, melded 310, in hand 35, pozzetto, closed\"\n"
             "Or one thing at a time: NS.burraco=\"clean, dirty\" NS.melded=310 NS.hand=35 "
             "NS.pozzetto=yes; closed=NS (or closed=nobody).")


def _bridge() -> Msg:
    return t("play.help.bridge",
             "The contract, the declarer and the result, as players say them:\n"
             "  4SX N -2   3NT S =   6H by E made 13   4SX W down 1   pass\n"
             "Honours (rubber and Chicago): honours NS 100. Or with keys: contract=4SX declarer=N "
             "result=-1 vulnerable=NS board=5.")


_HELP: Dict[str, Callable[[], Msg]] = {
    "trentasette": _trentasette, "trentuno": _trentuno, "simone": _simone, "scopa": _scopa,
    "canasta": _canasta, "burraco": _burraco, "bridge": _bridge,
}


def entry_help(game) -> Msg | None:
    """How to write a hand of ``game`` in one line (a message of several lines), or None for a
    game that has no such text."""
    made = _HELP.get(getattr(game, "name", ""))
    return made() if made else None
