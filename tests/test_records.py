"""A game's record (pbem/words/export.py, audit N6 and its smaller findings), through a real `pbem serve`:
record.txt numbers turns only (an offer and its answer are told, not counted) and marks a move taken
back; the record kept per reader is extended as moves come, is the same as one built anew, and never
holds what another seat's would hide; a client holding the record it was given gets 304. And the seat
page's "since your last move" does not repeat the seat's own message to it."""

from __future__ import annotations

import json
import random
import re
import urllib.error
import urllib.request
from html import unescape

from pbem import store
from pbem.between import agreements
from pbem.play import service
from pbem.words import export, tell

DUO = [{"name": "Ann"}, {"name": "Bob"}]
FOUR = [{"name": f"P{i}"} for i in range(4)]


def call(server, method, path, token=None, body=None, headers=None):
    """(status, body bytes, headers) of a request to the real server."""
    request = urllib.request.Request(server + path, method=method, data=json.dumps(body).encode() if body else None,
                                     headers={"Content-Type": "application/json", **(headers or {}),
                                              **({"Authorization": f"Bearer {token}"} if token else {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read(), response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.read(), error.headers


def create(server, name, players):
    status, body, _ = call(server, "POST", "/api/games", body={"game": name, "players": players})
    assert status == 201, body
    created = json.loads(body)
    return created["id"], [s["token"] for s in created["seats"]]


def play(server, db, game_id, tokens, rng, count=1):
    """`count` random legal moves over the API, each by a seat that owes one."""
    for _ in range(count):
        head = service.load(db, game_id)
        seat = rng.choice(sorted(head.to_move))
        move = rng.choice(service.legal_moves(head, seat))
        status, body, _ = call(server, "POST", f"/api/games/{game_id}/moves", tokens[seat], {"move": move, "seq": head.seq})
        assert status == 201, body


def turns_in_the_log(db, game_id) -> int:
    """Turns as a person counts them: a seat's moves in a row (a resignation, a timeout), nothing else."""
    turns, previous = 0, None
    for event in store.read_events(db, game_id):
        command = event.command or {}
        if command.get("verb") in ("move", "resign", "timeout"):
            if command.get("seat") != previous:
                turns, previous = turns + 1, command.get("seat")
    return turns


def test_record_txt_marks_a_move_taken_back_and_does_not_count_an_offer_and_its_decline_as_turns(server, database):
    db = store.connect(database)
    game_id, tokens = create(server, "mississippi", DUO)
    rng = random.Random(5)
    play(server, db, game_id, tokens, rng, 4)
    head = service.load(db, game_id)
    offerer = min(head.to_move)
    assert call(server, "POST", f"/api/games/{game_id}/offers", tokens[offerer], {"kind": "draw"})[0] == 202
    assert call(server, "POST", f"/api/games/{game_id}/offers/answer", tokens[1 - offerer], {"accept": False})[0] == 201
    play(server, db, game_id, tokens, rng, 2)
    head = service.load(db, game_id)
    seat = min(head.to_move)
    choice = agreements.takeback_choices(db, head, seat)[0]  # the latest move still standing
    status, body, _ = call(server, "POST", f"/api/games/{game_id}/takeback", tokens[seat], {"to_seq": choice["to_seq"]})
    if status == 202:  # the others must agree
        assert call(server, "POST", f"/api/games/{game_id}/takeback/answer", tokens[1 - seat], {"accept": True})[0] == 201
    else:
        assert status == 201, body
    play(server, db, game_id, tokens, rng, 2)

    status, text, _ = call(server, "GET", f"/games/{game_id}/record.txt")
    assert status == 200
    lines = text.decode().splitlines()
    numbered = [line for line in lines if re.match(r"\d+\.", line)]
    assert len(numbered) == turns_in_the_log(db, game_id), "\n".join(lines)
    assert [int(line.split(".")[0]) for line in numbered] == list(range(1, len(numbered) + 1))
    offer = next(i for i, line in enumerate(lines) if "proposed a draw" in line)
    assert "declined the proposal" in lines[offer + 1] and not re.match(r"\d+\.", lines[offer + 1])
    # the move taken back: its words are there, marked; the takeback itself is told where it happened
    head = service.load(db, game_id)
    taken = [item for item in tell(db, head, None, 0) if item.first == choice["to_seq"] + 1]
    assert taken and taken[0].verb == "move"
    for line in taken[0].lines:
        assert f"   (taken back) {line}" in lines
    assert sum("(taken back)" in line for line in lines) == len(taken[0].lines)
    assert any("went back to move" in line and "(taken back)" not in line for line in lines)
    db.close()


def fresh(db, game_id, seat):
    """The record as JSON text and as record.txt, built from nothing in this process."""
    loaded = service.load(db, game_id)
    export.forget()
    built = json.dumps(export.game_record(db, loaded, seat), indent=1, sort_keys=True)
    return built, export.text_record(db, loaded, seat, "")


def test_a_readers_record_is_extended_with_each_move_the_same_as_one_built_anew_and_hides_the_others_secrets(
        server, database):
    db = store.connect(database)
    game_id, tokens = create(server, "dragon_flagon", FOUR)
    rng = random.Random(7)
    readers = [(None, f"/games/{game_id}"), *((seat, f"/play/{token}") for seat, token in enumerate(tokens))]
    for round_ in range(4):
        play(server, db, game_id, tokens, rng, 1 + round_ * 3)
        head = service.load(db, game_id)
        for seat, base in readers:
            status, body, headers = call(server, "GET", f"{base}/export.json")
            assert status == 200
            record = json.loads(body)
            assert record["seq"] == head.seq and record["events"][-1]["seq"] == head.seq, "never stale"
            # the client that holds this record is told it is current; a tag of another reader's is not
            tag = headers["ETag"]
            assert call(server, "GET", f"{base}/export.json", headers={"If-None-Match": tag})[0] == 304
            for other, other_base in readers:
                if other != seat:
                    assert call(server, "GET", f"{other_base}/export.json", headers={"If-None-Match": tag})[0] == 200
            built, built_text = fresh(db, game_id, seat)
            assert body.decode() == built, f"{base}: the record kept differs from one built anew"
            status, text, _ = call(server, "GET", f"{base}/record.txt")
            assert status == 200 and text.decode() == built_text
            # another seat's planned card never shows in this reader's record
            others = [e["data"]["card"] for e in record["events"] if e["type"] == "card_planned"
                      and e["actor"] != str(seat) and e["data"]["card"] is not None]
            assert others == [], (seat, others)
    # the game ends (three seats resign): every record now holds everything, as one built anew does
    for token in tokens[1:]:
        assert call(server, "POST", f"/api/games/{game_id}/resign", token)[0] in (200, 201)
    assert service.load(db, game_id).finished
    for seat, base in readers:
        body = call(server, "GET", f"{base}/export.json")[1].decode()
        assert body == fresh(db, game_id, seat)[0]
        assert json.loads(body)["events"][-1]["type"] == "seed_revealed"
    db.close()


def test_since_your_last_move_does_not_repeat_your_own_message(client, db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    service.submit_move(db, site, created.id, created.tokens[0], "forward 3", service.load(db, created.id).seq)
    response = client.post(f"/api/games/{created.id}/messages", json={"text": "Your move, Bob"},
                           headers={"Authorization": f"Bearer {created.tokens[0]}"})
    assert response.status_code == 201
    service.submit_move(db, site, created.id, created.tokens[1], "forward 2", service.load(db, created.id).seq)

    def recent(token):
        page = unescape(client.get(f"/play/{token}").data.decode())
        return re.search(r'<ol class="recent">(.*?)</ol>', page, re.S).group(1)

    ann = recent(created.tokens[0])
    assert "Bob entered the river, forward 2" in ann
    assert "Your move, Bob" not in ann, "Ann's own message is not news to Ann"
    assert "Ann wrote: Your move, Bob" in unescape(client.get(f"/play/{created.tokens[0]}/history").data.decode())


def test_a_record_asked_with_the_game_as_loaded_before_the_last_moves_is_that_games_record(db, site):
    """A request that loaded the game just before another's move is answered from the record kept for
    the later head, cut where its own head ends: the same as that record built anew."""
    from tests.support import play_randomly

    created = service.create_game(db, site, "dragon_flagon", FOUR)
    older = play_randomly(db, site, created, 10, random.Random(3))
    newer = play_randomly(db, site, created, 6, random.Random(4))
    assert newer.seq > older.seq
    for seat in (None, 1):
        export.forget()
        export.record_json(db, newer, seat)
        assert export.record_json(db, older, seat) == json.dumps(export.game_record(db, older, seat), indent=1,
                                                                sort_keys=True)
        assert export.text_record(db, older, seat, "") == export.text_of(older, tell(db, older, seat, 0), "")
        assert export.KEPT.get((store.path_of(db), created.id, seat)).seq == newer.seq, "the later one is kept"
