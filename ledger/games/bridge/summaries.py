"""A bridge deal in one line for people, in the language in use: ``4SX by N -1``, ``3NT by S =:
NS +1100 (rubber bonus NS 700)``, ``board 5: …`` (Italian ``4♠X da O -2``, ``NS +1.520``). What a
match's result and a lone deal's summary say, what ``match history`` and the scoreboard show.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from ledger.games.jsontypes import JsonDoc
from ledger.i18n import language, number, signed, t
from ledger.games.bridge.records import DealResult
from ledger.games.bridge.scoring import SIDES, format_result, item_text, said, seat_text, contract_text, side_text
from ledger.games.bridge.document import Deal

BONUS_WORDS = {"game": t("bridge.bonus.game", "game premium")}
"""A match's premiums (``bonuses``) whose word differs from the sheet item's (a game won is
``game``, its premium ``game premium``)."""
SHEETS_HELD = 1 << 15  # how many lines of a deal each language keeps written


def describe(deal: Deal) -> str:
    """``"4SX by N -1"``, ``"3NT by S ="``, ``"passed out"`` (in the language in use)."""
    if deal.contract.passed:
        return passed_out_text()
    assert deal.tricks is not None  # a played deal has its tricks
    return played_text(deal.contract, deal.declarer, format_result(deal.contract, deal.tricks))


def passed_out_text() -> str:
    """A passed-out deal, for people: ``passed out``."""
    return str(t("bridge.passed_out", "passed out"))


def played_text(contract: object, declarer: object, result: object) -> str:
    """A played deal, for people: ``4SX by N -1`` (West as the language says it: ``4SX da O -2``)."""
    return str(t("bridge.played", "{contract} by {declarer} {result}", contract=contract_text(contract),
                 declarer=seat_text(declarer), result=str(result)))


def summary_line(result: DealResult) -> str:
    """``"4SX by N -1: EW +200"`` — a deal scored on its own as one line for people (in the
    language in use; each line made once a language): :meth:`DealResult.summary_line`."""
    return _summary(language(), result.contract, result.declarer, result.result, result.score_ns)


@lru_cache(SHEETS_HELD)
def _summary(lang: str, contract: str, declarer: str | None, result: str, score_ns: int) -> str:
    head = passed_out_text() if contract == "Pass" else played_text(contract, declarer, result)  # describe's
    return str(t("bridge.summary", "{deal}: {gain}", deal=head, gain=_gain(score_ns)))


def _gain(score_ns: int) -> str:
    """A deal's score from North-South's side as the side that gains it: ``NS +70``, ``EW +200``
    (``NS +1.520`` in Italian)."""
    return f"{side_text('NS')} {signed(score_ns)}" if score_ns >= 0 else f"{side_text('EW')} {signed(-score_ns)}"


def _net_points(data: JsonDoc) -> int | None:
    """A match deal's points for North-South less East-West's (premiums included), as its row on
    the scoreboard has them; None for data without ``points``."""
    points = data.get("points")
    if isinstance(points, Mapping) and all(isinstance(points.get(s), int) for s in SIDES):
        net: int = points["NS"] - points["EW"]  # both checked ints just above
        return net
    return None


def bonus_text(item: object, side: object, points: object) -> str:
    """A match's premium as the scoresheet says it: ``game premium EW 500``, ``rubber bonus NS
    700`` (``premio di manche EW 500``, the points with the language's digits)."""
    what = said(BONUS_WORDS, item, item_text(item))
    return f"{what} {side_text(side)} {number(points) if isinstance(points, int) else points}"


def record_line(result: DealResult) -> str:
    """:func:`result_line` of the result record of a deal of a match, without its board: the
    match numbers its deals itself (a rubber and a round their deals, a duplicate its boards)."""
    return result_line(result.to_json(), board=False)


def result_line(data: JsonDoc, board: bool = True) -> str:
    """The summary of a deal of a match from its result data (:func:`deal_fields` and what a match
    adds): ``"board 5: 4SX by N -1: EW +200"`` (the board when the data has one and ``board``),
    then a match's premiums: ``"3NT by S =: NS +1100 (rubber bonus NS 700)"`` (the gain is the
    deal's ``points`` when the data has them, premiums included, as the scoreboard's row says).
    ``""`` for data that is not a scored deal."""
    contract, score = data.get("contract"), data.get("score_ns")
    if not isinstance(contract, str) or not isinstance(score, int):
        return ""
    if contract.casefold() == "pass":
        head = passed_out_text()
    else:
        head = played_text(contract, data.get("declarer"), data.get("result"))
    net = _net_points(data)
    line = str(t("bridge.summary", "{deal}: {gain}", deal=head, gain=_gain(score if net is None else net)))
    if board and data.get("board") is not None:
        line = str(t("bridge.summary_board", "board {board}: {line}", board=str(data["board"]), line=line))
    bonuses = data.get("bonuses")
    notes = [bonus_text(b.get("item"), b.get("side"), b.get("points")) for b in bonuses
             if isinstance(b, Mapping)] if isinstance(bonuses, list) else []
    return line + (f" ({'; '.join(notes)})" if notes else "")
