"""Web Push (issue 30, architecture section 21): the server's VAPID key, subscriptions for a seat or an
address, and delivery as one more outbox channel, through a real `pbem serve` and a real push receiver on
loopback. The receiver is a push service and a browser in one: it checks each POST's VAPID JWT (ES256)
against the key the server publishes, and decrypts the `aes128gcm` payload with the subscription's own
private key and auth secret, as a browser would (http_ece and cryptography, which come with pywebpush)."""

from __future__ import annotations

import base64
import json
import random
import secrets
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from pbem import store
from pbem.words import lines_of, tell
from tests.conftest import free_port
from tests.support import json_call as call
from tests.support import serving, wait_for


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Device:
    """One browser's subscription: its own P-256 key pair and auth secret, its endpoint on the receiver."""

    def __init__(self, receiver: "PushReceiver", name: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = secrets.token_bytes(16)
        self.endpoint = f"{receiver.origin}/push/{name}"
        self.name = name

    def subscription(self) -> dict:
        point = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                   serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "expirationTime": None, "keys": {"p256dh": b64(point), "auth": b64(self.auth)}}


class PushReceiver:
    """A push service on loopback: every POST's VAPID signature is checked with the server's public key
    (`server_key`) and its body decrypted with the device's keys; `answer[name]` is the status it gives."""

    def __init__(self):
        self.devices: dict[str, Device] = {}
        self.received: dict[str, list[dict]] = {}
        self.problems: list[str] = []
        self.answer: dict[str, int] = {}
        self.server_key: str | None = None
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                name = self.path.rsplit("/", 1)[-1]
                status = receiver.answer.get(name, 201)
                if status in (201, 202):
                    receiver.take(name, dict(self.headers), body)
                else:
                    with receiver.lock:
                        receiver.received.setdefault(name + ":refused", []).append({})
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def device(self, name: str) -> Device:
        self.devices[name] = Device(self, name)
        return self.devices[name]

    def take(self, name: str, headers: dict, body: bytes) -> None:
        try:
            self.check_vapid(headers)
            assert headers.get("Content-Encoding") == "aes128gcm", headers
            assert int(headers.get("TTL", "0")) > 0, "a push without a TTL is dropped by a device that is off"
            device = self.devices[name]
            plain = http_ece.decrypt(body, private_key=device.key, auth_secret=device.auth, version="aes128gcm")
            with self.lock:
                self.received.setdefault(name, []).append(json.loads(plain))
        except Exception as error:  # noqa: BLE001 - reported by the test, not lost in the server's thread
            self.problems.append(f"{name}: {type(error).__name__}: {error}")

    def check_vapid(self, headers: dict) -> None:
        """RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT signed ES256 by that key, which
        must be the server's, for this origin, not expired."""
        scheme, _, rest = headers["Authorization"].partition(" ")
        assert scheme == "vapid", scheme
        fields = dict(part.strip().split("=", 1) for part in rest.split(","))
        assert fields["k"] == self.server_key, "signed with a key that is not the server's"
        head, claims, signature = fields["t"].split(".")
        assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
        claim = json.loads(unb64(claims))
        assert claim["aud"] == self.origin and claim["exp"] > time.time() and \
            claim["sub"].startswith(("mailto:", "https:")), claim
        raw = unb64(signature)
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(self.server_key))
        try:
            public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                          f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            raise AssertionError("the VAPID signature does not verify with the server's key") from None

    def pushes(self, name: str) -> list[dict]:
        with self.lock:
            return list(self.received.get(name, []))

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    made = PushReceiver()
    yield made
    made.close()
    assert made.problems == []


ENV = {"PBEM_ALLOW_PRIVATE_WEBHOOKS": "1", "PBEM_VAPID_SUBJECT": "mailto:operator@pbem.test"}


def new_game(base, game, players):
    status, created = call(base + "/api/games", {"game": game, "players": players})
    assert status == 201, created
    return created["id"], [seat.get("token") for seat in created["seats"]]


def play(base, game_id, tokens, rng=None) -> int:
    """One move by a seat that owes one (the first legal move, or a random one); returns that seat."""
    seat = call(f"{base}/api/games/{game_id}")[1]["to_move"][0]
    mine = call(f"{base}/api/games/{game_id}", token=tokens[seat])[1]
    move = rng.choice(mine["legal"]) if rng else mine["legal"][0]
    status, answer = call(f"{base}/api/games/{game_id}/moves", {"move": move, "seq": mine["seq"]}, tokens[seat])
    assert status == 201, answer
    return seat


