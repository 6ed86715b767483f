"""Nothing on the board is said by colour alone, and every mark stands out from its square
for a child with a colour-vision deficiency: the board's palette seen through the simulations
of protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, severity
1.0, in linear RGB as browsers' colour filters apply them), each mark's colours against the
dark square it is drawn on at WCAG's 3:1 for graphics (1.4.11), the pieces against the squares."""

from __future__ import annotations

import pytest

from dama.core.board import canvas

VISIONS = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(hex_colour: str) -> list[float]:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def luminance(hex_colour: str, vision: str) -> float:
    rgb = _linear(hex_colour)
    seen = [min(1.0, max(0.0, sum(w * c for w, c in zip(row, rgb)))) for row in VISIONS[vision]]
    return 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2]


def contrast(a: str, b: str, vision: str) -> float:
    high, low = sorted((luminance(a, vision), luminance(b, vision)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_simulation_matches_known_values():
    # Pure red loses most of its light to a protanope, hardly any to a tritanope.
    assert luminance("#ff0000", "protanopia") < 0.5 * luminance("#ff0000", "normal") + 0.1
    assert contrast("#000000", "#ffffff", "normal") == pytest.approx(21.0)
    assert contrast("#777777", "#777777", "deuteranopia") == pytest.approx(1.0)


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("kind", canvas.MARK_COLOURS)
def test_every_mark_stands_out_from_the_dark_square_under_it(kind, vision):
    colours = canvas.MARK_COLOURS[kind]
    best = max(contrast(colour, canvas.DARK, vision) for colour in colours)
    assert best >= 3.0, f"{kind} under {vision}: {best:.2f}"


def test_each_kind_of_highlight_has_its_colours_declared():
    from dama.core.board.controller import HIGHLIGHT_KINDS

    assert set(HIGHLIGHT_KINDS) <= set(canvas.MARK_COLOURS)


@pytest.mark.parametrize("vision", VISIONS)
def test_the_pieces_stand_out_from_the_squares_and_from_each_other(vision):
    for square in (canvas.DARK, canvas.LIGHT):
        # A man is told from the square by its fill or its rim.
        for fill, rim in ((canvas.WHITE_FILL, canvas.WHITE_RIM),
                          (canvas.BLACK_FILL, canvas.BLACK_RIM)):
            assert max(contrast(fill, square, vision), contrast(rim, square, vision)) >= 3.0
    # White and Black are told apart by lightness, which every colour vision keeps.
    assert contrast(canvas.WHITE_FILL, canvas.BLACK_FILL, vision) >= 7.0
    # The square numbers, light on a dark outline.
    assert contrast(canvas.NUMBER, "#3b2415", vision) >= 4.5
