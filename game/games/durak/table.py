"""The Durak table: you (at the bottom) against the other seat (at the top)."""
from __future__ import annotations

from typing import Any

from game.games.durak.layout import DurakLayout
from game.i18n import _, ngettext
from game.i18n.moves import move_words
from game.rules import Event, Move
from game.scenes.table_view import Action, Slot, TableView
from game.ui.layout import Box
from game.ui.placement import Places
from game.ui.widgets import Label

COMPUTER = 1          # the other seat against the computer (the tests deal for it)
RANK = {r: i for i, r in enumerate("6789TJQKA")}
SUIT_ORDER = "SHDC"


class DurakTable(TableView):
    key = "durak"
    event_sounds = {"take": "take", "bout_beaten": "flip"}
    layout: DurakLayout

    def setup(self) -> None:
        self.talon_label = Label("", 14, (255, 255, 255))
        self.trump_label = Label("", 14, (255, 235, 160), bold=True)
        self.opp_label = Label("", 14, (255, 255, 255), anchor_x="left")
        self.discard_label = Label("", 14, (255, 255, 255))
        self.labels += [self.talon_label, self.trump_label, self.opp_label,
                        self.discard_label]
        self._pairs: list[tuple[int, bool]] = []

    def make_layout(self, width: float, height: float) -> DurakLayout:
        return DurakLayout(width, height, self.app.settings.card_scale)

    # ----- what lies where ---------------------------------------------------------------------
    def hand_order(self, seat: int | None = None) -> list[str]:
        """The human's hand as laid out: by suit, trumps last, low to high."""
        assert seat in (None, self.human), "only the human's hand is visible"
        trump = self.obs["trump_suit"]
        return sorted(self.obs["hand"], key=lambda c: (c[1] == trump, SUIT_ORDER.index(c[1]),
                                                       RANK[c[0]]))

    def places(self, obs: dict[str, Any]) -> Places:
        talon: list[str | None] = [None] * obs["talon_size"]
        trump: list[str | None] = []
        if obs["trump_in_talon"] and talon:
            talon.pop()
            trump = [obs["trump_card"]]
        table: list[str | None] = []
        self._pairs = []
        for i, (a, d) in enumerate(obs["table"]):
            table.append(a)
            self._pairs.append((i, False))
            if d is not None:
                table.append(d)
                self._pairs.append((i, True))
        self._n_pairs = len(obs["table"])
        return {"talon": talon, "trump": trump, "table": table,
                "discard": [None] * obs["discard_count"],
                f"hand{self.human}": list(self.hand_order()),
                # cards the opponent picked up were seen by both: they lie face up
                f"hand{self.seat_at(1)}": (
                    [None] * (obs["opponent_hand_size"] - len(obs["opponent_known"]))
                    + list(obs["opponent_known"]))}

    def slot(self, place: str, i: int, n: int) -> Slot | None:
        L = self.layout
        if place == "talon":
            x, y = L.talon_card(i)
            return x, y, 0.0, 10 + i
        if place == "trump":
            x, y, a = L.trump()
            return x, y, a, 5
        if place == "table":
            pair, is_def = self._pairs[i]
            if is_def:
                x, y, a = L.defence(pair, self._n_pairs)
                return x, y, a, 101 + 2 * pair
            x, y = L.attack(pair, self._n_pairs)
            return x, y, 0.0, 100 + 2 * pair
        if place == "discard":
            x, y, a = L.discard(i)
            return x, y, a, 50 + i
        if place == f"hand{self.human}":
            x, y, a = L.fan(n)[i]
            return x, y, a, 200 + i
        if place == f"hand{self.seat_at(1)}":
            return L.opponent(n)[i], L.opp_y, 0.0, 200 + i
        if place == "deck":
            return L.talon_x, L.table_y, 0.0, 10 + i
        return None

    # ----- gestures -----------------------------------------------------------------------------
    def target_of(self, move: Move) -> str | None:
        return "table" if move.kind in ("attack", "defend") else None

    def targets(self) -> dict[str, Box]:
        return {"table": self.layout.table_zone}

    def make_actions(self) -> list[Action]:
        return [Action("take", lambda: _("Take"), lambda ms: [m for m in ms if m.kind == "take"]),
                Action("stop", lambda: _("Stop"), lambda ms: [m for m in ms if m.kind == "stop"])]

    def unbeaten(self) -> str | None:
        if self.obs["taking"]:
            return None
        return next((a for a, d in self.obs["table"] if d is None), None)

    def move_words(self, move: Move) -> str:
        return move_words("durak", move, self.obs, self.style)

    def explain(self, place: str, card: str) -> str:
        if not self.human_to_act:
            return _("Wait for your turn.")
        verb = "defend" if self.unbeaten() is not None else "attack"
        return self.why_not(f"{verb} {card}") or _("That card cannot be played now.")

    # ----- words --------------------------------------------------------------------------------
    def friend(self) -> str | None:
        """The other seat's name when a friend sits there (a shared table); None: the
        computer, and the words say so."""
        return self.shared.name(self.seat_at(1))

    def status_text(self, obs: dict[str, Any], legal: list[Move]) -> str:
        if not self.human_to_act and obs["taking"] and obs["defender"] == self.human:
            return _("You take — {who} may throw in more").format(who=self.who(self.seat_at(1)))
        return super().status_text(obs, legal)

    def announce(self, event: Event, seat: int | None) -> str | None:
        if event.text == "take" and seat is not None and seat != self.human:
            return _("{who} takes the cards").format(who=self.who(seat))
        if event.text == "bout_beaten":
            return _("All beaten: the cards go to the discard pile")
        return None

    def result_text(self, obs: dict[str, Any]) -> tuple[str, list[str]]:
        res = obs["result"] or [0.5, 0.5]
        holding = _("{who} is left holding the cards.").format(who=self.who(self.seat_at(1)))
        return {1.0: (_("You win!"), [holding]),
                0.0: (_("You are the durak!"), [_("You are left holding cards at the end.")]),
                0.5: (_("A draw"), [_("Both hands emptied together.")])}[res[self.human]]

    def seat_label(self, seat: int) -> Label | None:
        return self.opp_label if seat != self.human else None

    def update_labels(self, obs: dict[str, Any]) -> None:
        L = self.layout
        n = obs["talon_size"]
        self.talon_label.set(_("talon {n}").format(n=n) if n else _("talon empty"))
        self.talon_label.place(L.talon_x + L.card_w * 0.2, L.table_y - L.card_h * 0.72)
        suit = self.card_text(obs["trump_card"])[-1]
        self.trump_label.set(_("trump {suit}").format(suit=suit))
        self.trump_label.place(L.talon_x + L.card_w * 0.2, L.table_y - L.card_h * 0.72 - 22)
        opp_n = obs["opponent_hand_size"]
        xs = L.opponent(opp_n)
        self.opp_label.set(ngettext("{who} · {n} card", "{who} · {n} cards", opp_n)
                           .format(who=self.who(self.seat_at(1)), n=opp_n))
        self.opp_label.place((xs[-1] if xs else L.w / 2) + L.card_w / 2 + 14 * L.s, L.opp_y)
        d = obs["discard_count"]
        self.discard_label.set(_("discard {n}").format(n=d) if d else "")
        self.discard_label.place(L.discard_x, L.table_y - L.card_h * 0.72)
