"""Small hand-made careers for the career logic's tests (not data/events.json)."""

from __future__ import annotations

from types import SimpleNamespace

from game.sim.career.bracket import after_battle, next_battle
from game.sim.career.event import PLAYER, CarClass, Career, Cup, Event, FieldEntry, Tier

RULES = SimpleNamespace(omt_margin_points=3.0, omt_max=2)  # the tandem rules' two numbers a bracket reads
TIERS = (Tier("rookie", "Rookie", 0), Tier("club", "Club", 4), Tier("pro", "Pro", 9))
FIELD = tuple(FieldEntry(f"d{i}", qualifying=95.0 - 5 * i, battle_mean=150.0 - 8 * i, battle_sd=10.0) for i in range(1, 8))


def event(eid: str, tier: str = "rookie", mode: str = "qualifying", targets=(40, 60, 80), credits: int = 100, unlock: int = 0, **kw) -> Event:
    return Event(id=eid, name=eid.title(), tier=tier, map="sideways_park", mode=mode, course="pad_hook", targets=targets,
                 credits_per_star=credits, unlock_stars=unlock, **kw)


def cup(field=FIELD, cid: str = "sideways_cup") -> Cup:
    return Cup(id=cid, name="Sideways Cup", tier="pro", map="sideways_park", course="pad_hook", field=tuple(field), targets=(1, 2, 3),
               credits_per_star=500, unlock_stars=9)


def career(with_cup: bool = True) -> Career:
    """Rookie (two open events), Club (opens at 4 stars; one event asks for 6), Pro (9 stars: a tandem event and the cup)."""
    events = [event("park_opener"), event("park_zones", mode="zones", targets=(100, 200, 300), credits=50),
              event("club_qual", tier="club"), event("club_late", tier="club", unlock=6),
              event("pro_tandem", tier="pro", mode="tandem", opponent="d1", targets=(90, 120, 150))]
    if with_cup:
        events.append(cup())
    return Career(tiers=TIERS, events=tuple(events), classes={"street": CarClass("street", "Street", 0.0, 120.0)})


def play(rec, results, rules=RULES, cp=None):
    """Drive the player's battles: results[i] True wins round i (scores 150/120), False loses (110/140)."""
    cp = cp or cup()
    for won in results:
        _, opp, _ = next_battle(cp, rec)
        rec = after_battle(cp, rec, rules, 150 if won else 110, 120 if won else 140, 0, PLAYER if won else opp)
    return rec
