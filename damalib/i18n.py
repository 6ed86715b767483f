"""The programs' words in the reader's language, from gettext catalogues.

A message is written in the code in English, as gettext's message id, with named
placeholders (``"{n} to move."``); the catalogue of the language asked gives its translation:
``damalib/locale/<lang>/LC_MESSAGES/dama.mo``, compiled from the ``dama.po`` beside it (``make
catalogues``: Babel extracts the messages into ``dama.pot``, updates each ``.po`` and compiles
them; ``docs/TRANSLATING.md`` says how to add a language). English needs no catalogue, and a
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
import os
from pathlib import Path

__all__ = ["CONTENT_LANGUAGES", "ColourWord", "DEFAULT", "DOMAIN", "LOCALE_DIR", "NC_", "NP_", "N_", "PSEUDO",
           "Said", "SaidCount", "Translator", "colour_word", "content_language", "known", "language", "languages",
           "number_word", "pick", "said", "spoken", "supported", "translator", "VARIANT_TITLES", "VariantName"]

DOMAIN = "dama"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def N_(message: str) -> str:
    """``message`` itself: marks it for the catalogues, to be translated where it is shown."""
    return message


def NC_(context: str, message: str) -> tuple[str, str]:
    """``(context, message)``: marks a message said in ``context``, for
    ``translator(lang).context(*marked)`` where it is shown."""
    return context, message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """``(singular, plural)``: marks a plural message, for ``translator(lang).ngettext``."""
    return singular, plural


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

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """The form for ``n``, its placeholders left as they are (another program's words)."""
        return self._catalogue.ngettext(singular, plural, n)

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


#: The tests' pseudo-language: every message wrapped, ⟦…⟧ (never offered to a reader).
PSEUDO = "qps"
#: The language of a program asked in none the course knows.
DEFAULT = "it"
#: The languages the lessons and puzzles are written in (content, kept side by side).
CONTENT_LANGUAGES = ("it", "en")


def _compiled() -> tuple[str, ...]:
    return tuple(sorted(p.parent.parent.name
                        for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")))


def languages() -> tuple[str, ...]:
    """The languages a reader can choose: English and every language with a compiled
    catalogue (not the tests' pseudo-language)."""
    return tuple(dict.fromkeys(["en", *(lang for lang in _compiled() if lang != PSEUDO)]))


def spoken() -> tuple[str, ...]:
    """Every language the programs speak, the pseudo-language included: the languages a
    message made ahead for every reader (``{lang: text}``) is made in."""
    return tuple(dict.fromkeys(["en", *_compiled()]))


def known(lang: object) -> bool:
    """Whether the programs speak ``lang`` (the pseudo-language included)."""
    return isinstance(lang, str) and (lang == "en" or lang in _compiled())


def _code(name: str) -> str:
    """"pt_BR.UTF-8" → "pt": the language part of a locale's name."""
    return name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def supported(lang: object) -> str:
    """The language the programs speak for ``lang`` ("en-GB" or "en_GB.UTF-8": "en"); Italian
    for one they do not speak."""
    if known(lang):
        return lang
    code = _code(lang) if isinstance(lang, str) else ""
    return code if known(code) else DEFAULT


def language(asked: str | None = None, environ: dict[str, str] | None = None) -> str:
    """The programs' language, chosen once for a page, a visit or a command: ``asked`` if the
    programs speak it, else the computer's (``$LANGUAGE``, ``$LC_ALL``, ``$LC_MESSAGES``,
    ``$LANG``, in gettext's order), else Italian."""
    if asked is not None and known(asked):
        return asked
    if asked is not None and known(_code(asked)):
        return _code(asked)
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for name in environ.get(variable, "").split(":"):
            if name and name not in ("C", "POSIX") and known(_code(name)):
                return _code(name)
    return DEFAULT


def content_language(lang: str, offered: tuple[str, ...] = CONTENT_LANGUAGES) -> str:
    """The language of the lessons and puzzles for a reader of ``lang``: ``lang`` if they are
    written in it, else the one its catalogue names (English unless its translator chose
    Italian)."""
    if lang in offered:
        return lang
    # Translators: the code of the language ("it" or "en") in which a reader of your language
    # reads the lessons and puzzles, as long as they are not written in yours.
    chosen = translator(lang if known(lang) else DEFAULT).context("lessons language", "en")
    return chosen if chosen in offered else ("en" if "en" in offered else offered[0])


#: Numbers as a sentence says them («due pedine»), zero to twenty.
NUMBERS = (
    NC_("number", "zero"), NC_("number", "one"), NC_("number", "two"), NC_("number", "three"),
    NC_("number", "four"), NC_("number", "five"), NC_("number", "six"), NC_("number", "seven"),
    NC_("number", "eight"), NC_("number", "nine"), NC_("number", "ten"),
    NC_("number", "eleven"), NC_("number", "twelve"), NC_("number", "thirteen"),
    NC_("number", "fourteen"), NC_("number", "fifteen"), NC_("number", "sixteen"),
    NC_("number", "seventeen"), NC_("number", "eighteen"), NC_("number", "nineteen"),
    NC_("number", "twenty"),
)


def number_word(n: int, lang: str) -> str:
    """``n`` in words in ``lang`` ("two", «due») up to twenty, in figures above."""
    return translator(lang).context(*NUMBERS[n]) if 0 <= n < len(NUMBERS) else str(n)


def pick(texts: dict, lang: str) -> str:
    """The text of ``texts`` ({lang: text}, made for every reader or written as content) for
    a reader of ``lang``: theirs, else the one they read the lessons in, else the Italian."""
    return (texts.get(lang) or texts.get(content_language(lang)) or texts.get(DEFAULT)
            or next(iter(texts.values()), ""))


def said(value: object, lang: str) -> object:
    """A message's parameter as a reader of ``lang`` reads it: anything with ``text(lang)``
    (a Said, a ColourWord, an error) in their language, any other value as it is."""
    text = getattr(value, "text", None)
    return text(lang) if callable(text) else value


class Said:
    """A message said later in the reader's language: ``text(lang)`` translates ``message``
    (marked ``N_``) and fills it with ``params``, themselves said in the same language."""

    __slots__ = ("message", "params")

    def __init__(self, message: str, /, **params: object) -> None:
        self.message, self.params = message, params

    def text(self, lang: str) -> str:
        return translator(lang)(self.message, **{k: said(v, lang) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Said({self.message!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and (self.message, self.params) == (other.message,
                                                                            other.params)

    def __hash__(self) -> int:
        return hash(self.message)

    def __reduce__(self):
        return (_said_again, (self.message, self.params))


class SaidCount:
    """A message with a number, said later in the reader's language with the plural form
    the number takes there: ``SaidCount(*NP_("{n} game", "{n} games"), 3)`` (``{n}`` is
    the number)."""

    __slots__ = ("singular", "plural", "n", "params")

    def __init__(self, singular: str, plural: str, n: int, /, **params: object) -> None:
        self.singular, self.plural, self.n, self.params = singular, plural, n, params

    def text(self, lang: str) -> str:
        return translator(lang).plural(self.singular, self.plural, self.n,
                                       **{k: said(v, lang) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.text("en")


def _said_again(message: str, params: dict) -> "Said":
    return Said(message, **params)


#: Each game's name as a title says it, with its board (the variants' ``name`` as key).
VARIANT_TITLES = {
    "italian": N_("Italian draughts 8x8"),
    "international": N_("International draughts 10x10"),
    "brazilian": N_("Brazilian draughts 8x8"),
    "filipino": N_("Filipino draughts 8x8"),
}


class VariantName:
    """A variant's title said later in the reader's language (``text(lang)``): «Dama
    internazionale 10x10»."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def text(self, lang: str) -> str:
        title = VARIANT_TITLES.get(self.name)
        return translator(lang)(title) if title else self.name

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"VariantName({self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, VariantName) and self.name == other.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __reduce__(self):
        return (VariantName, (self.name,))


class ColourWord:
    """A colour said later in the reader's language (``text(lang)``, see colour_word): a
    parameter of a message made before its reader is known, an error's."""

    __slots__ = ("side", "form")

    def __init__(self, side: str, form: str = "name") -> None:
        self.side, self.form = side, form

    def text(self, lang: str) -> str:
        return colour_word(self.side, lang, self.form)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"ColourWord({self.side!r}, {self.form!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ColourWord) and (self.side, self.form) == (other.side, other.form)

    def __hash__(self) -> int:
        return hash((self.side, self.form))

    def __reduce__(self):
        return (ColourWord, (self.side, self.form))


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
