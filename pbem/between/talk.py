"""Messages and sealed notes: posting them (each an append of its own) and reading them as a seat (or a
spectator) may.

A message goes to every seat of the game, and to spectators once the game is over; the other seats are
notified as of a move (pbem/notify/between.py). A note is its seat's own until the game ends; the hash of
its event, returned to the seat, is the receipt that the note existed at that point of the chain. Both
are written only while the game runs (422 after): an ended game is read, exported and verified, and its
log no longer grows.

Messages are limited per seat from the log itself (MESSAGES_PER_HOUR in any hour, whatever the channel)
and per client address on the web (pbem/web/limits.py, limit "message").
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from .. import clock, service, store
from ..errors import TooMany
from ..events.talk import MAX_MESSAGE, MAX_NOTE, MESSAGES_PER_HOUR
from ..folding import Folded
from . import Refused

MESSAGES_SHOWN = 500   # at most this many latest messages in one answer


def clean_text(text: Any, most: int, what: str) -> str:
    """Text as a person wrote it: line breaks kept (as \\n), no other control characters, not empty."""
    if not isinstance(text, str):
        raise Refused(f"the {what} must be text")
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    if not text:
        raise Refused(f"the {what} is empty")
    if len(text) > most:
        raise Refused(f"a {what} is at most {most:,} characters (this one has {len(text):,})")
    if any((ord(ch) < 32 and ch not in "\n\t") or 0x7F <= ord(ch) < 0xA0 for ch in text):
        raise Refused(f"the {what} holds control characters")
    return text


def check_rate(folded: Folded, seat: int, now: str) -> None:
    """At most MESSAGES_PER_HOUR messages from one seat in any hour (each one notifies every other seat)."""
    recent = ((folded.facts.get("talk") or {}).get("recent") or {}).get(seat, ())
    if len(recent) < MESSAGES_PER_HOUR:
        return
    oldest = clock.parse_time(recent[-MESSAGES_PER_HOUR])
    free_at = oldest + timedelta(hours=1)
    moment = clock.parse_time(now)
    if moment < free_at:
        wait = max(1, int((free_at - moment).total_seconds()) + 1)
        raise TooMany(f"at most {MESSAGES_PER_HOUR} messages an hour from one seat; try again in "
                      f"{max(1, wait // 60)} minute{'s' if wait >= 120 else ''}", wait)


def post_message(db, site, game_id: str, token: str | None, text: Any, now: str | None = None) -> service.Played:
    text = clean_text(text, MAX_MESSAGE, "message")
    now = now or service.utcnow()

    def command(folded, seat):
        if folded.finished:
            raise Refused("the game is over: no more messages can be sent (those written stay readable)")
        check_rate(folded, seat, now)
        return {"verb": "message", "seat": seat, "text": text}

    return service.act(db, site, game_id, token, command, now)


def seal_note(db, site, game_id: str, token: str | None, text: Any, about: Any = None,
              now: str | None = None) -> service.Played:
    """A note about position `about` (default: the position now)."""
    text = clean_text(text, MAX_NOTE, "note")
    if about is not None and (isinstance(about, bool) or not isinstance(about, int)):
        raise service.BadRequest("seq must be the whole number of a position of the game")

    def command(folded, seat):
        if folded.finished:  # a note is sealed while the game runs; at its end every note is opened
            raise Refused("the game is over: notes are sealed only while it runs (every note is open now)")
        position = folded.seq if about is None else about
        if not 1 <= position <= folded.seq:
            raise Refused(f"seq {position} is not a position of this game (it has positions 1 to {folded.seq})")
        return {"verb": "note", "seat": seat, "about": position, "text": text}

    return service.act(db, site, game_id, token, command, now)


# --- reading ---------------------------------------------------------------------------------------------


def messages(db, folded: Folded, seat: int | None, since: int = 0) -> list[dict]:
    """The game's messages after seq `since`, as the API gives them: none to a spectator while the game
    runs."""
    if seat is None and not folded.finished:
        return []
    seqs = [s for s in (folded.facts.get("talk") or {}).get("messages", ()) if s > since][-MESSAGES_SHOWN:]
    names = folded.names
    return [{"seq": e.seq, "seat": e.data["seat"], "name": names[e.data["seat"]], "at": e.at, "text": e.data["text"]}
            for e in store.events_at(db, folded.id, seqs)]


def note_refs(folded: Folded, seat: int | None) -> list[tuple[int, int, int]]:
    """(note's seq, position, seat) of the notes this seat may read: its own; everyone's once the game
    is over."""
    notes = (folded.facts.get("talk") or {}).get("notes") or {}
    seats = sorted(notes) if folded.finished else ([seat] if seat in notes else [])
    return sorted((seq, position, s) for s in seats for seq, position in notes[s])


def notes(db, folded: Folded, seat: int | None, position: int | None = None) -> list[dict]:
    """The notes this seat may read (about `position` only, when given), oldest first: each with its
    receipt, the hash of its event."""
    refs = [ref for ref in note_refs(folded, seat) if position is None or ref[1] == position]
    names = folded.names
    return [{"seq": e.seq, "position": e.data["seq"], "seat": e.data["seat"], "name": names[e.data["seat"]],
             "at": e.at, "text": e.data["text"], "hash": e.hash}
            for e in store.events_at(db, folded.id, [ref[0] for ref in refs])]
