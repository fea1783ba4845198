"""Telemetry out settings: settings.json's "telemetry" block (on/off, host, port), loaded field by field."""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from typing import Any

from game.content.setting_fields import boolean, field, int_range
from game.safe_json import shown

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 5300  # any free user port works: the dashboard listens on the same one
PORTS = (1024, 65535)  # user ports: 0-1023 need privileges on most systems
_HOSTNAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*")


@dataclass(frozen=True)
class TelemetrySettings:
    """Whether the drive is sent as Forza Dash packets, and where to (off by default)."""

    enabled: bool = False
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT

    def to_json(self) -> dict[str, Any]:
        """The on-disk form (the settings file's "telemetry" block)."""
        return {"enabled": self.enabled, "host": self.host, "port": self.port}

    @property
    def target(self) -> str:
        """host:port."""
        return f"{self.host}:{self.port}"


def host_problem(v: Any) -> str | None:
    """Why v is not a host to send to (an IPv4 address or a host name), or None."""
    if not isinstance(v, str) or not v:
        return "must be an IPv4 address or a host name"
    try:
        ipaddress.IPv4Address(v)
        return None
    except ValueError:
        pass
    if v.replace(".", "").isdigit() or len(v) > 253 or not _HOSTNAME.fullmatch(v):
        return "must be an IPv4 address or a host name"
    return None


port_problem = int_range(*PORTS)  # why v is not a port to send to, or None


_FIELDS = {"enabled": boolean, "host": host_problem, "port": port_problem}


def parse_target(text: str) -> TelemetrySettings:
    """HOST:PORT (as --telemetry takes it) -> enabled settings; ValueError with one line otherwise."""
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit():
        raise ValueError(f"--telemetry must look like HOST:PORT (e.g. {DEFAULT_HOST}:{DEFAULT_PORT}), got {shown(text)}")
    problem = host_problem(host) or port_problem(int(port))
    if problem:
        what = "host" if host_problem(host) else "port"
        raise ValueError(f"--telemetry {shown(text, quote=False)}: the {what} {problem}")
    return TelemetrySettings(True, host, int(port))


def load_telemetry(raw: Any, notes: list[str], unknown: list[str]) -> TelemetrySettings:
    """The "telemetry" block, field by field: a bad value falls back to its default with a note naming it."""
    default = TelemetrySettings()
    if raw is None:
        return default
    if not isinstance(raw, dict):
        notes.append("telemetry: must be an object — using defaults (off)")
        return default
    unknown.extend(f"telemetry.{k}" for k in sorted(set(raw) - set(_FIELDS)))
    values = {name: field(raw, name, check, getattr(default, name), f"telemetry.{name}", notes) for name, check in _FIELDS.items()}
    return TelemetrySettings(**values)
