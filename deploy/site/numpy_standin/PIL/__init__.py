"""A stand-in for Pillow's ``PIL`` package: NOT Pillow.

Used only by the browser-only (JupyterLite/Pyodide) edition of the course, next to the numpy
stand-in. ipycanvas runs ``from PIL import Image`` when it is imported, but needs Pillow only
for images (``put_image_data``, ``get_image_data``), which the board never draws. Importing
``PIL`` and ``PIL.Image`` works; using anything in them raises a ``NotImplementedError``
naming it.
"""

from __future__ import annotations

import sys
import types

__version__ = "0.0.0+dama-standin"


class StandinNotImplementedError(NotImplementedError, AttributeError):
    """Raised on any use of the stand-in. Also an AttributeError, so that ``hasattr`` and
    ``getattr(..., default)`` keep working."""


def _missing(what: str) -> StandinNotImplementedError:
    return StandinNotImplementedError(
        f"{what} is not available: this PIL is the course's stand-in ({__version__}) for the "
        f"browser-only edition, which draws no images.")


class _StubModule(types.ModuleType):
    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        raise _missing(f"{self.__name__}.{name}")


Image = _StubModule("PIL.Image", "Stand-in for PIL.Image: every use raises "
                    "NotImplementedError.")
sys.modules["PIL.Image"] = Image


def __getattr__(name: str) -> object:
    if name.startswith("__"):
        raise AttributeError(f"module 'PIL' has no attribute {name!r}")
    raise _missing(f"PIL.{name}")
