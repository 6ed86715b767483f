"""Game review: the mistakes one side made in a game, found by the engine.

>>> from damalib.review import review
>>> game = ["22-18", "11-15", "24-20", "15x24", "18-14", "10x19", "23x14"]
>>> found = review(game, "W")      # 2. 24-20? leaves the man on 20 to be taken: 15x24
>>> [(m.ply, m.kind, str(m.played), m.cost) for m in found.mistakes]
[(3, 'lost_piece', '24-20', 1)]
>>> [str(m) for m in found.mistakes[0].refutation][:1]
['15x24']

Every position where ``side`` had to choose (two legal moves or more) is searched with every
first move scored (:meth:`damalib.engine.Engine.search` with ``all_scores``) at a fixed
depth and node budget, never a clock: the same game always gives the same review, in
CPython as in the browser. A move is a *mistake* only when both

* its score is at least :data:`MARGIN` below the best move's (a man is 100), and
* the material at the end of the lines (the best move's, and the played move's with the
  opponent's best answer, each played on until no capture is pending: IT-C1, captures are
  compulsory) differs by at least one man (a king counts :data:`KING_VALUE`).

The kinds:

``"worse_capture"``
    The move was a capture, and another capture could be chosen: the precedence rules
    (IT-P1-P4) left more than one, so the choice was free (IT-P5). The one chosen loses
    material, usually to a recapture.
``"missed_shot"``
    Another move won material (or a king) by force: a shot ("il tiro") was there.
``"lost_piece"``
    Nothing was to be won, but the move played lets the opponent win material by force.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .board import BLACK, WHITE, Board, Move
from .engine import MATE_BOUND, Engine, evaluate

__all__ = ["KINDS", "DEPTH", "MAX_NODES", "CONFIRM", "CONFIRM_NODES", "MARGIN", "ACCEPT",
           "KING_VALUE", "SHOWN", "Mistake", "Review", "review", "refutation", "material"]

KINDS = ("missed_shot", "lost_piece", "worse_capture")
#: Plies of full-width search from each position (captures pending at the horizon are
#: searched on: quiescence), and the most nodes one position may use; the last depth
#: completed within the budget decides. Deterministic: no clock.
DEPTH = 4
MAX_NODES = 30_000
#: Every ply counted (the engine's ``extensions`` off): the review's depths, margins and
#: lines were set for that search, and a line shown to a child stays a few moves long.
_SEARCH = {"endgame": False, "extensions": False}
#: The deeper look that confirms a mistake found at :data:`DEPTH`: the best move and the
#: move played, each searched this many plies deep (the move included), within this budget.
CONFIRM = 6
CONFIRM_NODES = 30_000
#: A mistake's score is at least this far below the best move's (centipawns: a man is 100).
#: Three quarters of a man: more than the positional terms of the evaluation (advancement,
#: centre, back row) usually tell two moves of one position apart, less than a man lost.
MARGIN = 75
#: The moves accepted as "the better move": those at most this far below the best one
#: (less than half a man: they keep the material the best move keeps).
ACCEPT = 40
#: What a king is worth in the material count of a review, in men (the engine counts
#: 2.75 for the short kings of Dama Italiana).
KING_VALUE = 3
#: How many mistakes a child is shown at most (the costliest; see :meth:`Review.shown`).
SHOWN = 5
#: The most plies a line is followed while captures are pending at its end.
_SETTLE_PLIES = 12


def material(board: Board, side: str) -> int:
    """``side``'s material minus the opponent's, in men (a king is :data:`KING_VALUE`).

    In a finished game the loser's pieces count for nothing (IT-E1: a blocked side loses
    as surely as one with no piece left)."""
    total = 0
    for piece in board.pieces().values():
        value = KING_VALUE if piece.king else 1
        total += value if piece.colour == side else -value
    outcome = board.outcome()
    if outcome is not None and outcome.winner is not None:
        loser = BLACK if outcome.winner == WHITE else WHITE
        left = sum(KING_VALUE if p.king else 1 for p in board.pieces().values()
                   if p.colour == loser)
        total += left if outcome.winner == side else -left
    return total


@dataclass(frozen=True)
class Mistake:
    """One mistake of a game.

    ``ply``: which move of the game it was (1 = the game's first move, both sides
    counted); ``move_number`` as PDN numbers moves; ``fen``: the position before it;
    ``played``: the move played; ``better``: every move as good as the best (within
    :data:`ACCEPT`), the best first; ``good``: moves clearly better than the one played
    (by :data:`MARGIN`) but not as good as the best; ``kind``: one of :data:`KINDS`;
    ``cost``: the material it cost, in men (a king is :data:`KING_VALUE`); ``loss``: how
    far its score is below the best move's; ``refutation``: the opponent's best answer to
    the move played and what follows, until no capture is pending; ``best_line``: the best
    move and what follows; ``followed``: what the game went on with after the move played
    (at most as many plies as the refutation)."""

    ply: int
    move_number: int
    side: str
    fen: str
    played: Move
    better: tuple[Move, ...]
    good: tuple[Move, ...]
    kind: str
    cost: int
    loss: int
    refutation: tuple[Move, ...]
    best_line: tuple[Move, ...]
    followed: tuple[Move, ...] = ()
    variant: str = "italian"

    @property
    def best(self) -> Move:
        """The best move."""
        return self.better[0]

    def board(self) -> Board:
        """A fresh board on the position before the mistake."""
        return Board(self.fen, self.variant)

    def __str__(self) -> str:
        dots = "." if self.side == WHITE else "..."
        return (f"{self.move_number}{dots} {self.played}? ({self.kind}, -{self.cost}) "
                f"better {self.best}; refutation {' '.join(map(str, self.refutation))}")


@dataclass(frozen=True)
class Review:
    """The review of one side's moves: every mistake found, in game order."""

    side: str
    start_fen: str
    moves: tuple[Move, ...]
    mistakes: tuple[Mistake, ...]
    #: Positions searched (those where ``side`` had a choice) and the nodes spent scoring
    #: their moves.
    positions: int
    nodes: int
    variant: str = "italian"

    def shown(self, limit: int = SHOWN) -> tuple[Mistake, ...]:
        """The ``limit`` costliest mistakes, in game order: the worst are the ones worth a
        child's time, and in game order they tell the story of the game as it went."""
        worst = sorted(self.mistakes, key=lambda m: (-m.cost, -m.loss, m.ply))[:limit]
        return tuple(sorted(worst, key=lambda m: m.ply))


