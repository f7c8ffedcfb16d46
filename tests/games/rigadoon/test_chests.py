"""Treasure chests: bumping, sinking, running aground, claiming, maelstroms (rule text "Interacting
with Treasure Chests" and "Maelstrom portals"; rulings R2, R12, R17-R19, R22, R24, R25)."""

import pytest

from pbem.games import rigadoon as game
from pbem.games.base import IllegalMove

from .helpers import chests, legal, play, position, seat, ships


def test_bumping_several_chests_in_a_row():
    #  row 9:  B1:2 on B9, chests on D9 and E9, wind W (blowing E)
    state = position("W", "blue", {"B1": ("B9", 2)}, chests=["D9", "E9"])
    state, _ = play(state, "sail B1 E 2")
    assert ships(state)["B1"] == ("D9", 2)
    assert chests(state) == ["E9", "F9"]


def test_a_bumped_chest_stays_one_square_ahead():
    state = position("W", "blue", {"B1": ("B9", 2)}, chests=["C9"])
    state, _ = play(state, "sail B1 E 3")
    assert ships(state)["B1"] == ("E9", 2)
    assert chests(state) == ["F9"]


def test_chests_cannot_be_bumped_off_the_board():
    state = position("W", "blue", {"B1": ("I5", 2)}, chests=["J5"])
    assert "sail B1 E 1" in legal(state)
    assert "sail B1 E 2" not in legal(state)
    with pytest.raises(IllegalMove, match="off the board"):
        game.decide(state, seat(state), "sail B1 E 2", None)


def test_r18_bumping_a_chest_into_a_ship_is_refused_but_sinking_it_is_allowed():
    #  row 5:  B1:2 on B5, chest on C5, G1 on D5
    state = position("W", "blue", {"B1": ("B5", 2), "G1": ("D5", 2)}, chests=["C5"])
    east = [m for m in legal(state) if m.startswith("sail B1 E")]
    assert east == ["sail B1 E 1 sink"]
    with pytest.raises(IllegalMove, match="onto a ship"):
        game.decide(state, seat(state), "sail B1 E 1", None)


def test_r22_a_chest_on_an_island_blocks_bumps():
    state = position("W", "blue", {"B1": ("I2", 2)}, chests=["J2", "K2"])
    assert "sail B1 E 1" not in legal(state)
    assert "sail B1 E 1 sink" in legal(state)


def test_sinking_is_only_in_open_water_and_aground_only_in_the_shallows():
    state = position("N", "blue", {"B1": ("F1", 3)}, chests=["F3"])  # F3: Open Water
    assert "sail B1 S 2 sink" in legal(state)
    assert "sail B1 S 2 aground" not in legal(state)
    state = position("N", "blue", {"B1": ("F2", 3)}, chests=["F4"])  # F4: The Shallows
    assert "sail B1 S 2 aground" in legal(state)
    assert "sail B1 S 2 sink" not in legal(state)
    with pytest.raises(IllegalMove, match="cannot be sunk"):
        game.decide(state, seat(state), "sail B1 S 2 sink", None)


def test_running_aground_on_its_own_needs_three_masts():
    state = position("N", "blue", {"B1": ("F2", 2)}, chests=["F4"])
    assert not any(m.endswith("aground") for m in legal(state))
    with pytest.raises(IllegalMove, match="3 masts"):
        game.decide(state, seat(state), "sail B1 S 2 aground", None)


def test_sink_then_the_active_fleet_picks_a_free_island():
    state = position("W", "blue", {"B1": ("B9", 2)}, chests=["C9", "B1"])
    state, _ = play(state, "sail B1 E 1 sink")
    assert state.chain.decision == "island"
    assert legal(state) == ["island NE", "island SE", "island SW"]  # NW holds a chest
    state, _ = play(state, "island SW")
    assert chests(state) == ["A10", "B1"]
    assert ships(state)["B1"] == ("C9", 2)


def test_r17_with_one_free_island_the_rules_place_the_chest():
    state = position("W", "blue", {"B1": ("B9", 2)}, chests=["C9", "B1", "K2", "J11"])
    state, events = play(state, "sail B1 E 1 sink")
    assert [(e.actor, e.data["move"]) for e in events] == [("0", "sail B1 E 1 sink"), ("rules", "island SW")]
    assert chests(state) == ["A10", "B1", "J11", "K2"]


