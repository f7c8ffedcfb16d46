"""The game told in words (pbem/words/__init__.py, issue 13): each append in the game's own words after the
reader's redaction, on the seat page ("Since your last move"), the spectator page ("Lately"), the notices
(everything since the reader's last notice or move, in order) and the record; never an internal
identifier, never another seat's secret."""

import random
import re
from html import unescape

import pytest

from pbem import store
from pbem.notify import outbox
from pbem.play import service
from pbem.words import lines_of, tell
from tests.support import THREE, play_randomly

IDENTIFIER = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
WITH_ADDRESSES = [{"name": n, "email": f"{n.lower()}@example.org"} for n in ("Ann", "Bob", "Cy")]


def entered(db, site, created, moves):
    """Each seat plays its move of `moves` in turn (Mississippi's first round)."""
    for move in moves:
        folded = service.load(db, created.id)
        seat = min(folded.to_move)
        service.submit_move(db, site, created.id, created.tokens[seat], move, folded.seq)


def test_the_seat_page_says_what_the_others_did_since_its_last_move(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    entered(db, site, created, ["forward 1", "forward 2", "forward 3"])
    page = unescape(client.get(f"/play/{created.tokens[0]}").data.decode())
    recent = re.search(r'<ol class="recent">(.*?)</ol>', page, re.S).group(1)
    assert "Since your last move" in page
    assert "Bob entered the river, forward 2" in recent and "Cy entered the river, forward 3" in recent
    assert "Ann entered the river" not in recent
    spectator = unescape(client.get(f"/games/{created.id}").data.decode())
    assert "Lately" in spectator
    assert all(f"{n} entered the river, forward {k}" in spectator for n, k in (("Ann", 1), ("Bob", 2), ("Cy", 3)))


def test_a_three_player_turn_notice_names_every_other_players_move_since_the_readers_last(db, site):
    created = service.create_game(db, site, "mississippi", WITH_ADDRESSES)
    entered(db, site, created, ["forward 1", "forward 2", "forward 3"])  # Ann, Bob, Cy
    turn = [n for n in outbox.for_game(db, created.id) if n["seat"] == 0 and n["kind"] == "your_turn"][-1]
    text = turn["body_text"]
    bob, cy = text.index("Bob entered the river, forward 2"), text.index("Cy entered the river, forward 3")
    assert bob < cy, "in the order they happened"
    assert "Ann entered the river" not in text, "the reader's own move is not news to the reader"
    assert text.index("Cy rolled a") < cy, "the entry die of the others, told plainly, where it happened"


def test_words_carry_no_internal_identifier_on_any_page(client, db, site):
    for name, seats in (("mississippi", 3), ("buccaneer", 2), ("rigadoon", 2), ("dragon_flagon", 2)):
        created = service.create_game(db, site, name, [{"name": f"P{i}"} for i in range(seats)])
        folded = play_randomly(db, site, created, 25, random.Random(name))
        for seat in (None, *range(seats)):
            for line in lines_of(tell(db, folded, seat, 0)):
                assert not IDENTIFIER.search(line), f"{name}: {line!r}"


def test_a_secret_is_told_only_to_the_seats_that_may_know_it(db, site):
    # Buccaneer: the crew cards a seat takes are its own secret; the others are told how many.
    created = service.create_game(db, site, "buccaneer", [{"name": n} for n in ("Ann", "Bob")])
    folded = play_randomly(db, site, created, 60, random.Random(8))
    events = store.read_events(db, created.id)
    for seat in (0, 1):
        mine = "\n".join(lines_of(tell(db, folded, seat, 0)))
        other = 1 - seat
        hand = folded.module.view(folded.state, other).get("hand") or []
        for card in hand:
            label = str(card.get("name") if isinstance(card, dict) else card)
            assert f"{label} " not in mine or label in "\n".join(lines_of(tell(db, folded, None, 0))), \
                "a line names a card of the other seat's hand that a spectator is not told"
    assert events


def test_since_your_last_move_starts_after_the_seats_own_last_append(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    entered(db, site, created, ["forward 1", "forward 2", "forward 3", "forward 1"])  # Ann again
    folded = service.load(db, created.id)
    page = unescape(client.get(f"/play/{created.tokens[1]}").data.decode())  # Bob: Cy's and Ann's since
    recent = re.search(r'<ol class="recent">(.*?)</ol>', page, re.S).group(1)
    items = [unescape(i) for i in re.findall(r"<li>(.*?)</li>", recent)]
    assert items == lines_of(tell(db, folded, 1, folded.last_acted[1]))
    assert any("Cy entered the river, forward 3" in i for i in items) and not any("Bob entered" in i for i in items)


@pytest.mark.parametrize("name,seats", [("mississippi", 3), ("buccaneer", 2)])
def test_the_record_keeps_each_appends_words_beside_its_first_event(client, db, site, name, seats):
    created = service.create_game(db, site, name, [{"name": f"P{i}"} for i in range(seats)])
    folded = play_randomly(db, site, created, 12, random.Random(3))
    record = client.get(f"/games/{created.id}/export.json").json
    told = tell(db, folded, None, 0)
    assert [e["lines"] for e in record["events"] if e["lines"]] == [list(t.read()) for t in told if t.lines]


def test_one_telling_serves_every_seat_only_where_each_reads_the_append_as_a_spectator(db, site):
    """A notice reuses the spectator's words of an append (pbem/words/__init__.py `reads_as_spectator`) only in a
    game that hides nothing, and never for the seat a sealed note belongs to: its author reads the note,
    the others and spectators read that a note was sealed."""
    from pbem.between.talk import seal_note
    from pbem.words import reads_as_spectator

    duo = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]
    created = service.create_game(db, site, "mississippi", duo)
    entered(db, site, created, ["forward 1"])
    head = service.load(db, created.id)
    move = store.read_events_after(db, created.id, head.seq - 1)
    assert all(reads_as_spectator(head, move, seat) for seat in (0, 1))
    seal_note(db, site, created.id, created.tokens[1], "Ann will go back 2")
    head = service.load(db, created.id)
    note = store.read_events_after(db, created.id, head.seq - 1)
    assert [e.type for e in note] == ["note_sealed"]
    assert reads_as_spectator(head, note, 0) and not reads_as_spectator(head, note, 1)
    told = {seat: lines_of(tell(db, head, seat, head.seq - 1)) for seat in (0, 1, None)}
    assert told[0] == told[None] and "Ann will go back 2" in " ".join(told[1])
    assert "Ann will go back 2" not in " ".join(told[0])
    secretive = service.create_game(db, site, "buccaneer", duo)
    head = service.load(db, secretive.id)
    assert not reads_as_spectator(head, store.read_events_after(db, secretive.id, 0), 0)
