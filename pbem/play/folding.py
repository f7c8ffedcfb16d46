"""A game folded from its log: the rules' state and the platform's own facts, advanced event by event.

Architecture sections 4 and 11. A `Folded` is the whole of what the server knows about a game as of one
seq: the game's state (folded through the game's `evolve`) and what the platform's own events say (seat
settings, vacations, timeouts, since when each seat owes a decision, each seat's bank under a Fischer
clock). It is immutable, so one value may
serve many requests and threads, and it pickles, so it can be kept as a snapshot (pbem/play/loading.py).

`advance` is the only fold: loading a game, appending to it and looking back all go through it, over
the new events only. Whether a seat owes a decision is asked once per append (a batch of events sharing
one command and one time), not after every event: the rules' `to_move` and `outcome` run once per batch.

Pure: no database, no clock (event times come in the events), no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from types import ModuleType
from typing import Any, Mapping, Sequence

from ..events import AFTER_COMMAND, KINDS, PLATFORM_EVENTS, Working
from ..events.core import (GAME_CREATED, SEED_REVEALED, SETTINGS_CHANGED, TURN_TIMED_OUT, VACATION_ENDED,
                           VACATION_STARTED)
from ..games import get_game
from ..games.base import Event, Outcome
from ..store.recent import Recent
from . import clock


@dataclass(frozen=True)
class Folded:
    """The game as of `seq`. Never changed in place: `advance` returns a new one."""

    id: str
    created: Mapping[str, Any]          # the data of the game's `game_created` event
    created_at: str                     # its time
    seq: int
    last_hash: str
    last_at: str
    state: Any
    seats: tuple[Mapping[str, Any], ...]   # each seat's record: name, address, webhook, settings, key hash
    vacations: tuple[clock.Vacation, ...] = ()
    owing_since: Mapping[int, datetime] = field(default_factory=dict)
    timed_out: frozenset[int] = frozenset()
    last_acted: Mapping[int, int] = field(default_factory=dict)  # seat -> last seq of its last own append
    began_owing: Mapping[int, int] = field(default_factory=dict)  # seat -> seq after which it last began to owe
    # seat -> seconds in its bank as its turn began (a Fischer clock only; a seat not in it has the initial)
    banks: Mapping[int, int] = field(default_factory=dict)
    outcome: Outcome | None = None
    to_move: frozenset[int] = frozenset()
    batch_open: bool = False            # the last event folded may be followed by more of its append
    facts: Mapping[str, Any] = field(default_factory=dict)   # each feature's facts (pbem/events), by name

    @property
    def module(self) -> ModuleType:
        return get_game(self.created["game"])

    @property
    def rules_version(self) -> int:
        """The version in force: the one the game was created under, or the one its seats agreed to."""
        return int(self.facts.get("rules_version") or self.created.get("rules_version", 1))

    @property
    def seat_count(self) -> int:
        return self.created["seat_count"]

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.seats]

    @property
    def settings(self) -> tuple[Mapping[str, Any], ...]:
        return self.seats

    @property
    def clock(self) -> Mapping[str, Any]:
        return self.created.get("clock") or {}

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def deadline(self, seat: int, now: datetime) -> datetime | None:
        if seat not in self.owing_since:
            return None
        return clock.deadline(self.clock, self.owing_since[seat], self.vacations, seat, now, self.banks.get(seat))

    def time_left(self, seat: int, now: datetime) -> int | None:
        """Seconds the seat has left on its clock at `now`: while it owes a decision, its turn's time less
        what its clock has run (so it stands still while the clock does: on vacation, on a rest day; the
        deadline lies later by any stop still ahead), else what its next turn starts with (its bank, or
        the time per move). None without a clock."""
        turn = clock.allowance(self.clock, self.banks.get(seat))
        if seat not in self.owing_since or turn is None:
            return turn
        since = self.owing_since[seat]
        ran = now - since - clock.paused(self.vacations, seat, since, now)
        return max(0, int(turn - ran.total_seconds()))

    def stopped(self, now: datetime) -> list[int]:
        """The seats owing a decision whose clock stands still at `now`: on vacation, or resting."""
        return [seat for seat, since in sorted(self.owing_since.items())
                if clock.stopped_now(self.vacations, seat, since, now)]

    def earliest_deadline(self, now: datetime) -> datetime | None:
        times = [d for d in (self.deadline(s, now) for s in self.owing_since) if d is not None]
        return min(times) if times else None


_LEGAL: Recent[list[str]] = Recent(size=4096)


def legal_moves(folded: Folded, seat: int | None, keep: bool = True) -> list[str]:
    """The seat's legal moves in the game as folded, computed once: the seat's GET, its move's check and
    the notice to the next seat all ask the same question of the same position. Keyed by the last
    event's hash, which names the position exactly. `keep=False`: a question asked once of each past
    position (the audit's replay), not kept, so it does not push out the positions being played."""
    # a game waiting for its players has not begun; one over by agreement offers nothing, though the
    # rules alone would play on
    if seat is None or folded.finished or folded.facts.get("waiting"):
        return []
    key = (folded.id, folded.seq, folded.last_hash, seat)
    found = _LEGAL.get(key) if folded.last_hash else None
    if found is None:
        found = folded.module.legal_moves(folded.state, seat)
        if folded.last_hash and keep:
            _LEGAL.put(key, found)
    return list(found)


def game_event(stored) -> Event:
    """A stored event as the game's reducer takes it."""
    return Event(stored.type, stored.data, stored.actor)


def initial_state(module: ModuleType, created: Mapping[str, Any]) -> Any:
    """The state before any event, under the rules version the game was created with."""
    version = int(created.get("rules_version", 1))
    if hasattr(module, "RULES_VERSION"):
        return module.initial_state(created["seat_count"], created["options"], rules_version=version)
    return module.initial_state(created["seat_count"], created["options"])  # a game from before versions


def initial_seats(created: Mapping[str, Any]) -> tuple[dict, ...]:
    return tuple({"seat": s["seat"], "name": s["name"], "email": s["email"], "webhook": s["webhook"],
                  "email_on": bool(s["email"]), "digest": False, "token_sha256": s["token_sha256"],
                  **{key: s[key] for key in ("bot", "open") if key in s}}
                 for s in created["seats"])


def begin(game_id: str, first) -> Folded:
    """The game right after its `game_created` event (stored as `first`)."""
    created = first.data
    module = get_game(created["game"])
    state = initial_state(module, created)
    return Folded(game_id, created, first.at, first.seq, first.hash, first.at, state, initial_seats(created),
                  batch_open=True)


def advance(folded: Folded, events: Sequence, complete: bool = True, look_back=None) -> Folded:
    """`folded` with these later events folded in. `complete` says the last event ends its append (true
    for a game's head; false when looking back at a seq inside an append), so that who owes a decision
    is settled then. `look_back(seq)` gives the game's state after an earlier seq, for the events that
    rewind the game (the loader passes it; without it such an event cannot be folded)."""
    if not events:
        return settle_alone(folded) if complete and folded.batch_open else folded
    module = folded.module
    work = Working(module, folded.state, [dict(s) for s in folded.seats], list(folded.vacations),
                   set(folded.timed_out), dict(folded.facts), clock.parse_time(folded.last_at), look_back)
    owing = dict(folded.owing_since)
    acted = dict(folded.last_acted)
    began = dict(folded.began_owing)
    banks = dict(folded.banks)
    fischer = clock.is_fischer(folded.clock)
    open_batch = folded.batch_open
    moment = work.moment
    last_seq = folded.seq
    actors: set[int] = set()  # seats that acted in the append being folded
    settled: list = []  # (state, result, owing now) of the last settle: the rules are asked once per state

    def settle():
        """Who owes a decision now that a whole append is folded; a seat's clock runs from the append
        after which it began to owe, without a break (a rewind starts every clock afresh)."""
        nonlocal owing
        under_way = owing  # the turns before this append
        if work.rewound:
            owing, work.rewound = {}, False
        result = outcome_of(module, work.state, work.facts)
        owing_now = owing_of(module, work.state, work.facts, result)
        settled[:] = [work.state, result, owing_now]
        for seat in owing_now - set(owing):
            began[seat] = last_seq
        owing = {seat: owing.get(seat, moment) for seat in owing_now}
        if fischer:  # a turn that ended here (a decision, the clock's for the seat, a rewind) updates the bank
            for seat, since in under_way.items():
                if owing.get(seat) != since:
                    banks[seat] = clock.bank_after_turn(folded.clock, banks.get(seat), since, moment,
                                                        work.vacations, seat)
        work.timed_out &= set(owing)
        for seat in actors:
            acted[seat] = last_seq
        actors.clear()

    for stored in events:
        if stored.command is not None and open_batch:
            settle()  # the previous append is complete
        moment = work.moment = clock.parse_time(stored.at)
        if stored.command is not None:
            for after_command in AFTER_COMMAND:
                after_command(work, stored.command)
        kind = KINDS.get(stored.type)
        if kind is not None:
            kind.fold(work, stored)
        else:
            work.state = module.evolve(work.state, game_event(stored))
            if stored.actor.isdigit():
                actors.add(int(stored.actor))
        last_seq = stored.seq
        open_batch = True
    last = events[-1]
    if complete:
        settle()
        open_batch = False
    else:
        for seat in actors:
            acted[seat] = last_seq
    state = work.state
    if settled and settled[0] is state:
        result, to_move = settled[1], settled[2]
    else:
        result = outcome_of(module, state, work.facts)
        to_move = owing_of(module, state, work.facts, result)
    return replace(folded, seq=last.seq, last_hash=last.hash, last_at=last.at, state=state, seats=tuple(work.seats),
                   vacations=tuple(work.vacations), owing_since=owing, timed_out=frozenset(work.timed_out),
                   last_acted=acted, began_owing=began, banks=banks, outcome=result, to_move=to_move,
                   batch_open=open_batch, facts=work.facts)


def outcome_of(module: ModuleType, state: Any, facts: Mapping[str, Any]) -> Outcome | None:
    """How the game ended: as the players agreed (facts["ended"], an Outcome: a draw or an abandonment
    agreed by every seat), or as its rules say."""
    return facts.get("ended") or module.outcome(state)


def owing_of(module: ModuleType, state: Any, facts: Mapping[str, Any], result: Outcome | None) -> frozenset[int]:
    """Who owes a decision: nobody in a game that is over, or still waiting for its players to join
    (facts["waiting"]); else whom the rules name."""
    if result is not None or facts.get("waiting"):
        return frozenset()
    return module.to_move(state)


def fold(game_id: str, events: Sequence, complete: bool = True, look_back=None) -> Folded:
    """The game folded from its first event (`game_created`) through the last of these. A takeback
    among them looks back through `look_back`, or, without one, by folding these events up to the
    position it goes back to (slow for long games, and only for those with takebacks)."""
    if look_back is None:
        def look_back(seq):
            return fold(game_id, [e for e in events if e.seq <= seq]).state
    first = begin(game_id, events[0])
    if len(events) > 1:
        return advance(first, events[1:], complete, look_back=look_back)
    return settle_alone(first) if complete else first


def settle_alone(folded: Folded) -> Folded:
    """A game whose last append is folded but not yet settled (its creating event alone, say): who owes
    a decision from then on."""
    module = folded.module
    result = outcome_of(module, folded.state, folded.facts)
    owing_now = owing_of(module, folded.state, folded.facts, result)
    moment = clock.parse_time(folded.last_at)
    owing = {seat: folded.owing_since.get(seat, moment) for seat in owing_now}
    began = {**folded.began_owing, **{seat: folded.seq for seat in owing_now - set(folded.owing_since)}}
    banks = dict(folded.banks)
    if clock.is_fischer(folded.clock):  # as `advance` settles: the turns that ended update their banks
        for seat, since in folded.owing_since.items():
            if seat not in owing:
                banks[seat] = clock.bank_after_turn(folded.clock, banks.get(seat), since, moment, folded.vacations, seat)
    return replace(folded, owing_since=owing, timed_out=folded.timed_out & frozenset(owing), outcome=result,
                   to_move=owing_now, began_owing=began, banks=banks, batch_open=False)
