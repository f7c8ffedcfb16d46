"""Random playouts of Rigadoon for the conformance suite, with the spec's game invariants."""

from collections import Counter

SETUPS = [
    (2, {"turn_limit": 30}),
    (2, {"turn_limit": 30, "wind": "die", "exits": "same_side", "first": "seat0", "rigadoon_limit": "unlimited"}),
    (2, {"turn_limit": 24, "deck_copies": 2, "same_wind": "keep", "double_block": "loop_loses", "loop_cap": 200}),
]
PLAYOUTS = 2
MAX_STEPS = 1500


def check_state(game, state):
    board = state.board
    squares = [s.square for s in state.ships if s.square is not None]
    assert len(squares) == len(set(squares)), "two ships share a square"
    assert len(state.chests) == len(set(state.chests)), "two chests share a square"
    assert len(state.chests) <= 4
    for ship in state.ships:
        assert 0 <= ship.masts <= 3, f"{ship.name} has {ship.masts} masts"
        if ship.square is None:
            continue
        assert not board.maelstrom_at(ship.square), f"{ship.name} stays on a maelstrom"
        if ship.square in state.chests:
            assert board.is_shallows(ship.square) or board.island_at(ship.square), "a chest under a ship at sea"
        if board.island_at(ship.square):
            assert ship.square in state.chests, "a ship on an island without a chest"
    for square in state.chests:
        assert not board.maelstrom_at(square), "a chest on a maelstrom"
    if state.phase == "play":
        assert state.wind is not None
        # a ship action only counts as "after the wind" once the wind has changed (R10)
        assert state.wind_changed or not state.acted_after_wind
        if state.chain is not None:
            assert state.chain.options, "an open decision without options"
    if state.rules.wind_mode == "deck" and state.wind is not None:
        cards = Counter(state.pile) + Counter(state.discards) + Counter([state.wind])
        assert sorted(cards.elements()) == sorted(d for d in ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
                                                  for _ in range(state.rules.deck_copies)), "the deck lost a card"


# --- a purposeful player for whole-game tests (shared/BRIEF-strategy) -----------------------------------------
#
# Rigadoon has no hidden information, so the seat's view holds the whole position; `choose` rebuilds a
# state from the view's `position` fields (the spec guarantees a view can be fed back as a position) and
# looks one sail ahead through the pure engine: it tries each legal ship action, answers the chain's
# decisions with the same simple preferences it uses for real ones, and keeps the action whose result
# scores best for its own fleet. The score wants, in this order: a win, ships in port, chests on
# islands its ships are nearer to than the enemy's, chests sunk or out of The Shallows, masts.

import random  # noqa: E402  (grouped with the player it serves)

from pbem.games.rigadoon import engine as _engine  # noqa: E402
from pbem.games.rigadoon import rules as _rules  # noqa: E402
from pbem.games.rigadoon.board import exit_mappings, load_board  # noqa: E402
from pbem.games.rigadoon.state import Ship, with_changes  # noqa: E402

_CHAIN_CAP = 40  # decisions answered while simulating one sail; chains are far shorter in practice


def _exits_option(view: dict) -> str:
    """Which exit mapping the view's board shows (the option itself is not in the view)."""
    board_id = view["board"]["id"]
    for mapping in exit_mappings(board_id):
        board = load_board(board_id, mapping)
        if {c: board.name(sq) for c, sq in board.exits} == view["board"]["exits"]:
            return mapping
    return "opposite"


def _state_from(view: dict):
    """A state holding the view's position. Ships and chests are put in after the position check,
    because a view taken inside a chain may show what no start position may (two ships in port while
    the chain still runs)."""
    ships = {name: None for name in view["ships"]}
    position = {"wind": view["wind"], "to_move": view["to_move"], "seats": view["seats"], "ships": ships}
    options = {"board": view["board"]["id"], "exits": _exits_option(view), "position": position}
    state = _rules.initial_state(2, _rules.resolve_options(2, options))
    board = state.board
    placed = tuple(Ship(s.name, None, 0) if view["ships"][s.name] is None else
                   Ship(s.name, board.parse(view["ships"][s.name][0]), view["ships"][s.name][1])
                   for s in state.ships)
    return with_changes(state, ships=placed, chests=tuple(sorted(board.parse(c) for c in view["chests"])))


