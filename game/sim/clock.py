"""Fixed-step clock: real frame time in, whole sim steps out, plus an interpolation alpha."""

from __future__ import annotations


class FixedClock:
    """Accumulates frame time and hands out fixed steps (capped per frame) for a deterministic sim."""

    def __init__(self, hz: float = 120.0, max_steps: int = 8):
        if hz <= 0:
            raise ValueError(f"hz must be > 0, got {hz}")
        self.dt = 1.0 / hz
        self.max_steps = max_steps
        self.accumulator = 0.0
        self.steps = 0  # total steps handed out
        self.dropped = 0.0  # seconds thrown away when a frame needed more than max_steps

    def advance(self, frame_dt: float) -> int:
        """Add a frame's real time; return how many fixed steps to run now."""
        if frame_dt > 0:
            self.accumulator += frame_dt
        n = int(self.accumulator / self.dt + 1e-9)
        if n > self.max_steps:
            self.dropped += (n - self.max_steps) * self.dt
            self.accumulator -= (n - self.max_steps) * self.dt
            n = self.max_steps
        self.accumulator -= n * self.dt
        if self.accumulator < 0.0:
            self.accumulator = 0.0
        self.steps += n
        return n

    @property
    def alpha(self) -> float:
        """How far rendering is between the previous and the current sim state (0..1)."""
        return min(1.0, self.accumulator / self.dt)
