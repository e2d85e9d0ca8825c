"""Index ``hand.replaces_id`` (the hand a correction replaces).

Deleting a hand makes SQLite (foreign keys on) look for the hands that name it in
``replaces_id``; without an index each look is a scan of the whole table, so emptying a ledger of
28,000 hands for ``restore --force`` took two minutes with the write lock held (issue 14). With
the index it is linear. The schema only: no data changes.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_hand_replaces", "hand", ["replaces_id"])


def downgrade() -> None:
    op.drop_index("ix_hand_replaces", table_name="hand")
