"""Practice after the lessons («Palestra»): the next puzzle chosen by the child's rating, a
streak that gets harder, and the missed puzzles brought back for review.

Nothing here is stored of its own: the ratings and the review's schedule are worked out again
from the progress files' attempts (:mod:`dama.core.store.progress`), so a damaged or missing file can
cost a rating nothing that the attempts cannot give back. Only the best streak is kept, in a
small file beside the progress files.

* **Tries.** A child's attempts at one puzzle, one after another, are one try, until it is
  solved or left for ``TRY_GAP`` (then the puzzle met again is a new try). A try is *clean*
  when it was solved with all three stars: at the first real answer, with no hint.
* **Ratings** (:mod:`dama.palestra.rating`, Glicko-2). The first try of each puzzle by each child
  is a rated game between them; every child's file in the progress folder counts, in time
  order, so a puzzle every child solves sinks and one they all miss rises. A puzzle starts
  from its level (``LEVEL_RATINGS``), a child from ``START``.
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

from dama.core.content.check import stars_for
from dama.core.content.puzzle import Puzzle
from dama.core.store.progress import Attempt, name_key, read_attempts
from dama.palestra.rating import Rating, play

#: Where a puzzle's rating starts, by its level (1 = first steps ... 5 = hardest).
LEVEL_RATINGS = {1: 700.0, 2: 950.0, 3: 1200.0, 4: 1450.0, 5: 1700.0}
#: A puzzle's level is a fair guess of its difficulty, surer than nothing.
PUZZLE_DEVIATION = 150.0
#: A child who has tried nothing yet: a level-2 player, very unsure.
START = Rating(950.0, 300.0)

TRY_GAP = dt.timedelta(minutes=10)
MAX_STARS = stars_for(0, 1)
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
    "kings": (N_("Kings"), ("promotion", "kings")),
    "endgames": (N_("Endgames"), ("endgames", "end-of-game")),
    "notation": (N_("Writing moves"), ("notation", "movement")),
    "forty-moves": (N_("The 40-move count"), ("forty-moves",)),
}
#: Topics that are only there to show a file's format, never practised.
NOT_PRACTISED = ("examples",)

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


def timestamp(text: str) -> dt.datetime:
    """An attempt's time (ISO 8601, as the progress file writes it) as an aware datetime."""
    stamp = dt.datetime.fromisoformat(text)
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=dt.timezone.utc)


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


@dataclass(frozen=True)
class Try:
    """A child's attempts at one puzzle, in one go."""

    puzzle: str
    started: dt.datetime
    ended: dt.datetime
    clean: bool
    solved: bool


def tries(attempts: Iterable[Attempt]) -> list[Try]:
    """One child's Palestra attempts (in the order they were made; a lesson's are left out:
    they make the lesson's stars, not the rating) grouped into tries. A try is clean
    when the answer that solved it kept all three stars: no hint, no wrong answer before it
    (a move the board could not read, or a good move that is not the best, costs nothing:
    :func:`dama.core.content.check.stars_for`)."""
    out: list[Try] = []
    open_try: list[Attempt] = []

    def close() -> None:
        if open_try:
            first, last = open_try[0], open_try[-1]
            out.append(Try(first.puzzle, timestamp(first.timestamp), timestamp(last.timestamp),
                           last.correct and last.stars >= MAX_STARS, last.correct))
            open_try.clear()

    for attempt in attempts:
        if attempt.place != "palestra":
            continue  # a lesson's exercise: its stars are the lesson's, not the rating's
        try:
            when = timestamp(attempt.timestamp)
        except (TypeError, ValueError):
            continue  # a row with no readable time cannot be placed: left out, not fatal
        if open_try:
            last = open_try[-1]
            if (attempt.puzzle != last.puzzle or last.correct
                    or when - timestamp(last.timestamp) >= TRY_GAP):
                close()
        open_try.append(attempt)
    close()
    return out


