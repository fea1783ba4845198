"""The first tables: players, boards, runs, board rows and replays."""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables."""
    op.create_table(
        "players",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(96), nullable=False),
        sa.Column("name_key", sa.String(96), nullable=False, unique=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.String(32), nullable=False),
    )
    op.create_table(
        "boards",
        sa.Column("id", sa.String(96), primary_key=True),
        sa.Column("physics", sa.Integer, nullable=False),
        sa.Column("doc", sa.JSON, nullable=False),
    )
    op.create_table(
        "runs",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("sha256", sa.String(64), nullable=False, unique=True),
        sa.Column("player_id", sa.String(16), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("board_id", sa.String(96), sa.ForeignKey("boards.id"), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("score", sa.Float),
        sa.Column("car", sa.String(96), nullable=False, server_default=""),
        sa.Column("model", sa.String(32), nullable=False, server_default=""),
        sa.Column("created", sa.String(40), nullable=False, server_default=""),
        sa.Column("submitted_at", sa.String(32), nullable=False),
        sa.Column("verified_at", sa.String(32)),
        sa.Column("reason", sa.Text, nullable=False, server_default=""),
        sa.Column("breakdown", sa.JSON),
        sa.Column("physics", sa.Integer, nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_index("runs_status", "runs", ["status"])
    op.create_index("runs_player", "runs", ["player_id"])
    op.create_table(
        "board_rows",
        sa.Column("board_id", sa.String(96), sa.ForeignKey("boards.id"), nullable=False),
        sa.Column("player_id", sa.String(16), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("run_id", sa.String(16), sa.ForeignKey("runs.id"), nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("at", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("board_id", "player_id"),
    )
    op.create_index("board_rows_rank", "board_rows", ["board_id", "score", "at"])
    op.create_table(
        "replays",
        sa.Column("sha256", sa.String(64), primary_key=True),
        sa.Column("data", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    for name in ("replays", "board_rows", "runs", "boards", "players"):
        op.drop_table(name)
