"""The AI cars of a drive on screen: their cars, marks and exhaust (TrafficView) and the debug overlay (AiOverlay).

The fleet can change while driving (the AI-car note's addCar / removeCar: a key, or Settings -> AI cars); the
view is then rebuilt whole for the new fleet, keeping the overlay's state and the look last reloaded. Marks
already laid stay on the ground.
"""

from __future__ import annotations

import time

from game.content.drivers import DRIVERS_PATH, load_drivers
from game.content.file_watch import FileWatcher


class FleetView:
    """What the player sees of the run's AI cars; `sync` once a frame, `change(+1 / -1)` on a key."""

    def __init__(self, run, skidmarks, catalog, on_pop=None):
        self.run, self.skidmarks, self.catalog, self.on_pop = run, skidmarks, catalog, on_pop
        self.traffic = self.overlay = None
        self.look = None  # the look data/drivers.json last gave (None: the run's roster's), kept across fleet changes
        self.watcher = None  # data/drivers.json, watched for its `look` block once the drive has AI cars
        self._build()

    def _build(self) -> None:
        from game.view.cars.ai_overlay import AiOverlay
        from game.view.cars.traffic_view import TrafficView

        shown = self.overlay is not None and self.overlay.visible
        self._destroy_parts()
        t = self.run.traffic
        if t is None or not t.cars:
            return
        self.traffic = TrafficView(t.cars, self.skidmarks, self.catalog, t.roster, on_pop=self.on_pop)
        if self.look is not None:  # a live reload of the look outlives a change of fleet
            self.traffic.set_look(self.look)
        if self.watcher is None:
            self.watcher = FileWatcher(DRIVERS_PATH, t.roster, load_drivers)
        self.overlay = AiOverlay(self.run.session, t, self.traffic.marks)
        if shown:
            self.overlay.toggle()

    def change(self, delta: int, drivers, times: int = 1) -> str:
        """AI cars join (+1) or the newest leave (-1), `times` over; the line the HUD shows. `drivers()` gives the
        roster when the drive started without AI cars. The view is rebuilt once, however many changed."""
        done = 0
        for _ in range(times):
            t = self.run.traffic
            if delta > 0 and t is not None and len(t.cars) >= t.rules.max_cars:
                note = f"At most {t.rules.max_cars} AI cars"
                break
            if delta < 0 and (t is None or not t.cars):
                note = "No AI cars to remove"
                break
            if self.run.change_fleet(delta, t.roster if t is not None else drivers()) is None:
                note = "The drive is over"
                break
            done += 1
        if not done:
            return note
        self._build()
        n = self.count
        return f"AI cars: {n}" if n else "AI cars: none"

    @property
    def count(self) -> int:
        return len(self.run.traffic.cars) if self.run.traffic is not None else 0

    def sync(self, alpha: float, dt: float, overlay_with_f3: bool) -> None:
        if self.traffic is not None:
            self.traffic.sync(alpha, dt, stepped=dt > 0.0)
            self.overlay.sync(self.traffic.drawn, show=overlay_with_f3)

    def poll_look(self, tell) -> None:
        """Reload the look when data/drivers.json changed on disk; `tell(line, seconds)` says what happened."""
        found = self.watcher.poll(time.monotonic()) if self.traffic is not None else None
        if found is None:
            return
        if found.error:
            tell(found.error + " (kept the last good values)", 8.0)
            return
        self.look = found.value.look
        self.traffic.set_look(self.look)
        rest = "" if found.value.digest == self.run.traffic.roster.digest else "; driver changes apply from the next drive"
        tell(f"{self.watcher.label}: AI marks and shadows reloaded at {found.at}{rest}", 3.0)

    def toggle_overlay(self) -> bool | None:
        """Ctrl+Shift+Space; None without AI cars."""
        return self.overlay.toggle() if self.overlay is not None else None

    def _destroy_parts(self) -> None:
        for part in (self.traffic, self.overlay):
            if part is not None:
                part.destroy()
        self.traffic = self.overlay = None

    def destroy(self) -> None:
        self._destroy_parts()
