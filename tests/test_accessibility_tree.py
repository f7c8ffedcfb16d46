"""The board as a control and the text mode, through what assistive technology is given (architecture
section 25, issue 29 items 2-4), in a real Chromium against a real `pbem serve` process.

A whole game of each of the four games is played through Chromium's accessibility tree alone: every
action is taken on a node found by its role and accessible name in `Accessibility.getFullAXTree` (the
DevTools protocol), clicked through its DOM node (`DOM.resolveNode` + `this.click()`), never through a
CSS selector or coordinates. Each seat plays on its own text mode page (`/play/<token>/text`): the move
is chosen by its button's name (which starts with the move's notation), then confirmed by the button
"Play <move>" on the confirmation page. Which move to play is chosen by the game's purposeful player
(tests/playouts/<game>.py) from what the seat is shown, read from the API (reading only: it decides,
the page acts). A game not over after BOUND moves is ended by its players resigning, again through the
tree (the box "I want to resign", then "Resign").

And a turn of each game is played on the normal seat page by key presses alone (Tab to the board, Enter
to choose the piece, Enter on the place it goes, Enter on the confirmation, which has the focus), after
checking that the board's choosable pieces are buttons named in words in the tree."""

from __future__ import annotations

import importlib
import json
import random

import pytest

from tests.browser import DESKTOP, PHONE, settle, wait_for
from tests.test_browser import api

pytestmark = [pytest.mark.slow,
              pytest.mark.sqlite_only("the pages and their markup do not depend on the database engine")]

SEATS = {"mississippi": (2, {}), "rigadoon": (2, {"first": "seat0"}), "buccaneer": (2, {}), "dragon_flagon": (2, {})}
BOUND = 300  # moves played through the tree before the game is ended by resignations


# --- the accessibility tree ---------------------------------------------------------------------------


def tree(driver) -> list[dict]:
    """The page's accessibility tree as Chromium gives it to assistive technology: [{role, name, node}]."""
    nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    return [{"role": n.get("role", {}).get("value"), "name": (n.get("name") or {}).get("value") or "",
             "node": n.get("backendDOMNodeId")} for n in nodes if not n.get("ignored")]


def find(driver, role: str, name=None, starts=None) -> list[dict]:
    """The tree's nodes of this role whose name is `name`, or starts with `starts` (then a separator)."""
    found = []
    for n in tree(driver):
        if n["role"] != role:
            continue
        if name is not None and n["name"] != name:
            continue
        if starts is not None and not (n["name"] == starts or n["name"][:len(starts) + 1] in
                                       (starts + ":", starts + ",", starts + ".")):
            continue
        found.append(n)
    return found


def act(driver, node: dict, what: str = "this.click()") -> None:
    """Do `what` to the DOM node behind an accessibility node (found by role and name)."""
    driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})
    target = driver.execute_cdp_cmd("DOM.resolveNode", {"backendNodeId": node["node"]})["object"]
    driver.execute_cdp_cmd("Runtime.callFunctionOn", {"objectId": target["objectId"],
                                                      "functionDeclaration": f"function () {{ {what}; }}"})


def loaded(driver, name: str) -> None:
    """Wait until the page that a click brought is in, shown by a heading or button named `name`."""
    wait_for(driver, lambda d: any(n["name"].startswith(name) for n in tree(d)
                                   if n["role"] in ("heading", "button")), seconds=30)


# --- a whole game through the tree ----------------------------------------------------------------------


def play_one(driver, server: str, token: str, move: str) -> None:
    """On the seat's text mode page: the move's button, then the confirmation's "Play <move>"."""
    driver.get(f"{server}/play/{token}/text")
    buttons = find(driver, "button", starts=move)
    assert buttons, f"no button named for {move!r} among {[n['name'] for n in find(driver, 'button')][:40]}"
    act(driver, buttons[0])
    loaded(driver, "Play ")
    confirm = find(driver, "button", name=f"Play {move}")
    if confirm:  # the seat asks to confirm (the default)
        act(driver, confirm[0])
        wait_for(driver, lambda d: "/text" in d.current_url and find(d, "heading", name="Whose turn"), seconds=30)


