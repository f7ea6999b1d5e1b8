"""The engine contract every game implements (DESIGN.md, "The engine contract"): the move
and event values, the errors, and the :class:`Game` base whose ``play`` and ``check``
share one validation, so "why is this illegal?" and the refusal can never disagree.

Nothing under ``game.rules`` imports arcade or pyglet.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeVar, overload

from game.cards import NotationError
from game.rules.rng import Rng, deal_rng, new_seed

__all__ = ["DeckError", "Event", "Game", "IllegalMove", "Move", "NotationError", "StateError",
           "split_known"]


class IllegalMove(ValueError):
    """A well-formed move the rules forbid now.  The message starts with the rule id.

    ``key`` and ``params`` say the same for players: ``game.i18n.refusal_text`` words
    them in the player's language (cards in ``params`` stay in notation: ``"card"``,
    ``"top"``, ``"target"`` hold one card, ``"cards"``, ``"table"`` a list of cards).
    """

    def __init__(self, rule: str, message: str, key: str = "",
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.reason = message
        self.key = key
        self.params: dict[str, Any] = dict(params or {})

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.rule, self.reason, self.key, self.params))


class DeckError(ValueError):
    """An explicit deck that is not a permutation of the game's deck."""


class StateError(ValueError):
    """``from_dict`` was given something that is not a state of that game (wrong keys or
    types, values out of range, cards lost or added, parts that contradict each other)."""


