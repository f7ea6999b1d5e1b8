"""What the rules screens and the card-traditions pages say, read from data files.

The text lives in ``game/i18n/rules/`` (TOML), not in code, so that whoever changes a
sentence or checks a translation opens one file per page:

* ``shared.toml``: the pages in order (``games``), the section headings, the paragraphs
  several pages share, and the words of the pages' buttons and labels;
* ``<game>.toml``: one rules page (``title``, ``deck``, ``tagline``, then its
  ``[sections.<key>]`` in page order, each with its ``[[sections.<key>.blocks]]``);
* ``decks.toml``: the card-traditions pages, one table per deck.

A block holds exactly one of ``para``, ``bullet``, ``step`` (text), ``term`` (with
``means``, its definition), ``scene`` (card notation, groups split by ``|`` and cards by
spaces, with a ``caption``, ``cover = true`` when each card lies across the one before as
a defence covers an attack, and ``style`` when not the page's deck) or ``shared`` (the
key of a paragraph of ``shared.toml``).  A section's ``covers`` lists the rule ids it
states: only tests read it, players never see it.  A text names a Czech card by its
notation in braces, ``{UH}`` or ``{TH:the}`` (a case or article of the language, see
:mod:`game.i18n.vocabulary`), so the card is called what the glossary calls it.

Every text is an English msgid of the gettext domain ``rules``
(``locale/<lang>/LC_MESSAGES/rules.po``, see :mod:`game.i18n.rules_catalog`); views
translate it with :func:`rules_gettext` when they lay the page out.  A missing or broken
file raises :class:`ContentError` naming the file, at import, before any page is drawn.
"""
from __future__ import annotations

import gettext
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, cast

from game.cards import DeckStyle, NotationError, parse_card
from game.i18n.core import LOCALE_DIR, _, language
from game.i18n.vocabulary import fill_cards

DOMAIN = "rules"
#: the data files' folder (beside ``locale``, so a frozen bundle finds it the same way)
CONTENT_DIR = Path(__file__).resolve().parent / "rules"
#: how the catalogs name the data files (relative to the repository)
SOURCE_PREFIX = "game/i18n/rules/"

BlockKind = Literal["para", "bullet", "step", "term", "scene"]
TEXT_KINDS: tuple[BlockKind, ...] = ("para", "bullet", "step")
STYLES: tuple[DeckStyle, ...] = ("french", "czech", "atlasnye")
_KIND_WORDS = {"para": "a paragraph", "bullet": "a bullet point", "step": "a numbered step"}


class ContentError(ValueError):
    """A rules-screen data file is missing or malformed (the message names the file)."""


@dataclass(frozen=True)
class Scene:
    """A few cards drawn with their real sprites.  Cards in one group overlap (a run, a
    pile; with ``cover``, each card lies across the one before, as a defence covers an
    attack); groups stand side by side."""

    style: str
    groups: tuple[tuple[str, ...], ...]
    caption: str
    cover: bool = False


@dataclass(frozen=True)
class Block:
    kind: BlockKind
    text: str = ""            # msgid (the definition, for a term)
    term: str = ""            # msgid of the term itself (kind "term")
    scene: Scene | None = None


@dataclass(frozen=True)
class Section:
    key: str
    heading: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class GameRules:
    key: str
    title: str                # a proper name, the same in every language
    deck: str                 # the deck key of DECKS
    tagline: str
    sections: tuple[Section, ...]


@dataclass(frozen=True)
class Deck:
    key: str
    title: str
    origin: str
    count: str
    courts: str
    history: str
    style: str
    fan: tuple[str, ...]
    games: tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Entry:
    """One use of a msgid: where it is written and what it is (for the catalogs)."""

    msgid: str
    source: str               # the data file's name, e.g. "durak.toml"
    note: str                 # for translators, e.g. "Durak, Worked example: caption"


