"""The course's notebooks: built from their sources, the two languages in step, every lesson
shaped alike, every exercise from the collection, every notebook runs (nbval), and the helpers
behind the cells (the package corso) do what the lessons promise."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import dama.classroom.page
import dama.core.board.puzzle_widget
from dama.core import content as puzzles
from dama.core.store.progress import dama_home

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "lessons"
LANGS = ("it", "en")
RULES = ROOT / "docs" / "RULES.md"
RULE_ID = re.compile(r"\b(?:IT|INT|BR)-[A-Z]+\d*\b")
HEADINGS = {"it": ("## Cosa imparerai", "## Esercizi", "## Ricorda", "## Le tue stelle"),
            "en": ("## What you will learn", "## Exercises", "## Remember", "## Your stars")}
INDEX = {"it": "indice.ipynb", "en": "index.ipynb"}
GUIDE = {"it": "guida-insegnante.ipynb", "en": "teachers-guide.ipynb"}

from authoring import notebooks as build  # noqa: E402


def lessons(lang: str) -> list[Path]:
    return sorted((COURSE / lang).glob("[0-9][0-9]-*.ipynb"))


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def exercise_ids(notebook: dict) -> list[list[str]]:
    """The puzzle ids of each ``exercises([...])`` call in the notebook's code cells."""
    found = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse(_python("".join(cell["source"])))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "exercises":
                found.append(ast.literal_eval(node.args[0]))
    return found


def _python(source: str) -> str:
    """The cell without IPython magics, so that ast can read it."""
    return "\n".join("" if line.startswith("%") else line for line in source.splitlines())


# -- the builder ------------------------------------------------------------------------------

def test_the_builder_reproduces_the_committed_notebooks():
    assert build.differences() == [], "run `python authoring/notebooks.py` and commit the notebooks"


def test_the_build_is_deterministic():
    assert build.outputs() == build.outputs()


def test_notebooks_are_committed_without_outputs_and_with_code_collapsed():
    for lang in LANGS:
        for path in (COURSE / lang).glob("*.ipynb"):
            notebook = read(path)
            assert notebook["metadata"]["kernelspec"]["name"] == "python3", path.name
            for cell in notebook["cells"]:
                if cell["cell_type"] != "code":
                    continue
                if "".join(cell["source"]) == "from dama.helpers import *":
                    # The one stored output: what to press before the cells have run.
                    (note,) = cell["outputs"]
                    assert "Run → Run All Cells" in "".join(note["data"]["text/html"])
                    assert cell["metadata"]["dama"]["run_hint"] == "".join(
                        note["data"]["text/html"])
                    continue
                assert cell["outputs"] == [] and cell["execution_count"] is None, path.name
                assert cell["metadata"]["jupyter"]["source_hidden"] is True, path.name
                assert "hide-input" in cell["metadata"]["tags"], path.name


# -- the two languages in step ------------------------------------------------------------------

def test_both_languages_have_the_same_lessons():
    numbers = {lang: [p.name[:2] for p in lessons(lang)] for lang in LANGS}
    assert numbers["it"] == numbers["en"]
    assert numbers["it"] == [f"{n:02d}" for n in range(len(numbers["it"]))]
    assert len(numbers["it"]) >= 17


def test_both_languages_have_the_same_exercises_in_the_same_order():
    italian, english = lessons("it"), lessons("en")
    for it_path, en_path in zip(italian, english):
        it_ids, en_ids = exercise_ids(read(it_path)), exercise_ids(read(en_path))
        assert it_ids == en_ids, (it_path.name, en_path.name)
        assert read(it_path)["metadata"]["dama"]["exercises"] == it_ids[0]
        assert read(en_path)["metadata"]["dama"]["exercises"] == en_ids[0]


def test_both_languages_have_the_same_cells_and_boards():
    """Cell for cell: the same kinds, the same helper called with the same position."""
    def shape(path: Path) -> list[tuple]:
        out = []
        for cell in read(path)["cells"]:
            if cell["cell_type"] == "markdown":
                out.append(("markdown",))
                continue
            source = "".join(cell["source"])
            calls = re.findall(r"\b([a-z_]+)\(", source)
            positions = re.findall(r"'([WB]:[^']*)'", source)
            out.append(("code", calls[0] if calls else source.split()[0], tuple(positions)))
        return out

    for it_path, en_path in zip(lessons("it"), lessons("en")):
        assert shape(it_path) == shape(en_path), (it_path.name, en_path.name)


