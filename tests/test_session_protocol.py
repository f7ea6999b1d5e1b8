"""One ``Session`` both kinds of table drive (game/session/protocol.py).

mypy checks the types where a table is given either session; these tests check that
every member the protocol names is there at run time too, that shared play is a
property of the session (``shared``), and the hint cycle both sessions share.
"""
from __future__ import annotations

import inspect
from typing import Any

from game.net.remote import RemoteSession
from game.rules import Move
from game.session import DealSession, Session, SharedSession
from game.session.protocol import HintCycle


def members(proto: type) -> set[str]:
    """The names a protocol declares (its own and its bases', not ``object``'s)."""
    out: set[str] = set()
    for cls in inspect.getmro(proto):
        if cls in (object,) or cls.__name__ in ("Protocol", "Generic"):
            continue
        out |= {n for n in vars(cls) if not n.startswith("_")}
        out |= set(getattr(cls, "__annotations__", {}))
    return out


class Link:
    def __init__(self, msgs: list[dict[str, Any]]) -> None:
        self.msgs = msgs

    def poll(self) -> list[dict[str, Any]]:
        out, self.msgs = self.msgs, []
        return out

    def send(self, msg: dict[str, Any]) -> None:
        pass

    def close(self, leave: bool = False) -> None:
        pass


def test_both_sessions_have_every_member_of_the_protocol() -> None:
    local = DealSession("durak", seed=3, save=False)
    remote = RemoteSession(Link([]))
    names = members(Session)
    assert {"shared", "play", "subscribe", "start_hint", "revealed"} <= names
    for session in (local, remote):
        missing = sorted(n for n in names if not hasattr(session, n))
        assert missing == [], (type(session).__name__, missing)
    shared = members(SharedSession) - names
    assert {"code", "seats", "link_state", "leave", "told"} <= shared
    assert sorted(n for n in shared if not hasattr(remote, n)) == []


def test_shared_play_is_the_sessions_own_word() -> None:
    assert DealSession("durak", seed=3, save=False).shared is None
    remote = RemoteSession(Link([{"type": "joined", "game": "durak", "seat": 1,
                                  "code": "ABC123", "players": 2, "host": False}]))
    assert remote.shared is None                 # not seated yet: no table code
    remote.advance(0.0)
    assert remote.shared is remote and remote.shared.code == "ABC123"


def test_the_listeners_hear_every_change_until_they_stop() -> None:
    session = DealSession("durak", seed=3, save=False)
    heard: list[str] = []
    stop = session.subscribe(lambda change: heard.append(change.kind))
    version = session.version
    session.pause()
    stop()
    session.resume()
    assert heard == ["pause"] and session.version == version + 2


class Analysis:
    def __init__(self, ranked: list[str]) -> None:
        self.ranked = tuple(ranked)
        self.best = ranked[0]


class Judge:
    """Ranks the moves it is given by their notation, backwards."""

    def __init__(self, legal: list[Move]) -> None:
        self.legal = legal
        self.analysis: Analysis | None = None

    def step(self, seconds: float) -> bool:
        self.analysis = Analysis(sorted((str(m) for m in self.legal), reverse=True))
        return True


def hints(cycle: HintCycle, moves: list[Move], n: int) -> tuple[list[str], int]:
    judged = 0

    def judge(legal: list[Move]) -> Any:
        nonlocal judged
        judged += 1
        return Judge(legal)

    out = []
    for _ in range(n):
        assert cycle.start(moves, 5, judge)
        move = cycle.step(1.0, 5)
        assert move is not None and not cycle.hinting
        out.append(str(move))
    return out, judged


def test_the_hint_cycle_shows_each_move_then_starts_again() -> None:
    moves = [Move.parse(t) for t in ("attack 6S", "attack 7S", "attack 8S")]
    order = ["attack 8S", "attack 7S", "attack 6S", "attack 8S"]
    assert hints(HintCycle(remember=True), moves, 4) == (order, 1)    # the 1st answers all
    assert hints(HintCycle(remember=False), moves, 4) == (order, 4)   # one judge a hint


def test_a_hint_for_a_position_gone_is_dropped() -> None:
    cycle = HintCycle(remember=True)
    moves = [Move.parse("take")]
    judge: Any = Judge                           # a stand-in for the review's judge
    assert cycle.start(moves, 5, judge)
    assert cycle.step(1.0, 6) is None and not cycle.hinting
    assert not cycle.start(moves, 6, judge, exclude=moves)
