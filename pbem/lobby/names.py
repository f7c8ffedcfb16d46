"""Public names: what other players read instead of an address (issue 31, item 1).

A name is 3 to 24 letters, digits, "_" or "-". It is unique by its folded key, so that nobody can pass
for another by case or by letters that look alike: the key is the name in NFKC, case-folded, with each
look-alike mapped to one Latin letter (LOOK_ALIKES). "Anna", "ANNA", "Аnna" (a Cyrillic А) and "4nna"
are one name; the first to choose it keeps it, even after choosing another (store/lobby.py's names_held:
the ratings and the record kept under a name are never another address's)."""

from __future__ import annotations

import re
import unicodedata

from .. import store
from ..play.errors import Conflicting, Unprocessable

NAME_RULE = "a public name is 3 to 24 letters, digits, _ or -"
SHAPE = re.compile(r"[\w-]{3,24}")

# Look-alikes, each mapped to the Latin letter it passes for (after case-folding). Kept small on purpose:
# digits that read as letters, and the Cyrillic and Greek lower-case letters drawn like Latin ones.
LOOK_ALIKES = str.maketrans({
    "0": "o", "1": "l", "i": "l", "|": "l", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "_": "-",
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "l", "ї": "l", "ј": "j", "ԁ": "d", "ɡ": "g", "һ": "h",
    "ӏ": "l", "ԛ": "q", "ԝ": "w",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "l", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "γ": "y", "ω": "w", "μ": "u",
})


def folded(name: str) -> str:
    """The key a name is unique by: NFKC, case-folded, look-alikes mapped, marks on letters dropped."""
    text = unicodedata.normalize("NFKC", name).casefold().translate(LOOK_ALIKES)
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return unicodedata.normalize("NFKC", bare).translate(LOOK_ALIKES)


def checked(name) -> str:
    """The name as it will be kept (NFKC, trimmed); 422 naming the rule when it breaks it."""
    if not isinstance(name, str):
        raise Unprocessable(f"public_name: {NAME_RULE}")
    name = unicodedata.normalize("NFKC", name.strip())
    if not SHAPE.fullmatch(name):
        raise Unprocessable(f"public_name: {NAME_RULE}")
    return name


def choose(db, address: str, name, now: str) -> str:
    """Give the address this public name: 422 for a malformed one, 409 when another address has it or a
    name that looks the same."""
    name = checked(name)
    if not store.lobby.set_public_name(db, address, name, folded(name), now):
        raise Conflicting("public_name: that name, or one that looks the same, is taken")
    return name


def name_of(db, address: str) -> str | None:
    return store.lobby.public_name_of(db, address)


def holder(db, name: str) -> str | None:
    """The SHA-256 of the address that holds this name (as written, or any variant of it), or None."""
    if not isinstance(name, str) or len(name) > 100:
        return None
    found = store.lobby.name_holder(db, folded(name))
    return found[0] if found else None
