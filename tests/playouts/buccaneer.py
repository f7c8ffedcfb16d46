"""Random playouts of Buccaneer for the conformance suite (spec 21.5), with the conservation invariant
of 3.4 and the ship invariants as `check_state`, and the leak checker of 21.3 as `check_hidden`.

`check_hidden` does not trust `redact`: it walks the unredacted log itself, works out from each effect
which seats may know its hidden parts (section 17.1), and asserts that each seat's redaction and view
stay within that."""

from __future__ import annotations

import json
from collections import Counter

# Positions that random play could hardly reach from a normal start, so that every listed move of the
# rare decisions is tried too: four ships crowding the Treasure Island coast with small crews (turning
# there draws a card), standing orders that answer passing ships, a stacked chance deck (Yellow Fever
# with Docks cards, a crew levy, the blind swap, washed to the nearest ship) over a shuffled rest; and a
# ship at Anchor Bay holding both Kidd's Charts beside a crewless ship in Amsterdam with Long John Silver;
# laden ships in a line, to fight over treasure and crew.
CROWDED_COAST = {
    "to_move": "london", "dealer": "london", "shuffle_unlisted": True,
    "ships": {"london": {"at": "I8", "face": "E", "cargo": ["ruby"]}, "cadiz": {"at": "L8", "face": "W", "cargo": ["pearl", "gold"]},
              "marseilles": {"at": "M10", "face": "S"}, "genoa": {"at": "H11", "face": "N"}},
    "hands": {"london": ["R1", "B1", "R2"], "cadiz": ["R3", "B1"], "marseilles": ["B3", "R1", "R1"],
              "genoa": ["R2", "B2", "R3", "B3", "R1", "B1"]},
    "docks": {"genoa": {"crew": ["R2", "B2", "B3"]}, "amsterdam": {"crew": ["R2", "B1"], "treasure": ["diamond"]},
              "venice": {"crew": ["R3"], "treasure": ["rum", "pearl"]}},
    "flat_island": {"crew": ["B2"], "treasure": ["gold"]},
    "held": {"london": ["kidds-chart"], "genoa": ["long-john-silver"]},
    "chance_deck": [22, 2, 20, 7, 16, 1, 9],
    "standing_orders": {"cadiz": "always attack", "marseilles": "never attack"},
}
ANCHOR_BAY = {
    "to_move": "london", "shuffle_unlisted": True,
    "ships": {"london": {"at": "T1", "face": "N", "cargo": ["rum"]}, "genoa": {"at": "T14"}},
    "hands": {"london": ["R1", "B1", "R2", "B3"], "genoa": []},
    "held": {"london": ["kidds-chart", "kidds-chart"], "genoa": ["long-john-silver", "doubloons"]},
    "docks": {"amsterdam": {"crew": ["R2", "B1", "R3"], "treasure": ["gold", "pearl"], "cards": ["pieces-of-eight"]}},
}
FIGHTS = {  # three ships in a line on column E, laden, with a standing order to attack whoever passes
    "to_move": "london",
    "ships": {"london": {"at": "E5", "face": "N", "cargo": ["rum", "pearl"]},
              "genoa": {"at": "E7", "face": "E", "cargo": ["diamond", "gold"]},
              "cadiz": {"at": "E9", "face": "S", "cargo": ["ruby"]}},
    "hands": {"london": ["R3", "R3", "R3", "B1"], "genoa": ["B1"], "cadiz": ["R1", "B2", "B3"]},
    "standing_orders": {"genoa": "always attack"}, "chance_deck": [7, 16, 12, 17], "shuffle_unlisted": True,
}
SETUPS = [
    (2, {"turn_limit": 12}),
    (3, {"turn_limit": 10, "currency_values": "20x20"}),
    (4, {"turn_limit": 8, "hand_size": 5, "treasure_per_type": 4}),
    (2, {"turn_limit": 10, "home_ports": "genoa,cadiz", "hand_size": 3}),
    (4, {"turn_limit": 6, "home_ports": "london,cadiz,marseilles,genoa", "position": CROWDED_COAST}),
    (2, {"turn_limit": 6, "home_ports": "london,genoa", "position": ANCHOR_BAY}),
    (3, {"turn_limit": 6, "home_ports": "london,genoa,cadiz", "position": FIGHTS}),
]
PLAYOUTS = 2
MAX_STEPS = 1500


