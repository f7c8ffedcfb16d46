"""A move typed by hand that the rules would refuse is said to be refused, with the rules' reason, before
it is sent: on the seat page with the board client (the pending move says why and cannot be confirmed)
and without scripts (the confirmation page says why, with nothing to confirm), in a real Chromium
against a real `pbem serve`. A typed move the rules take is still offered to confirm."""

from __future__ import annotations

import pytest

from tests.browser import screenshot, visible, wait_for
from tests.test_browser import log, new_game

pytestmark = pytest.mark.slow

ILLEGAL = "rotate +1 forward 2"  # Mississippi's rule 6: a boat may not turn on its first move from the bank


def type_move(driver, move: str) -> None:
    typed = driver.find_element("id", "typed")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", typed)
    typed.clear()
    typed.send_keys(move + "\ue007")  # Enter


def test_the_board_client_says_a_typed_move_is_refused_before_sending(server, database, chrome, shots):
    driver = chrome()
    game_id, tokens = new_game(server, "mississippi")
    driver.get(f"{server}/play/{tokens[0]}")
    before = len(log(database, game_id))
    type_move(driver, ILLEGAL)
    refused = wait_for(driver, lambda d: visible(d, "#pending-refused"))[0]
    assert refused.text.startswith("rule 6: ") and refused.text.endswith("Nothing was sent."), refused.text
    pending = visible(driver, "#pending-move")[0]
    assert "This move would be refused" in pending.text and ILLEGAL in pending.text
    assert not visible(driver, "#confirm-move"), "a refused move cannot be confirmed"
    screenshot(driver, shots, "typed-move-refused")
    driver.find_element("id", "cancel-move").click()
    assert not visible(driver, "#pending-move")

    # a move the rules take, typed otherwise than listed (capitals), is offered to confirm as before
    type_move(driver, "FORWARD 4")
    wait_for(driver, lambda d: visible(d, "#confirm-move") and d.find_element("id", "confirm-move").is_enabled())
    assert not visible(driver, "#pending-refused")
    assert "Your move, not sent yet" in visible(driver, "#pending-move")[0].text
    driver.find_element("id", "cancel-move").click()
    assert len(log(database, game_id)) == before, "nothing was sent"


def test_without_scripts_the_confirmation_page_says_a_typed_move_is_refused(server, database, chrome, shots):
    driver = chrome(javascript=False)
    game_id, tokens = new_game(server, "mississippi")
    driver.get(f"{server}/play/{tokens[0]}")
    before = len(log(database, game_id))
    type_move(driver, ILLEGAL)
    wait_for(driver, lambda d: "Not played" in d.find_element("tag name", "h1").text)
    error = driver.find_element("css selector", ".confirm-page .error").text
    assert ILLEGAL in error and "would be refused" in error and "rule 6" in error, error
    assert not driver.find_elements("css selector", ".confirm-page button.play")
    screenshot(driver, shots, "typed-move-refused-without-script")
    driver.find_element("link text", "Choose again").click()
    wait_for(driver, lambda d: d.find_elements("id", "typed"))
    type_move(driver, "forward 4")
    wait_for(driver, lambda d: "Confirm your move" in d.find_element("tag name", "h1").text)
    assert driver.find_elements("css selector", ".confirm-page button.play")
    assert len(log(database, game_id)) == before, "nothing was sent"
