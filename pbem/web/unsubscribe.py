"""The unsubscribe link of every mail: `/unsubscribe/<signed token>` (pbem/site.py signs the address).

GET shows what the link does and a button; POST (that button, or a mail program's RFC 8058 one-click
POST with `List-Unsubscribe=One-Click`) puts the address on the block list at once. A GET never
changes anything, since mail scanners follow links on their own. The POST needs no CSRF token and no
cookie: the signed token is the whole authority, and it only ever stops mail to the address it names.
`/unsubscribe/<token>/again` (a button on the same page, POST only) takes the address off the list: the
person who stopped all mail can have it again, sign-in links included."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..notify import unsubscribe
from ..play import service
from . import proof
from .db import get_db, get_site

bp = Blueprint("unsubscribe", __name__)


def address_of(token: str) -> str | None:
    return get_site().read_unsubscribe_token(token) if len(token) < 1000 else None


def not_valid():
    return render_template("unsubscribe.html", address=None, done=False), 404


@bp.get("/unsubscribe/<token>")
def confirm(token):
    address = address_of(token)
    if address is None:
        return not_valid()
    return render_template("unsubscribe.html", address=unsubscribe.masked(address), token=token,
                           done=unsubscribe.is_blocked(get_db(), address))


@bp.post("/unsubscribe/<token>")
def stop(token):
    address = address_of(token)
    if address is None:
        return not_valid()
    unsubscribe.block(get_db(), address, service.utcnow())
    return render_template("unsubscribe.html", address=unsubscribe.masked(address), token=token, done=True)


@bp.post("/unsubscribe/<token>/again")
def again(token):
    address = address_of(token)
    if address is None:
        return not_valid()
    unsubscribe.unblock(get_db(), address)
    proof.prove(address, "")  # the owner, from a mail sent to it, asks for mail again: sign-in links at least
    return render_template("unsubscribe.html", address=unsubscribe.masked(address), token=token, done=False,
                           again=True)
