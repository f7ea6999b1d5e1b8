"""Synthesise the sound effects into ``sounds/`` as 16-bit mono WAV (22.05 kHz).

Run ``python -m game.assets_gen.sound_fx``.  Pure Python (``wave`` + ``math``), seeded,
so the files are the same on every run.
"""
from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

from game import resources

RATE = 22050


def _env(t: float, attack: float, decay: float) -> float:
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def _noise_burst(dur: float, attack: float, decay: float, tone: float, seed: int,
                 lowpass: float = 0.35) -> list[float]:
    rng = random.Random(seed)
    out, prev = [], 0.0
    for i in range(int(dur * RATE)):
        t = i / RATE
        prev += lowpass * (rng.uniform(-1, 1) - prev)
        body = math.sin(2 * math.pi * tone * t) * 0.3
        out.append((prev + body) * _env(t, attack, decay))
    return out


def deal() -> list[float]:
    return _noise_burst(0.09, 0.004, 0.02, 900, 1, 0.6)


def place() -> list[float]:
    thump = [math.sin(2 * math.pi * (160 - 300 * i / RATE) * i / RATE) * _env(i / RATE, 0.002, 0.04)
             for i in range(int(0.12 * RATE))]
    slap = _noise_burst(0.12, 0.002, 0.015, 1200, 2, 0.5)
    return [a * 0.8 + b * 0.6 for a, b in zip(thump, slap, strict=True)]


def flip() -> list[float]:
    return _noise_burst(0.07, 0.001, 0.012, 2400, 3, 0.8)


def take() -> list[float]:
    rng = random.Random(4)
    out, prev = [], 0.0
    n = int(0.35 * RATE)
    for i in range(n):
        k = 0.05 + 0.5 * i / n
        prev += k * (rng.uniform(-1, 1) - prev)
        out.append(prev * math.sin(math.pi * i / n) * 0.9)
    return out


def shuffle() -> list[float]:
    out: list[float] = []
    for k in range(9):
        out += _noise_burst(0.05, 0.002, 0.015, 700 + 80 * k, 10 + k, 0.55)
        out += [0.0] * int(0.012 * RATE)
    return out


def bomb() -> list[float]:
    """A low boom with a crackle: a bomb in Pao De Kuai."""
    n = int(0.7 * RATE)
    boom = [math.sin(2 * math.pi * (90 - 50 * i / n) * i / RATE) * _env(i / RATE, 0.004, 0.18)
            for i in range(n)]
    crackle = _noise_burst(0.7, 0.002, 0.12, 300, 21, 0.25)
    return [a * 0.9 + b * 0.7 for a, b in zip(boom, crackle, strict=True)]


def _notes(freqs: list[float], each: float, decay: float) -> list[float]:
    out: list[float] = []
    for f in freqs:
        for i in range(int(each * RATE)):
            t = i / RATE
            v = (math.sin(2 * math.pi * f * t) + 0.35 * math.sin(4 * math.pi * f * t)
                 + 0.15 * math.sin(6 * math.pi * f * t))
            out.append(0.45 * v * _env(t, 0.01, decay))
    return out


def win() -> list[float]:
    return _notes([523.25, 659.25, 783.99, 1046.5], 0.14, 0.18) + _notes([1046.5], 0.4, 0.3)


def lose() -> list[float]:
    return _notes([392.0, 349.23, 311.13], 0.22, 0.25) + _notes([261.63], 0.5, 0.35)


def click() -> list[float]:
    return _noise_burst(0.03, 0.001, 0.006, 1800, 20, 0.9)


EFFECTS: dict[str, Callable[[], list[float]]] = {
    "deal": deal, "place": place, "flip": flip, "take": take, "shuffle": shuffle,
    "win": win, "lose": lose, "click": click, "bomb": bomb,
}


def write(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.8 * 32767 / peak
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(s * scale)) for s in samples))


def write_all(root: Path | None = None) -> list[Path]:
    out = (root or resources.root()) / "sounds"
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, make in EFFECTS.items():
        p = out / f"{name}.wav"
        write(p, make())
        paths.append(p)
    return paths


if __name__ == "__main__":
    for p in write_all():
        print(p)
