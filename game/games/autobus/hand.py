"""Your hand keeps its places through your turn.

A card played from the hand leaves a gap instead of sliding the others over, so the
card you reach for next is still where you saw it (a drag started there grabs it).
The hand closes up, sorted and centred, when the turn ends, and whenever cards come
into it (the refill, the four drawn after the last one was played, an undo).
"""
from __future__ import annotations

from collections import Counter

from game.games.autobus.rules import card_sort_key


class HandPlaces:
    def __init__(self) -> None:
        #: the hand's places in order, a card or None (a gap left this turn)
        self.slots: list[str | None] = []

    def order(self, hand: list[str], keep: bool) -> list[str]:
        """The hand's cards in the order of their places.  ``keep``: your turn goes on,
        so cards that stayed keep their places (only when no card came in)."""
        left = Counter(hand)
        held = Counter(c for c in self.slots if c is not None)
        if keep and self.slots and not left - held:
            slots: list[str | None] = []
            for c in self.slots:
                if c is not None and left[c] > 0:
                    left[c] -= 1
                    slots.append(c)
                else:
                    slots.append(None)
            self.slots = slots
        else:
            self.slots = [*sorted(hand, key=card_sort_key)]
        return [c for c in self.slots if c is not None]

    def place(self, i: int) -> tuple[int, int]:
        """The place (k of n) of the i-th card in ``order``."""
        taken = [k for k, c in enumerate(self.slots) if c is not None]
        if i >= len(taken):
            return i, max(i + 1, len(self.slots))
        return taken[i], len(self.slots)
