"""What the board needs to offer each legal move of RIGADOON (architecture section 12, `Hint`).

A sail is a ship (`data-piece` = its name) and the square it ends on; the squares it passes are its
path, and the moves of one ship to one square differ by `choice`: push the chest ahead ("bump"),
"sink" or "run aground" on it, or "through the maelstrom" (a ship entering a maelstrom ends on its
exit, so the exit is the target and the maelstrom is on the path). A repair is the ship alone.
Inside a chain, an attack order is the attacker and the square of the ship it fires on; a ship blasted
into a chest is that ship and the square it stops on; the island a sunk chest washes up on is the ship
that sank it and the island's square. `wind`, `end` and the setup choices are buttons.

The words say what a move costs and sets off. A sail that lands next to ships, or claims a chest, is
played through the pure engine (`run_sail`) to say what follows: which ships are blasted where and
lose masts, a Rigadoon, a win or a lost endless loop, or which decisions remain to be made.
"""

from __future__ import annotations

from pbem.games.base import Hint

from .board import DIRECTIONS, direction_between, opposite
from .engine import Illegal, Loss, Pause, Work, parse_sail, run_sail, walk_sail
from .rules import legal_moves
from .state import FLEET_NAMES, State, fleet_of

# The sections of /rules/rigadoon a hint may link to (tests check each is an id on the rules page).
RULE_ANCHORS = ("setup", "turn", "wind", "sailing", "bumping", "sinking", "aground", "claiming", "leaving-port",
                "maelstroms", "attacks", "chain-reactions", "blasted-into-chests", "islands", "repairs",
                "rigadoon", "winning", "backfire", "infinite-loop")

COMPASS_WORDS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south",
                 "SW": "south-west", "W": "west", "NW": "north-west"}
TURN_GROUP = "Your turn"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _masts(n: int) -> str:
    return "no masts" if n == 0 else _plural(n, "mast")


def _list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _ship_words(state: State, name: str, fleet: str) -> str:
    """A ship as a player says it: its name, and whose it is when it is the mover's own."""
    return f"{name} (yours)" if fleet_of(name) == fleet else name


def move_hints(state: State, seat: int) -> dict[str, Hint]:
    legal = legal_moves(state, seat)
    if not legal:
        return {}
    if state.phase == "colour":
        return {move: _colour_hint(state, move) for move in legal}
    if state.phase == "opening":
        return {move: _opening_hint(state, move) for move in legal}
    if state.chain is not None:
        return _chain_hints(state, legal)
    hints = {}
    for move in legal:
        verb = move.split()[0]
        if verb == "sail":
            hints[move] = _sail_hint(state, move)
        elif verb == "repair":
            hints[move] = _repair_hint(state, move)
        elif verb == "wind":
            hints[move] = _wind_hint(state)
        else:
            hints[move] = Hint(group=TURN_GROUP, rule="turn",
                               words=f"End your turn: the {FLEET_NAMES[_other(state.active)].capitalize()} fleet moves next.")
    return hints


def _other(fleet: str) -> str:
    return "G" if fleet == "B" else "B"


# --- setup ----------------------------------------------------------------------------------------------------


def _colour_hint(state: State, move: str) -> Hint:
    colour = move.split()[1]
    fleet = colour[0].upper()
    starts = [state.board.name(sq) for name, sq in state.board.ship_starts if fleet_of(name) == fleet]
    return Hint(group="Choose your fleet", choice=colour, rule="setup",
                words=f"Command the {colour.capitalize()} fleet ({fleet}1-{fleet}4, starting on {_list(starts)}) "
                      "and take the first turn; your opponent then picks the opening wind.")


def _opening_hint(state: State, move: str) -> Hint:
    wind = move.split()[1]
    board = state.board
    down = next(d for d in DIRECTIONS if board.orange(wind, d) == max(board.orange(wind, e) for e in DIRECTIONS))
    best = board.orange(wind, down)
    return Hint(group="Choose the opening wind", choice=wind, rule="wind",
                words=f"The wind blows from the {COMPASS_WORDS[wind]}: ships sail farthest toward the "
                      f"{COMPASS_WORDS[down]} ({best} squares, {best + board.yellow_bonus} with all 3 masts). "
                      "Your opponent moves first under it.")


# --- the turn's actions ---------------------------------------------------------------------------------------


