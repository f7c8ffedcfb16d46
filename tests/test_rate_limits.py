"""Rate limits per client address (issue 10, item 2; pbem/web/ratelimit.py, pbem/web/limits.py): game creation,
lost-link mails, inbound mail and form posts are limited, answered 429 with Retry-After (JSON on the API,
a page on the pages); on by default, off with PBEM_RATE_LIMITS=off; the client is the socket's peer
unless a trusted proxy names it; and several server processes on one database count together."""

import json
import urllib.error
import urllib.request

import pytest

from pbem import create_app
from pbem.web.ratelimit import DEFAULT_LIMITS, Limit, Limited, Limiter, address_key, parse_limits
from tests.conftest import free_port
from tests.support import csrf, start_pbem

DUO = [{"name": "Ann"}, {"name": "Bob"}]
GAME = {"game": "mississippi", "players": DUO}


def limited_app(var_dir, database, limits="create=3/1h,links=2/1h,inbound=3/1m,form=1000/1m", **config):
    return create_app({"VAR_DIR": str(var_dir), "DATABASE": database,
                       "BASE_URL": "http://pbem.test", "TESTING": True, "RATE_LIMITS": limits, **config})


def from_address(app, address):
    """A test client whose requests come from `address` (the socket's peer a server would see)."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def test_limits_are_on_by_default_and_off_with_the_environment(var_dir, database, monkeypatch):
    monkeypatch.delenv("PBEM_RATE_LIMITS", raising=False)
    app = create_app({"VAR_DIR": str(var_dir), "DATABASE": database})
    assert app.extensions["pbem_limiter"].limits == DEFAULT_LIMITS
    monkeypatch.setenv("PBEM_RATE_LIMITS", "off")
    app = create_app({"VAR_DIR": str(var_dir), "DATABASE": database})
    assert not app.extensions["pbem_limiter"].on
    assert parse_limits("create=50/10m")["create"] == Limit(50, 600)
    assert parse_limits("create=50/10m")["links"] == DEFAULT_LIMITS["links"]
    with pytest.raises(ValueError, match="NAME=COUNT/PERIOD"):
        parse_limits("games=5")


def test_a_setting_that_cannot_be_used_stops_the_server_with_a_reason(monkeypatch, capsys, var_dir):
    from pbem import cli

    monkeypatch.setenv("PBEM_VAR", str(var_dir))
    for name, value, reason in (("PBEM_RATE_LIMITS", "create=lots", "NAME=COUNT/PERIOD"),
                                ("PBEM_RATE_LIMITS", "create=5/forever", "not a duration"),
                                ("PBEM_TRUSTED_PROXIES", "the-proxy", "not an address or network")):
        monkeypatch.setenv(name, value)
        assert cli.main(["serve", "--port", "1"]) == 2
        assert reason in capsys.readouterr().err
        monkeypatch.delenv(name)


def test_game_creation_on_the_api_is_limited_per_address_with_a_json_429_and_retry_after(var_dir, database):
    app = limited_app(var_dir, database)
    client = from_address(app, "203.0.113.7")
    assert client.post("/api/games", json={"game": "nosuch", "players": DUO}).status_code == 422  # not counted
    assert [client.post("/api/games", json=GAME).status_code for _ in range(3)] == [201, 201, 201]
    refused = client.post("/api/games", json=GAME)
    assert refused.status_code == 429
    assert "too many requests" in refused.json["error"] and "at most 3 per hour" in refused.json["error"]
    # the sliding window may ask for a little more than the period when the last one was full
    assert 1 <= int(refused.headers["Retry-After"]) <= 2 * 3600
    # another address is not held back by this one
    assert from_address(app, "203.0.113.8").post("/api/games", json=GAME).status_code == 201


def test_game_creation_from_the_form_is_limited_with_a_plain_429_page(var_dir, database):
    app = limited_app(var_dir, database, limits="create=1/1h")
    client = from_address(app, "198.51.100.1")
    token = csrf(client.get("/new/mississippi").get_data(as_text=True))
    fields = {"csrf": token, "name0": "Ann", "name1": "Bob"}
    assert client.post("/new/mississippi", data=fields).status_code == 303
    refused = client.post("/new/mississippi", data=fields)
    assert refused.status_code == 429 and refused.mimetype == "text/html"
    assert "Too many requests" in refused.get_data(as_text=True) and int(refused.headers["Retry-After"]) > 0


def test_a_429_is_in_the_readers_language_with_the_same_numbers_and_retry_after(var_dir, database):
    """Issue 26: the API's error and the page say the limit in the reader's language (its name as the
    setting spells it, its numbers as in English); the API's code is the English; Retry-After is there."""
    app = limited_app(var_dir, database, limits="create=1/1h")
    client = from_address(app, "192.0.2.26")
    assert client.post("/api/games", json=GAME).status_code == 201
    said = {}
    for language in ("en", "de", "fr"):
        refused = client.post("/api/games", json=GAME, headers={"Accept-Language": language})
        assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 2 * 3600
        said[language] = refused.json
        assert said[language]["code"].startswith("too many requests (create: at most 1 per hour); try again in ")
    assert said["en"]["error"] == said["en"]["code"]
    assert said["de"]["error"].startswith("zu viele Anfragen (create: höchstens 1 pro Stunde); versuche es in ")
    assert said["fr"]["error"].startswith("trop de requêtes (create : au plus 1 par heure) ; réessayez dans ")
    token = csrf(client.get("/new/mississippi").get_data(as_text=True))
    page = client.post("/new/mississippi", data={"csrf": token, "name0": "Ann", "name1": "Bob"},
                       headers={"Accept-Language": "de"})
    assert page.status_code == 429 and page.mimetype == "text/html" and int(page.headers["Retry-After"]) > 0
    text = page.get_data(as_text=True)
    assert "Zu viele Anfragen: zu viele Anfragen (create: höchstens 1 pro Stunde)" in text
    assert "Too many requests" not in text and "try again" not in text


