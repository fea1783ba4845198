"""The `sideways sim` contract: CSV telemetry, determinism, surfaces, tracks and one-line errors."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest

from game.cli import main

DRIFT = [
    {"t": 0, "throttle": 1},
    {"t": 2.5, "throttle": 0.7, "steer": 1, "handbrake": True},
    {"t": 3.0, "throttle": 0.8, "steer": 0.6},
    {"t": 4.5, "brake": 1},
]
HEADER = "t,x,y,z,heading_deg,speed_kmh,forward_mps,lateral_mps,yaw_rate_dps,steer,surface,airborne,drifting".split(",")


@pytest.fixture
def inputs(tmp_path):
    p = tmp_path / "drift.jsonl"
    p.write_text("\n".join(json.dumps(x) for x in DRIFT) + "\n")
    return str(p)


def run_sim(capsys, *args) -> tuple[int, str, str]:
    rc = main(["sim", *args])
    out, err = capsys.readouterr()
    return rc, out, err


def rows(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def test_one_row_per_step_with_the_contract_header(capsys, inputs):
    rc, out, _ = run_sim(capsys, "--car", "hatch", "--surface", "asphalt", "--inputs", inputs)
    assert rc == 0
    header = out.splitlines()[0].split(",")
    assert header[: len(HEADER)] == HEADER
    r = rows(out)
    assert len(r) == int((4.5 + 1.0) * 120)  # default: one second past the last input
    assert float(r[0]["t"]) == pytest.approx(1 / 120, abs=1e-4)
    assert r[0]["heading_deg"] == "0.000" and float(r[0]["z"]) > 0  # starts at rest facing +z
    assert any(x["drifting"] == "1" for x in r)


def test_same_inputs_give_byte_identical_output(capsys, inputs, tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    assert main(["sim", "--car", "zenith_hyper", "--inputs", inputs, "--out", str(a)]) == 0
    assert main(["sim", "--car", "zenith_hyper", "--inputs", inputs, "--out", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes() and len(a.read_bytes()) > 10000


def test_hz_and_seconds(capsys, inputs):
    rc, out, _ = run_sim(capsys, "--car", "kart", "--surface", "ice", "--inputs", inputs, "--hz", "60", "--seconds", "2")
    assert rc == 0 and len(rows(out)) == 120


@pytest.mark.parametrize("surface", ["asphalt", "grass", "snow", "dirt", "ice"])
def test_every_surface(capsys, inputs, surface):
    rc, out, _ = run_sim(capsys, "--car", "rally_lynx", "--surface", surface, "--inputs", inputs, "--seconds", "3")
    r = rows(out)
    assert rc == 0 and {x["surface"] for x in r} == {surface}


def test_default_track_is_the_default_map(capsys, inputs):
    rc, out, _ = run_sim(capsys, "--car", "hatch", "--inputs", inputs)
    rc2, out2, _ = run_sim(capsys, "--car", "hatch", "--track", "sideways_park", "--inputs", inputs)
    assert rc == rc2 == 0 and out == out2
    assert {"asphalt"} <= {x["surface"] for x in rows(out)}


@pytest.mark.parametrize(
    "args, message",
    [
        (["--car", "bus"], "unknown car 'bus'"),
        (["--car", "hatch", "--surface", "lava"], "unknown surface 'lava'"),
        (["--car", "hatch", "--track", "moon"], "unknown track 'moon'"),
        (["--car", "hatch", "--hz", "fast"], "--hz must be a number"),
        (["--car", "hatch", "--seconds", "-1"], "--seconds must be in"),
        (["--car", "hatch", "--surface", "ice", "--track", "sideways_park"], "not allowed with argument"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(capsys, inputs, args, message):
    with pytest.raises(SystemExit) as e:
        rc = main(["sim", "--inputs", inputs, *args])
        raise SystemExit(rc)
    _, err = capsys.readouterr()
    assert e.value.code == 2
    assert message in err and err.count("\n") == 1


def test_bad_inputs_line_and_bad_catalog(capsys, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"t": 0, "throttle": 1}\n{"t": 1, "steer": 3}\n')
    rc, _, err = run_sim(capsys, "--car", "hatch", "--inputs", str(bad))
    assert rc == 2 and err == f"sideways sim: {bad}:2: steer: must be -1..1, got 3\n"
    cat = tmp_path / "cars.json"
    cat.write_text("{ nope")
    rc, _, err = run_sim(capsys, "--car", "hatch", "--inputs", str(bad), "--catalog", str(cat))
    assert rc == 2 and "broken JSON at line 1, column 3" in err and err.count("\n") == 1
    rc, _, err = run_sim(capsys, "--car", "hatch", "--inputs", str(tmp_path / "missing.jsonl"))
    assert rc == 2 and err == f"sideways sim: {tmp_path / 'missing.jsonl'}: file not found\n"


def test_console_entry_point_runs_as_a_module(inputs):
    p = subprocess.run([sys.executable, "-m", "game", "sim", "--car", "kart", "--surface", "dirt", "--inputs", inputs, "--seconds", "1"],
                       capture_output=True, text=True)
    assert p.returncode == 0 and len(p.stdout.splitlines()) == 121
