"""The garage: browse the cars on a turntable, buy, equip, paint them, set their finish and stance and pick their handling; every change is saved at once."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable
from pathlib import Path

from ursina import Button, Entity, Text, Vec3, camera, color, destroy, scene, time

from game.content import profile as profiles
from game.content.car_stats import PAINTS, STATS, stat_bars
from game.content.profile import Profile, ProfileError
from game.sim.models.model_registry import MODELS, models_for
from game.sim.params import CarSpec, Catalog
from game.ui.garage_stage import PLINTH_H_M, build_stage
from game.ui.garage_stance import GarageLooks, StancePage, finish_label
from game.ui.widgets import ACCENT, BACK_KEYS, DOWN_KEYS, LEFT_KEYS, OK_KEYS, RIGHT_KEYS, UP_KEYS, MenuList, panel

TURN_DEG_PER_S = 12.0  # turntable speed
SHOW_HEADING_DEG = 142.0  # three-quarter front view when a car comes onto the turntable
SHOW_STEER = 0.35  # front wheels turned a little, showroom style
CAM_HEIGHT_M, CAM_FOV_DEG = 2.3, 42.0  # fov as ursina's camera.fov takes it
CAM_M_PER_CAR_M = 3.1  # camera distance per metre of car length: the car spans ~40% of a 16:9 screen
MIN_FRAMED_LENGTH_M = 3.3  # the kart is framed as if it were this long, so it still reads as small
DOLLY_RATE = 6.0  # 1/s, exponential approach of the camera distance to its target
BUY, EQUIP, PAINT, FINISH, STANCE, HANDLING, BACK = range(7)
GOOD, BAD, MUTED = color.hex("#7ddc7a"), color.hex("#ff6b5b"), color.rgba(1, 1, 1, 0.62)
BAR_X, BAR_W = -0.68, 0.22  # stat bars, in camera.ui units


def _faded(hex_colour: str, alpha: float = 0.25):
    c = color.hex(hex_colour)
    return color.rgba(c[0], c[1], c[2], alpha)


class _Actions(MenuList):
    """The action list; picking a greyed option reports it (so the garage can say why) instead of doing nothing."""

    def __init__(self, options, on_refused: Callable[[int], None], parent=None, **kwargs):
        super().__init__(options, **kwargs)  # MenuList itself picks camera.ui as the parent; reparent after
        if parent is not None:
            self.parent = parent
        self.on_refused = on_refused

    def pick(self, i: int | None = None) -> None:
        """Run the option's action, or explain why it is greyed."""
        i = self.index if i is None else i
        if self.enabled_flags[i]:
            super().pick(i)
        else:
            self.on_refused(i)

    def focus(self, i: int) -> None:
        """Highlight an option."""
        self.index = i
        self._paint()


