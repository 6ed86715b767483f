"""What every topic of the collection shares: the words for the sides and the pieces, the
rules' names for a child, small helpers on boards, the sensible player of the simulated
games, positions placed at random, the :class:`Context` of a run, :func:`puzzle` and the
pickers, and the TOML text of a file."""

from __future__ import annotations

import random
import textwrap
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Iterator

from damalib import Board, DamaError, Move, get_variant
from damalib.explain import join_words as join
from damalib.movegen import movegen

from dama.core.content.phrasing import (ADJ, OF_SIDE, OTHER, SIDE, SIDE_CAP, TO_SIDE,  # noqa: F401
                                        cap, final_material, first_move_hint, joined,
                                        line_material, piece_words, pieces_n, promotes,
                                        raw_captures, signature, turned_down)
from dama.core.content.puzzle import COLLECTIONS, puzzle_lines, toml_string


CREDIT = "Corso Dama — generato da authoring/puzzles/"

# The order of the keys of a puzzle in the files: what a teacher reads first comes first.

IT = "italian"
WHITE, BLACK = "W", "B"

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


# -- small helpers on boards -------------------------------------------------------------------

def canonical(fen: str, variant: str = "italian") -> str:
    return Board(fen, variant).fen()


def to_play(board: Board) -> tuple[str, str]:
    turn = board.turn
    return f"Tocca {TO_SIDE[turn]}.", f"{SIDE[turn][1]} to play."


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


def own_squares(board: Board, colour: str, king: bool | None = None) -> list[int]:
    """The squares of ``colour``'s pieces (only its kings, or only its men, if ``king`` says)."""
    return sorted(s for s, p in board.pieces().items()
                  if p.colour == colour and (king is None or p.king == king))


def group_words(board: Board, squares: Iterable[int]) -> tuple[str, str]:
    """Pieces named together: "le pedine in 5 e 9", "la dama in 14", "i pezzi in 5, 9 e 14"
    (men and kings mixed)."""
    squares = sorted(squares)
    kinds = {bool(board.piece_at(s) and board.piece_at(s).king) for s in squares}
    if len(squares) == 1 or len(kinds) == 1:
        return victims_words(board, squares)
    numbers = [str(s) for s in squares]
    return f"i pezzi in {join(numbers, 'it')}", f"the pieces on {join(numbers, 'en')}"


def side_has(board: Board, colour: str, king: bool | None = None) -> tuple[str, str]:
    """What ``colour`` has on the board: "Il Nero ha le pedine in 5 e 9", "Il Bianco ha solo
    la dama in 14" (only kings or men if ``king`` says)."""
    squares = own_squares(board, colour, king)
    words_it, words_en = group_words(board, squares)
    only_it, only_en = ("solo ", "only ") if len(squares) == 1 else ("", "")
    return (f"{SIDE_CAP[colour][0]} ha {only_it}{words_it}",
            f"{SIDE_CAP[colour][1]} has {only_en}{words_en}")


def who_can_capture(board: Board, moves: Iterable[Move]) -> tuple[str, str]:
    """The pieces that make the captures ``moves``, as the start of a sentence: "Possono
    mangiare le pedine in 22 e 27", or "La dama in 5 può mangiare in più modi"."""
    starts = sorted({m.start for m in moves})
    who_it, who_en = group_words(board, starts)
    if len(starts) == 1:
        return (f"{cap(who_it)} può mangiare in più modi",
                f"{cap(who_en)} can capture in more than one way")
    return f"Possono mangiare {who_it}", f"{cap(who_en)} can capture"


_IT_WORDS = ("zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto")
_EN_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight")


def number_words(n: int) -> tuple[str, str]:
    """A small count in words ("due", "two"), as a pronoun stands for it: "ne prende due"."""
    if 0 <= n < len(_IT_WORDS):
        return _IT_WORDS[n], _EN_WORDS[n]
    return str(n), str(n)


def describe_capture(board: Board, move: Move) -> tuple[str, str]:
    """"la pedina in 22 mangia la pedina in 18 e arriva in 13" (before the move is played)."""
    mover_it, mover_en = piece_words(board, move.start)
    vic_it, vic_en = victims_words(board, move.captures)
    if move.end == move.start:
        return (f"{mover_it} mangia {vic_it} e torna nella sua casella",
                f"{mover_en} takes {vic_en} and comes back to its square")
    return (f"{mover_it} mangia {vic_it} e arriva in {move.end}",
            f"{mover_en} takes {vic_en} and lands on {move.end}")


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

