"""Bridge club sessions: duplicate pairs, individuals and teams (RULES.md "Bridge club sessions").

A pure package (no I/O, no database, no printing):

- :mod:`ledger.club.session`: a session document read and checked into frozen values.
- :mod:`ledger.club.scales`: the IMP scale, matchpoints, Neuberg, the Butler datum, VPs.
- :mod:`ledger.club.scoring`: every board scored by its method, the matches and the ranking.
- :mod:`ledger.club.output`: the scored session as FORMATS.md's JSON.
- :mod:`ledger.club.pbn`: club PBN files (``[ScoreTable]``, ``[TotalScoreTable]``) in and out.
- :mod:`ledger.club.report`: the terminal tables, the CSV and the HTML page of a scored session.

``score_document(doc)`` does the whole of ``ledger club score --json``.
"""

from __future__ import annotations

from typing import Any


def score_document(doc: Any, partial: bool = False):
    """Read, check and score a session document → :class:`ledger.club.scoring.ScoredSession`
    (``LedgerError`` naming the board and result for bad input). ``partial``: a session still
    being entered (a teams board may wait for its other table)."""
    from ledger.club.scoring import score_session
    from ledger.club.session import read_session

    return score_session(read_session(doc, partial))
