"""The player display: countdowns the players may see, and rolls made in the open.

Both default to hidden, so a fight from before this version shows the players nothing the GM
did not choose to show.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 08:10:00
"""

import sqlalchemy as sa
from alembic import op


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('countdown', schema=None) as batch_op:
        batch_op.add_column(sa.Column('visible', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
    with op.batch_alter_table('roll_record', schema=None) as batch_op:
        batch_op.add_column(sa.Column('public', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table('roll_record', schema=None) as batch_op:
        batch_op.drop_column('public')
    with op.batch_alter_table('countdown', schema=None) as batch_op:
        batch_op.drop_column('visible')
