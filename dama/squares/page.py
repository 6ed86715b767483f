"""The square trainer: the squares' numbers learnt by play, 30 seconds a round. A thin view
over dama.squares.model.TrainerPage, which plays the round and says what to show."""

import ipywidgets as widgets

from dama.core.board.canvas import BoardWidget, asyncio_scheduler
from dama.core.handlers import serial
from dama.squares.model import FIND, MESSAGES, NAME, TrainerPage
from dama.text import say


class TrainerView:
    """The widgets of the trainer over a :class:`TrainerPage`; ``box`` is what the cell shows.
    ``ticker(delay, callback)`` ticks the clock (default: the kernel's loop)."""

    def __init__(self, lang="it", size=400, *, seed=None, clock=None, ticker=None):
        self.model = TrainerPage(lang, seed=seed, clock=clock)
        self.tick_later = ticker or asyncio_scheduler
        self._marks_drawn = self.model.marks_set
        self.board = BoardWidget(None, "italian", lang, size, show_numbers=False)
        self._make_widgets(lang)
        self.go.on_click(serial(lambda _: self.start()))
        self.answer.observe(serial(self._on_answer), "value")
        self.board.start_squares(self._on_square, prompt="")
        self.box = self._layout()

    def _make_widgets(self, lang):
        def said(key):
            return say(MESSAGES, key, lang)

        def html(css, value=""):
            made = widgets.HTML(value)
            made.add_class(css)
            return made

        self.games = widgets.ToggleButtons(options=[(said("find"), FIND), (said("name"), NAME)],
                                           value=FIND)
        self.games.add_class("dama-trainer-game")
        self.sides = widgets.ToggleButtons(options=[(said("from_white"), False),
                                                    (said("from_black"), True)], value=False)
        self.sides.add_class("dama-trainer-side")
        self.go = widgets.Button(description=self.model.go_label, button_style="success",
                                 layout=widgets.Layout(width="auto"))
        self.go.add_class("dama-trainer-go")
        self.question = html("dama-trainer-question", self.model.question)
        self.question.add_class("dama-listenable")       # «Ascolta» (dama.core.speech)
        self.answer = widgets.Text(placeholder=said("answer_here"), continuous_update=False,
                                   layout=widgets.Layout(width="8em", display="none"))
        self.answer.add_class("dama-trainer-answer")
        self.feedback = html("dama-trainer-feedback")
        self.feedback.add_class("dama-listenable")
        self.feedback.add_class("dama-read-itself")
        self.clock_line = html("dama-trainer-clock")
        self.score_line = html("dama-trainer-score")

    def _layout(self):
        # The board beside the questions (below them on a narrow screen): the whole game in view.
        panel = widgets.VBox([
            widgets.HBox([self.games], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.sides, self.go], layout=widgets.Layout(flex_flow="row wrap")),
            self.question, widgets.HBox([self.answer]), self.feedback, self.clock_line,
            self.score_line],
            layout=widgets.Layout(flex="1 1 300px", min_width="280px", margin="0 0 0 12px"))
        box = widgets.HBox([self.board, panel], layout=widgets.Layout(flex_flow="row wrap"))
        box.add_class("dama-trainer")
        box.add_class("dama-touch")  # big buttons for fingers
        return box

    # -- what the child does -----------------------------------------------------------------

    def start(self):
        model = self.model
        model.start(self.games.value, self.sides.value)
        if self.board.controller.flipped != model.round.flipped:
            self.board.flip()
        self.board.start_squares(self._on_square, prompt="")
        self.answer.value = ""
        self.render()
        if model.answer_box:
            # The keys go to the box: Enter would otherwise press «Via!» again, and restart.
            self.answer.focus()
        self._tick(model.rounds)

    def _on_square(self, square):
        self.model.click(square)
        self.render()

    def _on_answer(self, change):
        if not self.model.takes(change["new"]):
            return
        # Emptied before the feedback is shown: the page applies the changes in order, so a
        # child who types the next number as soon as the feedback appears keeps every digit.
        self.answer.value = ""
        self.model.typed(change["new"])
        self.render()

    def _tick(self, number):
        going_on = self.model.tick(number)
        self.render()
        if going_on:
            self.tick_later(1.0, serial(lambda: self._tick(number)))

    # -- drawing -----------------------------------------------------------------------------

    def render(self):
        """The model's words in the widgets; the board's marks when the model set them."""
        model = self.model
        self.question.value = model.question
        self.feedback.value = model.feedback
        self.clock_line.value = model.clock_line
        self.score_line.value = model.score
        self.answer.layout.display = "" if model.answer_box else "none"
        self.go.description = model.go_label
        if model.marks_set != self._marks_drawn:
            self._marks_drawn = model.marks_set
            self.board.mark(*model.marked, missed=model.missed)


def square_trainer(lang="it", size=400, *, seed=None, clock=None, ticker=None):
    """The square-number trainer (dama.squares.game): «Trova la casella» (a number is asked,
    the child clicks its square) or «Che numero è?» (a square is marked, its number typed),
    30 seconds a round, from White's side or Black's, the best score kept under the
    child's name. ``ticker(delay, callback)`` ticks the clock (default: the kernel's loop)."""
    return TrainerView(lang, size, seed=seed, clock=clock, ticker=ticker).box
