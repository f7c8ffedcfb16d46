"""Seats the server plays (architecture section 16): computer seats, and seats whose time ran out under
`on_timeout: bot`, until their person is back.

The computer's move is decided and appended here, through the service like any seat's move (actor the
seat, command `{"verb": "move", "seat", "move", "via": "bot"}`), by the scheduler's sweep
(pbem/notify/sweep.py), never in a request's thread: a request only schedules a wake-up (the
AFTER_APPEND hook installed by `pbem serve`). The games projection marks a game whose computer seat owes
a move as due (`next_due`, pbem/play/projection.py), so a sweep in any process, after a restart too, finds it.

What the computer player is given: the seat's view (`view(state, seat)`, as plain JSON, exactly what the
seat's own API answer shows) and its legal moves, and a generator seeded with
HMAC-SHA256(game seed, "computer:<seq>:<seat>"), seq being the one its move will take. So its choices
are as unpredictable to the players as the dice while the game runs (the seed is secret), never drawn
from the same values as the dice (another label), and reproducible by anyone once the seed is revealed
at the end. `verify` does not need them: the move chosen is recorded in the command and re-run like
any other.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import random
from datetime import datetime, timedelta

from .. import store
from ..events.computer import level_of, owed_by_computer
from ..play import clock, service
from ..play.deciding import come_back_command
from ..play.folding import Folded, legal_moves
from ..site import Site

log = logging.getLogger(__name__)

MOVES_PER_PASS = 40  # one game's computer moves in one sweep at most, so that it holds up no other game


def generator(seed: bytes, seq: int, seat: int) -> random.Random:
    """The computer player's generator for the decision whose move will take `seq`."""
    digest = hmac.new(seed, f"computer:{seq}:{seat}".encode(), hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))


def inputs(folded: Folded, seat: int) -> tuple[dict, list[str]]:
    """Everything the computer player reads: the seat's view as plain JSON and the seat's legal moves."""
    view = json.loads(json.dumps(folded.module.view(folded.state, seat)))
    return view, legal_moves(folded, seat)


def choose(folded: Folded, seat: int, seed: bytes) -> str:
    """The computer player's move for the seat, as the game stands."""
    level = level_of(folded.seats, folded.facts, seat) or "standard"
    view, legal = inputs(folded, seat)
    move = folded.module.BOTS[level](view, list(legal), generator(seed, folded.seq + 1, seat))
    if move not in legal:
        raise RuntimeError(f"the {level} computer player of {folded.module.NAME} answered a move that is not legal")
    return move


def due_at(folded: Folded, delay: float) -> datetime | None:
    """When the computer should move in this game: `delay` seconds after the append that made one of its
    seats owe a decision, rounded up to a whole second. None when no seat it plays owes one. Event times,
    and the `now` a wake-up reads, are whole seconds: a moment between two (a delay of 0.2) would be
    later than the `now` of the wake-up made for it, and the move waited for the minute's sweep."""
    if not owed_by_computer(folded):
        return None
    due = clock.parse_time(folded.last_at) + timedelta(seconds=delay)
    return due.replace(microsecond=0) + timedelta(seconds=1) if due.microsecond else due


def play_owed(db, site: Site, game_id: str, now: str, limit: int = MOVES_PER_PASS) -> int:
    """Play every move the computer owes in this game whose time has come (at most `limit`); returns
    how many were played. A person's append meanwhile makes it decide again from the new position."""
    moment = clock.parse_time(now)
    played = conflicts = 0
    while played < limit:
        folded = service.load(db, game_id)
        due = due_at(folded, site.computer_delay)
        if due is None or due > moment:
            break
        seat = owed_by_computer(folded)[0]
        move = choose(folded, seat, store.read_seed(db, game_id))
        try:
            service.append_command(db, site, folded, {"verb": "move", "seat": seat, "move": move, "via": "bot"}, now)
        except store.Conflict:
            conflicts += 1
            if conflicts > service.APPEND_ATTEMPTS:
                raise service.Busy("the game is too busy for its computer seats right now") from None
            continue
        played += 1
    return played


def come_back(db, site: Site | None, game_id: str, token: str | None, now: str | None = None) -> service.Played:
    """The person of a timed-out seat takes it back from the computer (their own move does too)."""
    return service.act(db, site, game_id, token, come_back_command, now)
