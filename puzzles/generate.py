"""Make the puzzle collection: ``python -m puzzles.generate [--out FOLDER]``.

Every puzzle comes from a position that ``damalib`` checks: the answers are computed from the
rules (the legal moves, the captures the precedence rules keep, the 40-move count), and the
goal puzzles (tactics, endgames, end of game) are proved by :mod:`damalib.solver` and
cross-checked by the small searches below. The output is reproducible: fixed seeds, a fixed
order, the same bytes at every run (``tests/test_collection.py`` checks it).

Where the positions come from:

* *games*: short games played from the start by a simple, sensible player (it takes what
  it can, avoids leaving pieces en prise one move deep, and now and then plays a plain
  random move, the kind of slip a young player makes); the tactics ("il tiro"), the
  captures and the precedence of the quantity (IT-P1, INT-P1) are found in them;
* *small positions*: a few pieces placed at random under plausibility rules (men never on
  their own promotion row, men of each side mostly in their own half, material not
  absurdly unbalanced) for the first lessons and the king rules (IT-P2..P4), which real
  games reach too seldom.

A teacher may edit the files by hand; rerunning the generator rewrites them, so keep lasting
edits in the generator or in a hand-written file such as ``it-00-examples.toml``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from damalib.explain import join_words as join
from damalib import Board, DamaError, Move, get_variant
from damalib.movegen import movegen
from damalib.solver import accepted_moves as solver_accepted_moves

from .model import COLLECTIONS

CREDIT = "Corso Dama — generato da puzzles/generate.py"
VERSION = 1

# The order of the keys of a puzzle in the files: what a teacher reads first comes first.
KEY_ORDER = (
    "id", "level", "kind", "fen", "moves", "measure", "square",
    "prompt.it", "prompt.en", "options.it", "options.en", "answer", "solutions",
    "feedback.it", "feedback.en", "goal", "plies", "unique",
    "hints.it", "hints.en", "explanation.it", "explanation.en", "rules",
)

WHITE, BLACK = "W", "B"
OTHER = {WHITE: BLACK, BLACK: WHITE}
# Names of the sides: (Italian, English) in the forms the texts need.
SIDE = {WHITE: ("il Bianco", "White"), BLACK: ("il Nero", "Black")}
SIDE_CAP = {WHITE: ("Il Bianco", "White"), BLACK: ("Il Nero", "Black")}
TO_SIDE = {WHITE: "al Bianco", BLACK: "al Nero"}          # "tocca al Bianco"
OF_SIDE = {WHITE: "del Bianco", BLACK: "del Nero"}        # "la pedina del Bianco"
ADJ = {WHITE: ("bianca", "white"), BLACK: ("nera", "black")}
ADJ_PL = {WHITE: ("bianche", "white"), BLACK: ("nere", "black")}

QUANTITY, KING_CAPTURES, KINGS_TAKEN, KING_ORDER = range(4)
IT_PRECEDENCE_RULES = ("IT-P1", "IT-P2", "IT-P3", "IT-P4")

# What a child reads names a rule in words, never by its id (RULES.md, "Naming the rules for a
# child"); the ids stay in the puzzle's ``rules`` field, for the teacher and the tests.
RULE_WORDS = {
    "IT-C1": ("mangiare è obbligatorio", "capturing is compulsory"),
    "IT-C3": ("la pedina non mangia la dama", "a man never takes a king"),
    "IT-C5": ("la presa continua finché si può", "the capture goes on while it can"),
    "IT-P1": ("la regola della quantità", "the quantity rule"),
    "IT-P2": ("la regola della dama", "the king rule"),
    "IT-P3": ("la regola della qualità", "the quality rule"),
    "IT-P4": ("la regola della precedenza", "the order rule"),
    "IT-P5": ("la libera scelta", "free choice"),
}


def rule_words(rule: str) -> tuple[str, str]:
    """The rule's name for a child, in Italian and English."""
    return RULE_WORDS[rule]


def cap(text: str) -> str:
    """The text with a capital first letter."""
    return text[:1].upper() + text[1:]


def joined(preposition: str, words: str) -> str:
    """An Italian preposition joined to the article of ``words``: ("da", "la pedina in 22")
    gives "dalla pedina in 22"."""
    base = {"a": "al", "da": "dal", "di": "del", "in": "nel", "su": "sul"}[preposition]
    for article in ("la ", "le "):
        if words.startswith(article):
            return base + words
    if words.startswith("il "):
        return base + words[2:]
    return f"{preposition} {words}"


# -- small helpers on boards -------------------------------------------------------------------

def canonical(fen: str, variant: str = "italian") -> str:
    return Board(fen, variant).fen()


def to_play(board: Board) -> tuple[str, str]:
    turn = board.turn
    return f"Tocca {TO_SIDE[turn]}.", f"{SIDE[turn][1]} to play."


def piece_words(board: Board, square: int) -> tuple[str, str]:
    """("la pedina in 22", "the man on 22") for the piece on ``square``."""
    piece = board.piece_at(square)
    if piece is None:
        return f"la casella {square}", f"square {square}"
    if piece.king:
        return f"la dama in {square}", f"the king on {square}"
    return f"la pedina in {square}", f"the man on {square}"


def next_squares(board: Board, square: int, forward_only: bool) -> list[int]:
    """The squares diagonally next to ``square``: the two in front of its piece (towards the
    far row of the piece's side), or all four."""
    geo = board.variant.geometry
    r, c = geo.coords[square]
    piece = board.piece_at(square)
    forward = -1 if piece is not None and piece.colour == WHITE else 1
    rows = (forward,) if forward_only else (-1, 1)
    return sorted(geo.by_coords[(r + dr, c + dc)] for dr in rows for dc in (-1, 1)
                  if (r + dr, c + dc) in geo.by_coords)


def movers_words(board: Board, moves: Iterable[Move]) -> tuple[str, str]:
    """The pieces that make ``moves``, named: "la pedina in 22", "la dama in 5 o la pedina in
    22" (several pieces: any of them will do)."""
    starts = sorted({m.start for m in moves})
    it, en = zip(*(piece_words(board, s) for s in starts))
    return join(list(it), "it", True), join(list(en), "en", True)


def victims_words(board: Board, squares: Iterable[int]) -> tuple[str, str]:
    """The captured pieces, named: "le pedine in 18 e 11", "la pedina in 18 e la dama in 11"."""
    squares = list(squares)
    kinds = {bool(board.piece_at(s) and board.piece_at(s).king) for s in squares}
    if len(squares) > 1 and len(kinds) == 1:
        numbers = [str(s) for s in squares]
        if kinds == {True}:
            return f"le dame in {join(numbers, 'it')}", f"the kings on {join(numbers, 'en')}"
        return f"le pedine in {join(numbers, 'it')}", f"the men on {join(numbers, 'en')}"
    it, en = [], []
    for s in squares:
        a, b = piece_words(board, s)
        it.append(a)
        en.append(b)
    return join(it, "it"), join(en, "en")


def pieces_n(n: int, lang: str, king: bool = False) -> str:
    if lang == "it":
        if king:
            return "una dama" if n == 1 else "nessuna dama" if n == 0 else f"{n} dame"
        return "un pezzo" if n == 1 else f"{n} pezzi"
    if king:
        return "one king" if n == 1 else "no king" if n == 0 else f"{n} kings"
    return "one piece" if n == 1 else f"{n} pieces"


def describe_capture(board: Board, move: Move) -> tuple[str, str]:
    """"la pedina in 22 mangia la pedina in 18 e arriva in 13" (before the move is played)."""
    mover_it, mover_en = piece_words(board, move.start)
    vic_it, vic_en = victims_words(board, move.captures)
    if move.end == move.start:
        return (f"{mover_it} mangia {vic_it} e torna nella sua casella",
                f"{mover_en} takes {vic_en} and comes back to its square")
    return (f"{mover_it} mangia {vic_it} e arriva in {move.end}",
            f"{mover_en} takes {vic_en} and lands on {move.end}")


def promotes(board: Board, move: Move) -> bool:
    piece = board.piece_at(move.start)
    geo = board.variant.geometry
    half = geo.half
    row = range(1, half + 1) if board.turn == WHITE else range(geo.squares - half + 1,
                                                               geo.squares + 1)
    return bool(piece) and not piece.king and move.end in row


def material(board: Board) -> dict[str, tuple[int, int]]:
    """Men and kings of each side."""
    out = {WHITE: [0, 0], BLACK: [0, 0]}
    for piece in board.pieces().values():
        out[piece.colour][1 if piece.king else 0] += 1
    return {c: (v[0], v[1]) for c, v in out.items()}


def n_pieces(board: Board, colour: str | None = None) -> int:
    return sum(1 for p in board.pieces().values() if colour is None or p.colour == colour)


def rows_squares(variant_name: str, rows: Iterable[int]) -> list[int]:
    geo = get_variant(variant_name).geometry
    return [s for r in rows for s in range(r * geo.half + 1, (r + 1) * geo.half + 1)]


def raw_captures(board: Board) -> list[tuple[Move, tuple]]:
    """Every capture chain before the precedence rules, with its record."""
    gen = movegen(board.variant)
    out = []
    for record in gen.raw_captures(*board._relative()):
        path = tuple(board.variant.geometry.square_of[b] for b in record[0])
        caps = tuple(board.variant.geometry.square_of[b] for b in record[1])
        out.append((Move(path, caps), record))
    return out


def signature(move: Move) -> tuple:
    return (move.start, move.end, frozenset(move.captures))


def turned_down(board: Board) -> list[tuple[Move, str]]:
    """The capture chains the precedence rules turn down, each with the rule that decides
    against it (the first criterion on which it loses to the legal captures). Chains that
    differ from a legal one only in the order of the same pieces are left out, and so are
    chains whose full text would name a legal move."""
    gen = movegen(board.variant)
    rel = board._relative()
    legal = [m for m in board.legal_moves if m.captures]
    if not legal:
        return []
    legal_sigs = {signature(m) for m in legal}
    records = {signature(m): r for m, r in raw_captures(board)}
    best = gen.precedence_key(records[signature(legal[0])], rel[3])
    rules = board.variant.rules
    names = board.variant.precedence
    out, seen = [], set()
    for move, record in raw_captures(board):
        sig = signature(move)
        if sig in legal_sigs or sig in seen:
            continue
        seen.add(sig)
        if board._matching(move.path):
            continue
        key = gen.precedence_key(record, rel[3])
        for name, a, b in zip(names, key, best):
            if a != b:
                out.append((move, rules[name]))
                break
    return out


def full_text(move: Move) -> str:
    return "x".join(map(str, move.path))


# -- a simple, sensible player for the games --------------------------------------------------

def exchange_score(board: Board, move: Move) -> float:
    """Pieces won minus pieces lost one reply deep (and won back at once), promotions
    counting one and a half."""
    score = len(move.captures) + (1.5 if promotes(board, move) else 0.0)
    board.push(move)
    try:
        replies = board.legal_moves
        if replies and replies[0].captures:
            worst = None
            for reply in replies:
                value = -len(reply.captures) - (1.5 if promotes(board, reply) else 0.0)
                board.push(reply)
                back = board.legal_moves
                if back and back[0].captures:
                    value += max(len(b.captures) for b in back) * 0.9
                board.pop()
                worst = value if worst is None else min(worst, value)
            score += worst or 0.0
    finally:
        board.pop()
    return score


def sensible_move(board: Board, rng: random.Random, slip: float) -> Move:
    moves = board.legal_moves
    if len(moves) == 1:
        return moves[0]
    if rng.random() < slip:
        return rng.choice(moves)
    scored = [(exchange_score(board, m) + rng.random() * 0.6, i) for i, m in enumerate(moves)]
    return moves[max(scored)[1]]


def play_games(variant: str, games: int, seed: int, max_plies: int,
               slip: float = 0.12) -> list[tuple[str, int]]:
    """Positions (FEN, ply) of ``games`` games between two sensible players, in order."""
    out: list[tuple[str, int]] = []
    for game in range(games):
        rng = random.Random(seed * 100_003 + game)
        board = Board(variant=variant)
        while board.outcome() is None and len(board.move_stack) < max_plies:
            out.append((board.fen(), len(board.move_stack)))
            board.push(sensible_move(board, rng, slip))
    return out


# -- small positions ---------------------------------------------------------------------------

def scatter(rng: random.Random, variant: str, turn: str,
            groups: list[tuple[str, int, list[int]]]) -> Board | None:
    """Place pieces at random: each group is (symbol, how many, allowed squares), symbols
    ``w``/``b`` for men and ``W``/``B`` for kings. None when the position is not valid."""
    taken: set[int] = set()
    parts: dict[str, list[str]] = {WHITE: [], BLACK: []}
    for symbol, count, allowed in groups:
        free = [s for s in allowed if s not in taken]
        if len(free) < count:
            return None
        for s in rng.sample(free, count):
            taken.add(s)
            parts[symbol.upper()].append(("K" if symbol.isupper() else "") + str(s))
    fen = f"{turn}:W{','.join(parts[WHITE])}:B{','.join(parts[BLACK])}"
    try:
        board = Board(fen, variant)
    except DamaError:
        return None
    if board.outcome() is not None:
        return None
    return Board(board.fen(), variant)


def men_rows(variant: str, colour: str, near: int = 0, far: int | None = None) -> list[int]:
    """Squares for men of ``colour`` between ``near`` and ``far`` rows from their own base
    (0 = the base row); never on the promotion row."""
    size = get_variant(variant).size
    far = size - 2 if far is None else min(far, size - 2)
    rows = range(near, far + 1)
    if colour == WHITE:
        return rows_squares(variant, [size - 1 - r for r in rows])
    return rows_squares(variant, list(rows))


def all_squares(variant: str) -> list[int]:
    return list(range(1, get_variant(variant).squares + 1))


def plausible(board: Board, max_diff: int = 2) -> bool:
    """Material not absurdly unbalanced (kings counting two), the game going on."""
    mat = material(board)
    value = {c: mat[c][0] + 2 * mat[c][1] for c in mat}
    return (board.outcome() is None and abs(value[WHITE] - value[BLACK]) <= max_diff
            and min(value.values()) > 0)


# -- the collection: puzzles and files ---------------------------------------------------------

@dataclass
class Topic:
    file: str
    variant: str
    topic: str
    prefix: str
    title: tuple[str, str]
    rules: str
    build: Callable[["Context"], list[dict]]


class Context:
    """What the builders share: the positions already used, the game positions, seeds."""

    def __init__(self) -> None:
        self.used: set[tuple[str, str]] = set()
        self._games: dict[str, list[tuple[str, int]]] = {}
        examples = COLLECTIONS / "it-00-examples.toml"
        if examples.exists():
            import tomllib
            data = tomllib.loads(examples.read_text(encoding="utf-8"))
            variant = data.get("collection", {}).get("variant", "italian")
            for entry in data.get("puzzle", []):
                try:
                    self.used.add((variant, canonical(entry["fen"], variant)))
                except (KeyError, DamaError):
                    pass

    def games(self, variant: str) -> list[tuple[str, int]]:
        if variant not in self._games:
            spec = {"italian": (260, 11, 150), "brazilian": (120, 12, 150),
                    "international": (36, 13, 130)}[variant]
            self._games[variant] = play_games(variant, *spec)
        return self._games[variant]

    def free(self, variant: str, fen: str) -> bool:
        return (variant, fen) not in self.used

    def take(self, variant: str, fen: str) -> bool:
        """Mark a position used; False when it already was."""
        key = (variant, fen)
        if key in self.used:
            return False
        self.used.add(key)
        return True


def puzzle(level: int, kind: str, board_or_fen: Board | str, prompt: tuple[str, str],
           rules: list[str], **fields) -> dict:
    fen = board_or_fen.fen() if isinstance(board_or_fen, Board) else board_or_fen
    out = {"level": level, "kind": kind, "fen": fen,
           "prompt.it": prompt[0], "prompt.en": prompt[1], "rules": list(rules)}
    for key, value in fields.items():
        if value is None or value == () or value == []:
            continue
        if key in ("hints", "explanation", "options", "feedback"):
            out[f"{key}.it"], out[f"{key}.en"] = value
        else:
            out[key] = value
    return out


def pick(ctx: Context, variant: str, candidates: Iterable[tuple[Board, object]], want: int,
         make: Callable[[Board, object, int], dict | None]) -> list[dict]:
    """Take up to ``want`` puzzles from ``candidates`` (board, data), skipping positions
    already used; ``make`` turns one into a puzzle (or None to skip it)."""
    out: list[dict] = []
    for board, data in candidates:
        if len(out) >= want:
            break
        fen = board.fen()
        if not ctx.free(variant, fen):
            continue
        made = make(board, data, len(out))
        if made is None:
            continue
        ctx.take(variant, fen)
        out.append(made)
    if len(out) < want:
        raise RuntimeError(f"only {len(out)} of {want} puzzles found")
    return out


def generated(rng: random.Random, attempts: int,
              make: Callable[[random.Random], Board | None]) -> Iterator[Board]:
    for _ in range(attempts):
        board = make(rng)
        if board is not None:
            yield board


def game_boards(ctx: Context, variant: str, seed: int,
                plies: tuple[int, int] = (0, 999)) -> Iterator[Board]:
    """The game positions in a shuffled (seeded) order."""
    positions = [fen for fen, ply in ctx.games(variant) if plies[0] <= ply <= plies[1]]
    positions = sorted(set(positions))
    random.Random(seed).shuffle(positions)
    for fen in positions:
        yield Board(fen, variant)


