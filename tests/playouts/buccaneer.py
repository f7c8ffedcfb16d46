"""Random playouts of Buccaneer for the conformance suite (spec 21.5), with the conservation invariant
of 3.4 and the ship invariants as `check_state`, and the leak checker of 21.3 as `check_hidden`.

`check_hidden` does not trust `redact`: it walks the unredacted log itself, works out from each effect
which seats may know its hidden parts (section 17.1), and asserts that each seat's redaction and view
stay within that."""

from __future__ import annotations

import json
from collections import Counter

SETUPS = [
    (2, {"turn_limit": 12}),
    (3, {"turn_limit": 10, "currency_values": "20x20"}),
    (4, {"turn_limit": 8, "hand_size": 5, "treasure_per_type": 4}),
    (2, {"turn_limit": 10, "home_ports": "genoa,cadiz", "hand_size": 3}),
]
PLAYOUTS = 2
MAX_STEPS = 1500


def check_state(game, state):
    from pbem.games.buccaneer.board import LAND, PORT_AT
    from pbem.games.buccaneer.cards import CREW_PACK, TREASURES

    crew = Counter(state.pirate) + Counter(state.flat.crew)
    for hand in state.hands:
        crew += Counter(hand)
    for docks in state.docks:
        crew += Counter(docks.crew)
    assert crew == Counter(CREW_PACK), "crew cards are not conserved"

    treasure = Counter({t: n for t, n in zip(TREASURES, state.treasure_island)}) + Counter(state.flat.treasure)
    for ship in state.ships:
        treasure += Counter(ship.cargo)
    for docks in state.docks:
        treasure += Counter(docks.treasure)
    for zone in state.safety:
        treasure += Counter(zone)
    for item in state.pending:
        if item.kind == "keep":
            treasure += Counter(item.items)
    assert treasure == Counter({t: state.treasure_per_type for t in TREASURES}), "treasure is not conserved"

    cards = list(state.chance_deck) + [c for held in state.held for c in held] + [c for d in state.docks for c in d.cards]
    assert sorted(cards) == list(range(1, 29)), "chance cards are not conserved"

    sea = Counter()
    for seat, ship in enumerate(state.ships):
        if state.resigned[seat] or state.phase == "setup":
            continue
        assert len(ship.cargo) <= 2, "a ship carries more than two pieces"
        assert ship.at not in LAND, "a ship is on land"
        if ship.at in PORT_AT:
            assert ship.heading is None, "a ship in port has a heading"
        else:
            assert ship.heading is not None, "a ship at sea has no heading"
            sea[ship.at] += 1
    assert all(n <= 2 for n in sea.values()), "three ships share a square"


_VIEWERS_CHECKED: dict[int, int] = {}


def _hidden_parts_ok(effect: dict, red: dict, viewer) -> None:
    k = effect["k"]
    if k == "crew":
        ends = [effect["from"], effect["to"]]
        public = any(e.startswith(("docks:", "flat")) for e in ends)
        mine = viewer is not None and f"hand:{viewer}" in ends
        if not public and not mine:
            assert "cards" not in red, f"seat {viewer} sees hidden crew cards: {effect}"
    elif k == "deal":
        for seat, hand in enumerate(effect["hands"]):
            if seat != viewer:
                assert json.dumps(red).count('"hand"') <= (1 if viewer is not None else 0)
        assert "hands" not in red, f"seat {viewer} sees the whole deal"
    elif k == "decks":
        assert "pirate" not in red and "chance" not in red, "a deck order is shown"
    elif k == "fight":
        if viewer not in (effect["attacker"], effect["defender"]):
            assert "hands" not in red and "values" not in red, f"seat {viewer} sees a fight it was not in"
    elif k == "swap":
        if viewer not in (effect["a"], effect["b"]):
            assert "a_cards" not in red and "b_cards" not in red, f"seat {viewer} sees a blind swap"
    elif k == "order":
        if viewer != effect["seat"]:
            assert "order" not in red, f"seat {viewer} sees another seat's standing order"


