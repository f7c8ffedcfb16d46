"""Handing a seat on (architecture section 16): the seat's holder gives it to someone else, by name and
e-mail address.

One append, `seat_handed_over {seat, name, previous, email, token_sha256, generation}`: the seat's
record takes the new holder's name and address and the hash of a new link, of the seat's next
generation (`service.next_seat_key`, the mechanism every replaced link shares), so the old link opens
nothing from then on (403 on the API, 404 on the pages). Others see only who holds the seat now.
In the same transaction the new link is mailed to the new holder, with the game so far in words; the
old holder is told, without any link. The new holder then sees everything the seat knew: its view,
its history and its record are the seat's, whoever holds it.
"""

from __future__ import annotations

from typing import Sequence

from .. import i18n, store
from ..games.base import InvalidOptions, Phrase, counted, listed, said
from ..notify import compose, unsubscribe
from ..play import service
from ..play.deciding import handover_command
from ..play.errors import Busy
from ..play.folding import Folded
from ..site import Site
from ..words import lines_of, read, tell

LATELY = 12         # the latest lines told in a summary
LOOK_BACK = 300     # events read at most for them


def clean_holder(name: str | None, email: str | None) -> tuple[str, str]:
    """The new holder's name and address, checked like a player's at creation; the address is needed,
    since the new link goes nowhere else."""
    name = " ".join(str(name or "").split())
    if not name:
        raise InvalidOptions("the new holder needs a name")
    if len(name) > service.MAX_NAME or any(ord(ch) < 32 or 0xD800 <= ord(ch) <= 0xDFFF for ch in name):
        raise InvalidOptions(f"the new holder's name must be at most {service.MAX_NAME} printable characters")
    email = str(email or "").strip()
    if not email:
        raise InvalidOptions("the new holder needs an e-mail address: their link is sent there, and nowhere else")
    if len(email) > service.MAX_EMAIL or not service.EMAIL.match(email) or not email.isascii():
        raise InvalidOptions(f"the e-mail address {email[:60]!r} is not valid")
    return name, email


def hand_over(db, site: Site, game_id: str, token: str | None, name: str | None, email: str | None,
              now: str | None = None) -> service.Played:
    """Give the token's seat to the named person; their link goes to their address only."""
    name, email = clean_holder(name, email)
    if unsubscribe.is_blocked(db, email):
        raise InvalidOptions("that address has asked this server never to mail it, so it cannot be sent the "
                             "seat's link: give another address")
    now = now or service.utcnow()
    for _ in range(service.APPEND_ATTEMPTS):
        folded = service.load(db, game_id)
        seat = service.seat_of(folded, token)
        _, key = service.next_seat_key(site, folded, seat)
        command = handover_command(folded, seat, name, email, key["token_sha256"])
        try:
            return service.append_command(db, site, folded, command, now,
                                          answer=lambda after, before=folded: notices(db, site, before, after,
                                                                                      seat, now))
        except store.Conflict:
            continue
    raise Busy("the game is too busy right now; try again")


def notices(db, site: Site, before: Folded, after: Folded, seat: int, now: str) -> list[dict]:
    """The new holder's link, with the game so far; and a word to the old holder (no link)."""
    generation = after.seats[seat]["generation"]
    previous = before.names[seat]
    # the game so far (`summary`, of the game before the handover) is told when the notice is delivered
    out = compose.rows(site, after, seat, f"handover:{generation}", now, email_only=True,
                       told=("handover", before.seq), extra={"previous": previous})
    if before.seats[seat].get("email"):
        out += compose.rows(site, before, seat, f"handed_away:{generation}", now, seq=after.seq, email_only=True,
                            extra={"new_holder": after.names[seat]},
                            head_seq=after.seq)  # about the handover: the game after it
    return out


def summary(db, folded: Folded, seat: int, language: str = i18n.DEFAULT) -> list[str]:
    """The game so far in words, for the seat's new holder, in `language` (the mail's recipient's, the
    page's reader's): who began it and when, how far it is, whose turn it is, and the latest moves as this
    seat may read them (one line each)."""
    names = folded.names
    began = [said("%(name)s (computer)", name=s["name"]) if s.get("bot") else s["name"]
             for s in folded.created["seats"]]
    counts = move_counts(db, folded)
    total = sum(counts.values())
    lines = [began_line(folded, began),
             counted("%(n)s move so far, %(mine)s of them for this seat.",
                     "%(n)s moves so far, %(mine)s of them for this seat.", total, mine=counts.get(seat, 0))]
    if seat in folded.to_move:
        lines.append(said("It is your turn now."))
    elif folded.to_move:
        lines.append(said("Waiting for %(names)s.", names=listed([names[s] for s in sorted(folded.to_move)])))
    out = [read(line, language) for line in lines]
    lately = lines_of(tell(db, folded, seat, max(0, folded.seq - LOOK_BACK)), language)[-LATELY:]
    if lately:
        out += [read(said("The latest moves, as this seat saw them:"), language), *lately]
    return out


def began_line(folded: Folded, players: Sequence) -> Phrase:
    return said("%(players)s began this game of %(title)s on %(date)s.", players=listed(players),
                title=folded.module.TITLE, date=folded.created_at[:10])


def move_counts(db, folded: Folded) -> dict[int, int]:
    """Moves made by each seat (the commands of its appends, read with the log's own index)."""
    rows = store.events.move_counts(db, folded.id)
    return {int(seat): count for seat, count in rows if isinstance(seat, int)}
