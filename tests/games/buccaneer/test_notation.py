"""Move notation (section 19): forgiving parsing, canonical items, InvalidMove for nonsense."""

from __future__ import annotations

import pytest

from pbem.games.base import InvalidMove
from pbem.games.buccaneer.notation import parse_move

from .helpers import new, play, ship, sq


def test_parsing_ignores_case_spaces_and_commas():
    move = parse_move("  Trade give b2, r3  take Rubies ")
    assert move.verb == "trade" and move.items == ("R3", "B2") and move.take == ("ruby",)
    assert parse_move("sail ne 5 FACE s").dir == "NE"
    assert parse_move("chance give 2xR1 docks b3").items == ("R1", "R1")
    assert parse_move("deposit po8 chart ljs").items == ("pieces-of-eight", "kidds-chart", "long-john-silver")


@pytest.mark.parametrize("text", ["", "fly N 3", "sail Q 3 face N", "sail N x", "trade give R1", "give R4", "let go"])
def test_unreadable_moves_are_invalid(text):
    with pytest.raises(InvalidMove):
        parse_move(text)


def test_canonical_form_is_recorded():
    state = new({"to_move": "london", "ships": {"london": {"at": "E5", "face": "N"}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R3", "B1"]}})
    state, events = play(state, "london", "SAIL  n 2 face e")
    assert events[0].data["move"] == "sail N 2 face E" and ship(state, "london").at == sq("E7")
