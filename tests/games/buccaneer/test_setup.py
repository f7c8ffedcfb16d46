"""Setup: Rulings 1, 2, 5, 6 and 7 (Laws Rules 1 to 7)."""

from __future__ import annotations

from collections import Counter
from functools import reduce

import pytest

from pbem.games import buccaneer as game
from pbem.games.base import InvalidOptions
from pbem.games.buccaneer.cards import CREW_PACK, TREASURE_VALUE
from pbem.games.buccaneer.ports import stock_treasure
from pbem.play.chance import ScriptedChance, SeededChance

from .helpers import stored


def started(seats, chance=None, **options):
    resolved = game.resolve_options(seats, options)
    state = game.initial_state(seats, resolved)
    events = game.start(state, chance or SeededChance(b"\x01" * 32, 1))
    return reduce(game.evolve, map(stored, events), state), events


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_ruling_1_2_component_totals(seats):
    state, _ = started(seats)
    crew = Counter(state.pirate) + Counter(state.flat.crew)
    for hand in state.hands:
        assert len(hand) == 6
        crew += Counter(hand)
    for docks in state.docks:
        crew += Counter(docks.crew)
    assert crew == Counter(CREW_PACK) and len(CREW_PACK) == 36
    treasure = sum(state.treasure_island) + sum(len(d.treasure) for d in state.docks)
    assert treasure == 30
    assert sorted(state.chance_deck) == list(range(1, 29))
    assert len(state.docks) == 6
    stocked = 2 + 4 - seats
    assert sum(1 for d in state.docks if d.crew) == stocked
    assert len(state.pirate) == 36 - 6 * seats - 2 * stocked


def test_rule_2_corrected_treasure_values():
    assert TREASURE_VALUE == {"diamond": 5, "ruby": 5, "gold": 4, "pearl": 3, "rum": 2}


def test_ruling_5_default_home_ports():
    assert game.resolve_options(2, {})["home_ports"] == ["london", "marseilles"]
    assert game.resolve_options(3, {})["home_ports"] == ["london", "cadiz", "marseilles"]
    assert game.resolve_options(4, {})["home_ports"] == ["london", "cadiz", "marseilles", "genoa"]
    assert game.resolve_options(2, {"home_ports": ["genoa", "cadiz"]})["home_ports"] == ["genoa", "cadiz"]


@pytest.mark.parametrize("ports", [["london", "london"], ["london", "amsterdam"], ["london"], ["paris", "genoa"]])
def test_ruling_5_bad_home_ports_refused(ports):
    with pytest.raises(InvalidOptions):
        game.resolve_options(2, {"home_ports": ports})


@pytest.mark.parametrize("text,ports", [("London, Genoa", ["london", "genoa"]), (" cadiz,marseilles ", ["cadiz", "marseilles"]),
                                        ('["genoa", "london"]', ["genoa", "london"]), ("", ["london", "marseilles"])])
def test_ruling_5_home_ports_as_text(text, ports):
    """The option is text on the new-game form: comma-separated names, any case; a JSON list works too."""
    assert game.resolve_options(2, {"home_ports": text})["home_ports"] == ports


@pytest.mark.parametrize("value,message", [
    ("london;genoa", "must name 2 home ports, one per seat, separated by commas .* not 'london;genoa'"),
    ("london,,genoa", "must name 2 home ports"),
    ("london, paris", "'paris' is not a home port"),
    ("london, venice", "venice is a trading port"),
    ("genoa, Genoa", "each seat needs a different home port"),
    ('["london", ', "not a valid JSON list"),
    (["london", None], "must list port names"),
    (["london, genoa", "cadiz"], "must list port names"),
    ({"london": 1}, "must be text"),
    (7, "must be text"),
])
def test_ruling_5_bad_home_ports_give_a_clear_message(value, message):
    with pytest.raises(InvalidOptions, match=message) as caught:
        game.resolve_options(2, {"home_ports": value})
    assert "home_ports" in str(caught.value)


def test_seat_count_and_hand_size_checked():
    with pytest.raises(InvalidOptions):
        game.resolve_options(5, {})
    with pytest.raises(InvalidOptions):
        game.resolve_options(4, {"hand_size": 9})  # 36 + 4 > 36


def test_ruling_6_highest_cut_deals_and_moves_first_then_left():
    canonical_crew = tuple(sorted(CREW_PACK, key=lambda c: ("R1", "R2", "R3", "B1", "B2", "B3").index(c)))
    chance = ScriptedChance([(20, 5, 9), tuple(range(1, 29)), canonical_crew])
    state, events = started(3, chance)
    assert events[1].type == "dealer_cut" and events[1].data["effects"][0]["dealer"] == 0
    assert game.to_move(state) == {0}
    # Cut 5 9 20 instead: seat 2 deals, and play passes to seat 0 (wrapping round) after it.
    chance = ScriptedChance([(5, 9, 20), tuple(range(1, 29)), canonical_crew])
    state, _ = started(3, chance)
    assert state.dealer == 2 and game.to_move(state) == {2} and state.round == 1
    state = reduce(game.evolve, game.decide(state, 2, "end", None), state)  # stays in its home port
    assert game.to_move(state) == {0} and state.round == 1
    state = reduce(game.evolve, game.decide(state, 0, "end", None), state)
    state = reduce(game.evolve, game.decide(state, 1, "end", None), state)
    assert game.to_move(state) == {2} and state.round == 2  # a round starts with the dealer


@pytest.mark.parametrize("crew_value,expected", [
    (6, ("rum",)), (5, ("pearl",)), (4, ("gold",)), (3, ("diamond",)), (2, ("gold", "rum")),
])
def test_ruling_7_port_stock_makes_eight(crew_value, expected):
    available = {t: 6 for t in TREASURE_VALUE}
    assert stock_treasure(available, 8 - crew_value) == expected


def test_ruling_7_fallback_when_a_type_is_exhausted():
    assert stock_treasure({"diamond": 0, "ruby": 2, "gold": 1, "pearl": 1, "rum": 1}, 5) == ("ruby",)
    # Nothing makes 6 exactly: the largest total below it.
    assert stock_treasure({"diamond": 1, "ruby": 0, "gold": 0, "pearl": 0, "rum": 0}, 6) == ("diamond",)


@pytest.mark.parametrize("seats,stocked", [(2, ["genoa", "cadiz", "amsterdam", "venice"]), (3, ["genoa", "amsterdam", "venice"])])
def test_ruling_7_unheld_home_ports_are_stocked(seats, stocked):
    state, _ = started(seats)
    from pbem.games.buccaneer.board import PORTS
    from pbem.games.buccaneer.cards import crew_value, treasure_value

    for i, port in enumerate(PORTS):
        docks = state.docks[i]
        if port in stocked:
            assert len(docks.crew) == 2
            assert sum(crew_value(c) for c in docks.crew) + treasure_value(docks.treasure) == 8
        else:
            assert docks.crew == () and docks.treasure == ()
