"""What `play --headless --stats` prints: frame timings, the scene's size and memory, and the run's judged blocks."""

from __future__ import annotations

import time

WARMUP_FRAMES = 30  # --stats reports the first frames (shader compiles, texture uploads) apart from the rest


def run_blocks(run) -> dict:
    """The run's judged blocks for the stats, as its mode gives them: "parking" (every task), "judging" (car 0's judged
    run that counts) and "tandem" (the battle's run: gap, terms, totals, contact, the lead's end)."""
    return run.game_mode.stats_block(run.session)


def frame_stats(frame_ms: list[float], update_ms: list[float], render_ms: list[float], cpu_ms: list[float], start_s: float | None,
                game) -> dict:
    """The --stats figures: warm-up frames apart, then the measured frames' timings, the scene's size and memory.

    cpu_ms is the process's CPU time per frame (all threads, llvmpipe's too): steadier than wall time on a busy machine."""
    from game.view.boot.frame_stats import scene_counts

    warm = min(WARMUP_FRAMES, len(frame_ms) // 2)
    out = {"frames": len(frame_ms), "warmup_frames": warm, "start_s": round(start_s, 3) if start_s else None,
           "first_frame_ms": round(frame_ms[0], 3)}
    if warm:
        out["warmup_ms"] = summary(frame_ms[:warm])
    out["frame_ms"] = summary(frame_ms[warm:])
    out["update_ms"] = summary(update_ms[warm:])
    out["render_ms"] = summary(render_ms[warm:])
    out["cpu_ms"] = summary(cpu_ms[warm:])
    out["step_ms"] = summary([f - r for f, r in zip(frame_ms[warm:], render_ms[warm:])])  # ursina's update step: all but the render
    out["render_share"] = round(sum(render_ms[warm:]) / max(1e-9, sum(frame_ms[warm:])), 3)
    wv = game.world_view
    out["quality"] = game.tier.name
    out["shadow_redraws"] = wv.shadow_cache.redraws if wv is not None else 0
    out |= scene_counts()
    out["rss_mb"] = round(rss_mb(), 1)
    return out


def process_age_s() -> float | None:
    """Seconds since this process started (Linux /proc; None elsewhere)."""
    try:
        with open("/proc/self/stat") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        import os

        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class RenderTimer:
    """Times Panda3D's render call (base.graphicsEngine.renderFrame) inside each app.step()."""

    def __init__(self, app) -> None:
        self.last_ms = 0.0
        engine = app.graphicsEngine
        timer = self

        class _Timed:
            def __getattr__(self, name):
                return getattr(engine, name)

            def renderFrame(self):  # noqa: N802 (Panda3D's name)
                t0 = time.perf_counter()
                engine.renderFrame()
                timer.last_ms = (time.perf_counter() - t0) * 1000.0

        app.graphicsEngine = _Timed()


def ai_stats(traffic) -> list[dict]:
    """Where each AI car ended up: position, heading, speed and whether it touched another car on the last step."""
    if traffic is None:
        return []
    return [{"x": round(c.state.x, 3), "z": round(c.state.z, 3), "heading_deg": round(c.state.heading_deg, 2),
             "speed_kmh": round(c.state.speed * 3.6, 2), "colliding": bool(c.state.telemetry.was_colliding)}
            for c in traffic.cars]


def summary(values: list[float]) -> dict:
    """mean, p50, p95 and max of a list of milliseconds."""
    v = sorted(values)
    pick = lambda q: v[min(len(v) - 1, int(round(q * (len(v) - 1))))]  # noqa: E731
    return {"mean": round(sum(v) / len(v), 3), "p50": round(pick(0.5), 3), "p95": round(pick(0.95), 3), "max": round(v[-1], 3)}


def rss_mb() -> float:
    """Resident memory of this process now (MB)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
