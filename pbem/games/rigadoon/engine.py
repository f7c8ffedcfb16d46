"""Sailing, chests, attacks and chain reactions: the movement and combat rules of RIGADOON.

Follows the rule text's "Sailing Ships", "Attacking Ships", "Attacking Ships off the edge",
"Interacting with Treasure Chests", "Maelstrom portals", "Backfire", "Infinite loop" and "Rigadoon",
with the spec's rulings R2-R9, R12-R19, R24-R26.

A sail and everything it sets off is computed by `run_sail(base, moves)` from the state before the
sail, the sail itself and the answers given so far to the decisions it raised (attack order, chest
choice, island). When the answers run out at a decision, it stops there (`Pause`) and the state
records the open decision; the next answer re-runs the whole sail with one more answer. So the chain
is plain recursive code, and nothing deterministic is ever stored.

Given a `trace` list, the chain also notes what happened, step by step, as plain tuples (`Work.note`):
the game's words (`words.py`) tell a chain from them. Noting never changes what the chain does.
"""

from __future__ import annotations

from collections import deque

from ..base import said
from .board import Board, Square, direction_between, opposite
from .state import SHIP_NAMES, Chain, Ship, State, fleet_of, other_fleet, with_changes

MAX_NESTING = 64  # R5 interruptions inside one another; far beyond what 8 ships can build without a loop


# The refusals a sail may meet, built once (the legal moves try many sails that fail): Phrases naming the rule
CHEST_OFF_BOARD = said("%(rule)s: a chest cannot be bumped off the board or across to the other side", rule="Bumping Chests")
CHEST_ONTO_SHIP = said("%(rule)s: a chest can never be bumped onto a ship", rule="What if I bump a Treasure Chest into a Ship")
CHEST_ONTO_ISLAND = said("%(rule)s: a chest cannot be bumped onto an island", rule="Treasure Chests can NOT bump other Chests when blocked by an Island")
CHEST_EXIT_TAKEN = said("%(rule)s: a chest bumped into a maelstrom needs a free exit", rule="R24")
SHIP_OFF_BOARD = said("%(rule)s: you cannot sail ships off the edge of the board", rule="Sailing Ships")
WAY_BLOCKED = said("%(rule)s: the way is blocked by a ship", rule="Ships can NOT occupy the same space as any other Ship")
ISLAND_NOT_LAST = said("%(rule)s: a ship weighs anchor on an island as its last square", rule="Claiming a Chest")
ISLAND_WITHOUT_CHEST = said("%(rule)s: a ship can only land on an island holding a chest", rule="Islands")
MAELSTROM_NOT_LAST = said("%(rule)s: a ship stops on the exit; the maelstrom is its last square", rule="Sailing into a Maelstrom")
MAELSTROM_EXIT_TAKEN = said("%(rule)s: a ship may not enter a maelstrom whose exit holds a ship", rule="Maelstrom portals")
SINK_IN_SHALLOWS = said("%(rule)s: chests in The Shallows cannot be sunk, only run aground on", rule="Sinking a Chest")
AGROUND_IN_OPEN_WATER = said("%(rule)s: running aground can only happen in The Shallows", rule="Running Ships aground")


class Illegal(ValueError):
    """A sail the rules forbid; its one argument, a Phrase, names the rule (the rules' heading or ruling,
    as the rule text writes it, is a value: a reader finds it on the English rules page)."""


class Pause(Exception):
    """The chain needs a decision from the active player."""

    def __init__(self, decision: str, options: tuple[str, ...], blasted: str | None = None):
        super().__init__(decision)
        self.decision = decision
        self.options = options
        self.blasted = blasted


class Loss(Exception):
    """R7 (or R6 under `double_block: loop_loses`): an endless exchange of attacks."""


# --- chests ---------------------------------------------------------------------------------------------


