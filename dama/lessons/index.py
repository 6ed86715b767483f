"""The index: the child's name box, and every lesson with its link and the stars earned."""

import html

import ipywidgets as widgets

from dama.core.handlers import serial
from dama.core.board.canvas import STYLE as BOARD_STYLE
from dama.core.content.lessons import load_lessons
from dama.core.store.progress import student_path
from dama.core.store.student import (DEFAULT_STUDENT, account, best_stars, logout_url,
                                     set_student, student)
from dama.settings import dama_home
from dama.text import MESSAGES, file_link, say

def lessons(lang="it"):
    """(number, title, notebook file name, exercise ids) of every lesson, from the lessons'
    catalogue in the package (never from the notebooks on the drive, which a browser may not
    reach)."""
    return [(item.number, item.title_in(lang), f"{item.number:02d}-{item.slug_in(lang)}.ipynb",
             list(item.exercises)) for item in load_lessons()]


def index(lang="it"):
    """The student's name box, then every lesson with a link and the stars earned."""
    name = student()
    # A child who has not typed a name sees an empty box that asks for one, not "studente".
    name_box = widgets.Text(value="" if name == DEFAULT_STUDENT else name,
                            placeholder=say(MESSAGES, "name_here", lang), continuous_update=False,
                            layout=widgets.Layout(width="16em"))
    name_box.add_class("dama-student")
    ok = widgets.Button(description=say(MESSAGES, "name_ok", lang), button_style="success",
                        layout=widgets.Layout(width="auto"))
    ok.add_class("dama-student-ok")
    greeting = widgets.HTML()
    greeting.add_class("dama-greeting")
    table = widgets.HTML()
    table.add_class("dama-index-table")
    download = widgets.HTML()
    download.add_class("dama-download-mine")
    found = lessons(lang)

    def update(*_):
        name = student()
        best = best_stars(name)
        cell = "padding:0.25em 0.8em;"
        rows = []
        got_all = total_all = 0
        for number, title, file, ids in found:
            got = sum(best.get(i, 0) for i in ids)
            total = 3 * len(ids)
            got_all, total_all = got_all + got, total_all + total
            stars = f"{got} / {total} ★" if total else ""
            rows.append(f"<tr><td style='{cell}text-align:right'>{number}</td>"
                        f"<td style='{cell}text-align:left'><a href='{html.escape(file)}' "
                        f"style='color:#0b5394;text-decoration:underline'>"
                        f"{html.escape(title)}</a></td>"
                        f"<td style='{cell}text-align:right'>{stars}</td></tr>")
        rows.append(f"<tr><td></td><td style='{cell}text-align:left'><b>{say(MESSAGES, 'total', lang)}"
                    f"</b></td><td style='{cell}text-align:right'><b>{got_all} / {total_all} ★"
                    f"</b></td></tr>")
        mine = student_path(dama_home(), name)
        try:
            data = mine.read_bytes() if mine.is_file() and name != DEFAULT_STUDENT else b""
        except OSError:
            data = b""
        download.value = (f"<p>{file_link(data, mine.name, say(MESSAGES, 'download_mine', lang))} "
                          f"<small>{say(MESSAGES, 'download_why', lang)}</small></p>" if data else "")
        table.value = (f"<table style='font-size:1.1em;border-collapse:collapse'><thead><tr>"
                       f"<th style='{cell}'>{say(MESSAGES, 'lesson', lang)}</th>"
                       f"<th style='{cell}text-align:left'>{say(MESSAGES, 'title', lang)}</th>"
                       f"<th style='{cell}text-align:right'>{say(MESSAGES, 'stars', lang)}</th></tr>"
                       f"</thead><tbody>{''.join(rows)}</tbody></table>")

    def save(*_):
        if not name_box.value.strip():
            return  # nothing typed yet
        name = set_student(name_box.value)
        name_box.value = name
        greeting.value = f"<p>{say(MESSAGES, 'name_saved', lang, name=html.escape(name))}</p>"
        update()

    ok.on_click(serial(save))
    name_box.observe(serial(lambda change: save()), "value")
    name_row = widgets.HBox([widgets.HTML(f"<b>{say(MESSAGES, 'your_name', lang)}</b>&nbsp;"), name_box,
                             ok])
    if account():
        # Logged in on a school's server: the name is the account's, nothing to type.
        name_row.layout.display = "none"
        shown, logout = html.escape(name), html.escape(logout_url())
        greeting.value = (f"<p>{say(MESSAGES, 'account_saved', lang, name=shown)} "
                          f"{say(MESSAGES, 'account_not_you', lang, name=shown, logout=logout)}</p>")
    elif name != DEFAULT_STUDENT:
        shown = html.escape(name)
        greeting.value = (f"<p>{say(MESSAGES, 'name_saved', lang, name=shown)} "
                          f"{say(MESSAGES, 'not_you', lang, name=shown)}</p>")
    update()
    # The boards' style (no board on this page) gives «Sono io!» a finger's size on a tablet.
    # The «Esci» of a logged-in child looks like the lessons' links.
    links = "<style>.dama-greeting a{color:#0b5394;text-decoration:underline}</style>"
    box = widgets.VBox([name_row, greeting, table, download,
                        widgets.HTML(BOARD_STYLE + links)])
    box.add_class("dama-index")
    box.add_class("dama-touch")
    return box
