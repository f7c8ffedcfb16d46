"""Small helpers the platform tests share (not fixtures: plain functions over the service)."""

import http.cookiejar
import json
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from html import unescape

from pbem.play import service

THREE = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}, {"name": "Cy"}]

# Ann's boat three empty fields from the goal, the others far away: `forward 3` wins.
NEAR_GOAL = {"boats": {"0": {"field": 80, "east": 1, "logs": 20}, "1": {"field": 10, "east": 1, "logs": 20},
                       "2": {"field": 30, "east": 1, "logs": 20}}, "supply": 0, "to_move": 0}


def play_out(db, site, created, choose=lambda legal: legal[0], limit=500):
    """Play a game through the service to its end, each seat choosing with `choose`; returns the moves."""
    played = []
    for _ in range(limit):
        loaded = service.load(db, created.id)
        if loaded.finished:
            return played
        seat = min(loaded.module.to_move(loaded.state))
        legal = loaded.module.legal_moves(loaded.state, seat)
        move = choose(legal)
        service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq)
        played.append((seat, move))
    raise AssertionError(f"game did not end within {limit} moves")


def play_randomly(db, site, created, steps, rng):
    """Up to `steps` moves through the service, each by a seat that owes one, chosen with `rng` among
    its legal moves; returns the game as loaded at the end."""
    for _ in range(steps):
        loaded = service.load(db, created.id)
        if loaded.finished:
            break
        seat = rng.choice(sorted(loaded.to_move))
        move = rng.choice(loaded.module.legal_moves(loaded.state, seat))
        service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq)
    return service.load(db, created.id)


class Browser:
    """A cookie-keeping HTTP client: enough of a browser for forms that work without scripts."""

    def __init__(self):
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, url):
        with self.opener.open(url, timeout=30) as response:
            return response.status, response.read().decode()

    def get_json(self, url, token=None):
        request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
        with self.opener.open(request, timeout=30) as response:
            return json.loads(response.read())

    def post(self, url, fields):
        data = urllib.parse.urlencode(fields).encode()
        try:
            with self.opener.open(urllib.request.Request(url, data=data), timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


def csrf(page):
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def start_from_the_form(browser, server, name, fields):
    """Start a game on its options page as a person would; returns (game id, seat links in seat order)."""
    _, form = browser.get(f"{server}/new/{name}")
    status, created = browser.post(f"{server}/new/{name}", {"csrf": csrf(form), **fields})  # 303 to /started
    assert status == 200 and "has started" in created, created[:2000]
    links = re.findall(r'<a href="(' + re.escape(server) + r'/play/[^"]+)">', created)
    game_url = re.search(r'<a href="(' + re.escape(server) + r'/games/[^"]+)">', created).group(1)
    return game_url.rsplit("/", 1)[1], links


def offered_moves(page):
    """The legal moves as a seat page's form offers them (a button each, or a list when there are many)."""
    options = re.findall(r"<option>([^<]*)</option>", page) or \
        re.findall(r'<button type="submit" name="move" value="([^"]*)">', page)
    return [unescape(option) for option in options]


def seen_seq(page):
    return int(re.search(r'name="seq" value="(\d+)"', page).group(1))


def play_through_the_form(browser, link, page, move):
    """Play a move as a person does without scripts: choose it on the seat page, then confirm it on the
    confirmation page that follows. Returns (status, page after)."""
    status, confirm = browser.post(link, {"csrf": csrf(page), "seq": seen_seq(page), "move": move})
    assert status == 200 and "Confirm your move" in confirm, confirm[:2000]
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', confirm))
    assert unescape(fields["move"]) == move and fields["confirmed"] == "1"
    return browser.post(link, {key: unescape(value) for key, value in fields.items()})


def every_page_answers(client, game_id, tokens, at_every_seq=True):
    """GET every page and JSON view of a game for every seat and a spectator, the history at every seq
    (or only at the last), the records and the state API, through Flask's test client. Each must answer
    200: a position the server accepted must show everywhere. Returns the number of pages fetched."""
    seq = json.loads(client.get(f"/api/games/{game_id}").data)["seq"]
    seqs = range(1, seq + 1) if at_every_seq else [seq]
    urls = [f"/games/{game_id}", f"/games/{game_id}/export.json", f"/api/games/{game_id}",
            f"/api/games/{game_id}/events"]
    urls += [f"/games/{game_id}/history?at={k}" for k in seqs]
    urls += [f"/api/games/{game_id}/state?at={k}" for k in seqs]
    for token in tokens:
        urls += [f"/play/{token}", f"/play/{token}/export.json", f"/play/{token}/settings"]
        urls += [f"/play/{token}/history?at={k}" for k in seqs]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, f"GET {url} answered {response.status_code}: {response.data[:800]!r}"
    for token in tokens:
        for path in (f"/api/games/{game_id}", f"/api/games/{game_id}/events"):
            response = client.get(path, headers={"Authorization": f"Bearer {token}"})
            assert response.status_code == 200, f"GET {path} as a seat answered {response.status_code}"
    return len(urls)


def start_pbem(var_dir, port, database, **env):
    """A real `pbem serve --no-scheduler` on `database` and a loopback port with these PBEM_ variables,
    once it answers."""
    from tests.conftest import start_server

    process, _ = start_server(var_dir, database, "--no-scheduler", port=port, env=env)
    return process


@contextmanager
def serving(var_dir, database, *args, env=None):
    """`with serving(var_dir, database, "--workers", "2", env={...}) as base:` a real `pbem serve` on
    `database` for the block's length (stopped however the block ends); `base` is its URL."""
    from tests.conftest import start_server, stop_server

    process, base = start_server(var_dir, database, *args, env=env)
    try:
        yield base
    finally:
        stop_server(process)


def json_call(url, body=None, token=None, method=None):
    """(status, JSON answer) of a request to a real server's API: a POST of `body` when there is one, a GET
    otherwise (or `method`), as the seat of `token` when given. A refusal is answered, not raised."""
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def wait_for(condition, seconds: float, what: str):
    """Ask `condition()` every 0.2 s until it answers something true, and return that; fail naming `what`
    after `seconds` (a generous bound: what is checked is that it happens, not how soon)."""
    deadline = time.monotonic() + seconds
    while True:
        found = condition()
        if found:
            return found
        assert time.monotonic() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.2)


