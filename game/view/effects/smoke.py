"""Tyre smoke that builds: per-tier looks, the map's breeze, driven wheels, held-drift growth and kick puffs (pure)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.view.effects.slip import DEFAULT as SLIP


@dataclass(frozen=True, slots=True)
class SmokeLook:
    """One particles tier's smoke, as multipliers of the base below (view tuning; no physics)."""

    rate: float  # puffs per second
    life: float  # how long a puff lingers
    size: float  # puff diameter
    grow: float  # how much a held drift swells its puffs
    max_screen: float  # the most of the screen's height one puff may cover (x BASE_SCREEN)
    kick_puffs: int  # puffs per driven wheel in a clutch kick / burnout burst


# base figures the looks multiply: puffs/s per driven wheel at full slip, fraction of screen height (life and size: the
# particles' smoke kind, game/view/effects/particles.py)
BASE_RATE, BASE_SCREEN = 13.0, 0.3
HOLD_FULL_S = 3.0  # a drift held this long has built its full cloud
KICK_JUMP = 0.25  # driven slip rising this much above its recent level is a kick (clutch kick, burnout start)
LOCK_SHARE = 0.3  # a locked (non-driven) wheel smokes this fraction of a driven wheel at the same slip
BURNOUT_SPEED_MPS = 6.0  # wheelspin below this speed is a burnout: thicker smoke

SMOKE_LOOKS: dict[str, SmokeLook] = {
    "off": SmokeLook(0.0, 0.0, 0.0, 0.0, 0.0, 0),
    "low": SmokeLook(rate=0.5, life=0.6, size=1.0, grow=0.5, max_screen=0.9, kick_puffs=2),
    "high": SmokeLook(rate=1.0, life=1.0, size=1.1, grow=0.9, max_screen=1.4, kick_puffs=5),
}

DEFAULT_WIND = (1.2, 30.0)  # m/s, compass heading the breeze blows towards (deg) on a map that names none


def wind_from_look(look) -> tuple[float, float]:
    """The breeze (x, z) in m/s from a track's look (schema-checked: wind_speed_mps, wind_heading_deg), else the default."""
    d = dict(look)
    speed = float(d.get("wind_speed_mps", DEFAULT_WIND[0]))
    heading = math.radians(float(d.get("wind_heading_deg", DEFAULT_WIND[1])))
    return (speed * math.sin(heading), speed * math.cos(heading))


def driven_wheels(spec) -> tuple[bool, bool, bool, bool]:
    """Which of (RL, RR, FL, FR) the engine drives: the sim drivetrain's layout, rear-drive for an arcade-only car."""
    dt = getattr(spec, "drivetrain", None)
    if dt is None:
        return (True, True, False, False)
    lay = dt.layout
    return (lay.rear_driven, lay.rear_driven, lay.front_driven, lay.front_driven)


@dataclass(frozen=True, slots=True)
class Puffs:
    """One wheel's smoke this frame: how many puffs, their size and life multipliers."""

    wheel: int
    count: int
    size: float
    life: float


class SmokeBuild:
    """One car's smoke state: how long it has held a slide, what is owed per wheel, when slip jumped."""

    def __init__(self, look: SmokeLook, driven: tuple[bool, bool, bool, bool] = (True, True, False, False)):
        self.look, self.driven = look, driven
        self.hold_s = 0.0
        self._acc = [0.0, 0.0, 0.0, 0.0]
        self._level = 0.0  # the driven wheels' recent slip (smoothed): a kick is a jump above it

    @property
    def build(self) -> float:
        """0..1: how far the held slide has built its cloud."""
        return min(self.hold_s / HOLD_FULL_S, 1.0)

    def step(self, slips, dt: float, speed: float, brake: float = 0.0, handbrake: float = 0.0) -> list[Puffs]:
        """The puffs to emit this frame from each wheel's slip (RL, RR, FL, FR); slides held grow the cloud."""
        look = self.look
        if look.rate <= 0.0 or dt <= 0.0:
            return []
        drive = max((s for s, d in zip(slips, self.driven, strict=True) if d), default=0.0)
        self.hold_s = self.hold_s + dt if drive > 0.35 else max(self.hold_s - 2.0 * dt, 0.0)
        b = self.build
        kick = drive - self._level > KICK_JUMP
        self._level += (drive - self._level) * min(dt / 0.3, 1.0)
        if kick:
            self._level = drive
        burnout = 1.6 if speed < BURNOUT_SPEED_MPS else 1.0
        rate = BASE_RATE * look.rate * (0.8 + 0.5 * b)
        size = look.size * (1.0 + look.grow * 0.7 * b)
        life = look.life * (0.75 + 0.35 * b)
        locking = brake > SLIP.brake_lock_from
        out: list[Puffs] = []
        for i, s in enumerate(slips):
            if self.driven[i]:
                share = burnout
            elif locking or (handbrake > 0.0 and i < 2):
                share = LOCK_SHARE
            else:
                share = 0.0
            owed = self._acc[i] + dt * rate * share * s * math.sqrt(s)
            n = int(owed)
            self._acc[i] = owed - n
            if kick and self.driven[i]:
                out.append(Puffs(i, look.kick_puffs, size * 1.3, life * 0.8))
            if n:
                out.append(Puffs(i, n, size, life))
        return out


def set_particles_look(particles, track_look, quality: str) -> None:
    """Give the particles the map's breeze and sun and the tier's cap on how much screen one puff covers."""
    from game.view.world.world_meshes import sun_direction

    look = dict(track_look)
    particles.set_look(wind_from_look(look), tuple(sun_direction(look)), BASE_SCREEN * SMOKE_LOOKS[quality].max_screen)
