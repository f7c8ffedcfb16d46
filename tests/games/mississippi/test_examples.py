"""The spec's worked examples 1, 1b, 2, 6 and 6b: exact end states and the turn traces.

Default board, `numbering: sequential`, 3 seats: seat 0 Blue, seat 1 Red, seat 2 Green."""

from pbem.games import mississippi as game

from .helpers import from_position, play

EXAMPLE_1 = {"boats": {"0": {"field": 2, "east": 6, "logs": 10},
                       "1": {"field": 5, "east": 6, "logs": 12},
                       "2": {"field": 40, "east": 1, "logs": 20}},
             "supply": 18, "to_move": 0}

EXAMPLE_1_TEXT = """\
MISSISSIPPI  turn 2 (round 1)  to move: seat 2 (Red)  supply 20
last: Blue forward 2: 2->4; +3 vs Red (E 6 vs W 3): 4->8
r0 [ 0]  [ 1]  [ 2]  [ 3]  [ 4]  <R6>  [ 6]  [ 7]  <B6>  [ 9]  [10]  [11] >
r1    [23]  [22]  [21]  [20]  [19]  [18]  [17]  [16]  [15]  [14]  [13]  [12] <
r2 [24]  [25]  [26]  [27]  [28]  [29]  [30]  [31]  [32]  [33]  [34]  [35] >
r3    [47]  [46]  [45]  [44]  [43]  [42]  [41]  <G4>  [39]  [38]  [37]  [36] <
r4 [48]  [49]  [50]  [51]  [52]  [53]  [54]  [55]  [56]  [57]  [58]  [59] >
r5    [71]  [70]  [69]  [68]  [67]  [66]  [65]  [64]  [63]  [62]  [61]  [60] <
r6 [72]  [73]  [74]  [75]  [76]  [77]  [78]  [79]  [80]  [81]  [82]  [83] >

seat  boat    field  logs   E NE NW  W SW SE   fwd
   0  Blue        8     8    6  5  4  3  2  1   6 (E)
   1  Red         5    12    6  5  4  3  2  1   6 (E)
   2  Green      40    20    1  6  5  4  3  2   4 (W)"""


def boats(state):
    return game.view(state, None)["boats"]


def test_example_1_contact_on_the_same_leg_with_a_jump():
    state = from_position(EXAMPLE_1)
    state, events = play(state, 0, "forward 2")
    assert [(e.type, dict(e.data), e.actor) for e in events] == [
        ("move_played", {"seat": 0, "move": "forward 2"}, "0")]
    assert boats(state) == {"0": {"field": 8, "east": 6, "logs": 8},
                            "1": {"field": 5, "east": 6, "logs": 12},
                            "2": {"field": 40, "east": 1, "logs": 20}}
    assert state.supply == 20
    assert game.to_move(state) == {1}
    trace = game.view(state, None)["last_turn"]
    assert trace["movement"] == {"direction": "forward", "from": 2, "to": 4, "paid": 2, "gained": 0}
    assert trace["reactions"] == [
        {"contacts": [{"seat": 1, "side": "E", "number": 6, "other_side": "W", "other_number": 3, "difference": 3}],
         "moves": [{"seat": 0, "from": 4, "to": 8}]},
    ]
    assert trace["summary"] == "Blue forward 2: 2->4; +3 vs Red (E 6 vs W 3): 4->8"


def test_example_1_render_text_is_exactly_the_spec_example():
    state, _ = play(from_position(EXAMPLE_1), 0, "forward 2")
    assert game.render_text(state, None) == EXAMPLE_1_TEXT
    assert all(len(line) <= 80 for line in EXAMPLE_1_TEXT.splitlines())


def test_example_1b_equal_numbers_move_nobody():
    position = {**EXAMPLE_1, "boats": {**EXAMPLE_1["boats"], "0": {"field": 2, "east": 3, "logs": 10}}}
    state, _ = play(from_position(position), 0, "forward 2")
    assert boats(state)["0"] == {"field": 4, "east": 3, "logs": 8}
    assert boats(state)["1"] == {"field": 5, "east": 6, "logs": 12}
    assert state.supply == 20
    trace = game.view(state, None)["last_turn"]
    assert trace["reactions"] == [
        {"contacts": [{"seat": 1, "side": "E", "number": 3, "other_side": "W", "other_number": 3, "difference": 0}],
         "moves": []},
    ]
    assert trace["summary"] == "Blue forward 2: 2->4; 0 vs Red (E 3 vs W 3)"


