"""Sailing: Rule 8 and Rulings 3, 4, 8, 9, 10, 11 and 48."""

from __future__ import annotations

import pytest

from pbem.games.base import IllegalMove
from pbem.games.buccaneer.board import PORT_EXITS, PORT_SQUARE, allowed_headings, is_sea, square_name, step

from .helpers import hand, legal, new, owing, play, ship, sq

CREW6 = ["R1", "R1", "R1", "B1", "B1", "B1"]
GENOA = ["R2", "R2", "B2", "B2"]
CADIZ = ["R3", "B3"]


def two(london, genoa=None, **extra):
    pos = {"to_move": "london", "ships": {"london": london, "genoa": genoa or {"at": "G1"}},
           "hands": {"london": CREW6, "genoa": GENOA}}
    pos.update(extra)
    return new(pos)


@pytest.mark.parametrize("start,face,move", [("B14", "W", "sail W 1"), ("B15", "SW", "sail SW 1"), ("B13", "NW", "sail NW 1")])
def test_ruling_3_enter_london_along_its_arrows(start, face, move):
    state = two({"at": start, "face": face})
    assert move in legal(state, "london")
    state, _ = play(state, "london", move + " face N")  # a face given into a port is ignored
    assert ship(state, "london").at == sq("A14") and ship(state, "london").heading is None


def test_ruling_3_no_sliding_into_port_along_the_edge():
    assert "S" not in allowed_headings(sq("A15"))  # A15 going S would slide into London along the edge
    state = two({"at": "A16", "face": "S"})
    with pytest.raises(IllegalMove, match="Ruling 3"):
        play(state, "london", "sail S 2")


def test_ruling_3_no_passing_through_a_port():
    state = two({"at": "E1", "face": "E"})
    with pytest.raises(IllegalMove, match="Ruling 3"):
        play(state, "london", "sail E 3 face E")  # through Genoa (G1) to H1


def test_ruling_3_any_number_of_ships_in_port_and_no_attack_there():
    pos = {"to_move": "london",
           "ships": {"london": {"at": "B14", "face": "W"}, "genoa": {"at": "A14"}, "cadiz": {"at": "A14"}},
           "hands": {"london": CREW6, "genoa": GENOA, "cadiz": CADIZ}}
    state = new(pos, home_ports=("london", "genoa", "cadiz"))
    assert "sail W 1" in legal(state, "london")
    assert not any("attack" in m for m in legal(state, "london") if m.startswith("sail"))
    state, _ = play(state, "london", "sail W 1")
    assert [s.at for s in state.ships] == [sq("A14")] * 3


def test_ruling_4_leave_port_only_by_its_exits():
    state = two({"at": "A14"})
    directions = {m.split()[1] for m in legal(state, "london") if m.startswith("sail")}
    assert directions == {"NE", "E", "SE"}
    with pytest.raises(IllegalMove, match="Ruling 4"):
        play(state, "london", "sail N 1 face N")


def test_ruling_8_only_allowed_headings_offered():
    # H10 is on the west coast of Treasure Island: E points into the island.
    assert "E" not in allowed_headings(sq("H10"))
    assert set(allowed_headings(sq("H10"))) == {"N", "S", "SW", "W", "NW"}
    assert set(allowed_headings(sq("H8"))) == {"N", "E", "SE", "S", "SW", "W", "NW"}
    state = two({"at": "G10", "face": "E"})
    faces = {m.split()[-1] for m in legal(state, "london") if m.startswith("sail E 1 ")}
    assert faces == set(allowed_headings(sq("H10")))
    with pytest.raises(IllegalMove, match="Ruling 8"):
        play(state, "london", "sail E 1 face E")


def test_ruling_8_a_heading_must_be_named_at_sea():
    state = two({"at": "E5", "face": "N"})
    with pytest.raises(IllegalMove, match="Ruling 8"):
        play(state, "london", "sail N 2")


def test_ruling_9_turning_is_the_whole_move():
    state = two({"at": "E5", "face": "N"})
    state, _ = play(state, "london", "turn face E")
    assert ship(state, "london").heading == "E" and ship(state, "london").at == sq("E5")
    assert owing(state) == ["genoa"]  # nothing more to do: the turn ended by itself


