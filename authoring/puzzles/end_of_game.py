"""it-11-end-of-game and it-15-endgames: you win by taking or blocking every piece (IT-E1).
Every answer is proved by the solver: win or block in one move, then in a few; make a king
against a defence."""

from __future__ import annotations

import random
from typing import Callable

from damalib import Board
from damalib.solver import accepted_moves as solver_accepted_moves

from authoring.puzzles.common import (BLACK, IT, OF_SIDE, OTHER, SIDE, WHITE, Context, all_squares, any_position,
                     first_move_hint, generated, join, men_rows, n_pieces, own_squares, pick,
                     piece_words, plausible, puzzle, real_enough, scatter, side_has, symbols,
                     to_play)


def goal_puzzle(board: Board, goal: str, plies: int, level: int, prompt: tuple[str, str],
                rules: list[str], explanation: tuple[str, str], hints=None) -> dict | None:
    """A move puzzle whose accepted first moves are exactly those the solver proves."""
    accepted = solver_accepted_moves(board, goal, plies)
    legal = board.legal_moves
    # A choice to make: several legal moves, and not all of them reach the goal.
    if not accepted or len(legal) < 2 or len(accepted) >= len(legal):
        return None
    texts = [board.move_text(m) for m in accepted]
    return puzzle(level, "move", board, prompt, rules, solutions=texts, goal=goal, plies=plies,
                  unique=len(texts) == 1, hints=hints, explanation=explanation)


def shortest(board: Board, goal: str, limit: int) -> int | None:
    """The fewest plies (odd) in which the side to move reaches ``goal``, up to ``limit``."""
    for plies in range(1, limit + 1, 2):
        if solver_accepted_moves(board, goal, plies):
            return plies
    return None


#: (goal, plies, level, how many): the first set, and the puzzles added after.
END_PLAN = (("win", 1, 1, 3), ("win", 1, 2, 2), ("block", 1, 2, 3), ("block", 1, 3, 3),
            ("win", 3, 4, 4))
MORE_END_PLAN = (("win", 1, 1, 4), ("win", 1, 2, 3), ("block", 1, 2, 3), ("block", 1, 3, 3),
                 ("win", 3, 4, 3), ("win", 3, 5, 2))
ENDGAME_PLAN = (("promote", 3, 2, 2), ("promote", 5, 3, 2), ("win", 3, 3, 2), ("block", 3, 3, 2),
                ("win", 5, 4, 3), ("block", 5, 4, 1), ("win", 7, 5, 3))
MORE_ENDGAME_PLAN = (("promote", 3, 2, 3), ("promote", 5, 3, 2), ("win", 3, 3, 2),
                     ("block", 3, 3, 1), ("win", 5, 4, 3), ("win", 7, 5, 2))


