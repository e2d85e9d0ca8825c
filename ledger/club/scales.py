"""The scales of duplicate scoring: IMPs, matchpoints, Neuberg, the Butler datum, victory points.

Every function here is pure arithmetic on plain numbers (RULES.md "Bridge club sessions"):

- :func:`imps`: the IMP scale of Law 78B (WBF Laws of Duplicate Bridge 2017) for a score difference.
- :func:`matchpoints`: each score's matchpoints among the real scores of a board, on the European
  2/1 scale (2 per score beaten, 1 per tie) or the ACBL scale (half that).
- :func:`neuberg`: a real score's matchpoints made up to a board's full number of results
  (the EBU's description of Neuberg's formula).
- :func:`datum`: a Butler board's datum, the mean of the NS scores without the single highest and
  lowest, rounded to a multiple of 10.
- :func:`victory_points`: the WBF Scoring Panel's 2013 continuous 20-point VP scale.
- :func:`round_half_away`: rounding to a number of decimals with halves away from zero.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

# Law 78B: the largest difference (in points) of each IMP step 0..23; from 4000 on, 24 IMPs
IMP_STEPS = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290,
             1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990)
MAX_IMPS = len(IMP_STEPS)  # 24

EUROPEAN, ACBL = "mp", "mp-acbl"
# matchpoints a score earns per score it beats (a tie earns half of that)
_BEAT = {EUROPEAN: 2, ACBL: 1}

# Law 12C2: an artificial adjusted score as a share of the board's top
ARTIFICIAL_SHARE = {"A+": 0.6, "A": 0.5, "A-": 0.4}
# ... and in IMPs: per comparison under cross-IMPs, once under Butler (RULES.md)
ARTIFICIAL_CROSS_IMPS = {"A+": 1.5, "A": 0.0, "A-": -1.5}
ARTIFICIAL_BUTLER_IMPS = {"A+": 3, "A": 0, "A-": -3}

VP_TOTAL = 20
_TAU = (math.sqrt(5) - 1) / 2


def imps(difference: int | float) -> int:
    """The IMPs (Law 78B) of a score difference in points, with its sign: 0-10 → 0, 20-40 → 1,
    …, 3500-3990 → 23, 4000 and more → 24. ``imps(-450) == -10``."""
    size = bisect_left(IMP_STEPS, abs(difference))
    return size if difference >= 0 else -size


def top(results: int, scale: str = EUROPEAN) -> int:
    """The top of a board played ``results`` times: 2(n-1) on the 2/1 scale, n-1 on the ACBL's
    (0 for a board played once)."""
    return max(results - 1, 0) * _BEAT[scale]


def matchpoints(scores: Sequence[int], scale: str = EUROPEAN) -> list[float]:
    """Matchpoints of each NS score in ``scores`` (the real scores of one board, in any order)
    against all the others: per score beaten 2 (ACBL 1), per tie 1 (ACBL ½). EW's matchpoints
    are the top minus NS's."""
    ranked = sorted(scores)
    beat = _BEAT[scale]
    out = []
    for s in scores:
        below = bisect_left(ranked, s)
        ties = bisect_right(ranked, s) - below - 1
        out.append(beat * below + beat * ties / 2)
    return out


def neuberg(mp: float, real: int, results: int, scale: str = EUROPEAN) -> float:
    """Neuberg's formula: a real score's matchpoints ``mp`` among ``real`` real scores made up to a
    board of ``results`` results (real plus artificial): (MP + 1) × N / n − 1 on the 2/1 scale,
    (MP + ½) × N / n − ½ on the ACBL scale. Unchanged when every result is real."""
    if real == results or real == 0:
        return mp
    half = _BEAT[scale] / 2
    return (mp + half) * results / real - half


def round_half_away(value: float | Fraction, places: int = 0) -> float:
    """``value`` rounded to ``places`` decimals, halves away from zero (2.345 → 2.35 with 2
    places, as the decimal number written, not its binary neighbour)."""
    exact = Decimal(repr(value)) if isinstance(value, float) else Decimal(value.numerator) / Decimal(value.denominator)
    q = Decimal(1).scaleb(-places)
    return float(exact.quantize(q, rounding=ROUND_HALF_UP))


def datum(scores: Sequence[int]) -> int | None:
    """A Butler board's datum: the mean of its real NS scores without the single highest and the
    single lowest (three scores: the middle one; one or two: their mean), rounded to the nearest
    multiple of 10, halves away from zero. None for a board with no real score."""
    if not scores:
        return None
    kept = sorted(scores)
    if len(kept) >= 3:
        kept = kept[1:-1]
    mean = Fraction(sum(kept), len(kept))
    return int(round_half_away(mean / 10)) * 10


def victory_points(margin: float, boards: int) -> tuple[float, float]:
    """The WBF continuous 20-point VPs ``(winner, loser)`` of a match of ``boards`` boards won by
    ``margin`` IMPs (≥ 0): with X = 15 √B, τ = (√5 − 1)/2 and M = min(margin, X), the winner gets
    10 + 10 (1 − τ^(3M/X)) / (1 − τ³), rounded to 2 decimals (halves away from zero), the loser
    20 minus that; a tie is 10-10. (WBF Scoring Panel, 2013.)"""
    if boards < 1:
        raise ValueError("a match has at least one board")
    if margin <= 0:
        return 10.0, 10.0
    x = 15 * math.sqrt(boards)
    m = min(margin, x)
    win = round_half_away(10 + 10 * (1 - _TAU ** (3 * m / x)) / (1 - _TAU ** 3), 2)
    return win, round_half_away(VP_TOTAL - win, 2)
