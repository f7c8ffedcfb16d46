"""What the platform decides for a seat besides the game's own rules (the game's `decide` judges the
move itself): whether a seat may move at all, resign, go on vacation, hand its seat on or take it
back from the computer, which open seat a joiner takes, whether a takeback may be made alone, who
must accept a proposal and when an answer completes it, whether a message or a note may be posted,
and when the clock may time a seat out. Each decider takes the folded game (and, where it must look
back, the game's log) and returns the command to record, or raises the refusal, in the words a player
reads.

The service decides with these against the log in the database (`StoredLog` in
pbem/between/agreements.py); `pbem verify` and `pbem import` decide again with the very same functions,
command by command, against the recorded log (pbem/play/audit.py), and refuse a record whose commands are not
what they give: a draw "agreed" by one seat alone, another seat's move taken back alone. So the audit
and the service cannot drift apart.

A refusal added later, of something that changes nothing in the game (a message or a note after its end,
a takeback to the position the game already stands at), is the service's (pbem/between/talk.py and
agreements.py), not a decider's: games recorded before it hold such events, and must still verify.

Pure: no database, no clock (the moment comes in), no I/O; the log is read through `Log`.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Iterator, Protocol, Sequence

from ..events.agreements import GAME_REWOUND, PROPOSALS
from ..events.computer import FACT as COMPUTER_FACT
from ..events.computer import playing_for
from ..events.reopening import reopened_seats
from ..events.talk import MAX_MESSAGE, MAX_NOTE, MESSAGES_PER_HOUR
from ..games.base import Event, counted
from . import clock
from .errors import BadRequest, Conflicting, Forbidden, Refused, TooMany, Unprocessable
from .folding import PLATFORM_EVENTS, Folded

OFFERS = {"draw": "draw", "abandon": "abandon", "upgrade": "upgrade", "pause": "pause",  # upgrade: 16; pause: 28
          "reopen": "reopen"}  # reopen: 31
OFFER_KINDS = "kind must be \"draw\", \"abandon\", \"upgrade\", \"pause\" or \"reopen\""
REOPEN_AFTER = timedelta(days=7)  # the computer stands in this long for a seat before the others may reopen it


class Log(Protocol):
    """The game's log as far as the folded game it is read with (its head)."""

    def commands_of(self, verbs: Sequence[str], after: int = 0) -> list[tuple[int, dict]]:
        """(seq, command) of the appends after `after` whose command is one of these verbs."""

    def appends_back(self, upto: int) -> Iterator[list]:
        """The appends ending at or before `upto`, from the last to the first, each as its events."""

    def starts_append(self, seq: int) -> bool:
        """Whether the event at `seq` is there and is the first of an append (it carries the command)."""

    def first_position(self) -> int:
        """The position after the game's setup (the end of its creating append)."""


# --- moves, resignations and the clock ------------------------------------------------------------------


def check_may_move(folded: Folded, legal: Sequence[str]) -> None:
    """A seat with no legal move now (the seat's `legal`, from folding.legal_moves) moves nothing."""
    if legal:
        return
    if folded.finished:
        raise Forbidden("the game is over")
    if folded.facts.get("waiting"):
        raise Forbidden("the game has not begun: it waits for players to take its open seats")
    raise Forbidden("you have no move to make now: it is not your turn")


def resign_command(folded: Folded, seat: int) -> dict:
    if folded.finished:
        raise Forbidden("the game is over")
    return {"verb": "resign", "seat": seat}  # the game refuses a seat that has already left


def clock_command(folded: Folded, seat: int, kind: str, moment: datetime) -> dict | None:
    """What the clock does for the seat at `moment`: a timeout (acted on as the game's options say) or
    the end of a vacation that used up the year's allowance; None when there is nothing to do."""
    if folded.finished or seat not in folded.owing_since:
        return None
    if kind == "vacation_end":
        runs_out = clock.vacation_runs_out(folded.clock, folded.vacations, seat)
        if runs_out is None or moment < runs_out:
            return None
        return {"verb": "vacation_end", "seat": seat, "by": "clock"}
    if seat in folded.timed_out:
        return None
    limit = folded.deadline(seat, moment)
    if limit is None or moment < limit:
        return None
    action = folded.clock.get("on_timeout", "remind")
    if action == "skip" and folded.module.timeout_move(folded.state, seat) is None:
        action = "remind"  # the rules allow no pass here: keep reminding instead
    return {"verb": "timeout", "seat": seat, "action": action}