@dataclass(frozen=True)
class Move:
    """A move as a value: a verb and its arguments; ``str(move)`` is its notation."""

    kind: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.kind, *self.args))

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Split notation into verb and arguments (no game-specific checks)."""
        if not isinstance(text, str):
            raise NotationError(f"a move must be text or a Move, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise NotationError("empty move")
        return cls(words[0].lower(), tuple(words[1:]))


@dataclass(frozen=True)
class Event:
    """One thing that happened, for the UI to animate and the sound to play.

    ``kind`` is ``"move"`` for a card going from ``src`` to ``dst`` (``face_up`` says how it
    lands), ``"reveal"`` for a card turned face up where it lies, and ``"announce"`` for a
    named happening (``text``: ``"trump"``, ``"take"``, ``"deal_over"``, ...).
    """

    kind: str
    card: str | None = None
    src: str | None = None
    dst: str | None = None
    seat: int | None = None
    text: str | None = None
    index: int | None = None
    face_up: bool = True
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        d = {k: v for k, v in self.__dict__.items() if v is not None and v != {}}
        return d


G = TypeVar("G", bound="Game")


class _DealOutcomes(Protocol):
    def __call__(self, result: list[float] | None = None) -> list[str]: ...


class _Outcomes:
    """``outcomes`` in both its call forms.  On a deal, ``g.outcomes()`` is that deal's
    ``"win"``/``"loss"``/``"draw"`` per seat as its rules decide it (Pao De Kuai: who went
    out, not the most points); on the class, ``Game.outcomes(result)`` keeps the old form,
    from the result alone (``result_outcomes``), for callers that hold no state."""

    @overload
    def __get__(self, obj: None, owner: type[Game]) -> Callable[[list[float]], list[str]]: ...

    @overload
    def __get__(self, obj: Game, owner: type[Game] | None = None) -> _DealOutcomes: ...

    def __get__(self, obj: Game | None, owner: type[Game] | None = None
                ) -> Callable[[list[float]], list[str]] | _DealOutcomes:
        if obj is None:
            assert owner is not None
            return owner.result_outcomes

        def of_deal(result: list[float] | None = None) -> list[str]:
            return obj._outcomes_of(result)
        return of_deal


class Game(ABC):
    """One deal of one game.  Subclasses fill in the rules."""

    key: ClassVar[str]
    title: ClassVar[str]
    deck_style: ClassVar[str]
    players_allowed: ClassVar[tuple[int, ...]]
    #: no random deal goes past this many moves (the conformance suite checks it)
    move_bound: ClassVar[int]
    #: the rule id cited for moves after the end of the deal
    end_rule: ClassVar[str]
    #: what a loss is called in reports ("the Dudák" in Dudák)
    loss_label: ClassVar[str] = "losses"

    #: the deal's seed (0 for a deck given) and its whole deck in dealing order: with the
    #: options and the moves, what replays the deal exactly (a journal holds them)
    seed: int
    deck: list[str]

    # ----- construction -------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls: type[G], seed: int | None = None, deck: list[str] | None = None,
            **options: Any) -> G:
        """A shuffled deal from ``seed``, or the explicit ``deck`` dealt as the rules say."""

    @classmethod
    def full_deck(cls, **options: Any) -> list[str]:
        """The game's deck in a fixed order (a multiset of notation strings)."""
        raise NotImplementedError

    @classmethod
    def _start_deck(cls, seed: int | None, deck: list[str] | None,
                    **options: Any) -> tuple[int, list[str], Rng]:
        """Resolve ``seed``/``deck`` into (seed, deck order, generator for the deal)."""
        base = cls.full_deck(**options)
        if deck is not None:
            order = [str(c).strip().upper() for c in deck]
            if Counter(order) != Counter(base):
                missing = list((Counter(base) - Counter(order)).elements())
                extra = list((Counter(order) - Counter(base)).elements())
                raise DeckError(
                    f"the {cls.title} deck must hold each of its {len(base)} cards exactly "
                    f"as often as the game has it; missing {missing or 'nothing'}, "
                    f"unexpected {extra or 'nothing'}"
                )
            seed = 0 if seed is None else _seed(seed)
            return seed, order, deal_rng(seed)
        seed = new_seed() if seed is None else _seed(seed)
        order = list(base)
        Rng(seed).shuffle(order)
        return seed, order, deal_rng(seed)

    # ----- the contract ---------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> list[float] | None: ...

    @abstractmethod
    def legal_moves(self) -> list[Move]: ...

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]: ...

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_dict(cls: type[G], d: dict[str, Any]) -> G: ...

    @abstractmethod
    def clone(self: G) -> G: ...

    def parse_move(self, move: Move | str) -> Move:
        """Turn text into a normalised :class:`Move`; raise NotationError on bad syntax
        (and for anything that is neither text nor a :class:`Move` of text)."""
        m = _plain_move(move) if isinstance(move, Move) else Move.parse(move)
        return self._normalise(m)

    @abstractmethod
    def _normalise(self, move: Move) -> Move:
        """Check a move's syntax for this game and normalise its arguments."""

    def is_legal(self, move: Move | str) -> bool:
        try:
            m = self.parse_move(move)
        except ValueError:
            return False
        return not self.is_over and self._is_legal(m)

    def _is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    @abstractmethod
    def _why_illegal(self, move: Move) -> IllegalMove:
        """The error (naming the rule) for a well-formed move that is not legal now."""

    @abstractmethod
    def _apply(self, move: Move) -> list[Event]:
        """Carry out a legal move and return its events."""

    def check(self, move: Move | str) -> IllegalMove | None:
        """None if ``move`` is legal now, else the :class:`IllegalMove` that ``play`` would
        raise for it (same rule, message, key and parameters), without a clone and
        without changing the state: a table asks this to say why a gesture was refused.

        Text that is no move of this game raises :class:`NotationError`, as ``play`` does.
        """
        return self._refusal(self.parse_move(move))

    def _refusal(self, move: Move) -> IllegalMove | None:
        """The one validation ``play`` and ``check`` share, so they never disagree."""
        if self.is_over:
            return IllegalMove(self.end_rule, "the deal is over; no more moves",
                               key="deal_over")
        if self._is_legal(move):
            return None
        return self._why_illegal(move)

    def play(self, move: Move | str) -> list[Event]:
        """Play a move (a :class:`Move` or its notation) and return its events.

        Raises :class:`NotationError` for text that is no move of this game and
        :class:`IllegalMove` (naming the rule) for a move the rules forbid; either way the
        state is unchanged.
        """
        m = self.parse_move(move)
        refusal = self._refusal(m)
        if refusal is not None:
            raise refusal
        return self._apply(m)

    def options(self) -> dict[str, Any]:
        """The ``new()`` options that, with ``seed`` and ``deck``, rebuild this deal."""
        return {}

    def next_options(self, surrendered: bool = False) -> dict[str, Any]:
        """The ``new()`` options of the following deal ("Next game"), as the rules say
        (who deals, how many sit down); ``surrendered``: this deal was given up."""
        return {}

    @staticmethod
    def result_outcomes(result: list[float]) -> list[str]:
        """``"win"``/``"loss"``/``"draw"`` per seat, from a finished deal's result alone
        (the best result wins).  Where the result does not decide it (Pao De Kuai: who
        went out wins, whatever the points), the deal's own :meth:`deal_outcomes` does."""
        best = max(result)
        if all(r == best for r in result):
            return ["draw"] * len(result)
        return ["win" if r == best else "loss" for r in result]

    #: ``g.outcomes()``: this finished deal as its rules decide it; ``Game.outcomes(result)``
    #: (the old form, on the class): from the points alone (see :class:`_Outcomes`)
    outcomes = _Outcomes()

    def deal_outcomes(self) -> list[str] | None:
        """``"win"``/``"loss"``/``"draw"`` per seat for this deal as the rules decide it
        (None while it goes on): what the history, the XP and the result panel record."""
        result = self.result()
        return None if result is None else self.result_outcomes(result)

    def _outcomes_of(self, result: list[float] | None) -> list[str]:
        """``g.outcomes(result)``: the deal's own outcomes when ``result`` is omitted or is
        this finished deal's result, else what ``result`` alone says."""
        if result is None or (self.is_over and result == self.result()):
            outcomes = self.deal_outcomes()
            if outcomes is None:
                raise ValueError(f"the {self.title} deal is not over: no outcomes yet")
            return outcomes
        return self.result_outcomes(result)

    @abstractmethod
    def deal_events(self) -> list[Event]:
        """The events of dealing this deal's cards, as a table shows them before the first
        move (the state is not changed)."""

    # ----- helpers for AI and tests -----------------------------------------------------
    @abstractmethod
    def cards_in_play(self) -> list[str]:
        """Every card of the deal wherever it lies (the conformance suite counts them)."""

    @abstractmethod
    def determinize(self: G, seat: int, rng: Rng) -> G:
        """A copy where every card hidden from ``seat`` is shuffled among the hidden places.

        What ``seat`` knows (its hand, public cards, cards it saw go into another hand)
        stays where it is, so ``observation(seat)`` is the same in the copy.
        """


