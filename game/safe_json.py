"""The one hardened reader for untrusted JSON files: every failure is one DataError line.

Everything a player, a modder or a download can hand the game (inputs, catalog, tracks, scoring,
profile, settings, replay headers) is parsed here: UTF-8 with or without a BOM; no NaN or
Infinity; no number longer than a few dozen digits; duplicate keys refused; the size of the file,
the nesting depth and the number of values bounded; RecursionError and ValueError never escape.
A player's own file (profile, settings) is read to be salvaged: what no field can hold or what is nested too deeply
comes back as a stand-in its repair drops, so one bad record never costs the rest. What the game writes is checked
here too (encode_json), so it never writes a file it would then refuse to read.
Pure stdlib, so the sim's own readers (inputs, replay headers) use it too.
"""

from __future__ import annotations

import gc
import hashlib
import json
import math
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from io import BufferedReader
from pathlib import Path
from typing import Any

MAX_FILE_BYTES = 8 * 1024 * 1024  # a data or user file (the shipped park is 14 KB)
MAX_LINES_BYTES = 64 * 1024 * 1024  # a JSON Lines inputs file (an hour at 120 Hz is about 35 MB)
MAX_DEPTH = 32  # nesting levels (the deepest shipped file has 7)
MAX_VALUES = 200_000  # values in one document: keeps schema validation quick
MAX_SALVAGE_BYTES = 16 * 1024 * 1024  # a player's own file read to be repaired: a bloated career still loads
MAX_SALVAGE_VALUES = 2_000_000  # values in such a file (16 MB of real records hold about 1.1 million)
MAX_NUMBER_CHARS = 40  # digits in one number literal: more is never a real value
NAME_MAX_BYTES = 255  # one folder or file name (NAME_MAX on Linux, macOS and Windows)
PATH_MAX_BYTES = 4095  # a whole path (PATH_MAX on Linux is 4096 with its terminating NUL)
_NOT_REGULAR = ((stat.S_ISDIR, "is a folder, not a file"), (stat.S_ISFIFO, "is a pipe (FIFO), not a regular file"),
                (stat.S_ISCHR, "is a device, not a regular file"), (stat.S_ISBLK, "is a device, not a regular file"),
                (stat.S_ISSOCK, "is a socket, not a regular file"))


class DataError(ValueError):
    """Bad data in a file: the message is one line naming the file, item and field."""


class FileMissing(DataError):
    """The file does not exist (callers may treat that as 'nothing saved yet')."""


class BadNumber:
    """Stands in for a number no field can hold (NaN, Infinity, 1e999, 5000 digits) when salvaging a user file."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text if len(text) <= 24 else text[:21] + "..."

    def __repr__(self) -> str:
        return self.text


class TooDeep:
    """Stands in for a value nested more than MAX_DEPTH levels deep when salvaging a user file."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<nested over {MAX_DEPTH} levels>"


TOO_DEEP = TooDeep()


