"""The Palestra: the whole collection played by rating, a streak, the mistakes reviewed."""
