"""Issue 20: "A scripted good run (write one for each course) scores at least 60, and a sloppy version of it scores
clearly less"; the courses are "laid where a good drift line really goes. Validate it by driving it."

Each shipped course is driven through a DriftRun in Qualifying (one judged run, staged at the course's spawn), on
both handling models, by a closed-loop driver (tools/course_driver.py: it reads the car's state and the course
and answers with controls, it never moves the car): a run-up through the gears, a flick just before the initiation
line, the slide held at the sectors' target angle along the judges' line with the front bumper aimed at the inner
clips and the rear swung over the outer zones (on the frozen lake, a transition off the island into a right-hander),
then straightened after the finish. The sloppy run is the same
driver flicking late, not aiming at the clips, and with less angle (arcade) or a wider, slower line (simulation).
Every run is simulated once (module fixture); `python tools/course_runs.py` prints the same runs' breakdowns.
"""

from __future__ import annotations

import pytest

from game.content.scoring_rules import load_scoring_rules
from game.sim.course import INNER, direction_at, station_along
from game.sim.judges.course.judge_geometry import wrap_angle
from tools.course_driver import CAR, GOOD, SLOPPY, drive_course

MAPS = ("sideways_park", "mountain_pass", "frozen_lake")
MODELS = ("arcade", "sim")
CASES = [(m, model) for m in MAPS for model in MODELS]
IDS = [f"{m}-{model}" for m, model in CASES]
GOOD_MIN = 60.0  # the figure
MARGIN = 15.0  # "clearly less": the sloppy run scores at least this much under the good one (the runs give 21-43)


@pytest.fixture(scope="module")
def courses(park, maps):
    """{course id: Course} of the three maps."""
    return {c.id: c for w in (park, maps["mountain_pass"], maps["frozen_lake"]) for c in w.track.courses}


@pytest.fixture(scope="module")
def runs(catalog, park, maps):
    """{(map, model, "good" | "sloppy"): CourseResult}, each run driven once."""
    rules = load_scoring_rules()
    worlds = {"sideways_park": park, **maps}
    out = {}
    for m, model in CASES:
        out[m, model, "good"] = drive_course(catalog, rules, worlds[m], m, model, GOOD)[0]
        out[m, model, "sloppy"] = drive_course(catalog, rules, worlds[m], m, model, SLOPPY[model])[0]
    return out


def _what(r) -> str:
    parts = f"line {r.line:.1f} angle {r.angle:.1f} style {r.style:.1f}"
    clips = " ".join(f"{c.id}:{'-' if c.distance_m is None else f'{c.distance_m:.2f}'}" for c in r.clips)
    return f"{r.course} {CAR}: {r.total:.1f} ({parts}; clips {clips}; zero {r.zero}; deductions {[d.kind for d in r.deductions]})"


@pytest.mark.parametrize(("track", "model"), CASES, ids=IDS)
def test_a_good_run_finishes_clean_and_scores_at_least_60(runs, courses, track, model):
    r = runs[track, model, "good"]
    assert r.finished and r.zero is None, _what(r)
    assert r.total >= GOOD_MIN, _what(r)
    assert r.deductions == (), _what(r)  # not straightened, never off course, no wall, no clip missed, in on time
    # the line is a real drift line: the front bumper reaches every inner clip and the rear every outer zone (within
    # its no-marks distance), and every sector is driven sideways near its target
    zero_m = {c.id: c.zero_m for c in courses[r.course].clips}
    for c in r.clips:
        assert c.distance_m is not None and c.distance_m < zero_m[c.id], (c, _what(r))
    for s in r.sectors:
        assert s.mean_angle_deg >= 0.65 * s.target_angle_deg, (s, _what(r))
    assert r.style_parts.initiation > 0.0, _what(r)  # already sideways at the initiation line


@pytest.mark.parametrize(("track", "model"), CASES, ids=IDS)
def test_a_sloppy_run_still_finishes_but_scores_clearly_less(runs, track, model):
    good, sloppy = runs[track, model, "good"], runs[track, model, "sloppy"]
    assert sloppy.finished and sloppy.zero is None, _what(sloppy)
    assert sloppy.total <= good.total - MARGIN, f"good {_what(good)} / sloppy {_what(sloppy)}"
    # the judges saw why: the late flick (a late entry, no initiation points) or a clip missed, and less angle or a worse line
    assert {"late_entry", "missed_clip"} & {d.kind for d in sloppy.deductions}, _what(sloppy)
    assert sloppy.angle < good.angle or sloppy.line < good.line, f"good {_what(good)} / sloppy {_what(sloppy)}"


def test_inner_clips_are_inside_the_line_and_outer_zones_outside(courses):
    """Sensible for a human: an inner clip on the inside of the bend it belongs to, an outer zone on its outside."""
    for course in courses.values():
        for clip in course.clips:
            for x, z in clip.points:
                s, off = station_along(course.line, x, z)
                turn = wrap_angle(direction_at(course.line, s + 5.0) - direction_at(course.line, s - 5.0))  # + a right-hander
                inside = (off > 0) == (turn > 0)  # right of the line in a right-hander, left in a left-hander
                assert inside == (clip.kind == INNER), (course.id, clip.id, off, turn)
