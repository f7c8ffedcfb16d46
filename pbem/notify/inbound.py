"""Moves that come back by e-mail: a reply to a notice, delivered raw (RFC 822) to `pbem mail-in` on
stdin by a mail server's pipe, or POSTed to /api/mail/inbound.

The reply address carries a signed tag naming the seat and the seq the notice was about, so no one can
play for a seat without having received its notice. When the seat has an e-mail address, the reply must
also come from it (the From header); a seat without one has the signed tag alone as its key. Automatic
mail (out-of-office replies, bounces, lists) is ignored without an answer, so two robots never answer
each other. The move is the first line of the reply above any
quoted text, in the game's notation. The answer (played, refused with the rule, or stale because the game
moved on) goes back to the seat's address, written to the outbox with the move's own events.

A first line `accept`, `decline` or `takeback` (unless it is one of the seat's legal moves) answers the
open proposal, or takes back the seat's latest move (pbem/between/by_mail.py).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses

from ..between import by_mail
from ..games.base import GameError, Phrase, StaleMove, reason_of, said
from ..play import service
from ..play.folding import legal_moves
from ..site import Site
from ..words import read
from . import compose

MAX_MESSAGE_BYTES = 1024 * 1024
ADDRESS_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")
_QUOTE_START = re.compile(r"^(>|On .+wrote:\s*$|Le .+a écrit|Am .+schrieb|-{2,}\s*Original Message|_{5,}|From: )",
                          re.IGNORECASE)


@dataclass(frozen=True)
class Result:
    status: str  # "played", "answered" (accept, decline, takeback), "refused", "stale", "ignored"
    detail: str
    game_id: str | None = None
    seat: int | None = None


def parse(raw: bytes) -> EmailMessage:
    return BytesParser(policy=policy.default).parsebytes(raw)


def raw_headers(message: EmailMessage, name: str) -> list[str]:
    """A header's values as they came, unparsed: the structured parser of the standard library raises on
    some malformed headers (`From: <`), and mail from anyone must never make an error of ours."""
    return [str(value) for key, value in message.raw_items() if key.lower() == name.lower()]


def raw_header(message: EmailMessage, name: str) -> str:
    found = raw_headers(message, name)
    return found[0].strip() if found else ""


def addresses(message: EmailMessage, name: str) -> list[str]:
    try:
        return [address for _, address in getaddresses(raw_headers(message, name))]
    except (ValueError, IndexError, TypeError):
        return []


def reply_tag(message: EmailMessage, site: Site) -> tuple[str, int, int] | None:
    """The (game, seat, seq) named by a validly signed plus-address among the recipients."""
    local_wanted = site.mail_from.partition("@")[0].lower()
    for header in ADDRESS_HEADERS:
        for address in addresses(message, header):
            local = address.partition("@")[0].lower()
            base, plus, tag = local.partition("+")
            if plus and base == local_wanted:
                found = site.read_reply_tag(tag)
                if found:
                    return found
    return None


def body_text(message: EmailMessage) -> str:
    try:
        part = message.get_body(preferencelist=("plain", "html"))
        if part is None:
            return ""
        text, html = part.get_content(), part.get_content_type() == "text/html"
    except Exception:  # noqa: BLE001 - a malformed part or an unknown charset: there is no move to read
        return ""
    if html:
        text = re.sub(r"<br\s*/?>|</p>|</div>", "\n", text, flags=re.IGNORECASE)
        text = re.sub(r"<blockquote.*", "", text, flags=re.IGNORECASE | re.DOTALL)
        text = re.sub(r"<[^>]+>", "", text)
    return text


def move_from(text: str) -> str:
    """The first non-empty line above any quoted text or signature."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped == "--" or _QUOTE_START.match(stripped):
            break
        if stripped:
            return stripped
    return ""


AUTOMATIC_PRECEDENCE = {"bulk", "junk", "list", "auto_reply"}
ROBOT_SENDERS = {"mailer-daemon", "postmaster"}


def automatic(message: EmailMessage) -> str | None:
    """Why the message was sent by a machine rather than a person (RFC 3834 and common practice), or None."""
    submitted = raw_header(message, "Auto-Submitted").lower()
    if submitted and submitted.split(";")[0].strip() != "no":
        return f"Auto-Submitted: {submitted[:40]}"
    precedence = raw_header(message, "Precedence").lower()
    if precedence in AUTOMATIC_PRECEDENCE:
        return f"Precedence: {precedence}"
    for header in ("X-Autoreply", "X-Autorespond", "X-Autorespond-Type"):
        if raw_headers(message, header):
            return header
    if raw_header(message, "Content-Type").lower().startswith("multipart/report"):
        return "a delivery report"
    if raw_header(message, "Return-Path") == "<>":
        return "an empty envelope sender (a bounce)"
    if sender_address(message).partition("@")[0] in ROBOT_SENDERS:
        return "mail from a mail system"
    return None


