"""How the course says things: every text a child reads comes from the message catalogues,
in the reader's language.

Each module keeps its words in a table named ``MESSAGES``, ``{key: message}``, each message
written in English and marked for the catalogues (``N_("...")``, or ``NC_("context", "...")``
for one said in a context), and says them with :func:`say`. This module's own ``MESSAGES`` are
the words several pages share (the name box, the stars, the buttons to walk a game, the still
previews). The catalogues are ``damalib/locale/<lang>/LC_MESSAGES/dama.po``: a language more is
a catalogue more (docs/TRANSLATING.md), and a language without one reads Italian.

    >>> say(MESSAGES, "lesson_stars", "it", stars=4, total=6)
    'Le tue stelle in questa lezione: 4 su 6'
    >>> star_text(2)
    '★★☆'
"""

from __future__ import annotations

import base64
import html
from typing import Mapping

from damalib.i18n import N_, supported, translator

MESSAGES = {
    "playing_as": N_("Exercises for <b>{name}</b>: the stars are saved under this name (you can "
                     "change it in the index)."),
    "no_name": N_("You have not typed your name yet: type it in the index. For now the stars are "
                  "saved as “{name}”."),
    "lesson_stars": N_("Your stars in this lesson: {stars} out of {total}"),
    "stars_apart": N_("The exercises done in the lessons count; Practice has its own rating."),
    "exercise": N_("Exercise {n}"),
    "refresh": N_("Update the stars"),
    "all_stars": N_("You have every star of this lesson!"),
    "most_stars": N_("Well done! You can try the exercises again for the stars still missing."),
    "some_stars": N_("You can try the exercises again for more stars."),
    "no_stars": N_("No stars yet: try the exercises above!"),
    "your_name": N_("Your name:"),
    "download_mine": N_("Download my progress"),
    "download_why": N_("(to take it to another computer or give it to the teacher)"),
    "ask_name": N_("Before the exercises: what is your name? The stars are saved under it."),
    "later": N_("Later"),
    "name_ok": N_("That's me!"),
    "name_here": N_("type your name here"),
    "name_saved": N_("Hello {name}! Your stars are saved under this name."),
    # The computer remembers the last name typed: the next child is told how to change it.
    "not_you": N_("Not {name}? Delete the name in the box and type yours."),
    # On a school's server each child logs in: the name is the account's, not typed.
    "account_saved": N_("Hello {name}! Your stars are saved in your account."),
    "account_not_you": N_("Not {name}? <a href=\"{logout}\">Log out</a> and log in with your "
                          "own name."),
    "playing_as_account": N_("Exercises for <b>{name}</b>: the stars are saved in your "
                             "account."),
    "lesson": N_("Lesson"),
    "title": N_("Title"),
    "stars": N_("Stars"),
    "total": N_("Altogether"),
    "rating": N_("Practice"),
    "rating_title": N_("The Practice rating (Glicko-2), from each puzzle's first tries"),
    "first": N_("Start"),
    "back": N_("Back"),
    "forward": N_("Forward"),
    "last": N_("End"),
    "start_position": N_("Starting position"),
    "after": N_("After {number}{dots} {move}"),
    "level": N_("Computer level:"),
    "you_play": N_("You play:"),
    "white": N_("White"),
    "black": N_("Black"),
    # The still preview of a page (authoring/views.py), where Python will put a live part.
    "still_board": N_("The board is getting ready…"),
    "still_exercises": N_("The exercises are getting ready…"),
    "still_stars": N_("Your stars are coming in a moment."),
    "still_page": N_("This part is getting ready…"),
    "still_name": N_("In a moment you can type your name here."),
    # A part of a page that could not be made (written down in errors.log for the adult).
    "part_failed": N_("This part of the page did not start. Reload the page; if it happens again, "
                      "tell a grown-up."),
}


def say(messages: Mapping[str, str | tuple[str, str]], key: str, lang: str, /,
        **params: object) -> str:
    """The message ``messages[key]`` in ``lang``, its placeholders filled with ``params``; a
    language the programs do not speak reads Italian."""
    message = messages[key]
    _ = translator(supported(lang))
    if isinstance(message, tuple):     # NC_("context", "message")
        return _.context(*message, **params)
    return _(message, **params)


def star_text(stars: int, total: int = 3) -> str:
    """Stars as a child sees them: «★★☆» for two of three."""
    return "★" * stars + "☆" * (total - stars)


def file_link(data: bytes, name: str, label: str, kind: str = "application/vnd.sqlite3") -> str:
    """A link that saves ``data`` as the file ``name``: it works offline and in the browser
    edition, where the page is the only way out of the browser's storage."""
    encoded = base64.b64encode(data).decode("ascii")
    return (f"<a download='{html.escape(name)}' href='data:{kind};base64,{encoded}' "
            f"class='dama-download' style='color:#0b5394;text-decoration:underline'>"
            f"{html.escape(label)}</a>")
