"""Buccaneer's board in a real browser (headless Chromium against a real `pbem serve`): on every seat page
and the spectator page, early, in the middle and at the end of a game, the smallest text of the board is
at least 10 CSS px at 1366x900 and at least 8 px on a 390x844 phone, and nothing scrolls sideways (the
panel of Docks, ships and hand included). The rules page fits a phone too.

Screenshots of every page at both sizes go to $PBEM_SCREENSHOTS (or the test's tmp dir)."""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request

import pytest

from pbem import store
from pbem.games import buccaneer as game
from pbem.play import service
from tests.browser import DESKTOP, PHONE, at_size, board_text_sizes, screenshot
from tests.playouts.buccaneer import choose

pytestmark = pytest.mark.slow

NAMES = ["Ann", "Bob", "Cy", "Di"]
DESKTOP_SMALLEST, PHONE_SMALLEST = 10, 8

# The middle of a game, as full as a panel gets: ships at sea with cargo, every Docks stocked, Safety Zones,
# value cards, Flat Island, and a fight being settled (London attacked Genoa and won).
MIDDLE = {
    "to_move": "london", "round": 9,
    "ships": {"london": {"at": "F3", "face": "N", "cargo": ["ruby"]}, "cadiz": {"at": "K13", "face": "W"},
              "marseilles": {"at": "T7"}, "genoa": {"at": "F6", "face": "E", "cargo": ["diamond", "pearl"]}},
    "hands": {"london": ["R3", "R3", "R2", "B1"], "cadiz": ["B3", "B3", "R1"], "marseilles": ["R2", "R1"],
              "genoa": ["R2", "B1", "B1", "B1"]},
    "docks": {"amsterdam": {"crew": ["R2", "B1"], "treasure": ["diamond"], "cards": ["doubloons"]},
              "venice": {"crew": ["R3", "B3"], "treasure": ["rum", "gold"], "cards": ["pieces-of-eight"]},
              "london": {"crew": ["B2", "B2"], "treasure": ["ruby", "gold", "pearl"], "cards": ["long-john-silver"]},
              "cadiz": {"treasure": ["pearl", "rum"]}},
    "safety_zones": {"marseilles": ["gold", "gold", "gold"], "london": ["rum", "rum", "rum"]},
    "held": {"cadiz": ["kidds-chart"]},
    "flat_island": {"crew": ["B1", "R1"], "treasure": ["rum"]},
}
# The end: London sails home with a diamond and a ruby, unloads them and has 21 at home.
END = {
    "to_move": "london", "round": 30,
    "ships": {"london": {"at": "B14", "face": "W", "cargo": ["diamond", "ruby"]}, "genoa": {"at": "J8", "face": "S"},
              "cadiz": {"at": "N19", "face": "S", "cargo": ["gold"]}},
    "hands": {"london": ["R1", "B2"], "genoa": [], "cadiz": ["R3", "B3", "B2"]},
    "docks": {"london": {"treasure": ["gold", "gold", "pearl"]}, "genoa": {"crew": ["B1"]}},
    "safety_zones": {"cadiz": ["pearl", "pearl", "pearl"]},
}


def post_json(url: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        raise AssertionError(f"POST {url} {body}: {error.code} {error.read()[:500]!r}") from None


def loaded_game(database, game_id):
    db = store.connect(database)
    try:
        return service.load(db, game_id)
    finally:
        db.close()


def new_game(server, players: int, options: dict) -> tuple[str, list[str]]:
    created = post_json(server + "/api/games", {"game": "buccaneer", "players": [{"name": n} for n in NAMES[:players]],
                                                "options": options})
    return created["id"], [seat["token"] for seat in created["seats"]]


def play(server, database, game_id, tokens, moves):
    for seat, move in moves:
        seq = loaded_game(database, game_id).seq
        post_json(f"{server}/api/games/{game_id}/moves", {"move": move, "seq": seq}, tokens[seat])


def play_purposefully(server, database, game_id, tokens, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        loaded = loaded_game(database, game_id)
        if loaded.finished:
            return
        seat = rng.choice(sorted(loaded.to_move))
        legal = game.legal_moves(loaded.state, seat)
        move = choose(game.view(loaded.state, seat), legal, seat, rng)
        post_json(f"{server}/api/games/{game_id}/moves", {"move": move, "seq": loaded.seq}, tokens[seat])


def early(server, database):
    return new_game(server, 4, {})


def middle_played(server, database):
    game_id, tokens = new_game(server, 3, {"turn_limit": 40})
    play_purposefully(server, database, game_id, tokens, 150, seed=7)
    return game_id, tokens


def middle_fight(server, database):
    game_id, tokens = new_game(server, 4, {"position": MIDDLE, "home_ports": ["london", "cadiz", "marseilles", "genoa"]})
    play(server, database, game_id, tokens, [(0, "sail N 3 attack face E")])
    return game_id, tokens


def end(server, database):
    game_id, tokens = new_game(server, 3, {"position": END, "home_ports": ["london", "genoa", "cadiz"]})
    play(server, database, game_id, tokens, [(0, "sail W 1"), (0, "deposit diamond"), (0, "deposit ruby")])
    assert loaded_game(database, game_id).finished
    return game_id, tokens


def smallest(driver, size) -> tuple[float, str]:
    sizes = at_size(driver, *size, lambda: board_text_sizes(driver))
    assert sizes, "the board has no text"
    return sizes[0]


@pytest.mark.parametrize("scenario", [early, middle_played, middle_fight, end], ids=lambda f: f.__name__)
def test_every_page_of_a_buccaneer_game_is_readable_at_both_sizes(server, database, chrome, shots, scenario):
    game_id, tokens = scenario(server, database)
    driver = chrome()
    pages = [(f"seat{seat}", f"{server}/play/{token}") for seat, token in enumerate(tokens)]
    pages.append(("spectator", f"{server}/games/{game_id}"))
    for name, url in pages:
        driver.get(url)
        desktop, phone = smallest(driver, DESKTOP), smallest(driver, PHONE)
        print(f"{scenario.__name__} {name}: smallest board text {desktop[0]:.1f} px on desktop, {phone[0]:.1f} px on a phone")
        assert desktop[0] >= DESKTOP_SMALLEST, (name, desktop)
        assert phone[0] >= PHONE_SMALLEST, (name, phone)
        # Nothing scrolls sideways at either size and the board fits the window (the helper asserts it).
        screenshot(driver, shots, f"buccaneer-{scenario.__name__}-{name}")


def test_the_rules_page_fits_a_phone(server, chrome, shots):
    driver = chrome()
    driver.get(server + "/rules/buccaneer")
    widths = at_size(driver, *PHONE, lambda: driver.execute_script(
        "return [document.documentElement.scrollWidth, window.innerWidth]"))
    assert widths[0] <= widths[1], widths
    assert driver.find_element("id", "standing-orders").is_displayed()
    at_size(driver, *PHONE, lambda: driver.save_screenshot(str(shots / "buccaneer-rules-phone.png")))
