"""The shipped maps: each validates and builds; ground, surfaces and walls of the new ones at known places."""

from __future__ import annotations

import json
import math

import jsonschema
import pytest

from game import paths
from game.content.tracks import load_track, track_ids
from game.sim import step_events as ev
from game.sim.controls import Controls
from game.sim.session import Session
from game.sim.world import World
from tests.support.simdrive import drive, set_velocity


def test_every_shipped_map_validates_and_builds(catalog):
    schema = json.loads((paths.TRACKS_DIR / "track.schema.json").read_text())
    assert {"sideways_park", "mountain_pass", "frozen_lake", "parking_yard"} <= set(track_ids())
    for tid in track_ids():
        data = json.loads((paths.TRACKS_DIR / f"{tid}.json").read_text())
        jsonschema.validate(data, schema)
        world = World(load_track(tid, catalog.surfaces), list(catalog.surfaces))
        assert world.track.id == tid and world.track.name and world.track.description
        for s in world.track.spawns:  # every spawn stands on open ground, not inside a wall
            assert world.contacts(s.x, s.z, world.ground(s.x, s.z)[0], 1.3) == []
        for a in world.track.ai_targets:  # and every place AI cars drive to
            assert world.contacts(a.x, a.z, world.ground(a.x, a.z)[0], 1.0) == [], (tid, a)


def test_mountain_road_climbs_sixty_metres_on_asphalt(maps):
    m = maps["mountain_pass"]
    road = m.track.terrain.grades[0].points
    bottom, top = m.track.spawns
    assert m.ground(top.x, top.z)[0] - m.ground(bottom.x, bottom.z)[0] >= 60.0
    for x, z, y in road[::10]:  # the road surface sits on its graded height
        h, *_, surface = m.ground(x, z)
        assert surface == "asphalt" and h == pytest.approx(y, abs=0.6)
    assert m.ground(-200, 200)[4] == "grass"
    assert max(m.terrain_height(x, z) for x, z, _ in road) > 70.0


def test_mountain_hairpins_have_dirt_run_off_and_guard_rails(maps):
    m = maps["mountain_pass"]
    # first hairpin turns round (120, -139) with a 19 m radius; its outside (east) is dirt, then a rail
    assert m.ground(120 + 19 + 7.5, -139)[4] == "dirt"
    assert m.ground(120 + 19, -139)[4] == "asphalt"
    y = m.ground(120 + 19 + 13.7, -139)[0]
    assert m.contacts(120 + 19 + 13.7, -139, y, 1.0), "the guard rail stops a car"
    assert not m.contacts(120 + 19, -139, m.ground(139, -139)[0], 1.0)


def test_mountain_crest_lifts_a_fast_car(catalog, maps):
    m = maps["mountain_pass"]
    road = m.track.terrain.grades[0].points
    i = max(range(len(road) - 60, len(road)), key=lambda k: road[k][2])  # the crest near the top
    a, b = road[i - 8], road[i - 7]
    heading = math.degrees(math.atan2(b[0] - a[0], b[1] - a[1]))
    s = Session(catalog, "vortex_gt", m, spawn=(a[0], a[1], heading))
    set_velocity(s.state, 30.0, 0.0)
    kinds = [e.kind for e in drive(s, Controls(throttle=1.0), 2.0)]
    assert ev.LAUNCHED in kinds


def test_frozen_lake_ice_snow_island_and_banks(maps):
    lake = maps["frozen_lake"]
    assert lake.ground(0, -60)[4] == "ice" and lake.ground(0, -60)[0] == pytest.approx(0.0, abs=1e-6)
    assert lake.ground(0, -121)[4] == "snow"  # the packed-snow shore road
    assert lake.ground(0, 178)[4] == "ice"  # the ice pan
    assert lake.ground(0, 0)[0] == pytest.approx(4.5, abs=0.05) and lake.ground(0, 0)[4] == "snow"  # the island
    assert lake.ground(134, 0)[0] > 2.0  # the snow bank round the shore
    assert lake.ground(0, 134)[0] == pytest.approx(0.0, abs=0.05)  # open at the north for the pan road
    ramp = lake.track.ramps[0]
    assert lake.ground(ramp.x, ramp.z + ramp.length_m - 0.2)[0] > 1.4


def test_snow_bank_is_a_soft_barrier(catalog, maps):
    """Coasting into the island's bank at 32 km/h: it climbs, stops on the slope and rolls back; no wall hit, no launch."""
    lake = maps["frozen_lake"]
    s = Session(catalog, "hatch", lake, spawn=(0.0, -30.0, 0.0))
    set_velocity(s.state, 9.0, 0.0)
    events, furthest = [], -30.0
    for _ in range(16):
        events += drive(s, Controls(), 0.25)
        furthest = max(furthest, s.state.z)
    kinds = {e.kind for e in events}
    assert ev.WALL_HIT not in kinds and ev.LAUNCHED not in kinds
    assert -20.0 < furthest < -14.0  # the bank starts at z = -19 (island 10 m + 9 m of slope)
    assert s.state.forward < 0.0 and s.state.z < furthest - 3.0  # stopped on the slope and rolled back


def test_parking_yard_bays_cars_kerbs_and_garage(maps):
    yard = maps["parking_yard"]
    tasks = [b.task for b in yard.track.bays if b.task]
    assert tasks == ["nose_in", "reverse_in", "parallel", "garage"]
    assert yard.ground(0, 0)[4] == "asphalt" and yard.ground(-12, 0)[4] == "grass"
    # a parked car is solid: the gap's front car ends at z = -17.85
    hits = yard.contacts(-78.8, -17.0, 0.0, 1.2)
    assert len(hits) == 1 and hits[0][1] == pytest.approx(1.0) and hits[0][2] == pytest.approx(0.35, abs=1e-6)
    assert yard.contacts(-78.8, -13.75, 0.0, 1.2) == []  # the middle of the gap is free
    assert yard.contacts(-80.3 + 1.0, -40.0, 0.0, 1.2), "the kerb stops a car"
    assert yard.contacts(72.2, 0.0, 0.0, 1.2) == [] and yard.contacts(72.2, 1.5, 0.0, 1.2)  # inside the garage box
    assert yard.contacts(22.0, -36.0 + 1.5, 0.0, 1.0)  # a gymkhana pillar
