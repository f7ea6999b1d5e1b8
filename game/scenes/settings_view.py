"""The settings screen (``arcade.gui``): three tabs, every change saved at once.

General: language (switched live), animation speed, reduced motion, opponents' pace
(on both sliders right is faster), volume, mute, fullscreen.  Table: "possible moves"
highlighting, card size, the four-colour French deck, the computer's level per game.
Look: contrast, grain and colour temperature of the table (one shader pass, see
``game.ui.look``) with a live preview.

Buttons and toggles save the settings file at once; a slider saves while it moves (at
most four times a second, and when the screen closes).  A failed save shows a plain line
and the game goes on with the new values.  Every text is laid out again, through ``_()``,
when the language changes; ``texts()`` lists each text with the width it must fit in.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import arcade
from arcade.gui import (
    UIFlatButton,
    UILabel,
    UIManager,
    UIOnChangeEvent,
    UIOnClickEvent,
    UISlider,
    UISliderStyle,
    UIWidget,
)
from arcade.types import Color

from game import i18n
from game.ai import levels
from game.games import ORDER, SPECS
from game.i18n import _, number, percent
from game.store import settings as settings_store
from game.ui import assets, look
from game.ui.page import back_action
from game.ui.widgets import FONT, draw_panel
from game.ui.window import arcade_window

if TYPE_CHECKING:
    from game.ui.window import Window

INK = (40, 36, 30)
MUTED = (95, 88, 75)
GOLD = (232, 184, 66)
TABS = ("general", "table", "look")
REDUCED = 0.05            # animation_scale with reduced motion: cards all but jump
SPEEDS = (0.5, 2.5)       # animation speed slider: half to two and a half times
PACE_MAX = 2.0            # the pace slider spans think-time multipliers 2 (left) .. 0 (right)
SAVE_EVERY = 0.25         # seconds between saves while a slider moves

_probe: arcade.Text | None = None


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width ``text`` takes at ``size`` in our font."""
    global _probe
    if _probe is None:
        _probe = arcade.Text("", 0, 0, font_name=FONT, font_size=12)
    _probe.font_size = size
    _probe.bold = bold
    _probe.text = text
    return float(_probe.content_width)


def fit_size(text: str, width: float, size: float, bold: bool = False,
             smallest: float = 9.0) -> float:
    """The largest font size from ``size`` down at which ``text`` fits ``width``."""
    while size > smallest and text_width(text, size, bold) > width:
        size = max(smallest, size - 0.5)
    return size


def button_style(size: float, selected: bool = False) -> dict[str, UIFlatButton.UIStyle]:
    S = UIFlatButton.UIStyle
    ink = Color(*INK)
    base = Color(*GOLD) if selected else Color(245, 240, 228)
    light = Color(250, 210, 110) if selected else Color(255, 255, 255)
    edge = Color(150, 110, 30) if selected else Color(170, 150, 110)
    # arcade's style says int, but its label takes any size (pyglet's font sizes are
    # floats) and the text is fitted in half points
    fs = cast(int, int(size) if float(size).is_integer() else size)
    return {"normal": S(font_size=fs, font_name=FONT, font_color=ink, bg=base, border=edge,
                        border_width=2),
            "hover": S(font_size=fs, font_name=FONT, font_color=ink, bg=light, border=edge,
                       border_width=2),
            "press": S(font_size=fs, font_name=FONT, font_color=ink, bg=light, border=ink,
                       border_width=2),
            "disabled": S(font_size=fs, font_name=FONT, font_color=Color(120, 120, 120),
                          bg=Color(200, 200, 200), border=None, border_width=0)}


def slider_style() -> dict[str, UISliderStyle]:
    S = UISliderStyle
    track = Color(210, 200, 180)
    edge = Color(150, 110, 30)
    return {"normal": S(bg=Color(250, 246, 235), border=edge, border_width=2,
                        filled_track=Color(200, 150, 50), unfilled_track=track,
                        filled_step=None, unfilled_step=None),
            "hover": S(bg=Color(255, 255, 255), border=edge, border_width=2,
                       filled_track=Color(220, 170, 60), unfilled_track=track,
                       filled_step=None, unfilled_step=None),
            "press": S(bg=Color(*GOLD), border=Color(*INK), border_width=3,
                       filled_track=Color(220, 170, 60), unfilled_track=track,
                       filled_step=None, unfilled_step=None),
            "disabled": S(bg=Color(220, 220, 220), border=Color(160, 160, 160), border_width=1,
                          filled_track=Color(170, 170, 170), unfilled_track=Color(220, 220, 220),
                          filled_step=None, unfilled_step=None)}


