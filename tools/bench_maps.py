"""How long each shipped map takes to load and build: the file, the sim's World, the top-down picture, the drawn WorldView.

    python3 tools/bench_maps.py        (offscreen; prints one line per map, best of 3 for the pure parts)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    """Print the build times of every map (seconds)."""
    from game.view.boot.ursina_app import make_app

    make_app(headless=True, size=(320, 180))
    from game.content.catalog import load_catalog
    from game.content.tracks import load_track, track_ids
    from game.sim.world import World
    from game.view.world.map_image import MapImage
    from game.view.world.world_view import WorldView

    cat = load_catalog()
    for tid in track_ids():
        best = {"load": 1e9, "world": 1e9, "picture": 1e9}
        for _ in range(3):
            t0 = time.perf_counter()
            track = load_track(tid, cat.surfaces)
            t1 = time.perf_counter()
            world = World(track, list(cat.surfaces))
            t2 = time.perf_counter()
            MapImage(track, cat.surfaces, 384)
            t3 = time.perf_counter()
            for k, v in (("load", t1 - t0), ("world", t2 - t1), ("picture", t3 - t2)):
                best[k] = min(best[k], v)
        t4 = time.perf_counter()
        view = WorldView(world, cat, shadows=False)
        t5 = time.perf_counter()
        view.destroy()
        verts = world.heights.size
        print(f"{tid:14s} file {best['load']:.3f} s   World {best['world']:.3f} s   picture {best['picture']:.3f} s   "
              f"WorldView {t5 - t4:.2f} s   terrain nodes {verts:,}   walls {len(track.walls)}   props {len(track.props)}")


if __name__ == "__main__":
    main()
