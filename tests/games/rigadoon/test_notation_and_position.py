"""The notation (spec "Notation"), the `position` option and the view fed back as a position."""

import json

import pytest

from pbem.games import rigadoon as game
from pbem.games.base import InvalidMove, InvalidOptions
from pbem.games.rigadoon.notation import parse_move

from .helpers import ALL_SHIPS, play, position, replay, ships


@pytest.mark.parametrize("text,canonical", [
    ("Sail  b1 se 3", "sail B1 SE 3"),
    ("sail G2 e 3 SINK", "sail G2 E 3 sink"),
    ("REPAIR g4", "repair G4"),
    (" wind ", "wind"),
    ("End", "end"),
    ("attack b1 g1", "attack B1 G1"),
    ("bump 0 sink", "sink"),
    ("bump 2", "bump 2"),
    ("bump 1 aground", "bump 1 aground"),
    ("island ne", "island NE"),
    ("color Blue", "colour blue"),
    ("opening sw", "opening SW"),
])
def test_parsing_is_forgiving_and_canonical(text, canonical):
    assert parse_move(text) == canonical


@pytest.mark.parametrize("text", ["", "sail", "sail B5 N 1", "sail B1 NNE 1", "sail B1 N 0", "sail B1 N 1 sunk",
                                  "island XX", "fly away", "bump x"])
def test_unreadable_moves_are_invalid(text):
    with pytest.raises(InvalidMove):
        parse_move(text)


def base_position(**changes):
    pos = {"wind": "N", "to_move": "blue", "seats": {"blue": 0, "green": 1},
           "ships": {name: None for name in ALL_SHIPS}, "chests": []}
    pos["ships"]["B1"] = ["E5", 3]
    pos.update(changes)
    return pos


@pytest.mark.parametrize("change,reason", [
    ({"ships": {**{n: None for n in ALL_SHIPS}, "B1": ["E5", 3], "G1": ["E5", 2]}}, "two ships"),
    ({"chests": ["E5", "E5"]}, "two chests"),
    ({"ships": {**{n: None for n in ALL_SHIPS}, "B1": ["C3", 3]}, "chests": ["C3"]}, "chest in Open Water"),
    ({"ships": {**{n: None for n in ALL_SHIPS}, "B1": ["A2", 3]}}, "maelstrom"),
    ({"chests": ["A2"]}, "maelstrom"),
    ({"ships": {**{n: None for n in ALL_SHIPS}, "B1": ["B1", 3]}}, "island without a chest"),
    ({"chests": ["C3", "C4", "C5", "C6", "C7"]}, "at most 4"),
    ({"ships": {**{n: None for n in ALL_SHIPS}, "B1": ["E5", 4]}}, "masts are 0-3"),
    ({"ships": {"B1": ["E5", 3]}}, "list all 8 ships"),
    ({"wind": "NNE"}, "wind"),
    ({"ships": {**{n: None for n in ALL_SHIPS}, "B1": ["Z9", 3]}}, "not a square"),
])
def test_invalid_positions_are_refused_with_a_reason(change, reason):
    with pytest.raises(InvalidOptions, match=reason):
        game.resolve_options(2, {"position": base_position(**change)})


@pytest.mark.parametrize("typo", ["chest", "to_mvoe", "ship"])
def test_a_position_with_an_unknown_field_is_refused_naming_it(typo):
    pos = base_position()
    pos[typo] = pos.pop(typo + "s") if typo + "s" in pos else "green"
    with pytest.raises(InvalidOptions, match=f"unknown field '{typo}'"):
        game.resolve_options(2, {"position": pos})


def test_every_field_of_a_view_is_accepted_in_a_position():
    """In setup, in play, inside a chain and after the end: a view's fields never make a position fail."""
    from pbem.play.chance import ScriptedChance

    setup = game.initial_state(2, game.resolve_options(2, {"first": "seat0"}))
    playing = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1), "B2": ("E10", 0)})
    chained, _ = play(playing, "sail B1 SW 2")
    over = replay(playing, game.resign(playing, 0, ScriptedChance([])))
    assert chained.chain is not None and game.outcome(over) is not None
    accepted = position_fields_and_view_fields()
    for state in (setup, playing, chained, over):
        for seat in (None, 0, 1):
            assert set(game.view(state, seat)) <= accepted
    # fed back whole, with every field, the position is accepted
    seen = json.loads(json.dumps(game.view(chained, 0)))
    assert {"chain", "reachable", "legal_moves", "ship_state"} <= set(seen)
    again = game.initial_state(2, game.resolve_options(2, {"position": seen}))
    assert ships(again) == ships(chained)


def position_fields_and_view_fields():
    from pbem.games.rigadoon.rules import POSITION_FIELDS, VIEW_FIELDS

    return set(POSITION_FIELDS) | set(VIEW_FIELDS)


def test_other_options_are_checked():
    with pytest.raises(InvalidOptions):
        game.resolve_options(3, {})
    with pytest.raises(InvalidOptions):
        game.resolve_options(2, {"wind": "coin"})
    resolved = game.resolve_options(2, {})
    assert resolved["wind"] == "deck" and resolved["turn_limit"] == 0 and resolved["position"] is None
    json.dumps(resolved)


def test_position_derives_aground_and_in_port():
    state = position("N", "blue", {"B1": ("E5", 2), "G1": ("B1", 1)}, chests=["E5", "B1"])
    assert state.aground("B1") and state.in_port("G1")
    assert game.view(state, None)["ship_state"]["B1"]["status"] == "aground"
    assert game.view(state, None)["ship_state"]["G1"]["status"] == "in_port"


def test_a_view_fed_back_as_a_position_gives_the_same_position():
    state = position("SE", "green", {"B1": ("E5", 2), "G1": ("B1", 1), "G3": ("C9", 0)}, chests=["E5", "B1", "H3"])
    state, _ = play(state, "repair G3")
    seen = game.view(state, 1)
    json.dumps(seen)
    again = game.initial_state(2, game.resolve_options(2, {"position": seen}))
    assert ships(again) == ships(state)
    assert again.chests == state.chests and again.wind == state.wind and again.active == state.active


def test_view_is_the_same_for_every_seat_apart_from_its_legal_moves_and_events_are_not_redacted():
    state = position("N", "blue", {"B1": ("E9", 3)})
    views = [game.view(state, s) for s in (None, 0, 1)]
    for v in views:
        v.pop("legal_moves")
    assert views[0] == views[1] == views[2]
    _, events = play(state, "wind", chance=[0])
    for event in events:
        assert game.redact(event, 1) == dict(event.data)


def test_view_shows_the_acted_marks_and_reachable_squares():
    state = position("N", "blue", {"B1": ("E9", 3), "B2": ("A7", 2)})
    state, _ = play(state, "repair B2")
    seen = game.view(state, 0)
    assert seen["ship_state"]["B2"]["acted"] is True and seen["ship_state"]["B1"]["acted"] is False
    assert seen["reachable"]["B2"] == {"orange": [], "yellow": []}
    assert "E10" in seen["reachable"]["B1"]["orange"] and "E11" in seen["reachable"]["B1"]["orange"]
    assert "E7" in seen["reachable"]["B1"]["yellow"]
