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

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, session, url_for
from markupsafe import Markup

from .. import i18n, store
from ..config import TEMPLATES_DIR
from ..games import GAMES, UnknownGame, get_game
from ..games.base import GameError, Phrase
from ..notify import outbox
from ..play import clock, loading, service
from ..play.clock import CLOCK_OPTIONS
from ..play.folding import Folded, legal_moves
from ..play.redaction import public_event
from ..words import export, lines_of, read, tell
from ..words.export import record_json, text_record
from . import banner, board, languages, limits, public_games, started
from .asking import ask_for_mail
from .client_words import client_words
from .db import get_db, get_site
from .languages import gettext
from .move_groups import group_moves
from .waiting import waiting_page

bp = Blueprint("pages", __name__)

# The pages' only script, the board client (templates/play.js), inlined verbatim and allowed by its hash in
# the Content-Security-Policy: no other script can run on our pages. It fetches the board after a move and
# the game's status from this site only.
PLAY_SCRIPT = (TEMPLATES_DIR / "play.js").read_text()
PLAY_SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(PLAY_SCRIPT.encode()).digest()).decode()
# Every page's own small script (templates/app/subscribe.js): the service worker's registration and the
# "Notify this device" button (issue 30), allowed the same way; the worker and the manifest come from here.
SUBSCRIBE_SCRIPT = (TEMPLATES_DIR / "app" / "subscribe.js").read_text()
SUBSCRIBE_SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(SUBSCRIBE_SCRIPT.encode()).digest()).decode()
# The conditional moves page's planner (templates/conditional.js): a line played out on a copy of the board
# (issue 27 item 7), allowed the same way; it asks /play/<token>/plan.json and posts the page's own form.
CONDITIONAL_SCRIPT = (TEMPLATES_DIR / "conditional.js").read_text()
CONDITIONAL_SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(CONDITIONAL_SCRIPT.encode()).digest()).decode()
CONTENT_SECURITY_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
                           f"script-src '{PLAY_SCRIPT_HASH}' '{SUBSCRIBE_SCRIPT_HASH}' '{CONDITIONAL_SCRIPT_HASH}'; "
                           "connect-src 'self'; "
                           "worker-src 'self'; manifest-src 'self'; form-action 'self'; "
                           "base-uri 'none'; frame-ancestors 'none'")


def install_filters(app) -> None:
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.jinja_env.globals["play_script"] = Markup(PLAY_SCRIPT)
    app.jinja_env.globals["subscribe_script"] = Markup(SUBSCRIBE_SCRIPT)
    app.jinja_env.globals["conditional_script"] = Markup(CONDITIONAL_SCRIPT)
    app.jinja_env.filters["compact_json"] = lambda value: json.dumps(value, sort_keys=True, separators=(", ", ": "))
    app.jinja_env.filters["left_until"] = left_until
    app.jinja_env.filters["left_in_words"] = left_in_words
    # a game's words kept as a Phrase (message id and values), read in the page's language; text as it is
    app.jinja_env.filters["words"] = lambda value: read(value, languages.current())


def say(message: str, amount: int) -> str:  # "%(num)s day(s)", "hour(s)", "minute(s)": the board script's words
    return gettext(message, num=amount)


def left_in_words(seconds) -> str:
    """Seconds left as the pages say them: "2 days 3 hours" in the reader's language."""
    return clock.left_in_words(seconds or 0, say)


def left_until(deadline: str) -> str:
    """A deadline as time left now, in words (for pages read without scripts; the countdown says it
    otherwise)."""
    seconds = (clock.parse_time(deadline) - clock.parse_time(service.utcnow())).total_seconds()

    if seconds >= 0:
        return gettext("%(time)s left", time=clock.left_in_words(seconds, say))
    return gettext("overdue by %(time)s", time=clock.left_in_words(-seconds, say))


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
        abort(400, i18n.N_("the form has expired or came from elsewhere; reload the page and try again"))


@bp.errorhandler(service.GameNotFound)
def not_found(exc):
    return render_template("error.html", status=404, message=str(exc)), 404


@bp.get("/rules/<name>")
def rules_page(name):
    """The rules of a game written for players (templates/rules/<name>.html), in the reader's language."""
    try:
        module = get_game(name)
    except UnknownGame as exc:
        return render_template("error.html", status=404, message=str(exc)), 404
    language = languages.current()
    return render_template(f"rules/{module.NAME}.html", module=module,
                           words=lambda phrase: read(phrase, language))  # the figures' labels


