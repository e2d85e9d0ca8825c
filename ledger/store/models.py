"""The ledger's tables (SQLModel): players, nights, matches, seats and hands.

The truth of a match is its live hands (``Hand.voided`` false) in ``position`` order; each hand
keeps the document as entered, its result as scored, and the rule set and scorer version that
scored it. Corrections never delete: a voided hand stays with when and why, and a replacement
points back at the hand it replaces. A live hand also keeps the match's state after it (what the
next hand is applied to), and a match its ``revision``, raised by every write to it. Schema
changes go through the Alembic migrations in ``ledger/store/migrations`` (``0001`` to ``0005``
create exactly these tables; a test compares them).
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Optional

from sqlalchemy import JSON, Column, Index, UniqueConstraint
from sqlmodel import Field, SQLModel

from ledger.dates import utcnow  # noqa: F401 (the models' default times; re-exported)


class Player(SQLModel, table=True):
    """A person. ``name`` is shown as given; ``name_key`` (case-folded) makes names unique
    without regard to case."""

    __tablename__ = "player"
    id: Optional[int] = Field(default=None, primary_key=True)
    name: str
    name_key: str = Field(sa_column_kwargs={"unique": True}, index=False)
    created_at: dt.datetime = Field(default_factory=utcnow)
    demo: bool = False


class Night(SQLModel, table=True):
    """An evening: the date it began (a hand entered before 06:00 belongs to the day before)."""

    __tablename__ = "night"
    __table_args__ = (Index("ix_night_date", "date"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    date: dt.date
    label: Optional[str] = None
    demo: bool = False
    created_at: dt.datetime = Field(default_factory=utcnow)


class Match(SQLModel, table=True):
    """One match of one game: rule set, options (JSON), seating, status and winner.

    ``status`` is ``open``, ``finished`` (natural end reached) or ``ended`` (ended early by the
    scorekeeper). ``winner`` is JSON: a side name, a list of names for a shared win, or null.
    ``revision`` counts the writes to the match (hands added, voided, corrected; ended, reopened).
    """

    __tablename__ = "match"
    __table_args__ = (Index("ix_match_night", "night_id"), Index("ix_match_game", "game"))
    id: Optional[int] = Field(default=None, primary_key=True)
    night_id: int = Field(foreign_key="night.id")
    game: str
    rules: str
    options: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    teams: bool = False
    status: str = "open"
    winner: Any = Field(default=None, sa_column=Column(JSON, nullable=True))
    summary: Optional[dict] = Field(default=None, sa_column=Column(JSON, nullable=True))
    note: Optional[str] = None
    created_at: dt.datetime = Field(default_factory=utcnow)
    finished_at: Optional[dt.datetime] = None
    revision: int = Field(default=0, sa_column_kwargs={"server_default": "0"})


class Seat(SQLModel, table=True):
    """A player's seat in a match (0-based, clockwise) and the side they play on."""

    __tablename__ = "seat"
    __table_args__ = (UniqueConstraint("match_id", "seat"), Index("ix_seat_player", "player_id"))
    id: Optional[int] = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id")
    player_id: int = Field(foreign_key="player.id")
    seat: int
    side: str


class Hand(SQLModel, table=True):
    """One hand as entered: its document, its result, and its place in the match's history.

    ``position`` orders the live hands; a replacement takes the position of the hand it
    replaces. ``voided`` hands are kept with ``voided_at`` and ``void_reason``. ``state`` is the
    match's state after this hand (``MatchState.to_json``; null for a voided hand and for rows
    written before migration 0003, until their match is next written). ``source`` says where it
    was entered: null for the terminal and imports, ``"page"`` for the scorekeeper's page and
    its HTTP API (migration 0005).
    """

    __tablename__ = "hand"
    __table_args__ = (Index("ix_hand_match", "match_id", "voided", "position"),
                      Index("ix_hand_replaces", "replaces_id"))  # deleting hands stays linear (0003)
    id: Optional[int] = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id")
    position: int
    document: dict = Field(sa_column=Column(JSON, nullable=False))
    result: dict = Field(sa_column=Column(JSON, nullable=False))
    rules: str
    scorer_version: str
    entered_at: dt.datetime = Field(default_factory=utcnow)
    voided: bool = False
    voided_at: Optional[dt.datetime] = None
    void_reason: Optional[str] = None
    replaces_id: Optional[int] = Field(default=None, foreign_key="hand.id")
    state: Optional[dict] = Field(default=None, sa_column=Column(JSON, nullable=True))
    source: Optional[str] = None  # where it was entered: None (the terminal, an import) or "page" (0005)


class ClubSession(SQLModel, table=True):
    """A bridge club's duplicate session (RULES.md "Bridge club sessions"): its event
    (``pairs``, ``individual``, ``teams``), scoring, movement (``mitchell``/``howell`` or None:
    seen from the results), title, the names of its pairs (JSON: number → name) and, when said,
    its number of boards and of tables (the results each board waits for). Its results
    are :class:`ClubResult` rows; the scores are always computed afresh from the live ones."""

    __tablename__ = "club_session"
    id: Optional[int] = Field(default=None, primary_key=True)
    title: str = ""
    event: str
    scoring: str
    movement: Optional[str] = None
    names: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    boards: Optional[int] = None  # the session's boards, numbered 1 to boards (None: not said)
    tables: Optional[int] = None  # results expected on each board (None: not said)
    created_at: dt.datetime = Field(default_factory=utcnow)


class ClubResult(SQLModel, table=True):
    """One traveller line as entered: its ``board`` and its result document (the pairs and the
    contract, score or adjusted score, FORMATS.md). Corrected like hands: a voided result stays
    with when and why; a replacement points back at the result it replaces and takes its place."""

    __tablename__ = "club_result"
    __table_args__ = (Index("ix_club_result_session", "session_id", "voided", "position"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="club_session.id")
    position: int
    board: int
    document: dict = Field(sa_column=Column(JSON, nullable=False))
    entered_at: dt.datetime = Field(default_factory=utcnow)
    voided: bool = False
    voided_at: Optional[dt.datetime] = None
    void_reason: Optional[str] = None
    replaces_id: Optional[int] = Field(default=None, foreign_key="club_result.id")