def push_line(board: Board, at: dict, chests: set, first: Square, direction: str) -> None:
    """Bump the chest on `first` (and every chest in a row ahead of it) one square on.

    Only the lead chest's move is checked [TEXT]; chests never cross the edge, never go under a ship
    or onto an island, and enter a maelstrom only when its exit is free of ships and chests (R24)."""
    line = [first]
    while True:
        nxt = board.step(line[-1], direction)
        if nxt in chests and board.on_board(nxt) and not board.island_at(nxt):
            line.append(nxt)
        else:
            break
    target = board.step(line[-1], direction)
    if not board.on_board(target):
        raise Illegal(CHEST_OFF_BOARD)
    if target in at:
        raise Illegal(CHEST_ONTO_SHIP)
    if board.island_at(target):
        raise Illegal(CHEST_ONTO_ISLAND)
    corner = board.maelstrom_at(target)
    if corner:
        exit_square = board.exit_of(corner)
        if exit_square in at or exit_square in chests:
            raise Illegal(CHEST_EXIT_TAKEN)
        target = exit_square
    for square in line:
        chests.discard(square)
    for square in line[:-1]:
        chests.add(board.step(square, direction))
    chests.add(target)


def walk_sail(board: Board, at: dict, chests: set, start: Square, direction: str, n: int, land: str | None):
    """Move a sailing ship n squares from `start` (mutating `at`/`chests` copies is the caller's
    business: this only updates `chests`). Returns (final square, outcome, path) where outcome is
    "plain", "claim", "teleport", "sink" or "aground". Raises Illegal naming the rule."""
    square = start
    path = [start]
    for i in range(1, n + 1):
        last = i == n
        nxt = board.step(square, direction)
        if not board.on_board(nxt):
            raise Illegal(SHIP_OFF_BOARD)
        if nxt in at:
            raise Illegal(WAY_BLOCKED)
        if board.island_at(nxt):
            if nxt in chests and last and land is None:
                return nxt, "claim", path + [nxt]
            if nxt in chests:
                raise Illegal(ISLAND_NOT_LAST)
            raise Illegal(ISLAND_WITHOUT_CHEST)
        corner = board.maelstrom_at(nxt)
        if corner:
            if not last or land is not None:
                raise Illegal(MAELSTROM_NOT_LAST)
            exit_square = board.exit_of(corner)
            if exit_square in at:
                raise Illegal(MAELSTROM_EXIT_TAKEN)
            if exit_square in chests:
                chests.discard(exit_square)
                return exit_square, "sink", path + [nxt, exit_square]
            return exit_square, "teleport", path + [nxt, exit_square]
        if nxt in chests:
            if last and land is not None:
                if board.is_shallows(nxt):
                    if land != "aground":
                        raise Illegal(SINK_IN_SHALLOWS)
                    return nxt, "aground", path + [nxt]
                if land != "sink":
                    raise Illegal(AGROUND_IN_OPEN_WATER)
                chests.discard(nxt)
                return nxt, "sink", path + [nxt]
            push_line(board, at, chests, nxt, direction)
        elif last and land is not None:
            raise Illegal(said("%(rule)s: there is no chest to %(land)s on that square",  # `land`: the move's word
                               rule="Bumping and then sinking Chests", land=land))
        square = nxt
        path.append(square)
    return square, "plain", path


# --- the chain -------------------------------------------------------------------------------------------


