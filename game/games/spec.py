"""The record a game gives the rest of the program: :class:`GameSpec`.

Shared code (the menu, the tables' base, the AI factory, the review, History, Settings,
the tools) asks a game's spec and never names a game.  A spec holds the game's engine,
bots and hooks as typed references (:mod:`game.games.contract`), so mypy checks every
game against what shared code calls; only the table, which needs arcade, is named by a
``"module:Class"`` string that the scenes load when a table opens
(:func:`game.lazy.resolve`).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from game.games.contract import (
    Bench,
    BotFactory,
    Checks,
    Decide,
    PolicyMaker,
    ReviewExact,
    ReviewExactPlay,
    Reward,
    SameMove,
    Sampler,
    SeatTest,
    SeatValue,
    Situation,
    Traits,
    Why,
    Words,
)
from game.i18n.core import _
from game.rules.base import Game


@dataclass(frozen=True)
class GameSpec:
    """Everything shared code needs to know about one game besides its rules.

    The rules facts (title, deck, players allowed) stay on the engine class; the spec
    adds the presentation (menu tile, seat names, default level), and where the game's
    own code lives: the engine, the table view, the bots its levels name, and how the
    search levels deal the cards a seat cannot see.
    """

    key: str
    #: the engine (a :class:`~game.rules.base.Game`)
    engine: type[Game]
    #: ``module:Class`` of the table view: the one reference held as text, since a table
    #: needs arcade (the scenes load it when a table opens, :func:`game.lazy.resolve`)
    table: str
    #: the short line on the menu tile (translated where shown)
    summary: str
    #: the card shown on the menu tile, in the game's deck style
    tile_card: str
    #: deals the unseen cards of an observation (the search levels)
    sampler: Sampler
    #: the bots this game's levels may name: ``kind`` -> the bot's class
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    default_level: str = "normal"

    # ----- the AI and the review: what game.ai (registry, greedy, search), game.review and
    # the tools ask of a game.
    #: the levels used when ``levels/<key>.toml`` is missing or damaged (empty: a random
    #: level), so play goes on
    fallback_levels: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: the ``greedy`` baseline's decision: (observation, legal moves, Rng) -> move
    greedy: Decide | None = None
    #: the generic search's rollout policies: name -> a function of the game's key that
    #: makes a policy (engine state, legal moves) -> move; a level's ``rollout`` names one
    rollouts: Mapping[str, PolicyMaker] = field(default_factory=dict)
    #: each seat's reward 0..1 for an engine state, finished or cut off: state -> list
    reward: Reward | None = None
    #: (state, seat) -> whether the seat is out for good, where going out early is worth
    #: more (the search's ``out_order``); None: the order of going out means nothing
    goes_out: SeatTest | None = None
    #: the seat that loses a deal while every other seat wins, as reports name it
    #: ("the Dudák"); None: a deal is won (wins, draws and losses as usual)
    loser: str | None = None
    #: what the review's values are: a chance (0..1) or expected points
    review_unit: Literal["chance", "points"] = "chance"
    #: the review's built-in settings (``game.review.analysis.Settings`` field -> number);
    #: ``levels/review.toml`` under ``[<key>]`` tunes them
    review_settings: Mapping[str, float] = field(default_factory=dict)
    #: (state, seat) -> what the end of a review's play-out is worth to the seat; None:
    #: the result once over, the search's reward when cut off
    review_value: SeatValue | None = None
    #: (notation, notation) -> whether two different notations are one move; None: never
    same_move: SameMove | None = None
    #: the review's exact values where every card is known: (observation, legal moves,
    #: node cap) -> each move with its value (a best move first), or None to estimate
    #: instead; None: the game has none
    review_exact: ReviewExact | None = None
    #: ... and where they are, after each move the chance against the other seats as
    #: they play (the seat playing on as the hard level does) and the line of best play:
    #: (observation, moves, each seat's (rollout policy, chance of a random move),
    #: samples, node cap, seed) -> (a chance, moves in notation) each; None: the exact
    #: value is shown as the chance, and no line
    review_exact_play: ReviewExactPlay | None = None
    #: the kind of position a review's map and thresholds are fitted for apart
    #: (observation -> a name, or None for the game's own): levels/review.toml's
    #: ``[<key>.situations.<name>]``; None: one kind only
    review_situation: Situation | None = None
    #: why a move was worse, in plain words: (observation, played, best) -> sentences in
    #: the player's language (the patterns the game knows); None: no words
    review_why: Why | None = None
    #: what the review's play-outs measure beside the value, so a verdict can say what
    #: the move played led to ("you took the cards more often"): a
    #: :class:`~game.review.model.Traits`; None: values only
    review_traits: Traits | None = None

    def fair_share(self, players: int) -> float:
        """A seat's fair share of wins at a table of ``players`` (of not being the loser,
        in a game with one loser)."""
        return 1 - 1 / players if self.loser else 1 / players

    def review_chance(self) -> str:
        """What a review's chance is the chance of, in the CLI's (English) words."""
        return f"chance of not being {self.loser}" if self.loser else "chance of winning"

    def ai_references(self) -> dict[str, object]:
        """The references of the block above, by what they are."""
        refs: dict[str, object] = {f"rollout {name}": ref
                                   for name, ref in self.rollouts.items()}
        named: dict[str, object | None] = {
                 "greedy": self.greedy, "reward": self.reward, "goes out": self.goes_out,
                 "review value": self.review_value, "same move": self.same_move,
                 "review exact": self.review_exact,
                 "review exact play": self.review_exact_play, "review why": self.review_why,
                 "review traits": self.review_traits}
        refs.update({what: ref for what, ref in named.items() if ref is not None})
        return refs
    # ----- end of the AI and review block

    # ----- presentation, History, settings, tools and tests: what the words, the store,
    # the rules and History screens, the tools and the tests ask of a game -----
    #: the game's words, a :class:`~game.i18n.words.GameWords` (its moves in plain words,
    #: the cards a move puts down, its refusals, its chances); None: no words
    words: Words | None = None
    #: the letters of the engine's rule ids ("DUR" in "DUR-4"); players never read them
    rule_prefix: str = ""
    #: how History shows a deal's score: "number", "signed" (points with their sign) or
    #: "outcome" (W / L / D); and how many decimals the average score has
    score_shown: str = "number"
    average_places: int = 1
    #: what a surrendered deal scores: minus the seat's count in this observation entry
    #: (e.g. the reserve cards left); None: 0
    surrender_count: str | None = None
    #: the cards fanned on the rules chooser's tile (in the game's deck)
    rules_fan: tuple[str, ...] = ()
    #: the table the tools picture and time when none is named (one game sets it)
    tools_default: bool = False
    #: what the conformance and soak suites (tests/) need of this game; None: the game
    #: is not checked (a registered game must bring them: a test says so)
    checks: Checks | None = None
    #: the game's own measurements for ``cardclub bench``: name ->
    #: ``function(parser, args) -> exit status`` (the function's docstring helps)
    benches: Mapping[str, Bench] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return self.engine.title

    @property
    def deck(self) -> str:
        return self.engine.deck_style

    @property
    def players_allowed(self) -> tuple[int, ...]:
        return self.engine.players_allowed

    def seat_name(self, seat: int, human: int = 0) -> str:
        """"You" for the human seat, "Computer N" for the others (in the current language);
        a game of two has one computer, "Computer", as its table names it."""
        if seat == human:
            return _("You")
        if self.players_allowed == (2,):
            return _("Computer")
        return _("Computer {n}").format(n=(seat - human) % 8)

    def players_line(self) -> str:
        lo, hi = min(self.players_allowed), max(self.players_allowed)
        if lo == hi:
            return _("{n} players · you vs AI").format(n=lo)
        return _("{lo} to {hi} players · you vs AI").format(lo=lo, hi=hi)

    def references(self) -> dict[str, object]:
        """Every reference of this spec to the game's code by what it is, but the table
        (the tests check them all)."""
        refs: dict[str, object] = {"engine": self.engine, "sampler": self.sampler}
        refs.update({f"bot {kind}": ref for kind, ref in self.bots.items()})
        refs.update(self.ai_references())
        if self.words is not None:
            refs["words"] = self.words
        refs.update({f"bench {name}": ref for name, ref in self.benches.items()})
        return refs
