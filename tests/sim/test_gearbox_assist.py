"""Gearbox assists: shift presses and telemetry become clutch and gear requests (pure, hand-computed)."""

from __future__ import annotations

import pytest

from game.sim.controls import Controls
from game.sim.gearbox_assist import AUTOMATIC, MANUAL, MISSED_SHIFT, SEQUENTIAL, TUNING, GearboxAssist
from game.sim.models.gearbox_info import GearboxInfo
from game.sim.models.model_registry import MODELS

DT = 1.0 / 120.0
FINAL = 3.4
# the manual-car note's gearbox: idle 1000, limiter 7000 -> automatic upshift at 1000 + 0.92 * 6000 = 6520 rpm
NOTE_BOX = GearboxInfo(5, 1000.0, 7000.0, takes_requests=True, ratios=tuple(r * FINAL for r in (3.5, 2.0, 1.4, 1.0, 0.8)))


class FakeGearbox:
    """Stands in for a model: takes a gear request while the clutch is at least half pressed."""

    def __init__(self, gear: int = 1) -> None:
        self.gear = gear
        self.sent: list[Controls] = []

    def drive(self, assist: GearboxAssist, c: Controls, steps: int, rpm: float = 3000.0, fwd: float = 10.0,
              sliding: bool = False) -> Controls:
        out = c
        for _ in range(steps):
            out = assist.step(c, self.gear, rpm, fwd, DT, sliding=sliding)
            self.sent.append(out)
            if out.gear is not None and out.clutch >= 0.5:
                self.gear = out.gear
        return out


def test_manual_shift_goes_in_only_with_the_clutch_pressed() -> None:
    box, a = FakeGearbox(1), GearboxAssist(MANUAL, NOTE_BOX)
    a.press(+1)
    box.drive(a, Controls(throttle=1.0), 60)  # half a second without the clutch
    assert box.gear == 1
    assert {c.gear for c in box.sent[:30]} == {2}  # asked for 2nd for request_hold_s (0.3 s = 36 steps) ...
    assert box.sent[-1].gear is None and a.notice == MISSED_SHIFT  # ... then gave up and says why
    assert all(c.clutch == 0.0 for c in box.sent)  # manual never touches the clutch itself
    a.notice = None
    a.press(+1)
    out = box.drive(a, Controls(throttle=0.0, clutch=1.0), 3)
    assert box.gear == 2 and out.gear is None and a.notice is None  # in at once, then no more requests


def test_manual_walks_down_through_neutral_to_reverse_only_when_nearly_stopped() -> None:
    box, a = FakeGearbox(1), GearboxAssist(MANUAL, NOTE_BOX)
    a.press(-1)
    a.press(-1)  # two presses in one frame: 1 -> N -> R
    box.drive(a, Controls(clutch=1.0), 2, fwd=0.2)
    assert box.gear == -1
    box2, b = FakeGearbox(0), GearboxAssist(MANUAL, NOTE_BOX)
    b.press(-1)  # rolling at 5 m/s: no reverse
    box2.drive(b, Controls(clutch=1.0), 5, fwd=5.0)
    assert box2.gear == 0 and all(c.gear is None for c in box2.sent)
    box3, c3 = FakeGearbox(5), GearboxAssist(MANUAL, NOTE_BOX)
    c3.press(+1)  # top gear: nothing above it
    box3.drive(c3, Controls(clutch=1.0), 3)
    assert box3.gear == 5 and all(c.gear is None for c in box3.sent)


def test_sequential_dips_the_clutch_for_a_shift_and_lets_it_out_over_release_s() -> None:
    box, a = FakeGearbox(2), GearboxAssist(SEQUENTIAL, NOTE_BOX)
    a.press(+1)
    first = box.drive(a, Controls(throttle=1.0), 1)
    assert (first.clutch, first.gear, first.throttle) == (1.0, 3, 1.0)
    assert box.gear == 3
    dip_steps = round(TUNING.dip_s / DT)  # 12 steps (0.1 s) fully pressed, the first included
    box.drive(a, Controls(throttle=1.0), dip_steps - 1)
    assert [c.clutch for c in box.sent] == [1.0] * dip_steps
    assert [c.gear for c in box.sent] == [3] * (dip_steps - 1) + [None]  # asked until the dip ends
    half = round(TUNING.release_s / 2 / DT)  # 9 steps: the clutch half way out
    out = box.drive(a, Controls(throttle=1.0), half)
    assert out.clutch == pytest.approx(0.5) and out.gear is None
    out = box.drive(a, Controls(throttle=1.0), half)
    assert out.clutch == pytest.approx(0.0, abs=1e-9)
    assert box.drive(a, Controls(throttle=1.0), 1).clutch == 0.0


