"""it-22-simplify: semplificare quando sei avanti (simplify when you are ahead), for the
second year's lesson on planning a game (lessons/23_game_plan.py).

The side to move is one piece up or more (with at least as many kings as the opponent) and
has one quiet move, and only one, that forces an exchange of a man for a man
(:func:`dama.core.content.goals.exchanges`): the opponent's capture and the retake are each
the only legal move, and after them the opponent cannot win material within five plies (the
solver), so the lead is kept with two pieces fewer on the board. Every other move either
forces no capture or loses material (the review's words say how). The easy ones ask the child
to choose the exchange among three moves; the others, to play it. The positions are small
built ones (levels 2 and 3) and the simulated games' (levels 4 and 5).
tests/test_simplify.py checks each of these again."""

from __future__ import annotations

import random

from damalib import Board, Move
from damalib.explain import join_words as join
from damalib.solver import accepted_moves

from dama.core.content.goals import exchange_line, forces_capture
from dama.core.content.phrasing import what_it_lets_happen

from authoring.claims import balance
from authoring.puzzles.common import (ADJ, BLACK, IT, OTHER, SIDE, WHITE, Context,
                                      it_small, n_pieces, number_words, puzzle, to_play)

#: How many, by level: choices among three moves (2, and 1 in the smallest positions), then
#: moves to play, in small positions (3), in games with twelve pieces or fewer (4) and with
#: more (5).
WANTED = {2: 8, 3: 10, 4: 10, 5: 8}
ATTEMPTS = 40_000
SEED = 43
#: How far the opponent is shown unable to win material back after the exchange.
SAFE_PLIES = 5


def lead(board: Board) -> int:
    """The side to move's pieces minus the opponent's (a king counts one)."""
    return balance(board, board.turn)


def kings(board: Board, colour: str) -> int:
    return sum(1 for p in board.pieces().values() if p.colour == colour and p.king)


def simplification(board: Board) -> tuple[Move, Move, Move] | None:
    """(your move, the opponent's capture, your retake) when ``board`` is such a puzzle (see
    the module's text); None otherwise."""
    if lead(board) < 1 or kings(board, board.turn) < kings(board, OTHER[board.turn]):
        return None
    return safe_exchange(board)


def safe_exchange(board: Board) -> tuple[Move, Move, Move] | None:
    """(your move, the opponent's capture, your retake) when ``board``, with no capture to
    make, has one exchange of a man for a man and only one, forced, after which the opponent
    wins no material within :data:`SAFE_PLIES`, and every other move that forces a capture
    loses material; None otherwise."""
    if board.must_capture():
        return None
    line = exchange_line(board)
    if line is None:
        return None
    after = board.copy()
    for move in line:
        after.push(move)
    if after.outcome() is not None or accepted_moves(after, "material", SAFE_PLIES):
        return None
    for move in board.legal_moves:
        if move != line[0] and forces_capture(board, move) \
                and what_it_lets_happen(board, move) is None:
            return None           # a capture forced that loses nothing: not told apart
    return line[0], line[1], line[2]


def quiet_others(board: Board, right: Move) -> list[Move]:
    """The other moves that force no capture and lose nothing: a choice's wrong options."""
    return [m for m in board.legal_moves if m != right and not forces_capture(board, m)
            and what_it_lets_happen(board, m) is None]


def is_cambio(line: tuple[Move, Move, Move]) -> bool:
    """The retake takes the very piece that captured (a cambio), not another (a baratto)."""
    return line[2].captures[0] == line[1].end


def piece_words_of(board: Board, square: int) -> tuple[str, str]:
    return ("dama", "king") if board.piece_at(square).king else ("pedina", "man")


def line_texts(board: Board, line: tuple[Move, ...]) -> list[str]:
    """The moves of ``line`` as written, each in the position it is played in."""
    after = board.copy()
    texts = []
    for move in line:
        texts.append(after.move_text(move))
        after.push(move)
    return texts


def exchange_said(board: Board, line: tuple[Move, Move, Move]) -> tuple[str, str]:
    """The exchange in words, as lesson 22 names it: «Con 22-18 il Nero deve mangiare, 14x21,
    e tu riprendi con 25x18. È un cambio: …» (the retake takes the capturer) or «È un
    baratto: …» (another man)."""
    other = OTHER[board.turn]
    move, reply, back = line_texts(board, line)
    if is_cambio(line):
        kind_it = "È un cambio: riprendi proprio la pedina che ha mangiato."
        kind_en = "It is an exchange (cambio): you take back the very man that captured."
    else:
        kind_it = "È un baratto: riprendi un'altra pedina, non quella che ha mangiato."
        kind_en = "It is a trade (baratto): you take another man, not the one that captured."
    return (f"Con {move} {SIDE[other][0]} deve mangiare, {reply}, e tu riprendi con {back}. "
            f"{kind_it}",
            f"With {move} {SIDE[other][1]} must capture, {reply}, and you take back with "
            f"{back}. {kind_en}")


