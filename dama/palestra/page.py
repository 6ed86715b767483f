"""The Palestra: rated puzzles, a streak, and the mistakes brought back for review."""

import html
from pathlib import Path

import ipywidgets as widgets

from dama.core.handlers import serial
from damalib.i18n import N_, translator
from dama.core.store.progress import dama_home
from dama.core.board.puzzle_widget import ON_THE_PAGE, PuzzleWidget

from dama.core.store.student import greeting_key, student
from dama.text import say

MESSAGES = {
    "rated": N_("Training"),
    "streak": N_("Streak"),
    "review": N_("Review my mistakes"),
    "review_n": N_("Review my mistakes ({n})"),
    "theme": N_("Topic:"),
    "title_rated": N_("Training · puzzle {number}"),
    "title_streak": N_("Streak · puzzle {number}"),
    "title_review": N_("Review · puzzle {number}"),
    "rating": N_("Your rating: <b>{rating}</b>"),
    "up": N_(" <span style='color:#1a7f37'>(+{n})</span>"),
    "down": N_(" <span style='color:#b35900'>(−{n})</span>"),
    "solved_not_clean": N_(" · Solved, but with a hint or after a mistake: the rating counts "
                           "only a puzzle solved alone at the first go."),
    "not_rated": N_(" (a review does not change your rating)"),
    "streak_now": N_("Streak: <b>{n}</b> in a row · Your best: {best}"),
    "streak_rules": N_("Each puzzle is a little harder. The first mistake ends the streak, and "
                       "there are no hints here!"),
    "streak_over": N_("The streak is over: <b>{n}</b> in a row!"),
    "streak_over_at_once": N_("The streak ended at the first puzzle. Never mind: press “New "
                              "streak” and try again!"),
    "streak_finish_this": N_(" You can still finish this puzzle."),
    "new_best": N_(" A new best!"),
    "new_streak": N_("New streak"),
    "streak_again": N_("The streak is over. Press “New streak” to start again."),
    "review_left": N_("To review now: <b>{n}</b>"),
    "nothing_due": N_("No mistakes to review right now."),
    "next_due": N_(" The next one comes back {when}."),
    "tomorrow": N_("tomorrow"),
    "all_tried": N_("You have tried every puzzle of this topic! Choose another one."),
    "playing_as": N_("<b>{name}</b>'s practice: the rating is saved under this name. Only the "
                     "puzzles done here count: the lessons' stars do not change."),
    "no_name": N_("You have not typed your name yet: type it in the index, so that the rating "
                  "stays yours. Only the puzzles done here count: the lessons' stars do not "
                  "change."),
    "playing_as_account": N_("<b>{name}</b>'s practice: the rating is saved in your account. "
                             "Only the puzzles done here count: the lessons' stars do not "
                             "change."),
}