class Work:
    """A mutable working copy of the position while one sail and its chain are computed."""

    def __init__(self, state: State, answers, trace: list | None = None):
        self.state = state
        self.trace = trace
        self.via: str | None = None  # the maelstrom the ship being blasted went through, if any
        self.board: Board = state.board
        self.rules = state.rules
        self.ships = {s.name: [s.square, s.masts] for s in state.ships}
        self.at = {s.square: s.name for s in state.ships if s.square is not None}
        self.chests = set(state.chests)
        self.acted = set(state.acted)
        self.aground_turn = set(state.aground_this_turn)
        self.answers = deque(answers)
        self.pending: list[tuple[str, str, Square]] = []
        self.hits: set[str] = set()
        self.seen: set = set()
        self.attacks = 0
        self.context: list[tuple[str, str]] = []
        self.path: list[Square] = []

    # --- small helpers

    def note(self, *record) -> None:
        """Remember one step for the words (only when tracing): ("sail", ship, direction, n, start,
        final, path, chests before, chests after), ("attack", attacker, target, direction, target's
        masts before, after), ("backfire", attacker, target, attacker's masts after), ("stuck", attacker),
        ("blast", ship, direction, start, final, maelstrom or None, chests before, chests after,
        "sink" | "aground" | None), ("washed_up", corner, islands to choose from), ("claim", ship,
        corner, masts before), ("aground", ship, square), ("rigadoon", ship, granted)."""
        if self.trace is not None:
            self.trace.append(record)

    def pos(self, ship: str) -> Square:
        return self.ships[ship][0]

    def move(self, ship: str, square: Square) -> None:
        del self.at[self.ships[ship][0]]
        self.ships[ship][0] = square
        self.at[square] = ship

    def lose_mast(self, ship: str) -> None:
        self.ships[ship][1] = max(0, self.ships[ship][1] - 1)

    def ask(self, decision: str, options, blasted: str | None = None) -> str:
        if self.answers:
            return self.answers.popleft()
        raise Pause(decision, tuple(sorted(options)), blasted)

    def sink(self) -> None:
        """R2/R17: a sunk chest washes up at once on a free island the active fleet picks."""
        free = [corner for corner, square in self.board.islands if square not in self.chests]
        answer = self.ask("island", [f"island {c}" for c in free])
        corner = answer.split()[-1].upper()
        self.chests.add(self.board.island(corner))
        self.note("washed_up", corner, len(free))

    def land(self, ship: str) -> None:
        """R2/R3: the ship claims if on an island, then attacks every orthogonal neighbour."""
        square = self.pos(ship)
        if self.board.island_at(square):
            self.note("claim", ship, self.board.island_at(square), self.ships[ship][1])
            self.ships[ship][1] = 3
        if square in self.chests and self.board.is_shallows(square):
            self.note("aground", ship, square)
            self.aground_turn.add(ship)
        for other_square in self.board.neighbours(square):
            other = self.at.get(other_square)
            if other:
                self.pending = [p for p in self.pending if p[:2] != (ship, other)]
                self.pending.append((ship, other, square))

    def valid(self, attacker: str, target: str) -> bool:
        for a, t, landing in self.pending:
            if (a, t) == (attacker, target):
                here = self.pos(attacker)
                return here == landing and self.pos(target) in set(self.board.neighbours(here))
        return False

    def fingerprint(self):
        return (
            tuple(sorted((name, tuple(v[0]) if v[0] else None, v[1]) for name, v in self.ships.items())),
            tuple(sorted(self.chests)),
            tuple(sorted(self.pending)),
            tuple(self.context),
        )

    # --- sailing

    def sail(self, ship: str, direction: str, n: int, land: str | None) -> None:
        start = self.pos(ship)
        at = {sq: name for sq, name in self.at.items() if name != ship}
        chests_before = frozenset(self.chests)
        final, outcome, path = walk_sail(self.board, at, self.chests, start, direction, n, land)
        self.path = path
        self.move(ship, final)
        self.acted.add(ship)
        self.note("sail", ship, direction, n, start, final, tuple(path), chests_before, frozenset(self.chests))
        if outcome == "sink":
            self.sink()
        self.land(ship)

    # --- blasts

    def plan_blast(self, ship: str, direction: str) -> list[tuple[Square, str]]:
        """The squares a blast may cover: 2 straight on, wrapping across the edge (R19); ships,
        islands without a free chest and maelstroms with a ship on the exit block; an island with a
        chest or a free maelstrom ends the blast there. Chests never shorten it (R25)."""
        steps: list[tuple[Square, str]] = []
        square = self.pos(ship)
        for _ in range(2):
            nxt = self.board.wrap_step(square, direction)
            if nxt in self.at:
                break
            if self.board.island_at(nxt):
                if nxt in self.chests:
                    steps.append((nxt, "claim"))
                break
            corner = self.board.maelstrom_at(nxt)
            if corner:
                occupant = self.at.get(self.board.exit_of(corner))
                if occupant is not None and occupant != ship:
                    break
                steps.append((nxt, "maelstrom"))
                break
            steps.append((nxt, "sea"))
            square = nxt
        return steps

    def enter(self, ship: str, square: Square, kind: str, direction: str, chests: set | None = None,
              at: dict | None = None, simulate: bool = False) -> bool:
        """One step of a blast onto `square` (pushing a chest there when there is one). True when the
        ship came out of a maelstrom onto a chest and sank it: the caller then asks for its island."""
        chests = self.chests if chests is None else chests
        at = self.at if at is None else at
        if kind == "sea" and square in chests:
            push_line(self.board, at, chests, square, direction)
        if simulate:
            return False
        if kind == "maelstrom":
            self.via = self.board.maelstrom_at(square)
            exit_square = self.board.exit_of(self.via)
            self.move(ship, exit_square)
            self.acted.add(ship)  # R13: its turn ends abruptly, even when blasted there
            if exit_square in self.chests:
                self.chests.discard(exit_square)
                return True
            return False
        self.move(ship, square)
        return False

    def chest_options(self, ship: str, direction: str, rest: list[tuple[Square, str]]) -> list[str]:
        """R25: push the chest (line) to the end of the blast, or sink / run aground on the chest
        directly ahead after k pushes."""
        options = []
        r = len(rest)
        for k in range(r + 1):
            chests = set(self.chests)
            at = {sq: name for sq, name in self.at.items() if name != ship}
            try:
                for j in range(k):
                    square, kind = rest[j]
                    if kind != "sea":
                        raise Illegal("terminal")
                    self.enter(ship, square, kind, direction, chests, at, simulate=True)
            except Illegal:
                break
            if k == r:
                options.append(f"bump {r}")
                break
            square, kind = rest[k]
            if kind == "sea" and square in chests:
                word = "aground" if self.board.is_shallows(square) else "sink"
                options.append(word if k == 0 else f"bump {k} {word}")
        if r and not any(o == f"bump {r}" for o in options):
            # a full push may still work when its last step is terminal (a maelstrom or a claim)
            chests = set(self.chests)
            at = {sq: name for sq, name in self.at.items() if name != ship}
            try:
                for square, kind in rest:
                    self.enter(ship, square, kind, direction, chests, at, simulate=True)
                options.append(f"bump {r}")
            except Illegal:
                pass
        return options

    def blast(self, ship: str, direction: str) -> bool:
        """Blast `ship` 2 squares; False when it cannot move even one square (a backfire)."""
        while True:
            first = self.board.wrap_step(self.pos(ship), direction)
            other = self.at.get(first)
            if other is None or not self.valid(ship, other):
                break
            # R5: resolve the pending attack on the ship in the way first, then blast from here.
            self.pending = [p for p in self.pending if p[:2] != (ship, other)]
            if len(self.context) >= MAX_NESTING:
                raise Loss()  # an R5 regress this deep can only be an endless exchange (R7)
            self.context.append((ship, direction))
            self.resolve(ship, other)
            self.context.pop()
        steps = self.plan_blast(ship, direction)
        if not steps:
            return False
        start, chests_before, landing, sunk = self.pos(ship), frozenset(self.chests), None, False
        self.via = None
        for i, (square, kind) in enumerate(steps):
            if kind == "sea" and square in self.chests:
                rest = steps[i:]
                choice = self.ask("chest", self.chest_options(ship, direction, rest), ship)
                sunk, landing = self.apply_chest_choice(ship, direction, rest, choice)
                break
            sunk = self.enter(ship, square, kind, direction)
            if kind != "sea":
                break
        self.note("blast", ship, direction, start, self.pos(ship), self.via, chests_before, frozenset(self.chests),
                  landing)
        if sunk:
            self.sink()
        self.land(ship)
        return True

    def apply_chest_choice(self, ship: str, direction: str, rest, choice: str) -> tuple[bool, str | None]:
        """Push, then sink or run aground as chosen. Returns (a chest was sunk, "sink" | "aground" |
        None): the caller asks for the sunk chest's island once the ship has moved."""
        words = choice.split()
        if words[0] == "bump":
            pushes = int(words[1])
            landing = words[2] if len(words) > 2 else None
        else:
            pushes, landing = 0, words[0]
        for square, kind in rest[:pushes]:
            sunk = self.enter(ship, square, kind, direction)
            if kind != "sea":
                return sunk, None
        if landing is None:
            return False, None
        square = rest[pushes][0]
        self.move(ship, square)
        if landing == "sink":
            self.chests.discard(square)
            return True, landing
        return False, landing

    def resolve(self, attacker: str, target: str) -> None:
        """One attack: the target loses a mast and is blasted 2 squares away; if it cannot move even
        one, the attack backfires (both lose a mast, the attacker is blasted the other way)."""
        self.attacks += 1
        if self.attacks > self.rules.loop_cap:
            raise Loss()
        self.hits.add(target)
        direction = direction_between(self.pos(attacker), self.pos(target))
        masts = self.ships[target][1]
        self.lose_mast(target)
        self.note("attack", attacker, target, direction, masts, self.ships[target][1])
        if not self.blast(target, direction):
            self.lose_mast(attacker)
            self.hits.add(attacker)
            self.note("backfire", attacker, target, self.ships[attacker][1])
            if not self.blast(attacker, opposite(direction)):
                # R6: a double block
                self.note("stuck", attacker)
                if self.rules.double_block == "loop_loses":
                    raise Loss()
        mark = self.fingerprint()
        if mark in self.seen:
            raise Loss()
        self.seen.add(mark)

    def drain(self) -> None:
        """R3/R4: resolve pending attacks, in the order the active player picks, until none is left."""
        while True:
            self.pending = [p for p in self.pending if self.valid(p[0], p[1])]
            if not self.pending:
                return
            if len(self.pending) == 1:
                attacker, target, _ = self.pending[0]
            else:
                answer = self.ask("attack", [f"attack {a} {t}" for a, t, _ in self.pending])
                _, attacker, target = answer.upper().split()
            self.pending = [p for p in self.pending if p[:2] != (attacker, target)]
            self.resolve(attacker, target)

    # --- back to an immutable state

    def ships_tuple(self) -> tuple[Ship, ...]:
        return tuple(Ship(name, self.ships[name][0], self.ships[name][1]) for name in SHIP_NAMES)


