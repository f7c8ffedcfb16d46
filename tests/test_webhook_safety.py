"""Webhooks (issue 10, item 8): the delivery connects to the address that was checked (no second DNS
resolution: a rebinding resolver cannot send it elsewhere), https still checks the certificate against
the host name, each POST carries a delivery id (the same on retries) and a signed timestamp, and
`@everyone`/`@here` in a player's name ping no Discord channel."""

import hashlib
import hmac
import json
import socket
import ssl
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from pbem.notify import sender, webhook
from pbem.play import service
from tests.conftest import free_port

NOW = "2026-11-21T10:00:00Z"


class Sink:
    def __init__(self, host, port, tls=None):
        self.requests = []
        self.status = 204
        sink = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                sink.requests.append((dict(self.headers), body))
                self.send_response(sink.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer((host, port), Handler)
        if tls is not None:
            self.server.socket = tls.wrap_socket(self.server.socket, server_side=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def sinks():
    opened = []

    def open_sink(host, port, tls=None):
        sink = Sink(host, port, tls)
        opened.append(sink)
        return sink

    yield open_sink
    for sink in opened:
        sink.close()


def rebinding_resolver(monkeypatch, answers):
    """A resolver that gives each answer in turn for hook.example, as a DNS server rebinding the name
    between a check and a connection would; other names resolve as usual. Returns the calls made."""
    real = socket.getaddrinfo
    calls = []

    def getaddrinfo(host, port, *args, **kwargs):
        if host != "hook.example":
            return real(host, port, *args, **kwargs)
        address = answers[min(len(calls), len(answers) - 1)]
        calls.append(address)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return calls


def test_the_delivery_connects_to_the_address_that_was_checked(sinks, monkeypatch):
    port = free_port()
    checked, elsewhere = sinks("127.0.0.1", port), sinks("127.0.0.2", port)
    calls = rebinding_resolver(monkeypatch, ["127.0.0.1", "127.0.0.2"])
    status = webhook.post(f"http://hook.example:{port}/hook", b"{}", "key", delivery="d-1", allow_private=True)
    assert status == 204 and calls == ["127.0.0.1"]  # resolved once
    assert len(checked.requests) == 1 and elsewhere.requests == []
    headers, _ = checked.requests[0]
    assert headers["Host"] == f"hook.example:{port}"


def test_a_name_with_any_private_address_is_refused_before_connecting(monkeypatch):
    rebinding_resolver(monkeypatch, ["127.0.0.1"])
    with pytest.raises(webhook.WebhookRefused, match="loopback or private"):
        webhook.post("http://hook.example/hook", b"{}", "key", delivery="d-2")


@pytest.fixture
def certificate_for(tmp_path):
    def make(name):
        key, cert = tmp_path / f"{name}.key", tmp_path / f"{name}.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                        f"/CN={name}", "-addext", f"subjectAltName=DNS:{name}", "-keyout", str(key), "-out", str(cert)],
                       check=True, capture_output=True)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(str(cert), str(key))
        return cert, context

    return make


def test_https_keeps_checking_the_certificate_against_the_host_name(sinks, certificate_for, monkeypatch):
    right_cert, right = certificate_for("hook.example")
    wrong_cert, wrong = certificate_for("other.example")
    good_port, bad_port = free_port(), free_port()
    good = sinks("127.0.0.1", good_port, right)
    sinks("127.0.0.1", bad_port, wrong)
    rebinding_resolver(monkeypatch, ["127.0.0.1"])
    monkeypatch.setenv("SSL_CERT_FILE", str(right_cert))
    assert webhook.post(f"https://hook.example:{good_port}/hook", b"{}", "k", delivery="d", allow_private=True) == 204
    assert len(good.requests) == 1
    bundle = right_cert.parent / "both.pem"
    bundle.write_bytes(right_cert.read_bytes() + wrong_cert.read_bytes())
    monkeypatch.setenv("SSL_CERT_FILE", str(bundle))  # trusted, but issued to another name
    with pytest.raises(ConnectionError, match="could not be reached"):
        webhook.post(f"https://hook.example:{bad_port}/hook", b"{}", "k", delivery="d", allow_private=True)


def test_each_post_carries_a_delivery_id_kept_on_retries_and_a_signed_timestamp(mail_db, mail_site, sinks):
    port = free_port()
    sink = sinks("127.0.0.1", port)
    sink.status = 500
    players = [{"name": "Ann", "webhook": f"http://127.0.0.1:{port}/hook"}, {"name": "Bob"}]
    created = service.create_game(mail_db, mail_site, "mississippi", players, now=NOW)
    assert sender.deliver_due(mail_db, mail_site, NOW)["retry"] == 1
    sink.status = 204
    assert sender.deliver_due(mail_db, mail_site, "2026-11-21T10:05:00Z")["sent"] == 1
    (first, _), (second, body) = sink.requests
    assert first["X-Pbem-Delivery"] == second["X-Pbem-Delivery"] and len(second["X-Pbem-Delivery"]) == 36
    timestamp = second["X-Pbem-Timestamp"]
    assert abs(int(timestamp) - time.time()) < 60
    key = mail_site.webhook_secret(created.id, 0).encode()
    assert second["X-Pbem-Signature"] == "sha256=" + hmac.new(key, f"{timestamp}.".encode() + body,
                                                              hashlib.sha256).hexdigest()
    # a replay under a fresh timestamp does not verify: the old signature covers the old one only
    replayed = "sha256=" + hmac.new(key, f"{int(timestamp) + 600}.".encode() + body, hashlib.sha256).hexdigest()
    assert replayed != second["X-Pbem-Signature"]
    other = service.create_game(mail_db, mail_site, "mississippi", players, now=NOW)
    sender.deliver_due(mail_db, mail_site, "2026-11-21T10:06:00Z")
    assert sink.requests[-1][0]["X-Pbem-Delivery"] != second["X-Pbem-Delivery"]  # another notice, another id
    assert other.id != created.id


def test_everyone_and_here_in_a_name_ping_no_channel(mail_db, mail_site, webhook_sink):
    players = [{"name": "@everyone", "webhook": webhook_sink.url}, {"name": "<!channel> @here"}]
    service.create_game(mail_db, mail_site, "mississippi", players, now=NOW)
    sender.deliver_due(mail_db, mail_site, NOW)
    payload = json.loads(webhook_sink.requests[0][2])
    assert payload["allowed_mentions"] == {"parse": []}  # Discord: no mention of anyone is parsed
    assert "@everyone" not in payload["content"] and "@\u200beveryone" in payload["content"]
    assert "<!" not in payload["text"]  # Slack: its control sequences are escaped
