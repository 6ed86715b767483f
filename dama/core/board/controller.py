"""BoardController: everything the interactive board does, with no drawing code.

The controller holds a :class:`~damalib.Board` and the state of the interactive board
(selection, the capture chain being clicked, language, orientation, options, status line and
banner). What depends on the mode — two players, the computer, a puzzle, setting up a
position — lives in the mode's own small part (:mod:`.modes`); the click path is one function
(:func:`.clicks.step`) whose refusals come from ``Board.explain``. A view
(``dama.core.board.canvas.BoardWidget``) only turns screen clicks into :meth:`click_cell` calls and
draws :meth:`snapshot`, so every behaviour is tested here without a browser.

A child reads the rules in words; the id of the rule behind the message shown is on the
snapshot (``rule``) and on :attr:`BoardController.rule`, for tests and teachers.

>>> c = BoardController()
>>> c.click(22); c.click(19)
>>> c.board.fen()
'B:W19,21,23-32:B1-12'
>>> c.snapshot().moves
'1. 22-19'
>>> c.click(19)                      # a White piece, but it is Black's turn (IT-B4)
>>> print(c.status)
Il pezzo in 19 è del Bianco, ma ora tocca al Nero (si muove a turno, un pezzo alla volta).
>>> c.rule
'IT-B4'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from damalib.board import BLACK, WHITE, Board, Move, Piece
from damalib.errors import CountError, DamaError, IllegalMoveError, NotationError
from damalib.i18n import known, language, languages
from dama.core.board import clicks, keys
from dama.core.board.modes import (ALIASES, KINDS, MODES, Mode, PuzzleMode, SetupMode,
                                   SquaresMode, other)
from dama.core.board.messages import Msg, PlayedMove, Seq, aloud, render, rule_of
from dama.core.board.reply import MoveReply, read_reply

# The rule that says which squares are played on (light squares are never used).
_BOARD_RULE = {"italian": "IT-B1", "international": "INT-B1", "brazilian": "BR-B1",
               "filipino": "BR-B1"}

#: Highlight kinds in a snapshot, drawn in this order.
HIGHLIGHT_KINDS = ("focus", "last_move", "obliged", "chain", "captured", "selected",
                   "destinations", "next", "missed")

Scheduler = Callable[[float, Callable[[], None]], Any]
Runner = Callable[[Callable[[], Any], Callable[[Any, "BaseException | None"], None]], Any]


def immediate(delay: float, callback: Callable[[], None]) -> None:
    """A scheduler that ignores the pause and calls at once (for tests and scripts)."""
    callback()


def run_here(compute: Callable[[], Any],
             done: Callable[[Any, BaseException | None], None]) -> None:
    """A runner that lets the computer think right here: ``done(result, error)``."""
    try:
        result = compute()
    except Exception as error:
        done(None, error)
        return
    done(result, None)


class RandomChooser:
    """The stand-in computer opponent: a random legal move, from a seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def choose(self, board: Board) -> Move:
        return self.random.choice(board.legal_moves)


@dataclass(frozen=True)
class Snapshot:
    """Everything a view needs to draw the board and its texts, in the current language.

    ``cells`` maps each square to its (row, col) on screen (flipping applied); ``highlights``
    maps each kind of HIGHLIGHT_KINDS to squares (``last_move`` and ``chain`` are paths, in
    order). ``rule``: the id of the rule behind the status line, if it cites one.
    """

    size: int
    variant: str
    flipped: bool
    cells: dict[int, tuple[int, int]]
    pieces: dict[int, Piece]
    highlights: dict[str, tuple[int, ...]]
    status: str
    banner: str
    moves: str
    count: str
    turn: str
    mode: str
    lang: str
    show_numbers: bool
    show_legal: bool
    labels: dict[str, str]
    game_over: bool
    thinking: bool
    can_call_count: bool
    fen: str
    rule: str | None = None
    show_count: bool = True
    #: The status line and the banner as they are read aloud (moves in words).
    status_aloud: str = ""
    banner_aloud: str = ""
    #: The board in words (a screen reader's text alternative).
    description: str = ""
    #: The keyboard's cursor, a screen cell (row, col), and what it is on, in words.
    cursor: tuple[int, int] | None = None
    announcement: str = ""


@dataclass
class _Pending:
    """A reply waiting for its pause (computer move or puzzle reply)."""

    generation: int
    handle: Any = field(default=None)


