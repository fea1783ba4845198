"""Photo mode's looks drawn over the 3D view (a FilterManager quad with looks.FRAG), on the window and on an offscreen
buffer that renders a shot at the window's size or a multiple of it (the UI, help strip included, is never in it)."""

from __future__ import annotations

import numpy as np

from game.view.photo.looks import FRAG, VERT, Looks, uniforms


def _shader():
    from panda3d.core import Shader

    return Shader.make(Shader.SL_GLSL, VERT, FRAG)


class PostProcess:
    """The looks drawn over what one camera renders into one output (the window, or a shot's buffer)."""

    def __init__(self, output, cam) -> None:
        from direct.filter.FilterManager import FilterManager
        from panda3d.core import Texture

        self.output, self.cam = output, cam
        self.manager = FilterManager(output, cam)
        self.color, self.depth = Texture("photo_color"), Texture("photo_depth")
        self.quad = self.manager.renderSceneInto(colortex=self.color, depthtex=self.depth)
        if self.quad is None:
            raise RuntimeError("the renderer could not make the looks' buffer")
        self.quad.setShader(_shader())
        self.quad.setShaderInput("tex", self.color)
        self.quad.setShaderInput("dtex", self.depth)

    def set_looks(self, looks: Looks) -> None:
        """Draw these looks from the next frame on."""
        lens = self.cam.node().getLens()
        for name, value in uniforms(looks, lens.getNear(), lens.getFar(), self.output.getYSize()).items():
            self.quad.setShaderInput(name, value)

    def remove(self) -> None:
        """The output draws the camera's view plainly again."""
        self.manager.cleanup()


def render_shot(looks: Looks, scale: int = 1) -> np.ndarray:
    """The 3D view from the main camera, with the looks, rendered offscreen at the window's size times scale: an
    (h, w, 3) uint8 array, top row first. RuntimeError (one line) if the renderer cannot make the buffer."""
    from panda3d.core import Camera, FrameBufferProperties, GraphicsPipe, WindowProperties
    from ursina import application

    base = application.base
    w, h = base.win.getXSize() * scale, base.win.getYSize() * scale
    fb = FrameBufferProperties()
    fb.setRgbColor(True)
    fb.setRgbaBits(8, 8, 8, 8)
    fb.setDepthBits(24)
    buf = base.graphicsEngine.makeOutput(base.pipe, "photo_shot", -20, fb, WindowProperties.size(w, h),
                                         GraphicsPipe.BFRefuseWindow, base.win.getGsg(), base.win)
    if buf is None:
        raise RuntimeError(f"the renderer could not make a {w}x{h} picture")
    cam = base.cam.attachNewNode(Camera("photo_shot_cam", base.camLens.makeCopy()))
    post = None
    try:
        cam.node().setCameraMask(base.cam.node().getCameraMask())
        cam.node().setInitialState(base.cam.node().getInitialState())
        buf.setClearColorActive(True)
        buf.setClearColor(base.win.getClearColor())
        buf.makeDisplayRegion().setCamera(cam)
        post = PostProcess(buf, cam)
        post.set_looks(looks)
        base.graphicsEngine.renderFrame()
        base.graphicsEngine.renderFrame()  # the first frame of a new buffer may come out before its textures are bound
        tex = buf.getScreenshot()
        if tex is None:
            raise RuntimeError(f"the {w}x{h} picture could not be read back")
        raw = bytes(tex.getRamImageAs("RGB"))
        img = np.frombuffer(raw, dtype=np.uint8).reshape(tex.getYSize(), tex.getXSize(), 3)
        return img[::-1].copy()  # Panda3D's rows run bottom to top
    finally:
        if post is not None:
            post.remove()
        cam.removeNode()
        buf.clearRenderTextures()
        base.graphicsEngine.removeWindow(buf)


