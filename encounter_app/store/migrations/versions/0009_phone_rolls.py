"""The players' phones: their rolls waiting for the GM, and which phone holds which character.

Two new tables; nothing before them changes. A roll from a phone used to wait in memory and was
lost at a restart while the phone still said it was in the GM's queue.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27 06:00:00
"""

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'phone_roll',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('encounter_id', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('character', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column('status', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column('payload', sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(['encounter_id'], ['encounter.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('phone_roll', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_phone_roll_encounter_id'), ['encounter_id'],
                              unique=False)
    op.create_table(
        'phone_claim',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('campaign_id', sa.Integer(), nullable=False),
        sa.Column('device', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column('name', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('campaign_id', 'device'),
    )
    with op.batch_alter_table('phone_claim', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_phone_claim_campaign_id'), ['campaign_id'],
                              unique=False)
        batch_op.create_index('ix_phone_claim_name', ['campaign_id', 'name'], unique=True)


def downgrade() -> None:
    with op.batch_alter_table('phone_claim', schema=None) as batch_op:
        batch_op.drop_index('ix_phone_claim_name')
        batch_op.drop_index(batch_op.f('ix_phone_claim_campaign_id'))
    op.drop_table('phone_claim')
    with op.batch_alter_table('phone_roll', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_phone_roll_encounter_id'))
    op.drop_table('phone_roll')
