"""The analysis page's pictures, handouts and club puzzles: the position on the board saved
as a picture (SVG or PNG) with its caption, gathered into a handout to print, or made a puzzle
of the club's collection. A thin view over dama.analysis.handout and dama.analysis.make."""

from __future__ import annotations

import html

import ipywidgets as widgets

from damalib.i18n import N_, NP_, SaidCount, pick, said
from damalib.study import ROOT
from dama.analysis import handout, make
from dama.analysis.controller import Analysis
from dama.core.content.puzzle import PuzzleFileError
from dama.core.content.worksheet import GOALS
from dama.core.handlers import serial
from dama.core.store.student import student
from dama.text import file_link, say

MESSAGES = {
    "handouts": N_("Pictures and handouts"),
    "caption": N_("caption under the picture"),
    "svg": N_("Picture (SVG)"),
    "png": N_("Picture (PNG)"),
    "save_svg": N_("Save the picture (SVG)"),
    "save_png": N_("Save the picture (PNG)"),
    "add": N_("Add to the handout"),
    "added": N_("The handout has {count}."),
    "need_advice": N_("Ask for the best move first: it will be the answer on the handout."),
    "with_answers": N_("with the answers"),
    "sheet": N_("Make the handout"),
    "save_sheet": N_("Save the handout to print (A4)"),
    "clear": N_("Empty the handout"),
    "make": N_("Make a puzzle of it"),
    "puzzle": N_("A puzzle from this position"),
    "kind_capture": N_("A capture puzzle: {answer}"),
    "kind_move": N_("A move puzzle ({goal} in {plies} plies): {answer}"),
    "kind_goal": N_("A goal puzzle: any move that can {goal} within {plies} plies is right."),
    "prompt_it": N_("Question (Italian)"),
    "prompt_en": N_("Question (English)"),
    "hints_it": N_("Hints (Italian), one a line"),
    "hints_en": N_("Hints (English), one a line"),
    "save_puzzle": N_("Save it in the club's puzzles"),
    "saved": N_("Saved as {id} in {file}."),
    "club": N_("The club's puzzles"),
    "play_club": N_("Play the club's puzzles ({count})"),
    "no_club": N_("The club has no puzzles of its own yet: make one from a position."),
}


def _a(key: str, lang: str, **params) -> str:
    return say(MESSAGES, key, lang, **params)


def heading_html(text: str) -> widgets.HTML:
    """A section's title on the analysis page."""
    return widgets.HTML(f"<h2 style='margin:0.6em 0 0.2em'>{html.escape(text)}</h2>")


