"""The computer player of RIGADOON (architecture section 16): `choose(view, legal, rng)`.

Rigadoon hides nothing, so a seat's view holds the whole position. The player rebuilds a state from
the view (its position fields, turn record, wind pile and rules) and plays candidate moves through the
game's own pure engine. For every ship action it plays out the chain the action sets off, trying the
answers to the chain's decisions (which attack next, what a blasted ship does with a chest, where a
sunk chest washes up) within a budget, and keeps the action whose outcome scores best for its fleet.
Inside a chain it replays the chain from the position the view records for the moment the sail began
(`chain.before`), so it answers the decisions the way it planned them, or better.

The score wants, in this order: a win, ships in port, chests on islands its ships are nearer to than
the enemy's, chests sunk or out of The Shallows, masts. The wind changes first unless the current wind
already offers something decisive. Every choice depends only on (view, legal, rng): the generator
breaks ties between equally good actions.
"""

from __future__ import annotations

from .board import exit_mappings, load_board
from .engine import run_sail
from .rules import apply_move, initial_state, resolve_options
from .state import SHIP_NAMES, Ship, State, with_changes

WIN = 10000.0
ACTION_BUDGET = 40  # chain replays tried per candidate action
CHAIN_BUDGET = 400  # chain replays tried when answering a decision of a chain in play
DECISIVE = 20.0  # a gain this large is worth taking before the wind changes


# --- the position, rebuilt from the view -------------------------------------------------------------------


def _exits_option(view: dict) -> str:
    """Which exit mapping the view's board shows (for views that do not carry their rules)."""
    board_id = view["board"]["id"]
    for mapping in exit_mappings(board_id):
        board = load_board(board_id, mapping)
        if {c: board.name(sq) for c, sq in board.exits} == view["board"]["exits"]:
            return mapping
    return "opposite"


def state_from_view(view: dict, before: dict | None = None) -> State:
    """A state holding the view's position (or, with `before`, the position of the chain's start).

    Ships and chests are put in after the position check, because a view taken inside a chain may show
    what no start position may (two ships in port while the chain still runs)."""
    rules = dict(view.get("rules") or {})
    rules.setdefault("exits", _exits_option(view))
    rules.setdefault("wind", view["wind_detail"]["mode"])
    rules.pop("turn_limit", None)  # the player never ends a turn in its simulations
    position = {"wind": view["wind"], "to_move": view["to_move"], "seats": view["seats"],
                "ships": {name: None for name in SHIP_NAMES}}
    state = initial_state(2, resolve_options(2, {**rules, "board": view["board"]["id"], "position": position}))
    board = state.board
    source = before or view
    record = before or view["turn_record"]
    ships = tuple(Ship(name, None, 0) if source["ships"].get(name) is None else
                  Ship(name, board.parse(source["ships"][name][0]), source["ships"][name][1])
                  for name in SHIP_NAMES)
    return with_changes(
        state, ships=ships, chests=tuple(sorted(board.parse(c) for c in source["chests"])),
        acted=tuple(record["acted"]), aground_this_turn=tuple(record["ran_aground_this_turn"]),
        bonus_sails=tuple(record["bonus_sails"]), bonus_earned=tuple(record["bonus_earned"]),
        wind_changed=view["turn_record"]["wind_changed"],
        acted_after_wind=view["turn_record"]["ship_action_after_wind"],
        pile=tuple(view["wind_detail"]["pile"]), discards=tuple(view["wind_detail"]["discards"]),
        turn=view["turn"])


# --- judging a position --------------------------------------------------------------------------------------


