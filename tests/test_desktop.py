"""Card Club on the desktop (issue 28): the icon the generator draws and the window sets,
the desktop entry and the AppStream metainfo (valid, in five languages, in step with the
catalogs, the version, the changelog and the committed screenshots)."""
from __future__ import annotations

import configparser
import ctypes
import re
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from game import i18n
from game.assets_gen import icon

ROOT = Path(__file__).resolve().parent.parent
DESKTOP = ROOT / "cardclub.desktop"
METAINFO = ROOT / "cardclub.metainfo.xml"
LANG = "{http://www.w3.org/XML/1998/namespace}lang"
OTHERS = [code for code in i18n.LANGUAGES if code != "en"]


def entry() -> configparser.SectionProxy:
    p = configparser.ConfigParser(interpolation=None)
    p.optionxform = str  # type: ignore[assignment,method-assign]   # keys are case-sensitive
    p.read(DESKTOP, encoding="utf-8")
    return p["Desktop Entry"]


def metainfo() -> ET.Element:
    return ET.parse(METAINFO).getroot()


def translated(msgid: str, lang: str) -> str:
    i18n.set_language(lang)
    try:
        return i18n._(msgid)
    finally:
        i18n.set_language("en")


# ---- the icon ---------------------------------------------------------------------------------

def test_every_icon_size_is_committed_square_and_round() -> None:
    assert icon.SIZES[0] == 16 and icon.SIZES[-1] == 512
    for size in icon.SIZES:
        img = Image.open(icon.path(size))
        assert img.size == (size, size) and img.mode == "RGBA", size
        alpha = img.getchannel("A")
        assert alpha.getpixel((0, 0)) == 0 and alpha.getpixel((size - 1, 0)) == 0   # corners
        assert alpha.getpixel((size // 2, size // 2)) == 255                         # a disc


@pytest.mark.parametrize("size", [16, 48])
def test_the_committed_icons_are_what_the_generator_draws(size: int) -> None:
    drawn = icon.draw(size)
    committed = Image.open(icon.path(size)).convert("RGBA")
    diff = ImageChops.difference(drawn, committed).getextrema()
    assert max(hi for _lo, hi in diff) <= 8, "run python -m game.assets_gen.icon"


def test_the_window_is_given_every_committed_size_but_the_largest() -> None:
    from game.app import ICON_SIZES, icon_path

    assert set(ICON_SIZES) < set(icon.SIZES) and 512 not in ICON_SIZES
    assert all(Path(icon_path(n)).is_file() for n in ICON_SIZES)


@pytest.mark.ui
def test_the_window_carries_the_icon_for_the_window_manager(app: Any) -> None:
    """Read _NET_WM_ICON back from the X server: width, height, pixels, for every size."""
    from pyglet.libs.x11 import xlib

    from game.app import ICON_SIZES, icon_path, set_window_icon

    assert app.icon_sizes == len(ICON_SIZES)
    assert set_window_icon(app) == len(ICON_SIZES)
    display, window = app._x_display, app._window
    atom = xlib.XInternAtom(display, b"_NET_WM_ICON", False)
    kind, fmt = xlib.Atom(), ctypes.c_int()
    count, after = ctypes.c_ulong(), ctypes.c_ulong()
    data = ctypes.POINTER(ctypes.c_ubyte)()
    xlib.XGetWindowProperty(display, window, atom, 0, 1 << 22, False, 6,   # XA_CARDINAL
                            ctypes.byref(kind), ctypes.byref(fmt), ctypes.byref(count),
                            ctypes.byref(after), ctypes.byref(data))
    assert fmt.value == 32 and count.value > 0
    longs = ctypes.cast(data, ctypes.POINTER(ctypes.c_ulong))
    values = [longs[i] for i in range(count.value)]
    xlib.XFree(data)
    sizes, i = [], 0
    while i < len(values):
        w, h = values[i], values[i + 1]
        sizes.append((w, h))
        i += 2 + w * h
    assert sizes == [(n, n) for n in ICON_SIZES]
    # the pixels are the committed 16 px icon's, row by row from the top (ARGB)
    png = Image.open(icon_path(16)).convert("RGBA")
    for x, y in ((8, 8), (3, 8), (8, 13), (0, 0)):
        v = values[2 + y * 16 + x]
        argb = ((v >> 16) & 255, (v >> 8) & 255, v & 255, (v >> 24) & 255)
        assert argb == png.getpixel((x, y)), (x, y)


def test_a_missing_icon_never_stops_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    from game import app as app_module

    class Window:
        def set_icon(self, *images: Any) -> None:
            raise AssertionError("no image should reach the window")

    monkeypatch.setattr(app_module, "icon_path", lambda size: "/nowhere/icon.png")
    assert app_module.set_window_icon(Window()) == 0  # type: ignore[arg-type]


# ---- the desktop entry -------------------------------------------------------------------------

def test_the_desktop_entry_launches_cardclub_with_its_icon_in_the_games_menu() -> None:
    e = entry()
    assert e["Type"] == "Application" and e["Name"] == "Card Club"
    assert e["Exec"] == "cardclub" and e["TryExec"] == "cardclub" and e["Icon"] == "cardclub"
    assert e["Terminal"] == "false"
    assert {"Game", "CardGame"} <= set(e["Categories"].rstrip(";").split(";"))
    assert e["StartupWMClass"] == "Card Club"       # pyglet's WM_CLASS is the caption


def test_the_desktop_entry_speaks_the_five_languages_as_the_game_does() -> None:
    e = entry()
    assert e["Comment"] == "Four card games against the computer"
    for lang in OTHERS:
        assert e[f"Comment[{lang}]"] == translated("Four card games against the computer", lang)
        assert e[f"GenericName[{lang}]"] and e[f"Keywords[{lang}]"].endswith(";")
        assert e[f"GenericName[{lang}]"] != e["GenericName"]


def test_the_window_caption_is_the_entry_s_wm_class() -> None:
    text = (ROOT / "game" / "app.py").read_text()
    assert 'super().__init__(width, height, "Card Club"' in text


# ---- the AppStream metainfo ------------------------------------------------------------------

def test_metainfo_names_the_entry_the_icon_and_the_categories() -> None:
    root = metainfo()
    assert root.get("type") == "desktop-application"
    assert re.fullmatch(r"[a-z0-9]+(\.[a-z0-9]+){2,}", root.findtext("id") or "")
    assert root.findtext("launchable") == DESKTOP.name
    assert root.findtext("icon") == entry()["Icon"]
    assert root.findtext("project_license") == "MIT"
    assert [c.text for c in root.iter("category")] == ["Game", "CardGame"]
    assert root.find("content_rating").get("type") == "oars-1.1"  # type: ignore[union-attr]
    assert [b.text for b in root.iter("binary")] == ["cardclub"]


def test_metainfo_summary_and_description_in_five_languages() -> None:
    root = metainfo()
    summaries = {s.get(LANG, "en"): s.text for s in root.findall("summary")}
    assert set(summaries) == set(i18n.LANGUAGES)
    for lang in i18n.LANGUAGES:
        assert summaries[lang] == translated("Four card games against the computer", lang)
    desc = root.find("description")
    assert desc is not None
    for tag in ("p", "li"):
        langs = [e.get(LANG, "en") for e in desc.iter(tag)]
        assert {lang: langs.count(lang) for lang in i18n.LANGUAGES} == \
            {lang: langs.count("en") for lang in i18n.LANGUAGES}, tag   # each in every language
    for shot in root.iter("screenshot"):
        assert {c.get(LANG, "en") for c in shot.findall("caption")} == set(i18n.LANGUAGES)


def test_metainfo_screenshots_are_the_committed_shots_at_their_size() -> None:
    """The images are docs/screenshots/*.png as `cardclub shots` renders them (1280x800);
    the URLs point at those files where the repository is published."""
    images = list(metainfo().iter("image"))
    assert len(images) >= 3
    homepage = next(u.text for u in metainfo().iter("url") if u.get("type") == "homepage")
    owner_repo = "/".join(str(homepage).rstrip("/").split("/")[-2:])
    for img in images:
        url = str(img.text)
        assert url.startswith("https://") and owner_repo in url
        name = url.split("/docs/screenshots/", 1)[1]
        shot = Image.open(ROOT / "docs" / "screenshots" / name)
        assert shot.size == (int(img.get("width", 0)), int(img.get("height", 0))) == (1280, 800)


def test_one_version_in_pyproject_metainfo_and_changelog() -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        version = tomllib.load(f)["project"]["version"]
    release = metainfo().find("releases/release")
    assert release is not None and release.get("version") == version
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    first = re.search(r"^## (\S+) — (\d{4}-\d\d-\d\d)$", changelog, re.M)
    assert first and first.group(1) == version and first.group(2) == release.get("date")


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-utils is not installed (.ci/run installs it)")
def test_desktop_file_validate_passes() -> None:
    out = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True,
                         text=True)
    assert out.returncode == 0 and not out.stdout.strip(), out.stdout + out.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None,
                    reason="appstream is not installed (.ci/run installs it)")
def test_appstreamcli_validate_passes() -> None:
    out = subprocess.run(["appstreamcli", "validate", "--no-net", "--pedantic", str(METAINFO)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "pedantic" not in out.stdout, out.stdout
