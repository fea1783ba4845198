"""Gearbox assists: the driver's shift presses and the model's telemetry turned into clutch and gear requests.

A controller-side helper (pure, deterministic, no devices): it sits between the input mapper
and the session, so what it decides is recorded in replays like any other control.

- manual: a shift press asks the gearbox for the next gear for a moment; it goes in only if the
  clutch is pressed then (by the driver's foot, or the model's automatic clutch at low speed).
- sequential: a shift press dips the clutch fully, asks for the gear, and lets the clutch out again.
- automatic: as sequential, and it shifts on its own: up near the redline (or where the model says the next
  gear pulls harder), down when the revs sag
  (only if the lower gear lands clear of the upshift point, so it does not hunt), reading the rpm
  the road speed gives where the gearbox says how (so wheelspin does not shift it up), first gear and reverse at a
  standstill from the throttle and the brake; in reverse the
  throttle and brake pedals swap, as on an arcade automatic. It holds its gear through a slide: a
  shift's clutch dip would cut the drive that keeps a drift going (the driver's own presses still shift).

The driver's own clutch pedal always passes through (a clutch kick works in every assist); in manual, so does the
driver's own gear request (an H-pattern shifter) while no shift press is in progress. Models
whose gearbox takes no requests (the arcade model's cosmetic one) are left alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.sim.controls import NEUTRAL_GEAR, REVERSE, Controls
from game.sim.models.gearbox_info import GearboxInfo

MANUAL, SEQUENTIAL, AUTOMATIC = "manual", "sequential", "automatic"
ASSISTS: tuple[str, ...] = (MANUAL, SEQUENTIAL, AUTOMATIC)
ASSIST_LABELS = {MANUAL: "Manual (clutch + shift)", SEQUENTIAL: "Sequential (clutch on shifts)", AUTOMATIC: "Automatic"}
MISSED_SHIFT = "Press the clutch to change gear"
_EPS_S = 1e-9  # phase times are sums of dt: compare them with this slack


@dataclass(frozen=True, slots=True)
class AssistTuning:
    """How the assists work the clutch and when the automatic shifts; times in s, speeds in m/s."""

    request_hold_s: float = 0.3  # manual: a shift request waits this long for the clutch
    dip_s: float = 0.1  # sequential/automatic: the clutch stays fully pressed at least this long in a shift
    dip_max_s: float = 0.4  # ... and comes back out after this long even if the gear did not go in
    release_s: float = 0.15  # the clutch is let out over this time after a shift
    upshift_frac: float = 0.92  # automatic: shift up at this fraction of the way from idle to redline at the latest
    downshift_frac: float = 0.3  # automatic: shift down below this fraction of the way ...
    downshift_room: float = 0.85  # ... if the lower gear's rpm stays below this share of the upshift rpm
    shift_hold_s: float = 0.8  # automatic: no shift of its own this soon after the last one
    reverse_max_mps: float = 1.5  # reverse is asked for only slower than this
    stopped_mps: float = 0.5  # automatic: slower than this counts as stopped (brake = reverse, throttle = first)
    pedal_on: float = 0.3  # automatic: a pedal counts as pressed from this travel


TUNING = AssistTuning()


class GearboxAssist:
    """One car's assist; `press(+1/-1)` on a shift key, `step(...)` once per sim step."""

    def __init__(self, mode: str, gearbox: GearboxInfo, tuning: AssistTuning = TUNING) -> None:
        if mode not in ASSISTS:
            raise ValueError(f"gearbox assist must be one of {', '.join(ASSISTS)}, got {mode!r}")
        self.mode, self.gearbox, self.tuning = mode, gearbox, tuning
        self.presses: list[int] = []
        self.target: int | None = None  # the gear being asked for
        self.phase = "idle"  # idle | request (manual) | dip | release
        self.phase_s = 0.0
        self.since_shift_s = tuning.shift_hold_s
        self.auto_clutch = 0.0  # the clutch travel the assist adds on top of the driver's
        self.notice: str | None = None  # one line for the HUD (a missed manual shift); the reader clears it

    def press(self, direction: int) -> None:
        """The driver pressed shift up (+1) or shift down (-1)."""
        if direction in (-1, 1):
            self.presses.append(direction)

    def reset(self) -> None:
        """Forget shifts in progress (the car was reset or the game paused)."""
        self.presses.clear()
        self.target, self.phase, self.phase_s, self.auto_clutch = None, "idle", 0.0, 0.0

    def step(self, c: Controls, gear: int | None, rpm: float | None, forward_mps: float, dt: float, sliding: bool = False) -> Controls:
        """The controls to send this step, from the driver's and the model's last gear, rpm and forward speed, and
        whether the car is sliding (drifting) now."""
        if not self.gearbox.takes_requests:
            self.presses.clear()
            return c if c.gear is None else replace(c, gear=None)
        gear = NEUTRAL_GEAR if gear is None else gear
        self.since_shift_s += dt
        for d in self.presses:
            base = self.target if self.target is not None else gear
            nxt = self._next(base, d, forward_mps)
            if nxt != base:
                self._begin(nxt)
        self.presses.clear()
        if self.mode == AUTOMATIC and self.phase == "idle" and self.since_shift_s >= self.tuning.shift_hold_s and not sliding:
            want = self._auto_choice(c, gear, rpm, forward_mps)
            if want is not None and want != gear:
                self._begin(want)
        out_gear = self._advance(gear, dt)
        if self.mode == AUTOMATIC and gear == REVERSE:
            c = replace(c, throttle=c.brake, brake=c.throttle)  # reverse: the brake pedal drives
        if out_gear is None and self.mode == MANUAL:
            out_gear = c.gear  # manual: the driver's own request (an H-pattern shifter's gear) passes through
        return replace(c, clutch=max(c.clutch, self.auto_clutch), gear=out_gear)

    # ---- shifting ------------------------------------------------------------------------------

    def _next(self, base: int, direction: int, forward_mps: float) -> int:
        """The gear one step up or down from `base` in R, N, 1..N (`base` itself past either end);
        reverse only when nearly stopped."""
        lo = REVERSE if self.gearbox.has_reverse and abs(forward_mps) < self.tuning.reverse_max_mps else NEUTRAL_GEAR
        n = base + direction
        return n if lo <= n <= self.gearbox.forward_gears else base

    def _begin(self, target: int) -> None:
        self.target = target
        self.phase = "request" if self.mode == MANUAL else "dip"
        self.phase_s = 0.0
        self.since_shift_s = 0.0

    def _advance(self, gear: int, dt: float) -> int | None:
        """Run the shift in progress; the gear to ask for this step (None: keep)."""
        t = self.tuning
        target = self.target
        if self.phase == "request":  # manual: ask while the driver's clutch decides
            if gear == target:
                self._done()
                return None
            if self.phase_s >= t.request_hold_s - _EPS_S:
                self.notice = MISSED_SHIFT
                self._done()
                return None
            self.phase_s += dt
            return target
        if self.phase == "dip":  # this step is part of the dip; it ends once the gear is in and dip_s is up
            self.auto_clutch = 1.0
            self.phase_s += dt
            if (gear == target and self.phase_s >= t.dip_s - _EPS_S) or self.phase_s >= t.dip_max_s - _EPS_S:
                self.target, self.phase, self.phase_s = None, "release", 0.0
                return None
            return target
        if self.phase == "release":
            self.phase_s += dt
            self.auto_clutch = max(0.0, 1.0 - self.phase_s / t.release_s) if t.release_s > 0 else 0.0
            if self.auto_clutch <= 0.0:
                self.phase = "idle"
        return None

    def _done(self) -> None:
        """The request is over (the gear went in, or it gave up)."""
        self.target, self.phase, self.phase_s = None, "idle", 0.0

    def _auto_choice(self, c: Controls, gear: int, rpm: float | None, forward_mps: float) -> int | None:
        """The gear the automatic wants now, or None to keep this one."""
        t, box = self.tuning, self.gearbox
        if abs(forward_mps) < t.stopped_mps:
            if gear >= NEUTRAL_GEAR and box.has_reverse and c.brake >= t.pedal_on and c.throttle < t.pedal_on:
                return REVERSE  # holding the brake at a standstill: back up
            if gear == REVERSE and c.throttle >= t.pedal_on and c.brake < t.pedal_on:
                return 1
            if gear == NEUTRAL_GEAR:
                return 1
            return None
        # shift on the rpm the road speed gives (where the gearbox says how): wheelspin revs do not count
        road = box.road_rpm(gear, forward_mps)
        now = road if road is not None else rpm
        if gear < 1 or now is None:
            return None
        span = box.redline_rpm - box.idle_rpm
        if now >= self._upshift_rpm(gear) and gear < box.forward_gears and c.throttle > 0.0:
            return gear + 1
        if gear > 1 and now < box.idle_rpm + t.downshift_frac * span:
            lower, here = box.ratio(gear - 1), box.ratio(gear)
            landing = now * lower / here if lower and here else now
            if landing < t.downshift_room * self._upshift_rpm(gear - 1):
                return gear - 1
        return None

    def _upshift_rpm(self, gear: int) -> float:
        """Shift up near the redline, or sooner where the model says the next gear pulls harder from there."""
        box = self.gearbox
        near_redline = box.idle_rpm + self.tuning.upshift_frac * (box.redline_rpm - box.idle_rpm)
        best = box.best_upshift_rpm(gear)
        return near_redline if best is None else min(best, near_redline)
