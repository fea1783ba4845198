"""The player's profile (credits, garage, paint, bests, stats) in profile.json, loaded safely, saved by merging.

Several games may share one home (one watching a replay, one driving). Each Profile remembers the copy of the
file it descends from (its lineage), so a save writes the file as it is now plus what this game changed since,
under the file's lock: never a stale copy over another game's progress (game.content.profile_merge).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game import paths
from game.content.atomic import locked, resolve_target, set_aside, write_json_atomic
from game.content.profile_merge import merge_fields
from game.content.profile_repair import HEX_RE, PROFILE_VERSION, TooNew, Unusable, repair_fields
from game.content.repair_notes import is_int
from game.safe_json import DataError, FileMissing, read_json_file
from game.sim.career.progress import CareerProgress
from game.sim.looks import FACTORY, LooksError, Stance, check_finish
from game.sim.models.model_registry import DEFAULT_MODEL, MODELS
from game.sim.params import CarSpec

PROFILE_FILE = "profile.json"


class ProfileError(ValueError):
    """An action the profile refuses (not enough credits, car not owned, bad colour ...)."""


class Lineage:
    """Which file a profile came from and the profile as this game last read or wrote it there.

    Shared (not copied) by every profile derived from it, so a save moves the baseline for all of them."""

    __slots__ = ("target", "base", "starter_cars", "starting_credits", "star_prices")

    def __init__(self, path: Path, base: Profile, starter_cars: Sequence[str], starting_credits: int,
                 star_prices: dict[str, int] | None = None) -> None:
        self.target = resolve_target(path)
        self.base = base
        self.starter_cars = tuple(starter_cars)
        self.starting_credits = starting_credits
        # credits a star of each career event this game paid for (see paid_for_stars); a merge takes back a star
        # another game was paid for too
        self.star_prices = star_prices if star_prices is not None else {}


def paid_for_stars(profile: Profile, event_id: str, credits_per_star: int) -> None:
    """Note that this game paid `credits_per_star` for each new star of a career event (a save's merge then pays a
    star once when another game in the same home earned it too)."""
    if profile.lineage is not None:
        profile.lineage.star_prices[event_id] = int(credits_per_star)


@dataclass(frozen=True, kw_only=True)
class Profile:
    """One player's progress; change it only through the pure functions below."""

    version: int = PROFILE_VERSION
    credits: int
    owned: tuple[str, ...]
    equipped: str
    paint: Mapping[str, str] = field(default_factory=dict)
    bests: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    stats: Mapping[str, float] = field(default_factory=dict)
    handling: Mapping[str, str] = field(default_factory=dict)  # car id -> handling model id (absent: arcade)
    finish: Mapping[str, str] = field(default_factory=dict)  # car id -> paint finish (absent: gloss); looks only
    stance: Mapping[str, Stance] = field(default_factory=dict)  # car id -> stance (absent: factory); looks only
    career: CareerProgress = field(default_factory=CareerProgress)  # each event's best and stars, each cup's bracket
    lineage: Lineage | None = field(default=None, compare=False, repr=False)  # None: a save writes it whole

    def __post_init__(self) -> None:
        """Freeze the containers so a shared Profile cannot be edited behind the owner's back."""
        object.__setattr__(self, "owned", tuple(self.owned))
        object.__setattr__(self, "paint", MappingProxyType(dict(self.paint)))
        object.__setattr__(self, "bests", MappingProxyType(dict(self.bests)))
        object.__setattr__(self, "stats", MappingProxyType(dict(self.stats)))
        object.__setattr__(self, "handling", MappingProxyType(dict(self.handling)))
        object.__setattr__(self, "finish", MappingProxyType(dict(self.finish)))
        object.__setattr__(self, "stance", MappingProxyType(dict(self.stance)))

    def to_json(self) -> dict[str, Any]:
        """The v2 on-disk form."""
        return {
            "version": PROFILE_VERSION,
            "credits": self.credits,
            "owned": list(self.owned),
            "equipped": self.equipped,
            "paint": dict(self.paint),
            "bests": {k: dict(v) for k, v in self.bests.items()},
            "stats": dict(self.stats),
            "handling": dict(self.handling),
            "finish": dict(self.finish),
            "stance": {k: v.to_json() for k, v in self.stance.items()},
            "career": self.career.to_json(),
        }

    def looks(self, car_id: str) -> dict[str, Any]:
        """A car's finish and stance as CarModel and RunSetup take them (gloss and the factory stance if never set)."""
        return {"finish": self.finish.get(car_id, "gloss"), "stance": self.stance.get(car_id, FACTORY)}

    def fields(self) -> dict[str, Any]:
        """The progress fields as the constructor takes them (no version, no lineage)."""
        return {"credits": self.credits, "owned": self.owned, "equipped": self.equipped, "paint": self.paint,
                "bests": self.bests, "stats": self.stats, "handling": self.handling, "finish": self.finish,
                "stance": self.stance, "career": self.career}


