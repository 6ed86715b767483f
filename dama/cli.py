"""The ``dama`` command: progress exports for teachers, worksheets, and puzzle checks.

It speaks the computer's language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) when the
catalogues have it, else Italian, or the language of ``--lang en`` (before or after the
command). Every error is a sentence in that language, with exit code 2.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
import unicodedata
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Sequence

from damalib import DamaError, get_variant
from damalib.i18n import N_, NP_, content_language, known, language, languages, spoken, translator
from damalib.variants import VARIANTS

from dama.core.store import progress
from dama.core.content.lessons import UnknownLesson, lesson as find_lesson, load_lessons
from dama.core.content.puzzle import PuzzleFileError, load
from dama.core.content.topics import UnknownTopic, resolve_topic, topic_name
from dama.core.content.verify import verify
from dama.core.content.worksheet import answers_name, worksheet

#: What the command says, (Italian, English).
MESSAGES: dict[str, tuple[str, str]] = {
    "description": N_("The draughts course's tools for teachers: worksheets to print, the "
                      "students' progress, a check of the puzzles."),
    "epilog": N_("Help on a command: dama COMMAND --help. In Italian: --lang it."),
    "commands": N_("commands"),
    "lang": N_("the language of the messages and worksheets ({languages}); the computer's "
               "language by default, else Italian"),
    "help": N_("show this help message and exit"),
    "progress": N_("students' progress"),
    "export": N_("one student's progress as CSV"),
    "student": N_("the student's name, as typed in the index"),
    "home": N_("the progress folder (default: $DAMA_HOME)"),
    "attempts": N_("every attempt, not scores"),
    "output": N_("the file to write (default: the screen)"),
    "merge": N_("several students' files as one class CSV"),
    "files": N_("progress files (.sqlite) or folders (their subfolders too)"),
    "join": N_("a name typed on several computers that is one child (again for each name)"),
    "join_all": N_("every name typed on several computers is one child"),
    "namesakes": N_("dama: {name} is the name of {n} files from different computers: one child "
                    "or {n}? They are kept apart; --join \"{name}\" makes them one."),
    "worksheet": N_("printable HTML exercises with an answer key"),
    "worksheet_description": N_("A worksheet in HTML, to open in the browser and print; the last "
                                "page holds the answers. For example: dama worksheet --lesson 7 "
                                "--lang en"),
    "lesson": N_("a lesson's exercises, in its order ({first}-{last})"),
    "variant": N_("one variant only: italian, international, brazilian, filipino"),
    "topic": N_("one topic only, in English or Italian (capture, multiple-capture, ...)"),
    "level": N_("one level only, 1 to 5"),
    "ids": N_("exactly these puzzles, separated by commas, in this order"),
    "limit": N_("at most this many puzzles (default 12; all of them with --lesson or --ids)"),
    "title": N_("the worksheet's title"),
    "sheet_output": N_("the file (or folder) to write; - for the screen. Default: "
                       "worksheet-NN.html in the current folder"),
    "check": N_("verify every puzzle of the collection"),
    "class_lesson": N_("one lesson only: a student a row, an exercise a column (without it: every "
                       "lesson, in nbgrader's columns)"),
    "folder": N_("a folder of puzzle files (default: the collection)"),
    "no_progress": N_("dama: no progress saved for {student!r} in {home}"),
    "unreadable": N_("dama: {path} cannot be read ({error})"),
    "missing_file": N_("dama: {path} does not exist"),
    "left_out": N_("dama: {path} cannot be read ({error}); left out"),
    "no_puzzle": N_("no puzzle matches this choice: try without --level or --variant, or with "
                    "another topic."),
    "unknown_ids": N_("these puzzles are not in the collection: {ids}."),
    "missing_exercises": N_("lesson {number} names puzzles that are not in the collection: {ids}."),
    "unknown_variant": N_("unknown variant: “{name}”. The variants are: {known}."),
    "written": N_("Worksheet written to {path} ({count}): open it in the browser and "
                  "print it."),
    "no_folder": N_("the folder {folder} does not exist."),
    "written_key": N_("The answers are apart, for you: {path}"),
    "answers": N_("where the answers go: apart (their own file, the default), end (the sheet's "
                  "last page) or none"),
    "sheet_folder": N_("a folder of your own puzzle files (.toml) to take the puzzles from"),
    "bad_puzzle_file": N_("a puzzle file cannot be used: {error}"),
    "rules_error": N_("a position or a move is wrong: {error}"),
    "cannot_write": N_("cannot write {path}: {reason}."),
    "cannot_use": N_("cannot use {path}: {reason}."),
    "unexpected": N_("something went wrong ({error}). If it happens again, tell whoever looks "
                     "after the course, with the command you typed."),
    "interrupted": N_("interrupted."),
    "whole_number": N_("a whole number is needed, not “{text}”"),
    "from_to": N_("a number from {low} to {high} is needed, not {text}"),
    "positive": N_("a number from {low} up is needed, not {text}"),
}

REASONS = {  # why a file could not be used
    errno.ENOENT: N_("the folder or file does not exist"),
    errno.ENOTDIR: N_("part of the path is not a folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
}

#: argparse's own messages in Italian (it looks them up through gettext).
#: argparse's own words, which it asks the standard ``gettext`` for: said in the command's
#: language while it runs (argparse_language). Written as argparse writes them.
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("optional arguments"),
    N_("show this help message and exit"), N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("expected one argument"),
    N_("expected at most one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"), N_("invalid %(type)s value: %(value)r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
ARGPARSE_PLURALS = (NP_("expected %s argument", "expected %s arguments"),)


class CommandError(Exception):
    """An error already said in the user's language: ``dama: <message>``, exit code 2."""


