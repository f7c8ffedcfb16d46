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

from typing import Any

from .. import store
from ..events.talk import MAX_MESSAGE, MAX_NOTE
from ..play import service
from ..play.deciding import clean_text, message_command, note_command
from ..play.folding import Folded
from ..play.redaction import private_since
from . import Refused

MESSAGES_SHOWN = 500   # at most this many latest messages in one answer


def post_message(db, site, game_id: str, token: str | None, text: Any, now: str | None = None) -> service.Played:
    text = clean_text(text, MAX_MESSAGE, "message")  # refused before the game is loaded
    now = now or service.utcnow()

    def command(folded, seat):
        refuse_after_end(folded, "no more messages can be sent (those written stay readable)")
        return message_command(folded, seat, text, now)

    return service.act(db, site, game_id, token, command, now)


def seal_note(db, site, game_id: str, token: str | None, text: Any, about: Any = None,
              now: str | None = None) -> service.Played:
    """A note about position `about` (default: the position now)."""
    text = clean_text(text, MAX_NOTE, "note")
    if about is not None and (isinstance(about, bool) or not isinstance(about, int)):
        raise service.BadRequest("seq must be the whole number of a position of the game")

    def command(folded, seat):
        # a note is sealed while the game runs; at its end every note is opened
        refuse_after_end(folded, "notes are sealed only while it runs (every note is open now)")
        return note_command(folded, seat, text, about)

    return service.act(db, site, game_id, token, command, now)


def refuse_after_end(folded: Folded, what: str) -> None:
    """A finished game is read, not written. The service refuses this, not the deciders
    (pbem/play/deciding.py): games recorded before it hold messages after their end (a "good game"), and they
    must still verify."""
    if folded.finished:
        raise Refused(f"the game is over: {what}")


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
    if folded.finished:
        return sorted((seq, position, s) for s in sorted(notes) for seq, position in notes[s])
    since = private_since(folded, seat)  # a reopened seat's newcomer reads none of the vanished holder's
    return sorted((seq, position, seat) for seq, position in notes.get(seat, ()) if seq >= since)


def notes(db, folded: Folded, seat: int | None, position: int | None = None) -> list[dict]:
    """The notes this seat may read (about `position` only, when given), oldest first: each with its
    receipt, the hash of its event."""
    refs = [ref for ref in note_refs(folded, seat) if position is None or ref[1] == position]
    names = folded.names
    return [{"seq": e.seq, "position": e.data["seq"], "seat": e.data["seat"], "name": names[e.data["seat"]],
             "at": e.at, "text": e.data["text"], "hash": e.hash}
            for e in store.events_at(db, folded.id, [ref[0] for ref in refs])]