@dataclass(frozen=True)
class LoadResult:
    """A usable profile plus at most one line to show the player once (None when all was well)."""

    profile: Profile
    message: str | None = None


def profile_path() -> Path:
    """Where the profile lives: user_home()/profile.json."""
    return paths.user_home() / PROFILE_FILE


def new_profile(starter_cars: Sequence[str], starting_credits: int) -> Profile:
    """A fresh profile owning the starter cars, the first one equipped."""
    if not starter_cars:
        raise ValueError("new_profile: starter_cars must name at least one car")
    if not is_int(starting_credits) or starting_credits < 0:
        raise ValueError(f"new_profile: starting_credits must be an int >= 0, got {starting_credits!r}")
    return Profile(credits=starting_credits, owned=tuple(dict.fromkeys(starter_cars)),
                   equipped=starter_cars[0])


def load_profile(path: Path | str, car_ids: Collection[str], starter_cars: Sequence[str],
                 starting_credits: int, now: datetime | None = None) -> LoadResult:
    """Read the profile; never raises. A bad field is fixed or dropped (and the repair saved at once);
    only a file with nothing usable in it is moved aside, bytes intact, and a fresh profile used."""
    path = Path(path)
    fresh = new_profile(starter_cars, starting_credits)
    fresh = replace(fresh, lineage=Lineage(path, fresh, starter_cars, starting_credits))  # a game with no file yet merges too
    try:
        raw, _ = read_json_file(path, salvage=True)
    except FileMissing:
        return LoadResult(fresh)
    except DataError as exc:
        return LoadResult(fresh, set_aside(path, "profile", f"was unreadable ({_reason(exc, path)})", now))
    notes: list[str] = []
    try:
        profile = Profile(**repair_fields(raw, starter_cars, starting_credits, notes))
    except TooNew as exc:
        reason = f"came from a newer version of Sideways ({exc})"
        return LoadResult(fresh, set_aside(path, "profile", reason, now))
    except Unusable as exc:
        return LoadResult(fresh, set_aside(path, "profile", f"was unreadable ({exc})", now))
    profile = replace(profile, lineage=Lineage(path, profile, starter_cars, starting_credits))
    lines = [f"{PROFILE_FILE}: " + ". ".join(notes) + "."] if notes else []
    if any("that is fine" not in n for n in notes):
        try:
            profile = save_profile(path, profile)  # the repair is kept, so the note shows once
        except OSError as exc:
            lines.append(f"(The repair could not be saved yet: {exc.strerror or exc}.)")
    profile, note = _settle_equipped(profile, set(car_ids), starter_cars)
    if note:
        lines.append(note)
    return LoadResult(profile, " ".join(lines) or None)


def peek_profile(path: Path | str, starter_cars: Sequence[str], starting_credits: int) -> LoadResult:
    """Read the profile as load_profile does but never write: a repair stays in memory (the note says so) and a file
    with nothing usable in it is left where it is (a fresh profile is shown). For tools that only look."""
    path = Path(path)
    try:
        raw, _ = read_json_file(path, salvage=True)
        notes: list[str] = []
        profile = Profile(**repair_fields(raw, starter_cars, starting_credits, notes))
    except FileMissing:
        return LoadResult(new_profile(starter_cars, starting_credits))
    except (DataError, TooNew, Unusable) as exc:
        why = _reason(exc, path) if isinstance(exc, DataError) else str(exc)
        return LoadResult(new_profile(starter_cars, starting_credits), f"{PROFILE_FILE}: cannot be read ({why}); showing a new profile.")
    notes = [n for n in notes if "that is fine" not in n]
    return LoadResult(profile, f"{PROFILE_FILE}: " + ". ".join(notes) + " (the game repairs it when it next starts)." if notes else None)


