"""The computer player (`BOTS["standard"]`): one seat's move from its own view and legal moves.

Pure: it reads only `view(state, seat)` (its own hand, the public board), the legal moves and the
seeded `rng`; it never sees another seat's crew. Where a choice depends on a hidden hand (whether to
fight), it samples that hand from the cards the seat cannot see, consistently with the hand count the
view shows.

Plan: sail to the Treasure Island coast and draw chance cards (turning on the spot there draws again)
until the hold is full or the cargo would bring the home treasure to 20; then sail home and unload.
Treasure lying free on Flat Island is a target too. Once Treasure Island is bare, the treasure left lies
in Docks (the other home ports' Docks too) and on Flat Island, so the player sails for the nearest it
can buy with its crew (spending crew more freely then, and down to one card when the piece wins) and
carries each piece home; when it can afford none, it gathers crew first (Flat Island, home Docks, or the
chance cards of the Treasure Island coast, which still give crew). On the way it takes free crew,
trades crew and value cards for treasure in foreign ports, redeems a Kidd's Chart, fights a laden ship
when the sampled odds are good, and answers every chance card for the least loss. Distances come from
a breadth-first search over straight sails of at most the sailing value, ignoring ships (the legal list
already knows the ships); a sail is scored by the turns it leaves to the target.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

from . import board
from .cards import CREW_PACK, TREASURE_VALUE, crew_value, fighting_value

ORDERS = ("always attack", "never attack", "ask")
FAR = 99
WIN_TARGET = 20  # Rule 19: treasure worth 20 at home wins
FIGHT_SAMPLES = 64  # sampled hands per fight estimate: enough to tell good odds from bad, and quick
GOOD_ODDS = 0.6  # attack (or answer a passing ship with an attack) at least this likely to win


def is_crew(token: str) -> bool:
    return len(token) == 2 and token[0] in "RB" and token[1] in "123"


@lru_cache(maxsize=None)
def turns_to(targets: frozenset, reach: int) -> dict:
    """Fewest straight sails (each at most `reach` squares, any heading) from each sea square to a
    target: a sea square, or a port entered along one of its entry directions."""
    dist = {t: 0 for t in targets}
    frontier = list(targets)
    while frontier:
        nxt = []
        for t in frontier:
            for d in board.DIRECTIONS:
                if not board.can_enter(t, d):
                    continue  # a port target is entered only along its entries
                back = board.OPPOSITE[d]
                for n in range(1, reach + 1):
                    s = board.step(t, back, n)
                    if not board.is_sea(s):
                        break
                    if s not in dist:
                        dist[s] = dist[t] + 1
                        nxt.append(s)
        frontier = nxt
    return dist


def turns_from(square, heading, targets, reach) -> int:
    """Turns still needed from `square` pointing `heading`: sail ahead, or turn first (a whole turn)."""
    if square in targets:
        return 0
    dist = turns_to(targets, reach)
    best = 1 + dist.get(square, FAR)
    if heading:
        for n in range(1, reach + 1):
            s = board.step(square, heading, n)
            if s in targets and board.can_enter(s, heading):
                return 1
            if not board.is_sea(s):
                break
            best = min(best, 1 + dist.get(s, FAR))
    return best


def items_of(move: str, word: str = "") -> list[str]:
    tokens = move.split()
    if word and word in tokens:
        tokens = tokens[tokens.index(word) + 1:]
    return [t for t in tokens if is_crew(t) or t in TREASURE_VALUE]


def cost_of(tokens) -> float:
    """What giving these items away costs: treasure weighs more than crew."""
    return sum(3 * TREASURE_VALUE[t] if t in TREASURE_VALUE else crew_value(t) for t in tokens)


class Seat:
    """The facts the player uses, read from the seat's own view."""

    def __init__(self, view: dict, rng):
        self.view = view
        self.rng = rng
        you = view["you"]
        self.port = you["port"]
        self.hand = list(you["hand"])
        self.sailing = you["sailing_value"]
        self.fighting = you["fighting_value"]
        self.ship = view["ships"][self.port]
        self.at = board.parse_square(self.ship["at"]) if self.ship["at"] else None
        self.heading = self.ship["heading"]
        self.cargo = list(self.ship["cargo"])
        home = view["ports"][self.port]
        self.home_value = sum(TREASURE_VALUE[t] for t in home["docks"]["treasure"] + home.get("safety_zone", []))
        self.home_square = board.PORT_SQUARE[self.port]
        self.island_stock = sum(view["treasure_island"].values())
        self.others = {p: s for p, s in view["ships"].items() if p != self.port and not s["resigned"]}
        self._targets = None

    def cargo_value(self) -> int:
        return sum(TREASURE_VALUE[t] for t in self.cargo)

    def targets(self) -> frozenset:
        if self._targets is None:
            self._targets = self.find_targets()
        return self._targets

    def find_targets(self) -> frozenset:
        home = frozenset({self.home_square})
        if self.cargo and (len(self.cargo) >= 2 or self.cargo_value() + self.home_value >= WIN_TARGET
                           or not self.island_stock):
            return home
        flat = self.view["flat_island"]
        if self.island_stock and self.sailing <= 3 and flat["crew"]:
            return frozenset(board.FLAT_COAST)
        # Where treasure can be had: the nearest of them is the target.
        sources = set(board.TREASURE_COAST) if self.island_stock else set()
        if flat["treasure"] and len(self.cargo) < 2:
            sources |= board.FLAT_COAST  # free for the taking (Ruling 44)
        if not self.island_stock:
            # A bare Treasure Island leaves only the Docks: those with a purchase this crew can make
            # (Ruling 40 allows an opponent's home Docks too). Ports it cannot afford are left out, or
            # the ship would sail in and out of them for ever.
            sources |= {board.PORT_SQUARE[p] for p, e in self.view["ports"].items()
                        if p != self.port and self.can_buy(e["docks"])}
        if sources:
            return frozenset(sources)
        # Nothing within reach of this crew: more crew first. The coast's cards still give crew (recruits,
        # "or crew" cards when no treasure fits, the blown-away cards to a weak hand).
        if flat["crew"]:
            return frozenset(board.FLAT_COAST)
        if self.view["ports"][self.port]["docks"]["crew"]:
            return home
        return frozenset(board.TREASURE_COAST)

    def crew_floor(self, bought: int) -> int:
        """The sailing value a purchase of treasure worth `bought` must leave in the hand."""
        if self.home_value + self.cargo_value() + bought >= WIN_TARGET:
            return 1  # the piece wins once home: any crew that still sails will do
        if not self.island_stock:
            return 2  # the Docks are all that is left: spend crew on them, keep a little to sail home
        return 5 if self.sailing >= 5 else 2  # chance cards are still free: keep crew to fight and sail

    def can_buy(self, docks: dict) -> bool:
        """Whether a listed trade (at most two items a side) buys treasure from these Docks with hand
        crew, leaving the crew `crew_floor` asks for; the same test as `worthwhile_trade` on arrival."""
        if not docks["treasure"] or len(self.cargo) >= 2:
            return False
        gives = {g for k in (1, 2) for g in combinations(sorted(self.hand), k)}
        stock = sorted(docks["crew"]) + sorted(docks["treasure"])
        takes = {t for k in (1, 2) for t in combinations(stock, k) if any(x in TREASURE_VALUE for x in t)}
        for take in takes:
            bought = sum(TREASURE_VALUE.get(x, 0) for x in take)
            got = sum(crew_value(x) for x in take if is_crew(x))
            if len(self.cargo) + sum(1 for x in take if x in TREASURE_VALUE) > 2:
                continue
            for give in gives:
                spent = sum(crew_value(c) for c in give)
                if spent == bought + got and self.sailing - spent + got >= self.crew_floor(bought):
                    return True
        return False

    def unseen_crew(self) -> list[str]:
        """The crew cards this seat cannot see: the pack less its hand and every face-up card. The
        other hands and the Pirate Island deck are drawn from these."""
        seen = Counter(self.hand) + Counter(self.view["flat_island"]["crew"])
        for entry in self.view["ports"].values():
            seen += Counter(entry["docks"]["crew"])
        return list((Counter(CREW_PACK) - seen).elements())

    def win_chance(self, port: str) -> float:
        """The chance of beating `port`'s ship in a fight: its hand sampled from the unseen cards."""
        count = self.others[port]["hand_count"]
        if count == 0:
            return 1.0 if self.fighting > 0 else 0.0  # a derelict loses every fight (Ruling 46)
        pool = self.unseen_crew()
        if count > len(pool):
            count = len(pool)
        wins = 0.0
        for _ in range(FIGHT_SAMPLES):
            theirs = fighting_value(self.rng.sample(pool, count))
            wins += 1.0 if self.fighting > theirs else 0.5 if self.fighting == theirs else 0.0
        return wins / FIGHT_SAMPLES

    def worth_fighting(self, port: str) -> bool:
        """A laden ship, room in the hold for its treasure, and good sampled odds."""
        target = self.others.get(port)
        if not target or not target["cargo"] or len(self.cargo) >= 2:
            return False
        return self.win_chance(port) >= GOOD_ODDS


