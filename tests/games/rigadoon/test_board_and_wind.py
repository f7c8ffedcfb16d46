"""Board data and the wind: the reconstructed geometry (spec "Board"), the reach table and the two
card diagrams (spec "Wind"), and the wind deck and die (spec "Wind deck and die")."""

import json
from collections import Counter

import pytest

from pbem.games import rigadoon as game
from pbem.games.base import Event
from pbem.games.rigadoon.board import CORNERS, ORDER, load_board
from pbem.games.rigadoon.rules import apply_wind, draw_pool
from pbem.play.chance import ScriptedChance

from .helpers import play, position, replay

BOARD = load_board("recon11", "opposite")


def turn(square, n=11):
    """A 90 degree clockwise turn of the board."""
    r, c = square
    return (c, n - 1 - r)


def test_the_shallows_has_21_squares_around_the_compass():
    assert len(BOARD.shallows) == 21
    assert BOARD.compass == BOARD.parse("F6") and BOARD.compass in BOARD.shallows


@pytest.mark.parametrize("exits", ["opposite", "same_side"])
def test_a_quarter_turn_maps_the_board_onto_itself(exits):
    board = load_board("recon11", exits)
    islands, maelstroms, exit_of = dict(board.islands), dict(board.maelstroms), dict(board.exits)
    corner_turn = {"NW": "NE", "NE": "SE", "SE": "SW", "SW": "NW"}
    for corner in CORNERS:
        assert turn(islands[corner]) == islands[corner_turn[corner]]
        assert turn(maelstroms[corner]) == maelstroms[corner_turn[corner]]
        assert turn(exit_of[corner]) == exit_of[corner_turn[corner]]
    assert {turn(sq) for sq in board.shallows} == set(board.shallows)
    assert {turn(sq) for sq in board.chest_starts} == set(board.chest_starts)
    starts = dict(board.ship_starts)
    for fleet in "BG":
        mine = {sq for name, sq in starts.items() if name[0] == fleet}
        assert {turn(sq) for sq in mine} == mine  # the turn keeps each fleet's colour


def test_exits_are_open_water_and_islands_touch_their_maelstrom_diagonally():
    for corner in CORNERS:
        for exits in ("opposite", "same_side"):
            assert load_board("recon11", exits).is_open_water(load_board("recon11", exits).exit_of(corner))
        (ir, ic), (mr, mc) = BOARD.island(corner), dict(BOARD.maelstroms)[corner]
        assert abs(ir - mr) == 1 and abs(ic - mc) == 1


REACH_TABLE = """
      N    |  1/2  1/2  2/3  2/3  3/4  2/3  2/3  1/2
      NE   |  1/2  1/2  1/2  2/3  2/3  3/4  2/3  2/3
      E    |  2/3  1/2  1/2  1/2  2/3  2/3  3/4  2/3
      SE   |  2/3  2/3  1/2  1/2  1/2  2/3  2/3  3/4
      S    |  3/4  2/3  2/3  1/2  1/2  1/2  2/3  2/3
      SW   |  2/3  3/4  2/3  2/3  1/2  1/2  1/2  2/3
      W    |  2/3  2/3  3/4  2/3  2/3  1/2  1/2  1/2
      NW   |  1/2  2/3  2/3  3/4  2/3  2/3  1/2  1/2
"""


def test_the_full_reach_table():
    for line in REACH_TABLE.strip().splitlines():
        wind, cells = line.split("|")
        for direction, cell in zip(ORDER, cells.split()):
            orange, yellow = map(int, cell.split("/"))
            assert BOARD.reach(wind.strip(), direction, 1) == orange
            assert BOARD.reach(wind.strip(), direction, 2) == orange
            assert BOARD.reach(wind.strip(), direction, 3) == yellow
            assert BOARD.reach(wind.strip(), direction, 0) == 0


def card(wind):
    from pbem.games.rigadoon.board import DIRECTIONS
    grid = [["."] * 9 for _ in range(9)]
    grid[4][4] = "D"
    for direction in ORDER:
        dr, dc = DIRECTIONS[direction]
        for k in range(1, BOARD.reach(wind, direction, 3) + 1):
            if 0 <= 4 + dr * k < 9 and 0 <= 4 + dc * k < 9:
                grid[4 + dr * k][4 + dc * k] = "O" if k <= BOARD.orange(wind, direction) else "Y"
    return "\n".join(" ".join(row) for row in grid)


def test_the_two_card_diagrams():
    assert card("N") == """\
. . . . . . . . .
. . . . . . . . .
. . Y . Y . Y . .
. . . O O O . . .
. Y O O D O O Y .
. . . O O O . . .
. . O . O . O . .
. Y . . O . . Y .
. . . . Y . . . ."""
    assert card("NE") == """\
. . . . . . . . .
. Y . . . . . . .
. . O . Y . Y . .
. . . O O O . . .
. Y O O D O Y . .
. . . O O O . . .
. . O . O . O . .
. O . . Y . . Y .
Y . . . . . . . ."""


def deck_state(**options):
    return position("N", "blue", {"B1": ("E9", 2)}, **options)


def test_the_opening_card_leaves_the_pile():
    state = deck_state()
    assert state.pile == tuple(sorted(d for d in ORDER if d != "N")) and state.discards == ()


def test_seven_draws_then_the_discards_without_the_current_card_are_reshuffled():
    state = deck_state()
    seen = ["N"]
    for _ in range(7):
        eligible, _, _ = draw_pool(state)
        state = apply_wind(state, eligible[0])
        seen.append(state.wind)
    assert sorted(seen) == sorted(ORDER) and state.pile == ()
    assert sorted(state.discards) == sorted(d for d in ORDER if d != state.wind)
    eligible, _, _ = draw_pool(state)
    assert sorted(eligible) == sorted(d for d in ORDER if d != state.wind)
    current = state.wind
    state = apply_wind(state, eligible[0])
    assert current in state.discards and eligible[0] not in state.pile
    assert len(state.pile) == 6


def test_same_wind_redraw_and_keep_with_the_die():
    redraw = deck_state(wind="die")
    assert draw_pool(redraw)[0] == tuple(d for d in ORDER if d != "N")
    keep = deck_state(wind="die", same_wind="keep")
    assert draw_pool(keep)[0] == ORDER


def test_same_wind_redraw_and_keep_with_two_copies_of_each_card():
    redraw = deck_state(deck_copies=2)
    assert Counter(draw_pool(redraw)[0]) == Counter({d: 2 for d in ORDER if d != "N"})
    keep = deck_state(deck_copies=2, same_wind="keep")
    assert "N" in draw_pool(keep)[0]


def test_a_draw_is_recorded_and_replayed_from_its_event():
    state = deck_state()
    eligible, _, _ = draw_pool(state)
    events = game.decide(state, 0, "wind", ScriptedChance([3]))
    assert events[1].type == "wind_drawn" and events[1].data == {"direction": eligible[3]}
    stored = [Event(e.type, json.loads(json.dumps(dict(e.data))), e.actor) for e in events]
    assert repr(replay(state, stored)) == repr(replay(state, events))
    assert replay(state, events).wind == eligible[3]
    assert replay(state, events).discards == ("N",)
