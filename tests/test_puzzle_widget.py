"""The puzzle widget, driven through its board's controller (no browser needed)."""

import pytest

pytest.importorskip("ipycanvas")

from dama.core.board import immediate  # noqa: E402
from dama.core.content.check import praise  # noqa: E402
from dama.core.store.progress import ProgressStore  # noqa: E402
from dama.core.board.puzzle_widget import PuzzleWidget as Widget  # noqa: E402


def PuzzleWidget(*args, **kwargs):  # noqa: N802 - replies at once, whatever loop is running
    return Widget(*args, scheduler=immediate, **kwargs)


@pytest.fixture
def run(tmp_path):
    return PuzzleWidget("examples", student="Anna", home=str(tmp_path))


def test_a_capture_answered_by_clicks_earns_three_stars_and_is_saved(run, tmp_path):
    board = run.board_widget.controller
    board.click(22)
    board.click(13)
    assert run.solved and run.stars == {"it-ex-001": 3}
    # Said once, in the banner under the board: praise, why, and the stars.
    banner = run.board_widget.banner.value
    assert banner.startswith(praise("it-ex-001", "it", 3)) and "al primo colpo" in banner
    assert "Stelle: 3 su 3" in banner and "Bravo" not in banner
    assert run.feedback.value == "" and "★★★" in run.star_line.value
    assert "Stelle: 3 su 3" not in board.status
    with ProgressStore("Anna", tmp_path) as store:
        (attempt,) = store.attempts()
    assert attempt.puzzle == "it-ex-001" and attempt.correct and attempt.stars == 3


def test_a_wrong_move_is_taken_back_and_costs_a_star(run):
    run.show(5)  # the shot 22-18 17x26 18x4
    board = run.board_widget.controller
    board.click(22)
    board.click(19)  # legal, but not the shot
    assert board.board.fen() == "W:W10,21,22:B7,14,17"  # taken back
    # A shot's quiet wrong move: the opponent can defend after it (the solver says so).
    assert board.status == ("Con 22-19 non vinci subito nessun pezzo: il Nero può "
                            "difendersi. Riprova!") and run.failed
    assert not run.solution_button.disabled
    run.show_solution()
    assert "22-18 17x26 18x4" in run.feedback.value
    board.click(22)
    board.click(18)
    board.click(18)
    board.click(4)
    assert run.stars["it-ex-006"] == 2  # solved at the second try


def test_an_illegal_answer_names_the_rule(run):
    verdict = run.answer("24-20")
    assert verdict.rule == "IT-C1" and "mangiare è obbligatorio" in run.feedback.value
    assert "IT-C1" not in run.feedback.value and "22" not in run.feedback.value  # the answer
    assert run.failed


def test_hints_cost_stars_and_run_out(run):
    run.hint()  # it-ex-001 has two hints: the man to take, then the man that takes it
    assert "18" in run.feedback.value and run.hints_used == 1
    run.hint()
    assert "22" in run.feedback.value and run.hints_used == 2
    run.hint()
    assert "altri suggerimenti" in run.feedback.value and run.hints_used == 2
    assert run.answer("22x13").stars == 1


def test_a_line_with_the_opponents_reply(run):
    run.show(5)  # the shot 22-18 17x26 18x4
    board = run.board_widget.controller
    board.click(22)
    board.click(18)
    assert "17x26" in board.status and not run.solved
    assert board.board.turn == "W"  # the reply was played for Black
    board.click(18)
    board.click(4)
    assert run.solved and run.stars["it-ex-006"] == 3


def test_count_choice_and_all_captures_are_answered_below_the_board(run):
    run.show(2)
    assert run.answer_row.layout.display == ""
    run.answer_box.value = "31x13 e 31x15"
    run._answer_box()
    assert run.solved
    run.show(3)
    from damalib.i18n import number_word
    right = run.current.solutions[0]
    run.hint()
    hint = run.current.hint(1, "it")
    assert not run.answer(str(right + 5)).correct
    assert f"Non è {right + 5}: sono di meno. Riprova!" in run.feedback.value
    assert hint in run.feedback.value           # the hint paid for stays in sight
    assert "sono di più" in run.answer(str(right - 1)).text("it")
    assert run.attempt == 3                     # each wrong count costs a star
    assert not run.answer("tanti").correct and "numero" in run.feedback.value
    assert run.attempt == 3                     # not a number: nothing answered yet
    assert run.answer(number_word(right, "it")).correct   # numbers in words count
    run.show(4)
    assert run.choices.layout.display == ""
    run.choices.value = 1
    assert "prese" in run.feedback.value and not run.solved
    run.choices.value = 0
    assert run.solved


