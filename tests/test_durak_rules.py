"""Durak scenarios, one or more per rule of shared/rules/durak.md (DUR-1 .. DUR-10)."""
from __future__ import annotations

from game.games.durak.rules import Durak
from game.rules import GAMES

from .helpers import assert_illegal, legal, play_all, rest_of_deck


def deal(hand0: list[str], hand1: list[str], trump: str,
         talon: list[str] | None = None) -> Durak:
    """An explicit deck: hands dealt alternately, the trump indicator, then the talon
    (``talon`` first, then the remaining cards in the deck's fixed order)."""
    front = [c for pair in zip(hand0, hand1, strict=True) for c in pair] + [trump]
    front += talon or []
    return Durak.new(deck=front + rest_of_deck("durak", front))


STD = dict(hand0=["6S", "9S", "JD", "QC", "7D", "8C"],
           hand1=["7S", "TS", "9D", "KC", "AD", "6H"], trump="8H")


def test_DUR1_deck_has_36_atlasnye_cards() -> None:
    deck = Durak.full_deck()
    assert len(deck) == 36 and len(set(deck)) == 36
    assert {c[0] for c in deck} == set("6789TJQKA")


def test_DUR1_card_outside_the_deck_is_illegal() -> None:
    g = deal(**STD)
    assert_illegal(g, "attack 5S", "DUR-1", "36-card")


def test_DUR2_explicit_deck_deals_alternately_with_trump_drawn_last() -> None:
    g = deal(**STD, talon=["AS"])
    assert sorted(g.hands[0]) == sorted(STD["hand0"])
    assert sorted(g.hands[1]) == sorted(STD["hand1"])
    assert g.trump_card == "8H" and g.trump_suit == "H"
    assert len(g.talon) == 24 and g.talon[0] == "AS" and g.talon[-1] == "8H"


def test_DUR2_golden_deal_for_seed_1() -> None:
    """A fixed seed gives an exact deal: a change of shuffling shows up here."""
    g = GAMES["durak"].new(seed=1)
    assert " ".join(g.deck) == GOLDEN_SEED_1
    assert g.hands[0] == g.deck[0:12:2] and g.trump_card == g.deck[12]


GOLDEN_SEED_1 = ("9D TH AC 9H JD TS KH TC AH KC AD 9S 6D QD 6H QS QC 8S 9C JC 8H 7C "
                 "TD 6C 8D KS 7D AS 7H QH 7S KD 8C 6S JH JS")


def test_DUR3_lowest_trump_attacks_first() -> None:
    g = deal(["6S", "9S", "JH", "QC", "7D", "8C"], ["7S", "TS", "9D", "KC", "AD", "7H"], "8H")
    assert g.attacker == 1 and g.current_player == 1  # 7H beats JH for lowest


def test_DUR3_no_trump_in_hand_seat_0_attacks() -> None:
    g = deal(["6S", "9S", "JD", "QC", "7D", "8C"], ["7S", "TS", "9D", "KC", "AD", "6C"], "8H")
    assert g.attacker == 0


def test_DUR4_higher_same_suit_or_trump_beats() -> None:
    g = deal(**STD)  # seat 1 holds 6H (trump); seat 0 attacks (no trumps at all? 0 has none)
    assert g.attacker == 1  # 6H is the only trump
    g.play("attack 7S")
    assert legal(g) == ["defend 9S", "take"]
    g2 = deal(["6S", "9S", "JD", "QC", "7D", "TH"], ["7S", "TS", "9D", "KC", "AD", "6H"], "8H")
    g2.play("attack 7S")
    assert legal(g2) == ["defend 9S", "defend TH", "take"]  # a trump even when holding suit


def test_DUR4_lower_or_off_suit_card_does_not_beat() -> None:
    g = deal(**STD)
    g.play("attack 7S")
    assert_illegal(g, "defend 6S", "DUR-4", "6S does not beat 7S")
    assert_illegal(g, "defend JD", "DUR-4", "JD does not beat 7S")


