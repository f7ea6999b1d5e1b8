"""The line: what most often followed a move in the review's play-outs, with only the
cards the reviewed seat could know.

The judge plays each move out on sampled deals (game.review.analysis); the review keeps
the first :data:`LINE_PLIES` moves of every play-out after the move played and after
the best.  A sampled deal is a guess at the hidden cards, so a line tells only what the
seat could know (:func:`masked`):

- the seat's own move names its cards where each of them was in sight of the seat when
  it decided (its hand, its own piles, the table: a card of its observation, each copy
  used once); a card it would only draw later is hidden;
- another seat's move never names a card: its cards are hidden, whatever the sample
  dealt ("Computer: plays a card"); a move without cards ("takes the cards", "passes",
  a trump declared) is told as it is, the same in every sample that made it.

A hidden card is written :data:`HIDDEN` in the notation ("attack ?").  The principal
line (:func:`principal`) follows, move by move, the continuation most play-outs took
among those that took the line so far (ties: the one met first, in the order of the
sampled deals), while at least :data:`MIN_SHARE` of the play-outs and two of them
follow it.  Where every card is known (a certain verdict) the line is the solver's line
of best play instead, with every card.

For words, a line is replayed on a deal consistent with the seat's observation where it
is legal (:func:`witness`: the judge's own sampled deals, searched in their order); the
words are the log's, any card the seat could not know told as :data:`HIDDEN`.  Pure: no
arcade or pyglet.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from game.i18n import _, ngettext
from game.i18n.moves import deck_style, move_told, told_line
from game.i18n.words import card_text, game_words
from game.review.seeds import position_seed, seed_for
from game.rules import Game, Move, Rng

#: the moves (every seat's) a line keeps after the move it follows
LINE_PLIES = 6
#: a line goes on while this share of the play-outs (and two of them) follows it
MIN_SHARE = 0.2
#: a card the seat could not know, in a line's notation
HIDDEN = "?"
#: the sampled deals searched for one where a line is legal (the judge's first ones)
WITNESS_DEALS = 256
#: moves tried in that search, all deals together (a line that needs more gets no words)
WITNESS_STEPS = 20000

#: one play-out's first moves: (the seat that moved, its move)
Followed = list[tuple[int, Move]]

_CARD = re.compile(r"^(?:[2-9TJQKAUO][SHDCLBA]|X)$")


def is_card(token: str) -> bool:
    """A move's token or an observation's string names a card (``9S``, ``UH``, ``X``)."""
    return bool(_CARD.match(token))


def seen_cards(obs: Mapping[str, Any]) -> Counter[str]:
    """Every card the seat has in sight in its observation, as many times as it shows
    (its hand, its piles, the table, cards it knows another seat holds)."""
    out: Counter[str] = Counter()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            if is_card(x):
                out[x] += 1
        elif isinstance(x, Mapping):
            for v in x.values():
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)

    walk({k: v for k, v in obs.items() if k != "game"})
    return out


def mask(move: str, own: bool, seen: Counter[str]) -> str:
    """``move`` as a line shows it: the seat's own cards that ``seen`` still holds (each
    used up), every other card :data:`HIDDEN`.  ``seen`` is changed."""
    out = []
    for token in move.split():
        if is_card(token):
            if own and seen[token] > 0:
                seen[token] -= 1
            else:
                token = HIDDEN
        out.append(token)
    if HIDDEN in out:      # what a hidden card was played as tells the card ("aux3=7")
        out = [t.partition("=")[0] for t in out]
    return " ".join(out)


def masked(obs: Mapping[str, Any], followed: Iterable[tuple[int, Move | str]],
           seen: Counter[str] | None = None) -> list[tuple[int, str]]:
    """One play-out's moves as a line shows them, for the seat of ``obs`` (``seen``: its
    :func:`seen_cards`, where already counted)."""
    seat = int(obs["seat"])
    left = Counter(seen) if seen is not None else seen_cards(obs)
    return [(who, mask(str(m), who == seat, left)) for who, m in followed]


def principal(obs: Mapping[str, Any], playouts: Sequence[Sequence[tuple[int, Move | str]]]
              ) -> tuple[tuple[str, ...], int]:
    """The principal line of ``playouts`` (the moves that followed one move, one list a
    sampled deal) as the seat of ``obs`` may see it, and how many play-outs followed all
    of it.  The same play-outs give the same line."""
    seen = seen_cards(obs)
    pool = [masked(obs, p, seen) for p in playouts]
    need = max(2, MIN_SHARE * len(pool))
    line: list[str] = []
    for ply in range(LINE_PLIES):
        counts: Counter[tuple[int, str]] = Counter(p[ply] for p in pool if len(p) > ply)
        if not counts:
            break
        top = max(counts.values())
        if top < need:
            break
        step = next(p[ply] for p in pool if len(p) > ply and counts[p[ply]] == top)
        line.append(step[1])
        pool = [p for p in pool if len(p) > ply and p[ply] == step]
    return tuple(line), len(pool) if line else 0


def lines_of(obs: Mapping[str, Any], followed: Mapping[str, Sequence[Followed]],
             moves: Iterable[str]) -> dict[str, tuple[tuple[str, ...], int]]:
    """The principal line after each of ``moves`` that has play-outs in ``followed``."""
    return {m: principal(obs, followed[m]) for m in moves if followed.get(m)}


# ----- a line replayed, for its words and for the tests ------------------------------------
def witness(obs: dict[str, Any], legal: Sequence[Move], move: str, line: Sequence[str]
            ) -> list[tuple[Game, Move, str]] | None:
    """A deal consistent with ``obs`` where ``move`` and then ``line`` are legal, moves
    with hidden cards standing for some legal move of the seat to play: each step as
    (the deal before it, the move, its shown form); None where none is found among the
    judge's first :data:`WITNESS_DEALS` sampled deals (the line is not legal there)."""
    from game.ai.infer.sampling import sample
    from game.games import spec

    seed = position_seed(obs, (str(m) for m in legal))
    seat = int(obs["seat"])
    budget = [WITNESS_STEPS]

    def search(g: Game, seen: Counter[str], i: int) -> Iterator[list[tuple[Game, Move, str]]]:
        if i == len(line):
            yield []
            return
        who = g.current_player
        if who is None:
            return
        tried: set[str] = set()
        for m in g.legal_moves():
            budget[0] -= 1
            if budget[0] < 0:
                return
            left = Counter(seen)
            shown = mask(str(m), who == seat, left)
            if shown != line[i] or str(m) in tried:
                continue
            tried.add(str(m))
            after = g.clone()
            after.play(m)
            for rest in search(after, left, i + 1):
                yield [(g, m, shown), *rest]
                return

    # the move, or one the game calls the same (the judge may have played the same ranks
    # in other suits: its line goes on from those)
    ref = spec(str(obs["game"])).same_move
    same = ref
    moves = [move, *(str(m) for m in legal
                     if same is not None and str(m) != move and same(str(m), move))]
    for k in range(WITNESS_DEALS):
        if budget[0] < 0:
            break
        base = sample(obs, Rng(seed_for(seed, 2 * k)))
        for first in moves:
            if base.check(first) is not None:
                continue
            g = base.clone()
            g.play(first)
            for found in search(g, seen_cards(obs), 0):
                return found
    return None


