"""`describe`: each append told in words, as the notices, the history page and the record show it.

Positions and moves from the spec's worked examples and rulings (three seats: Ann Blue, Bob Red,
Cy Green), each with the exact lines a reader gets."""

import pytest

from pbem.games import mississippi as game
from pbem.games.base import Event
from pbem.play.chance import ScriptedChance

from .helpers import fold, from_position, new_game, play

NAMES = ["Ann", "Bob", "Cy"]


def pos(boats, supply, to_move):
    return {"boats": {str(s): {"field": f, "east": e, "logs": l} for s, (f, e, l) in boats.items()},
            "supply": supply, "to_move": to_move}


def told(state, seat, move, rolls=None, names=NAMES):
    """The lines of one move's append, the same for every reader (nothing is hidden in this game)."""
    after, events = play(state, seat, move, rolls)
    lines = game.describe(state, events, None, names)
    for viewer in range(state.seats):
        redacted = [Event(e.type, game.redact(e, viewer), e.actor) for e in events]
        assert game.describe(state, redacted, viewer, names) == lines
    return english(lines)


def english(lines) -> list[str]:
    return [str(line) for line in lines]  # a Phrase reads as its English


def test_a_move_with_the_movers_reaction_example_1():
    state = from_position(pos({0: (2, 6, 10), 1: (5, 6, 12), 2: (40, 1, 20)}, 18, 0))
    assert told(state, 0, "forward 2") == [
        "Ann went forward 2 to field 4, paying 2 logs (8 left); Ann's 6 beat Bob's 3: Ann moved on 3 to field 8."
    ]


def test_equal_numbers_move_nobody_example_1b():
    state = from_position(pos({0: (2, 3, 10), 1: (5, 6, 12), 2: (40, 1, 20)}, 18, 0))
    assert told(state, 0, "forward 2") == [
        "Ann went forward 2 to field 4, paying 2 logs (8 left); Ann's 3 met Bob's 3: nothing moved."
    ]


def test_the_other_boat_reacts_example_2():
    state = from_position(pos({0: (3, 2, 10), 1: (18, 6, 12), 2: (40, 1, 20)}, 18, 0))
    assert told(state, 0, "forward 3") == [
        "Ann went forward 3 to field 6, paying 3 logs (7 left); Bob's 5 beat Ann's 4: Bob moved on 1 to field 19."
    ]


def test_a_half_turn_and_its_cost_example_6b():
    state = from_position(pos({0: (40, 1, 10), 1: (13, 6, 8), 2: (50, 1, 20)}, 22, 1))
    assert told(state, 1, "rotate -3 forward 1") == [
        "Bob turned half round (2 logs) and went forward 1 to field 14, paying 1 log (5 left)."
    ]


@pytest.mark.parametrize("move, words", [
    ("rotate +1 back 2", "turned one step clockwise (free) and went back 2"),
    ("rotate -1 back 2", "turned one step counter-clockwise (free) and went back 2"),
    ("rotate +2 back 2", "turned two steps clockwise (1 log) and went back 2"),
    ("rotate -2 back 2", "turned two steps counter-clockwise (1 log) and went back 2"),
])
def test_rotations_in_words(move, words):
    state = from_position(pos({0: (30, 6, 5), 1: (5, 6, 20), 2: (60, 6, 20)}, 15, 0))
    (line,) = told(state, 0, move)
    assert line.startswith(f"Ann {words} to field 28, taking 2 logs from the supply")


def test_jumped_boats_are_named_in_the_order_passed():
    # A3: Ann on 30 goes back 3, jumping Bob on 28 and Cy on 27.
    state = from_position(pos({0: (30, 6, 5), 1: (28, 6, 20), 2: (27, 6, 20)}, 15, 0))
    (line,) = told(state, 0, "back 3")
    assert line.startswith("Ann went back 3 to field 25, jumping Bob's and Cy's boats, "
                           "taking 3 logs from the supply (now holding 8)")


def test_moving_back_with_a_short_or_empty_supply():
    short = from_position(pos({0: (30, 6, 0), 1: (5, 6, 30), 2: (60, 1, 27)}, 3, 0))
    assert told(short, 0, "back 5") == [
        "Ann went back 5 to field 25, taking 3 logs, all the supply held (now holding 3)."
    ]
    empty = from_position(pos({0: (30, 6, 0), 1: (5, 6, 30), 2: (60, 1, 30)}, 0, 0))
    assert told(empty, 0, "back 5") == [
        "Ann went back 5 to field 25, taking no logs, the supply being empty (0 left)."
    ]


def test_several_boats_react_in_clockwise_order_A6():
    state = from_position(pos({0: (9, 2, 10), 1: (11, 6, 20), 2: (12, 6, 20)}, 10, 0))
    assert told(state, 0, "forward 2") == [
        "Ann went forward 2 to field 13, jumping Bob's and Cy's boats, paying 2 logs (8 left); "
        "Bob's 2 beat Ann's 1 and Cy's 3 beat Ann's 2: Bob moved on 1 to field 14, then Cy on 1 to field 15; "
        "Bob's 6 beat Ann's 5: Bob moved on 1 to field 16."
    ]


