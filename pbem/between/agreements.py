"""Takebacks and agreed endings: what a seat may take back alone, computed from the log; proposals the
other seats still in the game must accept; and their answers (from the pages, the API and e-mail).

Taking back alone. A seat may take the game back alone to any position after which every append was
its own command (a move, a note, a message, its own earlier takeback...), drew no chance and showed
nothing hidden (the game's `reveals`): nobody else has acted on, or learned anything from, what it takes
back. Further back it proposes, and every other seat still in the game must accept. Never across a
resignation or a forfeit (that seat left the game and cannot agree), never before the game's start, and
never once the game is over.

Proposals. One proposal is open at a time (an e-mail's "accept" answers *the* open proposal): a seat
may replace its own, not another's. A decline (the proposer's own "no" withdraws it) closes it, and so
does any move (a change of position), for the kinds that lapse on a move: all three here. The answer
that completes one carries it out in the same append (pbem/events/agreements.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import service, store
from ..errors import Conflicting, Forbidden
from ..events.agreements import GAME_REWOUND, PROPOSALS
from ..events.versions import RULES_UPGRADED
from ..folding import PLATFORM_EVENTS, Folded
from ..games.base import Event
from . import Refused

READ_BACK = 64  # appends read at a time when walking the log backwards
OFFERS = {"draw": "draw", "abandon": "abandon", "upgrade": "upgrade"}  # upgrade: issue 16


@dataclass(frozen=True)
class Done:
    """What a takeback or an answer did: applied (the game went back, or ended), or a proposal left open."""

    played: service.Played
    applied: bool
    proposal: int | None = None


# --- reading the log -----------------------------------------------------------------------------------


def left_seats(db, game_id: str) -> set[int]:
    """Seats that left the game: by resigning, or by a timeout that forfeited."""
    out = set()
    for _, command in store.commands_of(db, game_id, ("resign", "timeout")):
        if command["verb"] == "resign" or command.get("action") == "forfeit":
            out.add(command["seat"])
    return out


def in_game(db, folded: Folded) -> list[int]:
    gone = left_seats(db, folded.id)
    return [s for s in range(folded.seat_count) if s not in gone]


def asked(db, folded: Folded, seat: int) -> list[int]:
    """The seats that must accept `seat`'s proposal: every other person still in the game. A seat made
    as a computer player is never asked (it cannot answer; a person playing computers may take back and
    end as they please, as on every site with computer opponents); a person the computer stands in for
    after a timeout is asked, since they may come back."""
    return [s for s in in_game(db, folded) if s != seat and not folded.seats[s].get("bot")]


def appends_back(db, folded: Folded):
    """The game's appends from the last back to the first, each as its list of events."""
    upto = folded.seq
    while upto >= 1:
        starts = store.command_seqs(db, folded.id, upto=upto, limit=READ_BACK, descending=True)
        if not starts:
            return
        events = store.read_events_after(db, folded.id, starts[-1][0] - 1, upto=upto)
        for start, _ in starts:
            batch = [e for e in events if start <= e.seq <= upto]
            yield batch
            upto = start - 1


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


def first_position(db, game_id: str) -> int:
    """The position after the game's setup: nothing is taken back before it."""
    following = store.command_seqs(db, game_id, after=1, limit=1)
    return following[0][0] - 1 if following else store.last_event(db, game_id).seq


def reach_alone(db, folded: Folded, seat: int) -> int:
    """The earliest position the seat may take the game back to alone (folded.seq: none earlier)."""
    reach = folded.seq
    for batch in appends_back(db, folded):
        if batch[0].seq == 1 or not alone_over(folded, batch, seat):
            break
        reach = batch[0].seq - 1
    return reach


def is_position(db, folded: Folded, seq: int) -> bool:
    """Whether `seq` ends an append (a position one can step to in the history)."""
    if seq == folded.seq:
        return True
    following = store.event_at(db, folded.id, seq + 1)
    return following is not None and following.command is not None