def _wind_hint(state: State) -> Hint:
    if state.rules.wind_mode == "die":
        draw = "Roll the wind die" + (" (a roll of the current wind is rolled again)" if state.rules.same_wind == "redraw" else "")
    else:
        draw = f"Draw the next wind card from the pile of {len(state.pile)}"
    return Hint(group=TURN_GROUP, rule="wind",
                words=f"{draw}: the new wind sets how far every ship sails from now on. Once per turn, and never "
                      "as your last action: keep a ship action for after it.")


def _repair_hint(state: State, move: str) -> Hint:
    name = move.split()[1]
    ship = state.ship(name)
    extra = ""
    if state.in_port(name):
        extra = " It stays in port."
    elif state.aground(name) and ship.masts + 1 == 3:
        extra = " With 3 masts it may sail off the chest next turn."
    return Hint(piece=name, rule="repairs", choice="repair",
                words=f"{name} repairs one mast ({ship.masts} to {ship.masts + 1}) and cannot sail this turn.{extra}")


def _sail_hint(state: State, move: str) -> Hint:
    name, direction, n, land = parse_sail(move)
    board = state.board
    ship = state.ship(name)
    others = {s.square: s.name for s in state.ships if s.square is not None and s.name != name}
    chests = set(state.chests)
    final, outcome, path = walk_sail(board, others, chests, ship.square, direction, n, land)  # updates `chests`
    target = board.name(final)
    passed = tuple(board.name(sq) for sq in path[1:-1])
    pushed_to = sorted(chests - set(state.chests))
    fleet = fleet_of(name)
    through = outcome in ("teleport", "sink") and len(path) > 2 and board.maelstrom_at(path[-2]) is not None

    parts = []
    if name in state.acted:
        parts.append(f"{name} takes its Rigadoon bonus sail.")
    start = f"{name} sails {_plural(n, 'square')} {COMPASS_WORDS[direction]}"
    if n > board.orange(state.wind, direction):
        start += " (a yellow square: only a ship with all 3 masts reaches it)"
    parts.append(start + ".")
    if state.in_port(name):
        parts.append(f"It leaves port on island {board.island_at(ship.square)}: the chest there is free for either fleet again.")
    elif state.aground(name):
        parts.append("It floats off the chest it had run aground on; the chest stays.")
    if pushed_to:
        ray, square = set(), ship.square
        for _ in range(n + len(state.chests)):
            square = board.step(square, direction)
            ray.add(square)
        # a chest pushed into a maelstrom comes out on its exit, off the ship's line
        places = [board.name(sq) if sq in ray else f"{board.name(sq)} (through the maelstrom)" for sq in pushed_to]
        parts.append(f"It pushes the chest{'s' if len(pushed_to) > 1 else ''} ahead of it on to {_list(places)}.")
    choice, rule = ("bump", "bumping") if pushed_to else ("", "leaving-port" if state.in_port(name) else "sailing")
    if outcome == "claim":
        parts.append(f"It claims the chest on island {board.island_at(final)}: in port, with all 3 masts.")
        rule = "claiming"
    elif through:
        parts.append(f"It enters the maelstrom on {board.name(path[-2])} and comes out on its exit, {target}, "
                     "where its sail ends.")
        if outcome == "sink":
            parts.append(f"The chest on {target} sinks; you choose the island it washes up on.")
        choice, rule = "through the maelstrom", "maelstroms"
    elif outcome == "sink":
        parts.append(f"It sinks the chest on {target} and stops there; you choose the island the chest washes up on.")
        choice, rule = "sink", "sinking"
    elif outcome == "aground":
        parts.append(f"It runs aground on the chest on {target}: it cannot sail off this turn, and later only with 3 masts.")
        choice, rule = "run aground", "aground"

    attacked = [(others[sq], sq) for sq in board.neighbours(final) if sq in others]
    if attacked:
        parts.append(f"Landing on {target}, it attacks " + _list(
            [f"{_ship_words(state, other, fleet)} to the {COMPASS_WORDS[direction_between(final, sq)]}" for other, sq in attacked]) + ".")
        if rule in ("sailing", "leaving-port"):
            rule = "attacks"
    if attacked or outcome == "claim":
        lines, special = _consequences(state, move, fleet, island_said=outcome == "sink")
        parts.extend(lines)
        rule = special or rule
    return Hint(piece=name, target=target, path=passed, choice=choice, words=" ".join(parts), rule=rule)


