"""The tandem judge's numbers (data/scoring.json "tandem", each with its unit, range and source in the schema) (pure)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class TandemRules:
    """Every constant of a tandem run: the chase's 100 points' split, gap, angle, line and initiation scales, contact,
    free passes, staging, one more time and an AI lead waiting for its chase."""

    proximity_max: float  # points
    angle_max: float  # points
    line_max: float  # points
    initiation_max: float  # points
    gap_full_m: float  # m
    gap_zero_m: float  # m
    drift_angle_deg: float  # deg
    drift_speed_mps: float  # m/s
    angle_full_deg: float  # deg
    angle_zero_deg: float  # deg
    line_full_m: float  # m
    line_zero_m: float  # m
    init_angle_deg: float  # deg
    init_full_s: float  # s
    init_zero_s: float  # s
    lead_spin_deg: float  # deg
    lead_drift_deg: float  # deg
    lead_free_pass_s: float  # s
    spin_min_speed_mps: float  # m/s
    chase_spin_deg: float  # deg
    touch_gap_m: float  # m
    lead_accel_mps2: float  # m/s^2
    contact_dv_mps: float  # m/s
    contact_yaw_accel_rps2: float  # rad/s^2
    contact_spin_window_s: float  # s
    touch_points: float  # points
    touch_merge_s: float  # s
    chase_start_gap_m: float  # m
    stage_level_m: float  # m
    end_margin_s: float  # s
    omt_margin_points: float  # points
    omt_max: int  # times
    station_window_m: float  # m
    contact_passes: int  # passes
    contact_tolerance_m: float  # m
    car_restitution: float  # 1
    hit_event_min_mps: float  # m/s
    live_gap_speed_mps: float  # m/s
    lead_wait_gap_m: float  # m
    lead_ease_mps_per_m: float  # (m/s)/m
    lead_ease_max_mps: float  # m/s
    lead_ease_max_share: float  # 1
    lead_ease_runup_share: float  # 1
    lead_ease_runup_fade_s: float  # s
    lead_ease_rate_mps2: float  # m/s^2
    lead_ease_brake_per_mps: float  # 1/(m/s)
    lead_ease_brake_max: float  # 1
    lead_wait_min_chase_mps: float  # m/s
    lead_wait_spin_deg: float  # deg

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TandemRules:
        """Typed from the schema-checked "tandem" object (integers stay integers, the rest floats)."""
        out: dict[str, Any] = {f.name: int(data[f.name]) if f.type == "int" else float(data[f.name]) for f in fields(cls)}
        return cls(**out)
