"""The square trainer's page without its widgets: the round being played (a
:class:`dama.squares.game.SquareTrainer`), what a click or a typed number does, and the page's
words: the question, the answer's feedback, the clock, the score line with the child's best,
which squares the board marks (dama.squares.page draws it).

    >>> import tempfile
    >>> from dama.core.store.best import BestScores
    >>> home = tempfile.TemporaryDirectory()
    >>> now = [0.0]
    >>> page = TrainerPage("en", seed=5, clock=lambda: now[0], best=BestScores(home.name),
    ...                    student=lambda: "Anna")
    >>> page.start(FIND, flipped=False)
    >>> page.round.square
    17
    >>> page.question.endswith(" square <b style='font-size:1.6em'>17</b></p>")
    True
    >>> page.click(18); page.feedback
    "<p style='color:#b3261e'>No, the one with the dashed frame is square 18. Look for 17!</p>"
    >>> page.marked, page.missed
    ((), (18,))
    >>> page.click(17); page.feedback, page.score
    ("<p style='color:#1b7a1b'>Right!</p>", 'Right: 1 · Wrong: 1 · Your best: 1')
    >>> page.tick(page.rounds), page.clock_line
    (True, 'Time: 30 s')
    >>> now[0] = 31.0
    >>> page.tick(page.rounds), page.question, page.go_label
    (False, "<p style='font-size:1.3em'><b>Time's up! 1 right. A new best!</b></p>", 'Again!')
    >>> BestScores(home.name).best("Anna", "find-white")
    1
    >>> home.cleanup()
"""

from __future__ import annotations

import html
import time
from typing import Callable

from damalib.i18n import N_

from dama.core.board.messages import for_touch
from dama.core.store.best import BestScores
from dama.core.store.student import student as current_student
from dama.squares.game import FIND, NAME, SquareTrainer
from dama.text import say

__all__ = ["FIND", "NAME", "MESSAGES", "TrainerPage"]

MESSAGES = {
    "find": N_("Find the square"),
    "name": N_("What number is it?"),
    "from_white": N_("From White's side"),
    "from_black": N_("From Black's side"),
    "go": N_("Go!"),
    "again": N_("Again!"),
    "ready": N_("Choose the game and press “Go!”: you have 30 seconds."),
    "ask_find": N_("Click square <b style='font-size:1.6em'>{n}</b>"),
    "ask_name": N_("What is the marked square's number? Type it and press Enter."),
    "right": N_("Right!"),
    # A miss shows on the board the square the child's answer names, framed by dashes (by
    # its shape, not its colour alone), beside the one asked.
    "wrong_find": N_("No, the one with the dashed frame is square {got}. Look for {n}!"),
    "wrong_name": N_("No, {got} is the square with the dashed frame. Count from the top left, "
                     "row by row."),
    # Seen from Black's side the board is turned: square 1 is at the bottom right (IT-B2).
    "wrong_name_black": N_("No, {got} is the square with the dashed frame. From this side square "
                           "1 is at the bottom right: count from right to left, row by row, "
                           "going up."),
    "not_a_number": N_("Type a number from 1 to 32."),
    "clock": N_("Time: {s} s"),
    "score": N_("Right: {right} · Wrong: {wrong} · Your best: {best}"),
    "over": N_("Time's up! {right} right."),
    "new_best": N_(" A new best!"),
    "answer_here": N_("the number"),
}


def big(text: str) -> str:
    """A question, as large as the page says it."""
    return f"<p style='font-size:1.3em'>{text}</p>"


