"""What the search levels infer about the cards their seat cannot see.

One module per game (:mod:`~game.ai.infer.durak`, :mod:`~game.ai.infer.dudak`,
:mod:`~game.ai.infer.paodekuai`, :mod:`~game.ai.infer.autobus`) reads an observation and
deals the unseen cards where they may lie, keeping what the seat knows and what the
play so far proves (a Pao De Kuai pass, a Dudák beat); the engines only build a state
from an observation and such a deal (their ``from_observation``).  This package only
re-exports: :func:`sample` is in :mod:`game.ai.infer.sampling`.
"""
from game.ai.infer.sampling import sample

__all__ = ["sample"]
