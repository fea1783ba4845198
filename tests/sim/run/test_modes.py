"""Modes as objects: what each is called, where it can be played, when it ends, and that a new one is one class."""

from __future__ import annotations

import dataclasses

import pytest

from game.content.scoring_rules import load_scoring_rules
from game.sim import mode_ids
from game.sim.controls import Controls
from game.sim.replay import recorder
from game.sim.replay.format import Replay
from game.sim.run.drift_run import DriftRun
from game.sim.run.modes import registry
from game.sim.run.modes.base import Mode
from game.sim.run.modes.registry import MODES, hosted_modes, mode_class
from game.sim.run.modes.timed import TimedRun
from game.sim.run.setup import RunSetup
from game.sim.run.verify import verify
from game.sim.world import World
from tests.support.simdrive import DRIFT
from tests.support.simdrive import drive_plan as drive


@pytest.fixture(scope="module")
def rules():
    return load_scoring_rules()


def test_the_menu_lists_each_mode_once_by_its_name():
    assert [(m, cls.name) for m, cls in MODES.items()] == [
        ("free", "Free Drift"), ("timed", "Timed Run"), ("zones", "Drift Zones"), ("parking", "Parking"), ("qualifying", "Qualifying"),
        ("tandem", "Tandem")]
    assert tuple(MODES) == mode_ids.MODE_IDS  # the ids a replay file may name are the registry's, in menu order
    assert all(cls.blurb and cls.id == m for m, cls in MODES.items())


def test_which_maps_host_which_modes(park, maps):
    assert hosted_modes(park.track) == ("free", "timed", "zones", "qualifying", "tandem")
    assert hosted_modes(maps["mountain_pass"].track) == ("free", "timed", "zones", "qualifying", "tandem")
    assert hosted_modes(maps["parking_yard"].track) == ("free", "timed", "zones", "parking")
    bare = dataclasses.replace(park.track, drift_zones=(), courses=())
    assert hosted_modes(bare) == ("free", "timed")


def test_what_each_mode_promises_the_menus(rules):
    assert [m for m, cls in MODES.items() if cls.races_ghost] == ["timed", "zones", "parking", "qualifying"]
    assert [m for m, cls in MODES.items() if cls.open_ended] == ["free"]
    assert [m for m, cls in MODES.items() if cls.traffic_by_default] == ["free"]
    limits = {m: cls.time_limit_s_for(rules) for m, cls in MODES.items()}
    assert limits == {"free": None, "timed": rules.timed_run_s, "zones": rules.zones_run_s, "parking": rules.parking_run_s,
                      "qualifying": None, "tandem": None}  # each judged run has its course's limit


def test_a_timed_run_finishes_at_its_limit(catalog, park, rules):
    run = DriftRun(RunSetup(catalog, "hatch", park, dataclasses.replace(rules, timed_run_s=2.0), mode="timed"))
    drive(run, [(Controls(throttle=1.0), 239)])
    assert not run.finished and run.time_left_s == pytest.approx(1 / 120)
    drive(run, [(Controls(throttle=1.0), 1)])
    assert run.finished and run.time_left_s == 0.0 and run.session.steps == 240


def test_drift_zones_finish_once_every_zone_is_driven(catalog, park, rules):
    track = dataclasses.replace(park.track, drift_zones=park.track.drift_zones[:1])  # the park's pad alone
    run = DriftRun(RunSetup(catalog, "zenith_hyper", World(track, list(catalog.surfaces)), rules, mode="zones"))
    drive(run, DRIFT * 2)
    assert run.finished and list(run.game_mode.best_zone) == ["pad"]
    assert run.session.t < rules.zones_run_s / 10  # long before the clock
    assert run.score == int(run.scorer.banked + run.game_mode.best_zone["pad"].points)
    results = run.results()
    assert (results.mode, results.mode_name, results.score, results.zone_results) == ("zones", "Drift Zones", run.score, (run.game_mode.best_zone["pad"],))


def test_an_unknown_mode_is_one_line(catalog, park, rules):
    for bad in ("race", None, ["free"]):
        with pytest.raises(ValueError) as e:
            mode_class(bad)
        assert str(e.value).startswith("mode must be one of free, timed, zones, parking, qualifying, tandem, got ") and "\n" not in str(e.value)
    with pytest.raises(ValueError, match=r"^mode must be one of free, timed, zones, parking, qualifying, tandem, got 'race'$"):
        DriftRun(RunSetup(catalog, "hatch", park, rules, mode="race"))


def test_a_map_that_cannot_host_a_mode_says_why(catalog, park, maps, rules):
    bare = World(dataclasses.replace(park.track, drift_zones=()), list(catalog.surfaces))
    with pytest.raises(ValueError, match=r"^map 'sideways_park' has no drift zones: it cannot host Drift Zones$"):
        DriftRun(RunSetup(catalog, "hatch", bare, rules, mode="zones"))
    with pytest.raises(ValueError, match=r"^map 'mountain_pass' has no parking bays: it cannot host the parking challenge$"):
        DriftRun(RunSetup(catalog, "hatch", maps["mountain_pass"], rules, mode="parking"))


class Sprint(TimedRun):
    """A new mode for the test: a short timed run on maps with drift zones, scoring double."""

    id = "sprint"
    name = "Sprint"
    blurb = "Ten seconds, double points."

    @classmethod
    def time_limit_s_for(cls, rules) -> float | None:
        return 10.0

    @classmethod
    def hosting_problem(cls, track) -> str | None:
        return None if track is not None and track.drift_zones else "has no drift zones: it cannot host a sprint"

    @property
    def score(self) -> int:
        return 2 * int(self.scorer.banked)

    def credits(self) -> int:
        return 2 * super().credits()


def test_a_new_mode_is_one_class_and_its_registration(catalog, park, rules, monkeypatch):
    monkeypatch.setitem(registry.MODES, Sprint.id, Sprint)
    monkeypatch.setattr(recorder, "MODE_IDS", (*mode_ids.MODE_IDS, Sprint.id))
    monkeypatch.setattr(mode_ids, "MODE_IDS", (*mode_ids.MODE_IDS, Sprint.id))
    assert hosted_modes(park.track)[-1] == "sprint" and "sprint" not in hosted_modes(dataclasses.replace(park.track, drift_zones=()))
    assert issubclass(mode_class("sprint"), Mode)
    run = DriftRun(RunSetup(catalog, "zenith_hyper", park, rules, mode="sprint"))
    drive(run, DRIFT * 3)
    assert run.finished and run.session.steps == 1200 and run.time_left_s == 0.0
    assert run.score == 2 * int(run.scorer.banked) > 0 and run.results().mode_name == "Sprint"
    replay = Replay.from_bytes(run.replay().to_bytes())
    assert replay.mode == "sprint"
    state, score = verify(replay, catalog, park, rules)
    assert replay.matches(state, score) and score == run.score
