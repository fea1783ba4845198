"""Map files are untrusted: sizes and heights bounded, geometry the view can draw, the world built before play."""

from __future__ import annotations

import copy
import json
import time

import pytest

import game.shell.launch
from game import paths
from game.cli import main
from game.content.tracks import MAX_TERRAIN_NODES, load_track
from game.safe_json import DataError

PARK = json.loads((paths.TRACKS_DIR / "sideways_park.json").read_text(encoding="utf-8"))


def _refused(tmp_path, catalog, mutate=None, text: str | None = None) -> str:
    data = copy.deepcopy(PARK)
    if mutate:
        mutate(data)
    p = tmp_path / "map.json"
    p.write_text(text if text is not None else json.dumps(data), encoding="utf-8")
    t0 = time.perf_counter()
    with pytest.raises(DataError) as e:
        load_track(str(p), catalog.surfaces)
    print(f"refused in {(time.perf_counter() - t0) * 1000:.1f} ms: {e.value}")
    msg = str(e.value)
    assert msg.startswith(f"{p}: ") and "\n" not in msg
    return msg[len(str(p)) + 2 :]


@pytest.mark.parametrize("size, cell, message", [
    (1e6, 3.0, "size_m[0]: must be <= 2000, got 1e+06"),
    (20_000, 3.0, "size_m[0]: must be <= 2000, got 20000"),
    (4_000, 0.5, "size_m[0]: must be <= 2000, got 4000"),
    (2_000, 0.5, f"terrain.cell_m: 2000 x 2000 m at 0.5 m cells is 16008001 grid nodes, more than {MAX_TERRAIN_NODES}; "
                 "use larger cells or a smaller map"),
])
def test_huge_maps_and_fine_grids_are_refused_quickly(tmp_path, catalog, size, cell, message):
    def mutate(d):
        d["size_m"] = [size, size]
        d["terrain"]["cell_m"] = cell

    assert _refused(tmp_path, catalog, mutate) == message


def test_heights_and_coordinates_are_bounded(tmp_path, catalog):
    assert _refused(tmp_path, catalog, lambda d: d["terrain"]["hills"][0].update(height_m=1e308)) == (
        "terrain.hills[0].height_m: must be <= 300, got 1e+308")
    assert _refused(tmp_path, catalog, lambda d: d["spawns"][0].update(heading_deg=-1e9)) == (
        "spawns[0].heading_deg: must be >= -720, got -1e+09")
    text = json.dumps(PARK).replace('"x": -60', '"x": NaN', 1)
    assert _refused(tmp_path, catalog, text=text) == "NaN is not a number JSON allows"


def test_geometry_the_view_cannot_draw_is_refused_with_its_item(tmp_path, catalog):
    def zone_back(d):
        d["drift_zones"][1]["area"]["points"] = [[120, -105], [148, -50], [120, -105]]

    assert _refused(tmp_path, catalog, zone_back) == "drift_zones[east_sweeper].area.points[1]: the path folds straight back on itself here"
    assert _refused(tmp_path, catalog, lambda d: d["walls"][0].update(points=[[5, 5], [5, 5]])) == (
        "walls[0].points[1]: repeats the point before it (5, 5)")

    def twin_zone(d):
        d["drift_zones"].append(copy.deepcopy(d["drift_zones"][0]))

    assert _refused(tmp_path, catalog, twin_zone) == "drift_zones[pad].id: used twice"


def test_play_builds_the_map_before_any_window_opens(tmp_path, monkeypatch, capsys):
    opened = {}

    def fake_run(catalog, opening, **kw):
        opened.update(world=opening.world)
        return 0

    monkeypatch.setattr(game.shell.launch, "run", fake_run)
    bad = copy.deepcopy(PARK)
    bad["walls"][0]["points"] = [[5, 5], [5, 5]]
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(bad))
    assert main(["play", "--track", str(p)]) == 2
    err = capsys.readouterr().err
    assert err == f"sideways play: {p}: walls[0].points[1]: repeats the point before it (5, 5)\n" and not opened
    assert main(["play", "--track", "sideways_park"]) == 0
    world = opened["world"]
    assert world.track.id == "sideways_park" and world.heights.shape == (141, 141)


def test_the_drawability_guard_names_the_part_that_is_not_finite(catalog):
    from game.commands.common import world_for
    from game.view.world.drawable import check_drawable

    world = world_for(catalog, track="sideways_park")
    check_drawable(world, catalog, "park")  # the shipped map draws
    world.heights[3, 4] = float("nan")
    with pytest.raises(DataError, match=r"^park: the terrain cannot be drawn \(a point is not a finite number\)$"):
        check_drawable(world, catalog, "park")
