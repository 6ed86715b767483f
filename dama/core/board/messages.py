"""Every string the interactive board shows, and how it is rendered in the reader's language.

A message is kept as a key of :data:`MESSAGES` and its parameters (:class:`Msg`), or as
an :class:`~damalib.explain.Explanation`, and rendered in the current language each time a
snapshot is taken, so switching the language re-renders every string. A child reads the rules
in words ("la regola della quantità"); the rule's id stays on the message (:func:`rule_of`)
for tests and for a teacher's view.
"""

from __future__ import annotations

import re

from typing import Any, Callable

from damalib.board import BLACK, WHITE, Outcome
from damalib.explain import Explanation
from damalib.i18n import N_, colour_word, pick, translator
from damalib.rulenames import cite_rule

from dama.core.speech import in_words, move_in_words

#: Every message the board shows, by key (English; the catalogues translate it). Fields in
#: braces are filled when rendered; {turn}, {side}, {who} hold colours, named in the
#: language being rendered (colour_word).
MESSAGES: dict[str, str] = {
    # buttons and labels
    "undo": N_("Undo"),
    "restart": N_("Restart"),
    "flip": N_("Flip"),
    "numbers": N_("Numbers"),
    "show_legal": N_("Show moves"),
    "call_count": N_("Call the count"),
    "play": N_("Play"),
    "move_placeholder": N_("e.g. 22-19 or 27x18"),
    "moves_title": N_("Moves"),
    "setup_turn_label": N_("To move"),
    "setup_clear": N_("Clear"),
    "setup_start": N_("Start position"),
    "setup_export": N_("Export FEN"),
    "fen_placeholder": N_("or paste a FEN here, then Enter"),
    "setup_done": N_("Done"),
    # the game
    # Translators: «scegli», not «clicca»: on a touch screen «tocca» would follow «Tocca al
    # Bianco» (the page shows «tocca» for «clicca» where the pointer is a finger).
    "welcome": N_("{turn} to move: click one of your pieces, then the square to go to."),
    "to_move": N_("{turn} to move."),
    "your_turn": N_("Your turn ({turn})."),
    "selected": N_("You picked the piece on {square}: now click the square it goes to."),
    "selected_capture": N_("The piece on {square} must capture: click the square where it lands."),
    "deselected": N_("You put the piece on {square} back. {turn} to move."),
    "moved": N_("{who} played {move}."),
    "chain": N_("Capture under way: {path}. Click the next square where the piece lands ({rule})."),
    "ambiguous": N_("There is more than one way to reach {square} ({options}): click the squares "
                    "where the piece lands one at a time ({rule})."),
    "ambiguous_text": N_("“{text}” fits more than one move ({options}): write every landing "
                         "square ({rule})."),
    "outside": N_("That click was outside the board."),
    "light_square": N_("The light squares are not used: the game is played on the dark squares "
                       "only ({rule})."),
    "blocked_piece": N_("The piece on {square} cannot move: the squares it could go to are taken "
                        "({rule})."),
    "game_over": N_("The game is over. Press “Restart” for a new one, or “Undo”."),
    "banner": N_("Game over! {outcome}"),
    "undone": N_("Move {move} taken back."),
    "nothing_to_undo": N_("There is no move to take back."),
    "restarted": N_("New game!"),
    "flipped": N_("Board flipped."),
    "numbers_on": N_("Square numbers shown."),
    "numbers_off": N_("Square numbers hidden."),
    "hints_on": N_("Possible moves are shown."),
    "hints_off": N_("Possible moves are hidden: find them yourself!"),
    "position_set": N_("New position."),
    "oops": N_("Something went wrong: please try again."),
    "bad_fen": N_("I cannot read the position “{fen}”: the board has not changed. (Technical "
                  "detail: {error})"),
    # the 40-move count (IT-D2)
    "count_called": N_("{who} called the count: from now on their moves are counted; at the 40th "
                       "with no winner the game is a draw."),
    "count_text": N_("Counted moves: {n} of 40 (called by {who})"),
    "count_restart_man": N_("The count starts again from zero: a man was moved."),
    "count_restart_capture": N_("The count starts again from zero: there was a capture."),
    "count_wrong_variant": N_("The 40-move count is a rule of Dama Italiana ({rule})."),
    "count_running": N_("The count has already been called by {who}."),
    "count_game_over": N_("The game is over: the count can no longer be called."),
    # playing the computer
    "computer_thinking": N_("The computer is thinking…"),
    "wait_computer": N_("Wait: it is the computer's turn."),
    "computer_moved": N_("The computer played {move}."),
    # The same two, read aloud: the move is said as a sentence of its own («la pedina da 22
    # va a 18»).
    "moved_aloud": N_("{who} played: {move}."),
    "computer_moved_aloud": N_("The computer played: {move}."),
    "computer_failed": N_("The computer could not choose a move ({error})."),
    "computer_mode": N_("You are playing the computer: you have {side}."),
    "two_players_mode": N_("Two-player game."),
    # puzzles
    "puzzle_mode": N_("Puzzle: {side} to move. Find the right move!"),
    "puzzle_locked": N_("In this puzzle you move {side} only."),
    "puzzle_wait": N_("Wait for the opponent's reply."),
    "puzzle_wrong": N_("That is not the right move: try again!"),
    "puzzle_solved": N_("Puzzle solved!"),
    "puzzle_over": N_("The puzzle is over."),
    "puzzle_restarted": N_("From the start again: have a go!"),
    "look_mode": N_("Look at the board: the answer goes below, not by moving the pieces."),
    # the square-number trainer
    "squares_mode": N_("Click a dark square."),
    # setting up a position (teachers)
    "setup_mode": N_("Set up the position: click a square to change it (empty → white man → "
                     "white king → black man → black king → empty)."),
    # a brush chosen (the analysis page's «Piece to place»): what one click does now
    "setup_brush": N_("Set up the position: click a square to put a {what} on it (click it "
                      "again to empty it)."),
    "setup_eraser": N_("Set up the position: click a square to empty it."),
    "setup_square": N_("Square {square}: {what}."),
    "setup_empty": N_("empty"),
    "setup_wm": N_("white man"),
    "setup_wk": N_("white king"),
    "setup_bm": N_("black man"),
    "setup_bk": N_("black king"),
    "setup_no_man": N_("A {colour} man cannot stand on {square}: it is the far row, where it "
                       "becomes a king ({rule})."),
    "setup_turn": N_("In the position {turn} is to move."),
    "setup_cleared": N_("Board cleared."),
    "setup_started": N_("Start position."),
    "setup_fen": N_("The position in FEN: {fen}"),
    "setup_finished": N_("Position ready: let's play!"),
    # the board in words, for a screen reader, and the keyboard's cursor
    "describe_men": N_("{side}, men: {squares}."),
    "describe_kings": N_("{side}, kings: {squares}."),
    "describe_none": N_("{side} has no pieces."),
    "cursor_light": N_("A light square: it is not used."),
    "cursor_dark": N_("Row {row}, column {col}: a dark square."),
    "cursor_light_at": N_("Row {row}, column {col}: a light square."),
    "cursor_target": N_("Square {square}: {what}. The piece you picked can go here."),
}


