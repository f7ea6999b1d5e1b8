"""Pao De Kuai for three players (rules: shared/rules/paodekuai.md).

Places named in events: ``hand0``..``hand2``, ``table`` (the play to beat), ``discard``
(plays that were beaten or whose round ended).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, cast

from game.cards import FRENCH_SUITS, french_deck, parse_card
from game.games.paodekuai.observation import PaoDeKuaiObservation, ShapeData
from game.rules.base import Event, Game, IllegalMove, Move, NotationError
from game.rules.rng import Rng
from game.rules.validate import MOVES_MAX, Reader, finish

ORDER = "3456789TJQKA2"
RANK = {r: i for i, r in enumerate(ORDER)}
ACE, TWO = RANK["A"], RANK["2"]
PLAYERS = 3
HAND_SIZE = 16
AAA_BOMB, HEAVENLY = 100, 1000
SHAPE_NAMES = {"single": "single", "pair": "pair", "triple": "triple",
               "straight": "straight", "pairs": "run of pairs", "bomb": "bomb"}


def card_key(card: str) -> tuple[int, int]:
    key = _CARD_KEY.get(card)
    return key if key is not None else (RANK[card[0]], FRENCH_SUITS.index(card[1]))


_CARD_KEY = {r + s: (RANK[r], FRENCH_SUITS.index(s)) for r in ORDER for s in FRENCH_SUITS}
_RANK_OF = {c: k[0] for c, k in _CARD_KEY.items()}
_BY_KEY = _CARD_KEY.__getitem__


@dataclass(frozen=True)
class Shape:
    """A play's shape: ``kind``, ``size`` (cards), ``top`` (strength within the kind)."""

    kind: str
    size: int
    top: int

    @property
    def is_bomb(self) -> bool:
        return self.kind == "bomb"

    def beats(self, other: Shape) -> bool:
        """PDK-7: same shape and size with a higher rank, or a higher bomb."""
        if other.is_bomb:
            return self.is_bomb and self.top > other.top
        if self.is_bomb:
            return True
        return self.kind == other.kind and self.size == other.size and self.top > other.top

    def to_dict(self) -> ShapeData:
        return {"kind": self.kind, "size": self.size, "top": self.top,
                "name": self.name}

    @property
    def name(self) -> str:
        if self.is_bomb:
            return {HEAVENLY: "heavenly bomb", AAA_BOMB: "three-ace bomb"}.get(
                self.top, "bomb")
        if self.kind in ("straight", "pairs"):
            count = self.size if self.kind == "straight" else self.size // 2
            return f"{SHAPE_NAMES[self.kind]} of {count}"
        return SHAPE_NAMES[self.kind]


def classify(cards: list[str], opening: bool = False) -> Shape | None:
    """PDK-5/PDK-6: the shape of a set of cards, or None when it is no allowed shape."""
    n = len(cards)
    counts: dict[int, int] = {}
    for c in cards:
        r = RANK[c[0]]
        counts[r] = counts.get(r, 0) + 1
    ranks = sorted(counts)
    if n == 1:
        return Shape("single", 1, ranks[0])
    if len(ranks) == 1:
        r = ranks[0]
        if n == 2:
            return Shape("pair", 2, r)
        if n == 3:
            return Shape("bomb", 3, AAA_BOMB) if r == ACE else Shape("triple", 3, r)
        if n == 4:
            return Shape("bomb", 4, HEAVENLY if (opening and r == 0) else r)
        return None
    consecutive = ranks[-1] - ranks[0] == len(ranks) - 1 and ranks[-1] <= ACE
    if not consecutive:
        return None
    if n >= 5 and all(v == 1 for v in counts.values()):
        return Shape("straight", n, ranks[-1])
    if len(ranks) >= 2 and all(v == 2 for v in counts.values()):
        return Shape("pairs", n, ranks[-1])
    return None


