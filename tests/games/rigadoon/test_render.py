"""The ASCII and SVG pictures (spec "Rendering") and `reachable`."""

import re
import xml.etree.ElementTree as ET

import pytest

from pbem.games import rigadoon as game
from pbem.games.rigadoon.views import reachable

from .helpers import play, position

START = """\
turn 1  Blue to move  wind N, blowing toward S (v)  pile 7
         A     B     C     D     E     F     G     H     I     J     K
   1     .   Inw     .     .  B1:3     .  G1:3     .     .   Mne     .
   2   Mnw     .     .     .     .     .     .     .     .     .   Ine
   3     .     .     .     .     .     .     .     .     .     .     .
   4     .     .     .   Xse     ~     ~     ~   Xsw     .     .     .
   5  G4:3     .     .     ~    ~$     ~    ~$     ~     .     .  B2:3
   6     .     .     .     ~     ~     +     ~     ~     .     .     .
   7  B4:3     .     .     ~    ~$     ~    ~$     ~     .     .  G2:3
   8     .     .     .   Xne     ~     ~     ~   Xnw     .     .     .
   9     .     .     .     .     .     .     .     .     .     .     .
  10   Isw     .     .     .     .     .     .     .     .     .   Mse
  11     .   Msw     .     .  G3:3     .  B3:3     .     .   Ise     .
"""


def started():
    state = game.initial_state(2, game.resolve_options(2, {"first": "seat0"}))
    state, _ = play(state, "colour blue", "opening N")
    return state


def test_start_position_text_matches_the_spec():
    assert game.render_text(started(), 0).startswith(START)


def test_e1_overlay_text_golden(golden):
    state = position("N", "green", {"G1": ("G8", 3)})
    text = game.render_text(state, 1, ship="G1")
    assert "  Xney" in text and "  Xnwo" in text and "    ~y" in text
    golden("golden/e1_overlay.txt", text)


def test_text_marks_acted_ships_and_chests_under_ships():
    state = position("N", "blue", {"B1": ("E5", 2), "B2": ("A7", 2), "G1": ("B1", 3)}, chests=["E5", "B1", "C3"])
    state, _ = play(state, "repair B2")
    text = game.render_text(state, 0)
    assert " b2:3" in text and " B1:2$" in text and " G1:3$" in text
    row3 = text.splitlines()[4]
    assert row3.split()[3] == "$"  # the chest at sea on C3


def test_svg_is_deterministic_well_formed_and_addressable():
    state = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1), "B2": ("E10", 0)}, chests=["E5"])
    svg = game.render_svg(state, 0, names=("Ann <script>", "Bob"))
    assert svg == game.render_svg(state, 0, names=("Ann <script>", "Bob"))
    root = ET.fromstring(svg)
    assert root.get("viewBox")
    assert "Ann &lt;script&gt;" in svg and "<script>" not in svg
    assert 'id="sq-E5" data-square="E5"' in svg
    assert re.search(r'id="ship-B1"[^>]*data-ship="B1"[^>]*data-square="G7"', svg)
    assert 'data-reach-orange="' in svg
    assert 'class="downwind-arrow" data-downwind="S" transform="rotate(180' in svg


def test_svg_highlights_the_selected_ships_squares():
    state = position("N", "green", {"G1": ("G8", 3)})
    svg = game.render_svg(state, 1, ship="G1")
    orange = set(re.findall(r'data-reach="orange" data-square="(\w+)"', svg))
    yellow = set(re.findall(r'data-reach="yellow" data-square="(\w+)"', svg))
    found = reachable(state, "G1")
    assert orange == set(found["orange"]) and yellow == set(found["yellow"])


def test_svg_shows_pending_attacks():
    state = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1), "B2": ("E10", 0)})
    state, _ = play(state, "sail B1 SW 2")
    svg = game.render_svg(state, 0)
    assert 'data-attack="B1 G1"' in svg and 'data-attack="B1 B2"' in svg
    assert 'class="last-path"' in svg


def test_reachable_lists_the_moves_per_square():
    state = position("S", "blue", {"B1": ("A4", 3)})
    found = reachable(state, "B1")
    assert found["moves"]["A2"] == ["sail B1 N 2"]  # the maelstrom square: the ship ends on its exit
    assert 'class="reach-portal" data-square="A2" data-exit="H8"' in game.render_svg(state, 0, ship="B1")
    assert reachable(position("S", "green", {"B1": ("A4", 3)}), "B1") == {"orange": [], "yellow": [], "moves": {}}


SVG = "{http://www.w3.org/2000/svg}"


def _root(svg):
    return ET.fromstring(svg)


@pytest.mark.parametrize("exits", ["opposite", "same_side"])
def test_svg_shows_each_maelstroms_exit_as_data_and_on_the_board(exits):
    state = position("N", "blue", {"B1": ("E9", 3)}, exits=exits)
    root = _root(game.render_svg(state, None))
    board = state.board
    expected = {board.name(sq): board.name(board.exit_of(c)) for c, sq in board.maelstroms}
    rects = {r.get("data-square"): r for r in root.iter(SVG + "rect") if r.get("data-terrain") == "maelstrom"}
    assert {sq: r.get("data-exit") for sq, r in rects.items()} == expected
    exits_marked = {r.get("data-square"): r.get("data-exit-of") for r in root.iter(SVG + "rect") if r.get("data-exit-of")}
    assert exits_marked == {board.name(board.exit_of(c)): c for c, _ in board.maelstroms}
    # visible in the picture itself, not only in a tooltip
    labels = sorted(t.text for t in root.iter(SVG + "text") if t.get("class") == "maelstrom-exit")
    assert labels == sorted("\u2192" + name for name in expected.values())


