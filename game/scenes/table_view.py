"""The table every game stands on: the picture of a ``DealSession``.

The session (``game.session``) holds the deal: the engine, the seats and bots, the
journal and saving, the pacing. ``TableView`` draws it: the card sprites, relayout on
resize, the choreography from the session's events to tweens and sounds, the pointer
(tap, drag, drop, multi-select, tap-then-target), the pause, confirm and result panels,
the top bar and the status line. Every change of the session marks the picture dirty, so
the window draws it whatever the input (touch screens send no mouse motion).

A game's table (``scenes/<game>_table.py``) supplies only its hooks: where its places
are (``make_layout``, ``places``, ``slot``), how gestures become moves (``picks``,
``target_of``, ``targets``, optionally ``match``), its buttons, its words (status line,
announcements, result).  The view draws only what ``observation(HUMAN)`` shows plus the
events, and it never decides rules: gestures are matched against ``legal_moves()``.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

import arcade

from game.ai import levels
from game.games import GameInfo, info
from game.i18n import _, card_text, grouped, ngettext, refusal_text
from game.rules import Event, Game, IllegalMove, Move
from game.session import HUMAN, Change, DealSession
from game.session.replay import Replay
from game.store import files, saves
from game.ui import assets, look
from game.ui.card_sprite import CardSprite
from game.ui.gestures import Pointer
from game.ui.keyboard import Keyboard, Rect
from game.ui.layers import Layer, draw_felt
from game.ui.layout import Box, TableLayout
from game.ui.panels import Confirm, Panel, draw_glow
from game.ui.placement import Board, Places, Token
from game.ui.replay_controls import Back, ReplayControls
from game.ui.widgets import DANGER, PRIMARY, Button, ButtonGroup, ButtonStyle, Label
from game.ui.window import arcade_window

if TYPE_CHECKING:
    from game.ui.window import Window

log = logging.getLogger(__name__)

MOVE_TIME = 0.38
HINT_SLICE = 0.006        # seconds of a hint's search per frame
STAGGER = 0.07
BANNER_TIME = 2.2
BANNER_LINES = 2          # announcements shown together in the banner's box
BANNER_QUEUE = 3          # turns of them for one move, at most
Slot = tuple[float, float, float, float]        # x, y, angle, z


def refusal(exc: IllegalMove, style: str) -> str:
    """The engine's refusal in the player's words (no rule id, cards as on their faces)."""
    return refusal_text(exc, style)


@dataclass
class Action:
    """A button right of the hand: shown while ``moves(legal)`` finds a legal move."""

    name: str
    label: Callable[[], str]
    moves: Callable[[list[Move]], list[Move]]
    style: ButtonStyle = PRIMARY


class TableView(arcade.View):
    key: ClassVar[str] = ""
    #: several cards are chosen, then played with a button (Pao De Kuai)
    multi_select: ClassVar[bool] = False
    #: the sound of each announcement (by ``Event.text``) besides the deal's end
    event_sounds: ClassVar[dict[str, str]] = {}

    def __init__(self, window: Window, state: Game | None = None,
                 journal: saves.Journal | None = None, level: str | None = None,
                 ai_seats: tuple[int, ...] | None = None, seed: int | None = None,
                 options: dict[str, Any] | None = None,
                 session: DealSession | None = None, replay: Replay | None = None,
                 back: Back = None, **_kw: Any) -> None:
        super().__init__(arcade_window(window))
        self.app = window
        self.info: GameInfo = info(self.key)
        self.style = self.info.deck
        if session is None:
            session = DealSession(
                self.key, level=level or window.settings.levels.get(self.key)
                or self.info.default_level, state=state, journal=journal, seed=seed,
                options=options, ai_seats=ai_seats, human=HUMAN,
                pace=lambda: self.app.think_scale * self.app.settings.opponent_pace)
        self.session = session
        table_level = levels(self.key)[session.level].get("label", session.level)
        self.level_text = (_("Level: {name}").format(name=_(str(table_level))) + "  ·  "
                           + self.deal_text())
        if session.practice:
            self.level_text = _("Practice: no statistics, no XP") + "  ·  " + self.deal_text()
        self.synced = session.version            # the session's state the picture shows
        session.subscribe(self.on_change)
        self.layout = self.make_layout(self.window.width, self.window.height)
        # every face this deal can show, loaded now rather than in the frame it turns up
        for card in set(session.full_deck()):
            assets.card_texture(self.style, card)
        self.board = Board()
        self.sprites: dict[int, CardSprite] = {}
        self.sprite_list: arcade.SpriteList[CardSprite] = arcade.SpriteList()
        # what stands still is drawn once into ``static`` and copied each frame; the
        # cards of the motion under way (``live``) are drawn over it
        self.static = Layer(self.window)
        self.static_back = Layer(self.window)          # the next static picture, while built
        self.building = False
        self.live: set[int] = set()
        self.live_list: arcade.SpriteList[CardSprite] = arcade.SpriteList()
        self.moved_this_frame = False
        self.words_due = False                    # labels wait for the frame after a move
        self.pointer = Pointer()
        self.selected: list[Token] = []
        self.sweep_adds = True
        self.drag_offset = (0.0, 0.0)
        self.message = ""
        self.message_left = 0.0
        self.banner_left = 0.0
        self.last_ai: set[int] = set()          # tokens the last computer move played
        self.result_visible = False
        # widgets
        self.title = Label(self.info.title, 20, (255, 255, 255), anchor_x="left", bold=True)
        self.level_label = Label("", 14, (220, 235, 220), anchor_x="left")
        self.status = Label("", 18, (255, 250, 220), bold=True, multiline=True, width=500,
                            align="center")
        self.banner = Label("", 22, (255, 240, 170), bold=True, multiline=True,
                            width=800, align="center")
        self.banner_queue: list[str] = []        # announcements waiting their turn
        self.labels: list[Label] = []
        # help (hidden while not allowed or of no use), then the rules and the menu
        self.undo_button = Button(_("Undo"), self.undo, name="undo")
        self.hint_button = Button(_("Hint"), self.ask_hint, name="hint")
        self.bar = ButtonGroup(self.undo_button, self.hint_button,
                               Button(_("Rules"), self.open_rules, name="rules"),
                               Button(_("Menu"), self.pause, name="menu"))
        #: replay mode: the session is read-only and these controls move it
        self.replay_controls: ReplayControls | None = None
        if replay is not None:
            self.replay_controls = ReplayControls(self, replay, back)
            self.bar = self.replay_controls.bar
            self.level_text = self.replay_controls.title_text()
        self.hinted: Move | None = None           # the hint on show
        self.hinted_button: Button | None = None  # its button, for a move made by one
        self.action_specs = self.make_actions()
        self.actions = ButtonGroup(*(Button(a.label(), partial(self.press_action, a),
                                            a.style, name=a.name)
                                     for a in self.action_specs))
        self.pause_panel = Panel(_("Paused"), [], [
            Button(_("Resume"), self.resume, PRIMARY, name="resume"),
            Button(_("Undo"), self.undo, name="undo"),
            Button(_("Rules"), self.open_rules, name="rules"),
            Button(_("Surrender"), self.ask_surrender, DANGER, name="surrender"),
            Button(_("Menu"), self.to_menu, name="menu")])
        self.result_panel = Panel("", [], [
            Button(_("Next game"), self.next_game, PRIMARY, name="next"),
            Button(_("Replay these cards"), self.replay_cards, name="replay"),
            Button(_("Review this deal"), self.review_deal, name="review"),
            Button(_("Copy the deal number"), self.copy_number, name="copy"),
            Button(_("Menu"), self.to_menu, name="menu")], columns=2, dim=110)
        self.confirm = Confirm()
        #: the panels every table has, the topmost first (a table's own: modal_panels)
        self.shared_panels: tuple[Panel, ...] = (self.confirm, self.result_panel,
                                                 self.pause_panel)
        self.keyboard = Keyboard(self)
        self.setup()
        self.place_widgets()
        if session.fresh and replay is None:
            self.deal_animation()
        else:
            self.relayout(0)
        self.tell_save_problem()

    # ----- hooks a game's table fills in --------------------------------------------------
    def setup(self) -> None:
        """Make the game's own labels (append them to ``self.labels``)."""

    def make_layout(self, width: float, height: float) -> TableLayout:
        return TableLayout(width, height, self.app.settings.card_scale)

    def places(self, obs: dict[str, Any]) -> Places:
        """Every place on the table with its cards in stacking order (None: face down).
        Place names are the engine's event names (``hand0``, ``table`` …)."""
        raise NotImplementedError

    def slot(self, place: str, i: int, n: int) -> Slot | None:
        """Where the i-th of n cards of ``place`` lies."""
        raise NotImplementedError

    def picks(self, move: Move) -> list[tuple[str, str]]:
        """The human's cards that ``move`` plays, as (place, card)."""
        return [(f"hand{HUMAN}", a) for a in move.args[:1]]

    def target_of(self, move: Move) -> str | None:
        """The drop target a move puts its cards on (a key of ``targets()``)."""
        return None

    def targets(self) -> dict[str, Box]:
        return {}

    def make_actions(self) -> list[Action]:
        return []

    def status_text(self, obs: dict[str, Any], legal: list[Move]) -> str:
        """What is expected now, while the deal goes on."""
        return ""

    def status_line(self, obs: dict[str, Any], legal: list[Move]) -> str:
        """The status line: the deal's end or a surrender, else the game's own words."""
        if self.session.surrendered:
            return _("You surrendered")
        if obs["is_over"]:
            return self.result_text(obs)[0]
        return self.status_text(obs, legal)

    def result_text(self, obs: dict[str, Any]) -> tuple[str, list[str]]:
        return "", []

    def announce(self, event: Event, seat: int | None) -> str | None:
        """A line to show for an announcement event, or None."""
        return None

    def explain(self, place: str, card: str) -> str:
        """Why the human cannot play ``card`` now."""
        return _("That card cannot be played now.")

    def update_labels(self, obs: dict[str, Any]) -> None:
        """Set and place the game's own labels."""

    def draw_extra(self) -> None:
        """Draw what lies under the cards (drop zones, pile outlines)."""

    def choose_among(self, moves: list[Move], then: Callable[[Move], object]) -> None:
        """Several legal moves fit one gesture: by default the first; a table may ask."""
        then(moves[0])

    def modal_panels(self) -> list[Panel]:
        """A table's own open panels (pickers): they take the keyboard focus as the pause
        and result panels do."""
        return []

    def match(self, selection: list[tuple[str, str]], target: str | None,
              legal: list[Move]) -> list[Move]:
        """The legal moves a gesture means: the selected cards onto ``target``."""
        want = sorted(selection)
        return [m for m in legal if sorted(self.picks(m)) == want
                and self.target_of(m) == target]

    # ----- state as the human sees it -------------------------------------------------------
    @property
    def obs(self) -> dict[str, Any]:
        return self.session.observation()

    @property
    def human_to_act(self) -> bool:
        return self.session.human_to_act and not self.result_visible

    def human_moves(self) -> list[Move]:
        return self.session.human_moves() if self.human_to_act else []

    @property
    def paused(self) -> bool:
        return self.session.paused

    def pickable(self) -> set[tuple[str, str]]:
        return {p for m in self.human_moves() for p in self.picks(m)}

    @property
    def animating(self) -> bool:
        return any(sp.is_moving for sp in self.sprites.values())

    def tokens_at(self, place: str) -> list[Token]:
        return list(self.board.at.get(place, []))

    def sprite_of(self, card: str, place: str | None = None) -> CardSprite:
        """The sprite showing ``card`` (in ``place`` if given): tests and tables use it."""
        for tok in self.board.tokens():
            if tok.up and tok.card == card and (place is None or tok.place == place):
                return self.sprites[tok.id]
        raise KeyError(card)

    def token_of(self, card: str, place: str | None = None) -> Token:
        for tok in self.board.tokens():
            if tok.up and tok.card == card and (place is None or tok.place == place):
                return tok
        raise KeyError(card)

    def selection(self) -> list[tuple[str, str]]:
        return [(t.place, t.card) for t in self.selected if t.card]

    def card_text(self, card: str) -> str:
        """A card as its face shows it (Czech cards by name, in the player's language)."""
        return card_text(card, self.style)

    # ----- layout --------------------------------------------------------------------------
    @property
    def scale(self) -> float:
        return float(self.app.settings.animation_scale)

    def place_widgets(self) -> None:
        L = self.layout
        right = L.w - 12            # bar buttons from the right, each as wide as its word
        for b in reversed(self.bar.buttons):
            b.label.place(0, 0, 16)
            box = L.bar_button(0, b.label.text.content_width)
            b.place(right - box.w / 2, box.cy, box.w, box.h, 16)
            right -= box.w + 10
        self.place_title(right - 4)
        for i, b in enumerate(self.actions.buttons):
            box = L.action_button(len(self.actions.buttons) - 1 - i)
            b.place(box.cx, box.cy, box.w, box.h)
        sb = self.status_box()
        self.status.text.width = int(sb.w - 16)
        self.fit_banner()
        for p in self.shared_panels:
            p.place(L.w, L.h)
        if self.replay_controls is not None:
            self.replay_controls.place()

    def place_title(self, limit: float) -> None:
        """The game's name and the level, left of the bar buttons: smaller where the
        words are long (the level's name drops out only when nothing else helps)."""
        L = self.layout
        y = L.h - L.bar_h / 2
        title, level = 20 * max(L.s, 0.8), 14 * max(L.s, 0.8)
        self.level_label.set(self.level_text)
        while True:
            self.title.place(16, y, title)
            gap = title
            self.level_label.place(16 + self.title.text.content_width + gap, y, level)
            end = self.level_label.text.x + self.level_label.text.content_width
            if end <= limit:
                return
            if level > 10:
                level -= 1
            elif title > 13:
                title -= 1
            else:
                self.level_label.set("")
                return

    def status_box(self) -> Box:
        L = self.layout
        right = L.w - max(120.0, 150 * L.s) - 40 * L.s
        w = min(620 * L.s, right - 40 * L.s)
        return Box(min(L.w / 2, right - w / 2), L.status_y, w, max(34.0, 36 * L.s))

    def relayout(self, duration: float, events: list[Event] | None = None,
                 words_later: bool = False) -> None:
        """Put every card where the observation says it is, flying along the events.
        ``words_later``: labels and buttons are laid out in the next frame (after a move,
        so no single frame pays for both)."""
        obs = self.obs
        self.board.apply(events or [])
        places = self.places(obs)
        if self.replay_controls is not None:
            self.replay_controls.reveal_hands(places)
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
            sp = CardSprite(tok.card if tok.up else None, self.style, self.layout.card_w)
            self.sprites[tok.id] = sp
            self.sprite_list.append(sp)
            first = self.slot(tok.place, tok.index, tok.count)
            if first is not None:
                sp.move_to(first[0], first[1], first[2], 0)
        self.selected = [t for t in self.selected
                         if t.place == f"hand{HUMAN}" or self._is_pick_place(t.place)]
        live = {t.id for t in self.board.tokens()}
        self.selected = [t for t in self.selected if t.id in live]
        self.arrange(duration)
        self.board.clear_seq()
        if words_later:
            self.refresh_actions()
            self.words_due = True
            self.static.dirty = True
        else:
            self.refresh()

    def _is_pick_place(self, place: str) -> bool:
        return any(p == place for p, _ in self.pickable())

    def arrange(self, duration: float) -> None:
        picks = self.pickable()
        dim = self.app.settings.dim_illegal and self.human_to_act and not self.multi_select
        lift = 14 * self.layout.s
        chosen = {t.id for t in self.selected}
        dragged = self.dragged()
        for tok in self.board.tokens():
            sp = self.sprites[tok.id]
            if tok.up and tok.card:
                sp.set_card(tok.card)
            where = self.slot(tok.place, tok.index, tok.count)
            sp.visible = where is not None
            if where is None:
                continue
            x, y, a, z = where
            mine = tok.up and (tok.place, tok.card) in picks
            if tok.id in chosen:
                y += 2.2 * lift
            elif mine and not self.multi_select:
                y += lift
            sp.z = z
            if isinstance(dragged, Token) and dragged.id == tok.id:
                continue
            delay = (tok.seq or 0) * STAGGER * self.scale
            same = (abs(sp.center_x - x) < 0.5 and abs(sp.center_y - y) < 0.5
                    and abs(sp.angle - a) < 0.5)
            if not same or sp.motion is not None:
                sp.move_to(x, y, a, duration * self.scale, delay)
            sp.show_face(tok.up, 0.22 * self.scale if duration > 0 else 0, delay)
            own = tok.place == f"hand{HUMAN}"
            sp.color = ((150, 150, 150) if dim and own and not mine and tok.up
                        else (255, 255, 255))
            if sp.is_moving:
                self.go_live(tok.id)
        self.static.dirty = True
        self.sort_sprites()

    def go_live(self, tid: int) -> None:
        """Draw this card over the static layer until the motion under way ends."""
        if tid not in self.live:
            self.live.add(tid)
            self.live_list.append(self.sprites[tid])
            self.static.dirty = True

    def settle_live(self) -> None:
        """Every card has landed: they all go back into the static layer."""
        self.live.clear()
        self.live_list.clear()
        self.static.dirty = True

    def dragged(self) -> Token | None:
        """The card that follows the pointer (none while a drag sweeps a selection)."""
        item = self.pointer.item if self.pointer.dragging and not self.multi_select else None
        return item if isinstance(item, Token) else None

    def sort_sprites(self) -> None:
        dragged = self.dragged()
        drag_id = dragged.id if isinstance(dragged, Token) else -1
        ids = {id(sp): k for k, sp in self.sprites.items()}
        def key(sp: CardSprite) -> float:
            return (sp.z + (1000 if sp.motion is not None else 0)
                    + (2000 if ids.get(id(sp)) == drag_id else 0))

        self.sprite_list.sort(key=key)
        if self.live_list:
            self.live_list.sort(key=key)

    def refresh(self) -> None:
        """Buttons, labels and the status line from the current observation."""
        self.static.dirty = True
        self.words_due = False
        self.refresh_actions()
        obs, legal = self.obs, self.human_moves()
        self.update_labels(obs)
        if self.replay_controls is not None:
            self.replay_controls.refresh()
            text = self.replay_controls.title_text()
            if text != self.level_text:
                self.level_text = text
                self.place_widgets()
        self.status.set(self.message or self.status_line(obs, legal))
        sb = self.status_box()
        size = max(12.0, 18 * self.layout.s)
        self.status.place(sb.cx, sb.cy, size)
        while self.status.text.content_height > sb.h * 1.9 and size > 11:
            size -= 1
            self.status.place(sb.cx, sb.cy, size)

    def refresh_actions(self) -> None:
        """Which buttons show and work now (at once after a move; the words may wait)."""
        legal = self.human_moves()
        for spec, b in zip(self.action_specs, self.actions.buttons, strict=False):
            b.visible = bool(legal) and bool(spec.moves(legal))
            b.label.set(spec.label())
        helps = self.app.settings.allow_assist and HUMAN not in self.session.ai_seats
        self.hint_button.visible = helps and bool(legal)
        self.hint_button.label.set(_("Thinking…") if self.session.hinting else _("Hint"))
        can_undo = helps and self.session.can_undo
        self.undo_button.visible = can_undo
        self.pause_panel.buttons.by_name("undo").visible = can_undo
        self.refresh_buttons(legal)

    def refresh_buttons(self, legal: list[Move]) -> None:
        """A table's own buttons (enabled states beyond "is a move legal")."""

    def deal_animation(self) -> None:
        deal = self.session.deal_events()
        total = len(deal)
        self.board.fill("deck", total)
        self.board.fill("talon", 0)
        L = self.layout
        for tok in self.board.tokens():
            sp = CardSprite(None, self.style, L.card_w)
            sp.move_to(L.w / 2, (L.h + L.hand_y) / 2, 0, 0)
            self.sprites[tok.id] = sp
            self.sprite_list.append(sp)
        events = [e for e in deal if e.kind == "move"]
        events = [Event("move", e.card, "deck", e.dst, face_up=e.face_up) for e in events]
        self.app.sounds.play("shuffle")
        self.relayout(MOVE_TIME, events)

    # ----- playing ---------------------------------------------------------------------------
    def play(self, move: Move | str) -> list[Event]:
        """The human's move (a gesture matched to a legal move): the session plays and
        saves it, and ``on_change`` draws it."""
        return self.session.play(move)

    def on_change(self, change: Change) -> None:
        """The session changed (a move by anyone, a surrender, pause or resume): the
        picture follows at once, whatever the input."""
        self.synced = self.session.version
        if change.kind == "move":
            self.selected = []
            self.message = ""
            self.moved_this_frame = True
            assert change.move is not None
            self.after_move(change.seat, change.move, change.events)
            self.animate(change.seat, change.events)
            self.tell_save_problem()
        elif change.kind in ("undo", "jump"):
            self.selected, self.message, self.last_ai = [], "", set()
            self.after_undo()
            self.relayout(MOVE_TIME)            # the cards fly back where they were
            if self.replay_controls is not None:
                self.show_banners(self.replay_lines([]))
        else:
            self.refresh()
        self.clear_hint()

    def after_move(self, seat: int | None, move: Move, events: list[Event]) -> None:
        """A table's own bookkeeping after a move (before the animation)."""

    def after_undo(self) -> None:
        """A table's own bookkeeping when the deal went back (before the relayout)."""

    # ----- help: hints and undo --------------------------------------------------------------
    def undo(self) -> None:
        """Back to your previous decision (the button, Ctrl+Z, the pause menu)."""
        if not self.app.settings.allow_assist or not self.session.can_undo:
            return
        self.pause_panel.visible = False
        self.session.resume()
        self.session.undo()
        self.flash(_("Taken back to your previous move."))

    def ask_hint(self) -> None:
        """Ask the hard level what it would play; a second press, the next best (the
        session keeps which were shown)."""
        if (not self.app.settings.allow_assist or not self.human_to_act
                or self.session.hinting):
            return
        if self.session.start_hint():
            self.refresh()

    def show_hint(self, move: Move) -> None:
        """The hint, the way the player would make it: its cards lift and its target
        glows (or its button does), with one line in plain words."""
        self.clear_hint()
        self.hinted = move
        picks = self.picks(move)
        chosen: list[Token] = []           # one card for each pick (Autobus has two decks)
        for place, card in picks:
            tok = next((t for t in self.tokens_at(place)
                        if t.up and t.card == card and t not in chosen), None)
            if tok is not None:
                chosen.append(tok)
        if picks and len(chosen) == len(picks):
            self.selected = chosen
            self.arrange(0.15)
        else:
            self.hinted_button = self.button_for(move)
        self.flash(_("Hint: {what}").format(what=self.move_words(move)), 8.0)

    def button_for(self, move: Move) -> Button | None:
        """The button that makes ``move`` (Take, Pass …), if a button does."""
        legal = self.human_moves()
        return next((b for spec, b in zip(self.action_specs, self.actions.buttons,
                                          strict=False) if move in spec.moves(legal)), None)

    def clear_hint(self) -> None:
        self.hinted, self.hinted_button = None, None

    def move_words(self, move: Move) -> str:
        """A move in plain words, cards as on their faces (a table says it better)."""
        cards = [self.card_text(c) for c in move.args if self._is_card(c)]
        return ", ".join(cards) if cards else str(move.kind)

    @staticmethod
    def _is_card(text: str) -> bool:
        return len(text) == 2 or text == "X"

    def animate(self, seat: int | None, events: list[Event]) -> None:
        for e in events:
            if e.kind == "move" and not (e.dst and e.dst.startswith("hand")):
                self.app.sounds.play("place" if e.face_up else "deal")
        self.announce_all(seat, events)
        before = {t.id: t.place for t in self.board.tokens()}
        self.relayout(MOVE_TIME, events, words_later=True)
        if seat is not None and seat != HUMAN:
            self.last_ai = {t.id for t in self.board.tokens()
                            if before.get(t.id) not in (None, t.place)
                            and not t.place.startswith("hand")}
        else:
            self.last_ai = set()

    def announce_all(self, seat: int | None, events: list[Event]) -> None:
        """Banners and sounds for a move's announcements, and the deal sound for cards
        that go to a hand."""
        lines: list[str] = []
        for e in events:
            if e.kind == "announce":
                line = self.announce(e, seat)
                if line:
                    lines.append(line)
                name = self.sound_for(e)
                if name:
                    self.app.sounds.play(name)
        if self.replay_controls is not None:
            lines = self.replay_lines(lines)
        self.show_banners(lines)
        if any(e.kind == "move" and e.dst and e.dst.startswith("hand") for e in events):
            self.app.sounds.play("deal")

    def replay_lines(self, lines: list[str]) -> list[str]:
        """In a replay: the last move in words first, then its announcements (the banner
        stays until the next move: the player reads at their own pace)."""
        assert self.replay_controls is not None
        self.banner_queue = []
        return [self.replay_controls.last_move_text(), *lines][:BANNER_LINES]

    def sound_for(self, event: Event) -> str | None:
        if event.text in self.event_sounds:
            return self.event_sounds[event.text]
        if event.text == "deal_over":
            return {"win": "win", "loss": "lose"}.get(self.session.outcome(), "flip")
        return None

    def tell_save_problem(self) -> None:
        """A save that failed (read-only or full disk) is told once, in plain words;
        play goes on."""
        problem = self.session.take_save_problem()
        if problem:
            log.warning("%s", problem)
            self.flash(problem, 8.0)

    @property
    def xp_gained(self) -> int | None:
        return self.session.xp_gained

    def flash(self, text: str, seconds: float = 3.5) -> None:
        self.message = text
        self.message_left = seconds
        self.refresh()

    def show_banner(self, text: str) -> None:
        """An announcement, shown now (it replaces an older one)."""
        self.show_banners([text])

    def show_banners(self, lines: list[str]) -> None:
        """The announcements of one move, one under the other in the banner's box (two
        at a time; more take turns) instead of running off the window's edges side by
        side; a later move's announcements replace them."""
        lines = [line for i, line in enumerate(lines) if line and line not in lines[:i]]
        if not lines:
            return
        self.banner_queue = lines[BANNER_LINES:BANNER_LINES * BANNER_QUEUE]
        self.banner.set("\n".join(lines[:BANNER_LINES]))
        self.fit_banner()
        # a replay's line stays until the next move (an idle window draws nothing new)
        self.banner_left = 0.0 if self.replay_controls else BANNER_TIME * max(self.scale, 0.3)

    def fit_banner(self) -> None:
        """The banner wraps inside the window and shrinks until it fits its box (three
        lines of text at the size it started from)."""
        L = self.layout
        t = self.banner.text
        t.width = max(1, int(L.w - 120 * L.s))
        size = start = max(16.0, 22 * L.s)
        self.banner.place(L.w / 2, L.banner_y(), size)
        while t.text and t.content_height > 4.2 * start and size > 11:
            size -= 1
            t.font_size = size
        half = t.content_width / 2 + 24         # the layout's place, whole in the window
        self.banner.place(round(max(half, min(L.banner_x(), L.w - half))),
                          round(L.banner_y()))

    def press_action(self, action: Action) -> None:
        moves = action.moves(self.human_moves())
        if moves:
            self.choose_among(moves, self.play)

    def try_selection(self, target: str | None) -> bool:
        """Play the selected cards onto ``target`` if a legal move fits; else say why."""
        sel = self.selection()
        if not sel or not self.human_to_act:
            if sel and not self.human_to_act:
                self.flash(_("Wait for your turn."))
            return False
        moves = self.match(sel, target, self.human_moves())
        if moves:
            self.choose_among(moves, self.play)
            return True
        place, card = sel[0]
        self.flash(self.explain_drop(sel, target))
        for tok in self.selected:
            self.sprites[tok.id].shake()
        self.selected = []
        self.arrange(0.2)
        return False

    def why_not(self, move: Move | str) -> str | None:
        """The engine's refusal of ``move`` in the player's words, or None if it is legal."""
        exc = self.session.check(move)
        return refusal(exc, self.style) if exc is not None else None

    def explain_drop(self, sel: list[tuple[str, str]], target: str | None) -> str:
        return self.explain(*sel[0])

    # ----- panels ------------------------------------------------------------------------
    def pause(self) -> None:
        if not self.result_visible:
            self.pause_panel.visible = True
            self.session.pause()

    def resume(self) -> None:
        self.pause_panel.visible = False
        self.confirm.visible = False
        self.session.resume()

    def open_rules(self) -> None:
        self.pause()
        self.app.open("rules", game=self.key, back=self.back_from_rules)

    def back_from_rules(self) -> None:
        self.window.show_view(self)

    def ask_surrender(self) -> None:
        self.pause_panel.visible = False
        self.confirm.ask(_("Surrender this deal?"),
                         [_("It counts as a loss, and you get no XP for it.")],
                         _("Surrender"), _("Keep playing"), self.surrender, self.resume,
                         DANGER)

    def surrender(self) -> None:
        self.pause_panel.visible = False
        self.session.surrender()
        self.tell_save_problem()
        self.app.sounds.play("lose")
        self.show_result()

    def show_result(self) -> None:
        self.result_visible = True
        self.selected = []
        self.session.record()
        self.tell_save_problem()
        if self.session.surrendered:
            title, lines = _("You surrendered"), [_("The deal counts as a loss, without XP.")]
        else:
            title, lines = self.result_text(self.obs)
            if self.session.practice:
                lines = [*lines, _("A practice deal: it is not in your statistics and "
                                   "earns no XP.")]
            elif HUMAN not in self.session.ai_seats:
                lines = [*lines, *self.assist_lines(),
                         ngettext("You gain {n} XP.", "You gain {n} XP.",
                                  self.xp_gained or 0).format(n=self.xp_gained or 0)]
        self.result_panel.buttons.by_name("review").visible = not self.session.surrendered \
            and HUMAN not in self.session.ai_seats and self.session.moves_played > 0
        self.result_panel.set(title, [*lines, self.deal_text()])
        self.result_panel.visible = True
        self.place_widgets()
        self.refresh()

    def assist_lines(self) -> list[str]:
        """"Won with 2 hints and 1 undo": an assisted deal says so (half the XP)."""
        got = self.session.assists
        parts = [ngettext("{n} hint", "{n} hints", got["hints"]).format(n=got["hints"]),
                 ngettext("{n} undo", "{n} undos", got["undos"]).format(n=got["undos"])]
        parts = [p for p, n in zip(parts, (got["hints"], got["undos"]), strict=True) if n]
        if not parts:
            return []
        help_ = parts[0] if len(parts) == 1 else _("{first} and {second}").format(
            first=parts[0], second=parts[1])
        said = {"win": _("Won with {help}."), "loss": _("Lost with {help}.")}.get(
            self.session.outcome(), _("Drawn with {help}."))
        return [said.format(help=help_) + " " + _("Assisted deals earn half the XP.")]

    def deal_text(self) -> str:
        """"Deal 48 213": the number that deals these cards again."""
        return _("Deal {number}").format(
            number=grouped(self.session.number))

    def replay_cards(self) -> None:
        """The same cards again, as a new deal (its own result in the history)."""
        self.app.open("table", game=self.key, session=self.session.same_cards())

    def review_deal(self) -> None:
        """The review of the deal just finished (the computer's verdict on each of your
        decisions); Back comes back to this result."""
        j = self.session.journal
        self.app.open("review", journal=j.to_dict(), deal_id=j.deal_id, seat=HUMAN,
                      back=self)

    def copy_number(self) -> None:
        """The deal's number to the clipboard (to play the same cards again, or share)."""
        from game.ui.clipboard import copy_text

        if copy_text(self.window, str(self.session.number)):
            self.flash(_("Deal number {number} copied.").format(
                number=grouped(self.session.number)))
        else:
            self.flash(_("The clipboard cannot be used here: the number is {number}.").format(
                number=self.session.number))

    def next_game(self) -> None:
        self.app.open("table", game=self.key, session=self.session.next_deal())

    def to_menu(self) -> None:
        self.app.open("menu")

    # ----- arcade events ----------------------------------------------------------------------
    def on_show_view(self) -> None:
        if (self.layout.w, self.layout.h) != (self.window.width, self.window.height):
            self.on_resize(self.window.width, self.window.height)

    def on_resize(self, width: int, height: int) -> None:
        self.layout = self.make_layout(width, height)
        for sp in self.sprites.values():
            sp.set_width(self.layout.card_w)
        self.place_widgets()
        self.relayout(0)
        self.static.dirty = True

    def on_update(self, dt: float) -> None:
        if self.words_due and not self.moved_this_frame:
            self.words_due = False
            self.refresh()
        moving = False
        for tid, sp in self.sprites.items():
            if sp.is_moving:
                sp.animate(dt)
                moving = True
                if tid not in self.live:
                    self.go_live(tid)
        if moving:
            self.sort_sprites()
        elif self.live and not self.pointer.dragging:
            self.settle_live()
        if files.write_problem() is not None:   # a save on the writer thread failed
            self.tell_save_problem()
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = ""
                self.refresh()
        if self.banner_left > 0:
            self.banner_left -= dt
            if self.banner_left <= 0:
                self.banner.set("")
                if self.banner_queue:
                    self.show_banners(self.banner_queue)
        if self.modal_open:
            return
        if self.replay_controls is not None:      # a replay: no result, no computers
            self.replay_controls.update(dt)
            return
        if self.session.is_over:
            if not self.animating:
                self.show_result()
            return
        if self.session.hinting:          # the hint thinks in slices: the frame stays smooth
            move = self.session.hint_step(HINT_SLICE)
            if move is not None:
                self.show_hint(move)             # its flash refreshes the buttons
            elif not self.session.hinting:       # the decision passed: "Hint" again
                self.refresh_actions()
        if self.animating:
            return
        self.session.advance(dt)          # a computer's move comes back through on_change

    def panels(self) -> list[Panel]:
        """Every panel that can open over the table, the topmost first."""
        return [*self.shared_panels, *self.modal_panels()]

    def open_panel(self) -> Panel | None:
        """The panel that has the input now, if one is open."""
        return next((p for p in self.panels() if p.visible), None)

    @property
    def modal_open(self) -> bool:
        """A panel over the table has the input (pause, confirm, result, a table's own):
        the one notion of "modal" the pointer, the keyboard and the pacing share."""
        return self.paused or self.result_visible or self.open_panel() is not None

    # ----- what the keyboard sees (ui.keyboard.Focusable) --------------------------------
    @property
    def key_scale(self) -> float:
        return self.layout.s

    @property
    def key_height(self) -> float:
        return self.layout.h

    def modal_buttons(self) -> list[Button] | None:
        panel = self.open_panel()
        if panel is None:
            return None
        return [b for b in panel.buttons.buttons if b.visible and b.enabled]

    def table_buttons(self) -> list[Button]:
        extra = self.replay_controls.buttons.buttons if self.replay_controls else []
        return [b for b in (*extra, *self.actions.buttons, *self.bar.buttons) if b.visible]

    def focus_cards(self) -> list[int]:
        if not self.human_to_act:
            return []
        if self.multi_select:
            toks = [t for t in self.tokens_at(f"hand{HUMAN}") if t.up and t.card]
        else:
            pickable = self.pickable()
            toks = [t for t in self.board.tokens() if t.up and (t.place, t.card) in pickable]
        toks = [t for t in toks if t.id in self.sprites and self.sprites[t.id].visible]
        toks.sort(key=lambda t: (t.place, self.sprites[t.id].home[0]))
        return [t.id for t in toks]

    def focus_targets(self) -> list[str]:
        if not self.selected:
            return []
        live = self.live_targets()
        return [name for name in self.targets() if name in live]

    def card_rect(self, tid: int) -> Rect | None:
        sp = self.sprites.get(tid)
        if sp is None:
            return None
        return sp.center_x, sp.center_y, self.layout.card_w, self.layout.card_h, sp.angle

    def target_rect(self, name: str) -> Rect:
        box = self.targets()[name]
        return box.cx, box.cy, box.w, box.h, 0.0

    def _token(self, tid: int) -> Token | None:
        return next((t for t in self.board.tokens() if t.id == tid), None)

    def toggle_card(self, tid: int) -> None:
        tok = self._token(tid)
        if tok is None:
            return
        if self.multi_select:
            self.tap_card(tok)
            return
        self.selected = [] if tok in self.selected else [tok]
        self.after_select()

    def choose_card(self, tid: int) -> None:
        tok = self._token(tid)
        if tok is not None and (self.multi_select or tok not in self.selected):
            self.tap_card(tok)

    def drop_on(self, target: str) -> None:
        self.try_selection(target)

    def press_button(self, button: Button) -> None:
        self.app.sounds.play("click")
        button.on_click()

    @property
    def thinking(self) -> int | None:
        return self.session.thinking

    @property
    def dirty(self) -> bool:
        """The picture on screen is older than the state: a frame must be drawn."""
        return (self.synced != self.session.version or self.static.stale
                or self.words_due or self.moved_this_frame)

    @property
    def busy(self) -> bool:
        """Whether the next frames may differ (the window stops redrawing when not):
        something moves, the picture is dirty, or a computer is still thinking."""
        if self.dirty or self.animating or self.pointer.down or self.message_left > 0 \
                or self.banner_left > 0:
            return True
        if self.modal_open:
            return False
        if self.replay_controls is not None:
            return self.replay_controls.playing
        if self.session.is_over:
            return True                       # the result panel is about to open
        # a computer that has decided and only waits out its think delay changes nothing;
        # its move, when it comes, makes the picture dirty
        return (self.session.current_player in self.session.ai_seats
                and not self.session.waiting)

    def on_draw(self) -> None:
        with look.capture(self.window):       # contrast, grain, warmth: one pass (or none)
            self.draw_table()
            self.keyboard.draw()              # the keyboard focus and the buttons' keys

    def draw_table(self) -> None:
        # A frame that played a move already did its share of work: it draws the old
        # static picture (the cards that just started moving are still where they were
        # in it, under their moving sprites) and the next frame draws the new one.
        defer = self.moved_this_frame and self.static.renders > 0
        self.moved_this_frame = False
        if self.static.stale and not defer:
            if self.animating and self.static.renders > 0:
                self.build_static_in_two()
            else:
                self.building = False
                with self.static.render():
                    self.draw_static()
        self.static.draw()
        self.live_list.draw()
        self.draw_overlay()

    def build_static_in_two(self) -> None:
        """While cards move, the new static picture is drawn into a second layer over two
        frames (felt and chrome, then cards and words) and shown once complete, so no
        single frame pays for all of it."""
        back = self.static_back
        if not self.building:
            self.static.dirty = False            # dirt from now on means: build again
            with back.render():
                self.draw_chrome()
            self.building = True
            return
        with back.render(clear=False):
            self.draw_board()
        back.dirty = self.static.dirty
        self.static, self.static_back = back, self.static
        self.building = False

    def draw_static(self) -> None:
        """Everything that stands still: felt, bar, places, resting cards, labels."""
        self.draw_chrome()
        self.draw_board()

    def draw_chrome(self) -> None:
        """The felt, the top bar and the places' outlines."""
        L = self.layout
        draw_felt(self.window)
        arcade.draw_lrbt_rectangle_filled(0, L.w, L.h - L.bar_h, L.h, (10, 40, 25, 230))
        self.title.draw()
        self.level_label.draw()
        self.bar.draw()
        self.draw_extra()
        hinted = self.target_of(self.hinted) if self.hinted is not None else None
        glowing = {hinted} if hinted is not None else self.live_targets()
        for name, box in self.targets().items():
            draw_glow((box.cx, box.cy, box.w, box.h), name in glowing)

    def draw_board(self) -> None:
        """The resting cards, the labels, the status line and the buttons."""
        hidden = [sp for sp in self.live_list if sp.visible]
        for sp in hidden:
            sp.visible = False
        self.sprite_list.draw()
        for sp in hidden:
            sp.visible = True
        for lab in self.labels:
            lab.draw()
        if self.replay_controls is not None:   # the controls stand where the status was
            self.replay_controls.draw()
            return
        sb = self.status_box()
        h = max(sb.h, self.status.text.content_height + 10)
        arcade.draw_rect_filled(arcade.XYWH(sb.cx, sb.cy, sb.w, h), (0, 0, 0, 100))
        self.status.draw()
        self.actions.draw()

    def draw_overlay(self) -> None:
        """What is drawn over the static layer every frame: outlines, banner, panels."""
        L = self.layout
        self.draw_last_ai()
        for tok in self.selected:
            sp = self.sprites.get(tok.id)
            if sp is not None:
                arcade.draw_rect_outline(arcade.XYWH(sp.center_x, sp.center_y, L.card_w + 6,
                                                     L.card_h + 6), (255, 220, 80), 4, sp.angle)
        if self.banner.text.text:
            w = min(self.banner.text.content_width + 40, L.w - 20)
            arcade.draw_rect_filled(arcade.XYWH(self.banner.text.x, self.banner.text.y, w,
                                                self.banner.text.content_height + 14),
                                    (0, 0, 0, 140))
            self.banner.draw()
        b = self.hinted_button
        if b is not None and b.visible:
            arcade.draw_rect_outline(arcade.XYWH(b.cx, b.cy, b.w + 12, b.h + 12),
                                     (255, 220, 80), 4)
        self.pause_panel.draw(L.w, L.h)
        self.result_panel.draw(L.w, L.h)
        self.confirm.draw(L.w, L.h)

    def draw_last_ai(self) -> None:
        """One outline around the cards the last computer move put down (per place)."""
        L = self.layout
        boxes: dict[str, list[float]] = {}
        for tok in self.board.tokens():
            sp = self.sprites[tok.id]
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

    def live_targets(self) -> set[str]:
        """Targets where the selection (or the card being dragged) can go now."""
        sel = self.selection()
        if not sel:
            return set()
        legal = self.human_moves()
        return {name for name in self.targets() if self.match(sel, name, legal)}

    def on_key_press(self, key: int, modifiers: int) -> None:
        self.static.dirty = True                # the keyboard focus may move
        rc = self.replay_controls
        if rc is not None and not self.modal_open and (
                self.keyboard.focus is None or key != arcade.key.SPACE) \
                and rc.key(key, modifiers):
            return
        if not self.modal_open:
            if key == arcade.key.Z and modifiers & arcade.key.MOD_CTRL:
                self.undo()
                return
            if key == arcade.key.H:
                self.ask_hint()
                return
            if (key in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER)
                    and self.hinted is not None and self.keyboard.focus is None):
                self.play(self.hinted)          # Enter plays the hint on show
                return
        if self.keyboard.press(key, modifiers):    # Tab, arrows, Enter, Space, 1-9
            return
        if key == arcade.key.ESCAPE:
            if self.result_visible or self.confirm.visible:
                return
            if self.paused:
                self.resume()
            else:
                self.pause()

    # ----- pointer ------------------------------------------------------------------------------
    def token_at(self, x: float, y: float, places: set[str] | None = None) -> Token | None:
        """The topmost card under (x, y), among ``places`` if given."""
        L = self.layout
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

    def own_places(self) -> set[str]:
        """Places holding cards the human may pick up."""
        return {f"hand{HUMAN}"} | {p for p, _ in self.pickable()}

    def target_at(self, x: float, y: float) -> str | None:
        for name, box in self.targets().items():
            if box.contains(x, y):
                return name
        return None

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.static.dirty = True                # buttons show their pressed state
        for panel in self.shared_panels:        # a table's own pickers: press_extra
            if panel.press(x, y):
                return
        if self.replay_controls is not None and self.replay_controls.press(x, y):
            return
        if self.bar.press(x, y) or self.actions.press(x, y) or self.press_extra(x, y):
            return
        tok = self.token_at(x, y, self.own_places())
        if tok is not None and tok.up:
            sp = self.sprites[tok.id]
            self.drag_offset = (sp.center_x - x, sp.center_y - y)
            self.pointer.press(x, y, tok)
            if self.multi_select:
                self.sweep_adds = tok not in self.selected
            return
        self.pointer.press(x, y, self.target_at(x, y))

    def press_extra(self, x: float, y: float) -> bool:
        """A table's own widgets (pickers) get the press first."""
        return False

    def release_extra(self, x: float, y: float) -> bool:
        return False

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int,
                      modifiers: int) -> None:
        if self.modal_open:
            return
        g = self.pointer.move(x, y)
        if g is None or not isinstance(g.item, Token):
            return
        tok = g.item
        if self.multi_select:
            if g.kind == "drag_start":
                self._sweep(tok)
            over = self.token_at(x, y, {f"hand{HUMAN}"})
            if over is not None:
                self._sweep(over)
            return
        if g.kind == "drag_start":
            # any of your own cards can be dragged: dropped where it cannot go, it
            # slides back and the status line says why
            self.selected = [tok]
            self.go_live(tok.id)
        sp = self.sprites[tok.id]
        sp.motion = None
        sp.position = (x + self.drag_offset[0], y + self.drag_offset[1])
        self.sort_sprites()

    def _sweep(self, tok: Token) -> None:
        """A drag that began on an unchosen card chooses every card it crosses; one that
        began on a chosen card carries the choice (dropped on the table, it is played)."""
        if self.sweep_adds and tok not in self.selected:
            self.selected.append(tok)
            self.after_select()

    def after_select(self) -> None:
        self.clear_hint()
        self.arrange(0.12)
        self.refresh()

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.static.dirty = True
        for panel in self.shared_panels:
            if panel.release(x, y):
                self.pointer.cancel()
                return
        rc = self.replay_controls
        if (rc is not None and rc.release(x, y)) or self.bar.release(x, y) \
                or self.actions.release(x, y) or self.release_extra(x, y):
            self.pointer.cancel()
            return
        g = self.pointer.release(x, y)
        if g is None:
            return
        if isinstance(g.item, Token):
            tok = g.item
            if g.kind == "drop":
                target = self.target_at(x, y)
                if self.multi_select:       # the swept cards, dropped on the table: play
                    if target is not None and self.selected:
                        self.try_selection(target)
                    return
                if target is None or not self.try_selection(target):
                    self.selected = []
                    self.arrange(0.25)
                    self.refresh()
                return
            self.tap_card(tok)
            return
        target = g.item if g.kind == "tap" else None
        if target is not None and self.selected:
            self.try_selection(target)
        elif self.selected and not self.multi_select:
            self.selected = []
            self.arrange(0.15)
            self.refresh()

    def tap_card(self, tok: Token) -> None:
        if self.multi_select:
            if tok in self.selected:
                self.selected.remove(tok)
            else:
                self.selected.append(tok)
            self.after_select()
            return
        if not self.human_to_act:
            self.flash(_("Wait for your turn."))
            return
        if (tok.place, tok.card) in self.pickable():
            self.selected = [] if self.selected == [tok] else [tok]
            self.after_select()
            return
        self.flash(self.explain(tok.place, tok.card or ""))
        self.sprites[tok.id].shake()