def test_what_if_enemy_ship_forced_to_sink_a_chest_the_active_fleet_picks_the_island():
    #  column I:  B1:3 on I1, G2 on I4, chest on I6, G1 on I7; wind N (blowing S)
    state = position("N", "blue", {"B1": ("I1", 3), "G2": ("I4", 2), "G1": ("I7", 2)}, chests=["I6"])
    state, events = play(state, "sail B1 S 2")
    # the chest cannot be bumped into G1: G2 must sink it (played by the rules)
    assert [(e.actor, e.data["move"]) for e in events] == [("0", "sail B1 S 2"), ("rules", "sink")]
    assert ships(state)["G2"] == ("I6", 1)
    assert state.chain.decision == "island"
    assert game.to_move(state) == frozenset({0})  # Blue's seat decides (R16)
    assert game.legal_moves(state, 1) == []
    state, _ = play(state, "island NW")
    assert chests(state) == ["B1"]


def test_r25_blasted_into_a_chest_push_to_the_end_or_sink_on_the_way():
    state = position("N", "blue", {"B1": ("I1", 3), "G2": ("I4", 2)}, chests=["I5"])
    state, _ = play(state, "sail B1 S 2")
    assert legal(state) == ["bump 1 sink", "bump 2", "sink"]
    pushed, _ = play(state, "bump 2")
    assert ships(pushed)["G2"] == ("I6", 1) and chests(pushed) == ["I7"]
    partly, _ = play(state, "bump 1 sink", "island SE")
    assert ships(partly)["G2"] == ("I6", 1) and chests(partly) == ["J11"]


def test_what_if_aground_ship_blasted_into_a_second_chest():
    #  column F:  B1:3 on F2, G2 aground on F5 (chest), a second chest on F7; wind N
    state = position("N", "blue", {"B1": ("F2", 3), "G2": ("F5", 2)}, chests=["F5", "F7"])
    assert state.aground("G2")
    state, _ = play(state, "sail B1 S 2")
    assert game.to_move(state) == frozenset({0})
    assert legal(state) == ["aground", "bump 1"]
    state, _ = play(state, "aground")
    assert ships(state)["G2"] == ("F7", 1)
    assert chests(state) == ["F5", "F7"]  # the first chest stays where it was
    assert state.aground("G2")


def test_r12_aground_ship_with_fewer_than_three_masts_cannot_sail_and_owes_nothing():
    state = position("N", "blue", {"B1": ("E5", 2), "B2": ("A7", 2)}, chests=["E5"])
    assert not any(m.startswith("sail B1") for m in legal(state))
    assert "repair B1" in legal(state)
    state, _ = play(state, "wind", "repair B2", chance=[0])
    assert "end" in legal(state)


def test_r12_aground_ship_without_masts_must_repair():
    state = position("N", "blue", {"B1": ("E5", 0), "B2": ("A7", 2)}, chests=["E5"])
    state, _ = play(state, "wind", "repair B2", chance=[0])
    assert "end" not in legal(state)
    assert game.view(state, 0)["ship_state"]["B1"]["owes_action"] is True


def test_r12_aground_ship_with_three_masts_from_an_earlier_turn_must_sail_and_leaves_the_chest():
    state = position("N", "blue", {"B1": ("E5", 3)}, chests=["E5"])
    assert game.view(state, 0)["ship_state"]["B1"]["owes_action"] is True
    state, _ = play(state, "sail B1 W 2")
    assert ships(state)["B1"] == ("C5", 3) and chests(state) == ["E5"]


def test_r12_ship_run_aground_this_turn_cannot_sail_off_even_with_a_rigadoon():
    state = position("S", "blue", {"B2": ("F8", 3), "G1": ("E6", 2), "G2": ("G6", 2), "G3": ("C5", 2), "G4": ("I7", 2)},
                     chests=["F6"])
    state, _ = play(state, "sail B2 N 2 aground", "attack B2 G1", "attack G1 G3")
    assert ships(state)["B2"] == ("F6", 3)
    assert "B2" in state.bonus_sails and "B2" in state.aground_this_turn
    assert not any(m.startswith("sail B2") for m in legal(state))


