"""Author the mountain pass, frozen lake and parking yard maps (data/tracks/*.json) from a few design numbers.

The game reads only the JSON it writes: this is an authoring aid (roads sampled along arcs, guard rails
offset from the road, heights following the hill), not something the game runs. Re-run after editing:
    python3 tools/make_maps.py
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np

TRACKS = Path(__file__).resolve().parent.parent / "data" / "tracks"


def r1(v: float) -> float:
    """Round to a tenth of a metre (readable files)."""
    return round(float(v), 1)


def pts(a) -> list:
    """A (N, 2|3) array as a JSON list of rounded points."""
    return [[r1(v) for v in p] for p in np.asarray(a)]


def arc(cx: float, cz: float, r: float, a0_deg: float, a1_deg: float, step_m: float = 4.0) -> np.ndarray:
    """Points on a circle from angle a0 to a1 (degrees, 0 = +x, 90 = +z)."""
    n = max(2, int(math.ceil(abs(math.radians(a1_deg - a0_deg)) * r / step_m)) + 1)
    a = np.radians(np.linspace(a0_deg, a1_deg, n))
    return np.stack([cx + r * np.cos(a), cz + r * np.sin(a)], 1)


def spline(ctrl, step_m: float = 5.0) -> np.ndarray:
    """A Catmull-Rom curve through the control points, sampled about every step_m."""
    c = np.asarray(ctrl, float)
    c = np.concatenate([2 * c[:1] - c[1:2], c, 2 * c[-1:] - c[-2:-1]])
    out = []
    for i in range(1, len(c) - 2):
        p0, p1, p2, p3 = c[i - 1], c[i], c[i + 1], c[i + 2]
        n = max(2, int(math.ceil(np.hypot(*(p2 - p1)) / step_m)))
        for t in np.linspace(0, 1, n, endpoint=False):
            out.append(0.5 * ((2 * p1) + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t + (-p0 + 3 * p1 - 3 * p2 + p3) * t**3))
    out.append(c[-2])
    return np.array(out)


def normals(p: np.ndarray) -> np.ndarray:
    """Unit vectors to the left of a polyline's direction at each point."""
    ext = np.concatenate([2 * p[:1] - p[1:2], p, 2 * p[-1:] - p[-2:-1]])
    t = ext[2:] - ext[:-2]
    t /= np.linalg.norm(t, axis=1, keepdims=True)
    return np.stack([-t[:, 1], t[:, 0]], 1)  # left of travel seen from above with +x east, +z north


def arclength(p: np.ndarray) -> np.ndarray:
    return np.concatenate([[0], np.cumsum(np.hypot(*np.diff(p, axis=0).T))])


def chunks(p: np.ndarray, n: int = 16) -> list[np.ndarray]:
    """A long polyline cut into overlapping pieces of n points (small bounding boxes rasterise fast)."""
    return [p[i : i + n + 1] for i in range(0, len(p) - 1, n)]


def hill_height(hills, x, z):
    h = np.zeros_like(np.asarray(x, float))
    for hx, hz, r, hh in hills:
        d = np.minimum(np.hypot(x - hx, z - hz) / r, 1.0)
        h = h + hh * 0.5 * (1 + np.cos(np.pi * d))
    return h


