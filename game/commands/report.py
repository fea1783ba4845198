"""`sideways report`: standard maneuvers for each car as an aligned table, the simulation model's drivetrain
figures (torque, power, 1st-gear top speed, shift points) as a second one, its measured handling (sprints, stops,
skidpad, step steer, spins) as a third, optionally a PNG chart."""

from __future__ import annotations

import sys
from pathlib import Path

from game.commands.common import CommandError, car_id_for, catalog_for, fail, write_output
from game.report.drivetrain_figures import DrivetrainReport, format_drivetrain_table, measure_drivetrain
from game.report.handling_figures import KART_PAD_RADIUS_M, PAD_RADIUS_M, SIM_MEASURES, SimReport, measure_sim, tyre_curve
from game.report.maneuvers import MEASURES, CarReport, Measure, measure_all
from game.sim.params import CarSpec

PROG = "sideways report"
PLOT_MISSING = "--plot needs matplotlib: pip install 'sideways[plot]'"
GAP = "  "  # columns are separated by at least two spaces, so names with single spaces stay one cell
SIM_TITLE = (f"Simulation model (measured: sprints with a tester's launch, shifting at the shift points; stops full brake, clutch in; "
             f"skidpad {PAD_RADIUS_M:g} m "
             f"(kart {KART_PAD_RADIUS_M:g} m) at <= 10 deg body slip; step steer at 80 km/h to ~0.4 g; worst 0.1 s speed loss in a spin)")


def add_parser(sub) -> None:
    """Register the report subcommand."""
    p = sub.add_parser("report", help="measure every car headless (0-100, top speeds, braking, yaw, drift) as a table")
    p.add_argument("--catalog", help="catalog file (default: SIDEWAYS_HOME/cars.json if present, else data/cars.json)")
    p.add_argument("--car", action="append", metavar="ID", help="only this car (repeatable; default: every car)")
    p.add_argument("--plot", metavar="FILE.png", help="also write a PNG chart comparing the cars (needs matplotlib)")
    p.set_defaults(run=run)


def run(args) -> int:
    """Measure, print the table, then the chart if asked; exit 2 with one line on any bad input."""
    try:
        catalog = catalog_for(args.catalog)
        car_ids = list(dict.fromkeys(car_id_for(catalog, c) for c in args.car)) if args.car else None
    except CommandError as e:
        return fail(PROG, str(e))
    reports = measure_all(catalog, car_ids)
    sim = [m for m in (measure_sim(catalog, r.car_id) for r in reports) if m is not None]
    t100 = {m.car_id: m.zero_to_100_s for m in sim}  # the drivetrain table shows the same sprint, not a second one
    drive = [d for d in (measure_drivetrain(catalog, r.car_id, t100.get(r.car_id), measured=r.car_id in t100) for r in reports) if d is not None]
    dash = _dash(sys.stdout)
    table = format_table(reports, dash=dash) + "\n"
    if drive:
        table += "\nSimulation model (drivetrain; net torque at full throttle, shift where the next gear pulls harder)\n"
        table += format_drivetrain_table(drive, dash=dash) + "\n"
    if sim:
        table += "\n" + SIM_TITLE + "\n" + format_table(sim, dash=dash, measures=SIM_MEASURES) + "\n"
    if write_output(None, PROG, lambda out: out.write(table)):
        return 2
    if args.plot:
        try:
            tyres = [catalog.car(m.car_id) for m in sim]
            write_plot(reports, args.plot, {c.id: c.color for c in catalog.cars.values()}, catalog.source, drive, tyres)
        except CommandError as e:
            return fail(PROG, str(e))
        sys.stderr.write(f"{PROG}: wrote {args.plot}\n")
    return 0


def _dash(stream) -> str:
    """An em dash for missing figures where the terminal can show one, else a hyphen."""
    try:
        "—".encode(getattr(stream, "encoding", None) or "ascii")
        return "—"
    except (UnicodeEncodeError, LookupError):
        return "-"


def format_cell(value: float | None, m: Measure, dash: str = "—") -> str:
    """One figure at its measure's precision, or the dash when the car cannot do it."""
    return dash if value is None else f"{value:.{m.decimals}f}"


def format_table(reports: list[CarReport] | list[SimReport], dash: str = "—", measures: tuple[Measure, ...] = MEASURES) -> str:
    """The table: a label line and a unit line of headers, then one row per car; text left, numbers right.
    Any report with name, car_id and figures() fits, with its measures."""
    heads = [("Car", ""), ("id", "")] + [(m.label, f"({m.unit})") for m in measures]
    rows = [[r.name, r.car_id] + [format_cell(r.figures()[m.field], m, dash) for m in measures] for r in reports]
    widths = [max([len(h[0]), len(h[1])] + [len(row[i]) for row in rows]) for i, h in enumerate(heads)]

    def line(cells: list[str]) -> str:
        out = [c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))]
        return GAP.join(out).rstrip()

    lines = [line([h[0] for h in heads]), line([h[1] for h in heads])]
    lines.append(GAP.join("-" * w for w in widths))
    lines += [line(row) for row in rows]
    return "\n".join(lines)


