"""Boards to play on: a free board, the 40-move count already running, a game replayed."""

import html

import ipywidgets as widgets

from dama.core.handlers import serial
from dama.core.speech import said_blocks
from damalib.svg import board as _svg
from dama.core.board.canvas import BoardWidget

from dama.text import MESSAGES, say

def board(position=None, lang="it", *, size=400, moves=(), **options):
    """An interactive board on ``position`` (a FEN; None: the start), ``moves`` played first.
    Other options go to BoardWidget (``mode``, ``show_legal``, ``flipped``, ...). The
    "Chiama le mosse" button shows only where the 40-move count is taught (``show_count``)."""
    options.setdefault("show_count", False)
    widget = BoardWidget(position, options.pop("variant", "italian"), lang, size, **options)
    for text in moves:
        widget.play(text)
    widget.add_class("dama-demo")
    return widget


def count_demo(position, white_moves, black_moves, counted, lang="it", size=400):
    """A board where the player to move has called the 40-move count (IT-D2) and the
    two players have shuffled their kings until ``counted`` moves are counted: the child
    plays the last ones and sees the game end in a draw."""
    widget = board(position, lang, size=size, show_count=True)
    widget.controller.call_count()
    for i in range(counted):
        widget.play(white_moves[i % len(white_moves)])
        widget.play(black_moves[i % len(black_moves)])
    return widget


def replay(pdn, lang="it", size=320):
    """A game (PDN text) move by move: buttons, a slider, the picture and the moves."""
    from damalib.pdn import parse_game

    game = parse_game(pdn, strict=True)  # the lessons' own games: a slip must show
    positions = list(game.positions())
    moves = game.moves
    start = positions[0]
    texts = []
    board_ = start.copy()
    for move in moves:
        texts.append((board_.move_number, board_.turn, board_.move_text(move)))
        board_.push(move)

    comments = [node.comment for node in game.mainline]
    picture = widgets.HTML()
    picture.add_class("dama-replay-board")
    caption = widgets.HTML()
    caption.add_class("dama-listenable")
    comment = widgets.HTML()
    comment.add_class("dama-listenable")
    listing = widgets.HTML()
    slider = widgets.IntSlider(value=0, min=0, max=len(moves), description="",
                               layout=widgets.Layout(width=f"{size}px"))
    slider.add_class("dama-replay-slider")

    def label(ply):
        if ply == 0:
            return say(MESSAGES, "start_position", lang)
        number, turn, text = texts[ply - 1]
        return say(MESSAGES, "after", lang, number=number, dots="." if turn == "W" else "...", move=text)

    def show(ply):
        last = moves[ply - 1] if ply else None
        picture.value = _svg(positions[ply], size=size, numbers=True, last_move=last, lang=lang)
        # Both can be heard («Ascolta»), their moves read as words.
        caption.value = said_blocks(f"<p><b>{html.escape(label(ply))}</b></p>", lang)
        note = comments[ply - 1] if ply else game.comment
        comment.value = said_blocks(f"<p><i>{html.escape(note)}</i></p>", lang) if note else ""
        parts = []
        for i, (number, turn, text) in enumerate(texts, 1):
            prefix = f"{number}. " if turn == "W" else (f"{number}... " if i == 1 else "")
            item = html.escape(prefix + text)
            parts.append(f"<b style='background:#fff3c4'>{item}</b>" if i == ply else item)
        listing.value = "<p style='font-family:monospace;font-size:1.1em'>" + " ".join(parts) \
            + (f" {html.escape(game.result)}" if game.result != "*" else "") + "</p>"

    def button(text, css, ply):
        b = widgets.Button(description=text, layout=widgets.Layout(width="auto"))
        b.add_class(css)
        b.on_click(serial(lambda _: setattr(slider, "value", ply(slider.value))))
        return b

    buttons = widgets.HBox([
        button("◀◀ " + say(MESSAGES, "first", lang), "dama-replay-first", lambda v: 0),
        button("◀ " + say(MESSAGES, "back", lang), "dama-replay-back", lambda v: max(0, v - 1)),
        button(say(MESSAGES, "forward", lang) + " ▶", "dama-replay-forward",
               lambda v: min(len(moves), v + 1)),
        button(say(MESSAGES, "last", lang) + " ▶▶", "dama-replay-last", lambda v: len(moves)),
    ])
    slider.observe(serial(lambda change: show(change["new"])), "value")
    show(0)
    box = widgets.VBox([caption, picture, comment, slider, buttons, listing])
    box.add_class("dama-replay")
    box.add_class("dama-touch")  # its buttons and slider a finger's size
    return box
