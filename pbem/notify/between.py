"""The notices of what passes between players (issue 15): a message (to every other seat, like a move,
gathered into the digest for those who asked for one), a proposal to answer (to the seats whose answer
is needed; a reply `accept` or `decline` answers it), a decline or a withdrawal (to those it concerns),
a takeback (to every other seat, with whose turn it is now), and a pause agreed or resumed (to every
other seat: their clocks stop or run again). Notes and conditional lines are sealed:
they cause no notice. An agreed ending is told by the result notice, as every ending is.

Everything is composed for one seat with pbem/notify/compose.py, so the same channels, redaction,
escaping (mail HTML is autoescaped; webhooks quiet mentions) and links apply.
"""

from __future__ import annotations

from ..events.agreements import GAME_REWOUND, PROPOSALS
from ..events.pauses import PAUSE_AGREED
from ..events.talk import MESSAGE_POSTED
from ..games.base import N_, Phrase, said
from ..words import lines_of, tell_events

VERBS = frozenset({"message", "note", "conditionals", "takeback", "propose", "answer", "resume"})
WEBHOOK_MESSAGE_AT_MOST = 1500


def notices_for(site, before, after, command: dict, now: str, new_events, db=None) -> list[dict]:
    from . import compose

    verb = command["verb"]
    actor = command.get("seat")
    names = after.names
    seats = [s for s in range(after.seat_count) if s != actor and compose.has_channel(after, s)]
    out: list[dict] = []

    def notice(seat: int, kind: str, told=compose.NOTHING, **extra):
        return compose.rows(site, after, seat, kind, now, told=told, extra=extra)

    if verb == "message":
        event = next(e for e in new_events if e.type == MESSAGE_POSTED)
        text = event.data["text"]
        short = " ".join(text.split())
        if len(short) > WEBHOOK_MESSAGE_AT_MOST:
            short = short[:WEBHOOK_MESSAGE_AT_MOST] + " …"
        for seat in seats:
            out += notice(seat, "message", author=names[actor], text=text, subject_extra=said("from %(who)s", who=names[actor]).to_json(),
                          webhook_text=said("%(who)s wrote: %(text)s", who=names[actor], text=short).to_json())
        return out
    if any(e.type == GAME_REWOUND for e in new_events):
        for seat in seats:  # told when delivered (`rewound_lines`), its webhook line the same words
            out += notice(seat, "rewound", ("rewound", before.seq))
        return out
    if verb == "propose":
        kind = PROPOSALS[command["kind"]]
        what = kind.words({**command})
        webhook = said("%(who)s proposes %(what)s: answer on your seat page, or reply accept or decline to the "
                       "e-mail.", who=names[actor], what=what)
        for seat in seats:
            if seat in command["needed"]:
                out += notice(seat, "proposal", proposer=names[actor], what=what.to_json() if isinstance(what, Phrase) else what,
                              webhook_text=webhook.to_json())
        return out
    paused = next((e for e in new_events if e.type == PAUSE_AGREED), None)
    if paused is not None:  # the last acceptance: every other seat is told that the clocks stand still
        until = paused.data["until"]
        for seat in seats:
            out += notice(seat, "paused", until=until,
                          webhook_text=said("everyone agreed to pause the game until %(until)s: every clock stands "
                                            "still.", until=until).to_json())
        return out
    if verb == "resume":
        for seat in seats:
            out += notice(seat, "resumed", who=names[actor],
                          webhook_text=said("%(who)s resumed the game: the clocks run again.",
                                            who=names[actor]).to_json())
        return out
    if verb == "answer" and not command["accept"]:
        proposal = (before.facts.get("proposal") or {}) if before is not None else {}
        withdrawn = command.get("withdrawn")
        told = proposal.get("needed", ()) if withdrawn else [proposal.get("seat")]
        what = PROPOSALS[proposal["kind"]].words(proposal) if proposal.get("kind") in PROPOSALS else N_("a proposal")
        line = said("%(who)s withdrew the proposal (%(what)s).", who=names[actor], what=what) if withdrawn else \
            said("%(who)s declined the proposal (%(what)s).", who=names[actor], what=what)
        for seat in seats:
            if seat in told:
                out += notice(seat, "answered", ("lines", [line.to_json()]), webhook_text=line.to_json())
    return out


def played_for(site, before, after, command: dict, now: str, new_events, db=None) -> list[dict]:
    """A seat whose conditional move was played is told so (it may not look at the game until its next
    turn): the moves that set it off, and its own."""
    from . import compose

    seat = command["seat"]
    if not compose.has_channel(after, seat):
        return []
    return compose.rows(site, after, seat, "conditional", now, told=("since", before.seq),
                        extra={"move": command["move"],
                               "webhook_text": said("your conditional move %(move)s was played.",
                                                    move=command["move"]).to_json()})


def rewound_lines(db, before, after, new_events, seat: int, language: str = "en") -> list[str]:
    """A takeback as `seat` reads it (its notice's lines, and its webhook's line joined), in `language`."""
    from ..play import loading

    return lines_of(tell_events(after, before, new_events, seat, loading.looking_back(db, after)), language)


def supersede_turn_notices(db, game_id: str, seat: int, upto: int, now: str) -> int:
    """A "your turn" notice not yet sent to a seat whose conditional move has answered since is dropped
    (best effort: one a sender already holds goes out). Returns how many were dropped."""
    from .. import store

    return store.outbox.supersede_turn_notices(db, game_id, seat, upto, now)