def vacation_command(folded: Folded, seat: int, verb: str, now: str) -> dict:
    """A seat going on vacation (its clock paused, within the year's allowance), or coming back."""
    if verb == "vacation_end":
        if not clock.on_vacation(folded.vacations, seat):
            raise Forbidden("you are not on vacation")
        return {"verb": "vacation_end", "seat": seat}
    if folded.finished:
        raise Forbidden("the game is over")
    if not clock.has_clock(folded.clock):
        raise Forbidden("this game has no clock, so there is nothing to pause")
    if clock.on_vacation(folded.vacations, seat):
        raise Forbidden("you are already on vacation")
    used = clock.vacation_used(folded.vacations, seat, clock.parse_time(now))
    if used >= timedelta(days=folded.clock.get("vacation_days", clock.DEFAULT_VACATION_DAYS)):
        raise Forbidden("you have used all your vacation for this year")
    return {"verb": "vacation_start", "seat": seat}


def scheduled_vacation_command(folded: Folded, seat: int, start: datetime, end: datetime, now: datetime) -> dict | None:
    """A vacation scheduled ahead for all of an address's games, as this game records it: as much of it
    as the game's own `vacation_days` still allow in the year before its end (the rest of it is not
    taken here: the seat's clock runs again when this game's part ends). None when this game takes no
    part of it: over, no clock, nothing left of its allowance, or a vacation already under way or ahead."""
    if folded.finished or not clock.has_clock(folded.clock) or end <= start:
        return None
    if start < now:
        raise Unprocessable("a vacation for all your games is scheduled ahead: it cannot begin before now")
    if any(isinstance(v, clock.Vacation) and v.seat == seat and (v.end is None or v.end > now) for v in folded.vacations):
        return None
    allowed = timedelta(days=folded.clock.get("vacation_days", clock.DEFAULT_VACATION_DAYS))
    left = allowed - clock.vacation_taken(folded.vacations, seat, start, end, now)
    if left <= timedelta(0):
        return None
    end = min(end, start + left)
    return {"verb": "vacation_start", "seat": seat, "start": clock.format_time(start), "end": clock.format_time(end)}


def end_scheduled_vacation_command(folded: Folded, seat: int, now: datetime) -> dict | None:
    """An address's vacation ended early (or dropped before it began) in this game; None when the seat
    has none under way or ahead."""
    if not any(isinstance(v, clock.Vacation) and v.seat == seat and v.end is not None and v.end > now
               for v in folded.vacations):
        return None
    return {"verb": "vacation_end", "seat": seat, "scheduled": True}


def rest_days_command(folded: Folded, seat: int, days, zone) -> dict:
    """A seat's rest days in its time zone (at most two a week, so every clock ends); the game's creator
    may forbid them. They count from the seat's next turn on."""
    if folded.finished:
        raise Forbidden("the game is over")
    if not clock.rests_allowed(folded.clock):
        raise Unprocessable("this game does not allow rest days")
    try:
        chosen = clock.rest_days_of(days or [])
        zone = clock.checked_zone(zone or "UTC")
    except ValueError as error:
        raise Unprocessable(str(error)) from None
    return {"verb": "rest_days", "seat": seat, "days": clock.day_names(chosen), "zone": zone}


def come_back_command(folded: Folded, seat: int) -> dict:
    """The person of a timed-out seat takes it back from the computer (their own move does too)."""
    if folded.finished:
        raise Forbidden("the game is over")
    if not playing_for(folded, seat):
        raise Forbidden("the computer is not playing for you: your seat is yours")
    return {"verb": "come_back", "seat": seat}


