"""The JSON API under /api: the contract of architecture section 6, status codes included.

Each view parses its input at the edge (marshmallow), calls one service verb and serialises the
answer. Errors are `{"error": "<reason>"}` with the status the service's error maps to.
"""

from __future__ import annotations

import hmac
import json

from flask import Blueprint, current_app, jsonify, render_template, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException, MethodNotAllowed, RequestEntityTooLarge, UnsupportedMediaType

from ..games import GAMES, UnknownGame
from ..games.base import GameError, Phrase, reason_of
from ..i18n import N_
from ..people import away
from ..play import clock, reading, service
from ..play.audit import verify as verify_game
from ..play.clock import CLOCK_OPTIONS
from ..play.folding import Folded
from ..play.redaction import public_event
from . import contract, languages, limits, public_games
from .db import get_db, get_site
from .openapi import openapi as openapi_document

bp = Blueprint("api", __name__, url_prefix="/api")


def error(status: int, reason: str, code: str | None = None):
    response = jsonify({"error": reason, **({"code": code} if code else {})})
    response.status_code = status
    return response


@bp.errorhandler(service.ServiceError)
@bp.errorhandler(GameError)
@bp.errorhandler(UnknownGame)
def on_service_error(exc):
    """A refusal: `error` in the reader's language (its Accept-Language, as a page's) where the catalog
    holds the reason, `code` the reason as the server raised it, the same in every language (a client
    tells refusals apart by it)."""
    if isinstance(exc, service.TooMany):
        return limits.too_many(exc)
    reason = languages.unquoted(str(exc))
    said = reason_of(exc)
    return error(service.status_of(exc), languages.reason_in_language(said if isinstance(said, Phrase) else reason),
                 reason)


@bp.errorhandler(ValidationError)
def on_validation_error(exc):
    return error(400, contract.describe_errors(exc))


@bp.errorhandler(HTTPException)
def on_http_error(exc):
    # the limit of this request: an inbound e-mail's is larger than the API's (mail_inbound sets it)
    limit = request.max_content_length or current_app.config["MAX_CONTENT_LENGTH"]
    reasons = {413: f"the body is larger than {limit} bytes", 405: "that method is not allowed here",
               404: "no such API endpoint", 415: "the body must be JSON, sent as Content-Type: application/json"}
    response = error(exc.code or 500, reasons.get(exc.code, exc.description or exc.name))
    if isinstance(exc, MethodNotAllowed) and exc.valid_methods:
        response.headers["Allow"] = ", ".join(exc.valid_methods)  # what a 405 must say (RFC 9110)
    return response


# What a page says for an HTTP error that brought no reason of its own (Werkzeug's own words are English
# and speak of URLs and servers): the reader's language, on pbem's error page.
PAGE_ERRORS = {400: N_("That request could not be understood."), 404: N_("There is no page at this address."),
               405: N_("This page cannot be asked for that way."), 413: N_("What was sent is too large."),
               415: N_("What was sent is of a kind this page does not take.")}


def error_page(exc: HTTPException):
    """An HTTP error on a page, as pbem's error page in the reader's language (not Werkzeug's English)."""
    if exc.code is None or exc.code < 400:
        return exc
    own = exc.description if exc.description != type(exc).description else None
    message = own or PAGE_ERRORS.get(exc.code) or exc.name
    response = current_app.make_response((render_template("error.html", status=exc.code, message=message),
                                          exc.code))
    if isinstance(exc, MethodNotAllowed) and exc.valid_methods:
        response.headers["Allow"] = ", ".join(exc.valid_methods)
    return response


def install(app) -> None:
    """Errors that happen before a view of this blueprint is chosen (no such path under /api, a method
    not allowed, a body too large to read) answer as JSON on /api paths too, and as pbem's error page
    elsewhere."""

    def api_http_error(exc: HTTPException):
        if request.path.startswith("/api/"):
            return on_http_error(exc)
        return error_page(exc)

    app.register_error_handler(HTTPException, api_http_error)


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


def viewer(loaded: Folded) -> int | None:
    """The bearer's seat, or None for a spectator; a token of no seat here is refused (403)."""
    token = bearer()
    return service.seat_of(loaded, token) if token else None


MAX_DIGITS = 18  # no number in a request needs more; beyond this int() costs time and SQLite overflows


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number in the body has more than {MAX_DIGITS} digits")
    return int(text)


