"""The teacher's class page: the progress files of a class, read, never written; a folder's
files followed live (a school's server's exchange folder fills while the children answer)."""

import asyncio
import datetime as dt
import html
import os
from pathlib import Path

import ipywidgets as widgets

from dama.core.handlers import serial
from damalib.i18n import N_, pick, translator
from dama.core.store.progress import IN_BROWSER, dama_home

from dama import text
from dama.text import file_link, say, star_text
from dama.core.content.lessons import load_lessons

MESSAGES = {
    "in_browser": N_("In the browser edition this folder holds only the files of those who used "
                     "the course in this browser. To see the whole class, have each student "
                     "download their progress (“Download my progress” in the index) and choose "
                     "those files here with the button."),
    "folder": N_("Folder of the progress files:"),
    "load": N_("Load the class"),
    "upload": N_("Or choose the files (.sqlite)"),
    "none": N_("No progress files here: choose another folder or upload the files."),
    "none_chosen": N_("None of the files chosen is a progress file (.sqlite)."),
    "no_folder": N_("There is no folder {path}: check its name."),
    "no_access": N_("The folder {path} is not yours to read: only its owner and the teacher "
                    "can open it."),
    "loaded": N_("{children} from {files} in {source}."),
    "uploaded": N_("{children} from {files} chosen with the button."),
    "nothing_yet": N_("No student has tried a lesson yet."),
    "problems": N_("Files left out:"),
    "table": N_("The class's stars"),
    "table_how": N_("In each lesson: stars earned / the most there are (— not tried yet); the "
                    "darker the cell, the more stars."),
    "student": N_("Student"),
    "missed": N_("The exercises missed most often"),
    "no_missed": N_("No mistakes so far."),
    "exercise": N_("Exercise"),
    "detail": N_("One student up close:"),
    "tries": N_("Attempts"),
    "last": N_("Last attempt"),
    "nothing_tried": N_("No exercise yet."),
    "export": N_("Export a lesson (CSV):"),
    "download": N_("Download {name}"),
    "nbgrader": N_("Every lesson for nbgrader: {link}"),
    "namesakes": N_("The same name typed on more than one computer: one child who changed "
                    "computer, or different children with the same name? Join them if they "
                    "are one child; if they are different children, ask them to type their "
                    "name and an initial (Sofia R.)."),
    "join": N_("{name}: one child"),
    "all_lessons": N_("Every lesson"),
    "since": N_("since:"),
    "missed_how": N_("For tomorrow's lesson: the exercises most of those who tried them got "
                     "wrong, for the lesson and since the day you choose."),
    "missed_where": N_("Lesson {lesson}, exercise {n}"),
    "missed_share": N_("missed by {children} of the {tried} who tried it ({percent}%)"),
    "missed_only": N_("missed by the only one who tried it"),
    "missed_sheet_title": N_("Exercises to go over"),
    "missed_sheet": N_("Worksheet of these exercises"),
    "missed_key": N_("its answers"),
    "club": N_("Club"),
    "club_title": N_("The club's own puzzles (made on the Analysis page): stars earned / the "
                     "most there are"),
    "live": N_("The page follows the folder: a new attempt shows here within a few seconds "
               "(last read at {time})."),
}

#: Seconds between two looks at the folder shown (only its files' sizes and times are read;
#: the class is read again when one changed).
LIVE_SECONDS = 3.0
#: The folder a school's server gives the teacher's class page: its exchange folder, where
#: each child's attempts are copied (deploy/hub/jupyterhub_config.py, dama.core.store.exchange).
CLASS_FOLDER = "DAMA_CLASS_FOLDER"
#: The look this kernel will take next, if any: a class page shown anew replaces it.
_WATCH = {"handle": None}


def _c(key, lang, **params):
    """The class page's words; those the index says too («In tutto», «Palestra», «Lezione»)
    come from the course's common table."""
    return say(MESSAGES if key in MESSAGES else text.MESSAGES, key, lang, **params)


def _download_link(data, name, label):
    return file_link(data, name, label, "text/csv;charset=utf-8")


#: The shade of a lesson's cell by the share of its stars earned (darker: more), a blue
#: scale that stays apart for colour-blind eyes and in greyscale; the number says it too.
_SHADES = ((0.8, "#9ecae1"), (0.5, "#c6dbef"), (0.0001, "#e8f1fa"))


def _shade(got, most, tried):
    if not tried:
        return ""
    share = got / most if most else 0
    colour = next((c for limit, c in _SHADES if share >= limit), "#ffffff")
    return f"background:{colour};"