def beat_exists(hand: list[str], shape: Shape) -> bool:
    """Could ``hand`` make any play that beats ``shape`` (PDK-7, bombs included)?"""
    counts: dict[int, int] = {}
    for c in hand:
        r = RANK[c[0]]
        counts[r] = counts.get(r, 0) + 1
    for r, n in counts.items():
        if n == 4 and Shape("bomb", 4, r).beats(shape):
            return True
        if r == ACE and n >= 3 and Shape("bomb", 3, AAA_BOMB).beats(shape):
            return True
    if shape.is_bomb:
        return False
    kind, top = shape.kind, shape.top
    if kind in ("single", "pair", "triple"):
        need = shape.size
        return any(r > top and n >= need and not (kind == "triple" and r == ACE)
                   for r, n in counts.items())
    need = 1 if kind == "straight" else 2
    length = shape.size // need
    for t in range(top + 1, ACE + 1):
        if all(counts.get(r, 0) >= need for r in range(t - length + 1, t + 1)):
            return True
    return False


# ----- speed: values built once and shared (Move, Shape and Event are immutable values) --
_CACHE_LIMIT = 100_000
PASS = Move("pass")
_MOVES: dict[tuple[str, ...], Move] = {}      # cards (sorted by card_key) -> its Move
_SHAPES: dict[tuple[str, ...], Shape | None] = {}   # cards -> classify(cards) (no opening)
_EVENTS: dict[tuple[Any, ...], Event] = {}    # the events _apply makes, by their fields


def _move(cards: tuple[str, ...]) -> Move:
    """The play of ``cards`` (already in card order), one shared Move per card set."""
    m = _MOVES.get(cards)
    if m is None:
        if len(_MOVES) >= _CACHE_LIMIT:
            _MOVES.clear()
        m = _MOVES[cards] = Move("play", cards)
    return m


def _shape(cards: tuple[str, ...], opening: bool) -> Shape | None:
    """``classify(cards, opening)``, remembered outside the opening."""
    if opening:
        return classify(list(cards), True)
    try:
        return _SHAPES[cards]
    except KeyError:
        if len(_SHAPES) >= _CACHE_LIMIT:
            _SHAPES.clear()
        shape = _SHAPES[cards] = classify(list(cards))
        return shape


def _event(kind: str, card: str | None = None, src: str | None = None,
           dst: str | None = None, seat: int | None = None, text: str | None = None,
           shape: Shape | None = None) -> Event:
    """One shared Event per set of fields (an announce of a play or bomb names its shape)."""
    key = (kind, card, src, dst, seat, text, shape)
    ev = _EVENTS.get(key)
    if ev is None:
        if len(_EVENTS) >= _CACHE_LIMIT:
            _EVENTS.clear()
        data: dict[str, Any] = {}
        if shape is not None:
            data = {"name": shape.name} if text == "bomb" else {"shape": shape.to_dict()}
        ev = _EVENTS[key] = Event(kind, card, src, dst, seat=seat, text=text, data=data)
    return ev


_HAND_PLACE = tuple(f"hand{s}" for s in range(PLAYERS))


