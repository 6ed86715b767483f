"""The computer opponent (damalib.engine) and the endgame tables (damalib.endgame)."""

import random
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import random_position
from damalib import Board, VARIANTS
from damalib import endgame
from damalib.endgame import DRAW, probe
from damalib.engine import (LEVELS, MATE, ComputerPlayer, Engine, GreedyPlayer, Player,
                            RandomPlayer, analyse, best_move, evaluate)
from damalib.movegen import movegen

# A shot ("il tiro"): 28-23 gives a man, 20x27 is forced (IT-C1), then the man on 31 takes
# three in one move, 31x22x13x6 (IT-C5).
SHOT = "W:W15,28,31:B9,10,18,20"
# Another: 25-21, 17x26 forced (IT-C1), 29x22x15x6.
SHOT_2 = "W:W10,20,25,29:B4,11,17,19"
# 24-20 blocks the man on 16: it has no move and cannot take 20, since 23 is occupied
# (IT-C2), so Black loses at once (IT-E1).
BLOCK_IN_ONE = "W:W23,24:B16"
# 32-28 gives a man away for nothing, 27-23 lets a man through to promote.
HANG = "W:W26,27,32:B9,11,24"


def turned(fen: str, variant: str = "italian") -> str:
    """The same position with the colours swapped and the board turned round (square n
    becomes N + 1 - n): the same game seen from the other side."""
    board = Board(fen, variant)
    n = board.variant.squares
    white, black = [], []
    for square, piece in board.pieces().items():
        (black if piece.colour == "W" else white).append(
            ("K" if piece.king else "") + str(n + 1 - square))
    turn = "B" if board.turn == "W" else "W"
    return f"{turn}:W{','.join(white)}:B{','.join(black)}"


def turned_move(text: str, squares: int = 32) -> str:
    sep = "x" if "x" in text else "-"
    return sep.join(str(squares + 1 - int(s)) for s in text.split(sep))


def snapshot(board: Board) -> tuple:
    return (board.fen(), list(board.move_stack), board.legal_moves, board.count,
            board.repetitions(), board.outcome())


# -- legality and API contracts --------------------------------------------------------------

# Levels 5 and 6 get a small node budget in the tests (their defaults think for longer).
QUICK = {5: dict(max_nodes=1500), 6: dict(max_nodes=1500)}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_level_plays_a_legal_move_on_random_positions(variant):
    for seed in range(4):
        board = random_position(variant, seed, plies=6 + 11 * seed)
        if not board.legal_moves:
            continue
        before = snapshot(board)
        for level in range(1, 7):
            move = best_move(board, level, seed=seed, **QUICK.get(level, {}))
            assert move in board.legal_moves, (variant, board.fen(), level, move)
            assert snapshot(board) == before


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 10_000),
       plies=st.integers(0, 70), level=st.integers(1, 6))
def test_any_level_any_position_a_legal_move(variant, seed, plies, level):
    board = random_position(variant, seed, plies)
    if not board.legal_moves:
        with pytest.raises(ValueError):
            best_move(board, level, seed=seed, **QUICK.get(level, {}))
        return
    before = snapshot(board)
    move = best_move(board, level, seed=seed, **QUICK.get(level, {}))
    assert move in board.legal_moves
    assert snapshot(board) == before


def test_players_play_whole_games_legally():
    # Short games between every kind of player, in every variant; each move checked.
    players = [RandomPlayer(1), GreedyPlayer(2), ComputerPlayer(1, seed=3),
               ComputerPlayer(3, seed=4), ComputerPlayer(6, seed=5, max_nodes=600)]
    for variant in sorted(VARIANTS):
        board = Board(variant=variant)
        for ply in range(40):
            if board.outcome() is not None:
                break
            player = players[ply % len(players)]
            move = player.choose(board)
            assert move in board.legal_moves
            board.push(move)


def test_players_follow_the_player_protocol():
    def play(player: Player, board: Board):
        return player.choose(board)

    board = Board()
    for player in (RandomPlayer(0), GreedyPlayer(0), ComputerPlayer(2, seed=0)):
        assert play(player, board) in board.legal_moves
        assert repr(player)


