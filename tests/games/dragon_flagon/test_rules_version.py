"""Rules versions (issue 16): the Dragon & Flagon plays version 1; the state keeps the version it was
created with through every event, and a version this server does not know is refused."""

from functools import reduce

import pytest

from pbem.games import dragon_flagon as game
from pbem.games.base import InvalidOptions
from pbem.play.chance import SeededChance


def test_the_game_plays_rules_version_1():
    assert game.RULES_VERSION == 1


def test_the_state_keeps_its_rules_version_through_the_events():
    options = game.resolve_options(2, {"setup.placement": "fixed"})
    state = game.initial_state(2, options, rules_version=1)
    assert state.rules_version == 1
    state = reduce(game.evolve, game.start(state, SeededChance(bytes(32), 1)), state)
    seat = min(game.to_move(state))
    state = reduce(game.evolve, game.decide(state, seat, game.legal_moves(state, seat)[0], SeededChance(bytes(32), 2)), state)
    assert state.rules_version == 1
    assert game.initial_state(2, options).rules_version == game.RULES_VERSION


@pytest.mark.parametrize("version", [0, 2, 99, True, "1"])
def test_an_unknown_rules_version_is_refused(version):
    with pytest.raises(InvalidOptions, match="rules version"):
        game.initial_state(2, game.resolve_options(2, {}), rules_version=version)
