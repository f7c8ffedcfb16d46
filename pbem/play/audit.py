"""Auditing a game: the hash chain, the seed against its commitment, and every append replayed from the
revealed seed: its command decided again by the service's own deciders (pbem/play/deciding.py) from the game
as folded there, under the rules version in force, and each recorded event, the platform's included,
exactly what that command produces (architecture section 3). `pbem verify`, `GET /api/games/<id>/verify`
and the import of records use it. Whoever holds a finished game's record holds its seed and can hash a
forged chain again: the replay is what refuses a decision the server would not have made.

While a game runs its seed is secret, so only the chain's order can be checked from outside; the server
itself holds the seed and re-runs everything. A problem found while the game runs says where, never
what: a hidden planned move or a hand must not be printed in clear by the audit."""

from __future__ import annotations

from typing import Any, Sequence

from .. import store
from ..events.agreements import GAME_REWOUND
from ..events.computer import owed_by_computer
from ..events.home import SEATS_OPENED
from ..games.base import Event, GameError
from ..store.recent import Recent
from . import chance as chance_mod
from . import clock
from .commands import run_command
from .deciding import (answer_command, check_may_move, clock_command, come_back_command, end_scheduled_vacation_command,
                       handover_command, join_command, message_command, note_command, offer_command, resign_command,
                       rest_days_command, resume_command, scheduled_vacation_command, take_seat_command,
                       takeback_command, vacation_command)
from .errors import BadRequest, Forbidden, GameNotFound, ServiceError
from .folding import GAME_CREATED, SEED_REVEALED, Folded, advance, begin, legal_moves

_REPORTS: Recent[dict] = Recent(size=256)  # (database, game, seq, last hash) -> the report


def verify(db, game_id: str) -> dict:
    """Check the hash chain, the seed against its commitment, and replay every append from the seed.
    The answer for a game at a given last event is kept: the log only grows."""
    from .loading import database_file

    last = store.last_event(db, game_id)
    if last is None:
        raise GameNotFound(f"no game {game_id!r} here")
    key = (database_file(db), game_id, last.seq, last.hash)
    known = _REPORTS.get(key)
    if known is not None:
        return known
    report = verify_events(store.read_events(db, game_id), store.read_seed(db, game_id))
    _REPORTS.put(key, report)
    return report


def verify_events(events: Sequence[store.StoredEvent], seed: bytes | None) -> dict:
    problems: list[str] = []
    problems += check_chain(events, seed)
    first = events[0]
    revealed = next((e for e in events if e.type == SEED_REVEALED), None)
    if first.type != GAME_CREATED:
        return {"ok": False, "problems": problems + ["event 1 is not game_created"], "seed": None,
                "events": len(events)}
    if seed is None or chance_mod.commitment(seed) != first.data.get("commitment"):
        problems.append("the stored seed does not match the commitment in event 1")
    if revealed is not None and chance_mod.commitment(bytes.fromhex(revealed.data["seed"])) != first.data["commitment"]:
        problems.append(f"event {revealed.seq}: the revealed seed does not match the commitment in event 1")
    if seed is not None and not problems:
        problems += drawn_seat_problems(first.data, seed)
    if seed is not None and not problems:
        problems += replay_problems(events, seed, finished=revealed is not None)
    return {"ok": not problems, "problems": problems,
            "seed": revealed.data["seed"] if revealed is not None else None,
            "events": len(events)}


def drawn_seat_problems(created: dict, seed: bytes) -> list[str]:
    """A game started by matched seeks: its seats are the seekers in the order the seed draws."""
    drawn = created.get("seats_drawn")
    if drawn is None:
        return []
    order = list(chance_mod.SeededChance(seed, 0).shuffle(range(len(drawn["from"]))))
    if order != drawn["order"] or [s["name"] for s in created["seats"]] != [drawn["from"][i] for i in order]:
        return ["event 1: the seats are not in the order the seed draws"]
    return []


def check_chain(events: Sequence[store.StoredEvent], seed: bytes | None) -> list[str]:
    problems = []
    previous = ""
    for index, event in enumerate(events, start=1):
        if event.seq != index:
            problems.append(f"seq {event.seq} found where {index} was expected")
            break
        if seed is None:
            break
        expected = store.event_hash(previous, event.game_id, event.seq, event.type, event.actor, event.data,
                                    event.at, event.command, chance_mod.event_salt(seed, event.seq))
        if expected != event.hash:
            problems.append(f"event {event.seq}: hash does not match its content and the chain")
        previous = event.hash
    return problems


