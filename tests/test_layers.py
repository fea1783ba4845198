"""The layers of game/ (docs/architecture.md): imports point down only and never run in a circle, lazy imports included.

Read from the source with ast, without importing anything: every `import` and `from ... import` anywhere in a module
(inside functions too) is an edge. Importing `a.b.c` also runs the packages `a` and `a.b`, so those are edges as well
(except the importer's own packages, which are running already). An `if TYPE_CHECKING:` import never runs; it may only
point down: it must not climb a layer, nor close a circle with the imports that do run. Every package of game/ is
named on that page.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE = ROOT / "docs" / "architecture.md"

# Low to high. A module belongs to the entry that names it or the package above it (the longest such entry wins); it
# may import its own layer and the ones below. Inside the sim: the vocabulary (controls, events, the world, the RNG,
# mathx), then the cars and their handling models, the judges that read runs, the session that steps the cars, the AI
# cars and the step hooks they bring (car contacts follow the AI note), the replay format, and the runs that tie it
# all. Above the sim: loaders, the headless reports, the input mapper, the drive loop (it steps a run from the keys or
# a recording, without an engine), then the view, the requests for drives, the menus (which build them), and the shell
# with the entry points.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("game", "game.safe_json")),
    ("sim: vocabulary", ("game.sim", "game.sim.controls", "game.sim.step_events", "game.sim.clock", "game.sim.randomness",
                         "game.sim.mathx", "game.sim.slot_copy", "game.sim.track", "game.sim.shapes", "game.sim.terrain",
                         "game.sim.world", "game.sim.contacts", "game.sim.inputs", "game.sim.mode_ids", "game.sim.course",
                         "game.sim.physics_version", "game.sim.looks")),
    ("sim: cars and models", ("game.sim.params", "game.sim.car", "game.sim.body", "game.sim.gearbox_assist",
                              "game.sim.models")),
    ("sim: judges", ("game.sim.judges",)),
    ("sim: session", ("game.sim.session",)),
    ("sim: AI and step hooks", ("game.sim.ai", "game.sim.car_contacts")),
    ("sim: replay", ("game.sim.replay",)),
    ("sim: runs", ("game.sim.run", "game.sim.feedback")),
    ("sim: career", ("game.sim.career",)),  # events, stars, unlocks and the cup bracket (the cards name modes from the runs)
    ("content", ("game.content", "game.paths")),
    # the server: its verification reads the shipped data through the loaders and re-simulates in the pure sim; never the view,
    # the menus or the shell (it imports neither ursina nor Panda3D)
    ("server", ("game.server",)),
    ("reports", ("game.report",)),  # the manoeuvres of `sideways report` on the real sim
    ("telemetry", ("game.telemetry",)),  # Forza Dash packets from the sim's state, and their UDP sender
    ("net", ("game.net",)),  # the board server's client (httpx), the player's identity per server and the outbox
    ("driving", ("game.driving",)),  # devices become Controls and the drive loop steps a run from them: no engine
    ("view", ("game.view",)),
    ("drive requests", ("game.shell", "game.shell.request")),  # frozen records the menus build: the shell's package, no engine
    ("ui", ("game.ui",)),
    # the shell (the Game, its planner, the career flow, replay watching, launch, session end) beside the commands that open
    # it: both load maps and catalogs through game/commands/common.py, with its one-line CommandError
    ("top", ("game.shell.app", "game.shell.planner", "game.shell.career_play", "game.shell.replay_watch", "game.shell.launch",
             "game.shell.launch_checks", "game.shell.session_end", "game.commands", "game.cli", "game.__main__")),
)
RANK = {name: i for i, (_, names) in enumerate(LAYERS) for name in names}
EXACT = {"game", "game.sim"}  # a new module under these belongs to no layer until it is named above


@cache
def modules() -> dict[str, Path]:
    """Every module under game/: dotted name -> file."""
    out = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def layer_rank(module: str) -> int | None:
    """The module's place in LAYERS, or None where no entry covers it (the packages in EXACT cover only themselves)."""
    name = module
    while name:
        if name in RANK and (name not in EXACT or name == module):
            return RANK[name]
        name = name.rpartition(".")[0]
    return None


def layer_name(module: str) -> str:
    """The name of the module's layer."""
    return LAYERS[layer_rank(module)][0]


def _known(name: str) -> str | None:
    """The game module that `name` (a module, or a name inside one) comes from; None outside game/."""
    mods = modules()
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def _targets(importer: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The game modules one import statement runs, its packages above them included."""
    is_pkg = modules()[importer].name == "__init__.py"
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        if node.level:
            base = importer.split(".") if is_pkg else importer.split(".")[:-1]
            base = base[: len(base) - (node.level - 1)]
            prefix = ".".join(base + ([node.module] if node.module else []))
        else:
            prefix = node.module or ""
        names = [prefix] + [f"{prefix}.{a.name}" for a in node.names]
    own = {importer.rsplit(".", k)[0] for k in range(importer.count(".") + 1)}  # the importer and its packages
    out = set()
    for name in names:
        target = _known(name)
        while target and target not in own:
            out.add(target)
            target = target.rpartition(".")[0]
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


@cache
def imports() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(imports that run, imports only a type checker reads): module -> the game modules it imports."""
    run: dict[str, set[str]] = {}
    typing_only: dict[str, set[str]] = {}
    for module, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        checking = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and _is_type_checking(node.test):
                checking |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
        run[module], typing_only[module] = set(), set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                (typing_only if id(node) in checking else run)[module] |= _targets(module, node)
    return run, typing_only


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each strongly connected group of modules (Tarjan, iterative), as a path a -> ... -> a."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = set()
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.add(w)
                    if w == v:
                        break
                if len(group) > 1:
                    groups.append(group)
    return [_circle(graph, group) for group in groups]


def _circle(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """The shortest path from the group's first module back to itself, inside the group."""
    start = min(group)
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v] & group):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [start, *reversed(path[:-1]), start] if len(path) > 1 else [start, v, start]
                if w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"no circle in {sorted(group)}")


