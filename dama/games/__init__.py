"""A game against the computer, and its review: the child's mistakes to try again."""
