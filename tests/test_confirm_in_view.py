"""Confirmation where the eye is (issue 27 item 1): however a move is chosen on the seat page (a piece and
a square on the board, a button, the list of every legal move, or typed), the move in words and "Play
this move" are in the window, beside what was just used, at phone and desktop widths, in a real Chromium
against a real `pbem serve` process. Before, a move chosen from the list or typed asked for confirmation
1,759 px above the view on a desktop and 812 px on a phone, and the button seemed to do nothing."""

from __future__ import annotations

import random

import pytest

from tests.browser import DESKTOP, PHONE, choose_on_board, hints_on_page, settle, visible, wait_for
from tests.test_browser import api, new_game, until_board_move

pytestmark = [pytest.mark.slow, pytest.mark.sqlite_only("where a panel shows does not depend on the engine")]


def confirm_in_sight(driver) -> bool:
    """Whether "Play this move" (or, for a refused move, Cancel) and the move in words are wholly in the window."""
    return driver.execute_script("""
        var panel = document.getElementById("pending-move");
        if (!panel || panel.hidden) return false;
        var button = document.getElementById("confirm-move");
        if (button.hidden) button = document.getElementById("cancel-move");
        var inside = function (el) {
            var r = el.getBoundingClientRect();
            return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
        };
        return inside(button) && inside(panel.querySelector(".pending-notation"));
    """)


def open_page(driver, url, size) -> None:
    driver.set_window_size(*size)
    driver.get(url)
    settle(driver, size[0])


def scroll_to_foot(driver) -> None:
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("name", ["buccaneer", "dragon_flagon", "mississippi", "rigadoon"])
def test_a_move_chosen_any_way_is_confirmed_in_sight(server, chrome, name, size):
    driver = chrome()
    game_id, tokens = new_game(server, name)
    seat = until_board_move(server, game_id, tokens, random.Random(name))
    url = f"{server}/play/{tokens[seat]}"
    open_page(driver, url, size)
    moves = hints_on_page(driver)["moves"]
    legal = sorted(moves)
    ways = []

    # from the list of every legal move, which sits below the board and the buttons
    from selenium.webdriver.support.ui import Select
    listing = driver.find_element("id", "move")
    driver.execute_script("arguments[0].closest('details').open = true;", listing)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", listing)
    Select(listing).select_by_visible_text(legal[-1])
    button = listing.find_element("xpath", "./ancestor::form//button[@type='submit']")
    button.click()
    wait_for(driver, lambda d: visible(d, "#pending-move"))
    assert confirm_in_sight(driver), f"{name} at {size[0]} px: a move from the list is confirmed out of sight"
    ways.append("list")

    # typed into the field at the foot of the controls
    open_page(driver, url, size)
    field = driver.find_element("css selector", "input[name=typed]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", field)
    field.send_keys(legal[0] + "\n")
    wait_for(driver, lambda d: visible(d, "#pending-move")
             and d.find_element("id", "confirm-move").is_enabled())
    assert confirm_in_sight(driver), f"{name} at {size[0]} px: a typed move is confirmed out of sight"
    ways.append("typed")

    # on the board, with the page scrolled to its foot first (a tall board, or the controls above it)
    on_board = [m for m, h in moves.items() if h["piece"] and h["target"]]
    if on_board:
        open_page(driver, url, size)
        scroll_to_foot(driver)
        move = on_board[0]
        choose_on_board(driver, move)
        wait_for(driver, lambda d: visible(d, "#pending-move"))
        assert confirm_in_sight(driver), f"{name} at {size[0]} px: a move on the board is confirmed out of sight"
        ways.append("board")

    # with a button of its own (a move off the board)
    open_page(driver, url, size)
    buttons = driver.find_elements("css selector", "form.moves button[name=move]")
    if buttons:
        scroll_to_foot(driver)
        driver.execute_script("arguments[0].scrollIntoView({block: 'end'});", buttons[-1])
        buttons[-1].click()
        wait_for(driver, lambda d: visible(d, "#pending-move"))
        assert confirm_in_sight(driver), f"{name} at {size[0]} px: a move from its button is confirmed out of sight"
        ways.append("button")
    assert {"list", "typed"} <= set(ways) and ("board" in ways or "button" in ways), ways
