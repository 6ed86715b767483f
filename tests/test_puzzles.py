"""Puzzle files, the checker's verdicts and stars, the progress store, and the dama command."""

import csv
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dama.core import content as puzzles
from damalib import Move
from dama.core.content import PuzzleFileError, check, load_file, stars_for
from dama.cli import main
from dama.core.store.progress import ProgressStore, open_file, topic_scores
from dama.core.content.verify import verify
from dama.core.content.worksheet import worksheet

EXAMPLES = {p.id: p for p in puzzles.load(topic="examples")}
BY_ID = {p.id: p for p in puzzles.load()}

GOOD_PUZZLE = """
[collection]
variant = "italian"
topic = "t"

[[puzzle]]
id = "p1"
level = 1
kind = "capture"
fen = "W:W22:B18"
prompt.it = "Mangia!"
solutions = ["22x13"]
rules = ["IT-C2"]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "topic.toml"
    path.write_text(text, encoding="utf-8")
    return path


# -- the file format --------------------------------------------------------------------------

def test_a_teacher_written_file_loads(tmp_path):
    (puzzle,) = load_file(write(tmp_path, GOOD_PUZZLE))
    assert (puzzle.id, puzzle.variant, puzzle.topic, puzzle.kind, puzzle.level) == (
        "p1", "italian", "t", "capture", 1)
    assert puzzle.prompt("en") == "Mangia!"  # English falls back to Italian
    assert puzzle.solutions == (("22x13",),) and puzzle.rules == ("IT-C2",)


@pytest.mark.parametrize("change, field", [
    (('level = 1', 'level = 9'), "level"),
    (('level = 1', 'level = "one"'), "level"),
    (('kind = "capture"', 'kind = "riddle"'), "kind"),
    (('fen = "W:W22:B18"', 'fen = "W:W22:B18,40"'), "fen"),
    (('fen = "W:W22:B18"', 'fen = "W:W2:B18"'), "fen"),
    (('prompt.it = "Mangia!"', 'prompt.en = "Eat!"'), "prompt"),
    (('solutions = ["22x13"]', 'solutions = []'), "solutions"),
    (('rules = ["IT-C2"]', 'rules = []'), "rules"),
    (('variant = "italian"', 'variant = "chess"'), "variant"),
    (('id = "p1"\n', ''), "id"),
])
def test_a_broken_file_names_the_file_the_puzzle_and_the_field(tmp_path, change, field):
    path = write(tmp_path, GOOD_PUZZLE.replace(*change))
    with pytest.raises(PuzzleFileError) as info:
        load_file(path)
    assert info.value.field == field
    assert "topic.toml" in str(info.value) and f"field {field!r}" in str(info.value)


def test_not_toml_and_no_puzzles_are_clear_errors(tmp_path):
    with pytest.raises(PuzzleFileError, match="not valid TOML"):
        load_file(write(tmp_path, "[[puzzle]\nid ="))
    with pytest.raises(PuzzleFileError, match="no \\[\\[puzzle\\]\\]"):
        load_file(write(tmp_path, "[collection]\ntopic = 't'\n"))
    with pytest.raises(PuzzleFileError, match="used twice"):
        load_file(write(tmp_path, GOOD_PUZZLE + GOOD_PUZZLE.split("\n", 5)[5]))


def test_load_filters_by_variant_and_topic():
    assert all(p.topic == "examples" for p in puzzles.load(topic="examples"))
    assert all(p.variant == "italian" for p in puzzles.load(variant="italiana"))


# -- grading ----------------------------------------------------------------------------------

def test_the_compulsory_capture_is_right_and_a_quiet_move_breaks_it_c1():
    puzzle = EXAMPLES["it-ex-001"]
    right = check(puzzle, "22x13")
    assert right.correct and right.stars == 3 and right.text("it").startswith("Ottimo, al primo colpo!")
    wrong = check(puzzle, "24-20")
    assert not wrong.correct and wrong.stars == 0 and wrong.rule == "IT-C1"
    assert "(mangiare è obbligatorio)" in wrong.text("it")
    assert "(capturing is compulsory)" in wrong.text("en") and "IT-C1" not in wrong.text("en")


def test_hints_and_retries_cost_stars():
    puzzle = EXAMPLES["it-ex-001"]
    assert check(puzzle, "22x13", hints_used=1).stars == 2
    assert check(puzzle, "22x13", attempt=2).stars == 2
    assert check(puzzle, "22x13", hints_used=1, attempt=3).stars == 1
    assert stars_for(5, 5) == 1


def test_a_line_goes_on_with_the_opponents_reply_then_is_solved():
    puzzle = EXAMPLES["it-ex-006"]  # the shot 22-18 17x26 18x4
    first = check(puzzle, "22-18")
    assert first.correct and not first.done and first.reply == Move((17, 26), (21,))
    assert "17x26" in first.text("it")
    done = check(puzzle, ["22-18", "18x4"])
    assert done.correct and done.done and done.stars == 3
    assert not check(puzzle, "22-19").correct


def test_a_good_move_that_is_not_best_lets_the_child_retry():
    puzzle = puzzles.Puzzle(**{**EXAMPLES["it-ex-006"].__dict__, "good": ("22-19",)})
    verdict = check(puzzle, "22-19")
    assert verdict.retry and not verdict.correct and "riprova" in verdict.text("it").lower()


def test_a_wrong_move_that_loses_a_piece_is_told_what_it_lets_happen_c1():
    """A legal move that is not the answer: if the opponent can then take by force (IT-C1),
    the child reads what happens, not only that it is not the solution."""
    puzzle = BY_ID["it-pro-002"]
    verdict = check(puzzle, "23-19")
    assert not verdict.correct and not verdict.retry
    assert verdict.text("it") == ("Con 23-19, il Nero potrebbe mangiare una pedina con 1x10: "
                                   "perderesti un pezzo. Riprova!")
    assert verdict.text("en") == ("With 23-19, Black could take a man with 1x10: you would lose "
                                   "a piece. Try again!")
    # A wrong move that loses nothing is only not the answer.
    puzzle = BY_ID["it-pro-001"]
    assert check(puzzle, "13-9").text("it") == (
        "13-9 si può giocare, ma non è la soluzione. Riprova!")


def test_a_shots_quiet_wrong_move_is_told_it_wins_nothing_yet():
    """A shot (goal "material", its first move proved the only one that wins material): a
    wrong move that loses nothing is told that the opponent can defend after it, never
    «allowed, but not the answer» (IT-C1)."""
    from damalib.solver import accepted_moves
    puzzle = BY_ID["it-cmp-001"]
    board = puzzle.board()
    assert [board.move_text(m) for m in accepted_moves(board, "material", puzzle.plies)] \
        == ["11-14"]
    verdict = check(puzzle, "16-20")
    assert not verdict.correct and verdict.reason == "material_missed"
    assert verdict.text("it") == ("Con 16-20 non vinci subito nessun pezzo: il Bianco può "
                                  "difendersi. Riprova!")
    assert verdict.text("en") == "With 16-20 you win no piece straight away: White can " \
        "defend. Try again!"


@pytest.mark.parametrize("answer", ["", "   ", "hello", "22-", "99-1", "22-19-", "x", None])
def test_garbled_answers_get_a_friendly_message(answer):
    verdict = check(EXAMPLES["it-ex-001"], answer)
    assert not verdict.correct and verdict.text("it") and verdict.text("en")


def test_every_capture_must_be_found():
    puzzle = EXAMPLES["it-ex-003"]
    assert check(puzzle, "31x13 e 31x15").correct
    assert check(puzzle, "31x15, 31x13").correct
    missing = check(puzzle, "31x13")
    assert not missing.correct and "2" in missing.text("it")


def test_count_answers_are_parsed_never_evaluated():
    puzzle = EXAMPLES["it-ex-004"]
    assert check(puzzle, "2").correct and check(puzzle, 2).correct
    assert not check(puzzle, "1+1").correct  # not evaluated
    assert check(puzzle, "1+1").reason == "unreadable_number"
    assert check(puzzle, "3").reason == "wrong_number"


def test_choice_feedback_per_option():
    puzzle = EXAMPLES["it-ex-005"]
    assert check(puzzle, 0).correct and check(puzzle, "A").correct
    wrong = check(puzzle, "b")
    assert not wrong.correct and "prese" in wrong.text("it") and "captures" in wrong.text("en")
    assert check(puzzle, 7).reason == "unreadable_choice"


def test_the_examples_verify():
    for puzzle in EXAMPLES.values():
        if puzzle.goal or puzzle.kind == "goal":
            continue  # proved with the solver (tests of the collection)
        assert verify(puzzle) == []


def test_a_loop_taken_the_other_way_round_is_the_same_capture(tmp_path):
    # A man that comes back to its square (IT-C6) can go round either way: the same pieces
    # between the same squares, one capture (RULES.md, section 6); verify does not take the
    # other way round for a capture the rules turn down.
    text = GOOD_PUZZLE.replace('variant = "italian"', 'variant = "brazilian"').replace(
        'fen = "W:W22:B18"', 'fen = "W:W11,20,21:B6,7,14-16"').replace(
        'solutions = ["22x13"]', 'solutions = ["11x2x9x18x11"]').replace(
        'rules = ["IT-C2"]', 'rules = ["INT-K1", "INT-C1", "INT-P1", "BR-B1"]')
    (puzzle,) = load_file(write(tmp_path, text))
    assert check(puzzle, "11x18x9x2x11").correct
    assert verify(puzzle) == []


# -- progress ---------------------------------------------------------------------------------

def test_every_attempt_is_saved_and_survives_reopening(tmp_path):
    puzzle = EXAMPLES["it-ex-001"]
    with ProgressStore("Anna Rossi", tmp_path) as store:
        store.record(puzzle, "24-20", check(puzzle, "24-20"), hints=0, seconds=12.5)
        store.record(puzzle, "22x13", check(puzzle, "22x13", attempt=2), hints=1, seconds=3)
    with ProgressStore("Anna Rossi", tmp_path) as store:
        attempts = store.attempts()
        assert [a.correct for a in attempts] == [False, True]
        assert attempts[0].rule == "IT-C1" and attempts[1].stars == 2
        assert attempts[1].hints == 1 and attempts[0].seconds == 12.5
        assert store.best_stars() == {"it-ex-001": 2}
    assert (tmp_path / "Anna_Rossi.sqlite").exists()


def test_the_progress_folder_comes_from_dama_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DAMA_HOME", str(tmp_path / "casa"))
    with ProgressStore("Luca") as store:
        assert store.path.parent == tmp_path / "casa"


def test_a_damaged_file_is_set_aside_with_a_message_and_a_new_one_begun(tmp_path):
    (tmp_path / "Luca.sqlite").write_bytes(b"this is not a database at all" * 100)
    with ProgressStore("Luca", tmp_path) as store:
        assert "rovinato" in store.message["it"] and "damaged" in store.message["en"]
        assert store.attempts() == []
    aside = list(tmp_path.glob("Luca.damaged-*.sqlite"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")


def test_a_file_with_another_table_layout_is_set_aside_too(tmp_path):
    db = sqlite3.connect(tmp_path / "Eva.sqlite")
    db.execute("CREATE TABLE attempt (x INTEGER)")
    db.commit()
    db.close()
    with ProgressStore("Eva", tmp_path) as store:
        assert store.message


def test_a_write_cut_short_loses_nothing_saved_before(tmp_path):
    # A child process saves one attempt, then dies in the middle of a second transaction.
    script = f"""
