"""Dama, the course: the application a child, a teacher and a club use, built on the rules
library :mod:`damalib`.

Nothing happens on import. The rooms:

- :mod:`dama.core`: what every feature uses: the interactive board (:mod:`dama.core.board`),
  what is taught and how an answer is graded (:mod:`dama.core.content`), what a child did and
  where it is kept (:mod:`dama.core.store`);
- one package a feature, each with its logic and its page: :mod:`dama.lessons`,
  :mod:`dama.palestra`, :mod:`dama.squares`, :mod:`dama.games`, :mod:`dama.analysis`,
  :mod:`dama.classroom`; features never import each other;
- :mod:`dama.helpers` (what a notebook's cells call), :mod:`dama.app` (the whole course as one
  page) and :mod:`dama.cli` (the ``dama`` command), which bring the features together.
"""

__version__ = "0.2.0"
