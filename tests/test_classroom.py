"""The class page's model: a class of five children read from their progress files, one of
them damaged, one child's files from two computers, two children who typed no name."""

import csv
import io
import shutil

import pytest

from puzzles import check, load
from puzzles.classroom import LessonInfo, load_class, local_time
from puzzles.progress import ProgressStore, name_key, open_file, student_path

PUZZLES = {p.id: p for p in load()}
LESSONS = [LessonInfo(3, {"it": "La presa", "en": "Capturing"},
                      ("it-cap-001", "it-cap-002", "it-cap-003")),
           LessonInfo(7, {"it": "Prendere di più", "en": "Take the most"},
                      ("it-qty-001", "it-qty-002"))]


def solve(store, puzzle_id, wrong=0, hints=0):
    """``wrong`` wrong answers, then the right one."""
    puzzle = PUZZLES[puzzle_id]
    right = puzzle.solutions[0]
    answer = " ".join(right) if isinstance(right, (list, tuple)) else str(right)
    for attempt in range(1, wrong + 1):
        store.record(puzzle, "1-5", check(puzzle, "1-5", hints, attempt), hints)
    verdict = check(puzzle, answer, hints, wrong + 1)
    assert verdict.correct, (puzzle_id, answer, verdict)
    store.record(puzzle, answer, verdict, hints)


@pytest.fixture
def classroom(tmp_path):
    """Two computers' progress folders of one class."""
    first, second = tmp_path / "pc1", tmp_path / "pc2"
    with ProgressStore("Anna", first) as s:
        for p in LESSONS[0].exercises:
            solve(s, p)
        solve(s, "it-qty-001", wrong=2)
    with ProgressStore("Bruno", first) as s:
        solve(s, "it-cap-001", wrong=1)
    with ProgressStore("Carla", first) as s:                  # Carla on the first computer…
        solve(s, "it-cap-001")
    with ProgressStore("carla", second) as s:                 # …and on the second
        solve(s, "it-cap-002", hints=1)
        solve(s, "it-qty-002", wrong=1)
    with ProgressStore("studente", first) as s:               # two children with no name
        solve(s, "it-qty-001", wrong=1)
    with ProgressStore("studente", second) as s:
        solve(s, "it-cap-003")
    with ProgressStore("Élena", second) as s:
        solve(s, "it-qty-001", wrong=3)
    # The Palestra's tries, in the same files: they make the rating, not the lessons' stars.
    with ProgressStore("Anna", first, place="palestra") as s:
        for p in ("it-qty-003", "it-cap-004", "it-cap-005"):
            solve(s, p)
    with ProgressStore("Élena", second, place="palestra") as s:
        solve(s, "it-qty-003", wrong=3)
    with ProgressStore("studente", first, place="palestra") as s:
        solve(s, "it-cap-004")
    with ProgressStore("studente", second, place="palestra") as s:
        solve(s, "it-cap-004", wrong=1)
    (second / "Dario.sqlite").write_bytes(b"not a database at all, just some bytes" * 50)
    return first, second


def test_a_class_of_five_from_two_computers(classroom):
    first, second = classroom
    progress = load_class([first, second], LESSONS)
    names = [c.label("it") for c in progress.children]
    # Carla's two computers' files are one child, her name shown with its capital.
    assert names[:4] == ["Anna", "Bruno", "Carla", "Élena"]
    # The two children who typed no name stay two, each named by its file.
    assert len(progress.children) == 6
    assert [c.label("it") for c in progress.children[4:]] == [
        "(senza nome: studente)", "(senza nome: studente)"]
    # The damaged file is named with the reason, and left out.
    (problem,) = progress.problems
    assert problem.text("it") == "Dario.sqlite: il file è rovinato e non si può leggere"
    assert "damaged" in problem.text("en")
    assert (second / "Dario.sqlite").exists()  # nothing moved


def test_stars_per_child_and_lesson(classroom):
    progress = load_class(list(classroom), LESSONS)
    anna, bruno, carla, elena = progress.children[:4]
    capture, most = LESSONS
    assert progress.stars(anna, capture) == (9, 9)
    assert progress.stars(anna, most) == (1, 6)          # two wrong tries first: 1 star
    assert progress.stars(bruno, capture) == (2, 9)
    # Carla's two computers together: 3 + 2 (a hint) in lesson 3, 2 in lesson 7.
    assert progress.stars(carla, capture) == (5, 9) and progress.stars(carla, most) == (2, 6)
    assert len(carla.files) == 2 and len(carla.ids) == 2
    assert progress.stars(elena, most) == (1, 6)
    # Among the children who tried each lesson: four in lesson 3, four in lesson 7.
    totals = {lesson.number: (got, most, tried)
              for lesson, got, most, tried in progress.lesson_totals()}
    assert totals == {3: (9 + 2 + 5 + 3, 9 * 4, 4), 7: (1 + 2 + 2 + 1, 6 * 4, 4)}


