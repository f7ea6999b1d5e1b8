"""The ``cardclub`` command: play (default), ``sim``, ``review``, ``shots``, ``bench``,
``--smoke``, ``--version``."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.about import version
from game.rules import GAMES
from game.tools.lineup import players_help


def _titles() -> str:
    """The games' titles in menu order: "A, B, C and D"."""
    titles = [cls.title for cls in GAMES.values()]
    return ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else titles[0]


def _sim(argv: list[str]) -> int:
    from game.tools.sim import tournament, tournament_jobs

    p = argparse.ArgumentParser(
        prog="cardclub sim",
        description="A tournament between AI levels: every deal is played once per seat "
                    "rotation; per level it reports wins, draws and losses (the Dudák "
                    "rate, mean points), the win rate with its 95% Wilson interval and "
                    "the decision time (CPU ms: mean, p95, max).")
    p.add_argument("game", choices=sorted(GAMES), help="the game to play")
    p.add_argument("--deals", type=int, default=100,
                   help="deals, each played once per seat rotation (default: %(default)s)")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of the first deal; the others follow (default: %(default)s)")
    p.add_argument("--players", type=int, default=None,
                   help=f"players at the table ({players_help()})")
    p.add_argument("--seats", "--levels", dest="seats", default="random",
                   help="comma-separated AI levels, one per seat (repeated to fill), "
                        "e.g. hard,greedy")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--progress", action="store_true", help="a line on stderr per deal")
    p.add_argument("--jobs", type=int, default=1,
                   help="processes to share the deals among (same results as one; "
                        "default: %(default)s)")
    a = p.parse_args(argv)
    cls = GAMES[a.game]
    if a.players is not None and a.players not in cls.players_allowed:
        p.error(f"{a.game} takes players in {cls.players_allowed}")
    if a.jobs < 1:
        p.error("--jobs must be at least 1")
    if a.deals < 1:
        p.error("--deals must be at least 1")
    try:
        if a.jobs > 1:
            report = tournament_jobs(a.game, a.deals, a.seats.split(","), a.players, a.seed,
                                     a.jobs)
        else:
            report = tournament(a.game, a.deals, a.seats.split(","), a.players, a.seed,
                                progress=a.progress)
    except ValueError as exc:
        p.error(str(exc))
    print(json.dumps(report.to_dict(), indent=2) if a.json else report.text())
    return 0