def check_hidden(game, state, events):
    key = id(events)
    start = _VIEWERS_CHECKED.get(key, 0)
    if start > len(events):
        start = 0
    viewers = [None, *range(state.seats)]
    for event in events[max(0, start - 2):]:
        data = dict(event.data)
        for viewer in viewers:
            red = game.redact(event, viewer)
            json.dumps(red)
            if "seen_by" in data and viewer not in data["seen_by"]:
                assert red.get("move") != data.get("move") or data.get("move") == data.get("public_move"), \
                    f"seat {viewer} sees a secret move"
            raw_effects = data.get("effects", [])
            red_effects = red.get("effects", [])
            assert len(raw_effects) == len(red_effects)
            for effect, red_effect in zip(raw_effects, red_effects):
                _hidden_parts_ok(effect, red_effect, viewer)
    _VIEWERS_CHECKED[key] = len(events)
    # The current views: only the seat's own hand, values and standing order; the deck orders never.
    for viewer in viewers:
        view = game.view(state, viewer)
        text = json.dumps(view)
        assert "pirate_island\"" not in text.replace("pirate_island_count", "")
        for port, ship in view["ships"].items():
            assert "hand" not in ship and "sailing_value" not in ship and "fighting_value" not in ship
        if viewer is None:
            assert "you" not in view
        else:
            assert view["you"]["seat"] == viewer
            assert list(view["you"]["hand"]) == list(state.hands[viewer])
        fight = view.get("fight")
        if fight and "hands" in fight:
            assert viewer in (state.fight.attacker, state.fight.defender)
        rendered = game.render_text(state, viewer)
        for other in range(state.seats):
            if other != viewer:
                assert f"Your hand ({state.home_ports[other].capitalize()})" not in rendered


# --- a purposeful player for whole games (BRIEF-strategy) --------------------------------------------------
#
# `choose(view, legal, seat, rng)` plays one seat knowing only its own view and the board's fixed geometry.
# Plan: sail to the Treasure Island coast and draw chance cards (turning on the spot there draws again)
# until the hold is full or the cargo would reach 20 at home; then sail home and deposit. On the way it
# takes crew where it is free (home Docks, Flat Island), trades crew and value cards for treasure in
# foreign ports, attacks laden ships when its fighting value is high, and answers every card sensibly.
# Distances come from a breadth-first search over straight sails of at most the sailing value, ignoring
# ships (the legal list already knows the ships); a sail is scored by the turns it leaves to the target.

from functools import lru_cache as _lru_cache

from pbem.games.buccaneer import board as _board
from pbem.games.buccaneer.cards import TREASURE_VALUE as _TV
from pbem.games.buccaneer.cards import crew_value as _crew_value

_ORDERS = ("always attack", "never attack", "ask")
_FAR = 99


def _is_crew(token: str) -> bool:
    return len(token) == 2 and token[0] in "RB" and token[1] in "123"


@_lru_cache(maxsize=None)
def _turns_to(targets: frozenset, reach: int) -> dict:
    """Fewest straight sails (each at most `reach` squares, any heading) from each sea square to a
    target: a sea square, or a port entered along one of its entry directions."""
    dist = {t: 0 for t in targets}
    frontier = list(targets)
    while frontier:
        nxt = []
        for t in frontier:
            for d in _board.DIRECTIONS:
                if not _board.can_enter(t, d):
                    continue  # a port target is entered only along its entries
                back = _board.OPPOSITE[d]
                for n in range(1, reach + 1):
                    s = _board.step(t, back, n)
                    if not _board.is_sea(s):
                        break
                    if s not in dist:
                        dist[s] = dist[t] + 1
                        nxt.append(s)
        frontier = nxt
    return dist


def _turns_from(square, heading, targets, reach) -> int:
    """Turns still needed from `square` pointing `heading`: sail ahead, or turn first (a whole turn)."""
    if square in targets:
        return 0
    dist = _turns_to(targets, reach)
    best = 1 + dist.get(square, _FAR)
    if heading:
        for n in range(1, reach + 1):
            s = _board.step(square, heading, n)
            if s in targets and _board.can_enter(s, heading):
                return 1
            if not _board.is_sea(s):
                break
            best = min(best, 1 + dist.get(s, _FAR))
    return best


def _items(move: str, word: str = "") -> list[str]:
    tokens = move.split()
    if word and word in tokens:
        tokens = tokens[tokens.index(word) + 1:]
    return [t for t in tokens if _is_crew(t) or t in _TV]


