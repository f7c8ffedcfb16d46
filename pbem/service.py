"""The verbs of the server: create a game, play a move, resign, change a seat's settings, take a
vacation, time out a seat, read a game as a seat sees it, audit it, rebuild the projections.

Follows `shared/specs/architecture.md` sections 1 to 5 and 8. Every verb loads the game's events, folds
them through the game's reducer, decides, and appends the new events together with the projection rows
and the notices they cause (the outbox) in one transaction. Pages, the JSON API, the CLI, e-mail
replies and the scheduler all call these functions; none of them touches SQL or rules directly.

Time comes in from the caller (`now`), randomness from `pbem.chance`.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from types import ModuleType
from typing import Any, Sequence

from . import chance as chance_mod
from . import clock, store
from .games import UnknownGame, get_game
from .games.base import (Event, GameError, IllegalMove, InvalidMove, InvalidOptions, NotYourTurn, Outcome,
                         StaleMove)
from .recent import Recent
from .site import Site

# Events the platform writes; the game's reducer never sees them.
GAME_CREATED = "game_created"
SEED_REVEALED = "seed_revealed"
SETTINGS_CHANGED = "seat_settings_changed"
VACATION_STARTED = "vacation_started"
VACATION_ENDED = "vacation_ended"
TURN_TIMED_OUT = "turn_timed_out"
PLATFORM_EVENTS = frozenset({GAME_CREATED, SEED_REVEALED, SETTINGS_CHANGED, VACATION_STARTED, VACATION_ENDED,
                             TURN_TIMED_OUT})

MAX_NAME = 40
MAX_EMAIL = 254
MAX_MOVE = 500
APPEND_ATTEMPTS = 8
EMAIL = re.compile(r"^[^@\s<>,;\"]+@[^@\s<>,;\"]+\.[^@\s<>,;\"]+$")


# --- errors the shell maps to HTTP status codes --------------------------------------------------------


class ServiceError(Exception):
    status = 400


class BadRequest(ServiceError):
    status = 400


class Unauthorized(ServiceError):
    status = 401


class Forbidden(ServiceError):
    status = 403


class GameNotFound(ServiceError):
    status = 404


class Busy(ServiceError):
    status = 503


def status_of(error: Exception) -> int:
    """The HTTP status for any error a verb raises (section 6 of the architecture)."""
    if isinstance(error, ServiceError):
        return error.status
    if isinstance(error, StaleMove):
        return 409
    if isinstance(error, NotYourTurn):
        return 403
    if isinstance(error, (GameError, UnknownGame)):
        return 422
    raise error


def utcnow() -> str:
    return clock.format_time(datetime.now(timezone.utc))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# --- loading and folding ----------------------------------------------------------------------------


@dataclass
class Loaded:
    """A game as read from the log: its module, events, the state after the last one, and what the
    platform's own events say (seat settings, vacations, when each seat began to owe a decision)."""

    id: str
    module: ModuleType
    events: list[store.StoredEvent]
    state: Any
    settings: list[dict] = field(default_factory=list)
    vacations: list[clock.Vacation] = field(default_factory=list)
    owing_since: dict[int, datetime] = field(default_factory=dict)
    timed_out: set[int] = field(default_factory=set)

    @property
    def created(self) -> dict:
        return self.events[0].data

    @property
    def seq(self) -> int:
        return self.events[-1].seq

    @property
    def seat_count(self) -> int:
        return self.created["seat_count"]

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.created["seats"]]

    @property
    def clock(self) -> dict:
        return self.created.get("clock") or {}

    @property
    def outcome(self) -> Outcome | None:
        return self.module.outcome(self.state)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def to_move(self) -> frozenset[int]:
        return self.module.to_move(self.state)

    def state_at(self, seq: int) -> Any:
        return fold(self.module, self.events[:seq])

    def deadline(self, seat: int, now: datetime | None = None) -> datetime | None:
        if seat not in self.owing_since:
            return None
        now = now or datetime.now(timezone.utc)
        return clock.deadline(self.clock, self.owing_since[seat], self.vacations, seat, now)

    def earliest_deadline(self, now: datetime | None = None) -> datetime | None:
        times = [d for d in (self.deadline(s, now) for s in self.owing_since) if d is not None]
        return min(times) if times else None


