"""Help for the human: the hint (the hard level's move, thought out a slice per frame, the
way the player would make it) and undo (back to the previous decision)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from game.i18n import _
from game.rules import Move
from game.ui.placement import Token
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.table.host import Host

HINT_SLICE = 0.006        # seconds of a hint's search per frame
ENTER = (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER)


class Help:
    def __init__(self, view: Host) -> None:
        self.view = view
        self.undo_button = Button(_("Undo"), self.undo, name="undo")
        self.hint_button = Button(_("Hint"), self.ask_hint, name="hint")
        self.hint_button.alt_texts = (_("Thinking…"),)     # its box fits both words
        self.hinted: Move | None = None           # the hint on show
        self.hinted_button: Button | None = None  # its button, for a move made by one
        #: Enter was pressed while the hint was still thinking: play it once it comes
        self.play_when_ready = False

    @property
    def allowed(self) -> bool:
        v = self.view
        return v.app.settings.allow_assist and v.human not in v.session.ai_seats

    def refresh(self, legal: list[Move]) -> None:
        """The buttons show while they can help (hidden while not allowed)."""
        v = self.view
        self.hint_button.visible = self.allowed and bool(legal)
        self.hint_button.label.set(_("Thinking…") if v.session.hinting else _("Hint"))
        can_undo = self.allowed and v.session.can_undo
        self.undo_button.visible = can_undo
        for b in v.dialogs.pause_panel.buttons.buttons:   # (none at a shared table)
            if b.name == "undo":
                b.visible = can_undo

    def undo(self) -> None:
        """Back to your previous decision (the button, Ctrl+Z, the pause menu)."""
        v = self.view
        if not v.app.settings.allow_assist or not v.session.can_undo:
            return
        v.dialogs.pause_panel.visible = False
        v.session.resume()
        v.session.undo()
        v.hud.flash(_("Taken back to your previous move."))

    def ask_hint(self) -> None:
        """Ask the hard level what it would play; a second press, the next best (the
        session keeps which were shown)."""
        v = self.view
        if not v.app.settings.allow_assist or not v.human_to_act or v.session.hinting:
            return
        if v.session.start_hint():
            v.refresh()

    def update(self) -> None:
        """The hint thinks in slices: the frame stays smooth."""
        v = self.view
        if v.session.hinting:
            move = v.session.hint_step(HINT_SLICE)
            if move is not None:
                play = self.play_when_ready
                self.show_hint(move)             # its flash refreshes the buttons
                if play and move in v.human_moves():
                    v.play(move)                 # the Enter pressed while it thought
            elif not v.session.hinting:          # the decision passed: "Hint" again
                self.play_when_ready = False
                v.refresh_actions()

    def show_hint(self, move: Move) -> None:
        """The hint, the way the player would make it: its cards lift and its target
        glows (or its button does), with one line in plain words."""
        v = self.view
        self.clear_hint()
        move = v.hint_form(move)
        self.hinted = move
        picks = v.picks(move)
        chosen: list[Token] = []           # one card for each pick (Autobus has two decks)
        for place, card in picks:
            tok = next((t for t in v.cards.tokens_at(place)
                        if t.up and t.card == card and t not in chosen), None)
            if tok is not None:
                chosen.append(tok)
        if picks and len(chosen) == len(picks):
            v.selected = chosen
        else:                              # a button's move: no card of an older hint
            v.selected = []                # stays lifted
            self.hinted_button = v.button_for(move)
        v.hud.message, v.hud.message_left = "", 0.0    # an older flash gives way
        v.refresh()                        # the status line names it (``line``) ...
        v.cards.arrange(0.15)              # ... and its card lifts short of the line

    def line(self) -> str:
        """The status line while a hint is on show: it names the hint for as long as its
        cards stay lifted (not for a flash's few seconds)."""
        v = self.view
        if self.hinted is None:
            return ""
        return _("Hint: {what}").format(what=v.move_words(self.hinted))

    def clear_hint(self) -> None:
        self.hinted, self.hinted_button = None, None
        self.play_when_ready = False

    def hinted_target(self) -> str | None:
        return self.view.target_of(self.hinted) if self.hinted is not None else None

    def key(self, key: int, modifiers: int) -> bool:
        """Ctrl+Z undoes, H asks a hint (not another while one thinks), Enter plays the
        hint on show (wherever the keyboard focus is: the hint is what the player asked
        for), or the hint still thinking once it comes; True when the key was used."""
        if key == arcade.key.Z and modifiers & arcade.key.MOD_CTRL:
            self.undo()
        elif key == arcade.key.H:
            self.ask_hint()
        elif key in ENTER and self.hinted is not None:
            self.view.play(self.hinted)
        elif key in ENTER and self.view.session.hinting and self.view.human_to_act:
            self.play_when_ready = True
        else:
            return False
        return True

    def draw(self) -> None:
        b = self.hinted_button
        if b is not None and b.visible:
            arcade.draw_rect_outline(arcade.XYWH(b.cx, b.cy, b.w + 12, b.h + 12),
                                     (255, 220, 80), 4)
