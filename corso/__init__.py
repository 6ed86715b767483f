"""The course's helpers under their former name: ``from corso import *`` in a teacher's own
notebook keeps working for one release, with a warning. The helpers are now
:mod:`dama.helpers`; the course's own notebooks start with ``from dama.helpers import *``."""

import warnings

from dama.helpers import *  # noqa: F401,F403
from dama.helpers import __all__ as _HELPERS

warnings.warn("the package 'corso' is now 'dama.helpers': write 'from dama.helpers import *' "
              "('corso' goes in the next release)", DeprecationWarning, stacklevel=2)

from dama.app import course_app  # noqa: E402  (the course as one page, as corso gave it)

__all__ = [*_HELPERS, "course_app"]
