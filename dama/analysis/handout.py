"""Handouts of positions (the analysis page): one position as a picture, SVG or PNG, with its
caption whole and the side to move; several positions as a sheet to print, A4 like the
worksheets, with their answers (the lines with their move numbers, the position in words) on
a page of their own or without them; and the handout kept between visits, a small file in
the club's folder.

>>> from damalib import Board
>>> svg = picture_svg(Board("W:W22,24:B18,12"), "Partita 3, dopo 12. 22-18", "it")
>>> "Partita 3, dopo 12. 22-18" in svg and "Mossa al Bianco" in svg
True
>>> file_stem("BORGHETTI Michele – MASCOLO Luca, dopo 11. 26-21")
'borghetti-michele-mascolo-luca-dopo-11-26-21'
"""

from __future__ import annotations

import datetime as dt
import html
import io
import json
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from damalib import Board, DamaError
from damalib.endgame import probe
from damalib.engine import ESTIMATE_STEPS, MATE, MATE_BOUND, evaluate
from damalib.i18n import N_, Said, colour_word, spoken, translator
from damalib.pdn import movetext
from damalib.svg import FRAME, PIECE, board as board_svg

from dama.core.content.club import club_folder
from dama.core.content.goals import accepted_moves
from dama.core.content.puzzle import Puzzle
from dama.core.content.worksheet import worksheet
from dama.core.store.progress import kept

#: The caption's room under the board, as a share of the board's side (one line of caption;
#: a caption wrapped onto more lines makes the picture taller, never cuts a word).
CAPTION = 0.2
#: The caption's width, as a share of the picture's: a margin each side.
CAPTION_WIDTH = 0.92
#: How small the caption's font may get (a share of its own size) before it takes a line
#: more: a long caption is first shrunk a little, then wrapped, never cut.
SMALLEST = 0.6
#: The lines a caption is wrapped onto before its font is made smaller.
CAPTION_LINES = 3
#: The handout kept between visits, in the club's folder beside the club's puzzles.
HANDOUT_FILE = "scheda.json"


# -- captions that fit ---------------------------------------------------------------------

# The widths of DejaVu Sans Bold's characters (the caption's font; Arial, the browsers'
# stand-in, is narrower), as upper bounds in em for classes of characters: an estimate
# that is never short, so a line it says fits does fit (tests/test_handouts.py measures).
_NARROW = set(" '.,:;/\\|iIjJlì’·-")
_THIN = set("ft!()[]r_`–")
_WIDE_CAPITALS = set("BRXAVKUGDHNOQ#+<=>^~&")
_WIDEST = set("mwMW@%—…")


def _em(ch: str) -> float:
    base = unicodedata.normalize("NFKD", ch)[:1] or ch
    if base in _NARROW:
        return 0.42
    if base in _THIN:
        return 0.5
    if base in _WIDEST:
        return 1.12
    if base in _WIDE_CAPITALS:
        return 0.88
    if base.isascii() and (base.isalnum() or base in "${}?*\""):
        return 0.74
    return 1.12                             # any other: as wide as the widest


def text_width(text: str, font_size: float) -> float:
    """The width of ``text`` in the caption's bold font, estimated from its characters, never
    short of the real one.

    >>> round(text_width("dopo 11. 26-21", 10))
    91
    """
    return sum(_em(ch) for ch in text) * font_size


def wrap(text: str, fits: Callable[[str], bool]) -> list[str]:
    """``text`` in lines that each ``fits``, broken between words (a word too long for a line
    alone is broken between its letters); every character kept.

    >>> wrap("BORGHETTI Michele – MASCOLO Luca", lambda line: len(line) <= 18)
    ['BORGHETTI Michele', '– MASCOLO Luca']
    >>> wrap("abcdefgh", lambda line: len(line) <= 3)
    ['abc', 'def', 'gh']
    """
    lines: list[str] = []
    line = ""
    for word in text.split():
        tried = f"{line} {word}" if line else word
        if fits(tried):
            line = tried
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:                     # a word longer than a line: letter by letter
            if line and not fits(line + ch):
                lines.append(line)
                line = ""
            line += ch
    if line:
        lines.append(line)
    return lines


