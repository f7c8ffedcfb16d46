"""Reopening an abandoned seat (issue 31 item 5, architecture section 22): once a seat has run out of time
(or the computer has stood in for it for a week), the other players may agree to give it to someone new.

- `seat_reopened {seat, holder, proposal}` (`holder`: the vanished holder's name): carries out an agreed `reopen` proposal (pbem/events/agreements.py).
  The seat's record loses its holder's link (its key moves to the next generation with no hash: the old
  link opens nothing; the invitation for the seat is made from that generation), address, webhook and
  settings; the vanished
  holder's address is kept in `vanished` (the reliability count reads it: pbem/lobby/reliability.py),
  never shown. The seat waits for a newcomer (`reopened`); the computer, if it stands in, keeps
  playing it meanwhile, so the table never stalls on it.
- `seat_taken {seat, name, email, previous, generation, token_sha256}`: a newcomer took the reopened
  seat through its invitation (pbem/people/reopen.py): the seat's record takes their name, address and
  the hash of their link (the generation after the invitation's). Like a handover, they see everything
  the seat knew: its view, history and record are the seat's, whoever holds it. Not the outgoing
  holder's private things: their conditional moves are dropped here, and what was the seat's alone
  before `private_since` (sealed notes, an address given) is shown to the newcomer as to any other seat
  (pbem/play/redaction.py, pbem/between/talk.py); everyone reads the notes once the game is over.
- A reopen proposal closes when the vanished holder decides something after all (a move of their own,
  coming back from the computer): the seat is theirs again.

Pure, like every events module: folds change only the `Working` copy they are given.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..games.base import N_, Event, Phrase, said
from .computer import forget_holders_lines, stop_playing_for
from .kinds import Kind, Working

SEAT_REOPENED = "seat_reopened"
SEAT_TAKEN = "seat_taken"


def reopened_seats(folded) -> list[int]:
    """The seats reopened and waiting for a newcomer."""
    return [s["seat"] for s in folded.seats if s.get("reopened")]


# --- folds ---------------------------------------------------------------------------------------------


def seat_reopened(work: Working, event) -> None:
    seat = event.data["seat"]
    record = dict(work.seats[seat])
    vanished = [*record.get("vanished", ()), record.get("email")]
    record.update({"email": None, "email_on": False, "webhook": None, "digest": False, "token_sha256": None,
                   "generation": int(record.get("generation", 0)) + 1, "reopened": True, "vanished": vanished})
    record.pop("confirm", None)
    work.seats[seat] = record
    work.facts["proposal"] = None  # carried out


def seat_taken(work: Working, event) -> None:
    data = event.data
    seat = data["seat"]
    record = dict(work.seats[seat])
    record.update({"name": data["name"], "email": data.get("email"), "email_on": bool(data.get("email")),
                   "webhook": None, "digest": False, "token_sha256": data["token_sha256"],
                   "generation": data["generation"], "reopened": False, "held_since": event.seq,
                   "private_since": event.seq, "previous_holder": data.get("previous"),
                   "came_by": "reopening"})
    work.seats[seat] = record
    stop_playing_for(work, seat)  # a person holds it again: the computer no longer stands in
    forget_holders_lines(work, seat)


def after_command(work: Working, command: Mapping[str, Any]) -> None:
    """Folded at the first event of each append: the vanished holder deciding something after all (their
    own move, coming back from the computer) closes a proposal to reopen their seat."""
    proposal = work.facts.get("proposal")
    if not proposal or proposal.get("kind") != "reopen" or command.get("seat") != proposal.get("reopen"):
        return
    if command.get("verb") == "come_back" or (command.get("verb") == "move" and command.get("via") != "bot"):
        work.facts["proposal"] = None


# --- what others see, and words ------------------------------------------------------------------------


def public_reopened(data: Mapping[str, Any], finished: bool) -> dict:
    return {"seat": data["seat"], "holder": data.get("holder")}


def public_taken(data: Mapping[str, Any], finished: bool) -> dict:
    """Who holds the seat now, by name; the address and the key's hash are nobody else's."""
    return {"seat": data["seat"], "name": data["name"], "previous": data.get("previous")}


def holder(names, seat) -> Phrase | str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else N_("A player")


def reopened_words(names, event) -> Phrase:
    return said("By agreement, %(name)s's seat was reopened for someone new to take.",
                name=event.data.get("holder") or holder(names, event.data["seat"]))  # the name then, not now


def taken_words(names, event) -> Phrase:
    return said("%(previous)s's seat was reopened by agreement; %(name)s took it.",
                previous=event.data.get("previous") or N_("A player"), name=event.data["name"])


KINDS = {
    SEAT_REOPENED: Kind(seat_reopened, public_reopened, reopened_words),
    SEAT_TAKEN: Kind(seat_taken, public_taken, taken_words),
}


# --- what carries them out -------------------------------------------------------------------------------


def reopen(data: Mapping[str, Any], proposal: int) -> list[Event]:
    """The agreed proposal's settlement (a `ProposalKind.settle`)."""
    return [Event(SEAT_REOPENED, {"seat": data["reopen"], "holder": data["holder"], "proposal": proposal}, "rules")]


def take(module, state, command, chance) -> list[Event]:
    """`{"verb": "take_seat", "seat", "name", "email", "previous", "generation", "token_sha256"}`: the key
    comes in the command (derived by the service from the server's secret), so a replay writes the same."""
    data = {key: command[key] for key in ("seat", "name", "email", "previous", "generation", "token_sha256")}
    return [Event(SEAT_TAKEN, data, str(command["seat"]))]


COMMANDS = {"take_seat": take}
