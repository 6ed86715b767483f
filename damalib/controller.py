"""BoardController: everything the interactive board does, with no drawing code.

The controller holds a :class:`~damalib.Board` and all the state of the interactive board
(selection, the capture chain being clicked, mode, language, orientation, options, status line
and end-of-game banner). A view (``damalib.widget.BoardWidget``) only turns screen clicks into
:meth:`BoardController.click_cell` calls and draws :meth:`BoardController.snapshot`; so every
behaviour can be tested here without a browser.

Every string a student sees is in the :data:`TEXT` table, in Italian and English, and is
rendered in the current language each time a snapshot is taken: switching the language
re-renders every string. The rules behind each message are cited by id (RULES.md).

>>> c = BoardController()
>>> c.click(22); c.click(19)
>>> c.board.fen()
'B:W19,21,23-32:B1-12'
>>> c.snapshot().moves
'1. 22-19'
>>> c.click(19)                      # a White piece, but it is Black's turn (IT-B4)
>>> print(c.status)
Il pezzo in 19 è del Bianco, ma ora tocca al Nero (IT-B4).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from .board import BLACK, WHITE, Board, Move, Piece
from .errors import CountError, DamaError, IllegalMoveError, NotationError
from .explain import Explanation

LANGUAGES = ("it", "en")

# Every student-facing string, (Italian, English). Fields in braces are filled when rendered;
# {turn}, {side}, {who}, {colour} hold colours and are named in the language being rendered.
TEXT: dict[str, tuple[str, str]] = {
    # colours
    "W": ("Bianco", "White"),
    "B": ("Nero", "Black"),
    "W_adj_man": ("bianca", "white"),
    "B_adj_man": ("nera", "black"),
    # buttons and labels
    "undo": ("Annulla", "Undo"),
    "restart": ("Ricomincia", "Restart"),
    "flip": ("Gira", "Flip"),
    "numbers": ("Numeri", "Numbers"),
    "show_legal": ("Mostra mosse", "Show moves"),
    "call_count": ("Chiama le mosse", "Call the count"),
    "play": ("Gioca", "Play"),
    "move_placeholder": ("es. 22-19 o 27x18", "e.g. 22-19 or 27x18"),
    "moves_title": ("Mosse", "Moves"),
    "setup_turn_label": ("Tocca al", "To move"),
    "setup_clear": ("Svuota", "Clear"),
    "setup_start": ("Posizione iniziale", "Start position"),
    "setup_export": ("Esporta FEN", "Export FEN"),
    "setup_done": ("Fatto", "Done"),
    # the game
    "welcome": ("Tocca al {turn}: clicca un tuo pezzo, poi la casella dove vuoi andare.",
                "{turn} to move: click one of your pieces, then the square to go to."),
    "to_move": ("Tocca al {turn}.", "{turn} to move."),
    "your_turn": ("Tocca a te ({turn}).", "Your turn ({turn})."),
    "selected": ("Hai scelto il pezzo in {square}: ora clicca la casella dove va.",
                 "You picked the piece on {square}: now click the square it goes to."),
    "selected_capture": ("Il pezzo in {square} deve mangiare: clicca la casella dove arriva.",
                         "The piece on {square} must capture: click the square where it lands."),
    "deselected": ("Hai lasciato il pezzo in {square}. Tocca al {turn}.",
                   "You put the piece on {square} back. {turn} to move."),
    "moved": ("Il {who} ha giocato {move}.", "{who} played {move}."),
    "chain": ("Presa in corso: {path}. Clicca la prossima casella dove il pezzo atterra "
              "({rule}).",
              "Capture under way: {path}. Click the next square where the piece lands "
              "({rule})."),
    "ambiguous": ("In {square} si arriva in più modi ({options}): clicca una per una le caselle "
                  "dove il pezzo atterra ({rule}).",
                  "There is more than one way to reach {square} ({options}): click the squares "
                  "where the piece lands one at a time ({rule})."),
    "ambiguous_text": ("«{text}» va bene per più mosse ({options}): scrivi tutte le caselle "
                       "di arrivo ({rule}).",
                       "\u201c{text}\u201d fits more than one move ({options}): write every "
                       "landing square ({rule})."),
    "outside": ("Hai cliccato fuori dalla damiera.", "That click was outside the board."),
    "light_square": ("Le caselle chiare non si usano: si gioca solo sulle caselle scure ({rule}).",
                     "The light squares are not used: the game is played on the dark squares "
                     "only ({rule})."),
    "blocked_piece": ("Il pezzo in {square} non può muoversi: le caselle dove andrebbe sono "
                      "occupate ({rule}).",
                      "The piece on {square} cannot move: the squares it could go to are "
                      "taken ({rule})."),
    "game_over": ("La partita è finita. Premi «Ricomincia» per giocarne un'altra, o «Annulla».",
                  "The game is over. Press \u201cRestart\u201d for a new one, or \u201cUndo\u201d."),
    "banner": ("Fine della partita! {outcome}", "Game over! {outcome}"),
    "undone": ("Mossa {move} annullata.", "Move {move} taken back."),
    "nothing_to_undo": ("Non c'è nessuna mossa da annullare.", "There is no move to take back."),
    "restarted": ("Nuova partita!", "New game!"),
    "flipped": ("Damiera girata.", "Board flipped."),
    "numbers_on": ("Numeri delle caselle visibili.", "Square numbers shown."),
    "numbers_off": ("Numeri delle caselle nascosti.", "Square numbers hidden."),
    "hints_on": ("Le mosse possibili vengono mostrate.", "Possible moves are shown."),
    "hints_off": ("Le mosse possibili sono nascoste: trovale tu!",
                  "Possible moves are hidden: find them yourself!"),
    "position_set": ("Nuova posizione.", "New position."),
    "oops": ("Qualcosa non ha funzionato: riprova.", "Something went wrong: please try again."),
    "bad_fen": ("Non riesco a leggere la posizione «{fen}»: la damiera non è cambiata. "
                "(Dettaglio tecnico: {error})",
                "I cannot read the position \u201c{fen}\u201d: the board has not changed. "
                "(Technical detail: {error})"),
    # the 40-move count (IT-D2)
    "count_called": ("Il {who} ha chiamato le mosse: da ora si contano le sue mosse; alla 40ª "
                     "senza vincitore è patta ({rule}).",
                     "{who} called the count: from now on their moves are counted; at the 40th "
                     "with no winner the game is a draw ({rule})."),
    "count_text": ("Mosse contate: {n}/40 (chiamate dal {who}, {rule})",
                   "Counted moves: {n}/40 (called by {who}, {rule})"),
    "count_restart_man": ("Il conteggio riparte da zero: è stata mossa una pedina ({rule}).",
                          "The count starts again from zero: a man was moved ({rule})."),
    "count_restart_capture": ("Il conteggio riparte da zero: c'è stata una presa ({rule}).",
                              "The count starts again from zero: there was a capture ({rule})."),
    "count_wrong_variant": ("Il conteggio delle 40 mosse è una regola della Dama Italiana "
                            "({rule}).",
                            "The 40-move count is a rule of Dama Italiana ({rule})."),
    "count_running": ("Le mosse sono già state chiamate dal {who} ({rule}).",
                      "The count has already been called by {who} ({rule})."),
    "count_game_over": ("La partita è finita: non si possono più chiamare le mosse.",
                        "The game is over: the count can no longer be called."),
    # playing the computer
    "computer_thinking": ("Il computer sta pensando…", "The computer is thinking…"),
    "wait_computer": ("Aspetta: ora tocca al computer.", "Wait: it is the computer's turn."),
    "computer_moved": ("Il computer ha giocato {move}.", "The computer played {move}."),
    "computer_failed": ("Il computer non è riuscito a scegliere una mossa ({error}).",
                        "The computer could not choose a move ({error})."),
    "computer_mode": ("Giochi contro il computer: tu hai il {side}.",
                      "You are playing the computer: you have {side}."),
    "two_players_mode": ("Partita a due giocatori.", "Two-player game."),
    # puzzles
    "puzzle_mode": ("Esercizio: muove il {side}. Trova la mossa giusta!",
                    "Puzzle: {side} to move. Find the right move!"),
    "puzzle_locked": ("In questo esercizio muovi solo il {side}.",
                      "In this puzzle you move {side} only."),
    "puzzle_wait": ("Aspetta la risposta dell'avversario.", "Wait for the opponent's reply."),
    "puzzle_wrong": ("Non è la mossa giusta: riprova!", "That is not the right move: try again!"),
    "puzzle_solved": ("Esercizio risolto!", "Puzzle solved!"),
    "puzzle_over": ("L'esercizio è finito.", "The puzzle is over."),
    # setting up a position (teachers)
    "setup_mode": ("Prepara la posizione: clicca una casella per cambiarla (vuota → pedina "
                   "bianca → dama bianca → pedina nera → dama nera → vuota).",
                   "Set up the position: click a square to change it (empty → white man → "
                   "white king → black man → black king → empty)."),
    "setup_square": ("Casella {square}: {what}.", "Square {square}: {what}."),
    "setup_empty": ("vuota", "empty"),
    "setup_wm": ("pedina bianca", "white man"),
    "setup_wk": ("dama bianca", "white king"),
    "setup_bm": ("pedina nera", "black man"),
    "setup_bk": ("dama nera", "black king"),
    "setup_no_man": ("Una pedina {colour} non può stare in {square}: è l'ultima riga, dove "
                     "diventa dama ({rule}).",
                     "A {colour} man cannot stand on {square}: it is the far row, where it "
                     "becomes a king ({rule})."),
    "setup_turn": ("Nella posizione tocca al {turn}.", "In the position {turn} is to move."),
    "setup_cleared": ("Damiera svuotata.", "Board cleared."),
    "setup_started": ("Posizione iniziale.", "Start position."),
    "setup_fen": ("La posizione in FEN: {fen}", "The position in FEN: {fen}"),
    "setup_finished": ("Posizione pronta: si gioca!", "Position ready: let's play!"),
}

MODES = ("two_players", "computer", "puzzle", "setup")
_MODE_ALIASES = {"two players": "two_players", "two-players": "two_players",
                 "due giocatori": "two_players", "computer": "computer", "puzzle": "puzzle",
                 "esercizio": "puzzle", "setup": "setup", "prepara": "setup"}

# The rule that says which squares are played on (light squares are never used).
_BOARD_RULE = {"italian": "IT-B1", "international": "INT-B1", "brazilian": "BR-B1",
               "filipino": "BR-B1"}

#: Highlight kinds in a snapshot, drawn in this order.
HIGHLIGHT_KINDS = ("last_move", "obliged", "chain", "captured", "selected", "destinations",
                   "next")

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


_COLOUR_PARAMS = ("turn", "side", "who")


class _Msg:
    """A message from TEXT, rendered in the language asked for."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params

    def text(self, lang: str) -> str:
        i = LANGUAGES.index(lang)
        params = {}
        for name, value in self.params.items():
            if name in _COLOUR_PARAMS and value in (WHITE, BLACK):
                params[name] = TEXT[value][i]
            else:
                params[name] = _render(value, lang)
        return TEXT[self.key][i].format(**params)

    def __repr__(self) -> str:
        return f"_Msg({self.key!r})"