def check_state(game, state):
    from pbem.games.buccaneer.board import LAND, PORT_AT
    from pbem.games.buccaneer.cards import CREW_PACK, TREASURES

    crew = Counter(state.pirate) + Counter(state.flat.crew)
    for hand in state.hands:
        crew += Counter(hand)
    for docks in state.docks:
        crew += Counter(docks.crew)
    assert crew == Counter(CREW_PACK), "crew cards are not conserved"

    treasure = Counter({t: n for t, n in zip(TREASURES, state.treasure_island)}) + Counter(state.flat.treasure)
    for ship in state.ships:
        treasure += Counter(ship.cargo)
    for docks in state.docks:
        treasure += Counter(docks.treasure)
    for zone in state.safety:
        treasure += Counter(zone)
    for item in state.pending:
        if item.kind == "keep":
            treasure += Counter(item.items)
    assert treasure == Counter({t: state.treasure_per_type for t in TREASURES}), "treasure is not conserved"

    cards = list(state.chance_deck) + [c for held in state.held for c in held] + [c for d in state.docks for c in d.cards]
    assert sorted(cards) == list(range(1, 29)), "chance cards are not conserved"

    sea = Counter()
    for seat, ship in enumerate(state.ships):
        if state.resigned[seat] or state.phase == "setup":
            continue
        assert len(ship.cargo) <= 2, "a ship carries more than two pieces"
        assert ship.at not in LAND, "a ship is on land"
        if ship.at in PORT_AT:
            assert ship.heading is None, "a ship in port has a heading"
        else:
            assert ship.heading is not None, "a ship at sea has no heading"
            sea[ship.at] += 1
    assert all(n <= 2 for n in sea.values()), "three ships share a square"


_VIEWERS_CHECKED: dict[int, int] = {}


def _hidden_parts_ok(effect: dict, red: dict, viewer) -> None:
    k = effect["k"]
    if k == "crew":
        ends = [effect["from"], effect["to"]]
        public = any(e.startswith(("docks:", "flat")) for e in ends)
        mine = viewer is not None and f"hand:{viewer}" in ends
        if not public and not mine:
            assert "cards" not in red, f"seat {viewer} sees hidden crew cards: {effect}"
    elif k == "deal":
        for seat, hand in enumerate(effect["hands"]):
            if seat != viewer:
                assert json.dumps(red).count('"hand"') <= (1 if viewer is not None else 0)
        assert "hands" not in red, f"seat {viewer} sees the whole deal"
    elif k == "decks":
        assert "pirate" not in red and "chance" not in red, "a deck order is shown"
    elif k == "fight":
        if viewer not in (effect["attacker"], effect["defender"]):
            assert "hands" not in red and "values" not in red, f"seat {viewer} sees a fight it was not in"
    elif k == "swap":
        if viewer not in (effect["a"], effect["b"]):
            assert "a_cards" not in red and "b_cards" not in red, f"seat {viewer} sees a blind swap"
    elif k == "order":
        if viewer != effect["seat"]:
            assert "order" not in red, f"seat {viewer} sees another seat's standing order"


def scrubbed(state, viewer):
    """The state with everything `viewer` may not know replaced: the other hands (same counts), both
    deck orders, the other seats' standing orders, a fight's hands when the viewer did not fight."""
    from dataclasses import replace

    hands = tuple(hand if seat == viewer else tuple("B3" if card != "B3" else "R1" for card in hand)
                  for seat, hand in enumerate(state.hands))
    standing = tuple(order if seat == viewer else ("never attack" if order != "never attack" else "ask")
                     for seat, order in enumerate(state.standing))
    fight = state.fight
    if fight is not None and viewer not in (fight.attacker, fight.defender):
        fight = replace(fight, hands=((), ()), values=(0, 0))
    return replace(state, hands=hands, pirate=tuple(reversed(state.pirate)),
                   chance_deck=tuple(reversed(state.chance_deck)), standing=standing, fight=fight)


