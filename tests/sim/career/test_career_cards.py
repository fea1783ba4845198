"""The career view every screen reads: tiers, cards with stars, best, lock reason and the event's rules in words."""

from __future__ import annotations

from game.sim.career.bracket import after_qualifying, start_cup, with_cup
from game.sim.career.cards import Names, career_view
from game.sim.career.event import Career
from game.sim.career.progress import CareerProgress, EventRecord
from tests.support.career_fixtures import career, cup, event, play

NAMES = Names(maps={"sideways_park": "Sideways Park"}, modes={"qualifying": "Qualifying"}, cars={"kart": "Kart", "hatch": "Hatch"},
              drivers={"d1": "Rin"}, models={"sim": "Simulation"})


def rich_career() -> Career:
    base = career()
    extra = (event("ghost_hook", mode="ghost", ghost="ghosts/rin_pad_hook.swr"), event("class_run", cars=("kart", "hatch"), car_class="street"),
             event("kart_only", cars=("kart",), model="sim", mode="parking"))
    return Career(tiers=base.tiers, events=extra + base.events, classes=base.classes)


def test_a_new_career_shows_the_first_tier_open_and_the_rest_locked_with_why():
    v = career_view(career(), CareerProgress(), NAMES)
    assert [t.id for t in v.tiers] == ["rookie", "club", "pro"]
    assert [t.open for t in v.tiers] == [True, False, False]
    assert v.tiers[1].lock_reason == "Needs 4 stars - you have 0"
    assert (v.total_stars, v.max_stars) == (0, 18)
    c = v.card("park_opener")
    assert c.open and c.best is None and c.stars == 0 and c.lock_reason is None
    assert (c.mode_name, c.map_name, c.targets, c.credits_per_star) == ("Qualifying", "Sideways Park", (40, 60, 80), 100)
    late = v.card("club_late")
    assert not late.open and late.lock_reason == "Needs 6 stars - you have 0" and late.unlock_stars == 6


def test_cards_show_stars_best_and_the_rules_in_words():
    c = rich_career()
    p = CareerProgress(events={"park_opener": EventRecord(best=66, stars=2), "ghost_hook": EventRecord(best=0, stars=0)})
    v = career_view(c, p, NAMES)
    assert (v.card("park_opener").stars, v.card("park_opener").best) == (2, 66)
    assert v.card("ghost_hook").best == 0  # driven, scored nothing: not "never driven"
    assert v.card("ghost_hook").mode_name == "Ghost Race"
    assert v.card("park_zones").mode_name == "Drift Zones"  # from the modes' own names when Names has none
    assert v.card("class_run").cars_note == "Street class: Kart, Hatch"
    assert v.card("kart_only").cars_note == "Car: Kart" and v.card("kart_only").model_note == "Simulation handling"
    assert v.card("park_opener").cars_note == "Any car" and v.card("park_opener").model_note == ""
    assert v.card("pro_tandem").opponent_name == "Rin"
    assert v.tiers[0].stars == 2 and v.tiers[0].max_stars == 3 * 5 and v.total_stars == 2
    assert len(v.cards) == len(c.events)


def test_the_cup_card_says_where_the_attempt_stands():
    c, cp = career(), cup()
    p = CareerProgress(events={e: EventRecord(best=90, stars=3) for e in ("park_opener", "park_zones", "club_qual")})
    assert career_view(c, p, NAMES).card("sideways_cup").open
    card = career_view(c, p, NAMES).card("sideways_cup")
    assert (card.mode_name, card.kind, card.cup_note, card.best) == ("Sideways Cup", "cup", "", None)
    rec = start_cup(cp, None, 3)
    assert career_view(c, with_cup(p, cp.id, rec), NAMES).card(cp.id).cup_note == "Qualifying next"
    rec = play(after_qualifying(cp, rec, 99), [True])
    assert career_view(c, with_cup(p, cp.id, rec), NAMES).card(cp.id).cup_note == "Semi-final next (1 won)"
    rec = play(rec, [False])
    assert career_view(c, with_cup(p, cp.id, rec), NAMES).card(cp.id).cup_note == "Out in the semi-finals"


def test_unknown_ids_show_as_themselves():
    v = career_view(career(), CareerProgress())
    assert v.card("park_opener").map_name == "sideways_park" and v.card("pro_tandem").opponent_name == "d1"
    assert v.card("nope") is None
    j = v.to_json()
    assert j["tiers"][0]["cards"][0]["id"] == "park_opener" and j["tiers"][0]["cards"][0]["best"] is None and j["max_stars"] == 18