def stands_at(db, folded: Folded, to_seq: int) -> bool:
    """Whether the game stands now at position `to_seq` (an earlier one): every append since left the
    position as it was (a message, a note, a setting), or took the game back to that very position, or
    to a later one where it stood. A takeback to it would change nothing: a second click in another tab
    that the first one has already carried out."""
    stood = folded.seq  # the position whose state is the game's now
    for batch in appends_back(db, folded):
        if batch[-1].seq <= to_seq:
            return True
        if batch[0].seq > stood:
            continue  # taken back over: what it did is not the game's now
        rewind = next((e for e in batch if e.type == GAME_REWOUND), None)
        if rewind is not None:
            stood = rewind.data["to_seq"]
            if stood <= to_seq:
                return stood == to_seq
        elif any(e.type not in PLATFORM_EVENTS or e.type == RULES_UPGRADED for e in batch):
            return False
    return True


# --- proposals -----------------------------------------------------------------------------------------


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


def proposal_command(db, folded: Folded, seat: int, kind: str, fields: dict) -> dict:
    check_no_other_proposal(folded, seat)
    needed = asked(db, folded, seat)
    command = {"verb": "propose", "seat": seat, "kind": kind, "needed": needed, **fields}
    if not needed:  # nobody else left to ask: it is carried out at once
        command.update(settle={"kind": kind, "seat": seat, "needed": [], **fields}, settle_seq=folded.seq + 1)
    return command


def done(played: service.Played, command: dict) -> Done:
    if command.get("settle"):
        return Done(played, True)
    if command["verb"] == "propose":
        return Done(played, False, played.events[0].seq)
    return Done(played, command["verb"] == "takeback")


# --- the verbs -----------------------------------------------------------------------------------------


def takeback_command(db, folded: Folded, seat: int, to_seq: Any) -> dict:
    """Take the game back to position `to_seq`: alone when the log allows, else as a proposal."""
    if folded.finished:
        raise Refused("the game is over: nothing can be taken back")
    if isinstance(to_seq, bool) or not isinstance(to_seq, int):
        raise service.BadRequest("to_seq must be the whole number of a position of the game")
    start = first_position(db, folded.id)
    if not start <= to_seq < folded.seq:
        raise Refused(f"position {to_seq} cannot be taken back to: the game can go back to positions {start} "
                      f"to {folded.seq - 1}" if start < folded.seq else "there is no move to take back yet")
    if not is_position(db, folded, to_seq):
        raise Refused(f"position {to_seq} falls inside a move: take back to the position before or after it")
    if stands_at(db, folded, to_seq):
        raise Conflicting(f"the game already stands at position {to_seq}: nothing changed since, so there is "
                          "nothing to take back (was it taken back already, from another page?)")
    if to_seq >= reach_alone(db, folded, seat):
        return {"verb": "takeback", "seat": seat, "to_seq": to_seq}
    for seq, command in store.commands_of(db, folded.id, ("resign", "timeout"), after=to_seq):
        if command["verb"] == "resign" or command.get("action") == "forfeit":
            raise Refused(f"{folded.names[command['seat']]} left the game after position {to_seq}: "
                          "a takeback cannot bring them back")
    return proposal_command(db, folded, seat, "takeback", {"to_seq": to_seq})


def act_as(db, site, game_id: str, seat_for, make_command, now: str | None = None) -> Done:
    """Run a seat's command (the seat named by `seat_for(folded)`: a bearer token, or an e-mail's signed
    reply address) with the service's retry on a lost race; what it did."""
    for _ in range(service.APPEND_ATTEMPTS):
        folded = service.load(db, game_id)
        command = make_command(folded, seat_for(folded))
        try:
            return done(service.append_command(db, site, folded, command, now or service.utcnow()), command)
        except store.Conflict:
            continue
    raise service.Busy("the game is too busy right now; try again")


def by_token(token: str | None):
    return lambda folded: service.seat_of(folded, token)


def take_back(db, site, game_id: str, token: str | None, to_seq: Any, now: str | None = None) -> Done:
    return act_as(db, site, game_id, by_token(token),
                  lambda folded, seat: takeback_command(db, folded, seat, to_seq), now)


