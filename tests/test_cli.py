"""The ``dama`` command a teacher types: worksheets that follow the lesson (order, title, an
answer key written the way each kind is graded, square numbers readable on paper), topics in
Italian and English, and every message in Italian by default or English (``--lang en``, an
English locale), errors as sentences with exit code 2. Also: the lessons' catalogue the
puzzles package reads is what the lesson sources say."""

from __future__ import annotations

import contextlib
import importlib.util
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from dama.core.content.check import check
from dama.cli import chosen_language, locale_language, main
from dama.core.content.lessons import CATALOGUE, UnknownLesson, lesson, load_lessons
from dama.core.content.puzzle import load
from dama.core.content.topics import TOPICS, UnknownTopic, resolve_topic, topic_label, topic_name
from dama.core.content.worksheet import answer_text, worksheet

ROOT = Path(__file__).resolve().parent.parent
COURSE = ROOT / "lessons"
PUZZLES = {p.id: p for p in load()}
DAMA = Path(sys.executable).parent / "dama"


@pytest.fixture(autouse=True)
def italian_locale(monkeypatch):
    """Every test starts on a computer that is not set to English."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def course_build():
    """authoring/notebooks.py, the lessons' builder."""
    from authoring import notebooks

    return notebooks


def sheet(tmp_path, *args: str) -> str:
    """The worksheet written, its answers (written apart) after it as one page would have
    them (``--answers end``)."""
    out = tmp_path / "sheet.html"
    assert main(["worksheet", *args, "-o", str(out), "--answers", "end"]) == 0
    return out.read_text(encoding="utf-8")


def card_ids(page: str) -> list[str]:
    return re.findall(r'<section class="puzzle" data-puzzle="([^"]+)"', page)


def key(page: str) -> str:
    return page.split('<div class="key">')[1]


# -- the lessons' catalogue -------------------------------------------------------------------

def test_the_catalogue_is_what_the_lesson_sources_say():
    build = course_build()
    sources = build.load_lessons()
    assert CATALOGUE.read_text(encoding="utf-8") == build.catalogue(sources), \
        "run `make course-build`: dama/core/content/collections/lessons.toml is stale"
    catalogue = load_lessons()
    assert [c.number for c in catalogue] == [s.number for s in sources]
    for c, s in zip(catalogue, sources):
        assert c.exercises == tuple(s.exercises) and c.rules == tuple(s.rules)
        assert c.title == {"it": s.title("it"), "en": s.title("en")}
        assert c.slug == {"it": s.slug("it"), "en": s.slug("en")}
        assert c.label("it") == f"Lezione {s.number} · {s.title('it')}"
        assert c.label("en") == f"Lesson {s.number} · {s.title('en')}"
        assert all(i in PUZZLES for i in c.exercises)


def test_a_lesson_by_number_and_an_unknown_one_in_a_sentence():
    seven = lesson(7)
    assert seven.title_in("it").startswith("Precedenza 1") and seven.title_in("fr")
    with pytest.raises(UnknownLesson) as caught:
        lesson(99)
    assert str(caught.value) == "Non c'è la lezione 99: le lezioni vanno da 0 a 25."
    assert caught.value.text("en") == "There is no lesson 99: the lessons go from 0 to 25."


def test_the_catalogue_is_not_taken_for_a_puzzle_file():
    assert CATALOGUE.parent.joinpath("lessons.toml").exists()
    assert not any(p.source == "lessons.toml" for p in PUZZLES.values())


# -- topics in two languages ------------------------------------------------------------------

def test_every_topic_of_the_collection_has_two_names_found_either_way():
    used = {p.topic for p in PUZZLES.values()}
    assert used <= set(TOPICS)
    for lang in ("it", "en"):
        names = [topic_name(t, lang) for t in TOPICS]
        assert len(set(names)) == len(names)
    for topic in TOPICS:
        for lang in ("it", "en"):
            name = topic_name(topic, lang)
            assert resolve_topic(name) == topic == resolve_topic(name.upper())
            assert topic_label(topic, lang)
    assert resolve_topic("Precedenza-Quantita") == "precedence-quantity"
    assert resolve_topic("precedenza quantità") == "precedence-quantity"
    assert topic_name("multiple-capture", "it") == "presa-multipla"
    assert topic_name("not-a-topic", "en") == "not-a-topic"
    with pytest.raises(UnknownTopic) as caught:
        resolve_topic("scacchi")
    assert "cattura" in caught.value.text("it") and "capture" in caught.value.text("en")


