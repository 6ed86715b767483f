"""A lesson's exercises, graded at once and saved under the child's name, and its stars."""

import html

import ipywidgets as widgets

from dama.core.handlers import serial
from dama.core.board.puzzle_widget import ON_THE_PAGE, PuzzleWidget

from dama.core.store.student import (DEFAULT_STUDENT, best_stars, greeting_key, set_student,
                                     student)
from dama.text import MESSAGES, say, star_text



def exercises(ids, lang="it", size=400):
    """The lesson's exercises (puzzle ids from the collection), graded at once, saved under
    the student's name. A child who has not typed a name in the index is asked for one
    first (or may go on without, with «Più tardi»)."""
    name = student()
    widget = PuzzleWidget(list(ids), lang=lang, student=name, size=size)
    ON_THE_PAGE.append(widget)
    header = widgets.HTML()
    box = widgets.VBox([header, widget])
    box.add_class("dama-exercises")

    def greet(name):
        header.value = f"<p>{say(MESSAGES, greeting_key(name), lang, name=html.escape(name))}</p>"

    greet(name)
    if name != DEFAULT_STUDENT:
        return box
    name_box = widgets.Text(placeholder=say(MESSAGES, "name_here", lang), continuous_update=False,
                            layout=widgets.Layout(width="16em"))
    name_box.add_class("dama-ask-name-box")
    ok = widgets.Button(description=say(MESSAGES, "name_ok", lang), button_style="success",
                        layout=widgets.Layout(width="auto"))
    ok.add_class("dama-ask-name-ok")
    later = widgets.Button(description=say(MESSAGES, "later", lang), layout=widgets.Layout(width="auto"))
    later.add_class("dama-ask-name-later")
    ask = widgets.VBox([widgets.HTML(f"<p style='font-size:1.2em'><b>{say(MESSAGES, 'ask_name', lang)}"
                                     f"</b></p>"),
                        widgets.HBox([name_box, ok, later],
                                     layout=widgets.Layout(flex_flow="row wrap"))])
    ask.add_class("dama-ask-name")
    ask.add_class("dama-touch")  # big buttons for fingers
    widget.layout.display = "none"
    header.layout.display = "none"

    def start(*_):
        ask.layout.display = "none"
        widget.layout.display = header.layout.display = None

    def save(*_):
        if not name_box.value.strip():
            return
        name = set_student(name_box.value)
        for other in ON_THE_PAGE:  # every exercise of this page saves under the name now
            if other.store is not None and other.store.student == DEFAULT_STUDENT:
                other.set_student(name)
        greet(name)
        start()

    ok.on_click(serial(save))
    name_box.observe(serial(lambda change: save()), "value")
    later.on_click(serial(start))
    box.children = [ask, header, widget]
    return box


def stars_of(ids, name=None):
    """{id: best stars} for the puzzles ``ids``, from the progress file and from the
    exercises solved in this kernel."""
    best = best_stars(name)
    out = {i: best.get(i, 0) for i in ids}
    for widget in ON_THE_PAGE:
        for puzzle_id, stars in widget.stars.items():
            if puzzle_id in out:
                out[puzzle_id] = max(out[puzzle_id], stars)
    return out


def lesson_stars(ids, lang="it"):
    """The stars earned on this lesson's exercises; it updates itself when an exercise is
    solved in this notebook, and with its button."""
    ids = list(ids)
    summary = widgets.HTML()
    summary.add_class("dama-lesson-stars")
    refresh = widgets.Button(description="★ " + say(MESSAGES, "refresh", lang),
                             layout=widgets.Layout(width="auto"))

    def update(*_):
        stars = stars_of(ids)
        got, total = sum(stars.values()), 3 * len(ids)
        cells = " &nbsp; ".join(f"{say(MESSAGES, 'exercise', lang, n=n)}: {star_text(s)}"
                                for n, s in enumerate(stars.values(), 1))
        # The words say what the stars say: praise only for most of them.
        key = ("all_stars" if got == total else "most_stars" if 3 * got >= 2 * total
               else "some_stars" if got else "no_stars")
        message = say(MESSAGES, key, lang)
        summary.value = (f"<div style='font-size:1.3em'><b>★ "
                         f"{say(MESSAGES, 'lesson_stars', lang, stars=got, total=total)}</b></div>"
                         f"<div style='font-size:1.05em;margin:0.3em 0'>{cells}</div>"
                         f"<div>{message}</div>"
                         f"<div style='font-size:0.9em;color:#555'>{say(MESSAGES, 'stars_apart', lang)}"
                         f"</div>")

    refresh.on_click(serial(update))
    for widget in ON_THE_PAGE:
        widget.star_line.observe(serial(update), "value")
    update()
    box = widgets.VBox([summary, widgets.HBox([refresh])])
    box.add_class("dama-stars")
    box.add_class("dama-touch")
    return box
