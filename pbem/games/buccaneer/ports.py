"""Trading, ports and islands: what a ship may do where it lies (Rules 10, 17, 18; Rulings 7, 37 to 44).

At a trading port, or another player's home port, a ship trades value for value with the Docks (Ruling
40) and Long John Silver buys or is bought (Ruling 38); in its own home port it deposits into and takes
from its Docks (Ruling 41) and secures treasure into the Safety Zone (Rule 18, Ruling 43); beside Flat
Island it picks up treasure by itself (Ruling 44) and takes or lands crew; at Anchor Bay it redeems a
Kidd's Chart (Ruling 39). Also here: the stocking of the ports at setup (Ruling 7) and what an item is
worth under the game's currency values (Ruling 37).

Each action has three parts, kept together: the engine's handler (`PortsAndIslands.turn_*`), the moves
listed for it (`location_options`) and the reason a typed one is refused (`*_problem`).

Decisions not covered by the spec, decided here:
- Trades listed by `legal_moves` leave out exchanges that give and take the same token.
- Long John Silver's crew trade needs at least one crew card.
"""

from __future__ import annotations

from collections import Counter

from ..base import said
from .board import ANCHOR_BAY, FLAT_COAST, PORTS
from .cards import (CHART_VALUE, CREW, CURRENCY, LJS_CREW_LIMIT, TREASURE_VALUE, TREASURES, VALUE_CARDS, crew_value,
                    sort_treasure, sub_multisets, treasure_choices, treasure_value)
from .geometry import in_port
from .notation import Move, canonical_items, item_order, items_text, split_items
from .phrases import port_name
from .recorder import Recorder
from .state import State


def ti_counts(state: State) -> dict[str, int]:
    """The pieces left on Treasure Island, by type."""
    return dict(zip(TREASURES, state.treasure_island))


def card_value(state: State, token: str) -> int | None:
    """A value card's worth under the game's currency values; None where it cannot be traded (Ruling 37)."""
    return CURRENCY[state.currency][token]


def held_tokens(state: State, seat: int) -> tuple[str, ...]:
    """The value cards a seat holds, as move tokens (doubloons, kidds-chart, ...)."""
    return tuple(VALUE_CARDS[c] for c in state.held[seat])


def docks_of(state: State, port: str):
    """A port's Docks: the crew, treasure and value cards lying there."""
    return state.docks[PORTS.index(port)]


def token_to_cards(tokens, have: tuple[int, ...]) -> tuple[int, ...]:
    """Value-card tokens to card numbers, lowest number first among those in `have`."""
    pool = sorted(have)
    out = []
    for token in tokens:
        for number in pool:
            if VALUE_CARDS[number] == token:
                out.append(number)
                pool.remove(number)
                break
    return tuple(out)


def contains(have, want) -> bool:
    """Whether `have` holds every item of `want`, repeats counted."""
    need = Counter(want)
    got = Counter(have)
    return all(got[k] >= v for k, v in need.items())


def item_worth(state: State, token: str) -> int | None:
    """What a crew card, a treasure piece or a value card is worth in a trade; None: not tradeable."""
    if token in CREW:
        return crew_value(token)
    if token in TREASURE_VALUE:
        return TREASURE_VALUE[token]
    return card_value(state, token)


def stock_treasure(available: dict[str, int], need: int) -> tuple[str, ...]:
    """Ruling 7: the combination worth exactly `need` whose sorted piece values are lexicographically
    greatest (diamond before ruby on equal values); else the largest total below it, same order."""
    if need <= 0:
        return ()
    best = None
    kinds = [t for t in TREASURES if available.get(t, 0) > 0]

    def combos(prefix, start, total):
        yield prefix
        for i in range(start, len(kinds)):
            t = kinds[i]
            if prefix.count(t) < available[t] and total + TREASURE_VALUE[t] <= need:
                yield from combos(prefix + (t,), i, total + TREASURE_VALUE[t])

    for combo in combos((), 0, 0):
        if not combo:
            continue
        key = (treasure_value(combo), sorted((TREASURE_VALUE[t] for t in combo), reverse=True),
               [-TREASURES.index(t) for t in sorted(combo, key=lambda t: (-TREASURE_VALUE[t], TREASURES.index(t)))])
        if best is None or key > best[0]:
            best = (key, combo)
    return sort_treasure(best[1]) if best else ()