class HandoutView:
    """The page's pictures, handout and club puzzles; ``widget`` is their part of the page."""

    def __init__(self, analysis: Analysis, lang: str) -> None:
        self.analysis = analysis
        self.lang = lang
        self._make_handouts()
        self._make_puzzle_maker()
        self._count_club()
        self.widget = self._layout()

    def _button(self, key, handler, css, **style) -> widgets.Button:
        made = widgets.Button(description=_a(key, self.lang),
                              layout=widgets.Layout(width="auto"), **style)
        made.add_class(css)
        made.on_click(serial(lambda _: handler()))
        return made

    def _make_handouts(self) -> None:
        lang, button = self.lang, self._button
        self.caption = widgets.Text(placeholder=_a("caption", lang),
                                    layout=widgets.Layout(width="30em", max_width="100%"))
        self.caption.add_class("dama-analysis-caption")
        self.svg_button = button("svg", self._on_svg, "dama-analysis-svg")
        self.png_button = button("png", self._on_png, "dama-analysis-png")
        self.add_button = button("add", self._on_add, "dama-analysis-add")
        self.with_answers = widgets.Checkbox(value=True, description=_a("with_answers", lang),
                                             indent=False, layout=widgets.Layout(width="auto"))
        self.with_answers.add_class("dama-analysis-with-answers")
        self.sheet_button = button("sheet", self._on_sheet, "dama-analysis-sheet")
        self.clear_button = button("clear", self._on_clear, "dama-analysis-clear")
        self.saved = widgets.HTML()
        self.saved.add_class("dama-analysis-saved")
        self.handout: list = []

    def _make_puzzle_maker(self) -> None:
        lang, button = self.lang, self._button
        self.make_button = button("make", self._on_make, "dama-analysis-make")
        self.draft_note = widgets.HTML()
        self.draft_note.add_class("dama-analysis-draft-note")
        wide = widgets.Layout(width="34em", max_width="100%")
        self.prompt_it = widgets.Text(description=_a("prompt_it", lang), layout=wide,
                                      style={"description_width": "12em"})
        self.prompt_en = widgets.Text(description=_a("prompt_en", lang), layout=wide,
                                      style={"description_width": "12em"})
        self.hints_it = widgets.Textarea(description=_a("hints_it", lang), layout=wide,
                                         style={"description_width": "12em"})
        self.hints_en = widgets.Textarea(description=_a("hints_en", lang), layout=wide,
                                         style={"description_width": "12em"})
        for part, css in ((self.prompt_it, "prompt-it"), (self.prompt_en, "prompt-en"),
                          (self.hints_it, "hints-it"), (self.hints_en, "hints-en")):
            part.add_class(f"dama-analysis-{css}")
        self.save_puzzle = button("save_puzzle", self._on_save_puzzle,
                                  "dama-analysis-save-puzzle", button_style="success")
        self.draft_box = widgets.VBox([self.prompt_it, self.prompt_en, self.hints_it,
                                       self.hints_en, self.save_puzzle])
        self.draft_box.layout.display = "none"
        self.draft: dict | None = None
        self.play_club = button("play_club", self._on_play_club, "dama-analysis-play-club")
        self.club = widgets.VBox()
        self.club.add_class("dama-analysis-club")

    def _layout(self) -> widgets.VBox:
        def row(*parts):
            return widgets.HBox(list(parts), layout=widgets.Layout(flex_flow="row wrap",
                                                                   align_items="center"))

        lang = self.lang
        return widgets.VBox([
            heading_html(_a("handouts", lang)),
            self.caption,
            row(self.svg_button, self.png_button, self.add_button, self.with_answers,
                self.sheet_button, self.clear_button),
            self.saved,
            heading_html(_a("puzzle", lang)),
            widgets.HBox([self.make_button]), self.draft_note, self.draft_box,
            heading_html(_a("club", lang)),
            widgets.HBox([self.play_club]), self.club,
        ])

    # -- pictures and handouts ---------------------------------------------------------------

    def caption_text(self) -> str:
        """The caption typed, else the game's players and the last move («after 12. 22-18»)."""
        typed = self.caption.value.strip()
        if typed:
            return typed
        analysis = self.analysis
        game = analysis.game
        players = " – ".join(p for p in (game.tag("White", ""), game.tag("Black", "")) if p)
        if analysis.at == ROOT:
            return players
        move = analysis.tree[analysis.at].label
        after = say({"after": N_("after {move}")}, "after", self.lang, move=move)
        return f"{players}, {after}" if players else after

    def _stem(self) -> str:
        return "posizione" if self.lang == "it" else "position"

    def _on_svg(self) -> None:
        board = self.analysis.board.board
        picture = handout.picture_svg(board, self.caption_text(), self.lang,
                                      flipped=self.analysis.board.flipped)
        self.saved.value = (picture + "<br>" +
                            file_link(picture.encode("utf-8"), f"{self._stem()}.svg",
                                       _a("save_svg", self.lang), kind="image/svg+xml"))

    def _on_png(self) -> None:
        import base64

        board = self.analysis.board.board
        flipped = self.analysis.board.flipped
        data = handout.picture_png(board, self.caption_text(), self.lang, flipped=flipped)
        name = f"{self._stem()}.png"
        if data is not None:
            self.saved.value = (f"<img alt='' style='max-width:18em' src='data:image/png;base64,"
                                f"{base64.b64encode(data).decode('ascii')}'><br>"
                                + file_link(data, name, _a("save_png", self.lang),
                                             kind="image/png"))
            return
        # No Pillow (the browser edition): the page draws the SVG into a PNG when the link
        # is clicked (deploy/site/child-view.js).
        picture = handout.picture_svg(board, self.caption_text(), self.lang, flipped=flipped)
        encoded = base64.b64encode(picture.encode("utf-8")).decode("ascii")
        self.saved.value = (f"{picture}<br><a class='dama-png dama-download' href='#' "
                            f"download='{name}' data-svg='{encoded}' "
                            f"style='color:#0b5394;text-decoration:underline'>"
                            f"{html.escape(_a('save_png', self.lang))}</a>")

    def _on_add(self) -> None:
        analysis = self.analysis
        board = analysis.board.board
        number = len(self.handout) + 1
        caption = self.caption_text()
        try:
            record = make.propose(board, f"posizione-{number}")
            puzzle = make.as_puzzle({**record, f"prompt.{self.lang}":
                                     f"{caption}. {record[f'prompt.{self.lang}']}"
                                     if caption else record[f"prompt.{self.lang}"]})
        except make.NoPuzzle:
            if analysis.advice is None:
                self.saved.value = f"<p>{html.escape(_a('need_advice', self.lang))}</p>"
                return
            puzzle = handout.position_puzzle(board, " ".join(analysis.advice.moves), number,
                                             caption, self.lang)
        self.handout.append(puzzle)
        self.caption.value = ""        # the next position's own caption, not this one's
        count = said(SaidCount(*NP_("{n} position", "{n} positions"), len(self.handout)),
                     self.lang)
        self.saved.value = f"<p>{html.escape(_a('added', self.lang, count=count))}</p>"

    def _on_sheet(self) -> None:
        if not self.handout:
            self.saved.value = f"<p>{html.escape(_a('need_advice', self.lang))}</p>"
            return
        text = handout.sheet(self.handout, self.lang, answers=self.with_answers.value)
        name = ("scheda-posizioni.html" if self.lang == "it" else "positions-handout.html")
        self.saved.value = file_link(text.encode("utf-8"), name, _a("save_sheet", self.lang),
                                      kind="text/html")
        self.sheet_html = text

    def _on_clear(self) -> None:
        self.handout = []
        self.saved.value = ""

    # -- a puzzle of the position ------------------------------------------------------------

    def _on_make(self) -> None:
        board = self.analysis.board.board
        try:
            record = make.propose(board, make.next_id(), credit=self.caption_text())
        except make.NoPuzzle as refused:
            self.draft = None
            self.draft_box.layout.display = "none"
            self.draft_note.value = f"<p>{html.escape(pick(refused.reason, self.lang))}</p>"
            return
        self.draft = record
        answer = " / ".join(record.get("solutions", ()))
        goal = say(GOALS, record["goal"], self.lang) if "goal" in record else ""
        key = f"kind_{record['kind']}"
        self.draft_note.value = "<p>" + html.escape(_a(
            key, self.lang, answer=answer, goal=goal, plies=record.get("plies", 0))) + "</p>"
        self.prompt_it.value, self.prompt_en.value = record["prompt.it"], record["prompt.en"]
        self.hints_it.value = "\n".join(record.get("hints.it", ()))
        self.hints_en.value = "\n".join(record.get("hints.en", ()))
        self.draft_box.layout.display = None

    def _on_save_puzzle(self) -> None:
        if self.draft is None:
            return
        record = dict(self.draft)
        record["prompt.it"] = self.prompt_it.value.strip() or record["prompt.it"]
        record["prompt.en"] = self.prompt_en.value.strip() or record["prompt.en"]
        hints = {lang: [line.strip() for line in box.value.splitlines() if line.strip()]
                 for lang, box in (("it", self.hints_it), ("en", self.hints_en))}
        if len(hints["it"]) == len(hints["en"]) and hints["it"]:
            record["hints.it"], record["hints.en"] = hints["it"], hints["en"]
        elif not hints["it"] and not hints["en"]:
            record.pop("hints.it", None)
            record.pop("hints.en", None)
        try:
            path = make.save(record)
        except (PuzzleFileError, OSError) as error:
            text = error.text(self.lang) if isinstance(error, PuzzleFileError) else str(error)
            self.draft_note.value = f"<p style='color:#a00'>{html.escape(text)}</p>"
            return
        self.draft = None
        self.draft_box.layout.display = "none"
        self.draft_note.value = "<p>" + html.escape(_a("saved", self.lang, id=record["id"],
                                                       file=str(path))) + "</p>"
        self._count_club()

    def _count_club(self) -> None:
        self.play_club.description = _a("play_club", self.lang,
                                        count=len(make.club_puzzles()))

    def _on_play_club(self) -> None:
        from dama.core.board.puzzle_widget import PuzzleWidget

        found = make.club_puzzles()
        for old in self.club.children:
            old.close()
        if not found:
            self.club.children = [widgets.HTML(f"<p>{html.escape(_a('no_club', self.lang))}"
                                               "</p>")]
            return
        self.club.children = [PuzzleWidget(found, lang=self.lang, student=student())]



__all__ = ["HandoutView", "heading_html"]
