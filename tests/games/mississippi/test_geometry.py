"""The river's geometry (spec "Track geometry"): track order, bends, adjacency from coordinates
against the closed form, and the spot neighbour values of the default board."""

import re

import pytest

from pbem.games.mississippi.board import (NE, NW, SE, SIDE_NAMES, SW, E, W, board_for, closed_form_neighbours,
                                          coordinate_neighbours, field_coords)

PICTURE = """
row 0  S->    [ 0]  [ 1]  [ 2]  [ 3]  [ 4]  [ 5]  [ 6]  [ 7]  [ 8]  [ 9]  [10]  [11]  -->  (E)
row 1            [23]  [22]  [21]  [20]  [19]  [18]  [17]  [16]  [15]  [14]  [13]  [12]  <--  (W)
row 2         [24]  [25]  [26]  [27]  [28]  [29]  [30]  [31]  [32]  [33]  [34]  [35]  -->  (E)
row 3            [47]  [46]  [45]  [44]  [43]  [42]  [41]  [40]  [39]  [38]  [37]  [36]  <--  (W)
row 4         [48]  [49]  [50]  [51]  [52]  [53]  [54]  [55]  [56]  [57]  [58]  [59]  -->  (E)
row 5            [71]  [70]  [69]  [68]  [67]  [66]  [65]  [64]  [63]  [62]  [61]  [60]  <--  (W)
row 6         [72]  [73]  [74]  [75]  [76]  [77]  [78]  [79]  [80]  [81]  [82]  [83] = GOAL
"""


def test_track_order_matches_the_picture():
    board = board_for(7, 12)
    for line in PICTURE.strip().splitlines():
        row = int(line.split()[1])
        fields = [int(n) for n in re.findall(r"\[\s*(\d+)\]", line)]
        assert [board.field_at(col, row) for col in range(12)] == fields
        for col, field in enumerate(fields):
            assert field_coords(field, 12) == (col, row)
    assert board.size == 84 and board.goal == 83


@pytest.mark.parametrize("rows", range(5, 10))
@pytest.mark.parametrize("width", range(8, 15))
def test_bends_are_one_diagonal_step(rows, width):
    board = board_for(rows, width)
    for row in range(rows - 1):
        last = row * width + width - 1
        side = SE if row % 2 == 0 else SW
        assert board.neighbour(last, side) == last + 1


def test_default_bends():
    board = board_for(7, 12)
    assert board.neighbour(11, SE) == 12
    assert board.neighbour(23, SW) == 24


@pytest.mark.parametrize("rows", range(5, 10))
@pytest.mark.parametrize("width", range(8, 15))
def test_adjacency_from_coordinates_equals_the_closed_form(rows, width):
    for field in range(rows * width):
        from_coords = {other for _, other in coordinate_neighbours(field, rows, width)}
        assert from_coords == closed_form_neighbours(field, rows, width), field


@pytest.mark.parametrize("rows", range(5, 10))
@pytest.mark.parametrize("width", range(8, 15))
def test_adjacency_is_symmetric_through_opposite_sides(rows, width):
    board = board_for(rows, width)
    for field in range(board.size):
        for side, other in board.neighbours[field]:
            assert board.neighbour(other, (side + 3) % 6) == field


SPOTS = """
 0: E1 SE23                  4: E5 W3 SW20 SE19          6: E7 W5 SW18 SE17
11: W10 SW13 SE12           12: NW11 W13 SW35           13: E12 NE11 NW10 W14 SW34 SE35
24: E25 NE23 SE47           36: NW35 W37 SW59           60: NW59 W61 SW83
83: NE60 NW61 W82
"""


def test_spot_neighbour_values():
    board = board_for(7, 12)
    spots = re.findall(r"(\d+):((?:\s+[A-Z]+\d+)+)", SPOTS)
    assert len(spots) == 10
    for field, listed in spots:
        expected = {}
        for item in listed.split():
            name, other = re.match(r"([A-Z]+)(\d+)", item).groups()
            expected[SIDE_NAMES.index(name)] = int(other)
        assert dict(board.neighbours[int(field)]) == expected, field


def test_first_field_of_a_leg_touches_the_end_of_the_next_leg():
    board = board_for(7, 12)
    assert 47 in dict(board.neighbours[24]).values()
    assert {12, 13} <= set(dict(board.neighbours[11]).values())


def test_forward_side_follows_the_row():
    board = board_for(7, 12)
    assert board.forward_side(5) == E
    assert board.forward_side(13) == W
    assert board.forward_side(83) == E
    assert (NE, NW) == (1, 2)
