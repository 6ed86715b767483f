"""What the page reads aloud: a text's words as a child says them, and the marks that let
the page read it (its «Ascolta» buttons and the board's messages read by themselves).

The browser speaks (the Web Speech API, in the page's script ``access.js``); Python says what:
a text shown with a move's notation is read with the move in words, never as the notation.

    >>> in_words("Il Bianco ha giocato 22-18.", "it")
    'Il Bianco ha giocato da 22 a 18.'
    >>> in_words("White played 27x18x11.", "en")
    'White played from 27, capturing, to 18, then to 11.'
    >>> move_in_words("22-18", "it", king=False)
    'la pedina da 22 va a 18'
    >>> said("<b>22-19</b>", "it")
    '<b>22-19</b><span class="dama-aloud" hidden lang="it" data-say="da 22 a 19"></span>'
"""

from __future__ import annotations

import html
import re

from damalib.i18n import N_, translator

__all__ = ["MESSAGES", "NOTATION", "page_words", "said", "said_blocks", "in_words",
           "move_in_words", "strip_tags"]

MESSAGES = {
    # A move said in words, not as notation («22-18»): a plain move, then a capture, whose
    # next landings follow one by one.
    "move": N_("from {start} to {end}"),
    "capture": N_("from {start}, capturing, to {end}"),
    "capture_more": N_(", then to {end}"),
    # The same, where the moving piece is known.
    "man_move": N_("the man on {start} goes to {end}"),
    "king_move": N_("the king on {start} goes to {end}"),
    "man_capture": N_("the man on {start} captures and lands on {end}"),
    "king_capture": N_("the king on {start} captures and lands on {end}"),
    # The same, after «con», «dopo», «fra» («Con 22-18 il Nero deve mangiare»): «con da 22 a
    # 18» is no sentence, «con la mossa da 22 a 18» is.
    "named_move": N_("the move from {start} to {end}"),
    "named_capture": N_("the capture from {start} to {end}"),
    # The words of the page's script (access.js), in the page's language.
    "listen": N_("Listen"),
    # Translators: the name a screen reader says for the button «Ascolta» beside a text.
    "listen_to": N_("Listen to this text"),
    "auto_read": N_("Read by itself"),
    # Translators: said to the adult once, where the device has no voice for the course's
    # language; the steps name the settings of the devices schools have.
    "no_voice": N_("For the adult: this device has no {language} voice, so the course cannot "
                   "read aloud. Add one in the device's settings: Windows, Settings › Time & "
                   "language › Speech; Android, Settings › Text-to-speech output; iPad, "
                   "Settings › Accessibility › Spoken content › Voices; Chromebook, Settings › "
                   "Accessibility › Text-to-speech. Then reload the page."),
    "language_it": N_("Italian"),
    "language_en": N_("English"),
    "board_label": N_("Draughts board: arrow keys to move, Enter to pick up and put down, "
                      "Escape to let go"),
    # Translators: the name a screen reader says for the slider of a game replayed.
    "replay_label": N_("Move of the game: arrow keys to go forward and back"),
}

#: A move in notation: squares 1–50 joined by "-" (a move) or "x" (a capture), or by "–" (a
#: range of squares, which reads the same: «le caselle 29–32» is «da 29 a 32»).
NOTATION = re.compile(r"(?<![\w.,/-])([1-9]|[1-4]\d|50)((?:[-–x×]([1-9]|[1-4]\d|50))+)(?![\w-])")
_TAG = re.compile(r"<[^>]*>")
_BLOCK = re.compile(r"<(p|li|h[1-6]|td|figcaption|blockquote)(\s[^>]*)?>(.*?)</\1>", re.S)


def _squares(text: str) -> tuple[list[str], bool]:
    capture = any(mark in text for mark in "x×")
    return re.split(r"[-–x×]", text), capture


def _said_squares(squares: list[str], capture: bool, lang: str, start_key: str) -> str:
    _ = translator(lang)
    words = _(MESSAGES[start_key], start=squares[0], end=squares[1])
    if capture:
        words += "".join(_(MESSAGES["capture_more"], end=end) for end in squares[2:])
    return words


