"""The block list: an address that followed a notice's unsubscribe link (List-Unsubscribe, RFC 8058's
one-click POST, or the link at the foot of every mail) is never mailed again by this server, whoever
names it in a game later (issue 10, item 2).

The list keeps only each address's SHA-256 (of its lower-case form). Delivery checks it just before a
mail leaves (pbem/notify/sender.py), so every kind of mail is covered: invitations, turns, reminders,
lost links, answers to e-mailed moves, digests, sign-in links. The same signed link undoes it: the block
list is the address's own choice, and only the holder of a mail sent to it can change that choice
either way (a person who stopped everything and later wants to sign in, say)."""

from __future__ import annotations

import hashlib

from .. import store


def address_hash(address: str) -> str:
    return hashlib.sha256(address.strip().lower().encode()).hexdigest()


def block(db, address: str, now: str) -> None:
    store.accounts.block(db, address_hash(address), now)


def unblock(db, address: str) -> None:
    """The address's own choice undone (the same signed link): it gets this server's mail again."""
    store.accounts.unblock(db, address_hash(address))


def is_blocked(db, address: str) -> bool:
    return store.accounts.is_blocked(db, address_hash(address))


def masked(address: str) -> str:
    """How the unsubscribe page names the address: enough to recognise it, not to harvest it."""
    local, _, domain = address.partition("@")
    return f"{local[:1]}…@{domain}"
