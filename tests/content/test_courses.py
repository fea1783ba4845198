"""Judged courses as map data: the shipped ones load with their stations, and broken ones get one clear line."""

from __future__ import annotations

import copy
import json
import math

import pytest

from game.content.tracks import load_track, track_from_dict
from game.safe_json import DataError
from game.sim.course import FINISH, INNER, OUTER, station_along

SHIPPED = {"sideways_park": "asphalt", "mountain_pass": "asphalt", "frozen_lake": "ice"}  # map -> what its course is driven on

# A 200 m map with one straight course up the z axis: the stations can be read off by hand (driving +z, +x is the right).
MAP = {"id": "strip", "name": "Strip", "description": "a test strip", "size_m": [200, 200], "default_surface": "asphalt",
       "terrain": {"cell_m": 4.0}, "spawns": [{"x": 0, "z": -60}]}
STRAIGHT = {
    "id": "straight", "name": "Straight", "spawn": {"x": 0, "z": -60, "heading_deg": 0},
    "start": {"a": [-5, -50], "b": [5, -50]}, "initiation": {"a": [-5, -30], "b": [5, -30]}, "finish": {"a": [-5, 50], "b": [5, 50]},
    "line": [[0, -60], [0, 0], [0, 60]], "width_m": 10,
    "clips": [
        {"id": "c1", "name": "Cone", "kind": "inner", "at": [-1, -10], "full_m": 0.6, "zero_m": 3.0},
        {"id": "z1", "kind": "outer", "points": [[2, 0], [2, 6], [2, 10]], "full_m": 1.0, "zero_m": 5.0},
        {"id": "c2", "kind": "inner", "at": [-1.5, 20], "full_m": 0.6, "zero_m": 3.0},
    ],
    "sectors": [
        {"id": "entry", "name": "Entry", "until": "c1", "weight": 30, "target_angle_deg": 35},
        {"id": "mid", "until": "c2", "weight": 40, "target_angle_deg": 40},
        {"id": "exit", "until": "finish", "weight": 30, "target_angle_deg": 35},
    ],
    "reference_speed_mps": 20, "time_limit_s": 30,
}


def _map(*courses) -> dict:
    return {**copy.deepcopy(MAP), "courses": [copy.deepcopy(c) for c in courses]}


def _refused(catalog, data) -> str:
    with pytest.raises(DataError) as e:
        track_from_dict(data, "data/tracks/x.json", set(catalog.surfaces))
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith("data/tracks/x.json: ")
    return msg[len("data/tracks/x.json: ") :]


