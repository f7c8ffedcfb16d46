"""What the drawer of a chance card may see that the others may not (spec 21.2: "the drawer's views after
cards 15, 19 and 20"; section 17.1), and card 22's "no real choice" clause (Ruling 36).

London sails from J5 north onto J8 and draws; Genoa and Cadiz watch (Genoa on L8 for card 20's swap).
"""

from __future__ import annotations

import json

from pbem.games import buccaneer as game
from pbem.games.buccaneer.cards import CREW, CREW_COPIES, FEVER_LIMIT
from pbem.games.buccaneer.chance import split_choices

from .helpers import effects, hand, new, play

PORTS = ("london", "genoa", "cadiz")
CREW_LONDON = ["R3", "R3", "B1", "B2"]


def draw(card, pirate=(), chance=(), genoa_at="G1"):
    genoa = {"at": genoa_at, "face": "E"} if genoa_at != "G1" else {"at": "G1"}
    state = new({"to_move": "london", "ships": {"london": {"at": "J5", "face": "N"}, "genoa": genoa, "cadiz": {"at": "N20"}},
                 "hands": {"london": CREW_LONDON, "genoa": ["R1", "R1", "B1"], "cadiz": ["B3"]},
                 "chance_deck": [card], "pirate_island": list(pirate)}, home_ports=PORTS)
    return play(state, "london", "sail N 3 face W", chance=chance)


def crew_effects(event, viewer):
    return [e for e in game.redact(event, viewer)["effects"] if e["k"] == "crew"]


def assert_hand_private(state, seat_cards: dict[int, list[str]]):
    """Each seat in `seat_cards` sees exactly its hand; no other seat or spectator sees it in a view, a
    text rendering or an SVG (the hands' text would show as 'Your hand (Port): ...')."""
    for viewer in (None, 0, 1, 2):
        view = game.view(state, viewer)
        text = game.render_text(state, viewer)
        svg = game.render_svg(state, viewer)
        for seat, cards in seat_cards.items():
            port = PORTS[seat].capitalize()
            if viewer == seat:
                assert view["you"]["hand"] == cards
                assert f"Your hand ({port}): {' '.join(cards)}" in text
            else:
                assert f"Your hand ({port})" not in text and f"({port}): {' '.join(cards)}" not in text
                assert view.get("you", {}).get("seat") != seat
            assert view["ships"][PORTS[seat]]["hand_count"] == len(cards)
            assert "hand\"" not in json.dumps(view["ships"])
        assert "Your hand" not in svg  # the board picture shows no hand: the seat's own is in the HTML panel


def test_drawer_view_after_card_15_recruits():
    state, events = draw(15, pirate=["B3", "R2"])
    assert hand(state, "london") == ["R2", "R3", "R3", "B1", "B2", "B3"]
    assert_hand_private(state, {0: ["R2", "R3", "R3", "B1", "B2", "B3"]})
    # The event: the drawer sees which two cards came; the others see that two did.
    assert crew_effects(events[0], 0) == [{"k": "crew", "from": "pirate", "to": "hand:0", "cards": ["B3", "R2"]}]
    for viewer in (None, 1, 2):
        assert crew_effects(events[0], viewer) == [{"k": "crew", "from": "pirate", "to": "hand:0", "n": 2}]
        assert {"k": "draw", "seat": 0, "card": 15, "kept": False} in game.redact(events[0], viewer)["effects"]


def test_drawer_view_after_card_19_crew_exchange():
    state, events = draw(19, pirate=["B3", "B3", "B3", "B1"])
    assert hand(state, "london") == ["B1", "B3", "B3", "B3"]
    assert_hand_private(state, {0: ["B1", "B3", "B3", "B3"]})
    out, back = crew_effects(events[0], 0)
    assert out == {"k": "crew", "from": "hand:0", "to": "pirate", "cards": ["R3", "R3", "B1", "B2"]}
    assert back == {"k": "crew", "from": "pirate", "to": "hand:0", "cards": ["B3", "B3", "B3", "B1"]}
    for viewer in (None, 1, 2):
        assert crew_effects(events[0], viewer) == [{"k": "crew", "from": "hand:0", "to": "pirate", "n": 4},
                                                   {"k": "crew", "from": "pirate", "to": "hand:0", "n": 4}]


def test_drawer_and_partner_views_after_card_20_blind_swap():
    # London gives R3 B2 and gets R1 B1 from Genoa, the only other ship on the coast.
    state, events = draw(20, genoa_at="L8", chance=[("R3", "B2"), ("R1", "B1")])
    assert hand(state, "london") == ["R1", "R3", "B1", "B1"] and hand(state, "genoa") == ["R1", "R3", "B2"]
    assert_hand_private(state, {0: ["R1", "R3", "B1", "B1"], 1: ["R1", "R3", "B2"]})
    swap = {"k": "swap", "a": 0, "b": 1, "a_cards": ["R3", "B2"], "b_cards": ["R1", "B1"]}
    for viewer in (0, 1):
        assert swap in game.redact(events[0], viewer)["effects"]
    for viewer in (None, 2):
        red = game.redact(events[0], viewer)
        assert {"k": "swap", "a": 0, "b": 1, "a_n": 2, "b_n": 2} in red["effects"]
        assert "R3" not in json.dumps(red["effects"]) and "B2" not in json.dumps(red["effects"])
    assert effects(events, "swap") == [swap]


def holdings(total: int, kinds: int, cap: int):
    """Every way to put `total` cards into `kinds` (card, place) slots, at most `cap` of a card in all."""
    if kinds == 0:
        if total == 0:
            yield ()
        return
    for in_hand in range(min(cap, total) + 1):
        for in_docks in range(min(cap - in_hand, total - in_hand) + 1):
            for rest in holdings(total - in_hand - in_docks, kinds - 1, cap):
                yield ((in_hand, in_docks),) + rest


def test_ruling_36_no_seat_is_ever_without_a_real_choice():
    """Ruling 36 resolves "a seat with no real choice" by itself. With CREW_COPIES (6) of each card no
    such seat exists: more than 7 cards in hand plus Docks always hold two different (card, place)
    kinds, and returning fewer than all of them can then be done in two ways. Shown for every way to
    hold 8 cards, the smallest surplus (a larger one only adds ways)."""
    total = FEVER_LIMIT + 1
    checked = 0
    for split in holdings(total, len(CREW), CREW_COPIES):
        hand_cards = tuple(c for c, (h, _) in zip(CREW, split) for _ in range(h))
        docks_cards = tuple(c for c, (_, d) in zip(CREW, split) for _ in range(d))
        assert len(split_choices("chance return", hand_cards, docks_cards, total - FEVER_LIMIT)) >= 2
        checked += 1
    assert checked == 75048
