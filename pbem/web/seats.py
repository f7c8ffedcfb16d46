"""The pages' part of computer players and handing a seat on (issue 17), registered on the pages blueprint:
a seat's person takes it back from the computer (`/play/<token>/back`), a seat's holder hands it on
(`/play/<token>/handover`, from the settings page), and `seat_extras`, which every page may ask what it
should say about computer players and a seat's new holder."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from ..events.computer import playing_for
from ..games.base import GameError
from ..people import computer
from ..people.handover import hand_over, summary
from ..play import service
from ..play.folding import Folded
from . import languages, limits
from .db import get_db, get_site
from .languages import gettext, page_message
from .pages import bp, check_csrf, seat_from_token, settings_page


def seat_extras(loaded: Folded, seat: int | None, at: int | None = None) -> dict:
    """What a page says about who plays: the computer seats, the seats the computer plays for since their
    time ran out, and for a seat's new holder (until their first move) the game so far in words."""
    names = loaded.names
    extras = {
        "computers": [names[s] for s in range(loaded.seat_count) if loaded.seats[s].get("bot")],
        "playing_for": [names[s] for s in range(loaded.seat_count) if playing_for(loaded, s) and s != seat],
        "for_me": playing_for(loaded, seat) and not loaded.finished,
        "handed": None, "previous": None, "reopened": False,
    }
    if seat is not None and at is None and not loaded.finished:
        record = loaded.seats[seat]
        since = record.get("held_since")
        if since and loaded.last_acted.get(seat, 0) < since:
            extras["handed"] = summary(get_db(), loaded, seat, languages.current())
            extras["previous"] = record.get("previous_holder")
            extras["reopened"] = record.get("came_by") == "reopening"  # a reopened seat taken (issue 31)
    return extras


@bp.app_context_processor
def computer_globals():
    return {"seat_extras": seat_extras}


@bp.post("/play/<token>/back")
def seat_back(token):
    """The seat's person is back: the computer stops playing for them."""
    check_csrf()
    loaded, _ = seat_from_token(token)
    try:
        computer.come_back(get_db(), get_site(), loaded.id, token)
    except (GameError, service.ServiceError) as exc:
        flash(gettext("Not done: %(reason)s", reason=page_message(str(exc))))
    else:
        flash(gettext("Welcome back: the computer no longer plays for you, your moves are yours again."))
    return redirect(url_for("pages.seat_page", token=token), code=303)


@bp.post("/play/<token>/handover")
def seat_handover(token):
    """Hand the seat on from its settings page; the link of this page stops working at once."""
    check_csrf()
    loaded, seat = seat_from_token(token)
    name = request.form.get("holder_name", "")
    email = request.form.get("holder_email", "")
    if request.form.get("give_away") != "yes":
        error = gettext("tick the box to confirm: your link stops working at once")
    else:
        error = None
        with limits.counted("handover") as taken:
            try:
                hand_over(get_db(), get_site(), loaded.id, token, name, email)
            except (GameError, service.ServiceError) as exc:
                taken.give_back()
                error = str(exc)
        if error is None:
            return render_template("handed.html", loaded=loaded, module=loaded.module, name=" ".join(name.split()),
                                   game_url=get_site().game_url(loaded.id))
    return settings_page(token, loaded, seat, handover_error=error, form=request.form), 422
