"""No import circle anywhere in ``game/``: runtime imports, lazy imports inside functions and
``if TYPE_CHECKING:`` imports all count (a circle in annotations still ties the modules
together, and a checker or a future runtime import turns it into a real one).

A package ``__init__`` that merely re-exports (docstring, imports, ``__all__`` and dunder
constants only) may import its children: ``from pkg import name`` then stands for the
child module that defines ``name``.  An ``__init__`` with code of its own is a module like
any other, and its imports of its children count.
"""
from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: at most this many circles are listed (the count of strongly tied groups is always exact)
MOST = 200


def module_files(top: Path, package: str = "game") -> dict[str, Path]:
    """Every module under ``top`` (the folder of ``package``) by dotted name."""
    found: dict[str, Path] = {}
    for path in sorted(top.rglob("*.py")):
        rel = path.relative_to(top).with_suffix("")
        parts = [package, *rel.parts]
        if parts[-1] == "__init__":
            parts.pop()
        if "__pycache__" not in rel.parts:
            found[".".join(parts)] = path
    return found


def merely_reexports(tree: ast.Module) -> bool:
    """Only a docstring, imports, ``__all__`` and dunder constants (``__version__``)."""
    for i, node in enumerate(tree.body):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if (i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)):
            continue
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        if targets and all(isinstance(t, ast.Name) and t.id.startswith("__")
                           and t.id.endswith("__") for t in targets):
            continue
        return False
    return True


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` names (relative levels resolved)."""
    if not node.level:
        return node.module or ""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    parts = parts[:len(parts) - node.level + 1]
    return ".".join(parts + ([node.module] if node.module else []))


def _imports(module: str, path: Path, tree: ast.Module,
             mods: dict[str, Path]) -> Iterator[tuple[str, str | None]]:
    """(module imported, name taken from it or None) for every import anywhere in the file."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, is_package, node)
            for alias in node.names:
                child = f"{base}.{alias.name}"
                if child in mods:
                    yield child, None
                else:
                    yield base, alias.name


def import_graph(top: Path, package: str = "game") -> dict[str, set[str]]:
    """module -> the modules of ``package`` it imports."""
    mods = module_files(top, package)
    trees = {m: ast.parse(p.read_text(encoding="utf-8"), str(p)) for m, p in mods.items()}
    raw = {m: list(_imports(m, mods[m], trees[m], mods)) for m in mods}
    # what a re-exporting package's names stand for: name -> the child defining it
    reexports: dict[str, dict[str, str]] = {}
    for m, tree in trees.items():
        if mods[m].name == "__init__.py" and merely_reexports(tree):
            reexports[m] = {}
            for node in tree.body:
                if isinstance(node, ast.ImportFrom):
                    base = _base(m, True, node)
                    for alias in node.names:
                        child = f"{base}.{alias.name}"
                        source = child if child in mods else base
                        reexports[m][alias.asname or alias.name] = source
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, pairs in raw.items():
        for target, name in pairs:
            if target not in mods:
                continue
            if target in reexports:
                if name is None:           # import pkg: every module it re-exports
                    graph[m] |= set(reexports[target].values())
                else:
                    target = reexports[target].get(name, target)
            if target != m:
                graph[m].add(target)
    for m in graph:                        # a re-exporting package may import its children
        free = m + "." if m in reexports else None
        graph[m] = {t for t in graph[m]
                    if t in mods and t != m and not (free and t.startswith(free))}
    return graph


def tied_groups(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    groups: list[list[str]] = []

    def visit(u: str) -> None:
        index[u] = low[u] = len(index)
        stack.append(u)
        on.add(u)
        for v in sorted(graph[u]):
            if v not in index:
                visit(v)
                low[u] = min(low[u], low[v])
            elif v in on:
                low[u] = min(low[u], index[v])
        if low[u] == index[u]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == u:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for m in sorted(graph):
        if m not in index:
            visit(m)
    return sorted(groups)


def _walk(graph: dict[str, set[str]], path: list[str], allowed: set[str],
          found: list[list[str]], most: int) -> None:
    """Extend ``path`` through ``allowed`` modules; a step back to its start is a circle."""
    for v in sorted(graph[path[-1]] & allowed):
        if len(found) >= most:
            return
        if v == path[0]:
            found.append([*path, v])
        elif v not in path:
            path.append(v)
            _walk(graph, path, allowed, found, most)
            path.pop()


def circles(graph: dict[str, set[str]], most: int = MOST) -> list[list[str]]:
    """Every elementary circle (each listed once, from its smallest module), up to ``most``."""
    found: list[list[str]] = []
    for group in tied_groups(graph):
        for start in group:                 # circles through ``start`` and larger modules
            _walk(graph, [start], {m for m in group if m >= start}, found, most)
    return found


def test_no_import_circle_in_game() -> None:
    graph = import_graph(ROOT / "game")
    found = circles(graph)
    groups = tied_groups(graph)
    assert not found, (f"{len(groups)} group(s) of modules import each other in a circle "
                       f"({', '.join(' '.join(g) for g in groups)}); every circle:\n"
                       + "\n".join(" -> ".join(c) for c in found))


def test_the_walk_sees_the_whole_package() -> None:
    graph = import_graph(ROOT / "game")
    assert {"game", "game.app", "game.cli", "game.rules.base"} <= graph.keys()
    assert "game.ui.layout" in graph["game.app"]                 # a plain runtime import
    assert "game.tools.drive" in graph["game.tools.smoke"]       # the smoke run drives frames


def test_no_view_imports_the_window_that_opens_it() -> None:
    """``game.app`` opens the views by name (``game.scenes.SCENES``, through importlib,
    which this walk does not follow): a view or widget that imported ``game.app`` back,
    even only for annotations, would close a circle unseen.  They annotate with the
    ``Window`` protocol (``game.ui.window``) instead."""
    graph = import_graph(ROOT / "game")
    back = sorted(m for m, targets in graph.items()
                  if m.startswith(("game.scenes", "game.ui")) and "game.app" in targets)
    assert not back, back


# ----- the walker itself, on small made-up packages -----------------------------------------
def write(top: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = top / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return top / "pkg"


def test_a_type_checking_import_closes_a_circle(tmp_path: Path) -> None:
    top = write(tmp_path, {
        "__init__.py": "",
        "app.py": "def f():\n    from pkg.menu import Menu\n",
        "menu.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                   "    from pkg.app import Window\n",
    })
    assert circles(import_graph(top, "pkg")) == [["pkg.app", "pkg.menu", "pkg.app"]]


def test_relative_imports_are_resolved(tmp_path: Path) -> None:
    top = write(tmp_path, {
        "__init__.py": "",
        "ui/__init__.py": "",
        "ui/a.py": "from . import b\n",
        "ui/b.py": "from ..ui.c import X\n",
        "ui/c.py": "from .a import Y\n",
    })
    assert circles(import_graph(top, "pkg")) == [["pkg.ui.a", "pkg.ui.b", "pkg.ui.c",
                                                  "pkg.ui.a"]]


def test_a_reexporting_init_is_free_but_its_names_lead_on(tmp_path: Path) -> None:
    top = write(tmp_path, {
        "__init__.py": '"""Only re-exports."""\nfrom pkg.core import thing\n'
                       '__all__ = ["thing"]\n__version__ = "1"\n',
        "core.py": "import pkg.helper\n",
        "helper.py": "from pkg import thing\n",      # thing is pkg.core's: a circle
        "leaf.py": "from pkg import thing\n",
    })
    graph = import_graph(top, "pkg")
    assert graph["pkg"] == set()
    assert graph["pkg.leaf"] == {"pkg.core"}
    assert circles(graph) == [["pkg.core", "pkg.helper", "pkg.core"]]


def test_an_init_with_code_counts_its_children(tmp_path: Path) -> None:
    top = write(tmp_path, {
        "__init__.py": "from pkg.a import A\nREGISTRY = {'a': A}\n",
        "a.py": "import pkg\n",
    })
    assert circles(import_graph(top, "pkg")) == [["pkg", "pkg.a", "pkg"]]


# ----- the lazy references: the imports that importlib makes ---------------------------------
#: a lazy reference held as text, ``"game.package.module:attribute"``, after the package
REFERENCE = r"(?:\.\w+)+:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*"
UI_LIBRARIES = ("arcade", "pyglet")
#: the pure core: never arcade or pyglet (a game's package is, but for its table)
PURE = ("game.rules", "game.ai", "game.session", "game.review", "game.store", "game.games")


def is_pure(module: str) -> bool:
    return module.startswith(tuple(p + "." for p in PURE) + PURE) and \
        module.rpartition(".")[2] != "table"


def string_imports(top: Path, package: str = "game") -> list[tuple[str, int, str, str]]:
    """(module holding it, line, module named, attribute or "") for every
    ``"package.module:attribute"`` string and every ``importlib.import_module("...")`` /
    ``find_spec("...")`` of a literal name in the package."""
    found = []
    reference = re.compile(re.escape(package) + REFERENCE)
    for module, path in module_files(top, package).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if reference.fullmatch(node.value):
                    name, _, attr = node.value.partition(":")
                    found.append((module, node.lineno, name, attr))
            elif isinstance(node, ast.Call) and node.args:
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                arg = node.args[0]
                if called in ("import_module", "find_spec") and isinstance(arg, ast.Constant) \
                        and isinstance(arg.value, str) and arg.value.startswith(package + "."):
                    found.append((module, node.lineno, arg.value, ""))
    return sorted(found)


def top_level_names(path: Path) -> set[str]:
    """The names a module defines at its top level (classes, functions, assignments,
    imports), conditionally too."""
    names: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.If, ast.Try)):
            todo += node.body + node.orelse + getattr(node, "finalbody", []) + [
                s for h in getattr(node, "handlers", []) for s in h.body]
    return names


def dangling(top: Path, package: str = "game") -> list[str]:
    """The strings of :func:`string_imports` that name no module, or no attribute of it."""
    mods = module_files(top, package)
    bad = []
    for holder, line, name, attr in string_imports(top, package):
        if name not in mods:
            bad.append(f"{holder}:{line}: no module {name}")
        elif attr and attr.split(".")[0] not in top_level_names(mods[name]):
            bad.append(f"{holder}:{line}: {name} has no {attr.split('.')[0]}")
    return bad


def _run(code: str) -> Any:
    """What ``code`` prints as JSON, run in a fresh interpreter (nothing imported yet)."""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_every_string_import_names_a_module_and_an_attribute_that_exist() -> None:
    refs = string_imports(ROOT / "game")
    assert len(refs) >= 9 + 4, refs              # the scenes, and each game's table
    assert not dangling(ROOT / "game")


def test_every_reference_of_every_game_spec_resolves() -> None:
    """Each spec's table (its one reference held as text) loads a class, and every other
    reference is the game's code itself, not text."""
    failures = _run(
        "import json\n"
        "from game.games import SPECS\n"
        "from game.lazy import resolve\n"
        "bad = []\n"
        "for key, spec in SPECS.items():\n"
        "    try:\n"
        "        assert isinstance(resolve(spec.table), type)\n"
        "    except Exception as exc:\n"
        "        bad.append(f'{key} table {spec.table}: {exc!r}')\n"
        "    bad += [f'{key} {what}' for what, ref in spec.references().items()\n"
        "            if ref is None or isinstance(ref, str)]\n"
        "print(json.dumps(bad))\n")
    assert failures == []


def test_the_games_references_but_their_tables_and_the_core_import_no_ui() -> None:
    """A fresh interpreter that reads every spec (which holds each game's engine, bots,
    sampler, ... but names its table) and the core's packages has imported neither arcade
    nor pyglet, nor any table."""
    loaded, ui = _run(
        "import json, sys\n"
        "import game.rules, game.ai, game.session, game.review\n"
        "from game.games import SPECS\n"
        "refs = [ref for spec in SPECS.values() for ref in spec.references().values()]\n"
        f"ui = sorted(m for m in sys.modules if m.split('.')[0] in {UI_LIBRARIES!r}\n"
        "            or m.endswith('.table'))\n"
        "print(json.dumps([len(refs), ui]))\n")
    assert loaded >= 4 * 4 and ui == []


def test_the_core_names_no_module_that_imports_arcade() -> None:
    """A string in the pure core never names a module that brings arcade or pyglet in,
    but for the games' tables (a spec's ``table`` references, loaded only by the UI)."""
    from game.games import SPECS

    tables = {spec.table.partition(":")[0] for spec in SPECS.values()}
    named = sorted({name for holder, _, name, _ in string_imports(ROOT / "game")
                    if is_pure(holder) and name not in tables})
    assert named
    bringing = _run(
        "import importlib, json, sys\n"
        f"named = {named!r}\n"
        "bad = []\n"
        "for name in named:\n"
        f"    before = any(m.split('.')[0] in {UI_LIBRARIES!r} for m in sys.modules)\n"
        "    importlib.import_module(name)\n"
        f"    if not before and any(m.split('.')[0] in {UI_LIBRARIES!r} for m in sys.modules):\n"
        "        bad.append(name)\n"
        "print(json.dumps(bad))\n")
    assert bringing == []


def test_the_string_walk_finds_bad_references(tmp_path: Path) -> None:
    top = write(tmp_path, {
        "__init__.py": "",
        "views.py": "class Menu:\n    pass\nif True:\n    Late = 1\n",
        "registry.py": 'import importlib\nSCENES = {"a": "pkg.views:Menu", "b": "pkg.views:Late",'
                       ' "c": "pkg.gone:Menu", "d": "pkg.views:Nothing"}\n'
                       'importlib.import_module("pkg.missing")\n'
                       'importlib.util.find_spec("pkg.views")\n',
    })
    assert [(line, n, a) for _, line, n, a in string_imports(top, "pkg")] == [
        (2, "pkg.gone", "Menu"), (2, "pkg.views", "Late"), (2, "pkg.views", "Menu"),
        (2, "pkg.views", "Nothing"), (3, "pkg.missing", ""), (4, "pkg.views", "")]
    assert dangling(top, "pkg") == ["pkg.registry:2: no module pkg.gone",
                                    "pkg.registry:2: pkg.views has no Nothing",
                                    "pkg.registry:3: no module pkg.missing"]
    assert is_pure("game.games.durak.search") and not is_pure("game.games.durak.table")
    assert is_pure("game.rules") and not is_pure("game.scenes.menu")
