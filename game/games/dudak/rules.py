"""Dudák for four players with Czech (German-suited) cards (rules: shared/rules/dudak.md).

Places named in events: ``hand0``..``hand3``, ``pile`` (face up, the top card is last),
``collected0``..``collected3`` (cards collected and waiting), ``out`` (abštych).
"""
from __future__ import annotations

from typing import Any, cast

from game.cards import CZECH_RANKS, CZECH_SUITS, czech_deck, parse_card
from game.games.dudak.observation import DudakObservation, DudakPhase
from game.rules.base import Event, Game, IllegalMove, Move, NotationError, split_known
from game.rules.rng import Rng, deal_rng
from game.rules.validate import Reader, finish

RANK = {r: i for i, r in enumerate(CZECH_RANKS)}
PLAYERS = 4
HAND_SIZE = 8
MOVE_LIMIT = 2000  # DUD-12
SUIT_WORDS = {"L": "leaves", "H": "hearts", "B": "bells", "A": "acorns"}


def card_key(card: str) -> tuple[int, int]:
    return CZECH_SUITS.index(card[1]), RANK[card[0]]


def surrender_dealer(seed: int) -> int:
    """DUD-2: after a surrender the next dealer is random, drawn from the deal's seed (its
    own stream, so it is the same seat whenever that deal is given up)."""
    return Rng(seed ^ 0xD0DA).below(PLAYERS)


