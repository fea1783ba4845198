"""The autopilot (--autopilot): a drift driver in car 0 of a run, told each run by the mode, or, in a mode that tells
none (Free Drift, Timed Run, Drift Zones...), the map's first course as a solo run, started afresh at each reset (pure)."""

from __future__ import annotations

from game.sim.ai.drift.brief import SOLO, DriftBrief
from game.sim.ai.drift.pilot import DriftPilot, pilot_for


class AutopilotRefused(ValueError):
    """The autopilot cannot drive this run (a map without a course, a driver the roster lacks): one line."""


class Briefs:
    """Car 0's brief for the run in progress: the mode's, else the map's first course, solo, a new run at each restart."""

    def __init__(self, run) -> None:
        self.run = run
        self.restarts = 0
        track = getattr(run.session.world, "track", None)
        courses = tuple(getattr(track, "courses", ()) or ())
        self.course = courses[0] if courses else None
        if self.course is None and run.game_mode.drift_brief(0) is None:
            raise AutopilotRefused(f"map {getattr(track, 'id', 'pad')!r} has no course for the autopilot to drive")

    def restart(self) -> None:
        """The car was put back (a reset): the driver starts afresh where it stands (the mode's own runs restart themselves)."""
        self.restarts += 1

    def __call__(self) -> DriftBrief | None:
        brief = self.run.game_mode.drift_brief(0)  # Qualifying and Tandem tell their drivers; the other modes say None
        if brief is None and self.course is not None:  # (a map without a course: only a mode's brief is driven)
            brief = DriftBrief(self.course, SOLO, None, run=self.restarts)
        return brief


def make_autopilot(run, who: str, roster) -> DriftPilot:
    """A DriftPilot for car 0 of this run: the roster's driver `who` (an id or a skill level), seeded from the session's
    seed; AutopilotRefused (one line) if it cannot drive here. Its `briefs` hear the loop's resets. The run notes it, so
    its replay says the autopilot drove (the one way a drift driver takes car 0)."""
    briefs = Briefs(run)
    try:
        pilot = pilot_for(roster, who, briefs, run.session.seed, 0)
    except ValueError as e:
        raise AutopilotRefused(str(e)) from None
    pilot.briefs = briefs
    run.note_autopilot(pilot.profile.id)
    return pilot


def engage(loop, who: str, roster) -> str:
    """Put the drift driver `who` in car 0 of this DriveLoop's run; the line that says so, or why not (no roster: its
    file is broken, and the game said so already)."""
    if roster is None:
        return "No autopilot: data/drift_drivers.json could not be read"
    try:
        pilot = make_autopilot(loop.run, who, roster)
    except AutopilotRefused as e:
        return f"No autopilot: {e}"
    loop.set_autopilot(pilot)
    return f"Autopilot: {pilot.profile.name}"