# -- worksheets that follow the lesson --------------------------------------------------------

@pytest.mark.parametrize("number", [0, 7, 10, 16, 17])
def test_a_lessons_worksheet_has_its_exercises_in_its_order_under_its_title(tmp_path, number):
    found = lesson(number)
    page = sheet(tmp_path, "--lesson", str(number))
    assert card_ids(page) == list(found.exercises)
    assert re.findall(r'<li data-puzzle="([^"]+)"', key(page)) == list(found.exercises)
    assert f"<h1>Lezione {number} · {found.title_in('it')}</h1>" in page.replace("&#x27;", "'")
    assert f"<title>Lezione {number} · " in page


def test_ids_keep_the_order_they_are_given_in(tmp_path):
    wanted = ["it-qty-003", "it-cap-001", "it-fre-001"]
    assert card_ids(sheet(tmp_path, "--ids", ",".join(wanted))) == wanted


def test_the_key_says_all_captures_are_needed_and_several_answers_are_alternatives():
    fre, pro, tir = PUZZLES["it-fre-001"], PUZZLES["it-pro-001"], PUZZLES["it-tir-001"]
    assert answer_text(fre, "it") == "18x11 e 18x25 (servono tutte)"
    assert answer_text(fre, "en") == "18x11 and 18x25 (all of them are needed)"
    assert answer_text(pro, "it") == "5-1 oppure 5-2"
    assert answer_text(pro, "en") == "5-1 or 5-2"
    assert answer_text(tir, "it") == answer_text(tir, "en") == "20-23 27x20 16x32"
    assert answer_text(PUZZLES["it-tir-023"], "en") == "23-20 16x23 27x2 or 23-20 16x23 27x4"
    choice = PUZZLES["it-mov-009"]
    assert answer_text(choice, "it") == choice.options["it"][0]
    assert f"<li data-puzzle=\"it-mov-009\">A) {choice.options['it'][0]}" in worksheet([choice])


def test_the_key_matches_the_grading_of_every_puzzle():
    """What the key says is needed is what check() takes: all of the captures together, or
    any one of the alternatives."""
    for puzzle in PUZZLES.values():
        text = answer_text(puzzle, "it")
        assert text and answer_text(puzzle, "en")
        if puzzle.kind == "all-captures":
            captures = [line[0] for line in puzzle.solutions]
            assert check(puzzle, " ".join(captures)).correct, puzzle.id
            if len(captures) > 1:
                assert text.endswith("(servono tutte)"), puzzle.id
                assert not check(puzzle, captures[0]).correct, puzzle.id
        elif puzzle.kind in ("move", "capture"):
            single = all(len(line) == 1 for line in puzzle.solutions)
            assert ("oppure" in text) == (len(puzzle.solutions) > 1), puzzle.id
            if single:
                for line in puzzle.solutions:
                    assert check(puzzle, line[0]).correct, (puzzle.id, line)
        elif puzzle.kind == "count":
            assert check(puzzle, text).correct, puzzle.id
        elif puzzle.kind == "choice":
            assert check(puzzle, text).correct, puzzle.id


def test_the_key_of_a_goal_puzzle_lists_the_moves_that_reach_it():
    goal = replace(PUZZLES["it-ex-002"], kind="goal", solutions=("promote", 1))
    assert answer_text(goal, "it") == "obiettivo: fare dama entro 1 semimossa: 10x3"
    assert answer_text(goal, "en") == "goal: make a king within 1 ply: 10x3"
    assert check(goal, "10x3").correct


