"""Rules versions (architecture section 15) and `reveals` (section 14, takeback): the state keeps the
version it was started under, an unknown version is refused, and only the entry die is chance."""

import pickle

import pytest

from pbem.games import mississippi as game
from pbem.games.base import Event, InvalidOptions

from .helpers import from_position, new_game, play


def test_the_current_rules_version_is_one_and_the_state_keeps_it():
    assert game.RULES_VERSION == 1
    options = game.resolve_options(3, {})
    assert game.initial_state(3, options).rules_version == 1
    assert game.initial_state(3, options, rules_version=1).rules_version == 1


def test_the_version_survives_every_event_and_a_snapshot():
    state, _ = new_game(3, rolls=[4])
    state, _ = play(state, 0, "forward 3", [2])
    assert state.rules_version == 1
    assert pickle.loads(pickle.dumps(state)).rules_version == 1


@pytest.mark.parametrize("version", [0, 2, -1, "1", 1.0, True, None, 10**40])
def test_an_unknown_rules_version_is_refused(version):
    with pytest.raises(InvalidOptions, match="rules version"):
        game.initial_state(3, game.resolve_options(3, {}), rules_version=version)


def test_only_the_entry_die_reveals_anything():
    state, start_events = new_game(3, rolls=[4])
    assert [e.type for e in start_events] == ["die_rolled"]
    assert game.reveals(start_events[0]) is True
    after, events = play(state, 0, "forward 3", [2])
    move, roll = events
    assert (move.type, game.reveals(move)) == ("move_played", False)
    assert (roll.type, game.reveals(roll)) == ("die_rolled", True)


def test_skips_and_resignations_reveal_nothing():
    stuck = {"boats": {"0": {"field": 1, "east": 1, "logs": 0}, "1": {"field": 0, "east": 1, "logs": 20},
                       "2": {"field": 40, "east": 1, "logs": 20}}, "supply": 20, "to_move": 2}
    state = from_position(stuck)
    _, events = play(state, 2, "forward 1")
    skip = events[-1]
    assert skip.type == "turn_skipped" and game.reveals(skip) is False
    resigned = game.resign(state, 1, None)
    assert [e.type for e in resigned] == ["seat_resigned"] and game.reveals(resigned[0]) is False


def test_every_event_type_the_game_writes_is_covered():
    from pbem.games.mississippi.events import EVENT_SCHEMAS

    chance = {"die_rolled"}
    for event_type in EVENT_SCHEMAS:
        assert game.reveals(Event(event_type, {"seat": 0, "value": 1, "move": "forward 1"})) is (event_type in chance)