def score_movement(me: Seat, move: str) -> float | None:
    """Turns to the target after this movement (lower is better); None if `move` is not a movement."""
    words = move.split()
    targets = me.targets()
    if words[0] == "drift":
        dest = board.step(me.at, words[1])
        if dest in targets:
            return 1
        return 1 + turns_to(targets, 1).get(dest, FAR) if board.is_sea(dest) else FAR
    reach = max(1, me.sailing)
    if words[0] == "turn":
        if me.at in targets:  # turning on the coast draws a card
            return 1
        return 1 + turns_from(me.at, words[2], targets, reach)
    if words[0] != "sail":
        return None
    d, n = words[1], int(words[2])
    dest = board.step(me.at, d, n)
    face = words[words.index("face") + 1] if "face" in words else None
    score = 1.0 if dest in targets else 1 + turns_from(dest, face, targets, reach)
    if dest in board.PORT_AT and dest not in targets:
        score += 2  # a foreign port must be left again
    # Passing another ship invites an interruption.
    passed = {board.step(me.at, d, k) for k in range(1, n)}
    if any(board.parse_square(s["at"]) in passed for s in me.others.values() if s["at"]):
        score += 0.5
    return score


def attack_score(me: Seat, move: str) -> float:
    """An attack is worth a short detour when the fight is worth it (Seat.worth_fighting)."""
    words = move.split()
    dest = board.square_name(board.step(me.at, words[1], int(words[2])))
    ports = [p for p, s in me.others.items() if s["at"] == dest]
    return 0.5 if ports and me.worth_fighting(ports[0]) else FAR