# -- tactics: "il tiro" ------------------------------------------------------------------------

def balance(board: Board, side: str) -> int:
    """Pieces of ``side`` minus the opponent's (kings count one, as for the solver)."""
    return sum(1 if p.colour == side else -1 for p in board.pieces().values())


def forced_lines(board: Board, plies: int) -> list[list[Move]]:
    """Lines of ``plies`` plies (odd) from a quiet position: the attacker's moves, each
    defender reply the only legal move and a capture, ending with an attacker capture after
    which the defender has no capture pending."""
    out: list[list[Move]] = []

    def walk(line: list[Move], left: int) -> None:
        if left == 1:
            for move in board.legal_moves:
                if not move.captures:
                    continue
                board.push(move)
                replies = board.legal_moves
                if replies and not replies[0].captures:
                    out.append(line + [move])
                board.pop()
            return
        for move in board.legal_moves:
            if not line and move.captures:
                continue
            board.push(move)
            replies = board.legal_moves
            if len(replies) == 1 and replies[0].captures:
                board.push(replies[0])
                walk(line + [move, replies[0]], left - 2)
                board.pop()
            board.pop()

    if not board.must_capture():
        walk([], plies)
    return out


def minimax_gain(board: Board, side: str, depth: int, start: int,
                 alpha: int = -999, beta: int = 999) -> int:
    """Our own small check of a material goal: the balance change for ``side`` after
    ``depth`` plies of best play by both, continued while captures are pending."""
    legal = board.legal_moves
    if not legal:
        return 99 if board.turn != side else -99
    if depth <= 0 and not legal[0].captures:
        return balance(board, side) - start
    maximising = board.turn == side
    best = -999 if maximising else 999
    for move in legal:
        board.push(move)
        value = minimax_gain(board, side, depth - 1, start, alpha, beta)
        board.pop()
        if maximising:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


# == Italian topics =============================================================================

IT = "italian"


def it_small(rng: random.Random, turn: str, wm: int, bm: int, wk: int = 0, bk: int = 0,
             near: int = 1, far: int = 5) -> Board | None:
    """A small Italian position: men between ``near`` and ``far`` rows from their base."""
    return scatter(rng, IT, turn, [
        ("w", wm, men_rows(IT, WHITE, near, far)), ("b", bm, men_rows(IT, BLACK, near, far)),
        ("W", wk, all_squares(IT)), ("B", bk, all_squares(IT))])


def build_movement(ctx: Context) -> list[dict]:
    rng = random.Random(101)
    out: list[dict] = []

    # How many moves can the side to move make? Small positions, no capture.
    def count_all(board: Board, level: int, i: int) -> dict | None:
        legal = board.legal_moves
        if board.must_capture() or not 2 <= len(legal) <= 9:
            return None
        turn = board.turn
        side_it, side_en = SIDE[turn]
        prompts = [
            (f"Tocca {TO_SIDE[turn]}. Quante mosse diverse può fare?",
             f"{side_en} to play. How many different moves can {side_en} make?"),
            (f"Conta le mosse {OF_SIDE[turn]}: quante sono in tutto?",
             f"Count {side_en}'s moves: how many are there in all?"),
            (f"Quante mosse può fare {side_it}? Guarda ogni pezzo, uno alla volta.",
             f"How many moves can {side_en} make? Look at each piece, one at a time."),
        ]
        kings = any(p.king and p.colour == turn for p in board.pieces().values())
        texts = ", ".join(str(m) for m in legal)
        rules = ["IT-M1", "IT-M2"] if kings else ["IT-M1"]
        why_it = ("le pedine vanno avanti di una casella in diagonale"
                  + (", la dama va anche indietro" if kings else ""))
        why_en = ("men go one square diagonally forwards"
                  + (", a king goes backwards too" if kings else ""))
        # The specific hint: the first piece that can move, and how many moves it has.
        first = legal[0].start
        first_n = sum(1 for m in legal if m.start == first)
        movers = sorted({m.start for m in legal})
        first_it, first_en = piece_words(board, first)
        if len(movers) == 1:
            second = (f"Solo {first_it} può muoversi: in quante caselle libere può andare?",
                      f"Only {first_en} can move: to how many empty squares can it go?")
        else:
            second = (f"Comincia {joined('da', first_it)}: può fare "
                      f"{'una mossa' if first_n == 1 else f'{first_n} mosse'}. Poi fai lo "
                      "stesso con gli altri pezzi, uno alla volta.",
                      f"Start with {first_en}: it can make "
                      f"{'one move' if first_n == 1 else f'{first_n} moves'}. Then do the same "
                      "with the other pieces, one at a time.")
        hints = ([f"Per ogni pezzo {OF_SIDE[turn]} guarda le caselle libere davanti in "
                  "diagonale." + (" La dama guarda anche dietro." if kings else ""), second[0]],
                 [f"For each of {side_en}'s pieces, look at the empty squares diagonally in "
                  "front." + (" A king looks behind too." if kings else ""), second[1]])
        return puzzle(level, "count", board, prompts[i % len(prompts)], rules,
                      measure="legal_moves", answer=len(legal), hints=hints,
                      explanation=(f"Le mosse sono {len(legal)}: {texts}. Ricorda: {why_it}.",
                                   f"There are {len(legal)} moves: {texts}. Remember: {why_en}."))

    plans = [  # (level, turn, white men, black men, white kings, black kings, how many)
        (1, WHITE, 1, 1, 0, 0, 2), (1, WHITE, 2, 1, 0, 0, 2), (1, BLACK, 1, 2, 0, 0, 1),
        (2, WHITE, 3, 2, 0, 0, 1), (2, BLACK, 2, 3, 0, 0, 1), (2, WHITE, 3, 3, 0, 0, 1),
        (3, WHITE, 2, 2, 1, 0, 2), (3, BLACK, 2, 2, 0, 1, 1),
    ]
    for level, turn, wm, bm, wk, bk, want in plans:
        far = 4 if level == 1 else 5
        boards = generated(rng, 4000, lambda r: it_small(r, turn, wm, bm, wk, bk, 1, far))
        out += pick(ctx, IT, ((b, None) for b in boards), want,
                    lambda b, _, i, lv=level: count_all(b, lv, len(out) + i))

    # How many moves can the piece on a square make?
    def count_one(board: Board, data: tuple[int, int], i: int) -> dict | None:
        level, square = data
        piece = board.piece_at(square)
        n = sum(1 for m in board.legal_moves if m.start == square)
        if board.must_capture() or piece is None or piece.colour != board.turn:
            return None
        what_it, what_en = piece_words(board, square)
        prompts = [(f"{to_play(board)[0]} Quante mosse può fare {what_it}?",
                    f"{to_play(board)[1]} How many moves can {what_en} make?"),
                   (f"In quante caselle può andare {what_it}?",
                    f"To how many squares can {what_en} go?")]
        if piece.king:
            why = ("La dama si muove di una casella in diagonale, avanti o indietro, su una "
                   "casella libera.",
                   "A king moves one square diagonally, forwards or backwards, to an empty "
                   "square.")
            rules = ["IT-M2"]
        else:
            why = ("La pedina va solo avanti, di una casella in diagonale, su una casella "
                   "libera.",
                   "A man goes only forwards, one square diagonally, to an empty square.")
            rules = ["IT-M1"]
        near = [str(x) for x in next_squares(board, square, not piece.king)]
        hints = ([("La dama va avanti e indietro, di una casella in diagonale."
                   if piece.king else "La pedina va solo avanti, di una casella in diagonale."),
                  (f"Guarda le caselle intorno alla dama: {join(near, 'it')}. Quali sono "
                   "libere?" if piece.king else
                   f"Guarda la casella davanti alla pedina, la {near[0]}: è libera?"
                   if len(near) == 1 else
                   f"Guarda le caselle davanti alla pedina: {join(near, 'it')}. Quali sono "
                   "libere?")],
                 [("A king goes forwards and backwards, one square diagonally."
                   if piece.king else "A man goes only forwards, one square diagonally."),
                  (f"Look at the squares around the king: {join(near, 'en')}. Which are "
                   "empty?" if piece.king else
                   f"Look at the square in front of the man, {near[0]}: is it empty?"
                   if len(near) == 1 else
                   f"Look at the squares in front of the man: {join(near, 'en')}. Which are "
                   "empty?")])
        targets = [m.end for m in board.legal_moves if m.start == square]
        where = (f"Può andare in {join([str(t) for t in targets], 'it', True)}. "
                 if targets else "Non può muoversi: le caselle davanti non sono libere. ",
                 f"It can go to {join([str(t) for t in targets], 'en', True)}. "
                 if targets else "It cannot move: the squares in front are not empty. ")
        return puzzle(level, "count", board, prompts[i % 2], rules, measure="moves_of",
                      square=square, answer=n, hints=hints,
                      explanation=(where[0] + why[0], where[1] + why[1]))

    def one_piece(level: int, turn: str, king: bool, blocked: bool) -> Iterator:
        while True:
            b = it_small(rng, turn, 2 if turn == WHITE or king else 1,
                         2 if turn == BLACK or king else 1,
                         1 if king and turn == WHITE else 0, 1 if king and turn == BLACK else 0,
                         1, 5)
            if b is None:
                continue
            own = [s for s, p in b.pieces().items() if p.colour == turn and p.king == king]
            if not own:
                continue
            square = own[0]
            n = sum(1 for m in b.legal_moves if m.start == square)
            if blocked != (n < (4 if king else 2)) or b.must_capture():
                continue
            yield b, (level, square)

    for level, turn, king, blocked, want in ((1, WHITE, False, False, 2), (1, BLACK, False, False, 1),
                                             (2, WHITE, False, True, 1), (2, BLACK, False, True, 1),
                                             (2, WHITE, True, False, 1), (3, BLACK, True, True, 1)):
        out += pick(ctx, IT, one_piece(level, turn, king, blocked), want, count_one)

    # Where can this man go? (choice)
    def where_choice(board: Board, square: int, i: int) -> dict | None:
        ends = sorted(m.end for m in board.legal_moves if m.start == square)
        if board.must_capture() or len(ends) != 2:
            return None
        piece = board.piece_at(square)
        geo = board.variant.geometry
        r, c = geo.coords[square]
        back = sorted(geo.by_coords[(r - d, c + e)] for d in ((1,) if piece.colour == BLACK
                                                              else (-1,)) for e in (-1, 1)
                      if (r - d, c + e) in geo.by_coords)
        if len(back) != 2:
            return None
        right = " e ".join(map(str, ends))
        wrong_back = " e ".join(map(str, back))
        far = sorted({s for s in range(1, 33) if abs(geo.coords[s][0] - r) == 2
                      and abs(geo.coords[s][1] - c) == 2 and (geo.coords[s][0] < r) ==
                      (piece.colour == WHITE)})
        if len(far) < 2:
            return None
        wrong_far = " e ".join(map(str, far[:2]))
        options_it = [right, wrong_back, wrong_far]
        order = [0, 1, 2] if i % 2 == 0 else [1, 0, 2]
        opts_it = [options_it[k] for k in order]
        opts_en = [o.replace(" e ", " and ") for o in opts_it]
        fb = {0: ("Un passo avanti in diagonale, a destra o a sinistra: la pedina va sempre "
                  "avanti.",
                  "One step diagonally forwards, to the right or to the left: a man always "
                  "goes forwards."),
              1: ("Quelle caselle sono dietro: la pedina non torna mai indietro.",
                  "Those squares are behind: a man never goes back."),
              2: ("Troppo lontano: la pedina fa un passo solo, di una casella.",
                  "Too far: a man takes a single step, one square.")}
        side_it = OF_SIDE[piece.colour]
        far_row = "1, 2, 3 e 4" if piece.colour == WHITE else "29, 30, 31 e 32"
        far_row_en = "1, 2, 3 and 4" if piece.colour == WHITE else "29, 30, 31 and 32"
        hints = (["La pedina fa un passo solo, in diagonale, e sempre in avanti.",
                  f"La pedina {side_it} va verso le caselle {far_row}: quali caselle vicine "
                  f"alla {square} sono da quella parte?"],
                 ["A man takes a single step, diagonally, and always forwards.",
                  f"The {ADJ[piece.colour][1]} man goes towards squares {far_row_en}: which "
                  f"squares next to {square} are on that side?"])
        return puzzle(1, "choice", board,
                      (f"{to_play(board)[0]} In quali caselle può andare la pedina {side_it} "
                       f"in {square}?",
                       f"{to_play(board)[1]} To which squares can the {ADJ[piece.colour][1]} "
                       f"man on {square} go?"),
                      ["IT-M1"], options=(opts_it, opts_en), answer=order.index(0),
                      hints=hints,
                      feedback=([fb[k][0] for k in order], [fb[k][1] for k in order]))

    def single_man(turn: str) -> Iterator:
        while True:
            b = it_small(rng, turn, 1 if turn == WHITE else 1, 1, 0, 0, 2, 4)
            if b is None:
                continue
            own = [s for s, p in b.pieces().items() if p.colour == turn]
            yield b, own[0]

    out += pick(ctx, IT, single_man(WHITE), 1, where_choice)
    out += pick(ctx, IT, single_man(BLACK), 1, lambda b, s, i: where_choice(b, s, i + 1))

    # After White's first move: how many answers has Black? (IT-B4)
    start = Board()
    first = start.legal_moves[3]  # 22-19
    start.push(first)
    b = Board(start.fen())
    if ctx.take(IT, b.fen()):
        movers = sorted({m.start for m in b.legal_moves})
        out.append(puzzle(2, "count", b,
                          (f"Il Bianco ha aperto con {first}. Ora tocca al Nero: quante mosse "
                           "può fare?",
                           f"White opened with {first}. Now it is Black's turn: how many moves "
                           "can Black make?"),
                          ["IT-B4", "IT-M1"], measure="legal_moves", answer=len(b.legal_moves),
                          hints=(["Una pedina può muoversi solo se ha una casella libera "
                                  "davanti, in diagonale.",
                                  "Guarda le pedine nere in "
                                  f"{join([str(x) for x in movers], 'it')}: quante caselle "
                                  "libere ha davanti ognuna?"],
                                 ["A man can move only if it has an empty square diagonally in "
                                  "front.",
                                  "Look at the black men on "
                                  f"{join([str(x) for x in movers], 'en')}: how many empty "
                                  "squares does each one have in front?"]),
                          explanation=(f"Il Nero può giocare {len(b.legal_moves)} mosse: "
                                       f"{', '.join(map(str, b.legal_moves))}. Solo le pedine "
                                       "della prima fila, da 9 a 12, hanno caselle libere "
                                       "davanti: la pedina va avanti di una casella.",
                                       f"Black has {len(b.legal_moves)} moves: "
                                       f"{', '.join(map(str, b.legal_moves))}. Only the men of "
                                       "the front row, 9 to 12, have empty squares in front: a "
                                       "man steps forward.")))
    return out


def capture_prompt(board: Board, i: int, many: bool = False) -> tuple[str, str]:
    p_it, p_en = to_play(board)
    if many:
        options = [(f"{p_it} Trova tutte le prese possibili.",
                    f"{p_en.replace(' to play.', ' to play.')} Find every possible capture."),
                   (f"{p_it} Deve mangiare: scrivi tutte le prese che può fare.",
                    f"{p_en} It must capture: write every capture it can make."),
                   (f"Quali prese può fare {SIDE[board.turn][0]}? Trovale tutte.",
                    f"Which captures can {SIDE[board.turn][1]} make? Find them all.")]
    else:
        options = [(f"{p_it} Deve mangiare: quale presa fa?",
                    f"{p_en} It must capture: which capture?"),
                   (f"{p_it} C'è una presa da fare: trovala!",
                    f"{p_en} There is a capture to make: find it!"),
                   (f"{SIDE_CAP[board.turn][0]} deve mangiare. Con quale pezzo, e dove arriva?",
                    f"{SIDE_CAP[board.turn][1]} must capture. With which piece, and where does "
                    "it land?")]
    return options[i % len(options)]


CAPTURE_HINT = ("Mangiare è obbligatorio: cerca un pezzo avversario vicino a un tuo pezzo, con "
                "una casella libera dietro.",
                "Capturing is compulsory: look for an enemy piece next to one of yours, with an "
                "empty square behind it.")


def one_capture(board: Board, level: int, i: int, rules: list[str],
                extra: tuple[str, str] = ("", ""),
                hints: tuple[list[str], list[str]] | None = None) -> dict:
    """A puzzle with one legal capture. Its hints: ``hints`` if given, else the general one
    and then the piece that must capture."""
    legal = board.legal_moves
    move = legal[0]
    d_it, d_en = describe_capture(board, move)
    if hints is None:
        mover_it, mover_en = piece_words(board, move.start)
        hints = ([CAPTURE_HINT[0], f"Guarda {mover_it}: quale pezzo avversario ha vicino, con "
                                   "una casella libera dietro?"],
                 [CAPTURE_HINT[1], f"Look at {mover_en}: which enemy piece is next to it, with "
                                   "an empty square behind?"])
    return puzzle(level, "capture", board, capture_prompt(board, i), rules,
                  solutions=[board.move_text(move)], unique=True, hints=hints,
                  explanation=(f"{cap(d_it)}.{extra[0]} Mangiare è obbligatorio: quando c'è "
                               "una presa, non si può fare un'altra mossa.",
                               f"{cap(d_en)}.{extra[1]} Capturing is compulsory: when there is "
                               "a capture, no other move is allowed."))


