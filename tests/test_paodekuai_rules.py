"""Pao De Kuai scenarios, one or more per rule of shared/rules/paodekuai.md."""
from __future__ import annotations

from game.games.paodekuai.rules import AAA_BOMB, HEAVENLY, PaoDeKuai, classify
from game.rules import GAMES

from .helpers import assert_illegal, legal, play_all


def position(h0: str, h1: str, h2: str, current: int = 0, opening: bool = False,
             played: tuple[bool, bool, bool] = (True, True, True)) -> PaoDeKuai:
    """A mid-deal position: the given hands (space-separated), seat ``current`` to lead."""
    g = PaoDeKuai.new(seed=0)
    g.hands = [h.split() for h in (h0, h1, h2)]
    g.current, g.opening, g.played_any = current, opening, list(played)
    return g


def test_PDK1_deck_has_48_cards_without_ah_and_three_twos() -> None:
    deck = PaoDeKuai.full_deck()
    assert len(deck) == 48 and len(set(deck)) == 48
    assert "AH" not in deck and "2S" in deck
    assert not {"2H", "2D", "2C", "X"} & set(deck)


def test_PDK1_card_outside_the_deck_is_illegal() -> None:
    g = position("3H AH", "4S", "5S")
    assert_illegal(g, "play AH", "PDK-1", "48-card")


def test_PDK2_explicit_deck_dealt_one_at_a_time_and_3h_leads() -> None:
    deck = PaoDeKuai.full_deck()
    i = deck.index("3H")
    deck[i], deck[1] = deck[1], deck[i]           # 3H is the 2nd card: seat 1
    g = PaoDeKuai.new(deck=deck)
    assert [len(h) for h in g.hands] == [16, 16, 16]
    assert deck[0] in g.hands[0] and deck[1] in g.hands[1] and deck[2] in g.hands[2]
    assert deck[3] in g.hands[0]
    assert g.current_player == 1 and "3H" in g.hands[1]


def test_PDK2_opening_play_must_include_3h() -> None:
    g = position("3H 3S 4S 5S 6S 7S", "8S", "9S", opening=True)
    assert all("3H" in m for m in legal(g))
    assert "play 3H 4S 5S 6S 7S" in legal(g)
    assert_illegal(g, "play 4S", "PDK-2", "3H")
    assert_illegal(g, "play 3S 4S 5S 6S 7S", "PDK-2")


def test_PDK2_holding_cards_one_does_not_have_is_illegal() -> None:
    g = position("3H 4S", "5S", "6S")
    assert_illegal(g, "play 5S", "PDK-2", "does not hold")
    assert_illegal(g, "play 3H 3H", "PDK-2")


def test_PDK3_turn_passes_to_seat_plus_one() -> None:
    g = position("3H 4S", "5S 6S", "7S 8S")
    g.play("play 3H")
    assert g.current_player == 1
    g.play("play 5S")
    assert g.current_player == 2


def test_PDK4_rank_order_two_is_highest() -> None:
    g = position("AD 3S", "2S 4S", "KS 5S")
    g.play("play AD")
    assert legal(g) == ["play 2S"]                # 2 beats ace; 4 does not
    g = position("KD 3S", "AD 4S", "QS 5S")
    g.play("play KD")
    assert legal(g) == ["play AD"]


def test_PDK5_shapes_allowed_and_excluded() -> None:
    assert classify(["3S", "4S", "5S", "6S", "7D"]).kind == "straight"     # type: ignore[union-attr]
    assert classify(["3S", "4S", "5S", "6S"]) is None                      # too short
    assert classify(["JS", "QS", "KS", "AS", "2S"]) is None                # no 2 in straights
    assert classify(["KS", "KD", "AS", "AD"]).kind == "pairs"              # type: ignore[union-attr]
    assert classify(["3S", "3D", "4S", "4D"]).kind == "pairs"              # type: ignore[union-attr]
    assert classify(["3S", "3D", "3C", "4S", "4D"]) is None                # triple with pair
    assert classify(["5S", "5D", "5C", "5H", "6S", "7S"]) is None          # four with two
    assert classify(["3S", "3D", "5S", "5D"]) is None                      # not consecutive


def test_PDK5_triple_with_pair_raises_naming_the_rule() -> None:
    g = position("3S 3D 3C 4S 4D 9S", "5S", "6S")
    assert_illegal(g, "play 3S 3D 3C 4S 4D", "PDK-5", "no allowed shape")
    g = position("5S 5D 5C 5H 6S 7S", "8S", "9S")
    assert_illegal(g, "play 5S 5D 5C 5H 6S 7S", "PDK-5")


