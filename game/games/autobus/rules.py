"""Hospodský autobus for two to four players (rules: shared/rules/autobus.md).

Places named in events: ``hand<s>``, ``reserve<s>`` (``index`` 0 is the bottom),
``aux<s>.<k>`` (k = 1..4), ``run<k>``, ``stock``, ``completed``.
"""
from __future__ import annotations

import re
from typing import Any, cast

from game.cards import JOKER, french_deck, parse_card
from game.games.autobus.observation import AutobusObservation
from game.rules.base import Event, Game, IllegalMove, Move, NotationError
from game.rules.rng import Rng
from game.rules.validate import Reader, finish

RUN_RANKS = "A23456789TJQK"
VALUE = {r: i + 1 for i, r in enumerate(RUN_RANKS)}  # A = 1 .. K = 13
HAND_SIZE = 4
RESERVE_SIZE = 10
AUX = 4
TURN_LIMIT = 3000  # BUS-11 safety net
SOURCES = ("hand", "reserve", "aux1", "aux2", "aux3", "aux4")
_RUN = re.compile(r"^run([1-9]\d{0,5})$")  # no deal has more than a dozen runs
_AUX = re.compile(r"^aux([1-4])(?:=(.+))?$", re.IGNORECASE)


def card_sort_key(card: str) -> tuple[int, str]:
    return (99, "") if card == JOKER else (VALUE[card[0]], card[1])


