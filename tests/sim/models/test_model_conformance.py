"""The same property tests over every registered handling model: determinism, finite values under fuzz,
top speed respected, events well formed, step-rate independence."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.sim import step_events as ev
from game.sim.controls import Controls
from game.sim.models.model_registry import MODELS
from game.sim.session import Session
from game.sim.world import FlatWorld

MODEL_IDS = list(MODELS)
KINDS = {ev.WALL_HIT, ev.LANDED, ev.LAUNCHED, ev.DRIFT_START, ev.DRIFT_END, ev.SURFACE}
CARS = ["kart", "hatch", "rally_lynx", "vortex_gt", "bruiser_v8", "zenith_hyper"]

controls = st.builds(
    Controls,
    throttle=st.floats(0, 1),
    brake=st.floats(0, 1),
    steer=st.floats(-1, 1),
    handbrake=st.booleans(),
    clutch=st.one_of(st.just(0.0), st.floats(0, 1)),
    gear=st.one_of(st.none(), st.integers(-1, 8)),
)
plan = st.lists(st.tuples(controls, st.integers(1, 120)), min_size=1, max_size=12)

SCRIPT = [  # a drive every model can do: pull away, shift, turn, handbrake, brake, reverse
    (Controls(throttle=1.0), 3.0),
    (Controls(clutch=1.0, gear=2), 0.3),
    (Controls(throttle=1.0, steer=0.4), 2.0),
    (Controls(throttle=0.4, steer=-0.9, handbrake=True), 0.6),
    (Controls(throttle=0.8, steer=0.5), 1.5),
    (Controls(brake=1.0, clutch=1.0), 2.5),
    (Controls(gear=-1, brake=0.6), 1.0),
    (Controls(throttle=0.6, gear=-1), 1.5),
]


def run(session: Session, script=SCRIPT) -> list:
    out = []
    for c, seconds in script:
        for _ in range(int(round(seconds / session.dt))):
            out += session.step(c)
    return out


@pytest.mark.parametrize("model", MODEL_IDS)
def test_determinism(catalog, park, model):
    a, b = (Session(catalog, "hatch", park, model=model) for _ in range(2))
    events_a, events_b = run(a), run(b)
    assert events_a == events_b and a.state.as_dict() == b.state.as_dict()
    assert a.state.speed > 0.0 or a.state.x != a.prev.x or events_a  # it really drove


@pytest.mark.parametrize("model", MODEL_IDS)
@settings(max_examples=40, deadline=None)
@given(plan=plan, car=st.sampled_from(CARS), surface=st.sampled_from(["asphalt", "grass", "snow", "dirt", "ice"]),
       hz=st.sampled_from([30.0, 60.0, 120.0, 240.0]))
def test_finite_under_fuzz_and_top_speed_respected(catalog, model, plan, car, surface, hz):
    s = Session(catalog, car, FlatWorld(surface), hz=hz, model=model)
    top = s.model.top_speed_mps(s.car)
    for c, n in plan:
        for _ in range(n):
            s.step(c)
            st_ = s.state
            for v in (st_.x, st_.y, st_.z, st_.vx, st_.vy, st_.vz, st_.heading, st_.yaw_rate):
                assert math.isfinite(v)
            for name, v in st_.telemetry.as_dict().items():
                assert v is None or isinstance(v, (bool, str)) or math.isfinite(v), name
            assert st_.speed <= top * 1.02


@pytest.mark.parametrize("model", MODEL_IDS)
@settings(max_examples=25, deadline=None)
@given(plan=plan)
def test_events_are_well_formed(catalog, park, model, plan):
    s = Session(catalog, "vortex_gt", park, model=model)
    drifting = False
    for c, n in plan:
        for _ in range(n):
            before = s.t
            for e in s.step(c):
                assert e.kind in KINDS and math.isfinite(e.value) and math.isfinite(e.x) and math.isfinite(e.z)
                assert before < e.t <= s.t + 1e-9
                if e.kind == ev.DRIFT_START:
                    assert not drifting
                    drifting = True
                elif e.kind == ev.DRIFT_END:
                    assert drifting and e.value >= 0.0
                    drifting = False
                elif e.kind == ev.SURFACE:
                    assert e.detail in catalog.surfaces
            assert s.state.drifting == drifting


@pytest.mark.parametrize("model", MODEL_IDS)
def test_step_rate_independence(catalog, model):
    script = [(Controls(throttle=1.0), 3.0), (Controls(throttle=0.6, steer=0.3), 2.0), (Controls(brake=0.5), 1.0)]
    ends = {}
    for hz in (60.0, 120.0, 240.0):
        s = Session(catalog, "hatch", FlatWorld("asphalt"), hz=hz, model=model)
        run(s, script)
        ends[hz] = s.state
    ref = ends[240.0]
    travelled = math.hypot(ref.x, ref.z)
    for hz in (60.0, 120.0):
        assert math.hypot(ends[hz].x - ref.x, ends[hz].z - ref.z) < 0.03 * travelled, hz
        assert ends[hz].speed == pytest.approx(ref.speed, rel=0.05, abs=0.3), hz
