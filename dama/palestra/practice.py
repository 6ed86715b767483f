"""Practice after the lessons («Palestra»): the next puzzle chosen by the child's rating, a
streak that gets harder, and the missed puzzles brought back for review.

Nothing here is stored of its own: the ratings (:mod:`dama.core.store.ratings`) and the
review's schedule are worked out again from the progress files' attempts. Only the best
streak is kept, in a small file beside the progress files (:mod:`dama.core.store.best`).

* **Ratings**: see :mod:`dama.core.store.ratings` (tries, clean tries, Glicko-2).
* **Review** (spaced repetition, Leitner's boxes). A try that is not clean puts the puzzle in
  the first box; each clean try moves it one box on, and a box says how long the puzzle waits
  before it comes back (``REVIEW_AFTER``). A puzzle past the last box is learnt.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

from damalib.i18n import N_

from dama.core.content.puzzle import Puzzle
from dama.core.store.glicko import Rating
# The ratings replayed from the attempts (the class page shows them too).
from dama.core.store.ratings import RatingBook, Try, practised, tries, utc_now


#: How long a missed puzzle waits in each box before it comes back.
REVIEW_AFTER = (dt.timedelta(minutes=10), dt.timedelta(days=1), dt.timedelta(days=3),
                dt.timedelta(days=7))

#: The themes a child may choose: (their name, for the catalogues; their topics). "all" is
#: every topic.
THEMES: dict[str, tuple[str, tuple[str, ...]]] = {
    "all": (N_("A bit of everything"), ()),
    "capture": (N_("Capturing"), ("capture", "multiple-capture")),
    "precedence": (N_("Which capture to make"),
                   ("precedence-quantity", "precedence-king", "precedence-quality",
                    "precedence-order", "free-choice")),
    "tactics": (N_("Shots"), ("tactics",)),
    "openings": (N_("The first moves"), ("openings", "opening-exchange")),
    "championship": (N_("Champions' games"), ("championship",)),
    "fork": (N_("The fork"), ("fork",)),
    "simplify": (N_("Simplify when ahead"), ("simplify",)),
    "waiting": (N_("The waiting move"), ("waiting",)),
    "kings": (N_("Kings"), ("promotion", "kings")),
    "endgames": (N_("Endgames"), ("endgames", "end-of-game", "basic-endings")),
    "notation": (N_("Writing moves"), ("notation", "movement")),
    "forty-moves": (N_("The 40-move count"), ("forty-moves",)),
}

RATED, STREAK, REVIEW = "rated", "streak", "review"
MODES = (RATED, STREAK, REVIEW)
#: The streak starts below the easiest puzzles and asks this much more at each step.
STREAK_START = 650.0
STREAK_STEP = 60.0
#: The next puzzle is drawn among this many nearest the rating wanted (not always the same).
NEAREST = 4
#: Ratings this close to the NEAREST-th are as good a choice.
NEAR_ENOUGH = 25.0
#: Training aims a little below the child's rating, where a child solves about two puzzles
#: in three (Glicko-2's expected score at 100 points below): enough success to keep going,
#: enough misses to learn from.
TRAINING_OFFSET = -100.0


@dataclass(frozen=True)
class Due:
    """A missed puzzle's place in the review: its box and when it comes back."""

    puzzle: str
    box: int
    due: dt.datetime


def review_schedule(child_tries: Iterable[Try]) -> dict[str, Due]:
    """The puzzles in review (missed once, not learnt yet), by id."""
    boxes: dict[str, Due] = {}
    for a_try in child_tries:
        entry = boxes.get(a_try.puzzle)
        if not a_try.clean:
            boxes[a_try.puzzle] = Due(a_try.puzzle, 0, a_try.ended + REVIEW_AFTER[0])
        elif entry is not None:
            box = entry.box + 1
            if box >= len(REVIEW_AFTER):
                del boxes[a_try.puzzle]  # learnt
            else:
                boxes[a_try.puzzle] = Due(a_try.puzzle, box, a_try.ended + REVIEW_AFTER[box])
    return boxes


@dataclass(frozen=True)
class AnswerResult:
    """What one answered puzzle changed."""

    clean: bool
    rating: tuple[Rating, Rating] | None  # the child's, before and after; None: not rated
    streak: int = 0
    streak_over: bool = False
    due: int = 0