def _cost_of(tokens) -> float:
    """What giving these items away costs: treasure weighs more than crew."""
    return sum(3 * _TV[t] if t in _TV else _crew_value(t) for t in tokens)


class _Seat:
    """The facts `choose` uses, read from the seat's own view."""

    def __init__(self, view: dict):
        self.view = view
        you = view["you"]
        self.port = you["port"]
        self.hand = list(you["hand"])
        self.sailing = you["sailing_value"]
        self.fighting = you["fighting_value"]
        self.ship = view["ships"][self.port]
        self.at = _board.parse_square(self.ship["at"])
        self.heading = self.ship["heading"]
        self.cargo = list(self.ship["cargo"])
        home = view["ports"][self.port]
        self.home_value = sum(_TV[t] for t in home["docks"]["treasure"] + home.get("safety_zone", []))
        self.home_square = _board.PORT_SQUARE[self.port]
        self.island_stock = sum(view["treasure_island"].values())
        self.others = {p: s for p, s in view["ships"].items() if p != self.port and not s["resigned"]}

    def cargo_value(self) -> int:
        return sum(_TV[t] for t in self.cargo)

    def targets(self) -> frozenset:
        if self.cargo and (len(self.cargo) >= 2 or self.cargo_value() + self.home_value >= 20 or not self.island_stock):
            return frozenset({self.home_square})
        if not self.island_stock:
            ports = [_board.PORT_SQUARE[p] for p, e in self.view["ports"].items()
                     if p != self.port and e["docks"]["treasure"]]
            if ports:
                return frozenset(ports)
        if self.sailing <= 3 and self.view["flat_island"]["crew"]:
            return frozenset(_board.FLAT_COAST)
        return frozenset(_board.TREASURE_COAST)


def _score_movement(me: _Seat, move: str) -> float | None:
    """Turns to the target after this movement (lower is better); None if `move` is not a movement."""
    words = move.split()
    targets = me.targets()
    if words[0] == "end":
        return None
    if words[0] == "drift":
        dest = _board.step(me.at, words[1])
        if dest in targets:
            return 1
        return 1 + _turns_to(targets, 1).get(dest, _FAR) if _board.is_sea(dest) else _FAR
    reach = max(1, me.sailing)
    if words[0] == "turn":
        if me.at in targets:  # turning on the coast draws a card
            return 1
        return 1 + _turns_from(me.at, words[2], targets, reach)
    if words[0] != "sail":
        return None
    d, n = words[1], int(words[2])
    dest = _board.step(me.at, d, n)
    face = words[words.index("face") + 1] if "face" in words else None
    score = 1.0 if dest in targets else 1 + _turns_from(dest, face, targets, reach)
    if dest in _board.PORT_AT and dest not in targets:
        score += 2  # a foreign port must be left again
    # Passing another ship invites an interruption.
    passed = {_board.step(me.at, d, k) for k in range(1, n)}
    if any(_board.parse_square(s["at"]) in passed for s in me.others.values() if s["at"]):
        score += 0.5
    return score


def _attack_bonus(me: _Seat, move: str) -> float:
    """A reason to attack: a laden ship within reach while we are strong and have room."""
    if "attack" not in move.split() or me.fighting < 4 or len(me.cargo) >= 2:
        return _FAR
    words = move.split()
    dest = _board.step(me.at, words[1], int(words[2]))
    laden = [s for s in me.others.values() if s["at"] and _board.parse_square(s["at"]) == dest and s["cargo"]]
    return 0.5 if laden else _FAR


def _best(options, key, rng):
    scored = [(key(m), rng.random(), m) for m in options]
    return min(scored)[2]


