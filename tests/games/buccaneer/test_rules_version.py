"""Rules versions (issue 16). Version 2 refuses a standing order identical to the seat's current one
(Ruling 14) where version 1 accepted it and wrote an event that changed nothing; games of version 1
keep that behaviour exactly. `upgrade` moves a running game to version 2, which it then follows."""

from __future__ import annotations

from functools import reduce

import pytest

from pbem.games import buccaneer as game
from pbem.games.base import IllegalMove, InvalidOptions
from pbem.play.chance import ScriptedChance

from .helpers import stored

POSITION = {"to_move": "london",
            "ships": {"london": {"at": "E5", "face": "N"}, "genoa": {"at": "E7", "face": "E"}},
            "hands": {"london": ["R3", "R3", "B1"], "genoa": ["R2", "B1"]},
            "standing_orders": {"genoa": "never attack"}}
ORDERS = ("ask", "always attack", "never attack")


def started(version):
    options = game.resolve_options(2, {"home_ports": ["london", "genoa"], "position": POSITION})
    state = game.initial_state(2, options, rules_version=version)
    return reduce(game.evolve, map(stored, game.start(state, ScriptedChance())), state)


def decided(state, seat, move):
    return [stored(e) for e in game.decide(state, seat, move, ScriptedChance())]


def test_the_version_is_two_and_the_state_carries_it():
    assert game.RULES_VERSION == 2
    assert started(1).rules_version == 1 and started(2).rules_version == 2
    assert game.initial_state(2, game.resolve_options(2, {})).rules_version == 2


@pytest.mark.parametrize("version", [0, 3, -1, "2", None])
def test_an_unknown_version_is_refused(version):
    with pytest.raises(InvalidOptions, match="rules versions 1, 2"):
        game.initial_state(2, game.resolve_options(2, {}), rules_version=version)


@pytest.mark.parametrize("seat,order", [(1, "never attack"), (0, "ask")])
def test_version_1_accepts_the_identical_order_and_writes_what_it_wrote_before(seat, order):
    state = started(1)
    events = decided(state, seat, order)
    assert [(e.type, e.actor, dict(e.data)) for e in events] == [
        ("standing_order", str(seat), {"seat": seat, "move": order, "seen_by": [seat],
                                       "public_move": "standing order changed",
                                       "effects": [{"k": "order", "seat": seat, "order": order}]})]
    assert reduce(game.evolve, events, state) == state  # the event changes nothing


@pytest.mark.parametrize("seat,order", [(1, "never attack"), (0, "ask")])
def test_version_2_refuses_the_identical_order_naming_ruling_14(seat, order):
    with pytest.raises(IllegalMove, match=f"^Ruling 14: '{order}' is already your standing order$"):
        decided(started(2), seat, order)


@pytest.mark.parametrize("version", [1, 2])
def test_neither_version_lists_the_identical_order_and_both_accept_a_new_one(version):
    state = started(version)
    for seat in (0, 1):
        listed = [m for m in game.legal_moves(state, seat) if m in ORDERS]
        assert state.standing[seat] not in listed and len(listed) == 2
        for order in listed:
            after = reduce(game.evolve, decided(state, seat, order), state)
            assert after.standing[seat] == order


@pytest.mark.parametrize("version", [1, 2])
def test_an_interruption_is_still_answered_by_an_order_in_both_versions(version):
    state = started(version)
    state = reduce(game.evolve, decided(state, 0, "sail N 4 face W"), state)
    assert game.to_move(state) == {1}  # never attack lets pass at once; Genoa's turn now
    state = started(version)
    state = reduce(game.evolve, decided(state, 1, "ask"), state)
    state = reduce(game.evolve, decided(state, 0, "sail N 4 face W"), state)
    assert state.pending[0].kind == "intercept"
    # "ask" while asked is the order already standing: version 1 took it, version 2 refuses it.
    if version == 1:
        assert decided(state, 1, "ask")[0].type == "standing_order"
    else:
        with pytest.raises(IllegalMove, match="Ruling 14"):
            decided(state, 1, "ask")
    events = decided(state, 1, "always attack")  # an answer that also sets the order: both versions
    assert events[0].data["move"] == "always attack" and any(e["k"] == "fight" for e in events[0].data["effects"])


def test_an_upgraded_game_follows_version_2():
    old = started(1)
    state = reduce(game.evolve, decided(old, 0, "sail N 1 face N"), old)  # a game in progress
    upgraded = game.upgrade(state, 2)
    assert upgraded.rules_version == 2
    assert {k: v for k, v in vars(upgraded).items() if k != "rules_version"} == \
        {k: v for k, v in vars(state).items() if k != "rules_version"}  # the same position
    assert decided(state, 1, "never attack")[0].type == "standing_order"
    with pytest.raises(IllegalMove, match="Ruling 14"):
        decided(upgraded, 1, "never attack")
    assert game.upgrade(upgraded, 2) == upgraded


def test_upgrade_refuses_what_does_not_fit():
    with pytest.raises(InvalidOptions, match="cannot go back"):
        game.upgrade(started(2), 1)
    with pytest.raises(InvalidOptions, match="rules versions"):
        game.upgrade(started(1), 3)