def check_words_hide_secrets(game, before, events, viewers):
    """`describe` reads only public facts of `before`: with every secret of it changed, each viewer's
    lines stay the same. No line names another seat's hand."""
    from pbem.games.base import Event

    names = [f"Player {i + 1}" for i in range(before.seats)]
    for viewer in viewers:
        redacted = [Event(e.type, game.redact(e, viewer), e.actor) for e in events]
        lines = game.describe(before, redacted, viewer, names)
        assert lines == game.describe(scrubbed(before, viewer), redacted, viewer, names), \
            f"describe reads a secret of the state for seat {viewer}"
        for seat, name in enumerate(names):
            if seat != viewer:
                assert not any(f"{name}'s hand:" in str(line) for line in lines), f"seat {viewer} is told {name}'s hand"


_WORDS_CHECKED: dict[int, tuple[int, object]] = {}


def check_hidden(game, state, events):
    checked = _WORDS_CHECKED.get(id(events))
    if checked is not None and checked[0] < len(events):
        check_words_hide_secrets(game, checked[1], events[checked[0]:], [None, *range(state.seats)])
    _WORDS_CHECKED[id(events)] = (len(events), state)
    key = id(events)
    start = _VIEWERS_CHECKED.get(key, 0)
    if start > len(events):
        start = 0
    viewers = [None, *range(state.seats)]
    for event in events[max(0, start - 2):]:
        data = dict(event.data)
        for viewer in viewers:
            red = game.redact(event, viewer)
            json.dumps(red)
            if "seen_by" in data and viewer not in data["seen_by"]:
                assert red.get("move") != data.get("move") or data.get("move") == data.get("public_move"), \
                    f"seat {viewer} sees a secret move"
            raw_effects = data.get("effects", [])
            red_effects = red.get("effects", [])
            assert len(raw_effects) == len(red_effects)
            for effect, red_effect in zip(raw_effects, red_effects):
                _hidden_parts_ok(effect, red_effect, viewer)
    _VIEWERS_CHECKED[key] = len(events)
    # The current views: only the seat's own hand, values and standing order; the deck orders never.
    for viewer in viewers:
        view = game.view(state, viewer)
        text = json.dumps(view)
        assert "pirate_island\"" not in text.replace("pirate_island_count", "")
        for port, ship in view["ships"].items():
            assert "hand" not in ship and "sailing_value" not in ship and "fighting_value" not in ship
        if viewer is None:
            assert "you" not in view
        else:
            assert view["you"]["seat"] == viewer
            assert list(view["you"]["hand"]) == list(state.hands[viewer])
        fight = view.get("fight")
        if fight and "hands" in fight:
            assert viewer in (state.fight.attacker, state.fight.defender)
        rendered = game.render_text(state, viewer)
        for other in range(state.seats):
            if other != viewer:
                assert f"Your hand ({state.home_ports[other].capitalize()})" not in rendered


# --- the purposeful player of the page-play tests: the game's own computer player ----------------------


def choose(view: dict, legal: list[str], seat: int, rng) -> str:
    """Pick one of `legal` for `seat` from its own view: pbem.games.buccaneer.bot (the `standard` level)."""
    from pbem.games.buccaneer.bot import choose as standard

    assert view["you"]["seat"] == seat
    return standard(view, legal, rng)


# The computer player against random play (tests/benchmarks/bench_bots.py). Random play never brings 20
# in treasure home, so a game ends only when the computer player wins at home (Rule 19) or at the game's
# own cap: `turn_limit` (Ruling 50), set far beyond the 20 to 35 rounds the player needs, ranks by home
# treasure if the player ever stalls. Every other option is the game's default.
BOT_MATCH = (2, {"turn_limit": 100}, 5000)
