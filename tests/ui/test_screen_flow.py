"""Every edge of the screen graph, walked with key events in the real game (offscreen): no crash, the right screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.screen_graph import EDGES, MENU_SCREENS, Edge, route, walk_plan

ROOT = Path(__file__).resolve().parents[2]
STACKS = {"main": ["main"], "mode_select": ["main", "mode_select"], "map_picker": ["main", "mode_select", "map_picker"],
          "garage": ["main", "garage"], "settings": ["main", "settings"], "boards": ["main", "boards"], "drive": ["drive"], "pause": ["drive", "pause"],
          "results": ["drive", "results"], "tandem_picker": ["main", "mode_select", "map_picker"], "tandem": ["drive"],
          "tandem_pause": ["drive", "pause"], "tandem_results": ["drive", "results"], "watch": ["drive"], "watch_pause": ["drive", "pause"],
          "photo": ["drive", "pause", "photo"], "career_grid": ["main", "mode_select", "career_grid"], "event": ["drive"],
          "event_pause": ["drive", "pause"], "event_results": ["drive", "results"], "cup_bracket": ["cup_bracket"]}
OVERLAYS = ("pause", "results", "tandem_pause", "tandem_results", "watch_pause", "photo", "event_pause", "event_results")  # over a frozen drive
# back pops, except from a drive (the pause menu), the results and the cup's bracket (it stands alone: Back rebuilds the
# main menu, the modes and the career grid under it, as Drive -> Career leaves them)
NOT_POPPED = ("drive", "results", "tandem", "watch", "event", "cup_bracket")
BACK_EDGES = {(e.src, e.kind, e.arg) for e in EDGES if e.arg in ("Back", "escape") and e.src not in NOT_POPPED}


def test_walk_plan_takes_every_edge_and_quits_last():
    plan = walk_plan(EDGES)
    assert set(plan) == set(EDGES)
    assert plan[-1].dst == "quit" and all(e.dst != "quit" for e in plan[:-1])
    for a, b in zip(plan, plan[1:]):
        assert a.dst == b.src, f"the walk jumps from {a} to {b}"


def test_route_is_shortest_and_avoids_quit():
    edges = [Edge("a", "key", "x", "b"), Edge("b", "key", "x", "c"), Edge("a", "key", "y", "c"), Edge("c", "key", "q", "quit")]
    assert route(edges, "a", "c") == [edges[2]]
    assert route(edges, "a", "a") == []
    with pytest.raises(ValueError):
        route(edges, "c", "a")


@pytest.fixture(scope="module")
def walk(tmp_path_factory) -> subprocess.CompletedProcess:
    """One walk over the whole screen graph in the real game (offscreen), shared by the checks below."""
    env = dict(os.environ, SIDEWAYS_HOME=str(tmp_path_factory.mktemp("home")))
    return subprocess.run([sys.executable, "-m", "tests.ui.screen_flow"], capture_output=True, text=True,
                          timeout=600, cwd=ROOT, env=env)


@pytest.mark.e2e
def test_every_screen_edge_by_keys(walk):
    p = walk
    lines = [json.loads(s) for s in p.stdout.splitlines() if s.startswith("{")]
    steps = [r for r in lines if "step" in r]
    for r in steps:
        assert r["error"] is None, f"{r['src']} --{r['arg']}--> crashed:\n{r['error']}"
        assert r["got"] == r["dst"], f"{r['src']} --{r['arg']}--> showed {r['got']}, expected {r['dst']}"
        if r["got"] in ("drive", "tandem", "watch", "event"):
            assert r["sim_steps"] > 0, "a drive that never stepped tests no teardown"
        if r["got"] == "photo" and r["arg"] == "enter":
            assert r["photos"], "photo mode's shot left no PNG in the user folder"
        if r["got"] == "event_results":
            assert r["event_panel"], "a career event's results without the event's panel"
        if r["got"] == "main":
            assert not r["spectating"], "a replay watched from the results still plays the next drive"
    assert lines[0] == {"start": "main"}
    assert {(r["src"], r["kind"], r["arg"], r["dst"]) for r in steps} == {tuple(e) for e in EDGES}
    assert steps[-1]["got"] == "quit" and p.returncode == 0, p.stderr[-2000:]
    # every option a menu screen shows is an edge of the graph (a new option without an edge fails here)
    options = next(r["options"] for r in lines if r.get("done"))
    assert set(options) == set(MENU_SCREENS)
    for name, labels in options.items():
        assert set(labels) == {e.arg for e in EDGES if e.src == name and e.kind == "pick"}, name
    # the stack under each screen: menus pushed over the main menu, the drive alone, pause and results over the drive
    for r in steps[:-1]:
        assert r["stack"] == STACKS[r["got"]], f"{r['src']} --{r['arg']}--> left the stack {r['stack']}"
        assert r.get("drive_paused", False) == (r["got"] in OVERLAYS), r  # frozen under an overlay only
    for a, b in zip(steps, steps[1:]):
        if (b["src"], b["kind"], b["arg"]) in BACK_EDGES:  # back pops: the screen below comes back, nothing else changes
            assert b["stack"] == a["stack"][:-1], f"{b['src']} --{b['arg']}--> {b['stack']} after {a['stack']}"
        if a["got"] in ("drive", "tandem", "watch", "event") and b["got"] in OVERLAYS:
            assert b["drive"] == a["drive"], "the overlay went over another drive than the one driven"
        if a["got"] == "pause" and b["got"] == "drive":  # Resume drives on under the same drive; Restart starts anew
            assert (b["drive"] == a["drive"]) == (b["arg"] != "Restart"), b
        if a["got"] == "tandem_results" and b["got"] == "watch":  # the replay plays in a drive of its own
            assert b["drive"] != a["drive"] and b["spectating"] and a["tandem_runs"] >= 1, (a, b)
    # leaving drives, garage and settings leaves nothing behind: the main menu is the same scene each time
    at_main = {r["entities"] for r in steps if r["got"] == "main"}
    assert len(at_main) == 1, f"entity count at the main menu drifted: {sorted(at_main)}"


@pytest.mark.e2e
def test_every_screen_draws_each_piece_once(walk):
    # ursina gives each model a dual (opaque + blended) pass: on software GL that doubled the frame's draws
    steps = [json.loads(s) for s in walk.stdout.splitlines() if s.startswith('{"step"')]
    assert len({r["got"] for r in steps}) >= len(MENU_SCREENS)  # the walk reached the screens it checks
    twice = {r["got"]: r["dual_pass"][:5] for r in steps if r.get("dual_pass")}
    assert twice == {}, f"these screens draw pieces twice a frame: {twice}"


@pytest.mark.e2e
def test_no_gl_error_on_any_screen(walk):
    # Panda3D's generated (Cg) shader on ursina's Text failed on Mesa on the first menu frame
    gl_errors = [line for line in walk.stderr.splitlines() if "glgsg(error)" in line or "Could not load program" in line]
    assert gl_errors == []
    assert any('"got": "quit"' in line for line in walk.stdout.splitlines())  # the walk did show every screen