def build_capture(ctx: Context) -> list[dict]:
    rng = random.Random(202)
    out: list[dict] = []

    def simple_ok(board: Board) -> bool:
        legal = board.legal_moves
        return len(legal) == 1 and len(legal[0].captures) == 1 and not turned_down(board)

    # (a) small positions with one capture
    for turn, wm, bm, want in ((WHITE, 1, 2, 2), (BLACK, 2, 1, 1), (WHITE, 2, 2, 2)):
        boards = (b for b in generated(rng, 5000, lambda r: it_small(r, turn, wm, bm, 0, 0, 1, 4))
                  if simple_ok(b))
        out += pick(ctx, IT, ((b, None) for b in boards), want,
                    lambda b, _, i: one_capture(b, 1, len(out) + i, ["IT-C1", "IT-C2"]))

    # (b) game positions with one capture among many pieces
    seen: set = set()

    def game_one(board: Board, _, i: int) -> dict | None:
        if not simple_ok(board) or "K" in board.fen() or not plausible(board, 1):
            return None
        if str(board.legal_moves[0]) in seen:
            return None
        seen.add(str(board.legal_moves[0]))
        return one_capture(board, 2, len(out) + i, ["IT-C1", "IT-C2"])

    out += pick(ctx, IT, ((b, None) for b in game_boards(ctx, IT, 21, (4, 40))), 7, game_one)

    # (c) find every capture
    def game_all(board: Board, _, i: int) -> dict | None:
        legal = board.legal_moves
        if not (2 <= len(legal) <= 3 and all(len(m.captures) == 1 for m in legal)) \
                or turned_down(board) or "K" in board.fen() or not plausible(board, 1):
            return None
        level = 2 if len(legal) == 2 else 3
        texts = [board.move_text(m) for m in legal]
        if tuple(texts) in seen:
            return None
        seen.add(tuple(texts))
        starts = sorted({m.start for m in legal})
        if len(starts) == 1:
            who_it, who_en = piece_words(board, starts[0])
            second = (f"Le prese sono {len(legal)}, tutte {joined('di', who_it)}.",
                      f"There are {len(legal)} captures, all by {who_en}.")
        else:
            second = (f"Le prese sono {len(legal)}: guarda i pezzi in "
                      f"{join([str(x) for x in starts], 'it')}.",
                      f"There are {len(legal)} captures: look at the pieces on "
                      f"{join([str(x) for x in starts], 'en')}.")
        return puzzle(level, "all-captures", board, capture_prompt(board, i, many=True),
                      ["IT-C1", "IT-C2", "IT-P5"], solutions=texts,
                      hints=(["Guarda i tuoi pezzi uno alla volta: quale può saltare un pezzo "
                              "avversario?", second[0]],
                             ["Look at your pieces one at a time: which one can jump an enemy "
                              "piece?", second[1]]),
                      explanation=(f"Le prese sono {join(texts, 'it')}: ognuna prende un pezzo, "
                                   "quindi si può scegliere quella che si preferisce. Mangiare è "
                                   "obbligatorio, ma qui la scelta è libera.",
                                   f"The captures are {join(texts, 'en')}: each takes one piece, "
                                   "so you may choose the one you like. Capturing is compulsory, "
                                   "but here the choice is free."))

    out += pick(ctx, IT, ((b, None) for b in game_boards(ctx, IT, 22, (8, 60))), 8, game_all)

    # (d) a man never takes a king, and never captures backwards (IT-C3)
    def man_faces_king(board: Board) -> list[tuple[int, int]]:
        """(man, king) pairs where the man could jump the king if men took kings."""
        geo = board.variant.geometry
        out_ = []
        for s, p in board.pieces().items():
            if p.colour != board.turn or p.king:
                continue
            r, c = geo.coords[s]
            dr = -1 if p.colour == WHITE else 1
            for dc in (-1, 1):
                mid = geo.by_coords.get((r + dr, c + dc))
                land = geo.by_coords.get((r + 2 * dr, c + 2 * dc))
                if mid and land and board.piece_at(land) is None:
                    q = board.piece_at(mid)
                    if q and q.colour != board.turn and q.king:
                        out_.append((s, mid))
        return out_

    def c3_boards(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        b = scatter(r, IT, turn, [
            ("w", r.randint(2, 3), men_rows(IT, WHITE, 1, 5)),
            ("b", r.randint(2, 3), men_rows(IT, BLACK, 1, 5)),
            ("B" if turn == WHITE else "W", 1, all_squares(IT))])
        return b

    def c3(board: Board, _, i: int) -> dict | None:
        pairs = man_faces_king(board)
        if not pairs or not simple_ok(board) or not plausible(board, 2):
            return None
        man, king = pairs[0]
        level = 3 if n_pieces(board) <= 6 else 4
        extra = (f" Attenzione: la pedina in {man} non può mangiare la dama in {king}, perché "
                 "una pedina non mangia mai una dama.",
                 f" Careful: the man on {man} cannot take the king on {king}, because a man "
                 "never captures a king.")
        mover = board.legal_moves[0].start
        if mover == man:
            second = (f"La dama in {king} non si può mangiare, ma la pedina in {man} ha "
                      "un'altra presa: quale?",
                      f"The king on {king} cannot be taken, but the man on {man} has another "
                      "capture: which one?")
        else:
            mover_it, mover_en = piece_words(board, mover)
            second = (f"La pedina in {man} non può mangiare la dama in {king}. Guarda invece "
                      f"{mover_it}.",
                      f"The man on {man} cannot take the king on {king}. Look at {mover_en} "
                      "instead.")
        return one_capture(board, level, len(out) + i, ["IT-C3", "IT-C1", "IT-C2"], extra,
                           hints=(["Una pedina può mangiare una dama? Ricorda: mai!", second[0]],
                                  ["Can a man capture a king? Remember: never!", second[1]]))

    out += pick(ctx, IT, ((b, None) for b in generated(rng, 20000, c3_boards)), 6, c3)

    # (e) can the man capture? (choice) — only the king or a piece behind it is in reach
    def c3_choice(board: Board, _, i: int) -> dict | None:
        pairs = man_faces_king(board)
        if not pairs or board.must_capture() or not plausible(board, 2):
            return None
        man, king = pairs[0]
        geo = board.variant.geometry
        (r0, c0), (r1, c1) = geo.coords[man], geo.coords[king]
        land = geo.by_coords[(2 * r1 - r0, 2 * c1 - c0)]
        opts_it = [f"Sì: {man}x{land}", "No: una pedina non può mangiare una dama",
                   f"Sì, ma solo se lo vuole"]
        opts_en = [f"Yes: {man}x{land}", "No: a man cannot capture a king",
                   "Yes, but only if it wants to"]
        order = [(0, 1, 2), (1, 0, 2), (2, 1, 0)][i % 3]
        fb_it = [f"No: {man}x{land} salterebbe una dama, e una pedina non può mai mangiare "
                 "una dama.",
                 "Una pedina mangia soltanto pedine: una dama non la può mangiare mai.",
                 "Quando c'è una presa, mangiare è obbligatorio: non si sceglie. Ma qui la "
                 "presa non c'è, perché una pedina non mangia mai una dama."]
        fb_en = [f"No: {man}x{land} would jump a king, and a man can never capture a king.",
                 "A man captures only men: it can never capture a king.",
                 "When there is a capture, capturing is compulsory: there is no choosing. But "
                 "here there is no capture, because a man never captures a king."]
        hints = (["Ripensa a chi può mangiare che cosa: la pedina e la dama non sono uguali.",
                  f"In {king} c'è una dama, non una pedina: la pedina in {man} può saltarla?"],
                 ["Think again about who can capture what: a man and a king are not the same.",
                  f"On {king} there is a king, not a man: can the man on {man} jump it?"])
        return puzzle(3, "choice", board,
                      (f"{to_play(board)[0]} La pedina in {man} può mangiare la dama in {king}?",
                       f"{to_play(board)[1]} Can the man on {man} capture the king on {king}?"),
                      ["IT-C3", "IT-C1"], options=([opts_it[k] for k in order],
                                                   [opts_en[k] for k in order]),
                      answer=order.index(1), hints=hints,
                      feedback=([fb_it[k] for k in order], [fb_en[k] for k in order]))

    out += pick(ctx, IT, ((b, None) for b in generated(rng, 20000, c3_boards)), 4, c3_choice)
    return out


CHAIN_HINT = ("Dopo ogni salto, guarda se c'è un altro pezzo da saltare: la presa continua "
              "finché si può.",
              "After each jump, look for another piece to jump: the capture goes on while it "
              "can.")


def build_multiple(ctx: Context) -> list[dict]:
    rng = random.Random(303)
    out: list[dict] = []
    seen: set = set()

    def chain_puzzle(board: Board, level: int, i: int,
                     general: tuple[str, str] = CHAIN_HINT) -> dict:
        legal = board.legal_moves
        texts = [board.move_text(m) for m in legal]
        d_it, d_en = describe_capture(board, legal[0])
        n = len(legal[0].captures)
        king = board.piece_at(legal[0].start).king
        rules = ["IT-C5", "IT-C6"] if king else ["IT-C5", "IT-C2"]
        raw = board._gen.raw_captures(*board._relative())
        if any(len(caps) < n for _, caps, _ in raw):  # a shorter capture was turned down
            rules.append("IT-P1")
        prompts = [(f"{to_play(board)[0]} Deve mangiare: quale presa fa? Ricorda di continuare "
                    "finché puoi.",
                    f"{to_play(board)[1]} It must capture: which capture? Remember to go on "
                    "as long as you can."),
                   (f"{to_play(board)[0]} Trova la presa e scrivila fino all'ultimo salto.",
                    f"{to_play(board)[1]} Find the capture and write it down to the last jump."),
                   (f"Una presa lunga! {SIDE_CAP[board.turn][0]} deve mangiare: come?",
                    f"A long capture! {SIDE_CAP[board.turn][1]} must capture: how?")]
        more_it = ("" if len(legal) == 1 else
                   f" Vanno bene tutte le prese che prendono {n} pezzi ({join(texts, 'it')}): "
                   "qui la scelta è libera.")
        more_en = ("" if len(legal) == 1 else
                   f" Every capture of {n} pieces is fine ({join(texts, 'en')}): here the "
                   "choice is free.")
        if len(legal) > 1:
            rules.append("IT-P5")
        lifted = (" I pezzi presi si tolgono solo alla fine, e nessuno si salta due volte."
                  if king else "",
                  " The captured pieces are lifted only at the end, and none is jumped twice."
                  if king else "")
        mover_it, mover_en = movers_words(board, legal)
        hints = ([general[0], f"Guarda {mover_it}: può prendere {pieces_n(n, 'it')}, uno dopo "
                              "l'altro."],
                 [general[1], f"Look at {mover_en}: it can take {pieces_n(n, 'en')}, one after "
                              "the other."])
        return puzzle(level, "capture", board, prompts[i % 3], rules, solutions=texts,
                      unique=len(legal) == 1, hints=hints,
                      explanation=(f"{cap(d_it)}: {pieces_n(n, 'it')} in una sola mossa. Dopo "
                                   "ogni salto, se si può mangiare ancora, si deve continuare."
                                   f"{lifted[0]}{more_it}",
                                   f"{cap(d_en)}: {pieces_n(n, 'en')} in one move. After each "
                                   "jump, if it can capture again, it must go on."
                                   f"{lifted[1]}{more_en}"))

    def count_puzzle(board: Board, level: int, i: int) -> dict:
        legal = board.legal_moves
        n = len(legal[0].captures)
        d_it, d_en = describe_capture(board, legal[0])
        prompts = [(f"{to_play(board)[0]} Deve mangiare. Quanti pezzi prende in tutto?",
                    f"{to_play(board)[1]} It must capture. How many pieces does it take in all?"),
                   (f"Quanti pezzi mangia {SIDE[board.turn][0]} con la sua presa?",
                    f"How many pieces does {SIDE[board.turn][1]} take with its capture?")]
        move = legal[0]
        mover_it, mover_en = piece_words(board, move.start)
        return puzzle(level, "count", board, prompts[i % 2], ["IT-C5", "IT-C1"],
                      measure="captured", answer=n,
                      hints=(["Segui il pezzo che mangia salto dopo salto, e conta i pezzi che "
                              "salta.",
                              f"Comincia {joined('da', mover_it)}: il primo salto arriva in "
                              f"{move.path[1]}. E poi?"],
                             ["Follow the capturing piece jump after jump, and count the pieces "
                              "it jumps.",
                              f"Start with {mover_en}: the first jump lands on {move.path[1]}. "
                              "And then?"]),
                      explanation=(f"{cap(d_it)}: {pieces_n(n, 'it')}. La presa continua "
                                   "finché si può.",
                                   f"{cap(d_en)}: {pieces_n(n, 'en')}. The capture goes on "
                                   "while it can."))

    def man_chain(board: Board, n: int, unique: bool = True) -> bool:
        legal = board.legal_moves
        if not legal or not legal[0].captures or len(legal[0].captures) != n:
            return False
        if unique and len(legal) != 1:
            return False
        if board.piece_at(legal[0].start).king or turned_down(board):
            return False
        key = str(legal[0])
        if key in seen:
            return False
        seen.add(key)
        return True

    def small(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        return it_small(r, turn, r.randint(1, 2) if turn == WHITE else r.randint(2, 4),
                        r.randint(2, 4) if turn == WHITE else r.randint(1, 2), 0, 0, 1, 5)

    # (a) two pieces in small positions; (c) three pieces
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 20000, small)
                          if man_chain(b, 2) and plausible(b, 3)), 4,
                lambda b, _, i: chain_puzzle(b, 2, i))
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 40000, small)
                          if man_chain(b, 3) and plausible(b, 4)), 2,
                lambda b, _, i: chain_puzzle(b, 4, i + 1))
    # (b) game positions: two pieces, three pieces
    games = list(game_boards(ctx, IT, 31, (6, 90)))
    out += pick(ctx, IT, ((b, None) for b in games if man_chain(b, 2) and plausible(b, 1)
                          and "K" not in b.fen()), 5,
                lambda b, _, i: chain_puzzle(b, 3, i + 2))
    out += pick(ctx, IT, ((b, None) for b in games if man_chain(b, 3) and plausible(b, 2)), 2,
                lambda b, _, i: chain_puzzle(b, 4, i))
    # (d) how many pieces? small and game positions
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 20000, small)
                          if man_chain(b, 2, False) and plausible(b, 3)), 3,
                lambda b, _, i: count_puzzle(b, 2, i))
    out += pick(ctx, IT, ((b, None) for b in games if (man_chain(b, 2, False)
                                                        or man_chain(b, 3, False))
                          and plausible(b, 2)), 4,
                lambda b, _, i: count_puzzle(b, 3 if len(b.legal_moves[0].captures) == 2
                                             else 4, i + 1))

    # (e) a king's long capture (IT-C6): small positions, one king against several men
    def king_small(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        king = "W" if turn == WHITE else "B"
        return scatter(r, IT, turn, [
            (king, 1, all_squares(IT)),
            ("b" if turn == WHITE else "w", r.randint(4, 6),
             men_rows(IT, OTHER[turn], 1, 5)),
            ("w" if turn == WHITE else "b", r.randint(1, 2), men_rows(IT, turn, 0, 3))])

    def king_chain(board: Board) -> bool:
        legal = board.legal_moves
        if not legal or len(legal[0].captures) < 3 or len(legal) > 2:
            return False
        if not board.piece_at(legal[0].start).king or str(legal[0]) in seen:
            return False
        seen.add(str(legal[0]))
        return plausible(board, 5)

    kings = [b for b in generated(rng, 30000, king_small) if king_chain(b)]
    out += pick(ctx, IT, ((b, None) for b in kings), 3,
                lambda b, _, i: chain_puzzle(b, 5, i, general=(
                    "La dama mangia anche all'indietro, e un pezzo già saltato resta sulla "
                    "damiera fino alla fine della presa.",
                    "A king captures backwards too, and a piece already jumped stays on the "
                    "board until the capture is over.")))
    out += pick(ctx, IT, ((b, None) for b in kings[::-1]), 2,
                lambda b, _, i: count_puzzle(b, 5, i))
    return out


def build_promotion(ctx: Context) -> list[dict]:
    rng = random.Random(404)
    out: list[dict] = []

    def promo_moves(board: Board) -> list[Move]:
        return [m for m in board.legal_moves if promotes(board, m)]

    def near(r: random.Random, turn: str, others: int) -> Board | None:
        return scatter(r, IT, turn, [
            ("w" if turn == WHITE else "b", 1, men_rows(IT, turn, 6, 6)),
            ("w" if turn == WHITE else "b", r.randint(0, 2), men_rows(IT, turn, 0, 4)),
            ("b" if turn == WHITE else "w", others, men_rows(IT, OTHER[turn], 0, 4))])

    def make_king(board: Board, level: int, i: int) -> dict | None:
        moves = promo_moves(board)
        legal = board.legal_moves
        if not moves or board.must_capture() or not plausible(board, 3):
            return None
        texts = [board.move_text(m) for m in moves]
        row = "1, 2, 3, 4" if board.turn == WHITE else "29, 30, 31, 32"
        prompts = [(f"{to_play(board)[0]} Fai dama! Quale mossa porta una pedina in fondo?",
                    f"{to_play(board)[1]} Make a king! Which move takes a man to the far row?"),
                   (f"{SIDE_CAP[board.turn][0]} vuole una dama. Con quale mossa la ottiene?",
                    f"{SIDE_CAP[board.turn][1]} wants a king. Which move gets one?")]
        many = len(moves) > 1
        starts = sorted({m.start for m in moves})
        if len(starts) == 1:
            mover_it, mover_en = piece_words(board, starts[0])
            near_it = f"Guarda {mover_it}: è a un passo dall'ultima riga."
            near_en = f"Look at {mover_en}: it is one step from the far row."
        else:
            squares = [str(x) for x in starts]
            near_it = (f"Guarda le pedine in {join(squares, 'it')}: sono a un passo "
                       "dall'ultima riga.")
            near_en = (f"Look at the men on {join(squares, 'en')}: they are one step from the "
                       "far row.")
        return puzzle(level, "move", board, prompts[i % 2], ["IT-K1", "IT-M1"],
                      solutions=texts, unique=not many, goal="promote", plies=1,
                      hints=([f"Una pedina diventa dama quando arriva nell'ultima riga, dalla "
                              f"parte dell'avversario: le caselle {row}.",
                              near_it],
                             [f"A man becomes a king when it reaches the far row, on the "
                              f"opponent's side: squares {row}.",
                              near_en]),
                      explanation=(f"Con {join(texts, 'it', True)} la pedina arriva nell'ultima "
                                   f"riga (caselle {row}) e diventa dama."
                                   + (" Tutte e due le mosse vanno bene." if many else ""),
                                   f"With {join(texts, 'en', True)} the man reaches the far row "
                                   f"(squares {row}) and becomes a king."
                                   + (" Both moves are right." if many else "")))

    for turn, level, want in ((WHITE, 1, 3), (BLACK, 2, 3)):
        boards = generated(rng, 5000, lambda r: near(r, turn, r.randint(1, 3)))
        out += pick(ctx, IT, ((b, None) for b in boards), want,
                    lambda b, _, i, lv=level: make_king(b, lv, i))

    # A capture that ends on the far row: the move stops there (IT-C7)
    def stops(board: Board) -> Move | None:
        legal = board.legal_moves
        if len(legal) != 1 or not legal[0].captures or not promotes(board, legal[0]):
            return None
        # would a king there capture again? then the stop is a real lesson
        move = legal[0]
        board.push(move)
        geo = board.variant.geometry
        king_sq = move.end
        r, c = geo.coords[king_sq]
        again = False
        for dr in (-1, 1):
            for dc in (-1, 1):
                mid = geo.by_coords.get((r + dr, c + dc))
                land = geo.by_coords.get((r + 2 * dr, c + 2 * dc))
                if mid and land and board.piece_at(land) is None and mid not in move.captures:
                    q = board.piece_at(mid)
                    if q and q.colour == board.turn:
                        again = True
        board.pop()
        return move if again else None

    def stop_small(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        return scatter(r, IT, turn, [
            ("w" if turn == WHITE else "b", 1, men_rows(IT, turn, 4, 6)),
            ("w" if turn == WHITE else "b", r.randint(0, 2), men_rows(IT, turn, 0, 3)),
            ("b" if turn == WHITE else "w", r.randint(3, 5), rows_squares(IT, range(0, 8))
             if False else men_rows(IT, OTHER[turn], 0, 6))])

    def stop_puzzle(board: Board, kind: str, level: int, i: int) -> dict | None:
        move = stops(board)
        if move is None or not plausible(board, 4):
            return None
        text = board.move_text(move)
        d_it, d_en = describe_capture(board, move)
        expl = (f"{cap(d_it)}: lì diventa dama. La mossa finisce lì, anche se la nuova dama "
                "potrebbe mangiare ancora: lo farà al prossimo turno.",
                f"{cap(d_en)}: there it becomes a king. The move ends there, even though the "
                "new king could capture again: it will on its next turn.")
        mover_it, mover_en = piece_words(board, move.start)
        stop_hint = ("Quando una pedina arriva in fondo diventa dama, e la sua mossa finisce "
                     "lì.",
                     "When a man reaches the far row it becomes a king, and its move is over.")
        if kind == "count":
            return puzzle(level, "count", board,
                          (f"{to_play(board)[0]} Deve mangiare. Quanti pezzi prende con questa "
                           "presa?",
                           f"{to_play(board)[1]} It must capture. How many pieces does it take "
                           "with this capture?"),
                          ["IT-C7", "IT-C5"], measure="captured", answer=len(move.captures),
                          hints=(["Che cosa succede quando la pedina arriva in fondo?",
                                  f"{cap(mover_it)} arriva in fondo in {move.end} e lì si "
                                  "ferma: quanti pezzi ha saltato per arrivarci?"],
                                 ["What happens when the man reaches the far row?",
                                  f"{cap(mover_en)} reaches the far row on {move.end} and stops "
                                  "there: how many pieces did it jump to get there?"]),
                          explanation=expl)
        return puzzle(level, "capture", board,
                      [(f"{to_play(board)[0]} Deve mangiare: dove si ferma la presa?",
                        f"{to_play(board)[1]} It must capture: where does the capture stop?"),
                       (f"{to_play(board)[0]} Mangia e arriva in fondo. Scrivi la presa.",
                        f"{to_play(board)[1]} It captures and reaches the far row. Write the "
                        "capture.")][i % 2],
                      ["IT-C7", "IT-K1", "IT-C1"], solutions=[text], unique=True,
                      hints=([stop_hint[0], f"Guarda {mover_it}: mangiando, dove arriva in "
                                            "fondo?"],
                             [stop_hint[1], f"Look at {mover_en}: capturing, where does it "
                                            "reach the far row?"]),
                      explanation=expl)

    stoppers = [b for b in generated(rng, 60000, stop_small) if stops(b) is not None]
    out += pick(ctx, IT, ((b, None) for b in stoppers), 4,
                lambda b, _, i: stop_puzzle(b, "capture", 3 if i < 2 else 4, i))
    out += pick(ctx, IT, ((b, None) for b in stoppers[::-1]), 2,
                lambda b, _, i: stop_puzzle(b, "count", 4, i))

    # Promote against a defence (goal "promote", proved by the solver)
    def race(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        return scatter(r, IT, turn, [
            ("w" if turn == WHITE else "b", r.randint(1, 2), men_rows(IT, turn, 4, 5)),
            ("b" if turn == WHITE else "w", r.randint(1, 3), men_rows(IT, OTHER[turn], 0, 5))])

    def race_puzzle(board: Board, _, i: int) -> dict | None:
        if board.must_capture() or not plausible(board, 2):
            return None
        if solver_accepted_moves(board, "promote", 1):
            return None
        accepted = solver_accepted_moves(board, "promote", 3)
        if len(accepted) != 1:
            return None
        move = accepted[0]
        if promotes(board, move):
            return None
        text = board.move_text(move)
        mover_it, mover_en = piece_words(board, move.start)
        return puzzle(5 if i % 3 else 4, "move", board,
                      (f"{to_play(board)[0]} Trova la mossa che porta di sicuro a fare dama alla "
                       "prossima mossa, qualunque cosa risponda l'avversario.",
                       f"{to_play(board)[1]} Find the move that surely makes a king on the next "
                       "move, whatever the opponent answers."),
                      ["IT-K1", "IT-M1", "IT-C1"], solutions=[text], goal="promote", plies=3,
                      unique=True,
                      hints=(["Guarda quali caselle controlla l'avversario. E ricorda: se "
                              "l'avversario deve mangiare, non può fermarti.",
                              f"La mossa giusta si fa con {mover_it}."],
                             ["Look at the squares the opponent controls. And remember: if the "
                              "opponent must capture, it cannot stop you.",
                              f"The right move is made with {mover_en}."]),
                      explanation=(f"Dopo {text} l'avversario non può impedire la damatura: "
                                   "alla mossa dopo una pedina arriva in fondo e diventa dama.",
                                   f"After {text} the opponent cannot stop the promotion: on "
                                   "the next move a man reaches the far row and becomes a "
                                   "king."))

    out += pick(ctx, IT, ((b, None) for b in generated(rng, 3000, race)), 3, race_puzzle)
    return out


def build_kings(ctx: Context) -> list[dict]:
    rng = random.Random(505)
    out: list[dict] = []
    seen: set = set()

    def small(r: random.Random, kings: int = 1, enemy_kings: int = 0,
              enemies: tuple[int, int] = (1, 3), friends: tuple[int, int] = (0, 2)) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        own, opp = (("W", "w"), ("B", "b")) if turn == WHITE else (("B", "b"), ("W", "w"))
        return scatter(r, IT, turn, [
            (own[0], kings, all_squares(IT)), (opp[0], enemy_kings, all_squares(IT)),
            (own[1], r.randint(*friends), men_rows(IT, turn, 0, 4)),
            (opp[1], r.randint(*enemies), men_rows(IT, OTHER[turn], 1, 5))])

    # (a) how many moves can the king make?
    def king_count(board: Board, level: int, i: int) -> dict | None:
        if board.must_capture():
            return None
        king = next((s for s, p in board.pieces().items() if p.king and p.colour == board.turn),
                    None)
        if king is None:
            return None
        targets = sorted(m.end for m in board.legal_moves if m.start == king)
        if (level == 1) != (len(targets) >= 3) or not targets:
            return None
        near = [str(x) for x in next_squares(board, king, False)]
        return puzzle(level, "count", board,
                      [(f"{to_play(board)[0]} Quante mosse può fare la dama in {king}?",
                        f"{to_play(board)[1]} How many moves can the king on {king} make?"),
                       (f"La dama in {king} può andare avanti e indietro. In quante caselle "
                        "può andare?",
                        f"The king on {king} can go forwards and backwards. To how many "
                        "squares can it go?")][i % 2],
                      ["IT-M2"], measure="moves_of", square=king, answer=len(targets),
                      hints=(["La dama va di una casella in diagonale, in avanti o "
                              "all'indietro, se la casella è libera.",
                              f"Le caselle vicine alla dama sono {join(near, 'it')}: quali sono "
                              "libere?"],
                             ["A king goes one square diagonally, forwards or backwards, if the "
                              "square is empty.",
                              f"The squares next to the king are {join(near, 'en')}: which are "
                              "empty?"]),
                      explanation=(f"La dama può andare in {join(list(map(str, targets)), 'it', True)}: "
                                   "una casella in diagonale, in avanti o all'indietro, se è "
                                   "libera.",
                                   f"The king can go to {join(list(map(str, targets)), 'en', True)}: "
                                   "one square diagonally, forwards or backwards, if it is "
                                   "empty."))

    for level, want in ((1, 2), (2, 2)):
        out += pick(ctx, IT, ((b, None) for b in generated(rng, 5000, small)), want,
                    lambda b, _, i, lv=level: king_count(b, lv, i))

    # (b) the king captures backwards
    def backwards(board: Board, level: int, i: int) -> dict | None:
        legal = board.legal_moves
        if len(legal) != 1 or len(legal[0].captures) != 1 or turned_down(board):
            return None
        move = legal[0]
        piece = board.piece_at(move.start)
        geo = board.variant.geometry
        back = (geo.coords[move.end][0] > geo.coords[move.start][0]) == (board.turn == WHITE)
        if not piece.king or not back or not plausible(board, 3):
            return None
        d_it, d_en = describe_capture(board, move)
        return puzzle(level, "capture", board, capture_prompt(board, i),
                      ["IT-C4", "IT-C1"], solutions=[board.move_text(move)], unique=True,
                      hints=(["La dama mangia anche all'indietro.",
                              f"Guarda la dama in {move.start}: c'è un pezzo dietro di lei, con "
                              "una casella libera dopo?"],
                             ["A king captures backwards too.",
                              f"Look at the king on {move.start}: is there a piece behind it, "
                              "with an empty square after it?"]),
                      explanation=(f"{cap(d_it)}: la dama mangia in tutte e quattro le "
                                   "direzioni, anche all'indietro.",
                                   f"{cap(d_en)}: a king captures in all four directions, "
                                   "backwards too."))

    for level, want in ((2, 3), (3, 2)):
        out += pick(ctx, IT, ((b, None) for b in generated(
            rng, 20000, lambda r: small(r, enemies=(1, 2) if level == 2 else (2, 4),
                                        friends=(0, 1) if level == 2 else (1, 3)))),
            want, lambda b, _, i, lv=level: backwards(b, lv, i))

    # (c) every capture of a king
    def king_all(board: Board, level: int, i: int) -> dict | None:
        legal = board.legal_moves
        if not 2 <= len(legal) <= 4 or not legal[0].captures or turned_down(board):
            return None
        if not all(board.piece_at(m.start).king for m in legal) or not plausible(board, 3):
            return None
        if (level == 3) != (len(legal) == 2) or len(legal[0].captures) != 1:
            return None
        texts = [board.move_text(m) for m in legal]
        starts = sorted({m.start for m in legal})
        if len(starts) == 1:
            second = (f"La dama in {starts[0]} può mangiare in {len(legal)} modi: trovali tutti.",
                      f"The king on {starts[0]} can capture in {len(legal)} ways: find them "
                      "all.")
        else:
            squares = [str(x) for x in starts]
            second = (f"Le prese sono {len(legal)}: guarda le dame in {join(squares, 'it')}.",
                      f"There are {len(legal)} captures: look at the kings on "
                      f"{join(squares, 'en')}.")
        return puzzle(level, "all-captures", board, capture_prompt(board, i, many=True),
                      ["IT-C4", "IT-P5"], solutions=texts,
                      hints=(["Guarda intorno alla dama, in tutte e quattro le direzioni.",
                              second[0]],
                             ["Look all around the king, in the four directions.", second[1]]),
                      explanation=(f"La dama può mangiare in {len(legal)} modi: "
                                   f"{join(texts, 'it')}. Ognuno prende un pezzo, quindi la "
                                   "scelta è libera.",
                                   f"The king can capture in {len(legal)} ways: "
                                   f"{join(texts, 'en')}. Each takes one piece, so the choice is "
                                   "free."))

    for level, want in ((3, 2), (4, 3)):
        out += pick(ctx, IT, ((b, None) for b in generated(
            rng, 30000, lambda r: small(r, enemies=(2, 4), friends=(0, 1)))),
            want, lambda b, _, i, lv=level: king_all(b, lv, i))

    # (d) a man cannot take a king, a king can (IT-C3, IT-C4)
    def king_takes_king(board: Board, _, i: int) -> dict | None:
        legal = board.legal_moves
        if len(legal) != 1 or len(legal[0].captures) != 1 or turned_down(board):
            return None
        move = legal[0]
        victim = board.piece_at(move.captures[0])
        if not board.piece_at(move.start).king or not victim.king or not plausible(board, 3):
            return None
        d_it, d_en = describe_capture(board, move)
        return puzzle(4, "capture", board, capture_prompt(board, i), ["IT-C4", "IT-C3"],
                      solutions=[board.move_text(move)], unique=True,
                      hints=(["Chi può mangiare una dama?",
                              f"Guarda la dama in {move.start}: ha vicino una dama avversaria, "
                              "con una casella libera dietro?"],
                             ["Who can capture a king?",
                              f"Look at the king on {move.start}: is there an enemy king next "
                              "to it, with an empty square behind?"]),
                      explanation=(f"{cap(d_it)}. Solo una dama può mangiare una dama: le "
                                   "pedine non possono.",
                                   f"{cap(d_en)}. Only a king can capture a king: men "
                                   "cannot."))

    out += pick(ctx, IT, ((b, None) for b in generated(
        rng, 30000, lambda r: small(r, enemy_kings=1, enemies=(1, 3), friends=(1, 3)))),
        3, king_takes_king)

    # (e) a king's chain of captures
    def king_chain(board: Board, _, i: int) -> dict | None:
        legal = board.legal_moves
        if len(legal) != 1 or not 2 <= len(legal[0].captures) <= 3 or turned_down(board):
            return None
        move = legal[0]
        if not board.piece_at(move.start).king or not plausible(board, 4) or str(move) in seen:
            return None
        geo = board.variant.geometry
        rows = [geo.coords[s][0] for s in move.path]
        turns = any((a - b) * (b - c) < 0 for a, b, c in zip(rows, rows[1:], rows[2:]))
        if not turns:
            return None
        seen.add(str(move))
        d_it, d_en = describe_capture(board, move)
        n = len(move.captures)
        return puzzle(5, "capture", board, capture_prompt(board, i), ["IT-C4", "IT-C5"],
                      solutions=[board.move_text(move)], unique=True,
                      hints=(["La dama può cambiare direzione tra un salto e l'altro.",
                              f"Guarda la dama in {move.start}: può prendere "
                              f"{pieces_n(n, 'it')}, uno dopo l'altro."],
                             ["A king may change direction between one jump and the next.",
                              f"Look at the king on {move.start}: it can take "
                              f"{pieces_n(n, 'en')}, one after the other."]),
                      explanation=(f"{cap(d_it)}. La dama salta avanti e indietro e continua "
                                   "finché può mangiare.",
                                   f"{cap(d_en)}. The king jumps forwards and backwards and goes "
                                   "on while it can capture."))

    out += pick(ctx, IT, ((b, None) for b in generated(
        rng, 40000, lambda r: small(r, enemies=(3, 5), friends=(0, 2)))), 4, king_chain)
    return out


# -- precedence (IT-P1..P5) ---------------------------------------------------------------------

def precedence_info(board: Board) -> tuple[list[Move], list[tuple[Move, str]]]:
    legal = [m for m in board.legal_moves if m.captures]
    return legal, turned_down(board) if legal else []


def kings_taken(board: Board, move: Move) -> int:
    return sum(1 for s in move.captures if board.piece_at(s).king)


def first_king(board: Board, move: Move) -> int:
    return next(i + 1 for i, s in enumerate(move.captures) if board.piece_at(s).king)


def precedence_explanation(board: Board, rule: str, legal: list[Move],
                           wrong: list[tuple[Move, str]]) -> tuple[str, str]:
    best = legal[0]
    texts = [board.move_text(m) for m in legal]
    best_it, best_en = join(texts, "it", True), join(texts, "en", True)
    loser = next(m for m, r in wrong if r == rule)
    lt = full_text(loser) if len(loser.captures) > 1 else str(loser)
    n, m = len(best.captures), len(loser.captures)
    if rule == "IT-P1":
        it = (f"{best_it} prende {pieces_n(n, 'it')}, mentre {lt} ne prenderebbe solo "
              f"{m}: si deve sempre prendere il maggior numero di pezzi (la regola della "
              "quantità).")
        en = (f"{best_en} takes {pieces_n(n, 'en')}, while {lt} would take only {m}: you must "
              f"always take the greatest number of pieces (the quantity rule).")
    elif rule == "IT-P2":
        it = (f"Sia la dama sia la pedina possono prendere {pieces_n(n, 'it')}. A parità di "
              f"pezzi si deve mangiare con la dama (la regola della dama): quindi {best_it}, "
              f"non {lt}.")
        en = (f"Both the king and the man can take {pieces_n(n, 'en')}. When the counts are "
              f"equal you must capture with the king (the king rule): so {best_en}, not {lt}.")
    elif rule == "IT-P3":
        k, k2 = kings_taken(board, best), kings_taken(board, loser)
        other_it = (f"{lt} non ne prende nessuna" if k2 == 0
                    else f"{lt} solo {pieces_n(k2, 'it', True)}")
        other_en = f"{lt} takes none" if k2 == 0 else f"{lt} only {pieces_n(k2, 'en', True)}"
        it = (f"Le prese della dama prendono {pieces_n(n, 'it')}, ma {best_it} prende "
              f"{pieces_n(k, 'it', True)}, mentre {other_it}: a parità si devono prendere più "
              "dame possibile (la regola della qualità).")
        en = (f"The king's captures take {pieces_n(n, 'en')}, but {best_en} takes "
              f"{pieces_n(k, 'en', True)}, while {other_en}: when they are equal you must take "
              "as many kings as possible (the quality rule).")
    elif rule == "IT-P4":
        j, j2 = first_king(board, best), first_king(board, loser)
        it = (f"Tutte e due le prese prendono {pieces_n(n, 'it')} e le stesse dame, ma con "
              f"{best_it} la dama cade al salto numero {j}, con {lt} solo al salto numero "
              f"{j2}: si deve incontrare prima la dama (la regola della precedenza).")
        en = (f"Both captures take {pieces_n(n, 'en')} and as many kings, but with {best_en} "
              f"the king falls at jump {j}, with {lt} only at jump {j2}: you must meet the king "
              "first (the order rule).")
        if j == j2:
            it = (f"Tutte e due le prese prendono {pieces_n(n, 'it')} e le stesse dame, e la "
                  f"prima dama cade allo stesso salto; ma {best_it} incontra prima la dama "
                  "seguente: vince la presa che incontra prima le dame (la regola della "
                  "precedenza).")
            en = (f"Both captures take {pieces_n(n, 'en')} and as many kings, and the first "
                  f"king falls at the same jump; but {best_en} meets the next king earlier: the "
                  "capture that meets the kings first wins (the order rule).")
    else:
        raise ValueError(rule)
    return it, en


PRECEDENCE_HINTS = {
    "IT-P1": (["Conta quanti pezzi prende ogni presa.",
               "Vince la presa che prende più pezzi."],
              ["Count how many pieces each capture takes.",
               "The capture that takes the most pieces wins."]),
    "IT-P2": (["Può mangiare anche una dama?",
               "A parità di pezzi presi, chi deve mangiare: la pedina o la dama?"],
              ["Can a king capture too?",
               "When the counts are equal, who must capture: the man or the king?"]),
    "IT-P3": (["Le prese prendono lo stesso numero di pezzi: guarda quante dame prendono.",
               "Vince la presa con più dame."],
              ["The captures take as many pieces: look at how many kings they take.",
               "The capture with more kings wins."]),
    "IT-P4": (["Le prese sono pari per pezzi e per dame: a quale salto si prende la dama?",
               "Vince la presa che incontra prima la dama."],
              ["The captures are equal in pieces and in kings: at which jump is the king taken?",
               "The capture that meets the king first wins."]),
}


ORDINAL = {1: ("prima", "first"), 2: ("seconda", "second"), 3: ("terza", "third"),
           4: ("quarta", "fourth")}


def king_jumps(board: Board, move: Move) -> list[int]:
    """The jumps (1, 2, ...) at which ``move`` takes a king."""
    return [i + 1 for i, s in enumerate(move.captures) if board.piece_at(s).king]


def precedence_hint(board: Board, rule: str, legal: list[Move],
                    wrong: list[tuple[Move, str]]) -> tuple[str, str]:
    """The second hint of a precedence puzzle: about this position, from the legal captures
    and the one that ``rule`` turns down."""
    best = legal[0]
    loser = next(m for m, r in wrong if r == rule)
    n = len(best.captures)
    mover_it, mover_en = movers_words(board, legal)
    if rule == "IT-P1":
        return (f"Guarda {mover_it}: la presa giusta prende {pieces_n(n, 'it')}.",
                f"Look at {mover_en}: the right capture takes {pieces_n(n, 'en')}.")
    if rule == "IT-P2":
        king_it, king_en = piece_words(board, best.start)
        man_it, man_en = piece_words(board, loser.start)
        return (f"{cap(king_it)} e {man_it} possono prendere {pieces_n(n, 'it')} ciascuna: "
                "chi deve mangiare?",
                f"{cap(king_en)} and {man_en} can take {pieces_n(n, 'en')} each: which one "
                "must capture?")
    if rule == "IT-P3":
        k = kings_taken(board, best)
        return (f"Guarda {mover_it}: la presa giusta prende {pieces_n(k, 'it', True)}.",
                f"Look at {mover_en}: the right capture takes {pieces_n(k, 'en', True)}.")
    if rule == "IT-P4":
        mine, theirs = king_jumps(board, best), king_jumps(board, loser)
        which = next(i for i, (a, b) in enumerate(zip(mine, theirs), 1) if a != b)
        if len(mine) == 1:
            king_it, king_en = "la dama avversaria", "the enemy king"
        else:
            king_it = f"la {ORDINAL[which][0]} dama avversaria"
            king_en = f"the {ORDINAL[which][1]} enemy king"
        return (f"Guarda {mover_it}: con la presa giusta, {king_it} cade al salto numero "
                f"{mine[which - 1]}.",
                f"Look at {mover_en}: with the right capture, {king_en} falls at jump "
                f"{mine[which - 1]}.")
    raise ValueError(rule)


def precedence_puzzle(board: Board, rule: str, level: int, i: int) -> dict:
    legal, wrong = precedence_info(board)
    texts = [board.move_text(m) for m in legal]
    rules = [rule] + sorted({r for _, r in wrong if r != rule}) + ["IT-C1"]
    p_it, p_en = to_play(board)
    prompts = [(f"{p_it} Ci sono più prese possibili: quale è obbligatoria?",
                f"{p_en} Several captures are possible: which one is compulsory?"),
               (f"{p_it} Deve mangiare, ma come? Scegli la presa giusta.",
                f"{p_en} It must capture, but how? Choose the right capture."),
               (f"{p_it} Attenzione alle regole della presa: quale presa deve fare?",
                f"{p_en} Mind the capture rules: which capture must it make?")]
    it, en = precedence_explanation(board, rule, legal, wrong)
    if len(legal) > 1:
        it += f" Vanno bene tutte e due, {join(texts, 'it')}: tra loro la scelta è libera."
        en += f" Both are right, {join(texts, 'en')}: between them the choice is free."
        rules.insert(-1, "IT-P5")
    general = PRECEDENCE_HINTS[rule]
    second = precedence_hint(board, rule, legal, wrong)
    hints = ([general[0][0], second[0]], [general[1][0], second[1]])
    return puzzle(level, "capture", board, prompts[i % 3], rules, solutions=texts,
                  unique=len(legal) == 1, hints=hints, explanation=(it, en))


def precedence_candidates(ctx: Context, rule: str, seed: int,
                          make: Callable[[random.Random], Board | None], attempts: int,
                          games: bool) -> list[tuple[Board, int]]:
    """Positions where ``rule`` turns down at least one capture, with a difficulty 1-5."""
    rng = random.Random(seed)
    found: list[tuple[Board, int]] = []
    seen: set = set()

    def consider(board: Board, natural: bool) -> None:
        legal, wrong = precedence_info(board)
        if not wrong or rule not in {r for _, r in wrong} or len(legal) > 2:
            return
        mat = material(board)
        kings = mat[WHITE][1] + mat[BLACK][1]
        if kings > {"IT-P1": 1, "IT-P2": 2, "IT-P3": 4, "IT-P4": 4}[rule]:
            return
        if not plausible(board, 2 if natural else 3):
            return
        key = tuple(sorted(str(m) for m in legal))
        if key in seen:
            return
        seen.add(key)
        raw = len(legal) + len(wrong)
        longest = max(len(m.captures) for m, _ in wrong + [(legal[0], "")])
        pieces = n_pieces(board)
        score = (raw >= 3) + (longest >= 3) + (pieces >= 12) + (len({r for _, r in wrong}) > 1)
        found.append((board, score))

    if games:
        for board in game_boards(ctx, IT, seed):
            if board.must_capture():
                consider(board, True)
    for board in generated(rng, attempts, make):
        if len(found) >= 80:
            break
        if board.must_capture():
            consider(board, False)
    return found


def pick_by_level(ctx: Context, variant: str, candidates: list[tuple[Board, int]],
                  quotas: dict[int, int], score_to_level: Callable[[int], int],
                  make: Callable[[Board, int, int], dict | None]) -> list[dict]:
    """Fill each level's quota from candidates of that level, then from any level left."""
    out: list[dict] = []
    by_level: dict[int, list[Board]] = {lv: [] for lv in quotas}
    for board, score in candidates:
        lv = score_to_level(score)
        by_level.setdefault(lv, []).append(board)
    spare: list[tuple[int, Board]] = []
    for lv in sorted(quotas):
        got = 0
        for board in by_level.get(lv, []):
            if got >= quotas[lv]:
                spare.append((lv, board))
                continue
            if not ctx.free(variant, board.fen()):
                continue
            made = make(board, lv, len(out))
            if made is None:
                continue
            ctx.take(variant, board.fen())
            out.append(made)
            got += 1
        quotas = {**quotas, lv: quotas[lv] - got}
    missing = sum(v for v in quotas.values() if v > 0)
    for lv, board in spare:
        if missing <= 0:
            break
        if not ctx.free(variant, board.fen()):
            continue
        made = make(board, lv, len(out))
        if made is not None:
            ctx.take(variant, board.fen())
            out.append(made)
            missing -= 1
    if missing > 0:
        raise RuntimeError(f"{missing} puzzles missing")
    return out


def it_mixed(r: random.Random, wk: tuple[int, int], bk: tuple[int, int],
             wm: tuple[int, int], bm: tuple[int, int]) -> Board | None:
    turn = r.choice((WHITE, BLACK))
    if turn == BLACK:
        wk, bk, wm, bm = bk, wk, bm, wm
    return scatter(r, IT, turn, [
        ("W", r.randint(*wk), all_squares(IT)), ("B", r.randint(*bk), all_squares(IT)),
        ("w", r.randint(*wm), men_rows(IT, WHITE, 0, 5)),
        ("b", r.randint(*bm), men_rows(IT, BLACK, 0, 5))])


def king_cluster(r: random.Random) -> Board | None:
    """A king with enemy pieces (one or two of them kings) gathered around it."""
    turn = r.choice((WHITE, BLACK))
    geo = get_variant(IT).geometry
    king = r.choice(rows_squares(IT, range(1, 7)))
    kr, kc = geo.coords[king]
    near = [s for s in all_squares(IT) if s != king
            and max(abs(geo.coords[s][0] - kr), abs(geo.coords[s][1] - kc)) <= 3]
    own, opp = ("W", "w"), ("B", "b")
    if turn == BLACK:
        own, opp = opp, own
    enemy_men = [s for s in near if s in men_rows(IT, OTHER[turn], 0, 6)]
    return scatter(r, IT, turn, [
        (own[0], 1, [king]), (opp[0], r.randint(1, 2), near),
        (opp[1], r.randint(2, 4), enemy_men),
        (own[1], r.randint(2, 4), men_rows(IT, turn, 0, 3))])


def build_precedence(rule: str) -> Callable[[Context], list[dict]]:
    def build(ctx: Context) -> list[dict]:
        if rule == "IT-P1":
            cands = precedence_candidates(
                ctx, rule, 601, lambda r: it_mixed(r, (0, 1), (0, 1), (2, 4), (3, 6)), 20000,
                True)
            quotas, to_level = {2: 5, 3: 6, 4: 6, 5: 3}, lambda s: min(5, 2 + s)
        elif rule == "IT-P2":
            cands = precedence_candidates(
                ctx, rule, 602, lambda r: it_mixed(r, (1, 1), (0, 1), (1, 3), (2, 5)), 20000,
                True)
            quotas, to_level = {2: 5, 3: 6, 4: 6, 5: 3}, lambda s: min(5, 2 + s)
        elif rule == "IT-P3":
            cands = precedence_candidates(
                ctx, rule, 603, lambda r: it_mixed(r, (1, 2), (1, 3), (0, 3), (1, 4)), 40000,
                True)
            quotas, to_level = {3: 6, 4: 6, 5: 3}, lambda s: min(5, 3 + s)
        else:
            cands = precedence_candidates(ctx, rule, 604, king_cluster, 100000, False)
            quotas, to_level = {4: 9, 5: 6}, lambda s: 4 if s <= 1 else 5
        return pick_by_level(ctx, IT, cands, quotas, to_level,
                             lambda b, lv, i: precedence_puzzle(b, rule, lv, i))
    return build


def build_free_choice(ctx: Context) -> list[dict]:
    rng = random.Random(606)
    out: list[dict] = []

    def free(board: Board, level: int, i: int) -> dict | None:
        legal, wrong = precedence_info(board)
        if not 2 <= len(legal) <= 3 or not plausible(board, 3):
            return None
        if level >= 4 and not wrong:
            return None
        if level == 3 and (wrong or not any(board.piece_at(m.start).king for m in legal)):
            return None
        texts = [board.move_text(m) for m in legal]
        n = len(legal[0].captures)
        k = kings_taken(board, legal[0])
        rules = ["IT-P5"] + sorted({r for _, r in wrong})
        # Every legal capture is made by a king, or every one by a man (the king rule).
        king = board.piece_at(legal[0].start).king
        all_it, all_en = (("tutte e due", "both") if len(legal) == 2 else
                          ("tutte e tre", "all three"))
        none_it, none_en = (("nessuna delle due", "neither") if len(legal) == 2 else
                            ("nessuna delle tre", "none of them"))
        taken_it = "un pezzo solo" if n == 1 else f"{n} pezzi"
        taken_en = "a single piece" if n == 1 else f"{n} pieces"
        why_it = [f"{cap(all_it)} mangiano {taken_it}, e in {all_it} a mangiare è "
                  f"{'una dama' if king else 'una pedina'}."]
        why_en = [f"{cap(all_en)} take {taken_en}, and in {all_en} it is "
                  f"{'a king' if king else 'a man'} that captures."]
        if k == 0:
            why_it.append(f"{cap(none_it)} prende una dama.")
            why_en.append(f"{cap(none_en)} {'takes' if len(legal) == 2 else 'take'} a king.")
        elif k == 1:
            why_it.append("Ognuna prende una dama, e allo stesso salto.")
            why_en.append("Each takes one king, at the same jump.")
        else:
            why_it.append(f"Ognuna prende {k} dame, e agli stessi salti.")
            why_en.append(f"Each takes {k} kings, at the same jumps.")
        extra_it = extra_en = ""
        if wrong:
            w = wrong[0]
            name_it, name_en = rule_words(w[1])
            extra_it = f" Altre prese, come {full_text(w[0])}, non sono permesse ({name_it})."
            extra_en = f" Other captures, such as {full_text(w[0])}, are not allowed ({name_en})."
        return puzzle(level, "all-captures", board,
                      [(f"{to_play(board)[0]} Quali prese sono permesse? Trovale tutte.",
                        f"{to_play(board)[1]} Which captures are allowed? Find them all."),
                       (f"{to_play(board)[0]} Deve mangiare. Scrivi tutte le prese che "
                        "rispettano le regole.",
                        f"{to_play(board)[1]} It must capture. Write every capture that "
                        "follows the rules.")][i % 2],
                      rules, solutions=texts,
                      hints=(["Applica le regole della presa una dopo l'altra: quanti pezzi, "
                              "con quale pezzo, quante dame, quale dama prima. Quello che resta "
                              "pari si sceglie liberamente.",
                              f"Le prese permesse sono {len(legal)}, e ognuna prende "
                              f"{pieces_n(n, 'it')}."],
                             ["Apply the capture rules one after the other: how many pieces, "
                              "with which piece, how many kings, which king first. What is still "
                              "equal is yours to choose.",
                              f"There are {len(legal)} allowed captures, and each takes "
                              f"{pieces_n(n, 'en')}."]),
                      explanation=(f"Le prese {join(texts, 'it')} sono pari per ogni regola. "
                                   f"{' '.join(why_it)} Quindi la scelta è libera." + extra_it,
                                   f"The captures {join(texts, 'en')} are equal by every rule. "
                                   f"{' '.join(why_en)} So the choice is free." + extra_en))

    boards = list(generated(rng, 30000,
                            lambda r: it_mixed(r, (1, 2), (0, 2), (0, 3), (2, 5))))
    out += pick(ctx, IT, ((b, None) for b in boards if b.must_capture()), 2,
                lambda b, _, i: free(b, 3, i))
    out += pick(ctx, IT, ((b, None) for b in boards if b.must_capture()), 2,
                lambda b, _, i: free(b, 4, i))
    out += pick(ctx, IT, ((b, None) for b in boards[::-1] if b.must_capture()
                          and len(precedence_info(b)[1]) >= 2), 1,
                lambda b, _, i: free(b, 5, i))
    return out


# -- end of the game, endgames ------------------------------------------------------------------

def goal_puzzle(board: Board, goal: str, plies: int, level: int, prompt: tuple[str, str],
                rules: list[str], explanation: tuple[str, str], hints=None) -> dict | None:
    """A move puzzle whose accepted first moves are exactly those the solver proves."""
    accepted = solver_accepted_moves(board, goal, plies)
    legal = board.legal_moves
    # A choice to make: several legal moves, and not all of them reach the goal.
    if not accepted or len(legal) < 2 or len(accepted) >= len(legal):
        return None
    texts = [board.move_text(m) for m in accepted]
    return puzzle(level, "move", board, prompt, rules, solutions=texts, goal=goal, plies=plies,
                  unique=len(texts) == 1, hints=hints, explanation=explanation)


def first_move_hint(board: Board, move: Move) -> tuple[str, str]:
    """A hint naming the piece of the right first move, and what the opponent is left with."""
    mover_it, mover_en = piece_words(board, move.start)
    other_it, other_en = SIDE[OTHER[board.turn]]
    after = board.copy()
    after.push(move)
    replies = after.legal_moves
    if replies and replies[0].captures:
        then_it = f"Dopo, {other_it} è obbligato a mangiare."
        then_en = f"Afterwards {other_en} is forced to capture."
    elif len(replies) == 1:
        then_it = f"Dopo, {other_it} ha una mossa sola."
        then_en = f"Afterwards {other_en} has a single move."
    else:
        then_it = f"Poi pensa a che cosa può rispondere {other_it}."
        then_en = f"Then think about what {other_en} can answer."
    return (f"La prima mossa si fa con {mover_it}. {then_it}",
            f"The first move is made with {mover_en}. {then_en}")


def shortest(board: Board, goal: str, limit: int) -> int | None:
    """The fewest plies (odd) in which the side to move reaches ``goal``, up to ``limit``."""
    for plies in range(1, limit + 1, 2):
        if solver_accepted_moves(board, goal, plies):
            return plies
    return None


def build_end(ctx: Context) -> list[dict]:
    rng = random.Random(707)
    out: list[dict] = []

    def small(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        own, opp = (("W", "w"), ("B", "b")) if turn == WHITE else (("B", "b"), ("W", "w"))
        return scatter(r, IT, turn, [
            (own[0], r.randint(0, 2), all_squares(IT)),
            (own[1], r.randint(1, 3), men_rows(IT, turn, 0, 6)),
            (opp[1], r.randint(1, 3), men_rows(IT, OTHER[turn], 0, 6)),
            (opp[0], r.randint(0, 1), all_squares(IT))])

    def end_puzzle(board: Board, data: tuple[str, int, int], i: int) -> dict | None:
        goal, plies, level = data
        if not plausible(board, 4) or shortest(board, goal, plies) != plies:
            return None
        if goal == "win" and solver_accepted_moves(board, "block", plies):
            kind_it, kind_en = "bloccandolo o mangiando tutto", "by blocking it or taking all"
        else:
            kind_it = kind_en = ""
        accepted = solver_accepted_moves(board, goal, plies)
        if len(accepted) > 2:
            return None
        other = SIDE[OTHER[board.turn]]
        p_it, p_en = to_play(board)
        mover_it, mover_en = piece_words(board, accepted[0].start)
        if goal == "block" and plies == 1:
            prompt = [(f"{p_it} Trova la mossa che blocca {other[0]}: dopo, non potrà più "
                       "muovere nessun pezzo.",
                       f"{p_en} Find the move that blocks {other[1]}: afterwards it cannot move "
                       "any piece."),
                      (f"{p_it} Con una mossa puoi lasciare {other[0]} senza mosse. Quale?",
                       f"{p_en} With one move you can leave {other[1]} without a move. Which?")][i % 2]
            expl = ("Dopo questa mossa l'avversario ha ancora dei pezzi ma non può muoverli: chi "
                    "non può muovere perde.",
                    "After this move the opponent still has pieces but cannot move them: a "
                    "player who cannot move loses.")
            hints = (["Guarda le caselle dove potrebbero andare i pezzi avversari.",
                      f"Prova con {mover_it}: dove può andare per lasciare {other[0]} senza "
                      "mosse?"],
                     ["Look at the squares the enemy pieces could go to.",
                      f"Try {mover_en}: where can it go to leave {other[1]} without a move?"])
        elif plies == 1:
            prompt = [(f"{p_it} Vinci con una mossa!", f"{p_en} Win in one move!"),
                      (f"{p_it} Una mossa sola e la partita è finita: trovala.",
                       f"{p_en} A single move and the game is over: find it.")][i % 2]
            after = board.copy()
            after.push(accepted[0])
            text = board.move_text(accepted[0])
            if n_pieces(after, OTHER[board.turn]):
                expl = (f"Dopo {text} {other[0]} ha ancora dei pezzi, ma non può muoverne "
                        "nessuno: chi non può muovere perde.",
                        f"After {text} {other[1]} still has pieces, but cannot move any of "
                        "them: a player who cannot move loses.")
                second = (f"Guarda {mover_it}: dove può andare per lasciare {other[0]} senza "
                          "mosse?",
                          f"Look at {mover_en}: where can it go to leave {other[1]} without a "
                          "move?")
            else:
                last_it, last_en = (("l'ultimo pezzo", "last piece")
                                    if len(accepted[0].captures) == 1 else
                                    ("gli ultimi pezzi", "last pieces"))
                expl = (f"Con {text} si mangia{'no' if len(accepted[0].captures) > 1 else ''} "
                        f"{last_it} {OF_SIDE[OTHER[board.turn]]}: chi resta senza pezzi perde.",
                        f"{text} takes {other[1]}'s {last_en}: a player left without pieces "
                        "loses.")
                second = (f"Guarda {mover_it}: può mangiare tutti i pezzi che restano "
                          f"{OF_SIDE[OTHER[board.turn]]}?",
                          f"Look at {mover_en}: can it take all the pieces {other[1]} has "
                          "left?")
            hints = (["Si vince quando l'avversario resta senza pezzi, oppure non può più "
                      "muovere.", second[0]],
                     ["You win when the opponent has no pieces left, or cannot move any more.",
                      second[1]])
        else:
            prompt = (f"{p_it} Vinci in {plies // 2 + 1} mosse, qualunque cosa risponda "
                      f"{other[0]}.",
                      f"{p_en} Win in {plies // 2 + 1} moves, whatever {other[1]} answers.")
            expl = (f"Con questa mossa {other[0]} non ha scampo: entro {plies // 2 + 1} mosse "
                    "resta senza pezzi o senza mosse, e perde.",
                    f"With this move {other[1]} has no way out: within {plies // 2 + 1} moves "
                    "it has no pieces or no moves left, and loses.")
            first = first_move_hint(board, accepted[0])
            hints = (["Chi resta senza pezzi o senza mosse perde: cerca una mossa dopo la quale "
                      "ogni risposta dell'avversario va male.", first[0]],
                     ["Whoever has no pieces or no moves left loses: look for a move after "
                      "which every answer of the opponent goes wrong.", first[1]])
        return goal_puzzle(board, goal, plies, level, prompt, ["IT-E1"], expl, hints)

    boards = list(generated(rng, 20000, small))
    for goal, plies, level, want in (("win", 1, 1, 3), ("win", 1, 2, 2), ("block", 1, 2, 3),
                                     ("block", 1, 3, 3), ("win", 3, 4, 4)):
        src = boards if level != 2 else boards[::-1]
        out += pick(ctx, IT, ((b, (goal, plies, level)) for b in src
                              if (n_pieces(b) <= 4) == (level == 1)), want, end_puzzle)
    return out


def build_endgames(ctx: Context) -> list[dict]:
    rng = random.Random(808)
    out: list[dict] = []

    def small(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        own, opp = (("W", "w"), ("B", "b")) if turn == WHITE else (("B", "b"), ("W", "w"))
        return scatter(r, IT, turn, [
            (own[0], r.randint(0, 2), all_squares(IT)),
            (own[1], r.randint(0, 2), men_rows(IT, turn, 1, 6)),
            (opp[0], r.randint(0, 1), all_squares(IT)),
            (opp[1], r.randint(1, 2), men_rows(IT, OTHER[turn], 1, 6))])

    def endgame(board: Board, data: tuple[str, int, int], i: int) -> dict | None:
        goal, plies, level = data
        if board.must_capture() or not plausible(board, 3) or not 3 <= n_pieces(board) <= 6:
            return None
        if len(board.legal_moves) < 3:
            return None
        if shortest(board, goal, plies) != plies:
            return None
        if goal == "promote" and solver_accepted_moves(board, "win", plies):
            return None
        accepted = solver_accepted_moves(board, goal, plies)
        if len(accepted) > 2:
            return None
        moves = plies // 2 + 1
        other = SIDE[OTHER[board.turn]]
        p_it, p_en = to_play(board)
        first_it, first_en = first_move_hint(board, accepted[0])
        if goal == "win":
            prompt = [(f"{p_it} Vince in {moves} mosse: come comincia?",
                       f"{p_en} It wins in {moves} moves: how does it start?"),
                      (f"{p_it} Trova la prima mossa della vittoria (al massimo {moves} mosse).",
                       f"{p_en} Find the first move of the win (at most {moves} moves).")][i % 2]
            expl = (f"Questa mossa vince qualunque difesa scelga {other[0]}: entro {moves} "
                    "mosse non avrà più pezzi o mosse.",
                    f"This move wins whatever defence {other[1]} chooses: within {moves} moves "
                    "it will have no pieces or moves left.")
            rules = ["IT-E1"]
            hints = (["Pensa anche alle risposte dell'avversario: dopo la mossa giusta, vanno "
                      "tutte male.", first_it],
                     ["Think of the opponent's answers too: after the right move, all of them "
                      "go wrong.", first_en])
        elif goal == "block":
            prompt = (f"{p_it} Blocca {other[0]} in {moves} mosse: dopo, i suoi pezzi non "
                      "potranno più muovere.",
                      f"{p_en} Block {other[1]} in {moves} moves: afterwards its pieces cannot "
                      "move any more.")
            expl = (f"Con questa mossa, entro {moves} mosse {other[0]} resta con i pezzi "
                    "bloccati e perde.",
                    f"With this move, within {moves} moves {other[1]} is left with blocked "
                    "pieces and loses.")
            rules = ["IT-E1"]
            hints = (["Un pezzo è bloccato quando le caselle dove potrebbe andare sono "
                      "occupate.", first_it],
                     ["A piece is blocked when the squares it could go to are taken.",
                      first_en])
        else:
            prompt = (f"{p_it} Fai dama in {moves} mosse, qualunque cosa faccia {other[0]}.",
                      f"{p_en} Make a king in {moves} moves, whatever {other[1]} does.")
            expl = (f"Con questa mossa nessuna difesa {OF_SIDE[OTHER[board.turn]]} impedisce "
                    f"che una pedina arrivi in fondo entro {moves} mosse e diventi dama.",
                    f"After this move no defence by {other[1]} stops a man from reaching the far "
                    f"row within {moves} moves and becoming a king.")
            rules = ["IT-K1", "IT-M1"]
            hints = (["Conta le mosse che servono a te e quelle che servono all'avversario, e "
                      "scegli la strada che l'avversario non può chiudere.", first_it],
                     ["Count the moves you need and the moves the opponent needs, and choose "
                      "the path the opponent cannot close.", first_en])
        return goal_puzzle(board, goal, plies, level, prompt, rules, expl, hints)

    boards = list(generated(rng, 2500, small))
    for goal, plies, level, want in (("promote", 3, 2, 2), ("promote", 5, 3, 2),
                                     ("win", 3, 3, 2), ("block", 3, 3, 2),
                                     ("win", 5, 4, 3), ("block", 5, 4, 1),
                                     ("win", 7, 5, 3)):
        out += pick(ctx, IT, ((b, (goal, plies, level)) for b in boards), want, endgame)
    return out


# -- the 40-move count (IT-D2) ------------------------------------------------------------------

def build_forty(ctx: Context) -> list[dict]:
    rng = random.Random(909)
    out: list[dict] = []

    def start(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, WHITE, BLACK))
        own, opp = ("W", "w"), ("B", "b")
        if turn == BLACK:
            own, opp = opp, own
        return scatter(r, IT, turn, [
            (own[0], r.randint(1, 2), all_squares(IT)), (opp[0], r.randint(1, 2), all_squares(IT)),
            (own[1], r.randint(0, 1), men_rows(IT, turn, 0, 2)),
            (opp[1], r.randint(0, 1), men_rows(IT, OTHER[turn], 0, 2))])

    def walk(board: Board, r: random.Random, plies: int, resets: int) -> list[str] | None:
        """A plausible sequence: mostly king moves, ``resets`` man moves or captures."""
        b = board.copy()
        b.call_count()
        texts: list[str] = []
        made = 0
        for ply in range(plies):
            legal = b.legal_moves
            if not legal or b.outcome() is not None or legal[0].captures:
                return None
            safe = []
            for m in legal:  # moves that leave nothing to capture: a sensible game
                b.push(m)
                if not b.must_capture():
                    safe.append(m)
                b.pop()
            king_moves = [m for m in safe if b.piece_at(m.start).king]
            men_moves = [m for m in safe if not b.piece_at(m.start).king]
            want_reset = made < resets and ply >= 1 and r.random() < 0.45
            if men_moves and (want_reset or not king_moves):
                move = r.choice(men_moves)
                made += 1
            elif king_moves:
                move = r.choice(king_moves)
            else:
                return None
            texts.append(b.move_text(move))
            b.push(move)
        if made != resets or b.outcome() is not None:
            return None
        return texts

    def forty(board: Board, data: tuple[int, int, int], i: int) -> dict | None:
        level, plies, resets = data
        if board.must_capture() or not plausible(board, 3):
            return None
        texts = walk(board, rng, plies, resets)
        if texts is None:
            return None
        b = board.copy()
        b.call_count()
        counted: list[str] = []
        reset_at: list[str] = []
        for text in texts:
            mover = b.turn
            move = b.parse_move(text)
            king = b.piece_at(move.start).king
            b.push(move)
            if move.captures or not king:
                reset_at.append(text)
                counted = []
            elif mover == board.turn:
                counted.append(text)
        answer = b.count
        if answer != len(counted):
            raise AssertionError("count mismatch")
        side = SIDE_CAP[board.turn]
        seq = ", ".join(texts)
        # The board shows the position after these moves: the prompt tells them as done.
        prompt = [(f"{side[0]} ha chiamato le mosse, poi si è giocato: {seq} (la damiera mostra "
                   "la posizione dopo). A che numero è arrivato il conteggio?",
                   f"{side[1]} called the count, then these moves were played: {seq} (the "
                   "board shows the position after them). What number has the count reached?"),
                  (f"Toccava {TO_SIDE[board.turn]}, che ha chiamato le mosse (si contano le "
                   f"sue). Poi si è giocato: {seq} (la damiera mostra la posizione dopo). "
                   "Quante mosse ha contato?",
                   f"{side[1]} was to move and called the count (its own moves are counted). "
                   f"Then these moves were played: {seq} (the board shows the position after "
                   "them). How many moves has it counted?")][i % 2]
        if reset_at:
            last = reset_at[-1]
            why_it = f"La mossa {last} è di una pedina: riporta il conteggio a zero. "
            why_en = f"The move {last} is a man's move: it sets the count back to zero. "
        else:
            why_it = why_en = ""
        if counted:
            c_it = f"Dopo, contano solo {join(counted, 'it')}" if reset_at else \
                f"Contano solo le mosse di chi ha chiamato, {join(counted, 'it')}"
            c_en = f"After it, only {join(counted, 'en')} count" if reset_at else \
                f"Only the claimant's moves count, {join(counted, 'en')}"
        else:
            c_it = "Dopo non c'è nessuna mossa da contare"
            c_en = "After it there is no move to count"
        if reset_at:
            second = (f"Guarda la mossa {reset_at[-1]}: è una mossa di pedina, e da lì il "
                      "conteggio riparte da zero.",
                      f"Look at the move {reset_at[-1]}: it is a man's move, and from there the "
                      "count starts again from zero.")
        else:
            second = (f"Le mosse {OF_SIDE[board.turn]} sono una sì e una no: la prima è "
                      f"{texts[0]}.",
                      f"{side[1]}'s moves are every other one: the first is {texts[0]}.")
        hints = (["Si contano solo le mosse di chi ha chiamato, fatte con una dama senza "
                  "mangiare. Una mossa di pedina o una presa, di chiunque, fa ripartire il "
                  "conteggio da zero.", second[0]],
                 ["Only the claimant's moves count, made with a king without capturing. A man "
                  "move or a capture, by either player, starts the count again from zero.",
                  second[1]])
        return puzzle(level, "count", board, prompt, ["IT-D2"], moves=texts,
                      measure="forty_count", answer=answer, hints=hints,
                      explanation=(f"{why_it}{c_it}: il conteggio è a {answer}.",
                                   f"{why_en}{c_en}: the count is at {answer}."))

    boards = list(generated(rng, 3000, start))
    for level, plies, resets, want in ((1, 3, 0, 2), (1, 4, 0, 1), (2, 6, 0, 3), (3, 6, 1, 3),
                                       (4, 8, 1, 3), (5, 10, 2, 3)):
        out += pick(ctx, IT, ((b, (level, plies, resets)) for b in boards), want, forty)
    return out


# -- notation (IT-N, IT-B2) ---------------------------------------------------------------------

def build_notation(ctx: Context) -> list[dict]:
    rng = random.Random(1010)
    out: list[dict] = []

    def quiet(board: Board, level: int, i: int) -> dict | None:
        if board.must_capture():
            return None
        moves = [m for m in board.legal_moves if not board.piece_at(m.start).king]
        if not moves:
            return None
        move = moves[i % len(moves)]
        a, b_ = move.start, move.end
        options = [f"{a}-{b_}", f"{a}x{b_}", f"{b_}-{a}"]
        order = [(0, 1, 2), (2, 0, 1), (1, 2, 0)][i % 3]
        fb_it = ["Prima la casella di partenza, poi un trattino, poi la casella di arrivo.",
                 "La x si usa solo quando si mangia.",
                 "Si scrive prima la casella di partenza, poi quella di arrivo."]
        fb_en = ["First the starting square, then a dash, then the arrival square.",
                 "The x is used only for captures.",
                 "The starting square comes first, then the arrival square."]
        hints = (["Una mossa si scrive con due numeri: da dove parte la pedina e dove arriva.",
                  f"La pedina parte dalla {a}: quale numero si scrive per primo?"],
                 ["A move is written with two numbers: where the man starts and where it "
                  "lands.",
                  f"The man starts on {a}: which number is written first?"])
        return puzzle(level, "choice", board,
                      (f"{to_play(board)[0]} La pedina in {a} va in {b_}. Come si scrive questa "
                       "mossa?",
                       f"{to_play(board)[1]} The man on {a} goes to {b_}. How is this move "
                       "written?"),
                      ["IT-N"], options=([options[k] for k in order], [options[k] for k in order]),
                      answer=order.index(0), hints=hints,
                      feedback=([fb_it[k] for k in order], [fb_en[k] for k in order]))

    def capture(board: Board, level: int, i: int) -> dict | None:
        legal = board.legal_moves
        if len(legal) != 1 or len(legal[0].captures) != 1:
            return None
        move = legal[0]
        a, c, e = move.start, move.captures[0], move.end
        options = [f"{a}x{e}", f"{a}-{e}", f"{a}x{c}", f"{e}x{a}"]
        order = [(1, 0, 2, 3), (2, 3, 0, 1), (0, 2, 1, 3)][i % 3]
        fb_it = ["Partenza, x, arrivo: la x dice che si mangia.",
                 "Il trattino è per le mosse senza presa: qui si mangia, quindi ci vuole la x.",
                 f"In {c} c'è il pezzo mangiato: si scrive invece dove arriva la pedina.",
                 "Prima si scrive la casella di partenza."]
        fb_en = ["Start, x, arrival: the x says there is a capture.",
                 "The dash is for moves without a capture: here there is a capture, so it takes "
                 "an x.",
                 f"{c} holds the captured piece: you write where the man lands instead.",
                 "The starting square is written first."]
        hints = (["Quando si mangia, tra la casella di partenza e quella di arrivo si scrive "
                  "una x.",
                  f"Dopo aver saltato il pezzo in {c}, in quale casella arriva la pedina?"],
                 ["When there is a capture, an x is written between the starting square and "
                  "the arrival square.",
                  f"After jumping the piece on {c}, on which square does the man land?"])
        return puzzle(level, "choice", board,
                      (f"{to_play(board)[0]} La pedina in {a} mangia il pezzo in {c}. Come si "
                       "scrive la presa?",
                       f"{to_play(board)[1]} The man on {a} takes the piece on {c}. How is the "
                       "capture written?"),
                      ["IT-N", "IT-C2"], options=([options[k] for k in order],
                                                  [options[k] for k in order]),
                      answer=order.index(0), hints=hints,
                      feedback=([fb_it[k] for k in order], [fb_en[k] for k in order]))

    def square(board: Board, level: int, i: int) -> dict | None:
        kings = [s for s, p in board.pieces().items() if p.king]
        if len(kings) != 1 or board.must_capture():
            return None
        s = kings[0]
        geo = board.variant.geometry
        r, c = geo.coords[s]
        mirror = geo.by_coords.get((7 - r, 7 - c))
        near = [x for x in (s - 4, s + 4, s - 1, s + 1) if 1 <= x <= 32 and x != mirror][:2]
        if mirror is None or len(near) < 2 or mirror == s:
            return None
        options = [str(s), str(mirror), str(near[0]), str(near[1])]
        order = [(2, 0, 1, 3), (0, 3, 2, 1)][i % 2]
        colour = board.piece_at(s).colour
        first, last = r * geo.half + 1, (r + 1) * geo.half
        row_it = ("prima", "seconda", "terza", "quarta", "quinta", "sesta", "settima",
                  "ottava")[r]
        row_en = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh",
                  "eighth")[r]
        in_row = f"nell'{row_it}" if row_it[0] in "aeiou" else f"nella {row_it}"
        right = (f"La dama è {in_row} riga dall'alto, che ha le caselle da {first} a "
                 f"{last}: la sua casella è la {s}.",
                 f"The king is on the {row_en} row from the top, which holds squares {first} to "
                 f"{last}: its square is {s}.")
        wrong = ("Conta le caselle scure riga per riga, da sinistra a destra, partendo "
                 "dall'alto.",
                 "Count the dark squares row by row, left to right, starting from the top.")
        hints = (["Le caselle scure si contano riga per riga, da sinistra a destra: la prima "
                  "riga in alto ha le caselle da 1 a 4, la seconda da 5 a 8, e così via.",
                  f"La dama è {in_row} riga dall'alto: lì ci sono le caselle da {first} a "
                  f"{last}."],
                 ["The dark squares are counted row by row, left to right: the top row holds "
                  "squares 1 to 4, the second 5 to 8, and so on.",
                  f"The king is on the {row_en} row from the top: it holds squares {first} to "
                  f"{last}."])
        return puzzle(level, "choice", board,
                      (f"In quale casella si trova la dama {ADJ[colour][0]}? Ricorda: le caselle "
                       "si contano da 1 a 32, dall'alto a sinistra, come si vede dal Bianco.",
                       f"On which square is the {ADJ[colour][1]} king? Remember: squares are "
                       "numbered 1 to 32 from the top left, as White sees the board."),
                      ["IT-B2"], options=([options[k] for k in order],
                                          [options[k] for k in order]),
                      answer=order.index(0), hints=hints,
                      feedback=([(right if k == 0 else wrong)[0] for k in order],
                                [(right if k == 0 else wrong)[1] for k in order]))

    def ambiguous(board: Board, level: int, i: int) -> dict | None:
        legal = board.legal_moves
        amb = [m for m in legal if m.captures and any(
            o != m and o.start == m.start and o.end == m.end for o in legal)]
        if len(amb) < 2 or len(legal) > 3:
            return None
        move = amb[0]
        full = board.move_text(move)
        short = f"{move.start}x{move.end}"
        other = next(o for o in amb if o != move)
        options = [full, short, "x".join(map(str, other.path))]
        order = [(1, 0, 2), (2, 1, 0)][i % 2]
        caps_it, caps_en = victims_words(board, move.captures)
        who_it, who_en = piece_words(board, move.start)
        fb_it = ["Le due prese partono e arrivano nelle stesse caselle, quindi si scrivono "
                 "tutte le caselle dove il pezzo si posa.",
                 f"Così non si capisce quale presa: anche {options[2]} va da {move.start} a "
                 f"{move.end}.",
                 "Questa è l'altra presa: prende pezzi diversi."]
        fb_en = ["Both captures start and end on the same squares, so every square where the "
                 "piece lands is written.",
                 f"That does not tell which capture: {options[2]} goes from {move.start} to "
                 f"{move.end} too.",
                 "That is the other capture: it takes different pieces."]
        return puzzle(level, "choice", board,
                      (f"{to_play(board)[0]} {who_it[0].upper() + who_it[1:]} mangia {caps_it} e "
                       f"arriva in {move.end}. Come si scrive?",
                       f"{to_play(board)[1]} {who_en[0].upper() + who_en[1:]} takes {caps_en} and "
                       f"lands on {move.end}. How is it written?"),
                      ["IT-N", "IT-C5"], options=([options[k] for k in order],
                                                  [options[k] for k in order]),
                      answer=order.index(0),
                      hints=(["Una presa si può scrivere corta, partenza x arrivo, oppure con "
                              "tutte le caselle dove il pezzo si posa.",
                              f"Ci sono due prese da {move.start} a {move.end}: la scrittura "
                              "corta non dice quale delle due."],
                             ["A capture can be written short, start x arrival, or with every "
                              "square where the piece lands.",
                              f"There are two captures from {move.start} to {move.end}: the "
                              "short form does not tell which one."]),
                      feedback=([fb_it[k] for k in order], [fb_en[k] for k in order]))

    def small(r: random.Random) -> Board | None:
        return it_small(r, r.choice((WHITE, BLACK)), r.randint(1, 3), r.randint(1, 3), 0, 0, 1, 5)

    def with_king(r: random.Random) -> Board | None:
        return it_mixed(r, (1, 1), (0, 0), (1, 3), (1, 3))

    def ring(r: random.Random) -> Board | None:
        return it_mixed(r, (1, 1), (0, 1), (0, 2), (3, 6))

    out += pick(ctx, IT, ((b, None) for b in generated(rng, 2000, small)), 3,
                lambda b, _, i: quiet(b, 1, i))
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 8000, small)), 3,
                lambda b, _, i: capture(b, 2, i))
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 4000, with_king)), 2,
                lambda b, _, i: square(b, 3, i))
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 60000, ring)), 2,
                lambda b, _, i: ambiguous(b, 4, i))
    return out


