"""Printable worksheets: diagrams and prompts, four to an A4 page; the answers apart (a page
of their own, for the teacher: printing 25 copies of the sheet never hands out the key).

The answer key is written the way each kind is graded (dama/core/content/check.py): a ``move`` or
``capture`` puzzle accepts any one of its lines («18x11 oppure 18x25»), an ``all-captures``
puzzle needs every capture listed («18x11 e 18x25 (servono tutte)»), a ``goal`` puzzle any move
that reaches the goal, a ``count`` its number and a ``choice`` its option.
"""

from __future__ import annotations

import html
import math
from typing import Sequence

from damalib.i18n import N_, pick, translator
from damalib.svg import CELL, board as diagram

from dama.core.content.puzzle import Puzzle

#: The diagrams' printed size (CSS pixels, 96 to the inch) and their square numbers' size on
#: paper, in points: two diagrams side by side, and two rows of exercises, fit on A4
#: (tests/browser/test_worksheet_print.py prints every lesson's sheet).
SIZE = 240
NUMBER_PT = 9

#: The goals of a goal puzzle, in words (English; translated by the catalogues).
GOALS = {"win": N_("win"), "block": N_("block the opponent"), "promote": N_("make a king"),
         "draw": N_("reach a draw"), "material": N_("win material")}

STYLE = """
@page { size: A4; margin: 1.2cm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 1.5cm; color: #222; }
@media print { body { margin: 0; } }
h1 { font-size: 18pt; margin: 0 0 0.2cm; }
.name { font-size: 12pt; margin: 0 0 0.4cm; }
.sheet { display: grid; grid-template-columns: 1fr 1fr; gap: 0.4cm 1cm; }
.puzzle { break-inside: avoid; page-break-inside: avoid; }
.puzzle h2 { font-size: 12pt; margin: 0 0 0.2cm; }
.puzzle p { font-size: 11pt; margin: 0.2cm 0; }
.puzzle svg { display: block; }
.line { border-bottom: 1px solid #888; height: 0.6cm; }
.puzzle ol { margin: 0.1cm 0; font-size: 11pt; }
.key { break-before: page; page-break-before: always; }
.key.alone { break-before: auto; page-break-before: auto; }
.key li { margin: 0.2cm 0; font-size: 11pt; }
.key .why { display: block; font-size: 9.5pt; color: #555; }
.key .id { font-size: 8pt; color: #888; }
"""


def _join(items: list[str], _) -> str:
    """"a", "a e b", "a, b e c"."""
    if len(items) == 1:
        return items[0]
    # Translators: the last two items of a list, "22x13, 31x22 e 28x19".
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def answer_text(puzzle: Puzzle, lang: str = "it") -> str:
    """The answer of a puzzle written out for the answer key, as check.py grades it."""
    _ = translator(lang)
    if puzzle.kind == "count":
        return str(puzzle.solutions[0])
    if puzzle.kind == "choice":
        options = pick(puzzle.options, lang)
        return options[puzzle.solutions[0]]
    if puzzle.kind == "all-captures":  # every capture is needed, none is enough alone
        captures = list(dict.fromkeys(line[0] for line in puzzle.solutions))
        return _join(captures, _) + (_(" (all of them are needed)") if len(captures) > 1
                                     else "")
    if puzzle.kind == "goal":  # any first move that keeps the goal within reach
        from dama.core.content.goals import accepted_moves

        goal, plies = puzzle.solutions
        board = puzzle.board()
        moves = sorted(board.move_text(m) for m in accepted_moves(board, goal, plies))
        text = _.plural("goal: {goal} within {n} ply", "goal: {goal} within {n} plies", plies,
                        goal=_(GOALS[goal]) if goal in GOALS else goal)
        either = _(" or ")
        return f"{text}: {either.join(moves)}" if moves else text
    # move, capture: any one of the lines is right (a line as the child writes it: the
    # moves, the opponent's replies between them).
    return _(" or ").join(" ".join(line) for line in puzzle.solutions)


