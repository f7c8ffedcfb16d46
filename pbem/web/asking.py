"""Mail an address asks for on a page or the API (a sign-in link, its lost seat links): recorded here and
answered right after the request, in this process (pbem/notify/asked.py), so that the request does the
same work, and takes the same time, whether or not the address plays here."""

from __future__ import annotations

from flask import current_app

from ..notify import asked
from ..play import service
from .db import get_db, get_site


def ask_for_mail(kind: str, address: str) -> None:
    asked.ask(get_db(), kind, address, service.utcnow())
    scheduler = current_app.config.get("SCHEDULER")
    if scheduler:  # else the scheduler's next sweep answers it (`pbem worker` beside --no-scheduler)
        asked.wake(scheduler[0], current_app.config["DATABASE"], get_site())
