"""several server processes on one PostgreSQL (zdeck serve --workers): who owns which table, which processes
run, and relayed messages too long for one notification

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "processes",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("backend_pid", sa.Integer, nullable=False),
        sa.Column("backend_start", sa.DateTime(timezone=True)),
        sa.Column("host", sa.String(200), nullable=False),
        sa.Column("started", sa.Float, nullable=False),
    )
    op.create_table(
        "owners",
        sa.Column("room_id", sa.String(32), primary_key=True),
        sa.Column("process", sa.String(40), nullable=False, index=True),
        sa.Column("fence", sa.BigInteger, nullable=False),
        sa.Column("since", sa.Float, nullable=False),
    )
    op.create_table(
        "relayed",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True, autoincrement=True),
        sa.Column("body", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("relayed")
    op.drop_table("owners")
    op.drop_table("processes")
