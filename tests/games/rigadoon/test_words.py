"""The game told in words (issue 13): `describe` gives the lines of one append, with the chain a sail
sets off folded into it, names instead of seats and plain words for the wind; `reveals` marks the
chance outcomes. Positions and expected lines follow the spec's worked examples and rulings."""

import pytest

from pbem.games import rigadoon as game
from pbem.games.base import Event
from pbem.games.rigadoon.state import with_changes
from pbem.play.chance import ScriptedChance

from .helpers import position, replay

NAMES = ["Ann", "Bob"]  # Ann holds seat 0 (Blue in every position here), Bob seat 1 (Green)


def english(lines) -> list[str]:
    return [str(line) for line in lines]


def told(state, *moves, chance=()):
    """Play the moves; return the state and, per move, the lines every reader gets for its append."""
    script = ScriptedChance(list(chance))
    said = []
    for move in moves:
        seat = min(game.to_move(state))
        events = game.decide(state, seat, move, script)
        lines = game.describe(state, events, seat, NAMES)
        for reader in (None, 0, 1):  # nothing is hidden: every reader reads the same
            redacted = [Event(e.type, game.redact(e, reader), e.actor) for e in events]
            assert game.describe(state, redacted, reader, NAMES) == lines
        said.append([str(line) for line in lines])  # the English (a Phrase reads as its English)
        state = replay(state, events)
    return state, said


def test_e2_a_ship_blasted_onto_an_island_claims_and_a_sail_out_of_port():
    state = position("S", "green", {"G2": ("J7", 2), "G3": ("J9", 0), "B3": ("I10", 1)}, chests=["J11"])
    _, said = told(state, "sail G2 S 1", "sail G3 N 1")
    assert said[0] == [
        "Bob sailed G2 south 1 square from J7 to J8.",
        "G2 attacked G3 from the north: G3 had no mast to lose and was blasted 2 squares south to J11; "
        "G3 claimed the chest on island SE (J11) and is in port with 3 masts.",
    ]
    assert said[1] == [
        "Bob sailed G3 out of port on island SE (J11), leaving the chest there, north 1 square to J10.",
        "G3 attacked B3 from the east: B3 lost a mast (no masts left) and was blasted 2 squares west to G10.",
    ]


def test_e3_chests_pushed_and_sunk_the_island_chosen_and_a_blasted_ship_sinking_a_chest():
    state = position("W", "green", {"G2": ("G6", 1), "G4": ("J7", 0)}, chests=["H6", "J9"])
    _, said = told(state, "sail G2 E 3 sink", "island SE", "sink", "island NE")
    assert said == [
        ["Bob sailed G2 east 3 squares from G6 to J6, pushing the chest ahead, and sank it there.",
         "Bob chooses the island where the sunk chest washes up."],
        ["Bob had the chest wash up on island SE (J11).",
         "G2 attacked G4 from the north: G4 had no mast to lose.",
         "G4 is blasted into a chest: Bob chooses whether it pushes the chest or stops to sink it."],
        ["Bob chose: G4 sinks the chest in its way.",
         "G4 was blasted 2 squares south to J9 and sank the chest there.",
         "Bob chooses the island where the sunk chest washes up."],
        ["Bob had the chest wash up on island NE (K2)."],
    ]


def test_e4_the_attack_order_is_the_players_choice_and_a_blast_wraps_across_the_edge():
    state = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1), "B2": ("E10", 0)})
    _, said = told(state, "sail B1 SW 2", "attack B1 G1")
    assert said == [
        ["Ann sailed B1 south-west 2 squares from G7 to E9.",
         "Ann chooses which attack comes next: B1 on B2 or B1 on G1."],
        ["Ann chose the next attack: B1 on G1.",
         "B1 attacked G1 from the east: G1 lost a mast (no masts left) and was blasted 2 squares west to B9.",
         "B1 attacked B2 from the north: B2 had no mast to lose and was blasted 2 squares south across the edge to E1."],
    ]


def test_r5_a_backfire_and_the_island_sandwich():
    state = position("S", "blue", {"B2": ("D3", 2), "G3": ("C1", 2), "G4": ("E1", 2)})
    _, said = told(state, "sail B2 N 2", "attack B2 G3")
    assert said[1] == [
        "Ann chose the next attack: B2 on G3.",
        "B2 attacked G3 from the east: G3 lost a mast (1 mast left).",
        "G3 could not be moved, so the attack backfired: B2 lost a mast (1 mast left).",
        "B2 attacked G4 from the west: G4 lost a mast (1 mast left) and was blasted 2 squares east to G1.",
        "B2 was blasted 2 squares east to F1.",
        "B2 attacked G4 from the west: G4 lost a mast (no masts left) and was blasted 2 squares east to I1.",
    ]


def test_r6_a_double_block_stops_the_exchange():
    state = position("S", "blue", {"B2": ("C3", 2), "G3": ("D1", 2), "G4": ("E1", 2)})
    _, said = told(state, "sail B2 N 2")
    assert said[0][-1] == "B2 could not be moved either: the exchange stops there, nobody moves."