@pytest.mark.parametrize("number", [7, 17])  # an 8x8 and a 10x10 board
def test_square_numbers_print_at_least_8_points(tmp_path, number):
    page = sheet(tmp_path, "--lesson", str(number))
    svgs = re.findall(r"<svg [^>]*>.*?</svg>", page, re.S)
    assert len(svgs) == len(lesson(number).exercises)
    for svg in svgs:
        width = float(re.search(r'<svg [^>]*width="([\d.]+)"', svg).group(1))
        extent = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
        size = float(re.search(r'<g [^>]*font-size="([\d.]+)"[^>]*>\s*<text class="number"',
                               svg).group(1))
        points = size / extent * width * 0.75  # a CSS pixel is 0.75 pt
        assert points >= 8, points


def test_the_worksheet_function_keeps_the_order_it_is_given():
    chosen = [PUZZLES[i] for i in ("it-ord-001", "it-cap-002", "it-mov-009")]
    assert card_ids(worksheet(chosen, "en")) == [p.id for p in chosen]


def test_topic_in_italian_or_english_and_the_default_file_name(tmp_path, monkeypatch, capsys):
    italian, english = sheet(tmp_path, "--topic", "cattura"), sheet(tmp_path, "--topic", "capture")
    assert card_ids(italian) == card_ids(english) != []
    assert all(PUZZLES[i].topic == "capture" for i in card_ids(italian))
    monkeypatch.chdir(tmp_path)
    assert main(["worksheet", "--lesson", "7"]) == 0
    assert (tmp_path / "scheda-07.html").exists()
    assert str(tmp_path / "scheda-07.html") in capsys.readouterr().out
    assert main(["worksheet", "--lesson", "7", "--lang", "en"]) == 0
    assert "Lesson 7 · " in (tmp_path / "worksheet-07.html").read_text(encoding="utf-8")
    assert main(["worksheet", "--topic", "Precedenza-Quantità", "--limit", "2"]) == 0
    assert (tmp_path / "scheda-precedenza-quantita.html").exists()


# -- the command's language ---------------------------------------------------------------------

def test_the_language_comes_from_lang_then_the_locale():
    assert locale_language({}) == "it"
    assert locale_language({"LANG": "en_GB.UTF-8"}) == "en"
    assert locale_language({"LANG": "en_GB.UTF-8", "LC_ALL": "it_IT.UTF-8"}) == "it"
    assert locale_language({"LANG": "it_IT.UTF-8", "LC_MESSAGES": "en_US"}) == "en"
    assert chosen_language(["worksheet", "--lang", "en"], {}) == "en"
    assert chosen_language(["--lang=it", "check"], {"LANG": "en_GB"}) == "it"
    assert chosen_language(["--lang", "en", "worksheet", "--lang", "it"], {}) == "it"


def help_text(capsys, *args: str) -> str:
    with pytest.raises(SystemExit) as stop:
        main([*args, "--help"])
    assert stop.value.code == 0
    return capsys.readouterr().out


def test_help_is_italian_by_default_and_english_when_asked(capsys, monkeypatch):
    text = help_text(capsys)
    assert text.startswith("uso: dama") and "mostra questo aiuto" in text
    assert "schede da stampare" in text and "usage:" not in text
    text = help_text(capsys, "worksheet")
    assert "gli esercizi di una lezione" in text and "opzioni:" in text
    for args in (("--lang", "en"), ("worksheet", "--lang", "en")):
        text = help_text(capsys, *args)
        assert text.startswith("usage: dama") and "show this help message" in text
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert help_text(capsys, "worksheet").startswith("usage: dama worksheet")
    assert "a lesson's exercises" in help_text(capsys, "worksheet")


def test_argparse_errors_are_italian_too(capsys):
    for args, said in ((["worksheet", "--level", "9"], "serve un numero da 1 a 5"),
                       (["progress", "export"], "serve anche: --student"),
                       (["worksheet", "--lesson", "sette"], "serve un numero intero"),
                       ([], "serve anche: comando")):
        with pytest.raises(SystemExit) as stop:
            main(args)
        err = capsys.readouterr().err
        assert stop.value.code == 2 and "errore:" in err and said in err, (args, err)
        assert err.startswith("uso: dama")
    with pytest.raises(SystemExit):
        main(["--lang", "en", "worksheet", "--level", "9"])
    assert "error: argument --level: a number from 1 to 5" in capsys.readouterr().err


