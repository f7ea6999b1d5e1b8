"""The hooks a game's table fills in, with their defaults.

A game's table (``game/games/<key>/table.py``) subclasses ``TableView`` and overrides
hooks from this class only: where its places are (``make_layout``, ``places``,
``slot``), how gestures become moves (``picks``, ``target_of``, ``targets``, optionally
``match``, ``pickable``, ``own_places``, ``target_at``, ``tap_card``, ``choose_among``),
its buttons (``make_actions``, ``refresh_buttons``), its words (``status_text``,
``announce``, ``result_text``, ``explain``, ``move_words``), its labels and drawings
(``setup``, ``update_labels``, ``draw_extra``, ``draw_over``), and its share of the
choreography (``deal_animation``, ``animate``, ``after_move``, ``after_undo``,
``tick``, ``settling``); ``status_box``, ``place_widgets`` and ``refresh`` may be
extended (calling ``super()``).  It never overrides an input or update handler
(``on_mouse_*``, ``on_key_*``, ``on_update``, ``on_draw``: ``tests/test_table_shape``):
the view routes input in one order and runs the frame.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.i18n import _, card_text, refusal_text
from game.i18n.words import game_words
from game.rules import Event, Move
from game.scenes.table.host import Slot
from game.ui.layout import Box, TableLayout
from game.ui.placement import Places, Token
from game.ui.widgets import PRIMARY, Button, ButtonGroup, ButtonStyle, Label

if TYPE_CHECKING:
    from game.games import GameSpec
    from game.scenes.table.cards import Cards
    from game.scenes.table.choreography import Choreography
    from game.scenes.table.dialogs import Dialogs
    from game.scenes.table.hud import Hud
    from game.scenes.table.input import TableInput
    from game.scenes.table.shared import SharedTable
    from game.session import Session
    from game.ui.window import Window


@dataclass
class Action:
    """A button right of the hand: shown while ``moves(legal)`` finds a legal move."""

    name: str
    label: Callable[[], str]
    moves: Callable[[list[Move]], list[Move]]
    style: ButtonStyle = PRIMARY


class TableHooks:
    key: ClassVar[str] = ""
    #: several cards are chosen, then played with a button (Pao De Kuai)
    multi_select: ClassVar[bool] = False
    #: the sound of each announcement (by ``Event.text``) besides the deal's end
    event_sounds: ClassVar[dict[str, str]] = {}

    # what the hooks may use (the view sets them)
    app: Window
    session: Session
    info: GameSpec
    style: str
    selected: list[Token]
    action_specs: list[Action]
    actions: ButtonGroup
    cards: Cards
    choreography: Choreography
    hud: Hud
    dialogs: Dialogs
    input: TableInput
    shared: SharedTable
    seat_labels: dict[int, Label]      # each seat's name on the table (``setup``)

    # ----- the seat the table is drawn from -------------------------------------------
    @property
    def human(self) -> int:
        """The seat this table belongs to (0 against the computer; a friend who joined a
        shared table sits elsewhere): its hand lies at the bottom."""
        return self.session.human

    def pos(self, seat: int) -> int:
        """Where ``seat`` sits as seen from the human: 0 at the bottom, then the other
        seats in turn order (a layout places seats by this, not by their number)."""
        return (seat - self.human) % self.session.players

    def seat_at(self, pos: int) -> int:
        """The seat at place ``pos`` round the table (``pos``'s inverse)."""
        return (self.human + pos) % self.session.players

    def others(self) -> list[int]:
        """The other seats, in the order they sit after the human."""
        return [self.seat_at(k) for k in range(1, self.session.players)]

    def who(self, seat: int) -> str:
        """"You"; against the computer "Computer 2" (numbered round the table from the
        human's seat); at a shared table a friend's name, else the seat's own number
        ("Friend 2", "Computer 3": the same on every friend's screen)."""
        if seat == self.human:
            return self.info.seat_name(0)
        return self.shared.label(seat) or self.info.seat_name(self.pos(seat))

    def thinking_text(self, seat: int) -> str:
        """The status while ``seat`` is to move and the player is not asked: "Computer 2
        is thinking…"; the player's own seat played by the computer (a watched deal, a
        benchmark): "The computer is playing for you…"."""
        if seat == self.human:
            return _("The computer is playing for you…")
        return _("{who} is thinking…").format(who=self.who(seat))

    # ----- set-up and places ----------------------------------------------------------
    def setup(self) -> None:
        """Make the game's own labels (append them to ``self.labels``), buttons and
        pickers (``self.input.add_picker(panel)``)."""

    def make_layout(self, width: float, height: float) -> TableLayout:
        return TableLayout(width, height, self.app.settings.card_scale)

    def places(self, obs: dict[str, Any]) -> Places:
        """Every place on the table with its cards in stacking order (None: face down).
        Place names are the engine's event names (``hand0``, ``table`` …)."""
        raise NotImplementedError

    def slot(self, place: str, i: int, n: int) -> Slot | None:
        """Where the i-th of n cards of ``place`` lies."""
        raise NotImplementedError

    def waiting_to_deal(self) -> bool:
        """The table asks a question before the deal (Autobus: how many players): no
        move, no pause, and the deal is kept only once it starts (``start_deal``)."""
        return False

    # ----- gestures -------------------------------------------------------------------
    def picks(self, move: Move) -> list[tuple[str, str]]:
        """The human's cards that ``move`` plays, as (place, card)."""
        return [(f"hand{self.human}", a) for a in move.args[:1]]

    def target_of(self, move: Move) -> str | None:
        """The drop target a move puts its cards on (a key of ``targets()``)."""
        return None

    def targets(self) -> dict[str, Box]:
        return {}

    def target_at(self, x: float, y: float) -> str | None:
        for name, box in self.targets().items():
            if box.contains(x, y):
                return name
        return None

    def match(self, selection: list[tuple[str, str]], target: str | None,
              legal: list[Move]) -> list[Move]:
        """The legal moves a gesture means: the selected cards onto ``target``."""
        want = sorted(selection)
        return [m for m in legal if sorted(self.picks(m)) == want
                and self.target_of(m) == target]

    def pickable(self) -> set[tuple[str, str]]:
        return {p for m in self.human_moves() for p in self.picks(m)}

    def own_places(self) -> set[str]:
        """Places holding cards the human may pick up."""
        return {f"hand{self.human}"} | {p for p, _ in self.pickable()}

    def tap_card(self, tok: Token) -> None:
        self.input.tap_card(tok)

    def after_select(self) -> None:
        self.input.after_select()

    def choose_among(self, moves: list[Move], then: Callable[[Move], object]) -> None:
        """Several legal moves fit one gesture: by default the first; a table may ask."""
        then(moves[0])

    def hint_form(self, move: Move) -> Move:
        """The hint as the table shows it: a legal move the table finds plainly as good
        and clearer (Autobus: a card onto the pile of its rank, not an empty space)."""
        return move

    def before_press(self, x: float, y: float) -> None:
        """A press anywhere, before it is routed: a table's choice in progress may end."""

    def cancel_choice(self) -> bool:
        """Esc: a table's choice in progress ends (True), before Esc pauses."""
        return False

    # ----- buttons --------------------------------------------------------------------
    def make_actions(self) -> list[Action]:
        return []

    def refresh_buttons(self, legal: list[Move]) -> None:
        """A table's own buttons (enabled states beyond "is a move legal")."""

    def button_for(self, move: Move) -> Button | None:
        """The button that makes ``move`` (Take, Pass …), if a button does."""
        legal = self.human_moves()
        return next((b for spec, b in zip(self.action_specs, self.actions.buttons,
                                          strict=False) if move in spec.moves(legal)), None)

    # ----- words ----------------------------------------------------------------------
    def status_text(self, obs: dict[str, Any], legal: list[Move]) -> str:
        """What is expected now, while the deal goes on: the player's options in the
        game's words (``prompt``), else who is to play."""
        if not self.human_to_act:
            turn = obs["current_player"]
            return self.thinking_text(turn) if turn is not None else ""
        return self.prompt(obs, legal)

    def prompt(self, obs: dict[str, Any], legal: list[Move],
               chosen: list[Move] | None = None) -> str:
        """The player's options now, built by the game's words from the legal moves
        alone (``GameWords.prompt``: checked against the engine without a window)."""
        words = game_words(self.key)
        if words is None or words.prompt is None:
            return ""
        return words.prompt(obs, legal, self.card_text, self.who, chosen or []).text

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

    def explain_drop(self, sel: list[tuple[str, str]], target: str | None) -> str:
        return self.explain(*sel[0])

    def why_not(self, move: Move | str) -> str | None:
        """The engine's refusal of ``move`` in the player's words, or None if it is legal."""
        exc = self.session.check(move)
        return refusal_text(exc, self.style) if exc is not None else None

    def card_text(self, card: str) -> str:
        """A card as its face shows it (Czech cards by name, in the player's language)."""
        return card_text(card, self.style)

    def move_words(self, move: Move) -> str:
        """A move in plain words, cards as on their faces (a table says it better)."""
        cards = [self.card_text(c) for c in move.args if len(c) == 2 or c == "X"]
        return ", ".join(cards) if cards else str(move.kind)

    # ----- labels and drawing ---------------------------------------------------------
    def update_labels(self, obs: dict[str, Any]) -> None:
        """Set and place the game's own labels."""

    def draw_extra(self) -> None:
        """Draw what lies under the cards (drop zones, pile outlines)."""

    def seat_label(self, seat: int) -> Label | None:
        """The label that names another seat on the table (a shared table writes a
        friend's marks beside it: thinking, away): by default the table's
        ``seat_labels`` (made in ``setup``); None where the table has none."""
        return self.seat_labels.get(seat) if seat != self.human else None

    def draw_over(self) -> None:
        """Draw what changes every frame, over the cards and under the panels."""

    # ----- choreography ---------------------------------------------------------------
    def deal_animation(self) -> None:
        self.choreography.deal()

    def animate(self, seat: int | None, events: list[Event]) -> None:
        self.choreography.animate(seat, events)

    def after_move(self, seat: int | None, move: Move, events: list[Event]) -> None:
        """A table's own bookkeeping after a move (before the animation)."""

    def after_undo(self) -> None:
        """A table's own bookkeeping when the deal went back (before the relayout)."""

    def tick(self, dt: float) -> None:
        """A table's own time, first in every frame (a second half of a move to start,
        rings to fade)."""

    def settling(self) -> bool:
        """The table still has frames to show by itself (the window keeps drawing)."""
        return False

    # ----- what the hooks read --------------------------------------------------------
    def human_moves(self) -> list[Move]:
        raise NotImplementedError

    @property
    def human_to_act(self) -> bool:
        raise NotImplementedError
