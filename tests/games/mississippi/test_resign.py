"""Resignation (platform rulings P1-P5 in the package docstring): the boat stays as an obstacle, the
seat's turns are passed over, it ranks last, and the last seat playing wins."""

import pytest

from pbem.games import mississippi as game
from pbem.games.base import NotYourTurn
from pbem.play.chance import ScriptedChance

from .helpers import fold, from_position, new_game, play


def pos(boats, supply, to_move):
    return {"boats": {str(s): {"field": f, "east": e, "logs": l} for s, (f, e, l) in boats.items()},
            "supply": supply, "to_move": to_move}


def resign(state, seat, rolls=()):
    events = game.resign(state, seat, ScriptedChance(rolls))
    return fold(state, events), events


def test_two_seats_the_other_seat_wins():
    state, _ = new_game(2, rolls=[3])
    state, events = resign(state, 0)
    assert [(e.type, dict(e.data), e.actor) for e in events] == [("seat_resigned", {"seat": 0}, "rules")]
    result = game.outcome(state)
    assert (result.termination, result.winners, result.ranking) == ("resigned", (1,), ((1,), (0,)))
    assert game.to_move(state) == frozenset()


def test_a_resigned_boat_stays_as_an_obstacle_and_its_turns_are_passed_over():
    state = from_position(pos({0: (2, 6, 10), 1: (5, 6, 12), 2: (40, 1, 20)}, 18, 0))
    state, events = resign(state, 1)  # not its turn: nothing else happens
    assert [e.type for e in events] == ["seat_resigned"]
    assert game.to_move(state) == {0}
    # Blue still reacts with Red's boat (example 1) and jumps it.
    state, _ = play(state, 0, "forward 2")
    assert (state.boats[0].field, state.boats[1].field) == (8, 5)
    # Red's turn is passed over, and counts as a turn of the round.
    assert game.to_move(state) == {2} and state.turns == 2
    assert game.legal_moves(state, 1) == []
    with pytest.raises(NotYourTurn):
        game.decide(state, 1, "forward 1", None)
    assert game.render_text(state, None).splitlines()[-2].endswith("resigned")


def test_a_resigned_boat_can_be_pushed_and_ranks_last():
    # Example 2 with Red resigned: Red is still pushed from 18 to 19.
    state = from_position(pos({0: (3, 2, 10), 1: (18, 6, 12), 2: (40, 1, 20)}, 18, 0))
    state, _ = resign(state, 1)
    state, _ = play(state, 0, "forward 3")
    assert state.boats[1].field == 19
    state, _ = resign(state, 2)
    result = game.outcome(state)
    assert (result.termination, result.winners, result.ranking) == ("resigned", (0,), ((0,), (2,), (1,)))


def test_resigning_on_the_move_passes_the_turn():
    state = from_position(pos({0: (2, 6, 10), 1: (5, 6, 12), 2: (40, 1, 20)}, 18, 0))
    state, _ = resign(state, 0)
    assert game.to_move(state) == {1} and state.turns == 1
    assert state.boats[0].field == 2


def test_resigning_before_the_entry_move_takes_the_boat_off_and_rolls_for_the_next_seat():
    state, _ = new_game(3, rolls=[4])
    state, events = resign(state, 0, rolls=[5])
    assert [(e.type, dict(e.data)) for e in events] == [
        ("seat_resigned", {"seat": 0}), ("die_rolled", {"seat": 1, "value": 5})]
    assert state.boats[0] is None and game.to_move(state) == {1}
    assert game.legal_moves(state, 1) == [f"forward {k}" for k in range(1, 21)]
    state, events = play(state, 1, "forward 2", [1])
    assert [(e.type, dict(e.data)) for e in events] == [
        ("move_played", {"seat": 1, "move": "forward 2"}),
        ("die_rolled", {"seat": 2, "value": 1}),
    ]
    assert state.boats[1].field == 2 and state.boats[1].east == 5


def test_a_resigned_boat_pushed_onto_the_goal_does_not_win():
    # A11's position with Red resigned: Red reaches the goal, the game ends, Blue (best still playing) wins.
    state = from_position(pos({0: (79, 2, 10), 1: (82, 6, 20), 2: (62, 1, 20)}, 10, 0))
    state, _ = resign(state, 1)
    state, _ = play(state, 0, "forward 2")
    result = game.outcome(state)
    assert (result.termination, result.winners, result.ranking) == ("goal", (0,), ((0,), (2,), (1,)))


def test_resign_refuses_twice_and_after_the_end():
    state, _ = new_game(3, rolls=[4])
    state, _ = resign(state, 2)
    with pytest.raises(NotYourTurn):
        game.resign(state, 2, ScriptedChance())
    state, _ = resign(state, 1)
    with pytest.raises(NotYourTurn):
        game.resign(state, 0, ScriptedChance())


def test_timeout_has_no_default_move():
    state, _ = new_game(3, rolls=[4])
    assert game.timeout_move(state, 0) is None


@pytest.mark.parametrize("run", range(6))
def test_random_games_with_resignations_keep_the_invariants_and_replay(run):
    import json
    import random

    from pbem.games.base import Event
    from pbem.play.chance import SeededChance
    from tests.playouts.mississippi import check_state

    rng = random.Random(run)
    seats = rng.choice([3, 4, 5, 6])
    resolved = game.resolve_options(seats, {"max_rounds": 12})
    initial = state = game.initial_state(seats, resolved)
    log = []

    def append(state, events):
        for event in events:
            state = game.evolve(state, event)
            log.append(Event(event.type, json.loads(json.dumps(dict(event.data))), event.actor))
            check_state(game, state)
        return state

    state = append(state, game.start(state, SeededChance(bytes(32), 1)))
    resign_at = sorted(rng.sample(range(1, 40), seats - 1))
    step = 0
    while game.outcome(state) is None:
        step += 1
        if resign_at and step == resign_at[0]:
            resign_at.pop(0)
            quitter = rng.choice(state.active)
            state = append(state, game.resign(state, quitter, SeededChance(bytes(32), step + 1)))
            assert quitter not in game.to_move(state)
            continue
        (seat,) = game.to_move(state)
        move = rng.choice(game.legal_moves(state, seat))
        state = append(state, game.decide(state, seat, move, SeededChance(bytes(32), step + 1)))
    assert repr(fold(initial, log)) == repr(state)
    result = game.outcome(state)
    assert not set(result.winners) & set(state.resigned)
    assert [group[0] for group in result.ranking][-len(state.resigned):] == list(reversed(state.resigned))
