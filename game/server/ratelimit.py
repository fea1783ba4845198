"""Rate limits per player and per address (the `limits` library's moving window, kept in this process's memory: each
API copy counts its own requests)."""

from __future__ import annotations

import math
import time

from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from game.server.config import Limits


class Limited(Exception):
    """Over a limit: `retry_after` seconds until the next request would pass; the message is one line."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class RateLimits:
    """The server's limits, each a list of windows ("30/minute;300/day")."""

    def __init__(self, limits: Limits) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.rules = {name: parse_many(getattr(limits, name)) for name in Limits.__dataclass_fields__}

    def hit(self, rule: str, key: str, what: str) -> None:
        """Count one request against every window of a rule; Limited when one is full."""
        for item in self.rules[rule]:
            if not self.limiter.hit(item, rule, key):
                reset = self.limiter.get_window_stats(item, rule, key).reset_time
                wait = max(1, math.ceil(reset - time.time()))
                raise Limited(f"too many {what} ({item}); try again in {wait} s", wait)