import os, sys
sys.path.insert(0, {str(Path(__file__).resolve().parent.parent)!r})
from dama.core import content as puzzles
from dama.core.store.progress import ProgressStore
p = puzzles.load(topic="examples")[0]
store = ProgressStore("Kid", {str(tmp_path)!r})
store.record(p, "22x13", puzzles.check(p, "22x13"))
store._db.execute("BEGIN")
store._db.execute("INSERT INTO attempt (timestamp, student, puzzle, topic, variant, answer, "
                  "correct, stars, hints, seconds) VALUES ('t','Kid','x','t','v','a',0,0,0,0)")
os._exit(9)
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 9, result.stderr
    with ProgressStore("Kid", tmp_path) as store:
        assert not store.message
        assert [a.puzzle for a in store.attempts()] == ["it-ex-001"]


def test_scores_per_topic_in_nbgrader_columns(tmp_path):
    puzzle = EXAMPLES["it-ex-001"]
    with ProgressStore("Anna", tmp_path) as store:
        store.record(puzzle, "22x13", check(puzzle, "22x13"))
        rows = topic_scores(store.attempts())
    (row,) = rows
    assert row["student_id"] == "Anna" and row["assignment"] == "examples"
    assert row["score"] == 3 and row["max_score"] == 3 * len(EXAMPLES)