class TrainerPage:
    """The state of the trainer's page: the round (``round``, None before the first), and
    what the page shows of it. ``clock`` and ``seed`` as for a round; ``best`` keeps the
    best scores of ``student()``, the child playing."""

    def __init__(self, lang: str = "it", *, seed: int | None = None,
                 clock: Callable[[], float] | None = None, best: BestScores | None = None,
                 student: Callable[[], str] = current_student) -> None:
        self.lang = lang
        self.seed = seed
        self.clock = clock or time.monotonic
        self.best = best if best is not None else BestScores()
        self.student = student
        self.round: SquareTrainer | None = None
        #: How many rounds began: a tick of an earlier round is stale.
        self.rounds = 0
        self._finished: SquareTrainer | None = None
        self.question = big(self.say("ready"))
        self.feedback = ""
        self.clock_line = ""
        self.score = ""
        #: Whether the box for a typed number is shown, and the words of the start button.
        self.answer_box = False
        self.go_label = self.say("go")
        #: The squares the board marks (the question, the one a wrong answer names), and how
        #: many times they were set: the board is drawn again when this changes.
        self.marked: tuple[int, ...] = ()
        self.missed: tuple[int, ...] = ()
        self.marks_set = 0

    def say(self, key: str, **params: object) -> str:
        return say(MESSAGES, key, self.lang, **params)

    # -- what the child does -----------------------------------------------------------------

    def start(self, mode: str, flipped: bool) -> None:
        """A new round of ``mode`` (FIND or NAME), the board seen from Black if ``flipped``."""
        trainer = SquareTrainer(mode, flipped=flipped, seed=self.seed, clock=self.clock)
        self.round, self.rounds = trainer, self.rounds + 1
        trainer.start()
        self.feedback = ""
        self.answer_box = mode == NAME
        self._ask()

    def click(self, square: int) -> None:
        """A square clicked: the answer of «Trova la casella» (nothing in the other game)."""
        trainer = self.round
        if trainer is not None and trainer.mode == FIND:
            self._graded(trainer.answer(square), square)

    def takes(self, typed: str) -> bool:
        """Whether ``typed`` is an answer to take: a number typed in «Che numero è?»."""
        trainer = self.round
        return trainer is not None and trainer.mode == NAME and bool(str(typed).strip())

    def typed(self, typed: str) -> None:
        """A number typed (see :meth:`takes`): right, wrong, or not a number of 1-32."""
        if not self.takes(typed):
            return
        text = str(typed).strip()
        result = self.round.answer(text)
        if result is None and self.round.running:
            self.feedback = f"<p>{self.say('not_a_number')}</p>"
        else:
            self._graded(result, text)

    def tick(self, number: int) -> bool:
        """The clock's tick for round ``number``: the time left said, or the round ended.
        True while the round goes on (the next tick is due)."""
        trainer = self.round
        if trainer is None or self.rounds != number:
            return False  # a new round began meanwhile
        if trainer.over:
            self._finish()
            return False
        self.clock_line = self.say("clock", s=int(trainer.remaining + 0.999))
        return True

    # -- what the page says ------------------------------------------------------------------

    def _mark(self, *squares: int, missed: tuple[int, ...] = ()) -> None:
        self.marked, self.missed = squares, missed
        self.marks_set += 1

    def _score(self) -> None:
        trainer = self.round
        best = self.best.best(self.student(), trainer.key)
        self.score = self.say("score", right=trainer.score, wrong=trainer.misses,
                              best=max(trainer.score, best))

    def _ask(self) -> None:
        trainer = self.round
        if trainer.mode == FIND:
            self.question = big(for_touch(self.say("ask_find", n=trainer.square)))
            self._mark()
        else:
            self.question = big(self.say("ask_name"))
            self._mark(trainer.square)
        self._score()

    def _graded(self, result: bool | None, got: int | str) -> None:
        trainer = self.round
        if result is None:
            if trainer.over:
                self._finish()
            return
        if result:
            self.feedback = f"<p style='color:#1b7a1b'>{self.say('right')}</p>"
            self._ask()
            return
        wrong = ("wrong_find" if trainer.mode == FIND
                 else "wrong_name_black" if trainer.flipped else "wrong_name")
        self.feedback = (f"<p style='color:#b3261e'>"
                         f"{self.say(wrong, got=html.escape(str(got)), n=trainer.square)}</p>")
        # The square named by the answer, on the board: in «trova» the one touched (the one
        # asked stays to be found), in «nomina» beside the marked one.
        named = int(str(got).strip())
        if trainer.mode == FIND:
            self._mark(missed=(named,))
        else:
            self._mark(trainer.square, missed=(named,))
        self._score()

    def _finish(self) -> None:
        trainer = self.round
        if self._finished is trainer:
            return
        self._finished = trainer
        record = self.best.record(self.student(), trainer.key, trainer.score)
        self.question = ("<p style='font-size:1.3em'><b>" + self.say("over", right=trainer.score)
                         + (self.say("new_best") if record else "") + "</b></p>")
        self.clock_line = self.say("clock", s=0)
        self.answer_box = False
        self.feedback = ""  # a «Giusto!» left from the last answer is not the round's end
        self.go_label = self.say("again")
        self._mark()
        self._score()