def test_sailing_into_a_maelstrom_stops_on_its_exit():
    # A2 is maelstrom NW; its exit (opposite) is H8
    state = position("S", "blue", {"B1": ("A4", 3)})
    assert "sail B1 N 2" in legal(state) and "sail B1 N 3" not in legal(state)
    state, _ = play(state, "sail B1 N 2")
    assert ships(state)["B1"] == ("H8", 3)


def test_maelstrom_with_a_ship_on_its_exit_cannot_be_entered():
    state = position("S", "blue", {"B1": ("A4", 3), "G1": ("H8", 2)})
    assert "sail B1 N 2" not in legal(state)
    with pytest.raises(IllegalMove, match="exit holds a ship"):
        game.decide(state, seat(state), "sail B1 N 2", None)


def test_maelstrom_with_a_chest_on_its_exit_sinks_it():
    state = position("S", "blue", {"B1": ("A4", 3)}, chests=["H8"])
    state, _ = play(state, "sail B1 N 2")
    assert state.chain.decision == "island"
    state, _ = play(state, "island NE")
    assert ships(state)["B1"] == ("H8", 3) and chests(state) == ["K2"]


def test_exits_same_side_option():
    state = position("S", "blue", {"B1": ("A4", 3)}, exits="same_side")
    state, _ = play(state, "sail B1 N 2")
    assert ships(state)["B1"] == ("D4", 3)


def test_r24_chest_bumped_into_a_maelstrom_goes_to_a_free_exit():
    state = position("S", "blue", {"B1": ("A4", 3)}, chests=["A3"])
    state, _ = play(state, "sail B1 N 1")
    assert ships(state)["B1"] == ("A3", 3) and chests(state) == ["H8"]


@pytest.mark.parametrize("blocker", ["ship", "chest"])
def test_r24_chest_cannot_be_bumped_into_a_maelstrom_whose_exit_is_taken(blocker):
    extra_ships = {"G1": ("H8", 2)} if blocker == "ship" else {}
    extra_chests = ["H8"] if blocker == "chest" else []
    state = position("S", "blue", {"B1": ("A4", 3), **extra_ships}, chests=["A3", *extra_chests])
    assert "sail B1 N 1" not in legal(state)
    assert "sail B1 N 1 sink" in legal(state)
    with pytest.raises(IllegalMove, match="R24"):
        game.decide(state, seat(state), "sail B1 N 1", None)


def test_r19_blast_into_a_maelstrom_across_the_edge_whose_exit_is_taken_backfires():
    # G1 on B1 in port is attacked from the south; across the edge is B11, maelstrom SW, exit H4 taken
    state = position("N", "blue", {"B1": ("B4", 3), "G1": ("B1", 3), "G2": ("H4", 2)}, chests=["B1"])
    state, _ = play(state, "sail B1 N 2")
    assert ships(state)["G1"] == ("B1", 2) and state.in_port("G1")
    assert ships(state)["B1"] == ("B4", 2)  # backfired 2 south


def test_claiming_by_sailing_gives_three_masts_and_abandoning_leaves_the_chest():
    state = position("N", "green", {"G1": ("G8", 1), "G2": ("A7", 2)}, chests=["J11"])
    state, _ = play(state, "sail G1 SE 2", "wind", "repair G2", chance=[0])
    assert ships(state)["G1"] == ("I10", 1)
    state = position("N", "green", {"G1": ("I10", 1)}, chests=["J11"])
    state, _ = play(state, "sail G1 SE 1")
    assert ships(state)["G1"] == ("J11", 3) and state.in_port("G1")


def test_r18_blasted_ship_that_cannot_bump_into_a_ship_runs_aground():
    #  column F:  B1:3 on F2, G2 on F5, chest on F6 (The Shallows), G1 on F7; wind N
    state = position("N", "blue", {"B1": ("F2", 3), "G2": ("F5", 2), "G1": ("F7", 2)}, chests=["F6"])
    state, events = play(state, "sail B1 S 2")
    assert [(e.actor, e.data["move"]) for e in events] == [("0", "sail B1 S 2"), ("rules", "aground")]
    assert ships(state)["G2"] == ("F6", 1) and state.aground("G2")
    # G2 landed next to G1 and attacked it: G1 blasted 2 south
    assert ships(state)["G1"] == ("F9", 1)
