"""Every child can use the course's pages: axe-core (the accessibility engine browsers' audits
use, injected into the page) on each kind of page of the child's view, failing on any
critical or serious violation."""

from __future__ import annotations

import pytest
from browser_helpers import JOURNEY, Page, audit, open_view

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The index, lessons of five kinds (rules, openings, a game replayed, tactics, choices),
#: the Palestra, the square trainer, the game, the class page and the analysis page, in Italian;
#: the English index.
PAGES = ("it/indice", "it/00-benvenuti", "it/01-la-damiera", "it/03-la-presa", "it/palestra",
         "it/caselle", "it/gioca", "it/classe", "it/analisi", "en/index",
         "it/20-aperture", "it/21-partita-di-campioni", "it/22-elementi-tattici",
         "it/23-piano-di-gioco", "it/24-mossa-di-attesa",
         "it/25-aperture-dei-campionati")


def test_the_childs_view_has_no_grave_accessibility_fault(course_server, browser):
    base = course_server[0]
    child = Page(browser)
    counts, grave = audit(child.page, PAGES, lambda route: open_view(child.page, base, route))
    child.close()
    JOURNEY.append("axe-core in the child's view (critical/serious/moderate/minor elements): "
                   + "; ".join(counts))
    assert grave == [], "\n".join(grave)
