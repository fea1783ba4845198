"""`sideways report`: the maneuvers against hand-computed answers, and the command's table, filters, plot and errors."""

from __future__ import annotations

import json
import math
import re
import sys

import numpy as np
import pytest

from game import paths
from game.cli import main
from game.commands.report import PLOT_MISSING
from game.report.maneuvers import (
    MEASURES,
    MPS_PER_KMH,
    braking_distance_m,
    handbrake_drift_peak_deg,
    measure_all,
    steady_yaw_dps,
    top_speed_kmh,
    zero_to_speed_s,
)


@pytest.fixture(autouse=True)
def _no_user_catalog(tmp_path, monkeypatch):
    """Keep a player's SIDEWAYS_HOME/cars.json out of the default catalog."""
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path / "home"))


def _integral(f, lo: float, hi: float, n: int = 20001) -> float:
    """Trapezoid rule on a fine grid."""
    x = np.linspace(lo, hi, n)
    y = f(x)
    return float(np.sum((y[1:] + y[:-1]) * np.diff(x)) / 2.0)


# ---- the maneuvers -------------------------------------------------------------------------


def test_braking_distance_matches_the_integrated_decelerations(catalog):
    h = catalog.handling
    v0 = 100.0 * MPS_PER_KMH
    decel = lambda v: h.brake_decel_mps2 + h.drag_quad_per_m * v * v + h.drag_lin_per_s * v  # noqa: E731
    expected = _integral(lambda v: v / decel(v), 0.0, v0)  # d = integral of v dv / a(v)
    got = braking_distance_m(catalog, "hatch")
    assert got == pytest.approx(expected, rel=0.02)
    # and the drag-free bounds around it: brakes alone, and brakes plus the largest drag
    assert v0 * v0 / (2 * (h.brake_decel_mps2 + h.drag(v0))) < got < v0 * v0 / (2 * h.brake_decel_mps2)


def test_top_speed_on_asphalt_is_the_catalog_top_speed(catalog):
    for car in catalog.cars.values():
        assert top_speed_kmh(catalog, car.id, "asphalt") == pytest.approx(car.top_speed / MPS_PER_KMH, rel=0.01), car.id


def test_grass_slows_a_road_car_to_about_its_offroad_factor(catalog):
    gt = catalog.car("vortex_gt")
    assert gt.offroad < 0.1
    ratio = top_speed_kmh(catalog, "vortex_gt", "grass") / top_speed_kmh(catalog, "vortex_gt", "asphalt")
    assert 0.55 <= ratio <= 0.60
    rally = top_speed_kmh(catalog, "rally_lynx", "grass") / top_speed_kmh(catalog, "rally_lynx", "asphalt")
    assert rally > 0.9  # the offroad stat keeps the rally car near full pace
    assert top_speed_kmh(catalog, "hatch", "lava") is None


def test_zero_to_100_is_the_integrated_acceleration(catalog):
    h, car = catalog.handling, catalog.car("hatch")
    # full throttle carries the drag, so the net push is power x (1 - (v/top)^power_falloff)
    expected = _integral(lambda v: 1.0 / (car.power * (1.0 - (v / car.top_speed) ** h.power_falloff)), 0.0, 100.0 * MPS_PER_KMH)
    assert zero_to_speed_s(catalog, "hatch") == pytest.approx(expected, rel=0.02)


def test_a_car_that_never_reaches_the_speed_gives_none(catalog):
    assert catalog.car("kart").top_speed < 100.0 * MPS_PER_KMH
    assert zero_to_speed_s(catalog, "kart") is None
    assert steady_yaw_dps(catalog, "kart", 100.0) is None
    assert zero_to_speed_s(catalog, "kart", 50.0) is not None


@pytest.mark.parametrize("car_id,kmh", [("hatch", 50.0), ("bruiser_v8", 100.0), ("zenith_hyper", 50.0)])
def test_steady_yaw_at_full_lock_is_the_steering_formula(catalog, car_id, kmh):
    h, car = catalog.handling, catalog.car(car_id)
    v = kmh * MPS_PER_KMH
    authority = min(v / h.steer_ref_speed_mps, 1.0)
    tame = 1.0 - h.high_speed_tame * min(v / car.top_speed, 1.0)
    expected = math.degrees(h.steer_rate_radps * car.steer * authority * tame)
    assert steady_yaw_dps(catalog, car_id, kmh) == pytest.approx(expected, rel=0.01)


def test_handbrake_turn_slides_further_with_less_grip(catalog):
    import dataclasses

    base = handbrake_drift_peak_deg(catalog, "hatch")
    slippy = dataclasses.replace(catalog, cars={**catalog.cars, "hatch": dataclasses.replace(catalog.car("hatch"), grip=2.0)})
    assert 10.0 < base < 80.0
    assert handbrake_drift_peak_deg(slippy, "hatch") > base + 5.0