def test_the_language_switch_changes_every_text(run):
    run.board_widget.lang = "en"
    assert "White to play" in run.prompt.value and run.hint_button.description == "Hint"
    run.answer("22x13")
    assert "Stars: 3 of 3" in run.feedback.value


def test_the_end_of_the_run_sums_the_stars(run):
    run.answer("22x13")
    run.show(len(run.puzzles) - 1)
    run.next()
    assert "stelle su" in run.feedback.value


def test_a_damaged_progress_file_is_reported_not_fatal(tmp_path):
    (tmp_path / "Anna.sqlite").write_bytes(b"junk" * 100)
    run = PuzzleWidget("examples", student="Anna", home=str(tmp_path))
    assert "rovinato" in run.feedback.value
    assert run.answer("22x13").correct


def test_a_broken_puzzle_file_shows_a_kind_message_not_a_traceback(tmp_path, monkeypatch):
    import shutil

    import dama.core.content.puzzle as model
    folder = tmp_path / "collections"
    shutil.copytree(model.COLLECTIONS, folder)
    (folder / "it-00-examples.toml").write_text("[[puzzle]]\nid = ", encoding="utf-8")
    monkeypatch.setattr(model, "COLLECTIONS", folder)
    monkeypatch.setattr(model.load, "__defaults__", (None, None, folder, None))
    empty = PuzzleWidget("examples", save=False)  # every example was in the broken file
    assert "insegnante" in empty.feedback.value and "it-00-examples.toml" in empty.feedback.value
    others = PuzzleWidget(["it-ex-001", "it-cap-001"], save=False)
    assert [p.id for p in others.puzzles] == ["it-cap-001"]
    assert "un file degli esercizi ha un errore" in others.feedback.value


def test_the_exercise_board_offers_no_free_hints(run):
    board = run.board_widget
    assert board.legal_button.layout.display == "none"
    assert board.count_button.layout.display == "none"
    assert not board.controller.show_legal


# -- handlers called on another thread (JupyterLab 4.6 and ipykernel 7 subshells) -----------

def _on_another_thread(action):
    import threading
    worker = threading.Thread(target=action)
    worker.start()
    worker.join()


def test_choices_answered_on_a_subshell_thread_are_all_graded_and_saved(tmp_path):
    """Each value change arrives on a thread other than the one that made the widget; every
    answer must still be graded and saved (it was lost to sqlite3.ProgrammingError)."""
    import asyncio

    from dama.core import handlers
    from dama.core.content.puzzle import load

    choice = [p for p in load(topic="movement") if p.kind == "choice"][:3]
    errors_before = len(handlers.ERRORS)

    async def lesson():
        run = PuzzleWidget([p.id for p in choice], student="Bea", home=str(tmp_path))
        for n, puzzle in enumerate(choice):
            if n:
                run.next_button.click()
            right = puzzle.solutions[0]
            wrong = (right + 1) % len(puzzle.options["it"])
            _on_another_thread(lambda: setattr(run.choices, "value", wrong))
            await asyncio.sleep(0.01)
            assert run.failed and not run.solved
            _on_another_thread(lambda: setattr(run.choices, "value", right))
            await asyncio.sleep(0.01)
            assert run.solved, run.feedback.value
        return run

    run = asyncio.run(lesson())
    assert len(handlers.ERRORS) == errors_before
    assert run.stars == {p.id: 2 for p in choice}
    with ProgressStore("Bea", tmp_path) as store:
        attempts = store.attempts()
    assert [(a.puzzle, a.correct) for a in attempts] == [
        (p.id, ok) for p in choice for ok in (False, True)]


def test_a_typed_move_sent_by_the_box_and_by_play_is_played_once(tmp_path):
    """Enter in the move box sends the value (on a subshell thread), then Play sends it
    again (main thread): one move, no 'no piece on 19' error."""
    import asyncio

    from dama.core import handlers
    from dama.core.board.canvas import BoardWidget

    errors_before = len(handlers.ERRORS)

    async def play():
        widget = BoardWidget(scheduler=immediate)
        _on_another_thread(lambda: setattr(widget.move_box, "value", "22-19"))
        widget.play_button.click()
        await asyncio.sleep(0.01)
        widget.play_button.click()
        await asyncio.sleep(0.01)
        return widget

    widget = asyncio.run(play())
    assert [str(m) for m in widget.board.move_stack] == ["22-19"]
    assert "19" not in widget.controller.status.split("giocato")[0]
    assert len(handlers.ERRORS) == errors_before


