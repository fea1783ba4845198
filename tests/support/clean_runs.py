"""What a clean judged run is for the drift driver's tests: finished, never zeroed, at least MIN_TOTAL, no clip missed."""

from __future__ import annotations

MIN_TOTAL = 70.0  # issue 21's Done-when: the ace scores at least 70 on every course, never zero


def assert_a_clean_run(r, track: str, car: str) -> None:
    """A judged run that finished, was never zeroed, scored MIN_TOTAL or more and missed no clip."""
    what = f"{track} {car}: {r.total:.1f} (line {r.line:.1f} angle {r.angle:.1f} style {r.style:.1f}; zero {r.zero}; {[d.kind for d in r.deductions]})"
    assert r.finished and r.zero is None, what
    assert r.total >= MIN_TOTAL, what
    assert "missed_clip" not in {d.kind for d in r.deductions}, what
