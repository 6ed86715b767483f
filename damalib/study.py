"""A game to study: its moves, variations and comments as one tree to walk through, and new
lines tried on the board kept as variations (the analysis page, dama.analysis.page).

>>> from damalib.pdn import parse_game
>>> tree = GameTree(parse_game("1. 22-19 (1. 21-17 10-14) 10-14 2. 19x10 5x14 *"))
>>> [(e.label, e.depth) for e in tree.entries()]
[('1. 22-19', 0), ('1. 21-17', 1), ('1... 10-14', 1), ('1... 10-14', 0), ('2. 19x10', 0), \
('2... 5x14', 0)]
>>> tree.last(ROOT) == tree.entries()[-1].index
True
>>> tree.board(tree.entries()[2].index).fen()
'W:W17,22-32:B1-9,11,12,14'
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, Move
from .pdn import TAG_ALIASES, Game, Node, write_game

#: The place before the first move.
ROOT = -1


@dataclass(frozen=True)
class Entry:
    """One move of the tree as the list shows it: ``index`` names it for ever, ``parent`` is
    the move before it (``ROOT`` at the start), ``depth`` 0 on the game's own line, 1 in a
    variation, 2 in a variation of a variation; ``opens`` when it starts a variation."""

    index: int
    parent: int
    move: Move
    text: str
    number: int
    white: bool
    depth: int
    comment: str
    opens: bool
    added: bool = False
    #: The annotator's sign on the move in the file (``!``, ``?!``, ``$13``), if any.
    annotation: str = ""

    @property
    def label(self) -> str:
        """The move with its number, as a score sheet writes it: ``12. 22-19``, ``12... 9x18``."""
        return f"{self.number}{'.' if self.white else '...'} {self.written}"

    @property
    def written(self) -> str:
        """The move with the annotator's sign: ``22-19!``, ``9x18 $13``."""
        sign = self.annotation
        return self.text + (sign if sign[:1] in ("!", "?") else f" {sign}" if sign else "")


class GameTree:
    """The moves of ``game`` (its main line first, each variation after the move it
    replaces), walked from place to place; ``add`` keeps a move tried on the board."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.start = Board(game.start_fen, game.variant)
        self._entries: list[Entry] = []
        self._children: dict[int, list[int]] = {ROOT: []}
        self._add_line(self.start.copy(), game.mainline, ROOT, 0)

    def _add_line(self, board: Board, nodes: list[Node], parent: int, depth: int) -> None:
        for i, node in enumerate(nodes):
            entry = self._new(board, node.move, parent, depth, node.comment, opens=i == 0
                              and depth > 0, annotation=node.annotation)
            for variation in node.variations:
                self._add_line(board.copy(), variation, parent, depth + 1)
            board.push(node.move)
            parent = entry.index

    def _new(self, board: Board, move: Move, parent: int, depth: int, comment: str = "",
             opens: bool = False, added: bool = False, annotation: str = "") -> Entry:
        entry = Entry(len(self._entries), parent, move, board.move_text(move), board.move_number,
                      board.turn == "W", depth, comment, opens, added, annotation)
        self._entries.append(entry)
        self._children.setdefault(parent, []).append(entry.index)
        self._children[entry.index] = []
        return entry

    # -- reading -----------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, index: int) -> Entry:
        return self._entries[index]

    def entries(self) -> list[Entry]:
        """Every move in the order a score sheet writes them: a move, its variations, then
        the moves after it."""
        out: list[Entry] = []

        def walk(parent: int) -> None:
            children = self._children[parent]
            if not children:
                return
            main, others = children[0], children[1:]
            out.append(self._entries[main])
            for other in others:
                out.append(self._entries[other])
                walk(other)
            walk(main)

        walk(ROOT)
        return out

    def path(self, index: int) -> list[Entry]:
        """The moves from the start to ``index``, that one included."""
        line: list[Entry] = []
        while index != ROOT:
            entry = self._entries[index]
            line.append(entry)
            index = entry.parent
        return line[::-1]

    def board(self, index: int) -> Board:
        """The position after the move ``index`` (the start at ``ROOT``), with the moves
        that led to it in its history (the 40-move count, repetitions, the PDN)."""
        board = self.start.copy()
        for entry in self.path(index):
            board.push(entry.move)
        return board

    # -- walking -----------------------------------------------------------------------------

    def back(self, index: int) -> int:
        return ROOT if index == ROOT else self._entries[index].parent

    def forward(self, index: int) -> int:
        """The next move of the same line, or ``index`` itself at its end."""
        children = self._children[index]
        return children[0] if children else index

    def last(self, index: int) -> int:
        """The end of the line ``index`` is on."""
        while self._children[index]:
            index = self._children[index][0]
        return index

    def add(self, index: int, move: Move) -> int:
        """The move ``move`` played after ``index``: the one of the tree when it is there,
        else a new variation (or the line's continuation at its end)."""
        for child in self._children[index]:
            if self._entries[child].move == move:
                return child
        board = self.board(index)
        if not board.is_legal(move):
            raise ValueError(f"{move} is not legal after move {index}")
        depth = 0 if index == ROOT else self._entries[index].depth
        branching = bool(self._children[index])
        return self._new(board, move, index, depth + branching, opens=branching,
                         added=True).index

    # -- writing -----------------------------------------------------------------------------

    def game_to(self, index: int, **tags: str) -> Game:
        """The game's tags and the moves from the start to ``index`` (no variations), as a
        game of its own: «the game so far»."""
        board = self.board(index)
        results = {name.lower() for name in ("Result", *TAG_ALIASES["Result"])}
        kept = {k: v for k, v in self.game.tags.items() if k.lower() not in results}
        kept.update(tags)
        game = Game.from_board(board, **kept)
        for node, entry in zip(game.mainline, self.path(index)):
            node.comment = entry.comment
            node.annotation = entry.annotation
        return game

    def pdn_to(self, index: int) -> str:
        """``game_to(index)`` as PDN text."""
        return write_game(self.game_to(index))


__all__ = ["Entry", "GameTree", "ROOT"]
