"""The Palestra's page without its widgets: a :class:`dama.palestra.practice.Practice` over the
child's progress files, the best streak kept, and the page's words: the rating line (with the
last answer's change and why), the streak's message, what to say when there is no puzzle. It
is the exercises' puzzle source (dama.core.board.puzzle_widget.PuzzleSource), and tells
``on_change`` when its words change (dama.palestra.page draws them).

    >>> import datetime as dt, tempfile
    >>> home = tempfile.TemporaryDirectory()
    >>> now = dt.datetime(2026, 3, 2, 9, 0, tzinfo=dt.timezone.utc)
    >>> page = PracticePage("en", "Anna", home.name, seed=4, clock=lambda: now)
    >>> page.status, page.review_label
    ("<p style='font-size:1.15em'>Your rating: <b>950</b></p>", 'Review my mistakes')
    >>> puzzle = page.start("streak")
    >>> page.message
    '<p>Each puzzle is a little harder. The first mistake ends the streak, and there are no hints here!</p>'
    >>> page.graded(puzzle, clean=False); page.message
    "<p style='font-size:1.2em'>The streak ended at the first puzzle. Never mind: press “New streak” and try again! You can still finish this puzzle.</p>"
    >>> page.next_label("en"), page.title("en", 1)
    ('New streak', 'Streak · puzzle 1')
    >>> when(dt.timedelta(minutes=90), "en"), when(dt.timedelta(days=1), "it")
    ('in 90 minutes', 'domani')
    >>> page.store.close(); home.cleanup()
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Callable

from damalib.i18n import N_, translator

from dama.core.content import load
from dama.core.content.puzzle import Puzzle
from dama.core.store.best import STREAK_FILE, BestScores
from dama.core.store.progress import ProgressStore
from dama.core.store.ratings import read_folder, utc_now
from dama.palestra.practice import THEMES, AnswerResult, Practice
from dama.text import say

MESSAGES = {
    "rated": N_("Training"),
    "streak": N_("Streak"),
    "review": N_("Review my mistakes"),
    "review_n": N_("Review my mistakes ({n})"),
    "theme": N_("Topic:"),
    "title_rated": N_("Training · puzzle {number}"),
    "title_streak": N_("Streak · puzzle {number}"),
    "title_review": N_("Review · puzzle {number}"),
    "rating": N_("Your rating: <b>{rating}</b>"),
    "up": N_(" <span style='color:#1a7f37'>(+{n})</span>"),
    "down": N_(" <span style='color:#b35900'>(−{n})</span>"),
    "solved_not_clean": N_(" · Solved, but with a hint or after a mistake: the rating counts "
                           "only a puzzle solved alone at the first go."),
    "not_rated": N_(" (a review does not change your rating)"),
    "streak_now": N_("Streak: <b>{n}</b> in a row · Your best: {best}"),
    "streak_rules": N_("Each puzzle is a little harder. The first mistake ends the streak, and "
                       "there are no hints here!"),
    "streak_over": N_("The streak is over: <b>{n}</b> in a row!"),
    "streak_over_at_once": N_("The streak ended at the first puzzle. Never mind: press “New "
                              "streak” and try again!"),
    "streak_finish_this": N_(" You can still finish this puzzle."),
    "new_best": N_(" A new best!"),
    "new_streak": N_("New streak"),
    "streak_again": N_("The streak is over. Press “New streak” to start again."),
    "review_left": N_("To review now: <b>{n}</b>"),
    "nothing_due": N_("No mistakes to review right now."),
    "next_due": N_(" The next one comes back {when}."),
    "tomorrow": N_("tomorrow"),
    "all_tried": N_("You have tried every puzzle of this topic! Choose another one."),
    "playing_as": N_("<b>{name}</b>'s practice: the rating is saved under this name. Only the "
                     "puzzles done here count: the lessons' stars do not change."),
    "no_name": N_("You have not typed your name yet: type it in the index, so that the rating "
                  "stays yours. Only the puzzles done here count: the lessons' stars do not "
                  "change."),
    "playing_as_account": N_("<b>{name}</b>'s practice: the rating is saved in your account. "
                             "Only the puzzles done here count: the lessons' stars do not "
                             "change."),
}


def when(delay: dt.timedelta, lang: str) -> str:
    """How long until a missed puzzle comes back, in a child's words."""
    _ = translator(lang)
    minutes = max(1, round(delay.total_seconds() / 60))
    if minutes < 120:
        return _.plural("in {n} minute", "in {n} minutes", minutes)
    if minutes < 24 * 60:
        return _.plural("in {n} hour", "in {n} hours", minutes // 60)
    days = round(minutes / (24 * 60))
    if days <= 1:
        return say(MESSAGES, "tomorrow", lang)
    return _.plural("in {n} day", "in {n} days", days)


class PracticePage:
    """The state of the Palestra's page for the child ``name`` whose progress files are in
    ``folder``: the practice, its store (the Palestra's attempts), the best streaks, and
    ``status``, ``message`` and ``review_label``, the words the page shows; ``first``, the
    puzzle it opens with."""

    def __init__(self, lang: str, name: str, folder: Path | str, *, seed: int | None = None,
                 clock: Callable[[], dt.datetime] | None = None) -> None:
        self.lang = lang
        self.name = name
        folder = Path(folder)
        self.store = ProgressStore(name, folder, place="palestra")
        self.best = BestScores(folder, STREAK_FILE)
        self.practice = Practice(name, load(), self.store.attempts,
                                 others=read_folder(folder, skip=self.store.path),
                                 seed=seed, clock=clock or utc_now)
        #: Told whenever the page's words change.
        self.on_change: Callable[[], None] = lambda: None
        self.message = ""
        self.status = ""
        self.review_label = ""
        #: What the rating line says of the last answer (the change, and why).
        self._change = ""
        self._streak_ended_now = False
        #: The puzzle the page opens with.
        self.first = self.practice.next_puzzle()
        self.show_status()

    def say(self, key: str, **params: object) -> str:
        return say(MESSAGES, key, self.lang, **params)

    def theme_choices(self) -> list[tuple[str, str]]:
        return [(translator(self.lang)(name), key) for key, (name, _) in THEMES.items()]

    # -- the child's choices -------------------------------------------------------------------

    def start(self, mode: str, theme: str | None = None) -> Puzzle | None:
        """Start ``mode`` (on ``theme``, in training): its first puzzle, or None (then the
        message says why)."""
        self.practice.start(mode, theme)
        self.message = f"<p>{self.say('streak_rules')}</p>" if mode == "streak" else ""
        puzzle = self.practice.next_puzzle()
        if puzzle is None:
            self.message = f"<p style='font-size:1.2em'>{self.exhausted(self.lang)}</p>"
        self.show_status()
        return puzzle

    # -- what the exercises ask (PuzzleSource) ---------------------------------------------------

    def next_puzzle(self) -> Puzzle | None:
        ended_now, self._streak_ended_now = self._streak_ended_now, False
        if self.practice.mode == "streak" and self.practice.streak_over and not ended_now:
            # «Nuova serie» on the button: a new streak, from the easiest puzzles again.
            self.practice.start("streak")
            self.message = f"<p>{self.say('streak_rules')}</p>"
        puzzle = self.practice.next_puzzle()
        # The last puzzle's rating change belongs to it: the line starts afresh.
        self._change = ""
        self.show_status()
        if puzzle is None and self.practice.mode == "streak" and not self.practice.streak_over:
            # Every puzzle solved in a row: the streak ends there, unbeaten.
            self.practice.streak_over = True
            self.best.record(self.name, "streak", self.practice.streak)
        return puzzle

    def graded(self, puzzle: Puzzle, clean: bool, solved: bool = False) -> None:
        outcome = self.practice.result(puzzle, clean)
        self._change = self._change_said(outcome, clean, solved)
        self.show_status(self._change)
        if outcome.streak_over:
            self.tell_streak_over(outcome, still_here=True)

    def _change_said(self, outcome: AnswerResult, clean: bool, solved: bool) -> str:
        """What the rating line says of an answer: the rating's change, and why it fell for
        a puzzle solved all the same; or that a review is not rated."""
        if outcome.rating is None:
            return self.say("not_rated") if self.practice.mode == "review" else ""
        change = ""
        before, after = (r.shown for r in outcome.rating)
        if after != before:
            change = self.say("up" if after > before else "down", n=abs(after - before))
        if solved and not clean:
            # Solved above, and yet the rating went down: say why.
            change += self.say("solved_not_clean")
        return change

    def solved_later(self, puzzle: Puzzle) -> None:
        """The puzzle missed a moment ago is solved now: the rating line, which went down,
        says why it stays so."""
        if self.practice.mode == "rated" and self._change:
            if self.say("solved_not_clean") not in self._change:
                self._change += self.say("solved_not_clean")
            self.show_status(self._change)

    def skipped(self, puzzle: Puzzle) -> None:
        if self.practice.mode == "streak" and not self.practice.streak_over:
            # Moving on without an answer ends a streak too, unrated: nothing was saved. The
            # page says so before a new streak can start («Nuova serie»).
            self.tell_streak_over(self.practice.skipped(puzzle), still_here=False)
            self._streak_ended_now = True
            self.show_status()

    def next_label(self, lang: str) -> str | None:
        """The next button's words when they are not «Prossimo esercizio»."""
        if self.practice.mode == "streak" and self.practice.streak_over:
            return say(MESSAGES, "new_streak", lang)
        return None

    def title(self, lang: str, number: int) -> str:
        # Counted from the mode's start, not from the page's first puzzle.
        return say(MESSAGES, f"title_{self.practice.mode}", lang,
                   number=self.practice.served)

    def exhausted(self, lang: str) -> str:
        mode = self.practice.mode
        if mode == "streak":
            return say(MESSAGES, "streak_again", lang)
        if mode == "review":
            return self.nothing_due(lang)
        return say(MESSAGES, "all_tried", lang)

    # -- the page's words ------------------------------------------------------------------------

    def tell_streak_over(self, outcome: AnswerResult, still_here: bool) -> None:
        record = self.best.record(self.name, "streak", outcome.streak)
        over = (self.say("streak_over", n=outcome.streak) if outcome.streak
                else self.say("streak_over_at_once"))
        if record:
            over += self.say("new_best")
        if still_here:  # the board still takes answers: the child may finish this one
            over += self.say("streak_finish_this")
        self.message = f"<p style='font-size:1.2em'>{over}</p>"
        self.on_change()

    def nothing_due(self, lang: str) -> str:
        text = say(MESSAGES, "nothing_due", lang)
        coming = self.practice.next_review()
        if coming is not None:
            text += say(MESSAGES, "next_due", lang,
                        when=when(coming - self.practice.clock(), lang))
        return text

    def show_status(self, change: str = "") -> None:
        """The rating line (or the streak's), with ``change``, the last answer's; and the
        review button's words, with how many puzzles are due."""
        practice = self.practice
        due = len(practice.due())
        self.review_label = self.say("review_n", n=due) if due else self.say("review")
        if practice.mode == "streak":
            best = max(practice.streak, self.best.best(self.name, "streak"))
            line = self.say("streak_now", n=practice.streak, best=best)
        elif practice.mode == "review":
            line = self.say("rating", rating=practice.rating.shown) + change
            line += " · " + self.say("review_left", n=due)
        else:
            line = self.say("rating", rating=practice.rating.shown) + change
        self.status = f"<p style='font-size:1.15em'>{line}</p>"
        self.on_change()
