"""The teacher's class page without its widgets: the folder (or the files chosen) read as a
class, the names the teacher joined as one child, the lesson and the child chosen, and what
the page shows of them as HTML: the summary, the table of stars, the chart, the exercises
missed most, one child's detail and the CSV exports; and, for a page that follows its folder
live, whether the folder has changed since it was read (dama.classroom.page draws it).

    >>> import tempfile
    >>> from dama.core.content import check, load
    >>> from dama.core.store.progress import ProgressStore
    >>> puzzle = load(topic="examples")[0]
    >>> scratch = tempfile.TemporaryDirectory()
    >>> folder = Path(scratch.name)
    >>> def attempt(name, answer):
    ...     with ProgressStore(name, folder) as store:
    ...         store.record(puzzle, answer, check(puzzle, answer))
    >>> attempt("Anna", "22x13"); attempt("Bruno", "21-17")
    >>> page = ClassPage("en", folder, lessons=[LessonInfo(1, {"en": "Capturing"}, (puzzle.id,))],
    ...                  club=())
    >>> page.open_folder(str(folder))
    >>> page.summary_html() == f"<p>2 students from 2 files in {folder}.</p>"
    True
    >>> page.child_choices(), page.child
    ([('Anna', 0), ('Bruno', 1)], 0)
    >>> "data-lesson='1' data-stars='3'>3<span style='display:block;font-size:0.8em'>/3</span>" in page.table_html()
    True
    >>> [m.puzzle for m in page.progress.most_missed()], "data-puzzle='it-ex-001'" in page.missed_html()
    (['it-ex-001'], True)
    >>> page.lesson, "download='lesson-01.csv'" in page.export_html()
    (1, True)
    >>> page.changed()
    False
    >>> attempt("Carla", "22x13")
    >>> page.changed()
    True
    >>> page.read_again(); [label for label, _ in page.child_choices()]
    ['Anna', 'Bruno', 'Carla']
    >>> scratch.cleanup()
"""

from __future__ import annotations

import datetime as dt
import html
import os
from pathlib import Path
from typing import Callable, Sequence
from urllib.parse import unquote, urlparse

from damalib.i18n import N_, pick, translator
from damalib.rulenames import rule_name
from damalib.svg import board as diagram

from dama import text
from dama.classroom.report import (ClassProgress, LessonInfo, Missed, account_files, folder_state,
                                   load_accounts, load_class,
                                   progress_files)
from dama.core.content.club import club_puzzles
from dama.core.content.lessons import load_lessons
from dama.core.content.worksheet import answers_name, worksheet
from dama.core.store.progress import name_key
from dama.settings import settings
from dama.text import file_link, say, star_text

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
    "live": N_("The page follows the folder: a new attempt shows here within a few seconds. "
               "Last change seen at {time}."),
    "none_yet_class": N_("No child has answered yet: each child's row appears here by itself "
                         "after the first answer."),
}

#: How many of the exercises missed most the page shows.
MISSED_SHOWN = 8

#: The shade of a lesson's cell by the share of its stars earned (darker: more), a blue
#: scale that stays apart for colour-blind eyes and in greyscale; the number says it too.
SHADES = ((0.8, "#9ecae1"), (0.5, "#c6dbef"), (0.0001, "#e8f1fa"))

# The cells' styles: a whole year's table on a classroom projector (1280×720) or JupyterLab's
# column keeps short cells, and its header and names in sight while it scrolls.
CELL = "padding:0.2em 0.6em;border-bottom:1px solid #ddd;"
TIGHT = "padding:0.15em 0.4em;border-bottom:1px solid #ddd;white-space:nowrap;"
TOP = "position:sticky;top:0;background:#fff;z-index:2;"
LEFT = "position:sticky;left:0;background:#fff;z-index:1;"


def words(key: str, lang: str, **params: object) -> str:
    """The class page's words; those the index says too («In tutto», «Palestra», «Lezione»)
    come from the course's common table.

    >>> words("load", "it"), words("lesson", "en")
    ('Carica la classe', 'Lesson')
    """
    return say(MESSAGES if key in MESSAGES else text.MESSAGES, key, lang, **params)


def shade(got: int, most: int, tried: bool) -> str:
    """The background of a cell with ``got`` stars of ``most``; none where nothing was tried.

    >>> shade(9, 9, True), shade(0, 9, True), shade(0, 9, False)
    ('background:#9ecae1;', 'background:#ffffff;', '')
    """
    if not tried:
        return ""
    share = got / most if most else 0
    colour = next((c for limit, c in SHADES if share >= limit), "#ffffff")
    return f"background:{colour};"


