"""The verbs of the server: create a game, play a move, resign, read a game as a seat sees it, audit it.

Follows `shared/specs/architecture.md` sections 1 to 5. Every verb loads the game's events, folds them
through the game's reducer, decides, and appends the new events with the projections in one
transaction. Pages, the JSON API, the CLI and (later) e-mail replies all call these functions; none of
them touches SQL or rules directly.

Time and randomness come in from the caller (`now`) or from `pbem.chance`, so the verbs are
deterministic given their inputs apart from the new game's id, tokens and seed.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timezone
from types import ModuleType
from typing import Any, Sequence

from . import chance as chance_mod
from . import store
from .games import UnknownGame, get_game
from .games.base import (Event, GameError, IllegalMove, InvalidMove, InvalidOptions, NotYourTurn, Outcome,
                         StaleMove)

# Events the platform writes; the game's reducer never sees them.
GAME_CREATED = "game_created"
SEED_REVEALED = "seed_revealed"
PLATFORM_EVENTS = frozenset({GAME_CREATED, SEED_REVEALED})

MAX_NAME = 40
MAX_EMAIL = 254
MAX_MOVE = 500
APPEND_ATTEMPTS = 8
_EMAIL = re.compile(r"^[^@\s<>,;\"]+@[^@\s<>,;\"]+\.[^@\s<>,;\"]+$")


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


def status_of(error: Exception) -> int:
    """The HTTP status for any error a verb raises (section 6 of the architecture)."""
    if isinstance(error, ServiceError):
        return error.status
    if isinstance(error, StaleMove):
        return 409
    if isinstance(error, NotYourTurn):
        return 403
    if isinstance(error, (InvalidMove, IllegalMove, InvalidOptions, UnknownGame)):
        return 422
    if isinstance(error, GameError):
        return 422
    raise error


def utcnow() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# --- loading and folding ----------------------------------------------------------------------------


@dataclass
class Loaded:
    """A game as read from the log: its module, events and the state after the last one."""

    id: str
    module: ModuleType
    events: list[store.StoredEvent]
    state: Any
    seats: list[dict] = field(default_factory=list)

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
    def outcome(self) -> Outcome | None:
        return self.module.outcome(self.state)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def state_at(self, seq: int) -> Any:
        return fold(self.module, self.events[:seq])


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


def load(db, game_id: str) -> Loaded:
    events = store.read_events(db, game_id)
    if not events:
        raise GameNotFound(f"no game {game_id!r} here")
    module = get_game(events[0].data["game"])
    return Loaded(game_id, module, events, fold(module, events), store.seats_of(db, game_id))


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


def clean_player(index: int, player: dict) -> dict:
    name = str(player.get("name") or "").strip()
    if not name:
        raise InvalidOptions(f"player {index + 1} needs a name")
    if len(name) > MAX_NAME or any(ord(ch) < 32 for ch in name):
        raise InvalidOptions(f"player {index + 1}'s name must be at most {MAX_NAME} printable characters")
    email = (player.get("email") or "").strip() or None
    if email is not None and (len(email) > MAX_EMAIL or not _EMAIL.match(email)):
        raise InvalidOptions(f"player {index + 1}'s e-mail address {email!r} is not valid")
    webhook = (player.get("webhook") or "").strip() or None
    if webhook is not None and not re.match(r"^https?://[^\s]+$", webhook):
        raise InvalidOptions(f"player {index + 1}'s webhook must be an http:// or https:// URL")
    return {"name": name, "email": email, "webhook": webhook}


def create_game(db, game_name: str, players: Sequence[dict], options: dict | None = None,
                now: str | None = None) -> Created:
    module = get_game(game_name)
    low, high = module.PLAYERS
    if not low <= len(players) <= high:
        raise InvalidOptions(f"{module.TITLE} takes {low} to {high} players, not {len(players)}")
    cleaned = [clean_player(i, p) for i, p in enumerate(players)]
    resolved = module.resolve_options(len(cleaned), options or {})
    now = now or utcnow()
    seed = chance_mod.new_seed()
    tokens = tuple(secrets.token_urlsafe(24) for _ in cleaned)  # 192 random bits each
    seats = [{"seat": i, **player, "token_sha256": hash_token(tokens[i])} for i, player in enumerate(cleaned)]
    created = store.NewEvent(GAME_CREATED, "admin", {
        "game": module.NAME, "seat_count": len(cleaned), "options": resolved, "seats": seats,
        "commitment": chance_mod.commitment(seed),
    })
    state = module.initial_state(len(cleaned), resolved)
    started = [to_new(e) for e in module.start(state, chance_mod.SeededChance(seed, 1))]
    game_id = secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")
    events = [created, *started]
    after = fold_new(module, state, started)
    events += reveal_if_over(module, after, seed)
    projection = projection_row(game_id, module, after, len(events), now, now, len(cleaned))
    seat_projection = [{"game_id": game_id, "seat": s["seat"], "name": s["name"], "email": s["email"],
                        "webhook": s["webhook"], "token_hash": s["token_sha256"]} for s in seats]
    store.append(db, game_id, 0, events, {"verb": "create"}, now, salts_for(seed, 1, len(events)),
                 projection=projection, seats=seat_projection, seed=seed)
    return Created(game_id, module.NAME, tokens, tuple(p["name"] for p in cleaned))


def to_new(event: Event) -> store.NewEvent:
    return store.NewEvent(event.type, event.actor, dict(event.data))


def fold_new(module: ModuleType, state: Any, events: Sequence[store.NewEvent]) -> Any:
    for event in events:
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


def projection_row(game_id: str, module: ModuleType, state: Any, seq: int, created: str, now: str,
                   seat_count: int) -> dict:
    """The `games` row for a game whose log ends at seq with that state."""
    result = module.outcome(state)
    return {
        "id": game_id, "game": module.NAME,
        "status": "finished" if result is not None else "active",
        "seq": seq,
        "to_move": json.dumps(sorted(module.to_move(state))),
        "deadline": None,
        "created": created, "updated": now, "seat_count": seat_count,
        "outcome": json.dumps(result.to_json()) if result is not None else None,
    }


def seat_rows(loaded: Loaded) -> list[dict]:
    return [{"game_id": loaded.id, "seat": s["seat"], "name": s["name"], "email": s["email"],
             "webhook": s["webhook"], "token_hash": s["token_sha256"]} for s in loaded.created["seats"]]


# --- acting on a game ---------------------------------------------------------------------------------


def run_command(module: ModuleType, state: Any, command: dict, chance) -> list[Event]:
    """The game events one command produces: the same function serves play and `verify`'s replay."""
    verb = command["verb"]
    if verb == "move":
        return module.decide(state, command["seat"], command["move"], chance)
    if verb == "resign":
        return module.resign(state, command["seat"])
    raise ValueError(f"unknown command verb {verb!r}")