def test_measure_all_order_filter_and_determinism(catalog):
    every = measure_all(catalog)
    assert [r.car_id for r in every] == list(catalog.cars)
    picked = measure_all(catalog, ["zenith_hyper", "hatch"])
    assert [r.car_id for r in picked] == ["zenith_hyper", "hatch"]
    assert picked[1] == every[1]  # same inputs, same catalog: the same figures
    assert list(every[0].figures()) == [m.field for m in MEASURES]


# ---- the command ---------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def _sim_block_driven_once(sim_measured_once):
    """The command's Simulation block measures each car once for every report test in this process."""


def run_report(capsys, *args) -> tuple[int, str, str]:
    rc = main(["report", *args])
    out, err = capsys.readouterr()
    return rc, out, err


def table_rows(out: str) -> dict[str, dict[str, str]]:
    """Parse the printed maneuver table (the first block): two header lines, a rule, then one row per car keyed by id."""
    lines = out.split("\n\n")[0].rstrip("\n").splitlines()
    labels = re.split(r"\s{2,}", lines[0].strip())
    assert set(lines[2]) <= {"-", " "}
    rows = {}
    for line in lines[3:]:
        cells = re.split(r"\s{2,}", line.strip())
        assert len(cells) == len(labels), line
        row = dict(zip(labels, cells))
        rows[row["id"]] = row
    return rows


def test_table_has_every_car_with_units_in_the_header(capsys, catalog):
    rc, out, err = run_report(capsys)
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Car") and "0-100" in lines[0] and "Top grass" in lines[0]
    assert "(km/h)" in lines[1] and "(deg/s)" in lines[1] and "(m)" in lines[1]
    assert len({len(line) for line in lines[:3]}) == 1  # header lines and rule line up
    rows = table_rows(out)
    assert list(rows) == list(catalog.cars)
    assert rows["hatch"]["Car"] == "Sprite Hatch"
    assert rows["kart"]["0-100"] == "—" and rows["kart"]["Yaw @100"] == "—"
    assert float(rows["hatch"]["Top asphalt"]) == pytest.approx(catalog.car("hatch").top_speed / MPS_PER_KMH, rel=0.01)


def test_a_modded_catalog_shows_the_change(capsys, tmp_path):
    data = json.loads(paths.DEFAULT_CATALOG.read_text(encoding="utf-8"))
    hatch = next(c for c in data["cars"] if c["id"] == "hatch")
    hatch["grip"] = 2.5
    hatch["power"] = 22.0
    modded = tmp_path / "cars.json"
    modded.write_text(json.dumps(data), encoding="utf-8")
    _, before, _ = run_report(capsys, "--car", "hatch")
    rc, after, _ = run_report(capsys, "--catalog", str(modded), "--car", "hatch")
    assert rc == 0
    b, a = table_rows(before)["hatch"], table_rows(after)["hatch"]
    assert float(a["0-100"]) < 0.7 * float(b["0-100"])  # more power: quicker
    assert float(a["HB drift peak"]) > float(b["HB drift peak"]) + 5.0  # less grip: wider slide
    assert a["Top asphalt"] == b["Top asphalt"]  # top speed untouched


def test_car_filter_keeps_order_and_drops_repeats(capsys):
    rc, out, _ = run_report(capsys, "--car", "zenith_hyper", "--car", "kart", "--car", "zenith_hyper")
    assert rc == 0
    assert list(table_rows(out)) == ["zenith_hyper", "kart"]


def test_unknown_car_is_one_line_exit_2(capsys):
    rc, out, err = run_report(capsys, "--car", "hatch", "--car", "batmobile")
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("sideways report: unknown car 'batmobile'")


def test_bad_catalog_is_its_validation_line_exit_2(capsys, tmp_path):
    data = json.loads(paths.DEFAULT_CATALOG.read_text(encoding="utf-8"))
    data["cars"][1]["grip"] = -1
    bad = tmp_path / "cars.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    rc, out, err = run_report(capsys, "--catalog", str(bad))
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and "cars[hatch].grip" in err


def test_plot_writes_a_png(capsys, tmp_path):
    png = tmp_path / "report.png"
    rc, out, err = run_report(capsys, "--plot", str(png))
    assert rc == 0 and "Sprite Hatch" in out
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20000
    assert str(png) in err


def test_plot_without_matplotlib_prints_the_table_then_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # what `import matplotlib` meets when it is not installed
    png = tmp_path / "report.png"
    rc, out, err = run_report(capsys, "--car", "hatch", "--plot", str(png))
    assert rc == 2
    assert "Sprite Hatch" in out  # the table still comes first
    assert err == f"sideways report: {PLOT_MISSING}\n"
    assert PLOT_MISSING == "--plot needs matplotlib: pip install 'sideways[plot]'"
    assert not png.exists()


def test_unwritable_plot_path_is_one_line_exit_2(capsys, tmp_path):
    rc, _, err = run_report(capsys, "--car", "kart", "--plot", str(tmp_path / "no" / "such" / "dir.png"))
    assert rc == 2 and err.count("\n") == 1 and "cannot write" in err
