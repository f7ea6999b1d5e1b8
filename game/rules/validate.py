"""Checks that ``from_dict`` runs before it trusts a dict as a state.

Each engine reads its dict through a :class:`Reader` (exact keys, types, ranges, cards of
its deck) and ends with :func:`finish`: every card of the deck exactly once as often as
the deck has it, the parts consistent with each other, and the state usable (legal moves,
observations, every legal move playable, an exact round trip).  Anything else raises
:class:`game.rules.base.StateError`, a ``ValueError`` with one clear message.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any, NoReturn

from game.rules.base import SEED_MAX, Game, StateError
from game.rules.rng import Rng

#: the seeds ``new`` takes (one state of the generator each); a state keeps one of them
SEED_RANGE = (0, SEED_MAX)
MOVES_MAX = 10_000_000
_RNG = re.compile(r"[0-9a-f]{16}")


class Reader:
    """Typed access to one state dict; every failure is a :class:`StateError`."""

    def __init__(self, cls: type[Game], d: Any, keys: Iterable[str],
                 optional: Iterable[str] = ()) -> None:
        """``keys``: the state's keys; ``optional``: those a state saved by an older
        version may lack (the engine fills them in)."""
        self.title = cls.title
        if not isinstance(d, dict):
            self.fail(f"it is a {type(d).__name__}, not a dict")
        self.d: dict[str, Any] = d
        want = set(keys)
        missing, extra = want - set(d) - set(optional), set(d) - want
        if missing:
            self.fail(f"missing {', '.join(sorted(missing))}")
        if extra:
            self.fail(f"unknown keys {', '.join(sorted(repr(k)[:20] for k in extra))}")
        if d.get("game") != cls.key:
            self.fail(f"'game' is not {cls.key!r}")
        self.deck = Counter(cls.full_deck())

    def fail(self, message: str) -> NoReturn:
        raise StateError(f"not a {self.title} state: {message}")

    # ----- scalars ------------------------------------------------------------------
    def integer(self, key: str, lo: int, hi: int) -> int:
        return self.int_value(self.d[key], key, lo, hi)

    def int_value(self, v: Any, what: str, lo: int, hi: int) -> int:
        if type(v) is not int or not lo <= v <= hi:
            self.fail(f"{what} is not a whole number from {lo} to {hi}")
        return v

    def optional_int(self, key: str, lo: int, hi: int) -> int | None:
        v = self.d[key]
        return None if v is None else self.integer(key, lo, hi)

    def boolean(self, key: str) -> bool:
        v = self.d[key]
        if type(v) is not bool:
            self.fail(f"{key} is not true or false")
        return v

    def choice(self, key: str, choices: Iterable[str | None]) -> Any:
        v = self.d[key]
        options = list(choices)
        if not (v is None or type(v) is str) or v not in options:
            self.fail(f"{key} is not one of {', '.join(map(str, options))}")
        return v

    def seed(self) -> int:
        return self.integer("seed", *SEED_RANGE)

    def moves(self) -> int:
        return self.integer("moves", 0, MOVES_MAX)

    def rng(self, key: str = "rng") -> Rng:
        v = self.d[key]
        if type(v) is not str or not _RNG.fullmatch(v):
            self.fail(f"{key} is not 16 hex digits")
        return Rng.from_str(v)

    # ----- cards --------------------------------------------------------------------
    def card(self, v: Any, what: str) -> str:
        if type(v) is not str or v not in self.deck:
            self.fail(f"{what} holds {str(v)[:12]!r}, which is no card of the deck")
        return v

    def card_list(self, v: Any, what: str) -> list[str]:
        if not isinstance(v, list) or len(v) > sum(self.deck.values()):
            self.fail(f"{what} is not a list of cards")
        return [self.card(c, what) for c in v]

    def cards(self, key: str) -> list[str]:
        return self.card_list(self.d[key], key)

    def items(self, key: str, most: int | None = None) -> list[Any]:
        """``d[key]`` as a list (no longer than ``most``, by default the deck's size)."""
        v = self.d[key]
        if not isinstance(v, list) or len(v) > (most or sum(self.deck.values())):
            self.fail(f"{key} is not a list")
        return v

    def lists(self, key: str, n: int) -> list[Any]:
        """``d[key]`` as a list of exactly ``n`` items."""
        v = self.d[key]
        if not isinstance(v, list) or len(v) != n:
            self.fail(f"{key} is not a list of {n}")
        return v

    def card_lists(self, key: str, n: int) -> list[list[str]]:
        return [self.card_list(v, f"{key}[{i}]") for i, v in enumerate(self.lists(key, n))]

    def deck_order(self, key: str = "deck") -> list[str]:
        order = self.cards(key)
        if Counter(order) != self.deck:
            self.fail(f"{key} is not the game's deck in some order")
        return order

    def subset(self, part: list[str], whole: list[str], what: str) -> None:
        if Counter(part) - Counter(whole):
            self.fail(what)

    def check(self, ok: bool, message: str) -> None:
        if not ok:
            self.fail(message)


def finish(r: Reader, g: Game, d: dict[str, Any]) -> None:
    """The last checks of a state built from ``d``: card conservation, then the state in
    use (a seat to act with legal moves unless the deal is over, every observation,
    every legal move playable on a copy) and an exact round trip to ``d``."""
    if Counter(g.cards_in_play()) != r.deck:
        have = Counter(g.cards_in_play())
        lost = sorted((r.deck - have).elements())[:6]
        added = sorted((have - r.deck).elements())[:6]
        r.fail(f"the cards do not add up to the deck (missing {lost or 'nothing'}, "
               f"extra {added or 'nothing'})")
    try:
        seat = g.current_player
        moves = g.legal_moves()
        if g.is_over:
            result = g.result()
            r.check(seat is None and not moves and isinstance(result, list)
                    and len(result) == g.num_players, "the deal is over but not settled")
        else:
            r.check(seat in range(g.num_players) and bool(moves),
                    "the deal goes on but nobody can move")
            r.check(g.result() is None, "the deal goes on but has a result")
        for s in range(g.num_players):
            g.observation(s)
        for m in moves:
            g.clone().play(m)
        same = g.to_dict() == d
    except StateError:
        raise
    except Exception as exc:  # whatever breaks on this state, it is no state of the game
        r.fail(f"its parts contradict each other ({type(exc).__name__}: {str(exc)[:80]})")
    r.check(same, "it does not describe itself exactly (inconsistent fields)")
