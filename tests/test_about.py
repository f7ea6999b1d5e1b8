"""The version from one source, the About page (licence, libraries, the saves' folder and
its button that never fails hard), and the version in the menu's corner (issue 28)."""
from __future__ import annotations

import importlib.metadata as md
import os
import subprocess
import sys
import time
import tomllib
from email.message import Message
from pathlib import Path
from typing import Any

import pytest

from game import about

ROOT = Path(__file__).resolve().parent.parent


def pyproject_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


# ---- one version -----------------------------------------------------------------------------

def test_the_version_is_the_package_metadata_which_is_pyproject() -> None:
    assert about.version() == md.version("cardclub") == pyproject_version()
    assert pyproject_version() == "1.3.0"


def test_a_checkout_never_installed_reads_pyproject(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> Any:
        raise md.PackageNotFoundError(name)

    monkeypatch.setattr(md, "distribution", missing)
    assert about.version() == pyproject_version()
    monkeypatch.setattr(about, "PACKAGE", ROOT / "nowhere" / "game")
    assert about.version() == "0+unknown"


# ---- licences ---------------------------------------------------------------------------------

def meta(**fields: str | list[str]) -> Message:
    m = Message()
    for key, value in fields.items():
        for v in (value if isinstance(value, list) else [value]):
            m[key.replace("_", "-")] = v
    return m


@pytest.mark.parametrize("fields,texts,expected", [
    ({"License_Expression": "MIT-CMU", "Classifier": "License :: OSI Approved :: MIT License"},
     (), "MIT-CMU"),
    ({"Classifier": ["Programming Language :: Python",
                     "License :: OSI Approved :: MIT License"]}, (), "MIT"),
    ({"License": "BSD-3-Clause"}, (), "BSD-3-Clause"),
    ({}, ("Copyright (c) 2006 A. Holkner\nRedistribution and use in source and binary forms"
          "...\nNeither the name of pyglet nor ...",), "BSD-3-Clause"),
    ({"License": "License\n=======\nPermission is hereby granted, free of charge, ..."}, (),
     "MIT"),
    ({}, ("All rights reserved, ask us.",), ""),
])
def test_licence_of_reads_expression_classifier_field_or_text(
        fields: dict[str, Any], texts: tuple[str, ...], expected: str) -> None:
    assert about.licence_of(meta(**fields), texts) == expected  # type: ignore[arg-type]


def test_libraries_are_the_requirement_tree_with_licences_and_texts() -> None:
    libs = about.libraries()
    names = [lib.name.lower().replace("_", "-") for lib in libs]
    assert names[0] == "python" and libs[0].licence == "PSF-2.0"
    assert names[1:] == sorted(names[1:])
    for need in ("arcade", "pyglet", "pillow", "platformdirs", "pymunk"):
        assert need in names, need
    # test tools and optional extras are not bundled with the game (Babel is: it writes
    # the figures on screen as each language does, issue 38)
    assert not {"pytest", "ruff", "mypy", "rlcard", "pyinstaller"} & set(names)
    by = {lib.name.lower(): lib for lib in libs}
    assert by["arcade"].licence == "MIT" and by["pyglet"].licence == "BSD-3-Clause"
    assert by["pillow"].licence == "MIT-CMU" and by["platformdirs"].licence == "MIT"
    for lib in libs[1:]:
        assert lib.licence and lib.texts and lib.version, lib
    assert about.licence() == "MIT"


# ---- opening the saves' folder ------------------------------------------------------------------

def test_no_file_manager_is_a_reason_not_an_error(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    folder = tmp_path / "saves" / "deep"
    assert about.open_folder(folder) == "no file manager"
    assert folder.is_dir()          # made on the way: the file manager has something to show


def _fake_opener(tmp_path: Path, code: int) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    tool = bin_dir / "xdg-open"
    tool.write_text(f'#!/bin/sh\necho "$1|$LD_LIBRARY_PATH" > "{tmp_path}/opened"\nexit {code}\n')
    tool.chmod(0o755)
    return bin_dir


def test_the_file_manager_is_started_and_not_waited_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("PATH", str(_fake_opener(tmp_path, 0)) + os.pathsep + "/usr/bin:/bin")
    # a frozen build hands the opener the library path it was started with, not its own
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/opt/cardclub/_internal")
    monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", "/usr/local/lib")
    child = about.open_folder(tmp_path / "saves")
    assert isinstance(child, subprocess.Popen)
    assert child.wait(10) == 0
    assert (tmp_path / "opened").read_text().strip() == f"{tmp_path / 'saves'}|/usr/local/lib"


def test_an_opener_that_cannot_start_gives_its_reason(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(about, "folder_opener", lambda: [str(tmp_path / "gone" / "xdg-open")])
    reason = about.open_folder(tmp_path / "saves")
    assert isinstance(reason, str) and reason and reason != "no file manager"


def test_the_data_folder_is_the_store_home(_cardclub_home: Path) -> None:
    assert about.data_folder() == _cardclub_home


# ---- the About page and the menu ----------------------------------------------------------------

@pytest.mark.ui
def test_about_page_shows_version_licence_folder_and_libraries(app: Any,
                                                               _cardclub_home: Path) -> None:
    from game.scenes import SCENES, scene_class
    from game.scenes.about_view import AboutView
    from game.tools.drive import pump

    assert SCENES["about"] and scene_class("about") is AboutView
    view = app.open("about")
    pump(app, 2)
    texts = view.drawn_texts()
    assert "About Card Club" in texts and f"Version {about.version()}" in texts
    assert any("under the MIT licence" in t for t in texts)
    assert str(_cardclub_home) in [t.replace("\n", "") for t in texts]
    assert "Open the folder" in texts
    for lib in about.libraries():
        assert lib.name in texts and lib.version in texts and lib.licence in texts
    assert not any("{" in t or "}" in t for t in texts)     # every placeholder filled
    view.scroll_to(view.max_scroll)                         # the list ends on the page
    assert view.max_scroll > 0


@pytest.mark.ui
def test_a_long_path_breaks_after_its_separators_to_fit(app: Any) -> None:
    import arcade

    from game.scenes.about_view import wrap_path
    from game.ui.widgets import FONT

    path = "/home/somebody/.local/share/cardclub/" + "x" * 120 + "/saves"
    text = wrap_path(path, 300, 16)
    lines = text.split("\n")
    assert "".join(lines) == path and len(lines) >= 3
    assert lines[0].endswith("/")                   # broken after a separator
    for line in lines:
        probe = arcade.Text(line, 0, 0, font_size=16, font_name=FONT, bold=True)
        assert probe.content_width <= 300, line
    assert wrap_path("/tmp/home", 300, 16) == "/tmp/home"


@pytest.mark.ui
@pytest.mark.parametrize("outcome,code,expected", [
    ("no file manager", None, "No file manager was found"),
    ("Permission denied", None, "could not be opened"),
    ("child", 0, "is opening in your file manager"),
    ("child", 4, "could not be opened"),          # xdg-open's "the action failed"
])
def test_open_the_folder_says_what_happened_and_never_raises(
        app: Any, outcome: str, code: int | None, expected: str) -> None:
    from game.tools.drive import click, pump

    view = app.open("about")
    pump(app, 2)
    calls: list[Path] = []

    def opener(path: Path) -> Any:
        calls.append(path)
        if outcome != "child":
            return outcome
        return subprocess.Popen([sys.executable, "-c", f"raise SystemExit({code})"])

    view.opener = opener
    r = view.open_rect
    x, y = r.center_x, r.center_y + view.scroll
    click(app, x, y)
    assert calls == [view.folder]
    if outcome == "child":
        assert view.busy                       # the window keeps drawing while it answers
        deadline = time.monotonic() + 60     # a condition, generously bounded
        while view.busy and time.monotonic() < deadline:
            pump(app, 1)
            time.sleep(0.01)
    assert not view.busy
    assert any(expected in t for t in view.drawn_texts()), view.status
    app.dispatch_event("on_key_press", 65293, 0)     # Enter: the same button
    assert len(calls) == 2


@pytest.mark.ui
def test_the_menu_shows_the_version_and_opens_about(app: Any) -> None:
    from game.scenes.about_view import AboutView
    from game.scenes.menu import MenuView
    from game.tools.drive import click, pump

    app.show_menu()
    pump(app, 2)
    menu = app.current_view
    assert isinstance(menu, MenuView)
    t = menu.version_label.text
    assert t.text == f"Version {about.version()}"
    assert t.x <= app.width - 10 and t.x - t.content_width >= app.width / 2   # top right
    assert t.y > app.height - 60
    b = menu.buttons.by_name("about")
    click(app, b.cx, b.cy)
    pump(app, 1)
    assert isinstance(app.current_view, AboutView)
    app.current_view.go_back()
    pump(app, 1)
    menu = app.current_view
    assert isinstance(menu, MenuView)
    t = menu.version_label.text
    click(app, t.x - t.content_width / 2, t.y)
    pump(app, 1)
    assert isinstance(app.current_view, AboutView)


@pytest.mark.ui
@pytest.mark.parametrize("size", [(960, 600), (1280, 800)], ids=["960x600", "1280x800"])
def test_about_page_fits_in_every_language(app: Any, size: tuple[int, int]) -> None:
    from game import i18n
    from game.scenes.menu import MenuView
    from game.tools.drive import pump

    bad: list[str] = []
    app.set_size(*size)
    app.dispatch_event("on_resize", *size)
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            view = app.open("about")
            pump(app, 2)
            for t, room in view.texts:
                if t.text and t.content_width > room + 1:
                    bad.append(f"{lang} {size}: {t.text!r} {t.content_width:.0f} > {room:.0f}")
            if view.title.text.content_width > view.title_box + 1:
                bad.append(f"{lang} {size}: the title")
            b = view.buttons.by_name("back")
            if b.label.text.content_width > b.w - 4:
                bad.append(f"{lang} {size}: Back")
            assert view.open_rect.width >= 48 and view.open_rect.height >= 48
            app.show_menu()
            pump(app, 1)
            menu = app.current_view
            assert isinstance(menu, MenuView)
            t = menu.version_label.text
            if t.x - t.content_width < menu.title.text.x + menu.title.text.content_width / 2:
                bad.append(f"{lang} {size}: the version runs into the title")
            about_button = menu.buttons.by_name("about")
            if about_button.label.text.content_width > about_button.w - 4 + 1:
                bad.append(f"{lang} {size}: the About button")
    finally:
        i18n.set_language("en")
        app.set_size(1280, 800)
        app.dispatch_event("on_resize", 1280, 800)
    assert not bad, "\n".join(bad)
