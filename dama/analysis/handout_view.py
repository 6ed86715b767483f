"""The analysis page's pictures, handouts and club puzzles: the position on the board saved
as a picture (SVG or PNG) with its caption, gathered into a handout to print, or made a puzzle
of the club's collection. A thin view over dama.analysis.handout and dama.analysis.make.
The handout's title and positions are kept in the club's folder, so a reload finds them."""

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
    "failed": N_("Something went wrong here: nothing saved is lost. The reason is written in "
                 "the course's error log (errors.log), for whoever looks after the computer."),
    "caption": N_("Caption under the picture (left empty: the players and the last move)"),
    "title": N_("Title of the handout (it names its file too)"),
    "svg": N_("Picture (SVG)"),
    "png": N_("Picture (PNG)"),
    "save_svg": N_("Save the picture (SVG)"),
    "save_png": N_("Save the picture (PNG)"),
    "add": N_("Add to the handout"),
    "added": N_("The handout has {count}."),
    "need_advice": N_("Ask for the best move first: it will be the answer on the handout."),
    "empty": N_("The handout has no position yet: add one first."),
    "not_kept": N_("The handout could not be kept in {file} ({error}): it stays on this "
                   "page until it is closed."),
    "with_answers": N_("with the answers"),
    "sheet": N_("Make the handout"),
    "save_sheet": N_("Save the handout to print (A4)"),
    "clear": N_("Empty the handout"),
    "make": N_("Make a puzzle of it"),
    "puzzle": N_("A puzzle from this position"),
    "kind_capture": N_("A capture puzzle: {answer}"),
    "kind_move": N_("A move puzzle ({goal} in {plies}): {answer}"),
    "kind_goal": N_("A goal puzzle: any move that can {goal} within {plies} is right."),
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
#: A count of half-moves, as the puzzle's kind says it («in 3 semimosse», «in 1 semimossa»).
PLIES = NP_("{n} ply", "{n} plies")
#: Hints typed in both languages, but not as many in each: the puzzle file needs as many
#: (docs/FORMAT.md), so the puzzle is not saved and the form stays as typed.
HINTS_DIFFER = NP_("You wrote {n} hint in Italian and {english} in English: write as many "
                   "in each, or leave the English empty.",
                   "You wrote {n} hints in Italian and {english} in English: write as many "
                   "in each, or leave the English empty.")

