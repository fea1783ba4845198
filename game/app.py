"""The game's screens and their flow: menu -> mode -> drive <-> pause -> results, on one ursina app."""

from __future__ import annotations

import time as wallclock

from ursina import Entity, application, held_keys, time

from game import paths
from game.commands.common import CommandError, playable_world, world_for
from game.content import profile as profiles
from game.content import settings as settings_mod
from game.content.scoring_rules import load_scoring_rules
from game.content.session_results import best_replay, bests_for, settle_run, summarize_run
from game.content.tracks import track_path
from game.sim.models.registry import DEFAULT_MODEL
from game.sim.params import Catalog
from game.content.replays import file_digest
from game.sim.run.setup import RunSetup
from game.view.boot.fast_start import prune_idle_entities

MAX_FRAME_DT = 0.1  # a hitch longer than this is not simulated (the clock also caps steps)


class Game(Entity):
    """Owns the catalog, the profile, the settings and whichever screen is showing."""

    def __init__(self, catalog: Catalog, track: str | None = None, car: str | None = None, catalog_path=None,
                 mode: str | None = None, script=None, fixed_dt: float | None = None, spectate=None, spawn=None,
                 notice: str | None = None, world=None,
                 model: str | None = None, quality: str | None = None, ai: int | None = None):  # fmt: skip
        super().__init__()
        self.ai = ai  # --ai N: this many AI cars in any mode (else the settings decide)
        self.catalog = catalog
        self.catalog_path = catalog_path
        self.rules = load_scoring_rules()
        self.fixed_dt = fixed_dt  # headless runs advance sim time by a fixed amount per frame
        self.script = script
        self.spectate = spectate  # a Replay being watched: nothing is banked or saved
        self.spawn = spawn
        self.track_id = track or paths.DEFAULT_TRACK
        self.track_fixed = track is not None  # --track: no map picker, only the modes this map hosts
        self.settings_path = settings_mod.settings_path()
        self.profile_path = profiles.profile_path()
        s = settings_mod.load_settings(self.settings_path)
        self.settings = s.settings
        p = profiles.load_profile(self.profile_path, list(catalog.cars), catalog.starter_ids, catalog.economy.starting_credits)
        self.profile = p.profile
        self.quality_override = quality  # --quality: this run only, not saved
        saved = self._pick_tier()
        self.notice = " ".join(m for m in (notice, p.message, s.message, saved) if m) or None
        self.car_override = car
        self.model_override = model  # a handling model id for every drive (else each car's choice in the profile)
        self.world = world if world is not None else world_for(catalog, track=self.track_id)
        self.track_digest = file_digest(track_path(self.track_id))
        self.scene = None
        self.menu = None
        self.pause = None
        self.results = None
        self.last_summary: dict | None = None
        self.profile_unsaved = False  # a save failed (full or read-only disk): try again at the next screen change
        self.backdrop = None
        self.backdrop_parts: list = []
        self.world_view = None  # shared by the menu backdrop and every drive; rebuilt only after the garage or settings
        from game.session_end import watch

        watch(self, application.base)  # closing the window, SIGTERM, SIGHUP or Ctrl+C bank the drive as Finish does
        if mode:
            self.begin_session(mode)
        elif car:
            self.start_drive()
        else:
            self.show_main_menu()

    # ---- quality -----------------------------------------------------------------------------

    def _pick_tier(self) -> str | None:
        """A fresh profile gets the tier that suits this machine, saved (in a window) so the player can change it."""
        from dataclasses import replace

        from ursina import application

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

    # ---- screens -----------------------------------------------------------------------------

    def car_id(self) -> str:
        """The car to drive: --car, else the profile's equipped car."""
        return self.car_override or self.profile.equipped

    def model_id(self, car_id: str) -> str:
        """The handling model to drive this car with: a watched replay's, --model, else the profile's choice."""
        if self.spectate is not None:
            return getattr(self.spectate, "model", DEFAULT_MODEL)
        return self.model_override or profiles.handling_for(self.profile, self.catalog.car(car_id))

    def show_main_menu(self) -> None:
        """The main menu over the park, the equipped car parked at the spawn."""
        from ursina import application

        from game.ui.main_menu import MainMenu

        self._clear(keep_world=True)
        if self.profile_unsaved and self._save_profile() is None:
            self.notice = " ".join(m for m in (self.notice, "Your profile is saved now.") if m)
        actions = {"Drive": self.start_drive, "Garage": self.show_garage, "Settings": self.show_settings, "Quit": application.quit}
        spec = self.catalog.car(self.car_id())
        self.menu = MainMenu(actions, self.notice, subtitle=f"{spec.name}   ·   {self.profile.credits:,} credits")
        self.notice = None
        self._show_backdrop(spec)
        prune_idle_entities()

    def _world_view(self):
        """The park as drawn: built once and shared by the menus' backdrop and every drive on this track."""
        from game.view.world.world_view import WorldView

        if self.world_view is None:
            self.world_view = WorldView(self.world, self.catalog, self.tier, shadows=self.settings.quality.shadows)
        return self.world_view

    def _show_backdrop(self, spec) -> None:
        """The equipped car parked at the spawn with the camera orbiting it (kept if already showing)."""
        from game.ui.main_menu import OrbitBackdrop
        from game.view.cars.car_model import CarModel

        wv = self._world_view()
        if self.backdrop is not None:
            return
        x, z, hd = self.world.spawn
        y = self.world.ground(x, z)[0]
        model = CarModel(spec, self.profile.paint.get(spec.id))
        model.update_static(hd, 0.0, (x, y, z))
        wv.follow(x, z)
        self.backdrop_parts = [model]
        self.backdrop = OrbitBackdrop(x, y, z, radius=9.0, height=2.6)

    def show_settings(self) -> None:
        """The settings screen; every change is saved and applied at once."""
        from game.ui.apply_settings import apply_settings
        from game.ui.settings_menu import SettingsMenu

        def changed(s) -> None:
            self.quality_override = None if s.quality.tier != self.settings.quality.tier else self.quality_override
            self.settings = s
            apply_settings(s, self.scene)

        self._clear()
        self.menu = SettingsMenu(self.settings, changed, self.show_main_menu, path=self.settings_path)

    def start_drive(self) -> None:
        """Drive: pick a mode first, then a map that hosts it (with --track, only that map's modes and no picker)."""
        from game.content.tracks import track_ids
        from game.sim.run.drift_run import hosted_modes
        from game.ui.mode_select import ModeSelect

        self._clear(keep_world=True, keep_backdrop=True)
        if self.track_fixed:
            bests = bests_for(self.profile, self.car_id(), self.track_id, self.catalog)
            self.menu = ModeSelect(self.begin_session, self.show_main_menu, bests, modes=hosted_modes(self.world.track),
                                   notes=self._mode_notes())  # fmt: skip
            return
        bests: dict[str, int] = {}
        for tid in track_ids():
            for mode, score in bests_for(self.profile, self.car_id(), tid, self.catalog).items():
                bests[mode] = max(score, bests.get(mode, score))
        self.menu = ModeSelect(self.show_map_picker, self.show_main_menu, bests, notes=self._mode_notes())  # best on any map

    def _mode_notes(self) -> dict[str, str]:
        """The handling model on the Parking card: Simulation (clutch, gears) is the one parking was made for."""
        from game.sim.models.registry import MODELS

        model = MODELS.get(self.model_id(self.car_id()))
        name = getattr(model, "name", "Arcade")
        return {"parking": f"Handling: {name}" + ("" if "sim" in name.lower() else "  (Simulation suits it best: set it in the Garage)")}

    def show_map_picker(self, mode: str) -> None:
        """The maps that host this mode, with their previews and your bests on them; picking one starts the drive."""
        from game.content.tracks import track_ids
        from game.ui.map_picker import MapPicker, map_cards

        self._clear(keep_world=True, keep_backdrop=True)
        cid = self.car_id()
        bests = {tid: b[mode] for tid in track_ids() if mode in (b := bests_for(self.profile, cid, tid, self.catalog))}
        cards = map_cards(self.catalog, mode, bests, track_ids())

        def pick(track_id: str) -> None:
            try:
                self.use_track(track_id)
            except CommandError as e:  # the map's file changed since the picker listed it, and is broken now
                self.notice = str(e)
                self.show_main_menu()
                return
            self.begin_session(mode)

        self.menu = MapPicker(mode, cards, pick, self.start_drive, selected=self.track_id, car_name=self.catalog.car(cid).name)

    def use_track(self, track_id: str) -> None:
        """Make this map the one driven (its world and drawing are built now, the old ones let go)."""
        if track_id == self.track_id:
            return
        world = playable_world(self.catalog, track_id)  # CommandError (one line) if the file is broken: nothing changed
        self._clear()  # the old map's drawing and the menus' parked car go with it
        self.track_id = track_id
        self.world = world
        self.track_digest = file_digest(track_path(track_id))

    def begin_session(self, mode: str) -> None:
        """A drive in a mode on the current track with the chosen car; the best run so far races along as a ghost."""
        from game.view.drive.drive_scene import DriveScene

        self._clear(keep_world=True)
        cid = self.car_id()
        ghost = None
        if mode in ("timed", "zones", "parking") and self.spectate is None:
            replay = best_replay(self.profile, cid, self.track_id, mode, self.catalog, self.rules, self.track_digest)
            ghost = replay or None
        paint = self.spectate.paint if self.spectate else self.profile.paint.get(cid)
        ai_count, drivers, seed = self._traffic_for(mode)
        setup = RunSetup(self.catalog, cid, self.world, self.rules, mode=mode, model=self.model_id(cid), seed=seed, spawn=self.spawn,
                         paint=paint or self.catalog.car(cid).color, track_id=self.track_id, track_digest=self.track_digest,
                         created=wallclock.strftime("%Y-%m-%dT%H:%M:%S"), ai_count=ai_count, drivers=drivers, ghost=ghost)  # fmt: skip
        self.scene = DriveScene(setup, self.settings, script=self.script, catalog_path=self.catalog_path, on_finish=self.finish_session,
                                max_frame_dt=self.fixed_dt, world_view=self._world_view(), tier=self.tier)  # fmt: skip
        prune_idle_entities()
        if self.notice:  # e.g. a restart whose unfinished run could not be saved
            self.scene.hud.show_message(self.notice, 6.0)
            self.notice = None

    def _traffic_for(self, mode: str) -> tuple[int, object, int]:
        """(AI cars, driver roster, session seed): a replay's own; else --ai or the settings (none in scored modes unless asked)."""
        from game.content.drivers import load_drivers
        from game.safe_json import DataError

        if self.spectate is not None:
            count, seed = self.spectate.ai_count, self.spectate.seed
        else:
            count = settings_mod.ai_cars_for(self.settings, mode, self.ai)
            seed = 0 if self.fixed_dt is not None else int(wallclock.time() * 1000) % 2**31  # headless runs repeat exactly
        if count <= 0:
            return 0, None, seed
        try:
            return count, load_drivers(), seed
        except DataError as e:
            self.notice = f"{e} — driving without AI cars"
            return 0, None, seed

    def finish_session(self, scene) -> None:
        """The run ended: keep its replay, bank credits and bests, show the results over the frozen scene."""
        from game.ui.results import ResultsScreen

        if self.pause:
            self.pause.destroy()
            self.pause = None
        scene.set_paused(True)
        scene.set_hud_visible(False)  # the results panel replaces the driving HUD
        if self.spectate is not None:
            summary = summarize_run(scene.run, self.catalog.car(scene.session.car.id).name, self.world.track.name)
        else:
            summary = self._settle(scene, count_best=True)
        self.last_summary = summary
        mode = scene.mode
        self.results = ResultsScreen(summary, lambda: self.begin_session(mode), self.show_main_menu, units=self.settings.units)

    def show_garage(self) -> None:
        """The garage: browse, buy, equip and paint cars; each change is saved at once."""
        from game.ui.garage import Garage

        def changed(p: profiles.Profile) -> None:
            self.profile = p

        self._clear()
        self.menu = Garage(self.catalog, self.profile, changed, self.show_main_menu, profile_path=self.profile_path)

    def _settle(self, scene, count_best: bool) -> dict:
        """Keep a run's replay, bank its credits and best, save the profile; the results summary."""
        spec = self.catalog.car(scene.session.car.id)
        self.profile, summary = settle_run(scene.run, self.profile, track_id=self.track_id, car_name=spec.name,
                                           track_name=self.world.track.name, keep_replay=not scene.retuned,
                                           count_best=count_best)  # fmt: skip
        failed = self._save_profile()
        warnings = [w for w in (summary.get("warning"), failed) if w]
        if warnings:
            summary["warning"] = " ".join(warnings)
        return summary

    def _save_profile(self) -> str | None:
        """Write the profile as it is in memory; the line to show the player if the disk refused (it is kept for a retry)."""
        try:
            self.profile = profiles.save_profile(self.profile_path, self.profile)  # merged with another game's saves
        except OSError as e:
            self.profile_unsaved = True
            return f"Profile not saved: {e.strerror or e}. Progress is kept and saved when there is room."
        self.profile_unsaved = False
        return None

    def _keep_unfinished(self, scene) -> None:
        """Leaving a drive early still keeps its replay, its credits and (in Free Drift, if better) its best."""
        scene.run.finish()
        self.notice = self._settle(scene, count_best=scene.mode == "free").get("warning")

    def toggle_pause(self) -> None:
        """Pause or resume the session."""
        from game.ui.pause_menu import PauseMenu

        if self.scene is None:
            return
        if self.pause:
            self.pause.destroy()
            self.pause = None
            self.scene.set_paused(False)
        else:
            self.scene.set_paused(True)
            self.pause = PauseMenu(self.toggle_pause, self.restart, self.show_main_menu, on_finish=self.scene.finish)

    def restart(self) -> None:
        """Start the session again from the spawn, in the same mode."""
        self.begin_session(self.scene.mode if self.scene else "free")

    def _clear(self, keep_world: bool = False, keep_backdrop: bool = False) -> None:
        """Remove the screen showing; the drawn park and the menus' parked car stay when asked to."""
        if self.scene is not None and not self.scene.run.finished and self.spectate is None and self.scene.session.steps > 0:
            self._keep_unfinished(self.scene)
        for attr in ("scene", "menu", "pause", "results"):
            part = getattr(self, attr)
            if part is not None:
                part.destroy()
                setattr(self, attr, None)
        if not keep_backdrop:
            for part in self.backdrop_parts:
                part.destroy()
            self.backdrop_parts = []
            self.backdrop = None
        if not keep_world and self.world_view is not None:
            self.world_view.destroy()
            self.world_view = None

    # ---- ursina hooks ------------------------------------------------------------------------

    def update(self) -> None:
        """Once per rendered frame."""
        dt = self.fixed_dt if self.fixed_dt is not None else min(time.dt, MAX_FRAME_DT)
        if self.scene is not None:
            self.scene.frame(dt, held_keys)
            self.catalog = self.scene.catalog  # live retuning may have replaced it
        elif self.backdrop is not None:
            self.backdrop.update(dt)

    def input(self, key: str) -> None:
        """Session keys (pause, camera, reset, mute, debug); menus handle their own keys."""
        if self.scene is None or self.results is not None:
            return
        if key == "space" and _held("control") and _held("shift") and self.pause is None:
            self.scene.toggle_ai_overlay()  # Ctrl+Shift+Space, as in the AI-car note
            return
        if key == "left mouse down" and self.pause is None:
            self.scene.click_ground()  # send the AI cars where the pointer is on the ground
            return
        action = self.scene.mapper.action_for(key)
        if action == "pause":
            self.toggle_pause()
        elif action and self.pause is None:
            self.scene.on_action(action)


def _held(modifier: str) -> bool:
    """Either key of a modifier held (ursina names them 'left control', 'right shift', ...)."""
    return bool(held_keys[modifier] or held_keys[f"left {modifier}"] or held_keys[f"right {modifier}"])
