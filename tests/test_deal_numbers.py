"""Numbered deals: a deal's number is its seed, and the same number always deals the same
cards for the same game and options. These golden deals catch any change of shuffling."""
from __future__ import annotations

from typing import Any

import pytest

from game.rules import GAMES, new_seed
from game.rules.rng import DEAL_NUMBERS

GOLDEN = [
    ("durak", {}, 1, "9D JD KH AH AD AC"),
    ("durak", {}, 48213, "6H 7D 9D TS JH QH"),
    ("durak", {}, 999999, "7H 8H 9C TH JS JC"),
    ("paodekuai", {}, 1, "3S 3H 4D 5C 7S 8S 8H 9D TS TC JS QH QC AD AC 2S"),
    ("paodekuai", {}, 48213, "3H 4S 4C 5S 5C 6H 8H TH TD TC QD KS KH AS AD AC"),
    ("paodekuai", {}, 999999, "3S 5S 5C 7S 9H 9D 9C TH TC JD QH QD QC KD AD 2S"),
    ("dudak", {}, 1, "8L TL UL OL UH OB KB OA"),
    ("dudak", {}, 48213, "TL 8H TH OH KH UB OB OA"),
    ("dudak", {}, 999999, "7L 7H TH KH AH 8B 9B OB"),
    ("autobus", {'players': 2}, 1, "2H 3D 3S JD"),
    ("autobus", {'players': 2}, 48213, "2D 5H 6H KC"),
    ("autobus", {'players': 2}, 999999, "AS 3H JD X"),
    ("autobus", {'players': 4}, 1, "7H 8D 8S QH"),
    ("autobus", {'players': 4}, 48213, "2H 2S TS QC"),
    ("autobus", {'players': 4}, 999999, "4C 9D JS KC"),
]


@pytest.mark.parametrize("key, options, number, hand", GOLDEN)
def test_a_deal_number_always_deals_the_same_cards(key: str, options: dict[str, Any],
                                                   number: int, hand: str) -> None:
    g = GAMES[key].new(seed=number, **options)
    assert " ".join(g.observation(0)["hand"]) == hand
    again = GAMES[key].new(seed=number, **options)
    assert again.to_dict() == g.to_dict()


def test_new_deal_numbers_are_short_enough_to_type() -> None:
    numbers = {new_seed() for _ in range(2000)}
    assert all(1 <= n < DEAL_NUMBERS for n in numbers)
    assert len(numbers) > 1900                      # and they differ
