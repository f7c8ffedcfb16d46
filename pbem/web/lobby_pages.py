"""The lobby's pages and its JSON (issue 31, architecture sections 22 and 26): /lobby and GET /api/lobby
(public games waiting for players, filtered by game and clock, a page at a time), /lobby.atom, a public
name's page and answer (/players/<name>, GET /api/players/<name>), and choosing a public name on /me;
the rating lists (issue 32: /ratings/<game>, GET /api/ratings/<game>).

Nothing here shows an address: the lobby's rows hold the creator's public name and the SHA-256 of its
address only, and a player's page is found by name. Every name is escaped by Jinja on the pages and by
ElementTree in the feed."""

from __future__ import annotations

from urllib.parse import urlencode
from xml.etree.ElementTree import tostring

from flask import Blueprint, current_app, flash, jsonify, redirect, render_template, request, session, url_for

from ..games import GAMES
from ..lobby import listing, names, ratings, reliability, seeks
from ..play import clock, service
from . import api, languages, limits
from .asking import ask_for_mail
from .db import get_db, get_site
from .feeds import atom_element, atom_feed
from .home import comes_back_to, signed_in
from .languages import gettext
from .pages import check_csrf, left_in_words

bp = Blueprint("lobby", __name__)
bp.register_error_handler(service.ServiceError, api.on_service_error)


def chosen_page(with_reliability: bool = True) -> tuple[listing.Filters, list[dict], str | None]:
    chosen = listing.filters(request.args.get("game"), request.args.get("clock"))
    games, after = listing.page(get_db(), get_site(), chosen, request.args.get("after"), with_reliability)
    return chosen, games, after


def next_link(after: str | None, endpoint: str) -> str | None:
    if after is None:
        return None
    args = {key: value for key, value in request.args.items() if key != "after" and value}
    return url_for(endpoint, **args, after=after)


@bp.get("/api/lobby")
def lobby_json():
    """Public games waiting for players, newest first, 50 a page; the next page's address is in the Link
    header (rel="next", ?after=)."""
    _, games, after = chosen_page(with_reliability=False)  # the contract's keys only
    response = jsonify([{key: game[key] for key in listing.ANSWERED} for game in games])
    if after is not None:
        response.headers["Link"] = f'<{next_link(after, "lobby.lobby_json")}>; rel="next"'
    return response


@bp.get("/api/players/<name>")
def player_json(name):
    found = reliability.of_name(get_db(), name)
    if found is None:
        return api.error(404, "no player has that public name")
    chosen, counted = found
    return jsonify({"name": chosen, "reliability": counted, "ratings": ratings.ratings_of(get_db(), chosen)})


@bp.get("/api/ratings/<game>")
def ratings_json(game):
    """A game's rating list, best first (issue 32)."""
    if game not in GAMES:
        return api.error(404, "no such game here")
    return jsonify(ratings.rating_list(get_db(), game))


@bp.get("/ratings", defaults={"game": None})
@bp.get("/ratings/<game>")
def ratings_page(game):
    """A game's rating list in words (or, at /ratings, the games to choose from)."""
    if game is not None and game not in GAMES:
        return render_template("error.html", status=404, message=gettext("no such game here")), 404
    return render_template("ratings.html", game=game, title=GAMES[game].TITLE if game else None,
                           rows=ratings.rating_list(get_db(), game) if game else [],
                           kinds=sorted((module.TITLE, name) for name, module in GAMES.items()))


def clock_in_words(shown: dict) -> str:
    """The lobby's clock in the reader's language."""
    if shown.get("kind") == "per_move":
        return gettext("%(time)s per move", time=left_in_words(shown["per_move"]))
    if shown.get("kind") == "fischer":
        return gettext("a bank of %(initial)s, %(increment)s more after each move, at most %(most)s",
                       initial=left_in_words(shown["initial"]), increment=left_in_words(shown["increment"]),
                       most=left_in_words(shown["max"]))
    return gettext("no clock")


@bp.get("/lobby")
def lobby_page():
    try:
        chosen, games, after = chosen_page()
    except service.BadRequest as exc:
        chosen, games, after = listing.Filters(), [], None
        flash(str(exc))
    for game in games:
        game["clock_words"] = clock_in_words(game["clock"])
    address = signed_in()
    sought = seeks.open_seeks(get_db(), service.utcnow(), chosen.game, address)  # the open seeks, never an address
    for seek in sought:
        seek["clock_words"] = clock_in_words(seek["clock"])
    return render_template("lobby.html", games=games, chosen=chosen, clock_arg=request.args.get("clock", ""),
                           seeks=sought, seeker_name=names.name_of(get_db(), address) if address else None,
                           kinds=sorted((module.TITLE, name) for name, module in GAMES.items()),
                           next_url=next_link(after, "lobby.lobby_page"), address=address,
                           feed_url=url_for("lobby.lobby_feed", **{k: v for k, v in request.args.items()
                                                                    if k in ("game", "clock") and v}))


