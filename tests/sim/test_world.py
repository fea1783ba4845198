"""Ground queries, ramps, jumps and walls on the default map."""

from __future__ import annotations

import math

import pytest

from game.sim import step_events as ev
from game.sim.controls import Controls
from game.sim.session import Session
from tests.support.simdrive import drive


def test_surfaces_at_known_places(park):
    assert park.ground(0, -20)[4] == "asphalt"  # the drift pad
    assert park.ground(70, -62)[4] == "ice"
    assert park.ground(75, 60)[4] == "snow"
    assert park.ground(-150, 0)[4] == "dirt"  # the dirt sector of the loop
    assert park.ground(-30, 100)[4] == "grass"
    assert {park.ground(x, z)[4] for x in range(-200, 200, 10) for z in range(-200, 200, 10)} >= {"asphalt", "grass", "snow", "dirt", "ice"}


def test_flattened_pad_and_hilly_surroundings(park):
    assert park.ground(0, 0)[0] == pytest.approx(0.0, abs=1e-6)
    h, nx, ny, nz, _ = park.ground(0, 0)
    assert (nx, ny, nz) == pytest.approx((0, 1, 0))
    assert park.terrain_height(-175, -170) > 15  # the big south-west hill
    h, nx, ny, nz, _ = park.ground(-175 + 30, -170)
    assert ny < 0.99 and math.isclose(nx * nx + ny * ny + nz * nz, 1.0)


def test_ramp_rises_to_its_lip_then_drops(park):
    ramp = park.track.ramps[0]  # small jump on the north connector, heading 0 (rising toward +z)
    base = park.terrain_height(ramp.x, ramp.z)
    mid = park.ground(ramp.x, ramp.z + ramp.length_m / 2)
    assert mid[0] == pytest.approx(base + ramp.height_m / 2, abs=1e-6)
    assert mid[3] < 0  # the normal leans back against the climb
    assert park.ground(ramp.x, ramp.z + ramp.length_m + 0.5)[0] == pytest.approx(base, abs=0.05)


def test_driving_over_a_ramp_jumps_and_lands(catalog, park):
    s = Session(catalog, "hatch", park, spawn=(0.0, 20.0, 0.0))
    events = drive(s, Controls(throttle=1.0), 4.0)
    kinds = [e.kind for e in events]
    assert ev.LAUNCHED in kinds and ev.LANDED in kinds
    assert kinds.index(ev.LAUNCHED) < kinds.index(ev.LANDED)
    launch = next(e for e in events if e.kind == ev.LAUNCHED)
    assert launch.z == pytest.approx(park.track.ramps[0].z + park.track.ramps[0].length_m, abs=1.0)


def test_pitch_follows_the_ramp_slope(catalog, park):
    ramp = park.track.ramps[1]  # heading 180: rises toward -z
    s = Session(catalog, "kart", park, spawn=(ramp.x, ramp.z + 3.0, 180.0))
    drive(s, Controls(throttle=0.4), 2.0)
    assert not s.state.airborne and ramp.z - ramp.length_m < s.state.z < ramp.z - 2
    assert math.degrees(s.state.pitch) == pytest.approx(math.degrees(math.atan(ramp.height_m / ramp.length_m)), abs=1.5)


def test_car_slides_along_a_wall_and_reports_the_impact(catalog, park):
    # the outer wall at x = +200; drive east into it at an angle
    s = Session(catalog, "hatch", park, spawn=(185.0, -20.0, 60.0))
    events = drive(s, Controls(throttle=1.0), 2.0)
    hits = [e for e in events if e.kind == ev.WALL_HIT]
    assert hits and hits[0].value > 3.0
    r = catalog.cars["hatch"].collision_radius_m
    assert s.state.x <= 200.0 - r + 1e-6
    assert s.state.vz > 3.0  # still sliding north along the wall
    assert abs(s.state.vx) < 1.0


def test_props_that_are_solid_block_the_car(catalog, park):
    tree = next(p for p in park.track.props if p.kind == "tree")
    s = Session(catalog, "hatch", park, spawn=(tree.x, tree.z - 12.0, 0.0))
    drive(s, Controls(throttle=0.6), 3.0)
    d = math.hypot(s.state.x - tree.x, s.state.z - tree.z)
    assert d >= tree.radius_m * tree.scale + catalog.cars["hatch"].collision_radius_m - 1e-6