def test_PDK5_play_accepts_any_suits_in_any_order() -> None:
    g = position("4S 4D 4C 9S", "5S", "6S")
    assert "play 4S 4D" in legal(g)
    g.play("play 4C 4S")                       # not the listed suits, other order
    assert sorted(g.table) == ["4C", "4S"]


def test_PDK6_three_aces_beat_four_kings() -> None:
    g = position("KS KH KD KC 3S", "AS AD AC 4S", "5S 6S")
    g.play("play KS KH KD KC")
    assert "play AS AD AC" in legal(g)
    assert classify(["AS", "AD", "AC"]).top == AAA_BOMB                  # type: ignore[union-attr]


def test_PDK6_three_aces_are_never_an_ordinary_triple() -> None:
    g = position("AS AD AC 3S", "4S", "5S")
    assert "play AS AD AC" in legal(g)
    assert classify(["AS", "AD", "AC"]).kind == "bomb"                   # type: ignore[union-attr]


def test_PDK6_heavenly_bomb_as_opening_beats_everything() -> None:
    g = position("3H 3S 3D 3C 9S", "AS AD AC 4S 4D 4C 4H", "5S 6S", opening=True)
    g.play("play 3H 3S 3D 3C")
    assert g.table_shape is not None and g.table_shape.top == HEAVENLY
    assert legal(g) == ["pass"]                 # not even three aces or 4444


def test_PDK6_four_threes_later_are_the_lowest_bomb() -> None:
    g = position("9S 3H 3S 3D 3C", "4S 4D 4C 4H TS", "5S 6S")
    g.play("play 9S")
    g.play("play 4S 4D 4C 4H")
    assert g.table_shape is not None and g.table_shape.is_bomb
    g.play("pass")
    assert legal(g) == ["pass"]                 # 3333 cannot beat 4444
    assert_illegal(g, "play 3H 3S 3D 3C", "PDK-7", "does not beat")


def test_PDK7_same_shape_same_size_higher() -> None:
    g = position("3S 4S 5S 6S 7S KS", "4D 5D 6D 7D 8D 9D", "QS")
    g.play("play 3S 4S 5S 6S 7S")
    assert legal(g) == ["play 4D 5D 6D 7D 8D", "play 5D 6D 7D 8D 9D"]  # five cards only
    assert_illegal(g, "play 4D 5D 6D 7D 8D 9D", "PDK-7")


def test_PDK7_bomb_beats_any_ordinary_play_and_only_higher_bombs_beat_it() -> None:
    g = position("3S 4S 5S 6S 7S KS", "9S 9D 9C 9H 3D", "TS TD TC TH JS")
    g.play("play 3S 4S 5S 6S 7S")
    g.play("play 9S 9D 9C 9H")
    assert legal(g) == ["play TS TH TD TC"]


def test_PDK8_must_beat_forces_a_bomb_when_it_is_the_only_answer() -> None:
    g = position("AD 3S", "7S 7D 7C 7H 4S", "5S")
    g.play("play AD")
    assert legal(g) == ["play 7S 7H 7D 7C"]
    assert_illegal(g, "pass", "PDK-8", "must play")


def test_PDK8_must_beat_includes_breaking_a_pair() -> None:
    g = position("9S 3S", "TS TD 4S", "5S")
    g.play("play 9S")
    assert legal(g) == ["play TS"]
    assert_illegal(g, "pass", "PDK-8")


def test_PDK8_pass_when_nothing_beats_and_leader_cannot_pass() -> None:
    g = position("2S 3S", "4S 5S", "6S 7S")
    assert_illegal(g, "pass", "PDK-8", "leader")
    g.play("play 2S")
    assert legal(g) == ["pass"]


def test_PDK8_two_passes_then_last_player_leads_and_passers_play_again() -> None:
    g = position("8S 3S 5D", "7S 9S 3D", "2S 4S 6D")
    play_all(g, ["play 8S", "play 9S", "play 2S", "pass", "pass"])
    assert g.current_player == 2 and g.leading and g.table == []
    g.play("play 4S")
    assert g.current_player == 0 and "play 5D" in legal(g)   # seat 0 passed before
    g.play("play 5D")
    assert g.passed == []


