"""A deal in progress, with no window: the ``Session`` a table drives, ``DealSession``
(against the computer) and the computers' ``Pacer``."""
from game.session.deal import DEFAULT_THINK, HUMAN, DealSession
from game.session.pacer import Pacer
from game.session.protocol import Change, Listener, Session, SharedSession

__all__ = ["DEFAULT_THINK", "HUMAN", "Change", "DealSession", "Listener", "Pacer", "Session",
           "SharedSession"]
