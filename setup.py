"""Package data for the wheel and the sdist (everything else is in pyproject.toml).

The data folders stay at the top of the repository (``sprites/``, ``sounds/``,
``levels/``); each of their folders is mapped into the installed package as
``game/_data/<folder>``, where ``game.resources`` finds them.  The language catalogs
under ``game/i18n/locale``, the rules screens' text under ``game/i18n/rules`` and the
glossary under ``game/i18n/glossary`` ship as package data of ``game.i18n``.
"""
from __future__ import annotations

import os

from setuptools import find_packages, setup

DATA_ROOTS = ("sprites", "sounds", "levels")
HERE = os.path.dirname(os.path.abspath(__file__))


def _data_packages() -> tuple[list[str], dict[str, str], dict[str, list[str]]]:
    packages: list[str] = []
    package_dir: dict[str, str] = {}
    package_data: dict[str, list[str]] = {}
    for top in DATA_ROOTS:
        for folder, dirs, _files in os.walk(os.path.join(HERE, top)):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
            rel = os.path.relpath(folder, HERE).replace(os.sep, "/")
            name = "game._data." + rel.replace("/", ".")
            packages.append(name)
            package_dir[name] = rel
            package_data[name] = ["*"]   # every file: the folders hold data only
    return packages, package_dir, package_data


#: packages that only measure, fit or mine: not installed for players
RESEARCH = ["game.bench", "game.bench.*", "game.games.*.bench", "game.games.*.bench.*"]

packages, package_dir, package_data = _data_packages()
package_data["game.i18n"] = ["locale/*.pot", "locale/**/*.po", "locale/**/*.mo", "rules/*.toml",
                              "glossary/*.toml"]

setup(
    # the research bench (game.bench, a game's own <key>.bench) stays in the checkout
    packages=find_packages(HERE, include=["game", "game.*"], exclude=RESEARCH) + packages,
    package_dir=package_dir,
    package_data=package_data,
    include_package_data=False,
)
