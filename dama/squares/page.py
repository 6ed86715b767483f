"""The square trainer: the squares' numbers learnt by play, 30 seconds a round."""

import html

import ipywidgets as widgets

from dama.core.board.messages import for_touch
from dama.core.handlers import serial
from damalib.i18n import N_
from dama.core.board.canvas import BoardWidget

from dama.core.store.student import student
from dama.text import say

MESSAGES = {
    "find": N_("Find the square"),
    "name": N_("What number is it?"),
    "from_white": N_("From White's side"),
    "from_black": N_("From Black's side"),
    "go": N_("Go!"),
    "again": N_("Again!"),
    "ready": N_("Choose the game and press “Go!”: you have 30 seconds."),
    "ask_find": N_("Click square <b style='font-size:1.6em'>{n}</b>"),
    "ask_name": N_("What is the marked square's number? Type it and press Enter."),
    "right": N_("Right!"),
    # A miss shows on the board the square the child's answer names, framed by dashes (by
    # its shape, not its colour alone), beside the one asked.
    "wrong_find": N_("No, the one with the dashed frame is square {got}. Look for {n}!"),
    "wrong_name": N_("No, {got} is the square with the dashed frame. Count from the top left, "
                     "row by row."),
    # Seen from Black's side the board is turned: square 1 is at the bottom right (IT-B2).
    "wrong_name_black": N_("No, {got} is the square with the dashed frame. From this side square "
                           "1 is at the bottom right: count from right to left, row by row, "
                           "going up."),
    "not_a_number": N_("Type a number from 1 to 32."),
    "clock": N_("Time: {s} s"),
    "score": N_("Right: {right} · Wrong: {wrong} · Your best: {best}"),
    "over": N_("Time's up! {right} right."),
    "new_best": N_(" A new best!"),
    "answer_here": N_("the number"),
}


