"""Tandem on screen: the box at the top (your role, the run, the live gap big and coloured, the angle difference), the
chase's running strip under it while the player chases, and a banner when a run starts or the judges call one more time."""

from __future__ import annotations

from ursina import Entity, color, destroy

from game.view.hud import tandem_text as tt
from game.view.hud.style import DIM, PANEL, WHITE, Label, panel
from game.view.hud.ui_batch import StaticLayer

GREEN = color.hex("#7ddc7a")
GOLD = color.hex("#ffd166")
ORANGE = color.hex("#ff9a3c")
RED = color.hex("#ff5a4e")
LEAD_COL = color.rgba(0.16, 0.42, 0.86, 0.92)  # the badge: blue for the lead, orange for the chase
CHASE_COL = color.rgba(0.92, 0.42, 0.08, 0.92)
GAP_COLOURS = {"close": GREEN, "near": GOLD, "far": ORANGE, "lost": RED, "none": DIM}
ANGLE_COLOURS = {"good": GREEN, "ok": GOLD, "bad": ORANGE}
BOX_W, BOX_H, BOX_Y = 0.86, 0.12, -0.035
COLS = (-0.33, -0.15, 0.07, 0.30)  # ROLE, RUN, GAP, ANGLE column centres
STRIP_W, STRIP_H, STRIP_Y = 0.86, 0.075, -0.14
STRIP_COLS = (-0.3, -0.1, 0.1, 0.3)  # PROXIMITY, ANGLE, LINE, INIT
STATUS_Y = -0.2
STATUS_LOW_Y = -0.28  # while the player leads: under the course strip's own status row
BANNER_Y, BANNER_S = -0.34, 2.2  # under the strip, above the cars; seconds it shows
COURSE_STRIP_Y = -0.15  # while the player leads, the course judge's strip moves down under the box to here


class _Banner:
    """A big line that punches in, holds and fades: 'RUN 2 · YOU LEAD', 'ONE MORE TIME'."""

    def __init__(self, parent: Entity, text: str, col, sub: str = "") -> None:
        self.root = Entity(parent=parent, position=(0.0, BANNER_Y, -0.05))
        self.label = Label(self.root, (0.0, 0.0), 0.074, col, "center", text=text)
        self.sub = Label(self.root, (0.0, -0.045), 0.03, WHITE, "center", text=sub)
        self.age = 0.0

    def step(self, dt: float) -> bool:
        """Advance; False once it has faded."""
        self.age += dt
        u = min(self.age / BANNER_S, 1.0)
        self.root.setScale(1.0 + 0.25 * max(0.0, 1.0 - self.age / 0.18))
        self.root.setAlphaScale(1.0 if u < 0.7 else max(0.0, 1.0 - (u - 0.7) / 0.3))
        return u < 1.0

    def remove(self) -> None:
        destroy(self.root)


