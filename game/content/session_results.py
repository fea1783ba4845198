"""What a finished drive leaves behind: its replay file, personal bests, credits and statistics in the profile."""

from __future__ import annotations

import time
from pathlib import Path

from game import paths
from game.content import profile as profiles
from game.content.atomic import write_new_file
from game.content.bests import key_for, variant_keys
from game.content.replays import check_playable, load_replay
from game.sim.replay.format import Replay, ReplayError
from game.sim.run.drift_run import DriftRun
from game.sim.run.modes.registry import MODES, mode_class

__all__ = ["best_replay", "bests_for", "run_variant", "replay_name", "replays_dir", "settle_run", "summarize_run"]


def replays_dir() -> Path:
    """Where session replays are kept: SIDEWAYS_HOME/replays (or the user data dir)."""
    return paths.user_home() / "replays"


def replay_name(replay: Replay, stamp: str) -> str:
    """A file name that sorts by time and says what it holds."""
    return f"{stamp}-{replay.car_id}-{replay.track_id}-{replay.mode}.swr"


def settle_run(run: DriftRun, profile: profiles.Profile, *, track_id: str, car_name: str, track_name: str,
               keep_replay: bool = True, count_best: bool = True, now: float | None = None) -> tuple[profiles.Profile, dict]:
    """Save the run's replay, bank its credits and stats, record a best; return the new profile and a summary."""
    now = time.time() if now is None else now
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    replay = run.replay()
    replay_file = warning = replay_error = None
    if keep_replay:
        try:
            replay_file = _save_new_replay(replay, stamp)
        except OSError as e:  # a full or read-only disk: the run still counts, only its ghost is lost
            replay_error = e.strerror or str(e)
            warning = f"Replay not saved: {replay_error}. Credits and best still count."
    stats = run.scorer.stats
    key = key_for(run.session.catalog, replay.car_id, track_id, run.mode, run_variant(run))  # a retuned car's best is its own
    old = profile.bests.get(key)
    previous = int(old["score"]) if old and isinstance(old.get("score"), int) else None
    credits = run.credits()
    p = profiles.add_credits(profile, credits)
    p = profiles.add_stat(p, "km_sideways", round(stats.drift_distance_m / 1000.0, 4))
    p = profiles.add_stat(p, "sessions", 1)
    result = {"score": run.score, "date": stamp, "replay": replay_file, "longest_drift_s": round(stats.longest_drift_s, 2),
              "best_chain": int(stats.best_chain), "max_angle_deg": round(stats.max_angle_deg, 1)}
    # a run on a catalog retuned mid-drive (keep_replay False) is not a fair best; a failed replay save still is
    is_best = count_best and keep_replay and run.score > 0 and (previous is None or run.score > previous)
    if is_best:
        p = profiles.record_best(p, key, result, lambda new, old_: new["score"] > old_.get("score", -1))
    summary = summarize_run(run, car_name, track_name)
    summary.update(credits=credits, is_best=is_best, previous_best=previous, replay_file=replay_file)
    if warning:
        summary.update(warning=warning, replay_error=replay_error)
    return p, summary


def _save_new_replay(replay: Replay, stamp: str) -> str:
    """Write the replay under a name no file has, not even one another game is saving this second; its file name
    (OSError if it cannot be written)."""
    return write_new_file(replays_dir() / replay_name(replay, stamp), replay.to_bytes()).name


def run_variant(run: DriftRun) -> str:
    """What else the run's best belongs to besides car and map (Qualifying: its course and handling model)."""
    setup = run.setup
    return mode_class(run.mode).best_variant(getattr(setup.world, "track", None), setup.course, setup.model)


def summarize_run(run: DriftRun, car_name: str, track_name: str) -> dict:
    """What the results screen shows of a run (nothing banked, nothing saved)."""
    r = run.results()
    return {
        "mode": r.mode, "mode_name": r.mode_name, "car_name": car_name, "track_name": track_name,
        "score": r.score, "stats": r.stats, "credits": r.credits, "is_best": False, "previous_best": None, "replay_file": None,
        **r.summary(),  # the mode's own: zone runs, parking tasks, judged runs and their course, Tandem's battle
    }


def best_replay(profile: profiles.Profile, car_id: str, track_id: str, mode: str, catalog, rules, track_digest: str,
                variant: str = "") -> Replay | None:
    """The replay of the personal best for this car, map and mode (and variant: Qualifying's course and model), if it
    exists and still plays in sync."""
    best = profile.bests.get(key_for(catalog, car_id, track_id, mode, variant))
    if not best or not best.get("replay"):
        return None
    try:
        replay = load_replay(replays_dir() / str(best["replay"]))
        check_playable(replay, catalog, rules, track_digest)
    except ReplayError:
        return None
    return replay


def bests_for(profile: profiles.Profile, car_id: str, track_id: str, catalog=None) -> dict[str, int]:
    """Personal best score per mode for this car (as this catalog tunes it; None: the shipped car) and map (Qualifying:
    the best on any of the map's courses, with any handling model)."""
    out = {}
    for mode in MODES:
        scores = [b["score"] for k in variant_keys(profile.bests, catalog, car_id, track_id, mode)
                  if isinstance(b := profile.bests[k], dict) and isinstance(b.get("score"), int)]
        if scores:
            out[mode] = max(scores)
    return out


def best_of(profile: profiles.Profile, car_id: str, track_id: str, mode: str, catalog=None, variant: str = "") -> int | None:
    """The personal best score of exactly this car, map, mode and variant (Qualifying: "COURSE:MODEL"), or None."""
    b = profile.bests.get(key_for(catalog, car_id, track_id, mode, variant))
    return b["score"] if b and isinstance(b.get("score"), int) else None
