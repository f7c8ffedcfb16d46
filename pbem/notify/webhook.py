"""Webhooks out: one JSON POST per notice, signed with the seat's key in
`X-Pbem-Signature: sha256=<hex HMAC-SHA256 of the body>`. The body carries `content` and `text`, so a
Discord or Slack channel webhook shows it as it is.

A URL whose host resolves to loopback, private, link-local or otherwise internal addresses is refused
(a webhook must not become a way to reach the server's own network), unless
`PBEM_ALLOW_PRIVATE_WEBHOOKS=1`. The check runs when the URL is set and again at each delivery.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import socket
import urllib.error
import urllib.request
from urllib.parse import urlsplit

TIMEOUT = 15


class WebhookRefused(ValueError):
    """The URL may not be called."""


def check_url(url: str, allow_private: bool = False) -> None:
    try:
        parts = urlsplit(url)
        port = parts.port
        host = parts.hostname
    except ValueError as error:  # a bad port, a broken IPv6 literal
        raise WebhookRefused(f"{url[:100]!r} is not a valid URL ({error})") from None
    if parts.scheme not in ("http", "https") or not host:
        raise WebhookRefused(f"{url[:100]!r} is not an http:// or https:// URL")
    if allow_private:
        return
    try:
        infos = socket.getaddrinfo(host, port or (443 if parts.scheme == "https" else 80), type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, ValueError):  # no such name, or a name that is not a host name
        raise WebhookRefused(f"the host {host[:100]!r} cannot be found") from None
    for info in infos:
        address = ipaddress.ip_address(info[4][0].split("%")[0])
        if not address.is_global:
            raise WebhookRefused(f"{parts.hostname} resolves to {address}, a loopback or private address; "
                                 "webhooks go to public addresses only")


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect could lead past the address check, so it is not followed: it counts as a failure."""

    def redirect_request(self, *args, **kwargs):
        return None


_opener = urllib.request.build_opener(_NoRedirect)


def post(url: str, body: bytes, secret: str, allow_private: bool = False) -> int:
    """POST the body; returns the status. Raises on refusal, network failure or a non-2xx answer."""
    check_url(url, allow_private)
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json", "User-Agent": "pbem-webhook/1",
        "X-Pbem-Signature": signature(secret, body)})
    try:
        with _opener.open(request, timeout=TIMEOUT) as response:
            return response.status
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"the webhook answered {error.code}") from None
