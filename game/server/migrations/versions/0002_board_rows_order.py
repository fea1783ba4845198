"""Board rows in rank order: one index (board, score descending, time, run) reads a board's top rows without sorting and
counts the rows ahead of a player's from the index alone (no table lookups); it replaces board_rows_rank."""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create board_rows_order, drop board_rows_rank."""
    op.create_index("board_rows_order", "board_rows", ["board_id", sa.text("score DESC"), "at", "run_id"])
    op.drop_index("board_rows_rank", table_name="board_rows")


def downgrade() -> None:
    """Back to board_rows_rank."""
    op.create_index("board_rows_rank", "board_rows", ["board_id", "score", "at"])
    op.drop_index("board_rows_order", table_name="board_rows")
