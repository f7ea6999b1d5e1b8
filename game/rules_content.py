"""What the rules screens and the card-traditions pages say, as structured data.

Every string a player reads is an English msgid marked with ``N_()``; views translate it
with :func:`rules_gettext` when they lay the page out.  The translations live in their own
gettext domain, ``rules`` (``game/i18n/locale/<lang>/LC_MESSAGES/rules.po``), so they never
collide with the interface catalog.

``COVERAGE`` says which rule ids of ``shared/rules`` each section covers.  Only tests read
it: rule ids are never shown to players.
"""
from __future__ import annotations

import gettext
from dataclasses import dataclass, field
from typing import Literal

from game import i18n
from game.i18n import N_

DOMAIN = "rules"

BlockKind = Literal["para", "bullet", "step", "term", "scene"]


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


def P(text: str) -> Block:
    return Block("para", text)


def B(text: str) -> Block:
    return Block("bullet", text)


def S(text: str) -> Block:
    return Block("step", text)


def T(term: str, text: str) -> Block:
    return Block("term", text, term=term)


def X(style: str, groups: str, caption: str, cover: bool = False) -> Block:
    """A scene: ``groups`` is card notation, groups split by ``|``, cards by spaces."""
    parsed = tuple(tuple(g.split()) for g in groups.split("|"))
    return Block("scene", scene=Scene(style, parsed, caption, cover))


# ---- words every page shares -------------------------------------------------------------

OBJECTIVE = N_("Objective")
SETUP = N_("Setup and deal")
HOW = N_("How to play, step by step")
IMPORTANT = N_("Important rules")
SCORING = N_("Scoring")
TIPS = N_("Tips")
EXAMPLE = N_("Worked example")
TERMS = N_("Key terms")
CONTROLS = N_("At the table you drag a card to where it should go, or tap the card and then "
              "tap a highlighted place. Esc opens the pause menu; the opponents wait while a "
              "menu or these rules are open, and the game is saved after every move.")

UI = {
    "rules": N_("Rules"),
    "choose": N_("Choose a game to read how it is played."),
    "how_to_play": N_("How to play"),
    "start": N_("Start playing"),
    "back": N_("Back"),
    "decks": N_("Card decks"),
    "traditions": N_("Card traditions"),
    "origin": N_("Origin"),
    "count": N_("Cards"),
    "courts": N_("Courts"),
    "used_by": N_("Our games with this deck"),
    "history": N_("History"),
    "read_rules": N_("Read the rules"),
}

# ---- Durak -------------------------------------------------------------------------------

