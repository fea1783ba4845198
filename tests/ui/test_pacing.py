"""How a game advances and seeds its drives: headless runs repeat exactly, a window's drives differ."""

from __future__ import annotations

from game.shell.app import HEADLESS_SEED, MAX_FRAME_DT, WINDOWED, Pacing


def test_a_headless_game_advances_a_fixed_time_and_seeds_every_drive_alike():
    p = Pacing.headless(0.25)
    assert p.frame_dt() == 0.25
    assert p.session_seed() == p.session_seed() == HEADLESS_SEED == 0


def test_a_window_seeds_each_drive_from_the_clock(monkeypatch):
    import game.shell.app as app

    monkeypatch.setattr(app.wallclock, "time", lambda: 1_700_000_000.123)
    assert WINDOWED.session_seed() == int(1_700_000_000.123 * 1000) % 2**31
    monkeypatch.setattr(app.wallclock, "time", lambda: 1_700_000_001.5)
    assert WINDOWED.session_seed() == int(1_700_000_001.5 * 1000) % 2**31


def test_a_window_runs_on_the_real_frame_time_capped(monkeypatch):
    import game.shell.app as app

    monkeypatch.setattr(app.time, "dt", 0.016, raising=False)
    assert WINDOWED.frame_dt() == 0.016
    monkeypatch.setattr(app.time, "dt", 2.0, raising=False)  # a hitch is not simulated
    assert WINDOWED.frame_dt() == MAX_FRAME_DT


def test_an_explicit_seed_is_kept():
    assert Pacing(1 / 60, seed=7).session_seed() == 7
