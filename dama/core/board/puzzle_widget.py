"""PuzzleWidget: exercises on the interactive board, graded at once, with hints and stars.

    >>> from dama.core.board.puzzle_widget import PuzzleWidget
    >>> exercises = PuzzleWidget("examples", student="Anna", save=False)
    >>> exercises.current.id
    'it-ex-001'
    >>> exercises.answer("22x13").correct
    True
"""

from __future__ import annotations

import html
import re
import time
from typing import Any, Protocol, Sequence

import ipywidgets as widgets

from dama.core.board.reply import MoveReply
from dama.core.handlers import serial
from damalib.i18n import N_, pick, spoken, translator
from dama.text import say
from dama.core.board.canvas import BoardWidget
from dama.core.speech import said_blocks

from dama.core.content.check import Verdict, check
from dama.core.content.puzzle import Puzzle, PuzzleFileError, load
from dama.core.store.progress import ProgressStore

MESSAGES: dict[str, str] = {
    "title": N_("Exercise {number} of {total}"),
    "hint": N_("Hint"),
    "no_more_hints": N_("There are no more hints."),
    "solution": N_("Show the solution"),
    "solution_is": N_("The answer: {solution}"),
    "solution_later": N_("The answer can be shown after a wrong try, or once every hint has been "
                         "used. Have a go first!"),
    "next": N_("Next exercise"),
    "finish": N_("I'm done!"),
    "answer": N_("Answer"),
    "answer_here": N_("Write your answer below and press “Answer”."),
    "choose": N_("Choose the answer below."),
    "tap_number": N_("Click the right number below, or write it and press “Answer”."),
    "answered": N_("You have answered: read below."),
    "play_on_board": N_("Answer by moving on the board (or type the move)."),
    "done": N_("You have finished the exercises: {stars} out of {total}!"),
    "not_saved": N_("Progress cannot be saved here: {error}"),
    "stars": N_("Stars"),
    "unavailable": N_("These exercises cannot be opened right now: ask your teacher for help."),
    "oops": N_("Something went wrong: please try again."),
    "file_problem": N_("Some exercises are missing: an exercise file has a mistake."),
}

# The options of a choice, one under the other, each read whole however long; buttons that
# wrap on a narrow screen instead of cutting their labels.
STYLE = """
<style>
.dama-puzzles .dama-choices { width: 100%; max-width: 640px; }
.dama-puzzles .dama-choices > div { display: flex; flex-direction: column;
  align-items: stretch; width: 100%; }
.dama-puzzles .dama-choices .widget-toggle-button { width: auto; height: auto;
  min-height: 2.4em; white-space: normal; text-align: left; line-height: 1.3;
  padding: 0.4em 0.8em; margin: 2px 0; overflow: visible; font-size: 1.05em; }
.dama-puzzles .dama-row { flex-wrap: wrap; gap: 4px; }
.dama-puzzles .widget-button { flex: 0 0 auto; width: auto; overflow: visible; }
.dama-puzzles .dama-feedback { font-size: 1.1em; }
@media (pointer: coarse) {
  .dama-puzzles .dama-choices .widget-toggle-button { min-height: 44px; }
}
</style>
"""


def _solution_text(puzzle: Puzzle, lang: str) -> str:
    from dama.core.content.worksheet import answer_text
    return answer_text(puzzle, lang)


class PuzzleSource(Protocol):
    """Where the next puzzle comes from when it is chosen as the child plays (the practice),
    rather than from a list made in advance."""

    def next_puzzle(self) -> Puzzle | None:
        """The puzzle after this one; None when there is no more."""

    def graded(self, puzzle: Puzzle, clean: bool, solved: bool = False) -> None:
        """The first answer to ``puzzle`` was graded: right at once with no hint (``clean``),
        or not; ``solved`` if it was right all the same (after a hint, say)."""

    def skipped(self, puzzle: Puzzle) -> None:
        """The child moved on from ``puzzle`` without answering."""

    def title(self, lang: str, number: int) -> str:
        """The heading of the ``number``-th puzzle played."""

    def exhausted(self, lang: str) -> str:
        """What to say when there is no next puzzle."""

    # Optional: ``next_label(lang)``, the next button's words when they are not the usual
    # ones (None: «Prossimo esercizio»).