def sender_address(message: EmailMessage) -> str:
    found = addresses(message, "From")
    return found[0].strip().lower() if found else ""


def handle(db, site: Site, raw: bytes, now: str | None = None) -> Result:
    if len(raw) > MAX_MESSAGE_BYTES:
        return Result("ignored", f"the message is larger than {MAX_MESSAGE_BYTES} bytes")
    message = parse(raw)
    robot = automatic(message)
    if robot is not None:
        return Result("ignored", f"an automatic message ({robot}): not answered")
    tagged = reply_tag(message, site)
    if tagged is None:
        # No answer: an unsigned or forged address gets no mail back (no backscatter).
        return Result("ignored", "no valid pbem reply address among the recipients")
    game_id, seat, seen = tagged
    own = (service.load(db, game_id).settings[seat].get("email") or "").strip().lower()
    if own and sender_address(message) != own:
        # The seat's own address only; no answer, which would only tell a stranger the tag works.
        return Result("ignored", "the reply does not come from the seat's own address", game_id, seat)
    move = move_from(body_text(message))
    key = hashlib.sha256(raw_header(message, "Message-ID").encode("utf-8", "replace") + raw[:4096]).hexdigest()[:16]
    now = now or service.utcnow()
    if own:  # the signed tag went only to this address and came back from it: its owner reads this mail
        _prove(db, own, game_id, now)

    def answer_rows(loaded, answer: Phrase, accepted):
        return compose.reply(site, loaded, seat, answer, accepted, now, loaded.seq, key)

    if not move:
        loaded = service.load(db, game_id)
        answer = said("Your e-mail had no move in it: write the move on the first line of your reply.")
        _enqueue(db, answer_rows(loaded, answer, False))
        return Result("refused", read(answer), game_id, seat)

    loaded = service.load(db, game_id)
    word = by_mail.word_of(move, legal_moves(loaded, seat))  # accept, decline, takeback (issue 15)
    if word is not None:
        status, answer = by_mail.handle(db, site, game_id, seat, seen, word, now)
        _enqueue(db, answer_rows(service.load(db, game_id), answer, status == "answered"))
        return Result(status, read(answer), game_id, seat)

    def answer_played(after):
        if seat in after.to_move:
            return answer_rows(after, said("Your move %(move)s was played. It is still your turn.", move=move), True)
        return answer_rows(after, said("Your move %(move)s was played.", move=move), True)

    try:
        service.play_as(db, site, game_id, lambda loaded: seat, move, seen, now, via="email", answer=answer_played)
    except StaleMove:
        loaded = service.load(db, game_id)
        answer = said("Your move %(move)s was not played: the game moved on since the notice you answered, and "
                      "your choices are no longer the same. Here is the game as it stands now.", move=move)
        _enqueue(db, answer_rows(loaded, answer, False))
        return Result("stale", read(answer), game_id, seat)
    except (GameError, service.ServiceError) as error:
        loaded = service.load(db, game_id)
        answer = said("Your move %(move)s was not played: %(reason)s", move=move, reason=reason(error))
        _enqueue(db, answer_rows(loaded, answer, False))
        return Result("refused", read(answer), game_id, seat)
    return Result("played", f"played {move}", game_id, seat)


def reason(error: Exception) -> Phrase:
    """A refusal's reason as the answer keeps it: its words as an id, read in the seat's language where the
    catalog holds them (the server's fixed reasons, pbem/web/reasons.py), a refusal raised with its values
    (a Phrase: a move that cannot be read, a game's rule) as those, else as they were written."""
    said = reason_of(error)
    return said if isinstance(said, Phrase) else Phrase(said)


def _enqueue(db, rows):
    from .. import store

    store.enqueue_now(db, rows)


def _prove(db, address: str, game_id: str, now: str) -> None:
    """The game's mail to the address is no longer counted against its allowance (pbem/store/outbox.py `enqueue`)."""
    from .. import store

    if not store.is_proven(db, address, game_id):
        with store.immediate(db):
            store.prove_address(db, address, game_id, now)
