"""The HTML pages (architecture section 7): the home page and game creation, the seat page behind each
magic link, the spectator page, and the history at any event with previous/next links.

Pages work without JavaScript. Every form carries a CSRF token kept in the session cookie; every
player-supplied string is escaped by Jinja2 (the board SVG comes from the game module, which escapes
the names it draws).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets

from flask import (Blueprint, abort, current_app, flash, redirect, render_template, request, session,
                   url_for)
from markupsafe import Markup

from .. import clock, loading, service, store
from ..folding import Folded, legal_moves
from ..redaction import public_event
from ..config import TEMPLATES_DIR
from ..db import get_db, get_site
from ..games import GAMES, UnknownGame, get_game
from ..clock import CLOCK_OPTIONS
from ..games.base import GameError
from ..export import game_record
from ..notify import outbox
from ..notify.lost_links import send_seat_links
from ..words import last_moves
from . import limits, started
from .move_groups import group_moves

bp = Blueprint("pages", __name__)

BUTTONS_UP_TO = 12  # more legal moves than this are offered in a list instead of one button each

# The seat page's only script (choosing a ship highlights where it may sail), inlined verbatim and
# allowed by its hash in the Content-Security-Policy: no other script can run on our pages.
BOARD_SCRIPT = (TEMPLATES_DIR / "board.js").read_text()
BOARD_SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(BOARD_SCRIPT.encode()).digest()).decode()
CONTENT_SECURITY_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
                           f"script-src '{BOARD_SCRIPT_HASH}'; form-action 'self'; base-uri 'none'; "
                           "frame-ancestors 'none'")


def install_filters(app) -> None:
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.jinja_env.globals["board_script"] = Markup(BOARD_SCRIPT)
    app.jinja_env.filters["compact_json"] = lambda value: json.dumps(value, sort_keys=True, separators=(", ", ": "))


@bp.after_request
def content_security_policy(response):
    if response.mimetype == "text/html":
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    return response


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return session["csrf"]


def check_csrf() -> None:
    sent = request.form.get("csrf", "")
    if not sent or not hmac.compare_digest(sent, session.get("csrf", "")):
        abort(400, "the form has expired or came from elsewhere; reload the page and try again")


@bp.errorhandler(service.GameNotFound)
def not_found(exc):
    return render_template("error.html", status=404, message=str(exc)), 404


@bp.get("/rules/<name>")
def rules_page(name):
    """The rules of a game written for players (templates/rules/<name>.html)."""
    try:
        module = get_game(name)
    except UnknownGame as exc:
        return render_template("error.html", status=404, message=str(exc)), 404
    return render_template(f"rules/{module.NAME}.html", module=module)


@bp.get("/links")
def lost_links_form():
    return render_template("links.html", sent=False, error=None)


@bp.post("/links")
def lost_links():
    check_csrf()
    limits.limit("links")
    address = (request.form.get("address") or "").strip()
    if len(address) > service.MAX_EMAIL or not service.EMAIL.match(address):
        return render_template("links.html", sent=False, error="that does not look like an e-mail address"), 400
    send_seat_links(get_db(), get_site(), address)
    # The same answer whether or not the address plays here: the page must not tell who plays.
    return render_template("links.html", sent=True, address=address, error=None)


@bp.get("/")
def home():
    from .. import store

    games = store.list_games(get_db(), limit=30)
    types = sorted(GAMES.values(), key=lambda m: m.TITLE)
    return render_template("home.html", types=types, games=games,
                           most_players=max((m.PLAYERS[1] for m in types), default=0))


# --- creating a game ---------------------------------------------------------------------------------


FORM_ROWS = 64  # more player rows than any game takes, so extra rows are read and refused, not dropped


def players_from_form(form) -> list[dict]:
    """Every filled row of the form, in order: rows beyond what the game takes are kept, so the service
    refuses them with the game's numbers instead of the form dropping them silently."""
    players = []
    for i in range(FORM_ROWS):
        name = form.get(f"name{i}", "").strip()
        email = form.get(f"email{i}", "").strip()
        if name or email:
            players.append({"name": name, "email": email or None})
    return players


def all_options(module) -> dict:
    return {**module.OPTIONS, **CLOCK_OPTIONS}


def options_from_form(form, module) -> dict:
    options = {}
    for key, option in all_options(module).items():
        if option.kind == "bool":
            if f"opt_{key}_present" in form:
                options[key] = f"opt_{key}" in form
        else:
            value = form.get(f"opt_{key}", "").strip()
            if value:
                options[key] = value
    return options