def move_in_words(text: str, lang: str, king: bool | None = None) -> str:
    """The move ``text`` ("22-18", "27x18x11") in words, with the piece that moves when it is
    known (``king`` True or False)."""
    squares, capture = _squares(text.strip())
    if king is None:
        key = "capture" if capture else "move"
    else:
        key = ("king_" if king else "man_") + ("capture" if capture else "move")
    return _said_squares(squares, capture, lang, key)


#: The words after which a move is said with its name: «con la mossa da 22 a 18».
_NAMING = re.compile(r"\b(?:con|dopo|fra|tra|with|after|between)\s+$", re.I)


def in_words(text: str, lang: str) -> str:
    """``text`` as it is read aloud: each move in notation said in words, named as a move
    or a capture after a word that asks for a noun.

    >>> in_words("Con 23-20 il Nero deve mangiare, 14x23, e tu riprendi con 28x19.", "it")
    'Con la mossa da 23 a 20 il Nero deve mangiare, da 14 mangia e va a 23, e tu riprendi con la presa da 28 a 19.'
    """

    def words(m: re.Match) -> str:
        if _NAMING.search(text, 0, m.start()):
            squares, capture = _squares(m.group(0))
            key = "named_capture" if capture else "named_move"
            return _said_squares(squares, capture, lang, key)
        return move_in_words(m.group(0), lang)

    return NOTATION.sub(words, text)


def strip_tags(html_text: str) -> str:
    """The words of ``html_text``, without its markup."""
    return html.unescape(_TAG.sub("", html_text or ""))


def said(html_text: str, lang: str, words: str | None = None,
         touch_words: str | None = None) -> str:
    """``html_text`` with the words it is read aloud with (``words``, already as said, else
    its own with the moves in words; ``touch_words`` where the pointer is a finger, if they
    differ), in an empty mark after it that the page's script reads for its «Ascolta» and for
    reading by itself."""
    words = in_words(strip_tags(html_text), lang) if words is None else words
    touch = ""
    if touch_words and touch_words != words:
        touch = f' data-say-touch="{html.escape(" ".join(touch_words.split()))}"'
    return (f'{html_text}<span class="dama-aloud" hidden lang="{html.escape(lang)}" '
            f'data-say="{html.escape(" ".join(words.split()))}"{touch}></span>')


def said_blocks(html_text: str, lang: str) -> str:
    """A page's text with each paragraph, item or heading that holds a move marked with the
    words it is read with (``data-say``), for its «Ascolta».

    >>> said_blocks("<p>Gioca <b>22-19</b>.</p><p>Bravo!</p>", "it")
    '<p data-say="Gioca da 22 a 19.">Gioca <b>22-19</b>.</p><p>Bravo!</p>'
    """

    def mark(m: re.Match) -> str:
        words = strip_tags(m.group(3))
        aloud = in_words(words, lang)
        if aloud == words or "data-say" in (m.group(2) or ""):
            return m.group(0)
        aloud = html.escape(" ".join(aloud.split()))
        return f'<{m.group(1)}{m.group(2) or ""} data-say="{aloud}">{m.group(3)}</{m.group(1)}>'

    return _BLOCK.sub(mark, html_text)


def page_words(lang: str) -> str:
    """The words of the page's script (access.js) in ``lang``, as the hidden mark it reads:
    its «Ascolta», «Leggi da solo», the board's and the replay's names and what to tell an
    adult whose device has no voice."""
    _ = translator(lang)
    language = _(MESSAGES["language_" + lang]) if "language_" + lang in MESSAGES else lang
    fields = {"lang": lang, "listen": _(MESSAGES["listen"]),
              "listen-to": _(MESSAGES["listen_to"]), "auto": _(MESSAGES["auto_read"]),
              "no-voice": _(MESSAGES["no_voice"], language=language),
              "board": _(MESSAGES["board_label"]), "replay": _(MESSAGES["replay_label"])}
    attributes = " ".join(f'data-{name}="{html.escape(value)}"' for name, value in fields.items())
    return f'<span class="dama-speech-words" {attributes}></span>'
