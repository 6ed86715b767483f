"""PDN 3.0 game files: read (lazily, game by game) and write, every move checked.

>>> game = parse_game('[GameType "22,W,8,8,N2,1"]\\n1. 22-19 10-14 2. 19x10 {presa} 5x14 *')
>>> [str(m) for m in game.moves]
['22-19', '10-14', '19x10', '5x14']
>>> game.board(2).fen()
'W:W19,21,23-32:B1-9,11,12,14'
"""

from __future__ import annotations

import io
import os
import re
from collections import deque
from dataclasses import dataclass, field
from typing import BinaryIO, Iterable, Iterator, TextIO

from .board import Board, Move
from .errors import DamaError, FenError, IllegalMoveError, NotationError
from .i18n import N_, ColourWord, Said, VariantName, translator
from .variants import VARIANTS, Variant, get_variant

RESULTS = ("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*")
#: The tags written first, in this order (PGN's seven-tag roster, then the set-up).
TAG_ORDER = ("Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "SetUp",
             "FEN")


class PdnError(DamaError):
    """A problem in a game file: the message names the game, the line, the move and the text;
    ``rule`` is the rule id when a move is illegal. Raised only by strict reading; otherwise
    kept in ``Game.errors``."""

    def __init__(self, message: str, game: int = 0, line: int = 0, rule: str | None = None,
                 move: str = "", /, **params: object) -> None:
        self.game = game
        self.line = line
        self.rule = rule
        self.move = move
        super().__init__(message, **params)

    @property
    def reason(self) -> str:
        """The problem itself, in English, without the game and line."""
        return self.reason_text("en")

    def reason_text(self, lang: str = "en") -> str:
        """The problem itself in ``lang``, without the game and line."""
        return super().text(lang)

    def text(self, lang: str = "en") -> str:
        return _placed(self.reason_text(lang), self.game, self.line, lang)


@dataclass(frozen=True)
class PdnWarning:
    """Something read by a guess: a short capture that nothing in the game told apart."""

    message: str
    game: int = 0
    line: int = 0
    params: dict = field(default_factory=dict, compare=False)

    def text(self, lang: str = "en") -> str:
        """The warning in ``lang``, with its game and line."""
        return _placed(Said(self.message, **self.params).text(lang), self.game, self.line, lang)

    def __str__(self) -> str:
        return self.text("en")


def _placed(what: str, game: int, line: int, lang: str) -> str:
    """«partita 3, riga 12: ...»: a problem said with where it is."""
    _ = translator(lang)
    if line:
        return _("game {game}, line {line}: {problem}", game=game, line=line, problem=what)
    return _("game {game}: {problem}", game=game, problem=what)
@dataclass
class Node:
    """One move of a game, the comment after it, and the alternatives to it: each variation
    is a line of nodes played instead of this move, from the position before it."""

    move: Move
    comment: str = ""
    variations: list[list[Node]] = field(default_factory=list)
    #: What the annotator thought of the move: ``!``, ``?``, ``!?``..., or a ``$n`` glyph
    #: with no sign of its own.
    annotation: str = ""


