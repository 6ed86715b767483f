"""What the second year's lessons say about their positions is what the rules engine and the
endgame tables say: read from the built notebooks (lessons/it, lessons/en) and replayed."""

from __future__ import annotations

import ast
import re
from collections import Counter

import pytest
from test_lesson_positions import LANGS, calls, lesson, markdown

from damalib import Board
from damalib.endgame import holding_moves, probe
from damalib.pdn import parse_game

from authoring.claims import rows_between, story_of
from authoring.endgame_facts import placements


def shares(white: str, black: str) -> dict[str, float]:
    """How each result comes out, in hundredths, over every placement with White (the side
    with more pieces) to move."""
    seen = Counter(probe(board)[0] for board in placements(white, black))
    total = sum(seen.values())
    return {verdict: 100 * seen[verdict] / total for verdict in ("win", "draw", "loss")}


# -- lesson 18: the basic endings ------------------------------------------------------------

def test_lesson_18_table_says_who_wins_as_the_tables_count_it():
    # «quasi sempre»: in more than 95 positions out of 100 (IT-E1).
    for white, black in (("kk", "k"), ("km", "k"), ("mm", "m"), ("km", "m")):
        assert shares(white, black)["win"] > 95, (white, black)
    # «a volte la dama sola si salva»
    assert shares("km", "k")["draw"] > 0
    # «di solito è patta», and «a volte decide la mossa»: a man against a man is won too.
    assert shares("k", "k")["draw"] > 50
    one_each = shares("m", "m")
    assert one_each["draw"] > 50 and one_each["win"] > 0


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_18_the_side_to_move_loses_the_man_in_the_opposition(lang):
    notebook = lesson(18, lang)
    text = markdown(notebook)
    diagrams = [ast.literal_eval(c.args[0]) for c in calls(notebook, "diagram")]
    assert diagrams[:2] == ["W:W14:B6", "W:W14:B6"]
    for turn in "WB":
        board = Board(f"{turn}:W14:B6")
        assert rows_between(board) == 1
        moves = board.legal_moves
        assert len(moves) == 2
        for move in moves:  # «in tutti e due i casi la pedina nera la mangia»
            after = board.copy()
            after.push(move)
            assert after.must_capture(), (turn, board.move_text(move))
    white = Board("W:W14:B6")
    assert sorted(white.move_text(m) for m in white.legal_moves) == ["14-10", "14-11"]
    white.push("14-10")
    assert [white.move_text(m) for m in white.legal_moves] == ["6x13"]
    assert ("tra loro c'è **una riga** vuota" if lang == "it"
            else "with **one row** empty between them") in text


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_18_counts_the_rows_of_its_example_as_the_tables_do(lang):
    text = markdown(lesson(18, lang))
    board = Board("W:W22:B3")
    assert rows_between(board) == 4 and probe(board)[0] == "win"
    right, slip = board.copy(), board.copy()
    right.push("22-19")
    slip.push("22-18")
    assert rows_between(right) == 3 and right.turn == "B" and probe(right)[0] == "loss"
    assert probe(slip)[0] == "draw"
    assert [board.move_text(m) for m in holding_moves(board)] == ["22-19"]
    assert ("tra 22 e 3 ci sono **quattro righe**" if lang == "it"
            else "between 22 and 3 there are **four rows**") in text
    assert ("in più di 95 posizioni su 100" if lang == "it"
            else "in more than 95 positions out of 100") in text


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_18_lets_the_child_win_by_the_opposition_against_any_defence(lang):
    notebook = lesson(18, lang)
    (played,) = calls(notebook, "board")
    assert ast.literal_eval(played.args[0]) == "W:W29:B2"
    kwargs = {k.arg: ast.literal_eval(k.value) for k in played.keywords
              if isinstance(k.value, ast.Constant)}
    assert kwargs["mode"] == "computer" and kwargs["computer_side"] == "B"
    # White wins whatever Black does, each white move being the one that goes to meet it.
    boards = [Board("W:W29:B2")]
    while boards:
        board = boards.pop()
        outcome = board.outcome()
        if outcome is not None:
            assert outcome.winner == "W"
            continue
        if board.turn == "W":
            keep = holding_moves(board)
            assert keep and probe(board)[0] == "win"
            moves = keep[:1]
        else:
            moves = board.legal_moves
        for move in moves:
            after = board.copy()
            after.push(move)
            boards.append(after)


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_18_replays_the_lone_king_that_holds_the_draw(lang):
    notebook = lesson(18, lang)
    (call,) = calls(notebook, "replay")
    game = parse_game(ast.literal_eval(call.args[0]), strict=True)
    positions = list(game.positions())
    start = positions[0]
    assert start.fen() == "B:W5,K1:BK19" and len(start.legal_moves) == 4  # «quattro mosse»
    assert [start.move_text(m) for m in holding_moves(start)] == ["19-14"]  # «solo 19-14»
    for move in start.legal_moves:  # «con le altre perderebbe»
        if start.move_text(move) != "19-14":
            after = start.copy()
            after.push(move)
            assert probe(after)[0] == "win", start.move_text(move)
    assert all(probe(p)[0] == "draw" for p in positions)
    # After 19-14 5-2 14-10: the king on 1 cannot come out, on 5 it would be captured.
    shut = positions[3]
    assert shut.fen() == "W:WK1,K2:BK10"
    out = shut.copy()
    out.push("1-5")
    assert [out.move_text(m) for m in out.legal_moves] == ["10x1"]
    # «la stessa posizione torna per la terza volta»: a draw by the same position three times
    # (IT-D3), which the player may claim.
    last = positions[-1]
    assert last.fen() == shut.fen() and last.repetitions() == 3
    assert last.outcome() is None
    ended = last.outcome(claim_draw=True)
    assert ended is not None and ended.winner is None and ended.rule == "IT-D3"
    assert game.result == "1/2-1/2"
    text = markdown(notebook)
    assert ("solo **19-14** lo salva" if lang == "it" else "only **19-14** saves it") in text


def test_lesson_18_exercises_count_rows_then_hold_endings():
    from dama.core.content import load
    by_id = {p.id: p for p in load()}
    (call,) = calls(lesson(18, "it"), "exercises")
    ids = ast.literal_eval(call.args[0])
    assert len(ids) == 8
    kinds = Counter(by_id[i].kind for i in ids)
    assert kinds == {"count": 1, "choice": 2, "move": 5}
    assert by_id[ids[0]].measure == "rows_between"
    assert all(by_id[i].topic == "basic-endings" for i in ids)


