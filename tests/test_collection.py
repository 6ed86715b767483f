"""The puzzle collection (puzzles/collections/*.toml, made by puzzles/generate.py): every puzzle
is proved right, the topics have the puzzles and the levels the course needs, the rule ids
exist, wrong captures are turned down with the rule each precedence topic teaches (IT-P1 ...
IT-P4, INT-P1, INT-K1), and the generator rewrites exactly the files in the repository."""

from __future__ import annotations

import importlib.util
import re
import time
from collections import Counter
from pathlib import Path

import pytest

import puzzles
from damalib import Board
from damalib.movegen import movegen
from puzzles.check import check
from puzzles.model import COLLECTIONS
from puzzles.verify import verify

HERE = Path(__file__).parent
RULES = HERE.parent.parent / "shared" / "RULES.md"
RULE_ID = re.compile(r"\b(?:IT|INT|BR)-[A-Z]\d*\b")
EXAMPLES = "it-00-examples.toml"

#: The least number of puzzles each topic needs, by (variant, topic).
TARGETS = {
    ("italian", "movement"): 20,
    ("italian", "capture"): 30,
    ("italian", "multiple-capture"): 25,
    ("italian", "promotion"): 15,
    ("italian", "kings"): 20,
    ("italian", "precedence-quantity"): 20,   # IT-P1
    ("italian", "precedence-king"): 20,       # IT-P2
    ("italian", "precedence-quality"): 15,    # IT-P3
    ("italian", "precedence-order"): 15,      # IT-P4
    ("italian", "free-choice"): 5,            # IT-P5
    ("italian", "end-of-game"): 15,           # IT-E1
    ("italian", "forty-moves"): 15,           # IT-D2
    ("italian", "notation"): 10,              # IT-N
    ("italian", "tactics"): 30,
    ("italian", "endgames"): 15,
}
#: International and Brazilian together (INT-P1, INT-C2, INT-K1).
FLYING_TOTAL = 40
FLYING_TOPICS = ("majority", "flying-king", "back-row")

#: The rule each precedence topic teaches: a capture it turns down is refused citing it.
PRECEDENCE = {
    ("italian", "precedence-quantity"): "IT-P1",
    ("italian", "precedence-king"): "IT-P2",
    ("italian", "precedence-quality"): "IT-P3",
    ("italian", "precedence-order"): "IT-P4",
    ("international", "majority"): "INT-P1",
    ("brazilian", "majority"): "INT-P1",
}

GOALS_AVAILABLE = importlib.util.find_spec("puzzles.goals") is not None
if GOALS_AVAILABLE:
    try:
        import puzzles.goals  # noqa: F401
    except ImportError:  # e.g. damalib.solver missing
        GOALS_AVAILABLE = False


@pytest.fixture(scope="module")
def collection() -> list[puzzles.Puzzle]:
    return puzzles.load()


@pytest.fixture(scope="module")
def generated(collection) -> list[puzzles.Puzzle]:
    return [p for p in collection if p.source != EXAMPLES]


def has_goal(puzzle: puzzles.Puzzle) -> bool:
    return bool(puzzle.goal) or puzzle.kind == "goal"


# -- every puzzle is right -------------------------------------------------------------------

def test_every_puzzle_without_a_goal_verifies(collection):
    started = time.perf_counter()
    checked = [p for p in collection if not has_goal(p)]
    problems = [problem for p in checked for problem in verify(p)]
    print(f"\nverified {len(checked)} puzzles without a goal in "
          f"{time.perf_counter() - started:.2f} s")
    assert problems == []
    assert len(checked) > 250


def test_every_goal_puzzle_is_proved(collection):
    goal_puzzles = [p for p in collection if has_goal(p)]
    if not GOALS_AVAILABLE:
        pytest.skip(f"{len(goal_puzzles)} goal puzzles not verified: puzzles.goals (the solver) "
                    "cannot be imported")
    started = time.perf_counter()
    problems = [problem for p in goal_puzzles for problem in verify(p)]
    print(f"\nproved {len(goal_puzzles)} goal puzzles in {time.perf_counter() - started:.2f} s")
    assert problems == []
    assert len(goal_puzzles) >= 50


def test_the_whole_collection_verifies_in_time(collection):
    if not GOALS_AVAILABLE:
        pytest.skip("puzzles.goals cannot be imported: the goal puzzles cannot be timed")
    started = time.perf_counter()
    for p in collection:
        verify(p)
    elapsed = time.perf_counter() - started
    print(f"\nthe whole collection ({len(collection)} puzzles) verifies in {elapsed:.2f} s")
    assert elapsed < 20


