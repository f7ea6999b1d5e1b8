"""Toy: two players, the twelve cards 2..7 of spades and hearts, six each.

TOY-1  The deal: the cards are dealt one at a time, seat 0 first; seat 0 leads.
TOY-2  A turn: the player to act plays one card of their hand onto the pile
       (``play 5H``); then the other seat acts.
TOY-3  The deal is over when both hands are empty; no move follows.
TOY-4  The result: the seat whose played cards add up to more wins (1, the other 0);
       equal sums draw (0.5 each).
"""
from __future__ import annotations

from typing import Any

from game.cards import NotationError
from game.rules.base import Event, Game, IllegalMove, Move
from game.rules.rng import Rng

RANKS = "234567"
CARDS = [r + s for s in "SH" for r in RANKS]


def value(card: str) -> int:
    return RANKS.index(card[0]) + 2


class Toy(Game):
    key = "toy"
    title = "Toy"
    deck_style = "french"
    players_allowed = (2,)
    move_bound = len(CARDS)
    end_rule = "TOY-3"

    def __init__(self, seed: int, deck: list[str]) -> None:
        self.seed, self.deck = seed, deck
        self.hands: list[list[str]] = [deck[0::2], deck[1::2]]
        self.played: list[list[str]] = [[], []]
        self.turn = 0

    @classmethod
    def new(cls, seed: int | None = None, deck: list[str] | None = None,
            **options: Any) -> Toy:
        if options.pop("players", 2) != 2 or options:
            raise ValueError(f"Toy takes two players and no options, not {options}")
        seed_, order, _rng = cls._start_deck(seed, deck)
        return cls(seed_, order)

    @classmethod
    def full_deck(cls, **options: Any) -> list[str]:
        return list(CARDS)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def num_players(self) -> int:
        return 2

    @property
    def is_over(self) -> bool:
        return not self.hands[0] and not self.hands[1]

    def result(self) -> list[float] | None:
        if not self.is_over:
            return None
        a, b = (sum(value(c) for c in p) for p in self.played)
        return [0.5, 0.5] if a == b else [1.0, 0.0] if a > b else [0.0, 1.0]

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        return [Move("play", (c,)) for c in sorted(self.hands[self.turn], key=CARDS.index)]

    def observation(self, seat: int) -> dict[str, Any]:
        return {"game": self.key, "seat": seat, "hand": list(self.hands[seat]),
                "played": [list(p) for p in self.played],
                "hand_sizes": [len(h) for h in self.hands], "current": self.current_player}

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "deck": list(self.deck),
                "hands": [list(h) for h in self.hands],
                "played": [list(p) for p in self.played], "turn": self.turn}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Toy:
        g = cls(int(d["seed"]), list(d["deck"]))
        g.hands = [list(h) for h in d["hands"]]
        g.played = [list(p) for p in d["played"]]
        g.turn = int(d["turn"])
        return g

    def clone(self) -> Toy:
        return Toy.from_dict(self.to_dict())

    def _normalise(self, move: Move) -> Move:
        if move.kind != "play" or len(move.args) != 1:
            raise NotationError(f"not a Toy move: {move} (say 'play 5H')")
        card = move.args[0].upper()
        if card not in CARDS:
            raise NotationError(f"{move.args[0]!r} is not a card of the Toy deck")
        return Move("play", (card,))

    def _why_illegal(self, move: Move) -> IllegalMove:
        return IllegalMove("TOY-2", f"{move.args[0]} is not in your hand",
                           key="not_in_hand", params={"card": move.args[0]})

    def _apply(self, move: Move) -> list[Event]:
        card, seat = move.args[0], self.turn
        self.hands[seat].remove(card)
        self.played[seat].append(card)
        self.turn = 1 - seat
        events = [Event("move", card, f"hand{seat}", "pile", seat=seat)]
        if self.is_over:
            events.append(Event("deal_over", text="the deal is over"))
        return events

    def deal_events(self) -> list[Event]:
        return [Event("move", c, "deck", f"hand{i % 2}", face_up=False)
                for i, c in enumerate(self.deck)]

    def cards_in_play(self) -> list[str]:
        return [c for h in self.hands for c in h] + [c for p in self.played for c in p]

    def determinize(self, seat: int, rng: Rng) -> Toy:
        g = self.clone()
        hidden = list(g.hands[1 - seat])
        rng.shuffle(hidden)
        g.hands[1 - seat] = hidden
        return g


def sample(observation: dict[str, Any], rng: Rng) -> Toy:
    """A full state consistent with ``observation``: the cards its seat has not seen, in
    the other hand in a random order."""
    seat = int(observation["seat"])
    seen = set(observation["hand"]) | {c for p in observation["played"] for c in p}
    other = [c for c in CARDS if c not in seen]
    rng.shuffle(other)
    g = Toy(0, list(CARDS))
    g.hands[seat] = list(observation["hand"])
    g.hands[1 - seat] = other
    g.played = [list(p) for p in observation["played"]]
    cur = observation["current"]
    g.turn = int(cur) if cur is not None else 0
    return g
