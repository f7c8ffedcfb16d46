"""The pages (architecture section 7): home, creating a game by form, the seat page with the board and
the legal moves as a form, the spectator page, and the history at any event with previous/next."""

import json
import re
from html import unescape
from pathlib import Path

from pbem import store
from pbem.play import service
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


def test_the_seat_page_carries_its_fixed_scripts_that_its_content_security_policy_allows(client, db, site):
    """The board client (play.js) and every page's service worker registration (app/subscribe.js, issue 30):
    the same files on every page, each allowed by its hash, and no other script."""
    import base64
    import hashlib

    templates = Path(__file__).resolve().parent.parent / "templates"
    created = service.create_game(db, site, "mississippi", [{"name": "Ann</script><script>x()"}, {"name": "Bob"}])
    for url in (f"/play/{created.tokens[0]}", f"/games/{created.id}"):
        page = client.get(url)
        scripts = re.findall(rb"<script>(.*?)</script>", page.data, re.S)
        data = re.findall(rb'<script type="application/json" id="move-hints">(.*?)</script>', page.data, re.S)
        assert len(scripts) == 2 and len(data) == 1
        rest = page.data.replace(b'<script type="application/json" id="move-hints">' + data[0], b"")
        for script in scripts:
            rest = rest.replace(b"<script>" + script, b"")
        assert b"<script" not in rest, "no other script, and the data block cannot be closed from inside"
        assert b"<" not in data[0], "player strings in the data block are escaped"
        assert json.loads(data[0])["title"].endswith("Ann</script><script>x()") or url.startswith("/games/")
        policy = page.headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy
        for script in scripts:
            digest = base64.b64encode(hashlib.sha256(script).digest()).decode()
            assert f"'sha256-{digest}'" in policy.partition("script-src")[2].partition(";")[0]
            assert b"Ann" not in script  # the scripts are the same files on every page: no player's string
        assert [script.decode() for script in scripts] == [(templates / "play.js").read_text(),
                                                           (templates / "app" / "subscribe.js").read_text()]


