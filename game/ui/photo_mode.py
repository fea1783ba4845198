"""Photo mode, from the pause menu: the drive stays frozen, the HUD hides, a free camera and a few looks frame a shot
saved as a PNG (window size or 2x) to SIDEWAYS_HOME/photos; leaving puts the camera, HUD and looks back as they were."""

from __future__ import annotations

from dataclasses import dataclass

from ursina import Entity, Text, camera, color, destroy, held_keys

from game.ui.screens import Screen
from game.view.photo import free_camera as fc
from game.view.photo import looks as lk
from game.view.photo.camera_keys import HELP, MOUSE_ORBIT_DEG, PRESSES, STICK_DEADZONE, read_held
from game.view.photo.looks import Looks

PHOTO_Z = -0.6  # in front of the pause menu's shade (the pause menu is hidden under photo mode, its shade with it)
NOTICE_S = 4.0  # how long a saved / not saved notice stays
PIVOT_LIFT_M = 0.6  # the orbit's centre: this far above the car's reference point (about its middle)
SIZES = (1, 2)  # shot size: the window's, or twice it each way


@dataclass(frozen=True)
class Saved:
    """What photo mode changed and puts back on leaving: the camera's pose and lens, and each HUD part's enabled flag."""

    position: tuple
    rotation: tuple
    fov: float
    hud: tuple  # (entity, enabled) for each HUD part the drive had
    debug: bool


def hud_parts(scene) -> list:
    """The entities of the drive's HUD whose visibility photo mode changes (set_hud_visible's parts)."""
    parts = [scene.hud.root, scene.minimap, scene.score_hud, scene.parking_hud]
    if scene.course is not None:
        parts.append(scene.course.hud)
    if scene.tandem is not None:
        parts.append(scene.tandem.hud)
        parts.append(getattr(scene.tandem, "_course_strip", None))
    return [p for p in parts if p is not None]


