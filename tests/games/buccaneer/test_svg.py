"""The SVG board (spec 22.2): each port's Docks (and a home port's Safety Zone) drawn beside that port,
outside the grid; the seat's own hand drawn only in that seat's picture; a static, escaped picture."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from pbem.games import buccaneer as game
from pbem.games.buccaneer.board import PORT_SQUARE, PORTS
from pbem.games.buccaneer.cards import VALUE_CARDS
from pbem.games.buccaneer.svg import CELL, GRID, OX, OY, _xy

from .helpers import new, play

NS = {"s": "http://www.w3.org/2000/svg"}
PORTS4 = ("london", "cadiz", "marseilles", "genoa")
POSITION = {
    "to_move": "london",
    "ships": {"london": {"at": "J5", "face": "N"}, "cadiz": {"at": "N20"}, "marseilles": {"at": "Q9", "face": "W"},
              "genoa": {"at": "G1", "cargo": ["pearl"]}},
    "hands": {"london": ["R1", "R3", "B2"], "cadiz": ["B3", "B3"], "marseilles": ["R2"], "genoa": ["B1", "R2"]},
    "docks": {"amsterdam": {"crew": ["R2", "B1"], "treasure": ["diamond"], "cards": ["doubloons"]},
              "venice": {"crew": ["R3"], "treasure": ["rum", "gold"]},
              "london": {"crew": ["B2"], "treasure": ["ruby", "ruby"], "cards": ["long-john-silver"]},
              "cadiz": {"treasure": ["pearl"]}},
    "safety_zones": {"marseilles": ["gold", "gold", "gold"]},
    "held": {"marseilles": ["kidds-chart"]},
}


def picture(viewer):
    state = new(POSITION, home_ports=PORTS4)
    return state, ET.fromstring(game.render_svg(state, viewer, names=["Ann", "Bob", "Cy", "Di"]))


def titles(group, kind):
    return [g.find("s:title", NS).text for g in group.findall(f".//s:g[@class='{kind}']", NS)]


def box(group):
    rect = group.findall("s:rect", NS)[0]
    x, y = float(rect.get("x")), float(rect.get("y"))
    return x, y, x + float(rect.get("width")), y + float(rect.get("height"))


@pytest.mark.parametrize("port", PORTS)
def test_docks_and_safety_zone_are_drawn_beside_their_port(port):
    state, svg = picture(None)
    (panel,) = svg.findall(f".//s:g[@class='docks'][@data-port='{port}']", NS)
    docks = state.docks[PORTS.index(port)]
    safety = list(state.safety[PORTS.index(port)])
    # Crew as cards, treasure (Docks, then Safety Zone) as gems, value cards by name.
    assert titles(panel, "crew") == list(docks.crew)
    assert titles(panel, "gem") == list(docks.treasure) + safety
    assert titles(panel, "value-card") == [VALUE_CARDS[c] for c in docks.cards]
    # Outside the grid, within a square's width of the port's square, on the port's side of the board.
    left, top, right, bottom = box(panel)
    px, py = _xy(PORT_SQUARE[port])
    outside = right <= OX or left >= OX + GRID or bottom <= OY or top >= OY + GRID
    near_x = left - CELL <= px + CELL and right + CELL >= px
    near_y = top - CELL <= py + CELL and bottom + CELL >= py
    assert outside and near_x and near_y, (port, (left, top, right, bottom), (px, py))


def test_port_panels_name_the_owner_and_mark_unheld_home_ports():
    two = {**POSITION, "ships": {"london": {"at": "J5", "face": "N"}, "genoa": {"at": "G1"}},
           "hands": {"london": ["R1"], "genoa": ["B1"]}, "held": {}, "safety_zones": {}}
    state = new(two, home_ports=("london", "genoa"))
    svg = ET.fromstring(game.render_svg(state, None, names=["<b>Ann</b>", "Bob"]))
    heads = {g.get("data-port"): g.find("s:title", NS).text for g in svg.findall(".//s:g[@class='docks']", NS)}
    assert heads["london"].startswith("London (<b>Ann</b>)")  # escaped in the file, parsed back here
    assert heads["cadiz"].startswith("Cadiz (unheld)") and heads["amsterdam"].startswith("Amsterdam:")


@pytest.mark.parametrize("viewer", [None, 0, 1, 2, 3])
def test_the_seats_own_hand_is_drawn_only_for_that_seat(viewer):
    state, svg = picture(viewer)
    hands = svg.findall(".//s:g[@class='your-hand']", NS)
    if viewer is None:
        assert hands == []
    else:
        (hand,) = hands
        assert titles(hand, "crew") == list(state.hands[viewer])
    # No other seat's hand appears as cards anywhere outside the Docks panels.
    loose = [t for g in svg.findall(".//s:g[@class='crew']", NS) for t in [g.find("s:title", NS).text]]
    docks_crew = [c for d in state.docks for c in d.crew]
    own = list(state.hands[viewer]) if viewer is not None else []
    assert sorted(loose) == sorted(docks_crew + own)


def test_svg_is_static_with_a_viewbox_and_the_fight_shows_hands_to_fighters_only():
    state = new({"to_move": "london", "ships": {"london": {"at": "F3", "face": "N"}, "genoa": {"at": "F6", "face": "E"}},
                 "hands": {"london": ["R3", "R3", "B1"], "genoa": ["R2", "B1", "B1", "B1"]}})
    state, _ = play(state, "london", "sail N 3 attack face E")
    for viewer, sees in ((0, True), (1, True), (None, False)):
        text = game.render_svg(state, viewer)
        assert "<script" not in text and 'viewBox="0 0 ' in text
        assert ("hands: R3 R3 B1 (5) v R2 B1 B1 B1 (1)" in text) is sees


@pytest.mark.parametrize("viewer", [0, None])
def test_the_counts_and_hand_sit_below_the_board_inside_the_picture(viewer):
    # Below, not beside: a panel beside the grid would shrink the board on a phone's narrow page.
    state, svg = picture(viewer)
    width, height = (float(v) for v in svg.get("viewBox").split()[2:])
    grid_right = OX + GRID
    texts = [t for t in svg.iter(f"{{{NS['s']}}}text") if (t.text or "").startswith(("round ", "Treasure Island: "))]
    assert texts and all(float(t.get("y")) > OY + GRID for t in texts)
    assert width < grid_right + 200  # room for the east ports' panels only
    lowest = max(float(e.get("y", 0)) + float(e.get("height", 0)) for e in svg.iter() if e.get("y"))
    assert lowest <= height
