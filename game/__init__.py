"""Card Club: four card games against AI opponents.  Its version lives in pyproject.toml
(read through the installed package by ``game.about``)."""