class _Seq:
    """Several messages shown one after the other."""

    __slots__ = ("parts",)

    def __init__(self, *parts: Any) -> None:
        self.parts = [p for p in parts if p is not None]

    def text(self, lang: str) -> str:
        return " ".join(t for t in (_render(p, lang) for p in self.parts) if t)


def _render(value: Any, lang: str) -> str:
    """Text of a message part: a TEXT message, an Explanation or Outcome (``.text(lang)``),
    an {"it": .., "en": ..} dict, an (Italian, English) pair, or plain text."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    text = getattr(value, "text", None)
    if callable(text):
        return text(lang)
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("it") or next(iter(value.values()), ""))
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value):
        return value[LANGUAGES.index(lang)]
    return str(value)


class RandomChooser:
    """The stand-in computer opponent: a random legal move, from a seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def choose(self, board: Board) -> Move:
        return self.random.choice(board.legal_moves)


@dataclass
class Verdict:
    """What a puzzle checker's ``on_attempt`` may answer.

    ``accept``: keep the move (True) or take it back (False). ``feedback``: text to show
    (plain text, an (Italian, English) pair, an {"it":…, "en":…} dict, or any object with
    ``text(lang)``). ``reply``: a move (text or Move) the controller plays for the other side
    after the pause. ``solved``: the puzzle is over; the feedback goes in the banner.
    """

    accept: bool
    feedback: Any = None
    reply: Move | str | None = None
    solved: bool = False


