"""Tooltips the page never shows by accident: a widget whose ``tooltip`` is left unset gets
an empty one, since the browser otherwise writes «null» as its label's title (the word shown
when the pointer rests on it, and read by some screen readers).

>>> import ipywidgets as widgets
>>> box = widgets.VBox([widgets.HTML("x"), widgets.Button(description="b", tooltip="go")])
>>> untitled(box)
>>> [part.tooltip for part in box.children]
['', 'go']
"""

from __future__ import annotations

from typing import Any


def untitled(widget: Any) -> None:
    """``widget`` and the widgets inside it: every unset tooltip made empty."""
    if getattr(widget, "tooltip", "") is None:
        widget.tooltip = ""
    for child in getattr(widget, "children", ()):
        untitled(child)


__all__ = ["untitled"]