# -- the teacher's guide: the second year's page ------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_counts_the_endings_as_the_tables_do(lang):
    import re

    from authoring.endgame_facts import tally
    from lessons.teachers_guide import SECOND_YEAR
    text = SECOND_YEAR.source(lang)
    rows = re.findall(r"^\s*\|[^|\d]+\| ([\d.,]+) \| ([\d.,]+) \| ([\d.,]+) \|$", text, re.M)
    counted = [tuple(int(re.sub(r"[.,]", "", n)) for n in row) for row in rows]
    groups = (("kk", "k"), ("km", "k"), ("mm", "m"), ("km", "m"), ("k", "k"), ("m", "m"))
    assert counted == [(t.win, t.draw, t.loss) for t in (tally(w, b) for w, b in groups)]
    # The numbers of the topic and of the lesson, as the collection has them.
    from dama.core.content import load
    endings = [p for p in load() if p.topic == "basic-endings"]
    assert (f"i {len(endings)} dell'argomento" if lang == "it"
            else f"the {len(endings)} of the topic") in text
    assert {p.level for p in endings} == {1, 2, 3, 4, 5}
    to_count = [p for p in endings if p.kind == "count"]
    assert (f"Negli {len(to_count)} conteggi, di livello 1" if lang == "it"
            else f"In the {len(to_count)} counts, at level 1") in text


# -- lesson 19: the shot and its intention ---------------------------------------------------

def intention(board: Board, line: list[str]) -> tuple[int, int, int]:
    """A shot's line played out: (the moves its side makes before the final capture, the
    pieces it gives, the pieces it takes), each reply of the opponent checked to be its
    only legal move, a capture (IT-C1)."""
    side = board.turn
    board = board.copy()

    def count(colour: str) -> int:
        return sum(1 for p in board.pieces().values() if p.colour == colour)

    mine, theirs = count(side), count({"W": "B", "B": "W"}[side])
    for i, text in enumerate(line):
        if i % 2:
            (only,) = board.legal_moves
            assert board.move_text(only) == text and only.captures, text
        board.push(text)
    return (len(line) - 1) // 2, mine - count(side), theirs - count({"W": "B", "B": "W"}[side])


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_19_shows_a_first_and_a_second_intention(lang):
    notebook = lesson(19, lang)
    text = markdown(notebook)
    diagrams = [ast.literal_eval(c.args[0]) for c in calls(notebook, "diagram")]
    first, second = diagrams[0], diagrams[2]
    assert intention(Board(first), ["14-19", "23x14", "11x25"]) == (1, 1, 2)
    assert intention(Board(second), ["31-27", "11x18", "26-22", "19x26", "29x6"]) == (2, 2, 3)
    board = Board(second)
    assert board.turn == "W" and board.piece_at(29).colour == "W" and not board.piece_at(29).king
    assert ("Il Bianco ha dato due pedine e ne ha prese tre" if lang == "it"
            else "White gave two men and took three") in text
    assert ("la pedina nera in 11 mangia due pedine" if lang == "it"
            else "the black man on 11 captures two men") in text


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_19_board_holds_one_shot_of_the_second_intention(lang):
    from damalib.solver import accepted_moves
    notebook = lesson(19, lang)
    (played,) = calls(notebook, "board")
    board = Board(ast.literal_eval(played.args[0]))
    assert board.turn == "W"
    assert intention(board, ["22-19", "15x22", "26x10", "17x26", "29x22"])[0] == 2
    assert accepted_moves(board, "material", 3) == []
    assert [board.move_text(m) for m in accepted_moves(board, "material", 5)] == ["22-19"]


def test_lesson_19_exercises_are_shots_of_the_second_intention():
    from dama.core.content import load
    by_id = {p.id: p for p in load()}
    (call,) = calls(lesson(19, "it"), "exercises")
    ids = ast.literal_eval(call.args[0])
    assert len(ids) == 8
    puzzles = [by_id[i] for i in ids]
    assert [p.kind for p in puzzles] == ["count", "choice"] + ["move"] * 6
    # The count: the shot played up to its final capture; the choice: the shot its
    # explanation tells; both of the second intention, as the moves are.
    count, choice = puzzles[:2]
    whole = count.explanation("it").split("Il tiro intero: ")[1].rstrip(".").split()
    assert whole[:-1] == list(count.moves)
    shots = [(Board(count.fen), whole),
             (choice.board(), [b.move_text(m) for b, m in story_of(choice).main_line()])]
    for puzzle in puzzles[2:]:
        assert puzzle.plies == 5, puzzle.id
        shots += [(puzzle.board(), list(line)) for line in puzzle.solutions]
    for board, line in shots:
        assert len(line) == 5 and intention(board, line)[0] == 2, line


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_counts_lesson_19s_questions_as_the_collection_has_them(lang):
    from dama.core.content import load
    from lessons.teachers_guide import SECOND_YEAR
    text = " ".join(SECOND_YEAR.source(lang).split())
    found = [p for p in load() if p.source == "it-25-shot-questions.toml"]
    counts = sum(p.kind == "count" for p in found)
    choices = sum(p.kind == "choice" for p in found)
    assert counts + choices == len(found)
    assert (f"i {len(found)} puzzle di it-25-shot-questions.toml ({counts} conteggi e "
            f"{choices} scelte" if lang == "it" else
            f"the {len(found)} puzzles of it-25-shot-questions.toml ({counts} counts and "
            f"{choices} choices") in text


# -- lesson 20: the openings -------------------------------------------------------------------

