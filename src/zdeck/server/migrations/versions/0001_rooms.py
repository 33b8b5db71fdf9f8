"""rooms, their seats, games and each game's accepted submissions

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(64)),
        sa.Column("name", sa.String(64)),
        sa.Column("token_hash", sa.String(64)),
    )
    op.create_table(
        "games",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("scores", sa.Text),
        sa.Column("winners", sa.Text),
        sa.Column("finished", sa.Float),
    )
    op.create_index("games_unfinished", "games", ["finished"])
    op.create_table(
        "actions",
        sa.Column("room_id", sa.String(32), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("player", sa.Integer),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("seen", sa.Integer),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_index("games_unfinished", "games")
    op.drop_table("games")
    op.drop_table("seats")
    op.drop_table("rooms")
