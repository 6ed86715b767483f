"""The puzzles and their checker under their former name: ``import puzzles`` in a teacher's own
code keeps working for one release, with a warning. They are now :mod:`dama.core.content`."""

import warnings

from dama.core.content import *  # noqa: F401,F403
from dama.core.content import __all__  # noqa: F401

warnings.warn("the package 'puzzles' is now 'dama.core.content' ('puzzles' goes in the next "
              "release)", DeprecationWarning, stacklevel=2)