def diagram_boards(notebook: dict) -> list[tuple[Board, list[str], list[str]]]:
    """Each diagram of a notebook: its position after its moves, the moves, its arrows."""
    out = []
    for call in calls(notebook, "diagram"):
        board = Board(ast.literal_eval(call.args[0]))
        options = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
        for text in options.get("moves", []):
            board.push(text)
        out.append((board, options.get("moves", []), options.get("arrows", [])))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_20_counts_the_first_moves_and_the_pairs_of_the_draw(lang):
    from authoring.puzzles.openings import losing_pairs
    text = markdown(lesson(20, lang))
    start = Board()
    firsts = [start.move_text(m) for m in start.legal_moves]
    assert len(firsts) == 7 and all(m.split("-")[0] in {"21", "22", "23", "24"} for m in firsts)
    listed = ("21-17, 21-18, 22-18, 22-19, 23-19, 23-20 e 24-20" if lang == "it"
              else "21-17, 21-18, 22-18, 22-19, 23-19, 23-20 and 24-20")
    assert listed in text and ", ".join(firsts[:-1]) in listed
    pairs = 0
    for first in start.legal_moves:
        after = start.copy()
        after.push(first)
        pairs += len(after.legal_moves)
    assert pairs == 49 and "**49**" in text
    # IT-C1: the two pairs left out lose a man at once; no other pair does within 7 plies.
    assert losing_pairs(7) == [("21-18", "9-13"), ("22-18", "9-13")]
    assert "21-18 9-13 e 22-18 9-13" in text if lang == "it" else \
        "21-18 9-13 and 22-18 9-13" in text
    boards = diagram_boards(lesson(20, lang))
    after_pair = next(b for b, moves, arrows in boards if moves == ["22-18", "9-13"])
    assert [after_pair.move_text(m) for m in after_pair.legal_moves] == ["18x9"]
    taken = next(b for b, moves, _ in boards if moves == ["22-18", "9-13", "18x9"])
    assert not taken.must_capture() and len(taken.pieces()) == 23


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_20_the_championship_opening_is_an_exchange(lang):
    text = markdown(lesson(20, lang))
    board = Board()
    board.push("23-19")
    board.push("12-15")
    assert [board.move_text(m) for m in board.legal_moves] == ["19x12"]   # IT-C1
    board.push("19x12")
    assert sorted(board.move_text(m) for m in board.legal_moves) == ["7x16", "8x15"]
    for reply in ("7x16", "8x15"):
        after = board.copy()
        after.push(reply)
        assert Counter(p.colour for p in after.pieces().values()) == {"W": 11, "B": 11}
    board.push("8x15")
    assert board.piece_at(15).colour == "B"
    assert ("una mossa sola: deve mangiare, **19x12**" if lang == "it"
            else "a single move: it must capture, **19x12**") in text


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_20_shows_a_shot_of_the_opening_and_a_board_to_find_one(lang):
    from damalib.solver import accepted_moves
    from dama.core.content import load
    notebook = lesson(20, lang)
    text = markdown(notebook)
    by_id = {p.id: p for p in load()}
    # The example is it-ape-001's line and shot, replayed from the start.
    board = Board()
    for move in ("22-19", "9-13", "26-22", "11-14"):
        board.push(move)
    assert board.fen() == by_id["it-ape-001"].fen
    assert intention(board, ["21-18", "14x21", "25x9"]) == (1, 1, 2)
    assert ("22-19 9-13, 26-22 11-14" in text and "**25x9**" in text)
    assert [board.move_text(m) for m in accepted_moves(board, "material", 3)] == ["21-18"]
    # The board to try is it-ape-030's position, after the line the text tells.
    (played,) = calls(notebook, "board")
    tried = Board(ast.literal_eval(played.args[0]))
    assert tried.fen() == by_id["it-ape-030"].fen
    line = "22-19 11-14, 19-15 12x19, 23-20 6-11, 27-23 8-12"
    assert line in text and line in by_id["it-ape-030"].prompt(lang)
    assert [tried.move_text(m) for m in accepted_moves(tried, "material", 3)] == ["20-15"]


def test_lesson_20_exercises_are_shots_of_the_opening_for_both_sides():
    from dama.core.content import load
    by_id = {p.id: p for p in load()}
    (call,) = calls(lesson(20, "it"), "exercises")
    ids = ast.literal_eval(call.args[0])
    assert len(ids) == 8 and "it-ape-001" not in ids and "it-ape-030" not in ids
    puzzles = [by_id[i] for i in ids]
    assert all(p.topic == "openings" for p in puzzles)
    assert [p.kind for p in puzzles] == ["count", "choice"] + ["move"] * 6
    assert {p.board().turn for p in puzzles} == {"W", "B"}
    assert {p.level for p in puzzles if p.kind == "move"} == {3, 4, 5}


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_counts_the_shots_of_the_opening_as_the_collection_has_them(lang):
    from dama.core.content import load
    from lessons.teachers_guide import SECOND_YEAR
    text = " ".join(SECOND_YEAR.source(lang).split())
    openings = [p for p in load() if p.topic == "openings"]
    article = "gli" if str(len(openings))[0] in "18" else "i"        # «gli 81», «i 93»
    assert (f"{article} {len(openings)} dell'argomento «aperture»" if lang == "it"
            else f"the {len(openings)} of the topic \"openings\"") in text
    levels = sorted({p.level for p in openings})
    assert (f"(livelli {levels[0]}-{levels[-1]}" if lang == "it"
            else f"(levels {levels[0]}-{levels[-1]}") in text


# -- lesson 21: a master game ------------------------------------------------------------------

#: Numbers as the replay's comments write them.
NUMBER_WORDS = {
    "it": {"quattro": 4, "sei": 6, "sette": 7, "otto": 8, "nove": 9, "dieci": 10,
           "undici": 11},
    "en": {"four": 4, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11},
}


def master_game():
    from authoring.puzzles.championship import championship_games
    return championship_games()[0]


def counts(board: Board) -> dict[str, tuple[int, int]]:
    """(men, kings) of each colour."""
    out = {"W": [0, 0], "B": [0, 0]}
    for piece in board.pieces().values():
        out[piece.colour][piece.king] += 1
    return {colour: tuple(n) for colour, n in out.items()}


def safe_moves(board: Board) -> list[str]:
    """The moves after which the opponent cannot win material within 5 plies."""
    from damalib.solver import accepted_moves
    out = []
    for move in board.legal_moves:
        after = board.copy()
        after.push(move)
        if not accepted_moves(after, "material", 5):
            out.append(board.move_text(move))
    return out


