"""The pages (architecture section 7): home, creating a game by form, the seat page with the board and
the legal moves as a form, the spectator page, and the history at any event with previous/next."""

import re
from html import unescape
from pathlib import Path

from pbem import service, store
from tests.support import NEAR_GOAL, THREE


def csrf(page: bytes) -> str:
    return re.search(rb'name="csrf" value="([^"]+)"', page).group(1).decode()


def links(page: bytes, prefix: str) -> list[str]:
    return [unescape(m.decode()) for m in re.findall(rb'href="(' + prefix.encode() + rb'[^"]*)"', page)]


def test_home_lists_the_games_and_links_to_start_one(client):
    page = client.get("/")
    assert page.status_code == 200
    assert b'<option value="mississippi">Mississippi (2&ndash;6 players)</option>' in page.data
    assert "/new/mississippi" in links(page.data, "/new/")
    assert b'<option value="rigadoon">Rigadoon (2 players)</option>' in page.data


def test_the_home_page_form_starts_a_game_with_default_options(client, db):
    home = client.get("/")
    response = client.post("/new", data={"csrf": csrf(home.data), "game": "mississippi", "name0": "Ann",
                                         "name1": "Bob", "name2": "Cy"}, follow_redirects=True)
    assert response.status_code == 200 and response.request.path == "/started"
    assert len(set(re.findall(rb"http://pbem.test/play/([A-Za-z0-9_-]+)", response.data))) == 3
    created = store.read_events(db, store.game_ids(db)[0])[0]
    assert created.data["options"]["rows"] == 7 and created.data["seat_count"] == 3


def test_a_game_is_started_from_the_form_and_shows_seat_links(client, db):
    form_page = client.get("/new/mississippi")
    assert b'name="opt_rows"' in form_page.data and b'name="opt_numbering"' in form_page.data
    response = client.post("/new/mississippi", data={
        "csrf": csrf(form_page.data), "name0": "Ann", "email0": "ann@example.org", "name1": "Bob", "name2": "Cy",
        "opt_rows": "7", "opt_numbering": "sequential"}, follow_redirects=True)
    assert response.status_code == 200 and response.request.path == "/started"
    seat_links = re.findall(rb"http://pbem.test/play/([A-Za-z0-9_-]+)", response.data)
    assert len(set(seat_links)) == 3
    game_id = store.game_ids(db)[0]
    assert f"http://pbem.test/games/{game_id}".encode() in response.data


def test_the_form_refuses_bad_input_and_keeps_what_was_typed(client, db):
    form_page = client.get("/new/mississippi")
    response = client.post("/new/mississippi", data={"csrf": csrf(form_page.data), "name0": "Ann<script>",
                                                     "opt_rows": "3"})
    assert response.status_code == 422
    assert b"takes 2 to 6 players, not 1" in response.data
    assert b"Ann&lt;script&gt;" in response.data and b"Ann<script>" not in response.data
    assert store.game_ids(db) == []


def test_a_form_without_the_csrf_token_is_refused(client, db):
    response = client.post("/new/mississippi", data={"name0": "Ann", "name1": "Bob"})
    assert response.status_code == 400
    assert store.game_ids(db) == []


def test_unknown_pages_are_404(client):
    assert client.get("/new/chess").status_code == 404
    assert client.get("/play/not-a-token").status_code == 404
    assert client.get("/games/nosuchgame").status_code == 404