class RecordedLog:
    """A recorded log, read as the deciders read the database's (pbem/play/deciding.py `Log`), as far as the
    replay has come (`head`). The chain is checked first, so the event at seq n is events[n - 1]."""

    def __init__(self, events: Sequence[store.StoredEvent]):
        self.events = events
        self.head = 0
        self.starts = [e.seq for e in events if e.command is not None]

    def commands_of(self, verbs, after: int = 0) -> list[tuple[int, dict]]:
        return [(e.seq, e.command) for e in self.events[after:self.head]
                if e.command is not None and e.command.get("verb") in verbs]

    def appends_back(self, upto: int):
        upto = min(upto, self.head)
        for start in reversed([s for s in self.starts if s <= upto]):
            yield list(self.events[start - 1:upto])
            upto = start - 1

    def starts_append(self, seq: int) -> bool:
        return 1 <= seq <= self.head and self.events[seq - 1].command is not None

    def first_position(self) -> int:
        following = next((s for s in self.starts if 1 < s <= self.head), None)
        return following - 1 if following is not None else self.head


class Unreplayable(Exception):
    """A recorded event the replay cannot even fold (a takeback to no position), with where it is."""


def decided_again(log: RecordedLog, folded: Folded, command: dict, at: str) -> dict:
    """The command the server would have recorded, deciding the recorded one's request afresh with the
    same deciders as the service (pbem/play/deciding.py); raises the refusal it would have given. Commands
    whose decisions need the server's secrets, its mail or its settings (seat settings, addresses, links,
    conditional lines) come back as they are: their events are still compared with them. A joiner's or a
    new holder's name and address, and a new link's hash, are taken as recorded; the rest is decided."""
    verb, seat = command.get("verb"), command.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < folded.seat_count:
        raise BadRequest(f"the command names no seat of this game ({seat!r})")
    if verb == "move":
        check_may_move(folded, legal_moves(folded, seat, keep=False))
        if command.get("via") == "bot" and seat not in owed_by_computer(folded):  # as pbem/people/computer.py plays
            raise Forbidden(f"the computer plays no move for seat {seat + 1} then")
        return command  # the game's own decision is replayed by run_command
    if verb == "resign":
        return resign_command(folded, seat)
    if verb == "timeout" or (verb == "vacation_end" and command.get("by") == "clock"):
        decided = clock_command(folded, seat, verb, clock.parse_time(at))
        if decided is None:
            raise Forbidden(f"the clock had nothing to do for seat {seat + 1} then")
        return decided
    if verb == "vacation_start" and "start" in command:  # an address's vacation for all its games (issue 28)
        start, end = clock.parse_time(command["start"]), clock.parse_time(command.get("end") or command["start"])
        decided = scheduled_vacation_command(folded, seat, start, end, clock.parse_time(at))
        if decided is None:
            raise Forbidden(f"seat {seat + 1} could take no vacation then")
        return decided
    if verb == "vacation_end" and command.get("scheduled"):
        decided = end_scheduled_vacation_command(folded, seat, clock.parse_time(at))
        if decided is None:
            raise Forbidden(f"seat {seat + 1} had no vacation to end then")
        return decided
    if verb in ("vacation_start", "vacation_end"):
        return vacation_command(folded, seat, verb, at)
    if verb == "rest_days":
        return rest_days_command(folded, seat, command.get("days"), command.get("zone"))
    if verb == "come_back":
        return come_back_command(folded, seat)
    if verb == "handover":
        return handover_command(folded, seat, command.get("name"), command.get("email"), command.get("token_sha256"))
    if verb == "take_seat":
        return take_seat_command(folded, seat, int(command.get("generation") or 0) - 1, command.get("name"),
                                 command.get("email"), command.get("token_sha256"))
    if verb == "join":
        return join_command(folded, command.get("name"), command.get("email"))
    if verb == "message":
        return message_command(folded, seat, command.get("text"), at)
    if verb == "note":
        return note_command(folded, seat, command.get("text"), command.get("about"))
    if verb == "takeback" or (verb == "propose" and command.get("kind") == "takeback"):
        return takeback_command(log, folded, seat, command.get("to_seq"))
    if verb == "propose":
        return offer_command(log, folded, seat, command.get("kind"), command.get("to"), command.get("until"), at,
                             command.get("reopen"))
    if verb == "resume":
        return resume_command(folded, seat, at)
    if verb == "answer":
        return answer_command(folded, seat, command.get("accept"), None)
    return command


