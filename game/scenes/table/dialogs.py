"""The panels every table has: pause (with undo, the rules, surrender, the menu), the
surrender question, and the result with what comes next (the next deal, the same cards,
the review, the deal's number, the menu)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _, grouped, ngettext
from game.scenes.table.help import ENTER
from game.ui.panels import Confirm, Panel
from game.ui.widgets import DANGER, PRIMARY, Button

if TYPE_CHECKING:
    from game.scenes.table.host import Host

#: seconds after the result opens in which Enter does not press its first button
RESULT_GRACE = 1.0


class Dialogs:
    def __init__(self, view: Host) -> None:
        self.view = view
        self.result_visible = False
        self.result_words: tuple[str, list[str]] = ("", [])   # the result panel's text
        self.pause_panel = Panel(_("Paused"), [], [
            Button(_("Resume"), self.resume, PRIMARY, name="resume"),
            Button(_("Undo"), view.help.undo, name="undo"),
            Button(_("Rules"), self.open_rules, name="rules"),
            Button(_("Surrender"), self.ask_surrender, DANGER, name="surrender"),
            Button(_("Menu"), self.to_menu, name="menu")])
        self.result_panel = Panel("", [], [
            Button(_("Next game"), self.next_game, PRIMARY, name="next"),
            Button(_("Replay these cards"), self.replay_cards, name="replay"),
            Button(_("Review this deal"), self.review_deal, name="review"),
            Button(_("Copy the deal number"), self.copy_number, name="copy"),
            Button(_("Menu"), self.to_menu, name="menu")], columns=2, dim=110)
        #: every result button by name (a shared table shows fewer: ``SharedEnd.offer``)
        self.result_buttons = {b.name: b for b in self.result_panel.buttons.buttons}
        self.confirm = Confirm()
        self.result_age = 0.0              # seconds the result has been open (table clock)

    def tick(self, dt: float) -> None:
        if self.result_visible:
            self.result_age += dt

    def result_key(self, key: int, modifiers: int) -> bool:
        """The result's keys (its layer's): Enter in its first second does nothing, so
        a player who was pressing Enter to play reads the result instead of skipping it
        (a button of the result the player moved the focus to is pressed: that was
        chosen); else the keyboard focus over its buttons."""
        focus = self.view.keyboard.focus
        chosen = focus is not None and focus.key in self.result_panel.buttons.buttons
        if key in ENTER and self.result_age < RESULT_GRACE and not chosen:
            return True
        return self.view.keyboard.press(key, modifiers)

    def pause(self) -> None:
        v = self.view
        if not self.result_visible and not v.waiting_to_deal():
            self.pause_panel.visible = True
            v.session.pause()

    def resume(self) -> None:
        self.pause_panel.visible = False
        self.confirm.visible = False
        self.view.session.resume()

    def escape(self) -> None:
        """Esc pauses, and resumes (not over the result or a question)."""
        if self.result_visible or self.confirm.visible:
            return
        if self.view.session.paused:
            self.resume()
        else:
            self.pause()

    def open_rules(self) -> None:
        """The game's rules; the deal waits meanwhile.  Back (or Esc) returns to where
        they were opened from: the pause panel, or the table playing on (the bar's
        Rules: no pause panel waiting to be closed)."""
        v = self.view
        from_panel = self.pause_panel.visible
        self.pause()

        def back() -> None:
            if not from_panel:
                self.resume()
            v.back_from_rules()

        v.app.open("rules", game=v.key, back=back)

    def ask_surrender(self) -> None:
        self.pause_panel.visible = False
        self.confirm.ask(_("Surrender this deal?"),
                         [_("It counts as a loss, and you get no XP for it.")],
                         _("Surrender"), _("Keep playing"), self.surrender, self.resume,
                         DANGER)

    def surrender(self) -> None:
        v = self.view
        self.pause_panel.visible = False
        v.session.surrender()
        v.tell_save_problem()
        v.app.sounds.play("lose")
        self.show_result()

    def show_result(self) -> None:
        v = self.view
        s = v.session
        self.result_visible, self.result_age = True, 0.0
        v.selected = []
        s.record()
        v.tell_save_problem()
        ended = v.ending.result()          # a shared table its host closed
        if s.surrendered:
            title, lines = _("You surrendered"), [_("The deal counts as a loss, without XP.")]
        elif ended is not None:
            title, lines = ended
        else:
            title, lines = v.result_text(v.obs)
            if s.practice:
                lines = [*lines, _("A practice deal: it is not in your statistics and "
                                   "earns no XP.")]
            elif s.human not in s.ai_seats:
                lines = [*lines, *self.assist_lines(),
                         ngettext("You gain {n} XP.", "You gain {n} XP.",
                                  s.xp_gained or 0).format(n=s.xp_gained or 0)]
        self.result_buttons["review"].visible = not s.surrendered \
            and s.human not in s.ai_seats and s.moves_played > 0
        self.result_words = (title, lines)
        self.result_buttons["copy"].label.set(_("Copy the deal number"))
        v.ending.offer(self.result_panel, self.result_buttons)
        self.result_panel.set(title, [*lines, v.deal_text()] if ended is None else lines)
        self.result_panel.visible = True
        v.place_widgets()
        v.refresh()

    def assist_lines(self) -> list[str]:
        """"Won with 2 hints and 1 undo": an assisted deal says so (half the XP)."""
        got = self.view.session.assists
        parts = [ngettext("{n} hint", "{n} hints", got["hints"]).format(n=got["hints"]),
                 ngettext("{n} undo", "{n} undos", got["undos"]).format(n=got["undos"])]
        parts = [p for p, n in zip(parts, (got["hints"], got["undos"]), strict=True) if n]
        if not parts:
            return []
        help_ = parts[0] if len(parts) == 1 else _("{first} and {second}").format(
            first=parts[0], second=parts[1])
        said = {"win": _("Won with {help}."), "loss": _("Lost with {help}.")}.get(
            self.view.session.outcome(), _("Drawn with {help}."))
        return [said.format(help=help_) + " " + _("Assisted deals earn half the XP.")]

    # ----- the result's buttons --------------------------------------------------------
    def replay_cards(self) -> None:
        """The same cards again, as a new deal (its own result in the history)."""
        v = self.view
        v.app.open("table", game=v.key, session=v.session.same_cards())

    def review_deal(self) -> None:
        """The review of the deal just finished (the computer's verdict on each of your
        decisions); Back comes back to this result."""
        v = self.view
        j = v.session.journal
        v.app.open("review", journal=j.to_dict(), deal_id=j.deal_id, seat=v.human, back=v)

    def copy_number(self) -> None:
        """The deal's number to the clipboard (to play the same cards again, or share)."""
        from game.ui.clipboard import copy_text

        v = self.view
        number = v.session.number
        if copy_text(v.window, str(number)):
            said = _("Deal number {number} copied.").format(number=grouped(number))
            self.result_buttons["copy"].label.set(_("Copied ✓"))
        else:
            said = (_("The clipboard cannot be used here: the number is {number}.")
                    .format(number=number))
        v.hud.flash(said)
        # said on the panel itself (its last line), where the eye is: the status line
        # lies under the panel
        title, lines = self.result_words
        if self.result_panel.visible:
            self.result_panel.set(title, [*lines, said])

    def next_game(self) -> None:
        v = self.view
        v.app.open("table", game=v.key, session=v.session.next_deal())

    def to_menu(self) -> None:
        """Back to the menu (from a shared table: leaving it, asked first while the deal
        goes on)."""
        app = self.view.app
        self.view.ending.leave(lambda: app.open("menu"))
