"""Words for cards and engine refusals, in the current language.

``card_text`` names a card as its face shows it (``10♦``, ``J♣``, ``Д♠``; Czech cards by
their names, "kulový svršek" / "Ober of bells", since their suits have no symbols);
``card_name`` gives the full name ("Queen of spades").  Both return a
:class:`~game.i18n.vocabulary.CardWords`, so a translation may ask for the card in a case
(``{card:acc}``: "kulového svrška", "den Schellen-Ober").  The Czech cards' names, suits
and ranks come from the glossary (``game/i18n/glossary/<lang>.toml``), one rule for all
32 cards.  ``refusal_text`` turns a structured :class:`~game.rules.IllegalMove` (message
key + parameters) into a plain sentence with no rule id and no card notation.  A game's
own words (its moves, its refusals) live in its package as a :class:`GameWords`, named by
its spec: :data:`MESSAGES` gathers the refusals of every game when first read.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.cards import ATLASNYE_LABELS, JOKER, RANK_LABELS, SUIT_SYMBOLS, Card
from game.i18n.core import _, ngettext, pgettext
from game.i18n.numbers import counted
from game.i18n.vocabulary import CardWords, czech_card, czech_rank, czech_suit

if TYPE_CHECKING:
    from game.rules.base import Move

__all__ = ["MESSAGES", "CardWords", "GameWords", "Prompt", "Prompter", "all_cards",
           "average_cards", "card_name", "card_text", "cards_text", "count_cards",
           "first_card", "game_words", "is_card", "rank_text", "refusal_text",
           "render_refusal", "said", "shape_name", "suit_name"]


def _style_of(card: str | Card, style: str | None) -> tuple[str, str]:
    """(notation, deck style) for a card given as notation or as a :class:`Card`."""
    if isinstance(card, Card):
        return str(card), style or card.style
    return str(card).strip().upper(), style or "french"


def suit_name(suit: str, style: str = "french") -> str:
    """A suit's name: "hearts", "bells" (Czech deck: the glossary's), in the current
    language."""
    if style == "czech":
        return czech_suit(suit)
    return {
        "S": pgettext("french suit", "spades"),
        "H": pgettext("french suit", "hearts"),
        "D": pgettext("french suit", "diamonds"),
        "C": pgettext("french suit", "clubs"),
    }.get(suit, suit)


def rank_text(rank: str, style: str = "french") -> str:
    """A rank as players know it: the face index (``10``, ``J``, ``Д``), or for Czech cards
    the court's name from the glossary ("svršek", "Ober")."""
    if rank == JOKER:
        return _("joker")
    if style == "czech":
        return "10" if rank == "T" else czech_rank(rank) if rank in ("U", "O", "K", "A") else rank
    if style == "atlasnye":
        return ATLASNYE_LABELS.get(rank, rank)
    return RANK_LABELS.get(rank, rank)


def card_text(card: str | Card, style: str | None = None) -> CardWords:
    """A card as its face shows it: ``10♦``, ``J♣``, ``Д♠`` (Atlasnye), "joker"; Czech
    cards by name ("kulový svršek"), their suits having no symbols."""
    code, style = _style_of(card, style)
    if code == JOKER:
        return CardWords(_("joker"), code, style)
    if style == "czech":
        return card_name(code, style)
    if len(code) != 2:
        return CardWords(code, code, style)
    return CardWords(rank_text(code[0], style) + SUIT_SYMBOLS.get(code[1], code[1]), code,
                     style)


def card_name(card: str | Card, style: str | None = None) -> CardWords:
    """A card's full name: "Queen of spades", "Ober of bells" ("kulový svršek")."""
    code, style = _style_of(card, style)
    if style == "czech":
        return CardWords(czech_card(code), code, style)
    return CardWords(_french_names().get(code, code), code, style)


def cards_text(cards: Iterable[str | Card], style: str | None = None) -> str:
    return ", ".join(card_text(c, style) for c in cards)


def grouped(n: int) -> str:
    """48213 -> "48 213" (a no-break space between groups of three): a deal's number."""
    return f"{n:,}".replace(",", "\u00a0")