class Garage(GarageLooks, Entity):
    """The six cars on a slowly turning turntable, with their stats and the Buy / Equip / Paint / Back actions."""

    finish_row, stance_row = FINISH, STANCE  # for GarageLooks

    def __init__(self, catalog: Catalog, profile: Profile, on_profile_changed: Callable[[Profile], None],
                 on_back: Callable[[], None], profile_path: Path | str | None = None):
        super().__init__()
        self.catalog, self.profile = catalog, profile
        self.on_profile_changed, self.on_back = on_profile_changed, on_back
        self.profile_path = Path(profile_path) if profile_path else profiles.profile_path()
        self.ids = list(catalog.cars)
        self.bars = stat_bars(catalog)
        self.index = self.ids.index(profile.equipped) if profile.equipped in self.ids else 0
        self.painting = False
        self.paint_index = 0
        self.stance_page: StancePage | None = None
        self.angle = SHOW_HEADING_DEG
        self.cam_dist = self._frame_dist()
        self.car = None
        self._armed = False  # the key that opened the garage is still being dispatched: ignore it
        self._build_stage()
        self._build_ui()
        self._show_car()

    # ---- building ----------------------------------------------------------------------------

    def _build_stage(self) -> None:
        self.stage, self.plinth = build_stage(self)

    def _build_ui(self) -> None:
        self.ui = ui = Entity(parent=camera.ui, name="garage_ui")
        panel(ui, scale=(0.44, 0.86), position=(-0.65, -0.02), alpha=0.78).z = 0.5
        panel(ui, scale=(0.42, 0.86), position=(0.66, -0.02), alpha=0.78).z = 0.5
        Text("GARAGE", parent=ui, position=(-0.845, 0.475), scale=1.25, color=ACCENT)
        self.counter = Text("", parent=ui, origin=(0, 0), position=(0, 0.44), scale=1.2)
        for side in (-1, 1):
            b = Button(parent=ui, text="‹" if side < 0 else "›", scale=(0.06, 0.06), position=(side * 0.12, 0.44),
                       color=color.rgba(0.05, 0.06, 0.08, 0.8), highlight_color=ACCENT, radius=0.5)
            b.on_click = (lambda s=side: self.browse(s))
        self.car_name = Text("", parent=ui, position=(-0.845, 0.365), scale=1.9)
        self.badge = Text("", parent=ui, position=(-0.845, 0.295), scale=1.15)
        self.badge_note = Text("", parent=ui, position=(-0.845, 0.25), scale=0.95)
        self.desc = Text(" ", parent=ui, position=(-0.845, 0.195), scale=0.88, wordwrap=36, color=color.rgba(1, 1, 1, 0.82), line_height=1.15)
        self.fills: dict[str, Entity] = {}
        self.ticks: dict[str, Entity] = {}
        for i, (stat, label) in enumerate(STATS.items()):
            y = 0.04 - i * 0.062
            Text(label, parent=ui, position=(-0.845, y), origin=(-0.5, 0), scale=0.95)
            x0 = BAR_X
            Entity(parent=ui, model="quad", origin=(-0.5, 0), position=(x0, y), scale=(BAR_W, 0.022), color=color.rgba(1, 1, 1, 0.12), z=0.1)
            self.fills[stat] = Entity(parent=ui, model="quad", origin=(-0.5, 0), position=(x0, y), scale=(BAR_W, 0.022), color=ACCENT, z=0.05)
            self.ticks[stat] = Entity(parent=ui, model="quad", position=(x0, y), scale=(0.004, 0.036), color=color.white, z=0.0)
        self.compare = Text(" ", parent=ui, position=(-0.845, -0.27), scale=0.8, color=MUTED, wordwrap=44)
        self.side = side = Entity(parent=ui)  # the right-hand panel's own rows (the Stance page stands in for them)
        Text("CREDITS", parent=side, position=(0.475, 0.375), scale=0.95, color=MUTED)
        self.credits = Text("", parent=side, position=(0.475, 0.33), scale=2.0)
        opts = [("Buy", self._buy), ("Equip", self._equip), ("Paint", self._paint_action), ("Finish", self._finish),
                ("Stance", self._open_stance), ("Handling", self._handling), ("Back", self._back)]
        self.menu = _Actions(opts, self._refused, parent=side, x=0.66, y=0.24, width=0.36, spacing=0.054)
        self.menu.ignore_input = True  # keys reach it through Garage.input (left/right and paint mode come first)
        Text("PAINT", parent=side, position=(0.475, -0.15), scale=0.95, color=MUTED)
        self.swatch_frame = Entity(parent=side, model="quad", scale=0.049, color=color.white, z=0.1)
        self.swatches: list[Button] = []
        for i in range(len(PAINTS) + 1):
            b = Button(parent=side, scale=0.04, position=(0.495 + (i % 7) * 0.055, -0.195 - (i // 7) * 0.055), radius=0.2,
                       color=color.gray, highlight_scale=1.15)
            b.on_click = (lambda k=i: self._apply_paint(k))
            self.swatches.append(b)
        self.paint_label = Text("", parent=side, position=(0.475, -0.3), scale=0.95)
        self.message = Text(" ", parent=ui, position=(0.475, -0.345), scale=0.88, wordwrap=34, line_height=1.1)
        self.hint = Text("", parent=ui, origin=(0, 0), position=(0, -0.475), scale=0.85, color=MUTED)

    # ---- state -------------------------------------------------------------------------------

    @property
    def spec(self) -> CarSpec:
        """The car on the turntable."""
        return self.catalog.cars[self.ids[self.index]]

    def car_state(self) -> str:
        """LOCKED, OWNED or EQUIPPED for the car on the turntable."""
        cid = self.spec.id
        return "EQUIPPED" if cid == self.profile.equipped else "OWNED" if cid in self.profile.owned else "LOCKED"

    def paints(self) -> list[tuple[str, str]]:
        """The paint choices for the car on the turntable: its factory colour, then the palette."""
        return [("Factory", self.spec.color.lower())] + list(PAINTS)

    def handling_name(self) -> str:
        """The handling model the car on the turntable drives with (Arcade until the player picks another)."""
        return MODELS[profiles.handling_for(self.profile, self.spec)].name

    def current_paint(self) -> str:
        """The colour the car wears in the profile (its factory colour if never painted)."""
        return self.profile.paint.get(self.spec.id, self.spec.color).lower()

    def _frame_dist(self) -> float:
        return CAM_M_PER_CAR_M * max(self.catalog.cars[self.ids[self.index]].length_m, MIN_FRAMED_LENGTH_M)

    # ---- showing -----------------------------------------------------------------------------

    def _show_car(self) -> None:
        from game.view.cars.car_model import CarModel

        if self.car is not None:
            self.car.destroy()
        self.painting = False
        self.angle = SHOW_HEADING_DEG
        self.car = CarModel(self.spec, self.current_paint(), parent=self.stage, **self.profile.looks(self.spec.id))
        self._pose()
        st = self.car_state()
        self.menu.focus(BUY if st == "LOCKED" else EQUIP if st == "OWNED" else PAINT)
        self._say("")
        self._refresh()

    def _refresh(self) -> None:
        """Every text, bar, label and swatch from the profile and the car on the turntable."""
        s, p, st = self.spec, self.profile, self.car_state()
        self.counter.text = f"{self.index + 1} / {len(self.ids)}"
        self.car_name.text = s.name
        self._wrap(self.desc, s.description, 36)
        self.credits.text = f"{p.credits:,}"
        if st == "LOCKED":
            short = s.price - p.credits
            self.badge.text, self.badge.color = f"LOCKED   {s.price:,} credits", color.hex("#ffd166")
            self.badge_note.text = "You can afford it." if short <= 0 else f"You need {short:,} more credits."
            self.badge_note.color = GOOD if short <= 0 else BAD
        else:
            self.badge.text, self.badge.color = st, ACCENT if st == "EQUIPPED" else GOOD
            self.badge_note.text, self.badge_note.color = ("You drive this car." if st == "EQUIPPED" else "In your garage."), MUTED
        mine = self.bars.get(p.equipped)
        for stat, fill in self.fills.items():
            fill.scale_x = BAR_W * self.bars[s.id][stat]
            tick = self.ticks[stat]
            tick.enabled = mine is not None and st != "EQUIPPED"
            if mine is not None:
                tick.x = BAR_X + BAR_W * mine[stat]
        eq = self.catalog.cars.get(p.equipped)
        self._wrap(self.compare, f"White marks: your {eq.name}" if eq and st != "EQUIPPED" else "", 44)
        m = self.menu
        m.set_label(BUY, f"Buy   {s.price:,} cr" if st == "LOCKED" else "Owned")
        m.set_enabled(BUY, st == "LOCKED" and s.price <= p.credits)
        m.set_label(EQUIP, "Equipped" if st == "EQUIPPED" else "Equip")
        m.set_enabled(EQUIP, st == "OWNED")
        paints = self.paints()
        m.set_label(PAINT, f"‹  {paints[self.paint_index][0]}  ›" if self.painting else "Paint")
        m.set_enabled(PAINT, st != "LOCKED")
        m.set_label(FINISH, finish_label(self.current_finish()))
        m.set_enabled(FINISH, st != "LOCKED")
        m.set_label(STANCE, "Stance  ›")
        m.set_enabled(STANCE, st != "LOCKED")
        m.set_label(HANDLING, f"Handling: {self.handling_name()}")
        m.set_enabled(HANDLING, st != "LOCKED" and len(models_for(s)) > 1)
        shown = paints[self.paint_index][1] if self.painting else self.current_paint()
        chosen = next((i for i, (_, h) in enumerate(paints) if h == shown), None)
        for b, (_, h) in zip(self.swatches, paints):
            b.color = color.hex(h) if st != "LOCKED" else _faded(h)
            b.highlight_color = b.color.tint(0.15)
        self.swatch_frame.enabled = chosen is not None and st != "LOCKED"
        if chosen is not None:
            self.swatch_frame.position = (self.swatches[chosen].x, self.swatches[chosen].y)
        self.paint_label.text = "Buy the car to paint it" if st == "LOCKED" else paints[chosen][0] if chosen is not None else shown
        self.paint_label.color = color.white if st != "LOCKED" else MUTED
        if self.stance_page is not None:
            self.hint.text = self.stance_page.hint
        elif self.painting:
            self.hint.text = "Left/Right  colour      Enter  apply      Esc  cancel"
        else:
            self.hint.text = "Left/Right  car      Up/Down  choose      Enter  select      Esc  back"

    def _say(self, text: str, tone=None) -> None:
        self._wrap(self.message, text, 34)
        self.message.color = tone or color.white

    @staticmethod
    def _wrap(t: Text, text: str, chars: int) -> None:
        # wrapped here, at most `chars` a line: ursina's own wordwrap lets a line run past it (a 42-character line
        # left the garage panel), and it only wraps the text it has when wordwrap is set
        t.wordwrap = 0
        t.text = textwrap.fill(text, chars) or " "

    def _pose(self) -> None:
        self.car.update_static(heading_deg=self.angle, steer=SHOW_STEER, position=(0.0, PLINTH_H_M, 0.0))
        self.plinth.rotation_y = self.angle

    # ---- actions -----------------------------------------------------------------------------

    def browse(self, step: int) -> None:
        """Show the previous (-1) or next (+1) car."""
        self._close_stance()
        if self.painting:
            self._cancel_paint()
        self.index = (self.index + step) % len(self.ids)
        self._show_car()

    def _commit(self, new: Profile) -> bool:
        """Save first; only a profile that reached the disk becomes the game's."""
        try:
            new = profiles.save_profile(self.profile_path, new)  # what another game banked meanwhile comes with it
        except OSError as e:
            self._say(f"Could not save your profile: {e.strerror or e}", BAD)
            return False
        self.profile = new
        self.on_profile_changed(new)
        self._refresh()
        return True

    def _buy(self) -> None:
        s, p = self.spec, self.profile
        if s.id in p.owned:
            return self._say(f"You already own the {s.name}.", BAD)
        if s.price > p.credits:
            return self._say(f"Not enough credits: the {s.name} costs {s.price:,} and you have {p.credits:,}.", BAD)
        try:
            new = profiles.buy(p, s.id, s.price)
        except ProfileError as e:
            return self._say(f"Cannot buy it: {e}", BAD)
        if self._commit(new):
            self.menu.focus(EQUIP)
            self._say(f"The {s.name} is yours! Equip it to drive it.", GOOD)

    def _equip(self) -> None:
        s = self.spec
        if s.id not in self.profile.owned:
            return self._say(f"Buy the {s.name} first: it costs {s.price:,} credits.", BAD)
        if s.id == self.profile.equipped:
            return self._say(f"The {s.name} is already your car.")
        if self._commit(profiles.equip(self.profile, s.id)):
            self.menu.focus(PAINT)
            self._say(f"You now drive the {s.name}.", GOOD)

    def _paint_action(self) -> None:
        if self.painting:
            return self._apply_paint(self.paint_index)
        if self.spec.id not in self.profile.owned:
            return self._say(f"Buy the {self.spec.name} before you paint it.", BAD)
        cur = self.current_paint()
        self.paint_index = next((i for i, (_, h) in enumerate(self.paints()) if h == cur), 0)
        self.painting = True
        self.menu.focus(PAINT)
        self._say("Pick a colour, then Enter to apply.")
        self._refresh()

    def _cycle_paint(self, step: int) -> None:
        self.paint_index = (self.paint_index + step) % len(self.paints())
        self.car.set_paint(self.paints()[self.paint_index][1])
        self._refresh()

    def _cancel_paint(self) -> None:
        self.painting = False
        self.car.set_paint(self.current_paint())
        self._say("")
        self._refresh()

    def _apply_paint(self, i: int) -> None:
        s = self.spec
        if s.id not in self.profile.owned:
            return self._say(f"Buy the {s.name} before you paint it.", BAD)
        name, hex_ = self.paints()[i]
        self.painting = False
        if self._commit(profiles.set_paint(self.profile, s.id, hex_)):
            self._say(f"Painted {name}.", GOOD)
        self.car.set_paint(self.current_paint())
        self._refresh()

    def _handling(self) -> None:
        """Switch the car on the turntable to the next handling model it has the data for (saved at once)."""
        s = self.spec
        if s.id not in self.profile.owned:
            return self._say(f"Buy the {s.name} before you choose how it handles.", BAD)
        ids = models_for(s)
        if len(ids) < 2:
            return self._say(f"The {s.name} only drives Arcade: its catalog entry has no drivetrain.", BAD)
        now = profiles.handling_for(self.profile, s)
        nxt = ids[(ids.index(now) + 1) % len(ids)] if now in ids else ids[0]
        if self._commit(profiles.set_handling(self.profile, s, nxt)):
            self.menu.focus(HANDLING)
            self._say(f"The {s.name} now drives with {MODELS[nxt].name} handling.", GOOD)

    def _back(self) -> None:
        self._close_stance()
        if self.painting:
            self._cancel_paint()
        self.on_back()

    def _refused(self, i: int) -> None:
        (self._buy, self._equip, self._paint_action, self._finish, self._open_stance, self._handling, self._back)[i]()

    # ---- ursina hooks ------------------------------------------------------------------------

    def input(self, key: str) -> None:
        """Left/right browse (or pick a colour while painting), up/down/Enter drive the actions, Esc/B leaves."""
        if not self._armed:
            return
        if self.stance_page is not None:
            return self.stance_page.input(key)
        if self.painting:
            if key in LEFT_KEYS or key in RIGHT_KEYS:
                self._cycle_paint(-1 if key in LEFT_KEYS else 1)
            elif key in OK_KEYS:
                self._apply_paint(self.paint_index)
            elif key in BACK_KEYS:
                self._cancel_paint()
            return
        if key in LEFT_KEYS or key in RIGHT_KEYS:
            self.browse(-1 if key in LEFT_KEYS else 1)
        elif key in BACK_KEYS:
            self._back()
        elif key in UP_KEYS or key in DOWN_KEYS or key in OK_KEYS:
            self.menu.input(key)

    def update(self) -> None:
        """Turn the turntable and ease the camera to frame the car."""
        self._armed = True
        dt = min(time.dt, 0.1)
        self.angle = (self.angle + TURN_DEG_PER_S * dt) % 360.0
        self._pose()
        self.cam_dist += (self._frame_dist() - self.cam_dist) * (1.0 - math.exp(-DOLLY_RATE * dt))
        self.frame_camera()

    def frame_camera(self) -> None:
        """Put the camera in front of the turntable at the current dolly distance."""
        camera.parent = scene
        camera.fov = CAM_FOV_DEG
        camera.position = Vec3(0.0, CAM_HEIGHT_M, -self.cam_dist)
        camera.look_at(Vec3(0.0, 0.62, 0.0))

    def destroy(self) -> None:
        """Remove the garage: its stage, lights and UI."""
        destroy(self)

    def on_destroy(self) -> None:
        """The UI hangs off camera.ui, not this entity: take it along."""
        if getattr(self, "ui", None) is not None:
            destroy(self.ui)
            self.ui = None
