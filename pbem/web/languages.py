"""The reader's language on every page (architecture section 24): the seat's own setting on a seat's
pages, else the language this browser chose with the switch at the foot of a page, else the first language
of its Accept-Language that pbem speaks, else English.

Templates say `{{ _("Your turn") }}` (Jinja's i18n extension, new-style: values are escaped and filled in
after translation); Python code that makes words a page shows calls `gettext` here. The catalogs are
pbem/i18n.py's."""

from __future__ import annotations

import re

from urllib.parse import urlencode

from flask import g, has_request_context, request, session

from .. import i18n
from ..games.base import Phrase, reason_of
from ..i18n import N_
from ..words import read

SWITCH_ARG = "lang"      # ?lang=de on any page: this browser reads German from now on
SESSION_KEY = "language"


# A game's status as the pages word it (the stored status is a code)
STATUS_WORDS = {"active": N_("under way"), "waiting": N_("waiting for players"), "finished": N_("finished")}


def install(app) -> None:
    app.jinja_env.add_extension("jinja2.ext.i18n")
    # a message spread over several template lines is one id with single spaces, as a translator sees it
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    app.jinja_env.install_gettext_callables(gettext, ngettext, newstyle=True)
    app.jinja_env.globals["page_language"] = current
    app.jinja_env.globals["language_switch"] = switch
    app.jinja_env.globals["page_message"] = page_message
    app.jinja_env.globals["languages"] = i18n.LANGUAGES
    app.jinja_env.globals["status_word"] = status_word
    # a game's words beside its board (its panel's Phrases), in the page's language: {{ p.status|said }}
    app.jinja_env.filters["said"] = lambda line: read(line, current()) if line is not None else ""
    app.before_request(remember_switch)
    app.after_request(vary_on_language)


def remember_switch() -> None:
    chosen = i18n.known(request.args.get(SWITCH_ARG))
    if chosen:
        session[SESSION_KEY] = chosen


def vary_on_language(response):
    if response.mimetype == "text/html":
        response.vary.add("Accept-Language")
        response.headers.setdefault("Content-Language", current())
    return response


def current() -> str:
    """The language of the page being made (English outside a request: the CLI, the worker)."""
    if not has_request_context():
        return i18n.DEFAULT
    if "language" not in g:
        g.language = browser_language()
    return g.language


def browser_language() -> str:
    chosen = address_language()
    if chosen:
        g.language_chosen = True  # by the signed-in address: /me changes it, not the switch
        return chosen
    return i18n.known(session.get(SESSION_KEY)) or asked_language() or i18n.DEFAULT


def address_language() -> str | None:
    """The language the signed-in address chose on /me (its session only: a page read with a seat link
    and no session has no address)."""
    if not session.get("home"):
        return None
    from ..people import accounts
    from .db import get_db
    from .home import signed_in  # late: the home pages speak through this module

    address = signed_in()
    return i18n.known(accounts.language_of(get_db(), address)) if address else None


def asked_language() -> str | None:
    """The first language of Accept-Language, by quality, that pbem speaks, a regional one counting as its
    language (fr-CA asks for French, before an English it wants less)."""
    for value, quality in request.accept_languages:  # highest quality first
        chosen = i18n.known(value.split("-")[0].split("_")[0].lower())
        if chosen and quality > 0:
            return chosen
    return None


def use_seat(settings) -> None:
    """A seat's page reads the seat's language when the seat has chosen one."""
    if not has_request_context():
        return
    chosen = i18n.known((settings or {}).get("language"))
    g.language = chosen or browser_language()
    g.language_chosen = bool(chosen) or g.get("language_chosen", False)


def switch() -> list[dict] | None:
    """The links of the switch at the foot of a page: None where a seat's or the signed-in address's own
    setting decides (its settings page, or /me, changes it)."""
    here = current()
    if g.get("language_chosen"):
        return None
    return [{"code": code, "name": name, "current": code == here,
             "url": request.base_url + "?" + _args_with(code)} for code, name in i18n.LANGUAGES.items()]


def _args_with(code: str) -> str:
    args = [(k, v) for k, v in request.args.items(multi=True) if k != SWITCH_ARG]
    return urlencode(args + [(SWITCH_ARG, code)])


def gettext(message: str, **values) -> str:
    text = i18n.translations(current()).gettext(message)
    return text % values if values else text


def ngettext(singular: str, plural: str, n: int, **values) -> str:
    text = i18n.translations(current()).ngettext(singular, plural, n)
    return text % values if values else text


def status_word(status: str) -> str:
    return gettext(STATUS_WORDS[status]) if status in STATUS_WORDS else status


FIELD_NAMED = re.compile(r"^[a-z]+(?:_[a-z]+)+: ")  # an API field's name before a reason


def page_message(message):
    """A reason a page shows (a refusal, an error) in the reader's language when the catalog holds it;
    a reason that names a value of its own stays as it was written. A Phrase (a game's refusal naming its
    rule, an option's words, a refusal raised with its values) is read in the reader's language; so is
    the reason an error was raised with."""
    if isinstance(message, BaseException):
        message = reason_of(message)
    if isinstance(message, Phrase):
        return read(message, current())
    if not isinstance(message, str) or not message:
        return message
    # the API names the field a reason is about ("public_name: ..."); a page's form already shows it
    return FIELD_NAMED.sub("", reason_in_language(message))


def unquoted(message: str) -> str:
    """A KeyError's reason comes quoted; "'x' is not a time zone" keeps its quote."""
    if len(message) > 1 and message[0] == message[-1] and message[0] in "'\"":
        return message[1:-1]
    return message


def reason_in_language(message: "str | Phrase") -> str:
    """A reason (the API's "error") in the reader's language when the catalog holds it; a Phrase (a
    refusal with values of its own: a move, a number) read in it."""
    if isinstance(message, Phrase):
        return read(message, current())
    return i18n.translations(current()).gettext(unquoted(message))
