"""What a kind of platform event is: its fold, its public part and its words (see pbem/events/__init__)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable, Mapping, Sequence


@dataclass
class Working:
    """The folded game while platform events are folded into it: mutable copies, made for one `advance`
    and turned back into an immutable `Folded` at its end."""

    module: Any
    state: Any
    seats: list[dict]                  # each seat's record: name, address, webhook, settings, key hash...
    vacations: list
    timed_out: set[int]
    facts: dict[str, Any]              # each feature's own facts, by the feature's name (copy before changing)
    moment: datetime                   # the time of the event being folded
    look_back: Callable[[int], Any] | None = None   # the game's state after an earlier seq (rewinds)
    rewound: bool = False              # a rewind happened: who owes a decision starts afresh


def whole_data(data: Mapping[str, Any], finished: bool) -> dict:
    return dict(data)


def hidden_data(data: Mapping[str, Any], finished: bool) -> dict:
    """Only which seat it was about: the rest is nobody else's business (addresses, settings)."""
    return {"seat": data["seat"]} if "seat" in data else {}


def silent(names: Sequence[str], event) -> str | None:
    return None


@dataclass(frozen=True)
class Kind:
    fold: Callable[[Working, Any], None]
    public: Callable[[Mapping[str, Any], bool], dict] = whole_data   # (data, game finished) -> what others see
    words: Callable[[Sequence[str], Any], Any] = silent  # (names, event) -> a line (a Phrase), or None
    own: Callable[[Mapping[str, Any], int | None], bool] = field(default=lambda data, seat: False)
    # `own(data, seat)`: the seat may see the whole event (its own note, say) though others see `public`
