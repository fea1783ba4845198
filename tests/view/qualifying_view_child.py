"""Child process of test_qualifying_view: the course view, the strip, the minimap marks and the results, offscreen; one JSON line."""

from __future__ import annotations

import json
from dataclasses import replace

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(320, 180))

import numpy as np  # noqa: E402
from panda3d.core import TextureStage  # noqa: E402

from game.commands.common import world_for  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.content.quality import TIER_SPECS  # noqa: E402
from game.sim.judges.course.result import CLIP, MISSED, ZERO, JudgeEvent  # noqa: E402
from game.ui.results import ResultsScreen  # noqa: E402
from game.view.hud.course_hud import CALLOUT_S, CourseHud  # noqa: E402
from game.view.hud.driving_hud import Hud  # noqa: E402
from game.view.hud.minimap import Minimap  # noqa: E402
from game.view.world.course_view import STRIDE, CourseView  # noqa: E402
from game.view.world.world_view import WorldView  # noqa: E402
from tests.support.course_fixture import live, pad_course, result  # noqa: E402

out: dict = {}
catalog = load_catalog()
world = world_for(catalog, track="sideways_park")
course = pad_course()


def colours(entity) -> np.ndarray:
    vdata = entity.model.geomNode.get_geom(0).get_vertex_data()
    return np.frombuffer(memoryview(vdata.get_array(0)), dtype=np.float32).reshape(-1, STRIDE)[:, 6:10].copy()


def course_view_checks() -> None:
    wv = WorldView(world, catalog, TIER_SPECS["low"], shadows=False)
    cv = CourseView(wv, course, (1, False))
    standing = cv._meshes["standing"][0]
    tags = cv._meshes["standing"][2]
    before = colours(standing)
    out["entities"] = len(cv.entities)
    out["posts"] = cv.inner_posts
    out["states0"] = list(cv.states)
    out["marker0"] = [round(v, 2) for v in cv.marker.getPos()] if cv.marker.enabled else None
    cv.sync(live(next_clip=1, clips_done=1), [JudgeEvent(CLIP, 3.0, "CLIP 9/10", 9.0, "c1")], 1 / 60)
    after = colours(standing)
    changed = np.unique(tags[np.any(np.abs(after - before) > 1e-6, axis=1)]).tolist()
    out["changed_tags"] = changed
    out["states1"] = list(cv.states)
    out["marker1_xz"] = [round(cv.marker.getX(), 2), round(cv.marker.getZ(), 2)]
    same = colours(standing)
    cv.sync(live(next_clip=1, clips_done=1), [], 1 / 60)  # nothing new: no colour written
    out["unchanged"] = bool(np.array_equal(same, colours(standing)))
    cv.sync(live(next_clip=2, clips_done=2), [JudgeEvent(MISSED, 5.0, "MISSED CLIP", 0.0, "z1")], 1 / 60)
    out["states2"] = list(cv.states)
    cv.reset()
    out["states_reset"] = list(cv.states)
    mm = Minimap(world, catalog.surfaces)
    mm.set_course(course)
    mm.set_course_state(cv.states)
    mm.update_view(0.0, -30.0, 0.0)
    out["minimap_marks"] = len(mm.clip_marks)
    out["minimap_next_big"] = mm.clip_marks[0].scale_x > mm.clip_marks[2].scale_x
    shapes = [(g.a, g.b) for g in (course.start, course.initiation, course.finish)] + [tuple(c.points) for c in course.clips]
    shown, wanted, offsets = [], [], []
    for x, z in ((0.0, -30.0), (140.0, 140.0), (-90.0, 60.0), (40.0, -110.0), (0.0, -30.0)):  # the window slides over the course
        mm.update_view(x, z, 0.0)
        cx, cz = mm.center
        shown.append([mark.enabled for mark, _ in mm._course_marks])
        offsets.append((list(mm.map.model.getTexOffset(TextureStage.getDefault())), [cx, cz]))
        wanted.append([all(abs(px - cx) <= mm.view_m / 2 and abs(pz - cz) <= mm.view_m / 2 for px, pz in pts) for pts in shapes])
    out["minimap_shown"], out["minimap_wanted"] = shown, wanted
    out["minimap_offsets"], out["minimap_size_m"] = offsets, list(mm.size_m)
    cv.destroy()
    wv.destroy()


def hud_checks() -> None:
    hud = Hud("kmh", surfaces=catalog.surfaces)
    ch = CourseHud(hud.score_anchor, course, None, 2)
    ch.update_view(live(), 0, 1 / 60)
    out["strip"] = [ch.run_text.text] + [v.text for v in ch.values] + [ch.ded_text.text, ch.total_text.text]
    out["status"] = ch.status.text
    ch.on_events([JudgeEvent(CLIP, 3.0, "CLIP 9/10", 9.0, "c1"), JudgeEvent(ZERO, 4.0, "ZERO: SPIN", 0.0, "spin")])
    out["callouts"] = [(c.label.text, [round(v, 2) for v in c.label.node.get_text_color()][:3]) for c in ch.callouts]
    ch.update_view(live(zero="spin"), 0, 1 / 60)
    out["zero_total"] = ch.total_text.text
    for _ in range(int(CALLOUT_S * 60) + 2):
        ch.update_view(live(zero="spin"), 0, 1 / 60)
    out["callouts_left"] = len(ch.callouts)
    ch.destroy()
    hud.destroy()


def results_checks() -> None:
    summary = dict(mode="qualifying", mode_name="Qualifying", car_name="Hatch", track_name="Sideways Park", score=62, credits=40,
                   is_best=True, previous_best=48, replay_file=None, judged=[replace(result(0.0, "spin"), finished=False), result()],
                   best_run=1, course=course)
    rs = ResultsScreen(summary, lambda: None, lambda: None)
    t = rs.breakdown.texts
    out["results"] = {"score": rs.score_text.text, "best": rs.best_text.text, "run0": t["run0"].text, "run1": t["run1"].text,
                      "line": t["cat:Line"].text, "clip0": t["CLIPS:0"].text, "sector2": t["SECTORS:2"].text, "ded0": t["ded:0"].text,
                      "menu": [b.text for b in rs.menu.buttons]}
    rs.destroy()


course_view_checks()
hud_checks()
results_checks()
print(json.dumps(out))
