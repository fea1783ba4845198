"""One draw per piece: ursina gives every model TransparencyAttrib.M_dual, which Panda3D draws twice (an opaque pass
and a blended pass). On software GL each draw costs about 0.1 ms and each pass shades its pixels again, so the drive
spent a fifth of its frame drawing everything a second time. Opaque pieces are set to one opaque pass, see-through
ones to one blended pass, and the UI (drawn without depth test, in ursina's z order) to one blended pass for all.
"""

from __future__ import annotations

from panda3d.core import TransparencyAttrib

UI_BLEND_PRIORITY = 1  # overrides the M_dual that ursina sets on each UI model (priority 0)


def opaque(entity):
    """Draw this entity's model once, without blending (it has no see-through part); returns the entity."""
    if entity.model is not None:
        entity.model.setTransparency(TransparencyAttrib.M_none)
    return entity


def blended(entity):
    """Draw this entity's model once, alpha-blended (a fading or see-through piece); returns the entity."""
    if entity.model is not None:
        entity.model.setTransparency(TransparencyAttrib.M_alpha)
    return entity


def single_pass_ui(ui_root) -> None:
    """Every UI model drawn once, blended: the UI has no depth test, so ursina's dual pass only doubles its draws."""
    ui_root.setTransparency(TransparencyAttrib.M_alpha, UI_BLEND_PRIORITY)


def dual_pass_nodes(root) -> list[str]:
    """Paths of the visible geoms under root that would still be drawn twice (for tests and the F3 check)."""
    out = []
    for gn in root.findAllMatches("**/+GeomNode"):
        if gn.isHidden():
            continue
        attrib = gn.getNetState().getAttrib(TransparencyAttrib)
        if attrib is not None and attrib.getMode() == TransparencyAttrib.M_dual:
            out.append(str(gn))
    return out