def join_command(folded: Folded, name: str, email: str | None) -> dict:
    """A person (name and address checked by the caller) takes the next open seat; the last one taken
    starts the game."""
    seats = [seat["seat"] for seat in folded.seats if seat.get("open")]
    if not seats:
        raise Conflicting("every seat of this game is taken already")
    return {"verb": "join", "seat": seats[0], "name": name, "email": email, "last": len(seats) == 1}


def take_seat_command(folded: Folded, seat: int, generation: Any, name: str, email: str | None,
                      token_sha256: str) -> dict:
    """A newcomer (name and address checked by the caller) takes a reopened seat through its invitation,
    made at the seat's `generation` (an older reopening's invitation opens nothing), with the hash of the
    seat's link at the generation after it (derived by the caller from the server's key)."""
    if folded.finished:
        raise Forbidden("the game is over: there is no seat to take")
    if seat not in reopened_seats(folded) or folded.seats[seat].get("generation", 0) != generation:
        raise Conflicting("that seat has been taken already: this invitation opens nothing any more")
    return {"verb": "take_seat", "seat": seat, "name": name, "email": email, "previous": folded.names[seat],
            "generation": int(generation) + 1, "token_sha256": token_sha256}


def handover_command(folded: Folded, seat: int, name: str, email: str, token_sha256: str) -> dict:
    """The seat handed on to a new holder (name and address checked by the caller), with the hash of
    the seat's link at its next generation (the link derived by the caller from the server's key)."""
    if folded.finished:
        raise Forbidden("the game is over: there is no seat to hand on")
    return {"verb": "handover", "seat": seat, "name": name, "email": email, "previous": folded.names[seat],
            "generation": int(folded.seats[seat].get("generation", 0)) + 1, "token_sha256": token_sha256}