def created_events(folded: Folded, command: dict, chance) -> list:
    """What the creating append holds after `game_created`: the game's start, or the open seats."""
    if command.get("verb") == "create":
        return folded.module.start(folded.state, chance)
    if command.get("verb") == "create_open":
        return [Event(SEATS_OPENED, {"seats": [s["seat"] for s in folded.created["seats"] if s.get("open")]}, "admin")]
    raise BadRequest("the first append is not the creation of a game")


def appends(events: Sequence[store.StoredEvent]) -> list[list[store.StoredEvent]] | None:
    """The events in appends (each begun by the event carrying its command); None when the first has none."""
    batches: list[list[store.StoredEvent]] = []
    for event in events:
        if event.command is not None:
            batches.append([event])
        elif batches:
            batches[-1].append(event)
        else:
            return None
    return batches


def facts(events) -> list[tuple[str, str, str]]:
    return [(e.type, e.actor, store.canonical_json(dict(e.data))) for e in events]


def replay_problems(events: Sequence[store.StoredEvent], seed: bytes, finished: bool = True) -> list[str]:
    """Replay every append as the server made it: fold the log up to it, decide its command again with
    the service's deciders (who may do what: moves, resignations, the clock, messages, takebacks,
    proposals and their answers), re-run it under the rules version in force there, and compare every
    event it wrote, the platform's included, with those the command gives. The first difference is
    reported; while the game runs, by where it is, not by what the events hold."""
    batches = appends(events)
    if batches is None:
        return ["event 1 carries no command"]
    log = RecordedLog(events)
    game_id = events[0].game_id
    # A takeback (`game_rewound`) makes the state that of an earlier position: keep the states it goes
    # back to, the ends of appends, as the replay passes them.
    targets = {e.data.get("to_seq") for e in events if e.type == GAME_REWOUND}
    kept: dict[int, Any] = {}

    def look_back(seq):
        if seq not in kept:
            raise Unreplayable(f"takes the game back to position {seq}, which is not the end of an earlier append")
        return kept[seq]

    def hidden(detail: str) -> str:
        return detail if finished else " (details are shown once the game is over)"

    folded = None
    for batch in batches:
        head = batch[0]
        span = f"events {head.seq}-{batch[-1].seq}" if len(batch) > 1 else f"event {head.seq}"
        chance = chance_mod.SeededChance(seed, head.seq)
        log.head = head.seq - 1
        try:
            if folded is None:  # the creating append: game_created, then what the game's start gives
                before, recorded = begin(game_id, head), batch[1:]
                produced = created_events(before, head.command, chance)
            else:
                before, recorded = folded, batch
                decided = decided_again(log, before, head.command, head.at)
                if store.canonical_json(decided) != store.canonical_json(head.command):
                    return [f"event {head.seq}: the recorded command is not what the server decides there"
                            + hidden(f": recorded {store.canonical_json(head.command)}, "
                                     f"decided {store.canonical_json(decided)}")]
                produced = run_command(before.module, before.state, head.command, chance)
        except (GameError, ServiceError, ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
            # the rules' refusals (GameError), the platform's (ServiceError), an unknown verb (ValueError),
            # or a command without the fields its verb needs
            return [f"event {head.seq}: the recorded command is refused" + hidden(f": {error}")]
        want, got = facts(produced), facts(recorded[:len(produced)])
        rest, reveal = facts(recorded[len(produced):]), facts([Event(SEED_REVEALED, {"seed": seed.hex()}, "rules")])
        mismatch = (f"{span}: the recorded events are not what the rules and the seed give"
                    + hidden(f": recorded {facts(recorded)} but the rules and seed give {want}"
                             + (" and the seed's reveal" if rest == reveal else "")))
        if want != got or len(recorded) < len(produced) or rest not in ([], reveal):
            return [mismatch]
        try:
            after = advance(before, recorded, look_back=look_back)
        except Unreplayable as error:
            return [f"{span}: {error}"]
        if (rest == reveal) != (after.finished and not before.finished):  # revealed when, and only when, it ended
            return [mismatch]
        folded = after
        if batch[-1].seq in targets:
            kept[batch[-1].seq] = after.state
    return []