def test_lost_link_requests_are_limited(var_dir, database):
    app = limited_app(var_dir, database)
    client = from_address(app, "192.0.2.44")
    token = csrf(client.get("/links").get_data(as_text=True))
    statuses = [client.post("/links", data={"csrf": token, "address": "ann@example.org"}).status_code
                for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_inbound_mail_is_limited_before_the_secret_is_checked(var_dir, database):
    app = limited_app(var_dir, database, INBOUND_SECRET="s3cret")
    client = from_address(app, "192.0.2.80")
    guesses = [client.post("/api/mail/inbound", data=b"x", headers={"Authorization": f"Bearer guess{i}"}).status_code
               for i in range(4)]
    assert guesses == [403, 403, 403, 429]


def test_form_posts_are_limited(var_dir, database):
    app = limited_app(var_dir, database, limits="form=2/1m")
    client = from_address(app, "192.0.2.90")
    token = csrf(client.get("/links").get_data(as_text=True))
    statuses = [client.post("/links", data={"csrf": token, "address": "x@example.org"}).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    assert client.get("/links").status_code == 200  # reading pages is not limited


def test_the_client_is_the_socket_peer_unless_a_trusted_proxy_names_it(var_dir, database):
    untrusted = limited_app(var_dir, database, limits="create=1/1h")
    client = from_address(untrusted, "203.0.113.50")
    forged = [client.post("/api/games", json=GAME, headers={"X-Forwarded-For": f"10.0.0.{i}"}).status_code
              for i in range(2)]
    assert forged == [201, 429]  # a header a client writes itself changes nothing

    proxied = limited_app(var_dir, database, limits="create=1/1h", TRUSTED_PROXIES="127.0.0.1, 10.9.0.0/16")
    proxy = from_address(proxied, "127.0.0.1")

    def create(forwarded):
        return proxy.post("/api/games", json=GAME, headers={"X-Forwarded-For": forwarded}).status_code

    assert create("198.51.100.20") == 201
    assert create("198.51.100.21") == 201  # another client behind the same proxy
    # what a client writes left of its real address, and our own proxies' hops, do not change who it is
    assert create("1.2.3.4, 198.51.100.20") == 429
    assert create("198.51.100.20, 10.9.3.3") == 429


def test_ipv6_addresses_count_per_64():
    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff::9")
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:192.0.2.1") == address_key("192.0.2.1")


def test_the_window_slides_and_retry_after_is_honest(database):
    now = [1_000_000.0]
    limiter = Limiter(database, {"create": Limit(4, 60)}, clock=lambda: now[0])
    for _ in range(4):
        limiter.hit("create", "192.0.2.1")
    with pytest.raises(Limited) as refused:
        limiter.hit("create", "192.0.2.1")
    wait = refused.value.retry_after
    now[0] += wait - 1
    with pytest.raises(Limited):
        limiter.hit("create", "192.0.2.1")  # a second early is still too early
    now[0] += 1
    limiter.hit("create", "192.0.2.1")  # Retry-After later, there is room again
    # across the window's edge a client gets no second burst: the previous window still weighs
    now[0] = (now[0] // 60 + 1) * 60 + 1
    with pytest.raises(Limited):
        for _ in range(4):
            limiter.hit("create", "192.0.2.1")


def post_json(url, body):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.slow
def test_two_server_processes_on_one_database_count_together(var_dir, database):
    ports = [free_port(), free_port()]
    processes = [start_pbem(var_dir, port, database, PBEM_RATE_LIMITS="create=5/1h") for port in ports]
    try:
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        statuses = [post_json(f"{bases[i % 2]}/api/games", GAME) for i in range(8)]
    finally:
        for process in processes:
            process.terminate()
            process.wait(10)
    assert statuses == [201] * 5 + [429] * 3


def test_one_click_unsubscribes_do_not_count_as_form_posts(var_dir, database):
    """A mail provider POSTs the one-click unsubscribes of many people from one address."""
    app = limited_app(var_dir, database, limits="form=1/1m")
    from pbem.site import Site

    site = Site.from_config(app.config)
    client = from_address(app, "192.0.2.99")
    for i in range(3):
        path = site.unsubscribe_url(f"p{i}@example.org").removeprefix("http://pbem.test")
        assert client.post(path, data="List-Unsubscribe=One-Click",
                           content_type="application/x-www-form-urlencoded").status_code == 200


def post_answer(url, body):
    """(status, headers, JSON body) of a POST to a real server."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.headers, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.headers, json.loads(error.read())


@pytest.mark.slow
def test_four_threads_on_two_workers_make_no_more_games_than_the_limit(var_dir, database):
    """The audit made 22 games where 20 were allowed: the limit was checked before the game was made and
    counted after, so threads in between all passed the check. Checked and counted in one step now."""
    import threading

    from tests.conftest import start_server, stop_server

    process, base = start_server(var_dir, database, "--workers", "2", "--no-scheduler",
                                 env={"PBEM_RATE_LIMITS": "create=20/1h,form=1000/1m"})
    statuses, start = [], threading.Barrier(4)

    def client():
        start.wait()
        for _ in range(10):
            statuses.append(post_answer(f"{base}/api/games", GAME)[0])

    try:
        threads = [threading.Thread(target=client) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        stop_server(process)
    assert sorted(statuses) == [201] * 20 + [429] * 20


def test_counters_that_cannot_be_read_refuse_with_503_and_retry_after(var_dir, database):
    """The limiter let every request through when its counters failed, lifting every limit at once."""
    from pbem import store
    from tests.conftest import start_server, stop_server

    db = store.connect(database)  # counters that cannot be read: their table is gone
    db.execute("drop table hits")
    db.close()
    process, base = start_server(var_dir, database, "--no-scheduler", env={"PBEM_RATE_LIMITS": "on"})
    try:
        status, headers, body = post_answer(f"{base}/api/games", GAME)
        assert status == 503 and int(headers["Retry-After"]) > 0 and "try again" in body["error"]
        status, headers, _ = post_answer(f"{base}/api/signin", {"email": "ann@example.org"})
        assert status == 503 and int(headers["Retry-After"]) > 0
    finally:
        stop_server(process)


def test_games_of_computer_seats_only_are_limited_per_client_apart(var_dir, database):
    """Audit N7: a game of six computer seats costs half a minute of a processor, and anyone could start
    twenty an hour. Three an hour by default; games with a person's seat count as before."""
    from tests.conftest import start_server, stop_server

    computers = {"game": "mississippi", "players": [{"name": f"C{i}", "bot": "standard"} for i in range(6)]}
    process, base = start_server(var_dir, database, "--no-scheduler", env={"PBEM_RATE_LIMITS": "on"})  # the defaults
    try:
        assert [post_answer(f"{base}/api/games", computers)[0] for _ in range(3)] == [201] * 3
        status, headers, body = post_answer(f"{base}/api/games", computers)
        assert status == 429 and "computer" in body["error"] and int(headers["Retry-After"]) > 0
        assert post_answer(f"{base}/api/games", {**computers, "players": DUO[:1] + computers["players"][1:]})[0] == 201
        assert post_answer(f"{base}/api/games", GAME)[0] == 201
    finally:
        stop_server(process)
    assert DEFAULT_LIMITS["computer"] == Limit(3, 3600)


def test_tournaments_are_limited_per_client_and_per_signed_in_address(var_dir, database):
    """Each tournament is listed on everyone's tournaments page: a signed-in address makes at most so many
    an hour, from any client; a refused one gives its count back."""
    from datetime import datetime, timedelta, timezone

    from pbem import store
    from pbem.people import accounts
    from pbem.play import service
    from pbem.site import Site

    app = limited_app(var_dir, database, limits="tournament=2/1h,form=1000/1m")
    db = store.connect(database)
    token = accounts.key_of(db, Site.from_config(app.config), "olga@example.org", "token", service.utcnow())
    close = (datetime.now(timezone.utc) + timedelta(days=2)).isoformat(timespec="seconds").replace("+00:00", "Z")
    body = {"game": "rigadoon", "format": "round_robin", "players_per_game": 2, "clock": "3d",
            "entries_close": close, "name": "Cup"}
    auth = {"Authorization": f"Bearer {token}"}
    first = from_address(app, "203.0.113.20")
    assert first.put("/api/me/settings", json={"public_name": "Olga"}, headers=auth).status_code == 200
    assert first.post("/api/tournaments", json={**body, "format": "swiss"}, headers=auth).status_code == 422
    assert [first.post("/api/tournaments", json=body, headers=auth).status_code for _ in range(2)] == [201, 201]
    refused = first.post("/api/tournaments", json=body, headers=auth)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    # the same address from another client is still over its own limit; another address there is not
    assert from_address(app, "203.0.113.21").post("/api/tournaments", json=body, headers=auth).status_code == 429
    other = accounts.key_of(db, Site.from_config(app.config), "paul@example.org", "token", service.utcnow())
    assert first.put("/api/me/settings", json={"public_name": "Paul"},
                     headers={"Authorization": f"Bearer {other}"}).status_code == 200
    assert from_address(app, "203.0.113.21").post("/api/tournaments", json=body,
                                                  headers={"Authorization": f"Bearer {other}"}).status_code == 201
    db.close()
