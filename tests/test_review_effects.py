"""What a move led to (issue 37, "why in plain words"): the review's play-outs measure
each game's traits beside the value (its spec's ``review_traits``), and a verdict keeps
the ones clearly worse after the move played than after the best, in the game's words.

Measuring changes no value (the hint, which measures nothing, stays the review's best);
the effects are paired on the same sampled deals, kept only beyond the game's gap and
beyond noise, the clearest first; they survive the history's JSON, and a damaged one is
refused with the reason.
"""
from __future__ import annotations

import pytest

from game import i18n
from game.games import ORDER
from game.review.analysis import Analysis, Judge, why
from game.review.model import Candidate, Effect, Verdict
from game.review.traits import VALUE, effects, trait_gaps, traits_of
from game.review.tuning import settings
from game.rules import GAMES, Move
from tests.test_judge import QUICK, random_position


def _position(key: str) -> tuple[dict[str, object], list[Move]]:
    for seed in range(40):
        s = random_position(key, 7100 + seed)
        if s is not None and len(s.human_moves()) > 2:
            return s.game.observation(s.human), s.human_moves()
    raise AssertionError(f"no {key} position with three moves")


@pytest.mark.parametrize("key", ORDER)
def test_measuring_what_a_move_led_to_changes_no_value(key: str) -> None:
    """The review measures, the hint does not: the same candidates, values and errors;
    one table of traits per sampled deal for every move valued."""
    obs, legal = _position(key)
    s = settings(key, QUICK[key] | {"solve_nodes": 0})
    plain = Judge(obs, legal, s).run()
    measured = Judge(obs, legal, s, measure=True).run()
    assert plain is not None and measured is not None
    assert plain.candidates == measured.candidates and plain.samples == measured.samples
    assert not plain.measured
    got = dict(measured.measured)
    assert set(got) == {c.move for c in measured.candidates}
    t = traits_of(key)
    assert t is not None
    for rows in got.values():
        assert len(rows) == measured.samples
        for row in rows:         # each trait the game says, and the play-out's value
            assert VALUE in row and len(row) > 1, row
            assert all(t.worse(name) is not None for name in row if name != VALUE), row


def _analysis(played: list[dict[str, float]], best: list[dict[str, float]]) -> Analysis:
    return Analysis((Candidate("defend 9H", 0.6), Candidate("take", 0.4, 0.05)),
                    ("defend 9H", "take"), len(played),
                    measured=(("defend 9H", tuple(best)), ("take", tuple(played))))


def _rows(trait: str, values: list[float], results: list[float]) -> list[dict[str, float]]:
    return [{trait: x, VALUE: v} for x, v in zip(values, results, strict=True)]


def test_an_effect_is_kept_only_when_worse_beyond_the_gap_and_the_noise() -> None:
    s = settings("durak", {"z": 2.0})
    won = _rows("took", [1.0] * 4, [1.0] * 4)
    # Durak's "took": a fifth of a take more is the gap; more takes on every deal, and
    # the most where the move played lost the most
    clear = _analysis(_rows("took", [2.0, 2.0, 3.0, 2.0], [0.5, 0.5, 0.0, 0.5]), won)
    got = effects("durak", clear, "take", "defend 9H", s)
    assert got == (Effect("took", 2.25, 1.0, 0.25),)
    # the same takes, but the loss where they are fewest: they explain nothing
    against = _analysis(_rows("took", [2.0, 2.0, 3.0, 2.0], [0.0, 0.0, 1.0, 0.0]), won)
    assert effects("durak", against, "take", "defend 9H", s) == ()
    # fewer takes after the move played: better, nothing said
    better = _analysis(_rows("took", [0.0] * 4, [0.0] * 4), won)
    assert effects("durak", better, "take", "defend 9H", s) == ()
    # a larger gap that is noise (one deal of four)
    noisy = _analysis(_rows("took", [5.0, 1.0, 1.0, 1.0], [0.0] * 4), won)
    assert effects("durak", noisy, "take", "defend 9H", s) == ()
    # beyond noise but under the gap
    small = _analysis(_rows("took", [1.1, 1.1, 1.1, 1.2], [0.0] * 4), won)
    assert effects("durak", small, "take", "defend 9H", s) == ()
    # the same move, or nothing measured: nothing
    assert effects("durak", clear, "take", "take", s) == ()
    assert effects("durak", Analysis(clear.candidates, clear.ranked, 4), "take",
                   "defend 9H", s) == ()


