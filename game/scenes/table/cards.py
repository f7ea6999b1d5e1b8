"""The cards on the table: the board's tokens, their sprites, and the two layers they are
drawn in.

What stands still is drawn once into a ``static`` layer and copied each frame; the cards
of the motion under way (``live``) are drawn over it.  ``relayout`` puts every card
where the observation says it is, flying along a move's events; ``arrange`` sends each
sprite to its slot (a chosen card lifted, an unplayable one dimmed).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

from game.rules import Event
from game.ui import assets
from game.ui.card_sprite import CardSprite
from game.ui.layers import Layer
from game.ui.placement import Board, Token

if TYPE_CHECKING:
    from game.scenes.table.host import Host

STAGGER = 0.07


class Cards:
    def __init__(self, view: Host) -> None:
        self.view = view
        # every face this deal can show, loaded now rather than in the frame it turns up
        for card in set(view.session.full_deck()):
            assets.card_texture(view.style, card)
        self.board = Board()
        self.sprites: dict[int, CardSprite] = {}
        self.sprite_list: arcade.SpriteList[CardSprite] = arcade.SpriteList()
        self.static = Layer(view.window)
        self.static_back = Layer(view.window)          # the next static picture, while built
        self.building = False
        self.live: set[int] = set()
        self.live_list: arcade.SpriteList[CardSprite] = arcade.SpriteList()
        self.moved_this_frame = False
        #: the cards each layer shows resting (front: ``static``, back: ``static_back``)
        self.resting: tuple[set[int], set[int]] = (set(), set())
        #: a card of yours the static picture shows resting has begun to move: that
        #: picture is drawn again before it is shown, else the card you played shows
        #: twice for a few frames (where your eye is; others' cards keep the cheaper
        #: picture built over two frames)
        self.torn = False

    # ----- what is where ---------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return any(sp.is_moving for sp in self.sprites.values())

    def tokens_at(self, place: str) -> list[Token]:
        return list(self.board.at.get(place, []))

    def token_of(self, card: str, place: str | None = None) -> Token:
        for tok in self.board.tokens():
            if tok.up and tok.card == card and (place is None or tok.place == place):
                return tok
        raise KeyError(card)

    def token(self, tid: int) -> Token | None:
        return next((t for t in self.board.tokens() if t.id == tid), None)

    def token_at(self, x: float, y: float, places: set[str] | None = None) -> Token | None:
        """The topmost card under (x, y), among ``places`` if given."""
        L = self.view.layout
        best: tuple[float, Token] | None = None
        for tok in self.board.tokens():
            if places is not None and tok.place not in places:
                continue
            sp = self.sprites[tok.id]
            if not sp.visible:
                continue
            if abs(x - sp.center_x) <= L.card_w / 2 and abs(y - sp.center_y) <= L.card_h / 2:
                if best is None or sp.z > best[0]:
                    best = (sp.z, tok)
        return best[1] if best else None

    def add(self, tok: Token) -> CardSprite:
        """A new sprite for ``tok`` (placed by the caller)."""
        sp = CardSprite(tok.card if tok.up else None, self.view.style,
                        self.view.layout.card_w)
        self.sprites[tok.id] = sp
        self.sprite_list.append(sp)
        return sp

    # ----- laying out ------------------------------------------------------------------
    def relayout(self, duration: float, events: list[Event] | None = None,
                 words_later: bool = False) -> None:
        """Put every card where the observation says it is, flying along the events.
        ``words_later``: labels and buttons are laid out in the next frame (after a move,
        so no single frame pays for both)."""
        v = self.view
        self.board.apply(events or [])
        places = v.places(v.obs)
        v.mode.reveal(places)
        created = self.board.settle(places)
        for tok in self.board.removed:
            sp = self.sprites.pop(tok.id, None)
            if sp is not None:
                self.sprite_list.remove(sp)
                if tok.id in self.live:
                    self.live.discard(tok.id)
                    self.live_list.remove(sp)
        self.board.removed.clear()
        for tok in created:
            first = v.slot(tok.place, tok.index, tok.count)
            sp = self.add(tok)
            if first is not None:
                sp.move_to(first[0], first[1], first[2], 0)
        picked = {p for p, _ in v.pickable()} if v.selected else set()
        live = {t.id for t in self.board.tokens()}
        v.selected = [t for t in v.selected if t.id in live
                      and (t.place == f"hand{v.human}" or t.place in picked)]
        self.arrange(duration)
        self.board.clear_seq()
        if words_later:
            v.refresh_actions()
            v.words_due = True
            self.static.dirty = True
        else:
            v.refresh()

    def clear_of_status(self, x: float, y: float, lifted: float) -> float:
        """A chosen card's height: lifted, but stopping short of the status line's box
        above the hand (at least a little above where it rests)."""
        v = self.view
        sb, L = v.status_box(), v.layout
        if abs(x - sb.cx) > sb.w / 2 + L.card_w / 2 or y > sb.cy:
            return lifted
        half = max(sb.h, v.hud.status_height()) / 2     # two lines of a long hint
        highest = sb.cy - half - 6 * L.s - L.card_h / 2
        return max(min(lifted, highest), y + 8 * L.s)

    def arrange(self, duration: float) -> None:
        v = self.view
        picks = v.pickable()
        dim = v.app.settings.dim_illegal and v.human_to_act and not v.multi_select
        lift = 14 * v.layout.s
        chosen = {t.id for t in v.selected}
        dragged = v.input.dragged()
        scale = v.scale
        for tok in self.board.tokens():
            sp = self.sprites[tok.id]
            if tok.up and tok.card:
                sp.set_card(tok.card)
            where = v.slot(tok.place, tok.index, tok.count)
            sp.visible = where is not None
            if where is None:
                continue
            x, y, a, z = where
            mine = tok.up and (tok.place, tok.card) in picks
            if tok.id in chosen:
                y = self.clear_of_status(x, y, y + 2.2 * lift)
            elif mine and not v.multi_select:
                y += lift
            sp.z = z
            if dragged is not None and dragged.id == tok.id:
                continue
            delay = (tok.seq or 0) * STAGGER * scale
            same = (abs(sp.center_x - x) < 0.5 and abs(sp.center_y - y) < 0.5
                    and abs(sp.angle - a) < 0.5)
            if not same or sp.motion is not None:
                sp.move_to(x, y, a, duration * scale, delay)
            sp.show_face(tok.up, 0.22 * scale if duration > 0 else 0, delay)
            own = tok.place == f"hand{v.human}"
            sp.color = ((150, 150, 150) if dim and own and not mine and tok.up
                        else (255, 255, 255))
            if sp.is_moving:
                self.go_live(tok.id)
        self.static.dirty = True
        self.sort()

    def yours(self, tid: int) -> bool:
        """Whether the token is one of your hand's (or of your own piles')."""
        tok = next((t for t in self.board.tokens() if t.id == tid), None)
        return tok is not None and tok.place in self.view.own_places()

    def resize(self, card_w: float) -> None:
        for sp in self.sprites.values():
            sp.set_width(card_w)
        self.static.dirty = True

    def go_live(self, tid: int) -> None:
        """Draw this card over the static layer until the motion under way ends."""
        if tid not in self.live:
            self.live.add(tid)
            self.live_list.append(self.sprites[tid])
            self.static.dirty = True
            if tid in self.resting[0] and self.yours(tid):
                self.torn = True

    def sort(self) -> None:
        dragged = self.view.input.dragged()
        drag_id = dragged.id if dragged is not None else -1
        ids = {id(sp): k for k, sp in self.sprites.items()}

        def key(sp: CardSprite) -> float:
            return (sp.z + (1000 if sp.motion is not None else 0)
                    + (2000 if ids.get(id(sp)) == drag_id else 0))

        self.sprite_list.sort(key=key)
        if self.live_list:
            self.live_list.sort(key=key)

    def follow(self, tok: Token, x: float, y: float) -> None:
        """A dragged card follows the pointer (over the others)."""
        sp = self.sprites[tok.id]
        sp.motion = None
        sp.position = (x, y)
        self.sort()

    # ----- a frame ---------------------------------------------------------------------
    def update(self, dt: float, holding: bool) -> None:
        """The tweens' time; once every card has landed (and none is held) they all go
        back into the static layer."""
        moving = False
        for tid, sp in self.sprites.items():
            if sp.is_moving:
                sp.animate(dt)
                moving = True
                if tid not in self.live:
                    self.go_live(tid)
        if moving:
            self.sort()
        elif self.live and not holding:
            self.live.clear()
            self.live_list.clear()
            self.static.dirty = True

    def draw(self, chrome: Callable[[], None], words: Callable[[], None]) -> None:
        """The static picture (``chrome`` under the cards, ``words`` over them), then the
        moving cards."""
        # A frame that played a move already did its share of work: it draws the old
        # static picture (the cards that just started moving are still where they were
        # in it, under their moving sprites) and the next frame draws the new one.
        # Unless a card of yours the old picture shows resting has begun to move
        # (``torn``): it would show twice (there and flying): drawn anew at once.
        defer = self.moved_this_frame and self.static.renders > 0 and not self.torn
        self.moved_this_frame = False
        if self.static.stale and not defer:
            if self.animating and self.static.renders > 0 and not self.torn:
                self._build_in_two(chrome, words)
            else:
                self.building = False
                with self.static.render():
                    chrome()
                    self.resting = (self._draw_resting(words), self.resting[1])
        self.torn = False
        self.static.draw()
        self.live_list.draw()

    def _build_in_two(self, chrome: Callable[[], None], words: Callable[[], None]) -> None:
        """While cards move, the new static picture is drawn into a second layer over two
        frames (felt and chrome, then cards and words) and shown once complete, so no
        single frame pays for all of it."""
        back = self.static_back
        if not self.building:
            self.static.dirty = False            # dirt from now on means: build again
            with back.render():
                chrome()
            self.building = True
            return
        with back.render(clear=False):
            shown = self._draw_resting(words)
        back.dirty = self.static.dirty
        self.static, self.static_back = back, self.static
        self.resting = (shown, self.resting[0])
        self.building = False

    def _draw_resting(self, words: Callable[[], None]) -> set[int]:
        """The cards at rest (not the moving ones) and the words; the ids drawn."""
        hidden = [sp for sp in self.live_list if sp.visible]
        for sp in hidden:
            sp.visible = False
        self.sprite_list.draw()
        for sp in hidden:
            sp.visible = True
        words()
        return {tid for tid, sp in self.sprites.items() if sp.visible and tid not in self.live}

    def draw_selected(self) -> None:
        L = self.view.layout
        for tok in self.view.selected:
            sp = self.sprites.get(tok.id)
            if sp is not None:
                arcade.draw_rect_outline(arcade.XYWH(sp.center_x, sp.center_y, L.card_w + 6,
                                                     L.card_h + 6), (255, 220, 80), 4, sp.angle)