@pytest.mark.parametrize("args, italian, english", [
    (["worksheet", "--topic", "scacchi"], "argomento sconosciuto: «scacchi»", "unknown topic"),
    (["worksheet", "--lesson", "42"], "non c'è la lezione 42", "there is no lesson 42"),
    (["worksheet", "--ids", "it-qty-001,nope"], "non ci sono nella raccolta: nope",
     "not in the collection: nope"),
    (["worksheet", "--variant", "scacchi"], "variante sconosciuta", "unknown variant"),
    (["worksheet", "--topic", "kings", "--variant", "brazilian"], "nessun esercizio",
     "no puzzle matches"),
    (["progress", "merge", "nope.sqlite"], "il file nope.sqlite non esiste", "does not exist"),
    (["check", "--folder", "no-such-folder"], "la cartella no-such-folder non esiste",
     "the folder no-such-folder does not exist"),
])
def test_errors_are_sentences_in_the_chosen_language(tmp_path, monkeypatch, capsys, args,
                                                     italian, english):
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("dama: ") and italian in err and "Traceback" not in err, err
    assert main(["--lang", "en", *args]) == 2
    err = capsys.readouterr().err
    assert english in err, err
    if "topic" in english:
        assert "capture" in err and "cattura" not in err


def test_writing_into_a_missing_folder_is_a_sentence(tmp_path, capsys):
    target = tmp_path / "nope" / "sheet.html"
    assert main(["worksheet", "--lesson", "7", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert "non riesco a scrivere" in err and "la cartella o il file non esiste" in err
    assert "Errno" not in err


def test_an_unexpected_failure_is_a_sentence_too(monkeypatch, capsys):
    import dama.cli

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(dama.cli, "load", broken)
    assert main(["worksheet", "--lesson", "7"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dama: qualcosa è andato storto") and "boom" in err
    assert main(["worksheet", "--lesson", "7", "--lang", "en"]) == 2
    assert capsys.readouterr().err.startswith("dama: something went wrong")


def test_the_installed_command_speaks_the_locales_language(tmp_path):
    def run(*args: str, lang: str = "C.UTF-8"):
        env = {"PATH": "/usr/bin:/bin", "LANG": lang, "HOME": str(tmp_path)}
        return subprocess.run([str(DAMA), *args], capture_output=True, text=True, env=env,
                              cwd=tmp_path, timeout=60)

    english = run("--help", lang="en_GB.UTF-8")
    assert english.returncode == 0 and english.stdout.startswith("usage: dama")
    italian = run("worksheet", "--topic", "scacchi")
    assert italian.returncode == 2 and "Traceback" not in italian.stderr
    assert italian.stderr.startswith("dama: argomento sconosciuto")


# -- make worksheet ---------------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_worksheet_writes_the_lessons_sheet(tmp_path):
    """``make worksheet LESSON=7`` with this interpreter's ``dama``; the environment is taken
    as it is (``-o`` the stamp: nothing is installed, nothing is fetched)."""
    def make(*args: str):
        return subprocess.run(
            ["make", "--no-print-directory", "-o", ".venv/.installed-stamp", "worksheet",
             f"BIN={DAMA.parent}", f"OUT={tmp_path}", *args],
            cwd=ROOT, capture_output=True, text=True, timeout=60)

    italian = make("LESSON=7")
    assert italian.returncode == 0, italian.stderr
    page = (tmp_path / "scheda-07.html").read_text(encoding="utf-8")
    assert card_ids(page) == list(lesson(7).exercises) and "Lezione 7 · " in page
    assert str(tmp_path / "scheda-07.html") in italian.stdout
    key = (tmp_path / "scheda-07-soluzioni.html").read_text(encoding="utf-8")
    assert 'class="key alone"' in key and 'class="key' not in page     # the key apart
    # The language is the variable's, not the computer's (an English-locale computer).
    assert make("LESSON=7", "LANG=en_GB.UTF-8").returncode == 0
    assert "Lezione 7 · " in (tmp_path / "scheda-07.html").read_text(encoding="utf-8")
    english = make("LESSON=7", "SHEET_LANG=en")
    assert english.returncode == 0, english.stderr
    assert "Lesson 7 · " in (tmp_path / "worksheet-07.html").read_text(encoding="utf-8")
    missing = make()
    assert missing.returncode != 0 and "make worksheet LESSON=7" in missing.stdout


#: What the command line shows that is no word to translate: its name, its commands and
#: options, a file's name, the variables it reads.
_IDENTIFIERS = re.compile(r"--?[\w-]+|\bdama\b|\b(?:progress|export|merge|worksheet|check)\b"
                          r"|\$DAMA_HOME|\b[\w.-]+\.(?:sqlite|html|csv|toml)\b|\bN\b|\bID\b"
                          r"|\{[\w,]+\}|\busage\b")


@pytest.mark.parametrize("args", [
    ["--help"], ["worksheet", "--help"], ["progress", "export", "--help"],
    ["worksheet", "--lesson", "42"], ["worksheet", "--lesson", "sette"],
    ["worksheet", "--topic", "scacchi"], ["progress", "merge", "nope.sqlite"],
    ["progress"], ["check"], ["worksheet", "--variant", "scacchi"],
])
def test_in_the_pseudo_language_the_commands_words_all_come_from_the_catalogues(
        tmp_path, monkeypatch, capsys, args):
    # Every word dama says, argparse's own included, is wrapped ⟦…⟧: none comes from
    # outside the catalogues (the commands' and options' names aside).
    import sys

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from pseudo import content_words, outside_the_catalogues

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) if "--help" in args or args in (
            ["progress"], ["worksheet", "--lesson", "sette"]) else contextlib.nullcontext():
        main(["--lang", "qps", *args])
    said = capsys.readouterr()
    text = _IDENTIFIERS.sub(" ", said.out + said.err)    # a message may run over lines
    assert "⟦" in text
    assert outside_the_catalogues([text], content_words(), ("scacchi", "sette")) == []


def test_a_worksheet_into_a_new_folder_from_a_clubs_own_puzzles(tmp_path, capsys):
    # `-o schede/` makes the folder and writes the sheet and its answers in it.
    assert main(["worksheet", "--lesson", "7", "-o", str(tmp_path / "schede") + "/"]) == 0
    assert sorted(p.name for p in (tmp_path / "schede").iterdir()) == [
        "scheda-07-soluzioni.html", "scheda-07.html"]
    # A club's own folder of puzzle files: its puzzles only.
    club = tmp_path / "circolo"
    club.mkdir()
    shutil.copy(ROOT / "dama" / "core" / "content" / "collections" / "it-00-examples.toml", club / "nostri.toml")
    out = tmp_path / "club.html"
    assert main(["worksheet", "--folder", str(club), "-o", str(out), "--answers", "none"]) == 0
    from dama.core.content.puzzle import load_file

    ours = [p.id for p in load_file(club / "nostri.toml")]
    assert card_ids(out.read_text(encoding="utf-8")) == ours[:12]
    assert not (tmp_path / "club-soluzioni.html").exists()
    assert main(["worksheet", "--folder", str(tmp_path / "nessuna")]) == 2
    assert "non esiste" in capsys.readouterr().err


@pytest.mark.parametrize("args, said", [
    (["worksheet", "--lesson", "-1"], "serve un numero da 0 in su, non -1"),
    (["progress", "merge", ".", "--lesson", "sette"], "serve un numero intero, non «sette»"),
])
def test_a_lesson_number_refused_in_a_sentence(tmp_path, monkeypatch, capsys, args, said):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit):
        main(args)
    err = capsys.readouterr().err
    assert said in err and "invalid" not in err and "(int)" not in err, err
