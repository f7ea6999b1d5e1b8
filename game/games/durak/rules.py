"""Durak for two players with the Russian Atlasnye deck (rules: shared/rules/durak.md).

Places named in events: ``talon``, ``trump`` (the face-up indicator under the talon),
``hand0``/``hand1``, ``table`` (``index`` is the pair), ``discard``.
"""
from __future__ import annotations

from typing import Any, cast

from game.cards import ATLASNYE_RANKS, FRENCH_SUITS, atlasnye_deck, parse_card
from game.games.durak.observation import DurakObservation
from game.rules.base import Event, Game, IllegalMove, Move, NotationError, split_known
from game.rules.rng import Rng
from game.rules.validate import Reader, finish

RANK = {r: i for i, r in enumerate(ATLASNYE_RANKS)}
HAND_SIZE = 6
MAX_ATTACKS = 6


def _sort_key(card: str) -> tuple[int, int]:
    return SORT_KEY[card]


#: card -> (rank, suit) order; moves made once (a Move is a value): legal_moves is hot
SORT_KEY = {r + s: (i, FRENCH_SUITS.index(s)) for i, r in enumerate(ATLASNYE_RANKS)
            for s in FRENCH_SUITS}
ATTACK = {c: Move("attack", (c,)) for c in SORT_KEY}
DEFEND = {c: Move("defend", (c,)) for c in SORT_KEY}
TAKE, STOP = Move("take"), Move("stop")


