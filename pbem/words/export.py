"""A game's record to download and keep: who played, the options, the outcome, and every event as the
given seat (None: a spectator) may see it, each append told in words beside its first event -- the same
redaction and words as every other channel, so a record taken during play hides what the pages hide, and
a record of a finished game holds everything, the seed included, for anyone to audit.

Served as JSON by `/games/<id>/export.json`, `/play/<token>/export.json` and `pbem export`; the move
list in words, numbered by turn, with the result also as plain text (`record.txt`).

Telling a long game in words costs (a 2,000-event game: about 0.3 s, and 0.1 s more to write its JSON),
and a record is asked for again and again while the game goes on. So what a reader's record holds so far
(each event as that reader sees it, written as JSON, and each append in words) is kept per (game,
reader) in this process and extended by the events appended since; the record as served is kept for its
head. What is kept is never truth: it is used only while the event it ends at still has the hash it had,
and only for the same reader, the same end state of the game (over or not: the end reveals everything)
and the same names, so a seat's record holds nothing another seat's would hide, and one built anew is
the same (`game_record` builds it from nothing; tests compare the two)."""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass

from .. import store
from ..play.folding import Folded
from ..play.loading import at, code_of, database_file, looking_back
from ..play.redaction import public_event
from ..store.recent import Recent
from . import Told, taken_back, tell_events

FORMAT = "pbem-record/1"
TURN_VERBS = ("move", "resign", "timeout")  # the appends a record numbers; offers, answers, talk are not turns


@dataclass(frozen=True)
class Kept:
    """A reader's record so far: through event `seq` (hash `last_hash`), read as `reading` says."""

    reading: tuple
    seq: int
    last_hash: str
    events: tuple[str, ...]   # each event as the reader sees it, with its words, as JSON at its depth
    told: tuple[Told, ...]


KEPT: Recent[Kept] = Recent(size=32)   # (database, game, seat) -> that reader's record so far
SERVED: Recent[str] = Recent(size=16)  # (database, game, seat, kind, head hash) -> the record served
BUILDING = [threading.Lock() for _ in range(16)]  # a reader's record is built by one thread at a time


def reading_of(loaded: Folded, seat: int | None) -> tuple:
    """What the words and the redaction of every past event depend on besides the event: the reader,
    whether the game is over (then everything is shown), the seats' names and who the computer is."""
    return (seat, loaded.finished, tuple((s["name"], bool(s.get("bot"))) for s in loaded.seats))


def kept(db, loaded: Folded, seat: int | None) -> Kept:
    """The reader's record through the game's head: the one kept, extended by the newer events, or, when
    none fits, built from the first event. One thread builds a reader's record at a time: many clients
    asking at once for a long game's record wait for one build instead of each making its own."""
    key = (database_file(db), loaded.id, seat)
    with BUILDING[hash(key) % len(BUILDING)]:
        return kept_or_built(db, loaded, seat, key)


def kept_or_built(db, loaded: Folded, seat: int | None, key: tuple) -> Kept:
    reading = reading_of(loaded, seat)
    known = KEPT.get(key)
    if known is not None and known.reading == reading and (
            known.last_hash == (loaded.last_hash if known.seq == loaded.seq else store.hash_at(db, loaded.id, known.seq))):
        if known.seq == loaded.seq:
            return known
        if known.seq > loaded.seq:  # a request that loaded the game just before another's move: its beginning
            return Kept(reading, loaded.seq, loaded.last_hash, known.events[:loaded.seq],
                        tuple(item for item in known.told if item.last <= loaded.seq))
        start, after = at(db, loaded, known.seq), known.seq
    else:
        known, start, after = None, None, 0
    stored = store.read_events_after(db, loaded.id, after, upto=loaded.seq)
    told = tell_events(loaded, start, stored, seat, looking_back(db, loaded), end=loaded)
    lines = {item.first: item.read() for item in told}  # the JSON record speaks English, as the API does
    events = tuple(event_json(public_event(loaded, event, seat), lines.get(event.seq, ())) for event in stored)
    result = Kept(reading, loaded.seq, loaded.last_hash, (known.events if known else ()) + events,
                  (known.told if known else ()) + tuple(told))
    KEPT.put(key, result)
    return result


def event_json(event: dict, lines) -> str:
    """One event of the record as `json.dumps(record, indent=1, sort_keys=True)` writes it in the list of
    events (two levels deep), so that the kept pieces join into exactly that text."""
    text = json.dumps({**event, "lines": list(lines)}, indent=1, sort_keys=True)
    return "\n".join("  " + line for line in text.split("\n"))


