"""The HTML panel beside the board (templates/games/buccaneer.html, panel.py), on real seat and spectator
pages: the seat's own hand, values and standing order in its page only; every port's Docks and Safety
Zone; every ship; the islands; a fight's crews for the two fighters only."""

from __future__ import annotations

import random
import re
from html import unescape

from pbem.play import service
from tests.support import play_randomly

PORTS4 = ["london", "cadiz", "marseilles", "genoa"]
NAMES = ["Ann", "Bob", "Cy", "Di"]
POSITION = {
    "to_move": "london",
    "ships": {"london": {"at": "J5", "face": "N"}, "cadiz": {"at": "N20"}, "marseilles": {"at": "Q9", "face": "W"},
              "genoa": {"at": "G1", "cargo": ["pearl"]}},
    "hands": {"london": ["R1", "R3", "B2"], "cadiz": ["B3", "B3"], "marseilles": ["R2"], "genoa": ["B1", "R2"]},
    "docks": {"amsterdam": {"crew": ["R2", "B1"], "treasure": ["diamond"], "cards": ["doubloons"]},
              "london": {"crew": ["B2"], "treasure": ["ruby", "ruby"], "cards": ["long-john-silver"]}},
    "safety_zones": {"marseilles": ["gold", "gold", "gold"]},
    "held": {"marseilles": ["kidds-chart"]},
    "flat_island": {"crew": ["B1"], "treasure": ["rum"]},
    "standing_orders": {"cadiz": "always attack"},
}


def start(db, site, position=POSITION, ports=PORTS4):
    created = service.create_game(db, site, "buccaneer", [{"name": n} for n in NAMES[:len(ports)]],
                                  {"position": position, "home_ports": ports})
    return created


def panel(page: str) -> str:
    """The panel's HTML, from its first line to the end of its islands (the legend is the same for all)."""
    return page[page.index('<div class="bucc">'):page.index('<details class="legend">')]


def words(html: str) -> str:
    text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()
    return re.sub(r" ([:;,.])", r"\1", text)


def own_hand(page: str) -> list[str] | None:
    found = re.search(r'aria-label="your crew cards">(.*?)</div>', page, re.S)
    return re.findall(r'aria-label="([^"]+)"', found.group(1)) if found else None


def test_the_seats_own_hand_values_and_standing_order_are_in_its_own_page_only(client, db, site):
    created = start(db, site)
    hands = {"london": ["red 1", "red 3", "black 2"], "cadiz": ["black 3", "black 3"], "marseilles": ["red 2"],
             "genoa": ["red 2", "black 1"]}
    for seat, port in enumerate(PORTS4):
        page = panel(client.get(f"/play/{created.tokens[seat]}").data.decode())
        assert own_hand(page) == hands[port]
        text = words(page)
        assert f"Your ship: {port.capitalize()} ({NAMES[seat]})" in text
        assert ("Standing order: always attack" in text) is (port == "cadiz")
        assert page.count('class="you"') == 1
    london = words(panel(client.get(f"/play/{created.tokens[0]}").data.decode()))
    assert "Sailing value 6" in london and "fighting value 2" in london  # |1 + 3 - 2|
    spectator = panel(client.get(f"/games/{created.id}").data.decode())
    assert own_hand(spectator) is None and 'class="you"' not in spectator and "Standing order" not in spectator


