"""Durak's own research bench (its endgames against the review's solver): with the
source checkout only, like :mod:`game.bench`."""
