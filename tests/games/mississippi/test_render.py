"""Rendering (spec "Rendering"): the ASCII board's layout and seat table, and the SVG board (pointy-top
hexes as `data-square`s, boats in seat colours as `data-piece`s with six numbers and the forward side
marked, the boat to move ringed, the last turn's trails, names escaped, text readable on a phone,
viewBox, deterministic output)."""

import re

from pbem.games import mississippi as game
from pbem.games.mississippi.svg import RIVER
from pbem.games.mississippi.tables import COLOURS

from .helpers import from_position, greedy_game, new_game, play

EXAMPLE_1 = {"boats": {"0": {"field": 2, "east": 6, "logs": 10},
                       "1": {"field": 5, "east": 6, "logs": 12},
                       "2": {"field": 40, "east": 1, "logs": 20}},
             "supply": 18, "to_move": 0}


NEAR_GOAL_3 = {"boats": {"0": {"field": 80, "east": 1, "logs": 20}, "1": {"field": 10, "east": 1, "logs": 20},
                         "2": {"field": 30, "east": 1, "logs": 20}}, "supply": 0, "to_move": 0}


def example_1_after():
    state, _ = play(from_position(EXAMPLE_1), 0, "forward 2")
    return state


def test_text_shows_seats_not_entered_and_the_waiting_boat():
    state, _ = new_game(3, rolls=[5])
    lines = game.render_text(state, None).splitlines()
    assert lines[0] == "MISSISSIPPI  turn 1 (round 1)  to move: seat 1 (Blue)  supply 0"
    assert lines[1].startswith("r0 <B5>  [ 1]")
    assert lines[-2] == "   1  Red         -    20   not entered"
    assert lines[-3].endswith("5 (E)  not entered")


def test_text_stays_within_80_columns_and_shows_the_result():
    state, _ = greedy_game(6, {}, 1)
    text = game.render_text(state, None)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert text.splitlines()[-1].startswith("result: Yellow wins (goal); ranking Yellow, ")


def test_text_on_a_board_with_three_digit_fields_keeps_its_columns():
    state, _ = new_game(3, {"rows": 9, "width": 14}, rolls=[2])
    rows = game.render_text(state, None).splitlines()[1:10]
    assert rows[0].startswith("r0 <B2>   [  1]")
    assert rows[8].endswith("[125] >")
    assert len({len(row) for row in rows[0::2]}) == 1


def test_svg_is_deterministic_with_a_viewbox():
    state = example_1_after()
    svg = game.render_svg(state, None, ("Ann", "Bob", "Cy"))
    assert svg == game.render_svg(example_1_after(), None, ("Ann", "Bob", "Cy"))
    assert svg.startswith("<svg ") and svg.endswith("</svg>")
    assert re.search(r'viewBox="0 0 \d+\.\d \d+\.\d"', svg)
    assert " id=" not in svg and "<script" not in svg
    numbers = re.findall(r'(?:x|y|x1|y1|x2|y2)="(-?[\d.]+)"', svg)
    assert numbers and all(re.fullmatch(r"-?\d+\.\d", n) for n in numbers)


def boat_group(svg: str, seat: int) -> str:
    return re.search(rf'<g data-piece="boat-{seat}">.*?</g>', svg, re.S).group(0)


def test_svg_draws_every_field_once_as_a_square_with_its_number():
    svg = game.render_svg(example_1_after(), None)
    squares = re.findall(r'<g data-square="(\d+)"><polygon [^>]*/><text [^>]*>(\d+)</text></g>', svg)
    assert [int(square) for square, _ in squares] == list(range(84))
    assert all(square == number for square, number in squares)
    assert svg.count(f'fill="{RIVER}"') == 82  # the river, start and goal in their own colours
    assert ">START &#8594;<" in svg and ">GOAL<" in svg


def test_svg_boats_are_pieces_with_their_six_numbers_and_forward_side():
    svg = game.render_svg(example_1_after(), None)
    assert re.findall(r'data-piece="([^"]+)"', svg) == ["boat-0", "boat-1", "boat-2"]
    blue = boat_group(svg, 0)  # Blue on 8 (east 6): numbers E NE NW W SW SE = 6 5 4 3 2 1, E (forward) bold
    assert f'fill="{COLOURS[0][1]}"' in blue
    assert re.findall(r"<text [^>]*>(\d)</text>", blue) == ["6", "5", "4", "3", "2", "1"]
    assert re.findall(r'<text [^>]*font-weight="bold">(\d)</text>', blue) == ["6"]
    green = boat_group(svg, 2)  # Green on 40, a leg running west: its W number (4) faces ahead
    assert re.findall(r'<text [^>]*font-weight="bold">(\d)</text>', green) == ["4"]


def test_svg_rings_only_the_boat_to_move():
    svg = game.render_svg(example_1_after(), None)
    rings = [seat for seat in range(3) if 'stroke="#ffffff" stroke-width="2"' in boat_group(svg, seat)]
    assert rings == [1]  # Red is to move
    over, _ = play(from_position(NEAR_GOAL_3), 0, "forward 3")
    assert game.outcome(over) is not None
    assert 'stroke-width="5"' not in game.render_svg(over, None)


def test_svg_names_boats_by_player_escaped():
    svg = game.render_svg(example_1_after(), 1, ("<b>Ann</b> & co", "Bob", "Cy"))
    assert "<title>&lt;b&gt;Ann&lt;/b&gt; &amp; co's boat (Blue)</title>" in svg and "<b>Ann" not in svg
    assert "<title>Bob's boat (Red)</title>" in svg
    assert "<title>Green boat</title>" in game.render_svg(example_1_after(), None)


def test_svg_draws_the_last_turn_as_trails():
    svg = game.render_svg(example_1_after(), None)
    trails = re.findall(r'<polyline points="([^"]+)" fill="none" stroke="(#[0-9a-f]+)"', svg)
    assert [colour for _, colour in trails] == [COLOURS[0][1], COLOURS[0][1]]
    assert [len(points.split()) for points, _ in trails] == [3, 5]  # 2, 3, 4 paid; 4, 5, 6, 7, 8 by reaction
    # the ring on the field the move started from (a boat's seat mark may be a circle too)
    assert len(re.findall(r'<circle (?![^>]*seat-mark)', svg)) == 1
    first, _ = new_game(3, rolls=[5])
    assert "<polyline" not in game.render_svg(first, None)


def test_svg_text_stays_readable_on_a_phone_for_every_river_width():
    """Every text is drawn at text_size, which keeps 9 CSS px when the board is 366 px wide."""
    for width in range(8, 15):
        state, _ = new_game(3, {"width": width, "rows": 9}, rolls=[3])
        svg = game.render_svg(state, 0, ("Ann", "Bob", "Cy"))
        view_width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
        sizes = {float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)}
        assert min(sizes) * 366 / view_width >= 9 - 0.05, (width, sizes, view_width)


def test_svg_golden(golden):
    golden("golden/example-1.svg", game.render_svg(example_1_after(), None, ("Ann", "Bob", "Cy")) + "\n")
