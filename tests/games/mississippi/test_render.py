"""Rendering (spec "Rendering"): the ASCII board's layout and seat table, and the SVG board (pointy-top
hexes, boats in seat colours with six numbers, forward side marked, side panel with escaped names,
viewBox, deterministic output)."""

import re

from pbem.games import mississippi as game
from pbem.games.mississippi.tables import COLOURS

from .helpers import from_position, greedy_game, new_game, play

EXAMPLE_1 = {"boats": {"0": {"field": 2, "east": 6, "logs": 10},
                       "1": {"field": 5, "east": 6, "logs": 12},
                       "2": {"field": 40, "east": 1, "logs": 20}},
             "supply": 18, "to_move": 0}


def example_1_after():
    state, _ = play(from_position(EXAMPLE_1), 0, "forward 2")
    return state


def test_text_shows_seats_not_entered_and_the_waiting_boat():
    state, _ = new_game(3, rolls=[5])
    lines = game.render_text(state, None).splitlines()
    assert lines[0] == "MISSISSIPPI  turn 1 (round 1)  to move: seat 0 (Blue)  supply 0"
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


def test_svg_draws_the_river_and_the_boats():
    state = example_1_after()
    svg = game.render_svg(state, None)
    assert svg.count(f'fill="#9fd3f0"') == 84  # one hex per field
    for seat in range(3):
        assert svg.count(f'fill="{COLOURS[seat][1]}"') >= 3  # hull, forward marker, swatch
    assert ">START<" in svg and ">GOAL<" in svg
    # Blue on 8 (east 6): its hull, then its numbers E NE NW W SW SE = 6 5 4 3 2 1, the forward E in bold
    after_hull = svg.split(f'fill="{COLOURS[0][1]}" stroke="#000000" stroke-width="1"/>', 1)[1]
    texts = re.findall(r"<text [^>]*>([^<]*)</text>", after_hull)[:6]
    assert texts == ["6", "5", "4", "3", "2", "1"]
    assert re.search(r'<text [^>]*font-weight="bold">6</text>', after_hull.split("<polygon")[0])
    assert svg.count('font-weight="bold">6</text>') >= 2  # Blue's and Red's forward numbers
    assert 'stroke="#ffeb3b"' in svg  # the boat to move (Red) is highlighted


def test_svg_side_panel_escapes_names_and_shows_status():
    state = example_1_after()
    svg = game.render_svg(state, 1, ("<b>Ann</b> & co", "Bob", "Cy"))
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; co (Blue)" in svg and "<b>Ann" not in svg
    assert 'Bob (Red) <tspan font-weight="bold">to move</tspan>' in svg
    assert "supply 20" in svg
    assert "Blue forward 2: 2-&gt;4; +3 vs Red (E 6 vs" in svg


def test_svg_golden(golden):
    golden("golden/example-1.svg", game.render_svg(example_1_after(), None, ("Ann", "Bob", "Cy")) + "\n")
