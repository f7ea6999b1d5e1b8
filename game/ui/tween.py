"""Easing and tweens (pure Python; the card sprites use them every frame)."""
from __future__ import annotations

import math
from collections.abc import Callable

Ease = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


class Tween:
    """Moves a tuple of floats from ``start`` to ``end`` over ``duration`` after ``delay``."""

    __slots__ = ("start", "end", "duration", "delay", "ease", "elapsed")

    def __init__(self, start: tuple[float, ...], end: tuple[float, ...], duration: float,
                 delay: float = 0.0, ease: Ease = ease_out_cubic) -> None:
        self.start, self.end = start, end
        self.duration, self.delay = max(0.0, duration), max(0.0, delay)
        self.ease = ease
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay

    def value(self) -> tuple[float, ...]:
        if self.duration <= 0:
            return self.end if self.elapsed >= self.delay else self.start
        t = min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))
        k = self.ease(t)
        return tuple(a + (b - a) * k for a, b in zip(self.start, self.end, strict=True))

    def step(self, dt: float) -> tuple[float, ...]:
        self.elapsed += dt
        return self.value()


def shake_offset(t: float, duration: float = 0.3, amplitude: float = 9.0) -> float:
    """A decaying side-to-side offset for a refused drop."""
    if t >= duration:
        return 0.0
    return amplitude * math.sin(t * 40) * (1 - t / duration)
