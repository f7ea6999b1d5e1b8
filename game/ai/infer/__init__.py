"""What the search levels infer about the cards their seat cannot see.

One module per game (:mod:`~game.games.durak.infer`, :mod:`~game.games.dudak.infer`,
:mod:`~game.games.paodekuai.infer`, :mod:`~game.games.autobus.infer`) reads an observation and
deals the unseen cards where they may lie, keeping what the seat knows and what the
play so far proves (a Pao De Kuai pass, a Dudák beat); the engines only build a state
from an observation and such a deal (their ``from_observation``).  This package only
re-exports: :func:`sample` is in :mod:`game.ai.infer.sampling`.
"""
from game.ai.infer.sampling import sample

__all__ = ["sample"]