def race(count: int, action) -> list:
    """Run `action(k)` in `count` threads released together by a barrier (so that they really race);
    returns what each returned, in the order they finished."""
    barrier = threading.Barrier(count)
    results = []

    def racer(k):
        barrier.wait()
        results.append(action(k))

    threads = [threading.Thread(target=racer, args=(k,)) for k in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def proven(db, game_id, *addresses):
    """People who have followed a link mailed to them from this game ('': a sign-in link; pbem/web/proof.py):
    past three mails, its mail reaches them still. Tests whose players play on without opening a mail say so."""
    from pbem import store
    from pbem.play import service

    with store.immediate(db):
        for address in addresses:
            store.prove_address(db, address, game_id, service.utcnow())


def start_nginx(folder, site: str, port: int, connections: int = 256):
    """Debian's nginx in the foreground, serving `site` (a server block, e.g. derived from
    pbem/deploy/nginx.conf) with every file of its own under `folder`; returns the process once `port`
    accepts connections."""
    import shutil
    import socket
    import subprocess
    from pathlib import Path

    folder = Path(folder)
    (folder / "pbem-site.conf").write_text(site)
    for temporary in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (folder / temporary).mkdir(exist_ok=True)
    (folder / "nginx.conf").write_text(f"""
user root;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections {connections}; }}
http {{
    client_body_temp_path {folder}/body; proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi; uwsgi_temp_path {folder}/uwsgi; scgi_temp_path {folder}/scgi;
    include {folder}/pbem-site.conf;
}}
""")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    process = subprocess.Popen([nginx, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 15
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                error_log = folder / "error.log"
                raise AssertionError("nginx did not start: " + (error_log.read_text() if error_log.exists() else ""))
            time.sleep(0.05)