def test_every_ship_and_port_is_listed_with_what_everyone_may_see(client, db, site):
    created = start(db, site)
    text = words(panel(client.get(f"/games/{created.id}").data.decode()))
    assert "Round 1: London (Ann)'s turn, before moving." in text
    assert "London (Ann) (red) to move: J5, facing north; 3 crew cards; cargo none" in text
    assert "Genoa (Di) (blue): in Genoa; 2 crew cards; cargo pearl" in text
    assert "Marseilles (Cy) (yellow): Q9, facing west; 1 crew card; cargo none; value cards Kidd's Chart" in text
    assert "London home port of Ann Docks: 2 ruby ruby Long John Silver Safety Zone: empty Home treasure: 10 of 20" in text
    assert "Marseilles home port of Cy Docks: empty Safety Zone: gold bar gold bar gold bar Home treasure: 12 of 20" in text
    assert "Amsterdam trading port Docks: 2 1 diamond Doubloons" in text
    assert "Flat Island: 1 barrel of rum" in text
    assert "Pirate Island: 24 crew cards face down" in text  # 36 less 8 in hands, 3 in Docks, 1 on Flat Island


def test_a_fights_crews_are_shown_to_the_two_fighters_only(client, db, site):
    position = {"to_move": "london", "ships": {"london": {"at": "F3", "face": "N"}, "genoa": {"at": "F6", "face": "E"},
                                               "cadiz": {"at": "N20"}},
                "hands": {"london": ["R3", "R3", "B1"], "genoa": ["R2", "B1", "B1", "B1"], "cadiz": ["B3"]}}
    created = start(db, site, position, ["london", "genoa", "cadiz"])
    loaded = service.load(db, created.id)
    service.submit_move(db, site, created.id, created.tokens[0], "sail N 3 attack face E", loaded.seq)
    for seat, sees in ((0, True), (1, True), (2, False)):
        text = words(panel(client.get(f"/play/{created.tokens[seat]}").data.decode()))
        assert "London (Ann) attacked Genoa (Bob) at F6: London (Ann) won." in text
        assert ("London (Ann): 3 3 1 fighting value 5" in text) is sees
        assert ("Genoa (Bob): 2 1 1 1 fighting value 1" in text) is sees
    spectator = words(panel(client.get(f"/games/{created.id}").data.decode()))
    assert "fighting value 5" not in spectator and "attacked Genoa (Bob)" in spectator


def test_no_page_shows_another_seats_hand_all_over_a_game(client, db, site):
    created = service.create_game(db, site, "buccaneer", [{"name": n} for n in NAMES], {"turn_limit": 20})
    rng = random.Random(11)
    for _ in range(10):
        loaded = service.load(db, created.id)
        state = loaded.state
        for seat in range(4):
            page = client.get(f"/play/{created.tokens[seat]}").data.decode()
            hand = [("red " if c[0] == "R" else "black ") + c[1] for c in state.hands[seat]]
            assert own_hand(page) == hand
            fight = state.fight
            section = re.search(r'aria-label="the fight">(.*?)</section>', page, re.S)
            shown = bool(section) and "fighting value" in section.group(1)
            assert shown is (fight is not None and seat in (fight.attacker, fight.defender))
        assert own_hand(client.get(f"/games/{created.id}").data.decode()) is None
        if loaded.finished:
            break
        play_randomly(db, site, created, 25, rng)


def test_every_page_answers_at_every_step_of_a_game(client, db, site):
    """The panel is drawn from every position the history can show, setup included (ships not yet placed)."""
    from tests.support import every_page_answers

    created = service.create_game(db, site, "buccaneer", [{"name": n} for n in NAMES[:3]], {"turn_limit": 6})
    loaded = play_randomly(db, site, created, 60, random.Random(4))
    assert loaded.seq > 20
    assert every_page_answers(client, created.id, created.tokens) > 100
    first = words(panel(client.get(f"/games/{created.id}/history?at=1").data.decode()))
    assert "not yet placed" in first


def test_a_resigned_seat_is_said_so_and_its_port_trades(client, db, site):
    created = service.create_game(db, site, "buccaneer", [{"name": n} for n in NAMES[:3]])
    service.resign(db, site, created.id, created.tokens[1])
    text = words(panel(client.get(f"/play/{created.tokens[0]}").data.decode()))
    assert "Cadiz (Bob) (green): resigned " in text + " "
    assert "Cadiz home port of Bob, who resigned: now a trading port" in text