def test_a_clutch_pedal_passes_through_every_assist() -> None:
    for mode in (MANUAL, SEQUENTIAL, AUTOMATIC):
        out = GearboxAssist(mode, NOTE_BOX).step(Controls(throttle=1.0, clutch=0.7), 3, 4000.0, 15.0, DT)
        assert out.clutch == 0.7 and out.gear is None, mode  # a clutch kick is the driver's


def test_automatic_shifts_up_at_92_percent_of_the_rev_range() -> None:
    box, a = FakeGearbox(2), GearboxAssist(AUTOMATIC, NOTE_BOX)
    box.drive(a, Controls(throttle=1.0), 10, rpm=6500.0)  # just under 6520
    assert box.gear == 2
    box.drive(a, Controls(throttle=1.0), 1, rpm=6530.0)
    assert box.gear == 3 and box.sent[-1].clutch == 1.0
    box.drive(a, Controls(throttle=1.0), 60, rpm=6600.0)  # still high, but it holds 0.8 s after a shift
    assert box.gear == 3
    box.drive(a, Controls(throttle=1.0), 60, rpm=6600.0)
    assert box.gear == 4


def test_automatic_shifts_up_sooner_where_the_model_says_the_next_gear_pulls_harder() -> None:
    early = GearboxInfo(5, 1000.0, 7000.0, takes_requests=True, ratios=NOTE_BOX.ratios, upshift_rpm=(6000.0, 6100.0, 6900.0, 6900.0))
    box, a = FakeGearbox(1), GearboxAssist(AUTOMATIC, early)
    box.drive(a, Controls(throttle=1.0), 1, rpm=5990.0)
    assert box.gear == 1
    box.drive(a, Controls(throttle=1.0), 1, rpm=6010.0)  # past 1st's best upshift, well under the 6520 rule
    assert box.gear == 2
    box, a = FakeGearbox(3), GearboxAssist(AUTOMATIC, early)
    box.drive(a, Controls(throttle=1.0), 1, rpm=6530.0)  # 3rd's best (6900) is past the 92% rule: the rule wins
    assert box.gear == 4


def test_the_simulation_models_shift_points_are_where_the_next_gear_pulls_harder(catalog) -> None:
    from game.sim.models import drivetrain as dtr

    car = catalog.cars["hatch"]
    d, box = car.drivetrain, MODELS["sim"].gearbox(car)
    assert len(box.upshift_rpm) == 4
    for gear, rpm in enumerate(box.upshift_rpm, start=1):
        lo, hi = d.gearing.total(gear), d.gearing.total(gear + 1)

        def net(r: float) -> float:
            return dtr.torque_curve_nm(d.engine, r) - dtr.friction_torque_nm(d.engine, r)

        assert net(rpm - 20) * lo > net((rpm - 20) * hi / lo) * hi  # just below it this gear pulls harder
        assert net(rpm) * lo <= net(rpm * hi / lo) * hi  # from it, the next one does
    assert box.upshift_rpm[0] < 1000 + 0.92 * (d.engine.redline_rpm - 1000)  # sooner than the near-redline rule


def test_automatic_shifts_down_when_the_revs_sag_but_not_into_a_gear_that_would_overrev() -> None:
    box, a = FakeGearbox(3), GearboxAssist(AUTOMATIC, NOTE_BOX)
    box.drive(a, Controls(throttle=0.2), 1, rpm=2900.0)  # above 1000 + 0.3 * 6000 = 2800
    assert box.gear == 3
    box.drive(a, Controls(throttle=0.2), 1, rpm=2700.0)  # 2nd lands at 2700 * 2.0 / 1.4 = 3857 < 0.85 * 6520
    assert box.gear == 2
    wide = GearboxInfo(2, 1000.0, 7000.0, takes_requests=True, ratios=(5.0 * FINAL, 2.0 * FINAL))
    box2, b = FakeGearbox(2), GearboxAssist(AUTOMATIC, wide)
    box2.drive(b, Controls(throttle=0.2), 120, rpm=2700.0)  # 1st would land at 6750 > 5542: stay in 2nd
    assert box2.gear == 2


