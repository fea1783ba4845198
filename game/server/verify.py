"""Verify a submitted replay: check it against the shipped data without running it (precheck), then re-simulate it
through the one playback path and judge it with the shipped rules (verify_replay). The score ranked is the server's own;
whatever score or final position the file claims is ignored."""

from __future__ import annotations

from dataclasses import asdict

from game.content.replays import parse_replay
from game.safe_json import one_line, shown
from game.server.boards import board_of, boards
from game.server.shipped import Shipped
from game.server.verdict import Board, Refused, Verdict
from game.sim.judges.course.result import UNFINISHED
from game.sim.physics_version import PHYSICS_VERSION
from game.sim.replay.format import MAX_FILE_BYTES, Replay, ReplayError
from game.sim.run.modes.course_mode import JudgedResults
from game.sim.run.modes.registry import MODES
from game.sim.run.setup import GAME_HZ, RunSetup
from game.sim.run.verify import drive_replay

LABEL = "replay"
JUDGED = "qualifying"  # the mode whose board ranks the counted judged run's total

__all__ = ["Shipped", "boards", "precheck", "verify_replay"]


def precheck(data: bytes, shipped: Shipped) -> tuple[Replay, Board]:
    """The replay and its board, checked without re-simulating: the reader's limits, the physics version, who drove, the
    shipped cars, map, rules and drift drivers, and a mode with a board; Refused (one line) if not."""
    if len(data) > MAX_FILE_BYTES:
        raise Refused(f"{LABEL}: too big ({len(data)} bytes; at most {MAX_FILE_BYTES})")
    try:
        replay = parse_replay(bytes(data), LABEL)
    except ReplayError as e:
        raise Refused(one_line(str(e))) from None
    if replay.physics_version != PHYSICS_VERSION:
        raise Refused(f"recorded on physics {replay.physics_version}; this server ranks {PHYSICS_VERSION}")
    if replay.autopilot:
        raise Refused(f"driven by the autopilot ({replay.autopilot}); only a player's own runs are ranked")
    if replay.hz != GAME_HZ:
        raise Refused(f"stepped at {replay.hz:g} Hz; the game drives at {GAME_HZ:g} Hz")
    if replay.ai_count or replay.fleet_changes:
        raise Refused("driven with AI cars on the map; a board run is driven alone")
    if replay.lead is not None or replay.lead_file or replay.lead_digest:
        raise Refused("a chase of a replay lead has no board")
    _check_data(replay, shipped)
    return replay, board_of(replay, shipped)


def _check_data(replay: Replay, shipped: Shipped) -> None:
    """Its map, cars, handling, rules and drift drivers are the shipped ones (a modded car has no place on a shipped board)."""
    if replay.track_id not in shipped.tracks:
        raise Refused(f"map {shown(replay.track_id)} is not one the game ships")
    catalog = shipped.catalog
    for car in replay.cars or ():
        if car.id not in catalog.cars:
            raise Refused(f"car {shown(car.id)} is not one the game ships")
        if car != catalog.cars[car.id]:
            raise Refused(f"car {shown(car.id)} is not the shipped one; a modded car has no place on a shipped board")
    if replay.car_id not in catalog.cars:
        raise Refused(f"car {shown(replay.car_id)} is not one the game ships")
    checks = [  # a replay that carries its cars answers for cars.json's handling and surfaces, an older one for the whole file
        ("cars.json handling and surfaces", replay.physics_digest, catalog.physics_digest()) if replay.cars else
        ("cars.json", replay.catalog_digest, catalog.digest),
        ("scoring.json", replay.rules_digest, shipped.rules.digest),
        (f"map file of {replay.track_id}", replay.track_digest, shipped.track_digests[replay.track_id]),
    ]
    if replay.opponent:
        checks.append(("drift_drivers.json", replay.drift_drivers_digest, shipped.drift_drivers.digest))
    for what, theirs, ours in checks:
        if theirs != ours:
            mine = f"digest {theirs[:6]}…" if theirs else "no digest"
            raise Refused(f"recorded with a different {what} ({mine} vs {ours[:6]}…); a modded game has no place on a shipped board")


def verify_replay(data: bytes, shipped: Shipped) -> Verdict:
    """Precheck, re-simulate through the one playback path (RunSetup.of_replay + Playback) and judge with the shipped rules:
    a verified Verdict with the server's own score, or a refused one with the reason (this never raises Refused)."""
    board = None
    try:
        replay, board = precheck(data, shipped)
        return _judged(replay, board, shipped)
    except Refused as e:
        return Verdict(False, str(e), board)


def _judged(replay: Replay, board: Board, shipped: Shipped) -> Verdict:
    world = shipped.world(replay.track_id)
    roster = shipped.drift_drivers if replay.opponent else None
    try:
        setup = RunSetup.of_replay(replay, shipped.catalog, world, shipped.rules, None, roster)
        run, driven = drive_replay(setup, replay)
        ended = run.finished
        run.finish()
    except Exception as e:  # noqa: BLE001 (a crafted run the sim refuses, e.g. a car the model cannot drive: refused, never a crash)
        raise Refused(one_line(f"could not be re-simulated ({str(e)[:160]})")) from None
    if driven < replay.steps:
        raise Refused(f"out of sync: the recording goes on {replay.steps - driven} steps after its run ended")
    results = run.results()
    if replay.mode == JUDGED and isinstance(results, JudgedResults):
        best = results.best_judged
        if best is None or best.zero == UNFINISHED:
            raise Refused("not finished: the recording ends before a judged run did; the board needs a finished run")
        if best.zero is not None or not best.finished:
            detail = f" ({best.zero_detail})" if best.zero_detail else ""
            raise Refused(one_line(f"zeroed: {best.zero or 'not finished'}{detail}; the board needs a finished run that scores"))
        score = round(float(best.total), 1)
        breakdown = best.as_dict() | {"score": score, "counted_run": results.best_run, "runs_judged": len(results.judged)}
        return Verdict(True, "", board, score, replay.car_id, replay.model, replay.created, breakdown)
    if not ended:
        raise Refused(f"not finished: the recording ends at {replay.seconds:.1f} s, before the {MODES[replay.mode].name} run did; "
                      "the board needs a finished run")
    score = float(run.score)
    return Verdict(True, "", board, score, replay.car_id, replay.model, replay.created, _stats(run) | {"score": score})


def _stats(run) -> dict:
    """A points mode's breakdown: the mode's stats block (parking tasks, the tandem battle), its drift statistics and zone runs."""
    results = run.results()
    out = dict(run.game_mode.stats_block(run.session))
    out["drift"] = {k: round(v, 3) if isinstance(v, float) else v for k, v in asdict(results.stats).items()}
    zones = results.summary().get("zone_results")
    if zones is not None:
        out["zones"] = [{k: round(v, 3) if isinstance(v, float) else v for k, v in asdict(z).items()} for z in zones]
    return out