def test_lesson_21_moves_are_borghetti_mascolo_2005():
    import importlib
    source = importlib.import_module("lessons.21_master_game")
    game = master_game()
    board = Board()
    texts = []
    for move in game.moves:
        texts.append(board.move_text(move))
        board.push(move)
    assert list(source.MOVES) == texts and len(texts) == 75
    assert (game.tag("Bianco"), game.tag("Nero"), game.tag("Risultato")) == \
        ("BORGHETTI Michele", "MASCOLO Luca", "1-0")
    assert game.tag("Dati") == "69° ASSOLUTO 1° TURNO" and game.tag("Anno") == "2005"


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_21_every_comment_of_the_replay_is_what_the_board_does(lang):
    (call,) = calls(lesson(21, lang), "replay")
    game = parse_game(ast.literal_eval(call.args[0]), strict=True)
    assert [n.move for n in game.mainline] == list(master_game().moves)
    assert game.result == "1-0"
    number = NUMBER_WORDS[lang]
    word = "|".join(number)
    checked = 0
    board = Board()
    for ply, node in enumerate(game.mainline):
        before = board.copy()
        move = node.move
        board.push(move)
        note = node.comment
        if not note:
            continue
        said = 0
        mine = counts(board)
        level = re.search(rf"\b({word}) (?:contro|against) ({word})\b", note, re.I)
        if level:
            assert (sum(mine["W"]), sum(mine["B"])) == \
                (number[level.group(1).lower()], number[level.group(2).lower()]), (ply, note)
            said += 1
        men = re.search(rf"\b({word}) (?:pedine|men) (?:contro|against) ({word}) (?:pedine|men) "
                        r"(?:e una dama|and a king)", note)
        if men:
            assert mine == {"W": (number[men.group(1)], 0), "B": (number[men.group(2)], 1)}
            said += 1
        on = re.search(r"(?:mangia in|captures on) (\d+)", note)
        if on:
            assert move.captures == (int(on.group(1)),), (ply, note)
            said += 1
        if re.search(r"\bcambio\b|\bexchange\b", note):
            # One piece for one: this capture and the one before, a piece each.
            assert len(move.captures) == 1 and len(game.mainline[ply - 1].move.captures) == 1
            said += 1
        taken = re.search(r"(?:mangia la pedina in|takes the man on) (\d+)", note)
        if taken:
            assert move.captures == (int(taken.group(1)),) and \
                not before.piece_at(int(taken.group(1))).king, (ply, note)
            said += 1
        crowned = re.search(r"(?:fa (?:la sua seconda )?dama in|makes (?:its second )?a? ?king "
                            r"on|makes its second king(?: too)?, on) (\d+)", note) \
            or re.search(r"(?:dama|king)(?: too)?, (?:in|on) (\d+)", note)
        if crowned:
            square = int(crowned.group(1))
            assert move.end == square and board.piece_at(square).king \
                and not before.piece_at(move.start).king, (ply, note)
            if "second" in note or "seconda" in note:
                assert mine[before.turn][1] == 2, (ply, note)
            said += 1
        if "in presa" in note or "can be taken" in note:
            # IT-C1: Black's man on 18 is there for the taking, and only 10-14 saves it.
            assert board.turn == "B" and board.piece_at(18).colour == "B"
            assert safe_moves(board) == ["10-14"] and "10-14" in note
            said += 1
        if "non difende" in note or "does not defend" in note:
            assert [board.move_text(m) for m in board.legal_moves] == ["21x14"]
            assert board.legal_moves[0].captures == (18,)
            said += 1
        if "ne ha perso due" in note or "has lost two" in note:
            # Eight against eight before move 17; since then Black lost two, White one.
            assert len(move.captures) == 1 and counts(game.board(32)) == {"W": (8, 0),
                                                                          "B": (8, 0)}
            assert mine == {"W": (7, 0), "B": (6, 0)}
            said += 1
        if "20-23" in note:
            # Another mistake: the king's 20-23 was the only move that lost nothing.
            assert safe_moves(before) == ["20-23"] and before.piece_at(20).king
            assert before.move_text(move) not in safe_moves(before)
            said += 1
        if "arrende" in note or "resigns" in note:
            assert ply == len(game.mainline) - 1
            assert mine == {"W": (4, 2), "B": (2, 2)}
            assert ("sei pezzi, due sono dame; il Nero quattro, due sono dame" in note
                    if lang == "it" else "six pieces, two of them kings; Black has four, two "
                    "of them kings" in note)
            said += 1
        assert said, (ply, note)   # every comment is checked by at least one fact
        checked += 1
    assert checked == 15


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_21_text_and_pictures_are_the_game(lang):
    import importlib
    source = importlib.import_module("lessons.21_master_game")
    game = master_game()
    notebook = lesson(21, lang)
    text = markdown(notebook)
    # game.board(n): the position after the game's first n plies.
    assert game.board(33).fen() == source.BEFORE_MISTAKE                # after 17. 26-21
    assert game.board(49).fen() == source.BEFORE_SECOND                 # after 25. 17-13
    assert safe_moves(game.board(33)) == ["10-14"] and safe_moves(game.board(49)) == ["20-23"]
    assert counts(game.board(13 + 1)) == {"W": (9, 0), "B": (9, 0)}     # three exchanges
    assert counts(game.board(38)) == {"W": (7, 0), "B": (6, 0)}         # end of move 19
    assert counts(game.board(43)) == {"W": (6, 0), "B": (4, 1)}         # after 22. 23x16
    assert (game.board(54).move_text(game.moves[54]), game.moves[54].captures) == ("10x1", (5,))
    for words in ({"it": ("**sette contro sei**", "**10-14**", "16-20", "20-23", "15-19",
                          "nove pezzi per parte", "otto per parte"),
                   "en": ("**seven against six**", "**10-14**", "16-20", "20-23", "15-19",
                          "nine pieces are left on each side", "eight pieces on each side")}
                  [lang]):
        assert words in text, words
    boards = diagram_boards(notebook)
    assert [len(moves) for _, moves, _ in boards] == [4, 14, 0, 1, 0, 55]
    first, exchanged, safe, mistake, second, king = (b for b, _, _ in boards)
    assert [first.move_text(m) for m in first.legal_moves] == ["19x12"]
    assert counts(exchanged) == {"W": (9, 0), "B": (9, 0)}
    assert safe.fen() == source.BEFORE_MISTAKE and mistake.fen() == game.board(34).fen()
    assert second.fen() == source.BEFORE_SECOND and king.fen() == game.board(55).fen()
    (played,) = calls(notebook, "board")
    options = {k.arg: k.value for k in played.keywords}
    assert ast.literal_eval(played.args[0]) == source.BEFORE_MISTAKE
    assert ast.literal_eval(options["computer_side"]) == "W"


