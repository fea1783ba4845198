"""Frame taps: every registered tap sees each frame; one that raises is dropped and the others go on."""

from game.view.drive import frame_taps
from game.view.drive.frame_taps import FrameTaps


class _Tap:
    def __init__(self, fail_at=None):
        self.calls, self.closed, self.fail_at = [], False, fail_at

    def __call__(self, scene, out, paused):
        if len(self.calls) == self.fail_at:
            raise RuntimeError("boom")
        self.calls.append((scene, out, paused))

    def close(self):
        self.closed = True


def test_taps_are_called_each_frame_and_a_failing_one_is_dropped(capsys):
    good, bad = _Tap(), _Tap(fail_at=1)
    factories = [lambda scene: good, lambda scene: None, lambda scene: bad]
    for f in factories:
        frame_taps.register(f)
    try:
        taps = FrameTaps("scene")
    finally:
        for f in factories:
            frame_taps.unregister(f)
    assert len(taps.taps) >= 2  # (the telemetry tap is None while telemetry is off)
    for i in range(3):
        taps("scene", i, i == 2)
    assert good.calls == [("scene", 0, False), ("scene", 1, False), ("scene", 2, True)]
    assert bad.calls == [("scene", 0, False)] and bad not in taps.taps
    assert "dropped _Tap: boom" in capsys.readouterr().err
    taps.close()
    assert good.closed and taps.taps == []


def test_a_factory_that_raises_is_left_out(capsys):
    def broken(scene):
        raise ValueError("no socket")

    frame_taps.register(broken)
    try:
        FrameTaps(object())
    finally:
        frame_taps.unregister(broken)
    assert "broken: no socket" in capsys.readouterr().err
