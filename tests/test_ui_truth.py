"""At the end of a deal the table tells the truth about what is left (issue 50): the
cards a loser still holds are shown face up, as they are."""
from __future__ import annotations

import pytest

from game.app import CardClubWindow
from game.games.durak.table import DurakTable
from game.tools.drive import pump

from .ui_helpers import play_deal

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
    """A computer has played; you play: from the frame of your play on, no card is drawn
    twice (resting in the table's picture and flying), and the line under the table no
    longer says the computer's play is there."""
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
        assert not (cards.live & cards.resting[0]), "a card drawn twice"
        assert view.shape_label.text.text != said
        if not view.animating and not view.words_due:
            break
    assert "You" in view.shape_label.text.text or "you" in view.shape_label.text.text
