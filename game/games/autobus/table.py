"""The Hospodský autobus table: you and one to three other players, clockwise (against
the computer you are seat 0; a shared table turns to put your seat at the bottom).

Take a card from your hand, the top of your reserve or the top of one of your auxiliary
piles (tap it, or drag it) and put it onto a run or onto the new-run space; a hand card
put onto one of your auxiliary spaces ends your turn, and so does one that fits no
auxiliary pile put onto your reserve (under the bus).  ``Under the bus`` shows whenever a
card may go there: it puts the chosen card, or the only one, under; with several it lifts
them and the next tap on one of them chooses.  ``End turn`` shows when your hand is empty,
and a joker put onto an empty space asks which rank it takes.

A table opened fresh from the menu first asks how many players sit down (remembered in
the settings); "Next game" keeps the count.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade

from game.games.autobus import gestures
from game.games.autobus.decor import Decor
from game.games.autobus.hand import HandPlaces
from game.games.autobus.layout import AutobusLayout
from game.games.autobus.pickers import RankPicker, players_panel
from game.games.autobus.status import announce_words, result_words, status_words
from game.games.autobus.sweep import RunSweep
from game.i18n import _
from game.i18n.moves import move_words
from game.rules import Event, Move
from game.scenes.table_view import Action, Slot, TableView
from game.store import settings as settings_store
from game.ui.layout import Box
from game.ui.panels import draw_glow
from game.ui.place import Place
from game.ui.placement import Places, Token
from game.ui.widgets import SECONDARY, Label

SPACE = (255, 255, 255, 40)


class AutobusTable(TableView):
    key = "autobus"
    event_sounds = {"run_completed": "take", "reshuffle": "shuffle"}
    layout: AutobusLayout

    def __init__(self, window: Any, state: Any = None, options: dict[str, Any] | None = None,
                 ai_seats: tuple[int, ...] | None = None, seed: int | None = None,
                 **kw: Any) -> None:
        opts = dict(options or {})
        remembered = window.settings.players.get(self.key)
        # a deal opened fresh without a count asks for it first (not when a computer
        # plays your seat: smoke runs and benchmarks)
        session = kw.get("session")
        self.choosing = (session is None and state is None and "players" not in opts
                         and (ai_seats is None or 0 not in ai_seats))
        opts.setdefault("players", remembered if remembered in (2, 3, 4) else 4)
        self.n_players = (session.players if session is not None
                          else state.num_players if state is not None
                          else int(opts["players"]))
        self.sweep = RunSweep(self)
        self.safety_net = False
        self.dealing = False      # the deal's cards are flying in: counts not shown yet
        self.bus_choice: list[Move] = []    # "Under the bus" asks which: the candidates
        self.hand_places = HandPlaces()     # your hand keeps its places through your turn
        #: "Your turn" waits until the cards of the turn before have landed
        self.your_turn_due = False
        super().__init__(window, state=state, options=opts, ai_seats=ai_seats, seed=seed,
                         **kw)

    # ----- set-up ------------------------------------------------------------------------------
    def setup(self) -> None:
        self.decor = Decor(self)
        d = self.decor               # the labels, where tests and tools look for them
        self.name_labels, self.reserve_labels, self.aux_labels = (
            d.name_labels, d.reserve_labels, d.aux_labels)
        self.run_labels, self.stock_label, self.completed_label = (
            d.run_labels, d.stock_label, d.completed_label)
        self.players_panel = players_panel(self.n_players, self.choose_players, self.to_menu)
        self.players_panel.visible = self.choosing
        self.rank_picker = RankPicker(self)
        self.rank_panel = self.rank_picker.panel
        for panel in (self.players_panel, self.rank_panel):   # the top bar stays usable
            self.input.add_picker(panel)

    @property
    def _pending(self) -> tuple[int | None, list[Event]] | None:
        """The second half of a move that completed a run, still to come."""
        return self.sweep.pending

    def make_layout(self, width: float, height: float) -> AutobusLayout:
        return AutobusLayout(width, height, self.n_players, self.app.settings.card_scale)

    def waiting_to_deal(self) -> bool:
        """The count is asked first: no deal is kept, and nothing paused, until then."""
        return self.choosing

    def deal_animation(self) -> None:
        super().deal_animation()
        # the counts appear once the cards have landed (not while they fly in)
        self.dealing = self.animating
        if self.dealing:
            self.refresh()
        x, y = self.layout.stock_card(0)        # the deal flies from the stock
        for sp in self.sprites.values():
            if sp.motion is not None:
                sp.motion.start = (x, y, 0.0)
                sp.position = (x, y)

    def choose_players(self, n: int) -> None:
        self.app.settings.players[self.key] = n
        settings_store.save(self.app.settings)
        if n == self.session.players:
            self.choosing = False
            self.players_panel.visible = False
            self.start_deal()
            return
        # the same deal number (shown in the header since the question) deals for n
        self.app.open("table", game=self.key, level=self.session.level,
                      seed=self.session.number, options={"players": n}, new=True)

    # ----- what lies where ---------------------------------------------------------------------
    def open_runs(self, obs: dict[str, Any]) -> list[int]:
        """The numbers of the open runs, in order (gaps left by cleared runs skipped)."""
        return [k for k, r in enumerate(obs["runs"], 1) if r is not None]

    def places(self, obs: dict[str, Any]) -> Places:
        if self.choosing:
            return {}
        obs = self.sweep.phase_obs or obs
        out: Places = {}
        n = obs["players"]
        for s in range(n):
            size, top = obs["reserve_sizes"][s], obs["reserve_tops"][s]
            out[f"reserve{s}"] = [None] * (size - 1) + [top] if size else []
            for k in range(1, 5):
                out[f"aux{s}.{k}"] = list(obs["aux"][s][k - 1])
            if s != self.human:
                out[f"hand{s}"] = [None] * obs["hand_sizes"][s]
        mine = obs["current_player"] == self.human and not obs["is_over"]
        out[f"hand{self.human}"] = [*self.hand_places.order(list(obs["hand"]), keep=mine)]
        for k in self.open_runs(obs):
            out[f"run{k}"] = list(obs["runs"][k - 1])
        out["stock"] = [None] * obs["stock_size"]
        out["completed"] = [None] * obs["completed_size"]
        return out

    def run_slots(self) -> dict[str, tuple[float, float]]:
        """Where each open run (in its own slot while open) and the new-run space lie."""
        return gestures.run_slots(self.layout, self.sweep.phase_obs or self.obs)

    def slot(self, place: str, i: int, n: int) -> Slot | None:
        L = self.layout
        p = Place.parse(place)
        if p.kind == "hand" and p.seat is not None:
            if p.seat == self.human:
                x, y = L.hand_card(*self.hand_places.place(i))
                return x, y, 0.0, 400 + i
            x, y = L.opp_hand(self.pos(p.seat), i)
            return x, y, 0.0, 60 + i
        if p.kind == "reserve" and p.seat is not None:
            x, y = L.reserve_card(self.pos(p.seat), i, n)
            return x, y, 0.0, 40 + i
        if p.kind == "aux" and p.seat is not None and p.index is not None:
            x, y = L.aux_card(self.pos(p.seat), p.index, i, n)
            return x, y, 0.0, 80 + i
        if p.kind == "run":
            where = self.run_slots().get(place)
            if where is None:
                return None
            x, y = L.run_card(where, i)
            return x, y, 0.0, 200 + i
        if p.kind in ("stock", "deck"):
            x, y = L.stock_card(i)
            return x, y, 0.0, 10 + i if p.kind == "stock" else 150 + i
        if p.kind == "completed":
            x, y = L.completed_card(i)
            return x, y, 0.0, 10 + i
        return None

    # ----- gestures ----------------------------------------------------------------------------
    def picks(self, move: Move) -> list[tuple[str, str]]:
        if move.kind == "play":
            card, src = move.args[0], move.args[1]
            place = (f"{src}{self.human}" if src in ("hand", "reserve")
                     else str(self.own_pile(src)))
            return [(place, card)]
        if move.kind in ("discard", "bus"):
            return [(f"hand{self.human}", move.args[0])]
        return []

    def target_of(self, move: Move) -> str | None:
        if move.kind == "play":
            return str(move.args[2])
        if move.kind == "discard":
            return str(self.own_pile(str(move.args[1])))
        if move.kind == "bus":
            return f"reserve{self.human}"
        return None

    def own_pile(self, src: str) -> Place:
        """Your side pile an engine's source names (``aux3``, or ``aux3=K`` with a joker's
        rank) as a place on the table (``aux0.3``)."""
        pile = Place.parse(src.partition("=")[0])
        return Place("aux", self.human, pile.index)

    def spaces(self) -> dict[str, Box]:
        """Every place a card may be dropped: the runs, the new-run space, your piles and
        your reserve (under the bus)."""
        if self.choosing:
            return {}
        L = self.layout
        out = {name: L.run_box(xy) for name, xy in self.run_slots().items()}
        for k in range(1, 5):
            out[f"aux{self.human}.{k}"] = L.aux_box(0, k)
        out[f"reserve{self.human}"] = L.reserve_box(0)
        return out

    def targets(self) -> dict[str, Box]:
        """The spaces that glow: only where the chosen card may go (the others are drawn
        as faint outlines with the table, in one batch)."""
        sel = self.selection()
        if not sel:
            return {}
        legal = self.human_moves()
        return {n: b for n, b in self.spaces().items() if self.match(sel, n, legal)}

    def target_at(self, x: float, y: float) -> str | None:
        """Any space, or the one a dropped card covers most (a drop where the card
        cannot go says why)."""
        return gestures.drop_target(self, x, y)

    def own_places(self) -> set[str]:
        """Your hand, reserve and auxiliary piles: a tap on a card there that cannot be
        played says why."""
        me = self.human
        return ({f"hand{me}", f"reserve{me}"} | {f"aux{me}.{k}" for k in range(1, 5)}
                | super().own_places())

    def pickable(self) -> set[tuple[str, str]]:
        """While ``Under the bus`` asks which card: only the cards that may go under."""
        if self.bus_choice:
            return {p for m in self.bus_choice for p in self.picks(m)}
        return super().pickable()

    def tap_card(self, tok: Token) -> None:
        """While ``Under the bus`` asks which card, a tap on one puts it under.  With a
        hand card chosen, a tap on one of your auxiliary piles is a discard there, one on
        your reserve puts it under the bus."""
        if self.bus_choice:
            move = next((m for m in self.bus_choice
                         if self.picks(m) == [(tok.place, tok.card)]), None)
            if move is not None and self.human_to_act:
                self.play(move)             # the move ends the choice (after_move)
                return
            self.end_bus_choice()
        if not self.selected and tok.place == f"reserve{self.human}" and gestures.only_bus(self):
            self.press_action(self.action_specs[1])     # the glowing reserve: which card?
            return
        if (self.selected and self.selected[0].place == f"hand{self.human}"
                and Place.parse(tok.place).seat == self.human
                and Place.parse(tok.place).kind in ("aux", "reserve")
                and (self.match(self.selection(), tok.place, self.human_moves())
                     or (tok.place, tok.card) not in self.pickable())):
            self.try_selection(tok.place)
            return
        super().tap_card(tok)

    def make_actions(self) -> list[Action]:
        return [Action("end", lambda: _("End turn"),
                       lambda ms: [m for m in ms if m.kind == "end"]),
                Action("bus", lambda: _("Under the bus"), self.bus_moves, SECONDARY)]

    def bus_moves(self, legal: list[Move]) -> list[Move]:
        """``Under the bus``: every legal one (the button shows whenever there is one), or
        the chosen card's alone when it is one of them."""
        moves = [m for m in legal if m.kind == "bus"]
        sel = self.selection()
        return [m for m in moves if self.picks(m) == sel] or moves

    def ask_bus(self, moves: list[Move]) -> None:
        """Several cards may go under the bus: they lift, the status line asks which."""
        self.bus_choice = moves
        self.selected = []
        self.message = ""
        self.clear_hint()
        self.arrange(0.15)
        self.refresh()

    def end_bus_choice(self) -> None:
        if self.bus_choice:
            self.bus_choice = []
            self.arrange(0.15)
            self.refresh()

    def after_select(self) -> None:
        self.bus_choice = []
        super().after_select()

    def after_undo(self) -> None:
        self.bus_choice = []

    def choose_among(self, moves: list[Move], then: Callable[[Move], object]) -> None:
        """Several cards may go under the bus: ask which.  A joker onto an empty
        auxiliary space: ask which rank it takes."""
        if len(moves) > 1 and all(m.kind == "bus" for m in moves):
            self.ask_bus(moves)
            return
        named = {str(m.args[1]).partition("=")[2]: m for m in moves if m.kind == "discard"}
        if len(moves) < 2 or "" in named or len(named) != len(moves):
            then(moves[0])
            return
        self.rank_picker.ask(named, then)

    def hint_form(self, move: Move) -> Move:
        """A card hinted onto an empty side space while a pile of its rank takes it: the
        hint names that pile (the empty space stays free for another rank)."""
        return gestures.rank_pile(move, self.human_moves(), self.obs) or move

    def before_press(self, x: float, y: float) -> None:
        """While ``Under the bus`` asks which card, a press off the lifted cards (and off
        the button) means never mind."""
        if self.bus_choice and not self.actions.by_name("bus").hit(x, y):
            tok = self.cards.token_at(x, y, self.own_places())
            if tok is None or (tok.place, tok.card) not in self.pickable():
                self.end_bus_choice()

    def cancel_choice(self) -> bool:
        """Esc ends the choice of the card to put under the bus."""
        if not self.bus_choice:
            return False
        self.end_bus_choice()
        return True

    def status_box(self) -> Box:
        return self.layout.status_box()

    # ----- why not -----------------------------------------------------------------------------
    def move_words(self, move: Move) -> str:
        return move_words("autobus", move, self.obs, self.style)

    def explain(self, place: str, card: str) -> str:
        """Why a tapped card of yours cannot be played (``gestures.explain``)."""
        return gestures.explain(self, place, card) or super().explain(place, card)

    def explain_drop(self, sel: list[tuple[str, str]], target: str | None) -> str:
        """Why a card dropped there does not go: the engine's refusal of that move."""
        if not self.human_to_act:
            return _("Wait for your turn.")
        if target is None or gestures.source_of(sel[0][0], self.human) is None:
            return self.explain(*sel[0])
        move = gestures.drop_move(sel, target, self.human)
        if isinstance(move, str):
            return move
        return self.why_not(move) or _("That card cannot be played now.")

    # ----- animation ---------------------------------------------------------------------------
    def animate(self, seat: int | None, events: list[Event]) -> None:
        """A completed run first shows whole on the table, then sweeps off card by card
        (the second half runs once the first has landed: ``RunSweep``)."""
        self.sweep.animate(seat, events)

    def tick(self, dt: float) -> None:
        """The sweep once the completed run has landed; the counts once the deal has;
        "Your turn" once the turn before it has (not while its cards still fly)."""
        self.sweep.tick()
        if self.dealing and not self.animating:
            self.dealing = False
            self.refresh()
        if self.your_turn_due and not self.animating and self.sweep.pending is None:
            self.your_turn_due = False
            if self.human_to_act:
                self.show_banner(_("Your turn"))

    def after_move(self, seat: int | None, move: Move, events: list[Event]) -> None:
        self.bus_choice = []
        self.your_turn_due = any(e.text == "turn" and e.seat == self.human for e in events)
        for e in events:
            if e.text == "deal_over" and e.data.get("draw"):
                self.safety_net = bool(e.data.get("safety_net"))

    def seat_label(self, seat: int) -> Label | None:
        return self.name_labels.get(seat) if seat != self.human else None

    # ----- words -------------------------------------------------------------------------------
    def status_text(self, obs: dict[str, Any], legal: list[Move]) -> str:
        return status_words(self, obs, legal)

    def announce(self, event: Event, seat: int | None) -> str | None:
        if event.text == "turn":
            return None                       # said once the cards have landed (tick)
        return announce_words(event, self.who, self.human)

    def result_text(self, obs: dict[str, Any]) -> tuple[str, list[str]]:
        return result_words(obs, self.safety_net, self.who, self.human)

    def update_labels(self, obs: dict[str, Any]) -> None:
        if self.choosing:
            for lab in self.labels:
                lab.set("")
            return
        self.decor.update(self.sweep.phase_obs or obs, self.dealing)

    def draw_extra(self) -> None:
        if not self.choosing:
            draw_zones(self, self.sweep.phase_obs or self.obs)

    def settling(self) -> bool:
        return self.sweep.pending is not None or self.your_turn_due   # still to come


