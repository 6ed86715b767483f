"""it-01-movement: how men and kings move (IT-M1, IT-M2, IT-B4). Small positions: count
the moves of a side or of one piece, choose where a man may go, answer White's first move."""

from __future__ import annotations

import random
from typing import Iterator

from damalib import Board

from authoring.puzzles.common import (ADJ, BLACK, IT, OF_SIDE, SIDE, SIDE_CAP, TO_SIDE, WHITE, Context, cap,
                     generated, group_words, it_small, join, joined, next_squares, own_squares,
                     pick, piece_words, puzzle, to_play)


#: How many moves can the side make? (level, turn, white men, black men, white kings, black
#: kings, how many puzzles)
COUNT_PLANS = ((1, WHITE, 1, 1, 0, 0, 2), (1, WHITE, 2, 1, 0, 0, 2), (1, BLACK, 1, 2, 0, 0, 1),
               (2, WHITE, 3, 2, 0, 0, 1), (2, BLACK, 2, 3, 0, 0, 1), (2, WHITE, 3, 3, 0, 0, 1),
               (3, WHITE, 2, 2, 1, 0, 2), (3, BLACK, 2, 2, 0, 1, 1))
MORE_COUNT_PLANS = ((1, BLACK, 1, 1, 0, 0, 2), (1, BLACK, 2, 1, 0, 0, 1),
                    (1, WHITE, 2, 2, 0, 0, 2), (2, BLACK, 3, 3, 0, 0, 2),
                    (2, WHITE, 4, 3, 0, 0, 1), (3, BLACK, 3, 2, 0, 1, 2),
                    (3, WHITE, 2, 3, 1, 0, 1))
#: How many moves can this piece make? (level, turn, a king?, mostly blocked?, how many)
PIECE_PLANS = ((1, WHITE, False, False, 2), (1, BLACK, False, False, 1),
               (2, WHITE, False, True, 1), (2, BLACK, False, True, 1),
               (2, WHITE, True, False, 1), (3, BLACK, True, True, 1))
MORE_PIECE_PLANS = ((1, BLACK, False, False, 2), (1, WHITE, False, False, 1),
                    (2, WHITE, False, True, 1), (2, BLACK, True, False, 1),
                    (3, WHITE, True, True, 1))


