"""Reopening an abandoned seat (issue 31 item 5, architecture section 22): the seat's invitation, and a
newcomer taking the seat through it.

The other players agree to reopen the seat as they agree to any offer (pbem/between/agreements.py; who
may, in pbem/play/deciding.py `reopen_fields`); the agreement writes `seat_reopened`
(pbem/events/reopening.py) and the seat's old link opens nothing from then on. The seat's invitation is
derived from the server's key, the game, the seat and its generation at the reopening (pbem/site.py
`reopen_token`), so nothing is stored and a later reopening of the same seat makes another; it is shown
to the players on their seat pages and in the answer that completed the agreement, and a public game is
listed in the lobby again while the seat waits (pbem/lobby/listing.py).

A newcomer takes the seat with their name (and address) as any invitation takes, or signed in under
their public name where the game is public (pbem/web/home.py, pbem/web/home_api.py): one append,
`seat_taken`, with the hash of their new link. The newcomer is told the game so far, as a new holder
after a handover is; the other players are told who took the seat.
"""

from __future__ import annotations

from .. import store
from ..events.reopening import reopened_seats
from ..games.base import said
from ..notify import compose
from ..play import service
from ..play.deciding import take_seat_command
from ..play.errors import Busy
from ..play.folding import Folded
from ..site import Site


def invitations(site: Site, folded: Folded) -> list[tuple[int, str]]:
    """(seat, invitation link) of each reopened seat waiting for a newcomer."""
    return [(seat, site.reopen_url(folded.id, seat, int(folded.seats[seat].get("generation", 0))))
            for seat in reopened_seats(folded)]


def game_of(site: Site, invite: str) -> str | None:
    """The game a reopened seat's invitation names, or None for a link that is not one."""
    named = site.read_reopen_token(invite or "")
    return named[0] if named else None


def take(db, site: Site, invite: str, name: str, email: str | None, now: str | None = None) -> tuple[str, int, str]:
    """The newcomer takes the reopened seat the invitation names: (game id, seat, the seat's new token).
    409 when it has been taken already."""
    game_id, seat, generation = site.read_reopen_token(invite or "") or ("", 0, 0)
    now = now or service.utcnow()
    for _ in range(service.APPEND_ATTEMPTS):
        folded = service.load(db, game_id)
        player = service.clean_player(seat, {"name": name, "email": email}, site)
        token = site.seat_token(folded.id, seat, generation + 1)
        command = take_seat_command(folded, seat, generation, player["name"], player["email"],
                                    service.hash_token(token))
        try:
            service.append_command(db, site, folded, command, now,
                                   answer=lambda after, before=folded: notices(site, before, after, seat, now))
        except store.Conflict:
            continue
        return folded.id, seat, token
    raise Busy("the game is too busy right now; try again")


def notices(site: Site, before: Folded, after: Folded, seat: int, now: str) -> list[dict]:
    """The newcomer's welcome with the game so far (their link in it, where they gave an address); the
    other players are told who took the seat."""
    generation = after.seats[seat]["generation"]
    previous = before.names[seat]
    out = compose.rows(site, after, seat, f"took_seat:{generation}", now, email_only=True,
                       told=("handover", before.seq), extra={"previous": previous})
    line = said("%(previous)s's seat was reopened by agreement; %(name)s took it.", previous=previous,
                name=after.names[seat])
    for other in range(after.seat_count):
        if other != seat and not after.seats[other].get("reopened"):
            out += compose.rows(site, after, other, f"newcomer:{generation}", now, told=("lines", [line.to_json()]),
                                extra={"webhook_text": line.to_json()})
    return out