def _consequences(state: State, move: str, fleet: str, island_said: bool = False) -> tuple[list[str], str | None]:
    """What a sail sets off, played through the engine: blasts, lost masts, claims, a Rigadoon, the end;
    and the rules section that says most about it when that is not the sail's own (a win, a loop, a Rigadoon)."""
    try:
        after = run_sail(state, (move,))
    except (Illegal, Loss):  # cannot happen for a listed move; words must never break a page
        return [], None
    if after.result is not None:
        termination, winner = after.result
        if termination == "infinite_loop":
            return ["This sets off an endless loop of attacks: you lose the game!"], "infinite-loop"
        if winner == state.seat_of(fleet):
            return ["Two of your ships are in port: you win the game!"], "winning"
        return ["Two enemy ships end up in port: your opponent wins the game!"], "winning"
    lines = []
    board = state.board
    moved = []
    for before, now in zip(state.ships, after.ships):
        if before.square is None or move.split()[1] == before.name:
            continue
        change = []
        if now.square != before.square:
            change.append(f"to {board.name(now.square)}" + (" (in port)" if board.island_at(now.square) else ""))
        if now.masts != before.masts:
            change.append(_masts(now.masts))
        if change:
            moved.append(f"{_ship_words(state, before.name, fleet)} {' with '.join(change) if len(change) == 2 else change[0]}")
    if after.chain is not None:
        waiting = {"attack": "which attack comes first", "chest": "how a blasted ship meets a chest",
                   "island": "the island a sunk chest washes up on"}[after.chain.decision]
        if moved:
            lines.append(f"So far: {_list(moved)}.")
        if not (island_said and after.chain.decision == "island"):
            lines.append(f"Then you choose {waiting}.")
        return lines, None
    if moved:
        lines.append(f"Result: {_list(moved)}.")
    sailed = move.split()[1]
    if sailed in after.bonus_sails and sailed not in state.bonus_sails:
        lines.append(f"A Rigadoon! All four enemy ships are hit: {sailed} gets back all 3 masts and may sail once more.")
        return lines, "rigadoon"
    return lines, None


# --- decisions inside a chain -----------------------------------------------------------------------------------


class _Tracer(Work):
    """The engine's working copy, remembering what the board needs about the open decision: the ship
    that moved last (the one that sank a chest) and the blast that met a chest (ship, direction, the
    squares still ahead)."""

    def __init__(self, state: State, answers):
        super().__init__(state, answers)
        self.last_moved: str | None = None
        self.chest_blast = None

    def move(self, ship: str, square) -> None:
        super().move(ship, square)
        self.last_moved = ship

    def chest_options(self, ship, direction, rest):
        options = super().chest_options(ship, direction, rest)
        self.chest_blast = (ship, direction, list(rest))
        return options


def _trace(state: State) -> _Tracer:
    chain = state.chain
    tracer = _Tracer(chain.base, chain.moves[1:])
    ship, direction, n, land = parse_sail(chain.moves[0])
    try:
        tracer.sail(ship, direction, n, land)
        tracer.drain()
    except (Pause, Loss, Illegal):
        pass
    return tracer


def _chain_hints(state: State, legal: list[str]) -> dict[str, Hint]:
    chain = state.chain
    board = state.board
    fleet = state.active
    hints = {}
    tracer = _trace(state)
    if chain.decision == "attack":
        for move in legal:
            _, attacker, target = move.split()
            words = _attack_words(state, tracer, attacker, target)
            hints[move] = Hint(piece=attacker, target=board.name(state.ship(target).square), words=words,
                               rule="backfire" if "the attack backfires" in words else "chain-reactions")
        return hints
    if chain.decision == "island":
        sinker = tracer.last_moved
        for move in legal:
            corner = move.split()[1]
            square = board.island(corner)
            near = _nearest_ships(state, square, fleet)
            hints[move] = Hint(piece=sinker, target=board.name(square), choice=f"island {corner}", rule="sinking",
                               words=f"The sunk chest washes up on island {corner} ({board.name(square)}) and stays "
                                     f"there; the first ship to land there claims it. Nearest ships: {near}.")
        return hints
    ship, direction, rest = tracer.chest_blast
    for move in legal:
        hints[move] = _chest_hint(state, move, ship, direction, rest)
    return hints