@dataclass
class Game:
    """A game: its tags, the comment before the first move, the main line, and the result.

    A game read from a file that could not be read to its end keeps the moves read before
    the problem; ``errors`` says what the problem was, ``warnings`` what was read by a guess.
    """

    tags: dict[str, str] = field(default_factory=dict)
    mainline: list[Node] = field(default_factory=list)
    comment: str = ""
    result: str = "*"
    errors: list[PdnError] = field(default_factory=list, compare=False, repr=False)
    warnings: list[PdnWarning] = field(default_factory=list, compare=False, repr=False)

    def tag(self, name: str, default: str | None = None) -> str | None:
        """A tag's value by its PDN name, whatever the case of the file's name for it or its
        language: ``tag("White")`` reads ``[Bianco "..."]`` too."""
        value = _tag(self.tags, name)
        return default if value is None else value

    @property
    def variant(self) -> Variant:
        return variant_of(self.tags.get("GameType"))

    @property
    def is_problem(self) -> bool:
        """Whether the game is a position to solve: it starts from a position of its own
        (``SetUp``/``FEN``), as files of composed problems write them."""
        return bool((self.tags.get("FEN") or "").strip()) and \
            self.tags.get("FEN", "").strip() != self.variant.start_fen()

    @property
    def start_fen(self) -> str:
        return self.tags.get("FEN") or self.variant.start_fen()

    @property
    def moves(self) -> list[Move]:
        """The moves of the main line."""
        return [node.move for node in self.mainline]

    def board(self, ply: int | None = None) -> Board:
        """The position after ``ply`` moves of the main line (all of them when None), with
        those moves in the board's history."""
        board = Board(self.start_fen, self.variant)
        for move in self.moves[:ply]:
            board.push(move)
        return board

    def positions(self) -> Iterator[Board]:
        """The start and every position of the main line, each a fresh board."""
        for ply in range(len(self.mainline) + 1):
            yield self.board(ply)

    @classmethod
    def from_board(cls, board: Board, result: str = "*", **tags: str) -> Game:
        """A game made of the moves played on ``board``, from the position it started in."""
        start = board.copy()
        while start.move_stack:
            start.pop()
        game_tags = {"Result": result}
        if board.variant.pdn_game_type:
            game_tags["GameType"] = board.variant.pdn_game_type
        if start.fen() != start.variant.start_fen():
            game_tags["SetUp"] = "1"
            game_tags["FEN"] = start.fen()
        game_tags.update(tags)
        return cls(game_tags, [Node(m) for m in board.move_stack], "", result)

    def pdn(self) -> str:
        """The game as PDN text."""
        return write_game(self)

    def __str__(self) -> str:
        return self.pdn()


def guess_variant(game_type: str | None, largest_square: int = 0,
                  algebraic: bool = False) -> Variant:
    """The variant of a game: the one its ``GameType`` names; without one, International
    draughts when a square over 32 is written (its FEN or its moves), Brazilian when its
    moves name squares by letter and number (c3-d4, an 8x8 board with a dark corner on the
    left), else Italian.

    >>> guess_variant(None, 44).name, guess_variant(None, 32).name, guess_variant("26").name
    ('international', 'italian', 'brazilian')
    >>> guess_variant(None, 8, algebraic=True).name
    'brazilian'
    """
    if game_type:
        return variant_of(game_type)
    if VARIANTS["italian"].squares < largest_square <= VARIANTS["international"].squares:
        return VARIANTS["international"]
    if algebraic and largest_square <= 8:
        return VARIANTS["brazilian"]
    return VARIANTS["italian"]


def largest_square(text: str) -> int:
    """The largest square number a FEN or a move writes (0 where it writes none); in
    algebraic squares (c3), the largest row."""
    return max((int(n) for n in re.findall(r"\d+", text)), default=0)


def is_algebraic(text: str) -> bool:
    """Whether a move names its squares by letter and number (``c3-d4``)."""
    return bool(re.match(r"\s*[a-hA-H]\d", text))


#: Annotation glyphs ($1...$6) as the signs a score sheet writes.
NAG_SIGNS = {"$1": "!", "$2": "?", "$3": "!!", "$4": "??", "$5": "!?", "$6": "?!"}


def variant_of(game_type: str | None) -> Variant:
    """The variant named by a PDN ``GameType`` tag (22 Italian, 20 International, 26 Brazilian);
    Italian when there is none."""
    if not game_type:
        return VARIANTS["italian"]
    number = game_type.split(",")[0].strip()
    for variant in VARIANTS.values():
        if variant.pdn_game_type and variant.pdn_game_type.split(",")[0] == number:
            return variant
    raise PdnError(N_('GameType "{game_type}" is not a game this library plays (22 Italian, '
                      '20 International, 26 Brazilian)'), game_type=game_type)


# -- reading ----------------------------------------------------------------------------------