def fit_caption(text: str, width: float, size: float,
                measure: Callable[[str, float], float] = text_width) -> tuple[float, list[str]]:
    """The font size and the lines that show ``text`` whole within ``width``: as few lines as
    its own ``size`` (or a little less) allows, up to CAPTION_LINES; past those, a smaller
    font (down to SMALLEST of it); past that, as many lines as it takes. The lines are made
    even, not a long one and a word alone under it.

    >>> fit_caption("BORGHETTI Michele – MASCOLO Luca, dopo 11. 26-21", 331, 18)
    (17.1, ['BORGHETTI Michele –', 'MASCOLO Luca, dopo 11. 26-21'])
    """
    steps = 8
    fonts = [size] + [round(size * (1 - (1 - SMALLEST) * step / steps), 1)
                      for step in range(1, steps + 1)]

    def lines_at(font: float, room: float) -> list[str]:
        return wrap(text, lambda line: measure(line, font) <= room)

    chosen = None
    for most in range(1, CAPTION_LINES + 1):
        # Fewer lines for a font a tenth smaller at most; the last lines allowed, any font.
        for font in fonts if most == CAPTION_LINES else fonts[:3]:
            if len(lines_at(font, width)) <= most:
                chosen = font
                break
        if chosen is not None:
            break
    font = fonts[-1] if chosen is None else chosen
    count = len(lines_at(font, width))
    low, high = 0.0, width               # the narrowest room that keeps as many lines
    for _ in range(12):
        middle = (low + high) / 2
        if len(lines_at(font, middle)) <= count:
            high = middle
        else:
            low = middle
    return font, lines_at(font, high)


@dataclass(frozen=True)
class _Layout:
    """Where the words under the board go: ``line`` is the side to move's line height, the
    caption's ``font`` and ``lines``, its first line's middle at ``top``, then every
    ``leading``; ``room`` the height under the board."""

    line: float
    font: float
    lines: list[str]
    top: float
    leading: float
    room: int


def _layout(size: float, caption: str, measure: Callable[[str, float], float]) -> _Layout:
    line = round(size * CAPTION) / 3
    font, lines = fit_caption(caption, size * CAPTION_WIDTH, line * 0.75, measure) \
        if caption else (line * 0.75, [])
    leading = font * 1.3
    top = size + line * 1.6 + leading / 2
    room = max(round(size * CAPTION), round(line * 1.6 + leading * len(lines) + line * 0.4))
    return _Layout(line, font, lines, top, leading, room)


def to_move(board: Board, lang: str) -> str:
    """«Muove il Bianco» / "White to move"."""
    _ = translator(lang)
    return _("White to move") if board.turn == "W" else _("Black to move")


def picture_svg(board: Board, caption: str = "", lang: str = "it", *, flipped: bool = False,
                size: int = 360) -> str:
    """The position as an SVG document: the board with its numbers, then the side to move (a
    disc of its colour beside the words) and the caption, whole: wrapped onto lines that fit
    the picture's width, its font made smaller if it needs more than three."""
    inner = board_svg(board, size, numbers=True, flipped=flipped, lang=lang)
    inner = re.sub(r'^<svg xmlns="http://www.w3.org/2000/svg" width="\d+" height="\d+"',
                   f'<svg x="0" y="0" width="{size}" height="{size}"', inner, count=1)
    at = _layout(size, caption, text_width)
    line = at.line
    fill, stroke = PIECE[board.turn]
    words = [f'<text x="{size * 0.06 + line * 0.9:.0f}" y="{size + line * 1.15:.0f}" '
             f'font-size="{line * 0.7:.0f}">{html.escape(to_move(board, lang))}</text>',
             f'<circle cx="{size * 0.06 + line * 0.3:.0f}" cy="{size + line * 0.9:.0f}" '
             f'r="{line * 0.3:.0f}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>']
    for number, text in enumerate(at.lines):
        # The baseline a third of the font under the line's middle: the capitals centred.
        y = at.top + number * at.leading + at.font * 0.35
        words.append(f'<text class="dama-caption" x="{size / 2:.0f}" y="{y:.1f}" '
                     f'font-size="{at.font:g}" font-weight="bold" '
                     f'text-anchor="middle">{html.escape(text)}</text>')
    height = size + at.room
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" '
            f'viewBox="0 0 {size} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
            f'fill="{FRAME}" class="dama-picture">'
            f'<rect width="{size}" height="{height}" fill="#ffffff"/>{inner}'
            + "".join(words) + "</svg>\n")


