"""A notice's words, composed when it is delivered (architecture section 24, issue 26 item 2): the outbox
row says what to tell (pbem/notify/compose.py's `rows`), and the process that sends it composes the
subject, the bodies and the webhook's payload here, for its recipient, just before sending.

The words are told from the log up to the notice's own position, never later: a notice about move 12
sent after move 14 tells move 12's board, moves and time left (as of when it was written), and whoever
delivers it, on whichever node, composes the same bytes. What a seat may see is decided as on every
other channel (compose.context and pbem/words/__init__.py redact for the seat). A row written with its words
(before schema version 10, a digest, a sign-in link) is sent as it is.

Composing takes the recipient's `language` (`recipient_language`: the seat's own setting, else its
address's on /me, else English): a webhook's line, a push and a mail (its subject, both bodies and its
Content-Language header) are told in it. Lines a row keeps (between players' notices) are kept as message ids with values (a
Phrase's JSON), read in the language here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from .. import i18n, store
from ..games.base import Phrase
from ..people import accounts
from ..play import loading
from ..words import read
from . import between, compose


def has_words(row: Mapping) -> bool:
    """Whether the row already holds its words (or has nothing left to say: sent, dropped)."""
    return row.get("args") is None or row.get("body_text") is not None or row.get("payload") is not None


def worded(db, row: dict, language: str | None = None) -> dict:
    """The row with its words (subject, body_text, body_html, payload) composed for its recipient in
    `language` (None: the recipient's own, `recipient_language`) from the game's log up to the notice's
    position; a row that holds its words is returned as it is."""
    if has_words(row):
        return row
    args = json.loads(row["args"])
    game_id, seat, kind = row["game_id"], row["seat"], row["kind"]
    head = loading.load(db, game_id)
    what = args.get("told") or compose.NOTHING
    if language is None:
        language = recipient_language(db, head, seat)
    loaded = loading.at(db, head, args["at"])
    extra = {name: read(Phrase.from_json(value), language) if isinstance(value, dict) and "id" in value else value
             for name, value in (args.get("extra") or {}).items()}
    happened = told(db, head, loaded, seat, what, language)
    if what[0] == "rewound":
        extra["webhook_text"] = " ".join(happened)
    if "head" in args:  # a notice about a change names the head after it, told from before it
        extra["head"] = {"seq": args["head"], "hash": store.hash_at(db, game_id, args["head"])}
    ctx = compose.context(args, loaded, seat, kind, happened, row["created"], units=units(language), **extra)
    return {**row, **compose.words(loaded, seat, kind, ctx, row["channel"], args, language)}


def recipient_language(db, head, seat: int) -> str:
    """The language a seat reads its notices in: the seat's own setting, else the one its address chose
    on /me, else English (as its pages choose, less the browser's, which a notice cannot know)."""
    settings = head.settings[seat] if 0 <= seat < len(head.settings) else {}
    chosen = i18n.known(settings.get("language"))
    if chosen is None and settings.get("email"):
        chosen = i18n.known(accounts.language_of(db, settings["email"]))
    return chosen or i18n.DEFAULT


def units(language: str):
    """The time left's units ("%(num)s days") in a language, as the pages say them; None: English."""
    if language == i18n.DEFAULT:
        return None
    return lambda message, amount: i18n.translate(language, message, num=amount)


def told(db, head, loaded, seat: int, what, language: str = i18n.DEFAULT) -> list[str]:
    """The lines a notice tells of what happened, as `seat` may read them (compose.rows names them), in
    `language`."""
    how = what[0]
    if how == "none":
        return []
    if how == "lines":  # given lines: a Phrase's JSON, or (a row written before) English text
        return [read(Phrase.from_json(line), language) if isinstance(line, dict) else line for line in what[1]]
    since = what[1]
    before = loading.at(db, head, since) if since >= 1 else None
    if how == "handover":
        from ..people import handover

        return handover.summary(db, before, seat, language)
    new_events = store.read_events_after(db, loaded.id, since, loaded.seq)
    if how == "since":
        return compose.since_last(db, before, loaded, new_events, seat, language=language)
    if how == "rewound":
        return between.rewound_lines(db, before, loaded, new_events, seat, language)
    raise ValueError(f"a notice cannot tell {how!r}")

