"""The analysis page's pictures and handouts, as a club instructor found them (issue 38):
captions whole, questions honest to the position, answers with their move numbers, a title
and file names of their own, the handout kept over a reload, and the puzzle form's labels,
plurals and hints."""

import html
import io
import json
import re

import pytest

from damalib import Board
from damalib.engine import MATE
from damalib.i18n import translator
from dama.analysis import handout
from dama.analysis.controller import Analysis
from dama.analysis.handout import (CAPTION_WIDTH, SMALLEST, from_advice, picture_png,
                                   picture_svg, text_width)
from dama.analysis.handout_view import FORM_STYLE, HandoutView
from dama.analysis.make import club_puzzles

from tests.test_analysis import CHAMPIONSHIP

REAL = "BORGHETTI Michele – MASCOLO Luca, dopo 11. 26-21"
LONG = ("Campionato italiano assoluto 2005, finale del girone B: BORGHETTI Michele – "
        "MASCOLO Luca, dopo 11. 26-21, il Nero muove")
POSITION = "B:W22,24,K30:B18,12,K5"


@pytest.fixture
def club(tmp_path, monkeypatch):
    """The club's folder, where the handout is kept."""
    monkeypatch.setenv("DAMA_HOME", str(tmp_path))
    monkeypatch.delenv("DAMA_PUZZLES", raising=False)
    return tmp_path


def view(lang="it"):
    return HandoutView(Analysis(lang), lang)


def visible(page: str) -> str:
    """The words a printed page shows: no style, no tags, no attributes."""
    page = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


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


# -- 2. questions honest to the position, answers numbered -----------------------------------

@pytest.mark.parametrize("fen, score, words", [
    ("W:W10,21,22:B7,14,17", MATE - 5, "Il Bianco muove e vince: trova come."),
    ("W:W10,21,22:B7,14,17", 150, "Il Bianco muove: trova la mossa più forte."),
    ("W:W10,21,22:B7,14,17", 10, "Il Bianco muove: trova la mossa migliore."),
    ("B:W10,21,22:B7,14,17", -150, "Il Nero muove: trova la difesa migliore."),
    ("B:W10,21,22:B7,14,17", -(MATE - 5), "Il Nero sta perdendo: trova la difesa che resiste di più."),
    ("W:WK29:BK4", 0, "Il Bianco muove e pareggia: trova come."),      # the tables know
    ("B:W31:BK1", None, "Il Nero muove e vince: trova come."),
    ("W:W31:BK1", 300, "Il Bianco sta perdendo: trova la difesa che resiste di più."),
])
def test_the_question_says_what_the_side_to_move_can_do(fen, score, words):
    board = Board(fen)
    line = [board.move_text(board.legal_moves[0])]
    entry = from_advice(board, line, "", "it", score=score)
    assert entry.prompts["it"] == words
    assert "Che cosa gioca" not in entry.prompts["it"]


def test_the_english_question_too():
    board = Board("B:W10,21,22:B7,14,17")
    entry = from_advice(board, [board.move_text(board.legal_moves[0])], "", "it", score=-150)
    assert entry.prompts["en"] == "Black to move: find the best defence."


def test_without_a_score_the_line_is_weighed_at_its_end():
    board = Board("W:W10,21,22:B7,14,17")                   # the shot wins a man
    assert from_advice(board, ["22-18", "17x26", "18x4"]).prompts["it"] == \
        "Il Bianco muove: trova la mossa più forte."
    assert from_advice(Board(POSITION.replace("B:", "W:", 1)), [], "").lines == ()


def test_a_game_positions_answer_has_its_move_numbers_and_its_verdict(club):
    analysis = Analysis("it")
    analysis.open_file(CHAMPIONSHIP.read_bytes(), CHAMPIONSHIP.name)
    analysis.choose(1)
    analysis.go(20)                                         # after 11. 26-21, Black to move
    shown = HandoutView(analysis, "it")
    assert shown.caption_text() == REAL
    analysis.best_move()
    advice = analysis.advice
    shown.add_button.click()
    (entry,) = shown.handout
    assert entry.lines[0].startswith(f"11... {advice.moves[0]}")
    assert re.search(r" 12\. \d+[-x]\d+", entry.lines[0]), entry.lines[0]
    shown.sheet_button.click()
    printed = visible(shown.sheet_html)
    assert entry.lines[0] in printed and advice.words in printed
    assert "posizione-1" not in printed and "Che cosa gioca" not in printed
    assert f"{REAL}. Il Nero" in printed                     # the caption, then the question


