"""The game's own shipped data, loaded once a process: what the server verifies every run against (never SIDEWAYS_HOME)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from game import paths
from game.content.catalog import load_catalog
from game.content.drift_drivers import load_drift_drivers
from game.content.events import load_career
from game.content.scoring_rules import load_scoring_rules
from game.content.tracks import load_track, track_ids
from game.sim.world import World

if TYPE_CHECKING:
    from game.sim.ai.drift.skill import DriftRoster
    from game.sim.career.event import Career
    from game.sim.judges.scoring import ScoringRules
    from game.sim.params import Catalog
    from game.sim.track import TrackDef


@dataclass
class Shipped:
    """The shipped catalog, rules, maps (and their file digests), drift drivers and career; each map's World built once."""

    catalog: Catalog
    rules: ScoringRules
    tracks: dict[str, TrackDef]  # map id -> its definition
    track_digests: dict[str, str]  # map id -> sha256 of its file
    drift_drivers: DriftRoster
    career: Career
    memo: dict[str, object] = field(default_factory=dict, repr=False)  # what is made of it once: each map's World, the boards

    @classmethod
    def load(cls) -> Shipped:
        """The shipped data of game.paths.DATA_DIR (cached: one load a process); DataError if a shipped file is broken."""
        return _load()

    def world(self, map_id: str) -> World:
        """The map's World (built on first use, then kept)."""
        key = f"world:{map_id}"
        if key not in self.memo:
            self.memo[key] = World(self.tracks[map_id], list(self.catalog.surfaces))
        world = self.memo[key]
        assert isinstance(world, World)
        return world


@cache
def _load() -> Shipped:
    catalog = load_catalog(paths.DEFAULT_CATALOG)
    ids = track_ids()
    tracks = {t: load_track(str(paths.TRACKS_DIR / f"{t}.json"), catalog.surfaces) for t in ids}
    digests = {t: hashlib.sha256((paths.TRACKS_DIR / f"{t}.json").read_bytes()).hexdigest() for t in ids}
    roster = load_drift_drivers(None, catalog)
    career = load_career(catalog, roster, maps=tracks)
    return Shipped(catalog, load_scoring_rules(), tracks, digests, roster, career)
