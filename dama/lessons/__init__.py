"""The lessons' pages: still diagrams, boards to try, exercises and their stars, the index."""
