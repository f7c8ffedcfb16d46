"""The view (spec "Events and the protocol"): position fields verbatim so a view can be fed back as a
`position`, the per-seat fields, no hidden information; and the option checks at creation."""

import json

import pytest

from pbem.games import mississippi as game
from pbem.games.base import Event, InvalidOptions

from .helpers import from_position, greedy_game, new_game, play


def test_a_view_in_progress_can_be_fed_back_as_a_position():
    for seats, stop in ((3, 2), (4, 9), (5, 17)):
        snapshots = []

        def keep(state, seat, move, events):
            snapshots.append(state)

        greedy_game(seats, {}, 2, keep)
        state = snapshots[stop]
        view = json.loads(json.dumps(game.view(state, 0)))
        copy = from_position(view, seats=seats, rolls=[3])
        for key in ("boats", "supply", "to_move"):
            assert game.view(copy, None)[key] == view[key]
        assert game.legal_moves(copy, view["to_move"]) == game.legal_moves(state, view["to_move"])


def test_a_round_one_view_leaves_out_the_waiting_boat():
    state, _ = new_game(3, rolls=[2])
    state, _ = play(state, 0, "forward 5", [6])
    view = game.view(state, None)
    assert view["boats"] == {"0": {"field": 5, "east": 2, "logs": 15}}
    assert view["to_move"] == 1 and view["seats"][1]["field"] == 0 and view["seats"][1]["entered"] is False
    again = from_position(view, rolls=[4])
    assert again.boats[1].field == 0 and again.boats[1].east == 4  # the left-out boat's die is rolled again


def test_view_fields():
    state, _ = play(from_position({"boats": {"0": {"field": 2, "east": 6, "logs": 10},
                                             "1": {"field": 5, "east": 6, "logs": 12},
                                             "2": {"field": 40, "east": 1, "logs": 20}},
                                   "supply": 18, "to_move": 0}), 0, "forward 2")
    view = game.view(state, 2)
    assert view["you"] == 2 and view["moving"] == 1 and view["turn"] == 1 and view["round"] == 1
    assert view["board"] == {"rows": 7, "width": 12, "size": 84, "goal": 83}
    assert view["options"]["numbering"] == "sequential" and view["options"]["position"]["supply"] == 18
    assert view["seats"][2] == {
        "seat": 2, "colour": "Green", "entered": True, "resigned": False, "logs": 20, "field": 40, "east": 1,
        "sides": {"E": 1, "NE": 6, "NW": 5, "W": 4, "SW": 3, "SE": 2}, "forward_side": "W", "forward_number": 4,
    }
    assert view["outcome"] is None
    assert {k: v for k, v in game.view(state, None).items() if k != "you"} == \
        {k: v for k, v in view.items() if k != "you"}


def test_redact_hides_nothing():
    event = Event("die_rolled", {"seat": 1, "value": 4})
    for viewer in (None, 0, 1, 2):
        assert game.redact(event, viewer) == {"seat": 1, "value": 4}


@pytest.mark.parametrize("seats", [1, 7])
def test_seat_counts_outside_2_to_6_are_refused(seats):
    with pytest.raises(InvalidOptions, match="2 to 6 seats"):
        game.resolve_options(seats, {})


@pytest.mark.parametrize("options,name", [
    ({"numbering": "random"}, "numbering"), ({"clockwise": "anti"}, "clockwise"),
    ({"max_rounds": 0}, "max_rounds"), ({"max_rounds": 1001}, "max_rounds"),
    ({"two_player_logs": 31}, "two_player_logs"), ({"two_player_logs": 0}, "two_player_logs"),
    ({"position": "[1, 2]"}, "position"), ({"position": "{not json"}, "position"),
])
def test_out_of_range_options_are_refused(options, name):
    with pytest.raises(InvalidOptions, match=name):
        game.resolve_options(3, options)


def test_resolved_options_are_complete_and_json():
    resolved = game.resolve_options(4, {"rows": "5", "clockwise": "SPATIAL"})
    assert resolved == {"rows": 5, "width": 12, "numbering": "sequential", "clockwise": "spatial",
                        "two_player_logs": 30, "max_rounds": 150, "position": None}
    json.dumps(resolved)
