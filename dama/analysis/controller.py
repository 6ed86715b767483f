"""The analysis page's logic, with no widget code: a game file and its list of games, the
game chosen walked move by move (its variations and comments, and the lines tried on the
board), a position pasted or set up, and the computer's advice, thought one depth at a time
so that the page never waits for it (dama.analysis.page draws it).

>>> page = Analysis("en")
>>> page.open_file(b'[White "Rossi"][Black "Bianchi"] 1. 22-19 10-14 2. 19x10 5x14 1-0', "a.pdn")
True
>>> [(row.number, row.white, row.black, row.result) for row in page.rows()]
[(1, 'Rossi', 'Bianchi', '1–0')]
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
import re

from damacore import CompiledEngine, engine_for
from damalib.engine import Engine, SearchResult, verdict_words
from damalib.errors import DamaError
from damalib.i18n import (N_, NP_, ColourWord, Said, SaidCount, VariantName, colour_word, said,
                          translator)
from damalib.pdn import (Game, Heading, PdnError, PdnWarning, decoded_lines, guess_variant, largest_square,
                         move_texts, movetext, open_game, scan_games)
from damalib.variants import VARIANTS, Variant, get_variant
from damalib.study import ROOT, GameTree
from dama.core.board.controller import BoardController, Runner, Scheduler, immediate, run_here

log = logging.getLogger("dama")

#: How far «Best move» thinks: a budget of positions, not of seconds, so that the same
#: position gets the same advice on a busy school computer as on a quiet one (about a
#: second here, with the compiled core); «Think more» multiplies it.
THINKING_NODES = 1_500_000
#: The budget where the compiled core cannot run: damalib's engine alone, about fifteen
#: times slower a position (one to two seconds here).
PYTHON_THINKING_NODES = 200_000
DEEPER = 4


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
    #: The game's draughts, as the file says it or its squares show it (None: not one this
    #: library plays).
    variant: str | None = None
    problem: bool = False
    #: A problem's task in words: «Il Bianco muove e vince» ("" for a game).
    goal: str = ""


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
    #: The positions searched: the budget the advice was given with.
    nodes: int = 0
    #: The search's score for the side to move (hundredths of a man; a win near ±MATE).
    score: int | None = None


@dataclass
class _Job:
    engine: Engine | CompiledEngine
    steps: Any
    board: Board
    started: float
    budget: int = THINKING_NODES
    last: SearchResult | None = None
    stopping: bool = False
    running: bool = False


_DATE = re.compile(r"(\d{4}|\?{4})[.\-/](\d\d|\?\?)[.\-/](\d\d|\?\?)")


def date_text(value: str, lang: str = "it") -> str:
    """A PDN date as a reader writes it, its unknown parts left out: ``2005.??.??`` 2005,
    ``1995.11.01`` 1/11/1995 (1995-11-01 in English); two dates (an event over days) joined
    by a dash.

    >>> date_text("2004.10.27 . 2004.11.01"), date_text("2005.??.??"), date_text("?")
    ('27/10/2004 – 1/11/2004', '2005', '')
    """
    found = _DATE.findall(value)
    if not found:
        year = value.strip(" .?")
        return year if year.isdigit() else ""
    written = []
    for year, month, day in found:
        parts = [p for p in (year, month, day) if "?" not in p]
        if not parts:
            continue
        if lang == "it" and len(parts) > 1:
            parts = [str(int(p)) if i else p for i, p in enumerate(parts)][::-1]
            written.append("/".join(parts))
        else:
            written.append("-".join(parts))
    return " – ".join(dict.fromkeys(written))


#: Results as a score sheet prints them (a game not finished, or not said, shows none).
RESULT_SIGNS = {"1-0": "1–0", "0-1": "0–1", "1/2-1/2": "½–½", "2-0": "2–0", "0-2": "0–2",
                "1-1": "1–1", "0-0": "0–0", "*": ""}


def problem_goal(result: str, fen: str, lang: str = "it") -> str:
    """A problem's task, from its result and the side its FEN sets to move: «Il Bianco muove
    e vince», «Il Nero muove e patta», else «Muove il Bianco».

    >>> problem_goal("1-0", "W:W7,26:B8", "it"), problem_goal("1/2-1/2", "B:W7:B8", "en")
    ('Il Bianco muove e vince', 'Black to play and draw')
    """
    _ = translator(lang)
    mover = "B" if fen.strip()[:1].upper() == "B" else "W"
    winner = {"1-0": "W", "2-0": "W", "0-1": "B", "0-2": "B"}.get(result.strip())
    side = colour_word(mover, lang, "subject")
    if winner == mover:
        said = _("{side} to play and win", side=side)
    elif result.strip() in ("1/2-1/2", "1-1"):
        said = _("{side} to play and draw", side=side)
    else:
        said = _("{side} to play", side=side)
    return said[:1].upper() + said[1:]


def result_text(result: str) -> str:
    """``1/2-1/2`` as ½–½; ``*`` (unfinished or unknown) as nothing."""
    return RESULT_SIGNS.get(result.strip(), result.strip())


class Analysis:
    """The analysis page: ``board`` is the board's controller (clicks, flip, the setup
    mode); this keeps the file, the game and the advice. ``scheduler`` and ``runner`` as for
    the board: a page passes the event loop's and a thread's, a test the immediate ones."""

    def __init__(self, lang: str = "it", *, scheduler: Scheduler | None = None,
                 runner: Runner | None = None, nodes: int | None = None) -> None:
        self.scheduler: Scheduler = scheduler or immediate
        self.runner: Runner = runner or run_here
        #: The advice's budget of positions (None: the engine's own, THINKING_NODES or
        #: PYTHON_THINKING_NODES).
        self.nodes = nodes
        #: The variant chosen for games that do not say theirs (None: as their squares
        #: show it).
        self.chosen_variant: str | None = None
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
        #: False while a problem's solution is hidden (a problem file's position to solve).
        self.solution_shown = True
        #: Where the page's next word is said, beside what it answers: "file", "moves",
        #: "position" or "advice"; ``notes`` keeps the last word of each place.
        self.note_place = "file"
        self.notes: dict[str, Any] = {}
        self._note: Any = None
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

    @property
    def note(self) -> Any:
        """The page's last word: a file opened or refused, a FEN set or refused, ..."""
        return self._note

    @note.setter
    def note(self, message: Any) -> None:
        self._note = message
        self.notes[self.note_place] = message

    def note_at(self, place: str) -> str:
        """The last word said at ``place``, in words ("" for none)."""
        return self.text(self.notes.get(place))

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
        try:
            lines = list(decoded_lines(io.BytesIO(raw)))
            headings = [h for h in scan_games(lines) if h.tags or h.moves]
            readable = b"\0" not in raw[:4096] and any(h.tags or h.moves > 0 for h in headings) \
                and (any(h.tags for h in headings) or _has_moves(lines, headings))
        except Exception:       # a file no one foresaw: said, and the page stays as it was
            log.exception("the game file %s could not be read", name)
            readable = False
        if not readable:
            self.note_place = "file"
            self.note = Said(N_("{name} is not a game file (PDN): no game could be found in "
                                "it."), name=name or "?")
            self._changed()
            return False
        self._lines, self.headings, self.file_name = lines, headings, name
        self.notes.clear()
        self.chosen = None
        self.chosen_variant = None
        problems = sum(h.is_problem for h in headings)
        count = (SaidCount(*NP_("{n} problem", "{n} problems"), len(headings))
                 if problems == len(headings) else
                 SaidCount(*NP_("{n} game", "{n} games"), len(headings)))
        self.note_place = "file"
        self.note = self._file_note = Said(N_("{name}: {games}."), name=name or "PDN",
                                           games=count)
        self._changed()
        return True

    def rows(self) -> list[Row]:
        """The file's games for the list: players, event, date, result (the tags of any
        language, ``Bianco`` for ``White``; ``Dati`` and ``Anno`` where a file has no event
        or date)."""
        rows = []
        for h in self.headings:
            variant = h.variant if self.chosen_variant is None or h.tag("GameType") else \
                get_variant(self.chosen_variant)
            rows.append(Row(h.number, _known(h.tag("White")), _known(h.tag("Black")),
                            _known(h.tag("Event")), date_text(h.tag("Date"), self.lang),
                            result_text(h.result), h.moves,
                            variant.name if variant is not None else None, h.is_problem,
                            problem_goal(h.result, h.tag("FEN"), self.lang)
                            if h.is_problem else ""))
        return rows

    def choose(self, number: int) -> bool:
        """Show game ``number`` of the file: from its start, or, when it cannot be read to
        its end, at its last move read, with the reason in words. A game that cannot be set
        up at all leaves the board on its variant's start, and says which game and why."""
        heading = next((h for h in self.headings if h.number == number), None)
        if heading is None:
            self.note_place = "file"
            self.note = Said(N_("There is no game {number} in this file."), number=number)
            self._changed()
            return False
        try:
            game = open_game(self._lines, heading, self.chosen_variant)
            if game.errors and self.chosen_variant is None and not heading.tag("GameType"):
                game = self._read_as_international(heading, game)
            GameTree(game)
        except Exception as error:   # the list, the board and the heading stay together
            if not isinstance(error, DamaError):
                log.exception("game %s of %s could not be read", number, self.file_name)
            game = Game(dict(heading.tags))
            game.tags.pop("FEN", None)
            game.tags.pop("SetUp", None)
            game.tags["GameType"] = (heading.variant or VARIANTS["italian"]).pdn_game_type or ""
            game.errors.append(error if isinstance(error, PdnError) else PdnError(
                N_("its position cannot be set up: {error}"), number,
                error=error if isinstance(error, DamaError) else Said(N_("an unknown fault"))))
        self.chosen = number
        self.notes.pop("position", None)
        self.notes.pop("moves", None)
        self.solution_shown = not game.is_problem
        self._study(game)
        if game.errors:
            self.problem = game.errors[0]
            if not game.is_problem:
                self.at = self.tree.last(ROOT)
            self._show()
        else:
            self.problem = None
        self.note_place = "file"
        self.note = self._file_note     # what the file holds stays said above its list
        self._changed()
        return True

    def _read_as_international(self, heading: Heading, game: Game) -> Game:
        """A game that does not say its draughts and stops, read as Italian: read as
        International draughts instead when it goes further so (a problem whose squares are
        all under 33), said as a guess."""
        other = open_game(self._lines, heading, "international")
        if len(other.mainline) <= len(game.mainline) and not (game.is_problem and
                                                               not other.errors):
            return game
        other.warnings.insert(0, PdnWarning(
            N_("the game does not say which draughts it is (no GameType tag): read as "
               "{variant}, since as Italian draughts it stops at move {number}"), heading.number,
            0, {"variant": VariantName("international"),
                "number": len(game.mainline) // 2 + 1}))
        return other

    def _study(self, game: Game) -> None:
        self._cancel()
        self.tree = GameTree(game)
        self.at = ROOT
        self.advice = None
        self._show()

    @property
    def game(self) -> Game:
        return self.tree.game

    @property
    def variant(self) -> Variant:
        """The draughts on the board."""
        return self.board.board.variant

    def variant_title(self) -> str:
        """«Dama internazionale 10x10»: the game on the board, as the page names it."""
        return VariantName(self.variant.name).text(self.lang)

    def warnings(self) -> list[str]:
        """What the game was read by a guess (its draughts, a capture's route), in words."""
        return [w.text(self.lang) for w in self.game.warnings]

    def heading(self) -> str:
        """The game's players, result, event, round, place, date and opening, in one line."""
        game = self.game
        _ = translator(self.lang)
        problem = self.chosen is not None and game.is_problem
        if problem and not (_known(game.tag("White", "")) or _known(game.tag("Black", ""))):
            parts = [_("Problem {number}", number=self.chosen),
                     problem_goal(game.result, game.tag("FEN", ""), self.lang)]
        else:
            white, black = _known(game.tag("White", "")), _known(game.tag("Black", ""))
            parts = [f"{white or '?'} – {black or '?'}" if white or black else ""]
            if self.chosen is not None:
                parts.append(result_text(game.result))
        parts += [_known(game.tag(name, "")) for name in ("Event", "Round", "Site")]
        parts.append(date_text(game.tag("Date", "") or "", self.lang))
        opening = _known(game.tag("Opening", ""))
        if opening:
            parts.append(_("opening {name}", name=opening))
        shown: list[str] = []
        for part in parts:
            if part and part not in shown:
                shown.append(part)
        return " · ".join(shown)

    def tags(self) -> list[tuple[str, str]]:
        """Every tag of the game as its file writes it, for the page's «all the data» (not
        the GameType the page guessed, which the file does not write)."""
        heading = next((h for h in self.headings if h.number == self.chosen), None)
        written = heading.tags if heading is not None else self.game.tags
        return [(name, value) for name, value in written.items() if value.strip()]

    # -- walking through the game ----------------------------------------------------------

    def go(self, index: int) -> bool:
        """The board on the position after move ``index`` (``ROOT``: the start)."""
        if index != ROOT and not 0 <= index < len(self.tree):
            return False
        self._cancel()
        self.advice = None
        self.notes.pop("moves", None)
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
        if not self.solution_shown:     # a problem's solution: only the moves tried so far
            tried = {e.index for e in self.tree.path(self.at)} if self.at != ROOT else set()
            entries = [e for e in entries if e.index in tried or e.added]
        for i, entry in enumerate(entries):
            before = entries[i - 1] if i else None
            numbered = entry.white or entry.opens or before is None or \
                before.depth != entry.depth or bool(before.comment)
            after = entries[i + 1].depth if i + 1 < len(entries) else 0
            shown.append(Shown(entry.index, entry.label if numbered else entry.written,
                               entry.index == self.at, entry.depth, entry.comment,
                               entry.opens, max(0, entry.depth - after)))
        return shown

    def _moved(self, move: Move) -> None:
        """A move played on the board: the game's own when it is the next one, else a new
        line of the study."""
        self._cancel()
        self.advice = None
        self.at = self.tree.add(self.at, move)
        entry = self.tree[self.at]
        self.comment = entry.comment if self.solution_shown else ""
        if not self.solution_shown and self.game.is_problem:
            self.note_place = "moves"
            self.note = Said(N_("That is a move of the solution.") if not entry.added and
                             entry.depth == 0 else
                             N_("That move is in a variation of the solution.")
                             if not entry.added else
                             N_("The solution plays another move here."))
        self._changed()

    def show_solution(self) -> None:
        """A problem's solution shown in the list (it is hidden until asked for)."""
        self.solution_shown = True
        self.comment = self.tree[self.at].comment if self.at != ROOT else self.game.comment
        self._changed()

    def _taken_back(self, controller: BoardController) -> None:
        plies = len(controller.board.move_stack)
        while self.at != ROOT and len(self.tree.path(self.at)) > plies:
            self.at = self.tree.back(self.at)
        self._changed()

    # -- positions -------------------------------------------------------------------------

    def set_fen(self, text: str) -> bool:
        """Study the position of a FEN (numbers or algebraic squares). Its draughts is the
        one on the board, unless the FEN writes a square that board does not have: a square
        over 32 is International draughts, one of 32 or less on a 10x10 board Italian (the
        page's choice of draughts changes it). A FEN that cannot be read is said in words
        and the board stays."""
        text = str(text).strip()
        variant = self._fen_variant(text)
        try:
            board = Board(text, variant)
        except DamaError as error:
            self.note_place = "position"
            self.note = Said(N_("This FEN cannot be read: {error}"), error=error)
            self._changed()
            return False
        except Exception:
            log.exception("the FEN %r could not be read", text[:200])
            self.note_place = "position"
            self.note = Said(N_("This FEN cannot be read: {error}"),
                             error=Said(N_("an unknown fault")))
            self._changed()
            return False
        self._study(Game.from_board(board))
        self.chosen = None
        self.problem = None
        self.solution_shown = True
        self.notes.pop("moves", None)
        self.note_place = "position"
        self.note = Said(N_("Position set up ({variant}). {turn} to move."),
                         variant=VariantName(variant.name), turn=ColourWord(board.turn))
        self._changed()
        return True

    def _fen_variant(self, text: str) -> Variant:
        current = self.board.variant
        largest = largest_square(text.split(":", 1)[-1]) if text[:1].isalpha() or ":" in \
            text else 0
        if largest > current.squares:
            return guess_variant(None, largest)
        if current.size == 10 and largest <= VARIANTS["italian"].squares and \
                self.chosen_variant != current.name:
            return VARIANTS["italian"]
        return current

    def set_variant(self, name: str) -> bool:
        """Play ``name``'s draughts on the board: the game of the file chosen read again as
        that draughts (when its file does not say which), else the position on the board
        set up again on that board where it fits, else that draughts' start."""
        variant = get_variant(name)
        if variant == self.variant and self.chosen_variant in (None, name):
            return True
        self.chosen_variant = variant.name
        heading = next((h for h in self.headings if h.number == self.chosen), None)
        if heading is not None and not heading.tag("GameType"):
            return self.choose(heading.number)
        board = self.board.board
        fen = board.fen() if board.fen() != board.variant.start_fen() else variant.start_fen()
        try:
            start = Board(fen, variant)
        except DamaError:
            start = Board(variant=variant)
        self._study(Game.from_board(start))
        self.chosen = None
        self.problem = None
        self.solution_shown = True
        self.note_place = "position"
        self.note = Said(N_("The board is now {variant}."), variant=VariantName(variant.name))
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

    def best_move(self, nodes: int | None = None) -> bool:
        """Ask the computer for the best move: it thinks one depth at a time, saying how far
        it got (``progress``), up to its budget of positions (``nodes``, the page's own by
        default); ``advice`` holds what it found. False when there is no move."""
        if self._job is not None:
            return False
        board = self.board.board.copy()
        if self.board.mode == "setup" or board.outcome() is not None or not board.legal_moves:
            self.note_place = "advice"
            self.note = Said(N_("There is no move to look for here: the game is over.")) \
                if self.board.mode != "setup" else Said(N_("Finish setting up the position "
                                                           "first (Done)."))
            self._changed()
            return False
        # A fresh engine each time (an empty table), so the same position and budget get
        # the same advice.
        engine = engine_for(board.variant)
        budget = nodes or self.nodes or (
            THINKING_NODES if isinstance(engine, CompiledEngine) else PYTHON_THINKING_NODES)
        steps = engine.think(board, max_nodes=budget, endgame=True)
        self._job = _Job(engine, steps, board, time.perf_counter(), budget)
        self.notes.pop("advice", None)
        self.advice = None
        self.progress = Said(N_("The computer is thinking…"))
        self._changed()
        self.scheduler(0, self._step)
        return True

    def think_more(self) -> bool:
        """Think again about the same position, with a budget ``DEEPER`` times the last
        one's: deeper, and slower."""
        advice = self.advice
        if advice is None or self._job is not None:
            return self.best_move()
        return self.best_move(max(self.nodes or 0, advice.nodes) * DEEPER)

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
                self.note_place = "advice"
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
                             verdict_words(board, found, self.lang), found.depth,
                             time.perf_counter() - job.started, job.stopping, tuple(moves),
                             job.budget, found.score)
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


def _known(value: str | None) -> str:
    """A tag's value, or "" where the file writes that it is unknown (``?``, ``-``)."""
    value = (value or "").strip()
    return "" if value.strip("?-. ") == "" else value


def _has_moves(lines: list[str], headings: list[Heading]) -> bool:
    """Whether a file without tags has games a reader can start: its first game's first
    move reads as a move (a text file of other words does not)."""
    try:
        game = open_game(lines, headings[0])
    except PdnError:
        return False
    return bool(game.mainline)


__all__ = ["Advice", "Analysis", "DEEPER", "PYTHON_THINKING_NODES", "Row", "Shown",
           "THINKING_NODES", "date_text",
           "problem_goal", "result_text"]