def say(key: str, lang: str, **values) -> str:
    return translator(lang)(MESSAGES[key], **values)


def locale_language(environ=None) -> str:
    """The computer's language, if the programs speak it (``$LANGUAGE``, ``$LC_ALL``,
    ``$LC_MESSAGES``, ``$LANG``), else Italian."""
    return language(None, environ)


def chosen_language(argv: Sequence[str], environ=None) -> str:
    """The language of ``--lang`` (anywhere on the command line; the last one counts, as
    for argparse), else the locale's."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else \
            arg.partition("=")[2] if arg.startswith("--lang=") else None
        if value and known(value.lower()):
            found = value.lower()
    return found or locale_language(environ)


@contextmanager
def argparse_language(lang: str):
    """argparse's own words ("usage:", "error:", ...) in ``lang`` while the command runs."""
    if lang == "en" or not hasattr(argparse, "_") or not hasattr(argparse, "ngettext"):
        yield  # (an argparse that looks its words up some other way stays English)
        return
    saved = argparse._, argparse.ngettext
    words = translator(lang)

    def gettext(message):
        return words(message) if isinstance(message, str) else message

    def ngettext(singular, plural, n):
        return words.ngettext(singular, plural, n)

    argparse._, argparse.ngettext = gettext, ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


def _reason(error: OSError, lang: str) -> str:
    known = REASONS.get(error.errno)
    return translator(lang)(known) if known else (error.strerror or str(error))


def _output(path: str | None, lang: str):
    """The file to write bytes to, or standard output's (left open)."""
    if not path or path == "-":
        return nullcontext(sys.stdout.buffer)
    try:
        return open(path, "wb")
    except OSError as error:
        raise CommandError(say("cannot_write", lang, path=path, reason=_reason(error, lang)))


def _write_class(progress_of_class, args: argparse.Namespace, out) -> None:
    """A lesson's sheet (``--lesson N``: a row a student, a column an exercise, in the
    chosen language) or every lesson in nbgrader's columns; times in local time."""
    if args.lesson is not None:
        out.write(progress_of_class.lesson_sheet(args.lesson, args.lang))
    else:   # nbgrader's own columns, read by nbgrader: no mark, its "," and names
        out.write(progress_of_class.nbgrader_csv().encode("utf-8"))