#: The exercises of the page shown (a lesson's, the Palestra's), in the order they were made:
#: a lesson's stars follow them, a name typed reaches them all. The course's one page forgets
#: them when it shows another view (dama.app).
ON_THE_PAGE: list[PuzzleWidget] = []


def named_pieces(puzzle: Puzzle, lang: str) -> tuple[int, ...]:
    """The pieces the puzzle's question names by their square («la pedina in 22»): they glow
    on the board, for a child who hears the question rather than reads it. A square the
    answer names is never among them (the glow never gives an answer away), nor is any in a
    question that names none (a capture to find).

    >>> from dama.core.content import load
    >>> by_id = {p.id: p for p in load()}
    >>> named_pieces(by_id["it-mov-030"], "it"), named_pieces(by_id["it-not-007"], "it")
    ((22,), ())
    """
    pieces = puzzle.board().pieces()
    answers = [str(answer) for answer in puzzle.solutions]
    if puzzle.kind == "choice":
        options = puzzle.options.get(lang) or next(iter(puzzle.options.values()), ())
        answers = [options[i] for i in puzzle.solutions if isinstance(i, int) and i < len(options)]
    in_answer = {int(n) for n in re.findall(r"\d+", " ".join(answers))}
    named = (int(n) for n in re.findall(r"(?<![\d-])(\d{1,2})(?![\d-])", puzzle.prompt(lang)))
    return tuple(dict.fromkeys(n for n in named if n in pieces and n not in in_answer))


