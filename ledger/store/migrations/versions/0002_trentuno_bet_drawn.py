"""Trentuno bets name their one bettor as ``drawn`` (data only, no change to the tables).

FORMATS.md: "``drawn`` is required when the number comes up". Ledgers written before this
revision took a bet with a single bettor and no ``drawn`` as that bettor drawn; the scorer now
asks for ``drawn`` in every case (and does not use it when the number did not come up), so each
such stored bet gets its bettor as ``drawn``: every match replays exactly as before.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

import json
import re

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def split_names(raw: object) -> list[str] | None:
    """The bettors' names as the Trentuno scorer read them when this revision was written (a JSON
    list of names, or text separated by commas, spaces or semicolons); None for anything else.
    Frozen here: a migration never imports the games, whose code moves on."""
    if isinstance(raw, str):
        return [w for w in re.split(r"[\s,;]+", raw.strip()) if w and w.lower() not in ("none", "nessuno")]
    if isinstance(raw, list) and all(isinstance(x, str) for x in raw):
        return list(raw)
    return None


def single_bettor(bet: object) -> str | None:
    """The one bettor of a stored bet that names no ``drawn`` and no ``seed``; else None."""
    if not isinstance(bet, dict) or bet.get("drawn") or bet.get("seed"):
        return None
    names = split_names(bet.get("players"))  # None: a bet the scorer refuses anyway, left as it is
    return names[0] if names is not None and len(names) == 1 else None


def upgrade() -> None:
    conn = op.get_bind()
    rows = conn.execute(sa.text('SELECT hand.id, hand.document FROM hand JOIN "match" ON "match".id = hand.match_id '
                                "WHERE \"match\".game = 'trentuno'")).fetchall()
    update = sa.text("UPDATE hand SET document = :document WHERE id = :id").bindparams(
        sa.bindparam("document", type_=sa.JSON()))
    for hid, document in rows:
        doc = json.loads(document) if isinstance(document, (str, bytes)) else document
        name = single_bettor(doc.get("bet")) if isinstance(doc, dict) else None
        if name is not None:
            conn.execute(update, {"id": hid, "document": {**doc, "bet": {**doc["bet"], "drawn": name}}})


def downgrade() -> None:
    """Nothing to undo: a ``drawn`` naming the one bettor reads the same under revision 0001."""