def _check_lesson(args: argparse.Namespace) -> None:
    if args.lesson is not None:
        find_lesson(args.lesson, args.lang)  # an unknown number: a sentence, said by main


def cmd_export(args: argparse.Namespace) -> int:
    from dama.classroom.report import load_class

    lang = args.lang
    _check_lesson(args)
    home = Path(args.home) if args.home else progress.dama_home()
    # Every file of the student in the folder, as the class page joins them: "giulia" finds
    # Giulia.sqlite and giulia-pc2.sqlite alike.
    found = load_class([home], join=[args.student]) if home.is_dir() else None
    child = found.child(args.student) if found else None
    if child is None:
        path = progress.student_path(home, args.student)
        if path.exists() and found is not None:  # there, but unreadable: busy or damaged
            problem = next((p for p in found.problems if Path(p.file).name == path.name), None)
            if problem is not None:
                print(say("unreadable", lang, path=path, error=problem.reason.text(lang)),
                      file=sys.stderr)
                return 2
        print(say("no_progress", lang, student=args.student, home=home), file=sys.stderr)
        return 2
    with _output(args.output, lang) as out:
        if args.attempts:   # a spreadsheet like the lesson's: local times, whole seconds
            out.write(found.attempts_sheet(child, lang))
        else:
            _write_class(found.only(child), args, out)
    return 0


def cmd_merge(args: argparse.Namespace) -> int:
    from dama.classroom.report import load_class

    lang = args.lang
    _check_lesson(args)
    sources = [Path(name) for name in args.files]
    join = True if args.join_all else list(args.join or ())
    for path in sources:
        if not path.exists():
            print(say("missing_file", lang, path=path), file=sys.stderr)
            return 2
    # One student's files from several computers are one row; a damaged file is named.
    progress_of_class = load_class(sources, join=join)   # a folder's subfolders too
    for child in progress_of_class.children:
        if child.namesakes > 1 and child.namesake == 1:   # once a name: the teacher says
            print(say("namesakes", lang, name=child.name, n=child.namesakes), file=sys.stderr)
    for problem in progress_of_class.problems:
        print(say("left_out", lang, path=problem.file, error=problem.reason.text(lang)),
              file=sys.stderr)
    with _output(args.output, lang) as out:
        _write_class(progress_of_class, args, out)
    return 0


def _variant(name: str, lang: str) -> str:
    try:
        return get_variant(name).name
    except DamaError:
        english = content_language(lang) == "en"
        names = ", ".join(v.name if english else v.italian_name for v in VARIANTS.values())
        raise CommandError(say("unknown_variant", lang, name=name, known=names)) from None


