"""What the friends page keeps between runs (``game.store.friends``): the join form's name,
address and code, and each seat held at a friend's table (for *Rejoin table …*).  A
damaged file reads as empty and never stops a note; an entry that does not check out is
skipped.  Everything in the test's own data folder."""
from __future__ import annotations

import json

from game.store import friends
from game.store.files import home

TOKEN = "0123456789abcdef" * 2


def seat(code: str, game: str = "durak", seat: int = 1) -> friends.JoinedSeat:
    return friends.JoinedSeat(code, TOKEN, "ws://192.168.1.20:8765", game, seat)


def test_the_form_is_remembered_and_a_wrong_value_reads_as_empty() -> None:
    assert friends.form() == friends.Form()                     # nothing kept yet
    kept = friends.Form("Jana Nováková", "192.168.1.20:8765", "K7QM2P")
    assert friends.keep_form(kept)
    assert friends.form() == kept
    path = home() / friends.FORM_NAME
    path.write_text('{"name": "' + "x" * 40 + '", "address": 5, "code": "K7QM2"}')
    assert friends.form() == friends.Form()                     # each value checked
    path.write_text("{not json")
    assert friends.form() == friends.Form()                     # damaged: empty


def test_seats_are_noted_found_by_game_and_forgotten() -> None:
    assert friends.joined() == [] and friends.joined_seat("durak") is None
    assert friends.note_joined(seat("K7QM2P"))
    assert friends.note_joined(seat("ABCDEF", game="autobus", seat=2))
    assert friends.note_joined(seat("HJKLMN"))
    assert friends.joined_seat("durak") == seat("HJKLMN")       # the newest of that game
    assert friends.joined_seat("autobus") == seat("ABCDEF", game="autobus", seat=2)
    assert friends.note_joined(seat("K7QM2P"))                  # noted again: newest
    assert friends.joined_seat("durak") == seat("K7QM2P")
    assert friends.forget_joined("K7QM2P")
    assert friends.joined_seat("durak") == seat("HJKLMN")
    assert friends.forget_joined("ZZZZZZ")                      # none to forget: fine
    assert [s.code for s in friends.joined()] == ["ABCDEF", "HJKLMN"]


def test_a_damaged_or_odd_file_of_seats_is_tolerated() -> None:
    path = home() / friends.JOINED_NAME
    path.write_bytes(b"\xff\xfe garbage")
    assert friends.joined() == []                               # damaged: nothing held
    assert friends.note_joined(seat("K7QM2P"))                  # and a note writes anew
    assert friends.joined() == [seat("K7QM2P")]
    good = {"code": "ABCDEF", "token": TOKEN, "address": "ws://h:1", "game": "durak",
            "seat": 1}
    odd = [good, {**good, "code": "abc"}, {**good, "token": "x"}, {**good, "seat": 0},
           {**good, "seat": True}, {**good, "address": "http://h:1"}, "seat", None]
    path.write_text(json.dumps({"seats": odd}))
    assert [s.code for s in friends.joined()] == ["ABCDEF"]     # only the one that checks


def test_at_most_so_many_seats_are_kept() -> None:
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    for i in range(friends.KEPT + 3):
        assert friends.note_joined(seat(alphabet[i] * 6))
    held = friends.joined()
    assert len(held) == friends.KEPT and held[-1].code == alphabet[friends.KEPT + 2] * 6
