"""The Dudák table: you and three other players, clockwise in turn order: the seat
after yours (who plays after you) on your left, the next opposite, the last on your right
(against the computer you are seat 0; a shared table turns to put your seat at the bottom).

Beat by dropping a card on the pile (drag it, or tap it and then the pile); the
follow-up card is a second drop.  ``Collect the top card`` and ``Take the pile`` show only
while they are legal.  At the start of your turn, while you have no trump, the free
suits are offered as buttons beside the pile.  Who went out, and in which order, the
table works out from the observations (the engine only names the Dudák).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import arcade

from game.cards import CZECH_SUITS
from game.games.dudak.layout import DudakLayout
from game.i18n import N_, _, ngettext
from game.i18n.moves import move_words
from game.i18n.words import card_text, suit_name
from game.rules import Event, Move
from game.scenes.table_view import Action, Slot, TableView
from game.ui import assets
from game.ui.layout import Box
from game.ui.place import Place
from game.ui.placement import Places
from game.ui.widgets import SECONDARY, Button, Label

PLAYERS = 4
ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"))
BADGE_FILL = (250, 240, 210)       # the Ace's frame colour, behind the suit sign
GOLD = (222, 176, 52)
TURN = (255, 230, 120, 210)
PULSE_TIME = 1.1


@cache
def suit_texture(suit: str) -> arcade.Texture:
    """The suit sign as the cards draw it, cut from the centre of that suit's Ace."""
    img = assets.card_texture("czech", "A" + suit).image.crop((54, 94, 146, 186))
    return arcade.Texture(img, hash=f"dudak-suit-{suit}")


def draw_badge(x: float, y: float, r: float, suit: str | None) -> None:
    """A trump badge: the suit's sign on a round plate (an empty ring while none)."""
    if suit is None:
        arcade.draw_circle_outline(x, y, r, (255, 255, 255, 70), 2)
        return
    arcade.draw_circle_filled(x + 1, y - 2, r + 1, (0, 0, 0, 80))
    arcade.draw_circle_filled(x, y, r, BADGE_FILL)
    arcade.draw_circle_outline(x, y, r, GOLD, max(2.0, r * 0.12))
    side = r * 1.5
    arcade.draw_texture_rect(suit_texture(suit), arcade.XYWH(x, y, side, side))


class SuitButton(Button):
    """A "Declare trump" choice: the suit's sign and its name."""

    def __init__(self, suit: str, on_click: Any) -> None:
        super().__init__(suit_name(suit, "czech").capitalize(), on_click, SECONDARY,
                         name=f"declare-{suit}")
        self.suit = suit
        self.visible = False

    def place(self, cx: float, cy: float, w: float, h: float, font: float | None = None) -> None:
        super().place(cx, cy, w, h, font)
        icon = self.h * 0.62 + 6
        t = self.label.text
        size = float(t.font_size)
        while t.content_width > self.w - 16 - icon and size > 9:
            size = max(9.0, size - 1)
            t.font_size = size
        self.label.place(cx + icon / 2, cy)

    def draw(self) -> None:
        super().draw()
        if self.visible:
            side = self.h * 0.62
            x = self.label.text.x - self.label.text.content_width / 2 - side / 2 - 6
            arcade.draw_texture_rect(suit_texture(self.suit), arcade.XYWH(x, self.cy, side,
                                                                          side))


