"""The code cells of a built notebook, as Python a test can read (nothing is run)."""

from __future__ import annotations

import ast
from typing import Iterator


def code_trees(notebook: dict) -> Iterator[ast.Module]:
    """Each code cell of ``notebook`` (its JSON) parsed, IPython magics (``%time``, ...)
    left out."""
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        yield ast.parse("\n".join("" if line.startswith("%") else line
                                  for line in "".join(cell["source"]).splitlines()))
