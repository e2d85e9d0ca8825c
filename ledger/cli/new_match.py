"""Starting a match from the command line: the options ``ledger match new`` and ``ledger play``
share, and the one call that starts it.

Each command declares its parameters with :func:`option` (``players: Optional[str] =
option("players")``; ``ledger play`` passes ``play=True`` for its help texts, which say the option
is for a new match), then hands them to :func:`start_match`. Importing this module imports
neither the store nor SQLAlchemy (``--help`` stays fast).
"""

from __future__ import annotations

from typing import Any, List, Optional

import typer

from ledger.cli.app import ledger
from ledger.cli.inputs import parse_options, parse_players, parse_sides

# parameter → (flags, repeatable, help in `ledger match new`, help in `ledger play`)
_OPTIONS = {
    "players": (("--players", "-p"), False, "Names in seat order, comma-separated.",
                "New match: names in seat order, comma-separated."),
    "side": (("--side", "-s"), True, "A side: NAME=PLAYER,PLAYER (repeat per side).",
             "New match: a side NAME=PLAYER,PLAYER (repeat per side)."),
    "rules": (("--rules", "-r"), False, "Rule set (the game's default otherwise).",
              "New match: the rule set."),
    "option": (("--option", "-o"), True, "A game option KEY=VALUE (repeatable).",
               "New match: a game option KEY=VALUE (repeatable)."),
    "night": (("--night",), False, "The night (YYYY-MM-DD); default tonight.",
              "New match: the night (YYYY-MM-DD); default tonight."),
    "title": (("--title",), False, "The match's own title, for a game that takes one (a score sheet's 'Cirulla').",
              "New match: its own title, for a game that takes one (a score sheet's 'Cirulla')."),
}


def option(name: str, play: bool = False) -> Any:
    """The Typer option for parameter ``name`` (``players``, ``side``, ``rules``, ``option``,
    ``night``, ``title``): ``None`` by default, or an empty list for a repeatable one; with ``play``, the help
    text of ``ledger play``. ``KeyError`` for another name."""
    flags, repeatable, help_new, help_play = _OPTIONS[name]
    return typer.Option([] if repeatable else None, *flags, help=help_play if play else help_new)


def start_match(game: str, players: Optional[str], side: List[str], rules: Optional[str],
                options: List[str], night: Optional[str], title: Optional[str] = None):
    """Start a match of ``game`` from the options as typed (``side`` and ``options`` as repeated:
    ``["NS=Anna,Carla", ...]``, ``["target=3", ...]``) and return its ``MatchView``.

    ``game`` may be a rule set that players name as a game (``scopone``:
    :func:`ledger.games.command_game`). Raises ``LedgerError`` for an unknown game or rule set, bad players, sides or options, or a
    night that is not a date. ``title`` is the match's option ``title`` (a game that takes none
    refuses it as it refuses any option it does not know).
    """
    from ledger.dates import parse_date
    from ledger.games import command_game

    game, rules = command_game(game, rules)  # scopone: scopa -r scopone
    opts = parse_options(options)
    if title is not None:
        opts["title"] = title
    return ledger().new_match(game, rules, parse_players(players), parse_sides(side) or None,
                              opts, parse_date(night) if night else None)
