"""The languages pbem's pages speak (architecture section 24, issue 26): which there are, and each one's
catalog of translations, read from its `.po` file (pbem/translations/, shipped in the
package as its data) and compiled in memory once per process (the compiled `.mo` form is build
output and is never committed).

Message ids are the English text itself (gettext style): a template reads as the English page, and
English needs no catalog. Nothing here knows of Flask or a request; pbem/web/languages.py picks the
reader's language and hands these catalogs to the templates."""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

from babel.messages import mofile, pofile

from . import config

# The languages a reader may choose, each named in itself (as a switch between them shows them).
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français"}
DEFAULT = "en"
CATALOGS = config.TRANSLATIONS_DIR
DOMAIN = "messages"


def N_(message: str) -> str:
    """Marks words for the extractor (babel.cfg) where they are kept in English and translated when read,
    as the clock's options on the options page are."""
    return message


def catalog_path(language: str) -> Path:
    return CATALOGS / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def known(language: str | None) -> str | None:
    """The language if pbem speaks it, else None (a stored or asked-for code is never trusted blindly)."""
    return language if isinstance(language, str) and language in LANGUAGES else None


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalog of a language, compiled from its .po the first time it is asked for. English, and a
    language without a catalog, read the message ids as they are."""
    path = catalog_path(language)
    if language == DEFAULT or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as source:
        catalog = pofile.read_po(source, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    mofile.write_mo(compiled, catalog)  # fuzzy entries are left out: a guess is never shown as a translation
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def translate(language: str, message: str, **values) -> str:
    """One message in a language, with its %(name)s values filled in (for words built outside templates)."""
    text = translations(language).gettext(message)
    return text % values if values else text
