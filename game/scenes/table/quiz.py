"""Learn from your mistakes on the real table: ``QuizMode``.

The review's inaccuracies and worse are asked one at a time, each as a practice deal at
that position (``game.session.replay.practice``), so the whole position is on the table:
Durak's bout, the play to beat in Pao De Kuai, Dudák's trick, Autobus's runs and piles.
The banner tells the move played, as the log would, and asks for a better one, with
the decision's number; the player makes a move with the table's own gestures (matched
to the legal moves as always) and the move is *not* played: ``play`` grades it
(``game.review.quiz.Quiz``: at once where the review valued it, else its judge a slice
a frame while the status line says "Thinking…").  Then the answer graded in the
review's words, the computer's move (its cards lifted, and in words) and the gap;
"Next" (after the last: back to the review) and "Back to the review".  No hint, no
undo, no computer moves: nothing here plays.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade

from game.i18n import _
from game.i18n.moves import capitalised, move_told, move_words
from game.review.model import Review
from game.review.quiz import Quiz
from game.rules import Event, Move
from game.scenes.review_view import grade_word, value_text, verdict_sentence
from game.scenes.table.modes import PlayMode
from game.session.deal import DealSession
from game.session.journal import Journal
from game.session.replay import journal_of, practice
from game.ui.placement import Places, Token
from game.ui.replay_controls import go_back
from game.ui.widgets import PRIMARY, SECONDARY, Button, ButtonGroup, Label

if TYPE_CHECKING:
    from game.scenes.table.host import Host
    from game.ui.replay_controls import Back
    from game.ui.window import Window

log = logging.getLogger(__name__)

#: seconds of the answer's judge per frame (the frame stays smooth)
JUDGE_SLICE = 0.012
ENTER = (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER)
WORDS = (255, 250, 220)


class QuizMode(PlayMode):
    """The table asks the quiz's position: a gesture's move is graded, never played."""

    deals = False

    def __init__(self, view: Host, quiz: Quiz, session: DealSession,
                 back: Back = None) -> None:
        self.view = view                  # not PlayMode's bar: no hint, no undo
        self.quiz = quiz
        self.session = session            # the view's: a practice deal the quiz moves
        self.back_to = back
        self.bar = ButtonGroup(Button(_("Rules"), view.dialogs.open_rules, name="rules"),
                               Button(_("Back to the review"), self.go_back, SECONDARY,
                                      name="back"))
        self.next_button = Button(_("Next"), self.next, PRIMARY, name="next")
        self.next_button.alt_texts = (_("Finish"),)
        self.said = Label("", 18, WORDS, bold=True, multiline=True, width=500,
                          align="center")

    # ----- where the quiz stands ---------------------------------------------------------
    @property
    def asking(self) -> bool:
        """The player may answer (no answer given yet)."""
        return self.quiz.answer is None and not self.quiz.thinking

    def words(self, move: str, own: bool = False) -> str:
        """A move in the review's words, from the position asked; ``own``: the player's
        own move as the log tells it ("You attack with the 6♣")."""
        v = self.view
        try:
            if own:
                return capitalised(move_told(v.key, move, v.obs, v.style, own=True))
            return move_words(v.key, move, v.obs, v.style)
        except Exception:  # notation this version does not read
            return move

    def lines(self) -> list[str]:
        """The banner: the question and the decision's number, or the answer's gap in
        the review's words and the computer's move with its value."""
        q = self.quiz
        a = q.answer
        if a is None:
            k, n, m, total = q.number()
            told = self.words(q.verdict.played, own=True)
            # TRANSLATORS: {move} is the player's own move as the log tells it, a clause
            # of its own ("You attack with the 6♣")
            return [_("{move} — find a better move.").format(move=told),
                    _("Decision {k} of {n} · move {m} of {total}").format(
                        k=k, n=n, m=m, total=total)]
        review = q.review
        return [verdict_sentence(review.unit, a),
                _("The computer's move: {move} ({value})").format(
                    move=self.words(a.best), value=value_text(review.key, review.unit,
                                                              a.value_best))]

    def status(self) -> str:
        """The status line once answered: the answer and its grade ("Thinking…" while
        it is judged)."""
        a = self.quiz.answer
        if a is not None:
            return _("Your answer: {move} ({grade})").format(
                move=capitalised(self.words(a.played)), grade=grade_word(a))
        return _("Thinking…") if self.quiz.thinking else ""

    def tell(self) -> None:
        """The banner and the status line say where the quiz stands."""
        v = self.view
        v.hud.show_banners(self.lines())
        self.said.set(self.status())
        self.place_said()
        self.next_button.visible = self.quiz.answer is not None
        self.next_button.label.set(_("Finish") if self.quiz.last else _("Next"))
        v.cards.static.dirty = True

    # ----- what the view asks --------------------------------------------------------------
    def buttons(self) -> list[Button]:
        return [self.next_button] if self.next_button.visible else []

    def title_text(self) -> str | None:
        return "  ·  ".join([_("Learn from your mistakes: {i} of {n}").format(
            i=self.quiz.at + 1, n=len(self.quiz.asked)), self.view.deal_text()])

    def place(self) -> None:
        box = self.view.layout.action_button(0)
        self.next_button.place(box.cx, box.cy, box.w, box.h)
        self.tell()

    def place_said(self) -> None:
        """The status line's words, shrunk to one line where they can (a lifted card
        stops under the status line's box: two lines would cover it)."""
        v = self.view
        sb = v.status_box()
        self.said.text.width = int(sb.w - 16)
        size = max(12.0, 18 * v.layout.s)
        self.said.place(sb.cx, sb.cy, size)
        while self.said.text.content_height > sb.h * 1.1 and size > 11:
            size -= 1
            self.said.place(sb.cx, sb.cy, size)

    def refresh(self) -> None:
        v = self.view
        text = self.title_text()
        if text != v.hud.level_text:
            v.hud.level_text = text or ""
            v.place_widgets()

    def reveal(self, places: Places) -> None:
        pass

    def banner_lines(self, lines: list[str]) -> list[str]:
        self.view.hud.banner_queue = []
        return self.lines()

    def banner_time(self, seconds: float) -> float:
        return 0.0          # the question stays until it is answered

    def after_jump(self) -> None:
        self.tell()

    def update(self, dt: float) -> None:
        """The answer's judge a slice a frame (no computer moves, no result)."""
        if self.quiz.thinking and self.quiz.step(JUDGE_SLICE):
            self.answered()

    def busy(self) -> bool:
        return self.quiz.thinking

    # ----- an answer --------------------------------------------------------------------
    def play(self, move: Move | str) -> list[Event]:
        """The player's move is graded, not played: the table stops taking moves."""
        v = self.view
        if not self.asking:
            return []
        graded = self.quiz.give(str(move))
        self.session.read_only = True              # nobody acts while it is graded
        self.lift(move if isinstance(move, Move) else Move.parse(move))
        if graded:
            self.answered()
        else:
            self.tell()
            v.refresh()
        return []

    def answered(self) -> None:
        """The grade is in: the computer's move's cards lifted, the words said."""
        a = self.quiz.answer
        if a is not None:
            try:
                self.lift(Move.parse(a.best))
            except Exception:  # notation this version does not read: words only
                self.lift(None)
        self.tell()
        self.view.refresh()

    def lift(self, move: Move | None) -> None:
        """The cards of ``move`` chosen (lifted) on the table, the others at rest."""
        v = self.view
        chosen: list[Token] = []
        for place, card in v.picks(move) if move is not None else []:
            tok = next((t for t in v.cards.tokens_at(place)
                        if t.up and t.card == card and t not in chosen), None)
            if tok is not None:
                chosen.append(tok)
        v.selected = chosen
        v.cards.arrange(0.15)

    # ----- moving on ---------------------------------------------------------------------
    def next(self) -> None:
        """The next position (after the last: back to the review)."""
        q = self.quiz
        if q.answer is None:
            return
        if not q.next():
            self.go_back()
            return
        state = q.journal.state_at(q.index)
        self.session.read_only = False
        self.session.jump(state, list(q.journal.moves[:q.index]))   # on_change lays it out
        self.refresh()

    def go_back(self) -> None:
        go_back(self.view, self.back_to, self.view.key)

    # ----- input ------------------------------------------------------------------------
    def press(self, x: float, y: float) -> bool:
        """The Next button; once answered, nothing on the table takes a press (the
        computer's move stays lifted) but the bar."""
        if self.next_button.visible and self.next_button.hit(x, y):
            self.next_button.pressed = True
            return True
        return not self.asking and not any(b.visible and b.hit(x, y)
                                           for b in self.bar.buttons)

    def release(self, x: float, y: float) -> bool:
        b = self.next_button
        if b.pressed:
            b.pressed = False
            if b.hit(x, y):
                b.on_click()
            return True
        return False

    def key(self, key: int, modifiers: int) -> bool:
        """Esc goes back to the review, Enter or Right to the next position once
        answered; H and Ctrl+Z do nothing (no hint, no undo)."""
        if key == arcade.key.ESCAPE:
            self.go_back()
        elif key in (*ENTER, arcade.key.RIGHT) and self.quiz.answer is not None:
            self.next()
        elif key == arcade.key.H or (key == arcade.key.Z and modifiers & arcade.key.MOD_CTRL):
            pass
        else:
            return False
        return True

    def draw_status(self) -> None:
        v = self.view
        if self.asking:
            v.hud.draw_status()
            v.actions.draw()
            return
        sb = v.status_box()
        h = max(sb.h, self.said.text.content_height + 10)
        arcade.draw_rect_filled(arcade.XYWH(sb.cx, sb.cy, sb.w, h), (0, 0, 0, 100))
        self.said.draw()
        if self.next_button.visible:
            self.next_button.draw()


def open_quiz(window: Window, journal: Journal | dict[str, Any], review: Review,
              back: Back = None, **_kw: Any) -> arcade.View | None:
    """The table at the quiz's first position (a practice deal: saved nowhere), in quiz
    mode; ``back`` is where "Back to the review" goes."""
    from game.scenes.tables import table_class

    j = journal_of(journal)
    quiz = Quiz(j, review)
    session = practice(j, quiz.index, quiz.seat)
    cls = table_class(quiz.key)
    factory: Callable[[Any], PlayMode] = lambda view: QuizMode(  # noqa: E731
        view, quiz, session, back)
    return cls(window, session=session, mode=factory)
