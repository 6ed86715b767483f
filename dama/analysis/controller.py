"""The analysis page's logic, with no widget code: a game file and its list of games, the
game chosen walked move by move (its variations and comments, and the lines tried on the
board), a position pasted or set up, and the computer's advice, thought one depth at a time
so that the page never waits for it (dama.analysis.page draws it).

>>> page = Analysis("en")
>>> page.open_file(b'[White "Rossi"][Black "Bianchi"] 1. 22-19 10-14 2. 19x10 5x14 1-0', "a.pdn")
True
>>> [(row.number, row.white, row.black, row.result) for row in page.rows()]
[(1, 'Rossi', 'Bianchi', '1-0')]
>>> page.choose(1) and page.last()
True
>>> page.board.board.fen()
'W:W21,23-32:B1-4,6-9,11,12,14'
"""

from __future__ import annotations

import io
import logging
import time
from dataclasses import dataclass
from typing import Any, Callable

from damalib.board import Board, Move, Piece
from damalib.engine import LEVELS, Engine, SearchResult, in_words
from damalib.errors import DamaError
from damalib.i18n import N_, NP_, ColourWord, Said, SaidCount, said, translator
from damalib.pdn import (Game, Heading, PdnError, decoded_lines, move_texts, movetext, open_game,
                   scan_games)
from damalib.study import ROOT, GameTree
from dama.core.board.controller import BoardController, Runner, Scheduler, immediate, run_here

log = logging.getLogger("dama")

#: How long «Best move» thinks (level 6's budget, as against the computer).
THINKING_SECONDS = LEVELS[6].time_limit or 1.0


@dataclass(frozen=True)
class Row:
    """A game of the file as its list shows it."""

    number: int
    white: str
    black: str
    event: str
    date: str
    result: str
    moves: int


@dataclass(frozen=True)
class Shown:
    """A move of the list: its words, whether the board is on it, its depth (variations)."""

    index: int
    text: str
    current: bool
    depth: int
    comment: str
    opens: bool
    closes: int


@dataclass
class Advice:
    """What the computer found: the best move, its line, the position in words, the depth
    and the seconds it took; ``stopped`` when it was asked to stop before its time."""

    move: str
    line: str
    words: str
    depth: int
    seconds: float
    stopped: bool = False
    #: The line's moves as written, without their numbers.
    moves: tuple[str, ...] = ()


@dataclass
class _Job:
    engine: Engine
    steps: Any
    board: Board
    started: float
    last: SearchResult | None = None
    stopping: bool = False
    running: bool = False


def date_text(value: str) -> str:
    """A PDN date (``2005.??.??``, ``1995.11.01``) with its unknown parts left out."""
    parts = [p for p in value.replace("-", ".").replace("/", ".").split(".")
             if p.strip("?")]
    return ".".join(parts)


