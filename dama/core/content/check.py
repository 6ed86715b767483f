"""Grading a student's answer: right or wrong, why (citing the rule), and stars."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from damalib import BLACK, WHITE, Board, IllegalMoveError, Move, NotationError
from damalib.i18n import N_, colour_word, number_word, pick, spoken, translator

from dama.core.content.puzzle import Puzzle

MESSAGES: dict[str, tuple[str, str]] = {
    "solved": N_("{praise}"),
    "continue": N_("Good! Your opponent answers {reply}: your turn again."),
    "retry": N_("{move} is a good move, but there is a better one: try again!"),
    "not_solution": N_("{move} is allowed, but it is not the answer. Try again!"),
    "refused": N_("{why} Try again!"),
    "illegal": N_("{explanation}"),
    "unreadable_move": N_("I cannot read the move “{text}”: write it like 22-19, or 27x18 for "
                          "a capture."),
    "no_answer": N_("You have not answered yet."),
    "missing_captures": N_("Some are missing: there are {total} possible captures and you found "
                           "{found}."),
    "all_found": N_("{praise} You found every capture."),
    "unreadable_number": N_("Write a number, for example 3."),
    "wrong_number": N_("It is not {answer}: {direction}. Try again!"),
    "unreadable_choice": N_("Choose one of the answers."),
    "unreadable_captures": N_("I cannot read “{text}”: write the captures one after the other, "
                              "with a space between them, for example 22x13 22x15."),
    "wrong_choice": N_("That is not the right answer."),
    "goal_reached": N_("{praise} With {move} you reach the goal."),
    "goal_missed": N_("With {move} you cannot reach the goal: try again!"),
    # A basic ending's wrong move, as the endgame tables see it (goal "hold").
    "hold_lost": N_("With {move} the game is lost: {side} can win, whatever you do. Try "
                    "again!"),
    "hold_slipped": N_("With {move} the win slips away: {side} can hold the draw. Try "
                       "again!"),
    # A shot's wrong move that loses nothing: the solver proved that after it the opponent
    # keeps every piece within the puzzle's plies.
    "material_missed": N_("With {move} you win no piece straight away: {side} can defend. "
                          "Try again!"),
    # An exchange's wrong move that loses nothing and forces no capture (goal "exchange").
    "exchange_none": N_("After {move} {side} does not have to capture: you give no man. Try "
                        "again!"),
}
_STARS_TEXT = N_("Stars: {stars} of 3.")
#: Praise for a right answer, by the stars it earns: it says what the stars say (no
#: «Perfetto!» after a hint or a retry), the same for every child, girl or boy. One word
#: per puzzle among those of its stars, so that it changes from one exercise to the next.
PRAISE: dict[int, tuple[str, ...]] = {
    3: (N_("Exactly right, at the first try!"), N_("Right, at the first try!"),
        N_("Great, at the first try!")),
    2: (N_("Well done!"), N_("You've got it!")),
    1: (N_("You got there!"), N_("Right, in the end!")),
}


def praise(puzzle_id: str, lang: str = "it", stars: int = 3) -> str:
    """The praise for a right answer to the puzzle ``puzzle_id`` that earns ``stars``."""
    words = PRAISE[min(3, max(1, stars))]
    word = words[sum(map(ord, puzzle_id)) % len(words)]
    return translator(lang)(word)
_SPLIT = re.compile(r"[\s,;]+|\be\b|\band\b")


@dataclass(frozen=True)
class Verdict:
    """The grade of one answer. ``done`` is False while a line of moves goes on (``reply`` is
    then the opponent's move to play); ``retry`` means a good move that is not the best."""

    correct: bool
    stars: int
    rule: str | None
    reason: str
    params: dict[str, Any] = field(default_factory=dict, compare=False)
    done: bool = True
    retry: bool = False
    reply: Move | None = None
    feedback: dict[str, str] = field(default_factory=dict, compare=False)
    #: The id of the puzzle graded (it picks the praise word).
    puzzle: str = ""

    def text(self, lang: str = "it") -> str:
        """What to tell the student, in ``lang`` ("it", "en", ...)."""
        params = {k: (pick(v, lang) if isinstance(v, dict) else v) for k, v in self.params.items()}
        params.setdefault("praise", praise(self.puzzle, lang, self.stars))
        parts = [translator(lang)(MESSAGES[self.reason], **params)]
        if self.feedback and pick(self.feedback, lang):
            parts.append(pick(self.feedback, lang))
        if self.correct and self.done:
            parts.append(translator(lang)(_STARS_TEXT, stars=self.stars))
        return " ".join(parts)


#: A count may be written in words, as children often do ("due", "two").
NUMBER_WORDS = {**{number_word(n, lang).lower(): n for lang in spoken() for n in range(21)},
                "una": 1, "un": 1, "nessuna": 0, "nessuno": 0, "none": 0}


def stars_for(hints_used: int, attempt: int) -> int:
    """Three stars at the first try without hints; each hint and each retry costs one, and a
    solved puzzle keeps at least one."""
    return max(1, 3 - max(0, hints_used) - max(0, attempt - 1))


def check(puzzle: Puzzle, answer: Any, hints_used: int = 0, attempt: int = 1) -> Verdict:
    """Grade ``answer`` (text, a Move, a number or an option index, by kind). Answers are
    parsed, never evaluated; anything unreadable gets a friendly message."""
    return replace(_grade(puzzle, answer, stars_for(hints_used, attempt)), puzzle=puzzle.id)


def _grade(puzzle: Puzzle, answer: Any, stars: int) -> Verdict:
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return Verdict(False, 0, None, "no_answer", retry=True)
    if puzzle.kind in ("move", "capture"):
        return _check_line(puzzle, answer, stars)
    if puzzle.kind == "all-captures":
        return _check_all(puzzle, answer, stars)
    if puzzle.kind == "count":
        return _check_count(puzzle, answer, stars)
    if puzzle.kind == "choice":
        return _check_choice(puzzle, answer, stars)
    return _check_goal(puzzle, answer, stars)


def _moves_of(answer: Any) -> list[Move | str]:
    if isinstance(answer, Move):
        return [answer]
    if isinstance(answer, str):
        return [part for part in _SPLIT.split(answer.strip()) if part]
    if isinstance(answer, Sequence):
        return list(answer)
    return [str(answer)]


def _parse(board: Board, item: Move | str) -> Move | Verdict:
    """The legal move ``item`` names, or the verdict that says what is wrong with it."""
    try:
        if isinstance(item, Move):
            if not board.is_legal(item):
                raise board.illegal_move_error(item)
            return item
        return board.parse_move(str(item))
    except IllegalMoveError as error:
        explanation = error.explanation
        # In words a child reads, and without naming the capture that was required: that
        # would be the answer.
        text = ({lang: explanation.text(lang, cite="name", reveal=False) for lang in spoken()}
                if explanation else str(error))
        return Verdict(False, 0, error.rule, "illegal", {"explanation": text})
    except NotationError:
        return Verdict(False, 0, None, "unreadable_move", {"text": str(item)[:30]}, retry=True)


def _check_line(puzzle: Puzzle, answer: Any, stars: int) -> Verdict:
    board = puzzle.board()
    lines = list(puzzle.solutions)
    played = _moves_of(answer)
    for i, item in enumerate(played):
        move = _parse(board, item)
        if isinstance(move, Verdict):
            return move
        text = board.move_text(move)
        lines = [line for line in lines if len(line) > 2 * i
                 and board.parse_move(line[2 * i]) == move]
        if not lines:
            why = i == 0 and next((texts for known, texts in puzzle.refused.items()
                                   if board.parse_move(known) == move), None)
            if why:
                return Verdict(False, 0, None, "refused", {"move": text, "why": why})
            good = i == 0 and any(board.parse_move(g) == move for g in puzzle.good)
            if good:
                return Verdict(False, 0, None, "retry", {"move": text}, retry=True)
            # A wrong move that loses material is told what it lets the opponent do (the
            # review's words; imported here, as the review imports this module).
            from dama.core.content.phrasing import what_it_lets_happen

            why = what_it_lets_happen(board, move)
            if why:
                return Verdict(False, 0, None, "refused", {"move": text, "why": why})
            if i == 0 and puzzle.goal == "hold":
                held = _hold_refusal(board, move)
                if held is not None:
                    return held
            if i == 0 and puzzle.goal == "material" and puzzle.unique:
                # The solver proved the answer's first move the only one that wins
                # material within the puzzle's plies: after this one the opponent can defend.
                side = {lang: colour_word(BLACK if board.turn == WHITE else WHITE, lang,
                                          "subject")
                        for lang in spoken()}
                return Verdict(False, 0, None, "material_missed", {"move": text, "side": side})
            if i == 0 and puzzle.goal == "exchange":
                after = board.copy()
                after.push(move)
                if not after.must_capture():
                    side = {lang: colour_word(after.turn, lang, "subject") for lang in spoken()}
                    return Verdict(False, 0, None, "exchange_none", {"move": text, "side": side})
            return Verdict(False, 0, None, "not_solution", {"move": text})
        board.push(move)
        finished = [line for line in lines if len(line) == 2 * i + 1]
        if finished or i + 1 == len(played):
            if finished:
                return Verdict(True, stars, None, "solved", {"move": text},
                               feedback=_explanation(puzzle))
            reply = board.parse_move(lines[0][2 * i + 1])
            return Verdict(True, 0, None, "continue", {"reply": board.move_text(reply)},
                           done=False, reply=reply)
        board.push(board.parse_move(lines[0][2 * i + 1]))
    return Verdict(False, 0, None, "no_answer", retry=True)


def _hold_refusal(board: Board, move: Move) -> Verdict | None:
    """A basic ending's wrong move said as the endgame tables see it: the game now lost, or
    a win let slip to a draw (None where the tables do not cover it)."""
    from damalib.endgame import probe

    after = board.copy()
    after.push(move)
    found = probe(after)
    reason = {"win": "hold_lost", "draw": "hold_slipped"}.get(found[0]) if found else None
    if reason is None:
        return None
    side = {lang: colour_word(after.turn, lang, "subject") for lang in spoken()}
    return Verdict(False, 0, None, reason, {"move": board.move_text(move), "side": side})


def _explanation(puzzle: Puzzle) -> dict[str, str]:
    return dict(puzzle.explanations)


def _check_all(puzzle: Puzzle, answer: Any, stars: int) -> Verdict:
    board = puzzle.board()
    given: set[Move] = set()
    for item in _moves_of(answer):
        move = _parse(board, item)
        if isinstance(move, Verdict):
            if move.reason == "unreadable_move":  # say how a list of captures is written
                return replace(move, reason="unreadable_captures")
            return move
        given.add(move)
    expected = {board.parse_move(line[0]) for line in puzzle.solutions}
    extra = given - expected
    if extra:  # legal moves that are not captures: the capture was compulsory
        move = min(extra, key=lambda m: m.path)
        return Verdict(False, 0, None, "not_solution", {"move": board.move_text(move)})
    if given != expected:
        return Verdict(False, 0, None, "missing_captures",
                       {"total": len(expected), "found": len(given)})
    return Verdict(True, stars, None, "all_found", feedback=_explanation(puzzle))


def _check_count(puzzle: Puzzle, answer: Any, stars: int) -> Verdict:
    if isinstance(answer, bool):
        return Verdict(False, 0, None, "unreadable_number")
    if isinstance(answer, int):
        number = answer
    else:
        text = str(answer).strip().lower().rstrip(".!")
        if text in NUMBER_WORDS:
            number = NUMBER_WORDS[text]
        elif re.fullmatch(r"[+-]?\d{1,6}", text):
            number = int(text)
        else:
            # Not a number: nothing was answered yet, so no star is lost.
            return Verdict(False, 0, None, "unreadable_number", retry=True)
    if number != puzzle.solutions[0]:
        # More or fewer: what the child's count missed, without the number itself.
        more = number < puzzle.solutions[0]
        direction = {lang: translator(lang)(N_("there are more") if more else N_("there are fewer"))
                     for lang in spoken()}
        return Verdict(False, 0, None, "wrong_number", {"answer": number, "direction": direction})
    return Verdict(True, stars, None, "solved", feedback=_explanation(puzzle))


def _check_choice(puzzle: Puzzle, answer: Any, stars: int) -> Verdict:
    options = puzzle.options["it"]
    index: int | None = None
    if isinstance(answer, int) and not isinstance(answer, bool):
        index = answer
    elif isinstance(answer, str):
        text = answer.strip().lower()
        # A letter as the options are named in any language the programs speak (A, B, ...).
        letters = [translator(lang).context("option letters", "ABCDEFGH").lower()
                   for lang in spoken()]
        if len(text) == 1 and any(text in word for word in letters):
            index = next(word.index(text) for word in letters if text in word)
        elif len(text) == 1 and "a" <= text <= "z":
            index = ord(text) - ord("a")
        else:
            for lang_options in puzzle.options.values():
                for i, option in enumerate(lang_options):
                    if option.strip().lower() == text:
                        index = i
    if index is None or not 0 <= index < len(options):
        return Verdict(False, 0, None, "unreadable_choice", retry=True)
    feedback = {lang: puzzle.feedback[lang][index] for lang in puzzle.feedback
                if index < len(puzzle.feedback[lang])}
    if index != puzzle.solutions[0]:
        return Verdict(False, 0, None, "wrong_choice", feedback=feedback)
    return Verdict(True, stars, None, "solved", feedback=feedback or _explanation(puzzle))


def _check_goal(puzzle: Puzzle, answer: Any, stars: int) -> Verdict:
    from dama.core.content.goals import accepted_moves

    board = puzzle.board()
    items = _moves_of(answer)
    move = _parse(board, items[0])
    if isinstance(move, Verdict):
        return move
    goal, plies = puzzle.solutions
    text = board.move_text(move)
    if move not in accepted_moves(board, goal, plies):
        return Verdict(False, 0, None, "goal_missed", {"move": text})
    return Verdict(True, stars, None, "goal_reached", {"move": text},
                   feedback=_explanation(puzzle))
