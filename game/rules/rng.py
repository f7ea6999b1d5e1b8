"""The deal's random numbers: a small PRNG of our own (DESIGN.md: a sequence that cannot
change with the Python version), so a deal replays exactly from its seed anywhere."""
from __future__ import annotations

import secrets
from typing import Any

__all__ = ["Rng", "deal_rng", "new_seed", "secret_seed"]

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: a small PRNG whose sequence never changes with the Python version."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def to_str(self) -> str:
        return f"{self.state:016x}"

    @classmethod
    def from_str(cls, text: str) -> Rng:
        return cls(int(text, 16))


def deal_rng(seed: int) -> Rng:
    """The generator for mid-deal randomness: its own stream, apart from the shuffle's,
    so ``new(seed=S, deck=D)`` with ``D`` the deck that ``S`` shuffled is the same deal."""
    return Rng(seed ^ 0x5DEECE66D2B7E151)


#: a new deal's seed is its number, small enough to read out and type back in
DEAL_NUMBERS = 1_000_000


def new_seed() -> int:
    """A random deal number, 1 .. DEAL_NUMBERS - 1 (the same number always deals the
    same cards for the same game and options)."""
    return 1 + secrets.randbelow(DEAL_NUMBERS - 1)


#: the smallest secret deal number: a server's deals are drawn far above the numbers a
#: player types (the 6-digit ones), so that trying numbers finds none
SECRET_LOW = 1 << 48


def secret_seed() -> int:
    """A deal number no one can guess: drawn from the system's secure source
    (``secrets``), SECRET_LOW .. 2**64 - 1, so a seat's own cards cannot be matched by
    trying numbers (a shared table's deal; a local deal keeps its 6-digit number)."""
    return SECRET_LOW + secrets.randbelow((1 << 64) - SECRET_LOW)