def count_cards(n: int) -> str:
    """ "1 card", "3 cards" (Czech "3 karty", "5 karet")."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def average_cards(value: float) -> str:
    """An average count of cards, one decimal: "7.4 cards" (Polish and Czech "7,4 karty",
    the form their plural rules give a fraction)."""
    return counted(value, 1, lambda n: ngettext("{n} card", "{n} cards", n),
                   # TRANSLATORS: a count of cards with a fraction ("7.4 cards"): the form
                   # your language's plural rules give a fraction (Czech, Polish: "karty")
                   lambda: pgettext("a fraction", "{n} cards"))


def shape_name(shape: Mapping[str, Any] | None) -> str:
    """A Pao De Kuai play's shape (``Shape.to_dict()``) in words: "straight of 6 cards"."""
    if not shape:
        return ""
    kind, size = shape.get("kind", ""), int(shape.get("size", 0))
    if kind == "bomb":
        name = shape.get("name", "")
        if name == "heavenly bomb":
            return _("heavenly bomb")
        if name == "three-ace bomb":
            return _("three-ace bomb")
        return _("bomb")
    if kind == "straight":
        return ngettext("straight of {n} card", "straight of {n} cards", size).format(n=size)
    if kind == "pairs":
        n = size // 2
        return ngettext("run of {n} pair", "run of {n} pairs", n).format(n=n)
    return str({"single": _("single"), "pair": _("pair"), "triple": _("triple")}.get(kind, kind))


def _pile(source: str) -> str:
    if source == "reserve":
        return _("your reserve")
    if source.startswith("aux") and source[3:].isdigit():
        return _("side pile {n}").format(n=int(source[3:]))
    return _("your hand")


def _params(params: Mapping[str, Any], style: str) -> dict[str, str]:
    """Each parameter in words, by its name's convention (see ``IllegalMove``)."""
    out: dict[str, str] = {}
    for k, v in params.items():
        if v is None:
            out[k] = ""
        elif k in ("card", "top", "target"):
            out[k] = card_text(str(v), style)
        elif k in ("cards", "table"):
            out[k] = cards_text([str(c) for c in v], style)
        elif k == "ranks":
            out[k] = ", ".join(rank_text(str(r), style) for r in v)
        elif k == "rank":
            out[k] = rank_text(str(v), style)
        elif k == "suit":
            out[k] = suit_name(str(v), style)
        elif k in ("shape", "table_shape"):
            out[k] = shape_name(v)
        elif k == "source":
            out[k] = _pile(str(v))
        else:
            out[k] = str(v)
    return out


Words = dict[str, str]
Raw = Mapping[str, Any]
#: a refusal's sentence, from its worded and its raw parameters
Refusal = Callable[[Words, Raw], str]
#: names a card (in notation) in the deck of the game being told
CardNamer = Callable[[str], Any]

#: the refusals every game shares: message key -> the sentence for it
SHARED: dict[str, Refusal] = {
    "deal_over": lambda w, r: _("The deal is over; no more moves can be made."),
    "card_not_in_hand": lambda w, r: _("You do not hold {card}.").format(**w),
    "cards_not_in_hand": lambda w, r: ngettext(
        "You do not hold {cards}.", "You do not hold all of these cards: {cards}.",
        len(r.get("cards") or ())).format(**w),
    "does_not_beat": lambda w, r: _("Your {card} does not beat {target}.").format(**w),
}


def is_card(text: str) -> bool:
    """A move's argument names a card (``9S``, the joker ``X``), not a pile or a suit."""
    return len(text) == 2 or text == "X"


def all_cards(move: Move) -> list[str]:
    """Every card a move names (a Pao De Kuai play puts them all down)."""
    return [c for c in move.args if is_card(c)]


def first_card(move: Move) -> list[str]:
    """The card a move puts down, when its first argument is one (none for a pass, a
    take, a trump declared)."""
    return [move.args[0]] if move.args and is_card(move.args[0]) else []


