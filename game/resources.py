"""Where the data folders (sprites/, sounds/, levels/) are: installed, checkout, frozen.

- A frozen build (PyInstaller, ``cardclub.spec``) unpacks them at the top of its bundle,
  ``sys._MEIPASS``.
- An installed wheel carries them inside the package, as ``game/_data/`` (setup.py maps
  the repository's top-level folders there).
- A source checkout (and the editable install) has them at the top of the repository.

The language catalogs are package data of ``game.i18n`` everywhere (``game/i18n/locale``).
Nothing is ever written here by the game: saves and settings go to
``game.store.files.home()``.
"""
from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
MARKER = "levels"   # a folder every data root has


@cache
def root() -> Path:
    """The folder that holds sprites/, sounds/ and levels/."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    installed = PACKAGE / "_data"
    if (installed / MARKER).is_dir():
        return installed
    return PACKAGE.parent


def where() -> str:
    """How the data was found: ``frozen``, ``installed`` or ``checkout`` (for reports)."""
    if getattr(sys, "_MEIPASS", None):
        return "frozen"
    return "installed" if root() == PACKAGE / "_data" else "checkout"


def path(*parts: str) -> Path:
    return root().joinpath(*parts)


#: the sound effects the game plays (game.ui.assets.Sounds)
SOUNDS = ("deal", "place", "flip", "take", "shuffle", "win", "lose", "click")


def missing() -> list[str]:
    """The data files the game needs that are not there (``cardclub --smoke`` fails on
    any): a face for every card of every deck, the back and the felt, every sound, the
    levels file of every game, and, once any catalog ships, every language's catalog."""
    from game.cards import atlasnye_deck, czech_deck, french_deck
    from game.i18n import DOMAIN, LANGUAGES, LOCALE_DIR
    from game.rules import GAMES

    need = [path("sprites", "cards", "back.png"), path("sprites", "table", "felt.png")]
    for style, deck in (("french", french_deck(jokers=1)), ("french4", french_deck(jokers=1)),
                        ("czech", czech_deck()), ("atlasnye", atlasnye_deck())):
        need += [path("sprites", "cards", style, f"{card}.png") for card in sorted(set(deck))]
    need += [path("sounds", f"{name}.wav") for name in SOUNDS]
    need += [path("levels", f"{game}.toml") for game in sorted(GAMES)]
    if LOCALE_DIR.is_dir():
        need += [LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
                 for code in LANGUAGES if code != "en"]
    return [str(p) for p in need if not p.is_file()]
