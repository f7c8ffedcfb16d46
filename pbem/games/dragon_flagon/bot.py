"""The computer player of the Dragon & Flagon (issue 17): `choose(view, legal, rng) -> move`.

It reads only its seat's view and legal moves. The view is written back as a position and laid out as
a board (`position_state`), on which the player tries its choices with the game's own card resolution
(`World`, `resolve`): a card's result depends only on the board and the choices, so at a reveal every
legal choice is scored exactly. Face-down cards of other seats are never read: the view does not hold
them, and the position fills them with stand-ins that no resolution looks at.

What it wants, per character: carry a Treasure Chest home when it holds one; else fetch the nearest chest
that does not count for its crew (loose on the other ship or a gangplank, or held by an enemy, PR-23);
else go after the nearest enemy. A position is worth the crew's reputation and counted chests against
the other crew's, less a little for every step between its characters and their goals, for status
tokens, and for characters in the water. Planning is simultaneous and hidden, so a card is planned on the
board as it is now: the character's cards already planned are played out first (each with its best
choice), then each card in hand is tried with its best choice, less a cost for the time it takes.
"""

from __future__ import annotations

from collections import deque

from ..base import GameError
from . import geometry as g
from . import notation
from .cards import choice_options, finish_card, resolve
from .position import position_from_view
from .rules import position_state
from .setup import resolve_options
from .world import World, kind_of

TIME_COST = 0.6  # what one space of the time track is worth, in reputation
SAMPLE = 36  # at most this many combinations of one card's choices are tried
WORK = 700  # at a reveal, at most about this many follow-up trials in all (about a second at worst)
GUARDS = {"dodge", "sanctuary", "riposte", "deflect", "guard"}
BOASTS = {"boast": 2, "flourish": 2}
BOOSTS = {"berserk", "bear_form"}


def choose(view: dict, legal: list[str], rng) -> str:
    """One of `legal` for the seat whose `view` this is."""
    if not legal:
        raise ValueError("no legal move to choose from")
    if len(legal) == 1:
        return legal[0]
    player = _Player(view, rng)
    kind = legal[0].split()[0]
    if kind == "place":
        return player.place(legal)
    if kind == "plan":
        return player.plan(legal)
    return player.play(legal)


BOTS = {"standard": choose}


