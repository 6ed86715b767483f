"""it-21-fork: la forchetta (the fork), for the second year's lesson on the tactical elements
(lessons/22_tactical_elements.py). The federation's course names it: a king that attacks two
men at once and takes one of them (FID, «Corso elementare di Dama Italiana», «Elementi
tattici»).

Small positions placed at random (a king and a few men against a few men) where the side to
move has one quiet king move, and only one, that wins material within three plies (proved by
the solver): after it the opponent has nothing to capture, the king can take two different
men, and whatever the opponent answers, the king still takes one of those two.
tests/test_fork.py checks each of these again."""

from __future__ import annotations

import random

from damalib import Board, Move
from damalib.solver import accepted_moves

from damalib.explain import join_words as join

from authoring.claims import king_targets

from authoring.puzzles.common import (BLACK, IT, SIDE, WHITE, Context, cap, it_small,
                                      n_pieces, puzzle, to_play)

#: How many forks, by level (3: five pieces or fewer; 4: six or seven; 5: more), and how many
#: positions to try.
WANTED = {3: 10, 4: 10, 5: 8}
ATTEMPTS = 60_000
SEED = 41


def fork(board: Board) -> tuple[Move, list[int]] | None:
    """(the king's move, the two men it attacks) of a fork; None when ``board`` has none
    (see the module's text). The pieces attacked are those the claims checker reads
    (:func:`authoring.claims.king_targets`)."""
    if board.must_capture():
        return None
    found = accepted_moves(board, "material", 3)
    if len(found) != 1 or accepted_moves(board, "material", 1):
        return None
    move = found[0]
    piece = board.piece_at(move.start)
    if move.captures or not piece.king:
        return None
    after = board.copy()
    after.push(move)
    if after.must_capture():
        return None                   # a gift: that is a shot, not a fork
    targets = sorted(king_targets(after, move.end))
    if len(targets) != 2 or any(after.piece_at(s).king for s in targets):
        return None
    for reply in after.legal_moves:
        again = after.copy()
        again.push(reply)
        # Whatever the answer (never a capture: the opponent has none), the king still
        # takes one of the two.
        if not king_targets(again, move.end) & set(targets):
            return None
    return move, targets


def fork_puzzle(board: Board, found: tuple[Move, list[int]], level: int) -> dict:
    move, targets = found
    text = board.move_text(move)
    other = SIDE[BLACK if board.turn == WHITE else WHITE]
    p_it, p_en = to_play(board)
    men_it, men_en = join([str(s) for s in targets], "it"), join([str(s) for s in targets], "en")
    return puzzle(
        level, "move", board,
        (f"{p_it} Trova la forchetta: con la dama attacca due pedine insieme.",
         f"{p_en} Find the fork: with the king, attack two men at once."),
        ["IT-M2", "IT-C1"],
        solutions=[text], goal="material", plies=3, unique=True,
        hints=([f"Guarda le pedine in {men_it}: c'è una casella da cui la dama le minaccia "
                "tutte e due.",
                f"Comincia con la dama in {move.start}: dove può andare per minacciare le "
                f"pedine in {men_it}?"],
               [f"Look at the men on {men_en}: there is a square from which the king threatens "
                "them both.",
                f"Start with the king on {move.start}: where can it go to threaten the men "
                f"on {men_en}?"]),
        explanation=(f"Con {text} la dama attacca le pedine in {men_it}. {cap(other[0])} non "
                     "può salvarle tutte e due: la dama ne mangia una.",
                     f"With {text} the king attacks the men on {men_en}. {other[1]} cannot "
                     "save them both: the king takes one of them."))


def later_fork(ctx: Context) -> list[dict]:
    """The forks, :data:`WANTED` of each level, positions never used in the collection, each
    hint said once in it."""
    rng = random.Random(SEED)
    by_level: dict[int, list[dict]] = {level: [] for level in WANTED}
    for _ in range(ATTEMPTS):
        if all(len(by_level[lv]) >= n for lv, n in WANTED.items()):
            break
        turn = rng.choice((WHITE, BLACK))
        own, theirs = rng.randint(0, 3), rng.randint(2, 5)
        wm, bm = (own, theirs) if turn == WHITE else (theirs, own)
        board = it_small(rng, turn, wm, bm, int(turn == WHITE), int(turn == BLACK))
        if board is None or not ctx.free(IT, board.fen()):
            continue
        level = 3 if n_pieces(board) <= 5 else 4 if n_pieces(board) <= 7 else 5
        if len(by_level[level]) >= WANTED[level]:
            continue
        found = fork(board)
        if found is None:
            continue
        made = fork_puzzle(board, found, level)
        # Few pieces: many positions share a king's square and two men; each hint once.
        if not ctx.say_hints(made):
            continue
        ctx.take(IT, board.fen())
        by_level[level].append(made)
    return [p for level in sorted(by_level) for p in by_level[level]]
