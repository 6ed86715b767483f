"""The square-number trainer: the FID numbering (1-32) learnt by play.

Two games of ``ROUND_SECONDS`` seconds each: "find" asks for a square by its number («clicca
la casella 18») and the child clicks it; "name" shows a square and asks its number («che
numero ha questa casella?»). Either is played with the board seen from White or from Black
(``flipped``). A wrong answer is counted and the same question stays, so that the right
square is found before the next one. The best score of each game and orientation is kept per
child in the progress folder (:class:`BestScores`).

The trainer knows square numbers only; a board view turns clicks into squares.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable


FIND, NAME = "find", "name"
MODES = (FIND, NAME)
ROUND_SECONDS = 30.0
SQUARES = 32  # Dama Italiana's dark squares, numbered as White sees them (IT-B2)


@dataclass
class SquareTrainer:
    """One round. ``clock`` (seconds, monotonic) and ``seed`` make a round repeatable."""

    mode: str = FIND
    flipped: bool = False
    seconds: float = ROUND_SECONDS
    seed: int | None = None
    clock: Callable[[], float] = time.monotonic
    score: int = 0
    misses: int = 0
    square: int | None = None      # the question: the square to click, or to name
    started: float | None = None
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {self.mode!r}")
        self._rng = random.Random(self.seed)

    @property
    def key(self) -> str:
        """The game and orientation, as best scores are kept: "find-white", "name-black"..."""
        return f"{self.mode}-{'black' if self.flipped else 'white'}"

    def start(self) -> int:
        """Begin a round (again): score and misses to zero, the clock running; the first
        question."""
        self.score = self.misses = 0
        self.started = self.clock()
        self.square = None
        return self._next()

    @property
    def remaining(self) -> float:
        if self.started is None:
            return self.seconds
        return max(0.0, self.seconds - (self.clock() - self.started))

    @property
    def running(self) -> bool:
        return self.started is not None and self.remaining > 0

    @property
    def over(self) -> bool:
        return self.started is not None and self.remaining <= 0

    def answer(self, value: int | str) -> bool | None:
        """A clicked square (find) or a typed number (name). True: right, and the next
        question is asked; False: wrong, the question stays; None: no round is running, or
        the text is not a number of 1-32 (nothing is counted)."""
        if not self.running or self.square is None:
            return None
        try:
            number = int(str(value).strip())
        except ValueError:
            return None
        if not 1 <= number <= SQUARES:
            return None
        if number != self.square:
            self.misses += 1
            return False
        self.score += 1
        self._next()
        return True

    def _next(self) -> int:
        previous = self.square
        choices = [n for n in range(1, SQUARES + 1) if n != previous]
        self.square = self._rng.choice(choices)
        return self.square