def number_size(puzzle_board, size: int = SIZE, points: float = NUMBER_PT) -> int:
    """The font size (viewBox units) that prints the square numbers at ``points`` on a
    diagram ``size`` CSS pixels wide (a CSS pixel is 0.75 pt)."""
    extent = puzzle_board.variant.geometry.size * CELL
    return min(CELL // 2, math.ceil(points / 0.75 / size * extent))


def answers_name(stem: str, lang: str, suffix: str = ".html") -> str:
    """The file name of a worksheet's answers: «scheda-07-soluzioni.html»."""
    # Translators: the end of the answers' file name, «scheda-07-soluzioni.html».
    ending = translator(lang).context("file name", "answers")
    return f"{stem}-{ending}{suffix}"


#: Where the answers go: a page of their own after the exercises, nowhere, or alone.
ANSWERS = ("end", "none", "only")


def worksheet(puzzles: list[Puzzle], lang: str = "it", title: str | None = None,
              answers: str = "end", *, key: Sequence[str] | None = None,
              labels: Sequence[str] | None = None) -> str:
    """An HTML page: each puzzle with its diagram and prompt, in the order given, then the
    answer key on a page of its own (``answers="end"``); ``"none"``: the exercises alone;
    ``"only"``: the key alone, headed with the sheet's title.

    ``key``: the answers as printed, one a puzzle, where the sheet knows better than the
    grading (a handout's lines with their move numbers); else each is written as it is graded
    (answer_text). ``labels``: what names each answer in the key; else the puzzle's id, so a
    teacher finds the exercise in the course ("" names none)."""
    if answers not in ANSWERS:
        raise ValueError(f"answers must be one of {ANSWERS}, not {answers!r}")
    for given, what in ((key, "key"), (labels, "labels")):
        if given is not None and len(given) != len(puzzles):
            raise ValueError(f"{what} must have one text a puzzle")
    _ = translator(lang)
    title = title or _("Draughts exercises")
    to_move = {"W": _("White to move"), "B": _("Black to move")}
    cards = []
    for number, puzzle in enumerate(puzzles, 1):
        board = puzzle.board()
        options = ""
        if puzzle.kind == "choice":
            items = pick(puzzle.options, lang)
            options = "<ol type=\"A\">" + "".join(f"<li>{html.escape(o)}</li>" for o in items)
            options += "</ol>"
        picture = diagram(board, SIZE, numbers=True, lang=lang,
                          number_size=number_size(board))
        cards.append(
            f'<section class="puzzle" data-puzzle="{html.escape(puzzle.id)}">'
            f"<h2>{number}. {to_move[board.turn]}</h2>{picture}"
            f"<p>{html.escape(puzzle.prompt(lang))}</p>{options}"
            f'<div class="line"></div><div class="line"></div></section>')
    name, group, date, heading = _("Name"), _("Class"), _("Date"), _("Answers")
    items = []
    for index, puzzle in enumerate(puzzles):
        why = puzzle.explanation(lang)
        text = answer_text(puzzle, lang) if key is None else key[index]
        if puzzle.kind == "choice" and key is None:  # the option's letter, as the sheet has it
            text = f"{chr(ord('A') + puzzle.solutions[0])}) {text}"
        label = puzzle.id if labels is None else labels[index]
        items.append(
            f'<li data-puzzle="{html.escape(puzzle.id)}">{html.escape(text)}'
            + (f' <span class="id">({html.escape(label)})</span>' if label else "")
            + (f'<span class="why">{html.escape(why)}</span>' if why else "") + "</li>")
    sheet = (f'<h1>{html.escape(title)}</h1><p class="name">{name}: '
             f'______________________ &nbsp; {group}: ________ &nbsp; '
             f'{date}: ____________</p><div class="sheet">{"".join(cards)}</div>')
    key_page = (f'<div class="key"><h1>{heading}</h1><ol>{"".join(items)}</ol></div>'
                if answers == "end" else
                f'<div class="key alone"><h1>{html.escape(title)} · {heading}</h1>'
                f'<ol>{"".join(items)}</ol></div>')
    body = {"end": sheet + key_page, "none": sheet, "only": key_page}[answers]
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
            f"{body}</body></html>\n")