@bp.get("/links")
def lost_links_form():
    return render_template("links.html", sent=False, error=None)


@bp.post("/links")
def lost_links():
    check_csrf()
    limits.limit("links")
    address = (request.form.get("address") or "").strip()
    if len(address) > service.MAX_EMAIL or not service.EMAIL.match(address):
        error = gettext("that does not look like an e-mail address")
        return render_template("links.html", sent=False, error=error), 400
    ask_for_mail("links", address)
    # The same answer, and the same work, whether or not the address plays here: nothing tells who plays.
    return render_template("links.html", sent=True, address=address, error=None)


# --- creating a game ---------------------------------------------------------------------------------


FORM_ROWS = 64  # more player rows than any game takes, so extra rows are read and refused, not dropped


def players_from_form(form) -> list[dict]:
    """Every filled row of the form, in order: rows beyond what the game takes are kept, so the service
    refuses them with the game's numbers instead of the form dropping them silently."""
    players = []
    for i in range(FORM_ROWS):
        name = form.get(f"name{i}", "").strip()
        email = form.get(f"email{i}", "").strip()
        kind = form.get(f"kind{i}", "person")
        if kind == "open" or form.get(f"open{i}"):  # an open seat: whoever follows the invitation takes it (issue 14)
            players.append({"open": True})
        elif kind == "computer":  # the server plays this seat; it needs no name typed (issue 17)
            players.append({"name": name or f"Computer {i + 1}", "email": email or None, "bot": "standard"})
        elif name or email:
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
        players = players_from_form(request.form)
        try:  # "List in the lobby" ticked: a public game (issue 31), listed once made
            with public_games.creating(players, bool(request.form.get("public")), request.form.get("min_reliability"),
                                       limits.creation_limits(players)) as made:  # given back when refused
                try:
                    created = service.create_game(get_db(), get_site(), module.NAME, players,
                                                  {**options_from_form(request.form, module),
                                                   "rated": bool(request.form.get("rated"))},  # issue 32
                                                  public=made["public"])
                    made["id"] = created.id
                except (GameError, service.ServiceError) as exc:
                    made["taken"].give_back()
                    error = board.reason(exc)
        except service.ServiceError as exc:
            if isinstance(exc, service.TooMany):
                raise
            error = str(exc)
        if error is None:
            return started.remember(created.id)  # POST/redirect/GET: a reload never starts a second game
    return render_template("new.html", module=module, options=all_options(module), form=request.form,
                           error=error, clock_words=clock.CLOCK_IN_WORDS,
                           # a game whose options are Phrases has them read in the page's language
                           options_in_phrases=any(isinstance(o.label, Phrase) for o in module.OPTIONS.values())), \
        422 if error else 200


# --- the seat page -------------------------------------------------------------------------------------


HISTORY_WINDOW = 30  # events listed on each side of the one shown