def test_DUR4_trump_only_beaten_by_higher_trump() -> None:
    g = deal(["6S", "9S", "JD", "QC", "7D", "TH"], ["7S", "TS", "9D", "KC", "AD", "6H"], "8H")
    g.play("attack 6H")
    assert legal(g) == ["defend TH", "take"]
    assert_illegal(g, "defend 9S", "DUR-4", "does not beat 6H")


def test_DUR5_throw_in_needs_a_rank_on_the_table() -> None:
    g = deal(["6S", "9S", "JD", "QC", "9D", "8C"], ["7S", "TS", "JS", "KC", "AD", "6H"], "8H")
    assert g.attacker == 1
    play_all(g, ["attack 7S", "defend 9S"])
    assert legal(g) == ["stop"]                       # seat 1 holds no 7 and no 9
    g = deal(["6S", "9S", "JD", "QC", "9D", "8C"], ["7S", "TS", "7C", "KC", "AD", "6H"], "8H")
    play_all(g, ["attack 7S", "defend 9S"])
    assert legal(g) == ["attack 7C", "stop"]           # a 7 matches; a defence 9 too


def test_DUR5_rank_rule_and_limit_six() -> None:
    hand0 = ["6S", "6D", "6C", "7S", "7D", "7C"]
    hand1 = ["8S", "8D", "8C", "9S", "9D", "9C"]
    g = deal(hand0, hand1, "6H")
    assert g.attacker == 0 and g.limit == 6
    play_all(g, ["attack 6S", "defend 8S"])
    assert legal(g) == ["attack 6D", "attack 6C", "stop"]   # 6 and 8 on the table only
    assert_illegal(g, "attack 7S", "DUR-5", "matches no rank")
    play_all(g, ["attack 6D", "defend 8D", "attack 6C", "defend 8C"])
    assert_illegal(g, "attack 7S", "DUR-5")


def test_DUR5_limit_is_defender_hand_size_at_start_of_bout() -> None:
    # seat 0 takes once so the bout limit of the next bout follows seat 1's hand
    hand0 = ["6S", "6D", "7S", "7D", "8S", "8D"]
    hand1 = ["9S", "9D", "TS", "TD", "JS", "JD"]
    g = deal(hand0, hand1, "6H", talon=[])
    g.talon = []  # no refill: an empty talon makes hand sizes fall
    g.limit = min(6, len(g.hands[1]))
    play_all(g, ["attack 6S", "defend 9S", "stop"])
    # seat 1 attacks now with 5 cards; seat 0 holds 5 cards: limit 5
    assert g.attacker == 1 and g.limit == 5
    play_all(g, ["attack 9D", "take"])
    for m in ["attack TS", "attack TD"]:
        assert m not in legal(g)                       # T is not on the table
    assert legal(g) == ["stop"]


def test_DUR5_take_then_throw_ins_count_toward_limit() -> None:
    hand0 = ["6S", "6D", "6C", "QS", "QD", "QC"]
    hand1 = ["9S", "9D", "TS", "TD", "KS", "KD"]
    g = deal(hand0, hand1, "6H")
    g.hands[1] = ["9S", "9D"]  # a defender with two cards: limit two attack cards
    g.limit = 2
    g.play("attack 6S")
    g.play("take")
    assert legal(g) == ["attack 6D", "attack 6C", "stop"]
    g.play("attack 6D")
    assert legal(g) == ["stop"]
    assert_illegal(g, "attack 6C", "DUR-5", "limit")


def test_DUR5_stop_is_always_explicit() -> None:
    g = deal(**STD)
    play_all(g, ["attack 7S", "defend 9S"])
    assert "stop" in legal(g) and g.current_player == 1
    g.play("attack 9D")
    assert "stop" not in legal(g)                     # not while a card is unbeaten
    assert_illegal(g, "stop", "DUR-4", "must beat 9D or take")
    g2 = deal(**STD)
    assert_illegal(g2, "stop", "DUR-5", "cannot be stopped")


def test_DUR6_after_take_same_attacker_attacks_again() -> None:
    g = deal(**STD)
    assert g.attacker == 1
    play_all(g, ["attack 7S", "take"])
    assert g.current_player == 1 and g.taking
    events = g.play("stop")
    assert "7S" in g.hands[0]
    assert g.attacker == 1 and g.current_player == 1
    assert any(e.text == "bout_taken" for e in events)
    assert "7S" in g.observation(1)["opponent_known"]  # taken cards are public
    g.play("attack TS")
    assert "take" in legal(g)


