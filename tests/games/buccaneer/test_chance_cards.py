"""The 28 chance cards (section 11, Rule 9) and Rulings 22 to 36. In each test London sails from J5
north onto J8, on the south coast of Treasure Island, with the card under test on top of the deck.

    row 8   H : : J : : M      J8: London draws here
    row 5   . . . L . . .      J5: London starts, facing N
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.games import buccaneer as game
from pbem.games.buccaneer.board import PORT_SQUARE, TREASURE_COAST, card1_line, nearest_port_ahead, square_name
from pbem.play.chance import ScriptedChance

from .helpers import effects, hand, legal, new, owing, play, ship, sq

CREW = ["R3", "R3", "B1", "B2"]  # sailing 9


def drawn(card, hands=None, london=None, genoa=None, extra_ships=None, home_ports=("london", "genoa"), chance=(), **pos):
    ships = {"london": london or {"at": "J5", "face": "N"}, "genoa": genoa or {"at": "G1"}}
    ships.update(extra_ships or {})
    position = {"to_move": "london", "ships": ships, "hands": hands or {"london": CREW, "genoa": ["R1", "B1"]},
                "chance_deck": [card] if isinstance(card, int) else card}
    position.update(pos)
    state = new(position, home_ports=home_ports)
    at = ship(state, "london").at
    move = "sail N 3 face W" if at == sq("J5") else None
    return play(state, "london", move, chance=chance) if move else (state, [])


def test_ruling_22_draw_on_stopping_not_on_passing():
    state = new({"to_move": "london", "ships": {"london": {"at": "G8", "face": "E"}, "genoa": {"at": "G1"}},
                 "hands": {"london": CREW}, "chance_deck": [15]})
    state, events = play(state, "london", "sail E 7 face E")  # H8..M8 passed, N8 is not coast
    assert effects(events, "draw") == []
    state = new({"to_move": "london", "ships": {"london": {"at": "H8", "face": "E"}, "genoa": {"at": "G1"}},
                 "hands": {"london": CREW}, "chance_deck": [15]})
    state, events = play(state, "london", "sail E 2 face E")  # along the coast
    assert effects(events, "draw")[0]["card"] == 15
    state = new({"to_move": "london", "ships": {"london": {"at": "H8", "face": "E"}, "genoa": {"at": "G1"}},
                 "hands": {"london": CREW}, "chance_deck": [15]})
    state, events = play(state, "london", "turn face S")  # turning on the coast draws
    assert effects(events, "draw")[0]["card"] == 15 and state.chance_deck[-1] == 15


def test_chance_01_blown_out_to_sea_then_choose_heading():
    state, events = drawn(1)
    assert ship(state, "london").at == sq("J4") and owing(state) == ["london"]
    assert legal(state, "london")[:3] == ["face N", "face NE", "face E"]
    state, _ = play(state, "london", "face E")
    assert ship(state, "london").heading == "E" and state.chance_deck[-1] == 1


@pytest.mark.parametrize("coast,dest", [
    ("H10", "D10"), ("M11", "Q11"), ("K8", "K4"), ("L13", "L17"), ("H8", "D4"), ("M13", "Q17"), ("H13", "E16"), ("M8", "P5"),
])
def test_ruling_26_card_1_destinations(coast, dest):
    assert square_name(card1_line(sq(coast))[0]) == dest


def test_ruling_26_card_1_occupied_goes_outward_then_inward():
    state, _ = drawn(1, genoa={"at": "J4", "face": "E"})
    assert ship(state, "london").at == sq("J3")
    # From H13 the line NW meets Flat Island after E16: an occupied E16 sends the ship back inward to F15.
    state = new({"to_move": "london", "ships": {"london": {"at": "G12", "face": "NE"}, "genoa": {"at": "E16", "face": "S"}},
                 "hands": {"london": CREW}, "chance_deck": [1]})
    state, _ = play(state, "london", "sail NE 1 face W")
    assert ship(state, "london").at == sq("F15")
    # From M8 SE the line meets Pirate Island after P5.
    state = new({"to_move": "london", "ships": {"london": {"at": "N7", "face": "NW"}, "genoa": {"at": "P5", "face": "S"}},
                 "hands": {"london": CREW}, "chance_deck": [1]})
    state, _ = play(state, "london", "sail NW 1 face W")
    assert ship(state, "london").at == sq("O6")


def test_ruling_26_card_1_crew_bonus_at_3_not_4():
    state = new({"to_move": "london", "ships": {"london": {"at": "J7", "face": "N"}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R1", "B2"]}, "chance_deck": [1], "pirate_island": ["R3", "R3", "B3", "B3"]})
    state, _ = play(state, "london", "sail N 1 face W")
    assert hand(state, "london") == ["R1", "R3", "R3", "B2", "B3", "B3"]
    state = new({"to_move": "london", "ships": {"london": {"at": "J7", "face": "N"}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R2", "B2"]}, "chance_deck": [1], "pirate_island": ["R3"]})
    state, _ = play(state, "london", "sail N 1 face W")
    assert hand(state, "london") == ["R2", "B2"]


def test_ruling_26_card_1_to_e16_picks_up_flat_island_treasure():
    state = new({"to_move": "london", "ships": {"london": {"at": "G12", "face": "NE"}, "genoa": {"at": "G1"}},
                 "hands": {"london": CREW}, "chance_deck": [1], "flat_island": {"treasure": ["pearl", "ruby", "rum"]}})
    state, _ = play(state, "london", "sail NE 1 face W")
    assert ship(state, "london").at == sq("E16") and ship(state, "london").cargo == ("ruby", "pearl")


def test_chance_02_named_seat_gives_three_from_hand_and_docks():
    state, events = drawn(2, hands={"london": CREW, "genoa": ["R1", "B1"], "cadiz": ["R2"]},
                          extra_ships={"cadiz": {"at": "N20"}}, home_ports=("london", "genoa", "cadiz"),
                          docks={"genoa": {"crew": ["B3", "B3"]}})
    assert owing(state) == ["london"] and legal(state, "london")[:2] == ["chance name genoa", "chance name cadiz"]
    state, _ = play(state, "london", "chance name genoa")
    assert owing(state) == ["genoa"]
    assert "chance give R1 B1 docks B3" in legal(state, "genoa")
    state, events = play(state, "genoa", "chance give R1 docks B3 B3")
    assert hand(state, "london") == sorted(CREW + ["R1", "B3", "B3"], key=["R1", "R2", "R3", "B1", "B2", "B3"].index)
    assert game.redact(events[0], 2)["move"] == "chance give 1 cards docks B3 B3"
    assert game.redact(events[0], 0)["move"] == "chance give R1 docks B3 B3"


def test_chance_02_fewer_than_three_and_automatic_naming_with_two_players():
    state, events = drawn(2, hands={"london": CREW, "genoa": ["R1", "B1"]})
    assert hand(state, "genoa") == [] and "R1" in hand(state, "london")
    assert [e.data["move"] for e in events if e.type == "move_played"][1:3] == ["chance name genoa", "chance give R1 B1"]


@pytest.mark.parametrize("card,bay,first", [(3, "A1", "B1"), (4, "T20", "T19")])
def test_chance_03_04_blown_to_a_bay_and_occupied_bay(card, bay, first):
    state, _ = drawn(card)
    assert ship(state, "london").at == sq(bay) and state.pending[0].kind == "face"
    state, _ = drawn(card, genoa={"at": bay, "face": "N" if bay == "A1" else "S"})
    assert ship(state, "london").at == sq(first)


def test_chance_05_blown_home_with_crew_bonus_and_home_actions():
    state = new({"to_move": "london", "ships": {"london": {"at": "J7", "face": "N"}, "genoa": {"at": "G1"}},
                 "hands": {"london": ["R1", "B1"]}, "chance_deck": [5], "pirate_island": ["R3", "B3", "R2", "B2"]})
    state, _ = play(state, "london", "sail N 1 face W")
    assert ship(state, "london").at == PORT_SQUARE["london"] and ship(state, "london").heading is None
    assert len(hand(state, "london")) == 6
    assert "deposit R1" in legal(state, "london")  # arrived in its own turn: home actions follow


# Ruling 29's table: square -> headings N NE E SE S SW W NW.
TABLE_29 = {
    ("H8",): "Cadiz Amsterdam Marseilles Marseilles Genoa Venice Venice London",
    ("I8", "J8", "K8", "L8", "M8", "M9", "M10"): "Cadiz Amsterdam Marseilles Marseilles Genoa Genoa Venice London",
    ("M11", "M12"): "Cadiz Amsterdam Amsterdam Marseilles Genoa Genoa London London",
    ("M13",): "Cadiz Amsterdam Amsterdam Marseilles Genoa Venice London London",
    ("L13", "K13", "J13", "I13", "H13", "H12", "H11"): "Cadiz Cadiz Amsterdam Marseilles Genoa Venice London London",
    ("H10", "H9"): "Cadiz Cadiz Marseilles Marseilles Genoa Venice Venice London",
}


def test_ruling_29_card_6_table_all_160_cells():
    cells = 0
    for squares, row in TABLE_29.items():
        for name in squares:
            for heading, port in zip(("N", "NE", "E", "SE", "S", "SW", "W", "NW"), row.split()):
                assert nearest_port_ahead(sq(name), heading) == port.lower(), (name, heading)
                cells += 1
    assert cells == 160 and len({s for squares in TABLE_29 for s in squares}) == len(TREASURE_COAST)


def test_chance_06_blown_to_the_nearest_port_ahead_and_may_trade():
    # London stops on J8 facing W (the face it chose), so Ruling 29 gives Venice. Crew total 2: 4 recruits.
    state, _ = drawn([6, 15], london={"at": "J7", "face": "N"}, hands={"london": ["R1", "B1"], "genoa": ["R1"]},
                     pirate_island=["R3", "B3", "R2", "B2", "B1"], docks={"venice": {"crew": ["R3"], "treasure": ["gold"]}})
    state, events = play(state, "london", "sail N 1 face W")
    london = ship(state, "london")
    assert london.at == PORT_SQUARE["venice"] and london.heading is None and not london.must_sail_ahead
    assert hand(state, "london") == ["R1", "R2", "R3", "B1", "B2", "B3"]
    assert state.pirate[0] == "B1"  # the four recruits came off the top
    # One card drawn, none for arriving in port (Ruling 28); card 6 goes to the bottom, 15 stays on top.
    assert [e["card"] for e in effects(events, "draw")] == [6]
    assert state.chance_deck[0] == 15 and state.chance_deck[-1] == 6 and state.last_chance[0] == 6
    # The card and the move are public; the recruits' identities are London's alone.
    for viewer in (None, 1):
        red = game.redact(events[0], viewer)
        assert {"k": "draw", "seat": 0, "card": 6, "kept": False} in red["effects"]
        recruits = [e for e in red["effects"] if e["k"] == "crew" and e["from"] == "pirate"]
        assert recruits == [{"k": "crew", "from": "pirate", "to": "hand:0", "n": 4}]
    assert [e for e in game.redact(events[0], 0)["effects"] if e["k"] == "crew"][0]["cards"] == ["R3", "B3", "R2", "B2"]
    # Arrived in its own turn: the arrival window for trading is open at Venice.
    assert owing(state) == ["london"] and state.phase == "after"
    assert "trade give R3 take R3" not in legal(state, "london")  # one item cannot be given and taken
    state, _ = play(state, "london", "trade give R1 B3 take gold")
    assert ship(state, "london").cargo == ("gold",) and state.docks[5].crew == ("R1", "R3", "B3")
    state, _ = play(state, "london", "end")
    assert owing(state) == ["genoa"]


@pytest.mark.parametrize("start,move,port", [("J5", "sail N 3 face S", "genoa"), ("J5", "sail N 3 face E", "marseilles"),
                                             ("F12", "sail E 2 face NW", "london")])
def test_chance_06_the_heading_chosen_on_arrival_picks_the_port(start, move, port):
    face = "N" if start == "J5" else "E"
    state = new({"to_move": "london", "ships": {"london": {"at": start, "face": face}, "genoa": {"at": "T20", "face": "S"}},
                 "hands": {"london": CREW, "genoa": ["R1"]}, "chance_deck": [6]})
    state, _ = play(state, "london", move)
    assert ship(state, "london").at == PORT_SQUARE[port] and hand(state, "london") == CREW  # total 9: no recruits


def test_chance_06_blown_into_the_home_port_wins_at_once():
    # H12 facing W: London's own port (Ruling 29 includes it). Its Docks already hold 20: Rule 19 at once.
    state = new({"to_move": "london", "ships": {"london": {"at": "F12", "face": "E"}, "genoa": {"at": "G1"}},
                 "hands": {"london": CREW, "genoa": ["R1"]}, "chance_deck": [6],
                 "docks": {"london": {"treasure": ["diamond", "diamond", "diamond", "ruby"]}}})
    assert game.outcome(state) is None
    state, _ = play(state, "london", "sail E 2 face W")
    result = game.outcome(state)
    assert ship(state, "london").at == PORT_SQUARE["london"]
    assert result.termination == "won" and result.winners == (0,) and game.to_move(state) == frozenset()


def test_chance_06_drawn_in_a_free_move_trades_only_next_turn():
    # London (fighting 1) attacks Genoa (fighting 5) on E15 and loses. Its free move ends on H12 facing SW:
    # card 6 blows it to Venice. A free move is not a turn to play, so London may trade there only when
    # its next turn comes (Ruling 28); its present turn just ends.
    state = new({"to_move": "london", "ships": {"london": {"at": "E19", "face": "S"}, "genoa": {"at": "E15", "face": "E"}},
                 "hands": {"london": ["R2", "B1", "B1", "B1"], "genoa": ["R3", "R3", "B1"]}, "chance_deck": [6],
                 "pirate_island": ["B3", "B3", "R2", "R1"], "docks": {"venice": {"crew": ["R2", "B2"], "treasure": ["gold"]}}})
    state, _ = play(state, "london", "sail S 4 attack face E")  # crew spoils: the only kind, so automatic
    state, _ = play(state, "london", "give B1 B1")
    state, events = play(state, "london", "sail SE 3 face SW")
    assert [e["card"] for e in effects(events, "draw")] == [6] and state.chance_deck[-1] == 6
    assert ship(state, "london").at == PORT_SQUARE["venice"] and ship(state, "london").heading is None
    assert hand(state, "london") == ["R1", "R2", "R2", "B1", "B3", "B3"]  # crew total 3: four recruits
    # No trading window: London's turn ended by the rules (its only option), and Genoa's began.
    assert [(e.data.get("move"), e.actor) for e in events if e.type == "move_played"][-1] == ("end", "rules")
    assert owing(state) == ["genoa"]
    state, _ = play(state, "genoa", "sail E 1 face E")  # then `end`, its only option, by the rules
    assert owing(state) == ["london"] and state.phase == "before"
    assert "trade give B3 take gold" not in legal(state, "london")  # 3 for 4: values must match
    assert "trade give R1 B3 take gold" in legal(state, "london")
    assert "end" not in legal(state, "london")  # a foreign port must be left (Ruling 10)


def test_chance_07_give_to_the_nearest_ship():
    state, _ = drawn(7, london={"at": "J5", "face": "N", "cargo": ["gold"]}, genoa={"at": "N8", "face": "N"})
    assert owing(state) == ["london"]
    assert legal(state, "london")[:2] == ["chance give gold", "chance give R3 R3"]
    state, events = play(state, "london", "chance give R3 B1")
    assert hand(state, "genoa") == ["R1", "R3", "B1", "B1"]
    assert game.redact(events[0], None)["move"] == "chance give 2 cards"


def test_chance_07_tie_has_no_effect():
    state, events = drawn(7, extra_ships={"cadiz": {"at": "L8", "face": "E"}}, genoa={"at": "H8", "face": "W"},
                          hands={"london": CREW, "genoa": ["R1"], "cadiz": ["B1"]}, home_ports=("london", "genoa", "cadiz"))
    assert not state.pending and owing(state) == ["genoa"]


def test_chance_07_receiver_with_two_pieces_gets_only_crew_and_in_port():
    state, _ = drawn(7, london={"at": "J5", "face": "N", "cargo": ["gold"]}, genoa={"at": "G1", "cargo": ["rum", "rum"]})
    moves = [m for m in legal(state, "london") if m.startswith("chance")]
    assert moves and not any("gold" in m for m in moves)  # Genoa in its port is the receiver, full


def test_chance_08_lose_treasure_or_two_crew_to_flat_island():
    state, _ = drawn(8, london={"at": "J5", "face": "N", "cargo": ["pearl"]})
    assert "chance lose pearl" in legal(state, "london") and "chance lose R3 B2" in legal(state, "london")
    state, _ = play(state, "london", "chance lose R3 B2")
    assert state.flat.crew == ("R3", "B2")


def test_chance_09_best_to_flat_island_tie_chosen():
    state, _ = drawn(9, london={"at": "J5", "face": "N", "cargo": ["diamond", "ruby"]})
    assert legal(state, "london")[:2] == ["chance lose diamond", "chance lose ruby"]
    state, _ = play(state, "london", "chance lose ruby")
    assert state.flat.treasure == ("ruby",)
    state, _ = drawn(9)  # no treasure: the highest crew card (R3, no tie) goes, face up
    assert state.flat.crew == ("R3",)


def test_chance_10_highest_crew_card_deserts_tie_chosen_privately():
    state, _ = drawn(10, hands={"london": ["R3", "B3", "B1"], "genoa": ["R1"]})
    assert legal(state, "london")[:2] == ["chance lose R3", "chance lose B3"]
    state, events = play(state, "london", "chance lose B3")
    assert state.pirate[-1] == "B3" and game.redact(events[0], 1)["move"] == "chance lose 1 card"
    assert "cards" not in effects([type(events[0])(events[0].type, game.redact(events[0], 1), events[0].actor)], "crew")[0]


@pytest.mark.parametrize("card,limit,crew", [(11, 5, 2), (12, 4, 2), (13, 5, 2), (14, 7, 3), (27, 5, 3)])
def test_chance_either_treasure_or_crew(card, limit, crew):
    state, _ = drawn(card)
    moves = legal(state, "london")
    assert "chance crew" in moves
    from pbem.games.buccaneer.cards import treasure_value
    from pbem.games.buccaneer.notation import parse_move

    values = [treasure_value(parse_move(m).items) for m in moves if m.startswith("chance treasure")]
    assert max(values) == limit or (limit == 7 and max(values) == 7)
    assert any(len(parse_move(m).items) == 2 for m in moves if m.startswith("chance treasure"))
    before = len(hand(state, "london"))
    state, _ = play(state, "london", "chance crew")
    assert len(hand(state, "london")) == before + crew


def test_ruling_25_full_ship_gives_crew_and_empty_deck_gives_treasure():
    state, _ = drawn(11, london={"at": "J5", "face": "N", "cargo": ["rum", "rum"]})
    assert not state.pending or state.pending[0].kind != "either"  # crew applied automatically
    state2, _ = drawn(11, pirate_island=[], hands={"london": ["R1", "R1", "R1", "R1", "R1", "R1", "R2", "R2", "R2",
                                                               "R2", "R2", "R2", "R3", "R3", "R3", "R3", "R3", "R3",
                                                               "B1", "B1", "B1", "B1", "B1", "B1", "B2", "B2", "B2",
                                                               "B2", "B2", "B2", "B3", "B3", "B3", "B3"],
                                                    "genoa": ["B3", "B3"]})
    assert "chance crew" not in legal(state2, "london")


@pytest.mark.parametrize("card", [15, 28])
def test_chance_15_28_recruits(card):
    state, events = drawn(card, pirate_island=["B3", "R2", "R1"])
    assert hand(state, "london") == ["R2", "R3", "R3", "B1", "B2", "B3"]
    crew = [e for e in effects(events, "crew") if e["from"] == "pirate"][0]
    red = game.redact(events[0], 1)
    assert [e for e in red["effects"] if e["k"] == "crew"][0] == {"k": "crew", "from": "pirate", "to": "hand:0", "n": 2}
    assert crew["cards"] == ["B3", "R2"]


def test_chance_16_treasure_then_cut_to_largest_total():
    state, _ = drawn(16, hands={"london": ["R3", "R3", "B3", "B2"], "genoa": ["R1"]})
    state, events = play(state, "london", "chance treasure gold pearl")
    # Keeping 9 (the largest total <= 10) needs returning the B2: the only way, so it is automatic.
    assert ship(state, "london").cargo == ("gold", "pearl")
    assert hand(state, "london") == ["R3", "R3", "B3"] and state.pirate[-1] == "B2"
    assert [e.data["move"] for e in events if e.type == "move_played"][:2] == ["chance treasure gold pearl", "chance return B2"]


def test_chance_17_cut_to_eleven_with_choice():
    state, _ = drawn(17, hands={"london": ["R3", "R3", "B3", "B2", "B1", "B1"], "genoa": ["R1"]})
    state, _ = play(state, "london", "chance treasure diamond")
    assert [m for m in legal(state, "london") if m.startswith("chance")] == ["chance return B1 B1", "chance return B2"]


def test_chance_18_treasure_and_recruits_if_weak():
    state, _ = drawn(18, hands={"london": ["R3", "B2", "B1"], "genoa": ["R1"]}, pirate_island=["R1", "R2"])
    assert len(hand(state, "london")) == 5 and legal(state, "london")[0] == "chance treasure gold"
    state, _ = drawn(18, pirate_island=["R1", "R2"])  # crew total 9: no recruits
    assert len(hand(state, "london")) == 4


def test_chance_19_crew_exchange():
    state, events = drawn(19, pirate_island=["B3", "B3", "B3", "B3"])
    assert hand(state, "london") == ["B3", "B3", "B3", "B3"]
    assert list(state.pirate[-4:]) == ["R3", "R3", "B1", "B2"]


def test_chance_20_blind_swap_recorded_and_redacted():
    state, events = drawn(20, genoa={"at": "L8", "face": "E"}, hands={"london": CREW, "genoa": ["R1", "R1", "B1"]},
                          chance=[("R3", "B2"), ("R1", "B1")])
    swap = effects(events, "swap")[0]
    assert swap["a_cards"] == ["R3", "B2"] and swap["b_cards"] == ["R1", "B1"]
    assert hand(state, "london") == ["R1", "R3", "B1", "B1"]
    for viewer, sees in ((0, True), (1, True), (None, False)):
        red = [e for e in game.redact(events[0], viewer)["effects"] if e["k"] == "swap"][0]
        assert ("a_cards" in red) is sees


def test_chance_20_tie_is_named_and_no_ship_returns_two():
    state, _ = drawn(20, genoa={"at": "L8", "face": "E"}, extra_ships={"cadiz": {"at": "H8", "face": "W"}},
                     hands={"london": CREW, "genoa": ["R1"], "cadiz": ["B1"]}, home_ports=("london", "genoa", "cadiz"))
    assert legal(state, "london")[:2] == ["chance name genoa", "chance name cadiz"]
    state, _ = drawn(20)
    assert "chance return R3 R3" in legal(state, "london")
    state, events = play(state, "london", "chance return R3 B2")
    assert list(state.pirate[-2:]) == ["R3", "B2"] and game.redact(events[0], 1)["move"] == "chance return 2 cards"


@pytest.mark.parametrize("card,token", [(21, "long-john-silver"), (23, "doubloons"), (24, "pieces-of-eight"),
                                        (25, "kidds-chart"), (26, "kidds-chart")])
def test_chance_value_cards_are_kept(card, token):
    state, _ = drawn(card)
    assert state.held[0] == (card,) and card not in state.chance_deck
    assert game.view(state, 1)["ships"]["london"]["held"] == [token]


def test_chance_22_yellow_fever_several_seats_at_once():
    hands = {"london": ["R1", "R1", "R1", "R2", "R2", "R2", "R3", "R3"],
             "genoa": ["B1", "B1", "B1", "B2", "B2", "B2", "B3"], "cadiz": ["B3", "B3", "B3"]}
    state, events = drawn(22, hands=hands, extra_ships={"cadiz": {"at": "N20"}}, home_ports=("london", "genoa", "cadiz"),
                          docks={"genoa": {"crew": ["R3", "R3"]}, "cadiz": {"crew": ["B3", "R1", "R2", "R3", "B1"]}})
    assert owing(state) == ["cadiz", "genoa", "london"]
    state, _ = play(state, "genoa", "chance return B1 docks R3")
    assert owing(state) == ["cadiz", "london"]
    state, _ = play(state, "cadiz", "chance return docks R1")
    state, _ = play(state, "london", "chance return R1")
    assert owing(state) == ["genoa"] and list(state.pirate[-4:]) == ["B1", "R3", "R1", "R1"]


def test_chance_22_every_affected_seat_with_a_choice_is_asked():
    state, events = drawn(22, hands={"london": ["R1"] * 6 + ["R2", "R2"], "genoa": ["B1"]})
    assert owing(state) == ["london"] and state.pending[0].kind == "fever"  # R1 or R2: a real choice
    assert [m for m in legal(state, "london") if m.startswith("chance")] == ["chance return R1", "chance return R2"]
    state, events = drawn(22, hands={"london": ["R1"] * 6 + ["B1", "B1"], "genoa": ["B2"]},
                          docks={"london": {"crew": ["R2"]}})  # 9 cards: return 2 of R1 x6, B1 x2, Docks R2
    assert state.pending and state.pending[0].kind == "fever"
    state, events = drawn(22, hands={"london": ["R1"] * 6 + ["R2", "R2"], "genoa": ["B2"] * 6 + ["B3", "B3"]},
                          docks={"genoa": {"crew": []}}, extra_ships={}, pirate_island=[])
    assert owing(state) == ["genoa", "london"]

