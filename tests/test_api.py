"""The JSON API contract of architecture section 6, every status code, with Mississippi as the game.
Each refusal also checks that nothing was written."""

import json

import pytest

from pbem import store

PLAYERS = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob"}, {"name": "Cy"}]


def create(client, players=PLAYERS, options=None, game="mississippi"):
    body = {"game": game, "players": players}
    if options is not None:
        body["options"] = options
    return client.post("/api/games", json=body)


@pytest.fixture
def game(client):
    response = create(client)
    assert response.status_code == 201, response.json
    return response.json


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def event_count(db, game_id):
    return len(store.read_events(db, game_id))


def test_game_types_lists_mississippi_with_its_options(client):
    response = client.get("/api/games/types")
    assert response.status_code == 200
    types = {t["name"]: t for t in response.json}
    mississippi = types["mississippi"]
    assert mississippi["title"] == "Mississippi"
    assert mississippi["players"] == [2, 6]
    assert mississippi["options"]["rows"]["default"] == 7
    assert mississippi["options"]["numbering"]["choices"] == ["sequential", "die"]


def test_create_answers_201_with_seat_links(client, game):
    assert game["game"] == "mississippi"
    assert game["url"] == f"http://pbem.test/games/{game['id']}"
    assert [s["seat"] for s in game["seats"]] == [0, 1, 2]
    assert [s["name"] for s in game["seats"]] == ["Ann", "Bob", "Cy"]
    for seat in game["seats"]:
        assert seat["url"] == f"http://pbem.test/play/{seat['token']}"
        assert len(seat["token"]) >= 22  # at least 128 random bits, url-safe
    assert len({s["token"] for s in game["seats"]}) == 3


@pytest.mark.parametrize("body,status,reason", [
    (b"{not json", 400, "not valid JSON"),
    (b"[1, 2]", 400, "JSON object"),
    (json.dumps({"game": "mississippi"}).encode(), 400, "players"),
    (json.dumps({"game": "mississippi", "players": [{"name": "A"}] * 3, "extra": 1}).encode(), 400, "extra"),
    (json.dumps({"game": "chess", "players": [{"name": "A"}, {"name": "B"}]}).encode(), 422, "unknown game 'chess'"),
    (json.dumps({"game": "mississippi", "players": [{"name": "A"}]}).encode(), 422, "takes 2 to 6 players, not 1"),
    (json.dumps({"game": "mississippi", "players": [{"name": "A"}] * 7}).encode(), 422, "takes 2 to 6 players, not 7"),
    (json.dumps({"game": "mississippi", "players": [{"name": "A"}] * 3, "options": {"colour": "red"}}).encode(), 422,
     "unknown option 'colour'"),
    (json.dumps({"game": "mississippi", "players": [{"name": "A"}] * 3, "options": {"rows": 12}}).encode(), 422,
     "'rows' must be between 5 and 9"),
    (json.dumps({"game": "mississippi", "players": [{"name": "A"}] * 3, "options": {"position": "{oops"}}).encode(),
     422, "not valid JSON"),
    (json.dumps({"game": "mississippi", "players": [{"name": "A"}, {"name": "B", "email": "not-an-address"}, {"name": "C"}]}).encode(),
     422, "e-mail address"),
    (json.dumps({"game": "mississippi", "players": [{"name": "A"}, {"name": " "}, {"name": "C"}]}).encode(), 422,
     "needs a name"),
])
def test_create_refusals_write_nothing(client, db, body, status, reason):
    response = client.post("/api/games", data=body, content_type="application/json")
    assert response.status_code == status, response.json
    assert reason in response.json["error"]
    assert store.game_ids(db) == []


def test_create_refuses_a_position_that_breaks_the_log_invariant(client, db):
    position = {"boats": {"0": {"field": 2, "east": 6, "logs": 10}}, "supply": 4, "to_move": 0}
    response = create(client, options={"position": position})
    assert response.status_code == 422
    assert response.json["error"]
    assert store.game_ids(db) == []


def test_oversized_body_is_413(client, db):
    response = client.post("/api/games", data=b"{" + b" " * (70 * 1024) + b"}", content_type="application/json")
    assert response.status_code == 413
    assert "larger than" in response.json["error"]
    assert store.game_ids(db) == []


