"""The conditional-line planner in a real browser (issue 27 item 7): on a phone (390 px), a two-step line
is played out by clicks on a copy of the board (the other seat's expected move, then this seat's
reply), read in words, and saved; the other seat's move then plays the reply at once. Screenshots at 390
and 1366 px go to $PBEM_SCREENSHOTS (or the tmp dir)."""

from __future__ import annotations

import random
from urllib.parse import quote

import pytest

from pbem import store
from tests.browser import at_size, click_svg, screenshot, visible, wait_for
from tests.support import json_call
from tests.test_between_server import PLAYERS, Game, api

pytestmark = pytest.mark.slow


def hint_of(server, token, seq, steps, move):
    """The board's hint for `move` as the planner is offered it after `steps` (the piece and square to click)."""
    query = "&".join([f"seq={seq}", *(f"step={quote(s)}" for s in steps)])
    answer = json_call(f"{server}/play/{token}/plan.json?{query}")[1]
    return next(m for m in answer["next"]["moves"] if m["move"] == move)


def choose_on_copy(driver, hint):
    """The piece, then the square it goes to, then the label among the moves left there, on the copy."""
    piece = wait_for(driver, lambda d: visible(d, f'#plan-board [data-piece="{hint["piece"]}"].can-pick'))[0]
    click_svg(driver, piece)
    square = wait_for(driver, lambda d: [
        el for el in d.find_elements("css selector", f'#plan-board [data-target][data-square="{hint["target"]}"]')
        if el.get_attribute("data-piece") is None])[0]
    size = square.size
    assert size["width"] >= 24 and size["height"] >= 24, size  # a finger can hit it on the phone (WCAG 2.2)
    click_svg(driver, square)
    choices = [el for el in visible(driver, "#plan-choices [data-choice]")
               if el.get_attribute("data-choice") == hint["move"]]
    if choices:
        choices[0].click()


def test_a_line_planned_by_clicks_on_a_copy_plays_when_their_move_comes(server, database, chrome, shots):
    game = Game(server, database, "mississippi")
    waiter, mover, theirs, replies = game.reply_position(random.Random(11))
    token, seq = game.tokens[waiter], game.head().seq
    mine = replies[0]
    before = store.last_event(game.db, game.id).hash
    driver = chrome()
    driver.get(f"{server}/play/{token}")
    driver.find_element("css selector", "details.conditionals summary").click()
    driver.find_element("link text", "Plan a line on the board").click()
    wait_for(driver, lambda d: visible(d, "#planner #plan-board svg"))
    assert f"What {PLAYERS[mover]['name']} plays there" in driver.find_element("id", "plan-prompt").text

    def plan_on_the_phone():
        choose_on_copy(driver, hint_of(server, token, seq, [], theirs))
        said = f"if {PLAYERS[mover]['name']} plays {theirs}"
        wait_for(driver, lambda d: said in d.find_element("id", "plan-rows").text)
        assert "Your move there" in driver.find_element("id", "plan-prompt").text
        choose_on_copy(driver, hint_of(server, token, seq, [f"t:{theirs}"], mine))
        wait_for(driver, lambda d: f"you play {mine}" in d.find_element("id", "plan-rows").text)
        # the line in words, its moves' effects told, and the save in view beside it
        rows = driver.find_elements("css selector", "#plan-rows li")
        assert len(rows) == 2 and all(row.find_elements("css selector", ".plan-words") for row in rows)
        save = driver.find_element("id", "plan-save-button")
        assert save.is_enabled()
        # after the step, the save is in view, and so is the copy's last row of the board above it
        place = driver.execute_script(
            "var s = arguments[0].getBoundingClientRect(), b = arguments[1].getBoundingClientRect();"
            "return [s.top, s.bottom, b.bottom, window.innerHeight];",
            save, driver.find_element("css selector", "#plan-board svg"))
        assert 0 <= place[0] and place[1] <= place[3] and place[2] > 0, place
        driver.save_screenshot(str(shots / "conditional-planner-two-steps-phone.png"))  # as the player sees it

    at_size(driver, 390, 844, plan_on_the_phone)
    screenshot(driver, shots, "conditional-planner")
    assert store.last_event(game.db, game.id).hash == before  # planning appended nothing
    driver.find_element("id", "plan-save-button").click()
    wait_for(driver, lambda d: "Your conditional line is saved" in d.page_source)
    assert api(server, f"/api/games/{game.id}/conditionals", token=token)[1]["lines"] == [[[theirs], mine]]
    # the other seat plays the move the line expected: the reply is played at once
    game.play(mover, theirs)
    wait_for(driver, lambda d: game.last_command().get("via") == "conditional", 30)
    assert game.last_command() == {"verb": "move", "seat": waiter, "move": mine, "via": "conditional"}
    game.db.close()
