"""Install anywhere (issue 16): the sdist and the wheel carry the game's data, a wheel
installed in a fresh virtual environment outside the checkout plays its smoke run, and
the audio probe keeps the C libraries' complaints off the terminal.

Builds use pip's isolated build environment (setuptools from the package index or pip's
cache), like any user's ``pip install``.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ("sprites", "sounds", "levels")
pytestmark = pytest.mark.ui   # the smoke run opens a real window (pytest-xvfb's display)


def data_files() -> list[str]:
    """Every file under the top-level data folders, as a path relative to the repo."""
    return sorted(str(p.relative_to(ROOT)).replace(os.sep, "/")
                  for top in DATA for p in (ROOT / top).rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def catalogs() -> list[str]:
    """The language catalogs, the rules screens' text and the glossary (all package data of
    game.i18n)."""
    i18n = ROOT / "game" / "i18n"
    return sorted(str(p.relative_to(ROOT)).replace(os.sep, "/")
                  for pattern in ("locale/**/*.po", "locale/**/*.mo", "rules/*.toml",
                                  "glossary/*.toml")
                  for p in i18n.glob(pattern))


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "PIP_REQUIRE", "VIRTUAL_ENV"))}
    env.update(extra)
    return env


def run(cmd: list[str | Path], cwd: Path, timeout: float = 300,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    out = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True,
                         timeout=timeout, env=env or clean_env())
    assert out.returncode == 0, f"{cmd}\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """An sdist built from a copy of the tree, and the wheel built from that sdist."""
    base = tmp_path_factory.mktemp("dist")
    src = base / "src"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.tmp", "*.egg-info")
    for name in ("game", *DATA):
        shutil.copytree(ROOT / name, src / name, ignore=skip)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    # the sdist, through the PEP 517 hook of a current setuptools (as `python -m build`)
    tools = base / "tools"
    run([sys.executable, "-m", "pip", "install", "-q", "--target", tools,
         "setuptools>=77", "wheel"], cwd=base)
    out = base / "out"
    run([sys.executable, "-c", "import sys; from setuptools import build_meta as b; "
         "print(b.build_sdist(sys.argv[1]))", out], cwd=src,
        env=clean_env(PYTHONPATH=str(tools)))
    sdist = next(out.glob("cardclub-*.tar.gz"))
    # the wheel from the sdist (pip's isolated build), so the wheel proves the sdist whole
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", out, sdist], cwd=base)
    return {"sdist": sdist, "wheel": next(out.glob("cardclub-*.whl"))}


def test_sdist_carries_the_data_folders_and_catalogs(dists: dict[str, Path]) -> None:
    with tarfile.open(dists["sdist"]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    need = data_files() + catalogs()
    assert len(need) > 100
    assert [n for n in need if n not in names] == []
    assert "setup.py" in names and "game/resources.py" in names


def test_wheel_carries_the_data_inside_the_package(dists: dict[str, Path]) -> None:
    with zipfile.ZipFile(dists["wheel"]) as whl:
        names = set(whl.namelist())
    need = ["game/_data/" + n for n in data_files()] + catalogs()
    assert [n for n in need if n not in names] == []
    assert not any(n.startswith(DATA) for n in names)   # nothing loose at the top
    py = {str(p.relative_to(ROOT)).replace(os.sep, "/") for p in (ROOT / "game").rglob("*.py")}
    research = {n for n in py if research_module(n)}
    assert "game/bench/bench_review.py" in research and len(research) >= 12
    assert [n for n in sorted(py - research) if n not in names] == []
    # the research bench stays in the checkout: no module that only measures is installed
    assert sorted(n for n in names if research_module(n) or "bench" in n.rsplit("/", 1)[-1]
                  ) == []


def research_module(path: str) -> bool:
    """A module of the research bench (game/bench/, a game's own game/games/<key>/bench/)."""
    parts = path.split("/")
    return parts[:2] == ["game", "bench"] or (parts[:2] == ["game", "games"]
                                              and parts[3:4] == ["bench"])


@pytest.mark.slow
def test_installed_wheel_starts_outside_the_checkout(
        dists: dict[str, Path], tmp_path: Path) -> None:
    """A fresh venv outside the checkout gets only the wheel; the dependencies (arcade and
    friends) come from the test environment through a .pth line, to save a download.  The
    installed ``cardclub`` says the wheel's version and draws its menu from the installed
    data (``CARDCLUB_FIRST_FRAME``); ``CARDCLUB_LONG=1`` plays the whole smoke run too (CI
    plays it from the executable and from the Debian package anyway)."""
    assert os.environ.get("DISPLAY"), "pytest-xvfb gives this test a display"
    venv = tmp_path / "venv"
    base_python = getattr(sys, "_base_executable", sys.executable)
    run([base_python, "-m", "venv", "--without-pip", venv], cwd=tmp_path)
    python = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps",
         "--no-index", dists["wheel"]], cwd=tmp_path)
    site = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                    cwd=tmp_path).stdout.strip())
    (site / "zz_test_deps.pth").write_text(sysconfig.get_path("purelib") + "\n")

    home = tmp_path / "home"
    env = clean_env(CARDCLUB_HOME=str(home))
    where = run([python, "-c", "import game.resources as r; print(r.where(), r.root()); "
                 "print(r.missing())"], cwd=tmp_path, env=env).stdout.split()
    assert where[0] == "installed"
    assert Path(where[1]).is_relative_to(venv) and where[2] == "[]"

    version = run([venv / "bin" / "cardclub", "--version"], cwd=tmp_path, env=env).stdout
    assert version == f"cardclub {dists['wheel'].name.split('-')[1]}\n"
    bench = subprocess.run([venv / "bin" / "cardclub", "bench", "frames"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=120)
    assert bench.returncode == 2 and "source checkout" in bench.stderr, bench.stderr
    assert "Traceback" not in bench.stderr
    if os.environ.get("CARDCLUB_LONG") == "1":
        out = run([venv / "bin" / "cardclub", "--smoke"], cwd=tmp_path, env=env, timeout=600)
        assert "OK" in out.stdout
    else:
        out = run([venv / "bin" / "cardclub"], cwd=tmp_path, timeout=120,
                  env=clean_env(CARDCLUB_HOME=str(home), CARDCLUB_FIRST_FRAME="1"))
        assert out.stdout.startswith("first-frame "), out.stdout
    assert "missing" not in out.stderr and "Traceback" not in out.stderr, out.stderr
    assert not list(venv.rglob("settings.json")), "nothing is written into the install"


def test_a_checkout_finds_its_data_at_the_top_and_none_is_missing() -> None:
    from game import resources

    assert resources.where() == "checkout"
    assert resources.root() == ROOT
    assert resources.missing() == []


def test_a_frozen_bundle_finds_its_data_at_the_bundle_top(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game import resources

    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    resources.root.cache_clear()
    try:
        assert resources.where() == "frozen"
        assert resources.path("sounds", "deal.wav") == tmp_path / "sounds" / "deal.wav"
        assert "deal.wav" in " ".join(resources.missing())   # an empty bundle lacks it
    finally:
        monkeypatch.delattr(sys, "_MEIPASS", raising=False)
        resources.root.cache_clear()
    assert resources.root() == ROOT


def test_the_spec_bundles_every_data_folder_and_the_catalogs() -> None:
    spec = (ROOT / "cardclub.spec").read_text()
    assert '("sprites", "sounds", "levels")' in spec and '"**/*.mo"' in spec
    every_toml = '"i18n").glob("**/*.toml")' in spec     # the rules' text and the glossary
    assert every_toml or '"rules").glob("*.toml")' in spec
    assert every_toml or '"glossary").glob("*.toml")' in spec
    assert "onefile = EXE(" in spec and 'name="cardclub-folder"' in spec
    # the version and the About page's libraries read the metadata, frozen too (issue 28)
    assert 'copy_metadata("cardclub", recursive=True)' in spec
    assert "ARCADE_FONTS" in spec and '"game.tools.debian"' in spec


def test_the_spec_bundles_babel_with_the_data_of_our_languages_only() -> None:
    """game.i18n.numbers writes the figures with Babel's CLDR data (issue 38): the bundle
    keeps Babel and its data for the catalogs' languages and root, not ~750 other locales."""
    import ast

    import babel

    from game.i18n import LANGUAGES, LOCALE_DIR

    tree = ast.parse((ROOT / "cardclub.spec").read_text())
    excludes = next(k.value for n in ast.walk(tree) if isinstance(n, ast.Call)
                    for k in n.keywords if k.arg == "excludes")
    assert "babel" not in [getattr(e, "value", None) for e in excludes.elts]
    assert 'hiddenimports.append("babel.dates")' in (ROOT / "cardclub.spec").read_text()
    wanted = {"LANGS", "BABEL_KEEP", "babel_needed"}
    nodes = [n for n in tree.body
             if isinstance(n, ast.FunctionDef) and n.name in wanted
             or isinstance(n, ast.Assign) and {getattr(t, "id", "") for t in n.targets} & wanted]
    assert len(nodes) == 3
    space: dict = {"Path": Path, "locale": LOCALE_DIR}
    exec(compile(ast.Module(nodes, []), "cardclub.spec", "exec"), space)
    folder = Path(babel.__file__).parent
    kept = {p.name for p in (folder / "locale-data").glob("*.dat")
            if space["babel_needed"]("babel/locale-data", str(p))}
    assert kept == {f"{code}.dat" for code in ("root", *LANGUAGES)}
    assert space["babel_needed"]("babel", str(folder / "global.dat"))
    assert space["babel_needed"]("sprites/cards", str(ROOT / "sprites" / "x.dat"))


def test_audio_probe_silences_c_level_stderr(tmp_path: Path) -> None:
    """A stand-in Arcade and pyglet whose audio drivers write to file descriptor 2 while
    they are tried, as ALSA and OpenAL do without a sound card: the player sees nothing."""
    fake = tmp_path / "fake"
    (fake / "pyglet" / "media").mkdir(parents=True)
    (fake / "arcade").mkdir()
    (fake / "pyglet" / "__init__.py").write_text("")
    (fake / "pyglet" / "media" / "__init__.py").write_text(
        "import os\nos.write(2, b'ALSA lib confmisc.c: cannot find card 0\\n')\n"
        "class SilentDriver: pass\n"
        "def get_audio_driver():\n    return SilentDriver()\n")
    (fake / "arcade" / "__init__.py").write_text("import pyglet.media\n")
    code = ("import sys; from game.ui.quiet_audio import choose_driver; "
            "print(choose_driver()); print('after', file=sys.stderr)")
    out = run([sys.executable, "-c", code], cwd=tmp_path,
              env=clean_env(PYTHONPATH=f"{fake}{os.pathsep}{ROOT}"))
    assert out.stdout.strip() == "SilentDriver"
    assert out.stderr == "after\n"   # the noise is gone, stderr itself still works
