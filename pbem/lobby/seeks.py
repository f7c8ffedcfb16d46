"""Seeks (issue 31 item 3, architecture section 22): a signed-in address with a public name says what it
wants to play (a game, a number of players, a clock); when enough compatible seeks exist, a game starts
with them.

Two seeks are compatible when they name the same game, the same number of players and the same clock
(the clock as a game stores it: the same kind and the same times, however they were written, "2d" or
172800 seconds) and come from different addresses. A seek that finds `players - 1` compatible open seeks
(the oldest first, one per address) starts the game at once: its seats are the seekers, each under its
public name and mailed its seat link, in an order drawn by the game's chance (recorded, so `pbem verify`
draws it again). Seeks expire (7 days unless asked otherwise, 30 at most); an expired seek never matches
and is never listed, and the scheduler's sweep drops it."""

from __future__ import annotations

import json
import logging
import secrets
from datetime import timedelta

from .. import store
from ..games import GAMES
from ..games.base import InvalidOptions
from ..play import clock, service
from ..play.errors import Conflicting, Forbidden, GameNotFound, Unprocessable
from ..site import Site
from . import listing, names

log = logging.getLogger("pbem.lobby")
DEFAULT_DAYS = 7
MOST_DAYS = 30
MOST_OPEN = 5  # open seeks one address may have at once (the refusal says "five")


def checked_clock(given) -> tuple[dict, str]:
    """The new game's clock options, and the clock's key that compatible seeks share (the lobby's clock
    as stored: kind and seconds); 422 for a clock the new-game API would refuse."""
    if given is None or (isinstance(given, dict) and given.get("kind") == "none" and len(given) == 1):
        options: dict = {}
    elif isinstance(given, dict):
        options = {"clock": dict(given)}
    else:
        raise Unprocessable("clock: an object such as {\"kind\": \"per_move\", \"per_move\": \"2d\"}")
    try:
        settings = clock.resolve_clock(options)
    except InvalidOptions as error:
        raise Unprocessable(f"clock: {error}") from None
    shown = json.loads(listing.clock_fields(settings)["clock"])
    return options, json.dumps(shown, sort_keys=True)


def checked_expiry(given, now: str) -> str:
    """When the seek expires: `given` (an ISO time, in the future) up to MOST_DAYS ahead, DEFAULT_DAYS
    without one."""
    start = clock.parse_time(now)
    if given is None:
        return clock.format_time(start + timedelta(days=DEFAULT_DAYS))
    try:
        wanted = clock.parse_time(str(given))
    except (ValueError, TypeError):
        raise Unprocessable("expires: an ISO time such as 2026-12-01T12:00:00Z") from None
    if wanted <= start:
        raise Unprocessable("expires: a time in the future")
    return clock.format_time(min(wanted, start + timedelta(days=MOST_DAYS)))


def seeker_name(db, address: str | None) -> str:
    """The public name a signed-in address seeks under; 403 saying why not."""
    if address is None:
        raise Forbidden("sign in first: a seek is posted by a signed-in address")
    name = names.name_of(db, address)
    if name is None:
        raise Forbidden("choose a public name on /me first: other players read it instead of your address")
    return name


def post(db, site: Site, address: str | None, body: dict, now: str | None = None) -> dict:
    """Post a seek: {"id"}, or {"id", "game_id", "url"} when it completed a match (the url is the poster's
    own seat)."""
    now = now or service.utcnow()
    name = seeker_name(db, address)
    game = body.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise Unprocessable(f"game: no game is called {str(game)[:40]!r}")
    module = GAMES[game]
    low, high = module.PLAYERS
    count = body.get("players")
    if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
        takes = f"{low}" if low == high else f"{low} to {high}"
        raise Unprocessable(f"players: {module.TITLE} takes {takes} players")
    options, key = checked_clock(body.get("clock"))
    expires = checked_expiry(body.get("expires"), now)
    if store.seeks.open_count(db, address, now) >= MOST_OPEN:
        raise Conflicting("you have five open seeks already: cancel one first")
    seek_id = secrets.token_hex(6)
    store.seeks.add_seek(db, {"id": seek_id, "address": address, "name": name, "game": game, "players": count,
                              "clock": key, "created": now, "expires": expires})
    answer = {"id": seek_id}
    started = match(db, site, seek_id, options, now)
    if started is not None:
        game_id, urls = started
        answer.update(game_id=game_id, url=urls[seek_id])
    return answer