def test_r7_an_endless_loop_is_told_with_its_loser_and_winner():
    state = position("S", "blue", {"B1": ("B5", 1), "G1": ("A3", 0), "G2": ("K3", 0), "G3": ("D3", 0), "G4": ("E3", 0)})
    _, said = told(state, "sail B1 N 2")
    assert said[0][0] == "Ann sailed B1 north 2 squares from B5 to B3."
    assert said[0][2] == ("G1 could not be moved, so the attack backfired: B1 lost a mast (no masts left) and was "
                          "blasted only 1 square east to C3.")
    assert said[0][-1] == "The attacks would go on for ever: an endless loop on Blue's turn, so Ann loses and Bob wins."


def test_a_very_long_loop_is_told_by_its_start_and_end():
    state = position("S", "blue", {"B1": ("B5", 1), "G1": ("A3", 0), "G2": ("K3", 0), "G3": ("D3", 0), "G4": ("E3", 0)},
                     loop_cap=2000)
    lines = told(state, "sail B1 N 2")[1][0]
    assert len(lines) <= 41
    assert lines[-1].startswith("The attacks would go on for ever")


def test_r8_the_rigadoon_bonus():
    state = position("S", "blue", {"B2": ("F8", 1), "G1": ("E6", 2), "G2": ("G6", 2), "G3": ("C5", 2), "G4": ("I7", 2)})
    _, said = told(state, "sail B2 N 2", "attack B2 G1", "attack G1 G3")
    assert said[2] == [
        "Ann chose the next attack: G1 on G3.",
        "G1 attacked G3 from the south: G3 lost a mast (1 mast left) and was blasted 2 squares north to C3.",
        "B2 attacked G2 from the west: G2 lost a mast (1 mast left) and was blasted 2 squares east to I6.",
        "G2 attacked G4 from the north: G4 lost a mast (1 mast left) and was blasted 2 squares south to I9.",
        "Rigadoon! All four Green ships were hit: B2 is back to 3 masts and may sail once more this turn.",
    ]


@pytest.mark.parametrize("fleet, suffix", [("to_move_blue", ""), ("to_move_green", ", which ends its turn")])
def test_r13_a_ship_blasted_through_a_maelstrom(fleet, suffix):
    if fleet == "to_move_blue":
        state = position("S", "blue", {"B1": ("C4", 3), "G1": ("B2", 2)})
        first, sail = "Ann sailed B1", "sail B1 N 2"
    else:
        state = position("S", "green", {"G2": ("C4", 3), "G1": ("B2", 2)})
        first, sail = "Bob sailed G2", "sail G2 N 2"
    _, said = told(state, sail)
    attacker = sail.split()[1]
    assert said[0] == [f"{first} north 2 squares from C4 to C2.",
                       f"{attacker} attacked G1 from the east: G1 lost a mast (1 mast left) and was blasted west "
                       f"into the maelstrom at A2 and came out at H8{suffix}."]


def test_sailing_through_a_maelstrom():
    state = position("SE", "blue", {"B1": ("C4", 3)})
    assert told(state, "sail B1 NW 2")[1] == [
        ["Ann sailed B1 north-west 2 squares from C4 into the maelstrom at A2 and came out at H8."]]


def test_a_ship_blasted_through_a_maelstrom_onto_a_chest_sinks_it():
    state = position("S", "blue", {"B1": ("C4", 3), "G1": ("B2", 1)}, chests=["H8"])
    assert told(state, "sail B1 N 2")[1][0][1:] == [
        "B1 attacked G1 from the east: G1 lost a mast (no masts left) and was blasted west into the maelstrom at A2 "
        "and came out at H8, sinking the chest that lay there.",
        "Ann chooses the island where the sunk chest washes up."]


def test_r12_running_aground_by_sailing_and_by_being_blasted():
    state = position("S", "blue", {"B1": ("E8", 3)}, chests=["E5"])
    assert told(state, "sail B1 N 3 aground")[1] == [
        ["Ann sailed B1 north 3 squares from E8 to E5; B1 ran aground on the chest at E5."]]
    state = position("S", "blue", {"B1": ("F9", 3), "G1": ("F6", 2)}, chests=["F4"])
    _, said = told(state, "sail B1 N 2", "aground")
    assert said == [
        ["Ann sailed B1 north 2 squares from F9 to F7.",
         "B1 attacked G1 from the south: G1 lost a mast (1 mast left).",
         "G1 is blasted into a chest: Ann chooses whether it pushes the chest or stops to run aground on it."],
        ["Ann chose: G1 runs aground on the chest in its way.",
         "G1 was blasted 2 squares north to F4; G1 ran aground on the chest at F4."],
    ]


def test_r15_ships_blasted_out_of_port_and_off_a_chest():
    state = position("N", "blue", {"B1": ("K4", 3), "G1": ("K2", 2), "G2": ("E6", 1), "B2": ("E8", 3)}, chests=["K2", "E6"])
    _, said = told(state, "sail B1 N 1", "sail B2 N 1")
    assert said[0][1] == ("B1 attacked G1 from the south: G1 lost a mast (1 mast left) and was blasted out of port on "
                          "island NE (K2) (the chest stays there), 2 squares north across the edge to K11.")
    assert said[1][1] == ("B2 attacked G2 from the south: G2 lost a mast (no masts left) and was blasted off the chest "
                          "at E6, 2 squares north to E4.")


