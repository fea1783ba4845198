"""A career event's results, top right of the results screen: the score with the three targets beside it, the stars of
this run lit (the new ones glowing and tagged NEW, ones held from before dim), what the next star asks, the credits and
what opened."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ursina import Entity, Text, color

from game.ui.career import rows as cr
from game.ui.career.art import GOLD, GREEN, MUTED, drawn_width, fit, star
from game.ui.widgets import ACCENT, panel

X, W = 0.64, 0.49  # the panel's centre and width (the results' headline sits centred, clear of it)
TOP, H = 0.482, 0.277
PAD = 0.025
SLOT_X = (0.47, 0.57, 0.67)  # the three stars' centres
STAR = 0.056


class EventPanel:
    """Builds the event's block under `parent` (the results screen); `texts` holds what it wrote, `states` the stars'."""

    def __init__(self, parent: Entity, event_block: Mapping[str, Any], names: Mapping[str, str] | None = None) -> None:
        self.parent = parent
        v = cr.block_view(event_block, names)
        self.view = v
        self.states = v["states"]
        self.texts: dict[str, Text] = {}
        self.stars: list[Entity] = []
        x0, x1 = X - W / 2 + PAD, X + W / 2 - PAD
        panel(parent, scale=(W, H), position=(X, TOP - H / 2), alpha=0.86).z = 0.5
        Entity(parent=parent, model="quad", scale=(W, 0.004), position=(X, TOP - 0.002, 0.45), color=ACCENT)
        self.texts["name"] = fit(self._text(v["name"].upper(), x0, TOP - 0.03, 0.85, color.white), W - 2 * PAD - 0.09)
        self._text("CAREER", x1, TOP - 0.03, 0.62, ACCENT, origin=(0.5, 0))
        ys = TOP - 0.098
        for k, (x, state) in enumerate(zip(SLOT_X, self.states)):
            self.stars.append(star(parent, x, ys, STAR, state))
            lit = state in ("new", "again")
            self.texts[f"target{k}"] = self._text(v["targets"][k] if k < len(v["targets"]) else "\u2014", x, ys - 0.052, 0.85,
                                                  GOLD if lit else MUTED, origin=(0, 0))
            if state == "new":
                self.texts[f"new{k}"] = self._text("NEW", x, ys + 0.05, 0.62, ACCENT, origin=(0, 0))
        self._text(v["score_label"], x1, ys + 0.03, 0.6, MUTED, origin=(0.5, 0))
        self.texts["score"] = self._text(v["score"], x1, ys - 0.005, 1.7, color.white, origin=(0.5, 0))
        y = ys - 0.09
        line = v["next"]
        if v["new"]:
            line = f"+{v['new']} star{'s' if v['new'] != 1 else ''}" + (f"   \u00b7   {line}" if line else "")
        self.texts["next"] = fit(self._text(line or " ", x0, y, 0.8, GOLD if v["new"] else MUTED), W - 2 * PAD)
        y -= 0.035
        self._text("Credits earned", x0, y, 0.8, color.white)
        self.texts["credits"] = self._text(v["credits"], x1, y, 1.05, GREEN, origin=(0.5, 0))
        y -= 0.032
        self.texts["unlocked"] = fit(self._text(v["unlocked"] or " ", x0, y, 0.8, GOLD), W - 2 * PAD)

    def _text(self, s: str, x: float, y: float, scale: float, col, origin=(-0.5, 0)) -> Text:
        return Text(s, parent=self.parent, position=(x, y), origin=origin, scale=scale, color=col)

    def make_room(self, headline: Text | None) -> None:
        """Shrink the results' centred headline (and its drop shadow) where it would run under the panel."""
        room = 2 * (X - W / 2 - 0.03)
        if headline is None or drawn_width(headline) <= room:
            return
        k = room / drawn_width(headline)
        for t in [c for c in self.parent.children if isinstance(c, Text) and c.text == headline.text and abs(c.y - headline.y) < 0.02]:
            t.scale *= k
