"""The helpers behind the course's notebooks (course/it and course/en).

Every lesson starts with a hidden cell ``%run ../corso.py``; the other code cells then call one
of these, one board or diagram each, so that a child sees text and boards and a teacher who opens
a cell reads one short line. Every text a student sees is given here in Italian and English.

    diagram(position, lang, ...)   a still picture of a position (SVG), with arrows and a caption
    row(fig, fig, ...)             pictures side by side
    board(position, lang, ...)     an interactive board (damalib.widget.BoardWidget) to try things
    exercises(ids, lang)           exercises graded at once (puzzles.widget.PuzzleWidget)
    lesson_stars(ids, lang)        the stars of this lesson's exercises, kept up to date
    replay(pdn, lang)              a game read from PDN text, move by move
    count_demo(...)                a board with the 40-move count already running (IT-D2)
    computer_game(lang, ...)       a whole game against the computer, with a level chooser
    square_trainer(lang)           the square numbers learnt by play, 30 seconds a round
    practice(lang)                 the Palestra: rated puzzles, a streak, the mistakes reviewed
    game_review(game, lang)        «Rivedi la partita» under a game against the computer
    index(lang)                    the name box and the lessons with their stars

The student's name: what was typed in the index's name box (kept in the progress folder,
``$DAMA_HOME`` or the platform's data folder), else ``$DAMA_STUDENT``, else "studente"; a
course started with a new ``$DAMA_STUDENT`` uses that until a name is typed again.
"""

import html
import json
import logging
import os
from pathlib import Path

import ipywidgets as widgets
from IPython.display import HTML

from damalib import Board
from damalib.controller.text import for_touch
from damalib.svg import board as _svg
from damalib.engine import ComputerPlayer
from damalib.handlers import serial
from damalib.widget import STYLE as BOARD_STYLE
from damalib.widget import BoardWidget
from puzzles.progress import IN_BROWSER, dama_home, read_best_stars, student_path
from puzzles.widget import PuzzleWidget

LANGS = ("it", "en")
DEFAULT_STUDENT = "studente"
#: Where a failed widget handler is written down (the child sees a kind message instead).
ERRORS_FILE = "errors.log"


def _log_errors_to_file():
    """Handler errors go to ``errors.log`` in the progress folder, never to the page."""
    logger = logging.getLogger("dama")
    if not any(getattr(h, "_dama", False) for h in logger.handlers):
        try:
            dama_home().mkdir(parents=True, exist_ok=True)
            handler = logging.FileHandler(dama_home() / ERRORS_FILE, encoding="utf-8",
                                          delay=True)
        except OSError:
            handler = logging.NullHandler()
        handler._dama = True
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        logger.addHandler(handler)
        logger.propagate = False


_log_errors_to_file()
#: The file, in the progress folder, that remembers the name typed in the index.
STUDENT_FILE = "course-student.json"

TEXT = {
    "playing_as": ("Esercizi di <b>{name}</b>: le stelle si salvano con questo nome "
                   "(lo puoi cambiare nell'indice).",
                   "Exercises for <b>{name}</b>: the stars are saved under this name "
                   "(you can change it in the index)."),
    "no_name": ("Non hai ancora scritto il tuo nome: scrivilo nell'indice. Per ora le stelle "
                "si salvano come «{name}».",
                "You have not typed your name yet: type it in the index. For now the stars "
                "are saved as \u201c{name}\u201d."),
    "lesson_stars": ("Le tue stelle in questa lezione: {stars} su {total}",
                     "Your stars in this lesson: {stars} out of {total}"),
    "stars_apart": ("Contano gli esercizi fatti nelle lezioni; la Palestra ha il suo "
                    "punteggio.", "The exercises done in the lessons count; Practice has "
                    "its own rating."),
    "exercise": ("Esercizio {n}", "Exercise {n}"),
    "refresh": ("Aggiorna le stelle", "Update the stars"),
    "all_stars": ("Hai preso tutte le stelle di questa lezione!",
                  "You have every star of this lesson!"),
    "most_stars": ("Ben fatto! Puoi riprovare gli esercizi per prendere le stelle che "
                   "mancano.", "Well done! You can try the exercises again for the stars "
                   "still missing."),
    "some_stars": ("Puoi riprovare gli esercizi per prendere altre stelle.",
                   "You can try the exercises again for more stars."),
    "no_stars": ("Ancora nessuna stella: prova gli esercizi qui sopra!",
                 "No stars yet: try the exercises above!"),
    "your_name": ("Il tuo nome:", "Your name:"),
    "download_mine": ("Scarica i miei progressi", "Download my progress"),
    "download_why": ("(per portarli su un altro computer o darli all'insegnante)",
                     "(to take them to another computer or give them to the teacher)"),
    "ask_name": ("Prima degli esercizi: come ti chiami? Le stelle si salvano con il tuo nome.",
                 "Before the exercises: what is your name? The stars are saved under it."),
    "later": ("Più tardi", "Later"),
    "name_ok": ("Sono io!", "That's me!"),
    "name_here": ("scrivi qui il tuo nome", "type your name here"),
    "name_saved": ("Ciao {name}! Le tue stelle si salvano con questo nome.",
                   "Hello {name}! Your stars are saved under this name."),
    "lesson": ("Lezione", "Lesson"),
    "title": ("Titolo", "Title"),
    "stars": ("Stelle", "Stars"),
    "total": ("In tutto", "Altogether"),
    "rating": ("Palestra", "Practice"),
    "rating_title": ("Il punteggio della Palestra (Glicko-2), dai primi tentativi di ogni "
                     "esercizio", "The Practice rating (Glicko-2), from each puzzle's first "
                     "tries"),
    "first": ("Inizio", "Start"),
    "back": ("Indietro", "Back"),
    "forward": ("Avanti", "Forward"),
    "last": ("Fine", "End"),
    "start_position": ("Posizione di partenza", "Starting position"),
    "after": ("Dopo {number}{dots} {move}", "After {number}{dots} {move}"),
    "level": ("Livello del computer:", "Computer level:"),
    "you_play": ("Tu giochi con:", "You play:"),
    "white": ("il Bianco", "White"),
    "black": ("il Nero", "Black"),
}


