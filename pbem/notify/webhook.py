"""Webhooks out: one JSON POST per notice. The body carries `content` (Discord) and `text` (Slack), so
a chat channel's webhook shows it as it is.

Each POST carries three headers (issue 10, item 8):

- `X-Pbem-Delivery`: an id of the notice, the same on every retry of it, so a receiver can drop a repeat;
- `X-Pbem-Timestamp`: when this try was sent, in seconds since 1970 (UTC);
- `X-Pbem-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, keyed with the seat's webhook key.
  Since the timestamp is signed with the body, a receiver that checks the signature and refuses a
  timestamp more than a few minutes old cannot be fed an old delivery again.

A URL whose host resolves to loopback, private, link-local or otherwise internal addresses is refused
(a webhook must not become a way to reach the server's own network), unless
`PBEM_ALLOW_PRIVATE_WEBHOOKS=1`. The check runs when the URL is set and again at each delivery, and the
delivery connects to exactly the address that was checked: the name is resolved once, so a DNS answer
that changes between the check and the connection (DNS rebinding) cannot redirect it. For https the
certificate is still checked against the URL's host name. Redirects are not followed.

A POST has DEADLINE seconds in all, connecting, sending and the answer together, however slowly the
receiver drips its answer (pbem/notify/deadline.py): a slow receiver costs its own notice a retry and
holds up no other.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import socket
import ssl
import time
from urllib.parse import urlsplit

from .deadline import Deadline

DEADLINE = 15  # seconds for a whole POST


class WebhookRefused(ValueError):
    """The URL may not be called."""


def resolve(url: str, allow_private: bool = False) -> list[str]:
    """The addresses the URL's host resolves to, every one of them checked; raises WebhookRefused."""
    try:
        parts = urlsplit(url)
        port = parts.port
        host = parts.hostname
    except ValueError as error:  # a bad port, a broken IPv6 literal
        raise WebhookRefused(f"{url[:100]!r} is not a valid URL ({error})") from None
    if parts.scheme not in ("http", "https") or not host:
        raise WebhookRefused(f"{url[:100]!r} is not an http:// or https:// URL")
    try:
        infos = socket.getaddrinfo(host, port or (443 if parts.scheme == "https" else 80), type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, ValueError):  # no such name, or a name that is not a host name
        raise WebhookRefused(f"the host {host[:100]!r} cannot be found") from None
    addresses = []
    for info in infos:
        address = ipaddress.ip_address(info[4][0].split("%")[0])
        if not allow_private and not address.is_global:
            raise WebhookRefused(f"{host} resolves to {address}, a loopback or private address; "
                                 "webhooks go to public addresses only")
        addresses.append(str(address))
    return addresses


def check_url(url: str, allow_private: bool = False) -> None:
    resolve(url, allow_private)


def signature(secret: str, timestamp: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """An HTTP connection to a fixed address, whatever its host name resolves to now, within a deadline."""

    def __init__(self, host, port, address, deadline: Deadline, **kwargs):
        super().__init__(host, port, timeout=DEADLINE, **kwargs)
        self.pinned_address = address
        self.deadline = deadline

    def connect(self):
        self.sock = self.deadline.watch(
            socket.create_connection((self.pinned_address, self.port), self.deadline.connect_timeout(self.timeout)))


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """An HTTPS connection to a fixed address; the certificate is checked against the host name."""

    def __init__(self, host, port, address, deadline: Deadline, **kwargs):
        super().__init__(host, port, timeout=DEADLINE, context=ssl.create_default_context(), **kwargs)
        self.pinned_address = address
        self.deadline = deadline

    def connect(self):
        sock = self.deadline.watch(
            socket.create_connection((self.pinned_address, self.port), self.deadline.connect_timeout(self.timeout)))
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)  # the handshake is watched too


def post(url: str, body: bytes, secret: str, delivery: str, allow_private: bool = False,
         deadline: float | None = None) -> int:
    """POST the body to the address the check resolved; returns the status. Raises on refusal, network
    failure, a non-2xx answer (a redirect counts as a failure: it could lead past the check) or no
    complete answer within `deadline` seconds (DEADLINE unless given; TimeoutError)."""
    timestamp = str(int(time.time()))
    headers = {"Content-Type": "application/json", "User-Agent": "pbem-webhook/1", "X-Pbem-Delivery": delivery,
               "X-Pbem-Timestamp": timestamp, "X-Pbem-Signature": signature(secret, timestamp, body)}
    status = pinned_post(url, body, headers, allow_private, deadline, "the webhook")
    if not 200 <= status < 300:
        raise RuntimeError(f"the webhook answered {status}")
    return status


def pinned_post(url: str, body: bytes, headers: dict, allow_private: bool = False, deadline: float | None = None,
                who: str = "the webhook") -> int:
    """POST to the address the check resolved (no rebinding), within the deadline; returns the status
    whatever it is (Web Push reads 404 and 410 too, pbem/notify/push.py). Raises on refusal, network
    failure or no complete answer in time."""
    with Deadline(DEADLINE if deadline is None else deadline) as limit:
        addresses = resolve(url, allow_private)
        parts = urlsplit(url)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        last_error: Exception | None = None
        for address in addresses:  # the checked addresses, in the resolver's order, until one connects
            kind = _PinnedHTTPSConnection if parts.scheme == "https" else _PinnedHTTPConnection
            connection = kind(parts.hostname, parts.port or (443 if parts.scheme == "https" else 80), address, limit)
            try:
                connection.request("POST", target, body=body, headers=headers)
                response = connection.getresponse()
                response.read(64 * 1024)
            except OSError as error:
                last_error = error
                continue
            finally:
                connection.close()
            return response.status
        raise ConnectionError(f"{who} could not be reached ({last_error})")