class Dudak(Game):
    key = "dudak"
    title = "Dudák"
    deck_style = "czech"
    players_allowed = (4,)
    move_bound = MOVE_LIMIT
    end_rule = "DUD-10"
    loss_label = "dudák"

    def __init__(self) -> None:
        self.seed = 0
        self.deck: list[str] = []
        self.dealer = 3
        self.hands: list[list[str]] = [[] for _ in range(PLAYERS)]
        self.collected: list[list[str]] = [[] for _ in range(PLAYERS)]
        self.known: list[list[str]] = [[] for _ in range(PLAYERS)]
        self.trumps: list[str | None] = [None] * PLAYERS
        self.pile: list[str] = []
        self.out: list[str] = []
        self.current = 0
        self.phase: DudakPhase = "start"
        self.dudak: int | None = None
        self.by_safety_net = False
        self.out_order: list[int] = []  # DUD-9: seats in the order they went out
        self.moves = 0

    # ----- construction -----------------------------------------------------------------
    @classmethod
    def full_deck(cls, **options: Any) -> list[str]:
        return czech_deck()

    @classmethod
    def new(cls, seed: int | None = None, deck: list[str] | None = None,
            **options: Any) -> Dudak:
        players = options.pop("players", PLAYERS)
        dealer = options.pop("dealer", None)
        if players != PLAYERS:
            raise ValueError("Dudák is a four-player game (players=4)")
        if options:
            raise ValueError(f"unknown Dudák options: {', '.join(options)}")
        seed, order, _ = cls._start_deck(seed, deck)
        if dealer is None:
            # DUD-2: a new game has a random dealer (from the seed); explicit deck: seat 3
            dealer = 3 if deck is not None else deal_rng(seed).below(PLAYERS)
        if dealer not in range(PLAYERS):
            raise ValueError("dealer must be a seat 0..3")
        g = cls()
        g.seed, g.deck, g.dealer = seed, list(order), dealer
        first = (dealer + 1) % PLAYERS
        for i, c in enumerate(order):  # one at a time, from the player left of the dealer
            g.hands[(first + i) % PLAYERS].append(c)
        g.current = first
        return g

    def options(self) -> dict[str, Any]:
        return {"dealer": self.dealer}

    def next_options(self, surrendered: bool = False) -> dict[str, Any]:
        """DUD-2: the Dudák deals the next game; after a surrender (or a deal that did not
        end) the dealer is random, drawn from this deal's seed."""
        if surrendered or self.dudak is None:
            return {"dealer": surrender_dealer(self.seed)}
        return {"dealer": self.dudak}

    def deal_events(self) -> list[Event]:
        first = (self.dealer + 1) % PLAYERS
        ev = [Event("move", c, "deck", f"hand{(first + i) % PLAYERS}",
                    seat=(first + i) % PLAYERS, face_up=((first + i) % PLAYERS == 0))
              for i, c in enumerate(self.deck)]
        ev.append(Event("announce", text="first_player", seat=self.current))
        return ev

    # ----- state ------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return PLAYERS

    @property
    def is_over(self) -> bool:
        return self.dudak is not None

    @property
    def current_player(self) -> int | None:
        return None if self.dudak is not None else self.current

    def result(self) -> list[float] | None:
        """DUD-10: 1 for each player who went out, 0 for the Dudák."""
        if self.dudak is None:
            return None
        return [0.0 if s == self.dudak else 1.0 for s in range(PLAYERS)]

    @property
    def next_player(self) -> int | None:
        """DUD-2: who acts when the current turn ends (the next seat clockwise that still
        holds cards); None once the deal is over."""
        return None if self.dudak is not None else self._next(self.current)

    @property
    def net_tie(self) -> bool:
        """DUD-12: the safety net's Dudák was chosen among players holding as many cards
        (the tie went to whoever would act soonest)."""
        if not self.by_safety_net or self.dudak is None:
            return False
        most = self.card_count(self.dudak)
        return any(self.card_count(s) == most for s in range(PLAYERS) if s != self.dudak)

    def card_count(self, seat: int) -> int:
        return len(self.hands[seat]) + len(self.collected[seat])

    def is_out(self, seat: int) -> bool:
        return self.card_count(seat) == 0

    @property
    def top(self) -> str | None:
        return self.pile[-1] if self.pile else None

    def beats(self, card: str, top: str, seat: int) -> bool:
        """DUD-5: higher of the top card's suit, or one's own trump on another suit."""
        if card[1] == top[1]:
            return RANK[card[0]] > RANK[top[0]]
        return card[1] == self.trumps[seat]

    def _free_suits(self) -> list[str]:
        return [s for s in CZECH_SUITS if s not in self.trumps]

    def _can_declare(self, seat: int) -> bool:
        return self.phase == "start" and self.trumps[seat] is None and bool(self._free_suits())

    # ----- moves ------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.dudak is not None:
            return []
        seat = self.current
        hand = sorted(self.hands[seat], key=card_key)
        moves: list[Move] = []
        if self._can_declare(seat):
            moves += [Move("declare", (s,)) for s in self._free_suits()]
        if self.phase == "follow":
            return [Move("follow", (c,)) for c in hand]
        top = self.top
        if top is None:
            return moves + [Move("lead", (c,)) for c in hand]
        moves += [Move("beat", (c,)) for c in hand if self.beats(c, top, seat)]
        if self.trumps[seat] is None:
            moves.append(Move("collect"))
        moves.append(Move("take"))
        return moves

    def _normalise(self, move: Move) -> Move:
        if move.kind == "declare":
            if len(move.args) != 1 or move.args[0].upper() not in tuple(CZECH_SUITS):
                raise NotationError("'declare' takes one suit: L (leaves), H (hearts), "
                                    "B (bells) or A (acorns)")
            return Move("declare", (move.args[0].upper(),))
        if move.kind in ("lead", "beat", "follow"):
            if len(move.args) != 1:
                raise NotationError(f"'{move.kind}' takes one card, e.g. '{move.kind} UH'")
            return Move(move.kind, (parse_card(move.args[0], "czech"),))
        if move.kind in ("collect", "take"):
            if move.args:
                raise NotationError(f"'{move.kind}' takes nothing after it")
            return Move(move.kind)
        raise NotationError(f"unknown Dudák move {str(move)!r}: moves are 'declare <suit>', "
                            "'lead <card>', 'beat <card>', 'follow <card>', 'collect', 'take'")

    def _why_illegal(self, move: Move) -> IllegalMove:
        seat = self.current
        top = self.top
        if move.kind == "declare":
            if self.trumps[seat] is not None:
                return IllegalMove("DUD-3", f"seat {seat} has declared a trump already",
                                   key="dudak.already_declared", params={"seat": seat})
            if move.args[0] in self.trumps:
                return IllegalMove("DUD-3", f"{SUIT_WORDS[move.args[0]]} are already "
                                            "someone's trump",
                                   key="dudak.suit_taken", params={"suit": move.args[0]})
            return IllegalMove("DUD-3", "a trump is declared only at the start of your turn, "
                                        "before you act",
                               key="dudak.declare_timing", params={"suit": move.args[0]})
        if move.kind in ("lead", "beat", "follow") and move.args[0] not in self.hands[seat]:
            if move.args[0] in self.collected[seat]:
                return IllegalMove("DUD-7", f"{move.args[0]} was collected this turn; beat "
                                            "with a card you held before collecting",
                                   key="dudak.collected_this_turn",
                                   params={"card": move.args[0]})
            return IllegalMove("DUD-5", f"{move.args[0]} is not in the hand of seat {seat}",
                               key="card_not_in_hand",
                               params={"card": move.args[0], "seat": seat})
        if self.phase == "follow":
            return IllegalMove("DUD-6", "after beating, put a follow-up card on top",
                               key="dudak.must_follow")
        if move.kind == "follow":
            return IllegalMove("DUD-6", "a follow-up card comes only after beating",
                               key="dudak.follow_after_beat")
        if move.kind == "lead":
            return IllegalMove("DUD-4", f"the table is not empty: beat {top}, or pick up",
                               key="dudak.table_not_empty", params={"top": top})
        if top is None:
            return IllegalMove("DUD-4", "the table is empty: lead a card",
                               key="dudak.table_empty")
        if move.kind == "beat":
            card = move.args[0]
            if top[1] == self.trumps[seat] and card[1] != top[1]:
                return IllegalMove("DUD-5", f"{top} is of your trump suit: only a higher "
                                            f"{SUIT_WORDS[top[1]]} card beats it",
                                   key="dudak.trump_needs_higher",
                                   params={"card": card, "top": top, "suit": top[1]})
            return IllegalMove("DUD-5", f"{card} does not beat {top}",
                               key="does_not_beat", params={"card": card, "target": top})
        if move.kind == "collect":
            return IllegalMove("DUD-8", "with a trump declared you may only beat or take "
                                        "the whole pile",
                               key="dudak.no_collect_with_trump")
        return IllegalMove("DUD-8", "taking is not possible now",
                           key="dudak.cannot_take")

    def _apply(self, move: Move) -> list[Event]:
        self.moves += 1
        seat = self.current
        ev: list[Event] = []
        kind = move.kind
        if kind == "declare":
            suit = move.args[0]
            self.trumps[seat] = suit
            ev.append(Event("announce", text="trump", seat=seat, data={"suit": suit}))
            if sum(t is not None for t in self.trumps) == PLAYERS - 1:
                last = self.trumps.index(None)   # DUD-3: the last suit goes automatically
                rest = self._free_suits()[0]
                self.trumps[last] = rest
                ev.append(Event("announce", text="trump", seat=last,
                                data={"suit": rest, "automatic": True}))
            return ev + self._after_move(end_turn=False)
        if kind == "lead":
            ev += self._to_pile(seat, move.args[0])
            return ev + self._after_move(end_turn=True)
        if kind == "follow":
            ev += self._to_pile(seat, move.args[0])
            self.phase = "start"
            return ev + self._after_move(end_turn=True)
        if kind == "beat":
            ev += self._to_pile(seat, move.args[0])
            waiting = self.collected[seat]
            if waiting:
                for c in waiting:
                    ev.append(Event("move", c, f"collected{seat}", f"hand{seat}", seat=seat))
                self.hands[seat] += waiting
                self.collected[seat] = []
            if not self.hands[seat]:      # DUD-9: abštych
                for c in self.pile:
                    ev.append(Event("move", c, "pile", "out"))
                self.out += self.pile
                self.pile = []
                ev.append(Event("announce", text="abstych", seat=seat))
                self.phase = "start"
                return ev + self._after_move(end_turn=True)
            self.phase = "follow"
            return ev + self._after_move(end_turn=False)
        if kind == "collect":
            c = self.pile.pop()
            self.collected[seat].append(c)
            self.known[seat].append(c)
            ev.append(Event("move", c, "pile", f"collected{seat}", seat=seat))
            if self.pile:
                self.phase = "collecting"
                return ev + self._after_move(end_turn=False)
            ev += self._join_collected(seat)
            return ev + self._after_move(end_turn=True)
        # take: the whole pile (and anything collected) joins the hand
        for c in reversed(self.pile):
            self.hands[seat].append(c)
            self.known[seat].append(c)
            ev.append(Event("move", c, "pile", f"hand{seat}", seat=seat))
        self.pile = []
        ev += self._join_collected(seat)
        ev.append(Event("announce", text="take", seat=seat))
        return ev + self._after_move(end_turn=True)

    def _to_pile(self, seat: int, card: str) -> list[Event]:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
        self.pile.append(card)
        return [Event("move", card, f"hand{seat}", "pile", seat=seat)]

    def _join_collected(self, seat: int) -> list[Event]:
        ev = [Event("move", c, f"collected{seat}", f"hand{seat}", seat=seat)
              for c in self.collected[seat]]
        self.hands[seat] += self.collected[seat]
        self.collected[seat] = []
        return ev

    def _after_move(self, end_turn: bool) -> list[Event]:
        ev: list[Event] = []
        if end_turn:
            self.phase = "start"
            self.current = self._next(self.current)
        for s in range(PLAYERS):                            # DUD-9: out for good
            if self.is_out(s) and s not in self.out_order:
                self.out_order.append(s)
                ev.append(Event("announce", text="out", seat=s,
                                data={"place": len(self.out_order)}))
        holders = [s for s in range(PLAYERS) if not self.is_out(s)]
        if len(holders) <= 1:  # DUD-10
            self.dudak = holders[0] if holders else self.current
        elif self.moves >= MOVE_LIMIT:  # DUD-12: most cards; ties go to who acts soonest
            order = [(self.current + i) % PLAYERS for i in range(PLAYERS)]
            most = max(self.card_count(s) for s in order)
            self.dudak = next(s for s in order if self.card_count(s) == most)
            self.by_safety_net = True
        if self.dudak is not None:
            ev.append(Event("announce", text="deal_over", seat=self.dudak,
                            data={"result": self.result(), "safety_net": self.by_safety_net}))
        return ev

    def _next(self, seat: int) -> int:
        """The next seat clockwise that still holds cards (DUD-2, DUD-9)."""
        for i in range(1, PLAYERS + 1):
            s = (seat + i) % PLAYERS
            if not self.is_out(s):
                return s
        return seat

    # ----- views ------------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        obs: DudakObservation = {
            "game": self.key,
            "seat": seat,
            "hand": sorted(self.hands[seat], key=card_key),
            "collected": [list(c) for c in self.collected],
            "card_counts": [self.card_count(s) for s in range(PLAYERS)],
            "hand_sizes": [len(h) for h in self.hands],
            "known": [sorted(k, key=card_key) if s != seat else []
                      for s, k in enumerate(self.known)],
            "trumps": list(self.trumps),
            "pile": list(self.pile),
            "out": list(self.out),
            "dealer": self.dealer,
            "current_player": self.current_player,
            "next_player": self.next_player,
            "phase": self.phase,
            "moves": self.moves,
            "out_order": list(self.out_order),
            "is_over": self.is_over,
            "dudak": self.dudak,
            "safety_net": self.by_safety_net,
            "net_tie": self.net_tie,
            "result": self.result(),
        }
        return cast("dict[str, Any]", obs)    # the contract's JSON-safe dict

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.key, "seed": self.seed, "deck": list(self.deck),
            "dealer": self.dealer, "hands": [list(h) for h in self.hands],
            "collected": [list(c) for c in self.collected],
            "known": [list(k) for k in self.known], "trumps": list(self.trumps),
            "pile": list(self.pile), "out": list(self.out), "current": self.current,
            "phase": self.phase, "dudak": self.dudak, "safety_net": self.by_safety_net,
            "moves": self.moves, "out_order": list(self.out_order),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Dudak:
        """The state ``to_dict`` gave; StateError for anything that is not one."""
        v = Reader(cls, d, cls().to_dict(), optional=("out_order",))
        g = cls()
        g.seed, g.deck = v.seed(), v.deck_order()
        g.dealer = v.integer("dealer", 0, PLAYERS - 1)
        g.hands = v.card_lists("hands", PLAYERS)
        g.collected = v.card_lists("collected", PLAYERS)
        g.known = v.card_lists("known", PLAYERS)
        first = (g.dealer + 1) % PLAYERS
        for s in range(PLAYERS):
            held = g.hands[s] + g.collected[s]
            v.subset(g.known[s], held, f"known[{s}] names cards that seat does not hold")
            # everyone saw it come from the pile (DUD-7, DUD-8): each card collected, and
            # each card it holds that it was not dealt (DUD-2)
            dealt = g.deck[(s - first) % PLAYERS::PLAYERS]
            seen = set(g.collected[s]) | {c for c in held if c not in dealt}
            v.subset(sorted(seen), g.known[s], f"known[{s}] leaves out cards that seat "
                                               "picked up from the pile")
        g.trumps = list(v.lists("trumps", PLAYERS))
        named = [t for t in g.trumps if t is not None]
        v.check(all(type(t) is str and len(t) == 1 and t in CZECH_SUITS for t in named)
                and len(set(named)) == len(named), "trumps are not distinct suits or null")
        g.pile, g.out = v.cards("pile"), v.cards("out")
        g.current = v.integer("current", 0, PLAYERS - 1)
        g.phase = v.choice("phase", ("start", "collecting", "follow"))
        g.dudak = v.optional_int("dudak", 0, PLAYERS - 1)
        g.by_safety_net, g.moves = v.boolean("safety_net"), v.moves()
        v.check(all(not c or s == g.current and g.phase == "collecting"
                    for s, c in enumerate(g.collected)),
                "only the seat collecting now has collected cards")
        v.check(g.phase == "start" or bool(g.pile), "a follow-up or collection with no pile")
        v.check(g.by_safety_net <= (g.dudak is not None), "a safety net with no Dudák")
        if g.dudak is None:       # DUD-12: the safety net ends a deal at its 2,000th move
            v.check(g.moves < MOVE_LIMIT, f"the deal goes on after {MOVE_LIMIT} moves")
        else:
            v.check(g.moves == MOVE_LIMIT if g.by_safety_net else g.moves <= MOVE_LIMIT,
                    f"the safety net ends a deal at its {MOVE_LIMIT}th move, and only then")
        holders = [s for s in range(PLAYERS) if not g.is_out(s)]
        if g.dudak is None:
            v.check(len(holders) > 1 and g.current in holders,
                    "the deal goes on but the seat to act has no cards")
        elif not g.by_safety_net:
            v.check(holders in ([], [g.dudak]), "the Dudák is not the last with cards")
        out = [s for s in range(PLAYERS) if g.is_out(s)]
        if "out_order" in d:
            g.out_order = [v.int_value(s, "out_order", 0, PLAYERS - 1)
                           for s in v.items("out_order", PLAYERS)]
            v.check(sorted(g.out_order) == out,
                    "out_order does not list each seat that is out once")
        else:     # a state from before out_order was kept: the seats out, in seat order
            g.out_order = out
            d = {**d, "out_order": out}
        finish(v, g, d)
        return g

    def clone(self) -> Dudak:
        g = Dudak.__new__(Dudak)
        g.__dict__.update(self.__dict__)
        g.hands = [list(h) for h in self.hands]
        g.collected = [list(c) for c in self.collected]
        g.known = [list(k) for k in self.known]
        g.trumps = list(self.trumps)
        g.pile, g.out = list(self.pile), list(self.out)
        g.out_order = list(self.out_order)
        return g

    def cards_in_play(self) -> list[str]:
        return ([c for h in self.hands for c in h] + [c for k in self.collected for c in k]
                + self.pile + self.out)

    @classmethod
    def from_observation(cls, obs: dict[str, Any], hidden: list[list[str]]) -> Dudak:
        """The state one seat's observation shows, with ``hidden[s]`` the cards of seat
        ``s``'s hand that the seat has not seen (beside those it knows are there; its own
        entry is not read).  Which cards go where is the AI's inference
        (game/games/dudak/infer.py)."""
        seat = obs["seat"]
        g = cls()
        for s in range(PLAYERS):
            if s == seat:
                g.hands[s] = list(obs["hand"])
                continue
            g.hands[s] = list(obs["known"][s]) + list(hidden[s])
            g.known[s] = list(obs["known"][s])
        g.collected = [list(k) for k in obs["collected"]]
        g.trumps = list(obs["trumps"])
        g.pile, g.out = list(obs["pile"]), list(obs["out"])
        g.dealer, g.current, g.phase = obs["dealer"], obs["current_player"], obs["phase"]
        g.moves = obs["moves"]
        g.out_order = list(obs["out_order"])
        g.deck = g.cards_in_play()
        return g

    def determinize(self, seat: int, rng: Rng) -> Dudak:
        """Shuffle the other players' unseen hand cards among them (counts kept)."""
        g = self.clone()
        others = [s for s in range(PLAYERS) if s != seat]
        split = {s: split_known(g.hands[s], g.known[s]) for s in others}
        pool = [c for s in others for c in split[s][1]]
        rng.shuffle(pool)
        for s in others:
            kept, hidden = split[s]
            g.hands[s], pool = kept + pool[:len(hidden)], pool[len(hidden):]
        return g
