"""Proof that a puzzle is right: its answers are legal and correct, a unique answer is unique,
and wrong answers are turned down with the rule the puzzle teaches."""

from __future__ import annotations

from damalib import Board, DamaError
from damalib.i18n import N_, Said

from dama.core.content.check import check
from dama.core.content.puzzle import Puzzle


def measure(puzzle: Puzzle) -> int:
    """The number a count puzzle asks for, computed from the position."""
    board = Board(puzzle.fen, puzzle.variant)
    if puzzle.measure == "forty_count":
        board.call_count()  # the player to move at the start calls it (IT-D2)
    for text in puzzle.moves:
        board.push(text)
    if puzzle.measure == "legal_moves":
        return len(board.legal_moves)
    if puzzle.measure == "captured":
        return max((len(m.captures) for m in board.legal_moves), default=0)
    if puzzle.measure == "forty_count":
        return board.count or 0
    if puzzle.measure == "rows_between":
        # The empty rows between the two pieces of an ending of one man each (lesson 18).
        rows = sorted(board.variant.geometry.coords[square][0] for square in board.pieces())
        return rows[-1] - rows[0] - 1 if len(rows) == 2 else -1
    return sum(1 for m in board.legal_moves if m.start == puzzle.square)


def verify(puzzle: Puzzle) -> list[Said]:
    """Every problem found with ``puzzle`` (an empty list when it is right), each said in
    any language (``text(lang)``; ``str()`` is English)."""
    try:
        found = _verify(puzzle)
    except DamaError as error:
        found = [error]
    return [Said(N_("{puzzle}: {problem}"), puzzle=puzzle.id, problem=p) for p in found]


def _verify(puzzle: Puzzle) -> list[Said]:
    problems: list[Said] = []
    said = problems.append
    board = puzzle.board()
    if board.outcome() is not None:
        said(Said(N_("the game is already over in the puzzle's position")))
    legal = board.legal_moves
    if puzzle.kind in ("move", "capture", "all-captures"):
        for line in puzzle.solutions:
            replay = board.copy()
            for text in line:
                replay.push(text)  # raises on an illegal move
            if puzzle.kind != "all-captures" and not check(puzzle, list(line[::2])).correct:
                said(Said(N_("the line {line} is not graded correct"), line=" ".join(line)))
        if puzzle.kind == "all-captures" and not check(
                puzzle, [line[0] for line in puzzle.solutions]).correct:
            said(Said(N_("the full set of captures is not graded correct")))
        firsts = {board.parse_move(line[0]) for line in puzzle.solutions}
        if puzzle.kind in ("capture", "all-captures"):
            captures = {m for m in legal if m.captures}
            if firsts != captures:
                said(Said(N_("the answers {answers} are not the legal captures {captures}"),
                          answers=sorted(map(str, firsts)), captures=sorted(map(str, captures))))
            if puzzle.unique and len(captures) != 1:
                said(Said(N_("claims a unique answer but there are several captures")))
        if puzzle.kind == "move" and puzzle.unique and not puzzle.goal:
            said(Said(N_("claims a unique answer: give its goal and plies so it is proved")))
        if puzzle.kind in ("capture", "all-captures"):
            # Captures the precedence rules turn down are refused, citing a rule it teaches.
            gen = board.movegen
            rel = board.relative()
            # A chain that takes the same pieces between the same squares, in another order,
            # is the same capture (RULES.md, section 6): it is the legal one, not turned down.
            same = {(m.start, m.end, frozenset(m.captures)) for m in legal}
            for record in gen.raw_captures(*rel):
                move = board.move_of(record)
                if move in legal or (move.start, move.end, frozenset(move.captures)) in same:
                    continue
                rule = check(puzzle, move).rule
                if rule not in puzzle.rules:
                    said(Said(N_("the turned-down capture {move} is refused with {rule}, a rule "
                                 "the puzzle does not list"), move=str(move), rule=rule))
        if puzzle.kind == "move" and puzzle.goal:
            from dama.core.content.goals import accepted_moves
            accepted = set(accepted_moves(board, puzzle.goal, puzzle.plies))
            if not firsts <= accepted:
                said(Said(N_("{moves} do not reach the goal"),
                          moves=sorted(map(str, firsts - accepted))))
            if puzzle.unique and accepted != firsts:
                said(Said(N_("not unique: {moves} all reach the goal"),
                          moves=sorted(map(str, accepted))))
        # Wrong first moves are turned down, illegal ones with a rule id.
        for move in legal:
            if move in firsts:
                continue
            verdict = check(puzzle, move)
            if verdict.correct:
                said(Said(N_("the wrong move {move} is graded correct"), move=str(move)))
    elif puzzle.kind == "count":
        if puzzle.measure == "captured" and not board.must_capture():
            said(Said(N_("asks how many pieces the capture takes, but there is no capture")))
        if puzzle.solutions[0] != measure(puzzle):
            said(Said(N_("the answer {answer} is not the {measure} ({right})"),
                      answer=puzzle.solutions[0], measure=puzzle.measure, right=measure(puzzle)))
        if check(puzzle, puzzle.solutions[0] + 1).correct:
            said(Said(N_("a wrong number is graded correct")))
    elif puzzle.kind == "choice":
        for i in range(len(puzzle.options["it"])):
            if check(puzzle, i).correct != (i == puzzle.solutions[0]):
                said(Said(N_("option {i} is graded wrongly"), i=i))
    elif puzzle.kind == "goal":
        from dama.core.content.goals import accepted_moves
        if not accepted_moves(board, *puzzle.solutions):
            said(Said(N_("no move reaches the goal")))
    for name, table in (("hints", puzzle.hints), ("feedback", puzzle.feedback),
                        ("options", puzzle.options)):
        if "en" in table and len(table["en"]) != len(table.get("it", ())):
            said(Said(N_("{name}.en and {name}.it differ in length"), name=name))
    return problems