class DudakTable(TableView):
    key = "dudak"
    event_sounds = {"take": "take", "abstych": "bomb", "trump": "flip"}
    layout: DudakLayout

    def setup(self) -> None:
        self.names = {s: Label("", 15, (255, 255, 255), anchor_x="left", bold=True)
                      for s in self.others()}
        self.counts = {s: Label("", 13, (230, 240, 230), anchor_x="left")
                       for s in self.others()}
        self.seat_labels = self.names               # (a shared table's marks: beside them)
        self.own_name = Label("", 15, (255, 255, 255), anchor_x="left", bold=True)
        self.own_trump = Label("", 13, (230, 240, 230), anchor_x="left")
        self.dealer_label = Label(_("dealer"), 11, (40, 30, 10), bold=True)
        self.pile_label = Label("", 13, (230, 240, 230))
        self.out_label = Label("", 13, (230, 240, 230))
        self.aside_label = Label("", 13, (255, 245, 210), bold=True, multiline=True,
                                 width=300, align="center", anchor_y="bottom")
        self.declare_title = Label("", 15, (255, 245, 210), bold=True, anchor_y="bottom")
        self.declare_note = Label("", 12, (230, 240, 230), anchor_y="top", multiline=True,
                                  width=300, align="center")     # wraps inside the aside
        self.labels += [*self.names.values(), *self.counts.values(), self.own_name,
                        self.own_trump, self.pile_label, self.out_label, self.aside_label]
        self.suit_buttons = {s: SuitButton(s, lambda s=s: self.declare(s))
                             for s in CZECH_SUITS}
        for b in self.suit_buttons.values():      # after Collect and Take: numbered keys
            self.actions.add(b)
        self._counts = list(self.obs["card_counts"])
        self.pulses: list[list[float]] = []       # [x, y, seconds left]
        self.badge_x: dict[int, float] = {}

    def make_layout(self, width: float, height: float) -> DudakLayout:
        return DudakLayout(width, height, self.app.settings.card_scale)

    def card_text(self, card: str) -> str:
        return card_text(card, "czech")

    @property
    def out_order(self) -> list[int]:
        """The seats in the order they went out (DUD-9), as the engine keeps it."""
        return list(self.obs["out_order"])

    def after_move(self, seat: int | None, move: Move, events: list[Event]) -> None:
        self._counts = list(self.obs["card_counts"])

    def button_for(self, move: Move) -> Button | None:
        if move.kind == "declare":
            return self.suit_buttons[move.args[0]]
        return super().button_for(move)

    def move_words(self, move: Move) -> str:
        return move_words("dudak", move, self.obs, self.style)

    # ----- what lies where ---------------------------------------------------------------
    def places(self, obs: dict[str, Any]) -> Places:
        sizes = obs["hand_sizes"]
        places: Places = {f"hand{self.human}": list(obs["hand"]), "pile": list(obs["pile"]),
                          "out": [None] * len(obs["out"])}
        self._known_n: dict[int, int] = {}
        for s in self.others():
            # cards a computer took from the pile were seen by all: they lie face up,
            # on top of its hidden cards
            known = [c for c in obs["known"][s] if c not in obs["collected"][s]]
            self._known_n[s] = len(known)
            places[f"hand{s}"] = [None] * (sizes[s] - len(known)) + known
        for s in range(PLAYERS):
            places[f"collected{s}"] = list(obs["collected"][s])
        return places

    def slot(self, place: str, i: int, n: int) -> Slot | None:
        L = self.layout
        if place == f"hand{self.human}":
            x, y, a = L.hand(n)[i]
            return x, y, a, 200 + i
        p = Place.parse(place)
        if p.kind == "hand" and p.seat is not None and p.seat != self.human:
            seat = p.seat
            x, y, a = L.seat_card(self.pos(seat), i, n, self._known_n.get(seat, 0))
            return x, y, a, 60 + i
        if place == "pile":
            x, y, a = L.pile(i, n)
            return x, y, a, 100 + i
        if p.kind == "collected":
            x, y = L.collected(i, n)
            return x, y, 0.0, 150 + i
        if place == "out":
            x, y, a = L.out(i)
            return x, y, a, 10 + i
        if place == "deck":                       # the deal starts at the dealer
            x, y = L.seat_centre(self.pos(self.obs["dealer"]))
            return x, y, 0.0, 300 + i
        return None

    def deal_animation(self) -> None:
        """The framework's deal, but the cards fly from the dealer's seat."""
        super().deal_animation()
        x, y = self.layout.seat_centre(self.pos(self.obs["dealer"]))
        for sp in self.sprites.values():
            if sp.motion is not None:
                sp.motion.start = (x, y, sp.motion.start[2])
                sp.position = (x, y)
        first = self.obs["current_player"]
        if first is not None:
            self.show_banner(_("You play first") if first == self.human else
                             _("{who} plays first").format(who=self.who(first)))

    # ----- gestures ----------------------------------------------------------------------
    def picks(self, move: Move) -> list[tuple[str, str]]:
        if move.kind in ("lead", "beat", "follow"):
            return [(f"hand{self.human}", move.args[0])]
        return []

    def target_of(self, move: Move) -> str | None:
        return "pile" if move.kind in ("lead", "beat", "follow") else None

    def targets(self) -> dict[str, Box]:
        return {"pile": self.layout.pile_zone}

    def make_actions(self) -> list[Action]:
        return [Action("collect", self.collect_label,
                       lambda ms: [m for m in ms if m.kind == "collect"], SECONDARY),
                Action("take", self.take_label,
                       lambda ms: [m for m in ms if m.kind == "take"], SECONDARY)]

    def collect_label(self) -> str:
        if len(self.obs["pile"]) == 1:
            return _("Collect the last card")
        return _("Collect the top card")

    def take_label(self) -> str:
        if self.obs["collected"][self.human]:
            return _("Take the rest of the pile")
        return _("Take the pile")

    def declare(self, suit: str) -> None:
        moves = [m for m in self.human_moves() if m.kind == "declare" and m.args[0] == suit]
        if moves:
            self.play(moves[0])

    def refresh_buttons(self, legal: list[Move]) -> None:
        free = [m.args[0] for m in legal if m.kind == "declare"]
        L = self.layout
        for suit, b in self.suit_buttons.items():
            b.visible = suit in free
            if b.visible:
                box = L.declare_button(free.index(suit), len(free))
                b.place(box.cx, box.cy, box.w, box.h, max(12.0, 16 * L.s))
        if free:
            top = L.declare_button(0, len(free))
            self.declare_title.set(_("Declare trump (optional):"))
            self.declare_title.place(L.aside.cx, top.cy + top.h / 2 + 8 * L.s,
                                     max(12.0, 15 * L.s))
            last = L.declare_button(len(free) - 1, len(free))
            bottom = last.cy - last.h / 2 - 6 * L.s
            trumps = self.obs["trumps"]
            if len(free) == 2:
                left = next(s for s in range(PLAYERS) if trumps[s] is None and s != self.human)
                self.declare_note.set(_("The other suit then goes to {who} automatically.")
                                      .format(who=self.who(left)))
            else:
                self.declare_note.set("")
            self.declare_note.text.width = max(1, int(L.aside.w))
            self.declare_note.place(L.aside.cx, bottom, max(10.0, 12 * L.s))
        else:
            self.declare_title.set("")
            self.declare_note.set("")

    def explain(self, place: str, card: str) -> str:
        if not self.human_to_act:
            return _("Wait for your turn.")
        obs = self.obs
        verb = ("follow" if obs["phase"] == "follow" else "lead" if not obs["pile"]
                else "beat")
        return self.why_not(Move(verb, (card,))) or _("That card cannot be played now.")

    def place_widgets(self) -> None:
        super().place_widgets()
        L = self.layout
        own = self.actions.buttons[:len(self.action_specs)]
        for i, b in enumerate(own):             # Collect above Take, right of the hand
            box = L.action_button(len(own) - 1 - i)
            b.place(box.cx, box.cy, box.w, box.h)
            self.fit_label(b)
        self.refresh_buttons(self.human_moves())   # the suit buttons beside the pile

    def fit_label(self, b: Button) -> None:
        size = max(12.0, min(20.0, b.h * 0.34))
        b.label.place(b.cx, b.cy, size)
        while b.label.text.content_width > b.w - 14 and size > 9:
            size -= 1
            b.label.place(b.cx, b.cy, size)

    def refresh(self) -> None:
        super().refresh()
        for b in self.actions.buttons[:len(self.action_specs)]:
            if b.visible:
                self.fit_label(b)

    # ----- words -------------------------------------------------------------------------
    def status_text(self, obs: dict[str, Any], legal: list[Move]) -> str:
        if not self.human_to_act and obs["card_counts"][self.human] == 0 \
                and obs["current_player"] is not None:
            return _("You are out of cards. {thinking}").format(
                thinking=self.thinking_text(obs["current_player"]))
        return super().status_text(obs, legal)

    def announce(self, event: Event, seat: int | None) -> str | None:
        if event.text == "trump" and event.seat is not None:
            suit = suit_name(str(event.data.get("suit")), "czech")
            if event.data.get("automatic"):
                if event.seat == self.human:
                    return _("The last free suit, {suit}, is your trump automatically").format(
                        suit=suit)
                return _("{who} gets the last free suit, {suit}, as trump automatically"
                         ).format(who=self.who(event.seat), suit=suit)
            if event.seat == self.human:
                return _("Your trump: {suit}").format(suit=suit)
            return _("{who} declares {suit} as trump").format(who=self.who(event.seat),
                                                               suit=suit)
        if event.text == "abstych" and event.seat is not None:
            if event.seat == self.human:
                return _("Abštych! You beat with your last card: the pile leaves the game")
            return _("Abštych! {who} beat with the last card: the pile leaves the game"
                     ).format(who=self.who(event.seat))
        if event.text == "take" and event.seat is not None and event.seat != self.human:
            return _("{who} takes the pile").format(who=self.who(event.seat))
        return None


    def animate(self, seat: int | None, events: list[Event]) -> None:
        lines = [line for e in events if e.kind == "announce"
                 for line in [self.announce(e, seat)] if line]
        L = self.layout
        for s in [e.seat for e in events if e.text == "out" and e.seat is not None]:
            n = self.out_order.index(s)
            lines.append(_("You are out of cards!") if s == self.human else
                         _("{who} is out of cards ({nth} to go out)").format(
                             who=self.who(s), nth=_(ORDINALS[n])))
            x, y = ((L.own_plate()[0] + 40 * L.s, L.status_y) if s == self.human
                    else L.plate(self.pos(s)))
            self.pulses.append([x, y, PULSE_TIME])
        if any(e.text == "abstych" for e in events):
            self.pulses.append([L.pile_x, L.pile_y, PULSE_TIME])
        super().animate(seat, events)
        self.show_banners(lines)           # each read whole, one after the other
        if any(e.text == "abstych" for e in events):
            for tok in self.tokens_at("out"):
                self.sprites[tok.id].shake()

    def ordinal(self, seat: int) -> str:
        return _(ORDINALS[self.out_order.index(seat)])

    def result_text(self, obs: dict[str, Any]) -> tuple[str, list[str]]:
        return result_words(obs, self.out_order, self.who, self.human)

    @staticmethod
    def safety_net(obs: dict[str, Any]) -> bool:
        return safety_net(obs)

    # ----- labels and drawing ------------------------------------------------------------
    def plate_lines(self, obs: dict[str, Any], seat: int) -> tuple[str, str]:
        counts, collected = obs["card_counts"], obs["collected"][seat]
        turn = (obs["current_player"] == seat and not obs["is_over"]
                and not self.session.surrendered)
        name = ("▶ " if turn else "") + self.who(seat)
        if counts[seat] == 0 and seat in self.out_order:
            return name, _("out of cards ({nth})").format(nth=self.ordinal(seat))
        held = counts[seat] - len(collected)
        line = ngettext("{n} card", "{n} cards", held).format(n=held)
        if collected:
            line += " " + ngettext("+ {n} waiting", "+ {n} waiting",
                                   len(collected)).format(n=len(collected))
        return name, line

    def update_labels(self, obs: dict[str, Any]) -> None:
        L = self.layout
        s = L.s
        for seat in self.others():
            name, line = self.plate_lines(obs, seat)
            x, y = L.plate(self.pos(seat))
            self.names[seat].set(name)
            self.names[seat].place(x - 44 * s, y + 11 * s, max(11.0, 15 * s))
            self.counts[seat].set(line)
            self.counts[seat].place(x - 44 * s, y - 11 * s, max(10.0, 13 * s))
            chip = self.chip_width() + 10 * s if obs["dealer"] == seat else 0.0
            wide = max(self.names[seat].text.content_width + chip,
                       self.counts[seat].text.content_width)
            over = max(0.0, x - 44 * s + wide - (L.w - 10 * s))   # keep it in the window
            if over:
                self.names[seat].place(x - 44 * s - over, y + 11 * s)
                self.counts[seat].place(x - 44 * s - over, y - 11 * s)
            self.badge_x[seat] = x - 68 * s - over
        x, y = L.own_plate()
        trump = obs["trumps"][self.human]
        self.own_name.set(_("You"))
        self.own_name.place(x + 44 * s, y + 11 * s, max(11.0, 15 * s))
        self.own_trump.set(_("trump: {suit}").format(suit=suit_name(trump, "czech"))
                           if trump else _("no trump yet"))
        self.own_trump.place(x + 44 * s, y - 11 * s, max(10.0, 13 * s))
        n = len(obs["pile"])
        self.pile_label.set(ngettext("{n} card in the pile", "{n} cards in the pile", n)
                            .format(n=n) if n else _("The table is empty"))
        zone = L.pile_zone
        self.pile_label.place(zone.cx, zone.cy - zone.h / 2 - 14 * s - 4,
                              max(10.0, 13 * s))
        out = len(obs["out"])
        self.out_label.set(ngettext("{n} card out of play", "{n} cards out of play", out)
                           .format(n=out) if out else "")
        ox, oy = L.out_xy                       # under the pile (the log is right of it)
        self.out_label.place(ox, round(oy - L.card_h / 2 - 12 * s), max(10.0, 13 * s))
        half = self.out_label.text.content_width / 2 + 6 * s
        if ox - half < 4 * s:                   # whole in the window
            self.out_label.place(round(4 * s + half), self.out_label.text.y)
        waiting = next((seat for seat in range(PLAYERS) if obs["collected"][seat]), None)
        if waiting is None:
            self.aside_label.set("")
        else:
            self.aside_label.set(_("Collected: they join your hand when you beat")
                                 if waiting == self.human else
                                 _("Collected by {who}: they join the hand after a beat")
                                 .format(who=self.who(waiting)))
            if self.aside_label.text.width != int(L.aside.w):
                self.aside_label.text.width = int(L.aside.w)
            self.aside_label.place(L.aside.cx, L.pile_y + L.card_h / 2 + 8 * s,
                                   max(10.0, 13 * s))

    def tick(self, dt: float) -> None:
        """The rings fade."""
        if self.pulses:
            for p in self.pulses:
                p[2] -= dt / max(self.scale, 0.3)
            self.pulses = [p for p in self.pulses if p[2] > 0]

    def draw_extra(self) -> None:
        L = self.layout
        obs = self.obs
        s = L.s
        trumps = obs["trumps"]
        turn = None if obs["is_over"] or self.session.surrendered else obs["current_player"]
        r = 19 * s
        for seat in self.others():
            if turn == seat:
                b = L.seat_box(self.pos(seat), obs["hand_sizes"][seat])
                arcade.draw_rect_outline(arcade.XYWH(b.cx, b.cy, b.w, b.h), TURN, 3)
            x, y = L.plate(self.pos(seat))
            draw_badge(self.badge_x.get(seat, x - 68 * s), y, r, trumps[seat])
        x, y = L.own_plate()
        draw_badge(x + r, y, r, trumps[self.human])
        self.draw_dealer_chip(obs["dealer"])
        self.declare_title.draw()
        self.declare_note.draw()

    def draw_over(self) -> None:
        """The rings of an abštych or a player going out (they change every frame, so
        they are drawn over the static layer)."""
        s = self.layout.s
        for px, py, left in self.pulses:
            t = 1 - left / PULSE_TIME
            arcade.draw_circle_outline(px, py, (40 + 110 * t) * s,
                                       (255, 225, 120, int(230 * (1 - t))), 5)

    def settling(self) -> bool:
        return bool(self.pulses)

    def chip_width(self) -> float:
        """The dealer chip's width (its word at its size, and its margins)."""
        s = self.layout.s
        self.dealer_label.place(self.dealer_label.text.x, self.dealer_label.text.y,
                                max(9.0, 11 * s))
        return float(self.dealer_label.text.content_width) + 16 * s

    def draw_dealer_chip(self, dealer: int) -> None:
        """The chip on the dealer's name line, right of the name: clear of the count, a
        last play said under the plate and "out of cards"."""
        s = self.layout.s
        lab = self.dealer_label
        size = max(9.0, 11 * s)
        name = self.own_name if dealer == self.human else self.names[dealer]
        w, h = self.chip_width(), size + 10 * s
        x = name.text.x + name.text.content_width + 10 * s + w / 2
        y = name.text.y
        lab.place(round(x), round(y), size)
        arcade.draw_rect_filled(arcade.XYWH(x, y, w, h), GOLD)
        arcade.draw_rect_outline(arcade.XYWH(x, y, w, h), (90, 60, 10), 2)
        lab.draw()