def test_a_finished_game_raises_value_error():
    # IT-C3: the man on 32 may not take the king on 28, so White is blocked and has lost
    # (IT-E1): there is no move to choose.
    board = Board("W:W32:BK28")
    assert board.outcome() is not None
    for level in range(1, 7):
        with pytest.raises(ValueError):
            best_move(board, level, **QUICK.get(level, {}))
    for player in (RandomPlayer(0), GreedyPlayer(0), ComputerPlayer(6, max_depth=2)):
        with pytest.raises(ValueError):
            player.choose(board)


def test_unknown_level_is_refused():
    assert sorted(LEVELS) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError):
        best_move(Board(), level=7)
    with pytest.raises(ValueError):
        ComputerPlayer(level=0)


def test_a_single_legal_move_is_played_at_once():
    # IT-C1: the capture 30x23 is compulsory, so it is the only legal move (IT-C2).
    board = Board("W:W30,21:B27")
    assert [str(m) for m in board.legal_moves] == ["30x23"]
    for level in range(1, 7):
        assert str(best_move(board, level)) == "30x23"


def test_best_move_keeps_the_board_and_its_history():
    board = Board()
    for text in ("22-19", "11-15"):
        board.push(text)
    board.push(board.legal_moves[0])  # White must take (IT-C1)
    board.push(board.legal_moves[0])
    board_copy = board.copy()
    before = snapshot(board)
    for level in range(1, 7):
        best_move(board, level, seed=1, **QUICK.get(level, {}))
    analyse(board, max_depth=3)
    assert snapshot(board) == before
    assert board == board_copy
    assert board.pop() == board_copy.pop()


# -- tactics -----------------------------------------------------------------------------------

@pytest.mark.parametrize("fen, shot", [(SHOT, "28-23"), (SHOT_2, "25-21")])
def test_the_shot_is_found_at_small_depth(fen, shot):
    board = Board(fen)
    assert not board.must_capture()
    # Captures are searched to the end (quiescence), so even depth 1 sees the whole shot:
    # the sacrifice, the forced capture (IT-C1) and the multiple capture (IT-C5).
    for depth in (1, 2, 3, 4):
        result = Engine().search(board, max_depth=depth)
        assert str(result.move) == shot
        assert result.score > 150  # two men up after the exchange
    assert str(best_move(board, level=6, max_depth=3)) == shot
    assert str(best_move(board, level=5)) == shot
    # The same shot for Black, on the board turned round.
    black = Board(turned(fen))
    assert str(best_move(black, level=6, max_depth=3)) == turned_move(shot)


def test_the_shot_is_the_sacrifice_and_wins_material():
    board = Board(SHOT)
    result = Engine().search(board, max_depth=3)
    pv = [str(m) for m in result.pv]
    assert pv[:3] == ["28-23", "20x27", "31x6"]
    board.push(result.pv[0])
    assert board.must_capture()  # the sacrifice forces the capture (IT-C1)


def test_a_one_move_win_by_blocking():
    board = Board(BLOCK_IN_ONE)
    assert str(best_move(board, level=6, max_depth=2)) == "24-20"
    board.push("24-20")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == "W" and outcome.rule == "IT-E1"


def test_the_search_finds_a_forced_win_and_its_length():
    # Two kings against one, without the endgame tables: the search alone sees the win.
    tables = endgame.tables("italian")
    probe(Board("W:WK1,K2:BK32"))
    wins = sorted(fen for fen in (Board(f"W:WK{a},K{b}:BK{c}").fen()
                                  for a, b, c in [(9, 14, 5), (15, 10, 1), (23, 19, 28),
                                                  (21, 22, 25), (20, 11, 4)]))
    found = 0
    for fen in wins:
        board = Board(fen)
        value = tables.value(*board.relative())
        if value == DRAW or value > 5:
            continue
        result = Engine().search(board, max_depth=value + 2, endgame=False)
        assert result.score == MATE - value, fen
        line = board.copy()
        for move in result.pv:
            line.push(move)
        assert line.outcome() is not None and line.outcome().winner == "W"
        found += 1
    assert found >= 2


