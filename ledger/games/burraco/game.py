"""The Burraco scorer: the :class:`ledger.games.base.Game` protocol over :mod:`.scoring` (the
points), :mod:`.melds` (reading melds) and :mod:`.entry` (the players' words).

Seating (RULES.md "Burraco": 2 or 3 players each for self, or 4 in two pairs): ``players`` of 2
or 3 make one side per player, named as the player; 4 ``players`` make ``NS`` (seats 1 and 3)
and ``EW`` (seats 2 and 4); ``sides`` names the two pairs, partners sitting opposite. Option
``target`` (the game, 2005 by default [TARGET]). The deal passes clockwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ledger.errors import LedgerError
from ledger.games.base import Game, as_int, check_names, named_sides, points_board, side_label
from ledger.games.burraco import entry as words
from ledger.games.burraco.melds import RULE_SETS
from ledger.games.burraco.scoring import BurracoResult, early_winner, hand_line, kinds_count, match_hand, score_hand
from ledger.i18n import number, t
from collections.abc import Sequence  # noqa: F401 (annotations)
from ledger.games.base import Board, HandResult, MatchState, Replay  # noqa: F401 (annotations)
from ledger.games.declare import Question  # noqa: F401 (annotations)
from ledger.games.match_setup import MatchSetup  # noqa: F401 (annotations)
from ledger.i18n import Msg  # noqa: F401 (annotations)


class BurracoGame(Game):
    """Burraco, rule sets ``italian`` (F.I.Bur. Codice di Gara, the default) and ``international``."""

    name = "burraco"
    result_type = BurracoResult
    title = "Burraco"
    version = "1"
    rule_sets = ("italian", "international")
    rule_words = {"italian": t("burraco.rules_italian", "italian"),
                  "international": t("burraco.rules_international", "international")}
    own_options = ("target",)
    min_players = 2
    max_players = 4

    # --- setup --------------------------------------------------------------------------------
    def seat(self, rules: str, players: Sequence[str] | None, sides: Mapping[str, Sequence[str]] | None) -> tuple[tuple[str, ...], dict[str, Any]]:
        """2 or 3 ``players`` (each a side, named as the player), 4 ``players`` (``NS`` seats 1 and 3,
        ``EW`` seats 2 and 4), or ``sides``: two pairs (side name → 2 players). With both, the
        players' order is the seating and partners must sit opposite. ``LedgerError`` otherwise."""
        if sides:
            return _seat_pairs(sides, players)
        names = check_names(players, "players")
        self.check_player_count(len(names))
        if len(names) == 4:
            return names, {"NS": (names[0], names[2]), "EW": (names[1], names[3])}
        return names, {p: (p,) for p in names}

    def check_options(self, rules: str, options: dict[str, Any], players: tuple[str, ...]) -> dict[str, Any]:
        """Options: ``target`` (2005 by default [TARGET]; 1005, 1505 …), ``first_dealer`` and the stakes."""
        target = options.pop("target", None)
        out = super().check_options(rules, options, players)
        out["target"] = RULE_SETS[rules].target if target is None else as_int(target, "options.target", 5, 100_000)
        return out

    # --- one hand -----------------------------------------------------------------------------
    def score(self, doc: Mapping[str, Any], rules: object=None) -> HandResult:
        """Score a hand document on its own (``ledger score``): 2 or 3 sides named as the document
        names them (case-insensitively).

        Returns a :class:`HandResult` with ``points`` (side → int), ``items`` (side → [{"item",
        "points"}]), ``sides`` (what was read) and ``closed_by``. Raises ``LedgerError`` for an
        unknown or missing field, an impossible card or count, a meld that is neither a
        combination nor a sequence, or closing without the pozzetto or the burraco it needs.
        """
        rs = RULE_SETS[self.check_rules(rules if rules is not None else doc.get("rules"))]
        resolve = named_sides(doc.get("sides"))
        return score_hand(words.expand_sides(doc, resolve), rs, resolve)

    # --- a match ------------------------------------------------------------------------------
    def apply(self, setup: MatchSetup, state: MatchState, doc: Mapping[str, Any]) -> tuple[MatchState, HandResult]:
        """The next hand of the match (:func:`.scoring.match_hand`); its rule set must be the match's."""
        if doc.get("rules") is not None and self.check_rules(doc["rules"]) != setup.rules:
            raise LedgerError(t("burraco.other_rules", "this match is played with the {rules} rules",
                                rules=setup.rules), "rules", doc["rules"])
        return match_hand(setup, state, words.expand_sides(doc, setup.resolve_side), RULE_SETS[setup.rules])

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Ended early: the highest total wins, nobody when the highest are equal (RULES.md)."""
        return early_winner(state)

    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """Per hand each side's points and running total, and what happened (who closed, burrachi,
        a pozzetto not taken); under it who won or who deals next, and what each side needs."""
        target = setup.options.get("target", RULE_SETS[setup.rules].target)
        board = points_board(self, setup, replay)
        sides = str(t("board.versus", " v ")).join(side_label(setup, s) for s in setup.side_names)
        title = t("burraco.board_title", "Burraco ({rules}) — {sides}", rules=self.rules_name(setup.rules), sides=sides)
        table = replace(board.tables[0], title=str(title),
                        caption=str(t("burraco.caption", "Game to {target}.", target=target)))
        notes = list(board.notes)
        final = replay.final
        if not final.finished and final.winner is None and not setup.ended_early:
            notes.append(str(t("burraco.to_go", "To {target}: {needs}.", target=target, needs=", ".join(
                f"{setup.shown_side(s)} {number(max(target - final.totals.get(s, 0), 0))}" for s in setup.side_names))))
        return replace(board, tables=(table,), notes=tuple(notes))

    def describe_hand(self, doc: Mapping[str, Any], result: Mapping[str, Any] | None=None, setup: MatchSetup | None=None) -> str:
        """With ``result``: its summary (``"NS +710 (closed), EW +25"``); without: who closed."""
        points = result.get("points") if isinstance(result, Mapping) else None
        if isinstance(result, Mapping) and isinstance(points, Mapping) and all(isinstance(p, int) for p in points.values()):
            return hand_line(points, result.get("closed_by"))
        closed = doc.get("closed_by") if isinstance(doc, Mapping) else None
        return str(t("burraco.closed", "{side} closed", side=closed) if isinstance(closed, str) and closed else
                   t("burraco.nobody_closed", "nobody closed"))

    def hand_note(self, result: HandResult) -> str:
        """``"NS closed; NS 1 clean, 1 dirty; EW no pozzetto"``: who closed, the burrachi, the pozzetti not taken."""
        d = result.detail_as(BurracoResult)
        parts = [str(t("burraco.closed", "{side} closed", side=d.closed_by) if d.closed_by else
                     t("burraco.nobody_closed", "nobody closed"))]
        parts += [f"{s} {kinds_count(v.burraco)}" for s, v in d.sides.items() if v.burraco]
        parts += [str(t("burraco.no_pozzetto", "{side} no pozzetto", side=s)) for s, v in d.sides.items()
                  if not v.pozzetto]
        return "; ".join(parts)

    # --- entry --------------------------------------------------------------------------------
    def entry_help(self) -> Msg | None:
        """How a player writes a hand in one line, for ``help`` in ``ledger play``."""
        return t("play.help.burraco",
                 "Each side in one line (a side may be named by one of its players); the melded points count "
                 "the burrachi too:\n"
                 "  NS=\"2 clean, 1 dirty, melded 310, in hand 35, pozzetto, closed\"\n"
                 "Or one thing at a time: NS.burraco=\"clean, dirty\" NS.melded=310 NS.hand=35 "
                 "NS.pozzetto=yes; closed=NS (or closed=nobody).")

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> dict[str, Any]:
        """Command-line words → a partial hand document (see :func:`ledger.games.burraco.entry.parse_entry`)."""
        return words.parse_entry(setup, tokens)

    def questions(self, setup: MatchSetup, doc: Mapping[str, Any], state: MatchState | None=None) -> list[Question]:
        """The first thing still missing: who closed, then per side (in seat order) its burrachi,
        melded points, hand points and whether it took its pozzetto (:func:`.entry.questions`)."""
        return words.questions(setup, doc)


def _seat_pairs(sides: Any, players: Any) -> tuple[tuple[str, ...], dict[str, Any]]:
    """Two pairs sitting alternately (``players``, when given, is the seating and must alternate)."""
    if not isinstance(sides, Mapping) or len(sides) != 2:
        raise LedgerError(t("burraco.sides_pairs", "sides are the two pairs of four players (with 2 or 3 players give "
                            "players: each plays for self)"), "sides", sides)
    pairs = {str(k): check_names(v, f"sides.{k}") for k, v in sides.items()}
    if any(len(p) != 2 for p in pairs.values()):
        raise LedgerError(t("burraco.pair_size", "each side is a pair of two players (with 2 or 3 players give "
                            "players)"), "sides", sides)
    (a1, a2), (b1, b2) = pairs.values()
    seated = check_names([a1, b1, a2, b2], "sides")
    if not players:
        return seated, pairs
    order = check_names(players, "players")
    by_key = {p.casefold(): p for p in seated}
    if sorted(by_key) != sorted(p.casefold() for p in order):
        raise LedgerError(t("burraco.players_sides", "the players and the sides name different people"), "players",
                          list(order))
    side_of = {p.casefold(): s for s, ps in pairs.items() for p in ps}
    if side_of[order[0].casefold()] != side_of[order[2].casefold()]:
        raise LedgerError(t("burraco.opposite", "partners sit opposite: list the players alternating between the "
                            "sides"), "players", list(order))
    return tuple(by_key[p.casefold()] for p in order), pairs
