"""The ``cardclub`` command line reads well: every command and option has help (issue 17)."""
from __future__ import annotations

import pytest

from game.cli import COMMANDS, main
from game.rules import GAMES


def run_help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 0
    out: str = capsys.readouterr().out
    return out


def test_cardclub_help_lists_every_command_with_one_line_each(
        capsys: pytest.CaptureFixture[str]) -> None:
    out = run_help(["--help"], capsys)
    assert set(COMMANDS) == {"play", "sim", "shots", "bench", "review"}
    lines = out.splitlines()
    for name, text in COMMANDS.items():
        assert [ln for ln in lines if ln.split()[:1] == [name]] == [f"  {name:<8}{text}"]
    assert "--smoke" in out and "--game GAME" in out
    assert all(key in out for key in GAMES)          # --game names its choices
    assert "(the default)" in out                    # play is said to be the default


@pytest.mark.parametrize("command,words", [
    ("sim", ["--deals", "--seats", "--json"]),
    ("shots", ["--out DIR", "--size WxH", "--games KEYS", "PNG"]),
    ("bench", ["engines", "frames", "--seconds", "--frames", "--game", "--players"]),
])
def test_every_command_has_help(command: str, words: list[str],
                                capsys: pytest.CaptureFixture[str]) -> None:
    out = run_help([command, "--help"], capsys)
    assert out.startswith(f"usage: cardclub {command}")
    for w in words:
        assert w in out, w


@pytest.mark.parametrize("command", ["shots", "bench"])
def test_every_option_of_shots_and_bench_says_what_it_does(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = run_help([command, "--help"], capsys)
    options = out.split("options:", 1)[1]
    # each option line (one starting with two spaces and a dash) has text after it,
    # on the same line or the next
    lines = options.splitlines()
    for i, ln in enumerate(lines):
        if ln.startswith("  -"):
            rest = ln.strip().split("  ", 1)
            assert len(rest) == 2 or lines[i + 1].startswith(" " * 8), ln


def test_a_bad_game_names_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--game", "poker"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'poker'" in err
    assert all(repr(key) in err for key in GAMES)


def test_a_bad_command_names_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["poker"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'poker'" in err and all(repr(c) in err for c in COMMANDS)


def test_a_command_after_an_option_is_refused_with_a_hint(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--smoke", "sim"])
    assert info.value.code == 2
    assert "put 'sim' first" in capsys.readouterr().err


def test_version_prints_the_package_metadata_version(capsys: pytest.CaptureFixture[str]) -> None:
    """One source (pyproject.toml, read back with importlib.metadata; issue 28)."""
    import importlib.metadata

    out = run_help(["--version"], capsys)
    assert out == f"cardclub {importlib.metadata.version('cardclub')}\n"
    assert out.split()[1][0].isdigit() and "--version" in run_help(["--help"], capsys)


def test_version_as_a_process_from_the_checkout() -> None:
    """``python -m game --version``: what ``cardclub --version`` runs, without a window."""
    import subprocess
    import sys
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    with (root / "pyproject.toml").open("rb") as f:
        want = tomllib.load(f)["project"]["version"]
    out = subprocess.run([sys.executable, "-m", "game", "--version"], cwd=root,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout == f"cardclub {want}\n", out.stderr
