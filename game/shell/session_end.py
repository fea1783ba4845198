"""However a session ends, the drive is banked: the window's close button, SIGTERM, SIGHUP and Ctrl+C end it as Finish does.

The ways out and their exit codes:
- the window's close button: Panda3D sends 'window-event' with the window no longer open, ShowBase calls `userExit()`,
  which calls `exitFunc` (the drive is banked here), then `sys.exit()`: exit code 0, as for Quit;
- SIGTERM, SIGHUP, SIGINT (Ctrl+C): the handler only notes the signal; the next frame banks the drive, saves the profile
  and the replay, prints one line and exits with 128 + the signal's number (143, 129, 130: the shell's own convention, so
  whoever sent it can tell the game stopped because of it, not by itself);
- a second signal before that: exit at once with 128 + its number, banking nothing more;
- a main loop that cannot get to it (stuck in a driver call): SIGALRM ends the process HARD_STOP_S after the first signal.
"""

from __future__ import annotations

import os
import signal
import sys

HARD_STOP_S = 8  # after the first signal the process is gone within this, banked or not (below docker stop's 10 s grace)
SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, n))


class _Pending:
    """What the signal handler noted, and the game it ends."""

    signum: int | None = None
    game = None


_pending = _Pending()


def exit_code(signum: int) -> int:
    """The exit code after a signal: 128 + its number."""
    return 128 + signum


def _on_signal(signum: int, _frame) -> None:
    """Note the signal for the main loop (no I/O here); a second one exits at once."""
    if _pending.signum is not None:
        os._exit(exit_code(signum))
    _pending.signum = signum
    if hasattr(signal, "alarm"):
        signal.alarm(HARD_STOP_S)  # SIGALRM keeps its default action: the kernel ends the process if we have not by then


def bank_on_exit(game, base) -> None:
    """Make every way out of this game's app bank the drive first: signals, the window's close button, a frame's check."""
    _pending.game = game
    if getattr(base, "sideways_session_end", False):
        return
    base.sideways_session_end = True
    try:
        for s in SIGNALS:
            if signal.getsignal(s) is not signal.SIG_IGN:  # ignored by whoever started us (nohup, a background job): stays so
                signal.signal(s, _on_signal)
    except ValueError:  # not the main thread: no signal handlers here
        pass
    else:
        # Panda3D's task manager swaps its own Ctrl+C handler in around every frame (it would stop the loop, exit code 0)
        # as the low-level _signal module it uses takes it: SIG_IGN / SIG_DFL as plain ints, not signal.Handlers (a game
        # started in the background, where SIGINT is ignored, stopped on its first frame with a TypeError)
        now = signal.getsignal(signal.SIGINT)
        if now is not None:  # None: a handler set outside Python, which Panda3D's own swap leaves alone
            base.taskMgr.keyboardInterruptHandler = int(now) if isinstance(now, signal.Handlers) else now
    base.exitFunc = _on_close  # the close button: ShowBase.windowEvent -> userExit -> exitFunc -> sys.exit(), exit code 0
    base.taskMgr.add(_check_signal, "sideways-session-end")


def _on_close() -> None:
    """The window was closed: bank the drive before ShowBase exits."""
    said = end(_pending.game)
    if said:
        sys.stderr.write(f"sideways: {said}\n")
        sys.stderr.flush()


def _check_signal(task):
    """Once a frame: after a signal, bank the drive and exit (SystemExit leaves app.run() and app.step() alike)."""
    if _pending.signum is None:
        return task.cont
    signum = _pending.signum
    said = end(_pending.game)
    name = signal.Signals(signum).name
    sys.stderr.write(f"sideways: stopped by {name}{': ' + said if said else ''}\n")
    sys.stderr.flush()
    raise SystemExit(exit_code(signum))


def end(game) -> str | None:
    """End the game's session now as Finish does (once; later calls do nothing): the drive's replay saved, its credits,
    session and best banked, the profile written. A line saying what was banked or what failed, or None."""
    if game is None or game.session_ended:
        return None
    game.session_ended = True
    online = getattr(game, "online", None)
    if online is not None:
        online.close()  # nothing waits on the board server on the way out
    try:
        summary = game.bank_drive()
    except Exception as e:  # a broken state must not hide the way out; say what happened
        return f"could not bank the drive: {type(e).__name__}: {e}"
    if summary is None:
        if game.profile_unsaved:
            return game.save_profile() or "saved the profile"
        return None
    done = f"banked the drive ({summary.get('credits', 0):,} credits" + (f", replay {summary['replay_file']})" if summary.get("replay_file") else ")")
    return f"{done}; {summary['warning']}" if summary.get("warning") else done
