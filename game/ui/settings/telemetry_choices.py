"""Settings -> Telemetry's choices: where the Forza "Data Out" Dash packets go (pages.py builds the page from them)."""

from __future__ import annotations

from typing import Any

from game.content.settings import Settings
from game.content.telemetry_settings import DEFAULT_HOST, DEFAULT_PORT

PORTS = (DEFAULT_PORT, 5301, 5302, 5303, 5304, 5305, 5606, 9999, 20777)  # a few to pick from; any other: settings.json or --telemetry
ON_HINT = "Send each drive as Forza 'Data Out' (Dash) packets, 60 a second, for SimHub-style dashboards (from the next drive)"
HOST_HINT = "Another machine or port: set telemetry.host / .port in settings.json, or play --telemetry HOST:PORT"
PORT_HINT = "The UDP port the dashboard listens on; check it with: sideways telemetry listen --port N"


def host_options(s: Settings) -> tuple[tuple[Any, str], ...]:
    """This computer, plus the host in settings.json when it is another."""
    out: tuple[tuple[Any, str], ...] = ((DEFAULT_HOST, f"This computer ({DEFAULT_HOST})"),)
    if s.telemetry.host != DEFAULT_HOST:
        out += ((s.telemetry.host, s.telemetry.host),)
    return out


def port_options(s: Settings) -> tuple[tuple[Any, str], ...]:
    """A few ports, and the saved one."""
    return tuple((p, str(p)) for p in sorted(set(PORTS) | {s.telemetry.port}))
