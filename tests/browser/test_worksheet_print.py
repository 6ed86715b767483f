"""Every lesson's worksheet printed by Chromium on A4, as a teacher prints it: four
exercises to a page and no page left half empty, the answers apart on pages of their own."""

from __future__ import annotations

import math
import re

import pytest

from browser_helpers import JOURNEY
from dama.cli import main
from dama.core.content.lessons import load_lessons

pytestmark = [pytest.mark.browser, pytest.mark.slow]

_PAGE = re.compile(rb"/Type\s*/Page(?!s)")


def pages(browser, path) -> int:
    """The pages Chromium prints ``path`` on, at the size its own CSS asks (A4)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(path.as_uri())
        return len(_PAGE.findall(page.pdf(prefer_css_page_size=True)))
    finally:
        context.close()


def test_every_lessons_worksheet_prints_four_exercises_to_an_a4_page(browser, tmp_path,
                                                                      capsys):
    counts = []
    for lesson in load_lessons():
        if not lesson.exercises:
            continue
        sheet = tmp_path / f"scheda-{lesson.number:02d}.html"
        assert main(["worksheet", "--lesson", str(lesson.number), "-o", str(sheet)]) == 0
        assert "@page { size: A4" in sheet.read_text(encoding="utf-8")
        printed = pages(browser, sheet)
        key = pages(browser, sheet.with_name(f"{sheet.stem}-soluzioni.html"))
        wanted = math.ceil(len(lesson.exercises) / 4)
        counts.append(f"{lesson.number}: {len(lesson.exercises)} → {printed}+{key}")
        assert printed == wanted, (lesson.number, len(lesson.exercises), printed)
        assert key == 1, (lesson.number, key)
    capsys.readouterr()
    JOURNEY.append("worksheets on A4 (lesson: exercises → sheet pages + answers pages): "
                   + ", ".join(counts))