DURAK = GameRules("durak", "Durak", "atlasnye", N_(
    "Two players. Attack, defend or take, and do not be the last one holding cards."), (
    Section("objective", OBJECTIVE, (
        P(N_("Shed every card you hold once the talon has run dry. Whoever is still holding "
             "cards at the end is the durak, the fool, and loses the deal. If both hands "
             "empty at the same moment, the deal is a draw. Nobody counts points: a deal is "
             "simply won, lost or drawn.")),
    )),
    Section("setup", SETUP, (
        P(N_("The Russian deck has 36 cards, six up to ace in four suits. Its court cards "
             "carry Cyrillic letters: В for the jack, Д for the queen, К for the king and Т "
             "for the ace.")),
        P(N_("Each of you gets six cards, dealt one by one. The card after them is turned "
             "face up: its suit is trumps for the whole deal. It goes under the talon, still "
             "showing, so it will be the very last card anyone draws.")),
        P(N_("The player holding the lowest trump makes the first attack. If neither hand "
             "has a trump, you attack first.")),
    )),
    Section("play", HOW, (
        S(N_("The attacker opens a bout with one card of any rank.")),
        S(N_("The defender covers it with a higher card of the same suit, or with any trump "
             "if the attacking card is not a trump.")),
        S(N_("After each card is covered, the attacker may throw in one more card of a rank "
             "that already lies on the table, whether it attacked or defended, or may stop.")),
        S(N_("Instead of covering, the defender may take. The attacker can still throw in "
             "cards of matching ranks, then the defender picks up every card of the bout and "
             "the same attacker attacks again.")),
        S(N_("If every attacking card is covered when the attacker stops, all the cards on "
             "the table leave the game and the defender becomes the next attacker.")),
        S(N_("When a bout is over, the attacker draws from the talon until holding six "
             "cards, then the defender does the same, for as long as the talon lasts.")),
        P(CONTROLS),
    )),
    Section("rules", IMPORTANT, (
        B(N_("A trump can be covered only by a higher trump.")),
        B(N_("You never have to follow suit: a trump may cover a card even if you also hold "
             "its suit.")),
        B(N_("A bout holds at most six attacking cards, and never more than the defender "
             "held when the bout began. Cards thrown in after a take count towards both "
             "limits.")),
        B(N_("A bout never ends by itself: the attacker has to stop or the defender has to "
             "take.")),
        B(N_("Playing your last card in the middle of a bout does not end the deal. Hands "
             "are checked only once the bout is over and the cards are drawn, and only when "
             "the talon is empty.")),
    )),
    Section("tips", TIPS, (
        B(N_("Save your trumps for the end: once the talon is gone, they decide the deal.")),
        B(N_("Attack with low cards of a rank you hold twice, so you can throw in the twin.")),
        B(N_("Taking a small bout early is often cheaper than spending a high trump on it.")),
        B(N_("Keep count of the trumps that have gone; the face-up card under the talon is "
             "one you know about from the start.")),
    )),
    Section("example", EXAMPLE, (
        X("atlasnye", "6H", N_("The turned-up card is the six of hearts, so hearts are "
                               "trumps for this deal.")),
        X("atlasnye", "9S JS", N_("You attack with the nine of spades. Your opponent covers "
                                  "it with the spade В, the jack."), cover=True),
        X("atlasnye", "9D | TD | 7H", N_(
            "Nines and jacks are now on the table, so you throw in the nine of diamonds. "
            "It can be covered by the ten of diamonds or by any heart, even the seven, or "
            "your opponent can take.")),
        X("atlasnye", "9S JS | 9D 7H", N_(
            "Covered with the seven of hearts. You have no nine or jack left, so you stop: "
            "all four cards leave the game and your opponent attacks next."), cover=True),
    )),
    Section("terms", TERMS, (
        T(N_("Trumps"), N_("The suit of the turned-up card. A trump covers any card of "
                           "another suit.")),
        T(N_("Talon"), N_("The face-down stack you draw from, with the trump card at its "
                          "bottom.")),
        T(N_("Bout"), N_("One attack with all its throw-ins, ending in a stop or a take.")),
        T(N_("Throw in"), N_("Add an attacking card whose rank is already on the table.")),
        T(N_("Take"), N_("Pick up every card of the bout instead of covering.")),
        T(N_("Durak"), N_("Russian for fool: the player left holding cards.")),
    )),
))

# ---- Hospodský autobus -------------------------------------------------------------------