def resign(driver, server: str, token: str) -> None:
    driver.get(f"{server}/play/{token}/text")
    boxes = find(driver, "checkbox", name="I want to resign")
    if not boxes:
        return  # out of the game already
    act(driver, boxes[0])
    act(driver, find(driver, "button", name="Resign")[0])
    wait_for(driver, lambda d: find(d, "heading", name="Whose turn"), seconds=30)


@pytest.mark.parametrize("name", sorted(SEATS))
def test_a_whole_game_is_played_through_the_accessibility_tree(server, chrome, name):
    seats, options = SEATS[name]
    playout = importlib.import_module(f"tests.playouts.{name}")
    created = api(server + "/api/games", {"game": name, "options": options,
                                          "players": [{"name": n} for n in ("Ann", "Bob", "Cy")[:seats]]})
    game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    driver = chrome()
    driver.set_window_size(*DESKTOP)
    rng = random.Random(f"{name}-tree")
    moved = 0
    while moved < BOUND:
        game = api(f"{server}/api/games/{game_id}")
        if game["status"] == "finished":
            break
        for seat in game["to_move"]:
            mine = api(f"{server}/api/games/{game_id}", token=tokens[seat])
            if mine["legal"]:
                break
        else:
            raise AssertionError(f"{name}: nobody to move has a legal move")
        move = playout.choose(mine["view"], mine["legal"], seat, rng)
        play_one(driver, server, tokens[seat], move)
        after = api(f"{server}/api/games/{game_id}", token=tokens[seat])
        assert after["seq"] > mine["seq"], f"{name}: {move!r} was not played through the tree"
        moved += 1
    if api(f"{server}/api/games/{game_id}")["status"] != "finished":
        for token in tokens[1:]:
            if api(f"{server}/api/games/{game_id}")["status"] != "finished":
                resign(driver, server, token)
    assert api(f"{server}/api/games/{game_id}")["status"] == "finished"
    driver.get(f"{server}/play/{tokens[0]}/text")
    assert find(driver, "heading", name="Whose turn")
    assert any(n["name"].startswith("The game is over.") for n in tree(driver) if n["role"] in ("status", "StaticText"))
    ending = api(f"{server}/api/games/{game_id}").get("outcome") or {}
    print(f"{name}: {moved} moves through the tree, ended: {ending.get('termination')}")


# --- one turn by the keyboard alone -------------------------------------------------------------------


def focused(driver) -> dict:
    """What has the focus (its id, whether it is a control of the board or a move's button, its name),
    to check and to stop on."""
    return driver.execute_script(
        "var el = document.activeElement; return {id: el.id,"
        " board: el.matches('.play-area [data-piece][tabindex], .play-area [data-target][tabindex], [data-piece-button]'),"
        " choice: el.matches('#choices button, form.moves button[name=move]'),"
        " label: el.getAttribute('aria-label') || el.textContent.trim()};")


def page_data(driver) -> dict:
    return json.loads(driver.find_element("id", "move-hints").get_attribute("textContent"))


