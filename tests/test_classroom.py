"""The class page's model: a class of five children read from their progress files, one of
them damaged, one child's files from two computers, two children who typed no name."""

import csv
import io
import shutil

import pytest

from dama.core.content import check, load
from dama.classroom.report import LessonInfo, load_class, local_time
from dama.core.store.progress import ProgressStore, name_key, open_file, student_path

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
    # Carla typed her name on two computers: one child or two Carlas? Apart and numbered,
    # until the teacher says they are one.
    apart = load_class([first, second], LESSONS)
    assert [c.label("it") for c in apart.children[:5]] == [
        "Anna", "Bruno", "Carla (1 di 2)", "carla (2 di 2)", "Élena"]
    assert [c.namesakes for c in apart.children[:5]] == [1, 1, 2, 2, 1]
    progress = load_class([first, second], LESSONS, join=["CARLA"])
    names = [c.label("it") for c in progress.children]
    # Joined: Carla's two computers' files are one child, her name shown with its capital.
    assert names[:4] == ["Anna", "Bruno", "Carla", "Élena"]
    assert [c.label("it") for c in load_class([first, second], LESSONS, join=True).children] \
        == names
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
    progress = load_class(list(classroom), LESSONS, join=["Carla"])
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
    progress = load_class(list(classroom), LESSONS, join=["Carla"])
    top = progress.most_missed(3)
    # As the share of the children who tried each: all three who tried 7.1 missed it (more
    # children than 7.2's one of one), then one of the three who tried 3.1.
    assert [(m.puzzle, m.wrong, m.children, m.tried) for m in top] == [
        ("it-qty-001", 6, 3, 3), ("it-qty-002", 1, 1, 1), ("it-cap-001", 1, 1, 3)]
    assert [round(m.share, 2) for m in top] == [1.0, 1.0, 0.33]
    assert top[0].lesson == 7 and top[0].position == 1 and top[0].solved == 3
    assert top[2].solved == 1                         # Bruno, wrong once, then right
    assert top[0].rule == PUZZLES["it-qty-001"].rules[0]
    assert "quantità" in top[0].rule_text("it") and top[0].rule in top[0].rule_text("it")


def test_one_childs_detail_and_the_lesson_csv_in_local_time(classroom):
    progress = load_class(list(classroom), LESSONS, join=["Carla"])
    anna = progress.child("ANNA")
    rows = progress.detail(anna)
    assert [(r["lesson"], r["position"], r["stars"], r["tries"]) for r in rows] == [
        (3, 1, 3, 1), (3, 2, 3, 1), (3, 3, 3, 1), (7, 1, 1, 3)]
    text = progress.lesson_csv(7, "it")
    table = list(csv.reader(io.StringIO(text), delimiter=";"))  # as Italian spreadsheets
    assert table[0] == ["Alunno", "Esercizio 1", "Esercizio 2", "Stelle", "Massimo",
                        "Ultimo tentativo", "Nota"]
    assert table[1][:5] == ["Anna", "1", "", "1", "6"]
    # The last try at one of lesson 7's exercises: the Palestra's, in the same file, come
    # after it and may fall in the next minute.
    lesson_7 = next(lesson for lesson in LESSONS if lesson.number == 7).exercises
    stored = [a for a in open_file(student_path(classroom[0], "Anna")).attempts()
              if a.puzzle in lesson_7][-1].timestamp
    assert table[1][5] == local_time(stored) and "+00:00" not in table[1][5]
    english = list(csv.reader(io.StringIO(progress.lesson_csv(7, "en"))))
    assert english[0][0] == "Student" and english[0][-2:] == ["Last attempt", "Note"]
    assert english[-1][0].startswith("In an exercise's column: 3, 2 or 1 the stars earned; 0 "
                                     "tried but not solved yet; empty not tried")
    # The file written is that text with the mark a spreadsheet needs, line ends of CSV.
    data = progress.lesson_sheet(7, "it")
    assert data == "\ufeff".encode() + text.encode() and "\r\n" in text
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
    progress = load_class(uploads, LESSONS, join=["Carla"])
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
    progress = load_class(list(classroom), LESSONS, join=["Carla"])
    svg = progress.chart_svg("it")
    assert svg.startswith("<svg") and "Stelle per lezione, tra chi" in svg
    assert 'data-lesson="3" data-stars="19" data-most="36"' in svg
    assert "53% · 4 alunni" in svg and "Lezione 7" in svg


