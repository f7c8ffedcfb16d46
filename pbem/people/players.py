"""The verbs of a player's home across games (issue 14, architecture section 13) that append to a game:
taking an open seat through the invitation, giving a seat an address, and replacing a seat's link. Each
loads the game, decides, and appends through `service.append_command` (projections and notices in the
same transaction), deciding again when another writer got there first.
"""

from __future__ import annotations

from typing import Callable

from .. import store
from ..play import service
from ..play.deciding import join_command
from ..play.errors import Busy, Conflicting, Forbidden, GameNotFound
from ..play.folding import Folded
from ..site import Site
from . import reopen


def by_invitation(db, site: Site, invite: str) -> Folded:
    """The game an invitation link opens; 404 for a link this server did not make."""
    game_id = site.read_invite_token(invite or "") or reopen.game_of(site, invite)
    if game_id is None or store.game_row(db, game_id) is None:
        raise GameNotFound("no game has that invitation; check it was copied whole")
    return service.load(db, game_id)


def open_seats(folded: Folded) -> list[int]:
    return [seat["seat"] for seat in folded.seats if seat.get("open")]


def invited_seat(site: Site, folded: Folded, invite: str) -> int | None:
    """The reopened seat a reopened seat's invitation (issue 31) still opens, or None: another kind of
    invitation, or one whose seat has been taken (by then its generation has moved on)."""
    named = site.read_reopen_token(invite or "")
    if named is None or not folded.seats[named[1]].get("reopened") or \
            folded.seats[named[1]].get("generation", 0) != named[2]:
        return None
    return named[1]


def join(db, site: Site, invite: str, name: str, email: str | None, now: str | None = None) -> tuple[str, int, str]:
    """Take the next open seat of the invitation's game: (game id, seat, the seat's token). The append
    that takes the last seat also starts the game. 409 when no seat is left. A reopened seat's
    invitation takes that seat (pbem/people/reopen.py)."""
    if site.read_reopen_token(invite or "") is not None:
        return reopen.take(db, site, invite, name, email, now)
    folded = by_invitation(db, site, invite)
    for _ in range(service.APPEND_ATTEMPTS):
        folded = service.load(db, folded.id)
        seats = open_seats(folded)
        player = service.clean_player(seats[0], {"name": name, "email": email}, site) if seats else {}
        command = join_command(folded, player.get("name"), player.get("email"))  # 409 when no seat is left
        try:
            played = service.append_command(db, site, folded, command, now or service.utcnow())
        except store.Conflict:
            continue  # someone else took a seat meanwhile: the next open one, if any
        seat = command["seat"]
        return folded.id, seat, site.seat_token(folded.id, seat, played.loaded.seats[seat].get("generation", 0))
    raise Busy("the game is too busy right now; try again")


def act_on_seat(db, site: Site, game_id: str, seat_for: Callable[[Folded], int], make_command,
                now: str | None = None) -> service.Played | None:
    """Run a command for the seat `seat_for(folded)` names (a token, a session's address), retrying a lost
    race; `make_command(folded, seat)` may answer None: nothing to do."""
    for _ in range(service.APPEND_ATTEMPTS):
        folded = service.load(db, game_id)
        seat = seat_for(folded)
        command = make_command(folded, seat)
        if command is None:
            return None
        try:
            return service.append_command(db, site, folded, command, now or service.utcnow())
        except store.Conflict:
            continue
    raise Busy("the game is too busy right now; try again")


def by_token(token: str | None) -> Callable[[Folded], int]:
    return lambda folded: service.seat_of(folded, token)


def by_address(address: str, seat: int) -> Callable[[Folded], int]:
    """A seat of the signed-in address (the session is the proof)."""
    def find(folded: Folded) -> int:
        if not 0 <= seat < folded.seat_count or (folded.seats[seat].get("email") or "").lower() != address.lower():
            raise Forbidden("that seat is not one of your games")
        return seat
    return find


def rotate(db, site: Site, game_id: str, seat_for: Callable[[Folded], int], now: str | None = None) -> tuple[int, str]:
    """Replace a seat's link: (seat, new token). The old token opens nothing from this append on."""
    chosen: dict = {}

    def command(folded: Folded, seat: int) -> dict:
        if folded.finished:  # everything of it is public now: a link opens nothing another may not read
            raise Conflicting("the game is over: its seat links are not replaced any more (everything in it "
                              "is public now)")
        generation = int(folded.seats[seat].get("generation", 0)) + 1
        chosen.update(seat=seat, token=site.seat_token(folded.id, seat, generation))
        return {"verb": "rotate", "seat": seat, "generation": generation,
                "token_sha256": service.hash_token(chosen["token"])}

    act_on_seat(db, site, game_id, seat_for, command, now)
    return chosen["seat"], chosen["token"]


def set_address(db, site: Site, game_id: str, seat_for: Callable[[Folded], int], address: str,
                generation: int | None = None, now: str | None = None) -> bool:
    """Give a seat an e-mail address (its notices go there, and it shows on that address's /me). With
    `generation` (a mailed confirmation), only while the seat's link is still the one that asked. False
    when the seat has that address already."""
    address = service.clean_player(0, {"name": "-", "email": address}, site)["email"]
    if address is None:
        raise service.BadRequest("give an e-mail address")

    def command(folded: Folded, seat: int) -> dict | None:
        if generation is not None and folded.seats[seat].get("generation", 0) != generation:
            raise Forbidden("the seat's link was replaced after this address was asked for; ask again from the seat")
        if (folded.seats[seat].get("email") or "") == address and folded.seats[seat].get("email_on"):
            return None
        return {"verb": "set_address", "seat": seat, "email": address, "email_on": True}

    return act_on_seat(db, site, game_id, seat_for, command, now) is not None


def current_links(site: Site, folded: Folded) -> list[tuple[int, str, str | None]]:
    """Each seat's current link for the operator (`pbem links`): (seat, name, url; None while open)."""
    return [(s["seat"], s["name"], None if s.get("open") or s.get("reopened")
             else site.seat_url(folded.id, s["seat"], s.get("generation", 0)))
            for s in folded.seats]


def seat_url(site: Site, folded: Folded, seat: int) -> str:
    return site.seat_url(folded.id, seat, folded.seats[seat].get("generation", 0))
