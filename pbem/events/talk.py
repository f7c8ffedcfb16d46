"""What players say in a game (issue 15): messages to the table and sealed notes to oneself.

`message_posted {seat, text}`: every seat of the game reads it; spectators only once the game is over.
`note_sealed {seat, seq, text}`: a note about position `seq`, for its own seat only until the game ends,
then for everyone; the event's hash, in the game's chain, is the seat's receipt that the note existed
then. Both are ordinary events of the hash chain, so the conversation is part of the audit.

The fold keeps, in `facts["talk"]`, only where these events are (their seqs) and the times of each seat's
latest messages (for the per-seat limit): the texts stay in the log, read by seq when shown.
"""

from __future__ import annotations

from ..games.base import N_, Event, Phrase, said
from .kinds import Kind, Working

MESSAGE_POSTED = "message_posted"
NOTE_SEALED = "note_sealed"

MAX_MESSAGE = 1000           # characters in a message (architecture section 14)
MAX_NOTE = 2000              # characters in a note
MESSAGES_PER_HOUR = 30       # per seat, counted from the log (each message notifies every other seat)


def talk_facts(work: Working) -> dict:
    """A copy of the feature's facts to change (facts are shared between folded values)."""
    return dict(work.facts.get("talk") or {})


def message_posted(work: Working, event) -> None:
    talk = talk_facts(work)
    seat = event.data["seat"]
    talk["messages"] = (*talk.get("messages", ()), event.seq)
    recent = dict(talk.get("recent") or {})
    recent[seat] = (*recent.get(seat, ())[-(MESSAGES_PER_HOUR - 1):], event.at)
    talk["recent"] = recent
    work.facts["talk"] = talk


def note_sealed(work: Working, event) -> None:
    talk = talk_facts(work)
    seat = event.data["seat"]
    notes = dict(talk.get("notes") or {})
    notes[seat] = (*notes.get(seat, ()), (event.seq, event.data["seq"]))  # (the note's seq, its position)
    talk["notes"] = notes
    work.facts["talk"] = talk


def for_the_table(data, finished: bool) -> dict:
    """What a spectator sees of a message while the game runs: who wrote one, not what."""
    return dict(data) if finished else {"seat": data["seat"]}


def sealed(data, finished: bool) -> dict:
    """What others see of a sealed note while the game runs: whose it is, nothing more (not even the
    position it is about)."""
    return dict(data) if finished else {"seat": data["seat"]}


def any_seat(data, seat) -> bool:
    return seat is not None


def own_seat(data, seat) -> bool:
    return seat is not None and seat == data.get("seat")


def one_line(text: str) -> str:
    return " ".join(str(text).split())


def name_of(names, data) -> Phrase | str:
    seat = data.get("seat")
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else N_("someone")


def message_words(names, event) -> Phrase:
    """Words are made after the reader's redaction: a seat reads the text, a spectator that there was one.
    The players' own text is a value, never translated."""
    if "text" in event.data:
        return said("%(who)s wrote: %(text)s", who=name_of(names, event.data), text=one_line(event.data["text"]))
    return said("%(who)s wrote a message to the other players.", who=name_of(names, event.data))


def note_words(names, event) -> Phrase:
    if "text" in event.data and "seq_move" in event.data:  # the move list's number, where told
        return said("%(who)s noted, about move %(move)s: %(text)s", who=name_of(names, event.data),
                    move=event.data["seq_move"], text=one_line(event.data["text"]))
    if "text" in event.data:
        return said("%(who)s noted, about position %(seq)s: %(text)s", who=name_of(names, event.data),
                    seq=event.data["seq"], text=one_line(event.data["text"]))
    return said("%(who)s sealed a note.", who=name_of(names, event.data))


KINDS = {
    MESSAGE_POSTED: Kind(message_posted, for_the_table, message_words, own=any_seat),
    NOTE_SEALED: Kind(note_sealed, sealed, note_words, own=own_seat),
}


def message(module, state, command, chance) -> list[Event]:
    return [Event(MESSAGE_POSTED, {"seat": command["seat"], "text": command["text"]}, str(command["seat"]))]


def note(module, state, command, chance) -> list[Event]:
    return [Event(NOTE_SEALED, {"seat": command["seat"], "seq": command["about"], "text": command["text"]},
                  str(command["seat"]))]


COMMANDS = {"message": message, "note": note}
