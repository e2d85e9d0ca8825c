"""Where each hand came from: ``hand.source``.

- ``hand.source`` (text, null): null for a hand entered at the terminal or imported without one
  (what every hand before this revision was), ``"page"`` for a hand the scorekeeper entered on
  the page of ``ledger serve --scorekeeper`` or through its HTTP API (docs/serve.md). Nothing
  here imports the games.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-05
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a column made already (a ledger marked back to an older revision by hand) is left as it is
    if "source" in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("hand")}:
        return
    with op.batch_alter_table("hand") as batch:
        batch.add_column(sa.Column("source", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hand") as batch:
        batch.drop_column("source")
