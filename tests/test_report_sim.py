"""`sideways report`'s Simulation block: sprints, stops, skidpad, step steer and spins measured on the simulation
model, answering to changes in the car the way a driver would notice; the table and the tyre-curve plot."""

from __future__ import annotations

import dataclasses
import math
import re

import pytest

from game.cli import main
from game.commands import report as report_cmd
from game.report.handling_figures import (
    KART_PAD_RADIUS_M,
    MAX_SLIP_DEG,
    PAD_RADIUS_M,
    PAD_RADIUS_TOL,
    SIM_MEASURES,
    STEP_KMH,
    STEP_TARGET_G,
    measure_sim,
    pad_run,
    skidpad,
    sprint_s,
    step_input,
    step_response,
    stop_m,
)
from game.sim.models.tyres import lateral_mu
from tests.support.sim_figures import remember

G = 9.80665


@pytest.fixture(autouse=True)
def _no_user_catalog(tmp_path, monkeypatch):
    """Keep a player's SIDEWAYS_HOME/cars.json out of the default catalog."""
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path / "home"))


def with_part(catalog, car_id: str, part: str, **changes):
    """The catalog with one block of one car's drivetrain changed (e.g. its brakes)."""
    car = catalog.car(car_id)
    d = car.drivetrain
    d = dataclasses.replace(d, **{part: dataclasses.replace(getattr(d, part), **changes)})
    return dataclasses.replace(catalog, cars={**catalog.cars, car_id: dataclasses.replace(car, drivetrain=d)})


# ---- sprints and stops ---------------------------------------------------------------------


def test_weaker_brakes_stop_longer_and_stronger_never_longer(catalog):
    force = catalog.car("hatch").drivetrain.brakes.brake_force_n
    base = stop_m(catalog, "hatch", 100.0)
    weak = stop_m(with_part(catalog, "hatch", "brakes", brake_force_n=0.5 * force), "hatch", 100.0)
    strong = stop_m(with_part(catalog, "hatch", "brakes", brake_force_n=1.5 * force), "hatch", 100.0)
    assert weak > 1.2 * base
    assert strong <= base + 0.05
    # no tyre stops a car from 100 km/h in less than it would at 2 g, and a stop from 60 is much shorter
    assert base > (100.0 / 3.6) ** 2 / (2 * 2.0 * G)
    assert stop_m(catalog, "hatch", 60.0) < 0.5 * base


def test_less_torque_is_a_slower_sprint_and_60_comes_before_100(catalog):
    t60, t100 = sprint_s(catalog, "hatch")
    assert 0.0 < t60 < t100
    torque = catalog.car("hatch").drivetrain.engine.peak_torque_nm
    s60, s100 = sprint_s(with_part(catalog, "hatch", "engine", peak_torque_nm=0.6 * torque), "hatch")
    assert s60 > t60 and s100 > t100 + 0.5


# ---- skidpad -------------------------------------------------------------------------------


def test_the_skidpad_figure_is_held_within_its_limits_and_is_the_limit(catalog):
    run = skidpad(catalog, "vortex_gt", PAD_RADIUS_M)
    assert run is not None and run.held
    assert run.worst_slip_deg <= MAX_SLIP_DEG and run.worst_radius_err <= PAD_RADIUS_TOL
    assert 0.2 < run.g < 3.5
    # 8% faster round the same circle: past what the car holds at 10 deg of body slip
    faster = pad_run(catalog, "vortex_gt", PAD_RADIUS_M, 1.08 * math.sqrt(run.g * G * PAD_RADIUS_M))
    assert not faster.held


def test_grippier_tyres_hold_more_g_on_the_skidpad(catalog):
    d = catalog.car("hatch").drivetrain.tyres.pacejka_d
    base = skidpad(catalog, "hatch", PAD_RADIUS_M)
    grippy = skidpad(with_part(catalog, "hatch", "tyres", pacejka_d=1.3 * d), "hatch", PAD_RADIUS_M)
    assert grippy.g > 1.1 * base.g


# ---- step steer ----------------------------------------------------------------------------