_TOKEN = re.compile(r"""
    (?P<tag>\[\s*(?P<name>[^\s"\[\]]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\])
  | (?P<open_comment>\{)
  | (?P<line_comment>;.*)
  | (?P<paren>[()])
  | (?P<result>1-0|0-1|1/2-1/2|½-½|2-0|0-2|1-1|0-0|\*|-(?=\s|$))(?![\w-])
  | (?P<number>\d+\s*(?:\.|…)+|\.+|…)
  | (?P<move>[A-Za-z]?\d+(?:\s*[-x×X:]\s*[A-Za-z]?\d+)+)(?P<suffix>[!?]*)
  | (?P<nag>\$\d+)
  | (?P<space>\s+|\\[rn](?![\w-]))  # and "\\r" written out, as one exporter does
""", re.VERBOSE)
# Tags that real files write loosely: quotes inside the value, or no quotes at all.
_LOOSE_TAG = re.compile(r'\[\s*(?P<name>[^\s"\[\]]+)\s+(?:"(?P<quoted>.*)"|(?P<bare>[^"\]]*?))'
                        r'\s*\]')
_UNREADABLE = re.compile(r"[^\s\[{(]+|\S")  # up to a space or where a tag, comment or line starts
_RESULT_SPELLINGS = {"½-½": "1/2-1/2", "-": "*"}  # "-": a result not known, as some write it
#: Tag names of other languages, read as the PDN name when the file has no PDN one.
TAG_ALIASES = {
    "Result": ("Risultato", "Résultat", "Resultado", "Uitslag", "Ergebnis"),
    "White": ("Bianco", "Blanc", "Blancas", "Wit", "Weiss", "Weiß"),
    "Black": ("Nero", "Noir", "Negras", "Zwart", "Schwarz"),
    "Event": ("Evento", "Torneo", "Événement", "Evenement", "Toernooi"),
    "Site": ("Luogo", "Lieu", "Lugar", "Plaats", "Ort"),
    "Date": ("Data", "Fecha", "Datum"),
    "Round": ("Turno", "Ronde", "Ronda", "Runde"),
    "Opening": ("Apertura", "Ouverture", "Abertura", "Opening", "Eröffnung"),
    "Annotator": ("Commentatore", "Annotatore", "Annotateur", "Commentaar"),
}
#: Tags real Italian files write, told in the list and the heading when the PDN name is
#: absent: «Dati» holds the tournament and round («69° ASSOLUTO 1° TURNO»), «Anno» the year.
TAG_FALLBACKS = {"Event": ("Dati",), "Date": ("Anno", "Year")}
#: A variation never closed ends the game's reading (the rest of the game is inside it).
_UNCLOSED = N_("a variation '(' is never closed")
#: How far ahead a game without GameType is read for a square that tells its board.
_LOOKAHEAD_TOKENS = 3000
#: How far the rest of a game is read, and how many positions tried, to tell apart the routes
#: of a short capture that fits more than one move.
_LOOKAHEAD_PLIES = 60
_LOOKAHEAD_NODES = 4000


@dataclass
class _Token:
    kind: str
    text: str
    line: int
    name: str = ""
    #: A move's annotation written on it (``22-18!``).
    suffix: str = ""


def _tokens(lines: Iterable[str]) -> Iterator[_Token]:
    """Tokens of PDN text, read line by line so that a long file streams."""
    comment: list[str] | None = None
    comment_line = 0
    for number, line in enumerate(lines, 1):
        if number == 1:
            line = line.lstrip("\ufeff")
        pos = 0
        if comment is not None:
            end = line.find("}")
            if end < 0:
                comment.append(line)
                continue
            comment.append(line[:end])
            yield _Token("comment", " ".join(" ".join(comment).split()), comment_line)
            comment = None
            pos = end + 1
        elif line.startswith("%"):  # PDN escape line: ignored by readers
            continue
        while pos < len(line):
            match = _TOKEN.match(line, pos)
            if not match:
                loose = _LOOSE_TAG.match(line, pos)
                if loose:
                    value = loose.group("quoted")
                    value = loose.group("bare") if value is None else value
                    yield _Token("tag", value.strip(), number, loose.group("name"))
                    pos = loose.end()
                    continue
                bad = _UNREADABLE.match(line, pos).group()
                yield _Token("error", bad[:30], number)
                pos += len(bad)
                continue
            pos = match.end()
            kind = match.lastgroup
            if match.group("tag"):
                value = match.group("value").replace('\\"', '"').replace("\\\\", "\\")
                yield _Token("tag", value, number, match.group("name"))
            elif kind == "open_comment":
                end = line.find("}", pos)
                if end < 0:
                    comment, comment_line = [line[pos:]], number
                    break
                yield _Token("comment", " ".join(line[pos:end].split()), number)
                pos = end + 1
            elif match.group("move"):
                yield _Token("move", match.group("move"), number,
                             suffix=match.group("suffix") or "")
            elif match.group("result"):
                text = match.group("result")
                yield _Token("result", _RESULT_SPELLINGS.get(text, text), number)
            elif kind in ("paren", "number", "nag"):
                yield _Token(kind, match.group(kind), number)
    if comment is not None:
        yield _Token("error", "{ without }", comment_line)


