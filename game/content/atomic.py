"""Safe writing of the player's files (atomic replace, no-clobber new files, a lock for read-change-write,
quarantine of bad files); reading is game.safe_json.

A user file that is a symbolic link (a profile kept in a synced folder) is written through the link: the
temp file goes beside the link's resolved target and is renamed over the target, so the link stays.
"""

from __future__ import annotations

import errno
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from game.safe_json import DataError, encode_json

QUARANTINE_TAG = "corrupt"
LOCK_WAIT_S = 5.0  # a save holds the lock for milliseconds (a second on a slow disk); this long: the other game is stuck
LOCK_POLL_S = 0.02
MAX_NEW_NAMES = 10_000  # name-1 .. name-9999 tried before a new file gives up
# errors of a folder that keeps no locks or hard links (some network and FAT drives): fall back, do not fail
_UNSUPPORTED = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS, errno.EPERM, errno.EMLINK, errno.EINVAL}


def resolve_target(path: Path | str) -> Path:
    """The file a write to PATH must replace: PATH itself, or the file its symbolic link(s) lead to."""
    return Path(os.path.realpath(path))


class UnreadableSave(OSError):
    """A save refused, the old file kept, because the game could not read the new one back (an OSError: reported as any failed save)."""


def write_json_atomic(path: Path | str, obj: Any) -> None:
    """Write obj as compact JSON so that the target holds either the old or the new content, never a torn mix."""
    # Serialised and read back under the reader's limits first: what cannot be encoded fails before anything touches
    # the disk, and what would not read back is not written (UnreadableSave).
    name = Path(path).name
    try:
        data = encode_json(obj, name)
    except DataError as exc:
        why = str(exc).removeprefix(f"{name}: ")
        raise UnreadableSave(errno.EFBIG, f"it would not read back — {why}", str(path)) from None
    write_bytes_atomic(path, data)


def write_bytes_atomic(path: Path | str, data: bytes) -> None:
    """Write bytes atomically (temp file, fsync, rename over the target, fsync the folder), through a symlink."""
    target = resolve_target(path)
    tmp = _write_temp(target, data)
    try:
        _keep_mode(target, tmp)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(target.parent)


def write_new_file(path: Path | str, data: bytes) -> Path:
    """Write bytes to a file that did not exist: PATH, else PATH-1, PATH-2 ... if the name is taken, even by
    another game publishing the same name at the same moment (the name is claimed without clobbering). The path used."""
    first = Path(path)
    folder = resolve_target(first.parent)
    tmp = _write_temp(folder / first.name, data)
    try:
        for n in range(MAX_NEW_NAMES):
            candidate = folder / (first.name if n == 0 else f"{first.stem}-{n}{first.suffix}")
            try:
                _publish_new(tmp, candidate)
            except FileExistsError:
                continue
            _fsync_dir(folder)
            return first.parent / candidate.name
        raise FileExistsError(errno.EEXIST, f"{MAX_NEW_NAMES} files named like it already", str(first))
    finally:
        tmp.unlink(missing_ok=True)  # still there after a hard link, or after a failure


def _write_temp(target: Path, data: bytes) -> Path:
    """A fsynced temp file holding data in the target's folder (created if missing); removed again on failure."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def _keep_mode(target: Path, tmp: Path) -> None:
    """Give the new file the old one's permission bits (a shared or synced file stays as readable as it was)."""
    try:
        mode = target.stat().st_mode & 0o7777
    except OSError:
        return  # no old file: the temp file's private 0600 stands
    os.chmod(tmp, mode)


def _publish_new(tmp: Path, candidate: Path) -> None:
    """Give the finished temp file this name only if no file has it (FileExistsError otherwise)."""
    if os.name == "nt":
        os.rename(tmp, candidate)  # Windows' rename never replaces an existing file
        return
    try:
        os.link(tmp, candidate)  # atomic and never clobbers: the classic no-replace rename
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in _UNSUPPORTED:
            raise
        os.close(os.open(candidate, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))  # claim the name, then fill it
        os.replace(tmp, candidate)


@contextmanager
def locked(path: Path | str) -> Iterator[None]:
    """Hold the exclusive lock of a user file (a hidden .NAME.lock beside its resolved target) for a
    read-change-write. The system drops the lock when its process dies, so a crash leaves no stale lock.
    OSError if the lock file cannot be made, or another game holds the lock for LOCK_WAIT_S."""
    target = resolve_target(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(target.with_name(f".{target.name}.lock"), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        held = _acquire(fd, target.name)
        try:
            yield
        finally:
            if held:
                _release(fd)
    finally:
        os.close(fd)


def _acquire(fd: int, name: str) -> bool:
    """Take the lock on fd, waiting up to LOCK_WAIT_S; False where the file system keeps no locks."""
    deadline = time.monotonic() + LOCK_WAIT_S
    while True:
        try:
            _try_lock(fd)
            return True
        except (BlockingIOError, PermissionError):  # held by another process (PermissionError: msvcrt)
            if time.monotonic() >= deadline:
                raise OSError(errno.EWOULDBLOCK, f"another Sideways has held the lock on {name} for {LOCK_WAIT_S:g} s") from None
            time.sleep(LOCK_POLL_S)
        except OSError as exc:
            if exc.errno in _UNSUPPORTED:
                return False  # saving unlocked beats not saving at all
            raise


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only (the check mypy reads for msvcrt)
    import msvcrt

    def _try_lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _release(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _release(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _fsync_dir(directory: Path) -> None:
    """Make the rename itself durable; silently skipped where directories cannot be opened (Windows)."""
    try:
        dir_fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def quarantine(path: Path | str, now: datetime | None = None) -> Path:
    """Rename a bad file to NAME.corrupt-YYYYmmdd-HHMMSS (then -1, -2, ...) and return the new path.
    A symlinked file's target is moved (beside itself), so the link stays for the fresh file written through it."""
    src = resolve_target(path)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{src.name}.{QUARANTINE_TAG}-{stamp}"
    candidate = src.with_name(base)
    n = 0
    while candidate.exists() or candidate.is_symlink():
        n += 1
        candidate = src.with_name(f"{base}-{n}")
    os.rename(src, candidate)  # the name was free a moment ago; a same-second race is not worth more
    return candidate


def set_aside(path: Path, what: str, reason: str, now: datetime | None = None) -> str:
    """Quarantine a bad user file and return the one line telling the player what happened."""
    try:
        moved = quarantine(path, now)
    except OSError as exc:
        detail = exc.strerror or str(exc)
        # A rename fails when the folder is not writable; an atomic save there then fails the same
        # way, so the bad file is not silently overwritten either.
        return (f"Your {what} {reason} and could not be moved aside ({detail}); "
                f"a fresh one is in use for now.")
    return f"Your {what} {reason} and was moved aside to {moved.name}; a fresh one was started."
