"""What a table is doing: a deal being played (``PlayMode``) or one watched again
(``ReplayMode``).  The view asks its mode and never which mode it is in: every difference
a replay makes (its controls where the status line stands, its bar, its keys, the last
move's line in the banner, every hand shown at the end, no result, no computers) lives
in ``ReplayMode``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _
from game.rules import Event, Move
from game.ui.placement import Places
from game.ui.replay_controls import Back, ReplayControls
from game.ui.widgets import Button, ButtonGroup

if TYPE_CHECKING:
    from game.scenes.table.host import Host
    from game.session.replay import Replay

BANNER_LINES = 2


class PlayMode:
    """The deal goes on: the status line and the action buttons, the computers' moves,
    the hint's thinking, the result once the last card has landed."""

    #: a fresh deal flies out of the deck
    deals = True
    controls: ReplayControls | None = None

    def __init__(self, view: Host) -> None:
        self.view = view
        help_, dialogs = view.help, view.dialogs
        self.bar = ButtonGroup(help_.undo_button, help_.hint_button,
                               Button(_("Rules"), dialogs.open_rules, name="rules"),
                               Button(_("Menu"), dialogs.pause, name="menu"))

    def buttons(self) -> list[Button]:
        """Buttons of the mode's own besides the bar and the actions (keyboard order)."""
        return []

    def title_text(self) -> str | None:
        """The top bar's words beside the game's name (None: the level's)."""
        return None

    def place(self) -> None:
        pass

    def refresh(self) -> None:
        pass

    def reveal(self, places: Places) -> None:
        """Once the deal is over, every hand still held shows face up (the loser's
        cards are no secret any more); a shared table's session tells none."""
        v = self.view
        for seat, hand in v.session.revealed().items():
            name = f"hand{seat}"
            if seat != v.human and name in places:
                places[name] = list(hand)

    def banner_lines(self, lines: list[str]) -> list[str]:
        return lines

    def banner_time(self, seconds: float) -> float:
        return seconds

    def after_jump(self) -> None:
        pass

    def update(self, dt: float) -> None:
        v = self.view
        if v.session.is_over:
            if not v.animating:
                v.dialogs.show_result()
            return
        v.help.update()
        if v.animating:
            return
        v.session.advance(dt)          # a computer's move comes back through on_change

    def play(self, move: Move | str) -> list[Event]:
        """The human's move (a gesture matched to a legal move): the session plays and
        saves it, and the view's ``on_change`` draws it."""
        return self.view.session.play(move)

    def busy(self) -> bool:
        s = self.view.session
        if s.is_over:
            return True                       # the result panel is about to open
        # a computer that has decided and only waits out its think delay changes nothing;
        # its move, when it comes, makes the picture dirty
        return s.current_player in s.ai_seats and not s.waiting

    def press(self, x: float, y: float) -> bool:
        return False

    def release(self, x: float, y: float) -> bool:
        return False

    def key(self, key: int, modifiers: int) -> bool:
        return False

    def draw_status(self) -> None:
        self.view.hud.draw_status()
        self.view.actions.draw()


class ReplayMode(PlayMode):
    """The session is read-only and the replay's controls move it along the journal."""

    deals = False
    controls: ReplayControls

    def __init__(self, view: Host, replay: Replay, back: Back) -> None:
        self.view = view                # not PlayMode's bar: the replay's own
        self.controls = ReplayControls(view, replay, back)
        self.bar = self.controls.bar

    def buttons(self) -> list[Button]:
        return list(self.controls.buttons.buttons)

    def title_text(self) -> str | None:
        return self.controls.title_text()

    def place(self) -> None:
        self.controls.place()

    def refresh(self) -> None:
        self.controls.refresh()
        v = self.view
        text = self.controls.title_text()
        if text != v.hud.level_text:
            v.hud.level_text = text
            v.place_widgets()

    def reveal(self, places: Places) -> None:
        self.controls.reveal_hands(places)

    def banner_lines(self, lines: list[str]) -> list[str]:
        """The last move in words first, then its announcements (the banner stays until
        the next move: the player reads at their own pace)."""
        self.view.hud.banner_queue = []
        return [self.controls.last_move_text(), *lines][:BANNER_LINES]

    def banner_time(self, seconds: float) -> float:
        return 0.0          # a replay's line stays (an idle window draws nothing new)

    def after_jump(self) -> None:
        self.view.hud.show_banners(self.banner_lines([]))

    def update(self, dt: float) -> None:
        self.controls.update(dt)                  # no result, no computers

    def busy(self) -> bool:
        return self.controls.playing

    def press(self, x: float, y: float) -> bool:
        return self.controls.press(x, y)

    def release(self, x: float, y: float) -> bool:
        return self.controls.release(x, y)

    def key(self, key: int, modifiers: int) -> bool:
        return self.controls.key(key, modifiers)

    def draw_status(self) -> None:
        self.controls.draw()           # the controls stand where the status was