class _GameError(Exception):
    """A problem that ends the reading of this game's main line."""

    def __init__(self, error: PdnError) -> None:
        self.error = error


def _tag(tags: dict[str, str], name: str) -> str | None:
    """A tag's value, whatever the case of its name or the language of the file."""
    aliases = next((v for k, v in TAG_ALIASES.items() if k.lower() == name.lower()), ())
    fallbacks = next((v for k, v in TAG_FALLBACKS.items() if k.lower() == name.lower()), ())
    for key in (name, *aliases, *fallbacks):
        for written, value in tags.items():
            if written.lower() == key.lower():
                return value
    return None


class _Reader:
    """Builds games from a token stream; one game per call to ``next_game``."""

    def __init__(self, lines: Iterable[str], variant: str | Variant | None,
                 strict: bool, tokens: Iterator[_Token] | None = None) -> None:
        self._tokens = _tokens(lines) if tokens is None else tokens
        self._buffer: deque[_Token] = deque()
        self._default = get_variant(variant) if variant is not None else None
        self._strict = strict
        self.count = 0
        self._game = Game()

    def _next(self) -> _Token | None:
        if self._buffer:
            return self._buffer.popleft()
        return next(self._tokens, None)

    def _peek(self, ahead: int = 0) -> _Token | None:
        while len(self._buffer) <= ahead:
            token = next(self._tokens, None)
            if token is None:
                return None
            self._buffer.append(token)
        return self._buffer[ahead]

    def _error(self, message: str, token: _Token | None = None, rule: str | None = None,
               move: str = "", **params: object) -> PdnError:
        return PdnError(message, self.count, token.line if token else 0, rule, move, **params)

    def _report(self, error: PdnError) -> None:
        """Keep the error on the game, or raise it at once when reading strictly."""
        if self._strict:
            raise error
        self._game.errors.append(error)

    # -- a game --------------------------------------------------------------------------

    def next_game(self) -> Game | None:
        if self._peek() is None:
            return None
        self.count += 1
        game = self._game = Game()
        # The header: tags, and comments wherever a file puts them (between tags, after the
        # previous game's result).
        while (token := self._peek()) is not None and token.kind in ("tag", "comment"):
            self._next()
            if token.kind == "tag":
                game.tags[token.name] = token.text
            else:
                game.comment = (game.comment + " " + token.text).strip()
        if token is None and not game.tags:
            return None  # only comments after the last game
        game_type = _tag(game.tags, "GameType")
        if game_type is None and self._default is not None and self._default.pdn_game_type:
            game.tags["GameType"] = game_type = self._default.pdn_game_type
        elif game_type is None:
            game_type = self._guessed_game_type(game)
        for name in ("GameType", "FEN"):
            value = _tag(game.tags, name)
            if value is not None and name not in game.tags:
                game.tags = {(name if k.lower() == name.lower() else k): v
                             for k, v in game.tags.items()}
        board = None
        try:
            variant = variant_of(game_type)
            fen = (game.tags.get("FEN") or "").strip()
            board = Board(fen, variant) if fen else Board(variant=variant)
        except PdnError as error:
            self._report(self._error(error.message, **error.params))
        except DamaError as error:
            self._report(self._error(N_("the FEN tag cannot be read: {error}"), error=error))
        result = None
        if board is not None:
            try:
                comment, result = self._line(board, game.mainline, top=True)
                if comment:
                    game.comment = (game.comment + " " + comment).strip()
            except _GameError as problem:
                self._report(problem.error)
                result = self._skip_game()
        else:
            result = self._skip_game()
        # The move text's result, unless it is "*" where the tags know the result.
        tagged = _tag(game.tags, "Result")
        game.result = (result if result and (result != "*" or tagged not in RESULTS)
                       else tagged if tagged in RESULTS else "*")
        if "Result" not in game.tags:
            game.tags["Result"] = game.result
        return game

    def _guessed_game_type(self, game: Game) -> str | None:
        """A game without ``GameType``: International when its FEN or its moves write a
        square over 32 (said as a warning, and written as its GameType), else None."""
        largest = largest_square(_tag(game.tags, "FEN") or "")
        ahead, algebraic = 0, False
        while largest <= 32 and ahead < _LOOKAHEAD_TOKENS and \
                (token := self._peek(ahead)) is not None:
            ahead += 1
            if token.kind in ("tag", "result"):
                break
            if token.kind == "move":
                largest = max(largest, largest_square(token.text))
                algebraic = algebraic or is_algebraic(token.text)
        variant = guess_variant(None, largest, algebraic)
        if variant.name == "italian":
            return None
        game.tags["GameType"] = variant.pdn_game_type or ""
        self._game.warnings.append(PdnWarning(
            N_("the game does not say which draughts it is (no GameType tag): read as "
               "{variant}, since square {square} is not on an 8x8 board") if not algebraic
            else N_("the game does not say which draughts it is (no GameType tag): read as "
                    "{variant}, since its moves name squares by letter and number"),
            self.count, 0, {"variant": VariantName(variant.name), "square": largest}))
        return game.tags["GameType"]

    def _skip_game(self) -> str | None:
        """Pass over the rest of a game that cannot be read: up to its result, or to the next
        game's tags; the result, when there is one."""
        depth = 0
        while (token := self._peek()) is not None:
            if token.kind == "tag":
                return None
            self._next()
            if token.text == "(" and token.kind == "paren":
                depth += 1
            elif token.text == ")" and token.kind == "paren":
                depth = max(0, depth - 1)
            elif token.kind == "result" and depth == 0:
                return token.text
        return None

    def _skip_variation(self) -> None:
        """Pass over the rest of a variation that cannot be read, its ')' included."""
        depth = 0
        while (token := self._peek()) is not None:
            if token.kind in ("tag", "result"):
                raise _GameError(self._error(_UNCLOSED, token))
            self._next()
            if token.kind == "paren" and token.text == "(":
                depth += 1
            elif token.kind == "paren" and token.text == ")":
                if depth == 0:
                    return
                depth -= 1
        raise _GameError(self._error(_UNCLOSED))

    def _line(self, board: Board, nodes: list[Node], top: bool) -> tuple[str, str | None]:
        """Read moves into ``nodes`` until the end of this line: ')' for a variation, the
        result or the next game's tags for the main line. Returns the comment before the
        first move and the result."""
        before = ""
        while True:
            token = self._peek()
            if token is None:
                if not top:
                    raise _GameError(self._error(_UNCLOSED))
                return before, None
            if token.kind == "tag":
                if top and (nodes or before):
                    return before, None
                raise _GameError(self._error(N_("tag [{tag}] in the middle of the moves"),
                                             token, tag=token.name))
            self._next()
            if token.kind == "comment":
                if nodes:
                    nodes[-1].comment = (nodes[-1].comment + " " + token.text).strip()
                else:
                    before = (before + " " + token.text).strip()
            elif token.kind == "result":
                if not top:
                    raise _GameError(self._error(N_("result {result} inside a variation"),
                                                 token, result=token.text))
                return before, token.text
            elif token.kind == "paren":
                if token.text == ")":
                    if top:
                        raise _GameError(self._error(N_("')' without '('"), token))
                    return before, None
                if not nodes:
                    raise _GameError(self._error(N_("a variation '(' before any move"), token))
                side = board.copy()
                side.pop()  # a variation replaces the last move played
                variation: list[Node] = []
                try:
                    self._line(side, variation, top=False)
                except _GameError as problem:
                    if problem.error.message == _UNCLOSED:
                        raise
                    wrong = problem.error
                    self._report(PdnError(N_("in a variation: {error}"), wrong.game, wrong.line,
                                          wrong.rule, wrong.move,
                                          error=Said(wrong.message, **wrong.params)))
                    self._skip_variation()
                if variation:
                    nodes[-1].variations.append(variation)
            elif token.kind == "move":
                if top and self._is_score(token):
                    return before, token.text
                nodes.append(Node(self._play(board, token), annotation=token.suffix))
            elif token.kind == "nag" and nodes:
                sign = NAG_SIGNS.get(token.text, token.text)
                nodes[-1].annotation = nodes[-1].annotation + sign if sign[0] != "$" or \
                    not nodes[-1].annotation else nodes[-1].annotation
            elif token.kind == "error":
                raise _GameError(self._error(N_("cannot read {text}"), token, text=repr(token.text)))
            # move numbers carry nothing the moves do not already say

    def _is_score(self, token: _Token) -> bool:
        """Whether ``token``, written like a move, is the game's match score: the last word
        of its moves, as its Result tag gives it (``4-6`` in some tournament files)."""
        score = _tag(self._game.tags, "Result")
        if not score or token.text != score.strip() or score.strip() in RESULTS:
            return False
        after = self._peek()
        return after is None or after.kind == "tag"

    # -- a move --------------------------------------------------------------------------

    def _play(self, board: Board, token: _Token) -> Move:
        try:
            squares = board.parse_squares(token.text)
        except NotationError as error:
            where = _where(board, token)
            raise _GameError(self._error(N_("{where}: {error}"), token, move=token.text,
                                         where=where, error=error)) from None
        move = board.push_squares(squares)  # the common case: one move fits, played at once
        if move is not None:
            return move
        where = _where(board, token)
        matches = board.matching(squares)
        if not matches:
            error = board.illegal_move_error(squares)
            raise _GameError(self._error(N_("{where} is illegal: {error}"), token, error.rule,
                                         token.text, where=where, error=error))
        move = matches[0] if len(matches) == 1 else self._choose(board, matches, token, where)
        board.push(move)
        return move

    def _choose(self, board: Board, matches: list[Move], token: _Token, where: Said) -> Move:
        """The route a short capture means: routes to the same position are one move; else
        the one the rest of the line can follow furthest; else the first, with a warning."""
        after: dict[tuple, tuple[Move, Board]] = {}
        for move in matches:
            child = board.copy()
            child.push(move)
            after.setdefault(child.key(), (move, child))
        if len(after) == 1:
            return matches[0]
        rest = self._rest_of_line()
        budget = [_LOOKAHEAD_NODES]
        reach = {move: _reach(child, rest, 0, budget) for move, child in after.values()}
        furthest = max(reach.values())
        best = [move for move in reach if reach[move] == furthest]
        if len(best) > 1:
            routes = ", ".join("x".join(map(str, m.path)) for m in best)
            self._game.warnings.append(PdnWarning(
                N_("{where} fits {n} routes ({routes}) and nothing later in the game tells "
                   "them apart: read as {route}"), self.count, token.line,
                {"where": where, "n": len(best), "routes": routes,
                 "route": "x".join(map(str, best[0].path))}))
        return best[0]

    def _rest_of_line(self) -> list[str]:
        """The moves that follow in this line (variations left out), read ahead without
        consuming them."""
        moves: list[str] = []
        depth = 0
        ahead = 0
        while len(moves) < _LOOKAHEAD_PLIES and (token := self._peek(ahead)) is not None:
            ahead += 1
            if token.kind in ("tag", "result", "error"):
                break
            if token.kind == "paren":
                depth += 1 if token.text == "(" else -1
                if depth < 0:
                    break
            elif token.kind == "move" and depth == 0:
                moves.append(token.text)
        return moves