EXAMPLE_2 = {"boats": {"0": {"field": 3, "east": 2, "logs": 10},
                       "1": {"field": 18, "east": 6, "logs": 12},
                       "2": {"field": 40, "east": 1, "logs": 20}},
             "supply": 18, "to_move": 0}


def test_example_2_contact_across_legs_the_other_boat_gains():
    state, _ = play(from_position(EXAMPLE_2), 0, "forward 3")
    assert boats(state) == {"0": {"field": 6, "east": 2, "logs": 7},
                            "1": {"field": 19, "east": 6, "logs": 12},
                            "2": {"field": 40, "east": 1, "logs": 20}}
    assert state.supply == 21
    trace = game.view(state, None)["last_turn"]
    assert trace["reactions"] == [
        {"contacts": [{"seat": 1, "side": "SW", "number": 4, "other_side": "NE", "other_number": 5, "difference": -1}],
         "moves": [{"seat": 1, "from": 18, "to": 19}]},
    ]
    assert trace["summary"] == "Blue forward 3: 3->6; Red +1 (NE 5 vs SW 4): 18->19"


EXAMPLE_6 = {"boats": {"0": {"field": 40, "east": 1, "logs": 10},
                       "1": {"field": 9, "east": 6, "logs": 12},
                       "2": {"field": 50, "east": 1, "logs": 20}},
             "supply": 18, "to_move": 1}


def test_example_6_a_bend_keeps_the_orientation():
    state, _ = play(from_position(EXAMPLE_6), 1, "forward 4")
    red = game.view(state, None)["seats"][1]
    assert (red["field"], red["east"], red["logs"]) == (13, 6, 8)
    assert (red["forward_side"], red["forward_number"]) == ("W", 3)
    assert red["sides"] == {"E": 6, "NE": 5, "NW": 4, "W": 3, "SW": 2, "SE": 1}
    assert state.supply == 22
    trace = game.view(state, None)["last_turn"]
    assert trace["movement"] == {"direction": "forward", "from": 9, "to": 13, "paid": 4, "gained": 0}
    assert trace["reactions"] == []
    assert game.to_move(state) == {2}


EXAMPLE_6B = {"boats": {"0": {"field": 40, "east": 1, "logs": 10},
                        "1": {"field": 13, "east": 6, "logs": 8},
                        "2": {"field": 50, "east": 1, "logs": 20}},
              "supply": 22, "to_move": 1}


def test_example_6b_a_half_turn_costs_two_logs():
    state = from_position(EXAMPLE_6B)
    legal = game.legal_moves(state, 1)
    assert "rotate +3 forward 1" in legal
    assert not any(move.startswith("rotate -3") for move in legal)
    for spelling in ("rotate +3 forward 1", "rotate -3 forward 1"):
        after, events = play(state, 1, spelling)
        assert dict(events[0].data) == {"seat": 1, "move": "rotate +3 forward 1"}
        red = game.view(after, None)["seats"][1]
        assert (red["field"], red["east"], red["logs"]) == (14, 3, 5)
        assert (red["forward_side"], red["forward_number"]) == ("W", 6)
        assert after.supply == 25
        trace = game.view(after, None)["last_turn"]
        assert trace["rotation"] == {"steps": 3, "cost": 2, "east_before": 6, "east_after": 3}
        assert trace["movement"] == {"direction": "forward", "from": 13, "to": 14, "paid": 1, "gained": 0}
        assert trace["summary"] == "Red rotate +3 forward 1: east 6->3, 13->14"


def test_example_6_then_6b_in_one_game():
    state, _ = play(from_position(EXAMPLE_6), 1, "forward 4")
    # Green and Blue move far from Red, then Red turns round.
    state, _ = play(state, 2, "forward 1")
    state, _ = play(state, 0, "forward 1")
    state, _ = play(state, 1, "rotate +3 forward 1")
    assert boats(state)["1"] == {"field": 14, "east": 3, "logs": 5}
