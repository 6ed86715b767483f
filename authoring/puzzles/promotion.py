"""it-04-promotion and it-05-kings: making a king and stopping there (IT-K1, IT-C7), then
what a king does: steps and captures any way (IT-M2, IT-C4), takes kings, chains captures."""

from __future__ import annotations

import random
from typing import Callable

from damalib import Board, Move
from damalib.solver import accepted_moves as solver_accepted_moves

from authoring.puzzles.capture import capture_prompt
from authoring.puzzles.common import (ADJ, BLACK, IT, OF_SIDE, OTHER, SIDE, SIDE_CAP, WHITE, Context, all_squares,
                     any_position, cap, describe_capture, first_move_hint, generated, group_words,
                     join, joined, men_rows, next_squares, own_squares, pick, piece_words,
                     pieces_n, plausible, promotes, puzzle, real_enough, scatter, side_has,
                     symbols, to_play, turned_down)


def build_promotion(ctx: Context, seed: int = 404,
                    make_kings=((WHITE, 1, 3), (BLACK, 2, 3)), stop_captures: int = 4,
                    stop_counts: int = 2, races: int = 3,
                    check: Callable[[Board], bool] = any_position) -> list[dict]:
    """``make_kings``: (turn, level, how many) of the one-move promotions; ``check``: what
    every position must also pass (the puzzles added after the first set: real_enough)."""
    rng = random.Random(seed)
    out: list[dict] = []

    def promo_moves(board: Board) -> list[Move]:
        return [m for m in board.legal_moves if promotes(board, m)]

    def near(r: random.Random, turn: str, others: int) -> Board | None:
        return scatter(r, IT, turn, [
            ("w" if turn == WHITE else "b", 1, men_rows(IT, turn, 6, 6)),
            ("w" if turn == WHITE else "b", r.randint(0, 2), men_rows(IT, turn, 0, 4)),
            ("b" if turn == WHITE else "w", others, men_rows(IT, OTHER[turn], 0, 4))])

    def make_king(board: Board, level: int, i: int) -> dict | None:
        moves = promo_moves(board)
        if not moves or board.must_capture() or not plausible(board, 3):
            return None
        texts = [board.move_text(m) for m in moves]
        row = "1, 2, 3, 4" if board.turn == WHITE else "29, 30, 31, 32"
        prompts = [(f"{to_play(board)[0]} Fai dama! Quale mossa porta una pedina in fondo?",
                    f"{to_play(board)[1]} Make a king! Which move takes a man to the far row?"),
                   (f"{SIDE_CAP[board.turn][0]} vuole una dama. Con quale mossa la ottiene?",
                    f"{SIDE_CAP[board.turn][1]} wants a king. Which move gets one?")]
        many = len(moves) > 1
        own = [str(s) for s in own_squares(board, board.turn, king=False)]
        if len(own) == 1:
            nearest = (f"Hai una pedina sola, in {own[0]}: quanto le manca?",
                       f"You have a single man, on {own[0]}: how far has it to go?")
        else:
            nearest = (f"Quale delle tue pedine, in {join(own, 'it')}, ci è più vicina?",
                       f"Which of your men, on {join(own, 'en')}, is nearest to it?")
        starts = sorted({m.start for m in moves})
        if len(starts) == 1:
            mover_it, mover_en = piece_words(board, starts[0])
            near_it = f"Guarda {mover_it}: è a un passo dall'ultima riga."
            near_en = f"Look at {mover_en}: it is one step from the far row."
        else:
            squares = [str(x) for x in starts]
            near_it = (f"Guarda le pedine in {join(squares, 'it')}: sono a un passo "
                       "dall'ultima riga.")
            near_en = (f"Look at the men on {join(squares, 'en')}: they are one step from the "
                       "far row.")
        return puzzle(level, "move", board, prompts[i % 2], ["IT-K1", "IT-M1"],
                      solutions=texts, unique=not many, goal="promote", plies=1,
                      hints=([f"Una pedina diventa dama quando arriva nell'ultima riga, le "
                              f"caselle {row}. {nearest[0]}", near_it],
                             [f"A man becomes a king when it reaches the far row, squares "
                              f"{row}. {nearest[1]}", near_en]),
                      explanation=(f"Con {join(texts, 'it', True)} la pedina arriva nell'ultima "
                                   f"riga (caselle {row}) e diventa dama."
                                   + (" Tutte e due le mosse vanno bene." if many else ""),
                                   f"With {join(texts, 'en', True)} the man reaches the far row "
                                   f"(squares {row}) and becomes a king."
                                   + (" Both moves are right." if many else "")))

    for turn, level, want in make_kings:
        boards = generated(rng, 5000, lambda r: near(r, turn, r.randint(1, 3)))
        out += pick(ctx, IT, ((b, None) for b in boards if check(b)), want,
                    lambda b, _, i, lv=level: make_king(b, lv, i))

    # A capture that ends on the far row: the move stops there (IT-C7)
    def tempting(board: Board, move: Move) -> int | None:
        """The square of a piece the new king could jump next, were the move to go on."""
        board.push(move)
        try:
            geo = board.variant.geometry
            r, c = geo.coords[move.end]
            for dr in (-1, 1):
                for dc in (-1, 1):
                    mid = geo.by_coords.get((r + dr, c + dc))
                    land = geo.by_coords.get((r + 2 * dr, c + 2 * dc))
                    if mid and land and board.piece_at(land) is None and mid not in move.captures:
                        q = board.piece_at(mid)
                        if q and q.colour == board.turn:
                            return mid
            return None
        finally:
            board.pop()

    def stops(board: Board) -> Move | None:
        legal = board.legal_moves
        if len(legal) != 1 or not legal[0].captures or not promotes(board, legal[0]):
            return None
        # Would the new king capture again? Then the stop is a real lesson.
        return legal[0] if tempting(board, legal[0]) is not None else None

    def stop_small(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        return scatter(r, IT, turn, [
            ("w" if turn == WHITE else "b", 1, men_rows(IT, turn, 4, 6)),
            ("w" if turn == WHITE else "b", r.randint(0, 2), men_rows(IT, turn, 0, 3)),
            ("b" if turn == WHITE else "w", r.randint(3, 5), men_rows(IT, OTHER[turn], 0, 6))])

    def stop_puzzle(board: Board, kind: str, level: int, i: int) -> dict | None:
        move = stops(board)
        if move is None or not plausible(board, 4):
            return None
        text = board.move_text(move)
        d_it, d_en = describe_capture(board, move)
        expl = (f"{cap(d_it)}: lì diventa dama. La mossa finisce lì, anche se la nuova dama "
                "potrebbe mangiare ancora: lo farà al prossimo turno.",
                f"{cap(d_en)}: there it becomes a king. The move ends there, even though the "
                "new king could capture again: it will on its next turn.")
        mover_it, mover_en = piece_words(board, move.start)
        bait_it, bait_en = piece_words(board, tempting(board, move))
        mine_it, mine_en = side_has(board, board.turn, king=False)
        stop_hint = (f"{mine_it}. Quando una pedina arriva in fondo diventa dama e la sua mossa "
                     f"finisce lì, anche se da lì potrebbe mangiare {bait_it}.",
                     f"{mine_en}. When a man reaches the far row it becomes a king and its "
                     f"move is over, even if from there it could take {bait_en}.")
        if kind == "count":
            return puzzle(level, "count", board,
                          (f"{to_play(board)[0]} Deve mangiare. Quanti pezzi prende con questa "
                           "presa?",
                           f"{to_play(board)[1]} It must capture. How many pieces does it take "
                           "with this capture?"),
                          ["IT-C7", "IT-C5"], measure="captured", answer=len(move.captures),
                          hints=([f"Segui la presa {joined('di', mover_it)}: che cosa succede "
                                  "quando arriva in fondo?",
                                  f"{cap(mover_it)} arriva in fondo in {move.end} e lì si "
                                  "ferma: quanti pezzi ha saltato per arrivarci?"],
                                 [f"Follow the capture of {mover_en}: what happens when it "
                                  "reaches the far row?",
                                  f"{cap(mover_en)} reaches the far row on {move.end} and stops "
                                  "there: how many pieces did it jump to get there?"]),
                          explanation=expl)
        return puzzle(level, "capture", board,
                      [(f"{to_play(board)[0]} Deve mangiare: dove si ferma la presa?",
                        f"{to_play(board)[1]} It must capture: where does the capture stop?"),
                       (f"{to_play(board)[0]} Mangia e arriva in fondo. Fai la presa sulla damiera.",
                        f"{to_play(board)[1]} It captures and reaches the far row. Make the "
                        "capture on the board.")][i % 2],
                      ["IT-C7", "IT-K1", "IT-C1"], solutions=[text], unique=True,
                      hints=([stop_hint[0], f"Guarda {mover_it}: mangiando, dove arriva in "
                                            "fondo?"],
                             [stop_hint[1], f"Look at {mover_en}: capturing, where does it "
                                            "reach the far row?"]),
                      explanation=expl)

    # The pool is made once a run: the puzzles added after take what is left.
    stoppers = ctx.pool("promotion.stoppers", lambda: [
        b for b in generated(rng, 60000, stop_small) if stops(b) is not None])
    out += pick(ctx, IT, ((b, None) for b in stoppers if check(b)), stop_captures,
                lambda b, _, i: stop_puzzle(b, "capture", 3 if i < 2 else 4, i))
    out += pick(ctx, IT, ((b, None) for b in stoppers[::-1] if check(b)), stop_counts,
                lambda b, _, i: stop_puzzle(b, "count", 4, i))

    # Promote against a defence (goal "promote", proved by the solver)
    def race(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        return scatter(r, IT, turn, [
            ("w" if turn == WHITE else "b", r.randint(1, 2), men_rows(IT, turn, 4, 5)),
            ("b" if turn == WHITE else "w", r.randint(1, 3), men_rows(IT, OTHER[turn], 0, 5))])

    def race_puzzle(board: Board, _, i: int) -> dict | None:
        if board.must_capture() or not plausible(board, 2):
            return None
        if solver_accepted_moves(board, "promote", 1):
            return None
        accepted = solver_accepted_moves(board, "promote", 3)
        if len(accepted) != 1:
            return None
        move = accepted[0]
        if promotes(board, move):
            return None
        text = board.move_text(move)
        own = [str(s) for s in own_squares(board, board.turn, king=False)]
        racing = ((f"La tua pedina in {own[0]} corre", f"Your man on {own[0]} is racing")
                  if len(own) == 1 else
                  (f"Le tue pedine in {join(own, 'it')} corrono",
                   f"Your men on {join(own, 'en')} are racing"))
        first = first_move_hint(board, move)
        return puzzle(5 if i % 3 else 4, "move", board,
                      (f"{to_play(board)[0]} Trova la mossa che porta di sicuro a fare dama alla "
                       "prossima mossa, qualunque cosa risponda l'avversario.",
                       f"{to_play(board)[1]} Find the move that surely makes a king on the next "
                       "move, whatever the opponent answers."),
                      ["IT-K1", "IT-M1", "IT-C1"], solutions=[text], goal="promote", plies=3,
                      unique=True,
                      hints=([f"{racing[0]} verso il fondo: quali caselle controlla "
                              "l'avversario? E ricorda: se deve mangiare, non può fermarti.",
                              first[0]],
                             [f"{racing[1]} to the far row: which squares does the opponent "
                              "control? And remember: if it must capture, it cannot stop you.",
                              first[1]]),
                      explanation=(f"Dopo {text} l'avversario non può impedire la damatura: "
                                   "alla mossa dopo una pedina arriva in fondo e diventa dama.",
                                   f"After {text} the opponent cannot stop the promotion: on "
                                   "the next move a man reaches the far row and becomes a "
                                   "king."))

    out += pick(ctx, IT, ((b, None) for b in generated(rng, 3000, race) if check(b)), races,
                race_puzzle)
    return out


def more_promotion(ctx: Context) -> list[dict]:
    """More promotions from other small positions, the stops on the far row left over."""
    return build_promotion(ctx, 414, ((WHITE, 1, 2), (BLACK, 1, 2), (WHITE, 2, 2)),
                           stop_captures=4, stop_counts=2, races=3, check=real_enough)


def build_kings(ctx: Context, seed: int = 505, counts=((1, 2), (2, 2)),
                backwards_plan=((2, 3), (3, 2)), all_plan=((3, 2), (4, 3)),
                kings_taken: int = 3, chains: int = 4,
                check: Callable[[Board], bool] = any_position) -> list[dict]:
    """The plans are (level, how many); ``check`` as for :func:`build_promotion`."""
    rng = random.Random(seed)
    out: list[dict] = []
    seen = ctx.seen("kings")

    def small(r: random.Random, kings: int = 1, enemy_kings: int = 0,
              enemies: tuple[int, int] = (1, 3), friends: tuple[int, int] = (0, 2)) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        own, opp = symbols(turn)
        return scatter(r, IT, turn, [
            (own[0], kings, all_squares(IT)), (opp[0], enemy_kings, all_squares(IT)),
            (own[1], r.randint(*friends), men_rows(IT, turn, 0, 4)),
            (opp[1], r.randint(*enemies), men_rows(IT, OTHER[turn], 1, 5))])

    # (a) how many moves can the king make?
    def king_count(board: Board, level: int, i: int) -> dict | None:
        if board.must_capture():
            return None
        king = next((s for s, p in board.pieces().items() if p.king and p.colour == board.turn),
                    None)
        if king is None:
            return None
        targets = sorted(m.end for m in board.legal_moves if m.start == king)
        if (level == 1) != (len(targets) >= 3) or not targets:
            return None
        near = [str(x) for x in next_squares(board, king, False)]
        return puzzle(level, "count", board,
                      [(f"{to_play(board)[0]} Quante mosse può fare la dama in {king}?",
                        f"{to_play(board)[1]} How many moves can the king on {king} make?"),
                       (f"La dama in {king} può andare avanti e indietro. In quante caselle "
                        "può andare?",
                        f"The king on {king} can go forwards and backwards. To how many "
                        "squares can it go?")][i % 2],
                      ["IT-M2"], measure="moves_of", square=king, answer=len(targets),
                      hints=([f"La dama in {king} va di una casella in diagonale, in avanti o "
                              "all'indietro, se la casella è libera.",
                              f"Le caselle vicine alla dama sono {join(near, 'it')}: quali sono "
                              "libere?"],
                             [f"The king on {king} goes one square diagonally, forwards or "
                              "backwards, if the square is empty.",
                              f"The squares next to the king are {join(near, 'en')}: which are "
                              "empty?"]),
                      explanation=(f"La dama può andare in {join(list(map(str, targets)), 'it', True)}: "
                                   "una casella in diagonale, in avanti o all'indietro, se è "
                                   "libera.",
                                   f"The king can go to {join(list(map(str, targets)), 'en', True)}: "
                                   "one square diagonally, forwards or backwards, if it is "
                                   "empty."))

    for level, want in counts:
        out += pick(ctx, IT, ((b, None) for b in generated(rng, 5000, small) if check(b)), want,
                    lambda b, _, i, lv=level: king_count(b, lv, i))

    # (b) the king captures backwards
    def backwards(board: Board, level: int, i: int) -> dict | None:
        legal = board.legal_moves
        if len(legal) != 1 or len(legal[0].captures) != 1 or turned_down(board):
            return None
        move = legal[0]
        piece = board.piece_at(move.start)
        geo = board.variant.geometry
        back = (geo.coords[move.end][0] > geo.coords[move.start][0]) == (board.turn == WHITE)
        if not piece.king or not back or not plausible(board, 3):
            return None
        d_it, d_en = describe_capture(board, move)
        victim_it, victim_en = piece_words(board, move.captures[0])
        return puzzle(level, "capture", board, capture_prompt(board, i),
                      ["IT-C4", "IT-C1"], solutions=[board.move_text(move)], unique=True,
                      hints=([f"Nessuna pedina {OF_SIDE[board.turn]} può mangiare: guarda la "
                              f"dama in {move.start}, che mangia anche all'indietro.",
                              f"Dietro la dama in {move.start} c'è {victim_it}, con una "
                              "casella libera dopo: dove arriva la dama saltandola?"],
                             [f"None of {SIDE[board.turn][1]}'s men can capture: look at the "
                              f"king on {move.start}, which captures backwards too.",
                              f"Behind the king on {move.start} there is {victim_en}, with an "
                              "empty square after it: where does the king land jumping it?"]),
                      explanation=(f"{cap(d_it)}: la dama mangia in tutte e quattro le "
                                   "direzioni, anche all'indietro.",
                                   f"{cap(d_en)}: a king captures in all four directions, "
                                   "backwards too."))

    for level, want in backwards_plan:
        out += pick(ctx, IT, ((b, None) for b in generated(
            rng, 20000, lambda r: small(r, enemies=(1, 2) if level == 2 else (2, 4),
                                        friends=(0, 1) if level == 2 else (1, 3)))
            if check(b)), want, lambda b, _, i, lv=level: backwards(b, lv, i))

    # (c) every capture of a king
    def king_all(board: Board, level: int, i: int) -> dict | None:
        legal = board.legal_moves
        if not 2 <= len(legal) <= 4 or not legal[0].captures or turned_down(board):
            return None
        if not all(board.piece_at(m.start).king for m in legal) or not plausible(board, 3):
            return None
        if (level == 3) != (len(legal) == 2) or len(legal[0].captures) != 1:
            return None
        texts = [board.move_text(m) for m in legal]
        starts = sorted({m.start for m in legal})
        kings_it, kings_en = group_words(board, starts)
        if len(starts) == 1:
            second = (f"La dama in {starts[0]} può mangiare in {len(legal)} modi: trovali tutti.",
                      f"The king on {starts[0]} can capture in {len(legal)} ways: find them "
                      "all.")
        else:
            squares = [str(x) for x in starts]
            second = (f"Le prese sono {len(legal)}: guarda le dame in {join(squares, 'it')}.",
                      f"There are {len(legal)} captures: look at the kings on "
                      f"{join(squares, 'en')}.")
        return puzzle(level, "all-captures", board, capture_prompt(board, i, many=True),
                      ["IT-C4", "IT-P5"], solutions=texts,
                      hints=([f"Guarda intorno {joined('a', kings_it)}, in tutte e quattro "
                              "le direzioni: quali pezzi hanno dietro una casella libera?",
                              second[0]],
                             [f"Look all around {kings_en}, in the four directions: which pieces "
                              "have an empty square behind them?", second[1]]),
                      explanation=(f"La dama può mangiare in {len(legal)} modi: "
                                   f"{join(texts, 'it')}. Ognuno prende un pezzo, quindi la "
                                   "scelta è libera.",
                                   f"The king can capture in {len(legal)} ways: "
                                   f"{join(texts, 'en')}. Each takes one piece, so the choice is "
                                   "free."))

    for level, want in all_plan:
        out += pick(ctx, IT, ((b, None) for b in generated(
            rng, 30000, lambda r: small(r, enemies=(2, 4), friends=(0, 1))) if check(b)),
            want, lambda b, _, i, lv=level: king_all(b, lv, i))

    # (d) a man cannot take a king, a king can (IT-C3, IT-C4)
    def king_takes_king(board: Board, _, i: int) -> dict | None:
        legal = board.legal_moves
        if len(legal) != 1 or len(legal[0].captures) != 1 or turned_down(board):
            return None
        move = legal[0]
        victim = board.piece_at(move.captures[0])
        if not board.piece_at(move.start).king or not victim.king or not plausible(board, 3):
            return None
        d_it, d_en = describe_capture(board, move)
        return puzzle(4, "capture", board, capture_prompt(board, i), ["IT-C4", "IT-C3"],
                      solutions=[board.move_text(move)], unique=True,
                      hints=([f"In {move.captures[0]} c'è una dama {ADJ[victim.colour][0]}: chi "
                              "può mangiarla, una pedina o una dama?",
                              f"Guarda la dama in {move.start}: ha vicino una dama avversaria, "
                              "con una casella libera dietro?"],
                             [f"On {move.captures[0]} there is a {ADJ[victim.colour][1]} king: "
                              "who can capture it, a man or a king?",
                              f"Look at the king on {move.start}: is there an enemy king next "
                              "to it, with an empty square behind?"]),
                      explanation=(f"{cap(d_it)}. Solo una dama può mangiare una dama: le "
                                   "pedine non possono.",
                                   f"{cap(d_en)}. Only a king can capture a king: men "
                                   "cannot."))

    out += pick(ctx, IT, ((b, None) for b in generated(
        rng, 30000, lambda r: small(r, enemy_kings=1, enemies=(1, 3), friends=(1, 3)))
        if check(b)), kings_taken, king_takes_king)

    # (e) a king's chain of captures
    def king_chain(board: Board, _, i: int) -> dict | None:
        legal = board.legal_moves
        if len(legal) != 1 or not 2 <= len(legal[0].captures) <= 3 or turned_down(board):
            return None
        move = legal[0]
        if not board.piece_at(move.start).king or not plausible(board, 4) or str(move) in seen:
            return None
        geo = board.variant.geometry
        rows = [geo.coords[s][0] for s in move.path]
        turns = any((a - b) * (b - c) < 0 for a, b, c in zip(rows, rows[1:], rows[2:]))
        if not turns:
            return None
        seen.add(str(move))
        d_it, d_en = describe_capture(board, move)
        n = len(move.captures)
        return puzzle(5, "capture", board, capture_prompt(board, i), ["IT-C4", "IT-C5"],
                      solutions=[board.move_text(move)], unique=True,
                      hints=([f"La dama in {move.start} può prendere {pieces_n(n, 'it')}, "
                              "uno dopo l'altro, e può cambiare direzione tra un salto e "
                              "l'altro.",
                              f"Il primo salto va in {move.path[1]}: da lì, dove può saltare "
                              "ancora la dama?"],
                             [f"The king on {move.start} can take {pieces_n(n, 'en')}, one after "
                              "the other, and may change direction between one jump and the "
                              "next.",
                              f"The first jump lands on {move.path[1]}: from there, where can the "
                              "king jump again?"]),
                      explanation=(f"{cap(d_it)}. La dama salta avanti e indietro e continua "
                                   "finché può mangiare.",
                                   f"{cap(d_en)}. The king jumps forwards and backwards and goes "
                                   "on while it can capture."))

    out += pick(ctx, IT, ((b, None) for b in generated(
        rng, 40000, lambda r: small(r, enemies=(3, 5), friends=(0, 2))) if check(b)), chains,
        king_chain)
    return out


def more_kings(ctx: Context) -> list[dict]:
    """More about kings, from other small positions."""
    return build_kings(ctx, 515, counts=((1, 3), (2, 2)), backwards_plan=((2, 2), (3, 2)),
                       all_plan=((3, 2), (4, 2)), kings_taken=2, chains=3, check=real_enough)