def _where(board: Board, token: _Token) -> str:
    return Said(N_("move {number} ({side}) {move}"), number=board.move_number,
                side=ColourWord(board.turn), move=repr(token.text))


def _reach(board: Board, moves: list[str], i: int, budget: list[int]) -> int:
    """How many of ``moves`` can be played from ``board`` along the best of their routes."""
    if i == len(moves) or budget[0] <= 0:
        return i
    budget[0] -= 1
    try:
        matches = board.matching(board.parse_squares(moves[i]))
    except NotationError:
        return i
    best = i
    for move in matches:
        child = board.copy()
        child.push(move)
        best = max(best, _reach(child, moves, i + 1, budget))
        if best == len(moves):
            break
    return best


def read_games(handle: Iterable[str], variant: str | Variant | None = None,
               strict: bool = False) -> Iterator[Game]:
    """Every game of an open PDN file (or any iterable of lines), one at a time: a large file
    streams. ``variant`` is used for games without a GameType tag (Italian when None).

    A game that cannot be read to its end is yielded with the moves read before the problem
    and the problem in ``game.errors``; reading goes on with the next game. With
    ``strict=True`` the first problem raises PdnError instead.
    """
    reader = _Reader(handle, variant, strict)
    while (game := reader.next_game()) is not None:
        yield game


