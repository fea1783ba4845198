"""A fleet driver's options: the note's car options, in one length unit (note pixels or metres)."""

from __future__ import annotations

from dataclasses import dataclass

EXHAUST_POSITIONS = ("left", "right", "bothSides", "rear")


@dataclass(frozen=True, slots=True)
class DriverOptions:
    """The note's per-car options (its names in snake case); lengths in the driver's unit, angles in degrees.

    Defaults are not kept here: the `sideways fleet` scenario schema holds the note's defaults
    (data/fleet_scenario.schema.json) and data/drivers.json holds the game's drivers.
    """

    wheelbase: float
    width: float  # body length along the heading (the note calls it width)
    height: float  # body width across the heading
    max_speed: float
    acceleration: float
    brake_decel: float
    max_steering_deg: float
    steering_rate_dps: float
    twitchiness: float
    arrival_radius: float
    skid_threshold: float
    grip: float
    slip_stiffness: float
    slip_damping: float
    slip_scale: float
    drive_bias: float
    aggression: float
    orbit_detection: bool = True
    proximity_boost: bool = True
    exhaust_position: str | None = None
    exhaust_interval_s: float = 0.9
    exhaust_offset: float = 0.5
    exhaust_radius: float = 6.0
    tire_width: float = 4.0
    speed_cap: float | None = None  # the game's: the car's own top speed, which no spread or boost takes it past