def class_page(lang="it", folder=None, live=LIVE_SECONDS):
    """The teacher's view of the class: the progress files of a folder (or uploaded), then
    the stars of each student in each lesson, a chart, the exercises missed most often with
    their rule, one student's detail, and a CSV per lesson. The folder is ``folder``, else a
    school's server's class folder (``$DAMA_CLASS_FOLDER``), else this computer's progress
    folder; while the page is open it is looked at every ``live`` seconds and shown again
    when a file changed (0: never)."""
    from damalib.rulenames import rule_name
    from dama.classroom.report import LessonInfo, folder_state, load_class, progress_files
    from damalib.svg import board as diagram
    from dama.core.store.progress import name_key
    from dama.core.content.worksheet import answers_name, worksheet

    from dama.core.content.club import club_puzzles

    found = [LessonInfo(item.number, {lang: item.title_in(lang)}, tuple(item.exercises))
             for item in load_lessons() if item.exercises]
    club = tuple(p.id for p in club_puzzles(errors=[]))
    folder = folder or os.environ.get(CLASS_FOLDER, "").strip() or dama_home()
    folder_box = widgets.Text(value=str(folder), continuous_update=False,
                              layout=widgets.Layout(width="32em", max_width="100%"))
    folder_box.add_class("dama-class-folder")
    load_button = widgets.Button(description=_c("load", lang), button_style="primary",
                                 layout=widgets.Layout(width="auto"))
    load_button.add_class("dama-class-load")
    upload = widgets.FileUpload(accept=".sqlite", multiple=True,
                                description=_c("upload", lang),
                                layout=widgets.Layout(width="auto"))
    upload.add_class("dama-class-upload")
    summary = widgets.HTML()
    summary.add_class("dama-class-summary")
    # A wide class scrolls sideways inside the page (a tablet), never cut off.
    table = widgets.HTML(layout=widgets.Layout(overflow="auto", max_width="100%"))
    table.add_class("dama-class-table")
    chart = widgets.HTML(layout=widgets.Layout(overflow="auto", max_width="100%"))
    chart.add_class("dama-class-chart")
    missed = widgets.HTML()
    missed.add_class("dama-class-missed")
    missed_lesson = widgets.Dropdown(
        options=[(_c("all_lessons", lang), None)]
        + [(f"{_c('lesson', lang)} {l.number} · {pick(l.title, lang)}", l.number) for l in found],
        value=None, layout=widgets.Layout(width="24em"))
    missed_lesson.add_class("dama-missed-lesson")
    missed_since = widgets.DatePicker(value=None)
    missed_since.add_class("dama-missed-since")
    who = widgets.Dropdown(options=[], layout=widgets.Layout(width="20em"))
    who.add_class("dama-class-child")
    detail = widgets.HTML()
    detail.add_class("dama-class-detail")
    which = widgets.Dropdown(options=[(f"{_c('lesson', lang)} {l.number} · {pick(l.title, lang)}",
                                       l.number) for l in found],
                             layout=widgets.Layout(width="28em"))
    which.add_class("dama-class-lesson")
    export = widgets.HTML()
    export.add_class("dama-class-export")
    # "watched": the folder shown and its files' state when read (None: files uploaded).
    state = {"progress": None, "joined": set(), "again": None, "watched": None}
    namesakes = widgets.VBox()
    namesakes.add_class("dama-class-namesakes")
    cell = "padding:0.2em 0.6em;border-bottom:1px solid #ddd;"
    tight = "padding:0.15em 0.4em;border-bottom:1px solid #ddd;white-space:nowrap;"
    top = "position:sticky;top:0;background:#fff;z-index:2;"
    left = "position:sticky;left:0;background:#fff;z-index:1;"

    def read(sources):
        """The class of ``sources``, with the names the teacher joined as one child."""
        return load_class(sources, found, join=state["joined"])

    def show_namesakes(progress):
        names = {}
        for child in progress.children:
            if child.namesakes > 1:
                names.setdefault(name_key(child.name), child.name)
        joined = [n for n in state["joined"] if n]
        if not names and not joined:
            namesakes.children = ()
            return
        toggles = []
        for key, name in sorted({**names, **{name_key(n): n for n in joined}}.items()):
            toggle = widgets.ToggleButton(value=key in {name_key(n) for n in joined},
                                          description=_c("join", lang, name=name),
                                          icon="link", layout=widgets.Layout(width="auto"))
            toggle.add_class("dama-class-join")
            toggle.observe(serial(lambda change, name=name: join(name, change["new"])), "value")
            toggles.append(toggle)
        note = widgets.HTML(f"<p>{_c('namesakes', lang)}</p>")
        namesakes.children = (note, widgets.HBox(toggles, layout=widgets.Layout(
            flex_flow="row wrap")))

    def join(name, on):
        keys = {name_key(n) for n in state["joined"]}
        if on and name_key(name) not in keys:
            state["joined"].add(name)
        if not on:
            state["joined"] = {n for n in state["joined"] if name_key(n) != name_key(name)}
        if state["again"] is not None:
            state["again"]()

    def show(progress, files, source=None):
        state["progress"] = progress
        show_namesakes(progress)
        _ = translator(lang)
        children = _.plural("{n} student", "{n} students", len(progress.children))
        files = _.plural("{n} file", "{n} files", files)
        said = (_c("loaded", lang, children=children, files=files,
                   source=html.escape(str(source))) if source is not None
                else _c("uploaded", lang, children=children, files=files))
        lines = [said if progress.children else
                 _c("none", lang) if source is not None else _c("none_chosen", lang)]
        if progress.problems:
            lines.append(_c("problems", lang) + "<ul>" + "".join(
                f"<li>{html.escape(p.text(lang))}</li>" for p in progress.problems) + "</ul>")
        summary.value = "".join(f"<p>{line}</p>" for line in lines)
        shown = [l for l in found if any(progress.tried(c, l) for c in progress.children)]
        head = "".join(f"<th style='{tight}{top}' title='{html.escape(pick(l.title, lang))}'>"
                       f"{l.number}</th>" for l in shown)
        rows = []
        ratings = progress.practice_ratings()
        club_ids = set(club)
        # The club's puzzles count where a child tried one: a column of their own, apart
        # from the lessons' stars (and from «In tutto», which is the lessons').
        club_shown = bool(club_ids) and any(a.puzzle in club_ids for c in progress.children
                                            for a in c.lesson_attempts)
        for child, rating in zip(progress.children, ratings):
            cells, got_all, most_all = [], 0, 0
            for lesson in shown:
                got, most = progress.stars(child, lesson)
                got_all, most_all = got_all + got, most_all + most
                tried = progress.tried(child, lesson)
                mark = f"{got}/{most}" if tried else "—"
                cells.append(f"<td style='{tight}text-align:center;{_shade(got, most, tried)}' "
                             f"data-lesson='{lesson.number}' data-stars='{got}'>{mark}</td>")
            if club_shown:
                best = child.best()
                got = sum(best.get(p, 0) for p in club)
                tried = any(a.puzzle in club_ids for a in child.lesson_attempts)
                extra = (f"<td style='{tight}text-align:center;{_shade(got, 3 * len(club), tried)}'"
                         f" data-club='{got}'>{f'{got}/{3 * len(club)}' if tried else '—'}</td>")
            else:
                extra = ""
            rows.append(f"<tr><th style='{tight}{left}text-align:left'>"
                        f"{html.escape(child.label(lang))}</th>{''.join(cells)}"
                        f"<td style='{tight}text-align:right'><b>"
                        f"{got_all}/{most_all}</b></td>{extra}"
                        f"<td style='{tight}text-align:right' data-rating="
                        f"'{rating.shown if rating else ''}'>"
                        f"{rating.shown if rating else '—'}</td></tr>")
        # A whole year's table on a classroom projector (1280×720) or JupyterLab's column:
        # short cells, the header and the names kept in sight while it scrolls, the share
        # of the stars in each cell's shade as well as in its number.
        table.value = (f"<h3>{_c('table', lang)}</h3>"
                       f"<p style='margin:2px 0 6px'>{_c('table_how', lang)}</p>"
                       f"<div class='dama-class-scroll' style='overflow:auto;max-height:62vh;"
                       f"max-width:100%;border:1px solid #ddd'>"
                       f"<table style='border-collapse:separate;border-spacing:0;"
                       f"font-size:14px'><thead><tr>"
                       f"<th style='{tight}{top}{left}z-index:3;text-align:left'>"
                       f"{_c('student', lang)} \\ {_c('lesson', lang)}</th>{head}"
                       f"<th style='{tight}{top}'>{_c('total', lang)}</th>"
                       + (f"<th style='{tight}{top}' title="
                          f"'{html.escape(_c('club_title', lang), quote=True)}'>"
                          f"{_c('club', lang)}</th>" if club_shown else "") +
                       f"<th style='{tight}{top}' title="
                       f"'{html.escape(_c('rating_title', lang), quote=True)}'>"
                       f"{_c('rating', lang)}</th></tr></thead><tbody>{''.join(rows)}</tbody>"
                       f"</table></div>" if progress.children and (shown or club_shown) else
                       f"<p>{_c('nothing_yet', lang)}</p>" if progress.children else "")
        chart.value = progress.chart_svg(lang) if shown else ""
        which.options = [(f"{_c('lesson', lang)} {l.number} · {pick(l.title, lang)}", l.number)
                         for l in (shown or found)]
        show_missed()
        chosen = next((label for label, i in who.options if i == who.value), None)
        who.options = [(c.label(lang), i) for i, c in enumerate(progress.children)]
        # Read again (live, or a join): the student looked at stays in view.
        who.value = next((i for label, i in who.options if label == chosen),
                         0 if progress.children else None)
        show_child()
        show_export()

    def show_missed(*_):
        """Tomorrow's lesson: the exercises missed by most of the children who tried them,
        for the lesson and since the day chosen, each with its position, its question, the
        rule in words and a link to its lesson; and a worksheet of them."""
        progress = state["progress"]
        if progress is None or not progress.children:
            missed.value = ""
            return
        top = progress.most_missed(8, lesson=missed_lesson.value, since=missed_since.value)
        files = {item.number: f"{item.number:02d}-{item.slug_in(lang)}.ipynb"
                 for item in load_lessons()}
        cards = []
        for m in top:
            puzzle = progress.puzzles.get(m.puzzle)
            if puzzle is None:
                continue
            where = _c("missed_where", lang, lesson=m.lesson, n=m.position)
            link = (f"<a href='{html.escape(files[m.lesson])}'>{html.escape(where)}</a>"
                    if m.lesson in files else html.escape(where))
            share = (_c("missed_share", lang, children=m.children, tried=m.tried,
                        percent=round(100 * m.share)) if m.tried > 1
                     else _c("missed_only", lang))
            rule = html.escape(rule_name(m.rule, lang)) if m.rule else ""
            cards.append(
                f"<div class='dama-missed-card' data-puzzle='{html.escape(m.puzzle)}' "
                f"style='display:flex;gap:12px;align-items:flex-start;margin:8px 0'>"
                f"{diagram(puzzle.board(), 150, lang=lang)}<div><b>{link}</b>"
                f"<p style='margin:4px 0'>{html.escape(puzzle.prompt(lang))}</p>"
                f"<p style='margin:4px 0'><b>{share}</b></p>"
                f"<p style='margin:4px 0'>{rule} <small>{html.escape(m.rule or '')} · "
                f"{html.escape(m.puzzle)}</small></p></div></div>")
        if not cards:
            missed.value = f"<p>{_c('no_missed', lang)}</p>"
            return
        chosen = [progress.puzzles[m.puzzle] for m in top if m.puzzle in progress.puzzles]
        title = _c("missed_sheet_title", lang)
        # Translators: the file name of the worksheet of the exercises missed most.
        stem = translator(lang).context("file name", "to-go-over")
        sheet = file_link(worksheet(chosen, lang, title, "none").encode("utf-8"),
                           f"{stem}.html", _c("missed_sheet", lang), "text/html")
        key = file_link(worksheet(chosen, lang, title, "only").encode("utf-8"),
                         answers_name(stem, lang), _c("missed_key", lang), "text/html")
        missed.value = "".join(cards) + f"<p class='dama-missed-sheet'>{sheet} · {key}</p>"

    def show_child(*_):
        progress = state["progress"]
        if progress is None or who.value is None:
            detail.value = ""
            return
        rows = progress.detail(progress.children[who.value])
        body = "".join(
            f"<tr><td style='{cell}'>{r['lesson']}</td><td style='{cell}'>{r['position']}</td>"
            f"<td style='{cell}'>{star_text(r['stars'])}</td>"
            f"<td style='{cell}text-align:right'>{r['tries']}</td>"
            f"<td style='{cell}'>{html.escape(str(r['last']))}</td></tr>" for r in rows)
        detail.value = (f"<table style='border-collapse:collapse'><thead><tr>"
                        f"<th style='{cell}'>{_c('lesson', lang)}</th>"
                        f"<th style='{cell}'>{_c('exercise', lang)}</th>"
                        f"<th style='{cell}'>★</th><th style='{cell}'>{_c('tries', lang)}</th>"
                        f"<th style='{cell}'>{_c('last', lang)}</th></tr></thead>"
                        f"<tbody>{body}</tbody></table>" if rows
                        else f"<p>{_c('nothing_tried', lang)}</p>")

    def show_export(*_):
        progress = state["progress"]
        if progress is None or not progress.children or which.value is None:
            export.value = ""
            return
        # Translators: the start of a lesson's table's file name, «lezione-03.csv».
        prefix = translator(lang).context("file name", "lesson")
        name = f"{prefix}-{which.value:02d}.csv"
        # The bytes `dama progress merge --lesson N` writes, and nbgrader's own file.
        lesson_link = _download_link(progress.lesson_sheet(which.value, lang), name,
                                     _c("download", lang, name=name))
        grades = _download_link(progress.nbgrader_csv().encode("utf-8"), "nbgrader.csv",
                                _c("download", lang, name="nbgrader.csv"))
        export.value = f"<p>{lesson_link}</p><p>{_c('nbgrader', lang, link=grades)}</p>"

    def from_folder(*_):
        # What a file manager's "copy as path" gives: quotes, file://, a file in the folder.
        typed = folder_box.value.strip().strip("'\"").strip()
        if typed.startswith("file://"):
            from urllib.parse import unquote, urlparse

            typed = unquote(urlparse(typed).path)
        path = Path(typed or ".").expanduser()
        state["again"] = from_folder
        state["watched"] = None
        if path.is_file():
            show(read([path]), 1, path)
            return
        if not path.is_dir():
            show(read([]), 0, path)
            summary.value = f"<p>{_c('no_folder', lang, path=html.escape(str(path)))}</p>"
            return
        if not os.access(path, os.R_OK | os.X_OK):
            show(read([]), 0, path)
            summary.value = f"<p>{_c('no_access', lang, path=html.escape(str(path)))}</p>"
            return
        state["watched"] = (path, folder_state(path))
        show(read([path]), len(progress_files(path)), path)
        if live:
            now = dt.datetime.now().strftime("%H:%M:%S")
            summary.value += f"<p class='dama-class-live'>{_c('live', lang, time=now)}</p>"

    def from_upload(change):
        chosen = list(change["new"] or ())
        if not chosen:
            return
        sources = [(item["name"], bytes(item["content"])) for item in chosen]
        files = sum(1 for name, _ in sources if name.lower().endswith(".sqlite"))
        state["again"] = lambda: show(read(sources), files)
        state["watched"] = None
        state["again"]()

    def read_again_if_changed():
        watched = state["watched"]
        if watched is not None and folder_state(watched[0]) != watched[1]:
            from_folder()

    checked = serial(read_again_if_changed)

    def look():
        """The next look planned, then the folder shown read again if a file changed."""
        _WATCH["handle"] = asyncio.get_running_loop().call_later(live, look)
        checked()

    load_button.on_click(serial(from_folder))
    folder_box.observe(serial(from_folder), "value")  # Enter loads too
    upload.observe(serial(from_upload), "value")
    who.observe(serial(show_child), "value")
    missed_lesson.observe(serial(show_missed), "value")
    missed_since.observe(serial(show_missed), "value")
    which.observe(serial(show_export), "value")
    from_folder()
    if live:
        _follow(look)
    note = widgets.HTML(f"<p>{_c('in_browser', lang)}</p>" if IN_BROWSER else "")
    note.add_class("dama-class-browser-note")
    box = widgets.VBox([
        note,
        widgets.HBox([widgets.HTML(f"<b>{_c('folder', lang)}</b>&nbsp;"), folder_box,
                      load_button], layout=widgets.Layout(flex_flow="row wrap")),
        widgets.HBox([upload]), summary, namesakes, table, chart,
        widgets.HTML(f"<h3>{_c('missed', lang)}</h3><p>{_c('missed_how', lang)}</p>"),
        widgets.HBox([widgets.HTML(f"<b>{_c('lesson', lang)}:</b>&nbsp;"), missed_lesson,
                      widgets.HTML(f"&nbsp;<b>{_c('since', lang)}</b>&nbsp;"), missed_since],
                     layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
        missed,
        widgets.HBox([widgets.HTML(f"<b>{_c('detail', lang)}</b>&nbsp;"), who],
                     layout=widgets.Layout(flex_flow="row wrap")), detail,
        widgets.HBox([widgets.HTML(f"<b>{_c('export', lang)}</b>&nbsp;"), which],
                     layout=widgets.Layout(flex_flow="row wrap")), export])
    box.add_class("dama-class")
    return box


def _follow(look):
    """Let ``look`` run on the kernel's event loop from now on (the class page shown last in
    this kernel is the one followed); without a running loop (a script, a test) never."""
    if _WATCH["handle"] is not None:
        _WATCH["handle"].cancel()
        _WATCH["handle"] = None
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    _WATCH["handle"] = loop.call_later(0, look)
