"""The "your game has started" page, after POST/redirect/GET (issue 10, item 11).

Starting a game from the form answers 303 to /started: reloading that page never starts a second game.
The seat links are shown on it once. They are never put in a URL (where logs, proxies and the browser's
history keep them) nor in the session cookie (which the browser sends back and anyone holding it could
replay): the form's answer stores a one-time view server-side under a random id, and puts only that id
in the session. /started takes the view (deleting it) and shows the links, derived again from the server
key; a reload, or the same cookie replayed, finds nothing and says where the links can be had again."""

from __future__ import annotations

import secrets
from datetime import timedelta

from flask import Blueprint, redirect, render_template, session, url_for

from .. import store
from ..play import clock, service
from .db import get_db, get_site

bp = Blueprint("started", __name__)

KEPT_FOR = timedelta(hours=1)


def remember(game_id: str):
    """The answer to a successful form: keep a one-time view, redirect to it."""
    db = get_db()
    view = secrets.token_urlsafe(24)
    now = service.utcnow()
    # views never looked at are dropped after an hour
    store.accounts.add_started_view(db, view, game_id, now, clock.format_time(clock.parse_time(now) - KEPT_FOR))
    session["started_view"] = view
    session["started_game"] = game_id
    return redirect(url_for("started.show"), code=303)


def take(view: str | None) -> str | None:
    """The game of a one-time view, which is gone afterwards; None when shown already or too old."""
    if not view:
        return None
    db = get_db()
    oldest = clock.format_time(clock.parse_time(service.utcnow()) - KEPT_FOR)
    row = store.accounts.take_started_view(db, view)
    if row is None or row[1] < oldest:
        return None
    return row[0]


@bp.get("/started")
def show():
    game_id = take(session.pop("started_view", None))
    if game_id is None:
        return render_template("created.html", created=None, game_id=session.get("started_game")), 200
    loaded = service.load(get_db(), game_id)
    site = get_site()
    # an open seat's link goes to whoever takes it (issue 14), its place shows the invitation; a computer
    # seat's link is nobody's (issue 17)
    seats = [{"number": seat["seat"] + 1, "name": seat["name"], "bot": seat.get("bot"),
              "url": None if seat.get("open") or seat.get("bot")
              else site.seat_url(game_id, seat["seat"], seat.get("generation", 0))}
             for seat in loaded.seats]
    invite = site.invite_url(game_id) if loaded.facts.get("waiting") else None
    return render_template("created.html", created=loaded, module=loaded.module, seats=seats,
                           spectator=site.game_url(game_id), game_id=game_id, invite=invite)