def seat_context(loaded: Folded, seat: int | None, at: int | None = None) -> dict:
    module = loaded.module
    shown = loaded if at is None else loading.at(get_db(), loaded, at)
    state = shown.state
    result = shown.outcome
    legal = legal_moves(loaded, seat) if at is None else []
    to_move = sorted(shown.to_move) if shown.outcome is None else []  # no one moves in a finished game
    now = clock.parse_time(service.utcnow())
    deadlines = {s: clock.format_time(d) for s in sorted(loaded.owing_since)
                 if at is None and (d := loaded.deadline(s, now)) is not None}
    hints = board.hints_of(loaded, seat, legal, languages.current()) if seat is not None else []
    your_turn = seat is not None and seat in loaded.to_move and result is None and at is None
    page_title = f"{module.TITLE} · {loaded.names[seat]}" if seat is not None else f"{module.TITLE} {loaded.id}"
    return {
        "loaded": loaded, "module": module, "seat": seat, "names": loaded.names,
        "seq": loaded.seq if at is None else at,
        "svg": Markup(board.without_mover(board.board_svg(loaded, state, seat, languages.current()))
                      if result is not None and module.outcome(state) is None
                      else board.board_svg(loaded, state, seat, languages.current())),
        # what the game's own HTML panel (templates/games/<name>.html) shows beside the board
        "view": module.view(state, seat),
        "text": module.render_text(state, seat),
        "legal": legal, "move_groups": group_moves(legal),
        "board_moves": any(h["piece"] or h["target"] for h in hints), "off_board": board.off_board(hints),
        "to_move": to_move, "outcome": result.to_json() if result else None,
        # an agreed draw or an abandon: the game's own panel would still say who is to move
        "ended_outside_rules": result is not None and module.outcome(state) is None,
        "ending": banner.ending_in_words(result.termination) if result else None,
        # the page's head and its tab's title: the result in words, or who moves, by name
        "result_words": banner.result_in_words(result.to_json(), loaded.names) if result else None,
        "movers_words": banner.movers_in_words(to_move, loaded.names) if to_move and not result else None,
        "head_words": banner.title_words(result.to_json() if result else None, to_move, loaded.names, seat)
        if at is None else "",
        # the event list is the history page's alone; the seat page tells its recent moves in words
        "events": history_window(loaded, seat, at) if at is not None else [],
        "at": at,
        "deadlines": deadlines,
        "your_turn": your_turn, "my_deadline": deadlines.get(seat),
        "waiting_deadline": min((deadlines[s] for s in to_move if s in deadlines), default=None),
        "page_title": page_title,
        "options_changed": board.options_in_words(loaded, languages.current()),
        # a bank's time left for each seat (counting down for those who owe a decision)
        "banks": [(name, clock.left_in_words(loaded.time_left(s, now)), s in loaded.owing_since)
                  for s, name in enumerate(loaded.names)] if at is None and clock.is_fischer(loaded.clock) else [],
        "vacationing": [s for s in range(loaded.seat_count) if clock.on_vacation_at(loaded.vacations, s, now)],
        # the seats owing a decision whose clock stands still now (vacation, rest day): their countdowns
        # show the time left, paused
        "paused_left": {s: loaded.time_left(s, now) for s in loaded.stopped(now)} if at is None else {},
        # a pause every seat agreed to: every clock stands still until then (issue 28)
        "paused_until": clock.format_time(pause.end) if at is None and not result
        and (pause := clock.pause_running(loaded.vacations, now)) else None,
        # a seat sees only its own undelivered notices, in plain words; a spectator sees none
        "failed": outbox.failed_for_seat(get_db(), loaded.id, seat) if at is None and seat is not None else [],
        # the seat's push notices and their delivery (issue 30), its own only
        "pushes": outbox.pushes_for_seat(get_db(), loaded.id, seat) if at is None and seat is not None else None,
        "recent": recent_moves(loaded, seat) if at is None else [],
        "client_data": client_data(loaded, seat, hints, page_title) if at is None else {"moves": []},
    }


RECENT_HASHES = 16  # the page tells the hashes of this many latest events, so a loss is told to the event


def client_data(loaded: Folded, seat: int | None, hints: list[dict], title: str) -> dict:
    """What the board client reads (#move-hints): the moves with their hints, and where to ask."""
    token = request.view_args.get("token") if request.view_args else None
    data = {"moves": hints, "seq": loaded.seq, "title": title,
            "confirm": bool(loaded.settings[seat].get("confirm", True)) if seat is not None else True,
            # kept in the browser per game: a later page at a lower seq, or another hash at a seq seen,
            # tells the player that the server has lost moves (architecture section 19)
            "game": loaded.id, "head": {"seq": loaded.seq, "hash": loaded.last_hash},
            "words": client_words(languages.current()),
            # the board's pieces and squares in words: the accessible names of its controls (section 25)
            "names": board.control_names(loaded, seat, hints, languages.current()),
            # moves built item by item in the page (a Buccaneer trade of any size, a card return)
            "pickers": board.pickers_of(loaded, seat, languages.current()) if hints else [],
            "recent": {str(seq): digest for seq, digest in store.heads.hashes_at(
                get_db(), loaded.id, range(max(1, loaded.seq - RECENT_HASHES + 1), loaded.seq + 1)).items()}}
    # the game's news as it happens (pbem/web/live.py): the page swaps the new page in, in place
    data["stream"] = url_for("pages.event_stream", game_id=loaded.id)
    if token:
        data["preview"] = url_for("pages.seat_preview", token=token)
        data["check"] = url_for("pages.seat_check", token=token)
        data["status"] = url_for("pages.seat_status", token=token)
        data["here"] = url_for("pages.seat_page", token=token)  # its forms post here and below, in place
    else:
        data["status"] = url_for("pages.spectator_status", game_id=loaded.id)
    return data


