"""Run `python -m game ARGS` on a disk that is full from the start: every fsync fails with ENOSPC, as a full disk's does."""

from __future__ import annotations

import errno
import os
import sys


def _full_disk(_fd: int) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


os.fsync = _full_disk

from game.cli import main  # noqa: E402

raise SystemExit(main(sys.argv[1:]))