class PortsAndIslands(Recorder):
    """The engine's handlers of the moves made in port and beside the islands, and Flat Island's
    automatic pickup, which the layers above call whenever a ship stops or a turn begins."""

    def flat_pickup(self, seat: int) -> None:
        """Ruling 44: automatic, within the two-piece limit, most valuable first."""
        state = self.state
        if state.ships[seat].at not in FLAT_COAST or not state.flat.treasure:
            return
        room = 2 - len(state.ships[seat].cargo)
        pieces = sorted(state.flat.treasure, key=lambda t: (-TREASURE_VALUE[t], TREASURES.index(t)))[:max(room, 0)]
        if pieces:
            self.do(k="treasure", **{"from": "flat", "to": f"ship:{seat}"}, items=list(sort_treasure(pieces)))

    def turn_trade(self, seat: int, move: Move) -> None:
        port = in_port(self.state, seat)
        self.transfer(seat, move.items, "out", port)
        self.transfer(seat, move.take, "in", port)

    def turn_deposit(self, seat: int, move: Move) -> None:
        self.transfer(seat, move.items, "out", self.state.home(seat))

    def turn_take(self, seat: int, move: Move) -> None:
        if in_port(self.state, seat):
            self.transfer(seat, move.items, "in", self.state.home(seat))
        else:
            self.do(k="crew", **{"from": "flat", "to": f"hand:{seat}"}, cards=list(move.items))

    def turn_land(self, seat: int, move: Move) -> None:
        self.do(k="crew", **{"from": f"hand:{seat}", "to": "flat"}, cards=list(move.items))

    def turn_secure(self, seat: int, move: Move) -> None:
        port = self.state.home(seat)
        from_docks = []
        docks = list(docks_of(self.state, port).treasure)
        from_ship = []
        for t in move.items:
            if t in docks:
                docks.remove(t)
                from_docks.append(t)
            else:
                from_ship.append(t)
        if from_docks:
            self.do(k="treasure", **{"from": f"docks:{port}", "to": f"safety:{port}"}, items=from_docks)
        if from_ship:
            self.do(k="treasure", **{"from": f"ship:{seat}", "to": f"safety:{port}"}, items=from_ship)

    def turn_redeem(self, seat: int, move: Move) -> None:
        chart = min(c for c in self.state.held[seat] if VALUE_CARDS[c] == "kidds-chart")
        self.do(k="treasure", **{"from": "ti", "to": f"ship:{seat}"}, items=list(move.items))
        self.do(k="vcard", **{"from": f"held:{seat}", "to": "deck"}, cards=[chart])
        self.do(k="redeemed")

    def transfer(self, seat: int, items, direction: str, port: str) -> None:
        """Move items between a seat (hand, ship, held cards) and a port's Docks."""
        crew, treasure, cards = split_items(items)
        mine = {"crew": f"hand:{seat}", "treasure": f"ship:{seat}"}
        docks = f"docks:{port}"
        for kind, group in (("crew", crew), ("treasure", treasure)):
            if group:
                ends = (mine[kind], docks) if direction == "out" else (docks, mine[kind])
                self.do(k=kind, **{"from": ends[0], "to": ends[1]}, **({"cards": list(group)} if kind == "crew" else {"items": list(group)}))
        if cards:
            if direction == "out":
                numbers = token_to_cards(cards, self.state.held[seat])
                self.do(k="vcard", **{"from": f"held:{seat}", "to": docks}, cards=list(numbers))
            else:
                numbers = token_to_cards(cards, docks_of(self.state, port).cards)
                self.do(k="vcard", **{"from": docks, "to": f"held:{seat}"}, cards=list(numbers))


