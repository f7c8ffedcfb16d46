"""A player's home across games, the pages (architecture section 13, issue 14): signing in with a mailed
link, /me with every seat of the address, the calendar and Atom feeds, joining a game through its
invitation, giving a seat an address, and replacing a seat's link.

A signed-in browser holds a random session secret in the signed session cookie (HttpOnly, SameSite=Lax,
Secure behind https); the database keeps its SHA-256 and when it runs out, and /signout deletes it. Links
that spend something (a sign-in link, an address confirmation) open a page with a button: a GET never
spends them, since mail scanners follow links on their own.
"""

from __future__ import annotations

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, session, url_for

from .. import i18n
from ..games.base import GameError
from ..lobby import listing, names
from ..notify.unsubscribe import masked
from ..people import accounts, players
from ..people.mygames import my_seats
from ..play import service
from ..play.errors import ServiceError
from . import feeds, languages, limits, proof
from .asking import ask_for_mail
from .client_words import client_words
from .db import get_db, get_site
from .languages import gettext
from .pages import check_csrf, seat_from_token

bp = Blueprint("home", __name__)


def install(app) -> None:
    app.config.setdefault("PERMANENT_SESSION_LIFETIME", accounts.SESSION_VALID)
    app.jinja_env.globals["signed_in"] = signed_in


def comes_back_to(path: str) -> bool:
    """Whether a sign-in asked from these pages may come back to `path`: the lobby's, the tournaments'
    and a game's join page, never another site."""
    return path.startswith(("/lobby", "/tournaments", "/join/")) and "//" not in path and "\\" not in path


def signed_in() -> str | None:
    """The address this browser is signed in as, or None."""
    if "home_address" not in g:
        g.home_address = accounts.session_address(get_db(), session.get("home"), service.utcnow())
    return g.home_address


def wake_mail() -> None:
    """Deliver what was just queued now rather than at the scheduler's next minute (sign-in links are
    followed at once)."""
    scheduler = current_app.config.get("SCHEDULER")
    if scheduler:
        from ..notify.sweep import wake

        wake(scheduler[0], current_app.config["DATABASE"], get_site(), scheduler[1])


def page_error(status: int, message: str):
    return render_template("error.html", status=status, message=message), status


@bp.errorhandler(service.GameNotFound)
def not_found(exc):
    return page_error(404, str(exc))


# --- signing in and out -------------------------------------------------------------------------------


@bp.get("/signin")
def signin_form():
    return render_template("signin.html", sent=False, address=None, error=None)


@bp.post("/signin")
def signin():
    check_csrf()
    limits.limit("signin")
    address = (request.form.get("address") or "").strip()
    if len(address) > service.MAX_EMAIL or not service.EMAIL.match(address):
        return render_template("signin.html", sent=False, address=None,
                               error=gettext("that does not look like an e-mail address")), 400
    ask_for_mail("signin", address)
    # The same answer, and the same work, whether or not the address plays here: nothing tells who plays.
    return render_template("signin.html", sent=True, address=address, error=None)


@bp.get("/signin/<token>")
def signin_link(token):
    address = accounts.signin_address(get_db(), token, service.utcnow()) if len(token) < 200 else None
    if address is None:
        return render_template("signin_link.html", address=None, token=token), 404
    return render_template("signin_link.html", address=masked(address), token=token)


@bp.post("/signin/<token>")
def signin_follow(token):
    check_csrf()
    secret = accounts.use_signin_link(get_db(), get_site(), token, service.utcnow()) if len(token) < 200 else None
    if secret is None:
        return render_template("signin_link.html", address=None, token=token), 404
    session["home"] = secret
    session.permanent = True
    session.pop("csrf", None)  # a new session, a new form token
    flash(gettext("You are signed in."))
    after = session.pop("after_signin", None)  # asked from a public game's join page or the lobby: back there
    if isinstance(after, str) and comes_back_to(after):
        return redirect(after, code=303)
    return redirect(url_for("home.me"), code=303)


