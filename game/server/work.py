"""What a verifier process runs: one file re-simulated and judged against the game's shipped data (loaded once per
process). Imports only the pure verification, so pool and worker processes start light."""

from __future__ import annotations

from typing import Any


def warm() -> None:
    """Load the shipped data before the first job (a pool worker's initializer)."""
    from game.server.shipped import Shipped

    Shipped.load()


def verify_bytes(data: bytes) -> Any:
    """The Verdict on a file; a crash of the verification itself is a refusal naming it, not a retry."""
    from game.server.shipped import Shipped
    from game.server.verdict import Verdict
    from game.server.verify import verify_replay

    try:
        return verify_replay(data, Shipped.load())
    except Exception as e:  # a bug met by one file must not stop the queue: the run is refused with the error named
        from game.safe_json import one_line

        return Verdict(verified=False, reason=one_line(f"the server could not verify this file ({type(e).__name__}: {e})")[:300])