def test_level_6_does_not_walk_into_a_capture_but_level_1_may():
    # A quiet position where 32-28 just gives a man away (24x31, which even promotes,
    # IT-C7) and 27-23 lets the man on 24 run through to promote (24-28-31/32).
    board = Board(HANG)
    losing = []
    for move in board.legal_moves:
        board.push(move)
        reply = Engine().search(board, max_depth=4)
        board.pop()
        if reply.score > 60:  # good for Black after it
            losing.append(str(move))
    assert sorted(losing) == ["27-23", "32-28"]
    assert str(best_move(board, level=6, max_depth=4)) not in losing
    assert str(best_move(board, level=5)) not in losing
    # Level 1 does not look at the answer: sometimes it plays a losing move.
    assert set(losing) & {str(best_move(board, 1, seed=s)) for s in range(30)}


def test_low_levels_make_human_mistakes_but_high_levels_do_not():
    board = Board(SHOT)
    level1 = {str(best_move(board, 1, seed=s)) for s in range(30)}
    level6 = {str(best_move(board, 6, seed=s, max_depth=3)) for s in range(5)}
    assert level6 == {"28-23"}
    assert len(level1) > 1  # level 1 looks at its own move only and misses the shot at times
    assert "28-23" in level1 or len(level1) > 2


# -- determinism ---------------------------------------------------------------------------

def test_levels_are_deterministic_under_a_seed():
    positions = [random_position("italian", s, 10 + 7 * s) for s in range(5)]
    positions = [b for b in positions if len(b.legal_moves) > 1]
    for level in range(1, 5):
        for board in positions:
            first = [best_move(board, level, seed=s) for s in range(3)]
            again = [best_move(board, level, seed=s) for s in range(3)]
            assert first == again
    # Level 5 has no randomness but a node budget: deterministic too.
    board = positions[0]
    assert best_move(board, 5, seed=1) == best_move(board, 5, seed=2)


def test_level_6_with_a_depth_or_node_limit_is_deterministic():
    board = random_position("italian", 3, 14)
    assert best_move(board, 6, max_depth=5) == best_move(board, 6, max_depth=5)
    assert best_move(board, 6, max_nodes=3000) == best_move(board, 6, max_nodes=3000)
    a = Engine().search(board, max_nodes=3000)
    b = Engine().search(board, max_nodes=3000)
    assert (a.move, a.score, a.depth, a.nodes) == (b.move, b.score, b.depth, b.nodes)


def test_a_seeded_game_replays_exactly():
    def game(seed):
        white, black = ComputerPlayer(2, seed=seed), ComputerPlayer(3, seed=seed + 1)
        board = Board()
        while board.outcome() is None and len(board.move_stack) < 40:
            board.push((white if board.turn == "W" else black).choose(board))
        return board.notation()

    assert game(7) == game(7)
    assert game(7) != game(8)


def test_the_time_limit_is_respected():
    board = random_position("italian", 5, 12)
    start = time.perf_counter()
    result = Engine().search(board, time_limit=0.3)
    assert time.perf_counter() - start < 1.5
    assert result.move in board.legal_moves and result.depth >= 1


def test_search_result_reports_depth_nodes_and_pv():
    board = Board()
    result = analyse(board, max_depth=4, time_limit=None)
    assert result.depth == 4 and result.nodes > 0
    assert result.pv and result.pv[0] == result.move
    replay = board.copy()
    for move in result.pv:  # the principal variation is a legal line
        assert move in replay.legal_moves
        replay.push(move)


# -- evaluation -----------------------------------------------------------------------------

@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_evaluation_is_the_same_for_either_colour(variant):
    for seed in range(6):
        board = random_position(variant, seed, 5 + 9 * seed)
        if board.outcome() is not None:
            continue
        other = Board(turned(board.fen(), variant), variant)
        assert evaluate(board) == evaluate(other)