AUTOBUS = GameRules("autobus", "Hospodský autobus", "french", N_(
    "Two to four players. Build runs from ace to king and empty your reserve first."), (
    Section("objective", OBJECTIVE, (
        P(N_("Be the first to get rid of your reserve, the ten-card pile in front of you. "
             "You win the moment its last card is played, even in the middle of a turn; "
             "cards in your hand or on your side piles do not matter. Everyone else scores "
             "minus one point for each card still in their reserve.")),
    )),
    Section("setup", SETUP, (
        P(N_("Two to four players share 108 cards: two complete French decks and four "
             "jokers.")),
        P(N_("Each player gets a reserve of ten cards, face down except for the top one, "
             "which lies face up, and four cards in hand. Every player also has four empty "
             "spaces for side piles, numbered 1 to 4. All the other cards form the stock "
             "that everyone draws from.")),
    )),
    Section("play", HOW, (
        S(N_("Turns go clockwise, starting with you. At the start of your turn you draw "
             "from the stock until you hold four cards.")),
        S(N_("Play as many cards as you like onto the shared runs in the middle: from your "
             "hand, from the top of your reserve, or from the top of one of your own side "
             "piles.")),
        S(N_("An ace or a joker opens a new run, and any number of runs may be open. Each "
             "card on a run must be exactly one higher: A, 2, 3 and so on up to 10, J, Q, "
             "K. Suits do not matter, and anyone may add to any run.")),
        S(N_("A king completes its run: the whole run goes to the completed pile and its "
             "place is free again. Nothing is ever played on a king.")),
        S(N_("If you play the last card of your hand onto a run, you draw four new cards at "
             "once and carry on.")),
        S(N_("To end your turn, lay one card from your hand on a side pile of the same rank "
             "or on an empty space. You may do this even when you could still play.")),
        P(CONTROLS),
    )),
    Section("rules", IMPORTANT, (
        B(N_("A side pile holds cards of one rank in any suits. Its first card sets the "
             "rank, which is forgotten when the pile is empty again.")),
        B(N_("Only cards from your hand go onto side piles. The top of your reserve may only "
             "go onto a run; playing it turns up the next reserve card.")),
        B(N_("Cards that are covered and cards of other players can never be played.")),
        B(N_("Under the bus: when the hand card you lay down fits none of your side piles, "
             "because all four spaces are taken and none has its rank, it goes to the bottom "
             "of your reserve. That also ends your turn.")),
        B(N_("A joker on a run stands for the rank the run needs, ace and king included. On "
             "a side pile it takes the pile's rank, and on an empty space you choose its "
             "rank. When it moves from a side pile to a run it is wild again. It fits any "
             "pile, so it never goes under the bus.")),
        B(N_("A joker that has gone onto a run stays there: it is never swapped for another "
             "card or taken back.")),
        B(N_("Only a card played from your hand lets you draw four when the hand is empty; "
             "if that card was a king, its run is cleared first.")),
        B(N_("When a card has to be drawn and the stock is empty, the completed pile is "
             "shuffled into a new stock. If cards are still short, take what there is. If "
             "your hand stays empty, play on from your reserve and side piles, or end the "
             "turn.")),
        B(N_("A draw happens only when the stock and the completed pile are both empty, a "
             "full round of turns has gone by without anyone playing a card onto a run, and "
             "no player has any card left that could go onto a run or start a new one. As "
             "long as someone could still play to a run, the game goes on.")),
    )),
    Section("tips", TIPS, (
        B(N_("Play from your reserve whenever you can: it is the only pile that wins.")),
        B(N_("Keep a side space free as long as you can, or your cards will start going "
             "under the bus.")),
        B(N_("Hold a joker back for the run that is stuck on the one card you lack.")),
        B(N_("Look at what your opponents' reserve tops need, and avoid building the run "
             "they are waiting for.")),
    )),
    Section("example", EXAMPLE, (
        X("french", "AS 2H 3D", N_("A run: the ace opened it, then a two and a three of any "
                                   "suits. The next card must be a four.")),
        X("french", "4C | 5S", N_("You play the four of clubs from your hand, then the five "
                                  "of spades straight from your reserve. Your next reserve "
                                  "card turns face up.")),
        X("french", "9S TC JH QD | X", N_("This run waits for its king. A joker can be that "
                                          "king, and the finished run goes to the completed "
                                          "pile.")),
        X("french", "7H 7S | QC | 5D 5H X", N_(
            "Your side piles each hold one rank. A joker laid on the fives counts as a five "
            "while it stays there.")),
    )),
    Section("terms", TERMS, (
        T(N_("Reserve"), N_("Your ten-card pile. Empty it to win.")),
        T(N_("Stock"), N_("The shared face-down cards that hands are filled from.")),
        T(N_("Run"), N_("A shared row climbing from ace to king, one rank at a time.")),
        T(N_("Side pile"), N_("One of your four spaces for cards of a single rank.")),
        T(N_("Completed pile"), N_("Where finished runs go; it becomes the new stock.")),
        T(N_("Under the bus"), N_("A card that fits no side pile goes under your reserve.")),
        T(N_("Joker"), N_("A wild card that takes whatever rank it needs.")),
    )),
))

