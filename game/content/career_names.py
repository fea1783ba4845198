"""What the career's screens and `sideways career` call things: every map read once (for its name, its courses' names
and the events' checks), and the display names of maps, modes, cars, drift drivers and handling models."""

from __future__ import annotations


def readable_tracks(catalog) -> dict:
    """Every map that reads, by id (a broken one is left out: an event on it says so when the events are checked)."""
    from game.content.tracks import load_track, track_ids
    from game.safe_json import DataError

    tracks = {}
    for tid in track_ids():
        try:
            tracks[tid] = load_track(tid, catalog.surfaces)
        except (DataError, OSError):
            pass
    return tracks


def names_for(catalog, roster, tracks):
    """(Names of the maps, modes, cars, drift drivers and handling models (a map that cannot be read: its id), the
    courses' names by (map id, course id)); roster None: no drift drivers' names."""
    from game.content.tracks import track_ids
    from game.sim.career.cards import Names
    from game.sim.career.event import PLAYER
    from game.sim.models.model_registry import MODELS
    from game.sim.run.modes.registry import MODES

    maps = {tid: tracks[tid].name if tid in tracks else tid for tid in track_ids()}
    courses = {(tid, c.id): c.name for tid, t in tracks.items() for c in t.courses}
    drivers = {d: roster.get(d).name for d in roster.ids} if roster is not None else {}
    names = Names(maps=maps, modes={k: m.name for k, m in MODES.items()}, cars={k: c.name for k, c in catalog.cars.items()},
                  drivers={**drivers, PLAYER: "You"}, models={k: getattr(m, "name", k) for k, m in MODELS.items()})
    return names, courses
