"""One test per ruling A1-A25 of `shared/specs/mississippi.md` (A25 has one per position check).

Side numbers (sequential), by `east`:  E NE NW W SW SE
    1: 1 6 5 4 3 2   2: 2 1 6 5 4 3   3: 3 2 1 6 5 4   4: 4 3 2 1 6 5   5: 5 4 3 2 1 6   6: 6 5 4 3 2 1

The top of the default board (field numbers along the track):
    r0 [ 0]  [ 1]  [ 2]  [ 3]  [ 4]  [ 5]  [ 6]  [ 7]  [ 8]  [ 9]  [10]  [11] >
    r1    [23]  [22]  [21]  [20]  [19]  [18]  [17]  [16]  [15]  [14]  [13]  [12] <
"""

import re

import pytest

from pbem.games import mississippi as game
from pbem.games.base import IllegalMove, InvalidMove, InvalidOptions, NotYourTurn

from .helpers import from_position, new_game, play


def pos(boats, supply, to_move):
    return {"boats": {str(s): {"field": f, "east": e, "logs": l} for s, (f, e, l) in boats.items()},
            "supply": supply, "to_move": to_move}


def fields(state):
    return {s: (b.field if b is not None else None) for s, b in enumerate(state.boats)}


def test_A1_no_pass_no_zero_move_and_a_stuck_boat_is_skipped():
    # Blue has no logs and stands on 1 with Red on 0 behind it: nothing empty behind, no move.
    state = from_position(pos({0: (1, 1, 0), 1: (0, 1, 20), 2: (40, 1, 20)}, 20, 2))
    with pytest.raises(InvalidMove):
        game.decide(state, 2, "pass", None)
    with pytest.raises(IllegalMove, match="^A1: "):
        game.decide(state, 2, "forward 0", None)
    state, events = play(state, 2, "forward 1")
    assert [(e.type, dict(e.data), e.actor) for e in events] == [
        ("move_played", {"seat": 2, "move": "forward 1"}, "2"),
        ("turn_skipped", {"seat": 0}, "rules"),
    ]
    assert game.to_move(state) == {1}
    assert state.turns == 2
    assert game.view(state, None)["last_turn"]["summary"] == "Blue skipped (no legal move)"


def test_A1_start_records_the_skip_of_a_stuck_to_move():
    state, events = new_game(3, {"position": pos({0: (1, 1, 0), 1: (0, 1, 20), 2: (40, 1, 20)}, 20, 0)})
    assert [(e.type, dict(e.data)) for e in events] == [("turn_skipped", {"seat": 0})]
    assert game.to_move(state) == {1}


def test_A2_back_gains_only_what_the_supply_holds():
    state = from_position(pos({0: (30, 6, 0), 1: (5, 6, 30), 2: (60, 1, 27)}, 3, 0))
    assert all("back" in move and "forward" not in move for move in game.legal_moves(state, 0))
    state, _ = play(state, 0, "back 5")
    assert (fields(state)[0], state.logs[0], state.supply) == (25, 3, 0)


def test_A2_an_empty_supply_still_forces_the_move_back():
    state = from_position(pos({0: (30, 6, 0), 1: (5, 6, 30), 2: (60, 1, 30)}, 0, 0))
    legal = game.legal_moves(state, 0)
    assert legal and all(re.fullmatch(r"(rotate [+-]1 )?back \d+", move) for move in legal)
    state, _ = play(state, 0, "back 5")
    assert (fields(state)[0], state.logs[0], state.supply) == (25, 0, 0)


def test_A3_moving_back_jumps_occupied_fields():
    # Blue on 30 goes back 3: 29 counts, Red on 28 and Green on 27 are jumped, then 26 and 25.
    state = from_position(pos({0: (30, 6, 5), 1: (28, 6, 20), 2: (27, 6, 20)}, 15, 0))
    state, _ = play(state, 0, "back 3")
    assert fields(state) == {0: 25, 1: 28, 2: 27}
    assert state.logs[0] == 8


def test_A3_fifteen_empty_fields_back_is_the_limit():
    # Blue on 16, Red on 3: fields 0..15 hold 15 empty ones; back 15 jumps Red and ends on 0.
    state = from_position(pos({0: (16, 6, 5), 1: (3, 6, 20), 2: (60, 6, 20)}, 15, 0))
    assert "back 15" in game.legal_moves(state, 0) and "back 16" not in game.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="^rule 2: at most 15 fields back$"):
        game.decide(state, 0, "back 16", None)
    after, _ = play(state, 0, "back 15")
    assert fields(after)[0] == 0
    # One field nearer the start only 14 empty fields are behind.
    state = from_position(pos({0: (15, 6, 5), 1: (3, 6, 20), 2: (60, 6, 20)}, 15, 0))
    assert "back 14" in game.legal_moves(state, 0) and "back 15" not in game.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="^A3: only 14 empty fields are behind you$"):
        game.decide(state, 0, "back 15", None)


