"""The rule text's example "A thousand words...", reconstructed from its words.

The example's pictures are missing (and so are the ship icons inside its sentences), so the scene
below is rebuilt from the words on the spec's reconstructed board; what is reconstructed:

- Wind North (spec clue W3). "The 3-Mast Blue Ship in the middle of the board" stands on the compass,
  F6. Its options 1-3 each end on a "[symbol] space": under a North wind they are the maelstrom exits
  on the cut corners of The Shallows, D8 (SW 2), H4 (NE 2) and D4 (NW 2), which fits the spec's
  choice of exits. Option 4, "3 spaces southeast", ends on I9.
- Option 1: "the Chest 1 space south of" D8 is on D9. Options 2 and 3 need Green ships on G4 ("just
  west of" H4) and E4 ("1 space east of" D4); option 3's chest, bumped or sunk by the Green ship
  driven east along row 4, is on I4.
- "The Green Ship with 2 Masts in the southeast corner ... about to claim" the chest on island SE
  (J11) is taken to be the Green ship west of I9 (H9, two squares diagonal from J11); the "Zero-Mast
  Blue Ship to its south" is on I10.
- Steps 2-3: H9 is blasted west to F9, where it attacks two ships: one (Green, E9) is blasted onto
  the chest on D9 and sinks it, the Blue fleet sending it to island NE; the other (Blue, 3 masts, F10)
  is blasted south across the edge to F1, next to a chest on E2. Step 4: that ship, left with 2
  masts, sails SW 2 on the same card, bumping the chest to D3 and sinking it there, from where island
  NW (B1) is 2 squares on a straight line (sunk at once on E2 it would not be). Step 5: the Blue ship
  on J3 sails NE 1 onto island NE and claims it, the card's second NE square being off the board;
  then the wind changes and the mastless ship repairs.

Where the words cannot all be met with four ships a side and four chests: the mastless Blue ship is
blasted across the south edge to I1 (no ship is left over to block that square), so the text's last
"Zero-Mast Ship in the southeast" ends in the north-east here; "the Chests in the northeast corner"
are the one chest on I4; and options 2 and 3 both cost Green two masts here, so option 3 is better
only for the chest it moves (the text says it also "causes more damage").
"""

import pytest

from pbem.games import rigadoon as game

from .helpers import chests, legal, play, position, ships

#          A     B     C     D     E     F     G     H     I     J     K
#     1     .   Inw     .     .     .     .     .     .     .   Mne     .
#     2   Mnw     .     .     .     $     .     .     .     .     .   Ine
#     3     .     .     .     .     .     .     .     .     .  B4:3     .
#     4     .     .     .   Xse  G2:2     ~  G3:2   Xsw     $     .     .
#     5     .     .     .     ~     ~     ~     ~     ~     .     .     .
#     6     .     .     .     ~     ~  B1:3     ~     ~     .     .     .
#     7     .     .     .     ~     ~     ~     ~     ~     .     .     .
#     8     .     .     .   Xne     ~     ~     ~   Xnw     .     .     .
#     9     .     .     .     $  G4:2     .     .  G1:2     .     .     .
#    10   Isw     .     .     .     .  B3:3     .     .  B2:0     .   Mse
#    11     .   Msw     .     .     .     .     .     .     .  Ise$     .
SCENE = {"B1": ("F6", 3), "B2": ("I10", 0), "B3": ("F10", 3), "B4": ("J3", 3),
         "G1": ("H9", 2), "G2": ("E4", 2), "G3": ("G4", 2), "G4": ("E9", 2)}
CHESTS = ["D9", "I4", "E2", "J11"]


def scene():
    return position("N", "blue", SCENE, chests=CHESTS)


def test_option_1_southwest_to_the_exit_leaves_the_chest_for_next_turn():
    state, _ = play(scene(), "sail B1 SW 2")
    assert ships(state)["B1"] == ("D8", 3)
    assert state.chain is None and ships(state) == {**ships(scene()), "B1": ("D8", 3)}  # nobody attacked
    assert "D9" in chests(state)  # 1 south of D8, out of reach until the ship sails again
    assert not any(m.startswith("sail B1") for m in legal(state))