RECENT_UP_TO = 20


def history_window(loaded: Folded, seat: int | None, at: int) -> list[dict]:
    """The events around the one shown, as the viewer may see them: a page, not the whole log."""
    first = max(1, at - HISTORY_WINDOW)
    events = store.read_events_after(get_db(), loaded.id, first - 1, upto=at + HISTORY_WINDOW)
    return [public_event(loaded, e, seat) for e in events]


def recent_moves(loaded: Folded, seat: int | None) -> list[str]:
    """What happened since the seat last moved (a spectator: lately), in the words of the notices: a
    correspondence player comes back a day later and first wants to know what the others did: not what
    the seat itself did since (a message, an offer), which it knows."""
    since = loaded.last_acted.get(seat, 0) if seat is not None else 0
    since = max(since, loaded.seq - 10 * RECENT_UP_TO)
    told = [item for item in tell(get_db(), loaded, seat, since) if seat is None or item.seat != seat]
    return lines_of(told, languages.current())[-RECENT_UP_TO:]


def seat_from_token(token: str) -> tuple[Folded, int]:
    db = get_db()
    game_id, seat = service.find_seat(db, token)
    loaded = service.load(db, game_id)
    languages.use_seat(loaded.settings[seat])  # the seat's pages read the seat's language, if it chose one
    return loaded, seat


@bp.get("/play/<token>")
def seat_page(token):
    loaded, seat = seat_from_token(token)
    if loaded.facts.get("waiting"):  # open seats not all taken yet (issue 14)
        return waiting_page(loaded, seat, token)
    return render_template("seat.html", token=token, error=None, **seat_context(loaded, seat))


@bp.post("/play/<token>")
def seat_move(token):
    check_csrf()
    loaded, seat = seat_from_token(token)
    typed = "typed" in request.form
    move = " ".join((request.form.get("typed") if typed else request.form.get("move") or "").split())
    if not move:
        # Enter in an empty field, or a form without a move: nothing is played, and the page says why.
        message = gettext("type a move first") if typed else gettext("choose a move first")
        return render_template("seat.html", token=token, error=message, **seat_context(loaded, seat)), 400
    try:
        seen = int(request.form.get("seq", ""))
    except ValueError:
        seen = None
    wants_confirmation = loaded.settings[seat].get("confirm", True)
    if wants_confirmation and request.form.get("confirmed") != "1":
        return confirm_page(token, loaded, seat, move, seen)
    try:
        played = service.submit_move(get_db(), get_site(), loaded.id, token, move, seen, loaded=loaded)
    except (GameError, service.ServiceError) as exc:
        status = service.status_of(exc)
        loaded, seat = seat_from_token(token)
        return render_template("seat.html", token=token, error=board.reason(exc), tried=move,
                               **seat_context(loaded, seat)), status
    flash(gettext("Played %(move)s.", move=move))
    return redirect(seat_url(token), code=303)


def seat_url(token: str, anchor: str | None = "board") -> str:
    """Where a seat's form answers: the text mode when the form came from it (`mode=text`), else the seat
    page at its board, not the page's top: the player sees where their move left it (issue 27). A link
    back from a page answered at the seat's own address goes without the anchor: with it the browser
    would only scroll that page instead of loading the seat page."""
    if request.form.get("mode") == "text":
        return url_for("pages.seat_text", token=token)
    return url_for("pages.seat_page", token=token, _anchor=anchor)


def confirm_page(token: str, loaded: Folded, seat: int, move: str, seen: int | None):
    """Without the board client, the form asks to confirm on a page of its own (architecture section 12):
    the move in words and notation, and the board after it where that is certain."""
    hint = next((h for h in board.hints_of(loaded, seat, legal_moves(loaded, seat), languages.current())
                 if h["move"] == move), None)
    refused = board.refusal(get_db(), loaded, seat, move) if hint is None else None
    after = board.after_move(loaded, seat, move) if hint is not None else None
    svg = Markup(board.board_svg(loaded, after, seat, languages.current())) if after is not None else None
    return render_template("confirm.html", token=token, loaded=loaded, module=loaded.module, seat=seat,
                           names=loaded.names, move=move, seen=seen, hint=hint, svg=svg, refused=refused,
                           text_mode=request.form.get("mode") == "text", back=seat_url(token, anchor=None)), 422 if refused else 200