def choice_fields(board: Board, options: list[Move], right: Move,
                  explanation: tuple[str, str]) -> dict:
    """A choice among ``options``, ``right`` the exchange: the options as written, the
    answer, and each wrong option's feedback (it forces no capture)."""
    texts = [board.move_text(m) for m in options]
    answer = options.index(right)
    other = OTHER[board.turn]
    feedback = ([f"Dopo {t} {SIDE[other][0]} non deve mangiare: così non c'è nessuna presa, "
                 "e nessuna ripresa." for t in texts],
                [f"After {t} {SIDE[other][1]} does not have to capture: so there is no "
                 "capture, and no retake." for t in texts])
    feedback[0][answer], feedback[1][answer] = explanation
    return {"options": (texts, texts), "answer": answer, "feedback": feedback,
            "explanation": explanation}


def ahead_words(board: Board) -> tuple[str, str]:
    """«Sei avanti di un pezzo» / "You are one piece up", for the side to move."""
    n = lead(board)
    n_it, n_en = number_words(n)
    n_it = "un" if n == 1 else n_it
    pieces_it, pieces_en = ("pezzo", "piece") if n == 1 else ("pezzi", "pieces")
    return f"Sei avanti di {n_it} {pieces_it}", f"You are {n_en} {pieces_en} up"


def _words(board: Board, line: tuple[Move, Move, Move],
           choose: bool = False) -> dict[str, tuple[str, str]]:
    side, other = board.turn, OTHER[board.turn]
    n = lead(board)
    n_it, n_en = number_words(n)
    n_it = "un" if n == 1 else n_it
    pieces_it, pieces_en = ("pezzo", "piece") if n == 1 else ("pezzi", "pieces")
    p_it, p_en = to_play(board)
    piece_it, piece_en = piece_words_of(board, line[0].start)
    taker_it, taker_en = piece_words_of(board, line[1].start)
    find_it, find_en = ("Scegli", "Choose") if choose else ("Trova", "Find")
    said_it, said_en = exchange_said(board, line)
    ahead_it, ahead_en = ahead_words(board)
    return {
        "prompt": (f"{p_it} {ahead_it}. {find_it} la mossa con cui dai una pedina e ne "
                   "riprendi una: così il vantaggio resta tuo.",
                   f"{p_en} {ahead_en}. {find_en} the move with which you give a man and take "
                   "one back: so you keep your lead."),
        "explanation": (f"{said_it} Alla fine {SIDE[side][0]} ha ancora {n_it} {pieces_it} in "
                        "più, e sulla damiera ci sono due pezzi in meno.",
                        f"{said_en} In the end {SIDE[side][1]} is still {n_en} {pieces_en} "
                        "up, and there are two fewer pieces on the board."),
        "hints": ([f"Cerca una mossa che costringa la {taker_it} {ADJ[other][0]} in "
                   f"{line[1].start} a mangiare: poi potrai riprendere.",
                   f"Comincia con la {piece_it} in {line[0].start}: dove va, perché "
                   f"{SIDE[other][0]} debba mangiare?"],
                  [f"Look for a move that makes the {ADJ[other][1]} {taker_en} on "
                   f"{line[1].start} capture: then you can take back.",
                   f"Start with the {piece_en} on {line[0].start}: where does it go, so that "
                   f"{SIDE[other][1]} must capture?"]),
    }


def simplify_puzzle(board: Board, line: tuple[Move, Move, Move], level: int) -> dict:
    """Play the exchange: the child's move, the opponent's capture, the child's retake."""
    words = _words(board, line)
    return puzzle(level, "move", board, words["prompt"], ["IT-C1", "IT-M1"],
                  solutions=[" ".join(line_texts(board, line))], goal="exchange", plies=3,
                  unique=True,
                  hints=words["hints"], explanation=words["explanation"])


def simplify_choice(board: Board, line: tuple[Move, Move, Move], level: int,
                    rng: random.Random) -> dict | None:
    """Choose the exchange among three moves: the other two force no capture."""
    others = quiet_others(board, line[0])
    if len(others) < 2:
        return None
    words = _words(board, line, choose=True)
    options = sorted([line[0], *rng.sample(others, 2)], key=lambda m: m.path)
    return puzzle(level, "choice", board, words["prompt"], ["IT-C1", "IT-M1"],
                  hints=words["hints"],
                  **choice_fields(board, options, line[0], words["explanation"]))


def level_of(board: Board, from_game: bool) -> int:
    if not from_game:
        return 3
    return 4 if n_pieces(board) <= 12 else 5