def a_turn_by_keys(driver, name: str) -> bool:
    """Tab to the first control of the board (else to the first move's button), then Enter until the
    confirmation has the focus, and Enter on it. Whether the move was chosen on the board."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    on_board = driver.execute_script("return !!document.querySelector("
                                     "'.play-area .can-pick[tabindex], .play-area [data-target][tabindex], [data-piece-button]')")
    keys = ActionChains(driver)
    for _ in range(400):  # Tab through the page, in its order, to the first control of the board
        keys.send_keys(Keys.TAB).perform()
        now = focused(driver)
        if now["board"] or not on_board and now["choice"]:
            break
    else:
        raise AssertionError(f"{name}: Tab never reached the board")
    assert now["label"], f"{name}: the focused control has no name"
    for _ in range(6):  # Enter on the piece, its place, a choice if any, until the confirmation has focus
        keys.send_keys(Keys.ENTER).perform()
        wait_for(driver, lambda d: focused(d)["id"] == "confirm-move" or focused(d)["board"] or focused(d)["choice"],
                 seconds=10)
        if focused(driver)["id"] == "confirm-move":
            break
    else:
        raise AssertionError(f"{name}: the keyboard never reached the confirmation: {focused(driver)}")
    keys.send_keys(Keys.ENTER).perform()
    return on_board


@pytest.mark.parametrize("name", sorted(SEATS))
def test_a_turn_is_played_by_the_keyboard_alone(server, chrome, name):
    seats, options = SEATS[name]
    created = api(server + "/api/games", {"game": name, "options": options,
                                          "players": [{"name": n} for n in ("Ann", "Bob", "Cy")[:seats]]})
    game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    driver = chrome()
    driver.set_window_size(*DESKTOP)
    for turn in range(4):  # until a move was chosen on the board (Rigadoon first commands a fleet by a button)
        game = api(f"{server}/api/games/{game_id}")
        seat = next(s for s in game["to_move"] if api(f"{server}/api/games/{game_id}", token=tokens[s])["legal"])
        before = api(f"{server}/api/games/{game_id}", token=tokens[seat])["seq"]
        driver.get(f"{server}/play/{tokens[seat]}")
        settle(driver, DESKTOP[0])
        # the pieces that can be chosen are buttons named in words, in the reader's language
        data = page_data(driver)
        named = data["names"]["pieces"]
        buttons = {n["name"] for n in find(driver, "button")}
        for piece in {m["piece"] for m in data["moves"] if m["piece"]}:
            assert named.get(piece), f"{name}: {piece} has no name in words"
            assert named[piece] in buttons or f"Choose {named[piece]}" in buttons, (piece, named[piece], sorted(buttons))
        for square in {m["target"] for m in data["moves"] if m["target"] and not m["piece"]}:
            assert data["names"]["squares"].get(square) in buttons, (square, sorted(buttons))
        board = a_turn_by_keys(driver, name)
        wait_for(driver, lambda d: api(f"{server}/api/games/{game_id}", token=tokens[seat])["seq"] > before, seconds=30)
        # back on the page, the move played is said in the live region
        wait_for(driver, lambda d: "/play/" in d.current_url and d.execute_script(
            "var box = document.getElementById('announce'); return box && box.textContent") != "", seconds=15)
        if board:
            break
    else:
        raise AssertionError(f"{name}: no move was chosen on the board in {turn + 1} turns")


def test_the_text_mode_has_no_board_picture_and_the_seat_page_links_it(server, chrome, shots):
    from tests.browser import screenshot

    created = api(server + "/api/games", {"game": "rigadoon", "options": {"first": "seat0"},
                                          "players": [{"name": "Ann"}, {"name": "Bob"}]})
    token = created["seats"][0]["token"]
    driver = chrome()
    driver.set_window_size(*PHONE)
    driver.get(f"{server}/play/{token}")
    link = find(driver, "link", name="Text mode (for screen readers)")
    assert link
    act(driver, link[0])
    loaded(driver, "Whose turn")
    for heading in ("Whose turn", "Since your last move", "Your moves", "The position", "The pieces on the board",
                    "Commands"):
        assert find(driver, "heading", name=heading), heading
    assert driver.execute_script("return document.querySelectorAll('.board, svg[data-square], [data-square]').length") == 0
    screenshot(driver, shots, "text_mode_rigadoon")


def test_the_text_mode_keeps_hidden_what_the_seat_page_keeps_hidden(server, chrome):
    """Buccaneer's crew cards are dealt face down: each seat's text mode tells its own hand, never the other's."""
    created = api(server + "/api/games", {"game": "buccaneer", "players": [{"name": "Ann"}, {"name": "Bob"}]})
    driver = chrome(javascript=False)
    for seat, (me, other) in enumerate((("Ann", "Bob"), ("Bob", "Ann"))):
        driver.get(f"{server}/play/{created['seats'][seat]['token']}/text")
        page = driver.page_source
        assert f"{me}'s hand:" in page or f"{me}&#39;s hand:" in page
        assert f"{other}'s hand" not in page and f"{other}&#39;s hand" not in page
