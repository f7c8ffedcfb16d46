"""The between-players panels in a real browser (issue 15): the proposal to answer at the top of the seat
page on a phone, the messages beside the board on a wide screen, the notes and conditional moves; a
message being written is never lost to the page following the game; the conditional moves page and the
history's taken-back marks. Screenshots at 390 and 1366 px go to $PBEM_SCREENSHOTS (or the tmp dir)."""

from __future__ import annotations

import random

import pytest

from pbem import store
from pbem.play import service
from tests.between_support import revealing
from tests.browser import at_size, screenshot, wait_for
from tests.test_between_server import Game, api

pytestmark = pytest.mark.slow


def box(driver, selector):
    return driver.execute_script("var r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                 "return [r.left, r.top, r.right, r.bottom];", selector)


def test_the_panels_at_phone_and_desktop_size(server, database, chrome, shots):
    rng = random.Random(5)
    game = Game(server, database, "mississippi")
    ann, bob = game.tokens
    game.play_randomly(rng, 6)
    api(server, f"/api/games/{game.id}/messages", {"text": "Your steamer is stuck on the sandbank, Bob."}, ann)
    api(server, f"/api/games/{game.id}/messages", {"text": "Not for long.\nWatch the bend."}, bob)
    api(server, f"/api/games/{game.id}/notes", {"text": "Keep two logs for the last stretch."}, ann)
    head = game.head()
    if 0 not in head.to_move:
        game.play(min(head.to_move), service.legal_moves(head, min(head.to_move))[0])
    status, _ = api(server, f"/api/games/{game.id}/offers", {"kind": "draw"}, bob)
    assert status == 202
    driver = chrome()
    driver.get(f"{server}/play/{ann}")
    screenshot(driver, shots, "between-seat")

    def places():
        return {name: box(driver, selector) for name, selector in
                (("proposal", "#proposal"), ("board", ".board-column"), ("messages", "#messages"),
                 ("controls", ".controls"))}

    phone = at_size(driver, 390, 844, places)
    # on a phone the proposal to answer comes first, above the board; the messages after the board
    assert phone["proposal"][1] < phone["board"][1] < phone["messages"][1]
    assert phone["proposal"][1] < 400, phone
    wide = at_size(driver, 1366, 900, places)
    # on a wide screen the messages stand beside the board, in the right-hand column
    assert wide["messages"][0] >= wide["board"][2] and wide["messages"][1] < wide["board"][3], wide
    # a message being written survives the page following the game
    text = driver.find_element("css selector", "#message-text")
    text.send_keys("Half written")
    driver.execute_script("window.__same_page = true;")
    api(server, f"/api/games/{game.id}/messages", {"text": "Meanwhile..."}, bob)
    # ... and the new message is shown in place beside it (issue 27: the page is live, not reloaded)
    wait_for(driver, lambda d: "Meanwhile..." in d.find_element("css selector", "ol.messages").text, 25)
    assert driver.execute_script("return window.__same_page") is True
    assert driver.find_element("css selector", "#message-text").get_attribute("value") == "Half written"
    # the answer on the phone-first panel ends the game
    driver.get(f"{server}/play/{ann}")
    driver.find_element("css selector", "#proposal button.accept").click()
    wait_for(driver, lambda d: "The game is over" in d.page_source)
    assert api(server, f"/api/games/{game.id}")[1]["outcome"]["termination"] == "agreed_draw"
    game.db.close()


def test_the_conditional_moves_page_and_the_takeback_marks(server, database, chrome, shots):
    rng = random.Random(8)
    game = Game(server, database, "mississippi")
    waiter, mover, theirs, replies = game.reply_position(rng)
    token = game.tokens[waiter]
    status, _ = api(server, f"/api/games/{game.id}/conditionals",
                    {"lines": [[[theirs], replies[0]]]}, token, method="PUT")
    assert status == 200
    driver = chrome()
    driver.get(f"{server}/play/{token}/conditionals")
    select = driver.find_element("css selector", "select#add")
    assert theirs in [o.get_attribute("value") for o in select.find_elements("css selector", "option")]
    from selenium.webdriver.support.select import Select

    options = select.find_elements("css selector", "option")
    Select(select).select_by_index(len(options) - 1)  # their last listed move, not the line set above
    driver.find_element("css selector", "form.builder button").click()
    wait_for(driver, lambda d: "Then you play" in d.page_source)
    driver.find_element("css selector", "form.builder button").click()  # and your first listed reply
    wait_for(driver, lambda d: "Save this line" in d.page_source)
    screenshot(driver, shots, "between-conditionals")
    driver.find_element("css selector", ".builder-save button").click()
    wait_for(driver, lambda d: "Your conditional line is saved" in d.page_source)
    lines = api(server, f"/api/games/{game.id}/conditionals", token=token)[1]["lines"]
    assert len(lines) == 2 and lines[0] == [[theirs], replies[0]]
    assert "Conditional moves (2 lines)" in driver.page_source
    screenshot(driver, shots, "between-seat-lines")
    driver.execute_script("document.querySelectorAll('details.notes, details.conditionals, details.agreements')"
                          ".forEach(function (d) { d.open = true; });"
                          "document.querySelector('#notes').scrollIntoView();")
    screenshot(driver, shots, "between-seat-more")
    # a takeback, and the history that keeps it
    for _ in range(50):
        head = game.head()
        seat = min(head.to_move)
        game.play(seat, rng.choice(service.legal_moves(head, seat)))
        after = game.head()
        if not revealing(game.db, game.id, head.seq + 1, after.seq) and seat not in after.to_move:
            break
    status, _ = api(server, f"/api/games/{game.id}/takeback", {"to_seq": head.seq}, game.tokens[seat])
    assert status == 201
    driver.get(f"{server}/games/{game.id}/history?at={head.seq + 1}")
    assert "This position was taken back" in driver.page_source and "(taken back)" in driver.page_source
    screenshot(driver, shots, "between-history")
    assert store.last_event(game.db, game.id).type == "game_rewound"
    game.db.close()
