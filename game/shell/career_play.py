"""The career in the game: the events read once (hidden, with one line, where data/events.json is broken), an event started
with its rules, its end settled into the profile (stars, best, credits, unlocks, the cup's bracket) and saved, and the
screens between (the grid, the bracket). The window and `play --headless --event` share every step of it."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING

from game.commands.common import CommandError
from game.content.profile import set_career
from game.shell.request import DriveRequest
from game.sim.career.event import DONE_ROUND, PLAYER, QUALIFYING_ROUND, Cup
from game.sim.career.progress import CareerProgress
from game.sim.career.words import round_word

if TYPE_CHECKING:
    from game.content.event_setup import EventPlan
    from game.sim.career.event import Career


class CareerPlay:
    """The Game's career: what it is (read lazily), the event being driven (`active`, an EventPlan) and what follows a run."""

    def __init__(self, game) -> None:
        self.game = game
        self._career: Career | None = None
        self._tried = False
        self.problem: str | None = None  # the one line of a broken data/events.json (the career is then hidden)
        self.active: EventPlan | None = None  # the EventPlan being driven (None: a drive of the menus)
        self._names = None
        self._tracks: dict | None = None  # every map that reads, by id (read with the career)

    # ---- what the career is ----------------------------------------------------------------

    @property
    def career(self):
        """The Career of data/events.json, or None (and `problem` says why) when it cannot be read."""
        if not self._tried:
            self._tried = True
            from game.content.career_names import readable_tracks
            from game.content.events import load_career
            from game.safe_json import DataError

            self._tracks = readable_tracks(self.game.catalog)  # read once: the events' checks and the screens' names
            try:
                self._career = load_career(self.game.catalog, self.game.drift_roster(), maps=self._tracks)
            except (DataError, OSError, ValueError, ImportError) as e:
                self.problem = f"Career unavailable: {e}"
        return self._career

    @property
    def progress(self) -> CareerProgress:
        return getattr(self.game.profile, "career", None) or CareerProgress()

    def names(self):
        """Display names for the screens (maps, modes, cars, drift drivers, handling models)."""
        if self._names is None:
            from game.content.career_names import names_for, readable_tracks

            g = self.game
            tracks = self._tracks if self._tracks is not None else readable_tracks(g.catalog)
            self._names = names_for(g.catalog, g.drift_roster(), tracks)[0]
        return self._names

    def view(self):
        """The career grid's view model for the profile as it is now."""
        from game.sim.career.cards import career_view

        return career_view(self.career, self.progress, self.names())

    # ---- starting an event -----------------------------------------------------------------

    def start(self, event_id: str) -> None:
        """Drive this event (a cup: its next step) with its rules; CommandError (one line) for an unknown or locked event,
        or a map that cannot be read (nothing changes then)."""
        from game.content.event_setup import plan_event
        from game.sim.career.unlocks import locked_line
        from game.sim.models.model_registry import MODELS

        career = self.career
        if career is None:
            raise CommandError(self.problem or "the career is not available")
        try:
            event = career.get(event_id)
        except ValueError as e:
            raise CommandError(str(e)) from None
        locked = locked_line(career, self.progress, event)
        if locked:
            raise CommandError(locked)
        g = self.game
        g.use_track(event.map)  # CommandError where the map is broken; its digest is known from here on
        plan = plan_event(career, event, g.profile, g.catalog, g.drift_roster(), g.rules, track_digest=g.track_digest)
        model = g.choices.model
        if model and not event.model and MODELS[model].supports(g.catalog.car(plan.car_id)):
            plan = replace(plan, model=model)  # --model, where the event leaves the model to the player
        if plan.ghost_note:
            g.notice = plan.ghost_note
        elif plan.loaned:
            g.notice = f"{g.catalog.car(plan.car_id).name} lent for {event.name}"
        # the event decides the car, model, course and opponent; --autopilot and --inputs still drive car 0
        g.drive(DriveRequest(mode=plan.mode, track=event.map, course=plan.course, autopilot=g.choices.autopilot, script=g.choices.script,
                             event=plan))

    def boot(self, event_id: str) -> None:
        """--event: the game opens on the event (`sideways play` has refused an unknown or locked one before the engine
        started; should it be locked by now, a headless run raises CommandError and a window opens on the main menu saying
        why). The event chose the map, not --track: Drive offers every map afterwards."""
        self.game.track_fixed = False
        if self.game.pacing.frame_dt_s is not None:
            self.start(event_id)
        else:
            self.pick(event_id)

    def pick(self, event_id: str) -> None:
        """The grid's pick: the event starts, or the grid comes back with the line saying why not."""
        try:
            self.start(event_id)
        except CommandError as e:
            self.game.notice = str(e)
            self.game.menus.main()

    # ---- a run's end ------------------------------------------------------------------------

    def settle(self, scene, summary: dict):
        """The finished run of the active event, settled into the profile and saved: (the results summary with its
        "event" block (and "cup"), what "Drive again" does next)."""
        plan, career = self.active, self.career
        assert plan is not None and career is not None  # the game settles a run here only while an event is driven
        score = scene.run.score
        replay = summary.get("replay_file")
        date = time.strftime("%Y%m%d-%H%M%S")
        if plan.is_cup:
            block, cup_block, again, failed = self._settle_cup(plan, scene, score, replay, date)
        else:
            from game.sim.career.stars import settle_event

            progress, outcome = settle_event(career, self.progress, plan.event, score, replay=replay, date=date)
            self.game.profile = _banked(self.game.profile, progress, outcome.credits, plan.event)
            block, cup_block = _block(outcome), None
            event_id = plan.event.id
            again = lambda: self.pick(event_id)  # noqa: E731
            failed = self.game.save_profile()
        names = self.names()
        block |= {"name": plan.event.name, "unlocked_names": [career.get(i).name for i in block.get("unlocked", ())],
                  "loaned": plan.loaned, "round": plan.round}
        summary = dict(summary, event=block, event_names={e.id: e.name for e in career.events})
        if cup_block is not None:
            summary["cup"] = cup_block
            summary["cup_names"] = dict(names.drivers)
            summary["again_label"] = "See the bracket"
        warnings = (summary.get("warning"), block.get("note"), failed)
        if any(warnings):
            summary["warning"] = " ".join(w for w in warnings if w)
        return summary, again

    def _settle_cup(self, plan, scene, score: int, replay, date: str):
        """A cup step, settled and saved against the bracket as it is on disk (another game in the same home may have
        moved it meanwhile): (event block, cup block, what "Drive again" does, the save's failure line or None)."""
        cup: Cup = plan.event
        battle = scene.run.game_mode.battle if plan.round != QUALIFYING_ROUND else None
        seed = scene.run.setup.seed
        settled = {}

        def step(profile):
            profile, settled["block"], settled["record"] = self._cup_step(profile, plan, battle, score, seed, replay, date)
            return profile

        failed = self.game.save_profile(update=step)
        block, record = settled["block"], settled["record"]
        cup_block = {k: v for k, v in record.to_json().items() if k != "seed"} if record is not None else None  # less its draw's seed
        return block, cup_block, lambda: self.bracket(cup.id), failed

    def _cup_step(self, profile, plan, battle, score: int, seed: int, replay, date: str):
        """The profile with the cup step settled (qualifying seeds the bracket, a battle advances it, the attempt's end
        settles the cup's stars), its event block and the cup's record; a step the bracket no longer holds open (another
        game recorded it, or moved the cup on) changes nothing and its block's note says so."""
        from game.sim.career import bracket

        cup: Cup = plan.event
        progress = getattr(profile, "career", None) or CareerProgress()
        record = progress.cups.get(cup.id)
        standing = bracket.step_standing(cup, plan.planned, record, plan.round, plan.opponent)
        if standing != bracket.OPEN:
            return profile, self._held_block(cup, progress, plan, record, score) | {"note": self._step_note(plan, record, standing)}, record
        if plan.round == QUALIFYING_ROUND:
            if record is None or record.round != QUALIFYING_ROUND:
                record = bracket.start_cup(cup, record, seed + (record.attempts if record else 0))
            record = bracket.after_qualifying(cup, record, score)
        else:
            assert record is not None  # a battle is planned from the bracket qualifying seeded
            mine, theirs = (float(x) for x in battle.scores)
            winner = "" if battle.winner is None else PLAYER if battle.winner == 0 else plan.opponent  # "": a battle cut short goes by the scores
            record = bracket.after_battle(cup, record, self.game.rules.tandem, mine, theirs, battle.one_more_times, winner, replay=replay)
        progress = bracket.with_cup(progress, cup.id, record)
        if record.round != DONE_ROUND:
            return set_career(profile, progress), self._held_block(cup, progress, plan, record, score), record
        progress, outcome = bracket.settle_cup(self.career, progress, cup, record, replay, date)
        return _banked(profile, progress, outcome.credits, cup), _block(outcome) | {"kind": "cup"}, record

    def _held_block(self, cup: Cup, progress: CareerProgress, plan, record, score: int) -> dict:
        """The event block of a cup step that settles no stars: qualifying's score, else the battles won this attempt."""
        from game.sim.career.bracket import battles_won
        from game.sim.career.stars import stars_for

        qualifying = plan.round == QUALIFYING_ROUND
        targets = tuple(cup.qualifying_targets if qualifying else cup.targets)
        if not qualifying:
            score = battles_won(record) if record is not None else 0  # the cup's score: battles won so far
        best = progress.events.get(cup.id)
        held = best.stars if best is not None else 0
        return {"id": cup.id, "score": score, "stars": stars_for(score, targets), "targets": list(targets), "credits": 0, "unlocked": [],
                "best": best.best if best is not None else None, "stars_before": held, "stars_after": held, "new_stars": 0,
                "kind": "" if qualifying else "cup"}

    def _step_note(self, plan, record, standing: str) -> str:
        """The one line saying why a cup step was not recorded: another game recorded it, or moved the cup on."""
        from game.sim.career.bracket import RECORDED, player_battle

        if plan.round == QUALIFYING_ROUND:
            return "Another game settled this cup's qualifying first: this run is not in the bracket (its credits still count)."
        what = round_word(plan.round, "battle")
        if standing == RECORDED:
            mine = player_battle(record, plan.round, plan.opponent)
            won = mine is not None and mine.winner == PLAYER
            return (f"This {what} was already recorded by another game (you {'won' if won else 'lost'} it there); "
                    "this run's credits still count.")
        return f"Another game moved the cup on meanwhile: this {what} is not in the bracket (its credits still count)."

    # ---- screens ----------------------------------------------------------------------------

    def show(self) -> None:
        """Drive -> Career: the grid of tiers and event cards."""
        from game.ui.screens import MenuScreen

        self.game.stack.push(MenuScreen("career_grid", self._grid))

    def _grid(self):
        from game.ui.career.grid import CareerGrid

        g = self.game
        g.scenery.release()
        selected = self.active.event.id if self.active is not None else None
        return CareerGrid(self.view(), self.pick, g.menus.back, selected=selected, drives=self.drives(), on_boards=self._boards)

    def _boards(self, event_id: str) -> None:
        """L on a card: the event's leaderboard (a cup has none: its battles are decided against a field)."""
        from game.sim.career.event import Cup
        from game.ui.boards.listing import Scope

        if self.career is not None and isinstance(self.career.get(event_id), Cup):
            return
        self.game.menus.boards(Scope(event=event_id))

    def drives(self) -> dict[str, str]:
        """By event id, the car the player would drive there ("Sprite Hatch", "Vortex GT (loan car)"), for the grid's detail."""
        from game.sim.career.entry import car_for

        g, out = self.game, {}
        for event in self.career.events:
            car_id, loaned = car_for(event, tuple(g.profile.owned), g.profile.equipped)
            name = g.catalog.cars[car_id].name if car_id in g.catalog.cars else car_id
            out[event.id] = f"{name} (loan car)" if loaned else name
        return out

    def bracket(self, cup_id: str) -> None:
        """The cup's bracket as it stands: Continue drives the player's next step (none once the attempt is over)."""
        from game.ui.screens import MenuScreen

        self.game.stack.switch(MenuScreen("cup_bracket", lambda: self._bracket(cup_id)))

    def _bracket(self, cup_id: str):
        from game.sim.career.bracket import bracket_rows
        from game.ui.cup_bracket import BracketScreen

        g = self.game
        g.scenery.release()
        cup = self.career.get(cup_id)
        record = self.progress.cups.get(cup_id)
        rows = bracket_rows(cup, record)
        over = record is None or record.round == DONE_ROUND
        go = None if over else (lambda: self.pick(cup_id))
        label = f"Drive the {round_word(record.round, 'next battle')}" if record is not None and not over else ""
        return BracketScreen(rows, self.names().drivers, cup.name, go, self.to_grid, continue_label=label)  # its subtitle says where you stand

    def to_grid(self) -> None:
        """From the bracket: the main menu under the mode list under the grid, as Drive -> Career leaves them."""
        self.active = None
        self.game.menus.main()
        self.game.menus.modes()
        self.show()


def _banked(profile, progress: CareerProgress, credits: int, event):
    """The profile with this career progress and the credits its new stars paid (noted, so a star another game was
    paid for too is paid once)."""
    from game.content.profile import add_credits, paid_for_stars

    profile = set_career(profile, progress)
    if credits:
        profile = add_credits(profile, credits)
        paid_for_stars(profile, event.id, event.credits_per_star)
    return profile


def _block(outcome) -> dict:
    """The results' and the stats JSON's event block of a settled run (the stars held before and after too)."""
    return outcome.to_json() | {"stars_before": outcome.stars_before, "stars_after": outcome.stars_after}