def _distance(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _movers(state: State, fleet: str):
    """Squares (and masts) of the fleet's ships that can still go somewhere: at sea, on the board."""
    return [(s.square, s.masts) for s in state.ships
            if s.name[0] == fleet and s.square is not None and not state.board.island_at(s.square)]


def _nearest(movers, square) -> float:
    """Roughly how many turns away the nearest of these ships is (a mastless ship must repair first)."""
    if not movers:
        return 99.0
    return min(_distance(sq, square) / 2.5 + (1 if masts == 0 else 0) for sq, masts in movers)


def score(state: State, fleet: str) -> float:
    """How good the position is for `fleet` (higher is better)."""
    enemy = "G" if fleet == "B" else "B"
    if state.result is not None:
        winner = state.result[1]
        if winner is None:
            return 0.0
        return WIN if winner == state.seat_of(fleet) else -WIN
    board = state.board
    mine, theirs = _movers(state, fleet), _movers(state, enemy)
    total = 0.0
    for ship in state.ships:
        if ship.square is None:
            continue
        sign = 1 if ship.name[0] == fleet else -1
        total += sign * 2 * ship.masts
        if board.island_at(ship.square):
            total += sign * 120
    for chest in state.chests:
        if board.island_at(chest):
            if state.ship_at(chest) is not None:
                continue
            lead = _nearest(theirs, chest) - _nearest(mine, chest)
            total += 12 * max(-3.0, min(3.0, lead)) - 4 * _nearest(mine, chest)
        elif board.is_shallows(chest):
            total -= 1.5 * _nearest(mine, chest)
        else:
            total += 15 - 1.5 * _nearest(mine, chest)
    return total


def _preferred(state: State, decision: str, options, fleet: str) -> list[str]:
    """The options of a chain decision, the likeliest good one first (what is tried when the budget
    runs out): the island our ships are nearest to compared with the enemy's; sinking a chest (the
    active fleet picks its island); then the options in their listed order."""
    options = sorted(options)
    if decision == "island":
        enemy = "G" if fleet == "B" else "B"
        mine, theirs = _movers(state, fleet), _movers(state, enemy)

        def lead(option):
            square = state.board.island(option.split()[1])
            return _nearest(theirs, square) - _nearest(mine, square)
        return sorted(options, key=lead, reverse=True)
    if decision == "chest":
        return sorted(options, key=lambda o: not o.endswith("sink"))
    return options


def _settle(base: State, moves: tuple[str, ...], fleet: str, budget: list[int]) -> tuple[float, tuple[str, ...]]:
    """The best outcome (score, answers) of the chain `moves` sets off from `base`, trying the answers
    to its decisions depth first while the budget lasts, then only the preferred answer."""
    state = run_sail(base, moves)
    budget[0] -= 1
    if state.chain is None:
        return score(state, fleet), moves
    options = _preferred(state, state.chain.decision, state.chain.options, fleet)
    best: tuple[float, tuple[str, ...]] | None = None
    for option in options:
        if best is not None and budget[0] <= 0:
            break
        outcome = _settle(base, moves + (option,), fleet, budget)
        if best is None or outcome[0] > best[0]:
            best = outcome
    return best


def action_value(state: State, move: str, fleet: str) -> float:
    """The score after our own sail (and its chain, answered as well as the budget finds) or repair."""
    if move.startswith("repair"):
        return score(apply_move(state, move), fleet)
    return _settle(state, (move,), fleet, [ACTION_BUDGET])[0]


# --- choosing ------------------------------------------------------------------------------------------------


def _answer_chain(view: dict, legal: list[str], fleet: str) -> str:
    chain = view["chain"]
    if not chain.get("before"):
        return sorted(legal)[0]
    base = state_from_view(view, chain["before"])
    moves = (chain["started_by"], *chain["answers"])
    current = state_from_view(view)
    budget = [CHAIN_BUDGET]
    best, value = None, float("-inf")
    for option in _preferred(current, chain["decision"], legal, fleet):
        outcome = _settle(base, moves + (option,), fleet, budget)[0]
        if outcome > value:
            best, value = option, outcome
    return best


def choose(view: dict, legal: list[str], rng) -> str:
    """One of `legal` for the seat whose `view` this is; `rng` (a seeded random.Random) breaks ties."""
    if len(legal) == 1:
        return legal[0]
    if view["phase"] != "play":
        return rng.choice(sorted(legal))  # the fleet colour and the opening wind: either is fine
    fleet = view["to_move"][0].upper()
    if view.get("chain") is not None:
        return _answer_chain(view, legal, fleet)
    state = state_from_view(view)
    actions = sorted(m for m in legal if m not in ("wind", "end"))
    rng.shuffle(actions)  # ties go to a random action
    now = score(state, fleet)
    best, gain = None, float("-inf")
    for move in actions:
        value = action_value(state, move, fleet) - now
        if value > gain:
            best, gain = move, value
    if best is not None and gain > WIN / 2:
        return best  # it wins the game at once: the wind no longer matters
    if "wind" in legal:
        owing = [name for name, s in view["ship_state"].items() if name[0] == fleet and s["owes_action"]]
        # Change the wind before the last owed action (it may never be the turn's last action), and
        # otherwise first, unless something decisive (a claim, a sinking) can be done with this wind.
        if best is None or len(owing) <= 1 or gain < DECISIVE:
            return "wind"
    if "end" in legal and (best is None or gain <= 0.5):
        return "end"
    return best


BOTS = {"standard": choose}
