"""The rules screens' text, written for players in our own words (English catalog).

Each game is a list of (heading, paragraph).  Rule ids in brackets match shared/rules.
"""
from __future__ import annotations

RULES: dict[str, list[tuple[str, str]]] = {
    "durak": [
        ("Goal", "Get rid of all your cards. When the talon is used up, whoever still "
                 "holds cards is the durak, the fool, and loses. If both of you run out "
                 "together, the deal is drawn. [DUR-9, DUR-10]"),
        ("Cards and deal", "36 Russian cards from six up to ace; the courts are marked "
                           "В (jack), Д (queen), К (king) and Т (ace). You each get six; the "
                           "next card is laid face up across the talon: its suit is trump, "
                           "and it is the very last card anyone draws. [DUR-1, DUR-2]"),
        ("Who starts", "The player holding the lowest trump attacks first; with no trump "
                       "in either hand, you start. [DUR-3]"),
        ("Attacking", "Lay any card. After each successful defence you may add another "
                      "card of a rank already on the table, or stop. At most six attack "
                      "cards go into one bout, and never more than the defender held when "
                      "the bout began. [DUR-5]"),
        ("Defending", "Cover the attack card with a higher card of its suit, or with any "
                      "trump if it is not a trump itself. A trump only falls to a higher "
                      "trump. You never have to follow suit. [DUR-4]"),
        ("Taking", "If you cannot or would rather not defend, take. The attacker may still "
                   "pile on matching cards; then you pick up everything on the table and "
                   "the same player attacks you again. [DUR-6]"),
        ("After the bout", "A fully beaten bout goes to the discard pile and the defender "
                           "attacks next. Then the attacker refills to six from the talon "
                           "first, the defender second. [DUR-7, DUR-8]"),
        ("Playing here", "Drag a card onto the table, or tap it and then tap the table. "
                         "Cards you may play are lifted; the others are dimmed. Take and "
                         "Stop appear only when you may use them. Esc pauses."),
    ],
    "paodekuai": [
        ("Goal", "Be the first to shed all 16 of your cards. The others pay you for what "
                 "they still hold. [PDK-9, PDK-10]"),
        ("Cards", "48 cards: no jokers, no ace of hearts, and of the twos only the two of "
                  "spades. From low to high: 3 4 5 6 7 8 9 10 J Q K A 2; suits do not "
                  "count. [PDK-1, PDK-4]"),
        ("Starting", "Whoever holds the three of hearts leads, and that first play must "
                     "contain it. Play passes counter-clockwise. [PDK-2, PDK-3]"),
        ("What you may play", "A single, a pair, three of a kind, a straight of five or "
                              "more, or two or more pairs in a row. Straights stop at the "
                              "ace; the two never joins one. [PDK-5]"),
        ("Beating", "Answer with the same shape and size, higher. Bombs (four of a kind, "
                    "or the three aces, the strongest normal bomb) beat any ordinary play "
                    "and lower bombs. All four threes as the very first play cannot be "
                    "beaten at all. [PDK-6, PDK-7]"),
        ("You must beat", "If any combination in your hand beats the table, you have to "
                          "play one; you may pass only when nothing beats it. When the "
                          "other two pass, the last player to play leads again. [PDK-8]"),
        ("Paying", "Each loser pays a point a card (two if they never played), ten more "
                   "for holding the two of spades and ten for every bomb left in hand. A "
                   "bomb dropped on someone else's play that stands until the round ends "
                   "earns twenty, ten from each opponent. [PDK-10, PDK-11, PDK-12]"),
    ],
    "dudak": [
        ("Goal", "Get rid of your cards. The last player still holding cards is the "
                 "Dudák and loses; everyone else wins. [DUD-10]"),
        ("Cards", "32 Czech cards in leaves, hearts, bells and acorns, from 7 up through "
                  "10, Unter, Ober and King to the Ace. Eight each; the player to the "
                  "dealer's left begins and play goes clockwise. [DUD-1, DUD-2]"),
        ("Your own trump", "At the start of your turn you may claim a suit nobody has "
                           "claimed as your personal trump. When three are taken, the "
                           "last suit goes to the last player. [DUD-3]"),
        ("Beating", "Put a higher card of the top card's suit on it, or any card of your "
                    "own trump on another suit. Other players' trumps mean nothing to you. "
                    "Then add one more card of your choice for the next player. "
                    "[DUD-5, DUD-6, DUD-11]"),
        ("Picking up", "Without a trump you may pick up the top card, one at a time, and "
                       "then beat with a card you already had; or take the whole pile. "
                       "With a trump you can only beat or take everything. "
                       "[DUD-7, DUD-8]"),
        ("Going out", "Beat with your very last card and the whole pile leaves the game "
                      "(abštych); the next player starts fresh on an empty table. "
                      "[DUD-4, DUD-9]"),
    ],
    "autobus": [
        ("Goal", "Be the first to empty your reserve, the ten-card pile in front of you "
                 "with its top card showing. [BUS-2, BUS-3]"),
        ("Cards", "Two full decks and four jokers, 108 cards, for two to four players. "
                  "[BUS-1]"),
        ("Your turn", "Fill your hand up to four, then play as much as you like onto the "
                      "shared runs from your hand, the top of your reserve or the tops of "
                      "your four side piles. Empty your hand onto the runs and you draw "
                      "four more at once. [BUS-4, BUS-6]"),
        ("Runs", "An ace or a joker starts a run; each card must be exactly one higher, "
                 "suits ignored, up to the king, which clears the run away. "
                 "[BUS-5, BUS-9]"),
        ("Ending your turn", "Lay one hand card on one of your side piles, which each "
                             "hold a single rank, or on an empty space. A card that fits "
                             "nowhere goes under your reserve: under the bus. "
                             "[BUS-7, BUS-8]"),
        ("Stock and draws", "When the stock runs out, finished runs are shuffled into a "
                            "new one. If nothing can be drawn, nobody has played to a run "
                            "for a whole round and nobody could play to a run any more, "
                            "the game is drawn. [BUS-10, BUS-11]"),
    ],
}

TITLES = {"durak": "Durak", "paodekuai": "Pao De Kuai", "dudak": "Dudák",
          "autobus": "Hospodský autobus"}
