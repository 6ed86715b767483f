"""Exception types of damalib. Every one is a ValueError, so a caller may catch that alone.

An error's message is English (``str(error)``, for a programmer's traceback) and kept with its
parameters, so that ``error.text(lang)`` says it in a reader's language, from the catalogues.
"""

from __future__ import annotations

from .i18n import N_, Said, translator


def _rebuilt(cls: type, args: tuple, state: dict) -> "DamaError":
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class DamaError(ValueError):
    """Base class of every error damalib raises on bad input; ``text(lang)`` says it."""

    def __init__(self, message: str = "", /, **params: object) -> None:
        self.message = message
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` ("it", "en", ...)."""
        return Said(self.message, **self.params).text(lang)

    def __reduce__(self):  # errors survive pickling (multiprocessing, caches), text and all
        return (_rebuilt, (type(self), self.args, dict(self.__dict__)))


class VariantError(DamaError):
    """An unknown variant name."""


class FenError(DamaError):
    """A position in PDN FEN that cannot be read; the message says what and where."""

    def __init__(self, message: str, fen: str = "", position: int | None = None,
                 /, **params: object) -> None:
        self.fen = fen
        self.position = position
        super().__init__(message, **params)

    def text(self, lang: str = "en") -> str:
        what = super().text(lang)
        if self.position is None:
            return what
        return translator(lang)(N_("{error} (at character {at} of {fen})"), error=what,
                                at=self.position + 1, fen=repr(self.fen))


class NotationError(DamaError):
    """Move text that is not a move at all (garbled, or squares that do not exist)."""


class IllegalMoveError(DamaError):
    """A well-formed move that the rules forbid; ``rule`` is the id of the rule (RULES.md);
    ``explanation`` (an Explanation) says why, in any language."""

    def __init__(self, message: str, rule: str, explanation: object = None,
                 /, **params: object) -> None:
        self.rule = rule
        self.explanation = explanation
        super().__init__(message, **params)

    def text(self, lang: str = "en") -> str:
        if self.explanation is not None:
            return self.explanation.text(lang)
        return super().text(lang)


class CountError(DamaError):
    """A claim that cannot be made now: the 40-move count in another variant or called twice,
    or a draw or resignation once the game is over."""