def safety_net(obs: dict[str, Any]) -> bool:
    """The deal stopped at the move limit (DUD-12), not because one player was left."""
    return bool(obs["safety_net"])


def result_words(obs: dict[str, Any], out_order: list[int],
             who: Callable[[int], str], human: int = 0) -> tuple[str, list[str]]:
    """The result panel's title and lines: the Dudák, who went out in which order, and
    at the move limit (DUD-12) who still held what."""
    res = obs["result"] or [1.0] * PLAYERS
    dudak = obs["dudak"] if obs["dudak"] is not None else min(range(PLAYERS),
                                                              key=lambda s: res[s])
    title = (_("You are the Dudák!") if dudak == human
             else _("{who} is the Dudák").format(who=who(dudak)))
    lines = [_("You lose: you are the last one holding cards.") if dudak == human
             else _("You win: you got rid of your cards.") if human in out_order
             else _("You win: the Dudák holds more cards.")]
    gone = [s for s in out_order if s != dudak]
    if safety_net(obs):
        lines.insert(0, _("The deal reached 2,000 moves without an end, so it was "
                          "stopped there."))
    if gone:
        lines.append(_("Out of cards in this order:"))
        lines.append(" → ".join(who(s) for s in gone))
    if safety_net(obs):
        counts = obs["card_counts"]
        lines.append(ngettext(
            "The player holding the most cards is the Dudák: {who}, with {n} card.",
            "The player holding the most cards is the Dudák: {who}, with {n} cards.",
            counts[dudak]).format(who=who(dudak), n=counts[dudak]))
        holding = [s for s in range(PLAYERS) if counts[s] and s != dudak]
        if holding:
            lines.append(_("Still holding cards: {list}").format(list=", ".join(
                ngettext("{who} ({n} card)", "{who} ({n} cards)", counts[s]).format(
                    who=who(s), n=counts[s]) for s in holding)))
        if obs["net_tie"]:
            lines.append(_("On a tie, the player whose turn came soonest is the Dudák."))
    lines.append(_("The Dudák deals the next game."))
    return title, lines