def game_event(stored: store.StoredEvent) -> Event:
    return Event(stored.type, stored.data, stored.actor)


def fold(module: ModuleType, events: Sequence[store.StoredEvent]) -> Any:
    """The state after the given events; the first must be the game's `game_created`."""
    created = events[0].data
    state = module.initial_state(created["seat_count"], created["options"])
    for stored in events[1:]:
        if stored.type not in PLATFORM_EVENTS:
            state = module.evolve(state, game_event(stored))
    return state


def initial_settings(created: dict) -> list[dict]:
    return [{"seat": s["seat"], "name": s["name"], "email": s["email"], "webhook": s["webhook"],
             "email_on": bool(s["email"]), "digest": False} for s in created["seats"]]


def assemble(game_id: str, module: ModuleType, events: list[store.StoredEvent]) -> Loaded:
    """Fold the whole log once, keeping the platform's own facts as they go by."""
    created = events[0].data
    start = Loaded(game_id, module, [], module.initial_state(created["seat_count"], created["options"]),
                   initial_settings(created))
    return advance(start, events)


def advance(loaded: Loaded, events: Sequence[store.StoredEvent]) -> Loaded:
    """`loaded` with these later events folded in; a new Loaded (the old one may be shared, so nothing
    of it is changed in place)."""
    module = loaded.module
    state = loaded.state
    settings = [dict(s) for s in loaded.settings]
    vacations = list(loaded.vacations)
    owing = dict(loaded.owing_since)
    timed_out = set(loaded.timed_out)
    for stored in events:
        if stored.type == GAME_CREATED:
            pass  # the initial state
        elif stored.type == SETTINGS_CHANGED:
            seat = stored.data["seat"]
            settings[seat] = {**settings[seat], **{k: v for k, v in stored.data.items() if k != "seat"}}
        elif stored.type == VACATION_STARTED:
            vacations.append(clock.Vacation(stored.data["seat"], clock.parse_time(stored.at), None))
        elif stored.type == VACATION_ENDED:
            vacations = [clock.Vacation(v.seat, v.start, clock.parse_time(stored.at))
                         if v.seat == stored.data["seat"] and v.end is None else v for v in vacations]
        elif stored.type == TURN_TIMED_OUT:
            timed_out.add(stored.data["seat"])
        elif stored.type not in PLATFORM_EVENTS:
            state = module.evolve(state, game_event(stored))
        # A seat's clock runs from the event after which it began to owe a decision, without a break.
        owing_now = module.to_move(state) if module.outcome(state) is None else frozenset()
        moment = clock.parse_time(stored.at)
        owing = {seat: owing.get(seat, moment) for seat in owing_now}
        timed_out &= set(owing)
    return Loaded(loaded.id, module, loaded.events + list(events), state, settings, vacations, owing, timed_out)


RECENTLY_LOADED: Recent[Loaded] = Recent(size=64)


def load(db, game_id: str) -> Loaded:
    """The game as its log stands now. A game loaded lately is picked up where it was left, reading and
    folding only the newer events; the hash of the last event it had must still be in the log at that seq
    (the chain covers everything before it), or the whole log is read again."""
    key = (database_file(db), game_id)
    known = RECENTLY_LOADED.get(key)
    if known is not None:
        newer = store.read_events_after(db, game_id, known.seq - 1)
        if newer and newer[0].hash == known.events[-1].hash:
            loaded = advance(known, newer[1:]) if len(newer) > 1 else known
            RECENTLY_LOADED.put(key, loaded)
            return loaded
    events = store.read_events(db, game_id)
    if not events:
        raise GameNotFound(f"no game {game_id!r} here")
    loaded = assemble(game_id, get_game(events[0].data["game"]), events)
    RECENTLY_LOADED.put(key, loaded)
    return loaded


def database_file(db) -> str:
    return db.execute("pragma database_list").fetchone()[2]


