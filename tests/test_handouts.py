"""The analysis page's pictures and handouts, as a club instructor found them (issue 38):
captions whole, on lines that fit the picture."""

import html
import io
import re

import pytest

from damalib import Board
from dama.analysis import handout
from dama.analysis.handout import CAPTION_WIDTH, SMALLEST, picture_png, picture_svg, text_width

REAL = "BORGHETTI Michele – MASCOLO Luca, dopo 11. 26-21"
LONG = ("Campionato italiano assoluto 2005, finale del girone B: BORGHETTI Michele – "
        "MASCOLO Luca, dopo 11. 26-21, il Nero muove")
POSITION = "B:W22,24,K30:B18,12,K5"


# -- 1. captions whole -----------------------------------------------------------------------

def caption_lines(svg: str) -> list[tuple[float, str]]:
    return [(float(size), html.unescape(text)) for size, text in re.findall(
        r'<text class="dama-caption"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)</text>', svg)]


@pytest.mark.parametrize("caption", [REAL, LONG])
def test_the_svg_caption_is_whole_on_lines_that_fit(caption):
    size = 360
    svg = picture_svg(Board(POSITION), caption, "it", size=size)
    lines = caption_lines(svg)
    assert " ".join(text for _, text in lines) == caption       # every word, in order
    assert 2 <= len(lines) <= 3
    for font, text in lines:
        assert text_width(text, font) <= size * CAPTION_WIDTH, text
        assert font >= size * handout.CAPTION / 3 * 0.75 * SMALLEST
    height = int(re.search(r'height="(\d+)"', svg).group(1))
    last = float(re.findall(r'<text class="dama-caption"[^>]* y="([\d.]+)"', svg)[-1])
    assert last < height                                       # the last line inside too


def test_the_width_estimate_is_never_short_of_dejavu_sans_bold():
    font = pytest.importorskip("PIL.ImageFont")
    draw = pytest.importorskip("PIL.ImageDraw")
    image = pytest.importorskip("PIL.Image")
    try:
        bold = font.truetype("DejaVuSans-Bold.ttf", 100)
    except OSError:
        pytest.skip("DejaVu Sans Bold is not installed")
    measure = draw.Draw(image.new("RGB", (1, 1)))
    samples = [REAL, LONG, "WWWWMMMM mmmm", "àèéìòù ÀÈÉÌÒÙ «»–—…", "0123456789 #%&@"]
    samples += [chr(c) for c in range(33, 127)]
    for text in samples:
        assert text_width(text, 100) >= measure.textlength(text, font=bold), text


def border_touched(png: bytes, size: int) -> list[int]:
    """The rows under the board where a pixel of the left or right margin is not white."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    pixels = image.load()
    margin = 3
    return [y for y in range(size * 2 + 4, height)
            if any(pixels[x, y] < 250 for x in (*range(margin), *range(width - margin, width)))]


@pytest.mark.parametrize("caption", [REAL, LONG])
def test_the_png_caption_never_touches_the_pictures_sides(caption):
    pytest.importorskip("PIL")
    from PIL import Image

    png = picture_png(Board(POSITION), caption, "it", size=360)
    assert border_touched(png, 360) == []
    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    # The caption is drawn (dark pixels under the side to move's line), over its lines.
    rows = [y for y in range(720 + 60, height)
            if any(image.getpixel((x, y)) < 128 for x in range(width))]
    assert rows, "no caption drawn"


def test_a_short_caption_keeps_the_pictures_size():
    # The browser edition's page and its tests know this size (720 × 864 at twice 360).
    svg = picture_svg(Board(POSITION), "Il tiro della serata", "it")
    assert 'width="360" height="432"' in svg
    assert len(caption_lines(svg)) == 1
