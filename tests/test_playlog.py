"""The log of what happened, without a window (game/session/playlog.py): lines from the
observation before each move and its events, told as deeds (another seat's after its name,
the player's own in the second person), each seat's last play, the cards a take carries, a
seat out, a round's end, and the same log rebuilt from the journal."""
from __future__ import annotations

from typing import Any

from game.rules import GAMES, Event, Move
from game.session.journal import Journal
from game.session.playlog import PlayLog, taken


def name(seat: int) -> str:
    return "You" if seat == 0 else f"Computer {seat}"


def play_out(key: str, seed: int, moves: int, **options: Any) -> tuple[PlayLog, Journal]:
    """The first ``moves`` moves of a deal (the first legal move each time), logged."""
    game = GAMES[key].new(seed=seed, **options)
    journal = Journal.start(game, level="normal", human=0)
    log = PlayLog(key, 0, name)
    for _ in range(moves):
        if game.is_over:
            break
        seat = game.current_player
        before = game.observation(0)
        move = game.legal_moves()[0]
        events = game.play(move)
        journal.moves.append(str(move))
        log.record(seat, move, before, events)
    return log, journal


def test_each_move_is_a_line_with_the_seats_name() -> None:
    log, journal = play_out("paodekuai", 3, 12)
    assert len(log.lines) >= len(journal.moves)
    mine = [line.text for line in log.lines if line.seat == 0]
    theirs = [line for line in log.lines if line.seat not in (0, None)]
    assert mine and theirs
    assert all(text == "You pass" or text.startswith("Your play: ") for text in mine)
    assert all(line.text.startswith(f"Computer {line.seat}: ") for line in theirs)
    said = [line.text.split(": ", 1)[1] for line in theirs]
    assert any(words != "passes" for words in said)
    assert not any(words.startswith(("play ", "pass ")) or words == "pass"   # no orders
                   for words in said)                                     # plays by shapes


def test_a_rebuilt_log_is_the_log_played() -> None:
    for key, options in (("durak", {}), ("paodekuai", {}), ("dudak", {}),
                         ("autobus", {"players": 3})):
        log, journal = play_out(key, 5, 30, **options)
        again = PlayLog(key, 0, name)
        again.rebuild(journal, len(journal.moves))
        assert again.lines == log.lines and again.last == log.last, key
        again.rebuild(journal, 4)               # (Autobus: a whole turn on one line)
        assert sum(line.text.count(" · ") + 1 for line in again.lines
                   if line.seat is not None) >= 4


def test_a_take_counts_the_cards_carried_from_the_table() -> None:
    events = [Event("move", c, "pile", "hand2") for c in ("7H", "8H", "9H")]
    events.append(Event("move", "KS", "collected2", "hand2"))
    assert taken(2, events) == 3 and taken(1, events) == 0
    log = PlayLog("dudak", 0, name)
    log.record(2, Move("take", ()), {"pile": ["7H", "8H", "9H"]}, events)
    assert log.lines[-1].text == "Computer 2: takes the pile (3 cards)"
    assert log.last[2] == "takes the pile (3 cards)"


def test_out_and_a_round_end() -> None:
    log = PlayLog("dudak", 0, name)
    log.record(1, Move("take", ()), {}, [Event("announce", text="out", seat=3)])
    assert log.lines[-1].text == "Computer 3 is out of cards" and log.last[3] == "out"
    pdk = PlayLog("paodekuai", 0, name)
    pdk.record(1, Move("play", ("7S",)), {}, [])
    pdk.record(2, Move("pass", ()), {}, [])
    assert pdk.last == {1: "7♠", 2: "passes"}
    pdk.record(0, Move("pass", ()), {}, [Event("announce", text="round_over", seat=1)])
    assert pdk.last == {}                      # the round is won: the plays leave


def test_one_turn_of_several_moves_stays_together() -> None:
    log = PlayLog("dudak", 0, name)
    log.record(2, Move("beat", ("OL",)), {"pile": ["8L"]}, [])
    log.record(2, Move("follow", ("7L",)), {"pile": ["8L", "OL"]}, [])
    assert log.last[2] == "beats the 8 of leaves with the Ober of leaves · puts the 7 of leaves " \
        "on the pile"
    log.record(3, Move("lead", ("9B",)), {}, [])
    log.record(2, Move("lead", ("7B",)), {}, [])
    assert "·" not in log.last[2]