def test_spectator_sees_the_game_without_legal_moves(client, game):
    response = client.get(f"/api/games/{game['id']}")
    assert response.status_code == 200
    body = response.json
    assert set(body) == {"id", "game", "status", "seq", "to_move", "you", "legal", "view", "outcome", "deadline",
                         "rules_version", "head", "clock"}
    assert body["status"] == "active"
    assert body["you"] is None
    assert body["legal"] == []
    assert body["to_move"] == [0]
    assert body["outcome"] is None


def test_seat_sees_its_legal_moves(client, game):
    body = client.get(f"/api/games/{game['id']}", headers=auth(game["seats"][0]["token"])).json
    assert body["you"] == 0
    assert body["legal"][:2] == ["forward 1", "forward 2"]
    other = client.get(f"/api/games/{game['id']}", headers=auth(game["seats"][1]["token"])).json
    assert other["you"] == 1 and other["legal"] == []


def test_unknown_game_is_404_everywhere(client, game):
    for path in ("", "/events", "/state?at=1", "/verify"):
        response = client.get(f"/api/games/nosuchgame{path}")
        assert response.status_code == 404, path
        assert "no game" in response.json["error"]
    response = client.post("/api/games/nosuchgame/moves", json={"move": "forward 1", "seq": 1},
                           headers=auth(game["seats"][0]["token"]))
    assert response.status_code == 404


def test_a_token_of_another_game_is_403(client, game):
    other = create(client).json
    response = client.get(f"/api/games/{game['id']}", headers=auth(other["seats"][0]["token"]))
    assert response.status_code == 403
    assert "not a seat of this game" in response.json["error"]


def play(client, game, seat, move, seq):
    return client.post(f"/api/games/{game['id']}/moves", json={"move": move, "seq": seq},
                       headers=auth(game["seats"][seat]["token"]))


def test_a_move_is_201_with_its_events(client, db, game):
    seq = client.get(f"/api/games/{game['id']}").json["seq"]
    response = play(client, game, 0, "Forward  3", seq)
    assert response.status_code == 201, response.json
    events = response.json["events"]
    assert events[0]["type"] == "move_played"
    assert events[0]["actor"] == "0"
    assert events[0]["data"]["move"] == "forward 3"
    assert events[-1]["type"] == "die_rolled" and events[-1]["data"]["seat"] == 1
    assert response.json["seq"] == events[-1]["seq"] == event_count(db, game["id"])


@pytest.mark.parametrize("case", ["no token", "wrong token", "not your turn", "unparseable", "illegal", "stale",
                                  "missing seq", "seq ahead", "bad json", "oversized"])
def test_move_refusals(client, db, game, case):
    seq = client.get(f"/api/games/{game['id']}").json["seq"]
    url = f"/api/games/{game['id']}/moves"
    ann = auth(game["seats"][0]["token"])
    if case == "no token":
        response, status, reason = client.post(url, json={"move": "forward 1", "seq": seq}), 401, "seat token"
    elif case == "wrong token":
        response = client.post(url, json={"move": "forward 1", "seq": seq}, headers=auth("x" * 32))
        status, reason = 403, "not a seat"
    elif case == "not your turn":
        response, status, reason = play(client, game, 1, "forward 1", seq), 403, "not your turn"
    elif case == "unparseable":
        response, status, reason = play(client, game, 0, "sail to Memphis", seq), 422, "forward"
    elif case == "illegal":
        response, status, reason = play(client, game, 0, "rotate +1 forward 2", seq), 422, "rule 6"
    elif case == "stale":
        assert play(client, game, 0, "forward 2", seq).status_code == 201
        before = event_count(db, game["id"])
        response = play(client, game, 1, "forward 1", seq)
        assert response.status_code == 409, response.json
        assert "moved on" in response.json["error"]
        assert event_count(db, game["id"]) == before
        return
    elif case == "missing seq":
        response, status, reason = client.post(url, json={"move": "forward 1"}, headers=ann), 400, "seq"
    elif case == "seq ahead":
        response, status, reason = play(client, game, 0, "forward 1", seq + 5), 400, "not a position"
    elif case == "bad json":
        response = client.post(url, data=b'{"move": ', content_type="application/json", headers=ann)
        status, reason = 400, "not valid JSON"
    else:
        response = client.post(url, data=b'{"move": "' + b"f" * 70000 + b'", "seq": 1}',
                               content_type="application/json", headers=ann)
        status, reason = 413, "larger than"
    assert response.status_code == status, response.json
    assert reason in response.json["error"]
    assert event_count(db, game["id"]) == seq


