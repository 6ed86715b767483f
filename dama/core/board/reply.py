"""What a puzzle checker answers to a move the child tried on the board (:class:`MoveReply`),
and how the board reads the other shapes such an answer may take (:func:`read_reply`).

Not to be confused with :class:`dama.core.content.check.Verdict`, the grade of an answer: a
checker may answer with one of those, and :func:`read_reply` reads it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from damalib.board import Move


@dataclass
class MoveReply:
    """What a puzzle checker's ``on_attempt`` may answer.

    ``accept``: keep the move (True) or take it back (False). ``feedback``: text to show
    (plain text, an (Italian, English) pair, an {"it":…, "en":…} dict, or any object with
    ``text(lang)``). ``reply``: a move (text or Move) the controller plays for the other side
    after the pause. ``solved``: the puzzle is over; the feedback goes in the banner.
    """

    accept: bool
    feedback: Any = None
    reply: Move | str | None = None
    solved: bool = False


def read_reply(answer: Any) -> MoveReply:
    """Whatever a puzzle checker answered, as a MoveReply: None (keep the move, nothing to
    say), True/False, an (accept, feedback[, reply]) tuple, a MoveReply, or an object with an
    ``accept``/``accepted``/``ok``/``correct`` attribute."""
    if answer is None:
        return MoveReply(True)
    if isinstance(answer, bool):
        return MoveReply(answer)
    if isinstance(answer, MoveReply):
        return MoveReply(bool(answer.accept), answer.feedback, answer.reply, bool(answer.solved))
    if isinstance(answer, tuple) and answer and isinstance(answer[0], bool):
        feedback = answer[1] if len(answer) > 1 else None
        reply = answer[2] if len(answer) > 2 else None
        return MoveReply(answer[0], feedback, reply)
    for name in ("accept", "accepted", "ok", "correct"):
        if hasattr(answer, name):
            # e.g. dama.core.content.check.Verdict: ``correct``, ``done`` (False while a line
            # of moves goes on, ``reply`` being the opponent's answer) and ``text(lang)``.
            accept = bool(getattr(answer, name))
            feedback = answer if callable(getattr(answer, "text", None)) else None
            reply = getattr(answer, "reply", None)
            solved = bool(getattr(answer, "solved", False)) or (
                accept and getattr(answer, "done", False) is True)
            return MoveReply(accept, feedback, reply, solved)
    return MoveReply(bool(answer))


__all__ = ["MoveReply", "read_reply"]
