"""A player's home across games (issue 14): open seats taken through an invitation, addresses added to
seats, and seat links replaced. Architecture section 13.

- `seats_opened {seats}`: written with `game_created` when some seats are left open; the game waits
  (facts["waiting"]: nobody owes a decision, no clock) until every seat is taken.
- `seat_joined {seat, name, email}`: a person who followed the invitation takes the next open seat. The
  append that takes the last one also holds the game's `start` (its chance drawn at that append's seq),
  so the game begins, with its clock and notices, in that very append.
- `seat_address_changed {seat, email, email_on}`: a seat's e-mail address, added or changed (confirmed
  by a mailed link, or by a signed-in session).
- `seat_link_rotated {seat, generation, token_sha256}`: the seat's link is replaced; the new token is
  derived from the server key, the game, the seat and the generation (pbem/site.py), and only its
  SHA-256 is kept, in the seat's record, where the seats projection finds it. The old link opens nothing.

Addresses are nobody else's business: others see only which seat an event was about (and a joiner's
name). Pure: folds change only the `Working` copy.
"""

from __future__ import annotations

from ..games.base import Event, Phrase, counted, said
from .kinds import Kind, Working, hidden_data

SEATS_OPENED = "seats_opened"
SEAT_JOINED = "seat_joined"
SEAT_ADDRESS_CHANGED = "seat_address_changed"
SEAT_LINK_ROTATED = "seat_link_rotated"


# --- folds -------------------------------------------------------------------------------------------


def seats_opened(work: Working, event) -> None:
    work.facts["waiting"] = True


def seat_joined(work: Working, event) -> None:
    data = event.data
    seat = data["seat"]
    work.seats[seat] = {**work.seats[seat], "name": data["name"], "email": data.get("email"),
                        "email_on": bool(data.get("email")), "open": False}
    if not any(s.get("open") for s in work.seats):
        work.facts.pop("waiting", None)  # the last seat is taken: the game's start follows in this append


def merge_seat(work: Working, event) -> None:
    seat = event.data["seat"]
    work.seats[seat] = {**work.seats[seat], **{k: v for k, v in event.data.items() if k != "seat"}}


# --- what others see, and words ------------------------------------------------------------------------


def public_joined(data, finished: bool) -> dict:
    return {"seat": data["seat"], "name": data["name"]}


def public_rotated(data, finished: bool) -> dict:
    return {"seat": data["seat"], "generation": data["generation"]}


def opened_words(names, event) -> Phrase:
    count = len(event.data["seats"])
    # "begins" on the creation's first line (its English) also keeps words.py from adding its own "began a
    # game" line, which would name the open seats by their placeholders
    return counted("The game waits for %(n)s more player to join through its invitation; it begins when every "
                   "seat is taken.", "The game waits for %(n)s more players to join through its invitation; it "
                   "begins when every seat is taken.", count)


def joined_words(names, event) -> Phrase:
    return said("%(name)s joined, taking seat %(number)s.", name=event.data["name"], number=event.data["seat"] + 1)


KINDS = {
    SEATS_OPENED: Kind(seats_opened, words=opened_words),
    SEAT_JOINED: Kind(seat_joined, public_joined, words=joined_words),
    SEAT_ADDRESS_CHANGED: Kind(merge_seat, hidden_data, own=lambda data, seat: data.get("seat") == seat),
    SEAT_LINK_ROTATED: Kind(merge_seat, public_rotated),  # silent: a new key is no move of the game
}


# --- the commands that write them ------------------------------------------------------------------------


def create_open(module, state, command, chance) -> list[Event]:
    """The creating append of a game with open seats holds no game event: the game's `start` waits for the
    last seat (see `join`). The creation itself writes `game_created` and `seats_opened`."""
    return []


def join(module, state, command, chance) -> list[Event]:
    seat = command["seat"]
    events = [Event(SEAT_JOINED, {"seat": seat, "name": command["name"], "email": command.get("email")}, str(seat))]
    if command.get("last"):
        events += module.start(state, chance)  # the chance of this append's seq, as replayed by `verify`
    return events


def set_address(module, state, command, chance) -> list[Event]:
    return [Event(SEAT_ADDRESS_CHANGED, {"seat": command["seat"], "email": command["email"],
                                         "email_on": bool(command.get("email_on", True))}, str(command["seat"]))]


def rotate(module, state, command, chance) -> list[Event]:
    return [Event(SEAT_LINK_ROTATED, {"seat": command["seat"], "generation": command["generation"],
                                      "token_sha256": command["token_sha256"]}, str(command["seat"]))]


COMMANDS = {"create_open": create_open, "join": join, "set_address": set_address, "rotate": rotate}
