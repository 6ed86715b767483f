"""An independent, slow, obviously-correct reference move generator, written straight from
RULES.md. It imports nothing from damalib: it works on (row, col) coordinates of a plain dict.

A position is a dict ``{square_number: 'w' | 'W' | 'b' | 'B'}`` (lower case men, upper case
kings), the side to move is ``'W'`` or ``'B'`` and the variant is one of ``italian``,
``international``, ``brazilian``, ``filipino`` (or the Italian names).

* ``legal_chains``  -- every legal capture chain / simple move as ``(path, captures)`` tuples,
  after the precedence rules, *before* the removal of duplicates (IT-P4 depends on the order).
* ``legal_moves``   -- the same, one representative per ``(start, end, frozenset(captures))``,
  as ``(path, frozenset(captures))`` pairs.
* ``move_keys``     -- the set of ``(start, end, frozenset(captures))``.
* ``apply_move``    -- the position after a move (captured pieces lifted, promotion applied).
* ``perft``         -- distinct leaf count.

Row 0 is the top of the board as White sees it; White men move towards row 0 (square 1).
"""

from __future__ import annotations

# -- boards and numbering ----------------------------------------------------------------------

# name -> (size, column of the first dark square of row 0)
#   IT-B1/IT-B2: 1 = a8, so row 0 starts on file a (column 0); h1 dark.
#   INT-B1: 1 = b10, row 0 starts on file b (column 1); a1 dark.
#   BR-B2 (and the Filipino game, RULES.md section 4): 1 = b8, row 0 starts on file b.
_BOARDS = {
    "italian": (8, 0),
    "international": (10, 1),
    "brazilian": (8, 1),
    "filipino": (8, 1),
}
_ALIASES = {"italiana": "italian", "internazionale": "international",
            "brasiliana": "brazilian", "filippina": "filipino"}

DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def variant_name(variant: str) -> str:
    v = variant.strip().lower()
    return _ALIASES.get(v, v)


def board_size(variant: str) -> int:
    return _BOARDS[variant_name(variant)][0]


def square_count(variant: str) -> int:
    size = board_size(variant)
    return size * size // 2


def is_italian(variant: str) -> bool:
    return variant_name(variant) == "italian"


def rc_of(square: int, variant: str) -> tuple[int, int]:
    """(row, col) of a square number (IT-B2 / INT-B1 / BR-B2): row by row, left to right."""
    size, first = _BOARDS[variant_name(variant)]
    half = size // 2
    row, k = divmod(square - 1, half)
    start = first if row % 2 == 0 else 1 - first
    return row, start + 2 * k