def _when(delay, lang):
    """How long until a missed puzzle comes back, in a child's words."""
    _ = translator(lang)
    minutes = max(1, round(delay.total_seconds() / 60))
    if minutes < 120:
        return _.plural("in {n} minute", "in {n} minutes", minutes)
    if minutes < 24 * 60:
        return _.plural("in {n} hour", "in {n} hours", minutes // 60)
    days = round(minutes / (24 * 60))
    if days <= 1:
        return say(MESSAGES, "tomorrow", lang)
    return _.plural("in {n} day", "in {n} days", days)


class _PracticeView:
    """The Palestra's page over a :class:`dama.palestra.practice.Practice`: the buttons of the modes,
    the topic, the rating line, and the exercises' widget asking it for each next puzzle."""

    def __init__(self, lang, size, seed, clock, home):
        from dama.core.content import load
        from dama.core.store.ratings import read_folder, utc_now
        from dama.palestra.practice import Practice
        from dama.core.store.progress import ProgressStore
        from dama.core.store.best import STREAK_FILE, BestScores

        self.lang = lang
        self.name = student()
        folder = Path(home) if home is not None else dama_home()
        self.store = ProgressStore(self.name, folder, place="palestra")
        self.best = BestScores(folder, STREAK_FILE)
        self.practice = Practice(self.name, load(), self.store.attempts,
                                 others=read_folder(folder, skip=self.store.path),
                                 seed=seed, clock=clock or utc_now)
        self.modes = {}
        #: What the rating line says of the last answer (the change, and why).
        self._change = ""
        for mode in ("rated", "streak", "review"):
            button = widgets.Button(description=self.say(mode),
                                    layout=widgets.Layout(width="auto"))
            button.add_class(f"dama-practice-{mode}")
            button.on_click(serial(lambda _, mode=mode: self.start(mode)))
            self.modes[mode] = button
        from dama.palestra.practice import THEMES
        self.themes = widgets.Dropdown(
            options=[(translator(lang)(name), key) for key, (name, _) in THEMES.items()],
            value="all", layout=widgets.Layout(width="auto"))
        self.themes.add_class("dama-practice-theme")
        self.themes.observe(serial(lambda change: self.start("rated", change["new"])), "value")
        self.theme_row = widgets.HBox([widgets.HTML(f"<b>{self.say('theme')}</b>&nbsp;"),
                                       self.themes])
        self.theme_row.add_class("dama-practice-theme-row")
        self.status = widgets.HTML()
        self.status.add_class("dama-practice-status")
        self.message = widgets.HTML()
        self.message.add_class("dama-practice-message")
        first = self.practice.next_puzzle()
        self.exercises = PuzzleWidget([first] if first else [], lang=lang, store=self.store,
                                      size=size, source=self)
        ON_THE_PAGE.append(self.exercises)
        header = widgets.HTML(
            f"<p>{self.say(greeting_key(self.name), name=html.escape(self.name))}</p>")
        bar = widgets.HBox(list(self.modes.values()),
                           layout=widgets.Layout(flex_flow="row wrap"))
        bar.add_class("dama-row")
        self.box = widgets.VBox([header, bar, self.theme_row, self.status, self.message,
                                 self.exercises])
        self.box.add_class("dama-practice")
        self.box.add_class("dama-touch")  # big buttons for fingers
        self.show_mode()
        self.show_status()

    def say(self, key, **params):
        return say(MESSAGES, key, self.lang, **params)

    # -- what the exercises ask ----------------------------------------------------------------

    def next_puzzle(self):
        ended_now, self._streak_ended_now = getattr(self, "_streak_ended_now", False), False
        if self.practice.mode == "streak" and self.practice.streak_over and not ended_now:
            # «Nuova serie» on the button: a new streak, from the easiest puzzles again.
            self.practice.start("streak")
            self.message.value = f"<p>{self.say('streak_rules')}</p>"
        puzzle = self.practice.next_puzzle()
        # The last puzzle's rating change belongs to it: the line starts afresh.
        self._change = ""
        self.show_status()
        if puzzle is None and self.practice.mode == "streak" and not self.practice.streak_over:
            # Every puzzle solved in a row: the streak ends there, unbeaten.
            self.practice.streak_over = True
            self.best.record(self.name, "streak", self.practice.streak)
        return puzzle

    def graded(self, puzzle, clean, solved=False):
        outcome = self.practice.result(puzzle, clean)
        change = ""
        if outcome.rating is not None:
            before, after = (r.shown for r in outcome.rating)
            if after != before:
                change = self.say("up" if after > before else "down", n=abs(after - before))
            if solved and not clean:
                # Solved above, and yet the rating went down: say why.
                change += self.say("solved_not_clean")
        elif self.practice.mode == "review":
            change = self.say("not_rated")
        self._change = change
        self.show_status(change)
        if outcome.streak_over:
            self.tell_streak_over(outcome, still_here=True)

    def solved_later(self, puzzle):
        """The puzzle missed a moment ago is solved now: the rating line, which went down,
        says why it stays so."""
        if self.practice.mode == "rated" and self._change:
            if self.say("solved_not_clean") not in self._change:
                self._change += self.say("solved_not_clean")
            self.show_status(self._change)

    def skipped(self, puzzle):
        if self.practice.mode == "streak" and not self.practice.streak_over:
            # Moving on without an answer ends a streak too, unrated: nothing was saved. The
            # page says so before a new streak can start («Nuova serie»).
            self.tell_streak_over(self.practice.skipped(puzzle), still_here=False)
            self._streak_ended_now = True
            self.show_status()

    def tell_streak_over(self, outcome, still_here):
        record = self.best.record(self.name, "streak", outcome.streak)
        over = (self.say("streak_over", n=outcome.streak) if outcome.streak
                else self.say("streak_over_at_once"))
        if record:
            over += self.say("new_best")
        if still_here:  # the board still takes answers: the child may finish this one
            over += self.say("streak_finish_this")
        self.message.value = f"<p style='font-size:1.2em'>{over}</p>"

    def next_label(self, lang):
        """The next button's words when they are not «Prossimo esercizio»."""
        if self.practice.mode == "streak" and self.practice.streak_over:
            return say(MESSAGES, "new_streak", lang)
        return None

    def title(self, lang, number):
        # Counted from the mode's start, not from the page's first puzzle.
        return say(MESSAGES, f"title_{self.practice.mode}", lang,
                   number=self.practice.served)

    def exhausted(self, lang):
        mode = self.practice.mode
        if mode == "streak":
            return say(MESSAGES, "streak_again", lang)
        if mode == "review":
            return self.nothing_due(lang)
        return say(MESSAGES, "all_tried", lang)

    # -- the page ------------------------------------------------------------------------------

    def nothing_due(self, lang):
        text = say(MESSAGES, "nothing_due", lang)
        coming = self.practice.next_review()
        if coming is not None:
            text += say(MESSAGES, "next_due", lang,
                        when=_when(coming - self.practice.clock(), lang))
        return text

    def start(self, mode, theme=None):
        self.exercises.leave()
        self.practice.start(mode, theme)
        self.message.value = ""
        if mode == "streak":
            self.message.value = f"<p>{self.say('streak_rules')}</p>"
        self.show_mode()
        puzzle = self.practice.next_puzzle()
        if puzzle is None:
            self.exercises.layout.display = "none"
            self.message.value = f"<p style='font-size:1.2em'>{self.exhausted(self.lang)}</p>"
        else:
            self.exercises.layout.display = None
            self.exercises.play(puzzle)
        self.show_status()

    def show_mode(self):
        mode = self.practice.mode
        for key, button in self.modes.items():
            button.button_style = "info" if key == mode else ""
        self.theme_row.layout.display = None if mode == "rated" else "none"
        # No hints in a streak: one mistake ends it, and a hint would make it a mistake.
        hint = getattr(self.exercises, "hint_button", None)  # none if nothing could load
        if hint is not None:
            hint.layout.display = "none" if mode == "streak" else None

    def show_status(self, change=""):
        practice = self.practice
        due = len(practice.due())
        self.modes["review"].description = (self.say("review_n", n=due) if due
                                            else self.say("review"))
        if practice.mode == "streak":
            best = max(practice.streak, self.best.best(self.name, "streak"))
            line = self.say("streak_now", n=practice.streak, best=best)
        elif practice.mode == "review":
            line = self.say("rating", rating=practice.rating.shown) + change
            line += " · " + self.say("review_left", n=due)
        else:
            line = self.say("rating", rating=practice.rating.shown) + change
        self.status.value = f"<p style='font-size:1.15em'>{line}</p>"


def practice(lang="it", size=400, *, seed=None, clock=None, home=None):
    """The Palestra (dama.palestra.practice): the next puzzle chosen by the child's rating (Glicko-2,
    worked out from the progress files) on a topic of the child's choice, a streak that gets
    harder until the first mistake, and the missed puzzles brought back for review after a
    while. ``clock`` (aware datetimes) and ``seed`` make a session repeatable."""
    return _PracticeView(lang, size, seed, clock, home).box