def seat_of(loaded: Loaded, token: str | None) -> int:
    """The seat a token opens in this game; 401 without a token, 403 with a token of no seat here."""
    if not token:
        raise Unauthorized("this needs a seat token: Authorization: Bearer <token>")
    digest = hash_token(token)
    for seat in loaded.created["seats"]:
        if secrets.compare_digest(seat["token_sha256"], digest):
            return seat["seat"]
    raise Forbidden("that token is not a seat of this game")


def find_seat(db, token: str) -> tuple[str, int]:
    """The (game id, seat) a seat link's token opens, from the seats projection."""
    row = store.seat_by_token_hash(db, hash_token(token))
    if row is None:
        raise GameNotFound("no seat has that link; check it was copied whole")
    return row["game_id"], row["seat"]


# --- creating a game ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Created:
    id: str
    game: str
    tokens: tuple[str, ...]
    names: tuple[str, ...]


def clean_player(index: int, player: dict, site: Site) -> dict:
    name = str(player.get("name") or "").strip()
    if not name:
        raise InvalidOptions(f"player {index + 1} needs a name")
    if len(name) > MAX_NAME or any(ord(ch) < 32 for ch in name):
        raise InvalidOptions(f"player {index + 1}'s name must be at most {MAX_NAME} printable characters")
    email = (player.get("email") or "").strip() or None
    if email is not None and (len(email) > MAX_EMAIL or not EMAIL.match(email)):
        raise InvalidOptions(f"player {index + 1}'s e-mail address {email!r} is not valid")
    webhook = (player.get("webhook") or "").strip() or None
    if webhook is not None:
        check_webhook(webhook, site)
    return {"name": name, "email": email, "webhook": webhook}


def check_webhook(url: str, site: Site) -> None:
    from .notify.webhook import WebhookRefused, check_url

    try:
        check_url(url, allow_private=site.allow_private_webhooks)
    except WebhookRefused as error:
        raise InvalidOptions(f"webhook: {error}") from None


def split_options(options: dict | None) -> tuple[dict, dict]:
    """The platform's clock options apart from the game's own."""
    options = dict(options or {})
    clock_options = {k: options.pop(k) for k in list(options) if k in clock.CLOCK_OPTIONS}
    return options, clock_options


def create_game(db, site: Site, game_name: str, players: Sequence[dict], options: dict | None = None,
                now: str | None = None) -> Created:
    module = get_game(game_name)
    low, high = module.PLAYERS
    if not low <= len(players) <= high:
        raise InvalidOptions(f"{module.TITLE} takes {low} to {high} players, not {len(players)}")
    cleaned = [clean_player(i, p, site) for i, p in enumerate(players)]
    game_options, clock_options = split_options(options)
    resolved = module.resolve_options(len(cleaned), game_options)
    clock_settings = clock.resolve_clock(clock_options)
    now = now or utcnow()
    seed = chance_mod.new_seed()
    game_id = secrets.token_hex(6)  # lower case: it travels in reply addresses, whose case mail may fold
    tokens = tuple(site.seat_token(game_id, i) for i in range(len(cleaned)))
    seats = [{"seat": i, **player, "token_sha256": hash_token(tokens[i])} for i, player in enumerate(cleaned)]
    created = store.NewEvent(GAME_CREATED, "admin", {
        "game": module.NAME, "seat_count": len(cleaned), "options": resolved, "clock": clock_settings,
        "seats": seats, "commitment": chance_mod.commitment(seed),
    })
    state = module.initial_state(len(cleaned), resolved)
    started = [to_new(e) for e in module.start(state, chance_mod.SeededChance(seed, 1))]
    events = [created, *started]
    events += reveal_if_over(module, fold_new(module, state, started), seed)
    command = {"verb": "create"}
    after = assemble(game_id, module, provisional(game_id, 0, events, command, now))
    store.append(db, game_id, 0, events, command, now, salts_for(seed, 1, len(events)), seed=seed,
                 projection=projection_row(after, now), seats=seat_rows(after),
                 outbox=notices(site, None, after, command, now))
    return Created(game_id, module.NAME, tokens, tuple(p["name"] for p in cleaned))


