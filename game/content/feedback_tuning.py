"""Load and validate data/feedback.json (how rumble and the wheel's force are made) into a FeedbackTuning; one-line errors."""

from __future__ import annotations

from pathlib import Path

from game import paths
from game.content.user_paths import display_path
from game.content.validate import check, load_schema, read_data_file
from game.sim.feedback import FeedbackTuning

FEEDBACK_PATH = paths.DATA_DIR / "feedback.json"
SCHEMA_PATH = paths.DATA_DIR / "feedback.schema.json"


def load_feedback(path: str | Path | None = None) -> FeedbackTuning:
    """Read, validate and type a feedback file (the shipped one by default); DataError on anything wrong."""
    path = Path(path) if path else FEEDBACK_PATH
    label = display_path(path)
    data, _ = read_data_file(path, label)
    check(data, load_schema(SCHEMA_PATH), label)
    return FeedbackTuning(**{k: float(v) for k, v in data.items() if k not in ("$schema", "version")})


__all__ = ["load_feedback"]
