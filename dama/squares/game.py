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

import json
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from dama.core.store.progress import dama_home, kept, name_key

FIND, NAME = "find", "name"
MODES = (FIND, NAME)
ROUND_SECONDS = 30.0
SQUARES = 32  # Dama Italiana's dark squares, numbered as White sees them (IT-B2)
BEST_FILE = "allenamento-caselle.json"


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


class BestScores:
    """Each child's best score per game (and orientation), in one small JSON file of the
    progress folder, written whole and put in place (a browser's drive takes that too). A
    file that cannot be read is set aside as ``<name>.damaged-<time>.json``, never lost."""

    def __init__(self, home: Path | str | None = None, file: str = BEST_FILE) -> None:
        self.path = Path(home if home is not None else dama_home()) / file
        self.set_aside: Path | None = None

    def _read(self) -> dict[str, dict[str, int]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            data = None
        if not isinstance(data, dict) or not all(
                isinstance(v, dict) and all(isinstance(n, int) for n in v.values())
                for v in data.values()):
            stamp = time.strftime("%Y%m%d-%H%M%S")
            aside = self.path.with_name(f"{self.path.stem}.damaged-{stamp}.json")
            try:
                os.replace(self.path, aside)
                self.set_aside = aside
            except OSError:
                pass
            return {}
        return data

    def best(self, student: str, key: str) -> int:
        return self._read().get(name_key(student), {}).get(key, 0)

    def record(self, student: str, key: str, score: int) -> bool:
        """Keep ``score`` if it beats the child's best; True if it is a new best."""
        data = self._read()
        scores = data.setdefault(name_key(student), {})
        if score <= scores.get(key, 0):
            return False
        scores[key] = int(score)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_suffix(".part")
        partial.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(partial, self.path)
        kept(self.path)
        return True
