"""Every child can use the course's pages: axe-core (the accessibility engine browsers' audits
use, injected into the page) on each kind of page of the child's view, failing on any
critical or serious violation."""

from __future__ import annotations

import pytest
from browser_helpers import JOURNEY, Page, axe_violations, open_view, shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The index, three lessons, the Palestra, the square trainer, the game, the class page and
#: the analysis page, in Italian; the English index.
PAGES = ("it/indice", "it/00-benvenuti", "it/01-la-damiera", "it/03-la-presa", "it/palestra",
         "it/caselle", "it/gioca", "it/classe", "it/analisi", "en/index")
GRAVE = ("critical", "serious")


def audit(page, routes, open_route) -> tuple[list[str], list[str]]:
    """Each route opened and audited: a line of counts per page, and the grave findings."""
    counts, grave = [], []
    for route in routes:
        open_route(route)
        page.wait_for_timeout(300)              # the view's widgets laid out
        found = axe_violations(page)
        shot(page, f"axe-{route.replace('/', '-')}.png", full_page=True)
        language = page.evaluate("document.documentElement.lang")
        if language != route.split("/")[0]:
            grave.append(f"{route}: the page says its language is {language!r}")
        by_impact = {impact: sum(v["count"] for v in found if v["impact"] == impact)
                     for impact in ("critical", "serious", "moderate", "minor")}
        counts.append(f"{route} " + "/".join(str(n) for n in by_impact.values()))
        grave += [f"{route}: {v['id']} ({v['impact']}, {v['count']}×, first {v['first']})"
                  for v in found if v["impact"] in GRAVE]
    return counts, grave


def test_the_childs_view_has_no_grave_accessibility_fault(course_server, browser):
    base = course_server[0]
    child = Page(browser)
    counts, grave = audit(child.page, PAGES, lambda route: open_view(child.page, base, route))
    child.close()
    JOURNEY.append("axe-core in the child's view (critical/serious/moderate/minor elements): "
                   + "; ".join(counts))
    assert grave == [], "\n".join(grave)