def test_an_illegal_move_names_the_rule(client, game):
    response = play(client, game, 0, "forward 21", 2)
    assert response.status_code == 422
    assert response.json["error"].startswith("rule 1")


def test_a_move_is_not_stale_when_the_seat_s_options_did_not_change(client, db, game):
    """Section 4: stale means this seat's legal moves changed since the seq it saw, not merely that the
    seq moved. Cy resigning before entering changes nothing for Ann, who is to move."""
    seen = client.get(f"/api/games/{game['id']}").json["seq"]
    resigned = client.post(f"/api/games/{game['id']}/resign", headers=auth(game["seats"][2]["token"]))
    assert resigned.status_code == 201
    assert event_count(db, game["id"]) > seen
    response = play(client, game, 0, "forward 2", seen)
    assert response.status_code == 201, response.json


def test_events_are_listed_since_k(client, game):
    all_events = client.get(f"/api/games/{game['id']}/events").json
    assert [e["seq"] for e in all_events] == list(range(1, len(all_events) + 1))
    assert all_events[0]["type"] == "game_created"
    created = all_events[0]["data"]
    assert created["seats"] == [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}, {"seat": 2, "name": "Cy"}]
    assert "ann@example.org" not in json.dumps(all_events)
    assert "token" not in json.dumps(created)
    later = client.get(f"/api/games/{game['id']}/events?since=1").json
    assert later == all_events[1:]
    assert client.get(f"/api/games/{game['id']}/events?since=x").status_code == 400
    for event in all_events:
        assert set(event) == {"seq", "type", "actor", "at", "data", "hash"}
        assert len(event["hash"]) == 64


def test_state_at_k_shows_the_game_as_it_stood(client, game):
    assert play(client, game, 0, "forward 4", 2).status_code == 201
    then = client.get(f"/api/games/{game['id']}/state?at=2").json
    now = client.get(f"/api/games/{game['id']}").json
    assert then["seq"] == 2 and then["to_move"] == [0]
    assert "0" not in then["view"]["boats"]
    assert now["view"]["boats"]["0"]["field"] == 4
    assert client.get(f"/api/games/{game['id']}/state?at=0").status_code == 400
    assert client.get(f"/api/games/{game['id']}/state?at=99").status_code == 400
    assert client.get(f"/api/games/{game['id']}/state").status_code == 400


def test_verify_reports_a_valid_chain(client, game):
    response = client.get(f"/api/games/{game['id']}/verify")
    assert response.status_code == 200
    assert response.json["ok"] is True
    assert response.json["problems"] == []
    assert response.json["seed"] is None  # not revealed while the game runs


def test_resign_ends_a_two_player_game(client, game):
    two = create(client, players=PLAYERS[:2]).json
    response = client.post(f"/api/games/{two['id']}/resign", headers=auth(two["seats"][0]["token"]))
    assert response.status_code == 201
    body = client.get(f"/api/games/{two['id']}").json
    assert body["status"] == "finished"
    assert body["outcome"]["winners"] == [1]
    assert client.post(f"/api/games/{two['id']}/resign").status_code == 401
    again = client.post(f"/api/games/{two['id']}/resign", headers=auth(two["seats"][1]["token"]))
    assert again.status_code == 403


def test_openapi_document_is_served_and_matches_schemas_folder(client):
    from pbem.config import SCHEMAS_DIR

    served = client.get("/api/openapi.json").json
    assert served == json.loads((SCHEMAS_DIR / "openapi.json").read_text())
    assert "/api/games/{id}/moves" in served["paths"]
    assert set(served["paths"]["/api/games/{id}/moves"]["post"]["responses"]) >= {"201", "401", "403", "404", "409", "422"}