def test_automatic_picks_reverse_and_first_at_a_standstill_and_swaps_the_pedals_in_reverse() -> None:
    box, a = FakeGearbox(1), GearboxAssist(AUTOMATIC, NOTE_BOX)
    box.drive(a, Controls(brake=1.0), 1, rpm=1000.0, fwd=0.0)
    assert box.gear == -1
    out = box.drive(a, Controls(brake=1.0), 120, rpm=1500.0, fwd=-0.2)
    assert (out.throttle, out.brake) == (1.0, 0.0)  # in reverse the brake key drives
    box.drive(a, Controls(throttle=1.0), 1, rpm=1000.0, fwd=-0.1)
    assert box.gear == 1
    box0, b = FakeGearbox(0), GearboxAssist(AUTOMATIC, NOTE_BOX)
    box0.drive(b, Controls(), 1, rpm=1000.0, fwd=0.0)
    assert box0.gear == 1  # neutral at rest: it puts itself in first


def test_arcade_cosmetic_gearbox_is_left_alone() -> None:
    arcade = MODELS["arcade"]
    info = arcade.gearbox(None)
    assert not info.takes_requests and info.redline_rpm > info.idle_rpm
    a = GearboxAssist(SEQUENTIAL, info)
    a.press(+1)
    c = Controls(throttle=0.5, clutch=0.4, gear=3)
    assert a.step(c, 2, 5000.0, 20.0, DT) == Controls(throttle=0.5, clutch=0.4)
    assert a.presses == []


def test_reset_forgets_a_shift_in_progress_and_bad_modes_are_refused() -> None:
    a = GearboxAssist(SEQUENTIAL, NOTE_BOX)
    a.press(+1)
    a.step(Controls(), 1, 3000.0, 5.0, DT)
    a.reset()
    assert a.step(Controls(), 1, 3000.0, 5.0, DT) == Controls()
    with pytest.raises(ValueError, match="gearbox assist must be one of manual, sequential, automatic"):
        GearboxAssist("paddles", NOTE_BOX)


def test_automatic_shifts_on_road_speed_so_wheelspin_does_not_shift_it_up() -> None:
    # note's hatch: 0.33 m wheels, 1st = 3.5 x 3.4 = 11.9: 67.8 km/h is 18.83 / 0.33 x 11.9 x 9.549 = 6485 rpm
    box = GearboxInfo(5, 1000.0, 7000.0, takes_requests=True, ratios=NOTE_BOX.ratios, wheel_radius_m=0.33)
    assert box.road_rpm(1, 67.8 / 3.6) == pytest.approx(6485, abs=2)
    spin, a = FakeGearbox(1), GearboxAssist(AUTOMATIC, box)
    spin.drive(a, Controls(throttle=1.0), 60, rpm=6900.0, fwd=7.7)  # 27.7 km/h with the rear wheels spinning at 6900
    assert spin.gear == 1
    grip, b = FakeGearbox(1), GearboxAssist(AUTOMATIC, box)
    grip.drive(b, Controls(throttle=1.0), 1, rpm=6600.0, fwd=6600.0 / 6485 * 67.8 / 3.6)  # road speed at 6600 rpm
    assert grip.gear == 2


def test_automatic_holds_its_gear_through_a_slide_but_the_drivers_presses_still_shift() -> None:
    box, a = FakeGearbox(3), GearboxAssist(AUTOMATIC, NOTE_BOX)
    box.drive(a, Controls(throttle=1.0), 120, rpm=2500.0, sliding=True)  # below the 2800 rpm downshift point
    assert box.gear == 3
    box.drive(a, Controls(throttle=1.0), 120, rpm=6700.0, sliding=True)  # above the 6520 rpm upshift point
    assert box.gear == 3
    box.drive(a, Controls(throttle=1.0), 1, rpm=6700.0)  # grip again: it shifts
    assert box.gear == 4
    a.press(-1)  # the driver's own press, mid-slide
    box.drive(a, Controls(throttle=1.0), 60, rpm=4000.0, sliding=True)
    assert box.gear == 3