def test_the_exercises_most_missed_with_their_rule(classroom):
    progress = load_class(list(classroom), LESSONS)
    top = progress.most_missed(3)
    assert [(m.puzzle, m.wrong, m.children) for m in top] == [
        ("it-qty-001", 6, 3), ("it-cap-001", 1, 1), ("it-qty-002", 1, 1)]
    assert top[0].lesson == 7 and top[0].position == 1 and top[0].solved == 3
    assert top[1].solved == 1                         # Bruno, wrong once, then right
    assert top[0].rule == PUZZLES["it-qty-001"].rules[0]
    assert "quantità" in top[0].rule_text("it") and top[0].rule in top[0].rule_text("it")


def test_one_childs_detail_and_the_lesson_csv_in_local_time(classroom):
    progress = load_class(list(classroom), LESSONS)
    anna = progress.child("ANNA")
    rows = progress.detail(anna)
    assert [(r["lesson"], r["position"], r["stars"], r["tries"]) for r in rows] == [
        (3, 1, 3, 1), (3, 2, 3, 1), (3, 3, 3, 1), (7, 1, 1, 3)]
    text = progress.lesson_csv(7, "it")
    table = list(csv.reader(io.StringIO(text), delimiter=";"))  # as Italian spreadsheets
    assert table[0] == ["Alunno", "Esercizio 1", "Esercizio 2", "Stelle", "Massimo",
                        "Ultimo tentativo"]
    assert table[1][:5] == ["Anna", "1", "", "1", "6"]
    stored = open_file(student_path(classroom[0], "Anna")).attempts()[-1].timestamp
    assert table[1][5] == local_time(stored) and "+00:00" not in table[1][5]
    english = list(csv.reader(io.StringIO(progress.lesson_csv(7, "en"))))
    assert english[0][0] == "Student" and english[0][-1] == "Last attempt"
    nbgrader = list(csv.DictReader(io.StringIO(progress.nbgrader_csv())))
    assert {(r["assignment"], r["student_id"], r["score"], r["max_score"]) for r in nbgrader
            if r["student_id"] == "Anna"} == {("03", "Anna", "9", "9"), ("07", "Anna", "1", "6")}


def test_uploaded_files_read_like_a_folder_and_copies_are_one_child(classroom):
    first, second = classroom
    carla = student_path(first, "Carla")
    shutil.copy(carla, second / "Carla-copia.sqlite")  # the same file twice: the same id
    uploads = [(p.name, p.read_bytes()) for p in sorted(first.glob("*.sqlite"))]
    uploads += [("Carla-copia.sqlite", (second / "Carla-copia.sqlite").read_bytes()),
                ("appunti.txt", b"hello")]
    progress = load_class(uploads, LESSONS)
    carla_child = progress.child("carla")
    assert len(carla_child.files) == 2 and len(carla_child.ids) == 1
    assert progress.stars(carla_child, LESSONS[0]) == (3, 9)  # attempts not counted twice
    assert [p.file for p in progress.problems] == ["appunti.txt"]


def test_names_match_without_regard_to_case_or_accents(tmp_path):
    assert name_key("Niccolò ") == name_key("NICCOLO") == name_key("niccolo")
    with ProgressStore("Niccolò", tmp_path) as store:
        solve(store, "it-cap-001")
        first_id = store.child_id
    with ProgressStore("niccolo", tmp_path) as store:       # the same file, the same child
        assert store.path.name == "Niccolò.sqlite" and store.child_id == first_id
        assert store.best_stars() == {"it-cap-001": 3}
    assert [p.name for p in tmp_path.glob("*.sqlite")] == ["Niccolò.sqlite"]


def test_the_chart_has_a_bar_per_lesson_with_the_class_share(classroom):
    progress = load_class(list(classroom), LESSONS)
    svg = progress.chart_svg("it")
    assert svg.startswith("<svg") and "Stelle per lezione, tra chi" in svg
    assert 'data-lesson="3" data-stars="19" data-most="36"' in svg
    assert "53% · 4 alunni" in svg and "Lezione 7" in svg


def test_the_class_sees_each_childs_practice_rating_as_the_palestra_works_it_out(classroom):
    """The class page's «Palestra» column: Anna solved everything at once and rises above the
    new child's 950; Élena missed three times and falls; the two children with no name stay
    two ratings, not one."""
    from puzzles.practice import START, Practice
    from puzzles.progress import read_attempts

    first, second = classroom
    progress = load_class([first, second], LESSONS)
    ratings = progress.practice_ratings()
    by_name = {c.label("it"): r for c, r in zip(progress.children, ratings)}
    assert by_name["Anna"].rating > START.rating > by_name["Élena"].rating
    # Bruno and Carla did lessons only: no Palestra rating, not a made-up 950.
    assert by_name["Bruno"] is None and by_name["Carla"] is None
    nameless = ratings[4:]
    assert len(nameless) == 2 and nameless[0] != nameless[1]
    # Anna's own Palestra, given the other children's files, shows the same number.
    from puzzles.practice import read_folder

    others = {}
    for folder in (first, second):
        for name, child_tries in read_folder(folder, skip=first / "Anna.sqlite").items():
            others.setdefault(name + folder.name, []).extend(child_tries)
    anna = Practice("Anna", list(PUZZLES.values()),
                    lambda: read_attempts(first / "Anna.sqlite"), others=others)
    assert anna.rating.shown == by_name["Anna"].shown