def test_the_effects_that_go_with_the_loss_most_come_first_and_at_most_two() -> None:
    s = settings("paodekuai", {"z": 2.0})
    # the cards held go with the points lost exactly; seat 1 goes out first on every
    # deal (as much as can be told); seat 2 a little more often, half with the loss
    played = [{"left": 5.0 + k % 2, "out1": 1.0, "out2": float(k % 4 in (0, 1)),
               VALUE: -10.0 - 2 * (k % 2)} for k in range(16)]
    best = [{"left": 1.0, "out2": float(k % 4 == 0), VALUE: 0.0} for k in range(16)]
    a = Analysis((Candidate("play 3S", 0.0), Candidate("play 4S", -11.0, 0.5)),
                 ("play 3S", "play 4S"), 16,
                 measured=(("play 3S", tuple(best)), ("play 4S", tuple(played))))
    got = effects("paodekuai", a, "play 4S", "play 3S", s)
    assert [e.name for e in got] == ["left", "out1"]
    assert got[0].played == 5.5 and got[0].best == 1.0
    assert got[1].played == 1.0 and got[1].best == 0.0


@pytest.mark.parametrize("key, move, traits", [
    ("durak", "take", {"took"}),
    ("dudak", "take", {"picked"}),
])
def test_the_move_judged_counts_in_what_it_led_to(key: str, move: str,
                                                  traits: set[str]) -> None:
    """Taking the cards now is itself a take (Durak) and a pick-up (Dudák): every
    play-out after it counts at least one."""
    for seed in range(200):
        s = random_position(key, 7300 + seed)
        if s is None:
            continue
        legal = s.human_moves()
        if any(str(m) == move for m in legal) and len(legal) > 1:
            break
    else:
        raise AssertionError(f"no {key} position where {move} is legal")
    obs = s.game.observation(s.human)
    a = Judge(obs, legal, settings(key, QUICK[key] | {"solve_nodes": 0}),
              extra=move, measure=True).run()
    assert a is not None
    rows = dict(a.measured)[move]
    name = next(iter(traits))
    assert rows and all(row[name] >= 1 for row in rows)