class PaoDeKuai(Game):
    key = "paodekuai"
    title = "Pao De Kuai"
    deck_style = "french"
    players_allowed = (3,)
    move_bound = 400
    end_rule = "PDK-9"

    def __init__(self) -> None:
        self.seed = 0
        self.deck: list[str] = []
        self.hands: list[list[str]] = [[], [], []]
        self.current = 0
        self.table: list[str] = []            # the play to beat (empty: a lead)
        self.table_shape: Shape | None = None
        self.table_seat: int | None = None    # who made it
        self.table_led = True                 # was it a lead (no bomb bonus)
        self.passes = 0                       # passes in a row on the current play
        self.passed: list[int] = []
        self.discard: list[str] = []
        self.history: list[list[Any]] = []    # [seat, cards] per play, [seat] per pass
        self.played_any = [False] * PLAYERS
        self.scores = [0] * PLAYERS
        self.opening = True
        self.winner: int | None = None
        self.settlement: list[dict[str, int]] = []
        self.moves = 0

    @classmethod
    def full_deck(cls, **options: Any) -> list[str]:
        """PDK-1: 48 cards, no jokers, no ace of hearts, of the 2s only 2S."""
        return [c for c in french_deck() if c not in ("AH", "2H", "2D", "2C")]

    @classmethod
    def new(cls, seed: int | None = None, deck: list[str] | None = None,
            **options: Any) -> PaoDeKuai:
        if options.get("players", PLAYERS) != PLAYERS:
            raise ValueError("Pao De Kuai is a three-player game (players=3)")
        seed, order, _ = cls._start_deck(seed, deck)
        g = cls()
        g.seed, g.deck = seed, list(order)
        for i, c in enumerate(order):  # PDK-2: one at a time, seat 0 first
            g.hands[i % PLAYERS].append(c)
        for h in g.hands:
            h.sort(key=card_key)
        g.current = next(s for s in range(PLAYERS) if "3H" in g.hands[s])
        return g

    def deal_events(self) -> list[Event]:
        ev = [Event("move", c, "deck", f"hand{i % PLAYERS}", seat=i % PLAYERS,
                    face_up=(i % PLAYERS == 0)) for i, c in enumerate(self.deck)]
        ev.append(Event("announce", text="first_player", seat=self.current))
        return ev

    # ----- state --------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return PLAYERS

    @property
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.current

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def result(self) -> list[float] | None:
        """PDK-12: the signed points of PDK-10 and PDK-11 (the history's score)."""
        return None if self.winner is None else [float(s) for s in self.scores]

    @property
    def went_out(self) -> int | None:
        """PDK-9: the seat that emptied its hand first (None while the deal goes on)."""
        return self.winner

    def deal_outcomes(self) -> list[str] | None:
        """The seat that went out wins, the others lose, whatever the points say (the
        seed's objective is to empty your hand first; bomb bonuses can leave another
        seat with more points, PDK-11/12)."""
        if self.winner is None:
            return None
        return ["win" if s == self.winner else "loss" for s in range(PLAYERS)]

    @property
    def leading(self) -> bool:
        return self.table_shape is None

    # ----- move generation ------------------------------------------------------------
    def _plays(self, hand: list[str]) -> list[tuple[list[str], Shape]]:
        """One (cards, shape) per distinct rank set the hand can play now that could be
        allowed: while following, only the table's kind and bombs (PDK-5..PDK-7)."""
        by_rank: dict[int, list[str]] = {}
        for c in sorted(hand, key=_CARD_KEY.__getitem__):
            by_rank.setdefault(RANK[c[0]], []).append(c)
        if self.opening:  # PDK-2: the opening play holds 3H; put it first
            threes = by_rank.get(0)
            if threes and "3H" in threes:
                threes.remove("3H")
                threes.insert(0, "3H")
        want = self.table_shape.kind if self.table_shape is not None else None
        plays: list[tuple[list[str], Shape]] = []
        ranks = sorted(by_rank)
        if want in (None, "single"):
            plays += [(by_rank[r][:1], Shape("single", 1, r)) for r in ranks]
        if want in (None, "pair"):
            plays += [(by_rank[r][:2], Shape("pair", 2, r)) for r in ranks
                      if len(by_rank[r]) >= 2]
        if want in (None, "triple"):
            plays += [(by_rank[r][:3], Shape("triple", 3, r)) for r in ranks
                      if len(by_rank[r]) >= 3 and r != ACE]
        for need, kind in ((1, "straight"), (2, "pairs")):
            if want not in (None, kind):
                continue
            min_len = 5 if kind == "straight" else 2
            for start in range(0, ACE + 1):
                run: list[str] = []
                r = start
                while r <= ACE and len(by_rank.get(r, ())) >= need:
                    run += by_rank[r][:need]
                    r += 1
                    if r - start >= min_len:
                        plays.append((list(run), Shape(kind, len(run), r - 1)))
        for r in ranks:
            if len(by_rank[r]) == 4:
                top = HEAVENLY if (self.opening and r == 0) else r
                plays.append((list(by_rank[r]), Shape("bomb", 4, top)))
            elif r == ACE and len(by_rank[r]) == 3:
                plays.append((list(by_rank[r]), Shape("bomb", 3, AAA_BOMB)))
        return plays

    def legal_moves(self) -> list[Move]:
        if self.winner is not None:
            return []
        if self.opening:
            key = _CARD_KEY.__getitem__
            moves = [_move(tuple(sorted(cards, key=key)))
                     for cards, shape in self._plays(self.hands[self.current])
                     if self._fits(cards, shape)]
        else:
            moves = self._beating_plays()
        if not moves and self.table_shape is not None:
            moves.append(PASS)
        return moves

    def _beating_plays(self) -> list[Move]:
        """After the opening: the plays ``_plays`` + ``_fits`` allow, in the same order (the
        table's kind, then bombs; everything when leading), built only where they beat."""
        rank_of = _RANK_OF
        by_rank: dict[int, list[str]] = {}
        for c in sorted(self.hands[self.current], key=_BY_KEY):
            r = rank_of[c]
            group = by_rank.get(r)
            if group is None:
                by_rank[r] = [c]
            else:
                group.append(c)
        # the hand is in card order, so by_rank's keys are in rank order
        table = self.table_shape
        moves: list[Move] = []
        if table is None:
            moves = [_move((g[0],)) for g in by_rank.values()]
            moves += [_move((g[0], g[1])) for g in by_rank.values() if len(g) >= 2]
            moves += [_move((g[0], g[1], g[2])) for r, g in by_rank.items()
                      if len(g) >= 3 and r != ACE]
            self._runs(by_rank, 1, 5, 0, -1, moves)
            self._runs(by_rank, 2, 2, 0, -1, moves)
            top = -1
        elif table.kind == "bomb":
            top = table.top
        else:
            kind, top = table.kind, table.top
            if kind == "single":
                moves = [_move((g[0],)) for r, g in by_rank.items() if r > top]
            elif kind == "pair":
                moves = [_move((g[0], g[1])) for r, g in by_rank.items()
                         if r > top and len(g) >= 2]
            elif kind == "triple":
                moves = [_move((g[0], g[1], g[2])) for r, g in by_rank.items()
                         if r > top and len(g) >= 3 and r != ACE]
            elif kind == "straight":
                self._runs(by_rank, 1, table.size, table.size, top, moves)
            else:
                self._runs(by_rank, 2, table.size // 2, table.size // 2, top, moves)
            top = -1                    # every bomb beats an ordinary play
        for r, g in by_rank.items():
            if len(g) == 4 and r > top:
                moves.append(_move(tuple(g)))
            elif r == ACE and len(g) == 3 and AAA_BOMB > top:
                moves.append(_move(tuple(g)))
        return moves

    @staticmethod
    def _runs(by_rank: dict[int, list[str]], need: int, min_len: int, max_len: int,
              above: int, out: list[Move]) -> None:
        """Append the straights (``need`` 1) or runs of pairs (``need`` 2) of ``min_len``
        to ``max_len`` ranks (0: any) ending above rank ``above``, by lowest rank, then
        length, as ``_plays`` lists them."""
        start = 0
        while start <= ACE:
            end = start
            while end <= ACE and len(by_rank.get(end, ())) >= need:
                end += 1
            # ranks start..end-1 each hold ``need`` cards: every run inside it
            if end - start >= min_len:
                for first in range(start, end - min_len + 1):
                    cards: list[str] = []
                    for r in range(first, first + min_len - 1):
                        cards += by_rank[r][:need]
                    last = min(end, first + max_len) if max_len else end
                    for r in range(first + min_len - 1, last):
                        cards += by_rank[r][:need]
                        if r > above:
                            out.append(_move(tuple(cards)))
            start = end + 1

    def _fits(self, cards: list[str] | tuple[str, ...], shape: Shape) -> bool:
        if self.opening and "3H" not in cards:
            return False
        return self.table_shape is None or shape.beats(self.table_shape)

    def _allowed(self, cards: list[str]) -> IllegalMove | None:
        """Why a play of cards the player holds is not allowed now (None: allowed)."""
        shape = classify(cards, self.opening)
        if shape is None:
            return IllegalMove("PDK-5", f"{' '.join(cards)} is no allowed shape (single, "
                                        "pair, triple, straight of 5+, run of pairs, bomb)",
                               key="paodekuai.no_shape", params={"cards": cards})
        if self._fits(cards, shape):
            return None
        if self.opening and "3H" not in cards:
            return IllegalMove("PDK-2", "the opening play must include 3H",
                               key="paodekuai.opening_card", params={"card": "3H"})
        assert self.table_shape is not None
        return IllegalMove("PDK-7", f"{shape.name} {' '.join(cards)} does not beat the "
                                    f"{self.table_shape.name} {' '.join(self.table)}",
                           key="paodekuai.does_not_beat",
                           params={"shape": shape.to_dict(), "cards": cards,
                                   "table_shape": self.table_shape.to_dict(),
                                   "table": list(self.table)})

    def can_beat(self) -> bool:
        if self.opening:
            return any(self._fits(c, sh) for c, sh in self._plays(self.hands[self.current]))
        if self.table_shape is not None:     # the same question, without listing the plays
            return beat_exists(self.hands[self.current], self.table_shape)
        return bool(self._beating_plays())

    # ----- playing --------------------------------------------------------------------
    def parse_move(self, move: Move | str) -> Move:
        # a move this engine made (legal_moves' shared values) is already normalised
        if move is PASS:
            return move
        if type(move) is Move:
            try:
                if _MOVES.get(move.args) is move:
                    return move
            except TypeError:             # unhashable arguments: the general path says why
                pass
        return super().parse_move(move)

    def _normalise(self, move: Move) -> Move:
        if move.kind == "pass":
            if move.args:
                raise NotationError("'pass' takes no cards")
            return move
        if move.kind == "play":
            if not move.args:
                raise NotationError("'play' needs cards, e.g. 'play 3H 3S'")
            cards = [parse_card(a) for a in move.args]
            if "X" in cards:
                raise NotationError("Pao De Kuai has no jokers")
            return Move("play", tuple(sorted(cards, key=card_key)))
        raise NotationError(f"unknown Pao De Kuai move {str(move)!r}: moves are "
                            "'play <cards>' and 'pass'")

    def _is_legal(self, move: Move) -> bool:
        if move.kind == "pass":
            return not self.leading and not self.can_beat()
        cards = move.args
        if not (DECK.issuperset(cards) and self._holds(cards)):
            return False
        shape = _shape(cards, self.opening)       # None: no allowed shape (PDK-5)
        return shape is not None and self._fits(cards, shape)

    def _holds(self, cards: tuple[str, ...]) -> bool:
        hand = self.hands[self.current]
        if len(set(cards)) == len(cards):
            return all(c in hand for c in cards)
        have = Counter(hand)
        return all(have[c] >= n for c, n in Counter(cards).items())

    def _why_illegal(self, move: Move) -> IllegalMove:
        if move.kind == "pass":
            if self.leading:
                return IllegalMove("PDK-8", "the leader cannot pass",
                                   key="paodekuai.leader_cannot_pass")
            return IllegalMove("PDK-8", "you can beat the "
                                        f"{self.table_shape.name if self.table_shape else ''} "
                                        f"{' '.join(self.table)}, so you must play",
                               key="paodekuai.must_play",
                               params={"table_shape": self.table_shape.to_dict()
                                       if self.table_shape else None,
                                       "table": list(self.table)})
        for c in move.args:
            if c not in DECK:
                return IllegalMove("PDK-1", f"{c} is not in the 48-card Pao De Kuai deck",
                                   key="paodekuai.not_in_deck", params={"card": c})
        if not self._holds(move.args):
            return IllegalMove("PDK-2", f"seat {self.current} does not hold "
                                        f"{' '.join(move.args)}",
                               key="cards_not_in_hand",
                               params={"cards": list(move.args), "seat": self.current})
        err = self._allowed(list(move.args))
        assert err is not None
        return err

    def _apply(self, move: Move) -> list[Event]:
        self.moves += 1
        seat = self.current
        ev: list[Event] = []
        if move.kind == "pass":
            self.history.append([seat])
            self.passes += 1
            self.passed.append(seat)
            ev.append(_event("announce", text="pass", seat=seat))
            if self.passes == PLAYERS - 1:  # PDK-8: the last player to play leads
                ev += self._end_round()
            else:
                self.current = (seat + 1) % PLAYERS
            return ev
        cards = list(move.args)
        shape = _shape(move.args, self.opening)
        assert shape is not None
        if self.table:
            self.discard += self.table
            ev = [_event("move", c, "table", "discard") for c in self.table]
        hand, src = self.hands[seat], _HAND_PLACE[seat]
        for c in cards:
            hand.remove(c)
            ev.append(_event("move", c, src, "table", seat=seat))
        led = self.table_shape is None
        if shape.kind == "bomb":
            ev.append(_event("announce", text="bomb", seat=seat, shape=shape))
        self.table, self.table_shape, self.table_seat = cards, shape, seat
        self.table_led = led or shape.top == HEAVENLY
        self.passes, self.passed = 0, []
        self.history.append([seat, cards])
        self.played_any[seat] = True
        self.opening = False
        ev.append(_event("announce", text="play", seat=seat, shape=shape))
        if not hand:
            ev += self._settle_bomb()
            ev += self._settle(seat)
        else:
            self.current = (seat + 1) % PLAYERS
        return ev

    def _settle_bomb(self) -> list[Event]:
        """PDK-11: an unbeaten bomb played on another player's play earns 20."""
        if self.table_shape is None or not self.table_shape.is_bomb or self.table_led:
            return []
        bomber = self.table_seat
        assert bomber is not None
        for s in range(PLAYERS):
            self.scores[s] += 20 if s == bomber else -10
        return [Event("announce", text="bomb_bonus", seat=bomber, data={"points": 20})]

    def _end_round(self) -> list[Event]:
        ev = self._settle_bomb()
        leader = self.table_seat
        assert leader is not None
        self.discard += self.table
        ev += [_event("move", c, "table", "discard") for c in self.table]
        self.table, self.table_shape, self.table_seat = [], None, None
        self.table_led = True
        self.passes, self.passed = 0, []
        self.current = leader
        ev.append(_event("announce", text="round_over", seat=leader))
        return ev

    def _settle(self, winner: int) -> list[Event]:
        """PDK-10: each opponent pays for cards left (doubled if never played), 2S, bombs."""
        self.winner = winner
        self.settlement = []
        for s in range(PLAYERS):
            if s == winner:
                self.settlement.append({})
                continue
            hand = self.hands[s]
            per_card = 1 if self.played_any[s] else 2
            counts = Counter(c[0] for c in hand)
            bombs = sum(1 for r, n in counts.items() if n == 4 or (r == "A" and n == 3))
            bill = {"cards": per_card * len(hand), "spring": int(not self.played_any[s]),
                    "two_of_spades": 10 if "2S" in hand else 0, "bombs": 10 * bombs}
            pay = bill["cards"] + bill["two_of_spades"] + bill["bombs"]
            bill["total"] = pay
            self.settlement.append(bill)
            self.scores[s] -= pay
            self.scores[winner] += pay
        return [Event("announce", text="deal_over", seat=winner,
                      data={"result": self.result(), "settlement": self.settlement,
                            "went_out": winner})]

    # ----- views ------------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        obs: PaoDeKuaiObservation = {
            "game": self.key,
            "seat": seat,
            "hand": sorted(self.hands[seat], key=card_key),
            "hand_sizes": [len(h) for h in self.hands],
            "current_player": self.current_player,
            "table": list(self.table),
            "table_shape": self.table_shape.to_dict() if self.table_shape else None,
            "table_seat": self.table_seat,
            "leading": self.leading,
            "table_led": self.table_led,
            "opening": self.opening,
            "passed": list(self.passed),
            "history": [list(h) for h in self.history],
            "played_any": list(self.played_any),
            "scores": list(self.scores),
            "is_over": self.is_over,
            "went_out": self.winner,
            "result": self.result(),
            "settlement": list(self.settlement),
        }
        return cast("dict[str, Any]", obs)    # the contract's JSON-safe dict

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.key, "seed": self.seed, "deck": list(self.deck),
            "hands": [list(h) for h in self.hands], "current": self.current,
            "table": list(self.table), "table_seat": self.table_seat,
            "table_led": self.table_led, "passes": self.passes, "passed": list(self.passed),
            "discard": list(self.discard), "history": [list(h) for h in self.history],
            "played_any": list(self.played_any), "scores": list(self.scores),
            "opening": self.opening, "winner": self.winner,
            "settlement": [dict(b) for b in self.settlement], "moves": self.moves,
            "table_opening": bool(self.table_shape and self.table_shape.top == HEAVENLY),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PaoDeKuai:
        """The state ``to_dict`` gave; StateError for anything that is not one."""
        v = Reader(cls, d, cls().to_dict())
        g = cls()
        g.seed, g.deck = v.seed(), v.deck_order()
        g.hands = v.card_lists("hands", PLAYERS)
        g.current = v.integer("current", 0, PLAYERS - 1)
        g.table, g.table_seat = v.cards("table"), v.optional_int("table_seat", 0, PLAYERS - 1)
        g.table_led, opening = v.boolean("table_led"), v.boolean("table_opening")
        g.table_shape = classify(g.table, opening) if g.table else None
        v.check(not g.table or g.table_shape is not None and g.table_seat is not None,
                "the table holds no allowed play of a seat")
        v.check(bool(g.table) or g.table_seat is None, "an empty table has a seat")
        g.passes, g.passed = v.integer("passes", 0, PLAYERS - 2), v.items("passed")
        v.check(len(g.passed) == g.passes and all(
            v.int_value(s, "passed", 0, PLAYERS - 1) != g.table_seat for s in g.passed)
                and len(set(g.passed)) == g.passes,
                "passed does not list the seats that passed on the table")
        g.discard = v.cards("discard")
        g.history = v.items("history", MOVES_MAX)
        played: list[str] = []
        for h in g.history:
            v.check(isinstance(h, list) and len(h) in (1, 2), "history is not [seat, cards]")
            v.int_value(h[0], "history", 0, PLAYERS - 1)
            if len(h) == 2:
                played += v.card_list(h[1], "history")
                v.check(bool(h[1]), "history holds an empty play")
        v.check(sorted(played) == sorted(g.table + g.discard),
                "history, table and discard disagree")
        g.played_any = list(v.lists("played_any", PLAYERS))
        v.check(all(type(p) is bool for p in g.played_any), "played_any is not true/false")
        g.scores = [v.int_value(x, "scores", -10**6, 10**6) for x in v.lists("scores", PLAYERS)]
        v.check(sum(g.scores) == 0, "the scores do not add up to zero")
        g.opening, g.winner = v.boolean("opening"), v.optional_int("winner", 0, PLAYERS - 1)
        v.check(not g.opening or not played, "an opening after cards were played")
        g.settlement = []
        for bill in v.items("settlement"):
            v.check(isinstance(bill, dict) and all(
                k in ("cards", "spring", "two_of_spades", "bombs", "total") and type(x) is int
                for k, x in bill.items()), "settlement is not a list of bills")
            g.settlement.append(dict(bill))
        v.check(len(g.settlement) == (0 if g.winner is None else PLAYERS),
                "settlement and winner disagree")
        v.check(all(g.hands) if g.winner is None else not g.hands[g.winner],
                "an empty hand must be the winner's")
        g.moves = v.moves()
        v.check(g.moves == len(g.history), "moves does not count the plays and passes")
        _replays(v, g, d)
        finish(v, g, d)
        return g

    def clone(self) -> PaoDeKuai:
        g = PaoDeKuai.__new__(PaoDeKuai)
        g.__dict__.update(self.__dict__)
        g.hands = [list(h) for h in self.hands]
        g.table = list(self.table)
        g.passed = list(self.passed)
        g.discard = list(self.discard)
        g.history = list(self.history)   # entries are never mutated
        g.played_any = list(self.played_any)
        g.scores = list(self.scores)
        g.settlement = list(self.settlement)
        return g

    def cards_in_play(self) -> list[str]:
        return [c for h in self.hands for c in h] + self.table + self.discard

    @classmethod
    def from_observation(cls, obs: dict[str, Any], hands: list[list[str]]) -> PaoDeKuai:
        """The state one seat's observation shows, with ``hands[s]`` the hand of each
        other seat (the seat's own entry is not read).  Which cards go where is the AI's
        inference (game/games/paodekuai/infer.py: what passes prove)."""
        seat = obs["seat"]
        g = cls()
        g.hands = [list(obs["hand"]) if s == seat else sorted(hands[s], key=_BY_KEY)
                   for s in range(PLAYERS)]
        g.current = obs["current_player"]
        g.table, g.table_seat = list(obs["table"]), obs["table_seat"]
        shape = obs["table_shape"]
        g.table_shape = (_shape(tuple(g.table), shape["top"] == HEAVENLY) if shape else None)
        g.table_led = obs["table_led"]
        g.passed = list(obs["passed"])
        g.passes = len(g.passed)
        g.history = [list(h) for h in obs["history"]]
        on_table = set(g.table)      # the discard: every card played and not on the table
        g.discard = [c for h in g.history if len(h) == 2 for c in h[1] if c not in on_table]
        g.played_any, g.scores = list(obs["played_any"]), list(obs["scores"])
        g.opening = obs["opening"]
        g.deck = g.cards_in_play()
        return g

    def determinize(self, seat: int, rng: Rng) -> PaoDeKuai:
        g = self.clone()
        others = [s for s in range(PLAYERS) if s != seat]
        pool = [c for s in others for c in g.hands[s]]
        rng.shuffle(pool)
        for s in others:
            n = len(g.hands[s])
            g.hands[s], pool = sorted(pool[:n], key=card_key), pool[n:]
        return g


DECK = frozenset(PaoDeKuai.full_deck())


def _replays(v: Reader, g: PaoDeKuai, d: dict[str, Any]) -> None:
    """The state keeps every play and pass (``history``): played again from its deck,
    they must make exactly this state (hands, table, scores, who played, ...)."""
    v.check(len(g.history) <= PaoDeKuai.move_bound, "history is longer than any deal")
    again = PaoDeKuai.new(seed=g.seed, deck=list(g.deck))
    for i, h in enumerate(g.history):
        v.check(h[0] == again.current_player,
                f"history: move {i + 1} is not seat {h[0]}'s turn")
        move = PASS if len(h) == 1 else Move("play", tuple(h[1]))
        refusal = again.check(move)
        if refusal is not None:
            v.fail(f"history: move {i + 1} ({move}) breaks the rules ({refusal})")
        again.play(move)
    made = again.to_dict()
    wrong = [k for k in d if made.get(k) != d[k]]
    v.check(not wrong, f"its history makes another {', '.join(wrong[:4])}")