@bp.post("/new")
def new_game_from_home():
    """The home page's quick form: a game, its players, and every option at its default."""
    return new_game(request.form.get("game", ""))


@bp.route("/new/<name>", methods=["GET", "POST"])
def new_game(name):
    try:
        module = get_game(name)
    except UnknownGame as exc:
        return render_template("error.html", status=404, message=str(exc)), 404
    error = None
    if request.method == "POST":
        check_csrf()
        limits.check("create")
        players = players_from_form(request.form)
        try:
            created = service.create_game(get_db(), get_site(), module.NAME, players,
                                          options_from_form(request.form, module))
        except (GameError, service.ServiceError) as exc:
            error = str(exc)
        else:
            limits.record("create")
            return started.remember(created.id)  # POST/redirect/GET: a reload never starts a second game
    return render_template("new.html", module=module, options=all_options(module), form=request.form,
                           error=error), 422 if error else 200


# --- the seat page -------------------------------------------------------------------------------------


HISTORY_WINDOW = 30  # events listed on each side of the one shown


def seat_context(loaded: Folded, seat: int | None, at: int | None = None) -> dict:
    module = loaded.module
    shown = loaded if at is None else loading.at(get_db(), loaded, at)
    state = shown.state
    result = shown.outcome
    legal = legal_moves(loaded, seat) if at is None else []
    to_move = sorted(shown.to_move)
    now = clock.parse_time(service.utcnow())
    return {
        "loaded": loaded, "module": module, "seat": seat, "names": loaded.names,
        "seq": loaded.seq if at is None else at,
        "svg": Markup(module.render_svg(state, seat, names=tuple(loaded.names))),
        # what the game's own HTML panel (templates/games/<name>.html) shows beside the board
        "view": module.view(state, seat),
        "text": module.render_text(state, seat),
        "legal": legal, "buttons": len(legal) <= BUTTONS_UP_TO, "move_groups": group_moves(legal),
        "to_move": to_move, "outcome": result.to_json() if result else None,
        # the event list is the history page's alone; the seat page tells its recent moves in words
        "events": history_window(loaded, seat, at) if at is not None else [],
        "at": at,
        "deadlines": {s: clock.format_time(d) for s in sorted(loaded.owing_since)
                      if at is None and (d := loaded.deadline(s, now)) is not None},
        "vacationing": [s for s in range(loaded.seat_count) if clock.on_vacation(loaded.vacations, s)],
        # a seat sees only its own undelivered notices, in plain words; a spectator sees none
        "failed": outbox.failed_for_seat(get_db(), loaded.id, seat) if at is None and seat is not None else [],
        "recent": recent_moves(loaded, seat) if at is None else [],
    }


RECENT_UP_TO = 20


def history_window(loaded: Folded, seat: int | None, at: int) -> list[dict]:
    """The events around the one shown, as the viewer may see them: a page, not the whole log."""
    first = max(1, at - HISTORY_WINDOW)
    events = store.read_events_after(get_db(), loaded.id, first - 1, upto=at + HISTORY_WINDOW)
    return [public_event(loaded, e, seat) for e in events]


def recent_moves(loaded: Folded, seat: int | None) -> list[str]:
    """What happened since the seat last moved (a spectator: lately), in the words of the notices: a
    correspondence player comes back a day later and first wants to know what the others did."""
    since = loaded.last_acted.get(seat, 0) if seat is not None else 0
    since = max(since, loaded.seq - 10 * RECENT_UP_TO)
    events = store.read_events_after(get_db(), loaded.id, since)
    return last_moves(loaded, events, seat)[-RECENT_UP_TO:]


def seat_from_token(token: str) -> tuple[Folded, int]:
    db = get_db()
    game_id, seat = service.find_seat(db, token)
    return service.load(db, game_id), seat


@bp.get("/play/<token>")
def seat_page(token):
    loaded, seat = seat_from_token(token)
    return render_template("seat.html", token=token, error=None, **seat_context(loaded, seat))


@bp.post("/play/<token>")
def seat_move(token):
    check_csrf()
    loaded, seat = seat_from_token(token)
    move = (request.form.get("typed") or "").strip() or (request.form.get("move") or "").strip()
    try:
        seen = int(request.form.get("seq", ""))
    except ValueError:
        seen = None
    try:
        played = service.submit_move(get_db(), get_site(), loaded.id, token, move, seen)
    except (GameError, service.ServiceError) as exc:
        status = service.status_of(exc)
        loaded, seat = seat_from_token(token)
        return render_template("seat.html", token=token, error=str(exc), tried=move,
                               **seat_context(loaded, seat)), status
    flash(f"Played {move} (now at seq {played.seq}).")
    return redirect(url_for("pages.seat_page", token=token), code=303)