def report_opened(base, key: str) -> int:
    """What the service worker does when a push's notification is clicked: the status of its report."""
    request = urllib.request.Request(base + "/api/push/opened", data=json.dumps({"notice": key}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def test_the_vapid_key_is_made_once_and_kept(var_dir, database):
    """The key pair is made at the first start and kept in the database: a restart publishes the same key
    (a browser's subscription is bound to it), an uncompressed P-256 point in base64url."""
    with serving(var_dir, database, "--no-scheduler", env=ENV) as base:
        status, first = call(base + "/api/push/key")
    assert status == 200
    point = unb64(first["key"])
    assert len(point) == 65 and point[0] == 4
    ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)  # a point on the curve
    with serving(var_dir, database, "--no-scheduler", env=ENV) as base:
        assert call(base + "/api/push/key") == (200, first)


def test_subscriptions_are_refused_unless_https_and_public(var_dir, database, receiver):
    """422 for an endpoint that is not https, or that the webhooks' address checks refuse (loopback and
    private addresses without PBEM_ALLOW_PRIVATE_WEBHOOKS=1); 401 without a seat or a session; a seat's
    subscription is removed by that seat only."""
    device = receiver.device("dev")
    with serving(var_dir, database, "--no-scheduler", env={"PBEM_VAPID_SUBJECT": "mailto:operator@pbem.test"}) as base:
        game_id, tokens = new_game(base, "mississippi", [{"name": "Ann"}, {"name": "Bob"}])
        url = base + "/api/push/subscriptions"
        assert call(url, device.subscription())[0] == 401
        for endpoint in (device.endpoint, "http://push.example.org/x", "https://127.0.0.1/push/x",
                         "https://10.1.2.3/push/x", "ftp://push.example.org/x"):
            status, answer = call(url, {**device.subscription(), "endpoint": endpoint}, tokens[0])
            assert status == 422, (endpoint, answer)
    with serving(var_dir, database, "--no-scheduler", env=ENV) as base:
        status, answer = call(url := base + "/api/push/subscriptions", device.subscription(), tokens[0])
        assert status == 201, answer
        assert call(base + f"/api/push/subscriptions/{answer['id']}", token=tokens[1], method="DELETE")[0] == 404
        status, _ = call(url, {**device.subscription(), "endpoint": "http://192.0.2.1/x"}, tokens[0])
        assert status == 422  # http is for loopback only, even with private addresses allowed
        bad_keys = {**device.subscription(), "keys": {"p256dh": "AAAA", "auth": "AAAA"}}
        assert call(url, bad_keys, tokens[0])[0] == 422
        request = f"{base}/api/push/subscriptions/{answer['id']}"
        with urllib.request.urlopen(urllib.request.Request(
                request, method="DELETE", headers={"Authorization": f"Bearer {tokens[0]}"}), timeout=30) as done:
            assert done.status == 204


def test_a_seat_s_device_gets_each_your_turn_encrypted_and_no_other_seat_s(var_dir, database, receiver):
    """A device subscribed for Ann's seat gets a push for each "your turn" of hers that decrypts (with its
    own keys) to the notice's words and her seat link, and nothing of Bob's; Bob's device gets his."""
    with serving(var_dir, database, env=ENV) as base:
        receiver.server_key = call(base + "/api/push/key")[1]["key"]
        game_id, tokens = new_game(base, "mississippi", [{"name": "Ann", "email": "ann@example.org"},
                                                         {"name": "Bob", "email": "bob@example.org"}])
        for seat, name in enumerate(("ann", "bob")):
            status, answer = call(base + "/api/push/subscriptions", receiver.device(name).subscription(), tokens[seat])
            assert status == 201, answer
        turns = {0: 0, 1: 0}
        for _ in range(6):
            mover = play(base, game_id, tokens)
            state = call(f"{base}/api/games/{game_id}")[1]
            for seat in state["to_move"]:
                if seat != mover:
                    turns[seat] += 1
        wait_for(lambda: len(receiver.pushes("ann")) >= turns[0] and len(receiver.pushes("bob")) >= turns[1], 60,
                 "the pushes of each turn")
        time.sleep(1)  # nothing more comes
    assert turns[0] >= 2 and turns[1] >= 2
    for name, seat in (("ann", 0), ("bob", 1)):
        got = receiver.pushes(name)
        assert len(got) == turns[seat], got
        for push in got:
            assert push["url"] == f"{base}/play/{tokens[seat]}"
            assert "your turn" in push["title"] and game_id in push["title"]
            assert f"Your turn, {('Ann', 'Bob')[seat]}." in push["body"]
            assert tokens[1 - seat] not in json.dumps(push)  # the other seat's link is never in it
            assert push["notice"]


def test_a_device_the_push_service_dropped_is_removed_and_the_seat_page_says_so(var_dir, database, receiver):
    """A 410 from the push service: the subscription is removed (no push tried again), the notice failed,
    and the seat page says that the device will get no more notices; the page shows each push notice's
    delivery (accepted, failed)."""
    with serving(var_dir, database, env=ENV) as base:
        receiver.server_key = call(base + "/api/push/key")[1]["key"]
        game_id, tokens = new_game(base, "mississippi", [{"name": "Ann", "email": "ann@example.org"},
                                                         {"name": "Bob", "email": "bob@example.org"}])
        status, answer = call(base + "/api/push/subscriptions", receiver.device("ann").subscription(), tokens[0])
        assert status == 201
        while 0 not in call(f"{base}/api/games/{game_id}")[1]["to_move"] or not receiver.pushes("ann"):
            play(base, game_id, tokens)
            time.sleep(0.3)
            if receiver.pushes("ann"):
                break
        wait_for(lambda: receiver.pushes("ann"), 60, "a first push, accepted")
        receiver.answer["ann"] = 410
        for _ in range(4):
            play(base, game_id, tokens)
        wait_for(lambda: receiver.received.get("ann:refused"), 60, "the push the service refuses")
        time.sleep(1)
        with urllib.request.urlopen(f"{base}/play/{tokens[0]}", timeout=30) as response:
            page = response.read().decode()
        assert "no longer reaches" in page, page
        assert "accepted" in page
        assert len(receiver.received["ann:refused"]) == 1  # removed: never tried again
        status, _ = call(base + f"/api/push/subscriptions/{answer['id']}", token=tokens[0], method="DELETE")
        assert status == 404


SECRET_SEATS = 3


@pytest.mark.sqlite_only
def test_a_push_never_carries_another_seat_s_hidden_facts(var_dir, database, receiver):
    """Buccaneer's hands are hidden: every seat's device gets pushes composed for that seat, and no line
    told only to another seat (its own cards) is in any of them."""
    rng = random.Random(30)
    players = [{"name": f"P{seat}", "email": f"p{seat}@example.org"} for seat in range(SECRET_SEATS)]
    with serving(var_dir, database, env=ENV) as base:
        receiver.server_key = call(base + "/api/push/key")[1]["key"]
        game_id, tokens = new_game(base, "buccaneer", players)
        for seat in range(SECRET_SEATS):
            assert call(base + "/api/push/subscriptions", receiver.device(f"s{seat}").subscription(),
                        tokens[seat])[0] == 201
        for _ in range(30):
            play(base, game_id, tokens, rng)
        wait_for(lambda: all(receiver.pushes(f"s{seat}") for seat in range(SECRET_SEATS)), 60, "pushes to every seat")
        time.sleep(2)
    db = store.connect(database)
    try:
        from pbem.play import loading
        head = loading.load(db, game_id)
        told = {seat: set(lines_of(tell(db, head, seat, 0))) for seat in range(SECRET_SEATS)}
    finally:
        db.close()
    private_somewhere = False
    for seat in range(SECRET_SEATS):
        bodies = " ".join(push["body"] for push in receiver.pushes(f"s{seat}"))
        for other in range(SECRET_SEATS):
            for line in told[other] - told[seat]:
                private_somewhere = True
                assert line not in bodies, (seat, other, line)
    assert private_somewhere, "the seats should have been told different things"


def test_an_address_s_device_serves_all_its_seats_and_reports_what_was_opened(var_dir, database, receiver):
    """A device subscribed with the personal token of /me gets the notices of every seat of that address, in
    every game, each with that seat's own link; the service worker's report that one was opened is taken
    with the key the push carried (and refused for a key made up), and the seat page says it was opened."""
    from pbem.people import accounts
    from pbem.site import Site

    env = {**ENV, "PBEM_SECRET_KEY": "push-test-key"}
    with serving(var_dir, database, env=env) as base:
        receiver.server_key = call(base + "/api/push/key")[1]["key"]
        games = [new_game(base, "mississippi", [{"name": "Ann", "email": "ann@example.org"},
                                                {"name": f"Bob{n}", "email": f"bob{n}@example.org"}]) for n in range(2)]
        db = store.connect(database)
        try:
            personal = accounts.key_of(db, Site(base, "push-test-key", var_dir), "ann@example.org", "token",
                                       "2026-11-28T00:00:00Z")
        finally:
            db.close()
        status, answer = call(base + "/api/push/subscriptions", receiver.device("ann").subscription(), personal)
        assert status == 201, answer
        for game_id, tokens in games:
            while 0 not in call(f"{base}/api/games/{game_id}")[1]["to_move"]:
                play(base, game_id, tokens)
            play(base, game_id, tokens)  # Ann's move: then Bob's, and Ann's turn again
            play(base, game_id, tokens)
        links = {f"{base}/play/{tokens[0]}" for _, tokens in games}
        wait_for(lambda: {push["url"] for push in receiver.pushes("ann")} == links, 60, "a push from each game")
        pushed = receiver.pushes("ann")[0]
        assert report_opened(base, pushed["notice"] + "x") == 404
        notice_id, _, mac = pushed["notice"].partition(".")
        assert report_opened(base, f"{int(notice_id) + 1}.{mac}") == 404  # another notice's key cannot be made
        for odd in ("²." + mac, f"{notice_id}.é", "", "1" * 40):
            assert report_opened(base, odd) == 404, odd
        assert report_opened(base, pushed["notice"]) == 204
        with urllib.request.urlopen(pushed["url"], timeout=30) as response:
            assert ", opened</li>" in response.read().decode()  # the seat page lists it opened


def test_a_device_subscribed_by_a_replaced_link_gets_nothing_more(var_dir, database, receiver):
    """A seat's subscription is bound to the link it came with: once the link is replaced (it leaked, or
    the seat was handed on), a device subscribed through the old one gets none of the seat's notices,
    and one subscribed through the new link does."""
    with serving(var_dir, database, env=ENV) as base:
        receiver.server_key = call(base + "/api/push/key")[1]["key"]
        game_id, tokens = new_game(base, "mississippi", [{"name": "Ann", "email": "ann@example.org"},
                                                         {"name": "Bob", "email": "bob@example.org"}])
        assert call(base + "/api/push/subscriptions", receiver.device("old").subscription(), tokens[0])[0] == 201
        status, rotated = call(f"{base}/api/games/{game_id}/rotate", {}, tokens[0])
        assert status == 201, rotated
        tokens[0] = rotated["token"]
        assert call(base + "/api/push/subscriptions", receiver.device("new").subscription(), tokens[0])[0] == 201
        for _ in range(4):
            play(base, game_id, tokens)
        wait_for(lambda: len(receiver.pushes("new")) >= 2, 60, "the pushes to the device of the new link")
        time.sleep(1)
    assert receiver.pushes("old") == []
    assert {push["url"] for push in receiver.pushes("new")} == {f"{base}/play/{tokens[0]}"}


def test_three_unopened_pushes_near_a_deadline_bring_the_notice_by_mail_too(var_dir, database, receiver, smtp_sink):
    """Ann's mail notices are off and her device gets each push, but opens none: once three went unopened,
    with her move due within a day (a 12-hour clock), the next notice comes by mail too, saying that push
    seems not to reach her; Bob, who opened his, gets no such mail."""
    env = {**ENV, "PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test"}
    with serving(var_dir, database, env=env) as base:
        receiver.server_key = call(base + "/api/push/key")[1]["key"]
        status, created = call(base + "/api/games", {
            "game": "mississippi", "options": {"time_per_move": "12h"},
            "players": [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]})
        assert status == 201, created
        game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
        for seat, name in enumerate(("ann", "bob")):
            assert call(f"{base}/api/games/{game_id}/settings", {"email_on": False}, tokens[seat], "PUT")[0] == 200
            assert call(base + "/api/push/subscriptions", receiver.device(name).subscription(), tokens[seat])[0] == 201
        opened = set()
        for _ in range(40):
            play(base, game_id, tokens)
            for push in receiver.pushes("bob"):  # Bob opens each of his
                if push["notice"] not in opened:
                    assert report_opened(base, push["notice"]) == 204
                    opened.add(push["notice"])
            if len(receiver.pushes("ann")) >= 4:
                break
            time.sleep(0.5)
        wait_for(lambda: len(receiver.pushes("ann")) >= 4, 60, "four pushes to Ann")
        wait_for(lambda: unreached(smtp_sink.messages), 60, "the mail that says push does not reach Ann")
        time.sleep(1)
    assert {m["To"] for m in unreached(smtp_sink.messages)} == {"ann@example.org"}  # Bob opened his


def unreached(messages) -> list:
    """The mails that say push does not reach their player."""
    return [m for m in messages if "seem not to reach you" in m.get_body(("plain",)).get_content()]
