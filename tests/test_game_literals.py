"""No module outside the games' packages names a game (issue 36, item 1): shared code
iterates the registry (``game.games.ORDER``) or asks a game's spec; only
``game/games/<key>/`` says its key.

A string literal counts when it contains a game's key as a word of its own (``"durak"``,
``"durak.not_in_deck"``, ``"autobus_players"``, ``"Hospodský autobus ..."``, and the
constant parts of f-strings), not inside a longer word.  Docstrings and comments do not
count: they may speak of a game.  The keys come from the registry, so a fifth game is
checked without a change here.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from game.games import ORDER

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
GAMES_PACKAGE = GAME / "games"

def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                             ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                out.add(id(first.value))
    return out


def game_literals(source: str, keys: tuple[str, ...] = ORDER,
                  filename: str = "<source>") -> list[tuple[int, str, str]]:
    """(line, key, literal) for every string literal of ``source`` naming a game by its
    key, docstrings left out; an f-string's constant parts are literals of their own."""
    tree = ast.parse(source, filename)
    skip = _docstrings(tree)
    words = {key: re.compile(rf"(?<![A-Za-z0-9]){re.escape(key)}(?![A-Za-z0-9])")
             for key in keys}
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in skip):
            for key, word in words.items():
                if word.search(node.value):
                    found.append((node.lineno, key, node.value))
    return sorted(found)


def _shared_modules() -> dict[str, Path]:
    """Every module of the ``game`` package outside ``game/games/<key>/``, by its path
    from the repository root (the registry and the spec itself are shared code too)."""
    out = {}
    for path in sorted(GAME.rglob("*.py")):
        rel = path.relative_to(GAMES_PACKAGE) if path.is_relative_to(GAMES_PACKAGE) else None
        if rel is not None and len(rel.parts) > 1:       # inside a game's own package
            continue
        out[path.relative_to(ROOT).as_posix()] = path
    return out


def test_the_checker_finds_a_game_named_in_code() -> None:
    source = '''
"""A docstring may say durak."""
import x  # a comment may say autobus

KEY = "durak"
REFUSAL = "dudak.must_follow"
SETTING = "autobus_players"
PLAYERS = f"{x.n} players at the paodekuai table"


def f() -> str:
    """Nor does this one: dudak."""
    return "ordinary words: a Durakovo, a paodekuaix"
'''
    found = game_literals(source, ("autobus", "dudak", "durak", "paodekuai"))
    assert [(line, key) for line, key, _text in found] == [
        (5, "durak"), (6, "dudak"), (7, "autobus"), (8, "paodekuai")]


def test_the_checker_reads_the_keys_from_the_registry() -> None:
    assert len(ORDER) >= 4 and all(key.isidentifier() for key in ORDER)
    for key in ORDER:
        assert game_literals(f"x = {key!r}\n") == [(1, key, key)]


def test_no_module_outside_the_games_packages_names_a_game() -> None:
    modules = _shared_modules()
    assert "game/games/__init__.py" in modules and "game/games/spec.py" in modules
    assert not any(p.startswith("game/games/durak/") for p in modules)
    found = []
    for rel, path in modules.items():
        for line, key, text in game_literals(path.read_text(encoding="utf-8"), ORDER, rel):
            found.append(f"{rel}:{line}: {key!r} in {text[:60]!r}")
    assert not found, ("shared code names a game (ask the registry or the game's spec "
                       "instead):\n" + "\n".join(found))
