"""`sideways fleet`: the note's model in its own units, CSV contract, determinism and one-line refusals."""

from __future__ import annotations

import csv
import io
import json

import pytest

from game.cli import main

HEADER = "frame,t,car,x,y,heading,speed,steering,slip_angle,slip_vel,path_t,skidding,orbiting,colliding,has_target"
SCENARIO = {
    "dt": 0.02,
    "frames": 50,
    "random": {"seed": 4},
    "cars": [
        {"x": 100, "y": 100, "heading": 0, "max_speed": 300, "target": {"x": 600, "y": 100}},
        {"x": 100, "y": 300, "heading": 0, "options": {"maxSpeed": 200, "exhaustPosition": "rear"}},
        {"x": 100, "y": 500, "options": {"brakes": 1}},
    ],
}


def write(tmp_path, data, name="s.json"):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(p)


def run(capsys, *args):
    rc = main(["fleet", *args])
    out, err = capsys.readouterr()
    return rc, out, err


def test_rows_per_car_per_frame_from_frame_zero(capsys, tmp_path):
    rc, out, _ = run(capsys, "--scenario", write(tmp_path, SCENARIO))
    assert rc == 0
    lines = out.splitlines()
    assert lines[0] == HEADER
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 51 * 3
    first = rows[0]
    assert (first["frame"], first["car"], float(first["x"]), float(first["speed"])) == ("0", "0", 100.0, 0.0)
    assert first["has_target"] == "1" and rows[1]["has_target"] == "0"
    last0 = [r for r in rows if r["car"] == "0"][-1]
    assert float(last0["t"]) == pytest.approx(1.0) and 180 < float(last0["x"]) < 600  # 1 s at 220 px/s^2 toward x = 600
    assert float(last0["speed"]) <= 300 * 1.3  # the exact top speed (plus at most a proximity boost)


def test_flags_override_and_same_scenario_same_bytes(capsys, tmp_path):
    path = write(tmp_path, SCENARIO)
    out_file = tmp_path / "o.csv"
    rc, out, _ = run(capsys, "--scenario", path, "--frames", "10", "--dt", "0.01", "--out", str(out_file))
    assert rc == 0 and out == ""
    text = out_file.read_text()
    assert len(text.splitlines()) == 1 + 11 * 3
    assert text.splitlines()[-1].startswith("10,0.100000,2,")
    run(capsys, "--scenario", path, "--frames", "10", "--dt", "0.01", "--out", str(tmp_path / "p.csv"))
    assert (tmp_path / "p.csv").read_text() == text


def test_fleet_drive_to_sends_every_car(capsys, tmp_path):
    sc = dict(SCENARIO, random=0.3, drive_to={"x": 700, "y": 300}, frames=5)
    rc, out, _ = run(capsys, "--scenario", write(tmp_path, sc))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rc == 0 and all(r["has_target"] == "1" for r in rows if r["frame"] == "0")


@pytest.mark.parametrize(
    "data, field",
    [
        ("{not json", "broken JSON at line 1"),
        ({}, "missing field 'cars'"),
        ({"cars": []}, "cars: needs at least 1"),
        ({"cars": [{"x": 0}]}, "cars[0]: missing field 'y'"),
        ({"cars": [{"x": 0, "y": 0, "options": {"maxSpeed": -5}}]}, "cars[0].options.maxSpeed: must be > 0"),
        ({"cars": [{"x": 0, "y": 0, "options": {"maxspeed": 5}}]}, "cars[0].options.maxspeed: unknown field (did you mean 'maxSpeed'?)"),
        ({"cars": [{"x": 0, "y": 0, "options": {"exhaustPosition": "top"}}]}, "cars[0].options.exhaustPosition: must be one of"),
        ({"random": 1.0, "cars": [{"x": 0, "y": 0}]}, "random: must be < 1"),
        ({"random": {"seed": -1}, "cars": [{"x": 0, "y": 0}]}, "random.seed: must be >= 0"),
        ({"dt": 0, "cars": [{"x": 0, "y": 0}]}, "dt: must be > 0"),
        ({"drive_to": {"x": 1}, "cars": [{"x": 0, "y": 0}]}, "drive_to: missing field 'y'"),
        (
            {"cars": [{"x": 0, "y": 0, "target": {"x": 5, "y": 5}, "path": {k: {"x": 0, "y": 0} for k in ("p0", "p1", "p2", "p3")}}]},
            "cars[0].target: must equal path.p3",
        ),
    ],
)
def test_bad_scenario_exits_2_with_one_line_naming_the_field(capsys, tmp_path, data, field):
    rc, out, err = run(capsys, "--scenario", write(tmp_path, data))
    assert rc == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("sideways fleet: ") and field in err and "s.json" in err


@pytest.mark.parametrize("args, msg", [(["--frames", "-1"], "--frames must be 0.."), (["--dt", "nan"], "--dt must be in (0, 1]")])
def test_bad_flags_exit_2(capsys, tmp_path, args, msg):
    with pytest.raises(SystemExit) as e:
        main(["fleet", "--scenario", write(tmp_path, SCENARIO), *args])
    assert e.value.code == 2 and msg in capsys.readouterr().err


def test_missing_scenario_and_unwritable_out(capsys, tmp_path):
    rc, _, err = run(capsys, "--scenario", str(tmp_path / "nope.json"))
    assert rc == 2 and "nope.json: file not found" in err
    rc, _, err = run(capsys, "--scenario", write(tmp_path, SCENARIO), "--out", str(tmp_path / "no" / "x.csv"))
    assert rc == 2 and "cannot write" in err
