"""The game: its catalog, profile and settings, and its screens on a stack (menu -> mode -> map -> drive <-> pause -> results)."""

from __future__ import annotations

import time as wallclock
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ursina import Entity, application, time

from game import paths
from game.commands.common import CommandError, playable_world, world_for
from game.content import profile as profiles
from game.content import settings as settings_mod
from game.content.replays import file_digest
from game.content.scoring_rules import load_scoring_rules
from game.content.session_results import settle_run, summarize_run
from game.content.tracks import track_path
from game.shell.career_play import CareerPlay
from game.shell.online import Online
from game.shell.planner import checked, new_drive
from game.shell.request import DriveRequest, Opening
from game.sim.params import Catalog
from game.sim.run.modes.registry import mode_class
from game.ui.drive_screen import DriveScreen
from game.ui.menus import Menus
from game.ui.scenery import Scenery
from game.ui.screens import MenuScreen, ScreenStack

if TYPE_CHECKING:
    from game.sim.ai.drift.skill import DriftRoster

MAX_FRAME_DT = 0.1  # a hitch longer than this is not simulated (the clock also caps steps)
HEADLESS_SEED = 0  # every headless drive's session seed: the same inputs drive the same run


@dataclass(frozen=True)
class Pacing:
    """How the game advances and seeds its drives: a window runs on real frame time and seeds each drive from the clock;
    a headless run advances a fixed sim time per frame and seeds HEADLESS_SEED, so it repeats exactly."""

    frame_dt_s: float | None = None  # sim time per rendered frame; None: the real frame time, capped at MAX_FRAME_DT
    seed: int | None = None  # every drive's session seed; None: the wall clock's when the drive starts

    @classmethod
    def headless(cls, frame_dt_s: float) -> Pacing:
        """A fixed sim time per frame and the headless seed."""
        return cls(frame_dt_s, HEADLESS_SEED)

    def frame_dt(self) -> float:
        """The sim time this frame advances."""
        return self.frame_dt_s if self.frame_dt_s is not None else min(time.dt, MAX_FRAME_DT)

    def session_seed(self) -> int:
        """The seed of a drive starting now."""
        return self.seed if self.seed is not None else int(wallclock.time() * 1000) % 2**31


WINDOWED = Pacing()


