"""Rules versions (architecture section 15, issue 16): the state remembers the version it was created
under, and a version this module does not play is refused."""

import pickle

import pytest

from pbem.games import rigadoon as game
from pbem.games.base import InvalidOptions


def test_rules_version_is_one_and_kept_in_the_state():
    assert game.RULES_VERSION == 1
    state = game.initial_state(2, game.resolve_options(2, {}))
    assert state.rules_version == 1
    explicit = game.initial_state(2, game.resolve_options(2, {}), rules_version=1)
    assert explicit.rules_version == 1
    assert pickle.loads(pickle.dumps(explicit)).rules_version == 1


def test_a_position_game_keeps_its_rules_version_through_play():
    from .helpers import play, position

    state = position("N", "blue", {"B1": ("E9", 3), "G1": ("C3", 2)})
    after, _ = play(state, "wind", "sail B1 N 2", chance=[0])
    assert after.rules_version == state.rules_version == 1


@pytest.mark.parametrize("version", [0, 2, 99, -1, "1", 1.0, True, None])
def test_an_unknown_rules_version_is_refused(version):
    with pytest.raises(InvalidOptions, match="rules version"):
        game.initial_state(2, game.resolve_options(2, {}), rules_version=version)