@bp.route("/signout", methods=["GET", "POST"])
def signout():
    if request.method == "POST":
        check_csrf()
        accounts.end_session(get_db(), session.pop("home", None))
        session.pop("csrf", None)
        flash(gettext("You are signed out."))
        return redirect(url_for("home.signin_form"), code=303)
    return render_template("signout.html", address=signed_in())


# --- /me ----------------------------------------------------------------------------------------------


@bp.get("/me")
def me():
    from . import away_pages  # late: it registers its routes on this module's blueprint
    address = signed_in()
    if address is None:
        return redirect(url_for("home.signin_form"), code=303)
    db, site, now = get_db(), get_site(), service.utcnow()
    seats = my_seats(db, site, address, now, languages.current())
    yours = [s for s in seats if s.your_turn]
    return render_template(
        "me.html", address=address, yours=yours,
        waiting=[s for s in seats if not s.your_turn and s.status != "finished"],
        finished=[s for s in seats if s.status == "finished"],
        token=accounts.key_of(db, site, address, "token", now),
        feed_url=f"{site.base_url}/me/calendar.ics?key={accounts.key_of(db, site, address, 'feed', now)}",
        client_data={"moves": [], "title": gettext("Your games"), "words": client_words(languages.current())},
        my_language=accounts.language_of(db, address), public_name=names.name_of(db, address),
        **away_pages.my_away(db, address, now))


@bp.post("/me/settings")
def my_settings():
    """The signed-in address's own settings from /me: the language of its pages (issue 26)."""
    check_csrf()
    address = signed_in()
    if address is None:
        return redirect(url_for("home.signin_form"), code=303)
    chosen = i18n.known(request.form.get("language"))
    accounts.set_language(get_db(), address, chosen, service.utcnow())
    g.language = chosen or languages.browser_language()  # the answer speaks the new language
    flash(gettext("Your settings are saved."))
    return redirect(url_for("home.me"), code=303)


@bp.post("/me/keys")
def replace_key():
    check_csrf()
    address = signed_in()
    if address is None:
        return redirect(url_for("home.signin_form"), code=303)
    kind = request.form.get("kind")
    if kind not in accounts.KINDS:
        return page_error(400, gettext("choose the personal token or the calendar key"))
    accounts.replace_key(get_db(), get_site(), address, kind, service.utcnow())
    flash(gettext("Your personal token is replaced: the old one opens nothing now.") if kind == "token" else
          gettext("Your calendar key is replaced: subscribe again with the new address; "
                  "the old one shows nothing now."))
    return redirect(url_for("home.me"), code=303)


@bp.post("/me/rotate")
def rotate_from_me():
    """Replace a seat's link from /me: the session proves the address (a leaked link may have been
    replaced by whoever holds it; the address's owner takes the seat back from here)."""
    check_csrf()
    address = signed_in()
    if address is None:
        return redirect(url_for("home.signin_form"), code=303)
    try:
        seat = int(request.form.get("seat", ""))
        players.rotate(get_db(), get_site(), request.form.get("game", ""), players.by_address(address, seat))
    except ValueError:
        return page_error(400, gettext("choose a seat"))
    except (GameError, ServiceError) as exc:
        return page_error(service.status_of(exc), str(exc))
    flash(gettext("The seat's link is replaced: the old one opens nothing now. The new one is below."))
    return redirect(url_for("home.me"), code=303)


@bp.get("/me/calendar.ics")
def calendar():
    db, now = get_db(), service.utcnow()
    address = accounts.address_of_key(db, "feed", request.args.get("key"))
    if address is None:
        return current_app.response_class("no calendar has that key (it may have been replaced)\n", status=404,
                                          mimetype="text/plain")
    body = feeds.calendar(db, get_site(), my_seats(db, get_site(), address, now, languages.current()), now)
    return current_app.response_class(body, mimetype="text/calendar",
                                      headers={"Content-Disposition": 'inline; filename="pbem.ics"'})


@bp.get("/games/<game_id>/feed.atom")
def game_feed(game_id):
    loaded = service.load(get_db(), game_id)
    language = languages.current()
    return current_app.response_class(feeds.atom(get_db(), get_site(), loaded, language), mimetype="application/atom+xml",
                                      headers={"Content-Language": language, "Vary": "Accept-Language, Cookie"})


