"""The programs' messages come from gettext catalogues (damalib.i18n, authoring/catalogues.py):
what the code says is what the catalogues hold, every message has its Italian with the same
placeholders, the compiled files are those of their sources, and a pseudo-language shows
where a word comes from no catalogue."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from damalib.board import Outcome, Termination
from damalib.i18n import LOCALE_DIR, N_, Translator, languages, translator
from damalib.rulenames import RULE_NAMES, rule_name

ROOT = Path(__file__).resolve().parents[1]
from authoring import catalogues  # noqa: E402


def test_the_catalogues_hold_what_the_code_says_translated_with_the_same_placeholders():
    # Extraction over damalib, puzzles and corso: no message missing, none left over, none
    # untranslated, the placeholders alike, the .mo compiled from the .po of today.
    assert catalogues.problems() == []


def test_every_rule_has_its_name_in_both_languages():
    for rule, message in RULE_NAMES.items():
        italian = rule_name(rule, "it")
        assert italian and italian != message, rule        # translated, not the English
        assert rule_name(rule, "en") == message
    assert rule_name("XX-9", "it") == "XX-9"               # an unknown id: the id itself


def test_a_language_without_a_catalogue_reads_english():
    assert translator("pt")("the quantity rule") == "the quantity rule"
    assert translator("it")("the quantity rule") == "la regola della quantità"
    assert "it" in languages() and languages()[0] == "en"
    assert repr(translator("it")) == "translator('it')"


def test_plural_and_context():
    _ = translator("en")
    assert [_.plural("{n} star", "{n} stars", n) for n in (1, 2)] == ["1 star", "2 stars"]
    it = translator("it")
    assert it.context("subject", "White") == "il Bianco"
    assert N_("anything") == "anything"


def test_an_outcome_is_said_in_each_language_with_its_rule():
    outcome = Outcome(Termination.BLOCKED, "B", "IT-E1")
    assert outcome.text("it", "name") == ("Il Bianco è bloccato e non può muovere: vince il "
                                          "Nero (vince chi mangia o blocca tutti i pezzi).")
    assert outcome.text("en") == "White is blocked and cannot move: Black wins (IT-E1)."
    assert Outcome(Termination.AGREEMENT, None, "IT-D1").text("it", "none") == \
        "Patta: i giocatori si sono accordati."


def test_the_pseudo_language_wraps_every_message(tmp_path):
    template = catalogues.read(catalogues.TEMPLATE)
    pseudo = catalogues.pseudo(template)
    folder = tmp_path / "qps" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "dama.mo").write_bytes(catalogues.mo_bytes(pseudo))
    import gettext

    wrapped = Translator("qps", gettext.translation("dama", tmp_path, ["qps"]))
    assert wrapped("the quantity rule") == "⟦the quantity rule⟧"
    assert wrapped.context("subject", "White") == "⟦White⟧"
    assert wrapped.plural("{n} apple", "{n} apples", 3) == "3 apples"   # not in the code
    assert (LOCALE_DIR / "qps" / "LC_MESSAGES" / "dama.mo").exists()  # compiled by make


@pytest.mark.parametrize("text, found", [
    ("{loser} resigns: {winner} wins", {"loser", "winner"}),
    ("Esercizio {n}", {"n"}), ("{size:.1f} MB", {"size"}), ("no placeholder", set()),
])
def test_placeholders_are_read_as_str_format_reads_them(text, found):
    assert catalogues.placeholders(text) == found


def test_the_template_and_the_catalogue_carry_no_date_that_changes():
    text = catalogues.TEMPLATE.read_text(encoding="utf-8")
    assert "POT-Creation-Date: 2026-01-01 00:00+0000" in text
    assert catalogues.text_of(catalogues.template()) == catalogues.TEMPLATE.read_bytes()


def test_every_message_is_written_where_babel_finds_it():
    # Babel reads `_("...")`, `N_("...")`, `x.plural(...)`, `x.context(...)`: a literal handed
    # straight to `translator(lang)("...")`, or inside an f-string, is never extracted.
    import re

    hidden = re.compile(r"translator\([^()]*\)\(\s*[\"']|_\(f[\"']|N_\(f[\"']")
    found = [f"{path.relative_to(ROOT)}:{n}" for source in catalogues.SOURCES
             for path in sorted((ROOT / source).rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if hidden.search(line)]
    assert found == []
    # Nor is a message inside an f-string's braces (`f"{_.context('file name', 'x')}"`).
    import ast

    keywords = set(catalogues.KEYWORDS)
    inside = []
    for source in catalogues.SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for joined in (n for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)):
                for call in (n for n in ast.walk(joined) if isinstance(n, ast.Call)):
                    name = getattr(call.func, "attr", getattr(call.func, "id", ""))
                    if name in keywords and any(isinstance(a, ast.Constant) and
                                                isinstance(a.value, str) for a in call.args):
                        inside.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert inside == []


def test_the_language_is_chosen_once_from_what_is_asked_then_the_computer():
    from damalib.i18n import DEFAULT, content_language, known, language, spoken, supported

    assert language("en", {"LANG": "it_IT.UTF-8"}) == "en"           # asked wins
    assert language("en_GB.UTF-8", {}) == "en"
    assert language(None, {"LANG": "en_GB.UTF-8"}) == "en"           # else the computer's
    assert language(None, {"LANGUAGE": "pt:it", "LANG": "en_US"}) == "it"   # gettext's order
    assert language(None, {"LANG": "C"}) == language(None, {}) == DEFAULT == "it"
    assert language("xx", {"LC_ALL": "fr_FR"}) == "it"               # nothing known: Italian
    assert supported("en-GB") == "en" and supported("xx") == "it" and supported(None) == "it"
    assert known("qps") and "qps" not in languages() and "qps" in spoken()
    # Lessons and puzzles: the reader's language when they are written in it, else the one
    # the reader's catalogue names (English unless its translator chose Italian).
    assert content_language("it") == "it" and content_language("en") == "en"
    assert content_language("qps") == "en"
    assert content_language("pt") == "it"       # no catalogue: programs and lessons Italian


def test_a_language_with_only_a_catalogue_reads_the_programs_in_it_and_the_content_in_english():
    from damalib import Board
    from damalib.i18n import pick
    from dama.core.content import load

    puzzle = load()[0]
    assert pick(puzzle.prompts, "qps") == puzzle.prompt("en") == puzzle.prompts["en"]
    try:
        Board("W:W33:B1")
    except ValueError as error:
        assert error.text("qps").startswith("⟦⟦square 33 does not exist")
        assert error.text("it").startswith("la casella 33 non esiste")
        assert str(error).startswith("square 33 does not exist")


def test_errors_keep_their_words_through_pickling():
    import pickle

    from damalib import Board
    from damalib.pdn import PdnError, read_game

    for bad in (lambda: Board("W:W33:B1"), lambda: read_game("1. 22-18 (x", strict=True),
                lambda: Board().push("99-1")):
        try:
            bad()
        except ValueError as error:
            again = pickle.loads(pickle.dumps(error))
            assert type(again) is type(error) and str(again) == str(error)
            assert again.text("it") == error.text("it") != str(error)
    assert issubclass(PdnError, ValueError)


def test_content_keeps_its_languages_side_by_side_each_one_there():
    # Lessons and puzzles are content, not messages: every text has every language the
    # course offers (damalib.i18n.CONTENT_LANGUAGES), none empty, lists of the same length.
    import sys

    from damalib.i18n import CONTENT_LANGUAGES
    from dama.core.content import load

    offered = set(CONTENT_LANGUAGES)
    for puzzle in load():
        assert set(puzzle.prompts) == offered and all(puzzle.prompts.values()), puzzle.id
        for table in (puzzle.explanations, puzzle.hints, puzzle.options, puzzle.feedback):
            if table:
                assert set(table) == offered and all(table.values()), puzzle.id
                assert len({len(v) for v in table.values() if isinstance(v, tuple)}) <= 1
    from authoring.notebooks import languages, load_lessons
    from lessons.kit import T

    lessons = load_lessons()
    assert set(languages(lessons)) == offered
    for lesson in lessons:
        for value in (lesson.slug, lesson.title, *lesson.learn, *lesson.remember):
            assert isinstance(value, T) and set(value.languages) == offered, lesson.number
            assert all(value(lang) for lang in offered), lesson.number
        for cell in lesson.cells:
            if cell.texts is not None:
                assert set(cell.texts.languages) == offered, lesson.number
                assert all(cell.texts(lang).strip() for lang in offered), lesson.number


def test_the_catalogues_pass_gettexts_own_check():
    # `msgfmt -c` is what Poedit and Weblate run: a placeholder the translation lacks or adds
    # ({opp} beside {Opp} once made 14 of them) is a fatal error there.
    import shutil
    import subprocess

    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "GNU gettext's msgfmt is needed (Debian: gettext; .ci/run installs it)"
    for lang in catalogues.languages():
        done = subprocess.run([msgfmt, "-c", "-o", "/dev/null", str(catalogues.po_path(lang))],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


def test_the_former_name_of_the_helpers_still_works_with_a_warning():
    import importlib
    import sys
    import warnings

    sys.modules.pop("corso", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        corso = importlib.import_module("corso")
    assert any(issubclass(w.category, DeprecationWarning) and "dama.helpers" in str(w.message)
               for w in caught)
    namespace: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        exec("from corso import *", namespace)   # a teacher's own notebook's first cell
    assert {"board", "exercises", "diagram", "course_app"} <= set(namespace)
    assert corso.board.__wrapped__ is importlib.import_module("dama.lessons.boards").board
    sys.modules.pop("puzzles", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        puzzles = importlib.import_module("puzzles")
    assert any(issubclass(w.category, DeprecationWarning) for w in caught)
    assert puzzles.load is importlib.import_module("dama.core.content").load