def match(db, site: Site, seek_id: str, options: dict, now: str) -> tuple[str, dict[str, str]] | None:
    """Start a game with this seek and the compatible open ones when there are enough: (the game's id,
    each matched seek's seat link); None when the seek waits on."""
    game_id = secrets.token_hex(6)  # the match's, and then the game's, id
    matched = store.seeks.claim_match(db, seek_id, now, game_id)
    if matched is None:
        return None
    try:
        for row in matched:  # each followed a sign-in link: the game's mail to them is wanted
            store.prove_address(db, row["address"], game_id, now)
        players = [{"name": names.name_of(db, row["address"]) or row["name"], "email": row["address"]}
                   for row in matched]
        created = service.create_game(db, site, matched[0]["game"], players, options, now=now, draw_seats=True,
                                      game_id=game_id)
    except Exception:
        store.seeks.reopen(db, game_id)
        raise
    drawn = service.load(db, created.id).created
    order = list(drawn["seats_drawn"]["order"])  # seat s holds the order[s]-th seeker
    urls = {row["id"]: site.seat_url(created.id, order.index(i)) for i, row in enumerate(matched)}
    log.info("seeks %s started game %s", ", ".join(row["id"] for row in matched), created.id)
    return created.id, urls


def cancel(db, address: str | None, seek_id: str) -> None:
    """The owner withdraws an open seek; 404 for anyone else, or a seek no longer open."""
    if address is None or not store.seeks.cancel(db, seek_id, address):
        raise GameNotFound("you have no open seek of that id")


def open_seeks(db, now: str, game: str | None = None, mine: str | None = None) -> list[dict]:
    """The open seeks the lobby lists, newest first: game, title, players, clock, who (a public name),
    expires; `own` marks those of the address `mine`. Never an address."""
    own = store.address_sha256(mine) if mine else None
    return [{"id": row["id"], "game": row["game"], "title": GAMES[row["game"]].TITLE, "players": row["players"],
             "clock": json.loads(row["clock"]), "by": row["name"], "expires": row["expires"],
             "own": row["address_sha256"] == own}
            for row in store.seeks.open_seeks(db, now, game) if row["game"] in GAMES]


def drop_expired(db, now: str) -> int:
    return store.seeks.drop_expired(db, now)


def openings_for(db, site: Site, address: str, now: str, most: int = 3) -> dict:
    """What a daily digest may tell an address, briefly: public games waiting for players and seeks of
    others, of the games it has played in the last 90 days, `most` of each (never its own, never a game it
    sits in). Addresses stay out: games by their creator's public name, seeks by their seeker's."""
    since = clock.format_time(clock.parse_time(now) - timedelta(days=90))
    rows = store.projections.seats_of_address(db, address.strip().lower(), since)
    kinds, mine = sorted({row[4] for row in rows if row[4] in GAMES}), {row[0] for row in rows}
    own_name, own_sha = names.name_of(db, address), store.address_sha256(address)
    games, sought = [], []
    for kind in kinds:
        for row in store.lobby.lobby_page(db, kind, None, None, None, most + len(mine)):
            if row["game_id"] not in mine and row["created_by"] != own_name:
                games.append({"title": GAMES[kind].TITLE, "by": row["created_by"], "open": row["open"],
                              "seats": row["open"] + row["taken"], "url": site.invite_url(row["game_id"]),
                              "created": row["created"]})
        for row in store.seeks.open_seeks(db, now, kind, most + MOST_OPEN):
            if row["address_sha256"] != own_sha:
                sought.append({"title": GAMES[kind].TITLE, "by": row["name"], "players": row["players"],
                               "created": row["created"]})
    return {"games": newest(games, most), "seeks": newest(sought, most), "lobby_url": f"{site.base_url}/lobby"}


def newest(found: list[dict], most: int) -> list[dict]:
    return sorted(found, key=lambda item: item["created"], reverse=True)[:most]
