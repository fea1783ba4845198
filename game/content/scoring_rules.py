"""Load and validate data/scoring.json into ScoringRules; every error is one line naming file and field."""

from __future__ import annotations

from pathlib import Path

from game import paths
from game.content.catalog import display_path
from game.content.validate import DataError, check, load_schema, read_data_file
from game.sim.judges.scoring import ScoringRules

SCORING_PATH = paths.DATA_DIR / "scoring.json"
SCHEMA_PATH = paths.DATA_DIR / "scoring.schema.json"
def schema() -> dict:
    """The published JSON Schema of the scoring rules (data/scoring.schema.json)."""
    return load_schema(SCHEMA_PATH)


def load_scoring_rules(path: str | Path | None = None) -> ScoringRules:
    """Read, validate and type a scoring file (the shipped one by default); DataError on anything wrong."""
    path = Path(path) if path else SCORING_PATH
    label = display_path(path)
    data, digest = read_data_file(path, label)
    return rules_from_dict(data, label, digest)


def rules_from_dict(data, label: str, digest: str = "") -> ScoringRules:
    """Validate parsed scoring data (schema, then rules across fields) and build ScoringRules."""
    check(data, schema(), label)
    labels = tuple((float(x["min_points"]), x["label"]) for x in data["labels"])
    for i in range(1, len(labels)):
        if labels[i][0] <= labels[i - 1][0]:
            raise DataError(
                f"{label}: labels[{i}].min_points: must be > the previous label's ({labels[i - 1][0]:g}), got {labels[i][0]:g}"
            )
    fields = {k: float(v) for k, v in data.items() if k not in ("$schema", "version", "labels")}
    rules = ScoringRules(**fields, labels=labels, source=label, digest=digest)
    if rules.reference_angle_deg > rules.angle_cap_deg:
        _fail(label, "reference_angle_deg", f"must be <= angle_cap_deg ({rules.angle_cap_deg:g})", rules.reference_angle_deg)
    if rules.min_angle_deg >= rules.angle_cap_deg:
        _fail(label, "min_angle_deg", f"must be < angle_cap_deg ({rules.angle_cap_deg:g})", rules.min_angle_deg)
    if rules.parking_star2_angle_deg > rules.parking_star1_angle_deg:
        _fail(label, "parking_star2_angle_deg", f"must be <= parking_star1_angle_deg ({rules.parking_star1_angle_deg:g})",
              rules.parking_star2_angle_deg)
    if rules.zone_weight_speed + rules.zone_weight_angle <= 0:
        _fail(label, "zone_weight_angle", "must be > 0 when zone_weight_speed is 0", rules.zone_weight_angle)
    return rules


def _fail(label: str, field: str, why: str, got: float) -> None:
    raise DataError(f"{label}: {field}: {why}, got {got:g}")


__all__ = ["DataError", "ScoringRules", "load_scoring_rules", "rules_from_dict", "schema"]
