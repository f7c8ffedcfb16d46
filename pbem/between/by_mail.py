"""Answering by e-mail (issue 15): a reply to a notice whose first line is `accept` or `decline` answers
the open proposal, and one whose first line is `takeback` takes back the seat's latest move (at once when
the log allows it alone, else as a proposal the others answer the same way).

The reply address's signed tag names the seat and the position the notice was about: an `accept` or a
`decline` answers only a proposal made by then (never a newer one the seat has not seen). The answer
comes back by mail, as for a move (pbem/notify/inbound.py).
"""

from __future__ import annotations

from ..games.base import GameError, Phrase, reason_of, said
from ..play import service
from ..play.errors import ServiceError
from . import agreements

WORDS = ("accept", "decline", "takeback")


def word_of(first_line: str, legal: list[str]) -> str | None:
    """The keyword the line is, unless it is also one of the seat's legal moves (a move wins)."""
    word = " ".join(first_line.lower().split()).strip(".!")
    if word in ("take back", "take-back"):
        word = "takeback"
    if word not in WORDS or word in (m.lower() for m in legal):
        return None
    return word


def handle(db, site, game_id: str, seat: int, seen: int, word: str, now: str) -> tuple[str, Phrase]:
    """Do what the word says for the seat; (status for the inbound result, the answer's words, read in the
    seat's language when the answer is mailed)."""
    def this_seat(folded):
        return seat

    try:
        if word == "takeback":
            def command(folded, who):
                to_seq = agreements.last_own_move(db, folded, who)
                if to_seq is None:
                    raise agreements.Refused("you have made no move to take back")
                return agreements.takeback_command(db, folded, who, to_seq)

            done = agreements.act_as(db, site, game_id, this_seat, command, now)
            if done.applied:
                return "answered", said("Your latest move was taken back: it is your decision again.")
            return "answered", said("Your takeback is proposed: the others must accept it (it lapses if anyone "
                                    "moves). You will hear how they answer.")
        accept = word == "accept"
        done = agreements.act_as(db, site, game_id, this_seat,
                                 lambda folded, who: agreements.answer_command(db, folded, who, accept, None, seen), now)
    except (GameError, ServiceError) as error:
        # the word as the player wrote it (accept, decline, takeback), the reason as the server gave it
        reason = reason_of(error)
        return "refused", said("Your %(word)s was not done: %(reason)s", word=word,
                               reason=reason if isinstance(reason, Phrase) else Phrase(reason))
    if done.applied:
        return "answered", said("You accepted, and everyone has agreed: it is done.")
    return "answered", said("You accepted the proposal: waiting for the others.") if accept else \
        said("You answered no: the proposal is closed.")
