"""The teacher's class page: the progress files of a class, read, never written; a folder's
files followed live (a school's server's exchange folder fills while the children answer).
A thin view over dama.classroom.model.ClassPage, which reads the class and says what to show."""

import asyncio

import ipywidgets as widgets

from dama.classroom.model import ClassPage, words
from dama.core.handlers import serial
from dama.settings import IN_BROWSER

#: Seconds between two looks at the folder shown (only its files' sizes and times are read;
#: the class is read again when one changed).
LIVE_SECONDS = 3.0
#: The look this kernel will take next, if any: a class page shown anew replaces it.
_WATCH = {"handle": None}


def _labelled(label, first, *parts):
    """A row: ``first`` with ``label`` as its description (a label tied to the box, which a
    screen reader says with it), then the ``parts``, wrapping on a narrow screen."""
    first.description = label
    first.style.description_width = "initial"
    return widgets.HBox([first, *parts], layout=widgets.Layout(flex_flow="row wrap"))


class ClassPageView:
    """The widgets of the class page over a :class:`ClassPage`; ``box`` is what the cell
    shows. ``live``: seconds between two looks at the folder (0: never)."""

    def __init__(self, lang="it", folder=None, live=LIVE_SECONDS):
        self.lang = lang
        self.live = live
        self.model = ClassPage(lang, folder)
        self._make_choosers()
        self._make_outputs()
        self._wire()
        self._checked = serial(self._read_again_if_changed)
        self.open_folder()
        if live:
            _follow(self._look)
        self.box = self._layout()

    def say(self, key, **params):
        return words(key, self.lang, **params)

    # -- the widgets -------------------------------------------------------------------------

    def _make_choosers(self):
        model = self.model
        self.folder_box = widgets.Text(value=str(model.folder), continuous_update=False,
                                       layout=widgets.Layout(width="32em", max_width="100%"))
        self.folder_box.add_class("dama-class-folder")
        self.load_button = widgets.Button(description=self.say("load"), button_style="primary",
                                          layout=widgets.Layout(width="auto"))
        self.load_button.add_class("dama-class-load")
        self.upload = widgets.FileUpload(accept=".sqlite", multiple=True,
                                         description=self.say("upload"),
                                         layout=widgets.Layout(width="auto"))
        self.upload.add_class("dama-class-upload")
        self.missed_lesson = widgets.Dropdown(options=model.missed_lesson_choices(), value=None,
                                              description=f"{self.say('lesson')}:",
                                              style={"description_width": "initial"},
                                              layout=widgets.Layout(width="24em"))
        self.missed_lesson.add_class("dama-missed-lesson")
        # The date's label is its own description, tied to the box for a screen reader.
        self.missed_since = widgets.DatePicker(value=None, description=self.say("since"),
                                               style={"description_width": "initial"})
        self.missed_since.add_class("dama-missed-since")
        self.who = widgets.Dropdown(options=[], layout=widgets.Layout(width="20em"))
        self.who.add_class("dama-class-child")
        self.which = widgets.Dropdown(options=model.lesson_choices(),
                                      layout=widgets.Layout(width="28em"))
        self.which.add_class("dama-class-lesson")

    def _make_outputs(self):
        def html(css, **layout):
            made = widgets.HTML(layout=widgets.Layout(**layout)) if layout else widgets.HTML()
            made.add_class(css)
            return made

        self.summary = html("dama-class-summary")
        # A wide class scrolls sideways inside the page (a tablet), never cut off.
        self.table = html("dama-class-table", overflow="auto", max_width="100%")
        self.chart = html("dama-class-chart", overflow="auto", max_width="100%")
        self.missed = html("dama-class-missed")
        self.detail = html("dama-class-detail")
        self.export = html("dama-class-export")
        self.namesakes = widgets.VBox()
        self.namesakes.add_class("dama-class-namesakes")

    def _wire(self):
        self.load_button.on_click(serial(lambda _: self.open_folder()))
        self.folder_box.observe(serial(lambda _: self.open_folder()), "value")  # Enter loads too
        self.upload.observe(serial(self._on_upload), "value")
        self.who.observe(serial(self._on_child), "value")
        self.missed_lesson.observe(serial(self._on_missed_choice), "value")
        self.missed_since.observe(serial(self._on_missed_choice), "value")
        self.which.observe(serial(self._on_lesson), "value")

    def _layout(self):
        say = self.say
        note = widgets.HTML(f"<p>{say('in_browser')}</p>" if IN_BROWSER else "")
        note.add_class("dama-class-browser-note")
        box = widgets.VBox([
            note,
            _labelled(say("folder"), self.folder_box, self.load_button),
            widgets.HBox([self.upload]), self.summary, self.namesakes, self.table, self.chart,
            widgets.HTML(f"<h2>{say('missed')}</h2><p>{say('missed_how')}</p>"),
            widgets.HBox([self.missed_lesson, self.missed_since],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.missed,
            _labelled(say("detail"), self.who), self.detail,
            _labelled(say("export"), self.which), self.export])
        box.add_class("dama-class")
        return box

    # -- what the teacher does ---------------------------------------------------------------

    def open_folder(self):
        self.model.open_folder(self.folder_box.value)
        self.render()

    def _on_upload(self, change):
        chosen = list(change["new"] or ())
        if chosen:
            self.model.open_files([(item["name"], item["content"]) for item in chosen])
            self.render()

    def _on_join(self, name, on):
        self.model.join(name, on)
        self.render()

    def _on_child(self, change):
        self.model.child = change["new"]
        self.detail.value = self.model.detail_html()

    def _on_missed_choice(self, _):
        self.model.missed_lesson = self.missed_lesson.value
        self.model.missed_since = self.missed_since.value
        self.missed.value = self.model.missed_html()

    def _on_lesson(self, change):
        self.model.lesson = change["new"]
        self.export.value = self.model.export_html()

    # -- following the folder ----------------------------------------------------------------

    def _read_again_if_changed(self):
        if self.model.changed():
            self.open_folder()

    def _look(self):
        """The next look planned, then the folder shown read again if a file changed."""
        _WATCH["handle"] = asyncio.get_running_loop().call_later(self.live, self._look)
        self._checked()

    # -- drawing -----------------------------------------------------------------------------

    def render(self):
        """Everything the class read shows, the child and the lesson chosen kept in view."""
        model = self.model
        self._show_namesakes()
        self.summary.value = model.summary_html(live=bool(self.live))
        self.table.value = model.table_html()
        self.chart.value = model.chart_html()
        # New choices select their first on their own (and say so to the observers): the
        # model's choice, taken before, is put back after.
        lesson, child = model.lesson, model.child
        self.which.options = model.lesson_choices()
        self.which.value = lesson
        self.missed.value = model.missed_html()
        self.who.options = model.child_choices()
        self.who.value = child
        self.detail.value = model.detail_html()
        self.export.value = model.export_html()

    def _show_namesakes(self):
        found = self.model.namesakes()
        if not found:
            self.namesakes.children = ()
            return
        toggles = []
        for name, joined in found:
            toggle = widgets.ToggleButton(value=joined, description=self.say("join", name=name),
                                          icon="link", layout=widgets.Layout(width="auto"))
            toggle.add_class("dama-class-join")
            toggle.observe(serial(lambda change, name=name: self._on_join(name, change["new"])),
                           "value")
            toggles.append(toggle)
        note = widgets.HTML(f"<p>{self.say('namesakes')}</p>")
        self.namesakes.children = (note, widgets.HBox(toggles, layout=widgets.Layout(
            flex_flow="row wrap")))


def class_page(lang="it", folder=None, live=LIVE_SECONDS):
    """The teacher's view of the class: the progress files of a folder (or uploaded), then
    the stars of each student in each lesson, a chart, the exercises missed most often with
    their rule, one student's detail, and a CSV per lesson. The folder is ``folder``, else a
    school's server's class folder (``$DAMA_CLASS_FOLDER``), else this computer's progress
    folder; while the page is open it is looked at every ``live`` seconds and shown again
    when a file changed (0: never)."""
    return ClassPageView(lang, folder, live).box


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
