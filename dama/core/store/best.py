"""A child's best scores (the square trainer's rounds, the Palestra's longest streak), kept
in a small JSON file of the progress folder: ``{child: {game: score}}``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as home:
    ...     scores = BestScores(home)
    ...     scores.record("Anna", "find", 12), scores.record("anna", "find", 9)
    ...     scores.best("Anna", "find")
    (True, False)
    12
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from dama.core.store.progress import kept, name_key
from dama.settings import dama_home

#: The square trainer's best rounds.
SQUARES_FILE = "allenamento-caselle.json"
#: The Palestra's longest streaks.
STREAK_FILE = "palestra-serie.json"
#: Every file of best scores: two copies of one (two tabs, the browser's and the drive's)
#: are merged, the best of each kept, never one written over the other.
BEST_FILES = (SQUARES_FILE, STREAK_FILE)


class BestScores:
    """Each child's best score per game (and orientation), in one small JSON file of the
    progress folder, written whole and put in place (a browser's drive takes that too). A
    file that cannot be read is set aside as ``<name>.damaged-<time>.json``, never lost."""

    def __init__(self, home: Path | str | None = None, file: str = SQUARES_FILE) -> None:
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