def symbols(turn: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """The symbols :func:`scatter` takes, (king, man), for the side ``turn`` and for its
    opponent."""
    white, black = ("W", "w"), ("B", "b")
    return (white, black) if turn == WHITE else (black, white)


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
    return board


@lru_cache(maxsize=None)
def men_rows(variant: str, colour: str, near: int = 0, far: int | None = None) -> tuple[int, ...]:
    """Squares for men of ``colour`` between ``near`` and ``far`` rows from their own base
    (0 = the base row); never on the promotion row. Kept once worked out: the random
    positions ask for the same rows hundreds of thousands of times."""
    size = get_variant(variant).size
    far = size - 2 if far is None else min(far, size - 2)
    rows = range(near, far + 1)
    if colour == WHITE:
        return tuple(rows_squares(variant, [size - 1 - r for r in rows]))
    return tuple(rows_squares(variant, list(rows)))


@lru_cache(maxsize=None)
def all_squares(variant: str) -> tuple[int, ...]:
    return tuple(range(1, get_variant(variant).squares + 1))


def looks_like_play(board: Board, max_diff: int = 2) -> bool:
    """Could the position come from a real game? Checked for the tactics and for the larger
    built positions, so that a combination is shown where a child could meet it:

    * material not absurd: both sides on the board, at most ``max_diff`` apart (a king
      counting two men);
    * men in groups, not scattered: of a side's men, at most one in three (and at least one
      is allowed) stands alone, with no piece of its own within two squares;
    * men do not crowd the far end: at most two of a side's men (or one in three, when it has
      more than six) stand on the opponent's last two rows;
    * kings come late: a side with five men or more has at most one king, and no side has
      more than two.
    """
    if not plausible(board, max_diff):
        return False
    geo = board.variant.geometry
    pieces = board.pieces()
    size = geo.size
    for colour in (WHITE, BLACK):
        own = [s for s, p in pieces.items() if p.colour == colour]
        men = [s for s in own if not pieces[s].king]
        kings = len(own) - len(men)
        if kings > 2 or (kings > 1 and len(men) >= 5):
            return False
        alone = deep = 0
        for s in men:
            r, c = geo.coords[s]
            if not any(max(abs(geo.coords[t][0] - r), abs(geo.coords[t][1] - c)) <= 2
                       for t in own if t != s):
                alone += 1
            rows_left = r if colour == WHITE else size - 1 - r  # rows to the far row
            if rows_left <= 2:
                deep += 1
        if alone > max(1, len(men) // 3) or deep > max(2, len(men) // 3):
            return False
    return True


def any_position(board: Board) -> bool:
    """What a topic's first set asks of a position beyond its own rules: nothing more."""
    return True


def real_enough(board: Board) -> bool:
    """What the puzzles added after the first sets must pass: a lesson's few pieces (six or
    fewer) as they are, a larger position only if it looks like play."""
    return n_pieces(board) <= 6 or looks_like_play(board)


def plausible(board: Board, max_diff: int = 2) -> bool:
    """Material not absurdly unbalanced (kings counting two), the game going on."""
    mat = material(board)
    value = {c: mat[c][0] + 2 * mat[c][1] for c in mat}
    return (board.outcome() is None and abs(value[WHITE] - value[BLACK]) <= max_diff
            and min(value.values()) > 0)


def it_small(rng: random.Random, turn: str, wm: int, bm: int, wk: int = 0, bk: int = 0,
             near: int = 1, far: int = 5) -> Board | None:
    """A small Italian position: men between ``near`` and ``far`` rows from their base."""
    return scatter(rng, IT, turn, [
        ("w", wm, men_rows(IT, WHITE, near, far)), ("b", bm, men_rows(IT, BLACK, near, far)),
        ("W", wk, all_squares(IT)), ("B", bk, all_squares(IT))])


def it_mixed(r: random.Random, wk: tuple[int, int], bk: tuple[int, int],
             wm: tuple[int, int], bm: tuple[int, int]) -> Board | None:
    turn = r.choice((WHITE, BLACK))
    if turn == BLACK:
        wk, bk, wm, bm = bk, wk, bm, wm
    return scatter(r, IT, turn, [
        ("W", r.randint(*wk), all_squares(IT)), ("B", r.randint(*bk), all_squares(IT)),
        ("w", r.randint(*wm), men_rows(IT, WHITE, 0, 5)),
        ("b", r.randint(*bm), men_rows(IT, BLACK, 0, 5))])


# -- the collection: puzzles and files ---------------------------------------------------------

@dataclass
class Topic:
    file: str
    variant: str
    topic: str
    prefix: str
    title: tuple[str, str]
    rules: str
    #: The first set (None: a file whose puzzles are all ``later``).
    build: Callable[["Context"], list[dict]] | None
    #: More puzzles for the same file, made once every topic has its first set (so that
    #: those stay exactly as they were: lessons and children's progress know their ids)
    #: and numbered after the file's last id.
    more: Callable[["Context"], list[dict]] | None = None
    #: Puzzles added one by one once the file was published: numbered in the order they are
    #: made, after every other id of the file, so that a new one only ever adds an id.
    later: Callable[["Context"], list[dict]] | None = None
    #: Where the positions come from, when not from the simulated games and small built
    #: positions: (it, en), said in the file's header.
    origin: tuple[str, str] | None = None


#: The simulated games: (how many, seed, most plies) by variant.
GAMES = {"italian": (260, 11, 150), "brazilian": (120, 12, 150), "international": (36, 13, 130)}


class Context:
    """What the builders share: the positions already used, the game positions, and the
    pools of candidates a topic's first set leaves for the puzzles added after."""

    def __init__(self) -> None:
        self.used: set[tuple[str, str]] = set()
        self._games: dict[str, list[tuple[str, int]]] = {}
        self._pools: dict[object, object] = {}
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
        """The positions (FEN, ply) of the simulated games, played once a run."""
        if variant not in self._games:
            self._games[variant] = play_games(variant, *GAMES[variant])
        return self._games[variant]

    def pool(self, key: object, make: Callable[[], object]) -> object:
        """``make()``, made once per run: a topic's first set makes a pool of candidates,
        the puzzles added after take from what is left (``free`` skips the used ones)."""
        if key not in self._pools:
            self._pools[key] = make()
        return self._pools[key]

    def seen(self, key: object) -> set:
        """A set kept for the whole run, to avoid repeating an answer across both sets."""
        return self.pool(("seen", key), set)  # type: ignore[return-value]

    def free(self, variant: str, fen: str) -> bool:
        return (variant, fen) not in self.used

    def say_hints(self, made: dict) -> bool:
        """Mark the hints of the puzzle ``made`` said, for a builder that says each hint once
        in the collection; False, marking nothing, when one of them was said already."""
        hints = [*made.get("hints.it", ()), *made.get("hints.en", ())]
        said = self.seen("hints")
        if said.intersection(hints):
            return False
        said.update(hints)
        return True

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


def choice_of(board: Board, made: dict, right: Move, wrong: list, at: int,
              prompt: tuple[str, str]) -> dict:
    """``made`` (the move puzzle of the same position, for its hints and explanation) asked
    as a choice: ``right`` at option ``at`` among the ``wrong`` ones."""
    options = [move for move, _ in wrong]
    options.insert(at, right)
    texts = [board.move_text(m) for m in options]
    explanation = (made["explanation.it"], made["explanation.en"])
    feedback = ([it for _, (it, _) in wrong], [en for _, (_, en) in wrong])
    feedback[0].insert(at, explanation[0])
    feedback[1].insert(at, explanation[1])
    return puzzle(made["level"], "choice", board, prompt, made["rules"],
                  hints=(made["hints.it"], made["hints.en"]), options=(texts, texts),
                  answer=at, feedback=feedback, explanation=explanation)


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


# -- the files: TOML text ----------------------------------------------------------------------

def header(origin: tuple[str, str] | None, maker: str) -> list[str]:
    """The lines of a file's header that say where its positions come from (``origin``,
    else the simulated games) and that hand edits are welcome."""
    if origin is None:
        return [
            "# Posizioni da partite simulate e piccole posizioni costruite con semi fissi, "
            "risposte",
            "# calcolate con damalib. Le modifiche a mano sono benvenute (un testo, un livello, un",
            "# esercizio da togliere); rigenerando il file si perdono, quindi riportale anche nel",
            "# generatore.",
            f"# Made by {maker} (command: python -m authoring.puzzles) from",
            "# simulated games and small built positions (fixed seeds); answers computed with",
            "# damalib. Hand edits are welcome; regenerating rewrites this file, so carry "
            "lasting",
            "# edits into the generator as well.",
        ]
    it = (f"Posizioni da {origin[0]}; risposte calcolate con damalib. Le modifiche a mano "
          "sono benvenute (un testo, un livello, un esercizio da togliere); rigenerando il "
          "file si perdono, quindi riportale anche nel generatore.")
    en = (f"Made by {maker} (command: python -m authoring.puzzles) from {origin[1]}; answers "
          "computed with damalib. Hand edits are welcome; regenerating rewrites this file, so "
          "carry lasting edits into the generator as well.")
    return [f"# {line}" for text in (it, en) for line in textwrap.wrap(text, 88)]


def render(topic: Topic, puzzles: list[dict]) -> str:
    title_it, title_en = topic.title
    # The module whose builder makes the file: where a lasting edit belongs.
    maker = (topic.build or topic.later).__module__.replace(".", "/") + ".py"
    levels = sorted({p["level"] for p in puzzles})
    lines = [
        f"# {title_it} — {title_en}",
        f"# Regole / rules: {topic.rules} (vedi RULES.md). {len(puzzles)} esercizi, livelli "
        f"{levels[0]}-{levels[-1]}.",
        "#",
        f"# Generato da {maker} (comando: python -m authoring.puzzles).",
        *header(topic.origin, maker),
        "",
        "[collection]",
        f"variant = {toml_string(topic.variant)}",
        f"topic = {toml_string(topic.topic)}",
        f"credit = {toml_string(CREDIT)}",
    ]
    for p in puzzles:
        lines += ["", *puzzle_lines(p)]
    return "\n".join(lines) + "\n"