# ---- Dudák ---------------------------------------------------------------------------------

DUDAK = GameRules("dudak", "Dudák", "czech", N_(
    "Four players. Name your own trump and do not be the last one holding cards."), (
    Section("objective", OBJECTIVE, (
        P(N_("Get rid of all your cards. The last player still holding cards is the Dudák "
             "and loses; the other three all win, and there is no draw.")),
    )),
    Section("setup", SETUP, (
        P(N_("The game uses 32 Czech cards with German suits: leaves, hearts, bells and "
             "acorns. From low to high they run 7, 8, 9, 10, Unter, Ober, King, Ace; mind "
             "that the ten is below the Unter.")),
        P(N_("Four players get eight cards each and nothing is left over. The cards are "
             "shuffled before every deal. The first dealer is chosen at random, after "
             "\u201cNext game\u201d the loser of the last deal deals, and after a surrender "
             "it is random again. The player on the dealer's left begins and play goes "
             "clockwise; players who are out are skipped.")),
    )),
    Section("play", HOW, (
        S(N_("At the very start of your turn you may name your personal trump: any suit "
             "nobody has named yet. It is up to you, but once you have done anything else "
             "you must wait for your next turn.")),
        S(N_("If the table is empty, lead any card. That ends your turn.")),
        S(N_("Otherwise beat the top card of the pile: with a higher card of its suit, or "
             "with any card of your own trump suit when the top card is of another suit.")),
        S(N_("After beating you must put one more card of your choice on top for the next "
             "player, as long as you have one. This follow-up ends your turn.")),
        S(N_("If you have no trump yet, you may instead collect the top card, and the next, "
             "one at a time. You then have to beat with a card you held before collecting; "
             "after the beat the collected cards join your hand and may serve as the "
             "follow-up. Collecting the last card of the pile ends your turn.")),
        S(N_("Instead of beating you may also take the whole pile, or all that is left of "
             "it, into your hand; that ends your turn. Once you have a trump, taking is your "
             "only way out: you cannot collect any more.")),
        P(CONTROLS),
    )),
    Section("rules", IMPORTANT, (
        B(N_("Your trump is yours alone. Other players' trumps have no special power for "
             "you. If the top card belongs to your own trump suit, only a higher card of "
             "that suit beats it.")),
        B(N_("Each player names at most one trump, and it lasts until the end of the deal. "
             "When three suits are named, the last one goes to the player still without a "
             "trump, even one who is already out.")),
        B(N_("You may name a trump before leading to an empty table, but not after "
             "collecting and not between a beat and its follow-up.")),
        B(N_("Collecting and taking are allowed even when you could beat, as long as the "
             "pile is not empty.")),
        B(N_("A player without cards is out. If you beat with your very last card and no "
             "collected cards are waiting, the whole pile leaves the game: that is an "
             "abštych, and the next player leads to an empty table. A last card given as a "
             "follow-up or led to an empty table stays there for the next player.")),
        B(N_("The deal ends as soon as only one player holds cards. Surrendering counts as "
             "a loss and earns no experience, and a win counts only when the whole deal is "
             "over.")),
        B(N_("Cards can travel round the table for a long time. A deal that reaches 2,000 "
             "moves is stopped; the player with the most cards is then the Dudák, and on a "
             "tie, the one whose turn would come soonest.")),
    )),
    Section("tips", TIPS, (
        B(N_("Name a trump when you hold several cards of a suit nobody has claimed, but "
             "remember that it ends your chance to collect.")),
        B(N_("As a follow-up, leave the next player a card that is hard to beat, such as an "
             "ace of a suit that is not their trump.")),
        B(N_("Try to go out with a beat rather than a follow-up: the abštych clears the "
             "whole pile away.")),
    )),
    Section("example", EXAMPLE, (
        X("czech", "TH UH", N_("The Unter of hearts beats the 10 of hearts, because the ten "
                               "ranks below the Unter.")),
        X("czech", "UH 7A", N_("The 7 of acorns beats that Unter only for a player whose "
                               "own trump is acorns.")),
        X("czech", "UH 7A | KL", N_("After the beat comes the follow-up: here the King of "
                                    "leaves, left on top for the next player.")),
        X("czech", "9A | AA", N_("If acorns are your trump and the top card is the 9 of "
                                 "acorns, only a higher acorn such as the Ace beats it.")),
    )),
    Section("terms", TERMS, (
        T(N_("Personal trump"), N_("The suit you named; it beats other suits, for you "
                                   "only.")),
        T(N_("Beat"), N_("Cover the top card with a card that outranks it.")),
        T(N_("Follow-up"), N_("The card you put on top after beating.")),
        T(N_("Collect"), N_("Pick up the top card alone (only without a trump).")),
        T(N_("Take"), N_("Pick up the whole pile and end your turn.")),
        T(N_("Abštych"), N_("Beating with your last card: the pile leaves the game.")),
        T(N_("Unter, Ober"), N_("The lower and the upper knave of the Czech deck.")),
        T(N_("Dudák"), N_("The last player holding cards, who loses.")),
    )),
))

