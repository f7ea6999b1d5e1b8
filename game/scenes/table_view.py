"""The table every game stands on: the picture of a ``DealSession``.

The session (``game.session``) holds the deal: the engine, the seats and bots, the
journal and saving, the pacing.  ``TableView`` subscribes to it (``on_change``) and
draws; its components (``game.scenes.table``, ``docs/table-components.md``) do the rest:
``Cards`` (sprites and layers), ``Choreography`` (events to tweens, sounds, banners),
``Hud`` (top bar, status line, banner), ``Help`` (hint, undo), ``Dialogs`` (pause,
surrender, result), ``TableInput`` (one stack of input layers),
``TableFocus`` (the keyboard) and the mode (``PlayMode`` or ``ReplayMode``).

A game's table (``game/games/<key>/table.py``) supplies only hooks (``TableHooks``): it
never overrides an input or update handler, never writes saves, and never decides a
rule: gestures are matched against ``legal_moves()``.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade

from game.ai import levels
from game.games import spec as game_spec
from game.i18n import _, grouped
from game.rules import Event, Game, Move
from game.scenes.table.cards import Cards
from game.scenes.table.choreography import MOVE_TIME, Choreography
from game.scenes.table.dialogs import Dialogs
from game.scenes.table.focus import TableFocus
from game.scenes.table.forward import Forward
from game.scenes.table.help import Help
from game.scenes.table.hooks import Action, TableHooks
from game.scenes.table.host import Slot
from game.scenes.table.hud import Hud
from game.scenes.table.input import TableInput
from game.scenes.table.log import TableLog
from game.scenes.table.modes import PlayMode, ReplayMode
from game.scenes.table.shared import SharedTable
from game.scenes.table.shared_end import SharedEnd
from game.session import HUMAN, Change, DealSession, Session
from game.session.journal import Journal
from game.session.replay import Replay
from game.store import files
from game.ui import look
from game.ui.card_sprite import CardSprite
from game.ui.keyboard import Keyboard
from game.ui.layers import draw_felt
from game.ui.layout import Box
from game.ui.panels import Panel, draw_glow
from game.ui.placement import Token
from game.ui.replay_controls import Back, ReplayControls
from game.ui.widgets import Button, ButtonGroup, Label
from game.ui.window import arcade_window

if TYPE_CHECKING:
    from game.ui.window import Window

__all__ = ["HUMAN", "MOVE_TIME", "Action", "Slot", "TableView"]

log = logging.getLogger(__name__)


class TableView(TableHooks, arcade.View):
    # the components' state read on the view: by the games' tables and the tools
    # (message, sprites, result_visible, result_panel) and the components through
    # ``Host`` (bar); tests read the components themselves
    message: Forward[str] = Forward("hud")
    sprites: Forward[dict[int, CardSprite]] = Forward("cards")
    result_visible: Forward[bool] = Forward("dialogs")
    result_panel: Forward[Panel] = Forward("dialogs")
    bar: Forward[ButtonGroup] = Forward("mode")
    # what the games' tables, the tools and the window (may_close) call on the view
    flash: Forward[Callable[..., None]] = Forward("hud")
    show_banners: Forward[Callable[[list[str]], None]] = Forward("hud")
    clear_hint: Forward[Callable[[], None]] = Forward("help")
    try_selection: Forward[Callable[[str | None], bool]] = Forward("input")
    pause: Forward[Callable[[], None]] = Forward("dialogs")
    resume: Forward[Callable[[], None]] = Forward("dialogs")
    surrender: Forward[Callable[[], None]] = Forward("dialogs")
    next_game: Forward[Callable[[], None]] = Forward("dialogs")
    to_menu: Forward[Callable[[], None]] = Forward("dialogs")
    may_close: Forward[Callable[[], bool]] = Forward("ending")

    def __init__(self, window: Window, state: Game | None = None,
                 journal: Journal | None = None, level: str | None = None,
                 ai_seats: tuple[int, ...] | None = None, seed: int | None = None,
                 options: dict[str, Any] | None = None,
                 session: Session | None = None, replay: Replay | None = None,
                 back: Back = None, mode: Callable[[Any], PlayMode] | None = None,
                 **_kw: Any) -> None:
        super().__init__(arcade_window(window))
        self.app = window
        self.info = game_spec(self.key)
        self.style = self.info.deck
        if session is None:
            session = DealSession(
                self.key, level=level or window.settings.levels.get(self.key)
                or self.info.default_level, state=state, journal=journal, seed=seed,
                options=options, ai_seats=ai_seats, human=HUMAN,
                pace=lambda: self.app.think_scale * self.app.settings.opponent_pace)
        self.session: Session = session
        session.pacer.watch()                    # a player watches: the gap rule applies
        self.synced = session.version            # the session's state the picture shows
        session.subscribe(self.on_change)
        self.layout = self.make_layout(self.window.width, self.window.height)
        self.selected: list[Token] = []          # the cards the human has chosen
        self.words_due = False                   # labels wait for the frame after a move
        self.labels: list[Label] = []            # the game's own (``setup``)
        self.seat_labels: dict[int, Label] = {}  # ... of them, each seat's name
        self.hud = Hud(self, self.info.title)
        self.cards = Cards(self)
        self.choreography = Choreography(self)
        self.input = TableInput(self)
        self.help = Help(self)
        self.dialogs = Dialogs(self)
        self.mode = (mode(self) if mode is not None else PlayMode(self) if replay is None
                     else ReplayMode(self, replay, back))   # ``mode``: e.g. a quiz's
        self.shared = SharedTable(self)          # a shared table's names, marks and link
        self.ending = SharedEnd(self)            # ... its result, closing and leaving
        self.log = TableLog(self)                # what happened, and the seats' last plays
        self.replay_controls: ReplayControls | None = self.mode.controls
        self.hud.level_text = self.mode.title_text() or self.shared.header() or self.level_line()
        self.action_specs = self.make_actions()
        self.actions = ButtonGroup(*(Button(a.label(), partial(self.press_action, a),
                                            a.style, name=a.name)
                                     for a in self.action_specs))
        self.keyboard = Keyboard(TableFocus(self))
        self.input.build()                       # the layers of input, top first
        self.setup()
        self.place_widgets()
        if self.waiting_to_deal():
            session.withhold()                   # nothing is kept before the deal starts
        if session.fresh and self.mode.deals and not self.waiting_to_deal():
            self.deal_animation()
        else:
            self.relayout(0)
        self.tell_save_problem()

    def level_line(self) -> str:
        if self.session.practice:
            return _("Practice: no statistics, no XP") + "  ·  " + self.deal_text()
        level = levels(self.key)[self.session.level].get("label", self.session.level)
        return _("Level: {name}").format(name=_(str(level))) + "  ·  " + self.deal_text()

    def deal_text(self) -> str:
        """"Deal 48 213": the number that deals these cards again."""
        return _("Deal {number}").format(number=grouped(self.session.number))

    def back_from_rules(self) -> None:
        self.window.show_view(self)

    def start_deal(self) -> None:
        """The question before the deal is answered: the deal is kept and flies out."""
        self.session.keep_deal()
        self.deal_animation()
        self.tell_save_problem()

    # ----- state as the human sees it -------------------------------------------------------
    @property
    def obs(self) -> dict[str, Any]:
        return self.session.observation()

    @property
    def human_to_act(self) -> bool:
        return (self.session.human_to_act and not self.result_visible
                and not self.waiting_to_deal())

    def human_moves(self) -> list[Move]:
        return self.session.human_moves() if self.human_to_act else []

    @property
    def paused(self) -> bool:
        return self.session.paused

    @property
    def animating(self) -> bool:
        return self.cards.animating

    @property
    def scale(self) -> float:
        return float(self.app.settings.animation_scale)

    @property
    def modal_open(self) -> bool:
        """The deal waits: an exclusive layer of input is open (pause, confirm, result,
        the whole log, a table's picker), or the deal is paused or over."""
        return self.paused or self.result_visible or self.input.stack.blocked

    def tokens_at(self, place: str) -> list[Token]:
        return self.cards.tokens_at(place)

    def token_of(self, card: str, place: str | None = None) -> Token:
        return self.cards.token_of(card, place)

    def sprite_of(self, card: str, place: str | None = None) -> CardSprite:
        """The sprite showing ``card`` (in ``place`` if given): tests and tables use it."""
        return self.cards.sprites[self.cards.token_of(card, place).id]

    def selection(self) -> list[tuple[str, str]]:
        return [(t.place, t.card) for t in self.selected if t.card]

    def live_targets(self) -> set[str]:
        """Targets where the selection (or the card being dragged) can go now."""
        sel = self.selection()
        if not sel:
            return set()
        legal = self.human_moves()
        return {name for name in self.targets() if self.match(sel, name, legal)}

    def status_box(self) -> Box:
        L = self.layout
        right = L.w - max(120.0, 150 * L.s) - 40 * L.s
        w = min(620 * L.s, right - 40 * L.s)
        return Box(min(L.w / 2, right - w / 2), L.status_y, w, max(34.0, 36 * L.s))

    @property
    def xp_gained(self) -> int | None:
        return self.session.xp_gained

    # ----- the picture ----------------------------------------------------------------------
    def place_widgets(self) -> None:
        L = self.layout
        self.hud.place(self.bar)
        for i, b in enumerate(self.actions.buttons):
            box = L.action_button(len(self.actions.buttons) - 1 - i)
            b.place(box.cx, box.cy, box.w, box.h)
        self.input.stack.place(L.w, L.h)
        self.mode.place()

    def relayout(self, duration: float, events: list[Event] | None = None,
                 words_later: bool = False) -> None:
        self.cards.relayout(duration, events, words_later)

    def arrange(self, duration: float) -> None:
        self.cards.arrange(duration)

    def refresh(self) -> None:
        """Buttons, labels and the status line from the current observation."""
        self.cards.static.dirty = True
        self.words_due = False
        self.refresh_actions()
        obs, legal = self.obs, self.human_moves()
        self.update_labels(obs)
        self.shared.refresh()
        self.log.refresh()
        self.mode.refresh()
        self.hud.set_status(self.ending.status() or self.message or self.help.line()
                            or self.shared.status() or self.status_line(obs, legal))

    def refresh_actions(self) -> None:
        """Which buttons show and work now (at once after a move; the words may wait)."""
        legal = self.human_moves()
        for spec, b in zip(self.action_specs, self.actions.buttons, strict=False):
            b.visible = bool(legal) and bool(spec.moves(legal))
            b.label.set(spec.label())
        self.help.refresh(legal)
        self.refresh_buttons(legal)

    # ----- the session ----------------------------------------------------------------------
    def play(self, move: Move | str) -> list[Event]:
        """The human's move (a gesture matched to a legal move), as the mode takes it:
        played (``PlayMode``: ``on_change`` draws it) or graded (``QuizMode``)."""
        return self.mode.play(move)

    def press_action(self, action: Action) -> None:
        moves = action.moves(self.human_moves())
        if moves:
            self.choose_among(moves, self.play)

    def on_change(self, change: Change) -> None:
        """The session changed (a move by anyone, a surrender, pause or resume): the
        picture follows at once, whatever the input."""
        self.synced = self.session.version
        self.log.changed(change)
        if change.kind in ("move", "undo", "jump", "surrender"):
            self.help.clear_hint()              # the hint was for the position before
            self.selected, self.message = [], ""
        if change.kind == "move":
            self.cards.moved_this_frame = True
            assert change.move is not None
            self.after_move(change.seat, change.move, change.events)
            self.animate(change.seat, change.events)
            self.tell_save_problem()
        elif change.kind in ("undo", "jump"):
            self.choreography.last_ai = set()
            self.after_undo()
            self.relayout(MOVE_TIME)            # the cards fly back where they were
            self.mode.after_jump()
        else:
            self.refresh()

    def tell_save_problem(self) -> None:
        """A save that failed (read-only or full disk) is told once, in plain words;
        play goes on."""
        problem = self.session.take_save_problem()
        if problem:
            log.warning("%s", problem)
            self.flash(problem, 8.0)

    def show_banner(self, text: str) -> None:
        """An announcement, shown now (it replaces an older one)."""
        self.hud.show_banners([text])

    # ----- arcade events: the one place input and time come in ------------------------------
    def on_show_view(self) -> None:
        if (self.layout.w, self.layout.h) != (self.window.width, self.window.height):
            self.on_resize(self.window.width, self.window.height)

    def on_resize(self, width: int, height: int) -> None:
        self.layout = self.make_layout(width, height)
        self.cards.resize(self.layout.card_w)
        self.place_widgets()
        self.relayout(0)

    def on_update(self, dt: float) -> None:
        self.tick(dt)
        if self.words_due and not self.cards.moved_this_frame:
            self.words_due = False
            self.refresh()
            self.cards.moved_this_frame = True  # the words were this frame's: picture next
        self.cards.update(dt, holding=self.input.pointer.dragging)
        if files.write_problem() is not None:   # a save on the writer thread failed
            self.tell_save_problem()
        self.hud.update(dt)
        self.shared.update()
        self.dialogs.tick(dt)
        if not self.modal_open:
            self.mode.update(dt)

    @property
    def dirty(self) -> bool:
        """The picture on screen is older than the state: a frame must be drawn."""
        return (self.synced != self.session.version or self.cards.static.stale
                or self.words_due or self.cards.moved_this_frame)

    @property
    def busy(self) -> bool:
        """Whether the next frames may differ (the window stops redrawing when not):
        something moves, the picture is dirty, or a computer is still thinking."""
        if (self.dirty or self.animating or self.input.pointer.down or self.hud.busy
                or self.settling()):
            return True
        return False if self.modal_open else self.mode.busy()

    def on_key_press(self, key: int, modifiers: int) -> None:
        self.input.on_key(key, modifiers)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.input.on_press(x, y)

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int,
                      modifiers: int) -> None:
        self.input.on_drag(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.input.on_release(x, y)

    def on_draw(self) -> None:
        with look.capture(self.window):       # contrast, grain, warmth: one pass (or none)
            self.draw_table()
            self.keyboard.draw()              # the keyboard focus and the buttons' keys

    def draw_table(self) -> None:
        """The cards in their layers, then over them what changes every frame: the
        table's own, the last computer move's outline, the chosen cards', the banner,
        the hinted button and the open panels."""
        self.cards.draw(self.draw_chrome, self.draw_words)
        self.draw_over()
        self.choreography.draw_last_ai()
        self.cards.draw_selected()
        self.hud.draw_banner()
        self.shared.draw()
        self.help.draw()
        self.input.stack.draw(self.layout.w, self.layout.h)      # the open panels
        self.hud.draw_over_panel(self.input.stack.top_panel())

    def draw_chrome(self) -> None:
        """Under the cards: the felt, the top bar, the table's own, the drop targets."""
        draw_felt(self.window)
        self.hud.draw_top(self.bar)
        self.draw_extra()
        hinted = self.help.hinted_target()
        glowing = {hinted} if hinted is not None else self.live_targets()
        for name, box in self.targets().items():
            draw_glow((box.cx, box.cy, box.w, box.h), name in glowing)

    def draw_words(self) -> None:
        """Over the resting cards: the game's labels, the status line and the buttons."""
        for lab in self.labels:
            lab.draw()
        self.log.draw()
        self.mode.draw_status()