def test_DUR6_take_only_when_facing_unbeaten_card() -> None:
    g = deal(**STD)
    play_all(g, ["attack 7S", "defend 9S"])
    assert_illegal(g, "take", "DUR-6")


def test_DUR6_throw_in_after_take_then_taker_gets_all() -> None:
    g = deal(["6S", "9S", "TD", "QC", "JD", "8C"], ["7S", "7D", "9D", "KC", "AD", "6H"], "8H")
    play_all(g, ["attack 7S", "take", "attack 7D", "stop"])
    assert {"7S", "7D"} <= set(g.hands[0]) and len(g.hands[0]) == 8


def test_DUR7_beaten_bout_is_discarded_and_defender_attacks() -> None:
    g = deal(**STD)
    events = play_all(g, ["attack 7S", "defend 9S", "stop"])
    assert sorted(g.discard) == ["7S", "9S"]
    assert g.attacker == 0 and g.current_player == 0
    assert any(e.dst == "discard" for e in events)


def test_DUR8_attacker_refills_first() -> None:
    g = deal(**STD, talon=["AS", "KS", "QS"])
    play_all(g, ["attack 7S", "defend 9S", "stop"])
    assert "AS" in g.hands[1]            # seat 1 attacked: draws first
    assert "KS" in g.hands[0]
    assert len(g.hands[0]) == len(g.hands[1]) == 6


def test_DUR8_trump_indicator_is_drawn_last_and_seen() -> None:
    g = deal(**STD)
    g.talon = ["QS", "8H"]
    play_all(g, ["attack 7S", "defend 9S", "stop"])
    assert "QS" in g.hands[1] and "8H" in g.hands[0]
    assert g.talon == []
    assert "8H" in g.observation(1)["opponent_known"]


def test_DUR9_end_checked_after_bout_when_talon_empty() -> None:
    g = deal(**STD)
    g.talon = []
    g.hands = [["9S"], ["7S", "KC"]]
    g.attacker, g.limit = 1, 1
    g.play("attack 7S")
    g.play("defend 9S")       # seat 0 is now empty mid-bout and stays in it
    assert not g.is_over and g.current_player == 1
    g.play("stop")
    assert g.is_over and g.result() == [1.0, 0.0]


def test_DUR9_both_empty_is_a_draw() -> None:
    g = deal(**STD)
    g.talon = []
    g.hands = [["9S"], ["7S"]]
    g.attacker, g.limit = 1, 1
    play_all(g, ["attack 7S", "defend 9S", "stop"])
    assert g.is_over and g.result() == [0.5, 0.5]
    assert_illegal(g, "attack 6S", "DUR-9", "over")


def test_DUR9_no_end_while_talon_has_cards() -> None:
    g = deal(**STD)
    g.talon = ["AS", "KS", "QS", "JS", "TS", "AC", "KH", "8H"]
    g.hands = [["9S"], ["7S"]]
    g.attacker, g.limit = 1, 1
    play_all(g, ["attack 7S", "defend 9S", "stop"])
    assert not g.is_over and len(g.hands[1]) == 6 and len(g.hands[0]) == 2


def test_DUR10_result_per_seat() -> None:
    assert Durak.outcomes([1.0, 0.0]) == ["win", "loss"]
    assert Durak.outcomes([0.5, 0.5]) == ["draw", "draw"]
    g = deal(**STD)
    assert g.result() is None


def test_DUR_seed_example_trump_hearts() -> None:
    """The rules file's example: 9S beaten by JS, then any 9 or J; 9D by 10D or a heart."""
    g = deal(["9S", "9D", "JC", "6C", "7C", "8C"], ["JS", "TD", "QH", "6S", "7S", "8S"], "AH")
    assert g.attacker == 1  # QH is the only trump
    g.attacker, g.limit = 0, 6
    play_all(g, ["attack 9S", "defend JS"])
    assert legal(g) == ["attack 9D", "attack JC", "stop"]
    g.play("attack 9D")
    assert legal(g) == ["defend TD", "defend QH", "take"]
