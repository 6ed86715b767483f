"""The board's modes, each a small part with the same hooks: two players, the computer, a
puzzle, and setting up a position. The controller asks its mode whether the child may move
now, what to do with a move the child made, how many plies "Undo" takes back, and what
happens after a move; setting up a position also takes the clicks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from damalib.board import BLACK, WHITE, Board, Move, Piece
from damalib.errors import DamaError
from dama.core.board.messages import Concealed, Msg, Seq
from dama.core.board.reply import read_reply

if TYPE_CHECKING:
    from dama.core.board.controller import BoardController

MODES = ("two_players", "computer", "puzzle", "setup", "squares", "look")
ALIASES = {"two players": "two_players", "two-players": "two_players",
           "due giocatori": "two_players", "computer": "computer", "puzzle": "puzzle",
           "esercizio": "puzzle", "setup": "setup", "prepara": "setup", "squares": "squares",
           "caselle": "squares", "look": "look", "guarda": "look"}


def other(side: str) -> str:
    return BLACK if side == WHITE else WHITE


class Mode:
    """Two players at one board: the base every mode builds on."""

    name = "two_players"
    #: Whether refusals may name the required piece or capture (not in an exercise).
    reveal = True
    #: Whether the board's pieces, moves and highlights are shown (not while setting up).
    plays = True

    def __init__(self, controller: BoardController) -> None:
        self.c = controller

    def enter(self) -> Any:
        """The status line on entering the mode."""
        return Seq(Msg("two_players_mode"), Msg("to_move", turn=self.c.board.turn))

    def leave(self) -> bool:
        """Called before another mode starts; False keeps this one."""
        return True

    def refusal(self) -> Any:
        """Why the child may not move now, or None."""
        if self.c.board.outcome() is not None:
            return Msg("game_over")
        if self.c.thinking:
            return Msg("puzzle_wait")
        return None

    def explain(self, explanation: Any) -> Any:
        """A refusal as this mode shows it."""
        return explanation if self.reveal else Concealed(explanation)

    def attempt(self, move: Move) -> Move | None:
        """A move the child made (clicks or the text box)."""
        return self.c._apply(move)

    def opponent(self) -> str | None:
        """The side the child does not play, when there is one ("Undo" takes its reply too)."""
        return None

    def after_move(self) -> None:
        """After any move: let the computer answer, for instance."""

    def status_after(self, mover: str, text: str) -> tuple[Any, Any]:
        """What the status line says after ``mover`` played ``text``: the move, and what
        comes next (None when the game is over)."""
        board = self.c.board
        tail = None if board.outcome() is not None else Msg("to_move", turn=board.turn)
        return Msg("moved", who=mover, move=text), tail


class TwoPlayers(Mode):
    pass


class Computer(Mode):
    """The child against the computer (``controller.computer_side``, ``controller.chooser``)."""

    name = "computer"

    def enter(self) -> Any:
        self.c.flipped = self.c.computer_side == WHITE  # the child's pieces at the bottom
        return Msg("computer_mode", side=other(self.c.computer_side))

    def refusal(self) -> Any:
        board = self.c.board
        if board.outcome() is not None:
            return Msg("game_over")
        if self.c.thinking:
            return Msg("computer_thinking")
        if board.turn == self.c.computer_side:
            return Msg("wait_computer")
        return None

    def opponent(self) -> str | None:
        return self.c.computer_side

    def after_move(self) -> None:
        self.c._maybe_computer_move()

    def status_after(self, mover: str, text: str) -> tuple[Any, Any]:
        board = self.c.board
        head = (Msg("computer_moved", move=text) if mover == self.c.computer_side
                else Msg("moved", who=mover, move=text))
        if board.outcome() is not None:
            return head, None
        return head, (Msg("computer_thinking") if board.turn == self.c.computer_side
                      else Msg("your_turn", turn=board.turn))


class Puzzle(Mode):
    """An exercise: the child moves ``controller.locked_side``; each move goes to the
    checker (``controller.on_attempt``) before it is kept; refusals never give the answer."""

    name = "puzzle"
    reveal = False

    def __init__(self, controller: BoardController) -> None:
        super().__init__(controller)
        self.over = False

    def enter(self) -> Any:
        return Msg("puzzle_mode", side=self.c.locked_side)

    def refusal(self) -> Any:
        c = self.c
        if self.over:
            return Msg("puzzle_over")
        if c.board.outcome() is not None:
            return Msg("game_over")
        if c.thinking:
            return Msg("puzzle_wait")
        if c.locked_side and c.board.turn != c.locked_side:
            return Msg("puzzle_locked", side=c.locked_side)
        return None

    def opponent(self) -> str | None:
        return other(self.c.locked_side) if self.c.locked_side else None

    def status_after(self, mover: str, text: str) -> tuple[Any, Any]:
        played, next_up = super().status_after(mover, text)
        return played, None if self.over else next_up

    def attempt(self, move: Move) -> Move | None:
        c = self.c
        if c._attempt is None:
            return c._apply(move)
        answer = read_reply(c._attempt(move))
        if not answer.accept:
            c._say(answer.feedback if answer.feedback is not None else Msg("puzzle_wrong"))
            return None
        # Solved: the praise and the explanation go in the banner, said once there, and the
        # status line says no more whose turn it is (the exercise is over).
        self.over = answer.solved
        played = c._apply(move, extra=None if answer.solved else answer.feedback,
                          notify_change=False)
        if answer.solved:
            c._banner = answer.feedback if answer.feedback is not None else Msg("puzzle_solved")
        reply = answer.reply
        if reply is not None and not answer.solved:
            c._schedule(lambda: c.play(reply))
        c._changed()
        return played


class Setup(Mode):
    """Setting up a position (teachers): a click cycles a square through empty, white man,
    white king, black man, black king."""

    name = "setup"
    plays = False
    CYCLE = (None, Piece(WHITE, False), Piece(WHITE, True), Piece(BLACK, False),
             Piece(BLACK, True))
    CYCLE_NAMES = ("setup_empty", "setup_wm", "setup_wk", "setup_bm", "setup_bk")

    #: The brush that cycles: each click on a square puts the next piece of CYCLE.
    CYCLING = "cycle"

    def __init__(self, controller: BoardController) -> None:
        super().__init__(controller)
        self.pieces: dict[int, Piece] = controller.board.pieces()
        self.turn = controller.board.turn
        #: What a click puts: CYCLING, or one piece (a click on that piece empties the
        #: square), or None (a click empties the square).
        self.brush: Piece | None | str = self.CYCLING

    def enter(self) -> Any:
        return Msg("setup_mode")

    def leave(self) -> bool:
        fen = self.fen()
        try:
            Board(fen, self.c.board.variant)
        except DamaError as error:
            self.c._say(Msg("bad_fen", fen=fen, error=error))
            return False
        self.c.board.set_fen(fen)
        self.c._start_fen = self.c.board.fen()
        return True

    def refusal(self) -> Any:
        return None

    def promotion_row(self, colour: str) -> range:
        geo = self.c.board.variant.geometry
        if colour == WHITE:
            return range(1, geo.half + 1)
        return range(geo.squares - geo.half + 1, geo.squares + 1)

    def no_man_here(self, square: int, colour: str) -> Msg:
        return Msg("setup_no_man", square=square, colour=Msg(f"{colour}_adj_man"),
                   rule=self.c.board.variant.rules["promotion"])

    def click(self, square: int) -> None:
        if self.brush != self.CYCLING:
            # One piece chosen, then a click per square: four clicks fewer for a black king.
            piece = None if self.pieces.get(square) == self.brush else self.brush
            if self.put(square, piece):
                self.c._say(Msg("setup_square", square=square,
                                what=Msg(self.CYCLE_NAMES[self.CYCLE.index(piece)])))
            return
        index = self.CYCLE.index(self.pieces.get(square))
        skipped: list[Piece] = []
        while True:
            index = (index + 1) % len(self.CYCLE)
            piece = self.CYCLE[index]
            if piece is not None and not piece.king and square in self.promotion_row(
                    piece.colour):
                skipped.append(piece)  # a man on its promotion row would be a king (IT-C7)
                continue
            break
        if piece is None:
            self.pieces.pop(square, None)
        else:
            self.pieces[square] = piece
        parts: list[Any] = [self.no_man_here(square, man.colour) for man in skipped]
        parts.append(Msg("setup_square", square=square, what=Msg(self.CYCLE_NAMES[index])))
        self.c._say(Seq(*parts))

    def put(self, square: int, piece: Piece | None) -> bool:
        if piece is not None and not piece.king and square in self.promotion_row(piece.colour):
            self.c._say(self.no_man_here(square, piece.colour))
            return False
        if piece is None:
            self.pieces.pop(square, None)
        else:
            self.pieces[square] = Piece(*piece)
        self.c._changed()
        return True

    def fen(self) -> str:
        sides = []
        for colour in (WHITE, BLACK):
            items = sorted((s, p) for s, p in self.pieces.items() if p.colour == colour)
            sides.append(colour + ",".join(("K" if p.king else "") + str(s) for s, p in items))
        fen = f"{self.turn}:{sides[0]}:{sides[1]}"
        try:
            return Board(fen, self.c.board.variant).fen()  # canonical: ranges such as 21-32
        except DamaError:
            return fen


class Squares(Mode):
    """An empty board whose clicks name squares, for the square-number trainer: each click
    on a dark square goes to ``controller.on_square``, and the squares of
    ``controller.marked`` are shown selected. No piece moves."""

    name = "squares"
    plays = False

    def enter(self) -> Any:
        return Msg("squares_mode")

    def refusal(self) -> Any:
        return None

    def click(self, square: int) -> None:
        if self.c.on_square is not None:
            self.c.on_square(square)


class Look(Mode):
    """A position to look at, for a question answered below the board (how many, which
    one): no piece moves, and the board's buttons step aside."""

    name = "look"
    reveal = False

    def enter(self) -> Any:
        return Msg("look_mode")

    def refusal(self) -> Any:
        return Msg("look_mode")

    def attempt(self, move: Move) -> Move | None:
        self.c._say(Msg("look_mode"))
        return None


KINDS: dict[str, type[Mode]] = {"two_players": TwoPlayers, "computer": Computer,
                                "puzzle": Puzzle, "setup": Setup, "squares": Squares,
                                "look": Look}


__all__ = ["ALIASES", "KINDS", "MODES", "Mode"]
