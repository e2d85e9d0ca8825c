"""Burraco, the Italian game night's rummy: rule sets ``italian`` (the F.I.Bur. "Codice di Gara",
the default) and ``international``. Sources: RULES.md "Burraco and Scopa (no seed): sources",
"Burraco (no seed)" and "Burraco: rule set international"; see ``docs/rules/burraco.md``.

Two players or three (each for self) or four in two pairs. A hand document (FORMATS.md)::

    {"game": "burraco", "rules": "italian",
     "sides": {"NS": {"burraco": ["clean", "semiclean"], "melded_points": 420, "hand_points": 0,
                      "pozzetto": true},
               "EW": {"burraco": ["7H 8H 9H 10H JH QH KH JK"], "melded": ["5S 5D 5C"],
                      "hand": "AS 5C 9D", "pozzetto": true}},
     "closed_by": "NS"}

A side's hand score = burrachi (clean 200, semiclean 150, dirty 100) + 100 for closing + melded card
values − card values in hand − 100 without the pozzetto; card values jolly 30, pinella 20, ace 15,
8 to K 10, 3 to 7 5; game to 2005.

The package: :mod:`.melds` (rule sets, card values, reading a meld given as cards),
:mod:`.scoring` (a side's score, the hand, the match), :mod:`.entry` (the players' words: "2
puliti, 1 sporco, calate 310, in mano 35, pozzetto preso"), :mod:`.game` (the scorer protocol).
"""

from ledger.games.burraco.game import BurracoGame

GAME = BurracoGame()
