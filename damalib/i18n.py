"""The programs' words in the reader's language, from gettext catalogues.

A message is written in the code in English, as gettext's message id, with named
placeholders (``"{n} to move."``); the catalogue of the language asked gives its translation:
``damalib/locale/<lang>/LC_MESSAGES/dama.mo``, compiled from the ``dama.po`` beside it (``make
catalogues``: Babel extracts the messages into ``dama.pot``, updates each ``.po`` and compiles
them; ``tools/TRANSLATING.md`` says how to add a language). English needs no catalogue, and a
language with none is read in English. Only the standard library's ``gettext`` reads them, so
the rules core stays dependency-free and runs in the browser.

    >>> _ = translator("it")
    >>> _("the quantity rule")
    'la regola della quantità'
    >>> translator("en").plural("{n} star", "{n} stars", 1)
    '1 star'

A message kept to be translated later (a table of words, a message rendered each time the
board is drawn) is marked ``N_("...")``, so that Babel finds it, and translated where it is
shown.
"""

from __future__ import annotations

import functools
import gettext
from pathlib import Path

__all__ = ["DOMAIN", "LOCALE_DIR", "NC_", "N_", "Translator", "colour_word", "languages",
           "translator"]

DOMAIN = "dama"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def N_(message: str) -> str:
    """``message`` itself: marks it for the catalogues, to be translated where it is shown."""
    return message


def NC_(context: str, message: str) -> tuple[str, str]:
    """``(context, message)``: marks a message said in ``context``, for
    ``translator(lang).context(*marked)`` where it is shown."""
    return context, message


class Translator:
    """The messages of one language: ``_(message, **params)``, ``_.plural(...)``,
    ``_.context(...)``; each fills its placeholders with ``params``."""

    def __init__(self, lang: str, catalogue: gettext.NullTranslations) -> None:
        self.lang = lang
        self._catalogue = catalogue

    def __call__(self, message: str, /, **params: object) -> str:
        text = self._catalogue.gettext(message)
        return text.format(**params) if params else text

    def plural(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """The form for ``n`` (``{n}`` is filled with it)."""
        return self._catalogue.ngettext(singular, plural, n).format(n=n, **params)

    def context(self, context: str, message: str, /, **params: object) -> str:
        """``message`` as said in ``context`` (a colour as the subject, "il Bianco", or after
        «al», "Bianco")."""
        text = self._catalogue.pgettext(context, message)
        return text.format(**params) if params else text

    def __repr__(self) -> str:
        return f"translator({self.lang!r})"


@functools.lru_cache(maxsize=None)
def translator(lang: str) -> Translator:
    """The messages in ``lang`` ("it", "en", ...); English for a language with no catalogue."""
    catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
    return Translator(lang, catalogue)


def languages() -> tuple[str, ...]:
    """English and every language with a compiled catalogue."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return tuple(dict.fromkeys(["en", *found]))


def colour_word(side: str, lang: str, form: str = "name") -> str:
    """A colour ("W" or "B") in ``lang``: its name as the board's messages say it ("Bianco",
    "White"); ``form="subject"``, as the subject of a sentence ("il Bianco"); ``form="man"``,
    as a man's colour ("bianca", "white")."""
    _ = translator(lang)
    if form == "man":
        # Translators: the colour of a man, as in «una pedina bianca».
        words = {"W": _.context("man", "white"), "B": _.context("man", "black")}
    elif form == "subject":
        # Translators: a colour as the subject of a sentence ("il Bianco").
        words = {"W": _.context("subject", "White"), "B": _.context("subject", "Black")}
    else:
        # Translators: a colour's name with no article, as in «Tocca al Bianco», «il Nero».
        words = {"W": _.context("colour", "White"), "B": _.context("colour", "Black")}
    return words[side]