def _game(game: Board | Sequence[Move | str], start: str | None,
          variant: str) -> tuple[Board, list[Move]]:
    """The starting position (no moves played) and the game's moves, each checked legal."""
    if isinstance(game, Board):
        if start is not None:
            raise ValueError("a Board carries its own start position: leave start out")
        board = game.copy()
        while board.move_stack:
            board.pop()
        return Board(board.fen(), board.variant), list(game.move_stack)
    if isinstance(game, str):
        raise TypeError("moves must be a list of moves, not one string: split it first")
    board = Board(start, variant)
    root = board.fen()
    for move in game:
        board.push(move)  # NotationError, IllegalMoveError for a move that cannot be played
    return Board(root, board.variant), list(board.move_stack)


def _settled(board: Board, line: Iterable[Move]) -> tuple[Board, tuple[Move, ...]]:
    """``line`` played on a copy of ``board``, then, while captures are pending, the
    engine's choice of capture (IT-C1): the position where the material is counted."""
    after = board.copy()
    played = []
    for move in line:
        if not after.is_legal(move):
            break
        after.push(move)
        played.append(move)
    engine = None
    for _ in range(_SETTLE_PLIES):
        if after.outcome() is not None or not after.must_capture():
            break
        legal = after.legal_moves
        if len(legal) == 1:
            move = legal[0]
        else:
            engine = engine or Engine(after.variant)
            move = engine.search(after, max_depth=2, **_SEARCH).move
        after.push(move)
        played.append(move)
    return after, tuple(played)


def _look(engine: Engine, board: Board, move: Move,
          depth: int = CONFIRM) -> tuple[int, tuple[Move, ...]]:
    """The score of ``move`` for the side playing it, searched afresh ``depth`` plies deep
    (the move included), and the best line after it (the opponent's answer first)."""
    after = board.copy()
    after.push(move)
    if after.outcome() is not None:
        return _clamp(-evaluate(after)), ()
    result = engine.search(after, max_depth=depth - 1, max_nodes=CONFIRM_NODES, **_SEARCH)
    return _clamp(-result.score), tuple(result.pv)