def write_plot(reports: list[CarReport], path: str | Path, colors: dict[str, str], title: str = "",
               drive: list[DrivetrainReport] = (), tyres: list[CarSpec] = ()):
    """A PNG of small multiples, one bar chart per measure, the cars in their catalog colours (matplotlib, Agg);
    with drivetrain reports, a row of torque and power curves against rpm (simulation model); with cars in tyres,
    a last row of their lateral tyre curves (force per newton of load against slip angle). Returns the figure."""
    try:
        import matplotlib  # noqa: F401  (first, so an absent or blocked package fails here)
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.patches import Patch
    except ImportError:
        raise CommandError(PLOT_MISSING) from None
    cols = 4
    bar_rows = -(-len(MEASURES) // cols)
    nrows = bar_rows + (1 if drive else 0) + (1 if tyres else 0)
    fig = Figure(figsize=(4.0 * cols, 3.3 * nrows + 0.8), dpi=100)
    FigureCanvasAgg(fig)  # the Agg canvas directly: no pyplot, no global backend switch
    ids = [r.car_id for r in reports]
    fill = [colors.get(i, "#777777") for i in ids]
    for k, m in enumerate(MEASURES):
        ax = fig.add_subplot(nrows, cols, k + 1)
        values = [r.figures()[m.field] for r in reports]
        known = [v for v in values if v is not None]
        top = max(known) if known else 1.0
        x = list(range(len(reports)))
        ax.bar(x, [0.0 if v is None else v for v in values], color=fill, edgecolor="#222222", linewidth=0.8)
        for xi, v in zip(x, values):
            text = "n/a" if v is None else f"{v:.{m.decimals}f}"
            ax.text(xi, (0.0 if v is None else v) + 0.02 * top, text, ha="center", va="bottom", fontsize=8,
                    color="#888888" if v is None else "#222222")
        ax.set_title(f"{m.label} ({m.unit})", fontsize=11, fontweight="bold")
        ax.set_xticks(x)
        ax.set_xticklabels(ids, rotation=30, ha="right", fontsize=8)
        ax.set_ylim(0.0, top * 1.18)
        ax.tick_params(axis="y", labelsize=8)
        ax.grid(axis="y", color="#dddddd", linewidth=0.6)
        ax.set_axisbelow(True)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    for k, (label, values) in enumerate((("Torque (Nm, net of friction)", "curve_torque_nm"), ("Power (kW)", "curve_power_kw"))):
        if not drive:
            break
        ax = fig.add_subplot(nrows, 2, 2 * bar_rows + k + 1)
        for d in drive:
            ax.plot(d.curve_rpm, getattr(d, values), color=colors.get(d.car_id, "#777777"), linewidth=2.0, label=d.car_id)
        ax.set_title(f"{label} at full throttle, simulation model", fontsize=11, fontweight="bold")
        ax.set_xlabel("engine speed (rpm)", fontsize=9)
        ax.tick_params(labelsize=8)
        ax.grid(color="#dddddd", linewidth=0.6)
        ax.legend(fontsize=8, frameon=False, ncol=2)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    if tyres:
        ax = fig.add_subplot(nrows, 1, nrows)
        for car in tyres:
            ax.plot(*tyre_curve(car), color=colors.get(car.id, "#777777"), linewidth=2.0, label=car.id)
        ax.set_title("Lateral tyre curve, simulation model (force per newton of load)", fontsize=11, fontweight="bold")
        ax.set_xlabel("slip angle (deg)", fontsize=9)
        ax.set_xlim(0.0, 90.0)
        ax.set_ylim(bottom=0.0)
        ax.tick_params(labelsize=8)
        ax.grid(color="#dddddd", linewidth=0.6)
        ax.legend(fontsize=8, frameon=False, ncol=3)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    height_in = fig.get_figheight()
    handles = [Patch(facecolor=c, edgecolor="#222222", label=f"{r.name} ({r.car_id})") for r, c in zip(reports, fill)]
    fig.suptitle(f"Sideways car report{' - ' + title if title else ''}", fontsize=14, y=1.0 - 0.08 / height_in, va="top")
    fig.legend(handles=handles, loc="upper center", ncol=min(len(handles), 6), fontsize=9, frameon=False,
               bbox_to_anchor=(0.5, 1.0 - 0.38 / height_in))
    fig.text(0.995, 0.005, "n/a: the car never reaches the speed this measure needs", ha="right", va="bottom", fontsize=8, color="#666666")
    fig.tight_layout(rect=(0.0, 0.02, 1.0, 1.0 - 0.72 / height_in))
    try:
        fig.savefig(path, format="png")
    except OSError as e:
        raise CommandError(f"{path}: cannot write ({e.strerror or e})") from None
    return fig
