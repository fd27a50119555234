"""The fight's event log: who acted each round, defeats and by whom, what was hidden or shown,
countdowns started and triggered, rests; for the recap of an encounter or a game session.

One new table; nothing before it changes. Older fights have no events: their recap says what
their roll log, Fear ledger and summary hold.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27 09:00:00
"""

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'fight_event',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('encounter_id', sa.Integer(), nullable=False),
        sa.Column('session_number', sa.Integer(), nullable=False),
        sa.Column('round', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column('combatant_id', sa.Integer(), nullable=True),
        sa.Column('countdown_id', sa.Integer(), nullable=True),
        sa.Column('name', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column('what', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column('by', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column('by_id', sa.Integer(), nullable=True),
        sa.Column('visible', sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(['encounter_id'], ['encounter.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('fight_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_fight_event_encounter_id'), ['encounter_id'],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table('fight_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_fight_event_encounter_id'))
    op.drop_table('fight_event')
