"""The friends page's fields: the player's name (sent with host and join, so the seats
carry it), and the address and code of a table to join; remembered between runs in the
data folder (``friends.json``, ``game.store.friends``).

Tap a field to type into it (or paste with Ctrl+V); Tab goes to the next field.
"""
from __future__ import annotations

import arcade

from game.i18n import _
from game.net.client import check_url
from game.net.protocol import MAX_NAME, name_ok
from game.store import friends
from game.ui.clipboard import paste_text
from game.ui.widgets import Label

SOFT = (225, 215, 190)


class Field:
    """A line of text to type or paste into (the name, the address, the code)."""

    def __init__(self, text: str = "", upper: bool = False, longest: int = 200,
                 spaces: bool = False) -> None:
        self.value, self.upper, self.longest, self.spaces = text, upper, longest, spaces
        self.focused = False
        self.visible = True
        self.label = Label("", 18, (30, 30, 30))
        self.cx = self.cy = 0.0
        self.w, self.h = 300.0, 48.0
        self.fitted = ""         # the text last fitted into the box (a long name shrinks)

    def place(self, cx: float, cy: float, w: float, h: float) -> None:
        self.cx, self.cy, self.w, self.h = cx, cy, w, h
        self.label.place(cx, cy, max(14.0, h * 0.38))
        self.fitted = ""

    def hit(self, x: float, y: float) -> bool:
        return (self.visible and abs(x - self.cx) <= self.w / 2
                and abs(y - self.cy) <= self.h / 2)

    def type(self, text: str) -> None:
        """Typed or pasted text: printable characters only; spaces only inside a name
        (never first), none in an address or a code."""
        text = "".join(ch for ch in text if ch.isprintable())
        text = text.lstrip() if self.spaces and not self.value else text
        if not self.spaces:
            text = text.strip()
        if self.upper:
            text = text.upper()
        self.value = (self.value + text)[:self.longest]

    def draw(self) -> None:
        if not self.visible:
            return
        rect = arcade.XYWH(self.cx, self.cy, self.w, self.h)
        arcade.draw_rect_filled(rect, (250, 246, 235))
        arcade.draw_rect_outline(rect, (200, 160, 60) if self.focused else (0, 0, 0, 90),
                                 3 if self.focused else 2)
        shown = self.value + ("|" if self.focused else "")
        self.label.set(shown)
        if shown != self.fitted:             # a long name or address: smaller, inside
            self.fitted = shown
            t = self.label.text
            t.font_size = max(14.0, self.h * 0.38)
            while t.content_width > self.w - 16 and t.font_size > 9:
                t.font_size -= 1
        self.label.draw()


class FriendsForm:
    """The name, address and code fields with their labels, filled from what was
    remembered."""

    def __init__(self) -> None:
        kept = friends.form()
        self.name = Field(kept.name, longest=MAX_NAME, spaces=True)
        self.address = Field(kept.address or "ws://")
        self.code = Field(kept.code, upper=True, longest=6)
        self.fields = [self.address, self.code, self.name]      # (Tab's order)
        self.labels: list[Label] = []
        self.button = (0.0, 0.0)        # the page's main button beside the name: x, width

    @property
    def player_name(self) -> str:
        """The name as it is sent ("" for none)."""
        return self.name.value.strip()

    def named(self) -> dict[str, str]:
        """The ``name`` field of a host or join message (none without a name)."""
        return {"name": self.player_name} if self.player_name else {}

    def url(self, port: int) -> str:
        """The address typed as a table server's url (``ws://`` and the usual ``port``
        where they are left out)."""
        url = self.address.value.strip()
        if "://" not in url:
            url = "ws://" + url
        if url.count(":") < 2:                   # no port: the usual one
            url += f":{port}"
        return url

    def problem(self, join: bool, port: int = 0) -> str | None:
        """What keeps the fields from being sent, in words (None: nothing): the name,
        and to join, the address and the code."""
        if not name_ok(self.player_name):
            return _("A name has at most {n} letters, digits or signs.").format(n=MAX_NAME)
        if not join:
            return None
        try:
            check_url(self.url(port))
        except ValueError:
            return _("That is not a table's address (e.g. 192.168.1.20:8765).")
        if len(self.code.value.strip()) != 6:
            return _("A table code has six letters and digits.")
        return None

    def remember(self, joining: bool) -> None:
        """Keep the name (and, joining, the address and code) for the next time."""
        kept = friends.form()
        friends.keep_form(friends.Form(
            self.player_name, self.address.value.strip() if joining else kept.address,
            self.code.value.strip() if joining else kept.code))

    def place(self, join: bool, w: float, y: float, sc: float, bh: float) -> float:
        """Lay the fields out from ``y`` down: in join mode the address and the code, one
        row each; then the name, on the row of the page's main button (whose centre and
        width this returns through :attr:`button`).  The ``y`` of that row."""
        self.address.visible = self.code.visible = join
        if join:
            self.address.place(w / 2 + 70 * sc, y, 420 * sc, bh)
            self.code.place(w / 2 + 70 * sc, y - bh - 14 * sc, 420 * sc, bh)
            y -= 2 * (bh + 14 * sc)
        self.name.place(w / 2 - 20 * sc, y, 240 * sc, bh)
        self.button = (w / 2 + 200 * sc, 180 * sc)
        self.labels = []
        for field, text in ((self.address, _("Address")), (self.code, _("Code")),
                            (self.name, _("Your name"))):
            lab = Label(text, 17 * sc, SOFT, bold=True, anchor_x="right")
            lab.place(w / 2 - 156 * sc, field.cy)
            if field.visible:
                self.labels.append(lab)
        return y

    def draw(self) -> None:
        for lab in self.labels:
            lab.draw()
        for f in self.fields:
            f.draw()

    # ----- typing ---------------------------------------------------------------------------
    def focused(self) -> Field | None:
        return next((f for f in self.fields if f.focused and f.visible), None)

    def press(self, x: float, y: float) -> None:
        """A tap: the field under it takes the typing (none when it is elsewhere)."""
        for f in self.fields:
            f.focused = f.hit(x, y)

    def text(self, text: str) -> None:
        f = self.focused()
        if f is not None:
            f.type(text)

    def key(self, key: int, modifiers: int, window: arcade.Window) -> bool:
        """Backspace, Tab (the next field shown) and Ctrl+V in the focused field; whether
        the key was one of them."""
        f = self.focused()
        if f is None:
            return False
        if key == arcade.key.BACKSPACE:
            f.value = f.value[:-1]
        elif key == arcade.key.TAB:
            shown = [g for g in self.fields if g.visible]
            f.focused = False
            shown[(shown.index(f) + 1) % len(shown)].focused = True
        elif key == arcade.key.V and modifiers & arcade.key.MOD_CTRL:
            f.type(paste_text(window))
        else:
            return False
        return True