def test_an_answer_typed_and_sent_twice_counts_once(tmp_path):
    from dama.core.content.puzzle import load

    count = next(p for p in load(topic="movement") if p.kind == "count")
    run = PuzzleWidget([count.id], student="Ciro", home=str(tmp_path))
    run.answer_box.value = str(count.solutions[0] + 5)   # Enter
    run.answer_button.click()                      # then the button
    assert run.attempt == 2
    with ProgressStore("Ciro", tmp_path) as store:
        assert len(store.attempts()) == 1


def test_stars_earned_before_show_again_after_a_restart(tmp_path):
    first = PuzzleWidget("examples", student="Dora", home=str(tmp_path))
    first.board_widget.controller.click(22)
    first.board_widget.controller.click(13)
    again = PuzzleWidget("examples", student="Dora", home=str(tmp_path))  # a new kernel
    assert again.stars == {"it-ex-001": 3} and "★★★" in again.star_line.value


def test_a_run_of_exercises_of_two_games_changes_the_board_with_them(tmp_path):
    """Lesson 17: Brazilian, then International puzzles on the same widget."""
    run = PuzzleWidget(["br-maj-002", "int-maj-002"], student="Eva", home=str(tmp_path))
    assert run.board_widget.controller.size == 8
    run.next()
    controller = run.board_widget.controller
    assert controller.variant.name == "international" and controller.size == 10
    assert controller.board.fen() == run.current.board().fen()
    (line,) = run.current.solutions
    assert controller.play(line[0], user=True) is not None and run.solved


def test_a_stuck_child_may_see_the_solution_after_every_hint(tmp_path):
    run = PuzzleWidget(["it-cap-001"], student="Gaia", home=str(tmp_path))
    # Never greyed without a reason: pressed too soon, it says when it will help.
    assert not run.solution_button.disabled
    run.show_solution()
    assert "dopo un tentativo sbagliato" in run.feedback.value and "La soluzione:" not in (
        run.feedback.value)
    for _ in run.current.hints["it"]:
        run.hint()
    run.show_solution()
    assert "La soluzione" in run.feedback.value
    assert run.next_button.description == "Ho finito!"       # the last exercise


def test_a_list_of_captures_that_cannot_be_read_says_how_to_write_it(tmp_path):
    from dama.core.content.puzzle import load

    puzzle = next(p for p in load() if p.kind == "all-captures")
    run = PuzzleWidget([puzzle.id], student="Ugo", home=str(tmp_path))
    assert not run.answer("due").correct
    assert "separate da uno spazio" in run.feedback.value and run.attempt == 1


def test_a_click_on_the_last_questions_options_does_not_answer_the_next_one(tmp_path):
    """The next question gets new option buttons: a click still on its way to the old ones
    (a child clicking as the question changes, in a slow browser kernel) answers nothing."""
    from dama.core.content.puzzle import load

    choice = [p for p in load(topic="movement") if p.kind == "choice"][:2]
    run = PuzzleWidget([p.id for p in choice], student="Ciro", home=str(tmp_path))
    first = run.choices
    first.value = choice[0].solutions[0]
    assert run.solved
    run.next_button.click()
    assert run.choices is not first and run.choices in run.children
    assert first not in run.children and first.comm is None          # closed
    assert run.choices.value is None and run.choices.layout.display == ""
    first.value = choice[1].solutions[0]             # the late click on the old buttons
    assert not run.solved and run.current.id == choice[1].id
    run.choices.value = choice[1].solutions[0]
    assert run.solved and run.stars == {choice[0].id: 3, choice[1].id: 3}


def test_a_garbled_move_typed_for_one_puzzle_is_gone_at_the_next(run):
    """The move box keeps what the board could not read (to be mended), until the puzzle
    changes: then it is empty, not «zz» left from before."""
    box = run.board_widget.move_box
    box.value = "zz"
    assert box.value == "zz" and not run.solved
    run.next()
    assert box.value == ""