def _turn_choice(me: _Seat, moves: list[str], rng) -> str:
    home = me.at == me.home_square
    # Location actions first: unload at home, pick up free crew, buy treasure abroad.
    if home:
        for t in sorted(me.cargo, key=lambda t: -_TV[t]):
            if f"deposit {t}" in moves:
                return f"deposit {t}"
        secure = [m for m in moves if m.startswith("secure ")]
        if secure:
            return secure[0]
        takes = [m for m in moves if m.startswith("take ") and _is_crew(m.split()[1])]
        if takes:
            return takes[0]
    elif me.at in _board.FLAT_COAST:
        takes = [m for m in moves if m.startswith("take ")]
        if takes:
            return max(takes, key=lambda m: _crew_value(m.split()[1]))
    trades = []
    for m in moves:
        if not m.startswith("trade "):
            continue
        give, take = m[len("trade give "):].split(" take ")
        give, take = give.split(), take.split()
        if any(t in _TV for t in give) or not any(t in _TV for t in take) or "long-john-silver" in take:
            continue
        left = me.sailing - sum(_crew_value(c) for c in give if _is_crew(c))
        if left >= 5 or (left >= 2 and me.sailing < 5):
            trades.append((-sum(_TV.get(t, 0) for t in take), sum(_crew_value(c) for c in give if _is_crew(c)), m))
    if trades:
        return min(trades)[2]
    redeem = [m for m in moves if m.startswith("redeem ")]
    if redeem:
        return max(redeem, key=lambda m: sum(_TV[t] for t in _items(m)))
    movement = [m for m in moves if _score_movement(me, m) is not None]
    if not movement:
        return "end" if "end" in moves else moves[0]
    if home and me.home_value >= 20:
        return "end" if "end" in moves else moves[0]
    best = _best(movement, lambda m: min(_score_movement(me, m), _attack_bonus(me, m))
                 if "attack" not in m.split() else _attack_bonus(me, m), rng)
    if "end" in moves and me.ship["derelict"] and _score_movement(me, best) >= _FAR:
        return "end"
    return best


def _decision(me: _Seat, kind: str, moves: list[str], rng) -> str:
    if kind == "intercept":
        mover = [s for s in me.others.values() if s["at"] == me.ship["at"]]
        laden = any(s["cargo"] for s in mover)
        return "attack" if laden and me.fighting >= 4 and len(me.cargo) < 2 and "attack" in moves else "let pass"
    if kind == "spoils":
        return "demand treasure" if "demand treasure" in moves else moves[0]
    if kind == "keep":
        return max(moves, key=lambda m: (sum(_TV[t] for t in _items(m)), rng.random()))
    if kind in ("free",):
        return _best(moves, lambda m: _score_movement(me, m) or _FAR, rng)
    if kind == "face":
        targets = me.targets()
        return _best(moves, lambda m: _turns_from(me.at, m.split()[1], targets, max(1, me.sailing)), rng)
    if kind in ("either", "ctreasure"):
        treasure = [m for m in moves if m.startswith("chance treasure") and _items(m)]
        if treasure and not (me.sailing <= 2 and "chance crew" in moves):
            return max(treasure, key=lambda m: (sum(_TV[t] for t in _items(m)), -len(_items(m)), rng.random()))
        return "chance crew" if "chance crew" in moves else moves[0]
    if kind == "name":
        return max(moves, key=lambda m: (me.view["ships"][m.split()[2]]["hand_count"], rng.random()))
    if kind in ("levy", "fever"):
        # Docks cards cost nothing at sea; then the lowest hand cards.
        def loss(m):
            text = m.split(" docks ")[0]
            return _cost_of(_items(text))
        return _best(moves, loss, rng)
    if kind in ("give", "cut", "return20", "wash", "lose"):
        def loss(m):
            tokens = _items(m)
            crew = sum(_crew_value(t) for t in tokens if _is_crew(t))
            # Keep enough crew to sail home; otherwise crew is cheaper than treasure.
            weak = 10 if me.sailing - crew < 4 else 0
            return _cost_of(tokens) + weak
        return _best(moves, loss, rng)
    return rng.choice(moves)


def choose(view: dict, legal: list[str], seat: int, rng) -> str:
    """Pick one of `legal` for `seat`, knowing only the seat's own `view` (module comment above)."""
    moves = [m for m in legal if m not in _ORDERS] or list(legal)
    if len(moves) == 1:
        return moves[0]
    me = _Seat(view)
    pending = view.get("pending")
    if pending and me.port in pending["owing"]:
        choice = _decision(me, pending["kind"], moves, rng)
    else:
        choice = _turn_choice(me, moves, rng)
    return choice if choice in legal else rng.choice(moves)
