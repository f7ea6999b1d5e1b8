"""Which card token lies where: the table's memory of its cards, fed only by what the
human seat may see.

A game's table describes the visible table as *places* (``"hand0"``, ``"talon"``,
``"run3"`` …), each a list of cards in stacking order, with ``None`` for a card lying
face down (see ``TableView.places``).  The board keeps one *token* per card on the table
and moves tokens between places as the engine's events say, so every card flies from
where it was.  Events may name a card the human cannot see (a card drawn into a
computer's hand): the board uses an event's card only to find a token that already shows
that card face up, never to learn a hidden card.  Faces come from the observation alone.

Pure Python (no arcade import), so it is tested without a window.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

Places = dict[str, list[str | None]]


@dataclass
class Token:
    id: int
    card: str | None = None     # the face it shows when ``up`` (or showed last)
    up: bool = False
    place: str = ""
    index: int = 0
    count: int = 1              # cards in its place
    seq: int | None = None      # order among this batch of moves (for staggering)


class Board:
    def __init__(self) -> None:
        self.at: dict[str, list[Token]] = {}
        self._next = 0
        self.removed: list[Token] = []

    def _new(self, place: str) -> Token:
        self._next += 1
        return Token(self._next, place=place)

    def tokens(self) -> Iterable[Token]:
        for lst in self.at.values():
            yield from lst

    def fill(self, place: str, n: int) -> None:
        """Start with ``n`` face-down cards in ``place`` (the deck before a deal)."""
        self.at[place] = [self._new(place) for _ in range(n)]

    def apply(self, events: Iterable[Any]) -> None:
        """Move tokens as the ``move`` events say (in order), numbering them."""
        seq = 0
        for e in events:
            if getattr(e, "kind", None) != "move" or not e.src or not e.dst:
                continue
            src = self.at.get(e.src)
            if not src:
                continue
            tok = next((t for t in reversed(src) if t.up and t.card == e.card), None)
            if tok is None:
                tok = next((t for t in reversed(src) if not t.up), src[-1])
            src.remove(tok)
            tok.place, tok.seq = e.dst, seq
            seq += 1
            self.at.setdefault(e.dst, []).append(tok)

    def settle(self, places: Places) -> list[Token]:
        """Make the board hold exactly ``places``; returns tokens created (their sprites
        need making).  Tokens no longer on the table go to ``removed``."""
        created: list[Token] = []
        chosen: dict[str, list[Token | None]] = {}
        left: dict[str, list[Token]] = {}
        for place in set(self.at) | set(places):
            have = list(self.at.get(place, []))
            want = places.get(place, [])
            row: list[Token | None] = []
            for card in want:
                tok = None
                if card is not None:
                    tok = next((t for t in have if t.up and t.card == card), None)
                else:
                    tok = next((t for t in have if not t.up), None)
                if tok is not None:
                    have.remove(tok)
                row.append(tok)
            chosen[place], left[place] = row, have
        pool = [t for lst in left.values() for t in lst]
        for place, want in places.items():
            row = chosen[place]
            for i, card in enumerate(want):
                if row[i] is not None:
                    continue
                tok = self._pick(card, place, left[place], pool)
                if tok is None:
                    tok = self._new(place)
                    created.append(tok)
                row[i] = tok
        self.removed += pool
        self.at = {}
        for place, want in places.items():
            toks = [t for t in chosen[place] if t is not None]
            for i, (tok, card) in enumerate(zip(toks, want, strict=True)):
                tok.place, tok.index, tok.count = place, i, len(want)
                tok.up = card is not None
                if card is not None:
                    tok.card = card
            self.at[place] = toks
        return created

    @staticmethod
    def _pick(card: str | None, place: str, here: list[Token],
              pool: list[Token]) -> Token | None:
        """A spare token for a card that no token showed: one left in the same place
        (turned over where it lies), else one from elsewhere showing that card, else any
        face-down one."""
        options = ([t for t in here if t in pool]
                   + [t for t in pool if card is not None and t.up and t.card == card]
                   + [t for t in pool if not t.up])
        if not options:
            return None
        tok = options[0]
        pool.remove(tok)
        if tok in here:
            here.remove(tok)
        return tok

    def clear_seq(self) -> None:
        for t in self.tokens():
            t.seq = None
