"""The roll log's payloads packed: JSON deflated against a dictionary of its words.

A big campaign's file is nearly all roll log, and a logged roll's JSON payload was 400 of its
610 bytes; packed (encounter_app/store/packing.py) it is about 90. The column becomes a BLOB
and every stored payload is packed. A payload that is not JSON (a damaged row) is left as it
was: the program reports that row as unreadable, as it did before.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24 14:40:00
"""

import json
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

from encounter_app.store import packing

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None

BATCH = 1000  # rows read and rewritten at a time: a file of 100,000 rolls never sits in memory


def upgrade() -> None:
    with op.batch_alter_table('roll_record', schema=None) as batch_op:
        batch_op.alter_column('payload', existing_type=sa.JSON(), type_=sa.LargeBinary(),
                              existing_nullable=True)
    _rewrite(_packed)


def downgrade() -> None:
    _rewrite(_as_text)
    with op.batch_alter_table('roll_record', schema=None) as batch_op:
        batch_op.alter_column('payload', existing_type=sa.LargeBinary(), type_=sa.JSON(),
                              existing_nullable=True)


def _packed(stored: object) -> object:
    """A stored payload packed; what is not JSON (no text, or text that is not JSON) is left
    for the program to report."""
    if not isinstance(stored, bytes | str):
        return stored
    try:
        return packing.pack(packing.unpack(stored))
    except (ValueError, TypeError):
        return stored


def _as_text(stored: object) -> object:
    if not isinstance(stored, bytes | str):
        return stored
    try:
        return json.dumps(packing.unpack(stored), separators=(",", ":"))
    except (ValueError, TypeError):
        return stored


def _rewrite(convert: Callable[[object], object]) -> None:
    connection = op.get_bind()
    last = 0
    while True:
        rows = connection.execute(
            sa.text("SELECT id, payload FROM roll_record WHERE id > :last AND payload IS NOT NULL"
                    " ORDER BY id LIMIT :batch"), {"last": last, "batch": BATCH}).fetchall()
        if not rows:
            return
        changed = [{"id": id_, "payload": convert(payload)} for id_, payload in rows]
        connection.execute(sa.text("UPDATE roll_record SET payload = :payload WHERE id = :id"),
                           changed)
        last = rows[-1][0]
