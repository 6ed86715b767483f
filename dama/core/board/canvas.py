"""BoardWidget: the interactive board of the course, for JupyterLab and Voilà.

A thin view over :class:`dama.core.board.BoardController`, which holds all the logic: this
module only draws the controller's snapshot on an ipycanvas ``MultiCanvas`` and turns clicks,
taps, buttons and the text box into controller calls.

    >>> from dama.core.board.canvas import BoardWidget
    >>> board = BoardWidget()          # in a notebook, end a cell with ``board`` to show it
    >>> board.on_move(lambda move: print("played", move))
    >>> _ = board.play("22-19")
    played 22-19
    >>> board.board.fen()
    'B:W19,21,23-32:B1-12'

The rules core (``damalib``) never imports this module: it needs ipycanvas and ipywidgets.
"""

from __future__ import annotations

import asyncio
import re
import sys
import time
from typing import Any, Callable

import ipywidgets as widgets
import numpy as np
from ipycanvas import MultiCanvas, hold_canvas

from damalib.board import Board, Move
from dama.core.board import BoardController, Snapshot, run_here
from dama.core.board.messages import for_touch, tapped
from dama.core.speech import said
from damalib.i18n import languages
from dama.core.handlers import serial

__all__ = ["BoardWidget", "asyncio_scheduler", "thread_runner"]

# Colours: light and dark squares far apart in lightness, pieces told apart by lightness
# (cream and near-black, each with a rim of the other), highlights from the Okabe-Ito palette
# (readable with the common colour-vision deficiencies) and always drawn as a shape too.
LIGHT = "#f4e6c8"
DARK = "#8a5a36"
NUMBER = "#fff6e0"
WHITE_FILL, WHITE_SHADE, WHITE_RIM = "#fbfaf4", "#d9d4c4", "#2b2b2b"
BLACK_FILL, BLACK_SHADE, BLACK_RIM = "#262626", "#0d0d0d", "#e8e8e8"
CROWN, CROWN_RIM = "#e69f00", "#3b2800"
BLUE = "#0072b2"       # selected piece, the capture chain
ORANGE = "#e69f00"     # where the selected piece can go
VERMILION = "#d55e00"  # must capture, pieces taken in the chain
SKY = "#56b4e9"        # the last move
EDGE = "#1a1a1a"       # the dark edge of an orange mark
GLOW = "#ffd54a"       # a piece the question names
HALO = "#ffffff"       # drawn under every mark: it stands out from the dark squares it is on

#: The colours each mark is drawn with, its own then its halo's: under every colour vision
#: (tests/test_colour_vision.py: protanopia, deuteranopia, tritanopia simulated) one of them
#: stands out from the dark square under it by 3:1 at least (WCAG's contrast for graphics).
#: Each mark differs from the others by its shape as well (a frame, a dashed frame, a disc, a
#: ring, a cross, a line, a "!"), never by its colour alone.
MARK_COLOURS = {"focus": (GLOW, EDGE), "last_move": (SKY, HALO), "obliged": (VERMILION, HALO), "chain": (BLUE, HALO),
                "captured": (VERMILION, HALO), "selected": (BLUE, HALO),
                "missed": (VERMILION, HALO), "destinations": (ORANGE, EDGE, HALO),
                "next": (ORANGE, EDGE, HALO), "cursor": ("#000000", "#ffffff")}