def _finite_float(text: str) -> float:
    if len(text) > 40:
        raise ValueError("a number in the body is too long")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError("a number in the body is out of range")
    return value


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def json_body() -> dict:
    """The request's JSON, parsed with bounds: numbers of at most MAX_DIGITS digits, no NaN or Infinity,
    no nesting deep enough to exhaust the parser, text that is valid Unicode (no lone surrogates). Only a body
    sent as JSON is read (415 otherwise): a form or text/plain post, which any web page can make another's
    browser send without asking, never acts on the API."""
    if not request.is_json:
        raise UnsupportedMediaType()
    if request.content_length and request.content_length > current_app.config["MAX_CONTENT_LENGTH"]:
        raise RequestEntityTooLarge()
    raw = request.get_data(cache=False)
    try:
        payload = json.loads(raw or b"", parse_int=_bounded_int, parse_float=_finite_float,
                             parse_constant=_no_constant)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValidationError(f"the body is not valid JSON ({exc})") from None
    except RecursionError:
        raise ValidationError("the body is not valid JSON (nested too deeply)") from None
    except ValueError as exc:
        raise ValidationError(f"the body is not valid JSON ({exc})") from None
    if _has_lone_surrogate(payload):
        raise ValidationError("the body is not valid JSON (text with a lone surrogate, which is not Unicode)")
    return payload


def _has_lone_surrogate(value) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v) for v in value)
    return False


def base_url() -> str:
    return current_app.config["BASE_URL"]


@bp.get("/games/types")
def game_types():
    clock_options = {key: option.to_json() for key, option in CLOCK_OPTIONS.items()}
    return jsonify([
        {"name": name, "title": module.TITLE, "players": list(module.PLAYERS),
         "options": {**{key: option.to_json() for key, option in module.OPTIONS.items()}, **clock_options},
         "notation": module.NOTATION, "rules_version": module.RULES_VERSION, "bots": sorted(module.BOTS)}
        for name, module in sorted(GAMES.items())
    ])


@bp.post("/games")
def create_game():
    body = contract.load_request(contract.CreateGameIn, json_body())
    options, public, minimum = public_games.split(body["options"])  # a public game is listed in the lobby
    with public_games.creating(body["players"], public, minimum, limits.creation_limits(body["players"])) as made:
        # the counts are given back when refused: only games made count
        created = service.create_game(get_db(), get_site(), body["game"], body["players"], options,
                                      public=made["public"])
        made["id"] = created.id
    response = jsonify(created_json(created))
    response.status_code = 201
    response.headers["Location"] = f"/api/games/{created.id}"
    return response


def created_json(created: service.Created) -> dict:
    bots = created.bots or (None,) * len(created.names)
    body = {
        "id": created.id, "game": created.game, "url": f"{base_url()}/games/{created.id}",
        # a computer seat's link is nobody's: holding it would show its secrets (a hand) to a person
        "seats": [{"seat": i, "name": name, "bot": bot} if bot else
                  {"seat": i, "name": name, "token": token, "url": f"{base_url()}/play/{token}"}
                  for i, (name, token, bot) in enumerate(zip(created.names, created.tokens, bots))],
        "status": "waiting" if created.open_seats else "active",
    }
    if created.open_seats:  # open seats (issue 14): their keys go to whoever takes them, not to the creator
        body["seats"] = [{"seat": s["seat"], "name": s["name"], "open": True} if s["seat"] in created.open_seats
                         else s for s in body["seats"]]
        body["invite_url"] = get_site().invite_url(created.id)
    return body


@bp.get("/games/<game_id>")
def get_game(game_id):
    loaded = service.load(get_db(), game_id)
    return jsonify(reading.game_view(get_db(), loaded, viewer(loaded)))


@bp.post("/games/<game_id>/moves")
def play(game_id):
    db = get_db()
    loaded = service.load(db, game_id)  # 404 before anything about the body or the token
    token = bearer()
    if token is None:
        raise service.Unauthorized("this needs a seat token: Authorization: Bearer <token>")
    body = contract.load_request(contract.MoveIn, json_body())
    played = service.submit_move(db, get_site(), game_id, token, body["move"], body["seq"], loaded=loaded)
    seat = service.seat_of(played.loaded, token)
    response = jsonify({"seq": played.seq, "events": [public_event(played.loaded, e, seat)
                                                       for e in played.events]})
    response.status_code = 201
    return response


