"""Every mode by id, in menu order: a new mode is its file, one line here and its id in game/sim/mode_ids.py (pure)."""

from __future__ import annotations

from game.sim.mode_ids import MODE_IDS
from game.sim.run.modes.base import Mode
from game.sim.run.modes.free import FreeDrift
from game.sim.run.modes.parking import ParkingChallenge
from game.sim.run.modes.qualifying import Qualifying
from game.sim.run.modes.tandem import Tandem
from game.sim.run.modes.timed import TimedRun
from game.sim.run.modes.zones import DriftZones

MODES: dict[str, type[Mode]] = {m.id: m for m in (FreeDrift, TimedRun, DriftZones, ParkingChallenge, Qualifying, Tandem)}
if tuple(MODES) != MODE_IDS:
    raise ImportError(f"game/sim/run/modes/registry.py registers {', '.join(MODES)} but game/sim/mode_ids.py lists {', '.join(MODE_IDS)}")


def mode_class(mode_id: str) -> type[Mode]:
    """The class of this mode; ValueError (one line naming the modes there are) for an unknown id."""
    try:
        return MODES[mode_id]
    except (KeyError, TypeError):
        raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode_id!r}") from None


def hosted_modes(track) -> tuple[str, ...]:
    """The ids of the modes this map can host, in menu order."""
    return tuple(m for m, cls in MODES.items() if cls.hosts(track))
