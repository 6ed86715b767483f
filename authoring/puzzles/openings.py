"""it-19-openings: shots in the first moves of a game, for the second year's lesson on the
openings (lessons/20_openings.py).

The positions are not from the simulated games: they are every position a few moves from the
start (:func:`opening_tree`), each reached by the shortest line. A position is kept when the
side to move has a shot (:func:`authoring.puzzles.tactics.tiro`: the one first move that wins
material, every reply forced, proved by the solver and by a small search of our own), and
when the line that reaches it is one a tournament could play up to its last move:

* its first two moves are an admitted opening, not one of the two pairs the federation's
  draw leaves out because they lose a man at once (:data:`LOSE_A_MAN_AT_ONCE`, computed by
  :func:`losing_pairs`);
* no earlier position of the line had a shot for the side to move (nobody missed one);
* the move before the shot was a mistake, not the only move: its player had another move
  after which there is no shot.

The prompt tells the line from the start; ``authoring.claims`` replays it (a move it names
must be played along it) and tests/test_openings.py checks that it reaches the position."""

from __future__ import annotations

from damalib import Board
from damalib.solver import accepted_moves

from authoring.puzzles.common import IT, Context
from authoring.puzzles.tactics import has_forced_line, shot_level, tiro, tiro_puzzle

#: How many plies from the start the tree goes: the shots of the opening, not the middle game.
OPENING_PLIES = 8
#: The two first pairs of moves the draw of openings leaves out (FID, «Il sorteggio delle
#: aperture»): after either, Black loses a man at once. tests/test_openings.py computes them.
LOSE_A_MAN_AT_ONCE = (("21-18", "9-13"), ("22-18", "9-13"))
#: How many shots of the opening, by level.
WANTED = {3: 32, 4: 10, 5: 28}


def losing_pairs(plies: int = 7) -> list[tuple[str, str]]:
    """The first pairs of moves (White's, Black's) after which White wins material by force
    within ``plies`` plies (the solver's goal "material")."""
    out = []
    start = Board()
    for first in start.legal_moves:
        after_first = start.copy()
        after_first.push(first)
        for reply in after_first.legal_moves:
            board = after_first.copy()
            board.push(reply)
            if accepted_moves(board, "material", plies):
                out.append((start.move_text(first), after_first.move_text(reply)))
    return out


def opening_tree(plies: int) -> list[dict[str, tuple[str, ...]]]:
    """The positions ``1..plies`` plies from the start, level by level: {FEN: the first line
    that reaches it}, the moves tried in the engine's order (the same at every run)."""
    levels: list[dict[str, tuple[str, ...]]] = []
    seen: set[str] = {Board().fen()}
    frontier = {Board().fen(): ()}
    for _ in range(plies):
        following: dict[str, tuple[str, ...]] = {}
        for fen, line in frontier.items():
            board = Board(fen)
            for move in board.legal_moves:
                text = board.move_text(move)
                board.push(move)
                reached = board.fen()
                board.pop()
                if reached not in seen:
                    seen.add(reached)
                    following[reached] = line + (text,)
        levels.append(following)
        frontier = following
    return levels


def opening_shots(plies: int = OPENING_PLIES) -> list[tuple[tuple[str, ...], Board, tuple]]:
    """(line, board, shot) of every shot of the opening kept (see the module's text), in the
    order of the tree: shorter lines first."""
    levels = opening_tree(plies)
    shots: dict[str, tuple] = {}
    for level in levels[2:]:
        for fen, line in level.items():
            board = Board(fen)
            if has_forced_line(board, 3) or has_forced_line(board, 5):
                found = tiro(board)
                if found is not None:
                    shots[fen] = found
    kept = []
    for depth, level in enumerate(levels[3:], start=4):
        for fen, line in level.items():
            if fen not in shots or tuple(line[:2]) in LOSE_A_MAN_AT_ONCE:
                continue
            board, earlier_shot, mistake = Board(), False, False
            for n, text in enumerate(line):
                if n == len(line) - 1:
                    # The move before the shot: was there a safe one?
                    for move in board.legal_moves:
                        other = board.copy()
                        other.push(move)
                        if other.fen() != fen and other.fen() not in shots \
                                and not other.must_capture():
                            mistake = True
                            break
                board.push(text)
                if n < len(line) - 1 and board.fen() in shots:
                    earlier_shot = True
            if not earlier_shot and mistake:
                kept.append((line, Board(fen), shots[fen]))
    return kept


def line_words(line: tuple[str, ...]) -> str:
    """The moves from the start, a pair a move: «22-18 10-14, 18x11 7x14, 24-20»."""
    pairs = [" ".join(line[i:i + 2]) for i in range(0, len(line), 2)]
    return ", ".join(pairs)


#: How many more at most, by level, once the first set (:data:`WANTED`) was published:
#: numbered after it, so that its ids keep their puzzles; as many as have hints of their own.
MORE_WANTED = {3: 20, 4: 20, 5: 20}


def later_openings(ctx: Context) -> list[dict]:
    """The file's puzzles in the order they were added: :data:`WANTED`, then
    :data:`MORE_WANTED` (each hint still said once)."""
    return build_openings(ctx) + build_openings(ctx, MORE_WANTED, at_most=True)


def build_openings(ctx: Context, wanted_by_level: dict[int, int] = WANTED,
                   at_most: bool = False) -> list[dict]:
    """The shots of the opening, by level (:data:`WANTED`), a first pair of moves at a time
    so that the set goes over many openings; each prompt tells the line from the start.
    Positions and hints already used are left for the next."""
    by_level: dict[int, list] = {level: [] for level in wanted_by_level}
    for line, board, shot in ctx.pool("opening shots", opening_shots):
        level = shot_level(board, shot[0], shot[2])
        if level in by_level:
            by_level[level].append((line, board, shot))
    out: list[dict] = []
    for level, wanted in wanted_by_level.items():
        # Round robin over the first pairs: each opening gives one before any gives two.
        queues: dict[tuple[str, ...], list] = {}
        for found in by_level[level]:
            queues.setdefault(found[0][:2], []).append(found)
        taken = 0
        while taken < wanted and any(queues.values()):
            for pair in list(queues):
                if taken >= wanted or not queues[pair]:
                    continue
                line, board, shot = queues[pair].pop(0)
                made = tiro_puzzle(board, shot, level, len(out))
                # The same shot comes in many openings, and in the games: each hint (the
                # shot's squares) said once in the collection.
                if not ctx.free(IT, board.fen()) or not ctx.say_hints(made):
                    continue
                ctx.take(IT, board.fen())
                words = line_words(line)
                made["prompt.it"] = f"Le prime mosse: {words}. {made['prompt.it']}"
                made["prompt.en"] = f"The first moves: {words}. {made['prompt.en']}"
                out.append(made)
                taken += 1
        if taken < wanted and not at_most:
            raise RuntimeError(f"only {taken} of {wanted} shots of the opening at level {level}")
    return out
