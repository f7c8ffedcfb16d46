"""Mail that nobody has shown to be wanted (audit N2), the pages' part: anyone may type any address into a
new game, so the server mails an address only a few times from games it has not opened (pbem/store/outbox.py
`enqueue`) until someone follows a link from one of those games' mails and says the mail is wanted.

A mailed seat link carries `?proof=`, the address and the game signed (pbem/site.py `mail_proof`): only a
mail of that game to that address holds it. Opening the seat page with it changes nothing, since mail
scanners follow links on their own; it is kept in the browser's session, and the page offers a button
("Yes, keep mailing me"); a move played from that page says the same. Either is a POST a scanner never
sends. A reply to a notice with a move, a confirmed address and a seat added to a signed-in player's games
prove the address for their game too (pbem/notify/inbound.py, pbem/web/home.py); following a sign-in link,
or asking the unsubscribe page to mail again, for the mail of no game: sign-in links (pbem/people/accounts.py,
pbem/web/unsubscribe.py)."""

from __future__ import annotations

import hmac

from flask import flash, redirect, request, session, url_for

from .. import store
from ..notify.unsubscribe import masked
from ..play.folding import Folded
from ..play.service import find_seat, utcnow
from .db import get_db, get_site
from .languages import gettext
from .pages import bp, check_csrf, seat_from_token


def prove(address: str, game_id: str) -> None:
    """Record that the owner of `address` followed a link mailed to it from this game ('' for none)."""
    db = get_db()
    if not store.is_proven(db, address, game_id):
        with store.immediate(db):
            store.prove_address(db, address, game_id, utcnow())


KEPT_PROOFS = 8  # games whose mailed link this browser opened lately


def brought_proof(address: str, game_id: str) -> bool:
    """Whether this browser opened this game's seat page from a mail to `address`."""
    kept = (session.get("mail_proofs") or {}).get(game_id) or ""
    return bool(kept) and hmac.compare_digest(kept, get_site().mail_proof(address, game_id))


def mail_paused(loaded: Folded, seat: int | None) -> dict | None:
    """What the seat page says when this game's mail to its address is counted: it stops after a few."""
    if seat is None:
        return None
    address = loaded.settings[seat].get("email")
    if not address or store.is_proven(get_db(), address, loaded.id):
        return None
    return {"address": masked(address), "can_prove": brought_proof(address, loaded.id),
            "at_most": store.UNPROVEN_MAILS_AT_MOST}


@bp.app_context_processor
def proof_globals():
    return {"mail_paused": mail_paused}


@bp.before_request
def keep_proof():
    """A seat page opened from a mail: its proof waits in the session for a POST from this browser."""
    proof = request.args.get("proof")
    if request.endpoint == "pages.seat_page" and proof and len(proof) <= 64:
        game_id, _ = find_seat(get_db(), request.view_args["token"])
        kept = {key: value for key, value in (session.get("mail_proofs") or {}).items() if key != game_id}
        session["mail_proofs"] = dict(list(kept.items())[-(KEPT_PROOFS - 1):] + [(game_id, proof)])


@bp.after_request
def proven_by_a_move(response):
    """A move played from a page opened from the mail: the player reads that mailbox and wants its mail."""
    if request.endpoint == "pages.seat_move" and response.status_code == 303 and session.get("mail_proofs"):
        loaded, seat = seat_from_token(request.view_args["token"])
        address = loaded.settings[seat].get("email")
        if address and brought_proof(address, loaded.id):
            prove(address, loaded.id)
    return response


@bp.post("/play/<token>/mail-proof")
def keep_mailing(token):
    check_csrf()
    loaded, seat = seat_from_token(token)
    address = loaded.settings[seat].get("email")
    if address and brought_proof(address, loaded.id):
        prove(address, loaded.id)
        flash(gettext("Thank you: this game's notices keep coming to your address."))
    else:
        flash(gettext("Not done: open this page from the link in a mail of this game, then try again."))
    return redirect(url_for("pages.seat_page", token=token), code=303)
