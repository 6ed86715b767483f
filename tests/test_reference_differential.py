"""Differential tests: damalib against the independent reference generator (tests/reference.py),
which follows RULES.md directly: IT-M1, IT-M2, IT-C1..IT-C7, IT-K1, IT-P1..IT-P5 for Dama
Italiana; INT-M1, INT-M2, INT-C1..INT-C3, INT-K1, INT-P1 for the international rules, on the
10x10 board (INT-B1) and on the 8x8 boards of the Brazilian (BR-B1, BR-B2) and Filipino games.

For every position the two must agree on the set of moves, compared as
(start, end, captured set) -- chains that differ only in the order of the same pieces between
the same squares are one move (RULES.md section 6) -- and every path damalib reports, with its
captures in order, must be a legal chain of the reference (so IT-P4, which depends on the
order, is checked too). After each move the resulting position must agree as well (IT-C6:
captured pieces lifted; IT-C7/IT-K1/INT-K1: promotion).
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference as R
from damalib import Board, perft

VARIANTS = ["italian", "international", "brazilian", "filipino"]


@st.composite
def positions(draw, variant):
    """A random legal position: men and kings of both colours on dark squares, no man on its
    own promotion row (White men never on 1..h, Black men never on the last h squares)."""
    n = R.square_count(variant)
    h = R.board_size(variant) // 2
    count = draw(st.integers(0, n))
    squares = draw(st.permutations(range(1, n + 1)))[:count]
    mix = draw(st.sampled_from(["men", "few kings", "kings"]))
    kinds = {"men": "wwwwwwbbbbbbWB", "few kings": "wwwbbbWB", "kings": "wbWWBB"}[mix]
    position = {}
    for square in squares:
        allowed = [k for k in kinds
                   if not (k == "w" and square <= h) and not (k == "b" and square > n - h)]
        position[square] = draw(st.sampled_from(allowed))
    turn = draw(st.sampled_from("WB"))
    return position, turn


def symbols(board):
    return {s: p.symbol for s, p in board.pieces().items()}


def check_position(board, position, turn, variant):
    """damalib and the reference agree on this position and on every position after it."""
    assert board.turn == turn
    assert symbols(board) == position
    moves = board.legal_moves
    chains = R.legal_chains(position, turn, variant)
    expected = {R.key_of(p, c) for p, c in chains}
    got = [R.key_of(m.path, m.captures) for m in moves]
    fen = board.fen()
    assert set(got) == expected, (
        f"{variant} {fen}: damalib {sorted(str(m) for m in moves)} "
        f"missing {sorted(expected - set(got), key=str)} extra {sorted(set(got) - expected, key=str)}")
    assert len(got) == len(set(got)), f"{variant} {fen}: duplicate moves {moves}"
    for m in moves:
        # The path and the order of the captures are a real legal chain (IT-C5, IT-P4).
        assert (m.path, m.captures) in chains, f"{variant} {fen}: {m!r} is not a legal chain"
        # IT-N: the full path is written when the short form is ambiguous: another move
        # shares start and end (or the chain comes back to its start, which damalib also
        # writes whole: "7x7" would tell nothing).
        shared = sum(1 for o in moves if (o.path[0], o.path[-1]) == (m.path[0], m.path[-1]))
        if m.captures and (shared > 1 or m.path[0] == m.path[-1]):
            assert str(m) == "x".join(map(str, m.path))
        else:
            assert str(m) == f"{m.path[0]}{'x' if m.captures else '-'}{m.path[-1]}"
    return moves


def check_children(board, position, turn, variant):
    moves = check_position(board, position, turn, variant)
    for m in moves:
        board.push(m)
        try:
            assert board.turn == R.other(turn)  # IT-B4: the players alternate
            assert symbols(board) == R.apply_move(position, m.path, m.captures, variant), (
                f"{variant}: after {m!r} damalib has {board.fen()}")
        finally:
            board.pop()


def _random_positions_agree(variant, data):
    position, turn = data
    board = Board(R.to_fen(position, turn), variant)
    check_children(board, position, turn, variant)


# Quick runs: about 2 s per variant.
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_positions_agree_with_reference(variant, data):
    _random_positions_agree(variant, data.draw(positions(variant)))


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_positions_agree_with_reference_many(variant, data):
    _random_positions_agree(variant, data.draw(positions(variant)))


def _playout(variant, choices):
    """Random legal moves from the start, comparing with the reference at every ply."""
    board = Board(variant=variant)
    position, turn = R.start_position(variant), "W"
    for choice in choices:
        moves = check_position(board, position, turn, variant)
        if not moves:
            assert board.outcome() is not None  # IT-E1 / INT-E1: blocked or no pieces
            break
        move = moves[choice % len(moves)]
        board.push(move)
        position = R.apply_move(position, move.path, move.captures, variant)
        turn = R.other(turn)
        assert symbols(board) == position, f"{variant}: after {move!r} damalib has {board.fen()}"


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices=st.lists(st.integers(0, 10**6), min_size=80, max_size=80))
def test_random_playouts_agree_with_reference(variant, choices):
    _playout(variant, choices)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices=st.lists(st.integers(0, 10**6), min_size=150, max_size=150))
def test_random_playouts_agree_with_reference_many(variant, choices):
    _playout(variant, choices)


# -- perft() has its own code path in damalib: check it on random positions too -------------

@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_perft_of_random_positions_agrees_with_reference(variant, data):
    # RULES.md section 6 counting (order-only duplicates once) from any position.
    position, turn = data.draw(positions(variant))
    board = Board(R.to_fen(position, turn), variant)
    for depth in (1, 2):
        assert perft(board, depth) == R.perft(position, turn, variant, depth), (
            f"{variant} {board.fen()} depth {depth}")


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_perft_of_random_positions_agrees_with_reference_deeper(variant, data):
    position, turn = data.draw(positions(variant))
    board = Board(R.to_fen(position, turn), variant)
    for depth in (1, 2, 3):
        assert perft(board, depth) == R.perft(position, turn, variant, depth), (
            f"{variant} {board.fen()} depth {depth}")


# -- the reference itself against RULES.md section 6 ------------------------------------------

TABLE = {
    "italian": [1, 7, 49, 302, 1469, 7361, 36473],
    "brazilian": [1, 7, 49, 302, 1469, 7473, 37628],
    "international": [1, 9, 81, 658, 4265, 27117, 167140],
}


@pytest.mark.parametrize("variant", list(TABLE))
@pytest.mark.parametrize("depth", [0, 1, 2, 3, 4])
def test_reference_reproduces_perft_table(variant, depth):
    assert R.perft(R.start_position(variant), "W", variant, depth) == TABLE[variant][depth]


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(TABLE))
@pytest.mark.parametrize("depth", [5, 6])
def test_reference_reproduces_perft_table_deep(variant, depth):
    assert R.perft(R.start_position(variant), "W", variant, depth) == TABLE[variant][depth]


def test_reference_numbering_corners():
    # IT-B2: 1 = a8, 32 = h1; INT-B1: 1 = b10, 46 = a1, 50 = i1; BR-B2: 1 = b8, 29 = a1, 32 = g1.
    assert R.rc_of(1, "italian") == (0, 0) and R.rc_of(32, "italian") == (7, 7)
    assert R.rc_of(1, "international") == (0, 1) and R.rc_of(46, "international") == (9, 0)
    assert R.rc_of(50, "international") == (9, 8)
    assert R.rc_of(1, "brazilian") == (0, 1) and R.rc_of(29, "brazilian") == (7, 0)
    assert R.rc_of(32, "brazilian") == (7, 6)
    for v in VARIANTS:
        for s in range(1, R.square_count(v) + 1):
            assert R.square_of(*R.rc_of(s, v), v) == s


# -- positions mined for the rarer rules ---------------------------------------------------------

def _random_position(rng, variant, kinds, lo, hi):
    n = R.square_count(variant)
    h = R.board_size(variant) // 2
    position = {}
    for square in rng.sample(range(1, n + 1), rng.randint(lo, hi)):
        allowed = [k for k in kinds
                   if not (k == "w" and square <= h) and not (k == "b" and square > n - h)]
        position[square] = rng.choice(allowed)
    return position


def _mine_italian(wanted, per_rule, max_tries):
    """Deterministic random Italian positions in which the given precedence filter decides
    (it removes at least one capture that survived the earlier filters)."""
    rng = random.Random(20240601)
    found = {rule: [] for rule in wanted}
    index = {"IT-P1": 1, "IT-P2": 2, "IT-P3": 3, "IT-P4": 4}
    for _ in range(max_tries):
        if all(len(v) >= per_rule for v in found.values()):
            break
        kinds = rng.choice(["WWbbbBBB", "wWbbBB", "wWWbBB", "bBBwwwWW", "wwwbbbWB"])
        turn = rng.choice("WB")
        position = _random_position(rng, "italian", kinds, 8, 26)
        trace = []
        chains = R.legal_chains(position, turn, "italian", trace)
        if not trace:
            continue
        for rule in wanted:
            i = index.get(rule)
            decides = (trace[i] < trace[i - 1] if i is not None else
                       len({R.key_of(p, c) for p, c in chains}) < len(chains))
            if decides and len(found[rule]) < per_rule:
                found[rule].append((position, turn))
    return found


_MINED = None


def _mined():
    global _MINED
    if _MINED is None:
        _MINED = _mine_italian(["IT-P1", "IT-P2", "IT-P3", "IT-P4", "order-only duplicates"],
                               per_rule=25, max_tries=6000)
    return _MINED


@pytest.mark.parametrize("rule", ["IT-P1", "IT-P2", "IT-P3", "IT-P4", "order-only duplicates"])
def test_italian_positions_where_each_precedence_rule_decides(rule):
    # IT-P1..IT-P4 (and IT-P5 with the chains equal after them): random positions are rarely
    # decided by the later filters, so these are searched for with the reference first.
    cases = _mined()[rule]
    # Order-only duplicates are rare in Dama Italiana (short kings must go round a loop);
    # test_rules_examples.py builds one by hand as well.
    least = 1 if rule == "order-only duplicates" else 10
    assert len(cases) >= least, f"only {len(cases)} positions found for {rule}"
    for position, turn in cases:
        check_children(Board(R.to_fen(position, turn), "italian"), position, turn, "italian")


@pytest.mark.parametrize("variant", ["international", "brazilian"])
def test_international_positions_with_long_and_duplicate_chains(variant):
    # INT-C2, INT-C3, INT-P1, INT-K1: dense positions with flying kings; kept when the majority
    # rule removes captures, when chains repeat in another order, or when a man crosses the
    # far row in the middle of a capture.
    rng = random.Random(7)
    n = R.square_count(variant)
    kept = 0
    for _ in range(1500):
        turn = rng.choice("WB")
        position = _random_position(rng, variant, rng.choice(["wWbbbB", "WbbbbB", "wwwbbbWB"]),
                                    n // 4, n * 3 // 4)
        chains = R.legal_chains(position, turn, variant)
        keys = {R.key_of(p, c) for p, c in chains}
        man_crosses = any(
            position[p[0]].islower()
            and any(R.rc_of(s, variant)[0] == R.far_row(turn, variant) for s in p[1:-1])
            for p, c in chains)
        longest = max((len(c) for _, c in chains), default=0)
        if len(keys) < len(chains) or man_crosses or longest >= 3:
            kept += 1
            check_children(Board(R.to_fen(position, turn), variant), position, turn, variant)
    assert kept >= 20
