"""The SVG board (spec 22.2, architecture section 12): every square a `data-square`, every ship a
`data-piece`, the ports named on tabs beside their squares, one text size large enough for a phone,
nothing hidden in the picture or its attributes, a static, escaped picture."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from pbem.games import buccaneer as game
from pbem.games.buccaneer.board import COLUMNS, PORT_SQUARE, PORTS, SIZE, square_name
from pbem.games.buccaneer.svg import CELL, GRID, HEIGHT, OX, OY, TEXT, WIDTH, _xy

from .helpers import new, play

NS = {"s": "http://www.w3.org/2000/svg"}
PORTS4 = ("london", "cadiz", "marseilles", "genoa")
POSITION = {
    "to_move": "london",
    "ships": {"london": {"at": "J5", "face": "N"}, "cadiz": {"at": "N20"}, "marseilles": {"at": "Q9", "face": "W"},
              "genoa": {"at": "G1", "cargo": ["pearl"]}},
    "hands": {"london": ["R1", "R3", "B2"], "cadiz": ["B3", "B3"], "marseilles": ["R2"], "genoa": ["B1", "R2"]},
    "docks": {"amsterdam": {"crew": ["R2", "B1"], "treasure": ["diamond"], "cards": ["doubloons"]},
              "london": {"crew": ["B2"], "treasure": ["ruby", "ruby"], "cards": ["long-john-silver"]}},
    "safety_zones": {"marseilles": ["gold", "gold", "gold"]},
    "held": {"marseilles": ["kidds-chart"]},
}


def picture(viewer, position=POSITION, ports=PORTS4, names=("Ann", "Bob", "Cy", "Di")):
    state = new(position, home_ports=ports)
    return state, ET.fromstring(game.render_svg(state, viewer, names=list(names)))


def crew_tokens(text: str) -> list[str]:
    """Crew cards named anywhere in a picture but in the squares' names (R3 is also a square)."""
    svg = ET.fromstring(text)
    said = [e.text or "" for e in svg.iter()] + [v for e in svg.iter() for k, v in e.attrib.items() if k != "data-square"]
    return [t for words in said for t in re.findall(r"\b[RB][123]\b", words)]


def ships(svg):
    return {g.get("data-piece"): g for g in svg.findall(".//s:g[@data-piece]", NS)}


def test_every_square_is_one_rect_named_by_its_coordinates():
    _, svg = picture(None)
    squares = [r for r in svg.iter(f"{{{NS['s']}}}rect") if r.get("data-square")]
    names = [r.get("data-square") for r in squares]
    assert sorted(names) == sorted(f"{c}{y}" for c in COLUMNS for y in range(1, SIZE + 1))
    for rect in squares:
        x = COLUMNS.index(rect.get("data-square")[0]) + 1
        y = int(rect.get("data-square")[1:])
        assert (float(rect.get("x")), float(rect.get("y"))) == _xy((x, y))
        assert float(rect.get("width")) == CELL == float(rect.get("height"))


@pytest.mark.parametrize("viewer", [None, 0, 1, 2, 3])
def test_every_ship_is_a_piece_on_its_square_and_only_the_viewers_own_takes_clicks(viewer):
    state, svg = picture(viewer)
    drawn = ships(svg)
    assert set(drawn) == {f"ship-{port}" for port in PORTS4}
    for seat, port in enumerate(PORTS4):
        ship = drawn[f"ship-{port}"]
        x, y = (float(v) for v in re.match(r"translate\(([-\d.]+),([-\d.]+)\)", ship.get("transform")).groups())
        left, top = _xy(state.ships[seat].at)
        assert left <= x <= left + CELL and top <= y <= top + CELL, port
        heading = state.ships[seat].heading
        angle = {"N": 0, "W": 270}.get(heading, 0)
        assert f"rotate({angle})" in ship.get("transform")
        # Other ships let a click fall through to their square (a square to attack); the viewer's own is chosen.
        assert (ship.get("pointer-events") is None) is (seat == viewer)
        assert ("own" in ship.get("class").split()) is (seat == viewer)
        assert ship.find("s:title", NS).text.startswith("Your ship, ") is (seat == viewer)


