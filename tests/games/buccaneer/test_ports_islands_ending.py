"""Ports, islands, derelicts and the end: Rulings 37 to 47, 50 and 51 (Rules 10, 11, 13 to 15, 18, 19)."""

from __future__ import annotations

import pytest

from pbem.games import buccaneer as game
from pbem.games.base import IllegalMove

from .helpers import effects, hand, legal, new, owing, play, ship, sq


def at(london, hands=None, genoa=None, home_ports=("london", "genoa"), extra_ships=None, **pos):
    ships = {"london": london, "genoa": genoa or {"at": "G1"}}
    ships.update(extra_ships or {})
    position = {"to_move": "london", "ships": ships, "hands": hands or {"london": ["R3", "B2", "B1"], "genoa": ["R1"]}}
    position.update(pos)
    return new(position, home_ports=home_ports)


def test_ruling_37_value_cards_under_both_currencies_and_traded_cards_stay_in_docks():
    state = at({"at": "T14"}, held={"london": ["doubloons"]}, docks={"amsterdam": {"treasure": ["gold", "ruby"]}})
    assert "trade give doubloons take gold" in legal(state, "london")
    state20 = new({"to_move": "london", "ships": {"london": {"at": "T14"}, "genoa": {"at": "G1"}},
                   "hands": {"london": ["R3"]}, "held": {"london": ["doubloons"]},
                   "docks": {"amsterdam": {"treasure": ["gold", "ruby"]}}}, currency_values="20x20")
    assert "trade give doubloons take ruby" in legal(state20, "london")
    state, _ = play(state, "london", "trade give doubloons take gold")
    assert state.docks[4].cards == (23,) and ship(state, "london").cargo == ("gold",)


def test_ruling_38_long_john_silver_for_crew_up_to_five_and_bought_for_one_treasure():
    state = at({"at": "T14", "cargo": ["rum"]}, held={"london": ["long-john-silver"]},
               docks={"amsterdam": {"crew": ["R3", "B3", "B2"]}})
    assert "trade give long-john-silver take R3 B2" in legal(state, "london")
    assert "trade give long-john-silver take R3 B3" not in legal(state, "london")
    with pytest.raises(IllegalMove, match="Ruling 38"):
        play(state, "london", "trade give ljs take R3 B3")
    state, _ = play(state, "london", "trade give ljs take R3 B2")
    assert state.docks[4].cards == (21,)
    assert "trade give rum take long-john-silver" in legal(state, "london")
    state, _ = play(state, "london", "trade give rum take ljs")
    assert state.held[0] == (21,) and state.docks[4].treasure == ("rum",)


def test_ruling_39_kidds_chart_redeemed_at_anchor_bay_once_per_turn():
    state = at({"at": "T1", "face": "N"}, held={"london": ["kidds-chart", "kidds-chart"]})
    assert "redeem diamond rum" in legal(state, "london") and "redeem diamond gold" not in legal(state, "london")
    state, _ = play(state, "london", "redeem gold pearl")
    assert ship(state, "london").cargo == ("gold", "pearl") and state.chance_deck[-1] == 25 and state.held[0] == (26,)
    assert not any(m.startswith("redeem") for m in legal(state, "london"))  # one chart per turn; ship full too
    state = at({"at": "S1", "face": "E"}, held={"london": ["kidds-chart"]})
    with pytest.raises(IllegalMove, match="Ruling 39"):
        play(state, "london", "redeem gold")


def test_ruling_40_trading_value_for_value():
    state = at({"at": "T14", "cargo": ["pearl"]}, docks={"amsterdam": {"crew": ["R2", "B1"], "treasure": ["diamond"]}})
    moves = legal(state, "london")
    assert "trade give R3 B2 take diamond" in moves and "trade give pearl take R2 B1" in moves
    with pytest.raises(IllegalMove, match="value for value: you give 3 and take 5"):
        play(state, "london", "trade give R3 take diamond")
    # A typed many-for-many trade is accepted.
    state, _ = play(state, "london", "trade give R3 B2 pearl take diamond R2 B1 ")
    assert hand(state, "london") == ["R2", "B1", "B1"] and ship(state, "london").cargo == ("diamond",)
    assert state.docks[4].crew == ("R3", "B2") and state.docks[4].treasure == ("pearl",)


