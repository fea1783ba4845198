"""What the garage shows of a car: stat bars computed from the catalog, and the paint palette."""

from __future__ import annotations

import math

from game.sim.params import Catalog

# The five bars, in display order: CarSpec field -> label.
STATS: dict[str, str] = {
    "power": "Power",
    "top_speed": "Top speed",
    "grip": "Grip",
    "steer": "Steering",
    "offroad": "Off-road",
}

# Bars are value / best-in-catalog, lifted onto [BAR_FLOOR, 1]: ratios stay honest (a car with half the
# best grip shows about half a bar, not an empty one as min-max scaling would draw for the weakest car),
# and the weakest car still shows a visible sliver. Computed on every call so a retuned cars.json shows.
BAR_FLOOR = 0.08

# Named paint colours the player can pick (the car's factory colour is always offered as well).
PAINTS: tuple[tuple[str, str], ...] = (
    ("Racing Red", "#d7263d"),
    ("Sunset Orange", "#ff7a1a"),
    ("Solar Yellow", "#ffd23f"),
    ("Acid Lime", "#8bd346"),
    ("British Green", "#1f6f43"),
    ("Lagoon Teal", "#14a3a3"),
    ("Sky Blue", "#5ab8f5"),
    ("Midnight", "#1b2a4a"),
    ("Ultra Violet", "#7b3fbf"),
    ("Hot Pink", "#e0389a"),
    ("Pearl White", "#f0efe9"),
    ("Graphite", "#3a3d42"),
)


def bar(value: float, best: float, floor: float = BAR_FLOOR) -> float:
    """One bar length in [floor, 1]: floor + (1 - floor) * value / best (values below 0 count as 0)."""
    if not math.isfinite(value) or best <= 0.0:
        return floor
    ratio = min(1.0, max(0.0, value) / best)
    return floor + (1.0 - floor) * ratio


def stat_bars(catalog: Catalog, floor: float = BAR_FLOOR) -> dict[str, dict[str, float]]:
    """car id -> {stat: bar in [floor, 1]} for every stat in STATS, normalised across the catalog's cars."""
    cars = list(catalog.cars.values())
    best = {s: max((max(0.0, float(getattr(c, s))) for c in cars), default=0.0) for s in STATS}
    return {c.id: {s: bar(float(getattr(c, s)), best[s], floor) for s in STATS} for c in cars}


def paint_name(hex_colour: str) -> str:
    """The palette name of a colour, or the hex itself when it is not in the palette."""
    h = hex_colour.lower()
    return next((name for name, v in PAINTS if v == h), h)
