"""A drift session on screen: the drive loop steps the run, the view reads it and interpolates."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from game.content.drivers import load_drivers
from game.content.file_watch import CatalogWatcher
from game.content.quality import resolve
from game.driving.drive_loop import DriveLoop
from game.sim import step_events as ev
from game.sim.gearbox_assist import GearboxAssist
from game.sim.run.drift_run import DriftRun
from game.sim.run.modes.base import BATTLE, BAYS, COURSE, DRIFT_SCORE, ZONE_MARKERS, StepResult
from game.sim.run.playback import Playback
from game.sim.run.setup import RunSetup
from game.view.audio.engine_note import engine_load
from game.view.cars.fleet_view import FleetView
from game.view.drive import scene_parts as parts
from game.view.drive.frame_taps import FrameTaps
from game.view.drive.interp import lerp_state
from game.view.effects.slip import slip_amount


class DriveScene:
    """Owns a DriveLoop and everything drawn for its run; `frame()` is called once per rendered frame."""

    def __init__(self, setup: RunSetup, settings, *, script: Playback | None = None, catalog_path=None,
                 on_finish: Callable[[DriveScene], None] | None = None, max_frame_dt: float | None = None, world_view=None,
                 tier=None):
        """script: the recording that drives the car (a replay, --inputs), None for the player's keys."""
        from game.view.audio.car_audio import CarAudio
        from game.view.audio.engine_note import Volumes
        from game.view.cars.car_model import CarModel
        from game.view.drive.camera_rig import CameraRig
        from game.view.effects.particles import Particles
        from game.view.effects.skidmarks import Skidmarks
        from game.view.effects.smoke import set_particles_look
        from game.view.effects.tyre_effects import PARTICLE_BUDGET, PARTICLE_RATE, CarEffects
        from game.view.hud.debug_panel import DebugPanel
        from game.view.hud.driving_hud import Hud
        from game.view.world.world_view import SHADOW_MASK, WorldView

        catalog, world = setup.catalog, setup.world
        self.settings = settings
        self.world = world
        paint = setup.car_paint
        self.run = DriftRun(setup.but(paint=paint))
        self.loop = DriveLoop(self.run, settings, playback=script, max_frame_dt=max_frame_dt,
                              change_fleet=lambda delta: self.fleet.change(delta, load_drivers))
        self.on_finish = on_finish
        self._finish_sent = False
        self.tier = tier or resolve(settings.quality, settings.quality.tier or "high")
        self._own_world_view = world_view is None  # a borrowed one outlives this scene
        self.world_view = world_view or WorldView(world, catalog, self.tier, shadows=settings.quality.shadows)
        self.world_view.set_shadows(settings.quality.shadows)
        mode = self.run.game_mode  # its class names the HUD parts and the camera this drive shows (game/sim/run/modes/base.py)
        hud = mode.hud
        self.world_view.show_zones(ZONE_MARKERS in hud)
        self._zone_banner = ZONE_MARKERS in hud  # the mode's judge events are zone runs: the score widgets' banner shows them
        self.car_model = CarModel(self.session.car, paint, finish=setup.finish, stance=setup.stance)
        quality = self.tier.particles
        self.skidmarks = Skidmarks(max_segments=self.tier.skidmark_length, auto_update=False)
        self.particles = Particles(PARTICLE_BUDGET[quality], auto_update=False)
        for part in (self.skidmarks, self.particles):  # not in the sun's map: a cached one would freeze smoke in it
            part.hide(SHADOW_MASK)
        set_particles_look(self.particles, world.track.look, quality)  # the map's breeze and sun, the tier's cap
        self.effects = CarEffects(self.skidmarks, self.particles, catalog, particle_rate=PARTICLE_RATE[quality], spec=self.session.car)
        self.hud = Hud(settings.units, surfaces=catalog.surfaces)
        self._show_gearbox()
        self.score_hud = parts.score_hud(self.hud) if DRIFT_SCORE in hud else None
        self.parking_hud = self.bay_marker = None
        if BAYS in hud:
            from game.view.hud.parking_view import BayMarker, ParkingHud

            self.parking_hud = ParkingHud(self.hud.score_anchor, mode.parking, self.run.time_limit_s)
            self.bay_marker = BayMarker(world)
            self.bay_marker.show(mode.parking.current)
        self.ghost_view = parts.ghost_view(self.session, self.run.ghost_car)
        self.minimap = parts.minimap(world, catalog, settings)
        self.course = None  # a course mode: the course in the world, the judges' strip and call-outs instead of the combo
        if COURSE in hud:
            from game.view.drive.course_parts import CourseParts

            self.course = CourseParts(self.run, self.world_view, self.hud, self.minimap, self.tier)
        self.fleet = FleetView(self.run, self.skidmarks, catalog, on_pop=self._exhaust_pop)
        self.debug = DebugPanel(car_model=self.car_model)
        self.audio = CarAudio(Volumes(settings.master_volume, settings.engine_volume, settings.effects_volume))
        self.rig = CameraRig(mode.camera or settings.camera)  # the mode's own camera (parking: from above; C cycles), else the player's
        self.tandem = None  # Tandem: the opponent's car, the camera on both cars, the gap on the HUD
        if BATTLE in hud:
            from game.view.drive.tandem_parts import TandemParts

            self.tandem = TandemParts(self.run, self)
        self.update_ms = 0.0
        self._fps = 60.0
        self.watcher = CatalogWatcher(catalog_path, catalog) if catalog_path else None
        self._paint_colors: dict = {}  # an AI car's paint (hex) -> its minimap colour, parsed once
        if self.watcher:
            self.debug.set_catalog_info(self.watcher.label, self.watcher.loaded_at)
        self._sync_view(0.0, StepResult())
        self.taps = FrameTaps(self)  # telemetry out, rumble: called after each frame (game/view/drive/frame_taps.py)

    # ---- what the loop holds, as the game and the settings read it ----------------------------

    @property
    def session(self):
        """The run's session (every car's state)."""
        return self.run.session

    @property
    def catalog(self):
        """The catalog the run drives with (a live retune replaces it)."""
        return self.run.session.catalog

    @property
    def mode(self) -> str:
        """The id of the mode driven (game/sim/mode_ids.py)."""
        return self.run.mode

    @property
    def script(self) -> Playback | None:
        """The recording that drives the car, or None while the player does."""
        return self.loop.playback

    @property
    def mapper(self):
        """The input mapper (keys -> Controls, and which action a key is)."""
        return self.loop.mapper

    @property
    def assist(self) -> GearboxAssist:
        """The gearbox assist the player drives with."""
        return self.loop.assist

    @assist.setter
    def assist(self, assist: GearboxAssist) -> None:
        self.loop.assist = assist

    @property
    def controls(self):
        """What the last sim step got."""
        return self.loop.controls

    @property
    def paused(self) -> bool:
        return self.loop.paused

    @property
    def retuned(self) -> bool:
        """The catalog changed mid-drive (a replay of it would not reproduce)."""
        return self.loop.retuned

    # ---- per frame ---------------------------------------------------------------------------

    def frame(self, frame_dt: float, held) -> list:
        """Advance the run by this frame's time (the drive loop's fixed steps) and sync everything drawn; return its events."""
        t0 = time.perf_counter()
        if self.watcher is not None:
            found = self.watcher.poll(time.monotonic())
            if found:
                self.apply_reload(found)
        self.fleet.poll_look(self.hud.show_message)
        out = self.loop.frame(frame_dt, held)
        if not self.loop.paused:
            self._sync_view(frame_dt, out)
        self.taps(self, out, self.loop.paused)
        self.update_ms = (time.perf_counter() - t0) * 1000.0
        if frame_dt > 0:
            self._fps += (1.0 / frame_dt - self._fps) * 0.1
        self.debug.set_perf(self._fps, self.update_ms)
        if self.run.finished and not self._finish_sent:
            self._finish_sent = True
            if self.on_finish:
                self.on_finish(self)
        return out.events

    def _sync_view(self, dt: float, out: StepResult) -> None:
        alpha, controls = self.loop.clock.alpha, self.loop.controls
        if out.staged:  # Qualifying staged the next run: the camera jumps with the car
            self.rig.pos = None
        self.fleet.sync(alpha, dt, self.debug.visible)
        events = [e for e in out.events if e.car == 0]  # the player's car's own effects and sounds
        s = lerp_state(self.session.prev, self.session.state, alpha)
        car = self.session.car
        self.car_model.lamps.controls = controls  # the brake lamps follow the pedal (car_lamps.py)
        self.car_model.update(s, dt)
        self.effects.update(s, self.car_model.wheel_contacts(), events, dt, controls=controls)
        self.skidmarks.update(dt)
        self.particles.update(dt)
        surface = self.catalog.surfaces[s.surface]
        slip = slip_amount(s, controls.throttle, controls.brake)
        tel = s.telemetry
        load = engine_load(controls.throttle, tel.clutch, bool(tel.value("wheelspin")))
        self.audio.update(dt, tel.rpm, s.speed, controls.throttle, slip, surface.effect, s.airborne, load)
        for e in events:
            if e.kind in (ev.WALL_HIT, ev.CAR_HIT):
                self.audio.on_wall_hit(e.value)
            elif e.kind == ev.LANDED:
                self.audio.on_landed(e.value)
        if self.tandem is not None:  # the opponent posed and the framing of both cars set before the camera moves
            self.tandem.frame(s, out, alpha, dt)
        self.rig.update(s, car.length_m, car.height_m, car.top_speed, dt)
        self.world_view.follow(s.x, s.z)
        self.hud.set_engine(tel.gear, tel.rpm, tel.clutch)
        self.hud.update(s, dt)
        if self.assist.notice:
            self.hud.show_message(self.assist.notice, 1.5)
            self.assist.notice = None
        if self.score_hud is not None:
            zone_events = out.judge_events if self._zone_banner else ()
            if out.score_events or zone_events:
                self.score_hud.on_events(out.score_events, zone_events)
            self.score_hud.set_timer(self.run.time_left_s)
            self.score_hud.update(self.run.scorer, dt, score=self.run.score)
        if self.ghost_view is not None:
            self.ghost_view.sync(alpha, dt)
        if self.course is not None:
            self.course.sync(out, dt)
        target = None
        if self.parking_hud is not None:
            bays = self.run.game_mode.parking
            self.parking_hud.on_events(out.judge_events)
            self.parking_hud.update_view(self.session.t, dt)
            if self.bay_marker.bay is not bays.current:
                self.bay_marker.show(bays.current)
            self.bay_marker.pulse(dt)
            target = self.bay_marker.corners()
        if self.minimap is not None and self.minimap.enabled:
            ghost, others = self._others()
            self.minimap.update_view(s.x, s.z, s.heading_deg, ghost=ghost, others=others, target=target)
        self.debug.update(s, controls, events, dt, self.session.model.name)  # it keeps the recent events; lays text out only when shown

    # ---- actions -------------------------------------------------------------------------------

    def reset_car(self) -> None:
        """Put the car back on the track where it last drove cleanly (recorded in the replay)."""
        self.loop.reset_car()
        self.rig.pos = None

    def set_paused(self, paused: bool) -> None:
        """Freeze or resume the sim (the clock forgets the time spent paused)."""
        self.loop.set_paused(paused)
        self.audio.set_paused(paused)

    def _others(self) -> tuple[tuple[float, float, float] | None, list]:
        """Where the ghost and the other cars are now, for the minimap."""
        return parts.others(self.session, self.ghost_view, self._paint_colors)

    def set_hud_visible(self, visible: bool) -> None:
        """Show or hide the driving HUD, score widgets, minimap and debug panel (the results screen hides them)."""
        self.hud.set_visible(visible)
        if self.minimap is not None:
            self.minimap.set_visible(visible and self.settings.minimap)
        if self.score_hud is not None:
            self.score_hud.enabled = visible
        if self.parking_hud is not None:
            self.parking_hud.enabled = visible
        if self.course is not None:
            self.course.set_visible(visible)
        if self.tandem is not None:
            self.tandem.set_visible(visible)
        if not visible and self.debug.visible:
            self.debug.toggle()

    def finish(self) -> None:
        """End the run now (Free Drift's 'Finish'); on_finish follows on the next frame."""
        out = self.run.finish()
        if self.score_hud is not None:
            self.score_hud.on_events(out.score_events, out.judge_events if self._zone_banner else ())
        if self.course is not None:
            self.course.on_events(out.judge_events)

    def apply_reload(self, found) -> None:
        """Live retuning: new catalog values apply to the car being driven without moving it; a bad edit keeps the old ones."""
        if found.error:
            self.hud.show_message(found.error + " (kept the last good values)", 8.0)
            return
        new = found.value
        problem = self.loop.retune(new)
        if problem:
            self.hud.show_message(f"{self.watcher.label}: {problem}; kept the last good values", 8.0)
            return
        self._show_gearbox()
        self.effects.catalog = new
        self.hud.set_surfaces(new.surfaces)
        self.debug.set_catalog_info(self.watcher.label, found.at)
        self.hud.show_message(f"{self.watcher.label} reloaded at {found.at}", 2.5)

    def reload_catalog(self) -> None:
        """F5: read the catalog file now."""
        if self.watcher is None:
            return
        found = self.watcher.reload(force=True)
        if found:
            self.apply_reload(found)

    def _exhaust_pop(self, _car: int, x: float, z: float, size: float) -> None:
        """An AI car's exhaust popped at (x, z): its bang, as loud as its distance from the player's car allows."""
        s = self.session.state
        self.audio.on_exhaust_pop(math.hypot(x - s.x, z - s.z), size)

    def new_assist(self, mode: str) -> GearboxAssist:
        """A gearbox assist of this kind for the car being driven (the settings may change it mid-drive); the
        tachometer's scale follows the same gearbox."""
        self._show_gearbox()
        return self.loop.new_assist(mode)

    def _show_gearbox(self) -> None:
        """The tachometer's scale: the gearbox of the car being driven."""
        box = self.session.model.gearbox(self.session.car)
        self.hud.set_gearbox(box.idle_rpm, box.redline_rpm)

    def on_action(self, action: str) -> None:
        """Shift, camera, reset, mute, debug and reload keys."""
        if action in ("shift_up", "shift_down"):
            self.loop.shift(1 if action == "shift_up" else -1)
        elif action == "camera":
            self.hud.show_message(f"Camera: {self.rig.cycle()}", 1.2)
        elif action == "reset":
            self.reset_car()
        elif action == "mute":
            self.hud.show_message("Sound off" if self.audio.toggle_mute() else "Sound on", 1.2)
        elif action == "debug":
            shown = self.debug.toggle()
            if self.minimap is not None:  # the model's telemetry box takes the minimap's corner while F3 is up
                self.minimap.set_visible(not shown and self.settings.minimap)
        elif action == "reload":
            self.reload_catalog()
        elif action in ("add_ai", "remove_ai") and self.loop.live:
            self.hud.show_message(self.fleet.change(1 if action == "add_ai" else -1, load_drivers), 1.5)
        elif action == "call_ai":
            s = self.session.state
            self.send_fleet(s.x, s.z, "to you")

    def toggle_ai_overlay(self) -> None:
        """Ctrl+Shift+Space: the AI debug overlay on or off (it also shows with the F3 panel)."""
        on = self.fleet.toggle_overlay()
        if on is not None:
            self.hud.show_message(f"AI overlay {'on' if on else 'off'}", 1.2)

    def click_ground(self) -> None:
        """A click on the ground sends the AI cars there."""
        if self.run.traffic is None:
            return
        from game.view.world.ground_pick import pick_ground

        hit = pick_ground(self.world)
        if hit is not None:
            self.send_fleet(hit[0], hit[1])

    def send_fleet(self, x: float, z: float, where: str = "") -> None:
        """Send the AI cars to (x, z) (recorded in the replay); a line on the HUD says so."""
        if self.loop.send_fleet(x, z):
            self.hud.show_message(f"AI cars called {where}" if where else f"AI cars sent to ({x:.0f}, {z:.0f})", 1.5)

    @property
    def traffic_view(self):
        """The AI cars on screen (None without any)."""
        return self.fleet.traffic

    def destroy(self) -> None:
        """Remove everything this scene created."""
        self.taps.close()
        pieces = [self.car_model, self.skidmarks, self.particles, self.hud, self.debug, self.audio, self.score_hud, self.ghost_view,
                 self.parking_hud, self.bay_marker, self.minimap, self.fleet, self.course, self.tandem]
        if self._own_world_view:
            pieces.append(self.world_view)
        else:
            self.world_view.show_zones(False)
        for part in pieces:
            if part is not None:
                part.destroy()
