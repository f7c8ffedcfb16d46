"""The rate limits on the web (pbem/web/ratelimit.py holds the counters): who the client is, which requests
count, and the 429 answer with Retry-After (a JSON error on the API, a plain page on the pages).

The client is the socket's peer address, unless that peer is one of PBEM_TRUSTED_PROXIES (addresses or
networks, comma separated): then it is the right-most address of X-Forwarded-For that is not itself a
trusted proxy, since a client can write anything it likes to the left of what its proxy appends.

Views call `limit(name)` (count and refuse when over), or wrap something that should count only when
done (a game created) in `counted(name)`: it counts at once, in the same transaction as the check (a
check and a later count let four threads make 22 games where 20 were allowed), and gives the count back
when the thing is refused. Counters that cannot be read refuse with 503 and Retry-After. Every form post
on the pages counts against "form", except the unsubscribe link's (mail providers send many one-click
POSTs from one address, and a signed link can only stop mail)."""

from __future__ import annotations

import ipaddress
from contextlib import contextmanager
from typing import Iterator, Sequence

from flask import Flask, current_app, jsonify, render_template, request

from .. import store
from ..config import ConfigurationError
from ..play.errors import TooMany
from ..i18n import N_
from .languages import gettext, page_message
from .ratelimit import CountersDown, Limited, Limiter, parse_limits


def parse_proxies(text: str | None) -> tuple:
    networks = []
    for item in (text or "").split(","):
        if item.strip():
            try:
                networks.append(ipaddress.ip_network(item.strip(), strict=False))
            except ValueError:
                raise ConfigurationError(f"PBEM_TRUSTED_PROXIES: {item.strip()!r} is not an address or "
                                         "network") from None
    return tuple(networks)


def _trusted(address: str, proxies: tuple) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in proxies)


def client_address() -> str:
    """The address this request counts against (see the module's docstring)."""
    peer = request.environ.get("REMOTE_ADDR") or "unknown"
    proxies = current_app.config.get("TRUSTED_PROXY_NETWORKS") or ()
    if not proxies or not _trusted(peer, proxies):
        return peer
    forwarded = ",".join(request.headers.getlist("X-Forwarded-For"))
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    for hop in reversed(hops):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            break  # garbage the client wrote: what is right of it was written by our proxies
        if not _trusted(hop, proxies):
            return hop
        peer = hop
    return peer


def limiter() -> Limiter:
    return current_app.extensions["pbem_limiter"]


class CountsUnavailable(TooMany):
    """The rate limits' counters cannot be read: 503, come back after Retry-After."""

    status = 503


def _raise(error: Limited | CountersDown):
    said = error.args[0]  # a Phrase: the answer reads it in the reader's language
    if isinstance(error, CountersDown):
        raise CountsUnavailable(said, error.retry_after) from None
    raise TooMany(said, error.retry_after) from None


def limit(name: str) -> None:
    """Count one `name` from this client; 429 when over its limit."""
    try:
        limiter().hit(name, client_address())
    except (Limited, CountersDown) as error:
        _raise(error)


class Counted:
    """Counts taken by `counted`, which `give_back` returns (the thing was refused after all)."""

    def __init__(self):
        self.taken: list[tuple[str, str, int | None]] = []

    def give_back(self) -> None:
        while self.taken:
            name, key, window = self.taken.pop()
            limiter().give_back(name, key, window)


@contextmanager
def counted(*names: str, per_account: Sequence[tuple[str, str]] = ()) -> Iterator[Counted]:
    """Count one of each `name` now, each checked and counted in one step (429 when over one; those
    already taken are given back); an exception out of the block gives them all back. A view that
    catches a refusal itself calls `give_back` on what it is handed. `per_account` counts (name, key)
    against a key of the caller's rather than the client (a signed-in address's SHA-256: public games
    are limited per address as well as per client)."""
    taken = Counted()
    try:
        for name, key in [*((name, client_address()) for name in names), *per_account]:
            taken.taken.append((name, key, limiter().hit(name, key)))
    except (Limited, CountersDown) as error:
        taken.give_back()
        _raise(error)
    try:
        yield taken
    except BaseException:
        taken.give_back()
        raise


def per_address(name: str, address: str | None) -> tuple[tuple[str, str], ...]:
    """`counted`'s per_account for a limit counted per signed-in address too (by its SHA-256), or nothing
    without one."""
    return ((name, f"address:{store.address_sha256(address)}"),) if address else ()


def creation_limits(players: Sequence) -> tuple[str, ...]:
    """The limits a new game counts against: "create", and "computer" too when no seat is a person's (a
    game the server plays out alone, on its own processors; audit N7)."""
    people = [p for p in players if not (isinstance(p, dict) and p.get("bot") is not None)]
    return ("create",) if people else ("create", "computer")


def install(app: Flask) -> None:
    """The limiter of this app's database, the form-post limit, and the 429 answer."""
    app.config["TRUSTED_PROXY_NETWORKS"] = parse_proxies(app.config.get("TRUSTED_PROXIES"))
    app.extensions["pbem_limiter"] = Limiter(app.config["DATABASE"], parse_limits(app.config.get("RATE_LIMITS")))

    @app.before_request
    def form_posts():
        # Unsubscribing is exempt: mail providers POST one-click unsubscribes for many people from one
        # address, and a signed link can only ever stop mail.
        if request.method == "POST" and not request.path.startswith(("/api/", "/unsubscribe/")):
            limit("form")

    app.register_error_handler(TooMany, too_many)


def too_many(error: TooMany):
    """429 (503 when the counters are down) with Retry-After: a JSON error on the API, a plain page elsewhere,
    each in the reader's language (the API's `code` is the English, the same in every language)."""
    reason = page_message(error)
    if request.path.startswith("/api/"):
        response = jsonify({"error": reason, "code": str(error)})
    else:
        words = N_("Too many requests: %(reason)s") if error.status == 429 else N_("Busy: %(reason)s")
        response = current_app.make_response(
            render_template("error.html", status=error.status, message=gettext(words, reason=reason)))
    response.status_code = error.status
    response.headers["Retry-After"] = str(error.retry_after)
    return response
