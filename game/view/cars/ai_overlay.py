"""The AI debug overlay (Ctrl+Shift+Space, and with the F3 panel): what each AI car is thinking (note 002's overlay).

Note 002: docs/reference/002-ai-cars.md.

Per AI car, in its paint: its Bezier path and control points, avoidance radius, target crosshair and
arrival radius; a green arrow for the heading it wants; white lines from its front wheels the way they
point (the note's tuning advice: watch them through a fast path change to set twitchiness); the rear
slip angle as an arrow along the way the tail travels, labelled with alpha; a yellow box while it is
steering to avoid (magenta boxes on the cars it avoids); its exhaust points; a ring and label for the
skid it is making. While it shows, the AI skidmarks take their kind's colour at their raw baked alpha
(skidOpacity bypassed). At the bottom left, the live skid segments by type; the last fleet order's
scatter circle. Lines are rebuilt only while the overlay shows.
"""

from __future__ import annotations

import math

from panda3d.core import LineSegs, Point2, Point3
from ursina import Text, camera, color

from game.sim.ai.geometry import bezier_point
from game.sim.ai.note import AVOID_RADIUS_SELF
from game.view.cars.ackermann import ackermann_angles
from game.view.cars.exhaust_view import exhaust_points
from game.view.effects.ai_marks import SKID_COLORS

LIFT_M = 0.2  # lines float this far above the ground
ARROW_M = 4.0
SKID_LABELS = {"accel": "ACCEL", "turn": "CORNER", "stop": "BRAKE", "bump": "BUMP"}
PATH_SAMPLES = 24
WHEEL_LINE_M = 2.5  # the front-wheel lines' length
WHEEL_RGBA = (1.0, 1.0, 1.0, 0.95)
SLIP_RGBA = (1.0, 0.55, 0.1, 1.0)
SLIP_ARROW_M = 3.0
SLIP_HEAD_M = 0.6
LINE_PX = 2.5
CIRCLE_SEGMENTS = 32


def _rgb(hex_color: str) -> tuple[float, float, float]:
    c = color.hex(hex_color)
    return c[0], c[1], c[2]


