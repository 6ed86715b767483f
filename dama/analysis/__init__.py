"""The club's analysis board: game files, positions, the computer's advice, pictures,
handouts and puzzles made from a position."""