# -- the dama command -------------------------------------------------------------------------

def test_dama_progress_export_and_merge(tmp_path, capsys):
    puzzle = EXAMPLES["it-ex-005"]                       # lesson 1's first exercise, a choice
    right = puzzle.solutions[0]
    for name, answer in (("Anna", right), ("Luca", "24-20")):
        with ProgressStore(name, tmp_path) as store:
            store.record(puzzle, answer, check(puzzle, answer))
    out = tmp_path / "anna.csv"
    assert main(["progress", "export", "--student", "anna", "--home", str(tmp_path), "-o",
                 str(out)]) == 0                         # "anna" finds Anna.sqlite
    rows = list(csv.DictReader(out.read_text(encoding="utf-8").splitlines()))
    assert rows[0]["student_id"] == "Anna" and rows[0]["score"] == "3"
    assert rows[0]["assignment"] == "01" and rows[0]["max_score"] == "12"
    assert "+00:00" not in rows[0]["timestamp"]          # local time
    (tmp_path / "Rotto.sqlite").write_bytes(b"garbage" * 50)
    class_csv = tmp_path / "classe.csv"
    assert main(["progress", "merge", str(tmp_path), "-o", str(class_csv), "--lang", "en"]) == 0
    rows = list(csv.DictReader(class_csv.read_text(encoding="utf-8").splitlines()))
    assert {r["student_id"]: r["score"] for r in rows} == {"Anna": "3", "Luca": "0"}
    lesson_csv = tmp_path / "lezione-01.csv"
    assert main(["progress", "merge", str(tmp_path), "--lesson", "1", "-o",
                 str(lesson_csv)]) == 0
    sheet = list(csv.reader(lesson_csv.read_text(encoding="utf-8-sig").splitlines(),
                            delimiter=";"))
    assert sheet[0][:2] == ["Alunno", "Esercizio 1"] and sheet[1][:2] == ["Anna", "3"]
    assert list(rows[0]) == ["assignment", "duedate", "timestamp", "student_id", "last_name",
                             "first_name", "email", "raw_score", "late_submission_penalty",
                             "score", "max_score"]
    assert "Rotto.sqlite cannot be read" in capsys.readouterr().err


