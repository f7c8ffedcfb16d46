"""A player is an e-mail address that has proven itself by following a link (architecture section 13): no
passwords, no accounts to create. This module keeps the secrets of that: one-time sign-in links, sessions,
the personal API token and the calendar feed key of each address, and the pending confirmations of an
address given to a seat.

Every secret has at least 128 bits and the database keeps only its SHA-256. Sign-in links, sessions and
confirmations are random (256 bits); a personal token and a feed key are derived from the server key, the
address and a generation (pbem/site.py `home_key`), so /me can show them again, and replacing one moves
to the next generation, after which the old one opens nothing. Mail goes through the outbox like every
notice (its body, holding the link, is dropped once sent).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from datetime import timedelta

from .. import i18n, store
from ..i18n import N_
from ..play import clock
from ..site import Site

SIGNIN_VALID = timedelta(hours=1)
SESSION_VALID = timedelta(days=180)
CONFIRM_VALID = timedelta(days=2)
SIGNIN_MAILS_PER_HOUR = 3   # per address, whoever asks: nobody can bury an inbox in sign-in mails
KINDS = ("token", "feed")   # a personal API token, a calendar feed key


def sha(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def normal(address: str) -> str:
    return address.strip().lower()


def _at(now: str, delta: timedelta) -> str:
    return clock.format_time(clock.parse_time(now) + delta)


def has_seats(db, address: str) -> bool:
    return store.projections.address_has_seats(db, normal(address))


# --- sign-in links ----------------------------------------------------------------------------------


def request_signin(db, site: Site, address: str, now: str, anyone: bool = False) -> bool:
    """Mail a one-time sign-in link to an address that has seats here (or to any address, `anyone`: asked
    from a public game's join page, issue 31); False (nothing sent) for any other address or one mailed too
    often this hour. The caller answers alike either way."""
    address = address.strip()
    if not anyone and not has_seats(db, address):
        return False
    token = secrets.token_urlsafe(32)
    with store.immediate(db):
        store.accounts.drop_expired_signin_links(db, now)
        recent = store.accounts.signin_links_since(db, normal(address), _at(now, -timedelta(hours=1)))
        if recent >= SIGNIN_MAILS_PER_HOUR:
            return False
        store.accounts.add_signin_link(db, sha(token), normal(address), now, _at(now, SIGNIN_VALID))
        store.enqueue(db, [mail_row(site, "signin", sha(token), address, N_("your sign-in link"), now,
                                    language_of(db, address), link=f"{site.base_url}/signin/{token}", minutes=int(SIGNIN_VALID.total_seconds() // 60))])
    return True


def signin_address(db, token: str, now: str) -> str | None:
    """The address a sign-in link is for, while it is unused and fresh."""
    return store.accounts.signin_link_address(db, sha(token), now)


def use_signin_link(db, site: Site, token: str, now: str) -> str | None:
    """Spend a sign-in link: a new session's secret, or None when the link is used, old or unknown."""
    session = secrets.token_urlsafe(32)
    with store.immediate(db):
        address = store.accounts.signin_link_address(db, sha(token), now)
        if address is None:
            return None
        store.accounts.mark_signin_link_used(db, sha(token), now)
        store.accounts.drop_expired_sessions(db, now)
        store.accounts.add_session(db, sha(session), address, now, _at(now, SESSION_VALID))
        ensure_keys(db, site, address, now)
        store.prove_address(db, address, "", now)  # the link reached its owner: its sign-in mail is not counted
    return session


# --- sessions -----------------------------------------------------------------------------------------


def session_address(db, session: str | None, now: str) -> str | None:
    if not session or len(session) > 200:
        return None
    return store.accounts.session_address(db, sha(session), now)


def end_session(db, session: str | None) -> None:
    if session:
        with store.immediate(db):
            store.accounts.drop_session(db, sha(session))


# --- personal tokens and feed keys ---------------------------------------------------------------------


def ensure_keys(db, site: Site, address: str, now: str) -> None:
    """The address's first personal token and feed key (generation 0), inside the caller's transaction."""
    for kind in KINDS:
        store.accounts.add_first_key(db, sha(site.home_key(kind, address, 0)), address, kind, now)


def key_of(db, site: Site, address: str, kind: str, now: str) -> str:
    """The address's current personal token or feed key (made on first use)."""
    generation = store.accounts.key_generation(db, address, kind)
    if generation is None:
        with store.immediate(db):
            ensure_keys(db, site, address, now)
        return site.home_key(kind, address, 0)
    return site.home_key(kind, address, generation)


def replace_key(db, site: Site, address: str, kind: str, now: str) -> str:
    """A new personal token or feed key; the old one opens nothing from now on."""
    with store.immediate(db):
        current = store.accounts.key_generation(db, address, kind)
        generation = (current + 1) if current is not None else 0
        new = site.home_key(kind, address, generation)
        store.accounts.replace_key(db, sha(new), address, kind, generation, now)
    return new


def address_of_key(db, kind: str, key: str | None) -> str | None:
    if not key or len(key) > 200:
        return None
    return store.accounts.key_address(db, sha(key), kind)


# --- an address given to a seat, confirmed by a mailed link ------------------------------------------------


def language_of(db, address: str) -> str | None:
    """The language a signed-in address reads its pages in, if it chose one (issue 26)."""
    return store.accounts.address_language(db, normal(address))


def set_language(db, address: str, language: str | None, now: str) -> None:
    with store.immediate(db):
        store.accounts.set_address_language(db, normal(address), language, now)


def request_confirmation(db, site: Site, loaded, seat: int, address: str, now: str) -> None:
    """Mail the new address a link that, followed, gives the seat that address (pbem/people/players.py)."""
    token = secrets.token_urlsafe(32)
    generation = loaded.seats[seat].get("generation", 0)
    with store.immediate(db):
        store.accounts.drop_confirmations_before(db, _at(now, -CONFIRM_VALID))
        store.accounts.add_confirmation(db, sha(token), loaded.id, seat, generation, address, now)
        # the address's language if it chose one here, else the seat's that asked for it
        language = language_of(db, address) or loaded.settings[seat].get("language")
        store.enqueue(db, [mail_row(site, "confirm", sha(token), address, N_("confirm your address"), now,
                                    language, game_id=loaded.id, seat=seat, link=f"{site.base_url}/address/{token}",
                                    title=loaded.module.TITLE, name=loaded.names[seat], names=loaded.names,
                                    days=CONFIRM_VALID.days)])


def confirmation(db, token: str, now: str) -> dict | None:
    """The pending confirmation of a link (game, seat, generation, address), while fresh."""
    if not token or len(token) > 200:
        return None
    return store.accounts.confirmation(db, sha(token), _at(now, -CONFIRM_VALID))


def drop_confirmation(db, token: str) -> None:
    store.accounts.drop_confirmation(db, sha(token))


# --- the mails ------------------------------------------------------------------------------------------


def mail_row(site: Site, kind: str, digest: str, address: str, subject: str, now: str, language: str | None,
             game_id: str = "", seat: int = 0, **context) -> dict:
    """An outbox row for a mail of this module (templates/mail/<kind>.txt and .html), in `language` (None:
    English), which its payload names for the Content-Language header. These mails carry no reply
    address: a reply to them plays nothing (pbem/notify/mail.py)."""
    from ..notify.compose import render

    language = i18n.known(language) or i18n.DEFAULT
    ctx = {**context, "seat": seat, "unsubscribe_url": site.unsubscribe_url(address), "base_url": site.base_url}
    return {"game_id": game_id, "seq": 0, "seat": seat, "channel": "email", "kind": f"{kind}:{digest[:24]}",
            "recipient": address, "subject": "[pbem] " + i18n.translate(language, subject),
            "body_text": render(f"{kind}.txt", language, **ctx), "body_html": render(f"{kind}.html", language, **ctx),
            "payload": json.dumps({"language": language}), "status": "pending", "tries": 0, "next_try": now,
            "created": now}
