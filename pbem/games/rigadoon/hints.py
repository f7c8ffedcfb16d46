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

The words, choices and headings are Phrases (pbem/games/base.py, issue 26), read in the seat page's
language; ship names, squares, island corners and directions in notation stay as the rules write them.
"""

from __future__ import annotations

from typing import Sequence

from pbem.games.base import N_, Hint, Phrase, counted, joined, listed, said

from .board import DIRECTIONS, direction_between, opposite
from .engine import Illegal, Loss, Pause, Work, parse_sail, run_sail, walk_sail
from .rules import legal_moves
from .state import State, fleet_of
from .words import DIRECTION_WORDS, FLEET_WORDS

# The sections of /rules/rigadoon a hint may link to (tests check each is an id on the rules page).
RULE_ANCHORS = ("setup", "turn", "wind", "sailing", "bumping", "sinking", "aground", "claiming", "leaving-port",
                "maelstroms", "attacks", "chain-reactions", "blasted-into-chests", "islands", "repairs",
                "rigadoon", "winning", "backfire", "infinite-loop")

TURN_GROUP = N_("Your turn")
CHOICES = {"bump": N_("bump"), "sink": N_("sink"), "run aground": N_("run aground"), "repair": N_("repair"),
           "through the maelstrom": N_("through the maelstrom"), "blue": N_("blue"), "green": N_("green")}


def _squares(n: int) -> Phrase:
    return counted("%(n)s square", "%(n)s squares", n)


def _masts(n: int) -> Phrase:
    return N_("no masts") if n == 0 else counted("%(n)s mast", "%(n)s masts", n)


def _sentences(parts: Sequence) -> Phrase:
    """Sentences told one after another, a space between them."""
    spaced: list = []
    for part in parts:
        spaced.extend((" ", part) if spaced else (part,))
    return joined(*spaced)


def _ship_words(state: State, name: str, fleet: str) -> Phrase | str:
    """A ship as a player says it: its name, and whose it is when it is the mover's own."""
    return said("%(ship)s (yours)", ship=name) if fleet_of(name) == fleet else name


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
            hints[move] = Hint(group=TURN_GROUP, rule="turn", words=said(
                "End your turn: the %(fleet)s fleet moves next.", fleet=FLEET_WORDS[_other(state.active)]))
    return hints


def _other(fleet: str) -> str:
    return "G" if fleet == "B" else "B"


# --- setup ----------------------------------------------------------------------------------------------------


def _colour_hint(state: State, move: str) -> Hint:
    colour = move.split()[1]
    fleet = colour[0].upper()
    starts = [state.board.name(sq) for name, sq in state.board.ship_starts if fleet_of(name) == fleet]
    return Hint(group=N_("Choose your fleet"), choice=CHOICES.get(colour, colour), rule="setup", words=said(
        "Command the %(colour)s fleet (%(fleet)s1-%(fleet)s4, starting on %(starts)s) and take the first turn; "
        "your opponent then picks the opening wind.", colour=FLEET_WORDS[fleet], fleet=fleet, starts=listed(starts)))


def _opening_hint(state: State, move: str) -> Hint:
    wind = move.split()[1]
    board = state.board
    down = next(d for d in DIRECTIONS if board.orange(wind, d) == max(board.orange(wind, e) for e in DIRECTIONS))
    best = board.orange(wind, down)
    return Hint(group=N_("Choose the opening wind"), choice=wind, rule="wind", words=said(
        "The wind blows from the %(wind)s: ships sail farthest toward the %(downwind)s (%(best)s squares, "
        "%(most)s with all 3 masts). Your opponent moves first under it.", wind=DIRECTION_WORDS[wind],
        downwind=DIRECTION_WORDS[down], best=best, most=best + board.yellow_bonus))


# --- the turn's actions ---------------------------------------------------------------------------------------


def _wind_hint(state: State) -> Hint:
    if state.rules.wind_mode == "die" and state.rules.same_wind == "redraw":
        words = said("Roll the wind die (a roll of the current wind is rolled again): the new wind sets how far "
                     "every ship sails from now on. Once per turn, and never as your last action: keep a ship "
                     "action for after it.")
    elif state.rules.wind_mode == "die":
        words = said("Roll the wind die: the new wind sets how far every ship sails from now on. Once per turn, "
                     "and never as your last action: keep a ship action for after it.")
    else:
        words = said("Draw the next wind card from the pile of %(n)s: the new wind sets how far every ship sails "
                     "from now on. Once per turn, and never as your last action: keep a ship action for after it.",
                     n=len(state.pile))
    return Hint(group=TURN_GROUP, rule="wind", words=words)


