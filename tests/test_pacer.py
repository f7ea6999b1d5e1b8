"""The computers' pacing (game/session/pacer.py): one decision per turn, the think delay,
and the hand-over wait that lets one computer's card be read before the next moves."""
from __future__ import annotations

from typing import Any

from game.rules import Event, Move
from game.session import Pacer
from game.session.pacer import GAP, HOLD, STEP, heavy, least_wait

PASS = Move("pass", ())


class Quick:
    """A bot that decides at once."""

    def choose(self, obs: dict[str, Any], legal: list[Move]) -> Move:
        return legal[0]


def wait_for(pacer: Pacer, seat: int, key: object, dt: float = 0.01) -> float:
    """Seconds until the pacer commits ``seat``'s move for decision ``key``."""
    t = 0.0
    while pacer.update(dt, seat, key, lambda: ({}, [PASS, PASS])) is None:
        t += dt
        assert t < 10
    return t + dt


def test_the_hand_over_wait_comes_only_between_two_computers() -> None:
    plain = Pacer({1: Quick(), 2: Quick()}, (0.5, 0.5), seed=3)
    paced = Pacer({1: Quick(), 2: Quick()}, (0.5, 0.5), seed=3, hand_over=0.6)
    assert wait_for(plain, 1, 0) == wait_for(paced, 1, 0)              # the first move
    assert abs(wait_for(paced, 2, 1) - wait_for(plain, 2, 1) - 0.6) < 0.02   # 1 → 2
    assert abs(wait_for(paced, 2, 2) - wait_for(plain, 2, 2)) < 0.02         # 2 again
    paced.update(0.01, None, 3, lambda: ({}, []))                      # the human moves
    plain.update(0.01, None, 3, lambda: ({}, []))
    assert abs(wait_for(paced, 1, 4) - wait_for(plain, 1, 4)) < 0.02         # no wait


def test_one_decision_per_turn_whatever_the_step() -> None:
    for dt in (0.001, 0.05, 5.0):
        p = Pacer({1: Quick()}, (0.3, 0.6), seed=9)
        wait_for(p, 1, "a", dt)
        assert p.starts == 1


# ----- the gap rule (issue 40): another computer's action stays readable -------------------
TAKE = [Event("move", "7H", "pile", "hand2"), Event("announce", text="take", seat=1)]


def test_another_computers_move_waits_the_gap_whatever_the_think_delay() -> None:
    p = Pacer({1: Quick(), 2: Quick()}, (0.1, 0.2), seed=3, gap=GAP, hold=HOLD)
    assert wait_for(p, 1, 0) < GAP                    # the first move: its think delay
    assert wait_for(p, 2, 1) >= GAP                   # 1 → 2: the gap
    assert wait_for(p, 2, 2) < GAP                    # 2 again: its own think delay


def test_the_gap_follows_the_pace() -> None:
    half = Pacer({1: Quick(), 2: Quick()}, (0.1, 0.2), seed=3, scale=lambda: 0.5,
                 gap=GAP, hold=HOLD)
    wait_for(half, 1, 0)
    assert GAP * 0.5 <= wait_for(half, 2, 1) < GAP


def test_a_heavy_move_holds_the_next_computer_longer() -> None:
    assert heavy(TAKE) and not heavy([Event("move", "7H", "hand1", "pile")])
    p = Pacer({1: Quick(), 2: Quick()}, (0.1, 0.2), seed=3, gap=GAP, hold=HOLD)
    wait_for(p, 1, 0)
    p.landed(TAKE)
    assert wait_for(p, 2, 1) >= HOLD > GAP
    p.landed([])
    assert wait_for(p, 1, 2) < HOLD


def test_the_human_between_ends_the_gap_and_the_hold() -> None:
    assert least_wait(None, 1, True) == 0.0
    assert least_wait(1, 2, False) == GAP and least_wait(1, 1, False) == 0.0
    p = Pacer({1: Quick(), 2: Quick()}, (0.1, 0.2), seed=3, gap=GAP, hold=HOLD)
    wait_for(p, 1, 0)
    p.landed(TAKE)
    p.update(0.01, None, 1, lambda: ({}, []))          # the human acts
    assert wait_for(p, 2, 2) < GAP


def test_a_table_turns_the_gap_rule_on() -> None:
    p = Pacer({1: Quick(), 2: Quick()}, (0.1, 0.2), seed=3)
    assert (p.gap, p.hold) == (0.0, 0.0)               # a simulation: no waits
    wait_for(p, 1, 0)
    assert wait_for(p, 2, 1) < GAP
    p.watch()
    assert (p.gap, p.hold, p.step) == (GAP, HOLD, STEP)
    wait_for(p, 1, 2)
    assert wait_for(p, 2, 3) >= GAP


def test_each_play_of_a_computers_turn_stays_before_its_next() -> None:
    """Autobus: a computer's turn of several plays is followed play by play: watched,
    its next play waits STEP after the last landed (unwatched, none: simulations)."""
    assert least_wait(1, 1, False, step=STEP) == STEP
    p = Pacer({1: Quick()}, (0.05, 0.1), seed=3)
    wait_for(p, 1, 0)
    assert wait_for(p, 1, 1) < STEP
    p.watch()
    wait_for(p, 1, 2)
    assert wait_for(p, 1, 3) >= STEP
