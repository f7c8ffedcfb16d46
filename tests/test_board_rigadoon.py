"""Rigadoon's seat pages in a real browser (headless Chromium against a real `pbem serve`): the board's
smallest text, measured as drawn, is at least 10 CSS px at 1366x900 and at least 8 px on a 390x844
phone, and no page scrolls sideways, for every seat and the spectator, early, in the middle (a chain
waiting for a decision) and late in a game (ships in port, a win on offer, then the game over).
Screenshots at both sizes go to $PBEM_SCREENSHOTS (or the test's tmp dir)."""

from __future__ import annotations

import json
import urllib.request

import pytest

from pbem.games import rigadoon as game
from tests.browser import DESKTOP, PHONE, at_size, board_text_sizes, screenshot

pytestmark = pytest.mark.slow

SMALLEST = {DESKTOP: 10, PHONE: 8}

MIDDLE = {"wind": "NE", "to_move": "blue", "seats": {"blue": 0, "green": 1},
          "ships": {"B1": ["F4", 3], "B2": ["I8", 2], "B3": ["C9", 1], "B4": ["G5", 1],
                    "G1": ["H3", 2], "G2": ["K7", 3], "G3": ["G2", 0], "G4": ["B1", 3]},
          "chests": ["G5", "B1", "I2", "E7"]}
LATE = {"wind": "E", "to_move": "green", "seats": {"blue": 0, "green": 1},
        "ships": {"B1": ["K2", 3], "B2": ["E9", 1], "B3": ["H5", 0], "B4": ["A4", 2],
                  "G1": ["C8", 3], "G2": ["J11", 3], "G3": ["F3", 1], "G4": ["I9", 2]},
        "chests": ["K2", "J11", "A10", "H8"]}


def api(server: str, path: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(server + path, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def new_game(server: str, options: dict) -> tuple[str, list[str], int]:
    created = api(server, "/api/games", {"game": "rigadoon", "players": [{"name": "Annabel"}, {"name": "Bartholomew"}],
                                         "options": options})
    return created["id"], [s["token"] for s in created["seats"]], 1


def play(server: str, game_id: str, tokens: list[str], seat: int, move: str) -> None:
    seq = json.loads(urllib.request.urlopen(f"{server}/api/games/{game_id}", timeout=30).read())["seq"]
    api(server, f"/api/games/{game_id}/moves", {"move": move, "seq": seq}, tokens[seat])


def state_from(options: dict):
    return game.initial_state(2, game.resolve_options(2, options))


def first_sail_opening_a_chain(options: dict) -> str:
    """A sail of the position's mover that stops at an attack-order decision (found by the engine)."""
    state = state_from(options)
    for move, hint in sorted(game.move_hints(state, 0).items()):
        if move.startswith("sail") and str(hint.words).endswith("Then you choose which attack comes first."):
            return move
    raise AssertionError("the middle position offers no sail that opens a chain")


def winning_move(options: dict) -> str:
    state = state_from(options)
    return next(move for move, hint in sorted(game.move_hints(state, 1).items()) if str(hint.words).endswith("you win the game!"))


def check_pages(driver, server, game_id, tokens, shots, label):
    """Each seat's page and the spectator's: text sizes at both sizes, nothing sideways, screenshots."""
    measured = {}
    for who, url in (("seat0", f"{server}/play/{tokens[0]}"), ("seat1", f"{server}/play/{tokens[1]}"),
                     ("spectator", f"{server}/games/{game_id}")):
        driver.get(url)
        for size in (DESKTOP, PHONE):
            sizes = at_size(driver, *size, lambda: board_text_sizes(driver))
            assert sizes, f"{label} {who}: no board text measured"
            smallest, text = sizes[0]
            assert smallest >= SMALLEST[size], f"{label} {who} at {size}: {text!r} is {smallest:.1f} px"
            measured[(who, size)] = round(smallest, 1)
            width = at_size(driver, *size, lambda: driver.execute_script(
                "return [document.documentElement.scrollWidth, window.innerWidth]"))
            assert width[0] <= width[1], f"{label} {who} scrolls sideways at {size}: {width}"
        screenshot(driver, shots, f"rigadoon-{label}-{who}")
    print(label, measured)
    return measured


def test_board_text_is_readable_and_nothing_scrolls_sideways_early_middle_and_late(server, chrome, shots):
    driver = chrome()

    game_id, tokens, _ = new_game(server, {"first": "seat0"})
    play(server, game_id, tokens, 0, "colour blue")
    play(server, game_id, tokens, 1, "opening N")
    check_pages(driver, server, game_id, tokens, shots, "early")

    middle = {"position": MIDDLE}
    game_id, tokens, _ = new_game(server, middle)
    play(server, game_id, tokens, 0, first_sail_opening_a_chain(middle))
    measured = check_pages(driver, server, game_id, tokens, shots, "middle")
    driver.get(f"{server}/play/{tokens[0]}")
    assert "Which attack first?" in driver.find_element("css selector", ".rg-decision").text
    assert driver.find_elements("css selector", ".board svg .pending-attack")
    assert measured

    late = {"position": LATE}
    game_id, tokens, _ = new_game(server, late)
    check_pages(driver, server, game_id, tokens, shots, "late")
    play(server, game_id, tokens, 1, winning_move(late))
    check_pages(driver, server, game_id, tokens, shots, "over")
    driver.get(f"{server}/games/{game_id}")
    assert "Bartholomew wins (two ships in port)" in driver.find_element("css selector", ".rg-status").text


def test_the_rules_page_fits_a_phone(server, chrome, shots):
    driver = chrome()
    driver.get(f"{server}/rules/rigadoon")
    for size in (PHONE, DESKTOP):
        width = at_size(driver, *size, lambda: driver.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth]"))
        assert width[0] <= width[1], f"the rules page scrolls sideways at {size}: {width}"
    at_size(driver, *PHONE, lambda: driver.save_screenshot(str(shots / "rigadoon-rules-phone.png")))
    # the examples' boards are drawn at least as large as the seat page's on a phone
    sizes = at_size(driver, *PHONE, lambda: driver.execute_script(
        "return Array.from(document.querySelectorAll('.rules svg')).map(s => s.getBoundingClientRect().width)"))
    assert len(sizes) == 9 and min(sizes) >= 300, sizes