def test_A4_a_backward_move_reacts():
    # Blue (east 6) backs from 10 to 8, touching Red on 7: Blue's W 3 against Red's E 2 gives +1.
    state = from_position(pos({0: (10, 6, 5), 1: (7, 2, 20), 2: (60, 6, 20)}, 15, 0))
    state, _ = play(state, 0, "back 2")
    assert fields(state) == {0: 9, 1: 7, 2: 60}
    assert game.view(state, None)["last_turn"]["summary"] == "Blue back 2: 10->8 (+2 logs); +1 vs Red (W 3 vs E 2): 8->9"


# A5: Blue backs from 6 over Red (5) onto 4, between Red on 5 (its E side) and Green on 3 (its W side).
#    r0 [ 0]  [ 1]  [ 2]  <G.>  [ 4]  <R.>  <B.>  [ 7]  [ 8] ...
@pytest.mark.parametrize("green_east,expected,moves", [
    (5, {0: 8, 1: 5, 2: 3}, [(0, 4, 8)]),      # Blue E 6 vs Red W 3 = +3, Blue W 3 vs Green E 5 = -2
    (1, {0: 10, 1: 5, 2: 3}, [(0, 4, 10)]),    # +3 and +2 are summed
])
def test_A5_positive_differences_move_only_the_mover(green_east, expected, moves):
    state = from_position(pos({0: (6, 6, 5), 1: (5, 6, 20), 2: (3, green_east, 20)}, 15, 0))
    state, _ = play(state, 0, "back 1")
    assert fields(state) == expected
    step = state.trace.reactions[0]
    assert list(step.moves) == moves
    assert len(state.trace.reactions) == 1


def test_A5_all_zero_differences_move_nobody():
    state = from_position(pos({0: (6, 6, 5), 1: (5, 3, 20), 2: (3, 3, 20)}, 15, 0))
    state, _ = play(state, 0, "back 1")
    assert fields(state) == {0: 4, 1: 5, 2: 3}
    (step,) = state.trace.reactions
    assert [c.difference for c in step.contacts] == [0, 0] and step.moves == ()


# A6: Blue (east 2) moves 9 -> 13 over Red (11, its NE side) and Green (12, its E side); both gain 1.
#    r0 ... [ 9]  [10]  <R.>  [11 is Red]   r1 ... [14]  [13 Blue]  [12 Green]
A6_POSITION = pos({0: (9, 2, 10), 1: (11, 6, 20), 2: (12, 6, 20)}, 10, 0)


def test_A6_clockwise_seats_moves_the_next_seat_first():
    state = from_position(A6_POSITION)
    state, _ = play(state, 0, "forward 2")
    # Red 11 -> 14 (jumping Green and Blue), Green 12 -> 15; then Red touches Blue's W: 5 vs 6, Red 14 -> 16.
    assert fields(state) == {0: 13, 1: 16, 2: 15}
    assert [step.moves for step in state.trace.reactions] == [((1, 11, 14), (2, 12, 15)), ((1, 14, 16),)]


def test_A6_clockwise_spatial_moves_from_the_east_side_round():
    state = from_position(A6_POSITION, clockwise="spatial")
    state, _ = play(state, 0, "forward 2")
    # Green (E) 12 -> 14, Red (NE) 11 -> 12; then Red (E) 12 -> 15, Green (W) 14 -> 16.
    assert fields(state) == {0: 13, 1: 15, 2: 16}
    assert [step.moves for step in state.trace.reactions] == [((2, 12, 14), (1, 11, 12)), ((1, 12, 15), (2, 14, 16))]


def test_A7_boats_touching_each_other_do_nothing():
    # Example 2 with Green on 20: Red is pushed to 19, next to Green, and nothing more happens.
    state = from_position(pos({0: (3, 2, 10), 1: (18, 6, 12), 2: (20, 1, 20)}, 18, 0))
    state, _ = play(state, 0, "forward 3")
    assert fields(state) == {0: 6, 1: 19, 2: 20}
    assert len(state.trace.reactions) == 1


