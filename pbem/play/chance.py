"""Committed randomness: a secret seed, outcomes derived from it, verifiable once it is revealed.

Follows `shared/specs/architecture.md` section 3. At creation the shell draws a 256-bit seed and
publishes only `sha256(seed)` (the commitment) in the game's first event. Every draw is
HMAC-SHA256(seed, "<batch seq>:<index>"), where the batch seq is the seq of the first event of the
append that draws and the index counts draws within it; a draw of `below(n)` rejects values that would
bias the result (no modulo bias). The outcome is recorded in the event that uses it; replay reads it
there and never draws again. When the game ends the seed is revealed, and anyone holding the log can
re-derive every outcome.

Nothing here reads a clock or an unseeded source except `new_seed`, which the shell calls once per game.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Sequence, TypeVar

T = TypeVar("T")

SEED_BYTES = 32
_SPACE = 1 << 256


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's random source (the shell's only call of it)."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """What the first event publishes: the hex SHA-256 of the seed."""
    return hashlib.sha256(seed).hexdigest()


def event_salt(seed: bytes, seq: int) -> str:
    """A per-event secret mixed into the hash chain, so that a published hash cannot be used to guess
    a hidden fact (a planned card, a hand) by trying the few possible values. Revealed with the seed."""
    return hmac.new(seed, f"salt:{seq}".encode(), hashlib.sha256).hexdigest()


class SeededChance:
    """The chance source for one append: draws are derived from the seed, the batch seq and a counter.

    `draws` keeps (index, n, value) of each `below` call, for tests and diagnostics."""

    def __init__(self, seed: bytes, batch: int):
        self._seed = seed
        self._batch = batch
        self._counter = 0
        self.draws: list[tuple[int, int, int]] = []

    def _block(self) -> int:
        message = f"{self._batch}:{self._counter}".encode()
        self._counter += 1
        return int.from_bytes(hmac.new(self._seed, message, hashlib.sha256).digest(), "big")

    def below(self, n: int) -> int:
        if n < 1:
            raise ValueError(f"below() needs n >= 1, not {n}")
        limit = _SPACE - (_SPACE % n)  # largest multiple of n: values at or above it would bias the result
        while True:
            index = self._counter
            value = self._block()
            if value < limit:
                self.draws.append((index, n, value % n))
                return value % n

    def roll(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        # Fisher-Yates from the top, one draw per position.
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out)

    def sample(self, items: Sequence[T], k: int) -> tuple[T, ...]:
        if not 0 <= k <= len(items):
            raise ValueError(f"cannot sample {k} of {len(items)} items")
        pool = list(items)
        picked = []
        for _ in range(k):
            picked.append(pool.pop(self.below(len(pool))))
        return tuple(picked)


class ScriptedChance:
    """A chance source that returns outcomes a test wrote down, in order, and checks each is possible.

    Each scripted value answers one call: `below(n)` takes an int in 0..n-1, `roll(s)` an int in 1..s,
    `shuffle(items)` a full ordering of items, `sample(items, k)` k distinct items. Running out, or a
    value the call could not have produced, raises AssertionError: a test that scripts wrongly fails."""

    def __init__(self, outcomes: Sequence = ()):
        self._outcomes = list(outcomes)
        self.used = 0

    def _next(self, what: str):
        if not self._outcomes:
            raise AssertionError(f"ScriptedChance: no outcome left for {what}")
        self.used += 1
        return self._outcomes.pop(0)

    @property
    def remaining(self) -> int:
        return len(self._outcomes)

    def below(self, n: int) -> int:
        value = self._next(f"below({n})")
        if not (isinstance(value, int) and 0 <= value < n):
            raise AssertionError(f"ScriptedChance: {value!r} is not a possible below({n})")
        return value

    def roll(self, sides: int = 6) -> int:
        value = self._next(f"roll({sides})")
        if not (isinstance(value, int) and 1 <= value <= sides):
            raise AssertionError(f"ScriptedChance: {value!r} is not a possible roll({sides})")
        return value

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        value = tuple(self._next(f"shuffle of {len(items)}"))
        if sorted(map(repr, value)) != sorted(map(repr, items)):
            raise AssertionError(f"ScriptedChance: {value!r} is not an ordering of {tuple(items)!r}")
        return value

    def sample(self, items: Sequence[T], k: int) -> tuple[T, ...]:
        value = tuple(self._next(f"sample {k} of {len(items)}"))
        pool = list(items)
        for item in value:
            if item not in pool:
                raise AssertionError(f"ScriptedChance: {value!r} is not a sample of {tuple(items)!r}")
            pool.remove(item)
        if len(value) != k:
            raise AssertionError(f"ScriptedChance: {value!r} does not have {k} items")
        return value