def location_options(state: State, seat: int) -> list[str]:
    """The moves of the place where the ship lies: its home port (deposit, take, secure), another port
    (trade), beside Flat Island (take, land crew), Anchor Bay (redeem)."""
    port = in_port(state, seat)
    ship = state.ships[seat]
    out: list[str] = []
    if port and port == state.home(seat):
        docks = docks_of(state, port)
        for token in dict.fromkeys(state.hands[seat] + ship.cargo + held_tokens(state, seat)):
            out.append(f"deposit {token}")
        room = 2 - len(ship.cargo)
        for token in dict.fromkeys(docks.crew + (docks.treasure if room > 0 else ()) +
                                   tuple(VALUE_CARDS[c] for c in docks.cards)):
            out.append(f"take {token}")
        safety = state.safety[PORTS.index(port)]
        pool = Counter(docks.treasure + ship.cargo)
        for t in TREASURES:
            if safety.count(t) >= 3 and pool[t] >= 1:
                out.append(f"secure {t}")
            elif safety.count(t) < 3 and pool[t] >= 3:
                out.append(f"secure {t} {t} {t}")
    elif port:
        out.extend(trade_options(state, seat, port))
    if ship.at in FLAT_COAST:
        for card in dict.fromkeys(state.flat.crew):
            out.append(f"take {card}")
        for card in dict.fromkeys(state.hands[seat]):
            out.append(f"land {card}")
    if ship.at == ANCHOR_BAY and not state.redeemed and any(VALUE_CARDS[c] == "kidds-chart" for c in state.held[seat]):
        for combo in treasure_choices(ti_counts(state), 2 - len(ship.cargo), CHART_VALUE):
            out.append(f"redeem {items_text(combo)}")
    return out


def trade_options(state: State, seat: int, port: str) -> list[str]:
    """Ruling 40 (listing): exchanges with at most two items a side and equal values, plus Long John
    Silver's two trades (Ruling 38)."""
    ship = state.ships[seat]
    docks = docks_of(state, port)
    mine = [t for t in state.hands[seat] + ship.cargo + held_tokens(state, seat)
            if t == "long-john-silver" or item_worth(state, t) is not None]
    theirs = list(docks.crew + docks.treasure + tuple(VALUE_CARDS[c] for c in docks.cards))
    tradeable_mine = [t for t in mine if t != "long-john-silver"]
    tradeable_theirs = [t for t in theirs if t != "long-john-silver" and item_worth(state, t) is not None]
    gives = [g for size in (1, 2) for g in sub_multisets(tradeable_mine, size)]
    takes = [t for size in (1, 2) for t in sub_multisets(tradeable_theirs, size)]
    out = set()
    for give in gives:
        worth = sum(item_worth(state, t) for t in give)
        for take in takes:
            if set(give) & set(take) or sum(item_worth(state, t) for t in take) != worth:
                continue
            cargo = len(ship.cargo) - sum(1 for t in give if t in TREASURE_VALUE) + sum(1 for t in take if t in TREASURE_VALUE)
            if cargo <= 2:
                out.add((canonical_items(give), canonical_items(take)))
    if "long-john-silver" in mine:
        for size in (1, 2):
            for take in sub_multisets([c for c in docks.crew], size):
                if sum(crew_value(c) for c in take) <= LJS_CREW_LIMIT:
                    out.add((("long-john-silver",), canonical_items(take)))
    if "long-john-silver" in theirs:
        for t in dict.fromkeys(ship.cargo):
            out.add(((t,), ("long-john-silver",)))

    def key(pair):
        return ([item_order(t) for t in pair[0]], [item_order(t) for t in pair[1]])

    return [f"trade give {' '.join(g)} take {' '.join(t)}" for g, t in sorted(out, key=key)]


def trade_problem(state: State, seat: int, move: Move, port: str | None) -> str:
    """Why a trade is refused, or "ok" for one that is valid though not listed (more than two items a
    side, or the same token given and taken)."""
    if not port:
        return said("%(rule)s: trading happens only in a port", rule="Rule 10")
    if port == state.home(seat):
        return said("%(rule)s: there is no trading at your own home port; use deposit and take", rule="Ruling 40")
    ship = state.ships[seat]
    give, take = move.items, move.take
    gc, gt, gv = split_items(give)
    tc, tt, tv = split_items(take)
    docks = docks_of(state, port)
    if not contains(state.hands[seat], gc) or not contains(ship.cargo, gt) or not contains(held_tokens(state, seat), gv):
        return said("%(rule)s: you can give only crew in your hand, treasure aboard and value cards you hold",
                    rule="Ruling 40")
    if not contains(docks.crew, tc) or not contains(docks.treasure, tt) or not contains([VALUE_CARDS[c] for c in docks.cards], tv):
        return said("%(rule)s: those items are not in the Docks of %(port)s", rule="Ruling 40", port=port_name(port))
    if len(ship.cargo) - len(gt) + len(tt) > 2:
        return said("%(rule)s: a ship carries at most two pieces of treasure", rule="Rule 17")
    if "long-john-silver" in give:
        if give != ("long-john-silver",) or tt or tv or not tc or sum(crew_value(c) for c in tc) > LJS_CREW_LIMIT:
            return said("%(rule)s: Long John Silver alone buys crew worth at most 5 from the Docks", rule="Ruling 38")
        return "ok"
    if "long-john-silver" in take:
        if take != ("long-john-silver",) or len(give) != 1 or not gt:
            return said("%(rule)s: Long John Silver is bought alone for exactly one treasure piece", rule="Ruling 38")
        return "ok"
    for token in give + take:
        if item_worth(state, token) is None:
            return said("%(rule)s: %(item)s cannot be traded under these currency values", rule="Ruling 37", item=token)
    a = sum(item_worth(state, t) for t in give)
    b = sum(item_worth(state, t) for t in take)
    if a != b:
        return said("%(rule)s: value for value: you give %(given)s and take %(taken)s",
                    rule="Rule 10", given=a, taken=b)
    return "ok"