@dataclass(frozen=True)
class Heading:
    """A game of a file as its list shows it, read from its tags alone (no move is checked):
    ``number`` counts from 1, ``first_token`` is where the game starts in the file's tokens
    (for :func:`open_game`), ``line`` the line its tags start on."""

    number: int
    tags: dict[str, str]
    line: int
    first_token: int
    moves: int
    result: str = "*"
    #: The largest square number its FEN and its moves write (a square over 32: 10x10).
    largest_square: int = 0
    #: Whether its moves name squares by letter and number (c3-d4).
    algebraic: bool = False

    def tag(self, name: str, default: str = "") -> str:
        """A tag's value by its PDN name, in whatever language the file names it."""
        value = _tag(self.tags, name)
        return default if value is None else value

    @property
    def variant(self) -> Variant | None:
        """The game's variant as :func:`guess_variant` tells it (None for a GameType this
        library does not play)."""
        try:
            return guess_variant(_tag(self.tags, "GameType"), self.largest_square,
                                 self.algebraic)
        except PdnError:
            return None

    @property
    def is_problem(self) -> bool:
        """Whether the game starts from a position of its own (a FEN tag)."""
        return bool(self.tag("FEN").strip())


def scan_games(handle: Iterable[str]) -> list[Heading]:
    """The games of a PDN file (any iterable of lines) by their tags, without reading their
    moves: a file of a thousand games is listed at once, each game read when it is opened
    (:func:`open_game`). The games and their numbers are those ``read_games`` gives."""
    headings: list[Heading] = []
    tags: dict[str, str] = {}
    start, line, moves, depth, largest = 0, 0, 0, 0, 0
    begun = in_moves = algebraic = False

    def close(result: str | None = None) -> None:
        if in_moves or tags:
            # As the reader decides: the moves' result, unless "*" where the tags know it.
            tagged = _tag(tags, "Result")
            tagged = _RESULT_SPELLINGS.get(tagged.strip(), tagged.strip()) if tagged else None
            if not result or (result == "*" and tagged in RESULTS):
                result = tagged if tagged in RESULTS else "*"
            square = max(largest, largest_square(_tag(tags, "FEN") or ""))
            headings.append(Heading(len(headings) + 1, dict(tags), line, start, moves, result,
                                    square, algebraic))

    for index, token in enumerate(_tokens(handle)):
        if token.kind == "tag" and in_moves:   # the next game's tags end a game cut short
            close()
            tags, begun, in_moves, moves, depth, largest = {}, False, False, 0, 0, 0
            algebraic = False
        if not begun:
            start, line, begun = index, token.line, True
        if token.kind == "tag":
            tags[token.name] = token.text
        elif token.kind != "comment":
            in_moves = True
            if token.kind == "paren":
                depth = max(0, depth + (1 if token.text == "(" else -1))
            elif token.kind == "move":
                moves += depth == 0
                largest = max(largest, largest_square(token.text))
                algebraic = algebraic or is_algebraic(token.text)
            elif token.kind == "result" and depth == 0:
                close(token.text)
                tags, begun, in_moves, moves, largest = {}, False, False, 0, 0
                algebraic = False
    close()
    return headings


