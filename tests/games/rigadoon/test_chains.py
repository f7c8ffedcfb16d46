"""Attacks, backfires and chain reactions: rulings R3-R8 and R13-R15, and the rule text's
"What if" scenarios about attacks."""

import pytest

from pbem.games import rigadoon as game

from .helpers import chests, legal, play, position, ships


# R5 island sandwich: wind S (blowing N), Blue to move.
#        B     C     D     E     F     G     H     I
#   1  Inw  G3:2     .  G4:2     .     .     .     .
#   3     .     .  B2:2     .
@pytest.mark.parametrize("first", ["attack B2 G3", "attack B2 G4"])
def test_r5_island_sandwich_same_result_in_either_order(first):
    state = position("S", "blue", {"B2": ("D3", 2), "G3": ("C1", 2), "G4": ("E1", 2)})
    state, _ = play(state, "sail B2 N 2")
    assert legal(state) == ["attack B2 G3", "attack B2 G4"]
    state, _ = play(state, first)
    assert ships(state) == {"G3": ("C1", 1), "B2": ("F1", 1), "G4": ("I1", 0)}
    assert state.chain is None


def test_r6_double_block_stops_the_exchange():
    #        B     C     D     E
    #   1  Inw     .  G3:2  G4:2
    #   3     .  B2:2
    state = position("S", "blue", {"B2": ("C3", 2), "G3": ("D1", 2), "G4": ("E1", 2)})
    state, _ = play(state, "sail B2 N 2")
    assert ships(state) == {"B2": ("C1", 1), "G3": ("D1", 1), "G4": ("E1", 2)}
    assert state.chain is None
    assert game.outcome(state) is None


def test_r6_double_block_loses_under_loop_loses():
    state = position("S", "blue", {"B2": ("C3", 2), "G3": ("D1", 2), "G4": ("E1", 2)}, double_block="loop_loses")
    state, _ = play(state, "sail B2 N 2")
    result = game.outcome(state)
    assert result.termination == "infinite_loop" and result.winners == (1,)


R7_SHIPS = {"B1": ("B5", 1), "G1": ("A3", 0), "G2": ("K3", 0), "G3": ("D3", 0), "G4": ("E3", 0)}


def test_r7_infinite_loop_loses_for_the_active_fleet():
    #        A     B     C     D     E  ...   K
    #   3  G1:0     .     .  G3:0  G4:0     G2:0
    #   5     .  B1:1
    state = position("S", "blue", R7_SHIPS)
    state, _ = play(state, "sail B1 N 2")
    result = game.outcome(state)
    assert result.termination == "infinite_loop"
    assert result.winners == (1,)  # green's seat: Blue caused it on its turn
    assert game.to_move(state) == frozenset()


def test_r7_loop_cap_also_ends_the_chain():
    # with a tiny cap the loop is caught by the count before any fingerprint repeats
    state = position("S", "blue", R7_SHIPS, loop_cap=10)
    state, _ = play(state, "sail B1 N 2")
    assert game.outcome(state).termination == "infinite_loop"


def test_r8_rigadoon_bonus_masts_and_one_more_sail():
    #        C     D     E     F     G     H     I
    #   5  G3:2
    #   6     .     .  G1:2     .  G2:2
    #   7                                      G4:2
    #   8                    B2:1
    state = position("S", "blue", {"B2": ("F8", 1), "G1": ("E6", 2), "G2": ("G6", 2), "G3": ("C5", 2), "G4": ("I7", 2)})
    state, _ = play(state, "sail B2 N 2", "attack B2 G1")
    assert legal(state) == ["attack B2 G2", "attack G1 G3"]
    state, _ = play(state, "attack G1 G3")
    assert state.chain is None
    assert ships(state)["B2"] == ("F6", 3)
    assert ships(state)["G1"] == ("C6", 1) and ships(state)["G3"] == ("C3", 1)
    assert ships(state)["G2"] == ("I6", 1) and ships(state)["G4"] == ("I9", 1)
    assert "B2" in state.bonus_sails
    second = [m for m in legal(state) if m.startswith("sail B2 ")]
    assert second
    state, _ = play(state, second[0])
    assert not [m for m in legal(state) if m.startswith("sail B2 ")]