def test_option_2_northeast_the_green_ship_attacks_its_own():
    state, _ = play(scene(), "sail B1 NE 2")
    where = ships(state)
    assert where["B1"] == ("H4", 3)
    assert where["G3"] == ("F4", 1)  # blasted west, stopped after one square by its own ship on E4
    assert where["G2"] == ("C4", 1)  # which it then attacked
    assert chests(state) == sorted(CHESTS)


@pytest.mark.parametrize("choice", ["sink", "bump 1"])
def test_option_3_northwest_two_green_ships_attacked_and_a_chest_bumped_or_sunk(choice):
    state, _ = play(scene(), "sail B1 NW 2")
    assert ships(state)["G2"] == ("F4", 1)  # E4 blasted east, stopped by G3 on G4, attacks it
    assert ships(state)["G3"] == ("H4", 1)  # G3 blasted east into the chest on I4
    assert legal(state) == ["bump 1", "sink"]
    state, _ = play(state, choice)
    if choice == "sink":
        # a Green ship sinks it, the Blue fleet (whose turn it is) places it
        assert state.chain.decision == "island" and game.to_move(state) == {state.seat_of("B")}
        state, _ = play(state, "island SW")
        assert ships(state)["G3"] == ("I4", 1) and "A10" in chests(state)
    else:
        assert ships(state)["G3"] == ("I4", 1) and "J4" in chests(state)


@pytest.mark.parametrize("drawn", [0, 5])
def test_the_best_solution_southeast_three_then_the_whole_turn(drawn):
    state = scene()
    # Step 1: sail SE 3 past the empty G7 and H8 onto I9, next to G1 (west) and the mastless B2 (south)
    state, _ = play(state, "sail B1 SE 3")
    assert ships(state)["B1"] == ("I9", 3)
    assert legal(state) == ["attack B1 B2", "attack B1 G1"]  # the order is Blue's to choose
    # Step 2: G1 loses a mast, blasted west to F9; B2 has none to lose, blasted south across the edge
    state, _ = play(state, "attack B1 G1", "attack B1 B2")
    assert ships(state)["G1"] == ("F9", 1) and ships(state)["B2"] == ("I1", 0)
    # Step 3: G1 attacks G4 and B3. G4 is blasted onto the chest on D9 in Open Water and sinks it;
    # the Blue fleet picks the island. B3 is blasted south off the edge and across to F1.
    assert legal(state) == ["attack G1 B3", "attack G1 G4"]
    state, _ = play(state, "attack G1 G4")
    assert state.chain.blasted == "G4" and "sink" in legal(state)
    state, _ = play(state, "sink")
    assert legal(state) == ["island NE", "island NW", "island SW"]
    state, _ = play(state, "island NE")  # the island nearest B4; B3's attack then needs no choice
    assert state.chain is None
    assert ships(state)["G4"] == ("D9", 1) and ships(state)["B3"] == ("F1", 2)
    assert "K2" in chests(state) and "D9" not in chests(state)
    # Step 4: B3, left with 2 masts, uses the same card: SW 2, bumping the chest on E2 one square and
    # sinking it on the second. It could have sunk it at once.
    assert "sail B3 SW 1 sink" in legal(state) and "sail B3 SW 2 sink" in legal(state)
    state, _ = play(state, "sail B3 SW 2 sink", "island NW")
    assert ships(state)["B3"] == ("D3", 2) and "B1" in chests(state)
    board = state.board
    d3 = board.parse("D3")
    assert board.step(board.step(d3, "NW"), "NW") == board.island("NW")  # a straight line to claim it
    # Step 5: still on the old wind, B4 sails NE one square onto island NE and claims the chest;
    # its card reaches 2 squares NE, but the second is off the board.
    assert board.reach("N", "NE", 3) == 2 and "sail B4 NE 2" not in legal(state)
    state, _ = play(state, "sail B4 NE 1")
    assert ships(state)["B4"] == ("K2", 3) and state.in_port("B4")
    # Then the wind: whatever it turns to, the last action is repairing the mastless B2.
    state, _ = play(state, "wind", chance=[drawn])
    assert legal(state) == ["repair B2"]
    state, events = play(state, "repair B2")
    assert ships(state)["B2"] == ("I1", 1)
    assert [e.data.get("move") for e in events][-1] == "end"  # the only move left: played by the rules
    assert state.active == "G" and game.outcome(state) is None
    assert chests(state) == ["B1", "I4", "J11", "K2"]
