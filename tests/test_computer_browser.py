"""Issue 17 in a real browser (headless Chromium) against a real server: a person starts a Mississippi
game on the home page against two computer seats and plays it to its end by clicking the board; every
page issue 17 changed is shown at phone and desktop size (screenshots to $PBEM_SCREENSHOTS), and none
scrolls sideways: the home page and the options page with their "played by" rows, the started page, the
seat page while computers play, the spectator page, the settings page's "hand this seat on", the page
after it, the new holder's seat with the game so far, and a seat the computer plays for after a
timeout."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest

from pbem import store
from pbem.events.computer import playing_for
from pbem.play import clock, service
from pbem.site import Site
from tests.browser import choose_on_board, confirm_pending, hints_on_page, screenshot, wait_for
from tests.test_computer_e2e import serve, stop


@pytest.mark.slow
def test_a_person_plays_mississippi_against_two_computers_by_clicking_the_board(var_dir, database, chrome, shots):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import Select

    base, process = serve(var_dir, database, PBEM_COMPUTER_DELAY="1")
    try:
        driver = chrome()
        driver.get(base + "/")
        Select(driver.find_element("id", "game")).select_by_value("mississippi")
        driver.find_element("name", "name0").send_keys("Ann")
        for row in (1, 2):
            Select(driver.find_element("name", f"kind{row}")).select_by_value("computer")
        screenshot(driver, shots, "computer-home")
        driver.find_element("xpath", "//button[normalize-space()='Start the game']").click()
        wait_for(driver, lambda d: "has started" in d.find_element("tag name", "h1").text)
        screenshot(driver, shots, "computer-started")
        links = [a.get_attribute("href") for a in driver.find_elements("css selector", "a[href*='/play/']")]
        assert len(links) == 1 and driver.page_source.count("the computer plays this seat") == 2
        rng = random.Random(5)
        moves = 0
        while True:
            driver.get(links[0])
            try:
                over = "The game is over" in driver.find_element("css selector", ".turn").text
            except StaleElementReferenceException:  # a computer's move swapped the page in place meanwhile
                continue
            if over:
                break
            if not driver.title.startswith("Your turn"):  # the page follows the game while the computers move
                wait_for(driver, my_turn_or_over, 60)
                continue
            if moves == 1:
                screenshot(driver, shots, "computer-seat")
            assert "Played by the computer: Computer 2, Computer 3" in driver.page_source
            move = rng.choice(sorted(hints_on_page(driver)["moves"]))
            try:
                choose_on_board(driver, move)
            except StaleElementReferenceException:  # the page reloaded itself meanwhile: nothing was sent
                continue
            confirm_pending(driver, move)
            moves += 1
            assert moves < 200
        assert moves >= 5
        game_id = driver.find_element("css selector", "h1 .muted").text.split()[-1]
        driver.get(f"{base}/games/{game_id}")
        screenshot(driver, shots, "computer-spectator")
        assert "(computer)" in driver.page_source
        db = store.connect(database)
        from pbem.play.audit import verify

        assert verify(db, game_id)["ok"]
        driver.get(f"{base}/new/rigadoon")
        screenshot(driver, shots, "computer-new")
    finally:
        stop(process)


@pytest.mark.slow
def test_the_handover_and_timeout_pages_at_phone_and_desktop_size(var_dir, database, chrome, shots):
    db = store.connect(database)
    site = Site(base_url="http://127.0.0.1", secret_key="screenshots-secret-key", var_dir=var_dir)
    past = clock.format_time(datetime.now(timezone.utc) - timedelta(hours=2))
    timed = service.create_game(db, site, "rigadoon", [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob"}],
                                {"time_per_move": "1h", "on_timeout": "bot"}, now=past)
    handed = service.create_game(db, site, "buccaneer", [{"name": "Ann", "email": "ann@example.org"},
                                                         {"name": "Bob", "email": "bob@example.org"}])
    from tests.support import play_randomly

    play_randomly(db, site, handed, 6, random.Random(2))
    base, process = serve(var_dir, database, PBEM_COMPUTER_DELAY="1", PBEM_SECRET_KEY=site.secret_key)
    try:
        driver = chrome()
        driver.get(f"{base}/play/{handed.tokens[1]}/settings")
        screenshot(driver, shots, "handover-settings")
        driver.find_element("id", "holder_name").send_keys("Dora")
        driver.find_element("id", "holder_email").send_keys("dora@example.org")
        driver.find_element("name", "give_away").click()
        driver.find_element("xpath", "//button[normalize-space()='Hand my seat on']").click()
        wait_for(driver, lambda d: "handed on" in d.find_element("tag name", "h1").text)
        screenshot(driver, shots, "handover-done")
        driver.get(f"{base}/play/{site.seat_token(handed.id, 1, 1)}")
        assert "This seat is yours now" in driver.page_source
        screenshot(driver, shots, "handover-new-holder")
        # who moves first in Rigadoon is drawn: whichever seat owed first runs out of time
        wait_for(driver, lambda d: computer_playing_for(db, timed.id), 30)
        late = computer_playing_for(db, timed.id)[0]
        driver.get(f"{base}/play/{timed.tokens[late]}")
        assert "The computer is playing for you" in driver.page_source
        screenshot(driver, shots, "timeout-computer-plays")
        driver.get(f"{base}/play/{timed.tokens[1 - late]}")
        assert "The computer is playing for you" not in driver.page_source
        screenshot(driver, shots, "timeout-other-seat")
    finally:
        stop(process)


def my_turn_or_over(driver) -> bool:
    """The seat page, as it keeps itself up to date (it polls, and reloads when the game moved on)."""
    from selenium.common.exceptions import WebDriverException

    try:
        return driver.title.startswith("Your turn") or "over" in driver.find_element("css selector", ".turn").text
    except WebDriverException:  # reloading just now
        return False


def computer_playing_for(db, game_id) -> list[int]:
    """The seats whose person the computer stands in for now, after a timeout."""
    folded = service.load(db, game_id)
    return [seat for seat in range(folded.seat_count) if playing_for(folded, seat)]