def picture_png(board: Board, caption: str = "", lang: str = "it", *, flipped: bool = False,
                size: int = 360) -> bytes | None:
    """The same picture as a PNG, drawn with Pillow, the caption measured in the font it is
    drawn with; None where Pillow is not installed (the browser edition, whose page turns
    the SVG into a PNG itself)."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        return None
    from damalib.svg import DARK, LIGHT, LIFT, R

    scale = 2                              # drawn at twice the size, for print and zoom
    side = board.variant.geometry.size
    cell = size * scale / side

    def font(pixels: float, bold: bool = False):
        for name in (("DejaVuSans-Bold.ttf",) if bold else ()) + ("DejaVuSans.ttf",):
            try:
                return ImageFont.truetype(name, round(pixels))
            except OSError:
                continue
        return ImageFont.load_default(round(pixels))

    measuring = ImageDraw.Draw(Image.new("RGB", (1, 1)))

    def measure(text: str, pixels: float) -> float:
        return measuring.textlength(text, font=font(pixels, bold=True))

    at = _layout(size * scale, caption, measure)
    image = Image.new("RGB", (size * scale, size * scale + at.room), "#ffffff")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, size * scale, size * scale), fill=LIGHT)
    geo = board.variant.geometry
    numbers = font(cell * 0.22)
    unit = cell / 100                      # the SVG's viewBox units per pixel
    for square in range(1, geo.squares + 1):
        row, col = geo.coords[square]
        if flipped:
            row, col = side - 1 - row, side - 1 - col
        x, y = col * cell, row * cell
        draw.rectangle((x, y, x + cell, y + cell), fill=DARK)
        draw.text((x + cell * 0.05, y + cell * 0.03), str(square), fill=LIGHT, font=numbers)
        piece = board.piece_at(square)
        if piece is None:
            continue
        fill, stroke = PIECE[piece.colour]
        cx, cy = x + cell / 2, y + cell / 2
        discs = (cy + LIFT * unit, cy - LIFT * unit) if piece.king else (cy,)
        for disc in discs:
            r = R * unit
            draw.ellipse((cx - r, disc - r, cx + r, disc + r), fill=fill, outline=stroke,
                         width=max(1, round(4 * unit)))
        if piece.king:
            crown = ((-17, 9), (-17, -7), (-8, 1), (0, -13), (8, 1), (17, -7), (17, 9))
            draw.polygon([(cx + dx * unit, discs[-1] + dy * unit) for dx, dy in crown],
                         fill=stroke)
    draw.rectangle((0, 0, size * scale - 1, size * scale - 1), outline=FRAME,
                   width=max(2, scale * 2))
    line = at.line
    fill, stroke = PIECE[board.turn]
    x0, y0 = size * scale * 0.06, size * scale + line * 0.9
    r = line * 0.3
    draw.ellipse((x0, y0 - r, x0 + 2 * r, y0 + r), fill=fill, outline=stroke, width=2)
    draw.text((x0 + line * 0.9 - r, y0), to_move(board, lang), fill=FRAME,
              font=font(line * 0.7), anchor="lm")
    words = font(at.font, bold=True)
    for number, text in enumerate(at.lines):
        draw.text((size * scale / 2, at.top + number * at.leading), text, fill=FRAME,
                  font=words, anchor="mm")
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


# -- names -----------------------------------------------------------------------------------

def file_stem(text: str, fallback: str = "posizione", longest: int = 60) -> str:
    """A file name's stem from words: lower case, no accents, words joined by hyphens, cut
    between words; ``fallback`` when no letter or digit is left.

    >>> file_stem("Posizioni da studiare – 12/03/2026"), file_stem("  ?? ")
    ('posizioni-da-studiare-12-03-2026', 'posizione')
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", text)
                    if not unicodedata.combining(c)).lower()
    stem = "-".join(re.findall(r"[a-z0-9]+", plain))
    while len(stem) > longest and "-" in stem:
        stem = stem.rsplit("-", 1)[0]
    return stem[:longest] or fallback


