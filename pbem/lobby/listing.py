"""Public games and the lobby (issue 31, item 2): a game created with open seats may be listed, by a
signed-in address with a public name (its name, never its address, is the game's `created_by`); the
lobby lists the public games still waiting for players, newest first, a page at a time.

The lobby's rows are a projection (pbem/store/lobby.py) of the games' events: a public game's
`game_created` records it is public (its creator's public name, a minimum reliability), and its row is
written when the game is created, updated by `after_append` when a seat is taken, dropped when the last one
is (the game starts and leaves the lobby), and made again from the events by `pbem rebuild`.
A request reads one indexed page of it, never the games themselves."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Iterable

from .. import store
from ..events.home import SEAT_JOINED
from ..games import GAMES
from ..people import players
from ..play import clock, service
from ..play.errors import BadRequest, Unprocessable
from ..play.folding import Folded
from ..site import Site
from . import names, ratings, reliability

log = logging.getLogger("pbem.lobby")
PAGE_SIZE = 50
ANSWERED = ("id", "game", "title", "open", "taken", "clock", "created_by", "invite_url", "min_reliability")  # the contract's
CLOCK_KINDS = ("per_move", "fischer", "none")


def check_public(db, address: str | None, body_players, min_reliability) -> str:
    """The creator's public name, when a public game may be made as asked; 422 saying why not (not signed
    in, no public name, no open seat, a minimum out of 0-100)."""
    if address is None:
        raise Unprocessable("public: sign in first (a public game shows its creator's public name)")
    name = names.name_of(db, address)
    if name is None:
        raise Unprocessable("public: choose a public name on /me first (other players read it instead of your "
                            "address)")
    if not any(isinstance(p, dict) and p.get("open") for p in body_players):
        raise Unprocessable("public: a public game needs at least one open seat")
    if min_reliability is not None and (isinstance(min_reliability, bool) or not isinstance(min_reliability, int)
                                        or not 0 <= min_reliability <= 100):
        raise Unprocessable("min_reliability: a whole number from 0 to 100 (the share of decisions made in time)")
    return name


def clock_fields(settings) -> dict:
    """The lobby's clock columns: the clock as stored for the answer, its kind, and a per-move bound."""
    if not clock.has_clock(settings):
        return {"clock": json.dumps({"kind": "none"}), "clock_kind": "none", "per_move": None}
    if clock.is_fischer(settings):
        shown = {"kind": "fischer", "initial": settings["initial"], "increment": settings["increment"],
                 "max": settings["max"]}
        return {"clock": json.dumps(shown), "clock_kind": "fischer", "per_move": None}
    return {"clock": json.dumps({"kind": "per_move", "per_move": settings["time_per_move"]}),
            "clock_kind": "per_move", "per_move": settings["time_per_move"]}


def recorded(address: str, name: str, min_reliability: int | None) -> dict:
    """What a public game's `game_created` records of its listing (the lobby is rebuilt from it): the
    creator's public name, the SHA-256 of its address (never the address), the minimum asked."""
    return {"created_by": name, "creator_sha256": store.address_sha256(address), "min_reliability": min_reliability}


def row_of(folded: Folded) -> dict | None:
    """The lobby's row of a game, from its events: a game created public with a seat still open."""
    public = folded.created.get("public")
    open_seats = players.open_seats(folded)
    if not public or not open_seats:
        return None
    return {"game_id": folded.id, "game": folded.module.NAME, "open": len(open_seats),
            "taken": len(folded.seats) - len(open_seats), **clock_fields(folded.clock),
            "created_by": public["created_by"], "creator_sha256": public["creator_sha256"],
            "min_reliability": public.get("min_reliability"), "created": folded.created_at}


def publish(db, game_id: str) -> None:
    """List a public game just created with open seats, as its events record it."""
    row = row_of(service.load(db, game_id))
    if row is not None:
        store.lobby.list_game(db, row)


def rebuild(db, game_ids: Iterable[str]) -> None:
    """The lobby made again from the games' events (`pbem rebuild`). A game listed before its creation
    recorded "public" keeps its row, its seat counts set from its events."""
    rows, kept = [], []
    for game_id in game_ids:
        folded = service.load(db, game_id)
        if "public" in folded.created:
            row = row_of(folded)
            if row is not None:
                rows.append(row)
        elif store.lobby.lobby_row(db, game_id) is not None:
            open_seats = players.open_seats(folded)
            kept.append((game_id, len(open_seats), len(folded.seats) - len(open_seats)))
    store.lobby.relist(db, rows, kept)


