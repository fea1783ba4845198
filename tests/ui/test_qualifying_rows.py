"""The Qualifying results screen's rows, from a judged run built by hand (pure: no window)."""

from __future__ import annotations

from dataclasses import replace

from game.ui import qualifying_rows as qr
from tests.support.course_fixture import pad_course, result


def test_runs_mark_the_one_that_counts():
    rows = qr.run_rows([result(0.0, "spin"), result()], best_run=1)
    assert rows == [("RUN 1", "ZERO \u2014 spun", "0.0", False), ("RUN 2", "finished in 14.2 s", "62.4", True)]
    assert qr.headline([result(0.0, "spin"), result()], 1) == ("62.4", "RUN 2 COUNTS  \u00b7  best of 2")
    assert qr.headline([], None) == ("0.0", "no judged run")


def test_categories_with_style_parts():
    rows = qr.category_rows(result())
    assert rows[:3] == [("Line", "20.7", "/35"), ("Angle", "27.7", "/35"), ("Style", "18.0", "/30")]
    assert [r[0].strip() for r in rows[3:]] == ["initiation", "fluidity", "commitment"]


def test_clip_rows_by_name_kind_and_distance():
    rows = qr.clip_rows(result(), qr.clip_names(pad_course()))
    assert rows[0] == ("Cone 1", "inner  \u00b7  0.42 m", "7.0/7", True)
    assert rows[2] == ("Cone 2", "inner  \u00b7  missed", "0.0/7", False)
    assert rows[1][1] == "outer  \u00b7  1.80 m"
    r = result()
    straight = replace(r, deductions=(replace(r.deductions[0], detail="c1 (taken straight)"),))
    assert qr.clip_rows(straight)[0][1] == "inner  \u00b7  0.42 m  \u00b7  taken straight"  # why a touched clip scored nothing


def test_sector_rows_mean_angle_against_target():
    rows = qr.sector_rows(result())
    assert rows[0] == ("Entry", "33\u00b0 held, 35\u00b0 asked  \u00b7  2.0 s", "9.1/10.5", True)
    assert rows[2][3] is False  # 5.0 of 10.5: not on target


def test_deductions_say_when_and_what():
    rows = qr.deduction_rows(result(), qr.clip_names(pad_course()))
    assert rows == [("0:07.8", "Missed clip", "Cone 2", "\u22123.0"), ("1:12.3", "Straightened", "", "\u22124.0")]
    assert qr.named("z1 (taken straight)", {"z1": "East arc"}) == "East arc (taken straight)"
    assert qr.of(8.75) == "/8.8" and qr.of(35.0) == "/35"
