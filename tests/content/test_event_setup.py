"""A career event planned and settled (game.content.event_setup, game.shell.career_play) on a small hand-made career: the car
and model it is driven with, a cup's next step, and the cup played from qualifying to its end through the glue."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.content import profile as profiles
from game.content.event_setup import plan_event, run_setup_for
from game.shell.career_play import CareerPlay
from game.shell.request import DriveRequest
from game.sim.career.event import DONE_ROUND, PLAYER, QUALIFYING_ROUND, Career, Cup, Event, FieldEntry, Tier

FIELD = tuple(FieldEntry(d, q, m, 8.0) for d, q, m in (("rin", 95, 150), ("vera", 80, 120), ("marco", 78, 118), ("hugo", 70, 105),
                                                          ("duke", 60, 95), ("ines", 55, 90), ("lulu", 45, 70)))


def _career() -> Career:
    tiers = (Tier("t1", "Rookie", 0), Tier("t2", "Cup", 2))
    events = (
        Event("park_timed", "Park Sprint", "t1", "sideways_park", "timed", targets=(100, 200, 300), credits_per_star=50),
        Event("yard_park", "Yard Parking", "t1", "parking_yard", "parking", cars=("hatch", "vortex_gt"), model="sim", targets=(1, 2, 3)),
        Event("park_tandem", "Park Battle", "t1", "sideways_park", "tandem", course="", cars=("vortex_gt",), opponent="pip", role="lead",
              targets=(60, 100, 140)),
        Cup("sideways_cup", "Sideways Cup", "t2", "sideways_park", "", FIELD, qualifying_targets=(40, 70, 90), credits_per_star=100,
            unlock_stars=2),
    )
    return Career(tiers, events)


@pytest.fixture
def player(catalog):
    return profiles.new_profile(catalog.starter_ids, 0)  # owns the kart and the hatch, the kart equipped


def test_an_event_takes_the_equipped_car_if_allowed_else_an_owned_one_else_lends_one(catalog, roster, player):
    career = _career()
    timed = plan_event(career, career.get("park_timed"), player, catalog, roster)
    assert (timed.car_id, timed.loaned, timed.mode, timed.track_id, timed.runs) == ("kart", False, "timed", "sideways_park", 1)
    parking = plan_event(career, career.get("yard_park"), player, catalog, roster)
    assert (parking.car_id, parking.loaned, parking.model) == ("hatch", False, "sim")  # the event's model, the owned car it allows
    battle = plan_event(career, career.get("park_tandem"), player, catalog, roster)
    assert (battle.car_id, battle.loaned, battle.opponent, battle.role, battle.runs) == ("vortex_gt", True, "pip", "lead", 0)


def test_run_setup_for_drives_the_plan(catalog, park, rules, roster, player):
    career = _career()
    plan = plan_event(career, career.get("park_tandem"), player, catalog, roster)
    setup = run_setup_for(plan, catalog, park, rules, roster, seed=7)
    assert (setup.car_id, setup.mode, setup.opponent, setup.role, setup.runs, setup.seed) == ("vortex_gt", "tandem", "pip", "lead", 0, 7)
    assert setup.drift_drivers is roster and len(setup.track_digest) == 64


class _Game:
    """What CareerPlay reads of the Game (catalog, profile, rules, roster) and a save that counts its calls."""

    def __init__(self, catalog, rules, roster, profile, career):
        self.catalog, self.rules, self.profile, self._roster = catalog, rules, profile, roster
        self.saves = 0
        self.choices = DriveRequest()  # the command line's: no --model

    def drift_roster(self):
        return self._roster

    def save_profile(self, update=None):
        self.saves += 1
        if update is not None:  # the file holds what memory holds: the step applies to it
            self.profile = update(self.profile)
        return None


def _scene(score, seed=3, battle=None):
    mode = SimpleNamespace(battle=battle)
    return SimpleNamespace(run=SimpleNamespace(score=score, setup=SimpleNamespace(seed=seed), game_mode=mode))


def _battle(mine, theirs, winner, omt=0):
    return SimpleNamespace(scores=(mine, theirs), winner=winner, one_more_times=omt)


def _play(catalog, rules, roster, player):
    cp = CareerPlay(None)
    game = _Game(catalog, rules, roster, player, None)
    cp.game, cp._career, cp._tried = game, _career(), True
    return cp, game


def test_an_event_run_settles_stars_credits_and_saves(catalog, rules, roster, player):
    cp, game = _play(catalog, rules, roster, player)
    cp.active = plan_event(cp.career, cp.career.get("park_timed"), game.profile, catalog, roster)
    summary, again = cp.settle(_scene(250), {"replay_file": "r.swr", "credits": 12})
    e = summary["event"]
    assert (e["stars"], e["best"], e["credits"], e["targets"]) == (2, 250, 100, [100, 200, 300])
    assert e["unlocked"] == ["sideways_cup"] and e["unlocked_names"] == ["Sideways Cup"]  # two stars open the cup's tier
    assert game.profile.career.events["park_timed"].replay == "r.swr" and game.profile.credits == 100 and game.saves == 1
    assert callable(again)


def test_the_cup_from_qualifying_to_its_end(catalog, rules, roster, player):
    cp, game = _play(catalog, rules, roster, player)
    career = cp.career
    cup = career.get("sideways_cup")
    plan = plan_event(career, cup, game.profile, catalog, roster)
    assert (plan.mode, plan.round) == ("qualifying", QUALIFYING_ROUND)
    cp.active = plan
    summary, _ = cp.settle(_scene(99), {"replay_file": None})
    assert summary["cup"]["round"] == "quarter" and summary["cup"]["seeds"][0] == PLAYER  # 99 beats Rin's 95: top seed
    assert summary["event"]["stars"] == 3 and summary["event"]["credits"] == 0  # the qualifying targets; the cup pays at its end
    rounds = []
    for _ in range(3):
        plan = plan_event(career, cup, game.profile, catalog, roster)
        assert plan.mode == "tandem" and plan.role == "lead"  # the top seed leads first
        rounds.append((plan.round, plan.opponent))
        cp.active = plan
        summary, _ = cp.settle(_scene(150, battle=_battle(150.0, 90.0, 0)), {"replay_file": "b.swr"})
    assert [r for r, _ in rounds] == ["quarter", "semi", "final"] and rounds[0][1] == "lulu"  # 1 v 8
    record = game.profile.career.cups["sideways_cup"]
    assert record.round == DONE_ROUND and record.place == "winner" and summary["cup"]["place"] == "winner"
    assert summary["event"]["stars"] == 3 and summary["event"]["credits"] == 300 and game.profile.credits == 300
    again = plan_event(career, cup, game.profile, catalog, roster)
    assert (again.mode, again.round) == ("qualifying", QUALIFYING_ROUND)  # a new attempt after the last one ended


def test_a_lost_battle_ends_the_attempt(catalog, rules, roster, player):
    cp, game = _play(catalog, rules, roster, player)
    career = cp.career
    cup = career.get("sideways_cup")
    cp.active = plan_event(career, cup, game.profile, catalog, roster)
    cp.settle(_scene(30), {})  # last seed: Rin in the quarter-final
    cp.active = plan_event(career, cup, game.profile, catalog, roster)
    assert (cp.active.opponent, cp.active.role) == ("rin", "chase")
    summary, _ = cp.settle(_scene(60, battle=_battle(60.0, 140.0, None)), {})  # cut short: decided by the scores
    assert summary["cup"]["round"] == DONE_ROUND and summary["cup"]["place"] == "quarter" and summary["event"]["stars"] == 0



def test_a_locked_or_unknown_event_is_refused_in_one_line(catalog, rules, roster, player):
    from game.commands.common import CommandError

    cp, _ = _play(catalog, rules, roster, player)
    with pytest.raises(CommandError, match=r"^Sideways Cup is locked: .*2") as locked:
        cp.start("sideways_cup")
    assert "\n" not in str(locked.value)
    with pytest.raises(CommandError, match="park_timed"):  # an unknown id names a few that exist
        cp.start("no_such_event")


def test_a_broken_events_file_hides_the_career_with_its_line(catalog, rules, roster, player, monkeypatch):
    import game.content.events as events
    from game.safe_json import DataError

    line = "data/events.json: events[park_opener].course: map 'sideways_park' has no course 'nope'"

    def broken(*a, **k):
        raise DataError(line)

    monkeypatch.setattr(events, "load_career", broken)
    cp = CareerPlay(_Game(catalog, rules, roster, player, None))
    assert cp.career is None and cp.problem == f"Career unavailable: {line}"
    from game.commands.common import CommandError

    with pytest.raises(CommandError, match="Career unavailable"):
        cp.start("park_timed")


class _Home(_Game):
    """A game whose profile is the home's profile.json, loaded and saved (merged) as the Game does."""

    def __init__(self, path, catalog, rules, roster):
        loaded = profiles.load_profile(path, list(catalog.cars), catalog.starter_ids, 0).profile
        super().__init__(catalog, rules, roster, loaded, None)
        self.path = path

    def save_profile(self, update=None):
        self.saves += 1
        self.profile = profiles.save_profile(self.path, self.profile, update)
        return None


