"""What the players agree on (issue 15): taking moves back, and ending a game by agreement.

A seat may take back alone (`game_rewound {to_seq}`: the game's state becomes that of position `to_seq`;
the log keeps everything), or propose what needs the others: `proposal_made {seat, kind, needed, ...}`,
answered by each seat in `needed` with `proposal_answered {seat, proposal, accept}`. The acceptance that
completes a proposal carries it out in the same append, with the events of its kind: a takeback's
`game_rewound {to_seq, proposal}`, a draw's or an abandonment's `ending_agreed {termination, proposal,
seats}`. A decline (or the proposer's own "no": a withdrawal) closes it; a move makes it lapse (see
`pbem/between/agreements.py`, which reads the folded facts and decides).

Proposal kinds are a registry (`PROPOSALS`): a new kind (every seat agreeing to move the game to the
current rules, say) adds an entry with the events that carry it out and its words, and the commands,
the API's answers, the pages and the mail replies take it as they take these.

Commands here are pure: what a seat may do was decided by the service with the whole folded game, and
the command records that decision (`settle`: the proposal's fields when this answer completes it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..games.base import N_, Event, Outcome, Phrase, joined, said
from .kinds import Kind, Working
from .reopening import reopen

PROPOSAL_MADE = "proposal_made"
PROPOSAL_ANSWERED = "proposal_answered"
GAME_REWOUND = "game_rewound"
ENDING_AGREED = "ending_agreed"


@dataclass(frozen=True)
class ProposalKind:
    """One kind of proposal: what it is called, the fields it carries besides its kind, the events
    that carry it out once every seat it needs has accepted, and whether a move makes it lapse."""

    title: str                                            # "a takeback", for the words
    settle: Callable[[Mapping[str, Any], int], list[Event]]   # (proposal's data, its seq) -> events
    fields: tuple[str, ...] = ()
    lapses_on_move: bool = True
    group: str = "offer"                                  # which answer endpoint takes it: takeback | offer
    words: Callable[[Mapping[str, Any]], Phrase | str] = lambda data: ""  # a Phrase (read in a language)


def rewind_to(data, proposal: int) -> list[Event]:
    return [Event(GAME_REWOUND, {"to_seq": data["to_seq"], "proposal": proposal}, "rules")]


def ending(termination: str):
    def settle(data, proposal: int) -> list[Event]:
        return [Event(ENDING_AGREED, {"termination": termination, "proposal": proposal,
                                      "seats": sorted([data["seat"], *data["needed"]])}, "rules")]
    return settle


PROPOSALS: dict[str, ProposalKind] = {
    "takeback": ProposalKind("a takeback", rewind_to, fields=("to_seq",), group="takeback",
                             words=lambda data: said("to take back to move %(move)s", move=data["to_seq_move"])
                             if "to_seq_move" in data  # the move list's number, where told with the log at hand
                             else said("to take back to position %(seq)s", seq=data["to_seq"])),
    "draw": ProposalKind("a draw", ending("agreed_draw"), words=lambda data: N_("a draw")),
    "abandon": ProposalKind("an abandonment", ending("abandoned"), words=lambda data: N_("to abandon the game")),
    # issue 31: the computer (if it stands in) moves for the vanished seat meanwhile, so it cannot lapse on a move
    "reopen": ProposalKind("reopening a seat", reopen, fields=("reopen", "holder"), lapses_on_move=False,
                           words=lambda data: said("to reopen %(name)s's seat for someone new", name=data["holder"])),
}


# --- folds ---------------------------------------------------------------------------------------------


def proposal_made(work: Working, event) -> None:
    data = event.data
    work.facts["proposal"] = {**data, "seq": event.seq, "needed": tuple(data["needed"]), "accepted": ()}


def proposal_answered(work: Working, event) -> None:
    open_one = work.facts.get("proposal")
    if not open_one or open_one["seq"] != event.data["proposal"]:
        return
    if event.data["accept"]:
        work.facts["proposal"] = {**open_one, "accepted": (*open_one["accepted"], event.data["seat"])}
    else:
        work.facts["proposal"] = None


def game_rewound(work: Working, event) -> None:
    """The game's state becomes that of an earlier position; every clock starts afresh, the open
    proposal closes, and the rewind is remembered (the history marks what was taken back)."""
    if work.look_back is None:
        raise RuntimeError("a rewind is folded only with look_back (pbem/play/loading.py passes it)")
    to_seq = event.data["to_seq"]
    work.state = work.look_back(to_seq)
    work.rewound = True
    work.timed_out.clear()  # the clocks start afresh, so a seat that ran out of time may run out again
    work.facts["proposal"] = None
    work.facts["rewinds"] = (*work.facts.get("rewinds", ()), (to_seq, event.seq))


def ending_agreed(work: Working, event) -> None:
    termination = event.data["termination"]
    seats = tuple(event.data["seats"])
    ranking = (seats,) if termination == "agreed_draw" and seats else ()
    work.facts["ended"] = Outcome(termination=termination, winners=(), ranking=ranking)
    work.facts["proposal"] = None


# --- words ---------------------------------------------------------------------------------------------


def name_of(names, seat) -> Phrase | str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else N_("someone")


def proposal_words(names, event) -> Phrase:
    data = event.data
    kind = PROPOSALS.get(data.get("kind"))
    what = kind.words(data) if kind else N_("something")
    who = name_of(names, data.get("seat"))
    asked = [name_of(names, s) for s in data.get("needed", ())]
    if asked:
        return said("%(who)s proposed %(what)s; %(asked)s must agree.", who=who, what=what,
                    asked=joined(*[part for index, name in enumerate(asked) for part in ((", ", name) if index else (name,))]))
    return said("%(who)s proposed %(what)s.", who=who, what=what)


def answer_words(names, event) -> Phrase:
    data = event.data
    who = name_of(names, data.get("seat"))
    if data.get("withdrawn"):
        return said("%(who)s withdrew their proposal.", who=who)
    if data.get("accept"):
        return said("%(who)s accepted the proposal.", who=who)
    return said("%(who)s declined the proposal.", who=who)


def rewound_words(names, event) -> Phrase:
    to_seq, to_move = event.data["to_seq"], event.data.get("to_seq_move")  # the move list's number, where told
    agreed = event.data.get("proposal") is not None
    who = name_of(names, int(event.actor)) if event.actor.isdigit() else N_("The game")
    if to_move is not None:
        if agreed:
            return said("Everyone agreed: the game went back to move %(move)s.", move=to_move)
        return said("%(who)s took back: the game went back to move %(move)s.", who=who, move=to_move)
    if agreed:  # told without the log at hand: the position's seq
        return said("Everyone agreed: the game went back to position %(seq)s.", seq=to_seq)
    return said("%(who)s took back: the game went back to position %(seq)s.", who=who, seq=to_seq)


def ending_words(names, event) -> Phrase:
    if event.data["termination"] == "agreed_draw":
        return N_("The players agreed a draw.")
    return N_("The players agreed to abandon the game.")


KINDS = {
    PROPOSAL_MADE: Kind(proposal_made, words=proposal_words),
    PROPOSAL_ANSWERED: Kind(proposal_answered, words=answer_words),
    GAME_REWOUND: Kind(game_rewound, words=rewound_words),
    ENDING_AGREED: Kind(ending_agreed, words=ending_words),
}


# --- commands ------------------------------------------------------------------------------------------


def settling(command) -> list[Event]:
    """The events that carry out a proposal, when the command completes it."""
    settle = command.get("settle")
    if not settle:
        return []
    return PROPOSALS[settle["kind"]].settle(settle, command["settle_seq"])


def takeback(module, state, command, chance) -> list[Event]:
    """A takeback the seat may make alone."""
    return [Event(GAME_REWOUND, {"to_seq": command["to_seq"]}, str(command["seat"]))]


def propose(module, state, command, chance) -> list[Event]:
    kind = PROPOSALS[command["kind"]]
    data = {"seat": command["seat"], "kind": command["kind"], "needed": list(command["needed"]),
            **{name: command[name] for name in kind.fields}}
    return [Event(PROPOSAL_MADE, data, str(command["seat"])), *settling(command)]


def answer(module, state, command, chance) -> list[Event]:
    data = {"seat": command["seat"], "proposal": command["proposal"], "accept": bool(command["accept"])}
    if command.get("withdrawn"):
        data["withdrawn"] = True
    return [Event(PROPOSAL_ANSWERED, data, str(command["seat"])), *settling(command)]


COMMANDS = {"takeback": takeback, "propose": propose, "answer": answer}
