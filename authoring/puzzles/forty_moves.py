"""it-12-forty-moves: calling the count (IT-D2). Kings walk after the claim, a man's move or
a capture now and then sets the count back to zero; the child says where the count is."""

from __future__ import annotations

import random

from damalib import Board

from authoring.puzzles.common import (BLACK, IT, OF_SIDE, OTHER, SIDE_CAP, TO_SIDE, WHITE, Context, all_squares,
                     generated, join, men_rows, pick, plausible, puzzle, scatter, symbols)


#: (level, plies played after the claim, men's moves among them, how many puzzles).
FORTY_PLAN = ((1, 3, 0, 2), (1, 4, 0, 1), (2, 6, 0, 3), (3, 6, 1, 3), (4, 8, 1, 3), (5, 10, 2, 3))
MORE_FORTY_PLAN = ((1, 3, 0, 3), (1, 4, 0, 2), (2, 6, 0, 3), (3, 6, 1, 3), (4, 8, 1, 3),
                   (5, 10, 2, 2))


def build_forty(ctx: Context, seed: int = 909, plan=FORTY_PLAN) -> list[dict]:
    rng = random.Random(seed)
    out: list[dict] = []

    def start(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, WHITE, BLACK))
        own, opp = symbols(turn)
        return scatter(r, IT, turn, [
            (own[0], r.randint(1, 2), all_squares(IT)), (opp[0], r.randint(1, 2), all_squares(IT)),
            (own[1], r.randint(0, 1), men_rows(IT, turn, 0, 2)),
            (opp[1], r.randint(0, 1), men_rows(IT, OTHER[turn], 0, 2))])

    def walk(board: Board, r: random.Random, plies: int, resets: int) -> list[str] | None:
        """A plausible sequence: mostly king moves, ``resets`` man moves or captures."""
        b = board.copy()
        b.call_count()
        texts: list[str] = []
        made = 0
        for ply in range(plies):
            legal = b.legal_moves
            if not legal or b.outcome() is not None or legal[0].captures:
                return None
            safe = []
            for m in legal:  # moves that leave nothing to capture: a sensible game
                b.push(m)
                if not b.must_capture():
                    safe.append(m)
                b.pop()
            king_moves = [m for m in safe if b.piece_at(m.start).king]
            men_moves = [m for m in safe if not b.piece_at(m.start).king]
            want_reset = made < resets and ply >= 1 and r.random() < 0.45
            if men_moves and (want_reset or not king_moves):
                move = r.choice(men_moves)
                made += 1
            elif king_moves:
                move = r.choice(king_moves)
            else:
                return None
            texts.append(b.move_text(move))
            b.push(move)
        if made != resets or b.outcome() is not None:
            return None
        return texts

    def forty(board: Board, data: tuple[int, int, int], i: int) -> dict | None:
        level, plies, resets = data
        if board.must_capture() or not plausible(board, 3):
            return None
        texts = walk(board, rng, plies, resets)
        if texts is None:
            return None
        b = board.copy()
        b.call_count()
        counted: list[str] = []
        reset_at: list[str] = []
        for text in texts:
            mover = b.turn
            move = b.parse_move(text)
            king = b.piece_at(move.start).king
            b.push(move)
            if move.captures or not king:
                reset_at.append(text)
                counted = []
            elif mover == board.turn:
                counted.append(text)
        answer = b.count
        if answer != len(counted):
            raise AssertionError("count mismatch")
        side = SIDE_CAP[board.turn]
        seq = ", ".join(texts)
        # The board shows the position after these moves: the prompt tells them as done.
        prompt = [(f"{side[0]} ha chiamato le mosse, poi si è giocato: {seq} (la damiera mostra "
                   "la posizione dopo). A che numero è arrivato il conteggio?",
                   f"{side[1]} called the count, then these moves were played: {seq} (the "
                   "board shows the position after them). What number has the count reached?"),
                  (f"Toccava {TO_SIDE[board.turn]}, che ha chiamato le mosse (si contano le "
                   f"sue). Poi si è giocato: {seq} (la damiera mostra la posizione dopo). "
                   "Quante mosse ha contato?",
                   f"{side[1]} was to move and called the count (its own moves are counted). "
                   f"Then these moves were played: {seq} (the board shows the position after "
                   "them). How many moves has it counted?")][i % 2]
        if reset_at:
            last = reset_at[-1]
            why_it = f"La mossa {last} è di una pedina: riporta il conteggio a zero. "
            why_en = f"The move {last} is a man's move: it sets the count back to zero. "
        else:
            why_it = why_en = ""
        if counted:
            c_it = f"Dopo, contano solo {join(counted, 'it')}" if reset_at else \
                f"Contano solo le mosse di chi ha chiamato, {join(counted, 'it')}"
            c_en = f"After it, only {join(counted, 'en')} count" if reset_at else \
                f"Only the claimant's moves count, {join(counted, 'en')}"
        else:
            c_it = "Dopo non c'è nessuna mossa da contare"
            c_en = "After it there is no move to count"
        if reset_at:
            second = (f"Guarda la mossa {reset_at[-1]}: è una mossa di pedina, e da lì il "
                      "conteggio riparte da zero.",
                      f"Look at the move {reset_at[-1]}: it is a man's move, and from there the "
                      "count starts again from zero.")
        else:
            theirs = texts[::2]  # the claimant moved first
            second = (f"Le mosse {OF_SIDE[board.turn]} sono una sì e una no: "
                      f"{join(theirs, 'it')}. Sono tutte mosse di dama, senza prese?",
                      f"{side[1]}'s moves are every other one: {join(theirs, 'en')}. Are they "
                      "all king moves, without captures?")
        # The gentle hint: the sequence to go through, and which of its moves count.
        hints = ([f"Dopo la chiamata si sono giocate {len(texts)} mosse, da {texts[0]} a "
                  f"{texts[-1]}. Si contano solo quelle {OF_SIDE[board.turn]}, fatte con una "
                  "dama senza mangiare; una mossa di pedina o una presa, di chiunque, fa "
                  "ripartire il conteggio da zero.", second[0]],
                 [f"After the claim {len(texts)} moves were played, from {texts[0]} to "
                  f"{texts[-1]}. Only {side[1]}'s count, made with a king without capturing; "
                  "a man move or a capture, by either player, starts the count again from "
                  "zero.", second[1]])
        return puzzle(level, "count", board, prompt, ["IT-D2"], moves=texts,
                      measure="forty_count", answer=answer, hints=hints,
                      explanation=(f"{why_it}{c_it}: il conteggio è a {answer}.",
                                   f"{why_en}{c_en}: the count is at {answer}."))

    boards = list(generated(rng, 3000, start))
    for level, plies, resets, want in plan:
        out += pick(ctx, IT, ((b, (level, plies, resets)) for b in boards), want, forty)
    return out


def more_forty(ctx: Context) -> list[dict]:
    """More counts, from other kings' walks."""
    return build_forty(ctx, 919, MORE_FORTY_PLAN)