#: a deal's seed (its number) is one state of the generator: 0 .. 2**64 - 1
SEED_MAX = (1 << 64) - 1


def _seed(seed: Any) -> int:
    """``seed`` as a whole number the generator takes as it is (ValueError otherwise: a
    negative seed or one past 64 bits would be stored as given yet deal as another)."""
    try:
        value = int(seed)
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"a deal's seed is a whole number, not {str(seed)[:20]!r}") from exc
    if not 0 <= value <= SEED_MAX:
        raise ValueError(f"a deal's seed is a whole number from 0 to {SEED_MAX}, "
                         f"not {str(value)[:24]}")
    return value


def _plain_move(move: Move) -> Move:
    """``move`` with plain ``str`` fields, or NotationError when a field is not text."""
    kind, args = move.kind, move.args
    if not isinstance(kind, str) or not isinstance(args, tuple | list) or not all(
            isinstance(a, str) for a in args):
        raise NotationError("a move's verb and arguments must be text")
    plain = Move(str.__str__(kind), tuple(str.__str__(a) for a in args))
    if not plain.kind:
        raise NotationError("empty move")
    return plain


def split_known(hand: list[str], known: list[str]) -> tuple[list[str], list[str]]:
    """Split a hand into the cards others know are there and the hidden rest."""
    rest = Counter(known)
    kept, hidden = [], []
    for c in hand:
        if rest[c] > 0:
            rest[c] -= 1
            kept.append(c)
        else:
            hidden.append(c)
    return kept, hidden
