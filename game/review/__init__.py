"""Review a deal: the hard level's verdict on each decision of one seat.

This package only re-exports: the records are in :mod:`game.review.model`, the
analysis in :mod:`game.review.analysis`, the background job in
:mod:`game.review.worker`.
"""
from game.review.analysis import review_deal
from game.review.model import CHANCE, FORMAT, POINTS, Job, Review, Verdict, move_accuracy
from game.review.tuning import settings
from game.review.worker import ReviewJob, start_review

__all__ = ["CHANCE", "FORMAT", "POINTS", "Job", "Review", "ReviewJob", "Verdict",
           "move_accuracy", "review_deal", "settings", "start_review"]