def later_simplify(ctx: Context) -> list[dict]:
    """The exchanges, :data:`WANTED` of each level, positions never used in the collection,
    each hint said once in it: first the small built positions, then the games'."""
    rng = random.Random(SEED)
    by_level: dict[int, list[dict]] = {level: [] for level in WANTED}

    def offer(board: Board, from_game: bool) -> None:
        if not ctx.free(IT, board.fen()):
            return
        level = level_of(board, from_game)
        choice = not from_game and len(by_level[2]) < WANTED[2]
        if not choice and len(by_level[level]) >= WANTED[level]:
            return
        line = simplification(board)
        if line is None:
            return
        # A choice among three: the easiest of the topic, level 1 with six pieces or fewer.
        made = simplify_choice(board, line, 1 if n_pieces(board) <= 6 else 2, rng) if choice \
            else \
            simplify_puzzle(board, line, level)
        if made is None or not ctx.say_hints(made):
            return
        ctx.take(IT, board.fen())
        by_level[2 if choice else level].append(made)

    for _ in range(ATTEMPTS):
        if len(by_level[2]) >= WANTED[2] and len(by_level[3]) >= WANTED[3]:
            break
        turn = rng.choice((WHITE, BLACK))
        own, theirs = rng.randint(2, 4), rng.randint(1, 3)
        if own <= theirs:
            continue
        wm, bm = (own, theirs) if turn == WHITE else (theirs, own)
        board = it_small(rng, turn, wm, bm)
        if board is not None:
            offer(board, False)
    for fen, _ in ctx.games(IT):
        if len(by_level[4]) >= WANTED[4] and len(by_level[5]) >= WANTED[5]:
            break
        offer(Board(fen), True)
    return [p for level in sorted(by_level) for p in by_level[level]]


# -- counts, added once the file was published ------------------------------------------------

#: How many counts (level 1), and the seed of their positions (other than the file's).
COUNTS = 8
COUNT_SEED = 67


def simplify_count(board: Board, line: tuple[Move, Move, Move]) -> dict:
    """How many moves has the side that is ahead? The explanation lists them, then shows the
    exchange that keeps the lead: seeing every move comes before choosing one."""
    side = board.turn
    moves = [board.move_text(m) for m in board.legal_moves]
    movers = sorted({m.start for m in board.legal_moves})
    words = _words(board, line)
    n = len(moves)
    colour_it, colour_en = {WHITE: ("bianchi", "white"), BLACK: ("neri", "black")}[side]
    p_it, p_en = to_play(board)
    ahead_it, ahead_en = ahead_words(board)
    return puzzle(
        1, "count", board,
        (f"{p_it} {ahead_it}. Prima di scegliere, conta: quante mosse puoi fare?",
         f"{p_en} {ahead_en}. Before you choose, count: how many moves can you make?"),
        ["IT-M1", "IT-M2"], measure="legal_moves", answer=n,
        hints=([f"Guarda i pezzi {colour_it} in {join(movers, 'it')}: dove può andare "
                "ciascuno?",
                f"Conta prima le mosse del pezzo in {movers[0]}, per ultime quelle del pezzo "
                f"in {movers[-1]}: poi sommale."],
               [f"Look at the {colour_en} pieces on {join(movers, 'en')}: where can each one "
                "go?",
                f"Count the moves of the piece on {movers[0]} first, those of the piece on "
                f"{movers[-1]} last: then add them up."]),
        explanation=(f"Le mosse sono {n}: {join(moves, 'it')}. {words['explanation'][0]}",
                     f"There are {n} moves: {join(moves, 'en')}. {words['explanation'][1]}"))


def later_simplify_counts(ctx: Context) -> list[dict]:
    """:data:`COUNTS` counts in small built positions never used in the collection, each
    hint said once in it, at most two of each answer."""
    rng = random.Random(COUNT_SEED)
    out: list[dict] = []
    answers: dict[int, int] = {}
    for _ in range(ATTEMPTS):
        if len(out) >= COUNTS:
            break
        turn = rng.choice((WHITE, BLACK))
        own, theirs = rng.randint(2, 4), rng.randint(1, 3)
        if own <= theirs:
            continue
        wm, bm = (own, theirs) if turn == WHITE else (theirs, own)
        board = it_small(rng, turn, wm, bm)
        if board is None or not ctx.free(IT, board.fen()):
            continue
        line = simplification(board)
        n = len(board.legal_moves)
        if line is None or answers.get(n, 0) >= 2:
            continue
        made = simplify_count(board, line)
        if not ctx.say_hints(made):
            continue
        ctx.take(IT, board.fen())
        answers[n] = answers.get(n, 0) + 1
        out.append(made)
    if len(out) < COUNTS:
        raise RuntimeError(f"only {len(out)} of {COUNTS} counts of simplification")
    return out
