"""The verbs of the server: create a game, play a move, resign, change a seat's settings, take a
vacation, time out a seat, rebuild the projections.

Follows `shared/specs/architecture.md` sections 1 to 5, 8 and 11. Every verb loads the game (its head,
folded: pbem/play/loading.py), decides, and appends the new events together with the projection rows and the
notices they cause (the outbox) in one transaction; the loaded game is then advanced by the new events
only, never refolded. Pages, the JSON API, the CLI, e-mail replies and the scheduler all call these
functions; none of them touches SQL or rules directly.

Time comes in from the caller (`now`), randomness from `pbem.chance`.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from types import ModuleType
from typing import Any, Sequence

from .. import i18n, store
from ..games import get_game
from ..games.base import Event, InvalidOptions, StaleMove, said
from ..site import Site
from ..words import latest_summary, spectator_lines, summary_of, summary_text
from . import chance as chance_mod
from . import clock, loading
from .commands import run_command
from .deciding import check_may_move, clock_command, resign_command, vacation_command
from .errors import (BadRequest, Busy, Conflicting, Forbidden, GameNotFound, ServiceError, TooMany, Unauthorized,
                     status_of)
from .folding import GAME_CREATED, PLATFORM_EVENTS, SEED_REVEALED, Folded, advance, begin, initial_state, legal_moves
from .projection import projection_row, seat_rows

MAX_NAME = 40
MAX_EMAIL = 254
MAX_MOVE = 500
APPEND_ATTEMPTS = 8
# No spaces, brackets, separators or control characters (a NUL or DEL cannot go into a mail header).
EMAIL = re.compile(r"^[^@\s<>,;\"\x00-\x1f\x7f]+@[^@\s<>,;\"\x00-\x1f\x7f]+\.[^@\s<>,;\"\x00-\x1f\x7f]+$")

load = loading.load  # the verbs' callers read games through here too


def utcnow() -> str:
    return clock.format_time(datetime.now(timezone.utc))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# --- seats and their keys ------------------------------------------------------------------------------


def seat_of(folded: Folded, token: str | None) -> int:
    """The seat a token opens in this game; 401 without a token, 403 with a token of no seat here."""
    if not token:
        raise Unauthorized("this needs a seat token: Authorization: Bearer <token>")
    digest = hash_token(token)
    for seat in folded.seats:
        if seat.get("token_sha256") and secrets.compare_digest(seat["token_sha256"], digest):
            return seat["seat"]
    raise Forbidden("that token is not a seat of this game")


def next_seat_key(site: Site, folded: Folded, seat: int) -> tuple[str, dict]:
    """A new link for a seat (handed on, or replaced after a leak): the seat's key moves to its next
    generation, so the old link opens nothing once the event recording the new key's hash is folded.
    Returns the new token (for the new holder's mail only) and the fields the seat's record takes."""
    generation = int(folded.seats[seat].get("generation", 0)) + 1
    token = site.seat_token(folded.id, seat, generation)
    return token, {"generation": generation, "token_sha256": hash_token(token)}


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
    open_seats: tuple[int, ...] = ()     # seats left open for the invitation (their tokens go to no one)
    bots: tuple[str | None, ...] = ()   # each seat's computer player level, None for a person


def clean_player(index: int, player: dict, site: Site) -> dict:
    """A player's name, address and webhook, checked; players are counted from 1 for people."""
    if not isinstance(player, dict):
        raise InvalidOptions(f"player {index + 1} must be an object with a name")
    if player.get("open") is True:  # an open seat (issue 14): whoever follows the invitation first takes it
        return {"name": f"open seat {index + 1}", "email": None, "webhook": None, "open": True}
    name = str(player.get("name") or "").strip()
    if not name:
        raise InvalidOptions(f"player {index + 1} needs a name")
    if len(name) > MAX_NAME or any(ord(ch) < 32 or 0xD800 <= ord(ch) <= 0xDFFF for ch in name):
        raise InvalidOptions(f"player {index + 1}'s name must be at most {MAX_NAME} printable characters")
    email = (player.get("email") or "").strip() or None
    if email is not None and (len(email) > MAX_EMAIL or not EMAIL.match(email) or not email.isascii()):
        raise InvalidOptions(f"player {index + 1}'s e-mail address {email[:60]!r} is not valid")
    webhook = (player.get("webhook") or "").strip() or None
    if webhook is not None:
        check_webhook(webhook, site)
    if player.get("bot") is not None:  # a computer seat: played by the server, reached by no one
        if email is not None or webhook is not None:
            raise InvalidOptions(f"player {index + 1} is a computer player: it takes no e-mail address or webhook")
        return {"name": name, "email": None, "webhook": None, "bot": str(player["bot"])}
    return {"name": name, "email": email, "webhook": webhook}


def check_webhook(url: str, site: Site) -> None:
    from ..notify.webhook import WebhookRefused, check_url

    try:
        check_url(url, allow_private=site.allow_private_webhooks)
    except WebhookRefused as error:
        raise InvalidOptions(f"webhook: {error}") from None


def split_options(options: dict | None) -> tuple[dict, dict]:
    """The platform's clock options apart from the game's own."""
    options = dict(options or {})
    clock_options = {k: options.pop(k) for k in list(options) if k in clock.CLOCK_OPTIONS}
    return options, clock_options


def rated_option(value) -> bool:
    """The platform's "rated" option (issue 32): true or false (a form's or the command line's words too)."""
    if value in (True, "true", "1", "on", "yes"):
        return True
    if value in (False, None, "false", "0", "off", "no", ""):
        return False
    raise InvalidOptions("rated: true or false")


def create_game(db, site: Site, game_name: str, players: Sequence[dict], options: dict | None = None,
                now: str | None = None, rules_version: int | None = None, public: dict | None = None,
                draw_seats: bool = False, game_id: str | None = None) -> Created:
    """Start a game. `rules_version` (tests and the recorded corpus only) plays an older version of the
    rules; games are created under the current one. `public` (the lobby's listing: creator's public name,
    the SHA-256 of its address, a minimum reliability) is recorded in `game_created`, so that the lobby is
    rebuilt from the events. `draw_seats` (a game started by matched seeks) puts the players in an order
    drawn by the game's chance, recorded beside the seats so that `verify` can draw it again. `game_id`: an
    id chosen by the caller (who proved the players' addresses for it beforehand)."""
    module = get_game(game_name)
    low, high = module.PLAYERS
    if not low <= len(players) <= high:
        takes = f"{low}" if low == high else f"{low} to {high}"
        raise InvalidOptions(f"{module.TITLE} takes {takes} players, not {len(players)}")
    cleaned = [clean_player(i, p, site) for i, p in enumerate(players)]
    for i, player in enumerate(cleaned):
        if "bot" in player and player["bot"] not in module.BOTS:
            levels = ", ".join(sorted(module.BOTS))
            raise InvalidOptions(f"player {i + 1}: {module.TITLE} has no computer player {player['bot'][:40]!r} "
                                 f"(it has {levels})")
    game_options, clock_options = split_options(options)
    rated = rated_option(game_options.pop("rated", False))
    resolved = module.resolve_options(len(cleaned), game_options)
    clock_settings = clock.resolve_clock(clock_options)
    version = rules_version if rules_version is not None else getattr(module, "RULES_VERSION", 1)
    now = now or utcnow()
    seed = chance_mod.new_seed()
    drawn = None
    if draw_seats:
        drawn = {"from": [p["name"] for p in cleaned], "order": list(draw_order(seed, len(cleaned)))}
        cleaned = [cleaned[i] for i in drawn["order"]]
    game_id = game_id or secrets.token_hex(6)  # lower case: it travels in reply addresses, whose case mail may fold
    tokens = tuple(site.seat_token(game_id, i) for i in range(len(cleaned)))
    seats = [{"seat": i, **player, "token_sha256": hash_token(tokens[i])} for i, player in enumerate(cleaned)]
    data = {"game": module.NAME, "seat_count": len(cleaned), "options": resolved, "clock": clock_settings,
            "seats": seats, "commitment": chance_mod.commitment(seed)}
    if hasattr(module, "RULES_VERSION"):
        data["rules_version"] = version
    if public is not None:
        data["public"] = dict(public)
    if drawn is not None:
        data["seats_drawn"] = drawn
    if rated:  # stored only when asked: whether it counts is decided when it finishes (pbem/lobby/ratings.py)
        data["rated"] = True
    created = store.NewEvent(GAME_CREATED, "admin", data)
    state = initial_state(module, store_roundtrip(data))
    open_seats = tuple(i for i, player in enumerate(cleaned) if player.get("open"))
    if open_seats:  # the game waits for its players; its start comes with the last seat taken
        from ..events.home import SEATS_OPENED

        started = [store.NewEvent(SEATS_OPENED, "admin", {"seats": list(open_seats)})]
        command = {"verb": "create_open"}
    else:
        started = [to_new(e) for e in module.start(state, chance_mod.SeededChance(seed, 1))]
        command = {"verb": "create"}
    events = [created, *started]
    events += reveal_if_over(module, fold_new(module, state, started), seed)
    salts = salts_for(seed, 1, len(events))
    prepared = store.prepare(game_id, 0, "", events, command, now, salts)  # as they will read once appended
    new = prepared.events
    after = advance(begin(game_id, new[0]), new[1:])
    summary = summary_of(after, None, new)
    outbox = notices(site, None, after, command, now, new)
    written = store.append(db, game_id, 0, events, command, now, salts, seed=seed, prepared=prepared,
                           projection=lambda handled: projection_row(after, now, handled, summary),
                           seats=seat_rows(after), outbox=outbox)
    assert after.last_hash == written[-1].hash, "the store chained the events otherwise than foreseen"
    loading.keep(db, after)
    for hook in AFTER_APPEND:  # invitations to deliver; a computer seat may owe the first move
        hook(db, site, Played(after.seq, written, after, len(outbox)))
    return Created(game_id, module.NAME, tokens, tuple(p["name"] for p in cleaned), open_seats=open_seats,
                   bots=tuple(p.get("bot") for p in cleaned))


def draw_order(seed: bytes, count: int) -> tuple[int, ...]:
    """The seat order of players matched by seeks: a shuffle drawn from the game's seed under batch 0 (the
    first append is batch 1, so no other draw of the game uses it); `verify` draws it again."""
    return chance_mod.SeededChance(seed, 0).shuffle(range(count))


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


def notices(site: Site | None, before: Folded | None, after: Folded, command: dict, now: str,
            new_events: Sequence[store.StoredEvent], db=None) -> list[dict]:
    """The outbox rows an append writes: what each notice tells, its words composed when it is delivered."""
    if site is None:
        return []
    from ..notify import compose

    return compose.notices_for(site, before, after, command, now, new_events, db)


# --- acting on a game ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    seq: int
    events: list[store.StoredEvent]
    loaded: Folded
    notices: int = 0  # outbox rows the append wrote (a scheduler delivers them soon after)


def submit_move(db, site: Site | None, game_id: str, token: str | None, move: str, seen_seq: int | None,
                now: str | None = None, loaded: Folded | None = None) -> Played:
    """Play a move for the token's seat, judged against the current state; see section 4 for staleness.
    `loaded`: the game as the caller just loaded it (a request that looked for it first)."""
    def seat_for(folded):
        return seat_of(folded, token)

    return play_as(db, site, game_id, seat_for, move, seen_seq, now, loaded=loaded)


def play_as(db, site: Site | None, game_id: str, seat_for, move: str, seen_seq: int | None,
            now: str | None = None, via: str = "web", answer=None, loaded: Folded | None = None) -> Played:
    """Play a move for the seat that `seat_for(folded)` names (a bearer token, or a signed reply
    address); a lost race re-reads the log and judges the move again. `loaded`, when given, is judged
    first instead of reading the log again: if it is no longer the head, the append finds that out."""
    if not isinstance(move, str) or not move.strip():
        raise BadRequest("the move is missing: send the move in the game's notation")
    if len(move) > MAX_MOVE:
        raise BadRequest(f"a move is at most {MAX_MOVE} characters")
    if seen_seq is None or isinstance(seen_seq, bool) or not isinstance(seen_seq, int):
        raise BadRequest("seq is missing: send the seq of the position you saw")
    move = " ".join(move.split())
    for attempt in range(APPEND_ATTEMPTS):
        folded = loaded if attempt == 0 and loaded is not None and loaded.id == game_id else load(db, game_id)
        seat = seat_for(folded)
        check_fresh(db, folded, seat, seen_seq)
        command = {"verb": "move", "seat": seat, "move": move}
        if via != "web":
            command["via"] = via
        try:
            return append_command(db, site, folded, command, now or utcnow(), answer)
        except store.Conflict:
            continue  # someone appended first: re-read, judge staleness again, decide again
    raise Busy("the game is too busy right now; try again")


def check_fresh(db, folded: Folded, seat: int, seen_seq: int) -> None:
    if seen_seq < 1 or seen_seq > folded.seq:
        raise BadRequest(f"seq {seen_seq} is not a position of this game (it is at seq {folded.seq})")
    now_legal = legal_moves(folded, seat)
    if seen_seq < folded.seq:
        if any(at > seen_seq for _, at in folded.facts.get("rewinds", ())):  # a takeback since (issue 15)
            raise StaleMove(said("a move was taken back since the position you saw (move %(seen)s): look at the "
                                 "position again and choose anew", seen=seen_seq))
        then_legal = legal_moves(loading.at(db, folded, seen_seq), seat)
        if then_legal != now_legal:
            raise StaleMove(said("the game moved on since the position you saw (move %(seen)s; it is now at move "
                                 "%(now)s): look at the position again and choose anew", seen=seen_seq, now=folded.seq))
    check_may_move(folded, now_legal)


def act(db, site: Site | None, game_id: str, token: str | None, make_command, now: str | None = None) -> Played:
    """Run a seat's non-move command (resign, settings, vacation) with the same retry on a lost race."""
    for _ in range(APPEND_ATTEMPTS):
        folded = load(db, game_id)
        seat = seat_of(folded, token)
        command = make_command(folded, seat)
        try:
            return append_command(db, site, folded, command, now or utcnow())
        except store.Conflict:
            continue
    raise Busy("the game is too busy right now; try again")


def resign(db, site: Site | None, game_id: str, token: str | None, now: str | None = None) -> Played:
    return act(db, site, game_id, token, resign_command, now)


def change_settings(db, site: Site, game_id: str, token: str | None, email_on: bool, digest: bool,
                    webhook: str | None, now: str | None = None, confirm: bool = True,
                    language: str | None = ...) -> Played:
    """A seat's settings: e-mail notices on or off, a daily digest, a webhook, whether a move is
    confirmed before it is sent (on by default, as in correspondence chess), and the language its pages
    are read in (None: as the reader's browser asks; left out: as it was)."""
    webhook = (webhook or "").strip() or None
    if webhook is not None:
        check_webhook(webhook, site)
    if language is not ... and language is not None and language not in i18n.LANGUAGES:
        raise BadRequest(f"language must be one of {', '.join(i18n.LANGUAGES)}")

    def command(folded, seat):
        chosen = {} if language is ... else {"language": language}
        return {"verb": "settings", "seat": seat,
                "settings": {"email_on": bool(email_on), "digest": bool(digest), "webhook": webhook,
                             "confirm": bool(confirm), **chosen}}

    return act(db, site, game_id, token, command, now)


def start_vacation(db, site: Site | None, game_id: str, token: str | None, now: str | None = None) -> Played:
    now = now or utcnow()

    def command(folded, seat):
        return vacation_command(folded, seat, "vacation_start", now)

    return act(db, site, game_id, token, command, now)


def end_vacation(db, site: Site | None, game_id: str, token: str | None, now: str | None = None) -> Played:
    now = now or utcnow()

    def command(folded, seat):
        return vacation_command(folded, seat, "vacation_end", now)

    return act(db, site, game_id, token, command, now)


def clock_act(db, site: Site | None, game_id: str, seat: int, kind: str, now: str) -> Played | None:
    """The clock's verbs: a timeout (recorded, then acted on as the game's options say) or the end of a
    vacation that used up the year's allowance. None when there is nothing to do any more (the seat
    moved meanwhile, or it was already done)."""
    moment = clock.parse_time(now)
    for _ in range(APPEND_ATTEMPTS):
        folded = load(db, game_id)
        command = clock_command(folded, seat, kind, moment)  # the same decision `pbem verify` makes again
        if command is None:
            return None
        try:
            return append_command(db, site, folded, command, now)
        except store.Conflict:
            continue
    raise Busy("the game is too busy right now")


def time_out(db, site: Site | None, game_id: str, seat: int, now: str) -> Played | None:
    return clock_act(db, site, game_id, seat, "timeout", now)


# What runs after an append has committed, by features that act on a new position: computer seats that
# now owe a move, conditional moves that now match. Each is called as hook(db, site, played) and must not
# raise for a reason of its own (the append it follows is done and acknowledged).
AFTER_APPEND: list = []

# What an append writes besides its events, by features that count from them (the players' reliability):
# each is called as hook(before, after, new_events) before the write lock is taken, and returns None or a
# writer, called with the store's connection inside the append's own transaction. So the counts commit
# with the events or not at all, and a move costs one commit, not one per feature.
WITH_APPEND: list = []


def append_command(db, site: Site | None, folded: Folded, command: dict, now: str, answer=None) -> Played:
    """Decide, then append the events with the projection rows and the notices, in one transaction;
    the loaded game advances by the new events only. `answer(after)` may add notices of its own (the
    reply to a move sent by e-mail)."""
    seed = store.read_seed(db, folded.id)
    batch = folded.seq + 1
    module = folded.module
    produced = [to_new(e) for e in run_command(module, folded.state, command, chance_mod.SeededChance(seed, batch))]
    if not produced:
        raise Forbidden("that changes nothing now")
    look_back = loading.looking_back(db, folded)
    salts = salts_for(seed, batch, len(produced))
    prepared = store.prepare(folded.id, folded.seq, folded.last_hash, produced, command, now, salts)
    new = prepared.events  # as they will read once appended: the projection and notices commit with them
    after = advance(folded, new, look_back=look_back)
    if after.finished and not folded.finished:  # by the rules or by agreement: the seed is revealed now
        produced.append(store.NewEvent(SEED_REVEALED, "rules", {"seed": seed.hex()}))
        salts = salts_for(seed, batch, len(produced))
        prepared = store.prepare(folded.id, folded.seq, folded.last_hash, produced, command, now, salts)
        new = prepared.events
        after = advance(folded, new, look_back=look_back)
    summary = summary_text(spectator_lines(after, folded, new, look_back, end=after))
    outbox = notices(site, folded, after, command, now, new, db) + (answer(after) if answer else [])
    snapshot = loading.snapshot_due(db, after)
    writers = [writer for writer in (hook(folded, after, new) for hook in WITH_APPEND) if writer is not None]
    written = store.append(db, folded.id, folded.seq, produced, command, now, salts, prepared=prepared,
                           projection=lambda handled: projection_row(after, now, handled, summary),
                           seats=seat_rows(after) if after.seats != folded.seats else (), outbox=outbox,
                           snapshot=snapshot, also=writers)
    assert after.last_hash == written[-1].hash, "the store chained the events otherwise than foreseen"
    loading.keep(db, after, snapshotted=snapshot is not None)
    played = Played(after.seq, written, after, len(outbox))
    for hook in AFTER_APPEND:
        hook(db, site, played)
    return played


# --- the whole store -----------------------------------------------------------------------------------


def rebuild(db) -> int:
    """Recreate the projections from the events alone, in one transaction: a rebuild killed halfway
    leaves the old projections as they were. Returns the number of games."""
    loading.forget()
    heads = [loading.whole(db, game_id) for game_id in store.game_ids(db)]
    summaries = [latest_summary(db, head) for head in heads]
    with store.immediate(db):
        store.drop_projections(db)
        store.create_projections(db)
        for head, summary in zip(heads, summaries):
            store.write_projection(db, projection_row(head, head.last_at, summary=summary), seat_rows(head))
        store.drop_snapshots(db)
    loading.forget()
    return len(heads)


def games_due(db, now: str, limit: int = 500) -> list[str]:
    """The games whose clock has something to do by `now`, earliest first (an indexed read)."""
    return store.projections.games_due(db, now, limit)


def mark_handled(db, game_id: str, now: str, retry_at: str | None = None) -> None:
    """The sweep has handled the game up to `now`: reminders count from here, and `next_due` moves on
    (to `retry_at` when handling it failed and should be tried again then)."""
    folded = load(db, game_id)
    if retry_at is not None:
        next_due = retry_at
    else:
        row = projection_row(folded, now, now)
        next_due = row["next_due"]
    store.projections.mark_handled(db, game_id, folded.seq, now, next_due)