def test_tactics_lines_are_forced_and_unique(generated):
    # Il tiro: the defender's every reply in the line is its only legal move (a capture,
    # IT-C1), and the puzzle claims one first move only.
    tactics = [p for p in generated if p.topic == "tactics"]
    assert tactics
    for p in tactics:
        assert p.goal == "material" and p.unique and p.plies in (3, 5), p.id
        assert len({line[0] for line in p.solutions}) == 1, p.id
        for line in p.solutions:
            assert len(line) == p.plies, p.id
            board = Board(p.fen, p.variant)
            assert not board.must_capture(), p.id  # the first move is a quiet sacrifice
            for i, text in enumerate(line):
                if i % 2 == 1:
                    legal = board.legal_moves
                    assert len(legal) == 1 and legal[0].captures, (p.id, text)
                board.push(text)


def test_promotion_moves_are_all_the_promoting_moves(generated):
    # IT-K1: "make a king" accepts every move that promotes, and nothing else.
    for p in generated:
        if p.topic != "promotion" or p.kind != "move" or p.goal:
            continue
        board = p.board()
        far = range(1, 5) if board.turn == "W" else range(29, 33)
        promoting = {m for m in board.legal_moves
                     if not board.piece_at(m.start).king and m.end in far}
        assert {board.parse_move(line[0]) for line in p.solutions} == promoting, p.id


# -- what the course needs ---------------------------------------------------------------------

def test_every_topic_has_enough_puzzles(generated):
    counts = Counter((p.variant, p.topic) for p in generated)
    short = {key: (counts[key], want) for key, want in TARGETS.items() if counts[key] < want}
    assert short == {}
    flying = sum(n for (variant, topic), n in counts.items()
                 if variant in ("international", "brazilian"))
    assert flying >= FLYING_TOTAL
    for variant in ("international", "brazilian"):
        for topic in FLYING_TOPICS:
            assert counts[(variant, topic)] >= 5, (variant, topic)


def test_levels_spread_within_and_across_topics(generated):
    by_topic: dict[tuple[str, str], Counter] = {}
    for p in generated:
        by_topic.setdefault((p.variant, p.topic), Counter())[p.level] += 1
    for key, levels in by_topic.items():
        total = sum(levels.values())
        assert len(levels) >= (3 if total >= 20 else 2), (key, levels)
    overall = Counter(p.level for p in generated)
    for level in range(1, 6):
        assert overall[level] >= 0.08 * len(generated), (level, overall)
    # The first topics start easy; the hardest rules and the tactics reach level 5.
    assert min(by_topic[("italian", "movement")]) == 1
    assert min(by_topic[("italian", "capture")]) == 1
    assert max(by_topic[("italian", "tactics")]) == 5


def test_each_file_goes_from_easy_to_hard(generated):
    by_file: dict[str, list[int]] = {}
    for p in generated:
        by_file.setdefault(p.source, []).append(p.level)
    for name, levels in by_file.items():
        assert levels == sorted(levels), name


def test_ids_are_unique_across_files(collection):
    ids = Counter(p.id for p in collection)
    assert [i for i, n in ids.items() if n > 1] == []


def test_no_position_is_used_twice(collection):
    positions = Counter((p.variant, Board(p.fen, p.variant).fen()) for p in collection)
    assert [key for key, n in positions.items() if n > 1] == []


def test_texts_in_both_languages_and_rules_cited(generated):
    for p in generated:
        assert p.prompts.get("it") and p.prompts.get("en"), p.id
        if p.kind != "choice":
            assert p.explanations.get("it") and p.explanations.get("en"), p.id
            # A child reads the explanation: it names rules in words, never by id (the ids
            # are in `rules`, see tests/test_hints.py).
            assert not RULE_ID.search(p.explanations["it"]), p.id
        assert p.rules, p.id
        assert len(p.hints.get("it", ())) == len(p.hints.get("en", ())), p.id
        assert len(p.hints.get("it", ())) <= 2, p.id
        if p.level >= 4 and p.kind != "choice":
            assert p.hints.get("it") or p.kind == "count", p.id


def test_every_rule_id_cited_exists():
    if not RULES.exists():
        pytest.skip(f"RULES.md not found at {RULES}")
    known = set(RULE_ID.findall(RULES.read_text(encoding="utf-8")))
    cited = set()
    for p in puzzles.load():
        cited |= set(p.rules)
        for texts in (p.prompts, p.explanations):
            for text in texts.values():
                cited |= set(RULE_ID.findall(text))
        for lang_texts in list(p.hints.values()) + list(p.feedback.values()):
            for text in lang_texts:
                cited |= set(RULE_ID.findall(text))
    assert sorted(cited - known) == []


