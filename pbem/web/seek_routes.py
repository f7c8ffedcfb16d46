"""Seeks on the web (issue 31 item 3, architecture section 26): POST /api/seeks and DELETE /api/seeks/<id>
for a signed-in address (a session or a personal token), and the lobby's forms that do the same without a
script. The matching itself is pbem/lobby/seeks.py.

Posting counts against the "seek" limit per client and per address; a refused seek gives its counts back."""

from __future__ import annotations

from flask import Blueprint, flash, jsonify, redirect, request, url_for
from marshmallow import ValidationError

from ..lobby import seeks
from ..play import service
from . import api, languages, limits
from .db import get_db, get_site
from .home import signed_in, wake_mail
from .languages import gettext
from .pages import check_csrf
from .public_games import signed_address

bp = Blueprint("seeks", __name__)
bp.register_error_handler(service.ServiceError, api.on_service_error)
bp.register_error_handler(ValidationError, api.on_validation_error)


def posted(address: str | None, body: dict) -> dict:
    """The seek posted under the limits (per client, and per address once it is known)."""
    per_address = limits.per_address("seek", address)
    with limits.counted("seek", per_account=per_address):
        answer = seeks.post(get_db(), get_site(), address, body, service.utcnow())
    if "game_id" in answer:
        wake_mail()  # every seeker's seat link goes out now, not at the scheduler's next minute
    return answer


@bp.post("/api/seeks")
def post_seek():
    body = api.json_body()
    if not isinstance(body, dict):
        return api.error(400, "the body must be a JSON object")
    answer = posted(signed_address(), body)
    response = jsonify(answer)
    response.status_code = 201
    response.headers["Location"] = f"/api/seeks/{answer['id']}"
    return response


@bp.delete("/api/seeks/<seek_id>")
def delete_seek(seek_id):
    seeks.cancel(get_db(), signed_address(), seek_id)
    return "", 204


def form_clock(form) -> dict:
    """The form's clock as the API takes it: a bank of time (Fischer: its start, increment and most, the
    most left out when empty), a time per move, or none (chosen, or a time per move left empty)."""
    kind = form.get("clock", "per_move")
    if kind == "fischer":
        bank = {"kind": "fischer", "initial": form.get("bank_initial", "").strip(),
                "increment": form.get("bank_increment", "").strip()}
        if form.get("bank_max", "").strip():
            bank["max"] = form["bank_max"].strip()
        return bank
    per_move = form.get("per_move", "").strip()
    return {"kind": "per_move", "per_move": per_move} if kind != "none" and per_move else {"kind": "none"}


@bp.post("/lobby/seeks")
def post_seek_form():
    """The lobby's form: a seek; a match started takes the poster to its seat."""
    check_csrf()
    form = request.form
    count = form.get("players", "").strip()
    body = {"game": form.get("game", ""), "players": int(count) if count.isdigit() and len(count) < 3 else count,
            "clock": form_clock(form)}
    try:
        answer = posted(signed_in(), body)
    except service.ServiceError as exc:
        if isinstance(exc, service.TooMany):
            raise
        flash(gettext("Not posted: %(reason)s", reason=languages.page_message(str(exc))))
        return redirect(url_for("lobby.lobby_page") + "#seeks", code=303)
    if "url" in answer:
        return redirect(answer["url"], code=303)
    flash(gettext("Your seek is posted: you will get a mail when enough players want the same game."))
    return redirect(url_for("lobby.lobby_page") + "#seeks", code=303)


@bp.post("/lobby/seeks/<seek_id>/cancel")
def cancel_seek_form(seek_id):
    check_csrf()
    try:
        seeks.cancel(get_db(), signed_in(), seek_id)
    except service.ServiceError as exc:
        flash(gettext("Not cancelled: %(reason)s", reason=languages.page_message(str(exc))))
    else:
        flash(gettext("Your seek is cancelled."))
    return redirect(url_for("lobby.lobby_page") + "#seeks", code=303)


def register(app) -> None:
    app.register_blueprint(bp)
