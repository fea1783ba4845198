"""Watch a saved run from its results: the game plays the replay back as `sideways replay FILE` would (nothing banked),
then hands the game back as it was once that drive leaves the stack. Tandem's results also take the battle from here."""

from __future__ import annotations

from collections.abc import Callable

SAVED = ("spectate", "script")  # what a watch changes on the game: the run it watches and the recording that drives it


def tandem_summary(summary: dict, scene) -> dict:
    """The results summary with Tandem's battle, the opponent's name and car (the results screen lays these out)."""
    mode = scene.run.game_mode
    opp = getattr(mode, "opponent", None)
    return dict(summary, tandem=getattr(mode, "battle", None), opponent_name=getattr(mode, "opponent_name", ""),
                opponent_car=opp.spec.name if opp is not None else "")  # fmt: skip


def watcher(game, summary: dict) -> Callable[[], None] | None:
    """The results' 'Watch replay': plays the replay this drive saved (None when none was saved, or while watching one)."""
    name = summary.get("replay_file")
    if not name or game.spectate is not None:
        return None
    return lambda: watch(game, str(name))


def watch(game, name: str) -> None:
    """Play the saved replay `name` (in the replays folder) as its own run (RunSetup.of_replay); the game's own drive
    settings come back when it leaves. A replay that cannot be read or no longer plays here: one line on the main menu;
    one driven with another tune of its car says so on the HUD."""
    from game.content.replays import check_playable, load_replay, tune_note
    from game.content.session_results import replays_dir
    from game.sim.replay.format import ReplayError
    from game.sim.run.playback import Playback
    from game.sim.run.setup import RunSetup

    try:
        replay = load_replay(replays_dir() / name)
        drift = game.drift_roster() if replay.opponent else None  # a Tandem opponent that was a drift driver
        drivers = check_playable(replay, game.catalog, game.rules, game.track_digest, drift)
    except (ReplayError, OSError) as e:
        game.notice = f"Could not play the replay {name}: {e}"
        game.menus.main()
        return
    saved = {k: getattr(game, k, None) for k in SAVED}
    game.spectate = RunSetup.of_replay(replay, game.catalog, game.world, game.rules, drivers, drift)
    game.script = Playback.of_replay(replay)
    note = tune_note(replay, game.catalog)
    if note:
        game.notice = f"{note[0].upper()}{note[1:]}."
    game.begin_session(replay.mode)
    drive = game.drive
    leave = drive.on_leave

    def restore(d) -> None:
        leave(d)
        for k, v in saved.items():
            setattr(game, k, v)

    drive.on_leave = restore
