"""Every game answer of the API carries the game's head (architecture sections 19 and 26): the seq and hash
of its last event, as `"head": {"seq", "hash"}` in an answer that is a JSON object and as the header
`X-Pbem-Head: <seq>:<hash>` on every one, lists included; and `GET /api/games/<id>/head` answers it alone.

A player's client keeps the latest head it saw of each game; a later answer at a lower seq, or with another
hash at a seq already seen, shows that the server has lost moves. The head is public: the chain's order
is public even while a game runs (pbem/play/audit.py), so whoever may read a game may see it.

It is added after the view, from one indexed read of the last event, so it is the head of the game as it
stands when the answer leaves (after the move a move's answer reports, or after a later one another seat
played meanwhile), and `state?at=` gives the head of the game now, not of the position shown.
"""

from __future__ import annotations

from flask import Response, current_app, jsonify, request

from .. import store
from .api import bp, error
from .db import get_db
from .health import unavailable
from .home_api import bp as home_bp

HEADER = "X-Pbem-Head"


def head_json(game_id: str) -> dict | None:
    found = store.head(get_db(), game_id)
    return {"seq": found[0], "hash": found[1]} if found else None


@bp.get("/games/<game_id>/head")
def head(game_id):
    """Cheap: no load of the game and no fold, only its last event's seq and hash."""
    found = head_json(game_id)
    if found is None:
        return error(404, "no such game")
    return jsonify(found)


# answers that make or join a game name it in their body, not in their path
NAMED_IN_THE_ANSWER = {"api.create_game", "home_api.join"}


def with_head(response: Response) -> Response:
    """The head added to a successful JSON answer about one game (a path with <game_id>, or a game just
    made or joined)."""
    if not 200 <= response.status_code < 300 or not response.is_json:
        return response
    game_id = (request.view_args or {}).get("game_id")
    if game_id is None and request.endpoint in NAMED_IN_THE_ANSWER:
        game_id = (response.get_json(silent=True) or {}).get("id")
    if not isinstance(game_id, str):
        return response
    try:
        found = head_json(game_id)
    except Exception as error:  # noqa: BLE001 - sorted below: out of reach or a bug
        # Flask sends an error raised in an after_request hook past the app's error handlers, straight to a
        # 500: a database that went away between the view and this read is answered as anywhere else, 503.
        if isinstance(error, store.Unavailable) or store.unreachable(error):
            return unavailable(error)
        raise
    if found is None:
        return response
    response.headers[HEADER] = f"{found['seq']}:{found['hash']}"
    if request.endpoint != "api.head":
        response.set_data(with_member(response.get_data(), "head", found))
    return response


def with_member(body: bytes, name: str, value: dict) -> bytes:
    """A JSON answer with one more member, when it is an object: written into the text as it stands, after
    its last member, rather than parsed and written again (a seat's view is the largest answer a move
    makes, and every game answer carries the head). An answer that is not an object is left as it is;
    no game answer has a member of that name of its own (tests/test_head.py reads them all)."""
    text = body.rstrip()
    if not (text.startswith(b"{") and text.endswith(b"}")):
        return body
    member = current_app.json.dumps({name: value}).encode()[1:-1]
    inside = text[1:-1].strip()
    return b"{" + inside + (b"," if inside else b"") + member + b"}\n"


# on the blueprints' own hooks, set once at import (before any app registers them): the API's games and
# the home API's rotate; a page is not a game answer
bp.after_request(with_head)
home_bp.after_request(with_head)