def typed_path(typed: str) -> Path:
    """The folder a teacher typed or pasted: what a file manager's "copy as path" gives too
    (quotes, a ``file://`` address).

    >>> typed_path(" '/srv/classe' ").as_posix(), typed_path("file:///srv/la%20classe").as_posix()
    ('/srv/classe', '/srv/la classe')
    """
    typed = typed.strip().strip("'\"").strip()
    if typed.startswith("file://"):
        typed = unquote(urlparse(typed).path)
    return Path(typed or ".").expanduser()


def course_lessons(lang: str) -> list[LessonInfo]:
    """The course's lessons that have exercises, titled in ``lang``."""
    return [LessonInfo(item.number, {lang: item.title_in(lang)}, tuple(item.exercises))
            for item in load_lessons() if item.exercises]


def clock_time() -> str:
    """The computer's time of day, as the live note says it: 14:05:09."""
    return dt.datetime.now().strftime("%H:%M:%S")


class ClassPage:
    """The state of the teacher's class page. ``folder``: the folder shown first (else a
    school's server's class folder, else this computer's progress folder); ``lessons`` and
    ``club`` (the club's puzzle ids) default to the course's and the club's own."""

    def __init__(self, lang: str = "it", folder: Path | str | None = None, *,
                 lessons: Sequence[LessonInfo] | None = None,
                 club: Sequence[str] | None = None,
                 now: Callable[[], str] = clock_time) -> None:
        self.lang = lang
        self.lessons = list(course_lessons(lang) if lessons is None else lessons)
        self.club = tuple(p.id for p in club_puzzles(errors=[])) if club is None else tuple(club)
        self.folder = folder or settings().class_folder or settings().home
        self.now = now
        #: The class read last (None before the first reading).
        self.progress: ClassProgress | None = None
        #: The names typed on several computers that the teacher said are one child.
        self.joined: set[str] = set()
        #: The child looked at up close (an index into the class's children), the lesson
        #: exported, and the lesson and first day of the exercises missed most (None: all).
        self.child: int | None = None
        self.lesson: int | None = self.lessons[0].number if self.lessons else None
        self.missed_lesson: int | None = None
        self.missed_since: dt.date | None = None
        #: The folder shown and its files' state when read; None for files chosen.
        self.watched: tuple[Path, tuple] | None = None
        self.read_at = ""
        self._files = 0
        self._source: Path | None = None
        self._error = ""
        self._read_again: Callable[[], None] | None = None

    def say(self, key: str, **params: object) -> str:
        return words(key, self.lang, **params)

    # -- reading -------------------------------------------------------------------------

    def open_folder(self, typed: str) -> None:
        """Read the class of the folder typed (or of a file, if one was typed): the folder is
        then the one a live page watches."""
        path = typed_path(typed)
        self._read_again = lambda: self.open_folder(typed)
        self.watched = None
        if path.is_file():
            self._take(self._read([path]), 1, path)
        elif not path.is_dir():
            self._take(self._read([]), 0, path, self.say("no_folder", path=html.escape(str(path))))
        elif not os.access(path, os.R_OK | os.X_OK):
            self._take(self._read([]), 0, path, self.say("no_access", path=html.escape(str(path))))
        elif self.by_account(path):
            self.watched = (path, folder_state(path))
            self.read_at = self.now()
            self._take(load_accounts(path, self.lessons), len(account_files(path)[0]), path)
        else:
            self.watched = (path, folder_state(path))
            self.read_at = self.now()
            self._take(self._read([path]), len(progress_files(path)), path)

    def open_files(self, chosen: Sequence[tuple[str, bytes]]) -> None:
        """Read the class of the files chosen with the button, as (name, bytes)."""
        sources = [(name, bytes(data)) for name, data in chosen]
        files = sum(1 for name, _ in sources if name.lower().endswith(".sqlite"))
        self._read_again = lambda: self._take(self._read(sources), files)
        self.watched = None
        self._read_again()

    def read_again(self) -> None:
        """Read what was read last once more (the names joined may have changed)."""
        if self._read_again is not None:
            self._read_again()

    def changed(self) -> bool:
        """Whether a file of the folder watched was written, added or removed since it was
        read: a live page then reads it again."""
        return self.watched is not None and folder_state(self.watched[0]) != self.watched[1]

    def join(self, name: str, on: bool) -> None:
        """Count the children who typed ``name`` on several computers as one child (or not),
        and read the class again."""
        key = name_key(name)
        if on and key not in {name_key(n) for n in self.joined}:
            self.joined.add(name)
        if not on:
            self.joined = {n for n in self.joined if name_key(n) != key}
        self.read_again()

    @staticmethod
    def by_account(path: Path) -> bool:
        """Whether ``path`` is a school's server's class folder, read by account (a row per
        account's folder, named by the account): the one the server gives the teacher."""
        found = settings()
        return found.class_by_account and found.class_folder is not None and (
            path.resolve() == found.class_folder.resolve())

    def _read(self, sources: list) -> ClassProgress:
        return load_class(sources, self.lessons, join=self.joined)

    def _take(self, progress: ClassProgress, files: int, source: Path | None = None,
              error: str = "") -> None:
        """``progress`` read from ``files`` files of ``source`` (None: files chosen); the child
        looked at stays in view; the lesson exported too, unless the lessons shown changed (then
        the first of them)."""
        was, lessons_were = self._child_label(), self.lesson_choices()
        self.progress, self._files, self._source, self._error = progress, files, source, error
        labels = [label for label, _ in self.child_choices()]
        self.child = (labels.index(was) if was in labels else 0 if labels else None)
        lessons = self.lesson_choices()
        if lessons != lessons_were:
            self.lesson = lessons[0][1] if lessons else None

    def _child_label(self) -> str | None:
        if self.progress is None or self.child is None:
            return None
        return self.progress.children[self.child].label(self.lang)

    # -- the choices -----------------------------------------------------------------------

    def lesson_label(self, lesson: LessonInfo) -> str:
        return f"{self.say('lesson')} {lesson.number} · {pick(lesson.title, self.lang)}"

    def shown_lessons(self) -> list[LessonInfo]:
        """The lessons some child of the class tried: the table's columns."""
        progress = self.progress
        if progress is None:
            return []
        return [l for l in self.lessons if any(progress.tried(c, l) for c in progress.children)]

    def lesson_choices(self) -> list[tuple[str, int]]:
        """The lessons to export: those tried, else every one."""
        return [(self.lesson_label(l), l.number) for l in (self.shown_lessons() or self.lessons)]

    def missed_lesson_choices(self) -> list[tuple[str, int | None]]:
        return ([(self.say("all_lessons"), None)]
                + [(self.lesson_label(l), l.number) for l in self.lessons])

    def child_choices(self) -> list[tuple[str, int]]:
        children = self.progress.children if self.progress is not None else []
        return [(c.label(self.lang), i) for i, c in enumerate(children)]

    def namesakes(self) -> list[tuple[str, bool]]:
        """The names typed on more than one computer, and the names joined, each with
        whether it is joined now."""
        names = {name_key(c.name): c.name for c in reversed(self.progress.children)
                 if c.namesakes > 1} if self.progress is not None else {}
        joined = [n for n in self.joined if n]
        keys = {name_key(n) for n in joined}
        every = {**names, **{name_key(n): n for n in joined}}
        return [(name, key in keys) for key, name in sorted(every.items())]

    # -- what the page shows -----------------------------------------------------------------

    def summary_html(self, live: bool = False) -> str:
        """What was read: how many children from how many files, the files left out and why;
        with ``live``, when the folder followed was read last."""
        if self._error:
            return f"<p>{self._error}</p>"
        progress = self.progress
        if progress is None:
            return ""
        _ = translator(self.lang)
        children = _.plural("{n} student", "{n} students", len(progress.children))
        files = _.plural("{n} file", "{n} files", self._files)
        if not progress.children and self._source is not None and self.by_account(
                self._source):
            said = self.say("none_yet_class")
        elif not progress.children:
            said = self.say("none" if self._source is not None else "none_chosen")
        elif self._source is not None:
            said = self.say("loaded", children=children, files=files,
                            source=html.escape(str(self._source)))
        else:
            said = self.say("uploaded", children=children, files=files)
        lines = [said]
        if progress.problems:
            lines.append(self.say("problems") + "<ul>" + "".join(
                f"<li>{html.escape(p.text(self.lang))}</li>" for p in progress.problems)
                + "</ul>")
        out = "".join(f"<p>{line}</p>" for line in lines)
        if live and self.watched is not None:
            out += f"<p class='dama-class-live'>{self.say('live', time=self.read_at)}</p>"
        return out

    def club_shown(self) -> bool:
        """Whether the table has the club's column: a child tried one of the club's puzzles
        (apart from the lessons' stars, and from «In tutto», which is the lessons')."""
        club = set(self.club)
        return bool(club) and self.progress is not None and any(
            a.puzzle in club for c in self.progress.children for a in c.lesson_attempts)

    def table_html(self) -> str:
        """The class's stars: a row a child, a column a lesson tried, the total, the club's
        puzzles and the Palestra's rating."""
        progress = self.progress
        if progress is None or not progress.children:
            return ""
        shown, club_shown = self.shown_lessons(), self.club_shown()
        if not (shown or club_shown):
            return f"<p>{self.say('nothing_yet')}</p>"
        say = self.say
        head = "".join(f"<th style='{TIGHT}{TOP}' title='{html.escape(pick(l.title, self.lang))}'>"
                       f"{l.number}</th>" for l in shown)
        club_head = (f"<th style='{TIGHT}{TOP}' title="
                     f"'{html.escape(say('club_title'), quote=True)}'>{say('club')}</th>"
                     if club_shown else "")
        rows = "".join(self._table_row(child, rating, shown, club_shown)
                       for child, rating in zip(progress.children, progress.practice_ratings()))
        return (f"<h2>{say('table')}</h2>"
                f"<p style='margin:2px 0 6px'>{say('table_how')}</p>"
                f"<div class='dama-class-scroll' style='overflow:auto;max-height:62vh;"
                f"max-width:100%;border:1px solid #ddd'>"
                f"<table style='border-collapse:separate;border-spacing:0;"
                f"font-size:14px'><thead><tr>"
                f"<th style='{TIGHT}{TOP}{LEFT}z-index:3;text-align:left'>"
                f"{say('student')} \\ {say('lesson')}</th>{head}"
                f"<th style='{TIGHT}{TOP}'>{say('total')}</th>{club_head}"
                f"<th style='{TIGHT}{TOP}' title="
                f"'{html.escape(say('rating_title'), quote=True)}'>"
                f"{say('rating')}</th></tr></thead><tbody>{rows}</tbody></table></div>")

    def _table_row(self, child, rating, shown: list[LessonInfo], club_shown: bool) -> str:
        progress = self.progress
        cells, got_all, most_all = [], 0, 0
        for lesson in shown:
            got, most = progress.stars(child, lesson)
            got_all, most_all = got_all + got, most_all + most
            tried = progress.tried(child, lesson)
            # The stars over their most, one above the other: a narrow column, so that a
            # year's lessons fit a projector's width (the text still reads «5/12»).
            mark = (f"{got}<span style='display:block;font-size:0.8em'>/{most}</span>"
                    if tried else "—")
            cells.append(f"<td style='{TIGHT}line-height:1.1;text-align:center;"
                         f"{shade(got, most, tried)}' "
                         f"data-lesson='{lesson.number}' data-stars='{got}'>{mark}</td>")
        club = self._club_cell(child) if club_shown else ""
        # «In tutto» counts the lessons' stars: with no lesson in the table, there is none
        # to count (a «0/0» beside the club's stars would read as a child with nothing).
        total = f"{got_all}/{most_all}" if most_all else "—"
        shown_rating = rating.shown if rating else ""
        return (f"<tr><th style='{TIGHT}{LEFT}text-align:left'>"
                f"{html.escape(child.label(self.lang))}</th>{''.join(cells)}"
                f"<td style='{TIGHT}text-align:right'><b>{total}</b></td>{club}"
                f"<td style='{TIGHT}text-align:right' data-rating='{shown_rating}'>"
                f"{rating.shown if rating else '—'}</td></tr>")

    def _club_cell(self, child) -> str:
        best = child.best()
        got, most = sum(best.get(p, 0) for p in self.club), 3 * len(self.club)
        tried = any(a.puzzle in set(self.club) for a in child.lesson_attempts)
        return (f"<td style='{TIGHT}text-align:center;{shade(got, most, tried)}'"
                f" data-club='{got}'>{f'{got}/{most}' if tried else '—'}</td>")

    def chart_html(self) -> str:
        """A bar a lesson tried: the share of its stars the class earned."""
        return self.progress.chart_svg(self.lang) if self.shown_lessons() else ""

    def missed_html(self) -> str:
        """Tomorrow's lesson: the exercises missed by most of the children who tried them,
        for the lesson and since the day chosen, each with its position, its question, the
        rule in words and a link to its lesson; and a worksheet of them."""
        progress = self.progress
        if progress is None or not progress.children:
            return ""
        top = progress.most_missed(MISSED_SHOWN, lesson=self.missed_lesson,
                                   since=self.missed_since)
        files = {item.number: f"{item.number:02d}-{item.slug_in(self.lang)}.ipynb"
                 for item in load_lessons()}
        cards = [self._missed_card(m, files) for m in top if m.puzzle in progress.puzzles]
        if not cards:
            return f"<p>{self.say('no_missed')}</p>"
        return "".join(cards) + self._missed_sheets(top)

    def _missed_card(self, missed: Missed, files: dict[int, str]) -> str:
        puzzle = self.progress.puzzles[missed.puzzle]
        where = self.say("missed_where", lesson=missed.lesson, n=missed.position)
        link = (f"<a href='{html.escape(files[missed.lesson])}'>{html.escape(where)}</a>"
                if missed.lesson in files else html.escape(where))
        share = (self.say("missed_share", children=missed.children, tried=missed.tried,
                          percent=round(100 * missed.share)) if missed.tried > 1
                 else self.say("missed_only"))
        rule = html.escape(rule_name(missed.rule, self.lang)) if missed.rule else ""
        return (f"<div class='dama-missed-card' data-puzzle='{html.escape(missed.puzzle)}' "
                f"style='display:flex;gap:12px;align-items:flex-start;margin:8px 0'>"
                f"{diagram(puzzle.board(), 150, lang=self.lang)}<div><b>{link}</b>"
                f"<p style='margin:4px 0'>{html.escape(puzzle.prompt(self.lang))}</p>"
                f"<p style='margin:4px 0'><b>{share}</b></p>"
                f"<p style='margin:4px 0'>{rule} <small>{html.escape(missed.rule or '')} · "
                f"{html.escape(missed.puzzle)}</small></p></div></div>")

    def _missed_sheets(self, top: list[Missed]) -> str:
        """The links to the worksheet of the exercises missed most, and to its answers."""
        puzzles = self.progress.puzzles
        chosen = [puzzles[m.puzzle] for m in top if m.puzzle in puzzles]
        title = self.say("missed_sheet_title")
        # Translators: the file name of the worksheet of the exercises missed most.
        stem = translator(self.lang).context("file name", "to-go-over")
        sheet = file_link(worksheet(chosen, self.lang, title, "none").encode("utf-8"),
                          f"{stem}.html", self.say("missed_sheet"), "text/html")
        key = file_link(worksheet(chosen, self.lang, title, "only").encode("utf-8"),
                        answers_name(stem, self.lang), self.say("missed_key"), "text/html")
        return f"<p class='dama-missed-sheet'>{sheet} · {key}</p>"

    def detail_html(self) -> str:
        """The child chosen up close: every exercise tried, its stars, attempts and last time."""
        progress = self.progress
        if progress is None or self.child is None:
            return ""
        rows = progress.detail(progress.children[self.child])
        if not rows:
            return f"<p>{self.say('nothing_tried')}</p>"
        body = "".join(
            f"<tr><td style='{CELL}'>{r['lesson']}</td><td style='{CELL}'>{r['position']}</td>"
            f"<td style='{CELL}'>{star_text(r['stars'])}</td>"
            f"<td style='{CELL}text-align:right'>{r['tries']}</td>"
            f"<td style='{CELL}'>{html.escape(str(r['last']))}</td></tr>" for r in rows)
        return (f"<table style='border-collapse:collapse'><thead><tr>"
                f"<th style='{CELL}'>{self.say('lesson')}</th>"
                f"<th style='{CELL}'>{self.say('exercise')}</th>"
                f"<th style='{CELL}'>★</th><th style='{CELL}'>{self.say('tries')}</th>"
                f"<th style='{CELL}'>{self.say('last')}</th></tr></thead>"
                f"<tbody>{body}</tbody></table>")

    def export_html(self) -> str:
        """The links to the lesson chosen as a spreadsheet, and to every lesson for nbgrader."""
        progress = self.progress
        if progress is None or not progress.children or self.lesson is None:
            return ""
        # Translators: the start of a lesson's table's file name, «lezione-03.csv».
        prefix = translator(self.lang).context("file name", "lesson")
        name = f"{prefix}-{self.lesson:02d}.csv"
        # The bytes `dama progress merge --lesson N` writes, and nbgrader's own file.
        lesson_link = csv_link(progress.lesson_sheet(self.lesson, self.lang), name,
                               self.say("download", name=name))
        grades = csv_link(progress.nbgrader_csv().encode("utf-8"), "nbgrader.csv",
                          self.say("download", name="nbgrader.csv"))
        return f"<p>{lesson_link}</p><p>{self.say('nbgrader', link=grades)}</p>"


def csv_link(data: bytes, name: str, label: str) -> str:
    return file_link(data, name, label, "text/csv;charset=utf-8")