def test_a_ships_cargo_rides_on_deck_and_its_title_says_where_it_is():
    _, svg = picture(None)
    genoa = ships(svg)["ship-genoa"]
    assert genoa.find("s:title", NS).text == "Genoa (Di): in Genoa; cargo pearl; 2 crew cards"
    marseilles = ships(svg)["ship-marseilles"]
    assert marseilles.find("s:title", NS).text == "Marseilles (Cy): at Q9, facing west; cargo none; 1 crew card"
    assert len(genoa.findall("s:circle[@r='3.4']", NS)) == 1 and not marseilles.findall("s:circle[@r='3.4']", NS)


@pytest.mark.parametrize("port", PORTS)
def test_each_port_is_named_on_a_tab_beside_its_square_outside_the_grid(port):
    _, svg = picture(None)
    (tab,) = [g for g in svg.findall(".//s:g[@class='tab']", NS) if g.find("s:text", NS).text == port.capitalize()]
    rect = tab.find("s:rect", NS)
    left, top = float(rect.get("x")), float(rect.get("y"))
    right, bottom = left + float(rect.get("width")), top + float(rect.get("height"))
    px, py = _xy(PORT_SQUARE[port])
    # Against the grid's edge on the port's side, level with the port's square.
    x, y = PORT_SQUARE[port]
    edge = {1: right == OX, SIZE: left == OX + GRID}.get(x) if x in (1, SIZE) else \
        {1: top == OY + GRID, SIZE: bottom == OY}[y]
    level = (top < py + CELL and bottom > py) if x in (1, SIZE) else (left < px + CELL and right > px)
    assert edge and level and 0 <= left and right <= WIDTH and 0 <= top and bottom <= HEIGHT, port


def test_every_text_is_drawn_at_the_one_readable_size_inside_the_picture():
    _, svg = picture(0)
    assert float(svg.get("font-size")) == TEXT
    for text in svg.iter(f"{{{NS['s']}}}text"):
        assert text.get("font-size") is None, text.text  # nothing smaller than the picture's own size
    # 17 units in a picture 692 wide: 9 px when a phone draws it 366 px wide.
    assert TEXT / WIDTH * 366 >= 8


def test_no_hand_standing_order_or_deck_reaches_the_picture():
    """Another seat's hand and standing order may change freely (same number of cards): the picture
    each viewer gets stays byte for byte the same, so nothing hidden is in a text or an attribute."""
    other = {**POSITION, "hands": {**POSITION["hands"], "cadiz": ["R1", "R1"]},
             "standing_orders": {"cadiz": "always attack"}, "chance_deck": [22, 7]}
    for viewer in (None, 0, 2, 3):
        first = game.render_svg(new(POSITION, home_ports=PORTS4), viewer, names=["Ann", "Bob", "Cy", "Di"])
        second = game.render_svg(new(other, home_ports=PORTS4), viewer, names=["Ann", "Bob", "Cy", "Di"])
        assert first == second
    assert "Your hand" not in first and not crew_tokens(first)


def test_the_picture_is_static_and_escapes_player_names():
    state = new(POSITION, home_ports=PORTS4)
    text = game.render_svg(state, 0, names=["<b>Ann</b>", "Bob", "Cy", "Di"])
    assert "<script" not in text and "<b>" not in text and "&lt;b&gt;Ann&lt;/b&gt;" in text
    assert f'viewBox="0 0 {WIDTH} {HEIGHT}"' in text


def test_a_fight_marks_its_square_but_never_draws_the_fighters_hands():
    state = new({"to_move": "london", "ships": {"london": {"at": "F3", "face": "N"}, "genoa": {"at": "F6", "face": "E"}},
                 "hands": {"london": ["R3", "R3", "B1"], "genoa": ["R2", "B1", "B1", "B1"]}})
    state, _ = play(state, "london", "sail N 3 attack face E")
    assert state.fight is not None
    for viewer in (0, 1, None):
        svg = ET.fromstring(game.render_svg(state, viewer))
        (mark,) = svg.findall(".//s:rect[@class='fight']", NS)
        left, top = _xy(state.fight.square)
        assert (float(mark.get("x")), float(mark.get("y"))) == (left - 2, top - 2)
        assert not crew_tokens(game.render_svg(state, viewer))


def test_the_ships_owing_a_decision_wear_a_dashed_ring():
    state, svg = picture(None)
    ringed = {piece for piece, g in ships(svg).items() if g.findall("s:circle[@stroke-dasharray]", NS)}
    assert ringed == {f"ship-{state.home(state.turn)}"} == {"ship-london"}
    assert square_name(state.ships[0].at) == "J5"
