"""The chase's eye on its lead: a Guide that has a drift driver follow the lead's path, match its angle and keep the gap (pure).

A chase driver is the same DriftDriver with this guide (game/sim/ai/drift_brief.py). Each step the guide sees the lead's
observed state, remembers where it drove (its offset from the judges' line and its drift angle, by station: what
the chase sees of the lead's tyre marks and body ahead) and tells the driver:
- offset_m: the lead's offset at the chase's own station (mimic its line, not the ideal one: the judges don't mind);
- aim_deg: the lead's angle at that station, once it is drifting there;
- speed_delta_mps: a PD loop on the gap (the lead's station less the chase's, less a car length) toward
  target_gap_m, bounded so the chase neither stalls nor rams;
- initiate: True once the lead's angle has passed initiate_deg (initiate no later than the lead).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.sim.ai.drift_brief import GuideAdvice
from game.sim.course import LineTracker
from game.sim.judges.tandem_geometry import StationMemory


@dataclass
class ChaseGuide:
    """Follow the lead's remembered path, at its angle, target_gap_m behind its rear bumper."""

    target_gap_m: float = 2.0  # the chase's front bumper this far behind the lead's body (a pro chase sits at 1-2 m)
    k_gap: float = 0.8  # m/s faster per metre the gap is over the target
    k_closing: float = 1.0  # m/s slower per m/s the gap is closing
    max_faster_mps: float = 5.0  # the speed correction's bounds
    max_slower_mps: float = 8.0
    initiate_deg: float = 10.0  # the lead has initiated once its angle passes this
    aim_min_deg: float = 8.0  # the lead's angle at a station is aimed at only where it was drifting there
    window_m: float = 30.0  # the lead is looked for along the line this far either side of where it last was
    _tracker: object = field(default=None, repr=False)
    _memory: object = field(default=None, repr=False)
    _ls: float | None = field(default=None, repr=False)
    _gap: float | None = field(default=None, repr=False)
    _t: float | None = field(default=None, repr=False)
    _rate: float = field(default=0.0, repr=False)
    lead_initiated: bool = False

    def advise(self, driver, state, other_state) -> GuideAdvice:
        """This step's advice from the chase driver (its station and size), its car's state and the lead's."""
        if self._tracker is None:
            self._tracker = LineTracker(driver.course.line, self.window_m)
            self._memory = StationMemory(driver.course.length_m)
        lead = other_state
        self._ls, lo, _ = self._tracker.locate(lead.x, lead.z, self._ls)
        la = math.degrees(lead.drift_angle)
        self._memory.record(self._ls, lo, la)
        self.lead_initiated = self.lead_initiated or abs(la) >= self.initiate_deg
        gap = self._ls - driver.s - driver.length_m  # along the line: the lead's centre less a car length (both halves)
        t = state.t
        if self._gap is not None and self._t is not None and t > self._t:
            self._rate = 0.8 * self._rate + 0.2 * (gap - self._gap) / (t - self._t)
        self._gap, self._t = gap, t
        delta = max(-self.max_slower_mps, min(self.max_faster_mps, self.k_gap * (gap - self.target_gap_m) + self.k_closing * self._rate))
        seen = self._memory.at(driver.s)
        offset = aim = None
        if seen is not None:
            offset = seen[0]
            aim = abs(seen[1]) if abs(seen[1]) >= self.aim_min_deg else None
        return GuideAdvice(offset_m=offset, aim_deg=aim, speed_delta_mps=delta, initiate=self.lead_initiated)
