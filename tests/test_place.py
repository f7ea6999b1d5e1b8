"""Places on the table as typed values (``game.ui.place``): one parser for the tables."""
from __future__ import annotations

import pytest

from game.ui.place import Place


@pytest.mark.parametrize(("name", "place"), [
    ("aux0.3", Place("aux", 0, 3)), ("hand2", Place("hand", 2)),
    ("reserve0", Place("reserve", 0)), ("collected1", Place("collected", 1)),
    ("run4", Place("run", None, 4)), ("aux3", Place("aux", None, 3)),
    ("table", Place("table")), ("new", Place("new")), ("deck", Place("deck"))])
def test_a_place_name_parses_and_prints_back(name: str, place: Place) -> None:
    assert Place.parse(name) == place
    assert str(place) == name


@pytest.mark.parametrize("name", ["", "hand-1", "hands0", "aux0.", "Hand0", "run4x"])
def test_a_name_no_table_uses_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="not a place"):
        Place.parse(name)


def test_a_place_knows_its_seat() -> None:
    assert Place.parse("aux0.3").of(0) and not Place.parse("hand1").of(0)
    assert not Place.parse("table").of(0)
