"""``python -m authoring.puzzles``: write the collection's files (see the package)."""

import sys

from authoring.puzzles import main

sys.exit(main())
