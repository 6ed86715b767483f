"""it-24-opening-exchange: il cambio in apertura (the exchange in the opening), for the second
year's lesson on the championship openings (lessons/25_championship_openings.py).

The positions are the opening tree's (:func:`authoring.puzzles.openings.opening_tree`), two
to six plies from the start along an admitted opening (not one of the two pairs the draw of
openings leaves out), each reached by its shortest line. A position is kept when the side to
move has no capture to make and no material to win (solver, five plies), the pieces are
even, and it has one quiet
move, and only one, that forces an exchange of a man for a man
(:func:`authoring.puzzles.simplify.safe_exchange`): the capture and the retake are forced,
the opponent wins nothing back within five plies, and every other move that forces a capture
loses material. The game stays even, with two pieces fewer.

The easiest ask how many moves the side to move has (level 1: seeing every move is the
first step of an opening plan); then to choose the exchange among three moves (level 2);
then to play it (level 3 after five plies or fewer, level 4 after six). The prompt
tells the line from the start; tests/test_opening_exchange.py checks each puzzle again."""

from __future__ import annotations

import random
from collections import Counter

from damalib import Board, Move
from damalib.explain import join_words as join
from damalib.solver import accepted_moves

from authoring.claims import balance
from authoring.puzzles.common import (ADJ, BLACK, IT, OTHER, SIDE, TO_SIDE, WHITE, Context,
                                      puzzle, to_play)
from authoring.puzzles.openings import LOSE_A_MAN_AT_ONCE, line_words, opening_tree
from authoring.puzzles.simplify import (SAFE_PLIES, choice_fields, exchange_said, line_texts,
                                        piece_words_of, quiet_others, safe_exchange)

#: How many, by level: counts of moves (1), choices among three (2), moves to play after a
#: line of five plies or fewer (3) and of six (4).
WANTED = {1: 6, 2: 8, 3: 10, 4: 8}
#: How deep the opening tree goes (plies from the start).
PLIES = 6
SEED = 47

Exchange = tuple[Move, Move, Move]
#: The men of a side, in the plural: «le pedine bianche».
MEN = {WHITE: ("bianche", "white"), BLACK: ("nere", "black")}


def opening_exchanges(plies: int = PLIES) -> list[tuple[tuple[str, ...], Board, Exchange]]:
    """(line from the start, board, exchange) of every position kept (see the module's
    text), shorter lines first, in the tree's order (the same at every run)."""
    kept = []
    for depth, level in enumerate(opening_tree(plies), start=1):
        if depth < 2:
            continue
        for fen, line in level.items():
            if tuple(line[:2]) in LOSE_A_MAN_AT_ONCE:
                continue
            board = Board(fen)
            if balance(board, board.turn) != 0:
                continue              # a man already given and not yet taken back
            found = safe_exchange(board)
            if found is None or accepted_moves(board, "material", SAFE_PLIES):
                continue
            kept.append((line, board, found))
    return kept


def _exchange_words(board: Board, line: Exchange) -> tuple[str, str]:
    """What the exchange does, for the explanations: the line, cambio or baratto, even."""
    said_it, said_en = exchange_said(board, line)
    return (f"{said_it} Sulla damiera ci sono due pezzi in meno, e si resta pari.",
            f"{said_en} There are two fewer pieces on the board, and it stays even.")


def _hints(board: Board, line: Exchange) -> tuple[list[str], list[str]]:
    """Two hints, each naming squares of this exchange (a hint is said once in the
    collection): who must capture and who takes back; then the piece to move."""
    other = OTHER[board.turn]
    piece_it, piece_en = piece_words_of(board, line[0].start)
    taker, back = line[1].start, line[2].start
    if back == line[0].end:            # the man moved is the one that takes back
        back_it = "la pedina che muovi potrà riprendere"
        back_en = "the man you move can take back"
    else:
        back_it, back_en = f"la tua pedina in {back} può riprendere", \
            f"your man on {back} can take back"
    return ([f"Guarda la pedina {ADJ[other][0]} in {taker}: se deve mangiare, {back_it}.",
             f"Comincia con la {piece_it} in {line[0].start}: dove va, perché la pedina "
             f"{ADJ[other][0]} in {taker} debba mangiare?"],
            [f"Look at the {ADJ[other][1]} man on {taker}: if it must capture, {back_en}.",
             f"Start with the {piece_en} on {line[0].start}: where does it go, so that the "
             f"{ADJ[other][1]} man on {taker} must capture?"])


def _prompt(line: tuple[str, ...], board: Board, choose: bool) -> tuple[str, str]:
    words = line_words(line)
    p_it, p_en = to_play(board)
    find_it, find_en = ("Scegli", "Choose") if choose else ("Trova", "Find")
    return (f"Le prime mosse: {words}. {p_it} {find_it} la mossa con cui dai una pedina e ne "
            "riprendi una, senza perdere niente.",
            f"The first moves: {words}. {p_en} {find_en} the move with which you give a man "
            "and take one back, losing nothing.")