def best(options, key, rng):
    scored = [(key(m), rng.random(), m) for m in options]
    return min(scored)[2]


def worthwhile_trade(me: Seat, move: str):
    """A trade that buys treasure with crew or value cards and leaves the crew `Seat.crew_floor` asks
    for; its sort key."""
    give, take = move[len("trade give "):].split(" take ")
    give, take = give.split(), take.split()
    if any(t in TREASURE_VALUE for t in give) or not any(t in TREASURE_VALUE for t in take) or "long-john-silver" in take:
        return None
    spent = sum(crew_value(c) for c in give if is_crew(c))
    bought = sum(TREASURE_VALUE.get(t, 0) for t in take)
    left = me.sailing - spent + sum(crew_value(c) for c in take if is_crew(c))
    if left >= me.crew_floor(bought):
        return (-bought, spent, move)
    return None


def turn_choice(me: Seat, moves: list[str], rng) -> str:
    home = me.at == me.home_square
    # Location actions first: unload at home, pick up free crew, buy treasure abroad.
    if home:
        for t in sorted(me.cargo, key=lambda t: -TREASURE_VALUE[t]):
            if f"deposit {t}" in moves:
                return f"deposit {t}"
        secure = [m for m in moves if m.startswith("secure ")]
        if secure:
            return secure[0]
        takes = [m for m in moves if m.startswith("take ") and is_crew(m.split()[1])]
        if takes:
            return takes[0]
    elif me.at in board.FLAT_COAST:
        takes = [m for m in moves if m.startswith("take ")]
        if takes:
            return max(takes, key=lambda m: crew_value(m.split()[1]))
    trades = [t for t in (worthwhile_trade(me, m) for m in moves if m.startswith("trade ")) if t]
    if trades:
        return min(trades)[2]
    redeem = [m for m in moves if m.startswith("redeem ")]
    if redeem:
        return max(redeem, key=lambda m: sum(TREASURE_VALUE[t] for t in items_of(m)))
    movement = [m for m in moves if m != "end" and score_movement(me, m) is not None]
    if not movement or (home and me.home_value >= WIN_TARGET):
        return "end" if "end" in moves else moves[0]
    choice = best(movement, lambda m: attack_score(me, m) if "attack" in m.split() else score_movement(me, m), rng)
    if "end" in moves and me.ship["derelict"] and score_movement(me, choice) >= FAR:
        return "end"
    return choice