@bp.get("/play/<token>/preview")
def seat_preview(token):
    """The board after a move, as this seat would see it, when the result is certain; 204 otherwise."""
    loaded, seat = seat_from_token(token)
    move = " ".join((request.args.get("move") or "").split())
    if request.args.get("seq") != str(loaded.seq) or move not in legal_moves(loaded, seat):
        return "", 204
    after = board.after_move(loaded, seat, move)
    if after is None:
        return "", 204
    svg = board.board_svg(loaded, after, seat, languages.current())
    return current_app.response_class(svg, mimetype="image/svg+xml")


@bp.get("/play/<token>/check.json")
def seat_check(token):
    """Whether a move typed on the page would be refused, and why, before it is sent (the board client
    asks for a move that is not among the legal moves it was given)."""
    loaded, seat = seat_from_token(token)
    move = " ".join((request.args.get("move") or "").split())[:service.MAX_MOVE]
    refused = board.refusal(get_db(), loaded, seat, move) if move else "type a move first"
    return {"move": move, "refused": languages.page_message(refused)}  # the page's language, as its script is


@bp.get("/play/<token>/status.json")
def seat_status(token):
    """A cheap answer for an open page that polls: has the game moved on, is it this seat's turn. Read
    from the games projection, without loading the game."""
    db = get_db()
    game_id, seat = service.find_seat(db, token)
    row = store.game_row(db, game_id)
    to_move = json.loads(row["to_move"])
    return {"seq": row["seq"], "status": row["status"], "to_move": to_move, "your_turn": seat in to_move,
            **hashes_asked(db, game_id)}


@bp.get("/games/<game_id>/status.json")
def spectator_status(game_id):
    db = get_db()
    row = store.game_row(db, game_id)
    if row is None:
        raise service.GameNotFound(f"no game {game_id!r} here")
    return {"seq": row["seq"], "status": row["status"], "to_move": json.loads(row["to_move"]), "your_turn": False,
            **hashes_asked(db, game_id)}


def hashes_asked(db, game_id: str) -> dict:
    """`?hashes_at=3,7,12`: the hash of the event at each of those seqs now (null where there is none), for
    a page that compares the heads it kept of the game with the server's log (templates/play.js). The
    hashes are public, as the game's events are to whoever may see the page."""
    asked = request.args.get("hashes_at")
    if asked is None:
        return {}
    seqs = [int(part) for part in asked.split(",")[:store.heads.HASHES_AT_MOST] if part.isdigit() and len(part) < 10]
    return {"hashes": {str(seq): digest for seq, digest in store.heads.hashes_at(db, game_id, seqs).items()}}


@bp.post("/play/<token>/resign")
def seat_resign(token):
    check_csrf()
    loaded, seat = seat_from_token(token)
    if request.form.get("confirm") != "yes":
        return render_template("seat.html", token=token, error=gettext("tick the box to confirm that you resign"),
                               **seat_context(loaded, seat)), 400
    try:
        service.resign(get_db(), get_site(), loaded.id, token)
    except (GameError, service.ServiceError) as exc:
        return render_template("seat.html", token=token, error=board.reason(exc), **seat_context(loaded, seat)), \
            service.status_of(exc)
    flash(gettext("You resigned."))
    return redirect(seat_url(token), code=303)


# --- spectators and history ------------------------------------------------------------------------------


@bp.get("/games/<game_id>")
def spectator_page(game_id):
    loaded = service.load(get_db(), game_id)
    if loaded.facts.get("waiting"):
        return waiting_page(loaded, None)
    return render_template("game.html", **seat_context(loaded, None))


def record_download(loaded: Folded, seat: int | None):
    name = f"pbem-{loaded.module.NAME}-{loaded.id}" + ("" if seat is None else f"-seat{seat}") + ".json"
    kind = export.json_kind(get_db(), loaded)
    return record_response(loaded, seat, kind, lambda: record_json(get_db(), loaded, seat), "application/json",
                           f'attachment; filename="{name}"')