def provisional(game_id: str, last: int, events: Sequence[store.NewEvent], command: dict, now: str,
                before: Sequence[store.StoredEvent] = ()) -> list[store.StoredEvent]:
    """The log as it will read once these events are appended (without hashes), to compute the
    projection and the notices that commit with them."""
    return [*before, *(store.StoredEvent(game_id, last + 1 + i, e.type, e.actor, store_roundtrip(e.data), now, "",
                                         command if i == 0 else None) for i, e in enumerate(events))]


def to_new(event: Event) -> store.NewEvent:
    return store.NewEvent(event.type, event.actor, dict(event.data))


def fold_new(module: ModuleType, state: Any, events: Sequence[store.NewEvent]) -> Any:
    for event in events:
        if event.type not in PLATFORM_EVENTS:
            state = module.evolve(state, Event(event.type, store_roundtrip(event.data), event.actor))
    return state


def store_roundtrip(data: dict) -> dict:
    """Data exactly as the store will hand it back (through canonical JSON)."""
    return json.loads(store.canonical_json(data))


def salts_for(seed: bytes, first_seq: int, count: int) -> list[str]:
    return [chance_mod.event_salt(seed, first_seq + i) for i in range(count)]


def reveal_if_over(module: ModuleType, state: Any, seed: bytes) -> list[store.NewEvent]:
    if module.outcome(state) is None:
        return []
    return [store.NewEvent(SEED_REVEALED, "rules", {"seed": seed.hex()})]


def projection_row(loaded: Loaded, now: str) -> dict:
    """The `games` row for a game as loaded."""
    result = loaded.outcome
    deadline = loaded.earliest_deadline(clock.parse_time(now))
    return {
        "id": loaded.id, "game": loaded.module.NAME,
        "status": "finished" if result is not None else "active",
        "seq": loaded.seq,
        "to_move": json.dumps(sorted(loaded.to_move) if result is None else []),
        "deadline": clock.format_time(deadline) if deadline else None,
        "created": loaded.events[0].at, "updated": now, "seat_count": loaded.seat_count,
        "outcome": json.dumps(result.to_json()) if result is not None else None,
    }


def seat_rows(loaded: Loaded) -> list[dict]:
    tokens = {s["seat"]: s["token_sha256"] for s in loaded.created["seats"]}
    return [{"game_id": loaded.id, "seat": s["seat"], "name": s["name"], "email": s["email"],
             "webhook": s["webhook"], "token_hash": tokens[s["seat"]], "email_on": int(s["email_on"]),
             "digest": int(s["digest"])} for s in loaded.settings]


def notices(site: Site | None, before: Loaded | None, after: Loaded, command: dict, now: str) -> list[dict]:
    if site is None:
        return []
    from .notify import compose

    return compose.notices_for(site, before, after, command, now)


# --- acting on a game ---------------------------------------------------------------------------------


def run_command(module: ModuleType, state: Any, command: dict, chance) -> list[Event]:
    """The events one command produces: the same function serves play and `verify`'s replay."""
    verb = command["verb"]
    if verb == "move":
        return module.decide(state, command["seat"], command["move"], chance)
    if verb == "resign":
        return module.resign(state, command["seat"], chance)
    if verb == "timeout":
        seat, action = command["seat"], command["action"]
        events = [Event(TURN_TIMED_OUT, {"seat": seat, "action": action}, "clock")]
        if action == "skip":
            events += module.decide(state, seat, module.timeout_move(state, seat), chance)
        elif action == "forfeit":
            events += module.resign(state, seat, chance)
        return events
    if verb == "settings":
        return [Event(SETTINGS_CHANGED, {"seat": command["seat"], **command["settings"]}, str(command["seat"]))]
    if verb in ("vacation_start", "vacation_end"):
        kind = VACATION_STARTED if verb == "vacation_start" else VACATION_ENDED
        return [Event(kind, {"seat": command["seat"]}, str(command["seat"]))]
    raise ValueError(f"unknown command verb {verb!r}")