def test_lesson_21_exercises_are_the_champions_shots():
    from dama.core.content import load
    by_id = {p.id: p for p in load()}
    (call,) = calls(lesson(21, "it"), "exercises")
    ids = ast.literal_eval(call.args[0])
    puzzles = [by_id[i] for i in ids]
    assert len(ids) == 8 and all(p.topic == "championship" for p in puzzles)
    # A capture of the championship to count (IT-P1: the one that takes the most), then
    # the shots.
    assert [p.kind for p in puzzles] == ["count", "choice"] + ["move"] * 6
    assert puzzles[0].measure == "captured" and puzzles[0].solutions[0] >= 2
    assert {p.board().turn for p in puzzles} == {"W", "B"}
    assert {p.level for p in puzzles[2:]} == {2, 3, 4}
    # One of them the champion missed: the explanation says the move he played instead.
    assert any("non l'ha visto" in p.explanation("it") for p in puzzles)


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_tells_lesson_21_as_the_game_and_the_collection_are(lang):
    from dama.core.content import load
    from lessons.teachers_guide import SECOND_YEAR
    text = " ".join(SECOND_YEAR.source(lang).split())
    topic = [p for p in load() if p.topic == "championship"]
    shots = [p for p in topic if p.kind == "move"]
    to_count = [p for p in topic if p.kind == "count"]
    to_choose = [p for p in topic if p.kind == "choice"]
    missed = [p for p in shots if "non l'ha visto" in p.explanation("it")]
    assert len(missed) == 1 and len(shots) + len(to_count) + len(to_choose) == len(topic)
    assert (f"Le {len(to_choose)} prese da scegliere" if lang == "it"
            else f"The {len(to_choose)} captures to choose") in text
    assert (f"che ha {len(topic)} puzzle. I {len(shots)} tiri" if lang == "it"
            else f"which has {len(topic)} puzzles. The {len(shots)} shots") in text
    assert (f"Le {len(to_count)} prese da contare" if lang == "it"
            else f"The {len(to_count)} captures to count") in text
    assert (f"({len(shots) - len(missed)} lo hanno giocato, {len(missed)} no)" if lang == "it"
            else f"({len(shots) - len(missed)} played it, {len(missed)} did not)") in text
    assert ("otto contro otto alla mossa 16" if lang == "it"
            else "eight against eight on move 16") in text
    assert counts(master_game().board(32)) == {"W": (8, 0), "B": (8, 0)}


# -- lesson 22: the tactical elements -----------------------------------------------------------

def lesson_22():
    import importlib
    return importlib.import_module("lessons.22_tactical_elements")


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_22_the_exchange_takes_back_the_capturer_and_the_trade_another(lang):
    source = lesson_22()
    text = markdown(lesson(22, lang))
    for fen, line, retaken in ((source.EXCHANGE, source.EXCHANGE_LINE, True),
                               (source.TRADE, source.TRADE_LINE, False)):
        board = Board(fen)
        assert not board.must_capture()
        first = board.parse_move(line[0])
        assert not first.captures
        board.push(first)
        # IT-C1: the opponent's only move is the capture, and then ours.
        assert [board.move_text(m) for m in board.legal_moves] == [line[1]]
        take = board.legal_moves[0]
        board.push(take)
        assert [board.move_text(m) for m in board.legal_moves] == [line[2]]
        back = board.legal_moves[0]
        assert len(take.captures) == 1 and len(back.captures) == 1
        assert (take.end in back.captures) is retaken      # the capturer, or another piece
        board.push(back)
        assert not board.must_capture()
        assert Counter(p.colour for p in board.pieces().values()) == {"W": 2, "B": 2}
        assert all(t in text for t in line)
    # The trade's man on 21 could be taken before White moved (left en prise).
    trade = Board(source.TRADE)
    assert trade.piece_at(21).colour == "W"
    black = Board("B" + source.TRADE[1:])
    assert "17x26" in [black.move_text(m) for m in black.legal_moves]
    words = {"it": ("La pedina nera in 26 resta sulla damiera", "mangiare è obbligatorio"),
             "en": ("The black man on 26 stays on the board", "capturing is compulsory")}[lang]
    assert all(w in text for w in words)
    after = Board(source.TRADE)
    for t in source.TRADE_LINE:
        after.push(t)
    assert after.piece_at(26).colour == "B"


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_22_shows_a_fork_and_a_board_to_make_one(lang):
    from dama.core.content import load
    from authoring.claims import king_targets
    from damalib.solver import accepted_moves
    source = lesson_22()
    by_id = {p.id: p for p in load()}
    notebook = lesson(22, lang)
    text = markdown(notebook)
    assert by_id["it-frc-005"].fen == source.FORK
    assert by_id["it-frc-002"].fen == source.TRY
    board = Board(source.FORK)
    assert [board.move_text(m) for m in accepted_moves(board, "material", 3)] == \
        [source.FORK_MOVE]
    board.push(source.FORK_MOVE)
    assert king_targets(board, 15) == {19, 20} and not board.must_capture()
    assert ("**12-15**" in text and ("le pedine in 19 e 20" if lang == "it"
                                     else "the men on 19 and 20") in text)
    boards = diagram_boards(notebook)
    assert [b.fen() for b, moves, _ in boards if moves == ["12-15"]] == [board.fen()]
    (played,) = calls(notebook, "board")
    tried = Board(ast.literal_eval(played.args[0]))
    options = {k.arg: k.value for k in played.keywords}
    assert tried.fen() == source.TRY and tried.turn == "B"
    assert ast.literal_eval(options["computer_side"]) == "W"
    (move,) = accepted_moves(tried, "material", 3)
    tried.push(move)
    assert len(king_targets(tried, move.end)) == 2


def test_lesson_22_exercises_are_forks_for_both_sides():
    from dama.core.content import load
    by_id = {p.id: p for p in load()}
    (call,) = calls(lesson(22, "it"), "exercises")
    ids = ast.literal_eval(call.args[0])
    assert len(ids) == 8 and not {"it-frc-002", "it-frc-005"} & set(ids)
    puzzles = [by_id[i] for i in ids]
    assert all(p.topic == "fork" for p in puzzles)
    assert [p.kind for p in puzzles] == ["count", "choice"] + ["move"] * 6
    assert puzzles[0].measure == "moves_of"                      # the king's moves (IT-M2)
    assert {p.board().turn for p in puzzles} == {"W", "B"}
    assert {p.level for p in puzzles if p.kind == "move"} == {3, 4, 5}


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_names_lesson_22s_source_and_counts_the_forks(lang):
    from dama.core.content import load
    from lessons.teachers_guide import SECOND_YEAR
    text = " ".join(SECOND_YEAR.source(lang).split())
    forks = [p for p in load() if p.topic == "fork"]
    assert (f"i {len(forks)} dell'argomento «forchetta»" if lang == "it"
            else f"the {len(forks)} of the topic \"fork\"") in text
    levels = sorted({p.level for p in forks})
    assert (f"(livelli {levels[0]}-{levels[-1]}," if lang == "it"
            else f"(levels {levels[0]}-{levels[-1]},") in text
    assert "fid.it/corsi/italiana/el-tat.htm" in text


# -- lesson 23: the game plan ---------------------------------------------------------------------

