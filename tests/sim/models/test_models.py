"""The handling-model interface: registry, Session stepping through a model, shared state vs telemetry, Controls."""

from __future__ import annotations

import math

import pytest

from game.sim.controls import Controls
from game.sim.models.model_registry import MODELS, UnknownModel, model, models_for
from game.sim.session import Session
from game.sim.world import FlatWorld
from tests.support.simdrive import drive


def test_every_car_drives_arcade_and_unknown_ids_are_one_line(catalog):
    assert "arcade" in MODELS
    for car in catalog.cars.values():
        assert "arcade" in models_for(car)
    with pytest.raises(UnknownModel) as e:
        model("warp")
    assert str(e.value) == "unknown handling model 'warp' (choose from " + ", ".join(MODELS) + ")"
    with pytest.raises(UnknownModel):
        Session(catalog, "hatch", FlatWorld("asphalt"), model="warp")


def test_session_steps_through_its_model(catalog):
    s = Session(catalog, "hatch", FlatWorld("asphalt"))
    assert s.model is MODELS["arcade"]
    drive(s, Controls(throttle=1.0), 1.0)
    assert s.state.forward > 1.0 and s.state.telemetry.grip_eff > 0.0


def test_a_state_copy_owns_its_telemetry(catalog):
    s = Session(catalog, "hatch", FlatWorld("asphalt"))
    drive(s, Controls(throttle=1.0), 2.0)
    before = s.state.copy()
    assert before.telemetry == s.state.telemetry and before.telemetry is not s.state.telemetry
    drive(s, Controls(throttle=1.0), 0.5)
    assert before.telemetry.rpm != s.state.telemetry.rpm  # stepping the session did not touch the copy
    assert before.as_dict()["telemetry"]["rpm"] == before.telemetry.rpm


@pytest.mark.parametrize("model_id", list(MODELS))
def test_a_state_copy_holds_every_shared_field_and_every_telemetry_slot_of_its_model(catalog, model_id):
    s = Session(catalog, "hatch", FlatWorld("asphalt"), model=model_id)
    drive(s, Controls(throttle=1.0, steer=0.5), 1.5)
    copy = s.state.copy()
    assert type(copy.telemetry) is type(s.state.telemetry) and copy.as_dict() == s.state.as_dict()
    assert len(copy.as_dict()["telemetry"]) == len(type(copy.telemetry)._names) > 3  # the model's own slots, not just the base's
    drive(s, Controls(throttle=1.0, steer=0.5), 0.5)
    assert copy.x != s.state.x and copy.telemetry != s.state.telemetry  # the copy kept its own values


def test_a_slot_copier_refuses_a_name_that_is_not_an_attribute():
    from game.sim.slot_copy import slot_copier

    with pytest.raises(ValueError, match="slot 'x; import os' is not an identifier"):
        slot_copier(Controls, ("x; import os",))


def test_controls_clamp_clutch_and_drop_bad_gear_requests():
    c = Controls(clutch=1.7, gear=3).clamped()
    assert (c.clutch, c.gear) == (1.0, 3)
    assert Controls(clutch=math.nan).clamped().clutch == 0.0
    for bad in (-2, True, 2.5, "3"):
        assert Controls(gear=bad).clamped().gear is None
    assert Controls(gear=-1).clamped().gear == -1 and Controls(gear=0).clamped().gear == 0


@pytest.mark.parametrize("model_id", list(MODELS))
def test_every_model_tells_the_hud_and_assists_about_its_gearbox_truthfully(catalog, model_id):
    from game.sim.models.gearbox_info import GearboxInfo

    m = MODELS[model_id]
    for car in (c for c in catalog.cars.values() if m.supports(c)):
        box = m.gearbox(car)
        assert isinstance(box, GearboxInfo) and box.forward_gears >= 1 and 0 < box.idle_rpm < box.redline_rpm
        assert box.ratios == () or len(box.ratios) == box.forward_gears
        s = Session(catalog, car.id, FlatWorld("asphalt"), model=model_id)
        for _ in range(int(12.0 / s.dt)):  # floored for 12 s: the tachometer's scale must hold what it shows
            s.step(Controls(throttle=1.0))
            tel = s.state.telemetry
            assert tel.rpm is None or tel.rpm <= box.redline_rpm * 1.08 + 1e-6
            assert tel.gear is None or -1 <= tel.gear <= box.forward_gears
