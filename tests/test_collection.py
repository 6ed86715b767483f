"""The puzzle collection (dama/core/content/collections/*.toml, made by authoring/puzzles/): every puzzle
is proved right, the tactics (il tiro, il cambio vantaggioso, il colpo di dama) are forced and
unique and look like play, the topics have the puzzles and the levels the course needs, every
puzzle has two hints of its own, every earlier id keeps its puzzle, the rule ids exist, wrong
captures are turned down with the rule each precedence topic teaches (IT-P1 ... IT-P4, INT-P1,
INT-K1), and the generator rewrites exactly the files in the repository."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import time
from collections import Counter
from pathlib import Path

import pytest

from dama.core import content as puzzles
from damalib import Board
from damalib.movegen import movegen
from dama.core.content.check import check
from authoring.puzzles.common import looks_like_play
from dama.core.content.puzzle import COLLECTIONS
from dama.core.content.verify import verify

HERE = Path(__file__).parent
RULES = HERE.parent / "docs" / "RULES.md"
RULE_ID = re.compile(r"\b(?:IT|INT|BR)-[A-Z]\d*\b")
EXAMPLES = "it-00-examples.toml"

#: The least number of puzzles the whole collection holds, and each topic, by (variant, topic).
COLLECTION_SIZE = 870                         # the second year took it past 870
TARGETS = {
    ("italian", "movement"): 40,
    ("italian", "capture"): 55,
    ("italian", "multiple-capture"): 45,
    ("italian", "promotion"): 28,
    ("italian", "kings"): 35,
    ("italian", "precedence-quantity"): 30,   # IT-P1
    ("italian", "precedence-king"): 30,       # IT-P2
    ("italian", "precedence-quality"): 22,    # IT-P3
    ("italian", "precedence-order"): 20,      # IT-P4
    ("italian", "free-choice"): 10,           # IT-P5
    ("italian", "end-of-game"): 30,           # IT-E1
    ("italian", "forty-moves"): 28,           # IT-D2
    ("italian", "notation"): 20,              # IT-N
    ("italian", "tactics"): 85,               # the shots, the exchanges, the king shots
    ("italian", "endgames"): 25,
    ("italian", "basic-endings"): 25,         # the second year: held by the tables
    ("italian", "openings"): 70,              # the second year: shots in the first moves
    ("italian", "championship"): 13,          # the second year: the champions' shots
    ("italian", "fork"): 25,                  # the second year: the king's fork
    ("italian", "simplify"): 30,              # the second year: simplifying when ahead
    ("italian", "waiting"): 25,               # the second year: the waiting move
    ("italian", "opening-exchange"): 30,      # the second year: the exchange in the opening
}
#: The files of the tactics topic, with what each combination wins (the solver's goal).
TACTICS_FILES = {
    "it-14-tactics.toml": "material",   # il tiro: give one or two, take more
    "it-16-exchange.toml": "material",  # il cambio vantaggioso: give one, take two
    "it-17-king-shot.toml": "promote",  # il colpo di dama: a sacrifice to make a king
}
#: A tactic chosen before positions were checked to look like play; its id is in use (in
#: lessons and saved progress), so it keeps its position.
TACTICS_BEFORE_THE_CHECK = {"it-tir-003"}
#: International and Brazilian together (INT-P1, INT-C2, INT-K1).
FLYING_TOTAL = 60
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

GOALS_AVAILABLE = importlib.util.find_spec("dama.core.content.goals") is not None
if GOALS_AVAILABLE:
    try:
        import dama.core.content.goals  # noqa: F401
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
        pytest.skip(f"{len(goal_puzzles)} goal puzzles not verified: dama.core.content.goals (the solver) "
                    "cannot be imported")
    started = time.perf_counter()
    problems = [problem for p in goal_puzzles for problem in verify(p)]
    print(f"\nproved {len(goal_puzzles)} goal puzzles in {time.perf_counter() - started:.2f} s")
    assert problems == []
    assert len(goal_puzzles) >= 50


def test_the_whole_collection_verifies_in_time(collection):
    if not GOALS_AVAILABLE:
        pytest.skip("dama.core.content.goals cannot be imported: the goal puzzles cannot be timed")
    started = time.perf_counter()
    for p in collection:
        verify(p)
    elapsed = time.perf_counter() - started
    print(f"\nthe whole collection ({len(collection)} puzzles) verifies in {elapsed:.2f} s")
    assert elapsed < 20


def far_row(board: Board) -> range:
    """The squares where the side to move promotes (IT-K1)."""
    return range(1, 5) if board.turn == "W" else range(29, 33)


def test_tactics_lines_are_forced_and_unique(generated):
    # Il tiro, il cambio, il colpo di dama: the defender's every reply in the line is its
    # only legal move (a capture, IT-C1), and the puzzle claims one first move only (which
    # verify proves with the solver: no other first move reaches the goal). The counts and
    # choices about a shot (it-25) are tested in tests/test_shot_questions.py.
    tactics = [p for p in generated if p.topic == "tactics" and p.kind == "move"]
    assert {p.source for p in tactics} == set(TACTICS_FILES)
    for p in tactics:
        assert p.goal == TACTICS_FILES[p.source] and p.unique and p.plies in (3, 5), p.id
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


def test_an_exchange_gives_one_and_takes_two(generated):
    # Il cambio vantaggioso: the offered man must be taken (IT-C1), one piece, and the answer is a
    # capture of two (IT-C5): one piece up.
    exchanges = [p for p in generated if p.source == "it-16-exchange.toml"]
    assert len(exchanges) >= 20
    for p in exchanges:
        assert p.plies == 3 and "IT-C1" in p.rules and "IT-C5" in p.rules, p.id
        for line in p.solutions:
            board = p.board()
            taken = []
            for text in line:
                move = board.parse_move(text)
                taken.append(len(move.captures))
                board.push(move)
            assert taken == [0, 1, 2], (p.id, line)


def test_a_king_shot_makes_a_king_that_is_not_taken_back(generated):
    # Il colpo di dama: the line ends with one of the side's men crowned on the far row
    # (IT-C7, IT-K1), and the defender has no capture then; counting a king as two men, the
    # first move is the only one that wins material (the solver proves it).
    from damalib.solver import accepted_moves

    king_shots = [p for p in generated if p.source == "it-17-king-shot.toml"]
    assert len(king_shots) >= 20
    for p in king_shots:
        assert {"IT-C7", "IT-K1"} <= set(p.rules), p.id
        for line in p.solutions:
            board = p.board()
            crowned = False
            for i, text in enumerate(line):
                move = board.parse_move(text)
                if i % 2 == 0:
                    crowned |= not board.piece_at(move.start).king and move.end in far_row(board)
                board.push(move)
            assert crowned and not board.must_capture(), (p.id, line)
        winning = accepted_moves(p.board(), "material", p.plies, king_value=2)
        assert {str(m) for m in winning} == {line[0] for line in p.solutions}, p.id


def test_the_tactics_look_like_play(generated):
    # A combination is shown where a child could meet it in a game.
    odd = [p.id for p in generated if p.topic == "tactics"
           and not looks_like_play(Board(p.fen, p.variant))
           and p.id not in TACTICS_BEFORE_THE_CHECK]
    assert odd == []


def test_looks_like_play_turns_down_scattered_positions():
    assert looks_like_play(Board())  # the start
    assert looks_like_play(Board("W:W17,21-23,25-27,29-31:B1-3,5-7,9,10,12,14"))
    # Lone men far from their own: scattered.
    assert not looks_like_play(Board("W:W8,13,20,29:B1,17,24,28"))
    # Absurd material, or kings while many men are still on the board.
    assert not looks_like_play(Board("W:W21-32:B1,2,3"))
    assert not looks_like_play(Board("W:W21-26,K1,K3:B5-12"))
    # Men crowding the opponent's last rows.
    assert not looks_like_play(Board("W:W5,6,7,9,10,21,22,25,26:B1,2,3,11,12,13,14,15,16"))
    # Early positions of the simulated games pass; men placed at random mostly do not.
    from damalib import get_variant
    from authoring.puzzles.common import play_games, scatter

    games = [Board(fen) for fen, ply in play_games("italian", 6, 99, 40) if 6 <= ply <= 40]
    assert sum(map(looks_like_play, games)) >= 0.85 * len(games)
    rng = random.Random(7)
    squares = list(range(1, get_variant("italian").squares + 1))
    scattered = [b for b in (scatter(rng, "italian", "W", [("w", 7, squares[4:]),
                                                           ("b", 7, squares[:-4])])
                             for _ in range(300)) if b is not None]
    assert sum(map(looks_like_play, scattered)) <= 0.5 * len(scattered)


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

def test_every_topic_has_enough_puzzles(collection, generated):
    assert len(collection) >= COLLECTION_SIZE
    counts = Counter((p.variant, p.topic) for p in generated)
    short = {key: (counts[key], want) for key, want in TARGETS.items() if counts[key] < want}
    assert short == {}
    flying = sum(n for (variant, topic), n in counts.items()
                 if variant in ("international", "brazilian"))
    assert flying >= FLYING_TOTAL
    for variant in ("international", "brazilian"):
        for topic in FLYING_TOPICS:
            assert counts[(variant, topic)] >= 8, (variant, topic)


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


def test_every_earlier_id_keeps_its_position_and_answer(collection):
    # Lessons and children's saved progress name puzzles by id: an id keeps its puzzle. The
    # table holds every id the collection had before it grew, with its position and answer.
    earlier = json.loads((HERE / "fixtures" / "puzzle_answers.json").read_text(encoding="utf-8"))
    now = {p.id: p for p in collection}
    changed = []
    for pid, (fen, kind, answer, *moves) in earlier.items():
        p = now.get(pid)
        if p is None:
            changed.append(pid)
            continue
        lines = p.kind in ("move", "capture", "all-captures")
        now_answer = [" ".join(line) for line in p.solutions] if lines else p.solutions[0]
        if (p.fen, p.kind, now_answer, list(p.moves)) != (fen, kind, answer,
                                                           moves[0] if moves else []):
            changed.append(pid)
    assert changed == []


def test_the_lessons_exercises_are_in_the_collection(collection):
    from dama.core.content.lessons import load_lessons

    ids = {p.id for p in collection}
    assert [i for lesson in load_lessons() for i in lesson.exercises if i not in ids] == []


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


#: A hint may be shared by a few puzzles (two positions can ask the same thing of the same
#: square), never by a whole topic.
MOST_PUZZLES_SHARING_A_HINT = 3


def test_every_puzzle_has_two_graded_hints_about_its_own_position(collection):
    # Hand-written examples included: a child meets them in the lessons too.
    problems = []
    for p in collection:
        for lang in ("it", "en"):
            hints = p.hints.get(lang, ())
            if len(hints) < 2:
                problems.append(f"{p.id}: {len(hints)} {lang} hints, need 2")
            elif len(set(hints)) < len(hints):
                problems.append(f"{p.id}: two {lang} hints are the same")
            # About this position: each hint names something on the board (a square, a
            # count), not a rule alone.
            problems += [f"{p.id}: {lang} hint without a square or a number: {h!r}"
                         for h in hints if not re.search(r"\d", h)]
    assert problems == [], "\n".join(problems)


def test_no_hint_is_repeated_across_a_topic(collection):
    puzzles_with = Counter(h for p in collection for lang in ("it", "en")
                           for h in set(p.hints.get(lang, ())))
    shared = {h: n for h, n in puzzles_with.items() if n > MOST_PUZZLES_SHARING_A_HINT}
    assert shared == {}


def test_every_rule_id_cited_exists():
    known = set(RULE_ID.findall(RULES.read_text(encoding="utf-8")))
    assert len(known) > 40
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
    for path, caps, _ in gen.raw_captures(*board.relative()):
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
            if board.matching(board.parse_squares(text)):
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
    from authoring.puzzles import main

    assert main(["--out", str(tmp_path), "--quiet"]) == 0
    made = sorted(p.name for p in tmp_path.glob("*.toml"))
    kept = sorted(p.name for p in COLLECTIONS.glob("*.toml")
                  if p.name not in (EXAMPLES, "lessons.toml"))  # written by authoring/notebooks.py
    assert made == kept
    differ = [name for name in made
              if (tmp_path / name).read_bytes() != (COLLECTIONS / name).read_bytes()]
    assert differ == [], ("these files differ from what authoring/puzzles/ makes: edit the "
                          "generator and run `python -m authoring.puzzles`")
