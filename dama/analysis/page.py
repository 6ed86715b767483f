"""The club's analysis board (the page «Analisi» / "Analysis"): a game file's list of games,
the game chosen replayed move by move with its variations and comments, a position pasted or
set up, the computer's best move, and the position saved as a picture or a puzzle. A thin
view over dama.analysis.controller.Analysis, which holds the logic."""

from __future__ import annotations

import html
from importlib import resources
from pathlib import Path

import ipywidgets as widgets

from damalib.board import BLACK, WHITE, Piece
from dama.analysis.controller import Analysis
from dama.analysis.handout_view import HandoutView, heading_html
from dama.core.handlers import serial
from dama.core.tooltips import untitled
from damalib.i18n import N_, VARIANT_TITLES, VariantName, supported
from damalib.study import ROOT
from dama.core.board.canvas import BoardWidget, asyncio_scheduler, thread_runner

from dama.settings import settings
from dama.text import file_link, say

MESSAGES = {
    "games": N_("Games"),
    "open_file": N_("Open a game file (.pdn)"),
    "or_folder": N_("or choose one:"),
    "no_games": N_("Open a game file to see its games here."),
    "sample": N_("Italian championship 2005 (sample)"),
    "position": N_("Position"),
    "fen_here": N_("paste a FEN here, then Enter"),
    "set_up": N_("Set up a position"),
    "brush": N_("Piece to place:"),
    "variant": N_("Draughts:"),
    "all_tags": N_("Everything the file says about this game"),
    "show_solution": N_("Show the solution"),
    "solution_hidden": N_("The solution is hidden: try your moves on the board, then "
                          "«Show the solution»."),
    "think_more": N_("Think more"),
    "unknown_players": N_("Problem"),
    "failed": N_("Something went wrong here: nothing saved is lost. The reason is written in "
                 "the course's error log (errors.log), for whoever looks after the computer."),
    "wm": N_("white man"),
    "wk": N_("white king"),
    "bm": N_("black man"),
    "bk": N_("black king"),
    "empty": N_("empty"),
    "export_fen": N_("FEN"),
    "export_pdn": N_("The game so far (PDN)"),
    "download_pdn": N_("Save the game so far (.pdn)"),
    "advice": N_("The computer's advice"),
    "best_move": N_("Best move"),
    "stop": N_("Stop"),
    "start": N_("Start"),
    "moves": N_("Moves"),
    "no_moves": N_("No moves yet: play one on the board, or open a game."),
    "variation": N_("variation"),
}


def _a(key: str, lang: str, **params) -> str:
    return say(MESSAGES, key, lang, **params)


def games_folders() -> list[Path]:
    """Where a club keeps its game files: ``$DAMA_GAMES``, and the desktop's «Dama» folder."""
    found = []
    if settings().games is not None:
        found.append(settings().games)
    home = Path.home()
    for desktop in ("Desktop", "Scrivania"):
        found.append(home / desktop / "Dama")
    return [folder for folder in found if folder.is_dir()]


def _sample() -> tuple[str, bytes] | None:
    try:
        data = resources.files("dama.analysis").joinpath("games", "campionato-2005.pdn").read_bytes()
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return None
    return "campionato-2005.pdn", data


def _files(lang: str) -> list[tuple[str, object]]:
    """The game files a page offers: the sample, then the club's folders' .pdn files."""
    options: list[tuple[str, object]] = [("—", "")]
    if _sample() is not None:
        options.append((_a("sample", lang), "sample"))
    for folder in games_folders():
        for path in sorted(folder.glob("*.pdn"))[:200]:
            options.append((path.name, str(path)))
    return options