def _show(circles: list[list[str]]) -> str:
    return "\n".join("  " + " -> ".join(c) for c in circles)


def test_every_module_has_a_layer():
    lost = sorted(m for m in modules() if layer_rank(m) is None)
    assert not lost, f"modules in no layer (add them to LAYERS in tests/test_layers.py): {lost}"


def test_no_import_cycles():
    run, _ = imports()
    found = cycles(run)
    assert not found, f"import cycles in game/ (lazy imports included):\n{_show(found)}"


def test_type_checking_imports_close_no_cycle():
    run, typing_only = imports()
    both = {m: run[m] | typing_only[m] for m in run}
    before = {frozenset(c) for c in cycles(run)}
    found = [c for c in cycles(both) if frozenset(c) not in before]
    assert not found, f"an `if TYPE_CHECKING:` import points up, closing a circle:\n{_show(found)}"


def test_imports_never_climb_a_layer():
    run, typing_only = imports()
    climbs = []
    for module in sorted(run):
        rank = layer_rank(module)
        for target in sorted(run[module] | typing_only[module]):
            if rank is not None and (layer_rank(target) or 0) > rank:
                kind = " (TYPE_CHECKING)" if target in typing_only[module] - run[module] else ""
                climbs.append(f"  {module} ({layer_name(module)}) imports {target} ({layer_name(target)}){kind}")
    assert not climbs, "imports that climb a layer (docs/architecture.md: imports point down):\n" + "\n".join(climbs)


# Outside imports a package never makes, whatever its layer allows: the board client runs on a worker thread of the game
# and in `sideways board`, with neither the engine nor the server (an optional extra) installed.
FORBIDDEN = {"game.net": ("ursina", "panda3d", "direct", "game.view", "game.ui", "game.shell", "game.server", "fastapi", "sqlalchemy")}


def _imported_names(path: Path) -> set[str]:
    """Every module name a file's import statements name (inside functions too), outside ones included."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return out


def test_forbidden_imports_stay_out():
    found = []
    for module, path in modules().items():
        for package, banned in FORBIDDEN.items():
            if module == package or module.startswith(package + "."):
                found += [f"  {module} imports {name}" for name in sorted(_imported_names(path))
                          if any(name == b or name.startswith(b + ".") for b in banned)]
    assert not found, "imports these packages must never make:\n" + "\n".join(found)
    assert "httpx" in _imported_names(modules()["game.net.board_client"])  # the checker reads outside imports too


def packages() -> list[str]:
    """Every package under game/ (a folder with an __init__.py, at any depth), as its path from the repository root."""
    return sorted(p.parent.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("__init__.py"))


def named_packages(text: str) -> set[str]:
    """The game/ folders a page names as code: `game/sim/ai/` or `game/sim/ai`."""
    return set(re.findall(r"`(game(?:/\w+)*)/?`", text))


def test_every_package_is_named_in_the_architecture_page():
    page = ARCHITECTURE.read_text(encoding="utf-8")
    missing = [p for p in packages() if p not in named_packages(page)]
    assert not missing, f"packages of game/ that docs/architecture.md does not name (add each with its layer): {missing}"


def test_a_package_counts_as_named_only_under_its_own_path():
    """`game/sim/ai/drift/` names that folder, not `game/sim/ai/`; a path in plain text is not a name."""
    assert named_packages("`game/sim/ai/drift/` and `game/` and `game/ui`") == {"game/sim/ai/drift", "game", "game/ui"}
    assert named_packages("game/view/hud/ and `game/view/hud/style.py`") == set()
    assert "game/sim/run/modes" in packages() and "game" in packages()


def test_the_checker_sees_lazy_relative_and_type_checking_imports():
    """The graph is what the source says: `from pkg import module`, a relative import inside a function and an
    `if TYPE_CHECKING:` import are all seen, and a circle is reported as the path that closes it."""
    run, typing_only = imports()
    assert "game.sim.step_events" in run["game.sim.body"]  # `from game.sim import step_events as ev`
    assert {"game.sim", "game.sim.car"} <= run["game.view.hud.driving_hud"]  # the packages above it run too
    assert "game.sim.judges.scoring" in typing_only["game.view.hud.score_hud"]
    lazy = ast.parse("def f():\n    from . import style\n").body[0].body[0]
    assert _targets("game.view.hud.tacho", lazy) == {"game.view.hud.style"}
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
