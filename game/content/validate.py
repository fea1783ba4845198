"""A small JSON Schema checker whose errors are one line naming the file, item and field.

It understands the subset our schemas use: type, properties, required, additionalProperties,
minimum / maximum / exclusiveMinimum / exclusiveMaximum, enum, pattern, items, minItems,
maxItems, $ref to #/$defs, and object maps via additionalProperties as a schema.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from pathlib import Path


class DataError(ValueError):
    """Bad data in a file: the message is one line naming the file, item and field."""


@functools.lru_cache(maxsize=None)
def load_schema(path: Path) -> dict:
    """A shipped JSON Schema, read once."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


def read_data_file(path: Path, label: str):
    """Read and parse a JSON data file: (data, sha256 hex of its bytes); DataError on a missing, unreadable or broken file."""
    import hashlib

    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise DataError(f"{label}: file not found") from None
    except OSError as e:
        raise DataError(f"{label}: cannot read ({e.strerror or e})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataError(f"{label}: not UTF-8 text (byte {e.start})") from None
    return parse_json_text(text, label), hashlib.sha256(raw).hexdigest()


def parse_json_text(text: str, label: str):
    """Parse JSON text, rejecting duplicate keys; DataError names line and column."""

    def no_dupes(pairs):
        seen = {}
        for k, v in pairs:
            if k in seen:
                raise DataError(f"{label}: duplicate key {k!r}")
            seen[k] = v
        return seen

    try:
        return json.loads(text, object_pairs_hook=no_dupes)
    except json.JSONDecodeError as e:
        raise DataError(f"{label}: broken JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None


def check(value, schema: dict, label: str, root: dict | None = None, path: str = "") -> None:
    """Raise DataError on the first place `value` breaks `schema`."""
    root = root or schema
    if "$ref" in schema:
        ref = schema["$ref"]
        assert ref.startswith("#/$defs/"), ref
        schema = root["$defs"][ref.split("/")[-1]]
    where = f"{label}: {path}" if path else label

    def fail(msg: str):
        raise DataError(f"{where}: {msg}")

    t = schema.get("type")
    if t is not None and not _is_type(value, t):
        fail(f"must be {_type_name(t)}, got {_show(value)}")
    if "enum" in schema and value not in schema["enum"]:
        fail(f"must be one of {', '.join(map(str, schema['enum']))}, got {_show(value)}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        for key, op, ok in (
            ("minimum", ">=", lambda v, b: v >= b),
            ("exclusiveMinimum", ">", lambda v, b: v > b),
            ("maximum", "<=", lambda v, b: v <= b),
            ("exclusiveMaximum", "<", lambda v, b: v < b),
        ):
            if key in schema and not ok(value, schema[key]):
                fail(f"must be {op} {schema[key]:g}, got {value:g}")
    if isinstance(value, str) and "pattern" in schema and not re.fullmatch(schema["pattern"], value):
        fail(f"must match {schema.get('patternHint', schema['pattern'])}, got {_show(value)}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            fail(f"needs at least {schema['minItems']} items, got {len(value)}")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            fail(f"takes at most {schema['maxItems']} items, got {len(value)}")
        if "items" in schema:
            for i, item in enumerate(value):
                check(item, schema["items"], label, root, f"{path}[{_item_name(item, i)}]")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                fail(f"missing field {key!r}" if not path else f"missing field {key!r}")
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            sub = f"{path}.{key}" if path else key
            if key in props:
                check(item, props[key], label, root, sub)
            elif extra is False:
                hint = difflib.get_close_matches(key, list(props), n=1)
                more = f" (did you mean {hint[0]!r}?)" if hint else ""
                raise DataError(f"{label}: {sub}: unknown field{more}")
            elif isinstance(extra, dict):
                check(item, extra, label, root, sub)


def _item_name(item, i: int) -> str:
    if isinstance(item, dict) and isinstance(item.get("id"), str):
        return item["id"]
    return str(i)


def _is_type(v, t) -> bool:
    if isinstance(t, list):
        return any(_is_type(v, x) for x in t)
    return {
        "object": lambda: isinstance(v, dict),
        "array": lambda: isinstance(v, list),
        "string": lambda: isinstance(v, str),
        "boolean": lambda: isinstance(v, bool),
        "integer": lambda: isinstance(v, int) and not isinstance(v, bool),
        "number": lambda: isinstance(v, (int, float)) and not isinstance(v, bool),
        "null": lambda: v is None,
    }[t]()


def _type_name(t) -> str:
    if isinstance(t, list):
        return " or ".join(_type_name(x) for x in t)
    return {"object": "an object", "array": "a list", "integer": "a whole number", "number": "a number",
            "boolean": "true or false", "string": "a string", "null": "null"}[t]  # fmt: skip


def _show(v) -> str:
    s = json.dumps(v)
    return s if len(s) <= 40 else s[:37] + "..."
