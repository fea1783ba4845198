"""HUD pieces that never change once built, merged into a couple of draws.

On software GL every draw costs about 0.1 ms whatever its size, and the HUD's dial ticks, numbers, panels and bar
tracks were fifty of them. A StaticLayer collects such pieces as plain Panda3D nodes (no ursina Entity: nothing walks
them each frame, nothing is left behind when they are merged) and `bake()` flattens them into one draw for the shapes
and one for the text. Shapes are drawn in the order they were added (add the backmost first), then the text.

The UI has no depth test: it sorts its draws back to front by their node's depth (ursina's z). A layer's shapes sit at
its z (PANEL_Z, the backing panel's depth, unless told) and its text TEXT_LIFT in front, both behind anything the box
draws at z 0 and below (values, bars, needles).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from panda3d.core import NodePath, TextNode
from ursina import Mesh, Quad

from game.view.hud.style import PANEL_Z, font

TEXT_LIFT = 0.004  # the layer's text sits this much in front of its shapes (and behind the box's live values at 0)
_ALIGN = {"left": TextNode.A_left, "right": TextNode.A_right, "center": TextNode.A_center}


def _unit_quad(origin: Sequence[float]) -> Mesh:
    """A 1 x 1 square with its pivot at `origin` (ursina's origin: (0, 0) centre, (-0.5, 0) middle of the left edge)."""
    ox, oy = origin
    verts = [(-0.5 - ox, -0.5 - oy, 0.0), (0.5 - ox, -0.5 - oy, 0.0), (0.5 - ox, 0.5 - oy, 0.0), (-0.5 - ox, 0.5 - oy, 0.0)]
    return Mesh(vertices=verts, triangles=[(0, 1, 2), (0, 2, 3)], colors=[(1, 1, 1, 1)] * 4, mode="triangle", static=True)


class StaticLayer:
    """Static HUD pieces under `parent` (an ursina Entity or NodePath), merged by bake()."""

    def __init__(self, parent, name: str = "static", z: float = PANEL_Z) -> None:
        self.np: NodePath = parent.attach_new_node(name)
        # merged apart, each under a node that holds its depth (flattening would push a merged node's own transform
        # into its vertices, and the sort reads a draw's depth from the transforms above it, not from its vertices)
        self._shapes = self.np.attach_new_node("shapes_z").attach_new_node("shapes")
        self._shapes.get_parent().set_z(z)
        self._shapes.set_two_sided(True)  # arcs and turned pieces wind either way
        self._text = self.np.attach_new_node("text_z").attach_new_node("text")
        self._text.get_parent().set_z(z - TEXT_LIFT)
        self.baked = False

    def _place(self, under: NodePath, node: NodePath, pos: Sequence[float], scale: tuple[float, float, float], col,
               rotation_z: float = 0.0) -> NodePath:
        if self.baked:
            raise RuntimeError("this layer is baked: build a new one to change it")
        node.reparent_to(under)
        node.set_pos(pos[0], pos[1], 0.0)
        node.set_scale(*scale)
        if rotation_z:
            node.set_r(rotation_z)  # ursina's rotation_z
        if col is not None:
            node.set_color_scale(col)
        return node

    def panel(self, w: float, h: float, pos: Sequence[float], col, radius: float = 0.18) -> NodePath:
        """A rounded box centred on pos (as game.view.hud.style.panel draws it)."""
        return self._place(self._shapes, Quad(radius=radius, aspect=w / h), pos, (w, h, 1.0), col)

    def quad(self, pos: Sequence[float], scale: tuple[float, float], col, origin=(0.0, 0.0), rotation_z: float = 0.0) -> NodePath:
        """A plain rectangle: bar tracks, ticks."""
        return self._place(self._shapes, _unit_quad(origin), pos, (scale[0], scale[1], 1.0), col, rotation_z)

    def mesh(self, mesh: Mesh, pos: Sequence[float] = (0.0, 0.0)) -> NodePath:
        """A ready-made, vertex-coloured mesh (e.g. the tachometer's arcs)."""
        return self._place(self._shapes, mesh, pos, (1.0, 1.0, 1.0), None)

    def label(self, pos: Sequence[float], size: float, col, align: str = "left", text: str = "", fnt=None) -> NodePath:
        """Text that never changes, laid out as game.view.hud.style.Label lays it."""
        t = TextNode("static_label")
        t.set_font(fnt or font())
        t.set_align(_ALIGN[align])
        t.set_text(text)
        return self._place(self._text, NodePath(t.generate()), pos, (size, size, size), col)

    def bake(self) -> NodePath:
        """Merge everything added so far into as few draws as the pieces' render states allow."""
        self._shapes.flatten_strong()
        self._text.flatten_strong()
        self.baked = True
        return self.np

    def draws(self) -> int:
        """Draw calls the layer costs now."""
        return sum(g.node().get_num_geoms() for g in self.np.find_all_matches("**/+GeomNode"))

    def destroy(self) -> None:
        """Remove the layer."""
        self.np.remove_node()


def polar(radius: float, angle_deg: float) -> tuple[float, float]:
    """(x, y) at this radius and angle (degrees counter-clockwise from +x)."""
    a = math.radians(angle_deg)
    return radius * math.cos(a), radius * math.sin(a)