@dataclass(frozen=True)
class Snapshot:
    """Everything a view needs to draw the board and its texts, in the current language.

    ``cells`` maps each square to its (row, col) on screen (flipping applied); ``highlights``
    maps each kind of HIGHLIGHT_KINDS to squares (``last_move`` and ``chain`` are paths, in
    order).
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
    use a thread so that a slow engine does not hold up clicks.
    """

    def __init__(self, board_or_fen: Board | str | None = None, variant: str = "italian",
                 lang: str = "it", *, mode: str = "two_players", flipped: bool = False,
                 show_numbers: bool = True, show_legal: bool = True,
                 computer_side: str = BLACK, chooser: Any = None, seed: int | None = None,
                 delay: float = 0.5, scheduler: Scheduler | None = None,
                 runner: Runner | None = None) -> None:
        if isinstance(board_or_fen, Board):
            self.board = board_or_fen
        else:
            self.board = Board(board_or_fen, variant)
        self._start_fen = self.board.fen() if not self.board.move_stack else self._root_fen()
        self.lang = lang if lang in LANGUAGES else "it"
        self.mode = "two_players"
        self.flipped = flipped
        self.show_numbers = show_numbers
        self.show_legal = show_legal
        self.delay = delay
        self.scheduler: Scheduler = scheduler or immediate
        self.runner: Runner = runner or run_here
        self.chooser: Any = chooser if chooser is not None else RandomChooser(seed)
        self.computer_side = computer_side
        self.locked_side: str | None = None
        self._attempt: Callable[[Move], Any] | None = None
        self._puzzle_over = False
        self._chain: list[int] = []          # the selected piece, then each landing clicked
        self._status: Any = None
        self._banner: Any = None             # a banner set by a puzzle checker
        self._move_callbacks: list[Callable[[Move], Any]] = []
        self._change_callbacks: list[Callable[[BoardController], Any]] = []
        self._pending: _Pending | None = None
        self._generation = 0
        self._setup: dict[int, Piece] = {}
        self._setup_turn = WHITE
        self._notation_cache: tuple[tuple, str] | None = None
        self._status = _Msg("welcome", turn=self.board.turn)
        if mode != "two_players":
            self.set_mode(mode, computer_side=computer_side)

    # -- reading the state --------------------------------------------------------------------

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
        return tuple(self._chain)

    @property
    def generation(self) -> int:
        """Goes up whenever the game moves on (a move, undo, restart, a new position)."""
        return self._generation

    def message(self, key: str, **params: Any) -> Any:
        """A message of the TEXT table, shown in whatever language is current when drawn."""
        return _Msg(key, **params)

    @property
    def thinking(self) -> bool:
        """True while a computer move or a puzzle reply waits for its pause."""
        return self._pending is not None

    @property
    def status(self) -> str:
        """The status line, in the current language."""
        return _render(self._status, self.lang)

    @property
    def banner(self) -> str:
        """The banner (end of the game, or a puzzle solved), empty when there is none."""
        if self._banner is not None:
            return _render(self._banner, self.lang)
        if self.mode == "setup":
            return ""
        outcome = self.board.outcome()
        if outcome is None:
            return ""
        return _Msg("banner", outcome=outcome).text(self.lang)

    def text(self, key: str, **params: Any) -> str:
        """A string of the TEXT table in the current language."""
        return _Msg(key, **params).text(self.lang)

    def labels(self) -> dict[str, str]:
        keys = ("undo", "restart", "flip", "numbers", "show_legal", "call_count", "play",
                "move_placeholder", "moves_title", "setup_turn_label", "setup_clear",
                "setup_start", "setup_export", "setup_done", "W", "B")
        return {k: self.text(k) for k in keys}

    def count_text(self) -> str:
        """"Counted moves: N/40 (called by …)" while the 40-move count runs (IT-D2)."""
        board = self.board
        if board.count is None:
            return ""
        return self.text("count_text", n=board.count, who=board.count_claimant,
                         rule=board.variant.rules.get("count", "IT-D2"))

    def moves_text(self) -> str:
        """The moves played, numbered as in PDN (``1. 22-19 10-14 …``)."""
        key = (self._start_fen, tuple(self.board.move_stack))
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
        if self.mode == "setup":
            return dict(sorted(self._setup.items()))
        pieces = self.board.pieces()
        if len(self._chain) > 1:
            piece = pieces.pop(self._chain[0])
            pieces[self._chain[-1]] = piece
        return pieces

    def highlights(self) -> dict[str, tuple[int, ...]]:
        out: dict[str, tuple[int, ...]] = {k: () for k in HIGHLIGHT_KINDS}
        if self.mode == "setup":
            return out
        board = self.board
        if board.move_stack:
            out["last_move"] = board.move_stack[-1].path
        game_over = board.outcome() is not None
        if not self._chain:
            if self.show_legal and not game_over and board.must_capture() and self._can_move():
                out["obliged"] = tuple(board.capturing_squares())
            return out
        out["selected"] = (self._chain[0],)
        candidates = self._candidates()
        if len(self._chain) > 1:
            out["chain"] = tuple(self._chain)
            out["captured"] = candidates[0].captures[:len(self._chain) - 1] if candidates else ()
        if self.show_legal:
            ends = sorted({m.end for m in candidates})
            out["destinations"] = tuple(ends)
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
        setup = self.mode == "setup"
        return Snapshot(
            size=geo.size, variant=board.variant.name, flipped=self.flipped,
            cells={s: self.screen_cell(s) for s in range(1, geo.squares + 1)},
            pieces=self.pieces(), highlights=self.highlights(), status=self.status,
            banner=self.banner, moves="" if setup else self.moves_text(),
            count="" if setup else self.count_text(),
            turn=self._setup_turn if setup else board.turn, mode=self.mode, lang=self.lang,
            show_numbers=self.show_numbers, show_legal=self.show_legal, labels=self.labels(),
            game_over=not setup and board.outcome() is not None, thinking=self.thinking,
            can_call_count=(not setup and board.variant.forty_move_count
                            and board.count_claimant is None and board.outcome() is None),
            fen=self.export_fen() if setup else board.fen())

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

    def on_attempt(self, callback: Callable[[Move], Any] | None) -> None:
        """Puzzle mode: ``callback(move)`` judges each move the child tries before it is
        kept. It answers a :class:`Verdict`, True/False, an (accept, feedback) pair, or None
        (keep the move, nothing to say); an object with ``text(lang)`` and an
        ``accept``/``ok``/``correct`` attribute works too (optional ``reply``, and ``done``
        or ``solved`` to end the puzzle), such as ``puzzles.check.Verdict``."""
        self._attempt = callback

    def _changed(self) -> None:
        for callback in list(self._change_callbacks):
            callback(self)

    def _say(self, message: Any) -> None:
        self._status = message
        self._changed()

    # -- clicks -------------------------------------------------------------------------------

    def click_cell(self, row: int, col: int) -> None:
        """A click on the screen cell (row, col), row 0 at the top, flipping accounted for."""
        n = self.size
        if not (isinstance(row, int) and isinstance(col, int)) or not (
                0 <= row < n and 0 <= col < n):
            return self._say(_Msg("outside"))
        square = self.square_at(row, col)
        if square is None:
            return self._say(_Msg("light_square", rule=_BOARD_RULE.get(self.variant.name, "")))
        self.click(square)

    def click(self, square: int) -> None:
        """A click on the dark square numbered ``square``. Never raises: whatever is wrong
        with the click is said on the status line."""
        n = self.board.variant.squares
        if isinstance(square, bool) or not isinstance(square, int):
            return self._say(_Msg("outside"))
        if not 1 <= square <= n:
            return self._say(self.board.explain((square, square)))
        if self.mode == "setup":
            return self._setup_click(square)
        refusal = self._refusal()
        if refusal is not None:
            self._chain = []
            return self._say(refusal)
        if self._chain:
            self._click_with_selection(square)
        else:
            self._click_without_selection(square)

    def _can_move(self) -> bool:
        return self._refusal() is None

    def _refusal(self) -> Any:
        """Why the child may not move now, or None."""
        board = self.board
        if self._puzzle_over and self.mode == "puzzle":
            return _Msg("puzzle_over")
        if board.outcome() is not None:
            return _Msg("game_over")
        if self.thinking:
            return _Msg("computer_thinking" if self.mode == "computer" else "puzzle_wait")
        if self.mode == "computer" and board.turn == self.computer_side:
            return _Msg("wait_computer")
        if self.mode == "puzzle" and self.locked_side and board.turn != self.locked_side:
            return _Msg("puzzle_locked", side=self.locked_side)
        return None

    def _moves_from(self, square: int) -> list[Move]:
        return [m for m in self.board.legal_moves if m.start == square]

    def _candidates(self) -> list[Move]:
        """Legal moves whose path begins with the squares clicked so far."""
        k = len(self._chain)
        return [m for m in self.board.legal_moves
                if len(m.path) > k - 1 and list(m.path[:k]) == self._chain]

    def _click_without_selection(self, square: int) -> None:
        board = self.board
        piece = board.piece_at(square)
        if piece is None or piece.colour != board.turn:
            # Empty square, or the opponent's piece: the library says why (IT-B4).
            return self._say(board.explain((square, square)))
        if not self._moves_from(square):
            return self._say(self._why_cannot_move(square))
        return self._select(square)

    def _select(self, square: int) -> None:
        self._chain = [square]
        capture = any(m.captures for m in self._moves_from(square))
        self._say(_Msg("selected_capture" if capture else "selected", square=square))

    def _why_cannot_move(self, square: int) -> Any:
        """Why the piece on ``square`` has no legal move: another piece must capture (IT-C1),
        or it is blocked. The words come from ``board.explain``."""
        board = self.board
        geo = board.variant.geometry
        row, col = geo.coords[square]
        piece = board.piece_at(square)
        forward = -1 if board.turn == WHITE else 1
        steps = [(forward, -1), (forward, 1)]
        if piece is not None and piece.king:
            steps += [(-forward, -1), (-forward, 1)]
        attempts = []
        for dr, dc in steps:
            target = geo.by_coords.get((row + dr, col + dc))
            if target is not None:
                attempts.append((square, target))
        for attempt in attempts:
            if board.piece_at(attempt[1]) is None:
                explanation = board.explain(attempt)
                if not explanation.legal:
                    return explanation
        if board.must_capture():
            return Explanation(False, board.variant.rules["compulsory"], "must_capture",
                               {"capturing": board.capturing_squares()})
        rule = board.variant.rules["king_move" if piece and piece.king else "man_move"]
        return _Msg("blocked_piece", square=square, rule=rule)

    def _click_with_selection(self, square: int) -> None:
        board = self.board
        chain = self._chain
        candidates = self._candidates()
        k = len(chain)
        if k == 1 and square == chain[0]:
            self._chain = []
            return self._say(_Msg("deselected", square=square, turn=board.turn))
        # The next landing square of a chain (or the destination of a simple move).
        following = [m for m in candidates if len(m.path) > k and m.path[k] == square]
        if following:
            finished = [m for m in following if len(m.path) == k + 1]
            if finished:
                return self._attempt_move(finished[0])
            self._chain = chain + [square]
            return self._say(_Msg("chain", path="x".join(map(str, self._chain)),
                                  rule=board.variant.rules["continue"]))
        # The final square, clicked before the landings between: fine when unambiguous.
        ending = [m for m in candidates if m.end == square and len(m.path) > k]
        if len(ending) == 1:
            return self._attempt_move(ending[0])
        if len(ending) > 1:
            options = ", ".join("x".join(map(str, m.path)) for m in ending)
            return self._say(_Msg("ambiguous", square=square, options=options,
                                  rule=board.variant.rules["notation"]))
        piece = board.piece_at(square)
        if piece is not None and piece.colour == board.turn and square not in chain:
            # Another own piece: select it instead (or say why it cannot move).
            self._chain = []
            if self._moves_from(square):
                return self._select(square)
            return self._say(self._why_cannot_move(square))
        if square == chain[0]:
            self._chain = []
            return self._say(_Msg("deselected", square=square, turn=board.turn))
        return self._say(board.explain(tuple(chain) + (square,)))

    # -- moves --------------------------------------------------------------------------------

    def play(self, move: Move | str, *, user: bool = False) -> Move | None:
        """Play a move given as text (``22-19``, ``27x18x9x2``) or a Move. Returns the Move
        played, or None when it was not played (the status line says why). Never raises.

        Programmatic calls (lessons, a puzzle checker's reply) may move either side;
        ``user=True`` (the text box) obeys the same locks as clicks and, in puzzle mode,
        asks ``on_attempt`` first."""
        board = self.board
        if self.mode == "setup":
            return None
        if user:
            refusal = self._refusal()
            if refusal is not None:
                self._say(refusal)
                return None
        elif board.outcome() is not None:
            self._say(_Msg("game_over"))
            return None
        if isinstance(move, Move):
            if not board.is_legal(move):
                self._say(board.explain(move))
                return None
            chosen = move
        else:
            try:
                chosen = board.parse_move(move)
            except IllegalMoveError as error:
                explanation = error.explanation
                self._say(explanation if explanation is not None else board.explain(move))
                return None
            except NotationError:
                self._say(self._unreadable(move))
                return None
        self._chain = []
        if user:
            return self._attempt_move(chosen)
        return self._apply(chosen)

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
                return _Msg("ambiguous_text", text=text.strip(),
                            options=", ".join("x".join(map(str, m.path)) for m in options),
                            rule=board.variant.rules["notation"])
        return board.explain(str(text))

    def _attempt_move(self, move: Move) -> Move | None:
        """A move the child made (click or text box): judged in puzzle mode, then played."""
        self._chain = []
        if self.mode == "puzzle" and self._attempt is not None:
            accept, feedback, reply, solved = _read_verdict(self._attempt(move))
            if not accept:
                self._say(feedback if feedback is not None else _Msg("puzzle_wrong"))
                return None
            played = self._apply(move, extra=feedback, notify_change=False)
            if solved:
                self._puzzle_over = True
                self._banner = feedback if feedback is not None else _Msg("puzzle_solved")
            if reply is not None and not solved:
                self._schedule(lambda: self.play(reply))
            self._changed()
            return played
        return self._apply(move)

    def _apply(self, move: Move, extra: Any = None, notify_change: bool = True) -> Move:
        """Push a legal move, say so, tell the listeners, and let the computer answer."""
        board = self.board
        mover = board.turn
        text = board.move_text(move)
        count_before = board.count
        self._cancel_pending()  # whatever was waiting was meant for the position before
        board.push(move)
        self._chain = []
        self._generation += 1
        parts: list[Any] = []
        if self.mode == "computer" and mover == self.computer_side:
            parts.append(_Msg("computer_moved", move=text))
        else:
            parts.append(_Msg("moved", who=mover, move=text))
        if count_before and board.count == 0:
            rule = board.variant.rules.get("count", "IT-D2")
            parts.append(_Msg("count_restart_capture" if move.captures else "count_restart_man",
                              rule=rule))
        parts.append(extra)
        if board.outcome() is None:
            if self.mode == "computer" and board.turn == self.computer_side:
                parts.append(_Msg("computer_thinking"))
            elif self.mode == "computer":
                parts.append(_Msg("your_turn", turn=board.turn))
            else:
                parts.append(_Msg("to_move", turn=board.turn))
        self._status = _Seq(*parts)
        for callback in list(self._move_callbacks):
            callback(move)
        if self.board is board and self.mode == "computer":
            self._maybe_computer_move()
        if notify_change:
            self._changed()
        return move

    # -- the computer -------------------------------------------------------------------------

    def _schedule(self, action: Callable[[], Any]) -> None:
        pending = _Pending(self._generation)
        self._pending = pending

        def run() -> None:
            if self._pending is not pending or self._generation != pending.generation:
                return  # undone, restarted or replaced meanwhile
            self._pending = None
            action()
            self._changed()

        pending.handle = self.scheduler(self.delay, run)

    def _cancel_pending(self) -> None:
        pending, self._pending = self._pending, None
        if pending is not None and pending.handle is not None:
            cancel = getattr(pending.handle, "cancel", None)
            if callable(cancel):
                cancel()

    def _maybe_computer_move(self) -> None:
        board = self.board
        if (self.mode == "computer" and board.turn == self.computer_side
                and board.outcome() is None and self._pending is None):
            self._schedule(self._computer_move)

    def _computer_move(self) -> None:
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
                self._status = _Msg("computer_failed",
                                    error=str(problem) or type(problem).__name__)
                self._changed()
                return
            self._apply(move)

        self.runner(compute, done)

    # -- buttons ------------------------------------------------------------------------------

    def undo(self) -> Move | None:
        """Take back the last move. Against the computer, or in a puzzle, the opponent's
        reply goes too, so that it is the child's turn again."""
        board = self.board
        if self.mode == "setup":
            return None
        self._cancel_pending()
        self._generation += 1
        self._chain = []
        opponent = None
        if self.mode == "computer":
            opponent = self.computer_side
        elif self.mode == "puzzle" and self.locked_side:
            opponent = BLACK if self.locked_side == WHITE else WHITE
        plies = 1
        if opponent is not None and len(board.move_stack) >= 1:
            # The side that moved last is the one whose turn it is after the pop.
            last_mover = WHITE if board.turn == BLACK else BLACK
            if last_mover == opponent:
                plies = 2
        if len(board.move_stack) < plies:
            self._say(_Msg("nothing_to_undo"))
            return None
        self._banner = None
        self._puzzle_over = False
        taken = None
        parts: list[Any] = []
        for _ in range(plies):
            taken = board.pop()
            parts.insert(0, _Msg("undone", move=str(taken)))
        self._status = _Seq(*parts, _Msg("to_move", turn=board.turn))
        self._maybe_computer_move()
        self._changed()
        return taken

    def restart(self) -> None:
        """Back to the position the game started from (the last one set)."""
        if self.mode == "setup":
            return None
        self._cancel_pending()
        self._generation += 1
        self._chain = []
        self._banner = None
        self._puzzle_over = False
        self.board.set_fen(self._start_fen)
        self._status = _Seq(_Msg("restarted"), _Msg("welcome", turn=self.board.turn))
        self._maybe_computer_move()
        self._changed()

    def flip(self) -> None:
        """Turn the board round (the squares keep their numbers)."""
        self.flipped = not self.flipped
        self._say(_Msg("flipped"))

    def toggle_numbers(self) -> None:
        self.show_numbers = not self.show_numbers
        self._say(_Msg("numbers_on" if self.show_numbers else "numbers_off"))

    def set_show_legal(self, show: bool) -> None:
        """Legal-destination hints on or off."""
        self.show_legal = bool(show)
        self._say(_Msg("hints_on" if self.show_legal else "hints_off"))

    def set_language(self, lang: str) -> None:
        """"it" or "en": every string is shown again in that language."""
        if lang not in LANGUAGES:
            raise ValueError(f"language must be one of {LANGUAGES}, not {lang!r}")
        self.lang = lang
        self._changed()

    def call_count(self) -> bool:
        """The player to move calls the 40-move count ("Chiama le mosse", IT-D2)."""
        board = self.board
        rule = board.variant.rules.get("count", "IT-D2")
        if self.mode == "setup":
            return False
        if self.mode == "computer" and board.turn == self.computer_side:
            self._say(_Msg("wait_computer"))
            return False
        try:
            board.call_count()
        except CountError:
            if not board.variant.forty_move_count:
                self._say(_Msg("count_wrong_variant", rule="IT-D2"))
            elif board.count_claimant is not None:
                self._say(_Msg("count_running", who=board.count_claimant, rule=rule))
            else:
                self._say(_Msg("count_game_over"))
            return False
        self._say(_Msg("count_called", who=board.turn, rule=rule))
        return True

    def set_position(self, fen: str) -> bool:
        """Set up a position (a PDN FEN). A bad FEN leaves the board as it was and says why."""
        try:
            board = Board(fen, self.board.variant)
        except DamaError as error:
            self._say(_Msg("bad_fen", fen=str(fen)[:60], error=str(error)))
            return False
        self._cancel_pending()
        self._generation += 1
        self.board.set_fen(board.fen())
        self._start_fen = self.board.fen()
        self._chain = []
        self._banner = None
        self._puzzle_over = False
        self._setup = self.board.pieces()
        self._setup_turn = self.board.turn
        self._status = _Seq(_Msg("position_set"), _Msg("to_move", turn=self.board.turn))
        self._maybe_computer_move()
        self._changed()
        return True

    def show_feedback(self, message: Any, *, banner: bool = False) -> None:
        """Show a message (text, an (it, en) pair, a dict or an object with ``text(lang)``)
        on the status line, or in the banner."""
        if banner:
            self._banner = message
            self._changed()
        else:
            self._say(message)

    def clear_banner(self) -> None:
        self._banner = None
        self._changed()

    # -- modes --------------------------------------------------------------------------------

    def set_mode(self, mode: str, *, computer_side: str | None = None, chooser: Any = None,
                 side: str | None = None) -> None:
        """"two_players", "computer" (``computer_side`` "W"/"B", ``chooser``), "puzzle"
        (``side``: the side the child moves) or "setup"."""
        key = _MODE_ALIASES.get(str(mode).strip().lower().replace("_", " "), str(mode))
        if key not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        if self.mode == "setup" and key != "setup":
            if not self._leave_setup():
                return
        self._cancel_pending()
        self._generation += 1
        self._chain = []
        self._banner = None
        self._puzzle_over = False
        self.mode = key
        if key == "computer":
            if computer_side is not None:
                if computer_side not in (WHITE, BLACK):
                    raise ValueError("computer_side must be 'W' or 'B'")
                self.computer_side = computer_side
            if chooser is not None:
                self.chooser = chooser
            self.flipped = self.computer_side == WHITE  # the child's pieces at the bottom
            human = WHITE if self.computer_side == BLACK else BLACK
            self._status = _Msg("computer_mode", side=human)
            self._maybe_computer_move()
        elif key == "puzzle":
            self.locked_side = side if side is not None else self.board.turn
            self._status = _Msg("puzzle_mode", side=self.locked_side)
        elif key == "setup":
            self._setup = self.board.pieces()
            self._setup_turn = self.board.turn
            self._status = _Msg("setup_mode")
        else:
            self.locked_side = None
            self._status = _Seq(_Msg("two_players_mode"), _Msg("to_move", turn=self.board.turn))
        if key != "puzzle":
            self.locked_side = None
        self._changed()

    def start_puzzle(self, fen: str, *, side: str | None = None,
                     on_attempt: Callable[[Move], Any] | None = None,
                     prompt: Any = None) -> bool:
        """Puzzle mode on the position ``fen``: the child moves ``side`` only (default: the
        side to move), each attempt goes to ``on_attempt``; ``prompt`` replaces the
        default status line."""
        if self.mode == "setup":
            self.set_mode("two_players")
        if not self.set_position(fen):
            return False
        self.on_attempt(on_attempt)
        self.set_mode("puzzle", side=side)
        if prompt is not None:
            self._say(prompt)
        return True

    # -- setting up a position ----------------------------------------------------------------

    _CYCLE = (None, Piece(WHITE, False), Piece(WHITE, True), Piece(BLACK, False),
              Piece(BLACK, True))
    _CYCLE_NAMES = ("setup_empty", "setup_wm", "setup_wk", "setup_bm", "setup_bk")

    def _promotion_row(self, colour: str) -> range:
        geo = self.board.variant.geometry
        if colour == WHITE:
            return range(1, geo.half + 1)
        return range(geo.squares - geo.half + 1, geo.squares + 1)

    def _setup_click(self, square: int) -> None:
        current = self._setup.get(square)
        index = self._CYCLE.index(current)
        skipped: list[Piece] = []
        while True:
            index = (index + 1) % len(self._CYCLE)
            piece = self._CYCLE[index]
            if piece is not None and not piece.king and square in self._promotion_row(
                    piece.colour):
                skipped.append(piece)  # a man on its promotion row would be a king (IT-C7)
                continue
            break
        if piece is None:
            self._setup.pop(square, None)
        else:
            self._setup[square] = piece
        parts: list[Any] = [_Msg("setup_square", square=square,
                                 what=_Msg(self._CYCLE_NAMES[index]))]
        for man in skipped:
            parts.insert(0, _Msg("setup_no_man", square=square, colour=_Msg(
                f"{man.colour}_adj_man"), rule=self.board.variant.rules["promotion"]))
        self._say(_Seq(*parts))

    def setup_piece(self, square: int, piece: Piece | None) -> bool:
        """Put ``piece`` (or nothing) on ``square`` while setting up; False, with the reason
        on the status line, for a man on its promotion row."""
        if self.mode != "setup":
            self.set_mode("setup")
        if piece is not None and not piece.king and square in self._promotion_row(piece.colour):
            self._say(_Msg("setup_no_man", square=square, colour=_Msg(f"{piece.colour}_adj_man"),
                           rule=self.board.variant.rules["promotion"]))
            return False
        if piece is None:
            self._setup.pop(square, None)
        else:
            self._setup[square] = Piece(*piece)
        self._changed()
        return True

    def set_turn(self, side: str) -> None:
        """While setting up: the side to move in the position."""
        if side not in (WHITE, BLACK):
            raise ValueError("side must be 'W' or 'B'")
        self._setup_turn = side
        self._say(_Msg("setup_turn", turn=side))

    def setup_clear(self) -> None:
        self._setup = {}
        self._say(_Msg("setup_cleared"))

    def setup_start(self) -> None:
        start = Board(None, self.board.variant)
        self._setup = start.pieces()
        self._setup_turn = start.turn
        self._say(_Msg("setup_started"))

    def export_fen(self) -> str:
        """The position being set up (or the board's, outside setup mode) as a PDN FEN."""
        if self.mode != "setup":
            return self.board.fen()
        sides = []
        for colour in (WHITE, BLACK):
            items = sorted((s, p) for s, p in self._setup.items() if p.colour == colour)
            sides.append(colour + ",".join(("K" if p.king else "") + str(s) for s, p in items))
        fen = f"{self._setup_turn}:{sides[0]}:{sides[1]}"
        try:
            return Board(fen, self.board.variant).fen()  # canonical: ranges such as 21-32
        except DamaError:
            return fen

    def show_fen(self) -> str:
        """Export the FEN and show it on the status line."""
        fen = self.export_fen()
        self._say(_Msg("setup_fen", fen=fen))
        return fen

    def finish_setup(self) -> bool:
        """Leave setup mode and play from the position set up (two players)."""
        if self.mode != "setup":
            return True
        if not self._leave_setup():
            return False
        self.mode = "two_players"
        self._status = _Seq(_Msg("setup_finished"), _Msg("to_move", turn=self.board.turn))
        self._changed()
        return True

    def _leave_setup(self) -> bool:
        fen = self.export_fen()
        try:
            Board(fen, self.board.variant)
        except DamaError as error:
            self._say(_Msg("bad_fen", fen=fen, error=str(error)))
            return False
        self.board.set_fen(fen)
        self._start_fen = self.board.fen()
        return True

    def _root_fen(self) -> str:
        start = self.board.copy()
        while start.move_stack:
            start.pop()
        return start.fen()