# --- open seats: joining through the invitation ----------------------------------------------------------


def seats_left(loaded, invite: str) -> dict:
    """What the join page says of the seats: whether none is left to take (`full`), and for a reopened
    seat's invitation (issue 31) whose seat it was (`reopening`, None when the seat has been taken)."""
    if get_site().read_reopen_token(invite) is None:
        return {"full": not players.open_seats(loaded), "reopening": None}
    seat = players.invited_seat(get_site(), loaded, invite)
    return {"full": seat is None, "reopening": None if seat is None else loaded.names[seat]}


@bp.route("/join/<invite>", methods=["GET", "POST"])
def join(invite):
    db = get_db()
    try:
        loaded = players.by_invitation(db, get_site(), invite)
    except ServiceError as exc:
        return page_error(404, str(exc))
    listed = listing.listing(db, loaded.id)
    if listed is not None:  # a public game: joined signed in, under a public name (issue 31)
        return public_join(invite, loaded, listed)
    error, status = None, 200
    if request.method == "POST":
        check_csrf()
        with limits.counted("create") as taken:  # a seat taken counts like a game made: each may mail its player
            try:
                game_id, seat, token = players.join(db, get_site(), invite, request.form.get("name", ""),
                                                    request.form.get("email") or None)
            except (GameError, ServiceError) as exc:
                taken.give_back()
                error, status = str(exc), service.status_of(exc)
                game_id = None
        if game_id is None:
            loaded = service.load(db, loaded.id)
        else:
            wake_mail()
            joined_flash(loaded, seat)
            return redirect(url_for("pages.seat_page", token=token), code=303)
    left = seats_left(loaded, invite)
    return render_template("join.html", loaded=loaded, module=loaded.module, seats=loaded.seats, invite=invite,
                           error=error, **left), (409 if left["full"] and status == 200 else status)


def joined_flash(loaded, seat: int) -> None:
    if loaded.seats[seat].get("reopened"):  # as the game stood before: the seat taken was a reopened one
        flash(gettext("You have taken %(previous)s's seat. This page's address is your seat link, your key to the "
                      "game: bookmark it and keep it to yourself.", previous=loaded.names[seat]))
    else:
        flash(gettext("You have joined and play seat %(seat)s. This page's address is your seat link, your key to "
                      "the game: bookmark it and keep it to yourself.", seat=seat + 1))


def public_join(invite: str, loaded, listed: dict):
    """Joining a game listed in the lobby: a signed-in address takes the seat under its public name, with
    itself as the seat's address, if its share of decisions in time meets the game's minimum; anyone else
    is asked to sign in first (a link by mail that comes back here)."""
    db, address = get_db(), signed_in()
    name = names.name_of(db, address) if address else None
    error, status = None, 200
    if request.method == "POST" and address is not None:
        check_csrf()
        with limits.counted("create") as taken:  # a seat taken counts like a game made: each may mail its player
            try:
                name = listing.check_joiner(db, loaded, address)
                game_id, seat, token = players.join(db, get_site(), invite, name, address)
            except (GameError, ServiceError) as exc:
                taken.give_back()
                error, status = str(exc), service.status_of(exc)
                game_id = None
        if game_id is not None:
            proof.prove(address, game_id)  # signed in: the session proves the address
            wake_mail()
            joined_flash(loaded, seat)
            return redirect(url_for("pages.seat_page", token=token), code=303)
        loaded = service.load(db, loaded.id)
    elif request.method == "POST":
        return redirect(url_for("home.join", invite=invite), code=303)
    return render_template("join.html", loaded=loaded, module=loaded.module, seats=loaded.seats, invite=invite,
                           error=error, public=True, address=address, public_name=name,
                           minimum=listed["min_reliability"], sent=False, **seats_left(loaded, invite)), status


