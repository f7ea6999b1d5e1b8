"""``cardclub bench rlcard``: our Pao De Kuai engine beside RLCard's Dou Di Zhu engine.

Both play whole deals by uniformly random legal moves in the same process, one after the
other, several rounds in turn; each figure is the median over the rounds.  The clock is
the process's CPU time (so other programs on the machine do not skew the ratio); wall
figures are reported too.  The chooser is the same on both sides
(``random.Random.randrange`` over the legal list).

* RLCard "game": ``rlcard.games.doudizhu.game.DoudizhuGame`` directly: ``init_game``, then
  ``state["actions"]`` (its legal actions) and ``step(action)`` until ``is_over()``.
* RLCard "env": ``rlcard.make("doudizhu")``: ``reset``, then ``state["legal_actions"]``
  and ``env.step(action_id)`` until ``is_over()`` (adds the state encoding for learning).
* ours "play": ``PaoDeKuai.new(seed)``, then ``legal_moves()`` and ``play(move)`` (the
  public, checked path the tables use).
* ours "_apply": the same with ``_apply(move)`` (the unchecked path the search uses).

RLCard is a benchmark-only extra (``pip install 'cardclub[bench]'``); without it the
section says so and measures our side alone.
"""
from __future__ import annotations

import importlib.util
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

#: (games, moves) played in one timed run
Run = tuple[int, int]


def rlcard_available() -> bool:
    """Is RLCard importable here?"""
    try:
        return importlib.util.find_spec("rlcard") is not None
    except (ImportError, ValueError):     # a module set to None in sys.modules, etc.
        return False


def _timed(play_one: Callable[[int], int], seconds: float, seed: int) -> dict[str, float]:
    """Play whole deals with ``play_one(seed) -> moves`` for ``seconds`` of CPU time."""
    games = moves = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        moves += play_one(seed + games)
        games += 1
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    return {"games": games, "moves": moves, "cpu_s": cpu, "wall_s": wall,
            "games_per_s": games / cpu, "moves_per_s": moves / cpu,
            "games_per_wall_s": games / wall}


def ours(path: str = "play", cls: Any = None) -> Callable[[int], int]:
    """One random deal of our Pao De Kuai engine per call (``path``: "play" or "_apply")."""
    if cls is None:
        from game.games.paodekuai.rules import PaoDeKuai as cls
    apply_only = path == "_apply"

    def one(seed: int) -> int:
        g = cls.new(seed=seed)
        pick = random.Random(seed).randrange
        step = g._apply if apply_only else g.play
        n = 0
        while not g.is_over:
            legal = g.legal_moves()
            step(legal[pick(len(legal))])
            n += 1
        return n

    return one


def rlcard_game() -> Callable[[int], int]:
    """One random deal of RLCard's ``DoudizhuGame`` per call."""
    from rlcard.games.doudizhu.game import DoudizhuGame

    game = DoudizhuGame()

    def one(seed: int) -> int:
        game.np_random.seed(seed)
        pick = random.Random(seed).randrange
        state, _ = game.init_game()
        n = 0
        while not game.is_over():
            actions = state["actions"]
            state, _ = game.step(actions[pick(len(actions))])
            n += 1
        return n

    return one


def rlcard_env() -> Callable[[int], int]:
    """One random deal of ``rlcard.make("doudizhu")`` per call."""
    import rlcard

    env = rlcard.make("doudizhu", config={"seed": 0})

    def one(seed: int) -> int:
        env.seed(seed)
        pick = random.Random(seed).randrange
        state, _ = env.reset()
        n = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[pick(len(legal))])
            n += 1
        return n

    return one


def compare(seconds: float = 1.0, rounds: int = 5, env: bool = True,
            pdk_cls: Any = None) -> dict[str, Any]:
    """Random-play speed of each engine (median of ``rounds`` runs of ``seconds`` CPU
    seconds, taken in turn) and our speed over RLCard's ("ratio": games per second)."""
    engines: dict[str, Callable[[int], int]] = {
        "ours play": ours("play", pdk_cls), "ours _apply": ours("_apply", pdk_cls)}
    have = rlcard_available()
    if have:
        engines["rlcard game"] = rlcard_game()
        if env:
            engines["rlcard env"] = rlcard_env()
    runs: dict[str, list[dict[str, float]]] = {k: [] for k in engines}
    for r in range(rounds):
        for name, one in engines.items():
            runs[name].append(_timed(one, seconds, 1000 * r))
    report: dict[str, Any] = {"rlcard": have, "rounds": rounds, "seconds": seconds,
                              "clock": "process CPU time", "engines": {}}
    for name, rs in runs.items():
        report["engines"][name] = {
            "games_per_s": statistics.median(x["games_per_s"] for x in rs),
            "moves_per_s": statistics.median(x["moves_per_s"] for x in rs),
            "moves_per_game": sum(x["moves"] for x in rs) / max(1, sum(x["games"] for x in rs)),
            "games_per_wall_s": statistics.median(x["games_per_wall_s"] for x in rs),
            "games_per_s_runs": [x["games_per_s"] for x in rs]}
    if have:
        e = report["engines"]
        base = e["rlcard game"]["games_per_s"]
        report["ratio"] = {
            "play / rlcard game": e["ours play"]["games_per_s"] / base,
            "_apply / rlcard game": e["ours _apply"]["games_per_s"] / base}
        if "rlcard env" in e:
            env_base = e["rlcard env"]["games_per_s"]
            report["ratio"]["play / rlcard env"] = e["ours play"]["games_per_s"] / env_base
            report["ratio"]["_apply / rlcard env"] = e["ours _apply"]["games_per_s"] / env_base
        # the same ratio round by round (how much it moves between runs)
        per = [o["games_per_s"] / b["games_per_s"]
               for o, b in zip(runs["ours play"], runs["rlcard game"], strict=True)]
        report["ratio_play_runs"] = per
    return report


def print_compare(r: dict[str, Any]) -> None:
    print(f"Random play, whole deals, median of {r['rounds']} runs of {r['seconds']:g} s "
          f"({r['clock']}):")
    if not r["rlcard"]:
        print("  RLCard is not installed: no Dou Di Zhu figures to compare with "
              "(pip install 'cardclub[bench]' or pip install rlcard); our engine alone:")
    for name, e in r["engines"].items():
        label = {"ours play": "Pao De Kuai play()", "ours _apply": "Pao De Kuai _apply()",
                 "rlcard game": "RLCard DoudizhuGame", "rlcard env": "RLCard env doudizhu"
                 }.get(name, name)
        print(f"  {label:<22} {e['games_per_s']:8.1f} games/s {e['moves_per_s']:9.0f} moves/s"
              f"  ({e['moves_per_game']:.1f} moves a deal; wall {e['games_per_wall_s']:.1f} "
              "games/s)")
    for name, x in r.get("ratio", {}).items():
        print(f"  ratio {name:<22} {x:5.2f}x (games/s)")
    if r.get("ratio_play_runs"):
        print("  play / rlcard game run by run: "
              + " ".join(f"{x:.2f}" for x in r["ratio_play_runs"]))