def test_dama_merge_of_a_missing_file_is_a_message_not_a_traceback(tmp_path, capsys):
    assert main(["progress", "merge", str(tmp_path / "nope.sqlite"), "--lang", "en"]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["progress", "merge", str(tmp_path / "nope.sqlite")]) == 2
    assert "non esiste" in capsys.readouterr().err


def test_worksheet_has_diagrams_prompts_and_an_answer_key(tmp_path):
    page = worksheet(list(EXAMPLES.values())[:3], "it")
    assert page.count("<svg") == 3 and "Soluzioni" in page
    assert "22x13" in page.split("Soluzioni")[1]
    out = tmp_path / "scheda.html"
    assert main(["worksheet", "--topic", "examples", "--lang", "en", "-o", str(out)]) == 0
    # The sheet the class gets has no answers; they are apart, for the teacher.
    assert "Answers" not in out.read_text(encoding="utf-8")
    key = (tmp_path / "scheda-answers.html").read_text(encoding="utf-8")
    assert "Draughts exercises · Answers" in key and "<svg" not in key
    assert worksheet(list(EXAMPLES.values())[:3], "it", answers="none").count("Soluzioni") == 0


def test_dama_command_is_installed():
    result = subprocess.run([str(Path(sys.executable).parent / "dama"), "--help"],
                            capture_output=True, text=True)
    assert result.returncode == 0 and "progress" in result.stdout


def test_open_file_reads_a_students_file(tmp_path):
    with ProgressStore("Zoe", tmp_path) as store:
        store.record(EXAMPLES["it-ex-001"], "22x13", check(EXAMPLES["it-ex-001"], "22x13"))
    with open_file(tmp_path / "Zoe.sqlite") as store:
        assert store.student == "Zoe" and len(store.attempts()) == 1


def test_dama_export_of_every_attempt_and_of_an_unknown_student(tmp_path, capsys):
    with ProgressStore("Anna", tmp_path) as store:
        store.record(EXAMPLES["it-ex-001"], 'say "hi", ok', check(EXAMPLES["it-ex-001"], "x"))
    out = tmp_path / "a.csv"
    assert main(["progress", "export", "--student", "Anna", "--home", str(tmp_path),
                 "--attempts", "-o", str(out)]) == 0
    # A spreadsheet in Italian, as the lesson's: its mark, ";", Italian words, whole seconds.
    data = out.read_bytes()
    assert data.startswith("\ufeff".encode()) and b"\r\n" in data
    (row,) = csv.DictReader(data.decode("utf-8-sig").splitlines(), delimiter=";")
    assert row["Risposta"] == 'say "hi", ok' and row["Giusta"] == "no"
    assert row["Secondi"].isdigit() and row["Dove"] == "lezione"
    assert main(["--lang", "en", "progress", "export", "--student", "Nessuno", "--home",
                 str(tmp_path)]) == 2
    assert "no progress saved" in capsys.readouterr().err