def decision(me: Seat, kind: str, moves: list[str], rng) -> str:
    if kind == "intercept":
        movers = [p for p, s in me.others.items() if s["at"] == me.ship["at"]]
        return "attack" if movers and "attack" in moves and me.worth_fighting(movers[0]) else "let pass"
    if kind == "spoils":
        return "demand treasure" if "demand treasure" in moves else moves[0]
    if kind == "keep":
        return max(moves, key=lambda m: (sum(TREASURE_VALUE[t] for t in items_of(m)), rng.random()))
    if kind == "free":
        return best(moves, lambda m: score_movement(me, m) or FAR, rng)
    if kind == "face":
        targets = me.targets()
        return best(moves, lambda m: turns_from(me.at, m.split()[1], targets, max(1, me.sailing)), rng)
    if kind in ("either", "ctreasure"):
        treasure = [m for m in moves if m.startswith("chance treasure") and items_of(m)]
        if treasure and not (me.sailing <= 2 and "chance crew" in moves):
            return max(treasure, key=lambda m: (sum(TREASURE_VALUE[t] for t in items_of(m)), -len(items_of(m)), rng.random()))
        return "chance crew" if "chance crew" in moves else moves[0]
    if kind == "name":
        return max(moves, key=lambda m: (me.view["ships"][m.split()[2]]["hand_count"], rng.random()))
    if kind in ("levy", "fever"):
        # Docks cards cost nothing at sea; then the lowest hand cards.
        return best(moves, lambda m: cost_of(items_of(m.split(" docks ")[0])), rng)
    if kind in ("give", "cut", "return20", "wash", "lose"):
        def loss(m):
            tokens = items_of(m)
            crew = sum(crew_value(t) for t in tokens if is_crew(t))
            # Keep enough crew to sail home; otherwise crew is cheaper than treasure.
            return cost_of(tokens) + (10 if me.sailing - crew < 4 else 0)
        return best(moves, loss, rng)
    return rng.choice(moves)


def choose(view: dict, legal: list[str], rng) -> str:
    """One of `legal` for the seat whose `view` this is (module docstring)."""
    moves = [m for m in legal if m not in ORDERS] or list(legal)
    if len(moves) == 1:
        return moves[0]
    me = Seat(view, rng)
    pending = view.get("pending")
    if pending and me.port in pending["owing"]:
        choice = decision(me, pending["kind"], moves, rng)
    else:
        choice = turn_choice(me, moves, rng)
    return choice if choice in legal else rng.choice(moves)


BOTS = {"standard": choose}
