"""The Palestra's ratings, replayed from the attempts every progress file keeps.

Nothing of a rating is stored: the attempts are the record, so a damaged or missing file can
cost a rating nothing that the attempts cannot give back.

* **Tries.** A child's attempts at one puzzle, one after another, are one try, until it is
  solved or left for ``TRY_GAP`` (then the puzzle met again is a new try). A try is *clean*
  when it was solved with all three stars: at the first real answer, with no hint.
* **Ratings** (:mod:`dama.core.store.glicko`, Glicko-2). The first try of each puzzle by each
  child is a rated game between them; every child's file in the progress folder counts, in
  time order, so a puzzle every child solves sinks and one they all miss rises. A puzzle
  starts from its level (``LEVEL_RATINGS``), a child from ``START``.

The Palestra (:mod:`dama.palestra`) chooses puzzles by these ratings; the class page shows
each child's.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from dama.core.content.check import stars_for
from dama.core.content.puzzle import Puzzle
from dama.core.store.glicko import Rating, play
from dama.core.store.progress import Attempt, name_key, read_attempts

#: Where a puzzle's rating starts, by its level (1 = first steps ... 5 = hardest).
LEVEL_RATINGS = {1: 700.0, 2: 950.0, 3: 1200.0, 4: 1450.0, 5: 1700.0}


#: A puzzle's level is a fair guess of its difficulty, surer than nothing.
PUZZLE_DEVIATION = 150.0


#: A child who has tried nothing yet: a level-2 player, very unsure.
START = Rating(950.0, 300.0)


TRY_GAP = dt.timedelta(minutes=10)


MAX_STARS = stars_for(0, 1)


#: Topics that are only there to show a file's format, never practised.
NOT_PRACTISED = ("examples",)


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