def _distance(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _movers(state, fleet):
    """Squares (and masts) of the fleet's ships that can still go somewhere: at sea, on the board."""
    return [(s.square, s.masts) for s in state.ships
            if s.name[0] == fleet and s.square is not None and not state.board.island_at(s.square)]


def _nearest(movers, square) -> float:
    """Roughly how many turns away the nearest of these ships is (a mastless ship must repair first)."""
    if not movers:
        return 99.0
    return min(_distance(sq, square) / 2.5 + (1 if masts == 0 else 0) for sq, masts in movers)


def _score(state, fleet: str) -> float:
    enemy = "G" if fleet == "B" else "B"
    if state.result is not None:
        winner = state.result[1]
        return 10000.0 if winner == state.seat_of(fleet) else -10000.0
    board = state.board
    mine, theirs = _movers(state, fleet), _movers(state, enemy)
    score = 0.0
    for ship in state.ships:
        if ship.square is None:
            continue
        sign = 1 if ship.name[0] == fleet else -1
        score += sign * 2 * ship.masts
        if board.island_at(ship.square):
            score += sign * 120
    for chest in state.chests:
        if board.island_at(chest):
            if state.ship_at(chest) is not None:
                continue
            lead = _nearest(theirs, chest) - _nearest(mine, chest)
            score += 12 * max(-3.0, min(3.0, lead)) - 4 * _nearest(mine, chest)
        elif board.is_shallows(chest):
            score -= 1.5 * _nearest(mine, chest)
        else:
            score += 15 - 1.5 * _nearest(mine, chest)
    return score


def _island_choice(state, options, fleet: str) -> str:
    """Wash a sunk chest up where our ships are nearest compared with the enemy's."""
    enemy = "G" if fleet == "B" else "B"
    mine, theirs = _movers(state, fleet), _movers(state, enemy)

    def lead(option):
        square = state.board.island(option.split()[1])
        return _nearest(theirs, square) - _nearest(mine, square)
    return max(options, key=lead)


def _chain_answer(state, decision: str, options, fleet: str, rng: random.Random) -> str:
    options = sorted(options)
    if decision == "island":
        return _island_choice(state, options, fleet)
    if decision == "chest":
        # sinking is always progress: the active fleet picks the island
        sinking = [o for o in options if o.endswith("sink")]
        if sinking:
            return rng.choice(sinking)
        pushes = [o for o in options if o.startswith("bump") and len(o.split()) == 2]
        return rng.choice(pushes or options)
    return rng.choice(options)


def _simulate(state, move: str, fleet: str, rng: random.Random):
    """The state after our own sail or repair and its whole chain, decisions answered by preference."""
    if move.startswith("repair"):
        return _rules.apply_move(state, move)
    after = _engine.run_sail(state, (move,))
    for _ in range(_CHAIN_CAP):
        chain = after.chain
        if chain is None:
            break
        answer = _chain_answer(after, chain.decision, chain.options, fleet, rng)
        after = _engine.run_sail(chain.base, chain.moves + (answer,))
    return after


def choose(view: dict, legal: list[str], seat: int, rng: random.Random) -> str:
    """Pick one of `legal` for `seat`, knowing only the seat's own `view` (JSON data)."""
    if len(legal) == 1:
        return legal[0]
    if view["phase"] != "play":
        return rng.choice(legal)  # the fleet colour and the opening wind: either is fine
    fleet = view["to_move"][0].upper()
    state = _state_from(view)
    if view["chain"] is not None:
        return _chain_answer(state, view["chain"]["decision"], legal, fleet, rng)
    actions = [m for m in legal if m not in ("wind", "end")]
    rng.shuffle(actions)  # ties go to a random action
    now = _score(state, fleet)
    best, gain = None, float("-inf")
    for move in actions:
        value = _score(_simulate(state, move, fleet, rng), fleet) - now
        if value > gain:
            best, gain = move, value
    if "wind" in legal:
        owing = [name for name, s in view["ship_state"].items() if name[0] == fleet and s["owes_action"]]
        # Change the wind before the last owed action (it may never be the turn's last action), and
        # otherwise first, unless something decisive (a claim, a sinking) can be done with this wind.
        if best is None or len(owing) <= 1 or gain < 20:
            return "wind"
    if "end" in legal and (best is None or gain <= 0.5):
        return "end"
    return best