def square_trainer(lang="it", size=400, *, seed=None, clock=None, ticker=None):
    """The square-number trainer (dama.squares.game): «Trova la casella» (a number is asked,
    the child clicks its square) or «Che numero è?» (a square is marked, its number typed),
    30 seconds a round, from White's side or Black's, the best score kept under the
    child's name. ``ticker(delay, callback)`` ticks the clock (default: the kernel's loop)."""
    import time

    from dama.core.board.canvas import asyncio_scheduler
    from dama.core.store.best import BestScores
    from dama.squares.game import FIND, NAME, SquareTrainer

    def said(key, **params):
        return say(MESSAGES, key, lang, **params)

    game = BoardWidget(None, "italian", lang, size, show_numbers=False)
    games = widgets.ToggleButtons(options=[(said("find"), FIND), (said("name"), NAME)],
                                  value=FIND)
    games.add_class("dama-trainer-game")
    sides = widgets.ToggleButtons(options=[(said("from_white"), False),
                                           (said("from_black"), True)], value=False)
    sides.add_class("dama-trainer-side")
    go = widgets.Button(description=said("go"), button_style="success",
                        layout=widgets.Layout(width="auto"))
    go.add_class("dama-trainer-go")
    question = widgets.HTML(f"<p style='font-size:1.3em'>{said('ready')}</p>")
    question.add_class("dama-trainer-question")
    answer = widgets.Text(placeholder=said("answer_here"), continuous_update=False,
                          layout=widgets.Layout(width="8em", display="none"))
    answer.add_class("dama-trainer-answer")
    feedback = widgets.HTML()
    feedback.add_class("dama-trainer-feedback")
    clock_line = widgets.HTML()
    clock_line.add_class("dama-trainer-clock")
    score_line = widgets.HTML()
    score_line.add_class("dama-trainer-score")
    best = BestScores()
    state = {"trainer": None, "round": 0}
    tick_later = ticker or asyncio_scheduler

    def scores(trainer):
        score_line.value = said("score", right=trainer.score, wrong=trainer.misses,
                               best=max(trainer.score, best.best(student(), trainer.key)))

    def ask(trainer):
        if trainer.mode == FIND:
            asked = for_touch(said("ask_find", n=trainer.square))
            question.value = f"<p style='font-size:1.3em'>{asked}</p>"
            game.mark()
        else:
            question.value = f"<p style='font-size:1.3em'>{said('ask_name')}</p>"
            game.mark(trainer.square)
        scores(trainer)

    def finish(trainer):
        if state.get("finished") is trainer:
            return
        state["finished"] = trainer
        record = best.record(student(), trainer.key, trainer.score)
        question.value = ("<p style='font-size:1.3em'><b>" + said("over", right=trainer.score)
                          + (said("new_best") if record else "") + "</b></p>")
        clock_line.value = said("clock", s=0)
        answer.layout.display = "none"
        feedback.value = ""  # a «Giusto!» left from the last answer is not the round's end
        go.description = said("again")
        game.mark()
        scores(trainer)

    def tick(trainer, number):
        if state["trainer"] is not trainer or state["round"] != number:
            return  # a new round began meanwhile
        if trainer.over:
            finish(trainer)
            return
        clock_line.value = said("clock", s=int(trainer.remaining + 0.999))
        tick_later(1.0, serial(lambda: tick(trainer, number)))

    def start(*_):
        trainer = SquareTrainer(games.value, flipped=sides.value, seed=seed,
                                clock=clock or time.monotonic)
        state["trainer"], state["round"] = trainer, state["round"] + 1
        if game.controller.flipped != trainer.flipped:
            game.flip()
        game.start_squares(on_square, prompt=("", ""))
        trainer.start()
        feedback.value = ""
        answer.value = ""
        answer.layout.display = "" if trainer.mode == NAME else "none"
        if trainer.mode == NAME:
            # The keys go to the box: Enter would otherwise press «Via!» again, and restart.
            answer.focus()
        ask(trainer)
        tick(trainer, state["round"])

    def graded(trainer, result, got):
        if result is None:
            if trainer.over:
                finish(trainer)
            return
        if result:
            feedback.value = f"<p style='color:#1b7a1b'>{said('right')}</p>"
            ask(trainer)
        else:
            wrong = ("wrong_find" if trainer.mode == FIND
                     else "wrong_name_black" if trainer.flipped else "wrong_name")
            feedback.value = (f"<p style='color:#b3261e'>"
                              f"{said(wrong, got=html.escape(str(got)), n=trainer.square)}</p>")
            # The square named by the answer, on the board: in «trova» the one touched (the
            # one asked stays to be found), in «nomina» beside the marked one.
            named = int(str(got).strip())
            if trainer.mode == FIND:
                game.mark(missed=(named,))
            else:
                game.mark(trainer.square, missed=(named,))
            scores(trainer)

    def on_square(square):
        trainer = state["trainer"]
        if trainer is None or trainer.mode != FIND:
            return
        graded(trainer, trainer.answer(square), square)

    def on_answer(change):
        trainer = state["trainer"]
        text = str(change["new"]).strip()
        if trainer is None or trainer.mode != NAME or not text:
            return
        # Emptied before the feedback is shown: the page applies the changes in order, so a
        # child who types the next number as soon as the feedback appears keeps every digit.
        answer.value = ""
        result = trainer.answer(text)
        if result is None and trainer.running:
            feedback.value = f"<p>{said('not_a_number')}</p>"
        else:
            graded(trainer, result, text)

    go.on_click(serial(start))
    answer.observe(serial(on_answer), "value")
    game.start_squares(on_square, prompt=("", ""))
    # The board beside the questions (below them on a narrow screen): the whole game in view.
    panel = widgets.VBox([
        widgets.HBox([games], layout=widgets.Layout(flex_flow="row wrap")),
        widgets.HBox([sides, go], layout=widgets.Layout(flex_flow="row wrap")),
        question, widgets.HBox([answer]), feedback, clock_line, score_line],
        layout=widgets.Layout(flex="1 1 300px", min_width="280px", margin="0 0 0 12px"))
    box = widgets.HBox([game, panel], layout=widgets.Layout(flex_flow="row wrap"))
    box.add_class("dama-trainer")
    box.add_class("dama-touch")  # big buttons for fingers
    return box