class _Player:
    def __init__(self, view: dict, rng):
        self.view = view
        self.rng = rng
        self.mine = set(view["you"])
        me = next(c for c in view["characters"] if c["id"] in self.mine)
        self.seat, self.team = me["seat"], me["team"]
        self.state = _board_state(view)
        self.data = self.state.data if self.state is not None else None

    # --- goals and value ---------------------------------------------------------------------------

    def walkable(self, world: World) -> frozenset:
        """Squares a character may stand on as the board is now (decks, gangplanks, table tops); the
        goals' distances are counted over these, so the first board of the decision is good enough."""
        if "_walkable" not in self.__dict__:
            board = world.board
            squares = {(r, c) for r in range(board.rows) for c in range(board.cols)}
            squares |= {s for table in world.tables.values() for s in table}
            self._walkable = frozenset(s for s in squares if not (world.is_wall(s) or world.open_water(s)))
            home = self.home(world)
            self._decks = tuple(s for s in squares if home and board.ship_of(s) == home)
            self._distances = {}
        return self._walkable

    def distances(self, world: World, sources) -> dict:
        """Steps from the nearest of `sources` to every square a character may stand on."""
        walkable = self.walkable(world)
        key = tuple(sorted(sources))
        if key in self._distances:
            return self._distances[key]
        seen = {s: 0 for s in key}
        queue = deque(key)
        while queue:
            x = queue.popleft()
            for y in g.neighbours(x):
                if y not in seen and y in walkable:
                    seen[y] = seen[x] + 1
                    queue.append(y)
        self._distances[key] = seen
        return seen

    def home(self, world: World) -> str | None:
        return "AB"[self.team] if world.board.pirate and self.team < 2 else None

    def goal_distance(self, world: World, cid: str, wanted: list) -> tuple[float, float]:
        """(steps to its goal, weight of a step) for one of the seat's characters on the board."""
        ch = world.c[cid]
        if ch.holds and kind_of(ch.holds) == "chest":
            if not self._decks:
                return 0, 0
            return self.distances(world, self._decks).get(ch.square, 20), 0.9
        if wanted:
            return self.distances(world, wanted).get(ch.square, 20), 0.5
        foes = [o.square for o in world.c.values() if o.square is not None and not o.out and o.team != self.team]
        if foes:
            return max(0, min(g.distance(ch.square, s) for s in foes) - 1), 0.25
        return 0, 0

    def value(self, world: World) -> float:
        opts = world.opts
        board = world.board
        home = self.home(world)
        self.walkable(world)
        wanted = [sq for o, sq in world.objects.items()
                  if kind_of(o) == "chest" and (home is None or board.ship_of(sq) != home)]
        wanted += [o.square for o in world.c.values()
                   if o.square is not None and not o.out and o.team != self.team and o.holds and kind_of(o.holds) == "chest"]
        total = 0.0
        for cid, ch in world.c.items():
            if ch.out:
                continue
            sign = 1 if ch.team == self.team else -1
            total += sign * ch.rep
            if ch.square is None:
                total -= sign * 3  # in the water: its plan is gone and it returns far from the action
                continue
            total -= sign * 1.2 * sum(1 for item in ch.plan if item.startswith("!"))
            if board.pirate and ch.holds and kind_of(ch.holds) == "chest":
                total += sign * opts["pirate.chest_value"]
            if sign > 0:
                steps, weight = self.goal_distance(world, cid, wanted)
                total -= weight * steps
        if board.pirate:
            for obj, square in world.objects.items():
                ship = board.ship_of(square)
                if kind_of(obj) == "chest" and ship:
                    total += opts["pirate.chest_value"] * (1 if ship == home else -1)
        return total

    # --- trying cards on the board -----------------------------------------------------------------------

    def combinations(self, world: World, cid: str, card, most: int = SAMPLE) -> list[dict]:
        options = choice_options(world, cid, card)
        if len(options) > most:
            step = len(options) / most
            options = [options[int(i * step)] for i in range(most)]
        return options

    def after(self, world: World, cid: str, card, choices: dict) -> World:
        trial = World(world.freeze(), active=cid, card=card)
        resolve(trial, cid, card, dict(choices))
        finish_card(trial, cid, card)
        trial.active = None
        return trial

    def best(self, world: World, cid: str, card, most: int = SAMPLE) -> tuple[float, World]:
        """The best value the card reaches now over its choices, and the board after it (a whiff: as is)."""
        best_value, best_world = None, world
        for choices in self.combinations(world, cid, card, most):
            trial = self.after(world, cid, card, choices)
            value = self.value(trial)
            if best_value is None or value > best_value:
                best_value, best_world = value, trial
        return (self.value(world) if best_value is None else best_value), best_world

    def bonus(self, world: World, cid: str, card_id: str, known: list[str]) -> float:
        """What a card is worth beyond its immediate effect: defences, boasts and boosts."""
        ch = world.c[cid]
        if ch.square is None:
            return 0.0
        foes = [o for o in world.c.values() if o.square is not None and not o.out and o.team != self.team]
        near = sum(1 for o in foes if g.distance(o.square, ch.square) <= 2)
        carrying = bool(ch.holds and kind_of(ch.holds) == "chest")
        if card_id in GUARDS:
            return (1.5 * near + (3 if carrying and near else 0)) if card_id != "guard" else 0.5 * near
        if card_id in BOASTS:
            pay = 3 if world.is_table(ch.square) else BOASTS[card_id]
            return pay * (0.9 if near == 0 else 0.3)
        if card_id in BOOSTS:
            attacks = {"slash", "cleave", "bull_rush", "dragon_rage", "cutlass_flurry", "smite"}
            return 1.0 if any(k in attacks for k in known) else 0.0
        return 0.0

    # --- the three kinds of decision ---------------------------------------------------------------------

    def play(self, legal: list[str]) -> str:
        """A revealed card's choices: each one played out on the board, then the next planned card."""
        if self.state is None:
            return self.rng.choice(legal)
        parsed = [notation.parse(move, self.data) for move in legal]
        cid, card_id = parsed[0][1], parsed[0][2]
        card = self.data.cards[card_id]
        world = World(self.state)
        me = next(c for c in self.view["characters"] if c["id"] == cid)
        following = [slot["card"] for slot in me["plan"] if slot.get("card")]
        scored = []
        most = max(3, min(SAMPLE, WORK // len(legal)))
        for move, (_, _, _, choices) in zip(legal, parsed):
            trial = self.after(world, cid, card, choices)
            value = self.value(trial)
            if following and trial.c[cid].square is not None:
                nxt = self.data.cards[following[0]]
                value += 0.7 * (self.best(trial, cid, nxt, most)[0] - value)
            scored.append((value + 0.01 * self.rng.random(), move))
        return max(scored)[1]

    def plan(self, legal: list[str]) -> str:
        cid = legal[0].split()[1]
        me = next(c for c in self.view["characters"] if c["id"] == cid)
        options = [m for m in legal if m.split()[1] == cid]
        if self.state is None or me["square"] is None:
            return self.plan_from_the_water(options)
        world = World(self.state)
        known = [slot["card"] for slot in me["plan"] if slot.get("card")]
        for card_id in known:  # its cards already planned resolve first
            world = self.best(world, cid, self.data.cards[card_id])[1]
            if world.c[cid].square is None:
                return self.plan_from_the_water(options)
        base = self.value(world)
        scored = []
        for move in options:
            card_id = move.split()[2]
            card = self.data.cards[card_id]
            reached, _ = self.best(world, cid, card)
            score = reached - base + self.bonus(world, cid, card_id, known) - TIME_COST * card.time
            scored.append((score + 0.05 * self.rng.random(), move))
        return max(scored)[1]

    def plan_from_the_water(self, options: list[str]) -> str:
        """Overboard, it comes back on a start square: plan to move on from there."""
        order = ("dash", "move", "shadow_dash", "leap", "blink", "shadow_step", "boast", "dodge")
        ranked = sorted(options, key=lambda m: (order.index(m.split()[2]) if m.split()[2] in order else 99,
                                                self.rng.random()))
        return ranked[0]

    def place(self, legal: list[str]) -> str:
        """A start square (or a return square) nearest the goal, facing it."""
        if self.state is None:
            return self.rng.choice(legal)
        world = World(self.state)
        home = self.home(world)
        board = world.board
        chests = [sq for o, sq in world.objects.items() if kind_of(o) == "chest" and (home is None or board.ship_of(sq) != home)]
        foes = [o.square for o in world.c.values() if o.square is not None and o.team != self.team and not o.out]
        targets = chests or foes or [board.centre]

        def score(move):
            _, _, square, facing = move.split()
            square = g.parse_square(square, board.rows, board.cols)
            target = min(targets, key=lambda s: (g.distance(square, s), s))
            toward = g.distance(g.step(square, facing), target) < g.distance(square, target)
            crowd = sum(1 for o in world.c.values() if o.square is not None and g.distance(o.square, square) <= 1)
            return (-g.distance(square, target) + 1.5 * toward - 0.5 * crowd, self.rng.random())

        return max(legal, key=score)


def _board_state(view: dict):
    """The board of the view as a State the rules can play cards on; None when the view is not a board
    yet (setup) or cannot be laid out."""
    if view.get("phase") in ("pregame", "over"):
        return None
    seats = 1 + max(seat for team in view["scores"] for seat in team["seats"])
    options = dict(view.get("options") or {})
    options["position"] = position_from_view(view)
    try:
        return position_state(seats, resolve_options(seats, options))
    except GameError:
        return None
