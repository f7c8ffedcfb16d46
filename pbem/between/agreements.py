"""Takebacks and agreed endings: what a seat may take back alone, computed from the log; proposals the
other seats still in the game must accept; and their answers (from the pages, the API and e-mail).

Taking back alone. A seat may take the game back alone to any position after which every append was
its own command (a move, a note, a message, its own earlier takeback...), drew no chance and showed
nothing hidden (the game's `reveals`): nobody else has acted on, or learned anything from, what it takes
back. Further back it proposes, and every other seat still in the game must accept. Never across a
resignation or a forfeit (that seat left the game and cannot agree), never before the game's start, and
never once the game is over.

Proposals. One proposal is open at a time (an e-mail's "accept" answers *the* open proposal): a seat
may replace its own, not another's. A decline (the proposer's own "no" withdraws it) closes it, and so
does any move (a change of position), for the kinds that lapse on a move: all three here. The answer
that completes one carries it out in the same append (pbem/events/agreements.py).

What a seat may do is decided in pbem/play/deciding.py, from the folded game and its log (read here from
the database, by `StoredLog`); `pbem verify` decides every recorded command again with the same
functions over the recorded log. This module runs those decisions as verbs and reads for the pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import store
from ..events.agreements import GAME_REWOUND
from ..events.computer import playing_for
from ..events.reopening import SEAT_REOPENED
from ..events.versions import RULES_UPGRADED
from ..play import service
from ..play.deciding import OFFER_KINDS, OFFERS
from ..play.deciding import answer_command as decide_answer
from ..play.deciding import is_position as decide_position
from ..play.deciding import newer_rules, offer_command, open_proposal
from ..play.deciding import reach_alone as decide_reach
from ..play.deciding import reopen_fields, resume_command
from ..play.deciding import takeback_command as decide_takeback
from ..play.deciding import was_taken_back
from ..play.errors import Conflicting, ServiceError
from ..play.folding import PLATFORM_EVENTS, Folded
from . import Refused

READ_BACK = 64  # appends read at a time when walking the log backwards


@dataclass(frozen=True)
class Done:
    """What a takeback or an answer did: applied (the game went back, or ended), or a proposal left open."""

    played: service.Played
    applied: bool
    proposal: int | None = None


# --- reading the log -----------------------------------------------------------------------------------


# --- reading the log -----------------------------------------------------------------------------------


class StoredLog:
    """The game's log as the database holds it, read as the deciders ask (pbem/play/deciding.py `Log`); the
    audit reads a recorded log the same way."""

    def __init__(self, db, game_id: str):
        self.db = db
        self.game_id = game_id

    def commands_of(self, verbs, after: int = 0) -> list[tuple[int, dict]]:
        return store.commands_of(self.db, self.game_id, verbs, after=after)

    def appends_back(self, upto: int):
        while upto >= 1:
            starts = store.command_seqs(self.db, self.game_id, upto=upto, limit=READ_BACK, descending=True)
            if not starts:
                return
            events = store.read_events_after(self.db, self.game_id, starts[-1][0] - 1, upto=upto)
            for start, _ in starts:
                batch = [e for e in events if start <= e.seq <= upto]
                yield batch
                upto = start - 1

    def starts_append(self, seq: int) -> bool:
        event = store.event_at(self.db, self.game_id, seq)
        return event is not None and event.command is not None

    def first_position(self) -> int:
        following = store.command_seqs(self.db, self.game_id, after=1, limit=1)
        return following[0][0] - 1 if following else store.last_event(self.db, self.game_id).seq


def reach_alone(db, folded: Folded, seat: int) -> int:
    """The earliest position the seat may take the game back to alone (folded.seq: none earlier)."""
    return decide_reach(StoredLog(db, folded.id), folded, seat)


def is_position(db, folded: Folded, seq: int) -> bool:
    """Whether `seq` ends an append (a position one can step to in the history)."""
    return decide_position(StoredLog(db, folded.id), folded, seq)


def stands_at(db, folded: Folded, to_seq: int) -> bool:
    """Whether the game stands now at position `to_seq` (an earlier one): every append since left the
    position as it was (a message, a note, a setting), or took the game back to that very position, or
    to a later one where it stood. A takeback to it would change nothing: a second click in another tab
    that the first one has already carried out."""
    stood = folded.seq  # the position whose state is the game's now
    for batch in StoredLog(db, folded.id).appends_back(folded.seq):
        if batch[-1].seq <= to_seq:
            return True
        if batch[0].seq > stood:
            continue  # taken back over: what it did is not the game's now
        rewind = next((e for e in batch if e.type == GAME_REWOUND), None)
        if rewind is not None:
            stood = rewind.data["to_seq"]
            if stood <= to_seq:
                return stood == to_seq
        elif any(e.type not in PLATFORM_EVENTS or e.type == RULES_UPGRADED for e in batch):
            return False
    return True


def done(played: service.Played, command: dict) -> Done:
    if command.get("settle"):
        return Done(played, True)
    if command["verb"] == "propose":
        return Done(played, False, played.events[0].seq)
    return Done(played, command["verb"] == "takeback")


# --- the verbs -----------------------------------------------------------------------------------------


def takeback_command(db, folded: Folded, seat: int, to_seq: Any) -> dict:
    """Take the game back to position `to_seq`: alone when the log allows, else as a proposal."""
    command = decide_takeback(StoredLog(db, folded.id), folded, seat, to_seq)
    # The service's refusal, not the deciders' (pbem/play/deciding.py): logs written before it may hold such a
    # takeback (it changes nothing), and they must still verify.
    if stands_at(db, folded, to_seq):
        raise Conflicting(f"the game already stands at position {to_seq}: nothing changed since, so there is "
                          "nothing to take back (was it taken back already, from another page?)")
    return command


def act_as(db, site, game_id: str, seat_for, make_command, now: str | None = None) -> Done:
    """Run a seat's command (the seat named by `seat_for(folded)`: a bearer token, or an e-mail's signed
    reply address) with the service's retry on a lost race; what it did."""
    for _ in range(service.APPEND_ATTEMPTS):
        folded = service.load(db, game_id)
        command = make_command(folded, seat_for(folded))
        try:
            return done(service.append_command(db, site, folded, command, now or service.utcnow()), command)
        except store.Conflict:
            continue
    raise service.Busy("the game is too busy right now; try again")


