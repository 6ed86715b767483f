"""The champions' shots (authoring/puzzles/championship.py, it-20-championship.toml): each
puzzle's position found again in the game its question names, the move its explanation says
the player made checked against the score, and the one first move that wins material proved
by the solver (IT-C1, IT-C5). tests/test_claims.py checks every text of theirs with the rest
of the collection."""

import re

import pytest

from damalib import Board
from damalib.solver import accepted_moves
from dama.core.content import load
from dama.palestra.practice import THEMES, Practice

from authoring.claims import check_text, story_of
from authoring.puzzles.championship import (GAMES, championship_games, championship_shots,
                                            player, round_of)

# The shots of the games (it-20); the captures to count are in tests/test_shot_questions.py.
CHAMPIONSHIP = [p for p in load() if p.topic == "championship" and p.kind == "move"]
TOLD = {"it": re.compile(r"^Campionato Italiano Assoluto 2005, turno (\d+): (.+) \(Bianco\) "
                         r"contro (.+) \(Nero\)\. "),
        "en": re.compile(r"^Italian championship 2005, round (\d+): (.+) \(White\) against "
                         r"(.+) \(Black\)\. ")}


def game_of(puzzle, lang="it"):
    """(game, ply) where the puzzle's position comes, in the game its question names."""
    told = TOLD[lang].match(puzzle.prompt(lang))
    assert told, puzzle.id
    n, white, black = int(told.group(1)), told.group(2), told.group(3)
    found = []
    for game in championship_games():
        if (round_of(game), player(game.tag("Bianco")), player(game.tag("Nero"))) \
                != (n, white, black):
            continue
        for ply, board in enumerate(game.positions()):
            if board.fen() == puzzle.fen:
                found.append((game, ply))
    assert len(found) == 1, puzzle.id
    return found[0]


def test_the_games_are_the_championship_as_published():
    games = championship_games()
    assert len(games) == 53
    assert GAMES.read_bytes() == (GAMES.parents[2] / "tests" / "fixtures" / "pdn" / "real"
                                  / "Campionato Assoluto 2005.pdn").read_bytes()
    assert min(round_of(g) for g in games) == 1 and all(round_of(g) for g in games)
    assert player("BORGHETTI Michele") == "Michele Borghetti"
    assert player("LO GALBO Santo") == "Santo Lo Galbo"


def test_every_shot_of_the_games_is_in_the_collection_once():
    shots = championship_shots()
    fens = {board.fen() for _, _, board, _ in shots}
    mine = {p.fen for p in CHAMPIONSHIP}
    assert len(CHAMPIONSHIP) >= 13 and len(mine) == len(CHAMPIONSHIP)
    assert mine <= fens
    # A shot left out is a position the collection already holds in another topic.
    others = {p.fen for p in load() if p.topic != "championship"}
    assert fens - mine <= others
    assert all(p.kind == "move" and p.goal == "material" and p.unique for p in CHAMPIONSHIP)
    assert {p.board().turn for p in CHAMPIONSHIP} == {"W", "B"}


@pytest.mark.parametrize("puzzle", CHAMPIONSHIP, ids=lambda p: p.id)
def test_each_shot_is_found_in_its_game_and_says_what_was_played(puzzle):
    game, ply = game_of(puzzle)
    assert game_of(puzzle, "en") == (game, ply)
    board = Board(puzzle.fen)
    # IT-C1, IT-C5: the one first move that wins material within the puzzle's plies.
    firsts = {solution[0] for solution in puzzle.solutions}
    assert {board.move_text(m) for m in accepted_moves(board, "material", puzzle.plies)} \
        == firsts
    played = board.move_text(game.moves[ply])
    name = player(game.tag("Bianco" if board.turn == "W" else "Nero"))
    if played in firsts:
        assert puzzle.explanation("it").endswith(
            f"Nella partita {name} ha giocato proprio questo tiro.")
        assert puzzle.explanation("en").endswith(f"In the game {name} played this very shot.")
    else:
        assert puzzle.explanation("it").endswith(
            f"Nella partita {name} non l'ha visto: ha giocato {played}.")
        assert puzzle.explanation("en").endswith(
            f"In the game {name} missed it and played {played}.")


def test_the_palestra_has_a_theme_of_the_champions_games():
    assert THEMES["championship"][1] == ("championship",)
    practice = Practice("Anna", load(), lambda: [], seed=1)
    # The shots and the captures to count (it-27): the whole topic.
    topic = {p.id for p in load() if p.topic == "championship"}
    assert {p.id for p in CHAMPIONSHIP} < topic
    assert {p.id for p in practice.themed("championship")} == topic


def test_the_claims_checker_finds_the_game_the_question_names():
    puzzle = CHAMPIONSHIP[0]
    story = story_of(puzzle)
    for lang in ("it", "en"):
        claims = [c for c in check_text(puzzle.prompt(lang), story, lang)
                  if c.kind == "championship game"]
        assert len(claims) == 1 and claims[0].problem is None
    # Another round, or a position the game never reaches, is reported.
    told = TOLD["it"].match(puzzle.prompt("it"))
    wrong = puzzle.prompt("it").replace(f"turno {told.group(1)}:",
                                        f"turno {int(told.group(1)) % 7 + 1}:")
    assert [c.problem for c in check_text(wrong, story, "it")
            if c.kind == "championship game"][0]
    elsewhere = story_of(CHAMPIONSHIP[1])
    assert "never reaches" in [c.problem for c in check_text(puzzle.prompt("it"), elsewhere,
                                                              "it")
                               if c.kind == "championship game"][0]