# -- tactics: il tiro ---------------------------------------------------------------------------

def tiro(board: Board) -> tuple[int, list[list[Move]], int] | None:
    """(plies, forced lines, gain) of a shot: the one first move that wins material within
    3 or 5 plies (proved by the solver), with forced replies. None otherwise."""
    side = board.turn
    start = balance(board, side)
    for plies in (3, 5):
        lines = [line for line in forced_lines(board, plies)]
        if not lines:
            continue
        good = []
        for line in lines:
            for m in line:
                board.push(m)
            gain = balance(board, side) - start
            for _ in line:
                board.pop()
            if gain >= 1:
                good.append((line, gain))
        if not good:
            continue
        if solver_accepted_moves(board, "material", plies - 2):
            return None  # a shorter win of material: not this lesson
        accepted = solver_accepted_moves(board, "material", plies)
        firsts = {line[0] for line, _ in good}
        if len(accepted) != 1 or set(accepted) != firsts:
            return None
        # Our own check: only this first move gains, looking ``plies`` deep plus captures.
        for move in board.legal_moves:
            board.push(move)
            value = minimax_gain(board, side, plies - 1, start)
            board.pop()
            if (value >= 1) != (move in firsts):
                return None
        return plies, [line for line, _ in good], min(g for _, g in good)
    return None