def build_movement(ctx: Context, seed: int = 101, counts=COUNT_PLANS, pieces=PIECE_PLANS,
                   choices: int = 1, opening: bool = True) -> list[dict]:
    rng = random.Random(seed)
    out: list[dict] = []

    # How many moves can the side to move make? Small positions, no capture.
    def count_all(board: Board, level: int, i: int) -> dict | None:
        legal = board.legal_moves
        if board.must_capture() or not 2 <= len(legal) <= 9:
            return None
        turn = board.turn
        side_it, side_en = SIDE[turn]
        prompts = [
            (f"Tocca {TO_SIDE[turn]}. Quante mosse diverse può fare?",
             f"{side_en} to play. How many different moves can {side_en} make?"),
            (f"Conta le mosse {OF_SIDE[turn]}: quante sono in tutto?",
             f"Count {side_en}'s moves: how many are there in all?"),
            (f"Quante mosse può fare {side_it}? Guarda ogni pezzo, uno alla volta.",
             f"How many moves can {side_en} make? Look at each piece, one at a time."),
        ]
        kings = any(p.king and p.colour == turn for p in board.pieces().values())
        texts = ", ".join(str(m) for m in legal)
        rules = ["IT-M1", "IT-M2"] if kings else ["IT-M1"]
        why_it = ("le pedine vanno avanti di una casella in diagonale"
                  + (", la dama va anche indietro" if kings else ""))
        why_en = ("men go one square diagonally forwards"
                  + (", a king goes backwards too" if kings else ""))
        # The specific hint: the first piece that can move, and how many moves it has.
        first = legal[0].start
        first_n = sum(1 for m in legal if m.start == first)
        movers = sorted({m.start for m in legal})
        first_it, first_en = piece_words(board, first)
        if len(movers) == 1:
            king = board.piece_at(first).king
            near = [str(x) for x in next_squares(board, first, not king)]
            where_it, where_en = ("intorno", "around it") if king else ("davanti", "in front")
            second = (f"Solo {first_it} può muoversi. Le caselle {where_it} sono "
                      f"{join(near, 'it')}: quante sono libere?",
                      f"Only {first_en} can move. The squares {where_en} are "
                      f"{join(near, 'en')}: how many are empty?")
        else:
            second = (f"Comincia {joined('da', first_it)}: può fare "
                      f"{'una mossa' if first_n == 1 else f'{first_n} mosse'}. Poi fai lo "
                      "stesso con gli altri pezzi, uno alla volta.",
                      f"Start with {first_en}: it can make "
                      f"{'one move' if first_n == 1 else f'{first_n} moves'}. Then do the same "
                      "with the other pieces, one at a time.")
        # The gentle hint: the side's pieces, where to look; the second: where to begin.
        own = own_squares(board, turn)
        own_it, own_en = group_words(board, own)
        if len(own) > 1:
            look = (f"{SIDE_CAP[turn][0]} ha {own_it}: guarda le caselle libere davanti a "
                    "ciascun pezzo, in diagonale.",
                    f"{side_en} has {own_en}: look at the empty squares diagonally in front of "
                    "each piece.")
        else:
            look = (f"{SIDE_CAP[turn][0]} ha solo {own_it}: guarda le caselle libere davanti, "
                    "in diagonale.",
                    f"{side_en} has only {own_en}: look at the empty squares diagonally in "
                    "front of it.")
        hints = ([look[0] + (" La dama guarda anche dietro." if kings else ""), second[0]],
                 [look[1] + (" A king looks behind too." if kings else ""), second[1]])
        return puzzle(level, "count", board, prompts[i % len(prompts)], rules,
                      measure="legal_moves", answer=len(legal), hints=hints,
                      explanation=(f"Le mosse sono {len(legal)}: {texts}. Ricorda: {why_it}.",
                                   f"There are {len(legal)} moves: {texts}. Remember: {why_en}."))

    for level, turn, wm, bm, wk, bk, want in counts:
        far = 4 if level == 1 else 5
        boards = generated(rng, 4000, lambda r: it_small(r, turn, wm, bm, wk, bk, 1, far))
        out += pick(ctx, IT, ((b, None) for b in boards), want,
                    lambda b, _, i, lv=level: count_all(b, lv, len(out) + i))

    # How many moves can the piece on a square make?
    def count_one(board: Board, data: tuple[int, int], i: int) -> dict | None:
        level, square = data
        piece = board.piece_at(square)
        n = sum(1 for m in board.legal_moves if m.start == square)
        if board.must_capture() or piece is None or piece.colour != board.turn:
            return None
        what_it, what_en = piece_words(board, square)
        prompts = [(f"{to_play(board)[0]} Quante mosse può fare {what_it}?",
                    f"{to_play(board)[1]} How many moves can {what_en} make?"),
                   (f"In quante caselle può andare {what_it}?",
                    f"To how many squares can {what_en} go?")]
        if piece.king:
            why = ("La dama si muove di una casella in diagonale, avanti o indietro, su una "
                   "casella libera.",
                   "A king moves one square diagonally, forwards or backwards, to an empty "
                   "square.")
            rules = ["IT-M2"]
        else:
            why = ("La pedina va solo avanti, di una casella in diagonale, su una casella "
                   "libera.",
                   "A man goes only forwards, one square diagonally, to an empty square.")
            rules = ["IT-M1"]
        near = [str(x) for x in next_squares(board, square, not piece.king)]
        hints = ([(f"La dama in {square} va avanti e indietro, di una casella in diagonale."
                   if piece.king else
                   f"La pedina {ADJ[piece.colour][0]} in {square} va solo avanti, di una "
                   "casella in diagonale."),
                  (f"Guarda le caselle intorno alla dama: {join(near, 'it')}. Quali sono "
                   "libere?" if piece.king else
                   f"Guarda la casella davanti alla pedina, la {near[0]}: è libera?"
                   if len(near) == 1 else
                   f"Guarda le caselle davanti alla pedina: {join(near, 'it')}. Quali sono "
                   "libere?")],
                 [(f"The king on {square} goes forwards and backwards, one square diagonally."
                   if piece.king else
                   f"The {ADJ[piece.colour][1]} man on {square} goes only forwards, one square "
                   "diagonally."),
                  (f"Look at the squares around the king: {join(near, 'en')}. Which are "
                   "empty?" if piece.king else
                   f"Look at the square in front of the man, {near[0]}: is it empty?"
                   if len(near) == 1 else
                   f"Look at the squares in front of the man: {join(near, 'en')}. Which are "
                   "empty?")])
        targets = [m.end for m in board.legal_moves if m.start == square]
        where = (f"Può andare in {join([str(t) for t in targets], 'it', True)}. "
                 if targets else "Non può muoversi: le caselle davanti non sono libere. ",
                 f"It can go to {join([str(t) for t in targets], 'en', True)}. "
                 if targets else "It cannot move: the squares in front are not empty. ")
        return puzzle(level, "count", board, prompts[i % 2], rules, measure="moves_of",
                      square=square, answer=n, hints=hints,
                      explanation=(where[0] + why[0], where[1] + why[1]))

    def one_piece(level: int, turn: str, king: bool, blocked: bool) -> Iterator:
        while True:
            b = it_small(rng, turn, 2 if turn == WHITE or king else 1,
                         2 if turn == BLACK or king else 1,
                         1 if king and turn == WHITE else 0, 1 if king and turn == BLACK else 0,
                         1, 5)
            if b is None:
                continue
            own = [s for s, p in b.pieces().items() if p.colour == turn and p.king == king]
            if not own:
                continue
            square = own[0]
            n = sum(1 for m in b.legal_moves if m.start == square)
            if blocked != (n < (4 if king else 2)) or b.must_capture():
                continue
            yield b, (level, square)

    for level, turn, king, blocked, want in pieces:
        out += pick(ctx, IT, one_piece(level, turn, king, blocked), want, count_one)

    # Where can this man go? (choice)
    def where_choice(board: Board, square: int, i: int) -> dict | None:
        ends = sorted(m.end for m in board.legal_moves if m.start == square)
        if board.must_capture() or len(ends) != 2:
            return None
        piece = board.piece_at(square)
        geo = board.variant.geometry
        r, c = geo.coords[square]
        back = sorted(geo.by_coords[(r - d, c + e)] for d in ((1,) if piece.colour == BLACK
                                                              else (-1,)) for e in (-1, 1)
                      if (r - d, c + e) in geo.by_coords)
        if len(back) != 2:
            return None
        right = " e ".join(map(str, ends))
        wrong_back = " e ".join(map(str, back))
        far = sorted({s for s in range(1, 33) if abs(geo.coords[s][0] - r) == 2
                      and abs(geo.coords[s][1] - c) == 2 and (geo.coords[s][0] < r) ==
                      (piece.colour == WHITE)})
        if len(far) < 2:
            return None
        wrong_far = " e ".join(map(str, far[:2]))
        options_it = [right, wrong_back, wrong_far]
        order = [0, 1, 2] if i % 2 == 0 else [1, 0, 2]
        opts_it = [options_it[k] for k in order]
        opts_en = [o.replace(" e ", " and ") for o in opts_it]
        fb = {0: ("Un passo avanti in diagonale, a destra o a sinistra: la pedina va sempre "
                  "avanti.",
                  "One step diagonally forwards, to the right or to the left: a man always "
                  "goes forwards."),
              1: ("Quelle caselle sono dietro: la pedina non torna mai indietro.",
                  "Those squares are behind: a man never goes back."),
              2: ("Troppo lontano: la pedina fa un passo solo, di una casella.",
                  "Too far: a man takes a single step, one square.")}
        side_it = OF_SIDE[piece.colour]
        far_row = "1, 2, 3 e 4" if piece.colour == WHITE else "29, 30, 31 e 32"
        far_row_en = "1, 2, 3 and 4" if piece.colour == WHITE else "29, 30, 31 and 32"
        hints = ([f"La pedina {ADJ[piece.colour][0]} in {square} fa un passo solo, in "
                  "diagonale, e sempre in avanti.",
                  f"La pedina {side_it} va verso le caselle {far_row}: quali caselle vicine "
                  f"alla {square} sono da quella parte?"],
                 [f"The {ADJ[piece.colour][1]} man on {square} takes a single step, "
                  "diagonally, and always forwards.",
                  f"The {ADJ[piece.colour][1]} man goes towards squares {far_row_en}: which "
                  f"squares next to {square} are on that side?"])
        return puzzle(1, "choice", board,
                      (f"{to_play(board)[0]} In quali caselle può andare la pedina {side_it} "
                       f"in {square}?",
                       f"{to_play(board)[1]} To which squares can the {ADJ[piece.colour][1]} "
                       f"man on {square} go?"),
                      ["IT-M1"], options=(opts_it, opts_en), answer=order.index(0),
                      hints=hints,
                      feedback=([fb[k][0] for k in order], [fb[k][1] for k in order]))

    def single_man(turn: str) -> Iterator:
        while True:
            b = it_small(rng, turn, 1 if turn == WHITE else 1, 1, 0, 0, 2, 4)
            if b is None:
                continue
            own = [s for s, p in b.pieces().items() if p.colour == turn]
            yield b, own[0]

    out += pick(ctx, IT, single_man(WHITE), choices, where_choice)
    out += pick(ctx, IT, single_man(BLACK), choices, lambda b, s, i: where_choice(b, s, i + 1))
    if not opening:
        return out

    # After White's first move: how many answers has Black? (IT-B4)
    start = Board()
    first = start.legal_moves[3]  # 22-19
    start.push(first)
    b = Board(start.fen())
    if ctx.take(IT, b.fen()):
        movers = sorted({m.start for m in b.legal_moves})
        out.append(puzzle(2, "count", b,
                          (f"Il Bianco ha aperto con {first}. Ora tocca al Nero: quante mosse "
                           "può fare?",
                           f"White opened with {first}. Now it is Black's turn: how many moves "
                           "can Black make?"),
                          ["IT-B4", "IT-M1"], measure="legal_moves", answer=len(b.legal_moves),
                          hints=([f"Dopo {first} il Bianco ha una pedina in {first.end}: "
                                  "quali pedine nere hanno una casella libera davanti, in "
                                  "diagonale?",
                                  "Guarda le pedine nere in "
                                  f"{join([str(x) for x in movers], 'it')}: quante caselle "
                                  "libere ha davanti ognuna?"],
                                 [f"After {first} White has a man on {first.end}: which "
                                  "black men have an empty square diagonally in front?",
                                  "Look at the black men on "
                                  f"{join([str(x) for x in movers], 'en')}: how many empty "
                                  "squares does each one have in front?"]),
                          explanation=(f"Il Nero può giocare {len(b.legal_moves)} mosse: "
                                       f"{', '.join(map(str, b.legal_moves))}. Solo le pedine "
                                       "della prima fila, da 9 a 12, hanno caselle libere "
                                       "davanti: la pedina va avanti di una casella.",
                                       f"Black has {len(b.legal_moves)} moves: "
                                       f"{', '.join(map(str, b.legal_moves))}. Only the men of "
                                       "the front row, 9 to 12, have empty squares in front: a "
                                       "man steps forward.")))
    return out


