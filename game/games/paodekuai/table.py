"""The Pao De Kuai table: you and two other players, counter-clockwise: the seat after
yours on your right plays after you, the other on your left (against the computer you
are seat 0; at a shared table the table turns so that your seat is at the bottom).

Choose cards by tapping them or by dragging across them; ``Play`` lights up only when the
chosen cards are one of the legal plays, ``Pass`` only when passing is allowed, and
``Hint`` cycles through the legal plays.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import arcade

from game.cards import FRENCH_SUITS
from game.games.paodekuai.layout import PaoDeKuaiLayout
from game.games.paodekuai.rules import RANK
from game.games.paodekuai.words import shape_words
from game.i18n import _, ngettext, number, signed
from game.i18n.moves import move_words
from game.rules import Event, Move
from game.scenes.table_view import Action, Slot, TableView
from game.ui.layout import Box
from game.ui.place import Place
from game.ui.placement import Places
from game.ui.widgets import PRIMARY, SECONDARY, Button, Label

WARN = (255, 120, 90)

def ranks(cards: list[str]) -> Counter[str]:
    return Counter(c[0] for c in cards)


class PaoDeKuaiTable(TableView):
    key = "paodekuai"
    event_sounds = {"bomb": "bomb", "round_over": "flip"}
    multi_select = True
    layout: PaoDeKuaiLayout

    def setup(self) -> None:
        self.seat_labels = {s: Label("", 15, (255, 255, 255), bold=True)
                            for s in self.others()}
        self.pass_labels = {s: Label("", 15, (255, 220, 150), bold=True) for s in (0, 1, 2)}
        self.shape_label = Label("", 15, (255, 245, 210), bold=True)
        self.discard_label = Label("", 12, (230, 240, 230), anchor_x="left")
        self.labels += [*self.seat_labels.values(), *self.pass_labels.values(),
                        self.shape_label, self.discard_label]
        self.play_button = Button(_("Play"), self.play_selected, PRIMARY, name="play")
        self.actions.add(self.play_button)
        self.passed_now: set[int] = set()

    def make_layout(self, width: float, height: float) -> PaoDeKuaiLayout:
        return PaoDeKuaiLayout(width, height, self.app.settings.card_scale)

    def make_actions(self) -> list[Action]:
        return [Action("pass", lambda: _("Pass"),
                       lambda ms: [m for m in ms if m.kind == "pass"], SECONDARY)]

    # ----- what lies where ---------------------------------------------------------------------
    def places(self, obs: dict[str, Any]) -> Places:
        hand = sorted(obs["hand"], key=lambda c: (RANK[c[0]], FRENCH_SUITS.index(c[1])))
        sizes = obs["hand_sizes"]
        table = list(obs["table"])
        gone = 48 - sum(sizes) - len(table)
        out: Places = {f"hand{s}": [None] * sizes[s] for s in self.others()}
        return {**out, f"hand{self.human}": list(hand), "table": list(table),
                "discard": [None] * gone}

    def slot(self, place: str, i: int, n: int) -> Slot | None:
        L = self.layout
        if place == f"hand{self.human}":
            xs = L.hand_positions(n)
            return xs[i], L.hand_y, 0.0, 200 + i
        p = Place.parse(place)
        if p.kind == "hand" and p.seat is not None and p.seat != self.human:
            face_up = any(t.card for t in self.tokens_at(place))   # a replay shows it
            x, y, a = L.seat_card(self.pos(p.seat), i, n, face_up)
            return x, y, a, 100 + i
        if place == "table":
            x, y = L.play(i, n)
            return x, y, 0.0, 150 + i
        if place == "discard":
            x, y, a = L.discard(i)
            return x, y, a, 10 + i
        if place == "deck":
            return L.w / 2, L.table_y, 0.0, i
        return None

    # ----- gestures -----------------------------------------------------------------------------
    def picks(self, move: Move) -> list[tuple[str, str]]:
        return [(f"hand{self.human}", c) for c in move.args] if move.kind == "play" else []

    def pickable(self) -> set[tuple[str, str]]:
        # every card of the hand may be chosen; Play says whether the choice is legal
        return ({(f"hand{self.human}", c) for c in self.obs["hand"]} if self.human_to_act
                else set())

    def target_of(self, move: Move) -> str | None:
        return "table" if move.kind == "play" else None

    def targets(self) -> dict[str, Box]:
        return {"table": self.layout.table_zone}

    def match(self, selection: list[tuple[str, str]], target: str | None,
              legal: list[Move]) -> list[Move]:
        """The legal play with the chosen cards' ranks, played with the chosen cards
        (the engine lists one play per set of ranks and accepts any suits of it)."""
        if target != "table" or not selection:
            return []
        cards = [c for _, c in selection]
        want = ranks(cards)
        for m in legal:
            if m.kind == "play" and ranks(list(m.args)) == want:
                mine = Move("play", tuple(cards))
                return [mine] if self.session.check(mine) is None else [m]
        return []

    def refresh_buttons(self, legal: list[Move]) -> None:
        mine = self.human_to_act
        self.play_button.visible = mine
        self.play_button.enabled = bool(self.match(self.selection(), "table", legal))

    def status_text(self, obs: dict[str, Any], legal: list[Move]) -> str:
        """What is expected; with cards chosen that Play cannot play, why not."""
        sel = self.selection()
        if self.human_to_act and sel and not self.match(sel, "table", legal):
            return self.explain_drop(sel, "table")
        return self.expected_text(obs, legal)

    def play_selected(self) -> None:
        moves = self.match(self.selection(), "table", self.human_moves())
        if moves:
            self.play(moves[0])
        elif self.selected:
            self.flash(self.explain_drop(self.selection(), "table"))

    def after_move(self, seat: int | None, move: Move, events: list[Event]) -> None:
        """The line under the table says the play there once it has landed; meanwhile
        it says nothing (not the play it covers)."""
        if any(e.kind == "move" and e.dst == "table" for e in events):
            self.shape_label.set("")

    def after_undo(self) -> None:
        self.passed_now.clear()

    def move_words(self, move: Move) -> str:
        return move_words("paodekuai", move, self.obs, self.style)

    def explain_drop(self, sel: list[tuple[str, str]], target: str | None) -> str:
        if not self.human_to_act:
            return _("Wait for your turn.")
        return (self.why_not(Move("play", tuple(c for _, c in sel)))
                or _("Those cards cannot be played now."))

    def explain(self, place: str, card: str) -> str:
        return self.explain_drop([(place, card)], "table")

    # ----- words --------------------------------------------------------------------------------
    def expected_text(self, obs: dict[str, Any], legal: list[Move]) -> str:
        return super().status_text(obs, legal)

    def announce(self, event: Event, seat: int | None) -> str | None:
        if event.text == "bomb":
            return _("{who} plays {shape}!").format(
                who=self.who(event.seat if event.seat is not None else 0),
                shape=shape_words({"name": event.data.get("name", "bomb"), "kind": "bomb",
                                   "size": 4}))
        if event.text == "round_over" and event.seat is not None:
            if event.seat == self.human:
                return _("Nobody beats you: you lead")
            return _("{who} wins the round and leads").format(who=self.who(event.seat))
        if event.text == "bomb_bonus":
            return _("Bomb bonus for {who}").format(who=self.who(event.seat or 0))
        return None


    def animate(self, seat: int | None, events: list[Event]) -> None:
        if any(e.text == "pass" for e in events) and seat is not None:
            self.passed_now.add(seat)
        if any(e.text in ("round_over", "play") for e in events):
            if any(e.text == "round_over" for e in events):
                self.passed_now.clear()
            elif seat is not None:
                self.passed_now.discard(seat)
        super().animate(seat, events)
        if any(e.text == "bomb" for e in events):
            for tok in self.tokens_at("table"):
                self.sprites[tok.id].shake()

    def result_text(self, obs: dict[str, Any]) -> tuple[str, list[str]]:
        res = obs["result"] or [0, 0, 0]
        # the seat that emptied its hand wins (the engine says who), whatever the points
        winner = obs["went_out"]
        if winner is None:
            winner = max(range(3), key=lambda s: res[s])
        title = (_("You went out first!") if winner == self.human
                 else _("{who} went out first").format(who=self.who(winner)))
        lines = final_play(obs, self.who, self.card_text, self.human)   # the panel covers the table
        bill = obs["settlement"]
        paid = 0
        for s in [*self.others(), self.human]:
            if s == winner or not bill or not bill[s]:
                continue
            b = bill[s]
            parts = [ngettext("{n} card left", "{n} cards left", b["cards"] // (2 if b["spring"]
                                                                                 else 1))
                     .format(n=b["cards"] // (2 if b["spring"] else 1))
                     + (_(" (doubled: never played)") if b["spring"] else "")]
            if b["two_of_spades"]:
                parts.append(_("2♠ kept: {n}").format(n=b["two_of_spades"]))
            if b["bombs"]:
                parts.append(_("bombs in hand: {n}").format(n=b["bombs"]))
            said = (_("You pay {total}: {parts}") if s == self.human
                    else _("{who} pays {total}: {parts}"))
            lines.append(said.format(who=self.who(s), total=number(b["total"]),
                                     parts=", ".join(parts)))
            paid += b["total"]
        order = [self.human, *self.others()]
        for s in order:
            effect = paid if s == winner else -(bill[s]["total"] if bill and bill[s] else 0)
            bonus = res[s] - effect
            if bonus:
                lines.append(_("{who}: bomb bonuses {n}").format(who=self.who(s),
                                                                n=signed(bonus)))
        lines.append(_("Points: ") + ", ".join(
            f"{self.who(s)} {signed(res[s])}" for s in order) + _(" (they sum to zero)"))
        return title, lines

    def update_labels(self, obs: dict[str, Any]) -> None:
        L = self.layout
        sizes = obs["hand_sizes"]
        turn = obs["current_player"]
        for s, lab in self.seat_labels.items():
            n = sizes[s]
            text = ngettext("{who}: {n} card", "{who}: {n} cards", n).format(who=self.who(s),
                                                                            n=n)
            lab.set(("▶ " if turn == s and not obs["is_over"] else "") + text)
            lab.text.color = WARN if n == 1 else (255, 255, 255)
            x, y = L.seat_label(self.pos(s))
            lab.place(x, y, max(12.0, 15 * L.s))
            half = lab.text.content_width / 2 + 8
            lab.place(min(max(x, half), L.w - half), y)
        for s, lab in self.pass_labels.items():      # a computer's pass: its last play
            lab.set(_("Pass") if s in self.passed_now and s == self.human else "")
            if s == self.human:
                lab.place(L.w / 2, L.status_y + 40 * L.s)
            else:
                x, y = L.seat_label(self.pos(s))
                lab.place(x, y - 24 * L.s)
        if obs["table"]:
            who = self.who(obs["table_seat"])
            self.shape_label.set(_("{shape} — played by {who}").format(
                shape=shape_words(obs["table_shape"]), who=who))
        else:
            self.shape_label.set("")
        self.shape_label.place(L.w / 2, L.table_y - L.card_h / 2 - 22 * L.s,
                               max(12.0, 15 * L.s))
        gone = 48 - sum(sizes) - len(obs["table"])
        self.discard_label.set(ngettext("{n} card played", "{n} cards played", gone)
                               .format(n=gone) if gone else "")
        x, y = L.discard_xy                     # beside the pile, right of it
        self.discard_label.place(round(x + L.card_h / 2 + 12 * L.s), round(y),
                                 max(10.0, 12 * L.s))

    def draw_extra(self) -> None:
        L = self.layout
        obs = self.obs
        if obs["is_over"]:
            return
        turn = obs["current_player"]
        if turn is not None and turn != self.human:
            x, y = L.side_x[self.pos(turn)], L.seat_y
            arcade.draw_rect_outline(arcade.XYWH(x, y, L.card_h + 24, L.card_w + 120 * L.s),
                                     (255, 230, 120, 200), 3)
        for s in self.others():
            if obs["hand_sizes"][s] == 1:
                x, y = L.side_x[self.pos(s)], L.seat_y
                arcade.draw_circle_outline(x, y, L.card_h * 0.75, WARN, 4)


def final_play(obs: dict[str, Any], who: Callable[[int], str],
               card: Callable[[str], str], human: int = 0) -> list[str]:
    """The play that ended the deal, in words (the result panel stands over the table
    where it lies): one line, or none."""
    if not obs.get("table") or obs.get("table_seat") is None:
        return []
    cards = " ".join(card(c) for c in obs["table"])
    if obs["table_seat"] == human:
        return [_("Your last play: {cards}").format(cards=cards)]
    return [_("The last play, by {who}: {cards}").format(who=who(obs["table_seat"]),
                                                       cards=cards)]
