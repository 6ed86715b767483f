"""The ``dama`` command: progress exports for teachers, worksheets, and puzzle checks."""

from __future__ import annotations

import argparse
import csv
import sqlite3
import sys
from contextlib import nullcontext
from dataclasses import astuple
from pathlib import Path
from typing import Sequence

from damalib import DamaError

from . import progress
from .model import PuzzleFileError, load
from .verify import verify
from .worksheet import worksheet


def _output(path: str | None):
    """The file to write, or standard output (left open)."""
    return open(path, "w", encoding="utf-8", newline="") if path else nullcontext(sys.stdout)


def _progress_files(paths: Sequence[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        files += sorted(path.glob("*.sqlite")) if path.is_dir() else [path]
    return [f for f in files if ".damaged-" not in f.name]


def cmd_export(args: argparse.Namespace) -> int:
    home = Path(args.home) if args.home else progress.dama_home()
    path = home / progress.student_file_name(args.student)
    if not path.exists():
        print(f"dama: no progress saved for {args.student!r} in {home}", file=sys.stderr)
        return 2
    try:
        with progress.open_file(path) as store:
            attempts = store.attempts()
    except (OSError, sqlite3.DatabaseError) as error:  # busy, or damaged: say so, move nothing
        print(f"dama: {path} cannot be read ({error})", file=sys.stderr)
        return 2
    with _output(args.output) as out:
        if args.attempts:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(progress.COLUMNS)
            writer.writerows(astuple(a) for a in attempts)
        else:
            progress.write_csv(progress.topic_scores(attempts), out)
    return 0


def cmd_merge(args: argparse.Namespace) -> int:
    attempts = []
    for path in _progress_files(args.files):
        if not path.exists():
            print(f"dama: {path} does not exist", file=sys.stderr)
            return 2
        try:
            with progress.open_file(path) as store:
                attempts += store.attempts()
        except Exception as error:  # a damaged file: name it and go on with the others
            print(f"dama: {path} cannot be read ({error}); left out", file=sys.stderr)
    with _output(args.output) as out:
        progress.write_csv(progress.topic_scores(attempts), out)
    return 0


def cmd_worksheet(args: argparse.Namespace) -> int:
    chosen = load(args.variant, args.topic)
    if args.level:
        chosen = [p for p in chosen if p.level == args.level]
    if args.ids:
        wanted = args.ids.split(",")
        chosen = [p for p in chosen if p.id in wanted]
    chosen = chosen[:args.limit]
    if not chosen:
        print("dama: no puzzle matches", file=sys.stderr)
        return 2
    with _output(args.output) as out:
        out.write(worksheet(chosen, args.lang, args.title))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    puzzles = load(folder=args.folder) if args.folder else load()
    problems = [p for puzzle in puzzles for p in verify(puzzle)]
    for problem in problems:
        print(problem)
    print(f"{len(puzzles)} puzzles, {len(problems)} problems")
    return 1 if problems else 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="dama", description="Dama course tools for teachers.")
    sub = top.add_subparsers(dest="command", required=True)
    prog = sub.add_parser("progress", help="students' progress").add_subparsers(
        dest="action", required=True)
    export = prog.add_parser("export", help="one student's progress as CSV")
    export.add_argument("--student", required=True)
    export.add_argument("--home", help="the progress folder (default: $DAMA_HOME)")
    export.add_argument("--attempts", action="store_true", help="every attempt, not scores")
    export.add_argument("-o", "--output")
    export.set_defaults(run=cmd_export)
    merge = prog.add_parser("merge", help="several students' files as one class CSV")
    merge.add_argument("files", nargs="+", help="progress files (.sqlite) or folders")
    merge.add_argument("-o", "--output")
    merge.set_defaults(run=cmd_merge)
    sheet = sub.add_parser("worksheet", help="printable HTML exercises with an answer key")
    sheet.add_argument("--variant")
    sheet.add_argument("--topic")
    sheet.add_argument("--level", type=int)
    sheet.add_argument("--ids", help="puzzle ids, separated by commas")
    sheet.add_argument("--limit", type=int, default=12)
    sheet.add_argument("--lang", default="it", choices=("it", "en"))
    sheet.add_argument("--title")
    sheet.add_argument("-o", "--output")
    sheet.set_defaults(run=cmd_worksheet)
    check = sub.add_parser("check", help="verify every puzzle of the collection")
    check.add_argument("--folder", help="a folder of puzzle files (default: the collection)")
    check.set_defaults(run=cmd_check)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except (DamaError, PuzzleFileError, OSError) as error:
        print(f"dama: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
