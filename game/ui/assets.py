"""Textures and sounds, loaded once; a missing file gives a stand-in and a warning."""
from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

import arcade
from PIL import Image, ImageDraw

from game import resources

log = logging.getLogger(__name__)
CARD_W, CARD_H = 200, 280   # pixel size of the card images (twice the base display size)
missing: list[str] = []     # files that were not found (shown to the player once)


def _stand_in(text: str) -> Image.Image:
    img = Image.new("RGBA", (CARD_W, CARD_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((1, 1, CARD_W - 2, CARD_H - 2), 14, fill=(240, 240, 240),
                        outline=(200, 40, 40), width=4)
    d.text((20, 20), text, fill=(200, 40, 40))
    return img


def _load(path: Path, name: str) -> arcade.Texture:
    if path.exists():
        try:
            return arcade.load_texture(path)
        except Exception as exc:  # a damaged image: report and carry on
            log.warning("cannot read %s: %s", path, exc)
    if str(path) not in missing:
        missing.append(str(path))
        log.warning("missing image %s; drawing a stand-in", path)
    return arcade.Texture(_stand_in(name), hash=f"stand-in-{name}")


def four_colour() -> bool:
    """Whether the player chose four-colour French cards (settings.four_colour)."""
    try:
        return bool(arcade.get_window().settings.four_colour)
    except Exception:  # no window, or a window without our settings
        return False


def card_texture(style: str, card: str) -> arcade.Texture:
    """A card face; French cards in four colours when the player chose them."""
    if style == "french" and four_colour():
        style = "french4"
    return _card_texture(style, card)


@cache
def _card_texture(style: str, card: str) -> arcade.Texture:
    return _load(resources.path("sprites", "cards", style, f"{card}.png"), card)


# a plain function has no cache_clear for mypy; the one lru_cache gives is lent to the wrapper
card_texture.cache_clear = _card_texture.cache_clear  # type: ignore[attr-defined]


@cache
def back_texture() -> arcade.Texture:
    return _load(resources.path("sprites", "cards", "back.png"), "back")


@cache
def felt_texture() -> arcade.Texture:
    return _load(resources.path("sprites", "table", "felt.png"), "felt")


class Sounds:
    """Effects by name (deal, place, flip, take, shuffle, win, lose, click)."""

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume, self.muted = volume, muted
        self._cache: dict[str, arcade.Sound | None] = {}
        self.played: list[str] = []   # the names played, newest last (tests read it)

    def _get(self, name: str) -> arcade.Sound | None:
        if name not in self._cache:
            path = resources.path("sounds", f"{name}.wav")
            try:
                self._cache[name] = arcade.load_sound(path)
            except Exception as exc:  # missing or unreadable: silence, not a crash
                log.warning("sound %s unavailable: %s", path, exc)
                if str(path) not in missing:
                    missing.append(str(path))
                self._cache[name] = None
        return self._cache[name]

    def play(self, name: str) -> None:
        self.played.append(name)
        del self.played[:-50]
        if self.muted or self.volume <= 0:
            return
        snd = self._get(name)
        if snd is not None:
            try:
                arcade.play_sound(snd, volume=self.volume)
            except Exception as exc:  # no audio device: keep playing the game
                log.debug("sound %s not played: %s", name, exc)
