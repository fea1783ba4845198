"""What a frame draws: the geoms and vertices that survive culling in the main view and in the sun's shadow pass."""

from __future__ import annotations


def visible_geoms(camera_np, lens, mask) -> tuple[int, int]:
    """(draw calls, vertices) of the 3D scene seen by a camera: shown for its mask, inside its frustum, the LOD level in use."""
    from panda3d.core import BitMask32, BoundingBox, LODNode
    from ursina import scene

    mask = BitMask32(mask) if isinstance(mask, int) else mask
    frustum = lens.makeBounds()
    frustum.xform(camera_np.getMat(scene))
    eye = camera_np.getPos(scene)
    draws = verts = 0
    for gn in scene.findAllMatches("**/+GeomNode"):
        if gn.isHidden(mask) or gn.isStashed() or not _lod_active(gn, eye, LODNode):
            continue
        lo, hi = gn.getTightBounds(scene) or (None, None)
        if lo is None or not frustum.contains(BoundingBox(lo, hi)):
            continue
        node = gn.node()
        draws += node.getNumGeoms()
        verts += sum(node.getGeom(i).getVertexData().getNumRows() for i in range(node.getNumGeoms()))
    return draws, verts


def _lod_active(np_, eye, lod_type) -> bool:
    """False when an LODNode above np_ shows another of its children at the camera's distance."""
    from ursina import scene

    child = np_
    parent = np_.getParent()
    while not parent.isEmpty():
        node = parent.node()
        if isinstance(node, lod_type):
            d = (parent.getRelativePoint(scene, eye) - node.getCenter()).length()
            k = parent.node().getNumChildren()
            idx = next((i for i in range(k) if parent.node().getChild(i) == child.node()), -1)
            if idx < 0 or not node.getOut(idx) <= d < node.getIn(idx):
                return False
        child, parent = parent, parent.getParent()
    return True


def ui_draws(ui_root) -> int:
    """Draw calls of the UI: each shown geom, and each shown text (one per glyph page, one page in practice)."""
    n = 0
    for gn in ui_root.findAllMatches("**/+GeomNode"):
        if not gn.isHidden():
            n += gn.node().getNumGeoms()
    return n + sum(1 for t in ui_root.findAllMatches("**/+TextNode") if not t.isHidden() and t.node().getText())


def scene_counts() -> dict:
    """Draw calls and vertices of the last frame's main view and of one shadow-map pass, the UI's draw calls, and how
    many pieces are still drawn twice (ursina's dual transparency pass; game/view/boot/blending.py)."""
    from ursina import application, camera

    from game.view.boot.blending import dual_pass_nodes

    base = application.base
    draws, verts = visible_geoms(base.cam, base.camLens, base.camNode.getCameraMask())
    out = {"draws": draws, "vertices": verts, "ui_draws": ui_draws(camera.ui),
           "dual_pass": len(dual_pass_nodes(base.render)) + len(dual_pass_nodes(camera.ui))}
    from panda3d.core import DirectionalLight

    for light in base.render.findAllMatches("**/+DirectionalLight"):
        node = light.node()
        if isinstance(node, DirectionalLight) and node.isShadowCaster():
            sd, sv = visible_geoms(light, node.getLens(), node.getCameraMask())
            out |= {"shadow_draws": sd, "shadow_vertices": sv}
            break
    return out
