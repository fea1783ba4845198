"""The telemetry tap: the drive's frames sent out as Forza "Data Out" packets when Settings -> Telemetry (or --telemetry) is on."""

from __future__ import annotations


def telemetry_tap(scene):
    """The tap for this scene, or None while telemetry is off."""
    return None
