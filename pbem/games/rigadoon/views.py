"""What players and spectators see (spec "Views"), and `reachable`, the squares a ship may sail to.

RIGADOON has no hidden information: every seat and spectators get the same view and events are
never redacted. The view carries the `position` fields verbatim (`wind`, `to_move`, `seats`, `ships`,
`chests`), so any view can be fed back as a `position` option.
"""

from __future__ import annotations

from .board import ORDER, downwind
from .rules import legal_moves, owes_action, sail_moves, to_move
from .state import FLEET_NAMES, SHIP_NAMES, State, fleet_of


def reachable(state: State, ship: str) -> dict:
    """The squares `ship` may sail to now, by its legal `sail` moves.

    Returns {"orange": [...], "yellow": [...], "moves": {square: [moves]}}: orange squares are
    within the card's orange range (1 mast is enough), yellow ones need all 3 masts. A maelstrom
    square is listed as itself (the ship then stops on its exit). Empty for a ship that may not sail
    now (not its fleet's turn, acted, no masts, stuck aground, a decision open)."""
    out = {"orange": [], "yellow": [], "moves": {}}
    if state.phase != "play" or state.chain is not None:
        return out
    board = state.board
    start = state.ship(ship).square
    for move in sail_moves(state, ship):
        words = move.split()
        direction, n = words[2], int(words[3])
        square = start
        for _ in range(n):
            square = board.step(square, direction)
        name = board.name(square)
        colour = "orange" if n <= board.orange(state.wind, direction) else "yellow"
        if name not in out["moves"]:
            out[colour].append(name)
            out["moves"][name] = []
        out["moves"][name].append(move)
    out["orange"].sort()
    out["yellow"].sort()
    return out


def ship_status(state: State, name: str) -> str:
    if state.ship(name).square is None:
        return "absent"
    if state.in_port(name):
        return "in_port"
    if state.aground(name):
        return "aground"
    return "at_sea"


def position_fields(state: State) -> dict:
    board = state.board
    return {
        "wind": state.wind,
        "to_move": FLEET_NAMES[state.active],
        "seats": None if state.blue_seat is None else {"blue": state.blue_seat, "green": 1 - state.blue_seat},
        "ships": {s.name: None if s.square is None else [board.name(s.square), s.masts] for s in state.ships},
        "chests": [board.name(sq) for sq in state.chests],
    }


def rules_fields(state: State) -> dict:
    """The options that change how a sail and its chain play out, so that a reader of the view (the
    computer player, a helper script) can play the position through with this game's own rules."""
    rules = state.rules
    return {"wind": rules.wind_mode, "deck_copies": rules.deck_copies, "same_wind": rules.same_wind,
            "exits": rules.exits, "double_block": rules.double_block, "rigadoon_limit": rules.rigadoon_limit,
            "loop_cap": rules.loop_cap, "turn_limit": rules.turn_limit}


def chain_before(state: State) -> dict:
    """The position and turn record as they stood when the open chain's sail began (public facts: the
    board showed them a moment ago); with the sail and the answers so far it replays the chain."""
    base = state.chain.base
    fields = position_fields(base)
    return {"ships": fields["ships"], "chests": fields["chests"], "acted": list(base.acted),
            "ran_aground_this_turn": list(base.aground_this_turn), "bonus_sails": list(base.bonus_sails),
            "bonus_earned": list(base.bonus_earned)}


def view(state: State, seat: int | None) -> dict:
    board = state.board
    out = position_fields(state)
    seat_to_move = sorted(to_move(state))
    out.update({
        "phase": state.phase,
        "turn": state.turn,
        "first_seat": state.first_seat,
        "seats_to_move": seat_to_move,
        "rules": rules_fields(state),
        "board": {
            "id": board.id, "size": board.size,
            "shallows": sorted(board.name(sq) for sq in board.shallows),
            "islands": {c: board.name(sq) for c, sq in board.islands},
            "maelstroms": {c: board.name(sq) for c, sq in board.maelstroms},
            "exits": {c: board.name(sq) for c, sq in board.exits},
            "compass": board.name(board.compass),
        },
        "ship_state": {
            s.name: {
                "status": ship_status(state, s.name),
                "acted": s.name in state.acted,
                "owes_action": state.phase == "play" and owes_action(state, s.name),
                "bonus_sail": s.name in state.bonus_sails,
                "ran_aground_this_turn": s.name in state.aground_this_turn,
            } for s in state.ships
        },
        "wind_detail": {
            "from": state.wind,
            "downwind": downwind(state.wind) if state.wind else None,
            "mode": state.rules.wind_mode,
            "pile": list(state.pile),
            "discards": list(state.discards),
            "reach": {d: [board.orange(state.wind, d), board.reach(state.wind, d, 3)] for d in ORDER} if state.wind else None,
        },
        "turn_record": {
            "wind_changed": state.wind_changed,
            "ship_action_after_wind": state.acted_after_wind,
            "acted": list(state.acted),
            "ran_aground_this_turn": list(state.aground_this_turn),
            "bonus_sails": list(state.bonus_sails),
            "bonus_earned": list(state.bonus_earned),
        },
        "chain": None if state.chain is None else {
            "started_by": state.chain.moves[0],
            "answers": list(state.chain.moves[1:]),
            "pending": [list(p) for p in state.chain.pending],
            "decision": state.chain.decision,
            "options": list(state.chain.options),
            "blasted": state.chain.blasted,
            "before": chain_before(state),
        },
        "reachable": {
            name: {k: v for k, v in reachable(state, name).items() if k != "moves"}
            for name in SHIP_NAMES if fleet_of(name) == state.active and state.phase == "play"
        },
        "last_path": [board.name(sq) for sq in state.last_path],
        "legal_moves": legal_moves(state, seat) if seat is not None else [],
        "note": "Keep a ship action for after the wind change: changing the wind cannot be the turn's last action (R10).",
    })
    if state.result is not None:
        out["result"] = {"termination": state.result[0], "winner_seat": state.result[1]}
    return out


def redact(event, seat: int | None) -> dict:
    return dict(event.data)  # nothing is hidden in Rigadoon
