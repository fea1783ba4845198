"""Drift drivers with skill: who they are (data/drift_drivers.json, typed), what their level makes of the DriftDriver, and
their seeded wander (pure).

A skill level (`rookie` < `amateur` < `pro` < `ace`) is a set of DriftTuning fields: the share of the sectors'
target angles aimed at, how far wide of the clips the car runs, how much of the pull toward the clips is kept, how
late the flick comes (and so how much slower the entry), the share of the planned speed carried, and how much the aim,
the line and the speed wander. The level's numbers are those of a driver of that level with `line_precision` and
`consistency` 0.5; each driver's traits scale its errors by 2 (1 - trait): a trait of 1 drives without that error, 0
with twice the level's.

`SkillNoise` is the wander: per channel (angle, line, speed) a sum of sines with periods and phases drawn once from a
numpy Generator, so `sample(t)` is smooth and a pure function of the time; the same Generator seed gives the same run.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from game.safe_json import shown
from game.sim.ai.drift.initiation import FALLBACK
from game.sim.ai.drift.tuning import DriftTuning
from game.sim.looks import FACTORY, Stance

SKILLS = ("rookie", "amateur", "pro", "ace")
INITIATIONS = ("flick", "feint", "power_over", "clutch_kick")


@dataclass(frozen=True)
class SkillLevel:
    """What one skill level means to the drift driver (data/drift_drivers.json "skills"; units in its schema)."""

    angle_share: float  # share of each sector's target angle aimed at (times the driver's target_angle_scale)
    offset_m: float  # the line this far wide of the clips (outside the drift between them), at line_precision 0.5
    clip_pull: float  # how hard the line bends toward the clips, at line_precision 0.5
    late_s: float  # the flick this much later than a good one
    speed_share: float  # share of the planned speed
    noise_angle_deg: float  # RMS wander of the aim, at consistency 0.5
    noise_offset_m: float  # RMS wander of the line, at consistency 0.5
    noise_speed_share: float  # RMS wander of the speed (share of the plan), at consistency 0.5
    noise_period_s: float  # typical period of the wander
    noise_components: int  # sines summed per channel (the file's "noise" block)
    noise_period_spread: float  # each sine's period within 1 +- this of noise_period_s
    description: str = ""


@dataclass(frozen=True)
class DriftProfile:
    """One named drift driver: its level, its car and paint, its taste in angle, precision, consistency and initiation."""

    id: str
    name: str
    skill: str  # one of SKILLS
    car: str  # a catalog car id
    paint: str  # "#rrggbb"
    target_angle_scale: float  # multiplies the level's angle share
    line_precision: float  # 0..1: the line and clip errors are the level's x 2 (1 - line_precision)
    consistency: float  # 0..1: the wander is the level's x 2 (1 - consistency)
    initiation: str  # one of INITIATIONS
    bio: str = ""
    level: SkillLevel | None = None  # the numbers of its skill level (set by the loader), so a profile drives on its own
    finish: str = "gloss"  # the paint's finish (looks only: never in the drive digest)
    stance: Stance = FACTORY  # camber, ride height, track, rims (looks only)


@dataclass(frozen=True)
class InitiationRules:
    """Which initiation styles each car can do on each model, and the order a style falls back in (data/drift_drivers.json
    "initiations"): a car or a model the file does not name can do all four."""

    fallback: tuple[str, ...] = FALLBACK  # every style once, the flick last
    cars: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)  # car id -> model id -> its styles

    def allowed(self, car: str, model: str) -> tuple[str, ...]:
        """The styles this car can do on this model."""
        return self.cars.get(car, {}).get(model, INITIATIONS)

    def params(self, car: str, model: str) -> dict:
        """The DriftTuning fields that tell a driver in this car on this model what it can do and what to fall back to."""
        return {"initiations_allowed": self.allowed(car, model), "initiation_fallback": self.fallback}


@dataclass(frozen=True)
class DriftRoster:
    """Every drift driver of a file, the skill levels they drive by, and the file's digest (replays record it)."""

    profiles: tuple[DriftProfile, ...]
    digest: str
    skills: Mapping[str, SkillLevel] = field(default_factory=dict)
    initiations: InitiationRules = field(default_factory=InitiationRules)

    @property
    def ids(self) -> tuple[str, ...]:
        """The drivers' ids, in file order."""
        return tuple(p.id for p in self.profiles)

    def get(self, id_or_skill: str) -> DriftProfile:
        """A driver by id, or by skill level (the first driver of that level); ValueError (one line with the choices)."""
        for p in self.profiles:
            if p.id == id_or_skill:
                return p
        if id_or_skill in SKILLS:
            for p in self.profiles:
                if p.skill == id_or_skill:
                    return p
            raise ValueError(f"no drift driver is {shown(id_or_skill)} (the levels there are: {', '.join(self.levels) or 'none'})")
        raise ValueError(f"unknown drift driver {shown(id_or_skill)} (choose one of {', '.join(self.ids)}, or a skill level: {', '.join(SKILLS)})")

    @property
    def levels(self) -> tuple[str, ...]:
        """The skill levels some driver of the roster has, weakest first."""
        have = {p.skill for p in self.profiles}
        return tuple(s for s in SKILLS if s in have)