class Autobus(Game):
    key = "autobus"
    title = "Hospodský autobus"
    deck_style = "french"
    players_allowed = (2, 3, 4)
    move_bound = 60000
    end_rule = "BUS-3"

    def __init__(self) -> None:
        self.seed = 0
        self.deck: list[str] = []
        self.players = 2
        self.rng = Rng(0)
        self.reserves: list[list[str]] = []        # the top is the last card
        self.hands: list[list[str]] = []
        self.aux: list[list[list[str]]] = []        # aux[s][k-1]: cards, the top last
        self.aux_rank: list[list[str | None]] = []  # the pile's rank (jokers take it)
        self.runs: list[list[str] | None] = []      # runs[k-1]; None: number free
        self.stock: list[str] = []                  # drawn from the front
        self.completed: list[str] = []
        self.current = 0
        self.turn = 1
        self.run_played = False                     # a card went onto a run this turn
        self.quiet = 0
        self.winner: int | None = None
        self.drawn = False                          # BUS-11 draw
        self.moves = 0

    # ----- construction ---------------------------------------------------------------
    @classmethod
    def full_deck(cls, **options: Any) -> list[str]:
        """BUS-1: two French decks and four jokers."""
        return french_deck() + french_deck() + [JOKER] * 4

    @classmethod
    def new(cls, seed: int | None = None, deck: list[str] | None = None,
            **options: Any) -> Autobus:
        players = options.pop("players", 2)
        if options:
            raise ValueError(f"unknown Hospodský autobus options: {', '.join(options)}")
        if players not in cls.players_allowed:
            raise ValueError("Hospodský autobus takes 2, 3 or 4 players")
        seed, order, rng = cls._start_deck(seed, deck)
        g = cls()
        g.seed, g.deck, g.players, g.rng = seed, list(order), players, rng
        pos = 0
        for _ in range(players):  # BUS-2: reserves of ten, the tenth is the top
            g.reserves.append(order[pos:pos + RESERVE_SIZE])
            pos += RESERVE_SIZE
        for _ in range(players):
            g.hands.append(order[pos:pos + HAND_SIZE])
            pos += HAND_SIZE
        g.stock = order[pos:]
        g.aux = [[[] for _ in range(AUX)] for _ in range(players)]
        g.aux_rank = [[None] * AUX for _ in range(players)]
        return g

    def options(self) -> dict[str, Any]:
        return {"players": self.players}

    def next_options(self, surrendered: bool = False) -> dict[str, Any]:
        """"Next game" keeps the number of players."""
        return {"players": self.players}

    def deal_events(self) -> list[Event]:
        ev = []
        for s in range(self.players):
            for i, c in enumerate(self.reserves[s]):
                ev.append(Event("move", c, "stock", f"reserve{s}", seat=s, index=i,
                                face_up=(i == RESERVE_SIZE - 1)))
        for s in range(self.players):
            for c in self.hands[s]:
                ev.append(Event("move", c, "stock", f"hand{s}", seat=s, face_up=(s == 0)))
        return ev

    # ----- state ----------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.players

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.drawn

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.current

    def result(self) -> list[float] | None:
        """BUS-3: minus the cards left in each reserve (the winner has 0)."""
        if not self.is_over:
            return None
        return [-float(len(r)) for r in self.reserves]

    @staticmethod
    def result_outcomes(result: list[float]) -> list[str]:
        """BUS-3: the seat whose reserve is empty wins; with none (a draw) no one does."""
        if 0 in result:
            return ["win" if r == 0 else "loss" for r in result]
        return ["draw"] * len(result)

    def run_needs(self) -> list[str]:
        """BUS-5: the ranks the open runs need next, low to high, each once."""
        return [RUN_RANKS[v - 1] for v in sorted({len(r) + 1 for r in self.runs
                                                  if r is not None})]

    def need(self, k: int) -> int | None:
        """The rank value run ``k`` needs next (None: no such open run)."""
        run = self.runs[k - 1] if 1 <= k <= len(self.runs) else None
        return None if run is None else len(run) + 1

    def _source_card(self, seat: int, src: str) -> str | None:
        if src == "reserve":
            return self.reserves[seat][-1] if self.reserves[seat] else None
        if src.startswith("aux"):
            pile = self.aux[seat][int(src[3]) - 1]
            return pile[-1] if pile else None
        return None

    def run_play_exists(self) -> bool:
        """BUS-11: could any player put a card onto a run or start a new one now, from
        hand, reserve top or an auxiliary top?"""
        needs = {len(r) + 1 for r in self.runs if r is not None}
        for s in range(self.players):
            cards = list(self.hands[s])
            cards += [p[-1] for p in (self.reserves[s], *self.aux[s]) if p]
            for c in cards:
                if c == JOKER or c[0] == "A" or VALUE[c[0]] in needs:
                    return True
        return False

    # ----- moves ----------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        s = self.current
        # the open runs, and those wanting each rank value (ascending: the moves' order)
        open_runs: list[str] = []
        wanting: dict[int, list[str]] = {}
        for k, run in enumerate(self.runs, 1):
            if run is not None:
                open_runs.append(f"run{k}")
                wanting.setdefault(len(run) + 1, []).append(f"run{k}")
        hand = sorted(set(self.hands[s]), key=card_sort_key)
        sources: list[tuple[str, str]] = [(c, "hand") for c in hand]
        for src in SOURCES[1:]:
            top = self._source_card(s, src)
            if top is not None:
                sources.append((top, src))
        moves: list[Move] = []
        for c, src in sources:
            joker = c == JOKER
            for run_name in open_runs if joker else wanting.get(VALUE[c[0]], ()):
                moves.append(Move("play", (c, src, run_name)))
            if joker or c[0] == "A":
                moves.append(Move("play", (c, src, "new")))
        piles = [(f"aux{k + 1}", not self.aux[s][k], self.aux_rank[s][k]) for k in range(AUX)]
        for c in hand:
            joker = c == JOKER
            for name, empty, rank in piles:
                if empty:
                    if joker:
                        moves += [Move("discard", (c, f"{name}={r}")) for r in RUN_RANKS]
                    else:
                        moves.append(Move("discard", (c, name)))
                elif joker or rank == c[0]:
                    moves.append(Move("discard", (c, name)))
        if not any(empty for _name, empty, _rank in piles):    # BUS-8: fits no side pile
            ranks = {rank for _name, _empty, rank in piles}
            moves += [Move("bus", (c,)) for c in hand if c != JOKER and c[0] not in ranks]
        if not self.hands[s]:
            moves.append(Move("end"))
        return moves

    def _normalise(self, move: Move) -> Move:
        a = move.args
        if move.kind == "play":
            if len(a) != 3:
                raise NotationError("'play' is 'play <card> <from> <to>', e.g. "
                                    "'play AH hand new' or 'play 5S reserve run2'")
            card = parse_card(a[0])
            src, dst = a[1].lower(), a[2].lower()
            if src not in SOURCES:
                raise NotationError(f"bad source {a[1]!r}: use hand, reserve or aux1..aux4")
            if dst != "new" and not _RUN.match(dst):
                raise NotationError(f"bad target {a[2][:20]!r}: use run1, run2, ... or new")
            return Move("play", (card, src, dst))
        if move.kind == "discard":
            if len(a) != 2:
                raise NotationError("'discard' is 'discard <card> aux<k>' (a joker on an "
                                    "empty space: 'discard X aux3=7')")
            card = parse_card(a[0])
            m = _AUX.match(a[1])
            if not m:
                raise NotationError(f"bad auxiliary pile {a[1]!r}: use aux1..aux4")
            target = f"aux{m.group(1)}"
            if m.group(2) is not None:
                r = m.group(2).upper()
                if r == "10":
                    r = "T"
                if r not in RUN_RANKS:
                    raise NotationError(f"bad joker rank {m.group(2)!r}: one of "
                                        f"{' '.join(RUN_RANKS)}")
                target += f"={r}"
            return Move("discard", (card, target))
        if move.kind == "bus":
            if len(a) != 1:
                raise NotationError("'bus' takes one card, e.g. 'bus 7H'")
            return Move("bus", (parse_card(a[0]),))
        if move.kind == "end":
            if a:
                raise NotationError("'end' takes nothing after it")
            return move
        raise NotationError(f"unknown Hospodský autobus move {str(move)!r}: moves are "
                            "'play <card> <from> <to>', 'discard <card> aux<k>', "
                            "'bus <card>' and 'end'")

    def _why_illegal(self, move: Move) -> IllegalMove:
        s = self.current
        hand = self.hands[s]
        if move.kind == "end":
            return IllegalMove("BUS-8", "end the turn by discarding a hand card onto an "
                                        "auxiliary pile; 'end' is only for an empty hand",
                               key="autobus.end_needs_discard")
        card = move.args[0]
        if move.kind == "play":
            src, dst = move.args[1], move.args[2]
            if src == "hand" and card not in hand:
                return IllegalMove("BUS-6", f"{card} is not in your hand",
                                   key="card_not_in_hand", params={"card": card})
            if src != "hand" and self._source_card(s, src) != card:
                top = self._source_card(s, src)
                where = "your reserve" if src == "reserve" else f"your {src}"
                return IllegalMove("BUS-6", f"the top of {where} is {top or 'empty'}, "
                                            f"not {card}; only top cards are playable",
                                   key="autobus.not_top",
                                   params={"card": card, "top": top, "source": src})
            needs = self.run_needs()
            if dst == "new":
                fits = f" (the open runs need {' '.join(needs)})" if needs else ""
                return IllegalMove("BUS-5", f"only an ace or a joker starts a new run, "
                                            f"not {card}{fits}",
                                   key="autobus.new_run_needs_ace",
                                   params={"card": card, "ranks": needs})
            k = int(dst[3:])
            need = self.need(k)
            if need is None:
                return IllegalMove("BUS-5", f"there is no open run {k}",
                                   key="autobus.no_such_run",
                                   params={"run": k, "card": card, "ranks": needs})
            return IllegalMove("BUS-5", f"run{k} needs {RUN_RANKS[need - 1]}, not {card}",
                               key="autobus.run_needs",
                               params={"run": k, "rank": RUN_RANKS[need - 1], "card": card,
                                       "ranks": needs})
        if card not in hand:
            rule = "BUS-7" if move.kind == "discard" else "BUS-8"
            return IllegalMove(rule, f"{card} is not in your hand; only hand cards are "
                                     "discarded",
                               key="autobus.discard_not_in_hand", params={"card": card})
        if move.kind == "bus":
            if card == JOKER:
                return IllegalMove("BUS-8", "a joker fits any auxiliary pile, so it never "
                                            "goes under the bus",
                                   key="autobus.joker_never_bus", params={"card": card})
            return IllegalMove("BUS-8", f"{card} fits an auxiliary pile; only a card that "
                                        "fits none goes under the bus",
                               key="autobus.fits_aux", params={"card": card})
        target = move.args[1]
        k = int(target[3]) - 1
        named = target[5:] if "=" in target else None
        pile, rank = self.aux[s][k], self.aux_rank[s][k]
        if named is not None and card != JOKER:
            return IllegalMove("BUS-9", "only a joker is given a rank on an auxiliary pile",
                               key="autobus.only_joker_named", params={"card": card})
        if card == JOKER and not pile and named is None:
            return IllegalMove("BUS-9", f"name the joker's rank on the empty space "
                                        f"(e.g. 'discard X aux{k + 1}=7')",
                               key="autobus.name_joker_rank", params={"pile": k + 1})
        if card == JOKER and pile and named is not None:
            return IllegalMove("BUS-9", f"aux{k + 1} already has rank {rank}; the joker "
                                        "takes it",
                               key="autobus.joker_takes_rank",
                               params={"pile": k + 1, "rank": rank})
        return IllegalMove("BUS-7", f"aux{k + 1} holds {rank}s; {card} does not belong",
                           key="autobus.wrong_aux",
                           params={"pile": k + 1, "rank": rank, "card": card})

    def _apply(self, move: Move) -> list[Event]:
        self.moves += 1
        s = self.current
        if move.kind == "play":
            return self._play(s, *move.args)
        ev: list[Event] = []
        if move.kind == "discard":
            card, target = move.args
            k = int(target[3]) - 1
            self.hands[s].remove(card)
            if not self.aux[s][k]:
                self.aux_rank[s][k] = target[5:] if card == JOKER else card[0]
            self.aux[s][k].append(card)
            ev.append(Event("move", card, f"hand{s}", f"aux{s}.{k + 1}", seat=s,
                            data={"rank": self.aux_rank[s][k]}))
        elif move.kind == "bus":
            card = move.args[0]
            self.hands[s].remove(card)
            self.reserves[s].insert(0, card)
            ev.append(Event("move", card, f"hand{s}", f"reserve{s}", seat=s, index=0,
                            face_up=False))
            ev.append(Event("announce", text="bus", seat=s))
        return ev + self._end_turn()

    def _play(self, s: int, card: str, src: str, dst: str) -> list[Event]:
        ev: list[Event] = []
        if src == "hand":
            self.hands[s].remove(card)
        elif src == "reserve":
            self.reserves[s].pop()
        else:
            k = int(src[3]) - 1
            self.aux[s][k].pop()
            if not self.aux[s][k]:
                self.aux_rank[s][k] = None
        if dst == "new":
            if None in self.runs:
                run = self.runs.index(None) + 1
                self.runs[run - 1] = []
            else:
                self.runs.append([])
                run = len(self.runs)
        else:
            run = int(dst[3:])
        cards = self.runs[run - 1]
        assert cards is not None
        cards.append(card)
        self.run_played = True
        src_place = f"{src}{s}" if src in ("hand", "reserve") else f"aux{s}.{src[3]}"
        ev.append(Event("move", card, src_place, f"run{run}", seat=s, index=len(cards) - 1,
                        data={"rank": RUN_RANKS[len(cards) - 1]}))
        if src == "reserve" and self.reserves[s]:
            ev.append(Event("reveal", self.reserves[s][-1], f"reserve{s}", seat=s,
                            index=len(self.reserves[s]) - 1))
        if len(cards) == 13:  # BUS-5: the king completes the run
            ev += self._sweep(s, run)
        if src == "reserve" and not self.reserves[s]:  # BUS-3: wins at once
            self.winner = s
            ev.append(Event("announce", text="deal_over", seat=s,
                            data={"result": self.result()}))
            return ev
        if src == "hand" and not self.hands[s]:  # BUS-4: four new cards at once
            ev += self._draw(s, HAND_SIZE)
        return ev

    def _sweep(self, s: int, run: int) -> list[Event]:
        """BUS-5: run ``run`` is complete: its cards go onto the completed pile, ace
        first, and its number is freed.

        The announcement carries the table as it stood with the whole run still in place
        (``runs``, ``stock_size``, ``completed_size``, ``hand_sizes``: a refill of the
        mover's emptied hand comes after it), so a table can show the full run before
        the sweep without undoing events; each sweep move names its ``run`` and its
        place on the completed pile (``index``).
        """
        cards = self.runs[run - 1]
        assert cards is not None
        before = {"runs": [None if r is None else list(r) for r in self.runs],
                  "stock_size": len(self.stock), "completed_size": len(self.completed),
                  "hand_sizes": [len(h) for h in self.hands]}
        ev = []
        for c in cards:
            self.completed.append(c)
            ev.append(Event("move", c, f"run{run}", "completed", seat=s,
                            index=len(self.completed) - 1, face_up=True,
                            data={"run": run}))
        self.runs[run - 1] = None
        while self.runs and self.runs[-1] is None:
            self.runs.pop()
        ev.append(Event("announce", text="run_completed", seat=s,
                        data={"run": run, "cards": list(cards), **before}))
        return ev

    def _draw(self, s: int, n: int) -> list[Event]:
        """Draw up to ``n`` cards; BUS-10: an empty stock is remade from the completed pile."""
        ev: list[Event] = []
        for _ in range(n):
            if not self.stock:
                if not self.completed:
                    break
                self.stock = self.completed
                self.completed = []
                self.rng.shuffle(self.stock)
                ev.append(Event("announce", text="reshuffle", data={"cards": len(self.stock)}))
            c = self.stock.pop(0)
            self.hands[s].append(c)
            ev.append(Event("move", c, "stock", f"hand{s}", seat=s, face_up=(s == 0)))
        return ev

    def _end_turn(self) -> list[Event]:
        ev: list[Event] = []
        quiet = not self.run_played and not self.stock and not self.completed
        self.quiet = self.quiet + 1 if quiet else 0
        # BUS-11: a full circuit of quiet turns draws only when nobody could play to a run
        stuck = self.quiet >= self.players and not self.run_play_exists()
        if stuck or self.turn >= TURN_LIMIT:
            self.drawn = True
            ev.append(Event("announce", text="deal_over",
                            data={"result": self.result(), "draw": True,
                                  "safety_net": not stuck}))
            return ev
        self.turn += 1
        self.run_played = False
        self.current = (self.current + 1) % self.players
        ev.append(Event("announce", text="turn", seat=self.current))
        return ev + self._draw(self.current, HAND_SIZE - len(self.hands[self.current]))

    # ----- views ----------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        obs: AutobusObservation = {
            "game": self.key,
            "seat": seat,
            "players": self.players,
            "hand": sorted(self.hands[seat], key=card_sort_key),
            "hand_sizes": [len(h) for h in self.hands],
            "reserve_tops": [r[-1] if r else None for r in self.reserves],
            "reserve_sizes": [len(r) for r in self.reserves],
            "aux": [[list(p) for p in piles] for piles in self.aux],
            "aux_ranks": [list(r) for r in self.aux_rank],
            "runs": [None if r is None else list(r) for r in self.runs],
            "stock_size": len(self.stock),
            "completed_size": len(self.completed),
            "current_player": self.current_player,
            "turn": self.turn,
            "quiet_turns": self.quiet,
            "run_played": self.run_played,
            "is_over": self.is_over,
            "result": self.result(),
        }
        return cast("dict[str, Any]", obs)    # the contract's JSON-safe dict

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.key, "seed": self.seed, "deck": list(self.deck),
            "players": self.players, "rng": self.rng.to_str(),
            "reserves": [list(r) for r in self.reserves],
            "hands": [list(h) for h in self.hands],
            "aux": [[list(p) for p in piles] for piles in self.aux],
            "aux_rank": [list(r) for r in self.aux_rank],
            "runs": [None if r is None else list(r) for r in self.runs],
            "stock": list(self.stock), "completed": list(self.completed),
            "current": self.current, "turn": self.turn, "run_played": self.run_played,
            "quiet": self.quiet, "winner": self.winner, "drawn": self.drawn,
            "moves": self.moves,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Autobus:
        """The state ``to_dict`` gave; StateError for anything that is not one."""
        v = Reader(cls, d, cls().to_dict())
        g = cls()
        g.seed, g.deck, g.rng = v.seed(), v.deck_order(), v.rng()
        g.players = n = v.integer("players", 2, 4)
        g.reserves, g.hands = v.card_lists("reserves", n), v.card_lists("hands", n)
        v.check(all(len(h) <= HAND_SIZE for h in g.hands), "a hand holds more than four")
        g.aux, g.aux_rank = [], []
        for s, (piles, ranks) in enumerate(zip(v.lists("aux", n), v.lists("aux_rank", n),
                                               strict=True)):
            if not isinstance(piles, list) or len(piles) != AUX or not isinstance(
                    ranks, list) or len(ranks) != AUX:
                v.fail(f"aux[{s}] and aux_rank[{s}] are not four piles")
            g.aux.append([v.card_list(p, f"aux[{s}]") for p in piles])
            g.aux_rank.append(list(ranks))
            for pile, rank in zip(g.aux[s], ranks, strict=True):
                fits = type(rank) is str and rank in VALUE and all(
                    c == JOKER or c[0] == rank for c in pile)
                v.check(rank is None if not pile else fits,
                        f"aux[{s}] has a pile whose cards or rank do not match")
        runs = v.items("runs")
        v.check(not runs or runs[-1] is not None, "runs ends with a free number")
        g.runs = [None if r is None else v.card_list(r, "runs") for r in runs]
        v.check(all(r is None or 0 < len(r) < 13 and all(
            c == JOKER or VALUE[c[0]] == i + 1 for i, c in enumerate(r)) for r in g.runs),
                "a run does not climb from the ace by one")
        g.stock, g.completed = v.cards("stock"), v.cards("completed")
        g.current, g.turn = v.integer("current", 0, n - 1), v.integer("turn", 1, TURN_LIMIT)
        g.run_played, g.quiet = v.boolean("run_played"), v.integer("quiet", 0, TURN_LIMIT)
        g.winner, g.drawn = v.optional_int("winner", 0, n - 1), v.boolean("drawn")
        g.moves = v.moves()
        v.check(not (g.drawn and g.winner is not None), "a deal both won and drawn")
        v.check(all(g.reserves) if g.winner is None else not g.reserves[g.winner],
                "an empty reserve must be the winner's")
        v.check(g.winner is None or sum(not r for r in g.reserves) == 1,
                "more than one reserve is empty (the first to empty it wins at once: BUS-3)")
        # BUS-11: quiet turns are counted with the stock and the completed pile empty; a
        # full circuit of them with no run play left is a draw, and only that (or the
        # turn limit) is
        v.check(not g.quiet or g.run_played or not (g.stock or g.completed),
                "quiet turns counted while cards are left to draw")
        stuck = g.quiet >= n and not g.run_played and not g.run_play_exists()
        if g.drawn:
            v.check(stuck or g.turn == TURN_LIMIT,
                    "a draw while a run can still be played or before a full circuit of "
                    "quiet turns")
        elif g.winner is None:
            v.check(not stuck, "no run can be played after a full circuit of quiet turns, "
                               "yet the deal is not drawn")
        finish(v, g, d)
        return g

    def clone(self) -> Autobus:
        g = Autobus.__new__(Autobus)
        g.__dict__.update(self.__dict__)
        g.rng = Rng(self.rng.state)
        g.reserves = [list(r) for r in self.reserves]
        g.hands = [list(h) for h in self.hands]
        g.aux = [[list(p) for p in piles] for piles in self.aux]
        g.aux_rank = [list(r) for r in self.aux_rank]
        g.runs = [None if r is None else list(r) for r in self.runs]
        g.stock, g.completed = list(self.stock), list(self.completed)
        return g

    def cards_in_play(self) -> list[str]:
        out = [c for r in self.reserves for c in r] + [c for h in self.hands for c in h]
        out += [c for piles in self.aux for p in piles for c in p]
        out += [c for r in self.runs if r for c in r]
        return out + self.stock + self.completed

    @classmethod
    def from_observation(cls, obs: dict[str, Any], hands: list[list[str]],
                         under: list[list[str]], stock: list[str], completed: list[str],
                         seed: int) -> Autobus:
        """The state one seat's observation shows, with the cards it cannot see placed:
        ``hands[s]`` the hand of each other seat (its own entry is not read), ``under[s]``
        seat ``s``'s reserve below its top (bottom first), the stock and the completed
        pile, and ``seed`` the generator of the completed pile's reshuffles.  Which cards
        go where is the AI's inference (game/games/autobus/infer.py)."""
        seat, n = obs["seat"], obs["players"]
        g = cls()
        g.players, g.rng = n, Rng(seed)
        g.hands = [list(obs["hand"]) if s == seat else list(hands[s]) for s in range(n)]
        g.reserves = [list(u) + [top] if top else []
                      for u, top in zip(under, obs["reserve_tops"], strict=True)]
        g.aux = [[list(p) for p in piles] for piles in obs["aux"]]
        g.aux_rank = [list(r) for r in obs["aux_ranks"]]
        g.runs = [None if r is None else list(r) for r in obs["runs"]]
        g.stock, g.completed = list(stock), list(completed)
        g.current, g.turn = obs["current_player"], obs["turn"]
        g.quiet, g.run_played = obs["quiet_turns"], obs["run_played"]
        g.deck = g.cards_in_play()
        return g

    def determinize(self, seat: int, rng: Rng) -> Autobus:
        """Shuffle what ``seat`` cannot see: other hands, the stock and every reserve
        below its top card (the completed pile was seen and stays as it is)."""
        g = self.clone()
        others = [s for s in range(g.players) if s != seat]
        pool = [c for s in others for c in g.hands[s]] + list(g.stock)
        pool += [c for r in g.reserves for c in r[:-1]]
        rng.shuffle(pool)
        for s in others:
            n = len(g.hands[s])
            g.hands[s], pool = pool[:n], pool[n:]
        n = len(g.stock)
        g.stock, pool = pool[:n], pool[n:]
        for r in g.reserves:
            n = len(r) - 1
            if n > 0:
                r[:-1], pool = pool[:n], pool[n:]
        g.rng = Rng(rng.next64())
        return g
