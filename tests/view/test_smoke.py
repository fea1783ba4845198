"""Tyre smoke that builds (game/view/effects/smoke.py): a held drift grows a lingering cloud from the driven wheels,
kicks puff, locked wheels smoke a little, tiers differ, and a map's breeze is read (and bad breeze data refused)."""

from __future__ import annotations

import json

import pytest

from game import paths
from game.content.catalog import load_catalog
from game.content.tracks import load_track
from game.safe_json import DataError
from game.view.effects.particles import KINDS
from game.view.effects.smoke import DEFAULT_WIND, SMOKE_LOOKS, SmokeBuild, driven_wheels, wind_from_look

DT = 1 / 60
DRIFT = (1.0, 0.9, 0.7, 0.7)  # RL, RR, FL, FR: a full slide, the outside rear hardest
SMOKE_LIFE = KINDS["smoke"].life_s


def drive(build: SmokeBuild, seconds: float, slips=DRIFT, speed: float = 15.0, brake: float = 0.0, t0: float = 0.0):
    """Step a build for `seconds`; every puff emitted as (birth time, wheel, count, size, life in s)."""
    out = []
    for n in range(round(seconds / DT)):
        t = t0 + n * DT
        for p in build.step(slips, DT, speed, brake):
            out.append((t, p.wheel, p.count, p.size, SMOKE_LIFE * p.life))
    return out


def alive(puffs, t: float) -> tuple[int, float]:
    """Puffs alive at time t and the area they cover (sum of size^2), at their mean size and life (the pool varies each 20 %)."""
    live = [(c, s) for born, _w, c, s, life in puffs if born <= t < born + life]
    return sum(c for c, _ in live), sum(c * s * s for c, s in live)


@pytest.fixture(scope="module")
def cars():
    return load_catalog().cars


def test_a_held_drift_builds_a_bigger_cloud_than_its_first_half_second(cars):
    puffs = drive(SmokeBuild(SMOKE_LOOKS["high"], driven_wheels(cars["vortex_gt"])), 3.0)
    n_early, area_early = alive(puffs, 0.5)
    n_late, area_late = alive(puffs, 3.0 - DT)
    assert n_early > 0
    assert n_late > 2 * n_early and area_late > 3 * area_early  # the first half second holds the initiation's kick
    early_size = [s for t, *_, s, _l in puffs if t < 0.5][-1]
    late_size = puffs[-1][3]
    assert late_size > 1.3 * early_size  # the held drift's puffs swell


def test_the_cloud_lingers_for_seconds_after_the_drift_ends(cars):
    build = SmokeBuild(SMOKE_LOOKS["high"], driven_wheels(cars["vortex_gt"]))
    puffs = drive(build, 3.0)
    after = drive(build, 2.0, slips=(0.0, 0.0, 0.0, 0.0), t0=3.0)
    assert after == []  # nothing new once the tyres grip ...
    held = alive(puffs, 3.0 - DT)[0]
    assert alive(puffs, 4.0)[0] > 0.6 * held and alive(puffs, 5.0)[0] > 0.2 * held  # ... but seconds on, the cloud is there
    low = drive(SmokeBuild(SMOKE_LOOKS["low"], driven_wheels(cars["vortex_gt"])), 3.0)
    assert alive(low, 3.0 + 1.0)[0] > 0  # on Low too, a second on


def test_both_driven_wheels_smoke_rwd_rears_and_awd_all_four(cars):
    assert driven_wheels(cars["vortex_gt"]) == (True, True, False, False)
    rwd = drive(SmokeBuild(SMOKE_LOOKS["high"], driven_wheels(cars["vortex_gt"])), 2.0)
    awd = drive(SmokeBuild(SMOKE_LOOKS["high"], driven_wheels(cars["rally_lynx"])), 2.0)
    per_wheel = [[sum(c for _t, w, c, *_ in puffs if w == i) for i in range(4)] for puffs in (rwd, awd)]
    rl, rr, fl, fr = per_wheel[0]
    assert rl > 10 and rr > 10 and fl == fr == 0  # RWD: the two rears, each by its own slip
    assert rl > rr
    assert all(n > 10 for n in per_wheel[1])  # AWD: all four
    assert per_wheel[1][0] > per_wheel[1][2]  # the fronts slide less, so smoke less


def test_a_clutch_kick_bursts_but_a_steady_slide_does_not(cars):
    look = SMOKE_LOOKS["high"]
    build = SmokeBuild(look, driven_wheels(cars["vortex_gt"]))
    drive(build, 1.0, slips=(0.1, 0.1, 0.0, 0.0))
    kick = build.step((0.95, 0.95, 0.3, 0.3), DT, 12.0)
    bursts = [p for p in kick if p.count == look.kick_puffs]
    assert sorted(p.wheel for p in bursts) == [0, 1]
    steady = drive(build, 1.0, slips=(0.95, 0.95, 0.3, 0.3))
    assert max(c for _t, _w, c, *_ in steady) < look.kick_puffs  # held, it streams instead of bursting again


def test_locked_wheels_under_braking_smoke_a_little(cars):
    look = SMOKE_LOOKS["high"]
    locked = (0.8, 0.8, 0.8, 0.8)
    braking = drive(SmokeBuild(look, driven_wheels(cars["vortex_gt"])), 2.0, slips=locked, brake=1.0)
    coasting = drive(SmokeBuild(look, driven_wheels(cars["vortex_gt"])), 2.0, slips=(0.0, 0.0, 0.8, 0.8))
    fronts = sum(c for _t, w, c, *_ in braking if w >= 2)
    rears = sum(c for _t, w, c, *_ in braking if w < 2)
    assert 0 < fronts < 0.5 * rears
    assert not any(w >= 2 for _t, w, *_ in coasting)  # a front sliding wide with no brake: no smoke from it


def test_tiers_differ_high_builds_more_bigger_longer_smoke_than_low(cars):
    driven = driven_wheels(cars["vortex_gt"])
    high = drive(SmokeBuild(SMOKE_LOOKS["high"], driven), 3.0)
    low = drive(SmokeBuild(SMOKE_LOOKS["low"], driven), 3.0)
    assert sum(p[2] for p in high) > 1.4 * sum(p[2] for p in low)
    assert max(p[3] for p in high) > max(p[3] for p in low)
    assert max(p[4] for p in high) > max(p[4] for p in low)
    assert SMOKE_LOOKS["high"].max_screen > SMOKE_LOOKS["low"].max_screen
    assert drive(SmokeBuild(SMOKE_LOOKS["off"], driven), 1.0) == []


def test_a_maps_breeze_is_read_from_its_look_with_a_default():
    x, z = wind_from_look({"wind_speed_mps": 2.0, "wind_heading_deg": 90.0})
    assert x == pytest.approx(2.0) and z == pytest.approx(0.0, abs=1e-9)  # towards +x
    x, z = wind_from_look(())
    assert (x * x + z * z) ** 0.5 == pytest.approx(DEFAULT_WIND[0])


@pytest.mark.parametrize("field, bad", [("wind_speed_mps", -2.0), ("wind_speed_mps", "breezy"), ("wind_heading_deg", 9000)])
def test_bad_wind_data_is_refused_with_one_line_naming_file_and_field(tmp_path, field, bad):
    data = json.loads((paths.TRACKS_DIR / "sideways_park.json").read_text())
    data["look"][field] = bad
    path = tmp_path / "windy.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as err:
        load_track(str(path), set(load_catalog().surfaces))
    msg = str(err.value)
    assert "\n" not in msg and "windy.json" in msg and f"look.{field}" in msg