@dataclass(frozen=True)
class Content:
    games: dict[str, GameRules]
    decks: dict[str, Deck]
    ui: dict[str, str]
    #: game -> section key -> the rule ids that section states (tests only; never shown)
    coverage: dict[str, dict[str, tuple[str, ...]]]
    headings: dict[str, str]
    paragraphs: dict[str, str]

    def entries(self) -> list[Entry]:
        """Every use of every msgid, in page order (a msgid may come more than once)."""
        out: list[Entry] = []
        shared = set(self.paragraphs.values())
        for key, text in self.ui.items():
            out.append(Entry(text, "shared.toml", f"rules and deck pages: {key}"))
        for g in self.games.values():
            own = f"{g.key}.toml"
            out.append(Entry(g.tagline, own, f"{g.title}: tagline"))
            for sec in g.sections:
                where = f"{g.title}, {sec.heading}"
                out.append(Entry(sec.heading, "shared.toml", "a section heading"))
                for b in sec.blocks:
                    if b.kind == "term":
                        out.append(Entry(b.term, own, f"{where}: a term"))
                        out.append(Entry(b.text, own, f"{where}: what {b.term!r} means"))
                    elif b.scene is not None:
                        out.append(Entry(b.scene.caption, own,
                                         f"{where}: caption under a picture of cards"))
                    elif b.text in shared:
                        out.append(Entry(b.text, "shared.toml",
                                         f"{sec.heading}: a paragraph every page shares"))
                    else:
                        out.append(Entry(b.text, own, f"{where}: {_KIND_WORDS[b.kind]}"))
        for d in self.decks.values():
            for name in ("title", "origin", "count", "courts", "history"):
                out.append(Entry(getattr(d, name), "decks.toml", f"deck {d.key}: {name}"))
        return [e for e in out if e.msgid]


# ---- reading the files ------------------------------------------------------------------------

class _Table:
    """One TOML table of one file, with errors that say which file and which table."""

    def __init__(self, source: str, where: str, data: Any) -> None:
        self.source, self.where = source, where
        if not isinstance(data, dict):
            raise self.error(f"must be a table, not {type(data).__name__}")
        self.data: dict[str, Any] = data

    def error(self, message: str) -> ContentError:
        at = f" [{self.where}]" if self.where else ""
        return ContentError(f"{self.source}{at}: {message}")

    def only(self, *allowed: str) -> None:
        extra = [k for k in self.data if k not in allowed]
        if extra:
            raise self.error(f"unknown key {extra[0]!r} (expected one of {', '.join(allowed)})")

    def text(self, key: str) -> str:
        value = self.data.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.error(f"{key!r} must be a non-empty string")
        if value != value.strip() or "  " in value or "\n" in value:
            raise self.error(f"{key!r} has stray spaces or a line break: {value[:40]!r}... "
                             "(a text on several lines ends each line with a backslash)")
        return value

    def words(self, key: str) -> tuple[str, ...]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.error(f"{key!r} must be a list of strings")
        return tuple(value)

    def table(self, key: str) -> _Table:
        where = f"{self.where}.{key}" if self.where else key
        if key not in self.data:
            raise ContentError(f"{self.source}: [{where}] is missing")
        return _Table(self.source, where, self.data[key])

    def texts(self) -> dict[str, str]:
        """A table of key = "text" lines."""
        return {k: self.text(k) for k in self.data}


def _read(folder: Path, name: str) -> _Table:
    path = folder / name
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise ContentError(f"{path}: missing (the rules screens read their text from it)")\
            from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(f"{path}: cannot be read: {exc}") from None
    return _Table(str(path), "", data)


def _cards(t: _Table, notation: str, style: DeckStyle) -> tuple[tuple[str, ...], ...]:
    groups = tuple(tuple(g.split()) for g in notation.split("|"))
    if not all(groups):
        raise t.error(f"scene {notation!r} has an empty group")
    try:
        return tuple(tuple(parse_card(c, style) for c in g) for g in groups)
    except NotationError as exc:
        raise t.error(f"scene {notation!r}: {exc}") from None


def _style(t: _Table, value: Any) -> DeckStyle:
    if value not in STYLES:
        raise t.error(f"style {value!r} is not one of {', '.join(STYLES)}")
    return cast(DeckStyle, value)


def _block(t: _Table, deck: DeckStyle, paragraphs: dict[str, str]) -> Block:
    t.only(*TEXT_KINDS, "term", "means", "scene", "caption", "cover", "style", "shared")
    kinds = [k for k in (*TEXT_KINDS, "term", "scene", "shared") if k in t.data]
    if len(kinds) != 1:
        raise t.error("a block holds exactly one of para, bullet, step, term, scene, shared"
                      f" (found {', '.join(kinds) or 'none'})")
    kind = kinds[0]
    if kind == "term":
        t.only("term", "means")
        return Block("term", t.text("means"), term=t.text("term"))
    if kind == "scene":
        t.only("scene", "caption", "cover", "style")
        cover = t.data.get("cover", False)
        if not isinstance(cover, bool):
            raise t.error("'cover' must be true or false")
        style = _style(t, t.data.get("style", deck))
        return Block("scene", scene=Scene(style, _cards(t, t.text("scene"), style),
                                          t.text("caption"), cover))
    if kind == "shared":
        t.only("shared")
        ref = t.text("shared")
        if ref not in paragraphs:
            raise t.error(f"shared = {ref!r} names no paragraph of shared.toml "
                          f"(it has {', '.join(paragraphs) or 'none'})")
        return Block("para", paragraphs[ref])
    t.only(kind)
    return Block(cast(BlockKind, kind), t.text(kind))