# -- wrong captures are refused with the topic's rule ---------------------------------------

def wrong_captures(board: Board) -> list[str]:
    """Full texts of the capture chains the precedence rules turn down (computed here from
    the raw captures, independently of the generator)."""
    gen = movegen(board.variant)
    square = board.variant.geometry.square_of
    legal = [m for m in board.legal_moves if m.captures]
    keep = {(m.start, m.end, frozenset(m.captures)) for m in legal}
    out = []
    for path, caps, _ in gen.raw_captures(*board._relative()):
        squares = tuple(square[b] for b in path)
        taken = frozenset(square[b] for b in caps)
        if (squares[0], squares[-1], taken) in keep:
            continue
        text = "x".join(map(str, squares))
        if any(m.path == squares for m in legal):
            continue
        out.append(text)
    return sorted(set(out))


@pytest.mark.parametrize("key", sorted(PRECEDENCE))
def test_precedence_topics_refuse_wrong_captures_with_their_rule(generated, key):
    rule = PRECEDENCE[key]
    topic_puzzles = [p for p in generated if (p.variant, p.topic) == key]
    assert topic_puzzles
    for p in topic_puzzles:
        assert p.rules[0] == rule, p.id  # the deciding rule comes first
        board = p.board()
        refused = {}
        for text in wrong_captures(board):
            verdict = check(p, text)
            if board._matching(board.parse_squares(text)):
                continue  # the text also names a legal capture: not a wrong answer
            assert not verdict.correct, (p.id, text)
            refused[text] = verdict.rule
        assert rule in refused.values(), (p.id, refused)
        assert set(refused.values()) <= set(p.rules), (p.id, refused, p.rules)


def test_passing_the_back_row_is_refused_with_int_k1(generated):
    # INT-K1: stopping on the back row in the middle of a capture is not allowed.
    back_row = [p for p in generated if p.topic == "back-row"]
    assert len(back_row) >= 10
    for p in back_row:
        board = p.board()
        size = board.variant.size
        half = size // 2
        far = range(1, half + 1) if board.turn == "W" else range(board.variant.squares - half + 1,
                                                                  board.variant.squares + 1)
        move = board.parse_move(p.solutions[0][0])
        stop = next(i for i, s in enumerate(move.path) if i and s in far)
        cut = "x".join(map(str, move.path[:stop + 1]))
        verdict = check(p, cut)
        assert not verdict.correct and verdict.rule == "INT-K1", (p.id, cut, verdict)


def test_a_man_never_takes_a_king_in_the_capture_topic(generated):
    # IT-C3: where a man faces a king, jumping it is refused citing IT-C3.
    found = 0
    for p in generated:
        if p.topic != "capture" or "IT-C3" not in p.rules or p.kind != "capture":
            continue
        board = p.board()
        geo = board.variant.geometry
        for square, piece in board.pieces().items():
            if piece.colour != board.turn or piece.king:
                continue
            r, c = geo.coords[square]
            dr = -1 if piece.colour == "W" else 1
            for dc in (-1, 1):
                mid = geo.by_coords.get((r + dr, c + dc))
                land = geo.by_coords.get((r + 2 * dr, c + 2 * dc))
                if mid and land and board.piece_at(land) is None and board.piece_at(mid) \
                        and board.piece_at(mid).king and board.piece_at(mid).colour != board.turn:
                    verdict = check(p, f"{square}x{land}")
                    assert not verdict.correct and verdict.rule == "IT-C3", (p.id, verdict)
                    found += 1
    assert found >= 5


# -- the generator ----------------------------------------------------------------------------

@pytest.mark.slow
def test_the_generator_rewrites_the_same_files(tmp_path):
    from puzzles.generate import main

    assert main(["--out", str(tmp_path), "--quiet"]) == 0
    made = sorted(p.name for p in tmp_path.glob("*.toml"))
    kept = sorted(p.name for p in COLLECTIONS.glob("*.toml")
                  if p.name not in (EXAMPLES, "lessons.toml"))  # written by course/build.py
    assert made == kept
    differ = [name for name in made
              if (tmp_path / name).read_bytes() != (COLLECTIONS / name).read_bytes()]
    assert differ == [], ("these files differ from what puzzles/generate.py makes: edit the "
                          "generator and run `python -m puzzles.generate`")
