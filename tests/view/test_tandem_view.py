"""Tandem's view, pure parts: the HUD's text from a LiveTandem, the results rows from a TandemBattle, the camera's framing."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.sim.judges.tandem import scorecard as tr
from game.ui import tandem_rows as rows
from game.view.drive import tandem_camera as cam
from game.view.hud import tandem_text as tt
from tests.support.course_fixture import result


def live(gap=2.4, diff=4.2, prox=12.3, free=False, contact=False, zero=None) -> tr.LiveTandem:
    return tr.LiveTandem(gap, diff, prox, free, contact, zero)


def chase(total=58.1, zero=None, contact=False, gap=2.3) -> tr.ChaseResult:
    return tr.ChaseResult(25.1, 18.0, 12.0, 3.0, total, gap, 3.9, 0.2, 0.0, contact, zero)


def battle(*runs, scores=(0.0, 0.0), omt=0, winner=None, decided=False) -> tr.TandemBattle:
    return tr.TandemBattle(tuple(runs), scores, omt, winner, decided)


# ---- the HUD's text ----------------------------------------------------------------------------


def test_hud_says_role_run_gap_and_angle():
    assert tt.tandem_line(live(), "chase", 0) == "CHASE  RUN 1/2  GAP 2.4 m  ANGLE +4\u00b0"
    assert tt.tandem_line(live(gap=None, diff=-7.6), "lead", 1) == "LEAD  RUN 2/2  GAP \u2014  ANGLE \u22128\u00b0"
    assert tt.tandem_line(None, "chase", 0).endswith("GAP \u2014  ANGLE \u2014")
    assert tt.gap_text(14.6) == "15 m"  # whole metres once far off


def test_one_more_time_runs_are_named_so():
    assert [tt.run_text(i) for i in range(6)] == ["RUN 1/2", "RUN 2/2", "OMT 1 \u00b7 RUN 1/2", "OMT 1 \u00b7 RUN 2/2",
                                                  "OMT 2 \u00b7 RUN 1/2", "OMT 2 \u00b7 RUN 2/2"]
    assert [tt.run_short(i) for i in (0, 1, 2)] == ["1/2", "2/2", "OMT 1 \u00b7 1/2"]  # the box's RUN column
    assert not tt.is_one_more_time(1) and tt.is_one_more_time(2)


def test_gap_colour_follows_the_judges_distances():
    class Rules:
        gap_full_m, gap_zero_m = 1.0, 6.0

    full, zero = tt.gap_distances(Rules())
    assert (full, zero) == (1.0, 6.0)
    assert [tt.gap_tone(g, full, zero) for g in (None, 0.8, 2.5, 4.5, 7.0)] == ["none", "close", "near", "far", "lost"]
    assert tt.gap_distances(None) == (tt.GAP_FULL_M, tt.GAP_ZERO_M)  # no rules: the defaults
    assert [tt.angle_tone(d) for d in (3.0, -10.0, 22.0)] == ["good", "ok", "bad"]


def test_chase_strip_takes_the_terms_as_they_stand_and_the_rules_maxima():
    class Rules:
        proximity_max, angle_max, line_max, initiation_max = 35.0, 30.0, 20.0, 15.0

    assert tt.chase_fields(live(), Rules()) == [("PROXIMITY", "12.3", "/35"), ("ANGLE", "\u2014", "/30"), ("LINE", "\u2014", "/20"),
                                                ("INIT", "\u2014", "/15")]
    assert [v for _, v, _ in tt.chase_fields(live(), Rules(), chase())] == ["25.1", "18.0", "12.0", "3.0"]


def test_status_line_says_zero_contact_and_free_pass_first():
    assert tt.status_text(live(zero=tr.CONTACT, contact=True), "chase").startswith("CHASE ZERO")
    assert "lead's path" in tt.status_text(live(zero=tr.CONTACT, contact=True), "chase")
    assert tt.status_text(live(zero=tr.CHASE_SPIN), "lead").startswith("OPPONENT ZERO")
    assert tt.status_text(live(free=True), "chase").startswith("FREE PASS")
    assert tt.status_text(live(contact=True), "chase").startswith("CONTACT")
    assert tt.status_text(live(), "chase") == tt.status_text(None, "lead") == ""  # nothing up: no row


# ---- the results rows ---------------------------------------------------------------------------


def two_runs():
    r1 = tr.TandemRun(0, 1, 0, result(72.4), chase(58.1))  # the opponent leads, the player chases
    r2 = tr.TandemRun(1, 0, 1, result(64.0), chase(61.5))  # the player leads
    return r1, r2


def test_rows_put_both_drivers_side_by_side_each_run():
    r1, r2 = two_runs()
    out = rows.run_rows(battle(r1, r2, scores=(122.1, 133.9), winner=1, decided=True))
    assert [r.name for r in out] == ["RUN 1", "RUN 2"]
    assert (out[0].you.role, out[0].you.total, out[0].them.role, out[0].them.total) == ("CHASE", "58.1", "LEAD", "72.4")
    assert (out[1].you.role, out[1].you.total, out[1].them.role, out[1].them.total) == ("LEAD", "64.0", "CHASE", "61.5")
    assert out[0].you.detail == "prox 25.1  \u00b7  angle 18.0  \u00b7  line 12.0  \u00b7  init 3.0"
    assert out[0].them.detail.startswith("line 20.7  \u00b7  angle 27.7")
    assert out[0].you.note == "gap 2.3 m mean"


def test_a_contact_zero_reads_as_zero_with_why():
    r1 = tr.TandemRun(0, 1, 0, result(72.4), chase(0.0, zero=tr.CONTACT, contact=True))
    cell = rows.run_rows(battle(r1))[0].you
    assert (cell.total, cell.zero) == ("ZERO", True) and "lead's path" in cell.note
    lead = rows.lead_cell(result(0.0, "spin"))
    assert (lead.total, lead.note) == ("ZERO", "spun")


def test_a_free_pass_shows_on_both_sides_and_the_lead_counts_zero():
    # the opponent led and straightened for good: the player's chase cell says so, the lead's run reads as a zero
    freed = replace(chase(15.0), free_pass=tr.LEAD_STRAIGHTENED, free_pass_s=9.5)
    r1 = tr.TandemRun(0, 1, 0, result(72.4), freed)
    out = rows.run_rows(battle(r1))[0]
    assert (out.you.total, out.you.zero) == ("15.0", False) and "free pass (the lead straightened)" in out.you.note
    assert (out.them.total, out.them.zero, out.them.note) == ("ZERO", True, "the lead straightened: the chase's free pass")
    assert r1.lead_total == 0.0 and rows.pair_sums(battle(r1)) == [("BATTLE", "15.0", "0.0")]
    assert "the lead spun" in rows.chase_cell(replace(freed, free_pass=tr.LEAD_SPUN)).note


def test_headline_winner_loser_and_one_more_time():
    r1, r2 = two_runs()
    assert rows.headline(battle(r1, r2, scores=(122.1, 133.9), winner=1, decided=True), "Kenji")[::2] == ("KENJI WINS", "loss")
    assert rows.headline(battle(r1, r2, scores=(133.9, 122.1), winner=0, decided=True), "Kenji") == ("YOU WIN", "133.9 to 122.1", "win")
    omt = rows.headline(battle(r1, r2, scores=(130.0, 129.5), omt=1), "Kenji")
    assert omt[0] == "ONE MORE TIME" and omt[2] == "omt"
    assert rows.headline(battle(), "Kenji")[0] == "NO RUN JUDGED"
    assert rows.headline(battle(r1, scores=(58.1, 72.4)), "Kenji")[:2] == ("ONE RUN", "you chased: 58.1   \u00b7   Kenji led: 72.4")
    assert rows.headline(battle(r1, r2, scores=(175.91, 175.94), omt=2, winner=1, decided=True), "Kenji")[1].startswith("175.94 to 175.91")


def test_pair_sums_add_each_drivers_runs_per_pair():
    r1, r2 = two_runs()
    r3, r4 = replace(r1, index=2), replace(r2, index=3)
    b = battle(r1, r2, r3, r4, scores=(122.1, 133.9), omt=1, winner=1, decided=True)
    assert rows.pair_sums(b) == [("BATTLE", "122.1", "133.9"), ("OMT 1", "122.1", "133.9")]
    assert [r.name for r in rows.run_rows(b)][2:] == ["OMT 1 \u00b7 RUN 1/2", "OMT 1 \u00b7 RUN 2/2"]
    assert rows.outcome_text(b) == "decided after one more time"


# ---- the camera's framing -----------------------------------------------------------------------


def in_view(frame: cam.PairFrame, px, pz, x, z, yaw, base, fov) -> bool:
    """The point is in front of the camera and inside the field of view."""
    fx, fz = math.sin(yaw), math.cos(yaw)
    d = base + frame.extra_m
    cx, cz = px + frame.aim_dx - fx * d, pz + frame.aim_dz - fz * d
    ahead, right = (x - cx) * fx + (z - cz) * fz, (x - cx) * fz - (z - cz) * fx
    return ahead > 0 and abs(math.degrees(math.atan2(abs(right) + cam.CAR_HALF_M, ahead))) <= fov / 2


@pytest.mark.parametrize("other", [(0.0, 5.0), (3.0, 8.0), (-3.0, -4.0), (6.0, 20.0), (-2.0, -2.5), (9.0, 1.0)])
def test_both_cars_stay_in_view(other):
    yaw, base, fov = 0.0, 6.2, 68.0
    f = cam.pair_frame(0.0, 0.0, other[0], other[1], yaw, base, fov)
    assert in_view(f, 0.0, 0.0, 0.0, 0.0, yaw, base, fov), "the player's car left the frame"
    assert in_view(f, 0.0, 0.0, *other, yaw, base, fov), f"the other car at {other} left the frame: {f}"


def test_framing_pulls_back_and_aims_farther_as_the_gap_grows():
    near = cam.pair_frame(0.0, 0.0, 1.0, 3.0, 0.0, 6.2, 68.0)
    far = cam.pair_frame(0.0, 0.0, 4.0, 14.0, 0.0, 6.2, 68.0)
    assert far.extra_m > near.extra_m and far.lift_m > near.lift_m
    assert math.hypot(far.aim_dx, far.aim_dz) > math.hypot(near.aim_dx, near.aim_dz)
    assert math.hypot(far.aim_dx, far.aim_dz) <= cam.AIM_SHARE_MAX * math.hypot(4.0, 14.0) + 1e-9  # never more than its share


def test_a_chase_right_behind_a_leading_player_is_in_front_of_the_lens():
    f = cam.pair_frame(0.0, 0.0, 0.0, -5.0, 0.0, 6.2, 68.0)
    camera_z = f.aim_dz - (6.2 + f.extra_m)  # looking along +z from behind the aim point
    assert camera_z <= -5.0 - cam.MIN_AHEAD_M + 1e-9  # the camera sits well behind the chase car
    assert f.aim_dz < 0 and f.lift_m > cam.LIFT_PER_M * f.extra_m  # it looks back over it, from higher up


def test_a_chase_fallen_back_is_let_go_so_the_leading_players_car_stays_big():
    # a chase 15 m behind would put the camera 20 m behind the leader: it follows the player alone instead
    assert cam.pair_frame(0.0, 0.0, 0.0, -(cam.BEHIND_FAR_M + 1.0), 0.0, 6.2, 68.0) == cam.NONE
    ahead = cam.pair_frame(0.0, 0.0, 0.0, cam.BEHIND_FAR_M + 1.0, 0.0, 6.2, 68.0)
    assert ahead.extra_m > 0.0  # the same gap ahead (a lead the player chases) is still framed


def test_a_far_off_car_is_let_go_and_the_rotation_does_not_matter():
    assert cam.pair_frame(0.0, 0.0, 0.0, cam.FRAME_FAR_M + 1.0, 0.0, 6.2, 68.0) == cam.NONE
    a = cam.pair_frame(0.0, 0.0, 3.0, 8.0, 0.0, 6.2, 68.0)
    yaw = math.radians(90.0)  # the same scene turned a quarter: +z becomes +x
    b = cam.pair_frame(0.0, 0.0, 8.0, -3.0, yaw, 6.2, 68.0)
    assert b.extra_m == pytest.approx(a.extra_m) and (b.aim_dx, b.aim_dz) == pytest.approx((a.aim_dz, -a.aim_dx))


def test_framing_follows_smoothly_and_jumps_on_a_staged_run():
    class Rig:
        mode, yaw, fov, pos = "near", 0.0, 68.0, None

    class S:
        def __init__(self, x, z):
            self.x, self.z, self.heading = x, z, 0.0

    rig = Rig()
    framing = cam.PairFraming(rig)
    first = framing.update(S(0, 0), S(0, 4), 1 / 60)
    assert first == cam.pair_frame(0, 0, 0, 4, 0.0, 6.2, 68.0)  # the first frame goes straight there
    rig.pos = (0.0, 0.0, 0.0)
    want = cam.pair_frame(0, 0, 3, 15, 0.0, 6.2, 68.0)
    step = framing.update(S(0, 0), S(3, 15), 1 / 60)
    assert first.extra_m < step.extra_m < want.extra_m  # a step of the way, not a jump
    for _ in range(600):
        step = framing.update(S(0, 0), S(3, 15), 1 / 60)
    assert step.extra_m == pytest.approx(want.extra_m, rel=1e-3)
    assert rig.extra_m == step.extra_m and rig.aim == (step.aim_dx, step.aim_dz)
    rig.mode = "top"
    framing.reset()
    assert framing.update(S(0, 0), S(3, 15), 1 / 60) == cam.NONE  # top and hood views are the player's own
