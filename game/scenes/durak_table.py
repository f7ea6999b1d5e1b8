"""The Durak table: you (seat 0) against the computer (seat 1).

The view never decides rules: gestures become moves only by matching them against
``legal_moves()``, refusals are explained with the engine's own message, and every card
moves by a tween driven by the engine's events.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

import arcade

from game.ai import levels, make_bot, table_config
from game.cards import Card
from game.rules import Event, IllegalMove, Move, Rng
from game.rules.durak import RANK, Durak
from game.store import saves
from game.ui import assets
from game.ui.card_sprite import CardSprite
from game.ui.layout import DurakLayout
from game.ui.widgets import (
    DANGER,
    PRIMARY,
    Button,
    ButtonGroup,
    Label,
    dim_screen,
    draw_panel,
)

if TYPE_CHECKING:
    from game.app import CardClubWindow

log = logging.getLogger(__name__)
HUMAN, COMPUTER = 0, 1
DRAG_THRESHOLD = 8
MOVE_TIME = 0.38
STAGGER = 0.07
SLICE = 0.005   # seconds of AI search per frame


def card_text(card: str) -> str:
    c = Card.parse(card, "atlasnye")
    return c.label + c.symbol


class DurakTableView(arcade.View):
    def __init__(self, window: CardClubWindow, game: Durak | None = None,
                 journal: saves.Journal | None = None, level: str | None = None,
                 ai_seats: tuple[int, ...] = (COMPUTER,), seed: int | None = None) -> None:
        super().__init__(window)
        self.app = window
        table = levels("durak")
        self.level = (level or window.settings.levels.get("durak")
                      or str(table_config("durak").get("default_level", "normal")))
        if self.level not in table:
            self.level = next(iter(table))
        self.fresh = game is None
        self.game: Durak = game if game is not None else Durak.new(seed=seed)
        self.journal = journal or saves.Journal.start(self.game, level=self.level)
        self.ai_seats = ai_seats
        self.bots = {s: make_bot("durak", self.level, seed=self.game.seed * 4 + s)
                     for s in ai_seats}
        self.think_range = tuple(table[self.level].get("think_delay", [0.6, 1.0]))
        self.rng = Rng(self.game.seed + 17)
        self.ai_timer = 0.0
        self.ai_delay = self._next_delay()
        self.thinking: int | None = None    # the seat whose search is running in slices
        self.layout = DurakLayout(window.width, window.height)
        self.sprites: dict[str, CardSprite] = {}
        self.sprite_list = arcade.SpriteList()
        for c in Durak.full_deck():
            sp = CardSprite(c, "atlasnye", self.layout.card_w)
            self.sprites[c] = sp
            self.sprite_list.append(sp)
        # input state
        self.selected: str | None = None
        self.press_card: str | None = None
        self.press_xy = (0.0, 0.0)
        self.dragging = False
        self.drag_offset = (0.0, 0.0)
        self.message = ""
        self.message_left = 0.0
        # overlays
        self.paused = False
        self.surrendered = False
        self.result_visible = False
        self.last_computer_card: str | None = None
        # widgets
        self.title = Label("Durak", 20, (255, 255, 255), anchor_x="left", bold=True)
        self.level_label = Label("", 14, (220, 235, 220), anchor_x="left")
        self.status = Label("", 20, (255, 250, 220), bold=True)
        self.talon_label = Label("", 14, (255, 255, 255))
        self.trump_label = Label("", 14, (255, 235, 160), bold=True)
        self.opp_label = Label("", 14, (255, 255, 255), anchor_x="left")
        self.discard_label = Label("", 14, (255, 255, 255))
        self.panel_title = Label("", 30, (40, 30, 20), bold=True)
        self.panel_text = Label("", 16, (60, 50, 40))
        self.bar = ButtonGroup(Button("Rules", self.open_rules), Button("Menu", self.pause))
        self.actions = ButtonGroup(Button("Take", lambda: self.press_action("take"), PRIMARY),
                                   Button("Stop", lambda: self.press_action("stop"), PRIMARY))
        self.pause_menu = ButtonGroup(
            Button("Resume", self.resume, PRIMARY), Button("Rules", self.open_rules),
            Button("Surrender", self.surrender, DANGER), Button("Menu", self.to_menu))
        self.result_buttons = ButtonGroup(Button("Next game", self.next_game, PRIMARY),
                                          Button("Menu", self.to_menu))
        self.place_widgets()
        self.level_label.set(f"level: {table[self.level].get('label', self.level)}")
        if self.fresh:
            self.deal_animation()
        else:
            self.relayout(0)
        self.save()

    # ----- helpers ------------------------------------------------------------------------
    @property
    def scale(self) -> float:
        return self.app.settings.animation_scale

    def _next_delay(self) -> float:
        a, b = (float(v) for v in self.think_range)
        return (a + (b - a) * self.rng.random()) * self.app.think_scale

    @property
    def human_to_act(self) -> bool:
        return (not self.game.is_over and not self.surrendered
                and self.game.current_player == HUMAN and HUMAN not in self.ai_seats)

    def human_moves(self) -> list[Move]:
        return self.game.legal_moves() if self.human_to_act else []

    def playable(self) -> set[str]:
        return {m.args[0] for m in self.human_moves() if m.args}

    @property
    def animating(self) -> bool:
        return any(sp.is_moving for sp in self.sprites.values())

    def hand_order(self, seat: int) -> list[str]:
        trump = self.game.trump_suit
        return sorted(self.game.hands[seat],
                      key=lambda c: (c[1] == trump, "SHDC".index(c[1]), RANK[c[0]]))

    # ----- layout ------------------------------------------------------------------------
    def place_widgets(self) -> None:
        L = self.layout
        self.title.place(16, L.h - L.bar_h / 2, 20 * max(L.s, 0.8))
        self.level_label.place(16 + 110 * max(L.s, 0.8), L.h - L.bar_h / 2)
        for i, b in enumerate(reversed(self.bar.buttons)):
            box = L.bar_button(i)
            b.place(box.cx, box.cy, box.w, box.h, 16)
        for i, b in enumerate(self.actions.buttons):
            box = L.action_button(1 - i)
            b.place(box.cx, box.cy, box.w, box.h)
        self.status.place(L.w / 2 - 60 * L.s, L.status_y, max(14.0, 20 * L.s))
        for i, b in enumerate(self.pause_menu.buttons):
            b.place(L.w / 2, L.h / 2 + 90 - i * 66, 260, 56)
        for i, b in enumerate(self.result_buttons.buttons):
            b.place(L.w / 2 - 110 + i * 220, L.h / 2 - 90, 200, 56)
        self.panel_title.place(L.w / 2, L.h / 2 + 80)
        self.panel_text.place(L.w / 2, L.h / 2 + 20)

    def targets(self, playable: set[str]) -> dict[str, tuple[float, float, float, bool, float]]:
        """Where every card belongs now: (x, y, angle, face up, z); ``playable`` cards
        of the player's hand are lifted."""
        g, L = self.game, self.layout
        out: dict[str, tuple[float, float, float, bool, float]] = {}
        talon = g.talon
        for i, c in enumerate(reversed(talon[:-1] if talon else [])):
            x, y = L.talon_card(i)
            out[c] = (x, y, 0.0, False, 10 + i)
        if talon:
            tx, ty, ta = L.trump()
            out[talon[-1]] = (tx, ty, ta, True, 5)
        n = len(g.table)
        for i, (a, d) in enumerate(g.table):
            x, y = L.attack(i, n)
            out[a] = (x, y, 0.0, True, 100 + 2 * i)
            if d is not None:
                dx, dy, da = L.defence(i, n)
                out[d] = (dx, dy, da, True, 101 + 2 * i)
        for i, c in enumerate(g.discard):
            x, y, a = L.discard(i)
            out[c] = (x, y, a, False, 50 + i)
        hand = self.hand_order(HUMAN)
        for i, (x, y, a) in enumerate(L.fan(len(hand))):
            c = hand[i]
            lift = 0.0
            if c == self.selected:
                lift = 30 * L.s
            elif c in playable:
                lift = 14 * L.s
            out[c] = (x, y + lift, a, True, 200 + i)
        opp = self.hand_order(COMPUTER)
        for i, x in enumerate(L.opponent(len(opp))):
            out[opp[i]] = (x, L.opp_y, 0.0, False, 200 + i)
        return out

    def relayout(self, duration: float, delays: dict[str, float] | None = None) -> None:
        delays = delays or {}
        moves = self.human_moves()
        playable = {m.args[0] for m in moves if m.args}
        dim = self.app.settings.dim_illegal and self.human_to_act
        for c, (x, y, a, up, z) in self.targets(playable).items():
            sp = self.sprites[c]
            if c == self.press_card and self.dragging:
                continue
            delay = delays.get(c, 0.0) * self.scale
            sp.z = z
            same = (abs(sp.center_x - x) < 0.5 and abs(sp.center_y - y) < 0.5
                    and abs(sp.angle - a) < 0.5)
            if not same or sp.motion is not None:
                sp.move_to(x, y, a, duration * self.scale, delay)
            sp.show_face(up, 0.22 * self.scale if duration > 0 else 0, delay)
            in_hand = c in self.game.hands[HUMAN]
            sp.color = ((150, 150, 150) if dim and in_hand and c not in playable
                        else (255, 255, 255))
        self.sort_sprites()
        self.update_labels(moves)

    def sort_sprites(self) -> None:
        self.sprite_list.sort(key=lambda sp: sp.z + (1000 if sp.motion is not None else 0)
                              + (2000 if sp.card == self.press_card and self.dragging else 0))

    def deal_animation(self) -> None:
        L = self.layout
        for sp in self.sprites.values():
            sp.move_to(L.talon_x, L.table_y, 0, 0)
            sp.show_face(False, 0)
        order = {e.card: i for i, e in enumerate(self.game.deal_events()) if e.card}
        self.app.sounds.play("shuffle")
        self.relayout(MOVE_TIME, {c: 0.3 + STAGGER * i for c, i in order.items()})

    def update_labels(self, moves: list[Move] | None = None) -> None:
        g, L = self.game, self.layout
        self.talon_label.set(f"talon {len(g.talon)}" if g.talon else "talon empty")
        self.talon_label.place(L.talon_x + L.card_w * 0.2, L.table_y - L.card_h * 0.72)
        self.trump_label.set(f"trump {card_text(g.trump_card)[-1]}")
        self.trump_label.place(L.talon_x + L.card_w * 0.2, L.table_y - L.card_h * 0.72 - 22)
        opp_n = len(g.hands[COMPUTER])
        xs = L.opponent(opp_n)
        self.opp_label.set(f"Computer · {opp_n} cards")
        self.opp_label.place((xs[-1] if xs else L.w / 2) + L.card_w / 2 + 14 * L.s, L.opp_y)
        self.discard_label.set(f"discard {len(g.discard)}" if g.discard else "")
        self.discard_label.place(L.discard_x, L.table_y - L.card_h * 0.72)
        if moves is None:
            moves = self.human_moves()
        names = {str(m) for m in moves}
        self.actions.by_name("take").visible = "take" in names
        self.actions.by_name("stop").visible = "stop" in names
        self.status.set(self.message or self.status_text(moves))

    def status_text(self, moves: list[Move]) -> str:
        g = self.game
        if self.surrendered:
            return "You surrendered"
        if g.is_over:
            res = g.result() or [0, 0]
            return {1.0: "You win!", 0.0: "You are the durak", 0.5: "A draw"}[res[HUMAN]]
        if not self.human_to_act:
            if g.taking and g.attacker == HUMAN and HUMAN in self.ai_seats:
                return "Computer 1 adds cards…"
            if g.taking and g.defender == HUMAN:
                return "You take — the computer may throw in more"
            return "Computer is thinking…"
        unbeaten = g.unbeaten
        if unbeaten is not None and not g.taking:
            return f"Beat {card_text(unbeaten)} or take"
        if not g.table:
            return "Your attack: play any card"
        if g.taking:
            return ("The computer takes: throw in more or stop" if len(moves) > 1
                    else "The computer takes: press Stop")
        return "Throw in a matching card or stop" if len(moves) > 1 else "All beaten: press Stop"

    # ----- playing ------------------------------------------------------------------------
    def play(self, move: Move | str) -> list[Event]:
        seat = self.game.current_player
        m = self.game.parse_move(move)
        events = self.game.play(m)
        self.journal.moves.append(str(m))
        if seat == COMPUTER and events and events[0].kind == "move":
            self.last_computer_card = events[0].card
        elif seat == HUMAN:
            self.last_computer_card = None
        self.selected = None
        self.message = ""
        self.animate(events)
        self.save()
        return events

    def animate(self, events: list[Event]) -> None:
        delays: dict[str, float] = {}
        t = 0.0
        sounds = self.app.sounds
        for e in events:
            if e.kind == "move" and e.card:
                delays[e.card] = t
                if e.dst == "table":
                    sounds.play("place")
                elif e.src in ("talon", "trump"):
                    t += STAGGER
                elif e.dst and e.dst.startswith("hand") or e.dst == "discard":
                    t += STAGGER * 0.5
            elif e.text == "take":
                sounds.play("take")
            elif e.text in ("bout_taken", "bout_beaten"):
                sounds.play("take" if e.text == "bout_taken" else "flip")
            elif e.text == "deal_over":
                res = self.game.result() or [0, 0]
                sounds.play("win" if res[HUMAN] > res[COMPUTER] else
                            "lose" if res[HUMAN] < res[COMPUTER] else "flip")
        if any(e.src in ("talon", "trump") for e in events):
            sounds.play("deal")
        self.relayout(MOVE_TIME, delays)

    def save(self) -> None:
        if self.game.is_over or self.surrendered:
            saves.delete("durak")
            return
        try:
            saves.save(self.journal)
        except OSError as exc:  # a full disk must not stop the game
            log.warning("could not save: %s", exc)
            self.flash(f"Could not save the game: {exc}")

    def flash(self, text: str, seconds: float = 3.0) -> None:
        self.message = text
        self.message_left = seconds
        self.status.set(text)

    def press_action(self, name: str) -> None:
        if self.human_to_act and any(str(m) == name for m in self.game.legal_moves()):
            self.play(name)

    def try_card(self, card: str) -> bool:
        """Play ``card`` onto the table if a legal move matches; else say why."""
        for m in self.human_moves():
            if m.args and m.args[0] == card:
                self.play(m)
                return True
        verb = "defend" if self.game.unbeaten is not None and not self.game.taking else "attack"
        reason = "It is not your turn"
        if self.human_to_act:
            try:
                self.game.clone().play(f"{verb} {card}")
            except IllegalMove as exc:
                reason = str(exc)
        self.flash(reason)
        self.sprites[card].shake()
        return False

    # ----- overlays ----------------------------------------------------------------------
    def pause(self) -> None:
        if not self.result_visible:
            self.paused = True

    def resume(self) -> None:
        self.paused = False

    def open_rules(self) -> None:
        from game.scenes.rules_view import RulesView

        self.paused = True
        self.window.show_view(RulesView(self.app, "durak", back=self))

    def surrender(self) -> None:
        self.surrendered = True
        self.paused = False
        saves.delete("durak")
        self.app.sounds.play("lose")
        self.show_result()

    def show_result(self) -> None:
        self.result_visible = True
        g = self.game
        if self.surrendered:
            self.panel_title.set("You surrendered")
            self.panel_text.set("The computer wins this deal.")
        else:
            res = g.result() or [0.0, 0.0]
            self.panel_title.set({1.0: "You win!", 0.0: "You are the durak!",
                                  0.5: "A draw"}[res[HUMAN]])
            self.panel_text.set({1.0: "The computer is left holding the cards.",
                                 0.0: "You are left holding cards at the end.",
                                 0.5: "Both hands emptied together."}[res[HUMAN]])
        self.update_labels()

    def next_game(self) -> None:
        self.window.show_view(DurakTableView(self.app, level=self.level, ai_seats=self.ai_seats))

    def to_menu(self) -> None:
        from game.scenes.menu import MenuView

        self.window.show_view(MenuView(self.app))

    # ----- arcade events ------------------------------------------------------------------
    def on_resize(self, width: int, height: int) -> None:
        self.layout = DurakLayout(width, height)
        for sp in self.sprites.values():
            sp.set_width(self.layout.card_w)
        self.place_widgets()
        self.relayout(0)

    def on_update(self, dt: float) -> None:
        moving = False
        for sp in self.sprites.values():
            if sp.is_moving:
                sp.animate(dt)
                moving = True
        if moving:  # a card that lands this frame drops back to its own layer
            self.sort_sprites()
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = ""
                self.update_labels()
        if self.paused or self.result_visible:
            return
        if self.game.is_over or self.surrendered:
            if not self.animating:
                self.show_result()
            return
        seat = self.game.current_player
        if seat in self.bots and not self.animating:
            self.ai_timer += dt
            move = self.think(seat)
            if move is not None and self.ai_timer >= self.ai_delay:
                self.ai_timer = 0.0
                self.ai_delay = self._next_delay()
                self.thinking = None
                self.play(move)

    def think(self, seat: int) -> Move | None:
        """The computer's move once it is ready; a search level runs a few milliseconds
        per frame so the table stays smooth while it thinks."""
        bot: Any = self.bots[seat]
        if not hasattr(bot, "step"):
            return bot.choose(self.game.observation(seat), self.game.legal_moves())
        if self.thinking != seat:
            bot.start(self.game.observation(seat), self.game.legal_moves())
            self.thinking = seat
        deadline = time.perf_counter() + SLICE
        while not bot.done and time.perf_counter() < deadline:
            bot.step(1)
        return bot.best() if bot.done else None

    def on_draw(self) -> None:
        self.clear()
        L = self.layout
        arcade.draw_texture_rect(assets.felt_texture(), arcade.LBWH(0, 0, L.w, L.h))
        arcade.draw_lrbt_rectangle_filled(0, L.w, L.h - L.bar_h, L.h, (10, 40, 25, 230))
        self.title.draw()
        self.level_label.draw()
        self.bar.draw()
        z = L.table_zone
        glow = self.selected is not None or (self.dragging and self.press_card is not None)
        color = (255, 230, 120, 200) if glow else (255, 255, 255, 40)
        arcade.draw_rect_outline(arcade.XYWH(z.cx, z.cy, z.w, z.h), color, 4 if glow else 2)
        if glow:
            arcade.draw_rect_filled(arcade.XYWH(z.cx, z.cy, z.w, z.h), (255, 230, 120, 30))
        self.sprite_list.draw()
        if self.last_computer_card and self.last_computer_card in self.sprites:
            sp = self.sprites[self.last_computer_card]
            if not sp.is_moving:
                arcade.draw_rect_outline(arcade.XYWH(sp.center_x, sp.center_y, L.card_w + 8,
                                                     L.card_h + 8), (120, 200, 255), 3, sp.angle)
        if self.selected and self.selected in self.sprites:
            sp = self.sprites[self.selected]
            arcade.draw_rect_outline(arcade.XYWH(sp.center_x, sp.center_y, L.card_w + 8,
                                                 L.card_h + 8), (255, 220, 80), 4)
        self.talon_label.draw()
        self.trump_label.draw()
        self.opp_label.draw()
        self.discard_label.draw()
        arcade.draw_rect_filled(arcade.XYWH(L.w / 2 - 60 * L.s, L.status_y, 560 * L.s,
                                            34 * max(L.s, 0.8)), (0, 0, 0, 90))
        self.status.draw()
        self.actions.draw()
        if self.paused:
            dim_screen(L.w, L.h)
            draw_panel(L.w / 2, L.h / 2 + 10, 340, 330)
            self.pause_menu.draw()
        if self.result_visible:
            dim_screen(L.w, L.h, 110)
            draw_panel(L.w / 2, L.h / 2 + 20, 520, 300)
            self.panel_title.draw()
            self.panel_text.draw()
            self.result_buttons.draw()

    def on_key_press(self, key: int, modifiers: int) -> None:
        if key == arcade.key.ESCAPE:
            if self.result_visible:
                return
            self.paused = not self.paused

    def _hand_card_at(self, x: float, y: float) -> str | None:
        L = self.layout
        for c in sorted(self.game.hands[HUMAN], key=lambda c: -self.sprites[c].z):
            sp = self.sprites[c]
            if abs(x - sp.center_x) <= L.card_w / 2 and abs(y - sp.center_y) <= L.card_h / 2:
                return c
        return None

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.result_visible:
            self.result_buttons.press(x, y)
            return
        if self.paused:
            self.pause_menu.press(x, y)
            return
        if self.bar.press(x, y) or self.actions.press(x, y):
            return
        card = self._hand_card_at(x, y)
        if card is not None:
            self.press_card, self.press_xy = card, (x, y)
            sp = self.sprites[card]
            self.drag_offset = (sp.center_x - x, sp.center_y - y)
            self.dragging = False
            return
        if self.selected is not None and self.layout.table_zone.contains(x, y):
            self.try_card(self.selected)
            return
        if self.selected is not None:
            self.selected = None
            self.relayout(0.15)

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int,
                      modifiers: int) -> None:
        if self.press_card is None or self.paused or self.result_visible:
            return
        px, py = self.press_xy
        if not self.dragging and (x - px) ** 2 + (y - py) ** 2 >= DRAG_THRESHOLD ** 2:
            self.dragging = True
            self.selected = self.press_card
        if self.dragging:
            sp = self.sprites[self.press_card]
            sp.motion = None
            sp.position = (x + self.drag_offset[0], y + self.drag_offset[1])
            self.sort_sprites()

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.result_visible:
            self.result_buttons.release(x, y)
            return
        if self.paused:
            self.pause_menu.release(x, y)
            return
        if self.bar.release(x, y) or self.actions.release(x, y):
            return
        card, dragging = self.press_card, self.dragging
        self.press_card, self.dragging = None, False
        if card is None:
            return
        if dragging:
            played = self.layout.table_zone.contains(x, y) and self.try_card(card)
            if not played:
                self.selected = None
                self.relayout(0.25)
                if self.layout.table_zone.contains(x, y):
                    self.sprites[card].shake()
            return
        if card in self.playable():
            self.selected = None if self.selected == card else card
            self.relayout(0.15)
        else:
            self.try_card(card)  # explains why this card cannot be played now
