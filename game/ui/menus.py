"""The menu screens of a game and the ways between them: the main menu, the garage, the settings, the mode list and the
map picker, each pushed on the game's screen stack and built afresh whenever it comes back on top."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ursina import application

from game.content.session_results import bests_for
from game.shell.request import TandemChoice
from game.sim.run.modes.registry import mode_class
from game.ui.boards.listing import Scope
from game.ui.screens import MenuScreen
from game.view.boot.fast_start import prune_idle_entities


class Menus:
    """Shows the menus of one game (game.shell.app.Game: its catalog, profile, settings, stack and scenery); picking a mode
    and a map ends in `game.drive(request)`, the game's choices with that mode, map and course."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.tandem: tuple[str, str] | None = None  # the (role, opponent) last picked beside Tandem's maps (None: the game's)
        self.board_at = ""  # the board last driven against from Leaderboards: highlighted when they open again

    def main(self) -> None:
        """The main menu over the park, the equipped car parked at the spawn; every other screen leaves."""
        self.game.stack.switch(MenuScreen("main", self._main))

    def back(self) -> None:
        """Esc / B / Back: the screen below, or the main menu where this one was the first (--car starts on the modes)."""
        if len(self.game.stack) > 1:
            self.game.stack.pop()
        else:
            self.main()

    def _main(self):
        from game.ui.main_menu import MainMenu

        g = self.game
        notice = g.take_notice()
        actions = {"Drive": self.modes, "Garage": self.garage, "Leaderboards": self.boards, "Settings": self.settings,
                   "Quit": application.quit}
        spec = g.catalog.car(g.car_id())
        menu = MainMenu(actions, notice, subtitle=f"{spec.name}   ·   {g.profile.credits:,} credits")
        g.draw_world()
        g.scenery.park(g.world, spec, g.profile.paint.get(spec.id), catalog=g.catalog, **g.profile.looks(spec.id))
        prune_idle_entities()
        return menu

    def settings(self) -> None:
        """The settings screen; every change is saved and applied at once (to the drive too, were one on the stack)."""
        from game.ui.apply_settings import apply_settings
        from game.ui.settings.menu import SettingsMenu

        g = self.game

        def changed(s) -> None:
            g.use_settings(s)
            apply_settings(s, g.scene)

        def build() -> SettingsMenu:
            g.scenery.release()  # a changed tier or shadows draw the park anew
            return SettingsMenu(g.settings, changed, self.back, path=g.settings_path)

        g.stack.push(MenuScreen("settings", build))

    def garage(self) -> None:
        """The garage: browse, buy, equip and paint cars; each change is saved at once."""
        from game.ui.garage import Garage

        g = self.game

        def build() -> Garage:
            g.scenery.release()  # the garage has its own stage
            return Garage(g.catalog, g.profile, g.use_profile, self.back, profile_path=g.profile_path)

        g.stack.push(MenuScreen("garage", build))

    def modes(self) -> None:
        """Drive: pick a mode first, then a map that hosts it (with --track, only that map's modes and no picker)."""
        self.game.stack.push(MenuScreen("mode_select", self._modes))

    def _modes(self):
        from game.content.tracks import track_ids
        from game.sim.run.modes.registry import hosted_modes
        from game.ui.mode_select import ModeSelect

        g = self.game
        if g.track_fixed:  # --track: this map's modes only (the career drives every map, so it is not offered here)
            bests = bests_for(g.profile, g.car_id(), g.track_id, g.catalog)
            return ModeSelect(lambda mode: g.drive(g.choices.picked(mode)), self.back, bests, modes=hosted_modes(g.world.track),
                              notes=self._mode_notes())
        career = self._career_row()
        bests: dict[str, int] = {}
        for tid in track_ids():
            for mode, score in bests_for(g.profile, g.car_id(), tid, g.catalog).items():
                bests[mode] = max(score, bests.get(mode, score))
        return ModeSelect(self._or_career(self.maps), self.back, bests, notes=self._mode_notes(), **career)  # the best on any map

    def _career_row(self) -> dict:
        """The Career row first on the mode list, or (data/events.json broken) no row and the one line under the list."""
        from game.ui.mode_select import CAREER

        cp = self.game.career
        if cp.career is None:
            return {"footer": cp.problem}
        from game.sim.career.unlocks import career_stars, max_stars

        stars = f"{career_stars(cp.career, cp.progress)} / {max_stars(cp.career)}"  # the total alone, not the grid's view
        blurb = "Events with star targets on every map and mode, tier by tier, up to the Sideways Cup."
        return {"extra": ((CAREER, "Career", blurb, "STARS", stars),)}

    def _or_career(self, on_pick):
        """The mode list's pick: the Career row opens the career grid, a mode goes on as before."""
        from game.ui.mode_select import CAREER

        return lambda mode: self.game.career.show() if mode == CAREER else on_pick(mode)

    def _mode_notes(self) -> dict[str, str]:
        """The handling model on the Parking card: Simulation (clutch, gears) is the one parking was made for."""
        from game.sim.models.model_registry import MODELS

        model = MODELS.get(self.game.model_id(self.game.car_id()))
        name = getattr(model, "name", "Arcade")
        return {"parking": f"Handling: {name}" + ("" if "sim" in name.lower() else "  (Simulation suits it best: set it in the Garage)")}

    def maps(self, mode: str) -> None:
        """The maps that host this mode, with their previews and your bests on them; picking one starts the drive."""
        self.game.stack.push(MenuScreen("map_picker", lambda: self._maps(mode)))

    def _maps(self, mode: str):
        from game.content.tracks import track_ids
        from game.ui.map_picker import MapPicker, map_cards, tandem_picks

        g = self.game
        cid = g.car_id()
        bests = {tid: b[mode] for tid in track_ids() if mode in (b := bests_for(g.profile, cid, tid, g.catalog))}
        cards = map_cards(g.catalog, mode, bests, track_ids())

        tandem = tandem_picks(g.drift_roster(), self._tandem(), self._picked) if mode_class(mode).setup_record is not None else None  # beside the map

        def pick(track_id: str, course: str = "") -> None:
            g.drive(g.choices.picked(mode, track=track_id, course=course, tandem=self._tandem()))

        boards = (lambda track_id: self.boards(Scope(map=track_id, mode=mode))) if mode_class(mode).board else None
        return MapPicker(mode, cards, pick, self.back, selected=g.track_id, car_name=g.catalog.car(cid).name, tandem=tandem,
                         car_names={k: c.name for k, c in g.catalog.cars.items()}, on_boards=boards)

    def boards(self, scope: Scope | None = None) -> None:
        """Leaderboards: the board server's boards (all of them, a map's for a mode, or a career event's), each board's top
        runs and your own, and a run raced as a ghost or chased as a lead."""
        self.game.stack.push(MenuScreen("boards", lambda: self._boards(scope or Scope())))

    def _boards(self, scope: Scope):
        from game.sim.models.model_registry import MODELS
        from game.ui.boards.browser import BoardsBrowser
        from game.ui.boards.screen import BoardsScreen

        g = self.game
        browser = BoardsBrowser(g.online, scope, self.board_at)
        return BoardsScreen(browser, g.online.server or "no server set", self._scope_label(scope), lambda ready: self._drive_board(browser, ready),
                            self.back, {k: c.name for k, c in g.catalog.cars.items()}, {k: m.name for k, m in MODELS.items()})

    def _scope_label(self, scope: Scope) -> str:
        from game.content.tracks import load_track
        from game.safe_json import DataError
        from game.sim.run.modes.registry import MODES

        if scope.event:
            cp = self.game.career
            event = cp.career.get(scope.event) if cp.career is not None else None
            return f"Career · {getattr(event, 'name', scope.event)}"
        if scope.map:
            try:
                name = load_track(scope.map, self.game.catalog.surfaces).name
            except DataError:
                name = scope.map
            return f"{name} · {MODES[scope.mode].name}" if scope.mode in MODES else name
        return "All boards"

    def _drive_board(self, browser, ready) -> bool:
        """Race a downloaded board run as the ghost, or chase it as the lead; one line on the screen when it cannot be."""
        from game.shell.board_drive import chase_request, ghost_request
        from game.sim.replay.format import ReplayError
        from game.ui.boards.browser import GHOST

        g = self.game
        try:
            if ready.kind == GHOST:
                request = ghost_request(g, ready.replay, ready.row, ready.board)
            else:
                request = chase_request(g, ready.replay, ready.row)
        except (ReplayError, ValueError) as e:
            browser.status = f"This run cannot be driven here: {e}"
            return False
        self.board_at = ready.board["id"]
        g.drive(request)
        return True

    def _picked(self, role: str, opponent: str) -> None:
        """Tandem's role or opponent changed beside the maps: the next Tandem drives take them."""
        self.tandem = (role, opponent)

    def _tandem(self) -> TandemChoice | None:
        """Tandem's picks for the next drive: the game's (the command line's role, opponent or replay lead), with the role
        and opponent picked beside the maps."""
        base = self.game.choices.tandem
        if self.tandem is None:
            return base
        return replace(base or TandemChoice(), role=self.tandem[0], opponent=self.tandem[1])