def test_a_shots_answer_is_numbered_from_the_real_move(club):
    board = Board()
    for text in ("22-19", "10-14", "19x10", "5x14"):
        board.push(board.parse_move(text))
    entry = handout.from_record(board, {"kind": "capture", "solutions": ["21-17"],
                                        "prompt.it": "Tocca al Bianco.",
                                        "prompt.en": "White to move."})
    assert entry.lines == ("3. 21-17",)


def test_the_worksheets_of_the_course_still_name_their_exercises():
    from dama.core.content import load
    from dama.core.content.worksheet import worksheet

    puzzle = load()[0]
    assert f'<span class="id">({puzzle.id})</span>' in worksheet([puzzle], "it")


# -- 3. a title, file names of their own, kept over a reload ---------------------------------

def test_file_names_come_from_the_caption_and_the_title(club):
    shown = view()
    shown.analysis.set_fen("W:W10,21,22:B7,14,17")
    shown.caption.value = REAL
    assert shown.picture_name(".png") == "borghetti-michele-mascolo-luca-dopo-11-26-21.png"
    shown.caption.value = ""
    assert shown.picture_name(".svg") == "posizione.svg"
    assert shown.title.value.startswith("Posizioni da studiare – ")
    first = shown.sheet_name()
    shown.title.value = "Serata del martedì: i tiri"
    assert shown.sheet_name() == "serata-del-martedi-i-tiri.html" != first


def test_an_emptied_handout_takes_a_title_of_its_own(club):
    shown = view()
    first = shown.title.value
    shown.clear_button.click()
    assert shown.title.value == f"{first} (2)" and shown.sheet_name() != f"{first}.html"


def test_the_handout_survives_a_reload(club):
    shown = view()
    shown.analysis.set_fen("W:W10,21,22:B7,14,17")
    shown.caption.value = "Il tiro della serata"
    shown.add_button.click()
    shown.title.value = "Serata del martedì"
    shown.with_answers.value = False
    kept = json.loads((club / handout.HANDOUT_FILE).read_text(encoding="utf-8"))
    assert kept["title"] == "Serata del martedì" and len(kept["positions"]) == 1

    again = view()                                           # the page reloaded
    assert again.title.value == "Serata del martedì" and again.with_answers.value is False
    assert [e.caption for e in again.handout] == ["Il tiro della serata"]
    assert again.saved.value == "<p>Nella scheda: 1 posizione.</p>"
    again.sheet_button.click()
    assert "Il tiro della serata. Tocca al Bianco" in again.sheet_html


@pytest.mark.parametrize("text", ["{non è json", '{"format": "dama-handout", "version": 1, '
                                                '"positions": [{"fen": "X:Y", "prompt": {}}]}',
                                  '{"format": "dama-handout", "version": 7}', "[1, 2]"])
def test_a_corrupt_handout_is_set_aside_and_said_in_words(club, text):
    path = club / handout.HANDOUT_FILE
    path.write_text(text, encoding="utf-8")
    shown = view()                                           # no traceback
    assert shown.handout == []
    said = html.unescape(shown.saved.value)
    assert "non si legge" in said and "scheda-illeggibile-1.json" in said
    aside = club / "scheda-illeggibile-1.json"
    assert aside.read_text(encoding="utf-8") == text         # nothing lost
    assert handout.load_kept().problem is None               # an empty one in its place
    shown.analysis.set_fen("W:W10,21,22:B7,14,17")
    shown.add_button.click()
    assert len(view().handout) == 1 and aside.read_text(encoding="utf-8") == text
    path.write_text(text, encoding="utf-8")
    view()
    assert (club / "scheda-illeggibile-2.json").exists()     # the first one kept as it was


