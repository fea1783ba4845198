"""jsonschema errors become our one line: file, item (by id), field, what it must be, what it was."""

from __future__ import annotations

import pytest

from game.content.validate import check
from game.safe_json import DataError

SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["cars"],
    "properties": {
        "cars": {"type": "array", "maxItems": 2, "items": {"$ref": "#/$defs/car"}},
        "tags": {"type": "object", "maxProperties": 1, "propertyNames": {"pattern": "^[a-z]+$", "patternHint": "lowercase letters"},
                 "additionalProperties": {"type": "string", "maxLength": 3}},
    },
    "$defs": {"car": {"type": "object", "additionalProperties": False, "required": ["id", "grip"],
                      "properties": {"id": {"type": "string"}, "grip": {"type": "number", "exclusiveMinimum": 0, "maximum": 10}}}},
}


@pytest.mark.parametrize("data, message", [
    ({"cars": [{"id": "kart", "grip": 0}]}, "f.json: cars[kart].grip: must be > 0, got 0"),
    ({"cars": [{"id": "kart", "grip": 1}, {"id": "gt", "grip": 11}]}, "f.json: cars[gt].grip: must be <= 10, got 11"),
    ({"cars": [{"id": "kart", "gripp": 1, "grip": 1}]}, "f.json: cars[kart].gripp: unknown field (did you mean 'grip'?)"),
    ({"cars": [{"grip": 1}]}, "f.json: cars[0]: missing field 'id'"),
    ({"cars": [{"id": "a", "grip": 1}] * 3}, "f.json: cars: takes at most 2 items, got 3"),
    ({"cars": [], "tags": {"fast": "abcd"}}, 'f.json: tags.fast: takes at most 3 characters, got 4'),
    ({"cars": [], "tags": {"Fast": "a"}}, 'f.json: tags: must match lowercase letters, got "Fast"'),
    ({"cars": [], "tags": {"a": "x", "b": "y"}}, "f.json: tags: takes at most 1 entries, got 2"),
    ({"cars": "none"}, 'f.json: cars: must be a list, got "none"'),
    ([], "f.json: must be an object, got []"),
    ({"car": []}, "f.json: car: unknown field (did you mean 'cars'?)"),
    ({}, "f.json: missing field 'cars'"),
])
def test_each_kind_of_schema_error_is_one_line(data, message):
    with pytest.raises(DataError) as e:
        check(data, SCHEMA, "f.json")
    assert str(e.value) == message


@pytest.mark.parametrize("data, message", [
    ({"cars": [], "x" * 4_000_000: 1}, "f.json: " + "x" * 37 + "...: unknown field"),
    ({"cars": [{"id": "kart\x1b[2J\n", "grip": 1, "spin\x07": 2}]}, "f.json: cars[kart\\x1b[2J\\n].spin\\x07: unknown field"),
    ({"cars": [{"id": "i" * 100_000, "grip": "g" * 1_000_000}]}, f"f.json: cars[{'i' * 37}...].grip: must be a number, got \"{'g' * 37}...\""),
    ({"cars": [{"id": "kart", "grip": list(range(190_000))}]}, "f.json: cars[kart].grip: must be a number, got [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11..."),
    ({"cars": [], "tags": {"fast": {"\x1b]0;x\x07": None}}}, 'f.json: tags.fast: must be a string, got {"\\x1b]0;x\\x07": null}'),
])
def test_a_huge_or_hostile_value_or_key_is_quoted_short_and_escaped(data, message):
    with pytest.raises(DataError) as e:
        check(data, SCHEMA, "f.json")
    assert str(e.value) == message
