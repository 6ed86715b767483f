"""The programs' messages come from gettext catalogues (damalib.i18n, tools/catalogues.py):
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
_spec = importlib.util.spec_from_file_location("dama_catalogues", ROOT / "tools" / "catalogues.py")
catalogues = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogues)


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
    assert wrapped.plural("{n} star", "{n} stars", 3) == "3 stars"   # not in the code yet
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