def test_A8_reactions_are_never_offered_as_a_choice():
    state = from_position(pos({0: (3, 2, 10), 1: (18, 6, 12), 2: (40, 1, 20)}, 18, 0))
    state, events = play(state, 0, "forward 3")
    assert [e.type for e in events] == ["move_played"]  # Red's reaction is not asked for
    assert game.to_move(state) == {1}
    for seat in range(3):
        for move in game.legal_moves(state, seat):
            assert re.fullmatch(r"(rotate [+-][123] )?(forward|back) \d+", move)


def test_A9_a_boat_carried_through_a_bend_keeps_its_east():
    # Blue (east 1) reaches 10 and pushes Red (east 6) from 11 round the bend to 13, then on to 15.
    state = from_position(pos({0: (9, 1, 10), 1: (11, 6, 20), 2: (60, 6, 20)}, 10, 0))
    state, _ = play(state, 0, "forward 1")
    assert state.trace.reactions[0].moves == ((1, 11, 13),)
    assert fields(state)[1] == 15
    assert state.boats[1].east == 6
    red = game.view(state, None)["seats"][1]
    assert (red["forward_side"], red["forward_number"]) == ("W", 3)


def test_A10_a_reaction_stops_on_the_goal_and_the_mover_wins():
    # Blue (E 6) lands on 80 next to Red (east 4, W 1): +5, but only 82 and 83 are left.
    state = from_position(pos({0: (79, 6, 10), 1: (81, 4, 20), 2: (40, 6, 20)}, 10, 0))
    state, _ = play(state, 0, "forward 1")
    assert fields(state)[0] == 83
    result = game.outcome(state)
    assert (result.termination, result.winners, result.ranking) == ("goal", (0,), ((0,), (1,), (2,)))
    assert game.to_move(state) == frozenset()
    assert game.legal_moves(state, 1) == []


@pytest.mark.parametrize("clockwise", ["seats", "spatial"])
def test_A11_a_pushed_boat_on_the_goal_wins_and_the_rest_stops(clockwise):
    # Blue (east 2) lands on 81 between Red on 82 (E: 2 vs 3) and Green on 62 (NE: 1 vs 3).
    state = from_position(pos({0: (79, 2, 10), 1: (82, 6, 20), 2: (62, 1, 20)}, 10, 0), clockwise=clockwise)
    state, _ = play(state, 0, "forward 2")
    assert fields(state) == {0: 81, 1: 83, 2: 62}  # Green, later in the order, does not move
    result = game.outcome(state)
    assert (result.termination, result.winners) == ("goal", (1,))
    assert result.ranking == ((1,), (0,), (2,))


def test_A12_entry_in_seat_order_with_a_die_roll_each():
    state, events = new_game(3, rolls=[4])
    assert [(e.type, dict(e.data), e.actor) for e in events] == [("die_rolled", {"seat": 0, "value": 4}, "rules")]
    assert game.to_move(state) == {0}
    for seat, roll, nxt in ((0, 4, 5), (1, 5, 2), (2, 2, None)):
        assert state.boats[seat].field == 0 and state.boats[seat].east == roll
        legal = game.legal_moves(state, seat)
        assert legal == [f"forward {k}" for k in range(1, 21)]
        rolls = [nxt] if nxt else []
        state, events = play(state, seat, "forward 1" if seat else "forward 3", rolls)
        expected = [("move_played", {"seat": seat, "move": "forward 1" if seat else "forward 3"})]
        if nxt:
            expected.append(("die_rolled", {"seat": seat + 1, "value": nxt}))
        assert [(e.type, dict(e.data)) for e in events] == expected
    assert game.view(state, None)["round"] == 2
    assert any(move.startswith("back") for move in game.legal_moves(state, 0))


def test_A13_no_rotation_on_the_entry_turn():
    state, _ = new_game(4, rolls=[3])
    assert not any(move.startswith("rotate") for move in game.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="^rule 6: no rotation before your first move$"):
        game.decide(state, 0, "rotate +1 forward 2", None)


def test_A14_rotation_costs_and_the_zero_log_case():
    position = pos({0: (30, 6, 3), 1: (5, 6, 20), 2: (60, 6, 20)}, 17, 0)
    for move, logs, east in (("rotate +1 forward 1", 2, 5), ("rotate -1 forward 1", 2, 1),
                             ("rotate +2 forward 1", 1, 4), ("rotate -2 forward 1", 1, 2),
                             ("rotate +3 forward 1", 0, 3)):
        state, _ = play(from_position(position), 0, move)
        assert (state.logs[0], state.boats[0].east) == (logs, east), move
    broke = from_position(pos({0: (30, 6, 0), 1: (5, 6, 20), 2: (60, 6, 20)}, 20, 0))
    legal = game.legal_moves(broke, 0)
    backs = [f"back {k}" for k in range(1, 16)]
    assert legal == backs + [f"rotate +1 {m}" for m in backs] + [f"rotate -1 {m}" for m in backs]