def test_svg_offers_ships_to_choose_only_to_the_seat_to_move():
    state = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1)})
    for seat, offered in ((0, True), (1, False), (None, False)):
        root = _root(game.render_svg(state, seat))
        reach = [g for g in root.iter(SVG + "g") if g.get("data-reach-orange") is not None]
        assert bool(reach) is offered, seat
        if offered:
            assert [g.get("data-ship") for g in reach] == ["B1"]
            assert reach[0].get("data-reach-orange").split() == reachable(state, "B1")["orange"]


def test_svg_is_the_board_alone_scaling_to_the_page_width_with_the_wind_above():
    state = started()
    root = _root(game.render_svg(state, 0, names=("Ann", "Bob")))
    assert root.get("width") is None and root.get("height") is None  # nothing fixes its size
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    squares = [r for r in root.iter(SVG + "rect") if r.get("data-square") and r.get("id")]
    board_left = min(float(r.get("x")) for r in squares)
    board_top = min(float(r.get("y")) for r in squares)
    board_right = max(float(r.get("x")) + float(r.get("width")) for r in squares)
    board_bottom = max(float(r.get("y")) + float(r.get("height")) for r in squares)
    # no panel beside or under the board: the wind card, fleets and decisions are HTML on the page
    assert width <= board_right + 8 and height <= board_bottom + 8
    heading = {t.get("class"): "".join(t.itertext()) for t in root.iter(SVG + "text") if t.get("class") in ("wind-heading", "to-move")}
    assert heading == {"wind-heading": "Wind from N, blowing S", "to-move": "Blue: Ann to move"}
    for text in root.iter(SVG + "text"):
        y = float(text.get("y"))
        assert 0 < y < board_top if text.get("class") in ("wind-heading", "to-move") else y <= board_bottom
        assert 0 <= float(text.get("x")) <= width
    assert board_left >= 20  # room for the row numbers


def test_every_text_on_the_board_is_at_least_the_smallest_readable_size():
    """11 units at the phone's scale (366 CSS px for the whole picture) is 8 px or more."""
    state = position("N", "blue", {"B1": ("B1", 3), "G1": ("D9", 1), "B2": ("E10", 0)}, chests=["B1", "E5"])
    assert game.render_svg(state, 0).count("&#9875;") == 1  # the anchor of the ship in port is there
    root = _root(game.render_svg(state, 0, names=("Ann", "Bob")))
    width = float(root.get("viewBox").split()[2])
    sizes = [float(t.get("font-size") or root.get("font-size")) for t in root.iter(SVG + "text")]
    assert min(sizes) * 366 / width >= 8


def _heading(svg):
    return {t.get("class"): "".join(t.itertext()) for t in _root(svg).iter(SVG + "text") if t.get("class") in ("wind-heading", "to-move")}


def test_svg_heading_names_the_winner_or_the_draw():
    state = position("N", "blue", {"B1": ("B1", 3), "B2": ("J9", 3)}, chests=["B1", "J11"])
    won, _ = play(state, "sail B2 S 2")
    assert _heading(game.render_svg(won, None, names=("Ann", "Bob")))["to-move"] == "Blue wins: Ann"
    drawn, _ = play(position("N", "blue", {"B1": ("E9", 1)}, turn_limit=1), "wind", "repair B1", chance=[0])
    assert _heading(game.render_svg(drawn, 1, names=("Ann", "Bob")))["to-move"] == "Game over: a draw"
    setup = game.initial_state(2, game.resolve_options(2, {"first": "seat0"}))
    resigned = game.evolve(setup, game.resign(setup, 0)[0])
    assert _heading(game.render_svg(resigned, None, names=("Ann", "Bob")))["to-move"] == "Game over: Bob wins"


def test_a_ship_that_has_acted_is_faded_but_its_name_is_not():
    state, _ = play(position("N", "blue", {"B1": ("E9", 1), "B2": ("A7", 2)}), "repair B2")
    ship = next(g for g in _root(game.render_svg(state, 0)).iter(SVG + "g") if g.get("data-piece") == "B2")
    assert "acted" in ship.get("class") and ship.get("opacity") is None
    hull = next(g for g in ship.iter(SVG + "g") if g.get("class") == "hull")
    assert hull.get("opacity") == "0.45"
    assert [t.text for t in ship.iter(SVG + "text")] == ["B2"]


def test_a_ship_with_a_rigadoon_sail_left_is_not_faded():
    state = position("S", "blue", {"B2": ("F8", 1), "G1": ("E6", 2), "G2": ("G6", 2), "G3": ("C5", 2), "G4": ("I7", 2)})
    state, _ = play(state, "sail B2 N 2", "attack B2 G1", "attack B2 G2", "attack G1 G3")
    assert state.bonus_sails == ("B2",)
    ship = next(g for g in _root(game.render_svg(state, 0)).iter(SVG + "g") if g.get("data-piece") == "B2")
    assert "acted" not in ship.get("class") and "may sail once more (Rigadoon)" in ship.find(SVG + "title").text
