"""A live table (issue 27 items 4 to 6), in real Chromium sessions against a real `pbem serve` process: an
open page learns of another's move within 2 seconds without a reload, keeping what its player is writing;
an action posted from the page keeps the board where it was; the tab title and the banner name who moves;
a finished game leads with its result. The stream itself (`/games/<id>/events/stream`) is read here too,
as a browser's EventSource would."""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.request

import pytest

from tests.browser import DESKTOP, PHONE, hints_on_page, screenshot, settle, visible, wait_for
from tests.test_browser import GAMES, api, new_game, until_board_move

pytestmark = [pytest.mark.slow]
# the pages' behaviour does not depend on the engine; the stream's reads of the head do, and run on both
PAGES_ONLY = pytest.mark.sqlite_only("what a page shows does not depend on the engine")


def play_through_api(server, game_id, tokens, seat) -> str:
    """The seat plays its first legal move through the API; returns it."""
    mine = api(f"{server}/api/games/{game_id}", token=tokens[seat])
    move = mine["legal"][0]
    api(f"{server}/api/games/{game_id}/moves", {"move": move, "seq": mine["seq"]}, token=tokens[seat])
    return move


def page_seq(driver) -> int:
    return hints_on_page(driver)["seq"]


def mark_page(driver) -> None:
    """A mark that a reload would wipe out: the page must still hold it after it was brought up to date."""
    driver.execute_script("window.__notReloaded = performance.timeOrigin;")


def not_reloaded(driver) -> bool:
    return driver.execute_script("return window.__notReloaded === performance.timeOrigin;")


def test_the_stream_sends_the_head_at_once_and_again_when_it_moves(server):
    game_id, tokens = new_game(server, "rigadoon")
    lines, opened = [], threading.Event()

    def read():
        with urllib.request.urlopen(f"{server}/games/{game_id}/events/stream", timeout=30) as answer:
            assert answer.headers["Content-Type"].startswith("text/event-stream")
            opened.set()
            for line in answer:
                lines.append(line.decode())
                if sum(1 for one in lines if one.startswith("data:")) == 2:
                    return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert opened.wait(30)
    seat = until_board_move(server, game_id, tokens, random.Random(1))
    play_through_api(server, game_id, tokens, seat)
    reader.join(15)
    heads = [json.loads(line[len("data:"):]) for line in lines if line.startswith("data:")]
    head = api(f"{server}/api/games/{game_id}/head")
    assert len(heads) == 2 and heads[1] == head and heads[0]["seq"] == head["seq"] - 1
    assert "event: head\n" in lines


def test_a_stream_of_a_game_that_does_not_exist_is_404(server):
    with pytest.raises(urllib.error.HTTPError) as raised:
        urllib.request.urlopen(f"{server}/games/nosuchgame/events/stream", timeout=10)
    assert raised.value.code == 404


