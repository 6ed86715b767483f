"""What a text tells a child about a position, checked against the rules engine.

The course's texts state facts: a move, the piece on a square, what a capture takes, how many
moves there are, who is a piece up at the end of a line. :func:`check_text` finds every such
claim by the shapes the texts use, in Italian and English, and checks each against a
:class:`Story`: the position the text speaks of and every position along the lines it may
tell (a puzzle's solutions, the opponent's answer to a wrong move). A number in the text
that no claim accounts for is reported too, as a fact nobody checked.

    >>> from damalib import Board
    >>> story = Story(Board("B:W10,17,21,23,27,28,32:B1,7,9,11,14,16"),
    ...               [["14-19", "23x14", "11x25"]])
    >>> problems("Con 14-19 il Nero offre un pezzo e guadagna un pezzo.", story)
    []
    >>> problems("Alla fine il Nero ha un pezzo in più.", story)
    ['lead: «Alla fine il Nero ha un pezzo in più»: in the end Black leads by 0']
    >>> problems("La pedina in 31 mangia.", story)
    ['piece: «pedina in 31»: no man on 31 in the position or along the line']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from damalib import BLACK, WHITE, Board, DamaError, Move
from damalib.i18n import CONTENT_LANGUAGES

__all__ = ["Claim", "Story", "check_text", "problems", "story_of", "SHAPES"]

LANGS = CONTENT_LANGUAGES
OTHER = {WHITE: BLACK, BLACK: WHITE}
_WORDS = {
    "it": {"un": 1, "uno": 1, "una": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5,
           "sei": 6, "sette": 7, "otto": 8, "nove": 9, "dieci": 10, "nessuna": 0,
           "nessun": 0, "nessuno": 0, "zero": 0, "solo": 1, "sola": 1},
    "en": {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "no": 0, "none": 0, "zero": 0,
           "a single": 1, "single": 1, "both": 2},
}
#: Number words a claim must account for (the article, "un" or "a", is too common to be one).
_COUNTED = {"it": ("uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove",
                   "dieci"),
            "en": ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                   "ten")}
_ORDINALS = {"prima": 1, "primo": 1, "seconda": 2, "secondo": 2, "terza": 3, "terzo": 3,
             "quarta": 4, "quarto": 4, "quinta": 5, "quinto": 5, "sesta": 6, "settima": 7,
             "ottava": 8, "first": 1, "top": 1, "second": 2, "third": 3, "fourth": 4,
             "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8}
_SIDE_WORDS = {"il bianco": WHITE, "bianco": WHITE, "al bianco": WHITE, "white": WHITE,
               "il nero": BLACK, "nero": BLACK, "al nero": BLACK, "black": BLACK}


class Story:
    """The positions a text may speak of: ``board`` (where the child is to move) and every
    position along ``lines`` (sequences of moves or move texts played from it), each line
    stopping at its first move that cannot be played; ``before``: positions that led to
    ``board`` (the moves of a count puzzle). ``side``: the child's colour (default: the side
    to move in ``board``); ``plies``: how far a goal is proved to be reached (a puzzle's)."""

    def __init__(self, board: Board, lines: Iterable[Sequence[Move | str]] = (),
                 side: str | None = None, before: Sequence[Board] = (),
                 plies: int = 0, moves: Sequence[str] = ()) -> None:
        self.start = board.copy()
        self.side = side or board.turn
        self.plies = plies
        #: The moves played before ``board`` (a count puzzle's), as written.
        self.moves = tuple(moves)
        self.before = [b.copy() for b in before]
        self.boards: list[Board] = [*self.before, self.start]
        self.lines: list[list[tuple[Board, Move]]] = []
        for line in lines:
            after = self.start.copy()
            played: list[tuple[Board, Move]] = []
            for item in line:
                try:
                    move = item if isinstance(item, Move) else after.parse_move(str(item))
                except DamaError:
                    break
                if not after.is_legal(move):
                    break
                played.append((after.copy(), move))
                after.push(move)
                self.boards.append(after.copy())
            self.lines.append(played)

    def named(self, text: str) -> list[tuple[Board, Move, bool]]:
        """Where the move ``text`` can be read: (position, move, legal), legal moves first,
        then captures the precedence rules turn down (a text may speak of those too)."""
        legal, raw = [], []
        for board in self.boards:
            try:
                legal.append((board, board.parse_move(text), True))
                continue
            except DamaError:
                pass
            raw += [(board, move, False) for move in _raw(board) if _writes(move, text)]
        return legal + raw

    def pieces_at(self, square: int) -> list:
        return [b.piece_at(square) for b in self.boards if b.piece_at(square) is not None]

    def main_line(self) -> list[tuple[Board, Move]]:
        return self.lines[0] if self.lines else []

    def end(self) -> Board:
        """Where the first line ends (the start when there is none)."""
        line = self.main_line()
        if not line:
            return self.start
        board, move = line[-1]
        after = board.copy()
        after.push(move)
        return after


def _raw(board: Board) -> list[Move]:
    """Every capture chain of the side to move before the precedence rules (IT-P1..P4)."""
    return [board.move_of(r) for r in board.movegen.raw_captures(*board.relative())]


def _writes(move: Move, text: str) -> bool:
    squares = [int(s) for s in re.split(r"[-x]", text)]
    if squares == list(move.path):
        return True
    return len(squares) == 2 and squares == [move.start, move.end] and bool(move.captures)


#: How a prompt tells the moves from the start of the game (authoring/puzzles/openings.py).
OPENING_LINE = re.compile(r"^Le prime mosse: ([0-9x, -]+)\.")


def opening_positions(moves: Sequence[str], reached: Board, variant: str) -> list[Board]:
    """The positions along ``moves`` played from the start, when they are legal and end on
    ``reached``; else none.

    >>> [b.fen() for b in opening_positions(["22-18", "9-13"], Board("W:W18,21,23-32:B1-8,10-13"), "italian")]
    ['W:W21-32:B1-12', 'B:W18,21,23-32:B1-12']
    """
    board, along = Board(None, variant), []
    try:
        for text in moves:
            along.append(board.copy())
            board.push(text)
    except (DamaError, ValueError):
        return []
    return along if board.fen() == reached.fen() else []


def told_line(puzzle, text: str, first: str | None) -> list[str]:
    """The line ``text`` tells from the puzzle's position: the moves written in it, in
    order, while each can be played after the one before, when the first is ``first`` (a
    choice's option); else none.

    >>> from dama.core.content.puzzle import Puzzle
    >>> told_line(Puzzle(id="x", variant="italian", topic="t", kind="choice", level=1,
    ...     fen="W:W22,25,26:B9,14", prompts={}, solutions=(0,), rules=()),
    ...     "Con 22-19 il Nero deve mangiare, 14x23, poi 26-22; non 9x5.", "22-19")
    ['22-19', '14x23', '26-22']
    """
    board = Board(puzzle.fen, puzzle.variant)
    line = []
    for move in moves_in(text):
        try:
            board.push(move)
        except (DamaError, ValueError):
            break
        line.append(move)
    return line if line and line[0] == first else []


def option_story(puzzle, i: int, lang: str) -> Story:
    """The story a choice's feedback for option ``i`` speaks of: when it tells a line of two
    moves or more from that option (what a wrong move would let happen), the option and the
    opponent's best answer to it (:func:`damalib.review.refutation`, which the words tell
    the start of); else the puzzle's story."""
    from damalib.review import refutation

    story = story_of(puzzle)
    line = told_line(puzzle, puzzle.feedback[lang][i], puzzle.options[lang][i])
    if len(line) < 2 or i == puzzle.solutions[0]:
        return story
    said, after = [], story.start.copy()
    for text in line:
        said.append(after.parse_move(text))
        after.push(text)
    best = [said[0], *refutation(story.start, said[0])]
    return Story(story.start, [best if best[:len(said)] == said else said],
                 before=story.before)


def story_of(puzzle) -> Story:
    """The story of a puzzle: its position (after the ``moves`` of a count puzzle, the
    positions before them kept too) and the lines of its solutions."""
    start = Board(puzzle.fen, puzzle.variant)
    before = []
    told = OPENING_LINE.search(puzzle.prompt("it"))
    if told is not None:
        # A position a few moves from the start, the prompt telling them: the positions
        # along them, when they reach this one (else none, and the moves told are reported).
        before = opening_positions(told.group(1).replace(",", " ").split(), start,
                                   puzzle.variant)
    if puzzle.moves:
        if puzzle.measure == "forty_count":
            start.call_count()  # the player to move at the start calls it (IT-D2)
        for text in puzzle.moves:
            before.append(start.copy())
            start.push(text)
    elif told is None:
        # A position one move from the start of a game: the texts may tell that move.
        opening = Board(None, puzzle.variant)
        for move in opening.legal_moves:
            after = opening.copy()
            after.push(move)
            if after.fen() == start.fen():
                before.append(opening)
    lines = puzzle.solutions if puzzle.kind in ("move", "capture", "all-captures") else \
        [told_line(puzzle, puzzle.explanation("it"),
                   puzzle.options["it"][puzzle.solutions[0]])] if puzzle.kind == "choice" \
        else ()
    plies = puzzle.plies or (puzzle.solutions[1] if puzzle.kind == "goal" else 0)
    return Story(start, lines, before=before, plies=plies, moves=puzzle.moves)


# -- claims ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Claim:
    """One fact a text states: ``kind`` (which shape), the ``words`` that say it, where they
    are (``span``), and ``problem``: None when the engine agrees, else what it says."""

    kind: str
    words: str
    span: tuple[int, int]
    problem: str | None


Check = Callable[["Story", "re.Match[str]", str], "str | None"]


@dataclass(frozen=True)
class Shape:
    """A shape of sentence that states a fact: its pattern in each language, and the check
    of a match against a story. An ``exclusive`` shape hides its words from the later ones."""

    kind: str
    patterns: dict[str, str]
    check: Check
    exclusive: bool = False


SHAPES: list[Shape] = []


def shape(kind: str, it: str, en: str, exclusive: bool = False) -> Callable[[Check], Check]:
    """Register a claim's shape: its pattern in Italian and English, and its check."""
    def register(check: Check) -> Check:
        SHAPES.append(Shape(kind, {"it": it, "en": en}, check, exclusive))
        return check
    return register


# Pieces of patterns: a square, a move, a list of squares, a number in words or digits.
N = r"\d{1,3}"
MOVE = rf"{N}(?:[-x]{N})+"
MOVES = {"it": rf"{MOVE}(?:(?:, | e | o ){MOVE})*", "en": rf"{MOVE}(?:(?:,? and |,? or |, ){MOVE})*"}
LIST = {"it": rf"{N}(?:, {N})*(?: [eo] {N})?", "en": rf"{N}(?:, {N})*,?(?: (?:and|or) {N})?"}
COUNT = {"it": r"(?:un|una|uno|due|tre|quattro|cinque|sei|sette|otto|nessuna|\d+)",
         "en": r"(?:a single|an|a|one|two|three|four|five|six|seven|eight|no|\d+)"}
SIDE = {"it": r"(?:il Bianco|il Nero|Bianco|Nero)", "en": r"(?:White|Black)"}


def squares(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def moves_in(text: str) -> list[str]:
    return re.findall(MOVE, text)


def amount(word: str, lang: str) -> int:
    word = word.strip().lower()
    return int(word) if word.isdigit() else _WORDS[lang][word]


def side_of(word: str) -> str:
    return _SIDE_WORDS[word.strip().lower()]


def _kind(word: str) -> tuple[bool, ...]:
    word = word.lower()
    if word.startswith(("pedin", "man", "men")):
        return (False,)
    if word.startswith(("dam", "king")):
        return (True,)
    return (False, True)


_COLOUR_WORDS = {"bianca": WHITE, "bianche": WHITE, "bianco": WHITE, "bianchi": WHITE,
                 "nera": BLACK, "nere": BLACK, "nero": BLACK, "neri": BLACK, "white": WHITE,
                 "black": BLACK}


def _colour(word: str | None, story: Story) -> str | None:
    if not word:
        return None
    word = word.lower().removeprefix("del ").rstrip(",")
    if word == "sola":
        return None
    if word in ("avversaria", "avversarie", "avversari", "enemy"):
        return OTHER[story.side]
    if word in ("tua", "tue", "tuo", "tuoi", "your"):
        return story.side
    return _COLOUR_WORDS.get(word)


def piece_problem(story: Story, square: int, kind: str, colour: str | None,
                  boards: Sequence[Board] | None = None) -> str | None:
    kings = _kind(kind)
    found = [b.piece_at(square) for b in (story.boards if boards is None else boards)]
    if any(p is not None and p.king in kings and (colour is None or p.colour == colour)
           for p in found):
        return None
    what = {(False,): "man", (True,): "king", (False, True): "piece"}[kings]
    colour_word = {WHITE: "white ", BLACK: "black ", None: ""}[colour]
    return f"no {colour_word}{what} on {square} in the position or along the line"


def boards_meant(story: Story, m: re.Match) -> list[Board]:
    """The positions a piece named at ``m`` may stand in: the position itself (and those
    before it), unless a move was named before it in the same sentence («dopo 27x20, la
    pedina in 16…»): then any position along the line."""
    text = m.string
    sentence = max(text.rfind(". ", 0, m.start()), text.rfind("? ", 0, m.start()),
                   text.rfind("! ", 0, m.start()))
    if re.search(MOVE, text[sentence + 1:m.start()]):
        return story.boards
    return [*story.before, story.start]


def legal_from(board: Board, square: int) -> list[Move]:
    return [m for m in board.legal_moves if m.start == square]


def count_of(move: Move, board: Board) -> tuple[int, int]:
    """(men, kings) that ``move`` takes in ``board``."""
    kings = sum(1 for s in move.captures if board.piece_at(s) and board.piece_at(s).king)
    return len(move.captures) - kings, kings


def balance(board: Board, side: str) -> int:
    """``side``'s pieces minus the opponent's (a king counts one piece)."""
    return sum(1 if p.colour == side else -1 for p in board.pieces().values())


def far_row(board: Board, colour: str) -> list[int]:
    geo = board.variant.geometry
    if colour == WHITE:
        return list(range(1, geo.half + 1))
    return list(range(geo.squares - geo.half + 1, geo.squares + 1))


def first(problems: Iterable[str | None]) -> str | None:
    return next((p for p in problems if p), None)


# -- what words a text leaves to no claim --------------------------------------------------

@shape("no claim", r"\b(?:caselle scure|uno alla volta|uno dopo l'altro|uno per presa|"
                   r"un salto e l'altro|tra un salto|l'una dopo l'altra|una sì e una no|"
                   r"tutte e quattro le direzioni|quattro direzioni|due volte|in una sola mossa)\b",
       r"\b(?:one at a time|one after the other|every other one|one square|one step|"
       r"all four directions|four directions|twice|which one|each one|the one|right one|"
       r"one of|more than one way|last one|first one|gets one|in one move|"
       r"one jump and the next|tell which one)\b",
       exclusive=True)
def _figures_of_speech(story: Story, m: re.Match, lang: str) -> str | None:
    return None


def rows_between(board: Board) -> int | None:
    """The rows strictly between the two men of a board of one man each, else None."""
    pieces = board.pieces()
    if len(pieces) != 2 or any(p.king for p in pieces.values()) \
            or {p.colour for p in pieces.values()} != {WHITE, BLACK}:
        return None
    coords = board.variant.geometry.coords
    (a, _), (b, _) = (coords[s] for s in pieces)
    return abs(a - b) - 1


@shape("rows between",
       rf"\b(?:[Dd]opo ({MOVE}),? )?[Tt]ra le due pedine(?:, in ({N}) e ({N}),)? "
       rf"(?:ci sono|restano|c'è) ({COUNT['it']}) righ[ae]\b",
       rf"\b(?:[Aa]fter ({MOVE}),? )?[Tt]here (?:are|is) ({COUNT['en']}) rows? between the two "
       rf"men(?:, on ({N}) and ({N}))?", exclusive=True)
def _rows_between(story: Story, m: re.Match, lang: str) -> str | None:
    board = story.start
    if m.group(1):
        board = board.copy()
        try:
            board.push(m.group(1))
        except DamaError:
            return f"{m.group(1)} cannot be played"
    got = rows_between(board)
    if got is None:
        return "not one man against one"
    count, *squares = (m.group(4), m.group(2), m.group(3)) if lang == "it" else \
        (m.group(2), m.group(3), m.group(4))
    if squares[0] and {int(x) for x in squares} != set(board.pieces()):
        return f"the men stand on {', '.join(map(str, sorted(board.pieces())))}"
    return None if got == amount(count, lang) else f"{got} rows between the two men"


@shape("board size", r"\b(?:8x8|10x10)\b", r"\b(?:8x8|10x10)\b", exclusive=True)
def _board_size(story: Story, m: re.Match, lang: str) -> str | None:
    size = story.start.variant.geometry.size
    if m.group(0) != f"{size}x{size}":
        return f"the board is {size}x{size}"
    return None


# -- the game a position comes from (authoring/puzzles/championship.py) ---------------------

@lru_cache(maxsize=1)
def championship_positions() -> dict[tuple[str, int, str, str], frozenset[str]]:
    """{(year, round, White, Black): the FENs of that game} for the championship's games."""
    from authoring.puzzles.championship import championship_games, player, round_of
    out: dict[tuple[str, int, str, str], frozenset[str]] = {}
    for game in championship_games():
        key = (game.tag("Anno", "?"), round_of(game), player(game.tag("Bianco", "?")),
               player(game.tag("Nero", "?")))
        out[key] = out.get(key, frozenset()) | {b.fen() for b in game.positions()}
    return out


@shape("championship game",
       r"\bCampionato Italiano Assoluto (\d{4}), turno (\d+): ([^():.]+) \(Bianco\) contro "
       r"([^():.]+) \(Nero\)\.",
       r"\bItalian championship (\d{4}), round (\d+): ([^():.]+) \(White\) against "
       r"([^():.]+) \(Black\)\.", exclusive=True)
def _championship_game(story: Story, m: re.Match, lang: str) -> str | None:
    key = (m.group(1), int(m.group(2)), m.group(3), m.group(4))
    fens = championship_positions().get(key)
    if fens is None:
        return f"no game of the championship {key}"
    if story.start.fen() not in fens:
        return f"the game {key} never reaches this position"
    return None


# -- the king's fork (authoring/puzzles/fork.py) ---------------------------------------------

def king_targets(board: Board, square: int) -> set[int]:
    """The pieces the king on ``square`` could take first, were it its colour's turn."""
    colour = board.piece_at(square).colour
    mover = board if board.turn == colour else Board(colour + board.fen()[1:], board.variant)
    return {m.captures[0] for m in mover.legal_moves if m.start == square and m.captures}


@shape("fork",
       rf"(?:[Cc]on la dama attacca due pedine insieme|"
       rf"[Uu]na di queste mosse della dama è una forchetta: attacca due pedine insieme|"
       rf"la dama attacca le pedine in ({LIST['it']})\. (?:Il Bianco|Il Nero) non può "
       rf"salvarle tutte e due: la dama ne mangia una|"
       rf"[Gg]uarda le pedine in ({LIST['it']}): c'è una casella da cui la dama le minaccia "
       rf"tutte e due)",
       rf"(?:with the king, attack two men at once|"
       rf"king moves is a fork: it attacks two men at once|"
       rf"the king attacks the men on ({LIST['en']})\. (?:White|Black) cannot save them "
       rf"both: the king takes one of them|"
       rf"Look at the men on ({LIST['en']}): there is a square from which the king threatens "
       rf"them both)", exclusive=True)
def _fork(story: Story, m: re.Match, lang: str) -> str | None:
    line = story.main_line()
    if not line:
        return "no move to make the fork"
    board, move = line[0]
    if not board.piece_at(move.start).king or move.captures:
        return f"{move} is not a quiet king move"
    after = board.copy()
    after.push(move)
    targets = king_targets(after, move.end)
    if len(targets) != 2 or any(after.piece_at(s).king for s in targets):
        return f"after {move} the king attacks {sorted(targets)}, not two men"
    named = m.group(1) or m.group(2)
    if named and set(squares(named)) != targets:
        return f"the king attacks {sorted(targets)}, not {named}"
    if m.group(1):
        # Whatever the answer, the king still takes one of the two.
        for reply in after.legal_moves:
            again = after.copy()
            again.push(reply)
            if not king_targets(again, move.end) & targets:
                return f"after {reply} the king takes neither"
    return None


@shape("no fork", rf"\b[Dd]opo ({MOVE}) la dama non attacca due pedine insieme",
       rf"\b[Aa]fter ({MOVE}) the king does not attack two men at once", exclusive=True)
def _no_fork(story: Story, m: re.Match, lang: str) -> str | None:
    named = story.named(m.group(1))
    if not named:
        return f"{m.group(1)} cannot be played here"
    board, move, _ = named[0]
    if not board.piece_at(move.start).king:
        return f"{move} is not a king's move"
    after = board.copy()
    after.push(move)
    targets = king_targets(after, move.end)
    return f"after {move} the king attacks {sorted(targets)}" if len(targets) >= 2 else None


# -- questions about a shot (authoring/puzzles/shot_questions.py) ---------------------------

@shape("the whole shot", rf"\b[Ii]l tiro intero: ({MOVE}(?: {MOVE})*)",
       rf"\b[Tt]he whole shot: ({MOVE}(?: {MOVE})*)", exclusive=True)
def _whole_shot(story: Story, m: re.Match, lang: str) -> str | None:
    """The moves played before the count's position, then a capture of that position."""
    said = m.group(1).split()
    if said[:-1] != list(story.moves):
        return f"the moves played were {' '.join(story.moves)}"
    try:
        last = story.start.parse_move(said[-1])
    except DamaError:
        return f"{said[-1]} is no move of the position"
    return None if last.captures else f"{said[-1]} is no capture"


@shape("jumper", rf"\b[Gg]uarda la (?:pedina|dama) (?:bianca|nera) in ({N}): salta un pezzo",
       rf"\b[Ll]ook at the (?:white|black) (?:man|king) on ({N}): it jumps a piece",
       exclusive=True)
def _jumper(story: Story, m: re.Match, lang: str) -> str | None:
    square = int(m.group(1))
    if any(x.start == square and x.captures for x in story.start.legal_moves):
        return None
    return f"the piece on {square} has no capture to make"


@shape("made to capture",
       rf"\b[Gg]uarda la (?:pedina|dama) (?:bianca|nera) in ({N}): quale di queste mosse la "
       rf"costringe a mangiare",
       rf"\b[Ll]ook at the (?:white|black) (?:man|king) on ({N}): which of these moves makes "
       rf"it capture", exclusive=True)
def _made_to_capture(story: Story, m: re.Match, lang: str) -> str | None:
    return _mover_at(story, 1, int(m.group(1)))


@shape("then your piece", rf"\btocca a te, con la (?:pedina|dama) in ({N})",
       rf"\bit is your turn, with the (?:man|king) on ({N})", exclusive=True)
def _then_yours(story: Story, m: re.Match, lang: str) -> str | None:
    return _mover_at(story, 2, int(m.group(1)))


def _mover_at(story: Story, ply: int, square: int) -> str | None:
    """The move ``ply`` of the line told starts from ``square``."""
    line = story.main_line()
    if len(line) <= ply:
        return "no line told"
    start = line[ply][1].start
    return None if start == square else f"move {ply + 1} of the line starts on {start}"


@shape("the fork among them", rf"\b[Ff]ra queste c'è la forchetta: ({MOVE})",
       rf"\bis the fork: ({MOVE})", exclusive=True)
def _fork_among(story: Story, m: re.Match, lang: str) -> str | None:
    """The king move named, and no other move of the position, leaves the king attacking
    two men (:func:`king_targets`)."""
    forks = []
    for move in story.start.legal_moves:
        if move.captures or not story.start.piece_at(move.start).king:
            continue
        after = story.start.copy()
        after.push(move)
        targets = king_targets(after, move.end)
        if len(targets) == 2 and not any(after.piece_at(s).king for s in targets):
            forks.append(story.start.move_text(move))
    return None if forks == [m.group(1)] else f"the king moves attacking two men: {forks}"


@shape("loses nothing", rf"\b[Dd]opo ({MOVE}) (?:il Bianco|il Nero) ha una mossa che non perde "
                       rf"niente: ({MOVE})",
       rf"\b[Aa]fter ({MOVE}) (?:White|Black) has a move that loses nothing: ({MOVE})",
       exclusive=True)
def _loses_nothing(story: Story, m: re.Match, lang: str) -> str | None:
    """After the move, the reply named leaves the mover no material to win within five
    plies (the solver)."""
    from damalib.solver import accepted_moves

    after = story.start.copy()
    try:
        after.push(m.group(1))
        after.push(m.group(2))
    except (DamaError, ValueError):
        return f"{m.group(1)} {m.group(2)} cannot be played here"
    if after.outcome() is None and not accepted_moves(after, "material", 5):
        return None
    return f"after {m.group(2)} material can be won"


# -- the waiting move (authoring/puzzles/waiting.py) ------------------------------------------

@shape("waiting move",
       rf"(?:[Tt]rova la mossa di attesa: una mossa che non minaccia niente, ma dopo la quale "
       rf"ogni mossa (?:del Bianco|del Nero) perde un pezzo|"
       rf"[Cc]on ({MOVE}) non minacci niente: ma ora tocca (?:al Bianco|al Nero), che ha "
       rf"({COUNT['it']}) mosse, e ognuna perde almeno un pezzo|"
       rf"[Cc]omincia con la (?:pedina|dama) in ({N}): dopo la sua mossa, (?:il Bianco|il Nero) "
       rf"ha ({COUNT['it']}) mosse)",
       rf"(?:[Ff]ind the waiting move: a move that threatens nothing, but after which every "
       rf"move of (?:White|Black) loses a piece|"
       rf"[Ww]ith ({MOVE}) you threaten nothing: but now it is (?:White|Black)'s turn, with "
       rf"({COUNT['en']}) moves, and each of them loses at least one piece|"
       rf"[Ss]tart with the (?:man|king) on ({N}): after its move, (?:White|Black) has "
       rf"({COUNT['en']}) moves)", exclusive=True)
def _waiting_move(story: Story, m: re.Match, lang: str) -> str | None:
    from authoring.puzzles.waiting import waiting_move

    found = waiting_move(story.start)
    if found is None:
        return "the position has no waiting move"
    move, replies = found
    if m.group(1) and story.start.move_text(move) != m.group(1):
        return f"the waiting move is {move}"
    if m.group(3) and move.start != int(m.group(3)):
        return f"the waiting move starts on {move.start}"
    said = m.group(2) or m.group(4)
    if said and amount(said, lang) != len(replies):
        return f"after {move} there are {len(replies)} replies"
    return None


# -- the exchange when ahead (authoring/puzzles/simplify.py) ---------------------------------

@shape("exchange",
       rf"\b[Cc]on ({MOVE}) (?:il Bianco|il Nero) deve mangiare, ({MOVE}), e tu riprendi con "
       rf"({MOVE})",
       rf"\b[Ww]ith ({MOVE}) (?:White|Black) must capture, ({MOVE}), and you take back with "
       rf"({MOVE})", exclusive=True)
def _exchange(story: Story, m: re.Match, lang: str) -> str | None:
    from dama.core.content.goals import exchanges

    said = [m.group(1), m.group(2), m.group(3)]
    board = story.start.copy()
    try:
        first_move = board.parse_move(said[0])
    except DamaError:
        return f"{said[0]} is no move of the position"
    if exchanges(board) != [first_move]:
        return f"{said[0]} is not the one move that forces an exchange"
    board.push(first_move)
    for text in said[1:]:
        only = board.legal_moves
        if len(only) != 1 or board.move_text(only[0]) != text:
            return f"{text} is not the only move after {said[0]}"
        board.push(only[0])
    return None


@shape("cambio or baratto",
       r"\bÈ un (cambio|baratto): riprendi (proprio la pedina che ha mangiato|un'altra "
       r"pedina, non quella che ha mangiato)",
       r"\bIt is an? (?:exchange|trade) \((cambio|baratto)\): you take (back the very man "
       r"that captured|another man, not the one that captured)", exclusive=True)
def _cambio_or_baratto(story: Story, m: re.Match, lang: str) -> str | None:
    line = exchange_line(story)
    if len(line) < 3:
        return "no exchange along the line"
    (_, reply), (_, back) = line[1], line[2]
    cambio = back.captures[0] == reply.end
    if (m.group(1) == "cambio") != cambio:
        return f"the retake {back} takes {'the capturer' if cambio else 'another piece'}"
    english = m.group(0).startswith("It is")
    told = m.group(2).startswith("back" if english else "proprio")
    return None if told == cambio else "the words do not fit the name"


def exchange_line(story: Story) -> list[tuple[Board, Move]]:
    """The story's first line, or (a choice's story has none) the exchange forced from its
    position: the one move that forces it, and the only reply and retake."""
    if story.main_line():
        return story.main_line()
    from dama.core.content.goals import exchange_line as forced

    board = story.start.copy()
    played = []
    for move in forced(board) or []:
        played.append((board.copy(), move))
        board.push(move)
    return played


@shape("ahead", rf"\b[Ss]ei avanti di ({COUNT['it']}) pezz[oi]\b",
       rf"\b[Yy]ou are ({COUNT['en']}) pieces? up\b")
def _ahead(story: Story, m: re.Match, lang: str) -> str | None:
    lead = balance(story.start, story.side)
    return None if lead == amount(m.group(1), lang) else f"the child leads by {lead}"


@shape("fewer pieces", rf"\bci sono ({COUNT['it']}) pezzi in meno\b",
       rf"\bthere are ({COUNT['en']}) fewer pieces\b", exclusive=True)
def _fewer_pieces(story: Story, m: re.Match, lang: str) -> str | None:
    taken = sum(len(move.captures) for _, move in exchange_line(story))
    fewer = taken if not story.main_line() else \
        len(story.start.pieces()) - len(story.end().pieces())
    return None if fewer == amount(m.group(1), lang) else f"the line takes {fewer} pieces"


@shape("even after the exchange", r"\bsi resta pari\b", r"\bit stays even\b",
       exclusive=True)
def _even(story: Story, m: re.Match, lang: str) -> str | None:
    board = story.start.copy()
    for _, move in exchange_line(story):
        board.push(move)
    lead = balance(board, story.side)
    return None if lead == 0 else f"the child's side is {lead:+d} at the end"


@shape("no exchange", rf"\b[Dd]opo ({MOVE}) (?:il Bianco|il Nero) non deve mangiare",
       rf"\b[Aa]fter ({MOVE}) (?:White|Black) does not have to capture")
def _no_exchange(story: Story, m: re.Match, lang: str) -> str | None:
    board = story.start.copy()
    try:
        board.push(m.group(1))
    except DamaError:
        return f"{m.group(1)} is no move of the position"
    return f"after {m.group(1)} a capture is compulsory" if board.must_capture() else None


# -- who can move (whole sentences, checked before their parts) ----------------------------

@shape("only one mover", r"\b[Ss]olo una (pedina|dama) (bianca|nera) può muovere\b",
       r"\b[Oo]nly one (white|black) (man|king) can move\b", exclusive=True)
def _only_one_mover(story: Story, m: re.Match, lang: str) -> str | None:
    kind, colour = (m.group(1), m.group(2)) if lang == "it" else (m.group(2), m.group(1))
    board = story.start
    if board.turn != _colour(colour, story):
        return f"it is {board.turn}'s turn"
    starts = {x.start for x in board.legal_moves}
    if len(starts) != 1:
        return f"{len(starts)} pieces can move"
    return piece_problem(story, starts.pop(), kind, board.turn, [board])


@shape("only moves", rf"\b[Ss]i può giocare solo ({MOVES['it']})",
       rf"\b[Oo]nly ({MOVES['en']}) can be played", exclusive=True)
def _only_moves(story: Story, m: re.Match, lang: str) -> str | None:
    legal = {story.start.move_text(x) for x in story.start.legal_moves}
    said = set(moves_in(m.group(1)))
    return None if said == legal else f"the legal moves are {', '.join(sorted(legal))}"


@shape("shut in", rf"\b(pedina|dama) in ({N}) (?:ha|aveva) davanti (?:la casella|le caselle) "
                  rf"({LIST['it']}), occupat[ae]",
       rf"\b(man|king) on ({N}) (?:has|had) (?:square|squares) ({LIST['en']}) in front, "
       r"(?:both |all )?taken", exclusive=True)
def _shut_in(story: Story, m: re.Match, lang: str) -> str | None:
    board, square = story.start, int(m.group(2))
    problem = piece_problem(story, square, m.group(1), None, [board])
    if problem:
        return problem
    ahead = _neighbours(board, square, not board.piece_at(square).king)
    if set(squares(m.group(3))) != ahead:
        return f"in front of {square} are {sorted(ahead)}"
    if any(board.piece_at(x) is None for x in ahead) or legal_from(board, square):
        return f"the piece on {square} can move"
    return None


# -- pieces and squares --------------------------------------------------------------------

@shape("piece",
       r"(?<!fa )(?<!fai )(?<!fare )\b(pedina|dama|pezzo)(?: (bianca|nera|avversaria|tua|"
       r"del Bianco|del Nero|sola,))? (?:è |che è )?(?:in|nella casella) (\d{1,3})\b(?! moss)",
       r"(?<!make )(?<!makes )\b(?:(white|black|enemy|your) )?(man|king|piece)(?: of (?:White|"
       r"Black)|,)? (?:is |that is )?on (?:square )?(\d{1,3})\b(?! moves)")
def _piece(story: Story, m: re.Match, lang: str) -> str | None:
    kind, colour = (m.group(1), m.group(2)) if lang == "it" else (m.group(2), m.group(1))
    return piece_problem(story, int(m.group(3)), kind, _colour(colour, story),
                         boards_meant(story, m))


@shape("pieces",
       rf"\b(pedine|dame|pezzi)(?: (bianche|nere|bianchi|neri|avversarie|avversari|tue))?(?:,)? "
       rf"(?:sono )?in ({LIST['it']})",
       rf"\b(?:(white|black|enemy|your) )?(men|kings|pieces)(?:,)? (?:are )?on ({LIST['en']})")
def _pieces(story: Story, m: re.Match, lang: str) -> str | None:
    kind, colour = (m.group(1), m.group(2)) if lang == "it" else (m.group(2), m.group(1))
    return first(piece_problem(story, s, kind, _colour(colour, story), boards_meant(story, m))
                 for s in squares(m.group(3)))


@shape("piece ahead", r"\b[Ii]n (\d{1,3}) c'è (?:una|il) (pedina|dama|pezzo)(?: (bianca|nera))?",
       r"\b[Oo]n (\d{1,3}) (?:there is|stands) a (?:(white|black) )?(man|king|piece)")
def _piece_there(story: Story, m: re.Match, lang: str) -> str | None:
    if lang == "it":
        kind, colour = m.group(2), m.group(3)
    else:
        kind, colour = m.group(3), m.group(2)
    return piece_problem(story, int(m.group(1)), kind, _colour(colour, story))


@shape("stands", r"\b(?:davanti|vicino), in (\d{1,3}), ha una (pedina|dama) (bianca|nera)",
       r"\b[Ii]n front of it, on (\d{1,3}), stands a (white|black) (man|king)")
def _stands(story: Story, m: re.Match, lang: str) -> str | None:
    kind, colour = (m.group(2), m.group(3)) if lang == "it" else (m.group(3), m.group(2))
    return piece_problem(story, int(m.group(1)), kind, _colour(colour, story))


@shape("two kings", r"\bdue dame (nere|bianche), in (\d{1,3}) e (\d{1,3})",
       r"\btwo (black|white) kings, on (\d{1,3}) and (\d{1,3})")
def _two_kings(story: Story, m: re.Match, lang: str) -> str | None:
    return first(piece_problem(story, int(s), "dama", _colour(m.group(1), story))
                 for s in (m.group(2), m.group(3)))


@shape("square", r"\b(?:la casella|casella) (\d{1,3})\b", r"\bsquare (\d{1,3})\b")
def _square(story: Story, m: re.Match, lang: str) -> str | None:
    if not 1 <= int(m.group(1)) <= story.start.variant.squares:
        return f"there is no square {m.group(1)}"
    return None


@shape("the square", r"\b(?:la|dalla|alla|della|nella|sulla) (\d{1,3})(?![\d\-x])",
       r"(?:(?<=takes )|(?<=jumps )|(?<=starts on )|(?<=from )|(?<=next to ))(\d{1,3})(?![\d\-x])")
def _the_square(story: Story, m: re.Match, lang: str) -> str | None:
    # «mangia la 18», «parte dalla 22», «vicine alla 15»: a square of the board, which holds
    # a piece in the position or along the line (or is where a line lands).
    square = int(m.group(1))
    if not 1 <= square <= story.start.variant.squares:
        return f"there is no square {square}"
    return None


@shape("far row", rf"\b(?:ultima riga|in fondo|verso le caselle)[^.;]*?\(?(?:caselle|le caselle)? ?({N}, {N}, {N},? (?:e )?{N})\)?",
       rf"\b(?:far row|towards squares)[^.;]*?\(?(?:squares )?({N}, {N}, {N},? (?:and )?{N})\)?")
def _far_row(story: Story, m: re.Match, lang: str) -> str | None:
    said = sorted(squares(m.group(1)))
    text = m.group(0).lower()
    board = story.start
    named = re.search(r"del (bianco|nero)|\b(white|black) man", text)
    colours = ([side_of(next(g for g in named.groups() if g))] if named
               else [WHITE, BLACK])
    if any(said == far_row(board, c) for c in colours):
        return None
    return f"{said} is not the far row"


@shape("row", r"\b(?:la |nella |nell')?(prima|seconda|terza|quarta|quinta|sesta|settima|ottava)"
              r"(?: riga)?(?: dall'alto)?(?:, che ha le caselle| ha le caselle|: lì ci sono le caselle)? "
              rf"da ({N}) a ({N})",
       r"\b(?:the )?(top|first|second|third|fourth|fifth|sixth|seventh|eighth)(?: row)?"
       r"(?: from the top)?(?:, which holds squares|: it holds squares| holds squares)? "
       rf"({N}) to ({N})")
def _row(story: Story, m: re.Match, lang: str) -> str | None:
    half = story.start.variant.geometry.half
    row = _ORDINALS[m.group(1).lower()]
    want = [(row - 1) * half + 1, row * half]
    if [int(m.group(2)), int(m.group(3))] != want:
        return f"row {row} holds squares {want[0]} to {want[1]}"
    return None


@shape("all squares", rf"\bda ({N}) a ({N}), dall'alto",
       rf"\b(?:from |numbered )({N}) to ({N}),? from the top")
def _all_squares(story: Story, m: re.Match, lang: str) -> str | None:
    if [int(m.group(1)), int(m.group(2))] != [1, story.start.variant.squares]:
        return "the squares are numbered from 1"
    return None


# -- moves ---------------------------------------------------------------------------------

@shape("would jump a king", rf"({MOVE}) (?:salterebbe una dama)", rf"({MOVE}) would jump a king",
       exclusive=True)
def _would_jump_king(story: Story, m: re.Match, lang: str) -> str | None:
    a, b = squares(m.group(1))[:2]
    board = story.start
    geo = board.variant.geometry
    (r0, c0), (r1, c1) = geo.coords[a], geo.coords[b]
    middle = geo.by_coords.get(((r0 + r1) // 2, (c0 + c1) // 2))
    piece = board.piece_at(middle) if middle else None
    mover = board.piece_at(a)
    if (abs(r1 - r0) == 2 and piece is not None and piece.king and mover is not None
            and piece.colour != mover.colour):
        return None
    return f"{m.group(1)} does not jump a king"


@shape("move", rf"(?<![\d\-x]){MOVE}(?![\d\-x])", rf"(?<![\d\-x]){MOVE}(?![\d\-x])")
def _move(story: Story, m: re.Match, lang: str) -> str | None:
    if not story.named(m.group(0)):
        return f"{m.group(0)} is no move of the position or along the line"
    return None


def _capture_problem(story: Story, text: str, men: int | None, kings: int | None,
                     total: int | None) -> str | None:
    """Whether the move ``text`` takes ``total`` pieces (``men`` men and ``kings`` kings,
    where given) in some position of the story where it can be read."""
    found = story.named(text)
    if not found:
        return f"{text} is no move of the position or along the line"
    for board, move, _ in found:
        m, k = count_of(move, board)
        if ((total is None or m + k == total) and (men is None or m == men)
                and (kings is None or k == kings)):
            return None
    board, move, _ = found[0]
    m, k = count_of(move, board)
    return f"{text} takes {m} men and {k} kings"


def what(text: str, lang: str) -> tuple[int | None, int | None, int]:
    """"due pedine e una dama" → (2, 1, 3); "un pezzo" → (None, None, 1)."""
    men = kings = None
    total = 0
    for count, noun in re.findall(rf"({COUNT[lang]}) (pedin[ae]|dam[ae]|pezz[oi]|m[ae]n|"
                                  rf"kings?|pieces?)", text, flags=re.IGNORECASE):
        n = amount(count, lang)
        total += n
        if _kind(noun) == (False,):
            men = (men or 0) + n
        elif _kind(noun) == (True,):
            kings = (kings or 0) + n
    if men is not None or kings is not None:
        men, kings = men or 0, kings or 0
    return men, kings, total


def pieces_and_kings(text: str, lang: str) -> tuple[int | None, int | None]:
    """"2 pezzi e una dama" → (2, 1): the pieces a capture takes in all, and its kings."""
    pieces = kings = None
    for count, noun in re.findall(rf"({COUNT[lang]}) (pezz[oi]|pieces?|dam[ae]|kings?)", text,
                                  flags=re.IGNORECASE):
        if noun.lower().startswith(("pezz", "piece")):
            pieces = amount(count, lang)
        else:
            kings = amount(count, lang)
    return pieces, kings


WHAT = {"it": rf"{COUNT['it']} (?:pedin[ae]|dam[ae]|pezz[oi])(?: e {COUNT['it']} (?:pedin[ae]|dam[ae]))?",
        "en": rf"{COUNT['en']} (?:m[ae]n|kings?|pieces?)(?: and {COUNT['en']} (?:m[ae]n|kings?))?"}


@shape("takes with",
       rf"\b(?:mangia|mangi|mangiato|mangiare|mangerebbe|mangeresti|prende|prendere)"
       rf" ({WHAT['it']}) con ({MOVE})",
       rf"\b(?:takes?|took|taken|take|capture|captures|captured) ({WHAT['en']}) with ({MOVE})")
def _takes_with(story: Story, m: re.Match, lang: str) -> str | None:
    men, kings, total = what(m.group(1), lang)
    return _capture_problem(story, m.group(2), men, kings, total)


@shape("move takes",
       rf"({MOVES['it']}) (?:prende|prendono|prenderebbe|mangia) (?:solo |anche )?({WHAT['it']})",
       rf"({MOVES['en']}) (?:takes|take|would take) (?:only |also )?({WHAT['en']})")
def _move_takes(story: Story, m: re.Match, lang: str) -> str | None:
    men, kings, total = what(m.group(2), lang)
    if re.search(r"dam[ae]|kings?", m.group(2)) and not re.search(r"pedin|\bm[ae]n\b",
                                                                   m.group(2)):
        men = None  # «prende una dama»: the kings it takes, whatever else
        total = None
    return first(_capture_problem(story, text, men, kings, total)
                 for text in moves_in(m.group(1)))


@shape("with the piece", rf"\b[Cc]on ({MOVES['it']}),? (?:anche )?(?:la|il) (?:pedina|dama|pezzo) in {N} "
                         rf"(?:prende|prenderebbe|mangia) (?:anche |solo )?({WHAT['it']})",
       rf"\b[Ww]ith ({MOVES['en']}),? the (?:man|king|piece) on {N} (?:takes|would take) (?:only )?"
       rf"({WHAT['en']})")
def _with_the_piece(story: Story, m: re.Match, lang: str) -> str | None:
    men, kings, total = what(m.group(2), lang)
    return first(_capture_problem(story, text, men, kings, total)
                 for text in moves_in(m.group(1)))


@shape("move takes n", rf"({MOVES['it']}) (?:ne prende|ne prenderebbe|prende|solo)(?: solo)? ({COUNT['it']})\b(?! (?:pedin|dam|pezz))",
       rf"({MOVES['en']}) (?:takes|would take|only)(?: only)? ({COUNT['en']})\b(?! (?:m[ae]n|kings?|pieces?))")
def _move_takes_n(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(2), lang)
    return first(_capture_problem(story, text, None, None, n) for text in moves_in(m.group(1)))


@shape("each of them takes", rf"({MOVES['it']}),? prendono ({COUNT['it']}) pezz[oi] e ({COUNT['it']}) "
                             rf"dam[ae] ciascuna",
       rf"({MOVES['en']}),? take ({COUNT['en']}) pieces? and ({COUNT['en']}) kings? each")
def _each_of_them(story: Story, m: re.Match, lang: str) -> str | None:
    n, k = amount(m.group(2), lang), amount(m.group(3), lang)
    return first(_capture_problem(story, text, n - k, k, n) for text in moves_in(m.group(1)))


@shape("takes no king", rf"({MOVE}) (?:non ne prende nessuna|takes none)",
       rf"({MOVE}) takes none")
def _takes_none(story: Story, m: re.Match, lang: str) -> str | None:
    return _capture_problem(story, m.group(1), None, 0, None)


@shape("promotes", rf"({MOVE})[^.;:]{{0,40}}?\b(?:e fa dama|fa dama|e diventa dama|diventa dama|"
                   r"la pedina arriva in (\d{1,3}), nell'ultima riga)",
       rf"({MOVE})[^.;:]{{0,40}}?\b(?:and makes a king|makes a king|becomes a king|"
       r"the man reaches (\d{1,3}), on the far row)")
def _promotes(story: Story, m: re.Match, lang: str) -> str | None:
    text = m.group(1)
    for board, move, _ in story.named(text):
        piece = board.piece_at(move.start)
        if piece and not piece.king and move.end in far_row(board, piece.colour) and (
                not m.group(2) or int(m.group(2)) == move.end):
            return None
    return f"{text} does not make a king"


def _subject(story: Story, words: str) -> str:
    words = words.strip().lower()
    if words in ("tu", "you", "te"):
        return story.side
    return side_of(words)


@shape("who moves", rf"\b({SIDE['it']}|tu)\b (?:gioca|giochi|potrebbe giocare|avrebbe potuto "
                    rf"giocare|ha giocato|hai giocato|avresti potuto giocare|giocherebbe|"
                    rf"potrebbe mangiare|avrebbe potuto mangiare|ha mangiato|hai mangiato|"
                    rf"mangia|mangi|mangerebbe|mangeresti|avresti potuto mangiare|"
                    rf"poteva giocare|poteva mangiare|potrebbe rispondere|avrebbe giocato|"
                    rf"avrebbe mangiato|avresti giocato|avresti mangiato)"
                    rf"(?: [^,.;:]*?)? (?:con )?({MOVE})",
       rf"\b({SIDE['en']}|[Yy]ou)\b (?:plays?|played|could play|could have played|would play|"
       rf"could take|could have taken|takes?|took|would take|could capture|could answer|"
       rf"would have played|would have taken)"
       rf"(?: [^,.;:]*?)? (?:with )?({MOVE})")
def _who_moves(story: Story, m: re.Match, lang: str) -> str | None:
    side = _subject(story, m.group(1))
    found = story.named(m.group(2))
    if any(board.turn == side for board, _, _ in found):
        return None
    return f"{m.group(2)} is not a move of {'White' if side == WHITE else 'Black'}"


# -- what a capture, a piece or a position holds ------------------------------------------

VICTIM = {"it": rf"(?:la|le) (?:pedin[ae]|dam[ae])(?: (?:bianc[ah]e?|ner[ae]))? in {LIST['it']}",
          "en": rf"the (?:(?:white|black) )?(?:m[ae]n|kings?) on {LIST['en']}"}
VICTIMS = {lang: rf"{v}(?:(?:, | e | and ){v})*" for lang, v in VICTIM.items()}


@shape("capture", rf"\b(pedina|dama) in ({N}) (?:mangia|salta prima) ({VICTIMS['it']})"
                  rf"(?: e (?:arriva in ({N})|(torna nella sua casella)))?"
                  rf"(?:: ({COUNT['it']}) pezzi)?",
       rf"\b(man|king) on ({N}) (?:takes|first jumps) ({VICTIMS['en']})"
       rf"(?: and (?:lands on ({N})|(comes back to its square)))?(?:: ({COUNT['en']}) pieces)?")
def _capture(story: Story, m: re.Match, lang: str) -> str | None:
    start, taken = int(m.group(2)), set(squares(m.group(3)))
    end = int(m.group(4)) if m.group(4) else start if m.group(5) else None
    total = amount(m.group(6), lang) if m.group(6) else None
    first_jump = "salta prima" in m.group(0) or "first jumps" in m.group(0)
    for board in story.boards:
        piece = board.piece_at(start)
        if piece is None or piece.king != (m.group(1).lower() in ("dama", "king")):
            continue
        for move in [*board.legal_moves, *_raw(board)]:
            if move.start != start or not move.captures:
                continue
            caught = set(move.captures[:1]) if first_jump else set(move.captures)
            landing = move.path[1] if first_jump else move.end
            if caught == taken and (end is None or landing == end) and (
                    total is None or total == len(move.captures)):
                return None
    return "no capture of the position or along the line does that"


@shape("can be taken", rf"\b[Ss]i (?:può|possono) mangiare (?:la pedina|le pedine|la dama|le dame) in "
                       rf"({LIST['it']})",
       rf"\b[Tt]he (?:man|men|king|kings) on ({LIST['en']}) can be taken")
def _can_be_taken(story: Story, m: re.Match, lang: str) -> str | None:
    taken = {s for x in _captures_at_start(story) for s in x.captures}
    return first(None if s in taken else f"no capture takes the piece on {s}"
                 for s in squares(m.group(1)))


@shape("must capture", rf"\b[Dd]eve mangiare la (?:pedina|dama) in ({N})",
       rf"\b[Tt]he (?:man|king) on ({N}) must capture")
def _must_capture(story: Story, m: re.Match, lang: str) -> str | None:
    square = int(m.group(1))
    return None if any(x.start == square for x in _captures_at_start(story)) else \
        f"the piece on {square} has no capture"


@shape("flies", rf"\bdama in ({N}) vola: (?:prende ({VICTIMS['it']})|dopo ({VICTIM['it']}))",
       rf"\bking on ({N}) flies: (?:it takes ({VICTIMS['en']})|beyond ({VICTIM['en']}))")
def _flies(story: Story, m: re.Match, lang: str) -> str | None:
    start = int(m.group(1))
    said = set(squares(m.group(2) or m.group(3)))
    for x in _captures_at_start(story):
        if x.start == start and (said == set(x.captures) if m.group(2) else
                                 said <= set(x.captures)):
            return None
    return f"no capture of the king on {start} takes that"


@shape("can capture", rf"(?<!Si )(?<!si )\b[Pp]ossono mangiare (?:le pedine|le dame|i pezzi) in ({LIST['it']})"
                      rf"|\b(?:[Ll]a|[Ii]l) (?:pedina|dama|pezzo) in ({N}) può mangiare in più modi",
       rf"\b[Tt]he (?:men|kings|pieces) on ({LIST['en']}) can capture"
       rf"|\b[Tt]he (?:man|king|piece) on ({N}) can capture in more than one way")
def _can_capture(story: Story, m: re.Match, lang: str) -> str | None:
    said = set(squares(m.group(1) or m.group(2)))
    starts = {x.start for x in _raw(story.start)} or {x.start for x in
                                                     _captures_at_start(story)}
    return None if said == starts else f"the pieces that can capture are on {sorted(starts)}"


@shape("look at the capturer", rf"\b[Gg]uarda (?:la|il) (?:pedina|dama|pezzo) in ({N})(?: o (?:la|il) "
                               rf"(?:pedina|dama|pezzo) in ({N}))?: la presa giusta",
       rf"\b[Ll]ook at the (?:man|king|piece) on ({N})(?: or the (?:man|king|piece) on ({N}))?: "
       rf"the right capture")
def _look_at_capturer(story: Story, m: re.Match, lang: str) -> str | None:
    said = {int(x) for x in m.groups() if x}
    starts = {x.start for x in _captures_at_start(story)}
    return None if said == starts else f"the right captures start on {sorted(starts)}"


@shape("has captures", rf"\b(?:pedina|dama) in ({N}) ha ({COUNT['it']}) prese",
       rf"\b(?:man|king) on ({N}) has ({COUNT['en']}) captures")
def _has_captures(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(2), lang)
    got = sum(1 for x in _captures_at_start(story) if x.start == int(m.group(1)))
    return None if got == n else f"the piece on {m.group(1)} has {got} captures"


@shape("takes the", rf"\b(?:può mangiare|mangia) la ({N}):",
       rf"\bcan take ({N}):")
def _can_take_the(story: Story, m: re.Match, lang: str) -> str | None:
    square = int(m.group(1))
    if any(square in move.captures for board in story.boards for move in board.legal_moves):
        return None
    return f"no capture takes the piece on {square}"


@shape("can take n", rf"\b(pedina|dama) in ({N})(?: può prendere|: può prendere|, che può prendere) "
                     rf"({COUNT['it']}) pezzi",
       rf"\b(man|king) on ({N})(?: can take|: it can take) ({COUNT['en']}) pieces")
def _can_take_n(story: Story, m: re.Match, lang: str) -> str | None:
    start, n = int(m.group(2)), amount(m.group(3), lang)
    if any(len(move.captures) == n for board in story.boards
           for move in [*legal_from(board, start), *(r for r in _raw(board) if r.start == start)]):
        return None
    return f"no capture of the piece on {start} takes {n}"


def _captures_at_start(story: Story) -> list[Move]:
    return [m for m in story.start.legal_moves if m.captures]


@shape("captures counted", rf"\b(?:Le prese sono|Le prese permesse sono|ci sono|Ci sono) "
                           rf"({COUNT['it']})(?: prese)?\b",
       rf"\b[Tt]here are ({COUNT['en']})(?: allowed)? captures\b")
def _captures_counted(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(1), lang)
    if len(_captures_at_start(story)) == n:
        return None
    if any(len({(r.start, r.end) for r in _raw(b)}) and
           sum(1 for r in _raw(b) if (r.start, r.end) == (x.start, x.end)) == n
           for b in story.boards for x in _raw(b)):
        return None  # «due prese da 27 a 9»: two captures between the same squares
    return f"there are {len(_captures_at_start(story))} captures"


@shape("each takes", rf"\b(?:ognuna|ognuno|ciascuna|[Oo]gnuna delle prese) (?:prende|mangia) "
                     rf"({WHAT['it']})|\bprende ({WHAT['it']}) in ogni presa",
       rf"\b(?:each|each one|each of them) takes ({WHAT['en']})|\btakes ({WHAT['en']}) in "
       rf"every capture")
def _each_takes(story: Story, m: re.Match, lang: str) -> str | None:
    said = m.group(1) or m.group(2)
    men, kings, total = what(said, lang)
    captures = _captures_at_start(story)
    if re.search(r"dam|king", said) and not re.search(r"pedin|\bm[ae]n", said):
        ok = all(count_of(c, story.start)[1] == kings for c in captures)
    else:
        ok = all(len(c.captures) == total for c in captures)
    return None if ok and captures else "not every capture takes that"


@shape("ways", rf"\b(?:in|ha) ({COUNT['it']}) (?:modi|prese)\b",
       rf"\b(?:in|has) ({COUNT['en']}) (?:ways|captures)\b")
def _ways(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(1), lang)
    starts = {c.start for c in _captures_at_start(story)}
    if any(sum(1 for c in _captures_at_start(story) if c.start == s) == n for s in starts):
        return None
    return f"no piece has {n} captures"


@shape("longest", rf"\bla più lunga ne prende ({COUNT['it']})\b",
       rf"\bthe longest takes ({COUNT['en']})\b")
def _longest(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(1), lang)
    best = max((len(c.captures) for c in _captures_at_start(story)), default=0)
    return None if best == n else f"the longest capture takes {best}"


@shape("right capture takes", rf"\bla presa giusta prende ({WHAT['it']})",
       rf"\bthe right capture takes ({WHAT['en']})")
def _right_capture(story: Story, m: re.Match, lang: str) -> str | None:
    men, kings, total = what(m.group(1), lang)
    captures = _captures_at_start(story)
    if re.search(r"dam|king", m.group(1)):
        ok = all(count_of(c, story.start)[1] == kings for c in captures)
    else:
        ok = all(len(c.captures) == total for c in captures)
    return None if ok and captures else "the right capture takes something else"


@shape("captures take", rf"\b(?:[Ll]e prese della dama|[Tt]utte e (?:due|tre)(?: le prese)?|"
                        rf"[Ss]ia la dama sia la pedina) (?:prendono|mangiano|possono prendere) "
                        rf"({WHAT['it']})",
       rf"\b(?:[Tt]he king's captures|[Bb]oth(?: captures)?|[Aa]ll three|[Bb]oth the king and "
       rf"the man) (?:take|can take) ({WHAT['en']})")
def _captures_take(story: Story, m: re.Match, lang: str) -> str | None:
    men, kings, total = what(m.group(1), lang)
    captures = _captures_at_start(story)
    if captures and all(len(c.captures) == total for c in captures):
        return None
    return "the captures take something else"


@shape("both", rf"\b(?:tutte e due|tutti e due|nessuna delle due|le due prese|delle due|le tre prese)"
               rf"\b(?:, ({MOVE}), ({MOVE}) e ({MOVE}),|, ({MOVE}) e ({MOVE}),)?",
       rf"\b(?:both|neither|the two captures|which of the two|the three captures)\b"
       rf"(?:, ({MOVE}), ({MOVE}) and ({MOVE}),|, ({MOVE}) and ({MOVE}),)?")
def _both(story: Story, m: re.Match, lang: str) -> str | None:
    named = [t for t in m.groups() if t]
    if named:  # «le due prese, 30x5 e 30x21x...»: the captures compared are named
        said = 3 if re.search(r"tre|three", m.group(0)) else 2
        if said != len(named):
            return f"{len(named)} captures are named, not {said}"
        return first(None if story.named(t) else f"{t} is no capture here" for t in named)
    # Two answers, two legal captures, two captures a rule tells apart (one turned down), or
    # two captures between the same squares.
    lines = [line for line in story.lines if line]
    answers = len({line[0][1] for line in lines})
    raw = _raw(story.start)
    ends = [sum(1 for r in raw if (r.start, r.end) == (x.start, x.end)) for x in raw]
    if 2 in (answers, len(_captures_at_start(story)), len(raw)) or 2 in ends or any(
            len(legal_from(story.start, s)) == 2 for s in story.start.pieces()):
        return None
    return f"there are {answers or len(_captures_at_start(story))}, not two"


@shape("all three", r"\b(?:tutte e tre|nessuna delle tre|le tre prese)\b(?!, \d)",
       r"\b(?:all three|the three captures)\b(?!, \d)")
def _all_three(story: Story, m: re.Match, lang: str) -> str | None:
    n = len(_captures_at_start(story))
    return None if n == 3 else f"there are {n} captures, not three"


@shape("can move", rf"\b(?:pedina|dama) in ({N}):? (?:può fare|ha) ({COUNT['it']}) moss[ae]\b",
       rf"\b(?:man|king) on ({N}): it can make ({COUNT['en']}) moves?\b")
def _can_move(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(2), lang)
    got = len(legal_from(story.start, int(m.group(1))))
    return None if got == n else f"the piece on {m.group(1)} has {got} moves"


@shape("the moves", rf"\b(?:Le mosse sono|può giocare) ({COUNT['it']})(?: mosse)?: ({MOVES['it']})",
       rf"\b(?:There are|can play|has) ({COUNT['en']}) moves: ({MOVES['en']})")
def _the_moves(story: Story, m: re.Match, lang: str) -> str | None:
    n, said = amount(m.group(1), lang), set(moves_in(m.group(2)))
    legal = {story.start.move_text(x) for x in story.start.legal_moves}
    if n == len(legal) and said == legal:
        return None
    return f"the legal moves are {len(legal)}: {', '.join(sorted(legal))}"


@shape("goes to", rf"\b(?:[Pp]uò andare|[Pp]uò andare solo) in ({LIST['it']})",
       rf"\b(?:can go|can go only|can only go) to ({LIST['en']})")
def _goes_to(story: Story, m: re.Match, lang: str) -> str | None:
    said = set(squares(m.group(1)))
    for board in story.boards:
        for square, piece in board.pieces().items():
            ends = {x.end for x in legal_from(board, square)}
            if ends and ends == said:
                return None
        for square in {x.start for x in board.legal_moves}:
            pass
    return "no piece can go to exactly those squares"


def _neighbours(board: Board, square: int, forward: bool) -> set[int]:
    geo = board.variant.geometry
    r, c = geo.coords[square]
    piece = board.piece_at(square)
    rows = (-1,) if piece is not None and piece.colour == WHITE else (1,)
    rows = rows if forward else (-1, 1)
    return {geo.by_coords[(r + dr, c + dc)] for dr in rows for dc in (-1, 1)
            if (r + dr, c + dc) in geo.by_coords}


@shape("next squares", rf"\b(?:[Ll]e caselle (davanti|vicine alla dama)(?: alla pedina)? sono|"
                       rf"[Gg]uarda le caselle (davanti alla pedina|intorno alla dama):) ({LIST['it']})"
                       rf"|\b[Gg]uarda la casella (davanti) alla pedina, la ({N})",
       rf"\b(?:[Tt]he squares (in front|next to the king) are|[Ll]ook at the squares "
       rf"(in front of the man|around the king):) ({LIST['en']})"
       rf"|\b[Ll]ook at the square (in front) of the man, ({N})")
def _next_squares(story: Story, m: re.Match, lang: str) -> str | None:
    where = next(g for g in (m.group(1), m.group(2), m.group(4)) if g)
    said = set(squares(m.group(3) or m.group(5)))
    forward = "davanti" in where or "front" in where
    for board in story.boards:
        for square, piece in board.pieces().items():
            if piece.king == forward:
                continue
            if _neighbours(board, square, forward) == said:
                return None
    return "no piece has exactly those squares next to it"


@shape("only piece moves", rf"\bSolo la (pedina|dama) in ({N}) può muoversi",
       rf"\bOnly the (man|king) on ({N}) can move")
def _only_mover(story: Story, m: re.Match, lang: str) -> str | None:
    starts = {x.start for x in story.start.legal_moves}
    return None if starts == {int(m.group(2))} else f"the pieces that can move are {starts}"


@shape("first move", rf"\b(?:La prima mossa si fa con|Comincia (?:con|dalla|dal)|Prova con|"
                     rf"Salta con) (?:la|il) (pedina|dama|pezzo) in ({N})",
       rf"\b(?:The first move is made with|Start with|Try|Jump with) the (man|king|piece) "
       rf"on ({N})")
def _first_move(story: Story, m: re.Match, lang: str) -> str | None:
    square = int(m.group(2))
    starts = {line[0][1].start for line in story.lines if line}
    if not starts:
        starts = {x.start for x in story.start.legal_moves}
    problem = piece_problem(story, square, m.group(1), None, [story.start])
    return problem or (None if square in starts else f"the answer does not start on {square}")


@shape("first jump", rf"\bil primo salto arriva in ({N})|dopo il primo salto arriva in ({N})",
       rf"\bthe first jump lands on ({N})|after the first jump it lands on ({N})")
def _first_jump(story: Story, m: re.Match, lang: str) -> str | None:
    square = int(m.group(1) or m.group(2))
    if any(len(x.path) > 1 and x.path[1] == square for b in story.boards
           for x in b.legal_moves if x.captures):
        return None
    return f"no capture's first jump lands on {square}"


@shape("far row square", rf"\b(?:passa sull'ultima riga|arriva in fondo|fare dama|arriva sull'ultima "
                          rf"riga) in ({N})",
       rf"\b(?:passes the far row|reaches the far row|be crowned) on ({N})")
def _far_square(story: Story, m: re.Match, lang: str) -> str | None:
    square = int(m.group(1))
    if square not in far_row(story.start, story.side):
        return f"{square} is not the far row"
    passes = m.group(0).lower().startswith(("passa", "passes"))
    for board in story.boards:
        if board.turn != story.side:
            continue
        for x in [*board.legal_moves, *_raw(board)]:
            if (square in x.path[1:-1]) if passes else x.end == square:
                return None
    return f"no move {'passes' if passes else 'ends'} on {square}"


@shape("moves count", rf"\b(?:entro|in|al massimo|con) ({COUNT['it']}) moss[ae]\b",
       rf"\b(?:within|in|at most|with) ({COUNT['en']}) moves?\b")
def _moves_count(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(1), lang)
    if story.plies and n == story.plies // 2 + 1:
        return None
    if story.moves and n == len(story.moves):
        return None
    return f"{n} moves is not what the puzzle proves"


@shape("played since", rf"\bsi sono giocate ({COUNT['it']}) mosse, da ({MOVE}) a ({MOVE})",
       rf"\b({COUNT['en']}) moves were played, from ({MOVE}) to ({MOVE})")
def _played_since(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(1), lang)
    played = story.moves
    if played and n == len(played) and played[0] == m.group(2) and played[-1] == m.group(3):
        return None
    return f"the moves played are {len(played)}: {' '.join(played)}"


@shape("count is", rf"\bil conteggio è a ({COUNT['it']})\b|\bil conteggio è a (zero)\b",
       rf"\bthe count is at ({COUNT['en']})\b|\bthe count is at (zero)\b")
def _count_is(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(1) or m.group(2), lang)
    got = story.start.count or 0
    return None if got == n else f"the count is at {got}"


@shape("counted", rf"({MOVE}) è la ({N})", rf"({MOVE}) is ({N})")
def _counted(story: Story, m: re.Match, lang: str) -> str | None:
    board = story.before[0].copy() if story.before else None
    if board is None:
        return "no moves were played"
    for text in story.moves:
        board.push(text)
        if text == m.group(1):
            return None if board.count == int(m.group(2)) else f"{text} is move {board.count}"
    return f"{m.group(1)} was not played"


@shape("man's move", rf"\b(?:La mossa|mossa) ({MOVE}) è (?:di una pedina|una mossa di pedina)"
                     rf"|\b[Gg]uarda la mossa ({MOVE}): è una mossa di pedina",
       rf"\b[Tt]he move ({MOVE}) is a man's move|\b[Ll]ook at the move ({MOVE}): it is a man's move")
def _mans_move(story: Story, m: re.Match, lang: str) -> str | None:
    text = m.group(1) or m.group(2)
    for board, move, _ in story.named(text):
        piece = board.piece_at(move.start)
        if piece and not piece.king:
            return None
    return f"{text} is not a man's move"


@shape("side moves", rf"\b[Ll]e mosse del ({SIDE['it']}) sono una sì e una no: ({MOVES['it']})",
       rf"\b({SIDE['en']})'s moves are every other one: ({MOVES['en']})")
def _side_moves(story: Story, m: re.Match, lang: str) -> str | None:
    side = side_of(m.group(1))
    said = moves_in(m.group(2))
    board = story.before[0].copy() if story.before else story.start.copy()
    mine = []
    for text in story.moves:
        if board.turn == side:
            mine.append(text)
        board.push(text)
    return None if said == mine else f"{m.group(1)}'s moves are {' '.join(mine)}"


@shape("only count", rf"\b(?:[Cc]ontano solo(?: le mosse di chi ha chiamato,)?) ({MOVES['it']})",
       rf"\b[Oo]nly (?:the claimant's moves count, )?({MOVES['en']})(?: count)?")
def _only_count(story: Story, m: re.Match, lang: str) -> str | None:
    return first(None if text in story.moves else f"{text} was not played"
                 for text in moves_in(m.group(1)))


@shape("written with", rf"\bsi scrive con due numeri, ({N}) e ({N})",
       rf"\bwritten with two numbers, ({N}) and ({N})")
def _written_with(story: Story, m: re.Match, lang: str) -> str | None:
    text = f"{m.group(1)}-{m.group(2)}"
    return None if story.named(text) else f"{text} is no move here"


@shape("captured square", rf"\b[Ii]n ({N}) c'è il pezzo mangiato",
       rf"\b({N}) holds the captured piece")
def _captured_square(story: Story, m: re.Match, lang: str) -> str | None:
    square = int(m.group(1))
    if any(square in x.captures for b in story.boards for x in b.legal_moves):
        return None
    return f"no capture takes the piece on {square}"


@shape("same ends", rf"\b(?:anche ({MOVE}) va|prese) da ({N}) a ({N})",
       rf"\b(?:({MOVE}) goes|captures) from ({N}) to ({N})")
def _same_ends(story: Story, m: re.Match, lang: str) -> str | None:
    a, b = int(m.group(2)), int(m.group(3))
    if any(x.start == a and x.end == b for board in story.boards
           for x in [*board.legal_moves, *_raw(board)]):
        return None
    return f"no capture goes from {a} to {b}"


@shape("from to", rf"\bva da ({N}) a ({N})", rf"\bgoes from ({N}) to ({N})")
def _from_to(story: Story, m: re.Match, lang: str) -> str | None:
    return None if story.named(f"{m.group(1)}-{m.group(2)}") else "no such move"


@shape("square is", rf"\bla sua casella è la ({N})", rf"\bits square is ({N})")
def _square_is(story: Story, m: re.Match, lang: str) -> str | None:
    return piece_problem(story, int(m.group(1)), "pezzo", None)


@shape("steps from the far row", rf"\b(pedina|dama)(?: (bianca|nera))? in ({N}) è a "
                                 rf"({COUNT['it']}) pass[oi] dall'ultima riga",
       rf"\b(?:(white|black) )?(man|king) on ({N}) is ({COUNT['en']}) steps? from the far row")
def _steps_away(story: Story, m: re.Match, lang: str) -> str | None:
    square, n = int(m.group(3)), amount(m.group(4), lang)
    piece = story.start.piece_at(square)
    if piece is None:
        return f"no piece on {square}"
    geo = story.start.variant.geometry
    row = geo.coords[square][0]
    steps = row if piece.colour == WHITE else geo.size - 1 - row
    return None if steps == n else f"the piece on {square} is {steps} steps away"


# -- the material of a line ------------------------------------------------------------------

def _gifts(story: Story) -> tuple[int, int]:
    """(pieces the child gives, pieces the child takes) along the first line (a choice's:
    the exchange it asks for)."""
    gave = took = 0
    for board, move in exchange_line(story):
        if board.turn == story.side:
            took += len(move.captures)
        else:
            gave += len(move.captures)
    return gave, took


@shape("offers", rf"\b(?:offre|regala|regali|dai|sacrifica) ({COUNT['it']}) (?:pezz[oi]|pedin[ae])\b"
                 rf"(?! e ne prende)",
       rf"\b(?:offers|gives|give|give up|give the opponent) ({COUNT['en']}) "
       rf"(?:pieces|piece|men|man)\b(?: away)?"
       rf"(?! and takes)")
def _offers(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(1), lang)
    line = exchange_line(story)     # a choice's story has no line: the exchange it asks for
    if len(line) > 1 and len(line[1][1].captures) == n:
        return None
    return "the first gift is not that"


@shape("gave and took", rf"\b(?:ha dato|dà) ({COUNT['it']}) pezz[oi] e ne (?:ha pres[oi]|prende) "
                        rf"({COUNT['it']})",
       rf"\b(?:gave|gives) ({COUNT['en']}) pieces? and (?:took|takes) ({COUNT['en']})")
def _gave_took(story: Story, m: re.Match, lang: str) -> str | None:
    gave, took = _gifts(story)
    said = amount(m.group(1), lang), amount(m.group(2), lang)
    return None if said == (gave, took) else f"along the line it gives {gave} and takes {took}"


@shape("takes more", r"\b(?:ne prende|ne mangia|ne mangi|prendine|mangiane|mangiarne|ne prendi) "
                     r"(uno|due|tre|quattro|cinque)\b",
       r"\b(?:takes|take|you take) (one|two|three|four|five)\b(?! (?:m[ae]n|kings?|pieces?))")
def _takes_more(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(1), lang)
    mine = [move for board, move in exchange_line(story) if board.turn == story.side]
    if any(len(x.captures) == n for x in mine) or _gifts(story)[1] == n:
        return None
    if not story.main_line() and any(len(x.captures) == n for b in story.boards
                                     for x in b.legal_moves):
        return None
    return f"the line takes {[len(x.captures) for x in mine]}"


@shape("one for two", r"\buno per due\b|\bone for two\b", r"\bone for two\b")
def _one_for_two(story: Story, m: re.Match, lang: str) -> str | None:
    return None if _gifts(story) == (1, 2) else f"the line gives and takes {_gifts(story)}"


@shape("two steps", r"\bin due tempi\b", r"\bin two steps\b")
def _two_steps(story: Story, m: re.Match, lang: str) -> str | None:
    mine = [x for b, x in story.main_line() if b.turn != story.side and x.captures]
    return None if len(mine) == 2 else f"the opponent captures {len(mine)} times"


@shape("wins", rf"\b(?:guadagna|vince|vinci|guadagni) ({COUNT['it']}) pezz[oi]\b",
       rf"\b(?:wins|win|gains) ({COUNT['en']}) pieces?\b")
def _wins(story: Story, m: re.Match, lang: str) -> str | None:
    gain = balance(story.end(), story.side) - balance(story.start, story.side)
    return None if gain == amount(m.group(1), lang) else f"the line wins {gain}"


@shape("lead", rf"\b[Aa]lla fine ({SIDE['it']}) ha (?:ancora )?({COUNT['it']}) pezz[oi] in più",
       rf"\b[Ii]n the end ({SIDE['en']}) is (?:still )?({COUNT['en']}) pieces? up")
def _lead(story: Story, m: re.Match, lang: str) -> str | None:
    side = side_of(m.group(1))
    lead = balance(story.end(), side)
    name = "White" if side == WHITE else "Black"
    return None if lead == amount(m.group(2), lang) else f"in the end {name} leads by {lead}"


@shape("level", r"\b[Aa]lla fine i pezzi sono pari\b", r"\b[Ii]n the end the pieces are level\b")
def _level(story: Story, m: re.Match, lang: str) -> str | None:
    lead = balance(story.end(), WHITE)
    return None if lead == 0 else f"in the end the balance is {lead}"


@shape("loses", rf"\b(?:perderesti|perdi|perdi solo|avresti perso|hai perso) ({WHAT['it']})",
       rf"\b(?:you would lose|you lose|you lost|you would have lost) ({WHAT['en']})")
def _loses(story: Story, m: re.Match, lang: str) -> str | None:
    men, kings, total = what(m.group(1), lang)
    lost = balance(story.start, story.side) - balance(story.end(), story.side)
    return None if lost == total else f"the line loses {lost}"


# -- the puzzle's question -----------------------------------------------------------------

@shape("turn", rf"\bTocca ({SIDE['it']}|al Bianco|al Nero)\b", rf"\b({SIDE['en']}) to (?:play|move)\b")
def _turn(story: Story, m: re.Match, lang: str) -> str | None:
    side = side_of(m.group(1))
    return None if story.start.turn == side or (story.moves and story.before[0].turn == side) \
        else "it is the other side's turn"


@shape("captures that take", rf"\bprese che prendono ({WHAT['it']})(?: e ({WHAT['it']}))?",
       rf"\b(?:captures that take|[Ee]very capture of) ({WHAT['en']})(?: and ({WHAT['en']}))?")
def _captures_that_take(story: Story, m: re.Match, lang: str) -> str | None:
    total, kings = pieces_and_kings(m.group(0), lang)
    for move in [*story.start.legal_moves, *_raw(story.start)]:
        if (total is None or len(move.captures) == total) and (kings is None or
                                            count_of(move, story.start)[1] == kings):
            return None
    return "no capture takes that"


@shape("first jump goes", rf"\b[Ii]l primo salto va in ({N})", rf"\b[Tt]he first jump goes to ({N})")
def _first_jump_goes(story: Story, m: re.Match, lang: str) -> str | None:
    square = int(m.group(1))
    if any(len(x.path) > 1 and x.path[1] == square for b in story.boards
           for x in b.legal_moves if x.captures):
        return None
    return f"no capture's first jump lands on {square}"


@shape("goes from to", rf"\b(?:pedina|dama) in ({N}) va in ({N})|\bdella pedina da ({N}) a ({N})",
       rf"\b(?:man|king) on ({N}) goes to ({N})|\bof the man from ({N}) to ({N})")
def _goes_from_to(story: Story, m: re.Match, lang: str) -> str | None:
    a, b = [int(x) for x in m.groups() if x]
    return None if story.named(f"{a}-{b}") else f"{a}-{b} is no move here"


@shape("piece taken on", rf"\bpezzo preso \(in ({LIST['it']})\)",
       rf"\bpiece it takes \(on ({LIST['en']})\)")
def _piece_taken_on(story: Story, m: re.Match, lang: str) -> str | None:
    taken = {s for b in story.boards for x in b.legal_moves for s in x.captures}
    return first(None if s in taken else f"no capture takes {s}" for s in squares(m.group(1)))


@shape("per capture", rf"\(({COUNT['it']}) pezz[oi] per presa\)",
       rf"\(({COUNT['en']}) pieces? each time\)")
def _per_capture(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(1), lang)
    captures = _captures_at_start(story)
    return None if captures and all(len(c.captures) == n for c in captures) else \
        "the captures take something else"


@shape("each can take", rf"\b(?:pedina|dama) in ({N}) e (?:la |il )?(?:pedina|dama|pezzo) in ({N}) "
                        rf"(?:possono prendere|prendono) ({COUNT['it']}) pezz[oi] ciascuna",
       rf"\b(?:man|king) on ({N}) and the (?:man|king|piece) on ({N}) (?:can take|take) "
       rf"({COUNT['en']}) pieces? each")
def _each_can_take(story: Story, m: re.Match, lang: str) -> str | None:
    n = amount(m.group(3), lang)
    for square in (int(m.group(1)), int(m.group(2))):
        best = max((len(x.captures) for x in _raw(story.start) if x.start == square),
                   default=0)
        if best != n:
            return f"the best capture of the piece on {square} takes {best}"
    return None


@shape("takes the square", rf"\b(?:mangia|salta) la ({N}) e arriva in ({N})",
       rf"\b(?:takes|jumps over) ({N}) and lands on ({N})")
def _takes_square(story: Story, m: re.Match, lang: str) -> str | None:
    victim, end = int(m.group(1)), int(m.group(2))
    if any(victim in x.captures and x.end == end for b in story.boards for x in b.legal_moves):
        return None
    return f"no capture takes {victim} and lands on {end}"


@shape("two numbers", r"\bcon questi due numeri\b", r"\bwith these two numbers\b",
       exclusive=True)
def _two_numbers(story: Story, m: re.Match, lang: str) -> str | None:
    return None  # a move from one square to another is written with two numbers


@shape("opened with", rf"\b(?:ha aperto con|[Dd]opo) ({MOVE})", rf"\b(?:opened with|[Aa]fter) ({MOVE})")
def _opened_with(story: Story, m: re.Match, lang: str) -> str | None:
    return None if story.named(m.group(1)) else f"{m.group(1)} was not played"


@shape("front row", rf"\bpedine della prima fila, da ({N}) a ({N}), hanno caselle libere",
       rf"\bmen of the front row, (?:from )?({N}) to ({N}), have empty squares")
def _front_row(story: Story, m: re.Match, lang: str) -> str | None:
    a, b = int(m.group(1)), int(m.group(2))
    movers = {x.start for x in story.start.legal_moves}
    return None if movers and movers <= set(range(a, b + 1)) else f"the pieces that move are {movers}"


@shape("new king safe", r"\bnon può mangiare la nuova dama\b", r"\bcannot take the new king\b")
def _new_king_safe(story: Story, m: re.Match, lang: str) -> str | None:
    end = story.end()
    line = story.main_line()
    if not line:
        return "no line"
    crowned = line[-1][1].end
    if any(crowned in x.captures for x in end.legal_moves):
        return f"the king on {crowned} can be taken"
    return None


def check_text(text: str, story: Story, lang: str = "it") -> list[Claim]:
    """Every claim ``text`` (in ``lang``) makes, each checked against ``story``; a number
    that no claim accounts for comes too, as a claim of kind "unchecked"."""
    claims: list[Claim] = []
    covered: list[tuple[int, int]] = []
    hidden: list[tuple[int, int]] = []
    for item in SHAPES:
        for m in re.finditer(item.patterns[lang], text, flags=re.IGNORECASE):
            if any(a <= m.start() < b or a < m.end() <= b for a, b in hidden):
                continue
            claims.append(Claim(item.kind, m.group(0), m.span(), item.check(story, m, lang)))
            covered.append(m.span())
            if item.exclusive:
                hidden.append(m.span())
    counted = "|".join(_COUNTED[lang])
    for m in re.finditer(rf"\d+|\b(?:{counted})\b", text, flags=re.IGNORECASE):
        if not any(a <= m.start() and m.end() <= b for a, b in covered):
            claims.append(Claim("unchecked", m.group(0), m.span(),
                                f"no claim accounts for {m.group(0)!r}"))
    return sorted(claims, key=lambda c: c.span)


def problems(text: str, story: Story, lang: str = "it") -> list[str]:
    """What is wrong or unchecked in ``text``: one line per claim the engine does not back."""
    return [f"{c.kind}: «{c.words}»: {c.problem}" for c in check_text(text, story, lang)
            if c.problem]
