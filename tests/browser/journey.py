"""A child taking a lesson in the browser: every exercise answered through the UI its kind
uses, one wrong answer of each kind with its explanation read, a hint taken, the stars read.

The answers come from the puzzle collection (the test knows them; the page does not show
them). Works in both front ends: the child's view (Voilà) and JupyterLab.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from playwright.sync_api import expect

from browser_helpers import click_square, wait_drawn

RULE_ID = re.compile(r"\b(?:IT|INT|BR)-[A-Z]+\d*\b")

WORDS = {
    "it": {"title": "Esercizio {n} di {total}", "answer": "Rispondi", "hint": "Suggerimento", "next": "Prossimo esercizio",
           "stars": "Stelle", "wrong_choice": "Non è questa la risposta giusta",
           "wrong_number": "Non è {n}", "missing": "Ne manca qualcuna",
           "lesson_stars": "Le tue stelle in questa lezione: {got} su {total}",
           "unreadable": "Non riesco a leggere «{text}»"},
    "en": {"title": "Exercise {n} of {total}", "answer": "Answer", "hint": "Hint", "next": "Next exercise",
           "stars": "Stars", "wrong_choice": "That is not the right answer",
           "wrong_number": "It is not {n}", "missing": "Some are missing",
           "lesson_stars": "Your stars in this lesson: {got} out of {total}",
           "unreadable": "I cannot read “{text}”"},
}

#: The tests' pseudo-language: the English messages, wrapped (their starts, as the texts above
#: are looked for).
WORDS["qps"] = {key: "⟦" + text for key, text in WORDS["en"].items()}


def puzzles_by_id():
    from dama.core.content.puzzle import load

    return {p.id: p for p in load()}


@dataclass
class Journey:
    """What one lesson's walk did: for the closing report and the assertions."""

    lesson: str
    answered: dict[str, str] = field(default_factory=dict)   # puzzle id -> how
    stars: dict[str, int] = field(default_factory=dict)      # puzzle id -> stars expected
    wrong: list[str] = field(default_factory=list)           # kinds answered wrong once
    hints: list[str] = field(default_factory=list)


def rating_moved(status, before: str, sign: str) -> None:
    """The Palestra's rating line has changed for this answer, by ``sign`` ("(+" or "(−"):
    not the line of the answer before, still on the page while this one is on its way."""
    expect(status).not_to_have_text(before, use_inner_text=True)
    expect(status).to_contain_text(sign)