@dataclass(frozen=True)
class Prompt:
    """The status line's sentence while it is a seat's turn (what it may do now), and
    what the sentence claims: ``offers``, the kinds of action it names as open now
    (``{"defend", "take"}``), and ``denies``, those it says are not.  A game builds it in
    one place (its words' ``prompt``) from the seat's observation and legal moves, never
    from a table's picture; ``tests/test_prompts.py`` holds the claims against the engine
    on every decision of random deals."""

    text: str
    offers: frozenset[str] = frozenset()
    denies: frozenset[str] = frozenset()

    def then(self, line: str, *offers: str) -> Prompt:
        """The sentence with a second line that offers more."""
        return Prompt(f"{self.text}\n{line}", self.offers | frozenset(offers), self.denies)


def said(text: str, offers: Iterable[str] = (), denies: Iterable[str] = ()) -> Prompt:
    """A :class:`Prompt` of ``text`` that offers ``offers`` and denies ``denies``."""
    return Prompt(text, frozenset(offers), frozenset(denies))


#: ``prompt(obs, legal, card, who, chosen)``: the sentence for the seat to decide
#: (``obs`` its observation, ``legal`` its moves, ``card`` names a card, ``who`` a seat
#: as the player calls it, ``chosen`` the legal moves of the cards it has chosen, where
#: a game asks)
Prompter = Callable[[Mapping[str, Any], "list[Move]", CardNamer, Callable[[int], str],
                     "list[Move]"], Prompt]


@dataclass(frozen=True)
class GameWords:
    """A game's own words, from its package (``game/games/<key>/words.py``, named by its
    spec's ``words``): how its moves read, in two voices (the hint's suggestion and the
    log's account), which cards they put down, why its engine refuses a move, and how its
    review speaks of a chance."""

    #: ``say(move, obs, card, own)``: the move as the hint suggests it, to the player
    #: ("beat the 9♠ with the J♠"), from the deciding seat's observation before it;
    #: ``card`` names a card; ``own``: the reader's own move
    say: Callable[[Move, Mapping[str, Any], CardNamer, bool], str]
    #: ``told(move, obs, card, own)``: the move as the log tells it, a deed, never an
    #: order: another seat's in the third person, to follow its name ("beats the 9♠ with
    #: the J♠"), the player's own (``own``) in the second person, a clause that stands
    #: alone ("you beat the 9♠ with the J♠"); None: the hint's words
    told: Callable[[Move, Mapping[str, Any], CardNamer, bool], str] | None = None
    #: the cards a move puts down (in notation, for their pictures)
    cards: Callable[[Move], list[str]] = all_cards
    #: the engine's own refusals: message key -> the sentence for it
    refusals: Mapping[str, Refusal] = field(default_factory=dict)
    #: "{p} chance to win" in the game's words (``p`` a per cent); None: those words
    chance: Callable[[str], str] | None = None
    #: the caption of the review's graph of chances; None: the general one
    chance_caption: Callable[[], str] | None = None
    #: the status line while the seat is to decide (:data:`Prompter`)
    prompt: Prompter | None = None
    #: a turn is several plays (Autobus): the log tells a seat's whole turn on one line
    whole_turns: bool = False
    #: ``brief(move, obs, card, own)``: a move in the fewest words ("8♥ on side pile 2"),
    #: for a seat's newest play where room is short; None: the log's words
    brief: Callable[[Move, Mapping[str, Any], CardNamer, bool], str] | None = None


def game_words(key: str | None) -> GameWords | None:
    """The words of game ``key`` (its spec's ``words``, loaded on first use); None for a
    game we do not know."""
    from game.games import SPECS

    spec = SPECS.get(key or "")
    words = spec.words if spec is not None else None
    return words if isinstance(words, GameWords) else None


class _Messages(Mapping[str, Refusal]):
    """Message key -> sentence: the shared refusals and every game's own (read from the
    games' words when first asked, since the games' packages import this module)."""

    def __init__(self, shared: Mapping[str, Refusal]) -> None:
        self._shared = shared
        self._table: dict[str, Refusal] | None = None

    def _load(self) -> dict[str, Refusal]:
        if self._table is None:
            from game.games import ORDER

            table = dict(self._shared)
            for key in ORDER:
                words = game_words(key)
                if words is not None:
                    table.update(words.refusals)
            self._table = table
        return self._table

    def __getitem__(self, key: str) -> Refusal:
        return self._load()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())


#: message key -> the sentence for it, from the worded and the raw parameters
MESSAGES: Mapping[str, Refusal] = _Messages(SHARED)