class AiOverlay:
    """Lines on the ground and labels on the screen for every AI car; `sync` redraws them while visible."""

    def __init__(self, session, traffic, marks):
        self.session, self.traffic, self.marks = session, traffic, marks
        self.visible = False
        self._np = None
        self.labels = [Text("", parent=camera.ui, scale=0.8, origin=(0, 0), enabled=False) for _ in traffic.cars]
        self.slip_labels = [Text("", parent=camera.ui, scale=0.7, origin=(0, 0), enabled=False) for _ in traffic.cars]
        # bottom left, above the surface box: the top corners hold the F3 boxes and the minimap
        self.counts = Text("", parent=camera.ui, position=(-0.5 * camera.aspect_ratio + 0.02, -0.38), origin=(-0.5, 0), scale=0.8, enabled=False)
        self.lines_drawn = 0  # segments in the last redraw (for tests)

    def toggle(self) -> bool:
        self.visible = not self.visible
        if not self.visible:
            self._clear()
        return self.visible

    def _clear(self) -> None:
        if self._np is not None:
            self._np.removeNode()
            self._np = None
        for t in self.labels + self.slip_labels:
            t.enabled = False
        self.counts.enabled = False
        if self.marks is not None and self.marks.debug:
            self.marks.set_debug(False)

    def sync(self, drawn: list, show: bool) -> None:
        """Redraw for this frame if the overlay is on (or the F3 panel is)."""
        if not (show or self.visible):
            if self._np is not None:
                self._clear()
            return
        from ursina import scene

        if self.marks is not None and not self.marks.debug:
            self.marks.set_debug(True)
        ls = LineSegs("ai_overlay")
        ls.setThickness(LINE_PX)
        self.lines_drawn = 0
        cars = self.session.cars
        for k, (car, s) in enumerate(zip(self.traffic.cars, drawn)):
            d = car.controller.driver
            y = s.ground_h + LIFT_M
            rgb = _rgb(car.paint)
            if d.path is not None and d.target is not None:
                pts = [bezier_point(*d.path, i / PATH_SAMPLES) for i in range(PATH_SAMPLES + 1)]
                self._strip(ls, [(p[0], y, p[1]) for p in pts], (*rgb, 0.7))
                for p in d.path[1:3]:
                    self._cross(ls, p[0], y, p[1], 0.6, (*rgb, 1.0))
            self._circle(ls, s.x, y, s.z, d.width * AVOID_RADIUS_SELF, (*rgb, 0.5))
            if d.target is not None:
                tx, tz = d.target
                self._cross(ls, tx, y, tz, 1.5, (*rgb, 1.0))
                self._circle(ls, tx, y, tz, d.opts.arrival_radius, (*rgb, 0.35))
                h = d.desired_heading
                self._strip(ls, [(s.x, y, s.z), (s.x + math.sin(h) * ARROW_M, y, s.z + math.cos(h) * ARROW_M)], (0.1, 1.0, 0.1, 1.0))
            if d.avoiding:
                self._box(ls, car, s, 0.5, (1.0, 1.0, 0.0, 1.0))
                for i in d.avoid_targets:
                    other = cars[self.traffic.neighbour_index[i]]
                    self._box(ls, other, other.state, 0.4, (1.0, 0.0, 1.0, 1.0))
            fx, fz = math.sin(s.heading), math.cos(s.heading)
            for across, along, _, _ in exhaust_points(d.opts.exhaust_position, d.opts.exhaust_offset, car.spec.length_m, car.spec.width_m):
                self._cross(ls, s.x + fz * across + fx * along, y, s.z - fx * across + fz * along, 0.35, (1.0, 0.86, 0.0, 1.0))
            self._wheels(ls, car.spec, s, y)
            self._slip(ls, self.slip_labels[k], car, s, y)
            kind = car.state.telemetry.skid.kind
            label = self.labels[k]
            if kind is not None:
                self._circle(ls, s.x, y, s.z, car.spec.length_m * 0.7, (*SKID_COLORS[kind], 1.0))
                self._label(label, (s.x, s.y + car.spec.height_m + 0.8, s.z), SKID_LABELS[kind], SKID_COLORS[kind])
            else:
                label.enabled = False
        zone = self.traffic.scatter_zone
        if zone is not None:
            self._circle(ls, zone[0], self.session.world.ground(zone[0], zone[1])[0] + LIFT_M, zone[1], zone[2], (1.0, 1.0, 1.0, 0.4))
        if self._np is not None:
            self._np.removeNode()
        self._np = scene.attachNewNode(ls.create())
        self._np.setLightOff(1)
        self._np.setDepthOffset(3)
        n = self.marks.counts() if self.marks is not None else {}
        self.counts.text = "skids  " + "   ".join(f"{k}: {n.get(k, 0)}" for k in SKID_LABELS)
        self.counts.enabled = True

    def _wheels(self, ls, spec, s, y) -> None:
        """A line from each front wheel the way it points, as the drawn car's wheels are turned."""
        left, right = ackermann_angles(s.steer_wheel, math.radians(spec.max_wheel_angle_deg), spec.wheelbase_m, spec.track_m)
        fx, fz = math.sin(s.heading), math.cos(s.heading)
        a, t = spec.wheelbase_m / 2, spec.track_m / 2
        for across, angle in ((-t, left), (t, right)):
            wx, wz = s.x + fx * a + fz * across, s.z + fz * a - fx * across
            h = s.heading + angle
            self._strip(ls, [(wx, y, wz), (wx + math.sin(h) * WHEEL_LINE_M, y, wz + math.cos(h) * WHEEL_LINE_M)], WHEEL_RGBA)

    def _slip(self, ls, label, car, s, y) -> None:
        """The rear slip angle: an arrow that comes up to the rear bumper along the way the tail travels (the body is
        drawn turned by the slip, so the arrow and the body meet at alpha), and its value in degrees over the roof."""
        alpha = car.state.telemetry.slip_angle
        back = car.spec.length_m / 2
        bx, bz = s.x - math.sin(s.heading) * back, s.z - math.cos(s.heading) * back
        h = s.heading - alpha  # the way the tail travels
        dx, dz = math.sin(h), math.cos(h)
        self._strip(ls, [(bx - dx * SLIP_ARROW_M, y, bz - dz * SLIP_ARROW_M), (bx, y, bz)], SLIP_RGBA)
        for side in (-1.0, 1.0):  # the arrow head, at the bumper
            b = h + math.pi - side * 0.5
            self._strip(ls, [(bx, y, bz), (bx + math.sin(b) * SLIP_HEAD_M, y, bz + math.cos(b) * SLIP_HEAD_M)], SLIP_RGBA)
        self._label(label, (s.x, s.y + car.spec.height_m + 0.35, s.z), f"\u03b1 {math.degrees(alpha):+.1f}\u00b0", SLIP_RGBA[:3])

    # ---- drawing helpers -------------------------------------------------------------------------

    def _strip(self, ls, pts, rgba) -> None:
        ls.setColor(*rgba)
        ls.moveTo(*pts[0])
        for p in pts[1:]:
            ls.drawTo(*p)
            self.lines_drawn += 1

    def _cross(self, ls, x, y, z, r, rgba) -> None:
        self._strip(ls, [(x - r, y, z), (x + r, y, z)], rgba)
        self._strip(ls, [(x, y, z - r), (x, y, z + r)], rgba)

    def _circle(self, ls, x, y, z, r, rgba) -> None:
        n = CIRCLE_SEGMENTS
        self._strip(ls, [(x + r * math.cos(2 * math.pi * i / n), y, z + r * math.sin(2 * math.pi * i / n)) for i in range(n + 1)], rgba)

    def _box(self, ls, car, s, margin, rgba) -> None:
        fx, fz = math.sin(s.heading), math.cos(s.heading)
        a, w = car.spec.length_m / 2 + margin, car.spec.width_m / 2 + margin
        y = s.ground_h + LIFT_M
        corners = [(s.x + fx * u + fz * v, y, s.z + fz * u - fx * v) for u, v in ((a, w), (a, -w), (-a, -w), (-a, w), (a, w))]
        self._strip(ls, corners, rgba)

    def _label(self, label, pos, text, rgb) -> None:
        """A screen label over a point in the world (hidden when the point is behind the camera)."""
        p = base.cam.getRelativePoint(base.render, Point3(*pos))  # noqa: F821 - panda3d's ShowBase global
        p2 = Point2()
        if not base.camLens.project(p, p2):  # noqa: F821
            label.enabled = False
            return
        win = base.win  # noqa: F821
        aspect = win.getXSize() / max(1, win.getYSize())
        label.text = text
        label.color = color.rgb(*rgb)
        label.position = (p2[0] * aspect / 2, p2[1] / 2)
        label.enabled = True

    def destroy(self) -> None:
        from ursina import destroy

        self._clear()
        for t in self.labels + self.slip_labels:
            destroy(t)
        destroy(self.counts)
