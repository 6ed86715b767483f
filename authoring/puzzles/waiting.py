"""it-23-waiting: la mossa di attesa (the waiting move), for the second year's lesson on
forcing and waiting (lessons/24_waiting_move.py). The federation's course names it: a move
whose only aim is to make the opponent move again, usually into a trap (FID, «Corso
elementare di Dama Italiana», «Elementi tattici»).

Small positions placed at random where the side to move has one move, and only one, that
wins material within five plies (the solver), and that move threatens nothing: it is quiet,
gives nothing to capture, and were it the mover's turn again no piece could be won within
three plies. It wins only because the opponent must move: every reply loses at least one
piece within three plies, and none of them leads to a game blocked instead.
tests/test_waiting.py checks each of these again."""

from __future__ import annotations

import random

from damalib import Board, Move
from damalib.explain import join_words as join
from damalib.solver import accepted_moves

from dama.core.content.phrasing import what_it_lets_happen

from authoring.puzzles.common import (BLACK, IT, OF_SIDE, OTHER, SIDE, SIDE_CAP, TO_SIDE,
                                      WHITE, Context, choice_of, it_small, n_pieces, number_words,
                                      puzzle, to_play)

#: How many, by level (3: five pieces or fewer; 4: six or seven; 5: more), and how many
#: positions to try.
WANTED = {3: 10, 4: 10, 5: 8}
ATTEMPTS = 60_000
SEED = 47
#: How many count puzzles, at level 1: after a waiting move, how many moves are left to the
#: opponent (every one of them losing a piece).
COUNTS = 4
#: The plies within which the waiting move wins material, and each reply loses it.
PLIES = 5


def passed(board: Board, move: Move) -> Board:
    """The position after ``move`` with the mover to play again, as if the opponent could
    pass: what the move threatens by itself."""
    after = board.copy()
    after.push(move)
    return Board(board.turn + after.fen()[1:], board.variant)


def waiting_move(board: Board) -> tuple[Move, list[Move]] | None:
    """(the waiting move, the opponent's replies) when ``board`` has one (see the module's
    text); None otherwise."""
    if board.must_capture() or accepted_moves(board, "material", PLIES - 2):
        return None
    found = accepted_moves(board, "material", PLIES)
    if len(found) != 1 or found[0].captures:
        return None
    move = found[0]
    after = board.copy()
    after.push(move)
    if after.must_capture() or after.outcome() is not None:
        return None                           # a gift: that is a shot
    threat = passed(board, move)
    if threat.legal_moves and accepted_moves(threat, "material", PLIES - 2):
        return None                           # a threat: that is an attack
    replies = after.legal_moves
    if len(replies) < 2:
        return None                           # one reply only: that is a forcing move
    for reply in replies:
        again = after.copy()
        again.push(reply)
        if again.outcome() is not None or not accepted_moves(again, "material", PLIES - 2) \
                or accepted_moves(again, "block", PLIES - 2):
            return None
    return move, replies


def waiting_puzzle(board: Board, found: tuple[Move, list[Move]], level: int) -> dict:
    move, replies = found
    text = board.move_text(move)
    other = OTHER[board.turn]
    n_it, n_en = number_words(len(replies))
    p_it, p_en = to_play(board)
    theirs = [str(sq) for sq, piece in sorted(board.pieces().items()) if piece.colour == other]
    theirs_it, theirs_en = join(theirs, "it"), join(theirs, "en")
    piece_it, piece_en = ("dama", "king") if board.piece_at(move.start).king \
        else ("pedina", "man")
    return puzzle(
        level, "move", board,
        (f"{p_it} Trova la mossa di attesa: una mossa che non minaccia niente, ma dopo la "
         f"quale ogni mossa {OF_SIDE[other]} perde un pezzo.",
         f"{p_en} Find the waiting move: a move that threatens nothing, but after which "
         f"every move of {SIDE[other][1]} loses a piece."),
        ["IT-M1", "IT-C1"],
        solutions=[text], goal="material", plies=PLIES, unique=True,
        hints=([f"Qui nessuna mossa vince subito. Guarda i pezzi avversari in {theirs_it}: "
                "dopo una tua mossa tranquilla, che cosa possono fare?",
                f"Comincia con la {piece_it} in {move.start}: dopo la sua mossa, "
                f"{SIDE[other][0]} ha {n_it} mosse."],
               [f"Here no move wins straight away. Look at the enemy pieces on {theirs_en}: "
                "after a quiet move of yours, what can they do?",
                f"Start with the {piece_en} on {move.start}: after its move, {SIDE[other][1]} "
                f"has {n_en} moves."]),
        explanation=(f"Con {text} non minacci niente: ma ora tocca {TO_SIDE[other]}, che ha "
                     f"{n_it} mosse, e ognuna perde almeno un pezzo.",
                     f"With {text} you threaten nothing: but now it is {SIDE[other][1]}'s "
                     f"turn, with {n_en} moves, and each of them loses at least one piece."))


