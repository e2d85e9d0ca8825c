"""Each hand keeps the match's state after it; each match counts its changes; corrections are
found by an index.

- ``hand.state`` (JSON, null until written): the match's state after this hand
  (:meth:`ledger.games.results.MatchState.to_json`), so the next hand is applied to it instead of a
  replay of every hand. Rows written before this revision have none: the first write to their
  match replays it once and stores every live hand's result and state (nothing here imports the
  games, whose code moves on).
- ``match.revision`` (integer, 0 for existing matches): raised by every write to the match, so a
  ``ledger play`` session sees that another scorekeeper changed it.
- ``ix_hand_replaces`` on ``hand.replaces_id``: deleting or checking corrections is not a scan of
  every hand per hand (``restore --force`` of 28,152 hands took 114 s without it).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("hand") as batch:
        batch.add_column(sa.Column("state", sa.JSON(), nullable=True))
    with op.batch_alter_table("match") as batch:
        batch.add_column(sa.Column("revision", sa.Integer(), nullable=False, server_default="0"))
    op.create_index("ix_hand_replaces", "hand", ["replaces_id"])


def downgrade() -> None:
    op.drop_index("ix_hand_replaces", table_name="hand")
    with op.batch_alter_table("match") as batch:
        batch.drop_column("revision")
    with op.batch_alter_table("hand") as batch:
        batch.drop_column("state")
