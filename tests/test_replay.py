"""Issue 29, items 3 and 5: the replay of a finished deal and practice from any of its
positions.  The model (``game.session.replay``) with no window: exact replays of every
game, stepping back and forth onto identical states, an Autobus deal with reshuffles,
the seat's own observation only, practice from a decision.  Then the table in replay
mode through real input: open a deal from the history, step, play, jump to a decision,
show every hand at the end, play from here; a practice deal touches neither the
statistics nor the XP."""
from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.app import CardClubWindow
from game.rules import GAMES
from game.session import DealSession
from game.session.replay import SNAPSHOT_EVERY, Replay, practice, state_at
from game.store import files, history, outbox, saves
from game.tools.drive import click, pump

SEATS = {"durak": 2, "paodekuai": 3, "dudak": 4}


def finished(key: str, seed: int, players: int | None = None, save: bool = False,
             level: str = "normal") -> DealSession:
    """A whole deal played by the computers (seat 0 too), as a table would journal it."""
    n = players or SEATS[key]
    opts = {"players": n} if key == "autobus" else {}
    s = DealSession(key, level=level, seed=seed, options=opts, ai_seats=tuple(range(n)),
                    save=save, pace=lambda: 0.0)
    list(s.run())
    assert s.is_over
    return s


CASES = [("durak", None), ("paodekuai", None), ("dudak", None), ("autobus", 2),
         ("autobus", 3), ("autobus", 4)]


# ----- the model --------------------------------------------------------------------------------
@pytest.mark.parametrize(("key", "players"), CASES)
def test_a_replay_reproduces_the_final_state_exactly(key: str, players: int | None) -> None:
    s = finished(key, 7, players)
    r = Replay(s.journal.to_dict())
    assert r.total == len(s.journal.moves) and r.position == 0
    assert r.game.to_dict() == GAMES[key].new(seed=s.journal.seed,
                                              **s.journal.options).to_dict()
    while r.step():
        pass
    assert r.at_end and r.game.to_dict() == s.game.to_dict()
    r.to_start()
    r.to_end()
    assert r.game.to_dict() == s.game.to_dict()


