"""One car's tyre effects: skidmarks from sliding wheels, smoke / dust / spray by surface, landing puffs."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from game.sim import step_events as ev
from game.sim.car import CarState
from game.sim.mathx import clamp
from game.sim.params import Catalog, Surface
from game.view.effects.slip import wheel_slip
from game.view.effects.smoke import SMOKE_LOOKS, SmokeBuild, SmokeLook, driven_wheels
from game.view.world.mesh_builder import hex_rgb

__all__ = ["CarEffects", "PARTICLE_BUDGET", "PARTICLE_RATE", "dust_color", "mark_color"]

# Settings.quality.particles -> pool size (shared by all cars) and emission scale per car
PARTICLE_BUDGET = {"off": 0, "low": 600, "high": 1500}
PARTICLE_RATE = {"off": 0.0, "low": 0.5, "high": 1.0}

RUBBER = (0.035, 0.035, 0.04)
_TAN = (0.80, 0.70, 0.55)  # dust is paler than the ground it comes from
_RUT = (0.24, 0.16, 0.09)
_GROOVE = (0.62, 0.70, 0.82)



def _mix(a: Sequence[float], b: Sequence[float], k: float) -> tuple[float, float, float]:
    """a towards b by k."""
    return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, a[2] + (b[2] - a[2]) * k)


def mark_color(surface: Surface) -> tuple[float, float, float, float]:
    """Tyre-mark colour on a surface: black rubber on tarmac, dark ruts on dirt/grass, pale grooves on snow/ice."""
    rgb = hex_rgb(surface.color)
    if surface.effect == "smoke":
        return (*RUBBER, 0.85)
    if surface.effect == "dust":
        return (*_mix((rgb[0] * 0.5, rgb[1] * 0.5, rgb[2] * 0.5), _RUT, 0.55), 0.8)
    if surface.effect == "spray":
        return (*_mix(rgb, _GROOVE, 0.55), 0.7)
    return (rgb[0] * 0.6, rgb[1] * 0.6, rgb[2] * 0.6, 0.6)


def dust_color(surface: Surface) -> tuple[float, float, float]:
    """Colour of what the tyres throw up: tan dust tinted by the ground, white spray, grey smoke."""
    rgb = hex_rgb(surface.color)
    if surface.effect == "dust":
        return _mix(rgb, _TAN, 0.65)
    if surface.effect == "spray":
        return _mix(rgb, (1.0, 1.0, 1.0), 0.6)
    return (0.82, 0.82, 0.83)


class CarEffects:
    """Turns a car's state and events into marks and particles each frame (view only, never writes the sim)."""

    def __init__(self, skidmarks, particles, catalog: Catalog, tyre_width_m: float = 0.24,
                 particle_rate: float = 1.0, mark_from: float = 0.12, spec=None, smoke: SmokeLook | None = None):
        """spec: the car (its driven wheels smoke); smoke: the tier's smoke look (default: by particle_rate)."""
        self.skidmarks, self.particles, self.catalog = skidmarks, particles, catalog
        self.tracks = skidmarks.new_track_ids(4)
        self.tyre_width_m = tyre_width_m
        self.particle_rate = particle_rate  # 0 off, 0.5 low, 1 high
        self.mark_from = mark_from  # slip below this lays nothing
        self.slips: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
        self._acc = [0.0, 0.0, 0.0, 0.0]  # fractional particles owed per wheel
        self._marking = [False, False, False, False]
        self._looks: dict[str, tuple] = {}
        if smoke is None:
            smoke = SMOKE_LOOKS["off" if particle_rate <= 0.0 else "high" if particle_rate >= 1.0 else "low"]
        self.smoke = SmokeBuild(smoke, driven_wheels(spec))

    # emission at full slip, particles per second per wheel; plus a trickle from rolling on loose ground
    RATE = {"dust": 24.0, "spray": 30.0}  # tyre smoke: game/view/effects/smoke.py
    ROLL_RATE = {"dust": 8.0, "spray": 8.0}  # per rear wheel at 30 m/s, scaled by speed

    def _look(self, surface_id: str) -> tuple:
        """(effect, mark rgba, particle rgb) for a surface, cached."""
        look = self._looks.get(surface_id)
        if look is None:
            surf = self.catalog.surfaces.get(surface_id)
            look = ("none", (0.0, 0.0, 0.0, 0.0), None) if surf is None else (
                surf.effect, mark_color(surf), dust_color(surf))
            self._looks[surface_id] = look
        return look

    def update(self, state: CarState, wheel_contacts: Sequence[Sequence[float]], events: Sequence[ev.Event],
               dt: float, controls=None) -> None:
        """Lay marks, emit particles and react to events for one frame; wheels are RL, RR, FL, FR."""
        throttle = controls.throttle if controls is not None else 0.0
        brake = controls.brake if controls is not None else 0.0
        slips = self.slips = wheel_slip(state, throttle, brake)
        effect, mark_rgba, dust_rgb = self._look(state.surface)
        skid, tracks = self.skidmarks, self.tracks
        on_ground = not state.airborne
        width, start = self.tyre_width_m, self.mark_from
        for i in range(4):
            s = slips[i]
            if on_ground and s > start and mark_rgba[3] > 0.0:
                skid.add(tracks[i], wheel_contacts[i], width, min(1.0, (s - start) / 0.5), mark_rgba)
                self._marking[i] = True
            elif self._marking[i]:
                skid.end(tracks[i])
                self._marking[i] = False
        if on_ground and effect == "smoke":
            self._emit_smoke(state, wheel_contacts, slips, dt, brake)
        elif on_ground and self.particle_rate > 0.0 and effect in self.RATE:
            self._emit_wheels(state, wheel_contacts, slips, effect, dust_rgb, dt)
        for e in events:
            if e.kind == ev.LANDED and self.particle_rate > 0.0:
                self._landing_puff(state, e, effect, dust_rgb)

    def _emit_wheels(self, state: CarState, contacts, slips, effect: str, rgb, dt: float) -> None:
        """Owe particles per wheel by slip (and by speed on loose ground), emit the whole ones in one batch."""
        rate = self.RATE[effect] * self.particle_rate
        roll = self.ROLL_RATE.get(effect, 0.0) * self.particle_rate * min(state.speed / 30.0, 1.5)
        rows: list[int] = []
        for i in range(4):
            s = slips[i]
            owed = self._acc[i] + dt * (rate * s * math.sqrt(s) + (roll if i < 2 else 0.0))
            n = int(owed)
            self._acc[i] = owed - n
            rows.extend([i] * n)
        if not rows:
            return
        sh, ch = math.sin(state.heading), math.cos(state.heading)
        vx, vz = state.vx, state.vz
        if effect == "dust":  # thrown back and up off the tread
            base = (vx * 0.35 - sh * 2.0, 1.3, vz * 0.35 - ch * 2.0)
        else:  # snow spray: a rooster tail that falls back
            base = (vx * 0.45 - sh * 2.5, 3.2, vz * 0.45 - ch * 2.5)
        pos = np.array([contacts[i] for i in rows], np.float32)
        pos[:, 1] += 0.15
        self.particles.emit(effect, pos, base, len(rows), color=rgb)

    def _emit_smoke(self, state: CarState, contacts, slips, dt: float, brake: float) -> None:
        """Tyre smoke from the driven wheels (and a little from locked ones): a cloud that builds in a held drift."""
        base = (state.vx * 0.4, 0.4, state.vz * 0.4)  # dragged along in the car's wake, then left hanging
        for p in self.smoke.step(slips, dt, state.speed, brake, state.handbrake):
            x, y, z = contacts[p.wheel]
            self.particles.emit("smoke", (x, y + 0.15, z), base, p.count, size=p.size, life=p.life)

    def _landing_puff(self, state: CarState, e: ev.Event, effect: str, rgb) -> None:
        """A ring of dust/smoke/snow where the car touched down, bigger for harder landings."""
        strength = clamp(e.value / 8.0, 0.3, 1.0)
        count = max(6, int(22 * strength * self.particle_rate))
        color = rgb if effect in ("dust", "spray") else None
        self.particles.emit("puff", (e.x, state.ground_h + 0.2, e.z), (state.vx * 0.3, 0.0, state.vz * 0.3),
                            count, color=color)
