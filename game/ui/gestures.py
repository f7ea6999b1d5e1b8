"""The pointer as a state machine: press, then either a tap or a drag, then release.

Mouse and finger are alike: nothing needs hover, a right button or a double click.  A
press that travels less than ``THRESHOLD`` pixels before release is a tap.  Pure Python.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

THRESHOLD = 8.0

#: a press released where it started, the start of a drag, each step of it, its end
GestureKind = Literal["tap", "drag_start", "drag", "drop"]


@dataclass
class Gesture:
    kind: GestureKind
    item: Any            # what was pressed (a card token, a place name, None)
    x: float
    y: float


class Pointer:
    def __init__(self, threshold: float = THRESHOLD) -> None:
        self.threshold = threshold
        self.item: Any = None
        self.down = False
        self.dragging = False
        self.start = (0.0, 0.0)

    def press(self, x: float, y: float, item: Any) -> None:
        self.down, self.dragging = True, False
        self.item, self.start = item, (x, y)

    def move(self, x: float, y: float) -> Gesture | None:
        if not self.down:
            return None
        if not self.dragging:
            sx, sy = self.start
            if (x - sx) ** 2 + (y - sy) ** 2 < self.threshold ** 2:
                return None
            self.dragging = True
            return Gesture("drag_start", self.item, x, y)
        return Gesture("drag", self.item, x, y)

    def release(self, x: float, y: float) -> Gesture | None:
        if not self.down:
            return None
        kind: GestureKind = "drop" if self.dragging else "tap"
        g = Gesture(kind, self.item, x, y)
        self.cancel()
        return g

    def cancel(self) -> None:
        self.down, self.dragging, self.item = False, False, None
