"""The page of a game that waits for its players (open seats, issue 14), in place of its board: who has
joined, how many seats are open, and, for a seat of the game only (never a spectator, since games are
listed on the home page), the invitation link to pass on. It follows the game (the board client's poll
reloads it when someone joins), so a player sees the game begin."""

from __future__ import annotations

from flask import render_template, url_for

from ..play.folding import Folded
from . import languages
from .client_words import client_words
from .db import get_site
from .languages import ngettext


def waiting_page(loaded: Folded, seat: int | None, token: str | None = None):
    status = url_for("pages.seat_status", token=token) if token else \
        url_for("pages.spectator_status", game_id=loaded.id)
    open_count = sum(1 for s in loaded.seats if s.get("open"))
    title = ngettext("%(title)s: waiting for %(num)s player", "%(title)s: waiting for %(num)s players", open_count,
                     title=loaded.module.TITLE, num=open_count)
    return render_template("waiting.html", loaded=loaded, module=loaded.module, seat=seat, token=token,
                           seats=loaded.seats, open_count=open_count, page_title=title,
                           invite_url=get_site().invite_url(loaded.id) if seat is not None else None,
                           client_data={"moves": [], "seq": loaded.seq, "title": title, "status": status,
                                        "words": client_words(languages.current())})