def _game(folder: Path, key: str, headings: dict[str, str], paragraphs: dict[str, str],
          decks: dict[str, Deck]) -> tuple[GameRules, dict[str, tuple[str, ...]]]:
    t = _read(folder, f"{key}.toml")
    t.only("title", "deck", "tagline", "sections")
    deck = t.text("deck")
    if deck not in decks:
        raise t.error(f"deck {deck!r} is not a deck of decks.toml ({', '.join(decks)})")
    style = _style(t, decks[deck].style)
    sections: list[Section] = []
    coverage: dict[str, tuple[str, ...]] = {}
    all_sections = t.table("sections")
    for name in all_sections.data:
        sec = all_sections.table(name)
        sec.only("covers", "blocks")
        if name not in headings:
            raise sec.error(f"no heading for section {name!r} in shared.toml [headings]")
        raw = sec.data.get("blocks")
        if not isinstance(raw, list) or not raw:
            raise sec.error("needs at least one [[...blocks]]")
        blocks = tuple(_block(_Table(t.source, f"{sec.where}.blocks #{i + 1}", b), style,
                              paragraphs) for i, b in enumerate(raw))
        sections.append(Section(name, headings[name], blocks))
        if "covers" in sec.data:
            coverage[name] = sec.words("covers")
    if not sections:
        raise t.error("has no sections")
    return GameRules(key, t.text("title"), deck, t.text("tagline"), tuple(sections)), coverage


def _decks(folder: Path) -> dict[str, Deck]:
    t = _read(folder, "decks.toml")
    out: dict[str, Deck] = {}
    for key in t.data:
        d = t.table(key)
        d.only("title", "origin", "count", "courts", "history", "style", "fan", "games")
        style = _style(d, d.data.get("style"))
        try:
            fan = tuple(parse_card(c, style) for c in d.words("fan"))
        except NotationError as exc:
            raise d.error(f"fan: {exc}") from None
        if not fan:
            raise d.error("'fan' needs at least one card")
        out[key] = Deck(key, d.text("title"), d.text("origin"), d.text("count"),
                        d.text("courts"), d.text("history"), style, fan, d.words("games"))
    if not out:
        raise t.error("has no decks")
    return out


def load(folder: Path = CONTENT_DIR) -> Content:
    """Read and check every data file of ``folder``; :class:`ContentError` names the first
    file that is missing or wrong."""
    shared = _read(folder, "shared.toml")
    shared.only("games", "headings", "paragraphs", "ui")
    headings = shared.table("headings").texts()
    paragraphs = shared.table("paragraphs").texts() if "paragraphs" in shared.data else {}
    ui = shared.table("ui").texts()
    decks = _decks(folder)
    games: dict[str, GameRules] = {}
    coverage: dict[str, dict[str, tuple[str, ...]]] = {}
    for key in shared.words("games"):
        games[key], cov = _game(folder, key, headings, paragraphs, decks)
        if cov:
            coverage[key] = cov
    if not games:
        raise shared.error("'games' lists no rules page")
    for d in decks.values():
        unknown = [g for g in d.games if g not in games]
        if unknown:
            raise ContentError(f"{folder / 'decks.toml'} [{d.key}]: games {unknown} are not "
                               "in shared.toml's games")
    return Content(games, decks, ui, coverage, headings, paragraphs)


CONTENT = load()
GAMES: dict[str, GameRules] = CONTENT.games
DECKS: dict[str, Deck] = CONTENT.decks
UI: dict[str, str] = CONTENT.ui
# Which rule ids of the rules files each section covers (tests only; never shown).
COVERAGE: dict[str, dict[str, tuple[str, ...]]] = CONTENT.coverage


# ---- translation -----------------------------------------------------------------------------

_catalogs: dict[str, gettext.NullTranslations] = {}


def catalog(lang: str) -> gettext.NullTranslations:
    """The ``rules`` catalog of ``lang`` (loaded once; English is the msgid itself)."""
    if lang not in _catalogs:
        _catalogs[lang] = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang],
                                              fallback=True)
    return _catalogs[lang]


def rules_gettext(msgid: str) -> str:
    """``msgid`` in the current language (``game.i18n.language()``), from the rules domain,
    else from the interface catalog, else English; its Czech cards named by the glossary."""
    if not msgid:
        return msgid
    text = catalog(language()).gettext(msgid)
    return fill_cards(text if text != msgid else _(msgid))


def msgids(content: Content = CONTENT) -> list[str]:
    """Every msgid of the pages, in page order, without repeats (extraction, tests)."""
    return list(dict.fromkeys(e.msgid for e in content.entries()))