def pace_position(pace: float) -> float:
    """Where the pace slider's thumb sits for a stored think-time multiplier.

    The stored ``opponent_pace`` stays a multiplier of the computers' pause (1 normal,
    0 none); the slider runs the other way so that right means faster, as animation speed
    does.  A multiplier beyond the slider's range (an older or hand-edited file) shows at
    the slow end and is kept until the slider moves."""
    return round(PACE_MAX - min(PACE_MAX, max(0.0, pace)), 2)


def pace_of(position: float) -> float:
    """The think-time multiplier that a pace slider position stands for."""
    return round(max(0.0, PACE_MAX - position), 2)


def pace_text(position: float) -> str:
    """The pace beside its slider as a speed, ×1.0 normal and larger to the right (the
    inverse of the pause multiplier); no pause at all is ×∞."""
    pace = pace_of(position)
    if pace <= 0:
        return "×∞"
    speed = 1 / pace
    return "×" + number(speed, 1 if speed >= 1 else 2)


class SettingsView(arcade.View):
    #: the screen changes only on input (the window stops redrawing it when idle)
    busy = False

    def __init__(self, window: Window, back: Callable[[], None] | arcade.View | None
                 = None, tab: str = "general", **_kw: Any) -> None:
        super().__init__(arcade_window(window))
        self.app = window
        self.back = back_action(window, back)
        self.tab = tab if tab in TABS else "general"
        self.ui = UIManager()
        self.named: dict[str, UIWidget] = {}        # widgets by name (tests press them)
        self.fits: list[tuple[str, float, float]] = []   # text, its width, its box width
        self.message = ""
        self.message_text = arcade.Text("", 0, 0, (150, 40, 30), 13, font_name=FONT,
                                        anchor_x="center", anchor_y="center")
        self.title = arcade.Text("", 0, 0, (255, 245, 220), 30, font_name=FONT, bold=True,
                                 anchor_x="center", anchor_y="center")
        self.preview_box = (0.0, 0.0, 1.0, 1.0)
        self.preview_cards: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.preview_text = arcade.Text("", 0, 0, (255, 250, 220), 14, font_name=FONT,
                                        bold=True, anchor_x="center", anchor_y="center")
        self.slider_values: dict[str, float] = {}
        self._dirty = False
        self._since_save = 0.0
        self._built: tuple[int, int, str, str] | None = None
        self.build()

    # ----- saving --------------------------------------------------------------------------
    @property
    def settings(self) -> settings_store.Settings:
        return self.app.settings

    def save(self) -> bool:
        self._dirty = False
        self._since_save = 0.0
        if settings_store.save(self.settings):
            if self.message:
                self.set_message("")
            return True
        self.set_message(_("Your settings cannot be saved right now; the changes still apply "
                           "until you quit."))
        return False

    def set_message(self, text: str) -> None:
        self.message = text
        self.message_text.text = text
        self._fit_message()

    def _fit_message(self) -> None:
        w = self.window.width
        self.message_text.font_size = fit_size(self.message, w - 40, 13)
        self.message_text.position = (w / 2, 14 + self.message_text.content_height / 2)

    # ----- changes -------------------------------------------------------------------------
    def set_language(self, code: str) -> None:
        self.settings.language = code
        i18n.set_language(code)
        self.save()
        self.build()

    def set_tab(self, tab: str) -> None:
        self.tab = tab
        self.build()

    def toggle(self, name: str) -> None:
        s = self.settings
        if name == "reduced_motion":
            s.animation_scale = 1.0 if s.animation_scale <= REDUCED else REDUCED
        elif name == "muted":
            s.muted = not s.muted
            self.app.sounds.muted = s.muted
        elif name == "fullscreen":
            s.fullscreen = not s.fullscreen
            try:
                self.window.set_fullscreen(s.fullscreen)
            except Exception as exc:  # a window manager that refuses: keep the setting
                self.set_message(str(exc))
        elif name == "dim_illegal":
            s.dim_illegal = not s.dim_illegal
        elif name == "four_colour":
            s.four_colour = not s.four_colour
        elif name == "allow_assist":
            s.allow_assist = not s.allow_assist
        self.save()
        self.build()

    def set_level(self, game: str, level: str) -> None:
        self.settings.levels[game] = level
        self.save()
        self.build()

    def reset_look(self) -> None:
        for name in ("look_contrast", "look_grain", "look_warmth"):
            setattr(self.settings, name, 0.5)
        self.save()
        self.build()

    def slide(self, name: str, value: float) -> None:
        """A slider moved: apply at once (the table looks, the sound plays) and save soon."""
        s = self.settings
        self.slider_values[name] = value
        if name == "speed":
            s.animation_scale = round(1.0 / max(value, 0.1), 3)
        elif name == "pace":
            s.opponent_pace = pace_of(value)
        elif name == "volume":
            s.volume = round(value / 100, 2)
            self.app.sounds.volume = s.volume
        elif name == "card_scale":
            s.card_scale = round(value / 100, 2)
        elif name in ("look_contrast", "look_grain", "look_warmth"):
            v = value / 100
            setattr(s, name, 0.5 if abs(v - 0.5) < 0.025 else round(v, 3))  # snap to neutral
        self._dirty = True
        self.update_values()

    # ----- layout ------------------------------------------------------------------------------
    def build(self) -> None:
        """Make every widget for the current size, language and tab."""
        w: int = self.window.width       # pyglet's Window is picked per platform: Any
        h: int = self.window.height
        self.ui.clear()  # type: ignore[no-untyped-call]  # arcade 3.3 leaves it unannotated
        self.named = {}
        self.fits = []
        self.values: dict[str, UILabel] = {}
        s = self.s = max(0.75, min(w / 1280, h / 800))
        self.title.text = _("Settings")
        self.title.font_size = fit_size(self.title.text, w - 2 * 180 * s, 30 * s, True)
        self.title.position = (w / 2, h - 36 * s)
        self.fits.append((self.title.text, self.title.content_width, w - 2 * 180 * s))
        bh = max(48.0, 50 * s)
        self.add_button("back", _("Back"), 16 + 75 * s, h - 36 * s, 150 * s, bh,
                        self.go_back, 17 * s)
        tab_names = {"general": _("General"), "table": _("Table"), "look": _("Look")}
        tab_w = min(220 * s, (w - 40 - 2 * 12) / 3)
        for i, tab in enumerate(TABS):
            self.add_button(f"tab-{tab}", tab_names[tab], w / 2 + (i - 1) * (tab_w + 12),
                            h - 100 * s, tab_w, bh, partial(self.set_tab, tab), 17 * s,
                            selected=tab == self.tab)
        top = h - 100 * s - bh / 2 - 14 * s
        bottom = 34.0
        pw = min(w - 40, 1100 * s)
        self.panel = (w / 2, (top + bottom) / 2, pw, top - bottom)
        self.left = w / 2 - pw / 2 + 20 * s
        self.right = w / 2 + pw / 2 - 20 * s
        self.row_h = max(54.0, 62 * s)
        self.label_w = (self.right - self.left) * 0.38
        self.top = top - 10 * s
        getattr(self, f"build_{self.tab}")()
        self.update_values()
        self._fit_message()
        self._built = (w, h, i18n.language(), self.tab)

    def row(self, i: int) -> float:
        return self.top - (i + 0.5) * self.row_h

    @property
    def control(self) -> tuple[float, float]:
        """Left and right edge of the controls column."""
        return self.left + self.label_w + 16 * self.s, self.right

    def add_label(self, text: str, x: float, cy: float, width: float, size: float,
                  color: tuple[int, int, int] = INK, bold: bool = False,
                  align: str = "left") -> UILabel:
        size = fit_size(text, width - 4, size, bold)
        lab = UILabel(text, font_name=FONT, font_size=size, text_color=color, bold=bold,
                      width=width, align=align)
        lab.rect = arcade.LBWH(x, cy - lab.rect.height / 2, width, lab.rect.height)
        self.ui.add(lab)
        self.fits.append((text, text_width(text, size, bold), width))
        return lab

    def add_button(self, name: str, text: str, cx: float, cy: float, bw: float, bh: float,
                   action: Callable[[], None], size: float, selected: bool = False
                   ) -> UIFlatButton:
        size = fit_size(text, bw - 12, size)
        b = UIFlatButton(text=text, width=bw, height=bh, style=button_style(size, selected))
        b.rect = arcade.XYWH(cx, cy, bw, bh)

        def on_click(_e: UIOnClickEvent) -> None:
            self.click(action)

        b.set_handler("on_click", on_click)
        self.ui.add(b)
        self.named[name] = b
        self.fits.append((text, text_width(text, size), bw - 8))
        return b

    def click(self, action: Callable[[], None]) -> None:
        self.app.sounds.play("click")
        action()

    def add_toggle(self, i: int, name: str, text: str, on: bool) -> None:
        cy = self.row(i)
        self.add_label(text, self.left, cy, self.label_w, 17 * self.s)
        x0, x1 = self.control
        bw = min(170 * self.s, x1 - x0)
        self.add_button(name, _("On") if on else _("Off"), x0 + bw / 2, cy, bw,
                        max(48.0, 48 * self.s), lambda: self.toggle(name), 16 * self.s,
                        selected=on)

    def add_choice(self, i: int, name: str, text: str, options: list[tuple[str, str]],
                   chosen: str, pick: Callable[[str], None]) -> None:
        cy = self.row(i)
        self.add_label(text, self.left, cy, self.label_w, 17 * self.s)
        x0, x1 = self.control
        gap = 8 * self.s
        bw = min(170 * self.s, (x1 - x0 - gap * (len(options) - 1)) / len(options))
        for k, (value, label) in enumerate(options):
            self.add_button(f"{name}-{value}", label, x0 + bw / 2 + k * (bw + gap), cy, bw,
                            max(48.0, 48 * self.s), partial(pick, value), 15 * self.s,
                            selected=value == chosen)

    def add_slider(self, i: int, name: str, text: str, value: float, lo: float, hi: float,
                   step: float | None = None) -> UISlider:
        cy = self.row(i)
        self.add_label(text, self.left, cy, self.label_w, 17 * self.s)
        x0, x1 = self.control
        vw = 90 * self.s
        sw = x1 - x0 - vw - 12 * self.s
        sl = UISlider(value=value, min_value=lo, max_value=hi, width=sw, height=max(40.0,
                      40 * self.s), step=step, style=slider_style())
        sl.rect = arcade.XYWH(x0 + sw / 2, cy, sw, max(40.0, 40 * self.s))

        def on_change(e: UIOnChangeEvent) -> None:
            self.slide(name, float(e.new_value))

        sl.set_handler("on_change", on_change)
        self.ui.add(sl)
        self.named[name] = sl
        self.slider_values[name] = value
        self.values[name] = self.add_label(self.value_text(name, value), x1 - vw, cy, vw,
                                           16 * self.s, MUTED, True, align="right")
        return sl

    def build_general(self) -> None:
        s = self.settings
        self.add_choice(0, "language", _("Language"), list(i18n.LANGUAGES.items()),
                        i18n.language(), self.set_language)
        reduced = s.animation_scale <= REDUCED
        speed = 1.0 if reduced else 1.0 / max(s.animation_scale, 1 / SPEEDS[1])
        sl = self.add_slider(1, "speed", _("Animation speed"),
                             min(SPEEDS[1], max(SPEEDS[0], speed)), *SPEEDS, step=0.1)
        sl.disabled = reduced
        self.add_toggle(2, "reduced_motion", _("Reduced motion"), reduced)
        self.add_slider(3, "pace", _("Opponents' pace"), pace_position(s.opponent_pace), 0.0,
                        PACE_MAX, step=0.1)
        self.add_slider(4, "volume", _("Volume"), round(s.volume * 100), 0, 100, step=1)
        self.add_toggle(5, "muted", _("Mute"), s.muted)
        self.add_toggle(6, "fullscreen", _("Fullscreen"), s.fullscreen)

    def build_table(self) -> None:
        s = self.settings
        self.add_toggle(0, "dim_illegal", _("Highlight possible moves"), s.dim_illegal)
        self.add_slider(1, "card_scale", _("Card size"), round(s.card_scale * 100), 85, 125,
                        step=5)
        self.add_toggle(2, "four_colour", _("Four-colour French cards"), s.four_colour)
        self.add_toggle(3, "allow_assist", _("Allow hints and undo"), s.allow_assist)
        for k, game in enumerate(ORDER):
            table = levels(game)
            names = [(n, _(str(v.get("label", n)))) for n, v in table.items()
                     if not v.get("hidden")]
            chosen = s.levels.get(game) or SPECS[game].default_level
            self.add_choice(4 + k, f"level-{game}",
                            _("Computer in {game}").format(game=SPECS[game].title), names,
                            chosen, partial(self.set_level, game))

    def build_look(self) -> None:
        s = self.settings
        self.add_slider(0, "look_contrast", _("Contrast"), round(s.look_contrast * 100), 0,
                        100, step=1)
        self.add_slider(1, "look_grain", _("Grain"), round(s.look_grain * 100), 0, 100, step=1)
        self.add_slider(2, "look_warmth", _("Colour temperature"), round(s.look_warmth * 100),
                        0, 100, step=1)
        cy = self.row(3)
        x0, x1 = self.control
        bw = min(260 * self.s, x1 - x0)
        # TRANSLATORS: {p} is a per cent with its sign, "50%"
        self.add_button("look-reset", _("Neutral ({p})").format(p=percent(0.5)), x0 + bw / 2,
                        cy, bw, max(48.0, 48 * self.s), self.reset_look, 16 * self.s)
        self.add_label(_("Applies to the whole table."), self.left, cy, self.label_w,
                       14 * self.s, MUTED)
        # the live preview: a corner of a table, drawn through the same pass
        bottom = self.panel[1] - self.panel[3] / 2 + 14 * self.s
        top = self.top - 4 * self.row_h - 6 * self.s
        ph = max(60.0, top - bottom)
        pw = min(self.right - self.left, ph * 2.6)
        self.preview_box = (self.window.width / 2 - pw / 2, bottom, pw, ph)
        self.preview_cards = arcade.SpriteList()
        ch = ph * 0.62
        cards = ("QH", "7C", "AS", "KD", "TH")
        for k, card in enumerate(cards):
            sp = arcade.Sprite(assets.card_texture("french", card))
            sp.scale = ch / assets.CARD_H
            sp.position = (self.window.width / 2 + (k - 2) * ch * 0.55, bottom + ph * 0.45)
            sp.angle = (k - 2) * 6
            self.preview_cards.append(sp)
        self.preview_text.text = _("Preview")
        self.preview_text.font_size = max(11.0, 14 * self.s)
        self.preview_text.position = (self.window.width / 2, bottom + ph - 14 * self.s)

    @staticmethod
    def value_text(name: str, value: float) -> str:
        """The number beside a slider, as the language writes it ("×1,5", "80 %")."""
        if name == "pace":
            return pace_text(value)
        if name == "speed":
            return "×" + number(value, 1)
        return percent(value / 100)

    def update_values(self) -> None:
        """The number beside each slider."""
        for name, lab in self.values.items():
            lab.text = self.value_text(name, self.slider_values.get(name, 0.0))

    def texts(self) -> list[tuple[str, float, float]]:
        """Every text on screen with its width and the width of its box (tests)."""
        out = list(self.fits)
        for lab in self.values.values():
            out.append((lab.text, text_width(lab.text, lab.font_size, True), lab.rect.width))
        if self.message:
            out.append((self.message, self.message_text.content_width, self.window.width - 40))
        return out

    # ----- arcade events -----------------------------------------------------------------------
    def on_show_view(self) -> None:
        self.ui.enable()
        self.build()

    def on_hide_view(self) -> None:
        self.ui.disable()
        if self._dirty:
            self.save()

    def on_resize(self, width: int, height: int) -> None:
        self.build()

    def on_update(self, delta_time: float) -> None:
        self._since_save += delta_time
        if self._dirty and self._since_save >= SAVE_EVERY:
            self.save()
        w, h = self.window.width, self.window.height
        if self._built != (w, h, i18n.language(), self.tab):
            self.build()

    def on_draw(self) -> None:
        self.clear()
        w, h = self.window.width, self.window.height
        arcade.draw_texture_rect(assets.felt_texture(), arcade.LBWH(0, 0, w, h))
        cx, cy, pw, ph = self.panel
        draw_panel(cx, cy, pw, ph, 245)
        self.title.draw()
        if self.tab == "look":
            x, y, pw2, ph2 = self.preview_box
            with look.capture(self.window, (x, y, pw2, ph2)):
                arcade.draw_texture_rect(assets.felt_texture(), arcade.LBWH(x, y, pw2, ph2))
                self.preview_cards.draw()
                self.preview_text.draw()
            arcade.draw_lrbt_rectangle_outline(x, x + pw2, y, y + ph2, (200, 160, 60), 2)
        self.ui.draw()
        if self.message:
            self.message_text.draw()

    def on_key_press(self, key: int, modifiers: int) -> None:
        if key == arcade.key.ESCAPE:
            self.go_back()

    def go_back(self) -> None:
        if self._dirty:
            self.save()
        if self.back is not None:
            self.back()
        else:
            self.app.open("menu")