class Hidden(str):
    """A card the seat could not know, in words: :data:`HIDDEN` in every case a
    translation asks for (``{card:acc}``)."""

    def __format__(self, spec: str) -> str:
        return str(self)


def told(key: str, seat: int, obs: Mapping[str, Any],
         steps: Sequence[tuple[Game, Move, str]], style: str | None = None,
         human: int | None = None) -> list[str]:
    """Each step of a replayed line as the log tells it ("You attack with the 7♥",
    "Computer: beats the 7♥ with the ?"), from its shown notation: a card the seat could
    not know (one a hidden move put down, or one out of its sight) told as
    :data:`HIDDEN`; a move of several hidden cards, or one the game's words would tell
    by more than the card (a Pao De Kuai play by its ranks), only as "plays 2 cards"."""
    from game.games import spec

    words = game_words(key)
    deck = style or deck_style(key)
    known = seen_cards(obs)
    hidden: set[str] = set()
    me = seat if human is None else human
    out: list[str] = []

    def card(c: str) -> Any:
        return card_text(c, deck) if c in known and c not in hidden else Hidden(HIDDEN)

    for g, m, shown in steps:
        who = g.current_player
        assert who is not None
        own = who == seat
        cards = [t for t in str(m).split() if is_card(t)]
        n = shown.split().count(HIDDEN)
        if n:
            hidden.update(cards)
        else:
            known.update(cards)
        said = ""
        if words is not None and words.told is not None and n <= 1:
            try:             # a hidden card's move told as the log tells it, the card "?"
                said = words.told(Move.parse(shown), g.observation(who), card, own)
            except (ValueError, IndexError, KeyError):
                said = ""
            if n and (HIDDEN not in said or said.strip() == HIDDEN):
                said = ""    # the words tell more than its kind, or no more than "?"
        if not said and n:
            # TRANSLATORS: the log's words for a move whose cards the player could not see
            # (the computer only guessed them): "you play a card" is the player's own, a
            # sentence of its own; "plays a card" follows a seat's name ("Computer 1:
            # plays 2 cards").  The same tense as the games' log (English, German,
            # Polish, Czech: the present; Spanish: the preterite)
            said = (ngettext("you play a card", "you play {n} cards", n) if own
                    else ngettext("plays a card", "plays {n} cards", n)).format(n=n)
        elif not said:
            said = " ".join(str(card(c)) if is_card(c) else c for c in str(m).split())
        out.append(told_line(spec(key).seat_name(who, me), said, own))
    return out