@dataclass(frozen=True)
class Played:
    seq: int
    events: list[store.StoredEvent]
    loaded: Loaded


def submit_move(db, site: Site | None, game_id: str, token: str | None, move: str, seen_seq: int | None,
                now: str | None = None) -> Played:
    """Play a move for the token's seat, judged against the current state; see section 4 for staleness."""
    def seat_for(loaded):
        return seat_of(loaded, token)

    return play_as(db, site, game_id, seat_for, move, seen_seq, now)


def play_as(db, site: Site | None, game_id: str, seat_for, move: str, seen_seq: int | None,
            now: str | None = None, via: str = "web", answer=None) -> Played:
    """Play a move for the seat that `seat_for(loaded)` names (a bearer token, or a signed reply
    address); a lost race re-reads the log and judges the move again."""
    if not isinstance(move, str) or not move.strip():
        raise BadRequest("the move is missing: send the move in the game's notation")
    if len(move) > MAX_MOVE:
        raise BadRequest(f"a move is at most {MAX_MOVE} characters")
    if seen_seq is None or isinstance(seen_seq, bool) or not isinstance(seen_seq, int):
        raise BadRequest("seq is missing: send the seq of the position you saw")
    move = " ".join(move.split())
    for _ in range(APPEND_ATTEMPTS):
        loaded = load(db, game_id)
        seat = seat_for(loaded)
        check_fresh(loaded, seat, seen_seq)
        command = {"verb": "move", "seat": seat, "move": move}
        if via != "web":
            command["via"] = via
        try:
            return append_command(db, site, loaded, command, now or utcnow(), answer)
        except store.Conflict:
            continue  # someone appended first: re-read, judge staleness again, decide again
    raise Busy("the game is too busy right now; try again")


def check_fresh(loaded: Loaded, seat: int, seen_seq: int) -> None:
    if seen_seq < 1 or seen_seq > loaded.seq:
        raise BadRequest(f"seq {seen_seq} is not a position of this game (it is at seq {loaded.seq})")
    now_legal = loaded.module.legal_moves(loaded.state, seat)
    if seen_seq < loaded.seq:
        then_legal = loaded.module.legal_moves(loaded.state_at(seen_seq), seat)
        if then_legal != now_legal:
            raise StaleMove(f"the game moved on since seq {seen_seq} (it is at seq {loaded.seq}); "
                            "look at the position again and choose anew")
    if not now_legal:
        if loaded.finished:
            raise Forbidden("the game is over")
        raise Forbidden("you have no move to make now: it is not your turn")


def act(db, site: Site | None, game_id: str, token: str | None, make_command, now: str | None = None) -> Played:
    """Run a seat's non-move command (resign, settings, vacation) with the same retry on a lost race."""
    for _ in range(APPEND_ATTEMPTS):
        loaded = load(db, game_id)
        seat = seat_of(loaded, token)
        command = make_command(loaded, seat)
        try:
            return append_command(db, site, loaded, command, now or utcnow())
        except store.Conflict:
            continue
    raise Busy("the game is too busy right now; try again")


def resign(db, site: Site | None, game_id: str, token: str | None, now: str | None = None) -> Played:
    def command(loaded, seat):
        if loaded.finished:
            raise Forbidden("the game is over")
        return {"verb": "resign", "seat": seat}  # the game refuses a seat that has already left

    return act(db, site, game_id, token, command, now)


def change_settings(db, site: Site, game_id: str, token: str | None, email_on: bool, digest: bool,
                    webhook: str | None, now: str | None = None) -> Played:
    webhook = (webhook or "").strip() or None
    if webhook is not None:
        check_webhook(webhook, site)

    def command(loaded, seat):
        return {"verb": "settings", "seat": seat,
                "settings": {"email_on": bool(email_on), "digest": bool(digest), "webhook": webhook}}

    return act(db, site, game_id, token, command, now)


