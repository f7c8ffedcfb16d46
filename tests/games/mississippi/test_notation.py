"""The move parser (spec "Parsing"): case, spacing and aliases, -3 written +3, and the InvalidMove
and IllegalMove messages."""

import pytest

from pbem.games import mississippi as game
from pbem.games.base import IllegalMove, InvalidMove, NotYourTurn
from pbem.games.mississippi.notation import Move, move_name, parse_move

from .helpers import from_position, new_game, play


@pytest.mark.parametrize("text,canonical", [
    ("forward 3", "forward 3"),
    ("FORWARD 3", "forward 3"),
    ("  Forward   3  ", "forward 3"),
    ("forward3", "forward 3"),
    ("f 3", "forward 3"),
    ("fwd 12", "forward 12"),
    ("back 2", "back 2"),
    ("b2", "back 2"),
    ("backward 2", "back 2"),
    ("Backwards 15", "back 15"),
    ("rotate +1 forward 3", "rotate +1 forward 3"),
    ("rotate 1 forward 3", "rotate +1 forward 3"),      # no sign: clockwise
    ("r -2 b 4", "rotate -2 back 4"),
    ("ROT+2 F1", "rotate +2 forward 1"),
    ("rotate -3 forward 1", "rotate +3 forward 1"),    # A22
    ("rotate 3 back 1", "rotate +3 back 1"),
    ("rotate - 1 forward 2", "rotate -1 forward 2"),
])
def test_forgiving_parser(text, canonical):
    assert move_name(parse_move(text)) == canonical


def test_parsed_move_fields():
    assert parse_move("rotate -1 back 4") == Move(-1, "back", 4)
    assert parse_move("rotate -3 forward 1") == Move(3, "forward", 1)


@pytest.mark.parametrize("text", ["", "pass", "forward", "forward x", "rotate +1", "rotate +4 forward 1",
                                  "rotate 0 forward 1", "left 3", "forward -2", "forward 3 back 2"])
def test_unreadable_moves_say_what_was_expected(text):
    with pytest.raises(InvalidMove, match=r"forward <k>, back <k> or rotate <±1..3> forward\|back <k>"):
        parse_move(text)


EXAMPLE_1 = {"boats": {"0": {"field": 2, "east": 6, "logs": 10},
                       "1": {"field": 5, "east": 6, "logs": 12},
                       "2": {"field": 40, "east": 1, "logs": 20}},
             "supply": 18, "to_move": 0}


def test_illegal_move_messages_name_the_rule():
    state = from_position({"boats": {"0": {"field": 30, "east": 6, "logs": 6},
                                     "1": {"field": 5, "east": 6, "logs": 12},
                                     "2": {"field": 40, "east": 1, "logs": 20}},
                           "supply": 22, "to_move": 0})
    cases = {
        "forward 7": "rule 1: forward 7 needs 7 logs, you have 6",
        "rotate +3 forward 5": "rule 1: forward 5 needs 5 logs, you have 4 after rotating",
        "back 16": "rule 2: at most 15 fields back",
        "forward 0": "A1: there is no passing; a move covers at least 1 field",
    }
    for move, message in cases.items():
        with pytest.raises(IllegalMove) as error:
            game.decide(state, 0, move, None)
        assert str(error.value) == message


def test_no_logs_message():
    state = from_position({"boats": {"0": {"field": 30, "east": 6, "logs": 0},
                                     "1": {"field": 5, "east": 6, "logs": 12},
                                     "2": {"field": 40, "east": 1, "logs": 20}},
                           "supply": 28, "to_move": 0})
    with pytest.raises(IllegalMove, match="^rule 2: with no logs you must move back$"):
        game.decide(state, 0, "forward 1", None)
    with pytest.raises(IllegalMove, match="^rule 6: rotate \\+2 costs 1 log, you have 0$"):
        game.decide(state, 0, "rotate +2 back 1", None)


def test_entry_messages():
    state, _ = new_game(3, rolls=[4])
    with pytest.raises(IllegalMove, match="^rule 6: no rotation before your first move$"):
        game.decide(state, 0, "rotate +1 forward 2", None)
    with pytest.raises(IllegalMove, match="^A12: "):
        game.decide(state, 0, "back 1", None)


def test_goal_message():
    state = from_position({"boats": {"0": {"field": 79, "east": 6, "logs": 10},
                                     "1": {"field": 81, "east": 6, "logs": 12},
                                     "2": {"field": 40, "east": 1, "logs": 20}},
                           "supply": 18, "to_move": 0})
    with pytest.raises(IllegalMove, match="^A19: only 3 empty fields are left to the goal$"):
        game.decide(state, 0, "forward 4", None)


def test_out_of_turn_and_unreadable():
    state = from_position(EXAMPLE_1)
    with pytest.raises(NotYourTurn):
        game.decide(state, 1, "forward 1", None)
    with pytest.raises(InvalidMove):
        game.decide(state, 0, "sail away", None)


def test_events_store_the_canonical_form():
    state = from_position(EXAMPLE_1)
    _, events = play(state, 0, "  F   2 ")
    assert dict(events[0].data) == {"seat": 0, "move": "forward 2"}
