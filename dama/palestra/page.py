"""The Palestra: rated puzzles, a streak, and the mistakes brought back for review. A thin
view over dama.palestra.model.PracticePage, which chooses the puzzles and says the words."""

import html
from pathlib import Path

import ipywidgets as widgets

from dama.core.board.puzzle_widget import ON_THE_PAGE, PuzzleWidget
from dama.core.handlers import serial
from dama.core.store.student import greeting_key, student
from dama.palestra.model import PracticePage
from dama.palestra.practice import MODES
from dama.settings import dama_home


class PracticeView:
    """The Palestra's widgets over a :class:`PracticePage`: the buttons of the modes, the
    topic, the rating line, the message, and the exercises' widget that asks the model for
    each next puzzle; ``box`` is what the cell shows."""

    def __init__(self, lang="it", size=400, seed=None, clock=None, home=None):
        self.lang = lang
        name = student()
        folder = Path(home) if home is not None else dama_home()
        self.model = PracticePage(lang, name, folder, seed=seed, clock=clock)
        self.modes = {mode: self._mode_button(mode) for mode in MODES}
        # Its words are its description: a label tied to the list, said with it.
        self.themes = widgets.Dropdown(options=self.model.theme_choices(), value="all",
                                       description=self.model.say("theme"),
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="auto"))
        self.themes.add_class("dama-practice-theme")
        self.themes.observe(serial(lambda change: self.start("rated", change["new"])), "value")
        self.theme_row = widgets.HBox([self.themes])
        self.theme_row.add_class("dama-practice-theme-row")
        self.status = widgets.HTML()
        self.status.add_class("dama-practice-status")
        self.status.add_class("dama-listenable")
        self.message = widgets.HTML()
        self.message.add_class("dama-practice-message")
        # Heard with «Ascolta» (dama.core.speech), and by itself where the reader asked.
        self.message.add_class("dama-listenable")
        self.message.add_class("dama-read-itself")
        first = self.model.first
        self.exercises = PuzzleWidget([first] if first else [], lang=lang,
                                      store=self.model.store, size=size, source=self.model)
        ON_THE_PAGE.append(self.exercises)
        self.box = self._layout(name)
        self.model.on_change = self.render
        self.show_mode()
        self.render()

    def _mode_button(self, mode):
        button = widgets.Button(description=self.model.say(mode),
                                layout=widgets.Layout(width="auto"))
        button.add_class(f"dama-practice-{mode}")
        button.on_click(serial(lambda _: self.start(mode)))
        return button

    def _layout(self, name):
        header = widgets.HTML(
            f"<p>{self.model.say(greeting_key(name), name=html.escape(name))}</p>")
        bar = widgets.HBox(list(self.modes.values()),
                           layout=widgets.Layout(flex_flow="row wrap"))
        bar.add_class("dama-row")
        box = widgets.VBox([header, bar, self.theme_row, self.status, self.message,
                            self.exercises])
        box.add_class("dama-practice")
        box.add_class("dama-touch")  # big buttons for fingers
        return box

    def start(self, mode, theme=None):
        self.exercises.leave()
        puzzle = self.model.start(mode, theme)
        self.show_mode()
        if puzzle is None:
            self.exercises.layout.display = "none"
        else:
            self.exercises.layout.display = None
            self.exercises.play(puzzle)

    def show_mode(self):
        mode = self.model.practice.mode
        for key, button in self.modes.items():
            button.button_style = "info" if key == mode else ""
        self.theme_row.layout.display = None if mode == "rated" else "none"
        # No hints in a streak: one mistake ends it, and a hint would make it a mistake.
        hint = getattr(self.exercises, "hint_button", None)  # none if nothing could load
        if hint is not None:
            hint.layout.display = "none" if mode == "streak" else None

    def render(self):
        """The model's words in the widgets."""
        self.status.value = self.model.status
        self.message.value = self.model.message
        self.modes["review"].description = self.model.review_label


def practice(lang="it", size=400, *, seed=None, clock=None, home=None):
    """The Palestra (dama.palestra.practice): the next puzzle chosen by the child's rating (Glicko-2,
    worked out from the progress files) on a topic of the child's choice, a streak that gets
    harder until the first mistake, and the missed puzzles brought back for review after a
    while. ``clock`` (aware datetimes) and ``seed`` make a session repeatable."""
    return PracticeView(lang, size, seed, clock, home).box
