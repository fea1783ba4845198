"""Load and validate data/events.json (the career: car classes, tiers, events and the cup) into a Career; one-line errors."""

from __future__ import annotations

import math
from pathlib import Path

from game import paths
from game.content.replays import check_playable, parse_replay
from game.content.tracks import load_track, track_ids
from game.content.user_paths import display_path
from game.content.validate import check, load_schema, read_data_file
from game.safe_json import DataError, read_bytes
from game.sim.career.event import CUP, GHOST, CarClass, Career, Cup, Event, FieldEntry, Tier
from game.sim.models.model_registry import MODELS
from game.sim.replay.format import MAX_FILE_BYTES, Replay, ReplayError
from game.sim.run.modes.qualifying import Qualifying
from game.sim.run.modes.registry import MODES, hosted_modes

EVENTS_PATH = paths.DATA_DIR / "events.json"
SCHEMA_PATH = paths.DATA_DIR / "events.schema.json"
FIELD_SIZE = 7  # a cup's drift drivers: the player makes the Top 8
MAX_BATTLES_WON = 3  # quarter-final, semi-final, final


def schema() -> dict:
    """The published JSON Schema of the events file (data/events.schema.json)."""
    return load_schema(SCHEMA_PATH)


def load_career(catalog, roster=None, path: str | Path | None = None, maps=None) -> Career:
    """Read, validate and type an events file (the shipped one by default) against the catalog, the maps and the drift
    drivers (roster None: data/drift_drivers.json); DataError (one line: file, event, field) on anything wrong.
    maps: an optional {map id: TrackDef} (tests); the others are loaded from data/tracks/."""
    path = Path(path) if path else EVENTS_PATH
    label = display_path(path)
    data, digest = read_data_file(path, label)
    if roster is None:
        from game.content.drift_drivers import load_drift_drivers

        roster = load_drift_drivers(None, catalog)
    return career_from_dict(data, label, catalog, roster, ghost_dir=path.parent, digest=digest, maps=maps)


def class_cars(car_class: CarClass, catalog) -> tuple[str, ...]:
    """The ids of the catalog's cars in the class (garage price in [min_rating, max_rating)), in catalog order."""
    return tuple(cid for cid, car in catalog.cars.items() if car_class.min_rating <= car.price < car_class.max_rating)


def career_from_dict(data, label: str, catalog, roster, ghost_dir: Path | None = None, digest: str = "", maps=None) -> Career:
    """Validate parsed events data (schema, then every reference and rule across fields) and build the Career."""
    check(data, schema(), label)
    c = _Checker(label, catalog, roster, Path(ghost_dir) if ghost_dir else paths.DATA_DIR, dict(maps or {}))
    classes = c.classes(data["classes"])
    tiers = c.tiers(data["tiers"])
    order = {t.id: i for i, t in enumerate(tiers)}
    cards, seen = [], set()
    for item in data["events"]:
        if item["id"] in seen:
            raise c.error(item, "id", "used twice")
        seen.add(item["id"])
        cards.append(c.card(item, tiers, classes))
    for t in tiers:
        if not any(e.tier == t.id for e in cards):
            raise DataError(f"{label}: tiers[{t.id}]: no event is in this tier")
    cards.sort(key=lambda e: order[e.tier])  # stable: tier by tier, file order within
    return Career(tiers=tiers, events=tuple(cards), classes={k.id: k for k in classes}, digest=digest)