class PuzzleWidget(widgets.VBox):
    """A run of exercises: ``puzzles`` is a list of Puzzles, of puzzle ids, or a topic name.
    Every attempt is saved in the student's progress (``save=False`` keeps nothing), or in
    ``store`` when one is given. With a ``source``, each next puzzle is asked of it; ``titles``
    name the puzzles otherwise than «Esercizio 1 di 5». Other
    keywords go to the board (e.g. ``scheduler`` for when the opponent's replies come)."""

    def __init__(self, puzzles: Sequence[Puzzle | str] | str, lang: str = "it", *,
                 student: str | None = None, home: str | None = None, save: bool = True,
                 level: int | None = None, limit: int | None = None, size: int = 400,
                 source: PuzzleSource | None = None, store: ProgressStore | None = None,
                 titles: dict[str, str] | None = None, **board_options: Any) -> None:
        self.load_errors: list[PuzzleFileError] = []
        self.source = source
        #: The heading of each puzzle by language, with {number} and {total} (default:
        #: «Esercizio 1 di 5»).
        self.titles = titles
        self.puzzles = _select(puzzles, level, limit, self.load_errors)
        if not self.puzzles:
            # Nothing to play: say so kindly instead of failing in front of a child.
            details = "; ".join(str(e) for e in self.load_errors)
            message = widgets.HTML(f"<p>{html.escape(say(MESSAGES, 'unavailable', lang))}</p>"
                                   + (f"<p><small>{html.escape(details)}</small></p>"
                                      if details else ""))
            message.add_class("dama-feedback")
            super().__init__([message])
            self.feedback = message
            return
        self.stars: dict[str, int] = {}
        self.store: ProgressStore | None = store
        self._store_error = ""
        if save and store is None:
            try:
                self.store = ProgressStore(student or "studente", home)
                # Stars earned before (another day, or before the kernel restarted) show at once.
                ids = {p.id for p in self.puzzles}
                self.stars = {k: v for k, v in self.store.best_stars().items()
                              if k in ids and v > 0}
            except OSError as error:
                self._store_error = str(error)
        board_options = {"show_legal": False, "delay": 0.6, **board_options}
        self.board_widget = BoardWidget(self.puzzles[0].fen, self.puzzles[0].variant, lang,
                                        size, **board_options)
        self.title = widgets.HTML()
        self.prompt = widgets.HTML()
        self.prompt.add_class("dama-prompt")
        self.prompt.add_class("dama-listenable")      # «Ascolta» (dama.core.speech)
        self.feedback = widgets.HTML()
        self.feedback.add_class("dama-feedback")
        # Heard with «Ascolta», and by itself after each answer where the reader asked.
        self.feedback.add_class("dama-listenable")
        self.feedback.add_class("dama-read-itself")
        self.star_line = widgets.HTML()
        self.answer_box = widgets.Text(continuous_update=False,
                                       layout=widgets.Layout(width="16em"))
        self.answer_box.add_class("dama-answer")
        self.answer_box.observe(self._serial(lambda _: self._answer_box()), "value")
        self.answer_button = widgets.Button()
        self.answer_button.on_click(self._serial(lambda _: self._answer_box()))
        self.choices = widgets.ToggleButtons(options=[], value=None)
        self.choices.add_class("dama-choices")
        self._choice_handler = self._serial(self._on_choice)
        self.choices.observe(self._choice_handler, "value")
        self.hint_button = widgets.Button()
        self.hint_button.on_click(self._serial(lambda _: self.hint()))
        self.solution_button = widgets.Button()
        self.solution_button.on_click(self._serial(lambda _: self.show_solution()))
        self.next_button = widgets.Button()
        self.next_button.add_class("dama-next")
        self.next_button.on_click(self._serial(lambda _: self.next()))
        self.number_row = self._make_number_row()
        self.answer_row = widgets.VBox([self.number_row,
                                        widgets.HBox([self.answer_box, self.answer_button])])
        buttons = widgets.HBox([self.hint_button, self.solution_button, self.next_button],
                               layout=widgets.Layout(flex_flow="row wrap"))
        buttons.add_class("dama-row")
        super().__init__([widgets.HTML(STYLE), self.title, self.prompt, self.board_widget,
                          self.answer_row, self.choices, self.feedback, self.star_line,
                          buttons])
        self.add_class("dama-puzzles")
        self.add_class("dama-touch")
        self.board_widget.controller.on_change(lambda _: self._refresh_language())
        self.board_widget.controller.on_taken_back(self._serial(lambda _: self._taken_back()))
        self._lang = self.lang
        self.show(0)
        if self.load_errors:
            self._say({lang: say(MESSAGES, "file_problem", lang) for lang in spoken()})
        if self.store is not None and self.store.message:
            self._say(self.store.message)
        elif self._store_error:
            self._say({lang: say(MESSAGES, "not_saved", lang, error=self._store_error) for lang in spoken()})

    def set_student(self, student: str, home: str | None = None) -> None:
        """Save from now on under ``student`` (a name typed at the first exercise): the stars
        already earned under that name show at once."""
        if self.store is None:
            return
        old = self.store
        try:
            self.store = ProgressStore(student or "studente", home if home is not None
                                       else old.path.parent)
        except OSError as error:
            self._store_error = str(error)
            return
        old.close()
        ids = {p.id for p in self.puzzles}
        for puzzle_id, stars in self.store.best_stars().items():
            if puzzle_id in ids and stars > self.stars.get(puzzle_id, 0):
                self.stars[puzzle_id] = stars
        self._render()
        if self.store.message:
            self._say(self.store.message)

    # -- state ----------------------------------------------------------------------------

    @property
    def lang(self) -> str:
        return self.board_widget.lang

    @property
    def current(self) -> Puzzle:
        return self.puzzles[self.index]

    def show(self, index: int) -> None:
        """Show the ``index``-th puzzle, fresh."""
        self.index = index
        self.attempt, self.hints_used, self.failed, self.solved = 1, 0, False, False
        self._reported = self._recorded = False
        self._line: list = []
        self._started = time.monotonic()
        self._message: Any = ""
        self._last_answer: tuple | None = None
        puzzle = self.current
        board_kind = puzzle.kind in ("move", "capture", "goal")
        if board_kind:
            self.board_widget.start_puzzle(puzzle.board().fen(), on_attempt=self._on_attempt,
                                           prompt=self._how_to_answer(), variant=puzzle.variant)
        else:  # answered below the board: the position is only to look at
            self.board_widget.start_look(puzzle.board().fen(), prompt=self._how_to_answer(),
                                         variant=puzzle.variant)
        self.answer_row.layout.display = "none" if board_kind or puzzle.kind == "choice" else ""
        # A choice or a count is answered below the board: no move box on the board then.
        self.board_widget.move_row.layout.display = "" if board_kind else "none"
        self.choices.layout.display = "" if puzzle.kind == "choice" else "none"
        self.answer_box.value = ""
        self.number_row.layout.display = "" if puzzle.kind == "count" else "none"
        self.board_widget.controller.show_focus(*named_pieces(puzzle, self.lang))
        self._render()

    def play(self, puzzle: Puzzle) -> None:
        """Show ``puzzle`` next (a source's choice, e.g. when the child changes the mode)."""
        self.puzzles.append(puzzle)
        self.show(len(self.puzzles) - 1)

    def leave(self) -> None:
        """Tell the source that the child leaves the puzzle shown, if its answer has not been
        told yet. Left after answers that decided nothing (a move the board could not read),
        it is a try that was not solved, as the progress file's tries count it."""
        if self.source is None or getattr(self, "_reported", True):
            return
        self._reported = True
        if self._recorded:
            self.source.graded(self.current, False)
        else:
            self.source.skipped(self.current)

    def next(self) -> None:
        if self.source is not None:
            self.leave()
            puzzle = self.source.next_puzzle()
            if puzzle is None:
                self._say({lang: self.source.exhausted(lang) for lang in spoken()})
            else:
                self.play(puzzle)
            return
        if self.index + 1 < len(self.puzzles):
            self.show(self.index + 1)
        else:
            total = 3 * len(self.puzzles)
            got = sum(self.stars.values())
            self._say({lang: say(MESSAGES, "done", lang, total=total,
                                stars=translator(lang).plural("{n} star", "{n} stars", got))
                       for lang in spoken()})

    def hint(self) -> None:
        """Show the next hint (each costs a star)."""
        text = self.current.hint(self.hints_used + 1, self.lang)
        if text is None:
            self._say({lang: say(MESSAGES, "no_more_hints", lang) for lang in spoken()})
            return
        self.hints_used += 1
        self._say({lang: self.current.hint(self.hints_used, lang) or text for lang in spoken()})

    def show_solution(self) -> None:
        """After a failure, or when every hint has been used: the answer."""
        if not self._solution_allowed():
            # The button is never greyed without a reason: it says when it will help.
            self._say({lang: say(MESSAGES, "solution_later", lang) for lang in spoken()})
            return
        self._say({lang: say(MESSAGES, "solution_is", lang, solution=_solution_text(self.current, lang))
                   for lang in spoken()})

    def _solution_allowed(self) -> bool:
        """A child stuck after every hint may see the answer too (it leaves one star)."""
        hints = len(pick(self.current.hints, self.lang) if self.current.hints else ())
        return self.failed or self.solved or (hints > 0 and self.hints_used >= hints)

    # -- answering --------------------------------------------------------------------------

    def answer(self, value: Any) -> Verdict:
        """Grade an answer as if the child had given it (text, a number, an option index)."""
        puzzle = self.current
        if puzzle.kind in ("move", "capture"):
            value = [*self._line, value] if isinstance(value, str) and " " not in value.strip() \
                else value
        verdict = check(puzzle, value, self.hints_used, self.attempt)
        self._graded(value, verdict)
        return verdict

    def _taken_back(self) -> None:
        """"Annulla" or "Ricomincia" on the board: the line follows the board. Once solved,
        the exercise starts again from its position, a new try (as after a reload): the
        solution can be played again, and the stars kept are the best ones."""
        board = self.board_widget.controller.board
        if self.solved:
            if board.move_stack:   # taken back to the middle: the new try starts at the start
                self.board_widget.controller.restart()
                return
            self.attempt, self.hints_used, self.failed, self.solved = 1, 0, False, False
            self._started = time.monotonic()
            self._message = ""
        self._line = list(board.move_stack[0::2])
        self._render()

    def _on_attempt(self, move: Any) -> MoveReply:
        puzzle = self.current
        if self.solved:
            return MoveReply(False, self._message)
        answer = move if puzzle.kind == "goal" else [*self._line, move]
        verdict = check(puzzle, answer, self.hints_used, self.attempt)
        # The board says it, under the board: said once, not again below the exercise.
        self._graded(answer, verdict, shown="")
        if verdict.correct and not verdict.done:
            self._line.append(move)
            return MoveReply(True, verdict, reply=verdict.reply)
        return MoveReply(verdict.correct, verdict, solved=verdict.correct)

    def _serial(self, handler: Any) -> Any:
        return serial(handler, on_error=lambda _: self._say(
            {lang: say(MESSAGES, "oops", lang) for lang in spoken()}))

    def _answer_box(self) -> None:
        # Enter (or leaving the box) and the button both send the answer: grade it once.
        # The same answer given again in a row would get the same verdict: it is not graded
        # twice (nor counted as a second failure).
        text = self.answer_box.value.strip()
        key = (text, self.index)
        if text and key != self._last_answer:
            self._last_answer = key
            self.answer(text)

    def _make_number_row(self) -> widgets.HBox:
        """A count answered with a tap on its number, as well as typed: a child who cannot
        write yet answers too."""
        self.number_buttons = [widgets.Button(description=str(n),
                                              layout=widgets.Layout(width="3em"))
                               for n in range(10)]
        for number, button in enumerate(self.number_buttons):
            button.add_class("dama-number")
            button.on_click(self._serial(lambda _, n=number: self._answer_number(n)))
        row = widgets.HBox(self.number_buttons, layout=widgets.Layout(flex_flow="row wrap"))
        row.add_class("dama-row")
        row.add_class("dama-numbers-row")
        return row

    def _answer_number(self, number: int) -> None:
        self._last_answer = (str(number), self.index)
        self.answer(str(number))

    def _on_choice(self, change: dict) -> None:
        if change["new"] is not None and not self.solved:
            self.answer(change["new"])

    def _graded(self, answer: Any, verdict: Verdict, shown: Any = None) -> None:
        """Save and score an attempt; ``shown`` replaces the verdict below the exercise."""
        verdict_shown = verdict if shown is None else shown
        if verdict.correct and not verdict.done:
            self._message = verdict_shown
            self._render()
            return
        if verdict.reason != "no_answer":
            self._recorded = True
        if self.store is not None and verdict.reason != "no_answer":
            seconds = time.monotonic() - self._started
            try:
                self.store.record(self.current, _answer_text(answer), verdict,
                                  self.hints_used, seconds)
            except OSError as error:  # a full disk or a read-only folder: keep playing
                self._store_error = str(error)
        if self.source is not None and not self._reported and not verdict.retry:
            self._reported = True
            self.source.graded(self.current, verdict.correct and verdict.stars >= 3,
                               solved=verdict.correct)
        elif self.source is not None and verdict.correct and not self.solved:
            # Solved after a miss already told: the source may say what that means.
            getattr(self.source, "solved_later", lambda _: None)(self.current)
        if verdict.correct:
            self.solved = True
            self.stars[self.current.id] = max(self.stars.get(self.current.id, 0), verdict.stars)
            if self.current.kind not in ("move", "capture", "goal"):
                # Answered below the board: the board no longer asks for an answer.
                self.board_widget.start_look(self.current.board().fen(),
                                             prompt={lang: say(MESSAGES, "answered", lang) for lang in spoken()},
                                             variant=self.current.variant)
        elif not verdict.retry:
            self.failed = True
            self.attempt += 1
        self._message = verdict_shown
        self._render()

    # -- drawing ----------------------------------------------------------------------------

    def _say(self, message: Any) -> None:
        self._message = message
        self._render()

    def _how_to_answer(self) -> dict[str, str]:
        key = {"choice": "choose", "count": "tap_number", "all-captures": "answer_here"}.get(
            self.current.kind, "play_on_board")
        return {lang: say(MESSAGES, key, lang) for lang in spoken()}

    def _refresh_language(self) -> None:
        if self.lang != self._lang:
            self._lang = self.lang
            self._render()

    def _render(self) -> None:
        lang, puzzle = self.lang, self.current
        # The options first: by the time the new question shows, its options are there.
        options = pick(puzzle.options, lang) if puzzle.options else ()
        _ = translator(lang)
        # Translators: the letters that name a question's answers, in order.
        letters = _.context("option letters", "ABCDEFGH")
        labels = [(_("{letter}. {option}", letter=letters[i % len(letters)], option=o), i)
                  for i, o in enumerate(options)]
        if list(self.choices.options) != labels:
            self._new_choices(labels)
        number, total = self.index + 1, len(self.puzzles)
        if self.source is not None:
            title = self.source.title(lang, number)
        elif self.titles:
            title = (pick(self.titles, lang) if self.titles else "").format(
                number=number, total=total)
        else:
            title = say(MESSAGES, "title", lang, number=number, total=total)
        # The puzzle's id rides along, unseen, for a teacher's browser tools and the tests.
        self.title.value = (f"<b data-puzzle='{html.escape(puzzle.id, quote=True)}'>"
                            f"{html.escape(title)}</b>")
        self.prompt.value = said_blocks(
            f"<p style='font-size:1.15em'>{html.escape(puzzle.prompt(lang))}</p>", lang)
        message = self._message
        if hasattr(message, "text"):
            message = message.text(lang)
        elif isinstance(message, dict):
            message = pick(message, lang)
        self.feedback.value = said_blocks(f"<p>{html.escape(str(message))}</p>", lang) \
            if message else ""
        # A wrong answer after a hint keeps the hint in sight: the child paid a star for it.
        hint = puzzle.hint(self.hints_used, lang) if self.hints_used else None
        if hint and not self.solved and hint not in str(message):
            self.feedback.value += said_blocks(
                f"<p><i>{html.escape(say(MESSAGES, 'hint', lang))}:</i> {html.escape(hint)}</p>",
                lang)
        earned = self.stars.get(puzzle.id, 0)
        self.star_line.value = (f"{say(MESSAGES, 'stars', lang)}: " + "★" * earned + "☆" * (3 - earned))
        self.hint_button.description = say(MESSAGES, "hint", lang)
        self.hint_button.disabled = self.solved or puzzle.hint(1, lang) is None
        self.solution_button.description = say(MESSAGES, "solution", lang)
        last = self.source is None and self.index + 1 == len(self.puzzles)
        label = getattr(self.source, "next_label", lambda _: None)(lang)
        self.next_button.description = label or say(MESSAGES, "finish" if last else "next", lang)
        self.answer_button.description = say(MESSAGES, "answer", lang)
        # Solved: the answer is given, its box and button rest (the next one waits above).
        self.answer_box.disabled = self.answer_button.disabled = self.solved
        for button in self.number_buttons:
            button.disabled = self.solved

    def _new_choices(self, labels: list[tuple[str, int]]) -> None:
        """New option buttons for a new question (or language). A click still on its way to
        the old buttons then reaches a closed widget and is dropped: it can neither answer the
        new question nor bring the old options back on the page (seen in a browser's kernel,
        where messages are slower, when a child clicked as the next question appeared)."""
        old = self.choices
        old.unobserve(self._choice_handler, "value")
        self.choices = widgets.ToggleButtons(options=labels, value=None,
                                             layout=widgets.Layout(display=old.layout.display))
        self.choices.add_class("dama-choices")
        self.choices.observe(self._choice_handler, "value")
        self.children = tuple(self.choices if child is old else child for child in self.children)
        old.close()


def _answer_text(answer: Any) -> str:
    if isinstance(answer, (list, tuple)):
        return " ".join(str(a) for a in answer)
    return str(answer)


def _select(puzzles: Sequence[Puzzle | str] | str, level: int | None, limit: int | None,
            errors: list[PuzzleFileError]) -> list[Puzzle]:
    if isinstance(puzzles, str):
        chosen = load(topic=puzzles, errors=errors)
    else:
        by_id = ({p.id: p for p in load(errors=errors)}
                 if any(isinstance(p, str) for p in puzzles) else {})
        chosen = [by_id[p] if isinstance(p, str) else p for p in puzzles
                  if not isinstance(p, str) or p in by_id]
    if level is not None:
        chosen = [p for p in chosen if p.level == level]
    return chosen[:limit] if limit else chosen
