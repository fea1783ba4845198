"""CarBatch against step_car: N cars stepped together must match N Sessions on FlatWorld, bit for bit."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.sim import batch as batch_mod
from game.sim import events as ev
from game.sim.batch import CarBatch
from game.sim.controls import Controls
from game.sim.session import Session
from game.sim.world import FlatWorld

SURFACES = ["asphalt", "grass", "snow", "dirt", "ice"]
FLOATS = ("x", "y", "z", "heading", "vx", "vy", "vz", "forward", "lateral", "steer_wheel", "handbrake", "landing_timer")
STEPS = 600
CHECK_EVERY = 50
LIFT_AT = 300  # some cars are lifted off the pad here, so they land while sliding, and some are turned


def control_plan(rng: np.random.Generator, n: int, steps: int) -> np.ndarray:
    """(steps, n, 4) throttle, brake, steer, handbrake: held segments of driving modes, some out of range or NaN."""
    out = np.zeros((steps, n, 4))
    for car in range(n):
        t = 0
        while t < steps:
            length = int(rng.integers(15, 150))
            side = rng.choice([-1.0, 1.0])
            mode = int(rng.integers(0, 7))
            seg = [
                (1.0, 0.0, rng.uniform(-0.1, 0.1), 0.0),  # flat out
                (rng.uniform(0.5, 1.0), 0.0, side * rng.uniform(0.3, 1.0), 0.0),  # powered turn
                (rng.uniform(0.4, 1.0), 0.0, side, 1.0),  # handbrake turn
                (0.0, rng.uniform(0.3, 1.0), rng.uniform(-1.0, 1.0), 0.0),  # brake, then reverse
                (0.0, 0.0, rng.uniform(-1.0, 1.0), 0.0),  # coast
                (rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(-1, 1), float(rng.integers(0, 2))),  # anything
                (rng.choice([-0.5, 1.5, np.nan]), rng.choice([-2.0, 2.0, np.nan]), rng.choice([-3.0, 3.0, np.nan]),
                 rng.choice([0.0, np.nan])),  # out of range: Controls.clamped() territory
            ][mode]  # fmt: skip
            out[t : t + length, car] = seg
            t += length
    return out


def close(a: float, b: float) -> bool:
    """Equal to 1e-9 relative (values near 0 compared to 1e-12 absolute)."""
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def run_both(catalog, surface: str, seed: int, steps: int = STEPS):
    """Drive a batch of all six cars, twice each, and twelve Sessions in lockstep; check every CHECK_EVERY steps."""
    rng = np.random.default_rng(seed)
    ids = list(catalog.cars) * 2
    n = len(ids)
    spawns = [(rng.uniform(-50, 50), rng.uniform(-50, 50), rng.uniform(-180, 180)) for _ in ids]
    sessions = [Session(catalog, cid, FlatWorld(surface), spawn=sp) for cid, sp in zip(ids, spawns)]
    b = CarBatch.from_specs([catalog.car(c) for c in ids], catalog.handling, catalog.surfaces[surface], spawns)
    drops = rng.uniform(0.5, 8.0, n) * (np.arange(n) % 3 == 0)  # every third car starts in the air
    for i, s in enumerate(sessions):
        s.state.y = b.y[i] = drops[i]
    plan = control_plan(rng, n, steps)
    kinds: set[str] = set()
    min_forward = 0.0
    dt = sessions[0].dt
    for t in range(steps):
        if t == LIFT_AT:
            for i in range(1, n, 3):
                sessions[i].state.y = b.y[i] = 2.5
            for i in range(2, n, 3):
                sessions[i].state.heading = b.heading[i] = b.heading[i] - math.copysign(1.0, b.heading[i])
        u = plan[t]
        for i, s in enumerate(sessions):
            th, br, st, hb = (float(v) for v in u[i])
            kinds.update(e.kind for e in s.step(Controls(throttle=th, brake=br, steer=st, handbrake=hb)))
            min_forward = min(min_forward, s.state.forward)
        b.step(u[:, 0], u[:, 1], u[:, 2], u[:, 3], dt)
        if (t + 1) % CHECK_EVERY == 0 or t + 1 == steps:
            for i, s in enumerate(sessions):
                got, want = b.state_of(i), s.state
                where = f"{surface} car {i} ({ids[i]}) step {t + 1}"
                for k in FLOATS:
                    assert close(got[k], getattr(want, k)), f"{where}: {k} {got[k]!r} != {getattr(want, k)!r}"
                assert (got["airborne"], got["drifting"]) == (want.airborne, want.drifting), where
    return b, sessions, kinds, min_forward


@pytest.mark.parametrize("surface", SURFACES)
def test_batch_matches_sessions_on_every_surface(catalog, surface):
    seed = 1000 + SURFACES.index(surface)
    b, sessions, kinds, min_forward = run_both(catalog, surface, seed)
    # the drive really went through the branches: slides, landings, reversing
    assert {ev.DRIFT_START, ev.DRIFT_END, ev.LAUNCHED, ev.LANDED} <= kinds
    assert min_forward < -3.0
    # and not merely to 1e-9: the same bits, car by car
    for i, s in enumerate(sessions):
        got = b.state_of(i)
        assert all(got[k] == getattr(s.state, k) for k in FLOATS), f"{surface} car {i}: close but not bit-identical"


def test_batch_matches_when_libm_is_called_element_by_element(catalog, monkeypatch):
    """The fallback a numpy build whose complex exp or sin/cos is not libm's would get."""
    monkeypatch.setattr(batch_mod, "_exp", batch_mod._via_math(math.exp))
    monkeypatch.setattr(batch_mod, "_sin", batch_mod._via_math(math.sin))
    monkeypatch.setattr(batch_mod, "_cos", batch_mod._via_math(math.cos))
    run_both(catalog, "snow", seed=7, steps=300)


def test_fast_paths_are_libm(catalog):
    """The vectorised exp/sin/cos give what math gives, on arguments the controller produces."""
    rng = np.random.default_rng(3)
    grip_args = -rng.uniform(0.0, 0.2, 20000)
    headings = rng.uniform(-math.pi, math.pi, 20000)
    assert batch_mod._exp(grip_args).tolist() == [math.exp(v) for v in grip_args.tolist()]
    assert batch_mod._sin(headings).tolist() == [math.sin(v) for v in headings.tolist()]
    assert batch_mod._cos(headings).tolist() == [math.cos(v) for v in headings.tolist()]


def test_scalar_controls_apply_to_every_car(catalog):
    specs = [catalog.car(c) for c in catalog.cars]
    spawns = [(0.0, 0.0, 0.0)] * len(specs)
    a = CarBatch.from_specs(specs, catalog.handling, catalog.surfaces["asphalt"], spawns)
    b = CarBatch.from_specs(specs, catalog.handling, catalog.surfaces["asphalt"], spawns)
    n = len(specs)
    for _ in range(120):
        a.step(0.8, 0.0, 0.5, True, 1 / 120)
        b.step(np.full(n, 0.8), np.zeros(n), np.full(n, 0.5), np.ones(n, dtype=bool), 1 / 120)
    assert [a.state_of(i) for i in range(n)] == [b.state_of(i) for i in range(n)]
    assert a.forward.min() > 0.0


def test_from_specs_rejects_a_spawn_count_that_does_not_match(catalog):
    with pytest.raises(ValueError, match="2 cars but 1 spawns"):
        CarBatch.from_specs([catalog.car("hatch")] * 2, catalog.handling, catalog.surfaces["ice"], [(0.0, 0.0, 0.0)])
