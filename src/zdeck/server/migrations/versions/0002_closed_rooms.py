"""rooms the server closed (a waiting room nobody came to, a table everyone left), and why

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("closed", sa.Float))
        batch.add_column(sa.Column("closed_reason", sa.String(200)))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("closed_reason")
        batch.drop_column("closed")
