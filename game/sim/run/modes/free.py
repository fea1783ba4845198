"""Free Drift: no clock; link drifts into chains and bank them until the player stops (pure)."""

from __future__ import annotations

from game.sim.run.modes.base import Mode


class FreeDrift(Mode):
    """Drive as long as you like; the score is what you banked."""

    id = "free"
    name = "Free Drift"
    blurb = "No clock. Link drifts into chains and bank them; stop when you like."
    open_ended = True
    traffic_by_default = True