def read_bytes(path: str | Path, label: str | None = None, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """A file's bytes, at most max_bytes; DataError on a missing, unreadable, oversized or not regular file."""
    label = str(path) if label is None else label
    try:
        with open_regular(path, label) as fh:
            if os.fstat(fh.fileno()).st_size > max_bytes:
                raise DataError(f"{label}: file is too big (over {max_bytes // 1024} KB)")
            raw = fh.read(max_bytes + 1)
    except (OSError, ValueError) as e:
        if isinstance(e, DataError):
            raise
        raise DataError(f"{label}: cannot read ({getattr(e, 'strerror', None) or e})") from None
    if len(raw) > max_bytes:  # grew while being read
        raise DataError(f"{label}: file is too big (over {max_bytes // 1024} KB)")
    return raw


def path_problem(path: str | Path) -> str | None:
    """Why the system would refuse a path for its length alone (a name over 255 bytes, the whole over 4095), or None."""
    raw = os.fsencode(path)
    if len(raw) > PATH_MAX_BYTES:
        return f"the path is too long ({len(raw)} bytes; at most {PATH_MAX_BYTES})"
    for sep in {os.sep, os.altsep or os.sep} - {"/"}:
        raw = raw.replace(sep.encode(), b"/")
    longest = max(len(name) for name in raw.split(b"/"))
    if longest > NAME_MAX_BYTES:
        return f"a name in the path is {longest} bytes long (at most {NAME_MAX_BYTES})"
    return None


def open_regular(path: str | Path, label: str | None = None) -> BufferedReader:
    """Open a file to read that must be a regular file, without ever blocking; DataError (FileMissing) otherwise.

    A FIFO, device or socket in its place is refused from a stat before the open, and again from an fstat of what
    was opened (with O_NONBLOCK, so a FIFO swapped in between cannot block the open), so no read waits for ever."""
    label = str(path) if label is None else label
    problem = path_problem(path)
    if problem:
        raise DataError(f"{label}: {problem}")
    try:
        _check_regular(os.stat(path).st_mode, label)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0))
    except DataError:
        raise
    except FileNotFoundError:
        raise FileMissing(f"{label}: file not found") from None
    except (OSError, ValueError) as e:
        raise DataError(f"{label}: cannot read ({getattr(e, 'strerror', None) or e})") from None
    try:
        _check_regular(os.fstat(fd).st_mode, label)
        if hasattr(os, "O_NONBLOCK"):
            os.set_blocking(fd, True)  # no effect on a regular file's reads; plain from here on
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _check_regular(mode: int, label: str) -> None:
    for test, why in _NOT_REGULAR:
        if test(mode):
            raise DataError(f"{label}: {why}")
    if not stat.S_ISREG(mode):
        raise DataError(f"{label}: not a regular file")