def test_PDK9_deal_ends_the_moment_a_hand_is_empty() -> None:
    g = position("9S", "TS TD", "5S")
    g.play("play 9S")
    assert g.is_over and g.current_player is None and g.legal_moves() == []
    assert_illegal(g, "pass", "PDK-9", "over")


def test_PDK10_cards_left_two_of_spades_and_bombs_in_hand() -> None:
    g = position("9S", "TS TD 2S", "5S 5D 5C 5H 6S")
    g.play("play 9S")
    # seat 1: 3 cards + 10 for 2S = 13; seat 2: 5 cards + 10 for the bomb = 15
    assert g.result() == [28.0, -13.0, -15.0]
    assert sum(g.result()) == 0                                            # type: ignore[arg-type]


def test_PDK10_spring_doubles_only_card_points() -> None:
    g = position("9S", "TS TD 2S", "5S 6S", played=(True, False, True))
    g.play("play 9S")
    assert g.result() == [2 * 3 + 10 + 2, -(2 * 3 + 10), -2.0]


def test_PDK10_three_aces_in_hand_pay_as_a_bomb() -> None:
    g = position("9S", "AS AD AC", "5S")
    g.play("play 9S")
    assert g.result() == [3 + 10 + 1, -13.0, -1.0]


def test_PDK11_bomb_bonus_kept_when_round_ends() -> None:
    g = position("8S 3S", "9S 9D 9C 9H 4S", "5S")
    play_all(g, ["play 8S", "play 9S 9D 9C 9H", "pass", "pass"])
    assert g.scores == [-10, 20, -10]
    assert g.current_player == 1


def test_PDK11_bomb_bonus_lost_when_a_stronger_bomb_beats_it() -> None:
    g = position("8S 3S", "9S 9D 9C 9H 4S", "TS TD TC TH 5S")
    play_all(g, ["play 8S", "play 9S 9D 9C 9H", "play TS TD TC TH", "pass", "pass"])
    assert g.scores == [-10, -10, 20]        # only the last, unbeaten bomb earns


def test_PDK11_led_bomb_earns_nothing_but_a_bomb_on_it_can() -> None:
    g = position("9S 9D 9C 9H 3S", "4S", "TS TD TC TH 5S")
    play_all(g, ["play 9S 9D 9C 9H", "pass", "play TS TD TC TH", "pass", "pass"])
    assert g.scores == [-10, -10, 20]
    g = position("9S 9D 9C 9H 3S", "4S", "5S")
    play_all(g, ["play 9S 9D 9C 9H", "pass", "pass"])
    assert g.scores == [0, 0, 0]


def test_PDK11_heavenly_bomb_earns_no_bonus() -> None:
    g = position("3H 3S 3D 3C 9S", "4S", "5S", opening=True)
    play_all(g, ["play 3H 3S 3D 3C", "pass", "pass"])
    assert g.scores == [0, 0, 0]


def test_PDK11_final_bomb_is_settled_at_once() -> None:
    g = position("8S 3S", "9S 9D 9C 9H", "5S 6S")
    play_all(g, ["play 8S", "play 9S 9D 9C 9H"])
    # bonus 20 (10 from each) plus cards: seat 0 holds 1, seat 2 holds 2
    assert g.is_over and g.result() == [-11.0, 23.0, -12.0]


def test_PDK12_result_is_signed_points_summing_to_zero() -> None:
    for seed in range(200):
        g = GAMES["paodekuai"].new(seed=seed)
        while not g.is_over:
            g.play(g.legal_moves()[seed % len(g.legal_moves())])
        res = g.result()
        assert res is not None and sum(res) == 0
        assert PaoDeKuai.outcomes(res).count("win") == 1


def test_PDK5_PDK8_move_generation_matches_brute_force_over_all_subsets() -> None:
    """legal_moves() lists exactly one move per rank set of every allowed play."""
    from itertools import combinations

    from game.rules import Rng

    checked = 0
    for seed in range(60):
        g = PaoDeKuai.new(seed=seed)
        rng = Rng(seed)
        while not g.is_over:
            hand = g.hands[g.current]
            if len(hand) <= 10:
                expect = set()
                for n in range(1, len(hand) + 1):
                    for combo in combinations(hand, n):
                        if g.is_legal("play " + " ".join(combo)):
                            expect.add(tuple(sorted(c[0] for c in combo)))
                got = {tuple(sorted(c[0] for c in m.args)) for m in g.legal_moves()
                       if m.kind == "play"}
                assert got == expect
                assert ("pass" in legal(g)) == (not expect)
                checked += 1
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
    assert checked > 300