@bp.post("/play/<token>/resign")
def seat_resign(token):
    check_csrf()
    loaded, seat = seat_from_token(token)
    if request.form.get("confirm") != "yes":
        return render_template("seat.html", token=token, error="tick the box to confirm that you resign",
                               **seat_context(loaded, seat)), 400
    try:
        service.resign(get_db(), get_site(), loaded.id, token)
    except (GameError, service.ServiceError) as exc:
        return render_template("seat.html", token=token, error=str(exc), **seat_context(loaded, seat)), \
            service.status_of(exc)
    flash("You resigned.")
    return redirect(url_for("pages.seat_page", token=token), code=303)


# --- spectators and history ------------------------------------------------------------------------------


@bp.get("/games/<game_id>")
def spectator_page(game_id):
    loaded = service.load(get_db(), game_id)
    return render_template("game.html", **seat_context(loaded, None))


def record_download(loaded: Folded, seat: int | None):
    name = f"pbem-{loaded.module.NAME}-{loaded.id}" + ("" if seat is None else f"-seat{seat}") + ".json"
    body = json.dumps(game_record(get_db(), loaded, seat), indent=1, sort_keys=True)
    return current_app.response_class(body, mimetype="application/json",
                                      headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/games/<game_id>/export.json")
def spectator_record(game_id):
    return record_download(service.load(get_db(), game_id), None)


@bp.get("/play/<token>/export.json")
def seat_record(token):
    loaded, seat = seat_from_token(token)
    return record_download(loaded, seat)


def history_at(loaded: Folded) -> int:
    raw = request.args.get("at", "")
    try:
        at = int(raw) if raw else loaded.seq
    except ValueError:
        abort(400, "at must be a whole number")
    return min(max(at, 1), loaded.seq)


@bp.get("/games/<game_id>/history")
def spectator_history(game_id):
    loaded = service.load(get_db(), game_id)
    at = history_at(loaded)
    return render_template("history.html", base=url_for("pages.spectator_history", game_id=game_id),
                           back=url_for("pages.spectator_page", game_id=game_id), **seat_context(loaded, None, at))


@bp.get("/play/<token>/history")
def seat_history(token):
    loaded, seat = seat_from_token(token)
    at = history_at(loaded)
    return render_template("history.html", base=url_for("pages.seat_history", token=token),
                           back=url_for("pages.seat_page", token=token), **seat_context(loaded, seat, at))


# --- a seat's notification settings and vacation -------------------------------------------------------


@bp.route("/play/<token>/settings", methods=["GET", "POST"])
def seat_settings(token):
    loaded, seat = seat_from_token(token)
    error = None
    if request.method == "POST":
        check_csrf()
        try:
            service.change_settings(get_db(), get_site(), loaded.id, token, email_on="email_on" in request.form,
                                    digest="digest" in request.form, webhook=request.form.get("webhook", ""))
        except (GameError, service.ServiceError) as exc:
            error = str(exc)
        else:
            flash("Your notification settings are saved.")
            return redirect(url_for("pages.seat_settings", token=token), code=303)
        loaded, seat = seat_from_token(token)
    now = clock.parse_time(service.utcnow())
    allowance = loaded.clock.get("vacation_days", clock.DEFAULT_VACATION_DAYS)
    used = clock.vacation_used(loaded.vacations, seat, now)
    return render_template(
        "settings.html", token=token, loaded=loaded, seat=seat, names=loaded.names, error=error,
        settings=loaded.settings[seat], webhook_secret=get_site().webhook_secret(loaded.id, seat),
        on_vacation=clock.on_vacation(loaded.vacations, seat), allowance=allowance,
        used_days=round(used.total_seconds() / 86400, 1), clock_on=bool(loaded.clock.get("time_per_move")),
    ), 422 if error else 200


@bp.post("/play/<token>/vacation")
def seat_vacation(token):
    check_csrf()
    loaded, seat = seat_from_token(token)
    verb = service.end_vacation if request.form.get("action") == "end" else service.start_vacation
    try:
        verb(get_db(), get_site(), loaded.id, token)
    except (GameError, service.ServiceError) as exc:
        flash(f"Not done: {exc}")
    else:
        flash("Your vacation has ended: your clock runs again." if verb is service.end_vacation
              else "You are on vacation: your clock is paused until you come back.")
    return redirect(url_for("pages.seat_settings", token=token), code=303)
