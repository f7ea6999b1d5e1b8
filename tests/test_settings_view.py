"""The settings screen: real clicks on its arcade.gui widgets, saved at once, live effects."""
from __future__ import annotations

import json
from pathlib import Path

import arcade
import pytest

from game import i18n
from game.app import CardClubWindow
from game.scenes.menu import MenuView
from game.scenes.settings_view import SettingsView
from game.store import settings as settings_store
from game.tools.drive import pump
from game.ui import assets
from game.ui.layout import TableLayout

from .ui_helpers import tap

pytestmark = pytest.mark.ui


@pytest.fixture
def view(app: CardClubWindow):  # type: ignore[no-untyped-def]
    saved = settings_store.Settings()
    app.settings.language = ""
    app.settings.levels = {}
    app.settings.four_colour = False
    app.settings.card_scale = 1.0
    app.settings.animation_scale = 1.0
    app.settings.muted = False
    app.sounds.muted = False
    v = app.open("settings")
    pump(app, 2)
    yield v
    i18n.set_language("en")
    for name in ("look_contrast", "look_grain", "look_warmth", "card_scale", "four_colour",
                 "opponent_pace", "volume", "muted", "fullscreen"):
        setattr(app.settings, name, getattr(saved, name))
    app.settings.language = ""
    app.settings.levels = {}
    app.settings.animation_scale = 0.0
    app.sounds.muted = False
    app.show_view(arcade.View(app))   # the settings view lets its UIManager go


def press(app: CardClubWindow, v: SettingsView, name: str) -> None:
    w = v.named[name]
    tap(app, w.rect.center_x, w.rect.center_y)


def on_disk(home: Path) -> dict:
    return json.loads((home / "settings.json").read_text("utf-8"))


def test_the_menu_shows_settings_and_it_opens(app: CardClubWindow) -> None:
    app.show_menu()
    pump(app, 2)
    menu = app.current_view
    assert isinstance(menu, MenuView)
    b = menu.buttons.by_name("settings")
    tap(app, b.cx, b.cy)
    assert isinstance(app.current_view, SettingsView)
    app.show_view(arcade.View(app))


def test_language_switches_live_and_is_saved(view: SettingsView, app: CardClubWindow,
                                             _cardclub_home: Path) -> None:
    assert view.title.text == "Settings"
    press(app, view, "language-cs")
    assert i18n.language() == "cs"
    assert on_disk(_cardclub_home)["language"] == "cs"
    view = app.current_view
    assert view.title.text == "Nastavení"                  # this screen, at once
    assert view.named["back"].text == i18n._("Back") != "Back"
    press(app, view, "back")
    menu = app.current_view
    assert isinstance(menu, MenuView)                      # and the menu behind it
    assert menu.buttons.by_name("rules").label.text.text == "Pravidla"
    app.show_view(view)
    press(app, view, "language-pl")
    assert view.title.text == "Ustawienia"
    press(app, view, "language-en")
    assert view.title.text == "Settings"


def test_toggles_are_saved_at_once(view: SettingsView, app: CardClubWindow,
                                   _cardclub_home: Path) -> None:
    press(app, view, "muted")
    assert app.settings.muted and app.sounds.muted
    assert on_disk(_cardclub_home)["muted"] is True
    press(app, view, "reduced_motion")
    assert 0 < app.settings.animation_scale <= 0.05
    assert on_disk(_cardclub_home)["animation_scale"] == app.settings.animation_scale
    press(app, view, "reduced_motion")
    assert app.settings.animation_scale == 1.0


def test_fullscreen_toggle_asks_the_window(view: SettingsView, app: CardClubWindow,
                                           monkeypatch: pytest.MonkeyPatch,
                                           _cardclub_home: Path) -> None:
    asked: list[bool] = []
    monkeypatch.setattr(app, "set_fullscreen", lambda on=True, **kw: asked.append(on))
    press(app, view, "fullscreen")
    assert asked == [True] and on_disk(_cardclub_home)["fullscreen"] is True


def test_a_slider_drag_changes_the_value_and_saves_soon(view: SettingsView,
                                                        app: CardClubWindow,
                                                        _cardclub_home: Path) -> None:
    sl = view.named["volume"]
    y = sl.rect.center_y
    x0 = sl._thumb_x
    app.dispatch_event("on_mouse_press", x0, y, arcade.MOUSE_BUTTON_LEFT, 0)
    for k in range(1, 6):
        app.dispatch_event("on_mouse_drag", x0 - 30 * k, y, -30, 0, arcade.MOUSE_BUTTON_LEFT, 0)
        pump(app)
    app.dispatch_event("on_mouse_release", x0 - 150, y, arcade.MOUSE_BUTTON_LEFT, 0)
    pump(app, 20)                                        # a quarter second passes
    assert app.settings.volume < 0.6
    assert app.sounds.volume == app.settings.volume
    assert on_disk(_cardclub_home)["volume"] == app.settings.volume