def _read_verdict(verdict: Any) -> tuple[bool, Any, Any, bool]:
    """(accept, feedback, reply, solved) from whatever a puzzle checker answered."""
    if verdict is None:
        return True, None, None, False
    if isinstance(verdict, bool):
        return verdict, None, None, False
    if isinstance(verdict, Verdict):
        return bool(verdict.accept), verdict.feedback, verdict.reply, bool(verdict.solved)
    if isinstance(verdict, tuple) and verdict and isinstance(verdict[0], bool):
        feedback = verdict[1] if len(verdict) > 1 else None
        reply = verdict[2] if len(verdict) > 2 else None
        return verdict[0], feedback, reply, False
    for name in ("accept", "accepted", "ok", "correct"):
        if hasattr(verdict, name):
            # e.g. puzzles.check.Verdict: ``correct``, ``done`` (False while a line of moves
            # goes on, ``reply`` being the opponent's answer) and ``text(lang)``.
            accept = bool(getattr(verdict, name))
            feedback = verdict if callable(getattr(verdict, "text", None)) else None
            reply = getattr(verdict, "reply", None)
            solved = bool(getattr(verdict, "solved", False)) or (
                accept and getattr(verdict, "done", False) is True)
            return accept, feedback, reply, solved
    return bool(verdict), None, None, False


__all__ = ["BoardController", "HIGHLIGHT_KINDS", "LANGUAGES", "MODES", "RandomChooser",
           "Snapshot", "TEXT", "Verdict", "immediate", "run_here"]