def star_text(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


class Child:
    """Drives one run of exercises (a ``.dama-puzzles`` widget) on ``page``."""

    def __init__(self, page, lang: str, wrong_kinds: set[str], screenshot=None,
                 touch: bool = False):
        self.page = page
        self.touch = touch                  # a tablet: the board is tapped
        self.lang = lang
        self.words = WORDS[lang]
        self.wrong_kinds = wrong_kinds      # kinds still to be answered wrong once
        self.screenshot = screenshot
        self.typed_turn = False             # alternate clicks and typed moves
        self.garbled = False                # a garbled move has been typed once

    def button(self, run, name: str):
        return run.get_by_role("button", name=name, exact=True)

    def status(self, run):
        return run.locator(".dama-status").first

    def walk(self, lesson: str, ids: list[str], precedence: bool = False,
             before: dict[str, int] | None = None) -> Journey:
        """Answer every exercise; ``precedence``: the first one is first refused by a
        precedence rule, clicking a piece whose capture is not the required one. ``before``:
        the stars already earned (the star line shows the best)."""
        before = before or {}
        page = self.page
        by_id = puzzles_by_id()
        journey = Journey(lesson)
        self.give_name_if_asked()
        run = page.locator(".dama-puzzles").first
        expect(run).to_be_attached()
        run.scroll_into_view_if_needed()
        for n, puzzle_id in enumerate(ids):
            puzzle = by_id[puzzle_id]
            if n:
                self.button(run, self.words["next"]).click()
            title = self.words["title"].format(n=n + 1, total=len(ids))
            expect(run.locator("b", has_text=title).first).to_be_attached()
            hints = attempt = 0
            if n == 0:  # a hint, general first
                self.button(run, self.words["hint"]).click()
                first_hint = puzzle.hint(1, self.lang)
                expect(run.locator(".dama-feedback")).to_contain_text(first_hint[:40])
                assert not RULE_ID.search(first_hint)
                journey.hints.append(puzzle_id)
                hints = 1
            kind = puzzle.kind
            if n == 0 and precedence and self.refused_click(run, puzzle, precedence=True):
                journey.wrong.append("precedence click")
            elif kind in self.wrong_kinds and self.answer_wrong(run, puzzle):
                self.wrong_kinds.discard(kind)
                journey.wrong.append(kind)
                attempt += self.costs(kind)
            if kind in ("move", "capture") and not self.garbled:
                self.garbled = self.type_garbled(run)
                if self.garbled:
                    journey.wrong.append("garbled move")
            how = self.answer_right(run, puzzle)
            journey.answered[puzzle_id] = how
            stars = max(1, 3 - hints - attempt, before.get(puzzle_id, 0))
            journey.stars[puzzle_id] = stars
            expect(run).to_contain_text(f"{self.words['stars']}: {star_text(stars)}")
        return journey

    def give_name_if_asked(self, name: str = "Giulia") -> None:
        """A child who typed no name in the index is asked at the first exercise: the name
        is typed there, and the exercises appear."""
        ask = self.page.locator(".dama-ask-name").first
        if not ask.count() or not ask.is_visible():
            return
        ask.scroll_into_view_if_needed()
        box = ask.locator(".dama-ask-name-box input")
        box.fill(name)
        ask.locator(".dama-ask-name-ok").click()
        expect(ask).to_be_hidden()
        expect(self.page.locator(".dama-exercises").first).to_contain_text(name)

    def option(self, run, puzzle, i: int):
        """The button of option ``i``, found by the words a child reads on it (so the click
        waits for this question's options, not the last one's)."""
        label = f"{'ABCDEFGH'[i]}. {puzzle.options[self.lang][i]}"
        return run.locator(".dama-choices").get_by_role("button", name=label, exact=True)

    @staticmethod
    def costs(kind: str) -> int:
        """A wrong choice, count or capture list costs a star; a refused click does not."""
        return 1 if kind in ("choice", "count", "all-captures") else 0

    # -- right answers --------------------------------------------------------------------

    def answer_right(self, run, puzzle) -> str:
        kind = puzzle.kind
        if kind == "choice":
            self.option(run, puzzle, puzzle.solutions[0]).click()
            return "option clicked"
        if kind == "count":
            self.type_answer(run, str(puzzle.solutions[0]))
            return "count typed"
        if kind == "all-captures":
            self.type_answer(run, " ".join(line[0] for line in puzzle.solutions))
            return "captures typed"
        line = puzzle.solutions[0]
        self.typed_turn = not self.typed_turn
        how = "move typed, Enter then Play" if self.typed_turn else "moved by clicks"
        canvas = run.locator("canvas.dama-board").first
        canvas.scroll_into_view_if_needed()
        wait_drawn(self.page, canvas)
        board = puzzle.board()
        for i, text in enumerate(line):
            if i % 2:           # the opponent's reply, played by the page
                board.push(board.parse_move(text))
                continue
            move = board.parse_move(text)
            if self.typed_turn:
                box = run.locator(".dama-move-box input").first
                box.fill(text)
                box.press("Enter")
                run.locator(".dama-play").first.click()   # the same move sent twice
            else:
                for square in move.path:
                    click_square(canvas, square, puzzle.variant, tap=self.touch)
            board.push(move)
            if i + 1 < len(line):
                reply = line[i + 1]
                expect(run.locator(".dama-moves").first).to_contain_text(reply)
        return how

    def type_garbled(self, run) -> bool:
        """Move text a slip of the finger makes (two signs in a row): the board says kindly
        how to write a move, and nothing is played or graded."""
        box = run.locator(".dama-move-box input").first
        if not box.count() or not box.is_visible():
            return False
        before = run.locator(".dama-moves").first.inner_text()
        box.fill("22-x9")
        box.press("Enter")
        expect(self.status(run)).to_contain_text(self.words["unreadable"].format(text="22-x9"))
        assert run.locator(".dama-moves").first.inner_text() == before
        return True

    def type_answer(self, run, text: str) -> None:
        box = run.locator(".dama-answer input").first
        box.fill(text)
        box.press("Enter")                                   # Enter sends it ...
        # ... and so does the button, pressed too; once the answer is right it rests
        # (disabled), so the tap may land on a button that does nothing, as a child's does.
        self.button(run, self.words["answer"]).click(force=True)

    # -- wrong answers --------------------------------------------------------------------

    def answer_wrong(self, run, puzzle) -> bool:
        """One wrong answer of the puzzle's kind, its explanation read. False when this
        puzzle offers no wrong answer of that kind to try."""
        kind, words = puzzle.kind, self.words
        feedback = run.locator(".dama-feedback")
        if kind == "choice":
            wrong = (puzzle.solutions[0] + 1) % len(puzzle.options[self.lang])
            self.option(run, puzzle, wrong).click()
            expect(feedback).to_contain_text(words["wrong_choice"])
            return True
        if kind == "count":
            n = puzzle.solutions[0] + 7
            self.type_answer(run, str(n))
            expect(feedback).to_contain_text(words["wrong_number"].format(n=n))
            return True
        if kind == "all-captures":
            if len(puzzle.solutions) < 2:
                return False
            self.type_answer(run, puzzle.solutions[0][0])
            expect(feedback).to_contain_text(words["missing"])
            return True
        return self.refused_click(run, puzzle)

    def refused_click(self, run, puzzle, precedence: bool = False) -> bool:
        """A click the rules refuse, explained on the board's status line in words, never
        naming a square of the answer; the piece can be clicked again at once."""
        from damalib.explain import explain_piece

        board = puzzle.board()
        answer = board.parse_move(puzzle.solutions[0][0])
        canvas = run.locator("canvas.dama-board").first
        canvas.scroll_into_view_if_needed()
        wait_drawn(self.page, canvas)
        own = [s for s, p in board.pieces().items() if p.colour == board.turn]
        refused = [s for s in own if not any(m.start == s for m in board.legal_moves)]
        precedence_pieces = [s for s in refused if (explain_piece(board, s).rule or "")
                             .startswith(("IT-P", "INT-P"))]
        clicks: list[int] = precedence_pieces[:1]
        if not clicks and precedence:
            # The required piece has a worse way too: click it, then where that way ends.
            legal = set(board.legal_moves)
            ends = {m.end for m in legal}
            worse = [m for m in map(board.move_of, board.movegen.raw_captures(*board.relative()))
                     if m not in legal and m.end not in ends]
            assert worse, f"{puzzle.id}: no capture turned down by a precedence rule"
            clicks = [worse[0].start, worse[0].end]
        if not clicks and refused:
            clicks = refused[:1]
        if not clicks:
            # Every piece can move: the answer's piece, then a square it may not go to.
            targets = [t for t in range(1, board.variant.squares + 1)
                       if t != answer.start and board.piece_at(t) is None
                       and not board.explain((answer.start, t)).legal
                       and not any(m.start == answer.start and t in m.path for m in
                                   board.legal_moves)]
            if not targets:
                return False
            clicks = [answer.start, targets[0]]
        square = clicks[0]
        status = self.status(run)
        for clicked in clicks:
            before = status.inner_text()
            click_square(canvas, clicked, puzzle.variant, tap=self.touch)
            expect(status).not_to_have_text(before, use_inner_text=True)
        rule = (explain_piece(board, square) if len(clicks) == 1
                else board.explain(tuple(clicks))).rule
        text = status.inner_text()
        assert not RULE_ID.search(text), text
        # No right move and no square of the answer is named (counts such as "3 pezzi" may
        # be, and the child's own wrong move).
        right = {str(m) for m in board.legal_moves} | {board.move_text(m)
                                                        for m in board.legal_moves}
        assert not any(re.search(rf"(?<![\dx-]){re.escape(r)}(?![\dx-])", text)
                       for r in right), f"{rule}: {text}"
        named = set(re.findall(r"\b(?:in|on|da|from)\s+(\d+)", text)) - {str(square)}
        assert not named & {str(s) for s in answer.path}, f"{rule}: {text}"
        if precedence:
            words = {"IT-P1": "quantità", "IT-P2": "dama", "IT-P3": "qualità",
                     "IT-P4": "precedenza"}.get(rule, "")
            if self.lang == "it":
                assert words in text, f"{rule}: {text}"
            if self.screenshot is not None:
                self.screenshot(f"precedence-refusal-{puzzle.id}.png")
        return True