def _reason(exc: DataError, path: Path) -> str:
    """The reader's one line without the file name the player already sees in the message."""
    text = str(exc)
    return text.split(": ", 1)[1] if text.startswith(str(path)) and ": " in text else text


def save_profile(path: Path | str, profile: Profile, update: Callable[[Profile], Profile] | None = None) -> Profile:
    """Save atomically (the old file stays whole if this is interrupted) and return the profile as written.

    A profile loaded from this file is merged: under the file's lock, what this game changed since its last load
    or save is applied to the file as it is now, so progress another game saved meanwhile stays. Keep playing with
    the returned profile (it shows both games' progress) or with your own: either merges right next time.
    `update`, if given, takes the merged profile, still under the lock, and returns what is written: a step that must
    see what another game saved (a cup's battle settles against the bracket on disk, not a stale copy of it).
    OSError (ProfileConflict among them) if nothing was written; the baseline then stays, so a retry loses nothing."""
    path = Path(path)
    lin = profile.lineage
    if lin is not None and lin.target != resolve_target(path):
        lin = None  # saved somewhere other than where it was read: written whole
    with locked(path):
        if lin is None:
            out = replace(profile, lineage=None)
        else:
            disk = _read_disk(path, lin)
            out = Profile(**merge_fields(lin.base.fields(), profile.fields(), disk.fields(), lin.star_prices), lineage=lin)
        if update is not None:
            out = update(out)
        write_json_atomic(path, out.to_json())
    if lin is None:
        return out
    lin.base = profile  # profiles derived from this one now measure their changes from it
    return replace(out, lineage=Lineage(path, out, lin.starter_cars, lin.starting_credits, lin.star_prices))


def _read_disk(path: Path, lin: Lineage) -> Profile:
    """The profile file as it is now (the caller holds its lock); the lineage's base if there is none, or nothing usable."""
    try:
        raw, _ = read_json_file(path, salvage=True)
        return Profile(**repair_fields(raw, lin.starter_cars, lin.starting_credits, []))
    except FileMissing:
        return lin.base
    except (DataError, TooNew, Unusable):
        set_aside(path, "profile", "was unreadable at a save")  # its bytes are kept aside, as at a load
        return lin.base


def _settle_equipped(profile: Profile, car_ids: set[str],
                     starter_cars: Sequence[str]) -> tuple[Profile, str | None]:
    """Equip a car that exists and is owned; records of vanished cars stay in owned/paint."""
    if profile.equipped in car_ids and profile.equipped in profile.owned:
        return profile, None
    old = profile.equipped
    choice = next((c for c in profile.owned if c in car_ids), None)
    owned = profile.owned
    if choice is None:
        choice = next((c for c in starter_cars if c in car_ids), starter_cars[0])
        owned = owned + (choice,)
    why = "is not in this game's catalog" if old not in car_ids else "is not in your garage"
    note = f"Your car '{old}' {why}; you are now driving '{choice}'."
    return replace(profile, owned=owned, equipped=choice), note


# --- actions: pure, each returns a new Profile or raises ProfileError with the reason ---


def buy(profile: Profile, car_id: str, price: int) -> Profile:
    """Buy a car: it joins the garage and the price leaves the credits (not equipped)."""
    if not _is_id(car_id):
        raise ProfileError(f"not a car id: {car_id!r}")
    if not is_int(price) or price < 0:
        raise ProfileError(f"price must be an int >= 0, got {price!r}")
    if car_id in profile.owned:
        raise ProfileError(f"you already own '{car_id}'")
    if price > profile.credits:
        raise ProfileError(f"'{car_id}' costs {price} credits; you have {profile.credits}")
    return replace(profile, credits=profile.credits - price, owned=profile.owned + (car_id,))


def equip(profile: Profile, car_id: str) -> Profile:
    """Make an owned car the one you drive."""
    if car_id not in profile.owned:
        raise ProfileError(f"you do not own '{car_id}'")
    return replace(profile, equipped=car_id)


