"""The Jupyter server's hook for the course's working copy (deploy/local/launch.py sets it).

A saved lesson keeps its text and pictures but not its boards: a board lives in the kernel,
and a lesson reopened later would show "Error displaying widget: model not found" where each
board was. Without them the page shows only what it had before it ran, and its first lines
say what to press (Run → Run All Cells): the note that the first code cell carries in its
metadata (authoring/notebooks.py) is put back as its output.
"""

from __future__ import annotations

from typing import Any

WIDGET = "application/vnd.jupyter.widget-view+json"


def strip_widget_outputs(model: dict[str, Any], **_: Any) -> None:
    """``FileContentsManager.pre_save_hook``: drop the widget outputs of a notebook saved."""
    if model.get("type") != "notebook":
        return
    content = model.get("content") or {}
    for cell in content.get("cells", []):
        outputs = cell.get("outputs")
        if outputs:
            cell["outputs"] = [o for o in outputs if WIDGET not in (o.get("data") or {})]
        hint = ((cell.get("metadata") or {}).get("dama") or {}).get("run_hint")
        if hint and cell.get("cell_type") == "code" and not cell.get("outputs"):
            # Reopened, the lesson says what to press to bring its boards back.
            cell["outputs"] = [{"output_type": "display_data", "metadata": {},
                                "data": {"text/html": hint}}]
    widgets = (content.get("metadata") or {}).get("widgets")
    if widgets is not None:
        content["metadata"].pop("widgets", None)
