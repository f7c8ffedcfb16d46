"""Lost seat links: a player who lost the link to a seat asks for it by e-mail address, and each seat of an
active game registered to that address is sent its link again -- to that address only, since the link is
the key to the seat (architecture section 5).

The page that asks never says whether the address plays anywhere (that would tell a stranger who plays
on this server), and one address gets at most one such message per seat per hour, whatever the number
of requests: the outbox's unique key (game, seq 0, seat, channel, "links:<hour>") drops the repeats."""

from __future__ import annotations

from .. import store
from ..play import clock, service
from ..site import Site
from . import compose


def active_seats_of(db, address: str) -> list[tuple[str, int]]:
    return store.projections.active_seats_of_address(db, address.strip())


def send_seat_links(db, site: Site, address: str, now: str | None = None) -> int:
    """Queue the links of the address's seats in active games; returns how many notices were new."""
    now = now or service.utcnow()
    hour = clock.parse_time(now).strftime("%Y-%m-%dT%H")
    notices: list[dict] = []
    for game_id, seat in active_seats_of(db, address):
        notices += compose.seat_link(site, service.load(db, game_id), seat, hour, now)
    return store.enqueue_now(db, notices) if notices else 0
