"""Auditing a game: the hash chain, the seed against its commitment, and every command re-run from the
revealed seed, so each recorded event must be exactly what the rules and the seed produce (architecture
section 3). `pbem verify`, `GET /api/games/<id>/verify` and the import of records use it.

While a game runs its seed is secret, so only the chain's order can be checked from outside; the server
itself holds the seed and re-runs everything. A problem found while the game runs says where, never
what: a hidden planned move or a hand must not be printed in clear by the audit."""

from __future__ import annotations

from typing import Sequence

from . import chance as chance_mod
from . import store
from .commands import run_command
from .errors import GameNotFound
from .events.agreements import ENDING_AGREED, GAME_REWOUND
from .folding import GAME_CREATED, PLATFORM_EVENTS, SEED_REVEALED, game_event, initial_state
from .games import get_game
from .games.base import GameError
from .recent import Recent

_REPORTS: Recent[dict] = Recent(size=256)  # (database, game, seq, last hash) -> the report


def verify(db, game_id: str) -> dict:
    """Check the hash chain, the seed against its commitment, and re-run every command from the seed.
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
        problems += replay_problems(events, seed, finished=revealed is not None)
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


def changes_the_game(type_: str) -> bool:
    """The events a replay compares: the game's own, and the platform's that change its state or end it
    (a takeback, an agreed ending)."""
    return type_ not in PLATFORM_EVENTS or type_ in (GAME_REWOUND, ENDING_AGREED)


def replay_problems(events: Sequence[store.StoredEvent], seed: bytes, finished: bool = True) -> list[str]:
    """Re-run each command and compare the game events it produces with those recorded. While the game
    runs a difference is reported by where it is, not by what the events hold."""
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
    state = initial_state(module, created)
    # A takeback (`game_rewound`) makes the state that of an earlier position: keep the states it goes
    # back to, the ends of appends, as the replay passes them.
    targets = {e.data["to_seq"] for e in events if e.type == GAME_REWOUND}
    kept = {}
    for batch in batches:
        head = batch[0]
        recorded = [e for e in batch if changes_the_game(e.type)]
        chance = chance_mod.SeededChance(seed, head.seq)
        try:
            if head.command["verb"] == "create":
                produced = module.start(state, chance)
            else:
                produced = run_command(module, state, head.command, chance)
        except GameError as error:
            detail = f": {error}" if finished else ""
            problems.append(f"event {head.seq}: the recorded command is refused by the rules{detail}")
            break
        got = [(e.type, e.actor, store.canonical_json(dict(e.data))) for e in produced if changes_the_game(e.type)]
        want = [(e.type, e.actor, store.canonical_json(e.data)) for e in recorded]
        if got != want:
            if finished:
                problems.append(f"events {head.seq}-{batch[-1].seq}: recorded {want} but the rules and seed give {got}")
            else:
                problems.append(f"events {head.seq}-{batch[-1].seq}: the recorded events are not what the rules "
                                "and the seed give (details are shown once the game is over)")
            break
        for event in batch:
            if event.type == GAME_REWOUND:
                if event.data["to_seq"] not in kept:
                    problems.append(f"event {event.seq}: takes the game back to position {event.data['to_seq']}, "
                                    "which is not the end of an earlier append")
                    return problems
                state = kept[event.data["to_seq"]]
            elif event.type not in PLATFORM_EVENTS:
                state = module.evolve(state, game_event(event))
        if batch[-1].seq in targets:
            kept[batch[-1].seq] = state
    return problems
