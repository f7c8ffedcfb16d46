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

from tests.browser import DESKTOP, PHONE, hints_on_page, settle, visible, wait_for
from tests.test_browser import GAMES, api, new_game, until_board_move

pytestmark = [pytest.mark.slow, pytest.mark.sqlite_only("what a page shows does not depend on the engine")]


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


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_other_seat_sees_a_move_within_two_seconds_without_a_reload_keeping_its_draft(server, chrome, name):
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