@bp.post("/lobby/signin")
def lobby_signin():
    """A stranger asks for a sign-in link from the lobby or the tournaments, to post a seek or enter: mailed to
    any address (as from a public game's join page: nobody plays here before their first game), and the
    browser comes back to the page it asked from (`back`) once it follows the link. Counted against the
    sign-in limits per client and address."""
    check_csrf()
    limits.limit("signin")
    back = request.form.get("back") or ""
    if not comes_back_to(back):
        back = url_for("lobby.lobby_page") + "#seeks"
    address = (request.form.get("address") or "").strip()
    if len(address) > service.MAX_EMAIL or not service.EMAIL.match(address) or not address.isascii():
        flash(gettext("that does not look like an e-mail address"))
    else:
        session["after_signin"] = back
        ask_for_mail("lobby", address)
        flash(gettext("A sign-in link is on its way to %(address)s. It works once, within an hour.", address=address))
    return redirect(back, code=303)


@bp.get("/lobby.atom")
def lobby_feed():
    """The lobby's newest public games as an Atom feed (RFC 4287), one entry a game, its link the join page."""
    chosen = listing.filters(request.args.get("game"), request.args.get("clock"))
    games, _ = listing.page(get_db(), get_site(), chosen, with_reliability=False)
    base = get_site().base_url
    query = urlencode({k: v for k, v in request.args.items() if k in ("game", "clock") and v})
    feed = atom_feed()
    add = atom_element
    add(feed, "id", f"{base}/lobby" + (f"?{query}" if query else ""))
    add(feed, "title", gettext("pbem: games waiting for players"))
    add(feed, "updated", games[0]["created"] if games else service.utcnow())
    add(feed, "link", rel="alternate", type="text/html", href=f"{base}/lobby" + (f"?{query}" if query else ""))
    add(feed, "link", rel="self", type="application/atom+xml", href=f"{base}/lobby.atom" + (f"?{query}" if query else ""))
    author = add(feed, "author")
    add(author, "name", "pbem")
    for game in games:
        entry = add(feed, "entry")
        add(entry, "id", f"{base}/games/{game['id']}")
        add(entry, "title", gettext("%(title)s by %(name)s: %(open)s of %(seats)s seats open", title=game["title"],
                                    name=game["created_by"], open=game["open"], seats=game["open"] + game["taken"]))
        add(entry, "updated", game["created"])
        add(entry, "link", rel="alternate", type="text/html", href=game["invite_url"])
        add(entry, "content", clock_in_words(game["clock"]), type="text")
    body = tostring(feed, encoding="utf-8", xml_declaration=True)
    language = languages.current()
    return current_app.response_class(body, mimetype="application/atom+xml",
                                      headers={"Content-Language": language, "Vary": "Accept-Language, Cookie"})


@bp.get("/players/<name>")
def player_page(name):
    found = reliability.of_name(get_db(), name)
    if found is None:
        return render_template("error.html", status=404, message=gettext("no player has that public name")), 404
    chosen, counted = found
    db = get_db()
    return render_template("player.html", name=chosen, reliability=counted, ratings=ratings.ratings_of(db, chosen),
                           changes=ratings.changes_of(db, chosen), titles={n: m.TITLE for n, m in GAMES.items()})


@bp.post("/me/public-name")
def choose_name():
    """/me's form: the signed-in address chooses its public name."""
    check_csrf()
    address = signed_in()
    if address is None:
        return redirect(url_for("home.signin_form"), code=303)
    try:
        chosen = names.choose(get_db(), address, request.form.get("public_name", ""), service.utcnow())
    except service.ServiceError as exc:
        flash(gettext("Not saved: %(reason)s", reason=languages.page_message(str(exc))))
        return redirect(url_for("home.me") + "#public-name", code=303)
    flash(gettext("Your public name is %(name)s.", name=chosen))
    return redirect(url_for("home.me") + "#public-name", code=303)


def register(app) -> None:
    app.register_blueprint(bp)
