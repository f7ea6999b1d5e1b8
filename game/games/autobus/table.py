"""The Hospodský autobus table: you (seat 0) and one to three computers, clockwise.

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
from functools import partial
from typing import Any

import arcade

from game.cards import JOKER
from game.games.autobus.layout import AutobusLayout
from game.games.autobus.rules import RUN_RANKS, card_sort_key
from game.i18n import _, ngettext, number
from game.i18n.moves import move_words
from game.i18n.words import rank_text
from game.rules import Event, Move
from game.scenes.table_view import MOVE_TIME, Action, Slot, TableView
from game.session import HUMAN
from game.store import saves
from game.store import settings as settings_store
from game.ui.layout import Box
from game.ui.panels import Panel
from game.ui.placement import Places
from game.ui.widgets import PRIMARY, SECONDARY, Button, Label

TURN_COLOR = (255, 230, 120)
SPACE = (255, 255, 255, 40)


class AutobusTable(TableView):
    key = "autobus"
    event_sounds = {"run_completed": "take", "reshuffle": "shuffle"}
    layout: AutobusLayout

    def __init__(self, window: Any, state: Any = None, options: dict[str, Any] | None = None,
                 ai_seats: tuple[int, ...] | None = None, seed: int | None = None,
                 **kw: Any) -> None:
        opts = dict(options or {})
        remembered = window.settings.autobus_players
        # a deal opened fresh without a count asks for it first (not when a computer
        # plays your seat: smoke runs and benchmarks)
        session = kw.get("session")
        if session is not None:
            state = session.game
        self.choosing = (state is None and "players" not in opts
                         and (ai_seats is None or HUMAN not in ai_seats))
        opts.setdefault("players", remembered if remembered in (2, 3, 4) else 4)
        self.n_players = state.num_players if state is not None else int(opts["players"])
        self._seed_arg = seed
        self._phase_obs: dict[str, Any] | None = None     # the table before a run's sweep
        self._pending: tuple[int | None, list[Event]] | None = None
        self.safety_net = False
        self.dealing = False      # the deal's cards are flying in: counts not shown yet
        self.bus_choice: list[Move] = []    # "Under the bus" asks which: the candidates
        super().__init__(window, state=state, options=opts, ai_seats=ai_seats, seed=seed,
                         **kw)
        if self.choosing:      # no deal is kept until the count is chosen
            saves.delete(self.key)

    # ----- set-up ------------------------------------------------------------------------------
    def setup(self) -> None:
        small = (240, 245, 235)
        n = self.session.players
        self.name_labels = {s: Label("", 14, (255, 255, 255), anchor_x="left", bold=True)
                            for s in range(1, n)}
        self.reserve_labels = {s: Label("", 12, small) for s in range(n)}
        self.aux_labels = {(s, k): Label("", 12, small) for s in range(n) for k in range(1, 5)}
        self.run_labels: list[Label] = []
        self._fitted: dict[tuple[str, float, float], float] = {}
        self.stock_label = Label("", 12, small)
        self.completed_label = Label("", 12, small)
        self.labels += [*self.name_labels.values(), *self.reserve_labels.values(),
                        *self.aux_labels.values(), self.stock_label, self.completed_label]
        self.players_panel = Panel(
            _("How many players?"), [_("You and one, two or three computers.")],
            [Button(ngettext("{n} player", "{n} players", k).format(n=k),
                    partial(self.choose_players, k), PRIMARY if k == self.n_players
                    else SECONDARY, name=f"players{k}") for k in (2, 3, 4)]
            + [Button(_("Menu"), self.to_menu, name="menu")], columns=3, dim=120)
        self.players_panel.visible = self.choosing
        self.rank_panel = Panel(_("Which rank does the joker take?"), [], [], columns=7,
                                dim=90)
        self._rank_moves: dict[str, Move] = {}
        self._rank_then: Callable[[Move], object] | None = None

    def make_layout(self, width: float, height: float) -> AutobusLayout:
        return AutobusLayout(width, height, self.n_players, self.app.settings.card_scale)

    def place_widgets(self) -> None:
        super().place_widgets()
        for p in (self.players_panel, self.rank_panel):
            p.place(self.layout.w, self.layout.h)

    @property
    def human_to_act(self) -> bool:
        return not self.choosing and super().human_to_act

    def deal_animation(self) -> None:
        if self.choosing:
            self.relayout(0)
            return
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
        self.app.settings.autobus_players = n
        settings_store.save(self.app.settings)
        if n == self.session.players:
            self.choosing = False
            self.players_panel.visible = False
            self.deal_animation()
            saves.save(self.session.journal)
            self.tell_save_problem()
            return
        self.app.open("table", game=self.key, level=self.session.level, seed=self._seed_arg,
                      options={"players": n}, new=True)

    def pause(self) -> None:
        """Nothing to pause (or surrender) before the deal: the chooser has its Menu."""
        if not self.choosing:
            super().pause()

    # ----- what lies where ---------------------------------------------------------------------
    def open_runs(self, obs: dict[str, Any]) -> list[int]:
        """The numbers of the open runs, in order (gaps left by cleared runs skipped)."""
        return [k for k, r in enumerate(obs["runs"], 1) if r is not None]

    def places(self, obs: dict[str, Any]) -> Places:
        if self.choosing:
            return {}
        obs = self._phase_obs or obs
        out: Places = {}
        n = obs["players"]
        for s in range(n):
            size, top = obs["reserve_sizes"][s], obs["reserve_tops"][s]
            out[f"reserve{s}"] = [None] * (size - 1) + [top] if size else []
            for k in range(1, 5):
                out[f"aux{s}.{k}"] = list(obs["aux"][s][k - 1])
            if s != HUMAN:
                out[f"hand{s}"] = [None] * obs["hand_sizes"][s]
        hand: list[str] = sorted(obs["hand"], key=card_sort_key)
        out[f"hand{HUMAN}"] = [*hand]
        for k in self.open_runs(obs):
            out[f"run{k}"] = list(obs["runs"][k - 1])
        out["stock"] = [None] * obs["stock_size"]
        out["completed"] = [None] * obs["completed_size"]
        return out

    def run_slots(self) -> dict[str, tuple[float, float]]:
        """Where each open run and the new-run space lie."""
        obs = self._phase_obs or self.obs
        names = [f"run{k}" for k in self.open_runs(obs)] + ["new"]
        return dict(zip(names, self.layout.run_slots(len(names)), strict=True))

    def slot(self, place: str, i: int, n: int) -> Slot | None:
        L = self.layout
        if place.startswith("hand"):
            s = int(place[4:])
            if s == HUMAN:
                x, y = L.hand_card(i, n)
                return x, y, 0.0, 400 + i
            x, y = L.opp_hand(s, i)
            return x, y, 0.0, 60 + i
        if place.startswith("reserve"):
            s = int(place[7:])
            x, y = L.reserve_card(s, i, n)
            return x, y, 0.0, 40 + i
        if place.startswith("aux"):
            s, k = (int(v) for v in place[3:].split("."))
            x, y = L.aux_card(s, k, i, n)
            return x, y, 0.0, 80 + i
        if place.startswith("run"):
            where = self.run_slots().get(place)
            if where is None:
                return None
            x, y = L.run_card(where, i)
            return x, y, 0.0, 200 + i
        if place in ("stock", "deck"):
            x, y = L.stock_card(i)
            return x, y, 0.0, 10 + i if place == "stock" else 150 + i
        if place == "completed":
            x, y = L.completed_card(i)
            return x, y, 0.0, 10 + i
        return None

    # ----- gestures ----------------------------------------------------------------------------
    def picks(self, move: Move) -> list[tuple[str, str]]:
        if move.kind == "play":
            card, src = move.args[0], move.args[1]
            place = (f"{src}{HUMAN}" if src in ("hand", "reserve")
                     else f"aux{HUMAN}.{src[3]}")
            return [(place, card)]
        if move.kind in ("discard", "bus"):
            return [(f"hand{HUMAN}", move.args[0])]
        return []

    def target_of(self, move: Move) -> str | None:
        if move.kind == "play":
            return str(move.args[2])
        if move.kind == "discard":
            return f"aux{HUMAN}.{str(move.args[1])[3]}"
        if move.kind == "bus":
            return f"reserve{HUMAN}"
        return None

    def spaces(self) -> dict[str, Box]:
        """Every place a card may be dropped: the runs, the new-run space, your piles and
        your reserve (under the bus)."""
        if self.choosing:
            return {}
        L = self.layout
        out = {name: L.run_box(xy) for name, xy in self.run_slots().items()}
        for k in range(1, 5):
            out[f"aux{HUMAN}.{k}"] = L.aux_box(HUMAN, k)
        out[f"reserve{HUMAN}"] = L.reserve_box(HUMAN)
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
        """Any space (a drop where the card cannot go says why)."""
        for name, box in self.spaces().items():
            if box.contains(x, y):
                return name
        return None

    def own_places(self) -> set[str]:
        """Your hand, reserve and auxiliary piles: a tap on a card there that cannot be
        played says why."""
        return ({f"hand{HUMAN}", f"reserve{HUMAN}"} | {f"aux{HUMAN}.{k}" for k in range(1, 5)}
                | super().own_places())

    def pickable(self) -> set[tuple[str, str]]:
        """While ``Under the bus`` asks which card: only the cards that may go under."""
        if self.bus_choice:
            return {p for m in self.bus_choice for p in self.picks(m)}
        return super().pickable()

    def tap_card(self, tok: Any) -> None:
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
        if (self.selected and self.selected[0].place == f"hand{HUMAN}"
                and (tok.place.startswith(f"aux{HUMAN}.") or tok.place == f"reserve{HUMAN}")
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
        self._rank_moves, self._rank_then = named, then
        buttons = [Button(rank_text(r), partial(self._pick_rank, r), PRIMARY,
                          name=f"rank{r}") for r in RUN_RANKS if r in named]
        buttons.append(Button(_("Cancel"), self._cancel_rank, name="cancel"))
        self.rank_panel.buttons.buttons = buttons
        self.rank_panel.visible = True
        self.rank_panel.place(self.layout.w, self.layout.h)
        self.refresh()

    def _pick_rank(self, rank: str) -> None:
        move, then = self._rank_moves.get(rank), self._rank_then
        self._close_rank()
        if move is not None and then is not None and self.human_to_act:
            then(move)

    def _cancel_rank(self) -> None:
        self._close_rank()
        self.selected = []
        self.arrange(0.2)
        self.refresh()

    def _close_rank(self) -> None:
        self.rank_panel.visible = False
        self._rank_moves, self._rank_then = {}, None

    def _modal(self) -> Panel | None:
        """The table's own picker that has the input (none under a shared panel)."""
        p = self.open_panel()
        return p if p in (self.players_panel, self.rank_panel) else None

    def press_extra(self, x: float, y: float) -> bool:
        p = self._modal()
        return p.press(x, y) if p is not None else False

    def release_extra(self, x: float, y: float) -> bool:
        p = self._modal()
        return p.release(x, y) if p is not None else False

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self._modal() is not None and not self.bar.press(x, y):
            self.press_extra(x, y)          # an open chooser takes every press
            return
        if self.bus_choice and not self.actions.by_name("bus").hit(x, y):
            tok = self.token_at(x, y, self.own_places())
            if tok is None or (tok.place, tok.card) not in self.pickable():
                self.end_bus_choice()       # a press off the lifted cards: never mind
        super().on_mouse_press(x, y, button, modifiers)

    def on_key_press(self, key: int, modifiers: int) -> None:
        if self.bus_choice and key == arcade.key.ESCAPE:
            self.end_bus_choice()
            return
        super().on_key_press(key, modifiers)

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int,
                      modifiers: int) -> None:
        if self._modal() is None:
            super().on_mouse_drag(x, y, dx, dy, buttons, modifiers)

    def status_box(self) -> Box:
        return self.layout.status_box()

    # ----- why not -----------------------------------------------------------------------------
    @staticmethod
    def source_of(place: str) -> str | None:
        """The engine's name for one of your places (``hand``, ``reserve``, ``aux1``..)."""
        if place == f"hand{HUMAN}":
            return "hand"
        if place == f"reserve{HUMAN}":
            return "reserve"
        if place.startswith(f"aux{HUMAN}."):
            return "aux" + place.split(".")[1]
        return None

    def top_of(self, src: str) -> str | None:
        """The card on top of your reserve or of one of your auxiliary piles."""
        obs = self.obs
        pile = ([obs["reserve_tops"][HUMAN]] if src == "reserve"
                else obs["aux"][HUMAN][int(src[3]) - 1])
        return str(pile[-1]) if pile and pile[-1] else None

    def move_words(self, move: Move) -> str:
        return move_words("autobus", move, self.obs, self.style)

    def explain(self, place: str, card: str) -> str:
        """Why a tapped card of yours cannot be played: the engine's refusal of putting
        it onto the runs (a new run says what the open ones need).  The engine knows
        cards, not which copy on a pile was touched: a card under the top is the
        table's to explain."""
        if not self.human_to_act:
            return _("Wait for your turn.")
        src = self.source_of(place)
        if src is None:
            return super().explain(place, card)
        if src != "hand" and (not card or card != self.top_of(src)):
            return _("Only the top card of a pile can be played.")
        return self.why_not(Move("play", (card, src, "new"))) or super().explain(place, card)

    def explain_drop(self, sel: list[tuple[str, str]], target: str | None) -> str:
        """Why a card dropped there does not go: the engine's refusal of that move.  That
        the card came from your reserve or a pile, not your hand, only the table knows (a
        copy of it in your hand would make the engine's discard legal)."""
        if not self.human_to_act:
            return _("Wait for your turn.")
        place, card = sel[0]
        src = self.source_of(place)
        if target is None or src is None:
            return self.explain(place, card)
        if target.startswith(f"aux{HUMAN}."):
            if src != "hand":
                return _("Only cards from your hand go onto your side piles.")
            move = Move("discard", (card, "aux" + target.split(".")[1]))
        elif target == f"reserve{HUMAN}":
            if src != "hand":
                return _("Only a card from your hand goes under the bus.")
            move = Move("bus", (card,))
        else:
            move = Move("play", (card, src, target))
        return self.why_not(move) or _("That card cannot be played now.")

    # ----- animation ---------------------------------------------------------------------------
    def animate(self, seat: int | None, events: list[Event]) -> None:
        """A completed run first shows whole on the table, then sweeps off card by card
        (the second half runs once the first has landed: see ``on_update``)."""
        self.flush_sweep()
        done = next((e for e in events if e.kind == "announce" and e.text == "run_completed"),
                    None)
        cut = next((i for i, e in enumerate(events)
                    if e.kind == "move" and e.dst == "completed"), None)
        if done is None or cut is None or self.scale <= 0:
            super().animate(seat, events)
            return
        self._phase_obs = self.before_sweep(self.obs, done)
        super().animate(seat, events[:cut])
        self._pending = (seat, events[cut:])

    def flush_sweep(self, duration: float = 0.0) -> None:
        """The second half of a move that completed a run: the sweep (and any draw)."""
        if self._pending is None:
            return
        seat, rest = self._pending
        self._pending = None
        self._phase_obs = None
        self.announce_all(seat, rest)
        self.relayout(duration, rest)

    @staticmethod
    def before_sweep(obs: dict[str, Any], done: Event) -> dict[str, Any]:
        """The table as the engine's ``run_completed`` announcement says it stood with the
        whole run still in place (runs, stock, completed pile, hand sizes).  Only the
        mover's emptied hand is refilled after a sweep, so your own hand is the one you
        hold now, or none if it was empty then."""
        d = done.data
        sizes = list(d["hand_sizes"])
        o = dict(obs)
        o.update(runs=[None if r is None else list(r) for r in d["runs"]],
                 stock_size=d["stock_size"], completed_size=d["completed_size"],
                 hand_sizes=sizes, hand=list(obs["hand"]) if sizes[obs["seat"]] else [])
        return o

    def on_update(self, dt: float) -> None:
        if self._pending is not None and not self.animating and not self.paused:
            self.flush_sweep(MOVE_TIME)
        if self.dealing and not self.animating:
            self.dealing = False
            self.refresh()
        super().on_update(dt)

    def after_move(self, seat: int | None, move: Move, events: list[Event]) -> None:
        self.bus_choice = []
        for e in events:
            if e.text == "deal_over" and e.data.get("draw"):
                self.safety_net = bool(e.data.get("safety_net"))

    # ----- words -------------------------------------------------------------------------------
    def who(self, seat: int) -> str:
        return self.info.seat_name(seat)

    def status_text(self, obs: dict[str, Any], legal: list[Move]) -> str:
        if self.choosing:
            return _("How many players sit down?")
        if not self.human_to_act:
            return _("{who} is playing…").format(who=self.who(obs["current_player"]))
        if self.rank_panel.visible:
            return _("Choose the rank the joker takes on that pile")
        if self.bus_choice:
            return _("Choose the card to put under the bus")
        kinds = {m.kind for m in legal}
        sel = self.selection()
        mine = {m.kind for m in legal if sel and self.picks(m) == sel}
        if "bus" in mine:           # the chosen card's true options, from the legal moves
            card = self.card_text(sel[0][1])
            if "play" in mine:
                return _("{card} fits none of your side piles: play it onto a run, or put "
                         "it under the bus").format(card=card)
            return _("{card} fits no run and none of your side piles: put it under the "
                     "bus").format(card=card)
        if "end" in kinds:
            return (_("Your hand is empty: play from your reserve or piles, or end your turn")
                    if "play" in kinds else _("Nothing more to play: end your turn"))
        if "play" in kinds:
            return (_("Play onto the runs, then put a hand card onto a side pile")
                    if "discard" in kinds else
                    _("Play onto the runs, then put a hand card under the bus"))
        if "discard" in kinds:
            return _("No card fits a run: put a hand card onto a side pile")
        return _("No hand card fits your side piles: choose one to put under the bus")

    def announce(self, event: Event, seat: int | None) -> str | None:
        if event.text == "bus":
            if event.seat == HUMAN:
                return _("Under the bus: the card goes to the bottom of your reserve")
            return _("{who} puts a card under the bus").format(who=self.who(event.seat or 0))
        if event.text == "run_completed":
            return _("A run is complete: it goes to the completed pile")
        if event.text == "reshuffle":
            return _("The completed pile is shuffled into a new stock")
        if event.text == "turn" and event.seat == HUMAN:
            return _("Your turn")
        return None


    def result_text(self, obs: dict[str, Any]) -> tuple[str, list[str]]:
        res = obs["result"] or [-float(n) for n in obs["reserve_sizes"]]
        n = len(res)
        winner = next((s for s in range(n) if res[s] == 0), None)
        lines: list[str] = []
        if winner is None:
            title = _("A draw")
            if self.safety_net:     # BUS-11: the engine stopped the deal at its turn limit
                turns = int(obs["turn"])
                lines.append(ngettext("The deal went on for {n} turn without a winner, so it "
                                      "ends in a draw.",
                                      "The deal went on for {n} turns without a winner, so it "
                                      "ends in a draw.", turns).format(n=number(turns)))
            else:
                lines.append(_("The stock and the completed pile are empty, a whole round "
                               "went by without a card going onto a run, and nobody could "
                               "play onto a run any more: nobody can win, so the deal is a "
                               "draw."))
        elif winner == HUMAN:
            title = _("You win!")
            lines.append(_("You emptied your reserve first."))
        else:
            title = _("{who} wins").format(who=self.who(winner))
            lines.append(_("{who} emptied their reserve first.").format(who=self.who(winner)))
        lines.append(_("Each player scores minus the cards left in their reserve:"))
        for s in range(n):
            left = int(-res[s])
            lines.append(ngettext("{who}: {n} card left, score {score}",
                                  "{who}: {n} cards left, score {score}",
                                  left).format(who=self.who(s), n=left, score=number(-left)))
        return title, lines

    def update_labels(self, obs: dict[str, Any]) -> None:
        L = self.layout
        if self.choosing:
            for lab in self.labels:
                lab.set("")
            return
        obs = self._phase_obs or obs
        font = L.font
        turn = obs["current_player"]
        dealing = self.dealing            # counts wait until the dealt cards have landed
        for s, lab in self.name_labels.items():
            h = obs["hand_sizes"][s]
            text = self.who(s) if dealing else ngettext(
                "{who} · {n} card in hand", "{who} · {n} cards in hand", h).format(
                who=self.who(s), n=h)
            lab.set(("▶ " if turn == s and not obs["is_over"] and not dealing else "")
                    + text)
            lab.text.color = TURN_COLOR if turn == s else (255, 255, 255)
            x, y = L.name_xy(s)
            lab.place(x, y, max(12.0, 14 * L.s))
        for s, lab in self.reserve_labels.items():
            n = obs["reserve_sizes"][s]
            lab.set("" if dealing else ngettext("{n} left", "{n} left", n).format(n=n))
            x, _y = L.reserve_xy(s)
            self._place_inside(lab, x, L.reserve_label_y(s), font)
        for (s, k), lab in self.aux_labels.items():
            pile = obs["aux"][s][k - 1]
            rank = obs["aux_ranks"][s][k - 1]
            if not dealing and (len(pile) >= 2 or (pile and pile[-1] == JOKER)):
                lab.set(_("{rank} ×{n}").format(rank=rank_text(rank), n=len(pile)))
            else:
                lab.set("")
            lab.place(L.aux_x_of(s, k), L.aux_label_y(s, k, len(pile)), font)
        slots = self.run_slots()
        names = list(slots)
        while len(self.run_labels) < len(names):
            lab = Label("", 12, (255, 250, 220), bold=True)
            self.run_labels.append(lab)
            self.labels.append(lab)
        words: list[str] = []
        for name in names:
            if name == "new":
                words.append(_("new run"))
                continue
            need = len(obs["runs"][int(name[3:]) - 1]) + 1
            words.append(_("complete") if need > len(RUN_RANKS) else
                         _("next: {rank}").format(rank=rank_text(RUN_RANKS[need - 1])))
        # the runs' words in one size (the smallest any of them needs), the new run's alone
        fits = [self._fit(lab, text, font) for lab, text in zip(self.run_labels, words,
                                                                 strict=False)]
        common = min(fits[:-1], default=font)
        for i, lab in enumerate(self.run_labels):
            if i >= len(names):
                lab.set("")
                continue
            lab.set(words[i])
            x, y = slots[names[i]][0], L.run_label_y(slots[names[i]])
            self._place_inside(lab, x, y, fits[i] if names[i] == "new" else common)
        self.stock_label.set("" if dealing else _("stock {n}").format(n=obs["stock_size"]))
        self.completed_label.set("" if dealing else
                                 _("completed {n}").format(n=obs["completed_size"]))
        right = L.w - L.m / 2
        for lab, x in ((self.completed_label, L.completed_xy[0]),
                       (self.stock_label, L.stock_xy[0])):
            lab.place(x, L.pile_label_y, font)
            half = lab.text.content_width / 2
            x = min(x, right - half)                  # whole within the window
            lab.place(x, L.pile_label_y, font)
            right = x - half - 8 * L.s                # and clear of its neighbour

    def _fit(self, lab: Label, text: str, font: float) -> float:
        """The size at which ``text`` fits under a run (measured once on ``lab``: a font
        size change is costly)."""
        step = self.layout.run_step
        fit = self._fitted.get((text, font, step))
        if fit is None:
            fit = font
            lab.set(text)
            lab.place(lab.text.x, lab.text.y, fit)
            while lab.text.content_width > step - 6 and fit > 8:
                fit -= 1
                lab.place(lab.text.x, lab.text.y, fit)
            self._fitted[(text, font, step)] = fit
        return fit

    def _place_inside(self, lab: Label, x: float, y: float, size: float) -> None:
        """Centred on x, but whole within the window (long words in some languages)."""
        lab.place(x, y, size)
        half, m = lab.text.content_width / 2, self.layout.m / 2
        lab.place(round(min(max(x, m + half), self.layout.w - m - half)), y, size)

    # ----- drawing -----------------------------------------------------------------------------
    def draw_extra(self) -> None:
        """The computers' zones and every empty space, as few draw calls as can be."""
        if self.choosing:
            return
        L = self.layout
        obs = self._phase_obs or self.obs
        cw, ch = L.card_w + 4 * L.s, L.card_h + 4 * L.s
        turn = obs["current_player"]
        faint: list[tuple[float, float]] = []
        gold: list[tuple[float, float]] = []
        dark: list[tuple[float, float]] = []

        def rect(out: list[tuple[float, float]], b: Box) -> None:
            x0, x1, y0, y1 = b.cx - b.w / 2, b.cx + b.w / 2, b.cy - b.h / 2, b.cy + b.h / 2
            out += [(x0, y0), (x1, y0), (x1, y0), (x1, y1), (x1, y1), (x0, y1), (x0, y1),
                    (x0, y0)]

        for s in range(1, obs["players"]):
            z = L.zone(s)
            arcade.draw_rect_filled(arcade.XYWH(z.cx, z.cy, z.w, z.h), (0, 0, 0, 38))
            rect(gold if turn == s and not obs["is_over"] else dark, z)
            for k in range(1, 5):
                if not obs["aux"][s][k - 1]:
                    rect(faint, Box(*L.aux_card(s, k, 0, 1), cw, ch))
        for s in range(obs["players"]):
            if not obs["reserve_sizes"][s]:
                rect(faint, Box(*L.reserve_xy(s), cw, ch))
        for x, y in (L.stock_xy, L.completed_xy):
            rect(faint, Box(x, y, cw, ch))
        glowing = self.targets()
        for name, box in self.spaces().items():
            if name not in glowing:
                rect(faint, box)
        for points, color in ((faint, SPACE), (dark, (0, 0, 0, 50)),
                              (gold, (255, 230, 120, 150))):
            if points:
                arcade.draw_lines(points, color, 2)

    def draw_overlay(self) -> None:
        super().draw_overlay()
        p = self._modal()
        if p is not None:
            p.draw(self.layout.w, self.layout.h)

    def modal_panels(self) -> list[Panel]:
        return [self.players_panel, self.rank_panel]

    @property
    def busy(self) -> bool:
        return super().busy or self._pending is not None     # the sweep is still to come
