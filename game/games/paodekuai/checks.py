"""What the conformance suite and the soak (tests/) need of this game: how many deals
each check plays, the moves to ask ``check()`` about, and its score invariants."""
from __future__ import annotations

from typing import Any

from game.games.contract import Checks
from game.rules.base import Game


def _seat_obs(g: Game) -> dict[str, Any]:
    seat = g.current_player if g.current_player is not None else 0
    return g.observation(seat)


def _deck(g: Game) -> list[str]:
    return sorted(set(g.full_deck(**g.options())))


def candidates(g: Game) -> list[str]:
    """Every card alone, pass, the whole hand and every run of 2 to 6 of its cards."""
    hand = list(_seat_obs(g)["hand"])
    out = [f"play {c}" for c in _deck(g)] + ["pass", "play " + " ".join(hand)]
    for n in (2, 3, 4, 5, 6):
        out += ["play " + " ".join(hand[i:i + n]) for i in range(len(hand) - n + 1)]
    return out


def invariants(g: Game, before: dict[str, Any] | None) -> None:
    """Points only change hands; mid-deal only a bomb's bonus moves them."""
    result, state = g.result(), g.to_dict()
    assert sum(state["scores"]) == 0
    if result is not None:
        assert result == [float(s) for s in state["scores"]]
        assert not state["hands"][state["winner"]]
    if before is not None and result is None:
        change = sorted(a - b for a, b in zip(state["scores"], before["scores"], strict=True))
        assert change in ([0, 0, 0], [-10, -10, 20])


CHECKS = Checks(deals=(400, 2000), deep=(10, 30), check_positions=(6, 3),
                candidates=candidates, invariants=invariants)