def by_token(token: str | None):
    return lambda folded: service.seat_of(folded, token)


def take_back(db, site, game_id: str, token: str | None, to_seq: Any, now: str | None = None) -> Done:
    return act_as(db, site, game_id, by_token(token),
                  lambda folded, seat: takeback_command(db, folded, seat, to_seq), now)


def last_own_move(db, folded: Folded, seat: int) -> int | None:
    """The position before the seat's latest move still standing (an e-mailed "takeback" takes that back)."""
    for batch in StoredLog(db, folded.id).appends_back(folded.seq):
        command = batch[0].command or {}
        if command.get("verb") == "move" and command.get("seat") == seat and not was_taken_back(folded, batch):
            return batch[0].seq - 1
        if command.get("verb") == "create":
            return None
    return None


def offer(db, site, game_id: str, token: str | None, kind: Any, now: str | None = None, until: Any = None,
          seat: Any = None) -> Done:
    """Offer a draw, to abandon the game, to move it to the current rules, to pause it until `until`, or
    to reopen the abandoned seat `seat` (issue 31)."""
    if kind not in OFFERS:
        raise Refused(OFFER_KINDS)
    now = now or service.utcnow()
    return act_as(db, site, game_id, by_token(token),
                  lambda folded, mine: offer_command(StoredLog(db, folded.id), folded, mine, kind, until=until,
                                                     now=now, reopen=seat), now)


def reopened_by(done: Done) -> int | None:
    """The seat this append reopened, when it carried out an agreement to reopen one."""
    return next((e.data["seat"] for e in done.played.events if e.type == SEAT_REOPENED), None)


def resume(db, site, game_id: str, token: str | None, now: str | None = None) -> service.Played:
    """End the pause under way: every clock runs again (any seat may)."""
    now = now or service.utcnow()
    return act_as(db, site, game_id, by_token(token), lambda folded, seat: resume_command(folded, seat, now),
                  now).played


def answer_command(db, folded: Folded, seat: int, accept: Any, group: str | None, seen: int | None = None) -> dict:
    """A seat's answer to the open proposal (pbem/play/deciding.py)."""
    return decide_answer(folded, seat, accept, group, seen)


def answer(db, site, game_id: str, token: str | None, accept: Any, group: str | None = None,
           now: str | None = None) -> Done:
    return act_as(db, site, game_id, by_token(token),
                  lambda folded, seat: answer_command(db, folded, seat, accept, group), now)


# --- for the seat page ---------------------------------------------------------------------------------


def takeback_choices(db, folded: Folded, seat: int, most: int = 8) -> list[dict]:
    """The positions before the latest moves that the seat might take the game back to, latest first:
    each with whether it may do so alone, and whose move it undoes."""
    if folded.finished:
        return []
    log = StoredLog(db, folded.id)
    reach = decide_reach(log, folded, seat)
    start = log.first_position()
    out = []
    for batch in log.appends_back(folded.seq):
        if batch[0].seq <= start or len(out) >= most:
            break
        command = batch[0].command or {}
        if command.get("verb") not in ("move", "timeout") or not any(e.type not in PLATFORM_EVENTS for e in batch) \
                or was_taken_back(folded, batch):
            continue  # only positions before a move still standing are offered (the API takes any position)
        who = command.get("seat")
        out.append({"to_seq": batch[0].seq - 1, "alone": batch[0].seq - 1 >= reach,
                    "undoes": folded.names[who] if isinstance(who, int) else "the clock",
                    # the seat's own move in its words; another seat's move text may be hidden from it
                    "move": command.get("move", "") if who == seat and command.get("verb") == "move" else ""})
    return out


def reopenable(db, folded: Folded, seat: int, now: str) -> list[int]:
    """The other seats this seat may offer to reopen now (issue 31): ones the computer stands in for, or
    that ran out of time, that `reopen_fields` allows; none while another proposal is open."""
    if folded.finished or open_proposal(folded) is not None:
        return []
    log = StoredLog(db, folded.id)
    out = []
    for other in range(folded.seat_count):
        if other == seat or (other not in folded.timed_out and not playing_for(folded, other)):
            continue  # only these may have vanished: the deciders say for sure
        try:
            reopen_fields(log, folded, seat, other, now)
        except ServiceError:
            continue
        out.append(other)
    return out
