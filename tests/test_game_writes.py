"""Only the shell writes the Game's attributes: a module of game/ outside game/shell/ may read them and call the Game's
methods, never assign to one.

Read from the source with ast. In each function (and at module level), a name is the game when it is `game`, when it is a
parameter annotated `Game`, or when it was assigned from the game (`g = self.game`, `game = self.app.game`); an
attribute named `game` of anything (`self.game`, `menus.game`) is the game too. A write is an assignment, augmented or
annotated assignment, or `del`, whose target is an attribute of the game (`game.x = ...`, `self.game.x += ...`,
`g.a, g.b = ...`), or `setattr(game, ...)`. What a test file does with a game is its own business: only game/ is read.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHELL = ROOT / "game" / "shell"
GAME_NAMES = frozenset({"game"})


def _is_game(node: ast.expr, aliases: set[str]) -> bool:
    """Whether the expression is the game: a name bound to it, or an attribute called `game`."""
    if isinstance(node, ast.Name):
        return node.id in aliases
    return isinstance(node, ast.Attribute) and node.attr == "game"


def _targets(node: ast.AST) -> list[ast.expr]:
    """The expressions a statement writes to (tuples and starred targets unpacked)."""
    if isinstance(node, ast.Assign):
        raw = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        raw = [node.target]
    elif isinstance(node, ast.Delete):
        raw = list(node.targets)
    else:
        return []
    out: list[ast.expr] = []
    while raw:
        t = raw.pop()
        if isinstance(t, (ast.Tuple, ast.List)):
            raw.extend(t.elts)
        elif isinstance(t, ast.Starred):
            raw.append(t.value)
        else:
            out.append(t)
    return out


def _own_nodes(scope: ast.AST):
    """The nodes of a scope in source order, not descending into the functions nested in it (those are listed apart)."""
    out, nested, todo = [], [], list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            nested.append(node)
            continue
        out.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return sorted(out, key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0))), nested


def _writes_in(scope: ast.AST, inherited: set[str], found: list[str]) -> None:
    """Collect the game writes of a scope and of the functions nested in it (which see the names bound around them)."""
    aliases = set(inherited)
    args = getattr(scope, "args", None)
    if isinstance(args, ast.arguments):
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            ann = a.annotation
            if ann is not None and ast.unparse(ann).strip("'\"").split(".")[-1] == "Game":
                aliases.add(a.arg)
    nodes, nested = _own_nodes(scope)
    for node in nodes:  # in source order, so `g = self.game` is seen before `g.x = ...`
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            t, v = node.targets[0], node.value
            pairs = zip(t.elts, v.elts) if isinstance(t, ast.Tuple) and isinstance(v, ast.Tuple) else [(t, v)]
            for name, value in pairs:
                if isinstance(name, ast.Name) and _is_game(value, aliases):
                    aliases.add(name.id)
        if any(isinstance(t, ast.Attribute) and _is_game(t.value, aliases) for t in _targets(node)):
            found.append(f"{node.lineno}: {ast.unparse(node).splitlines()[0]}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr" and node.args:
            if _is_game(node.args[0], aliases):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    for fn in nested:
        _writes_in(fn, aliases, found)


def game_writes(source: str, filename: str = "<source>") -> list[str]:
    """'line: code' for each write to an attribute of the game in this source, in line order."""
    found: list[str] = []
    _writes_in(ast.parse(source, filename=filename), set(GAME_NAMES), found)
    return sorted(found, key=lambda w: int(w.split(":")[0]))


def test_nothing_outside_the_shell_writes_the_games_attributes():
    writes = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        if SHELL in path.parents:
            continue
        rel = path.relative_to(ROOT).as_posix()
        writes += [f"  {rel}:{w}" for w in game_writes(path.read_text(encoding="utf-8"), rel)]
    assert not writes, "the Game's attributes are the shell's to write (call a Game method instead):\n" + "\n".join(writes)


def test_the_checker_sees_each_way_of_writing_to_the_game():
    """Aliases, tuple targets, augmented writes, setattr and a parameter typed Game are all writes; reads, calls, a
    write to the game's parts (game.profile.x is the profile's) and to something else are not; a closure sees the game
    named around it."""
    src = '''
def a(self):
    g = self.game
    g.notice = "x"
    self.game.count += 1
    g.role, g.lead = "lead", None
    setattr(g, "spawn", None)
def b(game):
    game.course = ""
    print(game.notice, game.drive(None))
    game.profile.credits = 3
def c(host: "Game"):
    host.ai = 2
def d(self):
    other = self.menus
    other.x = 1
    g = self.game
    def changed(p):
        g.profile = p
    return lambda: setattr(g, "x", 1)
'''
    assert [w.split(":")[0] for w in game_writes(src)] == ["4", "5", "6", "7", "9", "13", "19", "20"]
