"""What the conformance suite and the soak (tests/) need of this game: how many deals
each check plays, the moves to ask ``check()`` about, and its score invariants."""
from __future__ import annotations

from typing import Any

from game.games.contract import Checks
from game.rules.base import Game


def _seat_obs(g: Game) -> dict[str, Any]:
    seat = g.current_player if g.current_player is not None else 0
    return g.observation(seat)


def candidates(g: Game) -> list[str]:
    """Every card in sight played from every source to every run, discarded on every
    side pile (a joker's rank named or not), put under the bus; end."""
    obs = _seat_obs(g)
    tops = [t for t in obs["reserve_tops"] if t]
    tops += [p[-1] for piles in obs["aux"] for p in piles if p]
    cards = sorted(set(list(obs["hand"]) + tops + ["X", "AS", "KD", "7H"]))
    runs = [f"run{k}" for k in range(1, len(obs["runs"]) + 2)] + ["new"]
    sources = ("hand", "reserve", "aux1", "aux2", "aux3", "aux4")
    out = [f"play {c} {src} {dst}" for c in cards for src in sources for dst in runs]
    out += [f"discard {c} aux{k}{rank}" for c in cards for k in range(1, 5)
            for rank in ("", "=7", "=K")]
    return out + [f"bus {c}" for c in cards] + ["end"]


def invariants(g: Game, before: dict[str, Any] | None) -> None:
    """At most four in a hand; minus the reserve left each, a winner's empty."""
    result, state = g.result(), g.to_dict()
    reserves = [len(r) for r in state["reserves"]]
    assert all(len(h) <= 4 for h in state["hands"])
    if result is None:
        assert all(reserves)
    else:
        assert result == [-float(r) for r in reserves]
        if state["winner"] is not None:
            assert reserves[state["winner"]] == 0 and not state["drawn"]
        else:
            assert state["drawn"] and all(reserves)


CHECKS = Checks(deals=(120, 600), deep=(4, 8), check_positions=(3, 40),
                candidates=candidates, invariants=invariants)