def test_r8_no_rigadoon_without_all_four_enemy_ships():
    state = position("S", "blue", {"B2": ("F8", 1), "G1": ("E6", 2), "G2": ("G6", 2), "G3": ("C5", 2)})
    state, _ = play(state, "sail B2 N 2", "attack B2 G1", "attack G1 G3")
    assert ships(state)["B2"] == ("F6", 1)
    assert state.bonus_sails == ()


def test_r3_attack_order_is_offered_only_with_more_than_one_pending():
    state = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1)})
    state, events = play(state, "sail B1 SW 2")
    assert state.chain is None
    assert [e.data["move"] for e in events] == ["sail B1 SW 2"]  # the single attack needs no move
    assert ships(state)["G1"] == ("B9", 0)


def test_what_if_attacked_ship_has_no_masts_it_moves_two_and_loses_nothing():
    state = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 0)})
    state, _ = play(state, "sail B1 SW 2")
    assert ships(state)["G1"] == ("B9", 0)


def test_what_if_mastless_ship_blasted_next_to_another_still_attacks():
    # B1 lands on E9 and blasts G1 (0 masts) west onto B9, next to G2 on A9: G1 attacks G2
    state = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 0), "G2": ("B8", 2)})
    state, _ = play(state, "sail B1 SW 2")
    assert ships(state)["G1"] == ("B9", 0)
    assert ships(state)["G2"] == ("B6", 1)  # blasted north by the mastless G1


def test_what_if_own_ship_attacked_still_acts():
    state = position("N", "blue", {"B1": ("G7", 3), "B2": ("E10", 2), "G1": ("A1", 2)})
    state, _ = play(state, "sail B1 SW 2")
    assert ships(state)["B2"] == ("E1", 1)
    assert "B2" not in state.acted
    assert any(m.startswith("sail B2 ") for m in legal(state))
    assert "repair B2" in legal(state)


def test_what_if_two_blasted_ships_each_land_between_a_pair_four_attacks_at_once():
    # B1 lands on F6 between G1 (E6) and G2 (G6). G1 is blasted to C6 between B3 (C5) and B4 (C7);
    # G2 to I6 between G3 (I5) and G4 (I7).
    state = position("S", "blue", {"B1": ("F8", 3), "G1": ("E6", 3), "G2": ("G6", 3),
                                   "B3": ("C5", 3), "B4": ("C7", 3), "G3": ("I5", 3), "G4": ("I7", 3)})
    state, _ = play(state, "sail B1 N 2", "attack B1 G1")
    # G1 on C6 attacks B3 and B4; B1's attack on G2 is pending too
    assert legal(state) == ["attack B1 G2", "attack G1 B3", "attack G1 B4"]
    state, _ = play(state, "attack B1 G2")
    assert legal(state) == ["attack G1 B3", "attack G1 B4", "attack G2 G3", "attack G2 G4"]


def test_what_if_backfire_against_an_island():
    # B1 sails N onto C2... lands on C1 next to the island's neighbour? G3 on C1 is blocked by island B1
    state = position("S", "blue", {"B2": ("D3", 2), "G3": ("C1", 2)})
    state, _ = play(state, "sail B2 N 2")
    # G3 cannot move: the attack backfires, B2 is blasted 2 east, both lose a mast
    assert ships(state) == {"G3": ("C1", 1), "B2": ("F1", 1)}


def test_what_if_backfire_against_a_ship_blocking_the_far_edge():
    #  row 5:  G1 on A5, G2 on K5 blocks the wrap; B1 lands on B5 from the south
    state = position("S", "blue", {"B1": ("B7", 2), "G1": ("A5", 2), "G2": ("K5", 2)})
    state, _ = play(state, "sail B1 N 2")
    assert ships(state) == {"B1": ("D5", 1), "G1": ("A5", 1), "G2": ("K5", 2)}


def test_blast_across_the_edge_continues_on_the_far_side():
    state = position("S", "blue", {"B1": ("B7", 2), "G1": ("A5", 2)})
    state, _ = play(state, "sail B1 N 2")
    assert ships(state)["G1"] == ("J5", 1)  # one square to K5 across the edge, then J5


