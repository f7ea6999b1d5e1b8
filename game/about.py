"""What Card Club says about itself: its version, its licence, the libraries it is built
on with theirs, and where its data lives (``cardclub --version``, the menu's corner, the
About page, the Debian package's copyright file).

One source of truth: the package metadata (``pyproject.toml``, read back with
``importlib.metadata``).  An installed game, the editable install and the frozen build
(``cardclub.spec`` copies the metadata) all have it; a bare checkout run without any
install reads the same ``pyproject.toml`` beside the package.  No arcade import here.
"""
from __future__ import annotations

import importlib.metadata as md
import os
import platform
import re
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

NAME = "cardclub"
PACKAGE = Path(__file__).resolve().parent
#: licence classifiers (PEP 301) by their SPDX identifier, for libraries that only say it so
CLASSIFIERS = {
    "MIT License": "MIT",
    "BSD License": "BSD",
    "Apache Software License": "Apache-2.0",
    "Python Software Foundation License": "PSF-2.0",
    "ISC License (ISCL)": "ISC",
    "Mozilla Public License 2.0 (MPL 2.0)": "MPL-2.0",
    "zlib/libpng License": "Zlib",
}
#: telling phrases of the common licence texts, for libraries that give no identifier
TEXTS = (
    ("Neither the name", "BSD-3-Clause"),
    ("Redistribution and use in source and binary forms", "BSD-2-Clause"),
    ("Permission is hereby granted, free of charge", "MIT"),
    ("Apache License", "Apache-2.0"),
)


def _dist() -> md.Distribution | None:
    try:
        return md.distribution(NAME)
    except md.PackageNotFoundError:
        return None


def version() -> str:
    """The game's version: the package metadata's (``pyproject.toml`` in a checkout
    that was never installed; "0+unknown" if neither is there)."""
    dist = _dist()
    if dist is not None:
        return str(dist.version)
    pyproject = PACKAGE.parent / "pyproject.toml"
    try:
        with pyproject.open("rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "0+unknown"


@dataclass(frozen=True)
class Library:
    """A library the game is built on: its name, version and licence (an SPDX
    identifier where the library gives one) and the files that hold its licence text."""

    name: str
    version: str
    licence: str
    texts: tuple[str, ...] = ()


def field_of(meta: md.PackageMetadata, name: str) -> str:
    """A metadata field's (first) value, "" when it is missing (through ``get_all``: the
    metadata's typed protocol has no ``get`` before Python 3.12)."""
    values = meta.get_all(name)
    return str(values[0]) if values else ""


def licence_of(meta: md.PackageMetadata, texts: tuple[str, ...] = ()) -> str:
    """A distribution's licence: its ``License-Expression`` (PEP 639), else its licence
    classifier, else a one-line ``License`` field, else what its licence text reads like
    ("" when none of these tells)."""
    expression = field_of(meta, "License-Expression")
    if expression:
        return expression.strip()
    for c in meta.get_all("Classifier") or []:
        if c.startswith("License :: "):
            name = c.rsplit(" :: ", 1)[-1]
            if name in CLASSIFIERS:
                return CLASSIFIERS[name]
    field = field_of(meta, "License").strip()
    if field and "\n" not in field and len(field) <= 40:
        return field
    for text in (*texts, field):
        for phrase, spdx in TEXTS:
            if phrase in text:
                return spdx
    return ""


def licence_texts(dist: md.Distribution) -> tuple[str, ...]:
    """The licence files a distribution ships in its metadata folder (``License-File``;
    PEP 639 puts them under ``licenses/``), or the whole text where it gave that as its
    ``License`` field instead (Arcade does)."""
    out = []
    for name in dist.metadata.get_all("License-File") or []:
        for where in (f"licenses/{name}", name):
            text = dist.read_text(where)
            if text:
                out.append(text)
                break
    field = field_of(dist.metadata, "License").strip()
    if not out and "\n" in field:
        out.append(field)
    return tuple(out)


def _requirement(line: str) -> str | None:
    """The distribution a requirement line names, or None for an optional (extra) one."""
    name, _, marker = line.partition(";")
    if "extra" in marker:
        return None
    m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", name)
    return m.group(1) if m else None


def libraries() -> list[Library]:
    """Python first, then every distribution the game requires, directly or through
    another (optional extras left out; one not installed here is skipped: this platform
    does not need it), sorted by name."""
    found: dict[str, Library] = {}
    own = _dist()
    todo = list(own.requires or []) if own is not None else []
    if own is None:     # a bare checkout: the requirements from pyproject.toml
        try:
            with (PACKAGE.parent / "pyproject.toml").open("rb") as f:
                todo = list(tomllib.load(f)["project"]["dependencies"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            todo = []
    while todo:
        name = _requirement(todo.pop())
        if name is None or _key(name) in found:
            continue
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            continue
        texts = licence_texts(dist)
        found[_key(name)] = Library(str(dist.metadata["Name"]), str(dist.version),
                                    licence_of(dist.metadata, texts), texts)
        todo += dist.requires or []
    python = Library("Python", platform.python_version(), "PSF-2.0")
    return [python, *sorted(found.values(), key=lambda lib: lib.name.lower())]


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def licence() -> str:
    """The game's own licence (the metadata's ``License-Expression``)."""
    dist = _dist()
    if dist is not None:
        return licence_of(dist.metadata)
    return "MIT"


def data_folder() -> Path:
    """Where saves, settings and history live (``game.store.files.home``)."""
    from game.store.files import home

    return home()


def _child_env() -> dict[str, str]:
    """The environment for a desktop program started from here.  A frozen build
    (PyInstaller) points ``LD_LIBRARY_PATH`` at its own bundled libraries, which a
    file manager must not load: its original value is restored (or the variable
    dropped)."""
    env = dict(os.environ)
    if getattr(sys, "frozen", False):
        original = env.pop("LD_LIBRARY_PATH_ORIG", None)
        if original is None:
            env.pop("LD_LIBRARY_PATH", None)
        else:
            env["LD_LIBRARY_PATH"] = original
    return env


def folder_opener() -> list[str] | None:
    """The command that shows a folder in the desktop's file manager, or None where
    there is none (Windows uses ``os.startfile`` instead)."""
    if sys.platform == "darwin":
        return ["open"]
    tool = shutil.which("xdg-open")
    return [tool] if tool else None


def open_folder(path: Path) -> subprocess.Popen[bytes] | str | None:
    """Ask the desktop to show ``path``.  Never raises and never waits: returns the
    started opener (its exit code says later whether it managed), None when Windows
    took it, or a short reason in English for the log when nothing could be started
    ("no file manager", or the error).  The caller tells the player in their words."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        if sys.platform == "win32":
            os.startfile(path)
            return None
        command = folder_opener()
        if command is None:
            return "no file manager"
        return subprocess.Popen([*command, str(path)], stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env=_child_env(), start_new_session=True, close_fds=True)
    except OSError as exc:
        return str(exc.strerror or exc)
