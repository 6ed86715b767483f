"""Puzzles as data: one TOML file per topic, checked field by field when loaded."""

from __future__ import annotations

import re

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from damalib import Board, DamaError, get_variant
from damalib.i18n import N_, Said, pick, said, translator

#: A language's code, as a puzzle's texts are keyed: "it", "en", "pt", "pt_BR". A language
#: more is a key more in each file (``prompt.pt = "..."``); the Italian text is always there.
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")

COLLECTIONS = Path(__file__).parent / "collections"
KINDS = ("move", "capture", "all-captures", "count", "choice", "goal")
GOALS = ("win", "block", "promote", "draw", "material", "hold", "exchange")
#: The goals the endgame tables prove to the end of the game: they take no ply limit.
TABLE_GOALS = ("hold",)
MEASURES = ("legal_moves", "captured", "forty_count", "moves_of", "rows_between")
#: Not a puzzle file: the course's lessons, written by authoring/notebooks.py.
LESSONS_FILE = "lessons.toml"
_GOAL_NEEDED = N_("must be one of {goals}")


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be used: the message names the file, the puzzle and the field."""

    def __init__(self, path: Path | str, message: object, puzzle: str = "", field_name: str = "",
                 /, **params: object):
        self.path = str(path)
        self.puzzle = puzzle
        self.field = field_name
        self.message = message
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The problem in ``lang`` ("it", "en", ...), with the file, puzzle and field."""
        _ = translator(lang)
        what = (Said(self.message, **self.params).text(lang) if isinstance(self.message, str)
                else said(self.message, lang))
        file = Path(self.path).name
        if self.puzzle and self.field:
            return _("{file}, puzzle {puzzle}, field {field}: {problem}", file=file,
                     puzzle=repr(self.puzzle), field=repr(self.field), problem=what)
        if self.puzzle:
            return _("{file}, puzzle {puzzle}: {problem}", file=file, puzzle=repr(self.puzzle),
                     problem=what)
        if self.field:
            return _("{file}, field {field}: {problem}", file=file, field=repr(self.field),
                     problem=what)
        return _("{file}: {problem}", file=file, problem=what)

    def __reduce__(self):
        return (_rebuilt, (self.path, self.message, self.puzzle, self.field, self.params))


def _rebuilt(path, message, puzzle, field_name, params) -> PuzzleFileError:
    return PuzzleFileError(path, message, puzzle, field_name, **params)


@dataclass(frozen=True)
class Puzzle:
    """One exercise. ``solutions`` holds, by kind: lines of moves (``move``, ``capture``,
    ``all-captures``: each a tuple of move texts, the opponent's replies between the child's
    moves), the number (``count``), the index of the right option (``choice``) or the goal
    and its ply limit (``goal``)."""

    id: str
    variant: str
    topic: str
    kind: str
    level: int
    fen: str
    prompts: dict[str, str]
    solutions: tuple
    rules: tuple[str, ...]
    hints: dict[str, tuple[str, ...]] = field(default_factory=dict)
    explanations: dict[str, str] = field(default_factory=dict)
    credit: str = ""
    #: Moves that are good but not the best: the child may try again without failing.
    good: tuple[str, ...] = ()
    #: Moves known to be wrong and why, {move text: {"it": ..., "en": ...}} (for instance
    #: the move a game review found to be a mistake): said when the child plays one.
    refused: dict[str, dict[str, str]] = field(default_factory=dict)
    #: The puzzle claims that exactly one answer is right (checked by the tests).
    unique: bool = False
    options: dict[str, tuple[str, ...]] = field(default_factory=dict)
    feedback: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: For count puzzles: the moves played from ``fen`` that the question is about.
    moves: tuple[str, ...] = ()
    #: For count puzzles: what the number measures, so that it can be checked (see verify).
    measure: str = ""
    #: For count puzzles about one piece: its square.
    square: int = 0
    #: For move puzzles: what the line achieves (a goal of the solver) within ``plies``.
    goal: str = ""
    plies: int = 0
    source: str = ""

    def prompt(self, lang: str = "it") -> str:
        return pick(self.prompts, lang)

    def hint(self, number: int, lang: str = "it") -> str | None:
        """The ``number``-th hint (from 1), or None when there are no more."""
        hints = pick(self.hints, lang) if self.hints else ()
        return hints[number - 1] if 0 < number <= len(hints) else None

    def explanation(self, lang: str = "it") -> str:
        return pick(self.explanations, lang) if self.explanations else ""

    def board(self) -> Board:
        """The puzzle's starting position, with the ``moves`` of a count puzzle played."""
        board = Board(self.fen, self.variant)
        for text in self.moves:
            board.push(text)
        return board


