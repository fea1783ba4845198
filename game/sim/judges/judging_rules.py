"""The course judge's numbers (data/scoring.json "judging", each with its unit, range and rulebook in the schema)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class JudgingRules:
    """Every constant of a judged run: the 100 points' split, clip, sector and style rules, deductions and zeros."""

    qualifying_runs: int  # runs
    between_runs_s: float  # s
    start_within_s: float  # s
    line_max: float  # points
    angle_max: float  # points
    style_max: float  # points
    initiation_max: float  # points
    fluidity_max: float  # points
    commitment_max: float  # points
    drift_angle_deg: float  # deg
    drift_speed_mps: float  # m/s
    clip_open_m: float  # m
    clip_pass_margin_m: float  # m
    missed_clip_points: float  # points
    angle_floor_deg: float  # deg
    init_angle_deg: float  # deg
    init_full_angle_deg: float  # deg
    init_base_share: float  # 1
    late_entry_points: float  # points
    steady_full_deg: float  # deg
    steady_zero_deg: float  # deg
    transition_full_s: float  # s
    transition_zero_s: float  # s
    steady_share: float  # 1
    commit_speed_share: float  # 1
    straight_angle_deg: float  # deg
    straight_min_s: float  # s
    straight_full_s: float  # s
    straight_points_min: float  # points
    straight_points_max: float  # points
    off_one_points: float  # points
    off_two_points: float  # points
    wall_min_impact_mps: float  # m/s
    wall_points: float  # points
    wall_merge_s: float  # s
    contact_zero_mps: float  # m/s
    spin_slip_deg: float  # deg
    spin_min_speed_mps: float  # m/s
    over_rotation_deg: float  # deg
    over_rotation_hold_s: float  # s
    backwards_m: float  # m
    backwards_speed_mps: float  # m/s
    backwards_hold_s: float  # s
    station_window_m: float  # m

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> JudgingRules:
        """Typed from the schema-checked "judging" object (integers stay integers, the rest floats)."""
        out: dict[str, Any] = {}
        for f in fields(cls):
            out[f.name] = int(data[f.name]) if f.type == "int" else float(data[f.name])
        return cls(**out)