def test_A15_die_numbering_changes_the_difference():
    # Example 1 again: with the die print, Red's W shows 1, so Blue gains 5 instead of 3.
    position = pos({0: (2, 6, 10), 1: (5, 6, 12), 2: (40, 1, 20)}, 18, 0)
    sequential, _ = play(from_position(position), 0, "forward 2")
    die, _ = play(from_position(position, numbering="die"), 0, "forward 2")
    assert fields(sequential)[0] == 8 and fields(die)[0] == 10
    assert game.view(die, None)["seats"][1]["sides"] == {"E": 6, "NE": 3, "NW": 2, "W": 1, "SW": 4, "SE": 5}


def test_A16_rows_and_width_move_the_goal_and_the_adjacency():
    state, _ = new_game(3, {"rows": 5, "width": 8}, rolls=[1])
    assert game.view(state, None)["board"] == {"rows": 5, "width": 8, "size": 40, "goal": 39}
    assert dict(state.board.neighbours[0]) == {0: 1, 5: 15}
    assert len(game.legal_moves(state, 0)) == 20
    for bad in ({"rows": 4}, {"rows": 10}, {"width": 7}, {"width": 15}):
        with pytest.raises(InvalidOptions, match=list(bad)[0]):
            game.resolve_options(3, bad)


def test_A17_two_players():
    state, _ = new_game(2, rolls=[1])
    assert state.logs == (30, 30) and state.supply == 0
    state, _ = new_game(2, {"two_player_logs": 20}, rolls=[1])
    assert state.logs == (20, 20) and state.supply == 20
    state, _ = new_game(3, {"two_player_logs": 20}, rolls=[1])
    assert state.logs == (20, 20, 20) and state.supply == 0


def test_A18_the_round_cap_ranks_by_field():
    state, _ = new_game(3, {"max_rounds": 1}, rolls=[1])
    state, _ = play(state, 0, "forward 2", [1])
    state, _ = play(state, 1, "forward 9", [1])
    assert game.outcome(state) is None
    state, events = play(state, 2, "forward 5")
    assert [e.type for e in events] == ["move_played"]
    result = game.outcome(state)
    assert result.termination == "round_cap" and result.winners == (1,)
    assert result.ranking == ((1,), (2,), (0,))
    assert game.to_move(state) == frozenset()


def test_A19_no_paying_beyond_the_goal():
    state = from_position(pos({0: (79, 6, 10), 1: (81, 6, 20), 2: (40, 6, 20)}, 10, 0))
    forwards = [m for m in game.legal_moves(state, 0) if m.startswith("forward")]
    assert forwards == ["forward 1", "forward 2", "forward 3"]
    with pytest.raises(IllegalMove, match="^A19: only 3 empty fields are left to the goal$"):
        game.decide(state, 0, "forward 4", None)


def test_A20_a_rotation_leaving_no_logs_goes_with_back_moves_only():
    state = from_position(pos({0: (30, 6, 2), 1: (5, 6, 20), 2: (60, 6, 20)}, 18, 0))
    legal = game.legal_moves(state, 0)
    assert "rotate +3 back 1" in legal and not any(m.startswith("rotate +3 forward") for m in legal)
    assert "rotate +2 forward 1" in legal and "rotate +2 forward 2" not in legal
    with pytest.raises(IllegalMove, match="^rule 2: with no logs you must move back$"):
        game.decide(state, 0, "rotate +3 forward 1", None)


def test_A21_placing_the_entering_boat_sets_off_nothing():
    # Blue entered to 23; Red's boat is placed on 0 (touching 23) without any reaction.
    position = pos({0: (23, 1, 15)}, 5, 1)
    state, events = new_game(3, {"position": position}, rolls=[6])
    assert [(e.type, dict(e.data)) for e in events] == [("die_rolled", {"seat": 1, "value": 6})]
    assert fields(state) == {0: 23, 1: 0, 2: None}
    # The entry move to 1 ends touching Blue: Red's SW 2 against Blue's NE 6 pushes Blue 4 along
    # its own course (23 is the end of row 1, so on to 24..27). Green is placed after the reaction.
    state, _ = play(state, 1, "forward 1", [3])
    assert fields(state) == {0: 27, 1: 1, 2: 0}
    assert state.trace.reactions[0].moves == ((0, 23, 27),)