def test_the_class_sees_each_childs_practice_rating_as_the_palestra_works_it_out(classroom):
    """The class page's «Palestra» column: Anna solved everything at once and rises above the
    new child's 950; Élena missed three times and falls; the two children with no name stay
    two ratings, not one."""
    from dama.core.store.ratings import START
    from dama.palestra.practice import Practice
    from dama.core.store.progress import read_attempts

    first, second = classroom
    progress = load_class([first, second], LESSONS, join=["Carla"])
    ratings = progress.practice_ratings()
    by_name = {c.label("it"): r for c, r in zip(progress.children, ratings)}
    assert by_name["Anna"].rating > START.rating > by_name["Élena"].rating
    # Bruno and Carla did lessons only: no Palestra rating, not a made-up 950.
    assert by_name["Bruno"] is None and by_name["Carla"] is None
    nameless = ratings[4:]
    assert len(nameless) == 2 and nameless[0] != nameless[1]
    # Anna's own Palestra, given the other children's files, shows the same number.
    from dama.core.store.ratings import read_folder

    others = {}
    for folder in (first, second):
        for name, child_tries in read_folder(folder, skip=first / "Anna.sqlite").items():
            others.setdefault(name + folder.name, []).extend(child_tries)
    anna = Practice("Anna", list(PUZZLES.values()),
                    lambda: read_attempts(first / "Anna.sqlite"), others=others)
    assert anna.rating.shown == by_name["Anna"].shown


def _hashes(folder):
    import hashlib

    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_teachers_folder_is_read_and_never_written(classroom, tmp_path, capsys):
    """A teacher's folder as it comes: two computers' subfolders, another program's database
    (rubrica.sqlite), an empty file, a damaged one, and a file a write was cut short in (its
    journal beside it). The page's model, the CLI and the class page read them all; every
    byte of every file is the same after, and no file comes or goes."""
    import sqlite3

    from dama.cli import main

    folder = tmp_path / "scuola"
    for computer in classroom:
        shutil.copytree(computer, folder / computer.name)
    first = folder / "pc1"
    other = sqlite3.connect(folder / "rubrica.sqlite")
    other.execute("CREATE TABLE contatti (nome TEXT)")
    other.execute("INSERT INTO contatti VALUES ('Maestra Rossi')")
    other.commit()
    other.close()
    (folder / "vuoto.sqlite").write_bytes(b"")
    # A write cut short: the file and its hot journal copied while the write was under way.
    with ProgressStore("Giorgio", tmp_path / "kernel") as store:
        solve(store, "it-cap-001")
    live = sqlite3.connect(tmp_path / "kernel" / "Giorgio.sqlite", isolation_level=None)
    live.execute("PRAGMA journal_mode=DELETE")
    live.execute("BEGIN IMMEDIATE")
    live.execute("DELETE FROM attempt")
    live.execute("PRAGMA cache_spill=1")
    for _ in range(200):     # enough to spill the change into the database file
        live.execute("INSERT INTO meta(key, value) VALUES (hex(randomblob(16)), "
                     "hex(randomblob(2000)))")
    journal = tmp_path / "kernel" / "Giorgio.sqlite-journal"
    assert journal.exists()
    shutil.copy(tmp_path / "kernel" / "Giorgio.sqlite", first / "Giorgio.sqlite")
    shutil.copy(journal, first / "Giorgio.sqlite-journal")
    live.execute("ROLLBACK")
    live.close()
    before = _hashes(folder)

    progress = load_class([folder], LESSONS, join=["Carla"])
    problems = {p.file: p.reason.text("it") for p in progress.problems}
    other = "non è un file dei progressi del corso: è il file di un altro programma, o è vuoto"
    assert problems == {"rubrica.sqlite": other, "vuoto.sqlite": other,
                        "pc2/Dario.sqlite": "il file è rovinato e non si può leggere"}
    giorgio = progress.child("Giorgio")
    assert giorgio is not None and progress.stars(giorgio, LESSONS[0]) == (3, 9)  # undone
    assert main(["progress", "merge", str(folder), "--join", "Carla",
                 "-o", str(tmp_path / "classe.csv")]) == 0
    err = capsys.readouterr().err
    assert "rubrica.sqlite" in err and "vuoto.sqlite" in err
    # The lesson's sheet: the bytes the page downloads; the damaged file's child has a row.
    sheet = tmp_path / "lezione-03.csv"
    assert main(["progress", "merge", str(folder), "--join", "Carla", "--lesson", "3",
                 "-o", str(sheet)]) == 0
    from dama.core.content.lessons import load_lessons
    from dama.classroom.report import LessonInfo

    every = [LessonInfo(l.number, dict(l.title), tuple(l.exercises)) for l in load_lessons()]
    assert sheet.read_bytes() == load_class([folder], every, join=["Carla"]).lesson_sheet(3)
    rows = list(csv.reader(sheet.read_text(encoding="utf-8-sig").splitlines(), delimiter=";"))
    (dario,) = [r for r in rows if r and r[0] == "Dario"]
    assert dario[-1] == "pc2/Dario.sqlite: il file è rovinato e non si può leggere"
    from dama.classroom.page import class_page

    page = class_page("it", folder)
    (table,) = [w for w in page.children if "dama-class-table" in w._dom_classes]
    assert "Giorgio" in table.value
    assert _hashes(folder) == before


