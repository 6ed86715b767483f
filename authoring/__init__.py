"""What writes the course's content, at build time only: the puzzle generator, the claims
checker, the notebooks and views built from the lesson sources, the message catalogues.

Nothing here ships in the package a child's browser downloads, and nothing in :mod:`dama`
imports it."""
