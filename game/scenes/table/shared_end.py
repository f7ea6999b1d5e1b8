"""How a shared table ends: what its result panel offers, the closed table's
notice, and leaving.

- The result at a shared table offers *Back to the menu* and, to the host, *Host again*
  (a new table with the same seats and level, through the friends view's host path),
  never a deal against the computer (*Next game*, *Replay these cards*).
- A table its host closed says so on the result panel, with only the way back.
- The pause panel has no *Surrender* (the menu's *Leave* does it, asked in the
  friends' words) and no *Undo* (a shared deal is never taken back).
- Leaving (the menu, or closing the window) while the deal goes on asks first ("Leave the
  table? It closes for your friends."); the leaving seat sends ``leave`` (the host's
  closes the table for everyone, a friend's seat goes to the computer at once) and the
  host's window stops the server it started (``session.keep``) once the friends are told.

The session says whether the table is shared (``Session.shared``); against the computer
this component changes nothing.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import _
from game.net.protocol import COMPUTER, FRIEND
from game.ui.widgets import DANGER, PRIMARY, Button, ButtonGroup

if TYPE_CHECKING:
    from game.scenes.table.host import Host
    from game.session import SharedSession
    from game.ui.panels import Panel

#: seconds the window waits, when it closes, for its server to tell the friends
CLOSING_WAIT = 5.0
#: seconds "Host again" waits for the old table's server to let go of its port
AGAIN_WAIT = 5.0


class SharedEnd:
    def __init__(self, view: Host) -> None:
        self.view = view
        self.session: SharedSession | None = view.session.shared
        self.gone = False                     # this window has left the table
        self.again = Button(_("Host again"), self.host_again, PRIMARY, name="again")
        if self.session is not None:
            # no Surrender at a shared table: its question says nothing of the friends,
            # and the menu's Leave (asked in their words) does what it would; no Undo
            # either (never offered there): the buttons close up, no gap where it was
            pause = view.dialogs.pause_panel
            pause.buttons = ButtonGroup(*(b for b in pause.buttons.buttons
                                          if b.name not in ("surrender", "undo")))

    @property
    def going_on(self) -> bool:
        """The friends are still playing the deal: leaving would end it (the host) or
        hand the seat to the computer (a friend)."""
        s = self.session
        return (s is not None and not self.gone and s.finished is None and s.closed is None
                and not s.surrendered)

    # ----- the result panel ------------------------------------------------------------
    def result(self) -> tuple[str, list[str]] | None:
        """The result panel's words when the table was closed before the end (None: the
        deal's own result)."""
        s = self.session
        if s is None or s.closed is None or s.finished is not None:
            return None
        if s.closed_reason == "gone":
            return (_("The table cannot be reached"),
                    [_("The table cannot be reached any more.")])
        said = {"host_left": _("The host has left; the table is closed."),
                "expired": _("No friend came in time; the table is closed.")}.get(
            s.closed_reason, _("The table is closed."))
        return _("The table is closed"), [said]

    def status(self) -> str | None:
        """The status line's words once the table was closed before the end (None: the
        game's own), so the line no longer says whose turn it was."""
        ended = self.result()
        return ended[0] if ended is not None else None

    def offer(self, panel: Panel, buttons: dict[str, Button]) -> None:
        """The result's buttons at a shared table: no deal against the computer; the way
        back to the menu; to the host, a new table with the same seats; the review and
        the deal's number once the deal was played to its end."""
        s = self.session
        if s is None:
            return
        played = s.finished is not None
        names = ["again"] if s.is_host else []
        if played:
            names += ["review", "copy"]
        names.append("menu")
        every = {**buttons, "again": self.again}
        buttons["menu"].label.set(_("Back to the menu"))
        panel.buttons = ButtonGroup(*(every[n] for n in names
                                      if n != "review" or buttons[n].visible))

    def host_again(self) -> None:
        """A new table with the same seats and level: the friends view hosts it at once
        (the friends join it with its new code)."""
        s, v = self.session, self.view
        if s is None:
            return
        kinds = [FRIEND if seat.get("kind") != COMPUTER else
                 str(seat.get("level") or v.session.level) for seat in s.seats[1:]]
        self.depart(wait=AGAIN_WAIT)          # the old server lets go of its port first
        v.app.open("friends", game=v.key, players=s.players, kinds=kinds, host_now=True)

    # ----- leaving ---------------------------------------------------------------------
    def leave(self, then: Callable[[], object]) -> None:
        """Leave the table, then ``then`` (the menu): asked first while the deal goes on
        (nothing is thrown away without asking)."""
        if self.session is None:
            then()
        elif not self.going_on:
            self.depart()
            then()
        else:
            def go() -> None:
                self.depart()
                then()
            self.ask(go)

    def may_close(self) -> bool:
        """The window is closing: True when it may close now (after leaving the table);
        while the deal goes on it asks first, and closes the window itself on yes."""
        if self.session is None:
            return True
        if not self.going_on:
            self.depart(wait=CLOSING_WAIT)
            return True

        def close() -> None:
            self.depart(wait=CLOSING_WAIT)    # the friends are told before the program ends
            self.view.window.close()
        self.ask(close)
        return False

    def ask(self, yes: Callable[[], object]) -> None:
        s, d = self.session, self.view.dialogs
        assert s is not None
        d.pause_panel.visible = False
        d.confirm.ask(_("Leave the table?"),
                      [_("It closes for your friends.") if s.is_host
                       else _("The computer takes your seat.")],
                      _("Leave"), _("Stay"), yes, d.resume, DANGER)

    def depart(self, wait: float = 0.0) -> None:
        """Send ``leave`` (the host's closes the table for everyone) and stop the server
        this window started, once the table is closed (``wait``: return only then, at
        most that long)."""
        s = self.session
        if s is None or self.gone:
            return
        self.gone = True
        s.leave()
        if s.keep is not None:
            s.keep.stop_after(s.code, wait=wait)
