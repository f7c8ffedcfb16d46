"""Every seat of one address, for /me, GET /api/me/games and the calendar (architecture section 13).

Read from the projections alone (the seats by address, their games' rows with the last move in words and
each owing seat's deadline), never by loading a game, so a player with a hundred games costs two indexed
queries. In order: the seats that owe a decision, least time left first (those without a clock after
them, the longest waiting first); then those waiting for others, the latest moved first; then the games
finished lately.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import timedelta

from .. import store
from ..games import GAMES
from ..play import clock
from ..site import Site
from ..words import summary_read

FINISHED_LATELY = timedelta(days=30)
FINISHED_AT_MOST = 20
NEVER = "9999"  # sorts after every deadline


@dataclass(frozen=True)
class MySeat:
    id: str               # the game
    game: str             # its kind (mississippi, ...)
    title: str
    seat: int
    name: str
    status: str           # active, waiting (for players to join), finished
    your_turn: bool
    deadline: str | None  # yours when it is your turn, else the earliest of those who owe
    url: str              # the seat's link
    updated: str
    summary: str | None   # the last move in words, as a spectator reads it, in the reader's language
    others: tuple[str, ...]
    outcome: dict | None
    paused_until: str | None = None  # the end of a pause by agreement under way (issue 28)
    paused_left: int | None = None   # seconds left while the seat's own clock stands still now (issue 28)

    def to_json(self) -> dict:
        keys = ("id", "game", "title", "seat", "status", "your_turn", "deadline", "url", "updated", "summary")
        whole = asdict(self)
        return {key: whole[key] for key in keys}


def my_seats(db, site: Site, address: str, now: str, language: str = "en") -> list[MySeat]:
    """The address's seats, in the order /me shows them, their last moves told in `language`."""
    cutoff = clock.format_time(clock.parse_time(now) - FINISHED_LATELY)
    rows = store.projections.seats_of_address(db, address.strip().lower(), cutoff)
    names = store.projections.seat_names(db, [row[0] for row in rows])
    mine = []
    for (game_id, seat, name, generation, game, status, to_move, earliest, deadlines, updated, summary,
         outcome) in rows:
        yours = status == "active" and seat in json.loads(to_move or "[]")
        told = json.loads(deadlines or "{}")
        own = told.get(str(seat))
        paused = told.get("paused") if status == "active" and told.get("paused", "") > now else None
        left = stood_left(told, seat, own, now) if yours and not paused else None
        module = GAMES.get(game)
        mine.append(MySeat(
            game_id, game, module.TITLE if module else game, seat, name, status, yours,
            own if yours else earliest, site.seat_url(game_id, seat, generation or 0), updated,
            summary_read(summary, language),
            tuple(n for s, n in sorted(names.get(game_id, {}).items()) if s != seat),
            json.loads(outcome) if outcome else None, paused, left))
    return ordered(mine)


def stood_left(told: dict, seat: int, deadline: str | None, now: str) -> int | None:
    """The seconds a seat has left while its clock stands still now (a vacation, a rest day), as the
    projection wrote its stops; None while its clock runs (the countdown then runs to its deadline)."""
    key = str(seat)
    if key in told.get("held", {}):
        return told["held"][key]
    spans = [(clock.parse_time(a), clock.parse_time(b)) for a, b in told.get("stops", {}).get(key, [])]
    at = clock.parse_time(now)
    if deadline is None or not any(a <= at < b for a, b in spans):
        return None
    limit = clock.parse_time(deadline)
    stopped = sum(((min(b, limit) - max(a, at)).total_seconds() for a, b in spans if b > at and a < limit), 0.0)
    return max(0, int((limit - at).total_seconds() - stopped))


def ordered(seats: list[MySeat]) -> list[MySeat]:
    yours = sorted((s for s in seats if s.your_turn), key=lambda s: (s.deadline or NEVER, s.updated))
    waiting = sorted((s for s in seats if not s.your_turn and s.status != "finished"), key=lambda s: s.updated,
                     reverse=True)
    finished = sorted((s for s in seats if s.status == "finished"), key=lambda s: s.updated,
                      reverse=True)[:FINISHED_AT_MOST]
    return yours + waiting + finished
