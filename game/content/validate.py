"""JSON Schema validation (jsonschema, Draft 2020-12, as modders' editors apply it) with one-line errors.

Each error becomes `FILE: ITEM.FIELD: PROBLEM, got VALUE`, for example
`data/cars.json: cars[zenith_hyper].grip: must be > 0, got -1`: list items are named by their
"id" when they have one, unknown fields get a did-you-mean. Files are read by game.safe_json.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from game.content.setting_fields import show
from game.safe_json import DataError, read_json_file, shown

__all__ = ["check", "load_schema", "read_data_file", "validator_for", "where"]


@functools.cache
def load_schema(path: Path) -> dict:
    """A shipped JSON Schema, read once (through the same reader as every other file)."""
    return read_json_file(path)[0]


def read_data_file(path: Path, label: str):
    """Read and parse a JSON data file through the hardened reader: (data, sha256 hex of its bytes)."""
    return read_json_file(path, label)


_VALIDATORS: dict[int, tuple[dict, Draft202012Validator]] = {}


def validator_for(schema: dict) -> Draft202012Validator:
    """A compiled Draft 2020-12 validator for a schema (cached per schema object).

    Shipped schemas are checked against the meta-schema by the tests (test_schema_bounds), not at every start:
    that check alone cost about half a second of start-up."""
    hit = _VALIDATORS.get(id(schema))
    if hit is None or hit[0] is not schema:
        hit = (schema, Draft202012Validator(schema))
        _VALIDATORS[id(schema)] = hit
    return hit[1]


def check(value, schema: dict, label: str) -> None:
    """Raise DataError (one line: file, item, field) on the most relevant place `value` breaks `schema`."""
    error = best_match(validator_for(schema).iter_errors(value), key=_relevance)
    if error is not None:
        raise DataError(_describe(error, value, label))


def _relevance(error):
    """best_match's order, with errors earlier in the document first among equals."""
    return (-len(error.path), error.validator not in ("anyOf", "oneOf"), [-_pos(p) for p in error.path])


def _pos(p) -> int:
    return p if isinstance(p, int) else 0


def where(root, path) -> str:
    """`cars[kart].grip` for a path into root: list items by their id when they have one, else index."""
    out, node = "", root
    for step in path:
        if isinstance(step, int):
            item = node[step] if isinstance(node, list) and step < len(node) else None
            name = item["id"] if isinstance(item, dict) and isinstance(item.get("id"), str) and item["id"] else str(step)
            out += f"[{shown(name, 40, quote=False)}]"
            node = item
        else:
            out += f".{shown(step, 40, quote=False)}" if out else shown(step, 40, quote=False)
            node = node.get(step) if isinstance(node, dict) else None
    return out


def _describe(error, root, label: str) -> str:
    """The one line for a jsonschema ValidationError."""
    at = where(root, error.path)
    head = f"{label}: {at}" if at else label
    kind, want, got, sub = error.validator, error.validator_value, error.instance, error.schema
    if kind == "additionalProperties" and isinstance(got, dict):
        known = list(sub.get("properties", {}))
        patterns = [re.compile(p) for p in sub.get("patternProperties", {})]
        extra = next(k for k in got if k not in known and not any(p.search(k) for p in patterns))
        hint = difflib.get_close_matches(extra, known, n=1) if len(extra) <= 64 else []  # no field name is longer
        more = f" (did you mean {hint[0]!r}?)" if hint else ""
        return f"{label}: {f'{at}.' if at else ''}{shown(extra, 40, quote=False)}: unknown field{more}"
    if kind == "required" and isinstance(got, dict):
        missing = next(k for k in want if k not in got)
        return f"{head}: missing field {missing!r}"
    return f"{head}: {_problem(kind, want, sub)}, got {_show(got, kind)}"


_BOUNDS = {"minimum": ">=", "exclusiveMinimum": ">", "maximum": "<=", "exclusiveMaximum": "<"}
_WORDS = {  # keyword -> what the value must be, with the schema's value for {}
    "minItems": "needs at least {} items", "maxItems": "takes at most {} items",
    "minLength": "needs at least {} characters", "maxLength": "takes at most {} characters",
    "minProperties": "needs at least {} entries", "maxProperties": "takes at most {} entries",
    "multipleOf": "must be a multiple of {:g}",
}


def _problem(kind: str, want, sub: dict) -> str:
    """What the value must be, in words."""
    if kind == "type":
        return f"must be {_type_name(want)}"
    if kind in _BOUNDS:
        return f"must be {_BOUNDS[kind]} {want:g}"
    if kind in _WORDS:
        return _WORDS[kind].format(want)
    if kind == "enum":
        return f"must be one of {', '.join(map(str, want))}"
    if kind == "const":
        return f"must be {json.dumps(want)}"
    if kind == "pattern":
        return f"must match {sub.get('patternHint', want)}"
    if kind == "uniqueItems":
        return "must not repeat an item"
    if kind == "propertyNames":
        return "has a bad key"
    return f"breaks the schema rule {kind!r}"


def _type_name(t) -> str:
    if isinstance(t, list):
        return " or ".join(_type_name(x) for x in t)
    return {"object": "an object", "array": "a list", "integer": "a whole number", "number": "a number",
            "boolean": "true or false", "string": "a string", "null": "null"}[t]


def _show(v, kind: str) -> str:
    if kind in ("minItems", "maxItems", "minProperties", "maxProperties", "minLength", "maxLength") and hasattr(v, "__len__"):
        return str(len(v))
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return f"{v:g}"
    return show(v, 40)