def build_tactics(ctx: Context) -> list[dict]:
    found: list[tuple[Board, int, tuple]] = []
    seen: set = set()
    for board in game_boards(ctx, IT, 1111, (6, 120)):
        mat = material(board)
        if mat[WHITE][1] + mat[BLACK][1] > 1 or n_pieces(board) < 9:
            continue
        if abs((mat[WHITE][0] + mat[WHITE][1]) - (mat[BLACK][0] + mat[BLACK][1])) > 1:
            continue
        if board.must_capture() or not ctx.free(IT, board.fen()):
            continue
        result = tiro(board)
        if result is None:
            continue
        plies, lines, gain = result
        key = tuple(str(m) for m in lines[0])
        if key in seen:
            continue
        seen.add(key)
        if plies == 5:
            level = 5 if gain >= 2 or n_pieces(board) >= 16 else 4
        elif gain >= 2:
            level = 4
        else:
            level = 2 if n_pieces(board) <= 14 else 3
        found.append((board, level, result))
        if len(found) >= 400:
            break

    def make(board: Board, level: int, i: int) -> dict:
        plies, lines, gain = next(r for b, lv, r in found if b is board)
        texts = []
        for line in lines:
            b = board.copy()
            words = []
            for m in line:
                words.append(b.move_text(m))
                b.push(m)
            texts.append(" ".join(words))
        main = lines[0]
        b = board.copy()
        b.push(main[0])
        reply = b.move_text(main[1])
        b.push(main[1])
        promoted = False
        for m in main[2:]:
            promoted = promoted or promotes(b, m)
            b.push(m)
        side, other = SIDE[board.turn], SIDE[OTHER[board.turn]]
        last = texts[0].split()[-1]
        n_last = len(main[-1].captures)
        rules = ["IT-C1", "IT-C5"] + (["IT-K1"] if promoted else [])
        p_it, p_en = to_play(board)
        prompts = [(f"{p_it} Trova il tiro: sacrifica un pezzo e poi mangiane di più.",
                    f"{p_en} Find the shot: give up a piece, then take more."),
                   (f"{p_it} Con un tiro {side[0]} vince del materiale. Gioca tutta la "
                    "combinazione.",
                    f"{p_en} With a shot {side[1]} wins material. Play the whole combination."),
                   (f"{p_it} Regala un pezzo all'avversario: dovrà mangiarlo, e poi tocca a te!",
                    f"{p_en} Give the opponent a piece: it will have to take it, and then it is "
                    "your turn!")]
        king_it = " e fa dama" if promoted else ""
        king_en = " and makes a king" if promoted else ""
        if plies == 3:
            it = (f"Con {texts[0].split()[0]} {side[0]} offre un pezzo: {other[0]} deve "
                  f"mangiare ({reply}: mangiare è obbligatorio) e poi {last} prende "
                  f"{pieces_n(n_last, 'it')}{king_it}. Alla fine {side[0]} ha {gain} "
                  f"pezz{'o' if gain == 1 else 'i'} in più.")
            en = (f"With {texts[0].split()[0]} {side[1]} offers a piece: {other[1]} must take "
                  f"it ({reply}: capturing is compulsory) and then {last} takes "
                  f"{pieces_n(n_last, 'en')}{king_en}. In the end {side[1]} is {gain} "
                  f"piece{'s' if gain > 1 else ''} up.")
        else:
            it = (f"Un tiro in due tempi: {texts[0]}. Ogni presa {OF_SIDE[OTHER[board.turn]]} "
                  f"è obbligata, perché mangiare è obbligatorio, e alla fine {side[0]} ha "
                  f"{gain} pezz{'o' if gain == 1 else 'i'} in più{king_it}.")
            en = (f"A shot in two steps: {texts[0]}. Each of {other[1]}'s captures is forced, "
                  f"because capturing is compulsory, and in the end {side[1]} is {gain} "
                  f"piece{'s' if gain > 1 else ''} up{king_en}.")
        mover_it, mover_en = piece_words(board, main[0].start)
        hints = (["Cerca una mossa che costringa l'avversario a mangiare: poi tocca di nuovo "
                  "a te.",
                  f"Comincia con {mover_it}: dopo, l'avversario è obbligato a mangiare. Con "
                  f"quale pezzo puoi mangiare tu, dopo?"],
                 ["Look for a move that forces the opponent to capture: then it is your turn "
                  "again.",
                  f"Start with {mover_en}: afterwards the opponent is forced to capture. With "
                  "which piece can you capture, after that?"])
        return puzzle(level, "move", board, prompts[i % 3], rules, solutions=texts,
                      goal="material", plies=plies, unique=True, hints=hints,
                      explanation=(it, en))

    return pick_by_level(ctx, IT, [(b, lv) for b, lv, _ in found],
                         {2: 6, 3: 10, 4: 8, 5: 6}, lambda lv: lv, make)