def write(name: str, d: dict) -> None:
    path = TRACKS / f"{name}.json"
    if path.is_file() and "courses" in (old := json.loads(path.read_text(encoding="utf-8"))):
        d["courses"] = old["courses"]  # judged courses are written in the JSON itself (driven and tuned there): kept
    path.write_text(json.dumps(d, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}")


# ---- mountain pass --------------------------------------------------------------------------------


def mountain_pass() -> dict:
    hills = [(0.0, 300.0, 520.0, 112.0), (-150.0, 190.0, 60.0, 10.0), (160.0, 170.0, 70.0, 14.0)]
    R, W = 19.0, 9.0  # hairpin radius and road width (m)
    legs = [
        spline([(-175, -200), (-90, -196), (0, -178), (75, -170), (120, -158)]),
        arc(120, -139, R, -90, 90),
        spline([(120, -120), (40, -108), (-40, -92), (-130, -76)]),
        arc(-130, -57, R, 270, 90),
        spline([(-130, -38), (-50, -30), (40, -8), (125, 4)]),
        arc(125, 23, R, -90, 90),
        spline([(125, 42), (60, 58), (0, 78), (-60, 96), (-110, 108), (-150, 112)]),
    ]
    road = np.concatenate([legs[0]] + [leg[1:] for leg in legs[1:]])
    keep = np.concatenate([[True], np.hypot(*np.diff(road, axis=0).T) > 0.5])
    road = road[keep]
    s = arclength(road)
    natural = hill_height(hills, road[:, 0], road[:, 1])
    k = np.exp(-0.5 * ((s[:, None] - s[None, :]) / 30.0) ** 2)
    y = (k @ natural) / k.sum(1)
    y -= y[0]
    crest_s = s[-1] - 130.0  # a crest on the last leg that lifts a fast car
    y += 2.6 * np.clip(1 - np.abs(s - crest_s) / 14.0, 0, 1)
    n = normals(road)
    hairpin = np.zeros(len(road))  # +1 left-hand hairpin (outside on the right), -1 right-hand
    for i, leg in enumerate(legs):
        if i % 2:
            c = leg.mean(axis=0)
            inside = np.hypot(road[:, 0] - c[0], road[:, 1] - c[1]) < R + 3
            turn = 1.0 if i in (1, 5) else -1.0
            hairpin[inside] = turn
    soft = np.convolve(hairpin, np.ones(5) / 5, mode="same")
    right_off = W / 2 + 3.5 + 6.0 * np.clip(soft, 0, 1)
    left_off = W / 2 + 3.5 + 6.0 * np.clip(-soft, 0, 1)
    right = road - n * right_off[:, None]
    left = road + n * left_off[:, None]
    regions, walls = [], []
    for piece in chunks(road):
        regions.append({"surface": "asphalt", "area": {"shape": "path", "points": pts(piece), "width_m": W}, "flatten": False})
    for i, leg in enumerate(legs):
        if i % 2:
            idx = np.where(np.abs(hairpin) > 0)[0]
            c = leg.mean(axis=0)
            sel = [j for j in idx if np.hypot(*(road[j] - c)) < R + 3]
            outer = right if hairpin[sel[0]] > 0 else left
            edge = road[sel] - (n[sel] if hairpin[sel[0]] > 0 else -n[sel]) * (W / 2)
            poly = np.concatenate([edge, outer[sel][::-1] + 0.0])
            regions.insert(0, {"surface": "dirt", "area": {"shape": "polygon", "points": pts(poly)}, "flatten": False})
    for side in (left, right):
        for piece in chunks(side, 40):
            walls.append({"points": pts(piece), "height_m": 0.8, "kind": "guardrail"})
    grade = np.column_stack([road, y])
    zones, names = [], ["First Hairpin", "Middle Hairpin", "Top Hairpin"]
    for i, leg in enumerate(legs[1::2]):
        ends = np.concatenate([[leg[0] - (leg[1] - leg[0]) * 2.0], leg, [leg[-1] + (leg[-1] - leg[-2]) * 2.0]])
        zones.append({"id": f"hairpin_{i + 1}", "name": names[i], "area": {"shape": "path", "points": pts(ends), "width_m": 16.0}})
    sweeper = legs[2][len(legs[2]) // 4 : 3 * len(legs[2]) // 4]
    zones.append({"id": "long_sweeper", "name": "Long Sweeper", "area": {"shape": "path", "points": pts(sweeper), "width_m": 14.0}})
    rng = np.random.default_rng(3)
    props = []
    for _ in range(260):
        x, z = rng.uniform(-210, 210, 2)
        if np.min(np.hypot(road[:, 0] - x, road[:, 1] - z)) > 20:
            props.append({"kind": "pine" if rng.random() < 0.8 else "rock", "x": r1(x), "z": r1(z), "heading_deg": r1(rng.uniform(0, 360)),
                          "scale": round(float(rng.uniform(0.8, 1.5)), 2)})
    for i in (0, len(road) - 1):
        props.append({"kind": "flag", "x": r1(road[i, 0] + n[i, 0] * 6.5), "z": r1(road[i, 1] + n[i, 1] * 6.5)})
    head = lambda i: r1(math.degrees(math.atan2(*(road[i + 1] - road[i]))))  # noqa: E731
    back = lambda i: r1(math.degrees(math.atan2(*(road[i - 1] - road[i]))))  # noqa: E731
    climb = float(y.max() - y.min())
    return {
        "$schema": "./track.schema.json",
        "id": "mountain_pass",
        "name": "Mountain Pass",
        "description": f"A narrow road climbing {climb:.0f} m through three hairpins and long sweepers, guard rails, dirt run-off and a crest near the top.",
        "size_m": [440, 440],
        "default_surface": "grass",
        "terrain": {"cell_m": 4.0, "seed": 23, "noise_amplitude_m": 2.5, "noise_scale_m": 90, "flat_blend_m": 10,
                    "hills": [{"x": hx, "z": hz, "radius_m": r, "height_m": h} for hx, hz, r, h in hills],
                    "grades": [{"points": pts(grade), "width_m": W + 4.0, "blend_m": 12.0}]},
        "regions": regions,
        "walls": [{"points": [[-218, -218], [218, -218], [218, 218], [-218, 218]], "closed": True, "height_m": 2.5, "kind": "wall"}] + walls,
        "props": props,
        "spawns": [{"x": r1(road[2, 0]), "z": r1(road[2, 1]), "heading_deg": head(2)},
                   {"x": r1(road[-3, 0]), "z": r1(road[-3, 1]), "heading_deg": back(-3)}],
        "drift_zones": zones,
        "ai_targets": [{"x": r1(p[0]), "z": r1(p[1]), "radius_m": 3.0} for p in road[:: max(1, len(road) // 24)]],
        "look": {"sky_top": "#3f7fcf", "sky_horizon": "#d6e4ee", "fog_density": 0.0032, "sun_heading_deg": 200, "sun_elevation_deg": 38},
    }


# ---- frozen lake ------------------------------------------------------------------------------------


def ring(r: float, a0: float = 0.0, a1: float = 360.0, step: float = 6.0, cx: float = 0.0, cz: float = 0.0) -> np.ndarray:
    return arc(cx, cz, r, a0, a1, step)


def frozen_lake() -> dict:
    bank = ring(134, 100, 440, 6.0)  # a snow bank round the shore road, open at the north for the pan road
    bank = np.column_stack([bank, np.full(len(bank), 2.6)])
    island = np.array([[-4, 0, 4.5], [4, 0, 4.5]])
    rng = np.random.default_rng(7)
    props = []
    for _ in range(22):
        a, r = rng.uniform(0, 2 * np.pi), rng.uniform(0, 9)
        props.append({"kind": "pine", "x": r1(r * math.cos(a)), "z": r1(r * math.sin(a)), "scale": round(float(rng.uniform(0.9, 1.4)), 2)})
    for _ in range(160):
        x, z = rng.uniform(-205, 205, 2)
        rr = math.hypot(x, z)
        if rr > 150 and not (-70 < x < 70 and z > 120):
            props.append({"kind": "pine", "x": r1(x), "z": r1(z), "scale": round(float(rng.uniform(0.9, 1.6)), 2), "heading_deg": r1(rng.uniform(0, 360))})
    for x in (-8, 8):
        for z in (165, 175, 185):
            props.append({"kind": "cone", "x": x, "z": z})
    for a in range(0, 360, 30):
        props.append({"kind": "cone", "x": r1(30 * math.cos(math.radians(a))), "z": r1(30 * math.sin(math.radians(a)))})
    return {
        "$schema": "./track.schema.json",
        "id": "frozen_lake",
        "name": "Frozen Lake",
        "description": "Open ice ringed by a packed-snow shore road and soft snow banks, an island to drift round, a ramp and a big ice pan for donuts.",
        "size_m": [440, 440],
        "default_surface": "snow",
        "terrain": {"cell_m": 4.0, "seed": 5, "noise_amplitude_m": 1.6, "noise_scale_m": 80, "flat_blend_m": 12,
                    "hills": [{"x": -170, "z": -160, "radius_m": 70, "height_m": 14}, {"x": 175, "z": -150, "radius_m": 60, "height_m": 10},
                              {"x": 180, "z": 120, "radius_m": 50, "height_m": 9}, {"x": -180, "z": 130, "radius_m": 55, "height_m": 12}],
                    "grades": [{"points": pts(island), "width_m": 20.0, "blend_m": 9.0},
                               {"points": pts(bank), "width_m": 2.0, "blend_m": 5.0}]},
        "regions": [
            {"surface": "ice", "area": {"shape": "circle", "center": [0, 0], "radius_m": 112}},
        ] + [{"surface": "snow", "area": {"shape": "path", "points": pts(piece), "width_m": 16}} for piece in chunks(ring(121, 0, 360, 6.0), 8)] + [
            {"surface": "snow", "area": {"shape": "rect", "center": [0, 141], "size": [16, 30]}},
            {"surface": "ice", "area": {"shape": "rect", "center": [0, 178], "size": [130, 52]}},
            {"surface": "snow", "area": {"shape": "circle", "center": [0, 0], "radius_m": 18}, "flatten": False},
        ],
        "ramps": [{"x": 0, "z": 134, "heading_deg": 0, "length_m": 9, "width_m": 8, "height_m": 1.6, "surface": "snow"}],
        "walls": [{"points": [[-218, -218], [218, -218], [218, 218], [-218, 218]], "closed": True, "height_m": 2.0, "kind": "snowbank"},
                  {"points": pts(ring(137.5, 102, 438, 8.0)), "height_m": 0.9, "kind": "snowbank"},
                  {"points": [[-66, 152], [-66, 204], [66, 204], [66, 152]], "height_m": 0.9, "kind": "snowbank"}],
        "props": props,
        "spawns": [{"x": 0, "z": -62, "heading_deg": 0}, {"x": 0, "z": -121, "heading_deg": 90}, {"x": 0, "z": 160, "heading_deg": 0}],
        "drift_zones": [
            {"id": "island_ring", "name": "Round the Island", "area": {"shape": "path", "points": pts(ring(34, 0, 360, 5.0)[:-1]), "closed": True, "width_m": 24}},
            {"id": "south_shore", "name": "South Shore", "area": {"shape": "path", "points": pts(ring(121, 200, 340, 6.0)), "width_m": 18}},
            {"id": "ice_pan", "name": "The Ice Pan", "area": {"shape": "rect", "center": [0, 178], "size": [126, 48]}},
        ],
        "ai_targets": [{"x": r1(p[0]), "z": r1(p[1]), "radius_m": 6.0} for p in ring(34, 0, 360, 27.0)[:-1]]
        + [{"x": r1(p[0]), "z": r1(p[1]), "radius_m": 5.0} for p in ring(121, 0, 360, 95.0)[:-1]]
        + [{"x": -35, "z": 178, "radius_m": 10.0}, {"x": 35, "z": 178, "radius_m": 10.0}],
        "look": {"sky_top": "#6f9fcf", "sky_horizon": "#e8eff5", "fog_density": 0.005, "sun_heading_deg": 160, "sun_elevation_deg": 22},
    }


# ---- parking yard -----------------------------------------------------------------------------------

PAINTS = ["#b8322a", "#2a5db8", "#e8e8e8", "#222428", "#c9a227", "#3f8f4a", "#8a8f98", "#6b3fa0"]


def parking_yard() -> dict:
    bays, parked = [], []
    pitch, bw, bl = 2.9, 2.7, 5.4
    rng = np.random.default_rng(9)
    empty_n, empty_s = {2, 5, 9}, {1, 4, 6, 10}
    for i in range(12):
        x = -44 + i * pitch
        bays.append({"id": f"n{i + 1}", "x": r1(x), "z": 56.0, "heading_deg": 0, "width_m": bw, "length_m": bl})
        if i not in empty_n:
            parked.append({"x": r1(x + rng.uniform(-0.15, 0.15)), "z": r1(56.2 + rng.uniform(-0.2, 0.2)), "heading_deg": r1(rng.uniform(-2, 2)), "color": PAINTS[i % 8]})
    for i in range(12):
        x = -44 + i * pitch
        bays.append({"id": f"s{i + 1}", "x": r1(x), "z": 40.0, "heading_deg": 180, "width_m": bw, "length_m": bl})
        if i not in empty_s:
            parked.append({"x": r1(x + rng.uniform(-0.15, 0.15)), "z": r1(39.8 + rng.uniform(-0.2, 0.2)), "heading_deg": r1(180 + rng.uniform(-2, 2)), "color": PAINTS[(i + 3) % 8]})
    for b in bays:
        if b["id"] == "n6":
            b.update(task="nose_in", label="Nose in: bay N6")
        if b["id"] == "s5":
            b.update(task="reverse_in", label="Reverse into bay S5")
    # parallel lane on the west kerb: two cars with a gap between them
    for z in (-30.0, -20.0, -7.5, 5.0):
        parked.append({"x": -78.8, "z": z, "heading_deg": 0, "color": PAINTS[int(z) % 8]})
    bays.append({"id": "p1", "x": -78.8, "z": -13.75, "heading_deg": 0, "width_m": 2.4, "length_m": 6.8, "task": "parallel", "label": "Parallel park on the kerb"})
    bays.append({"id": "garage", "x": 72.2, "z": 0.0, "heading_deg": 90, "width_m": 3.0, "length_m": 6.0, "task": "garage", "label": "Back into the garage"})
    kerbs = [
        {"points": [[-47, 59.5], [-9, 59.5]], "height_m": 0.15, "kind": "kerb"},
        {"points": [[-47, 34.0], [-9, 34.0], [-9, 36.6], [-47, 36.6]], "closed": True, "height_m": 0.15, "kind": "kerb"},
        {"points": [[-80.3, -45], [-80.3, 15]], "height_m": 0.15, "kind": "kerb"},
        {"points": [[-18, -12], [-6, -12], [-6, 12], [-18, 12]], "closed": True, "height_m": 0.15, "kind": "kerb"},
    ]
    garage = [{"points": [[68.9, -2.2], [75.8, -2.2], [75.8, 2.2], [68.9, 2.2]], "height_m": 2.6, "kind": "wall"}]
    cones = []
    for x in range(-2, 70, 12):  # slalom
        cones.append({"kind": "cone", "x": x, "z": -52})
    for x in range(0, 84, 4):  # gymkhana boundary line
        cones.append({"kind": "cone", "x": x, "z": -20})
    for z in range(-40, 20, 4):  # lane line beside the parallel bays
        cones.append({"kind": "cone", "x": -72.0, "z": z})
    for z in (-6, -2, 2, 6):  # garage approach
        cones.append({"kind": "cone", "x": 62, "z": z})
    poles = [{"kind": "light_pole", "x": x, "z": 35.3} for x in (-44, -28, -12)]
    poles += [{"kind": "light_pole", "x": x, "z": z} for x, z in ((-84, -60), (84, -60), (84, 60), (-84, 60), (-12, 0))]
    pillars = [{"kind": "pillar", "x": 22, "z": -36}, {"kind": "pillar", "x": 52, "z": -36}]
    trees = [{"kind": "tree", "x": x, "z": 35.3} for x in (-36, -20)] + [{"kind": "tree", "x": -12, "z": -8}, {"kind": "tree", "x": -12, "z": 8}]
    return {
        "$schema": "./track.schema.json",
        "id": "parking_yard",
        "name": "City Parking Yard",
        "description": "A city car park: painted bays between parked cars, kerbs and light poles, a garage box, and a gymkhana corner with two pillars and a slalom.",
        "size_m": [200, 160],
        "default_surface": "grass",
        "terrain": {"cell_m": 4.0, "seed": 2, "flat_blend_m": 8, "hills": [{"x": -95, "z": 75, "radius_m": 30, "height_m": 4}, {"x": 95, "z": -75, "radius_m": 30, "height_m": 3}]},
        "regions": [
            {"surface": "asphalt", "area": {"shape": "rect", "center": [0, 0], "size": [176, 136]}},
            {"surface": "grass", "area": {"shape": "rect", "center": [-28, 35.3], "size": [38, 2.6]}},
            {"surface": "grass", "area": {"shape": "rect", "center": [-12, 0], "size": [12, 24]}},
            {"surface": "dirt", "area": {"shape": "rect", "center": [80, 62], "size": [12, 8]}},
        ],
        "walls": [{"points": [[-98, -78], [98, -78], [98, 78], [-98, 78]], "closed": True, "height_m": 2.2, "kind": "fence"}] + kerbs + garage,
        "parked_cars": parked,
        "bays": bays,
        "props": cones + poles + pillars + trees,
        "spawns": [{"x": -29.5, "z": 48.5, "heading_deg": 0}, {"x": 6, "z": 48, "heading_deg": 270}, {"x": 20, "z": 10, "heading_deg": 0}, {"x": 40, "z": -10, "heading_deg": 90}],
        "drift_zones": [
            {"id": "figure_eight", "name": "Figure of Eight", "area": {"shape": "rect", "center": [37, -36], "size": [56, 26]}},
            {"id": "slalom", "name": "Cone Slalom", "area": {"shape": "rect", "center": [32, -52], "size": [84, 8]}},
        ],
        "ai_targets": [{"x": x, "z": z, "radius_m": r} for x, z, r in
                       ((-40, 48, 3), (0, 48, 3), (20, 48, 3), (-60, 20, 5), (0, 20, 5), (40, 20, 5), (-60, -30, 5),
                        (37, -36, 6), (10, -52, 2), (50, -52, 2), (60, 40, 4), (60, -5, 3))],
        "look": {"sky_top": "#5a86c0", "sky_horizon": "#d9dee4", "fog_density": 0.004, "sun_heading_deg": 240, "sun_elevation_deg": 42},
    }


if __name__ == "__main__":
    write("mountain_pass", mountain_pass())
    write("frozen_lake", frozen_lake())
    write("parking_yard", parking_yard())