def test_ruling_40_two_piece_limit_and_no_trade_at_home():
    state = at({"at": "T14", "cargo": ["rum", "rum"]}, docks={"amsterdam": {"treasure": ["rum", "pearl"]}},
               hands={"london": ["R2", "B3"], "genoa": ["R1"]})
    with pytest.raises(IllegalMove, match="Rule 17"):
        play(state, "london", "trade give R2 take rum")
    state = at({"at": "A14"}, docks={"london": {"treasure": ["rum"]}})
    with pytest.raises(IllegalMove, match="Ruling 40"):
        play(state, "london", "trade give R2 take rum")


def test_ruling_40_trade_at_an_opponents_docks_not_its_safety_zone():
    state = at({"at": "G1"}, genoa={"at": "F5", "face": "N"}, docks={"genoa": {"treasure": ["gold"]}},
               safety_zones={"genoa": ["ruby", "ruby", "ruby"]}, hands={"london": ["R3", "B1"], "genoa": ["R1"]})
    assert "trade give R3 B1 take gold" in legal(state, "london")
    assert not any("ruby" in m for m in legal(state, "london"))


def test_ruling_40_no_trade_after_a_free_move_but_both_windows_used():
    state = at({"at": "T14"}, docks={"amsterdam": {"crew": ["R2", "B1"]}})
    state, _ = play(state, "london", "trade give R3 take R2 B1")
    state, _ = play(state, "london", "trade give R2 B1 take R3")  # the window before sailing out, again
    state, _ = play(state, "london", "sail W 3 face W")
    assert owing(state) == ["genoa"]


def test_ruling_41_42_deposit_take_and_crew_for_sale_only_at_home():
    state = at({"at": "A14", "cargo": ["gold"]}, held={"london": ["doubloons"]}, docks={"london": {"crew": ["B3"]}})
    for move in ("deposit R3", "deposit gold", "deposit doubloons", "take B3"):
        assert move in legal(state, "london")
    state, _ = play(state, "london", "deposit R3 gold doubloons")
    assert state.docks[0].crew == ("R3", "B3") and state.docks[0].treasure == ("gold",) and state.docks[0].cards == (23,)
    state, _ = play(state, "london", "take B3")
    assert "B3" in hand(state, "london")
    state = at({"at": "E5", "face": "N"})
    with pytest.raises(IllegalMove, match="Ruling 4[12]"):
        play(state, "london", "deposit R3")


def test_ruling_43_safety_zone_three_of_a_kind_then_singles():
    state = at({"at": "A14", "cargo": ["pearl"]}, docks={"london": {"treasure": ["pearl", "pearl", "gold"]}},
               safety_zones={"london": ["rum", "rum", "rum"]})
    assert "secure pearl pearl pearl" in legal(state, "london")
    with pytest.raises(IllegalMove, match="Rule 18"):
        play(state, "london", "secure gold")
    state, _ = play(state, "london", "secure pearl pearl pearl")
    assert state.safety[0] == ("pearl", "pearl", "pearl", "rum", "rum", "rum") and ship(state, "london").cargo == ()
    assert not any(m.startswith("take") and "pearl" in m for m in legal(state, "london"))


def test_ruling_44_flat_island_pickup_automatic_crew_by_choice():
    state = at({"at": "F16", "face": "W", "cargo": ["rum"]}, flat_island={"crew": ["R2"], "treasure": ["pearl", "diamond"]})
    state, _ = play(state, "london", "sail W 1 face N")
    assert ship(state, "london").cargo == ("diamond", "rum")
    assert "take R2" in legal(state, "london") and "land R3" in legal(state, "london")
    state, _ = play(state, "london", "take R2")
    assert state.flat.crew == () and "R2" in hand(state, "london")


def test_ruling_44_pickup_at_turn_start():
    state = at({"at": "E16", "face": "N"}, flat_island={"treasure": ["gold"]})
    assert ship(state, "london").cargo == ("gold",)


def test_ruling_45_returns_go_to_the_bottom_in_canonical_order():
    state = at({"at": "J7", "face": "N"}, chance_deck=[19], hands={"london": ["B1", "R3", "R1"], "genoa": ["R2"]},
               pirate_island=["B2", "B2", "B2"])
    state, _ = play(state, "london", "sail N 1 face W")
    assert list(state.pirate[-3:]) == ["R1", "R3", "B1"] and hand(state, "london") == ["B2", "B2", "B2"]


