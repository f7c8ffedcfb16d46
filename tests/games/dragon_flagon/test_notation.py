"""Notation (spec 18; 21.9): forgiving parsing, canonical legal moves that parse back to themselves,
and InvalidMove messages that say what was expected."""

import pytest

from pbem.games import dragon_flagon as game
from pbem.games.base import IllegalMove, InvalidMove
from pbem.games.dragon_flagon.notation import parse

from .helpers import ch, new_game, play, position


@pytest.fixture
def data():
    state, _ = new_game(position([ch("monk", 0, "c5"), ch("rogue", 1, "i5", time=20)]))
    return state.data


def test_forgiving_parsing(data):
    assert parse("  PLACE  Mo  B5 E ", data) == ("place", "monk", (4, 1), "e")
    assert parse("plan ro Dash move", data) == ("plan", "rogue", ["dash", "move"])
    assert parse("plan bu ARR!", data) == ("plan", "buccaneer", ["arr"])
    assert parse("monk pick-up take chest3", data) == ("choose", "monk", "pick_up", {"take": "chest3"})
    assert parse("wizard fireball square [7, 5]", data) == ("choose", "wizard", "fireball", {"square": (7, 5)})
    assert parse("druid animate-table table table1 direction E", data) == (
        "choose", "druid", "animate_table", {"table": 1, "direction": "e"})
    assert parse("rogue shadow_step facing w square e9", data)[3] == {"facing": "w", "square": (8, 4)}


@pytest.mark.parametrize("text,expected", [
    ("", "expected a move"), ("dance monk", "expected a character"), ("place monk z9 e", "expected a square"),
    ("plan monk", "plan CHAR CARD"), ("monk fly", "expected a card id"), ("monk move square", "KEY VALUE"),
    ("monk move colour red", "expected a choice key"), ("monk leap distance far", "whole number"),
    ("place monk b5 up", "expected a direction"),
])
def test_unparseable_input_says_what_was_expected(data, text, expected):
    with pytest.raises(InvalidMove, match=expected):
        parse(text, data)


def test_every_listed_move_parses_back_to_itself():
    pos = position([ch("wizard", 0, "c5", "e", plan=["telekinesis", "move"]), ch("rogue", 1, "i5", time=20)],
                   objects=[{"id": "flagon", "square": "f8"}, {"id": "mug1", "square": "d6"}, {"id": "chair1", "square": "b4"}],
                   draw_order=["wizard"])
    state, _ = new_game(pos)
    moves = game.legal_moves(state, 0)
    assert moves[0] == "wizard telekinesis object chair1 mode slide direction n distance 1"
    for move in moves:
        assert game.decide(state, 0, move.upper().replace("_", "-"), None)  # accepted in any case and spelling
        _, _, card, choices = parse(move, state.data)
        from pbem.games.dragon_flagon.notation import format_choose
        assert format_choose("wizard", state.data.cards[card], choices, state.data.board) == move


def test_a_choice_naming_another_card_is_refused():
    pos = position([ch("monk", 0, "c5", "e", plan=["move", "dash"]), ch("rogue", 1, "i5", time=20)], draw_order=["monk"])
    state, _ = new_game(pos)
    with pytest.raises(IllegalMove, match="rule 10 .*no revealed Dash"):
        play(state, 0, "monk dash distance 1 facing e")
    with pytest.raises(IllegalMove, match=r"rule 14 \(Move\): stay, or one step"):
        play(state, 0, "monk move square f5 facing e")


def test_off_grid_squares_use_the_bracket_form():
    riders = [ch("rogue", 1, "a12", "n", time=20)]
    pos = position([ch("monk", 0, "c11", "w", plan=["push_table", "move"])] + riders,
                   tables=[("table3", "a11:b12")], draw_order=["monk"])
    state, _ = new_game(pos)
    assert game.view(state, 0)["characters"][1]["square"] == "[11,-1]"
    assert "[10,-1]" in game.view(state, 0)["tables"][0]["squares"]


SPEC_EXAMPLES = """place monk b5 e
plan monk slash
plan rogue dash move
monk move square c6 facing e
monk dash distance 2 facing s
monk leap distance 3
rogue shadow_step square e9 facing w
buccaneer lure_of_the_sea direction e distance 2
druid animate_table table 1 direction e
wizard telekinesis object mug3 mode slide direction e distance 2
wizard telekinesis object chair1 mode throw direction s
wizard fireball square f8
paladin pick_up take chest3
paladin pick_up drop
paladin lay_on_hands target cleric
barbarian dragon_rage side left""".splitlines()


@pytest.mark.parametrize("text", SPEC_EXAMPLES)
def test_every_example_of_the_spec_parses(data, text):
    parsed = parse(text, data)
    assert parsed[0] in ("place", "plan", "choose")
    if parsed[0] == "choose":
        from pbem.games.dragon_flagon.notation import format_choose
        assert format_choose(parsed[1], data.cards[parsed[2]], parsed[3], data.board) == text