def refusal_text(exc: Any, style: str = "french") -> str:
    """Why a move was refused, as one plain sentence in the current language.

    ``exc`` is an :class:`~game.rules.IllegalMove` (``key``, ``params``); ``style`` is the
    deck of the game (``Game.deck_style``), which says how cards are named.  Never shows
    the rule id; an unknown key gives a general sentence rather than an error.
    """
    key = getattr(exc, "key", "")
    params = getattr(exc, "params", None) or {}
    if key in MESSAGES:
        try:
            return render_refusal(key, params, style)
        except (KeyError, IndexError, ValueError, TypeError):
            pass
    return _("That move is not allowed now.")


def render_refusal(key: str, params: Mapping[str, Any], style: str = "french") -> str:
    """The sentence for a message key, raising KeyError for an unknown key or a
    translation whose placeholders the parameters lack (tests use this)."""
    return MESSAGES[key](_params(params, style), params)


def _french_names() -> dict[str, str]:
    """Full names of the French cards (Atlasnye cards are named the same)."""
    return {
        "2S": pgettext("french card", "2 of spades"),
        "3S": pgettext("french card", "3 of spades"),
        "4S": pgettext("french card", "4 of spades"),
        "5S": pgettext("french card", "5 of spades"),
        "6S": pgettext("french card", "6 of spades"),
        "7S": pgettext("french card", "7 of spades"),
        "8S": pgettext("french card", "8 of spades"),
        "9S": pgettext("french card", "9 of spades"),
        "TS": pgettext("french card", "10 of spades"),
        "JS": pgettext("french card", "Jack of spades"),
        "QS": pgettext("french card", "Queen of spades"),
        "KS": pgettext("french card", "King of spades"),
        "AS": pgettext("french card", "Ace of spades"),
        "2H": pgettext("french card", "2 of hearts"),
        "3H": pgettext("french card", "3 of hearts"),
        "4H": pgettext("french card", "4 of hearts"),
        "5H": pgettext("french card", "5 of hearts"),
        "6H": pgettext("french card", "6 of hearts"),
        "7H": pgettext("french card", "7 of hearts"),
        "8H": pgettext("french card", "8 of hearts"),
        "9H": pgettext("french card", "9 of hearts"),
        "TH": pgettext("french card", "10 of hearts"),
        "JH": pgettext("french card", "Jack of hearts"),
        "QH": pgettext("french card", "Queen of hearts"),
        "KH": pgettext("french card", "King of hearts"),
        "AH": pgettext("french card", "Ace of hearts"),
        "2D": pgettext("french card", "2 of diamonds"),
        "3D": pgettext("french card", "3 of diamonds"),
        "4D": pgettext("french card", "4 of diamonds"),
        "5D": pgettext("french card", "5 of diamonds"),
        "6D": pgettext("french card", "6 of diamonds"),
        "7D": pgettext("french card", "7 of diamonds"),
        "8D": pgettext("french card", "8 of diamonds"),
        "9D": pgettext("french card", "9 of diamonds"),
        "TD": pgettext("french card", "10 of diamonds"),
        "JD": pgettext("french card", "Jack of diamonds"),
        "QD": pgettext("french card", "Queen of diamonds"),
        "KD": pgettext("french card", "King of diamonds"),
        "AD": pgettext("french card", "Ace of diamonds"),
        "2C": pgettext("french card", "2 of clubs"),
        "3C": pgettext("french card", "3 of clubs"),
        "4C": pgettext("french card", "4 of clubs"),
        "5C": pgettext("french card", "5 of clubs"),
        "6C": pgettext("french card", "6 of clubs"),
        "7C": pgettext("french card", "7 of clubs"),
        "8C": pgettext("french card", "8 of clubs"),
        "9C": pgettext("french card", "9 of clubs"),
        "TC": pgettext("french card", "10 of clubs"),
        "JC": pgettext("french card", "Jack of clubs"),
        "QC": pgettext("french card", "Queen of clubs"),
        "KC": pgettext("french card", "King of clubs"),
        "AC": pgettext("french card", "Ace of clubs"),
        "X": pgettext("french card", "Joker"),
    }
