"""Watch a saved run from its results: the game drives a request to watch the replay, as `sideways replay FILE` does
(nothing banked). Tandem's results also take the battle from here."""

from __future__ import annotations

from collections.abc import Callable

from game.shell.request import DriveRequest


def tandem_summary(summary: dict, scene) -> dict:
    """The results summary with Tandem's battle, the opponent's name and car (the results screen lays these out)."""
    mode = scene.run.game_mode
    opp = getattr(mode, "opponent", None)
    return dict(summary, tandem=getattr(mode, "battle", None), opponent_name=getattr(mode, "opponent_name", ""),
                opponent_car=opp.spec.name if opp is not None else "")  # fmt: skip


def watcher(game, summary: dict) -> Callable[[], None] | None:
    """The results' 'Watch replay': plays the replay this drive saved (None when none was saved, or while watching one)."""
    name = summary.get("replay_file")
    if not name or game.watching:
        return None
    return lambda: watch(game, str(name))


def watch(game, name: str) -> None:
    """Play the saved replay `name` (in the replays folder) as `sideways replay FILE` would; the game's choices are
    untouched, so the menus' next drives are as before. A replay that cannot be read or no longer plays here: one line
    on the main menu."""
    from game.content.replays import check_playable, load_replay
    from game.content.session_results import replays_dir
    from game.sim.replay.format import ReplayError

    driven = game.driven.tandem if game.driven is not None else None
    lead = driven.lead_replay if driven is not None else None  # the replay lead the drive that just ended chased
    try:
        replay = load_replay(replays_dir() / name)
        # a cars.json retuned live since it was saved; a chase of a replay lead plays against the lead it chased
        check_playable(replay, game.catalog, game.rules, game.track_digest, lead=lead)
    except (ReplayError, OSError) as e:
        game.notice = f"Could not play the replay {name}: {e}"
        game.menus.main()
        return
    game.drive(DriveRequest.watching(replay, lead if replay.lead_digest else None))
