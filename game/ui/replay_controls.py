"""A table in replay mode: the controls that drive a :class:`~game.session.replay.Replay`.

The table stays the picture of its session (the same sprites, tweens and words); this
component owns what a replay adds: the row of controls where the status line stands
(to the start, the previous decision, a move back, play/pause, a move forward, the
next decision, the end), the top bar's Review / show-every-hand / Back buttons, "Play
from here" right of the hand at one of the player's decisions, the keys (Left/Right,
Home/End, Space, Page Up/Down, Esc), and the line that says the last move in words.
It never decides rules: it only moves the replay along the journal.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import arcade

from game.games import GameSpec
from game.i18n import _
from game.i18n.moves import move_told, told_line
from game.session.replay import Replay
from game.ui.layout import Box, TableLayout
from game.ui.widgets import PRIMARY, SECONDARY, Button, ButtonGroup

if TYPE_CHECKING:
    from game.ui.window import Window

Back = Callable[[], None] | arcade.View | None


def go_back(view: Any, back: Back, key: str) -> None:
    """Leave ``view`` for where it was opened from: a view shown again, a callable, or
    the game's History (the replay's and the quiz's way back)."""
    if isinstance(back, arcade.View):
        view.window.show_view(back)
    elif callable(back):
        back()
    else:
        view.app.open("history", game=key)


class TableView(Protocol):
    """What the controls ask of the table they sit on (``scenes.table_view.TableView``;
    a protocol, so the two modules do not import each other)."""

    info: GameSpec
    app: Window
    layout: TableLayout

    @property
    def window(self) -> arcade.Window: ...

    @property
    def key(self) -> str: ...      # a class variable of each game's table

    @property
    def animating(self) -> bool: ...

    @property
    def scale(self) -> float: ...

    def deal_text(self) -> str: ...

    def status_box(self) -> Box: ...

    def relayout(self, duration: float, events: Any = None,
                 words_later: bool = False) -> None: ...

    def refresh(self) -> None: ...