class PhotoScreen(Screen):
    """An overlay over the paused drive (the pause menu below it comes back on leaving)."""

    name = "photo"
    overlay = True

    def __init__(self, scene, map_id: str, on_leave, save=None, render=None) -> None:
        """on_leave() takes this screen off the stack; save(rgb, map_id) -> path and render(looks, scale) -> rgb stand in
        for the photo file and the renderer in tests (default: game.content.photos.save_photo, post.render_shot)."""
        self.scene, self.map_id, self.on_leave = scene, map_id, on_leave
        self._save, self._render = save, render
        self.looks = Looks()
        self.pose: fc.Pose | None = None
        self.size = SIZES[0]
        self.saved: Saved | None = None
        self.post = None
        self.root: Entity | None = None
        self.last_shot = None  # the path of the last picture saved (None before, or after a failed one)
        self._notice_left = 0.0
        self._stale: set[str] = set()

    # ---- the screen's life ---------------------------------------------------------------------

    def show(self) -> None:
        """Take the camera over from the drive's and hide the HUD."""
        if self.saved is not None:
            return
        scene = self.scene
        self.saved = Saved(tuple(camera.position), tuple(camera.rotation), float(camera.fov),
                           tuple((p, bool(p.enabled)) for p in hud_parts(scene)), bool(scene.debug.visible))
        scene.set_hud_visible(False)
        (x, y, z), (rx, ry, rz) = self.saved.position, self.saved.rotation
        self.pose = fc.Pose(x, y, z, rx, ry, rz, self.saved.fov)
        self.looks = Looks(focus_m=max(lk.FOCUS_RANGE_M[0], fc.distance(self.pose, self.pivot())))
        self._stale = {k for k, v in held_keys.items() if abs(float(v or 0.0)) >= STICK_DEADZONE}  # held since the menu
        self._build_ui()  # the camera stays exactly where the drive left it until the player moves it
        try:
            from ursina import application

            from game.view.photo.post import PostProcess

            self.post = PostProcess(application.base.win, application.base.cam)
        except Exception as e:  # a renderer without offscreen buffers: the looks go in the shot only
            self.post = None
            self.notify(f"Looks not shown live here ({e}); they are still in the shot")
        self._apply(pose=False)

    def hide(self) -> None:
        """Another screen covers photo mode (the run ended): the drive's view comes back first."""
        self._restore()

    def destroy(self) -> None:
        """Leave: the drive's camera, HUD and plain view exactly as they were."""
        self._restore()

    def _restore(self) -> None:
        if self.saved is None:
            return
        saved, self.saved = self.saved, None
        if self.post is not None:
            self.post.remove()
            self.post = None
        if self.root is not None:
            destroy(self.root)
            self.root = None
        camera.position, camera.rotation, camera.fov = saved.position, saved.rotation, saved.fov
        scene = self.scene
        scene.set_hud_visible(True)
        if saved.debug and not scene.debug.visible:
            scene.on_action("debug")
        for part, enabled in saved.hud:
            part.enabled = enabled

    # ---- per frame and per key -------------------------------------------------------------------

    def pivot(self) -> tuple[float, float, float]:
        """The point the camera orbits: the car, as drawn."""
        from game.view.drive.interp import lerp_state

        session = self.scene.session
        s = lerp_state(session.prev, session.state, self.scene.loop.clock.alpha)
        return (s.x, s.y + PIVOT_LIFT_M, s.z)

    def update(self, dt_s: float) -> None:
        """Fly, orbit, roll, zoom and focus by what is held; the notice fades."""
        if self.pose is None:
            return
        self.steer(read_held(self._fresh_held()), dt_s, self._mouse_drag())
        if self._notice_left > 0:
            self._notice_left -= dt_s
            if self._notice_left <= 0:
                self.notice.text = ""

    def steer(self, h, dt_s: float, drag: tuple[float, float] = (0.0, 0.0)) -> None:
        """Move the camera and the focus by this frame's held inputs (and a mouse drag, in orbit degrees)."""
        pose, pivot = self.pose, self.pivot()
        if h.forward or h.right or h.up:
            pose = fc.move(pose, h.forward, h.right, h.up, dt_s, fast=h.fast)
        az, el = h.orbit_az * fc.ORBIT_DEGPS * dt_s + drag[0], h.orbit_el * fc.ORBIT_DEGPS * dt_s + drag[1]
        if az or el:
            pose = fc.orbit(pose, pivot, az, el)
        if h.roll or h.fov:
            pose = fc.turn(pose, h.roll * fc.ROLL_DEGPS * dt_s, h.fov * fc.FOV_DEGPS * dt_s)
        if h.focus:
            self.looks = lk.refocus(self.looks, h.focus, dt_s)
        pose = fc.keep_near(pose, pivot, floor=self._floor)
        if pose != self.pose or h.focus:
            self.pose = pose
            self._apply()

    def _fresh_held(self) -> dict:
        """held_keys without the keys still held from the pause menu (the arrow that chose Photo mode), each until let go."""
        if not self._stale:
            return held_keys
        self._stale = {k for k in self._stale if abs(float(held_keys[k] or 0.0)) >= STICK_DEADZONE}
        return {k: v for k, v in held_keys.items() if k not in self._stale}

    def _floor(self, x: float, z: float) -> float:
        return self.scene.world.ground(x, z)[0]

    def _mouse_drag(self) -> tuple[float, float]:
        """A left-button drag this frame, as orbit degrees (none offscreen, where there is no pointer)."""
        if not held_keys["left mouse"]:
            return (0.0, 0.0)
        try:
            from ursina import mouse

            v = mouse.velocity
            return (-float(v[0]) * MOUSE_ORBIT_DEG, float(v[1]) * MOUSE_ORBIT_DEG)
        except (AttributeError, TypeError):
            return (0.0, 0.0)

    def input(self, key: str) -> None:
        """One-shot keys: take a shot, leave, help, shot size, the looks, wheel zoom."""
        self.press(PRESSES.get(key, ""))

    def press(self, action: str) -> None:
        """Do one photo-mode action (PRESSES' values)."""
        if not action or self.pose is None:
            return
        if action == "leave":
            self.on_leave()
            return
        if action == "shot":
            self.take_shot()
            return
        if action == "help":
            self.help.enabled = not self.help.enabled
            return
        if action == "size":
            self.size = SIZES[(SIZES.index(self.size) + 1) % len(SIZES)]
        elif action == "mono":
            self.looks = lk.toggle_mono(self.looks)
        elif action == "vignette":
            self.looks = lk.cycle_vignette(self.looks)
        elif action == "dof":
            self.looks = lk.cycle_dof(self.looks)
        elif action in ("brighter", "darker"):
            self.looks = lk.exposure(self.looks, 1 if action == "brighter" else -1)
        elif action in ("wider", "narrower"):
            self.pose = fc.turn(self.pose, d_fov_deg=fc.FOV_STEP_DEG if action == "wider" else -fc.FOV_STEP_DEG)
        self._apply()

    # ---- the picture ---------------------------------------------------------------------------

    def take_shot(self):
        """Render the view with its looks at the chosen size (never the help strip or a notice) and save it as a new PNG;
        the path, or None with a notice saying why not (the game goes on either way)."""
        from game.content.photos import save_photo
        from game.view.photo.post import render_shot

        render, save = self._render or render_shot, self._save or save_photo
        try:
            rgb = render(self.looks, self.size)
            path = save(rgb, self.map_id)
        except Exception as e:  # a full disk, a read-only folder, a renderer that cannot make the buffer
            self.last_shot = None
            self.notify(f"Photo not saved: {_why(e)}")
            return None
        self.last_shot = path
        self.notify(f"Saved {path.name} ({rgb.shape[1]}x{rgb.shape[0]}) in {path.parent}")
        return path

    def notify(self, text: str) -> None:
        """A line over the view for a few seconds."""
        if self.root is not None:
            self.notice.text = text
            self._notice_left = NOTICE_S

    # ---- drawing -------------------------------------------------------------------------------

    def _apply(self, pose: bool = True) -> None:
        """The pose onto ursina's camera, the looks onto the view, the values onto the help strip."""
        p = self.pose
        if pose:
            camera.position, camera.rotation, camera.fov = (p.x, p.y, p.z), (p.pitch, p.yaw, p.roll), p.fov
        if self.post is not None:
            self.post.set_looks(self.looks)
        if self.root is not None:
            self.values.text = f"{self.looks.label()}   FOV {p.fov:.0f}\u00b0   Roll {p.roll:+.0f}\u00b0   Shot {self.size}x"

    def _build_ui(self) -> None:
        self.root = Entity(parent=camera.ui, z=PHOTO_Z)
        self.help = Entity(parent=self.root)
        Entity(parent=self.help, model="quad", scale=(1.9, 0.155), y=-0.415, color=color.rgba(0, 0, 0, 0.55))
        Text("PHOTO MODE", parent=self.help, position=(-0.86, -0.345), scale=0.75, color=color.rgb(1, 0.56, 0.12))
        self.values = Text("", parent=self.help, position=(-0.62, -0.345), scale=0.7, color=color.white)
        Text(HELP, parent=self.help, position=(-0.86, -0.375), scale=0.62, color=color.rgba(1, 1, 1, 0.8), line_height=1.15)
        self.notice = Text("", parent=self.root, position=(0, 0.42), origin=(0, 0), scale=0.9, color=color.white)


def _why(e: Exception) -> str:
    """One line for a failed shot: the system's reason and the path it names."""
    if isinstance(e, OSError) and e.strerror:
        return f"{e.strerror} ({e.filename})" if e.filename else e.strerror
    return str(e)


def open_photo(game) -> None:
    """The pause menu's 'Photo mode': photo mode over the paused drive (Esc comes back to the pause menu)."""
    game.stack.push(PhotoScreen(game.scene, game.track_id, game.stack.pop))