def was_taken_back(folded: Folded, batch) -> bool:
    """Whether a later takeback went back to before this append."""
    return any(to < batch[0].seq and batch[-1].seq < by for to, by in folded.facts.get("rewinds", ()))


def last_own_move(db, folded: Folded, seat: int) -> int | None:
    """The position before the seat's latest move still standing (an e-mailed "takeback" takes that back)."""
    for batch in appends_back(db, folded):
        command = batch[0].command or {}
        if command.get("verb") == "move" and command.get("seat") == seat and not was_taken_back(folded, batch):
            return batch[0].seq - 1
        if command.get("verb") == "create":
            return None
    return None


def newer_rules(folded: Folded) -> int | None:
    """The current rules version when it is newer than the one this game plays, else None."""
    current = getattr(folded.module, "RULES_VERSION", 1)
    return current if current > folded.rules_version and hasattr(folded.module, "upgrade") else None


def upgrade_fields(folded: Folded) -> dict:
    """What a proposal to move the game to the current rules carries, once the game has said that its
    position is valid under them (its `upgrade` refuses one that is not)."""
    newer = newer_rules(folded)
    if newer is None:
        raise Refused(f"this game already plays the current rules (version {folded.rules_version})")
    try:
        folded.module.upgrade(folded.state, newer)
    except ValueError as error:  # the game's own refusal (InvalidOptions), in its words
        raise Refused(f"the game cannot move to version {newer} of the rules as it stands: {error}") from None
    return {"from": folded.rules_version, "to": newer}


def offer(db, site, game_id: str, token: str | None, kind: Any, now: str | None = None) -> Done:
    """Offer a draw, to abandon the game, or to move it to the current rules."""
    if kind not in OFFERS:
        raise Refused("kind must be \"draw\", \"abandon\" or \"upgrade\"")

    def command(folded, seat):
        if folded.finished:
            raise Refused("the game is over")
        fields = upgrade_fields(folded) if kind == "upgrade" else {}
        return proposal_command(db, folded, seat, OFFERS[kind], fields)

    return act_as(db, site, game_id, by_token(token), command, now)


def answer_command(db, folded: Folded, seat: int, accept: Any, group: str | None, seen: int | None = None) -> dict:
    """A seat's answer to the open proposal (of this group: "takeback" or "offer"; None: any). `seen`:
    the position the answering seat saw (an e-mail answers the proposal its notice told of, no later one)."""
    if not isinstance(accept, bool):
        raise service.BadRequest("accept must be true or false")
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


def answer(db, site, game_id: str, token: str | None, accept: Any, group: str | None = None,
           now: str | None = None) -> Done:
    return act_as(db, site, game_id, by_token(token),
                  lambda folded, seat: answer_command(db, folded, seat, accept, group), now)


# --- for the seat page ---------------------------------------------------------------------------------


def takeback_choices(db, folded: Folded, seat: int, most: int = 8) -> list[dict]:
    """The positions before the latest moves that the seat might take the game back to, latest first:
    each with whether it may do so alone, and whose move it undoes."""
    if folded.finished:
        return []
    reach = reach_alone(db, folded, seat)
    start = first_position(db, folded.id)
    out = []
    for batch in appends_back(db, folded):
        if batch[0].seq <= start or len(out) >= most:
            break
        command = batch[0].command or {}
        if command.get("verb") not in ("move", "timeout") or not any(e.type not in PLATFORM_EVENTS for e in batch) \
                or was_taken_back(folded, batch):
            continue  # only positions before a move still standing are offered (the API takes any position)
        who = command.get("seat")
        out.append({"to_seq": batch[0].seq - 1, "alone": batch[0].seq - 1 >= reach,
                    "undoes": folded.names[who] if isinstance(who, int) else "the clock",
                    # the seat's own move in its words; another seat's move text may be hidden from it
                    "move": command.get("move", "") if who == seat and command.get("verb") == "move" else ""})
    return out
