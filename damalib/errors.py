"""Exception types of damalib. Every one is a ValueError, so a caller may catch that alone."""

from __future__ import annotations


class DamaError(ValueError):
    """Base class of every error damalib raises on bad input."""


class VariantError(DamaError):
    """An unknown variant name."""


class FenError(DamaError):
    """A position in PDN FEN that cannot be read; the message says what and where."""

    def __init__(self, message: str, fen: str = "", position: int | None = None) -> None:
        self.fen = fen
        self.position = position
        where = f" (at character {position + 1} of {fen!r})" if position is not None else ""
        super().__init__(message + where)


class NotationError(DamaError):
    """Move text that is not a move at all (garbled, or squares that do not exist)."""


class IllegalMoveError(DamaError):
    """A well-formed move that the rules forbid; ``rule`` is the id of the rule (RULES.md)."""

    def __init__(self, message: str, rule: str, explanation: object = None) -> None:
        self.rule = rule
        self.explanation = explanation
        super().__init__(message)


class CountError(DamaError):
    """A claim that cannot be made now: the 40-move count in another variant or called twice,
    or a draw or resignation once the game is over."""
