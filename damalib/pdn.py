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
from dataclasses import dataclass, field
from typing import Iterable, Iterator, TextIO

from .board import Board, Move
from .errors import DamaError, FenError, IllegalMoveError, NotationError
from .variants import VARIANTS, Variant, get_variant

RESULTS = ("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*")
#: The tags written first, in this order (PGN's seven-tag roster, then the set-up).
TAG_ORDER = ("Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "SetUp",
             "FEN")


class PdnError(DamaError):
    """A game file that cannot be read: the message names the game, the move and the text;
    ``rule`` is the rule id when a move is illegal."""

    def __init__(self, message: str, game: int = 0, line: int = 0, rule: str | None = None):
        self.game = game
        self.line = line
        self.rule = rule
        where = f"game {game}" + (f", line {line}" if line else "")
        super().__init__(f"{where}: {message}")


@dataclass
class Node:
    """One move of a game, the comment after it, and the alternatives to it: each variation
    is a line of nodes played instead of this move, from the position before it."""

    move: Move
    comment: str = ""
    variations: list[list[Node]] = field(default_factory=list)


@dataclass
class Game:
    """A game: its tags, the comment before the first move, the main line, and the result."""

    tags: dict[str, str] = field(default_factory=dict)
    mainline: list[Node] = field(default_factory=list)
    comment: str = ""
    result: str = "*"

    @property
    def variant(self) -> Variant:
        return variant_of(self.tags.get("GameType"))

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


def variant_of(game_type: str | None) -> Variant:
    """The variant named by a PDN ``GameType`` tag (22 Italian, 20 International, 26 Brazilian);
    Italian when there is none."""
    if not game_type:
        return VARIANTS["italian"]
    number = game_type.split(",")[0].strip()
    for variant in VARIANTS.values():
        if variant.pdn_game_type and variant.pdn_game_type.split(",")[0] == number:
            return variant
    raise PdnError(f'GameType "{game_type}" is not a game this library plays '
                   f"(22 Italian, 20 International, 26 Brazilian)")


# -- reading ----------------------------------------------------------------------------------

_TOKEN = re.compile(r"""
    (?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\])
  | (?P<open_comment>\{)
  | (?P<line_comment>;.*)
  | (?P<paren>[()])
  | (?P<result>1-0|0-1|1/2-1/2|2-0|0-2|1-1|0-0|\*)(?![\d\w-])
  | (?P<number>\d+\s*\.(?:\s*\.\s*\.)?)
  | (?P<move>[A-Za-z]?\d+(?:\s*[-x:]\s*[A-Za-z]?\d+)+)(?P<suffix>[!?]*)
  | (?P<nag>\$\d+)
  | (?P<space>\s+)
""", re.VERBOSE)


@dataclass
class _Token:
    kind: str
    text: str
    line: int
    name: str = ""


def _tokens(lines: Iterable[str]) -> Iterator[_Token]:
    """Tokens of PDN text, read line by line so that a long file streams."""
    comment: list[str] | None = None
    comment_line = 0
    for number, line in enumerate(lines, 1):
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
        if line.startswith("%"):  # PDN escape line: ignored by readers
            continue
        while pos < len(line):
            match = _TOKEN.match(line, pos)
            if not match:
                bad = line[pos:].split()[0] if line[pos:].split() else line[pos:]
                yield _Token("error", bad[:30], number)
                break
            pos = match.end()
            if match.group("tag"):
                value = match.group("value").replace('\\"', '"').replace("\\\\", "\\")
                yield _Token("tag", value, number, match.group("name"))
            elif match.group("open_comment"):
                end = line.find("}", pos)
                if end < 0:
                    comment, comment_line = [line[pos:]], number
                    break
                yield _Token("comment", " ".join(line[pos:end].split()), number)
                pos = end + 1
            elif match.group("move"):
                yield _Token("move", match.group("move"), number)
            else:
                for kind in ("paren", "result", "number", "nag"):
                    if match.group(kind):
                        yield _Token(kind, match.group(kind), number)
    if comment is not None:
        yield _Token("error", "{ without }", comment_line)