@dataclass(frozen=True)
class Played:
    seq: int
    events: list[store.StoredEvent]
    loaded: Loaded


def submit_move(db, game_id: str, token: str | None, move: str, seen_seq: int | None,
                now: str | None = None) -> Played:
    """Play a move for the token's seat, judged against the current state; see section 4 for staleness."""
    if not isinstance(move, str) or not move.strip():
        raise BadRequest("the move is missing: send the move in the game's notation")
    if len(move) > MAX_MOVE:
        raise BadRequest(f"a move is at most {MAX_MOVE} characters")
    if seen_seq is None or isinstance(seen_seq, bool) or not isinstance(seen_seq, int):
        raise BadRequest("seq is missing: send the seq of the position you saw")
    move = " ".join(move.split())
    for _ in range(APPEND_ATTEMPTS):
        loaded = load(db, game_id)
        seat = seat_of(loaded, token)
        check_fresh(loaded, seat, seen_seq)
        command = {"verb": "move", "seat": seat, "move": move}
        try:
            return append_command(db, loaded, command, now or utcnow())
        except store.Conflict:
            continue  # someone appended first: re-read, judge staleness again, decide again
    raise ServiceError("the game is too busy right now; try again")


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


def resign(db, game_id: str, token: str | None, now: str | None = None) -> Played:
    for _ in range(APPEND_ATTEMPTS):
        loaded = load(db, game_id)
        seat = seat_of(loaded, token)
        if loaded.finished:
            raise Forbidden("the game is over")
        try:
            return append_command(db, loaded, {"verb": "resign", "seat": seat}, now or utcnow())
        except store.Conflict:
            continue
    raise ServiceError("the game is too busy right now; try again")


