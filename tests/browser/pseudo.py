"""The pseudo-language's check of a page: every word the programs put on it comes from the
catalogues, so in the pseudo-language (damalib.i18n.PSEUDO, every message wrapped ⟦…⟧) no
visible word stands outside the brackets, apart from content (the lessons' text, the puzzles'
prompts, options, hints and feedback, the lessons' titles, the diagrams' captions: data kept
with their languages side by side) and numbers, moves and language codes.
"""

from __future__ import annotations

import json

import functools
import re

#: The visible text of a page's parts made by Python (the app's view), the lessons' own text
#: (``.dama-text``, content) left out, with the placeholders of its boxes.
VISIBLE_TEXT = """(root) => {
  // The text of each block (a paragraph, a button, a table's cell): the visible text nodes
  // inside it, its inline parts (a name in bold, «clicca» shown for a mouse) joined.
  const INLINE = new Set(["inline", "contents"]);
  const blocks = new Map();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el) continue;
    if (el.closest('.dama-text, style, script, title, .dama-diagram svg')) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    let block = el;
    while (block !== root && INLINE.has(getComputedStyle(block).display)) {
      block = block.parentElement;
    }
    blocks.set(block, (blocks.get(block) || "") + node.textContent);
  }
  const out = [...blocks.values()].map((text) => text.trim());
  root.querySelectorAll('input[placeholder], textarea[placeholder]').forEach((box) => {
    if (box.placeholder && box.checkVisibility()) out.push(box.placeholder);
  });
  return out;
}"""

_WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
_MOVE = re.compile(r"\b[a-h]?\d+(?:\s*[-x×:]\s*[a-h]?\d+)+\b")
_CODES = re.compile(r"\b(?:IT|EN|QPS|it|en|qps)\b")
_EDGES = " \t\n.,:;!?()[]«»“”\"'·—–-…/|+=*#%<>★☆✓✗←→↑↓⏮⏭◀▶"


@functools.lru_cache(maxsize=1)
def content_words(calls: tuple[str, ...] = ()) -> str:
    """All the content a page may show, as one text to search in: the puzzles' texts, the
    lessons' titles, and every text the views' calls (each as JSON) give their helpers
    (captions)."""
    from dama.core.content.lessons import load_lessons
    from dama.core.content.puzzle import load

    parts: list[str] = []
    for puzzle in load():
        for table in (puzzle.prompts, puzzle.explanations):
            parts += table.values()
        for table in (puzzle.hints, puzzle.options, puzzle.feedback):
            for items in table.values():
                parts += items
    for lesson in load_lessons():
        parts += lesson.title.values()
    def texts(value) -> None:
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                texts(item)
        elif isinstance(value, list):
            for item in value:
                texts(item)

    for call in map(json.loads, calls):
        texts({k: v for k, v in call.items() if k != "helper"})
    return "\n".join(parts)


def outside_the_catalogues(texts: list[str], content: str, also: tuple[str, ...] = ()) -> list:
    """The pieces of ``texts`` that come from no catalogue: words outside the brackets that
    are no content, no move, no number; empty when the page is all the catalogues'."""
    found = []
    for text in texts:
        rest = text
        while True:
            unwrapped = _WRAPPED.sub("\x00", rest)
            if unwrapped == rest:
                break
            rest = unwrapped
        for piece in rest.split("\x00"):
            piece = piece.strip(_EDGES)
            if piece in content or any(piece in extra for extra in also):
                continue
            if re.search(r"[^\W\d_]", _CODES.sub(" ", _MOVE.sub(" ", piece))):
                found.append((piece, text))
    return found