# -- every lesson's shape -----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_has_its_parts(lang):
    for path in lessons(lang):
        notebook = read(path)
        text = "\n".join("".join(c["source"]) for c in notebook["cells"])
        positions = [text.index(heading) for heading in HEADINGS[lang]]
        assert positions == sorted(positions), path.name  # learn, exercises, remember, stars
        code = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
        assert code[0] == "from dama.helpers import *", path.name
        assert any(re.match(r"(board|computer_game)\(", c) for c in code), path.name
        assert any(c.startswith("lesson_stars(") for c in code), path.name
        # Tiny cells: one call each (a game's PDN text is the only long one).
        for source in code:
            assert len(source.splitlines()) <= 16, (path.name, source[:60])
            assert len(ast.parse(_python(source)).body) <= 1, (path.name, source[:60])


def test_every_lesson_has_three_to_eight_exercises_from_the_collection_easy_first():
    by_id = {p.id: p for p in puzzles.load()}
    seen: dict[str, str] = {}
    for path in lessons("it"):
        calls = exercise_ids(read(path))
        assert len(calls) == 1, path.name
        ids = calls[0]
        assert 3 <= len(ids) <= 8, path.name
        assert all(i in by_id for i in ids), [i for i in ids if i not in by_id]
        levels = [by_id[i].level for i in ids]
        assert levels == sorted(levels), (path.name, levels)
        for i in ids:  # each exercise belongs to one lesson
            assert i not in seen, (i, seen.get(i), path.name)
            seen[i] = path.name


def test_every_rule_cited_exists():
    known = set(RULE_ID.findall(RULES.read_text(encoding="utf-8")))
    assert len(known) > 40
    for lang in LANGS:
        for path in (COURSE / lang).glob("*.ipynb"):
            text = "\n".join("".join(c["source"]) for c in read(path)["cells"])
            cited = set(RULE_ID.findall(text))
            assert cited <= known, (path.name, cited - known)


def test_every_lesson_declares_the_rules_it_teaches_for_the_teacher():
    """The ids stay for teachers (metadata and guide); what a child reads names the rules in
    words (tests/test_lesson_text.py)."""
    from authoring.notebooks import load_lessons

    for lesson in load_lessons()[1:]:
        assert lesson.rules, lesson.number
        assert all(re.fullmatch(r"(?:IT|INT|BR)-[A-Z]+\d*", r) for r in lesson.rules)


def test_links_between_notebooks_lead_somewhere():
    for lang in LANGS:
        for path in (COURSE / lang).glob("*.ipynb"):
            for cell in read(path)["cells"]:
                if cell["cell_type"] != "markdown":
                    continue
                for target in re.findall(r"\]\(([^)]+\.ipynb)\)", "".join(cell["source"])):
                    assert (path.parent / target).exists(), (path.name, target)


def test_the_index_links_the_guide_and_draws_every_lesson_once():
    """The lessons are listed once, by the index's table (corso.index: links and stars)."""
    import dama.helpers as corso

    for lang in LANGS:
        text = "\n".join("".join(c["source"]) for c in read(COURSE / lang / INDEX[lang])["cells"])
        assert f"]({GUIDE[lang]})" in text
        found = corso.lessons(lang)
        assert [name for _, _, name, _ in found] == [p.name for p in lessons(lang)]
        table = corso.index(lang).children[2].value
        for path in lessons(lang):
            assert table.count(f"href='{path.name}'") == 1, path.name


def test_the_teachers_guide_explains_the_class_tools():
    for lang in LANGS:
        text = "\n".join("".join(c["source"]) for c in read(COURSE / lang / GUIDE[lang])["cells"])
        for needed in ("make course", "dama worksheet --topic capture", "dama progress export",
                       "dama progress merge", "DAMA_HOME", "make course-voila", "DAMA_STUDENT"):
            assert needed in text, (lang, needed)


# -- the helpers behind the cells ---------------------------------------------------------------

