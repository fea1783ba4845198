"""Every shipped schema bounds what it lets in: numbers in finite ranges, lists, strings and maps in length."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from game import paths

SCHEMAS = sorted([*paths.DATA_DIR.glob("*.schema.json"), *paths.TRACKS_DIR.glob("*.schema.json")])


def _nodes(node, at="#"):
    """Every sub-schema (a dict with a "type") with its JSON pointer."""
    if isinstance(node, dict):
        if "type" in node:
            yield at, node
        for k, v in node.items():
            if k not in ("enum", "const", "required", "examples", "default"):
                yield from _nodes(v, f"{at}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _nodes(v, f"{at}/{i}")


def _types(node) -> set[str]:
    t = node["type"]
    return set(t) if isinstance(t, list) else {t}


def _unbounded(schema: dict) -> list[str]:
    out = []
    for at, node in _nodes(schema):
        types = _types(node)
        if types & {"number", "integer"}:
            if not ({"minimum", "exclusiveMinimum"} & set(node) and {"maximum", "exclusiveMaximum"} & set(node)):
                out.append(f"{at}: number without a finite range")
        if "array" in types and "maxItems" not in node:
            out.append(f"{at}: list without maxItems")
        if "string" in types and not {"maxLength", "pattern", "enum", "const"} & set(node):
            out.append(f"{at}: string without maxLength or pattern")
        if "object" in types and node.get("additionalProperties", True) is not False and "maxProperties" not in node:
            out.append(f"{at}: open map without maxProperties")
    return out


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_number_list_string_and_map_in_a_schema_is_bounded(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert _unbounded(schema) == []


def test_the_bounds_check_itself_spots_an_open_number():
    assert _unbounded({"type": "object", "additionalProperties": False,
                       "properties": {"x": {"type": "number", "minimum": 0}}}) == ["#/properties/x: number without a finite range"]