def cmd_worksheet(args: argparse.Namespace) -> int:
    lang = args.lang
    if args.folder and not Path(args.folder).is_dir():
        raise CommandError(say("no_folder", lang, folder=args.folder))
    every = load(folder=args.folder) if args.folder else load()
    by_id = {p.id: p for p in every}
    # Translators: the start of a worksheet's file name, «scheda-lezione-3.html».
    title, stem = None, translator(lang).context("file name", "worksheet")
    if args.lesson is not None:
        found = find_lesson(args.lesson, lang)  # UnknownLesson: said by main
        missing = [i for i in found.exercises if i not in by_id]
        if missing:
            raise CommandError(say("missing_exercises", lang, number=found.number,
                                   ids=", ".join(missing)))
        chosen = [by_id[i] for i in found.exercises]
        title, stem = found.label(lang), f"{stem}-{found.number:02d}"
    else:
        chosen = every
    if args.ids:
        wanted = list(dict.fromkeys(i.strip() for i in args.ids.split(",") if i.strip()))
        unknown = [i for i in wanted if i not in by_id]
        if unknown:
            raise CommandError(say("unknown_ids", lang, ids=", ".join(unknown)))
        if args.lesson is None:  # the order given
            chosen = [by_id[i] for i in wanted]
        else:
            chosen = [p for p in chosen if p.id in wanted]
    if args.variant:
        variant = _variant(args.variant, lang)
        chosen = [p for p in chosen if p.variant == variant]
    if args.topic:
        topic = resolve_topic(args.topic)  # UnknownTopic: said by main
        chosen = [p for p in chosen if p.topic == topic]
        if args.lesson is None:  # scheda-precedenza-quantita.html: no accents in a file name
            name = unicodedata.normalize("NFKD", topic_name(topic, lang))
            stem += "-" + "".join(c for c in name if not unicodedata.combining(c))
    if args.level:
        chosen = [p for p in chosen if p.level == args.level]
    limit = args.limit or (None if args.lesson is not None or args.ids else 12)
    chosen = chosen[:limit]
    if not chosen:
        raise CommandError(say("no_puzzle", lang))
    title = args.title or title
    if args.output == "-":  # to the screen, or on to another program: one page
        answers = "end" if args.answers == "end" else "none"
        sys.stdout.write(worksheet(chosen, lang, title, answers))
        return 0
    path = Path(args.output) if args.output else Path(f"{stem}.html")
    if path.is_dir() or (args.output or "").endswith(("/", os.sep)):   # a folder, made
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CommandError(say("cannot_write", lang, path=path,
                                   reason=_reason(error, lang))) from None
        path = path / f"{stem}.html"
    pages = {path: worksheet(chosen, lang, title, "end" if args.answers == "end" else "none")}
    if args.answers == "apart":   # the key in a file of its own: copies of the sheet never hold it
        key = path.with_name(answers_name(path.stem, lang, path.suffix or ".html"))
        pages[key] = worksheet(chosen, lang, title, "only")
    for target, page in pages.items():
        with _output(str(target), lang) as out:
            out.write(page.encode("utf-8"))
    print(say("written", lang, path=path.resolve(),
              count=translator(lang).plural("{n} puzzle", "{n} puzzles", len(chosen))))
    if args.answers == "apart":
        print(say("written_key", lang, path=key.resolve()))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    lang = args.lang
    if args.folder and not Path(args.folder).is_dir():
        raise CommandError(say("no_folder", lang, folder=args.folder))
    puzzles = load(folder=args.folder) if args.folder else load()
    problems = [p for puzzle in puzzles for p in verify(puzzle)]
    _ = translator(lang)
    for problem in problems:
        print(problem.text(lang))
    print(_("{puzzles}, {problems}",
            puzzles=_.plural("{n} puzzle", "{n} puzzles", len(puzzles)),
            problems=_.plural("{n} problem", "{n} problems", len(problems))))
    return 1 if problems else 0