def _repair_hint(state: State, move: str) -> Hint:
    name = move.split()[1]
    ship = state.ship(name)
    parts: list = [said("%(ship)s repairs one mast (%(masts)s to %(more)s) and cannot sail this turn.",
                        ship=name, masts=ship.masts, more=ship.masts + 1)]
    if state.in_port(name):
        parts.append(N_("It stays in port."))
    elif state.aground(name) and ship.masts + 1 == 3:
        parts.append(N_("With 3 masts it may sail off the chest next turn."))
    return Hint(piece=name, rule="repairs", choice=CHOICES["repair"], words=_sentences(parts))


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

    parts: list = []
    if name in state.acted:
        parts.append(said("%(ship)s takes its Rigadoon bonus sail.", ship=name))
    if n > board.orange(state.wind, direction):
        parts.append(said("%(ship)s sails %(squares)s %(direction)s (a yellow square: only a ship with all 3 masts "
                          "reaches it).", ship=name, squares=_squares(n), direction=DIRECTION_WORDS[direction]))
    else:
        parts.append(said("%(ship)s sails %(squares)s %(direction)s.", ship=name, squares=_squares(n),
                          direction=DIRECTION_WORDS[direction]))
    if state.in_port(name):
        parts.append(said("It leaves port on island %(island)s: the chest there is free for either fleet again.",
                          island=board.island_at(ship.square)))
    elif state.aground(name):
        parts.append(N_("It floats off the chest it had run aground on; the chest stays."))
    if pushed_to:
        ray, square = set(), ship.square
        for _ in range(n + len(state.chests)):
            square = board.step(square, direction)
            ray.add(square)
        # a chest pushed into a maelstrom comes out on its exit, off the ship's line
        places = listed([board.name(sq) if sq in ray else said("%(square)s (through the maelstrom)",
                                                                square=board.name(sq)) for sq in pushed_to])
        parts.append(said("It pushes the chests ahead of it on to %(places)s.", places=places) if len(pushed_to) > 1
                     else said("It pushes the chest ahead of it on to %(places)s.", places=places))
    choice, rule = (CHOICES["bump"], "bumping") if pushed_to else ("", "leaving-port" if state.in_port(name) else "sailing")
    if outcome == "claim":
        parts.append(said("It claims the chest on island %(island)s: in port, with all 3 masts.",
                          island=board.island_at(final)))
        rule = "claiming"
    elif through:
        parts.append(said("It enters the maelstrom on %(maelstrom)s and comes out on its exit, %(target)s, where its "
                          "sail ends.", maelstrom=board.name(path[-2]), target=target))
        if outcome == "sink":
            parts.append(said("The chest on %(target)s sinks; you choose the island it washes up on.", target=target))
        choice, rule = CHOICES["through the maelstrom"], "maelstroms"
    elif outcome == "sink":
        parts.append(said("It sinks the chest on %(target)s and stops there; you choose the island the chest washes "
                          "up on.", target=target))
        choice, rule = CHOICES["sink"], "sinking"
    elif outcome == "aground":
        parts.append(said("It runs aground on the chest on %(target)s: it cannot sail off this turn, and later only "
                          "with 3 masts.", target=target))
        choice, rule = CHOICES["run aground"], "aground"

    attacked = [(others[sq], sq) for sq in board.neighbours(final) if sq in others]
    if attacked:
        ships = [said("%(ship)s to the %(direction)s", ship=_ship_words(state, other, fleet),
                      direction=DIRECTION_WORDS[direction_between(final, sq)]) for other, sq in attacked]
        parts.append(said("Landing on %(target)s, it attacks %(ships)s.", target=target, ships=listed(ships)))
        if rule in ("sailing", "leaving-port"):
            rule = "attacks"
    if attacked or outcome == "claim":
        lines, special = _consequences(state, move, fleet, island_said=outcome == "sink")
        parts.extend(lines)
        rule = special or rule
    return Hint(piece=name, target=target, path=passed, choice=choice, words=_sentences(parts), rule=rule)