def _file_refused(tmp_path, catalog, data=None, text=None) -> str:
    p = tmp_path / "x.json"
    p.write_text(text if text is not None else json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_track(str(p), catalog.surfaces)
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith(f"{p}: ")
    return msg[len(str(p)) + 2 :]


def test_a_straight_course_gets_its_stations_by_hand(catalog):
    (c,) = track_from_dict(_map(STRAIGHT), "strip.json", set(catalog.surfaces)).courses
    assert (c.id, c.name, c.width_m, c.length_m, c.reference_speed_mps, c.time_limit_s) == ("straight", "Straight", 10, 120, 20, 30)
    assert (c.spawn.x, c.spawn.z, c.spawn.heading_deg) == (0, -60, 0)
    # the gates cross the line 10, 30 and 110 m from its start at z = -60
    assert (c.start.station_m, c.initiation.station_m, c.finish.station_m) == (10, 30, 110)
    # the file's gate stops at the course's edges (10 m wide): its posts stay, the judges test its line out to 2 m past them
    assert c.start.a == (-5, -50) and c.start.b == (5, -50) and c.start.judged == ((-7, -50), (7, -50))
    c1, z1, c2 = c.clips
    assert (c1.kind, c1.points, c1.station_m, c1.name, c1.full_m, c1.zero_m) == (INNER, ((-1, -10),), 50, "Cone", 0.6, 3.0)
    # an outer zone stands at its halfway point along its own length: (2, 5), 65 m along
    assert (z1.kind, z1.points, z1.station_m, z1.name) == (OUTER, ((2, 0), (2, 6), (2, 10)), 65, "z1")
    assert c2.station_m == 80
    assert [(s.id, s.start_m, s.end_m, s.weight, s.target_angle_deg) for s in c.sectors] == [
        ("entry", 30, 50, 30, 35), ("mid", 50, 80, 40, 40), ("exit", 80, 110, 30, 35)]
    assert c.sectors[0].name == "Entry" and c.sectors[1].name == "mid"


def test_a_map_without_courses_has_none(catalog):
    assert track_from_dict(copy.deepcopy(MAP), "strip.json", set(catalog.surfaces)).courses == ()
    assert load_track("parking_yard", catalog.surfaces).courses == ()


@pytest.fixture(scope="module")
def shipped(catalog):
    return {t: load_track(t, catalog.surfaces) for t in SHIPPED}


@pytest.mark.parametrize("tid", SHIPPED)
def test_each_shipped_course_is_a_full_judged_course(shipped, tid):
    track = shipped[tid]
    assert track.courses, tid
    for c in track.courses:
        assert len(c.clips) >= 4 and {k.kind for k in c.clips} == {INNER, OUTER} and len(c.sectors) >= 3
        stations = [k.station_m for k in c.clips]
        assert c.start.station_m < c.initiation.station_m < stations[0] and stations[-1] < c.finish.station_m <= c.length_m
        assert stations == sorted(set(stations))
        assert c.sectors[0].start_m == c.initiation.station_m and c.sectors[-1].end_m == c.finish.station_m
        assert all(a.end_m == b.start_m for a, b in zip(c.sectors, c.sectors[1:])) and c.sectors[-1].until == FINISH
        assert math.isclose(sum(s.weight for s in c.sectors), 100.0)
        # the run is staged at the line's start, 40-80 m before the initiation line, facing along the line
        assert c.line[0] == (c.spawn.x, c.spawn.z) and 40 <= c.initiation.station_m <= 80
        (x0, z0), (x1, z1) = c.line[0], c.line[1]
        assert abs(math.degrees(math.atan2(x1 - x0, z1 - z0)) - c.spawn.heading_deg) < 5
        for k in c.clips:  # inner clips inside the line, outer zones outside it, all a couple of metres off
            for p in k.points:
                assert 0.5 < abs(station_along(c.line, *p)[1]) < 4, (c.id, k.id)


def test_the_shipped_courses_are_driven_on_their_surface_clear_of_walls(park, maps, shipped):
    worlds = {"sideways_park": park, **maps}
    for tid, surface in SHIPPED.items():
        w = worlds[tid]
        for c in shipped[tid].courses:
            for (ax, az), (bx, bz) in zip(c.line, c.line[1:]):
                for t in (0.0, 0.5):
                    x, z = ax + t * (bx - ax), az + t * (bz - az)
                    y = w.ground(x, z)[0]
                    assert w.ground(x, z)[4] == surface and w.contacts(x, z, y, 2.0) == [], (tid, c.id, x, z)
            for k in c.clips:
                for x, z in k.points:
                    assert w.ground(x, z)[4] == surface and w.contacts(x, z, w.ground(x, z)[0], 0.5) == [], (tid, k.id)


def _with(change):
    c = copy.deepcopy(STRAIGHT)
    change(c)
    return c


def _clip(i, **kw):
    return lambda c: c["clips"][i].update(kw)


@pytest.mark.parametrize("change, expected", [
    (lambda c: c["sectors"][1].update(weight=30), "courses[straight].sectors: weights sum to 90, must sum to 100"),
    (lambda c: c["sectors"][1].update(until="c9"), "courses[straight].sectors[mid].until: 'c9' is no clip of this course (clips: c1, z1, c2; or 'finish')"),
    (lambda c: c["sectors"][2].update(until="c2"), "courses[straight].sectors[exit].until: 'c2' (80.0 m along the line) is not after the previous"),
    (lambda c: c["sectors"].reverse(), "courses[straight].sectors[mid].until: 'c2' (80.0 m along the line) is not after the previous sector's end (110.0 m)"),
    (lambda c: c["sectors"].pop(), "courses[straight].sectors: weights sum to 70"),
    (lambda c: c["sectors"][2].update(until="z1", id="exit") or c["sectors"][1].update(until="c1"),
     "courses[straight].sectors[mid].until: 'c1' (50.0 m along the line) is not after the previous sector's end (50.0 m)"),
    (lambda c: c["sectors"].__setitem__(2, {**c["sectors"][1], "id": "mid", "weight": 30}), "courses[straight].sectors[mid].id: used twice in this course"),
    (lambda c: c["clips"].reverse(), "courses[straight].clips[z1]: is at 65.0 m along the line, not after 'c2' (80.0 m): list clips in course order"),
    (_clip(1, id="c1"), "courses[straight].clips[c1].id: used twice in this course"),
    (_clip(2, id="finish"), "courses[straight].clips[finish].id: 'finish' names the finish gate"),
    (_clip(0, at=[-1, -40]), "courses[straight].clips[c1]: is at 20.0 m along the line, not after the initiation line (30.0 m)"),
    (_clip(2, at=[-1, 55]), "courses[straight].finish: is at 110.0 m along the line, not after the last clip 'c2' (115.0 m)"),
    (_clip(0, zero_m=0.5), "courses[straight].clips[c1].zero_m: 0.5 m must be more than full_m (0.6 m)"),
    (_clip(0, zero_m=0.6), "courses[straight].clips[c1].zero_m: 0.6 m must be more than full_m (0.6 m)"),
    (_clip(0, at=[-30, -10]), "courses[straight].clips[c1]: is 30.0 m off the line, more than half the course width plus zero_m (8 m)"),
    (_clip(0, at=[-150, -10]), "courses[straight].clips[c1].at: (-150, -10) is outside the map (x and z within +-100 and +-100 m)"),
    (_clip(1, points=[[2, 0], [2, 0], [2, 10]]), "courses[straight].clips[z1].points[1]: repeats the point before it (2, 0)"),
    (_clip(0, points=[[2, 0], [2, 10]]), "courses[straight].clips[c1].points: an inner clip is one point: give 'at' only"),
    (_clip(1, at=[2, 5]), "courses[straight].clips[z1].at: an outer zone is a line: give 'points' only"),
    (lambda c: c["initiation"].update(a=[-5, -55], b=[5, -55]), "courses[straight].initiation: is at 5.0 m along the line, not after the start gate (10.0 m)"),
    (lambda c: c["finish"].update(b=[-5, 50]), "courses[straight].finish: a and b are the same point (-5, 50): a gate needs a length"),
    (lambda c: c["start"].update(a=[5, -50], b=[-5, -50]), "courses[straight].start: must cross the line with a on the driver's left and b on the right"),
    (lambda c: c["finish"].update(a=[20, 50], b=[30, 50]), "courses[straight].finish: must cross the line"),
    (lambda c: c["finish"].update(b=[105, 50]), "courses[straight].finish.b: (105, 50) is outside the map"),
    (lambda c: c["line"].insert(1, [0, -60]), "courses[straight].line[1]: repeats line[0] (0, -60); a judges' line never comes back to a point"),
    (lambda c: c["line"].extend([[10, 70], [0, 0]]), "courses[straight].line[4]: repeats line[1] (0, 0)"),
    (lambda c: c["line"].__setitem__(2, [0, 120]), "courses[straight].line[2]: (0, 120) is outside the map"),
    (lambda c: c["spawn"].update(x=0, z=-90), "courses[straight].spawn: is 30.0 m from the line's start, farther than the course width (10 m)"),
    (lambda c: c["spawn"].update(x=100), "courses[straight].spawn: (100, -60) is outside the map"),
])
def test_a_broken_course_gets_one_line_naming_file_course_and_field(catalog, change, expected):
    assert _refused(catalog, _map(_with(change))).startswith(expected)


def test_course_ids_are_unique_on_a_map(catalog):
    assert _refused(catalog, _map(STRAIGHT, STRAIGHT)) == "courses[straight].id: used twice"
    other = {**copy.deepcopy(STRAIGHT), "id": "other"}
    assert [c.id for c in track_from_dict(_map(STRAIGHT, other), "strip.json", set(catalog.surfaces)).courses] == ["straight", "other"]


def test_a_sector_weight_sum_within_a_millionth_of_100_is_fine(catalog):
    def thirds(c):
        c["sectors"][0]["weight"], c["sectors"][1]["weight"], c["sectors"][2]["weight"] = 100 / 3, 100 / 3, 100 / 3

    (c,) = track_from_dict(_map(_with(thirds)), "strip.json", set(catalog.surfaces)).courses
    assert math.isclose(sum(s.weight for s in c.sectors), 100)


@pytest.mark.parametrize("change, expected", [
    (lambda c: c.pop("start"), "courses[straight]: missing field 'start'"),
    (lambda c: c.pop("finish"), "courses[straight]: missing field 'finish'"),
    (lambda c: c.pop("initiation"), "courses[straight]: missing field 'initiation'"),
    (lambda c: c["clips"][0].pop("at"), "courses[straight].clips[c1]: missing field 'at'"),
    (lambda c: c["clips"][1].pop("points"), "courses[straight].clips[z1]: missing field 'points'"),
    (lambda c: c["clips"][1].update(points=[[2, 0]]), "courses[straight].clips[z1].points: needs at least 2 items"),
    (lambda c: c["sectors"][0].update(weight=120), "courses[straight].sectors[entry].weight: must be <= 100, got 120"),
    (lambda c: c["sectors"][0].update(target_angle_deg=95), "courses[straight].sectors[entry].target_angle_deg: must be <= 90, got 95"),
    (lambda c: c.update(reference_speed_mps=0.5), "courses[straight].reference_speed_mps: must be >= 1, got 0.5"),
    (lambda c: c.update(time_limit_s=1e9), "courses[straight].time_limit_s: must be <= 600, got 1e+09"),
    (lambda c: c.update(width_m=1), "courses[straight].width_m: must be >= 2, got 1"),
    (lambda c: c["clips"][0].update(full_m=0), "courses[straight].clips[c1].full_m: must be > 0, got 0"),
    (lambda c: c["clips"][0].update(kind="apex"), "courses[straight].clips[c1].kind: must be one of inner, outer"),
    (lambda c: c["clips"][0].update(at=[3000, 0]), "courses[straight].clips[c1].at[0]: must be <= 2000, got 3000"),
    (lambda c: c.update(id="Pad Eight"), "courses[Pad Eight].id: must match lowercase letters, digits and _"),
    (lambda c: c.update(gates=[]), "courses[straight].gates: unknown field"),
    (lambda c: c["clips"].extend({**c["clips"][0], "id": f"k{i}"} for i in range(30)), "courses[straight].clips: takes at most 32 items"),
])
def test_what_the_schema_refuses_names_the_course_and_field(tmp_path, catalog, change, expected):
    assert _file_refused(tmp_path, catalog, _map(_with(change))).startswith(expected)


def test_nan_and_infinity_in_a_course_are_refused_by_the_reader(tmp_path, catalog):
    text = json.dumps(_map(STRAIGHT))
    for bad in ("NaN", "Infinity", "-Infinity"):
        assert _file_refused(tmp_path, catalog, text=text.replace('"full_m": 0.6', f'"full_m": {bad}', 1)) == f"{bad} is not a number JSON allows"
        assert _file_refused(tmp_path, catalog, text=text.replace('"time_limit_s": 30', f'"time_limit_s": {bad}', 1)) == f"{bad} is not a number JSON allows"