class BoardController:
    """The logic of the interactive board. See the module documentation.

    ``board_or_fen``: a Board (used as it is), a FEN, or None for the start position of
    ``variant``. ``scheduler(delay, callback)`` runs the computer's reply and puzzle replies
    after ``delay`` seconds; the default, :func:`immediate`, calls at once.
    ``runner(compute, done)`` lets the computer's chooser think (``compute()``) and hands
    back ``done(move, error)``; the default, :func:`run_here`, does it at once, a view may
    use a thread so that a slow engine does not hold up clicks. ``show_count``: offer the
    40-move count ("Chiama le mosse") — only where the count is taught and in free play.

    The controller is its mode's :class:`~.modes.ModeHost`: a mode uses only the public
    members listed there (:meth:`say`, :meth:`apply`, :meth:`judge`, :meth:`schedule`, ...).
    """

    def __init__(self, board_or_fen: Board | str | None = None, variant: str = "italian",
                 lang: str = "it", *, mode: str = "two_players", flipped: bool = False,
                 show_numbers: bool = True, show_legal: bool = True,
                 computer_side: str = BLACK, chooser: Any = None, seed: int | None = None,
                 delay: float = 0.5, scheduler: Scheduler | None = None,
                 runner: Runner | None = None, show_count: bool = True) -> None:
        if isinstance(board_or_fen, Board):
            self.board = board_or_fen
        else:
            self.board = Board(board_or_fen, variant)
        #: The position "Restart" goes back to (a FEN).
        self.start_fen = self.board.fen() if not self.board.move_stack else self._root_fen()
        self.lang = language(lang)
        self.flipped = flipped
        self.show_numbers = show_numbers
        self.show_legal = show_legal
        self.show_count = show_count
        self.delay = delay
        self.scheduler: Scheduler = scheduler or immediate
        self.runner: Runner = runner or run_here
        self.chooser: Any = chooser if chooser is not None else RandomChooser(seed)
        #: The square-number trainer's click handler and the squares it shows.
        self.on_square: Callable[[int], Any] | None = None
        self.marked: tuple[int, ...] = ()
        self.missed: tuple[int, ...] = ()
        #: The pieces an exercise's question names, glowing (a child who cannot read yet
        #: hears the question and sees which piece it means).
        self.focus: tuple[int, ...] = ()
        self.computer_side = computer_side
        self.locked_side: str | None = None
        self._mode: Mode = KINDS["two_players"](self)
        self._checker: Callable[[Move], Any] | None = None   # a puzzle's on_attempt
        self._chain: tuple[int, ...] = ()    # the selected piece, then each landing clicked
        self._refused = False                # the last click was refused
        self._refused_piece: int | None = None  # ...on this own piece, which cannot move
        self._status: Any = Msg("welcome", turn=self.board.turn)
        self._banner: Any = None             # a banner set by a puzzle checker
        self._move_callbacks: list[Callable[[Move], Any]] = []
        self._change_callbacks: list[Callable[[BoardController], Any]] = []
        self._taken_back_callbacks: list[Callable[[BoardController], Any]] = []
        self._pending: _Pending | None = None
        self._generation = 0
        #: The keyboard's cursor (a screen cell) once a key has been pressed on the board,
        #: and what it is on, said to a screen reader.
        self.cursor: tuple[int, int] | None = None
        self._announcement: Any = None
        self._notation_cache: tuple[tuple, str] | None = None
        if mode != "two_players":
            self.set_mode(mode, computer_side=computer_side)

    # -- reading the state --------------------------------------------------------------------

    @property
    def mode(self) -> str:
        """"two_players", "computer", "puzzle" or "setup"."""
        return self._mode.name

    @property
    def variant(self):
        return self.board.variant

    @property
    def size(self) -> int:
        return self.board.variant.geometry.size

    @property
    def selected(self) -> int | None:
        """The square of the selected piece, or None."""
        return self._chain[0] if self._chain else None

    @property
    def chain(self) -> tuple[int, ...]:
        """The selected piece's square then each landing square clicked so far."""
        return self._chain

    @property
    def generation(self) -> int:
        """Goes up whenever the game moves on (a move, undo, restart, a new position)."""
        return self._generation

    @property
    def thinking(self) -> bool:
        """True while a computer move or a puzzle reply waits for its pause."""
        return self._pending is not None

    @property
    def status(self) -> str:
        """The status line, in the current language."""
        return render(self._status, self.lang)

    @property
    def rule(self) -> str | None:
        """The id of the rule the status line cites (in words), if any."""
        return rule_of(self._status)

    @property
    def banner(self) -> str:
        """The banner (end of the game, or a puzzle solved), empty when there is none."""
        return render(self._banner_message(), self.lang)

    def _banner_message(self) -> Any:
        if self._banner is not None:
            return self._banner
        if not self._mode.plays:
            return None
        outcome = self.board.outcome()
        return None if outcome is None else Msg("banner", outcome=outcome)

    def message(self, key: str, **params: Any) -> Any:
        """A message of the MESSAGES table, shown in whatever language is current when
        drawn."""
        return Msg(key, **params)

    def text(self, key: str, **params: Any) -> str:
        """A string of the MESSAGES table in the current language."""
        return Msg(key, **params).text(self.lang)

    def labels(self) -> dict[str, str]:
        keys = ("undo", "restart", "flip", "numbers", "show_legal", "call_count", "play",
                "move_placeholder", "fen_placeholder", "moves_title", "setup_turn_label",
                "setup_clear", "setup_start", "setup_export", "setup_done", "W", "B")
        return {k: self.text(k) for k in keys}

    def count_text(self) -> str:
        """"Counted moves: N of 40 (called by …)" while the 40-move count runs (IT-D2)."""
        board = self.board
        if board.count is None:
            return ""
        return self.text("count_text", n=board.count, who=board.count_claimant)

    def moves_text(self) -> str:
        """The moves played, numbered as in PDN (``1. 22-19 10-14 …``)."""
        key = (self.start_fen, tuple(self.board.move_stack))
        if self._notation_cache is None or self._notation_cache[0] != key:
            self._notation_cache = (key, self.board.notation())
        return self._notation_cache[1]

    def screen_cell(self, square: int) -> tuple[int, int]:
        """Where ``square`` is drawn: (row, col) on screen, row 0 at the top."""
        row, col = self.board.variant.geometry.coords[square]
        if self.flipped:
            n = self.size - 1
            return n - row, n - col
        return row, col

    def square_at(self, row: int, col: int) -> int | None:
        """The square drawn at screen cell (row, col), or None (light square or outside)."""
        n = self.size
        if not (isinstance(row, int) and isinstance(col, int)) or not (
                0 <= row < n and 0 <= col < n):
            return None
        if self.flipped:
            row, col = n - 1 - row, n - 1 - col
        return self.board.variant.geometry.by_coords.get((row, col))

    def pieces(self) -> dict[int, Piece]:
        """The pieces as shown: the setup being edited, or the board with the piece of a
        capture chain in progress moved to its latest landing square."""
        if isinstance(self._mode, SetupMode):
            return dict(sorted(self._mode.pieces.items()))
        if isinstance(self._mode, SquaresMode):
            return {}
        pieces = self.board.pieces()
        if len(self._chain) > 1:
            piece = pieces.pop(self._chain[0])
            pieces[self._chain[-1]] = piece
        return pieces

    def highlights(self) -> dict[str, tuple[int, ...]]:
        out: dict[str, tuple[int, ...]] = {k: () for k in HIGHLIGHT_KINDS}
        if isinstance(self._mode, SquaresMode):
            out["selected"] = self.marked
            out["missed"] = self.missed
        # The pieces named by the question, while they stand where it names them.
        if self.focus and not self.board.move_stack:
            standing = self.pieces()
            out["focus"] = tuple(s for s in self.focus if s in standing)
        if not self._mode.plays:
            return out
        board = self.board
        if board.move_stack:
            out["last_move"] = board.move_stack[-1].path
        if not self._chain:
            if self.show_legal and board.must_capture() and self._mode.refusal() is None:
                out["obliged"] = tuple(board.capturing_squares())
            return out
        out["selected"] = (self._chain[0],)
        candidates = clicks.candidates(board, self._chain)
        if len(self._chain) > 1:
            out["chain"] = self._chain
            out["captured"] = candidates[0].captures[:len(self._chain) - 1] if candidates else ()
        if self.show_legal:
            out["destinations"] = tuple(sorted({m.end for m in candidates}))
            # Next landings are shown while a chain is under way, or when a final square
            # can be reached in more than one way.
            k = len(self._chain)
            by_end: dict[int, int] = {}
            for m in candidates:
                by_end[m.end] = by_end.get(m.end, 0) + 1
            # A chain back to its start square is clicked landing by landing too, since a
            # click on the selected piece puts it back.
            out["next"] = tuple(sorted({
                m.path[k] for m in candidates if len(m.path) > k + 1
                and (k > 1 or by_end[m.end] > 1 or m.end == m.start)}))
        return out

    def snapshot(self) -> Snapshot:
        """Everything a view draws, in the current language."""
        board = self.board
        geo = board.variant.geometry
        plays = self._mode.plays
        setup = self._mode if isinstance(self._mode, SetupMode) else None
        return Snapshot(
            size=geo.size, variant=board.variant.name, flipped=self.flipped,
            cells={s: self.screen_cell(s) for s in range(1, geo.squares + 1)},
            pieces=self.pieces(), highlights=self.highlights(), status=self.status,
            banner=self.banner, moves=self.moves_text() if plays else "",
            count=self.count_text() if plays else "",
            turn=setup.turn if setup else board.turn, mode=self.mode, lang=self.lang,
            show_numbers=self.show_numbers, show_legal=self.show_legal, labels=self.labels(),
            game_over=plays and board.outcome() is not None, thinking=self.thinking,
            can_call_count=(plays and board.variant.forty_move_count
                            and board.count_claimant is None and board.outcome() is None),
            fen=self.export_fen(), rule=self.rule,
            show_count=(self.show_count and plays and board.variant.forty_move_count
                        and not isinstance(self._mode, PuzzleMode)),
            status_aloud=aloud(self._status, self.lang),
            banner_aloud=aloud(self._banner_message(), self.lang),
            description=render(keys.description(self.pieces(),
                                                setup.turn if setup else board.turn,
                                                plays), self.lang),
            cursor=self.cursor, announcement=render(self._announcement, self.lang))

    # -- callbacks ----------------------------------------------------------------------------

    def on_move(self, callback: Callable[[Move], Any], remove: bool = False) -> None:
        """Call ``callback(move)`` after each move played (the computer's too)."""
        if remove:
            self._move_callbacks.remove(callback)
        else:
            self._move_callbacks.append(callback)

    def on_change(self, callback: Callable[[BoardController], Any], remove: bool = False) -> None:
        """Call ``callback(controller)`` after every change a view should draw."""
        if remove:
            self._change_callbacks.remove(callback)
        else:
            self._change_callbacks.append(callback)

    def on_taken_back(self, callback: Callable[[BoardController], Any],
                      remove: bool = False) -> None:
        """Call ``callback(controller)`` after "Undo" or "Restart" took moves back (a puzzle
        then forgets the moves it was following, and may be tried again once solved)."""
        if remove:
            self._taken_back_callbacks.remove(callback)
        else:
            self._taken_back_callbacks.append(callback)

    def on_attempt(self, callback: Callable[[Move], Any] | None) -> None:
        """Puzzle mode: ``callback(move)`` judges each move the child tries before it is
        kept. It answers a :class:`~.reply.MoveReply`, True/False, an (accept, feedback)
        pair, or None (keep the move, nothing to say); an object with ``text(lang)`` and an
        ``accept``/``ok``/``correct`` attribute works too (optional ``reply``, and ``done``
        or ``solved`` to end the puzzle), such as ``dama.core.content.check.Verdict``
        (see :func:`~.reply.read_reply`)."""
        self._checker = callback

    def judge(self, move: Move) -> MoveReply | None:
        """What the puzzle checker (:meth:`on_attempt`) answers to ``move``, read as a
        MoveReply; None when no checker is set (the move is simply played)."""
        if self._checker is None:
            return None
        return read_reply(self._checker(move))

    def changed(self) -> None:
        """Tell the listeners (:meth:`on_change`) that the board changed: a view redraws."""
        for callback in list(self._change_callbacks):
            callback(self)

    def say(self, message: Any) -> None:
        """Put ``message`` on the status line (text, a message, an (it, en) pair, a dict or
        an object with ``text(lang)``), and redraw."""
        self._status = message
        self.changed()

    # -- clicks -------------------------------------------------------------------------------

    def click_cell(self, row: int, col: int) -> None:
        """A click on the screen cell (row, col), row 0 at the top, flipping accounted for."""
        n = self.size
        if not (isinstance(row, int) and isinstance(col, int)) or not (
                0 <= row < n and 0 <= col < n):
            return self.say(Msg("outside"))
        square = self.square_at(row, col)
        if square is None:
            return self.say(Msg("light_square", rule=_BOARD_RULE.get(self.variant.name, "")))
        self.click(square)

    def click(self, square: int) -> None:
        """A click on the dark square numbered ``square``. Never raises: whatever is wrong
        with the click is said on the status line."""
        n = self.board.variant.squares
        if isinstance(square, bool) or not isinstance(square, int):
            return self.say(Msg("outside"))
        if not 1 <= square <= n:
            return self.say(self.board.explain((square, square)))
        if isinstance(self._mode, (SetupMode, SquaresMode)):
            return self._mode.click(square)
        refusal = self._mode.refusal()
        if refusal is not None:
            self._chain = ()
            return self.say(refusal)
        chosen_before = self._chain
        result = clicks.step(self.board, self._chain, square, after_refusal=self._refused,
                             refused_piece=self._refused_piece)
        self._refused = result.kind == clicks.REFUSE
        piece = self.board.piece_at(square)
        self._refused_piece = (square if self._refused and not chosen_before and piece
                               is not None and piece.colour == self.board.turn else None)
        self._chain = result.chain
        if result.kind == clicks.MOVE:
            self._attempt_move(result.move)
        elif self._refused:
            self.say(self._mode.explain(result.message))
        else:
            self.say(result.message)

    # -- the keyboard -------------------------------------------------------------------------

    def key(self, name: str) -> None:
        """A key pressed while the board has the keyboard's focus (its name as browsers give
        it): an arrow moves the cursor, Enter or Space clicks the square under it, Escape
        lets go of the piece picked up. Other keys do nothing."""
        if name in keys.ARROWS:
            self.cursor = keys.moved(self.cursor or self._cursor_start(), name, self.size)
            square = self.square_at(*self.cursor)
            if isinstance(self._mode, SquaresMode):
                # The trainer asks for the numbers: the cursor says where it is without them.
                self._announcement = keys.where_on_screen(self.cursor, square is not None)
            else:
                target = square is not None and square in self.highlights()["destinations"]
                self._announcement = keys.under_cursor(
                    square, self.pieces().get(square) if square else None, target)
            self.changed()
        elif name in keys.PRESS:
            self.cursor = self.cursor or self._cursor_start()
            self._announcement = None     # the status line says what the click did
            self.click_cell(*self.cursor)
        elif name in keys.LET_GO:
            self.let_go()

    def let_go(self) -> None:
        """Put back the piece picked up (nothing when none is)."""
        if not self._chain:
            return
        square, self._chain = self._chain[0], ()
        self._refused = False
        self._announcement = None
        self.say(Msg("deselected", square=square, turn=self.board.turn))

    def _cursor_start(self) -> tuple[int, int]:
        """Where the cursor first appears: on the piece picked up, else where the last move
        ended, else on the side to move's piece nearest the bottom left of the screen."""
        if self._chain:
            return self.screen_cell(self._chain[-1])
        if self.board.move_stack and self._mode.plays:
            return self.screen_cell(self.board.move_stack[-1].end)
        own = [self.screen_cell(s) for s, p in self.pieces().items()
               if p.colour == self.board.turn]
        if own:
            return max(own, key=lambda cell: (cell[0], -cell[1]))
        return self.size - 1, 0

    # -- moves --------------------------------------------------------------------------------

    def play(self, move: Move | str, *, user: bool = False) -> Move | None:
        """Play a move given as text (``22-19``, ``27x18x9x2``) or a Move. Returns the Move
        played, or None when it was not played (the status line says why). Never raises.

        Programmatic calls (lessons, a puzzle checker's reply) may move either side;
        ``user=True`` (the text box) obeys the same locks as clicks and, in puzzle mode,
        asks ``on_attempt`` first."""
        board = self.board
        if not self._mode.plays:
            return None
        if user:
            refusal = self._mode.refusal()
            if refusal is not None:
                self.say(refusal)
                return None
        elif board.outcome() is not None:
            self.say(Msg("game_over"))
            return None
        shown = self._mode.explain if user else (lambda e: e)
        if isinstance(move, Move):
            if not board.is_legal(move):
                self.say(shown(board.explain(move)))
                return None
            chosen = move
        else:
            try:
                chosen = board.parse_move(move)
            except IllegalMoveError as error:
                explanation = error.explanation
                self.say(shown(explanation if explanation is not None
                                else board.explain(move)))
                return None
            except NotationError:
                self.say(self._unreadable(move))
                return None
        self._chain = ()
        if user:
            return self._attempt_move(chosen)
        return self.apply(chosen)

    def submit(self, text: str) -> Move | None:
        """The text box: ``play(text, user=True)``."""
        return self.play(text, user=True)

    def _unreadable(self, text: Any) -> Any:
        board = self.board
        if isinstance(text, str):
            try:
                squares = board.parse_squares(text)
            except NotationError:
                return board.explain(text)
            options = [m for m in board.legal_moves if m.start == squares[0]
                       and m.end == squares[-1]]
            if len(options) > 1:
                return Msg("ambiguous_text", text=text.strip(),
                           options=", ".join("x".join(map(str, m.path)) for m in options),
                           rule=board.variant.rules["notation"])
        return board.explain(str(text))

    def _attempt_move(self, move: Move) -> Move | None:
        """A move the child made (clicks or the text box): the mode decides."""
        self._chain = ()
        self._refused = False
        self._refused_piece = None
        return self._mode.attempt(move)

    def apply(self, move: Move, extra: Any = None, notify: bool = True) -> Move:
        """Push ``move``, which must be legal, with no question asked (no lock, no checker):
        say so on the status line (``extra`` after the move), tell the listeners (the
        change only if ``notify``), and let the computer answer. Returns ``move``."""
        board = self.board
        mover = board.turn
        moving = board.piece_at(move.start)
        text = PlayedMove(board.move_text(move), bool(moving and moving.king))
        count_before = board.count
        self._cancel_pending()  # whatever was waiting was meant for the position before
        board.push(move)
        self._chain = ()
        self._generation += 1
        played, next_up = self._mode.status_after(mover, text)
        restart = None
        if count_before and board.count == 0:
            restart = Msg("count_restart_capture" if move.captures else "count_restart_man",
                          rule=board.variant.rules.get("count", "IT-D2"))
        self._status = Seq(played, restart, extra, next_up)
        for callback in list(self._move_callbacks):
            callback(move)
        if self.board is board:
            self._mode.after_move()
        if notify:
            self.changed()
        return move

    # -- the computer -------------------------------------------------------------------------

    def schedule(self, action: Callable[[], Any]) -> None:
        """Run ``action`` after the pause (``delay``, through ``scheduler``), then redraw;
        dropped if the game moves on meanwhile (a move, undo, restart). :attr:`thinking`
        is True while it waits."""
        pending = _Pending(self._generation)
        self._pending = pending

        def run() -> None:
            if self._pending is not pending or self._generation != pending.generation:
                return  # undone, restarted or replaced meanwhile
            self._pending = None
            action()
            self.changed()

        pending.handle = self.scheduler(self.delay, run)

    def _cancel_pending(self) -> None:
        pending, self._pending = self._pending, None
        if pending is not None and pending.handle is not None:
            cancel = getattr(pending.handle, "cancel", None)
            if callable(cancel):
                cancel()

    def computer_move(self) -> None:
        """Let the computer move after the pause, if it is its turn in computer mode and
        nothing is waiting already; otherwise nothing."""
        board = self.board
        if (self.mode == "computer" and board.turn == self.computer_side
                and board.outcome() is None and self._pending is None):
            self.schedule(self._computer_thinks)

    def _computer_thinks(self) -> None:
        """After the pause: let the chooser think (through ``runner``, which a view may run
        off the kernel's main thread), then play its move if nothing changed meanwhile."""
        board = self.board
        if self.mode != "computer" or board.turn != self.computer_side or board.outcome():
            return
        thinking = _Pending(self._generation)
        self._pending = thinking
        position = board.copy()
        chooser = self.chooser

        def compute() -> Any:
            choose = getattr(chooser, "choose", None)
            return choose(position) if callable(choose) else chooser(position)

        def done(move: Any, error: BaseException | None) -> None:
            if self._pending is not thinking or self._generation != thinking.generation:
                return  # undone, restarted or replaced while the computer thought
            self._pending = None
            try:
                if error is not None:
                    raise error
                if isinstance(move, str):
                    move = board.parse_move(move)
                if not isinstance(move, Move) or not board.is_legal(move):
                    raise IllegalMoveError(f"{move} is not legal here", "")
            except Exception as problem:  # an engine's bug must not break the child's game
                self._status = Msg("computer_failed",
                                   error=str(problem) or type(problem).__name__)
                self.changed()
                return
            self.apply(move)

        self.runner(compute, done)

    # -- buttons ------------------------------------------------------------------------------

    def _fresh(self) -> None:
        """Forget what was under way: a pending reply, the clicks, the banner."""
        self._cancel_pending()
        self._generation += 1
        self._chain = ()
        self._refused = False
        self._refused_piece = None
        self._banner = None
        if isinstance(self._mode, PuzzleMode):
            self._mode.over = False

    def undo(self) -> Move | None:
        """Take back the last move. Against the computer, or in a puzzle, the opponent's
        reply goes too, so that it is the child's turn again."""
        board = self.board
        if not self._mode.plays:
            return None
        opponent = self._mode.opponent()
        plies = 1
        if opponent is not None and board.move_stack:
            # The side that moved last is the one whose turn it is not after the pop.
            if other(board.turn) == opponent:
                plies = 2
        if len(board.move_stack) < plies:
            self._fresh()
            self.say(Msg("nothing_to_undo"))
            return None
        self._fresh()
        taken = None
        parts: list[Any] = []
        for _ in range(plies):
            taken = board.pop()
            parts.insert(0, Msg("undone", move=str(taken)))
        self._status = Seq(*parts, Msg("to_move", turn=board.turn))
        self.computer_move()
        self._taken_back()
        self.changed()
        return taken

    def restart(self) -> None:
        """Back to the position the game started from (the last one set)."""
        if not self._mode.plays:
            return None
        self._fresh()
        self.board.set_fen(self.start_fen)
        self._status = (Msg("puzzle_restarted") if isinstance(self._mode, PuzzleMode)
                        else Seq(Msg("restarted"), Msg("welcome", turn=self.board.turn)))
        self.computer_move()
        self._taken_back()
        self.changed()

    def _taken_back(self) -> None:
        for callback in list(self._taken_back_callbacks):
            callback(self)

    def flip(self) -> None:
        """Turn the board round (the squares keep their numbers)."""
        self.flipped = not self.flipped
        self.say(Msg("flipped"))

    def toggle_numbers(self) -> None:
        self.show_numbers = not self.show_numbers
        self.say(Msg("numbers_on" if self.show_numbers else "numbers_off"))

    def set_show_legal(self, show: bool) -> None:
        """Legal-destination hints on or off."""
        self.show_legal = bool(show)
        self.say(Msg("hints_on" if self.show_legal else "hints_off"))

    def set_language(self, lang: str) -> None:
        """A language the programs speak ("it", "en", ...): every string is shown again in it."""
        if not known(lang):
            raise ValueError(f"language must be one of {languages()}, not {lang!r}")
        self.lang = lang
        self.changed()

    def call_count(self) -> bool:
        """The player to move calls the 40-move count ("Chiama le mosse", IT-D2)."""
        board = self.board
        rule = board.variant.rules.get("count", "IT-D2")
        if not self._mode.plays:
            return False
        if self.mode == "computer" and board.turn == self.computer_side:
            self.say(Msg("wait_computer"))
            return False
        try:
            board.call_count()
        except CountError:
            if not board.variant.forty_move_count:
                self.say(Msg("count_wrong_variant", rule="IT-D2"))
            elif board.count_claimant is not None:
                self.say(Msg("count_running", who=board.count_claimant, rule=rule))
            else:
                self.say(Msg("count_game_over"))
            return False
        self.say(Msg("count_called", who=board.turn, rule=rule))
        return True

    def set_position(self, fen: str, variant: str | None = None) -> bool:
        """Set up a position (a PDN FEN), of ``variant`` if given (a lesson may go from one
        game to another). A bad FEN leaves the board as it was and says why."""
        try:
            board = Board(fen, variant if variant is not None else self.board.variant)
        except DamaError as error:
            self.say(Msg("bad_fen", fen=str(fen)[:60], error=error))
            return False
        self._fresh()
        if board.variant != self.board.variant:
            self.board = board
            self._notation_cache = None
        self.board.set_fen(board.fen())
        self.start_fen = self.board.fen()
        if isinstance(self._mode, SetupMode):
            self._mode.pieces, self._mode.turn = self.board.pieces(), self.board.turn
        self._status = Seq(Msg("position_set"), Msg("to_move", turn=self.board.turn))
        self.computer_move()
        self.changed()
        return True

    def set_board(self, board: Board, status: Any = None) -> None:
        """Show ``board`` (a copy, its history kept) in place of the game on the board: a
        place in a game being studied. Nothing under way is kept; ``status`` is said, or
        whose move it is."""
        self._fresh()
        if board.variant != self.board.variant:
            self._notation_cache = None
        self.board = board.copy()
        self.start_fen = self._root_fen()
        if isinstance(self._mode, SetupMode):
            self._mode = KINDS["two_players"](self)
        self._status = status if status is not None else Msg("to_move", turn=self.board.turn)
        self.changed()

    def set_banner(self, message: Any) -> None:
        """Put ``message`` in the banner without redrawing yet: the caller calls
        :meth:`changed` once everything it does is done."""
        self._banner = message

    def show_feedback(self, message: Any, *, banner: bool = False) -> None:
        """Show a message (text, an (it, en) pair, a dict or an object with ``text(lang)``)
        on the status line, or in the banner."""
        if banner:
            self.set_banner(message)
            self.changed()
        else:
            self.say(message)

    def clear_banner(self) -> None:
        self._banner = None
        self.changed()

    # -- modes --------------------------------------------------------------------------------

    def set_mode(self, mode: str, *, computer_side: str | None = None, chooser: Any = None,
                 side: str | None = None) -> None:
        """"two_players", "computer" (``computer_side`` "W"/"B", ``chooser``), "puzzle"
        (``side``: the side the child moves) or "setup"."""
        key = ALIASES.get(str(mode).strip().lower().replace("_", " "), str(mode))
        if key not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        if key == "computer":
            if computer_side is not None and computer_side not in (WHITE, BLACK):
                raise ValueError("computer_side must be 'W' or 'B'")
        if not self._mode.leave():
            return
        if key == "computer":
            if computer_side is not None:
                self.computer_side = computer_side
            if chooser is not None:
                self.chooser = chooser
        self.locked_side = (side if side is not None else self.board.turn) \
            if key == "puzzle" else None
        self._mode = KINDS[key](self)
        self._fresh()
        self._status = self._mode.enter()
        self.computer_move()
        self.changed()

    def start_puzzle(self, fen: str, *, side: str | None = None,
                     on_attempt: Callable[[Move], Any] | None = None,
                     prompt: Any = None, variant: str | None = None) -> bool:
        """Puzzle mode on the position ``fen`` (of ``variant``, default the board's): the
        child moves ``side`` only (default: the side to move), each attempt goes to
        ``on_attempt``; ``prompt`` replaces the default status line."""
        if isinstance(self._mode, SetupMode):
            self.set_mode("two_players")
        if not self.set_position(fen, variant):
            return False
        self.on_attempt(on_attempt)
        self.set_mode("puzzle", side=side)
        if prompt is not None:
            self.say(prompt)
        return True

    def start_look(self, fen: str, *, prompt: Any = None, variant: str | None = None) -> bool:
        """The position ``fen`` (of ``variant``) to look at, for a question answered off the
        board: no piece moves; ``prompt`` on the status line."""
        if isinstance(self._mode, SetupMode):
            self.set_mode("two_players")
        if not self.set_position(fen, variant):
            return False
        self.set_mode("look")
        if prompt is not None:
            self.say(prompt)
        return True

    def start_squares(self, on_square: Callable[[int], Any], *, prompt: Any = None) -> None:
        """The empty board of the square-number trainer: each click on a dark square goes
        to ``on_square(square)``; ``mark()`` shows squares; ``prompt`` on the status line."""
        self.on_square = on_square
        self.marked = self.missed = ()
        self.set_mode("squares")
        if prompt is not None:
            self.say(prompt)

    def show_focus(self, *squares: int) -> None:
        """Make the pieces on ``squares`` glow until a move is played (an exercise's question
        names them)."""
        self.focus = tuple(squares)
        self.changed()

    def mark(self, *squares: int, missed: tuple[int, ...] = ()) -> None:
        """Show these squares selected (the trainer's "which number is this square?"), and
        ``missed`` ones (the square a wrong answer named) in the colour of a mistake."""
        self.marked = tuple(squares)
        self.missed = tuple(missed)
        self.changed()

    # -- setting up a position ----------------------------------------------------------------

    def _setup(self) -> SetupMode:
        if not isinstance(self._mode, SetupMode):
            self.set_mode("setup")
        assert isinstance(self._mode, SetupMode)
        return self._mode

    def setup_piece(self, square: int, piece: Piece | None) -> bool:
        """Put ``piece`` (or nothing) on ``square`` while setting up; False, with the reason
        on the status line, for a man on its promotion row."""
        return self._setup().put(square, piece)

    def set_brush(self, piece: Piece | None | str) -> None:
        """While setting up: what a click puts, one piece (a click on it empties the square),
        None (a click empties), or ``"cycle"`` (each click puts the next piece)."""
        if piece != SetupMode.CYCLING and piece not in SetupMode.CYCLE:
            raise ValueError(f"brush must be a Piece, None or 'cycle', not {piece!r}")
        keep = piece == SetupMode.CYCLING or piece is None
        self._setup().brush = piece if keep else Piece(*piece)
        # What a click does now, on the status line: one set of instructions, not the
        # cycle's beside a brush that does otherwise.
        if piece is None:
            self.say(Msg("setup_eraser"))
        elif piece == SetupMode.CYCLING:
            self.say(Msg("setup_mode"))
        else:
            kind = f"setup_{piece.colour.lower()}{'k' if piece.king else 'm'}"
            self.say(Msg("setup_brush", what=Msg(kind)))

    def set_turn(self, side: str) -> None:
        """While setting up: the side to move in the position."""
        if side not in (WHITE, BLACK):
            raise ValueError("side must be 'W' or 'B'")
        self._setup().turn = side
        self.say(Msg("setup_turn", turn=side))

    def setup_clear(self) -> None:
        self._setup().pieces = {}
        self.say(Msg("setup_cleared"))

    def setup_start(self) -> None:
        start = Board(None, self.board.variant)
        setup = self._setup()
        setup.pieces, setup.turn = start.pieces(), start.turn
        self.say(Msg("setup_started"))

    def export_fen(self) -> str:
        """The position being set up (or the board's, outside setup mode) as a PDN FEN."""
        if isinstance(self._mode, SetupMode):
            return self._mode.fen()
        return self.board.fen()

    def show_fen(self) -> str:
        """Export the FEN and show it on the status line."""
        fen = self.export_fen()
        self.say(Msg("setup_fen", fen=fen))
        return fen

    def finish_setup(self) -> bool:
        """Leave setup mode and play from the position set up (two players)."""
        if not isinstance(self._mode, SetupMode):
            return True
        if not self._mode.leave():
            return False
        self._mode = KINDS["two_players"](self)
        self._status = Seq(Msg("setup_finished"), Msg("to_move", turn=self.board.turn))
        self.changed()
        return True

    def _root_fen(self) -> str:
        start = self.board.copy()
        while start.move_stack:
            start.pop()
        return start.fen()


__all__ = ["BoardController", "HIGHLIGHT_KINDS", "MODES", "RandomChooser",
           "Snapshot", "immediate", "run_here"]