def _consequences(state: State, move: str, fleet: str, island_said: bool = False) -> tuple[list[Phrase], str | None]:
    """What a sail sets off, played through the engine: blasts, lost masts, claims, a Rigadoon, the end;
    and the rules section that says most about it when that is not the sail's own (a win, a loop, a Rigadoon)."""
    try:
        after = run_sail(state, (move,))
    except (Illegal, Loss):  # cannot happen for a listed move; words must never break a page
        return [], None
    if after.result is not None:
        termination, winner = after.result
        if termination == "infinite_loop":
            return [N_("This sets off an endless loop of attacks: you lose the game!")], "infinite-loop"
        if winner == state.seat_of(fleet):
            return [N_("Two of your ships are in port: you win the game!")], "winning"
        return [N_("Two enemy ships end up in port: your opponent wins the game!")], "winning"
    lines: list[Phrase] = []
    board = state.board
    moved = []
    for before, now in zip(state.ships, after.ships):
        if before.square is None or move.split()[1] == before.name:
            continue
        ship = _ship_words(state, before.name, fleet)
        to = None
        if now.square != before.square:
            to = (said("to %(square)s (in port)", square=board.name(now.square)) if board.island_at(now.square)
                  else said("to %(square)s", square=board.name(now.square)))
        masts = _masts(now.masts) if now.masts != before.masts else None
        if to is not None and masts is not None:
            moved.append(said("%(ship)s %(to)s with %(masts)s", ship=ship, to=to, masts=masts))
        elif to is not None:
            moved.append(said("%(ship)s %(to)s", ship=ship, to=to))
        elif masts is not None:
            moved.append(said("%(ship)s %(masts)s", ship=ship, masts=masts))
    if after.chain is not None:
        waiting = {"attack": N_("which attack comes first"), "chest": N_("how a blasted ship meets a chest"),
                   "island": N_("the island a sunk chest washes up on")}[after.chain.decision]
        if moved:
            lines.append(said("So far: %(moved)s.", moved=listed(moved)))
        if not (island_said and after.chain.decision == "island"):
            lines.append(said("Then you choose %(waiting)s.", waiting=waiting))
        return lines, None
    if moved:
        lines.append(said("Result: %(moved)s.", moved=listed(moved)))
    sailed = move.split()[1]
    if sailed in after.bonus_sails and sailed not in state.bonus_sails:
        lines.append(said("A Rigadoon! All four enemy ships are hit: %(ship)s gets back all 3 masts and may sail "
                          "once more.", ship=sailed))
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
            words, backfires = _attack_words(state, tracer, attacker, target)
            hints[move] = Hint(piece=attacker, target=board.name(state.ship(target).square), words=words,
                               rule="backfire" if backfires else "chain-reactions")
        return hints
    if chain.decision == "island":
        sinker = tracer.last_moved
        for move in legal:
            corner = move.split()[1]
            square = board.island(corner)
            near = _nearest_ships(state, square, fleet)
            hints[move] = Hint(piece=sinker, target=board.name(square), choice=said("island %(corner)s", corner=corner),
                               rule="sinking", words=said(
                                   "The sunk chest washes up on island %(corner)s (%(square)s) and stays there; the "
                                   "first ship to land there claims it. Nearest ships: %(near)s.",
                                   corner=corner, square=board.name(square), near=near))
        return hints
    ship, direction, rest = tracer.chest_blast
    for move in legal:
        hints[move] = _chest_hint(state, move, ship, direction, rest)
    return hints


def _nearest_ships(state: State, square, fleet: str) -> Phrase:
    at_sea = [(max(abs(s.square[0] - square[0]), abs(s.square[1] - square[1])), s.name) for s in state.ships
              if s.square is not None and not state.in_port(s.name)]
    return listed([said("%(ship)s %(squares)s away", ship=_ship_words(state, name, fleet), squares=_squares(d))
                   for d, name in sorted(at_sea)[:3]])


