"""Drift score widgets under the HUD's score anchor: banked score, live chain, angle bar, popups, timer, zones."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ursina import Entity, color, destroy

from game.view.hud.style import ACCENT, DIM, PANEL, WHITE, Label, panel
from game.view.hud.ui_batch import StaticLayer

if TYPE_CHECKING:
    from game.sim.judges.scoring import DriftScorer, ScoreEvent
    from game.sim.judges.zone_judge import ZoneEvent, ZoneResult

GOLD = color.hex("#ffd166")
GREEN = color.hex("#7ddc7a")
RED = color.hex("#ff5a4e")
ZONE_BLUE = color.rgba(0.05, 0.14, 0.3, 0.78)
CHAIN_LIT = color.rgba(0.22, 0.11, 0.02, 0.8)  # the Hud's lit drift panel
TRACK = color.rgba(1, 1, 1, 0.16)
POPUP_S = 1.5  # a bank / loss popup settles and fades over this long
POPUP_Y = -0.19  # where a popup appears: under the chain row, never over the score panel (anchor units)
POPUP_DROP = 0.02  # how far it settles downward (UI units)
POPUP_STEP = 0.075  # older popups move down this far to make way
POPUP_MAX = 2
COUNT_UP_S = 0.6  # the banked score counts up to its new value over this long
PULSE_S = 0.3  # the multiplier swells for this long when it grows
ZONE_RESULT_S = 4.0
TIMER_WARN_S = 10.0
PANEL_W = 0.5  # score and chain panels
BAR_W = 0.45  # angle bar width
PENDING_SIZE = 0.054
ZONE_NAME_SIZE = 0.038
CHAIN_Y = -0.106  # the chain row's centre under the score panel


def fmt_points(points: float) -> str:
    """Whole points with thousands separators: 1,240."""
    return f"{int(round(points)):,}"


def fmt_timer(seconds: float) -> str:
    """m:ss, or s.t under ten seconds (rounded up, so 0.0 only shows when time is really out)."""
    seconds = max(0.0, seconds)
    if seconds < TIMER_WARN_S:
        return f"{math.ceil(seconds * 10.0 - 1e-9) / 10.0:.1f}"
    whole = math.ceil(seconds - 1e-9)
    return f"{whole // 60}:{whole % 60:02d}"


class _Popup:
    """One rising, fading two-line notice (a banked or lost chain)."""

    def __init__(self, parent: Entity, head: str, sub: str, col, sub_col) -> None:
        self.root = Entity(parent=parent, position=(0.0, POPUP_Y, -0.05))
        self.head = Label(self.root, (0.0, -0.004), 0.05, col, "center", text=head)
        self.sub = Label(self.root, (0.0, -0.04), 0.026, sub_col, "center", text=sub)
        self.age = 0.0
        self.offset = 0.0  # pushed down by newer popups

    def step(self, dt: float) -> bool:
        """Advance; False once it has faded out."""
        self.age += dt
        u = min(self.age / POPUP_S, 1.0)
        ease = 1.0 - (1.0 - u) ** 2
        self.root.setY(POPUP_Y - POPUP_DROP * ease - self.offset)
        self.root.setScale(1.0 + 0.25 * max(0.0, 1.0 - self.age / 0.15))  # a quick punch as it appears
        self.root.setAlphaScale(1.0 if u < 0.55 else max(0.0, 1.0 - (u - 0.55) / 0.45))
        return u < 1.0

    def remove(self) -> None:
        """Take it off screen."""
        destroy(self.root)


class ScoreHud(Entity):
    """Score widgets driven once a frame by a DriftScorer and its events; text is re-laid only when it changes."""

    def __init__(self, anchor: Entity) -> None:
        super().__init__(parent=anchor, name="score_hud")
        self._shown: dict[str, object] = {}
        self._build_score()
        self._build_chain()
        self._build_timer()
        self._build_zone()
        self.popups: list[_Popup] = []
        self._display = 0.0  # the score as shown while counting up
        self._count_from = 0.0
        self._count_t = COUNT_UP_S
        self._pulse_t = PULSE_S
        self._zone_left = 0.0
        self._rules_id = None

    # ---- construction -----------------------------------------------------------------------------
    def _build_score(self) -> None:
        r = self.score_box = Entity(parent=self, name="score_box")
        layer = StaticLayer(r)
        layer.panel(PANEL_W, 0.085, (0, 0), PANEL)
        layer.label((-0.225, -0.009), 0.026, DIM, "left", text="SCORE")
        layer.bake()
        self.score_text = Label(r, (0.225, -0.022), 0.066, WHITE, "right", text="0")

    def _build_chain(self) -> None:
        r = self.chain_box = Entity(parent=self, y=CHAIN_Y, name="chain_box")
        self.chain_panel = panel(r, PANEL_W, 0.11, (0, 0), col=CHAIN_LIT)
        self.label_text = Label(r, (-0.225, 0.012), 0.032, GOLD, "left")
        self.drifts_text = Label(r, (-0.225, -0.018), 0.021, DIM, "left")
        self.pending_text = Label(r, (0.13, -0.013), PENDING_SIZE, WHITE, "right")
        self.mult_root = Entity(parent=r, position=(0.186, 0.005, -0.02))
        panel(self.mult_root, 0.08, 0.046, (0, 0), col=color.rgba(1.0, 0.56, 0.12, 0.9), radius=0.3)
        self.mult_text = Label(self.mult_root, (0.0, -0.012), 0.036, WHITE, "center")
        y = -0.04
        Entity(parent=r, model="quad", origin=(-0.5, 0), scale=(BAR_W, 0.009), position=(-BAR_W / 2, y, 0.005), color=TRACK)
        self.angle_fill = Entity(parent=r, model="quad", origin=(-0.5, 0), scale=(0.0001, 0.009), position=(-BAR_W / 2, y, 0),
                                 color=WHITE)
        self.tick_min = Entity(parent=r, model="quad", scale=(0.003, 0.018), position=(-BAR_W / 2, y, -0.001), color=DIM)
        self.tick_commit = Entity(parent=r, model="quad", scale=(0.003, 0.018), position=(-BAR_W / 2, y, -0.001), color=ACCENT)
        r.enabled = False

    def _build_timer(self) -> None:
        r = self.timer_box = Entity(parent=self, x=PANEL_W / 2 + 0.1, name="timer_box")
        self.timer_panel = panel(r, 0.17, 0.085, (0, 0))
        Label(r, (0.0, 0.014), 0.02, DIM, "center", text="TIME LEFT")
        self.timer_text = Label(r, (0.0, -0.03), 0.05, WHITE, "center")
        r.enabled = False

    def _build_zone(self) -> None:
        r = self.zone_box = Entity(parent=self, x=-PANEL_W / 2 - 0.225, name="zone_box")
        self.zone_panel = panel(r, 0.4, 0.085, (0, 0), col=ZONE_BLUE, radius=0.14)
        self.zone_title = Label(r, (-0.18, 0.012), 0.021, color.hex("#9cc8ff"), "left", text="DRIFT ZONE")
        self.zone_name = Label(r, (-0.18, -0.026), ZONE_NAME_SIZE, WHITE, "left")
        self.zone_total = Label(r, (0.18, -0.026), 0.038, GOLD, "right")
        self.zone_rows_root = d = Entity(parent=r, name="zone_rows")
        self.zone_rows: list[tuple[Entity, Label]] = []
        layer = StaticLayer(d, z=0.005)  # in front of the zone panel
        for i, name in enumerate(("SPEED", "ANGLE", "LINE")):
            y = -0.068 - i * 0.034
            layer.label((-0.18, y - 0.008), 0.022, DIM, "left", text=name)
            layer.quad((-0.08, y), (0.2, 0.012), TRACK, origin=(-0.5, 0))
            fill = Entity(parent=d, model="quad", origin=(-0.5, 0), scale=(0.0001, 0.012), position=(-0.08, y, 0), color=WHITE)
            self.zone_rows.append((fill, Label(d, (0.18, y - 0.008), 0.024, WHITE, "right")))
        layer.bake()
        r.enabled = False

    # ---- public -----------------------------------------------------------------------------------
    def set_timer(self, seconds_left: float | None) -> None:
        """Show the session's time left (None hides it); red under ten seconds."""
        if seconds_left is None:
            if self._shown.get("timer") is not None:
                self._shown["timer"] = None
                self.timer_box.enabled = False
            return
        text = fmt_timer(seconds_left)
        if self._shown.get("timer") == text:
            return
        if self._shown.get("timer") is None:
            self.timer_box.enabled = True
        self._shown["timer"] = text
        self.timer_text.set(text)
        warn = seconds_left < TIMER_WARN_S
        if self._shown.get("timer_warn") != warn:
            self._shown["timer_warn"] = warn
            self.timer_text.color(RED if warn else WHITE)
            self.timer_panel.color = color.rgba(0.3, 0.04, 0.04, 0.8) if warn else PANEL

    def zone_entered(self, name: str) -> None:
        """Banner: the car is in a drift zone."""
        self.zone_box.enabled = True
        self.zone_panel.scale_y, self.zone_panel.y = 0.085, 0.0
        self.zone_title.set("DRIFT ZONE")
        self._zone_name(name, 0.34)
        self.zone_total.set("")
        self.zone_rows_root.enabled = False
        self.zone_box.setAlphaScale(1.0)
        self._zone_left = math.inf  # until the result comes

    def zone_result(self, result: ZoneResult) -> None:
        """Banner: how the run through the zone scored (three criteria and the points)."""
        self.zone_box.enabled = True
        self.zone_panel.scale_y, self.zone_panel.y = 0.2, -0.057
        self.zone_title.set("ZONE RESULT" if result.counted else "ZONE - TOO SHORT")
        self.zone_total.set(f"+{fmt_points(result.points)}")
        self._zone_name(result.name, 0.33 - self.zone_total.width)
        self.zone_total.color(GOLD if result.counted else DIM)
        self.zone_rows_root.enabled = True
        scores = (result.speed_score, result.angle_score, result.line_score)
        for (fill, value), score in zip(self.zone_rows, scores):
            value.set("-" if score is None else f"{int(round(score))}")
            fill.scale_x = 0.0001 if score is None else max(0.2 * score / 100.0, 0.0001)
            fill.color = DIM if score is None else GREEN if score >= 75 else WHITE if score >= 40 else ACCENT
        self._zone_left = ZONE_RESULT_S
        self.zone_box.setAlphaScale(1.0)

    def _zone_name(self, name: str, room: float) -> None:
        """Show the zone's name, shrunk to fit the room left beside the points (long modded names too)."""
        self.zone_name.np.set_scale(ZONE_NAME_SIZE)
        self.zone_name.set(name)
        if self.zone_name.width > room > 0:
            self.zone_name.np.set_scale(ZONE_NAME_SIZE * room / self.zone_name.width)

    def on_events(self, score_events: Iterable[ScoreEvent] = (), zone_events: Iterable[ZoneEvent] = ()) -> None:
        """React to this frame's scoring and zone events (popups, pulses, zone banner)."""
        for e in score_events:
            if e.kind == "banked":
                self._start_count()
                words = f"{e.label.upper()} CHAIN" if e.label else "CHAIN"
                sub = f"{e.drifts} drift{'s' if e.drifts != 1 else ''}  x{e.multiplier:g}"
                self._popup(f"+{fmt_points(e.points)} {words}", sub, GOLD if e.label else GREEN, WHITE)
            elif e.kind == "lost":
                reason = {"wall": "WALL", "spin": "SPIN", "car": "CRASH"}.get(e.reason, e.reason.upper() or "LOST")
                self._popup(f"CHAIN LOST \u2014 {reason}", f"-{fmt_points(e.points)}", RED, color.rgba(1, 0.7, 0.66, 1))
                self.chain_box.enabled = False
                self._shown["chain"] = False
            elif e.kind == "chain_grow":
                self._pulse_t = 0.0
        for z in zone_events:
            if z.kind == "entered":
                self.zone_entered(z.name)
            elif z.kind == "exited" and z.result is not None:
                self.zone_result(z.result)

    def update(self, scorer: DriftScorer | None = None, dt: float = 0.0, score: int | None = None) -> None:
        """Refresh from the scorer (`score` overrides the banked total, e.g. with zone points); ursina's own call is a no-op."""
        if scorer is None:
            return
        shown = self._shown
        if self._rules_id != id(scorer.rules):
            self._place_ticks(scorer)
        self._update_score(scorer.banked if score is None else score, dt)
        active = scorer.in_chain
        if shown.get("chain") != active:
            shown["chain"] = active
            self.chain_box.enabled = active
        if active:
            self._update_chain(scorer)
        if self._pulse_t < PULSE_S:
            self._pulse_t += dt
            u = min(self._pulse_t / PULSE_S, 1.0)
            self.mult_root.setScale(1.0 + 0.45 * (1.0 - u) ** 2)
        if self.popups:
            alive = [p for p in self.popups if p.step(dt)]
            for p in self.popups:
                if p not in alive:
                    p.remove()
            self.popups = alive
        if self._zone_left < math.inf and self.zone_box.enabled:
            self._zone_left -= dt
            if self._zone_left < 0.5:
                self.zone_box.setAlphaScale(max(0.0, self._zone_left / 0.5))
            if self._zone_left <= 0.0:
                self.zone_box.enabled = False

    def destroy(self) -> None:
        """Remove every widget."""
        for p in self.popups:
            p.remove()
        self.popups = []
        destroy(self)

    # ---- internals --------------------------------------------------------------------------------
    def _place_ticks(self, scorer: DriftScorer) -> None:
        r = scorer.rules
        self._rules_id = id(r)
        self._cap = max(r.angle_cap_deg, 1.0)
        self._min_angle, self._commit = r.min_angle_deg, r.commit_angle_deg
        self.tick_min.x = -BAR_W / 2 + BAR_W * min(r.min_angle_deg / self._cap, 1.0)
        self.tick_commit.x = -BAR_W / 2 + BAR_W * min(r.commit_angle_deg / self._cap, 1.0)

    def _start_count(self) -> None:
        self._count_from = self._display
        self._count_t = 0.0

    def _update_score(self, banked: int, dt: float) -> None:
        if self._count_t < COUNT_UP_S:
            self._count_t += dt
            u = min(self._count_t / COUNT_UP_S, 1.0)
            self._display = self._count_from + (banked - self._count_from) * (1.0 - (1.0 - u) ** 3)
        else:
            self._display = float(banked)
        value = int(round(self._display))
        if self._shown.get("score") != value:
            self._shown["score"] = value
            self.score_text.set(fmt_points(value))

    def _update_chain(self, scorer: DriftScorer) -> None:
        shown = self._shown
        pending = int(scorer.pending)
        if shown.get("pending") != pending:
            shown["pending"] = pending
            text = f"+{pending:,}"
            if self.pending_text.set(text):
                self.pending_text.np.set_scale(PENDING_SIZE * min(1.0, 7.0 / len(text)))  # room for the label column
        mult = scorer.multiplier
        if shown.get("mult") != mult:
            shown["mult"] = mult
            self.mult_text.set(f"x{mult:g}")
        label = scorer.label
        if shown.get("label") != label:
            shown["label"] = label
            self.label_text.set(f"{label.upper()}!" if label else "DRIFT")
            self.label_text.color(GOLD if label else DIM)
        drifts = scorer.chain_drifts
        if shown.get("drifts") != drifts:
            shown["drifts"] = drifts
            self.drifts_text.set(f"{drifts} linked" if drifts > 1 else "1 drift")
        angle = scorer.angle_deg
        q = round(min(angle, self._cap) * 2.0) / 2.0  # half-degree steps
        if shown.get("angle") != q:
            shown["angle"] = q
            self.angle_fill.scale_x = max(BAR_W * q / self._cap, 0.0001)
            band = 0 if q < self._min_angle else 1 if q < self._commit else 2
            if shown.get("band") != band:
                shown["band"] = band
                self.angle_fill.color = (DIM, WHITE, ACCENT)[band]
                self.chain_panel.color = PANEL if band == 0 else CHAIN_LIT  # cooling off in the grace time

    def _popup(self, head: str, sub: str, col, sub_col) -> None:
        for p in self.popups:
            p.offset += POPUP_STEP  # older notices make way, downward
        self.popups.append(_Popup(self, head, sub, col, sub_col))
        while len(self.popups) > POPUP_MAX:
            self.popups.pop(0).remove()