# ---- Pao De Kuai -----------------------------------------------------------------------------

PAODEKUAI = GameRules("paodekuai", "Pao De Kuai", "french", N_(
    "Three players. Shed 16 cards first with pairs, straights and bombs."), (
    Section("objective", OBJECTIVE, (
        P(N_("Pao De Kuai means \u201crun fast\u201d. Be the first to play out all 16 of "
             "your cards: the moment one hand is empty the deal ends, and the other two pay "
             "the winner.")),
    )),
    Section("setup", SETUP, (
        P(N_("Three players, 48 cards: a French deck with no jokers, no ace of hearts and a "
             "single two, the two of spades.")),
        P(N_("Each player gets 16 cards and nothing is left over. Whoever holds the three of "
             "hearts starts, and that first play must include it. Play goes "
             "counter-clockwise: the player on your right plays after you.")),
        P(N_("Cards rank 3 4 5 6 7 8 9 10 J Q K A 2, from low to high. Suits never count.")),
    )),
    Section("play", HOW, (
        S(N_("The leader plays a combination: a single card, a pair, three of a kind, a "
             "straight of five or more ranks in a row, or a run of two or more pairs in "
             "consecutive ranks.")),
        S(N_("The next player answers with the same kind of combination, just as many "
             "cards, but higher, or with a bomb.")),
        S(N_("If you can beat the table you must, though you choose how. You may pass only "
             "when nothing in your hand beats it.")),
        S(N_("When both other players have passed one after the other, the last player who "
             "played starts a new round with any combination. Passing does not shut you out "
             "of the round: when your turn comes again you may play.")),
        S(N_("Go on until someone has played their last card.")),
        P(CONTROLS),
    )),
    Section("rules", IMPORTANT, (
        B(N_("Straights and runs of pairs use only the ranks 3 to ace: a two never joins "
             "them, and the ace is always high. A straight is 5 to 12 cards long, and K K A "
             "A is a run of pairs.")),
        B(N_("Straights and runs of pairs are compared by their highest card.")),
        B(N_("Not allowed: three of a kind with cards attached, runs of triples, and four "
             "of a kind with cards attached.")),
        B(N_("A bomb is four cards of one rank, and a higher rank makes a stronger bomb. The "
             "three aces together are a bomb above every four of a kind, never an ordinary "
             "three of a kind.")),
        B(N_("A bomb beats any ordinary play; a bomb falls only to a higher bomb.")),
        B(N_("All four threes played as the very first play of the deal make the heavenly "
             "bomb, which nothing can beat. Four threes played later are the lowest bomb.")),
        B(N_("Having to beat includes bombs and splitting pairs or bombs. The player who "
             "leads a round may not pass.")),
    )),
    Section("scoring", SCORING, (
        B(N_("Each loser pays the winner one point per card still in hand, or two per card "
             "if they never played a single card in the deal.")),
        B(N_("A loser also pays 10 for still holding the two of spades, and 10 for each bomb "
             "still in hand: four of a kind or the three aces.")),
        B(N_("A bomb played on someone else's play, not led, earns 20, ten from each "
             "opponent, if no stronger bomb beats it before the round ends. A bomb that ends "
             "the deal counts as unbeaten. Led bombs and the heavenly bomb earn nothing, but "
             "a bomb played over a led bomb can earn the bonus.")),
        B(N_("What the winners gain, the losers pay: the points of a deal always add up to "
             "zero, and your history keeps each deal's points.")),
    )),
    Section("tips", TIPS, (
        B(N_("Do not sit on the two of spades or a bomb for too long: each costs 10 if "
             "someone else goes out first.")),
        B(N_("Long straights and runs of pairs shed many cards at once and are hard to "
             "answer.")),
        B(N_("When an opponent is down to one or two cards, lead pairs or longer "
             "combinations they cannot match.")),
    )),
    Section("example", EXAMPLE, (
        X("french", "3H 4S 5D 6C 7H", N_("The first play of the deal must include the three "
                                         "of hearts: here a straight from 3 to 7.")),
        X("french", "8S 9D TC JH QS", N_("The next player beats it with a straight of the "
                                         "same length ending higher, on the queen.")),
        X("french", "5S 5H 5D 5C", N_("The third player has no higher straight but holds "
                                      "four fives. This bomb beats it, and earns 20 if no "
                                      "higher bomb answers before the round ends.")),
        X("french", "AS AD AC", N_("The three aces: the strongest bomb after the heavenly "
                                   "bomb.")),
    )),
    Section("terms", TERMS, (
        T(N_("Lead"), N_("Start a round with any combination.")),
        T(N_("Pass"), N_("Play nothing; allowed only when you cannot beat.")),
        T(N_("Straight"), N_("Five or more single cards in a row, 3 to ace.")),
        T(N_("Run of pairs"), N_("Two or more pairs of consecutive ranks.")),
        T(N_("Bomb"), N_("Four of a kind, or the three aces.")),
        T(N_("Heavenly bomb"), N_("All four threes as the first play of the deal.")),
    )),
))

