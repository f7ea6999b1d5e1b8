"""The About page: the icon, the version, the licence, where the saves live (with a button
that opens the folder) and the libraries Card Club is built on with their licences.

Everything it says comes from ``game.about`` (the package metadata: the same version as
``cardclub --version`` and the menu's corner).  Opening the folder never blocks and never
fails hard: with no file manager, or one that gives up, the page says so and the path stays
on the page to copy.  Enter opens the folder too.
"""
from __future__ import annotations

import re
import subprocess
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade

from game import about, resources
from game.i18n import _
from game.ui.page import ACCENT, INK, MUTED, PageView
from game.ui.widgets import FONT, SECONDARY, Button

if TYPE_CHECKING:
    from game.ui.window import Window

ICON = ("sprites", "icon", "cardclub-128.png")
LINK = (236, 226, 200)           # the page's button, as the decks screen draws its links
#: how long the page watches a started file manager for a refusal before it lets it be
WATCH = 10.0


def wrap_path(path: str, width: float, size: float) -> str:
    """``path`` in lines that fit ``width`` at ``size`` (bold): a path has no spaces for the
    text to wrap at, so it breaks after a separator, or inside a name too long for a line."""
    probe = arcade.Text("", 0, 0, font_size=size, font_name=FONT, bold=True)

    def fits(text: str) -> bool:
        probe.text = text
        return probe.content_width <= width

    lines: list[str] = []
    line = ""
    for part in re.split(r"(?<=[/\\])", path):
        if fits(line + part):
            line += part
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in part:                     # a name wider than the line: cut it
            if line and not fits(line + ch):
                lines.append(line)
                line = ""
            line += ch
    return "\n".join([*lines, line])