def append_command(db, loaded: Loaded, command: dict, now: str) -> Played:
    seed = store.read_seed(db, loaded.id)
    batch = loaded.seq + 1
    produced = [to_new(e) for e in run_command(loaded.module, loaded.state, command,
                                                chance_mod.SeededChance(seed, batch))]
    after = fold_new(loaded.module, loaded.state, produced)
    produced += reveal_if_over(loaded.module, after, seed)
    projection = projection_row(loaded.id, loaded.module, after, loaded.seq + len(produced),
                                loaded.events[0].at, now, loaded.seat_count)
    written = store.append(db, loaded.id, loaded.seq, produced, command, now,
                           salts_for(seed, batch, len(produced)), projection=projection)
    final = Loaded(loaded.id, loaded.module, [*loaded.events, *written], after, loaded.seats)
    return Played(final.seq, written, final)


# --- reading a game as a seat sees it -------------------------------------------------------------------


def public_event(loaded: Loaded, event: store.StoredEvent, seat: int | None) -> dict:
    """One event as that seat (None: a spectator) may see it, on every channel."""
    if event.type == GAME_CREATED:
        options = dict(event.data["options"])
        if "position" in options and options["position"] is not None and not loaded.finished:
            options["position"] = "(shown when the game ends)"
        data = {"game": event.data["game"], "seat_count": event.data["seat_count"], "options": options,
                "seats": [{"seat": s["seat"], "name": s["name"]} for s in event.data["seats"]],
                "commitment": event.data["commitment"]}
    elif event.type in PLATFORM_EVENTS or loaded.finished:
        data = event.data
    else:
        data = loaded.module.redact(game_event(event), seat)
    return {"seq": event.seq, "type": event.type, "actor": event.actor, "at": event.at, "data": data,
            "hash": event.hash}


def game_view(loaded: Loaded, seat: int | None, at: int | None = None) -> dict:
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
    return {
        "id": loaded.id, "game": module.NAME,
        "status": "finished" if result is not None else "active",
        "seq": seq,
        "to_move": sorted(module.to_move(state)),
        "you": seat,
        "legal": legal,
        "view": module.view(state, seat),
        "outcome": result.to_json() if result is not None else None,
        "deadline": None,
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
        problems.append("event 1 is not game_created")
        return {"ok": False, "problems": problems, "seed": None}
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
    """Re-run each command and compare what it produces with what was recorded."""
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
        got = [(e.type, e.actor, store_roundtrip(dict(e.data))) for e in produced]
        want = [(e.type, e.actor, e.data) for e in recorded]
        if got != want:
            problems.append(f"events {head.seq}-{batch[-1].seq}: recorded {want} but the rules and seed give {got}")
            break
        for event in recorded:
            state = module.evolve(state, game_event(event))
    return problems


# --- the whole store -----------------------------------------------------------------------------------


def rebuild(db, now: str | None = None) -> int:
    """Drop the projections and recreate them from the events alone. Returns the number of games."""
    now = now or utcnow()
    store.drop_projections(db)
    store.create_projections(db)
    count = 0
    for game_id in store.game_ids(db):
        events = store.read_events(db, game_id)
        module = get_game(events[0].data["game"])
        loaded = Loaded(game_id, module, events, fold(module, events))
        row = projection_row(game_id, module, loaded.state, loaded.seq, events[0].at, events[-1].at,
                             loaded.seat_count)
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            store.write_projection(db, row, seat_rows(loaded))
            db.conn.execute("COMMIT")
        except BaseException:
            db.conn.execute("ROLLBACK")
            raise
        count += 1
    return count
