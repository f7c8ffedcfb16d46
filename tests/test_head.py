"""Every game answer carries the game's head, and GET /api/games/<id>/head answers it alone (issue 25,
item 3; architecture sections 19 and 26): `"head": {"seq", "hash"}` in each answer that is a JSON object,
`X-Pbem-Head: <seq>:<hash>` on every one, lists included, always the store's last event."""

import json
import urllib.request

import pytest

from pbem import store

PLAYERS = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob"}]


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def stored_head(db, game_id):
    last = store.last_event(db, game_id)
    return {"seq": last.seq, "hash": last.hash}


def assert_carries_head(response, db, game_id):
    assert 200 <= response.status_code < 300, response.json
    head = stored_head(db, game_id)
    assert response.headers["X-Pbem-Head"] == f"{head['seq']}:{head['hash']}"
    if isinstance(response.json, dict):
        assert response.json["head"] == head
        # the head is written into the view's text (pbem/web/heads.py): the view must not have one of its own
        members = json.loads(response.data, object_pairs_hook=lambda pairs: [key for key, _ in pairs])
        assert members.count("head") == 1, members


def test_every_game_answer_carries_the_head_of_the_store(client, db):
    created = client.post("/api/games", json={"game": "mississippi", "players": PLAYERS})
    game = created.json
    assert_carries_head(created, db, game["id"])  # a game just made is named in its answer, not its path
    gid, ann, bob = game["id"], auth(game["seats"][0]["token"]), auth(game["seats"][1]["token"])
    seq = client.get(f"/api/games/{gid}").json["seq"]
    moved = client.post(f"/api/games/{gid}/moves", json={"move": "forward 3", "seq": seq}, headers=ann)
    assert_carries_head(moved, db, gid)
    assert moved.json["head"]["seq"] == moved.json["seq"]  # nobody else played meanwhile
    seq = moved.json["seq"]
    calls = [
        lambda: client.get(f"/api/games/{gid}"),
        lambda: client.get(f"/api/games/{gid}", headers=bob),
        lambda: client.get(f"/api/games/{gid}/events"),  # a list: the header only
        lambda: client.get(f"/api/games/{gid}/state?at=1"),  # the head now, not that of the position shown
        lambda: client.get(f"/api/games/{gid}/verify"),
        lambda: client.post(f"/api/games/{gid}/messages", json={"text": "hello"}, headers=ann),
        lambda: client.get(f"/api/games/{gid}/messages"),
        lambda: client.post(f"/api/games/{gid}/notes", json={"text": "plan", "seq": seq}, headers=ann),
        lambda: client.get(f"/api/games/{gid}/notes", headers=ann),
        lambda: client.get(f"/api/games/{gid}/conditionals", headers=bob),
        lambda: client.post(f"/api/games/{gid}/offers", json={"kind": "draw"}, headers=ann),
        lambda: client.post(f"/api/games/{gid}/offers/answer", json={"accept": False}, headers=bob),
        lambda: client.post(f"/api/games/{gid}/rotate", headers=bob),
    ]
    answers = []
    for call in calls:  # each against the store's head right after it
        answers.append(call())
        assert_carries_head(answers[-1], db, gid)
    state = answers[3].json
    assert state["seq"] == 1 and state["head"]["seq"] > 1
    assert answers[2].json[-1]["seq"] <= stored_head(db, gid)["seq"]
    resigned = client.post(f"/api/games/{gid}/resign", headers=ann)
    assert_carries_head(resigned, db, gid)


def test_a_seat_taken_through_an_invitation_carries_the_head(client, db):
    made = client.post("/api/games", json={"game": "mississippi", "players": [{"name": "Ann"}, {"open": True}]})
    invite = made.json["invite_url"].rsplit("/", 1)[1]
    joined = client.post(f"/api/join/{invite}", json={"name": "Bob"})
    assert joined.status_code == 201, joined.json
    assert_carries_head(joined, db, made.json["id"])


def test_the_head_alone_and_404(client, db):
    game = client.post("/api/games", json={"game": "mississippi", "players": PLAYERS}).json
    response = client.get(f"/api/games/{game['id']}/head")
    assert response.status_code == 200
    assert response.json == stored_head(db, game["id"])
    missing = client.get("/api/games/nosuchgame/head")
    assert missing.status_code == 404 and "error" in missing.json
    assert "X-Pbem-Head" not in missing.headers


def test_refusals_do_not_carry_a_head(client, db):
    game = client.post("/api/games", json={"game": "mississippi", "players": PLAYERS}).json
    move = {"move": "forward 3", "seq": 1}
    ann = auth(game["seats"][0]["token"])
    assert client.post(f"/api/games/{game['id']}/moves", json=move, headers=ann).status_code == 201
    refused = client.post(f"/api/games/{game['id']}/moves", json=move, headers=ann)  # seq 1 is stale now
    assert refused.status_code == 409
    assert "X-Pbem-Head" not in refused.headers and "head" not in refused.json


def test_the_head_is_read_without_folding_the_game(client, db):
    """A game whose events no fold can read (an unknown game kind, data that is not JSON): its page of
    state fails, its head still answers, so the head endpoint never loads the game."""
    rows = [{"game_id": "unfoldable", "seq": seq, "type": "nonsense", "actor": "?", "data": "not json",
             "at": "2026-01-01T00:00:00Z", "hash": f"{seq:064x}", "command": None} for seq in (1, 2, 3)]
    with store.immediate(db):
        for row in rows:
            db.execute("insert into events (game_id, seq, type, actor, data, at, hash, command) "
                       "values (?, ?, ?, ?, ?, ?, ?, ?)", list(row.values()))
    with pytest.raises(ValueError):  # the test client lets the fold's error through (a 500 in a server)
        client.get("/api/games/unfoldable")
    response = client.get("/api/games/unfoldable/head")
    assert response.status_code == 200
    assert response.json == {"seq": 3, "hash": f"{3:064x}"}


def test_a_real_server_answers_the_head_after_a_move(server, database):
    def call(method, path, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        with urllib.request.urlopen(urllib.request.Request(server + path, data, headers, method=method),
                                    timeout=30) as answer:
            return json.loads(answer.read()), answer.headers

    game, _ = call("POST", "/api/games", {"game": "mississippi", "players": PLAYERS})
    gid, token = game["id"], game["seats"][0]["token"]
    seq = call("GET", f"/api/games/{gid}")[0]["seq"]
    moved, headers = call("POST", f"/api/games/{gid}/moves", {"move": "forward 3", "seq": seq}, token)
    db = store.connect(database)
    try:
        head = stored_head(db, gid)
    finally:
        db.close()
    assert moved["head"] == head == call("GET", f"/api/games/{gid}/head")[0]
    assert headers["X-Pbem-Head"] == f"{head['seq']}:{head['hash']}"
    events, headers = call("GET", f"/api/games/{gid}/events")
    assert isinstance(events, list) and headers["X-Pbem-Head"] == f"{head['seq']}:{head['hash']}"
