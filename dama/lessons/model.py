"""The index without its widgets: every lesson with its link and the child's stars, the name
typed and saved, the greeting, and the link that downloads the child's progress file
(dama.lessons.index draws it).

    >>> import os, tempfile
    >>> from unittest import mock
    >>> home = tempfile.TemporaryDirectory()
    >>> in_home = mock.patch.dict(os.environ, {"DAMA_HOME": home.name}); _ = in_home.start()
    >>> page = IndexPage("en")
    >>> page.typed_name, page.greeting
    ('', '')
    >>> page.save("  "), page.save("  Tom   Rossi ")
    (None, 'Tom Rossi')
    >>> page.greeting
    '<p>Hello Tom Rossi! Your stars are saved under this name.</p>'
    >>> "<td style='padding:0.25em 0.8em;text-align:right'><b>0 / " in page.table_html()
    True
    >>> page.download_html()      # no attempt saved yet: no file to download
    ''
    >>> IndexPage("en").greeting.endswith("Not Tom Rossi? Delete the name in the box and type yours.</p>")
    True
    >>> _ = in_home.stop(); home.cleanup()
"""

from __future__ import annotations

import html

from dama.core.content.lessons import load_lessons
from dama.core.store.progress import student_path
from dama.core.store.student import (DEFAULT_STUDENT, account, best_stars, logout_url,
                                     set_student, student)
from dama.settings import dama_home
from dama.text import MESSAGES, file_link, say

#: The padding of the table's cells.
CELL = "padding:0.25em 0.8em;"


def lessons(lang="it"):
    """(number, title, notebook file name, exercise ids) of every lesson, from the lessons'
    catalogue in the package (never from the notebooks on the drive, which a browser may not
    reach)."""
    return [(item.number, item.title_in(lang), f"{item.number:02d}-{item.slug_in(lang)}.ipynb",
             list(item.exercises)) for item in load_lessons()]


class IndexPage:
    """The state of the index: the lessons, the name in the box, the greeting."""

    def __init__(self, lang: str = "it") -> None:
        self.lang = lang
        self.lessons = lessons(lang)
        name = student()
        #: Logged in on a school's server: the name is the account's, nothing to type.
        self.account = bool(account())
        # A child who has not typed a name sees an empty box that asks for one, not "studente".
        self.typed_name = "" if name == DEFAULT_STUDENT else name
        self.greeting = self._first_greeting(name)

    def say(self, key: str, **params: object) -> str:
        return say(MESSAGES, key, self.lang, **params)

    def _first_greeting(self, name: str) -> str:
        shown = html.escape(name)
        if self.account:
            return (f"<p>{self.say('account_saved', name=shown)} "
                    f"{self.say('account_not_you', name=shown, logout=html.escape(logout_url()))}"
                    "</p>")
        if name != DEFAULT_STUDENT:
            return f"<p>{self.say('name_saved', name=shown)} {self.say('not_you', name=shown)}</p>"
        return ""

    def save(self, typed: str) -> str | None:
        """Save the name typed for every lesson: the name as saved (for the box), or None
        when nothing was typed yet."""
        if not typed.strip():
            return None
        name = set_student(typed)
        self.typed_name = name
        self.greeting = f"<p>{self.say('name_saved', name=html.escape(name))}</p>"
        return name

    def table_html(self) -> str:
        """Every lesson: its number, its title linking its notebook, the child's stars; then
        the stars of them all."""
        best = best_stars(student())
        rows = []
        got_all = total_all = 0
        for number, title, file, ids in self.lessons:
            got = sum(best.get(i, 0) for i in ids)
            total = 3 * len(ids)
            got_all, total_all = got_all + got, total_all + total
            stars = f"{got} / {total} ★" if total else ""
            rows.append(f"<tr><td style='{CELL}text-align:right'>{number}</td>"
                        f"<td style='{CELL}text-align:left'><a href='{html.escape(file)}' "
                        f"style='color:#0b5394;text-decoration:underline'>"
                        f"{html.escape(title)}</a></td>"
                        f"<td style='{CELL}text-align:right'>{stars}</td></tr>")
        rows.append(f"<tr><td></td><td style='{CELL}text-align:left'><b>{self.say('total')}"
                    f"</b></td><td style='{CELL}text-align:right'><b>{got_all} / {total_all} ★"
                    f"</b></td></tr>")
        return (f"<table style='font-size:1.1em;border-collapse:collapse'><thead><tr>"
                f"<th style='{CELL}'>{self.say('lesson')}</th>"
                f"<th style='{CELL}text-align:left'>{self.say('title')}</th>"
                f"<th style='{CELL}text-align:right'>{self.say('stars')}</th></tr>"
                f"</thead><tbody>{''.join(rows)}</tbody></table>")

    def download_html(self) -> str:
        """The link that saves the child's progress file, if the child has one."""
        name = student()
        mine = student_path(dama_home(), name)
        try:
            data = mine.read_bytes() if mine.is_file() and name != DEFAULT_STUDENT else b""
        except OSError:
            data = b""
        if not data:
            return ""
        return (f"<p>{file_link(data, mine.name, self.say('download_mine'))} "
                f"<small>{self.say('download_why')}</small></p>")
