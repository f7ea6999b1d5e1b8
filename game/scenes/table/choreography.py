"""From the session's events to what the player sees and hears: the deal flying out, a
move's cards flying along its events, its sounds, its announcements as banners, and the
outline round the cards the last computer move put down."""
from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from game.rules import Event

if TYPE_CHECKING:
    from game.scenes.table.host import Host

MOVE_TIME = 0.38


class Choreography:
    def __init__(self, view: Host) -> None:
        self.view = view
        self.last_ai: set[int] = set()          # tokens the last computer move played

    def deal(self) -> None:
        """Every card from the deck to its place, one after the other."""
        v = self.view
        deal = v.session.deal_events()
        board = v.cards.board
        board.fill("deck", len(deal))
        board.fill("talon", 0)
        L = v.layout
        for tok in board.tokens():
            v.cards.add(tok).move_to(L.w / 2, (L.h + L.hand_y) / 2, 0, 0)
        events = [Event("move", e.card, "deck", e.dst, face_up=e.face_up)
                  for e in deal if e.kind == "move"]
        v.app.sounds.play("shuffle")
        v.log.tell_pace()                       # once a run: where the pace is set
        v.cards.relayout(MOVE_TIME, events)

    def animate(self, seat: int | None, events: list[Event]) -> None:
        v = self.view
        for e in events:
            if e.kind == "move" and not (e.dst and e.dst.startswith("hand")):
                v.app.sounds.play("place" if e.face_up else "deal")
        self.announce_all(seat, events)
        before = {t.id: t.place for t in v.cards.board.tokens()}
        v.cards.relayout(MOVE_TIME, events, words_later=True)
        if seat is not None and seat != v.human:
            self.last_ai = {t.id for t in v.cards.board.tokens()
                            if before.get(t.id) not in (None, t.place)
                            and not t.place.startswith("hand")}
        else:
            self.last_ai = set()

    def announce_all(self, seat: int | None, events: list[Event]) -> None:
        """Banners and sounds for a move's announcements, and the deal sound for cards
        that go to a hand."""
        v = self.view
        lines: list[str] = []
        for e in events:
            if e.kind == "announce":
                line = v.announce(e, seat)
                if line:
                    lines.append(line)
                name = self.sound_for(e)
                if name:
                    v.app.sounds.play(name)
        v.hud.show_banners(v.mode.banner_lines(lines))
        if any(e.kind == "move" and e.dst and e.dst.startswith("hand") for e in events):
            v.app.sounds.play("deal")

    def sound_for(self, event: Event) -> str | None:
        v = self.view
        if event.text in v.event_sounds:
            return v.event_sounds[event.text]
        if event.text == "deal_over":
            return {"win": "win", "loss": "lose"}.get(v.session.outcome(), "flip")
        return None

    def draw_last_ai(self) -> None:
        """One outline around the cards the last computer move put down (per place)."""
        L = self.view.layout
        sprites = self.view.cards.sprites
        boxes: dict[str, list[float]] = {}
        for tok in self.view.cards.board.tokens():
            sp = sprites[tok.id]
            if tok.id not in self.last_ai or sp.is_moving or not sp.visible:
                continue
            w, h = (L.card_h, L.card_w) if abs(sp.angle) % 180 > 45 else (L.card_w, L.card_h)
            x0, y0, x1, y1 = (sp.center_x - w / 2, sp.center_y - h / 2,
                              sp.center_x + w / 2, sp.center_y + h / 2)
            b = boxes.setdefault(tok.place, [x0, y0, x1, y1])
            b[:] = [min(b[0], x0), min(b[1], y0), max(b[2], x1), max(b[3], y1)]
        for x0, y0, x1, y1 in boxes.values():
            arcade.draw_lrbt_rectangle_outline(x0 - 5, x1 + 5, y0 - 5, y1 + 5,
                                               (120, 200, 255), 3)
