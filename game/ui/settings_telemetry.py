"""Settings -> Telemetry: Forza "Data Out" Dash packets over UDP for dashboards and rigs (on/off, where to) as rows."""

from __future__ import annotations

from typing import Any

from game.content.settings import Settings
from game.content.telemetry_settings import DEFAULT_HOST, DEFAULT_PORT
from game.ui.settings_rows import Choice, Header, Page

PORTS = (DEFAULT_PORT, 5301, 5302, 5303, 5304, 5305, 5606, 9999, 20777)  # a few to pick from; any other: settings.json or --telemetry
ELSEWHERE = "Another machine or port: set telemetry.host / .port in settings.json, or play --telemetry HOST:PORT"


def _hosts(s: Settings) -> tuple[tuple[Any, str], ...]:
    """This computer, plus the host in settings.json when it is another."""
    out: tuple[tuple[Any, str], ...] = ((DEFAULT_HOST, f"This computer ({DEFAULT_HOST})"),)
    if s.telemetry.host != DEFAULT_HOST:
        out += ((s.telemetry.host, s.telemetry.host),)
    return out


def _ports(s: Settings) -> tuple[tuple[Any, str], ...]:
    ports = sorted(set(PORTS) | {s.telemetry.port})
    return tuple((p, str(p)) for p in ports)


def telemetry_page(s: Settings) -> Page:
    """The Telemetry page for settings s (its host and port lists hold the saved ones)."""
    return Page("Telemetry", (
        Choice("Telemetry out", "telemetry.enabled", ((False, "Off"), (True, "On")),
               "Send each drive as Forza 'Data Out' (Dash) packets, 60 a second, for SimHub-style dashboards (from the next drive)"),
        Header("Send to", columns=("", "")),
        Choice("Address", "telemetry.host", _hosts(s), ELSEWHERE, wrap=False),
        Choice("Port", "telemetry.port", _ports(s), "The UDP port the dashboard listens on; check it with: sideways telemetry listen --port N",
               wrap=False),
    ))  # fmt: skip