def lesson_23():
    import importlib
    return importlib.import_module("lessons.23_game_plan")


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_23_the_man_in_the_centre_has_two_moves_and_on_the_edge_one(lang):
    source = lesson_23()
    said = " ".join(markdown(lesson(23, lang)).split())
    board = Board(source.CENTRE)
    moves = sorted(board.move_text(m) for m in board.legal_moves)
    assert moves == ["17-13", "19-14", "19-15"]                       # IT-M1
    assert ("ha una sola mossa, 17-13" if lang == "it"
            else "it has only one move, 17-13") in said
    assert ("ha due mosse, 19-14 e 19-15" if lang == "it"
            else "it has two moves, 19-14 and 19-15") in said
    (centre,) = [b for b, moves_, arrows in diagram_boards(lesson(23, lang))
                 if arrows == ["17-13", "19-14", "19-15"]]
    assert centre.fen() == board.fen()


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_23_the_base_kept_bars_the_king_and_given_up_lets_it_through(lang):
    from damalib.solver import accepted_moves, solve
    source = lesson_23()
    said = " ".join(markdown(lesson(23, lang)).split())
    board = Board(source.BACK_ROW)
    assert board.piece_at(30).colour == board.piece_at(31).colour == "W"
    assert board.piece_at(23).colour == "B" and not board.piece_at(23).king
    kept = board.copy()
    kept.push(source.KEEP)
    # «la pedina nera non passa»: with the base kept Black makes no king, however it plays,
    # within seven plies (the solver's goal "promote", IT-M1).
    assert not accepted_moves(kept, "promote", 7)
    given = board.copy()
    given.push(source.GIVE_UP[0])
    # «il Nero gioca 23-28, e alla mossa dopo va in 32 e fa dama. Il Bianco non può fermarlo»
    proof = solve(given, "promote", 3)
    assert proof is not None and [str(m) for m in proof.main_line()][0] == source.GIVE_UP[1]
    given.push(source.GIVE_UP[1])
    for reply in given.legal_moves:
        after = given.copy()
        after.push(reply)
        assert source.KING_MOVE in [after.move_text(m) for m in after.legal_moves]
        after.push(source.KING_MOVE)
        assert after.piece_at(32).king and after.piece_at(32).colour == "B"
    assert all(m in said for m in (source.KEEP, *source.GIVE_UP))
    assert ("va in 32 e fa dama" if lang == "it" else "goes to 32 and makes a king") in said
    assert ("le caselle da 29 a 32" if lang == "it" else "squares 29 to 32") in said


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_23_the_exchange_leaves_two_against_one_that_white_wins(lang):
    from dama.core.content.goals import exchanges
    from authoring.puzzles.simplify import is_cambio, simplification
    source = lesson_23()
    notebook = lesson(23, lang)
    said = " ".join(markdown(notebook).split())
    board = Board(source.SIMPLIFY)
    line = simplification(board)                 # the one exchange, and it keeps the lead
    assert [str(m) for m in line] == list(source.SIMPLIFY_LINE) and is_cambio(line)
    assert Counter(p.colour for p in board.pieces().values()) == {"W": 3, "B": 2}
    assert [board.move_text(m) for m in exchanges(board)] == [source.SIMPLIFY_LINE[0]]
    for text in source.SIMPLIFY_LINE:
        board.push(text)
    assert Counter(p.colour for p in board.pieces().values()) == {"W": 2, "B": 1}
    assert not any(p.king for p in board.pieces().values())
    assert probe(board)[0] == "loss"          # Black to move loses: White wins (IT-E1)
    first, reply, back = source.SIMPLIFY_LINE
    assert (f"Il Bianco gioca {first}. Il Nero deve mangiare, {reply}, e il Bianco riprende "
            f"con {back}: è un cambio" if lang == "it" else
            f"White plays {first}. Black must capture, {reply}, and White takes back with "
            f"{back}: it is an exchange") in said
    assert ("due pedine bianche contro una nera" if lang == "it"
            else "two white men against one black man") in said
    assert [b.fen() for b, moves, _ in diagram_boards(notebook)
            if moves == list(source.SIMPLIFY_LINE)] == [board.fen()]
    (played,) = calls(notebook, "board")
    tried = Board(ast.literal_eval(played.args[0]))
    options = {k.arg: k.value for k in played.keywords}
    assert tried.fen() == source.TRY and tried.turn == "W"
    assert ast.literal_eval(options["computer_side"]) == "B"
    assert Counter(p.colour for p in tried.pieces().values()) == {"W": 3, "B": 2}
    found = simplification(tried)                # «Sei avanti di un pezzo»: one exchange
    assert found is not None and len(exchanges(tried)) == 1
    for move in found:
        tried.push(move)
    assert probe(tried)[0] == "loss"             # and then White wins (IT-E1)


def test_lesson_23_exercises_are_exchanges_of_every_kind_for_both_sides():
    from dama.core.content import load
    source = lesson_23()
    by_id = {p.id: p for p in load()}
    (call,) = calls(lesson(23, "it"), "exercises")
    ids = ast.literal_eval(call.args[0])
    puzzles = [by_id[i] for i in ids]
    assert len(ids) == 8 and not {source.SIMPLIFY, source.TRY} & {p.fen for p in puzzles}
    assert all(p.topic == "simplify" for p in puzzles)
    assert [p.kind for p in puzzles] == ["count", "choice", "choice"] + ["move"] * 5
    assert {p.board().turn for p in puzzles} == {"W", "B"}
    assert {p.level for p in puzzles} == {1, 2, 3, 4, 5}


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_names_lesson_23s_source_and_counts_the_exchanges(lang):
    from dama.core.content import load
    from lessons.teachers_guide import SECOND_YEAR
    text = " ".join(SECOND_YEAR.source(lang).split())
    found = [p for p in load() if p.topic == "simplify"]
    choices = [p for p in found if p.kind == "choice"]
    counts = [p for p in found if p.kind == "count"]
    assert (f"i {len(found)} dell'argomento «semplificare»" if lang == "it"
            else f"the {len(found)} of the topic \"simplify\"") in text
    assert (f"{len(choices)} a scelta" if lang == "it" else f"{len(choices)} choices") in text
    assert (f"({len(counts)} conteggi, di livello 1" if lang == "it"
            else f"({len(counts)} counts, at level 1") in text
    assert "fid.it/corsi/italiana/el-str.htm" in text


# -- lesson 24: forcing and waiting moves -----------------------------------------------------------

