"""The engine's compiled core (damacore: draughts.c built to WebAssembly) against the rules
in Python (damalib.movegen, the reference): the same legal moves and the same perft, on the
starts, on random games and on random placements with kings, in every variant.

`make test` builds the core first: here it must load (a test environment without it fails,
rather than skip the comparison)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damalib import VARIANTS, Board, perft
import damacore

from test_perft import START_FENS, TABLE

VARIANT_NAMES = sorted(VARIANTS)


@pytest.fixture(scope="module")
def cores():
    loaded = {name: damacore.load(name) for name in VARIANT_NAMES}
    missing = [name for name, core in loaded.items() if core is None]
    assert not missing, f"the compiled core did not load ({damacore.MODULE}): run make"
    return loaded


def moves_in_python(board: Board) -> set:
    return {(m.start, m.end, frozenset(m.captures)) for m in board.legal_moves}


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_perft_from_the_start_is_the_rules_table(cores, variant):
    # IT-B3, INT-B2, BR-B1: the counts of docs/RULES.md section 6, to depth 6.
    board = Board(START_FENS[variant], variant)
    assert [cores[variant].perft(board, d) for d in range(7)] == TABLE[variant]


def random_game(variant: str, seed: int, plies: int) -> Board:
    rng = random.Random(seed)
    board = Board(variant=variant)
    for _ in range(plies):
        if board.outcome() is not None:
            break
        board.push(rng.choice(list(board.legal_moves)))
    return board


def random_placement(variant: str, seed: int) -> Board | None:
    """Men and kings of both sides anywhere they may stand: captures by kings, long chains,
    Italian precedence (IT-P1 to IT-P4) and flying kings (INT-C2, INT-C3) come up often."""
    rng = random.Random(seed)
    geo = Board(variant=variant).variant.geometry
    n, h = geo.squares, geo.half
    sides: dict[str, list[str]] = {"W": [], "B": []}
    for square in rng.sample(range(1, n + 1), rng.randrange(3, 16)):
        colour = rng.choice("WB")
        far_row = square <= h if colour == "W" else square > n - h
        king = far_row or rng.random() < 0.4   # a man never stands on its far row
        sides[colour].append(("K" if king else "") + str(square))
    if not sides["W"] or not sides["B"]:
        return None
    return Board(f"{rng.choice('WB')}:W{','.join(sides['W'])}:B{','.join(sides['B'])}",
                 variant)


@settings(max_examples=120, deadline=None)
@given(variant=st.sampled_from(VARIANT_NAMES), seed=st.integers(0, 10**6),
       plies=st.integers(0, 90))
def test_random_games_give_the_same_moves_and_perft(cores, variant, seed, plies):
    board = random_game(variant, seed, plies)
    core = cores[variant]
    assert set(core.legal_moves(board)) == moves_in_python(board)
    assert core.perft(board, 3) == perft(board, 3)


@settings(max_examples=300, deadline=None)
@given(variant=st.sampled_from(VARIANT_NAMES), seed=st.integers(0, 10**6))
def test_random_placements_with_kings_give_the_same_moves_and_perft(cores, variant, seed):
    board = random_placement(variant, seed)
    if board is None:
        return
    core = cores[variant]
    moves = core.legal_moves(board)
    assert len(moves) == len(set(moves))                # each move once
    assert set(moves) == moves_in_python(board)
    assert core.perft(board, 3) == perft(board, 3)


def test_the_capture_rules_of_each_variant(cores):
    def moves(variant: str, fen: str) -> set:
        board = Board(fen, variant)
        found = set(cores[variant].legal_moves(board))
        assert found == moves_in_python(board)
        return found

    # IT-C3: an Italian man does not take a king, so the man on 22 just moves.
    assert moves("italian", "W:W22:BK18") == {(22, 19, frozenset())}
    # IT-P2: the man on 27 and the king on 28 can each take one piece; the king must.
    assert moves("italian", "W:W27,K28:B23,24") == {(28, 19, frozenset({23}))}
    # IT-P1: the king takes two, where the man would take one.
    assert moves("italian", "W:W22,K23:B18,19") == {(23, 21, frozenset({18, 19}))}
    # INT-C2: a flying king takes from afar and lands on any free square beyond.
    assert moves("international", "W:WK46:B28") == {
        (46, end, frozenset({28})) for end in (23, 19, 14, 10, 5)}
    # INT-C1: an International man takes backwards too.
    assert moves("international", "W:W23:B28") == {(23, 32, frozenset({28}))}


def test_a_position_of_another_variant_is_refused(cores):
    with pytest.raises(ValueError):
        cores["international"].legal_moves(Board())


# -- the compiled search (damalib.engine's full-strength search, compiled) -----------------

@settings(max_examples=200, deadline=None)
@given(variant=st.sampled_from(VARIANT_NAMES), seed=st.integers(0, 10**6),
       placed=st.booleans(), plies=st.integers(0, 120))
def test_the_evaluation_is_damalibs(cores, variant, seed, placed, plies):
    from damalib.engine import evaluate

    board = random_placement(variant, seed) if placed else random_game(variant, seed, plies)
    if board is None or board.outcome() is not None:
        return
    assert cores[variant].evaluate(board) == evaluate(board)


#: Composed International problems (benchmarks/problems) and the nodes within which the
#: compiled search finds the published first move: 200,000 nodes is about 0.15 s compiled
#: and 2 s in Python. B52 (1,000,000 nodes) the Python search does not find within 400,000.
SOLVED = [("Cat.A1.pdn", "A1", 200_000), ("Cat.C1.pdn", "C22", 200_000),
          ("Cat.B1.pdn", "B65", 400_000), ("Cat.C1.pdn", "C81", 200_000),
          ("Cat.B1.pdn", "B52", 1_000_000)]


@pytest.mark.parametrize("file, number, nodes", SOLVED)
def test_the_compiled_search_finds_the_published_first_move(file, number, nodes):
    from test_engine import published_problem

    board, solution = published_problem(file, number)
    found = damacore.load(board.variant).search(board, max_nodes=nodes)
    assert board.move_text(found.move) == solution
    assert found.nodes <= nodes and found.depth >= 6
    # The line it expects, from the table: legal move after move, starting with its move.
    assert found.pv[0] == found.move and len(found.pv) >= 2
    replay = board.copy()
    for move in found.pv:
        assert move in replay.legal_moves
        replay.push(move)


def test_a_node_budget_gives_the_same_answer_every_time():
    board = random_game("international", 11, 40)
    first = damacore.load("international").search(board, max_nodes=30_000)
    again = damacore.load("international").search(board, max_nodes=30_000)
    assert (first.move, first.score, first.depth, first.nodes, first.pv) == (
        again.move, again.score, again.depth, again.nodes, again.pv)


def test_a_won_position_is_scored_as_the_win_it_is():
    # A king against a lone man that cannot escape: the search proves the win (a mate score,
    # the plies to it counted), as damalib's does.
    from damalib.engine import MATE, Engine

    board = Board("W:WK46:B28", "international")
    found = damacore.load("international").search(board, max_nodes=50_000)
    assert found.move in board.legal_moves and found.score > MATE - 100
    python = Engine("international").search(board, max_nodes=50_000)
    assert python.score == found.score


def test_a_time_limit_is_kept():
    import time

    board = Board(variant="international")
    started = time.perf_counter()
    damacore.load("international").search(board, time_limit=0.2)
    assert time.perf_counter() - started < 1.0


# -- the engine the course uses: depth by depth, stopped, and damalib's where the core has no
# -- answer of its own

def test_the_compiled_engine_thinks_depth_by_depth_and_its_last_step_is_the_search():
    board = random_game("italian", 5, 12)
    steps = list(damacore.engine_for("italian").think(board, max_nodes=60_000))
    assert [s.depth for s in steps[:-1]] == list(range(1, len(steps)))
    assert steps[-1].depth >= steps[-2].depth and steps[-1].nodes <= 60_000
    assert all(s.move in board.legal_moves and s.pv[0] == s.move for s in steps)
    found = damacore.engine_for("italian").search(board, max_nodes=60_000)
    assert (found.move, found.score, found.depth, found.nodes) == (
        steps[-1].move, steps[-1].score, steps[-1].depth, steps[-1].nodes)


def test_a_stop_between_two_depths_ends_the_thinking_with_the_depths_done():
    engine = damacore.engine_for("international")
    steps = engine.think(Board(variant="international"))
    first = next(steps)
    engine.stop()
    assert first.depth == 1 and list(steps) == []


def test_a_stop_from_another_thread_ends_a_search_with_no_limit():
    # The analysis board thinks in a thread and «Ferma» stops it from the page's: whether
    # the stop comes between two depths or inside one, the search ends with a legal move.
    import threading

    engine = damacore.engine_for("international")
    board = Board(variant="international")
    results, begun = [], threading.Event()

    def think():
        for result in engine.think(board):
            results.append(result)
            if result.depth == 3:
                begun.set()

    thread = threading.Thread(target=think)
    thread.start()
    assert begun.wait(60)
    engine.stop()
    thread.join(60)
    assert not thread.is_alive()
    assert results[-1].move in board.legal_moves and results[-1].depth < 64


def test_what_the_core_does_not_search_goes_to_damalibs_engine():
    from damalib.engine import Engine

    engine = damacore.engine_for("italian")
    assert isinstance(engine, damacore.CompiledEngine)
    board = random_game("italian", 3, 10)
    # the noisy levels: every first move scored, as damalib's engine scores them
    noisy = engine.search(board, max_depth=3, quiescence=True, all_scores=True,
                          extensions=False, endgame=False)
    python = Engine("italian").search(board, max_depth=3, quiescence=True, all_scores=True,
                                      extensions=False, endgame=False)
    assert noisy.scores == python.scores and set(noisy.scores) == set(board.legal_moves)
    # a Dama Italiana endgame the tables settle (IT-E1): their answer, depth 0, at once
    ending = Board("W:WK1,K2:BK32")
    assert not engine.compiled_for(ending)
    tables = engine.search(ending)
    assert tables.depth == 0 and tables.score > 0
    assert engine.compiled_for(ending, endgame=False)
    # International has no tables: the core searches its endgames
    assert damacore.engine_for("international").compiled_for(Board("W:WK46:B28",
                                                                     "international"))


def test_without_the_core_the_engine_is_damalibs(monkeypatch, tmp_path):
    from damalib.engine import Engine

    monkeypatch.setattr(damacore, "MODULE", tmp_path / "missing.wasm")
    monkeypatch.setattr(damacore, "_compiled", None)
    assert damacore.load("italian") is None
    assert type(damacore.engine_for("italian")) is Engine


def test_a_corrupt_core_is_said_in_the_log_and_damalibs_engine_plays(monkeypatch, tmp_path,
                                                                     caplog):
    from damalib.engine import Engine

    broken = tmp_path / "draughts.wasm"
    broken.write_bytes(b"\0asm" + bytes(40))
    monkeypatch.setattr(damacore, "MODULE", broken)
    monkeypatch.setattr(damacore, "_compiled", None)
    engine = damacore.engine_for("italian")
    assert type(engine) is Engine and engine.search(Board(), max_depth=2).depth == 2
    assert "cannot run here" in caplog.text
    caplog.clear()
    assert damacore.load("italian") is None and not caplog.text     # said once


def test_the_course_opponent_plays_a_whole_game_with_the_compiled_engine():
    # Level 5 (a budget of positions) is deterministic: the same game twice.
    from dama.core.opponent import computer_player

    def game():
        board, white, black = Board(), computer_player(5), computer_player(5)
        while board.outcome() is None and len(board.move_stack) < 80:
            board.push((white if board.turn == "W" else black).choose(board))
        return board.move_stack

    first = game()
    assert first == game() and len(first) >= 20


def test_a_core_no_one_uses_is_freed():
    # Each «Migliore mossa» makes a fresh engine (24 MB of table): the clock the core's
    # runtime holds must not keep the core alive, or a club evening's clicks fill the memory.
    import gc
    import weakref

    engine = damacore.engine_for("italian")
    engine.search(Board(), max_nodes=2_000)
    freed = weakref.ref(engine.core)
    del engine
    gc.collect()
    assert freed() is None