def build_end(ctx: Context, seed: int = 707, plan=END_PLAN,
              check: Callable[[Board], bool] = any_position) -> list[dict]:
    """``check``: what every position must also pass (the puzzles added after: real_enough)."""
    rng = random.Random(seed)
    out: list[dict] = []

    def small(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        own, opp = symbols(turn)
        return scatter(r, IT, turn, [
            (own[0], r.randint(0, 2), all_squares(IT)),
            (own[1], r.randint(1, 3), men_rows(IT, turn, 0, 6)),
            (opp[1], r.randint(1, 3), men_rows(IT, OTHER[turn], 0, 6)),
            (opp[0], r.randint(0, 1), all_squares(IT))])

    def end_puzzle(board: Board, data: tuple[str, int, int], i: int) -> dict | None:
        goal, plies, level = data
        if not plausible(board, 4) or shortest(board, goal, plies) != plies:
            return None
        accepted = solver_accepted_moves(board, goal, plies)
        if len(accepted) > 2:
            return None
        other = SIDE[OTHER[board.turn]]
        p_it, p_en = to_play(board)
        mover_it, mover_en = piece_words(board, accepted[0].start)
        # The gentle hint starts from what the opponent has left on the board.
        theirs_it, theirs_en = side_has(board, OTHER[board.turn])
        if goal == "block" and plies == 1:
            prompt = [(f"{p_it} Trova la mossa che blocca {other[0]}: dopo, non potrà più "
                       "muovere nessun pezzo.",
                       f"{p_en} Find the move that blocks {other[1]}: afterwards it cannot move "
                       "any piece."),
                      (f"{p_it} Con una mossa puoi lasciare {other[0]} senza mosse. Quale?",
                       f"{p_en} With one move you can leave {other[1]} without a move. Which?")][i % 2]
            expl = ("Dopo questa mossa l'avversario ha ancora dei pezzi ma non può muoverli: chi "
                    "non può muovere perde.",
                    "After this move the opponent still has pieces but cannot move them: a "
                    "player who cannot move loses.")
            hints = ([f"{theirs_it}: quali caselle libere ha per muoversi?",
                      f"Prova con {mover_it}: dove può andare per lasciare {other[0]} senza "
                      "mosse?"],
                     [f"{theirs_en}: which empty squares does it have to move to?",
                      f"Try {mover_en}: where can it go to leave {other[1]} without a move?"])
        elif plies == 1:
            prompt = [(f"{p_it} Vinci con una mossa!", f"{p_en} Win in one move!"),
                      (f"{p_it} Una mossa sola e la partita è finita: trovala.",
                       f"{p_en} A single move and the game is over: find it.")][i % 2]
            after = board.copy()
            after.push(accepted[0])
            text = board.move_text(accepted[0])
            if n_pieces(after, OTHER[board.turn]):
                expl = (f"Dopo {text} {other[0]} ha ancora dei pezzi, ma non può muoverne "
                        "nessuno: chi non può muovere perde.",
                        f"After {text} {other[1]} still has pieces, but cannot move any of "
                        "them: a player who cannot move loses.")
                second = (f"Guarda {mover_it}: dove può andare per lasciare {other[0]} senza "
                          "mosse?",
                          f"Look at {mover_en}: where can it go to leave {other[1]} without a "
                          "move?")
            else:
                last_it, last_en = (("l'ultimo pezzo", "last piece")
                                    if len(accepted[0].captures) == 1 else
                                    ("gli ultimi pezzi", "last pieces"))
                expl = (f"Con {text} si mangia{'no' if len(accepted[0].captures) > 1 else ''} "
                        f"{last_it} {OF_SIDE[OTHER[board.turn]]}: chi resta senza pezzi perde.",
                        f"{text} takes {other[1]}'s {last_en}: a player left without pieces "
                        "loses.")
                second = (f"Guarda {mover_it}: può mangiare tutti i pezzi che restano "
                          f"{OF_SIDE[OTHER[board.turn]]}?",
                          f"Look at {mover_en}: can it take all the pieces {other[1]} has "
                          "left?")
            hints = ([f"{theirs_it}. Si vince quando l'avversario resta senza pezzi, oppure non "
                      "può più muovere.", second[0]],
                     [f"{theirs_en}. You win when the opponent has no pieces left, or cannot "
                      "move any more.", second[1]])
        else:
            prompt = (f"{p_it} Vinci in {plies // 2 + 1} mosse, qualunque cosa risponda "
                      f"{other[0]}.",
                      f"{p_en} Win in {plies // 2 + 1} moves, whatever {other[1]} answers.")
            expl = (f"Con questa mossa {other[0]} non ha scampo: entro {plies // 2 + 1} mosse "
                    "resta senza pezzi o senza mosse, e perde.",
                    f"With this move {other[1]} has no way out: within {plies // 2 + 1} moves "
                    "it has no pieces or no moves left, and loses.")
            first = first_move_hint(board, accepted[0])
            hints = ([f"{theirs_it}. Cerca una mossa dopo la quale ogni sua risposta va male: "
                      "chi resta senza pezzi o senza mosse perde.", first[0]],
                     [f"{theirs_en}. Look for a move after which every answer goes wrong: "
                      "whoever has no pieces or no moves left loses.", first[1]])
        return goal_puzzle(board, goal, plies, level, prompt, ["IT-E1"], expl, hints)

    boards = list(generated(rng, 20000, small))
    for goal, plies, level, want in plan:
        src = boards if level != 2 else boards[::-1]
        out += pick(ctx, IT, ((b, (goal, plies, level)) for b in src
                              if (n_pieces(b) <= 4) == (level == 1) and check(b)), want,
                    end_puzzle)
    return out


def more_end(ctx: Context) -> list[dict]:
    """More wins and blocks, from other small positions."""
    return build_end(ctx, 717, MORE_END_PLAN, real_enough)


def build_endgames(ctx: Context, seed: int = 808, plan=ENDGAME_PLAN,
                   check: Callable[[Board], bool] = any_position) -> list[dict]:
    """``check`` as for :func:`build_end`."""
    rng = random.Random(seed)
    out: list[dict] = []

    def small(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        own, opp = symbols(turn)
        return scatter(r, IT, turn, [
            (own[0], r.randint(0, 2), all_squares(IT)),
            (own[1], r.randint(0, 2), men_rows(IT, turn, 1, 6)),
            (opp[0], r.randint(0, 1), all_squares(IT)),
            (opp[1], r.randint(1, 2), men_rows(IT, OTHER[turn], 1, 6))])

    def endgame(board: Board, data: tuple[str, int, int], i: int) -> dict | None:
        goal, plies, level = data
        if board.must_capture() or not plausible(board, 3) or not 3 <= n_pieces(board) <= 6:
            return None
        if len(board.legal_moves) < 3:
            return None
        if shortest(board, goal, plies) != plies:
            return None
        if goal == "promote" and solver_accepted_moves(board, "win", plies):
            return None
        accepted = solver_accepted_moves(board, goal, plies)
        if len(accepted) > 2:
            return None
        moves = plies // 2 + 1
        other = SIDE[OTHER[board.turn]]
        p_it, p_en = to_play(board)
        first_it, first_en = first_move_hint(board, accepted[0])
        theirs_it, theirs_en = side_has(board, OTHER[board.turn])
        if goal == "win":
            prompt = [(f"{p_it} Vince in {moves} mosse: come comincia?",
                       f"{p_en} It wins in {moves} moves: how does it start?"),
                      (f"{p_it} Trova la prima mossa della vittoria (al massimo {moves} mosse).",
                       f"{p_en} Find the first move of the win (at most {moves} moves).")][i % 2]
            expl = (f"Questa mossa vince qualunque difesa scelga {other[0]}: entro {moves} "
                    "mosse non avrà più pezzi o mosse.",
                    f"This move wins whatever defence {other[1]} chooses: within {moves} moves "
                    "it will have no pieces or moves left.")
            rules = ["IT-E1"]
            hints = ([f"{theirs_it}. Pensa anche alle sue risposte: dopo la mossa giusta, "
                      "vanno tutte male.", first_it],
                     [f"{theirs_en}. Think of its answers too: after the right move, all of "
                      "them go wrong.", first_en])
        elif goal == "block":
            prompt = (f"{p_it} Blocca {other[0]} in {moves} mosse: dopo, i suoi pezzi non "
                      "potranno più muovere.",
                      f"{p_en} Block {other[1]} in {moves} moves: afterwards its pieces cannot "
                      "move any more.")
            expl = (f"Con questa mossa, entro {moves} mosse {other[0]} resta con i pezzi "
                    "bloccati e perde.",
                    f"With this move, within {moves} moves {other[1]} is left with blocked "
                    "pieces and loses.")
            rules = ["IT-E1"]
            hints = ([f"{theirs_it}. Un pezzo è bloccato quando le caselle dove potrebbe "
                      "andare sono occupate.", first_it],
                     [f"{theirs_en}. A piece is blocked when the squares it could go to are "
                      "taken.", first_en])
        else:
            prompt = (f"{p_it} Fai dama in {moves} mosse, qualunque cosa faccia {other[0]}.",
                      f"{p_en} Make a king in {moves} moves, whatever {other[1]} does.")
            expl = (f"Con questa mossa nessuna difesa {OF_SIDE[OTHER[board.turn]]} impedisce "
                    f"che una pedina arrivi in fondo entro {moves} mosse e diventi dama.",
                    f"After this move no defence by {other[1]} stops a man from reaching the far "
                    f"row within {moves} moves and becoming a king.")
            rules = ["IT-K1", "IT-M1"]
            men = [str(s) for s in own_squares(board, board.turn, king=False)]
            mine_it, mine_en = ((f"La tua pedina è in {men[0]}", f"Your man is on {men[0]}")
                                if len(men) == 1 else
                                (f"Le tue pedine sono in {join(men, 'it')}",
                                 f"Your men are on {join(men, 'en')}"))
            hints = ([f"{mine_it}. Conta le mosse che servono a te e quelle che servono "
                      "all'avversario, e scegli la strada che non può chiudere.", first_it],
                     [f"{mine_en}. Count the moves you need and the moves the opponent needs, "
                      "and choose the path it cannot close.", first_en])
        return goal_puzzle(board, goal, plies, level, prompt, rules, expl, hints)

    boards = list(generated(rng, 2500, small))
    for goal, plies, level, want in plan:
        out += pick(ctx, IT, ((b, (goal, plies, level)) for b in boards if check(b)), want,
                    endgame)
    return out


def more_endgames(ctx: Context) -> list[dict]:
    """More endgames, from other small positions."""
    return build_endgames(ctx, 818, MORE_ENDGAME_PLAN, real_enough)
