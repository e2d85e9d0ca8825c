"""Bridge club sessions: ``club_session`` and its traveller lines ``club_result``.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # tables made already (a ledger marked back to an older revision by hand) are left as they are
    if "club_session" in sa.inspect(op.get_bind()).get_table_names():
        return
    op.create_table(
        "club_session",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("title", sa.String(), nullable=False),
        sa.Column("event", sa.String(), nullable=False),
        sa.Column("scoring", sa.String(), nullable=False),
        sa.Column("movement", sa.String(), nullable=True),
        sa.Column("names", sa.JSON(), nullable=False),
        sa.Column("boards", sa.Integer(), nullable=True),
        sa.Column("tables", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "club_result",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("club_session.id"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("document", sa.JSON(), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("voided", sa.Boolean(), nullable=False),
        sa.Column("voided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("void_reason", sa.String(), nullable=True),
        sa.Column("replaces_id", sa.Integer(), sa.ForeignKey("club_result.id"), nullable=True),
    )
    op.create_index("ix_club_result_session", "club_result", ["session_id", "voided", "position"])


def downgrade() -> None:
    op.drop_index("ix_club_result_session", table_name="club_result")
    op.drop_table("club_result")
    op.drop_table("club_session")
