"""The glossary: one word per game term and the names of the Czech cards, per language.

Each language has one data file, ``game/i18n/glossary/<lang>.toml``, so that the words a
player reads at the table and on the rules screens come from one place:

* ``[terms.<key>]``: the one word the language uses for a game term (``word``), the
  forms that count as that word (``forms``, regular expressions matched from a word's
  start: stems cover the inflected forms), the known wrong synonyms (``wrong``), the
  translations allowed for the bare term as a label or a heading (``labels``) and, in
  the English file, how to find the term in an English text (``match``).  Only tests
  read the terms (``tests/test_glossary.py``); players see the catalogs.
* ``[czech_deck]``: how a Czech card is named (``pattern``), every suit's name and its
  adjective in each gender and case, every rank's gender and forms, and the words that
  must not name those suits (``wrong``).  :func:`czech_card` builds every card's name
  from it, so all 32 names in every language follow one rule.
* ``[articles]`` (German, Spanish, English): the definite article by case and gender, and
  ``[faces]``, the gender of each French rank, so that a translation can write
  ``{card:acc}`` ("den Schellen-Ober", "die 10♦") where its grammar needs an article.

A card put into a sentence is a :class:`CardWords`: a ``str`` (its plain name) whose
format spec names a case of the current language, ``{card:acc}`` declined or with its
article, ``{card:Acc}`` the same with a capital first letter.  The rules screens write a
Czech card as its notation in braces (``{UH}``, ``{TH:acc}``); :func:`fill_cards` names
it.  A missing or broken file raises :class:`GlossaryError` naming the file.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from game.i18n.core import LANGUAGES, language

GLOSSARY_DIR = Path(__file__).resolve().parent / "glossary"
SUITS = ("L", "H", "B", "A")                     # leaves, hearts, bells, acorns
RANKS = ("7", "8", "9", "T", "U", "O", "K", "A")
GENDERS = ("m", "f", "n")
#: a Czech card in a rules-screen text: ``{UH}``, ``{TH:acc}``, ``{KL:The}``
CARD_MARK = re.compile(r"\{([789TUOKA][LHBA])(?::([A-Za-z]+))?\}")

__all__ = ["CARD_MARK", "GLOSSARY_DIR", "CardWords", "CzechDeck", "Glossary", "GlossaryError",
           "Term", "card_form", "czech_card", "czech_rank", "czech_suit", "fill_cards",
           "glossary", "load"]


class GlossaryError(ValueError):
    """A glossary file is missing or malformed (the message names the file)."""


@dataclass(frozen=True)
class Term:
    key: str
    word: str
    forms: tuple[str, ...]
    wrong: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()
    #: "everywhere": a wrong synonym counts in every entry; "named": only in entries whose
    #: English text names the term (verbs, whose words are common elsewhere)
    scope: str = "everywhere"
    match: str = ""           # English file only: the term in an English text (regex)


@dataclass(frozen=True)
class CzechDeck:
    pattern: str                               # "{suit} {rank}", "{rank} of {suit}", ...
    cases: tuple[str, ...]                     # the declined cases beside "nom"
    suit_names: dict[str, str]                 # suit -> its name ("kule")
    adjectives: dict[str, dict[str, dict[str, str]]]   # suit -> case -> gender -> form
    genders: dict[str, str]                    # rank -> gender
    ranks: dict[str, dict[str, str]]           # rank -> case -> form
    wrong: tuple[str, ...] = ()


@dataclass(frozen=True)
class Glossary:
    lang: str
    register: str
    formal: tuple[str, ...]
    terms: dict[str, Term]
    deck: CzechDeck
    articles: dict[str, dict[str, str]] = field(default_factory=dict)  # case -> gender
    faces: dict[str, str] = field(default_factory=dict)     # French rank -> gender
    joker: dict[str, str] = field(default_factory=dict)     # case -> the joker's form

    @property
    def specs(self) -> tuple[str, ...]:
        """The format specs a translation may put after a card: its cases and articles."""
        return tuple(dict.fromkeys(("nom", *self.deck.cases, *self.articles)))


# ---- reading ------------------------------------------------------------------------------

def _strings(path: Path, where: str, value: Any, *, empty: bool = True) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise GlossaryError(f"{path} [{where}]: must be a list of non-empty strings")
    if not empty and not value:
        raise GlossaryError(f"{path} [{where}]: must not be empty")
    return tuple(value)


def _table(path: Path, where: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise GlossaryError(f"{path} [{where}]: must be a table")
    return value


def _text(path: Path, where: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise GlossaryError(f"{path} [{where}]: must be a non-empty string")
    return value


def _by_gender(path: Path, where: str, value: Any) -> dict[str, str]:
    t = _table(path, where, value)
    out = {g: _text(path, f"{where}.{g}", t.get(g)) for g in GENDERS if g in t}
    if set(t) - set(GENDERS):
        raise GlossaryError(f"{path} [{where}]: genders are {', '.join(GENDERS)}")
    return out


def _deck(path: Path, raw: Any) -> CzechDeck:
    t = _table(path, "czech_deck", raw)
    pattern = _text(path, "czech_deck.pattern", t.get("pattern"))
    if "{rank}" not in pattern or "{suit}" not in pattern:
        raise GlossaryError(f"{path} [czech_deck]: pattern needs {{rank}} and {{suit}}")
    cases = _strings(path, "czech_deck.cases", t.get("cases", []))
    suits = _table(path, "czech_deck.suits", t.get("suits"))
    ranks = _table(path, "czech_deck.ranks", t.get("ranks"))
    names: dict[str, str] = {}
    adjectives: dict[str, dict[str, dict[str, str]]] = {}
    for s in SUITS:
        st = _table(path, f"czech_deck.suits.{s}", suits.get(s))
        names[s] = _text(path, f"czech_deck.suits.{s}.name", st.get("name"))
        adj = _table(path, f"czech_deck.suits.{s}.adjective", st.get("adjective", {}))
        adjectives[s] = {c: _by_gender(path, f"czech_deck.suits.{s}.adjective.{c}", v)
                         for c, v in adj.items()}
        if adj and "nom" not in adjectives[s]:
            raise GlossaryError(f"{path} [czech_deck.suits.{s}.adjective]: needs nom")
    genders: dict[str, str] = {}
    forms: dict[str, dict[str, str]] = {}
    for r in RANKS:
        rt = _table(path, f"czech_deck.ranks.{r}", ranks.get(r))
        genders[r] = _text(path, f"czech_deck.ranks.{r}.gender", rt.get("gender"))
        if genders[r] not in GENDERS:
            raise GlossaryError(f"{path} [czech_deck.ranks.{r}]: gender must be one of "
                                f"{', '.join(GENDERS)}")
        ft = _table(path, f"czech_deck.ranks.{r}.forms", rt.get("forms"))
        forms[r] = {c: _text(path, f"czech_deck.ranks.{r}.forms.{c}", v) for c, v in ft.items()}
        if "nom" not in forms[r]:
            raise GlossaryError(f"{path} [czech_deck.ranks.{r}.forms]: needs nom")
        for s in SUITS:
            if adjectives[s] and genders[r] not in adjectives[s]["nom"]:
                raise GlossaryError(f"{path} [czech_deck.suits.{s}.adjective.nom]: no "
                                    f"{genders[r]} form for rank {r}")
    return CzechDeck(pattern, cases, names, adjectives, genders, forms,
                     _strings(path, "czech_deck.wrong", t.get("wrong", [])))


def _terms(path: Path, raw: Any) -> dict[str, Term]:
    out: dict[str, Term] = {}
    for key, value in _table(path, "terms", raw).items():
        t = _table(path, f"terms.{key}", value)
        extra = set(t) - {"word", "forms", "wrong", "labels", "scope", "match"}
        if extra:
            raise GlossaryError(f"{path} [terms.{key}]: unknown key {sorted(extra)[0]!r}")
        word = _text(path, f"terms.{key}.word", t.get("word"))
        scope = t.get("scope", "everywhere")
        if scope not in ("everywhere", "named"):
            raise GlossaryError(f"{path} [terms.{key}]: scope is 'everywhere' or 'named'")
        term = Term(key, word, _strings(path, f"terms.{key}.forms", t.get("forms", [word]),
                                        empty=False),
                    _strings(path, f"terms.{key}.wrong", t.get("wrong", [])),
                    _strings(path, f"terms.{key}.labels", t.get("labels", [])), scope,
                    str(t.get("match", "")))
        for pattern in (*term.forms, *term.wrong, *([term.match] if term.match else [])):
            try:
                re.compile(pattern)
            except re.error as exc:
                raise GlossaryError(f"{path} [terms.{key}]: bad pattern {pattern!r}: {exc}") \
                    from None
        out[key] = term
    return out


def load(lang: str, folder: Path = GLOSSARY_DIR) -> Glossary:
    """Read and check ``<folder>/<lang>.toml``."""
    path = folder / f"{lang}.toml"
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise GlossaryError(f"{path}: missing (card names and game terms come from it)") \
            from None
    except tomllib.TOMLDecodeError as exc:
        raise GlossaryError(f"{path}: not valid TOML: {exc}") from None
    extra = set(data) - {"language", "register", "formal", "terms", "czech_deck", "articles",
                         "faces", "joker"}
    if extra:
        raise GlossaryError(f"{path}: unknown key {sorted(extra)[0]!r}")
    if data.get("language") != lang:
        raise GlossaryError(f"{path}: language must be {lang!r}")
    articles = {c: _by_gender(path, f"articles.{c}", v)
                for c, v in _table(path, "articles", data.get("articles", {})).items()}
    faces = {str(k): _text(path, f"faces.{k}", v)
             for k, v in _table(path, "faces", data.get("faces", {})).items()}
    joker = {str(k): _text(path, f"joker.{k}", v)
             for k, v in _table(path, "joker", data.get("joker", {})).items()}
    return Glossary(lang, _text(path, "register", data.get("register")),
                    _strings(path, "formal", data.get("formal", [])),
                    _terms(path, data.get("terms", {})), _deck(path, data.get("czech_deck")),
                    articles, faces, joker)


@cache
def _cached(lang: str) -> Glossary:
    return load(lang)


def glossary(lang: str | None = None) -> Glossary:
    """The glossary of ``lang`` (default: the current language; English for an unknown)."""
    code = lang or language()
    return _cached(code if code in LANGUAGES else "en")


# ---- naming cards -------------------------------------------------------------------------

def czech_suit(suit: str, lang: str | None = None) -> str:
    """A Czech suit's own name ("kule", "dzwonki", "bells")."""
    return glossary(lang).deck.suit_names.get(suit, suit)


