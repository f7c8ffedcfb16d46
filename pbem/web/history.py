"""The history page (issue 13): the game as a move list, like a chess site's, each append in words and a
link to the board as it stood after it, stepping from move to move (first, previous, next, last; with the
arrow keys where scripts run); the raw events and hashes behind an audit view for those who check the
chain.

Everything here is paged: the page reads the appends around the position shown (through indexed reads of
the events that carry commands), never the whole log, so a game of 10,000 events is as light as one of 10.
Routes are registered on the pages blueprint (pbem/web/pages.py imports this module).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort, render_template, request, url_for

from .. import store
from ..between import talk
from ..i18n import N_
from ..play import service
from ..play.folding import Folded
from ..play.redaction import public_event
from ..words import Told, taken_back, tell
from . import languages
from .client_words import client_words
from .db import get_db
from .pages import bp, seat_context, seat_from_token

MOVES_EACH_WAY = 30    # appends listed before and after the one shown
AUDIT_EACH_WAY = 30    # events listed before and after, in the audit view


@dataclass(frozen=True)
class Steps:
    """Where the arrows lead: the positions after whole appends."""

    first: int | None
    previous: int | None
    next: int | None
    last: int | None


def append_end(db, game_id: str, command_seq: int, head_seq: int) -> int:
    """The last event of the append that starts at `command_seq`."""
    following = store.command_seqs(db, game_id, after=command_seq, limit=1)
    return following[0][0] - 1 if following else head_seq


def steps(db, head: Folded, at: int) -> Steps:
    """The arrows from position `at`. Positions are the ends of appends; a position inside an append (an
    old link to an event) steps back to the end of the append before it and on to the end of its own."""
    start_here = store.command_seqs(db, head.id, upto=at, limit=1, descending=True)
    start_here = start_here[0][0] if start_here else 1
    following = store.command_seqs(db, head.id, after=at, limit=2)
    end_here = following[0][0] - 1 if following else head.seq
    previous = start_here - 1 if start_here > 1 else None
    if at < end_here:
        after = end_here
    elif following:
        after = following[1][0] - 1 if len(following) > 1 else head.seq
    else:
        after = None
    first = append_end(db, head.id, 1, head.seq)
    return Steps(first if at != first else None, previous, after, head.seq if at != head.seq else None)


def around(db, head: Folded, seat: int | None, at: int) -> tuple[list[Told], int]:
    """The appends around `at`, told to the seat, and the number of appends before the first of them."""
    before = store.command_seqs(db, head.id, upto=at, limit=MOVES_EACH_WAY + 1, descending=True)
    after = store.command_seqs(db, head.id, after=at, limit=MOVES_EACH_WAY + 1)
    first_command = before[-1][0] if before else 1
    last = (after[-1][0] - 1) if len(after) > MOVES_EACH_WAY else head.seq
    told = tell(db, head, seat, first_command - 1, last)
    counted = store.events.appends_before(db, head.id, first_command)
    return told, counted


def move_number(db, game_id: str, position: int) -> int:
    """The number the move list gives the append a position ends (or lies in): a player reads moves, not
    event numbers (issue 27)."""
    return store.events.appends_before(db, game_id, position + 1)


def history_at(loaded: Folded) -> int:
    raw = request.args.get("at", "")
    if len(raw) > 12:
        abort(400, N_("at must be a whole number"))
    try:
        at = int(raw) if raw else loaded.seq
    except ValueError:
        abort(400, N_("at must be a whole number"))
    return min(max(at, 1), loaded.seq)


def history_page(loaded: Folded, seat: int | None, base: str, back: str):
    db = get_db()
    at = history_at(loaded)
    audit = request.args.get("audit") == "1"
    context = seat_context(loaded, seat, at)
    nav = steps(db, loaded, at)
    told, counted = around(db, loaded, seat, at)
    rewinds = loaded.facts.get("rewinds", ())
    entries = [{"number": counted + i + 1, "told": item, "who": loaded.names[item.seat] if item.seat is not None else "",
                "current": item.first <= at <= item.last, "taken_back": taken_back(rewinds, item)}
               for i, item in enumerate(told)]
    events = []
    if audit:
        window = store.read_events_after(db, loaded.id, max(0, at - AUDIT_EACH_WAY - 1), upto=at + AUDIT_EACH_WAY)
        events = [public_event(loaded, e, seat) for e in window]
    urls = {name: (f"{base}?at={value}" if value is not None else None) for name, value in vars(nav).items()}
    context["client_data"] = {"moves": [], "history": urls, "words": client_words(languages.current())}
    gone = [{"to": to, "to_move": move_number(db, loaded.id, to), "by_move": move_number(db, loaded.id, by)}
            for to, by in rewinds if to < at < by]
    return render_template("history.html", base=base, back=back, steps=urls, entries=entries, audit=audit,
                           audit_events=events, notes_here=talk.notes(db, loaded, seat, position=at), gone=gone,
                           at_move=move_number(db, loaded.id, at), moves=move_number(db, loaded.id, loaded.seq),
                           **context)


@bp.get("/games/<game_id>/history")
def spectator_history(game_id):
    loaded = service.load(get_db(), game_id)
    return history_page(loaded, None, url_for("pages.spectator_history", game_id=game_id),
                        url_for("pages.spectator_page", game_id=game_id))


@bp.get("/play/<token>/history")
def seat_history(token):
    loaded, seat = seat_from_token(token)
    return history_page(loaded, seat, url_for("pages.seat_history", token=token),
                        url_for("pages.seat_page", token=token))
