"""Skidmarks, particles, car effects, HUD and debug panel in a real headless ursina app (own subprocess)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _child() -> None:
    """Runs in the subprocess: boot offscreen, exercise everything, print one JSON line of findings."""
    from game.view.boot.ursina_app import make_app

    app = make_app(headless=True, size=(320, 180))
    from game.content.catalog import load_catalog
    from game.sim.car import CarState
    from game.sim.controls import Controls
    from game.sim.step_events import Event
    from game.view.effects.particles import Particles
    from game.view.effects.skidmarks import Skidmarks, rows_view
    from game.view.effects.slip import slip_amount
    from game.view.effects.tyre_effects import CarEffects
    from game.view.hud.debug_panel import DebugPanel
    from game.view.hud.driving_hud import Hud

    out: dict = {}
    skid = Skidmarks(max_segments=6000, auto_update=False)
    out["vertex_count_start"] = skid.vertex_count
    tracks = skid.new_track_ids(4)
    batch_ms, counts = [], []
    step = 0
    last = None
    for k, tid in enumerate(tracks):  # anchor each track: every later add lays one segment
        skid.add(tid, (40.0 + k * 0.8, 0.0, 0.0), 0.24, 0.8, (0.05, 0.05, 0.05, 0.85))
    for _batch in range(100):  # 100 batches x 250 steps x 4 tracks = 100000 segments
        t0 = time.perf_counter()
        for _ in range(250):
            step += 1
            a = step * 0.01
            for k, tid in enumerate(tracks):
                r = 40.0 + k * 0.8
                last = (r * math.cos(a), 0.1 * math.sin(a * 3.0), r * math.sin(a))
                skid.add(tid, last, 0.24, 0.8, (0.05, 0.05, 0.05, 0.85))
        skid.update(1 / 60)
        batch_ms.append((time.perf_counter() - t0) * 1e3)
        counts.append(skid.vertex_count)
        if _batch % 25 == 0:
            app.step()  # draw now and then: the shader must compile and the buffer must upload
    app.step()
    out["laid"] = skid.laid
    out["segments"] = skid.segment_count
    out["vertex_counts"] = sorted(set(counts))
    out["batch_ms_first"] = [round(x, 3) for x in batch_ms[1:6]]
    out["batch_ms_last"] = [round(x, 3) for x in batch_ms[-5:]]
    newest = (skid.laid - 1) % skid.max_segments
    row = rows_view(skid._vdata)[4 * newest + 2]  # far-left corner of the newest segment
    out["newest_near_last_point"] = math.dist((row[0], row[2]), (last[0], last[2])) < 0.2
    out["newest_slot_stamped"] = int(row[8]) == newest

    parts = Particles(budget=500, auto_update=False)
    for kind in ("smoke", "dust", "spray", "puff"):
        parts.emit(kind, (0, 0, 0), (1, 0, 2), 300)
    for _ in range(30):
        parts.update(1 / 60)
    out["particles_live"] = parts.live_count
    for _ in range(240):
        parts.update(1 / 60)
    out["particles_after"] = parts.live_count

    cat = load_catalog()
    fx = CarEffects(skid, parts, cat)
    s = CarState(surface="asphalt")
    s.heading = 0.4
    s.vx, s.vz = 20.0 * math.sin(0.9), 20.0 * math.cos(0.9)
    s.forward = s.vx * math.sin(0.4) + s.vz * math.cos(0.4)
    s.lateral = s.vx * math.cos(0.4) - s.vz * math.sin(0.4)
    s.drifting, s.top_speed_eff = True, 40.0
    laid0 = skid.laid
    hud = Hud("mph", cat.surfaces)
    panel = DebugPanel()
    panel.toggle()
    panel.set_catalog_info("data/cars.json", "12:00:00")
    panel.set_perf(60.0, 1.2)
    hud.set_engine(3, 6100)
    hud.show_message("catalog error: something", 1.0)
    for i in range(120):
        s.x, s.z = s.x + s.vx / 60, s.z + s.vz / 60
        s.surface = ("asphalt", "dirt", "snow", "grass")[i // 30]
        wheels = [(s.x + dx, 0.0, s.z + dz) for dx, dz in ((-0.8, -1.3), (0.8, -1.3), (-0.8, 1.3), (0.8, 1.3))]
        events = [Event("landed", s.t, s.x, s.z, 7.0)] if i == 10 else []
        fx.update(s, wheels, events, 1 / 60, Controls(throttle=1.0))
        hud.update(s, 1 / 60)
        panel.update(s, Controls(throttle=1.0), events, 1 / 60)
        skid.update(1 / 60)
        parts.update(1 / 60)
        app.step()
    out["effects_laid"] = skid.laid - laid0
    out["effects_particles"] = parts.live_count
    out["slip"] = slip_amount(s)
    out["hud_speed"] = hud.speed_text.text
    out["panel_refreshes"] = panel.refreshes
    out["panel_has_events"] = "landed" in (panel.body.text or "")
    print("RESULT " + json.dumps(out))


def test_effects_in_headless_app():
    proc = subprocess.run([sys.executable, "-m", __name__], capture_output=True, text=True, timeout=240, cwd=ROOT)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")]
    assert proc.returncode == 0 and lines, proc.stdout[-3000:] + proc.stderr[-3000:]
    low = [ln.lower() for ln in proc.stderr.splitlines()]
    bad = [ln for ln in low if "error" in ln and ("shader" in ln or "glsl" in ln)]
    assert not bad, bad
    r = json.loads(lines[-1][len("RESULT "):])
    print("skidmark batch (1000 segments + flush) ms, first:", r["batch_ms_first"], "last:", r["batch_ms_last"])
    assert r["vertex_count_start"] == 4 * 6000
    assert r["vertex_counts"] == [4 * 6000]  # bounded: never grows with the marks laid
    assert r["laid"] == 100_000 and r["segments"] == 6000
    assert r["newest_near_last_point"] and r["newest_slot_stamped"]
    assert 0 < r["particles_live"] <= 500 and r["particles_after"] == 0
    assert r["effects_laid"] > 100 and r["effects_particles"] > 0 and r["slip"] > 0.5
    assert r["hud_speed"] == str(round(20.0 * 2.2369363))
    assert 5 <= r["panel_refreshes"] <= 25 and r["panel_has_events"]


if __name__ == "__main__":
    _child()