def start_vacation(db, site: Site | None, game_id: str, token: str | None, now: str | None = None) -> Played:
    now = now or utcnow()

    def command(loaded, seat):
        if loaded.finished:
            raise Forbidden("the game is over")
        if clock.on_vacation(loaded.vacations, seat):
            raise Forbidden("you are already on vacation")
        used = clock.vacation_used(loaded.vacations, seat, clock.parse_time(now))
        if used >= timedelta(days=loaded.clock.get("vacation_days", clock.DEFAULT_VACATION_DAYS)):
            raise Forbidden("you have used all your vacation for this year")
        return {"verb": "vacation_start", "seat": seat}

    return act(db, site, game_id, token, command, now)


def end_vacation(db, site: Site | None, game_id: str, token: str | None, now: str | None = None) -> Played:
    def command(loaded, seat):
        if not clock.on_vacation(loaded.vacations, seat):
            raise Forbidden("you are not on vacation")
        return {"verb": "vacation_end", "seat": seat}

    return act(db, site, game_id, token, command, now)


def time_out(db, site: Site | None, game_id: str, seat: int, now: str) -> Played | None:
    """The clock's verb: record that a seat's time ran out and act as the game's options say. Returns
    None when there is nothing to do any more (the seat moved meanwhile, or it already timed out)."""
    for _ in range(APPEND_ATTEMPTS):
        loaded = load(db, game_id)
        if loaded.finished or seat not in loaded.owing_since or seat in loaded.timed_out:
            return None
        limit = loaded.deadline(seat, clock.parse_time(now))
        if limit is None or clock.parse_time(now) < limit:
            return None
        action = loaded.clock.get("on_timeout", "remind")
        if action == "skip" and loaded.module.timeout_move(loaded.state, seat) is None:
            action = "remind"  # the rules allow no pass here: keep reminding instead
        try:
            return append_command(db, site, loaded, {"verb": "timeout", "seat": seat, "action": action}, now)
        except store.Conflict:
            continue
    raise Busy("the game is too busy right now")


def append_command(db, site: Site | None, loaded: Loaded, command: dict, now: str, answer=None) -> Played:
    """Decide, then append the events with the projection rows and the notices, in one transaction.
    `answer(after)` may add notices of its own (the reply to a move sent by e-mail)."""
    seed = store.read_seed(db, loaded.id)
    batch = loaded.seq + 1
    produced = [to_new(e) for e in run_command(loaded.module, loaded.state, command,
                                                chance_mod.SeededChance(seed, batch))]
    if not produced:
        raise Forbidden("that changes nothing now")
    produced += reveal_if_over(loaded.module, fold_new(loaded.module, loaded.state, produced), seed) \
        if not loaded.finished else []
    after = assemble(loaded.id, loaded.module, provisional(loaded.id, loaded.seq, produced, command, now, loaded.events))
    written = store.append(db, loaded.id, loaded.seq, produced, command, now,
                           salts_for(seed, batch, len(produced)), projection=projection_row(after, now),
                           seats=seat_rows(after) if command["verb"] == "settings" else (),
                           outbox=notices(site, loaded, after, command, now) + (answer(after) if answer else []))
    after.events = [*loaded.events, *written]
    return Played(after.seq, written, after)


# --- reading a game as a seat sees it -------------------------------------------------------------------


def public_event(loaded: Loaded, event: store.StoredEvent, seat: int | None) -> dict:
    """One event as that seat (None: a spectator) may see it, on every channel."""
    if event.type == GAME_CREATED:
        options = dict(event.data["options"])
        if "position" in options and options["position"] is not None and not loaded.finished:
            options["position"] = "(shown when the game ends)"
        data = {"game": event.data["game"], "seat_count": event.data["seat_count"], "options": options,
                "clock": event.data.get("clock"),
                "seats": [{"seat": s["seat"], "name": s["name"]} for s in event.data["seats"]],
                "commitment": event.data["commitment"]}
    elif event.type == SETTINGS_CHANGED:
        data = {"seat": event.data["seat"]}  # addresses and webhooks are nobody else's business
    elif event.type in PLATFORM_EVENTS or loaded.finished:
        data = event.data
    else:
        data = loaded.module.redact(game_event(event), seat)
    return {"seq": event.seq, "type": event.type, "actor": event.actor, "at": event.at, "data": data,
            "hash": event.hash}