class Game(Entity):
    """Owns the catalog, the profile, the settings, the screen stack and the scenery the screens share; `drive(request)`
    starts every drive."""

    def __init__(self, catalog: Catalog, opening: Opening | None = None, pacing: Pacing = WINDOWED):
        super().__init__()
        opening = opening or Opening()
        self.choices = opening.choices  # the command line's picks: the menus start every drive from them (game.shell.request)
        self.driven: DriveRequest | None = None  # the drive on the stack as asked for (Restart and Drive again repeat it), or None
        self.drift_drivers: DriftRoster | None = None  # data/drift_drivers.json, read when first needed
        self.catalog = catalog
        self.catalog_path = opening.catalog_path
        self.rules = load_scoring_rules()
        self.pacing = pacing
        self.track_id = opening.choices.track or paths.DEFAULT_TRACK
        self.track_fixed = opening.choices.track is not None  # --track: no map picker, only the modes this map hosts
        self.settings_path = settings_mod.settings_path()
        self.profile_path = profiles.profile_path()
        s = settings_mod.load_settings(self.settings_path)
        self.settings = s.settings
        p = profiles.load_profile(self.profile_path, list(catalog.cars), catalog.starter_ids, catalog.economy.starting_credits)
        self.profile = p.profile
        self.quality_override = opening.quality  # --quality: this run only, not saved
        saved = self._pick_tier()
        self.notice = " ".join(m for m in (opening.notice, p.message, s.message, saved) if m) or None
        self.world = opening.world if opening.world is not None else world_for(catalog, track=self.track_id)
        self.track_digest = file_digest(track_path(self.track_id))
        self.stack = ScreenStack()
        self.scenery = Scenery()
        self.menus = Menus(self)
        self.career = CareerPlay(self)  # the career (data/events.json, read when first shown) and the event being driven
        self.online = Online(lambda: self.settings.online)  # the board server of Settings → Online, on its own thread
        if self.online.server:
            self.online.flush()  # runs that waited in the outbox go out now (nothing waits on it)
        self.last_summary: dict | None = None
        self.profile_unsaved = False  # a save failed (full or read-only disk): try again at the next screen change
        self.session_ended = False  # session_end banked the drive on the way out: nothing more is banked
        from game.shell.session_end import bank_on_exit

        bank_on_exit(self, application.base)  # closing the window, SIGTERM, SIGHUP or Ctrl+C bank the drive as Finish does
        if _has_own_drift_drivers():
            self.drift_roster()  # the player's drift_drivers.json read now: a mistake in it is said on the first screen
        if opening.event:  # --event: straight into a career event (its next step, for a cup)
            self.career.boot(opening.event)
        elif opening.drive:
            self.drive(self.choices)
        elif self.choices.car:
            self.menus.modes()
        else:
            self.menus.main()

    # ---- quality -----------------------------------------------------------------------------

    def _pick_tier(self) -> str | None:
        """A fresh profile gets the tier that suits this machine, saved (in a window) so the player can change it."""
        from dataclasses import replace

        from game.content.quality import auto_tier
        from game.view.world.world_view import renderer_name

        if self.settings.quality.tier is not None:
            return None
        self.settings = replace(self.settings, quality=replace(self.settings.quality, tier=auto_tier(renderer_name())))
        if application.window_type != "onscreen":
            return None  # headless runs (tests, benchmarks) leave the player's file alone
        try:
            settings_mod.save_settings(self.settings_path, self.settings)
        except OSError as e:
            return f"Could not save your settings: {e.strerror or e}"
        return None

    @property
    def tier(self):
        """The quality bundle in use: --quality, else the saved tier, with the player's own particle/skidmark choices."""
        from game.content.quality import resolve

        return resolve(self.settings.quality, self.quality_override or self.settings.quality.tier or "high")

    # ---- what is driven ----------------------------------------------------------------------

    def car_id(self) -> str:
        """The car the menus' drives take: --car, else the profile's equipped car."""
        return self.choices.car or self.profile.equipped

    def model_id(self, car_id: str) -> str:
        """The handling model the menus' drives take for this car: --model, else the profile's choice."""
        return self.choices.model or profiles.handling_for(self.profile, self.catalog.car(car_id))

    @property
    def watching(self) -> bool:
        """Whether the drive on the stack plays a saved run back (nothing is banked or saved)."""
        return self.driven is not None and self.driven.watch is not None

    @property
    def drive_screen(self) -> DriveScreen | None:
        """The drive on the stack (showing, or frozen under the pause menu or the results), or None."""
        return self.stack.find(DriveScreen)

    @property
    def scene(self):
        """The DriveScene of the drive on the stack, or None."""
        drive = self.drive_screen
        return drive.scene if drive is not None else None

    @property
    def world_view(self):
        """The park as drawn now (None until a screen needs it), shared by the menus' backdrop and every drive on it."""
        return self.scenery.world_view

    def draw_world(self):
        """The park as drawn, built if no screen has drawn it yet."""
        return self.scenery.world(self.world, self.catalog, self.tier, self.settings.quality.shadows)

    def use_track(self, track_id: str) -> None:
        """Make this map the one driven (its world and drawing are built now, the old ones let go)."""
        if track_id == self.track_id:
            return
        world = playable_world(self.catalog, track_id)  # CommandError (one line) if the file is broken: nothing changed
        self.scenery.release()  # the old map's drawing and the menus' parked car go with it
        self.track_id = track_id
        self.world = world
        self.track_digest = file_digest(track_path(track_id))

    # ---- the drive ---------------------------------------------------------------------------

    def drive(self, request: DriveRequest) -> None:
        """Start this drive, alone on the stack (a drive left early is banked), on its map (drawn anew where it is not the one
        shown). A map broken since it was listed, or Tandem without its drift drivers (a broken data/drift_drivers.json):
        the main menu, saying why."""
        if request.track is not None:
            try:
                self.use_track(request.track)
            except CommandError as e:
                self.notice = str(e)
                self.menus.main()
                return
        if mode_class(request.mode).is_battle:
            if (request.tandem is None or request.tandem.lead_replay is None) and self.drift_roster() is None:
                self.menus.main()
                return
            if request.watch is None:  # a watched replay plays the lead it keeps (RunSetup.of_replay)
                request = checked(self, request)
        self.stack.switch(DriveScreen(lambda: new_drive(self, request), self.toggle_pause, self._leave_drive))  # the last one leaves first
        self.career.active = request.event  # a career event's plan (game.content.event_setup), or None
        self.driven = request

    def drift_roster(self):
        """The drift drivers (data/drift_drivers.json with the player's own drift_drivers.json merged over it), read once;
        None (and a notice) when the shipped file is broken; a broken file of the player's is a notice, the shipped play."""
        from game.content.drift_drivers import active_drift_drivers
        from game.safe_json import DataError

        def say(line: str) -> None:
            self.notice = " ".join(m for m in (self.notice, line) if m)

        if self.drift_drivers is None:
            try:
                self.drift_drivers = active_drift_drivers(getattr(self, "catalog", None), warn=say)
            except DataError as e:
                self.notice = str(e)
        return self.drift_drivers

    def toggle_pause(self) -> None:
        """Freeze the drive under the pause menu, or take the pause menu off and drive on."""
        from game.ui.pause_menu import PauseMenu
        from game.ui.photo_mode import open_photo

        top, drive = self.stack.top, self.drive_screen
        if top is not None and top.name == "pause":
            self.stack.pop()
        elif drive is not None and top is drive:
            finish = drive.scene.finish

            def build() -> PauseMenu:
                return PauseMenu(self.toggle_pause, self.restart, self.menus.main, on_finish=finish, on_photo=lambda: open_photo(self))

            self.stack.push(MenuScreen("pause", build, overlay=True, on_key=self._pause_key))

    def _pause_key(self, key: str) -> None:
        """The pause key on the pause menu resumes (its own list takes Esc/B and the rest)."""
        if self.scene.mapper.action_for(key) == "pause":
            self.toggle_pause()

    def restart(self) -> None:
        """Start the drive again from the spawn, as it was asked for."""
        self.drive(self.driven or self.choices.picked("free"))

    def finish_session(self, scene) -> None:
        """The run ended: keep its replay, bank credits and bests, show the results over the frozen drive."""
        from game.ui.results import ResultsScreen

        drive, watching = self.drive_screen, self.watching
        if watching:
            summary = summarize_run(scene.run, self.catalog.car(scene.session.car.id).name, self.world.track.name)
        else:
            summary = self._settle(scene, count_best=True)
            if drive is not None:
                drive.banked = True
        mode, watch = scene.mode, None
        if mode_class(mode).watch_from_results:  # the battle's replay, to watch from its results
            from game.shell.replay_watch import watcher

            watch = watcher(self, summary)
        request = self.driven or self.choices.picked(mode)
        again, to_career = lambda: self.drive(request), None  # noqa: E731
        if self.career.active is not None and not watching:  # the event settled: its stars, the cup's bracket
            summary, again = self.career.settle(scene, summary)
            to_career = self.career.to_grid
        self.last_summary = summary

        submit = self._submitter(scene, summary)

        def build() -> ResultsScreen:
            scene.set_hud_visible(False)  # the results panel replaces the driving HUD
            return ResultsScreen(summary, again, self.menus.main, units=self.settings.units,
                                 judging=getattr(self.rules, "judging", None), on_watch=watch, on_career=to_career, on_submit=submit)

        self.stack.push(MenuScreen("results", build, overlay=True), over=drive)  # in place of the pause menu, if it showed

    def _submitter(self, scene, summary: dict):
        """The results' Submit: it sends the saved replay to the board server. None where it is not offered: no server in
        Settings → Online or Submit turned off there, a replay watched, no replay saved, a run no board ranks (a cup's step
        has none), or one the autopilot drove."""
        from game.content.session_results import replays_dir
        from game.shell.online import Submission, ranked

        name = summary.get("replay_file")
        online = self.settings.online
        if self.watching or not name or not online.submit or not online.server:
            return None
        if not ranked(scene.mode, scene.run.autopilot, self.career.active):
            return None
        path = replays_dir() / str(name)
        return lambda: Submission(self.online, path)

    def _leave_drive(self, drive: DriveScreen) -> None:
        """Leaving a drive early still keeps its replay, its credits and (in Free Drift, if better) its best."""
        if not drive.scene.run.finished:  # a finished one is banked by its results
            summary = self.bank_drive(drive)
            if summary is not None:
                self.notice = summary.get("warning")
        self.driven = None  # no drive on the stack: the next is asked for afresh (a replay watched is over)

    def bank_drive(self, drive: DriveScreen | None = None) -> dict | None:
        """Bank the drive in progress (this one as it leaves the stack, else the one on it) as Finish does in Free Drift:
        a scored mode cut short keeps its credits and sets no best, as leaving it by the pause menu does. Its results
        summary, or None when there is nothing to bank (no drive, a replay being watched, a drive not started, or one
        already banked)."""
        drive = drive or self.drive_screen
        if drive is None or drive.scene is None or drive.banked or self.watching:
            return None
        scene = drive.scene
        if scene.run.finished:  # Finish was picked (or the clock ran out) and its results had no frame to show yet
            summary = self._settle(scene, count_best=True)
        elif scene.session.steps > 0:
            scene.run.finish()
            summary = self._settle(scene, count_best=mode_class(scene.mode).open_ended)  # a best only where the player ends it
        else:
            return None
        drive.banked = True
        self.last_summary = summary
        return summary

    def _settle(self, scene, count_best: bool) -> dict:
        """Keep a run's replay, bank its credits and best, save the profile; the results summary."""
        spec = self.catalog.car(scene.session.car.id)
        self.profile, summary = settle_run(scene.run, self.profile, track_id=self.track_id, car_name=spec.name,
                                           track_name=self.world.track.name, keep_replay=not scene.retuned,
                                           count_best=count_best)
        failed = self.save_profile()
        warnings = [w for w in (summary.get("warning"), failed) if w]
        if warnings:
            summary["warning"] = " ".join(warnings)
        return summary

    def save_profile(self, update=None) -> str | None:
        """Write the profile as it is in memory (`update`: a step applied to it as merged with the file, under the file's
        lock; to the copy in memory if the disk refused); the line to show the player if the disk refused (it is kept
        for a retry)."""
        try:
            self.profile = profiles.save_profile(self.profile_path, self.profile, update)  # merged with another game's saves
        except OSError as e:
            if update is not None:
                self.profile = update(self.profile)
            self.profile_unsaved = True
            return f"Profile not saved: {e.strerror or e}. Progress is kept and saved when there is room."
        self.profile_unsaved = False
        return None

    # ---- what the menus change ------------------------------------------------------------

    def take_notice(self) -> str | None:
        """The line waiting for the next screen, taken (a profile saved at last after a failed save says so too)."""
        if self.profile_unsaved and self.save_profile() is None:
            self.notice = " ".join(m for m in (self.notice, "Your profile is saved now.") if m)
        notice, self.notice = self.notice, None
        return notice

    def use_settings(self, settings) -> None:
        """The settings screen saved these: the game runs with them (a tier picked there replaces --quality)."""
        if settings.quality.tier != self.settings.quality.tier:
            self.quality_override = None
        self.settings = settings

    def use_profile(self, profile) -> None:
        """The garage saved this profile: the game goes on with it."""
        self.profile = profile

    # ---- ursina hooks ------------------------------------------------------------------------

    def update(self) -> None:
        """Once per rendered frame: the screens drawn, then the menus' orbiting camera."""
        dt = self.pacing.frame_dt()
        self.stack.update(dt)
        if self.scene is not None and not self.watching:  # a watched replay drives the cars it keeps, not the game's
            self.catalog = self.scene.catalog  # live retuning may have replaced it
        self.scenery.update(dt)

    def input(self, key: str) -> None:
        """Keys for the top screen (the drive's session keys, the pause key); menus' widgets hear their own."""
        self.stack.input(key)


def _has_own_drift_drivers() -> bool:
    """Whether the player's data folder holds a drift_drivers.json (anything by that name: a bad one is said at once)."""
    import os

    from game.content.drift_drivers import user_drift_drivers_path

    try:
        return os.path.lexists(user_drift_drivers_path())
    except paths.HomeError:
        return False