TRAINER_TEXT = {
    "find": ("Trova la casella", "Find the square"),
    "name": ("Che numero è?", "What number is it?"),
    "from_white": ("Dal lato del Bianco", "From White's side"),
    "from_black": ("Dal lato del Nero", "From Black's side"),
    "go": ("Via!", "Go!"),
    "again": ("Ancora!", "Again!"),
    "ready": ("Scegli il gioco e premi «Via!»: hai 30 secondi.",
              "Choose the game and press \u201cGo!\u201d: you have 30 seconds."),
    "ask_find": ("Clicca la casella <b style='font-size:1.6em'>{n}</b>",
                 "Click square <b style='font-size:1.6em'>{n}</b>"),
    "ask_name": ("Che numero ha la casella segnata? Scrivilo e premi Invio.",
                 "What is the marked square's number? Type it and press Enter."),
    "right": ("Giusto!", "Right!"),
    # A miss shows on the board the square the child's answer names, beside the one asked.
    "wrong_find": ("No, quella segnata è la casella {got}. Cerca la {n}!",
                   "No, the marked one is square {got}. Look for {n}!"),
    "wrong_name": ("No, la {got} è l'altra casella segnata. Conta dall'alto a sinistra, riga "
                   "per riga.", "No, {got} is the other marked square. Count from the top "
                   "left, row by row."),
    # Seen from Black's side the board is turned: square 1 is at the bottom right (IT-B2).
    "wrong_name_black": ("No, la {got} è l'altra casella segnata. Da questo lato la 1 è in "
                         "basso a destra: conta da destra a sinistra, riga per riga, salendo.",
                         "No, {got} is the other marked square. From this side square 1 is "
                         "at the bottom right: count from right to left, row by row, going "
                         "up."),
    "not_a_number": ("Scrivi un numero da 1 a 32.", "Type a number from 1 to 32."),
    "clock": ("Tempo: {s} s", "Time: {s} s"),
    "score": ("Giuste: {right} · Sbagliate: {wrong} · Il tuo record: {best}",
              "Right: {right} · Wrong: {wrong} · Your best: {best}"),
    "over": ("Tempo scaduto! {right} giuste.", "Time's up! {right} right."),
    "new_best": (" Nuovo record!", " A new best!"),
    "answer_here": ("il numero", "the number"),
}


PRACTICE_TEXT = {
    "rated": ("Allenamento", "Training"),
    "streak": ("Serie", "Streak"),
    "review": ("Ripassa gli errori", "Review my mistakes"),
    "review_n": ("Ripassa gli errori ({n})", "Review my mistakes ({n})"),
    "theme": ("Argomento:", "Topic:"),
    "title_rated": ("Allenamento · esercizio {number}", "Training · puzzle {number}"),
    "title_streak": ("Serie · esercizio {number}", "Streak · puzzle {number}"),
    "title_review": ("Ripasso · esercizio {number}", "Review · puzzle {number}"),
    "rating": ("Il tuo punteggio: <b>{rating}</b>", "Your rating: <b>{rating}</b>"),
    "up": (" <span style='color:#1a7f37'>(+{n})</span>",
           " <span style='color:#1a7f37'>(+{n})</span>"),
    "down": (" <span style='color:#b35900'>(−{n})</span>",
             " <span style='color:#b35900'>(−{n})</span>"),
    "solved_not_clean": (" · Risolto, ma con un suggerimento o dopo un errore: per il "
                         "punteggio conta solo quello risolto da solo al primo colpo.",
                         " · Solved, but with a hint or after a mistake: the rating counts "
                         "only a puzzle solved alone at the first go."),
    "not_rated": (" (un ripasso non cambia il punteggio)",
                  " (a review does not change your rating)"),
    "streak_now": ("Serie: <b>{n}</b> di fila · Il tuo record: {best}",
                   "Streak: <b>{n}</b> in a row · Your best: {best}"),
    "streak_rules": ("Ogni esercizio è un po' più difficile. Al primo errore la serie finisce, "
                     "e qui non ci sono suggerimenti!",
                     "Each puzzle is a little harder. The first mistake ends the streak, and "
                     "there are no hints here!"),
    "streak_over": ("La serie è finita: <b>{n}</b> di fila!", "The streak is over: <b>{n}</b> "
                    "in a row!"),
    "streak_over_at_once": ("La serie è finita al primo esercizio. Non importa: premi "
                            "«Nuova serie» e riprova!",
                            "The streak ended at the first puzzle. Never mind: press "
                            "\u201cNew streak\u201d and try again!"),
    "streak_finish_this": (" Questo esercizio puoi finirlo lo stesso.",
                           " You can still finish this puzzle."),
    "new_best": (" Nuovo record!", " A new best!"),
    "new_streak": ("Nuova serie", "New streak"),
    "streak_again": ("La serie è finita. Premi «Nuova serie» per ricominciare.",
                     "The streak is over. Press \u201cNew streak\u201d to start again."),
    "review_left": ("Da ripassare adesso: <b>{n}</b>", "To review now: <b>{n}</b>"),
    "nothing_due": ("Nessun errore da ripassare adesso.",
                    "No mistakes to review right now."),
    "next_due": (" Il prossimo torna {when}.", " The next one comes back {when}."),
    "minutes": ("fra {n} minuti", "in {n} minutes"),
    "hours": ("fra {n} ore", "in {n} hours"),
    "tomorrow": ("domani", "tomorrow"),
    "days": ("fra {n} giorni", "in {n} days"),
    "all_tried": ("Hai provato tutti gli esercizi di questo argomento! Scegline un altro.",
                  "You have tried every puzzle of this topic! Choose another one."),
    "playing_as": ("Palestra di <b>{name}</b>: il punteggio si salva con questo nome. Conta "
                   "solo gli esercizi fatti qui: le stelle delle lezioni non cambiano.",
                   "<b>{name}</b>'s practice: the rating is saved under this name. Only the "
                   "puzzles done here count: the lessons' stars do not change."),
    "no_name": ("Non hai ancora scritto il tuo nome: scrivilo nell'indice, così il punteggio "
                "resta tuo. Conta solo gli esercizi fatti qui: le stelle delle lezioni non "
                "cambiano.", "You have not typed your name yet: type it in the index, so "
                "that the rating stays yours. Only the puzzles done here count: the lessons' "
                "stars do not change."),
}


def _in(table, key, lang, **params):
    """``table[key]`` (an (Italian, English) pair) in ``lang``, Italian by default."""
    return table[key][LANGS.index(lang) if lang in LANGS else 0].format(**params)


def _t(key, lang, **params):
    return _in(TEXT, key, lang, **params)


# -- the student ----------------------------------------------------------------------------