def _number(low: int | None, high: int | None, lang: str):
    """An argparse type: a whole number within bounds, refused in the user's language."""

    def number(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(say("whole_number", lang, text=text)) from None
        if high is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(say("from_to", lang, low=low, high=high,
                                                 text=text))
        if high is None and low is not None and value < low:
            raise argparse.ArgumentTypeError(say("positive", lang, low=low, text=text))
        return value

    return number


def parser(lang: str = "it") -> argparse.ArgumentParser:
    """The command line, its help in ``lang``."""
    _ = translator(lang)

    def t(key: str) -> str:
        return _(MESSAGES[key])

    def language(p: argparse.ArgumentParser, default=argparse.SUPPRESS) -> None:
        p.add_argument("--lang", choices=spoken(), type=str.lower, default=default,
                       metavar="{" + ",".join(languages()) + "}",
                       help=_(MESSAGES["lang"], languages=", ".join(languages())))

    def command(group, name: str, help_key: str, **kw) -> argparse.ArgumentParser:
        p = group.add_parser(name, help=t(help_key), description=kw.pop("description", None)
                             or t(help_key), add_help=False, **kw)
        p.add_argument("-h", "--help", action="help", help=t("help"))
        language(p)
        return p

    top = argparse.ArgumentParser(prog="dama", description=t("description"),
                                  epilog=t("epilog"), add_help=False)
    top.add_argument("-h", "--help", action="help", help=t("help"))
    language(top, lang)
    sub = top.add_subparsers(dest=_.context("argument name", "command"), required=True,
                             title=t("commands"))
    prog = command(sub, "progress", "progress").add_subparsers(
        dest=_.context("argument name", "action"), required=True, title=t("commands"))
    export = command(prog, "export", "export")
    export.add_argument("--student", required=True, metavar=_.context("metavar", "NAME"),
                        help=t("student"))
    export.add_argument("--home", metavar=_.context("metavar", "FOLDER"), help=t("home"))
    export.add_argument("--attempts", action="store_true", help=t("attempts"))
    export.add_argument("--lesson", type=_number(0, None, lang), metavar="N",
                        help=t("class_lesson"))
    export.add_argument("-o", "--output", metavar=_.context("metavar", "FILE"), help=t("output"))
    export.set_defaults(run=cmd_export)
    merge = command(prog, "merge", "merge")
    merge.add_argument("files", nargs="+", metavar=_.context("metavar", "FILE"), help=t("files"))
    merge.add_argument("--lesson", type=_number(0, None, lang), metavar="N",
                       help=t("class_lesson"))
    merge.add_argument("--join", action="append", metavar=_.context("metavar", "NAME"),
                       help=t("join"))
    merge.add_argument("--join-all", action="store_true", help=t("join_all"))
    merge.add_argument("-o", "--output", metavar=_.context("metavar", "FILE"), help=t("output"))
    merge.set_defaults(run=cmd_merge)
    sheet = command(sub, "worksheet", "worksheet", description=t("worksheet_description"))
    numbers = [item.number for item in load_lessons()]
    sheet.add_argument("--lesson", type=_number(0, None, lang), metavar="N",
                       help=t("lesson").format(first=numbers[0], last=numbers[-1]))
    sheet.add_argument("--variant", metavar=_.context("metavar", "VARIANT"), help=t("variant"))
    sheet.add_argument("--topic", metavar=_.context("metavar", "TOPIC"), help=t("topic"))
    sheet.add_argument("--level", type=_number(1, 5, lang), metavar=_.context("metavar", "LEVEL"),
                       help=t("level"))
    sheet.add_argument("--ids", metavar="ID,ID,...", help=t("ids"))
    sheet.add_argument("--limit", type=_number(1, None, lang), metavar="N", help=t("limit"))
    sheet.add_argument("--title", metavar=_.context("metavar", "TITLE"), help=t("title"))
    sheet.add_argument("-o", "--output", metavar=_.context("metavar", "FILE"),
                       help=t("sheet_output"))
    sheet.add_argument("--answers", choices=("apart", "end", "none"), default="apart",
                       help=t("answers"))
    sheet.add_argument("--folder", metavar=_.context("metavar", "FOLDER"),
                       help=t("sheet_folder"))
    sheet.set_defaults(run=cmd_worksheet)
    check = command(sub, "check", "check")
    check.add_argument("--folder", metavar=_.context("metavar", "FOLDER"), help=t("folder"))
    check.set_defaults(run=cmd_check)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = chosen_language(argv)
    with argparse_language(lang):
        args = parser(lang).parse_args(argv)
    lang = args.lang
    try:
        return args.run(args)
    except BrokenPipeError:  # the output went to `head` or a pager that closed: nothing to say
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - so that exiting flushes nothing
        return 0
    except CommandError as error:
        message = str(error)
    except (UnknownTopic, UnknownLesson) as error:
        message = error.text(lang)
    except PuzzleFileError as error:
        message = say("bad_puzzle_file", lang, error=error.text(lang))
    except DamaError as error:
        message = say("rules_error", lang, error=error.text(lang))
    except OSError as error:
        name = error.filename if error.filename is not None else "?"
        message = say("cannot_use", lang, path=name, reason=_reason(error, lang))
    except KeyboardInterrupt:
        print(f"dama: {say('interrupted', lang)}", file=sys.stderr)
        return 130
    except Exception as error:  # no traceback for a teacher: what went wrong, in a sentence
        message = say("unexpected", lang, error=f"{type(error).__name__}: {error}")
    print(f"dama: {message[:1].lower()}{message[1:]}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
