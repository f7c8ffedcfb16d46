"""Public games made from the API or the new-game forms (issue 31): who is signed in (a session or a
personal token), the checks before a game is listed, the rate limits that count it, and the listing once
it is made. The API's view and the forms' view call these around `service.create_game`."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from flask import request, session

from ..lobby import listing
from ..people import accounts
from ..play import service
from ..play.errors import Unprocessable
from . import limits
from .db import get_db


def signed_address() -> str | None:
    """The address of this request: a personal token (Authorization: Bearer) or a signed-in session."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return accounts.address_of_key(get_db(), "token", token.strip())
    return accounts.session_address(get_db(), session.get("home"), service.utcnow())


def split(options: dict) -> tuple[dict, bool, object]:
    """The game's options without the lobby's own ("public", "min_reliability"), and those two."""
    options = dict(options)
    public = options.pop("public", False)
    minimum = options.pop("min_reliability", None)
    if public not in (True, False, "on", "1", "true"):
        raise service.BadRequest("public: true or false")
    return options, public not in (False,), minimum


@contextmanager
def creating(players, public: bool, minimum, limit_names: tuple[str, ...]) -> Iterator[dict]:
    """Around a game's creation: checks a public game may be made (422 why not), counts the creation limits
    (and "public", per client and per address, for a public game), and yields a dict whose "public" the
    caller passes to `service.create_game` (None: not public; its events record it otherwise) and in which it
    puts "id"; the game is listed when the block ends without an error."""
    made: dict = {}
    who = None
    if isinstance(minimum, str):  # from a form: empty is none
        minimum = int(minimum) if minimum.strip().isdigit() else (None if not minimum.strip() else minimum)
    if minimum is not None and not public:
        raise Unprocessable("min_reliability: only a public game asks a minimum")
    if public:
        address = signed_address()
        who = (address, listing.check_public(get_db(), address, players, minimum))
    extra = limits.per_address("public", who[0] if who else None)
    made["public"] = listing.recorded(who[0], who[1], minimum) if who else None
    with limits.counted(*limit_names, *(("public",) if who else ()), per_account=extra) as taken:
        made["taken"] = taken
        yield made
    if who and made.get("id"):  # the checks above passed: a game made by a signed-in address with a name
        listing.publish(get_db(), made["id"])
