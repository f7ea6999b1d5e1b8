"""The one modal stack of a table: every panel that can open over it, topmost first.

"A modal is open" means one thing for the pointer, the keyboard and the pacing: a panel
on this stack is visible.  Two kinds stand on it: *dialogs* (confirm, result, pause)
take every press; a table's *pickers* (Autobus's player count and joker rank) leave the
top bar usable (the rules, the menu) and take every other press.  A table puts its
pickers on the stack in ``setup`` (``self.modals.add(panel, picker=True)``); it never
routes input itself.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.ui.panels import Panel
from game.ui.widgets import Button


@dataclass(frozen=True)
class Modal:
    panel: Panel
    picker: bool = False


class ModalStack:
    def __init__(self) -> None:
        self.entries: list[Modal] = []

    def add(self, panel: Panel, *, picker: bool = False) -> Panel:
        """``panel`` under those already on the stack."""
        self.entries.append(Modal(panel, picker))
        return panel

    def top(self) -> Modal | None:
        """The open panel that has the input, if any."""
        return next((m for m in self.entries if m.panel.visible), None)

    @property
    def is_open(self) -> bool:
        return self.top() is not None

    def dialog(self) -> Panel | None:
        """The open dialog (it takes every press)."""
        top = self.top()
        return top.panel if top is not None and not top.picker else None

    def picker(self) -> Panel | None:
        """The open picker, when no dialog stands over it."""
        top = self.top()
        return top.panel if top is not None and top.picker else None

    def buttons(self) -> list[Button] | None:
        """The open panel's usable buttons (for the keyboard), or None."""
        top = self.top()
        if top is None:
            return None
        return [b for b in top.panel.buttons.buttons if b.visible and b.enabled]

    def place(self, w: float, h: float) -> None:
        for m in self.entries:
            m.panel.place(w, h)

    def draw(self, w: float, h: float) -> None:
        """The dialogs bottom up, then the open picker (only while it has the input)."""
        for m in reversed(self.entries):
            if not m.picker:
                m.panel.draw(w, h)
        picker = self.picker()
        if picker is not None:
            picker.draw(w, h)
