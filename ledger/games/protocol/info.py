"""What every role of a game reads: the game's identity and settings, as class attributes.

:class:`GameInfo` is the base of the three roles (:mod:`.rules`, :mod:`.entry`,
:mod:`.presentation`) and of :mod:`.dealing`; a game sets these attributes once on its
:class:`~ledger.games.protocol.Game` subclass.
"""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.declare import HandForm
from ledger.games.facts import GameNotes, Said
from ledger.games.jsontypes import JsonDoc
from ledger.games.record import JsonRecord, NoExtra
from ledger.i18n import t, Msg


class GameInfo:
    """A game's identity and settings.

    Class attributes: ``name`` (registry name, e.g. ``"trentasette"``), ``title`` (for people),
    ``version`` (scorer version stored beside every result), ``rule_sets`` (first is the
    default), ``rule_words`` (each rule set's name for people, a message: :meth:`rules_name`),
    ``min_players``/``max_players`` (and ``player_counts`` when only some counts in the range
    are played), ``facts`` (what the report knows about the game:
    :class:`ledger.games.facts.GameNotes` by default, a game's own in ``<game>/facts.py``),
    ``own_stakes`` (for a scorer that keeps its own money, a ``settlement`` in its state: the
    unit of its stake, e.g. Trentuno's ``"life"``; None otherwise), ``state_extra`` and
    ``result_type`` (the game's own records of a state and a result), ``hand`` (the hand's
    declaration, :class:`ledger.games.declare.HandForm`), ``deal_files`` and ``samples`` (see
    :mod:`.dealing`).
    """

    name: str = ""
    title: str = ""
    version: str = "1"
    rule_sets: tuple[str, ...] = ("standard",)
    rule_words: Mapping[str, str | Msg] = {}  # rule set → its name for people (a message); the key itself if absent
    deals: bool = False  # its hands are deals (bridge: "smazzate" in Italian): the texts naming them say so
    min_players: int = 2
    max_players: int = 2
    player_counts: tuple[int, ...] = ()  # when only some counts in the range are played (canasta: 2, 4)
    facts: GameNotes = GameNotes()
    own_stakes: str | None = None
    state_extra: type[JsonRecord] = NoExtra  # the game's own part of a match state (MatchState.extra)
    result_type: type[JsonRecord]  # a hand's result (HandResult.detail), as a match stores it: must
    deal_files: str | None = None  # the field's file format of deals the game reads and writes (bridge: "PBN")
    deal_rules: str = ""  # the rule set a file's deals are scored by on their own, when it names none
    samples: str | None = None  # the module dealing its matches at random (bench/synthetic.py), if any
    sample_weight: int = 0  # its share of the synthetic ledger's matches
    hand: HandForm | None = None  # the hand's declaration (ledger.games.declare): entry, questions, labels
    deals_to_the_right: bool = False  # the deal passes counter-clockwise (Scopa, Briscola, Tressette)
    compass_sides: bool = False  # its pairs are the compass sides NS and EW (bridge), named so to people
    own_options: tuple[str, ...] = ()  # the keys of its options besides the base ones (option_words.BASE_OPTIONS)

    @property
    def players_text(self) -> str:
        """How many play, for people: ``"2-4"``, ``"4"``, ``"2 or 4"``."""
        counts = [str(n) for n in self.player_counts]
        if len(counts) > 1:
            return Said(t("match.counts_or", "{counts} or {last}", counts=", ".join(counts[:-1]), last=counts[-1]))
        if counts:
            return counts[0]
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    @property
    def default_rules(self) -> str:
        """The rule set a match is played by when none is named: the first of :attr:`rule_sets`."""
        return self.rule_sets[0]

    def rules_name(self, rules: str) -> str:
        """The rule set ``rules`` as people name it, in the language in use (``italian`` →
        ``italiana``, ``duplicate`` → ``duplicato``); the key itself when it has no word."""
        return str(self.rule_words.get(rules, rules))

    def titled(self, rules: str) -> str:
        """The game with its rule set, for a match's title: ``Canasta (italiana)``; the title alone
        for a game of one rule set (``Trentasette``)."""
        if len(self.rule_sets) == 1:
            return self.title
        return str(t("board.game_rules", "{game} ({rules})", game=self.title, rules=self.rules_name(rules)))
