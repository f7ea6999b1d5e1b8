"""Issue 36, item 2: the journal in the core, with the one way to replay it.

``Journal.state_at``, ``movers``, ``decisions`` and ``observation_at`` (in
``game.session.journal``) agree with the deal played by hand, move by move, for a few
deals of every game at every player count it takes (Autobus with 2, 3 and 4); position 0
is the deal as dealt; a position outside the deal is refused with a ValueError; a move
that does not replay is named, and the positions before it still replay.  The saves keep
the same names (re-exported)."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.rules import GAMES
from game.session.journal import Journal, ReplayError, journal_from_dict, journal_from_text
from game.store import saves

#: a deal is played by hand (random legal moves) up to this many moves
MOST_MOVES = 160
#: every game at every player count it takes
CASES = [(key, n) for key in sorted(GAMES) for n in GAMES[key].players_allowed]


def _by_hand(key: str, players: int, seed: int) -> tuple[Journal, list[dict[str, Any]],
                                                         list[int], list[list[Any]]]:
    """A deal of random legal moves, played on the engine with no journal replay:
    its journal, the state after each number of moves, the seat that made each move,
    and every seat's observation at each position."""
    g = GAMES[key].new(seed=seed, players=players)
    j = Journal.start(g, human=0)
    rng = random.Random(seed)
    states = [g.to_dict()]
    observations = [[g.observation(s) for s in range(g.num_players)]]
    movers: list[int] = []
    while not g.is_over and len(j.moves) < MOST_MOVES:
        seat = g.current_player
        assert seat is not None
        move = rng.choice(g.legal_moves())
        g.play(move)
        j.moves.append(str(move))
        movers.append(seat)
        states.append(g.to_dict())
        observations.append([g.observation(s) for s in range(g.num_players)])
    return j, states, movers, observations


def _positions(total: int) -> list[int]:
    """A sample of positions: each of the first 40, then every third, the last two."""
    return sorted({*range(40), *range(40, total, 3), total - 1, total} & set(range(total + 1)))


@pytest.mark.parametrize(("key", "players"), CASES)
@pytest.mark.parametrize("seed", [1, 29])
def test_the_journal_replays_as_the_deal_was_played(key: str, players: int, seed: int) -> None:
    j, states, movers, observations = _by_hand(key, players, seed)
    total = len(j.moves)
    assert total > 3
    assert j.movers() == movers
    assert j.replay().to_dict() == states[-1]
    for n in _positions(total):
        assert j.state_at(n).to_dict() == states[n], n
        for seat in range(len(observations[n])):
            assert j.observation_at(n, seat) == observations[n][seat], (n, seat)
    walked = [(n, g.to_dict()) for n, g in j.walk()]
    assert walked == list(enumerate(states))
    for seat in range(len(observations[0])):
        mine = [i for i, s in enumerate(movers) if s == seat]
        got = [(i, g.to_dict()) for i, g in j.decisions(seat)]
        assert got == [(i, states[i]) for i in mine]


@pytest.mark.parametrize(("key", "players"), CASES)
def test_position_0_is_the_deal_as_dealt(key: str, players: int) -> None:
    g = GAMES[key].new(seed=5, players=players)
    dealt = g.to_dict()
    j = Journal.start(g)
    rng = random.Random(5)
    for _ in range(6):
        move = rng.choice(g.legal_moves())
        g.play(move)
        j.moves.append(str(move))
    assert j.state_at(0).to_dict() == dealt
    assert j.start_state().to_dict() == dealt
    assert j.state_at(0) is not j.state_at(0)              # a new state at each call
    assert Journal.start(GAMES[key].new(seed=5, players=players)).replay().to_dict() == dealt


@pytest.mark.parametrize("bad", [-1, 7, 100, True, 1.0, "2", None])
def test_a_position_outside_the_deal_is_refused(bad: Any) -> None:
    j, _, _, _ = _by_hand("durak", 2, 3)
    del j.moves[6:]
    with pytest.raises(ValueError, match="not in this deal"):
        j.state_at(bad)
    with pytest.raises(ValueError, match="not in this deal"):
        j.observation_at(bad, 0)
    assert j.state_at(6).to_dict() == j.replay().to_dict()


def test_a_move_that_does_not_replay_is_named_and_the_positions_before_it_replay() -> None:
    j, states, movers, _ = _by_hand("paodekuai", 3, 8)
    j.moves[4] = "no such move"
    with pytest.raises(ReplayError, match=r"move 5 \(.*\) cannot be replayed") as raised:
        j.replay()
    assert raised.value.index == 4 and raised.value.move == j.moves[4]
    assert isinstance(raised.value, ValueError)
    for n in range(5):
        assert j.state_at(n).to_dict() == states[n]
    with pytest.raises(ValueError, match="move 5"):
        j.state_at(5)
    with pytest.raises(ValueError, match="move 5"):
        j.movers()
    seen = []
    with pytest.raises(ValueError, match="move 5"):
        for i, _ in j.decisions(movers[0]):
            seen.append(i)
    assert seen == [i for i in range(5) if movers[i] == movers[0]]


def test_an_unknown_game_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        Journal("chess", 1, []).state_at(0)


def test_the_saves_keep_the_journal_s_names() -> None:
    assert saves.Journal is Journal
    assert saves.journal_from_dict is journal_from_dict
    assert saves.journal_from_text is journal_from_text
    j, states, _, _ = _by_hand("dudak", 4, 2)
    text = json.dumps(j.to_dict())
    assert journal_from_text(text).replay().to_dict() == states[-1]
    assert journal_from_dict(j.to_dict()).movers() == j.movers()
