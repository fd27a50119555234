"""Casus Mus, Ruins & Raiders and Forge of Power: each combatant's numbers and turn state.

JSON columns, NOT NULL with an empty object as server default, so rows written before read as
"no numbers yet" (a Daggerheart combatant has none).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 08:20:00.000000
"""

import sqlalchemy as sa
from alembic import op


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('combatant', schema=None) as batch_op:
        batch_op.add_column(sa.Column('system_stats', sa.JSON(), nullable=False,
                                      server_default='{}'))
        batch_op.add_column(sa.Column('system_state', sa.JSON(), nullable=False,
                                      server_default='{}'))
    with op.batch_alter_table('encounter', schema=None) as batch_op:
        batch_op.add_column(sa.Column('system_state', sa.JSON(), nullable=False,
                                      server_default='{}'))


def downgrade() -> None:
    with op.batch_alter_table('encounter', schema=None) as batch_op:
        batch_op.drop_column('system_state')
    with op.batch_alter_table('combatant', schema=None) as batch_op:
        batch_op.drop_column('system_state')
        batch_op.drop_column('system_stats')