def test_two_children_with_one_name_on_two_computers_stay_two_until_joined(classroom, capsys,
                                                                           tmp_path):
    from dama.cli import main

    first, second = classroom
    out = tmp_path / "classe.csv"
    assert main(["progress", "merge", str(first), str(second), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "Carla è il nome di 2 file da computer diversi" in err and "--join" in err
    rows = out.read_text(encoding="utf-8-sig")
    assert "Carla (1 di 2)" in rows and "carla (2 di 2)" in rows
    assert main(["progress", "merge", str(first), str(second), "--join", "carla",
                 "-o", str(out)]) == 0
    assert "Carla (1 di 2)" not in out.read_text(encoding="utf-8-sig")
    assert "Carla" not in capsys.readouterr().err


def test_tomorrows_lesson_the_exercises_missed_by_most_of_those_who_tried_them(tmp_path):
    """After lesson 10, the exercises to take up again: lesson 3's exercise, missed once by
    24 children of 24, tops the class's raw count; lesson 7's, missed by 7 of the 10 who
    tried it this week, tops that lesson's list since the week began."""
    import datetime as dt

    folder = tmp_path / "classe"
    for n in range(24):
        with ProgressStore(f"Alunno {n:02d}", folder) as store:
            solve(store, "it-cap-002", wrong=1)
            if n < 10:
                solve(store, "it-qty-002", wrong=1 if n < 7 else 0)
    progress = load_class([folder], LESSONS)
    assert progress.most_missed(1)[0].puzzle == "it-cap-002"          # every child missed it
    (seven,) = progress.most_missed(None, lesson=7)
    assert (seven.puzzle, seven.children, seven.tried) == ("it-qty-002", 7, 10)
    assert round(seven.share, 1) == 0.7
    today = dt.date.today()
    assert progress.most_missed(None, lesson=7, since=today + dt.timedelta(days=1)) == []
    assert progress.most_missed(None, lesson=7, since=today - dt.timedelta(days=7)) == [seven]
    # The class page: the lesson chosen, its card with the position, the question, the
    # share, the rule in words and a link to the lesson; a worksheet of them to download.
    from dama.classroom.page import class_page

    page = class_page("it", folder)
    (missed,) = [w for w in page.children if "dama-class-missed" in w._dom_classes]
    (choose,) = [w for box in page.children for w in getattr(box, "children", ())
                 if "dama-missed-lesson" in w._dom_classes]
    assert "data-puzzle='it-cap-002'" in missed.value.split("dama-missed-card")[1]
    choose.value = 7
    cards = missed.value.split("class='dama-missed-card'")[1:]
    assert len(cards) == 1 and "data-puzzle='it-qty-002'" in cards[0]
    assert "sbagliato da 7 dei 10 che l'hanno provato (70%)" in cards[0]
    assert "Lezione 7, esercizio 2" in cards[0] and ".ipynb'" in cards[0] and "<svg" in cards[0]
    assert PUZZLES["it-qty-002"].prompt("it") in cards[0]
    assert "download='da-riprendere.html'" in missed.value
    assert "download='da-riprendere-soluzioni.html'" in missed.value


def test_a_school_servers_class_folder_gives_a_row_per_account_named_by_it(tmp_path):
    """On a school's server each account has a folder of the class folder, written only by
    its own server: the row is the account's, named by the folder, from its own file alone.
    A copy of another child's file put in a folder, a «maestra» file, a subfolder and a file
    at the top are left out and named; a file whose inside says another name still gives
    the account's row."""
    from dama.classroom.report import load_accounts

    folder = tmp_path / "classe"
    with ProgressStore("sofia", folder / "sofia") as s:
        solve(s, "it-cap-001")
    # Luca's own file says «sofia» inside: still Luca's row.
    with ProgressStore("sofia", tmp_path / "elsewhere") as s:
        solve(s, "it-cap-002", wrong=1)
    (folder / "luca").mkdir()
    shutil.copyfile(student_path(tmp_path / "elsewhere", "sofia"), folder / "luca" / "luca.sqlite")
    sofias = student_path(folder / "sofia", "sofia")
    shutil.copyfile(sofias, folder / "luca" / "sofia.sqlite")
    shutil.copyfile(sofias, folder / "luca" / "maestra.sqlite")
    (folder / "luca" / "altro").mkdir()
    shutil.copyfile(sofias, folder / "luca" / "altro" / "x.sqlite")
    shutil.copyfile(sofias, folder / "intruso.sqlite")
    progress = load_accounts(folder, LESSONS, PUZZLES.values())
    assert [c.name for c in progress.children] == ["luca", "sofia"]
    assert progress.stars(progress.child("sofia"), LESSONS[0]) == (3, 9)
    assert progress.stars(progress.child("luca"), LESSONS[0]) == (2, 9)
    left_out = sorted(p.file for p in progress.problems)
    assert left_out == ["intruso.sqlite", "luca/altro", "luca/maestra.sqlite", "luca/sofia.sqlite"]
    assert all("lasciato fuori" in p.text("it") for p in progress.problems)
    # The same folder read as a teacher's folder of files counts every copy.
    assert len(load_class([folder], LESSONS, PUZZLES.values()).children) >= 2