class ReplayControls:
    def __init__(self, view: TableView, replay: Replay, back: Back = None) -> None:
        self.view = view
        self.replay = replay
        self.back_to = back
        self.reveal = False                     # every hand face up (after the last move)
        self.row = ButtonGroup(
            Button("|◀", replay.to_start, name="start"),
            Button("◆◀", replay.previous_decision, name="previous_decision"),
            Button("◀", self.back, name="back_one"),
            Button(_("Play"), self.toggle, PRIMARY, name="play"),
            Button("▶", self.step, name="step"),
            Button("▶◆", replay.next_decision, name="next_decision"),
            Button("▶|", replay.to_end, name="end"))
        self.review_button = Button(_("Review"), self.open_review, name="review")
        self.reveal_button = Button(_("Show all hands"), self.toggle_reveal, name="reveal")
        self.bar = ButtonGroup(self.review_button, self.reveal_button,
                               Button(_("Back"), self.go_back, SECONDARY, name="back"))
        self.practice_button = Button(_("Play from here"), self.play_from_here, PRIMARY,
                                      name="practice")
        self.buttons = ButtonGroup(*self.row.buttons, self.practice_button)

    # ----- what the table asks ----------------------------------------------------------------
    @property
    def playing(self) -> bool:
        return self.replay.playing

    def title_text(self) -> str:
        """The top bar beside the game's name: replay, deal number, where we are."""
        r = self.replay
        return "  ·  ".join([_("Replay"), self.view.deal_text(),
                             _("Move {n} of {total}").format(n=r.position, total=r.total)])

    def last_move_text(self) -> str:
        """Who made the last move and what it was, in words ("" at the start)."""
        last = self.replay.last_move()
        if last is None:
            return _("The cards as they were dealt.")
        seat, move, obs = last
        who = self.view.info.seat_name(seat, self.replay.seat)
        # told as the log tells it, from the position it was made in: another seat's move
        # in the third person after its name, the player's own in the second
        own = seat == self.replay.seat
        return told_line(who, move_told(self.view.key, move, obs, own=own), own)

    def refresh(self) -> None:
        """Which controls can be used here (after every change of position)."""
        r = self.replay
        enabled = {"start": not r.at_start, "back_one": not r.at_start,
                   "previous_decision": any(i < r.position for i in r.decisions()),
                   "step": not r.at_end, "end": not r.at_end,
                   "next_decision": any(i > r.position for i in r.decisions())}
        for b in self.row.buttons:
            b.enabled = enabled.get(b.name, True)
        self.row.by_name("play").label.set(_("Pause") if r.playing else _("Play"))
        self.practice_button.visible = r.at_decision
        self.reveal_button.visible = r.at_end
        self.reveal_button.label.set(_("Hide their hands") if self.reveal
                                     else _("Show all hands"))
        if not r.at_end:
            self.reveal = False

    def place(self) -> None:
        """The row of controls in the status line's box, the practice button right of
        the hand."""
        L = self.view.layout
        sb = self.view.status_box()
        n = len(self.row.buttons)
        gap = 6 * L.s
        play_w = max(96.0, 120 * L.s)
        w = max(48.0, min(72 * L.s, (sb.w - play_w - gap * (n - 1)) / (n - 1)))
        h = max(48.0, 50 * L.s)
        total = w * (n - 1) + play_w + gap * (n - 1)
        x = sb.cx - total / 2
        for b in self.row.buttons:
            bw = play_w if b.name == "play" else w
            b.place(x + bw / 2, sb.cy, bw, h, max(13.0, 18 * L.s))
            x += bw + gap
        box = L.action_button(0)
        self.practice_button.place(box.cx, box.cy, box.w, box.h)

    def draw(self) -> None:
        self.row.draw()
        self.practice_button.draw()

    def reveal_hands(self, places: dict[str, list[str | None]]) -> None:
        """With the switch on (at the end only): every other hand face up."""
        if not (self.reveal and self.replay.at_end):
            return
        g = self.replay.game
        for s in range(g.num_players):
            name = f"hand{s}"
            if s != self.replay.seat and name in places:
                places[name] = list(g.observation(s)["hand"])

    # ----- input ----------------------------------------------------------------------------
    def press(self, x: float, y: float) -> bool:
        return self.buttons.press(x, y)

    def release(self, x: float, y: float) -> bool:
        return self.buttons.release(x, y)

    def key(self, key: int, modifiers: int) -> bool:
        """The replay's keys; True when one was used."""
        k = arcade.key
        r = self.replay
        if key == k.LEFT:
            self.back()
        elif key == k.RIGHT:
            self.step()
        elif key == k.HOME:
            r.to_start()
        elif key == k.END:
            r.to_end()
        elif key == k.SPACE:
            self.toggle()
        elif key == k.PAGEUP:
            r.previous_decision()
        elif key == k.PAGEDOWN:
            r.next_decision()
        elif key == k.ESCAPE:
            self.go_back()
        elif key == k.R:
            self.open_review()
        else:
            return False
        self.view.refresh()
        return True

    def update(self, dt: float) -> None:
        """While playing: the next move once the last one has landed and its time has
        passed."""
        if self.replay.playing and not self.view.animating:
            self.replay.advance(dt, self.view.scale)
            if not self.replay.playing:
                self.view.refresh()

    # ----- the buttons ----------------------------------------------------------------------
    def step(self) -> None:
        self.replay.pause()
        self.replay.step()

    def back(self) -> None:
        self.replay.pause()
        self.replay.back()

    def toggle(self) -> None:
        self.replay.toggle()
        self.view.refresh()

    def toggle_reveal(self) -> None:
        if self.replay.at_end:
            self.reveal = not self.reveal
            self.view.relayout(0.3)

    def play_from_here(self) -> None:
        """A practice deal from this decision (same cards; no statistics, no XP)."""
        if not self.replay.at_decision:
            return
        self.replay.pause()
        session = self.replay.practice()
        session.pacer.scale = lambda: (self.view.app.think_scale
                                       * self.view.app.settings.opponent_pace)
        self.view.app.open("table", game=self.replay.key, session=session)

    def open_review(self) -> None:
        """The review of this deal (the computer's verdict on each decision)."""
        self.replay.pause()
        view = self.view
        j = self.replay.journal
        view.app.open("review", journal=j.to_dict(), deal_id=j.deal_id,
                      seat=self.replay.seat, back=view)

    def go_back(self) -> None:
        self.replay.pause()
        go_back(self.view, self.back_to, self.replay.key)
