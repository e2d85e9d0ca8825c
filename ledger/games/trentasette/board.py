"""The Trentasette scoreboard: the points board with each side's notable items, and their key."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ledger.games.base import Board, Game, HandResult, Replay, points_board
from ledger.games.match_setup import MatchSetup
from ledger.games.trentasette.records import TrentasetteResult
from ledger.i18n import t

SUIT_SIGNS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
NOTES_KEY = t("trentasette.notes_key", "A♥ ace of hearts +2 · four 3s: all four 3s, +2 a rank · run ♣: a run in "
              "clubs +3 · 2♠ -1 · no 7: no seven -2 · no ♦: no numeric diamond -3")
NOTES_KEY_THREE = t("trentasette.notes_key_three", "A♥ ace of hearts +2 · three 3s: three or four 3s, +2 a rank · "
                    "run ♣: a run in clubs +3 · 2♠ -1 · no 7: no seven -2 · no ♦: no numeric diamond -3")


def _side_note(labels: Sequence[str]) -> str:
    """One side's items (:func:`score_piles` labels) in a few signs: ``A♥ · four 3s 9s · run ♣``."""
    sets: list[str] = []
    rest: list[str] = []
    word = ""
    for label in labels:
        if label.startswith(("all four ", "three or four ")):
            word = (str(t("trentasette.note_four", "four")) if label.startswith("all four ")
                    else str(t("trentasette.note_three", "three")))
            sets.append(str(t("trentasette.note_rank", "{rank}s", rank=label.rsplit(" ", 1)[1].removesuffix("s"))))
        elif label == "ace of hearts":
            rest.insert(0, "A♥")
        elif label.startswith("run in "):
            rest.append(str(t("trentasette.note_run", "run {suit}", suit=SUIT_SIGNS[label[7:]])))
        elif label == "two of spades":
            rest.append("2♠")
        elif label == "no seven":
            rest.append(str(t("trentasette.note_no_seven", "no 7")))
        elif label.startswith("no ") and label[3:] in SUIT_SIGNS:
            rest.append(str(t("trentasette.note_no_suit", "no {suit}", suit=SUIT_SIGNS[label[3:]])))
    if sets:
        rest.insert(1 if rest[:1] == ["A♥"] else 0, f"{word} {' '.join(sets)}")
    return " · ".join(rest)


def hand_note(result: HandResult) -> str:
    """Each side's notable items at a glance, side by side: ``Carla: A♥ · four 3s 9s · run ♣;
    Anna: no 7`` (the sets of a rank: ``four`` with two sides, ``three`` (or four) with three;
    ``2♠`` the two of spades, ``no 7`` no seven, ``no ♦`` no numeric diamond), explained once
    under the scoreboard (:data:`NOTES_KEY`). Most cards and most figures go unnoted."""
    parts = []
    for side, items in result.detail_as(TrentasetteResult).items.items():
        note = _side_note([it.item for it in items])
        if note:
            parts.append(f"{side}: {note}")
    return "; ".join(parts)


def trentasette_board(game: Game, setup: MatchSetup, replay: Replay) -> Board:
    """The points scoreboard (:func:`points_board`) with the notes' key under it."""
    board = points_board(game, setup, replay)
    if not any(row[-1] for table in board.tables for row in table.rows):
        return board  # no notes yet: nothing to explain
    key = str(NOTES_KEY_THREE if len(setup.side_names) == 3 else NOTES_KEY)
    return replace(board, tables=tuple(replace(table, caption=key) for table in board.tables))