def default_title(lang: str, day: dt.date | None = None, previous: str = "") -> str:
    """A handout's title until the instructor types one: «Posizioni da studiare» and the day;
    numbered when the handout before had that title, so no two share a file name.

    >>> default_title("it", dt.date(2026, 3, 12))
    'Posizioni da studiare – 12/03/2026'
    >>> default_title("it", dt.date(2026, 3, 12), "Posizioni da studiare – 12/03/2026 (2)")
    'Posizioni da studiare – 12/03/2026 (3)'
    """
    _ = translator(lang)
    day = day or dt.date.today()
    # Translators: a date as a handout's title writes it: day, month, year, in figures.
    year, month, number = day.isoformat().split("-")
    date = _.context("date", "{year}-{month}-{day}", year=year, month=month, day=number)
    studied = _("Positions to study")
    title = f"{studied} – {date}"
    found = re.fullmatch(re.escape(title) + r"(?: \((\d+)\))?", previous.strip())
    if found:
        title += f" ({int(found.group(1) or 1) + 1})"
    return title


# -- what the position is worth, and its question --------------------------------------------

#: What the side to move can do, from the engine's score (the side to move's view) or the
#: endgame tables: win, better, level, draw (proved), worse, loss.
VERDICTS = ("win", "better", "level", "draw", "worse", "loss")
#: Below this score (hundredths of a man) a position is about level, as the engine's words
#: say it.
LEVEL_BELOW = ESTIMATE_STEPS[0]
#: The handout's question, by verdict, the side to move filled in: honest to the position.
PROMPTS = {
    "win": N_("{side} to move and win: find how."),
    "draw": N_("{side} to move and draw: find how."),
    "better": N_("{side} to move: find the strongest move."),
    # Where the engine only estimates, the question says no more than the task: an estimate
    # printed as a fact («the position is level») could be wrong, and a member could not
    # check it on the board.
    "level": N_("{side} to move: find the best move."),
    "worse": N_("{side} to move: find the best defence."),
    "loss": N_("{side} is losing: find the defence that lasts longest."),
}


def verdict(board: Board, score: int | None) -> str:
    """What the side to move can do: the endgame tables' word where they know, else the
    engine's ``score`` read as its words read it (one of VERDICTS).

    >>> verdict(Board("W:W31:BK1"), None), verdict(Board(), 10), verdict(Board(), -150)
    ('loss', 'level', 'worse')
    """
    known = probe(board)
    if known is not None:
        return known[0]
    if score is None or abs(score) < LEVEL_BELOW:
        return "level"
    if abs(score) >= MATE_BOUND:
        return "win" if score > 0 else "loss"
    return "better" if score > 0 else "worse"


def line_score(board: Board, moves: Sequence[str]) -> int:
    """The score the line ``moves`` gives the side to move of ``board``: a win or a loss
    where the line ends the game, else the position at its end as the engine weighs it
    (for an advice given without its score)."""
    end = board.copy()
    for text in moves:
        end.push(end.parse_move(text))
    outcome = end.outcome()
    if outcome is not None and outcome.winner is not None:
        won = MATE - len(moves)
        return won if outcome.winner == board.turn else -won
    found = evaluate(end)
    return found if end.turn == board.turn else -found


def prompt(board: Board, said: str, lang: str) -> str:
    """The question for ``board`` whose verdict is ``said``: «Il Bianco muove e vince: trova
    come.»

    >>> prompt(Board("B:W31:BK1"), "win", "it")
    'Il Nero muove e vince: trova come.'
    """
    text = translator(lang)(PROMPTS[said], side=colour_word(board.turn, lang, "subject"))
    return text[:1].upper() + text[1:]


