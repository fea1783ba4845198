"""AI driver personalities (data/drivers.json, typed) and the fleet options they give a catalog car, in metres."""

from __future__ import annotations

from dataclasses import dataclass

from game.sim.ai import note as N
from game.sim.ai.options import DriverOptions


@dataclass(frozen=True, slots=True)
class CommonDriving:
    """Options every AI driver shares (data/drivers.json `common`)."""

    max_steering_deg: float
    steering_rate_dps: float
    arrival_radius_m: float
    skid_threshold_mps: float
    slip_stiffness: float
    slip_damping: float
    slip_scale: float
    tire_width_m: float
    exhaust_radius_m: float


@dataclass(frozen=True, slots=True)
class AiLook:
    """How the AI cars' marks and shadows look (data/drivers.json `look`): the view reads these, the sim never does,
    so they reload live and stay out of the roster's digest (a replay does not depend on them)."""

    skid_opacity: float  # multiplier on every AI mark's alpha (docs/reference/002-ai-cars.md: skidOpacity)
    shadow_opacity: float  # the contact shadow's opacity (note 002: shadowOpacity)
    shadow_blur_m: float  # how far the shadow's soft edge reaches past the body (note 002: shadowBlur)
    shadow_offset_x_m: float  # the shadow's offset east, in world space whatever the car's heading (note 002: shadowOffsetX)
    shadow_offset_z_m: float  # ... and north (note 002's shadowOffsetY points down the page, i.e. south)


@dataclass(frozen=True, slots=True)
class TrafficRules:
    """How AI cars share the park (data/drivers.json `traffic`)."""

    contact_passes: int
    contact_tolerance_m: float
    car_restitution: float
    hit_event_min_mps: float
    roam_pause_min_s: float
    roam_pause_max_s: float
    hold_after_order_s: float
    stuck_s: float
    progress_m: float
    max_cars: int


@dataclass(frozen=True, slots=True)
class Driver:
    """One named AI driver (data/drivers.json `drivers[]`)."""

    id: str
    name: str
    paint: str
    max_speed_mps: float
    acceleration_mps2: float
    brakes: float
    twitchiness: float
    aggression: float
    grip: float
    drive_bias: float
    exhaust_position: str | None
    exhaust_interval_s: float


@dataclass(frozen=True, slots=True)
class DriverRoster:
    """All drivers, the shared options and the one pixel-to-metre scale."""

    metres_per_pixel: float
    common: CommonDriving
    traffic: TrafficRules
    drivers: tuple[Driver, ...]
    look: AiLook
    digest: str = ""  # of everything but `look`

    def brake_decel_mps2(self, driver: Driver) -> float:
        """The note's 60 + 840 x brakes (px/s^2), in m/s^2."""
        return (N.BRAKE_DECEL_BASE_PX + N.BRAKE_DECEL_RANGE_PX * driver.brakes) * self.metres_per_pixel

    def options(self, driver: Driver, car) -> DriverOptions:
        """Fleet options for this driver in this catalog car (its wheelbase, length and width; its top speed caps the driver's, after the spread)."""
        c = self.common
        return DriverOptions(
            wheelbase=car.wheelbase_m,
            width=car.length_m,
            height=car.width_m,
            max_speed=driver.max_speed_mps,
            speed_cap=car.top_speed,
            acceleration=driver.acceleration_mps2,
            brake_decel=self.brake_decel_mps2(driver),
            max_steering_deg=c.max_steering_deg,
            steering_rate_dps=c.steering_rate_dps,
            twitchiness=driver.twitchiness,
            arrival_radius=c.arrival_radius_m,
            skid_threshold=c.skid_threshold_mps,
            grip=driver.grip,
            slip_stiffness=c.slip_stiffness,
            slip_damping=c.slip_damping,
            slip_scale=c.slip_scale,
            drive_bias=driver.drive_bias,
            aggression=driver.aggression,
            exhaust_position=driver.exhaust_position,
            exhaust_interval_s=driver.exhaust_interval_s,
            exhaust_radius=c.exhaust_radius_m,
            tire_width=c.tire_width_m,
        )