def _two_games(tmp_path, catalog, rules, roster, player):
    """Two games in one home, each with the cup's next step planned on the profile as both read it."""
    path = tmp_path / "profile.json"
    profiles.save_profile(path, player)
    games = []
    for _ in range(2):
        cp = CareerPlay(None)
        game = _Home(path, catalog, rules, roster)
        cp.game, cp._career, cp._tried = game, _career(), True
        cp.active = plan_event(cp.career, cp.career.get("sideways_cup"), game.profile, catalog, roster)
        games.append((cp, game))
    return path, games


def test_two_games_settling_the_same_cup_step_record_it_once_and_keep_both_runs_credits(tmp_path, catalog, rules, roster, player):
    path, [(a, ga), (b, gb)] = _two_games(tmp_path, catalog, rules, roster, player)
    a.settle(_scene(99), {})  # A's qualifying seeds the bracket
    gb.profile = profiles.add_credits(gb.profile, 40)  # B's run banked its credits (as settle_run does before the career)
    summary, _ = b.settle(_scene(30), {})  # B qualified too, against the plan both read
    note = "Another game settled this cup's qualifying first: this run is not in the bracket (its credits still count)."
    assert summary["event"]["note"] == note and summary["warning"] == note
    disk = profiles.load_profile(path, list(catalog.cars), catalog.starter_ids, 0).profile
    record = disk.career.cups["sideways_cup"]
    assert record.attempts == 1 and record.qualifying == 99 and summary["cup"]["qualifying"] == 99 and disk.credits == 40
    for cp, game in ((a, ga), (b, gb)):  # both reload the bracket and plan the quarter-final against Lulu
        game.profile = profiles.load_profile(path, list(catalog.cars), catalog.starter_ids, 0).profile
        cp.active = plan_event(cp.career, cp.career.get("sideways_cup"), game.profile, catalog, roster)
        assert (cp.active.round, cp.active.opponent) == ("quarter", "lulu")
    a.settle(_scene(150, battle=_battle(150.0, 90.0, 0)), {"replay_file": "a.swr"})
    gb.profile = profiles.add_credits(gb.profile, 25)
    summary, _ = b.settle(_scene(70, battle=_battle(70.0, 140.0, 1)), {"replay_file": "b.swr"})  # B lost it: too late
    assert summary["event"]["note"] == ("This quarter-final was already recorded by another game (you won it there); "
                                        "this run's credits still count.")
    disk = profiles.load_profile(path, list(catalog.cars), catalog.starter_ids, 0).profile
    record = disk.career.cups["sideways_cup"]
    mine = [x for x in record.battles if PLAYER in (x.a, x.b)]
    assert [(x.round, x.winner, x.replay) for x in mine] == [("quarter", PLAYER, "a.swr")] and record.round == "semi"
    assert disk.credits == 65 and summary["cup"]["round"] == "semi"  # both of B's runs' credits kept, the bracket as on disk