def open_game(handle: Iterable[str], heading: Heading,
              variant: str | Variant | None = None) -> Game:
    """The game ``heading`` names (from :func:`scan_games` of the same lines), read in full:
    its errors carry its number and the file's line numbers, as ``read_games`` gives them."""
    tokens = _tokens(handle)
    for _ in range(heading.first_token):
        next(tokens, None)
    reader = _Reader((), variant, False, tokens)
    reader.count = heading.number - 1
    game = reader.next_game()
    if game is None:
        raise PdnError(N_("no game in the text"), heading.number)
    return game


def read_game(handle: Iterable[str], variant: str | Variant | None = None,
              strict: bool = False) -> Game | None:
    """The first game of an open PDN file, or None when there is none."""
    return next(read_games(handle, variant, strict), None)


def parse_games(text: str, variant: str | Variant | None = None,
                strict: bool = False) -> list[Game]:
    """Every game in PDN text."""
    return list(read_games(io.StringIO(text, newline=None), variant, strict))


def parse_game(text: str, variant: str | Variant | None = None, strict: bool = False) -> Game:
    """The first game in PDN text; raises PdnError when there is none."""
    game = read_game(io.StringIO(text, newline=None), variant, strict)
    if game is None:
        raise PdnError(N_("no game in the text"), 1)
    return game


