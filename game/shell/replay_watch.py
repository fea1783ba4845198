"""Watch a saved run from its results: the game drives a request to watch the replay, as `sideways replay FILE` does
(nothing banked)."""

from __future__ import annotations

from collections.abc import Callable

from game.shell.request import DriveRequest


def watcher(game, summary: dict) -> Callable[[], None] | None:
    """The results' 'Watch replay': plays the replay this drive saved (None when none was saved, or while watching one)."""
    name = summary.get("replay_file")
    if not name or game.watching:
        return None
    return lambda: watch(game, str(name))


def watch(game, name: str) -> None:
    """Play the saved replay `name` (in the replays folder) as `sideways replay FILE` would: its own run, with the cars
    and the lead it keeps; the game's choices are untouched, so the menus' next drives are as before. A replay that
    cannot be read or no longer plays here: one line on the main menu; one driven with another tune of its car says so
    on the HUD."""
    from game.content.replays import check_playable, load_replay, tune_note
    from game.content.session_results import replays_dir
    from game.sim.replay.format import ReplayError

    try:
        replay = load_replay(replays_dir() / name)
        drift = game.drift_roster() if replay.opponent else None  # a Tandem opponent that was a drift driver
        check_playable(replay, game.catalog, game.rules, game.track_digest, drift)  # e.g. cars.json's handling retuned live
    except (ReplayError, OSError) as e:
        game.notice = f"Could not play the replay {name}: {e}"
        game.menus.main()
        return
    note = tune_note(replay, game.catalog)
    if note:
        game.notice = f"{note[0].upper()}{note[1:]}."
    game.drive(DriveRequest.watching(replay))