class Durak(Game):
    key = "durak"
    title = "Durak"
    deck_style = "atlasnye"
    players_allowed = (2,)
    move_bound = 400
    end_rule = "DUR-9"

    def __init__(self) -> None:
        self.seed = 0
        self.deck: list[str] = []
        self.hands: list[list[str]] = [[], []]
        self.talon: list[str] = []          # drawn from the front; the indicator is last
        self.trump_card = ""
        self.attacker = 0
        self.table: list[list[str | None]] = []  # [attack, defence or None]
        self.discard: list[str] = []
        self.limit = 0                      # attack cards allowed in this bout (DUR-5)
        self.taking = False                 # the defender has said "take" (DUR-6)
        self.known: list[list[str]] = [[], []]  # known[s]: cards of seat s's hand seen by both
        self.winner: int | None = None
        self.over = False
        self.draw = False
        self.moves = 0

    # ----- construction ---------------------------------------------------------------
    @classmethod
    def full_deck(cls, **options: Any) -> list[str]:
        return atlasnye_deck()

    @classmethod
    def new(cls, seed: int | None = None, deck: list[str] | None = None,
            **options: Any) -> Durak:
        if options.get("players", 2) != 2:
            raise ValueError("Durak here is a two-player game (players=2)")
        seed, order, _ = cls._start_deck(seed, deck)
        g = cls()
        g.seed, g.deck = seed, list(order)
        # DUR-2: one at a time, seat 0 first; 13th card is the trump; rest is the talon.
        for i in range(2 * HAND_SIZE):
            g.hands[i % 2].append(order[i])
        g.trump_card = order[2 * HAND_SIZE]
        g.talon = order[2 * HAND_SIZE + 1:] + [g.trump_card]
        g.attacker = g._first_attacker()
        g.limit = min(MAX_ATTACKS, len(g.hands[g.defender]))
        return g

    def deal_events(self) -> list[Event]:
        """The deal as events (for the table's opening animation)."""
        ev = [Event("move", c, "talon", f"hand{i % 2}", seat=i % 2, face_up=(i % 2 == 0))
              for i, c in enumerate(self.deck[:2 * HAND_SIZE])]
        ev.append(Event("move", self.trump_card, "talon", "trump"))
        ev.append(Event("announce", text="trump", data={"suit": self.trump_suit}))
        ev.append(Event("announce", text="first_attacker", seat=self.attacker))
        return ev

    def _first_attacker(self) -> int:
        """DUR-3: the lowest trump attacks first; with no trumps in hand, seat 0."""
        best: tuple[int, int] | None = None
        for seat in (0, 1):
            for c in self.hands[seat]:
                if c[1] == self.trump_suit and (best is None or RANK[c[0]] < best[0]):
                    best = (RANK[c[0]], seat)
        return 0 if best is None else best[1]

    # ----- simple state ---------------------------------------------------------------
    @property
    def trump_suit(self) -> str:
        return self.trump_card[1]

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    @property
    def num_players(self) -> int:
        return 2

    @property
    def is_over(self) -> bool:
        return self.over

    def result(self) -> list[float] | None:
        """DUR-10: win 1, loss 0, draw 0.5."""
        if not self.over:
            return None
        if self.draw:
            return [0.5, 0.5]
        return [1.0 if s == self.winner else 0.0 for s in (0, 1)]

    @property
    def attack_count(self) -> int:
        return len(self.table)

    @property
    def unbeaten(self) -> str | None:
        if self.table and self.table[-1][1] is None:
            return self.table[-1][0]
        return None

    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.unbeaten is not None and not self.taking:
            return self.defender
        return self.attacker

    def beats(self, card: str, attack: str) -> bool:
        """DUR-4: higher of the same suit, or any trump on a non-trump."""
        if card[1] == attack[1]:
            return RANK[card[0]] > RANK[attack[0]]
        return card[1] == self.trump_suit

    def _table_ranks(self) -> set[str]:
        return {c[0] for pair in self.table for c in pair if c is not None}

    def _can_add(self) -> bool:
        return self.attack_count < self.limit

    # ----- moves ----------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.over:
            return []
        table = self.table
        unbeaten = table[-1][0] if table and table[-1][1] is None else None
        if unbeaten is not None and not self.taking:  # DUR-4: beat it or take
            hand = sorted(self.hands[1 - self.attacker], key=SORT_KEY.__getitem__)
            suit, rank, trump = unbeaten[1], RANK[unbeaten[0]], self.trump_card[1]
            moves = [DEFEND[c] for c in hand if (c[1] == suit and RANK[c[0]] > rank)
                     or (c[1] == trump and suit != trump)]
            moves.append(TAKE)
            return moves
        hand = sorted(self.hands[self.attacker], key=SORT_KEY.__getitem__)
        if not table:
            return [ATTACK[c] for c in hand]
        moves = []
        if len(table) < self.limit:  # DUR-5: ranks already on the table
            ranks = {c[0] for pair in table for c in pair if c is not None}
            moves = [ATTACK[c] for c in hand if c[0] in ranks]
        moves.append(STOP)
        return moves

    def _normalise(self, move: Move) -> Move:
        if move.kind in ("attack", "defend"):
            if len(move.args) != 1:
                raise NotationError(f"'{move.kind}' takes one card, e.g. '{move.kind} 7H'")
            card = parse_card(move.args[0])
            return Move(move.kind, (card,))
        if move.kind in ("take", "stop"):
            if move.args:
                raise NotationError(f"'{move.kind}' takes no cards")
            return Move(move.kind)
        raise NotationError(
            f"unknown Durak move {str(move)!r}: moves are 'attack <card>', "
            "'defend <card>', 'take' and 'stop'"
        )

    def _why_illegal(self, move: Move) -> IllegalMove:
        seat = self.current_player
        assert seat is not None
        defending = self.unbeaten is not None and not self.taking
        if move.args:
            card = move.args[0]
            if card not in DECK:
                return IllegalMove("DUR-1", f"{card} is not in the 36-card Durak deck (6 to A)",
                                   key="durak.not_in_deck", params={"card": card})
            if card not in self.hands[seat]:
                rule = "DUR-4" if move.kind == "defend" else "DUR-5"
                return IllegalMove(rule, f"{card} is not in the hand of seat {seat}",
                                   key="card_not_in_hand", params={"card": card, "seat": seat})
        if defending:
            attack = self.unbeaten
            if move.kind == "defend":
                return IllegalMove("DUR-4", f"{move.args[0]} does not beat {attack}",
                                   key="does_not_beat",
                                   params={"card": move.args[0], "target": attack})
            return IllegalMove("DUR-4", f"the defender must beat {attack} or take",
                               key="durak.beat_or_take", params={"target": attack})
        if move.kind == "defend":
            return IllegalMove("DUR-4", "there is no unbeaten attack card to defend",
                               key="durak.nothing_to_defend")
        if move.kind == "take":
            return IllegalMove("DUR-6", "taking is only for the defender facing an "
                                        "unbeaten attack card",
                               key="durak.take_only_defender")
        if move.kind == "stop":
            return IllegalMove("DUR-5", "a bout cannot be stopped before it has begun",
                               key="durak.stop_before_start")
        # attack
        if not self._can_add():
            return IllegalMove("DUR-5", f"this bout already holds {self.attack_count} attack "
                                        f"cards, its limit",
                               key="durak.attack_limit", params={"n": self.attack_count})
        return IllegalMove("DUR-5", f"{move.args[0]} matches no rank on the table "
                                    f"({' '.join(sorted(self._table_ranks()))})",
                           key="durak.not_matching",
                           params={"card": move.args[0],
                                   "ranks": sorted(self._table_ranks())})

    def _apply(self, move: Move) -> list[Event]:
        self.moves += 1
        seat = self.current_player
        assert seat is not None
        ev: list[Event] = []
        if move.kind == "attack":
            card = move.args[0]
            self.hands[seat].remove(card)
            self._forget(seat, card)
            self.table.append([card, None])
            ev.append(Event("move", card, f"hand{seat}", "table", seat=seat,
                            index=len(self.table) - 1))
        elif move.kind == "defend":
            card = move.args[0]
            self.hands[seat].remove(card)
            self._forget(seat, card)
            self.table[-1][1] = card
            ev.append(Event("move", card, f"hand{seat}", "table", seat=seat,
                            index=len(self.table) - 1, data={"defence": True}))
        elif move.kind == "take":
            self.taking = True
            ev.append(Event("announce", text="take", seat=seat))
        else:  # stop: the bout ends
            ev += self._end_bout()
        return ev

    def _forget(self, seat: int, card: str) -> None:
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _end_bout(self) -> list[Event]:
        ev: list[Event] = []
        att, dfn = self.attacker, self.defender
        cards = [c for pair in self.table for c in pair if c is not None]
        if self.taking:  # DUR-6: the defender picks up everything; same attacker again
            for c in cards:
                self.hands[dfn].append(c)
                self.known[dfn].append(c)
                ev.append(Event("move", c, "table", f"hand{dfn}", seat=dfn))
            ev.append(Event("announce", text="bout_taken", seat=dfn))
            next_attacker = att
        else:  # DUR-7: discarded; the defender attacks next
            for c in cards:
                self.discard.append(c)
                ev.append(Event("move", c, "table", "discard", face_up=False))
            ev.append(Event("announce", text="bout_beaten", seat=dfn))
            next_attacker = dfn
        self.table = []
        self.taking = False
        # DUR-8: the attacker of the bout draws first, then the defender
        for seat in (att, dfn):
            while len(self.hands[seat]) < HAND_SIZE and self.talon:
                c = self.talon.pop(0)
                src = "trump" if not self.talon else "talon"
                self.hands[seat].append(c)
                if src == "trump":  # the indicator was seen by both
                    self.known[seat].append(c)
                ev.append(Event("move", c, src, f"hand{seat}", seat=seat, face_up=(seat == 0)))
        self.attacker = next_attacker
        # DUR-9: empty hands are checked only now, and only once the talon is empty
        if not self.talon and (not self.hands[0] or not self.hands[1]):
            self.over = True
            if not self.hands[0] and not self.hands[1]:
                self.draw = True
            else:
                self.winner = 0 if not self.hands[0] else 1
            ev.append(Event("announce", text="deal_over", data={"result": self.result()}))
        else:
            self.limit = min(MAX_ATTACKS, len(self.hands[self.defender]))
        return ev

    # ----- what a seat sees -------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        opp = 1 - seat
        obs: DurakObservation = {
            "game": self.key,
            "seat": seat,
            "hand": sorted(self.hands[seat], key=_sort_key),
            "opponent_hand_size": len(self.hands[opp]),
            "opponent_known": sorted(self.known[opp], key=_sort_key),
            "talon_size": len(self.talon),
            "trump_card": self.trump_card,
            "trump_suit": self.trump_suit,
            "trump_in_talon": bool(self.talon),
            "table": [list(p) for p in self.table],
            "discard_count": len(self.discard),
            "discard": sorted(self.discard, key=_sort_key),
            "attacker": self.attacker,
            "defender": self.defender,
            "current_player": self.current_player,
            "taking": self.taking,
            "bout_limit": self.limit,
            "is_over": self.over,
            "result": self.result(),
        }
        return cast("dict[str, Any]", obs)    # the contract's JSON-safe dict

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.key, "seed": self.seed, "deck": list(self.deck),
            "hands": [list(h) for h in self.hands], "talon": list(self.talon),
            "trump_card": self.trump_card, "attacker": self.attacker,
            "table": [list(p) for p in self.table], "discard": list(self.discard),
            "limit": self.limit, "taking": self.taking,
            "known": [list(k) for k in self.known], "winner": self.winner,
            "over": self.over, "draw": self.draw, "moves": self.moves,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Durak:
        """The state ``to_dict`` gave; StateError for anything that is not one."""
        v = Reader(cls, d, cls().to_dict())
        g = cls()
        g.seed, g.deck = v.seed(), v.deck_order()
        g.hands = v.card_lists("hands", 2)
        g.talon = v.cards("talon")
        g.trump_card = v.card(d["trump_card"], "trump_card")
        v.check(g.trump_card == g.deck[2 * HAND_SIZE],
                "the trump card is not the deck's thirteenth card (DUR-2)")
        v.check(not g.talon or g.talon[-1] == g.trump_card, "the trump card is not last")
        g.attacker = v.integer("attacker", 0, 1)
        for pair in v.items("table"):
            v.check(isinstance(pair, list) and len(pair) == 2 and pair[0] is not None,
                    "table is not a list of [attack, defence or null] pairs")
            g.table.append([v.card(pair[0], "table"),
                            None if pair[1] is None else v.card(pair[1], "table")])
        g.discard = v.cards("discard")
        g.limit, g.taking = v.integer("limit", 0, MAX_ATTACKS), v.boolean("taking")
        g.known = v.card_lists("known", 2)
        dealt = (g.deck[0:2 * HAND_SIZE:2], g.deck[1:2 * HAND_SIZE:2])   # DUR-2
        for s in (0, 1):
            v.subset(g.known[s], g.hands[s], f"known[{s}] names cards not in that hand")
            # both saw it come: the trump card (drawn last, face up: DUR-8) and a card of
            # the other seat's first hand (only a take brings it over: DUR-6)
            seen = [c for c in g.hands[s] if c == g.trump_card or c in dealt[1 - s]]
            v.subset(seen, g.known[s], f"known[{s}] leaves out cards both seats saw that "
                                       "hand take or draw face up")
        g.winner, g.over = v.optional_int("winner", 0, 1), v.boolean("over")
        g.draw, g.moves = v.boolean("draw"), v.moves()
        v.check(g.over == (g.draw or g.winner is not None) and not (g.draw and g.winner
                                                                   is not None),
                "over, draw and winner disagree")
        v.check(len(g.table) <= g.limit or g.over, "more attack cards than the bout allows")
        v.check(all(a is not None and (b is None or g.beats(b, a)) for a, b in g.table),
                "a defence card does not beat its attack card")
        v.check(g.taking or all(p[1] is not None for p in g.table[:-1]),
                "an attack card was passed by unbeaten")
        v.check(not g.taking or any(p[1] is None for p in g.table),
                "the defender takes with nothing unbeaten")
        finish(v, g, d)
        return g

    def clone(self) -> Durak:
        g = Durak.__new__(Durak)
        g.__dict__.update(self.__dict__)
        g.hands = [list(h) for h in self.hands]
        g.talon = list(self.talon)
        g.table = [list(p) for p in self.table]
        g.discard = list(self.discard)
        g.known = [list(k) for k in self.known]
        return g

    def cards_in_play(self) -> list[str]:
        return ([c for h in self.hands for c in h] + self.talon + self.discard
                + [c for p in self.table for c in p if c is not None])

    def determinize(self, seat: int, rng: Rng) -> Durak:
        """Shuffle the opponent's unseen hand cards with the talon's hidden part."""
        g = self.clone()
        opp = 1 - seat
        kept, opp_hidden = split_known(g.hands[opp], g.known[opp])
        talon_hidden = g.talon[:-1] if g.talon else []
        pool = opp_hidden + talon_hidden
        rng.shuffle(pool)
        n = len(opp_hidden)
        g.hands[opp] = kept + pool[:n]
        if g.talon:
            g.talon = pool[n:] + [g.talon[-1]]
        return g


    @classmethod
    def from_observation(cls, obs: dict[str, Any], hidden: list[str],
                         talon: list[str]) -> Durak:
        """The state one seat's observation shows, with ``hidden`` the opponent's cards
        that seat has not seen (beside those it saw picked up) and ``talon`` the talon
        above the trump card, in the order ``to_dict`` lists it.  Which cards go where is
        the AI's inference (game/games/durak/infer.py)."""
        seat, opp = obs["seat"], 1 - obs["seat"]
        g = cls()
        g.hands[seat] = list(obs["hand"])
        g.hands[opp] = list(obs["opponent_known"]) + list(hidden)
        g.talon = list(talon) + ([obs["trump_card"]] if obs["trump_in_talon"] else [])
        g.trump_card = obs["trump_card"]
        g.attacker = obs["attacker"]
        g.table = [list(p) for p in obs["table"]]
        g.discard = list(obs["discard"])
        g.limit, g.taking = obs["bout_limit"], obs["taking"]
        g.known[opp] = list(obs["opponent_known"])
        g.deck = g.cards_in_play()
        return g


DECK = frozenset(atlasnye_deck())