def open_stream(server: str, game_id: str):
    """A stream opened as a browser would, on a raw connection; returns the socket and its answer's status."""
    import socket

    host, port = server.rsplit("/", 1)[1].split(":")
    connection = socket.create_connection((host, int(port)), timeout=30)
    connection.sendall(f"GET /games/{game_id}/events/stream HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    return connection, connection.recv(64).decode(errors="replace").split("\r\n")[0]


@PAGES_ONLY
def test_a_worker_holds_a_bounded_number_of_streams_and_gets_threads_back_from_closed_ones(server):
    from pbem.web.live import STREAMS_AT_MOST

    game_id, _ = new_game(server, "rigadoon")
    held = [open_stream(server, game_id) for _ in range(STREAMS_AT_MOST)]
    assert all(" 200 " in status for _, status in held)
    extra, status = open_stream(server, game_id)
    assert " 503 " in status, status
    extra.close()
    # the server still answers everything else while its streams are all taken
    assert urllib.request.urlopen(f"{server}/games/{game_id}", timeout=10).status == 200
    for connection, _ in held:
        connection.close()
    deadline = time.monotonic() + 30  # a closed stream is found at its next write, within seconds
    while True:
        again, status = open_stream(server, game_id)
        again.close()
        if " 200 " in status or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert " 200 " in status, "streams whose browsers went away still hold their threads"


@PAGES_ONLY
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_other_seat_sees_a_move_within_two_seconds_without_a_reload_keeping_its_draft(server, chrome, shots, name):
    game_id, tokens = new_game(server, name)
    seat = until_board_move(server, game_id, tokens, random.Random(name))
    other = next(s for s in range(len(tokens)) if s != seat)
    watcher = chrome()
    watcher.set_window_size(*DESKTOP)
    watcher.get(f"{server}/play/{tokens[other]}")
    spectator = chrome()
    spectator.get(f"{server}/games/{game_id}")
    before = page_seq(watcher)
    draft = watcher.find_element("id", "message-text")
    draft.send_keys("half a thought")
    for driver in (watcher, spectator):
        mark_page(driver)
        wait_for(driver, lambda d: d.execute_script("return window.pbemLive && window.pbemLive.source "
                                                    "&& window.pbemLive.source.readyState === 1"))
    play_through_api(server, game_id, tokens, seat)
    after = api(f"{server}/api/games/{game_id}/head")["seq"]
    assert after > before
    for driver in (watcher, spectator):
        wait_for(driver, lambda d: page_seq(d) == after, seconds=2)
        assert not_reloaded(driver), "the page was reloaded, not brought up to date in place"
    assert watcher.find_element("id", "message-text").get_attribute("value") == "half a thought"
    assert watcher.switch_to.active_element.get_attribute("id") == "message-text"
    screenshot(watcher, shots, f"live-{name}")  # at phone and desktop size


def banner_and_title(driver) -> tuple[str, str]:
    return driver.find_element("css selector", ".turn").text, driver.title


@PAGES_ONLY
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_title_and_the_banner_name_who_moves(server, chrome, name):
    game_id, tokens = new_game(server, name)
    seat = until_board_move(server, game_id, tokens, random.Random(name))
    game = api(f"{server}/api/games/{game_id}")
    names = ["Ann", "Bob", "Cy"][:len(tokens)]
    movers = game["to_move"]
    other = next(s for s in range(len(tokens)) if s not in movers)
    driver = chrome()
    driver.get(f"{server}/play/{tokens[seat]}")
    banner, title = banner_and_title(driver)
    assert title.startswith("Your turn · ") and "Your turn." in banner, (name, title, banner)
    for url in (f"{server}/play/{tokens[other]}", f"{server}/games/{game_id}"):
        driver.get(url)
        banner, title = banner_and_title(driver)
        assert title.startswith(f"{names[movers[0]]}") and "to move · " in title, (name, url, title)
        assert names[movers[0]] in banner and "to move" in banner, (name, url, banner)
        assert "Open to you" not in banner and "Waiting for" not in banner


@PAGES_ONLY
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("name", ["rigadoon", "buccaneer"])
def test_an_action_keeps_the_board_where_it_was(server, chrome, name, size):
    from tests.browser import choose_on_board

    game_id, tokens = new_game(server, name)
    driver = chrome()
    driver.set_window_size(*size)
    for _ in range(30):  # past the setup's buttons, to a move on the board
        seat = until_board_move(server, game_id, tokens, random.Random(name))
        driver.get(f"{server}/play/{tokens[seat]}")
        page = hints_on_page(driver)
        on_board = sorted(m for m, h in page["moves"].items() if h["piece"] and h["target"])
        if on_board:
            break
        play_through_api(server, game_id, tokens, seat)
    settle(driver, size[0])
    move = on_board[0]
    mark_page(driver)
    choose_on_board(driver, move)
    wait_for(driver, lambda d: visible(d, "#pending-move"))
    # the board in the window, a little way down (choosing may have scrolled to the choices)
    driver.execute_script("var b = document.querySelector('.board'); b.scrollIntoView({block: 'start'});"
                          "window.scrollBy(0, -40);")
    before = driver.execute_script("return window.scrollY;")
    board_before = driver.execute_script("return document.querySelector('.board').getBoundingClientRect().top;")
    driver.execute_script("document.getElementById('confirm-move').click();")
    wait_for(driver, lambda d: page_seq(d) > page["seq"], seconds=15)
    assert not_reloaded(driver), "the move reloaded the page"
    after = driver.execute_script("return window.scrollY;")
    board_after = driver.execute_script("return document.querySelector('.board').getBoundingClientRect().top;")
    # What is kept is the board's place in the window: the page above it changes with the move (the
    # notice "Played ...", a shorter banner, fewer buttons), so scrollY moves by as much, never to the top.
    assert abs(board_after - board_before) < 30, (before, after, board_before, board_after)
    assert before < 50 or after > 50, (before, after)
    in_view = "var r = document.querySelector('.board').getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight];"
    top, bottom, height = driver.execute_script(in_view)
    assert bottom > 0 and top < height, ("the board left the window", top, bottom, height, board_before)
    assert move in driver.find_element("css selector", "p.notice").text


@PAGES_ONLY
def test_a_message_is_sent_in_place_and_its_box_is_emptied(server, chrome):
    game_id, tokens = new_game(server, "rigadoon")
    driver = chrome()
    driver.get(f"{server}/play/{tokens[1]}")
    mark_page(driver)
    box = driver.find_element("id", "message-text")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", box)
    box.send_keys("good luck")
    before = driver.execute_script("return window.scrollY;")
    box.find_element("xpath", "./ancestor::form//button[@type='submit']").click()
    wait_for(driver, lambda d: "good luck" in d.find_element("css selector", "ol.messages").text)
    assert not_reloaded(driver)
    assert driver.find_element("id", "message-text").get_attribute("value") == ""
    assert abs(driver.execute_script("return window.scrollY;") - before) < 120


@PAGES_ONLY
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_finished_game_leads_with_its_result_and_no_one_is_to_move(server, chrome, shots, size):
    game_id, tokens = new_game(server, "rigadoon")
    seat = until_board_move(server, game_id, tokens, random.Random(2))
    driver = chrome()
    driver.set_window_size(*size)
    driver.get(f"{server}/games/{game_id}")
    mark_page(driver)
    # Ann offers a draw, Bob agrees: the game ends outside Rigadoon's own rules
    api(f"{server}/api/games/{game_id}/offers", {"kind": "draw"}, token=tokens[0])
    api(f"{server}/api/games/{game_id}/offers/answer", {"accept": True}, token=tokens[1])
    wait_for(driver, lambda d: "Drawn by agreement." in d.find_element("css selector", ".turn").text, seconds=5)
    assert not_reloaded(driver)
    for url in (f"{server}/games/{game_id}", f"{server}/play/{tokens[seat]}"):
        driver.get(url)
        settle(driver, size[0])
        banner = driver.find_element("css selector", ".turn")
        assert banner.text.startswith("The game is over: Drawn by agreement."), banner.text
        assert driver.title.startswith("Drawn by agreement · ")
        board = driver.find_element("css selector", ".board")
        assert banner.location["y"] < board.location["y"], "the result is not above the final position"
        panels = driver.find_element("css selector", ".play-area").text.lower()
        assert "to move" not in panels and "will take the first turn" not in panels
        assert "to move" not in board.get_attribute("innerHTML").lower()
        if size == DESKTOP:  # screenshots at phone and desktop size, once
            screenshot(driver, shots, f"finished-{'seat' if '/play/' in url else 'spectator'}")