_COLOUR_PARAMS = ("turn", "side", "who")
#: Messages read aloud in other words than they are shown with.
_ALOUD = {"moved": "moved_aloud", "computer_moved": "computer_moved_aloud"}
#: Keys of the colours themselves: their names ("W", "B"), and the colour of a man ("bianca").
_COLOUR_KEYS = {"W": (WHITE, "name"), "B": (BLACK, "name"),
                "W_adj_man": (WHITE, "man"), "B_adj_man": (BLACK, "man")}


class Msg:
    """A message from MESSAGES, rendered in the language asked for; a ``rule`` parameter (a
    rule id) is shown in words."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params

    @property
    def rule(self) -> str | None:
        return self.params.get("rule") or None

    def text(self, lang: str) -> str:
        return self._rendered(lang, render)

    def aloud(self, lang: str) -> str:
        """The message as it is read aloud: its moves in words."""
        if self.key in _ALOUD:
            return in_words(Msg(_ALOUD[self.key], **self.params)._rendered(lang, aloud), lang)
        return in_words(self._rendered(lang, aloud), lang)

    def _rendered(self, lang: str, part: Callable[[Any, str], str]) -> str:
        if self.key in _COLOUR_KEYS:
            return colour_word(*_COLOUR_KEYS[self.key][:1], lang, _COLOUR_KEYS[self.key][1])
        params = {}
        for name, value in self.params.items():
            if name in _COLOUR_PARAMS and value in (WHITE, BLACK):
                params[name] = colour_word(value, lang)
            elif name == "rule":
                params[name] = cite_rule(value, lang, "name")
            else:
                params[name] = part(value, lang)
        return translator(lang)(MESSAGES[self.key], **params)

    def __repr__(self) -> str:
        return f"Msg({self.key!r})"


class Seq:
    """Several messages shown one after the other."""

    __slots__ = ("parts",)

    def __init__(self, *parts: Any) -> None:
        self.parts = [p for p in parts if p is not None]

    @property
    def rule(self) -> str | None:
        return next((r for r in map(rule_of, self.parts) if r), None)

    def text(self, lang: str) -> str:
        return " ".join(t for t in (render(p, lang) for p in self.parts) if t)

    def aloud(self, lang: str) -> str:
        return " ".join(t for t in (aloud(p, lang) for p in self.parts) if t)


class PlayedMove:
    """A move just played, as a message shows it (its notation, "22-18") and as it is read
    aloud (the piece that moved, in words: «la pedina da 22 va a 18»)."""

    __slots__ = ("notation", "king")

    def __init__(self, notation: str, king: bool) -> None:
        self.notation = notation
        self.king = king

    def text(self, lang: str) -> str:
        return self.notation

    def aloud(self, lang: str) -> str:
        return move_in_words(self.notation, lang, self.king)

    def __str__(self) -> str:
        return self.notation


class Concealed:
    """An explanation shown in an exercise: it says what is wrong but never which piece or
    capture was required (that would be the answer)."""

    __slots__ = ("explanation",)

    def __init__(self, explanation: Explanation) -> None:
        self.explanation = explanation

    @property
    def rule(self) -> str | None:
        return self.explanation.rule

    def text(self, lang: str) -> str:
        return self.explanation.text(lang, cite="name", reveal=False)


def render(value: Any, lang: str) -> str:
    """Text of a message part: a MESSAGES message, an Explanation or Outcome (rules in
    words), any object with ``text(lang)``, a {lang: text} dict (content in the reader's
    language, or the one they read the lessons in), or plain text."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, Explanation):
        return value.text(lang, cite="name")
    if isinstance(value, Outcome):
        return value.text(lang, cite="none")
    text = getattr(value, "text", None)
    if callable(text):
        return text(lang)
    if isinstance(value, dict):
        return str(pick(value, lang))
    return str(value)


