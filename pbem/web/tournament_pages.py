"""Tournaments on the web (issue 32, item 3; the section-26 rows): the JSON API (create, enter, withdraw,
start, read) and the pages: /tournaments (the newest, and a form to create one), /tournaments/<id> (its
entrants, its games linked, its standings, its committed seed and, at its end, the seed itself) with forms
to enter, withdraw and start.

An address signs in as on the rest of the site (a session, or the personal token on /me for the API);
tournaments show public names only, never an address."""

from __future__ import annotations

from functools import wraps

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for

from ..games import GAMES
from ..i18n import N_
from ..lobby import names
from ..play import service
from ..tournaments import running
from . import api, languages, limits
from .db import get_db, get_site
from .home import signed_in
from .home_api import signed_in_address
from .languages import gettext
from .pages import check_csrf

bp = Blueprint("tournaments", __name__)
bp.register_error_handler(api.ValidationError, api.on_validation_error)

FORMAT_WORDS = {"round_robin": N_("round robin"), "league": N_("league")}
STATUS_WORDS = {"entering": N_("taking entries"), "running": N_("under way"),
                "finished": N_("finished")}
GAME_STATUS_WORDS = {"waiting": N_("to be made when the round before ends"),
                     "active": N_("under way"), "finished": N_("finished")}


def api_errors(view):
    """The API's refusals answered as JSON (a page's form says them in a flashed line instead)."""
    @wraps(view)
    def wrapped(*args, **kwargs):
        try:
            return view(*args, **kwargs)
        except service.ServiceError as exc:
            return api.on_service_error(exc)
    return wrapped


def answer(body, status: int = 200):
    response = jsonify(body)
    response.status_code = status
    return response


def made(db, address: str, body: dict, now: str) -> str:
    """A tournament made under the "tournament" limit, per client and per address (a refused one gives its
    count back)."""
    with limits.counted("tournament", per_account=limits.per_address("tournament", address)):
        return running.create(db, address, body, now)


# --- the API ---------------------------------------------------------------------------------------------


@bp.post("/api/tournaments")
@api_errors
def create_json():
    db, now = get_db(), service.utcnow()
    address = signed_in_address(db, now)
    body = api.json_body()
    if not isinstance(body, dict):
        raise service.BadRequest("the body must be a JSON object")
    tournament_id = made(db, address, body, now)
    return answer({"id": tournament_id, "url": f"{get_site().base_url}/tournaments/{tournament_id}"}, 201)


@bp.get("/api/tournaments")
@api_errors
def list_json():
    return jsonify(running.newest(get_db(), get_site()))


@bp.get("/api/tournaments/<tournament_id>")
@api_errors
def tournament_json(tournament_id):
    db, site = get_db(), get_site()
    running.catch_up(db, site, tournament_id, service.utcnow())
    return jsonify(running.view(db, site, tournament_id))


@bp.post("/api/tournaments/<tournament_id>/entries")
@api_errors
def enter_json(tournament_id):
    db, now = get_db(), service.utcnow()
    name = running.enter(db, tournament_id, signed_in_address(db, now), now)
    return answer({"name": name}, 201)


@bp.delete("/api/tournaments/<tournament_id>/entries")
@api_errors
def withdraw_json(tournament_id):
    db, now = get_db(), service.utcnow()
    taken = running.withdraw(db, get_site(), tournament_id, signed_in_address(db, now), now)
    return answer({"withdrawn": True, "computer_stands_in": taken})


@bp.post("/api/tournaments/<tournament_id>/start")
@api_errors
def start_json(tournament_id):
    db, now = get_db(), service.utcnow()
    games = running.start(db, get_site(), tournament_id, signed_in_address(db, now), now)
    return answer({"games": games}, 201)


# --- the pages -------------------------------------------------------------------------------------------


