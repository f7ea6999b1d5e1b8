"""At the end of a deal the table tells the truth about what is left (issue 50): the
cards a loser still holds are shown face up, as they are."""
from __future__ import annotations

import pytest

from game.app import CardClubWindow
from game.games.durak.table import DurakTable
from game.tools.drive import pump

from .test_ui_polish import sized
from .ui_helpers import play_deal

__all__ = ["sized"]          # the fixture, used by name

pytestmark = pytest.mark.ui


def test_the_durak_losers_cards_are_shown_at_the_end(app: CardClubWindow) -> None:
    """Deal 3 at the easy level, both seats played by the computer: seat 1 is left
    holding six cards; once the deal is over they lie face up where they are held."""
    view = DurakTable(app, seed=3, level="easy", ai_seats=(0, 1))
    app.show_view(view)
    play_deal(app, view, frames=6000)
    pump(app, 3)
    left = view.session.game.hands[1]
    assert left
    toks = view.tokens_at("hand1")
    assert sorted(t.card for t in toks if t.up) == sorted(left)
    for tok in toks:
        assert view.sprites[tok.id].face_up


def test_pao_de_kuai_your_play_shows_once_and_never_under_the_old_words(
        app: CardClubWindow) -> None:
    """A computer has played; you play: from the frame of your play on, none of your
    cards is drawn twice (resting in the table's picture and flying), and the line under
    the table no longer says the computer's play is there."""
    from game.games.paodekuai.rules import PaoDeKuai
    from game.games.paodekuai.table import PaoDeKuaiTable

    from .ui_helpers import card_point, tap

    seed = next(s for s in range(300) if PaoDeKuai.new(seed=s).current_player == 1)
    app.settings.animation_scale = 1.0
    app.think_scale = 0.0
    view = PaoDeKuaiTable(app, seed=seed)
    app.show_view(view)
    for _ in range(3000):
        pump(app)
        if view.human_to_act and not view.animating and not view.words_due \
                and view.obs["table"]:
            break
    app.think_scale = 1000.0
    said = view.shape_label.text.text
    assert "Computer" in said
    move = next(m for m in view.human_moves() if m.kind == "play")
    for c in move.args:
        tap(app, *card_point(view, c))
    for _ in range(600):              # the chosen cards lifted, the picture at rest
        pump(app)
        if not view.cards.live and not view.cards.static.dirty:
            break
    assert view.cards.resting[0]
    play = view.actions.by_name("play")
    tap(app, play.cx, play.cy, frames=0)
    assert view.session.journal.moves[-1].startswith("play")
    for _ in range(120):
        pump(app)
        cards = view.cards
        twice = {t for t in cards.live & cards.resting[0] if cards.yours(t)}
        assert not twice, "a card of yours drawn twice"
        assert view.shape_label.text.text != said
        if not view.animating and not view.words_due:
            break
    assert "You" in view.shape_label.text.text or "you" in view.shape_label.text.text


@pytest.mark.parametrize("sized", [(1280, 800), (960, 600)], indirect=True)
def test_dudak_words_keep_clear_of_each_other_through_a_deal(sized: CardClubWindow) -> None:
    """Deal 4 played on to its end, the player's seat by the computer too: at every
    move the dealer chip covers no seat's count or last play, and "N cards out of play"
    stays out of the log's box."""
    from game.games.dudak.table import DudakTable

    from .test_ui_polish import overlap, text_box

    app = sized
    view = DudakTable(app, seed=4, level="normal", ai_seats=(0, 1, 2, 3))
    app.think_scale = 0.1             # a few frames between moves: each one is looked at
    app.show_view(view)
    checked = 0
    for _ in range(4000):
        pump(app)
        if view.session.is_over:
            break
        if view.animating or view.words_due:
            continue
        s = view.layout.s
        t = view.dealer_label.text
        chip = (t.left - 8 * s, t.bottom - 5 * s, t.right + 8 * s, t.top + 5 * s)
        for seat, lab in view.log.plays.items():
            if lab.text.text:
                assert not overlap(chip, text_box(lab.text)), (seat, lab.text.text)
        for seat in view.others():
            assert not overlap(chip, text_box(view.counts[seat].text)), seat
        if view.out_label.text.text:
            b = view.log.box
            assert not overlap(text_box(view.out_label.text),
                               (b.cx - b.w / 2, b.cy - b.h / 2, b.cx + b.w / 2, b.cy + b.h / 2))
            checked += 1
    assert checked, (view.session.moves_played, view.session.is_over, view.obs["out"])


@pytest.mark.parametrize("sized", [(960, 600)], indirect=True)
def test_a_hinted_card_stays_under_a_two_line_hint(sized: CardClubWindow,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint whose words take two lines: its card lifts short of the line's box (it
    used to rise into the second line)."""
    from .test_ui_polish import open_table

    app = sized
    view = open_table(app, "dudak", seed=2)
    sb = view.status_box()
    move = min((m for m in view.human_moves() if view.picks(m)),
               key=lambda m: abs(view.sprite_of(view.picks(m)[0][1]).center_x - sb.cx))
    monkeypatch.setattr(view, "move_words", lambda m: "beat the Ober of bells with the "
                        "Unter of acorns and then think about it for a while")
    view.help.show_hint(move)
    for _ in range(200):
        pump(app)
        if not view.animating:
            break
    t = view.hud.status.text
    assert t.content_height > 1.5 * t.font_size           # two lines
    box_bottom = sb.cy - view.hud.status_height() / 2
    sp = view.sprite_of(view.picks(move)[0][1])
    assert sp.center_y + view.layout.card_h / 2 <= box_bottom + 1
