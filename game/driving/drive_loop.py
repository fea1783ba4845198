"""The drive loop: once a frame, a DriftRun's fixed steps, driven by the player's keys or by a recording (no engine).

Per frame: the clock turns the frame's time into whole sim steps; the driver's held keys become Controls through the
InputMapper (once a frame) and the gearbox assist (every step), or a Playback gives each step's controls and cues, or
an autopilot (a drift driver, game/sim/run/autopilot.py) decides each step's controls from the car's state; then the run steps
(and records them, so the replay plays an autopilot's drive back through the one Playback path like the keys').
The drive scene calls `frame` and draws what came out; tests call it with fake keys.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.content.drivers import load_drivers
from game.driving.input import InputMapper
from game.sim.clock import FixedClock
from game.sim.controls import Controls
from game.sim.gearbox_assist import GearboxAssist
from game.sim.run.drift_run import DriftRun
from game.sim.run.modes.base import StepResult
from game.sim.run.playback import Playback, RunCues

MIN_STEPS_PER_FRAME = 8  # the clock's cap on steps per frame, unless frames are known to be longer (headless)


class DriveLoop:
    """Steps one drive: its clock, the player's input mapping and gearbox assist, or the recording that drives it."""

    def __init__(self, run: DriftRun, settings, *, playback: Playback | None = None, max_frame_dt: float | None = None,
                 change_fleet: Callable[[int], object] | None = None, autopilot=None) -> None:
        """settings: bindings, stick deadzone, steer sensitivity and gearbox assist; max_frame_dt: the longest frame to
        simulate whole (headless frames); change_fleet(delta): how a recording's AI cars join or leave (default: the run);
        autopilot: a controller (`controls(session, car)`) that drives car 0 instead of the keys."""
        hz = run.setup.hz
        self.run = run
        self.session = run.session
        self.clock = FixedClock(hz, max_steps=max(MIN_STEPS_PER_FRAME, int(max_frame_dt * hz) + 2) if max_frame_dt else MIN_STEPS_PER_FRAME)
        self.mapper = InputMapper(settings.bindings, settings.gamepad_deadzone, settings.steer_sensitivity)
        self.assist = self.new_assist(settings.gearbox_assist)
        self.playback = playback
        self.autopilot = autopilot
        self.cues = RunCues(run, change_fleet=change_fleet or self._change_fleet)
        self.intent = Controls()  # what the driver asks for this frame, before the gearbox assist
        self.controls = Controls()  # what the last sim step got
        self.paused = False
        self.wheel: Callable[[], object] | None = None  # the wheel's input this frame (game/driving/wheel_mapping.py WheelInput) or None
        self.retuned = False  # the catalog changed mid-drive (a replay of it would not reproduce)

    @property
    def live(self) -> bool:
        """The player drives (no recording or autopilot does)."""
        return self.playback is None and self.autopilot is None

    def set_autopilot(self, autopilot) -> None:
        """From the next step on, this controller drives car 0 (None: the keys again, released)."""
        self.autopilot = autopilot
        self.mapper.reset()
        self.assist.reset()

    def frame(self, frame_dt: float, held: Mapping[str, float]) -> StepResult:
        """Advance by this frame's time in fixed steps (none while paused or once the run is over); what they produced."""
        out = StepResult()
        if self.paused:
            return out
        if self.live:
            wheel = self.wheel() if self.wheel is not None else None
            self.intent = self.mapper.update(held, frame_dt, wheel)
            for d in getattr(wheel, "shifts", ()):
                self.assist.press(d)
        for _ in range(self.clock.advance(frame_dt)):
            if self.run.finished:
                break
            s = self.session
            if self.playback is not None:
                self.controls = self.playback.drive(s.steps, s.t, self.cues)
            elif self.autopilot is not None:
                self.controls = self.autopilot.controls(s, s.player)
            else:
                st = s.state
                tel = st.telemetry
                self.controls = self.assist.step(self.intent, tel.gear, tel.rpm, st.forward, s.dt, sliding=st.drifting)
            step = self.run.step(self.controls)
            if step.staged:  # the mode staged the car for its next run (Qualifying): shifts in progress are forgotten
                self.assist.reset()
            out.add(step)
        return out

    def set_paused(self, paused: bool) -> None:
        """Freeze or resume the sim (the clock forgets the time spent paused, the pedals are released)."""
        self.paused = paused
        self.clock.accumulator = 0.0
        self.mapper.reset()
        self.assist.reset()

    def reset_car(self) -> None:
        """Put the car back on the track where it last drove cleanly (recorded in the replay); pedals released."""
        self.run.reset()
        self.mapper.reset()
        self.assist.reset()
        restart = getattr(getattr(self.autopilot, "briefs", None), "restart", None)
        if restart is not None:
            restart()  # the autopilot drives on afresh from where the car was put

    def shift(self, direction: int) -> None:
        """A shift key: up (+1) or down (-1) through the gearbox assist; a recording shifts for itself."""
        if self.live:
            self.assist.press(direction)

    def send_fleet(self, x: float, z: float) -> bool:
        """The player sends the AI cars to (x, z) (recorded); False without AI cars, or while a recording drives."""
        return self.live and self.run.send_fleet(x, z)

    def new_assist(self, mode: str) -> GearboxAssist:
        """A gearbox assist of this kind for the car being driven (settings or a retune may change it mid-drive)."""
        return GearboxAssist(mode, self.session.model.gearbox(self.session.car))

    def retune(self, catalog) -> str | None:
        """Live retuning: drive on with this catalog's values for the car, not moved; why not, if it cannot (one line)."""
        car_id = self.session.car.id
        if car_id not in catalog.cars:
            return f"has no car {car_id!r} any more"
        if not self.session.model.supports(catalog.car(car_id)):
            return f"car {car_id!r} lost its data for the {self.session.model.name} model"
        self.run.retune(catalog)
        self.assist = self.new_assist(self.assist.mode)
        self.retuned = True
        return None

    def _change_fleet(self, delta: int) -> None:
        """A recording's AI car joins (+1, driving by the run's roster, else data/drivers.json) or the newest leaves."""
        traffic = self.run.traffic
        self.run.change_fleet(delta, traffic.roster if traffic is not None else load_drivers())
