"""The arcade model's cosmetic gearbox: gear and rpm read off the speed, owned by the sim."""

from __future__ import annotations

import numpy as np

from game.sim.controls import Controls
from game.sim.models.cosmetic_gearbox import LOOK, advance, shift_gear, target_rpm
from tests.support.simdrive import drive, flat_session

TOP = 60.0


def _gears(speeds, start: int = 1) -> list[int]:
    """Gear after each speed of a sweep."""
    gear, out = start, []
    for v in speeds:
        gear = shift_gear(gear, float(v), TOP)
        out.append(gear)
    return out


def test_gear_rises_with_speed_and_falls_back():
    up = _gears(np.linspace(0, TOP, 200))
    assert up[0] == 1 and up[-1] == LOOK.gear_count
    assert all(b >= a for a, b in zip(up, up[1:]))
    down = _gears(np.linspace(TOP, 0, 200), start=LOOK.gear_count)
    assert down[-1] == 1
    assert all(b <= a for a, b in zip(down, down[1:]))


def test_no_gear_flapping_when_speed_dithers_round_a_shift_point():
    shift = LOOK.gear_tops[1] * TOP
    gears = _gears([shift + d for d in (0.3, -0.3) * 50], start=2)  # +-0.3 m/s around the 2->3 shift
    assert gears[0] == 3 and len(set(gears)) == 1


def test_downshift_waits_for_the_margin():
    shift = LOOK.gear_tops[1] * TOP
    assert shift_gear(3, shift - 0.5 * LOOK.downshift_margin * TOP, TOP) == 3
    assert shift_gear(3, shift - 1.5 * LOOK.downshift_margin * TOP, TOP) == 2


def test_rpm_drops_on_upshift_and_rises_within_a_gear():
    gear, rpm, seen = 1, None, []
    for v in np.linspace(0.5, TOP * 0.5, 400):
        gear, rpm = advance(gear, rpm, float(v), TOP, 1.0, False, 10.0)  # long dt: rpm settles on its target
        seen.append((gear, rpm))
    for (g0, r0), (g1, r1) in zip(seen, seen[1:]):
        if g1 == g0:
            assert r1 >= r0 - 1e-6
        else:
            assert g1 == g0 + 1 and r1 < r0


def test_first_gear_launch_is_clutch_held_and_air_revs_up():
    # 7000 rpm at 16% of top speed in first: at 1% the wheels alone would give 437.5 rpm, the clutch holds 3400
    assert target_rpm(1, 0.01 * TOP, TOP, 1.0, False) == LOOK.launch_rpm
    assert target_rpm(3, 20.0, TOP, 0.5, True) > target_rpm(3, 20.0, TOP, 0.5, False)


def test_the_arcade_model_reports_gear_and_rpm_from_its_speed(catalog):
    s = flat_session(catalog, "hatch")
    assert (s.state.telemetry.gear, s.state.telemetry.rpm) == (1, LOOK.idle_rpm)
    drive(s, Controls(throttle=1.0), 6.0)
    tel = s.state.telemetry
    assert tel.gear == shift_gear(1, s.state.speed, catalog.cars["hatch"].top_speed) > 1
    assert LOOK.idle_rpm < tel.rpm <= LOOK.redline_rpm
    assert tel.clutch is None  # no clutch in the arcade model