def more_movement(ctx: Context) -> list[dict]:
    """More of the same questions, from other small positions."""
    return build_movement(ctx, 111, MORE_COUNT_PLANS, MORE_PIECE_PLANS, choices=2,
                          opening=False)


def later_movement(ctx: Context) -> list[dict]:
    """Puzzles added one by one (see ``Topic.later``): a new one goes at the end."""
    return [p for p in (only_one_can_move(ctx, "W:W16,20,24:B11,15"),) if p is not None]


def only_one_can_move(ctx: Context, fen: str) -> dict | None:
    """Move the only man that can move: the others are shut in by the pieces in front."""
    board = Board(fen)
    legal = board.legal_moves
    if board.must_capture() or len({m.start for m in legal}) != 1 or not ctx.take(IT, fen):
        return None
    turn = board.turn
    mover = legal[0].start
    own = own_squares(board, turn)
    shut = [s for s in own if s != mover]
    own_it, own_en = group_words(board, own)
    shut_it, shut_en = group_words(board, shut)

    def in_front(square: int, lang: str) -> str:
        ahead = [str(x) for x in next_squares(board, square, True)]
        it, en = piece_words(board, square)
        if lang == "it":
            return (f"{it} aveva davanti la casella {ahead[0]}, occupata" if len(ahead) == 1
                    else f"{it} aveva davanti le caselle {join(ahead, 'it')}, occupate")
        return (f"{en} had square {ahead[0]} in front, taken" if len(ahead) == 1 else
                f"{en} had squares {join(ahead, 'en')} in front, both taken")

    if len(shut) == 1:
        shut_in = (f"{cap(shut_it)} è chiusa: davanti ha solo caselle occupate.",
                   f"{cap(shut_en)} is shut in: every square in front of it is taken.")
    else:
        shut_in = (f"{cap(shut_it)} sono chiuse: davanti hanno solo caselle occupate.",
                   f"{cap(shut_en)} are shut in: every square in front of them is taken.")
    texts = [str(m) for m in legal]
    return puzzle(1, "move", board,
                  (f"Tocca {TO_SIDE[turn]}. Solo una pedina {ADJ[turn][0]} può muovere: "
                   "trovala e muovila sulla damiera!",
                   f"{SIDE[turn][1]} to play. Only one {ADJ[turn][1]} man can move: find it "
                   "and move it on the board!"),
                  ["IT-M1"], solutions=texts,
                  hints=([f"Una pedina va avanti di una casella in diagonale, su una casella "
                          f"vuota. Guarda davanti {joined('a', own_it)}.", shut_in[0]],
                         [f"A man goes one square diagonally forwards, onto an empty square. "
                          f"Look in front of {own_en}.", shut_in[1]]),
                  # Read once the move is made: the shut men are told as they were before it.
                  explanation=(f"Si può giocare solo {join(texts, 'it', True)}: prima della "
                               "mossa, "
                               + "; ".join(in_front(s, "it") for s in shut) + ".",
                               f"Only {join(texts, 'en', True)} can be played: before the "
                               "move, "
                               + "; ".join(in_front(s, "en") for s in shut) + "."))
