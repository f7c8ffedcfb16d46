"""A player's home across games, the JSON API (architecture section 17): ask for a sign-in link, list
one's games, take an open seat through an invitation, replace a seat's link. Errors answer as the rest
of the API does (`{"error"}` with the status of the service's error)."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, session

from ..games import UnknownGame
from ..games.base import GameError
from ..lobby import listing, names
from ..notify import quiet
from ..people import accounts, away, players
from ..people.mygames import my_seats
from ..play import service
from . import api, contract, languages, limits
from .asking import ask_for_mail
from .db import get_db, get_site
from .home import wake_mail

bp = Blueprint("home_api", __name__, url_prefix="/api")
bp.register_error_handler(service.ServiceError, api.on_service_error)
bp.register_error_handler(GameError, api.on_service_error)
bp.register_error_handler(UnknownGame, api.on_service_error)
bp.register_error_handler(contract.ValidationError, api.on_validation_error)


def answer(body, status: int):
    response = jsonify(body)
    response.status_code = status
    return response


@bp.post("/signin")
def signin():
    limits.limit("signin")
    body = contract.load_request(contract.SigninIn, api.json_body())
    address = body["email"].strip()
    if not service.EMAIL.match(address) or not address.isascii():
        raise service.BadRequest("email: that does not look like an e-mail address")
    ask_for_mail("signin", address)
    # the same answer, and the same work, for every address: nobody learns here who plays
    return answer({"status": "if that address has seats here, a sign-in link is on its way to it"}, 202)


@bp.get("/me/games")
def my_games():
    db, now = get_db(), service.utcnow()
    address = signed_in_address(db, now)
    return jsonify([seat.to_json() for seat in my_seats(db, get_site(), address, now, languages.current())])


@bp.put("/me/settings")
def my_settings():
    """A signed-in address's settings (session or personal token): its public name (issue 31), its pages'
    language (issue 26), its
    time zone and rest days, recorded in each game it sits in (issue 28)."""
    db, now = get_db(), service.utcnow()
    address = signed_in_address(db, now)
    body = contract.load_request(contract.MySettingsIn, api.json_body())
    if "rest_days" in body or "time_zone" in body:
        kept = away.settings_of(db, address)
        away.set_rest(db, get_site(), address, body.get("rest_days", kept["rest_days"]),
                      body.get("time_zone", kept["time_zone"]), now)
    if "public_name" in body:  # first: a name taken or malformed changes nothing else
        names.choose(db, address, body["public_name"], now)
    if "language" in body:
        accounts.set_language(db, address, body["language"], now)
    if "quiet_hours" in body or "quiet_mail" in body:
        kept = quiet.settings_of(db, address)
        quiet.set_quiet(db, address, body.get("quiet_hours", kept["quiet_hours"]),
                        body.get("quiet_mail", kept["quiet_mail"]), now)
    return jsonify({"public_name": names.name_of(db, address), "language": accounts.language_of(db, address),
                    **away.settings_of(db, address), **quiet.settings_of(db, address)})


@bp.put("/me/vacation")
def my_vacation():
    """One vacation for all the address's games, scheduled ahead within its yearly allowance (issue 28)."""
    db, now = get_db(), service.utcnow()
    address = signed_in_address(db, now)
    body = contract.load_request(contract.MyVacationIn, api.json_body())
    taken = away.schedule_vacation(db, get_site(), address, body["start"], body["end"],
                                   current_app.config["ADDRESS_VACATION_DAYS"], now)
    return jsonify({key: value for key, value in taken.items() if key != "under_way"})


@bp.delete("/me/vacation")
def my_vacation_ends():
    db, now = get_db(), service.utcnow()
    address = signed_in_address(db, now)
    ended = away.end_vacation(db, get_site(), address, current_app.config["ADDRESS_VACATION_DAYS"], now)
    return jsonify({key: value for key, value in ended.items() if key != "under_way"})


def signed_in_address(db, now: str) -> str:
    token = api.bearer()
    address = accounts.address_of_key(db, "token", token) if token else \
        accounts.session_address(db, session.get("home"), now)
    if address is None:
        raise service.Unauthorized("sign in on /signin, or send Authorization: Bearer <the personal token on /me>")
    return address


@bp.post("/join/<invite>")
def join(invite):
    db, site = get_db(), get_site()
    loaded = players.by_invitation(db, site, invite)  # 404 before anything about the body
    if listing.listing(db, loaded.id) is not None:  # a public game: signed in, under the public name (issue 31)
        address = signed_in_address(db, service.utcnow())
        with limits.counted("create"):
            game_id, seat, token = players.join(db, site, invite, listing.check_joiner(db, loaded, address), address)
        wake_mail()
        return answer({"id": game_id, "seat": seat, "token": token, "url": f"{site.base_url}/play/{token}"}, 201)
    body = contract.load_request(contract.JoinIn, api.json_body())
    with limits.counted("create"):  # a seat taken counts like a game made: each may mail its player
        game_id, seat, token = players.join(db, site, invite, body["name"], body["email"])
    wake_mail()
    return answer({"id": game_id, "seat": seat, "token": token, "url": f"{site.base_url}/play/{token}"}, 201)


@bp.post("/games/<game_id>/rotate")
def rotate(game_id):
    db, site = get_db(), get_site()
    service.load(db, game_id)  # 404 first
    token = api.bearer()
    if token is None:
        raise service.Unauthorized("this needs a seat token: Authorization: Bearer <token>")
    _, new = players.rotate(db, site, game_id, players.by_token(token))
    return answer({"token": new, "url": f"{site.base_url}/play/{new}"}, 201)
