"""``python -m puzzles.generate``: write the collection's files (see the package)."""

import sys

from . import main

sys.exit(main())