def load(variant: str | None = None, topic: str | None = None,
         folder: Path | str = COLLECTIONS,
         errors: list[PuzzleFileError] | None = None) -> list[Puzzle]:
    """Every puzzle in the collection files, filtered by variant and topic. A broken file
    raises PuzzleFileError, or, when an ``errors`` list is given, is left out and its error
    added to the list (so one bad edit does not stop a whole class)."""
    wanted = get_variant(variant).name if variant else None
    out: list[Puzzle] = []
    for path in sorted(Path(folder).glob("*.toml")):
        if path.name == LESSONS_FILE:  # the lessons' catalogue (dama/core/content/lessons.py)
            continue
        try:
            found = load_file(path)
        except PuzzleFileError as error:
            if errors is None:
                raise
            errors.append(error)
            continue
        for puzzle in found:
            if (wanted is None or puzzle.variant == wanted) and (topic is None or
                                                                 puzzle.topic == topic):
                out.append(puzzle)
    return out


def load_file(path: Path | str) -> list[Puzzle]:
    """The puzzles of one file; a PuzzleFileError names the file, the puzzle and the field."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise PuzzleFileError(path, N_("cannot be read: {error}"), error=str(error)) from None
    except tomllib.TOMLDecodeError as error:
        raise PuzzleFileError(path, N_("is not valid TOML: {error}"), error=str(error)) from None
    defaults = data.get("collection", {})
    if not isinstance(defaults, dict):
        raise PuzzleFileError(path, N_("[collection] must be a table"), "", "collection")
    entries = data.get("puzzle")
    if not isinstance(entries, list) or not entries:
        raise PuzzleFileError(path, N_("has no [[puzzle]] entries"), "", "puzzle")
    seen: set[str] = set()
    puzzles = []
    for index, entry in enumerate(entries, 1):
        puzzle = puzzle_from_record(path, {**defaults, **entry}, index)
        if puzzle.id in seen:
            raise PuzzleFileError(path, N_("the id is used twice"), puzzle.id, "id")
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    return puzzles


def puzzle_from_record(path: Path, raw: dict[str, Any], index: int) -> Puzzle:
    """The puzzle of one record of ``path`` (the ``index``-th), checked field by field:
    PuzzleFileError names the file, the puzzle and the field of the first problem."""
    # The fields are checked in this order: the first problem found is the one told.
    fields = _Fields(path, raw, index)
    puzzle_id = fields.need("id", str)
    kind = _kind(fields)
    level = _level(fields)
    variant, fen, board, moves = _position(fields)
    rules = _rules(fields)
    solutions = _solutions(kind, raw, fields.fail)
    measure, square = _measure(fields, kind, board)
    goal, plies = _goal(fields, kind)
    options = _options(fields, kind, solutions)
    return Puzzle(
        id=puzzle_id, variant=variant, topic=fields.need("topic", str), kind=kind, level=level,
        fen=fen, prompts=fields.texts("prompt"), solutions=solutions, rules=rules,
        hints=fields.lists("hints"), explanations=fields.texts("explanation", required=False),
        credit=str(raw.get("credit", "")), good=tuple(raw.get("good", ())),
        unique=bool(raw.get("unique", False)), options=options,
        feedback=fields.lists("feedback"), moves=moves, measure=measure, square=square,
        goal=goal, plies=plies, source=path.name)


class _Fields:
    """One record of a puzzle file, its fields read with checks: a problem raises the
    PuzzleFileError that names the file, the puzzle and the field."""

    def __init__(self, path: Path, raw: dict[str, Any], index: int) -> None:
        self.path = path
        self.raw = raw
        self.name = str(raw.get("id") or f"#{index}")

    def fail(self, field_name: str, message: object, **params: object) -> PuzzleFileError:
        return PuzzleFileError(self.path, message, self.name, field_name, **params)

    def need(self, key: str, kind: type | tuple[type, ...]) -> Any:
        """The field ``key``, which must be there and be of ``kind``."""
        if key not in self.raw:
            raise self.fail(key, N_("is missing"))
        value = self.raw[key]
        if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(key, N_("must be {kinds}, not {kind}"), kinds=names,
                            kind=type(value).__name__)
        return value

    def texts(self, key: str, required: bool = True) -> dict[str, str]:
        """A text in each language, ``key.it = "..."`` (the Italian one needed if ``required``)."""
        value = self.raw.get(key, {})
        if not isinstance(value, dict) or (required and not value.get("it")):
            raise self.fail(key, N_('needs an Italian text: {key}.it = "..."'), key=key)
        for lang, text in value.items():
            if not LANGUAGE_CODE.fullmatch(lang) or not isinstance(text, str):
                raise self.fail(f"{key}.{lang}", N_("must be text, under the code of its "
                                                    "language (it, en, ...)"))
        return dict(value)

    def lists(self, key: str) -> dict[str, tuple[str, ...]]:
        """A list of texts in each language, ``key.it = ["..."]``."""
        value = self.raw.get(key, {})
        if not isinstance(value, dict):
            raise self.fail(key, N_('must be a table of lists: key.it = ["..."]'))
        out = {}
        for lang, items in value.items():
            if not LANGUAGE_CODE.fullmatch(lang) or not isinstance(items, list) or not all(
                    isinstance(i, str) for i in items):
                raise self.fail(f"{key}.{lang}", N_("must be a list of texts"))
            out[lang] = tuple(items)
        return out


def _kind(fields: _Fields) -> str:
    kind = fields.need("kind", str)
    if kind not in KINDS:
        raise fields.fail("kind", N_("must be one of {kinds}, not {kind}"), kinds=", ".join(KINDS),
                          kind=repr(kind))
    return kind


def _level(fields: _Fields) -> int:
    level = fields.need("level", int)
    if not 1 <= level <= 5:
        raise fields.fail("level", N_("must be from 1 to 5, not {level}"), level=level)
    return level


def _position(fields: _Fields) -> tuple[str, str, Board, tuple[str, ...]]:
    """The variant, the FEN, the board after the record's ``moves``, and those moves."""
    try:
        variant = get_variant(fields.need("variant", str)).name
    except DamaError as error:
        raise fields.fail("variant", error) from None
    fen = fields.need("fen", str)
    try:
        board = Board(fen, variant)
    except DamaError as error:
        raise fields.fail("fen", error) from None
    moves = tuple(fields.need("moves", list)) if "moves" in fields.raw else ()
    for text in moves:
        try:
            board.push(str(text))
        except DamaError as error:
            raise fields.fail("moves", N_("{move}: {error}"), move=repr(text),
                              error=error) from None
    return variant, fen, board, tuple(str(m) for m in moves)