def test_each_game_says_its_effects_in_plain_words() -> None:
    obs = {"seat": 0}
    lead = "The computer played on from here many times, after your move and after its own."
    assert why("durak", obs, "take", "defend 9H", [Effect("took", 1.74, 0.81, 0.2)]) == [
        lead, "Counting this move, after yours you took the cards 1.7 times on average by "
              "the end of the deal; after its, 0.8 times."]
    assert why("durak", obs, "attack 6S", "attack 9H", [Effect("held", 7.2, 4.5, 0.5)]) == [
        lead, "After yours you held 7.2 cards on average when the talon ran out; after "
              "its, 4.5 cards."]
    assert why("durak", obs, "attack 6H", "attack 9S", [Effect("trumps", 0.84, 1.9, 0.3)]) == [
        lead, "After yours you had 0.8 trumps on average when the talon ran out; after "
              "its, 1.9 trumps."]    # no longer measured: said for reviews kept before
    assert why("durak", obs | {"trump_card": "QS"}, "attack 6H", "attack 9S",
               [Effect("trump_card", 0.21, 0.55, 0.05), Effect("opp_held", 2.1, 3.4, 0.3),
                Effect("opp_trumps", 1.6, 0.9, 0.2)]) == [
        lead, "After yours the face-up trump, Д♠, came to your hand in 21% of them; after "
              "its, in 55%.",
        "After yours Computer held 2.1 cards on average when the talon ran out; after "
        "its, 3.4 cards.",
        "After yours Computer had 1.6 trumps on average when the talon ran out; after "
        "its, 0.9 trumps."]
    assert why("dudak", obs, "lead 7L", "lead 8L", [Effect("picked", 10.1, 2.75, 1.8)]) == [
        lead, "Counting this move, after yours you picked up 10.1 cards on average by the "
              "end of the deal; after its, 2.8 cards."]
    assert why("paodekuai", obs, "play 8S", "play QS",
               [Effect("left", 3.24, 1.56, 0.25), Effect("out2", 0.61, 0.13, 0.06)]) == [
        lead, "After yours you were left holding 3.2 cards at the end on average; after "
              "its, 1.6 cards.",
        "After yours Computer 2 went out first in 61% of them; after its, in 13%."]
    assert why("autobus", obs, "end", "play 5S hand run1",
               [Effect("reserve", 9.4, 6.9, 0.1), Effect("out1", 0.3, 0.1, 0.05)]) == [
        "This ended the turn while a card could still be played.", lead,
        "A few turns later, after yours 9.4 cards were left in your reserve on average; "
        "after its, 6.9 cards."]    # a trait the game no longer says: no words
    assert why("autobus", obs | {"players": 3}, "bus 7H", "play 5S hand run1",
               [Effect("opp_reserve", 3.1, 4.8, 0.3), Effect("played", 2.2, 5.0, 0.4)]) == [
        lead, "A few turns later, after yours the smallest reserve among the other players "
              "held 3.1 cards on average; after its, 4.8 cards.",
        "Counting this move, in the next few turns after yours you put 2.2 cards on the "
        "runs on average; after its, 5.0 cards."]
    # with one other player, that player by name
    assert why("autobus", obs | {"players": 2}, "bus 7H", "play 5S hand run1",
               [Effect("opp_reserve", 3.1, 4.8, 0.3)])[1] == (
        "A few turns later, after yours Computer 1 had 3.1 cards left in the reserve on "
        "average; after its, 4.8 cards.")
    # the seat named from the reviewed seat's side; the same move: nothing
    assert "Computer 1" in why("paodekuai", {"seat": 1}, "play 8S", "play QS",
                               [Effect("out2", 0.6, 0.1, 0.05)])[1]
    assert why("durak", obs, "take", "take", [Effect("took", 2.0, 1.0, 0.1)]) == []
    try:
        i18n.set_language("pl")
        got = why("durak", obs, "take", "defend 9H", [Effect("took", 1.74, 0.81, 0.2)])
        assert len(got) == 2 and "1,7 raza" in got[1] and "0,8 raza" in got[1]
        assert got[0] != lead
    finally:
        i18n.set_language("en")


def test_durak_counts_the_hands_when_the_talon_runs_out() -> None:
    """Durak's hands once the talon is gone (issue 52's mined traits): the judged
    seat's cards, the other seat's cards and trumps, and whether the face-up trump card
    came to the seat, all counted at its first move with the talon gone (the hands at
    the end where the play-out never got there)."""
    from game.games.durak.why import TRAITS, WORSE

    g = GAMES["durak"].new(seed=4)
    seat = g.current_player
    trump = g.trump_suit
    other = g.hands[1 - seat]
    want = float(sum(1 for c in other if c[-1] == trump))
    notes: dict[str, float] = {}
    assert TRAITS.note is not None
    TRAITS.note(g, g.legal_moves()[0], notes)
    assert "opp_trumps" not in notes                 # the talon is still there
    end = TRAITS.end(g, seat, notes)
    assert end["opp_trumps"] == want and end["trump_card"] == 0.0
    assert end["held"] == float(len(g.hands[seat])) and end["opp_held"] == float(len(other))
    g.talon.clear()
    g.hands[seat].append(g.trump_card)               # the last card drawn came to the seat
    TRAITS.note(g, g.legal_moves()[0], notes)
    assert notes["trump_card"] == 1.0 and notes["opp_trumps"] == want
    assert notes["held"] == float(len(g.hands[seat]))
    g.hands[seat].remove(g.trump_card)
    assert TRAITS.end(g, seat, notes)["trump_card"] == 1.0       # counted once, then
    # more of yours, fewer of its, more of its trumps, the trump card less often: worse
    assert {k: WORSE[k][0] for k in ("held", "opp_held", "opp_trumps", "trump_card")} == {
        "held": 1, "opp_held": -1, "opp_trumps": 1, "trump_card": -1}