def level_of(profile: DriftProfile, skill_levels: Mapping[str, SkillLevel] | None = None) -> SkillLevel:
    """The numbers of the profile's level: from skill_levels when given, else the profile's own; ValueError if neither has them."""
    lv = skill_levels.get(profile.skill) if skill_levels else None
    lv = lv or profile.level
    if lv is None:
        raise ValueError(f"drift driver {profile.id!r}: no numbers for its skill level {profile.skill!r}")
    return lv


def _driver_fields() -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(DriftTuning))


def driver_params(profile: DriftProfile, skill_levels: Mapping[str, SkillLevel] | None = None) -> dict:
    """DriftTuning fields for this driver (angle_scale, offset_m, late_s, clip_pull, speed_scale, initiation)."""
    lv = level_of(profile, skill_levels)
    line_err = 2.0 * (1.0 - profile.line_precision)  # 0.5 -> the level's errors
    params = {
        "angle_scale": lv.angle_share * profile.target_angle_scale,
        "offset_m": lv.offset_m * line_err,
        "late_s": lv.late_s,
        "clip_pull": max(0.0, 1.0 - (1.0 - lv.clip_pull) * line_err),
        "speed_scale": lv.speed_share,
        "initiation": profile.initiation,
    }
    known = _driver_fields()
    return {k: v for k, v in params.items() if k in known}  # a driver without a field (initiation, while it is being added) drives without it


class SkillNoise:
    """Smooth seeded wander of the aim (deg), the line (m) and the speed (share), each a sum of sines drawn from `rng`."""

    def __init__(self, rng, consistency: float, angle_deg: float = 0.0, offset_m: float = 0.0, speed_share: float = 0.0,
                 period_s: float = 4.0, components: int = 3, period_spread: float = 0.5) -> None:
        scale = 2.0 * (1.0 - consistency) * math.sqrt(2.0 / components)  # the sum's RMS is the amplitude x 2 (1 - consistency)
        self.rms = (angle_deg * 2.0 * (1.0 - consistency), offset_m * 2.0 * (1.0 - consistency), speed_share * 2.0 * (1.0 - consistency))
        self._waves = []  # per channel: ((amplitude, angular frequency rad/s, phase rad), ...)
        for amp in (angle_deg, offset_m, speed_share):
            factors = rng.uniform(1.0 - period_spread, 1.0 + period_spread, components)
            phases = rng.uniform(0.0, 2.0 * math.pi, components)
            self._waves.append(tuple((amp * scale, 2.0 * math.pi / (period_s * float(f)), float(p)) for f, p in zip(factors, phases, strict=True)))

    @classmethod
    def for_level(cls, rng, level: SkillLevel, consistency: float) -> SkillNoise:
        """The wander of a driver of this level and consistency."""
        return cls(rng, consistency, level.noise_angle_deg, level.noise_offset_m, level.noise_speed_share, level.noise_period_s,
                   level.noise_components, level.noise_period_spread)

    def sample(self, t: float) -> tuple[float, float, float]:
        """(angle delta deg, offset delta m, speed share ~1.0) at time t (s): the same t gives the same answer."""
        sin = math.sin
        out = [0.0, 0.0, 0.0]
        for i, waves in enumerate(self._waves):  # plain loops: ~6 us a call, the generator sum took twice that
            v = 0.0
            for a, w, p in waves:
                v += a * sin(w * t + p)
            out[i] = v
        return out[0], out[1], 1.0 + out[2]


def skill_noise(profile: DriftProfile, rng, skill_levels: Mapping[str, SkillLevel] | None = None) -> SkillNoise:
    """The wander of this driver, drawn from rng."""
    return SkillNoise.for_level(rng, level_of(profile, skill_levels), profile.consistency)


__all__ = ["FALLBACK", "INITIATIONS", "SKILLS", "DriftProfile", "DriftRoster", "InitiationRules", "SkillLevel", "SkillNoise", "driver_params",
           "level_of", "skill_noise"]
