"""One PDN-reading measurement, run as a subprocess by ``benchmarks/run.py``; prints one JSON
line.

    python benchmarks/pdn_worker.py METHOD PDN_FILE META_FILE LIMIT

METHOD is how a library reads the file (see ``setup``); META_FILE is the description written
by ``benchmarks/pdn_data.py`` (the variant, and every game's number of plies, to check what
was read); LIMIT is how many games of the file to read, from the first (0: all of them).

Like ``worker.py`` it runs in the project's interpreter for damalib and in each peer's own
virtualenv for the peers, and uses only the standard library and the public API of the
library it measures (one exception, said where it is: py-draughts has no public list of the
moves played, so the moves of its board are counted with ``len(board._moves_stack)``).
Nothing of a peer is copied here; the peers are only imported and called.

Timing: the first WARMUP games are read once untimed (imports, compiled patterns, lazily
built tables), then the LIMIT games are read once, timed with ``time.process_time`` from the
opening of the file to the last game. A game that a reader rejects is counted and the reading
goes on with the next game. After the timing, the ply count of every game read is compared
with the count damalib played, and a one-game file with an illegal first move is given to the
reader, to tell whether it checks legality.
"""

from __future__ import annotations

import json
import platform
import re
import sys
import time

WARMUP = 2
EXTRA: dict = {}  # figures a method adds to the result

# Where a game of a file begins: a blank line followed by a tag. The peers' readers take one
# game's text (py-draughts) or are quadratic in the number of games of a text (pydraughts'
# PDNReader re-splits the rest of the text after every game), so the file is cut here, inside
# the timed part, with this one pattern for both.
_GAME_START = re.compile(r"\n[ \t]*\n(?=\[)")

# A game whose first move is illegal: White's man on 46 (International) or 32 (Italian) has
# its own man in front of it at the start.
ILLEGAL = {
    "international": '[GameType "20"]\n\n1. 46-41 *\n',
    "italian": '[GameType "22,W,8,8,N2,1"]\n\n1. 32-28 *\n',
}


def _version(dist: str) -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version(dist)
    except PackageNotFoundError:
        return "unknown"


def _game_by_game(one):
    """A reader that hands a peer the file's games one at a time: the moves each replays, or
    the error that stopped it (counted, and the reading goes on)."""

    def read(path: str, limit: int | None) -> list:
        counts: list = []
        for text in _game_texts(path, limit):
            try:
                counts.append(one(text))
            except Exception as error:  # noqa: BLE001 - counted, the reading goes on
                counts.append(f"{type(error).__name__}: {error}"[:200])
        return counts

    return read


def _game_texts(path: str, limit: int | None) -> list[str]:
    with open(path, encoding="utf-8-sig") as handle:
        text = handle.read()
    texts = [t for t in _GAME_START.split(text) if t.strip()]
    return texts[:limit] if limit else texts


# --- the methods: each is a function reading LIMIT games of a file -----------------------------
# A reader returns a list with, for every game in the file order, its number of plies, or an
# error message (text) for a game it rejected.

def setup(method: str, variant: str):
    if method == "damalib.load":
        import io
        import itertools

        import damalib
        from damalib.pdn import load_games, read_games

        def read(path: str, limit: int | None) -> list:
            # The default (not strict) reading: a game with a problem keeps the moves read
            # before it and the problem in game.errors, and the reading goes on.
            counts: list = []
            guessed = 0
            for game in itertools.islice(load_games(path), limit):
                moves = game.moves
                counts.append(str(game.errors[0]) if game.errors else len(moves))
                guessed += bool(game.warnings)
            EXTRA["games_with_warnings"] = guessed
            return counts

        def illegal(text: str) -> None:
            for game in read_games(io.StringIO(text)):
                if game.errors:
                    raise game.errors[0]

        return read, illegal, ("damalib", _version("dama-course"), damalib.__file__)

    if method in ("pydraughts.parse", "pydraughts.replay"):
        import draughts
        from draughts import Board, Move
        from draughts.PDN import PDNReader
        replay = method == "pydraughts.replay"

        def one(text: str):
            game = PDNReader(pdn_text=text).games[0]
            if not replay:
                return len(game.moves)
            board = Board(game.variant, game.tags.get("FEN", "startpos"))
            for move in game.moves:
                # Move() finds the text among the legal moves (KeyError if it is not one).
                board.push(Move(board, pdn_move=move))
            return len(board.move_stack)

        read = _game_by_game(one)
        return read, one, ("pydraughts", _version("pydraughts"), draughts.__file__)

    if method == "py-draughts.from_pdn":
        import draughts
        from draughts import StandardBoard
        if variant != "international":
            raise SystemExit("py-draughts reads International games only here (no Italian board)")

        def one(text: str):
            board = StandardBoard.from_pdn(text)
            return len(board._moves_stack)  # no public move list: the count is read here

        read = _game_by_game(one)
        return read, one, ("py-draughts", _version("py-draughts"), draughts.__file__)

    raise SystemExit(f"unknown method {method!r}")


def _quiet_peer_logging() -> None:
    """py-draughts logs (loguru) an illegal move before raising; keep that out of stderr."""
    try:
        from loguru import logger
        logger.remove()
    except Exception:  # noqa: BLE001 - not installed: nothing to quiet
        pass


def measure(method: str, path: str, meta_path: str, limit: int) -> dict:
    with open(meta_path, encoding="utf-8") as handle:
        meta = json.load(handle)
    variant = meta["variant"]
    expected = meta["plies"][:limit] if limit else meta["plies"]
    _quiet_peer_logging()
    read, illegal, (library, version, module) = setup(method, variant)
    clock = time.process_time

    start = clock()
    read(path, min(WARMUP, len(expected)))
    warm = clock() - start

    start = clock()
    counts = read(path, limit or None)
    cpu = clock() - start

    errors = [c for c in counts if isinstance(c, str)]
    read_ok = [(i, c) for i, c in enumerate(counts) if not isinstance(c, str)]
    moves = sum(c for _, c in read_ok)
    differ = [(i, expected[i], c) for i, c in read_ok if i >= len(expected) or c != expected[i]]
    try:
        illegal(ILLEGAL[variant])
        rejects = False
    except Exception:  # noqa: BLE001 - any error means the illegal move was refused
        rejects = True
    return {
        "method": method, "variant": variant, "file": path,
        "games_in_file": meta["games"], "games_asked": len(expected),
        "games_read": len(read_ok), "games_failed": len(errors),
        "first_errors": errors[:3], "moves": moves, "moves_expected": sum(expected),
        "plies_differ": len(differ),
        "plies_differ_examples": [{"game": i + 1, "expected": e, "read": c}
                                  for i, e, c in differ[:5]],
        "cpu_s": cpu, "times": [cpu], "warmup_games": min(WARMUP, len(expected)),
        "warmup_s": warm,
        "games_per_s": len(read_ok) / cpu if cpu > 0 else float("inf"),
        "moves_per_s": moves / cpu if cpu > 0 else float("inf"),
        "rejects_illegal_move": rejects,
        **EXTRA, "library": library, "version": version, "module": module,
        "python": platform.python_version(), "implementation": platform.python_implementation(),
    }


def main(argv: list[str]) -> None:
    if len(argv) != 4:
        raise SystemExit(__doc__)
    method, path, meta_path, limit = argv
    print(json.dumps(measure(method, path, meta_path, int(limit))))


if __name__ == "__main__":
    main(sys.argv[1:])
