"""The server's tables (SQLAlchemy Core): players, boards, runs, each player's best row per board, and replays kept in
the database (PostgreSQL, where workers on other machines read them)."""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, ForeignKey, Index, Integer, LargeBinary, MetaData, PrimaryKeyConstraint, String, Table, Text

metadata = MetaData()

QUEUED, RUNNING, VERIFIED, REFUSED = "queued", "running", "verified", "refused"

players = Table(
    "players", metadata,
    Column("id", String(16), primary_key=True),
    Column("name", String(96), nullable=False),  # as given (at most 24 characters; 96 leaves room for any encoding)
    Column("name_key", String(96), nullable=False, unique=True),  # casefolded: names are unique case-insensitively
    Column("token_hash", String(64), nullable=False, unique=True),  # sha256 of the token; the token itself is never kept
    Column("created", String(32), nullable=False),
)

boards = Table(
    "boards", metadata,  # every board a run was accepted on (older physics versions' boards stay listed from here)
    Column("id", String(96), primary_key=True),
    Column("physics", Integer, nullable=False),
    Column("doc", JSON, nullable=False),  # Board.as_dict()
    Column("row_count", Integer, nullable=False, server_default="0"),  # its board_rows (migration 0003), kept by the ledger
)

runs = Table(
    "runs", metadata,
    Column("id", String(16), primary_key=True),  # the first 16 hex digits of the file's sha256
    Column("sha256", String(64), nullable=False, unique=True),
    Column("player_id", String(16), ForeignKey("players.id"), nullable=False),
    Column("board_id", String(96), ForeignKey("boards.id"), nullable=False),
    Column("status", String(10), nullable=False),  # queued | running | verified | refused
    Column("score", Float),
    Column("car", String(96), nullable=False, server_default=""),
    Column("model", String(32), nullable=False, server_default=""),
    Column("created", String(40), nullable=False, server_default=""),
    Column("submitted_at", String(32), nullable=False),
    Column("verified_at", String(32)),
    Column("reason", Text, nullable=False, server_default=""),
    Column("breakdown", JSON),
    Column("physics", Integer, nullable=False),
    Column("size", Integer, nullable=False),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Index("runs_status", "status"),
    Index("runs_player", "player_id"),
)

board_rows = Table(
    "board_rows", metadata,  # one per player and board: their best verified run
    Column("board_id", String(96), ForeignKey("boards.id"), nullable=False),
    Column("player_id", String(16), ForeignKey("players.id"), nullable=False),
    Column("run_id", String(16), ForeignKey("runs.id"), nullable=False),
    Column("score", Float, nullable=False),
    Column("at", String(32), nullable=False),
    PrimaryKeyConstraint("board_id", "player_id"),
)
# a board in rank order (migration 0002): its top rows read without sorting, a row's rank counted from the index alone
Index("board_rows_order", board_rows.c.board_id, board_rows.c.score.desc(), board_rows.c.at, board_rows.c.run_id)

replays = Table(
    "replays", metadata,  # PostgreSQL only: the accepted files, for workers on any machine
    Column("sha256", String(64), primary_key=True),
    Column("data", LargeBinary, nullable=False),
)