def test_evaluation_sign_is_the_side_to_move():
    assert evaluate(Board("W:W21,22:B5")) > 50      # White to move, a man up
    assert evaluate(Board("B:W21,22:B5")) < -50     # Black to move, a man down
    assert evaluate(Board()) == 0                   # the start is symmetrical
    assert evaluate(Board("W:WK21:B5")) > evaluate(Board("W:W21:B5"))  # a king beats a man
    # A finished game: White is blocked (IT-C3, IT-E1).
    assert evaluate(Board("W:W32:BK28")) == -MATE


def test_flying_kings_are_worth_about_three_men():
    italian = evaluate(Board("W:WK18:B3,4")) - evaluate(Board("W:W18:B3,4"))
    brazilian = (evaluate(Board("W:WK18:B3,4", "brazilian"))
                 - evaluate(Board("W:W18:B3,4", "brazilian")))
    assert brazilian > italian > 100


def test_a_man_no_enemy_piece_can_stop_is_worth_more_while_the_enemy_has_no_king():
    # International endgame: White's man on 36 has seven rows to walk. A black man on 11
    # stands in the widening cone ahead of it (it could be stopped); on 15, the same row, it
    # does not, and the man runs free. A black king stops any man: no bonus then.
    def value(fen: str) -> int:
        return evaluate(Board(fen, "international"))

    assert value("W:W36,50:B15") > value("W:W36,50:B11")
    assert value("W:W36,50:B15,K3") == value("W:W36,50:B11,K3")
    # A third black man in the cone (12) stops it whichever square the other holds.
    assert value("W:W36,50:B15,12") == value("W:W36,50:B11,12")


def test_greedy_player_takes_material_first():
    # IT-C7 promotion is worth more than a plain move; GreedyPlayer always promotes here.
    board = Board("W:W5,22:B20")
    for seed in range(5):
        move = GreedyPlayer(seed).choose(board)
        assert move.start == 5


# -- endgames --------------------------------------------------------------------------------

def _brute_force(gen, pos, plies):
    """(side to move wins within plies, side to move loses within plies), plain minimax."""
    memo = {}

    def wins(p, d):
        key = (p, d, "w")
        if key not in memo:
            recs = gen.legal(*p)
            memo[key] = bool(recs) and d > 0 and any(
                loses((*gen.apply(*p, r), not p[4]), d - 1) for r in recs)
        return memo[key]

    def loses(p, d):
        key = (p, d, "l")
        if key not in memo:
            recs = gen.legal(*p)
            memo[key] = not recs or (d > 0 and all(
                wins((*gen.apply(*p, r), not p[4]), d - 1) for r in recs))
        return memo[key]

    return wins(pos, plies), loses(pos, plies)


def test_endgame_values_agree_with_plain_minimax():
    board = Board("W:WK1,K2:BK32")
    tables = endgame.tables("italian")
    gen = movegen(board.variant)
    rng = random.Random(4)
    checked = 0
    for material in ("W:WK{},K{}:BK{}", "B:WK{},K{}:BK{}", "W:WK{},{}:BK{}", "W:W{},{}:B{}",
                     "W:WK{}:B{},{}"):
        for _ in range(25):
            squares = rng.sample(range(5, 29), 3)
            board = Board(material.format(*squares))
            pos = board.relative()
            value = tables.value(*pos)
            if value == DRAW or value > 9:
                continue
            win, lose = _brute_force(gen, pos, value)
            assert (win, lose) == (value % 2 == 1, value % 2 == 0), board.fen()
            if value >= 2:  # and not sooner
                win, lose = _brute_force(gen, pos, value - 2)
                assert not win and not lose, board.fen()
            checked += 1
    assert checked > 20


def test_endgame_values_are_consistent_with_their_children():
    tables = endgame.tables("italian")
    probe(Board("W:WK1,22:BK32"))  # builds K+M v K and what it leads to
    gen = movegen(Board().variant)
    rng = random.Random(9)
    keys = rng.sample(sorted(tables._values), 1500)
    for key in keys:
        value = tables._values[key]
        pos = (*key, True)
        recs = gen.legal(*pos)
        if not recs:
            assert value == 0
            continue
        kids = [tables.value(*gen.apply(*pos, r), False) for r in recs]
        lost = [v for v in kids if v != DRAW and v % 2 == 0]
        if lost:
            assert value == min(lost) + 1
        elif DRAW in kids:
            assert value == DRAW
        else:
            assert value == max(kids) + 1


