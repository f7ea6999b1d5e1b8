"""Reviewing a deal (game/review): verdicts, fairness, the cache, the worker, the CLI."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from game.review import analysis
from game.review.analysis import play_deal, review_deal
from game.review.model import CHANCE, POINTS, Review, Verdict
from game.review.worker import start_review
from game.rules import GAMES
from game.store import history, saves
from tests.store_helpers import on_a_thread

#: small counts: a test reviews a deal in a second or two
FAST: dict[str, dict[str, Any]] = {
    "durak": {"samples": 12, "iterations": 60},
    "paodekuai": {"samples": 10, "iterations": 40},
    "dudak": {"samples": 6, "iterations": 60},
    "autobus": {"samples": 3, "iterations": 2, "rollout_moves": 200},
}
PLAYERS = {"autobus": 2}


def _movers(j: saves.Journal) -> list[int]:
    g = GAMES[j.game].new(seed=j.seed, deck=list(j.deck), **j.options)
    out = []
    for m in j.moves:
        out.append(g.current_player)
        g.play(m)
    return out


@pytest.mark.parametrize("key", ["durak", "paodekuai", "dudak", "autobus"])
def test_every_game_has_one_verdict_per_move_of_the_seat(key: str) -> None:
    j = play_deal(key, 11, ["easy", "normal"], PLAYERS.get(key))
    r = review_deal(j, 0, overrides=FAST[key])
    mine = [i for i, s in enumerate(_movers(j)) if s == 0]
    assert [v.index for v in r.verdicts] == mine
    assert [v.played for v in r.verdicts] == [j.moves[i] for i in mine]
    assert r.complete and r.key == key and r.seat == 0
    assert r.unit == (POINTS if key == "paodekuai" else CHANCE)
    g = GAMES[key].new(seed=j.seed, deck=list(j.deck), **j.options)
    for i, m in enumerate(j.moves):
        v = r.at(i)
        if v is not None:
            assert v.forced == (len(g.legal_moves()) == 1)
            assert v.legal == len(g.legal_moves())
            if v.forced:
                assert not v.mistake and v.best == v.played
        g.play(m)
    assert any(not v.forced for v in r.verdicts)
    for v in r.verdicts:
        lo, hi = (-200.0, 200.0) if key == "paodekuai" else (0.0, 1.0)
        assert lo <= v.value_played <= hi and lo <= v.value_best <= hi
        if v.agreed:
            assert v.value_played == v.value_best and not v.mistake
    acc = r.accuracy
    assert acc is not None and 0.0 <= acc <= 100.0


def test_a_review_is_deterministic_and_survives_json() -> None:
    j = play_deal("durak", 4, ["easy", "normal"])
    a = review_deal(j.to_dict(), 0, overrides=FAST["durak"])
    b = review_deal(j, 0, overrides=FAST["durak"])
    assert a.to_dict() == b.to_dict()
    back = Review.from_dict(json.loads(json.dumps(a.to_dict())))
    assert back == a and back.accuracy == a.accuracy
    with pytest.raises(ValueError):
        Review.from_dict(a.to_dict() | {"format": 999})


def _durak_blunder() -> tuple[saves.Journal, int]:
    """A Durak deal where seat 0, with the talon empty, plays a losing move while a
    winning one was there: (the journal, the index of that move)."""
    from game.ai import make_bot
    from game.games.durak.endgame import Solver
    from game.games.durak.fast import ID, STOP, TAKE
    from game.games.durak.infer import Deals

    for seed in range(200):
        g = GAMES["durak"].new(seed=seed)
        j = saves.Journal.start(g, human=0)
        bots = [make_bot("durak", "normal", seed=seed * 8 + s) for s in range(2)]
        found = None
        while not g.is_over:
            seat = g.current_player
            assert seat is not None
            obs, legal = g.observation(seat), g.legal_moves()
            if found is None and seat == 0 and obs["talon_size"] == 0 and len(legal) > 1:
                fast = Deals(obs).everything()
                values = Solver(fast.trump).move_values(fast, 0, 200_000)

                def code(m: Any) -> int:
                    return TAKE if m.kind == "take" else STOP if m.kind == "stop" \
                        else ID[m.args[0]]
                worst = [m for m in legal if values[code(m)] == 0]
                if max(values.values()) == 2 and worst:
                    found = len(j.moves)
                    g.play(worst[0])
                    j.moves.append(str(worst[0]))
                    continue
            m = bots[seat].choose(obs, legal)
            g.play(m)
            j.moves.append(str(m))
        if found is not None:
            return j, found
    raise AssertionError("no Durak endgame with a losing move in 200 deals")


def test_a_losing_durak_endgame_move_is_a_certain_mistake() -> None:
    j, index = _durak_blunder()
    r = review_deal(j, 0, overrides=FAST["durak"])
    v = r.at(index)
    assert v is not None and v.certain and v.mistake
    assert v.value_played == 0.0 and v.value_best == 1.0 and v.best != v.played
    g = GAMES["durak"].new(seed=j.seed, deck=list(j.deck))
    for i, m in enumerate(j.moves):
        w = r.at(i)
        if w is not None and not w.forced:
            # with the talon empty the verdict is exact; before, it is an estimate
            assert w.certain == (g.observation(0)["talon_size"] == 0)
        g.play(m)
    assert v in r.mistakes


def test_the_worst_move_where_it_matters_is_a_mistake() -> None:
    """Pao De Kuai: at a decision where the moves' values differ by many points, playing
    the worst is marked (the estimate of every legal move made by the same method)."""
    s = analysis.settings("paodekuai", {"samples": 48})
    for seed in range(40):
        j = play_deal("paodekuai", seed, ["normal"])
        g = GAMES["paodekuai"].new(seed=j.seed, deck=list(j.deck))
        for i, m in enumerate(j.moves):
            legal = g.legal_moves()
            if g.current_player == 0 and len(legal) > 2:
                obs = g.observation(0)
                moves = [str(x) for x in legal]
                est = analysis.estimate(obs, moves, analysis.seed_for(j.seed, i), s)
                assert est is not None
                gap = max(est.means) - min(est.means)
                if gap > 3 * s.threshold:
                    worst = moves[est.means.index(min(est.means))]
                    bad = saves.Journal(j.game, j.seed, list(j.deck), dict(j.options),
                                        j.moves[:i] + [worst], dict(j.meta))
                    r = review_deal(bad, 0, overrides={"samples": 48, "iterations": 300})
                    v = r.at(i)
                    assert v is not None and v.played == worst
                    assert v.mistake and v.loss >= s.threshold, v
                    return
            g.play(m)
    raise AssertionError("no Pao De Kuai decision where the worst move matters")


def _swapped(j: saves.Journal, seat: int) -> saves.Journal | None:
    """The same deal with two cards the seat never sees swapped in the deck (the journal
    stays legal and the seat's observation is the same at every move), or None."""
    cls = GAMES[j.game]

    def views(deck: list[str]) -> list[dict[str, Any]] | None:
        g = cls.new(seed=j.seed, deck=deck, **j.options)
        out = []
        for m in j.moves:
            if g.current_player == seat:
                out.append(g.observation(seat))
            if g.check(m) is not None:
                return None
            g.play(m)
        return out

    base = views(list(j.deck))
    n = len(j.deck)
    for a in range(n):
        for b in range(a + 1, n):
            deck = list(j.deck)
            deck[a], deck[b] = deck[b], deck[a]
            if views(deck) == base:
                return saves.Journal(j.game, j.seed, deck, dict(j.options), list(j.moves),
                                     dict(j.meta))
    return None


@pytest.mark.parametrize("key", ["durak", "paodekuai"])
def test_permuting_hidden_cards_changes_no_verdict(key: str) -> None:
    for seed in range(1, 30):
        j = play_deal(key, seed, ["normal"])
        other = _swapped(j, 0)
        if other is None:
            continue
        assert other.deck != j.deck
        a = review_deal(j, 0, overrides=FAST[key])
        b = review_deal(other, 0, overrides=FAST[key])
        assert a.to_dict() == b.to_dict()
        return
    raise AssertionError(f"no {key} deal with a swap the seat cannot see")


def test_the_judge_sees_only_observations(monkeypatch: pytest.MonkeyPatch) -> None:
    """What reaches the search and the estimate is the seat's observation (the sampler
    only ever gets it)."""
    import game.review.analysis as an

    seen: list[Any] = []
    real = an.sample

    def spy(obs: dict[str, Any], rng: Any) -> Any:
        seen.append(obs)
        return real(obs, rng)
    monkeypatch.setattr(an, "sample", spy)
    j = play_deal("dudak", 3, ["normal"])
    review_deal(j, 1, overrides=FAST["dudak"])
    g = GAMES["dudak"].new(seed=j.seed, deck=list(j.deck), **j.options)
    allowed = []
    for m in j.moves:
        if g.current_player == 1:
            allowed.append(g.observation(1))
        g.play(m)
    assert seen and all(o["seat"] == 1 and o in allowed for o in seen)


# ----- the cache in the history ----------------------------------------------------------------
def test_the_review_cache_round_trip() -> None:
    j = play_deal("durak", 5, ["easy", "normal"])
    r = review_deal(j, 0, overrides=FAST["durak"])
    assert history.review_of(j.deal_id) is None
    assert history.store_review(j.deal_id, r.to_dict())
    got = history.review_of(j.deal_id)
    assert got is not None and Review.from_dict(got) == r
    r.verdicts = r.verdicts[:1]
    assert history.store_review(j.deal_id, r.to_dict())      # a newer one replaces it
    assert Review.from_dict(history.review_of(j.deal_id)) == r
    assert not history.store_review("not an id", r.to_dict())
    assert not history.store_review(j.deal_id, {"x": float("nan")})
    assert history.review_of("../x") is None


def test_a_version_4_history_gains_the_review_cache() -> None:
    path = history.db_path()
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    con.execute("INSERT INTO schema_version VALUES (4)")
    for n in (1, 2, 3, 4):
        for sql in history.MIGRATIONS[n]:
            con.execute(sql)
    deal = "ab" * 16
    con.execute("INSERT INTO deals (deal_id, game, played_at, level, players, moves, outcome,"
                " score, surrendered, xp, replay) VALUES (?, 'durak', '2026-01-01T00:00:00Z',"
                " 'easy', 2, 30, 'win', 1, 0, 20, '{\"a\": 1}')", (deal,))
    con.commit()
    con.close()
    assert history.review_of(deal) is None
    assert history.replay_of(deal) == {"a": 1}
    rows = history.deals("durak")
    assert len(rows) == 1 and rows[0].has_replay
    con = sqlite3.connect(path)
    version = con.execute("SELECT version FROM schema_version").fetchone()[0]
    assert version == history.SCHEMA_VERSION >= 5
    con.close()
    data = Review("durak", 0, verdicts=[Verdict(0, "take", "take", 0.5, 0.5)]).to_dict()
    assert history.store_review(deal, data) and history.review_of(deal) == data


def test_a_locked_history_neither_blocks_nor_raises() -> None:
    deal = "cd" * 16
    assert history.store_review(deal, {"k": 1})
    con = sqlite3.connect(history.db_path(), isolation_level=None)
    con.execute("BEGIN EXCLUSIVE")
    try:
        # both return while the lock is held (until ``finally``), having let SQLite wait
        # for it no longer than a read may
        stored, waits = on_a_thread(lambda: history.store_review(deal, {"k": 2}))
        assert stored is False and waits and max(waits) <= history.READ_TIMEOUT
        # a WAL reader may or may not see it: no raise
        _, waits = on_a_thread(lambda: history.review_of(deal))
        assert waits and max(waits) <= history.READ_TIMEOUT
    finally:
        con.execute("ROLLBACK")
        con.close()
    assert history.review_of(deal) == {"k": 1}


# ----- the worker --------------------------------------------------------------------------------
def _session_journal() -> dict[str, Any]:
    from game.session import DealSession

    s = DealSession("durak", level="normal", seed=21, save=False, ai_seats=(0, 1))
    for _ in s.run():
        pass
    assert s.is_over
    return s.journal.to_dict()


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_the_worker_gives_the_same_verdicts(mode: str) -> None:
    jd = _session_journal()
    want = review_deal(jd, 0, overrides=FAST["durak"])
    job = start_review(jd, 0, mode=mode, overrides=FAST["durak"])
    seen: list[tuple[int, int]] = []
    end = time.monotonic() + 60
    while not job.done and time.monotonic() < end:
        job.poll()
        seen.append(job.progress)
        time.sleep(0.01)
    assert job.done and job.error is None
    assert job.review.verdicts == want.verdicts and job.review.complete
    total = len(want.verdicts)
    assert job.progress == (total, total)
    assert all(b == total for _, b in seen) and seen == sorted(seen)


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_a_review_can_be_cancelled(mode: str) -> None:
    jd = _session_journal()
    job = start_review(jd, 0, mode=mode, overrides={"samples": 4000, "iterations": 2000})
    end = time.monotonic() + 600
    while job.progress[1] < 1:                # under way: it has counted the decisions
        assert time.monotonic() < end and not job.done, job.error
        job.poll()
        time.sleep(0.01)
    job.cancel()                              # it stops there, far from the end
    assert job.done and job.error is None and not job.review.complete
    assert job.progress[0] < job.progress[1]


def test_a_cached_review_is_continued_not_redone() -> None:
    jd = _session_journal()
    full = review_deal(jd, 0, overrides=FAST["durak"])
    part = Review.from_dict(full.to_dict() | {"complete": False,
                                              "verdicts": [v.to_dict() for v in
                                                           full.verdicts[:3]]})
    job = start_review(jd, 0, cached=part, mode="thread", overrides=FAST["durak"])
    job.wait(60)
    assert job.review.verdicts == full.verdicts


def test_a_dead_worker_is_an_error_in_plain_words() -> None:
    jd = _session_journal()
    jd["moves"] = jd["moves"][:3] + ["attack ZZ"] + jd["moves"][4:]
    jd["count"] = len(jd["moves"])
    job = start_review(jd, 0, mode="thread", overrides=FAST["durak"])
    job.wait(30)
    assert job.done and job.error is not None and "attack ZZ" in job.error


def test_a_killed_worker_process_is_an_error() -> None:
    jd = _session_journal()
    job = start_review(jd, 0, mode="process", overrides={"samples": 4000})
    job._proc.kill()
    job._proc.join(5)
    end = time.monotonic() + 60
    while not job.done and time.monotonic() < end:
        job.poll()
        time.sleep(0.01)
    assert job.done and job.error is not None and "ended unexpectedly" in job.error


def test_no_window_library_under_review() -> None:
    code = ("import sys, game.review.analysis, game.review.worker; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('arcade', 'pyglet')]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


# ----- cardclub review ---------------------------------------------------------------------------
@pytest.fixture
def fast_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    real = analysis.settings

    def small(key: str, overrides: dict[str, Any] | None = None,
              players: int | None = None) -> analysis.Settings:
        return real(key, FAST[key] | (overrides or {}), players)
    monkeypatch.setattr(analysis, "settings", small)


def _table_rows(out: str) -> list[str]:
    lines = out.strip().splitlines()
    return lines[2:-1]                     # title, header ... summary


def test_cli_review_on_the_spot(fast_cli: None, capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    assert main(["review", "--game", "durak", "--deal", "8"]) == 0
    out = capsys.readouterr().out
    j = play_deal("durak", 8, ["easy", "normal"])
    rows = _table_rows(out)
    assert len(rows) == _movers(j).count(0)
    assert rows[0].split()[0] == "1" and "decisions" in out.splitlines()[-1]
    assert "accuracy" in out.splitlines()[-1]


def test_cli_review_of_dudak_says_the_chance_of_not_being_the_dudak(
        fast_cli: None, capsys: pytest.CaptureFixture[str]) -> None:
    """In Dudák the value is the chance of not being the Dudák, as the review screen says
    (issue 38): the CLI's header says so too."""
    from game.cli import main

    assert main(["review", "--game", "dudak", "--deal", "4"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert "chance of not being the Dudák after each move" in head, head


def test_cli_review_of_a_moves_file(fast_cli: None, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    j = play_deal("paodekuai", 9, ["normal"])
    f = tmp_path / "moves.txt"
    f.write_text("\n".join(j.moves) + "\n", encoding="utf-8")
    assert main(["review", "--game", "paodekuai", "--deal", "9", "--moves", str(f),
                 "--seat", "1"]) == 0
    rows = _table_rows(capsys.readouterr().out)
    assert len(rows) == _movers(j).count(1)
    g = tmp_path / "deal.json"
    g.write_text(json.dumps(j.to_dict()), encoding="utf-8")
    assert main(["review", "--game", "paodekuai", "--deal", "9", "--moves", str(g),
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(Review.from_dict(data).verdicts) == _movers(j).count(0)


def test_cli_review_of_a_history_deal(fast_cli: None,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    j = play_deal("dudak", 2, ["normal"])
    history.record_deal("dudak", "normal", 4, len(j.moves), "win", 1.0, j.deal_id,
                        replay=json.dumps(j.to_dict()))
    assert main(["review", "--game", "dudak", "--deal", "2", "--history", j.deal_id]) == 0
    by_id = capsys.readouterr().out
    assert len(_table_rows(by_id)) == _movers(j).count(0)
    # the deal number as History shows it names the deal too (no --deal needed)
    for said in ("2", " 2 "):
        assert main(["review", "--game", "dudak", "--history", said]) == 0
        assert capsys.readouterr().out == by_id
    for bad in ("f" * 32, "9 999", "two"):
        with pytest.raises(SystemExit) as exc:
            main(["review", "--game", "dudak", "--history", bad])
        assert exc.value.code == 2
        assert "no replay" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:             # a number of another game's deal
        main(["review", "--game", "durak", "--history", "2"])
    assert exc.value.code == 2 and "no replay" in capsys.readouterr().err


def test_cli_review_errors_are_clear(fast_cli: None, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["review", "--game", "durak", "--deal", "seven"])
    assert exc.value.code == 2 and "--deal" in capsys.readouterr().err
    j = play_deal("durak", 3, ["normal"])
    f = tmp_path / "moves.txt"
    f.write_text("\n".join(j.moves[:2] + ["defend 2X"] + j.moves[2:]), encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        main(["review", "--game", "durak", "--deal", "3", "--moves", str(f)])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "defend 2X" in err and "line 3" in err
    with pytest.raises(SystemExit) as exc:
        main(["review", "--game", "durak", "--deal", "3", "--moves", str(tmp_path / "no")])
    assert exc.value.code == 2 and "cannot read" in capsys.readouterr().err


def test_cli_review_json_writes_each_move_as_the_cards_show_it_too(
        fast_cli: None, capsys: pytest.CaptureFixture[str]) -> None:
    """Durak's Russian deck marks the ace Т on the screen: the JSON gives the notation
    ("attack AS") and the faces ("attack Т♠") side by side."""
    from game.cli import face_notation, main

    assert face_notation("durak", "attack AS") == "attack Т♠"
    assert face_notation("durak", "defend TC") == "defend 10♣"
    assert face_notation("durak", "take") == "take"
    assert face_notation("paodekuai", "play 3H TS") == "play 3♥ 10♠"
    assert face_notation("dudak", "beat UH") == "beat UH"          # Czech cards: by name
    assert main(["review", "--game", "durak", "--deal", "8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for d in data["decisions"]:
        assert d["played_face"] == face_notation("durak", d["played"])
        assert d["best_face"] == face_notation("durak", d["best"])
        assert "A" not in d["played_face"].split(" ", 1)[-1]
