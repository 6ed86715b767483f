"""The basic endings of Dama Italiana, counted by the exact endgame tables.

    python -m authoring.endgame_facts        the table, White to move

For each material group of at most three pieces (``damalib.endgame.MAX_PIECES``), every
legal placement with White to move: how many White wins, draws and loses, the longest win
(plies, and a position where it happens), and the draws where White keeps all its pieces
after its move (the "real" draws, not a piece lost at once). The second year's endgame
lesson and the teacher's guide state these facts; ``tests/test_endgame_facts.py`` checks
them against the tables and the rules.

A placement is legal when no man stands on its own promotion row (IT-K1: a man there would
already be a king) and White, to move, has a move (else the game is already over, IT-E1).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from damalib import Board
from damalib.endgame import probe

#: The groups counted: White's pieces against Black's ("k" a king, "m" a man).
GROUPS: tuple[tuple[str, str], ...] = (
    ("k", "k"), ("m", "m"), ("k", "m"), ("m", "k"),
    ("kk", "k"), ("km", "k"), ("mm", "k"), ("kk", "m"), ("km", "m"), ("mm", "m"),
)
#: The rows a man never stands on: White's men promote on 1-4, Black's on 29-32.
PROMOTION_ROW = {"W": range(1, 5), "B": range(29, 33)}


@dataclass
class Tally:
    """What the tables say of one group, White to move."""

    white: str
    black: str
    win: int = 0
    draw: int = 0
    loss: int = 0
    #: The longest win, in plies, and a position where it happens.
    longest: int = 0
    longest_fen: str = ""
    #: Drawn positions where every White move keeps all of White's pieces: the draws that
    #: are not a piece given away at once.
    real_draws: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.white.upper()} v {self.black.upper()}"

    @property
    def positions(self) -> int:
        return self.win + self.draw + self.loss


def _pieces(kinds: str, squares: tuple[int, ...], colour: str) -> list[str] | None:
    out = []
    for kind, square in zip(kinds, squares):
        if kind == "m" and square in PROMOTION_ROW[colour]:
            return None
        out.append(("K" if kind == "k" else "") + str(square))
    return out


def placements(white: str, black: str):
    """Every legal board of the group, White to move, each once (two pieces of one kind and
    colour in one order only)."""
    count = len(white) + len(black)
    for squares in itertools.permutations(range(1, 33), count):
        mine, theirs = squares[:len(white)], squares[len(white):]
        if len(white) == 2 and white[0] == white[1] and mine[0] > mine[1]:
            continue
        if len(black) == 2 and black[0] == black[1] and theirs[0] > theirs[1]:
            continue
        w, b = _pieces(white, mine, "W"), _pieces(black, theirs, "B")
        if w is None or b is None:
            continue
        board = Board(f"W:W{','.join(w)}:B{','.join(b)}")
        if board.legal_moves:
            yield board


def keeps_everything(board: Board) -> bool:
    """Whether White has a move after which Black cannot capture at once."""
    for move in board.legal_moves:
        after = board.copy()
        after.push(move)
        if not (after.legal_moves and after.legal_moves[0].captures):
            return True
    return False


def tally(white: str, black: str) -> Tally:
    """The group's counts (see the module's text)."""
    found = Tally(white, black)
    for board in placements(white, black):
        verdict, plies = probe(board)
        if verdict == "win":
            found.win += 1
            if plies > found.longest:
                found.longest, found.longest_fen = plies, board.fen()
        elif verdict == "draw":
            found.draw += 1
            if keeps_everything(board):
                found.real_draws.append(board.fen())
        else:
            found.loss += 1
    return found


def main() -> int:
    print(f"{'group':8} {'positions':>9} {'win':>6} {'draw':>6} {'loss':>6} "
          f"{'longest':>7}  example; draws not lost at once")
    for white, black in GROUPS:
        t = tally(white, black)
        print(f"{t.name:8} {t.positions:9} {t.win:6} {t.draw:6} {t.loss:6} {t.longest:7}  "
              f"{t.longest_fen}; {len(t.real_draws)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