def record_response(loaded: Folded, seat: int | None, kind: str, body, mimetype: str, disposition: str):
    """A record, or 304 when the client holds this very one (its ETag names the head, the reader and the
    kind, so one reader's tag never answers for another's record)."""
    tag = export.etag(loaded, seat, kind)
    if tag in request.if_none_match:
        response = current_app.response_class(status=304)
    else:
        response = current_app.response_class(body(), mimetype=mimetype,
                                              headers={"Content-Disposition": disposition})
    response.set_etag(tag)
    return response


@bp.get("/games/<game_id>/export.json")
def spectator_record(game_id):
    return record_download(service.load(get_db(), game_id), None)


@bp.get("/play/<token>/export.json")
def seat_record(token):
    loaded, seat = seat_from_token(token)
    return record_download(loaded, seat)


def text_download(loaded: Folded, seat: int | None):
    name = f"pbem-{loaded.module.NAME}-{loaded.id}" + ("" if seat is None else f"-seat{seat + 1}") + ".txt"
    ending = banner.ending_in_words(loaded.outcome.termination) if loaded.outcome else ""
    language = languages.current()
    return record_response(loaded, seat, export.text_kind(language),
                           lambda: text_record(get_db(), loaded, seat, ending, language), "text/plain",
                           f'inline; filename="{name}"')


@bp.get("/games/<game_id>/record.txt")
def spectator_text_record(game_id):
    return text_download(service.load(get_db(), game_id), None)


@bp.get("/play/<token>/record.txt")
def seat_text_record(token):
    loaded, seat = seat_from_token(token)
    return text_download(loaded, seat)


# --- a seat's notification settings and vacation -------------------------------------------------------


@bp.route("/play/<token>/settings", methods=["GET", "POST"])
def seat_settings(token):
    loaded, seat = seat_from_token(token)
    error = None
    if request.method == "POST":
        check_csrf()
        try:
            service.change_settings(get_db(), get_site(), loaded.id, token, email_on="email_on" in request.form,
                                    digest="digest" in request.form, webhook=request.form.get("webhook", ""),
                                    confirm="confirm" in request.form,
                                    language=i18n.known(request.form.get("language")))
        except (GameError, service.ServiceError) as exc:
            error = str(exc)
        else:
            languages.use_seat({"language": i18n.known(request.form.get("language"))})  # said in the new one
            flash(gettext("Your settings are saved."))
            return redirect(url_for("pages.seat_settings", token=token), code=303)
        loaded, seat = seat_from_token(token)
    return settings_page(token, loaded, seat, error=error), 422 if error else 200


def settings_page(token: str, loaded: Folded, seat: int, error: str | None = None, **extra) -> str:
    """The seat's settings page (`extra`: what a refused form of it shows again, pbem/web/seats.py)."""
    from . import away_pages  # late: it registers its routes on this module's blueprint
    now = clock.parse_time(service.utcnow())
    allowance = loaded.clock.get("vacation_days", clock.DEFAULT_VACATION_DAYS)
    used = clock.vacation_used(loaded.vacations, seat, now)
    return render_template(
        "settings.html", token=token, loaded=loaded, seat=seat, names=loaded.names, error=error,
        settings=loaded.settings[seat], webhook_secret=get_site().webhook_secret(loaded.id, seat),
        on_vacation=clock.on_vacation(loaded.vacations, seat), allowance=allowance,
        used_days=round(used.total_seconds() / 86400, 1), clock_on=clock.has_clock(loaded.clock),
        **away_pages.seat_rest(loaded, seat), **extra)


@bp.post("/play/<token>/vacation")
def seat_vacation(token):
    check_csrf()
    loaded, seat = seat_from_token(token)
    verb = service.end_vacation if request.form.get("action") == "end" else service.start_vacation
    try:
        verb(get_db(), get_site(), loaded.id, token)
    except (GameError, service.ServiceError) as exc:
        flash(gettext("Not done: %(reason)s", reason=languages.page_message(str(exc))))
    else:
        flash(gettext("Your vacation has ended: your clock runs again.") if verb is service.end_vacation
              else gettext("You are on vacation: your clock is paused until you come back."))
    return redirect(url_for("pages.seat_settings", token=token), code=303)
