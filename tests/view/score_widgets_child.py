"""Child process of test_score_widgets: builds the score HUD, results, mode select and ghost offscreen; prints one JSON line."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(320, 180))

from game.commands.common import world_for  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.content.scoring_rules import load_scoring_rules  # noqa: E402
from game.sim.inputs import parse_inputs  # noqa: E402
from game.sim.judges.scoring import DriftScorer, ScoreEvent  # noqa: E402
from game.sim.judges.zone_judge import ZoneResult  # noqa: E402
from game.sim.replay.recorder import Recorder  # noqa: E402
from game.sim.run.playback import add_ghost  # noqa: E402
from game.sim.session import Session  # noqa: E402
from game.ui.mode_select import ModeSelect  # noqa: E402
from game.ui.results import ResultsScreen  # noqa: E402
from game.view.cars.ghost_view import GhostView  # noqa: E402
from game.view.hud.driving_hud import Hud  # noqa: E402
from game.view.hud.score_hud import ScoreHud, fmt_points  # noqa: E402

CAR = "zenith_hyper"
SCRIPT = "\n".join((  # a handbrake flick right, a link to the left, then straighten up: one chain that banks
    '{"t": 0, "throttle": 1}',
    '{"t": 2.2, "throttle": 0.7, "steer": 0.83, "handbrake": true}',
    '{"t": 3.0, "throttle": 0.9, "steer": 0.6}',
    '{"t": 4.5, "throttle": 0.8, "steer": -1, "handbrake": true}',
    '{"t": 5.0, "throttle": 1, "steer": -0.5}',
    '{"t": 6.5, "throttle": 0.3, "brake": 0.2}',
))
FRAME_DT = 1.0 / 60.0
out: dict = {}
catalog = load_catalog()
world = world_for(catalog)
rules = load_scoring_rules()
timeline = parse_inputs(SCRIPT, "script")


def score_hud_checks() -> None:
    """Drive the scripted drift, feeding the HUD at 60 frames/s (two 120 Hz steps a frame)."""
    hud_base = Hud("kmh", surfaces=catalog.surfaces)
    hud = ScoreHud(hud_base.score_anchor)
    session = Session(catalog, CAR, world)
    scorer = DriftScorer(rules)
    mismatches, kinds, popups_at_bank, chain_seen = [], [], None, False
    for _frame in range(int(11.0 / FRAME_DT)):
        events = []
        for _ in range(2):
            events += scorer.update(session.state, session.step(timeline.at(session.t)), session.dt)
        hud.on_events(events, [])
        hud.update(scorer, FRAME_DT)
        kinds += [e.kind for e in events]
        if scorer.in_chain:
            chain_seen = True
            want = f"+{int(scorer.pending):,}"
            if hud.pending_text.text != want or not hud.chain_box.enabled or hud.mult_text.text != f"x{scorer.multiplier:g}":
                mismatches.append((session.t, hud.pending_text.text, want))
        if any(e.kind == "banked" for e in events):
            popups_at_bank = [(p.head.text, p.sub.text) for p in hud.popups]
            out["chain_hidden_after_bank"] = not hud.chain_box.enabled
    out.update(kinds=kinds, chain_seen=chain_seen, mismatches=mismatches[:5], popups_at_bank=popups_at_bank,
               banked=scorer.banked, score_text=hud.score_text.text, score_want=fmt_points(scorer.banked),
               popups_left=len(hud.popups))
    hud.on_events([ScoreEvent("lost", 12.0, 840.0, 1.5, "Nice", "wall", 2)], [])
    hud.update(scorer, FRAME_DT)
    out["lost_popup"] = hud.popups[-1].head.text
    hud.set_timer(83.2)
    out["timer_long"] = (hud.timer_text.text, hud.timer_box.enabled)
    hud.set_timer(9.42)
    out["timer_short"] = (hud.timer_text.text, list(hud.timer_text.node.get_text_color())[:3])
    hud.set_timer(None)
    out["timer_hidden"] = not hud.timer_box.enabled
    hud.zone_entered("The Pad")
    out["zone_entered"] = (hud.zone_box.enabled, hud.zone_name.text, hud.zone_rows_root.enabled)
    hud.on_events([], [_ZoneEv("exited", "The Pad", ZoneResult("pad", "The Pad", 3.0, 27.0, 38.0, 2.0, 90.0, 84.4, 75.0, 83.5, 835, True))])
    out["zone_result"] = (hud.zone_total.text, [v.text for _, v in hud.zone_rows], hud.zone_rows_root.enabled)
    for _ in range(int(5.0 / FRAME_DT)):
        hud.update(scorer, FRAME_DT)
    out["zone_gone"] = not hud.zone_box.enabled
    out["cost_us"] = update_cost(hud)
    app.step()
    hud.destroy()
    out["hud_destroyed"] = hud.isEmpty()
    from ursina import destroy

    destroy(hud_base.root)


class _ZoneEv:
    """A stand-in ZoneEvent (kind, name, result)."""

    def __init__(self, kind: str, name: str, result):
        self.kind, self.name, self.result = kind, name, result


class _FakeScorer:
    """A scorer mid-chain whose pending points grow every frame (the worst case: text changes each frame)."""

    def __init__(self):
        self.rules, self.banked, self.pending, self.multiplier = rules, 12480, 0.0, 2.5
        self.in_chain, self.label, self.chain_drifts, self.angle_deg = True, "Great", 4, 30.0


def update_cost(hud: ScoreHud) -> dict:
    """Microseconds per update() with the pending text and angle bar changing every frame (and text layout forced)."""
    fake = _FakeScorer()
    plain, forced = [], []
    for i in range(600):
        fake.pending += 37.0
        fake.angle_deg = 20.0 + (i % 40)
        t0 = time.perf_counter()
        hud.update(fake, FRAME_DT)
        t1 = time.perf_counter()
        hud.pending_text.node.force_update()  # the glyph layout panda would otherwise do at cull time (only it changed)
        t2 = time.perf_counter()
        plain.append((t1 - t0) * 1e6)
        forced.append((t2 - t0) * 1e6)
    return {"median": statistics.median(plain), "median_with_layout": statistics.median(forced)}


def results_checks() -> None:
    """Keys drive the results menu: Save replay calls back and reports the file; Main menu; Drive again."""
    from game.sim.judges.scoring import DriftStats

    calls: list[str] = []
    stats = DriftStats(score=5000, longest_drift_s=3.2, longest_drift_m=80.0, best_chain=2400, max_angle_deg=55.0, top_speed_mps=40.0,
                       drift_distance_m=900.0, chains_banked=3, chains_lost=1)
    zr = ZoneResult("pad", "The Pad", 3.0, 27.0, 38.0, None, 90.0, 84.4, None, 86.0, 860, True)
    summary = dict(mode="zones", mode_name="Drift Zones", car_name="Zenith", track_name="Sideways Park", score=5860, stats=stats,
                   zone_results=[zr], credits=590, is_best=True, previous_best=4100)
    rs = ResultsScreen(summary, lambda: calls.append("again"), lambda: calls.append("menu"),
                       on_save_replay=lambda: (calls.append("save"), Path("/x/replays/run-7.swr"))[1], units="mph")
    app.input("enter")  # the key that ended the run is still being dispatched: ignored
    out["results_unarmed"] = list(calls)
    app.step()
    app.input("down arrow")
    app.input("enter")
    out["results_save"] = (list(calls), rs.message.text, rs.menu.enabled_flags)
    app.input("down arrow")
    app.input("enter")
    out["results_menu"] = list(calls)
    out["results_texts"] = {"score": rs.score_text.text, "best": rs.best_text.text, "credits": rs.credits_text.text,
                            "top": rs.stat_texts["Top speed"].text, "zone": [t.text for t in rs.zone_texts]}
    rs.destroy()
    calls.clear()
    summary.update(is_best=False, zone_results=[], mode="free", mode_name="Free Drift")
    rs = ResultsScreen(summary, lambda: calls.append("again"), lambda: calls.append("menu"))
    app.step()
    out["results_plain_options"] = [b.text for b in rs.menu.buttons]
    app.input("enter")
    app.input("escape")
    out["results_again"] = list(calls)
    rs.destroy()


def mode_checks() -> None:
    """Keys drive the mode list: down twice and Enter picks zones; Esc goes back."""
    picked: list[str] = []
    ms = ModeSelect(picked.append, lambda: picked.append("back"), {"timed": 18240})
    app.input("enter")  # the Enter that chose Drive: ignored
    app.step()
    app.input("down arrow")
    app.input("down arrow")
    out["mode_selected"] = ms.selected
    app.input("enter")
    app.input("escape")
    out["mode_picks"] = picked
    out["mode_buttons"] = [b.text for b in ms.menu.buttons]
    ms.destroy()


def ghost_checks() -> None:
    """A recorded run replayed by GhostView lands where the recording was, step for step."""
    rec = Recorder(car_id=CAR, track_id="sideways_park", mode="free", seed=1, hz=120.0, catalog_digest=catalog.digest,
                   rules_digest=rules.digest, created="test", paint="#22aaff")
    live = Session(catalog, CAR, world)
    path = []
    for _ in range(int(3.5 * 120)):
        live.step(rec.record(timeline.at(live.t)))
        path.append((live.state.x, live.state.y, live.state.z, live.prev.x))
    replay = rec.finish(live.state, 0)
    host = Session(catalog, CAR, world)  # the player's session; the ghost car rides in it, stepped by the sim
    view = GhostView(host, add_ghost(host, replay))
    errs, mid_errs = [], []
    for n in range(2, replay.steps + 1, 2):
        host.step()
        host.step()
        view.sync(1.0, FRAME_DT)
        p = view.model.getPos()
        x, y, z, _ = path[n - 1]
        errs.append(max(abs(p[0] - x), abs(p[1] - y), abs(p[2] - z)))
        if n == 300:
            view.sync(0.5, 0.0)
            mid_errs.append(abs(view.model.getX() - 0.5 * (path[n - 1][3] + path[n - 1][0])))
    app.step()
    out["ghost_max_err"] = max(errs)
    out["ghost_mid_err"] = max(mid_errs)
    out["ghost_moved_m"] = abs(path[-1][2] - path[0][2])
    root = view.root
    out["ghost_look"] = {"alpha": root.getColorScale()[3], "transparent": root.hasTransparency(), "depth_write": root.getDepthWrite(),
                         "shadow": view.model.shadow is None, "visible": view.visible}
    for _ in range(30):
        host.step()
    view.sync(0.0, 0.0)
    out["ghost_hidden_when_done"] = (not view.visible, root.isHidden())
    view.destroy()
    out["ghost_destroyed"] = root.isEmpty() and view.depth.isEmpty()


score_hud_checks()
results_checks()
mode_checks()
ghost_checks()
print(json.dumps(out))