def test_after_ricomincia_a_solved_puzzle_is_played_again_from_the_start(run, tmp_path):
    run.show(5)  # the shot 22-18 17x26 18x4
    board = run.board_widget.controller
    run.hint()
    for square in (22, 18, 18, 4):
        board.click(square)
    assert run.solved and run.stars["it-ex-006"] == 2
    start = run.current.board().fen()
    board.restart()                          # «Ricomincia»: a new try, the line played again
    assert board.board.fen() == start and not run.solved and run.hints_used == 0
    assert "Di nuovo dall'inizio" in board.status and run.feedback.value == ""
    assert not run.hint_button.disabled
    for square in (22, 18, 18, 4):
        board.click(square)
    assert run.solved and run.stars["it-ex-006"] == 3
    assert "al primo colpo" in run.board_widget.banner.value
    with ProgressStore("Anna", tmp_path) as store:
        assert store.best_stars()["it-ex-006"] == 3


def test_annulla_in_the_middle_of_a_line_takes_the_line_back_too(run):
    run.show(5)
    board = run.board_widget.controller
    board.click(22)
    board.click(18)                          # 22-18, and Black's 17x26 comes at once
    board.undo()                             # both go: the line is at its start again
    assert board.board.fen() == run.current.board().fen()
    for square in (22, 18, 18, 4):
        board.click(square)
    assert run.solved


def test_annulla_after_solving_starts_the_puzzle_again_not_in_its_middle(run):
    run.show(5)
    board = run.board_widget.controller
    for square in (22, 18, 18, 4):
        board.click(square)
    assert run.solved
    board.undo()                             # no half-line with three stars to win back
    assert board.board.fen() == run.current.board().fen() and not run.solved
    assert not board.board.move_stack


@pytest.mark.parametrize("index", [2, 3, 4])  # all the captures, a count, a choice
def test_a_question_answered_below_the_board_has_a_board_only_to_look_at(run, index):
    run.show(index)
    view = run.board_widget
    board = view.controller
    before = board.board.fen()
    assert board.mode == "look" and "dama-look" in view._dom_classes
    assert view.button_row.layout.display == "none" and view.move_row.layout.display == "none"
    for square in (22, 13, 31, 15):
        board.click(square)
    assert board.board.fen() == before and not board.highlights().get("selected")
    assert "la risposta si dà qui sotto" in board.status
    run.show(5)                              # the next puzzle moves again, with its buttons
    assert board.mode == "puzzle" and "dama-look" not in view._dom_classes
    assert view.button_row.layout.display is None


# -- words that stay true after the answer ------------------------------------------------------

def test_a_solved_move_leaves_no_turn_to_play_on_the_status_line(run):
    board = run.board_widget.controller
    board.click(22)
    board.click(13)
    assert run.solved and "Il Bianco ha giocato 22x13" in board.status
    assert "Tocca al Nero" not in board.status        # the exercise is over: nobody moves
    board.click(3)
    assert "L'esercizio è finito" in board.status


def test_ricomincia_empties_the_move_box(run):
    run.show(5)
    widget = run.board_widget
    widget.move_box.value = "22-19"                   # a wrong move, typed
    widget.restart()
    assert widget.move_box.value == ""


def test_a_count_answered_right_asks_for_no_more_answers(run):
    run.show(3)
    board = run.board_widget.controller
    assert "Clicca il numero giusto qui sotto" in board.status
    assert not run.answer_box.disabled and not run.answer_button.disabled
    assert run.answer(str(run.current.solutions[0])).correct
    assert "Hai risposto" in board.status and "il numero giusto" not in board.status
    assert run.answer_box.disabled and run.answer_button.disabled
    run.show(2)                                        # the next question asks again
    assert not run.answer_box.disabled and "Scrivi la risposta" in board.status


def test_the_right_piece_moved_wrongly_is_told_it_can_capture(tmp_path):
    # it-cap-001 (lesson 3): the man on 13 must take 10; a step to 9 is refused (IT-C1), and
    # the words say that this very piece can take, nothing of where it lands.
    widget = PuzzleWidget(["it-cap-001"], student="Anna", home=str(tmp_path))
    board = widget.board_widget.controller
    board.click(13)
    board.click(9)
    assert "il pezzo in 13 può prendere" in board.status
    assert "6" not in board.status and "cerca il pezzo" not in board.status
    assert not widget.failed                          # a refused move costs no star