def test_two_kings_against_one_are_won_and_king_against_king_is_drawn():
    assert probe(Board("W:WK29,K30:BK4"))[0] == "win"   # even from the double corner
    assert probe(Board("B:WK29,K30:BK4"))[0] == "loss"
    assert probe(Board("W:WK29:BK4")) == ("draw", 0)
    assert probe(Board("W:WK1,K2,K3,K5:BK32")) is None  # more than three pieces
    assert probe(Board(variant="international")) is None


@pytest.mark.parametrize("fen", ["W:WK29,K30:BK4", "W:WK32,K31:BK1", "B:WK13,K20:BK4",
                                 "W:WK22,K23:BK8"])
def test_level_6_converts_two_kings_against_one(fen):
    # Against the best defence (the tables, through level 6 too) and against a random king.
    for defender in (ComputerPlayer(6, max_nodes=500), RandomPlayer(1)):
        board = Board(fen)
        strong = "W"
        attacker = ComputerPlayer(6, max_nodes=500)
        if board.turn == strong:
            board.push(attacker.choose(board))
        # The lone king calls the 40-move count at once (IT-D2): the win must come in time.
        board.call_count()
        while board.outcome() is None:
            player = attacker if board.turn == strong else defender
            board.push(player.choose(board))
        outcome = board.outcome()
        assert outcome.winner == strong, (fen, board.notation())
        assert len(board.move_stack) <= 80


def test_level_6_wins_king_and_man_against_king():
    board = Board("W:WK1,22:BK32")
    assert probe(board) == ("win", 39)
    attacker, defender = ComputerPlayer(6, max_nodes=500), ComputerPlayer(6, max_nodes=500)
    while board.outcome() is None:
        board.push((attacker if board.turn == "W" else defender).choose(board))
    assert board.outcome().winner == "W"
    assert len(board.move_stack) == 39


def test_endgame_best_move_is_legal_and_keeps_the_value():
    board = Board("W:WK10,K19:BK28")
    result, plies = probe(board)
    move = endgame.best_move(board)
    assert move in board.legal_moves
    board.push(move)
    assert probe(board) == ("loss", plies - 1)


def test_what_a_position_is_worth_in_words_a_club_understands():
    # From the endgame tables where they know (IT-E1: the side left without moves loses),
    # else from the search: a win seen to its end; else the material as the pieces show it,
    # and the computer's estimate said as an estimate.
    from damalib.engine import analyse, verdict_words
    from damalib.endgame import probe

    kings = Board("W:WK22,K23:BK4")
    assert probe(kings) == ("win", 25)
    assert verdict_words(kings, lang="it") == "Vince il Bianco in 13 mosse."
    assert verdict_words(Board("B:WK22,K23:BK4"), lang="en").startswith("White wins in")
    assert verdict_words(Board("W:WK29:BK4"), lang="it") == "Con il gioco migliore è patta."
    shot = Board("W:W22,27,30:B6,15,18,23")
    assert verdict_words(shot, analyse(shot, max_depth=6, time_limit=None), "it") == \
        "Vince il Bianco in 2 mosse."
    ahead = Board("W:W21,22,23,24,25:B1,2,3,4")
    found = analyse(ahead, max_depth=4, time_limit=None)
    assert 50 <= found.score < 300
    assert verdict_words(ahead, found, "it") == \
        "Il Bianco ha una pedina in più. Il computer pensa che il Bianco stia meglio."
    assert verdict_words(ahead, found, "en") == \
        "White has one man more. The computer thinks White stands better."
    level = Board("W:W21,22:B1,2")
    assert verdict_words(level, analyse(level, max_depth=4, time_limit=None), "it") == \
        "Le forze sono pari. Il computer pensa che la posizione sia più o meno pari."
    assert verdict_words(level, None, "it") == ""     # no search, no tables: nothing said
    # A king is not said as «two men ahead»: the pieces are counted as the board shows them.
    kings_and_men = Board("W:W21,22,23,K4:B1,2,K9,K10")
    assert verdict_words(kings_and_men, analyse(kings_and_men, max_depth=3, time_limit=None),
                         "it").startswith("Bianco: 3 pedine e 1 dama; Nero: 2 pedine e 2 dame.")