def test_the_start_the_entry_die_and_the_entry_move():
    state = game.initial_state(3, game.resolve_options(3, {}))
    events = game.start(state, ScriptedChance([4]))
    assert english(game.describe(state, events, None, NAMES)) == [
        "Ann rolled a 4 for the entry: the blue boat waits on the start with its 4 pointing downstream."
    ]
    state = fold(state, events)
    assert told(state, 0, "forward 3", rolls=[2]) == [
        "Ann entered the river, forward 3 from the start to field 3, paying 3 logs (17 left).",
        "Bob rolled a 2 for the entry: the red boat waits on the start with its 2 pointing downstream.",
    ]


def test_a_skipped_turn_follows_the_move_that_caused_it_A1():
    state = from_position(pos({0: (1, 1, 0), 1: (0, 1, 20), 2: (40, 1, 20)}, 20, 2))
    assert told(state, 2, "forward 1") == [
        "Cy went forward 1 to field 41, paying 1 log (19 left).",
        "Ann had no move (no logs and nothing empty behind the boat): turn skipped.",
    ]


def test_reaching_the_goal_wins_A10():
    state = from_position(pos({0: (79, 6, 10), 1: (81, 4, 20), 2: (40, 6, 20)}, 10, 0))
    assert told(state, 0, "forward 1") == [
        "Ann went forward 1 to field 80, paying 1 log (9 left); Ann's 6 beat Bob's 1: Ann moved on 5 to the goal.",
        "Ann won: the boat reached the goal.",
    ]


def test_a_boat_pushed_onto_the_goal_wins_for_its_seat_A11():
    state = from_position(pos({0: (79, 2, 10), 1: (82, 6, 20), 2: (62, 1, 20)}, 10, 0))
    lines = told(state, 0, "forward 2")
    assert lines[-1] == "Bob won: the boat reached the goal."
    assert "Bob moved on 1 to the goal" in lines[0] and "Cy moved" not in lines[0]


def test_the_round_cap_names_the_winner_and_its_field_A18():
    state, _ = new_game(3, {"max_rounds": 1}, rolls=[1])
    state, _ = play(state, 0, "forward 2", [1])
    state, _ = play(state, 1, "forward 9", [1])
    assert told(state, 2, "forward 5") == [
        "Cy entered the river, forward 5 from the start to field 6, jumping Ann's boat, paying 5 logs (15 left).",
        "The game reached its limit of 1 round: Bob won, farthest down the river (field 10).",
    ]


def test_resigning_in_words_P1_P2_P3():
    state = from_position(pos({0: (30, 6, 5), 1: (5, 6, 20), 2: (60, 6, 20)}, 15, 0))
    events = game.resign(state, 1, None)
    assert english(game.describe(state, events, None, NAMES)) == [
        "Bob resigned; the boat stays on the river as an obstacle."
    ]
    state = fold(state, events)
    events = game.resign(state, 2, None)
    assert english(game.describe(state, events, None, NAMES)) == [
        "Cy resigned; the boat stays on the river as an obstacle.",
        "Ann won: the only player left.",
    ]
    waiting, _ = new_game(3, rolls=[5])
    events = game.resign(waiting, 0, ScriptedChance([3]))
    assert english(game.describe(waiting, events, None, NAMES)) == [
        "Ann resigned before entering; the boat leaves the start.",
        "Bob rolled a 3 for the entry: the red boat waits on the start with its 3 pointing downstream.",
    ]


def test_a_resigned_seats_boat_on_the_goal_does_not_win_P3():
    # Bob resigned; Ann pushes his boat onto the goal: the game ends and Ann, ahead of Cy, wins.
    state = from_position(pos({0: (79, 2, 10), 1: (82, 6, 20), 2: (40, 1, 20)}, 10, 0))
    state = fold(state, game.resign(state, 1, None))
    lines = told(state, 0, "forward 2")
    assert lines[-1] == "Bob's boat reached the goal, but Bob had resigned: Ann won, farthest down the river."


def test_seats_without_a_name_are_told_by_their_boats_colour_and_names_keep_to_one_line():
    state = from_position(pos({0: (2, 6, 10), 1: (5, 6, 12), 2: (40, 1, 20)}, 18, 0))
    (line,) = told(state, 0, "forward 2", names=["", "Bob\n  Bobson"])
    assert line.startswith("Blue went forward 2") and "Bob Bobson's 3" in line


def test_no_line_carries_a_move_in_notation_or_an_identifier():
    state = from_position(pos({0: (30, 6, 5), 1: (5, 6, 20), 2: (60, 6, 20)}, 15, 0))
    for move in game.legal_moves(state, 0):
        for line in told(state, 0, move):
            assert "rotate" not in line and "+" not in line and "_" not in line


def test_events_of_the_platform_are_left_to_the_platform():
    state = from_position(pos({0: (2, 6, 10), 1: (5, 6, 12), 2: (40, 1, 20)}, 18, 0))
    after, events = play(state, 0, "forward 2")
    mixed = [Event("message_posted", {"seat": 1, "text": "hello"}, "1"), *events]
    assert game.describe(state, mixed, None, NAMES) == game.describe(state, events, None, NAMES)
