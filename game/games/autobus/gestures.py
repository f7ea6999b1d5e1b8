"""Where Autobus's gestures land and why one does not go: the runs' slots (each run keeps
its slot while open), a card dropped over a space, the reserve that takes a card under
the bus, and the engine's refusals in words.  No rule is decided here: every answer
comes from the legal moves or the engine's ``check``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.i18n import _
from game.rules import Move
from game.ui.place import Place

if TYPE_CHECKING:
    from game.games.autobus.layout import AutobusLayout
    from game.scenes.table.cards import Cards
    from game.ui.layout import Box
    from game.ui.placement import Token


class Table(Protocol):
    """What the gestures ask of the table (``AutobusTable``)."""

    selected: list[Token]
    cards: Cards

    @property
    def layout(self) -> AutobusLayout: ...

    @property
    def obs(self) -> dict[str, Any]: ...

    @property
    def human_to_act(self) -> bool: ...

    def human_moves(self) -> list[Move]: ...

    @property
    def human(self) -> int: ...

    def spaces(self) -> dict[str, Box]: ...

    def why_not(self, move: Move | str) -> str | None: ...


def run_slots(layout: AutobusLayout, obs: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Run k in slot k (runs keep their number, and so their place, while open); the
    new-run space where the next run will go: the first free number."""
    runs = obs["runs"]
    free = next((i for i, r in enumerate(runs) if r is None), len(runs))
    xy = layout.run_slots(max(len(runs), free + 1))
    out = {f"run{k}": xy[k - 1] for k, r in enumerate(runs, 1) if r is not None}
    out["new"] = xy[free]
    return out


def drop_target(t: Table, x: float, y: float) -> str | None:
    """The space under the pointer; else, for a card let go (it rests where the pointer
    left it), the space it covers most: a card grabbed by its edge and dropped over your
    reserve goes there."""
    spaces = t.spaces()
    for name, box in spaces.items():
        if box.contains(x, y):
            return name
    if len(t.selected) != 1:
        return None
    sp = t.cards.sprites.get(t.selected[0].id)
    L = t.layout
    if sp is None or sp.motion is not None or abs(sp.center_x - x) > L.card_w / 2 \
            or abs(sp.center_y - y) > L.card_h / 2:
        return None            # not a card held at the pointer (a tap on the felt)
    best, most = None, 0.25 * L.card_w * L.card_h      # at least a quarter of the card
    for name, b in spaces.items():
        w = min(sp.center_x + L.card_w / 2, b.cx + b.w / 2) - max(sp.center_x - L.card_w / 2,
                                                                   b.cx - b.w / 2)
        h = min(sp.center_y + L.card_h / 2, b.cy + b.h / 2) - max(sp.center_y - L.card_h / 2,
                                                                   b.cy - b.h / 2)
        if w > 0 and h > 0 and w * h > most:
            best, most = name, w * h
    return best


def only_bus(t: Table) -> bool:
    """Nothing is left but to put a hand card under the bus (no play, no discard): the
    reserve glows and a tap on it asks which card."""
    legal = t.human_moves()
    return bool(legal) and all(m.kind == "bus" for m in legal)


def source_of(place: str, human: int = 0) -> str | None:
    """The engine's name for one of your places (``hand``, ``reserve``, ``aux1``..);
    ``human``: your seat."""
    if place == f"hand{human}":
        return "hand"
    if place == f"reserve{human}":
        return "reserve"
    p = Place.parse(place)
    if p.kind == "aux" and p.seat == human:
        return f"aux{p.index}"
    return None


def top_of(obs: dict[str, Any], src: str, human: int = 0) -> str | None:
    """The card on top of your reserve or of one of your auxiliary piles."""
    k = Place.parse(src).index
    pile = ([obs["reserve_tops"][human]] if src == "reserve" or k is None
            else obs["aux"][human][k - 1])
    return str(pile[-1]) if pile and pile[-1] else None


def explain(t: Table, place: str, card: str) -> str | None:
    """Why a tapped card of yours cannot be played: the engine's refusal of putting it
    onto the runs (a new run says what the open ones need).  The engine knows cards, not
    which copy on a pile was touched: a card under the top is the table's to explain.
    None: the view's general words."""
    if not t.human_to_act:
        return _("Wait for your turn.")
    src = source_of(place, t.human)
    if src is None:
        return None
    if src != "hand" and (not card or card != top_of(t.obs, src, t.human)):
        return _("Only the top card of a pile can be played.")
    return t.why_not(Move("play", (card, src, "new")))


def drop_move(sel: list[tuple[str, str]], target: str, human: int = 0) -> Move | str:
    """The move a card dropped on ``target`` would be, or why it cannot be one.  That
    the card came from your reserve or a pile, not your hand, only the table knows (a
    copy of it in your hand would make the engine's discard legal)."""
    place, card = sel[0]
    src = source_of(place, human) or ""
    goal = Place.parse(target)
    if goal.kind == "aux" and goal.seat == human:
        if src != "hand":
            return _("Only cards from your hand go onto your side piles.")
        return Move("discard", (card, f"aux{goal.index}"))
    if target == f"reserve{human}":
        if src != "hand":
            return _("Only a card from your hand goes under the bus.")
        return Move("bus", (card,))
    return Move("play", (card, src, target))


def rank_pile(move: Move, legal: list[Move], obs: dict[str, Any]) -> Move | None:
    """The same card onto your side pile of its rank, when ``move`` puts it onto an
    empty space and that discard is legal too; None otherwise (a joker keeps its
    choice)."""
    if move.kind != "discard" or move.args[0] == "X" or "=" in str(move.args[1]):
        return None
    piles = obs["aux"][obs["seat"]]
    k = int(str(move.args[1])[3:4])
    if piles[k - 1]:
        return None                     # already onto a pile of its rank
    for m in legal:
        if m.kind == "discard" and m.args[0] == move.args[0] and m != move:
            j = int(str(m.args[1])[3:4])
            if piles[j - 1]:
                return m
    return None