@bp.put("/games/<game_id>/settings")
def seat_settings(game_id):
    """The bearer seat's settings, as its settings page sets them, plus its pages' language (issue 26). A
    field left out keeps its value; the answer is the settings as they now stand."""
    db = get_db()
    loaded = service.load(db, game_id)
    token = bearer()
    if token is None:
        raise service.Unauthorized("this needs a seat token: Authorization: Bearer <token>")
    seat = service.seat_of(loaded, token)
    body = contract.load_request(contract.SeatSettingsIn, json_body())
    now = loaded.settings[seat]
    if "rest_days" in body or "time_zone" in body:  # first: a game that forbids rest days refuses (422)
        rest = clock.latest_rest(loaded.vacations, seat)  # what the body leaves out stays as it was
        days = body.get("rest_days", clock.day_names(rest.days) if rest else [])
        zone = body.get("time_zone", rest.zone if rest else None)
        loaded = away.set_seat_rest(db, get_site(), game_id, token, days, zone, service.utcnow()).loaded
    if set(body) - {"rest_days", "time_zone"}:
        loaded = service.change_settings(
            db, get_site(), game_id, token, email_on=body.get("email_on", now.get("email_on", True)),
            digest=body.get("digest", now.get("digest", False)), webhook=body.get("webhook", now.get("webhook")),
            confirm=body.get("confirm", now.get("confirm", True)), language=body.get("language", ...)).loaded
    return jsonify(seat_settings_view(loaded.settings[seat], clock.latest_rest(loaded.vacations, seat)))


def seat_settings_view(settings, rest=None) -> dict:
    """A seat's settings as the API shows them to the seat (its address is shown on its settings page only)."""
    return {"email_on": bool(settings.get("email_on", True)), "digest": bool(settings.get("digest", False)),
            "webhook": settings.get("webhook"), "confirm": bool(settings.get("confirm", True)),
            "language": settings.get("language"), "rest_days": clock.day_names(rest.days) if rest else [],
            "time_zone": rest.zone if rest else None}


@bp.post("/games/<game_id>/resign")
def resign(game_id):
    db = get_db()
    service.load(db, game_id)
    played = service.resign(db, get_site(), game_id, bearer())
    seat = service.seat_of(played.loaded, bearer())
    response = jsonify({"seq": played.seq, "events": [public_event(played.loaded, e, seat)
                                                       for e in played.events]})
    response.status_code = 201
    return response


@bp.post("/games/<game_id>/handover")
def handover(game_id):
    """The bearer's seat to a new holder, whose link goes to their address only (issue 17)."""
    from ..people.handover import hand_over

    db = get_db()
    service.load(db, game_id)
    token = bearer()
    if token is None:
        raise service.Unauthorized("this needs a seat token: Authorization: Bearer <token>")
    body = contract.load_request(contract.HandoverIn, json_body())
    with limits.counted("handover"):  # it sends mail: counted when it does
        played = hand_over(db, get_site(), game_id, token, body["name"], body["email"])
    seat = int(played.events[0].data["seat"])
    response = jsonify({"seq": played.seq, "seat": seat, "name": played.loaded.names[seat]})
    response.status_code = 201
    return response


def int_arg(name: str, default: int | None = None, minimum: int = 0) -> int | None:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw) if len(raw) <= MAX_DIGITS else None
    except ValueError:
        value = None
    if value is None:
        raise service.BadRequest(f"{name} must be a whole number of at most {MAX_DIGITS} digits") from None
    if value < minimum:
        raise service.BadRequest(f"{name} must be at least {minimum}")
    return value


@bp.get("/games/<game_id>/events")
def events(game_id):
    loaded = service.load(get_db(), game_id)
    return jsonify(reading.events_since(get_db(), loaded, viewer(loaded), int_arg("since", 0)))


@bp.get("/games/<game_id>/state")
def state_at(game_id):
    loaded = service.load(get_db(), game_id)
    at = int_arg("at", None, minimum=1)
    if at is None:
        raise service.BadRequest("at is missing: the seq after which to show the game")
    return jsonify(reading.game_view(get_db(), loaded, viewer(loaded), at=at))


@bp.get("/games/<game_id>/verify")
def verify(game_id):
    return jsonify(verify_game(get_db(), game_id))


@bp.get("/openapi.json")
def openapi():
    return jsonify(openapi_document())


@bp.post("/mail/inbound")
def mail_inbound():
    """A raw RFC 822 reply to a notice, from a mail server's webhook; authenticated by the shared
    secret PBEM_INBOUND_SECRET as a bearer token."""
    from ..notify import inbound

    limits.limit("inbound")  # before the secret is checked: guessing it is limited too
    secret = current_app.config.get("INBOUND_SECRET")
    if not secret:
        return error(404, "inbound mail is not configured on this server (PBEM_INBOUND_SECRET)")
    sent = bearer() or ""
    if not hmac.compare_digest(sent.encode(), secret.encode()):
        return error(401 if not sent else 403, "this needs the inbound mail secret as a bearer token")
    request.max_content_length = inbound.MAX_MESSAGE_BYTES  # a whole e-mail may exceed the API's limit
    raw = request.get_data(cache=False)
    result = inbound.handle(get_db(), get_site(), raw)
    return jsonify({"status": result.status, "detail": result.detail, "game": result.game_id, "seat": result.seat})
