"""The pages in a real browser: headless Chromium (Debian's `chromium`) driven through Debian's
`chromedriver` by Selenium, against a real `pbem serve` process (architecture section 12).

A game is started on the home page and a move made by clicking the board and confirming it; for every
game, choosing a piece marks exactly the squares its moves end on, a move made by clicks lands in the log
as the legal move it showed, cancelling sends nothing, Enter in an empty field plays nothing, the tab
title says "Your turn" and changes without a reload when the game moves on, the time left counts down in
the viewer's own time zone, and without scripts the page still plays a move through its confirmation
page. Screenshots at phone and desktop size go to $PBEM_SCREENSHOTS (or the test's tmp dir)."""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request

import pytest

from pbem import store
from pbem.play import service
from tests.browser import choose_on_board, click_piece, confirm_pending, hints_on_page, screenshot, visible, wait_for

pytestmark = pytest.mark.slow

GAMES = {"mississippi": (3, {}), "rigadoon": (2, {"first": "seat0"}), "buccaneer": (2, {}),
         "dragon_flagon": (2, {})}


def api(url: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else None,
                                     headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        raise AssertionError(f"{url} {body}: {error.code} {error.read()[:500]!r}") from None


def new_game(server: str, name: str) -> tuple[str, list[str]]:
    seats, options = GAMES[name]
    created = api(server + "/api/games", {"game": name, "players": [{"name": n} for n in ("Ann", "Bob", "Cy")[:seats]],
                                          "options": options})
    return created["id"], [s["token"] for s in created["seats"]]


def log(database, game_id):
    db = store.connect(database)
    try:
        return store.read_events(db, game_id)
    finally:
        db.close()


def until_board_move(server: str, game_id: str, tokens: list[str], rng: random.Random) -> int:
    """Play through the API (setup choices, say) until some seat has a move on the board; returns that seat."""
    for _ in range(60):
        game = api(f"{server}/api/games/{game_id}")
        for seat in game["to_move"]:
            mine = api(f"{server}/api/games/{game_id}", token=tokens[seat])
            if not mine["legal"]:
                continue
            return seat
        raise AssertionError("nobody is to move")
    raise AssertionError("no move on the board came")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_move_made_by_clicking_the_board_and_confirming_lands_in_the_log(server, database, chrome, shots, name):
    driver = chrome()
    game_id, tokens = new_game(server, name)
    rng = random.Random(name)
    played_on_board = False
    for step in range(40):
        seat = until_board_move(server, game_id, tokens, rng)
        driver.get(f"{server}/play/{tokens[seat]}")
        page = hints_on_page(driver)
        on_board = [m for m, h in page["moves"].items() if h["piece"] or h["target"]]
        move = rng.choice(on_board or sorted(page["moves"]))
        hint = page["moves"][move]
        if hint["piece"] and hint["target"]:
            click_piece(driver, hint["piece"])
            wait_for(driver, lambda d: d.find_elements("css selector", ".play-area [data-target]"))
            marked = {el.get_attribute("data-square") for el in driver.find_elements("css selector", ".play-area [data-target]")}
            expected = {h["target"] for h in page["moves"].values() if h["piece"] == hint["piece"] and h["target"]}
            assert marked == expected, "choosing a piece marks exactly the squares its moves end on"
            if step == 0 or not played_on_board:
                screenshot(driver, shots, f"{name}-piece-chosen")
            driver.find_element("tag name", "body").send_keys("\ue00c")  # Escape: nothing chosen any more
            wait_for(driver, lambda d: not d.find_elements("css selector", ".play-area [data-target]"))
        before = len(log(database, game_id))
        choose_on_board(driver, move)
        if not played_on_board and (hint["piece"] or hint["target"]):
            screenshot(driver, shots, f"{name}-move-pending")
        confirm_pending(driver, move)
        events = log(database, game_id)
        assert len(events) > before
        command = next(e.command for e in events[before:] if e.command)
        assert command == {"verb": "move", "seat": seat, "move": move}, "the move played is the one shown"
        played_on_board = played_on_board or bool(hint["piece"] or hint["target"])
        if played_on_board:
            break
    assert played_on_board, f"{name}: no move was made on the board"


def test_a_game_started_on_the_home_page_and_played_by_clicks(server, var_dir, chrome, shots):
    from selenium.webdriver.support.ui import Select

    driver = chrome()
    driver.get(server + "/")
    Select(driver.find_element("id", "game")).select_by_value("mississippi")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        driver.find_element("name", f"name{i}").send_keys(name)
    driver.find_element("xpath", "//button[normalize-space()='Start the game']").click()
    wait_for(driver, lambda d: "has started" in d.find_element("tag name", "h1").text)
    seat_links = [a.get_attribute("href") for a in driver.find_elements("css selector", "a[href*='/play/']")]
    assert len(seat_links) == 3
    driver.get(seat_links[0])
    assert driver.title.startswith("Your turn")
    screenshot(driver, shots, "mississippi-seat")
    choose_on_board(driver, "forward 3")
    pending = visible(driver, "#pending-move")[0].text
    assert "forward 3" in pending and "Costs 3 logs" in pending
    rule = driver.find_element("id", "pending-rule")
    assert rule.is_displayed() and rule.get_attribute("href").endswith("/rules/mississippi#entering")
    confirm_pending(driver, "forward 3")
    assert "Played forward 3" in driver.find_element("css selector", "p.notice").text
    assert not driver.title.startswith("Your turn")


def test_cancelling_sends_nothing_and_enter_in_an_empty_field_plays_nothing(server, database, chrome):
    driver = chrome()
    game_id, tokens = new_game(server, "mississippi")
    driver.get(f"{server}/play/{tokens[0]}")
    before = len(log(database, game_id))
    choose_on_board(driver, "forward 2")
    driver.find_element("id", "cancel-move").click()
    assert not visible(driver, "#pending-move") and "nothing was sent" in driver.find_element("id", "board-status").text
    typed = driver.find_element("id", "typed")
    driver.execute_script("arguments[0].scrollIntoView();", typed)
    typed.send_keys("\ue007")  # Enter, the field empty
    choose_on_board(driver, "forward 1")
    driver.find_element("tag name", "body").send_keys("\ue00c")  # Escape
    assert not visible(driver, "#pending-move")
    typed.send_keys("forward 4\ue007")  # a typed move goes to the same confirmation
    assert wait_for(driver, lambda d: visible(d, "#pending-move"))[0].find_element(
        "css selector", ".pending-notation").text == "forward 4"
    driver.find_element("id", "cancel-move").click()
    assert len(log(database, game_id)) == before, "nothing was played"


def test_the_title_says_your_turn_and_follows_the_game_without_a_reload(server, var_dir, chrome):
    driver = chrome()
    game_id, tokens = new_game(server, "mississippi")
    driver.get(f"{server}/play/{tokens[1]}")
    assert not driver.title.startswith("Your turn")
    driver.execute_script("window.__same_page = true;")
    api(f"{server}/api/games/{game_id}/moves", {"move": "forward 1", "seq": 2}, tokens[0])
    wait_for(driver, lambda d: d.title.startswith("Your turn"), 20)
    # the page took up the new position by itself, in place (issue 27: no reload)
    wait_for(driver, lambda d: visible(d, ".turn.yours"), 20)
    assert driver.execute_script("return window.__same_page") is True


def test_time_left_counts_down_in_the_viewers_time_zone(server, var_dir, chrome):
    created = api(server + "/api/games", {"game": "mississippi", "players": [{"name": "Ann"}, {"name": "Bob"}],
                                          "options": {"time_per_move": "2d"}})
    driver = chrome()
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Pacific/Auckland"})
    driver.get(created["seats"][0]["url"])
    countdown = driver.find_element("css selector", ".turn time.countdown")
    assert "1 day 23 hours left" in countdown.text or "2 days left" in countdown.text, countdown.text
    deadline = countdown.get_attribute("datetime")
    local = driver.execute_script(
        "return new Date(arguments[0]).toLocaleString(undefined, {weekday: 'short', day: 'numeric', month: 'short', "
        "hour: '2-digit', minute: '2-digit'});", deadline)
    assert f"(due {local})" in countdown.text


def test_without_javascript_the_seat_page_still_plays_a_move(server, database, chrome, shots):
    from selenium.webdriver.support.ui import Select

    driver = chrome(javascript=False)
    game_id, tokens = new_game(server, "mississippi")
    driver.get(f"{server}/play/{tokens[0]}")
    driver.find_element("xpath", "//summary[starts-with(normalize-space(), 'All ')]").click()
    Select(driver.find_element("css selector", "form.moves select[name=move]")).select_by_visible_text("forward 2")
    driver.find_element("xpath", "//form[@class='moves']//button[normalize-space()='Play…']").click()
    wait_for(driver, lambda d: "Confirm your move" in d.find_element("tag name", "h1").text)
    screenshot(driver, shots, "mississippi-confirm-without-script")
    assert len(log(database, game_id)) == 2
    driver.find_element("css selector", ".confirm-page button.play").click()
    wait_for(driver, lambda d: d.find_elements("css selector", "p.notice"))
    assert "Played forward 2" in driver.find_element("css selector", "p.notice").text
    assert [e.command for e in log(database, game_id) if e.command][-1]["move"] == "forward 2"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_move_controls_are_within_one_screen_of_the_top_on_a_phone(server, var_dir, chrome, name):
    from tests.browser import PHONE, at_size

    driver = chrome()
    game_id, tokens = new_game(server, name)
    seat = until_board_move(server, game_id, tokens, random.Random(1))
    driver.get(f"{server}/play/{tokens[seat]}")

    def first_control_top():
        return driver.execute_script(
            "var all = Array.from(document.querySelectorAll("
            "'.play-area .can-pick, form.moves button[name=move], [data-piece-button]'));"
            "var tops = all.filter(function (el) { var r = el.getBoundingClientRect(); return r.width > 0; })"
            "  .map(function (el) { return el.getBoundingClientRect().top + window.scrollY; });"
            "return tops.length ? Math.min.apply(null, tops) : null;")

    top = at_size(driver, *PHONE, first_control_top)
    assert top is not None and top < PHONE[1], f"{name}: the first move control is {top} px down a {PHONE[1]} px phone"