def test_r9_the_winning_claim_names_the_winner():
    state = position("N", "blue", {"B1": ("K2", 1), "B2": ("J8", 3)}, chests=["K2", "J11"])
    assert told(state, "sail B2 S 3")[1] == [[
        "Ann sailed B2 south 3 squares from J8 to J11; B2 claimed the chest on island SE (J11) and is in port with 3 masts.",
        "Blue has two ships in port, on island NE (K2) and island SE (J11): Ann wins.",
    ]]


def test_the_wind_drawn_from_the_deck_rolled_on_the_die_and_kept():
    state = position("N", "blue", {"B1": ("E9", 2)})
    assert told(state, "wind", chance=[0])[1] == [["Ann drew a wind card: the wind turned to east (blowing toward the west)."]]
    die = position("N", "blue", {"B1": ("E9", 2)}, wind="die")
    assert told(die, "wind", chance=[2])[1] == [
        ["Ann rolled the wind die: the wind turned to south-east (blowing toward the north-west)."]]
    keep = position("N", "blue", {"B1": ("E9", 2)}, wind="die", same_wind="keep")
    assert told(keep, "wind", chance=[0])[1] == [["Ann rolled the wind die: the wind stays north (blowing toward the south)."]]


def test_the_wind_drawn_after_the_discards_are_shuffled_back():
    state = position("N", "blue", {"B1": ("E9", 2)})
    state = with_changes(state, pile=(), discards=("E", "NE", "NW", "S", "SE", "SW", "W"))
    assert told(state, "wind", chance=[0])[1] == [[
        "Ann drew a wind card (the discards were shuffled back into the pile first): the wind turned to east "
        "(blowing toward the west)."]]


def test_repairs_and_the_end_of_a_turn_by_choice_and_by_the_rules():
    state = position("N", "blue", {"B1": ("E9", 2), "B2": ("B1", 2)}, chests=["B1"])
    assert told(state, "wind", "repair B1", "end", chance=[0])[1][1:] == [
        ["Ann repaired B1 (3 masts now)."], ["Ann ended Blue's turn: Bob (Green) is to move."]]
    state = position("N", "blue", {"B1": ("E9", 2)})
    assert told(state, "wind", "repair B1", chance=[0])[1][1] == [
        "Ann repaired B1 (3 masts now).", "Nothing is left for Blue's ships to do, so the turn is over: Bob (Green) is to move."]


def test_the_turn_limit_ends_the_game_drawn():
    state = position("N", "blue", {"B1": ("E9", 2)}, turn_limit=1)
    assert told(state, "wind", "repair B1", chance=[0])[1][1][1:] == [
        "Nothing is left for Blue's ships to do, so the turn is over.", "The game reached its limit of 1 turn: it ends in a draw."]


def test_setup_the_first_player_the_colours_and_the_opening_wind():
    state = game.initial_state(2, game.resolve_options(2, {}))
    events = game.start(state, ScriptedChance([1]))
    assert english(game.describe(state, events, None, NAMES)) == ["Bob was drawn to go first and chooses a fleet."]
    state = replay(state, events)
    _, said = told(state, "colour green", "opening NE")
    assert said == [["Bob takes the Green fleet; Ann sails Blue."],
                    ["Ann set the opening wind: north-east (blowing toward the south-west). Bob (Green) takes the first turn."]]


def test_a_resignation_names_the_winner():
    state = position("N", "blue", {"B1": ("E9", 2)})
    assert english(game.describe(state, game.resign(state, 1, None), 0, NAMES)) == ["Bob resigned: Ann wins."]


def test_missing_names_fall_back_to_player_numbers():
    state = position("N", "blue", {"B1": ("E9", 2)})
    events = game.decide(state, 0, "wind", ScriptedChance([0]))
    assert str(game.describe(state, events, None, [])[0]).startswith("Player 1 drew a wind card")


REVEALS = [
    (Event("first_player_drawn", {"seat": 0}), True),
    (Event("wind_drawn", {"direction": "NE"}), True),
    (Event("move_played", {"move": "wind"}, "0"), False),
    (Event("move_played", {"move": "sail B1 N 2"}, "0"), False),
    (Event("move_played", {"move": "attack B1 G1"}, "rules"), False),
    (Event("move_played", {"move": "island NE"}, "0"), False),
    (Event("move_played", {"move": "end"}, "rules"), False),
    (Event("resigned", {"seat": 1}, "1"), False),
]


@pytest.mark.parametrize("event, reveals", REVEALS)
def test_reveals_marks_exactly_the_chance_outcomes(event, reveals):
    assert game.reveals(event) is reveals


def test_reveals_is_tested_for_every_event_type_the_game_writes():
    from pbem.games.rigadoon.events import EVENT_SCHEMAS

    assert {event.type for event, _ in REVEALS} == set(EVENT_SCHEMAS)
