"""Puzzle collections for the course and the checkers that grade a student's answers."""