class _Checker:
    """The checks across fields and files, each failing with one line naming the file, the item and the field."""

    def __init__(self, label: str, catalog, roster, ghost_dir: Path, maps: dict):
        self.label, self.catalog, self.roster, self.ghost_dir, self.maps = label, catalog, roster, ghost_dir, maps

    def error(self, item: dict, field: str, problem: str) -> DataError:
        return DataError(f"{self.label}: events[{item['id']}].{field}: {problem}")

    def classes(self, items: list) -> tuple[CarClass, ...]:
        out, seen = [], set()
        for k in items:
            if k["id"] in seen:
                raise DataError(f"{self.label}: classes[{k['id']}].id: used twice")
            seen.add(k["id"])
            hi = float(k["max_price"]) if "max_price" in k else math.inf
            if not hi > k["min_price"]:
                raise DataError(f"{self.label}: classes[{k['id']}].max_price: must be > min_price ({k['min_price']}), got {k['max_price']}")
            out.append(CarClass(k["id"], k["name"], float(k["min_price"]), hi))
        return tuple(out)

    def tiers(self, items: list) -> tuple[Tier, ...]:
        out: list[Tier] = []
        for t in items:
            if any(o.id == t["id"] for o in out):
                raise DataError(f"{self.label}: tiers[{t['id']}].id: used twice")
            if out and t["unlock_stars"] < out[-1].unlock_stars:
                raise DataError(f"{self.label}: tiers[{t['id']}].unlock_stars: must be >= the tier before's "
                                f"({out[-1].id}: {out[-1].unlock_stars}), got {t['unlock_stars']}")
            out.append(Tier(t["id"], t["name"], int(t["unlock_stars"]), t.get("blurb", "")))
        return tuple(out)

    def card(self, item: dict, tiers: tuple[Tier, ...], classes: tuple[CarClass, ...]) -> Event | Cup:
        tier = next((t for t in tiers if t.id == item["tier"]), None)
        if tier is None:
            raise self.error(item, "tier", f"no tier {item['tier']!r} (tiers: {', '.join(t.id for t in tiers)})")
        unlock = item.get("unlock_stars", tier.unlock_stars)
        if unlock < tier.unlock_stars:
            raise self.error(item, "unlock_stars", f"must be >= its tier's ({tier.id}: {tier.unlock_stars}), got {unlock}")
        is_cup = item.get("kind", "event") == CUP
        mode = "tandem" if is_cup else item.get("mode")
        if is_cup and "mode" in item:
            raise self.error(item, "mode", "a cup has no mode (its qualifying run seeds a bracket of tandem battles)")
        if mode is None:
            raise self.error(item, "mode", "missing (one of timed, zones, parking, qualifying, tandem, ghost)")
        run_mode = Qualifying.id if mode == GHOST else mode  # a ghost race is a Qualifying run
        track = self.map(item, run_mode)
        course = self.course(item, track, is_cup or MODES[run_mode].on_course, mode)
        model = self.model(item)
        cars, car_class = self.cars(item, classes, model)
        targets = self.targets(item, "targets", MAX_BATTLES_WON if is_cup else None)
        common = dict(id=item["id"], name=item["name"], tier=tier.id, map=track.id, course=course, cars=cars, car_class=car_class,
                      model=model, credits_per_star=int(item["credits_per_star"]), unlock_stars=int(unlock), blurb=item.get("blurb", ""))
        if is_cup:
            for f in ("opponent", "role", "ghost"):
                if f in item:
                    raise self.error(item, f, "a cup has none (its field is the opponents)")
            qualifying = self.targets(item, "qualifying_targets", None) if "qualifying_targets" in item else Cup.qualifying_targets
            return Cup(**common, field=self.field(item), qualifying_targets=qualifying, targets=targets)
        for f in ("field", "qualifying_targets"):
            if f in item:
                raise self.error(item, f, 'only a cup has one (give the item "kind": "cup")')
        opponent, role = self.tandem(item, mode)
        return Event(**common, mode=mode, opponent=opponent, role=role, ghost=self.ghost(item, mode, track.id, course), targets=targets)

    def map(self, item: dict, run_mode: str):
        mid = item["map"]
        track = self.maps.get(mid)
        if track is None:
            if mid not in track_ids():
                raise self.error(item, "map", f"no map {mid!r} (maps: {', '.join(track_ids())})")
            track = self.maps[mid] = load_track(mid, self.catalog.surfaces)
        hosted = hosted_modes(track)
        if run_mode not in hosted:
            raise self.error(item, "mode", f"map {mid!r} cannot host {run_mode} (it hosts {', '.join(hosted)})")
        return track

    def course(self, item: dict, track, needed: bool, mode: str) -> str:
        cid = item.get("course", "")
        if not needed:
            if cid:
                raise self.error(item, "course", f"a {mode} event has no course (only qualifying, tandem, ghost and cups do)")
            return ""
        courses = [c.id for c in getattr(track, "courses", ())]
        if not cid:
            raise self.error(item, "course", f"missing: map {track.id!r} has courses {', '.join(courses)}")
        if cid not in courses:
            raise self.error(item, "course", f"map {track.id!r} has no course {cid!r} (courses: {', '.join(courses) or 'none'})")
        return cid

    def model(self, item: dict) -> str:
        mid = item.get("model", "")
        if mid and mid not in MODELS:
            raise self.error(item, "model", f"no handling model {mid!r} (models: {', '.join(MODELS)})")
        return mid

    def cars(self, item: dict, classes: tuple[CarClass, ...], model: str) -> tuple[tuple[str, ...], str]:
        """The allowed car ids (() any car) and the class they came from; with a model, only cars that can drive it."""
        cat = self.catalog
        drives = (lambda cid: MODELS[model].supports(cat.cars[cid])) if model else (lambda cid: True)
        if "cars" in item and "class" in item:
            raise self.error(item, "class", "give cars or class, not both")
        if "cars" in item:
            for cid in item["cars"]:
                if cid not in cat.cars:
                    raise self.error(item, "cars", f"no car {cid!r} in {cat.source} (it has {', '.join(cat.cars)})")
                if not drives(cid):
                    raise self.error(item, "model", f"car {cid!r} cannot drive the {MODELS[model].name} model (no data for it in {cat.source})")
            return tuple(item["cars"]), ""
        if "class" in item:
            k = next((k for k in classes if k.id == item["class"]), None)
            if k is None:
                raise self.error(item, "class", f"no car class {item['class']!r} (classes: {', '.join(k.id for k in classes) or 'none'})")
            cars = tuple(cid for cid in class_cars(k, cat) if drives(cid))
            if not cars:
                prices = ", ".join(f"{cid} {car.price}" for cid, car in cat.cars.items())
                raise self.error(item, "class", f"class {k.id!r} holds no car of {cat.source}{' that can drive ' + model if model else ''} (prices: {prices})")
            return cars, k.id
        if model and not all(drives(cid) for cid in cat.cars):
            cars = tuple(cid for cid in cat.cars if drives(cid))
            if not cars:
                raise self.error(item, "model", f"no car of {cat.source} can drive the {MODELS[model].name} model")
            return cars, ""
        return (), ""

    def targets(self, item: dict, field: str, most: int | None) -> tuple[int, int, int]:
        one, two, three = (int(x) for x in item[field])  # the schema holds targets to three items
        t = (one, two, three)
        if not t[0] < t[1] < t[2]:
            raise self.error(item, field, f"must rise strictly (1, 2 and 3 stars), got {list(t)}")
        if most is not None and t[2] > most:
            raise self.error(item, field, f"a cup's targets are battles won (at most {most}), got {list(t)}")
        return t

    def tandem(self, item: dict, mode: str) -> tuple[str, str]:
        if mode not in MODES or not MODES[mode].is_battle:
            for f in ("opponent", "role"):
                if f in item:
                    raise self.error(item, f, f"only a tandem event has one, not a {mode} event")
            return "", "chase"
        if "opponent" not in item:
            raise self.error(item, "opponent", f"missing: a tandem event names its drift driver ({', '.join(self.roster.ids)})")
        if item["opponent"] not in self.roster.ids:
            raise self.error(item, "opponent", f"no drift driver {item['opponent']!r} (drivers: {', '.join(self.roster.ids)})")
        return item["opponent"], item.get("role", "chase")

    def field(self, item: dict) -> tuple[FieldEntry, ...]:
        out, seen = [], set()
        for i, f in enumerate(item["field"]):
            if f["driver"] not in self.roster.ids:
                raise self.error(item, f"field[{i}].driver", f"no drift driver {f['driver']!r} (drivers: {', '.join(self.roster.ids)})")
            if f["driver"] in seen:
                raise self.error(item, f"field[{i}].driver", f"{f['driver']!r} is in the field twice: a cup's field is {FIELD_SIZE} different drivers")
            seen.add(f["driver"])
            out.append(FieldEntry(f["driver"], float(f["qualifying"]), float(f["battle_mean"]), float(f["battle_sd"])))
        return tuple(out)

    def ghost(self, item: dict, mode: str, map_id: str, course: str) -> str:
        """A ghost race's replay: it must read, and be a Qualifying run of the event's map and course."""
        if mode != GHOST:
            if "ghost" in item:
                raise self.error(item, "ghost", f"only a ghost race has one, not a {mode} event")
            return ""
        if "ghost" not in item:
            raise self.error(item, "ghost", "missing: a ghost race names its replay (ghosts/NAME.swr)")
        try:
            replay = read_ghost(self.ghost_dir / item["ghost"])
        except ReplayError as e:
            raise self.error(item, "ghost", str(e)) from None
        problem = ghost_mismatch(replay, map_id, course)
        if problem:
            raise self.error(item, "ghost", f"{item['ghost']} {problem}")
        return item["ghost"]