def test_no_attack_across_the_edge():
    state = position("S", "blue", {"B1": ("A7", 2), "G1": ("K5", 2)})
    state, _ = play(state, "sail B1 N 2")
    assert ships(state) == {"B1": ("A5", 2), "G1": ("K5", 2)}


def test_no_diagonal_attack():
    state = position("S", "blue", {"B1": ("D7", 2), "G1": ("E4", 2)})
    state, _ = play(state, "sail B1 N 2")
    assert ships(state) == {"B1": ("D5", 2), "G1": ("E4", 2)}


def test_r13_blasted_through_a_maelstrom_counts_as_acted_and_attacks_from_the_exit():
    # B2 on A4 is blasted north by B1 landing on A5: A3, then A2 = maelstrom NW -> exit H8.
    # On H8 it attacks G1 on H7 (north of it).
    state = position("N", "blue", {"B1": ("A7", 3), "B2": ("A4", 2), "G1": ("H7", 2)})
    state, _ = play(state, "sail B1 N 2")
    assert ships(state)["B2"] == ("H8", 1)
    assert "B2" in state.acted
    assert ships(state)["G1"] == ("H5", 1)


def test_r14_blasted_onto_an_island_claims_and_may_still_sail():
    state = position("S", "green", {"G2": ("J7", 2), "G3": ("J9", 0)}, chests=["J11"])
    state, _ = play(state, "sail G2 S 1")
    assert ships(state)["G3"] == ("J11", 3)
    assert any(m.startswith("sail G3 ") for m in legal(state))


def test_r15_attacking_a_ship_in_port_blasts_it_off_and_the_chest_stays():
    state = position("N", "blue", {"B1": ("C4", 3), "G1": ("B1", 3)}, chests=["B1"])
    state, _ = play(state, "sail B1 N 2")  # lands on C2? no: C3, C2 -> lands on C2, not adjacent
    assert ships(state)["G1"] == ("B1", 3)
    state = position("N", "blue", {"B1": ("B4", 3), "G1": ("B1", 3)}, chests=["B1"])
    state, _ = play(state, "sail B1 N 2")  # lands on B2, G1 to its north is blasted N across the edge
    # R19: the first square across the edge is B11, maelstrom SW: G1 goes to its exit H4
    assert ships(state)["G1"] == ("H4", 2)
    assert chests(state) == ["B1"]
    assert not state.in_port("G1")


def test_r15_ship_in_port_that_cannot_move_backfires_and_stays_in_port():
    # G1 in port on B1 is attacked from the east (C1); west of it is A1 then the wrap to K1 (G2 there)
    state = position("S", "blue", {"B1": ("C3", 2), "G1": ("B1", 3), "G2": ("A1", 1)}, chests=["B1"])
    state, _ = play(state, "sail B1 N 2")
    assert ships(state)["G1"] == ("B1", 2)
    assert state.in_port("G1")
    assert ships(state)["B1"] == ("E1", 1)


def test_r4_ships_left_adjacent_never_attack_later():
    state = position("S", "blue", {"B2": ("C3", 2), "G3": ("D1", 2), "G4": ("E1", 2), "B1": ("I9", 2)})
    state, _ = play(state, "sail B2 N 2")
    assert state.chain is None
    state, _ = play(state, "repair B1")
    assert ships(state)["G3"] == ("D1", 1) and ships(state)["B2"] == ("C1", 1)


R8_SHIPS = {"B2": ("F8", 1), "G1": ("E6", 2), "G2": ("G6", 2), "G3": ("C5", 2), "G4": ("I7", 2)}


@pytest.mark.parametrize("limit,bonus", [("once", False), ("unlimited", True)])
def test_r8_rigadoon_limit_on_a_bonus_sail(limit, bonus):
    from dataclasses import replace

    state = position("S", "blue", R8_SHIPS, rigadoon_limit=limit)
    # as if B2 had already sailed and earned a Rigadoon this turn, and now uses its bonus sail
    state = replace(state, acted=("B2",), bonus_sails=("B2",), bonus_earned=("B2",))
    state, _ = play(state, "sail B2 N 2", "attack B2 G1", "attack G1 G3")
    assert (ships(state)["B2"][1] == 3) is bonus
    assert ("B2" in state.bonus_sails) is bonus