STYLE = """
<style>
.dama-widget .dama-banner { font-size: 1.35em; font-weight: bold; padding: 0.4em 0.7em;
  border: 3px solid #0072b2; border-radius: 8px; background: #fff3c4; color: #222; }
.dama-widget .dama-status { font-size: 1.1em; min-height: 2.6em; color: #222;
  line-height: 1.3; }
/* A long game's list scrolls, and opens on its last move: a column laid out from its end
   starts scrolled to the end (and stays there as moves come). */
.dama-widget .dama-moves { font-family: monospace; font-size: 1em; white-space: normal;
  max-height: 380px; overflow-y: auto; color: #222; display: flex;
  flex-direction: column-reverse; }
.dama-widget .dama-count { font-weight: bold; color: #6a3d00; }
.dama-widget canvas.dama-board { cursor: pointer; touch-action: none; }
/* The board with the keyboard's focus: a thick ring of two colours (yellow, dark blue,
   yellow), seen on any background and by any colour vision; the margin keeps it in view. */
.dama-widget canvas.dama-board { margin: 9px; max-width: calc(100% - 18px) !important; }
.dama-widget canvas.dama-board:focus-visible, .dama-widget canvas.dama-board:focus {
  outline: 4px solid #0b3d91; outline-offset: 2px; box-shadow: 0 0 0 9px #ffd54a; }
/* Words for a screen reader only: in the page, not on the screen. */
.dama-sr-only { position: absolute !important; width: 1px; height: 1px; padding: 0;
  margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
.dama-widget.dama-look canvas.dama-board { cursor: default; }
/* Buttons keep their whole label and wrap to a new line on a narrow screen (a tablet). */
.dama-widget .dama-row { flex-wrap: wrap; gap: 4px; }
.dama-widget .widget-button, .dama-widget .widget-toggle-button {
  flex: 0 0 auto; width: auto; min-width: 3em; overflow: visible; }
.dama-widget .dama-side { flex: 1 1 180px; min-width: 160px; max-width: 260px; }
/* The coloured buttons of the page readable by every child: white words on a fill dark
   enough for WCAG AA (4.5:1 at least; Jupyter's own fills are lighter). */
.jupyter-button.mod-success { background-color: #2e7d32; color: #fff; }
.jupyter-button.mod-info { background-color: #01579b; color: #fff; }
.jupyter-button.mod-primary { background-color: #1565c0; color: #fff; }
.jupyter-button.mod-danger { background-color: #b71c1c; color: #fff; }
.jupyter-button.mod-warning { background-color: #8a4b00; color: #fff; }
/* «clicca» with a mouse, «tocca» with a finger (dama.core.board.messages.for_touch). */
.dama-tap { display: none; }
/* A finger needs a bigger target than a mouse: on a touch screen the buttons, boxes and
   menus of a board, and of whatever asks for it with the class dama-touch, are at least
   44 px high. */
@media (pointer: coarse) {
  .dama-click { display: none; }
  .dama-tap { display: inline; }
  .dama-widget .widget-button, .dama-widget .widget-toggle-button,
  .dama-touch .widget-button, .dama-touch .widget-toggle-button {
    height: auto; min-height: 44px; min-width: 44px; }
  .dama-widget .widget-text, .dama-touch .widget-text, .dama-touch .widget-dropdown,
  .dama-widget .widget-text input, .dama-touch .widget-text input,
  .dama-touch .widget-dropdown select { height: auto; min-height: 44px; }
  .dama-touch .widget-toggle-buttons { height: auto; }
  .dama-touch .widget-hslider { height: 44px; }
  .dama-touch .widget-hslider .slider-container { margin-left: 16px; }
  .dama-touch .widget-hslider .noUi-handle { width: 32px; height: 32px; top: -14px;
    right: -16px; border-radius: 50%; }
  .dama-touch .dama-index-table a { display: inline-block; min-height: 44px;
    line-height: 44px; }
  /* The links of the page (the way to the next lesson, the index, a download): padding
     above and below makes a finger's target without moving the lines of text. */
  .jp-RenderedMarkdown a, a.dama-download { padding: 15px 0; }
}
</style>
"""


