"""Per-model telemetry: what a handling model computed on its last step, beside the shared car state.

Every model keeps one `Telemetry` object per car in `CarState.telemetry`. It holds the figures
of the model's last step (for the F3 panel, `sideways sim` CSV, HUD and sound) and, where a
model needs them, its own internal state (engine rpm, selected gear, ...), so copying a
CarState copies the model's state too and replays stay exact.

Readers never assume a model: they read `telemetry.value(name)`, which is None where the model
has no such quantity. `COLUMNS` is the fixed list the CSV writes, in order; `rpm`, `gear` and
`clutch` (engagement 0..1) are the ones the HUD tachometer and the engine sound use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.sim.slot_copy import slot_copier


@dataclass(frozen=True, slots=True)
class Column:
    """One telemetry quantity: attribute name, unit, and a short label for panels."""

    name: str
    unit: str
    label: str


# The telemetry list (item 6), in the order the CSV writes it. SI units, unit in the name.
COLUMNS: tuple[Column, ...] = (
    Column("rpm", "rpm", "engine speed"),
    Column("gear", "", "gear (-1 reverse, 0 neutral)"),
    Column("clutch", "0..1", "clutch engagement"),
    Column("engine_torque_nm", "Nm", "engine torque (throttle x curve)"),
    Column("friction_torque_nm", "Nm", "engine internal friction"),
    Column("clutch_torque_nm", "Nm", "torque the clutch passes"),
    Column("clutch_slip_rpm", "rpm", "clutch slip (engine - gearbox input)"),
    Column("wheel_force_n", "N", "drive force at the rear tyres"),
    Column("traction_limit_n", "N", "rear traction limit"),
    Column("wheelspin", "0/1", "rear wheels spinning"),
    Column("load_front_n", "N", "front axle load"),
    Column("load_rear_n", "N", "rear axle load"),
    Column("slip_angle_front_rad", "rad", "front slip angle"),
    Column("slip_angle_rear_rad", "rad", "rear slip angle"),
    Column("lat_force_front_n", "N", "front lateral (Pacejka) force"),
    Column("lat_force_rear_n", "N", "rear lateral (Pacejka) force"),
    Column("yaw_torque_nm", "Nm", "yaw torque about the CG"),
)
COLUMN_NAMES: tuple[str, ...] = tuple(c.name for c in COLUMNS)


class Telemetry:
    """Base telemetry: gear, rpm and clutch engagement, None where a model has none.

    Subclasses add their own slots; `copy`, `as_dict` and `value` cover every slot of the class.
    """

    __slots__ = ("rpm", "gear", "clutch")
    _names: tuple[str, ...] = ("rpm", "gear", "clutch")
    _copy: ClassVar[staticmethod[[Telemetry], Telemetry]]  # each class's own slot copier (set below and by __init_subclass__)
    hidden: tuple[str, ...] = ()  # the model's own bookkeeping: copied and compared, but not listed on the F3 panel

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for n in getattr(klass, "__slots__", ()):
                if n not in names:
                    names.append(n)
        cls._names = tuple(names)
        cls._copy = staticmethod(slot_copier(cls, cls._names))

    def __init__(self) -> None:
        self.rpm: float | None = None
        self.gear: int | None = None
        self.clutch: float | None = None

    def copy(self) -> Telemetry:
        """An independent copy (model state included)."""
        return self._copy(self)

    def as_dict(self) -> dict[str, Any]:
        """Every slot by name."""
        return {n: getattr(self, n) for n in self._names}

    def value(self, name: str) -> Any:
        """The quantity called `name`, or None where this model has no such quantity."""
        return getattr(self, name, None) if name in self._names else None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Telemetry) and type(other) is type(self) and self.as_dict() == other.as_dict()

    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # mutable: unhashable (typeshed's spelling of `__hash__ = None`)


Telemetry._copy = staticmethod(slot_copier(Telemetry, Telemetry._names))