def test_the_seat_page_shows_board_turn_and_legal_moves(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    page = client.get(f"/play/{created.tokens[0]}")
    assert page.status_code == 200
    assert b"<svg" in page.data
    assert b"To move: <strong>Ann</strong>" in page.data
    assert b'<option>forward 1</option>' in page.data and b'<option>forward 20</option>' in page.data
    assert b'name="seq" value="2"' in page.data
    other = client.get(f"/play/{created.tokens[1]}")
    assert b"Nothing for you to do now" in other.data and b'name="move"' not in other.data


def test_the_seat_page_carries_one_fixed_script_that_its_content_security_policy_allows(client, db, site):
    import base64
    import hashlib

    created = service.create_game(db, site, "mississippi", [{"name": "Ann</script><script>x()"}, {"name": "Bob"}])
    page = client.get(f"/play/{created.tokens[0]}")
    scripts = re.findall(rb"<script>(.*?)</script>", page.data, re.S)
    assert len(scripts) == 1 and b"<script" not in page.data.replace(b"<script>" + scripts[0], b"")
    digest = base64.b64encode(hashlib.sha256(scripts[0]).digest()).decode()
    policy = page.headers["Content-Security-Policy"]
    assert f"script-src 'sha256-{digest}';" in policy and "default-src 'none'" in policy
    assert b"Ann" not in scripts[0]  # the script is the same file on every page: no player's string in it
    assert scripts[0].decode() == (Path(__file__).resolve().parent.parent / "templates" / "board.js").read_text()
    spectator = client.get(f"/games/{created.id}")
    assert b"<script" not in spectator.data and "Content-Security-Policy" in spectator.headers


def test_a_move_from_the_form_is_played_and_the_page_says_so(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    token = created.tokens[0]
    page = client.get(f"/play/{token}")
    response = client.post(f"/play/{token}", data={"csrf": csrf(page.data), "seq": "2", "move": "forward 4"},
                           follow_redirects=True)
    assert response.status_code == 200
    assert b"Played forward 4" in response.data
    assert b"To move: <strong>Bob</strong>" in response.data
    assert service.load(db, created.id).state is not None and store.game_row(db, created.id)["seq"] == 4


def test_an_illegal_move_from_the_form_names_the_rule_and_writes_nothing(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    token = created.tokens[0]
    page = client.get(f"/play/{token}")
    response = client.post(f"/play/{token}", data={"csrf": csrf(page.data), "seq": "2",
                                                    "typed": "rotate +1 forward 2"})
    assert response.status_code == 422
    assert b"rule 6" in response.data and b"rotate +1 forward 2" in response.data
    assert store.game_row(db, created.id)["seq"] == 2


def test_a_stale_form_is_refused_with_409(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    page = client.get(f"/play/{created.tokens[0]}")
    service.submit_move(db, site, created.id, created.tokens[0], "forward 1", 2)
    response = client.post(f"/play/{created.tokens[0]}", data={"csrf": csrf(page.data), "seq": "2", "move": "forward 2"})
    assert response.status_code in (403, 409)


def test_few_legal_moves_are_offered_as_buttons(client, db, site):
    # One log on field 1: forward 1 or back 1, each after no, +1 or -1 rotation, and +-2 then back 1.
    position = {"boats": {"0": {"field": 1, "east": 1, "logs": 1}, "1": {"field": 10, "east": 1, "logs": 20},
                          "2": {"field": 30, "east": 1, "logs": 20}}, "supply": 19, "to_move": 0}
    created = service.create_game(db, site, "mississippi", THREE, {"position": position})
    page = client.get(f"/play/{created.tokens[0]}")
    buttons = re.findall(rb'<button type="submit" name="move" value="([^"]+)">', page.data)
    assert buttons[:2] == [b"forward 1", b"back 1"]
    assert len(buttons) == 8 and b"<option>" not in page.data


def test_a_finished_game_shows_the_winner(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE, {"position": NEAR_GOAL})
    service.submit_move(db, site, created.id, created.tokens[0], "forward 3", 1)
    page = client.get(f"/games/{created.id}")
    assert b"The game is over" in page.data and b"Winner: Ann" in page.data
    seat = client.get(f"/play/{created.tokens[1]}")
    assert b"Resign" not in seat.data


def test_history_steps_through_every_event(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    service.submit_move(db, site, created.id, created.tokens[0], "forward 3", 2)
    service.submit_move(db, site, created.id, created.tokens[1], "forward 2", 4)
    last = store.game_row(db, created.id)["seq"]
    page = client.get(f"/games/{created.id}/history?at=4")
    assert page.status_code == 200
    assert b"after event 4 of 6" in page.data
    assert f'href="/games/{created.id}/history?at=3" rel="prev"'.encode() in page.data
    assert f'href="/games/{created.id}/history?at=5" rel="next"'.encode() in page.data
    assert b"forward 3" in page.data
    first = client.get(f"/games/{created.id}/history?at=1")
    assert b'rel="prev"' not in first.data and b"To move" not in first.data or b"after event 1" in first.data
    end = client.get(f"/games/{created.id}/history")
    assert f"after event {last} of {last}".encode() in end.data and b'rel="next"' not in end.data
    seat = client.get(f"/play/{created.tokens[2]}/history?at=2")
    assert seat.status_code == 200 and b"as Cy saw it" in seat.data


def test_resigning_from_the_seat_page_needs_confirmation(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE[:2])
    token = created.tokens[1]
    page = client.get(f"/play/{token}")
    refused = client.post(f"/play/{token}/resign", data={"csrf": csrf(page.data)})
    assert refused.status_code == 400 and b"confirm" in refused.data
    done = client.post(f"/play/{token}/resign", data={"csrf": csrf(page.data), "confirm": "yes"}, follow_redirects=True)
    assert b"You resigned" in done.data and b"Winner: Ann" in done.data


def test_choices_open_between_turns_are_not_called_your_move(client, db, site):
    # Buccaneer lets a seat set its standing order (always/never attack) while another seat moves.
    created = service.create_game(db, site, "buccaneer", [{"name": n} for n in ("Ann", "Bob", "Cy", "Di")])
    loaded = service.load(db, created.id)
    waiting = next(s for s in range(4) if s not in loaded.to_move and loaded.module.legal_moves(loaded.state, s))
    page = client.get(f"/play/{created.tokens[waiting]}").data.decode()
    assert "Open to you while others move" in page and "Your move" not in page
    mover = min(loaded.to_move)
    assert "<h2>Your move</h2>" in client.get(f"/play/{created.tokens[mover]}").data.decode()
