"""The second year's basic endings: positions of at most three pieces where one move keeps
what the position is worth, to the end of the game, and the others throw it away (IT-E1).

* *tenere la patta* (hold the draw): the weaker side has one move, or two, that do not
  lose: the lone king that stands in the man's way («la mossa»), or that keeps out of the
  single corner;
* *tenere la vittoria* (keep the win): the stronger side has one move, or two, that still
  win; any other lets the win slip to a draw.

Every answer is proved by the exact endgame tables (``goal = "hold"``,
:func:`damalib.endgame.holding_moves`): the accepted moves are exactly the moves that keep
the position's worth, however long the game goes on. The positions are every legal
placement of the groups below (:func:`authoring.endgame_facts.placements`), either side to
move, taken in a fixed order: the same puzzles at every run.
"""

from __future__ import annotations

from damalib import Board
from damalib.endgame import holding_moves, probe

from authoring.endgame_facts import placements
from authoring.puzzles.common import (OTHER, SIDE, Context, first_move_hint, puzzle, side_has,
                                      to_play)

#: (White's pieces, Black's pieces, the family, the level, how many): "k" a king, "m" a man.
PLAN = (
    ("km", "k", "draw", 3, 8),
    ("mm", "m", "win", 3, 6),
    ("km", "k", "win", 4, 6),
    ("kk", "k", "win", 4, 4),
    ("mm", "k", "draw", 5, 4),
)


def loses_nothing_at_once(board: Board, move) -> bool:
    """Whether, after ``move``, the opponent has no capture: a move that throws the result
    away by technique (the opposition, the tempo), not by giving a piece."""
    after = board.copy()
    after.push(move)
    return not (after.legal_moves and after.legal_moves[0].captures)


def candidates(white: str, black: str, family: str):
    """The boards of the group, either side to move, where the side to move can keep a
    ``family`` result ("draw" or "win") with one or two moves of three or more, and every
    other move changes it without giving a piece at once: (board, the holding moves)."""
    for placed in placements(white, black):
        for fen in (placed.fen(), "B" + placed.fen()[1:]):
            board = Board(fen)
            legal = board.legal_moves
            if len(legal) < 3 or legal[0].captures:
                continue
            worth = probe(board)
            if worth is None or worth[0] != family:
                continue
            holding = holding_moves(board)
            if not 1 <= len(holding) <= 2 or len(holding) == len(legal):
                continue
            if all(loses_nothing_at_once(board, m) for m in legal if m not in holding):
                yield board, holding


def spread(found: list, want: int) -> list:
    """``want`` of ``found``, evenly spread over it (the placements come square by square:
    the first ones all look alike)."""
    if len(found) <= want:
        return found
    return [found[i * len(found) // want] for i in range(want)]


def outcome(board: Board, move) -> str:
    """What ``move`` comes to for the side that plays it, by the tables: "win", "draw" or
    "loss"."""
    after = board.copy()
    after.push(move)
    return {"loss": "win", "draw": "draw", "win": "loss"}[probe(after)[0]]


def ending_puzzle(board: Board, holding: list, family: str, level: int) -> dict:
    """A hold puzzle: the side to move keeps the ``family`` result with ``holding``."""
    side, other = SIDE[board.turn], SIDE[OTHER[board.turn]]
    p_it, p_en = to_play(board)
    texts = [board.move_text(m) for m in holding]
    first_it, first_en = first_move_hint(board, holding[0])
    theirs_it, theirs_en = side_has(board, OTHER[board.turn])
    mine_it, mine_en = side_has(board, board.turn)
    either_it, either_en = (" (o anche " + texts[1] + ")", " (or " + texts[1] + ")") \
        if len(texts) == 2 else ("", "")
    if family == "draw":
        prompt = (f"{p_it} Salva la partita: trova la mossa che non perde.",
                  f"{p_en} Save the game: find the move that does not lose.")
        # The hints say what is true of every such ending (the game is lost when the side
        # has no piece or no move left, IT-E1), not an idea that fits some of them only.
        hints = ([f"{theirs_it}. Pensa a ogni tua mossa: dopo quale l'avversario non riesce "
                  "più a prenderti tutto o a chiuderti?", first_it],
                 [f"{theirs_en}. Think of each of your moves: after which one can the "
                  "opponent no longer take everything or shut you in?", first_en])
        # What the other moves would have come to is said as could.
        explanation = (f"Con {texts[0]}{either_it} {side[0]} tiene la patta fino alla fine "
                       f"della partita. Con le altre mosse perderebbe: {other[0]} potrebbe "
                       "vincere.",
                       f"With {texts[0]}{either_en} {side[1]} holds the draw to the end of "
                       f"the game. With the other moves it would lose: {other[1]} could win.")
    else:
        # What the other moves come to, by the tables: a draw, or even a loss.
        others = {outcome(board, m) for m in board.legal_moves if m not in holding}
        slips_it, slips_en = {
            frozenset({"draw"}): ("la vittoria sfumerebbe: sarebbe patta",
                                  "the win would slip away: it would be a draw"),
            frozenset({"loss"}): ("perderebbe", "it would lose"),
        }.get(frozenset(others), ("la vittoria sfumerebbe: sarebbe patta, o persa",
                                  "the win would slip away: a draw, or a loss"))
        prompt = (f"{p_it} Qui {side[0]} vince: trova la mossa che tiene la vittoria.",
                  f"{p_en} Here {side[1]} wins: find the move that keeps the win.")
        hints = ([f"{mine_it}. Pensa a ogni risposta dell'avversario: dopo la mossa giusta, "
                  "nessuna lo salva.", first_it],
                 [f"{mine_en}. Think of each answer of the opponent: after the right move, none "
                  "saves it.", first_en])
        explanation = (f"Con {texts[0]}{either_it} {side[0]} vince, qualunque difesa scelga "
                       f"{other[0]}. Con le altre mosse {slips_it}.",
                       f"With {texts[0]}{either_en} {side[1]} wins, whatever defence "
                       f"{other[1]} chooses. With the other moves {slips_en}.")
    return puzzle(level, "move", board, prompt, ["IT-E1", "IT-M2"], solutions=texts,
                  goal="hold", unique=len(texts) == 1, hints=hints, explanation=explanation)


def build_basic_endings(ctx: Context) -> list[dict]:
    """The plan's puzzles, each position once."""
    out: list[dict] = []
    for white, black, family, level, want in PLAN:
        free = [(b, h) for b, h in candidates(white, black, family)
                if ctx.free("italian", b.fen())]
        chosen = spread(free, want)
        if len(chosen) < want:
            raise RuntimeError(f"only {len(chosen)} of {want} {white} v {black} {family} "
                               "endings")
        for board, holding in chosen:
            ctx.take("italian", board.fen())
            out.append(ending_puzzle(board, holding, family, level))
    return out
