"""A drift session on screen: sim stepped at a fixed rate, the view reading it and interpolating."""

from __future__ import annotations

import math
import time
from collections import deque

from game.content.watch import CatalogWatcher
from game.input import InputMapper
from game.sim import events as ev
from game.sim.clock import FixedClock
from game.sim.controls import Controls
from game.sim.inputs import Timeline
from game.sim.params import Catalog
from game.sim.session import Session
from game.view.interp import lerp_state
from game.view.slip import slip_amount

SAFE_EVERY_S = 0.5  # how often a reset point is remembered (sim seconds)
SAFE_AGE_S = 1.5  # R puts the car back where it was this long ago, at least


class DriveScene:
    """Owns the session and everything drawn for it; `frame()` is called once per rendered frame."""

    def __init__(self, catalog: Catalog, car_id: str, world, settings, paint: str | None = None,
                 timeline: Timeline | None = None, hz: float = 120.0, catalog_path=None):  # fmt: skip
        from game.view.audio import CarAudio, Volumes
        from game.view.camera_rig import CameraRig
        from game.view.car_model import CarModel
        from game.view.debug_panel import DebugPanel
        from game.view.effects import PARTICLE_BUDGET, PARTICLE_RATE, CarEffects
        from game.view.hud import Hud
        from game.view.particles import Particles
        from game.view.skidmarks import Skidmarks
        from game.view.world_view import WorldView

        self.catalog = catalog
        self.settings = settings
        self.world = world
        self.session = Session(catalog, car_id, world, hz=hz)
        self.clock = FixedClock(hz)
        self.timeline = timeline
        self.mapper = InputMapper(settings.bindings, settings.gamepad_deadzone, settings.steer_sensitivity)
        self.controls = Controls()
        self.paused = False
        self.world_view = WorldView(world, catalog, shadows=settings.quality.shadows)
        self.car_model = CarModel(self.session.car, paint)
        quality = settings.quality.particles
        self.skidmarks = Skidmarks(max_segments=settings.quality.skidmark_length, auto_update=False)
        self.particles = Particles(PARTICLE_BUDGET[quality], auto_update=False)
        self.effects = CarEffects(self.skidmarks, self.particles, catalog, particle_rate=PARTICLE_RATE[quality])
        self.hud = Hud(settings.units, surfaces=catalog.surfaces)
        self.debug = DebugPanel()
        self.audio = CarAudio(Volumes(settings.master_volume, settings.engine_volume, settings.effects_volume))
        self.rig = CameraRig(settings.camera)
        self.recent_events: deque = deque(maxlen=8)
        self.safe_points: deque = deque(maxlen=16)
        self._next_safe = 0.0
        self.update_ms = 0.0
        self.view_state = self.session.state.copy()
        self.watcher = CatalogWatcher(catalog_path, catalog) if catalog_path else None
        self.retuned = False  # the catalog changed mid-session (a replay of it would not reproduce)
        if self.watcher:
            self.debug.set_catalog_info(self.watcher.label, self.watcher.loaded_at)
        self._sync_view(0.0, [])

    # ---- per frame ---------------------------------------------------------------------------

    def frame(self, frame_dt: float, held) -> list:
        """Advance the sim by this frame's time (fixed steps) and sync everything drawn; return its events."""
        t0 = time.perf_counter()
        events: list = []
        if self.watcher is not None:
            found = self.watcher.poll(time.monotonic())
            if found:
                self.apply_reload(found)
        if not self.paused:
            if self.timeline is None:
                self.controls = self.mapper.update(held, frame_dt)
            for _ in range(self.clock.advance(frame_dt)):
                if self.timeline is not None:
                    self.controls = self.timeline.at(self.session.t)
                events += self.session.step(self.controls)
                self._remember_safe_point()
            self._sync_view(frame_dt, events)
        self.update_ms = (time.perf_counter() - t0) * 1000.0
        return events

    def _sync_view(self, dt: float, events: list) -> None:
        s = lerp_state(self.session.prev, self.session.state, self.clock.alpha)
        self.view_state = s
        car = self.session.car
        self.car_model.update(s, dt)
        self.effects.update(s, self.car_model.wheel_contacts(), events, dt, controls=self.controls)
        self.skidmarks.update(dt)
        self.particles.update(dt)
        surface = self.catalog.surfaces[s.surface]
        slip = slip_amount(s, self.controls.throttle, self.controls.brake)
        self.audio.update(dt, s.speed, car.top_speed, self.controls.throttle, slip, surface.effect, s.airborne)
        for e in events:
            self.recent_events.append(e)
            if e.kind == ev.WALL_HIT:
                self.audio.on_wall_hit(e.value)
            elif e.kind == ev.LANDED:
                self.audio.on_landed(e.value)
        self.rig.update(s, car.length_m, car.height_m, car.top_speed, dt)
        self.world_view.follow(s.x, s.z)
        self.hud.set_engine(self.audio.gear, self.audio.rpm)
        self.hud.update(s, dt)
        if self.debug.visible:
            self.debug.update(s, self.controls, list(self.recent_events), dt)

    def _remember_safe_point(self) -> None:
        s = self.session.state
        if s.t >= self._next_safe and not s.airborne and not s.in_contact and s.speed > 2.0:
            self.safe_points.append((s.t, s.x, s.z, math.degrees(s.heading)))
            self._next_safe = s.t + SAFE_EVERY_S

    # ---- actions -------------------------------------------------------------------------------

    def reset_car(self) -> None:
        """Put the car back on the track: where it last drove cleanly, else the spawn."""
        now = self.session.t
        spot = next((p for p in reversed(self.safe_points) if now - p[0] >= SAFE_AGE_S), None)
        self.session.reset_to(spot[1:] if spot else self.world.spawn)
        self.safe_points.clear()
        self.mapper.reset()
        self.rig.pos = None

    def set_paused(self, paused: bool) -> None:
        """Freeze or resume the sim (the clock forgets the time spent paused)."""
        self.paused = paused
        self.clock.accumulator = 0.0
        self.mapper.reset()
        self.audio.set_paused(paused)

    def apply_reload(self, found) -> None:
        """Live retuning: new catalog values apply to the car being driven without moving it; a bad edit keeps the old ones."""
        if found.error:
            self.hud.show_message(found.error + " (kept the last good values)", 8.0)
            return
        new = found.catalog
        car_id = self.session.car.id
        if car_id not in new.cars:
            self.hud.show_message(f"{self.watcher.label}: has no car {car_id!r} any more; kept the last good values", 8.0)
            return
        self.catalog = new
        self.session.catalog = new
        self.session.set_car(new.car(car_id))
        self.effects.catalog = new
        self.hud.set_surfaces(new.surfaces)
        self.retuned = True
        self.debug.set_catalog_info(self.watcher.label, found.at)
        self.hud.show_message(f"{self.watcher.label} reloaded at {found.at}", 2.5)

    def reload_catalog(self) -> None:
        """F5: read the catalog file now."""
        if self.watcher is None:
            return
        found = self.watcher.reload(force=True)
        if found:
            self.apply_reload(found)

    def on_action(self, action: str) -> None:
        """Camera, reset, mute and debug keys."""
        if action == "camera":
            self.hud.show_message(f"Camera: {self.rig.cycle()}", 1.2)
        elif action == "reset":
            self.reset_car()
        elif action == "mute":
            self.hud.show_message("Sound off" if self.audio.toggle_mute() else "Sound on", 1.2)
        elif action == "debug":
            self.debug.toggle()
        elif action == "reload":
            self.reload_catalog()

    def destroy(self) -> None:
        """Remove everything this scene created."""
        for part in (self.world_view, self.car_model, self.skidmarks, self.particles, self.hud, self.debug, self.audio):
            part.destroy()
