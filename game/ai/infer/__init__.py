"""What the search levels infer about the cards their seat cannot see.

Each game's package has its own (``game/games/<key>/infer.py``, named by its spec's
``sampler``): it reads an observation and deals the unseen cards where they may lie,
keeping what the seat knows and what the play so far proves (a Pao De Kuai pass, a Dudák
beat); the engines only build a state from an observation and such a deal (their
``from_observation``).  This package only re-exports: :func:`sample` is in
:mod:`game.ai.infer.sampling`.
"""
from game.ai.infer.sampling import sample

__all__ = ["sample"]