def game_view(loaded: Loaded, seat: int | None, at: int | None = None, now: datetime | None = None) -> dict:
    """The JSON shape of GET /api/games/<id>, optionally as the game stood right after event `at`."""
    if at is None:
        state, seq = loaded.state, loaded.seq
    else:
        if not 1 <= at <= loaded.seq:
            raise BadRequest(f"at must be between 1 and {loaded.seq}")
        state, seq = loaded.state_at(at), at
    module = loaded.module
    result = module.outcome(state)
    legal = module.legal_moves(state, seat) if seat is not None and at is None else []
    deadline = None
    if at is None and result is None:
        deadline = loaded.deadline(seat, now) if seat in loaded.owing_since else \
            (loaded.earliest_deadline(now) if seat is None else None)
    return {
        "id": loaded.id, "game": module.NAME,
        "status": "finished" if result is not None else "active",
        "seq": seq,
        "to_move": sorted(module.to_move(state)) if result is None else [],
        "you": seat,
        "legal": legal,
        "view": module.view(state, seat),
        "outcome": result.to_json() if result is not None else None,
        "deadline": clock.format_time(deadline) if deadline else None,
    }


def events_since(loaded: Loaded, seat: int | None, since: int = 0) -> list[dict]:
    return [public_event(loaded, e, seat) for e in loaded.events if e.seq > since]


# --- audit ------------------------------------------------------------------------------------------


def verify(db, game_id: str) -> dict:
    """Check the hash chain, the seed against its commitment, and re-run every command from the seed:
    each recorded event must be exactly what the rules and the seed produce."""
    events = store.read_events(db, game_id)
    if not events:
        raise GameNotFound(f"no game {game_id!r} here")
    seed = store.read_seed(db, game_id)
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
        problems += replay_problems(events, seed)
    return {"ok": not problems, "problems": problems,
            "seed": revealed.data["seed"] if revealed is not None else None,
            "events": len(events)}


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


def replay_problems(events: Sequence[store.StoredEvent], seed: bytes) -> list[str]:
    """Re-run each command and compare the game events it produces with those recorded."""
    problems = []
    created = events[0].data
    module = get_game(created["game"])
    batches: list[list[store.StoredEvent]] = []
    for event in events:
        if event.command is not None:
            batches.append([event])
        elif batches:
            batches[-1].append(event)
        else:
            return ["event 1 carries no command"]
    state = module.initial_state(created["seat_count"], created["options"])
    for batch in batches:
        head = batch[0]
        recorded = [e for e in batch if e.type not in PLATFORM_EVENTS]
        chance = chance_mod.SeededChance(seed, head.seq)
        try:
            if head.command["verb"] == "create":
                produced = module.start(state, chance)
            else:
                produced = run_command(module, state, head.command, chance)
        except GameError as error:
            problems.append(f"event {head.seq}: the command {head.command} is refused by the rules: {error}")
            break
        got = [(e.type, e.actor, store_roundtrip(dict(e.data))) for e in produced if e.type not in PLATFORM_EVENTS]
        want = [(e.type, e.actor, e.data) for e in recorded]
        if got != want:
            problems.append(f"events {head.seq}-{batch[-1].seq}: recorded {want} but the rules and seed give {got}")
            break
        for event in recorded:
            state = module.evolve(state, game_event(event))
    return problems


# --- the whole store -----------------------------------------------------------------------------------


def rebuild(db) -> int:
    """Drop the projections and recreate them from the events alone. Returns the number of games."""
    store.drop_projections(db)
    store.create_projections(db)
    count = 0
    for game_id in store.game_ids(db):
        loaded = load(db, game_id)
        store.write_projection_now(db, projection_row(loaded, loaded.events[-1].at), seat_rows(loaded))
        count += 1
    return count


def active_games_with_clock(db) -> list[str]:
    return [row["id"] for row in db.query(
        "select id from games where status = 'active' and deadline is not null order by deadline")]