class _Reader:
    """Builds games from a token stream; one game per call to ``next_game``."""

    def __init__(self, lines: Iterable[str], variant: str | Variant | None) -> None:
        self._tokens = _tokens(lines)
        self._peeked: _Token | None = None
        self._default = get_variant(variant) if variant is not None else None
        self.count = 0

    def _next(self) -> _Token | None:
        if self._peeked is not None:
            token, self._peeked = self._peeked, None
            return token
        return next(self._tokens, None)

    def _peek(self) -> _Token | None:
        if self._peeked is None:
            self._peeked = next(self._tokens, None)
        return self._peeked

    def next_game(self) -> Game | None:
        if self._peek() is None:
            return None
        self.count += 1
        game = Game()
        while (token := self._peek()) is not None and token.kind == "tag":
            self._next()
            game.tags[token.name] = token.text
        if self._default is not None and "GameType" not in game.tags:
            if self._default.pdn_game_type:
                game.tags["GameType"] = self._default.pdn_game_type
        try:
            variant = game.variant
            fen = game.tags.get("FEN")
            board = Board(fen, variant) if fen else Board(variant=variant)
        except PdnError as error:
            raise PdnError(str(error).split(": ", 1)[1], self.count) from None
        except FenError as error:
            raise PdnError(f"the FEN tag cannot be read: {error}", self.count) from None
        game.mainline, game.comment, game.result = self._line(board, game, top=True)
        if "Result" not in game.tags:
            game.tags["Result"] = game.result
        return game

    def _line(self, board: Board, game: Game, top: bool) -> tuple[list[Node], str, str]:
        """Read moves until the end of this line: ')' for a variation, the result or the next
        game's tags for the main line."""
        nodes: list[Node] = []
        before = ""
        played = 0
        while True:
            token = self._peek()
            if token is None:
                if not top:
                    raise PdnError("a variation '(' is never closed", self.count)
                return nodes, before, game.tags.get("Result", "*")
            if token.kind == "tag":
                if top and (nodes or before):
                    return nodes, before, game.tags.get("Result", "*")
                raise PdnError(f"tag [{token.name}] in the middle of the moves", self.count,
                               token.line)
            self._next()
            if token.kind == "comment":
                if nodes:
                    nodes[-1].comment = (nodes[-1].comment + " " + token.text).strip()
                else:
                    before = (before + " " + token.text).strip()
            elif token.kind == "result":
                if not top:
                    raise PdnError(f"result {token.text} inside a variation", self.count, token.line)
                return nodes, before, token.text
            elif token.kind == "paren":
                if token.text == ")":
                    if top:
                        raise PdnError("')' without '('", self.count, token.line)
                    return nodes, before, ""
                if not nodes:
                    raise PdnError("a variation '(' before any move", self.count, token.line)
                side = board.copy()
                side.pop()  # a variation replaces the last move played
                variation, _, _ = self._line(side, game, top=False)
                if variation:
                    nodes[-1].variations.append(variation)
            elif token.kind == "move":
                nodes.append(Node(self._play(board, token, played)))
                played += 1
            elif token.kind == "error":
                raise PdnError(f"cannot read {token.text!r}", self.count, token.line)
            # move numbers and NAGs carry nothing the moves do not already say

    def _play(self, board: Board, token: _Token, played: int) -> Move:
        number = board.move_number
        side = "White" if board.turn == "W" else "Black"
        try:
            move = board.parse_move(token.text)
        except IllegalMoveError as error:
            raise PdnError(f"move {number} ({side}) {token.text!r} is illegal: {error}",
                           self.count, token.line, error.rule) from None
        except NotationError as error:
            raise PdnError(f"move {number} ({side}) {token.text!r}: {error}", self.count,
                           token.line) from None
        board.push(move)
        return move


def read_games(handle: TextIO, variant: str | Variant | None = None) -> Iterator[Game]:
    """Every game of an open PDN file, one at a time (a large file streams). ``variant`` is
    used for games without a GameType tag (Italian when None)."""
    reader = _Reader(handle, variant)
    while (game := reader.next_game()) is not None:
        yield game


def read_game(handle: TextIO, variant: str | Variant | None = None) -> Game | None:
    """The first game of an open PDN file, or None when there is none."""
    return next(read_games(handle, variant), None)


def parse_games(text: str, variant: str | Variant | None = None) -> list[Game]:
    """Every game in PDN text."""
    return list(read_games(io.StringIO(text), variant))


def parse_game(text: str, variant: str | Variant | None = None) -> Game:
    """The one game in PDN text; raises PdnError when there is none."""
    game = read_game(io.StringIO(text), variant)
    if game is None:
        raise PdnError("no game in the text", 1)
    return game


def load_games(path: str | os.PathLike, variant: str | Variant | None = None) -> Iterator[Game]:
    """Every game of the PDN file at ``path``, read lazily."""
    with open(path, encoding="utf-8-sig") as handle:
        yield from read_games(handle, variant)


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


def _line_text(board: Board, nodes: list[Node], out: list[str]) -> None:
    for i, node in enumerate(nodes):
        number = board.move_number
        if board.turn == "W":
            out.append(f"{number}.")
        elif i == 0:
            out.append(f"{number}...")
        out.append(_written(board, node.move))
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
    text = board.move_text(move)
    if not board.variant.algebraic_moves:
        return text
    name = board.variant.geometry.algebraic
    return re.sub(r"\d+", lambda number: name(int(number.group())), text)


def write_game(game: Game, width: int = 79) -> str:
    """PDN text of one game: tags in the usual order, then the numbered moves, wrapped."""
    tags = dict(game.tags)
    tags["Result"] = game.result
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