def test_levels_list_only_visible_levels_and_a_click_chooses(view: SettingsView,
                                                             app: CardClubWindow,
                                                             _cardclub_home: Path) -> None:
    press(app, view, "tab-table")
    view = app.current_view
    names = [n for n in view.named if n.startswith("level-durak-")]
    assert "level-durak-greedy" not in names and "level-durak-hard" in names
    assert not any(n.startswith("level-autobus-naive") for n in view.named)
    press(app, view, "level-durak-hard")
    assert app.settings.levels["durak"] == "hard"
    assert on_disk(_cardclub_home)["levels"]["durak"] == "hard"


def test_four_colour_french_cards(view: SettingsView, app: CardClubWindow) -> None:
    two = assets.card_texture("french", "QD")
    press(app, view, "tab-table")
    press(app, view, "four_colour")
    assert app.settings.four_colour
    four = assets.card_texture("french", "QD")
    assert four is not two
    # diamonds turn blue: more blue than red in the four-colour face's ink
    r, g, b = (sum(c) for c in zip(*[p[:3] for p in four.image.getdata() if p[3] > 0
                                     and max(p[:3]) - min(p[:3]) > 80], strict=True))
    assert b > r
    assert assets.card_texture("czech", "AH") is assets.card_texture("czech", "AH")


def test_card_size_grows_the_cards_as_far_as_the_window_has_room() -> None:
    assert TableLayout(1280, 800, 0.85).card_w == pytest.approx(85)
    assert TableLayout(1280, 800, 1.25).card_w == pytest.approx(110)      # 16:10: full at 1.1
    assert TableLayout(960, 600, 1.25).card_w == pytest.approx(82.5)
    assert TableLayout(1280, 1024, 1.25).card_w == pytest.approx(125)     # taller: room


@pytest.mark.parametrize("game", ["durak", "paodekuai", "dudak"])
def test_largest_cards_still_fit_the_smallest_window(app: CardClubWindow, game: str) -> None:
    from game.scenes.tables import table_class

    app.settings.card_scale = 1.25
    app.set_size(960, 600)
    app.dispatch_event("on_resize", 960, 600)
    try:
        t = table_class(game)(app, seed=5)
        app.show_view(t)
        pump(app, 3)
        L = t.layout
        if game != "autobus":
            assert L.card_w == pytest.approx(100 * L.s * 1.1)   # as large as it fits
        for sp in t.sprites.values():
            if sp.visible:
                assert -2 <= sp.center_x - L.card_w / 2 * 0.5 and sp.center_x <= 962
                assert 0 <= sp.center_y + L.card_h / 2 - L.card_h * 0.5
                assert sp.center_y - L.card_h / 2 <= L.h - L.bar_h + 2
    finally:
        app.settings.card_scale = 1.0
        app.show_view(arcade.View(app))


def test_opponents_pace_scales_the_think_delay(app: CardClubWindow) -> None:
    from game.games.durak.table import DurakTable

    app.think_scale = 1.0
    t = DurakTable(app, seed=1)
    app.settings.opponent_pace = 2.0
    assert t.session.pacer.scale() == 2.0
    app.settings.opponent_pace = 0.0
    assert t.session.pacer.scale() == 0.0
    app.settings.opponent_pace = 1.0


def test_a_failed_save_shows_a_plain_line(view: SettingsView, app: CardClubWindow,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings_store, "save", lambda s: False)
    press(app, view, "muted")
    assert app.settings.muted
    assert "cannot be saved" in view.message
    pump(app, 2)                                       # still drawing, no crash


def test_new_fields_load_with_types_and_ranges() -> None:
    s = settings_store.Settings.from_dict({"card_scale": 3, "four_colour": True,
                                           "look_warmth": -1.0, "look_grain": 0.75})
    assert s.card_scale == 1.25 and s.four_colour is True
    assert s.look_warmth == 0.0 and s.look_grain == 0.75
    for bad in ({"four_colour": 1}, {"card_scale": "big"}, {"look_contrast": float("nan")}):
        with pytest.raises(ValueError):
            settings_store.Settings.from_dict(bad, strict=True)
        lenient = settings_store.Settings.from_dict(bad)      # the wrong value is ignored
        assert (lenient.four_colour, lenient.card_scale, lenient.look_contrast) == \
            (False, 1.0, 0.5)