GAMES: dict[str, GameRules] = {g.key: g for g in (AUTOBUS, DUDAK, DURAK, PAODEKUAI)}

# Which rule ids of shared/rules each section covers (tests only; never shown).
COVERAGE: dict[str, dict[str, tuple[str, ...]]] = {
    "durak": {
        "objective": ("DUR-9", "DUR-10"),
        "setup": ("DUR-1", "DUR-2", "DUR-3"),
        "play": ("DUR-4", "DUR-5", "DUR-6", "DUR-7", "DUR-8"),
        "rules": ("DUR-4", "DUR-5", "DUR-9"),
        "example": ("DUR-2", "DUR-4", "DUR-5", "DUR-7"),
    },
    "autobus": {
        "objective": ("BUS-3",),
        "setup": ("BUS-1", "BUS-2", "BUS-7"),
        "play": ("BUS-4", "BUS-5", "BUS-6", "BUS-8", "BUS-12"),
        "rules": ("BUS-4", "BUS-6", "BUS-7", "BUS-8", "BUS-9", "BUS-10", "BUS-11"),
        "example": ("BUS-5", "BUS-6", "BUS-7", "BUS-9"),
    },
    "dudak": {
        "objective": ("DUD-10",),
        "setup": ("DUD-1", "DUD-2"),
        "play": ("DUD-3", "DUD-4", "DUD-5", "DUD-6", "DUD-7", "DUD-8"),
        "rules": ("DUD-3", "DUD-5", "DUD-7", "DUD-8", "DUD-9", "DUD-10", "DUD-12"),
        "example": ("DUD-5", "DUD-6", "DUD-11"),
    },
    "paodekuai": {
        "objective": ("PDK-9",),
        "setup": ("PDK-1", "PDK-2", "PDK-3", "PDK-4"),
        "play": ("PDK-5", "PDK-7", "PDK-8", "PDK-9"),
        "rules": ("PDK-5", "PDK-6", "PDK-7", "PDK-8"),
        "scoring": ("PDK-10", "PDK-11", "PDK-12"),
        "example": ("PDK-2", "PDK-5", "PDK-6", "PDK-7", "PDK-11"),
    },
}

