"""SVG diagrams (damalib.svg): structure, orientation per variant and input checks."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings, strategies as st

from damalib import Board, Move
from damalib.svg import board as svg

NS = "{http://www.w3.org/2000/svg}"
VARIANTS = ("italian", "international", "brazilian", "filipino")


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def drawn_pieces(root: ET.Element) -> dict[int, tuple[str, str]]:
    """data-square -> (colour, kind) of every piece group."""
    out = {}
    for g in with_class(root, "piece"):
        classes = set(g.get("class").split())
        kind = (classes & {"man", "king"}).pop()
        colour = (classes & {"white", "black"}).pop()
        square = int(g.get("data-square"))
        assert square not in out
        out[square] = (colour, kind)
    return out


def expected_pieces(b: Board) -> dict[int, tuple[str, str]]:
    return {s: ("white" if p.colour == "W" else "black", "king" if p.king else "man")
            for s, p in b.pieces().items()}


def square_xy(root: ET.Element, square: int) -> tuple[float, float]:
    rects = [r for r in with_class(root, "dark") if r.get("data-square") == str(square)]
    assert len(rects) == 1
    return float(rects[0].get("x")), float(rects[0].get("y"))


def corner_of(root: ET.Element, square: int) -> str:
    """Which corner of the drawn board ``square`` is in, e.g. "bottom-right"."""
    xs = {float(r.get("x")) for r in with_class(root, "dark")}
    ys = {float(r.get("y")) for r in with_class(root, "dark")}
    x, y = square_xy(root, square)
    vertical = "top" if y == min(ys) else "bottom" if y == max(ys) else "middle"
    horizontal = "left" if x == min(xs) else "right" if x == max(xs) else "inner"
    return f"{vertical}-{horizontal}"


# -- pieces ------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_start_position_pieces_on_their_squares(variant):
    # IT-B3 (Black 1-12, White 21-32), INT-B2 (1-20 / 31-50), BR-B1.
    b = Board(variant=variant)
    n, men = b.variant.squares, b.variant.men_per_side
    drawn = drawn_pieces(parse(svg(b)))
    assert drawn == expected_pieces(b)
    assert {s for s, (c, _) in drawn.items() if c == "black"} == set(range(1, men + 1))
    assert {s for s, (c, _) in drawn.items() if c == "white"} == set(range(n - men + 1, n + 1))
    assert all(kind == "man" for _, kind in drawn.values())


def test_kings_and_men_of_both_colours():
    b = Board("W:WK18,24,27:B12,K22")
    root = parse(svg(b))
    assert drawn_pieces(root) == {18: ("white", "king"), 24: ("white", "man"),
                                  27: ("white", "man"), 12: ("black", "man"),
                                  22: ("black", "king")}


def test_a_king_is_a_stack_of_two_discs_with_a_crown():
    # Section 0: a dama is a man with a second piece stacked on top.
    root = parse(svg(Board("W:WK18,24:B12,K22")))
    for g in with_class(root, "piece"):
        full_discs = {c.get("cy") for c in g.iter(f"{NS}circle") if c.get("fill") != "none"}
        crowns = list(g.iter(f"{NS}polygon"))
        if "king" in g.get("class").split():
            assert len(full_discs) == 2 and len(crowns) == 1
        else:
            assert len(full_discs) == 1 and not crowns


# -- orientation -------------------------------------------------------------------------

@pytest.mark.parametrize("variant, first, last, corners", [
    # IT-B1/IT-B2: 1 = a8 top-left, 32 = h1 bottom-right (dark corner on the right).
    ("italian", 1, 32, ("top-left", "bottom-right")),
    # INT-B1: 46 = a1 bottom-left, 5 = j10 top-right.
    ("international", 46, 5, ("bottom-left", "top-right")),
    # BR-B2: 29 = a1 bottom-left, 4 = h8 top-right.
    ("brazilian", 29, 4, ("bottom-left", "top-right")),
    ("filipino", 29, 4, ("bottom-left", "top-right")),
])
def test_dark_corners_and_their_opposite_when_flipped(variant, first, last, corners):
    b = Board(variant=variant)
    root = parse(svg(b))
    assert (corner_of(root, first), corner_of(root, last)) == corners
    flipped = parse(svg(b, flipped=True))
    assert (corner_of(flipped, first), corner_of(flipped, last)) == corners[::-1]


@pytest.mark.parametrize("variant, top_row, bottom_row", [
    ("italian", [1, 2, 3, 4], [29, 30, 31, 32]),            # IT-B2: 1 = a8, 29 = b1
    ("international", [1, 2, 3, 4, 5], [46, 47, 48, 49, 50]),  # INT-B1: 1 = b10, 46 = a1
    ("brazilian", [1, 2, 3, 4], [29, 30, 31, 32]),          # BR-B2: 1 = b8, 29 = a1
])
def test_first_and_last_rows_left_to_right(variant, top_row, bottom_row):
    b = Board(variant=variant)
    root = parse(svg(b))
    tops = [square_xy(root, s) for s in top_row]
    bottoms = [square_xy(root, s) for s in bottom_row]
    assert len({y for _, y in tops}) == 1 and len({y for _, y in bottoms}) == 1
    assert tops[0][1] < bottoms[0][1]
    assert [x for x, _ in tops] == sorted(x for x, _ in tops)
    assert [x for x, _ in bottoms] == sorted(x for x, _ in bottoms)
    # The first square of the top row is on file a in Italian (IT-B2), b otherwise.
    cell = float(with_class(root, "dark")[0].get("width"))
    assert tops[0][0] == (0 if variant == "italian" else cell)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("flipped", [False, True])
def test_every_dark_square_is_drawn_where_the_geometry_puts_it(variant, flipped):
    b = Board(variant=variant)
    geo = b.variant.geometry
    root = parse(svg(b, flipped=flipped))
    dark = with_class(root, "dark")
    assert sorted(int(r.get("data-square")) for r in dark) == list(range(1, geo.squares + 1))
    cell = float(dark[0].get("width"))
    for square in range(1, geo.squares + 1):
        row, col = geo.coords[square]
        if flipped:
            row, col = geo.size - 1 - row, geo.size - 1 - col
        assert square_xy(root, square) == (col * cell, row * cell)
        assert (row + col) % 2 == (0 if b.variant.dark_bottom_right else 1)


def test_coordinates_follow_the_flip():
    b = Board()
    def labels(root):
        texts = [t.text for g in with_class(root, "coordinates") for t in g]
        return texts[0::2], texts[1::2]  # files left to right, ranks top to bottom
    assert labels(parse(svg(b, coordinates=True))) == (list("abcdefgh"),
                                                     [str(r) for r in range(8, 0, -1)])
    assert labels(parse(svg(b, coordinates=True, flipped=True))) == (
        list("hgfedcba"), [str(r) for r in range(1, 9)])
    assert not with_class(parse(svg(b)), "coordinates")


# -- numbers, marks, arrows --------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_numbers_only_when_asked_and_equal_to_the_squares(variant):
    b = Board(variant=variant)
    assert not with_class(parse(svg(b)), "number")
    numbers = with_class(parse(svg(b, numbers=True)), "number")
    assert [int(t.text) for t in numbers] == list(range(1, b.variant.squares + 1))
    assert all(t.text == t.get("data-square") for t in numbers)


def test_numbers_are_drawn_over_the_pieces():
    root = parse(svg(Board(), numbers=True))
    order = [e.get("class", "") for e in root.iter()]
    last_piece = max(i for i, c in enumerate(order) if c.startswith("piece"))
    first_number = min(i for i, c in enumerate(order) if c == "number")
    assert first_number > last_piece


def test_number_sits_in_the_top_left_corner_of_its_square():
    root = parse(svg(Board(), numbers=True, flipped=True))
    for t in with_class(root, "number"):
        x, y = square_xy(root, int(t.get("data-square")))
        assert x < float(t.get("x")) < x + 20 and y < float(t.get("y")) < y + 40


def test_highlight_marks_the_given_squares():
    root = parse(svg(Board(), highlight=[13, 22, 13]))
    marks = with_class(root, "highlight")
    assert sorted(int(m.get("data-square")) for m in marks) == [13, 22]
    # Not colour alone: a thick outline and a patterned fill.
    assert all(m.get("stroke") and m.get("fill", "").startswith("url(#") for m in marks)
    assert not with_class(parse(svg(Board())), "highlight")


def test_arrows_from_pairs_and_from_moves_with_arrowheads():
    b = Board("W:WK27:B5,6,13,15,21,23")
    capture = b.parse_move("27x25")  # IT-C5: the six-piece chain 27x20x11x2x9x18x25
    root = parse(svg(b, arrows=[(22, 18), capture]))
    arrows = with_class(root, "arrow")
    assert [a.get("data-squares") for a in arrows] == ["22-18", "-".join(map(str, capture.path))]
    assert len(arrows[1][0].get("points").split()) == len(capture.path) == 7
    ids = {e.get("id") for e in root.iter() if e.tag == f"{NS}marker"}
    for a in arrows:  # a light casing, then the arrow with its head
        assert a[-1].get("marker-end")[len("url(#"):-1] in ids


def test_arrow_starts_on_a_square_centre_and_points_at_the_other():
    b = Board()
    root = parse(svg(b, arrows=[(22, 19)]))
    cell = float(with_class(root, "dark")[0].get("width"))
    (x0, y0), (x1, y1) = [tuple(map(float, p.split(","))) for p in
                          with_class(root, "arrow")[0][-1].get("points").split()]
    sx, sy = square_xy(root, 22)
    ex, ey = square_xy(root, 19)
    assert (x0, y0) == (sx + cell / 2, sy + cell / 2)
    # The shaft stops short so that the arrowhead's tip lands on the centre of 19.
    dx, dy = ex + cell / 2 - x0, ey + cell / 2 - y0
    assert abs((x1 - x0) * dy - (y1 - y0) * dx) < 1  # on the line between the centres
    assert 0 < (x1 - x0) / dx < 1


def test_last_move_tints_start_and_end_and_draws_the_path():
    b = Board("W:WK27:B5,6,13,15,21,23")
    move = b.parse_move("27x25")
    b.push(move)
    root = parse(svg(b, last_move=move))
    assert sorted(int(r.get("data-square")) for r in with_class(root, "last-move")) == [25, 27]
    (path,) = with_class(root, "last-move-path")
    assert len(path[0].get("points").split()) == len(move.path)
    assert not with_class(parse(svg(b)), "last-move-path")


# -- document ----------------------------------------------------------------------------

def test_title_in_both_languages_names_variant_and_side():
    b = Board()
    title = parse(svg(b))[0]
    assert title.tag == f"{NS}title" and title.text == "Damiera, dama italiana: muove il Bianco"
    b.push(b.parse_move("22-19"))
    assert parse(svg(b, lang="en"))[0].text == "Board, Italian draughts: Black to move"
    assert parse(svg(b, lang="xx"))[0].text == "Damiera, dama italiana: muove il Nero"
    assert parse(svg(b, lang="EN-gb"))[0].text == "Board, Italian draughts: Black to move"
    intl = Board(variant="international")
    assert "internazionale" in parse(svg(intl))[0].text
    assert "International" in parse(svg(intl, lang="en"))[0].text


def test_size_viewbox_and_namespace():
    text = svg(Board(variant="international"), 321)
    root = parse(text)
    assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert root.get("width") == root.get("height") == "321"
    _, _, w, h = map(float, root.get("viewBox").split())
    assert w == h > 0


def test_same_position_and_options_give_the_same_bytes():
    options = dict(numbers=True, flipped=True, highlight=[14], arrows=[(22, 19)],
                   coordinates=True, lang="en")
    a = Board()
    b = Board(a.fen())
    move = a.parse_move("22-19")
    assert svg(a, last_move=move, **options) == svg(b, last_move=move, **options)
    assert svg(a) == svg(a)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("numbers", [False, True])
def test_every_variant_and_option_parses(variant, flipped, numbers):
    b = Board(variant=variant)
    move = b.legal_moves[0]
    root = parse(svg(b, flipped=flipped, numbers=numbers, coordinates=numbers,
                     highlight=[1], arrows=[move], last_move=move))
    assert drawn_pieces(root) == expected_pieces(b)


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(VARIANTS), choices=st.lists(st.integers(0, 10**6), max_size=40))
def test_pieces_match_after_random_play(variant, choices):
    b = Board(variant=variant)
    for c in choices:
        moves = b.legal_moves
        if not moves:
            break
        b.push(moves[c % len(moves)])
    last = b.move_stack[-1] if b.move_stack else None
    root = parse(svg(b, last_move=last, arrows=b.legal_moves, numbers=True))
    assert drawn_pieces(root) == expected_pieces(b)


# -- bad input ---------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs", [
    dict(size=0), dict(size=-5), dict(size=400.0), dict(size="400"), dict(size=True),
    dict(highlight=[0]), dict(highlight=[33]), dict(highlight=["5"]), dict(highlight=5),
    dict(highlight="12"), dict(highlight=[None]),
    dict(arrows=[(22,)]), dict(arrows=[(22, 19, 15)]), dict(arrows=[22]), dict(arrows=[(0, 5)]),
    dict(arrows=[(22, 33)]), dict(arrows=[(22, 22)]), dict(arrows=[("22", "19")]),
    dict(arrows="22-19"), dict(arrows=7),
    dict(last_move="22-19"), dict(last_move=(22, 19)), dict(last_move=Move((22, 40))),
])
def test_bad_input_raises_value_error(kwargs):
    with pytest.raises(ValueError):
        svg(Board(), **kwargs)


def test_international_accepts_squares_up_to_50_only():
    b = Board(variant="international")
    parse(svg(b, highlight=[50], arrows=[(46, 41)]))
    with pytest.raises(ValueError):
        svg(b, highlight=[51])


def test_not_a_board_raises_value_error():
    with pytest.raises(ValueError):
        svg("W:W21-32:B1-12")  # type: ignore[arg-type]