def test_a_handout_that_cannot_be_kept_stays_on_the_page(club, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    shown = view()
    monkeypatch.setattr(handout, "save_kept", refuse)
    shown.analysis.set_fen("W:W10,21,22:B7,14,17")
    shown.add_button.click()
    assert len(shown.handout) == 1 and "Non si è potuto salvare la scheda" in \
        html.unescape(shown.saved.value)


# -- 4. the puzzle form ------------------------------------------------------------------------

def test_the_forms_labels_are_above_their_boxes_and_never_cut(club):
    shown = view()
    boxes = [shown.caption, shown.title, shown.prompt_it, shown.prompt_en, shown.hints_it,
             shown.hints_en]
    assert shown.hints_it.description == "Suggerimenti (italiano), uno per riga"
    for box in boxes:
        # The label is the box's own description (a <label> tied to it), as wide as its words.
        assert box.description and box.style.description_width == "initial"
        assert box.layout.width == "100%"
    assert "dama-analysis-form" in shown.draft_box._dom_classes
    assert "flex-direction: column" in FORM_STYLE and "white-space: normal" in FORM_STYLE
    assert any(getattr(w, "value", None) == FORM_STYLE for w in shown.widget.children)


def test_one_ply_is_said_in_the_singular(club):
    shown = view()
    shown.analysis.set_fen("W:W5:B1,12")
    shown.make_button.click()
    note = html.unescape(shown.draft_note.value)
    assert "fare dama in 1 semimossa): 5-2" in note, note
    shown.analysis.set_fen("W:W10,21,22:B7,14,17")
    shown.make_button.click()
    assert "in 3 semimosse" in html.unescape(shown.draft_note.value)


def test_hints_of_different_counts_are_refused_in_words_and_kept_as_typed(club):
    shown = view()
    shown.analysis.set_fen("W:W10,21,22:B7,14,17")
    shown.make_button.click()
    shown.hints_it.value = "Guarda la pedina in 22.\nPensa a cosa deve mangiare il Nero."
    shown.hints_en.value = "Look at the man on 22."
    shown.save_puzzle.click()
    said = html.unescape(shown.draft_note.value)
    assert ("Hai scritto 2 suggerimenti in italiano e 1 in inglese: scrivine lo stesso "
            "numero, oppure lascia vuoto l'inglese.") in said
    assert "Salvato" not in said and club_puzzles() == []
    assert shown.hints_it.value.count("\n") == 1 and shown.hints_en.value == "Look at the man on 22."
    assert shown.draft is not None and shown.draft_box.layout.display is None


def test_hints_typed_in_italian_only_are_saved_for_italian(club):
    shown = view()
    shown.analysis.set_fen("W:W10,21,22:B7,14,17")
    shown.make_button.click()
    shown.hints_it.value = "Guarda la pedina in 22."
    shown.hints_en.value = ""
    shown.save_puzzle.click()
    assert "Salvato" in shown.draft_note.value
    (puzzle,) = club_puzzles()
    assert puzzle.hints == {"it": ("Guarda la pedina in 22.",)}
    assert puzzle.hint(1, "en") == "Guarda la pedina in 22."      # English reads the Italian


def test_hints_typed_in_both_languages_are_both_saved(club):
    shown = view()
    shown.analysis.set_fen("W:W10,21,22:B7,14,17")
    shown.make_button.click()
    shown.hints_it.value = "Uno.\nDue."
    shown.hints_en.value = "One.\nTwo."
    shown.save_puzzle.click()
    (puzzle,) = club_puzzles()
    assert puzzle.hints == {"it": ("Uno.", "Due."), "en": ("One.", "Two.")}


# -- 5. one word for a square --------------------------------------------------------------------

def test_a_square_is_a_casella_in_the_analysis_pages_words():
    from damalib import DamaError

    _ = translator("it")
    for fen in ("W:W5,5:B1", "W:W2:B12", "W:Wx:B1"):
        with pytest.raises(DamaError) as refused:
            Board(fen)
        words = refused.value.text("it")
        assert not re.search(r"\bcas[ae]\b", words), words
    assert "caselle dove" in _("{text} fits more than one move: write every landing square "
                               "({options})", text="5-1", options="…")
