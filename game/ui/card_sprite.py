"""A card on the table: the card (``None`` while the human has never seen its face),
whether its face shows, and where it is going."""
from __future__ import annotations

import arcade

from game.ui import assets
from game.ui.tween import Ease, Tween, ease_in_out_cubic, ease_out_cubic, shake_offset

FLIP_TIME = 0.22


class CardSprite(arcade.Sprite):
    def __init__(self, card: str | None, style: str, width: float) -> None:
        self.card = card
        self.style = style
        self.back = assets.back_texture()
        self.face = assets.card_texture(style, card) if card else self.back
        super().__init__(self.back)
        self.face_up = False
        self.base_scale = width / assets.CARD_W
        self.scale = self.base_scale
        self.motion: Tween | None = None
        self.flip_left = 0.0          # seconds of flip animation left
        self.flip_total = 0.0
        self.flip_wait = 0.0          # a flip waits for its card to start moving
        self.shake_t: float | None = None
        self.home = (0.0, 0.0, 0.0)   # where the layout wants it (x, y, angle)
        self.z = 0.0

    def set_width(self, width: float) -> None:
        self.base_scale = width / assets.CARD_W
        if self.flip_left <= 0:
            self.scale = self.base_scale

    def set_card(self, card: str) -> None:
        """Learn this card's face (it is about to be shown)."""
        if card != self.card:
            self.card = card
            self.face = assets.card_texture(self.style, card)
            if self.face_up:
                self.texture = self.face

    def show_face(self, up: bool, duration: float, delay: float = 0.0) -> None:
        """Turn the card; with a duration it flips (narrows, swaps, widens) after
        ``delay`` seconds."""
        if up == self.face_up:
            return
        self.face_up = up
        if duration <= 0:
            self.texture = self.face if up else self.back
            self.scale = self.base_scale
            self.flip_left = 0.0
        else:
            self.flip_left = self.flip_total = duration
            self.flip_wait = delay

    def move_to(self, x: float, y: float, angle: float, duration: float, delay: float = 0.0,
                ease: Ease = ease_out_cubic) -> None:
        self.home = (x, y, angle)
        if duration <= 0 and delay <= 0:
            self.motion = None
            self.position = (x, y)
            self.angle = angle
            return
        self.motion = Tween((self.center_x, self.center_y, self.angle), (x, y, angle),
                            duration, delay, ease)

    def shake(self) -> None:
        self.shake_t = 0.0

    @property
    def is_moving(self) -> bool:
        return self.motion is not None or self.flip_left > 0 or self.shake_t is not None

    def animate(self, dt: float) -> None:
        if self.motion is not None:
            x, y, a = self.motion.step(dt)
            self.position = (x, y)
            self.angle = a
            if self.motion.done:
                self.motion = None
        if self.flip_left > 0 and self.flip_wait > 0:
            self.flip_wait = max(0.0, self.flip_wait - dt)
        elif self.flip_left > 0:
            self.flip_left = max(0.0, self.flip_left - dt)
            t = 1 - self.flip_left / self.flip_total
            if t >= 0.5 and self.texture is not (self.face if self.face_up else self.back):
                self.texture = self.face if self.face_up else self.back
            k = abs(1 - 2 * ease_in_out_cubic(t))
            self.scale = (self.base_scale * max(0.02, k), self.base_scale)
            if self.flip_left == 0:
                self.scale = self.base_scale
        if self.shake_t is not None:
            self.shake_t += dt
            off = shake_offset(self.shake_t)
            self.center_x = self.home[0] + off
            if self.shake_t >= 0.3:
                self.shake_t = None
                self.center_x = self.home[0]
