"""A notice's words, composed when it is delivered (architecture section 24, issue 26 item 2): the outbox
row says what to tell (pbem/notify/compose.py's `rows`), and the process that sends it composes the
subject, the bodies and the webhook's payload here, for its recipient, just before sending.

The words are told from the log up to the notice's own position, never later: a notice about move 12
sent after move 14 tells move 12's board, moves and time left (as of when it was written), and whoever
delivers it, on whichever node, composes the same bytes. What a seat may see is decided as on every
other channel (compose.context and pbem/words.py redact for the seat). A row written with its words
(before schema version 10, a digest, a sign-in link) is sent as it is.

Composing takes a `language`: "en" is the only one for now (the templates and words are English); the
languages work renders the same arguments in the recipient's language here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from .. import loading, store
from . import between, compose

LANGUAGES = ("en",)


def has_words(row: Mapping) -> bool:
    """Whether the row already holds its words (or has nothing left to say: sent, dropped)."""
    return row.get("args") is None or row.get("body_text") is not None or row.get("payload") is not None


def worded(db, row: dict, language: str = "en") -> dict:
    """The row with its words (subject, body_text, body_html, payload) composed for its recipient in
    `language` from the game's log up to the notice's position; a row that holds its words is returned as
    it is."""
    if has_words(row):
        return row
    if language not in LANGUAGES:
        raise ValueError(f"notices are not written in {language!r} yet")
    args = json.loads(row["args"])
    game_id, seat, kind = row["game_id"], row["seat"], row["kind"]
    head = loading.load(db, game_id)
    loaded = loading.at(db, head, args["at"])
    extra = dict(args.get("extra") or {})
    happened = told(db, head, loaded, seat, args.get("told") or compose.NOTHING)
    if args["told"][0] == "rewound":
        extra["webhook_text"] = " ".join(happened)
    if "head" in args:  # a notice about a change names the head after it, told from before it
        extra["head"] = {"seq": args["head"], "hash": store.hash_at(db, game_id, args["head"])}
    ctx = compose.context(args, loaded, seat, kind, happened, row["created"], **extra)
    return {**row, **compose.words(loaded, seat, kind, ctx, row["channel"], args)}


def told(db, head, loaded, seat: int, what) -> list[str]:
    """The lines a notice tells of what happened, as `seat` may read them (compose.rows names them)."""
    how = what[0]
    if how == "none":
        return []
    if how == "lines":
        return list(what[1])
    since = what[1]
    before = loading.at(db, head, since) if since >= 1 else None
    if how == "handover":
        from .. import handover  # late: handover composes its rows with compose, above this module

        return handover.summary(db, before, seat)
    new_events = store.read_events_after(db, loaded.id, since, loaded.seq)
    if how == "since":
        return compose.since_last(db, before, loaded, new_events, seat)
    if how == "rewound":
        return between.rewound_lines(db, before, loaded, new_events, seat)
    raise ValueError(f"a notice cannot tell {how!r}")

