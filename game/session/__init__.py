"""A deal in progress, with no window: ``DealSession`` and the computers' ``Pacer``."""
from game.session.deal import DEFAULT_THINK, HUMAN, Change, DealSession, Listener
from game.session.pacer import Pacer

__all__ = ["DEFAULT_THINK", "HUMAN", "Change", "DealSession", "Listener", "Pacer"]
