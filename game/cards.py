"""Cards, deck factories and card notation.

Engines keep cards as their notation strings (``"TS"``, ``"UH"``, ``"X"``): they are
hashable, cheap to copy and JSON-safe.  :class:`Card` is the parsed, validated view of
one such string, with the names and symbols the UI needs.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

DeckStyle = Literal["french", "czech", "atlasnye"]

FRENCH_RANKS = "23456789TJQKA"
FRENCH_SUITS = "SHDC"
CZECH_RANKS = "789TUOKA"
CZECH_SUITS = "LHBA"
ATLASNYE_RANKS = "6789TJQKA"
JOKER = "X"

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CZECH_SUIT_NAMES = {"L": "leaves", "H": "hearts", "B": "bells", "A": "acorns"}
FRENCH_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_LABELS = {"T": "10"}
ATLASNYE_LABELS = {"T": "10", "J": "В", "Q": "Д", "K": "К", "A": "Т"}
CZECH_LABELS = {"T": "10", "U": "U", "O": "O", "K": "K", "A": "A"}
CZECH_RANK_NAMES = {
    "7": "7", "8": "8", "9": "9", "T": "10",
    "U": "Unter", "O": "Ober", "K": "King", "A": "Ace",
}
FRENCH_RANK_NAMES = {
    **{r: r for r in "23456789"}, "T": "10",
    "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace",
}

_STYLE_RANKS = {"french": FRENCH_RANKS, "czech": CZECH_RANKS, "atlasnye": ATLASNYE_RANKS}
_STYLE_SUITS = {"french": FRENCH_SUITS, "czech": CZECH_SUITS, "atlasnye": FRENCH_SUITS}


class NotationError(ValueError):
    """Text that is not valid card or move notation."""


@dataclass(frozen=True, order=True)
class Card:
    """One card: a rank and a suit (both one character), or the joker."""

    rank: str
    suit: str
    style: DeckStyle = "french"

    @classmethod
    def parse(cls, text: str, style: DeckStyle = "french") -> Card:
        """Parse notation such as ``"TS"`` (or ``"X"`` for a French joker)."""
        rank, suit = _split(text, style)
        return cls(rank, suit, style=style)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    def __str__(self) -> str:
        return self.rank if self.is_joker else self.rank + self.suit

    @property
    def label(self) -> str:
        """Short index text printed on the card (Cyrillic courts for Atlasnye)."""
        if self.is_joker:
            return "★"
        table = {"atlasnye": ATLASNYE_LABELS, "czech": CZECH_LABELS}.get(self.style, RANK_LABELS)
        return table.get(self.rank, self.rank)

    @property
    def symbol(self) -> str:
        return "" if self.is_joker else SUIT_SYMBOLS.get(self.suit, self.suit)

    @property
    def name(self) -> str:
        """Readable name: ``"10 of spades"``, ``"Unter of hearts"``, ``"Joker"``."""
        if self.is_joker:
            return "Joker"
        if self.style == "czech":
            return f"{CZECH_RANK_NAMES[self.rank]} of {CZECH_SUIT_NAMES[self.suit]}"
        return f"{FRENCH_RANK_NAMES[self.rank]} of {FRENCH_SUIT_NAMES[self.suit]}"


def _split(text: str, style: DeckStyle) -> tuple[str, str]:
    if not isinstance(text, str):
        raise NotationError(f"a card must be text such as 'TS', not {type(text).__name__}")
    t = text.strip().upper()
    if style == "french" and t == JOKER:
        return JOKER, ""
    if len(t) != 2:
        raise NotationError(
            f"bad card {text!r}: a card is a rank then a suit, two characters (e.g. 'TS')"
        )
    ranks, suits = _STYLE_RANKS[style], _STYLE_SUITS[style]
    rank, suit = t[0], t[1]
    problems = []
    if rank not in ranks:
        hint = " (write ten as T)" if t.startswith("1") else ""
        problems.append(f"rank {rank!r} is not one of {' '.join(ranks)}{hint}")
    if suit not in suits:
        problems.append(f"suit {suit!r} is not one of {' '.join(suits)}")
    if problems:
        raise NotationError(f"bad card {text!r}: " + "; ".join(problems))
    return rank, suit


def parse_card(text: str, style: DeckStyle = "french") -> str:
    """Validate card notation and return it normalised (upper case, no spaces)."""
    rank, suit = _split(text, style)
    return rank + suit


def format_card(card: str, style: DeckStyle = "french") -> str:
    """Human text for a card in notation, e.g. ``"10♦"`` or ``"U♥"``."""
    c = Card.parse(card, style)
    return c.label + c.symbol


def french_deck(jokers: int = 0) -> list[str]:
    """52 French cards in a fixed order (suit by suit, 2 to A), plus ``jokers`` jokers."""
    return [r + s for s in FRENCH_SUITS for r in FRENCH_RANKS] + [JOKER] * jokers


def czech_deck() -> list[str]:
    """32 German-suited cards (leaves, hearts, bells, acorns; 7 to Ace)."""
    return [r + s for s in CZECH_SUITS for r in CZECH_RANKS]


def atlasnye_deck() -> list[str]:
    """36 Russian cards (6 to Ace) in French notation."""
    return [r + s for s in FRENCH_SUITS for r in ATLASNYE_RANKS]

