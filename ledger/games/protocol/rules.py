"""The rules of a game, the role that scores: a match's setup, the state before the first hand,
applying a hand to a state, ending a match early, who deals, and what the report and the stakes
ask of a state.

Pure: plain documents in (the hand and match documents of FORMATS.md), frozen values out
(:class:`~ledger.games.results.HandResult`, :class:`~ledger.games.results.MatchState`); bad input
is a ``LedgerError(message, field, value)``. The flow, for one hand of a match (RULES.md)::

    setup = game.setup(rules, players, sides, options)      # MatchSetup, validated
    state = game.start(setup)                                # MatchState before any hand
    state, result = game.apply(setup, state, hand_doc)       # HandResult, new MatchState

``game.score(doc, rules)`` scores one hand on its own (``ledger score``), without a match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import MatchSetup, Seated
from ledger.games.parsing import as_int, check_lookalike, check_names, check_side_names
from ledger.games.protocol.info import GameInfo
from ledger.games.record import JsonRecord, Stored
from ledger.games.results import HandResult, MatchState, Winner
from ledger.games.suggest import did_you_mean
from ledger.i18n import Msg, t


class Rules(GameInfo):
    """The rules role: subclasses implement the methods marked "must" (:meth:`score`,
    :meth:`apply`); the others have the defaults RULES.md gives every game (each side for
    itself, totals from zero, the deal passing clockwise, the highest total winning a match ended
    early)."""

    def check_rules(self, rules: object) -> str:
        """The rule set named ``rules`` (None → default): its key (``duplicate``) or its name for
        people in any language of the ledger (``duplicato``, ``italiana``: :attr:`rule_words`);
        ``LedgerError`` on ``rules`` if unknown."""
        if rules is None:
            return self.default_rules
        if type(rules) is str and rules in self.rule_sets:  # as written: no need to fold its case
            return rules
        key = " ".join(str(rules).split()).lower()
        for r in self.rule_sets:
            if r.lower() == key:
                return r
        from ledger.i18n import LANGUAGES

        for r, word in self.rule_words.items():
            if any(_agreeing(str(word.render(lang) if isinstance(word, Msg) else word).lower()) == _agreeing(key)
                   for lang in LANGUAGES):
                return r
        named = {r: self.rules_name(r) for r in self.rule_sets}
        # the names people use; one that holds a comma ('52 cards, vedova') would read as two in
        # the list, so it is given after its key
        known = [str(t("match.rule_set_named", "{key} ({name})", key=r, name=named[r])) if "," in named[r]
                 else named[r] for r in self.rule_sets]
        raise LedgerError(t("match.unknown_rules", "unknown rule set {rules!r} for {game}{hint} (known: {known})",
                            rules=rules, game=self.name, hint=did_you_mean(rules, [*named, *named.values()]),
                            known=", ".join(known)),
                          "rules", rules)

    def setup(self, rules: object, players: Sequence[str] | None = None,
              sides: Mapping[str, Sequence[str]] | None = None,
              options: JsonDoc | None = None, ended_early: bool = False) -> MatchSetup:
        """Validate a match's settings and return them with defaults filled in.

        ``players`` (seat order) or ``sides`` (side → players) must be given. Raises
        ``LedgerError`` for a wrong number of players, a repeated name or a bad option.
        """
        from ledger.games.option_words import option_keys

        rules = self.check_rules(rules)
        players_t, sides_d = self.seat(rules, players, sides)
        opts = self.check_options(rules, option_keys(options or {}), players_t)
        return MatchSetup(self.name, rules, players_t, sides_d, opts, ended_early)

    def check_new_match(self, setup: MatchSetup) -> None:
        """What the names of a match started by a person must also be, beyond :meth:`setup` (whose
        checks a document imported or restored passes too, so that an older ledger's names still
        restore): none looks like another (:func:`~ledger.games.parsing.check_lookalike`), none is
        a word of the declared hand (:meth:`ledger.games.declare.HandForm.check_names`), no side is
        named after a player of another side (:func:`~ledger.games.parsing.check_side_names`).
        ``LedgerError`` on ``players[i]`` or ``sides``. A game whose hand reads a name as something
        else too (bridge's seats) adds its own check after these."""
        for i, name in enumerate(setup.players):
            check_lookalike(name, f"players[{i}]")
        for side in setup.sides:
            check_lookalike(side, "sides")
        if self.hand is not None:
            self.hand.check_names(setup.players, "players")
            self.hand.check_names([side for side in setup.sides if side not in setup.players], "sides")
        check_side_names(setup.sides)

    def seat(self, rules: str, players: Sequence[str] | None,
             sides: Mapping[str, Sequence[str]] | None) -> Seated:
        """Default seating: each player is a side of their own. Games with teams override."""
        if sides:
            raise LedgerError(t("match.each_for_self", "{game} is played each for self: give players, not sides",
                                game=self.name), "sides", None)
        names = check_names(players, "players")
        self.check_player_count(len(names))
        return names, {p: (p,) for p in names}

    def check_player_count(self, n: int, field: str = "players") -> None:
        """``LedgerError`` on ``field`` unless ``n`` players is a number the game is played by
        (:attr:`min_players` to :attr:`max_players`): ``Bridge is played by 4 players, not 3``."""
        if not self.min_players <= n <= self.max_players:
            game = self.title or self.name
            if self.min_players == self.max_players:
                msg = t("match.player_count", "{game} is played by {count} players, not {n}", game=game,
                        count=self.min_players, n=n)
            else:
                msg = t("match.player_range", "{game} is played by {lo} to {hi} players, not {n}", game=game,
                        lo=self.min_players, hi=self.max_players, n=n)
            raise LedgerError(msg, field, n)

    def check_options(self, rules: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        """Validate options and fill defaults; the base accepts ``first_dealer`` and the stakes
        every game may be played for (``stake`` or ``stake_cents``, ``stake_per``, ``currency``:
        :func:`ledger.games.stakes.read_stake_options`, stored only when a stake is given)."""
        from ledger.games.stakes import read_stake_options

        stakes = read_stake_options(options)
        out = {}
        if "first_dealer" in options:
            fd = options.pop("first_dealer")
            if fd is not None:
                match = [p for p in players if p.casefold() == str(fd).casefold()]
                if not match:
                    raise LedgerError(t("match.not_player", "{name!r} is not a player of this match{hint}", name=fd,
                                        hint=""), "options.first_dealer", fd)
                out["first_dealer"] = match[0]
        if options:
            key = sorted(options)[0]
            raise LedgerError(self.unknown_option(key), f"options.{key}", options[key])
        out.update(stakes)
        return out

    def options_with_target(self, rules: str, options: JsonDict, players: tuple[str, ...], default: int,
                            lo: int, hi: int) -> JsonDict:
        """The base options (:meth:`Rules.check_options`, whatever the game overrides) and
        ``target``, the total (in points) that wins the match: ``default`` when not given, else a
        whole number from ``lo`` to ``hi``. ``LedgerError`` on ``options.target``, after the base
        options' own errors (an unknown option first)."""
        target = options.pop("target", None)
        out = Rules.check_options(self, rules, options, players)
        out["target"] = default if target is None else as_int(target, "options.target", lo, hi)
        return out

    def unknown_option(self, key: str) -> Msg:
        """Why ``key`` is no option of this game: the nearest of its options' names in the language
        in use when one is close (``pota``: did you mean ``posta``?), and always the list of them,
        its own (:attr:`own_options`) then the base ones (``vite, rientro, …, posta, valuta``)."""
        from ledger.games.option_words import BASE_OPTIONS, option_name

        names = [option_name(k) for k in dict.fromkeys((*self.own_options, *BASE_OPTIONS))]
        return t("match.unknown_option", "unknown option {key!r} for {game}{hint} (known: {known})", key=key,
                 game=self.name, hint=did_you_mean(key, names), known=", ".join(names))

    # --- one hand --------------------------------------------------------------------------
    def score(self, doc: JsonDoc, rules: object = None) -> HandResult:
        """Must: score one hand document on its own (``ledger score``). ``LedgerError`` on bad input."""
        raise NotImplementedError

    # --- a match ---------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        """The state before the first hand: every total zero."""
        return MatchState(0, {s: 0 for s in setup.sides})

    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        """Must: score ``doc`` as the next hand of the match and return the new state.

        Raises ``LedgerError`` when the hand does not fit the match (a finished match, a player
        who is not in it) as well as for bad input.
        """
        raise NotImplementedError

    def state_class(self, setup: MatchSetup) -> type[JsonRecord]:
        """The class of the game's own part of a state of a match of ``setup``: ``state_extra``
        (bridge: one per rule set)."""
        return self.state_extra

    def result_class(self, setup: MatchSetup) -> type[JsonRecord]:
        """The class of a hand's result in a match of ``setup``: ``result_type`` (bridge: one
        per rule set)."""
        return self.result_type

    def load_state(self, setup: MatchSetup, doc: JsonDoc) -> MatchState:
        """The state that :meth:`MatchState.to_json` wrote for a match of ``setup`` (a stored
        ``hand.state``); its own part (:meth:`state_class`) is read when first needed."""
        return MatchState.from_json(doc, self.state_class(setup))

    def load_result(self, setup: MatchSetup, doc: JsonDoc) -> JsonRecord:
        """The hand result that ``HandResult.to_json`` wrote for a hand of a match of ``setup``
        (a stored ``hand.result``), as the game's :meth:`result_class`."""
        return self.result_class(setup).from_json(doc)

    def stored_result(self, setup: MatchSetup, doc: JsonDoc) -> HandResult:
        """A stored ``hand.result`` as a :class:`HandResult` whose record is read when first needed."""
        return HandResult(Stored(self.result_class(setup), doc))

    def next_dealer(self, setup: MatchSetup, state: MatchState) -> str | None:
        """Who deals the hand after ``state``: by default the next seat (:meth:`dealer`); None for
        a game that shows no dealer (a score sheet's, or once it is over)."""
        return self.dealer(setup, state.hands)

    def settlement(self, state: MatchState) -> Mapping[str, int] | None:
        """The money of a game that keeps its own (``own_stakes``), as its state says it: player →
        net cents, None until it is settled (the others' stakes are settled from the totals)."""
        return None

    def own_stake(self, setup: MatchSetup) -> tuple[int, str] | None:
        """For a game that keeps its own money (``own_stakes``): the stake in cents and what it is
        for (``"life"``), as the report and ``settle`` describe it; None when the match is not
        played for money. Default: the option ``stake_cents``, per :attr:`own_stakes` (None without
        a stake)."""
        cents = int(setup.options.get("stake_cents") or 0)
        return (cents, str(self.own_stakes)) if cents else None

    def own_match_stake(self, setup: MatchSetup) -> int:
        """For a game that keeps its own money and whose :meth:`own_stake` is per point: the stake
        per match played beside it, in cents (0: none; the score sheet may have both)."""
        return 0

    def group(self, setup: MatchSetup) -> str:
        """The name a match is counted under in the report's standings and the statistics per
        game: the game's name; a game whose matches are told apart by their own title (a score
        sheet's ``Cirulla``, which has its own standings) gives ``game: title``."""
        return setup.game

    def winning(self, state: MatchState) -> Winner:
        """Who won, as the report and the statistics count it: a side, a list of sides for a
        shared win, or None. Default: the state's ``winner`` (a game whose documents say a shared
        win otherwise, ``"winner": null`` beside ``"winners"``, gives the list here)."""
        return state.winner

    def stake_segments(self, state: MatchState) -> list[Mapping[str, int]]:
        """The scores that a stake settles one by one (``games.stakes``): the match's totals by
        default; a rubber bridge match, each rubber."""
        return [state.totals]

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """The state when the scorekeeper ends the match before its natural end.

        Default: the side with the highest total wins (all tied for it share the win).
        """
        if state.finished or not state.totals:
            return state
        best = max(state.totals.values())
        leaders = [s for s, t in state.totals.items() if t == best]
        return MatchState(state.hands, state.totals, False, leaders[0] if len(leaders) == 1 else leaders,
                          state.extra)

    def dealer(self, setup: MatchSetup, hand_number: int) -> str:
        """Who deals hand ``hand_number`` (0-based): clockwise from the first dealer (RULES.md), or
        to the dealer's right, backwards through the seats (listed clockwise), for a game that
        deals so (:attr:`deals_to_the_right`: Scopa, Briscola, Tressette)."""
        first = setup.options.get("first_dealer") or setup.players[0]
        i = setup.players.index(first)
        step = -1 if self.deals_to_the_right else 1
        return setup.players[(i + step * hand_number) % len(setup.players)]


def _agreeing(word: str) -> str:
    """An Italian rule set's name whichever noun it agrees with: ``italiano`` (il gioco) and
    ``italiana`` (la variante) name the same rule set."""
    return word[:-1] + "a" if len(word) > 4 and word.endswith("o") else word


def running_winner(totals: Mapping[str, int], target: int) -> tuple[bool, str | None]:
    """First-to-``target`` rule shared by the points games (Trentasette, Canasta).

    The match ends when some side has reached ``target`` at the end of a hand; the highest total
    wins; if the highest is shared, nobody has won yet and another hand is played.
    Returns ``(finished, winner)``.
    """
    reached = {s: t for s, t in totals.items() if t >= target}
    if not reached:
        return False, None
    best = max(reached.values())
    top = [s for s, t in reached.items() if t == best]
    if len(top) > 1:
        return False, None
    return True, top[0]