# == International and Brazilian draughts ======================================================

VARIANT_NAME = {"international": ("Dama internazionale (10x10)", "International draughts (10x10)"),
                "brazilian": ("Dama brasiliana (8x8)", "Brazilian draughts (8x8)")}


def flying_rules(variant: str, *ids: str) -> list[str]:
    return list(ids) + (["BR-B1"] if variant == "brazilian" else [])


def build_majority(variant: str, want: int) -> Callable[[Context], list[dict]]:
    def build(ctx: Context) -> list[dict]:
        cands: list[tuple[Board, int]] = []
        seen: set = set()
        for board in game_boards(ctx, variant, 1212 + len(variant)):
            if not board.must_capture():
                continue
            legal, wrong = precedence_info(board)
            if not wrong or len(legal) > 2 or not plausible(board, 2):
                continue
            key = tuple(str(m) for m in legal)
            if key in seen:
                continue
            seen.add(key)
            n = len(legal[0].captures)
            backwards = any(_backwards(board, m) for m in legal)
            score = (n >= 3) + (len(wrong) >= 3) + backwards + (n_pieces(board) >= 20)
            cands.append((board, min(5, 2 + score)))

        def make(board: Board, level: int, i: int) -> dict:
            legal, wrong = precedence_info(board)
            texts = [board.move_text(m) for m in legal]
            n = len(legal[0].captures)
            loser = max(wrong, key=lambda w: len(w[0].captures))[0]
            name = VARIANT_NAME[variant]
            back = [m for m in legal if _backwards(board, m)]
            back_it = (" La pedina può mangiare anche all'indietro." if back else "")
            back_en = (" A man may capture backwards too." if back else "")
            free_it = (f" Le due prese sono pari: si sceglie liberamente." if len(legal) > 1
                       else "")
            free_en = " Both captures are equal: the choice is free." if len(legal) > 1 else ""
            prompts = [(f"{name[0]}. {to_play(board)[0]} Si deve prendere il maggior numero di "
                        "pezzi: quale presa fa?",
                        f"{name[1]}. {to_play(board)[1]} You must take the most pieces: which "
                        "capture?"),
                       (f"{name[0]}. {to_play(board)[0]} Deve mangiare: trova la presa giusta.",
                        f"{name[1]}. {to_play(board)[1]} It must capture: find the right one.")]
            mover_it, mover_en = movers_words(board, legal)
            hints = (["Conta i pezzi presi da ogni presa possibile. In questo gioco le pedine "
                      "mangiano anche all'indietro.",
                      f"Guarda {mover_it}: la presa giusta prende {pieces_n(n, 'it')}."],
                     ["Count the pieces each possible capture takes. In this game men capture "
                      "backwards too.",
                      f"Look at {mover_en}: the right capture takes {pieces_n(n, 'en')}."])
            return puzzle(level, "capture", board, prompts[i % 2],
                          flying_rules(variant, "INT-P1", "INT-C1"), solutions=texts,
                          unique=len(legal) == 1, hints=hints,
                          explanation=(f"{join(texts, 'it', True)} prende {pieces_n(n, 'it')}, "
                                       f"{full_text(loser)} solo {len(loser.captures)}: vince "
                                       f"la presa più grande, e una dama conta come una pedina."
                                       f"{back_it}{free_it}",
                                       f"{join(texts, 'en', True)} takes {pieces_n(n, 'en')}, "
                                       f"{full_text(loser)} only {len(loser.captures)}: the "
                                       f"biggest capture wins, and a king counts like a man."
                                       f"{back_en}{free_en}"))

        quotas = {2: 2, 3: 3, 4: 3, 5: 2} if want == 10 else {2: 2, 3: 3, 4: 2, 5: 1}
        return pick_by_level(ctx, variant, cands, quotas, lambda lv: lv, make)
    return build


