"""Request bodies read under a hard cap: a Content-Length over it is refused before reading, and a body that streams
past it is cut off there, so a 100 MB upload never sits in memory."""

from __future__ import annotations

from starlette.requests import Request


class TooLarge(ValueError):
    """A body over the cap; the message is one line."""


async def read_capped(request: Request, cap: int, what: str) -> bytes:
    """The whole body, at most `cap` bytes; TooLarge (one line) otherwise."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise TooLarge(f"{what}: Content-Length is not a number")
        if int(declared) > cap:
            raise TooLarge(f"{what} is too large ({int(declared)} bytes; at most {cap})")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > cap:
            raise TooLarge(f"{what} is too large (over {cap} bytes)")
        chunks.append(chunk)
    return b"".join(chunks)
