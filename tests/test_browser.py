"""The pages in a real browser: headless Chromium (Debian's `chromium`) driven through Debian's
`chromedriver` by Selenium, against a real `pbem serve` process. A game is started on the home page
and a move played by clicking; on a Rigadoon seat page, choosing a ship highlights exactly the squares
`reachable()` lists, and a sail is played through the page; with scripts off the page still plays.

Screenshots of each seat page, phone-sized and desktop-sized, go to $PBEM_SCREENSHOTS (or the test's
tmp dir). Without Chromium or its driver these tests fail, saying which Debian package to install."""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from pbem import service, store
from pbem.games.rigadoon import reachable

from tests.browser import DESKTOP, PHONE, screenshot, settle  # noqa: F401

pytestmark = pytest.mark.slow


def post_json(url: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        raise AssertionError(f"POST {url} {body}: {error.code} {error.read()[:500]!r}") from None


def notice(driver) -> str:
    return " ".join(p.text for p in driver.find_elements("css selector", "p.notice"))


def select_options(driver) -> list[tuple[str, bool]]:
    """The move list's options: (text, shown), read from the DOM so hidden ones are included."""
    return [(o.get_attribute("textContent"), not o.get_property("hidden"))
            for o in driver.find_elements("css selector", "form.moves select[name=move] option")]


def click_and_wait(driver, element) -> None:
    """Click something that loads a new page, and wait until the new page is there."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    old = driver.find_element("tag name", "html")

    def old_page_gone(_):
        try:
            old.is_enabled()
        except WebDriverException:  # stale; chromedriver sometimes says "does not belong to the document"
            return True
        return False

    element.click()
    WebDriverWait(driver, 30).until(old_page_gone)
    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")


def play_from_list(driver, move: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("css selector", "form.moves select[name=move]")).select_by_visible_text(move)
    click_and_wait(driver, driver.find_element("xpath", "//form[@class='moves']//button[normalize-space()='Play']"))


# --- (a) Mississippi: started on the home page, a move by clicking ---------------------------------------


def test_a_mississippi_game_started_on_the_home_page_and_a_move_clicked(server, chrome, shots):
    from selenium.webdriver.support.ui import Select

    driver = chrome()
    driver.get(server + "/")
    Select(driver.find_element("id", "game")).select_by_value("mississippi")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        driver.find_element("name", f"name{i}").send_keys(name)
    click_and_wait(driver, driver.find_element("xpath", "//button[normalize-space()='Start the game']"))
    assert "has started" in driver.find_element("tag name", "h1").text
    seat_links = [a.get_attribute("href") for a in driver.find_elements("css selector", "a[href*='/play/']")]
    assert len(seat_links) == 3

    driver.get(seat_links[0])
    mover = int(re.search(r"\(seat (\d)\)", driver.find_element("css selector", ".play-area ~ p").text).group(1))
    driver.get(seat_links[mover])
    assert "Your move" in driver.page_source
    assert not driver.find_elements("css selector", ".board-status")  # no ships: the script adds nothing
    screenshot(driver, shots, "mississippi-seat")
    legal = [text for text, shown in select_options(driver)]
    assert "forward 3" in legal and all(shown for _, shown in select_options(driver))
    before = driver.find_element("css selector", ".board").get_attribute("innerHTML")

    play_from_list(driver, "forward 3")
    assert "Played forward 3" in notice(driver)
    assert "Your move" not in driver.page_source  # the next seat is to move now
    to_move = driver.find_element("css selector", ".play-area ~ p").text
    assert to_move.startswith("To move:") and f"(seat {(mover + 1) % 3})" in to_move
    assert driver.find_element("css selector", ".board").get_attribute("innerHTML") != before


# --- (b) Rigadoon: choosing a ship highlights where it may sail ------------------------------------------


def rigadoon_in_play(server: str) -> tuple[str, list[str]]:
    """A Rigadoon game past its setup (Blue is seat 0 and to move, the opening wind N), made through
    the real server's API; returns its id and the seat tokens."""
    created = post_json(server + "/api/games", {"game": "rigadoon", "players": [{"name": "Ann"}, {"name": "Bob"}],
                                                "options": {"first": "seat0"}})
    game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
    post_json(f"{server}/api/games/{game_id}/moves", {"move": "colour blue", "seq": 1}, tokens[0])
    post_json(f"{server}/api/games/{game_id}/moves", {"move": "opening N", "seq": 2}, tokens[1])
    return game_id, tokens


def state_of(var_dir, game_id):
    db = store.connect(str(var_dir / "pbem.sqlite"))
    try:
        loaded = service.load(db, game_id)
    finally:
        db.close()
    return loaded


def highlighted(driver) -> dict:
    out = {"orange": [], "yellow": []}
    for el in driver.find_elements("css selector", ".board svg .pick-reach"):
        out[el.get_attribute("data-reach")].append(el.get_attribute("data-square"))
    return {colour: sorted(squares) for colour, squares in out.items()}


def test_choosing_a_rigadoon_ship_highlights_exactly_its_reach_and_a_sail_is_played(server, var_dir, chrome, shots):
    from selenium.webdriver.common.keys import Keys

    game_id, tokens = rigadoon_in_play(server)
    loaded = state_of(var_dir, game_id)
    reach = {ship: reachable(loaded.state, ship) for ship in ("B1", "B2", "B3", "B4", "G1")}
    sailing = [ship for ship in ("B1", "B2", "B3", "B4") if reach[ship]["orange"] or reach[ship]["yellow"]]
    assert len(sailing) >= 2 and not reach["G1"]["orange"] and not reach["G1"]["yellow"]
    first, second = sorted(sailing, key=lambda s: -len(reach[s]["yellow"]))[:2]
    legal = loaded.module.legal_moves(loaded.state, 0)

    driver = chrome()
    driver.get(f"{server}/play/{tokens[0]}")
    assert driver.find_element("id", "ship-G1").get_attribute("tabindex") is None  # Green may not sail now
    assert highlighted(driver) == {"orange": [], "yellow": []}
    assert all(shown for _, shown in select_options(driver)) and len(select_options(driver)) == len(legal)

    driver.find_element("id", f"ship-{first}").click()
    assert highlighted(driver) == {"orange": reach[first]["orange"], "yellow": reach[first]["yellow"]}
    assert reach[first]["orange"]
    shown = [text for text, visible in select_options(driver) if visible]
    assert shown == [m for m in legal if first in m.split()] and "wind" not in shown
    assert driver.find_element("id", f"ship-{first}").get_attribute("aria-pressed") == "true"
    assert first in driver.find_element("css selector", ".board-status").text
    screenshot(driver, shots, "rigadoon-seat-chosen")

    driver.find_element("id", f"ship-{second}").click()  # another ship replaces the choice
    assert highlighted(driver) == {"orange": reach[second]["orange"], "yellow": reach[second]["yellow"]}
    driver.find_element("id", f"ship-{second}").click()  # the same ship again clears it
    assert highlighted(driver) == {"orange": [], "yellow": []}
    assert all(visible for _, visible in select_options(driver))

    ship = driver.find_element("id", f"ship-{first}")  # by keyboard: Enter chooses, Escape clears
    assert ship.get_attribute("tabindex") == "0"
    ship.send_keys(Keys.ENTER)
    assert highlighted(driver)["orange"] == reach[first]["orange"]
    ship.send_keys(Keys.ESCAPE)
    assert highlighted(driver) == {"orange": [], "yellow": []}

    ship.click()
    target = reach[first]["orange"][-1]
    move = reach[first]["moves"][target][0]
    play_from_list(driver, move)
    assert f"Played {move}" in notice(driver), driver.find_element("tag name", "body").text[:1500]
    assert driver.find_element("id", f"ship-{first}").get_attribute("data-square") == target
    assert state_of(var_dir, game_id).state.ship(first).square == loaded.state.board.parse(target)
    screenshot(driver, shots, "rigadoon-seat-after")


def test_with_few_moves_as_buttons_choosing_a_ship_marks_its_buttons(server, var_dir, chrome):
    position = {"wind": "N", "chests": [], "ships": {"B1": ["A9", 1], "B2": None, "B3": None, "B4": None,
                                                    "G1": ["F1", 3], "G2": None, "G3": None, "G4": None}}
    created = post_json(server + "/api/games", {"game": "rigadoon", "players": [{"name": "Ann"}, {"name": "Bob"}],
                                                "options": {"position": position}})
    token = created["seats"][0]["token"]
    loaded = state_of(var_dir, created["id"])
    legal = loaded.module.legal_moves(loaded.state, 0)
    assert "wind" in legal and len(legal) <= 12  # few enough to be offered one button each

    driver = chrome()
    driver.get(f"{server}/play/{token}")
    driver.find_element("id", "sq-A9").click()  # B1's square: its one mast leaves the middle empty
    marked = {b.text: b.get_attribute("class") for b in driver.find_elements("css selector", "form.moves button[name=move]")}
    assert sorted(marked) == sorted(legal)
    assert sorted(m for m, cls in marked.items() if cls == "pick-move") == [m for m in legal if "B1" in m.split()]
    assert sorted(m for m, cls in marked.items() if cls == "pick-other") == [m for m in legal if "B1" not in m.split()]
    assert highlighted(driver) == {"orange": reachable(loaded.state, "B1")["orange"], "yellow": []}
    click_and_wait(driver, driver.find_element("css selector", "form.moves button[value='sail B1 E 2']"))
    assert "Played sail B1 E 2" in notice(driver)
    assert driver.find_element("id", "ship-B1").get_attribute("data-square") == "C9"


# --- (c) without scripts the page still plays ---------------------------------------------------------------


def test_without_javascript_the_seat_page_still_plays_a_move(server, var_dir, chrome, shots):
    game_id, tokens = rigadoon_in_play(server)
    loaded = state_of(var_dir, game_id)
    move = next(m for m in loaded.module.legal_moves(loaded.state, 0) if m.startswith("sail B2 "))

    driver = chrome(javascript=False)
    driver.get(f"{server}/play/{tokens[0]}")
    assert "<script>" in driver.page_source
    ship = driver.find_element("id", "ship-B2")
    assert ship.get_attribute("tabindex") is None and not driver.find_elements("css selector", ".board-status")
    ship.click()  # nothing happens without scripts
    assert not driver.find_elements("css selector", ".pick-reach")
    play_from_list(driver, move)
    assert f"Played {move}" in notice(driver)
    assert state_of(var_dir, game_id).seq == loaded.seq + 1