@pytest.fixture
def corso(tmp_path, monkeypatch):
    monkeypatch.setenv("DAMA_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("DAMA_STUDENT", raising=False)
    import dama.helpers as module
    from dama.core.board.puzzle_widget import ON_THE_PAGE

    ON_THE_PAGE.clear()
    yield module
    ON_THE_PAGE.clear()


def test_the_student_name_comes_from_the_index_then_the_environment(corso, monkeypatch):
    assert corso.student() == "studente"
    monkeypatch.setenv("DAMA_STUDENT", "Anna e Luca")
    assert corso.student() == "Anna e Luca"
    assert corso.set_student("  Marta   Rossi ") == "Marta Rossi"     # typed in the index
    assert corso.student() == "Marta Rossi"
    corso.set_student("")
    assert corso.student() == "Anna e Luca"
    corso.set_student("Marta")
    monkeypatch.setenv("DAMA_STUDENT", "Piero")         # the next day, a new pair
    assert corso.student() == "Piero"
    monkeypatch.delenv("DAMA_STUDENT")
    corso.set_student("Giulia")                          # no variable: the typed name stays
    assert corso.student() == "Giulia"


def test_a_child_with_no_name_is_asked_for_one_before_the_first_exercise(corso):
    box = corso.exercises(["it-cap-001"], lang="it")
    ask, header, widget = box.children
    assert "come ti chiami" in ask.children[0].value
    assert widget.layout.display == "none" and ask.layout.display != "none"
    name_box, ok, later = ask.children[1].children
    name_box.value = "  Giulia  "
    assert ask.layout.display == "none" and widget.layout.display is None
    assert "Giulia" in header.value and corso.student() == "Giulia"
    widget.answer(" ".join(widget.current.solutions[0]))
    assert corso.best_stars("giulia") == {"it-cap-001": 3}     # saved under the name typed
    # The next lesson knows the name: no question.
    assert len(corso.exercises(["it-cap-002"], lang="it").children) == 2


def test_a_child_may_go_on_without_a_name(corso):
    box = corso.exercises(["it-cap-001"], lang="en")
    ask, header, widget = box.children
    ask.children[1].children[2].click()                        # "Later"
    assert widget.layout.display is None and "You have not typed your name" in header.value
    assert widget.store.student == "studente"


def test_exercises_save_stars_under_the_student_and_the_lesson_counts_them(corso):
    corso.set_student("Giulia")
    box = corso.exercises(["it-cap-001", "it-cap-002"], lang="it")
    stars = corso.lesson_stars(["it-cap-001", "it-cap-002"], lang="it")
    summary = stars.children[0]
    assert "0 su 6" in summary.value
    widget = box.children[1]
    puzzle = widget.current
    widget.answer(" ".join(puzzle.solutions[0]))      # right at the first try: three stars
    assert "3 su 6" in summary.value                  # the count follows the exercise at once
    # Half the stars: no praise yet, only the way to more (the words say what the stars say).
    assert "Puoi riprovare gli esercizi" in summary.value and "Ben fatto" not in summary.value
    box.children[1].next()
    widget.answer(" ".join(widget.current.solutions[0]))
    assert "6 su 6" in summary.value and "Hai preso tutte le stelle" in summary.value
    assert corso.best_stars("Giulia") == {"it-cap-001": 3, "it-cap-002": 3}
    # A new kernel (no exercises shown yet) reads the stars from the progress file.
    dama.core.board.puzzle_widget.ON_THE_PAGE.clear()
    assert "6 su 6" in corso.lesson_stars(["it-cap-001", "it-cap-002"], "it").children[0].value


def test_the_index_shows_each_lessons_stars_and_saves_the_name(corso, tmp_path):
    index = corso.index("en")
    name_box = index.children[0].children[1]
    table = index.children[2]
    # No name typed yet: an empty box asking for one (not "studente").
    assert name_box.value == "" and name_box.placeholder == "type your name here"
    index.children[0].children[2].click()        # "That's me!" with nothing typed
    assert corso.student() == corso.DEFAULT_STUDENT and index.children[1].value == ""
    assert "dama-index" in index._dom_classes
    assert table.value.count("<tr>") == len(lessons("en")) + 2  # head, lessons, total
    assert "01-the-board.ipynb" in table.value
    name_box.value = "Tom"
    assert corso.student() == "Tom"
    assert "Hello Tom" in index.children[1].value
    assert index.children[3].value == ""               # nothing saved yet: nothing to download
    # The next child at this computer sees whose name is in the box, and how to change it.
    again = corso.index("it")
    assert again.children[0].children[1].value == "Tom"
    assert "Ciao Tom!" in again.children[1].value
    assert "Non sei Tom? Cancella il nome nella casella e scrivi il tuo." in again.children[1].value


def test_the_index_offers_the_childs_progress_file_to_download(corso):
    import base64
    import re

    corso.set_student("Giulia")
    box = corso.exercises(["it-cap-001"], lang="it")
    widget = box.children[1]
    widget.answer(" ".join(widget.current.solutions[0]))
    link = corso.index("it").children[3].value
    assert "Scarica i miei progressi" in link and "download='Giulia.sqlite'" in link
    data = base64.b64decode(re.search(r"base64,([^']+)'", link).group(1))
    assert data == (dama_home() / "Giulia.sqlite").read_bytes()  # what merge reads


def test_diagrams_draw_arrows_moves_and_captions(corso):
    figure = corso.diagram("W:W22:B18,3", lang="en", arrows=["22x13"], caption="A capture")
    assert 'data-squares="22-13"' in figure.html() and "A capture" in figure.html()
    after = corso.diagram("W:W22:B18,3", moves=["22x13"])
    assert 'class="piece man white" data-square="13"' in after.html()
    assert "dama-row" in corso.row(figure, after).data


def test_the_count_demo_stops_at_the_fortieth_move(corso):
    demo = corso.count_demo("W:WK29:BK4", ["29-25", "25-29"], ["4-8", "8-4"], 37)
    assert demo.board.count == 37
    for move in ("25-29", "8-4", "29-25", "4-8"):      # counted moves 38 and 39
        assert demo.play(move) is not None
    assert demo.board.outcome() is None
    demo.play("25-29")                                  # the 40th
    outcome = demo.board.outcome()
    assert outcome is not None and outcome.rule == "IT-D2"


def test_replay_steps_through_a_game(corso):
    box = corso.replay('[Result "*"]\n1. 22-19 11-15 {a comment} *', lang="en")
    caption, picture, comment, slider = box.children[:4]
    assert caption.value == "<p><b>Starting position</b></p>"
    slider.value = 2
    assert "After 1... 11-15" in caption.value and "a comment" in comment.value
    # Both can be heard, the move read as words.
    assert {"dama-listenable"} <= set(caption._dom_classes) & set(comment._dom_classes)
    assert 'data-say="After 1... from 11 to 15"' in caption.value
    assert "<svg" in picture.value


def test_the_computer_game_changes_level_and_colour(corso):
    box = corso.computer_game("it", level=1)
    bar, game = box.children[:2]
    levels = bar.children[0].children[1]
    sides = bar.children[1].children[1]
    levels.value = "4"
    assert game.controller.chooser.level == 4
    sides.value = "B"      # the child takes Black: the computer (White) moves first
    assert game.controller.computer_side == "W"


# -- every notebook runs -------------------------------------------------------------------------

def seed_a_class(home):
    """Progress files of a small class: a damaged one, and one child's from two computers."""
    import shutil

    from dama.core.content import check, load
    from dama.core.store.progress import ProgressStore

    by_id = {p.id: p for p in load()}
    for name, ids in (("Anna", ["it-cap-001", "it-cap-002"]), ("Bruno", ["it-qty-001"]),
                      ("Carla", ["it-cap-001"])):
        with ProgressStore(name, home) as store:
            for puzzle_id in ids:
                puzzle = by_id[puzzle_id]
                store.record(puzzle, "1-5", check(puzzle, "1-5"))
                answer = " ".join(puzzle.solutions[0])
                store.record(puzzle, answer, check(puzzle, answer, attempt=2))
    shutil.copy(home / "Carla.sqlite", home / "carla-pc2.sqlite")
    (home / "Dario.sqlite").write_bytes(b"rovinato" * 64)


@pytest.mark.slow
def test_every_notebook_runs_under_nbval(tmp_path):
    """Each notebook of each language runs top to bottom in a fresh kernel (nbval, lax: the
    outputs are not compared, any error fails). The two languages run side by side; progress
    goes to a temporary DAMA_HOME."""
    env = dict(os.environ, DAMA_HOME=str(tmp_path / "home"))
    env.pop("DAMA_STUDENT", None)
    seed_a_class(tmp_path / "home")  # the class pages read the progress folder
    runs = {}
    for lang in LANGS:
        notebooks = sorted(str(p.relative_to(ROOT)) for p in (COURSE / lang).glob("*.ipynb"))
        runs[lang] = subprocess.Popen(
            [sys.executable, "-m", "pytest", "--nbval-lax", "-p", "no:cacheprovider", "-q",
             "--no-header", "-o", "addopts=", *notebooks],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    failures = []
    for lang, process in runs.items():
        output, _ = process.communicate(timeout=900)
        if process.returncode != 0:
            failures.append(f"--- {lang} ---\n{output[-6000:]}")
    assert not failures, "\n".join(failures)


def test_the_class_page_in_a_browser_says_whose_files_its_folder_holds(corso, monkeypatch):
    def note(lang):
        page = corso.class_page(lang)
        (box,) = [w for w in page.children if "dama-class-browser-note" in w._dom_classes]
        return box.value

    assert note("it") == ""                          # on a computer: the folder is the class's
    monkeypatch.setattr(dama.classroom.page, "IN_BROWSER", True)
    assert "solo i file di chi ha usato il corso in questo browser" in note("it")
    assert "Scarica i miei progressi" in note("it")
    assert "Download my progress" in note("en")


def test_the_square_trainer_plays_a_round_and_keeps_the_best(corso):
    """The trainer page (IT-B2): a scripted child finds squares by clicking, misses one,
    the 30 seconds run out, the score is the best kept; then names squares on the board seen
    from Black."""
    from dama.core.store.best import BestScores

    now = [0.0]
    ticks = []
    corso.set_student("Giulia")
    page = corso.square_trainer("it", seed=5, clock=lambda: now[0],
                                ticker=lambda delay, callback: ticks.append(callback))

    def find(cls):
        return next(w for w in _walk(page) if cls in getattr(w, "_dom_classes", ()))

    board = next(w for w in _walk(page) if "dama-widget" in getattr(w, "_dom_classes", ()))
    question = find("dama-trainer-question")
    find("dama-trainer-go").click()
    assert board.controller.mode == "squares" and board.controller.snapshot().pieces == {}
    # «Clicca» with a mouse, «Tocca» on a touch screen: both are there, the page's CSS picks.
    assert ("<span class='dama-click'>Clicca</span><span class='dama-tap'>Tocca</span> "
            "la casella") in question.value
    for _ in range(5):
        target = int(question.value.split("<b style='font-size:1.6em'>")[1].split("<")[0])
        board.controller.click(target)
    target = int(question.value.split("<b style='font-size:1.6em'>")[1].split("<")[0])
    board.controller.click(target % 32 + 1)                    # a miss
    assert "No, quella segnata a trattini è la casella" in find("dama-trainer-feedback").value
    # The square touched, shown in the colour of a mistake; the one asked stays to be found.
    highlights = board.controller.snapshot().highlights
    assert (highlights["missed"], highlights["selected"]) == ((target % 32 + 1,), ())
    assert "Giuste: 5 · Sbagliate: 1" in find("dama-trainer-score").value
    now[0] = 31.0
    ticks.pop()()                                              # the clock's next tick
    assert "Tempo scaduto! 5 giuste. Nuovo record!" in question.value
    assert BestScores().best("giulia", "find-white") == 5
    board.controller.click(target)                             # after the end: nothing
    assert "Giuste: 5" in find("dama-trainer-score").value

    # "Che numero è?" from Black's side: the marked square's number typed.
    find("dama-trainer-game").value = "name"
    find("dama-trainer-side").value = True
    now[0] = 100.0
    answer = find("dama-trainer-answer")
    sent = []
    answer.send = sent.append  # what the page is told: the box takes the keys (not «Via!»)
    find("dama-trainer-go").click()
    assert board.controller.flipped
    assert answer.layout.display == "" and {"do": "focus"} in sent
    (marked,) = board.controller.snapshot().highlights["selected"]
    answer.value = "abc"
    assert "da 1 a 32" in find("dama-trainer-feedback").value
    answer.value = str(marked % 32 + 1)
    # From Black's side the advice is that side's: 1 is at the bottom right (IT-B2).
    assert "la 1 è in basso a destra" in find("dama-trainer-feedback").value
    highlights = board.controller.snapshot().highlights
    assert (highlights["selected"], highlights["missed"]) == ((marked,), (marked % 32 + 1,))
    answer.value = str(marked)
    assert "Giusto!" in find("dama-trainer-feedback").value
    assert board.controller.snapshot().highlights["selected"] != (marked,)
    now[0] = 131.0
    ticks.pop()()
    assert "Tempo scaduto!" in question.value and find("dama-trainer-feedback").value == ""
    assert BestScores().best("giulia", "name-black") == 1
    assert BestScores().best("giulia", "find-white") == 5


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def right_answer(puzzle):
    """What a child who knows would answer, in the words the answer box takes."""
    if puzzle.kind == "all-captures":
        return " ".join(line[0] for line in puzzle.solutions)
    first = puzzle.solutions[0]
    if puzzle.kind == "move":
        return " ".join(first[::2])              # the child's moves, not the replies
    return " ".join(first) if isinstance(first, (list, tuple)) else first


def wrong_answer(puzzle):
    """An answer the exercise grades as wrong: another option, another number, a legal move
    that is not the answer, else a step the rules refuse (where every legal move is an
    answer, a capture is due: a plain step is refused, IT-C1)."""
    if puzzle.kind == "choice":
        return (puzzle.solutions[0] + 1) % len(puzzle.options["it"])
    if puzzle.kind == "count":
        return str(puzzle.solutions[0] + 7)
    board = puzzle.board()
    answers = {line[0] for line in puzzle.solutions}
    others = [board.move_text(m) for m in board.legal_moves if board.move_text(m) not in answers]
    return others[0] if others else "1-5"


def test_the_palestra_rates_a_scripted_child_ends_a_streak_and_reviews_a_miss(corso):
    """The practice page: rated puzzles move the rating shown, the topic keeps the puzzles in
    it, a streak has no hints and its first mistake ends it (the best kept), and a puzzle
    missed comes back in «Ripassa gli errori» once its time has come."""
    import datetime as dt

    from dama.palestra.practice import THEMES
    from dama.core.store.best import BestScores

    now = [dt.datetime.now(dt.timezone.utc)]      # the progress file stamps the real time
    corso.set_student("Giulia")
    page = corso.practice("it", seed=4, clock=lambda: now[0])

    def find(cls):
        return next(w for w in _walk(page) if cls in getattr(w, "_dom_classes", ()))

    exercises = next(w for w in _walk(page) if "dama-puzzles" in getattr(w, "_dom_classes", ()))
    status = find("dama-practice-status")
    assert "Palestra di <b>Giulia</b>" in page.children[0].value
    assert "Il tuo punteggio: <b>950</b>" in status.value
    assert exercises.title.value == (f"<b data-puzzle='{exercises.current.id}'>"
                                     "Allenamento · esercizio 1</b>")
    exercises.answer(right_answer(exercises.current))
    assert "(+" in status.value
    rating_after_one = int(status.value.split("<b>")[1].split("<")[0])
    assert rating_after_one > 950
    exercises.next()
    missed = exercises.current
    exercises.answer(wrong_answer(missed))
    assert "(−" in status.value and "Risolto" not in status.value
    # Then solved: the line that went down says why it stays down.
    exercises.answer(right_answer(missed))
    assert exercises.solved and "(−" in status.value
    assert "Risolto, ma con un suggerimento o dopo un errore" in status.value
    exercises.next()
    assert "Risolto" not in status.value                # the next puzzle's line is its own

    find("dama-practice-theme").value = "tactics"
    for _ in range(3):
        assert exercises.current.topic in THEMES["tactics"][1]
        exercises.answer(right_answer(exercises.current))
        exercises.next()
    # Solved after a hint: «Perfetto!» on the board, and the rating line says why it fell.
    exercises.hint()
    exercises.answer(right_answer(exercises.current))
    assert exercises.solved and "(−" in status.value
    assert "Risolto, ma con un suggerimento o dopo un errore" in status.value
    exercises.next()

    # A streak: no hint button, harder puzzles, the first mistake ends it.
    find("dama-practice-streak").click()
    assert exercises.hint_button.layout.display == "none"
    assert find("dama-practice-theme-row").layout.display == "none"   # a streak: every topic
    assert "Serie: <b>0</b>" in status.value
    for n in range(1, 4):
        exercises.answer(right_answer(exercises.current))
        assert f"Serie: <b>{n}</b>" in status.value
        exercises.next()
    exercises.answer(wrong_answer(exercises.current))
    assert "La serie è finita: <b>3</b> di fila! Nuovo record!" in find(
        "dama-practice-message").value
    assert BestScores(dama_home(), "palestra-serie.json").best("Giulia", "streak") == 3
    # No dead «Prossimo esercizio» after the end: the button starts a new streak.
    assert exercises.next_button.description == "Nuova serie"
    exercises.next()
    assert "Serie: <b>0</b>" in status.value and exercises.title.value.endswith(
        "Serie · esercizio 1</b>")
    assert exercises.next_button.description == "Prossimo esercizio"
    assert "(−" not in status.value and "(+" not in status.value   # no stale change

    # The review: nothing due yet; later, the missed puzzles come back, the first one first.
    find("dama-practice-review").click()
    assert exercises.layout.display == "none"
    message = find("dama-practice-message").value
    assert "Nessun errore da ripassare adesso" in message and "fra 10 minuti" in message
    now[0] += dt.timedelta(minutes=20)
    find("dama-practice-review").click()
    assert exercises.layout.display is None
    assert exercises.current.id == missed.id
    # Missed: the puzzle answered wrong, the streak's mistake, the one solved after a hint.
    assert find("dama-practice-review").description == "Ripassa gli errori (3)"
    exercises.answer(right_answer(missed))
    assert "un ripasso non cambia il punteggio" in status.value
    assert find("dama-practice-review").description == "Ripassa gli errori (2)"

    # The rating is the progress file's: a new page (a reload) shows the same number.
    shown = status.value.split("<b>")[1].split("<")[0]
    again = corso.practice("it", seed=4, clock=lambda: now[0])
    assert f"Il tuo punteggio: <b>{shown}</b>" in _find(again, "dama-practice-status").value

    # A streak missed at its first puzzle: said kindly, not «0 di fila», and no record.
    find("dama-practice-streak").click()
    exercises.answer(wrong_answer(exercises.current))
    assert find("dama-practice-message").value == (
        "<p style='font-size:1.2em'>La serie è finita al primo esercizio. Non importa: "
        "premi «Nuova serie» e riprova! Questo esercizio puoi finirlo lo stesso.</p>")
    assert BestScores(dama_home(), "palestra-serie.json").best("Giulia", "streak") == 3

    # A streak left without an answer ends, unrated: no try was saved, so the rating shown
    # is still the one a reload replays from the file.
    find("dama-practice-rated").click()
    before = status.value.split("<b>")[1].split("<")[0]
    find("dama-practice-streak").click()
    exercises.answer(right_answer(exercises.current))
    exercises.next()
    exercises.next()                                       # moved on without answering
    assert "La serie è finita: <b>1</b> di fila!" in find("dama-practice-message").value
    assert "puoi finirlo" not in find("dama-practice-message").value   # it is gone
    assert "Premi «Nuova serie» per ricominciare" in exercises.feedback.value
    assert exercises.next_button.description == "Nuova serie"
    find("dama-practice-rated").click()
    shown = status.value.split("<b>")[1].split("<")[0]
    again = corso.practice("it", seed=4, clock=lambda: now[0])
    assert f"Il tuo punteggio: <b>{shown}</b>" in _find(again, "dama-practice-status").value
    assert shown != before     # the streak's solved puzzle counted, the one left did not
    # The Palestra's answers make its rating only: no lesson has a star from them.
    assert "Conta solo gli esercizi fatti qui" in page.children[0].value
    assert corso.best_stars("Giulia") == {}


def _find(page, cls):
    return next(w for w in _walk(page) if cls in getattr(w, "_dom_classes", ()))
