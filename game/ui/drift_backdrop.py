"""The main menu's drifting backdrop: a drift driver's own car (the roster's first ace, in its paint) drifting the map's
first course, looping, the camera following it smoothly (a side-on chase view that swings slowly round it).

The car runs in a session of its own (one car, no judges, seed 0, so the backdrop is the same every time), stepped at a
fixed dt from the frames' time and drawn interpolated, like a drive. It is staged at the course's spawn again once it
has straightened out past the finish (the judges' line ends soon after it), stood still too long, or run past the course's time limit.
"""

from __future__ import annotations

import math

from game.sim.ai.drift.brief import SOLO, DriftBrief
from game.sim.ai.drift.driver import EXIT
from game.sim.clock import FixedClock

HZ = 120.0  # the backdrop's sim steps per second (the drift driver's own rate)
MAX_STEPS = 6  # at most this many steps a frame: a hitch skips backdrop time rather than stalls the menu
DRIVER = "ace"  # the drift driver at the wheel (a skill level or id of data/drift_drivers.json)
EXIT_S = 1.2  # staged again this long after the driver straightened out past the finish
STILL_MPS = 1.0  # slower than this ...
STILL_S = 2.5  # ... for this long after the run-up: staged again
LIMIT_MARGIN_S = 5.0  # staged again this long past the course's time limit, whatever happens
CAM_DISTANCE_M = 11.0  # the camera's distance from the car
CAM_HEIGHT_M = 3.2  # ... and its height above it
CAM_SIDE_RAD = 1.6  # the camera sits this far round from straight behind the way the car travels, on the outside of the
# turn: across its path, so a held drift shows its nose pointing at the camera and the slide across the screen
CAM_SWING_RAD = 0.35  # ... swinging this much either way
CAM_SWING_S = 21.0  # ... over this period
CAM_RATE = 1.6  # 1/s: how fast the camera closes on where it wants to be (exp decay)
SMOKE_BUDGET = 300  # tyre smoke particles at most (the drive's Low budget is 600)
SMOKE_RATE = 0.5  # share of the drive's smoke rate (its Low tier's)
SKID_SEGMENTS = 800  # skidmark segments kept (the drive's Low tier keeps 1500)
LOOK_RATE = 8.0  # 1/s: how fast the point looked at follows the car
FRAME_RIGHT_DEG = 14.0  # the camera turns this far left of the car, so it drives in the screen's right half, clear of the menu


class BackdropLap:
    """The backdrop's drive, nothing drawn: a drift driver looping the map's first course in a session of its own.

    Raises (ValueError, KeyError, DataError...) when the map has no course or the data is broken: the caller falls back."""

    def __init__(self, world, catalog, roster=None, model: str | None = None) -> None:
        from game.sim.ai.drift.pilot import pilot_for
        from game.sim.models.model_registry import DEFAULT_MODEL
        from game.sim.session import Session

        courses = tuple(getattr(getattr(world, "track", None), "courses", ()) or ())
        if not courses:
            raise ValueError("the map has no course to drift")
        if roster is None:
            from game.content.drift_drivers import load_drift_drivers

            roster = load_drift_drivers()
        self.course = courses[0]
        s = self.course.spawn
        self.spawn = (s.x, s.z, s.heading_deg)
        profile = roster.get(DRIVER)
        spec = catalog.car(profile.car)
        self.profile, self.spec = profile, spec
        self.session = Session(catalog, spec.id, world, hz=HZ, spawn=self.spawn, seed=0, model=model or DEFAULT_MODEL)
        self.lap = 0
        self.pilot = pilot_for(roster, DRIVER, self._brief, 0, 0)
        self.clock = FixedClock(HZ, max_steps=MAX_STEPS)
        self._lap_t0 = 0.0
        self._still_s = self._exit_s = 0.0
        self.t = 0.0  # backdrop time (s)

    def _brief(self) -> DriftBrief:
        return DriftBrief(self.course, SOLO, None, run=self.lap)

    def step(self) -> list:
        """One sim step: the driver decides, the car moves; staged at the spawn again when the lap is over. Its events."""
        s = self.session
        events = s.step(self.pilot.controls(s, s.player))
        st = s.state
        driver = self.pilot.driver
        run_t = s.t - self._lap_t0
        self._still_s = self._still_s + s.dt if st.speed < STILL_MPS and run_t > STILL_S else 0.0
        exiting = driver is not None and driver.phase == EXIT
        self._exit_s = self._exit_s + s.dt if exiting else 0.0
        if self._exit_s > EXIT_S or self._still_s > STILL_S or run_t > self.course.time_limit_s + LIMIT_MARGIN_S:
            self.restage()
        return events

    def restage(self) -> None:
        """The car at rest at the course's spawn, a fresh run for the driver."""
        self.session.reset_to(self.spawn)
        self.lap += 1
        self._lap_t0 = self.session.t
        self._still_s = self._exit_s = 0.0

    def advance(self, dt: float) -> list:
        """Step the car by this frame's time (whole fixed steps; the rest waits for the next frame); their events."""
        events: list = []
        for _ in range(self.clock.advance(dt)):
            events += self.step()
        self.t += dt
        return events

    @property
    def position(self) -> tuple[float, float]:
        """Where the car is (x, z): the shadows follow it."""
        st = self.session.state
        return st.x, st.z