def student():
    """The name the stars are saved under: the name typed in the index, unless the course was
    started with a different ``$DAMA_STUDENT`` since (a new pair at the computer), then
    ``$DAMA_STUDENT``, then "studente"."""
    env = os.environ.get("DAMA_STUDENT", "").strip()
    try:
        saved = json.loads((dama_home() / STUDENT_FILE).read_text(encoding="utf-8"))
        typed, typed_env = str(saved.get("name", "")).strip(), str(saved.get("env", ""))
    except (OSError, ValueError, AttributeError):
        typed, typed_env = "", ""
    if typed and typed_env == env:
        return typed
    return env or typed or DEFAULT_STUDENT


def set_student(name):
    """Remember the name typed in the index for every lesson (an empty name forgets it)."""
    name = " ".join(str(name).split())[:60]
    home = dama_home()
    home.mkdir(parents=True, exist_ok=True)
    record = {"name": name, "env": os.environ.get("DAMA_STUDENT", "").strip()}
    (home / STUDENT_FILE).write_text(json.dumps(record, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    return name or student()


def best_stars(name=None):
    """{puzzle id: best stars} from the student's progress file, only read: never created,
    written or moved. Empty if there is none, or if it is damaged or kept busy by another
    program (the exercises, not this, set a damaged file aside)."""
    name = name or student()
    try:
        return read_best_stars(student_path(dama_home(), name))
    except Exception:  # an unreadable folder must not stop a lesson
        return {}


# -- still pictures -------------------------------------------------------------------------

class Figure:
    """A diagram with its caption; shown as HTML in a notebook."""

    def __init__(self, svg, caption="", width=260):
        self.svg = svg
        self.caption = caption
        self.width = width

    def html(self):
        caption = (f'<figcaption style="display:block;width:{self.width}px;margin:0.3em 0 0 0;'
                   f'padding:0;font-size:1.05em;line-height:1.35;text-align:center">'
                   f'{self.caption}</figcaption>') if self.caption else ""
        return (f'<figure class="dama-diagram" style="display:inline-block;vertical-align:top;'
                f'width:{self.width}px;margin:0.4em 1.4em 0.6em 0;padding:0">'
                f'{self.svg}{caption}</figure>')

    def _repr_html_(self):
        return self.html()


def _position(position, variant="italian"):
    if isinstance(position, Board):
        return position.copy()
    return Board(position, variant)


def diagram(position=None, lang="it", *, moves=(), arrows=(), highlight=(), caption="",
            size=260, numbers=True, flipped=False, variant="italian", coordinates=False):
    """A still picture: ``position`` a FEN (None: the start), ``moves`` played first (the last
    one is shown), ``arrows`` move texts ("27x18x9") or (from, to) pairs drawn on the position,
    ``highlight`` squares to mark. The caption may hold simple HTML (<b>, <i>)."""
    board = _position(position, variant)
    last = None
    for text in moves:
        last = board.parse_move(text) if isinstance(text, str) else text
        board.push(last)
    drawn = []
    for arrow in arrows:
        drawn.append(board.parse_move(arrow) if isinstance(arrow, str) else tuple(arrow))
    svg = _svg(board, size=size, numbers=numbers, flipped=flipped, highlight=list(highlight),
               arrows=drawn, last_move=last, lang=lang, coordinates=coordinates)
    return Figure(svg, caption, size)


def row(*figures):
    """Pictures side by side."""
    return HTML('<div class="dama-row">' + "".join(f.html() for f in figures) + "</div>")


# -- boards to play on ----------------------------------------------------------------------

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


def square_trainer(lang="it", size=400, *, seed=None, clock=None, ticker=None):
    """The square-number trainer (puzzles.trainer): «Trova la casella» (a number is asked,
    the child clicks its square) or «Che numero è?» (a square is marked, its number typed),
    30 seconds a round, from White's side or Black's, the best score kept under the
    child's name. ``ticker(delay, callback)`` ticks the clock (default: the kernel's loop)."""
    import time

    from damalib.widget import asyncio_scheduler
    from puzzles.trainer import FIND, NAME, BestScores, SquareTrainer

    def say(key, **params):
        return _in(TRAINER_TEXT, key, lang, **params)

    game = BoardWidget(None, "italian", lang, size, show_numbers=False)
    games = widgets.ToggleButtons(options=[(say("find"), FIND), (say("name"), NAME)],
                                  value=FIND)
    games.add_class("dama-trainer-game")
    sides = widgets.ToggleButtons(options=[(say("from_white"), False),
                                           (say("from_black"), True)], value=False)
    sides.add_class("dama-trainer-side")
    go = widgets.Button(description=say("go"), button_style="success",
                        layout=widgets.Layout(width="auto"))
    go.add_class("dama-trainer-go")
    question = widgets.HTML(f"<p style='font-size:1.3em'>{say('ready')}</p>")
    question.add_class("dama-trainer-question")
    answer = widgets.Text(placeholder=say("answer_here"), continuous_update=False,
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
        score_line.value = say("score", right=trainer.score, wrong=trainer.misses,
                               best=max(trainer.score, best.best(student(), trainer.key)))

    def ask(trainer):
        if trainer.mode == FIND:
            asked = for_touch(say("ask_find", n=trainer.square))
            question.value = f"<p style='font-size:1.3em'>{asked}</p>"
            game.mark()
        else:
            question.value = f"<p style='font-size:1.3em'>{say('ask_name')}</p>"
            game.mark(trainer.square)
        scores(trainer)

    def finish(trainer):
        if state.get("finished") is trainer:
            return
        state["finished"] = trainer
        record = best.record(student(), trainer.key, trainer.score)
        question.value = ("<p style='font-size:1.3em'><b>" + say("over", right=trainer.score)
                          + (say("new_best") if record else "") + "</b></p>")
        clock_line.value = say("clock", s=0)
        answer.layout.display = "none"
        feedback.value = ""  # a «Giusto!» left from the last answer is not the round's end
        go.description = say("again")
        game.mark()
        scores(trainer)

    def tick(trainer, number):
        if state["trainer"] is not trainer or state["round"] != number:
            return  # a new round began meanwhile
        if trainer.over:
            finish(trainer)
            return
        clock_line.value = say("clock", s=int(trainer.remaining + 0.999))
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
            feedback.value = f"<p style='color:#1b7a1b'>{say('right')}</p>"
            ask(trainer)
        else:
            wrong = ("wrong_find" if trainer.mode == FIND
                     else "wrong_name_black" if trainer.flipped else "wrong_name")
            feedback.value = (f"<p style='color:#b3261e'>"
                              f"{say(wrong, got=html.escape(str(got)), n=trainer.square)}</p>")
            # The square named by the answer, on the board: in «trova» the one touched (the
            # one asked stays to be found), in «nomina» beside the marked one.
            named = int(str(got).strip())
            game.mark(named) if trainer.mode == FIND else game.mark(trainer.square, named)
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
            feedback.value = f"<p>{say('not_a_number')}</p>"
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


def _when(delay, lang):
    """How long until a missed puzzle comes back, in a child's words."""
    minutes = max(1, round(delay.total_seconds() / 60))
    if minutes < 120:
        return _in(PRACTICE_TEXT, "minutes", lang, n=minutes)
    if minutes < 24 * 60:
        return _in(PRACTICE_TEXT, "hours", lang, n=minutes // 60)
    days = round(minutes / (24 * 60))
    return _in(PRACTICE_TEXT, "tomorrow" if days <= 1 else "days", lang, n=days)


class _PracticeView:
    """The Palestra's page over a :class:`puzzles.practice.Practice`: the buttons of the modes,
    the topic, the rating line, and the exercises' widget asking it for each next puzzle."""

    def __init__(self, lang, size, seed, clock, home):
        from puzzles import load
        from puzzles.practice import Practice, read_folder, utc_now
        from puzzles.progress import ProgressStore
        from puzzles.trainer import BestScores

        self.lang = lang
        self.name = student()
        folder = Path(home) if home is not None else dama_home()
        self.store = ProgressStore(self.name, folder, place="palestra")
        self.best = BestScores(folder, "palestra-serie.json")
        self.practice = Practice(self.name, load(), self.store.attempts,
                                 others=read_folder(folder, skip=self.store.path),
                                 seed=seed, clock=clock or utc_now)
        self.modes = {}
        for mode in ("rated", "streak", "review"):
            button = widgets.Button(description=self.say(mode),
                                    layout=widgets.Layout(width="auto"))
            button.add_class(f"dama-practice-{mode}")
            button.on_click(serial(lambda _, mode=mode: self.start(mode)))
            self.modes[mode] = button
        from puzzles.practice import THEMES
        self.themes = widgets.Dropdown(
            options=[(names[0 if lang == "it" else 1], key) for key, names in THEMES.items()],
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
        _EXERCISES.append(self.exercises)
        key = "no_name" if self.name == DEFAULT_STUDENT else "playing_as"
        header = widgets.HTML(f"<p>{self.say(key, name=html.escape(self.name))}</p>")
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
        return _in(PRACTICE_TEXT, key, self.lang, **params)

    # -- what the exercises ask ----------------------------------------------------------------

    def next_puzzle(self):
        ended_now, self._streak_ended_now = getattr(self, "_streak_ended_now", False), False
        if self.practice.mode == "streak" and self.practice.streak_over and not ended_now:
            # «Nuova serie» on the button: a new streak, from the easiest puzzles again.
            self.practice.start("streak")
            self.message.value = f"<p>{self.say('streak_rules')}</p>"
        puzzle = self.practice.next_puzzle()
        # The last puzzle's rating change belongs to it: the line starts afresh.
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
        self.show_status(change)
        if outcome.streak_over:
            self.tell_streak_over(outcome, still_here=True)

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
            return _in(PRACTICE_TEXT, "new_streak", lang)
        return None

    def title(self, lang, number):
        # Counted from the mode's start, not from the page's first puzzle.
        return _in(PRACTICE_TEXT, f"title_{self.practice.mode}", lang,
                   number=self.practice.served)

    def exhausted(self, lang):
        mode = self.practice.mode
        if mode == "streak":
            return _in(PRACTICE_TEXT, "streak_again", lang)
        if mode == "review":
            return self.nothing_due(lang)
        return _in(PRACTICE_TEXT, "all_tried", lang)

    # -- the page ------------------------------------------------------------------------------

    def nothing_due(self, lang):
        text = _in(PRACTICE_TEXT, "nothing_due", lang)
        coming = self.practice.next_review()
        if coming is not None:
            text += _in(PRACTICE_TEXT, "next_due", lang,
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
    """The Palestra (puzzles.practice): the next puzzle chosen by the child's rating (Glicko-2,
    worked out from the progress files) on a topic of the child's choice, a streak that gets
    harder until the first mistake, and the missed puzzles brought back for review after a
    while. ``clock`` (aware datetimes) and ``seed`` make a session repeatable."""
    return _PracticeView(lang, size, seed, clock, home).box


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


def computer_game(lang="it", level=2, position=None, size=420, seed=None):
    """A game against the computer (damalib.engine.ComputerPlayer), the child with White;
    buttons change the level (1-6) and the colour; «Rivedi la partita» under the board
    shows the child's mistakes (game_review)."""
    game = board(position, lang, size=size, mode="computer", computer_side="B",
                 chooser=ComputerPlayer(level=level, seed=seed), show_count=True)
    levels = widgets.ToggleButtons(options=[str(n) for n in range(1, 7)], value=str(level),
                                   style={"button_width": "2.6em"})
    levels.add_class("dama-level")
    sides = widgets.ToggleButtons(options=[(_t("white", lang), "W"), (_t("black", lang), "B")],
                                  value="W", style={"button_width": "7em"})
    sides.add_class("dama-side")

    def new_level(change):
        game.controller.chooser = ComputerPlayer(level=int(change["new"]), seed=seed)

    def new_side(change):
        computer = "B" if change["new"] == "W" else "W"
        game.controller.restart()
        game.set_mode("computer", computer_side=computer)

    levels.observe(serial(new_level), "value")
    sides.observe(serial(new_side), "value")
    bar = widgets.VBox([
        widgets.HBox([widgets.HTML(f"<b>{_t('level', lang)}</b>&nbsp;"), levels]),
        widgets.HBox([widgets.HTML(f"<b>{_t('you_play', lang)}</b>&nbsp;"), sides]),
    ])
    box = widgets.VBox([bar, game, game_review(game, lang, size)])
    box.add_class("dama-computer-game")
    box.add_class("dama-touch")  # the level and colour buttons too, for fingers
    return box


def game_review(game, lang="it", size=420):
    """«Rivedi la partita» / «Review the game» under a game against the computer (a
    BoardWidget in computer mode): the button works once the child has made a few moves,
    or at the game's end. It shows the child's mistakes (damalib.review), each on its own
    board to try the better move (puzzles.review), or says the game was well played.
    Nothing goes into the child's progress: a review is not an exercise of the lesson."""
    from damalib.review import review
    from puzzles.review import MIN_MOVES, TEXT as REVIEW_TEXT, review_puzzles, say, summary

    button = widgets.Button(description=say("button", lang), icon="search", disabled=True,
                            tooltip=say("too_short", lang), layout=widgets.Layout(width="auto"))
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
            why = say("too_short" if mine else "not_started", lang)
            note.value = (f"<p style='color:#555'>{html.escape(why)}</p>"
                          if button.disabled else "")

    def press(_):
        board = game.controller.board.copy()
        side = child()
        show((), say("looking", lang))
        found = review(board, side)
        reviewed["moves"] = tuple(board.move_stack)
        puzzles = review_puzzles(found)
        exercises = ()
        if puzzles:
            exercises = (PuzzleWidget(puzzles, lang, save=False, size=size,
                                      flipped=side == "B",
                                      titles=dict(zip(LANGS, REVIEW_TEXT["title"]))),)
            exercises[0].add_class("dama-review-puzzles")
        show(exercises, summary(found, lang))

    button.on_click(serial(press, on_error=lambda _: show((), game.controller.text("oops"))))
    game.controller.on_change(serial(update))
    update(game.controller)
    box = widgets.VBox([widgets.HBox([button]), note, shown])
    box.add_class("dama-game-review")
    box.add_class("dama-touch")  # big buttons for fingers
    return box


# -- replaying a game -----------------------------------------------------------------------

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
    comment = widgets.HTML()
    listing = widgets.HTML()
    slider = widgets.IntSlider(value=0, min=0, max=len(moves), description="",
                               layout=widgets.Layout(width=f"{size}px"))
    slider.add_class("dama-replay-slider")

    def label(ply):
        if ply == 0:
            return _t("start_position", lang)
        number, turn, text = texts[ply - 1]
        return _t("after", lang, number=number, dots="." if turn == "W" else "...", move=text)

    def show(ply):
        last = moves[ply - 1] if ply else None
        picture.value = _svg(positions[ply], size=size, numbers=True, last_move=last, lang=lang)
        caption.value = f"<b>{html.escape(label(ply))}</b>"
        note = comments[ply - 1] if ply else game.comment
        comment.value = f"<i>{html.escape(note)}</i>" if note else ""
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
        button("◀◀ " + _t("first", lang), "dama-replay-first", lambda v: 0),
        button("◀ " + _t("back", lang), "dama-replay-back", lambda v: max(0, v - 1)),
        button(_t("forward", lang) + " ▶", "dama-replay-forward",
               lambda v: min(len(moves), v + 1)),
        button(_t("last", lang) + " ▶▶", "dama-replay-last", lambda v: len(moves)),
    ])
    slider.observe(serial(lambda change: show(change["new"])), "value")
    show(0)
    box = widgets.VBox([caption, picture, comment, slider, buttons, listing])
    box.add_class("dama-replay")
    return box


# -- exercises and stars ----------------------------------------------------------------------

_EXERCISES = []  # the PuzzleWidgets of this kernel, so that the star count follows them


def exercises(ids, lang="it", size=400):
    """The lesson's exercises (puzzle ids from the collection), graded at once, saved under
    the student's name. A child who has not typed a name in the index is asked for one
    first (or may go on without, with «Più tardi»)."""
    name = student()
    widget = PuzzleWidget(list(ids), lang=lang, student=name, size=size)
    _EXERCISES.append(widget)
    header = widgets.HTML()
    box = widgets.VBox([header, widget])
    box.add_class("dama-exercises")

    def greet(name):
        key = "no_name" if name == DEFAULT_STUDENT else "playing_as"
        header.value = f"<p>{_t(key, lang, name=html.escape(name))}</p>"

    greet(name)
    if name != DEFAULT_STUDENT:
        return box
    name_box = widgets.Text(placeholder=_t("name_here", lang), continuous_update=False,
                            layout=widgets.Layout(width="16em"))
    name_box.add_class("dama-ask-name-box")
    ok = widgets.Button(description=_t("name_ok", lang), button_style="success",
                        layout=widgets.Layout(width="auto"))
    ok.add_class("dama-ask-name-ok")
    later = widgets.Button(description=_t("later", lang), layout=widgets.Layout(width="auto"))
    later.add_class("dama-ask-name-later")
    ask = widgets.VBox([widgets.HTML(f"<p style='font-size:1.2em'><b>{_t('ask_name', lang)}"
                                     f"</b></p>"),
                        widgets.HBox([name_box, ok, later],
                                     layout=widgets.Layout(flex_flow="row wrap"))])
    ask.add_class("dama-ask-name")
    ask.add_class("dama-touch")  # big buttons for fingers
    widget.layout.display = "none"
    header.layout.display = "none"

    def start(*_):
        ask.layout.display = "none"
        widget.layout.display = header.layout.display = None

    def save(*_):
        if not name_box.value.strip():
            return
        name = set_student(name_box.value)
        for other in _EXERCISES:  # every exercise of this page saves under the name now
            if other.store is not None and other.store.student == DEFAULT_STUDENT:
                other.set_student(name)
        greet(name)
        start()

    ok.on_click(serial(save))
    name_box.observe(serial(lambda change: save()), "value")
    later.on_click(serial(start))
    box.children = [ask, header, widget]
    return box


def stars_of(ids, name=None):
    """{id: best stars} for the puzzles ``ids``, from the progress file and from the
    exercises solved in this kernel."""
    best = best_stars(name)
    out = {i: best.get(i, 0) for i in ids}
    for widget in _EXERCISES:
        for puzzle_id, stars in widget.stars.items():
            if puzzle_id in out:
                out[puzzle_id] = max(out[puzzle_id], stars)
    return out


def _star_text(stars, total=3):
    return "★" * stars + "☆" * (total - stars)


def lesson_stars(ids, lang="it"):
    """The stars earned on this lesson's exercises; it updates itself when an exercise is
    solved in this notebook, and with its button."""
    ids = list(ids)
    summary = widgets.HTML()
    summary.add_class("dama-lesson-stars")
    refresh = widgets.Button(description="★ " + _t("refresh", lang),
                             layout=widgets.Layout(width="auto"))

    def update(*_):
        stars = stars_of(ids)
        got, total = sum(stars.values()), 3 * len(ids)
        cells = " &nbsp; ".join(f"{_t('exercise', lang, n=n)}: {_star_text(s)}"
                                for n, s in enumerate(stars.values(), 1))
        # The words say what the stars say: praise only for most of them.
        key = ("all_stars" if got == total else "most_stars" if 3 * got >= 2 * total
               else "some_stars" if got else "no_stars")
        message = _t(key, lang)
        summary.value = (f"<div style='font-size:1.3em'><b>★ "
                         f"{_t('lesson_stars', lang, stars=got, total=total)}</b></div>"
                         f"<div style='font-size:1.05em;margin:0.3em 0'>{cells}</div>"
                         f"<div>{message}</div>"
                         f"<div style='font-size:0.9em;color:#555'>{_t('stars_apart', lang)}"
                         f"</div>")

    refresh.on_click(serial(update))
    for widget in _EXERCISES:
        widget.star_line.observe(serial(update), "value")
    update()
    box = widgets.VBox([summary, widgets.HBox([refresh])])
    box.add_class("dama-stars")
    box.add_class("dama-touch")
    return box


# -- the index ------------------------------------------------------------------------------

def _file_link(data, name, label, kind="application/vnd.sqlite3"):
    """A link that saves ``data`` as the file ``name``: it works offline and in the
    browser-only edition, where the page is the only way out of the browser's storage."""
    import base64

    encoded = base64.b64encode(data).decode("ascii")
    return (f"<a download='{html.escape(name)}' href='data:{kind};base64,{encoded}' "
            f"class='dama-download' style='color:#0b5394;text-decoration:underline'>"
            f"{html.escape(label)}</a>")


def lessons(folder="."):
    """(number, title, file name, exercise ids) of the lesson notebooks in ``folder``, read
    from the metadata the course builder writes into each notebook."""
    found = []
    for path in sorted(Path(folder).glob("[0-9][0-9]-*.ipynb")):
        meta = json.loads(path.read_text(encoding="utf-8")).get("metadata", {}).get("dama", {})
        if "lesson" in meta:
            found.append((meta["lesson"], meta.get("title", path.stem), path.name,
                          list(meta.get("exercises", []))))
    return found


def index(lang="it", folder="."):
    """The student's name box, then every lesson with a link and the stars earned."""
    name = student()
    # A child who has not typed a name sees an empty box that asks for one, not "studente".
    name_box = widgets.Text(value="" if name == DEFAULT_STUDENT else name,
                            placeholder=_t("name_here", lang), continuous_update=False,
                            layout=widgets.Layout(width="16em"))
    name_box.add_class("dama-student")
    ok = widgets.Button(description=_t("name_ok", lang), button_style="success",
                        layout=widgets.Layout(width="auto"))
    ok.add_class("dama-student-ok")
    greeting = widgets.HTML()
    greeting.add_class("dama-greeting")
    table = widgets.HTML()
    table.add_class("dama-index-table")
    download = widgets.HTML()
    download.add_class("dama-download-mine")
    found = lessons(folder)

    def update(*_):
        name = student()
        best = best_stars(name)
        cell = "padding:0.25em 0.8em;"
        rows = []
        got_all = total_all = 0
        for number, title, file, ids in found:
            got = sum(best.get(i, 0) for i in ids)
            total = 3 * len(ids)
            got_all, total_all = got_all + got, total_all + total
            stars = f"{got} / {total} ★" if total else ""
            rows.append(f"<tr><td style='{cell}text-align:right'>{number}</td>"
                        f"<td style='{cell}text-align:left'><a href='{html.escape(file)}' "
                        f"style='color:#0b5394;text-decoration:underline'>"
                        f"{html.escape(title)}</a></td>"
                        f"<td style='{cell}text-align:right'>{stars}</td></tr>")
        rows.append(f"<tr><td></td><td style='{cell}text-align:left'><b>{_t('total', lang)}"
                    f"</b></td><td style='{cell}text-align:right'><b>{got_all} / {total_all} ★"
                    f"</b></td></tr>")
        mine = student_path(dama_home(), name)
        try:
            data = mine.read_bytes() if mine.is_file() and name != DEFAULT_STUDENT else b""
        except OSError:
            data = b""
        download.value = (f"<p>{_file_link(data, mine.name, _t('download_mine', lang))} "
                          f"<small>{_t('download_why', lang)}</small></p>" if data else "")
        table.value = (f"<table style='font-size:1.1em;border-collapse:collapse'><thead><tr>"
                       f"<th style='{cell}'>{_t('lesson', lang)}</th>"
                       f"<th style='{cell}text-align:left'>{_t('title', lang)}</th>"
                       f"<th style='{cell}text-align:right'>{_t('stars', lang)}</th></tr>"
                       f"</thead><tbody>{''.join(rows)}</tbody></table>")

    def save(*_):
        if not name_box.value.strip():
            return  # nothing typed yet
        name = set_student(name_box.value)
        name_box.value = name
        greeting.value = f"<p>{_t('name_saved', lang, name=html.escape(name))}</p>"
        update()

    ok.on_click(serial(save))
    name_box.observe(serial(lambda change: save()), "value")
    update()
    # The boards' style (no board on this page) gives «Sono io!» a finger's size on a tablet.
    box = widgets.VBox([widgets.HBox([widgets.HTML(f"<b>{_t('your_name', lang)}</b>&nbsp;"),
                                      name_box, ok]), greeting, table, download,
                        widgets.HTML(BOARD_STYLE)])
    box.add_class("dama-index")
    box.add_class("dama-touch")
    return box


# -- the teacher's class page ---------------------------------------------------------------

CLASS_TEXT = {
    "in_browser": ("Nel corso nel browser questa cartella ha solo i file di chi ha usato il "
                   "corso in questo browser. Per vedere tutta la classe, fate scaricare a "
                   "ogni alunno i suoi progressi («Scarica i miei progressi» nell'indice) e "
                   "sceglieteli qui con il pulsante.",
                   "In the browser edition this folder holds only the files of those who "
                   "used the course in this browser. To see the whole class, have each "
                   "student download their progress (\u201cDownload my progress\u201d in the "
                   "index) and choose those files here with the button."),
    "folder": ("Cartella dei file dei progressi:", "Folder of the progress files:"),
    "load": ("Carica la classe", "Load the class"),
    "upload": ("Oppure scegli i file (.sqlite)", "Or choose the files (.sqlite)"),
    "none": ("Nessun file dei progressi qui: scegli un'altra cartella o carica i file.",
             "No progress files here: choose another folder or upload the files."),
    "none_chosen": ("Tra i file scelti non c'è un file dei progressi (.sqlite).",
                    "None of the files chosen is a progress file (.sqlite)."),
    "no_folder": ("La cartella {path} non c'è: controlla il nome.",
                  "There is no folder {path}: check its name."),
    "loaded": ("{children} da {files} in {source}.", "{children} from {files} in {source}."),
    "uploaded": ("{children} da {files} scelti con il pulsante.",
                 "{children} from {files} chosen with the button."),
    "one_child": ("1 alunno", "1 student"),
    "children": ("{n} alunni", "{n} students"),
    "one_file": ("1 file", "1 file"),
    "files": ("{n} file", "{n} files"),
    "nothing_yet": ("Nessun alunno ha ancora provato una lezione.",
                    "No student has tried a lesson yet."),
    "problems": ("File lasciati fuori:", "Files left out:"),
    "table": ("Le stelle della classe", "The class's stars"),
    "student": ("Alunno", "Student"),
    "total": ("In tutto", "Altogether"),
    "rating": ("Palestra", "Practice"),
    "rating_title": ("Il punteggio della Palestra (Glicko-2), dai primi tentativi di ogni "
                     "esercizio", "The Practice rating (Glicko-2), from each puzzle's first "
                     "tries"),
    "missed": ("Gli esercizi sbagliati più spesso", "The exercises missed most often"),
    "no_missed": ("Nessun errore finora.", "No mistakes so far."),
    "exercise": ("Esercizio", "Exercise"),
    "wrong": ("Risposte sbagliate", "Wrong answers"),
    "who": ("Alunni che hanno sbagliato", "Students who got it wrong"),
    "solved": ("Poi risolto da", "Then solved by"),
    "rule": ("Regola", "Rule"),
    "detail": ("Un alunno da vicino:", "One student up close:"),
    "tries": ("Tentativi", "Attempts"),
    "last": ("Ultimo tentativo", "Last attempt"),
    "nothing_tried": ("Ancora nessun esercizio.", "No exercise yet."),
    "export": ("Esporta una lezione (CSV):", "Export a lesson (CSV):"),
    "download": ("Scarica {name}", "Download {name}"),
    "nbgrader": ("Tutte le lezioni per nbgrader: {link}", "Every lesson for nbgrader: {link}"),
    "lesson": ("Lezione", "Lesson"),
}


def _c(key, lang, **params):
    return _in(CLASS_TEXT, key, lang, **params)


def _download_link(text, name, label):
    return _file_link(text.encode("utf-8-sig"), name, label, "text/csv;charset=utf-8")


def class_page(lang="it", folder=None):
    """The teacher's view of the class: the progress files of a folder (or uploaded), then
    the stars of each student in each lesson, a chart, the exercises missed most often with
    their rule, one student's detail, and a CSV per lesson."""
    from damalib.rulenames import rule_name
    from puzzles.classroom import LessonInfo, load_class

    found = [LessonInfo(number, {lang: title}, tuple(ids))
             for number, title, _, ids in lessons(".") if ids]
    folder_box = widgets.Text(value=str(folder or dama_home()), continuous_update=False,
                              layout=widgets.Layout(width="32em", max_width="100%"))
    folder_box.add_class("dama-class-folder")
    load_button = widgets.Button(description=_c("load", lang), button_style="primary",
                                 layout=widgets.Layout(width="auto"))
    load_button.add_class("dama-class-load")
    upload = widgets.FileUpload(accept=".sqlite", multiple=True,
                                description=_c("upload", lang),
                                layout=widgets.Layout(width="auto"))
    upload.add_class("dama-class-upload")
    summary = widgets.HTML()
    summary.add_class("dama-class-summary")
    # A wide class scrolls sideways inside the page (a tablet), never cut off.
    table = widgets.HTML(layout=widgets.Layout(overflow="auto", max_width="100%"))
    table.add_class("dama-class-table")
    chart = widgets.HTML(layout=widgets.Layout(overflow="auto", max_width="100%"))
    chart.add_class("dama-class-chart")
    missed = widgets.HTML()
    missed.add_class("dama-class-missed")
    who = widgets.Dropdown(options=[], layout=widgets.Layout(width="20em"))
    who.add_class("dama-class-child")
    detail = widgets.HTML()
    detail.add_class("dama-class-detail")
    which = widgets.Dropdown(options=[(f"{_c('lesson', lang)} {l.number} · {l.title[lang]}",
                                       l.number) for l in found],
                             layout=widgets.Layout(width="28em"))
    which.add_class("dama-class-lesson")
    export = widgets.HTML()
    export.add_class("dama-class-export")
    state = {"progress": None}
    cell = "padding:0.2em 0.6em;border-bottom:1px solid #ddd;"

    def count(n, one, many):
        return _c(one, lang) if n == 1 else _c(many, lang, n=n)

    def show(progress, files, source=None):
        state["progress"] = progress
        children = count(len(progress.children), "one_child", "children")
        files = count(files, "one_file", "files")
        said = (_c("loaded", lang, children=children, files=files,
                   source=html.escape(str(source))) if source is not None
                else _c("uploaded", lang, children=children, files=files))
        lines = [said if progress.children else
                 _c("none", lang) if source is not None else _c("none_chosen", lang)]
        if progress.problems:
            lines.append(_c("problems", lang) + "<ul>" + "".join(
                f"<li>{html.escape(p.text(lang))}</li>" for p in progress.problems) + "</ul>")
        summary.value = "".join(f"<p>{line}</p>" for line in lines)
        shown = [l for l in found if any(progress.tried(c, l) for c in progress.children)]
        head = "".join(f"<th style='{cell}' title='{html.escape(l.title[lang])}'>"
                       f"{l.number}</th>" for l in shown)
        rows = []
        ratings = progress.practice_ratings()
        for child, rating in zip(progress.children, ratings):
            cells, got_all, most_all = [], 0, 0
            for lesson in shown:
                got, most = progress.stars(child, lesson)
                got_all, most_all = got_all + got, most_all + most
                mark = f"{got}/{most} ★" if progress.tried(child, lesson) else "—"
                cells.append(f"<td style='{cell}text-align:center;white-space:nowrap' "
                             f"data-lesson='{lesson.number}' data-stars='{got}'>{mark}</td>")
            rows.append(f"<tr><th style='{cell}text-align:left'>"
                        f"{html.escape(child.label(lang))}</th>{''.join(cells)}"
                        f"<td style='{cell}text-align:right;white-space:nowrap'><b>"
                        f"{got_all}/{most_all} ★</b></td>"
                        f"<td style='{cell}text-align:right' data-rating="
                        f"'{rating.shown if rating else ''}'>"
                        f"{rating.shown if rating else '—'}</td></tr>")
        table.value = (f"<h3>{_c('table', lang)}</h3><div style='overflow-x:auto'>"
                       f"<table style='border-collapse:collapse'><thead><tr>"
                       f"<th style='{cell}text-align:left'>{_c('student', lang)} \\ "
                       f"{_c('lesson', lang)}</th>{head}<th style='{cell}'>"
                       f"{_c('total', lang)}</th><th style='{cell}' title="
                       f"'{html.escape(_c('rating_title', lang), quote=True)}'>"
                       f"{_c('rating', lang)}</th></tr></thead><tbody>{''.join(rows)}</tbody>"
                       f"</table></div>" if progress.children and shown else
                       f"<p>{_c('nothing_yet', lang)}</p>" if progress.children else "")
        chart.value = progress.chart_svg(lang) if shown else ""
        which.options = [(f"{_c('lesson', lang)} {l.number} · {l.title[lang]}", l.number)
                         for l in (shown or found)]
        top = progress.most_missed(8)
        if progress.children:
            body = "".join(
                f"<tr><td style='{cell}'>{m.lesson}</td><td style='{cell}'>{m.position}</td>"
                f"<td style='{cell}text-align:right'>{m.wrong}</td>"
                f"<td style='{cell}text-align:right'>{m.children}</td>"
                f"<td style='{cell}text-align:right'>{m.solved}</td>"
                f"<td style='{cell}'>{html.escape(rule_name(m.rule, lang)) if m.rule else ''}"
                f" <small>{html.escape(m.rule or '')} · {html.escape(m.puzzle)}</small></td>"
                f"</tr>" for m in top)
            missed.value = (f"<h3>{_c('missed', lang)}</h3>" + (
                f"<table style='border-collapse:collapse'><thead><tr>"
                f"<th style='{cell}'>{_c('lesson', lang)}</th>"
                f"<th style='{cell}'>{_c('exercise', lang)}</th>"
                f"<th style='{cell}'>{_c('wrong', lang)}</th>"
                f"<th style='{cell}'>{_c('who', lang)}</th>"
                f"<th style='{cell}'>{_c('solved', lang)}</th>"
                f"<th style='{cell}text-align:left'>{_c('rule', lang)}</th></tr></thead>"
                f"<tbody>{body}</tbody></table>" if top else f"<p>{_c('no_missed', lang)}</p>"))
        else:
            missed.value = ""
        who.options = [(c.label(lang), i) for i, c in enumerate(progress.children)]
        who.value = 0 if progress.children else None
        show_child()
        show_export()

    def show_child(*_):
        progress = state["progress"]
        if progress is None or who.value is None:
            detail.value = ""
            return
        rows = progress.detail(progress.children[who.value])
        body = "".join(
            f"<tr><td style='{cell}'>{r['lesson']}</td><td style='{cell}'>{r['position']}</td>"
            f"<td style='{cell}'>{_star_text(r['stars'])}</td>"
            f"<td style='{cell}text-align:right'>{r['tries']}</td>"
            f"<td style='{cell}'>{html.escape(str(r['last']))}</td></tr>" for r in rows)
        detail.value = (f"<table style='border-collapse:collapse'><thead><tr>"
                        f"<th style='{cell}'>{_c('lesson', lang)}</th>"
                        f"<th style='{cell}'>{_c('exercise', lang)}</th>"
                        f"<th style='{cell}'>★</th><th style='{cell}'>{_c('tries', lang)}</th>"
                        f"<th style='{cell}'>{_c('last', lang)}</th></tr></thead>"
                        f"<tbody>{body}</tbody></table>" if rows
                        else f"<p>{_c('nothing_tried', lang)}</p>")

    def show_export(*_):
        progress = state["progress"]
        if progress is None or not progress.children or which.value is None:
            export.value = ""
            return
        prefix = "lezione" if lang == "it" else "lesson"
        name = f"{prefix}-{which.value:02d}.csv"
        lesson_link = _download_link(progress.lesson_csv(which.value, lang), name,
                                     _c("download", lang, name=name))
        grades = _download_link(progress.nbgrader_csv(), "nbgrader.csv",
                                _c("download", lang, name="nbgrader.csv"))
        export.value = f"<p>{lesson_link}</p><p>{_c('nbgrader', lang, link=grades)}</p>"

    def from_folder(*_):
        # What a file manager's "copy as path" gives: quotes, file://, a file in the folder.
        typed = folder_box.value.strip().strip("'\"").strip()
        if typed.startswith("file://"):
            from urllib.parse import unquote, urlparse

            typed = unquote(urlparse(typed).path)
        path = Path(typed or ".").expanduser()
        if path.is_file():
            show(load_class([path], found), 1, path)
            return
        if not path.is_dir():
            show(load_class([], found), 0, path)
            summary.value = f"<p>{_c('no_folder', lang, path=html.escape(str(path)))}</p>"
            return
        files = [p for p in path.glob("*.sqlite") if ".damaged-" not in p.name]
        show(load_class([path], found), len(files), path)

    def from_upload(change):
        chosen = list(change["new"] or ())
        if not chosen:
            return
        sources = [(item["name"], bytes(item["content"])) for item in chosen]
        files = sum(1 for name, _ in sources if name.lower().endswith(".sqlite"))
        show(load_class(sources, found), files)

    load_button.on_click(serial(from_folder))
    folder_box.observe(serial(from_folder), "value")  # Enter loads too
    upload.observe(serial(from_upload), "value")
    who.observe(serial(show_child), "value")
    which.observe(serial(show_export), "value")
    from_folder()
    note = widgets.HTML(f"<p>{_c('in_browser', lang)}</p>" if IN_BROWSER else "")
    note.add_class("dama-class-browser-note")
    box = widgets.VBox([
        note,
        widgets.HBox([widgets.HTML(f"<b>{_c('folder', lang)}</b>&nbsp;"), folder_box,
                      load_button], layout=widgets.Layout(flex_flow="row wrap")),
        widgets.HBox([upload]), summary, table, chart, missed,
        widgets.HBox([widgets.HTML(f"<b>{_c('detail', lang)}</b>&nbsp;"), who],
                     layout=widgets.Layout(flex_flow="row wrap")), detail,
        widgets.HBox([widgets.HTML(f"<b>{_c('export', lang)}</b>&nbsp;"), which],
                     layout=widgets.Layout(flex_flow="row wrap")), export])
    box.add_class("dama-class")
    return box
