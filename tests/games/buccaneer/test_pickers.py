"""The item picker's data (pickers.py, issue 27): a trade names only the seat's own hand, cargo and value
cards and the public Docks, never another seat's hand; it is offered only where the seat may trade;
every trade the picker would accept (value for value, at most two treasure pieces aboard) is one the
rules accept, including trades of three items a side, which are not listed; a card return offers exactly
the cards the listed returns use."""

from __future__ import annotations

from itertools import combinations

from pbem.games import buccaneer as game
from pbem.games.base import GameError, Phrase
from pbem.play.chance import ScriptedChance
from tests.games.buccaneer.helpers import new, play, seat

AT_VENICE = {
    "to_move": "london",
    "ships": {"london": {"at": "A7"}, "genoa": {"at": "J7", "face": "N"}},
    "hands": {"london": ["R2", "R2", "B2", "R3"], "genoa": ["B3", "B3"]},
    "held": {"london": ["doubloons"]},
    "docks": {"venice": {"crew": ["B1", "R3"], "treasure": ["pearl", "rum", "diamond"]}},
}


def tokens(part) -> list[str]:
    return [item["token"] for item in part["items"]]


def test_a_trade_names_only_the_seats_own_items_and_the_docks():
    state = new(AT_VENICE)
    (trade,) = game.item_pickers(state, seat(state, "london"))
    give, take = trade["parts"]
    assert tokens(give) == ["R2", "R2", "R3", "B2", "doubloons"]
    assert tokens(take) == ["R3", "B1", "diamond", "pearl", "rum"]
    assert "B3" not in tokens(give) + tokens(take)  # Genoa's hand stays hidden
    assert isinstance(trade["heading"], Phrase) and trade["cargo"] == 0
    assert game.item_pickers(state, seat(state, "genoa")) == []  # not Genoa's turn, nor in port


def test_every_trade_the_picker_accepts_the_rules_accept():
    state = new(AT_VENICE)
    london = seat(state, "london")
    (trade,) = game.item_pickers(state, london)
    give, take = ([(i["token"], i["worth"], i["treasure"]) for i in part["items"]] for part in trade["parts"])
    accepted = 0
    for g in range(1, 4):
        for t in range(1, 4):
            for gave in combinations(give, g):
                for took in combinations(take, t):
                    aboard = trade["cargo"] - sum(x[2] for x in gave) + sum(x[2] for x in took)
                    if sum(x[1] for x in gave) != sum(x[1] for x in took) or aboard > trade["room"]:
                        continue
                    if {x[0] for x in gave} & {x[0] for x in took}:
                        continue  # the same card given and taken: legal, but a test of nothing
                    move = f"trade give {' '.join(x[0] for x in gave)} take {' '.join(x[0] for x in took)}"
                    try:
                        game.decide(state, london, move, ScriptedChance([]))
                    except GameError as error:
                        raise AssertionError(f"{move}: {error}") from None
                    accepted += 1
    assert accepted > 10
    play(state, "london", "trade give R2 R2 B2 take B1 pearl rum")  # three a side, not listed


def test_a_card_return_offers_the_cards_of_the_listed_returns():
    position = {"to_move": "london", "ships": {"london": {"at": "J7", "face": "N"}, "genoa": {"at": "G1"}},
                "hands": {"london": ["R1", "R2", "R3", "B1", "B2", "B3"], "genoa": ["R1"]},
                "docks": {"london": {"crew": ["R1", "B1", "B2", "R3"]}}, "chance_deck": [22]}
    state = new(position)
    sail = next(m for m in game.legal_moves(state, 0) if m.startswith("sail N 1"))
    state, _ = play(state, "london", sail)
    returns = [m for m in game.legal_moves(state, 0) if m.startswith("chance return")]
    assert len(returns) > 40
    (picker,) = game.item_pickers(state, 0)
    hand, docks = picker["parts"]
    assert (hand["key"], docks["key"]) == ("", "docks")
    assert tokens(hand) == ["R1", "R2", "R3", "B1", "B2", "B3"] and tokens(docks) == ["R1", "R3", "B1", "B2"]