# The forms' labels above their boxes, tied to them (each is its box's description), and
# read whole, however narrow the screen: ipywidgets puts a description beside its box, in
# a width of its own that cuts a long label.
FORM_STYLE = """
<style>
.dama-analysis-form .widget-inline-hbox { flex-direction: column; align-items: stretch;
  height: auto; }
.dama-analysis-form .widget-inline-hbox .widget-label { width: auto; max-width: 100%;
  white-space: normal !important; overflow: visible !important; text-overflow: clip;
  text-align: left; line-height: 1.3; height: auto; margin: 0.3em 0 0.15em; }
.dama-analysis-form textarea { min-height: 4.5em; }
</style>
"""


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
        self._reload()
        # Observed once the kept values are in: reading them back writes nothing.
        self.title.observe(self._handled(lambda _: self._keep()), "value")
        self.with_answers.observe(self._handled(lambda _: self._keep()), "value")

    def _handled(self, handler):
        """``handler`` run as every handler of the course, a failure said where it happened."""
        return serial(handler, on_error=lambda _: self._say(_a("failed", self.lang),
                                                            problem=True))

    def _button(self, key, handler, css, **style) -> widgets.Button:
        made = widgets.Button(description=_a(key, self.lang),
                              layout=widgets.Layout(width="auto"), **style)
        made.add_class(css)
        made.on_click(self._handled(lambda _: handler()))
        return made

    def _box(self, kind, key: str, css: str) -> widgets.Widget:
        """A box of a form, its label its own description, shown above it (FORM_STYLE)."""
        made = kind(description=_a(key, self.lang), style={"description_width": "initial"},
                    layout=widgets.Layout(width="100%", max_width="40em"))
        made.add_class(f"dama-analysis-{css}")
        return made

    def _make_handouts(self) -> None:
        lang, button = self.lang, self._button
        self.caption = self._box(widgets.Text, "caption", "caption")
        self.title = self._box(widgets.Text, "title", "title")
        self.title.continuous_update = False     # kept when typed, not at every letter
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
        self.handout: list[handout.Entry] = []
        self._writable = True

    def _make_puzzle_maker(self) -> None:
        button = self._button
        self.make_button = button("make", self._on_make, "dama-analysis-make")
        self.draft_note = widgets.HTML()
        self.draft_note.add_class("dama-analysis-draft-note")
        self.prompt_it = self._box(widgets.Text, "prompt_it", "prompt-it")
        self.prompt_en = self._box(widgets.Text, "prompt_en", "prompt-en")
        self.hints_it = self._box(widgets.Textarea, "hints_it", "hints-it")
        self.hints_en = self._box(widgets.Textarea, "hints_en", "hints-en")
        self.save_puzzle = button("save_puzzle", self._on_save_puzzle,
                                  "dama-analysis-save-puzzle", button_style="success")
        self.draft_box = widgets.VBox([self.prompt_it, self.prompt_en, self.hints_it,
                                       self.hints_en, self.save_puzzle])
        self.draft_box.add_class("dama-analysis-form")
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
        pictures = widgets.VBox([self.caption, self.title])
        pictures.add_class("dama-analysis-form")
        return widgets.VBox([
            widgets.HTML(FORM_STYLE),
            heading_html(_a("handouts", lang)),
            pictures,
            row(self.svg_button, self.png_button, self.add_button, self.with_answers,
                self.sheet_button, self.clear_button),
            self.saved,
            heading_html(_a("puzzle", lang)),
            widgets.HBox([self.make_button]), self.draft_note, self.draft_box,
            heading_html(_a("club", lang)),
            widgets.HBox([self.play_club]), self.club,
        ])

    # -- the handout kept between visits -----------------------------------------------------

    def _reload(self) -> None:
        """The handout as it was left (the club's folder), or the reason it could not be."""
        kept = handout.load_kept()
        self.handout = list(kept.entries)
        self._writable = kept.writable
        self.title.value = kept.title or handout.default_title(self.lang)
        self.with_answers.value = kept.answers
        if kept.problem is not None:
            self._say(said(kept.problem, self.lang), problem=True)
        elif self.handout:
            self._say_count()

    def _keep(self) -> None:
        if not self._writable:
            return
        try:
            handout.save_kept(handout.Kept(self.title.value.strip(), self.with_answers.value,
                                           self.handout))
        except OSError as error:
            self._say(_a("not_kept", self.lang, file=str(handout.handout_path()),
                         error=error.strerror or str(error)), problem=True)

    def _say(self, text: str, problem: bool = False) -> None:
        style = " style='color:#a00'" if problem else ""
        self.saved.value = f"<p{style}>{html.escape(text)}</p>"

    def _say_count(self) -> None:
        count = said(SaidCount(*NP_("{n} position", "{n} positions"), len(self.handout)),
                     self.lang)
        self._say(_a("added", self.lang, count=count))

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

    def picture_name(self, suffix: str) -> str:
        """The picture's file name, from its caption: «borghetti-michele-mascolo-luca-dopo-
        11-26-21.png»; «posizione.png» without one."""
        fallback = "posizione" if self.lang == "it" else "position"
        return handout.file_stem(self.caption_text(), fallback) + suffix

    def sheet_name(self) -> str:
        """The handout's file name, from its title."""
        fallback = "scheda-posizioni" if self.lang == "it" else "positions-handout"
        return handout.file_stem(self.title.value, fallback) + ".html"

    def _on_svg(self) -> None:
        board = self.analysis.board.board
        picture = handout.picture_svg(board, self.caption_text(), self.lang,
                                      flipped=self.analysis.board.flipped)
        self.saved.value = (picture + "<br>" +
                            file_link(picture.encode("utf-8"), self.picture_name(".svg"),
                                       _a("save_svg", self.lang), kind="image/svg+xml"))

    def _on_png(self) -> None:
        import base64

        board = self.analysis.board.board
        flipped = self.analysis.board.flipped
        data = handout.picture_png(board, self.caption_text(), self.lang, flipped=flipped)
        name = self.picture_name(".png")
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
                            f"download='{html.escape(name)}' data-svg='{encoded}' "
                            f"style='color:#0b5394;text-decoration:underline'>"
                            f"{html.escape(_a('save_png', self.lang))}</a>")

    def _on_add(self) -> None:
        analysis = self.analysis
        board = analysis.board.board
        caption = self.caption_text()
        try:
            # A shot the solver proves: its own question and answer.
            entry = handout.from_record(board, make.propose(board, "posizione"), caption)
        except make.NoPuzzle:
            advice = analysis.advice
            if advice is None:
                self._say(_a("need_advice", self.lang))
                return
            # The advice's score, where the controller gives it; else the handout weighs
            # the end of the advice's line.
            entry = handout.from_advice(board, advice.moves, advice.words, self.lang, caption,
                                        advice.score)
        self.handout.append(entry)
        self.caption.value = ""        # the next position's own caption, not this one's
        self._say_count()
        self._keep()

    def _on_sheet(self) -> None:
        if not self.handout:
            self._say(_a("empty", self.lang))
            return
        title = self.title.value.strip() or handout.default_title(self.lang)
        text = handout.sheet(self.handout, self.lang, title, answers=self.with_answers.value)
        self.saved.value = file_link(text.encode("utf-8"), self.sheet_name(),
                                      _a("save_sheet", self.lang), kind="text/html")
        self.sheet_html = text

    def _on_clear(self) -> None:
        self.handout = []
        self.saved.value = ""
        # The next handout's own title (and file name), not this one's.
        self.title.value = handout.default_title(self.lang, previous=self.title.value)
        self._keep()

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
        plies = said(SaidCount(*PLIES, record.get("plies", 0)), self.lang)
        self.draft_note.value = "<p>" + html.escape(_a(
            key, self.lang, answer=answer, goal=goal, plies=plies)) + "</p>"
        self.prompt_it.value, self.prompt_en.value = record["prompt.it"], record["prompt.en"]
        self.hints_it.value = "\n".join(record.get("hints.it", ()))
        self.hints_en.value = "\n".join(record.get("hints.en", ()))
        self.draft_box.layout.display = None

    def typed_hints(self) -> dict[str, list[str]]:
        """The hints typed in the form, a line each, by language."""
        return {lang: [line.strip() for line in box.value.splitlines() if line.strip()]
                for lang, box in (("it", self.hints_it), ("en", self.hints_en))}

    def _on_save_puzzle(self) -> None:
        if self.draft is None:
            return
        record = dict(self.draft)
        record["prompt.it"] = self.prompt_it.value.strip() or record["prompt.it"]
        record["prompt.en"] = self.prompt_en.value.strip() or record["prompt.en"]
        hints = self.typed_hints()
        if hints["it"] and hints["en"] and len(hints["it"]) != len(hints["en"]):
            # As many in each language, or none in English (which then reads the Italian
            # ones): never some of them dropped while the page says «Saved».
            text = said(SaidCount(*HINTS_DIFFER, len(hints["it"]), english=len(hints["en"])),
                        self.lang)
            self.draft_note.value = f"<p style='color:#a00'>{html.escape(text)}</p>"
            return
        for lang in ("it", "en"):
            record.pop(f"hints.{lang}", None)
            if hints[lang]:
                record[f"hints.{lang}"] = hints[lang]
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