def test_a_game_may_ask_a_trait_to_go_with_the_loss_more() -> None:
    """Durak's takes are said only where their gap goes with the loss at 0.65 or more
    (``Traits.least``); a trait with no such demand needs the review's 0.25."""
    s = settings("durak", {"z": 1.0})
    won = _rows("took", [1.0] * 8, [1.0] * 8)
    won = [r | {"opp_trumps": 1.0} for r in won]
    # a take more on six deals of eight, the loss on five of them and on one more deal
    gap = [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0]
    lost = [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0]
    played = [{"took": 1.0 + x, "opp_trumps": 1.0 + x, VALUE: v}
              for x, v in zip(gap, lost, strict=True)]
    a = _analysis(played, won)
    from game.review.traits import correlation
    r = correlation(gap, [1.0 - v for v in lost])
    assert 0.25 <= r < 0.65
    assert [e.name for e in effects("durak", a, "take", "defend 9H", s)] == ["opp_trumps"]


def test_effects_survive_json_and_a_damaged_one_is_refused() -> None:
    v = Verdict(4, "take", "defend 9H", 0.3, 0.6, legal=3, grade="mistake", mistake=True,
                se=0.02, candidates=(Candidate("defend 9H", 0.6), Candidate("take", 0.3, 0.02)),
                effects=(Effect("took", 1.7, 0.8, 0.2),))
    assert Verdict.from_dict(v.to_dict()) == v
    old = v.to_dict()
    del old["effects"]                     # a review cached before effects: none
    assert Verdict.from_dict(old).effects == ()
    for bad, why_ in ((["x"], "an effect is not a table"),
                      ([{"name": "", "played": 1, "best": 0}], "without its name"),
                      ([{"name": "took", "played": "a", "best": 0}], "not a number"),
                      ([{"name": "took", "played": 1, "best": 0, "se": -1}], "below 0"),
                      ([{"name": "t", "played": 1, "best": 0}] * 3, "not a list")):
        with pytest.raises(ValueError, match=why_):
            Verdict.from_dict(v.to_dict() | {"effects": bad})


def test_a_review_keeps_effects_only_where_the_move_was_not_the_best() -> None:
    from game.review.analysis import play_deal, review_deal

    j = play_deal("paodekuai", 930003, ["easy", "normal"])
    r = review_deal(j, 0, overrides=QUICK["paodekuai"] | {"samples": 24})
    assert all(not v.effects for v in r.verdicts if v.agreed or v.forced)
    found = [e for v in r.verdicts for e in v.effects]
    assert found, "a blunder of this deal left the seat holding more cards"
    t = traits_of("paodekuai")
    assert t is not None
    for e in found:
        w = t.worse(e.name)
        assert w is not None and w[0] * (e.played - e.best) >= w[1]


def test_the_bench_mines_what_the_review_keeps() -> None:
    """``bench_review why`` sets the gaps from every trait measured (``trait_gaps``) and
    says again what a verdict would keep (``refire``): the same as the review's own
    ``effects`` on the same play-outs."""
    from game.bench.bench_why import refire, trait_stats

    s = settings("durak", {"z": 1.0})
    won = [{"took": 1.0, "opp_trumps": 1.0, "held": 4.0, VALUE: 1.0} for _ in range(8)]
    gap = [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0]
    lost = [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0]
    played = [{"took": 1.0 + x, "opp_trumps": 1.0 + x, "held": 4.0 - x, VALUE: v}
              for x, v in zip(gap, lost, strict=True)]
    a = _analysis(played, won)
    gaps = {g.name: g for g in trait_gaps("durak", a, "take", "defend 9H")}
    assert set(gaps) == {"took", "opp_trumps", "held"}
    assert gaps["took"].played == 1.75 and gaps["took"].best == 1.0
    assert gaps["held"].r == -gaps["took"].r         # fewer held is better: signed so
    stats = trait_stats("durak", a, "take", "defend 9H", s)
    assert stats["held"][0] == -0.75 and stats["took"][0] == 0.75
    kept = [e.name for e in effects("durak", a, "take", "defend 9H", s)]
    assert kept == ["opp_trumps"] and refire("durak", stats) == kept