def heading(db, loaded: Folded, seat: int | None) -> dict:
    """The record without its events."""
    outcome = loaded.outcome
    record = {
        "format": FORMAT,
        "id": loaded.id,
        "game": loaded.module.NAME,
        "title": loaded.module.TITLE,
        "players": [{"seat": s, "name": name} for s, name in enumerate(loaded.names)],
        "as_seat": seat,
        "status": "finished" if outcome else "active",
        "outcome": outcome.to_json() if outcome else None,
        "seq": loaded.seq,
        "events": [],
    }
    if "rules_version" in loaded.created:
        record["rules_version"] = loaded.rules_version
    if loaded.created.get("rated"):  # what the ratings' fold needs: public names and places, never an address
        record["rated"] = rated_part(db, loaded)
    return record


def rated_part(db, loaded: Folded) -> dict | None:
    """A game created rated: when it ended and each rated seat's public name and place (1: the best), as
    kept when it finished (pbem/lobby/ratings.py); None while it runs or when it did not count."""
    row = store.ratings.rated_game(db, loaded.id) if loaded.finished else None
    return {"ended": row["ended"], "seats": row["seats"]} if row else None


def json_kind(db, loaded: Folded) -> str:
    """The kind of a JSON record as its kept copy and its ETag name it: a rated game's record gains its
    rating part just after its last event, so the two are told apart."""
    return "json-rated" if loaded.created.get("rated") and rated_part(db, loaded) else "json"


def game_record(db, loaded: Folded, seat: int | None) -> dict:
    """The record built from nothing (nothing kept is used)."""
    stored = store.read_events(db, loaded.id, upto=loaded.seq)
    told = {item.first: item.read() for item in tell_events(loaded, None, stored, seat, looking_back(db, loaded))}
    events = [public_event(loaded, event, seat) for event in stored]
    return {**heading(db, loaded, seat),
            "events": [{**event, "lines": list(told.get(event["seq"], ()))} for event in events]}


def record_json(db, loaded: Folded, seat: int | None) -> str:
    """The record as JSON text, the same as `json.dumps(game_record(...), indent=1, sort_keys=True)`, from
    what is kept."""
    def build():
        text = json.dumps(heading(db, loaded, seat), indent=1, sort_keys=True)
        pieces = kept(db, loaded, seat).events
        return text.replace('\n "events": []', '\n "events": [\n' + ",\n".join(pieces) + "\n ]", 1)
    return served(db, loaded, seat, json_kind(db, loaded), build)


def served(db, loaded: Folded, seat: int | None, kind: str, build) -> str:
    key = (database_file(db), loaded.id, seat, kind, loaded.last_hash)
    text = SERVED.get(key)
    if text is None:
        text = build()
        SERVED.put(key, text)
    return text


def etag(loaded: Folded, seat: int | None, kind: str) -> str:
    """Names one record exactly: the log through its head, the reader, the kind and the code that tells it."""
    name = f"{FORMAT}|{kind}|{seat}|{loaded.seq}|{loaded.last_hash}|{code_of(loaded.created['game'])}"
    return hashlib.sha256(name.encode()).hexdigest()[:32]


def text_record(db, loaded: Folded, seat: int | None, ending: str, language: str = "en") -> str:
    """The move list in words, numbered by turn, with the players and the result: a record a person can
    read, print or paste. A turn is a seat's moves in a row (or a resignation, or the clock acting);
    what else happened (an offer and its answer, a message, a takeback) is told where it happened, not
    numbered; a move later taken back is marked. The games' words are in `language` (`text_kind`)."""
    return served(db, loaded, seat, text_kind(language),
                  lambda: text_of(loaded, kept(db, loaded, seat).told, ending, language))


def text_kind(language: str) -> str:
    """The kind of a text record in a language, as its kept copy and its ETag name it."""
    return "text" if language == "en" else f"text-{language}"


def text_of(loaded: Folded, told, ending: str, language: str = "en") -> str:
    names = loaded.names
    lines = [f"{loaded.module.TITLE}, game {loaded.id}",
             "Players: " + ", ".join(names),
             f"Started {loaded.created_at}" + ("" if loaded.finished else f"; still being played at event {loaded.seq}"),
             ""]
    rewinds = loaded.facts.get("rewinds", ())
    turn, previous = 0, None
    for item in told:
        if item.verb in TURN_VERBS and (item.seat != previous or item.seat is None):
            turn += 1
            previous = item.seat
            who = names[item.seat] if item.seat is not None else ""
            lines.append(f"{turn}. {who}".rstrip())
        mark = "(taken back) " if taken_back(rewinds, item) else ""
        lines += [f"   {mark}{line}" for line in item.read(language)]
    outcome = loaded.outcome
    if outcome is not None:
        lines.append("")
        winners = ", ".join(names[s] for s in outcome.winners) or "nobody (a draw)"
        lines.append(f"Result: {ending}. Winner: {winners}.")
        if outcome.ranking:
            lines.append("Ranking: " + "; ".join(" = ".join(names[s] for s in group) for group in outcome.ranking))
    return "\n".join(lines) + "\n"


def forget() -> None:
    """Drop what this process keeps (tests that compare with a record built anew)."""
    KEPT.clear()
    SERVED.clear()
