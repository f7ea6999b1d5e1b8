"""The ``cardclub`` command: play (default), ``sim``, ``shots``, ``bench``, ``--smoke``,
``--version``."""
from __future__ import annotations

import argparse
import json
import sys

from game.about import version
from game.rules import GAMES


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
                   help="players at the table (Hospodský autobus: 2 to 4)")
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


#: every command with its one-line help (``play`` is the default)
COMMANDS = {
    "play": "open the menu and play against the computer (the default)",
    "sim": "play deals between AI levels and report wins, draws and speed",
    "shots": "render the menu and every table headless and save PNG screenshots",
    "bench": "measure frame times, idle cost, start-up, memory, engines and AI speed",
}


def _parser() -> argparse.ArgumentParser:
    lines = "\n".join(f"  {name:<8}{text}" for name, text in COMMANDS.items())
    p = argparse.ArgumentParser(
        prog="cardclub",
        description="Card Club: Hospodský autobus, Dudák, Durak and Pao De Kuai against "
                    "the computer.",
        epilog=f"commands:\n{lines}\n\n'cardclub COMMAND --help' lists a command's "
               "options.",
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
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "sim":
        return _sim(args[1:])
    if args and args[0] == "shots":
        from game.tools.shots import main as shots

        return shots(args[1:])
    if args and args[0] == "bench":
        from game.tools.bench import main as bench

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
