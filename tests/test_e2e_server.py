"""End to end through a real `pbem serve` process, as a newcomer would play: start a 3-player
Mississippi game on the home page, play it to the end through the three seat links, step back through
its history, and check `pbem verify` reports the chain and the seed valid."""

import os
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.support import Browser, offered_moves, play_through_the_form, start_from_the_form


@pytest.mark.slow
def test_a_newcomer_plays_a_whole_game_through_the_pages(server, var_dir, database):
    browser = Browser()
    status, home = browser.get(server + "/")
    assert status == 200 and '<option value="mississippi">' in home
    game_id, seat_urls = start_from_the_form(  # on the options page, for a short game
        browser, server, "mississippi", {"name0": "Ann", "name1": "Bob", "name2": "Cy", "opt_max_rounds": "4"})
    assert len(seat_urls) == 3
    game_url = f"{server}/games/{game_id}"

    moves = 0
    while True:
        _, spectator = browser.get(game_url)
        if "The game is over" in spectator:
            break
        mover = browser.get_json(f"{server}/api/games/{game_id}")["to_move"][0]
        _, page = browser.get(seat_urls[mover])
        assert "<strong>Your turn.</strong>" in page
        options = offered_moves(page)
        choice = options[(moves * 7) % len(options)]
        status, after = play_through_the_form(browser, seat_urls[mover], page, choice)
        assert status == 200 and f"Played {choice}" in after, after[:2000]
        moves += 1
        assert moves <= 3 * 4
    assert moves == 12  # four rounds of three seats, then the round cap ends it
    assert "the last round was played" in spectator

    history_url = game_url + "/history"
    _, last = browser.get(history_url)
    total = int(re.search(r"move (\d+) of (\d+)", last).group(2))  # moves as the move list counts them
    page, at, steps = last, None, 0
    while True:  # walk back with "previous move" to the start, a move a step
        assert f"move {total - steps} of {total}" in page, (steps, at)
        previous = re.search(r'href="[^"]*\?at=(\d+)" rel="prev"', page)
        if previous is None:
            break
        at, steps = int(previous.group(1)), steps + 1
        _, page = browser.get(history_url + f"?at={at}")
    assert steps == 12 and at == 2  # twelve moves back: the start, after the creation and the first entry die

    env = {**os.environ, "PBEM_VAR": str(var_dir), "PBEM_DB": database}
    result = subprocess.run([sys.executable, "-m", "pbem.cli", "verify", game_id], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "hash chain valid" in result.stdout and "seed revealed and matches its commitment" in result.stdout