def _rules(fields: _Fields) -> tuple[str, ...]:
    rules = fields.need("rules", list)
    if not rules or not all(isinstance(r, str) for r in rules):
        raise fields.fail("rules", N_('must list at least one rule id, such as "IT-C1"'))
    return tuple(rules)


def _measure(fields: _Fields, kind: str, board: Board) -> tuple[str, int]:
    """What a count puzzle counts, and the square of the piece it is about (if it is)."""
    measure = fields.raw.get("measure", "")
    if kind == "count" and measure not in MEASURES:
        raise fields.fail("measure", N_("a count puzzle says what it counts: one of {measures}"),
                          measures=", ".join(MEASURES))
    square = fields.raw.get("square", 0)
    if measure == "moves_of" and not (isinstance(square, int) and board.piece_at(square)):
        raise fields.fail("square", N_("must be the square of a piece"))
    return measure, square


def _goal(fields: _Fields, kind: str) -> tuple[str, int]:
    """A move puzzle's goal and its ply limit, if it has one ("", 0 for other kinds)."""
    goal, plies = fields.raw.get("goal", ""), fields.raw.get("plies", 0)
    if kind == "move" and goal:
        if goal not in GOALS:
            raise fields.fail("goal", _GOAL_NEEDED, goals=", ".join(GOALS))
        if goal in TABLE_GOALS and plies == 0:
            return goal, 0
        if not isinstance(plies, int) or isinstance(plies, bool) or not 1 <= plies <= 15:
            raise fields.fail("plies", N_("a goal needs a whole number of plies from 1 to 15"))
    return (goal, plies) if kind == "move" else ("", 0)


