"""«Rivedi la partita» on lesson 16 in the child's view (Voilà, as `make course` serves it):
the child plays three moves against the computer, one of them leaving a piece to be taken,
presses the review, plays the game's move again on the mistake's board (refused, with why)
and then the better move (solved, explained). Nothing is saved in the progress folder.

The computer's replies at level 1 are not scripted: the test reads the game from the page's
move list and picks the child's next move with damalib, which also tells it the review the
kernel will show (the review is deterministic).

Set DAMA_SCREENSHOTS to a folder to keep the screenshots the tests take.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import click_square, open_view, shot, wait_drawn

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSON = "it/16-partita-col-computer.ipynb"


def game_moves(text: str) -> list[str]:
    """The moves of the page's move list ("1. 22-18 11-15 2. 24-20"), without numbers."""
    return [token for token in text.split() if re.fullmatch(r"\d+(?:[-x]\d+)+", token)]


def board_after(moves: list[str]):
    from damalib import Board

    board = Board()
    for move in moves:
        board.push(move)
    return board


def next_move(moves: list[str], mistakes_wanted: bool):
    """The child's next move: the first one the review would call a mistake (when one is
    wanted and there is one), else the first legal move."""
    from damalib.review import review

    board = board_after(moves)
    if mistakes_wanted:
        for move in board.legal_moves:
            found = review([*moves, str(move)], "W").mistakes
            if found and found[-1].ply == len(moves) + 1:
                return move
    return board.legal_moves[0]


def wait_for_moves(page, listing, n: int) -> list[str]:
    """The game's moves once the list holds ``n`` of them (the computer has answered)."""
    for _ in range(600):
        moves = game_moves(listing.inner_text())
        if len(moves) >= n:
            return moves
        page.wait_for_timeout(100)
    raise AssertionError(f"the move list did not reach {n} moves: {listing.inner_text()!r}")


def play(canvas, move) -> None:
    for square in move.path:            # the start, then every landing (IT-C5)
        click_square(canvas, square)


def test_the_review_shows_a_mistake_and_lets_the_child_try_the_better_move(page,
                                                                          course_server):
    from damalib.review import review

    from dama.core.store.progress import read_attempts

    base, home, _ = course_server
    open_view(page, base, LESSON)
    game = page.locator(".dama-computer-game")
    expect(game).to_be_attached()

    def attempts():
        """Every progress file's attempts (the lesson's exercises open the child's file)."""
        return {path.name: read_attempts(path) for path in sorted(home.glob("*.sqlite"))}

    saved = attempts()
    canvas = game.locator(".dama-widget canvas.dama-board").first
    canvas.scroll_into_view_if_needed()
    wait_drawn(page, canvas)
    button = game.locator(".dama-review-button")
    expect(button).to_be_disabled()
    listing = game.locator(".dama-widget .dama-moves").first
    moves: list[str] = []
    made_one = False
    # At least three moves (the button waits for a few); more while none was a mistake:
    # the computer's replies are its own, and some positions offer no mistake to make.
    for turn in range(12):
        if made_one and turn >= 3:
            break
        move = next_move(moves, mistakes_wanted=not made_one)
        board = board_after(moves)
        made_one = made_one or bool(review([*moves, board.move_text(move)], "W").mistakes)
        play(canvas, move)
        # The computer answers (IT-B4: turns alternate): two plies more in the list.
        moves = wait_for_moves(page, listing, 2 * (turn + 1))
    expected = review(moves, "W")
    assert expected.mistakes, moves                 # the test played a mistake on purpose
    expect(button).to_be_enabled()
    button.click()
    note = game.locator(".dama-review-note")
    expect(note).to_contain_text("Ho trovato", timeout=120_000)
    mistake = expected.shown()[0]
    puzzles = game.locator(".dama-review-puzzles")
    expect(puzzles.locator(".dama-prompt")).to_contain_text(f"hai giocato {mistake.played}")
    board = puzzles.locator("canvas.dama-board")
    board.scroll_into_view_if_needed()
    wait_drawn(page, board)
    play(board, mistake.played)                     # the game's move: refused, with why
    status = puzzles.locator(".dama-status")
    expect(status).to_contain_text("Riprova")
    expect(status).to_contain_text("potrebbe")      # what it would let happen: could
    expect(status).not_to_contain_text("IT-")
    expect(status).not_to_contain_text("tu giochi")
    puzzles.scroll_into_view_if_needed()
    shot(page, "voila-review-refusal.png")
    play(board, mistake.best)                       # the better move: solved, explained
    banner = puzzles.locator(".dama-banner")
    expect(banner).to_be_visible()
    expect(banner).not_to_contain_text("IT-")
    puzzles.locator(".dama-restart").click()        # «Ricomincia»: the board lives again
    expect(banner).to_be_hidden()
    # The board in view again before it is played on (the banner gone below it moves the
    # page: a click on a board half out of view lands a row away, as a finger's would).
    board.scroll_into_view_if_needed()
    wait_drawn(page, board)
    play(board, mistake.best)
    expect(banner).to_be_visible()
    puzzles.scroll_into_view_if_needed()
    shot(page, "voila-game-review.png")
    assert attempts() == saved                       # the review saved nothing


def test_the_free_game_is_reached_from_the_index_with_its_review(page, course_server):
    """«Gioca contro il computer» from the index: the game and its review button (off until
    the child has played a few moves), the computer answering a move clicked."""
    base = course_server[0]
    open_view(page, base, "it/indice")
    page.get_by_role("link", name="Gioca contro il computer").click()
    expect(page).to_have_url(re.compile(r"/voila/render/app\.ipynb#it/gioca$"))
    game = page.locator(".dama-computer-game")
    expect(game).to_be_visible()
    expect(game.locator(".dama-review-button")).to_be_disabled()
    canvas = game.locator(".dama-widget canvas.dama-board").first
    wait_drawn(page, canvas)
    play(canvas, board_after([]).legal_moves[0])
    wait_for_moves(page, game.locator(".dama-widget .dama-moves").first, 2)
    expect(game.locator(".dama-status").first).to_contain_text("Il computer ha giocato")
    shot(page, "voila-free-game.png")