def read_ghost(path: Path) -> Replay:
    """A replay file read under its short name (data/ghosts/NAME.swr); ReplayError (one line) if it cannot be."""
    shown = display_path(path)
    try:
        return parse_replay(read_bytes(path, shown, MAX_FILE_BYTES), shown)
    except DataError as e:
        raise ReplayError(str(e)) from None


def ghost_mismatch(replay: Replay, map_id: str, course: str) -> str | None:
    """Why a replay cannot be the ghost of a race on this map and course, or None."""
    if replay.mode != Qualifying.id:
        return f"is a {replay.mode} replay, not a {Qualifying.name} run"
    if (replay.track_id, replay.course) != (map_id, course):
        return f"is a run of {replay.track_id}/{replay.course or '?'}, not {map_id}/{course}"
    return None


def ghost_path(event: Event, data_dir: Path | None = None) -> Path:
    """Where a ghost race's replay lies (its ghost is relative to data/, or to the folder of the events file read)."""
    return Path(data_dir or paths.DATA_DIR) / event.ghost


def load_ghost(event: Event, catalog=None, rules=None, track_digest: str | None = None, data_dir: Path | None = None) -> Replay:
    """A ghost race's replay, read and checked: it is of the event's map and course and, given the catalog and scoring
    rules (and the map file's digest), it still plays in sync with them. ReplayError (one line the game can show) if not:
    a cars.json, scoring.json or map retuned since the ghost was recorded refuses it (tools/make_ghosts.py records it again)."""
    if event.mode != GHOST or not event.ghost:
        raise ReplayError(f"event {event.id!r} is no ghost race")
    path = ghost_path(event, data_dir)
    shown = display_path(path)
    replay = read_ghost(path)
    problem = ghost_mismatch(replay, event.map, event.course)
    if problem:
        raise ReplayError(f"{shown}: {problem}")
    if catalog is not None and rules is not None:
        try:
            check_playable(replay, catalog, rules, track_digest)
        except ReplayError as e:
            raise ReplayError(f"{shown}: the ghost of {event.name!r} cannot race: {e}") from None
    return replay


__all__ = ["career_from_dict", "class_cars", "ghost_path", "load_career", "load_ghost", "schema"]