class TandemHud(Entity):
    """Under the HUD's score anchor; `update_view(live, role, run_index, dt)` once a frame (live None: nothing new)."""

    def __init__(self, anchor: Entity, tandem_rules=None, opponent_name: str = "") -> None:
        super().__init__(parent=anchor, name="tandem_hud")
        self.rules, self.opponent_name = tandem_rules, opponent_name
        self.full_m, self.zero_m = tt.gap_distances(tandem_rules)
        self._shown: dict[str, object] = {}
        box = self.box = Entity(parent=self, y=BOX_Y, name="tandem_box")
        layer = StaticLayer(box)
        layer.panel(BOX_W, BOX_H, (0, 0), PANEL)
        for x, text in zip(COLS[1:], ("RUN", "GAP", "ANGLE \u0394")):
            layer.label((x, 0.026), 0.021, DIM, "center", text=text)
        for x in (COLS[0] + 0.09, COLS[2] + 0.125):
            layer.quad((x, 0), (0.002, BOX_H * 0.7), color.rgba(1, 1, 1, 0.2))
        layer.bake()
        self.badge = panel(box, 0.15, 0.064, (COLS[0], 0.0), col=CHASE_COL, radius=0.3)
        self.badge.z = 0.004  # over the box's panel, under its text
        self.role_text = Label(box, (COLS[0], -0.012), 0.04, WHITE, "center")
        self.vs_text = Label(box, (COLS[0], -0.05), 0.019, DIM, "center", text=f"vs {opponent_name}" if opponent_name else "")
        self.run_text = Label(box, (COLS[1], -0.034), 0.05, WHITE, "center")
        self.gap_text = Label(box, (COLS[2], -0.04), 0.072, DIM, "center", text=tt.gap_text(None))
        self.angle_text = Label(box, (COLS[3], -0.032), 0.05, DIM, "center", text="\u2014")
        strip = self.strip = Entity(parent=self, y=STRIP_Y, name="chase_strip")
        layer = StaticLayer(strip)
        layer.panel(STRIP_W, STRIP_H, (0, 0), PANEL)
        for x, (label, _, _) in zip(STRIP_COLS, tt.chase_fields(_ZERO_LIVE, tandem_rules)):
            layer.label((x, 0.012), 0.018, DIM, "center", text=label)
        layer.bake()
        self.values = [Label(strip, (x - 0.004, -0.027), 0.036, WHITE, "right") for x in STRIP_COLS]
        self.ofs = [Label(strip, (x, -0.027), 0.019, DIM, "left", text=of) for x, (_, _, of) in zip(STRIP_COLS, tt.chase_fields(_ZERO_LIVE, tandem_rules))]
        self.status = Label(self, (0.0, STATUS_Y - 0.007), 0.024, WHITE, "center")
        self.status_panel = panel(self, 0.6, 0.04, (0, STATUS_Y), col=color.rgba(0.04, 0.05, 0.07, 0.55), radius=0.4)
        self.status_panel.enabled = False  # shown with a line to say
        self.banners: list[_Banner] = []

    def set_status_low(self, low: bool) -> None:
        """Put the status row under the course strip (the player leads) or under the box (the player chases)."""
        y = STATUS_LOW_Y if low else STATUS_Y
        if self.status_panel.y != y:
            self.status_panel.y = y
            self.status.np.set_y(y - 0.007)

    def announce(self, run_index: int, role: str) -> None:
        """A run was staged: say which, and the player's role in it (ONE MORE TIME for the first of an extra pair)."""
        for b in self.banners:
            b.remove()
        if tt.is_one_more_time(run_index) and run_index % 2 == 0:
            self.banners = [_Banner(self, "ONE MORE TIME", GOLD, f"{tt.run_text(run_index)}   \u00b7   YOU {tt.role_text(role)}")]
        else:
            self.banners = [_Banner(self, f"{tt.run_text(run_index)}   \u00b7   YOU {tt.role_text(role)}", WHITE,
                                    f"chasing {self.opponent_name}" if role == tt.CHASE and self.opponent_name else
                                    f"{self.opponent_name} chases you" if self.opponent_name else "")]

    def update_view(self, live, role: str, run_index: int, dt: float, terms=None) -> None:
        """The box and the strip from the judge's LiveTandem and its ChaseResult as the run stands (terms), text re-laid
        only when it changes; banners fade."""
        shown = self._shown
        if shown.get("role") != role:
            shown["role"] = role
            self.role_text.set(tt.role_text(role))
            self.badge.color = LEAD_COL if role == tt.LEAD else CHASE_COL
            self.strip.enabled = role == tt.CHASE
        self.run_text.set(tt.run_short(run_index))
        if live is not None:
            self.gap_text.set(tt.gap_text(live.gap_m))
            tone = tt.gap_tone(live.gap_m, self.full_m, self.zero_m)
            if shown.get("gap") != tone:
                shown["gap"] = tone
                self.gap_text.color(GAP_COLOURS[tone])
            self.angle_text.set(tt.angle_text(live.angle_diff_deg) if live.gap_m is not None else "\u2014")
            tone = tt.angle_tone(live.angle_diff_deg) if live.gap_m is not None else "none"
            if shown.get("angle") != tone:
                shown["angle"] = tone
                self.angle_text.color(ANGLE_COLOURS.get(tone, DIM))
            if role == tt.CHASE:
                for label, (_, value, _) in zip(self.values, tt.chase_fields(live, self.rules, terms)):
                    label.set(value)
            text = tt.status_text(live, role)
            if self.status.set(text):
                self.status_panel.scale_x = max(0.3, self.status.width + 0.05)
                self.status_panel.enabled = bool(text)
            hot = bool(live.zero or live.contact)
            if shown.get("hot") != hot:
                shown["hot"] = hot
                self.status.color(RED if hot else WHITE)
        if self.banners:
            alive = [b for b in self.banners if b.step(dt)]
            for b in self.banners:
                if b not in alive:
                    b.remove()
            self.banners = alive

    def destroy(self) -> None:
        """Remove the box, the strip and any banner."""
        for b in self.banners:
            b.remove()
        self.banners = []
        destroy(self)


class _Live:
    proximity = 0.0


_ZERO_LIVE = _Live()