def set_paint(profile: Profile, car_id: str, hex_colour: str) -> Profile:
    """Paint an owned car; the colour must be "#rrggbb" (stored lower-case)."""
    if car_id not in profile.owned:
        raise ProfileError(f"you do not own '{car_id}'")
    if not isinstance(hex_colour, str) or not HEX_RE.match(hex_colour):
        raise ProfileError(f"paint must look like #rrggbb, got {hex_colour!r}")
    return replace(profile, paint={**profile.paint, car_id: hex_colour.lower()})


def set_finish(profile: Profile, car_id: str, finish: str) -> Profile:
    """Give an owned car's paint a finish (gloss, metallic, matte); looks only."""
    if car_id not in profile.owned:
        raise ProfileError(f"you do not own '{car_id}'")
    try:
        check_finish(finish)
    except LooksError as exc:
        raise ProfileError(str(exc)) from None
    rest = {k: v for k, v in profile.finish.items() if k != car_id}
    return replace(profile, finish=rest if finish == "gloss" else {**rest, car_id: finish})


def set_stance(profile: Profile, car_id: str, stance: Stance) -> Profile:
    """Give an owned car a stance (the factory one is stored as none); looks only."""
    if car_id not in profile.owned:
        raise ProfileError(f"you do not own '{car_id}'")
    if not isinstance(stance, Stance):
        raise ProfileError(f"stance must be a Stance, got {type(stance).__name__}")
    rest = {k: v for k, v in profile.stance.items() if k != car_id}
    return replace(profile, stance=rest if stance == FACTORY else {**rest, car_id: stance})


def set_handling(profile: Profile, car: CarSpec, model_id: str) -> Profile:
    """Drive an owned car on another handling model (one the car has the data for)."""
    if car.id not in profile.owned:
        raise ProfileError(f"you do not own '{car.id}'")
    m = MODELS.get(model_id)
    if m is None or not m.supports(car):
        raise ProfileError(f"the {car.name} cannot drive on handling {model_id!r}")
    handling = {k: v for k, v in profile.handling.items() if k != car.id}
    if model_id != DEFAULT_MODEL:
        handling[car.id] = model_id
    return replace(profile, handling=handling)


def handling_for(profile: Profile, car: CarSpec) -> str:
    """The handling model id the player picked for this car, where this build can drive the car on it; else arcade."""
    model_id = profile.handling.get(car.id, DEFAULT_MODEL)
    m = MODELS.get(model_id)
    return model_id if m is not None and m.supports(car) else DEFAULT_MODEL


def add_credits(profile: Profile, n: int) -> Profile:
    """Award n >= 0 credits (spending goes through buy)."""
    if not is_int(n) or n < 0:
        raise ProfileError(f"credits to add must be an int >= 0, got {n!r}")
    return replace(profile, credits=profile.credits + n)


def record_best(profile: Profile, key: str, result: dict[str, Any],
                better: Callable[[dict[str, Any], dict[str, Any]], bool]) -> Profile:
    """Store result under "car|track|mode" if there is none yet or better(result, old) says so."""
    parts = key.split("|") if isinstance(key, str) else []
    if len(parts) != 3 or not all(parts):
        raise ProfileError(f"best key must look like 'car|track|mode', got {key!r}")
    if not isinstance(result, dict):
        raise ProfileError(f"result must be a dict, got {type(result).__name__}")
    try:
        json.dumps(result, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ProfileError(f"result must be plain JSON data: {exc}") from None
    old = profile.bests.get(key)
    if old is not None and not better(result, dict(old)):
        return profile
    return replace(profile, bests={**profile.bests, key: dict(result)})


def set_career(profile: Profile, progress: CareerProgress) -> Profile:
    """The profile with this career progress (what settling an event or a cup returns)."""
    if not isinstance(progress, CareerProgress):
        raise ProfileError(f"career must be a CareerProgress, got {type(progress).__name__}")
    return replace(profile, career=progress)


def add_stat(profile: Profile, name: str, amount: float) -> Profile:
    """Add amount to a running statistic such as "km_sideways"."""
    if not isinstance(name, str) or not name or not _is_finite_number(amount):
        raise ProfileError(f"stat needs a name and a finite number, got {name!r}={amount!r}")
    return replace(profile, stats={**profile.stats, name: profile.stats.get(name, 0) + amount})


def _is_id(v: Any) -> bool:
    """A non-empty string id."""
    return isinstance(v, str) and bool(v)


def _is_finite_number(v: Any) -> bool:
    """An int or float (not bool), finite."""
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
