"""Start a program with chosen signals ignored or at their default action, as a shell would hand them on.

    python -m tests.e2e.with_signals [--ignore INT,HUP] [--default TERM] -- PROGRAM ARGS...

Tests use this instead of Popen's preexec_fn, which runs Python in a child forked from a threaded process (a pytest-xdist
worker) and can deadlock there before the program starts. A signal's disposition set here survives the exec.
"""

from __future__ import annotations

import os
import signal
import sys


def main(argv: list[str]) -> None:
    split = argv.index("--")
    opts, program = argv[:split], argv[split + 1 :]
    for flag, action in (("--ignore", signal.SIG_IGN), ("--default", signal.SIG_DFL)):
        if flag in opts:
            for name in opts[opts.index(flag) + 1].split(","):
                signal.signal(getattr(signal, f"SIG{name}"), action)
    os.execv(program[0], program)


if __name__ == "__main__":
    main(sys.argv[1:])