def lesson_24():
    import importlib
    return importlib.import_module("lessons.24_waiting_move")


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_24_the_forcing_move_leaves_one_answer(lang):
    from damalib.solver import accepted_moves
    from authoring.puzzles.waiting import passed
    source = lesson_24()
    notebook = lesson(24, lang)
    said = " ".join(markdown(notebook).split())
    board = Board(source.FORCING)
    move = board.parse_move(source.FORCING_MOVE)
    assert board.piece_at(move.start).king and not move.captures
    threat = passed(board, move)                 # the attack: the king would take 19
    assert [threat.move_text(m) for m in threat.legal_moves if m.captures] == [source.TAKES]
    after = board.copy()
    after.push(move)
    assert not after.must_capture()              # IT-C1: nothing given
    replies = sorted(after.move_text(m) for m in after.legal_moves)
    assert replies == sorted([source.FORCED_REPLY, *source.PUNISHED])
    for reply in replies:
        again = after.copy()
        again.push(reply)
        wins = accepted_moves(again, "material", 3)
        if reply == source.FORCED_REPLY:
            assert not wins                      # the one answer that saves the man
        else:
            assert [again.move_text(m) for m in wins] == [source.TAKES]
    words = {"it": (f"il Bianco gioca {source.FORCING_MOVE}: la dama attacca la pedina in 19",
                    f"Il Nero ha tre mosse, ma una sola salva la pedina: {source.FORCED_REPLY}",
                    f"Se gioca {source.PUNISHED[0]} o {source.PUNISHED[1]}, la dama mangia: "
                    f"{source.TAKES}"),
             "en": (f"White plays {source.FORCING_MOVE}: the king attacks the man on 19",
                    f"Black has three moves, but only one saves the man: "
                    f"{source.FORCED_REPLY}",
                    f"If it plays {source.PUNISHED[0]} or {source.PUNISHED[1]}, the king "
                    f"takes: {source.TAKES}")}[lang]
    assert all(w in said for w in words), [w for w in words if w not in said]


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_24_the_waiting_move_threatens_nothing_and_every_reply_loses(lang):
    from dama.core.content import load
    from damalib.solver import accepted_moves
    from authoring.puzzles.waiting import passed, waiting_move
    source = lesson_24()
    by_id = {p.id: p for p in load()}
    notebook = lesson(24, lang)
    said = " ".join(markdown(notebook).split())
    assert by_id[source.WAIT_ID].fen == source.WAIT
    assert by_id[source.TRY_ID].fen == source.TRY
    board = Board(source.WAIT)
    move, replies = waiting_move(board)
    assert board.move_text(move) == source.WAIT_MOVE
    assert not accepted_moves(passed(board, move), "material", 3)
    after = board.copy()
    after.push(move)
    for reply, answer in source.WAIT_LINES:
        again = after.copy()
        again.push(reply)
        assert answer in [again.move_text(m) for m in accepted_moves(again, "material", 3)]
        assert f"{reply}" in said and f"{answer}" in said
        again.push(answer)
        if answer == "13-18":
            # «il Bianco deve muovere di nuovo: qualunque mossa faccia, perde una pedina»
            for move_again in again.legal_moves:
                last = again.copy()
                last.push(move_again)
                takes = [m for m in last.legal_moves if m.captures]
                assert takes and all(len(m.captures) == 1 and not last.piece_at(
                    m.captures[0]).king for m in takes)
        else:
            assert len(answer.split("x")) == 2           # 13x22 takes one man at once
    assert sorted(r for r, _ in source.WAIT_LINES) == sorted(after.move_text(r)
                                                            for r in replies)
    (played,) = calls(notebook, "board")
    tried = Board(ast.literal_eval(played.args[0]))
    options = {k.arg: k.value for k in played.keywords}
    assert tried.fen() == source.TRY
    assert ast.literal_eval(options["computer_side"]) == ("B" if tried.turn == "W" else "W")
    assert waiting_move(tried) is not None


def test_lesson_24_exercises_are_waiting_moves_for_both_sides():
    from dama.core.content import load
    source = lesson_24()
    by_id = {p.id: p for p in load()}
    (call,) = calls(lesson(24, "it"), "exercises")
    ids = ast.literal_eval(call.args[0])
    assert len(ids) == 8 and not {source.WAIT_ID, source.TRY_ID} & set(ids)
    puzzles = [by_id[i] for i in ids]
    assert all(p.topic == "waiting" for p in puzzles)
    assert [p.kind for p in puzzles] == ["count", "choice"] + ["move"] * 6
    assert {p.board().turn for p in puzzles} == {"W", "B"}
    assert {p.level for p in puzzles} == {1, 2, 3, 4, 5}


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_names_lesson_24s_source_and_counts_the_waiting_moves(lang):
    from dama.core.content import load
    from lessons.teachers_guide import SECOND_YEAR
    text = " ".join(SECOND_YEAR.source(lang).split())
    found = [p for p in load() if p.topic == "waiting"]
    assert (f"i {len(found)} dell'argomento «attesa»" if lang == "it"
            else f"the {len(found)} of the topic \"waiting\"") in text
    counts = [p for p in found if p.kind == "count"]
    choices = [p for p in found if p.kind == "choice"]
    to_play = [p for p in found if p.kind == "move"]
    moves = sorted({p.level for p in to_play})
    assert len(counts) + len(choices) + len(to_play) == len(found)
    assert (f"In {len(counts)}, di livello 1" if lang == "it"
            else f"In {len(counts)}, at level 1") in text
    assert (f"In {len(choices)}, di livello 2" if lang == "it"
            else f"In {len(choices)}, at level 2") in text
    assert (f"Negli altri {len(to_play)} (livelli {moves[0]}-{moves[-1]})"
            if lang == "it" else
            f"In the other {len(to_play)} (levels {moves[0]}-{moves[-1]})") in text
    assert "fid.it/corsi/italiana/el-tat.htm" in text


# -- lesson 25: the openings of the championships ------------------------------------------------

