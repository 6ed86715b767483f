"""The index: the child's name box, and every lesson with its link and the stars earned. A
thin view over dama.lessons.model.IndexPage."""

import ipywidgets as widgets

from dama.core.board.canvas import STYLE as BOARD_STYLE
from dama.core.handlers import serial
from dama.lessons.model import IndexPage, lessons
from dama.text import MESSAGES, say

__all__ = ["index", "lessons"]


def index(lang="it"):
    """The student's name box, then every lesson with a link and the stars earned."""
    page = IndexPage(lang)
    name_box = widgets.Text(value=page.typed_name, placeholder=say(MESSAGES, "name_here", lang),
                            continuous_update=False, layout=widgets.Layout(width="16em"))
    name_box.add_class("dama-student")
    ok = widgets.Button(description=say(MESSAGES, "name_ok", lang), button_style="success",
                        layout=widgets.Layout(width="auto"))
    ok.add_class("dama-student-ok")
    greeting, table, download = widgets.HTML(), widgets.HTML(), widgets.HTML()
    greeting.add_class("dama-greeting")
    table.add_class("dama-index-table")
    download.add_class("dama-download-mine")

    def update():
        download.value = page.download_html()
        table.value = page.table_html()

    def save(*_):
        if page.save(name_box.value) is None:
            return  # nothing typed yet
        name_box.value = page.typed_name
        greeting.value = page.greeting
        update()

    ok.on_click(serial(save))
    name_box.observe(serial(save), "value")
    name_row = widgets.HBox([widgets.HTML(f"<b>{say(MESSAGES, 'your_name', lang)}</b>&nbsp;"),
                             name_box, ok])
    if page.account:
        name_row.layout.display = "none"
    greeting.value = page.greeting
    update()
    # The boards' style (no board on this page) gives «Sono io!» a finger's size on a tablet.
    # The «Esci» of a logged-in child looks like the lessons' links.
    links = "<style>.dama-greeting a{color:#0b5394;text-decoration:underline}</style>"
    box = widgets.VBox([name_row, greeting, table, download,
                        widgets.HTML(BOARD_STYLE + links)])
    box.add_class("dama-index")
    box.add_class("dama-touch")
    return box