def home_port_problem(state: State, seat: int, move: Move, port: str | None) -> str | None:
    """Why a deposit, a take or a secure in port is refused, or "ok" for one that is valid though not
    listed (several items at once)."""
    v = move.verb
    ship = state.ships[seat]
    hand = state.hands[seat]
    if port != state.home(seat):
        return said("%(rule)s: %(verb)s is only possible in your home port",
                    rule="Ruling 41", verb=v) if v != "take" or not ship.at in FLAT_COAST else None
    crew, treasure, cards = split_items(move.items)
    docks = docks_of(state, port)
    if v == "deposit":
        if not contains(hand, crew) or not contains(ship.cargo, treasure) or not contains(held_tokens(state, seat), cards):
            return said("%(rule)s: you can deposit only crew in your hand, treasure aboard and value cards you hold",
                        rule="Ruling 41")
        return "ok"
    if v == "take":
        if not contains(docks.crew, crew) or not contains(docks.treasure, treasure) or not contains(
                [VALUE_CARDS[c] for c in docks.cards], cards):
            return said("%(rule)s: those items are not in your Docks", rule="Ruling 41")
        if len(ship.cargo) + len(treasure) > 2:
            return said("%(rule)s: a ship carries at most two pieces of treasure", rule="Rule 17")
        return "ok"
    if crew or cards:
        return said("%(rule)s: only treasure goes into the Safety Zone", rule="Rule 18")
    safety = state.safety[PORTS.index(port)]
    if not contains(docks.treasure + ship.cargo, treasure):
        return said("%(rule)s: that treasure is not in your Docks or aboard", rule="Ruling 43")
    for t, n in Counter(treasure).items():
        if safety.count(t) < 3 and n < 3:
            return said("%(rule)s: %(treasure)s enters the Safety Zone only three at a time until three are there",
                        rule="Rule 18", treasure=t)
    return "ok"


def flat_island_problem(state: State, seat: int, move: Move) -> str:
    """Why a take or a land away from a port is refused, or "ok" for one that is valid though not listed."""
    v = move.verb
    ship = state.ships[seat]
    hand = state.hands[seat]
    if ship.at not in FLAT_COAST:
        return said("%(rule)s: %(verb)s is only possible in your home port or beside Flat Island",
                    rule="Ruling 44", verb=v) if v == "take" else \
            said("%(rule)s: crew can be landed only beside Flat Island", rule="Ruling 44")
    crew, treasure, cards = split_items(move.items)
    if treasure or cards:
        return said("%(rule)s: only crew can be taken from or landed on Flat Island", rule="Ruling 44")
    if v == "take" and not contains(state.flat.crew, crew):
        return said("%(rule)s: those cards are not on Flat Island", rule="Ruling 44")
    if v == "land" and not contains(hand, crew):
        return said("%(rule)s: you can land only cards in your hand", rule="Ruling 44")
    return "ok"


def redeem_problem(state: State, seat: int) -> str:
    """Why redeeming a Kidd's Chart is refused (every redeem that is allowed is listed)."""
    ship = state.ships[seat]
    if ship.at != ANCHOR_BAY:
        return said("%(rule)s: a Kidd's Chart is redeemed only at Anchor Bay (T1)", rule="Ruling 39")
    if not any(VALUE_CARDS[c] == "kidds-chart" for c in state.held[seat]):
        return said("%(rule)s: you hold no Kidd's Chart", rule="Ruling 39")
    if state.redeemed:
        return said("%(rule)s: one chart per turn", rule="Ruling 39")
    return said("%(rule)s: choose one or two pieces worth at most 7 in all, within the two-piece limit",
                rule="Ruling 39")