def decoded_lines(handle: BinaryIO) -> Iterator[str]:
    """The lines of a game file opened in binary, as text: UTF-8, or the Windows code page
    older programs write (cp1252); every line break made a plain newline."""
    for raw in handle:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = raw.decode("cp1252", errors="replace")
        yield line.replace("\r\n", "\n").replace("\r", "\n")


def load_games(path: str | os.PathLike, variant: str | Variant | None = None,
               strict: bool = False) -> Iterator[Game]:
    """Every game of the PDN file at ``path``, read lazily (see ``read_games``)."""
    with open(path, "rb") as handle:
        yield from read_games(decoded_lines(handle), variant, strict)


# -- writing ----------------------------------------------------------------------------------

def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> str:
    return "{" + text.replace("}", ")") + "}"


def movetext(board: Board, line: list[Node] | list[Move]) -> list[str]:
    """The words of a line of moves played from ``board`` (which is left as it was): move
    numbers, moves in this position's notation, comments and variations."""
    out: list[str] = []
    _line_text(board.copy(), [n if isinstance(n, Node) else Node(n) for n in line], out)
    return out


def move_texts(board: Board, line: Iterable[Move]) -> list[str]:
    """The moves of ``line`` played from ``board`` (left as it was), each as this position's
    notation writes it, without move numbers: ``["22-18", "17x26", "18x4"]``."""
    work, out = board.copy(), []
    for move in line:
        out.append(work.move_text(move))
        work.push(move)
    return out


def _line_text(board: Board, nodes: list[Node], out: list[str]) -> None:
    for i, node in enumerate(nodes):
        number = board.move_number
        if board.turn == "W":
            out.append(f"{number}.")
        elif i == 0:
            out.append(f"{number}...")
        out.append(_written(board, node.move) + (
            node.annotation if node.annotation[:1] in ("!", "?") else ""))
        if node.annotation[:1] == "$":
            out.append(node.annotation)
        if node.comment:
            out.append(_comment(node.comment))
        for variation in node.variations:
            out.append("(")
            _line_text(board.copy(), variation, out)
            out.append(")")
        board.push(node.move)
        if node.variations and i + 1 < len(nodes) and board.turn == "B":
            out.append(f"{board.move_number}...")


def _written(board: Board, move: Move) -> str:
    """The move as PDN writes it in this game: numbers, or algebraic squares (Brazilian)."""
    return board.variant.pdn_move_text(board.move_text(move))


def write_game(game: Game, width: int = 79) -> str:
    """PDN text of one game: tags in the usual order, then the numbered moves, wrapped."""
    tags = dict(game.tags)
    tags["Result"] = game.result
    if "GameType" not in tags and game.variant.pdn_game_type:
        tags["GameType"] = game.variant.pdn_game_type  # a file read elsewhere says its game
    ordered = [k for k in TAG_ORDER if k in tags] + [k for k in tags if k not in TAG_ORDER]
    head = "".join(f'[{k} "{_quote(tags[k])}"]\n' for k in ordered)
    words: list[str] = []
    if game.comment:
        words.append(_comment(game.comment))
    words += movetext(Board(game.start_fen, game.variant), game.mainline)
    words.append(game.result)
    lines: list[str] = []
    current = ""
    for word in words:
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    lines.append(current)
    return head + "\n" + "\n".join(lines) + "\n"


def write_games(games: Iterable[Game], handle: TextIO) -> None:
    """Write games to an open file, a blank line between them."""
    for i, game in enumerate(games):
        if i:
            handle.write("\n")
        handle.write(write_game(game))
