"""Web Push's API (architecture sections 21 and 26, issue 30): the server's VAPID public key, a device's
subscription made for a seat (its bearer token) or for a signed-in address (a session or a personal
token: every seat of the address), removed by the same owner, and the service worker's report that a
push was opened. Errors answer as the rest of the API does (`{"error"}`)."""

from __future__ import annotations

from flask import Blueprint, jsonify, session

from .. import store
from ..games import UnknownGame
from ..games.base import GameError
from ..notify import push
from ..people import accounts
from ..play import service
from ..play.errors import Unprocessable
from . import api, contract, limits
from .db import get_db, get_site

bp = Blueprint("push_api", __name__, url_prefix="/api/push")
bp.register_error_handler(service.ServiceError, api.on_service_error)
bp.register_error_handler(GameError, api.on_service_error)
bp.register_error_handler(UnknownGame, api.on_service_error)
bp.register_error_handler(contract.ValidationError, api.on_validation_error)


@bp.get("/key")
def key():
    return jsonify({"key": push.public_key(get_db(), service.utcnow())})


def owner(db, now: str) -> dict:
    """Who asks: a seat (its bearer token) or an address (a personal token, or the session)."""
    token = api.bearer()
    if token:
        row = store.seat_by_token_hash(db, service.hash_token(token))
        if row is not None:
            return {"game_id": row["game_id"], "seat": row["seat"], "generation": row["generation"] or 0}
        address = accounts.address_of_key(db, "token", token)
    else:
        address = accounts.session_address(db, session.get("home"), now)
    if address is None:
        raise service.Unauthorized("this needs a seat token (Authorization: Bearer <token>), or to be signed in")
    return {"address": address}


@bp.post("/subscriptions")
def subscribe():
    limits.limit("create")  # each subscription may be pushed to: counted like a game made
    db, now = get_db(), service.utcnow()
    who = owner(db, now)
    body = contract.load_request(contract.PushSubscriptionIn, api.json_body())
    try:
        made = push.subscribe(db, get_site(), body, now, **who)
    except push.PushRefused as error:
        raise Unprocessable(str(error)) from None
    response = jsonify({"id": made})
    response.status_code = 201
    return response


@bp.delete("/subscriptions/<subscription_id>")
def unsubscribe(subscription_id):
    db, now = get_db(), service.utcnow()
    who = owner(db, now)
    found = store.push.subscription(db, subscription_id)
    if found is None or not owns(who, found):
        raise service.GameNotFound("no subscription of yours has that id")
    store.push.unsubscribe(db, subscription_id)
    return "", 204


def owns(who: dict, found: dict) -> bool:
    if "address" in who:
        return found["address_sha256"] == store.address_sha256(who["address"])
    return found["game_id"] == who["game_id"] and found["seat"] == who["seat"]


@bp.post("/opened")
def opened():
    """The service worker's report that a push's notification was opened: `{"notice"}` as the push gave it
    (the notice and a MAC, so nobody marks another's notices)."""
    limits.limit("form")
    body = api.json_body()
    key = body.get("notice") if isinstance(body, dict) else None
    notice = push.opened_notice(get_site(), key) if isinstance(key, str) else None
    if notice is None or not store.push.opened(get_db(), notice, service.utcnow()):
        raise service.GameNotFound("no push notice has that key")
    return "", 204