def refutation(board: Board, move: Move) -> tuple[Move, ...]:
    """The opponent's best answer to ``move`` in ``board`` and what follows, until no
    capture is pending (searched :data:`DEPTH` plies deep, the move included): what a
    move refused in a review's puzzle lets happen."""
    _, line = _look(Engine(board.variant), board, move, DEPTH)
    return _settled(board, (move, *line))[1][1:]


def _judge(board: Board, played: Move, ply: int, rest: Sequence[Move],
           engine: Engine) -> tuple[Mistake | None, int]:
    """The mistake ``played`` was in ``board``, or None; and the nodes spent. ``rest``: the
    moves the game went on with."""
    result = engine.search(board, max_depth=DEPTH, max_nodes=MAX_NODES, quiescence=True,
                           all_scores=True, **_SEARCH)
    nodes = result.nodes
    scores = {move: _clamp(score) for move, score in result.scores.items()}
    best_score = max(scores.values())
    played_score = scores[played]
    if best_score - played_score < MARGIN:
        return None, nodes
    side = board.turn
    order = {move: i for i, move in enumerate(board.legal_moves)}
    ranked = sorted(scores, key=lambda m: (-scores[m], order[m]))
    better = tuple(m for m in ranked if scores[m] >= best_score - ACCEPT)
    good = tuple(m for m in ranked if m not in better and scores[m] >= played_score + MARGIN)
    best = better[0]
    # A second, deeper look at the two moves: a loss the horizon made up is not shown.
    deep_best, best_tail = _look(engine, board, best)
    nodes += engine.nodes
    deep_played, refutation = _look(engine, board, played)
    nodes += engine.nodes
    if deep_best - deep_played < MARGIN:
        return None, nodes
    best_end, best_line = _settled(board, (best, *best_tail))
    played_end, played_line = _settled(board, (played, *refutation))
    cost = material(best_end, side) - material(played_end, side)
    if cost < 1:
        return None, nodes  # the score saw a difference, the material does not: not shown
    if played.is_capture:
        kind = "worse_capture"
    elif material(best_end, side) > material(board, side):
        kind = "missed_shot"
    else:
        kind = "lost_piece"
    mistake = Mistake(
        ply=ply, move_number=board.move_number, side=side, fen=board.fen(), played=played,
        better=better, good=good, kind=kind, cost=cost, loss=deep_best - deep_played,
        refutation=played_line[1:], best_line=best_line,
        followed=tuple(rest[:len(played_line) - 1]),
        variant=board.variant.name)
    return mistake, nodes


def _clamp(score: int) -> int:
    """A won or lost game scores as far beyond any material as it needs, and no further:
    a faster win is not a mistake of the slower one."""
    if score > MATE_BOUND:
        return MATE_BOUND
    if score < -MATE_BOUND:
        return -MATE_BOUND
    return score


def review(game: Board | Sequence[Move | str], side: str, *, start: str | None = None,
           variant: str = "italian") -> Review:
    """The mistakes ``side`` ("W" or "B") made in ``game``: a Board (its moves from the
    position it started from) or the moves (Moves or texts such as ``"22-18"``) played
    from ``start`` (a FEN; None: the start position of ``variant``). The game may be
    unfinished. Raises ValueError for a side that is not "W" or "B", and NotationError or
    IllegalMoveError for a move that cannot be read or played."""
    if side not in (WHITE, BLACK):
        raise ValueError(f"side must be 'W' or 'B', not {side!r}")
    board, moves = _game(game, start, variant)
    start_fen = board.fen()
    mistakes = []
    positions = nodes = 0
    for ply, move in enumerate(moves, 1):
        if board.turn == side and len(board.legal_moves) > 1:
            positions += 1
            mistake, spent = _judge(board, move, ply, moves[ply:], Engine(board.variant))
            nodes += spent
            if mistake is not None:
                mistakes.append(mistake)
        board.push(move)
    return Review(side=side, start_fen=start_fen, moves=tuple(moves),
                  mistakes=tuple(mistakes), positions=positions, nodes=nodes,
                  variant=board.variant.name)