def exchange_puzzle(line: tuple[str, ...], board: Board, found: Exchange, level: int) -> dict:
    """Play the exchange: the child's move, the opponent's capture, the child's retake."""
    return puzzle(level, "move", board, _prompt(line, board, False), ["IT-C1", "IT-M1"],
                  solutions=[" ".join(line_texts(board, found))], goal="exchange", plies=3,
                  unique=True, hints=_hints(board, found),
                  explanation=_exchange_words(board, found))


def exchange_choice(line: tuple[str, ...], board: Board, found: Exchange,
                    rng: random.Random, at: int) -> dict | None:
    """Choose the exchange among three moves: the other two force no capture, lose nothing.
    The exchange is option ``at`` (the builder turns it round, A, B, C)."""
    others = quiet_others(board, found[0])
    if len(others) < 2:
        return None
    options = rng.sample(others, 2)
    options.insert(at, found[0])
    return puzzle(2, "choice", board, _prompt(line, board, True), ["IT-C1", "IT-M1"],
                  hints=_hints(board, found),
                  **choice_fields(board, options, found[0], _exchange_words(board, found)))


def count_puzzle(line: tuple[str, ...], board: Board, found: Exchange) -> dict:
    """How many moves has the side to move? The explanation lists them, then the exchange."""
    side = board.turn
    moves = [board.move_text(m) for m in board.legal_moves]
    movers = sorted({m.start for m in board.legal_moves})
    exchange_it, exchange_en = _exchange_words(board, found)
    n = len(moves)
    return puzzle(
        1, "count", board,
        (f"Le prime mosse: {line_words(line)}. Ora tocca {TO_SIDE[side]}: quante mosse può "
         "fare?",
         f"The first moves: {line_words(line)}. Now it is {SIDE[side][1]}'s turn: how many "
         "moves can it make?"),
        ["IT-M1"], measure="legal_moves", answer=n,
        hints=([f"Guarda le pedine {MEN[side][0]} in {join(movers, 'it')}: dove può andare "
                "ciascuna?",
                f"Comincia dalla pedina in {movers[0]}, e finisci con la pedina in "
                f"{movers[-1]}: poi somma le mosse."],
               [f"Look at the {MEN[side][1]} men on {join(movers, 'en')}: where can each one "
                "go?",
                f"Start with the man on {movers[0]}, and end with the man on {movers[-1]}: "
                "then add the moves up."]),
        explanation=(f"Le mosse sono {n}: {join(moves, 'it')}. {exchange_it}",
                     f"There are {n} moves: {join(moves, 'en')}. {exchange_en}"))


def level_of(line: tuple[str, ...]) -> int:
    return 3 if len(line) <= 5 else 4


def later_opening_exchange(ctx: Context) -> list[dict]:
    """:data:`WANTED` of each level, a first pair of moves at a time so that the set goes
    over many openings; positions and hints already used in the collection are left."""
    rng = random.Random(SEED)
    by_level: dict[int, list[dict]] = {level: [] for level in WANTED}
    answers: Counter[int] = Counter()
    queues: dict[tuple[str, ...], list] = {}
    for found in ctx.pool("opening exchanges", opening_exchanges):
        queues.setdefault(found[0][:2], []).append(found)
    while any(queues.values()) and any(len(by_level[lv]) < n for lv, n in WANTED.items()):
        for pair in list(queues):
            if not queues[pair]:
                continue
            line, board, found = queues[pair].pop(0)
            if not ctx.free(IT, board.fen()):
                continue
            # The easy kinds first, from the shortest lines; then the moves to play.
            moves = len(board.legal_moves)
            # Counts of different sizes (at most two of each): most openings leave seven.
            if len(by_level[1]) < WANTED[1] and answers[moves] < 2:
                made, level = count_puzzle(line, board, found), 1
            elif len(by_level[2]) < WANTED[2]:
                made = exchange_choice(line, board, found, rng, len(by_level[2]) % 3)
                level = 2
            else:
                level = level_of(line)
                if len(by_level[level]) >= WANTED[level]:
                    continue
                made = exchange_puzzle(line, board, found, level)
            if made is None or not ctx.say_hints(made):
                continue
            ctx.take(IT, board.fen())
            by_level[level].append(made)
            if level == 1:
                answers[moves] += 1
    missing = {lv: n - len(by_level[lv]) for lv, n in WANTED.items() if len(by_level[lv]) < n}
    if missing:
        raise RuntimeError(f"opening exchanges missing, by level: {missing}")
    return [p for level in sorted(by_level) for p in by_level[level]]