def test_ruling_9_no_turn_in_port_or_when_must_sail_ahead():
    state = two({"at": "A14"})
    with pytest.raises(IllegalMove, match="Rule 8"):
        play(state, "london", "turn face E")
    state = two({"at": "E5", "face": "N", "must_sail_ahead": True})
    assert not any(m.startswith("turn") for m in legal(state, "london"))
    with pytest.raises(IllegalMove, match="Ruling 20"):
        play(state, "london", "turn face E")


def test_ruling_9_same_heading_is_no_turn():
    state = two({"at": "E5", "face": "N"})
    with pytest.raises(IllegalMove, match="Ruling 9"):
        play(state, "london", "turn face N")


def test_ruling_10_home_port_may_stay_foreign_port_must_leave():
    state = two({"at": "A14"})
    assert "end" in legal(state, "london")
    state = two({"at": "T14"})  # Amsterdam
    assert "end" not in legal(state, "london")
    with pytest.raises(IllegalMove, match="Ruling 10"):
        play(state, "london", "end")


@pytest.mark.parametrize("port", ["amsterdam", "venice", "genoa", "marseilles", "cadiz"])
def test_ruling_10c_a_crewed_ship_always_has_a_movement(port):
    """Ruling 10(c) ("no legal movement at all: `end`") cannot arise for a ship with crew, so it has no
    play test. At sea a turn on the spot always exists: every sea square allows at least two headings
    (Ruling 9). In a foreign port, an exit square holding one ship can be attacked (Ruling 15), so
    closing all three exits takes two ships on each (Ruling 11): six, and a game has at most three
    other ships. Here all three stand on the exits of each port London may be in: London still sails."""
    assert all(len(allowed_headings((x, y))) >= 2 for x in range(1, 21) for y in range(1, 21) if is_sea((x, y)))
    others = ("genoa", "marseilles", "cadiz")
    exits = [step(PORT_SQUARE[port], d) for d in PORT_EXITS[port]]
    ships = {"london": {"at": square_name(PORT_SQUARE[port])}}
    ships.update({seat: {"at": square_name(at), "face": allowed_headings(at)[0]} for seat, at in zip(others, exits)})
    state = new({"to_move": "london", "ships": ships, "hands": {"london": CREW6, "genoa": GENOA, "marseilles": CADIZ,
                                                                  "cadiz": CADIZ}},
                home_ports=("london", "genoa", "marseilles", "cadiz"))
    moves = legal(state, "london")
    assert "end" not in moves
    for d in PORT_EXITS[port]:
        assert any(m.startswith(f"sail {d} 1 attack") for m in moves)


def test_ruling_11_ending_on_a_ship_needs_attack():
    state = two({"at": "E5", "face": "N"}, {"at": "E7", "face": "S"})
    with pytest.raises(IllegalMove, match="Ruling 15"):
        play(state, "london", "sail N 2 face N")
    assert "sail N 2 attack face S" in legal(state, "london")


def test_ruling_11_two_ship_square_blocks_passage():
    pos = {"to_move": "london",
           "ships": {"london": {"at": "E5", "face": "N"}, "genoa": {"at": "E7", "face": "N"}, "cadiz": {"at": "E7", "face": "S"}},
           "hands": {"london": CREW6, "genoa": GENOA, "cadiz": CADIZ}}
    # A position may not put two ships on one square; after a fight it happens (Ruling 11), so the
    # test places Cadiz beside Genoa directly in the state.
    from dataclasses import replace

    from pbem.games.buccaneer.state import Ship

    pos["ships"]["cadiz"] = {"at": "N20"}
    state = new(pos, home_ports=("london", "genoa", "cadiz"))
    ships = list(state.ships)
    ships[2] = Ship(at=sq("E7"), heading="S")
    state = replace(state, ships=tuple(ships))
    assert not any(m.startswith(("sail N 2", "sail N 3")) for m in legal(state, "london"))
    with pytest.raises(IllegalMove, match="Ruling 11"):
        play(state, "london", "sail N 3 face N")


def test_ruling_48_over_long_sail_is_refused():
    state = two({"at": "E5", "face": "N"})
    with pytest.raises(IllegalMove, match="Rule 8: your sailing value is 6, you asked for 7"):
        play(state, "london", "sail N 7 face N")


def test_sail_to_square_is_accepted():
    state = two({"at": "E5", "face": "N"})
    state, events = play(state, "london", "sail to E8 face E")
    assert ship(state, "london").at == sq("E8") and events[0].data["move"] == "sail N 3 face E"
    assert hand(state, "london") == CREW6
