"""What career stars open: tiers, events asking for more than their tier, why a card is locked."""

from __future__ import annotations

import pytest

from game.sim.career.event import Career
from game.sim.career.progress import CareerProgress, EventRecord
from game.sim.career.unlocks import career_stars, is_open, lock_reason, max_stars, newly_open, newly_open_tiers, open_ids, stars_needed
from tests.support.career_fixtures import career, event


def prog(**stars) -> CareerProgress:
    return CareerProgress(events={k: EventRecord(best=0, stars=v) for k, v in stars.items()})


def test_an_event_needs_the_most_of_its_tiers_stars_and_its_own():
    c = career()
    assert [stars_needed(c, e) for e in c.events] == [0, 0, 4, 6, 9, 9]
    assert stars_needed(c, "club") == 4 and stars_needed(c, c.tier("pro")) == 9 and stars_needed(c, "club_late") == 6
    with pytest.raises(ValueError, match="no career event 'nope'"):
        stars_needed(c, "nope")


def test_a_new_career_opens_only_the_first_tier():
    c = career()
    assert open_ids(c, CareerProgress()) == {"park_opener", "park_zones"}
    assert lock_reason(c, CareerProgress(), "park_opener") is None
    assert lock_reason(c, CareerProgress(), "club_qual") == "Needs 4 stars - you have 0"
    assert not is_open(c, CareerProgress(), "club")


def test_stars_open_tiers_and_events_and_the_reason_counts_what_the_player_has():
    c = career()
    p = prog(park_opener=3, park_zones=2)
    assert career_stars(c, p) == 5
    assert open_ids(c, p) == {"park_opener", "park_zones", "club_qual"}
    assert is_open(c, p, "club") and not is_open(c, p, "club_late")
    assert lock_reason(c, p, "club_late") == "Needs 6 stars - you have 5"
    assert lock_reason(c, prog(park_opener=0), "pro") == "Needs 9 stars - you have 0"


def test_stars_of_events_no_longer_in_the_file_open_nothing_and_a_bad_count_is_capped():
    c = career()
    assert career_stars(c, prog(gone_event=3, other_gone=3)) == 0
    assert career_stars(c, prog(park_opener=7)) == 3
    assert max_stars(c) == 18


def test_newly_open_lists_what_opened_between_two_progresses_in_file_order():
    c = career()
    before, after = prog(park_opener=3, park_zones=2), prog(park_opener=3, park_zones=3, club_qual=3)
    assert newly_open(c, before, after) == ("club_late", "pro_tandem", "sideways_cup")
    assert newly_open(c, after, after) == ()
    assert newly_open(c, after, before) == ()  # nothing closes "newly"
    assert newly_open_tiers(c, CareerProgress(), after) == ("club", "pro")
    assert newly_open_tiers(c, before, after) == ("pro",)


def test_one_star_short_says_star_not_stars():
    c = career()
    one = Career(tiers=c.tiers, events=(*c.events, event("first_star", unlock=1)))
    assert lock_reason(one, CareerProgress(), "first_star") == "Needs 1 star - you have 0"
    assert lock_reason(one, prog(park_opener=1), "first_star") is None
