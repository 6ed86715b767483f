"""The square trainer: the squares' numbers learnt by play, 30 seconds a round."""
