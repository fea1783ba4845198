"""Load and validate data/scoring.json into ScoringRules; every error is one line naming file and field."""

from __future__ import annotations

from pathlib import Path

from game import paths
from game.content.user_paths import display_path
from game.content.validate import check, load_schema, read_data_file
from game.safe_json import DataError
from game.sim.judges.judging_rules import JudgingRules
from game.sim.judges.scoring import ScoringRules
from game.sim.judges.tandem.rules import TandemRules

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
    fields = {k: float(v) for k, v in data.items() if k not in ("$schema", "version", "labels", "judging", "tandem")}
    judging = _judging(JudgingRules.from_dict(data["judging"]), label)
    tandem = _tandem(TandemRules.from_dict(data["tandem"]), label)
    rules = ScoringRules(**fields, labels=labels, source=label, digest=digest, judging=judging, tandem=tandem)
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


def _judging(j: JudgingRules, label: str) -> JudgingRules:
    """The judging block's rules across fields (the schema bounds each field alone)."""
    if abs(j.line_max + j.angle_max + j.style_max - 100.0) > 1e-6:  # a Formula Drift run is worth 100 points
        raise DataError(f"{label}: judging.style_max: line_max + angle_max + style_max must be 100, "
                        f"got {j.line_max:g} + {j.angle_max:g} + {j.style_max:g}")
    if abs(j.initiation_max + j.fluidity_max + j.commitment_max - j.style_max) > 1e-6:
        raise DataError(f"{label}: judging.commitment_max: initiation_max + fluidity_max + commitment_max must equal style_max "
                        f"({j.style_max:g}), got {j.initiation_max:g} + {j.fluidity_max:g} + {j.commitment_max:g}")
    for low, high in (("steady_full_deg", "steady_zero_deg"), ("transition_full_s", "transition_zero_s"), ("straight_min_s", "straight_full_s")):
        if getattr(j, high) <= getattr(j, low):
            _fail(label, f"judging.{high}", f"must be > {low} ({getattr(j, low):g})", getattr(j, high))
    for low, high in (("straight_points_min", "straight_points_max"), ("off_one_points", "off_two_points"),
                      ("wall_min_impact_mps", "contact_zero_mps"), ("init_angle_deg", "init_full_angle_deg")):
        if getattr(j, high) < getattr(j, low):
            _fail(label, f"judging.{high}", f"must be >= {low} ({getattr(j, low):g})", getattr(j, high))
    return j


def _tandem(t: TandemRules, label: str) -> TandemRules:
    """The tandem block's rules across fields."""
    total = t.proximity_max + t.angle_max + t.line_max + t.initiation_max
    if abs(total - 100.0) > 1e-6:  # a chase run is worth 100 points, as a lead run
        raise DataError(f"{label}: tandem.initiation_max: proximity_max + angle_max + line_max + initiation_max must be 100, got {total:g}")
    for low, high in (("gap_full_m", "gap_zero_m"), ("angle_full_deg", "angle_zero_deg"), ("line_full_m", "line_zero_m"),
                      ("init_full_s", "init_zero_s")):
        if getattr(t, high) <= getattr(t, low):
            _fail(label, f"tandem.{high}", f"must be > {low} ({getattr(t, low):g})", getattr(t, high))
    return t


def _fail(label: str, field: str, why: str, got: float) -> None:
    raise DataError(f"{label}: {field}: {why}, got {got:g}")


__all__ = ["load_scoring_rules", "rules_from_dict", "schema"]
