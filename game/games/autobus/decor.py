"""The Hospodský autobus table's labels: who holds how many, each reserve's and side
pile's count, each run's number (the one the log says: "onto run 3") and what it needs
next, the stock and the completed pile."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.games.autobus.layout import AUX_GAP
from game.games.autobus.rules import RUN_RANKS
from game.i18n import _, ngettext
from game.i18n.words import rank_text
from game.ui.place import Place
from game.ui.widgets import Label

if TYPE_CHECKING:
    from game.games.autobus.layout import AutobusLayout
    from game.session import Session

TURN_COLOR = (255, 230, 120)
NUMBER_INK = (255, 226, 150)


class Table(Protocol):
    """What the labels ask of the table (``AutobusTable``)."""

    session: Session
    labels: list[Label]

    @property
    def layout(self) -> AutobusLayout: ...

    def who(self, seat: int) -> str: ...

    @property
    def human(self) -> int: ...

    def pos(self, seat: int) -> int: ...

    def others(self) -> list[int]: ...

    def run_slots(self) -> dict[str, tuple[float, float]]: ...


class Decor:
    def __init__(self, table: Table) -> None:
        self.table = table
        small = (240, 245, 235)
        n = table.session.players
        self.name_labels = {s: Label("", 14, (255, 255, 255), anchor_x="left", bold=True)
                            for s in table.others()}
        self.you_label = Label("", 14, (255, 255, 255), anchor_x="left", bold=True)
        self.reserve_labels = {s: Label("", 12, small) for s in range(n)}
        self.aux_labels = {(s, k): Label("", 12, small) for s in range(n) for k in range(1, 5)}
        self.run_labels: list[Label] = []
        self.number_labels: list[Label] = []    # each open run's number, left of its top
        self._fitted: dict[tuple[str, float, float], float] = {}
        self.stock_label = Label("", 12, small)
        self.completed_label = Label("", 12, small)
        table.labels += [self.you_label, *self.name_labels.values(), *self.reserve_labels.values(),
                         *self.aux_labels.values(), self.stock_label, self.completed_label]

    def update(self, obs: dict[str, Any], dealing: bool) -> None:
        """Every label from ``obs`` (the counts wait while ``dealing``)."""
        t = self.table
        L = t.layout
        font = L.font
        turn = obs["current_player"]
        for s, lab in self.name_labels.items():
            h = obs["hand_sizes"][s]
            mark = "▶ " if turn == s and not obs["is_over"] and not dealing else ""
            text = mark + (t.who(s) if dealing else ngettext(
                "{who} · {n} card in hand", "{who} · {n} cards in hand", h).format(
                who=t.who(s), n=h))
            room = L.name_room(t.pos(s))        # left of the newest play's room
            x, y = L.name_xy(t.pos(s))
            lab.set(text)
            lab.place(x, y, self._fit(lab, text, L.name_font, room, 10))
            if lab.text.content_width > room:   # a narrow zone: the name (its backs
                text = mark + t.who(s)          # show how many cards it holds)
                lab.set(text)
                lab.place(x, y, self._fit(lab, text, L.name_font, room, 10))
            lab.text.color = TURN_COLOR if turn == s else (255, 255, 255)
        mine = turn == t.human and not obs["is_over"] and not dealing
        self.you_label.set(("▶ " if mine else "") + t.who(t.human))
        self.you_label.text.color = TURN_COLOR if mine else (255, 255, 255)
        self.you_label.place(*L.you_xy(), L.name_font)
        for s, lab in self.reserve_labels.items():
            n = obs["reserve_sizes"][s]
            lab.set("" if dealing else ngettext("{n} left", "{n} left", n).format(n=n))
            x, _y = L.reserve_xy(t.pos(s))
            self._place_inside(lab, x, L.reserve_label_y(t.pos(s)), font)
        for (s, k), lab in self.aux_labels.items():
            pile = obs["aux"][s][k - 1]
            rank = obs["aux_ranks"][s][k - 1]
            if dealing:
                lab.set("")
            elif pile:        # numbered 1-4 as the rules number them, with the count
                lab.set(_("{pile}: {rank}×{n}").format(pile=k, rank=rank_text(rank),
                                                        n=len(pile)))
            else:
                lab.set(str(k))
            # as wide as the space between two piles at most (smaller where it must be)
            size = self._fit(lab, lab.text.text, font, L.card_w * (1 + AUX_GAP) - 6)
            lab.place(L.aux_x_of(t.pos(s), k), L.aux_label_y(t.pos(s), k, len(pile)), size)
        slots = t.run_slots()
        names = list(slots)
        while len(self.run_labels) < len(names):
            lab = Label("", 12, (255, 250, 220), bold=True)
            self.run_labels.append(lab)
            t.labels.append(lab)
        words: list[str] = []
        for name in names:
            if name == "new":
                words.append(_("new run"))
                continue
            need = len(obs["runs"][(Place.parse(name).index or 1) - 1]) + 1
            words.append(_("complete") if need > len(RUN_RANKS) else
                         _("next: {rank}").format(rank=rank_text(RUN_RANKS[need - 1])))
        # the runs' words in one size (the smallest any of them needs), the new run's alone
        # (the new run's slot ends a row by the window's edge: one size smaller at least,
        # so a long "neue Reihe" kept inside the window leaves its neighbour alone)
        fits = [self._fit(lab, text, font, L.run_step - 6, 7 if name == "new" else 8)
                for lab, text, name in zip(self.run_labels, words, names, strict=False)]
        common = min(fits[:-1], default=font)
        for i, lab in enumerate(self.run_labels):
            if i >= len(names):
                lab.set("")
                continue
            lab.set(words[i])
            x, y = slots[names[i]][0], L.run_label_y(slots[names[i]])
            self._place_inside(lab, x, y, fits[i] if names[i] == "new" else common)
        self._number_runs([n for n in names if n != "new"], slots, font)
        self.stock_label.set("" if dealing else _("stock {n}").format(n=obs["stock_size"]))
        self.completed_label.set("" if dealing else
                                 _("completed {n}").format(n=obs["completed_size"]))
        right = L.w - L.m / 2
        for lab, x in ((self.completed_label, L.completed_xy[0]),
                       (self.stock_label, L.stock_xy[0])):
            lab.place(x, L.pile_label_y, font)
            half = lab.text.content_width / 2
            x = min(x, right - half)                  # whole within the window
            lab.place(x, L.pile_label_y, font)
            right = x - half - 8 * L.s                # and clear of its neighbour

    def _number_runs(self, names: list[str], slots: dict[str, tuple[float, float]],
                     font: float) -> None:
        """Each open run's number (its place's, as the log and the hints say it) in the
        gap left of its first card, level with the card's top: one size for all of one
        width (a smaller one for two digits, where the gap is narrow)."""
        t, L = self.table, self.table.layout
        while len(self.number_labels) < len(names):
            lab = Label("", 12, NUMBER_INK, anchor_x="right", anchor_y="top", bold=True)
            self.number_labels.append(lab)
            t.labels.append(lab)
        spots = [L.run_number_at(slots[name]) for name in names]
        texts = [str(Place.parse(name).index) for name in names]
        size = {n: min((self._fit(lab, text, font, room, 6)
                        for lab, text, (_x, _y, room) in zip(self.number_labels, texts, spots,
                                                             strict=False)
                        if len(text) == n), default=font) for n in (1, 2)}
        for i, lab in enumerate(self.number_labels):
            if i >= len(names):
                lab.set("")
                continue
            lab.set(texts[i])
            right, top, _room = spots[i]
            lab.place(round(right), round(top), size[len(texts[i])])

    def _fit(self, lab: Label, text: str, font: float, width: float,
             least: float = 8) -> float:
        """The size at which ``text`` fits ``width`` (under a run, under a pile; measured
        once on ``lab``: a font size change is costly), ``least`` at the smallest."""
        fit = self._fitted.get((text, font, width))
        if fit is None:
            fit = font
            lab.set(text)
            lab.place(lab.text.x, lab.text.y, fit)
            while lab.text.content_width > width and fit > least:
                fit -= 1
                lab.place(lab.text.x, lab.text.y, fit)
            self._fitted[(text, font, width)] = fit
        return fit

    def _place_inside(self, lab: Label, x: float, y: float, size: float) -> None:
        """Centred on x, but whole within the window (long words in some languages)."""
        lab.place(x, y, size)
        L = self.table.layout
        half, m = lab.text.content_width / 2, L.m / 2
        lab.place(round(min(max(x, m + half), L.w - m - half)), y, size)