def czech_rank(rank: str, case: str = "nom", lang: str | None = None) -> str:
    """A Czech rank's name ("svršek"), in ``case`` where the glossary declines it."""
    forms = glossary(lang).deck.ranks.get(rank)
    if forms is None:
        return rank
    return forms.get(case, forms["nom"])


def czech_card(code: str, case: str = "nom", lang: str | None = None) -> str:
    """A Czech card's name as its own deck calls it: "kulový svršek", "niżnik dzwonkowy",
    "Schellen-Ober", "caballo de cascabeles", "Ober of bells"; ``case`` declines it."""
    g = glossary(lang)
    if len(code) != 2 or code[0] not in RANKS or code[1] not in SUITS:
        return code
    rank, suit = code[0], code[1]
    gender = g.deck.genders[rank]
    adj = g.deck.adjectives[suit]
    if adj:
        by_case = adj.get(case, adj["nom"])
        suit_word = by_case.get(gender, adj["nom"][gender])
    else:
        suit_word = g.deck.suit_names[suit]
    return g.deck.pattern.format(rank=czech_rank(rank, case, g.lang), suit=suit_word)


def _gender(code: str, style: str, g: Glossary) -> str:
    if style == "czech" and len(code) == 2 and code[0] in g.deck.genders:
        return g.deck.genders[code[0]]
    return g.faces.get(code[:1] or "X", "m")