# ---- card traditions -----------------------------------------------------------------------

DECKS: dict[str, Deck] = {d.key: d for d in (
    Deck("french", N_("French cards with jokers"),
         N_("Rouen, France"),
         N_("52 cards in spades, hearts, diamonds and clubs, plus jokers. Hospodský "
            "autobus uses two decks and four jokers (108 cards); Pao De Kuai keeps 48."),
         N_("Jack (J), Queen (Q) and King (K), with the Ace (A) as the one; the joker is a "
            "wild card with no suit."),
         N_("The four French suit signs appeared in France in the late 15th century. The "
            "pattern played around the world today grew from cards made in Rouen, by way of "
            "England; the joker was added in America in the 19th century."),
         "french", ("AS", "KH", "QD", "JC", "TS", "X", "2S"), ("autobus", "paodekuai")),
    Deck("czech", N_("Czech cards with German suits"),
         N_("Pest (today Budapest), Hungary"),
         N_("32 cards, 7 to Ace, in leaves, hearts, bells and acorns."),
         N_("Unter (spodek), Ober (svršek) and King (král); the highest card is the Ace "
            "(eso). There are no queens."),
         N_("German suits go back to 15th-century German lands. The double-headed pattern "
            "with figures from the story of William Tell was first printed in Pest in the "
            "1830s and became the everyday pub deck of the Czech lands."),
         "czech", ("AL", "KH", "OB", "UA", "TH", "7L"), ("dudak",)),
    Deck("atlasnye", N_("Russian Atlasnye cards"),
         N_("Saint Petersburg, Russia"),
         N_("36 cards, six to ace, in the four French suits."),
         N_("The indices are Cyrillic: В (valet, the jack), Д (dama, the queen), К (korol, "
            "the king) and Т (tuz, the ace)."),
         N_("Drawn by the painter Adolf Charlemagne in the 1860s for the Imperial playing "
            "card factory in Saint Petersburg, the pattern is still the deck most people in "
            "Russia play with."),
         "atlasnye", ("AH", "KS", "QD", "JC", "TH", "6S"), ("durak",)),
)}


# ---- translation -----------------------------------------------------------------------------

_catalogs: dict[str, gettext.NullTranslations] = {}


def catalog(lang: str) -> gettext.NullTranslations:
    """The ``rules`` catalog of ``lang`` (loaded once; English is the msgid itself)."""
    if lang not in _catalogs:
        _catalogs[lang] = gettext.translation(DOMAIN, i18n.LOCALE_DIR, languages=[lang],
                                              fallback=True)
    return _catalogs[lang]


def rules_gettext(msgid: str) -> str:
    """``msgid`` in the current language (``game.i18n.language()``), from the rules domain,
    else from the interface catalog, else English."""
    if not msgid:
        return msgid
    text = catalog(i18n.language()).gettext(msgid)
    return text if text != msgid else i18n._(msgid)


def msgids() -> list[str]:
    """Every msgid of this module, in page order, without repeats (extraction, tests)."""
    seen: dict[str, None] = {}

    def add(s: str) -> None:
        if s:
            seen.setdefault(s, None)

    for s in UI.values():
        add(s)
    for g in GAMES.values():
        add(g.tagline)
        for sec in g.sections:
            add(sec.heading)
            for b in sec.blocks:
                add(b.term)
                add(b.text)
                if b.scene is not None:
                    add(b.scene.caption)
    for d in DECKS.values():
        for s in (d.title, d.origin, d.count, d.courts, d.history):
            add(s)
    return list(seen)
