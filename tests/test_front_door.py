"""The front door (issue 27, item 8): the home page shows the four games with a picture of each board, their
players and how a game ends; "Play the computer now" takes one click to a seat against the computer;
"Invite friends" makes your seat and an invitation; the public games waiting are shown; a game's pages link
its records and its feed."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from pbem import store
from pbem.games import GAMES
from pbem.play import service
from tests.browser import DESKTOP, PHONE, settle, wait_for
from tests.support import csrf

SVG = "{http://www.w3.org/2000/svg}svg"


def test_every_game_is_shown_with_a_picture_of_its_board_its_players_and_how_it_ends(client):
    home = client.get("/").data.decode()
    for name, module in GAMES.items():
        card = re.search(rf'<li class="game-card" id="game-{name}">(.*?)</li>\n', home, re.S).group(1)
        assert module.TITLE.replace("&", "&amp;") in card and "Ends when" in card
        least, most = module.PLAYERS
        assert (f"{least}&ndash;{most} players" if least != most else f"{least} players") in card
        picture = client.get(f"/games/{name}/board.svg")
        assert picture.status_code == 200 and picture.mimetype == "image/svg+xml"
        assert ET.fromstring(picture.data).tag == SVG  # a picture an <img> can show on its own
        assert client.get(f"/games/{name}/board.svg").data == picture.data  # the same picture every time
    assert client.get("/games/chess/board.svg").status_code == 404
    german = client.get("/?lang=de").data.decode()
    assert "Jetzt gegen den Computer spielen" in german and "Freunde einladen" in german


@pytest.mark.parametrize("name", sorted(GAMES))
def test_play_the_computer_now_seats_you_against_the_computer_in_one_click(client, db, name):
    home = client.get("/").data.decode()
    answer = client.post("/play-computer", data={"csrf": csrf(home), "game": name})
    assert answer.status_code == 303
    location = answer.headers["Location"]
    assert re.fullmatch(r"http://pbem\.test/play/[\w-]+", location), location
    seat_page = client.get(location.split("pbem.test", 1)[1]).data.decode()
    assert 'id="board"' in seat_page
    game_id = store.list_games(db, limit=1)[0]["id"]
    seats = service.load(db, game_id).seats
    assert seats[0]["name"] == "Player" and not seats[0].get("bot")
    assert [bool(seat.get("bot")) for seat in seats[1:]] == [True] * (len(seats) - 1) and len(seats) >= 2


def test_invite_friends_makes_your_seat_and_one_invitation(client):
    home = client.get("/").data.decode()
    refused = client.post("/invite-friends", data={"csrf": csrf(home), "game": "mississippi", "players": "3"})
    assert refused.status_code == 422 and "Give your name" in refused.data.decode()
    too_many = client.post("/invite-friends", data={"csrf": csrf(home), "game": "rigadoon", "name": "Ann",
                                                    "players": "3"})
    assert too_many.status_code == 422
    made = client.post("/invite-friends", data={"csrf": csrf(home), "game": "mississippi", "name": "Ann",
                                                "players": "3"}, follow_redirects=True)
    page = made.data.decode()
    assert made.status_code == 200 and "Ann" in page
    assert len(set(re.findall(r"http://pbem\.test/play/[\w-]+", page))) == 1  # only the visitor's own seat
    assert re.search(r"http://pbem\.test/join/[\w-]+", page)


def test_the_home_page_shows_the_public_games_waiting(client, db, site):
    from tests.test_home import sign_in

    service.create_game(db, site, "mississippi", [{"name": "Ann", "email": "anna@example.org"}, {"name": "Bob"}])
    sign_in(client, db, "anna@example.org")  # a sign-in link is mailed only to an address that plays here
    me = client.get("/me").data.decode()
    client.post("/me/public-name", data={"csrf": csrf(me), "public_name": "Anna"})
    assert "No game waits for players just now." in client.get("/").data.decode()
    home = client.get("/").data.decode()
    client.post("/new", data={"csrf": csrf(home), "game": "rigadoon", "kind0": "person", "name0": "Anna",
                              "kind1": "open", "public": "1"})
    home = client.get("/").data.decode()
    waiting = home.split("Public games waiting for players", 1)[1].split("</ul>", 1)[0]
    assert "Rigadoon" in waiting and "Anna" in waiting and "/join/" in waiting and "anna@" not in home


def test_a_game_s_pages_link_its_records_and_its_feed(client, db, site):
    created = service.create_game(db, site, "rigadoon", [{"name": "Ann"}, {"name": "Bob"}])
    spectator = client.get(f"/games/{created.id}").data.decode()
    seat = client.get(site.seat_url(created.id, 0).split("pbem.test", 1)[1]).data.decode()
    for page in (spectator, seat):
        assert f"/games/{created.id}/feed.atom" in page and "record.txt" in page
    assert client.get(f"/games/{created.id}/feed.atom").status_code == 200


@pytest.mark.slow
@pytest.mark.sqlite_only("the pages and their markup do not depend on the database engine")
def test_a_visitor_plays_the_computer_from_the_home_page_at_phone_and_desktop_width(server, chrome, shots):
    driver = chrome()
    for width, height in (PHONE, DESKTOP):
        driver.set_window_size(width, height)
        driver.get(server + "/")
        settle(driver, width)
        assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        driver.execute_script("document.querySelectorAll('.game-card img').forEach(i => i.scrollIntoView())")
        wait_for(driver, lambda d: d.execute_script(  # every picture (loaded as it comes into view) is drawn
            "return [...document.querySelectorAll('.game-card img')].every(i => i.complete && i.naturalWidth > 0)"))
        assert len(driver.find_elements("css selector", ".game-card img")) == len(GAMES)
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str(shots / f"front-door-{width}.png"))
        driver.find_element("css selector", "#game-rigadoon .quick button").click()
        wait_for(driver, lambda d: "/play/" in d.current_url)
        settle(driver, width)
        turn = driver.execute_script("const r = document.querySelector('.turn').getBoundingClientRect();"
                                     "return [r.top, r.bottom, window.innerHeight]")
        assert 0 <= turn[0] and turn[1] <= turn[2], turn  # on arrival, the banner says it is your turn
        driver.save_screenshot(str(shots / f"front-door-played-{width}.png"))