def _backwards(board: Board, move: Move) -> bool:
    """Does a man's capture start with a jump backwards?"""
    piece = board.piece_at(move.start)
    if piece is None or piece.king:
        return False
    geo = board.variant.geometry
    down = geo.coords[move.path[1]][0] > geo.coords[move.path[0]][0]
    return down == (board.turn == WHITE)


def build_flying(variant: str, want: int) -> Callable[[Context], list[dict]]:
    def build(ctx: Context) -> list[dict]:
        rng = random.Random(1313 + len(variant))

        def make_board(r: random.Random) -> Board | None:
            turn = r.choice((WHITE, BLACK))
            own, opp = (("W", "w"), ("B", "b")) if turn == WHITE else (("B", "b"), ("W", "w"))
            return scatter(r, variant, turn, [
                (own[0], 1, all_squares(variant)),
                (own[1], r.randint(1, 3), men_rows(variant, turn, 0, 3)),
                (opp[1], r.randint(2, 5), men_rows(variant, OTHER[turn], 0, 5)),
                (opp[0], r.randint(0, 1), all_squares(variant))])

        cands = []
        seen: set = set()
        for board in generated(rng, 20000, make_board):
            legal = board.legal_moves
            if not legal or not legal[0].captures or not 2 <= len(legal) <= 6:
                continue
            if not all(board.piece_at(m.start).king for m in legal) or turned_down(board):
                continue
            if not plausible(board, 4):
                continue
            n = len(legal[0].captures)
            key = (n, len(legal))
            if seen.__contains__((key, board.turn)) and len(cands) > 30:
                continue
            seen.add((key, board.turn))
            level = 2 if n == 1 and len(legal) <= 3 else 3 if n == 1 else 4
            cands.append((board, level))

        def make(board: Board, level: int, i: int) -> dict:
            legal = board.legal_moves
            texts = [board.move_text(m) for m in legal]
            n = len(legal[0].captures)
            name = VARIANT_NAME[variant]
            start = legal[0].start
            prompts = [(f"{name[0]}. {to_play(board)[0]} La dama vola: trova tutte le prese "
                        "possibili.",
                        f"{name[1]}. {to_play(board)[1]} The king flies: find every possible "
                        "capture."),
                       (f"{name[0]}. {to_play(board)[0]} La dama in {start} deve mangiare. In "
                        "quali caselle può fermarsi? Scrivi tutte le prese.",
                        f"{name[1]}. {to_play(board)[1]} The king on {start} must capture. On "
                        "which squares can it stop? Write every capture.")]
            vic_it, vic_en = victims_words(board, sorted({c for m in legal for c in m.captures}))
            more_it = " Se dopo il salto può mangiare ancora, deve continuare." if n > 1 else ""
            more_en = " If it can capture again after the jump, it must go on." if n > 1 else ""
            return puzzle(level, "all-captures", board, prompts[i % 2],
                          flying_rules(variant, "INT-C2", "INT-M2", "INT-P1"), solutions=texts,
                          hints=(["La dama può fermarsi in qualunque casella libera dopo il "
                                  "pezzo preso." + more_it,
                                  f"La dama in {start} ha {len(texts)} prese, e ognuna prende "
                                  f"{pieces_n(n, 'it')}: trovale tutte."],
                                 ["The king may stop on any empty square beyond the captured "
                                  "piece." + more_en,
                                  f"The king on {start} has {len(texts)} captures, and each "
                                  f"takes {pieces_n(n, 'en')}: find them all."]),
                          explanation=(f"La dama prende {vic_it} ({pieces_n(n, 'it')} per "
                                       f"presa) e può fermarsi in più caselle: "
                                       f"{join(texts, 'it')}. Vanno bene tutte: prendono lo "
                                       "stesso numero di pezzi.",
                                       f"The king takes {vic_en} ({pieces_n(n, 'en')} each time) "
                                       f"and can stop on several squares: {join(texts, 'en')}. "
                                       "All are right: they take as many pieces."))

        quotas = {2: 3, 3: 3, 4: 2} if want == 8 else {2: 2, 3: 2, 4: 2}
        return pick_by_level(ctx, variant, cands, quotas, lambda lv: lv, make)
    return build


