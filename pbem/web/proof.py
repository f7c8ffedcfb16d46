"""Mail to an address that nobody has shown to be theirs (audit N2), the pages' part: anyone may type any
address into a new game, so the server mails an address only a few times (pbem/store.py `enqueue`) until
someone follows a link from one of those mails and says the mail is wanted.

A mailed seat link carries `?proof=`, the address signed (pbem/site.py `mail_proof`): only a mail to that
address holds it. Opening the seat page with it changes nothing, since mail scanners follow links on
their own; it is kept in the browser's session, and the page offers a button ("Keep mailing me"); a move
played from that page says the same. Either is a POST a scanner never sends. Following a sign-in link,
confirming an address and asking the unsubscribe page to mail again prove an address too (pbem/accounts.py,
pbem/web/home.py, pbem/web/unsubscribe.py)."""

from __future__ import annotations

import hmac

from flask import flash, redirect, request, session, url_for

from .. import store
from ..db import get_db, get_site
from ..folding import Folded
from ..notify.unsubscribe import masked
from ..service import utcnow
from .pages import bp, check_csrf, seat_from_token


def prove(address: str) -> None:
    """Record that the owner of `address` followed a link mailed to it."""
    db = get_db()
    if not store.is_proven(db, address):
        with store.immediate(db):
            store.prove_address(db, address, utcnow())


def brought_proof(address: str) -> bool:
    """Whether this browser opened a seat page from a mail to `address`."""
    kept = session.get("mail_proof") or ""
    return bool(kept) and hmac.compare_digest(kept, get_site().mail_proof(address))


def mail_paused(loaded: Folded, seat: int | None) -> dict | None:
    """What the seat page says when its address is not proven: its mail stops after a few notices."""
    if seat is None:
        return None
    address = loaded.settings[seat].get("email")
    if not address or store.is_proven(get_db(), address):
        return None
    return {"address": masked(address), "can_prove": brought_proof(address),
            "at_most": store.UNPROVEN_MAILS_AT_MOST}


@bp.app_context_processor
def proof_globals():
    return {"mail_paused": mail_paused}


@bp.before_request
def keep_proof():
    """A seat page opened from a mail: its proof waits in the session for a POST from this browser."""
    proof = request.args.get("proof")
    if request.endpoint == "pages.seat_page" and proof and len(proof) <= 64:
        session["mail_proof"] = proof


@bp.after_request
def proven_by_a_move(response):
    """A move played from a page opened from the mail: the player reads that mailbox and wants its mail."""
    if request.endpoint == "pages.seat_move" and response.status_code == 303 and session.get("mail_proof"):
        loaded, seat = seat_from_token(request.view_args["token"])
        address = loaded.settings[seat].get("email")
        if address and brought_proof(address):
            prove(address)
    return response


@bp.post("/play/<token>/mail-proof")
def keep_mailing(token):
    check_csrf()
    loaded, seat = seat_from_token(token)
    address = loaded.settings[seat].get("email")
    if address and brought_proof(address):
        prove(address)
        flash("Thank you: this seat's notices keep coming to your address.")
    else:
        flash("Not done: open this page from the link in a mail this server sent you, then try again.")
    return redirect(url_for("pages.seat_page", token=token), code=303)
