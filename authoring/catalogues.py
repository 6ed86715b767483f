"""The programs' message catalogues, with Babel (``make catalogues``).

    python -m authoring.catalogues            extract the messages into damalib/locale/dama.pot,
                                          update every language's dama.po, compile the .mo
    python -m authoring.catalogues --compile  only compile the .po into .mo (make does it)
    python -m authoring.catalogues --check    exit 1, naming what is wrong: a message in the code
                                          missing from the catalogues, one no longer there, a
                                          translation missing or with other placeholders

The messages are found in damalib and dama: ``_("...")``, ``N_("...")``,
``NC_("ctx", "...")``, ``_.plural("...", "...", n)``, ``_.context("ctx", "...")``
(damalib.i18n). The files carry no
date, so that the same messages give the same files. docs/TRANSLATING.md says how a new
language starts.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_javascript
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "damalib" / "locale"
TEMPLATE = LOCALE / "dama.pot"
DOMAIN = "dama"
SOURCES = ("damalib", "dama")
#: The browser edition's own script: its words, marked _("..."), are in the catalogues too
#: and written into the script by deploy/site/build.py (page_words).
SCRIPT = ROOT / "deploy" / "site" / "child-view.js"
KEYWORDS = {"_": None, "N_": None, "NC_": ((1, "c"), 2), "NP_": (1, 2), "plural": (1, 2),
            "ngettext": (1, 2),
            "context": ((1, "c"), 2)}
#: The pseudo-language of the tests: every message wrapped, ⟦…⟧, so a word on a page that
#: comes from no catalogue stands out.
PSEUDO = "qps"
#: Messages the pseudo-language keeps as they are: they are codes, not words.
UNWRAPPED = ("lessons language", "csv separator", "option letters")
#: A fixed date in the headers: the same messages make the same files.
DATE = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
#: The placeholders of a number (in figures, in words): a form may say it its own way.
NUMBER = {"n", "count"}
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


#: Plural forms as gettext's own tables give them (CLDR's, which Babel would take, add a
#: third Italian form for millions).
PLURALS = {"it": (2, "(n != 1)"), "en": (2, "(n != 1)")}


def _catalog(locale: str | None = None) -> Catalog:
    catalog = Catalog(locale=locale, domain=DOMAIN, project="Dama", version="1",
                      copyright_holder="The Dama course", msgid_bugs_address="",
                      creation_date=DATE, revision_date=DATE, fuzzy=False,
                      last_translator="The Dama course", language_team=locale or "")
    if locale in PLURALS:
        catalog._num_plurals, catalog._plural_expr = PLURALS[locale]
    return catalog


def template() -> Catalog:
    """Every message of the code, where it is."""
    catalog = _catalog()
    for source in SOURCES:
        for file, line, message, comments, context in extract_from_dir(
                ROOT / source, [("**.py", "python")], keywords=KEYWORDS,
                comment_tags=("Translators:",), strip_comment_tags=True):
            catalog.add(message, None, [(f"{source}/{file}", line)],
                        auto_comments=comments, context=context)
    for line, message, comments, context in _script_messages():
        catalog.add(message, None, [(str(SCRIPT.relative_to(ROOT)), line)],
                    auto_comments=comments, context=context)
    return catalog


def _script_messages():
    with SCRIPT.open("rb") as file:
        for line, _funcname, message, comments in extract_javascript(
                file, {"_": None}, ["Translators:"], {}):
            yield line, message, [c.removeprefix("Translators:").strip() for c in comments], None


def page_words(lang_dir: Path = LOCALE) -> dict[str, dict[str, str]]:
    """{language: {message: translation}} of the script's messages, for every compiled
    catalogue (the pseudo-language's included): what deploy/site/build.py writes into it."""
    import gettext

    messages = [message for _, message, _, _ in _script_messages()]
    words = {}
    for mo in sorted(lang_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")):
        with mo.open("rb") as file:
            catalogue = gettext.GNUTranslations(file)
        words[mo.parent.parent.name] = {m: catalogue.gettext(m) for m in messages}
    return words


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale, domain=DOMAIN)


def text_of(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    # No line numbers: a change elsewhere in a file does not change the catalogues.
    write_po(out, catalog, width=96, sort_output=False, include_previous=False,
             include_lineno=False, omit_header=False, ignore_obsolete=True)
    return out.getvalue()


def updated(lang: str, fresh: Catalog) -> Catalog:
    """``lang``'s catalogue with the messages of ``fresh``: new ones untranslated, gone ones
    dropped, the translations of the others kept."""
    catalog = read(po_path(lang), lang) if po_path(lang).exists() else _catalog(lang)
    catalog.update(fresh, no_fuzzy_matching=True)
    catalog.creation_date = catalog.revision_date = DATE
    catalog.obsolete.clear()
    return catalog


def pseudo(fresh: Catalog) -> Catalog:
    catalog = _catalog("en")
    catalog.locale = None
    catalog._num_plurals, catalog._plural_expr = 2, "(n != 1)"
    for message in fresh:
        if not message.id:
            continue
        if message.context in UNWRAPPED:
            string = message.id
        elif isinstance(message.id, tuple):
            string = tuple(f"⟦{part}⟧" for part in message.id)
        else:
            string = f"⟦{message.id}⟧"
        catalog.add(message.id, string, context=message.context)
    return catalog


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all(folder: Path = LOCALE, with_pseudo: bool = True) -> list[Path]:
    """Every language's .mo (and the pseudo-language's) in ``folder``/<lang>/LC_MESSAGES."""
    written = []
    catalogs = {lang: read(po_path(lang), lang) for lang in languages()}
    if with_pseudo:
        catalogs[PSEUDO] = pseudo(read(TEMPLATE))
    for lang, catalog in catalogs.items():
        target = folder / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        data = mo_bytes(catalog)
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
            written.append(target)
    return written


def placeholders(text: str) -> set[str]:
    """The names ``text`` fills, lower case: a capital variant of a name is the same word
    («{Opp}» where an English sentence starts with it, «{opp}» in Italian)."""
    return {name.lower() for name in PLACEHOLDER.findall(text)}


def problems() -> list[str]:
    """What is out of step, one line each; empty when all is in order."""
    fresh = template()
    found = []
    if not TEMPLATE.exists() or TEMPLATE.read_bytes() != text_of(fresh):
        found.append(f"{TEMPLATE.relative_to(ROOT)} is not what the code says: "
                     "run `make catalogues`")
    ids = {(m.id, m.context) for m in fresh if m.id}
    for lang in languages():
        catalog = read(po_path(lang), lang)
        have = {(m.id, m.context) for m in catalog if m.id}
        for missing in sorted(ids - have, key=str):
            found.append(f"{lang}: missing {missing[0]!r}")
        for extra in sorted(have - ids, key=str):
            found.append(f"{lang}: no longer in the code {extra[0]!r}")
        for message in catalog:
            if not message.id:
                continue
            sources = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not all(strings):
                found.append(f"{lang}: not translated {sources[0]!r}")
                continue
            if message.fuzzy:   # a guess of Babel's, never compiled: a translator checks it
                found.append(f"{lang}: marked fuzzy (check it, then remove the flag) "
                             f"{sources[0]!r}")
            want = set().union(*(placeholders(s) for s in sources))
            for string in strings:
                # A plural's singular may say "one" where the English says the number.
                if placeholders(string) - want or (want - NUMBER) - placeholders(string):
                    found.append(f"{lang}: other placeholders in {string!r} for {sources[0]!r}")
        mo = po_path(lang).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(catalog):
            found.append(f"{mo.relative_to(ROOT)} is older than its .po: run `make catalogues`")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compile", action="store_true", help="only compile the .mo files")
    parser.add_argument("--check", action="store_true", help="say what is out of step")
    options = parser.parse_args(argv)
    if options.check:
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    if not options.compile:
        fresh = template()
        TEMPLATE.write_bytes(text_of(fresh))
        for lang in languages():
            po_path(lang).write_bytes(text_of(updated(lang, fresh)))
    compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