def build_back_row(variant: str, want: int) -> Callable[[Context], list[dict]]:
    def build(ctx: Context) -> list[dict]:
        rng = random.Random(1414 + len(variant))
        size = get_variant(variant).size
        geo = get_variant(variant).geometry

        def far_row(turn: str) -> set[int]:
            return set(rows_squares(variant, [0] if turn == WHITE else [size - 1]))

        def make_board(r: random.Random) -> Board | None:
            turn = r.choice((WHITE, BLACK))
            own, opp = ("w", "b") if turn == WHITE else ("b", "w")
            return scatter(r, variant, turn, [
                (own, 1, men_rows(variant, turn, size - 4, size - 2)),
                (own, r.randint(1, 3), men_rows(variant, turn, 0, 3)),
                (opp, r.randint(3, 6), men_rows(variant, OTHER[turn], 0, 3))])

        def passing(board: Board, move: Move) -> int | None:
            inner = [s for s in move.path[1:-1] if s in far_row(board.turn)]
            piece = board.piece_at(move.start)
            if not inner or piece.king or move.end in far_row(board.turn):
                return None
            return inner[0]

        cands = []
        for board in generated(rng, 40000, make_board):
            legal = board.legal_moves
            if not legal or not legal[0].captures or len(legal) > 2:
                continue
            if not all(passing(board, m) for m in legal) or not plausible(board, 4):
                continue
            n = len(legal[0].captures)
            cands.append((board, 3 if n <= 2 else 4 if n == 3 else 5))

        def make(board: Board, level: int, i: int) -> dict:
            legal = board.legal_moves
            move = legal[0]
            texts = [board.move_text(m) for m in legal]
            over = passing(board, move)
            name = VARIANT_NAME[variant]
            d_it, d_en = describe_capture(board, move)
            prompts = [(f"{name[0]}. {to_play(board)[0]} Deve mangiare: dove finisce la presa?",
                        f"{name[1]}. {to_play(board)[1]} It must capture: where does the capture "
                        "end?"),
                       (f"{name[0]}. {to_play(board)[0]} La pedina arriva in fondo mangiando... "
                        "ma si ferma lì? Scrivi la presa.",
                        f"{name[1]}. {to_play(board)[1]} The man reaches the far row while "
                        "capturing... but does it stop there? Write the capture.")]
            return puzzle(level, "capture", board, prompts[i % 2],
                          flying_rules(variant, "INT-K1", "INT-C1", "INT-P1"), solutions=texts,
                          unique=len(legal) == 1,
                          hints=(["Se dall'ultima riga può mangiare ancora, la pedina deve "
                                  "continuare.",
                                  f"Guarda la pedina in {move.start}: passa sull'ultima riga in "
                                  f"{over}. E poi, può mangiare ancora?"],
                                 ["If it can capture again from the far row, the man must go "
                                  "on.",
                                  f"Look at the man on {move.start}: it passes the far row on "
                                  f"{over}. And then, can it capture again?"]),
                          explanation=(f"{d_it[0].upper() + d_it[1:]}. Passa sull'ultima riga in "
                                       f"{over}, ma la presa continua: la pedina non si ferma e "
                                       "resta una pedina, perché diventa dama solo se finisce la "
                                       "mossa sull'ultima riga.",
                                       f"{d_en[0].upper() + d_en[1:]}. It passes the far row on "
                                       f"{over}, but the capture goes on: the man does not stop "
                                       "and stays a man, because it is crowned only if it ends "
                                       "its move on the far row."))

        quotas = {3: 3, 4: 2, 5: 1}
        return pick_by_level(ctx, variant, cands, quotas, lambda lv: lv, make)
    return build


# == the files ==================================================================================

TOPICS: list[Topic] = [
    Topic("it-01-movement.toml", IT, "movement", "it-mov",
          ("Come si muovono le pedine e le dame", "How men and kings move"),
          "IT-M1, IT-M2, IT-B4", build_movement),
    Topic("it-02-capture.toml", IT, "capture", "it-cap",
          ("La presa e l'obbligo di mangiare", "Capturing, and why you must"),
          "IT-C1, IT-C2, IT-C3", build_capture),
    Topic("it-03-multiple-capture.toml", IT, "multiple-capture", "it-mul",
          ("La presa multipla", "Multiple captures"), "IT-C5, IT-C6", build_multiple),
    Topic("it-04-promotion.toml", IT, "promotion", "it-pro",
          ("La damatura", "Promotion"), "IT-K1, IT-C7", build_promotion),
    Topic("it-05-kings.toml", IT, "kings", "it-kin",
          ("La dama", "The king"), "IT-M2, IT-C4, IT-C3", build_kings),
    Topic("it-06-quantity.toml", IT, "precedence-quantity", "it-qty",
          ("Prima regola della presa: la quantità", "First capture rule: quantity"),
          "IT-P1", build_precedence("IT-P1")),
    Topic("it-07-king-captures.toml", IT, "precedence-king", "it-pkg",
          ("Seconda regola: si mangia con la dama", "Second rule: capture with the king"),
          "IT-P2", build_precedence("IT-P2")),
    Topic("it-08-quality.toml", IT, "precedence-quality", "it-qly",
          ("Terza regola: la qualità (più dame)", "Third rule: quality (more kings)"),
          "IT-P3", build_precedence("IT-P3")),
    Topic("it-09-order.toml", IT, "precedence-order", "it-ord",
          ("Quarta regola: prima la dama", "Fourth rule: the king first"),
          "IT-P4", build_precedence("IT-P4")),
    Topic("it-10-free-choice.toml", IT, "free-choice", "it-fre",
          ("Quando la scelta è libera", "When the choice is free"), "IT-P5", build_free_choice),
    Topic("it-11-end-of-game.toml", IT, "end-of-game", "it-end",
          ("La fine della partita e il blocco", "The end of the game, and blocking"),
          "IT-E1", build_end),
    Topic("it-12-forty-moves.toml", IT, "forty-moves", "it-cnt",
          ("Chiamare le mosse: il conteggio delle 40", "Calling the count: the 40 moves"),
          "IT-D2", build_forty),
    Topic("it-13-notation.toml", IT, "notation", "it-not",
          ("Scrivere le mosse", "Writing the moves down"), "IT-N, IT-B2", build_notation),
    Topic("it-14-tactics.toml", IT, "tactics", "it-tir",
          ("Il tiro: regalare un pezzo per prenderne di più",
           "The shot: give one piece to take more"), "IT-C1, IT-C5", build_tactics),
    Topic("it-15-endgames.toml", IT, "endgames", "it-fin",
          ("I finali", "Endgames"), "IT-E1, IT-K1", build_endgames),
    Topic("int-01-majority.toml", "international", "majority", "int-maj",
          ("Dama internazionale: la presa maggiore", "International draughts: the majority capture"),
          "INT-P1, INT-C1", build_majority("international", 10)),
    Topic("int-02-flying-king.toml", "international", "flying-king", "int-fly",
          ("Dama internazionale: la dama volante", "International draughts: the flying king"),
          "INT-C2, INT-M2", build_flying("international", 8)),
    Topic("int-03-back-row.toml", "international", "back-row", "int-row",
          ("Dama internazionale: passare sull'ultima riga",
           "International draughts: passing the back row"),
          "INT-K1", build_back_row("international", 6)),
    Topic("br-01-majority.toml", "brazilian", "majority", "br-maj",
          ("Dama brasiliana: la presa maggiore", "Brazilian draughts: the majority capture"),
          "INT-P1, BR-B1", build_majority("brazilian", 8)),
    Topic("br-02-flying-king.toml", "brazilian", "flying-king", "br-fly",
          ("Dama brasiliana: la dama volante", "Brazilian draughts: the flying king"),
          "INT-C2, BR-B1", build_flying("brazilian", 6)),
    Topic("br-03-back-row.toml", "brazilian", "back-row", "br-row",
          ("Dama brasiliana: passare sull'ultima riga",
           "Brazilian draughts: passing the back row"),
          "INT-K1, BR-B1", build_back_row("brazilian", 6)),
]


def toml_string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20 or ch == "\x7f":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r}")


def render(topic: Topic, puzzles: list[dict]) -> str:
    title_it, title_en = topic.title
    levels = sorted({p["level"] for p in puzzles})
    lines = [
        f"# {title_it} — {title_en}",
        f"# Regole / rules: {topic.rules} (vedi RULES.md). {len(puzzles)} esercizi, livelli "
        f"{levels[0]}-{levels[-1]}.",
        "#",
        "# Generato da puzzles/generate.py (python -m puzzles.generate): posizioni da partite",
        "# simulate e piccole posizioni costruite con semi fissi, risposte calcolate con damalib.",
        "# Le modifiche a mano sono benvenute (un testo, un livello, un esercizio da togliere);",
        "# rigenerando il file si perdono, quindi riportale anche nel generatore.",
        "# Made by puzzles/generate.py from simulated games and small built positions (fixed",
        "# seeds); answers computed with damalib. Hand edits are welcome; regenerating rewrites",
        "# this file, so carry lasting edits into the generator as well.",
        "",
        "[collection]",
        f"variant = {toml_string(topic.variant)}",
        f"topic = {toml_string(topic.topic)}",
        f"credit = {toml_string(CREDIT)}",
    ]
    for p in puzzles:
        lines += ["", "[[puzzle]]"]
        unknown = set(p) - set(KEY_ORDER)
        if unknown:
            raise ValueError(f"unknown keys {sorted(unknown)}")
        for key in KEY_ORDER:
            if key in p:
                lines.append(f"{key} = {toml_value(p[key])}")
    return "\n".join(lines) + "\n"


def build_all(log=None) -> dict[str, str]:
    """Every file's text, by file name."""
    ctx = Context()
    files: dict[str, str] = {}
    for topic in TOPICS:
        started = time.perf_counter()
        made = topic.build(ctx)
        # Easy puzzles first; within a level, the order in which they were made.
        made = sorted(made, key=lambda p: p["level"])
        for n, p in enumerate(made, 1):
            p["id"] = f"{topic.prefix}-{n:03d}"
        files[topic.file] = render(topic, made)
        if log:
            log(f"{topic.file}: {len(made)} puzzles ({time.perf_counter() - started:.1f} s)")
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m puzzles.generate",
                                     description="Generate the puzzle collection.")
    parser.add_argument("--out", default=str(COLLECTIONS),
                        help="folder to write the TOML files into (default: the collection)")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    log = None if args.quiet else (lambda text: print(text, file=sys.stderr))
    files = build_all(log)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (out / name).write_bytes(text.encode("utf-8"))
    if log:
        log(f"{len(files)} files written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