@bp.get("/tournaments")
def list_page():
    db = get_db()
    address = signed_in()
    shown = running.newest(db, get_site())
    for t in shown:
        t["format_words"] = gettext(FORMAT_WORDS[t["format"]])
        t["status_words"] = gettext(STATUS_WORDS[t["status"]])
    return render_template("tournaments.html", tournaments=shown, address=address,
                           public_name=names.name_of(db, address) if address else None,
                           kinds=sorted((module.TITLE, name, module.PLAYERS) for name, module in GAMES.items()))


@bp.get("/tournaments/<tournament_id>")
def tournament_page(tournament_id):
    db, site = get_db(), get_site()
    try:
        running.catch_up(db, site, tournament_id, service.utcnow())
        shown = running.view(db, site, tournament_id)
    except running.TournamentNotFound:
        return render_template("error.html", status=404, message=gettext("no tournament has that id")), 404
    address = signed_in()
    mine = names.name_of(db, address) if address else None
    rounds: dict = {}
    for game in shown["games"]:
        game["status_words"] = gettext(GAME_STATUS_WORDS[game["status"]])
        rounds.setdefault((game["division"], game["round"]), []).append(game)
    return render_template("tournament.html", t=shown, rounds=sorted(rounds.items()),
                           format_words=gettext(FORMAT_WORDS[shown["format"]]),
                           status_words=gettext(STATUS_WORDS[shown["status"]]), address=address, mine=mine,
                           entered=any(e["name"] == mine and not e["withdrawn"] for e in shown["entrants"]),
                           organiser=mine is not None and mine == shown["organiser"])


def form_action(tournament_id, act):
    """A page's form: the verb, then back to the tournament's page with what happened or why not."""
    check_csrf()
    address = signed_in()
    if address is None:
        return redirect(url_for("home.signin_form"), code=303)
    try:
        flash(act(get_db(), address, service.utcnow()))
    except service.ServiceError as exc:
        flash(gettext("Not done: %(reason)s", reason=languages.page_message(str(exc))))
    return redirect(url_for("tournaments.tournament_page", tournament_id=tournament_id), code=303)


@bp.post("/tournaments/<tournament_id>/enter")
def enter_form(tournament_id):
    return form_action(tournament_id, lambda db, address, now: (
        running.enter(db, tournament_id, address, now), gettext("You have entered."))[1])


@bp.post("/tournaments/<tournament_id>/withdraw")
def withdraw_form(tournament_id):
    return form_action(tournament_id, lambda db, address, now: (
        running.withdraw(db, get_site(), tournament_id, address, now),
        gettext("You have withdrawn: the computer plays your seats from now on."))[1])


@bp.post("/tournaments/<tournament_id>/start")
def start_form(tournament_id):
    return form_action(tournament_id, lambda db, address, now: gettext(
        "Started: %(count)s games made.", count=len(running.start(db, get_site(), tournament_id, address, now))))


@bp.post("/tournaments")
def create_form():
    check_csrf()
    address = signed_in()
    if address is None:
        return redirect(url_for("home.signin_form"), code=303)
    form = request.form
    body = {"name": form.get("name", ""), "game": form.get("game"), "format": form.get("format"),
            "rounds": form.get("rounds", "at_once"), "entries_close": form.get("entries_close", ""),
            "clock": form.get("clock", "")}
    for key in ("players_per_game", "max_entrants", "divisions", "promotion"):
        if form.get(key, "").strip():
            body[key] = int(form[key]) if form[key].strip().isdigit() else form[key]
    if body["entries_close"] and len(body["entries_close"]) == 16:  # a datetime-local field: minutes, UTC
        body["entries_close"] += ":00Z"
    try:
        tournament_id = made(get_db(), address, body, service.utcnow())
    except service.ServiceError as exc:
        flash(gettext("Not done: %(reason)s", reason=languages.page_message(str(exc))))
        return redirect(url_for("tournaments.list_page"), code=303)
    return redirect(url_for("tournaments.tournament_page", tournament_id=tournament_id), code=303)


def register(app) -> None:
    app.register_blueprint(bp)
