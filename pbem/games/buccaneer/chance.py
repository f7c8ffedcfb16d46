"""Chance cards (Rule 9; spec section 11, Rulings 22 to 36): the draw, each card's effect, and the
decisions a card asks of the drawer or of other seats.

A ship draws when its movement stops on a Treasure Island coast square (Ruling 22); `arrive`, which the
sailing and fight layers call whenever a ship stops, is therefore here. Cards that only hand over
crew, treasure or a value card act at once; the others push a decision onto the pending queue (kinds
listed in turns.py), answered by `ChanceCards.answer_<kind>` with the choices of `chance_options`.

Decisions not covered by the spec, decided here:
- Card 1's inward search uses only the squares strictly between the coast square and the destination.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from .board import (CLIFF_CREEK, MUD_BAY, PORT_SQUARE, allowed_headings, bay_candidates, card1_inward, card1_line,
                    nearest_port_ahead, sea_distance)
from .cards import (CHANCE_TITLES, CREW, CUT_CARDS, EITHER_CARDS, FEVER_LIMIT, KEPT_CARDS, TREASURE_VALUE, WEAK_CREW,
                    crew_value, sailing_value, sort_crew, sub_multisets, treasure_choices)
from .geometry import on_coast, ships_at
from .notation import Move, items_text, split_items
from .ports import PortsAndIslands, docks_of, ti_counts
from .recorder import active, turn_order_from
from .state import Item, State

# The pending decisions a chance card asks for; `chance_options` lists the choices of each.
CHANCE_DECISIONS = ("face", "either", "ctreasure", "cut", "name", "levy", "wash", "lose", "return20", "swap", "fever")


class ChanceCards(PortsAndIslands):
    """The engine's handling of the chance cards, from the draw to the answers of their decisions."""

    def arrive(self, seat: int) -> None:
        """A movement stopped: a chance card on the Treasure Island coast (Ruling 22), Flat Island
        treasure on its coast (Ruling 44)."""
        if on_coast(self.state, seat):
            self.draw(seat)
        self.flat_pickup(seat)

    def draw(self, seat: int) -> None:
        """Ruling 22: the top card is drawn; a value card is kept by the drawer, any other resolved."""
        card = self.state.chance_deck[0]
        self.do(k="draw", seat=seat, card=card, kept=card in KEPT_CARDS)
        self.do(k="last", card=card, seat=seat, note=CHANCE_TITLES[card])
        self.resolve_card(seat, card)

    def weak_bonus(self, seat: int) -> None:
        """Cards 1 and 3 to 6: a crew total of 3 or less takes 4 crew (Ruling 23)."""
        if sailing_value(self.state.hands[seat]) <= WEAK_CREW:
            self.take_crew(seat, 4)

    def resolve_card(self, seat: int, card: int) -> None:
        state = self.state
        ship = state.ships[seat]
        if card == 1:
            dest = card1_destination(state, seat)
            self.move_ship(seat, dest, ship.heading)
            self.weak_bonus(seat)
            self.flat_pickup(seat)
            self.push(Item("face", seats=(seat,), card=1))
        elif card in (3, 4):
            bay = MUD_BAY if card == 3 else CLIFF_CREEK
            square = bay if not ships_at(state, bay, exclude=seat) else next(
                s for s in bay_candidates(bay) if not ships_at(state, s, exclude=seat))
            self.move_ship(seat, square, ship.heading)
            self.weak_bonus(seat)
            self.push(Item("face", seats=(seat,), card=card))
        elif card in (5, 6):
            port = state.home(seat) if card == 5 else nearest_port_ahead(ship.at, ship.heading)
            self.clear_msa(seat)
            self.move_ship(seat, PORT_SQUARE[port], None)
            self.weak_bonus(seat)
        elif card == 2:
            others = [s for s in active(state) if s != seat]
            if others:
                self.push(Item("name", seats=(seat,), card=2, items=tuple(state.home(s) for s in others)))
        elif card == 7:
            receiver = nearest_ship(state, seat, [s for s in active(state) if s != seat])
            if receiver is not None:
                self.push(Item("wash", seats=(seat,), other=receiver))
        elif card in (8, 9, 10):
            self.push(Item("lose", seats=(seat,), card=card))
        elif card in EITHER_CARDS:
            self.push(Item("either", seats=(seat,), card=card))
        elif card in (15, 28):
            self.take_crew(seat, 2)
        elif card in CUT_CARDS:
            self.push(Item("ctreasure", seats=(seat,), card=card))
        elif card == 18:
            if sailing_value(state.hands[seat]) <= 7:
                self.take_crew(seat, 2)
            self.push(Item("ctreasure", seats=(seat,), card=card))
        elif card == 19:
            hand = state.hands[seat]
            self.return_crew(f"hand:{seat}", hand)
            self.take_crew(seat, len(hand))
        elif card == 20:
            partners = [s for s in active(state) if s != seat and on_coast(state, s)]
            if not partners:
                if state.hands[seat]:
                    self.push(Item("return20", seats=(seat,)))
                return
            best = min(sea_distance(ship.at, state.ships[s].at) for s in partners)
            tied = [s for s in partners if sea_distance(ship.at, state.ships[s].at) == best]
            if len(tied) > 1:
                self.push(Item("name", seats=(seat,), card=20, items=tuple(state.home(s) for s in tied)))
            else:
                self.swap(seat, tied[0])
        elif card == 22:
            affected = [s for s in turn_order_from(state, seat) if fever_surplus(state, s) > 0]
            if affected:
                self.push(Item("fever", seats=tuple(affected), seat=seat))
        # 21, 23 to 26: kept value cards; the draw effect already handed them over.

    def swap(self, seat: int, partner: int) -> None:
        """Card 20 (Ruling 34): two cards at random from each hand. Without a chance source (a seat
        resigning) the swap waits on the queue as a decision of the drawer, played with one later."""
        if self.chance is None:
            self.push(Item("swap", seats=(seat,), other=partner))
            return
        mine, theirs = self.state.hands[seat], self.state.hands[partner]
        a = list(sort_crew(self.chance.sample(mine, min(2, len(mine)))))
        b = list(sort_crew(self.chance.sample(theirs, min(2, len(theirs)))))
        self.do(k="swap", a=seat, b=partner, a_cards=a, b_cards=b)

    def answer_swap(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        self.swap(seat, item.other)

    def answer_face(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        self.clear_msa(seat)
        self.move_ship(seat, self.state.ships[seat].at, move.face)

    def answer_name(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        named = self.state.home_ports.index(move.name)
        if item.card == 2:
            self.push(Item("levy", seats=(named,), seat=named, other=seat))
        else:
            self.swap(seat, named)

    def answer_levy(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        if move.items:
            self.do(k="crew", **{"from": f"hand:{seat}", "to": f"hand:{item.other}"}, cards=list(move.items))
        if move.docks:
            self.do(k="crew", **{"from": f"docks:{self.state.home(seat)}", "to": f"hand:{item.other}"},
                    cards=list(move.docks))

    def answer_wash(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        crew, treasure, _ = split_items(move.items)
        if treasure:
            self.do(k="treasure", **{"from": f"ship:{seat}", "to": f"ship:{item.other}"}, items=list(treasure))
        else:
            self.do(k="crew", **{"from": f"hand:{seat}", "to": f"hand:{item.other}"}, cards=list(crew))

    def answer_lose(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        crew, treasure, _ = split_items(move.items)
        if treasure:
            self.do(k="treasure", **{"from": f"ship:{seat}", "to": "flat"}, items=list(treasure))
        if crew:
            if item.card == 10:
                self.return_crew(f"hand:{seat}", crew)
            else:
                self.do(k="crew", **{"from": f"hand:{seat}", "to": "flat"}, cards=list(crew))

    def answer_either(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        if move.word == "crew":
            self.take_crew(seat, EITHER_CARDS[item.card][1])
        else:
            self.do(k="treasure", **{"from": "ti", "to": f"ship:{seat}"}, items=list(move.items))

    def answer_ctreasure(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        if move.items:
            self.do(k="treasure", **{"from": "ti", "to": f"ship:{seat}"}, items=list(move.items))
        if item.card in CUT_CARDS:
            self.push(Item("cut", seats=(seat,), card=item.card))

    def answer_cut(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        self.return_crew(f"hand:{seat}", move.items)

    def answer_return20(self, seat: int, item: Item, move: Move) -> None:
        self.pop()
        self.return_crew(f"hand:{seat}", move.items)

    def answer_fever(self, seat: int, item: Item, move: Move) -> None:
        self.drop_owing(item, seat)
        self.return_crew(f"hand:{seat}", move.items)
        self.return_crew(f"docks:{self.state.home(seat)}", move.docks)


def card1_destination(state: State, seat: int):
    """Ruling 26, with the occupied-destination search outward, then inward."""
    start = state.ships[seat].at
    dest, beyond = card1_line(start)
    if not ships_at(state, dest, exclude=seat):
        return dest
    for square in beyond:
        if not ships_at(state, square, exclude=seat):
            return square
    for square in card1_inward(start, dest):
        if not ships_at(state, square, exclude=seat):
            return square
    return start


def nearest_ship(state: State, seat: int, others: list[int]) -> int | None:
    """Ruling 30: the other ship at the smallest sea distance; a tie gives None."""
    if not others:
        return None
    here = state.ships[seat].at
    dist = {s: sea_distance(here, state.ships[s].at) for s in others}
    best = min(dist.values())
    tied = [s for s in others if dist[s] == best]
    return tied[0] if len(tied) == 1 else None


def fever_surplus(state: State, seat: int) -> int:
    """Card 22 (Ruling 36): how many crew cards beyond 7 a seat's hand and home Docks hold."""
    count = len(state.hands[seat]) + len(docks_of(state, state.home(seat)).crew)
    return max(0, count - FEVER_LIMIT)


def chance_options(state: State, seat: int, item: Item) -> list[str]:
    """The choices of a decision a chance card asks for (a kind in CHANCE_DECISIONS)."""
    kind = item.kind
    ship = state.ships[seat]
    hand = state.hands[seat]
    if kind == "face":
        return [f"face {f}" for f in allowed_headings(ship.at)]
    if kind in ("either", "ctreasure"):
        limit = EITHER_CARDS[item.card][0] if kind == "either" else (CUT_CARDS[item.card][0] if item.card in CUT_CARDS else 4)
        out = [f"chance treasure {items_text(c)}" for c in treasure_choices(ti_counts(state), 2 - len(ship.cargo), limit)]
        if kind == "either" and state.pirate:
            out.append("chance crew")
        if kind == "ctreasure" and not out and item.card in CUT_CARDS:
            # Nothing fits: the treasure part does nothing and the cut follows (Ruling 32).
            return ["chance treasure"]
        return out
    if kind == "cut":
        return [f"chance return {items_text(r)}" for r in cut_returns(hand, CUT_CARDS[item.card][1])] or []
    if kind == "name":
        return [f"chance name {p}" for p in item.items if not state.resigned[state.home_ports.index(p)]]
    if kind == "levy":
        docks = docks_of(state, state.home(seat)).crew
        k = min(3, len(hand) + len(docks))
        return split_choices("chance give", hand, docks, k) if k else []
    if kind == "wash":
        out = []
        if len(state.ships[item.other].cargo) < 2:
            out.extend(f"chance give {t}" for t in dict.fromkeys(ship.cargo))
        if hand:
            out.extend(f"chance give {items_text(c)}" for c in sub_multisets(hand, min(2, len(hand))))
        return out
    if kind == "lose":
        if item.card == 8:
            out = [f"chance lose {t}" for t in dict.fromkeys(ship.cargo)]
            if hand:
                out.extend(f"chance lose {items_text(c)}" for c in sub_multisets(hand, min(2, len(hand))))
            return out
        if item.card == 9 and ship.cargo:
            top = max(TREASURE_VALUE[t] for t in ship.cargo)
            return [f"chance lose {t}" for t in dict.fromkeys(ship.cargo) if TREASURE_VALUE[t] == top]
        if hand:
            top = max(crew_value(c) for c in hand)
            return [f"chance lose {c}" for c in dict.fromkeys(hand) if crew_value(c) == top]
        return []
    if kind == "return20":
        return [f"chance return {items_text(c)}" for c in sub_multisets(hand, min(2, len(hand)))] if hand else []
    if kind == "swap":
        return ["chance swap"]
    if kind == "fever":
        docks = docks_of(state, state.home(seat)).crew
        k = fever_surplus(state, seat)
        return split_choices("chance return", hand, docks, k) if k else []
    raise AssertionError(kind)


def split_choices(prefix: str, hand, docks, k: int) -> list[str]:
    """Every way to pick k cards from hand and/or Docks, as `prefix HAND... [docks DOCKS...]`."""
    out = []
    for from_hand in range(min(k, len(hand)), -1, -1):
        from_docks = k - from_hand
        if from_docks > len(docks):
            continue
        for h in (sub_multisets(hand, from_hand) if from_hand else [()]):
            for d in (sub_multisets(docks, from_docks) if from_docks else [()]):
                text = prefix + (f" {items_text(h)}" if h else "") + (f" docks {items_text(d)}" if d else "")
                out.append(text)
    return out


def cut_returns(hand, limit: int) -> list[tuple[str, ...]]:
    """Ruling 32: the returns that leave the largest total not above the limit."""
    total = sailing_value(hand)
    if total <= limit:
        return []
    counts = Counter(hand)
    kinds = [c for c in CREW if counts[c]]
    keeps = []
    for combo in product(*[range(counts[c] + 1) for c in kinds]):
        kept = sum(n * crew_value(c) for n, c in zip(combo, kinds))
        if kept <= limit:
            keeps.append((kept, combo))
    best = max(k for k, _ in keeps)
    out = []
    for kept, combo in keeps:
        if kept == best:
            returned = tuple(c for n, c in zip(combo, kinds) for _ in range(counts[c] - n))
            out.append(sort_crew(returned))
    return sorted(out, key=lambda r: [CREW.index(c) for c in r])
