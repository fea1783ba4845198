"""What a Tandem battle adds to the drive scene: the opponent's car and its smoke, its engine (heard from the player's
car, game/view/audio/rival_voice.py), the camera framing both cars, the tandem HUD (gap, angle difference, role, run)
and, while the player leads, the course judge's strip moved under it."""

from __future__ import annotations

from game.sim.step_events import LANDED  # the one event of the opponent's that its effects show (a landing's puff)

# The box's gap and angle and the chase strip are re-read from the judge ten times a second (and at once when a run
# is staged): a tenth of a metre at 60 frames a second would re-lay the text every frame for nothing the eye can follow.
REFRESH_S = 0.1


class TandemParts:
    """Built by the drive scene in a Tandem drive; `frame(player_state, out, alpha, dt)` once a frame, before the camera."""

    def __init__(self, run, scene) -> None:
        from game.view.cars.rival_view import RivalView
        from game.view.drive.tandem_camera import PairFraming
        from game.view.effects.tyre_effects import PARTICLE_RATE
        from game.view.hud.tandem_hud import TandemHud

        mode = run.game_mode
        self.run, self.course = run, scene.course
        self.rival = RivalView(mode.opponent, scene.skidmarks, scene.particles, scene.catalog, PARTICLE_RATE[scene.tier.particles])
        self.voice = None
        self._audio = getattr(scene, "audio", None)
        if self._audio is not None:  # its engine, through the player's engine gain (mute, pause and volumes follow)
            from game.view.audio.rival_voice import RivalVoice

            self.voice = RivalVoice(self._audio.engine_gain)
            self._audio.voices.append(self.voice)
        self.hud = TandemHud(scene.hud.score_anchor, getattr(run.rules, "tandem", None), mode.opponent_name)
        world = run.session.world
        self.framing = PairFraming(scene.rig, floor=lambda x, z: world.ground(x, z)[0])
        self._course_strip = None
        if self.course is not None:  # the lead's course strip goes under the tandem box; the chase sees its own call-outs
            from game.view.hud.tandem_hud import COURSE_STRIP_Y
            from game.view.hud.tandem_text import chase_callout

            self._course_strip = next((c for c in self.course.hud.children if c.name == "strip"), None)
            if self._course_strip is not None:
                self._course_strip.y = COURSE_STRIP_Y
            self.course.callouts_of = lambda events: events if self.role == "lead" else [e for e in events if chase_callout(e)]
        self.visible = True
        self._run_seen = None
        self._since = REFRESH_S
        self._live = self._terms = None

    @property
    def role(self) -> str:
        """The player's role in the run in progress: lead or chase."""
        return self.run.game_mode.role_of(0)

    def frame(self, me, out, alpha: float, dt: float) -> None:
        """Pose the opponent, frame both cars (me: the player's drawn state) and bring the HUD up to date."""
        mode = self.run.game_mode
        rival = self.rival
        if out.staged:
            rival.jumped()
            self.framing.reset()
        index = rival.car.index
        rival.sync(alpha, dt, [e for e in out.events if e.car == index and e.kind == LANDED] if out.events else ())  # its landing puffs
        self.framing.update(me, rival.state, dt)
        if self.voice is not None and dt > 0.0:
            self.voice.update(dt, rival.state, rival.car.controls, me.x, me.z, me.heading)
        run_index, role = mode.run_index, self.role
        self._since += dt
        fresh = run_index != self._run_seen or out.staged or self._since >= REFRESH_S
        if run_index != self._run_seen:
            self._run_seen = run_index
            self.hud.announce(run_index, role)
        if fresh:
            self._since = 0.0
            judge = mode.tandem_judge
            self._live = judge.live() if judge is not None else None
            self._terms = judge.result() if judge is not None and role == "chase" else None  # the chase strip's terms so far
            self._show_course_strip(role)
        self.hud.update_view(self._live if fresh else None, role, run_index, dt, self._terms)

    def set_visible(self, visible: bool) -> None:
        """Show or hide the tandem HUD (the results screen hides the HUD; the opponent stays on the road)."""
        self.visible = visible
        self.hud.enabled = visible
        self._show_course_strip(self.role)

    def _show_course_strip(self, role: str) -> None:
        """The course strip judges the lead: it is the player's own only while leading (the tandem status moves under it)."""
        lead = role == "lead"
        if self._course_strip is not None and self._course_strip.enabled != lead:
            self._course_strip.enabled = lead
        self.hud.set_status_low(lead and self._course_strip is not None)

    def destroy(self) -> None:
        """Remove the opponent's car and its engine, the HUD, and give the camera back to the player alone."""
        if self.voice is not None:
            self.voice.destroy()
            if self.voice in self._audio.voices:
                self._audio.voices.remove(self.voice)
        self.rival.destroy()
        self.hud.destroy()
        self.framing.destroy()