def parse_sail(move: str):
    words = move.split()
    land = words[4] if len(words) > 4 else None
    return words[1].upper(), words[2].upper(), int(words[3]), land


def run_sail(base: State, moves: tuple[str, ...], trace: list | None = None) -> State:
    """The state after the sail moves[0] and the chain answers moves[1:], from `base`; with `trace`,
    what happened is noted there step by step (see `Work.note`)."""
    ship, direction, n, land = parse_sail(moves[0])
    work = Work(base, moves[1:], trace)
    bonus_sails = tuple(s for s in base.bonus_sails if s != ship) if ship in base.acted else base.bonus_sails
    common = dict(
        acted_after_wind=base.acted_after_wind or base.wind_changed,
        bonus_sails=bonus_sails,
    )
    try:
        work.sail(ship, direction, n, land)
        work.drain()
    except Pause as pause:
        chain = Chain(base, tuple(moves), pause.decision, pause.options,
                      tuple(sorted((a, t) for a, t, _ in work.pending)), pause.blasted)
        return with_changes(base, ships=work.ships_tuple(), chests=tuple(sorted(work.chests)),
                            acted=tuple(sorted(work.acted)), aground_this_turn=tuple(sorted(work.aground_turn)),
                            chain=chain, last_path=tuple(work.path), **common)
    except Loss:
        return with_changes(base, ships=work.ships_tuple(), chests=tuple(sorted(work.chests)),
                            acted=tuple(sorted(work.acted)), aground_this_turn=tuple(sorted(work.aground_turn)),
                            chain=None, last_path=tuple(work.path), phase="over",
                            result=("infinite_loop", base.seat_of(other_fleet(base.active))), **common)
    state = with_changes(base, ships=work.ships_tuple(), chests=tuple(sorted(work.chests)),
                         acted=tuple(sorted(work.acted)), aground_this_turn=tuple(sorted(work.aground_turn)),
                         chain=None, last_path=tuple(work.path), **common)
    winner = winning_fleet(state)
    if winner:
        return with_changes(state, phase="over", result=("two_chests", state.seat_of(winner)))
    enemies = {name for name in SHIP_NAMES if fleet_of(name) != base.active}
    if enemies <= work.hits:
        # R8: a Rigadoon: the ship that sailed regains all its masts and may sail once more.
        ships = tuple(Ship(s.name, s.square, 3) if s.name == ship else s for s in state.ships)
        granted = state.rules.rigadoon_limit == "unlimited" or ship not in state.bonus_earned
        work.note("rigadoon", ship, granted)
        if granted:
            state = with_changes(state, ships=ships,
                                 bonus_sails=tuple(sorted(set(state.bonus_sails) | {ship})),
                                 bonus_earned=tuple(sorted(set(state.bonus_earned) | {ship})))
    return state


def winning_fleet(state: State) -> str | None:
    """R9: two ships in port win; when both fleets qualify, the active fleet wins."""
    qualified = []
    for fleet in (state.active, other_fleet(state.active)):
        in_port = [s for s in state.ships if fleet_of(s.name) == fleet and s.square is not None
                   and state.board.island_at(s.square) is not None]
        if len(in_port) >= 2:
            qualified.append(fleet)
    return qualified[0] if qualified else None