def card_form(code: str, style: str, text: str, spec: str,
              lang: str | None = None) -> str | None:
    """``text`` (a card's plain name) as the format spec ``spec`` asks, or None when the
    spec is not a case of the language.  Czech cards are declined; cards shown by their
    faces ("10♦") keep their text; the joker takes its declined form; where the language
    has articles, the case puts the definite article first."""
    g = glossary(lang)
    case = spec.lower()
    if case not in g.specs:
        return None
    if style == "czech" and len(code) == 2:
        out = czech_card(code, case if case in g.deck.cases else "nom", g.lang)
    elif code == "X" and g.joker:
        out = g.joker.get(case, text)
    else:
        out = text
    if case in g.articles:
        article = g.articles[case].get(_gender(code, style, g), "")
        out = f"{article} {out}" if article else out
    if spec[:1].isupper():
        out = out[:1].upper() + out[1:]
    return out


class CardWords(str):
    """A card's name in the current language that knows its card: ``format(w, "acc")``
    gives it in that case (declined, or with its article), as the glossary says."""

    code: str
    style: str

    def __new__(cls, text: str, code: str, style: str) -> CardWords:
        obj = super().__new__(cls, text)
        obj.code, obj.style = code, style
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardWords, (str(self), self.code, self.style))

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        form = card_form(self.code, self.style, str(self), spec)
        if form is not None:
            return form
        # a case this language lacks reads as the plain name rather than breaking the line
        return str(self) if spec.isalpha() else format(str(self), spec)


def fill_cards(text: str, lang: str | None = None) -> str:
    """``text`` with every Czech card mark (``{UH}``, ``{TH:acc}``) replaced by the card's
    name from the glossary; anything else is left as it is."""
    def name(m: re.Match[str]) -> str:
        code, spec = m.group(1), m.group(2) or ""
        plain = czech_card(code, "nom", lang)
        if not spec:
            return plain
        form = card_form(code, "czech", plain, spec, lang)
        return form if form is not None else m.group(0)

    return CARD_MARK.sub(name, text)
