"""A game against the computer, and its review: the child's mistakes to try again."""

import html

import ipywidgets as widgets

from dama.core.opponent import computer_player
from dama.core.handlers import serial
from damalib.i18n import spoken
from dama.core.board.puzzle_widget import PuzzleWidget

from dama.core.board.canvas import BoardWidget
from dama.text import MESSAGES, say

def computer_game(lang="it", level=2, position=None, size=420, seed=None):
    """A game against the computer (dama.core.opponent.computer_player), the child with White;
    buttons change the level (1-6) and the colour; «Rivedi la partita» under the board
    shows the child's mistakes (game_review)."""
    game = BoardWidget(position, "italian", lang, size, mode="computer", computer_side="B",
                       chooser=computer_player(level, seed), show_count=True)
    game.add_class("dama-demo")
    levels = widgets.ToggleButtons(options=[str(n) for n in range(1, 7)], value=str(level),
                                   style={"button_width": "2.6em"})
    levels.add_class("dama-level")
    sides = widgets.ToggleButtons(options=[(say(MESSAGES, "white", lang), "W"), (say(MESSAGES, "black", lang), "B")],
                                  value="W", style={"button_width": "7em"})
    sides.add_class("dama-side")

    def new_level(change):
        game.controller.chooser = computer_player(int(change["new"]), seed)

    def new_side(change):
        computer = "B" if change["new"] == "W" else "W"
        game.controller.restart()
        game.set_mode("computer", computer_side=computer)

    levels.observe(serial(new_level), "value")
    sides.observe(serial(new_side), "value")
    bar = widgets.VBox([
        widgets.HBox([widgets.HTML(f"<b>{say(MESSAGES, 'level', lang)}</b>&nbsp;"), levels]),
        widgets.HBox([widgets.HTML(f"<b>{say(MESSAGES, 'you_play', lang)}</b>&nbsp;"), sides]),
    ])
    box = widgets.VBox([bar, game, game_review(game, lang, size)])
    box.add_class("dama-computer-game")
    box.add_class("dama-touch")  # the level and colour buttons too, for fingers
    return box


def game_review(game, lang="it", size=420):
    """«Rivedi la partita» / «Review the game» under a game against the computer (a
    BoardWidget in computer mode): the button works once the child has made a few moves,
    or at the game's end. It shows the child's mistakes (damalib.review), each on its own
    board to try the better move (dama.games.review), or says the game was well played.
    Nothing goes into the child's progress: a review is not an exercise of the lesson."""
    from damalib.review import review
    from dama.games.review import MESSAGES as REVIEW_WORDS
    from dama.games.review import MIN_MOVES, review_puzzles, summary

    button = widgets.Button(description=say(REVIEW_WORDS, "button", lang), icon="search", disabled=True,
                            tooltip=say(REVIEW_WORDS, "too_short", lang), layout=widgets.Layout(width="auto"))
    button.add_class("dama-review-button")
    note = widgets.HTML()
    note.add_class("dama-review-note")
    shown = widgets.VBox()
    shown.add_class("dama-review")
    reviewed = {"moves": None}

    def child():
        return "B" if game.controller.computer_side == "W" else "W"

    def show(children, text=""):
        for old in shown.children:
            old.close()
        shown.children = children
        note.value = f"<p style='font-size:1.1em'><b>{html.escape(text)}</b></p>" if text else ""

    def update(controller):
        board = controller.board
        plies = len(board.move_stack)
        # The last move was made by the side not to move; the sides took turns before it.
        mine = (plies + 1) // 2 if board.turn != child() else plies // 2
        button.disabled = not (mine >= MIN_MOVES or (mine and board.outcome() is not None))
        moves = reviewed["moves"]
        if moves is not None and tuple(board.move_stack[:len(moves)]) != moves:
            reviewed["moves"] = None  # undone or restarted: that review is of another game
            show(())
        if reviewed["moves"] is None:
            # Why the button is grey, in view (a tooltip never shows on a touch screen).
            why = say(REVIEW_WORDS, "too_short" if mine else "not_started", lang)
            note.value = (f"<p style='color:#555'>{html.escape(why)}</p>"
                          if button.disabled else "")

    def press(_):
        board = game.controller.board.copy()
        side = child()
        show((), say(REVIEW_WORDS, "looking", lang))
        found = review(board, side)
        reviewed["moves"] = tuple(board.move_stack)
        puzzles = review_puzzles(found)
        exercises = ()
        if puzzles:
            exercises = (PuzzleWidget(puzzles, lang, save=False, size=size,
                                      flipped=side == "B",
                                      titles={code: say(REVIEW_WORDS, "title", code) for code in spoken()}),)
            exercises[0].add_class("dama-review-puzzles")
        show(exercises, summary(found, lang))

    button.on_click(serial(press, on_error=lambda _: show((), game.controller.text("oops"))))
    game.controller.on_change(serial(update))
    update(game.controller)
    box = widgets.VBox([widgets.HBox([button]), note, shown])
    box.add_class("dama-game-review")
    box.add_class("dama-touch")  # big buttons for fingers
    return box