class AnalysisPage:
    """The widgets of the page; ``widget`` is what the cell shows."""

    def __init__(self, lang: str = "it", size: int = 400) -> None:
        lang = supported(lang)
        self.lang = lang
        self.analysis = Analysis(lang, scheduler=asyncio_scheduler, runner=thread_runner)
        self.board = BoardWidget(controller=self.analysis.board, size=size)
        # The page lists the moves itself, clickable, with the variations: the board's own
        # list beside it would say the same twice.
        self.board.list_moves = False
        # The page has its own FEN box and export beside its other ways to set a position up:
        # the board's own, in its setup bar, would be a second set of the same.
        self.board.fen_box.layout.display = "none"
        self.board.setup_export_button.layout.display = "none"
        self.board.render()
        self._listed: tuple | None = None
        self._setting = False
        self._buttons: dict[int, widgets.Button] = {}
        self._current: int | None = None
        self._make_games()
        self._make_moves()
        self._make_positions()
        self._make_advice()
        self.handouts = HandoutView(self.analysis, lang)
        self.widget = self._layout()
        untitled(self.widget)
        self.widget.add_class("dama-analysis")
        self.widget.add_class("dama-touch")
        self.widget.page = self
        self.analysis.on_change(lambda _: self.refresh())
        self.games.layout.display = "none"
        self.refresh()

    # -- the widgets ---------------------------------------------------------------------------

    def _handled(self, handler):
        """``handler`` run as every handler of the course (:func:`serial`), a failure said on
        the page in words, never a silent page with a list of another file's games."""
        return serial(handler, on_error=self._failed)

    def _failed(self, error: BaseException) -> None:
        self.note.value = (f"<p class='dama-note' role='alert' style='color:#a00'>⚠ "
                           f"{html.escape(_a('failed', self.lang))}</p>")

    def _button(self, key, handler, css, **style) -> widgets.Button:
        """A button saying ``MESSAGES[key]`` (or ``key`` itself) that calls ``handler()``."""
        made = widgets.Button(description=_a(key, self.lang) if key in MESSAGES else key,
                              layout=widgets.Layout(width="auto"), **style)
        made.add_class(css)
        made.on_click(self._handled(lambda _: handler()))
        return made

    def _make_games(self) -> None:
        lang = self.lang
        self.upload = widgets.FileUpload(accept=".pdn,.txt", multiple=False,
                                         description=_a("open_file", lang),
                                         layout=widgets.Layout(width="auto"))
        self.upload.add_class("dama-analysis-upload")
        self.upload.observe(self._handled(self._on_upload), "value")
        # The lists' words are their descriptions: labels tied to them, said with them.
        self.files = widgets.Dropdown(options=_files(lang), value="",
                                      description=_a("or_folder", lang),
                                      style={"description_width": "initial"},
                                      layout=widgets.Layout(width="auto"))
        self.files.add_class("dama-analysis-files")
        self.files.observe(self._handled(self._on_file), "value")
        self.note = widgets.HTML()
        self.note.add_class("dama-analysis-note")
        self.games = widgets.Select(options=[], rows=8, description=_a("games", lang),
                                    style={"description_width": "initial"},
                                    layout=widgets.Layout(width="100%", max_width="72em"))
        self.games.add_class("dama-analysis-games")
        self.games.observe(self._handled(self._on_game), "value")
        self.heading = widgets.HTML()
        self.heading.add_class("dama-analysis-heading")
        self.problem = widgets.HTML()
        self.problem.add_class("dama-analysis-problem")
        self.details = widgets.HTML()
        self.details.add_class("dama-analysis-details")
        self.variant = widgets.Dropdown(
            options=[(VariantName(name).text(lang), name) for name in VARIANT_TITLES],
            value="italian", description=_a("variant", lang),
            style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))
        self.variant.add_class("dama-analysis-variant")
        self.variant.observe(self._handled(self._on_variant), "value")

    def _make_moves(self) -> None:
        button, analysis = self._button, self.analysis
        # Icons, not ⏮ ⏭: the fonts of a school's computer may lack those characters.
        self.nav = widgets.HBox([
            button("", analysis.first, "dama-analysis-first", icon="fast-backward"),
            button("", analysis.back, "dama-analysis-back", icon="step-backward"),
            button("", analysis.forward, "dama-analysis-forward", icon="step-forward"),
            button("", analysis.last, "dama-analysis-last", icon="fast-forward"),
        ])
        for part, key in zip(self.nav.children, ("start", "back", "forward", "last")):
            part.tooltip = say({"start": N_("Start"), "back": N_("Back"),
                                "forward": N_("Forward"), "last": N_("End")}, key, self.lang)
        self.moves = widgets.Box(layout=widgets.Layout(display="flex", flex_flow="row wrap",
                                                       max_width="40em",
                                                       align_items="center"))
        self.moves.add_class("dama-analysis-moves")
        self.comment = widgets.HTML()
        self.comment.add_class("dama-analysis-comment")
        self.solution = self._button("show_solution", self.analysis.show_solution,
                                     "dama-analysis-solution", icon="eye")
        self.moves_note = widgets.HTML()
        self.moves_note.add_class("dama-analysis-moves-note")

    def _make_positions(self) -> None:
        lang, button = self.lang, self._button
        self.fen = widgets.Text(placeholder=_a("fen_here", lang), continuous_update=False,
                                layout=widgets.Layout(width="30em", max_width="100%"))
        self.fen.add_class("dama-analysis-fen")
        self.fen.observe(self._handled(self._on_fen), "value")
        self.setup = button("set_up", self._on_setup, "dama-analysis-setup")
        self.brush = widgets.ToggleButtons(
            options=[(_a(key, lang), key) for key in ("wm", "wk", "bm", "bk", "empty")],
            value="wm", style={"button_width": "7.5em"})
        self.brush.add_class("dama-analysis-brush")
        self.brush.observe(self._handled(self._on_brush), "value")
        self.brush_bar = widgets.HBox([widgets.HTML(f"<b>{html.escape(_a('brush', lang))}"
                                                    "</b>&nbsp;"), self.brush])
        self.brush_bar.layout.display = "none"
        self.export_fen = button("export_fen", self._on_export_fen, "dama-analysis-export-fen")
        self.export_pdn = button("export_pdn", self._on_export_pdn, "dama-analysis-export-pdn")
        self.exported = widgets.Textarea(layout=widgets.Layout(width="30em", max_width="100%",
                                                               height="7em", display="none"))
        self.exported.add_class("dama-analysis-exported")
        self.download = widgets.HTML()
        self.download.add_class("dama-analysis-download")
        self.position_note = widgets.HTML()
        self.position_note.add_class("dama-analysis-position-note")
        self._exported: str | None = None

    def _make_advice(self) -> None:
        self.best = self._button("best_move", self.analysis.best_move, "dama-analysis-best",
                                 button_style="primary", icon="lightbulb-o")
        self.stop = self._button("stop", self.analysis.stop, "dama-analysis-stop", icon="stop")
        self.think_more = self._button("think_more", self.analysis.think_more,
                                       "dama-analysis-think-more", icon="search-plus")
        self.advice = widgets.HTML()
        self.advice.add_class("dama-analysis-advice")

    def _layout(self) -> widgets.VBox:
        lang = self.lang

        def title(key):
            return heading_html(_a(key, lang))

        def row(*parts, **layout):
            return widgets.HBox(list(parts), layout=widgets.Layout(flex_flow="row wrap",
                                                                   **layout))

        side = widgets.VBox([
            title("moves"), self.heading, self.details, self.problem, self.nav,
            self.solution, self.moves_note, self.moves, self.comment,
            title("advice"), row(self.best, self.stop, self.think_more), self.advice,
        ], layout=widgets.Layout(min_width="18em", flex="1 1 20em", padding="0 0 0 1em"))
        return widgets.VBox([
            title("games"),
            row(self.upload, self.files, align_items="center"),
            self.note, self.games,
            # The pieces to place right under the board they are placed on.
            row(widgets.VBox([self.board, self.brush_bar]), side),
            title("position"),
            # The note first: said where the eyes are, above the box just typed in.
            self.position_note,
            row(self.variant, self.fen, self.setup, align_items="center"),
            row(self.export_fen, self.export_pdn), self.exported, self.download,
            self.handouts.widget,
        ])

    # -- handlers ----------------------------------------------------------------------------

    def _on_upload(self, change) -> None:
        chosen = change["new"]
        if chosen:
            item = chosen[0]
            self.open(bytes(item["content"]), item["name"])

    def _on_file(self, change) -> None:
        value = change["new"]
        if value == "sample":
            self.open(*reversed(_sample()))
        elif value:
            try:
                data = Path(value).read_bytes()
            except OSError as error:
                self.note.value = f"<p>{html.escape(str(error))}</p>"
                return
            self.open(data, Path(value).name)

    def open(self, data: bytes, name: str) -> bool:
        """Open a game file: its list of games, the first one on the board."""
        if not self.analysis.open_file(data, name):
            return False
        rows = self.analysis.rows()
        # Set by the page, not chosen: no game is opened for it (and the widget's own link
        # from its value to its index stays, so the list shows the row chosen).
        self._setting = True
        try:
            self.games.options = [(self._row_text(row), row.number) for row in rows]
            self.games.value = None
        finally:
            self._setting = False
        self.games.layout.display = None
        if rows:
            self.games.value = rows[0].number
        return True

    def _row_text(self, row) -> str:
        """A game of the list: number, players (or «Problem»), result, event, date; the
        result before the event, so that a long row never hides it."""
        players = " – ".join(p or "?" for p in (row.white, row.black)) \
            if row.white or row.black else _a("unknown_players", self.lang) if row.problem \
            else "?"
        first = row.goal if row.problem else row.result
        extra = " · ".join(p for p in (first, row.event, row.date) if p)
        return f"{row.number}. {players}" + (f" · {extra}" if extra else "")

    def _on_variant(self, change) -> None:
        if not self._setting and change["new"] and change["new"] != self.analysis.variant.name:
            self.analysis.set_variant(change["new"])

    def _on_game(self, change) -> None:
        if not self._setting and change["new"] is not None:
            self.analysis.choose(change["new"])

    def _on_fen(self, change) -> None:
        text = change["new"].strip()
        if text and self.analysis.set_fen(text):
            # Emptied, so that the same FEN pasted again sets its position up again (a box
            # keeping its text would not change, and say nothing).
            self.fen.value = ""

    def _on_setup(self) -> None:
        self.analysis.start_setup()
        self._on_brush({"new": self.brush.value})

    def _on_brush(self, change) -> None:
        pieces = {"wm": Piece(WHITE, False), "wk": Piece(WHITE, True),
                  "bm": Piece(BLACK, False), "bk": Piece(BLACK, True), "empty": None}
        if self.analysis.board.mode == "setup":
            self.analysis.brush(pieces[change["new"]])

    def _on_export_fen(self) -> None:
        self._exported = "fen"
        self.exported.value = self.analysis.fen()
        self.exported.layout.display = None
        self.download.value = ""

    def _on_export_pdn(self) -> None:
        self._exported = "pdn"
        text = self.analysis.pdn()
        self.exported.value = text
        self.exported.layout.display = None
        self.download.value = file_link(text.encode("utf-8"), "analisi.pdn"
                                         if self.lang == "it" else "analysis.pdn",
                                         _a("download_pdn", self.lang),
                                         kind="application/x-chess-pdn")

    def _go(self, index: int) -> None:
        self.analysis.go(index)

    # -- drawing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        analysis = self.analysis
        for place, box in (("file", self.note), ("moves", self.moves_note),
                           ("position", self.position_note)):
            said = analysis.note_at(place)
            box.value = (f"<p class='dama-note' role='status'>{html.escape(said)}</p>"
                         if said else "")
        heading = analysis.heading()
        self.heading.value = (f"<p class='dama-analysis-title'><b>{html.escape(heading)}</b>"
                              f"<br>{html.escape(analysis.variant_title())}</p>")
        self.details.value = self._details_html()
        lines = [f"<p>ℹ {html.escape(w)}</p>" for w in analysis.warnings()]
        if analysis.problem is not None:
            lines.append(f"<p style='color:#a00'>⚠ {html.escape(analysis.text(analysis.problem))}"
                         "</p>")
        self.problem.value = "".join(lines)
        comment = analysis.comment
        self.comment.value = f"<p><i>{html.escape(comment)}</i></p>" if comment else ""
        hidden = not analysis.solution_shown
        self.solution.layout.display = None if hidden else "none"
        if hidden and not analysis.note_at("moves"):
            self.moves_note.value = f"<p>{html.escape(_a('solution_hidden', self.lang))}</p>"
        self._list_moves()
        if self.variant.value != analysis.variant.name:
            self._setting = True
            try:
                self.variant.value = analysis.variant.name
            finally:
                self._setting = False
        if self._exported == "fen":          # what is shown is the board's, never stale
            self.exported.value = analysis.fen()
        elif self._exported == "pdn":
            self.exported.value = analysis.pdn()
        setup = analysis.board.mode == "setup"
        self.brush_bar.layout.display = None if setup else "none"
        thinking = analysis.thinking
        self.best.disabled = thinking or setup
        self.stop.disabled = not thinking
        self.think_more.disabled = thinking or setup or analysis.advice is None
        if thinking:
            self.advice.value = f"<p>⏳ {html.escape(analysis.text(analysis.progress))}</p>"
        else:
            words = analysis.advice_text() or analysis.note_at("advice")
            self.advice.value = f"<p role='status'>{html.escape(words)}</p>" if words else ""

    def _details_html(self) -> str:
        """Every tag of the game, as the file writes it, folded under one line."""
        tags = self.analysis.tags() if self.analysis.chosen is not None else []
        if not tags:
            return ""
        rows = "".join(f"<tr><th scope='row'>{html.escape(name)}</th>"
                       f"<td>{html.escape(value)}</td></tr>" for name, value in tags)
        return (f"<details><summary>{html.escape(_a('all_tags', self.lang))}</summary>"
                f"<table class='dama-analysis-tags'>{rows}</table></details>")

    def _list_moves(self) -> None:
        analysis = self.analysis
        shape = (id(analysis.tree), len(analysis.tree), analysis.solution_shown)
        if shape != self._listed:
            self._listed = shape
            parts: list[widgets.Widget] = []
            self._buttons = {}
            start = widgets.Button(description=_a("start", self.lang), tooltip="",
                                   layout=widgets.Layout(width="auto"))
            start.add_class("dama-analysis-move")
            start.on_click(self._handled(lambda _: self._go(ROOT)))
            self._buttons[ROOT] = start
            parts.append(start)
            for shown in analysis.moves():
                if shown.opens:
                    parts.append(widgets.HTML("<span style='color:#666'>(</span>"))
                made = widgets.Button(description=shown.text, tooltip="",
                                      layout=widgets.Layout(width="auto", margin="1px"))
                made.add_class("dama-analysis-move")
                if shown.depth:
                    made.add_class("dama-analysis-variation")
                    made.style.font_style = "italic"
                    made.tooltip = _a("variation", self.lang)
                made.on_click(self._handled(lambda _, i=shown.index: self._go(i)))
                self._buttons[shown.index] = made
                parts.append(made)
                if shown.comment:
                    note = widgets.HTML(f"<span style='color:#555;font-style:italic'>"
                                        f"{{{html.escape(shown.comment)}}}</span>")
                    note.add_class("dama-analysis-move-comment")
                    parts.append(note)
                if shown.closes:
                    parts.append(widgets.HTML("<span style='color:#666'>" + ")" * shown.closes
                                              + "</span>"))
            for old in self.moves.children:
                old.close()
            self.moves.children = parts
            self._current = None
        if self._current != analysis.at:
            old = self._buttons.get(self._current)
            if old is not None:
                old.button_style = ""
                old.remove_class("dama-analysis-current")
            new = self._buttons.get(analysis.at)
            if new is not None:
                new.button_style = "info"
                new.add_class("dama-analysis-current")
            self._current = analysis.at


def analysis_board(lang: str = "it", size: int = 400) -> widgets.Widget:
    """The page «Analisi» / "Analysis": games, positions and the computer's advice."""
    return AnalysisPage(lang, size).widget
