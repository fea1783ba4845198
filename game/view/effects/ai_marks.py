"""AI skidmarks: the sim's skid decisions (type, marks or not, lock bias, slip) laid into the shared ring of marks.

The four kinds of note 002 (docs/reference/002-ai-cars.md) go into the same Skidmarks ring as the player's tyres, so AI and player
together cost a fixed number of segments. The inner rear turn mark is laid late: its points wait in
a queue until the car has moved a body width past them (note 002 source).
"""

from __future__ import annotations

import math
from collections import deque

from game.sim.ai.skids import KINDS, mark_wheels, rear_offset
from game.view.effects.tyre_effects import mark_color

INNER = 4  # the fifth track of each car: the delayed inner turn mark
# each kind's colour in the debug overlay (its ring, its label and, while it shows, its marks)
SKID_COLORS = {"accel": (0.4, 0.2, 0.6), "turn": (0.0, 1.0, 1.0), "stop": (1.0, 0.08, 0.58), "bump": (1.0, 0.65, 0.0)}


class AiMarks:
    """Lays every AI car's marks each frame at their raw baked alpha (the ring applies skidOpacity when it draws them);
    `counts()` gives live segments per kind for the debug overlay."""

    def __init__(self, skidmarks, catalog, roster, cars: list):
        self.skidmarks, self.catalog, self.roster = skidmarks, catalog, roster
        self.cars = list(cars)
        self.tracks = [skidmarks.new_track_ids(5) for _ in self.cars]
        self.inner: list[deque] = [deque() for _ in self.cars]
        self.laying: list[set[int]] = [set() for _ in self.cars]
        self._colors: dict[str, tuple] = {}
        self.debug = False
        skidmarks.set_kind_colors([SKID_COLORS[k] for k in KINDS])  # ring kinds 1..4 are KINDS in order
        self.set_opacity(roster.look.skid_opacity)

    def set_opacity(self, opacity: float) -> None:
        """The note's skidOpacity, on every AI mark already laid and to come (data/drivers.json `look`, live)."""
        self.opacity = opacity
        self.skidmarks.set_ai_look(opacity, self.debug)

    def set_debug(self, on: bool) -> None:
        """The note's debug mode: AI marks in their kind's colour at their raw baked alpha (skidOpacity bypassed)."""
        self.debug = on
        self.skidmarks.set_ai_look(self.opacity, on)

    def _color(self, surface_id: str) -> tuple:
        c = self._colors.get(surface_id)
        if c is None:
            surf = self.catalog.surfaces.get(surface_id)
            c = self._colors[surface_id] = mark_color(surf) if surf is not None else (0.0, 0.0, 0.0, 0.0)
        return c

    def update(self, drawn: list) -> None:
        """Lay this frame's marks at each car's drawn pose (before its slip turn)."""
        unit = self.roster.metres_per_pixel
        width = self.roster.common.tire_width_m
        for k, (car, s) in enumerate(zip(self.cars, drawn)):
            tel = car.state.telemetry
            tracks = self.tracks[k]
            plan = mark_wheels(tel.skid, tel, unit)
            rgba = self._color(s.surface)
            kind = 1 + KINDS.index(tel.skid.kind) if plan else 0
            wheels = self._wheels(car, s, rear_offset(tel)) if plan else ()  # no marks this frame: no wheel points needed
            now: set[int] = set()
            for wheel, alpha, delayed in plan:
                if delayed:
                    self._delay(k, wheels[wheel], alpha, rgba, width, kind)
                    now.add(INNER)
                elif alpha > 0.0 and rgba[3] > 0.0:
                    self.skidmarks.add(tracks[wheel], wheels[wheel], width, alpha, rgba, kind)
                    now.add(wheel)
            for wheel in self.laying[k] - now:
                self.skidmarks.end(tracks[wheel])
                if wheel == INNER:
                    self.inner[k].clear()
            self.laying[k] = now

    def _delay(self, k: int, pos, alpha: float, rgba, width: float, kind: int) -> None:
        """Queue the inner wheel's point; lay the oldest once the queue is longer than a body width."""
        q = self.inner[k]
        q.append((pos, alpha))
        length = sum(math.dist(q[i - 1][0], q[i][0]) for i in range(1, len(q)))
        if length > self.cars[k].spec.width_m:
            p, a = q.popleft()
            if a > 0.0 and rgba[3] > 0.0:
                self.skidmarks.add(self.tracks[k][INNER], p, width, a, rgba, kind)

    @staticmethod
    def _wheels(car, s, rear_shift: float) -> list[tuple[float, float, float]]:
        """Contact points RL, RR, FL, FR on the ground; the rear pair moved sideways by the slip (marks fan out)."""
        spec = car.spec
        a, t = spec.wheelbase_m / 2, spec.track_m / 2
        fx, fz = math.sin(s.heading), math.cos(s.heading)
        rx, rz = fz, -fx  # the car's right
        y = s.ground_h
        out = []
        for along, across in ((-a, -t), (-a, t), (a, -t), (a, t)):
            shift = -rear_shift if along < 0 else 0.0
            out.append((s.x + fx * along + rx * (across + shift), y, s.z + fz * along + rz * (across + shift)))
        return out

    def counts(self) -> dict[str, int]:
        """Live segments in the ring by kind (the player's tyre marks not included)."""
        n = self.skidmarks.kind_counts(1 + len(KINDS))
        return {kind: n[1 + i] for i, kind in enumerate(KINDS)}