@dataclass
class Practice:
    """One child's practice: ``attempts`` gives the child's attempts (the progress store's,
    live), ``others`` the other children's tries (for the puzzles' ratings). ``clock`` and
    ``seed`` make a session repeatable."""

    student: str
    puzzles: Sequence[Puzzle]
    attempts: Callable[[], Sequence[Attempt]]
    others: dict[str, Sequence[Try]] = field(default_factory=dict)
    seed: int | None = None
    clock: Callable[[], dt.datetime] = utc_now
    variant: str = "italian"

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self._tries: list[Try] | None = None
        self.pool = practised(self.puzzles, self.variant)
        self.by_id = {p.id: p for p in self.pool}
        self.book = RatingBook.replay(self.pool, {**self.others,
                                                  self.student: self.own_tries()})
        self.mode, self.theme = RATED, "all"
        self.streak, self.streak_over = 0, False
        self._served: list[str] = []

    def own_tries(self) -> list[Try]:
        """The child's tries, read from the store once until the next puzzle or answer (a
        read of the store is the costly part of a page's update)."""
        if self._tries is None:
            self._tries = tries(self.attempts())
        return self._tries

    @property
    def rating(self) -> Rating:
        return self.book.child(self.student)

    def themed(self, theme: str | None = None) -> list[Puzzle]:
        """The puzzles of ``theme``: by default the chosen one in the rated mode, every
        topic in a streak (as the review's missed puzzles are of every topic)."""
        topics = THEMES[theme or (self.theme if self.mode == RATED else "all")][1]
        return [p for p in self.pool if not topics or p.topic in topics]

    def start(self, mode: str, theme: str | None = None) -> None:
        """Begin a mode (a new streak starts from the easiest puzzles again)."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        if theme is not None:
            if theme not in THEMES:
                raise ValueError(f"theme must be one of {tuple(THEMES)}, not {theme!r}")
            self.theme = theme
        self.mode = mode
        self.streak, self.streak_over = 0, False
        self._served = []
        self._tries = None

    @property
    def served(self) -> int:
        """How many puzzles this mode has given since it started."""
        return len(self._served)

    def due(self) -> list[Due]:
        """The missed puzzles whose time has come, the longest waiting first."""
        now = self.clock()
        return sorted((d for d in review_schedule(self.own_tries()).values()
                       if d.due <= now and d.puzzle in self.by_id), key=lambda d: d.due)

    def next_review(self) -> dt.datetime | None:
        """When the next missed puzzle comes back, if none is due now."""
        waiting = [d.due for d in review_schedule(self.own_tries()).values()
                   if d.puzzle in self.by_id]
        return min(waiting) if waiting else None

    def next_puzzle(self) -> Puzzle | None:
        """The puzzle to play now; None when the mode has nothing more (a streak that
        ended, nothing due for review)."""
        self._tries = None
        if self.mode == REVIEW:
            due = [d for d in self.due() if d.puzzle not in self._served[-1:]]
            chosen = self.by_id[due[0].puzzle] if due else None
        elif self.mode == STREAK:
            chosen = None if self.streak_over else self._nearest(
                STREAK_START + STREAK_STEP * self.streak, fresh_only=True)
        else:
            chosen = self._nearest(self.rating.rating + TRAINING_OFFSET, fresh_only=False)
        if chosen is not None:
            self._served.append(chosen.id)
        return chosen

    def _nearest(self, wanted: float, fresh_only: bool) -> Puzzle | None:
        """One of the puzzles of the theme rated nearest ``wanted``: first those the child has
        never tried, then (unless ``fresh_only``) those not played in this session."""
        tried = {t.puzzle for t in self.own_tries()}
        served = set(self._served)
        themed = self.themed()
        for allowed in ([p for p in themed if p.id not in tried and p.id not in served],
                        [p for p in themed if p.id not in served],
                        [] if fresh_only else themed):
            if allowed:
                distance = {p.id: abs(self.book.puzzle(p.id).rating - wanted) for p in allowed}
                allowed.sort(key=lambda p: (distance[p.id], p.id))
                # Puzzles as near as the NEAREST-th (many share their level's rating until
                # children have tried them) are all equally good: any of them may come.
                reach = distance[allowed[min(NEAREST, len(allowed)) - 1].id] + NEAR_ENOUGH
                return self.rng.choice([p for p in allowed if distance[p.id] <= reach])
        return None

    def result(self, puzzle: Puzzle, clean: bool) -> AnswerResult:
        """The first answer to ``puzzle`` was right without a hint (``clean``) or not."""
        self._tries = None
        rating = self.book.play(self.student, puzzle.id, clean)
        if self.mode == STREAK and not self.streak_over:
            if clean:
                self.streak += 1
            else:
                self.streak_over = True
        return AnswerResult(clean, rating, self.streak, self.streak_over, len(self.due()))

    def skipped(self, puzzle: Puzzle) -> AnswerResult:
        """``puzzle`` was left without an answer: no try was saved, so nothing is rated (the
        rating shown stays the one the files replay), but a streak ends there."""
        self._tries = None
        if self.mode == STREAK:
            self.streak_over = True
        return AnswerResult(False, None, self.streak, self.streak_over, len(self.due()))
