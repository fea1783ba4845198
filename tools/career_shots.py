"""Made-up career progress for the screenshots and the career widgets' flow test: a CareerView, a cup bracket and an
event's results block with the field names of game.sim.career.cards / bracket (plain objects, no profile needed)."""

from __future__ import annotations

from types import SimpleNamespace as NS

from game.sim.career.bracket import Match
from game.sim.career.cards import CardView, CareerView, TierView

MAPS = {"sideways_park": "Sideways Park", "mountain_pass": "Mountain Pass", "frozen_lake": "Frozen Lake", "parking_yard": "Parking Yard"}
MODE_NAMES = {"timed": "Timed Run", "zones": "Drift Zones", "parking": "Parking", "qualifying": "Qualifying", "tandem": "Tandem",
              "ghost": "Ghost Race", "cup": "Sideways Cup"}
DRIVERS = {"player": "You", "rin": "Rin Takeda", "vera": "Vera Kanzaki", "marco": "Marco Lind", "hugo": "Hugo Castell",
           "duke": "Duke Harlan", "pip": "Pip Okafor", "ines": "Ines Varga", "lulu": "Lulu Bright"}
# tier id, name, stars to open; then its events: id, name, mode, map, stars, best, targets, opponent
TIERS = [
    ("rookie", "Rookie Sunday", 0, [
        ("park_opener", "Park Opener", "timed", "sideways_park", 3, 14210, (4000, 8000, 12000), ""),
        ("park_zones", "Zone Warm-up", "zones", "sideways_park", 2, 6120, (2500, 5000, 8000), ""),
        ("yard_first", "First Bay", "parking", "parking_yard", 1, 2200, (2000, 3500, 5000), ""),
        ("park_judged", "Judged Debut", "qualifying", "sideways_park", 0, 38.5, (45, 65, 85), ""),
    ]),
    ("club", "Club Nights", 6, [
        ("pass_sprint", "Pass Sprint", "timed", "mountain_pass", 1, 5400, (5000, 9000, 13000), ""),
        ("pass_judged", "Hairpin Judges", "qualifying", "mountain_pass", 0, None, (45, 65, 88), ""),
        ("lake_zones", "Ice Zones", "zones", "frozen_lake", 2, 7300, (3000, 6000, 9000), ""),
        ("park_tandem", "Twin Trouble", "tandem", "sideways_park", 1, 104.5, (90, 120, 150), "pip"),
    ]),
    ("pro_am", "Pro-Am", 14, [
        ("lake_judged", "Island Loop", "qualifying", "frozen_lake", 0, None, (50, 70, 90), ""),
        ("pass_tandem", "Mountain Duel", "tandem", "mountain_pass", 0, None, (95, 125, 155), "marco"),
        ("park_ghost", "Chasing Rin", "ghost", "sideways_park", 0, None, (55, 75, 92), "rin"),
        ("yard_sim", "Stick Shift Bays", "parking", "parking_yard", 0, None, (2500, 4000, 5500), ""),
    ]),
    ("masters", "Masters", 24, [
        ("lake_tandem", "Frozen Battle", "tandem", "frozen_lake", 0, None, (100, 130, 160), "vera"),
        ("lake_ghost", "Ghost on Ice", "ghost", "frozen_lake", 0, None, (60, 80, 93), "rin"),
        ("pass_master", "Summit Judges", "qualifying", "mountain_pass", 0, None, (55, 75, 92), ""),
        ("lake_timed", "Lake Marathon", "timed", "frozen_lake", 0, None, (8000, 14000, 20000), ""),
    ]),
    ("cup", "Sideways Cup", 36, [("sideways_cup", "The Sideways Cup", "cup", "sideways_park", 0, None, (1, 2, 3), "")]),
]
BLURB = {"tandem": "Chase first, then lead: two runs, and one more time on a tie. Stay on the door and match the angle.",
         "ghost": "Rin's best run as a ghost beside you on the course. The judges score you as in Qualifying.",
         "cup": "Qualify for a Top-8 bracket against the drift drivers: quarter-final, semi-final, final."}


def demo_view(have_stars: int | None = None):
    """A CareerView-shaped object: five tiers, the first two open, the rest locked by stars."""
    tiers, total, most = [], 0, 0
    for _, _, _, events in TIERS:
        total += sum(e[4] for e in events)
    total = total if have_stars is None else have_stars
    for tid, tname, need, events in TIERS:
        open_ = total >= need
        reason = None if open_ else f"Needs {need} stars - you have {total}"
        cards = []
        for eid, name, mode, map_id, stars, best, targets, opp in events:
            most += 3
            kind = "cup" if mode == "cup" else "event"
            cards.append(CardView(id=eid, name=name, kind=kind, tier=tid, mode="tandem" if kind == "cup" else mode, mode_name=MODE_NAMES[mode],
                            map_id=map_id, map_name=MAPS[map_id], course="pad_hook" if mode in ("qualifying", "tandem", "ghost", "cup") else "",
                            stars=stars if open_ else 0, best=best if open_ else None, targets=targets, credits_per_star=150 if kind == "event" else 1000,
                            open=open_, lock_reason=reason, cars_note="Street class: Kart, Sprite Hatch" if tid == "rookie" else "Any car",
                            model_note="Simulation handling" if mode == "parking" and tid != "rookie" else "", opponent_name=DRIVERS.get(opp, ""),
                            blurb=BLURB.get(mode, f"{MODE_NAMES[mode]} on {MAPS[map_id]}: beat the targets for stars and credits."),
                            unlock_stars=need, cup_note="Qualifying next" if kind == "cup" and open_ else ""))
        tiers.append(TierView(id=tid, name=tname, unlock_stars=need, open=open_, lock_reason=reason, cards=tuple(cards),
                              stars=sum(c.stars for c in cards), max_stars=3 * len(cards)))
    return CareerView(tiers=tuple(tiers), total_stars=total, max_stars=most)


