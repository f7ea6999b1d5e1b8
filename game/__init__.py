"""Card Club: four card games against AI opponents."""

__version__ = "0.1.0"