def count_puzzle(board: Board, found: tuple[Move, list[Move]]) -> dict:
    """After the waiting move, played: how many moves has the opponent now?"""
    move, replies = found
    text = board.move_text(move)
    side, other = board.turn, OTHER[board.turn]
    after = board.copy()
    after.push(move)
    texts = [after.move_text(r) for r in replies]
    theirs = [str(sq) for sq, piece in sorted(after.pieces().items()) if piece.colour == other]
    adjective = {WHITE: ("bianchi", "white"), BLACK: ("neri", "black")}[other]
    n = len(replies)
    kings = any(piece.king for piece in after.pieces().values() if piece.colour == other)
    each_it = join([f"del pezzo in {sq}" for sq in theirs], "it")
    each_en = join([f"of the piece on {sq}" for sq in theirs], "en")
    return puzzle(
        1, "count", board,
        (f"{SIDE_CAP[side][0]} ha giocato {text}, una mossa di attesa. Ora tocca "
         f"{TO_SIDE[other]}: quante mosse può fare?",
         f"{SIDE_CAP[side][1]} has played {text}, a waiting move. Now it is "
         f"{SIDE[other][1]}'s turn: how many moves can it make?"),
        ["IT-M1", "IT-M2"], moves=[text], measure="legal_moves", answer=n,
        hints=([f"Guarda i pezzi {adjective[0]} in {join(theirs, 'it')}: dove può andare "
                "ciascuno?",
                f"Conta le mosse {each_it}, poi sommale."
                + (" Una dama guarda anche dietro." if kings else "")],
               [f"Look at the {adjective[1]} pieces on {join(theirs, 'en')}: where can each "
                "one go?",
                f"Count the moves {each_en}, then add them up."
                + (" A king looks behind too." if kings else "")]),
        explanation=(f"Le mosse sono {n}: {join(texts, 'it')}. E ognuna perde almeno un pezzo: "
                     "per questo è una mossa di attesa.",
                     f"There are {n} moves: {join(texts, 'en')}. And each of them loses a "
                     "piece, or more: that is why it is a waiting move."))


def later_waiting(ctx: Context) -> list[dict]:
    """The waiting moves, :data:`WANTED` of each level, positions never used in the
    collection, each hint said once in it; then :data:`COUNTS` count puzzles at level 1, in
    positions of five pieces or fewer, numbered after them."""
    rng = random.Random(SEED)
    by_level: dict[int, list[dict]] = {level: [] for level in WANTED}
    counts: list[dict] = []
    for _ in range(ATTEMPTS):
        if all(len(by_level[lv]) >= n for lv, n in WANTED.items()) and len(counts) >= COUNTS:
            break
        turn = rng.choice((WHITE, BLACK))
        own, theirs = rng.randint(2, 5), rng.randint(2, 5)
        wm, bm = (own, theirs) if turn == WHITE else (theirs, own)
        king = rng.randint(0, 1)
        board = it_small(rng, turn, wm, bm, king if turn == WHITE else 0,
                         king if turn == BLACK else 0)
        if board is None or not ctx.free(IT, board.fen()):
            continue
        level = 3 if n_pieces(board) <= 5 else 4 if n_pieces(board) <= 7 else 5
        count = level == 3 and len(by_level[3]) >= WANTED[3] and len(counts) < COUNTS
        if len(by_level[level]) >= WANTED[level] and not count:
            continue
        found = waiting_move(board)
        if found is None:
            continue
        if count:
            counts.append(count_puzzle(board, found))
            ctx.take(IT, board.fen())
            continue
        made = waiting_puzzle(board, found, level)
        if not ctx.say_hints(made):
            continue
        ctx.take(IT, board.fen())
        by_level[level].append(made)
    return [p for level in sorted(by_level) for p in by_level[level]] + counts


