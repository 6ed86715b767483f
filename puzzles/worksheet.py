"""Printable worksheets: diagrams and prompts, then a page with the answers."""

from __future__ import annotations

import html

from damalib.svg import board as diagram

from .model import Puzzle

TITLES = {"it": ("Esercizi di dama", "Soluzioni", "Risposta", "Mossa al Bianco", "Mossa al Nero"),
          "en": ("Draughts exercises", "Answers", "Answer", "White to move", "Black to move")}

STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 1.5cm; color: #222; }
h1 { font-size: 20pt; margin: 0 0 0.5cm; }
.sheet { display: grid; grid-template-columns: 1fr 1fr; gap: 0.8cm 1cm; }
.puzzle { break-inside: avoid; page-break-inside: avoid; }
.puzzle h2 { font-size: 12pt; margin: 0 0 0.2cm; }
.puzzle p { font-size: 11pt; margin: 0.2cm 0; }
.line { border-bottom: 1px solid #888; height: 0.8cm; }
.key { break-before: page; page-break-before: always; }
.key li { margin: 0.15cm 0; }
"""


def answer_text(puzzle: Puzzle, lang: str) -> str:
    """The answer of a puzzle written out for the answer key."""
    if puzzle.kind == "count":
        return str(puzzle.solutions[0])
    if puzzle.kind == "choice":
        options = puzzle.options.get(lang) or puzzle.options["it"]
        return options[puzzle.solutions[0]]
    if puzzle.kind == "goal":
        return {"it": "obiettivo", "en": "goal"}[lang] + f": {puzzle.solutions[0]}"
    joiner = " / "
    return joiner.join(" ".join(line) for line in puzzle.solutions)


def worksheet(puzzles: list[Puzzle], lang: str = "it", title: str | None = None) -> str:
    """An HTML page: each puzzle with its diagram and prompt, then the answer key."""
    lang = lang if lang in TITLES else "it"
    heading, key_heading, answer_word, white, black = TITLES[lang]
    title = title or heading
    cards = []
    for number, puzzle in enumerate(puzzles, 1):
        board = puzzle.board()
        options = ""
        if puzzle.kind == "choice":
            items = puzzle.options.get(lang) or puzzle.options["it"]
            options = "<ol type=\"A\">" + "".join(f"<li>{html.escape(o)}</li>" for o in items)
            options += "</ol>"
        cards.append(
            f'<section class="puzzle"><h2>{number}. {white if board.turn == "W" else black}'
            f"</h2>{diagram(board, 260, numbers=True, lang=lang)}"
            f"<p>{html.escape(puzzle.prompt(lang))}</p>{options}"
            f'<div class="line"></div><div class="line"></div></section>')
    answers = "".join(f"<li>{html.escape(answer_text(p, lang))}</li>" for p in puzzles)
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
            f'<h1>{html.escape(title)}</h1><div class="sheet">{"".join(cards)}</div>'
            f'<div class="key"><h1>{key_heading}</h1><ol>{answers}</ol></div></body></html>\n')
