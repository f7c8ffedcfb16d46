"""The history page (issue 13): a move list in words, each entry a link to the board as it stood after
it; first / previous / next / last step from move to move (the creation and its setup draws are one
position, a move and its automatic steps one more); paged, so a long game's page stays small; the raw
events and hashes behind the audit view."""

import random
import re
from html import unescape

from pbem import store
from pbem.play import service
from pbem.words import read, tell
from tests.support import THREE, play_randomly


def steps(page: bytes) -> dict:
    return {rel: int(at) for at, rel in re.findall(rb'\?at=(\d+)" rel="(\w+)"', page) for rel in [rel.decode()]}


def test_the_history_steps_from_move_to_move(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)  # events 1-2: created, Ann's entry die
    service.submit_move(db, site, created.id, created.tokens[0], "forward 3", 2)  # 3-4: the move, Bob's die
    service.submit_move(db, site, created.id, created.tokens[1], "forward 2", 4)  # 5-6: the move, Cy's die
    page = client.get(f"/games/{created.id}/history?at=4")
    assert page.status_code == 200 and b"move 2 of 3" in page.data
    assert steps(page.data) == {"first": 2, "prev": 2, "next": 6, "last": 6}
    start = client.get(f"/games/{created.id}/history?at=2")
    assert steps(start.data) == {"next": 4, "last": 6}
    inside = client.get(f"/games/{created.id}/history?at=3")  # an old link to an event inside an append
    assert steps(inside.data) == {"first": 2, "prev": 2, "next": 4, "last": 6}
    end = client.get(f"/games/{created.id}/history")
    assert b"move 3 of 3" in end.data and steps(end.data) == {"first": 2, "prev": 4}
    text = unescape(page.data.decode())
    assert "Ann entered the river, forward 3" in text and "Bob entered the river, forward 2" in text
    assert re.search(r'<li value="2" class="current" aria-current="step">\s*<a href="[^"]*\?at=4"><strong>Ann',
                     text), "the entry of the position shown is marked, and links to it"
    assert "move_played" not in text and "die_rolled" not in text, "no event types outside the audit view"
    seat = client.get(f"/play/{created.tokens[2]}/history?at=2")
    assert seat.status_code == 200 and b"as Cy saw it" in seat.data


def test_the_audit_view_shows_the_events_and_their_hashes(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    service.submit_move(db, site, created.id, created.tokens[0], "forward 3", 2)
    page = client.get(f"/games/{created.id}/history?at=3&audit=1").data.decode()
    events = store.read_events(db, created.id)
    assert "<code>move_played</code>" in page and all(e.hash[:16] in page for e in events)


def test_a_long_games_history_page_stays_small(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE, {"max_rounds": 1000})
    folded = play_randomly(db, site, created, 300, random.Random(1))
    assert folded.seq > 300
    early = client.get(f"/games/{created.id}/history?at=10").data
    late = client.get(f"/games/{created.id}/history").data
    for page in (early, late):
        assert len(page) < 150_000 and page.count(b"<li value=") <= 61
    numbers = [int(n) for n in re.findall(rb'<li value="(\d+)"', late)]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))) and numbers[-1] == len(
        [e for e in store.read_events(db, created.id) if e.command])
    assert read(tell(db, folded, None, 0)[-1].lines[0]) in unescape(late.decode())