class DriftBackdrop(BackdropLap):
    """The backdrop drawn: the lap's car on screen, interpolated, and the camera following it; `update(dt)` each frame."""

    def __init__(self, world, catalog, roster=None, model: str | None = None) -> None:
        from game.view.cars.car_model import CarModel
        from game.view.effects.particles import Particles
        from game.view.effects.skidmarks import Skidmarks
        from game.view.effects.tyre_effects import PARTICLE_RATE, CarEffects
        from game.view.world.world_view import SHADOW_MASK

        super().__init__(world, catalog, roster, model)
        self.car = CarModel(self.spec, self.profile.paint, finish=self.profile.finish, stance=self.profile.stance)
        self.skidmarks = Skidmarks(max_segments=SKID_SEGMENTS, auto_update=False)
        self.particles = Particles(SMOKE_BUDGET, auto_update=False)
        for part in (self.skidmarks, self.particles):  # not in the sun's map, as in a drive
            part.hide(SHADOW_MASK)
        self.effects = CarEffects(self.skidmarks, self.particles, catalog, particle_rate=SMOKE_RATE * PARTICLE_RATE["low"])
        self._cam = None  # the camera's smoothed angle round the car (rad, as heading) and the point it looks at
        self._look = None
        self._pose(0.0)

    def update(self, dt: float) -> None:
        """Step the car by this frame's time and draw it, its marks and smoke, the camera following."""
        events = self.advance(dt)
        st = self._pose(dt)
        self.effects.update(st, self.car.wheel_contacts(), events, dt, controls=self.session.player.controls)
        self.skidmarks.update(dt)
        self.particles.update(dt)

    def _pose(self, dt: float):
        from ursina import Vec3, camera

        from game.view.drive.interp import lerp_state

        s = self.session
        st = lerp_state(s.prev, s.state, self.clock.alpha)
        self.car.update(st, dt)
        heading = math.atan2(st.vx, st.vz) if st.speed > 2.0 else st.heading  # the way it travels: steadier than the nose in a slide
        side = getattr(self.pilot.driver, "side", 1.0)
        around = heading + math.pi - side * (CAM_SIDE_RAD + CAM_SWING_RAD * math.sin(2.0 * math.pi * self.t / CAM_SWING_S))
        look = (st.x, st.y + 0.8, st.z)
        if self._cam is None or dt <= 0.0 or _far(self._look, look):  # the first frame, or a restage: cut to it
            self._cam, self._look = around, look
        else:  # the angle round the car eases toward where it wants to be; the distance never changes, so a fast car never
            # runs up to (or through) a camera that lags behind it
            k, kl = 1.0 - math.exp(-CAM_RATE * dt), 1.0 - math.exp(-LOOK_RATE * dt)
            self._cam += math.remainder(around - self._cam, 2.0 * math.pi) * k
            self._look = tuple(c + (w - c) * kl for c, w in zip(self._look, look))
        lx, ly, lz = self._look
        cam = (lx + CAM_DISTANCE_M * math.sin(self._cam), ly - 0.8 + CAM_HEIGHT_M, lz + CAM_DISTANCE_M * math.cos(self._cam))
        camera.position = Vec3(*cam)
        camera.look_at(Vec3(*self._look), up=Vec3(0, 1, 0))
        camera.rotation_y -= FRAME_RIGHT_DEG
        camera.fov = 60
        return st

    def destroy(self) -> None:
        """Remove the car, its marks and its smoke."""
        for part in (self.car, self.skidmarks, self.particles):
            part.destroy()


def _far(a, b, jump_m: float = 30.0) -> bool:
    """Whether the car jumped (a restage) since the last frame."""
    return a is None or (a[0] - b[0]) ** 2 + (a[2] - b[2]) ** 2 > jump_m * jump_m