def practised(puzzles: Iterable[Puzzle], variant: str = "italian") -> list[Puzzle]:
    """The puzzles the Palestra plays and rates: one variant's, but the files' examples."""
    return [p for p in puzzles if p.variant == variant and p.topic not in NOT_PRACTISED]


def puzzle_start(puzzle: Puzzle) -> Rating:
    level = min(max(puzzle.level, 1), 5)
    return Rating(LEVEL_RATINGS[level], PUZZLE_DEVIATION)


class RatingBook:
    """The ratings of the children and of the puzzles, played forward try by try."""

    def __init__(self, puzzles: Iterable[Puzzle]) -> None:
        self._start = {p.id: puzzle_start(p) for p in puzzles}
        self.children: dict[str, Rating] = {}
        self.puzzles: dict[str, Rating] = {}
        self._seen: set[tuple[str, str]] = set()

    def child(self, name: str) -> Rating:
        return self.children.get(name_key(name), START)

    def puzzle(self, puzzle_id: str) -> Rating:
        return self.puzzles.get(puzzle_id) or self._start.get(puzzle_id) or START

    def rated(self, name: str, puzzle_id: str) -> bool:
        """Whether a try of this puzzle by this child would be rated (its first)."""
        return (name_key(name), puzzle_id) not in self._seen and puzzle_id in self._start

    def play(self, name: str, puzzle_id: str, clean: bool) -> tuple[Rating, Rating] | None:
        """Rate a try: (the child's rating before, after); None if it is not rated (not the
        child's first try of it, or a puzzle no longer in the collection)."""
        if not self.rated(name, puzzle_id):
            return None
        key = name_key(name)
        self._seen.add((key, puzzle_id))
        before = self.child(name)
        after, self.puzzles[puzzle_id] = play(before, self.puzzle(puzzle_id), clean)
        self.children[key] = after
        return before, after

    @classmethod
    def replay(cls, puzzles: Iterable[Puzzle], tries_by_child: dict[str, Sequence[Try]]
               ) -> RatingBook:
        """Every child's tries, all in the order they were made."""
        book = cls(puzzles)
        games = sorted(((t.started, name_key(name), i, t)
                        for name, child_tries in tries_by_child.items()
                        for i, t in enumerate(child_tries)), key=lambda g: g[:3])
        for _, key, _, a_try in games:
            book.play(key, a_try.puzzle, a_try.clean)
        return book


def read_folder(folder: Path | str, skip: Path | None = None) -> dict[str, list[Try]]:
    """The tries in every progress file of ``folder`` (set-aside damaged copies left out),
    by the child's name; ``skip`` is a file to leave out (the child's own, read live)."""
    found: dict[str, list[Try]] = {}
    folder = Path(folder)
    if not folder.is_dir():
        return found
    for path in sorted(folder.glob("*.sqlite")):
        if ".damaged-" in path.name or (skip is not None and path.resolve() == skip.resolve()):
            continue
        attempts = read_attempts(path)
        if attempts:
            found.setdefault(attempts[0].student, []).extend(tries(attempts))
    return found


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
class Outcome:
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

    def result(self, puzzle: Puzzle, clean: bool) -> Outcome:
        """The first answer to ``puzzle`` was right without a hint (``clean``) or not."""
        self._tries = None
        rating = self.book.play(self.student, puzzle.id, clean)
        if self.mode == STREAK and not self.streak_over:
            if clean:
                self.streak += 1
            else:
                self.streak_over = True
        return Outcome(clean, rating, self.streak, self.streak_over, len(self.due()))

    def skipped(self, puzzle: Puzzle) -> Outcome:
        """``puzzle`` was left without an answer: no try was saved, so nothing is rated (the
        rating shown stays the one the files replay), but a streak ends there."""
        self._tries = None
        if self.mode == STREAK:
            self.streak_over = True
        return Outcome(False, None, self.streak, self.streak_over, len(self.due()))