# --- messages and notes ---------------------------------------------------------------------------------


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
        raise TooMany(counted("at most %(most)s messages an hour from one seat; try again in %(n)s minute",
                              "at most %(most)s messages an hour from one seat; try again in %(n)s minutes",
                              max(1, wait // 60), most=MESSAGES_PER_HOUR), wait)


def message_command(folded: Folded, seat: int, text: Any, now: str) -> dict:
    text = clean_text(text, MAX_MESSAGE, "message")
    check_rate(folded, seat, now)
    return {"verb": "message", "seat": seat, "text": text}


def note_command(folded: Folded, seat: int, text: Any, about: Any = None) -> dict:
    """A note about position `about` (default: the position now)."""
    text = clean_text(text, MAX_NOTE, "note")
    if about is not None and (isinstance(about, bool) or not isinstance(about, int)):
        raise BadRequest("seq must be the whole number of a position of the game")
    position = folded.seq if about is None else about
    if not 1 <= position <= folded.seq:
        raise Refused(f"seq {position} is not a position of this game (it has positions 1 to {folded.seq})")
    return {"verb": "note", "seat": seat, "about": position, "text": text}


# --- who is still in the game, and what a seat may take back alone ----------------------------------------


def left_seats(log: Log) -> set[int]:
    """Seats that left the game: by resigning, or by a timeout that forfeited."""
    out = set()
    for _, command in log.commands_of(("resign", "timeout")):
        if command["verb"] == "resign" or command.get("action") == "forfeit":
            out.add(command["seat"])
    return out


def in_game(log: Log, folded: Folded) -> list[int]:
    gone = left_seats(log)
    return [s for s in range(folded.seat_count) if s not in gone]


def asked(log: Log, folded: Folded, seat: int, besides: int | None = None) -> list[int]:
    """The seats that must accept `seat`'s proposal: every other person still in the game. A seat made
    as a computer player is never asked (it cannot answer; a person playing computers may take back and
    end as they please, as on every site with computer opponents); a person the computer stands in for
    after a timeout is asked, since they may come back."""
    return [s for s in in_game(log, folded) if s not in (seat, besides) and not folded.seats[s].get("bot")]


def reveals(folded: Folded, event) -> bool:
    if event.type in PLATFORM_EVENTS:
        return False
    module = folded.module
    if not hasattr(module, "reveals"):
        return True  # a game that cannot say what reveals anything: nothing is taken back alone
    return bool(module.reveals(Event(event.type, event.data, event.actor)))


def alone_over(folded: Folded, batch, seat: int) -> bool:
    """Whether the seat may take back this append alone."""
    command = batch[0].command or {}
    if command.get("seat") != seat or command.get("verb") in ("resign", "create", "timeout"):
        return False
    for event in batch:
        if event.type == GAME_REWOUND and event.data.get("proposal") is not None:
            return False  # a takeback the others agreed to is not this seat's to undo alone
        if reveals(folded, event):
            return False
    return True


def reach_alone(log: Log, folded: Folded, seat: int) -> int:
    """The earliest position the seat may take the game back to alone (folded.seq: none earlier)."""
    reach = folded.seq
    for batch in log.appends_back(folded.seq):
        if batch[0].seq == 1 or not alone_over(folded, batch, seat):
            break
        reach = batch[0].seq - 1
    return reach


def is_position(log: Log, folded: Folded, seq: int) -> bool:
    """Whether `seq` ends an append (a position one can step to in the history)."""
    return seq == folded.seq or (seq < folded.seq and log.starts_append(seq + 1))


def was_taken_back(folded: Folded, batch) -> bool:
    """Whether a later takeback went back to before this append."""
    return any(to < batch[0].seq and batch[-1].seq < by for to, by in folded.facts.get("rewinds", ()))


# --- proposals, and their answers ---------------------------------------------------------------------------


def open_proposal(folded: Folded) -> dict | None:
    """The proposal open now, or None. One that lapses on a move is closed by any move made since."""
    proposal = folded.facts.get("proposal")
    if not proposal or folded.finished:
        return None
    kind = PROPOSALS.get(proposal["kind"])
    if kind is None:
        return None
    moved = max(folded.last_acted.values(), default=0)
    if kind.lapses_on_move and moved > proposal["seq"]:
        return None
    return proposal


def check_no_other_proposal(folded: Folded, seat: int) -> None:
    proposal = open_proposal(folded)
    if proposal is not None and proposal["seat"] != seat:
        raise Conflicting(f"{folded.names[proposal['seat']]}'s proposal ({PROPOSALS[proposal['kind']].title}) is open: "
                          "answer it first")


def proposal_command(log: Log, folded: Folded, seat: int, kind: str, fields: dict) -> dict:
    check_no_other_proposal(folded, seat)
    needed = asked(log, folded, seat, besides=fields.get("reopen"))  # a vanished seat is not asked about itself
    command = {"verb": "propose", "seat": seat, "kind": kind, "needed": needed, **fields}
    if not needed:  # nobody else left to ask: it is carried out at once
        command.update(settle={"kind": kind, "seat": seat, "needed": [], **fields}, settle_seq=folded.seq + 1)
    return command


def takeback_command(log: Log, folded: Folded, seat: int, to_seq: Any) -> dict:
    """Take the game back to position `to_seq`: alone when the log allows, else as a proposal."""
    if folded.finished:
        raise Refused("the game is over: nothing can be taken back")
    if isinstance(to_seq, bool) or not isinstance(to_seq, int):
        raise BadRequest("to_seq must be the whole number of a position of the game")
    start = log.first_position()
    if not start <= to_seq < folded.seq:
        raise Refused(f"position {to_seq} cannot be taken back to: the game can go back to positions {start} "
                      f"to {folded.seq - 1}" if start < folded.seq else "there is no move to take back yet")
    if not is_position(log, folded, to_seq):
        raise Refused(f"position {to_seq} falls inside a move: take back to the position before or after it")
    if to_seq >= reach_alone(log, folded, seat):
        return {"verb": "takeback", "seat": seat, "to_seq": to_seq}
    for seq, command in log.commands_of(("resign", "timeout"), after=to_seq):
        if command["verb"] == "resign" or command.get("action") == "forfeit":
            raise Refused(f"{folded.names[command['seat']]} left the game after position {to_seq}: "
                          "a takeback cannot bring them back")
    return proposal_command(log, folded, seat, "takeback", {"to_seq": to_seq})


def newer_rules(folded: Folded) -> int | None:
    """The current rules version when it is newer than the one this game plays, else None."""
    current = getattr(folded.module, "RULES_VERSION", 1)
    return current if current > folded.rules_version and hasattr(folded.module, "upgrade") else None


def upgrade_fields(folded: Folded, to: int | None = None) -> dict:
    """What a proposal to move the game to newer rules carries (`to`: a version between the game's and
    the current one; default the current), once the game has said that its position is valid under
    them (its `upgrade` refuses one that is not)."""
    newer = newer_rules(folded)
    if newer is None:
        raise Refused(f"this game already plays the current rules (version {folded.rules_version})")
    if to is not None:
        if isinstance(to, bool) or not isinstance(to, int) or not folded.rules_version < to <= newer:
            raise Refused(f"the game plays version {folded.rules_version} of the rules: it can move to a version "
                          f"after it, up to {newer}, not {to!r}")
        newer = to
    try:
        folded.module.upgrade(folded.state, newer)
    except ValueError as error:  # the game's own refusal (InvalidOptions), in its words
        raise Refused(f"the game cannot move to version {newer} of the rules as it stands: {error}") from None
    return {"from": folded.rules_version, "to": newer}


def offer_command(log: Log, folded: Folded, seat: int, kind: Any, to: int | None = None, until: Any = None,
                  now: str | None = None, reopen: Any = None) -> dict:
    """Offer a draw, to abandon the game, to move it to newer rules (`to`, default the current), to
    pause it until `until` (offered at `now`), or to reopen the abandoned seat `reopen`."""
    if kind not in OFFERS:
        raise Refused(OFFER_KINDS)
    if folded.finished:
        raise Refused("the game is over")
    fields = upgrade_fields(folded, to) if kind == "upgrade" else {}
    if kind == "pause":
        fields = pause_fields(folded, until, now)
    if kind == "reopen":
        fields = reopen_fields(log, folded, seat, reopen, now)
    return proposal_command(log, folded, seat, OFFERS[kind], fields)


def vanished_since(log: Log, folded: Folded, seat: int) -> int | None:
    """The seq of the seat's first timeout since its holder last decided anything (a move of their own,
    a return from the computer, taking the seat): when they vanished; None when their last decision was
    not a timeout."""
    since = None
    held = int(folded.seats[seat].get("held_since") or 0)
    for seq, command in log.commands_of(("move", "timeout", "come_back", "take_seat", "handover"), after=held):
        if command.get("seat") != seat:
            continue
        if command["verb"] == "timeout":
            since = since or seq
        elif command.get("via") != "bot":
            since = None
    return since


def time_of(log: Log, seq: int) -> datetime:
    """When the event at `seq` was appended."""
    batch = next(log.appends_back(seq))
    return clock.parse_time(next(e for e in batch if e.seq == seq).at)


def reopen_fields(log: Log, folded: Folded, seat: int, target: Any, now: str | None) -> dict:
    """What an offer to reopen seat `target` carries, once it is allowed: the seat ran out of time and
    its holder has not decided anything since, or the computer has stood in for it for REOPEN_AFTER (by
    the events' times: the timeout's and this offer's)."""
    if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < folded.seat_count:
        raise BadRequest("seat must be the number of the seat to reopen, as the game's seats are counted (from 0)")
    name = folded.names[target]
    if target == seat:
        raise Refused("you cannot reopen your own seat: hand it on to someone instead")
    if folded.seats[target].get("bot"):
        raise Refused(f"{name} is a computer player: there is no vanished player to replace")
    if target in reopened_seats(folded):
        raise Refused(f"{name}'s seat is reopened already: it waits for someone to take it")
    if target in left_seats(log):
        raise Refused(f"{name} has left the game: their seat cannot be reopened")
    since = vanished_since(log, folded, target)
    if since is None:
        raise Refused(f"{name} has not run out of time: the seat is still theirs")
    if playing_for(folded, target):
        standing = clock.parse_time(now) - time_of(log, folded.facts[COMPUTER_FACT][target])
        if standing < REOPEN_AFTER:
            days = standing.days
            raise Refused(f"the computer has stood in for {name} for {days} day{'' if days == 1 else 's'} only: "
                          f"their seat may be reopened once it has stood in for a week")
    return {"reopen": target, "holder": name}


def pause_fields(folded: Folded, until: Any, now: str | None) -> dict:
    """What an offer to pause the game carries: its end, in the future, at most PAUSE_MOST_AHEAD ahead,
    within the game's PAUSE_DAYS_A_YEAR, and only where the creator allows pauses and none runs now."""
    if not clock.has_clock(folded.clock):
        raise Refused("this game has no clock, so there is nothing to pause")
    if not clock.pauses_allowed(folded.clock):
        raise Refused("the creator of this game does not allow pauses")
    moment = clock.parse_time(now)
    running = clock.pause_running(folded.vacations, moment)
    if running is not None:
        raise Refused(f"the game is paused already, until {clock.format_time(running.end)}")
    try:
        end = clock.parse_time(until) if isinstance(until, str) else None
    except ValueError:
        end = None
    if end is None or end.tzinfo is None:
        raise Refused("until must be a date and time with its zone, like 2026-12-24T18:00:00Z")
    if end <= moment:
        raise Refused("until must be in the future")
    most = clock.PAUSE_MOST_AHEAD.days
    if end - moment > clock.PAUSE_MOST_AHEAD:
        raise Refused(f"a pause ends at most {most} days ahead")
    used = clock.paused_by_agreement(folded.vacations, moment - timedelta(days=365), moment)
    left = timedelta(days=clock.PAUSE_DAYS_A_YEAR) - used
    if end - moment > left:
        raise Refused(f"a game is paused at most {clock.PAUSE_DAYS_A_YEAR} days in a year; this one has "
                      f"{max(0, left.days)} days left")
    return {"until": clock.format_time(end)}


def resume_command(folded: Folded, seat: int, now: str) -> dict:
    """Any seat ends the pause under way."""
    if folded.finished:
        raise Refused("the game is over")
    if clock.pause_running(folded.vacations, clock.parse_time(now)) is None:
        raise Conflicting("the game is not paused")
    return {"verb": "resume", "seat": seat}


def answer_command(folded: Folded, seat: int, accept: Any, group: str | None, seen: int | None = None) -> dict:
    """A seat's answer to the open proposal (of this group: "takeback" or "offer"; None: any). `seen`:
    the position the answering seat saw (an e-mail answers the proposal its notice told of, no later one)."""
    if not isinstance(accept, bool):
        raise BadRequest("accept must be true or false")
    proposal = open_proposal(folded)
    kind = PROPOSALS[proposal["kind"]] if proposal else None
    if proposal is None or (group is not None and kind.group != group):
        wanted = {"takeback": "no takeback is proposed", "offer": "no draw, abandonment or move to new rules is offered"}
        raise Conflicting(wanted.get(group, "no proposal is open") + " now")
    if seen is not None and proposal["seq"] > seen:
        raise Conflicting("a newer proposal was made since the notice you answered: look at it first")
    base = {"verb": "answer", "seat": seat, "proposal": proposal["seq"], "accept": accept}
    if seat == proposal["seat"]:
        if accept:
            raise Forbidden("it is your own proposal: the others answer it")
        return {**base, "withdrawn": True}
    if seat not in proposal["needed"]:
        raise Forbidden("your answer is not asked for this proposal")
    if seat in proposal["accepted"]:
        raise Conflicting("you have accepted this proposal already")
    if accept and set(proposal["needed"]) <= {*proposal["accepted"], seat}:
        fields = {name: proposal[name] for name in kind.fields}
        base.update(settle={"kind": proposal["kind"], "seat": proposal["seat"], "needed": list(proposal["needed"]),
                            **fields}, settle_seq=proposal["seq"])
    return base