def decode_text(raw: bytes, label: str) -> str:
    """UTF-8 text with an optional BOM (Notepad writes one); DataError naming the first bad byte."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise DataError(f"{label}: not UTF-8 text (byte {e.start})") from None


def read_json_file(path: str | Path, label: str | None = None, max_bytes: int | None = None,
                   salvage: bool = False) -> tuple[Any, str]:
    """Read and parse one JSON file: (data, sha256 hex of its bytes); DataError on anything wrong.

    salvage=True (the player's own files, repaired field by field) reads a number no field can hold as a BadNumber
    and what is nested too deeply as TOO_DEEP instead of refusing the whole file, and takes a bigger one."""
    label = str(path) if label is None else label
    if max_bytes is None:
        max_bytes = MAX_SALVAGE_BYTES if salvage else MAX_FILE_BYTES
    raw = read_bytes(path, label, max_bytes)
    return parse_json_text(decode_text(raw, label), label, salvage=salvage), hashlib.sha256(raw).hexdigest()


def read_text_file(path: str | Path, label: str | None = None, max_bytes: int = MAX_LINES_BYTES) -> str:
    """A whole text file (for JSON Lines), BOM dropped; DataError on anything wrong."""
    label = str(path) if label is None else label
    return decode_text(read_bytes(path, label, max_bytes), label)


def parse_json_bytes(raw: bytes, label: str) -> Any:
    """Parse JSON from bytes (UTF-8, optional BOM) under every limit of this module."""
    if len(raw) > MAX_FILE_BYTES:
        raise DataError(f"{label}: too big (over {MAX_FILE_BYTES // 1024} KB)")
    return parse_json_text(decode_text(raw, label), label)


def parse_json_text(text: str, label: str, one_line: bool = False, salvage: bool = False) -> Any:
    """Parse JSON text: duplicate keys, NaN/Infinity, long numbers, deep nesting, too many values, lone surrogates refused (salvage: see read_json_file)."""
    text = text.removeprefix("\ufeff")
    most = MAX_SALVAGE_VALUES if salvage else MAX_VALUES
    if _too_many_values(text, most):  # counted before parsing: a flood of tiny values is never built in memory
        raise DataError(f"{label}: too many values (at most {most})")
    stand_in = None  # the number literal that stands for a cut-off deep value (salvage, see _cut_deep)

    def no_dupes(pairs):
        out = {}
        for k, v in pairs:
            if k in out:
                raise DataError(f"{label}: duplicate key {_short(k)}")
            out[k] = v
        return out

    def refuse(s: str, why: str):
        if salvage:
            return BadNumber(s)
        raise DataError(f"{label}: {why}")

    def parse_int(s: str):
        if len(s) > MAX_NUMBER_CHARS:
            return TOO_DEEP if s == stand_in else refuse(s, f"a number is too long ({len(s)} characters; at most {MAX_NUMBER_CHARS})")
        return int(s)

    def parse_float(s: str):
        if len(s) > MAX_NUMBER_CHARS:
            return refuse(s, f"a number is too long ({len(s)} characters; at most {MAX_NUMBER_CHARS})")
        v = float(s)
        return v if math.isfinite(v) else refuse(s, f"number {s} is out of range")

    def constant(name: str):
        return refuse(name, f"{name} is not a number JSON allows")

    def loads(t: str):
        return json.loads(t, object_pairs_hook=no_dupes, parse_int=parse_int, parse_float=parse_float, parse_constant=constant)

    try:
        with _gc_paused():
            try:
                value = loads(text)
            except RecursionError:
                if not salvage:
                    raise
                stand_in = _free_number(text)
                value = loads(_cut_deep(text, stand_in))  # nested past the parser's own stack: cut in the text first
            return _check_shape(value, label, salvage)
    except DataError:
        raise
    except json.JSONDecodeError as e:
        at = f"column {e.colno}" if one_line else f"line {e.lineno}, column {e.colno}"
        raise DataError(f"{label}: broken JSON at {at}: {e.msg}") from None
    except RecursionError:
        raise DataError(f"{label}: nested too deeply (at most {MAX_DEPTH} levels)") from None
    except (ValueError, TypeError, MemoryError) as e:
        raise DataError(f"{label}: broken JSON ({_short(str(e))})") from None


def encode_json(obj: Any, label: str) -> bytes:
    """obj as the compact UTF-8 JSON of a user file, read back first under every limit of a read; DataError naming the limit it breaks."""
    data = (json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n").encode("utf-8")
    parse_json_bytes(data, label)
    return data


def parse_json_lines(text: str, label: str):
    """(line number, value) for each non-blank line not starting with '#'; each error names label:line."""
    for n, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield n, parse_json_text(stripped, f"{label}:{n}", one_line=True)


_STRING = r'"[^"\\]*+(?:\\[\s\S][^"\\]*+)*+(?:"|\\?\Z)'  # a string, or an unclosed one to the end: never backtracks
_STRING_RE = re.compile(_STRING)
_SPACED_EMPTY_RE = re.compile(r"[\[{][ \t\n\r]+[\]}]")
_BRACKET_RE = re.compile(_STRING + r"|[\[\]{}]")


@contextmanager
def _gc_paused() -> Iterator[None]:
    """The cyclic garbage collector held off while a document is built and walked (JSON makes no cycles; its passes would cost seconds)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _too_many_values(text: str, most: int) -> bool:
    """Whether the JSON text holds more than `most` values: exactly, for valid JSON, as one plus its commas and containers less its empty ones."""
    # counted outside strings; a text too short to hold that many, or with few enough commas and brackets, is not scanned
    if (len(text) + 1) // 2 <= most or 1 + text.count(",") + text.count("[") + text.count("{") <= most:
        return False  # every value takes a character and a separator; or even counting in strings they are few enough
    bare = _STRING_RE.sub("0", text)
    empty = bare.count("[]") + bare.count("{}") + sum(1 for _ in _SPACED_EMPTY_RE.finditer(bare))
    return 1 + bare.count(",") + bare.count("[") + bare.count("{") - empty > most


def _free_number(text: str) -> str:
    """A number literal too long for any field that the text does not hold: a run of 9s longer than any in it."""
    runs = (m.end() - m.start() for m in re.finditer(f"9{{{MAX_NUMBER_CHARS + 1},}}", text))
    return "9" * (max(runs, default=MAX_NUMBER_CHARS) + 1)


def _cut_deep(text: str, stand_in: str) -> str:
    """The text with each array or object opening deeper than MAX_DEPTH replaced by stand_in (one scan, strings skipped)."""
    out: list[str] = []
    depth, start, last = 0, -1, 0
    for m in _BRACKET_RE.finditer(text):
        c = text[m.start()]
        if c == '"':
            continue
        if c in "[{":
            depth += 1
            if depth == MAX_DEPTH + 1:
                start = m.start()
            continue
        if depth == MAX_DEPTH + 1 and start >= 0:
            out += (text[last:start], stand_in)
            last, start = m.end(), -1
        depth -= 1
    if start >= 0:  # never closed: the rest goes, and the parser says the text is broken
        out += (text[last:start], stand_in)
        last = len(text)
    out.append(text[last:])
    return "".join(out)


def _check_shape(value: Any, label: str, salvage: bool = False) -> Any:
    """The value, its depth and text checked (no lone surrogates) level by level; salvaging, what is nested too deeply becomes TOO_DEEP."""
    if isinstance(value, str) and not value.isascii():
        _check_text(value, label)
    level, depth = ([value] if isinstance(value, (dict, list)) and value else []), 1  # the non-empty containers this deep
    while level:
        below: list[Any] = []
        for c in level:
            if isinstance(c, dict):
                for k in c:
                    if not k.isascii():
                        _check_text(k, label)
            if depth >= MAX_DEPTH:  # everything in it is nested too deeply
                if not salvage:
                    raise DataError(f"{label}: nested too deeply (at most {MAX_DEPTH} levels)")
                for k in c if isinstance(c, dict) else range(len(c)):
                    c[k] = TOO_DEEP
                continue
            for item in c.values() if isinstance(c, dict) else c:
                if isinstance(item, str):
                    if not item.isascii():
                        _check_text(item, label)
                elif isinstance(item, (dict, list)) and item:
                    below.append(item)
        level, depth = below, depth + 1
    return value


def _check_text(s: str, label: str) -> None:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as e:
        raise DataError(f"{label}: text holds an invalid character (\\u{ord(s[e.start]):04x})") from None


ECHO_CHARS = 80  # the most of an untrusted value a message quotes


def shown(value: Any, limit: int = ECHO_CHARS, quote: bool = True) -> str:
    """An untrusted value as a message quotes it: at most `limit` characters ("..." marks a cut), control characters,
    ESC, newlines and other unprintables as backslash escapes, so the message stays one short, inert line.

    Text is quoted as repr quotes it (quote=False leaves the quotes off); anything else is shown by its repr, cut
    before it is built whole for a long str, bytes, list or dict."""
    if isinstance(value, str):
        r = repr(value[: limit + 1])  # never the repr of a 4 MB string: what is cut is never shown
        cut = len(value) > limit
        if not quote:
            r = r[1:-1]
    elif isinstance(value, (bytes, list, tuple, dict, set)) and len(value) > limit:
        r, cut = f"<{type(value).__name__} of {len(value)} items>", False
    else:
        try:
            r, cut = repr(value), False
        except Exception:  # a value whose repr fails (never from JSON, but a message must not die of it)
            r, cut = f"<{type(value).__name__}>", False
        r = one_line(r)
    if cut or len(r) > limit:
        r = r[: max(limit - 3, 1)] + "..."
    return r


_UNPRINTABLE = re.compile(r"[^\x20-\x7e\u00a0-\U0010ffff]|[\u0080-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def one_line(text: str) -> str:
    """Text made one inert line: control characters (newlines, ESC, C1), bidi overrides and zero-width marks shown as
    backslash escapes. For the line an error or a note prints, whatever values it quoted."""
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def _short(s: Any) -> str:
    """A value quoted in a reader's error, cut to 40 characters."""
    return shown(s, 40)