@bp.post("/join/<invite>/signin")
def join_signin(invite):
    """Ask for a sign-in link from a public game's join page: mailed to any address (a stranger has no
    seat here yet), and this browser comes back to the join once it follows the link."""
    check_csrf()
    db = get_db()
    try:
        loaded = players.by_invitation(db, get_site(), invite)
    except ServiceError as exc:
        return page_error(404, str(exc))
    limits.limit("signin")
    address = (request.form.get("address") or "").strip()
    error = None
    if len(address) > service.MAX_EMAIL or not service.EMAIL.match(address) or not address.isascii():
        error = gettext("that does not look like an e-mail address")
    else:
        session["after_signin"] = url_for("home.join", invite=invite)
        ask_for_mail("lobby", address)
    return render_template("join.html", loaded=loaded, module=loaded.module, seats=loaded.seats, invite=invite,
                           error=error, public=True, address=None, public_name=None, minimum=None,
                           sent=error is None, **seats_left(loaded, invite)), 400 if error else 200


# --- a seat's address and link, from its settings page ----------------------------------------------------


@bp.post("/play/<token>/address")
def seat_address(token):
    check_csrf()
    loaded, seat = seat_from_token(token)
    limits.limit("signin")  # it mails an address nobody has proven yet
    address = (request.form.get("address") or "").strip()
    if len(address) > service.MAX_EMAIL or not service.EMAIL.match(address) or not address.isascii():
        flash(gettext("Not sent: that does not look like an e-mail address."))
        return redirect(url_for("pages.seat_settings", token=token), code=303)
    accounts.request_confirmation(get_db(), get_site(), loaded, seat, address, service.utcnow())
    wake_mail()
    flash(gettext("A link is on its way to %(address)s: follow it to confirm, and this game's notices go there.",
                  address=address))
    return redirect(url_for("pages.seat_settings", token=token), code=303)


@bp.post("/play/<token>/mine")
def add_to_my_games(token):
    """A signed-in player gives the seat the session's address: the session proves it."""
    check_csrf()
    address = signed_in()
    if address is None:
        return redirect(url_for("home.signin_form"), code=303)
    loaded, seat = seat_from_token(token)
    try:
        players.set_address(get_db(), get_site(), loaded.id, players.by_token(token), address)
    except (GameError, ServiceError) as exc:
        return page_error(service.status_of(exc), str(exc))
    proof.prove(address, loaded.id)  # signed in: the session proves the address, and the seat is wanted
    flash(gettext("Added to your games: this seat's notices go to %(address)s.", address=address))
    return redirect(url_for("home.me"), code=303)


@bp.route("/address/<token>", methods=["GET", "POST"])
def confirm_address(token):
    db, now = get_db(), service.utcnow()
    pending = accounts.confirmation(db, token, now)
    if pending is None:
        return render_template("address.html", pending=None, done=False), 404
    loaded = service.load(db, pending["game_id"])
    shown = {"address": masked(pending["address"]), "title": loaded.module.TITLE,
             "name": loaded.names[pending["seat"]], "game_id": loaded.id}
    if request.method == "GET":
        return render_template("address.html", pending=shown, token=token, done=False)
    check_csrf()
    try:
        players.set_address(db, get_site(), loaded.id, lambda folded: pending["seat"], pending["address"],
                            generation=pending["generation"])
    except (GameError, ServiceError) as exc:
        return page_error(service.status_of(exc), str(exc))
    accounts.drop_confirmation(db, token)
    proof.prove(pending["address"], loaded.id)  # the link reached its owner, who asked for this game's mail
    return render_template("address.html", pending=shown, done=True)


@bp.post("/play/<token>/rotate")
def rotate_link(token):
    check_csrf()
    loaded, seat = seat_from_token(token)
    if request.form.get("confirm") != "yes":
        flash(gettext("Not replaced: tick the box to confirm."))
        return redirect(url_for("pages.seat_settings", token=token), code=303)
    try:
        _, new = players.rotate(get_db(), get_site(), loaded.id, players.by_token(token))
    except (GameError, ServiceError) as exc:
        return page_error(service.status_of(exc), str(exc))
    flash(gettext("Your seat link is replaced: this page's address is the new link (bookmark it); the old one opens "
                  "nothing now."))
    return redirect(url_for("pages.seat_settings", token=new), code=303)