def test_dama_export_joins_one_students_files_from_several_computers(tmp_path, capsys):
    every = {p.id: p for p in puzzles.load()}
    first, second = every["it-ex-005"], every["it-not-002"]      # lesson 1's first two
    with ProgressStore("Niccolò", tmp_path) as store:
        store.record(first, first.solutions[0], check(first, first.solutions[0]))
    with ProgressStore("niccolo", tmp_path / "pc2") as store:
        store.record(second, second.solutions[0], check(second, second.solutions[0]))
    (tmp_path / "pc2" / "niccolo.sqlite").rename(tmp_path / "niccolo-pc2.sqlite")
    out = tmp_path / "n.csv"
    assert main(["progress", "export", "--student", "NICCOLO", "--home", str(tmp_path),
                 "--lesson", "1", "-o", str(out)]) == 0
    header, row, *_ = csv.reader(out.read_text(encoding="utf-8-sig").splitlines(), delimiter=";")
    assert row[:3] == ["Niccolò", "3", "3"] and row[5:7] == ["6", "12"]
    assert main(["progress", "export", "--student", "niccolo", "--home", str(tmp_path),
                 "--attempts", "-o", str(out)]) == 0
    rows = list(csv.DictReader(out.read_text(encoding="utf-8-sig").splitlines(), delimiter=";"))
    assert len(rows) == 2 and all("+00:00" not in r["Ora"] for r in rows)


def test_the_puzzle_file_formats_page_example_loads_and_checks(tmp_path, capsys):
    # docs/FORMAT.md documents the format with an example a club could copy: it loads,
    # every answer is proved right, and dama check --folder says so.
    import re

    from dama.cli import main as dama
    from dama.core.content.puzzle import load_file
    from dama.core.content.verify import verify

    page = (Path(__file__).resolve().parents[1] / "docs" / "FORMAT.md").read_text("utf-8")
    (example,) = re.findall(r"```toml\n(.*?)```", page, re.S)
    folder = tmp_path / "circolo"
    folder.mkdir()
    (folder / "martedi.toml").write_text(example, encoding="utf-8")
    found = load_file(folder / "martedi.toml")
    assert [p.kind for p in found] == ["capture", "move", "choice"]
    assert [problem for p in found for problem in verify(p)] == []
    assert dama(["check", "--folder", str(folder)]) == 0
    assert "3 esercizi, 0 problemi" in capsys.readouterr().out


HOLD_PUZZLE = """
[collection]
variant = "italian"
topic = "endgames"

[[puzzle]]
id = "hold-1"
level = 3
kind = "move"
fen = "B:W5,K1:BK19"
prompt.it = "Tocca al Nero. Salva la partita: una mossa sola non perde."
prompt.en = "Black to play. Save the game: only one move does not lose."
solutions = ["19-14"]
goal = "hold"
unique = true
rules = ["IT-E1"]
"""


def test_an_ending_held_to_the_end_is_proved_by_the_tables(tmp_path):
    # A king and a man against a king (IT-E1): the lone king must stand in the man's way.
    # Every other move loses, to the end of the game: the tables say so, not a ply limit.
    (puzzle,) = load_file(write(tmp_path, HOLD_PUZZLE))
    assert (puzzle.goal, puzzle.plies) == ("hold", 0)
    assert verify(puzzle) == []
    board = puzzle.board()
    assert check(puzzle, "19-14").correct
    for move in board.legal_moves:
        if board.move_text(move) != "19-14":
            assert not check(puzzle, board.move_text(move)).correct


def test_a_hold_beyond_the_tables_or_with_a_losing_answer_is_reported(tmp_path):
    losing = HOLD_PUZZLE.replace('solutions = ["19-14"]', 'solutions = ["19-23"]')
    (puzzle,) = load_file(write(tmp_path, losing))
    assert any("19-23" in str(problem) for problem in verify(puzzle))
    crowded = HOLD_PUZZLE.replace('fen = "B:W5,K1:BK19"', 'fen = "B:W5,6,K1:BK19"')
    (puzzle,) = load_file(write(tmp_path, crowded))
    assert verify(puzzle)                    # four pieces: the tables cannot prove it