def test_a_battle_of_an_attempt_another_game_replaced_is_not_recorded(tmp_path, catalog, rules, roster, player):
    path, [(a, ga), (b, gb)] = _two_games(tmp_path, catalog, rules, roster, player)
    a.settle(_scene(30), {})  # last seed: Rin in the quarter-final
    b.game.profile = profiles.load_profile(path, list(catalog.cars), catalog.starter_ids, 0).profile
    for cp in (a, b):
        cp.active = plan_event(cp.career, cp.career.get("sideways_cup"), cp.game.profile, catalog, roster)
    a.settle(_scene(60, battle=_battle(60.0, 140.0, 1)), {})  # A lost to Rin: the attempt is over
    a.active = plan_event(a.career, a.career.get("sideways_cup"), ga.profile, catalog, roster)
    a.settle(_scene(30, seed=11), {})  # and A started a new attempt
    summary, _ = b.settle(_scene(150, battle=_battle(150.0, 90.0, 0)), {})  # B's quarter-final belonged to the first
    assert summary["event"]["note"] == ("Another game moved the cup on meanwhile: this quarter-final is not in the bracket "
                                        "(its credits still count).")
    record = profiles.load_profile(path, list(catalog.cars), catalog.starter_ids, 0).profile.career.cups["sideways_cup"]
    assert record.attempts == 2 and record.round == "quarter" and record.battles == ()
