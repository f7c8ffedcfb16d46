"""Boat geometry (spec "Boat geometry"): side tables for both numberings, the touching side, and
rotation with its costs (rule 6)."""

import pytest

from pbem.games.mississippi.board import opposite
from pbem.games.mississippi.boat import rotate, rotation_cost, side_number, side_numbers

# The spec's table: east -> E NE NW W SW SE
SEQUENTIAL = {
    1: (1, 6, 5, 4, 3, 2),
    2: (2, 1, 6, 5, 4, 3),
    3: (3, 2, 1, 6, 5, 4),
    4: (4, 3, 2, 1, 6, 5),
    5: (5, 4, 3, 2, 1, 6),
    6: (6, 5, 4, 3, 2, 1),
}

# The die print 1 2 3 6 5 4 clockwise: going counter-clockwise (E, NE, NW, ...) from east.
DIE = {
    1: (1, 4, 5, 6, 3, 2),
    2: (2, 1, 4, 5, 6, 3),
    3: (3, 2, 1, 4, 5, 6),
    6: (6, 3, 2, 1, 4, 5),
    5: (5, 6, 3, 2, 1, 4),
    4: (4, 5, 6, 3, 2, 1),
}


@pytest.mark.parametrize("east", range(1, 7))
def test_sequential_side_table(east):
    assert side_numbers(east, "sequential") == SEQUENTIAL[east]
    for side in range(6):
        assert side_number(east, side) == (east - 1 - side) % 6 + 1  # the spec's shortcut


@pytest.mark.parametrize("east", range(1, 7))
def test_die_side_table(east):
    numbers = side_numbers(east, "die")
    assert numbers == DIE[east]
    for side in range(3):
        assert numbers[side] + numbers[opposite(side)] == 7  # opposite sides sum to 7


@pytest.mark.parametrize("east", range(1, 7))
def test_sequential_opposite_pairs(east):
    numbers = side_numbers(east)
    assert {frozenset((numbers[d], numbers[opposite(d)])) for d in range(3)} == {
        frozenset((1, 4)), frozenset((2, 5)), frozenset((3, 6))}


def test_touching_side_is_the_opposite():
    assert [opposite(d) for d in range(6)] == [3, 4, 5, 0, 1, 2]


@pytest.mark.parametrize("numbering", ["sequential", "die"])
@pytest.mark.parametrize("east", range(1, 7))
def test_clockwise_step_brings_the_ne_number_onto_e(numbering, east):
    turned = rotate(east, 1, numbering)
    assert turned == side_number(east, 1, numbering)
    assert rotate(turned, -1, numbering) == east
    assert rotate(east, 3, numbering) == rotate(east, -3, numbering) == side_number(east, 3, numbering)
    assert rotate(east, 2, numbering) == side_number(east, 2, numbering)
    assert rotate(east, -2, numbering) == side_number(east, 4, numbering)


def test_sequential_clockwise_step_is_east_minus_one():
    assert [rotate(e, 1) for e in range(1, 7)] == [6, 1, 2, 3, 4, 5]


def test_rotation_costs():
    assert [rotation_cost(s) for s in (1, -1, 2, -2, 3, -3)] == [0, 0, 1, 1, 2, 2]
