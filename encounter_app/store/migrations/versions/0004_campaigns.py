"""Campaigns: a party roster, encounters prepared ahead, notes, and what reopens at start.

New NOT NULL columns carry a server default so existing rows get a value. A database from
before had one campaign with one encounter, the fight the GM was running: it becomes 'active'.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 08:04:42.360820
"""

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('app_state',
    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.Column('value', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.PrimaryKeyConstraint('key')
    )
    op.create_table('pc',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.Column('stats', sa.JSON(), nullable=True),
    sa.Column('hp_marked', sa.Integer(), nullable=False),
    sa.Column('stress_marked', sa.Integer(), nullable=False),
    sa.Column('armor_marked', sa.Integer(), nullable=False),
    sa.Column('note', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('pc', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pc_campaign_id'), ['campaign_id'], unique=False)

    # recreate="never": the program migrates with foreign keys on, and rebuilding a parent
    # table (DROP TABLE campaign) would cascade-delete every encounter and combatant under it.
    with op.batch_alter_table('campaign', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('archived', sa.Boolean(), nullable=False,
                                      server_default='0'))
        batch_op.add_column(sa.Column('note', sqlmodel.sql.sqltypes.AutoString(),
                                      nullable=False, server_default=''))
        batch_op.add_column(sa.Column('session_number', sa.Integer(), nullable=False,
                                      server_default='1'))

    # Rebuilt for the new foreign key; nothing references combatant, so nothing cascades.
    with op.batch_alter_table('combatant', schema=None) as batch_op:
        batch_op.add_column(sa.Column('pc_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('notes', sqlmodel.sql.sqltypes.AutoString(),
                                      nullable=False, server_default=''))
        batch_op.create_index(batch_op.f('ix_combatant_pc_id'), ['pc_id'], unique=False)
        batch_op.create_foreign_key('fk_combatant_pc_id', 'pc', ['pc_id'], ['id'],
                                    ondelete='SET NULL')

    with op.batch_alter_table('encounter', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('status', sqlmodel.sql.sqltypes.AutoString(),
                                      nullable=False, server_default='draft'))
        batch_op.add_column(sa.Column('position', sa.Integer(), nullable=False,
                                      server_default='0'))
        batch_op.add_column(sa.Column('note', sqlmodel.sql.sqltypes.AutoString(),
                                      nullable=False, server_default=''))
        batch_op.add_column(sa.Column('summary', sa.JSON(), nullable=True))

    # The encounters already there are the fights being run, in the order they were made.
    op.execute("UPDATE encounter SET status = 'active', position = id - 1")


def downgrade() -> None:
    with op.batch_alter_table('encounter', schema=None) as batch_op:
        batch_op.drop_column('summary')
        batch_op.drop_column('note')
        batch_op.drop_column('position')
        batch_op.drop_column('status')

    with op.batch_alter_table('combatant', schema=None) as batch_op:
        batch_op.drop_constraint('fk_combatant_pc_id', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_combatant_pc_id'))
        batch_op.drop_column('notes')
        batch_op.drop_column('pc_id')

    with op.batch_alter_table('campaign', schema=None) as batch_op:
        batch_op.drop_column('session_number')
        batch_op.drop_column('note')
        batch_op.drop_column('archived')

    with op.batch_alter_table('pc', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_pc_campaign_id'))

    op.drop_table('pc')
    op.drop_table('app_state')