def send_none_as_null() -> bool:
    """Under the Pyodide kernel (the browser-only edition), make comm messages carry
    JavaScript's null for None. Pyodide turns None into undefined, which JSON then drops, so
    a widget trait set back to None (a hidden part shown again, a choice cleared) would never
    reach the page. True if the kernel's comm was patched (now or before)."""
    try:
        from pyodide.ffi import jsnull
        from pyodide_kernel.comm import Comm
    except ImportError:
        return False
    original = Comm.publish_msg
    if getattr(original, "sends_null", False):
        return True

    def nulls(value: Any) -> Any:
        if value is None:
            return jsnull
        if isinstance(value, dict):
            return {key: nulls(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [nulls(item) for item in value]
        return value

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        return original(self, msg_type, None if data is None else nulls(data), metadata,
                        buffers, **keys)

    publish_msg.sends_null = True
    Comm.publish_msg = publish_msg
    return True


if sys.platform == "emscripten":
    send_none_as_null()


def asyncio_scheduler(delay: float, callback: Callable[[], None]) -> Any:
    """Run ``callback`` after ``delay`` seconds on the kernel's event loop, so that the
    board keeps answering clicks meanwhile; without a running loop, at once."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        callback()
        return None
    return loop.call_later(delay, callback)


def thread_runner(compute: Callable[[], Any],
                  done: Callable[[Any, BaseException | None], None]) -> None:
    """Let the computer think in a worker thread and hand its move back on the kernel's
    event loop, so that a slow engine does not hold up the child's clicks meanwhile; without
    a running loop, or in a browser (Pyodide has no threads), at once: the levels' node and
    time budgets keep that to about a second. ``compute`` works on a copy of the board."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is None or sys.platform == "emscripten":
        run_here(compute, done)
        return
    future = loop.run_in_executor(None, compute)

    def finished(result: asyncio.Future) -> None:
        if result.cancelled():
            return
        error = result.exception()
        done(None if error is not None else result.result(), error)

    future.add_done_callback(finished)


class BoardWidget(widgets.VBox):
    """The interactive board: show it by evaluating it in a cell.

    ``board_or_fen``: a Board, a FEN or None (start position of ``variant``); ``lang``: "it"
    or "en"; ``size``: the board's side in CSS pixels. Other keywords go to
    :class:`BoardController` (``mode``, ``flipped``, ``show_numbers``, ``show_legal``,
    ``computer_side``, ``chooser``, ``seed``, ``delay``).
    """

    def __init__(self, board_or_fen: Board | str | None = None, variant: str = "italian",
                 lang: str = "it", size: int = 480, *, pixel_ratio: int = 2,
                 controller: BoardController | None = None, **options: Any) -> None:
        if controller is None:
            options.setdefault("scheduler", asyncio_scheduler)
            options.setdefault("runner", thread_runner)
            controller = BoardController(board_or_fen, variant, lang, **options)
        self.controller = controller
        self.size = int(size)
        self._ratio = max(1, int(pixel_ratio))
        self._pixels = self.size * self._ratio
        self._drawn: dict[str, Any] = {}
        self._last_touch = (0.0, None)
        self._last_submit: tuple[str, int, int] | None = None
        #: The buttons whose words come from the snapshot's labels, with their keys.
        self._labelled: list[tuple[widgets.Button, str]] = []
        #: The list of the game's moves beside the board (a page that lists them itself,
        #: the analysis page, turns it off).
        self.list_moves = True
        self._make_canvas()
        self._make_texts()
        self._make_controls()
        self._make_setup_bar()
        super().__init__(self._arrange())
        self.add_class("dama-widget")
        controller.on_change(lambda _: self.render())
        self.render()

    # -- building the widget ------------------------------------------------------------------

    def _make_canvas(self) -> None:
        """The board's canvas: four layers (squares, pieces, highlights, numbers)."""
        self.canvas = MultiCanvas(4, width=self._pixels, height=self._pixels,
                                  # Its size, or less in a narrower column (JupyterLab
                                  # beside its file browser on a tablet): it stays square, and
                                  # clicks still land right (they come in buffer pixels).
                                  layout=widgets.Layout(width=f"{self.size}px", height="auto",
                                                        max_width="100%"))
        self.canvas.add_class("dama-board")  # lands on the <canvas> element
        self.canvas.on_mouse_down(self._serial(self._on_mouse_down))
        self.canvas.on_touch_start(self._serial(self._on_touch_start))
        self.canvas.on_client_ready(self._serial(self._on_client_ready))
        # The keyboard: the canvas takes the focus (Tab), arrows move a cursor, Enter or Space
        # click under it, Escape lets go (BoardController.key).
        self.canvas.on_key_down(self._serial(self._on_key_down))

    def _make_texts(self) -> None:
        """The banner, the status line and the list of moves with the 40-move count."""
        self.banner = widgets.HTML(layout=widgets.Layout(display="none"))
        self.banner.add_class("dama-banner")
        self.status = widgets.HTML()
        self.status.add_class("dama-status")
        self.moves_title = widgets.HTML()
        self.moves = widgets.HTML()
        self.moves.add_class("dama-moves")
        self.count = widgets.HTML()
        self.count.add_class("dama-count")
        # For a screen reader: the board in words (the canvas's text alternative, which the
        # page's script links to it), and what the keyboard's cursor is on (a live region).
        self.description = widgets.HTML()
        self.description.add_class("dama-board-text")
        self.description.add_class("dama-sr-only")
        self.announcement = widgets.HTML()
        self.announcement.add_class("dama-announce")
        self.announcement.add_class("dama-sr-only")

    def _make_controls(self) -> None:
        """The text box for a move, the game's buttons and the language switch."""
        controller = self.controller
        self.move_box = widgets.Text(continuous_update=False,
                                     layout=widgets.Layout(width="12em"))
        self.move_box.add_class("dama-move-box")
        self.move_box.observe(self._serial(self._on_text), "value")
        self.play_button = self._button("play", self._on_play, "dama-play")
        self.undo_button = self._button("undo", lambda _: self.controller.undo(), "dama-undo")
        self.restart_button = self._button("restart", lambda _: self.restart(), "dama-restart")
        self.flip_button = self._button("flip", lambda _: self.controller.flip(), "dama-flip")
        self.numbers_button = widgets.ToggleButton(value=controller.show_numbers,
                                                   layout=widgets.Layout(width="auto"))
        self.numbers_button.add_class("dama-numbers")
        self.numbers_button.observe(self._serial(self._on_numbers), "value")
        self.legal_button = widgets.ToggleButton(value=controller.show_legal,
                                                 layout=widgets.Layout(width="auto"))
        self.legal_button.add_class("dama-legal")
        self.legal_button.observe(self._serial(self._on_legal), "value")
        self.count_button = self._button("call_count", lambda _: self.controller.call_count(),
                                         "dama-count-button")
        # The languages a child may switch to, and the board's own (the tests' pseudo-language).
        offered = dict.fromkeys([*sorted(languages(), key=lambda code: code != "it"),
                                 controller.lang])
        self.lang_buttons = widgets.ToggleButtons(options=[(code.upper(), code)
                                                           for code in offered],
                                                  value=controller.lang,
                                                  style={"button_width": "3em"})
        self.lang_buttons.add_class("dama-lang")
        self.lang_buttons.observe(self._serial(self._on_lang), "value")

    def _make_setup_bar(self) -> None:
        """Setting up a position (teachers): shown in setup mode only."""
        self.setup_turn = widgets.ToggleButtons(options=[("", "W"), ("", "B")],
                                                value=self.controller.board.turn,
                                                style={"button_width": "6em"})
        self.setup_turn.add_class("dama-setup-turn")
        self.setup_turn.observe(self._serial(self._on_setup_turn), "value")
        self.setup_turn_label = widgets.HTML()
        self.setup_clear_button = self._button("setup_clear",
                                               lambda _: self.controller.setup_clear(),
                                               "dama-setup-clear")
        self.setup_start_button = self._button("setup_start",
                                               lambda _: self.controller.setup_start(),
                                               "dama-setup-start")
        self.setup_export_button = self._button("setup_export", self._on_export,
                                                "dama-setup-export")
        self.setup_done_button = self._button("setup_done",
                                              lambda _: self.controller.finish_setup(),
                                              "dama-setup-done")
        # The FEN of the position set up («Esporta FEN»), or one pasted in: Enter sets it up.
        self.fen_box = widgets.Text(continuous_update=False,
                                    layout=widgets.Layout(width="24em", max_width="100%"))
        self.fen_box.add_class("dama-fen")
        self.fen_box.observe(self._serial(self._on_fen), "value")
        self.setup_bar = widgets.VBox([
            widgets.HBox([self.setup_turn_label, self.setup_turn]),
            widgets.HBox([self.setup_clear_button, self.setup_start_button,
                          self.setup_export_button, self.setup_done_button]),
            self.fen_box,
        ], layout=widgets.Layout(display="none"))

    def _arrange(self) -> list[widgets.Widget]:
        """The widget's rows, top to bottom: the board beside its moves, then the texts and
        the buttons."""
        self.move_row = _row([self.move_box, self.play_button])
        side = self.side_panel = widgets.VBox([self.moves_title, self.moves, self.count],
                                              layout=widgets.Layout(margin="0 0 0 12px"))
        side.add_class("dama-side")
        self.button_row = _row([self.undo_button, self.restart_button, self.flip_button,
                                self.numbers_button, self.legal_button, self.count_button,
                                self.lang_buttons])
        return [
            widgets.HTML(STYLE),
            _row([self.canvas, side]),
            self.description,
            self.announcement,
            # Under the board, so that a banner never moves the board while a child plays.
            self.banner,
            self.status,
            self.move_row,
            self.setup_bar,
            self.button_row,
        ]

    def _serial(self, handler: Callable[..., Any]) -> Callable[..., None]:
        return serial(handler, on_error=self._handler_failed)

    def _handler_failed(self, _error: BaseException) -> None:
        self.controller.show_feedback(self.controller.message("oops"))

    def _button(self, key: str, handler: Callable[[Any], Any], css: str) -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width="auto"))
        button.add_class(css)
        button.on_click(self._serial(handler))
        self._labelled.append((button, key))
        return button

    # -- the public API for lessons -----------------------------------------------------------

    @property
    def board(self) -> Board:
        return self.controller.board

    @property
    def lang(self) -> str:
        return self.controller.lang

    @lang.setter
    def lang(self, value: str) -> None:
        self.controller.set_language(value)

    def play(self, move: Move | str) -> Move | None:
        """Play a move ("22-19", "27x18x9x2" or a Move); None, with the reason shown, if it
        cannot be played."""
        return self.controller.play(move)

    def set_position(self, fen: str) -> bool:
        return self.controller.set_position(fen)

    def on_move(self, callback: Callable[[Move], Any], remove: bool = False) -> None:
        """Call ``callback(move)`` after every move, the computer's included."""
        self.controller.on_move(callback, remove)

    def undo(self) -> Move | None:
        return self.controller.undo()

    def restart(self) -> None:
        self.move_box.value = ""  # a move typed before is not the new game's
        self.controller.restart()

    def flip(self) -> None:
        self.controller.flip()

    def set_mode(self, mode: str, **options: Any) -> None:
        self.controller.set_mode(mode, **options)

    def start_squares(self, on_square: Callable[[int], Any], **options: Any) -> None:
        """The square-number trainer's empty board (see BoardController.start_squares)."""
        self.controller.start_squares(on_square, **options)

    def mark(self, *squares: int, missed: tuple[int, ...] = ()) -> None:
        self.controller.mark(*squares, missed=missed)

    def start_puzzle(self, fen: str, **options: Any) -> bool:
        self.move_box.value = ""  # a move typed for the last puzzle is not this one's
        return self.controller.start_puzzle(fen, **options)

    def start_look(self, fen: str, **options: Any) -> bool:
        """A position to look at (a question answered below the board): nothing moves."""
        self.move_box.value = ""
        return self.controller.start_look(fen, **options)

    # -- events -------------------------------------------------------------------------------

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        # Event coordinates arrive in drawing-buffer pixels, whatever the CSS size.
        square = self._pixels / self.controller.size
        return int(y // square), int(x // square)

    def _on_mouse_down(self, x: float, y: float) -> None:
        cell = self._cell(x, y)
        when, touched = self._last_touch
        if touched == cell and time.monotonic() - when < 0.8:
            return  # the same tap, seen a second time as a mouse event
        self.controller.click_cell(*cell)

    def _on_touch_start(self, touches: list[tuple[float, float]]) -> None:
        if not touches:
            return
        cell = self._cell(*touches[0])
        self._last_touch = (time.monotonic(), cell)
        self.controller.click_cell(*cell)

    def _on_key_down(self, key: str, *_modifiers: Any) -> None:
        self.controller.key(key)

    def _on_text(self, change: dict) -> None:
        # Enter (or leaving the box) sends the value; Play sends it again: one submission.
        self._submit(change.get("new") or "")

    def _on_play(self, _button: Any) -> None:
        self._submit(self.move_box.value)

    def _submit(self, text: str) -> None:
        text = text.strip()
        if not text:
            return
        plies = len(self.controller.board.move_stack)
        if self._last_submit == (text, plies, self.controller.generation):
            return  # the same move, sent by both the box and the button
        played = self.controller.submit(text)
        self._last_submit = (text, len(self.controller.board.move_stack),
                             self.controller.generation)
        if played is not None:
            self.move_box.value = ""

    def _on_numbers(self, change: dict) -> None:
        if change["new"] != self.controller.show_numbers:
            self.controller.toggle_numbers()

    def _on_legal(self, change: dict) -> None:
        if change["new"] != self.controller.show_legal:
            self.controller.set_show_legal(change["new"])

    def _on_lang(self, change: dict) -> None:
        if change["new"] != self.controller.lang:
            self.controller.set_language(change["new"])

    def _on_setup_turn(self, change: dict) -> None:
        if self.controller.mode == "setup" and change["new"] != self.controller.snapshot().turn:
            self.controller.set_turn(change["new"])

    def _on_export(self, _button: Any) -> None:
        self.fen_box.value = self.controller.show_fen()

    def _on_fen(self, change: dict) -> None:
        """A FEN pasted or typed into the box (numeric or algebraic): its position, set up;
        a bad one is said on the status line and the board stays as it was."""
        fen = change["new"].strip()
        if fen and fen != self.controller.export_fen():
            self.controller.set_position(fen)

    def _on_client_ready(self, *_: Any) -> None:
        """A new page, tab or Voilà client is showing the canvas: draw everything again."""
        _forget_current_canvas(self.canvas)
        self._drawn.clear()
        self.render()

    # -- drawing ------------------------------------------------------------------------------

    def render(self) -> None:
        """Show the controller's snapshot: redraw the canvas layers that changed, update the
        texts."""
        snap = self.controller.snapshot()
        self._render_texts(snap)
        keys = {
            "board": (snap.size, snap.flipped, snap.show_numbers, snap.variant),
            "pieces": (snap.flipped, tuple(snap.pieces.items())),
            "highlights": (snap.flipped, tuple(snap.highlights.items()), snap.cursor),
        }
        changed = [name for name, key in keys.items() if self._drawn.get(name) != key]
        if not changed:
            return
        with hold_canvas():
            if "board" in changed:
                self._draw_board(snap)
            if "pieces" in changed:
                self._draw_pieces(snap)
            if "highlights" in changed:
                self._draw_highlights(snap)
        self._drawn.update(keys)

    def _render_texts(self, snap: Snapshot) -> None:
        labels = snap.labels
        for button, key in self._labelled:
            button.description = labels[key]
        self.numbers_button.description = labels["numbers"]
        self.numbers_button.value = snap.show_numbers
        self.legal_button.description = labels["show_legal"]
        self.legal_button.value = snap.show_legal
        self.count_button.disabled = not snap.can_call_count
        # In an exercise the legal-move dots would be a free hint, and the count is no part
        # of it: both buttons step aside.
        puzzle = snap.mode == "puzzle"
        self.count_button.layout.display = None if snap.show_count else "none"
        self.legal_button.layout.display = "none" if puzzle else None
        self.lang_buttons.value = snap.lang
        self.move_box.placeholder = labels["move_placeholder"]
        self.fen_box.placeholder = labels["fen_placeholder"]
        setup = snap.mode == "setup"
        self.setup_bar.layout.display = None if setup else "none"
        # The square-number trainer's board: no moves, no numbers to peek at, no buttons.
        # A position only to look at (a question answered below it): no buttons either, and
        # the pointer does not promise that a piece can be moved.
        squares = snap.mode in ("squares", "look")
        self.side_panel.layout.display = "none" if squares or not self.list_moves else None
        self.button_row.layout.display = "none" if squares else None
        if squares:
            self.move_row.layout.display = "none"
        if snap.mode == "look":
            self.add_class("dama-look")
        else:
            self.remove_class("dama-look")
        self.setup_turn_label.value = _html(labels["setup_turn_label"])
        self.setup_turn.options = [(labels["W"], "W"), (labels["B"], "B")]
        self.setup_turn.value = snap.turn
        self.move_box.disabled = snap.mode == "setup"
        self.play_button.disabled = snap.mode == "setup"
        self.status.value = said(for_touch(_html(snap.status)), snap.lang, snap.status_aloud,
                                 tapped(snap.status_aloud))
        self.description.value = f"<p>{_html(snap.description)}</p>"
        self.announcement.value = _html(snap.announcement)
        self.moves_title.value = f"<b>{_html(labels['moves_title'])}</b>"
        # One numbered move a line: "1. 22-19 10-14".
        lines = re.split(r"\s+(?=\d+\.)", snap.moves.strip()) if snap.moves else []
        self.moves.value = "<br>".join(_html(line) for line in lines) or "&nbsp;"
        self.count.value = _html(snap.count)
        if snap.banner:
            self.banner.value = said(for_touch(_html(snap.banner)), snap.lang,
                                     snap.banner_aloud, tapped(snap.banner_aloud))
            self.banner.layout.display = None
        else:
            self.banner.value = ""
            self.banner.layout.display = "none"

    def _geometry(self, snap: Snapshot) -> tuple[float, dict[int, tuple[float, float]]]:
        q = self._pixels / snap.size
        centres = {s: ((c + 0.5) * q, (r + 0.5) * q) for s, (r, c) in snap.cells.items()}
        return q, centres

    def _draw_board(self, snap: Snapshot) -> None:
        layer = self.canvas[0]
        q, centres = self._geometry(snap)
        layer.clear()
        layer.fill_style = LIGHT
        layer.fill_rect(0, 0, self._pixels, self._pixels)
        xs = [centres[s][0] - q / 2 for s in centres]
        ys = [centres[s][1] - q / 2 for s in centres]
        layer.fill_style = DARK
        layer.fill_rects(xs, ys, q, q)
        layer.stroke_style = "#3b2415"
        layer.line_width = 2 * self._ratio
        layer.stroke_rect(self._ratio, self._ratio, self._pixels - 2 * self._ratio,
                          self._pixels - 2 * self._ratio)
        # The numbers go on the top layer, over the pieces: a king (a taller stack) never
        # hides its square's number. A dark edge keeps them readable on a white piece.
        numbers = self.canvas[3]
        numbers.clear()
        if snap.show_numbers:
            numbers.font = f"bold {max(9, int(q * 0.2))}px sans-serif"
            numbers.text_align = "left"
            numbers.text_baseline = "top"
            numbers.line_width = max(2, q * 0.04)
            numbers.stroke_style = "#3b2415"
            # Round joins: a mitred outline draws a spike off the sharp corner of a "4".
            numbers.line_join = "round"
            numbers.fill_style = NUMBER
            for s, (x, y) in centres.items():
                numbers.stroke_text(str(s), x - q / 2 + q * 0.05, y - q / 2 + q * 0.04)
                numbers.fill_text(str(s), x - q / 2 + q * 0.05, y - q / 2 + q * 0.04)

    def _draw_pieces(self, snap: Snapshot) -> None:
        layer = self.canvas[1]
        q, centres = self._geometry(snap)
        layer.clear()
        r = q * 0.36
        lift = q * 0.07
        men = [(s, p) for s, p in snap.pieces.items() if not p.king]
        kings = [(s, p) for s, p in snap.pieces.items() if p.king]
        layer.line_width = max(1.5, q * 0.035)
        # Men: one disc with a ring, like a real piece seen from above.
        for fill, shade, rim, colour in ((WHITE_FILL, WHITE_SHADE, WHITE_RIM, "W"),
                                         (BLACK_FILL, BLACK_SHADE, BLACK_RIM, "B")):
            own = [centres[s] for s, p in men if p.colour == colour]
            kown = [centres[s] for s, p in kings if p.colour == colour]
            if own:
                xs, ys = [c[0] for c in own], [c[1] for c in own]
                layer.fill_style = fill
                layer.fill_circles(xs, ys, r)
                layer.stroke_style = rim
                layer.stroke_circles(xs, ys, r)
                layer.stroke_circles(xs, ys, r * 0.62)
            if kown:
                # Kings: two stacked discs (the lower one shows below) and a crown.
                xs, ys = [c[0] for c in kown], [c[1] for c in kown]
                low = [y + lift for y in ys]
                high = [y - lift for y in ys]
                layer.fill_style = shade
                layer.fill_circles(xs, low, r)
                layer.stroke_style = rim
                layer.stroke_circles(xs, low, r)
                layer.fill_style = fill
                layer.fill_circles(xs, high, r)
                layer.stroke_circles(xs, high, r)
        if kings:
            crowns = np.array([[(centres[s][0] + dx * r, centres[s][1] - lift + dy * r)
                                for dx, dy in _CROWN] for s, _ in kings])
            layer.fill_style = CROWN
            layer.fill_polygons(crowns)
            layer.stroke_style = CROWN_RIM
            layer.line_width = max(1.0, q * 0.025)
            layer.stroke_polygons(crowns)

    def _draw_highlights(self, snap: Snapshot) -> None:
        """The highlights' layer: each kind drawn its own way (:data:`_HIGHLIGHTERS`), a
        shape as well as a colour, the later ones on top."""
        layer = self.canvas[2]
        q, centres = self._geometry(snap)
        layer.clear()
        unit = max(1.0, q / 60)
        for kind, draw in _HIGHLIGHTERS:
            squares = snap.highlights.get(kind, ())
            if squares:
                draw(layer, [centres[s] for s in squares], q, unit)
        if snap.cursor is not None:
            row, col = snap.cursor
            _draw_cursor(layer, ((col + 0.5) * q, (row + 0.5) * q), q, unit)


# -- the highlights ------------------------------------------------------------------------
# Each is drawn at the centres of its squares (``points``), on squares of side ``q``, with
# lines measured in ``unit`` (a sixtieth of a square, at least a pixel).

Points = list[tuple[float, float]]


def _draw_focus(layer: Any, points: Points, q: float, unit: float) -> None:
    """A piece the question names: a wide yellow glow round it, edged in black, and four
    short rays, so that it shows without a word read."""
    _rings(layer, points, q * 0.43, ((EDGE, 12 * unit), (GLOW, 7 * unit)))
    rays = []
    for x, y in points:
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            rays.append([(x + dx * q * 0.36, y + dy * q * 0.36), (x + dx * q * 0.47,
                                                                   y + dy * q * 0.47)])
    layer.line_width = 5 * unit
    layer.stroke_line_segments(np.array(rays))


def _draw_last_move(layer: Any, points: Points, q: float, unit: float) -> None:
    """The last move: a dashed sky-blue frame on each square of its path and a line along
    it, each on a white halo."""
    _dashed_frames(layer, points, q, HALO, 7 * unit, 3 * unit, [])
    layer.line_width = 6 * unit
    layer.stroke_lines(points)
    _dashed_frames(layer, points, q, SKY, 4 * unit, 3 * unit, [8 * unit, 5 * unit])
    layer.line_width = 3 * unit
    layer.stroke_lines(points)


def _draw_obliged(layer: Any, points: Points, q: float, unit: float) -> None:
    """Pieces that must capture: a dashed vermilion ring on a white one, and a "!" mark."""
    layer.stroke_style = HALO
    layer.line_width = 8 * unit
    layer.stroke_circles([x for x, _ in points], [y for _, y in points], q * 0.45)
    layer.stroke_style = VERMILION
    layer.line_width = 5 * unit
    layer.set_line_dash([7 * unit, 4 * unit])
    layer.stroke_circles([x for x, _ in points], [y for _, y in points], q * 0.45)
    layer.set_line_dash([])
    _marks(layer, points, q, "!", VERMILION)


def _draw_chain(layer: Any, points: Points, q: float, unit: float) -> None:
    """The capture chain clicked so far: a blue line through the landing squares."""
    if len(points) < 2:
        return
    layer.stroke_style = HALO
    layer.line_width = 10 * unit
    layer.stroke_lines(points)
    layer.stroke_style = BLUE
    layer.line_width = 6 * unit
    layer.stroke_lines(points)
    layer.fill_style = BLUE
    layer.fill_circles([x for x, _ in points[1:-1]], [y for _, y in points[1:-1]], q * 0.1)


def _draw_captured(layer: Any, points: Points, q: float, unit: float) -> None:
    """Pieces already jumped in the chain: a cross (they are lifted at the end, IT-C6),
    white under vermilion so that it shows on a piece of either colour."""
    d = q * 0.28
    segments = []
    for x, y in points:
        segments.append([(x - d, y - d), (x + d, y + d)])
        segments.append([(x - d, y + d), (x + d, y - d)])
    for colour, width in (("#ffffff", 11 * unit), (VERMILION, 6 * unit)):
        layer.stroke_style = colour
        layer.line_width = width
        layer.stroke_line_segments(np.array(segments))


def _draw_selected(layer: Any, points: Points, q: float, unit: float) -> None:
    """The selected piece: a blue frame round its square and a blue ring round the piece,
    each on a white halo, with the square's own colour showing between them."""
    layer.stroke_style = HALO
    for x, y in points:
        layer.line_width = 7 * unit
        layer.stroke_rect(x - q / 2 + 3.5 * unit, y - q / 2 + 3.5 * unit,
                          q - 7 * unit, q - 7 * unit)
        layer.line_width = 6 * unit
        layer.stroke_circle(x, y, q * 0.39)
    layer.stroke_style = BLUE
    for x, y in points:
        layer.line_width = 3.5 * unit
        layer.stroke_rect(x - q / 2 + 1.75 * unit, y - q / 2 + 1.75 * unit,
                          q - 3.5 * unit, q - 3.5 * unit)
        layer.line_width = 2.5 * unit
        layer.stroke_circle(x, y, q * 0.39)


def _draw_missed(layer: Any, points: Points, q: float, unit: float) -> None:
    """A square a wrong answer named (the square trainer): a vermilion frame, dashed so
    that it differs from the blue one by more than its colour; on a white halo."""
    _dashed_frames(layer, points, q, HALO, 6 * unit, 1.75 * unit, [])
    _dashed_frames(layer, points, q, VERMILION, 3.5 * unit, 1.75 * unit, [5 * unit, 3 * unit])


def _draw_destinations(layer: Any, points: Points, q: float, unit: float) -> None:
    """Where the piece can go: an orange disc with a dark edge and a white rim."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    layer.stroke_style = HALO
    layer.line_width = 9 * unit
    layer.stroke_circles(xs, ys, q * 0.16)
    layer.fill_style = ORANGE
    layer.fill_circles(xs, ys, q * 0.16)
    layer.stroke_style = EDGE
    layer.line_width = 3 * unit
    layer.stroke_circles(xs, ys, q * 0.16)


def _draw_next(layer: Any, points: Points, q: float, unit: float) -> None:
    """The next landing squares of a chain: an orange ring with a dark edge, on a white one."""
    _rings(layer, points, q * 0.22, ((HALO, 13 * unit), (EDGE, 9 * unit), (ORANGE, 5 * unit)))


def _draw_cursor(layer: Any, point: tuple[float, float], q: float, unit: float) -> None:
    """The keyboard's cursor: a thick black frame with a white one inside it, seen on a
    light or a dark square, on any piece and through any colour vision; its corners
    marked, so that it differs from the selection's frame by its shape too."""
    x, y = point
    for colour, width, inset in (("#000000", 7 * unit, 3.5 * unit),
                                 ("#ffffff", 3 * unit, 8.5 * unit)):
        layer.stroke_style = colour
        layer.line_width = width
        layer.stroke_rect(x - q / 2 + inset, y - q / 2 + inset, q - 2 * inset, q - 2 * inset)
    d = q * 0.22
    corners = []
    for sx in (-1, 1):
        for sy in (-1, 1):
            cx, cy = x + sx * (q / 2 - 3.5 * unit), y + sy * (q / 2 - 3.5 * unit)
            corners.append([(cx, cy - sy * d), (cx, cy), (cx - sx * d, cy)])
    layer.stroke_style = "#000000"
    layer.line_width = 10 * unit
    for corner in corners:
        layer.stroke_lines(corner)


def _rings(layer: Any, points: Points, radius: float,
           strokes: tuple[tuple[str, float], ...]) -> None:
    """Rings of ``radius`` round each point, one stroke over another, widest first: a mark
    with its edge and its halo."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    for colour, width in strokes:
        layer.stroke_style = colour
        layer.line_width = width
        layer.stroke_circles(xs, ys, radius)


#: Each kind of highlight and how it is drawn, in the order drawn (later ones on top).
_HIGHLIGHTERS: tuple[tuple[str, Callable[[Any, Points, float, float], None]], ...] = (
    ("focus", _draw_focus), ("last_move", _draw_last_move), ("obliged", _draw_obliged), ("chain", _draw_chain),
    ("captured", _draw_captured), ("selected", _draw_selected), ("missed", _draw_missed),
    ("destinations", _draw_destinations), ("next", _draw_next))


def _marks(layer: Any, points: Points, q: float, text: str, colour: str) -> None:
    """A small disc of ``colour`` with ``text`` in white at the top right of each square."""
    layer.font = f"bold {int(q * 0.3)}px sans-serif"
    layer.text_align = "center"
    layer.text_baseline = "middle"
    xs = [x + q * 0.32 for x, _ in points]
    ys = [y - q * 0.32 for _, y in points]
    layer.fill_style = colour
    layer.fill_circles(xs, ys, q * 0.15)
    layer.fill_style = "#ffffff"
    for x, y in zip(xs, ys):
        layer.fill_text(text, x, y)


def _dashed_frames(layer: Any, centres: Points, q: float, colour: str, width: float,
                   inset: float, dash: list[float]) -> None:
    """A dashed frame ``inset`` inside each square of side ``q`` centred on ``centres``."""
    layer.stroke_style = colour
    layer.line_width = width
    layer.set_line_dash(dash)
    for x, y in centres:
        layer.stroke_rect(x - q / 2 + inset, y - q / 2 + inset, q - 2 * inset, q - 2 * inset)
    layer.set_line_dash([])


# A crown, in units of the disc radius around the top disc's centre.
_CROWN = ((-0.55, 0.32), (-0.62, -0.22), (-0.3, 0.05), (0.0, -0.42), (0.3, 0.05),
          (0.62, -0.22), (0.55, 0.32))


def _forget_current_canvas(canvas: MultiCanvas) -> None:
    """Work around ipycanvas issue 322 (blank board after a page reload, in a second tab
    or in Voilà): the canvas holds no pixels of its own, so a new client sees nothing until
    Python draws again, and ipycanvas's canvas manager still believes the layer it last drew
    on is "current", so it skips the switchCanvas command the new client needs and the
    client fails on ``setAttr``/``clearCanvas``. Forgetting the current canvas makes the next
    drawing command name its layer again. ``_canvas_manager._current_canvas`` is private:
    re-check this on every ipycanvas upgrade (the browser tests reload the page to do so).
    """
    manager = getattr(canvas, "_canvas_manager", None)
    if manager is not None and hasattr(manager, "_current_canvas"):
        manager._current_canvas = None


def _row(children: list) -> widgets.HBox:
    """A row that wraps on a narrow screen instead of squeezing its children."""
    box = widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap"))
    box.add_class("dama-row")
    return box


def _html(text: str) -> str:
    return (text or "").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