def _m(rnd, a, b, sa=None, sb=None, omt=0, winner="", pending=False, seeds=(0, 0)):
    return Match(round=rnd, a=a, b=b, score_a=sa, score_b=sb, omt=omt, winner=winner, pending=pending, drawn="player" not in (a, b),
                 seed_a=seeds[0], seed_b=seeds[1])


def demo_rows():
    """A bracket after the semi-finals: the player through two battles (one of them after two one-more-times), the final to come."""
    quarter = (_m("quarter", "player", "lulu", 142.5, 101.0, 0, "player", seeds=(1, 8)),
               _m("quarter", "marco", "hugo", 128.5, 133.0, 1, "hugo", seeds=(4, 5)),
               _m("quarter", "rin", "pip", 151.0, 96.5, 0, "rin", seeds=(2, 7)),
               _m("quarter", "vera", "duke", 120.0, 124.5, 0, "duke", seeds=(3, 6)))
    semi = (_m("semi", "player", "hugo", 138.0, 136.5, 2, "player", seeds=(1, 5)), _m("semi", "rin", "duke", 149.0, 117.5, 0, "rin", seeds=(2, 6)))
    final = (_m("final", "player", "rin", pending=True, seeds=(1, 2)),)
    return (quarter, semi, final)


def demo_block():
    """An event's results block: 2 stars this run, the second one new, one star held before, credits, two unlocks."""
    return {"id": "park_tandem", "name": "Twin Trouble", "kind": "event", "score": 131.4, "targets": [90, 120, 150], "stars": 2,
            "stars_before": 1, "stars_after": 2, "new_stars": 1, "credits": 150, "best": 131, "is_best": True,
            "unlocked": ["lake_judged", "park_ghost"], "unlocked_names": ["Island Loop", "Chasing Rin"]}


def demo_summary():
    """A Timed Run's results summary carrying the event block (the generic results layout)."""
    stats = NS(drift_distance_m=2310.0, longest_drift_s=6.4, longest_drift_m=118.0, best_chain=4210, max_angle_deg=58.0, top_speed_mps=31.0,
               chains_banked=9, chains_lost=2)
    block = dict(demo_block(), id="pass_sprint", name="Pass Sprint", score=9480, targets=[5000, 9000, 13000], best=9480)
    return {"mode": "timed", "mode_name": "Timed Run", "car_name": "Sprite Hatch", "track_name": "Mountain Pass", "score": 9480,
            "is_best": True, "previous_best": 5400, "credits": 150, "stats": stats, "zone_results": [], "event": block}


def real_view(game):
    """The shipped career (data/events.json) with made-up records on its first open events, each as earned in turn, and
    the card to highlight (the first tandem among them); (None, None) when the career cannot be read."""
    career = game.career.career
    if career is None:
        return None, None
    from game.sim.career.cards import career_view
    from game.sim.career.progress import CareerProgress, EventRecord
    from game.sim.career.unlocks import is_open

    progress, pick = CareerProgress(), None
    for stars in (3, 2, 3, 1, 2, 3, 0, 2, 1):
        e = next((e for e in career.events if e.kind != "cup" and e.id not in progress.events and is_open(career, progress, e)), None)
        if e is None:
            break
        best = round(e.targets[stars - 1] * 1.04) if stars else round(e.targets[0] * 0.8)
        progress = CareerProgress(events={**progress.events, e.id: EventRecord(best=best, stars=stars)}, cups=progress.cups)
        pick = e.id if e.mode == "tandem" or pick is None else pick
    return career_view(career, progress, game.career.names()), pick


def build(game, what: str):
    """Over the game's menu backdrop: hide the menu and build one career screen from the made-up progress."""
    from game.ui.career.grid import CareerGrid
    from game.ui.cup_bracket import BracketScreen
    from game.ui.results import ResultsScreen

    top = game.stack.top
    if top is not None and getattr(top, "view", None) is not None:
        top.view.enabled = False
    if what == "career_grid":
        view, pick = real_view(game)
        if view is None:
            view, pick = demo_view(), "park_tandem"
        return CareerGrid(view, lambda eid: None, lambda: None, selected=pick, drives={pick: "Sprite Hatch"})
    if what == "cup_bracket":
        subtitle = "Final next: Rin Takeda  \u00b7  you lead the first run  \u00b7  Sideways Park, Pad Hook"
        return BracketScreen(demo_rows(), DRIVERS, "The Sideways Cup", lambda: None, lambda: None, subtitle=subtitle, continue_label="Drive the final")
    return ResultsScreen(demo_summary(), lambda: None, lambda: None)