def test_look_sliders_change_the_preview_live_while_dragging(view: SettingsView,
                                                             app: CardClubWindow) -> None:
    from PIL import ImageStat

    press(app, view, "tab-look")
    view = app.current_view

    def preview_warmth() -> float:
        app.dispatch_event("on_draw")
        x, y, w, h = view.preview_box
        img = arcade.get_image(int(x) + 4, int(y) + 4, int(w) - 8, int(h) - 8).convert("RGB")
        app.flip()
        r, _, b = ImageStat.Stat(img).mean
        return float(r - b)

    neutral = preview_warmth()
    sl = view.named["look_warmth"]
    x0, y = sl._thumb_x, sl.rect.center_y
    app.dispatch_event("on_mouse_press", x0, y, arcade.MOUSE_BUTTON_LEFT, 0)
    for k in range(1, 6):
        app.dispatch_event("on_mouse_drag", x0 + 40 * k, y, 40, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    assert app.settings.look_warmth > 0.6                 # before the button is let go
    assert preview_warmth() > neutral + 5
    app.dispatch_event("on_mouse_release", x0 + 200, y, arcade.MOUSE_BUTTON_LEFT, 0)
    press(app, view, "look-reset")
    assert (app.settings.look_contrast, app.settings.look_grain,
            app.settings.look_warmth) == (0.5, 0.5, 0.5)
    assert abs(preview_warmth() - neutral) < 0.5


def drag_thumb(app: CardClubWindow, v: SettingsView, name: str, dx: float) -> None:
    """A real press on the slider's thumb, a drag by ``dx`` in five steps, a release."""
    sl = v.named[name]
    x0, y = sl._thumb_x, sl.rect.center_y
    app.dispatch_event("on_mouse_press", x0, y, arcade.MOUSE_BUTTON_LEFT, 0)
    for k in range(1, 6):
        app.dispatch_event("on_mouse_drag", x0 + dx * k / 5, y, dx / 5, 0,
                           arcade.MOUSE_BUTTON_LEFT, 0)
        pump(app)
    app.dispatch_event("on_mouse_release", x0 + dx, y, arcade.MOUSE_BUTTON_LEFT, 0)
    pump(app, 20)                                        # a quarter second: saved


def shown(v: SettingsView, name: str) -> str:
    return str(v.values[name].text)


def speed_shown(v: SettingsView, name: str) -> float:
    """The number beside a slider (×1.5 -> 1.5; ×∞ -> infinity)."""
    text = shown(v, name).lstrip("×").replace(",", ".")
    return float("inf") if text == "∞" else float(text)


def test_both_speed_sliders_are_faster_to_the_right(view: SettingsView, app: CardClubWindow,
                                                    _cardclub_home: Path) -> None:
    """Animation speed and opponents' pace read the same way: right is faster (a shorter
    animation, a shorter pause), and the number beside each grows to the right."""
    app.settings.opponent_pace = 1.0
    press(app, view, "tab-general")                     # laid out again from the settings
    view = app.current_view
    assert shown(view, "speed") == shown(view, "pace") == "×1.0"
    drag_thumb(app, view, "speed", 80)
    drag_thumb(app, view, "pace", 80)
    assert app.settings.animation_scale < 1.0            # animations take less time
    assert app.settings.opponent_pace < 1.0              # the computers pause for less
    assert speed_shown(view, "speed") > 1.0 and speed_shown(view, "pace") > 1.0
    assert on_disk(_cardclub_home)["opponent_pace"] == app.settings.opponent_pace
    faster = app.settings.opponent_pace
    drag_thumb(app, view, "pace", -40)                   # a little back to the left
    assert faster < app.settings.opponent_pace
    assert speed_shown(view, "pace") == pytest.approx(1 / app.settings.opponent_pace, rel=0.05)
    drag_thumb(app, view, "pace", 2000)                  # right to the end: no pause
    assert app.settings.opponent_pace == 0.0 and shown(view, "pace") == "×∞"
    drag_thumb(app, view, "pace", -2000)                 # left to the end: twice the pause
    assert app.settings.opponent_pace == 2.0 and shown(view, "pace") == "×0.50"
    assert on_disk(_cardclub_home)["opponent_pace"] == 2.0
    drag_thumb(app, view, "speed", -2000)
    assert app.settings.animation_scale == 2.0 and shown(view, "speed") == "×0.5"


@pytest.mark.parametrize("pace,position,text", [(1.7, 0.3, "×0.59"), (0.3, 1.7, "×3.3"),
                                                (0.0, 2.0, "×∞"), (1.0, 1.0, "×1.0"),
                                                (3.0, 0.0, "×0.50")])
def test_an_old_settings_file_keeps_its_pace(app: CardClubWindow, _cardclub_home: Path,
                                             pace: float, position: float, text: str) -> None:
    """``opponent_pace`` is still the stored think-time multiplier: an old file loads as it
    was, the slider shows it mirrored (the slow end for a multiplier past the slider's
    range), and opening and closing the screen writes nothing new."""
    path = _cardclub_home / "settings.json"
    path.write_text(json.dumps({"opponent_pace": pace, "volume": 0.4}), "utf-8")
    loaded, problem = settings_store.load()
    assert problem is None and loaded.opponent_pace == pace
    before = app.settings.opponent_pace
    app.settings.opponent_pace = loaded.opponent_pace
    try:
        v = app.open("settings")
        pump(app, 2)
        assert v.named["pace"].value == pytest.approx(position)
        assert shown(v, "pace") == text
        press(app, v, "back")
        assert app.settings.opponent_pace == pace
        assert on_disk(_cardclub_home)["opponent_pace"] == pace
        assert settings_store.load()[0].opponent_pace == pace
    finally:
        app.settings.opponent_pace = before
        app.show_view(arcade.View(app))