def draw_zones(t: AutobusTable, obs: dict[str, Any]) -> None:
    """The computers' zones and every empty space, as few draw calls as can be."""
    L = t.layout
    cw, ch = L.card_w + 4 * L.s, L.card_h + 4 * L.s
    turn = obs["current_player"]
    faint: list[tuple[float, float]] = []
    gold: list[tuple[float, float]] = []
    dark: list[tuple[float, float]] = []

    def rect(out: list[tuple[float, float]], b: Box) -> None:
        x0, x1, y0, y1 = b.cx - b.w / 2, b.cx + b.w / 2, b.cy - b.h / 2, b.cy + b.h / 2
        out += [(x0, y0), (x1, y0), (x1, y0), (x1, y1), (x1, y1), (x0, y1), (x0, y1),
                (x0, y0)]

    for s in t.others():
        z = L.zone(t.pos(s))
        arcade.draw_rect_filled(arcade.XYWH(z.cx, z.cy, z.w, z.h), (0, 0, 0, 38))
        rect(gold if turn == s and not obs["is_over"] else dark, z)
        for k in range(1, 5):
            if not obs["aux"][s][k - 1]:
                rect(faint, Box(*L.aux_card(t.pos(s), k, 0, 1), cw, ch))
    for s in range(obs["players"]):
        if not obs["reserve_sizes"][s]:
            rect(faint, Box(*L.reserve_xy(t.pos(s)), cw, ch))
    for x, y in (L.stock_xy, L.completed_xy):
        rect(faint, Box(x, y, cw, ch))
    glowing = t.targets()
    if gestures.only_bus(t) and not t.selected and not t.bus_choice:
        b = L.reserve_box(0)       # yours (at the bottom): nothing else to do, it shows the way
        draw_glow((b.cx, b.cy, b.w, b.h), True)
    for name, box in t.spaces().items():
        if name not in glowing:
            rect(faint, box)
    for points, color in ((faint, SPACE), (dark, (0, 0, 0, 50)),
                          (gold, (255, 230, 120, 150))):
        if points:
            arcade.draw_lines(points, color, 2)