def _attack_words(state: State, tracer: "_Tracer", attacker: str, target: str) -> tuple[Phrase, bool]:
    """One pending attack, resolved first: who loses a mast and where the target goes, or the backfire
    (and whether it backfires)."""
    board = state.board
    fleet = state.active
    away = direction_between(state.ship(attacker).square, state.ship(target).square)
    masts = state.ship(target).masts
    loses = said("%(ship)s loses a mast", ship=target) if masts else said("%(ship)s has no mast to lose", ship=target)
    first = said("%(attacker)s fires on %(target)s first: %(loses)s", attacker=attacker,
                 target=_ship_words(state, target, fleet), loses=loses)
    in_the_way = tracer.at.get(board.wrap_step(tracer.pos(target), away))
    if in_the_way is not None and any((a, t) == (target, in_the_way) for a, t, _ in tracer.pending):
        return said("%(first)s; its own attack on %(blocker)s, who blocks its way, comes first. The other attacks "
                    "follow.", first=first, blocker=in_the_way), False
    steps = tracer.plan_blast(target, away)
    if not steps:
        return said("%(first)s, but it cannot move %(direction)s: the attack backfires. %(attacker)s also loses a "
                    "mast and is blasted 2 squares %(back)s. The other attacks follow.", first=first,
                    direction=DIRECTION_WORDS[away], attacker=attacker, back=DIRECTION_WORDS[opposite(away)]), True
    square, kind = steps[-1]
    if any(sq in tracer.chests and k == "sea" for sq, k in steps):
        where = said("is blasted %(direction)s into a chest, and you choose how it meets it",
                     direction=DIRECTION_WORDS[away])
    elif kind == "maelstrom":
        where = said("is blasted into the maelstrom on %(square)s and out on its exit", square=board.name(square))
    elif kind == "claim":
        where = said("is blasted onto island %(island)s and claims the chest there", island=board.island_at(square))
    else:
        squares = [tracer.pos(target)] + [sq for sq, _ in steps]
        wraps = any(abs(a[0] - b[0]) > 1 or abs(a[1] - b[1]) > 1 for a, b in zip(squares, squares[1:]))
        values = {"squares": _squares(len(steps)), "direction": DIRECTION_WORDS[away], "square": board.name(square)}
        where = (said("is blasted %(squares)s %(direction)s across the edge to %(square)s", **values) if wraps
                 else said("is blasted %(squares)s %(direction)s to %(square)s", **values))
    return said("%(first)s and %(where)s. The other attacks follow.", first=first, where=where), False


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
        where = said("it is blasted on to %(square)s", square=board.name(final))
        if kind == "maelstrom":
            where = said("it is blasted into the maelstrom on %(maelstrom)s and out on %(square)s",
                         maelstrom=board.name(last), square=board.name(final))
        elif kind == "claim":
            where = said("it lands on island %(island)s and claims the chest there", island=board.island_at(last))
        text = said("%(ship)s pushes the chest ahead of it %(squares)s %(direction)s; %(where)s.", ship=ship,
                    squares=_squares(pushes), direction=DIRECTION_WORDS[direction], where=where)
        choice, rule = CHOICES["bump"], "blasted-into-chests"
    else:
        final = rest[pushes][0]
        passed = entered
        values = {"ship": ship, "square": board.name(final), "squares": _squares(pushes),
                  "direction": DIRECTION_WORDS[direction]}
        if landing == "sink":
            text = said("%(ship)s pushes the chest %(squares)s %(direction)s, then sinks it on %(square)s and stops "
                        "there; you choose the island it washes up on.", **values) if pushes else said(
                        "%(ship)s sinks the chest on %(square)s and stops there; you choose the island it washes up "
                        "on.", ship=ship, square=board.name(final))
            choice = CHOICES["sink"]
        else:
            text = said("%(ship)s pushes the chest %(squares)s %(direction)s, then runs aground on it on %(square)s "
                        "and stops there.", **values) if pushes else said(
                        "%(ship)s runs aground on the chest on %(square)s and stops there.", ship=ship,
                        square=board.name(final))
            choice = CHOICES["run aground"]
        rule = "blasted-into-chests"
    return Hint(piece=ship, target=board.name(final), path=tuple(board.name(sq) for sq in passed), choice=choice,
                rule=rule, words=_sentences([text, N_("Then it attacks any ship beside it.")]))
