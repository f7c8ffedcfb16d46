"""The platform's first events: the game's creation, the seed revealed at the end, a seat's settings, its
vacations, and the clock's timeouts."""

from __future__ import annotations

from ..games.base import N_, Event, Phrase, said
from .computer import start_playing_for
from .kinds import Kind, Working, hidden_data

GAME_CREATED = "game_created"
SEED_REVEALED = "seed_revealed"
SETTINGS_CHANGED = "seat_settings_changed"
VACATION_STARTED = "vacation_started"
VACATION_ENDED = "vacation_ended"
TURN_TIMED_OUT = "turn_timed_out"

HIDDEN_POSITION = "(shown when the game ends)"


def nothing(work: Working, event) -> None:
    pass


def public_created(data, finished: bool) -> dict:
    """Names and options for everyone; addresses, webhooks and key hashes for nobody; a custom start
    position only once the game is over (it may hold hidden cards)."""
    options = dict(data["options"])
    if options.get("position") is not None and not finished:
        options["position"] = HIDDEN_POSITION
    seats = [{"seat": s["seat"], "name": s["name"], **({"bot": s["bot"]} if s.get("bot") else {})}  # computers: public
             for s in data["seats"]]
    out = {"game": data["game"], "seat_count": data["seat_count"], "options": options,
           "clock": data.get("clock"), "seats": seats, "commitment": data["commitment"]}
    if "rules_version" in data:
        out["rules_version"] = data["rules_version"]
    if "seats_drawn" in data:  # matched seeks: public names and the seed's order, checkable once it is revealed
        out["seats_drawn"] = data["seats_drawn"]
    if data.get("rated"):
        out["rated"] = True
    return out


def update_seat(work: Working, event) -> None:
    """Merge the event's fields into the seat's record (settings, and later addresses, keys, names)."""
    seat = event.data["seat"]
    work.seats[seat] = {**work.seats[seat], **{k: v for k, v in event.data.items() if k != "seat"}}


def vacation_started(work: Working, event) -> None:
    """A vacation from now until the seat comes back, or one scheduled ahead with its start and end (an
    address's vacation for all its games, from /me)."""
    from ..play.clock import Vacation, parse_time

    if "start" in event.data:
        start, end = parse_time(event.data["start"]), parse_time(event.data["end"])
        work.vacations.append(Vacation(event.data["seat"], start, end))
    else:
        work.vacations.append(Vacation(event.data["seat"], work.moment, None))


def vacation_ended(work: Working, event) -> None:
    """The seat is back: its open vacation ends now; with `scheduled`, the vacations scheduled for it
    end now too, and those not yet begun are dropped."""
    from ..play.clock import Vacation

    seat, moment = event.data["seat"], work.moment
    kept = []
    for v in work.vacations:
        if isinstance(v, Vacation) and v.seat == seat:
            if v.end is None:
                v = Vacation(v.seat, v.start, moment)
            elif event.data.get("scheduled") and v.end > moment:
                if v.start >= moment:
                    continue
                v = Vacation(v.seat, v.start, moment)
        kept.append(v)
    work.vacations = kept


def timed_out(work: Working, event) -> None:
    work.timed_out.add(event.data["seat"])
    if event.data.get("action") == "bot":  # the computer plays for the seat until its person is back
        start_playing_for(work, event.data["seat"], event.seq)


def name_of(names, data) -> str | None:
    seat = data.get("seat")
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None


TIMEOUT_WORDS = {
    "remind": N_("%(who)s ran out of time; the game waits for them."),
    "skip": N_("%(who)s ran out of time; their turn was passed."),
    "forfeit": N_("%(who)s ran out of time and forfeited the game."),
    "bot": N_("%(who)s ran out of time; the computer plays for them until they come back."),
}


def timeout_words(names, event) -> Phrase:
    words = TIMEOUT_WORDS.get(event.data.get("action"), N_("%(who)s ran out of time."))
    return Phrase(words.id, {"who": str(name_of(names, event.data))})


def vacation_started_words(names, event) -> Phrase:
    if "start" in event.data:
        return scheduled_vacation_words(str(name_of(names, event.data)), event.data["start"], event.data["end"])
    return said("%(who)s went on vacation: their clock is paused.", who=str(name_of(names, event.data)))


def scheduled_vacation_words(name: str, start: str, end: str) -> Phrase:
    """A vacation scheduled ahead, as the log and the other seats' notice tell it."""
    return said("%(who)s will be on vacation from %(start)s to %(end)s UTC: their clock is paused then.",
                who=name, start=start[:16].replace("T", " "), end=end[:16].replace("T", " "))


def vacation_ended_words(names, event) -> Phrase:
    if event.actor == "clock":
        return said("%(who)s's vacation ran out: their clock runs again.", who=str(name_of(names, event.data)))
    return said("%(who)s came back from vacation.", who=str(name_of(names, event.data)))


KINDS = {
    GAME_CREATED: Kind(nothing, public_created),
    SEED_REVEALED: Kind(nothing),
    SETTINGS_CHANGED: Kind(update_seat, hidden_data),
    VACATION_STARTED: Kind(vacation_started, words=vacation_started_words),
    VACATION_ENDED: Kind(vacation_ended, words=vacation_ended_words),
    TURN_TIMED_OUT: Kind(timed_out, words=timeout_words),
}


# --- the commands that write these events (and a seat's moves, which the game decides) -------------------


def move(module, state, command, chance) -> list[Event]:
    return module.decide(state, command["seat"], command["move"], chance)


def resign(module, state, command, chance) -> list[Event]:
    return module.resign(state, command["seat"], chance)


def timeout(module, state, command, chance) -> list[Event]:
    seat, action = command["seat"], command["action"]
    events = [Event(TURN_TIMED_OUT, {"seat": seat, "action": action}, "clock")]
    if action == "skip":
        events += module.decide(state, seat, module.timeout_move(state, seat), chance)
    elif action == "forfeit":
        events += module.resign(state, seat, chance)
    return events


def settings(module, state, command, chance) -> list[Event]:
    return [Event(SETTINGS_CHANGED, {"seat": command["seat"], **command["settings"]}, str(command["seat"]))]


def vacation(module, state, command, chance) -> list[Event]:
    kind = VACATION_STARTED if command["verb"] == "vacation_start" else VACATION_ENDED
    actor = "clock" if command.get("by") == "clock" else str(command["seat"])
    # a vacation scheduled for all of an address's games has its times; ending it early says so
    extra = {key: command[key] for key in ("start", "end", "scheduled") if key in command}
    return [Event(kind, {"seat": command["seat"], **extra}, actor)]


COMMANDS = {"move": move, "resign": resign, "timeout": timeout, "settings": settings,
            "vacation_start": vacation, "vacation_end": vacation}
