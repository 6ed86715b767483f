"""Puzzles made from positions («Fanne un esercizio», the analysis page): the solver proves
what the side to move can do, the puzzle's kind, answer, prompt, hints and explanation are
proposed in both languages from that proof, the instructor may change the words, and the
puzzle is written to the club's own puzzle file, which loads like any other collection.

>>> from damalib import Board
>>> record = propose(Board("W:W10,21,22:B7,14,17"), "club-001")
>>> record["kind"], record["goal"], record["solutions"]
('move', 'material', ['22-18 17x26 18x4'])
>>> record["prompt.it"]
'Tocca al Bianco: muove e vince del materiale.'
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from damalib import Board, Move
from damalib.solver import Line, accepted_moves, solve

from dama.core.content.phrasing import (OTHER, SIDE, SIDE_CAP, TO_SIDE, final_material,
                                        first_move_hint, line_material, line_text, piece_words,
                                        turned_down)
from dama.core.content.puzzle import Puzzle, PuzzleFileError, puzzle_from_record, load, load_file, puzzle_lines, toml_string
from dama.core.content.club import CLUB_FILE, club_folder, club_puzzles  # noqa: F401
from dama.core.store.progress import kept

#: What the solver is asked, in this order, and how far (plies): the first it proves is the
#: puzzle. A king counts as one piece, as the lessons' puzzles count.
GOALS = (("win", 9), ("material", 7), ("promote", 5))
#: The prompts of a move puzzle by goal: (Italian, English), the side to move filled in.
PROMPTS = {
    "win": ("Tocca {to}: muove e vince.", "{side} to move and win."),
    "promote": ("Tocca {to}: muove e fa dama.", "{side} to move and make a king."),
    "material": ("Tocca {to}: muove e vince del materiale.",
                 "{side} to move and win material."),
}
TOPICS = {"win": "endgames", "promote": "promotion", "material": "tactics",
          "capture": "capture"}


class NoPuzzle(ValueError):
    """The position makes no puzzle that grades itself: ``reason`` says why, in both
    languages (content, like the puzzles' own words)."""

    def __init__(self, reason: dict[str, str]) -> None:
        self.reason = reason
        super().__init__(reason["en"])


def _main_line(line: Line) -> list[Move]:
    """The proof's line as a child plays it: each attacker move and the first defence."""
    out: list[Move] = []
    while line is not None:
        out.append(line.move)
        if not line.replies:
            break
        reply, line = line.replies[0]
        out.append(reply)
    return out


def _level(plies: int) -> int:
    return 2 if plies <= 1 else 3 if plies <= 3 else 4 if plies <= 5 else 5


def propose(board: Board, puzzle_id: str, credit: str = "") -> dict[str, Any]:
    """The puzzle ``board`` makes, as its file's fields: a capture puzzle where the side to
    move must capture, else a move puzzle (one winning first move) or a goal puzzle (several)
    for the first goal of GOALS the solver proves. Raises NoPuzzle when there is none."""
    side, other = board.turn, OTHER[board.turn]
    if board.outcome() is not None or not board.legal_moves:
        raise NoPuzzle({"it": "La partita è finita: qui non c'è una mossa da trovare.",
                        "en": "The game is over: there is no move to find here."})
    base: dict[str, Any] = {"id": puzzle_id, "variant": board.variant.name}
    legal = board.legal_moves
    if legal[0].captures:
        texts = [board.move_text(m) for m in legal]
        rules = [board.variant.rules["compulsory"]]
        rules += sorted({rule for _, rule in turned_down(board) if rule and rule not in rules})
        mover_it, mover_en = piece_words(board, legal[0].start)
        record = {**base, "topic": "capture", "level": 2 if len(texts) == 1 else 3,
                  "kind": "capture", "fen": board.fen(),
                  "prompt.it": f"Tocca {TO_SIDE[side]}: deve mangiare. Quale presa fa?",
                  "prompt.en": f"{SIDE[side][1]} to move must capture: which capture?",
                  "solutions": texts, "unique": len(texts) == 1,
                  "hints.it": ["Mangiare è obbligatorio: cerca i pezzi che possono "
                               "mangiare, e conta quanti pezzi prende ogni presa."],
                  "hints.en": ["Capturing is compulsory: look for the pieces that can "
                               "capture, and count how many pieces each capture takes."],
                  "explanation.it": f"La presa giusta: {' oppure '.join(texts)} "
                                    f"(la fa {mover_it}).",
                  "explanation.en": f"The right capture: {' or '.join(texts)} "
                                    f"(made by {mover_en}).",
                  "rules": rules}
        return _credited(record, credit)
    for goal, plies in GOALS:
        proof = solve(board, goal, plies)
        if proof is None:
            continue
        line = _main_line(proof.line)
        first = accepted_moves(board, goal, proof.plies)
        hint_it, hint_en = first_move_hint(board, line[0])
        end_it, end_en = final_material(board, line)
        said = line_text(board, line)
        count = line_material(board, line)
        record = {**base, "topic": TOPICS[goal], "level": _level(proof.plies),
                  "fen": board.fen(),
                  "prompt.it": PROMPTS[goal][0].format(to=TO_SIDE[side]),
                  "prompt.en": PROMPTS[goal][1].format(side=SIDE[side][1])}
        if len(first) == 1:
            record.update({"kind": "move", "solutions": [said], "goal": goal,
                           "plies": proof.plies, "unique": True})
        else:
            record.update({"kind": "goal", "goal": goal, "plies": proof.plies})
        hints_it, hints_en = [hint_it], [hint_en]
        if count["gave"] and count["took"] > count["gave"]:
            hints_it.append(f"{SIDE_CAP[side][0]} deve dare qualcosa per prendere di più.")
            hints_en.append(f"{SIDE_CAP[side][1]} has to give something to take more.")
        record.update({
            "hints.it": hints_it, "hints.en": hints_en,
            "explanation.it": f"Una linea: {said}. {end_it}",
            "explanation.en": f"One line: {said}. {end_en}",
            "rules": _rules(board, line, goal)})
        return _credited(record, credit)
    raise NoPuzzle({
        "it": f"Il risolutore non trova qui una vittoria, una dama o del materiale sicuri "
              f"per {SIDE[side][0]} contro ogni difesa {_di(other)}: la posizione non fa un "
              "esercizio che si corregge da solo. Prova una posizione con un tiro.",
        "en": f"The solver finds no sure win, king or material for {SIDE[side][1]} here "
              f"against every defence by {SIDE[other][1]}: this position does not make a "
              "puzzle that grades itself. Try a position with a shot."})


def _di(side: str) -> str:
    return {"W": "del Bianco", "B": "del Nero"}[side]


def _rules(board: Board, line: list[Move], goal: str) -> list[str]:
    """The rules the line shows: how a piece moves, that the opponent's captures are
    compulsory (the shots of the lessons), making a king, winning."""
    rules = board.variant.rules
    found = [rules["king_move"] if board.piece_at(line[0].start).king else rules["man_move"]]
    if any(move.captures for move in line[1::2]):
        found.append(rules["compulsory"])
    if goal == "promote":
        found.append(rules["promotion"])
    if goal == "win":
        found.append(rules["win"])
    return found


def _credited(record: dict[str, Any], credit: str) -> dict[str, Any]:
    if credit:
        record["credit"] = credit
    return record


def _nested(record: dict[str, Any]) -> dict[str, Any]:
    """The fields as TOML reads them: ``prompt.it`` becomes ``{"prompt": {"it": ...}}``."""
    raw: dict[str, Any] = {}
    for key, value in record.items():
        head, _, lang = key.partition(".")
        if lang:
            raw.setdefault(head, {})[lang] = value
        elif key == "solutions" and record.get("kind") == "goal":
            continue
        else:
            raw[key] = value
    return raw


def as_puzzle(record: dict[str, Any]) -> Puzzle:
    """The puzzle the fields make, checked as a file's puzzle is (PuzzleFileError)."""
    return puzzle_from_record(Path(CLUB_FILE), _nested(record), 1)


def next_id(folder: Path | None = None) -> str:
    """The next free id of the club's puzzles: ``club-001``, ``club-002``, ..."""
    taken = {p.id for p in club_puzzles(folder)}
    numbers = [int(found.group(1)) for i in taken if (found := re.fullmatch(r"club-(\d+)", i))]
    number = max(numbers, default=0) + 1
    while f"club-{number:03d}" in taken:
        number += 1
    return f"club-{number:03d}"


def save(record: dict[str, Any], folder: Path | None = None) -> Path:
    """Add the puzzle to the club's file (made if need be) and prove the file still loads;
    a puzzle that does not is refused (PuzzleFileError) and the file is left as it was."""
    as_puzzle(record)                          # its own fields first, said in a sentence
    folder = club_folder() if folder is None else Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / CLUB_FILE
    before = path.read_text(encoding="utf-8") if path.exists() else None
    head = before if before is not None else (
        "# Gli esercizi del circolo, fatti dalle posizioni della pagina Analisi.\n"
        "# The club's own puzzles, made from positions on the Analysis page.\n")
    text = head.rstrip("\n") + "\n\n" + "\n".join(puzzle_lines(_written(record))) + "\n"
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    try:
        load_file(partial)
    except PuzzleFileError:
        partial.unlink()
        raise
    os.replace(partial, path)
    kept(path)
    return path


def _written(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if not (k == "solutions" and
                                                     record.get("kind") == "goal")}


__all__ = ["CLUB_FILE", "NoPuzzle", "as_puzzle", "club_folder", "club_puzzles", "next_id",
           "propose", "save", "toml_string"]