def test_step_steer_finds_about_04_g_and_gives_a_finite_response(catalog):
    v = STEP_KMH / 3.6
    steer, g = step_input(catalog, "hatch", v)
    assert 0.0 < steer < 1.0 and g == pytest.approx(0.4, abs=0.04)
    yaw, overshoot, t90 = step_response(catalog, "hatch", steer, v)
    assert math.isfinite(yaw) and math.isfinite(overshoot) and overshoot >= 0.0
    assert 0.0 < t90 < 3.0
    # steady cornering: lateral acceleration = speed x yaw rate (the frozen throttle lets the speed sag a little)
    assert math.radians(yaw) * v / G == pytest.approx(g, rel=0.2)
    # a bigger step turns the car faster
    assert step_response(catalog, "hatch", 1.5 * steer, v)[0] > yaw


# ---- the whole report ----------------------------------------------------------------------


def test_the_kart_is_measured_as_a_kart_and_an_arcade_only_car_not_at_all(catalog):
    kart = measure_sim(catalog, "kart")
    assert kart.skidpad_radius_m == KART_PAD_RADIUS_M
    assert kart.zero_to_60_s is not None and kart.stop_60_m is not None
    assert kart.zero_to_100_s is None and kart.stop_100_m is None  # it never reaches 100 km/h
    assert kart.spin_decel_g is not None and kart.spin_decel_g > 0.0
    # the step steer's first probe spins a kart at 80 km/h (its short wheelbase turns far more per degree): halved
    assert kart.step_g == pytest.approx(STEP_TARGET_G, abs=0.04) and kart.step_yaw_dps > 0.0
    assert measure_sim(catalog, "kart") == kart  # deterministic
    remember(catalog, "kart", kart)  # so the command's block below need not drive it a third time
    assert list(kart.figures()) == [f.name for f in dataclasses.fields(kart)][2:]
    assert {m.field for m in SIM_MEASURES} <= set(kart.figures())
    arcade = dataclasses.replace(catalog, cars={**catalog.cars, "kart": dataclasses.replace(catalog.car("kart"), drivetrain=None)})
    assert measure_sim(arcade, "kart") is None


def sim_block(out: str) -> dict[str, dict[str, str]]:
    """Parse the Simulation block: its title, two header lines, a rule, then one row per car keyed by id."""
    block = next(b for b in out.split("\n\n") if b.startswith("Simulation model (measured"))
    lines = block.rstrip("\n").splitlines()
    labels = re.split(r"\s{2,}", lines[1].strip())
    assert "(g)" in lines[2] and "(deg/s)" in lines[2] and "(%)" in lines[2]
    assert set(lines[3]) <= {"-", " "}
    rows = {}
    for line in lines[4:]:
        cells = re.split(r"\s{2,}", line.strip())
        assert len(cells) == len(labels), line
        rows[cells[1]] = dict(zip(labels, cells))
    return rows


def test_the_command_prints_the_block_and_plots_the_tyre_curves(capsys, tmp_path, monkeypatch, catalog, sim_measured_once):
    figures = []
    plot = report_cmd.write_plot
    monkeypatch.setattr(report_cmd, "write_plot", lambda *a, **k: figures.append(plot(*a, **k)))
    png = tmp_path / "report.png"
    assert main(["report", "--car", "kart", "--car", "hatch", "--plot", str(png)]) == 0
    out = capsys.readouterr().out
    rows = sim_block(out)
    assert list(rows) == ["kart", "hatch"]
    assert rows["kart"]["0-100"] == "—" and rows["kart"]["Pad R"] == "15.0" and rows["hatch"]["Pad R"] == "45.7"
    assert float(rows["hatch"]["0-60"]) < float(rows["hatch"]["0-100"])
    assert float(rows["hatch"]["100-0"]) > float(rows["hatch"]["60-0"]) > 0.0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    (fig,) = figures
    (ax,) = [a for a in fig.axes if "tyre curve" in a.get_title()]
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert set(lines) == {"kart", "hatch"}
    x, y = lines["hatch"].get_data()
    assert x[0] == 0.0 and x[-1] == 90.0 and y[0] == 0.0
    tyres = catalog.car("hatch").drivetrain.tyres
    assert y[len(x) // 2] == pytest.approx(lateral_mu(tyres, math.radians(x[len(x) // 2])))