def _options(fields: _Fields, kind: str, solutions: tuple) -> dict[str, tuple[str, ...]]:
    """A choice puzzle's options in each language, its answer one of them."""
    options = fields.lists("options")
    if kind == "choice":
        if len(options.get("it", ())) < 2:
            raise fields.fail("options", N_("a choice needs at least two options in options.it"))
        if not 0 <= solutions[0] < len(options["it"]):
            raise fields.fail("answer", N_("must be the index of an option (0 to {last})"),
                              last=len(options["it"]) - 1)
    return options


def _solutions(kind: str, raw: dict[str, Any], fail) -> tuple:
    if kind == "count":
        answer = raw.get("answer")
        if not isinstance(answer, int) or isinstance(answer, bool):
            raise fail("answer", N_("a count puzzle needs a whole number: answer = 3"))
        return (answer,)
    if kind == "choice":
        answer = raw.get("answer")
        if not isinstance(answer, int) or isinstance(answer, bool):
            raise fail("answer", N_("a choice puzzle needs the index of the right option: "
                                    "answer = 0"))
        return (answer,)
    if kind == "goal":
        goal, plies = raw.get("goal"), raw.get("plies")
        if goal not in GOALS:
            raise fail("goal", _GOAL_NEEDED, goals=", ".join(GOALS))
        if goal in TABLE_GOALS and plies is None:
            return (goal, 0)
        if not isinstance(plies, int) or isinstance(plies, bool) or not 1 <= plies <= 15:
            raise fail("plies", N_("must be a whole number of plies from 1 to 15"))
        return (goal, plies)
    lines = raw.get("solutions")
    if not isinstance(lines, list) or not lines or not all(isinstance(s, str) and s.split()
                                                             for s in lines):
        raise fail("solutions", N_('must list the accepted moves or lines: ["22x13"]'))
    return tuple(tuple(line.split()) for line in lines)


# -- writing: a puzzle file's text --------------------------------------------------------------

#: The order a puzzle's fields are written in (dotted keys for each language's text).
KEY_ORDER = (
    "id", "variant", "topic", "level", "kind", "fen", "moves", "measure", "square",
    "prompt", "options", "answer", "solutions", "feedback", "goal", "plies", "unique",
    "hints", "explanation", "rules", "credit",
)
#: The fields written in each language, ``prompt.it``, ``prompt.en``, ``prompt.pt``, ...
IN_EACH_LANGUAGE = ("prompt", "options", "feedback", "hints", "explanation")


def _key_order(key: str) -> tuple[int, int, str]:
    """Where a file's key goes: by its field (KEY_ORDER), then Italian, English, the rest."""
    field_name, _, lang = key.partition(".")
    return (KEY_ORDER.index(field_name), {"it": 0, "en": 1}.get(lang, 2), lang)


def toml_string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20 or ch == "\x7f":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r}")


def puzzle_lines(record: dict[str, Any]) -> list[str]:
    """The ``[[puzzle]]`` table of a puzzle given as its file's fields (``"prompt.it"``,
    ``"solutions"``, ...), in the order of KEY_ORDER, each field's languages together."""
    unknown = [key for key in record if key.partition(".")[0] not in KEY_ORDER
               or ("." in key) != (key.partition(".")[0] in IN_EACH_LANGUAGE)
               or "." in key and not LANGUAGE_CODE.fullmatch(key.partition(".")[2])]
    if unknown:
        raise ValueError(f"unknown keys {sorted(unknown)}")
    return ["[[puzzle]]"] + [f"{key} = {toml_value(record[key])}"
                             for key in sorted(record, key=_key_order)]