# -- choices, added once the file was published ----------------------------------------------

#: How many choices (level 2), and the seed of their positions (other than the file's).
CHOICES = 8
CHOICE_SEED = 71


def neutral_reply(board: Board, move: Move) -> Move | None:
    """After ``move``, a reply of the opponent after which the mover wins no material within
    :data:`PLIES` (the solver); None when every reply loses."""
    after = board.copy()
    after.push(move)
    for reply in after.legal_moves:
        again = after.copy()
        again.push(reply)
        if again.outcome() is None and not accepted_moves(again, "material", PLIES):
            return reply
    return None


def waiting_choice(board: Board, found: tuple[Move, list[Move]], rng: random.Random,
                   at: int) -> dict | None:
    """Which of three moves is the waiting move? One wrong option loses material (the
    review's words), the other lets the opponent answer with a move that loses nothing (it
    is named); None when the position has not both."""
    move = found[0]
    losing, neutral = [], []
    for other in board.legal_moves:
        if other == move:
            continue
        lost = what_it_lets_happen(board, other)
        if lost is not None:
            losing.append((other, (lost["it"], lost["en"])))
        elif (reply := neutral_reply(board, other)) is not None:
            after = board.copy()
            after.push(other)
            text, answer = board.move_text(other), after.move_text(reply)
            them = OTHER[board.turn]
            neutral.append((other, (
                f"Dopo {text} {SIDE[them][0]} ha una mossa che non perde niente: {answer}.",
                f"After {text} {SIDE[them][1]} has a move that loses nothing: {answer}.")))
    if not losing or not neutral:
        return None
    wrong = [rng.choice(losing), rng.choice(neutral)]
    rng.shuffle(wrong)
    p_it, p_en = to_play(board)
    other = OTHER[board.turn]
    return choice_of(board, waiting_puzzle(board, found, 2), move, wrong, at,
                     (f"{p_it} Una di queste mosse è una mossa di attesa: non minaccia niente, "
                      f"ma dopo di lei ogni mossa {OF_SIDE[other]} perde un pezzo. Quale?",
                      f"{p_en} One of these moves is a waiting move: it threatens nothing, but "
                      f"after it every move of {SIDE[other][1]} loses a piece. Which one?"))


def later_waiting_choices(ctx: Context) -> list[dict]:
    """:data:`CHOICES` choices in small positions (five pieces or fewer, as the easiest
    waiting moves) never used in the collection, each hint said once in it; the answer
    turned round, A, B, C."""
    rng = random.Random(CHOICE_SEED)
    out: list[dict] = []
    for _ in range(ATTEMPTS):
        if len(out) >= CHOICES:
            break
        turn = rng.choice((WHITE, BLACK))
        own, theirs = rng.randint(2, 5), rng.randint(2, 5)
        wm, bm = (own, theirs) if turn == WHITE else (theirs, own)
        king = rng.randint(0, 1)
        board = it_small(rng, turn, wm, bm, king if turn == WHITE else 0,
                         king if turn == BLACK else 0)
        if board is None or not ctx.free(IT, board.fen()) or n_pieces(board) > 7:
            continue
        found = waiting_move(board)
        if found is None:
            continue
        made = waiting_choice(board, found, rng, len(out) % 3)
        if made is None or not ctx.say_hints(made):
            continue
        ctx.take(IT, board.fen())
        out.append(made)
    if len(out) < CHOICES:
        raise RuntimeError(f"only {len(out)} of {CHOICES} choices of the waiting move")
    return out
