"""Modes answer for themselves: no code outside game/sim/run/modes/ and the registry compares a mode's id with a literal."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from game.sim.mode_ids import MODE_IDS

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
OWN = ("game/sim/run/modes/", "game/sim/mode_ids.py")  # where a mode's id may be spelled out and compared

# Comparisons allowed outside the modes: none (a mode answers through its class: game/sim/run/modes/base.py's on_course,
# is_battle, setup_record, watch_from_results, hud, camera, results_panel, stats_block, replay_fields). Kept as a table
# so that a comparison that must stay for a while is named here, file by file; a stale entry fails too.
ALLOWED: dict[str, list[str]] = {}


def _is_mode_id(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in MODE_IDS


def _names_a_mode(node: ast.AST) -> bool:
    """A mode id literal, or a literal tuple, list or set of mode ids (("$schema", "tandem") is keys of a data file)."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts) and all(_is_mode_id(e) for e in node.elts)
    return _is_mode_id(node)


def mode_comparisons(source: str) -> list[str]:
    """The source of each comparison with a mode id literal: ==, !=, is, in a literal collection, or a match case."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(_names_a_mode(n) for n in (node.left, *node.comparators)):
            found.append(ast.get_source_segment(source, node) or ast.dump(node))
        elif isinstance(node, ast.MatchValue) and _is_mode_id(node.value):
            found.append(f"case {node.value.value!r}")  # type: ignore[attr-defined]
    return found


def comparisons_in_game() -> dict[str, list[str]]:
    out = {}
    for path in sorted(GAME.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(OWN):
            continue
        found = mode_comparisons(path.read_text(encoding="utf-8"))
        if found:
            out[rel] = found
    return out


def test_no_mode_id_is_compared_outside_the_modes():
    """A drive's HUD, camera, results, stats and setup come from its mode's class, not from `mode == "..."`."""
    found = comparisons_in_game()
    new = {f: sorted((Counter(c) - Counter(ALLOWED.get(f, []))).elements()) for f, c in found.items()}
    new = {f: c for f, c in new.items() if c}
    assert not new, f"compare through the mode's class (game/sim/run/modes/base.py), not its id: {new}"
    stale = {f: sorted((Counter(c) - Counter(found.get(f, []))).elements()) for f, c in ALLOWED.items()}
    stale = {f: c for f, c in stale.items() if c}
    assert not stale, f"these comparisons are gone: delete them from ALLOWED in tests/test_mode_ids.py: {stale}"


def test_the_check_sees_each_form_of_comparison():
    """==, !=, `in` a literal tuple and a match case are found; a mode id as a value, a dict key or among a data file's
    keys is not a comparison."""
    src = (
        'if mode == "tandem": pass\n'
        'if "zones" != run.mode: pass\n'
        'if m in ("qualifying", "tandem"): pass\n'
        'match mode:\n    case "parking": pass\n'
        'LABELS = {"timed": "TIMED RUN"}\n'
        'if k not in ("$schema", "tandem"): pass\n'
        'x = run(mode="free")\n'
        'if mode == "ghost": pass\n'
    )
    assert mode_comparisons(src) == ['mode == "tandem"', '"zones" != run.mode', 'm in ("qualifying", "tandem")', "case 'parking'"]