class Analysis:
    """The analysis page: ``board`` is the board's controller (clicks, flip, the setup
    mode); this keeps the file, the game and the advice. ``scheduler`` and ``runner`` as for
    the board: a page passes the event loop's and a thread's, a test the immediate ones."""

    def __init__(self, lang: str = "it", *, scheduler: Scheduler | None = None,
                 runner: Runner | None = None, seconds: float = THINKING_SECONDS) -> None:
        self.scheduler: Scheduler = scheduler or immediate
        self.runner: Runner = runner or run_here
        self.seconds = seconds
        self.board = BoardController(None, lang=lang, show_count=False,
                                     scheduler=self.scheduler, runner=self.runner)
        self.file_name = ""
        self._file_note: Any = None
        self._lines: list[str] = []
        self.headings: list[Heading] = []
        self.chosen: int | None = None
        self.tree = GameTree(Game())
        self.at = ROOT
        #: Why the game chosen stops where it does (a move that cannot be read), if it does.
        self.problem: Any = None
        #: The page's last word: a file opened or refused, a FEN set or refused, ...
        self.note: Any = None
        self.advice: Advice | None = None
        self.progress: Any = None
        self._job: _Job | None = None
        self.comment = ""
        self._callbacks: list[Callable[[Analysis], Any]] = []
        self._mode = self.board.mode
        self.board.on_move(self._moved)
        self.board.on_taken_back(self._taken_back)
        self.board.on_change(self._board_changed)

    @property
    def lang(self) -> str:
        return self.board.lang

    def text(self, message: Any) -> str:
        """A message of the page in its language ("" for None)."""
        return "" if message is None else said(message, self.lang)

    def on_change(self, callback: Callable[[Analysis], Any]) -> None:
        self._callbacks.append(callback)

    def _changed(self) -> None:
        for callback in list(self._callbacks):
            callback(self)

    # -- a file of games -------------------------------------------------------------------

    def open_file(self, data: bytes | str, name: str = "") -> bool:
        """Read a game file's list of games (its moves are read when a game is chosen).
        A file with no game in it is refused in words, and the page stays as it was."""
        raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        lines = list(decoded_lines(io.BytesIO(raw)))
        headings = [h for h in scan_games(lines) if h.tags or h.moves]
        if b"\0" in raw[:4096] or not any(h.tags or h.moves > 0 for h in headings) or not \
                any(h.tags for h in headings) and not _has_moves(lines, headings):
            self.note = Said(N_("{name} is not a game file (PDN): no game could be found in "
                                "it."), name=name or "?")
            self._changed()
            return False
        self._lines, self.headings, self.file_name = lines, headings, name
        self.chosen = None
        self.note = self._file_note = Said(
            N_("{name}: {games}."), name=name or "PDN",
            games=SaidCount(*NP_("{n} game", "{n} games"), len(headings)))
        self._changed()
        return True

    def rows(self) -> list[Row]:
        """The file's games for the list: players, event, date, result (the tags of any
        language, ``Bianco`` for ``White``)."""
        return [Row(h.number, h.tag("White"), h.tag("Black"), h.tag("Event"),
                    date_text(h.tag("Date")), h.result, h.moves) for h in self.headings]

    def choose(self, number: int) -> bool:
        """Show game ``number`` of the file: from its start, or, when it cannot be read to
        its end, at its last move read, with the reason in words."""
        heading = next((h for h in self.headings if h.number == number), None)
        if heading is None:
            self.note = Said(N_("There is no game {number} in this file."), number=number)
            self._changed()
            return False
        game = open_game(self._lines, heading)
        self.chosen = number
        self._study(game)
        if game.errors:
            self.problem = game.errors[0]
            self.at = self.tree.last(ROOT)
            self._show()
        else:
            self.problem = None
        self.note = self._file_note     # what the file holds stays said above its list
        self._changed()
        return True

    def _study(self, game: Game) -> None:
        self._cancel()
        self.tree = GameTree(game)
        self.at = ROOT
        self.advice = None
        self._show()

    @property
    def game(self) -> Game:
        return self.tree.game

    def heading(self) -> str:
        """The game's players, event, date and result, in one line."""
        game = self.game
        white, black = game.tag("White", ""), game.tag("Black", "")
        parts = [f"{white} – {black}" if white or black else ""]
        parts += [game.tag("Event", ""), date_text(game.tag("Date", "") or "")]
        if self.chosen is not None:
            parts.append(game.result)
        return " · ".join(p for p in parts if p and p != "?")

    # -- walking through the game ----------------------------------------------------------

    def go(self, index: int) -> bool:
        """The board on the position after move ``index`` (``ROOT``: the start)."""
        if index != ROOT and not 0 <= index < len(self.tree):
            return False
        self._cancel()
        self.advice = None
        self.at = index
        self._show()
        self._changed()
        return True

    def first(self) -> bool:
        return self.go(ROOT)

    def back(self) -> bool:
        return self.go(self.tree.back(self.at))

    def forward(self) -> bool:
        return self.go(self.tree.forward(self.at))

    def last(self) -> bool:
        return self.go(self.tree.last(self.at))

    def _show(self) -> None:
        comment = self.tree[self.at].comment if self.at != ROOT else self.game.comment
        board = self.tree.board(self.at)
        status = None
        if self.at != ROOT:
            entry = self.tree[self.at]
            status = Said(N_("{label}. {turn} to move."), label=entry.label,
                          turn=ColourWord(board.turn))
        self.board.set_board(board, status)
        self.comment = comment

    def moves(self) -> list[Shown]:
        """The list of moves as the page shows it: a black move has its number where a line
        starts or a variation or comment came before it."""
        shown: list[Shown] = []
        entries = self.tree.entries()
        for i, entry in enumerate(entries):
            before = entries[i - 1] if i else None
            numbered = entry.white or entry.opens or before is None or \
                before.depth != entry.depth or bool(before.comment)
            after = entries[i + 1].depth if i + 1 < len(entries) else 0
            shown.append(Shown(entry.index, entry.label if numbered else entry.text,
                               entry.index == self.at, entry.depth, entry.comment,
                               entry.opens, max(0, entry.depth - after)))
        return shown

    def _moved(self, move: Move) -> None:
        """A move played on the board: the game's own when it is the next one, else a new
        line of the study."""
        self._cancel()
        self.advice = None
        self.at = self.tree.add(self.at, move)
        self.comment = self.tree[self.at].comment
        self._changed()

    def _taken_back(self, controller: BoardController) -> None:
        plies = len(controller.board.move_stack)
        while self.at != ROOT and len(self.tree.path(self.at)) > plies:
            self.at = self.tree.back(self.at)
        self._changed()

    # -- positions -------------------------------------------------------------------------

    def set_fen(self, text: str) -> bool:
        """Study the position of a FEN (numbers or algebraic squares); a FEN that cannot be
        read is said in words and the board stays."""
        text = str(text).strip()
        try:
            board = Board(text, self.board.variant)
        except DamaError as error:
            self.note = Said(N_("This FEN cannot be read: {error}"), error=error)
            self._changed()
            return False
        self._study(Game.from_board(board))
        self.chosen = None
        self.problem = None
        self.note = Said(N_("Position set up. {turn} to move."), turn=ColourWord(board.turn))
        self._changed()
        return True

    def start_setup(self) -> None:
        """Set a position up on the board: choose a piece (``brush``), then click squares."""
        self._cancel()
        self.advice = None
        self.board.set_mode("setup")
        self._changed()

    def brush(self, piece: Piece | None | str) -> None:
        self.board.set_brush(piece)
        self._changed()

    def finish_setup(self) -> bool:
        """Study the position set up (False, with the reason, if it is not a position)."""
        if self.board.mode != "setup":
            return True
        if not self.board.finish_setup():
            self._changed()
            return False
        return True

    def _board_changed(self, controller: BoardController) -> None:
        """The board left its setup mode (its own «Done» too): its position is studied."""
        was, self._mode = self._mode, controller.mode
        if was == "setup" and controller.mode != "setup":
            self.set_fen(controller.board.fen())

    def fen(self) -> str:
        """The position on the board as a FEN."""
        return self.board.export_fen()

    def pdn(self) -> str:
        """The game so far, from its start to the position on the board, as PDN."""
        return self.tree.pdn_to(self.at)

    # -- the computer's advice -------------------------------------------------------------

    @property
    def thinking(self) -> bool:
        return self._job is not None

    def best_move(self) -> bool:
        """Ask the computer for the best move: it thinks one depth at a time, saying how far
        it got (``progress``); ``advice`` holds what it found. False when there is no move."""
        if self._job is not None:
            return False
        board = self.board.board.copy()
        if self.board.mode == "setup" or board.outcome() is not None or not board.legal_moves:
            self.note = Said(N_("There is no move to look for here: the game is over.")) \
                if self.board.mode != "setup" else Said(N_("Finish setting up the position "
                                                           "first (Done)."))
            self._changed()
            return False
        engine = Engine(board.variant)
        steps = engine.think(board, time_limit=self.seconds, endgame=True)
        self._job = _Job(engine, steps, board, time.perf_counter())
        self.advice = None
        self.progress = Said(N_("The computer is thinking…"))
        self._changed()
        self.scheduler(0, self._step)
        return True

    def stop(self) -> None:
        """Stop the thinking under way: the best move found so far is given."""
        job = self._job
        if job is None:
            return
        job.stopping = True
        job.engine.stop()
        if not job.running:
            self.scheduler(0, self._step)

    def _step(self) -> None:
        job = self._job
        if job is None or job.running:
            return
        job.running = True

        def compute() -> SearchResult | None:
            return next(job.steps, None)

        def done(result: SearchResult | None, error: BaseException | None) -> None:
            job.running = False
            if self._job is not job:
                return          # the position changed meanwhile: this advice is for no one
            if error is not None:
                log.error("the computer's advice failed", exc_info=error)
                self._job = None
                self.progress = None
                self.note = Said(N_("The computer could not think about this position."))
                self._changed()
                return
            if result is None or job.stopping and job.last is not None and result is job.last:
                self._finish(job)
                return
            job.last = result
            self.progress = Said(N_("The computer is thinking… depth {depth}: {move}"),
                                 depth=result.depth, move=job.board.move_text(result.move))
            self._changed()
            if job.stopping:
                self._finish(job)
            else:
                self.scheduler(0, self._step)

        self.runner(compute, done)

    def _finish(self, job: _Job) -> None:
        self._job = None
        self.progress = None
        found = job.last
        if found is None:
            return self._changed()
        board = job.board
        pv = found.pv or [found.move]
        line = " ".join(movetext(board, pv))
        moves = move_texts(board, pv)
        self.advice = Advice(board.move_text(found.move), line,
                             in_words(board, found, self.lang), found.depth,
                             time.perf_counter() - job.started, job.stopping, tuple(moves))
        self._changed()

    def advice_text(self) -> str:
        """The advice in words: the move, its line, the position, the time it took."""
        advice = self.advice
        if advice is None:
            return ""
        _ = translator(self.lang)
        parts = [_("Best move: {move}.", move=advice.move),
                 _("It could go on: {line}.", line=advice.line)]
        if advice.words:
            parts.append(advice.words)
        seconds = f"{advice.seconds:.1f}".replace(".", _.context("decimal mark", "."))
        parts.append(_("(depth {depth}, {seconds} s)", depth=advice.depth, seconds=seconds)
                     if advice.depth else _("(from the endgame tables, {seconds} s)",
                                            seconds=seconds))
        if advice.stopped:
            parts.append(_("You stopped the computer: this is the best it found so far."))
        return " ".join(parts)

    def _cancel(self) -> None:
        job, self._job = self._job, None
        if job is not None:
            job.engine.stop()
        self.progress = None


def _has_moves(lines: list[str], headings: list[Heading]) -> bool:
    """Whether a file without tags has games a reader can start: its first game's first
    move reads as a move (a text file of other words does not)."""
    try:
        game = open_game(lines, headings[0])
    except PdnError:
        return False
    return bool(game.mainline)


__all__ = ["Advice", "Analysis", "Row", "Shown", "THINKING_SECONDS", "date_text"]
