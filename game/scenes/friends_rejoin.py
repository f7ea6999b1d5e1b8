"""A seat at a shared table as the friends page sees it (``friends_view.py``): the seat
list's words, noting a friend's seat once taken (so that a restart offers *Rejoin table
…*, ``game.store.friends``), the words for a refusal (a seat the table no longer holds
is forgotten), and what the session needs before its table opens.  Pure: no arcade, no
network of its own.
"""
from __future__ import annotations

from game.i18n import _
from game.net.remote import RemoteSession
from game.scenes.friends_resume import LeftTable, told_by_file
from game.store import friends


def seat_lines(s: RemoteSession) -> list[str]:
    """A line for each other seat: the computer, a friend (by name where one was given)
    come, or a seat still waiting; seats numbered from 1, the host's first (the same
    number a friend without a name is called by at the table)."""
    out = []
    for i, seat in enumerate(s.seats):
        if i == s.human:
            continue
        if seat.get("kind") == "computer":
            out.append(_("Seat {n}: the computer").format(n=i + 1))
        elif seat.get("taken") and s.seat_name(i):
            out.append(_("Seat {n}: {name} is here").format(n=i + 1, name=s.seat_name(i)))
        elif seat.get("taken"):
            out.append(_("Seat {n}: a friend is here").format(n=i + 1))
        else:
            out.append(_("Seat {n}: waiting for a friend…").format(n=i + 1))
    return out


def refusal(code: str, rejoining: friends.JoinedSeat | None) -> str:
    """The server's refusal to seat us, in words.  Taking a seat back (``rejoining``)
    that the table no longer holds (``no_table``: closed, or over and gone; ``bad_token``:
    the seat is not this token's) forgets that seat."""
    if rejoining is not None and code in ("no_table", "bad_token"):
        friends.forget_joined(rejoining.code)
        return (_("Table {code} is no longer open.") if code == "no_table" else
                _("Your seat at table {code} is no longer yours to take back.")
                ).format(code=rejoining.code)
    return {"no_table": _("No open table has that code."),
            "table_full": _("Every friend's seat at that table is taken."),
            "guesses": _("Too many codes from this computer matched no table. Wait a "
                         "minute, then try again."),
            "limit": _("Too many tables from this computer are waiting for friends. Start "
                       "or close one of them first."),
            "server_full": _("That server has as many tables as it can hold. Try again "
                             "later."),
            "unavailable": _("That server cannot save right now. Try again in a moment."),
            }.get(code, _("The table would not seat you."))


def note_seat(s: RemoteSession, url: str | None) -> None:
    """A friend's seat just taken (or taken back) at ``url``: noted in the data folder."""
    if url is not None and s.code is not None and s.token is not None and s.key is not None:
        friends.note_joined(friends.JoinedSeat(s.code, s.token, url, s.key, s.human))


def hand_over(s: RemoteSession, resumed: LeftTable | None) -> None:
    """Before the table opens on ``s``: the moves so far for its log where the server
    told only the position (a host resuming reads its own table's file), and a friend's
    seat forgotten once its part is over (the deal ended, the table closed, or left)."""
    if s.is_host and s.moves_played and not s.seen and resumed is not None:
        s.seen = told_by_file(resumed, s.human, s.moves_played)
    if s.is_host or s.code is None:
        return
    code = s.code

    def forget(_why: str) -> None:
        friends.forget_joined(code)
    s.on_end = forget
    if s.finished is not None:           # (over before the table opened)
        forget("over")
