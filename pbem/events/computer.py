"""Computer players and handing a seat on (architecture section 16): which seats the server plays, and
the platform events that change who holds a seat.

- A seat created as `{"name", "bot": "standard"}` is played by the server for the whole game (its record
  keeps `bot`, the level).
- `on_timeout: bot`: the clock's `turn_timed_out {action: bot}` makes the computer play for that seat
  (the fact `computer`: seat -> the seq from which it plays for it) until the seat's person moves again
  (any move of theirs not played by the computer) or says they are back (`computer_stopped`).
- `computer_stood_in`: the computer plays for a seat whose person left a tournament (issue 32), as after a
  timeout with `on_timeout: bot`, so that the table does not stall; a move of their own takes it back.
- `seat_handed_over`: the seat's holder gives it to someone else; the seat's record takes the new
  holder's name, address and link (a new generation of the seat's key: the old link opens nothing).
  Others see only the seat and the new name; the address and the key's hash stay in the seat's record.
  The old holder's sealed notes, addresses and conditional moves do not pass to the new one.

Pure, like every events module: folds change only the `Working` copy they are given.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..games.base import N_, Event, Phrase, said
from .kinds import Kind, Working

SEAT_HANDED_OVER = "seat_handed_over"
COMPUTER_STOPPED = "computer_stopped"
COMPUTER_STOOD_IN = "computer_stood_in"

FACT = "computer"  # facts[FACT]: {seat: seq from which the computer plays for it}, for timed-out seats


# --- who plays a seat ----------------------------------------------------------------------------------


def level_of(seats, facts: Mapping[str, Any], seat: int) -> str | None:
    """The computer player's level that plays this seat now, or None when a person plays it."""
    record = seats[seat]
    if record.get("bot"):
        return record["bot"]
    if seat in facts.get(FACT, {}):
        return "standard"
    return None


def computer_seats(folded) -> list[int]:
    """Every seat the server plays now (created as a computer, or a timed-out seat it plays for)."""
    return [s for s in range(len(folded.seats)) if level_of(folded.seats, folded.facts, s) is not None]


def owed_by_computer(folded) -> list[int]:
    """The seats the server plays that owe a decision now, in seat order."""
    if folded.finished:
        return []
    return [s for s in sorted(folded.to_move) if level_of(folded.seats, folded.facts, s) is not None]


def playing_for(folded, seat: int | None) -> bool:
    """Whether the computer plays for this seat's person now (after a timeout), as opposed to a seat
    created as a computer player."""
    return seat is not None and not folded.seats[seat].get("bot") and seat in folded.facts.get(FACT, {})


def start_playing_for(work: Working, seat: int, seq: int) -> None:
    """The clock's timeout with `on_timeout: bot` (folded by core's turn_timed_out)."""
    playing = dict(work.facts.get(FACT, {}))
    playing.setdefault(seat, seq)
    work.facts[FACT] = playing


def stop_playing_for(work: Working, seat: int) -> None:
    playing = work.facts.get(FACT, {})
    if seat in playing:
        work.facts[FACT] = {s: since for s, since in playing.items() if s != seat}


def after_command(work: Working, command: Mapping[str, Any]) -> None:
    """Folded at the first event of each append: a seat's own move, not one the computer played for it,
    means its person is back."""
    if command.get("verb") == "move" and command.get("via") != "bot" and isinstance(command.get("seat"), int):
        stop_playing_for(work, command["seat"])


# --- the events ----------------------------------------------------------------------------------------


def handed_over(work: Working, event) -> None:
    """The seat's record as a new holder's: their name, address and key; the old holder's webhook and
    settings go with them (notices must not reach the old holder's channel)."""
    data = event.data
    seat = data["seat"]
    record = {key: value for key, value in work.seats[seat].items() if key not in ("confirm",)}
    record.update({"name": data["name"], "email": data.get("email"), "webhook": None,
                   "email_on": bool(data.get("email")), "digest": False,
                   "token_sha256": data["token_sha256"], "generation": data["generation"],
                   "held_since": event.seq, "private_since": event.seq, "previous_holder": data.get("previous"),
                   "came_by": "handover"})
    work.seats[seat] = record
    stop_playing_for(work, seat)
    forget_holders_lines(work, seat)


def forget_holders_lines(work: Working, seat: int) -> None:
    """A new holder takes the seat without the outgoing holder's private things: their sealed notes and
    the addresses they gave stay theirs (`private_since`, pbem/play/redaction.py), and their conditional
    moves were their plans, not the seat's, so none of them plays on for the newcomer."""
    lines = work.facts.get("conditionals") or {}
    if seat in lines:
        work.facts["conditionals"] = {s: entry for s, entry in lines.items() if s != seat}


def public_handed_over(data: Mapping[str, Any], finished: bool) -> dict:
    """Who holds the seat now, by name; the address and the key's hash are nobody else's."""
    return {"seat": data["seat"], "name": data["name"], "previous": data.get("previous")}


def handed_over_words(names, event) -> Phrase:
    data = event.data
    return said("%(who)s handed their seat on to %(name)s.", who=data.get("previous") or N_("The player"),
                name=data["name"])


def computer_stopped(work: Working, event) -> None:
    stop_playing_for(work, event.data["seat"])


def computer_stopped_words(names, event) -> Phrase:
    seat = event.data["seat"]
    name = names[seat] if 0 <= seat < len(names) else N_("A player")
    return said("%(who)s is back: the computer no longer plays for them.", who=name)


def computer_stood_in(work: Working, event) -> None:
    start_playing_for(work, event.data["seat"], event.seq)


def computer_stood_in_words(names, event) -> Phrase:
    seat = event.data["seat"]
    name = names[seat] if 0 <= seat < len(names) else N_("A player")
    return said("%(who)s left the tournament: the computer plays for them from now on.", who=name)


KINDS = {
    SEAT_HANDED_OVER: Kind(handed_over, public_handed_over, handed_over_words),
    COMPUTER_STOPPED: Kind(computer_stopped, words=computer_stopped_words),
    COMPUTER_STOOD_IN: Kind(computer_stood_in, words=computer_stood_in_words),
}


# --- the commands ----------------------------------------------------------------------------------------


def hand_over(module, state, command, chance) -> list[Event]:
    """`{"verb": "handover", "seat", "name", "email", "previous", "token_sha256", "generation"}`: the key
    comes in the command (derived by the service from the server's secret), so a replay writes the same."""
    data = {key: command[key] for key in ("seat", "name", "email", "previous", "token_sha256", "generation")}
    return [Event(SEAT_HANDED_OVER, data, str(command["seat"]))]


def come_back(module, state, command, chance) -> list[Event]:
    return [Event(COMPUTER_STOPPED, {"seat": command["seat"]}, str(command["seat"]))]


def stand_in(module, state, command, chance) -> list[Event]:
    """`{"verb": "stand_in", "seat"}`: the computer takes over a seat whose person left a tournament."""
    return [Event(COMPUTER_STOOD_IN, {"seat": command["seat"]}, "admin")]


COMMANDS = {"handover": hand_over, "come_back": come_back, "stand_in": stand_in}