def _nearest_ships(state: State, square, fleet: str) -> str:
    at_sea = [(max(abs(s.square[0] - square[0]), abs(s.square[1] - square[1])), s.name) for s in state.ships
              if s.square is not None and not state.in_port(s.name)]
    return _list([f"{_ship_words(state, name, fleet)} {_plural(d, 'square')} away" for d, name in sorted(at_sea)[:3]])


def _attack_words(state: State, tracer: "_Tracer", attacker: str, target: str) -> str:
    """One pending attack, resolved first: who loses a mast and where the target goes, or the backfire."""
    board = state.board
    fleet = state.active
    away = direction_between(state.ship(attacker).square, state.ship(target).square)
    masts = state.ship(target).masts
    loses = f"{target} loses a mast" if masts else f"{target} has no mast to lose"
    first = f"{attacker} fires on {_ship_words(state, target, fleet)} first: {loses}"
    in_the_way = tracer.at.get(board.wrap_step(tracer.pos(target), away))
    if in_the_way is not None and any((a, t) == (target, in_the_way) for a, t, _ in tracer.pending):
        return f"{first}; its own attack on {in_the_way}, who blocks its way, comes first. The other attacks follow."
    steps = tracer.plan_blast(target, away)
    if not steps:
        return (f"{first}, but it cannot move {COMPASS_WORDS[away]}: the attack backfires. {attacker} also loses a mast "
                f"and is blasted 2 squares {COMPASS_WORDS[opposite(away)]}. The other attacks follow.")
    square, kind = steps[-1]
    if any(sq in tracer.chests and k == "sea" for sq, k in steps):
        where = f"is blasted {COMPASS_WORDS[away]} into a chest, and you choose how it meets it"
    elif kind == "maelstrom":
        where = f"is blasted into the maelstrom on {board.name(square)} and out on its exit"
    elif kind == "claim":
        where = f"is blasted onto island {board.island_at(square)} and claims the chest there"
    else:
        squares = [tracer.pos(target)] + [sq for sq, _ in steps]
        wraps = any(abs(a[0] - b[0]) > 1 or abs(a[1] - b[1]) > 1 for a, b in zip(squares, squares[1:]))
        across = " across the edge" if wraps else ""
        where = f"is blasted {_plural(len(steps), 'square')} {COMPASS_WORDS[away]}{across} to {board.name(square)}"
    return f"{first} and {where}. The other attacks follow."


def _chest_hint(state: State, move: str, ship: str, direction: str, rest) -> Hint:
    """A blasted ship meets a chest (R25): push it to the end of the blast, or sink / run aground on it
    after k pushes."""
    board = state.board
    words = move.split()
    if words[0] == "bump":
        pushes = int(words[1])
        landing = words[2] if len(words) > 2 else None
    else:
        pushes, landing = 0, words[0]
    entered = [sq for sq, _ in rest[:pushes]]
    if landing is None:
        last, kind = rest[pushes - 1]
        if kind == "maelstrom":
            final = board.exit_of(board.maelstrom_at(last))
            passed = entered
        else:
            final = last
            passed = entered[:-1]
        where = f"it is blasted on to {board.name(final)}"
        if kind == "maelstrom":
            where = f"it is blasted into the maelstrom on {board.name(last)} and out on {board.name(final)}"
        elif kind == "claim":
            where = f"it lands on island {board.island_at(last)} and claims the chest there"
        text = f"{ship} pushes the chest ahead of it {_plural(pushes, 'square')} {COMPASS_WORDS[direction]}; {where}."
        choice, rule = "bump", "blasted-into-chests"
    else:
        final = rest[pushes][0]
        passed = entered
        before = f"{ship} pushes the chest {_plural(pushes, 'square')} {COMPASS_WORDS[direction]}, then " if pushes else f"{ship} "
        it = "it" if pushes else "the chest"
        if landing == "sink":
            text = before + f"sinks {it} on {board.name(final)} and stops there; you choose the island it washes up on."
            choice = "sink"
        else:
            text = before + f"runs aground on {it} on {board.name(final)} and stops there."
            choice = "run aground"
        rule = "blasted-into-chests"
    return Hint(piece=ship, target=board.name(final), path=tuple(board.name(sq) for sq in passed), choice=choice,
                rule=rule, words=text + " Then it attacks any ship beside it.")
