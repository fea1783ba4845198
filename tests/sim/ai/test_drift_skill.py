"""Drift skill: what a level and a driver's traits make of the DriftDriver, the roster's look-ups, and the seeded wander."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from game.content.drift_drivers import load_drift_drivers
from game.sim.ai.drift.skill import SKILLS, DriftProfile, SkillNoise, driver_params, level_of, skill_noise
from game.sim.ai.drift.tuning import DriftTuning


@pytest.fixture(scope="module")
def roster():
    return load_drift_drivers()


def _profile(roster, skill="pro", **traits) -> DriftProfile:
    base = roster.get(skill)
    return dataclasses.replace(base, **traits)


def test_the_params_are_drift_tuning_fields_and_an_ace_drives_the_driver_as_it_is(roster):
    fields = {f.name for f in dataclasses.fields(DriftTuning)}
    p = driver_params(roster.get("ace"), roster.skills)
    assert set(p) == {"angle_scale", "offset_m", "late_s", "clip_pull", "speed_scale", "initiation"} and set(p) <= fields
    defaults = {f.name: f.default for f in dataclasses.fields(DriftTuning) if f.name in p}
    assert p == pytest.approx(defaults)  # the first ace is the default driver (its wander aside)
    assert driver_params(roster.get("vera"))["initiation"] == "feint"


def test_a_weaker_level_drives_a_sloppier_driver(roster):
    ps = [driver_params(_profile(roster, s, target_angle_scale=1.0, line_precision=0.5), roster.skills) for s in SKILLS]
    for worse, better in zip(ps, ps[1:], strict=False):
        assert worse["angle_scale"] < better["angle_scale"] and worse["speed_scale"] < better["speed_scale"]
        assert worse["offset_m"] > better["offset_m"] and worse["late_s"] > better["late_s"] and worse["clip_pull"] < better["clip_pull"]
    rookie = roster.skills["rookie"]
    assert (ps[0]["offset_m"], ps[0]["clip_pull"]) == pytest.approx((rookie.offset_m, rookie.clip_pull))  # precision 0.5: the level's own


def test_line_precision_scales_the_line_errors_and_angle_taste_the_angle(roster):
    lv = roster.skills["rookie"]
    exact = driver_params(_profile(roster, "rookie", line_precision=1.0), roster.skills)
    wild = driver_params(_profile(roster, "rookie", line_precision=0.0), roster.skills)
    assert exact["offset_m"] == 0.0 and exact["clip_pull"] == 1.0
    assert wild["offset_m"] == pytest.approx(2 * lv.offset_m) and wild["clip_pull"] == pytest.approx(max(0.0, 1 - 2 * (1 - lv.clip_pull)))
    big = driver_params(_profile(roster, "rookie", target_angle_scale=1.2), roster.skills)
    assert big["angle_scale"] == pytest.approx(1.2 * lv.angle_share)


def test_a_profile_carries_its_level_and_without_one_says_so(roster):
    pip = roster.get("pip")
    assert driver_params(pip) == driver_params(pip, roster.skills)  # the loader gave it its level's numbers
    bare = dataclasses.replace(pip, level=None)
    with pytest.raises(ValueError, match="'pip': no numbers for its skill level 'rookie'"):
        driver_params(bare)
    assert level_of(bare, roster.skills) is roster.skills["rookie"]


def test_get_by_id_or_level_and_one_line_with_the_choices(roster):
    assert roster.get("marco").id == "marco" and roster.get("rookie").skill == "rookie" and roster.get("pro") is roster.profiles[2]
    with pytest.raises(ValueError) as e:
        roster.get("schumacher")
    text = str(e.value)
    assert "\n" not in text and "'schumacher'" in text and all(i in text for i in roster.ids) and "rookie, amateur, pro, ace" in text
    only_pros = dataclasses.replace(roster, profiles=tuple(p for p in roster.profiles if p.skill == "pro"))
    with pytest.raises(ValueError, match="no drift driver is 'ace' \\(the levels there are: pro\\)"):
        only_pros.get("ace")


def _trace(noise, ts):
    return np.array([noise.sample(t) for t in ts])


TS = np.arange(0.0, 30.0, 1.0 / 120.0)


def test_the_wander_is_the_generators_to_the_digit(roster):
    pip = roster.get("pip")
    a = _trace(skill_noise(pip, np.random.default_rng([7, 0, 1])), TS)
    b = _trace(skill_noise(pip, np.random.default_rng([7, 0, 1])), TS)
    c = _trace(skill_noise(pip, np.random.default_rng([7, 0, 2])), TS)
    assert np.array_equal(a, b)
    assert np.abs(a - c).max() > 1.0  # another run wanders another way
    backwards = _trace(skill_noise(pip, np.random.default_rng([7, 0, 1])), TS[::-1])[::-1]
    assert np.array_equal(a, backwards)  # a function of the time alone: how often or in which order it is asked changes nothing


def test_the_wander_is_smooth_and_as_large_as_the_level_and_consistency_say(roster):
    rms = {}
    for pid in ("pip", "vera"):
        p = roster.get(pid)
        tr = _trace(skill_noise(p, np.random.default_rng(11)), np.arange(0.0, 600.0, 0.05))
        lv = p.level
        want = 2 * (1 - p.consistency) * np.array([lv.noise_angle_deg, lv.noise_offset_m, lv.noise_speed_share])
        got = np.sqrt(np.mean((tr - [0.0, 0.0, 1.0]) ** 2, axis=0))
        assert got == pytest.approx(want, rel=0.25), pid  # the sum's RMS, over many periods
        rms[pid] = got
        step = np.abs(np.diff(_trace(skill_noise(p, np.random.default_rng(11)), TS), axis=0)).max(axis=0)
        per_step = 2 * math.pi / (120.0 * (1 - lv.noise_period_spread) * lv.noise_period_s) * want * math.sqrt(2 / lv.noise_components) * lv.noise_components
        assert np.all(step <= per_step + 1e-12), pid  # no jumps: a step moves it at most its fastest sine's slope allows
    assert rms["pip"][0] > 2.0 and rms["vera"][0] < 0.2  # a rookie visibly wanders (deg of aim), an ace barely
    assert rms["pip"][1] > 0.4 and rms["vera"][1] < 0.02  # m of line


def test_no_consistency_means_twice_the_level_and_full_consistency_none():
    rng = np.random.default_rng(0)
    still = SkillNoise(rng, 1.0, angle_deg=5.0, offset_m=1.0, speed_share=0.1, period_s=2.0)
    assert all(still.sample(t) == (0.0, 0.0, 1.0) for t in (0.0, 1.3, 7.9))
    wild = SkillNoise(np.random.default_rng(0), 0.0, angle_deg=5.0, period_s=2.0)
    assert wild.rms[0] == pytest.approx(10.0)