def aloud(value: Any, lang: str) -> str:
    """The words a message part is read aloud with: as :func:`render` shows it, each move
    said in words (a part may say its own, with ``aloud(lang)``)."""
    own = getattr(value, "aloud", None)
    if callable(own):
        return own(lang)
    return in_words(render(value, lang), lang)


def rule_of(value: Any) -> str | None:
    """The rule id behind a message, if it cites one."""
    rule = getattr(value, "rule", None)
    return rule if isinstance(rule, str) and rule else None


_CLICK_WORDS = re.compile(r"\b([Cc])licc(a|ato|are|arle|ala)\b|\b([Cc])lick(s|ed)?\b")
_TAP = {"a": "a", "ato": "ato", "are": "are", "arle": "arle", "ala": "ala"}


def _tap_word(m: re.Match) -> str:
    if m.group(1):
        return ("T" if m.group(1) == "C" else "t") + "occ" + _TAP[m.group(2)]
    return ("T" if m.group(3) == "C" else "t") + "ap" + {None: "", "s": "s",
                                                         "ed": "ped"}[m.group(4)]


def for_touch(html_text: str) -> str:
    """``html_text`` with each «clicca» / "click" written both ways, the touch-screen word
    («tocca» / "tap") shown instead where the pointer is a finger (the CSS classes
    ``dama-click`` and ``dama-tap``, in :data:`dama.core.board.canvas.STYLE`)."""

    def both(m: re.Match) -> str:
        return (f"<span class='dama-click'>{m.group(0)}</span>"
                f"<span class='dama-tap'>{_tap_word(m)}</span>")

    return _CLICK_WORDS.sub(both, html_text)


def tapped(text: str) -> str:
    """``text`` as said where the pointer is a finger: «tocca» for «clicca», "tap" for
    "click"."""
    return _CLICK_WORDS.sub(_tap_word, text)