def lesson_25():
    import importlib
    return importlib.import_module("lessons.25_championship_openings")


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_25_counts_the_pairs_that_start_with_an_exchange(lang):
    said = " ".join(markdown(lesson(25, lang)).split())
    start = Board()
    pairs = forced = losing = exchanges_ = 0
    for first in start.legal_moves:
        after = start.copy()
        after.push(first)
        for reply in after.legal_moves:
            pairs += 1
            board = after.copy()
            board.push(reply)
            if not board.must_capture():
                continue
            forced += 1                          # IT-C1: White must capture at once
            (take,) = board.legal_moves
            board.push(take)
            retakes = [m for m in board.legal_moves if m.captures]
            if not retakes:
                losing += 1
                continue
            exchanges_ += 1
            assert len(retakes) == 2             # «in due modi diversi»
            for back in retakes:
                again = board.copy()
                again.push(back)
                assert Counter(p.colour for p in again.pieces().values()) == {"W": 11, "B": 11}
    assert (pairs, forced, losing, exchanges_) == (49, 11, 2, 9)
    words = {"it": ("49 coppie", "In **11** di queste il Bianco deve mangiare subito",
                    "In due il Nero perde una pedina", "Nelle altre **9** il Nero riprende, "
                    "e in due modi diversi", "undici contro undici",
                    "il Bianco mangia, 19x12, e il Nero sceglie fra 7x16 e 8x15"),
             "en": ("49 pairs", "In **11** of them White must capture at once",
                    "In two Black loses a man", "In the other **9** Black takes back, in two "
                    "different ways", "eleven against eleven",
                    "White captures, 19x12, and Black chooses between 7x16 and 8x15")}[lang]
    assert all(w in said for w in words), [w for w in words if w not in said]


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_25_replays_the_championship_opening_and_its_aims(lang):
    source = lesson_25()
    notebook = lesson(25, lang)
    said = " ".join(markdown(notebook).split())
    board = Board()
    for text in source.GAME:
        assert text in [board.move_text(m) for m in board.legal_moves]   # IT-M1, IT-C1
        board.push(text)
    assert board.fen() == source.TRY and board.turn == "W"
    assert " ".join(markdown(notebook).split()).count(
        "23-19 12-15, 19x12 8x15, 21-18 10-14, 25-21 6-10, 27-23 7-12") == 1
    assert Counter(p.colour for p in board.pieces().values()) == {"W": 11, "B": 11}
    # «nessuno ha mosso la sua ultima riga»: both back rows are where they started.
    assert all(board.piece_at(sq) and board.piece_at(sq).colour == "W" for sq in (29, 30, 31, 32))
    assert all(board.piece_at(sq) and board.piece_at(sq).colour == "B" for sq in (1, 2, 3, 4))
    assert not any(text.startswith(("29", "30", "31", "32", "1-", "2-", "3-", "4-"))
                   for text in source.GAME)
    # 27-23 puts a man on 23 again, the square of the first move; 8x15 leaves one on 15.
    assert source.GAME[0].startswith("23-") and source.GAME[8].endswith("-23")
    assert board.piece_at(23).colour == "W" and board.piece_at(15).colour == "B"
    # «le sue pedine stanno dietro a quelle in 14 e in 15»: 10 behind 14 and 15, 11 behind 15.
    assert board.piece_at(14).colour == board.piece_at(10).colour == "B"
    assert board.piece_at(11).colour == "B"
    words = {"it": ("Fero (Bianco) e Borghetti (Nero)", "campionato italiano del 1999",
                    "il Bianco ha ancora le pedine in 29, 30, 31 e 32, il Nero in 1, 2, 3 e 4"),
             "en": ("Fero (White) and Borghetti (Black)", "1999 Italian championship",
                    "White still has its men on 29, 30, 31 and 32, Black on 1, 2, 3 and 4")}
    assert all(w in said for w in words[lang]), [w for w in words[lang] if w not in said]
    boards = diagram_boards(notebook)
    assert [b.fen() for b, moves, _ in boards if moves == list(source.GAME)] == [source.TRY]
    (played,) = calls(notebook, "board")
    tried = Board(ast.literal_eval(played.args[0]))
    options = {k.arg: k.value for k in played.keywords}
    assert tried.fen() == source.TRY
    assert ast.literal_eval(options["computer_side"]) == "B"


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_25_the_exchange_in_the_opening_is_the_only_one_and_loses_nothing(lang):
    from damalib.solver import accepted_moves
    from dama.core.content.goals import exchanges
    from authoring.claims import balance
    from authoring.puzzles.simplify import SAFE_PLIES, is_cambio, safe_exchange
    source = lesson_25()
    notebook = lesson(25, lang)
    said = " ".join(markdown(notebook).split())
    board = Board()
    for text in source.EXCHANGE_LINE:
        board.push(text)
    assert not board.must_capture() and not accepted_moves(board, "material", SAFE_PLIES)
    found = safe_exchange(board)
    assert [str(m) for m in found] == list(source.EXCHANGE) and is_cambio(found)
    assert [board.move_text(m) for m in exchanges(board)] == [source.EXCHANGE[0]]
    for move in found:
        board.push(move)
    assert balance(board, board.turn) == 0 and len(board.pieces()) == 22
    first, reply, back = source.EXCHANGE
    assert (f"Dopo 23-19 11-15 il Bianco gioca **{first}**. Il Nero deve mangiare, {reply}, e "
            f"il Bianco riprende con {back}: mangia proprio la pedina che ha mangiato"
            if lang == "it" else
            f"After 23-19 11-15 White plays **{first}**. Black must capture, {reply}, and "
            f"White takes back with {back}: it takes the very man that captured") in said
    assert [b.fen() for b, moves, _ in diagram_boards(notebook)
            if moves == [*source.EXCHANGE_LINE, first, reply]] != []


def test_lesson_25_exercises_are_exchanges_of_the_opening_of_every_kind():
    from dama.core.content import load
    source = lesson_25()
    by_id = {p.id: p for p in load()}
    (call,) = calls(lesson(25, "it"), "exercises")
    ids = ast.literal_eval(call.args[0])
    puzzles = [by_id[i] for i in ids]
    assert len(ids) == 8 and source.TRY not in {p.fen for p in puzzles}
    assert all(p.topic == "opening-exchange" for p in puzzles)
    assert [p.kind for p in puzzles] == ["count", "choice", "choice"] + ["move"] * 5
    assert {p.board().turn for p in puzzles} == {"W", "B"}
    assert {p.level for p in puzzles} == {1, 2, 3, 4}


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_names_lesson_25s_sources_and_counts_the_exchanges(lang):
    from dama.core.content import load
    from lessons.teachers_guide import SECOND_YEAR
    text = " ".join(SECOND_YEAR.source(lang).split())
    found = [p for p in load() if p.topic == "opening-exchange"]
    kinds = Counter(p.kind for p in found)
    assert (f"i {len(found)} dell'argomento «cambio-in-apertura»" if lang == "it"
            else f"the {len(found)} of the topic \"opening-exchange\"") in text
    assert (f"{kinds['count']} conteggi, {kinds['choice']} a scelta e {kinds['move']} da "
            "giocare" if lang == "it" else
            f"{kinds['count']} counts, {kinds['choice']} choices and {kinds['move']} to "
            "play") in text
    assert "fid.it/corsi/italiana/aperture/indice.htm" in text
    assert "Damasport" in text and "Fero" in text