# -- the sharper search (issue 38, item 5) ---------------------------------------------------

PROBLEMS = Path(__file__).resolve().parent.parent / "benchmarks" / "problems"
#: Published problems (file, number) the engine solves within a node budget, and today's
#: engine (commit 49fc8e5) did not: it played 28-23, 24-20, 30-24, 6-1 and 41-37 there. C81
#: ends in a race of men: found once the man no piece can stop is valued (40,000 nodes).
SOLVED_AT_A_BUDGET = [("Cat.C1.pdn", "C15", 20_000), ("Cat.C1.pdn", "C75", 20_000),
                      ("Cat.D1.pdn", "D52", 20_000), ("PWCP_2a.pdn", "A28", 20_000),
                      ("Cat.C1.pdn", "C81", 40_000)]


def published_problem(file: str, number: str) -> tuple[Board, str]:
    """A composed problem of benchmarks/problems (its position, its published first move)."""
    from damalib.pdn import load_games

    for game in load_games(PROBLEMS / file):
        if game.is_problem and (game.tag("Round") or game.tag("Event")) == number:
            board = game.board(0)
            return board, board.move_text(game.mainline[0].move)
    raise LookupError(number)


@pytest.mark.parametrize("file, number, nodes", SOLVED_AT_A_BUDGET)
def test_published_problems_are_solved_within_a_node_budget(file, number, nodes):
    # International composed problems («White to play and win»): the published first move,
    # found within a fixed number of nodes, so on any machine.
    board, solution = published_problem(file, number)
    assert board.variant.name == "international"
    assert board.move_text(Engine(board.variant).search(board, max_nodes=nodes).move) == \
        solution


def test_a_node_budget_gives_the_same_answers_whatever_the_clock_says(monkeypatch):
    # The analysis page thinks within a budget of nodes, one depth at a time: the same
    # position and budget give the same steps on a fast or a slow machine. A clock that
    # jumps a minute at every look must change nothing.
    board, _ = published_problem("Cat.B1.pdn", "B71")
    italian = random_position("italian", 3, 14)

    def steps(position):
        return [(r.move, r.score, r.depth, r.nodes, r.pv)
                for r in Engine(position.variant).think(position, max_nodes=4000)]

    quiet = [steps(board), steps(italian)]
    ticks = iter(range(0, 10**9, 60))
    monkeypatch.setattr("damalib.engine.time.perf_counter", lambda: float(next(ticks)))
    assert [steps(board), steps(italian)] == quiet
    assert len(quiet[0]) > 2 and len(quiet[1]) > 2


def test_stop_between_two_depths_ends_the_thinking():
    board = random_position("international", 2, 20)
    engine = Engine(board.variant)
    steps = engine.think(board, max_nodes=50_000)
    first = next(steps)
    engine.stop()
    assert list(steps) == []
    assert first.depth == 1 and first.move in board.legal_moves


def test_the_noisy_levels_count_every_ply_and_level_5_has_a_fixed_budget():
    # Levels 1-4 search as their docstrings say, without the extensions (a capture costs a
    # ply like any move). Level 1 looks at its own move only: the sacrifice 28-23 is worth
    # no more to it than a quiet move, where the full search sees the shot.
    assert [LEVELS[n].extensions for n in range(1, 7)] == [False] * 4 + [True] * 2
    board = Board(SHOT)
    shot = next(m for m in board.legal_moves if str(m) == "28-23")
    level_1 = Engine().search(board, max_depth=LEVELS[1].depth, quiescence=False,
                              all_scores=True, extensions=False)
    assert level_1.scores[shot] < 50 < Engine().search(board, max_depth=1).score - 100
    # Level 5: no deliberate mistakes, a fixed node budget, the same move every time.
    position = random_position("italian", 4, 16)
    assert LEVELS[5].max_nodes == 8_000
    assert len({best_move(position, 5, seed=s) for s in range(3)}) == 1