def _review(argv: list[str]) -> int:
    """``cardclub review``: the hard level's verdict on each decision of one seat."""
    from pathlib import Path

    from game.games import spec
    from game.review.analysis import play_deal, reasons, review_deal
    from game.review.model import POINTS
    from game.store import saves

    p = argparse.ArgumentParser(
        prog="cardclub review",
        description="Review one seat's decisions in a deal: for each, the move the hard "
                    "level's search prefers, the estimated chance of winning (of not "
                    "being the loser where a deal has one; expected points where the "
                    "game counts points) after the move played and after the search's "
                    "move, and whether it was a mistake. Without --moves or --history "
                    "the seat is played on the spot by --level against the game's "
                    "default level.")
    p.add_argument("--game", required=True, type=str.lower, choices=sorted(GAMES),
                   metavar="GAME", help=f"the game: {', '.join(sorted(GAMES))}")
    p.add_argument("--deal", type=int, metavar="N",
                   help="the deal number (its seed); not needed with --history")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--moves", metavar="FILE",
                     help="the deal's moves, one notation a line (or a saved deal's JSON)")
    src.add_argument("--history", metavar="DEAL",
                     help="review this deal of the history: its number as History shows "
                          "it (\"143 098\": the latest deal of that number) or its id")
    p.add_argument("--level", default="easy",
                   help="the level that plays the seat when no moves are given "
                        "(default: %(default)s)")
    p.add_argument("--players", type=int, default=None,
                   help=f"players at the table ({players_help()})")
    p.add_argument("--seat", type=int, default=0, help="the seat to review (default: 0)")
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    a = p.parse_args(argv)
    cls = GAMES[a.game]
    opts = {} if a.players is None else {"players": a.players}
    if a.players is not None and a.players not in cls.players_allowed:
        p.error(f"{a.game} takes players in {cls.players_allowed}")
    if a.deal is None and a.history is None:
        p.error("--deal is needed (or --history)")
    if a.deal is not None and a.deal < 0:
        p.error("--deal must be 0 or more")
    try:
        if a.history is not None:
            deal_id = history_deal(a.game, a.history)
            stored = saves.stored_journal(deal_id) if deal_id is not None else None
            if stored is None:
                p.error(f"the history keeps no replay of deal {a.history!r}")
            if stored.game != a.game:
                p.error(f"deal {a.history!r} is a deal of {stored.game}, not {a.game}")
            journal = stored
        elif a.moves is not None:
            raw = Path(a.moves).read_bytes()
            if raw.lstrip().startswith(b"{"):
                journal = saves.journal_from_text(raw, a.game)
            else:
                g = cls.new(seed=a.deal, **opts)
                journal = saves.Journal.start(g, human=a.seat)
                for n, line in enumerate(raw.decode("utf-8").splitlines(), 1):
                    move = line.strip()
                    if not move or move.startswith("#"):
                        continue
                    if g.is_over:
                        p.error(f"line {n}: {move!r} comes after the deal is over")
                    try:
                        problem: Exception | None = g.check(move)
                    except ValueError as exc:
                        problem = exc
                    if problem is not None:
                        p.error(f"line {n}: the move {move!r} is not legal here: {problem}")
                    g.play(move)
                    journal.moves.append(move)
        else:
            n_seats = cls.new(seed=a.deal, **opts).num_players
            if not 0 <= a.seat < n_seats:
                p.error(f"--seat must be 0 to {n_seats - 1}")
            seat_levels = [spec(a.game).default_level] * n_seats
            seat_levels[a.seat] = a.level
            journal = play_deal(a.game, a.deal, seat_levels, a.players, human=a.seat)
        review = review_deal(journal, a.seat)
    except OSError as exc:
        p.error(f"cannot read {a.moves}: {exc.strerror or exc}")
    except ValueError as exc:
        p.error(str(exc))
    if a.json:
        print(json.dumps(review_json(review, journal.seed, reasons(journal, review)),
                         indent=1))
        return 0
    acc = review.accuracy

    def show(x: float) -> str:
        return f"{x:+.1f}" if review.unit == POINTS else f"{x * 100:.0f}%"

    def worth(exact: float, shown: float, certain: bool) -> str:
        """A value as the screen shows it: where every card is known, the end under best
        play and the chance against the other seats as they play."""
        return f"{outcome(exact)}, {show(shown)}" if certain else show(exact)

    what = "expected points" if review.unit == POINTS else spec(review.key).review_chance()
    print(f"{a.game}, deal {journal.seed}, seat {review.seat}: {what} after each move "
          "(playing on as the hard level would)")
    rows = [("decision", "move", "played", "best", "played", "best", "grade")]
    for v in review.verdicts:
        k, of, n, moves = review.number(v.index)
        marks = [m for m, on in (("forced", v.forced), ("certain", v.certain)) if on]
        rows.append((f"{k} of {of}", f"{n} of {moves}", v.played, v.best,
                     "" if v.forced else worth(v.value_played, v.shown_played, v.certain),
                     "" if v.forced else worth(v.value_best, v.shown_best, v.certain),
                     ", ".join(([] if v.forced else [v.grade]) + marks)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    score = "no decisions to judge" if acc is None else f"accuracy {acc:.1f}%"
    ds, ms = len(review.decisions), len(review.mistakes)
    end = "" if review.result is None else f", result {show(review.result)}"
    print(f"{ds} decision{'' if ds == 1 else 's'}, {ms} mistake{'' if ms == 1 else 's'}, "
          f"{score}{end}")
    return 0


def history_deal(game: str, said: str) -> str | None:
    """The id of the history's deal that ``said`` names: its id (32 hex digits), or its
    number as History shows it ("143 098", any grouping), the latest deal of ``game`` of
    that number kept with its replay; None: none."""
    import re

    from game.store import history
    from game.store.history_records import DEAL_ID

    text = said.strip()
    if DEAL_ID.fullmatch(text.lower()):
        return text.lower()
    digits = re.sub(r"[\s,.'’_\u00a0\u202f]", "", text)
    if not digits.isdigit() or len(digits) > 30:
        return None
    return history.deal_numbered(game, int(digits))


def face_notation(key: str, move: str) -> str:
    """``move`` with each card written as its face shows it: the rank's index and the
    suit's symbol ("attack Т♠" for "attack AS" in Durak's Russian deck, "play 10♥ 10♠");
    Czech cards, which have no suit symbols, stay in notation."""
    from game.cards import Card, NotationError
    from game.i18n.moves import deck_style

    style = deck_style(key)
    if style not in ("french", "atlasnye"):
        return move
    out = []
    for token in move.split(" "):
        try:
            card = Card.parse(token, "atlasnye" if style == "atlasnye" else "french")
        except NotationError:
            out.append(token)
            continue
        out.append(card.label + card.symbol)
    return " ".join(out)


def outcome(exact: float) -> str:
    """An exact value in a word: "won", "drawn" or "lost" with best play."""
    return "won" if exact > 0.75 else "drawn" if exact > 0.25 else "lost"


def review_json(review: Any, deal: int, why: dict[int, list[str]] | None = None
                ) -> dict[str, Any]:
    """``cardclub review --json``: one object per decision (docs/review.md) and the
    summary with the result."""
    from game.review.model import GRADES

    rows = []
    for v in review.verdicts:
        k, of, n, moves = review.number(v.index)
        rows.append({
            "decision": k, "decisions": of, "move": n, "moves": moves,
            "played": v.played, "best": v.best, "forced": v.forced,
            "certain": v.certain, "grade": None if v.forced else v.grade,
            "value": None if v.forced else v.value_played,
            "best_value": None if v.forced else v.value_best,
            "loss": None if v.forced else v.loss, "se": None if v.forced else v.se,
            "candidates": [] if v.forced else [c.to_dict() for c in v.candidates],
            "legal": v.legal, "samples": v.samples, "why": (why or {}).get(v.index, []),
            "effects": [e.to_dict() for e in v.effects],
            # where every card is known: the end under best play, and the chance shown
            # (against the other seats as they play)
            "outcome": outcome(v.value_played) if v.certain and not v.forced else None,
            "best_outcome": outcome(v.value_best) if v.certain and not v.forced else None,
            "chance": None if v.forced else v.shown_played,
            "best_chance": None if v.forced else v.shown_best,
            # the moves with their cards as the screen's faces show them ("attack Т♠":
            # Durak's Russian deck marks the ace Т), beside the notation ("attack AS")
            "played_face": face_notation(review.key, v.played),
            "best_face": face_notation(review.key, v.best),
            # the moves that followed each (every seat's): of best play where every card
            # is known, else the play-outs' principal line, "?" for a card the player
            # could not know (game.review.line)
            "line": list(v.line_played), "best_line": list(v.line_best)})
    grades = {g: sum(1 for v in review.decisions if v.grade == g) for g in GRADES}
    # (the review's own record first: ``Review.from_dict`` reads the output back)
    out: dict[str, Any] = review.to_dict()
    return out | {
            "game": review.key, "deal": deal, "seat": review.seat, "unit": review.unit,
            "decisions": rows,
            "summary": {"decisions": len(review.verdicts),
                        "real_decisions": len(review.decisions), "grades": grades,
                        "mistakes": len(review.mistakes), "accuracy": review.accuracy,
                        "result": review.result, "moves": review.moves,
                        "complete": review.complete}}


#: every command with its one-line help (``play`` is the default)
COMMANDS = {
    "play": "open the menu and play against the computer (the default)",
    "sim": "play deals between AI levels and report wins, draws and speed",
    "review": "judge one seat's decisions in a deal, as the hint and the hard level do",
    "shots": "render the menu and every table headless and save PNG screenshots",
    "bench": "measure frame times, idle cost, start-up, memory, engines and AI speed",
}
#: playing with friends (game/net, docs/net.md): listed apart in the help
NET_COMMANDS = {
    "serve": "run a table server for playing with friends",
    "host": "host a table at a server and play its first seat headless",
    "join": "join a table at a server with its code and play a seat headless",
}


def _parser() -> argparse.ArgumentParser:
    lines = "\n".join(f"  {name:<8}{text}" for name, text in COMMANDS.items())
    net = "\n".join(f"  {name:<8}{text}" for name, text in NET_COMMANDS.items())
    p = argparse.ArgumentParser(
        prog="cardclub",
        description=f"Card Club: {_titles()} against the computer.",
        epilog=f"commands:\n{lines}\n\nplaying with friends (docs/net.md):\n{net}\n\n"
               "'cardclub COMMAND --help' lists a command's options.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", nargs="?", default="play", choices=list(COMMANDS), metavar="COMMAND",
                   help="what to do (default: play; one line each below)")
    p.add_argument("--version", action="version", version=f"cardclub {version()}",
                   help="print the version of Card Club and exit")
    p.add_argument("--smoke", action="store_true",
                   help="open the window, play a deal of every game computer against computer, "
                        "exit (a check that the install works)")
    games = sorted(GAMES)
    p.add_argument("--game", type=str.lower, choices=games, metavar="GAME",
                   help=f"open this game's table directly: {', '.join(games)}")
    return p


def main(argv: list[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()   # a frozen build's review worker starts here
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "sim":
        return _sim(args[1:])
    if args and args[0] == "review":
        return _review(args[1:])
    if args and args[0] == "shots":
        from game.tools.shots import main as shots

        return shots(args[1:])
    if args and args[0] in ("serve", "host", "join"):   # playing with friends (game/net)
        from game.net import commands

        return (commands.serve(args[1:]) if args[0] == "serve"
                else commands.join(args[1:], hosting=args[0] == "host"))
    if args and args[0] == "bench":
        try:
            from game.bench.bench import main as bench
        except ModuleNotFoundError as e:
            if e.name is None or not e.name.startswith("game.bench"):
                raise
            print("cardclub bench: the research bench comes with the source checkout, not "
                  "with the installed game (git clone the project, then "
                  "pip install -e '.[test]' there)", file=sys.stderr)
            return 2
        return bench(args[1:])
    p = _parser()
    a = p.parse_args(args)
    if a.command != "play":   # e.g. 'cardclub --smoke sim': commands come first
        p.error(f"put '{a.command}' first: cardclub {a.command} [options]")
    from game.ui.quiet_audio import choose_driver

    choose_driver()   # before Arcade loads: no ALSA/OpenAL noise without a sound card
    if a.smoke:   # a tool run: a temporary data folder, never the player's saves
        from game import resources

        gaps = resources.missing()
        if gaps:   # a build that lost its data fails here, not with stand-in art
            print(f"cardclub: {len(gaps)} data files missing, e.g. {gaps[0]}", file=sys.stderr)
            return 1
        from game.store.files import temporary_home
        from game.tools.smoke import main as smoke

        with temporary_home():
            return smoke()
    from game.app import run

    return run(game=a.game)


if __name__ == "__main__":
    raise SystemExit(main())