# ----- who won: the seat that went out (issue 31) ------------------------------------------
#: the issue's deal: you go out first, but Computer 1's bomb bonus leaves you below zero
OUT_FIRST_HANDS = ("3H 4S 5S 6S 7S 8S 9S 5D 6D 7D 8D 9D TD JD QD KD",
                   "AS AD AC 3D 4H 5H 6H 7H 8H 9H TH JH QH KH 3S TS",
                   "2S 3C 4C 5C 6C 7C 8C 9C TC JC 4D JS QS QC KS KC")
OUT_FIRST_MOVES = [
    "play 3H 4S 5S 6S 7S 8S 9S",                # seat 0 opens with a straight of 7
    "play AS AD AC",                            # seat 1 bombs it (PDK-11: not led)
    "pass", "pass",                             # the bomb stands: +20 for seat 1
    "play 3D 4H 5H 6H 7H 8H 9H TH JH QH KH",    # seat 1 leads a straight of 11
    "pass", "pass",
    "play 3S",                                  # seat 1 keeps one card (TS)
    "play 2S", "pass", "pass",                  # seat 2 takes the lead
    "play 3C 4C 5C 6C 7C 8C 9C TC JC",          # seat 2 leads a straight of 9
    "play 5D 6D 7D 8D 9D TD JD QD KD",          # seat 0 beats it with its last cards
]


def out_first_deal() -> PaoDeKuai:
    hands = [h.split() for h in OUT_FIRST_HANDS]
    deck = [hands[i % 3][i // 3] for i in range(48)]     # PDK-2: one at a time
    g = PaoDeKuai.new(deck=deck)
    play_all(g, OUT_FIRST_MOVES)
    return g


def test_PDK9_PDK12_the_seat_that_went_out_wins_whatever_the_points() -> None:
    """The issue's deal: seat 0 empties its hand first; seat 1's unbeaten bomb (PDK-11)
    gives it the most points.  The win is seat 0's; the points stay the result."""
    g = out_first_deal()
    assert g.is_over and g.went_out == 0
    assert g.result() == [-3.0, 19.0, -16.0]            # -10 + 1 + 6, 20 - 1, -10 - 6
    assert [b.get("total") for b in g.settlement] == [None, 1, 6]
    assert g.deal_outcomes() == ["win", "loss", "loss"]
    assert g.outcomes() == g.outcomes(g.result()) == ["win", "loss", "loss"]  # the deal's
    assert PaoDeKuai.outcomes(g.result() or []) == ["loss", "win", "loss"]  # points alone
    for seat in range(3):
        obs = g.observation(seat)
        assert obs["went_out"] == 0 and obs["hand_sizes"] == [0, 1, 6]
    refusal = g.check("pass")                        # PDK-9: no move after the end
    assert refusal is not None and refusal.rule == "PDK-9" and refusal.key == "deal_over"


def test_PDK9_nobody_has_gone_out_while_the_deal_goes_on() -> None:
    g = PaoDeKuai.new(seed=4)
    assert g.observation(0)["went_out"] is None and g.deal_outcomes() is None
    play_all(g, [str(g.legal_moves()[0])])
    assert g.observation(1)["went_out"] is None


def test_PDK12_history_records_the_seat_that_went_out_as_a_win_with_win_xp() -> None:
    """The history row of the issue's deal: a win with the win XP; the score is still
    the signed points (-3)."""
    from game.store import history, saves

    g = out_first_deal()
    journal = saves.new_deal(PaoDeKuai.new(seed=g.seed, deck=list(g.deck)), "normal")
    journal.moves = list(OUT_FIRST_MOVES)
    assert journal.replay().to_dict() == g.to_dict()
    record = saves.deal_record(journal, g)
    assert record["outcome"] == "win" and record["score"] == -3.0
    xp = saves.finish(journal, g)
    assert xp == history.xp_for("win", "normal") > history.xp_for("loss", "normal")
    row = history.deals("paodekuai", limit=1)[0]
    assert row.outcome == "win" and row.score == -3.0 and row.xp == xp


def test_PDK12_every_random_deal_is_won_by_the_seat_that_went_out() -> None:
    from game.rules import Rng

    for seed in range(80):
        g = PaoDeKuai.new(seed=seed)
        rng = Rng(seed)
        while not g.is_over:
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
        winner = g.observation(0)["went_out"]
        assert winner is not None and not g.hands[winner]
        assert g.deal_outcomes() == ["win" if s == winner else "loss" for s in range(3)]
