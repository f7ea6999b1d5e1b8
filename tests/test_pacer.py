"""The computers' pacing (game/session/pacer.py): one decision per turn, the think delay,
and the hand-over wait that lets one computer's card be read before the next moves."""
from __future__ import annotations

from typing import Any

from game.rules import Move
from game.session import Pacer

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
