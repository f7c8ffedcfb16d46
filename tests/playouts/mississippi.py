"""Random playouts of Mississippi for the conformance suite: 2 to 6 seats over a sample of options,
with a small round cap (random play almost never reaches the goal). `check_state` asserts the spec's
invariants ("Tests this game needs", item 6) after every event."""

from pbem.games.mississippi.tables import TOTAL_LOGS


def _position(boats: dict, supply: int, to_move: int) -> dict:
    return {"boats": {str(seat): {"field": field, "east": east, "logs": logs}
                      for seat, (field, east, logs) in boats.items()},
            "supply": supply, "to_move": to_move}


SETUPS = [
    (3, {"max_rounds": 6}),
    (2, {"max_rounds": 8}),
    (2, {"max_rounds": 5, "two_player_logs": 20, "rows": 5, "width": 8}),
    (4, {"max_rounds": 5, "clockwise": "spatial"}),
    (5, {"max_rounds": 4, "numbering": "die", "rows": 9, "width": 14}),
    (6, {"max_rounds": 4, "rows": 5, "width": 8, "clockwise": "spatial", "numbering": "die"}),
    (6, {"max_rounds": 4}),
    (4, {"max_rounds": 30, "rows": 5, "width": 8}),
    # Unusual positions (issue 10, item 6: where listing and deciding could disagree):
    # three boats a few fields from the goal: short forward lists (A19), reactions stopping on the goal
    (3, {"max_rounds": 6, "position": _position({0: (79, 6, 10), 1: (81, 4, 20), 2: (76, 1, 20)}, 10, 0)}),
    # no logs in hand and the supply full: forced moves back, rotations that leave 0 logs (A2, A20)
    (2, {"max_rounds": 10, "position": _position({0: (9, 2, 0), 1: (4, 5, 0)}, 60, 0)}),
    # no logs, nothing empty behind: skips (A1), and a river where nobody can move (A23)
    (3, {"max_rounds": 5, "position": _position({0: (1, 1, 0), 1: (0, 1, 20), 2: (40, 1, 20)}, 20, 0)}),
    (3, {"max_rounds": 5, "position": _position({0: (1, 1, 0), 1: (0, 1, 0), 2: (2, 1, 0)}, 60, 0)}),
    # six boats packed round the first bend: long chains, jumps over several boats, moves back to 0
    (6, {"max_rounds": 5, "position": _position(
        {0: (10, 6, 10), 1: (11, 1, 10), 2: (12, 3, 10), 3: (13, 5, 10), 4: (22, 2, 10), 5: (23, 4, 10)}, 0, 2)}),
    # round 1 with boats on the fields the start touches (A21), on the smallest river, die numbering
    (4, {"max_rounds": 4, "rows": 5, "width": 8, "numbering": "die", "clockwise": "spatial",
         "position": _position({0: (15, 3, 8), 1: (1, 6, 12)}, 10, 2)}),
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


def check_hidden(game, state, log):
    """Mississippi hides nothing, so nothing may differ between readers: every seat's view is the
    spectator's but for `you`, every event reads the same after each seat's redaction, and the last
    append is told in the same words to everyone."""
    spectator = game.view(state, None)
    for seat in range(state.seats):
        seen = game.view(state, seat)
        assert {k: v for k, v in seen.items() if k != "you"} == {k: v for k, v in spectator.items() if k != "you"}
    last = log[-1]
    assert all(game.redact(last, seat) == dict(last.data) for seat in [None, *range(state.seats)])


def choose(view: dict, legal: list[str], seat: int, rng) -> str:
    """The purposeful player of whole-game tests: the game's own computer player."""
    from pbem.games.mississippi.bot import choose as standard

    return standard(view, legal, rng)