@pytest.mark.parametrize(("key", "players"), CASES)
def test_stepping_back_and_forth_lands_on_identical_states(key: str, players: int | None) -> None:
    s = finished(key, 3, players)
    j = s.journal
    r = Replay(j)
    total = r.total
    # across snapshot boundaries, forwards and backwards, and by jumps
    for n in sorted({1, 2, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1,
                     total // 2, total - 1}):
        if not 0 < n < total:
            continue
        r.jump(n)
        want = state_at(j, n).to_dict()
        assert r.game.to_dict() == want
        r.step()
        assert r.game.to_dict() == state_at(j, n + 1).to_dict()
        r.back()
        assert r.game.to_dict() == want
        r.back()
        r.step()
        assert r.game.to_dict() == want
        assert r.observation() == state_at(j, n).observation(r.seat)
        assert r.session.journal.moves == j.moves[:n]


def test_an_autobus_deal_with_reshuffles_replays_exactly() -> None:
    """Seed 1, two players: the completed pile is shuffled back into the stock three
    times, with the deal's own generator; the replay draws the same cards."""
    s = DealSession("autobus", level="normal", seed=1, options={"players": 2},
                    ai_seats=(0, 1), save=False)
    shuffles = [i for i, c in enumerate(c for c in s.run() if c.kind == "move")
                if any(e.text == "reshuffle" for e in c.events)]
    assert len(shuffles) >= 2
    r = Replay(s.journal)
    seen = []
    for i in range(r.total):
        before = r.game.to_dict()
        r.step()
        if i in shuffles:
            seen.append(r.game.to_dict()["stock"])
            r.back()
            assert r.game.to_dict() == before      # back before the shuffle ...
            r.step()
            assert r.game.to_dict()["stock"] == seen[-1]   # ... and the same order again
    assert r.game.to_dict() == s.game.to_dict()
    assert len(seen) == len(shuffles)


def test_the_replay_shows_only_what_the_seat_saw_and_lists_its_decisions() -> None:
    s = finished("durak", 5)
    r = Replay(s.journal, seat=0)
    decisions = r.decisions()
    g = state_at(s.journal, 0)
    for i, m in enumerate(s.journal.moves):
        assert (i in decisions) == (g.current_player == 0)
        g.play(m)
    r.jump(decisions[3])
    assert r.at_decision and r.game.current_player == 0
    obs = r.observation()
    assert obs == r.game.observation(0) and obs["seat"] == 0
    assert "hand" in obs and "opponent_hand" not in obs
    assert not r.session.human_to_act and r.session.human_moves() == []   # read-only
    assert r.next_decision() and r.position == decisions[4]
    assert r.previous_decision() and r.position == decisions[3]
    r.to_end()
    assert not r.next_decision()


def test_the_last_move_is_told_from_the_position_it_was_made_in() -> None:
    s = finished("durak", 5)
    r = Replay(s.journal)
    assert r.last_move() is None
    r.jump(4)
    seat, move, obs = r.last_move()  # type: ignore[misc]
    before = state_at(s.journal, 3)
    assert seat == before.current_player
    assert str(move) == s.journal.moves[3]
    assert obs == before.observation(0)


def test_play_runs_a_move_each_interval_and_stops_at_the_end() -> None:
    s = finished("paodekuai", 2)
    r = Replay(s.journal)
    r.play()
    gap = Replay.interval(1.0)
    assert not r.advance(gap * 0.5)
    assert r.advance(gap * 0.6) and r.position == 1
    r.pause()
    assert not r.advance(10.0) and r.position == 1
    assert Replay.interval(0.0) > 0          # animations off: still one move at a time
    r.play()
    while r.playing:
        r.advance(10.0)
    assert r.at_end
    r.play()                                 # from the end: again from the start
    assert r.position == 0 and r.playing


def test_a_damaged_journal_says_which_move_does_not_replay() -> None:
    s = finished("durak", 5)
    d = s.journal.to_dict()
    d["moves"][6] = "defend 6H" if d["moves"][6].startswith("attack") else "attack 6H"
    d["moves"] = d["moves"][:7]
    d["count"] = 7
    with pytest.raises(ValueError, match="move 7"):
        Replay(d)


@pytest.mark.parametrize(("key", "players"), CASES)
def test_practice_starts_from_the_position_with_the_same_hidden_cards(
        key: str, players: int | None) -> None:
    s = finished(key, 9, players)
    r = Replay(s.journal)
    at = r.decisions()[len(r.decisions()) // 2]
    p = practice(s.journal, at)
    assert p.practice and not p.saving and p.human_to_act
    assert p.game.to_dict() == state_at(s.journal, at).to_dict()   # hidden cards too
    assert p.journal.moves == s.journal.moves[:at]
    assert p.human_moves() == state_at(s.journal, at).legal_moves()
    assert p.level == s.level and p.journal.meta.get("practice") is True
    # the next deal after a practice deal counts again
    assert p.next_deal().saving and not p.next_deal().practice


def test_a_practice_deal_touches_no_statistics_no_xp_and_no_save() -> None:
    s = finished("durak", 12, save=True)        # a real deal, into the history
    files.writer.flush()
    outbox.flush()
    deals, xp = history.count_deals(), history.profile().xp
    assert deals == 1
    p = practice(history.replay_of(s.journal.deal_id) or {}, 6)
    while not p.is_over:                        # the human plays the first legal move
        if p.human_to_act:
            p.play(p.human_moves()[0])
        else:
            p.advance(10.0)
    assert p.record() == 0
    files.writer.flush()
    outbox.flush()
    assert history.count_deals() == deals and history.profile().xp == xp
    assert saves.load("durak")[0] is None       # nothing saved either


# ----- the table in replay mode, through real input ---------------------------------------------
def frames(app: CardClubWindow, n: int = 3, dt: float = 1 / 60) -> None:
    pump(app, n, dt)


def press(app: CardClubWindow, button: Any) -> None:
    assert button.visible and button.enabled, button.name
    click(app, button.cx, button.cy)
    frames(app)


def key(app: CardClubWindow, k: int) -> None:
    app.dispatch_event("on_key_press", k, 0)
    app.dispatch_event("on_key_release", k, 0)
    frames(app)


def hand_cards(view: Any) -> list[str]:
    return sorted(t.card for t in view.tokens_at("hand0") if t.up)


def recorded(key: str, seed: int, players: int | None = None) -> DealSession:
    s = finished(key, seed, players, save=True)
    files.writer.flush()
    outbox.flush()
    return s


@pytest.mark.parametrize(("key_", "players"), [("durak", None), ("paodekuai", None),
                                               ("dudak", None), ("autobus", 4)])
def test_open_a_deal_from_the_history_and_step_through_it(app: CardClubWindow, key_: str,
                                                          players: int | None) -> None:
    s = recorded(key_, 21, players)
    view = app.open("replay", deal_id=s.journal.deal_id)
    frames(app)
    rc = view.replay_controls
    assert rc is not None and app.current_view is view
    r = rc.replay
    assert r.position == 0 and view.session.read_only
    assert not rc.row.by_name("back_one").enabled           # nothing before the start
    step = rc.row.by_name("step")
    for n in range(1, 4):
        press(app, step)
        assert r.position == n
        frames(app, 30)
        assert hand_cards(view) == sorted(state_at(s.journal, n).observation(0)["hand"])
    press(app, rc.row.by_name("back_one"))
    assert r.position == 2
    frames(app, 30)
    assert hand_cards(view) == sorted(state_at(s.journal, 2).observation(0)["hand"])
    assert "Move 2 of" in view.hud.level_label.text.text
    # the banner says the last move, in words (no notation)
    line = view.hud.banner.text.text
    assert line.startswith(("You ", "Your play: ", "Computer"))   # own move told, or a seat's
    words = line.replace(",", " ").split()
    cards = [a for a in s.journal.moves[1].split()[1:] if len(a) == 2]
    assert not any(c in words for c in cards)   # cards as on their faces, not notation


def test_keys_step_jump_and_play(app: CardClubWindow) -> None:
    s = recorded("durak", 22)
    view = app.open("replay", deal_id=s.journal.deal_id)
    frames(app)
    r = view.replay_controls.replay
    key(app, arcade.key.RIGHT)
    key(app, arcade.key.RIGHT)
    assert r.position == 2
    key(app, arcade.key.LEFT)
    assert r.position == 1
    key(app, arcade.key.END)
    assert r.at_end
    key(app, arcade.key.HOME)
    assert r.position == 0
    key(app, arcade.key.PAGEDOWN)
    first = r.decisions()[0] if r.decisions()[0] > 0 else r.decisions()[1]
    assert r.position == first and r.at_decision
    key(app, arcade.key.SPACE)                 # play: the moves come by themselves
    assert r.playing
    assert view.busy                           # the window keeps drawing while it plays
    app.settings.animation_scale = 0.0
    for _ in range(int(3 * Replay.interval(0.0) * 60) + 10):
        app._dispatch_frame(1 / 60)
    assert r.position >= first + 2
    key(app, arcade.key.SPACE)
    assert not r.playing
    at = r.position
    for _ in range(60):
        app._dispatch_frame(1 / 60)
    assert r.position == at


def test_jump_to_a_decision_with_the_buttons_and_show_every_hand_at_the_end(
        app: CardClubWindow) -> None:
    s = recorded("paodekuai", 23)
    view = app.open("replay", deal_id=s.journal.deal_id)
    frames(app)
    rc = view.replay_controls
    r = rc.replay
    press(app, rc.row.by_name("next_decision"))
    assert r.at_decision and rc.practice_button.visible
    press(app, rc.row.by_name("end"))
    assert r.at_end and not rc.practice_button.visible
    reveal = rc.bar.by_name("reveal")
    assert reveal.visible
    hidden = [t for s_ in (1, 2) for t in view.tokens_at(f"hand{s_}")]
    if hidden:           # someone still holds cards: face down, then face up
        assert not any(t.up for t in hidden)
        press(app, reveal)
        frames(app, 30)
        shown = sorted(t.card for s_ in (1, 2) for t in view.tokens_at(f"hand{s_}") if t.up)
        assert shown == sorted(c for s_ in (1, 2) for c in s.game.observation(s_)["hand"])
        press(app, rc.row.by_name("back_one"))   # not at the end: hidden again
        frames(app, 30)
        assert not any(t.up for s_ in (1, 2) for t in view.tokens_at(f"hand{s_}"))


def test_play_from_here_opens_a_practice_table_that_counts_nowhere(
        app: CardClubWindow) -> None:
    s = recorded("durak", 24)
    files.writer.flush()
    outbox.flush()
    deals, xp = history.count_deals(), history.profile().xp
    view = app.open("replay", deal_id=s.journal.deal_id)
    frames(app)
    rc = view.replay_controls
    rc.replay.jump(rc.replay.decisions()[2])
    frames(app)
    at = rc.replay.position
    press(app, rc.practice_button)
    table = app.current_view
    assert table is not view and table.replay_controls is None
    session = table.session
    assert session.practice and session.human_to_act
    assert session.game.to_dict() == state_at(s.journal, at).to_dict()
    assert "Practice" in table.hud.level_label.text.text
    while not session.is_over:                 # play it out through the table
        if session.human_to_act:
            table.play(session.human_moves()[0])
        frames(app, 5, 0.5)
    frames(app, 60)
    assert table.result_visible
    said = table.result_panel.text.text.text
    assert "practice deal" in said and "XP" in said and "You gain" not in said
    files.writer.flush()
    outbox.flush()
    assert history.count_deals() == deals and history.profile().xp == xp
    assert saves.load("durak")[0] is None


def test_a_deal_without_a_replay_says_so(app: CardClubWindow) -> None:
    app.open("menu")
    frames(app)
    assert app.open("replay", deal_id="no-such-deal") is None
    frames(app)
    assert "no replay for this deal" in app.current_view.message.text.text