def test_without_the_script_an_action_returns_to_the_board_not_the_top(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    token = created.tokens[0]
    page = client.get(f"/play/{token}")
    assert b'<div class="board-column" id="board">' in page.data
    played = client.post(f"/play/{token}", data={"csrf": csrf(page.data), "seq": "2", "move": "forward 1",
                                                 "confirmed": "1"})
    assert played.status_code == 303 and played.headers["Location"].endswith(f"/play/{token}#board")
    offered = client.post(f"/play/{token}/offer", data={"csrf": csrf(page.data), "kind": "draw"})
    assert offered.status_code == 303 and offered.headers["Location"].endswith(f"/play/{token}#board")


def test_a_move_from_the_form_is_confirmed_on_a_page_of_its_own_then_played(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    token = created.tokens[0]
    page = client.get(f"/play/{token}")
    asked = client.post(f"/play/{token}", data={"csrf": csrf(page.data), "seq": "2", "move": "forward 4"})
    assert asked.status_code == 200 and b"Confirm your move" in asked.data
    assert b"Forward 4 to field 4. Costs 4 logs" in asked.data  # the move in words, from the game's hints
    assert b"<svg" not in asked.data  # no board after it: Bob's entry die is rolled then, so it is not certain
    assert store.game_row(db, created.id)["seq"] == 2, "nothing is played before it is confirmed"
    response = client.post(f"/play/{token}", data={"csrf": csrf(page.data), "seq": "2", "move": "forward 4",
                                                   "confirmed": "1"}, follow_redirects=True)
    assert response.status_code == 200
    assert b"Played forward 4" in response.data
    assert b"To move: <strong>Bob</strong>" in response.data
    assert store.game_row(db, created.id)["seq"] == 4


def test_an_empty_typed_field_plays_nothing(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    token = created.tokens[0]
    page = client.get(f"/play/{token}")
    assert b'name="typed" id="typed" size="24" autocomplete="off" required' in page.data
    for confirmed in ("", "1"):
        response = client.post(f"/play/{token}", data={"csrf": csrf(page.data), "seq": "2", "typed": "  ",
                                                       "move": "forward 1", "confirmed": confirmed})
        assert response.status_code == 400 and b"type a move first" in response.data
    assert store.game_row(db, created.id)["seq"] == 2


def test_a_seat_that_turned_confirmation_off_plays_at_once(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    token = created.tokens[0]
    service.change_settings(db, site, created.id, token, email_on=False, digest=False, webhook=None, confirm=False)
    page = client.get(f"/play/{token}")
    assert json.loads(re.search(rb'id="move-hints">(.*?)</script>', page.data).group(1))["confirm"] is False
    response = client.post(f"/play/{token}", data={"csrf": csrf(page.data), "seq": "3", "move": "forward 2"})
    assert response.status_code == 303 and store.game_row(db, created.id)["seq"] == 5


def test_an_illegal_move_from_the_form_names_the_rule_and_writes_nothing(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    token = created.tokens[0]
    page = client.get(f"/play/{token}")
    asked = client.post(f"/play/{token}", data={"csrf": csrf(page.data), "seq": "2", "typed": "rotate +1 forward 2"})
    assert asked.status_code == 422 and b"would be refused" in asked.data and b"rule 6" in asked.data
    assert b'name="confirmed"' not in asked.data  # said before sending: nothing to confirm
    response = client.post(f"/play/{token}", data={"csrf": csrf(page.data), "seq": "2", "move": "rotate +1 forward 2",
                                                   "confirmed": "1"})
    assert response.status_code == 422
    assert b"rule 6" in response.data and b"rotate +1 forward 2" in response.data
    assert store.game_row(db, created.id)["seq"] == 2


def test_a_stale_form_is_refused_with_409(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    page = client.get(f"/play/{created.tokens[0]}")
    service.submit_move(db, site, created.id, created.tokens[0], "forward 1", 2)
    response = client.post(f"/play/{created.tokens[0]}", data={"csrf": csrf(page.data), "seq": "2",
                                                                "move": "forward 2", "confirmed": "1"})
    assert response.status_code in (403, 409)


def test_the_board_client_gets_a_hint_for_every_legal_move(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    page = client.get(f"/play/{created.tokens[0]}")
    data = json.loads(re.search(rb'id="move-hints">(.*?)</script>', page.data).group(1))
    legal = service.load(db, created.id).module.legal_moves(service.load(db, created.id).state, 0)
    assert [m["move"] for m in data["moves"]] == legal
    assert all(m["piece"] == "boat-0" and m["target"] for m in data["moves"])
    assert data["seq"] == 2 and data["confirm"] is True
    assert data["status"] == f"/play/{created.tokens[0]}/status.json"
    for target in {m["target"] for m in data["moves"]}:
        assert f'data-square="{target}"'.encode() in page.data
    assert b'data-piece="boat-0"' in page.data
    # every move is also in the list, for those who prefer it (and for pages without scripts)
    assert all(f"<option>{move}</option>".encode() in page.data for move in legal)


def test_the_board_after_a_certain_move_is_drawn_and_an_uncertain_one_is_not(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE, {"position": NEAR_GOAL})  # every boat entered
    token = created.tokens[0]
    preview = client.get(f"/play/{token}/preview?seq=1&move=forward 2")
    assert preview.status_code == 200 and preview.mimetype == "image/svg+xml" and preview.data.startswith(b"<svg")
    page = client.get(f"/play/{token}")
    assert preview.data != re.search(rb"<div class=\"board\" aria-label=\"board\">(<svg.*?</svg>)", page.data, re.S).group(1)
    asked = client.post(f"/play/{token}", data={"csrf": csrf(page.data), "seq": "1", "move": "forward 2"})
    assert preview.data in asked.data  # the confirmation page shows the same board after the move
    assert client.get(f"/play/{token}/preview?seq=0&move=forward 2").status_code == 204  # not the position now
    assert client.get(f"/play/{token}/preview?seq=1&move=forward 99").status_code == 204  # not legal
    assert service.load(db, created.id).seq == 1  # looking ahead wrote nothing
    entering = service.create_game(db, site, "mississippi", THREE)  # the next seat's entry die is rolled then
    assert client.get(f"/play/{entering.tokens[0]}/preview?seq=2&move=forward 3").status_code == 204


def test_an_open_page_can_ask_cheaply_whether_the_game_moved_on(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    assert client.get(f"/play/{created.tokens[0]}/status.json").json == \
        {"seq": 2, "status": "active", "to_move": [0], "your_turn": True}
    service.submit_move(db, site, created.id, created.tokens[0], "forward 1", 2)
    assert client.get(f"/play/{created.tokens[0]}/status.json").json["your_turn"] is False
    assert client.get(f"/play/{created.tokens[1]}/status.json").json == \
        {"seq": 4, "status": "active", "to_move": [1], "your_turn": True}
    assert client.get(f"/games/{created.id}/status.json").json["seq"] == 4
    assert client.get("/play/nobody/status.json").status_code == 404


def test_the_tab_title_says_your_turn(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE)
    assert b"<title>Your turn \xc2\xb7 Mississippi \xc2\xb7 Ann</title>" in client.get(f"/play/{created.tokens[0]}").data
    assert b"<title>Ann to move \xc2\xb7 Mississippi \xc2\xb7 Bob</title>" in client.get(f"/play/{created.tokens[1]}").data


def test_a_finished_game_shows_the_winner(client, db, site):
    created = service.create_game(db, site, "mississippi", THREE, {"position": NEAR_GOAL})
    service.submit_move(db, site, created.id, created.tokens[0], "forward 3", 1)
    page = client.get(f"/games/{created.id}")
    assert b"The game is over" in page.data and b"Winner: Ann" in page.data
    # the result leads, in words, above the board; and in the tab's title (issue 27)
    assert page.data.index(b"The game is over: Ann won: a boat reached the goal.") < page.data.index(b'class="board"')
    assert b"<title>Ann won: a boat reached the goal \xc2\xb7 " in page.data
    seat = client.get(f"/play/{created.tokens[1]}")
    assert b"Resign" not in seat.data


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
    mover = min(loaded.to_move)
    # the banner names who moves (issue 27), and says the seat may act meanwhile
    assert f"<strong>{loaded.names[mover]} to move.</strong> You may act meanwhile." in page
    assert "<strong>Your turn.</strong>" not in page
    assert "<strong>Your turn.</strong>" in client.get(f"/play/{created.tokens[mover]}").data.decode()


def test_the_move_words_name_the_other_players(client, db, site):
    position = {"boats": {"0": {"field": 10, "east": 1, "logs": 10}, "1": {"field": 12, "east": 1, "logs": 10},
                          "2": {"field": 30, "east": 1, "logs": 10}}, "supply": 30, "to_move": 0}
    created = service.create_game(db, site, "mississippi", [{"name": "Red"}, {"name": "Bob"}, {"name": "Cy"}],
                                  {"position": position})
    page = client.get(f"/play/{created.tokens[0]}")
    words = " ".join(m["words"] for m in json.loads(re.search(rb'id="move-hints">(.*?)</script>', page.data).group(1))["moves"])
    assert "Bob" in words and "Red's" not in words.replace("Red's boat", ""), "boats are called by their players"


def test_a_one_day_clock_from_the_form_starts_with_the_default_reminders_that_fit(server, database):
    """A new user's first try on a real server: a day per move, the reminders field as the form fills it
    in (1d,1h). It was refused ("1d before the deadline is not within the time per move"); the reminder
    that does not fit is left out."""
    from tests.support import Browser, start_from_the_form

    browser = Browser()
    _, form = browser.get(f"{server}/new/mississippi")
    assert re.search(r'name="opt_reminders"[^>]*value="1d,1h"', form)
    game_id, links = start_from_the_form(browser, server, "mississippi", {
        "name0": "Ann", "name1": "Bob", "opt_time_per_move": "1d", "opt_reminders": "1d,1h"})
    first = store.read_events(store.connect(database), game_id)[0]
    assert first.data["clock"]["time_per_move"] == 86400 and first.data["clock"]["reminders"] == [3600]


def test_the_result_in_words_says_who_won_and_by_how_much(app):
    from pbem.web import banner

    names = ["Ann", "Bob", "Cy", "Di"]
    with app.test_request_context("/"):
        # Buccaneer: treasure at home per seat
        assert banner.result_in_words({"termination": "round_cap", "winners": [1], "scores": {
            "0": {"home": 9}, "1": {"home": 12}}}, names) == "Bob won by 3 points."
        # Dragon & Flagon: a team's total for its seats
        assert banner.result_in_words({"termination": "finished", "winners": [0, 2], "scores": {
            "0": {"seats": [0, 2], "total": 7}, "1": {"seats": [1, 3], "total": 6}}}, names) == "Ann and Cy won by 1 point."
        # no points to count, or won by resignation: how it ended instead
        assert banner.result_in_words({"termination": "resigned", "winners": [0], "scores": {
            "0": {"home": 1}, "1": {"home": 5}}}, names) == "Ann won: everyone else resigned."
        assert banner.result_in_words({"termination": "goal", "winners": [2]}, names) == "Cy won: a boat reached the goal."
        assert banner.result_in_words({"termination": "agreed_draw", "winners": []}, names) == "Drawn by agreement."
        assert banner.title_words(None, [1, 3], names, None) == "Bob and Di to move"
        assert banner.title_words(None, [1, 3], names, 3) == "Your turn"