class AboutView(PageView):
    def __init__(self, window: Window, back: Callable[[], None] | arcade.View | None = None,
                 **_kw: Any) -> None:
        super().__init__(window, back)
        self.buttons.add(Button(_("Back"), self.go_back, SECONDARY, name="back"))
        self.libraries = about.libraries()
        self.folder = about.data_folder()
        self.status = ""                 # what became of the last "Open the folder"
        self.open_rect = arcade.LBWH(0, 0, 0, 0)       # the button, page coordinates
        self.opener: Callable[[Any], subprocess.Popen[bytes] | str | None] = about.open_folder
        self._child: subprocess.Popen[bytes] | None = None
        self._since = 0.0
        self._icon: arcade.Texture | None = None
        try:
            self._icon = arcade.load_texture(resources.path(*ICON))
        except Exception:  # a damaged install: the page reads the same without the picture
            self._icon = None
        self.relayout()

    # ---- opening the folder ----------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Drawing goes on only while a started file manager may still answer."""
        return self._child is not None

    def open_folder(self) -> None:
        result = self.opener(self.folder)
        self._child = None
        if isinstance(result, subprocess.Popen):
            self._child, self._since = result, time.monotonic()
            self.set_status(_("The folder is opening in your file manager."))
        elif result is None:
            self.set_status(_("The folder is opening in your file manager."))
        elif result == "no file manager":
            self.set_status(_("No file manager was found on this computer; the folder is "
                              "the one shown above."))
        else:
            self.set_status(_("The folder could not be opened; it is the one shown above."))

    def set_status(self, text: str) -> None:
        if text != self.status:
            self.status = text
            self.relayout()

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        child = self._child
        if child is None:
            return
        code = child.poll()
        if code is None and time.monotonic() - self._since < WATCH:
            return
        self._child = None          # answered (or still busy after a while: let it be)
        if code not in (None, 0):
            self.set_status(_("The folder could not be opened; it is the one shown above."))

    def on_page_tap(self, x: float, y: float) -> None:
        if self.open_rect.point_in_rect((x, y)):
            self.open_folder()

    def page_key(self, key: int, modifiers: int) -> bool:
        if key in (arcade.key.ENTER, arcade.key.RETURN):
            self.open_folder()
        else:
            return super().page_key(key, modifiers)
        return True

    # ---- layout ------------------------------------------------------------------------------

    def layout_header(self, w: int, h: int) -> None:
        s = self.scale
        bar, font, cy, left = self.place_back_header(w, h, _("Back"))
        self.place_title(_("About Card Club"), left, w - 14, cy)
        top = cy - bar / 2 - 10
        self.content = arcade.LBWH(14, 12, w - 28, top - 12)
        self.page_top = top - 18 * s

    def layout_page(self, w: int, h: int) -> float:
        s = self.scale
        c = self.content
        col_w = min(900.0, c.width - 60 * s)
        left = c.center_x - col_w / 2
        body = max(14.0, 16 * s)
        head = max(18.0, 22 * s)
        y = self.page_top
        # the icon, the name and the version
        icon = max(72.0, 96 * s)
        if self._icon is not None:
            sp = arcade.Sprite(self._icon)
            sp.scale = icon / self._icon.height
            sp.position = (left + icon / 2, y - icon / 2)
            self.cards.append(sp)
        x = left + icon + 20 * s
        t = self.add_text("Card Club", x, y - 4 * s, max(24.0, 30 * s), INK, bold=True,
                          width=col_w - icon - 20 * s)
        v = self.add_text(_("Version {version}").format(version=about.version()), x,
                          y - 10 * s - t.content_height, body + 2, ACCENT, bold=True,
                          width=col_w - icon - 20 * s)
        sub = self.add_text(_("Four card games against the computer"), x,
                            v.y - v.content_height - 6 * s, body, MUTED,
                            width=col_w - icon - 20 * s)
        y = min(y - icon, sub.y - sub.content_height) - 18 * s
        # the licence
        y = self.heading(_("Licence"), left, col_w, y, head)
        t = self.add_text(_("Card Club is free software under the {licence} licence: you may "
                            "use, study, change and share it.").format(licence=about.licence()),
                          left, y, body, INK, width=col_w)
        y -= t.content_height + 18 * s
        # where the saves live, and the button that opens the folder
        self.new_batch()
        y = self.heading(_("Your saves"), left, col_w, y, head)
        t = self.add_text(_("Your saves, settings and history are kept in this folder:"),
                          left, y, body, INK, width=col_w)
        y -= t.content_height + 8 * s
        t = self.add_text(wrap_path(str(self.folder), col_w - 16 * s, body), left + 12 * s, y,
                          body, INK, bold=True, width=col_w - 12 * s)
        y -= t.content_height + 12 * s
        bh = max(48.0, body * 2.8)
        label = self.add_text(_("Open the folder"), left + 14 * s, y - bh / 2, body,
                              (30, 40, 35), bold=True, anchor_y="center")
        bw = min(col_w, label.content_width + 28 * s)
        self.texts[-1] = (label, bw - 28 * s)
        self.open_rect = arcade.LRBT(left, left + bw, y - bh, y)
        self.rects.append((arcade.LRBT(left + 3, left + bw + 3, y - bh - 4, y - 4),
                           (0, 0, 0, 60)))
        self.rects.append((self.open_rect, LINK))
        y -= bh + 10 * s
        if self.status:
            t = self.add_text(self.status, left, y, body, MUTED, width=col_w)
            y -= t.content_height
        y -= 18 * s
        # the libraries and their licences, a row each
        self.new_batch()
        y = self.heading(_("Built with"), left, col_w, y, head)
        t = self.add_text(_("Card Club is built on these free libraries, each under its own "
                            "licence:"), left, y, body, INK, width=col_w)
        y -= t.content_height + 10 * s
        name_w, ver_w = col_w * 0.42, col_w * 0.2
        for i, lib in enumerate(self.libraries):
            if i % 8 == 0:
                self.new_batch()
            row = max(26.0, body * 1.8)
            if i % 2 == 0:
                self.rects.append((arcade.LRBT(left, left + col_w, y - row, y),
                                   (240, 232, 212)))
            cy = y - row / 2
            self.add_text(lib.name, left + 10 * s, cy, body, INK, width=name_w - 20 * s,
                          bold=True, anchor_y="center")
            self.add_text(lib.version, left + name_w, cy, body, MUTED, width=ver_w - 10 * s,
                          anchor_y="center")
            self.add_text(lib.licence or "—", left + name_w + ver_w, cy, body, INK,
                          width=col_w - name_w - ver_w - 10 * s, anchor_y="center")
            y -= row
        return y - 24 * s

    def heading(self, text: str, left: float, col_w: float, y: float, size: float) -> float:
        """A section heading with its gold rule; the y below it."""
        s = self.scale
        t = self.add_text(text, left, y, size, ACCENT, width=col_w, bold=True)
        y -= t.content_height + 4 * s
        self.rects.append((arcade.LRBT(left, left + col_w, y - 2, y), (200, 160, 60)))
        return y - 12 * s

    def draw_header(self) -> None:
        self.title.draw()
        super().draw_header()

    def drawn_texts(self) -> list[str]:
        return super().drawn_texts() + [self.title.text.text]
