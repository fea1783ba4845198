"""What a judged course adds to the drive scene: the course in the world, the judges' strip and call-outs, its minimap marks."""

from __future__ import annotations

# The strip's numbers, the clips' states and the minimap's marks are re-read from the judge ten times a second (and at
# once on a judge's event): tenths of a point at 60 frames a second would re-lay the text every frame for nothing the
# eye can follow. Call-outs fade and the marker bobs every frame.
REFRESH_S = 0.1


class CourseParts:
    """The course view and HUD of a drive on a course (Qualifying, Tandem); `sync(out, dt)` once a frame follows the run's course judge."""

    def __init__(self, run, world_view, hud, minimap, tier) -> None:
        from game.view.hud.course_hud import CourseHud
        from game.view.world.course_view import CourseView

        mode = run.game_mode
        self.run, self.minimap = run, minimap
        self.view = CourseView(world_view, mode.course, tier.shader_variant)
        self.hud = CourseHud(hud.score_anchor, mode.course, getattr(run.rules, "judging", None), mode.runs_shown)
        hud.drift_flash = False  # the call-outs say what the judges saw
        if minimap is not None:
            minimap.set_course(mode.course)
        self._judge_seen = None
        self._ended = None  # the finished run's CourseResult, read once when its judge is done
        self._live = None  # the judge's LiveScore as last read
        self._since = REFRESH_S  # seconds since it was read (the first frame reads it)
        self.callouts_of = None  # a filter of the judge events called out (Tandem: the player's own part), None: all

    def sync(self, out, dt: float) -> None:
        """The clips, the strip and the call-outs follow the judge of the run in progress."""
        mode = self.run.game_mode
        judge = mode.course_judge
        self._since += dt
        fresh = judge is not self._judge_seen or bool(out.judge_events) or self._since >= REFRESH_S
        if judge is not self._judge_seen:  # a new run was staged: every clip to come again
            if self._judge_seen is not None:
                self.view.reset()
            self._judge_seen, self._ended = judge, None
        if judge is not None and judge.done and self._ended is None:
            self._ended = judge.result()
        if fresh:
            self._since = 0.0
            self._live = judge.live if judge is not None else None
        self.view.sync(self._live, out.judge_events, dt)
        self.hud.on_events(out.judge_events if self.callouts_of is None else self.callouts_of(out.judge_events))
        self.hud.runs = mode.runs_shown
        self.hud.update_view(self._live if fresh else None, mode.run_index, dt, self.run.time_left_s, self._ended)
        if fresh and self.minimap is not None:
            self.minimap.set_course_state(self.view.states)

    def on_events(self, events) -> None:
        """Call-outs of events outside a frame (the pause menu's Finish)."""
        self.hud.on_events(events)

    def set_visible(self, visible: bool) -> None:
        """Show or hide the strip (the results screen hides the HUD; the course stays in the world)."""
        self.hud.enabled = visible

    def destroy(self) -> None:
        """Remove the course's view and HUD."""
        self.view.destroy()
        self.hud.destroy()
