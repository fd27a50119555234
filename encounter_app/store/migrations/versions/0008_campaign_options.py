"""The SRD's optional rules per campaign (Massive Damage, Spotlight Tracker, the GM turn's price).

A JSON column, NOT NULL with an empty object as server default: a campaign from before plays
with every optional rule off, as it did.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24 22:50:00
"""

import sqlalchemy as sa
from alembic import op


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('campaign', schema=None) as batch_op:
        batch_op.add_column(sa.Column('options', sa.JSON(), nullable=False,
                                      server_default='{}'))


def downgrade() -> None:
    with op.batch_alter_table('campaign', schema=None) as batch_op:
        batch_op.drop_column('options')