def numbered(board: Board, moves: Sequence[str]) -> str:
    """A line as a score sheet writes it, from the position's own move number (1 where its
    game is not known): «12. 22-18 17x26 13. 18x4».

    >>> numbered(Board("B:W30,31:B12"), ["12-16", "30-26"])
    '1... 12-16 2. 30-26'
    """
    work = board.copy()
    played = []
    for text in moves:
        move = work.parse_move(text)
        played.append(move)
        work.push(move)
    return " ".join(movetext(board, played))


# -- a handout and its positions -------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One position of a handout: its FEN, caption and question (in each language), the
    answers as printed (each a line with its move numbers; any one is right) and what the
    position is worth, in words."""

    fen: str
    variant: str = "italian"
    caption: str = ""
    prompts: dict[str, str] = field(default_factory=dict)
    lines: tuple[str, ...] = ()
    words: dict[str, str] = field(default_factory=dict)

    def puzzle(self, number: int) -> Puzzle:
        """The position as a sheet's exercise (printed, never graded)."""
        prompts = {lang: f"{self.caption}. {text}" if self.caption else text
                   for lang, text in self.prompts.items()}
        return Puzzle(f"posizione-{number}", self.variant, "tactics", "move", 3, self.fen,
                      prompts, ((),), (), explanations=dict(self.words))

    def answer(self, lang: str) -> str:
        """The answers as the key prints them: any one of the lines is right."""
        _ = translator(lang)
        return _(" or ").join(self.lines)

    def as_data(self) -> dict[str, Any]:
        return {"fen": self.fen, "variant": self.variant, "caption": self.caption,
                "prompt": dict(self.prompts), "lines": list(self.lines),
                "words": dict(self.words)}

    @classmethod
    def from_data(cls, data: Any) -> Entry:
        """The entry ``data`` holds (as_data's), checked: ValueError says what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("a position is not a table")
        texts = {k: data.get(k, {}) for k in ("prompt", "words")}
        if not all(isinstance(v, dict) and all(isinstance(t, str) for t in v.values())
                   for v in texts.values()) or not texts["prompt"]:
            raise ValueError("a position's question or words are not texts")
        lines = data.get("lines", [])
        fen, variant, caption = (data.get("fen"), data.get("variant", "italian"),
                                 data.get("caption", ""))
        if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines) or \
                not all(isinstance(x, str) for x in (fen, variant, caption)):
            raise ValueError("a position's FEN, caption or lines are not texts")
        try:
            Board(fen, variant)
        except DamaError as error:
            raise ValueError(str(error)) from None
        return cls(fen, variant, caption, texts["prompt"], tuple(lines), texts["words"])


def from_advice(board: Board, moves: Sequence[str], words: str = "", lang: str = "it",
                caption: str = "", score: int | None = None) -> Entry:
    """A position with the computer's line (``moves``, without numbers) as its answer: its
    question says what the side to move can do (``score``, the side to move's view; without
    it, the end of the line weighed), ``words`` what the position is worth (in ``lang``, the
    advice's own).

    >>> entry = from_advice(Board("W:W10,21,22:B7,14,17"), ["22-18", "17x26", "18x4"],
    ...                     "Il Bianco ha una pedina in più.", "it")
    >>> entry.prompts["it"], entry.answer("it")
    ('Il Bianco muove: trova la mossa più forte.', '1. 22-18 17x26 2. 18x4')
    """
    if score is None:
        score = line_score(board, moves)
    said = verdict(board, score)
    return Entry(board.fen(), board.variant.name, caption,
                 {reader: prompt(board, said, reader) for reader in spoken()},
                 (numbered(board, moves),) if moves else (), {lang: words} if words else {})


def from_record(board: Board, record: dict[str, Any], caption: str = "") -> Entry:
    """A position that makes a puzzle (dama.analysis.make.propose's fields): its question,
    its answers numbered (a goal puzzle's: every first move that reaches the goal), its
    explanation."""
    if record["kind"] == "goal":
        first = accepted_moves(board, record["goal"], record["plies"])
        lines = tuple(numbered(board, [board.move_text(m)]) for m in first)
    else:
        lines = tuple(numbered(board, line.split()) for line in record["solutions"])
    texts = {head: {key.partition(".")[2]: value for key, value in record.items()
                    if key.startswith(head + ".")} for head in ("prompt", "explanation")}
    return Entry(board.fen(), board.variant.name, caption, texts["prompt"], lines,
                 texts["explanation"])


def sheet(entries: Sequence[Entry], lang: str = "it", title: str | None = None,
          answers: bool = True) -> str:
    """The handout: the positions four to an A4 page, the answers (numbered lines, the
    position in words) on a page of their own (``answers``) or left out."""
    _ = translator(lang)
    puzzles = [entry.puzzle(number) for number, entry in enumerate(entries, 1)]
    return worksheet(puzzles, lang, title or _("Positions to study"),
                     answers="end" if answers else "none",
                     key=[entry.answer(lang) for entry in entries],
                     labels=[entry.caption for entry in entries])


# -- the handout kept between visits ---------------------------------------------------------

#: The kept file's format, written in it: a reader of a later format says so.
FORMAT = {"format": "dama-handout", "version": 1}


@dataclass
class Kept:
    """The handout as it was left: its title, whether its answers are printed, its positions,
    and ``problem``, the words that say why a kept file could not be read (it is then set
    aside, under another name, never overwritten; ``writable`` is False when even that
    failed, and nothing is written over it)."""

    title: str = ""
    answers: bool = True
    entries: list[Entry] = field(default_factory=list)
    problem: Said | None = None
    writable: bool = True


def handout_path(folder: Path | None = None) -> Path:
    return (club_folder() if folder is None else Path(folder)) / HANDOUT_FILE


def load_kept(folder: Path | None = None) -> Kept:
    """The handout kept in the club's folder (an empty one when there is none). A file that
    cannot be read is renamed ``scheda-illeggibile-1.json`` (or the next number), and
    ``problem`` says so: nothing is lost, and the next handout starts afresh."""
    path = handout_path(folder)
    if not path.exists():
        return Kept()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("format") != FORMAT["format"]:
            raise ValueError("not a handout")
        if data.get("version") != FORMAT["version"]:
            raise ValueError(f"version {data.get('version')!r}")
        positions = data.get("positions", [])
        title, answers = data.get("title", ""), data.get("answers", True)
        if not isinstance(positions, list) or not isinstance(title, str) or \
                not isinstance(answers, bool):
            raise ValueError("the title, answers or positions are not what they should be")
        return Kept(title, answers, [Entry.from_data(item) for item in positions])
    except (OSError, UnicodeDecodeError, ValueError):
        return _set_aside(path)


def _set_aside(path: Path) -> Kept:
    number = 1
    while (aside := path.with_name(f"{path.stem}-illeggibile-{number}{path.suffix}")).exists():
        number += 1
    try:
        os.replace(path, aside)
    except OSError:
        return Kept(problem=Said(N_("The handout kept in {file} cannot be read, nor moved "
                                    "aside: it stays as it is, and this handout is not kept."),
                                 file=str(path)), writable=False)
    kept(aside)
    fresh = Kept(problem=Said(N_("The handout kept in {file} cannot be read: it is set aside "
                                 "as {aside}, and a new handout starts."),
                              file=str(path), aside=aside.name))
    try:
        # An empty handout in its place at once: the browser edition's copy of the folder
        # would otherwise bring the unreadable file back at the next visit.
        save_kept(fresh, path.parent)
    except OSError:
        pass                                # the next handout written will be kept instead
    return fresh


def save_kept(handout: Kept, folder: Path | None = None) -> Path:
    """Write the handout to the club's folder (whole or not at all: a partial file is never
    left in its place). OSError when the folder cannot be written."""
    path = handout_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {**FORMAT, "title": handout.title, "answers": handout.answers,
            "positions": [entry.as_data() for entry in handout.entries]}
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(partial, path)
    kept(path)
    return path


__all__ = ["Entry", "HANDOUT_FILE", "Kept", "default_title", "file_stem", "fit_caption",
           "from_advice", "from_record", "load_kept", "numbered", "picture_png",
           "picture_svg", "prompt", "save_kept", "sheet", "text_width", "to_move", "verdict",
           "wrap"]
