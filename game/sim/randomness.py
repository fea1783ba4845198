"""Pluggable random sources: a fixed value, or a seeded numpy Generator (the session's one source of randomness)."""

from __future__ import annotations

from typing import Protocol

import numpy as np


class RandomSource(Protocol):
    """Anything that hands out uniform draws in [0, 1), one per call, like the note's Math.random()."""

    def random(self) -> float: ...


class FixedRandom:
    """Every draw returns the same value (the `sideways fleet` scenario's `"random": 0.5`)."""

    def __init__(self, value: float):
        if not (0.0 <= value < 1.0):
            raise ValueError(f"a fixed random value must be in [0, 1), got {value}")
        self.value = float(value)

    def random(self) -> float:
        return self.value


class GeneratorRandom:
    """Draws from a seeded numpy Generator (never the global numpy or stdlib state)."""

    def __init__(self, generator: np.random.Generator):
        self.generator = generator

    @classmethod
    def seeded(cls, seed: int) -> GeneratorRandom:
        return cls(np.random.default_rng(seed))

    def random(self) -> float:
        return float(self.generator.random())
