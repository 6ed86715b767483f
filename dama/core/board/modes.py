"""The board's modes, each a small part with the same hooks: two players, the computer, a
puzzle, and setting up a position. The controller asks its mode whether the child may move
now, what to do with a move the child made, how many plies "Undo" takes back, and what
happens after a move; setting up a position also takes the clicks.

A mode reaches the board only through :class:`ModeHost`, the public part of
:class:`~dama.core.board.controller.BoardController` it needs: the controller imports the
modes, never the other way round.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from damalib.board import BLACK, WHITE, Board, Move, Piece
from damalib.errors import DamaError
from dama.core.board.messages import Concealed, Msg, PlayedMove, Seq
from dama.core.board.reply import MoveReply


class ModeHost(Protocol):
    """What a mode may read and do on the board that holds it (a BoardController)."""

    #: The game on the board.
    board: Board
    #: Black at the bottom of the screen.
    flipped: bool
    #: The side the computer plays, in computer mode.
    computer_side: str
    #: The side the child moves in an exercise (None: either).
    locked_side: str | None
    #: The square-number trainer's click handler.
    on_square: Callable[[int], Any] | None
    #: The position "Restart" goes back to (a FEN).
    start_fen: str

    @property
    def thinking(self) -> bool:
        """True while a computer move or a puzzle reply waits for its pause."""

    def say(self, message: Any) -> None:
        """Put ``message`` on the status line, and redraw."""

    def set_banner(self, message: Any) -> None:
        """Put ``message`` in the banner, without redrawing yet."""

    def changed(self) -> None:
        """Tell the listeners the board changed (a view redraws)."""

    def apply(self, move: Move, extra: Any = None, notify: bool = True) -> Move:
        """Play a legal move, say so (``extra`` after it), and let the computer answer."""

    def play(self, move: Move | str, *, user: bool = False) -> Move | None:
        """Play a move given as text or a Move, as a lesson would."""

    def judge(self, move: Move) -> MoveReply | None:
        """What the puzzle checker answers to ``move``; None when there is no checker."""

    def schedule(self, action: Callable[[], Any]) -> None:
        """Run ``action`` after the pause, unless the game moves on meanwhile."""

    def computer_move(self) -> None:
        """Let the computer move after the pause, when it is its turn."""


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

    def __init__(self, host: ModeHost) -> None:
        self.host = host

    def enter(self) -> Any:
        """The status line on entering the mode."""
        return Seq(Msg("two_players_mode"), Msg("to_move", turn=self.host.board.turn))

    def leave(self) -> bool:
        """Called before another mode starts; False keeps this one."""
        return True

    def refusal(self) -> Any:
        """Why the child may not move now, or None."""
        if self.host.board.outcome() is not None:
            return Msg("game_over")
        if self.host.thinking:
            return Msg("puzzle_wait")
        return None

    def explain(self, explanation: Any) -> Any:
        """A refusal as this mode shows it."""
        return explanation if self.reveal else Concealed(explanation)

    def attempt(self, move: Move) -> Move | None:
        """A move the child made (clicks or the text box)."""
        return self.host.apply(move)

    def opponent(self) -> str | None:
        """The side the child does not play, when there is one ("Undo" takes its reply too)."""
        return None

    def after_move(self) -> None:
        """After any move: let the computer answer, for instance."""

    def status_after(self, mover: str, text: PlayedMove) -> tuple[Any, Any]:
        """What the status line says after ``mover`` played ``text``: the move, and what
        comes next (None when the game is over)."""
        board = self.host.board
        tail = None if board.outcome() is not None else Msg("to_move", turn=board.turn)
        return Msg("moved", who=mover, move=text), tail


class TwoPlayersMode(Mode):
    """Two players at one board, taking turns: the base mode as it is."""


class ComputerMode(Mode):
    """The child against the computer (``controller.computer_side``, ``controller.chooser``)."""

    name = "computer"

    def enter(self) -> Any:
        host = self.host
        host.flipped = host.computer_side == WHITE  # the child's pieces at the bottom
        return Msg("computer_mode", side=other(host.computer_side))

    def refusal(self) -> Any:
        board = self.host.board
        if board.outcome() is not None:
            return Msg("game_over")
        if self.host.thinking:
            return Msg("computer_thinking")
        if board.turn == self.host.computer_side:
            return Msg("wait_computer")
        return None

    def opponent(self) -> str | None:
        return self.host.computer_side

    def after_move(self) -> None:
        self.host.computer_move()

    def status_after(self, mover: str, text: PlayedMove) -> tuple[Any, Any]:
        board = self.host.board
        head = (Msg("computer_moved", move=text) if mover == self.host.computer_side
                else Msg("moved", who=mover, move=text))
        if board.outcome() is not None:
            return head, None
        return head, (Msg("computer_thinking") if board.turn == self.host.computer_side
                      else Msg("your_turn", turn=board.turn))


class PuzzleMode(Mode):
    """An exercise: the child moves ``controller.locked_side``; each move goes to the
    checker (``controller.on_attempt``) before it is kept; refusals never give the answer."""

    name = "puzzle"
    reveal = False

    def __init__(self, host: ModeHost) -> None:
        super().__init__(host)
        self.over = False

    def enter(self) -> Any:
        return Msg("puzzle_mode", side=self.host.locked_side)

    def refusal(self) -> Any:
        host = self.host
        if self.over:
            return Msg("puzzle_over")
        if host.board.outcome() is not None:
            return Msg("game_over")
        if host.thinking:
            return Msg("puzzle_wait")
        if host.locked_side and host.board.turn != host.locked_side:
            return Msg("puzzle_locked", side=host.locked_side)
        return None

    def opponent(self) -> str | None:
        return other(self.host.locked_side) if self.host.locked_side else None

    def status_after(self, mover: str, text: PlayedMove) -> tuple[Any, Any]:
        played, next_up = super().status_after(mover, text)
        return played, None if self.over else next_up

    def attempt(self, move: Move) -> Move | None:
        host = self.host
        answer = host.judge(move)
        if answer is None:
            return host.apply(move)
        if not answer.accept:
            host.say(answer.feedback if answer.feedback is not None else Msg("puzzle_wrong"))
            return None
        # Solved: the praise and the explanation go in the banner, said once there, and the
        # status line says no more whose turn it is (the exercise is over).
        self.over = answer.solved
        played = host.apply(move, extra=None if answer.solved else answer.feedback,
                            notify=False)
        if answer.solved:
            host.set_banner(answer.feedback if answer.feedback is not None
                            else Msg("puzzle_solved"))
        reply = answer.reply
        if reply is not None and not answer.solved:
            host.schedule(lambda: host.play(reply))
        host.changed()
        return played


class SetupMode(Mode):
    """Setting up a position (teachers): a click cycles a square through empty, white man,
    white king, black man, black king."""

    name = "setup"
    plays = False
    CYCLE = (None, Piece(WHITE, False), Piece(WHITE, True), Piece(BLACK, False),
             Piece(BLACK, True))
    CYCLE_NAMES = ("setup_empty", "setup_wm", "setup_wk", "setup_bm", "setup_bk")

    #: The brush that cycles: each click on a square puts the next piece of CYCLE.
    CYCLING = "cycle"

    def __init__(self, host: ModeHost) -> None:
        super().__init__(host)
        self.pieces: dict[int, Piece] = host.board.pieces()
        self.turn = host.board.turn
        #: What a click puts: CYCLING, or one piece (a click on that piece empties the
        #: square), or None (a click empties the square).
        self.brush: Piece | None | str = self.CYCLING

    def enter(self) -> Any:
        return Msg("setup_mode")

    def leave(self) -> bool:
        fen = self.fen()
        try:
            Board(fen, self.host.board.variant)
        except DamaError as error:
            self.host.say(Msg("bad_fen", fen=fen, error=error))
            return False
        self.host.board.set_fen(fen)
        self.host.start_fen = self.host.board.fen()
        return True

    def refusal(self) -> Any:
        return None

    def promotion_row(self, colour: str) -> range:
        geo = self.host.board.variant.geometry
        if colour == WHITE:
            return range(1, geo.half + 1)
        return range(geo.squares - geo.half + 1, geo.squares + 1)

    def no_man_here(self, square: int, colour: str) -> Msg:
        return Msg("setup_no_man", square=square, colour=Msg(f"{colour}_adj_man"),
                   rule=self.host.board.variant.rules["promotion"])

    def click(self, square: int) -> None:
        if self.brush != self.CYCLING:
            # One piece chosen, then a click per square: four clicks fewer for a black king.
            piece = None if self.pieces.get(square) == self.brush else self.brush
            if self.put(square, piece):
                self.host.say(Msg("setup_square", square=square,
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
        self.host.say(Seq(*parts))

    def put(self, square: int, piece: Piece | None) -> bool:
        if piece is not None and not piece.king and square in self.promotion_row(piece.colour):
            self.host.say(self.no_man_here(square, piece.colour))
            return False
        if piece is None:
            self.pieces.pop(square, None)
        else:
            self.pieces[square] = Piece(*piece)
        self.host.changed()
        return True

    def fen(self) -> str:
        sides = []
        for colour in (WHITE, BLACK):
            items = sorted((s, p) for s, p in self.pieces.items() if p.colour == colour)
            sides.append(colour + ",".join(("K" if p.king else "") + str(s) for s, p in items))
        fen = f"{self.turn}:{sides[0]}:{sides[1]}"
        try:
            # Canonical: ranges such as 21-32.
            return Board(fen, self.host.board.variant).fen()
        except DamaError:
            return fen


class SquaresMode(Mode):
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
        if self.host.on_square is not None:
            self.host.on_square(square)


class LookMode(Mode):
    """A position to look at, for a question answered below the board (how many, which
    one): no piece moves, and the board's buttons step aside."""

    name = "look"
    reveal = False

    def enter(self) -> Any:
        return Msg("look_mode")

    def refusal(self) -> Any:
        return Msg("look_mode")

    def attempt(self, move: Move) -> Move | None:
        self.host.say(Msg("look_mode"))
        return None


#: The mode classes by registry key (the ``mode=`` of the board).
KINDS: dict[str, type[Mode]] = {"two_players": TwoPlayersMode, "computer": ComputerMode,
                                "puzzle": PuzzleMode, "setup": SetupMode,
                                "squares": SquaresMode, "look": LookMode}


__all__ = ["ALIASES", "KINDS", "MODES", "ComputerMode", "LookMode", "Mode", "ModeHost",
           "PuzzleMode", "SetupMode", "SquaresMode", "TwoPlayersMode"]
