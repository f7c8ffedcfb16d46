"""Random playouts of Mississippi for the conformance suite: 2 to 6 seats over a sample of options,
with a small round cap (random play almost never reaches the goal). `check_state` asserts the spec's
invariants ("Tests this game needs", item 6) after every event."""

from pbem.games.mississippi.tables import TOTAL_LOGS

SETUPS = [
    (3, {"max_rounds": 6}),
    (2, {"max_rounds": 8}),
    (2, {"max_rounds": 5, "two_player_logs": 20, "rows": 5, "width": 8}),
    (4, {"max_rounds": 5, "clockwise": "spatial"}),
    (5, {"max_rounds": 4, "numbering": "die", "rows": 9, "width": 14}),
    (6, {"max_rounds": 4, "rows": 5, "width": 8, "clockwise": "spatial", "numbering": "die"}),
    (6, {"max_rounds": 4}),
    (4, {"max_rounds": 30, "rows": 5, "width": 8}),
]
PLAYOUTS = 6
MAX_STEPS = 30 * 6 + 10

# The computer player against random play: 2 seats, the default options. Random play never reaches the
# goal, so these games end at the game's own round cap (150 rounds, 300 turns) or earlier at the goal.
BOT_MATCH = (2, {}, 2 * 150 + 10)


def check_state(game, state):
    board = state.board
    assert sum(state.logs) + state.supply == TOTAL_LOGS, "the log invariant broke"
    assert state.supply >= 0 and all(logs >= 0 for logs in state.logs)
    fields = [boat.field for boat in state.boats if boat is not None]
    assert len(set(fields)) == len(fields), "two boats share a field"
    assert all(0 <= field < board.size for field in fields)
    if game.outcome(state) is None or game.outcome(state).termination != "goal":
        assert board.goal not in fields, "a boat is on the goal but the game goes on"
    assert all(1 <= boat.east <= 6 for boat in state.boats if boat is not None)
    assert state.turns <= state.max_rounds * state.seats
    if state.trace is not None:
        assert len(state.trace.reactions) <= state.seats * board.size
    for seat, boat in enumerate(state.boats):
        if not state.entered[seat] and boat is not None:
            assert boat.field == 0 and seat == state.current, "a boat waits on the start field out of turn"
