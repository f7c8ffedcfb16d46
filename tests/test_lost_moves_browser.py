"""The restore drill, in a real Chromium (architecture section 19, issue 25 item 4), as the README's "Backups
and restores" tells the operator to rehearse it: play through a real `pbem serve`, `pbem backup` to a
dated file in a folder of backups, play on while a seat page looks, lose the database (the SQLite file
and its -wal and -shm deleted; the PostgreSQL database dropped and an empty one of the same name made),
`pbem restore` into it, start the server again on the same PBEM_DB, `pbem verify --all`; the seat page
that saw the later moves says in words that the server has lost moves since the player last looked, and
which, until the player notes it; a normal reload says nothing."""

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.browser import screenshot
from tests.conftest import ROOT, free_port
from tests.support import THREE, json_call, start_pbem


def call(method, url, body=None, token=None):
    """The JSON answer of one request to the real server, which must not refuse it."""
    status, answer = json_call(url, body, token, method)
    assert status < 400, (status, answer)
    return answer


def pbem(database, var_dir, *args):
    env = {**os.environ, "PBEM_DB": database, "PBEM_VAR": str(var_dir)}
    done = subprocess.run([sys.executable, "-m", "pbem.cli", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def play(base, game_id, tokens, count, pick=-1):
    """`count` moves, each by the seat whose turn it is (its legal move at `pick`)."""
    for _ in range(count):
        game = call("GET", f"{base}/api/games/{game_id}")
        seat = game["to_move"][0]
        seen = call("GET", f"{base}/api/games/{game_id}", token=tokens[seat])
        call("POST", f"{base}/api/games/{game_id}/moves", {"move": seen["legal"][pick], "seq": seen["seq"]},
             tokens[seat])
    return call("GET", f"{base}/api/games/{game_id}/head")


def stop(process):
    process.terminate()
    process.wait(20)


def lose(database):
    """The disk is lost: nothing is left of the database but an empty one where it was (the README's
    "Restoring": the SQLite file moved away with its -wal and -shm; an empty PostgreSQL database made)."""
    if database.startswith("postgresql://"):
        from tests import postgres

        postgres.cluster().recreate_database(database)
        return
    for suffix in ("", "-wal", "-shm"):
        Path(database + suffix).unlink(missing_ok=True)


def test_the_seat_page_warns_after_the_server_is_restored_to_an_earlier_backup(var_dir, database, chrome, shots,
                                                                                 tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    port = free_port()  # the same address before and after the restore: the browser keeps heads per site
    base = f"http://127.0.0.1:{port}"
    process = start_pbem(var_dir, port, database, PBEM_RATE_LIMITS="off")
    driver = chrome()
    try:
        created = call("POST", f"{base}/api/games", {"game": "mississippi", "players": THREE})
        game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
        seat_page = f"{base}/play/{tokens[0]}"

        def look(expect_seq):
            """Open Ann's seat page; once it has compared the head shown with those kept, its warning."""
            driver.get(seat_page)
            WebDriverWait(driver, 30).until(lambda d: d.execute_script(
                "return document.documentElement.getAttribute('data-heads')"))
            assert driver.execute_script("return JSON.parse(document.getElementById('move-hints').textContent)"
                                         ".head.seq") == expect_seq
            box = driver.find_element(By.ID, "lost-moves")
            return " ".join(box.text.split()) if box.is_displayed() else None

        assert look(call("GET", f"{base}/api/games/{game_id}/head")["seq"]) is None
        backed_up = play(base, game_id, tokens, 1)
        assert look(backed_up["seq"]) is None  # the game went on: a normal reload says nothing
        # the README's hourly backup, to a dated file in a folder of its own
        backup = tmp_path / "backups" / time.strftime("pbem-%Y-%m-%d-%H.sqlite")
        backup.parent.mkdir()
        assert pbem(database, var_dir, "backup", str(backup)).startswith(f"backup {backup}")
        assert backup.stat().st_mode & 0o777 == 0o600
        seen = play(base, game_id, tokens, 2)
        assert look(seen["seq"]) is None

        # The disk is lost: the server stops, its database is gone; the backup is restored into an empty
        # one where it was, which the server serves again at the same address, and every game verifies.
        stop(process)
        lose(database)
        assert "1 of 1 game(s) verified" in pbem(database, var_dir, "restore", str(backup))
        process = start_pbem(var_dir, port, database, PBEM_RATE_LIMITS="off")
        assert "1 of 1 game(s) verified" in pbem(database, var_dir, "verify", "--all")
        assert call("GET", f"{base}/api/games/{game_id}/head") == backed_up

        at, last = backed_up["seq"], seen["seq"]
        lost = (f"Moves {at + 1} to {last} as you saw them are no longer on the server (up to move {at} it is as "
                "you saw it).")
        warning = look(at)
        assert warning is not None, "the page did not say that moves were lost"
        assert warning.startswith("The server has lost moves of this game since you last looked. You saw it at "
                                  f"move {last}; it now stands at move {at}. {lost}"), warning
        assert "pbem verify --against" in warning and "keep that file" in warning
        screenshot(driver, shots, "lost-moves-seat")

        # Other moves take their place, further than the page saw: by the hashes, it still tells.
        played_again = play(base, game_id, tokens, 3, pick=0)
        assert played_again["seq"] > last
        warning = look(played_again["seq"])
        assert warning is not None and f"You saw it at move {last}; it now stands at move {played_again['seq']}. " \
            f"{lost}" in warning, warning

        driver.find_element(By.ID, "lost-moves-seen").click()
        WebDriverWait(driver, 10).until(lambda d: not d.find_element(By.ID, "lost-moves").is_displayed())
        assert look(played_again["seq"]) is None  # noted: the game as the server has it now is what is kept
        assert look(play(base, game_id, tokens, 1)["seq"]) is None
    finally:
        stop(process)


def test_the_status_answers_the_hashes_asked(server):
    created = call("POST", f"{server}/api/games", {"game": "mississippi", "players": THREE})
    head = call("GET", f"{server}/api/games/{created['id']}/head")
    token = created["seats"][0]["token"]
    for url in (f"{server}/play/{token}/status.json", f"{server}/games/{created['id']}/status.json"):
        answer = call("GET", url + "?hashes_at=2,9,x,1")
        assert answer["hashes"]["2"] == head["hash"] and answer["hashes"]["9"] is None
        assert sorted(answer["hashes"]) == ["1", "2", "9"]
        assert "hashes" not in call("GET", url)
    try:
        urllib.request.urlopen(f"{server}/play/{token}x/status.json?hashes_at=1", timeout=30)
        raise AssertionError("a wrong seat link answered")
    except urllib.error.HTTPError as error:
        assert error.code == 404
