"""Fights (Rule 12; Rulings 15 to 21): the fight itself, the winner's spoils, the crew the loser gives,
the two pieces a laden winner keeps, and the end of the fight for the ship that moved.

A fight starts from sailing (an attack at the end of a sail, or an interception on the way), so the
sailing layer is built on this one. What follows a fight waits on the pending queue, in this order from
the front: the winner's `spoils` (then `give` or `keep`), the loser's `free` move (sailing.py: it is a
movement), and the `after_fight` task, where the ship that moved draws its chance card (Ruling 21).
"""

from __future__ import annotations

from .cards import fighting_value, sort_treasure, sub_multisets
from .chance import ChanceCards
from .notation import Move, items_text
from .state import Item, State

# The pending decisions of a fight's winner and loser; `fight_options` lists the choices of each.
FIGHT_DECISIONS = ("spoils", "give", "keep")


class Fights(ChanceCards):
    """The engine's fights, from the fight to the end of its aftermath."""

    def fight(self, attacker: int, defender: int, mover: int) -> None:
        """Ruling 16: the higher fighting value wins (equal values: a draw, Ruling 19). `push` puts an
        item at the front of the queue, so the aftermath is pushed last step first."""
        state = self.state
        hands = [list(state.hands[attacker]), list(state.hands[defender])]
        values = [fighting_value(hands[0]), fighting_value(hands[1])]
        result = "attacker" if values[0] > values[1] else "defender" if values[1] > values[0] else "draw"
        self.do(k="fight", attacker=attacker, defender=defender, square=list(state.ships[attacker].at),
                hands=hands, values=values, result=result)
        if result == "draw":
            self.push(Item("after_fight", seat=mover, other=defender))
            self.push(Item("free", seats=(defender,), seat=defender))
            return
        winner, loser = (attacker, defender) if result == "attacker" else (defender, attacker)
        self.do(k="msa", seat=winner, on=True)
        self.push(Item("after_fight", seat=mover, other=loser))
        self.push(Item("free", seats=(loser,), seat=loser))
        if self.state.ships[loser].cargo or self.state.hands[loser]:
            self.push(Item("spoils", seats=(winner,), seat=loser, other=winner))

    def answer_spoils(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        winner, loser = item.other, item.seat
        if move.word == "crew":
            self.push(Item("give", seats=(loser,), seat=loser, other=winner))
            return
        loot = list(self.state.ships[loser].cargo)
        if len(self.state.ships[winner].cargo) + len(loot) <= 2:
            self.do(k="treasure", **{"from": f"ship:{loser}", "to": f"ship:{winner}"}, items=loot)
            return
        pool = sort_treasure(list(self.state.ships[winner].cargo) + loot)
        if self.state.ships[winner].cargo:
            self.do(k="treasure", **{"from": f"ship:{winner}", "to": "keep"}, items=list(self.state.ships[winner].cargo))
        self.do(k="treasure", **{"from": f"ship:{loser}", "to": "keep"}, items=loot)
        self.push(Item("keep", seats=(winner,), seat=winner, items=pool))

    def answer_give(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        self.do(k="crew", **{"from": f"hand:{seat}", "to": f"hand:{item.other}"}, cards=list(move.items))

    def answer_keep(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        rest = list(item.items)
        for t in move.items:
            rest.remove(t)
        self.do(k="treasure", **{"from": "keep", "to": f"ship:{seat}"}, items=list(move.items))
        if rest:
            self.do(k="treasure", **{"from": "keep", "to": "ti"}, items=rest)

    def after_fight(self, item: Item) -> None:
        """Ruling 21: once the fight is settled, the ship that moved (`item.seat`) draws a chance card on
        the coast and picks up Flat Island treasure, unless it made the free move itself (`item.other`,
        the loser or the attacked ship in a draw): that move did it already."""
        self.pop()
        self.do(k="fight_over")
        mover = item.seat
        if self.state.resigned[mover] or mover == item.other:
            return
        self.arrive(mover)


def fight_options(state: State, seat: int, item: Item) -> list[str]:
    """The choices of a fight's decision (a kind in FIGHT_DECISIONS)."""
    kind = item.kind
    hand = state.hands[seat]
    if kind == "spoils":
        out = []
        if state.ships[item.seat].cargo:
            out.append("demand treasure")
        if state.hands[item.seat]:
            out.append("demand crew")
        return out
    if kind == "give":
        return [f"give {items_text(c)}" for c in sub_multisets(hand, min(2, len(hand)))] if hand else []
    if kind == "keep":
        return [f"keep {items_text(c)}" for c in sub_multisets(item.items, 2)]
    raise AssertionError(kind)