def test_ruling_46_derelict_drifts_optionally_and_recovers_crew():
    state = at({"at": "J6", "face": "N"}, hands={"london": [], "genoa": ["R1"]}, chance_deck=[15])
    moves = legal(state, "london")
    assert "end" in moves and "drift N face W" in moves and not any(m.startswith(("sail", "turn")) for m in moves)
    state = at({"at": "J7", "face": "N"}, hands={"london": [], "genoa": ["R1"]}, chance_deck=[15])
    state, events = play(state, "london", "drift N face W")
    assert len(hand(state, "london")) == 2


def test_ruling_47_win_on_deposit_and_not_with_cargo():
    state = at({"at": "A14", "cargo": ["diamond"]}, docks={"london": {"treasure": ["diamond", "diamond", "ruby"]}})
    assert game.outcome(state) is None  # 15 at home, 5 aboard: cargo does not count
    state, _ = play(state, "london", "deposit diamond")
    result = game.outcome(state)
    assert result.termination == "won" and result.winners == (0,)
    assert game.to_move(state) == frozenset() and game.legal_moves(state, 0) == []


def test_ruling_47_win_by_card_5_and_in_another_seats_turn():
    state = at({"at": "J7", "face": "N"}, chance_deck=[5], docks={"london": {"treasure": ["diamond"] * 4}})
    state, _ = play(state, "london", "sail N 1 face W")
    assert game.outcome(state).winners == (0,)
    # Genoa trades gold into London's Docks while London's ship is at home: London wins in Genoa's turn.
    state = new({"to_move": "genoa", "ships": {"london": {"at": "A14"}, "genoa": {"at": "A14", "cargo": ["gold"]}},
                 "hands": {"london": ["R1"], "genoa": ["R2"]},
                 "docks": {"london": {"treasure": ["diamond", "diamond", "diamond", "rum"], "crew": ["R2", "R2"]}}})
    state, _ = play(state, "genoa", "trade give gold take R2 R2")
    assert game.outcome(state).winners == (0,)


def test_ruling_50_turn_limit_ranks_by_home_treasure():
    state = new({"to_move": "genoa", "round": 2, "dealer": "london",
                 "ships": {"london": {"at": "A14"}, "genoa": {"at": "G1"}}, "hands": {"london": ["R1"], "genoa": ["R2"]},
                 "docks": {"genoa": {"treasure": ["rum"]}}}, turn_limit=2)
    state, _ = play(state, "genoa", "end")
    result = game.outcome(state)
    assert result.termination == "turn_limit" and result.winners == (1,) and result.ranking == ((1,), (0,))


def test_ruling_51_resignation_returns_components_and_skips_turns():
    state = new({"to_move": "london", "ships": {"london": {"at": "E5", "face": "N", "cargo": ["gold"]}, "genoa": {"at": "G1"},
                                                "cadiz": {"at": "N20"}},
                 "hands": {"london": ["R3"], "genoa": ["R1"], "cadiz": ["B1"]},
                 "held": {"london": ["long-john-silver", "doubloons"]}}, home_ports=("london", "genoa", "cadiz"))
    events = game.resign(state, 0, None)
    from functools import reduce

    state = reduce(game.evolve, events, state)
    assert state.resigned[0] and state.ships[0].at is None and state.hands[0] == ()
    assert state.pirate[-1] == "R3" and state.treasure_island[2] == 6
    assert state.docks[0].cards == (21,) and state.chance_deck[-1] == 23
    assert game.to_move(state) == {1}
    state = reduce(game.evolve, game.resign(state, 1, None), state)
    assert game.outcome(state).winners == (2,) and game.outcome(state).termination == "resigned"


def test_ruling_51_resigning_interceptor_lets_pass():
    state = new({"to_move": "london", "ships": {"london": {"at": "E5", "face": "N"}, "genoa": {"at": "E7", "face": "E"},
                                                "cadiz": {"at": "N20"}},
                 "hands": {"london": ["R3", "R3"], "genoa": ["R1"], "cadiz": ["B1"]}}, home_ports=("london", "genoa", "cadiz"))
    state, _ = play(state, "london", "sail N 4 face W")
    from functools import reduce

    state = reduce(game.evolve, game.resign(state, 1, None), state)
    assert ship(state, "london").at == sq("E9") and game.to_move(state) == {2}
    assert game.timeout_move(state, 2) == "end"
