"""End to end through a real `pbem serve` process, as a newcomer would play: start a 3-player
Mississippi game on the home page, play it to the end through the three seat links, step back through
its history, and check `pbem verify` reports the chain and the seed valid."""

import os
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.support import Browser, csrf, offered_moves, seen_seq, start_from_the_form


@pytest.mark.slow
def test_a_newcomer_plays_a_whole_game_through_the_pages(server, var_dir):
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
        mover = int(re.search(r"\(seat (\d)\)", spectator).group(1))
        _, page = browser.get(seat_urls[mover])
        options = offered_moves(page)
        choice = options[(moves * 7) % len(options)]
        status, after = browser.post(seat_urls[mover], {"csrf": csrf(page), "seq": seen_seq(page), "move": choice})
        assert status == 200 and f"Played {choice}" in after, after[:2000]
        moves += 1
        assert moves <= 3 * 4
    assert moves == 12  # four rounds of three seats, then the round cap ends it
    assert "round_cap" in spectator

    history_url = game_url + "/history"
    _, last = browser.get(history_url)
    total = int(re.search(r"after event (\d+) of (\d+)", last).group(2))
    at = total
    while True:  # walk back with "previous" to the first event
        _, page = browser.get(history_url + f"?at={at}")
        assert f"after event {at} of {total}" in page
        previous = re.search(r'href="[^"]*\?at=(\d+)" rel="prev"', page)
        if previous is None:
            break
        at = int(previous.group(1))
    assert at == 1

    env = {**os.environ, "PBEM_VAR": str(var_dir), "PBEM_DB": str(var_dir / "pbem.sqlite")}
    result = subprocess.run([sys.executable, "-m", "pbem.cli", "verify", game_id], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "hash chain valid" in result.stdout and "seed revealed and matches its commitment" in result.stdout
