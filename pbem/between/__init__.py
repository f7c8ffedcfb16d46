"""Between players (issue 15, architecture section 14): messages, sealed notes, takebacks, agreed endings
and conditional moves. Every one of them is an event of the game's hash chain (pbem/events/talk.py,
agreements.py, conditional.py); this package holds the verbs that decide them, on top of pbem/play/service.py,
and the reading of them for the pages, the API and the notices.

`install()` hooks conditional moves into every append (service.AFTER_APPEND); the app factory and the
command line call it, so a move made by a page, the API, an e-mail or the clock can set one off.
"""

from __future__ import annotations

from ..play.errors import Refused  # noqa: F401  (where the verbs between players raise it from)


def install() -> None:
    from ..play import service
    from .conditionals import after_append

    if after_append not in service.AFTER_APPEND:
        service.AFTER_APPEND.append(after_append)
