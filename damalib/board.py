"""Board: a Position with its game, the moves that led to it, the counts and the outcome.

The Board is the public face of the rules core; the Position under it (:mod:`damalib.position`)
holds the pieces and the legal moves, and is what the engine, the solver, the endgame tables,
the explanations and the diagrams read.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import CountError, IllegalMoveError, NotationError
from .explain import Explanation, explain as explain_move
from .i18n import N_, ColourWord
from .movegen import Record
from .position import (BLACK, WHITE, Key, Move, Outcome, Piece, Position, Snapshot,
                       Termination)

__all__ = ["BLACK", "WHITE", "Board", "Move", "Outcome", "Piece", "Termination"]


class _Counters(NamedTuple):
    """Everything besides the pieces that a move changes and ``pop`` restores."""

    claimant: str | None   # who called the 40-move count (IT-D2)
    count: int             # the claimant's counted moves
    king_plies: int        # successive plies of king moves without capture (INT-D3, BR-D1)
    endgame: int           # move limit of the current INT-D4 material, 0 when none
    endgame_plies: int     # plies played under that limit
    reversible_from: int   # index in the position history after the last man move or capture
    declared: Outcome | None = None  # a draw agreed or a resignation


_START_COUNTERS = _Counters(None, 0, 0, 0, 0, 0)


class Board(Position):
    """A position of one variant plus the moves that led to it.

    >>> board = Board()
    >>> board.push(board.parse_move("22-19"))
    >>> board.fen()
    'B:W19,21,23-32:B1-12'
    """

    # -- position -------------------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        """Set up a position; the move history and the counts start afresh."""
        super().set_fen(fen)
        self.move_stack: list[Move] = []
        self._undo: list[tuple[Snapshot, _Counters]] = []
        self._history: list[Key] = [self.key()]
        self._counters = _START_COUNTERS._replace(endgame=self._endgame_limit())

    @property
    def move_number(self) -> int:
        """The number of the current move as PDN counts them: 1 at the start of the game,
        one more after each Black move."""
        first_white = self._history[0][4]
        return (len(self.move_stack) + (0 if first_white else 1)) // 2 + 1

    def copy(self) -> Board:
        """An independent copy, history and counts included."""
        other = super().copy()
        other.move_stack = list(self.move_stack)
        other._undo = list(self._undo)
        other._history = list(self._history)
        return other

    # -- moves ----------------------------------------------------------------------------

    def move_text(self, move: Move) -> str:
        """The notation of a legal ``move`` in this position: the full path only when another
        legal move shares its start and end (IT-N)."""
        entry = self.legal_map().get(move)
        if entry is None:
            raise self.illegal_move_error(move)
        return str(entry[0])

    def parse_move(self, text: str) -> Move:
        """The legal move written as ``text`` (``22-19``, ``27x18`` or ``27x18x9x2``).

        Raises NotationError for text that is not a move, IllegalMoveError (with ``.rule``)
        for a well-formed move the rules forbid.
        """
        squares = self.parse_squares(text)
        matches = self.matching(squares)
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            options = ", ".join("x".join(map(str, m.path)) for m in matches)
            raise NotationError(N_("{text} fits more than one move: write every landing square "
                                   "({options})"), text=repr(text.strip()), options=options)
        raise self.illegal_move_error(squares)

    def illegal_move_error(self, move: Move | tuple[int, ...]) -> IllegalMoveError:
        """The IllegalMoveError for ``move`` (a Move or its squares), its explanation and
        rule attached."""
        explanation = self.explain(move)
        return IllegalMoveError(explanation.text("en"), explanation.rule or "", explanation)

    def explain(self, move: Move | str | tuple[int, ...]) -> Explanation:
        """Why a move is legal or not, citing the rule (see ``Explanation.text``)."""
        return explain_move(self, move)

    def push(self, move: Move | str) -> None:
        """Play a legal move (a Move or its text); raises IllegalMoveError otherwise."""
        if isinstance(move, str):
            move = self.parse_move(move)
        entry = self.legal_map().get(move)
        if entry is None:
            raise self.illegal_move_error(move)
        self._push_record(*entry)  # the board's own Move, with its notation flag

    def push_squares(self, squares: tuple[int, ...]) -> Move | None:
        """Play the one legal move ``squares`` names (as ``parse_squares`` reads them),
        found among the generator's records without making the whole list of moves (a game
        file's moves, read by the thousand); None, and nothing played, unless exactly one
        record fits (``matching`` then tells the routes apart)."""
        bit = self.geometry.bit_of
        first, last = bit[squares[0]], bit[squares[-1]]
        inner = [bit[s] for s in squares[1:-1]]
        found = None
        same_ends = 0
        for record in self.movegen.legal(*self.relative()):
            path = record[0]
            if path[0] != first or path[-1] != last:
                continue
            same_ends += 1
            steps = iter(path[1:-1])
            if all(b in steps for b in inner):
                if found is not None:
                    return None
                found = record
        if found is None:
            return None
        move = self.move_of(found, same_ends > 1 and bool(found[1]))
        self._push_record(move, found)
        return move

    def _push_record(self, move: Move, record: Record) -> None:
        history = self._history
        before = self._counters
        white = history[-1][4]  # the side that moves
        self._undo.append((self.play(record), before))
        self.move_stack.append(move)
        history.append(self.key())
        irreversible = bool(record[1]) or not record[2]
        king_plies = 0 if irreversible else before.king_plies + 1
        reversible_from = len(history) - 1 if irreversible else before.reversible_from
        if before.claimant is None and not before.endgame and not self.variant.endgame_limits:
            self._counters = _Counters(None, 0, king_plies, 0, 0, reversible_from)
            return
        count = before.count
        if before.claimant is not None:
            if irreversible:
                count = 0  # IT-D2: a man move or a capture restarts the count
            elif (WHITE if white else BLACK) == before.claimant:
                count += 1
        limit = self._endgame_limit()
        plies = before.endgame_plies + 1 if limit and limit == before.endgame else 0
        self._counters = _Counters(before.claimant, count, king_plies, limit, plies,
                                   reversible_from)

    def pop(self) -> Move:
        """Take back the last move and return it."""
        if not self.move_stack:
            raise IndexError("no move to take back")
        snapshot, self._counters = self._undo.pop()
        self.restore(snapshot)
        self._history.pop()
        return self.move_stack.pop()

    def peek(self) -> Move:
        """The last move played."""
        return self.move_stack[-1]

    # -- end of game ----------------------------------------------------------------------

    def call_count(self) -> None:
        """The player to move calls the 40-move count ("chiamare le mosse", IT-D2)."""
        if not self.variant.forty_move_count:
            raise CountError(N_("the 40-move count is a rule of Dama Italiana, not of {variant} "
                                "draughts"), variant=self.variant.name)
        if self._counters.claimant is not None:
            raise CountError(N_("the count is already running, called by {side}"),
                             side=ColourWord(self._counters.claimant, "subject"))
        if self.outcome() is not None:
            raise CountError(N_("the game is over"))
        self._counters = self._counters._replace(claimant=self.turn, count=0)

    @property
    def count(self) -> int | None:
        """The claimant's counted moves under the 40-move count, None when not called."""
        return None if self._counters.claimant is None else self._counters.count

    @property
    def count_claimant(self) -> str | None:
        """Who called the 40-move count ("W" or "B"), or None."""
        return self._counters.claimant

    @property
    def king_move_plies(self) -> int:
        """Successive plies of king moves without capture or man move (INT-D3, BR-D1)."""
        return self._counters.king_plies

    @property
    def endgame_plies(self) -> tuple[int, int] | None:
        """Plies played and plies allowed under the endgame limit (INT-D4), or None."""
        c = self._counters
        return (c.endgame_plies, 2 * c.endgame) if c.endgame else None

    def earlier_keys(self) -> list[Key]:
        """The keys of the game's positions before this one since the last man move or
        capture (the earlier ones cannot come back), oldest first."""
        return self._history[self._counters.reversible_from:-1]

    def repetitions(self) -> int:
        """How many times the current position (pieces and side to move) has occurred."""
        key = self._history[-1]
        return self._history[self._counters.reversible_from:].count(key)

    def can_claim_draw(self) -> bool:
        """A third repetition that the player may claim as a draw (IT-D3)."""
        return self.variant.repetition_claimable and self.repetitions() >= 3

    def _endgame_limit(self) -> int:
        """Moves each allowed in the current material under INT-D4, 0 when none applies."""
        if not self.variant.endgame_limits:
            return 0
        wm, wk, bm, bk, _ = self.key()
        sides = ((wm.bit_count(), wk.bit_count()), (bm.bit_count(), bk.bit_count()))
        for lone, other in (sides, sides[::-1]):
            if lone == (0, 1):
                if other in ((0, 3), (1, 2), (2, 1)):
                    return 16
                if other in ((0, 2), (1, 1), (0, 1)):
                    return 5
        return 0

    def agree_draw(self) -> None:
        """The players agree a draw (IT-D1, INT-D1); ``pop`` takes it back with the last move."""
        self._declare(Outcome(Termination.AGREEMENT, None, self.variant.rules["agreement"]))

    def resign(self) -> None:
        """The player to move resigns and loses (IT-E1, INT-E1)."""
        self._declare(Outcome(Termination.RESIGNATION, BLACK if self.turn == WHITE else WHITE,
                              self.variant.rules["win"]))

    def _declare(self, outcome: Outcome) -> None:
        if self.outcome() is not None:
            raise CountError(N_("the game is already over"))
        self._counters = self._counters._replace(declared=outcome)

    def outcome(self, claim_draw: bool = False) -> Outcome | None:
        """How the game ended, or None while it goes on. With ``claim_draw`` a claimable
        repetition (IT-D3) counts as a draw."""
        if self._counters.declared is not None:
            return self._counters.declared
        ended = super().outcome()  # no piece or no legal move
        if ended is not None:
            return ended
        rules = self.variant.rules
        c = self._counters
        if c.claimant is not None and c.count >= 40:
            return Outcome(Termination.FORTY_MOVE_COUNT, None, rules["count"])
        if self.repetitions() >= 3 and (claim_draw or not self.variant.repetition_claimable):
            return Outcome(Termination.REPETITION, None, rules["repetition"])
        limit = self.variant.king_move_limit
        if limit and c.king_plies >= limit:
            return Outcome(Termination.KING_MOVES, None, rules["king_moves"])
        if c.endgame and c.endgame_plies >= 2 * c.endgame:
            return Outcome(Termination.ENDGAME_LIMIT, None, rules["endgame"])
        return None

    def is_game_over(self, claim_draw: bool = False) -> bool:
        return self.outcome(claim_draw) is not None

    # -- text -----------------------------------------------------------------------------

    def notation(self) -> str:
        """The moves played, numbered as in PDN: ``1. 22-19 10-14 2. ...``."""
        # Each move on the stack is written as its position needed (Move.ambiguous), so the
        # game need not be replayed; pdn.movetext numbers a line the same way, and adds the
        # comments and variations a game file has.
        words: list[str] = []
        white = self._history[0][4]
        number = 1
        for i, move in enumerate(self.move_stack):
            if white:
                words.append(f"{number}.")
            elif i == 0:
                words.append(f"{number}...")
            words.append(self.variant.pdn_move_text(str(move)))
            if not white:
                number += 1
            white = not white
        return " ".join(words)

    def _repr_svg_(self) -> str:
        """Jupyter shows a board as a diagram, the last move marked."""
        # Imported here, as python-chess does: only a notebook showing a board loads svg.
        # svg reads a Position and imports nothing above it, so this goes one way.
        from .svg import board as diagram
        return diagram(self, last_move=self.move_stack[-1] if self.move_stack else None)