def test_A21_a_boat_on_field_1_is_not_pushed_by_the_placement():
    state, _ = new_game(3, {"position": pos({0: (1, 1, 15)}, 5, 1)}, rolls=[1])
    assert fields(state) == {0: 1, 1: 0, 2: None} and state.trace is None


def test_A22_a_half_turn_is_written_plus_three():
    state = from_position(pos({0: (30, 6, 5), 1: (5, 6, 20), 2: (60, 6, 20)}, 15, 0))
    legal = game.legal_moves(state, 0)
    assert "rotate +3 forward 1" in legal and not any(m.startswith("rotate -3") for m in legal)
    _, events = play(state, 0, "rotate -3 forward 1")
    assert events[0].data["move"] == "rotate +3 forward 1"


def test_A23_a_position_where_nobody_can_move_is_stalled():
    state, events = new_game(3, {"position": pos({0: (0, 1, 0), 1: (1, 1, 0), 2: (2, 1, 0)}, 60, 1)})
    assert events == []
    result = game.outcome(state)
    assert result.termination == "stalled" and result.ranking == ((2,), (1,), (0,))
    assert game.to_move(state) == frozenset()


def test_A23_a_stalled_game_takes_no_moves_and_writes_no_skips():
    state, events = new_game(3, {"position": pos({0: (1, 1, 0), 1: (0, 1, 0), 2: (2, 1, 0)}, 60, 0)})
    assert events == [] and game.outcome(state).termination == "stalled"
    for seat in range(3):
        assert game.legal_moves(state, seat) == []
        with pytest.raises(NotYourTurn):
            game.decide(state, seat, "back 1", None)


def test_A24_seat_0_rolls_first():
    _, events = new_game(5, rolls=[2])
    assert events[0].type == "die_rolled" and events[0].data["seat"] == 0


@pytest.mark.parametrize("position,seats,check", [
    (pos({0: (2, 6, 20), 3: (5, 6, 20)}, 20, 0), 3, 1),
    (pos({0: (2, 6, 20), 1: (5, 6, 20), 2: (8, 6, 20)}, 0, 3), 3, 1),
    (pos({0: (83, 6, 20), 1: (5, 6, 20), 2: (8, 6, 20)}, 0, 0), 3, 2),
    (pos({0: (-1, 6, 20), 1: (5, 6, 20), 2: (8, 6, 20)}, 0, 0), 3, 2),
    (pos({0: (5, 6, 20), 1: (5, 6, 20), 2: (8, 6, 20)}, 0, 0), 3, 2),
    (pos({0: (2, 7, 20), 1: (5, 6, 20), 2: (8, 6, 20)}, 0, 0), 3, 3),
    (pos({0: (2, 6, -1), 1: (5, 6, 21), 2: (8, 6, 20)}, 0, 0), 3, 3),
    (pos({0: (2, 6, 30), 1: (5, 6, 20), 2: (8, 6, 20)}, -10, 0), 3, 3),
    ({"boats": {"0": {"field": 2, "east": 6, "logs": 20}, "1": {"field": None, "logs": 15}}, "supply": 5, "to_move": 1}, 3, 4),
    (pos({0: (2, 6, 20), 1: (5, 6, 20), 2: (8, 6, 20)}, 4, 0), 3, 5),
    (pos({0: (2, 6, 20)}, 19, 1), 3, 5),
    (pos({0: (2, 6, 20), 2: (8, 6, 20)}, 0, 1), 3, 6),
    (pos({1: (2, 6, 20)}, 0, 2), 3, 6),
    (pos({0: (0, 6, 20)}, 0, 1), 3, 6),
])
def test_A25_each_position_check_refuses_a_position_that_breaks_it(position, seats, check):
    with pytest.raises(InvalidOptions, match=f"^position check {check}: "):
        game.resolve_options(seats, {"position": position})


def test_A25_a_good_position_is_accepted_and_normalised():
    resolved = game.resolve_options(3, {"position": {**pos({0: (2, 6, 20)}, 0, 1), "extra": [1, 2]}})
    assert resolved["position"] == pos({0: (2, 6, 20)}, 0, 1)
    assert resolved["rows"] == 7 and resolved["max_rounds"] == 150