def after_append(db, site: Site | None, played: service.Played) -> None:
    """A seat taken in a listed game: the lobby's counts follow; the last seat taken drops it. Never
    raises: the append it follows is done (a count left behind is set right by the game's next join)."""
    if not any(event.type == SEAT_JOINED for event in played.events):
        return
    try:
        folded = played.loaded
        if store.lobby.lobby_row(db, folded.id) is None:
            return
        open_seats = players.open_seats(folded)
        store.lobby.update_seats(db, folded.id, len(open_seats), len(folded.seats) - len(open_seats))
    except Exception:  # noqa: BLE001 - the append is committed and acknowledged; this must not undo that
        log.exception("the lobby's row of game %s could not be updated", played.loaded.id)


def install() -> None:
    for hook in (after_append, ratings.after_append):
        if hook not in service.AFTER_APPEND:
            service.AFTER_APPEND.append(hook)
    if reliability.with_append not in service.WITH_APPEND:
        service.WITH_APPEND.append(reliability.with_append)


# --- reading the lobby ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Filters:
    game: str | None = None
    clock_kind: str | None = None
    per_move_at_most: int | None = None  # seconds: games with a time per move of at most this


def filters(game: str | None, clock_text: str | None) -> Filters:
    """The lobby's filters from ?game= and ?clock= (a kind: per_move, fischer, none; or a duration such as
    3d: games with a time per move of at most that); 400 for anything else."""
    game = (game or "").strip() or None
    if game is not None and game not in GAMES:
        raise BadRequest(f"game: no game is called {game[:40]!r}")
    text = (clock_text or "").strip()
    if not text:
        return Filters(game)
    if text in CLOCK_KINDS:
        return Filters(game, text)
    try:
        return Filters(game, None, clock.parse_duration(text))
    except ValueError:
        raise BadRequest("clock: per_move, fischer, none, or a time per move such as 3d (games that give at "
                         "most that per move)") from None


def cursor_of(row: dict) -> str:
    return f"{row['created']}~{row['game_id']}"


def read_cursor(text: str | None) -> tuple[str, str] | None:
    if not text or len(text) > 100 or "~" not in text:
        return None
    created, game_id = text.split("~", 1)
    return created, game_id


def page(db, site: Site, chosen: Filters, after: str | None = None,
         with_reliability: bool = True) -> tuple[list[dict], str | None]:
    """One page of the lobby (the API answers the ANSWERED keys of each game; the page and the feed show
    the creator's share of decisions in time and when it was listed too), and the cursor of the next page
    (None: this is the last)."""
    rows = store.lobby.lobby_page(db, chosen.game, chosen.clock_kind, chosen.per_move_at_most, read_cursor(after),
                                  PAGE_SIZE + 1)
    more = len(rows) > PAGE_SIZE
    rows = rows[:PAGE_SIZE]
    # at most one read per creator on the page (50 at most), whatever the lobby's size
    shown = reliability.in_time_of_names(db, {row["created_by"] for row in rows}) if with_reliability else {}
    listed = [{"id": row["game_id"], "game": row["game"], "title": GAMES[row["game"]].TITLE, "open": row["open"],
               "taken": row["taken"], "clock": json.loads(row["clock"]), "created_by": row["created_by"],
               "created_by_in_time": shown.get(row["created_by"]), "invite_url": site.invite_url(row["game_id"]),
               "min_reliability": row["min_reliability"], "created": row["created"]}
              for row in rows if row["game"] in GAMES]
    return listed, (cursor_of(rows[-1]) if more else None)


def listing(db, game_id: str) -> dict | None:
    """The lobby's row of a game, while it is listed (the join page checks its minimum)."""
    return store.lobby.lobby_row(db, game_id)


def check_joiner(db, folded: Folded, address: str) -> str:
    """The public name a signed-in address joins a listed game under; 422 without a public name, 403 with
    the reason when its share of decisions in time is under the game's minimum."""
    name = names.name_of(db, address)
    if name is None:
        raise Unprocessable("choose a public name on /me first: you join a public game under it")
    row = listing(db, folded.id)
    if row is not None and row["min_reliability"] is not None:
        record = reliability.of_address(db, address)
        in_time = record["in_time"]
        if in_time < row["min_reliability"]:
            raise service.Forbidden(f"this game asks players to have made at least {row['min_reliability']}% of "
                                    f"their decisions in time; you have made {in_time}%")
    return name