def replayed(journal: Any, seat: int, index: int, move: str, line: Sequence[str]
             ) -> tuple[dict[str, Any], list[tuple[Game, Move, str]]] | None:
    """A sampled line after ``move`` at journal move ``index`` (``seat``'s decision),
    replayed (:func:`witness`) with the seat's observation there; None where it cannot
    be."""
    if journal is None or not line:
        return None
    try:
        g = journal.state_at(index)
        obs = g.observation(seat)
        steps = witness(obs, g.legal_moves(), move, line)
    except ValueError:       # a journal this version does not replay: no words
        return None
    return None if steps is None else (obs, steps)


def sentence(key: str, seat: int, obs: Mapping[str, Any],
             steps: Sequence[tuple[Game, Move, str]], style: str | None = None) -> str:
    """A replayed line in a sentence ("Most often then: Computer: takes the cards; You
    attack with the 8♥.")."""
    said = told(key, seat, obs, steps, style)
    # TRANSLATORS: {moves} is what most often followed a move when the computer played
    # the deal on from there many times, each move as the log tells it, joined by "; "
    # ("Computer: takes the cards; You attack with the 8♥"); another seat's cards stay
    # unnamed ("plays a card"), since the computer only guessed them
    text = _("Most often then: {moves}.").format(moves="; ".join(said))
    if any(HIDDEN in s for s in said):
        # TRANSLATORS: after a line of play that shows "?" for a card
        text += " " + _("(? is a card you could not see.)")
    return text


def best_play_words(journal: Any, seat: int, style: str | None, index: int, move: str,
                    line: Sequence[str]) -> str:
    """The line of best play after ``move`` at journal move ``index`` (``seat``'s
    decision), as the log tells each move ("You attack with the 7♥; Computer: beats the
    7♥ with the 9♥"); empty where the journal cannot replay it."""
    from game.games import spec

    if journal is None or not line:
        return ""
    try:
        g = journal.state_at(index)
        g.play(move)
        told = []
        for m in line:
            who = g.current_player
            if who is None:
                break
            own = who == seat
            said = move_told(journal.game, m, g.observation(who), style, own=own)
            told.append(told_line(spec(journal.game).seat_name(who, seat), said, own))
            g.play(m)
    except Exception:  # a line this version does not replay: no words
        return ""
    # TRANSLATORS: {moves} is the moves of best play after a move, each as the log tells
    # it, joined by "; " ("You attack with the 7♥; Computer: beats the 7♥ with the 9♥")
    return _("Then, with best play: {moves}.").format(moves="; ".join(told))
