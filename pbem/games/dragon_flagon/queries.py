"""Small questions about a Dragon & Flagon position, asked by the decider, the views and the hints: who is
in play, a character's hand and what it may plan, how many cards it owes, who places next and where
(spec sections 9, 10 and 15). Pure, like all of the game."""

from __future__ import annotations

from . import geometry as g
from .scoring import ship_of_team
from .state import Character, State
from .world import World

# --- small queries --------------------------------------------------------------------------------------


def active(state: State) -> list[Character]:
    return [c for c in state.chars if c.time == state.space and not c.out]


def hand(state: State, c: Character) -> tuple:
    """Every card the character owns that is neither planned, face up, spent nor resolving."""
    data = state.data
    busy = set(c.cards) | {d.card for d in c.durations}
    if state.drawn == c.id and state.revealed:
        busy.add(state.revealed)
    if c.dragon == "spent":
        busy.add(data.dragon_card(c.id))
    return tuple(card for card in data.owned(c.id) if card not in busy)


def plannable(state: State, c: Character) -> tuple:
    data = state.data
    unlock = state.options["dragon.unlock"]
    out = []
    for card in hand(state, c):
        if data.cards[card].kind == "dragon":
            if unlock == "first_pickup" and c.dragon != "unlocked":
                continue
            if unlock == "while_holding" and (c.dragon == "spent" or c.holds != "flagon"):
                continue
        out.append(card)
    return tuple(out)


def fill_need(c: Character) -> int:
    """Planning fill: add cards while it holds fewer than 2 cards and fewer than 3 items."""
    cards, items, need = len(c.cards), len(c.plan), 0
    while cards < 2 and items < 3:
        cards, items, need = cards + 1, items + 1, need + 1
    return need


def owed(state: State, c: Character) -> int:
    if c.out:
        return 0
    if state.phase == "replan":
        n = c.owed
    elif state.phase == "planning":
        if state.late:
            n = fill_need(c) if c.id in state.acted else 0
        else:
            n = fill_need(c) if c.time == state.space else 0
    else:
        return 0
    return min(n, len(plannable(state, c)))


def placing(state: State) -> str | None:
    """The character whose standee must be placed now, if any."""
    if state.phase == "setup" and state.placement:
        return state.placement[0]
    if state.phase == "returns":
        queue = [c.id for c in active(state) if c.square is None]
        return queue[0] if queue else None
    if state.phase == "drawn_return":
        return state.drawn
    return None


def place_options(state: State, cid: str) -> list[tuple]:
    """(square, facing) pairs for a placement at setup or a return (PR-20), canonical order."""
    world = World(state)
    board = state.data.board
    c = state.char(cid)
    facings = g.facings(state.options["geometry.facings"])
    if board.pirate:
        ship = ship_of_team(c.team)
        starts = board.starts(ship)
        vacant = lambda s: world.landing_ok(s) and board.ship_of(s) == ship  # noqa: E731
    else:
        ship = "*"
        starts = board.starts("*")
        vacant = world.landing_ok
    squares = sorted(s for s in starts if vacant(s))
    if state.phase == "setup" and state.options["setup.placement"] == "fixed":
        squares = [s for s in starts if vacant(s)][:1]  # the first free start square in listed order
    if not squares and state.phase != "setup":
        squares = sorted({n for s in starts for n in g.neighbours(s) if vacant(n)})
        if not squares:
            candidates = [(r, col) for r in range(board.rows) for col in range(board.cols) if vacant((r, col))]
            if candidates:
                best = min(min(g.distance(s, x) for x in starts) for s in candidates)
                squares = [min(s for s in candidates if min(g.distance(s, x) for x in starts) == best)]
    fixed = None
    if state.phase == "setup" and state.options["setup.placement"] == "fixed":
        fixed = board.facing_for(ship) or _into_room(board, squares[0] if squares else (0, 0))
    elif state.phase != "setup" and board.pirate and state.options["pirate.return.facing"] == "toward_enemy":
        fixed = board.facing_for(ship)
    if fixed:
        return [(s, fixed) for s in squares]
    return [(s, f) for s in squares for f in facings]


def _into_room(board, square) -> str:
    r, c = square
    if r == 0:
        return "s"
    if r == board.rows - 1:
        return "n"
    if c == 0:
        return "e"
    return "w"