def square_of(row: int, col: int, variant: str) -> int | None:
    """Square number of (row, col), or None off the board or on a light square."""
    size, first = _BOARDS[variant_name(variant)]
    if not (0 <= row < size and 0 <= col < size):
        return None
    start = first if row % 2 == 0 else 1 - first
    if (col - start) % 2:
        return None
    return row * (size // 2) + (col - start) // 2 + 1


def start_position(variant: str) -> dict[int, str]:
    """IT-B3 / INT-B2 / BR-B1: Black on the first rows, White on the last ones."""
    size = board_size(variant)
    n = square_count(variant)
    men = (size // 2 - 1) * size // 2
    pos = {s: "b" for s in range(1, men + 1)}
    pos.update({s: "w" for s in range(n - men + 1, n + 1)})
    return pos


def colour_of(piece: str) -> str:
    return piece.upper()


def is_king(piece: str) -> bool:
    return piece.isupper()


def far_row(colour: str, variant: str) -> int:
    """The row where a man of ``colour`` is promoted: White towards square 1 (row 0)."""
    return 0 if colour == "W" else board_size(variant) - 1


def forward(colour: str) -> int:
    return -1 if colour == "W" else 1


# -- captures ---------------------------------------------------------------------------------

def _jumps(grid, row, col, colour, king, variant, captured):
    """Single jumps available to a piece standing on (row, col): yields (victim, landing).

    ``grid`` maps (row, col) to a piece, the moving piece already lifted from its start square
    (so it may land there again, IT-C6), captured pieces still on it (IT-C6, INT-C3)."""
    size = board_size(variant)
    italian = is_italian(variant)
    inside = lambda r, c: 0 <= r < size and 0 <= c < size  # noqa: E731
    for dr, dc in DIAGONALS:
        if not king:
            # IT-C3: an Italian man captures only forwards; INT-C1: men capture both ways.
            if italian and dr != forward(colour):
                continue
        if king and not italian:
            # INT-C2: a flying king passes any number of empty squares, jumps one opponent
            # piece and lands on any empty square behind it.
            r, c = row + dr, col + dc
            while inside(r, c) and (r, c) not in grid:
                r, c = r + dr, c + dc
            if not inside(r, c):
                continue
            victim = (r, c)
            piece = grid[victim]
            if colour_of(piece) == colour or victim in captured:
                continue  # own piece, or a piece already taken: it blocks (INT-C3)
            r, c = r + dr, c + dc
            while inside(r, c) and (r, c) not in grid:
                yield victim, (r, c)
                r, c = r + dr, c + dc
            continue
        # Short jump (IT-C2, IT-C4, INT-C1 for men): adjacent piece, empty square right behind.
        victim = (row + dr, col + dc)
        landing = (row + 2 * dr, col + 2 * dc)
        if not inside(*landing) or victim not in grid or landing in grid:
            continue
        piece = grid[victim]
        if colour_of(piece) == colour or victim in captured:
            continue  # IT-C6: a piece cannot be jumped twice
        if italian and not king and is_king(piece):
            continue  # IT-C3: a man may never capture a king
        yield victim, landing


def _chains_from(grid, start, variant):
    """Every complete capture chain of the piece on ``start`` (IT-C5, INT-C2): a list of
    (path of (row, col), captures of (row, col)). A chain stops only when no jump is left, or
    (IT-C7) when an Italian man reaches the far row."""
    piece = grid[start]
    colour, king = colour_of(piece), is_king(piece)
    board = dict(grid)
    del board[start]  # the mover has left its square (it may come back to it, IT-C6)
    out = []

    def extend(pos, path, caps):
        if (is_italian(variant) and not king and caps
                and pos[0] == far_row(colour, variant)):
            out.append((tuple(path), tuple(caps)))  # IT-C7: promotion ends the move
            return
        went_on = False
        for victim, landing in _jumps(board, pos[0], pos[1], colour, king, variant, set(caps)):
            went_on = True
            extend(landing, path + [landing], caps + [victim])
        if not went_on and caps:
            out.append((tuple(path), tuple(caps)))

    extend(start, [start], [])
    return out


def _italian_precedence(chains, grid, trace=None):
    """IT-P1..IT-P4 applied in order on (path, caps, mover_is_king) triples. ``trace``, when a
    list, receives the number of chains left after each filter (for tests that look for
    positions where a given filter decides)."""
    # IT-P1: quantity.
    best = max(len(c[1]) for c in chains)
    chains = [c for c in chains if len(c[1]) == best]
    p1 = len(chains)
    # IT-P2: modality -- capture with a king when a king can make such a capture.
    if any(c[2] for c in chains):
        chains = [c for c in chains if c[2]]
    p2 = len(chains)
    # IT-P3: quality -- the greatest number of kings.
    kings = lambda c: sum(1 for v in c[1] if is_king(grid[v]))  # noqa: E731
    best = max(kings(c) for c in chains)
    chains = [c for c in chains if kings(c) == best]
    p3 = len(chains)
    # IT-P4: order -- positions (1st jump = 1) of the kings taken, earliest first,
    # lexicographically smallest wins. (IT-P5: whatever is left is free choice.)
    order = lambda c: [i + 1 for i, v in enumerate(c[1]) if is_king(grid[v])]  # noqa: E731
    best = min(order(c) for c in chains)
    chains = [c for c in chains if order(c) == best]
    if trace is not None:
        trace.extend([p1, p2, p3, len(chains)])
    return chains


def legal_chains(position: dict[int, str], turn: str, variant: str, trace=None) -> set:
    """Every legal move as (path, captures) with squares numbers and captures in capture
    order, the precedence rules applied, duplicates (same start, end and captured set in a
    different order) NOT removed. ``trace``: a list that receives, for an Italian capture,
    the number of chains before precedence then after IT-P1, IT-P2, IT-P3 and IT-P4."""
    variant = variant_name(variant)
    grid = {rc_of(s, variant): p for s, p in position.items()}
    mine = [rc for rc, p in grid.items() if colour_of(p) == turn]
    chains = []
    for rc in mine:
        king = is_king(grid[rc])
        for path, caps in _chains_from(grid, rc, variant):
            chains.append((path, caps, king))
    num = lambda rc: square_of(rc[0], rc[1], variant)  # noqa: E731
    if chains:  # IT-C1 / INT-C1: capturing is compulsory
        if is_italian(variant):
            if trace is not None:
                trace.append(len(chains))
            chains = _italian_precedence(chains, grid, trace)
        else:
            best = max(len(c[1]) for c in chains)  # INT-P1: majority only
            chains = [c for c in chains if len(c[1]) == best]
        return {(tuple(map(num, p)), tuple(map(num, k))) for p, k, _ in chains}
    # Simple moves: IT-M1/IT-M2 (short kings), INT-M1/INT-M2 (flying kings).
    size = board_size(variant)
    out = set()
    for (row, col) in mine:
        piece = grid[(row, col)]
        king = is_king(piece)
        for dr, dc in DIAGONALS:
            if not king and dr != forward(turn):
                continue
            r, c = row + dr, col + dc
            while 0 <= r < size and 0 <= c < size and (r, c) not in grid:
                out.add(((num((row, col)), num((r, c))), ()))
                if not king or is_italian(variant):
                    break
                r, c = r + dr, c + dc
    return out


def key_of(path, captures) -> tuple[int, int, frozenset]:
    return path[0], path[-1], frozenset(captures)


def legal_moves(position: dict[int, str], turn: str, variant: str) -> set:
    """Legal moves as (path, frozenset(captures)), one per (start, end, captured set)."""
    chosen = {}
    for path, caps in sorted(legal_chains(position, turn, variant)):
        chosen.setdefault(key_of(path, caps), (path, frozenset(caps)))
    return set(chosen.values())


def move_keys(position: dict[int, str], turn: str, variant: str) -> set:
    return {key_of(p, c) for p, c in legal_chains(position, turn, variant)}


def apply_move(position: dict[int, str], path, captures, variant: str) -> dict[int, str]:
    """The position after the move: captured pieces lifted (IT-C6), the mover on the last
    square, a man that ends on the far row promoted (IT-C7, IT-K1, INT-K1)."""
    pos = dict(position)
    piece = pos.pop(path[0])
    for s in captures:
        del pos[s]
    if not is_king(piece) and rc_of(path[-1], variant)[0] == far_row(colour_of(piece), variant):
        piece = piece.upper()
    pos[path[-1]] = piece
    return pos


def other(turn: str) -> str:
    return "B" if turn == "W" else "W"


def perft(position: dict[int, str], turn: str, variant: str, depth: int) -> int:
    """Distinct leaf count (RULES.md section 6)."""
    if depth == 0:
        return 1
    moves = legal_moves(position, turn, variant)
    if depth == 1:
        return len(moves)
    return sum(perft(apply_move(position, p, c, variant), other(turn), variant, depth - 1)
               for p, c in moves)


def to_fen(position: dict[int, str], turn: str) -> str:
    """PDN FEN of a position (section 5)."""
    def side(colour):
        return ",".join(("K" if is_king(p) else "") + str(s)
                        for s, p in sorted(position.items()) if colour_of(p) == colour)
    return f"{turn}:W{side('W')}:B{side('B')}"
