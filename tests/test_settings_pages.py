"""A seat's notification settings and vacation, from its seat page."""

import re

from pbem import store
from pbem.play import service
from tests.test_pages import csrf

DUO = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]


def test_settings_page_saves_mail_digest_and_webhook(client, db, site):
    # A public address literal passes the check without DNS (none here); nothing is ever sent to it:
    # this test runs no sender.
    created = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "2d"})
    url = f"/play/{created.tokens[0]}/settings"
    page = client.get(url)
    assert page.status_code == 200
    assert b'name="email_on" checked' in page.data and b'name="digest" >' in page.data
    assert site.webhook_secret(created.id, 0).encode() in page.data
    saved = client.post(url, data={"csrf": csrf(page.data), "digest": "on", "webhook": "https://8.8.8.8/hook"},
                        follow_redirects=True)
    assert b"settings are saved" in saved.data
    settings = service.load(db, created.id).settings[0]
    assert (settings["email_on"], settings["digest"], settings["webhook"]) == (False, True, "https://8.8.8.8/hook")


def test_settings_page_refuses_a_private_webhook(client, db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    url = f"/play/{created.tokens[0]}/settings"
    page = client.get(url)
    refused = client.post(url, data={"csrf": csrf(page.data), "email_on": "on", "webhook": "http://localhost:8080/"})
    assert refused.status_code == 422 and b"loopback or private" in refused.data
    assert service.load(db, created.id).settings[0]["webhook"] is None


def test_vacation_is_started_and_ended_from_the_settings_page(client, db, site):
    created = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "2d"})
    url = f"/play/{created.tokens[0]}/settings"
    page = client.get(url)
    started = client.post(f"/play/{created.tokens[0]}/vacation", data={"csrf": csrf(page.data), "action": "start"},
                          follow_redirects=True)
    assert b"You are on vacation" in started.data and b"I am back" in started.data
    seat_page = client.get(f"/play/{created.tokens[1]}")
    assert b"Ann</strong>" in seat_page.data and b"on vacation" in seat_page.data
    ended = client.post(f"/play/{created.tokens[0]}/vacation", data={"csrf": csrf(started.data), "action": "end"},
                        follow_redirects=True)
    assert b"Your vacation has ended" in ended.data
    types = [e.type for e in store.read_events(db, created.id)]
    assert types[-2:] == ["vacation_started", "vacation_ended"]


def test_settings_need_the_csrf_token(client, db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    assert client.post(f"/play/{created.tokens[0]}/settings", data={"email_on": "on"}).status_code == 400
    assert client.post(f"/play/{created.tokens[0]}/vacation", data={"action": "start"}).status_code == 400
