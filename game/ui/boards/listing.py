"""What the Leaderboards screen lists and how its rows read, as data (no ursina): which boards a scope admits, in the
game's order, and each row's cells and breakdown lines as the player reads them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.net.names import display_name
from game.safe_json import shown

KIND_ORDER = ("qualifying", "timed", "zones", "parking", "event")  # the boards' sections, in the game's order


@dataclass(frozen=True)
class Scope:
    """Which boards a Leaderboards screen lists: every one, a map's (optionally one mode's there), or a career event's."""

    map: str = ""
    mode: str = ""
    event: str = ""

    def admits(self, board: Mapping[str, Any]) -> bool:
        """Whether the board is one this scope lists."""
        if self.event:
            return board.get("event") == self.event
        if self.map and board.get("map") != self.map:
            return False
        return not self.mode or board.get("kind") == self.mode


def listed(boards: list[dict[str, Any]], scope: Scope) -> list[dict[str, Any]]:
    """The boards the scope admits, in sections (Qualifying, Timed Run, Drift Zones, Parking, Career), the server's order
    inside each."""
    rank = {k: i for i, k in enumerate(KIND_ORDER)}
    mine = [b for b in boards if scope.admits(b)]
    return sorted(mine, key=lambda b: rank.get(str(b.get("kind")), len(KIND_ORDER)))


def board_label(board: Mapping[str, Any], scope: Scope) -> str:
    """A board's title in the list, shorter where the scope says part of it already ("Sideways Park · " on a map's)."""
    title = shown(board.get("title", board.get("id", "?")), 80, quote=False)
    parts = title.split(" · ")
    if scope.map and len(parts) > 2:  # "Qualifying · Sideways Park · Pad Hook · Arcade" -> "Qualifying · Pad Hook · Arcade"
        parts = [p for i, p in enumerate(parts) if i != 1]
    return " · ".join(parts)


def row_cells(row: Mapping[str, Any], car_names: Mapping[str, str], model_names: Mapping[str, str]) -> tuple[str, ...]:
    """(rank, player, score, car, handling, date) of one row, each shown safely (the server is not trusted)."""
    car = str(row.get("car") or "")
    model = str(row.get("model") or "")
    date = str(row.get("date") or "")[:10]
    return (f"{row.get('rank', '?')}", display_name(row.get("player")), f"{row.get('score', 0):g}",
            shown(car_names.get(car, car), 24, quote=False), shown(model_names.get(model, model), 16, quote=False),
            shown(date, 10, quote=False))


def _num(d: Mapping[str, Any], key: str) -> float | None:
    v = d.get(key)
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def breakdown_lines(breakdown: Any, units_per_mps: float = 3.6, unit: str = "km/h") -> list[str]:
    """A run's breakdown as the player reads it: a judged run's Line / Angle / Style, style parts, clips and sectors;
    a points run's drifting (longest drift, best chain, max angle, top speed). [] when there is none."""
    if not isinstance(breakdown, Mapping):
        return []
    out = []
    line, angle, style = (_num(breakdown, k) for k in ("line", "angle", "style"))
    if line is not None and angle is not None and style is not None:
        out.append(f"Line {line:.1f}  ·  Angle {angle:.1f}  ·  Style {style:.1f}")
        parts = breakdown.get("style_parts")
        if isinstance(parts, Mapping):
            named = [f"{shown(k, 16, quote=False)} {v:.1f}" for k, v in list(parts.items())[:4] if isinstance(v, (int, float))]
            if named:
                out.append("Style: " + "  ·  ".join(named))
        clips = [c for c in breakdown.get("clips") or [] if isinstance(c, Mapping)][:8]
        if clips:
            out.append("Clips: " + "  ".join(f"{shown(c.get('id', '?'), 8, quote=False)} {_num(c, 'points') or 0:.1f}" for c in clips))
        sectors = [c for c in breakdown.get("sectors") or [] if isinstance(c, Mapping)][:6]
        if sectors:
            out.append("Sectors: " + "  ".join(f"{shown(c.get('id', '?'), 10, quote=False)} {_num(c, 'mean_angle_deg') or 0:.0f}°"
                                              for c in sectors))
        if breakdown.get("zero"):
            out.append(f"Zeroed: {shown(breakdown.get('zero'), 40, quote=False)}")
        return out
    drift = breakdown.get("drift")
    if isinstance(drift, Mapping):
        longest, chain, angle, top = (_num(drift, k) for k in ("longest_drift_s", "best_chain", "max_angle_deg", "top_speed_mps"))
        if longest is not None:
            out.append(f"Longest drift {longest:.1f} s  ·  best chain {chain or 0:,.0f}")
        if angle is not None and top is not None:
            out.append(f"Max angle {angle:.0f}°  ·  top speed {top * units_per_mps:.0f} {unit}")
    return out
