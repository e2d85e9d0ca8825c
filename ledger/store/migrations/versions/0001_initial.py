"""The first schema: players, nights, matches, seats, hands.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_key", sa.String(), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("demo", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "night",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("date", sa.Date(), nullable=False),
        sa.Column("label", sa.String(), nullable=True),
        sa.Column("demo", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_night_date", "night", ["date"])
    op.create_table(
        "match",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("night_id", sa.Integer(), sa.ForeignKey("night.id"), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("rules", sa.String(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("teams", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("winner", sa.JSON(), nullable=True),
        sa.Column("summary", sa.JSON(), nullable=True),
        sa.Column("note", sa.String(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_match_night", "match", ["night_id"])
    op.create_index("ix_match_game", "match", ["game"])
    op.create_table(
        "seat",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(), nullable=False),
        sa.UniqueConstraint("match_id", "seat"),
    )
    op.create_index("ix_seat_player", "seat", ["player_id"])
    op.create_table(
        "hand",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("document", sa.JSON(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("rules", sa.String(), nullable=False),
        sa.Column("scorer_version", sa.String(), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("voided", sa.Boolean(), nullable=False),
        sa.Column("voided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("void_reason", sa.String(), nullable=True),
        sa.Column("replaces_id", sa.Integer(), sa.ForeignKey("hand.id"), nullable=True),
    )
    op.create_index("ix_hand_match", "hand", ["match_id", "voided", "position"])


def downgrade() -> None:
    for index, table in (("ix_hand_match", "hand"), ("ix_seat_player", "seat"),
                         ("ix_match_game", "match"), ("ix_match_night", "match"),
                         ("ix_night_date", "night")):
        op.drop_index(index, table_name=table)
    for table in ("hand", "seat", "match", "night", "player"):
        op.drop_table(table)
